"""Offline inference engine: requests, sampling, the model runner and the step loop."""
