"""`LLM`: the offline entry point, shaped like vLLM's (`LLM(path).generate(prompts, params)`)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence as Seq
from pathlib import Path
from typing import TYPE_CHECKING, Any

import torch

from model.checkpoint.loader import load_model
from qcompile.config import CompileConfig
from qcompile.engine.engine import Engine
from qcompile.engine.outputs import RequestOutput
from qcompile.engine.runner import ModelRunner
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.sequence import Sequence

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

Prompt = str | dict[str, Any]

TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "tokenizer.model")


def load_tokenizer(path: Path) -> PreTrainedTokenizerBase | None:
    """The checkpoint's tokenizer, or None when it ships without one (then prompts must be ids)."""
    if not any((path / name).exists() for name in TOKENIZER_FILES):
        return None
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(path))


class LLM:
    """Loads a checkpoint once and runs batches of requests to completion.

    `model=None` uses the tiny preset, built on first use into a cache folder. `compile=None` runs
    eagerly; a `CompileConfig` runs the model through `qcompile.compile`.
    """

    def __init__(self, model: str | Path | None = None, device: str = "cpu",
                 dtype: str | torch.dtype = "float32", compile: CompileConfig | None = None,
                 max_num_seqs: int = 16, max_model_len: int = 2048) -> None:
        if max_num_seqs < 1:
            raise ValueError(f"max_num_seqs must be >= 1, got {max_num_seqs}")
        if max_model_len < 1:
            raise ValueError(f"max_model_len must be >= 1, got {max_model_len}")
        if model is None:
            from model.checkpoint.make import default_checkpoint

            model = default_checkpoint("tiny")
        self.path = Path(model)
        self.model = load_model(self.path, device=device, dtype=dtype)
        self.config = self.model.config
        if max_model_len > self.config.max_position_embeddings:
            raise ValueError(f"max_model_len {max_model_len} exceeds the checkpoint's "
                             f"max_position_embeddings {self.config.max_position_embeddings}")
        self.tokenizer = load_tokenizer(self.path)
        self.max_model_len = max_model_len
        runner = ModelRunner(self.model, max_num_seqs, max_model_len, device, compile)
        self.engine = Engine(runner, self.config.eos_token_id, self.tokenizer)
        self._ids = itertools.count()

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
        pairs = zip(prompts, sampling_params, strict=True)
        seqs = [self._make_sequence(i, p, sp) for i, (p, sp) in enumerate(pairs)]
        return self.engine.generate(seqs)

    def _make_sequence(self, i: int, prompt: Prompt, params: SamplingParams) -> Sequence:
        """Tokenize and validate request `i`, with errors that name it and the offending field."""
        if not isinstance(params, SamplingParams):
            raise TypeError(f"request {i}: sampling_params must be a SamplingParams, "
                            f"got {type(params).__name__}")
        text: str | None = None
        if isinstance(prompt, dict) and "prompt_token_ids" in prompt:
            ids = prompt["prompt_token_ids"]
            if not isinstance(ids, list) or not all(type(t) is int for t in ids):
                raise ValueError(f"request {i}: prompt_token_ids must be a list of ints")
        else:
            text = prompt.get("prompt") if isinstance(prompt, dict) else prompt
            if not isinstance(text, str):
                raise ValueError(f"request {i}: a prompt is a string, {{'prompt': str}} or "
                                 f"{{'prompt_token_ids': [...]}}, got {prompt!r:.80}")
            if self.tokenizer is None:
                raise ValueError(f"request {i}: text prompt given but {self.path} has no tokenizer")
            ids = self.tokenizer.encode(text)
        vocab = self.config.vocab_size
        if not ids:
            raise ValueError(f"request {i}: prompt is empty")
        for t in ids:
            if t >= vocab:
                raise ValueError(f"request {i}: prompt_token_ids contains id {t} >= vocab_size {vocab}")
            if t < 0:
                raise ValueError(f"request {i}: prompt_token_ids contains negative id {t}")
        bad = [t for t in params.stop_token_ids or () if t >= vocab]
        if bad:
            raise ValueError(f"request {i}: stop_token_ids contains id {bad[0]} >= vocab_size {vocab}")
        for name in ("logprobs", "prompt_logprobs"):
            k = getattr(params, name)
            if k is not None and k > vocab:
                raise ValueError(f"request {i}: {name}={k} exceeds vocab_size {vocab}")
        if len(ids) + params.max_tokens > self.max_model_len:
            raise ValueError(f"request {i}: prompt length {len(ids)} + max_tokens {params.max_tokens} "
                             f"exceeds max_model_len {self.max_model_len}")
        return Sequence(str(next(self._ids)), text, list(ids), params)
