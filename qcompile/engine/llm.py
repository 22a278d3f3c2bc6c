"""`LLM`: the offline entry point, shaped like vLLM's (`LLM(path).generate(prompts, params)`)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence as Seq
from pathlib import Path
from typing import TYPE_CHECKING

import torch

from model.checkpoint.loader import load_model
from qcompile.config import CompileConfig
from qcompile.engine.engine import Engine
from qcompile.engine.inputs import InputProcessor, Prompt
from qcompile.engine.outputs import RequestOutput
from qcompile.engine.runner import ModelRunner
from qcompile.engine.sampling_params import SamplingParams

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "tokenizer.model")


def load_tokenizer(path: Path) -> PreTrainedTokenizerBase | None:
    """The checkpoint's tokenizer, or None when it ships without one (then prompts must be ids)."""
    if not any((path / name).exists() for name in TOKENIZER_FILES):
        return None
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(path))


def eos_token_ids(path: Path, config_eos: int) -> list[int]:
    """Every id that ends generation: `generation_config.json` may list several (chat end, text end)."""
    ids = [config_eos]
    gen = path / "generation_config.json"
    if gen.exists():
        value = json.loads(gen.read_text()).get("eos_token_id")
        ids += value if isinstance(value, list) else [] if value is None else [value]
    return sorted(set(ids))


class LLM:
    """Loads a checkpoint once and runs batches of requests to completion.

    `model=None` uses the tiny preset, built on first use into a cache folder. `compile=None` runs
    eagerly; a `CompileConfig` runs the model through `qcompile.compile`. A step feeds at most
    `max_num_batched_tokens` tokens (longer prompts are prefilled in chunks); `async_scheduling`
    overlaps scheduling of the next step with the current one. `ple_backend` says where PLE
    tables live ("device", "pinned", "mmap" or "preload"; see `model/checkpoint/ple_tables.py`). `weight_only`
    keeps a quantised checkpoint's FP8 (per-tensor, per-channel, block), MXFP8 and NVFP4 linears packed,
    run by the weight-only Triton GEMM with 16-bit activations (see `load_model`); needs Triton.
    """

    def __init__(self, model: str | Path | None = None, device: str = "cpu",
                 dtype: str | torch.dtype = "float32", compile: CompileConfig | None = None,
                 max_num_seqs: int = 16, max_model_len: int = 2048, max_num_batched_tokens: int = 2048,
                 async_scheduling: bool = True, ple_backend: str = "device", weight_only: bool = False) -> None:
        if max_num_seqs < 1:
            raise ValueError(f"max_num_seqs must be >= 1, got {max_num_seqs}")
        if max_model_len < 1:
            raise ValueError(f"max_model_len must be >= 1, got {max_model_len}")
        if model is None:
            from qcompile.synthetic import default_checkpoint

            model = default_checkpoint("tiny")
        self.path = Path(model)
        self.model = load_model(self.path, device=device, dtype=dtype, ple_backend=ple_backend,
                                weight_only=weight_only)
        self.config = self.model.config
        if max_model_len > self.config.max_position_embeddings:
            raise ValueError(f"max_model_len {max_model_len} exceeds the checkpoint's "
                             f"max_position_embeddings {self.config.max_position_embeddings}")
        self.tokenizer = load_tokenizer(self.path)
        self.max_model_len = max_model_len
        self.processor = InputProcessor(self.tokenizer, self.config.vocab_size, max_model_len)
        runner = ModelRunner(self.model, max_num_seqs, max_model_len, device, compile)
        self.engine = Engine(runner, eos_token_ids(self.path, self.config.eos_token_id), self.tokenizer,
                             max_num_batched_tokens, async_scheduling)
        self._ids = itertools.count()

    def warmup(self) -> list[int]:
        """Compile every compile range now rather than on first use; returns the token counts run."""
        return self.engine.runner.warmup()

    def generate(self, prompts: Prompt | Seq[Prompt],
                 sampling_params: SamplingParams | Seq[SamplingParams] | None = None) -> list[RequestOutput]:
        """Run every prompt to completion, batched together; outputs come back in input order."""
        if isinstance(prompts, (str, dict)):
            prompts = [prompts]
        if sampling_params is None:
            sampling_params = SamplingParams()
        if isinstance(sampling_params, SamplingParams):
            sampling_params = [sampling_params] * len(prompts)
        if len(sampling_params) != len(prompts):
            raise ValueError(f"got {len(sampling_params)} sampling_params for {len(prompts)} prompts")
        seqs = []
        for i, (prompt, params) in enumerate(zip(prompts, sampling_params, strict=True)):
            try:
                seqs.append(self.processor.make_sequence(f"llm-{next(self._ids)}", prompt, params))
            except (ValueError, TypeError) as e:
                raise type(e)(f"request {i}: {e}") from None
        return self.engine.generate(seqs)
