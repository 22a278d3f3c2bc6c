"""Loading a Hugging Face checkpoint folder into the model: safetensors reading, PLE host tables, the loader."""
