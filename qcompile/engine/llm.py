"""`LLM`: the offline entry point, shaped like vLLM's (`LLM(path).generate(prompts, params)`, `LLM().chat(...)`)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence as Seq
from pathlib import Path
from typing import TYPE_CHECKING, Any

import torch

from model.paging import DEFAULT_PAGE_SIZE
from qcompile.config import CompileConfig
from qcompile.engine.core import EngineCore
from qcompile.engine.inputs import Message, Prompt
from qcompile.engine.outputs import RequestOutput
from qcompile.engine.sampling_params import SamplingParams

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase


class LLM:
    """Loads a checkpoint once, makes it ready, and runs batches of requests to completion.

    `model=None` is the embedded trained default (the model `qcompile serve` uses); a preset name of
    `model.presets` (e.g. "tiny") is that preset's random checkpoint; anything else is a checkpoint
    folder. With `compile=CompileConfig(...)` every compile range is compiled and every CUDA graph
    captured here, so no request traces or captures; on CUDA the skinny decode GEMMs are timed here
    first (`skinny_gemm=False`: not). The other arguments are `EngineCore`'s.
    """

    def __init__(
        self,
        model: str | Path | None = None,
        device: str = "cpu",
        dtype: str | torch.dtype = "float32",
        compile: CompileConfig | None = None,
        max_num_seqs: int = 16,
        max_model_len: int | None = None,
        max_num_batched_tokens: int = 2048,
        async_scheduling: bool = True,
        ple_backend: str = "device",
        weight_only: bool = False,
        tensor_parallel_size: int = 1,
        skinny_gemm: bool | None = None,
        skinny_plans: str | Path | None = None,
        kv_cache_memory: int | str | None = None,
        gpu_memory_utilization: float = 0.9,
        page_size: int = DEFAULT_PAGE_SIZE,
    ) -> None:
        self.core = EngineCore(
            model,
            device,
            dtype,
            compile,
            max_num_seqs,
            max_model_len,
            max_num_batched_tokens,
            async_scheduling,
            ple_backend,
            weight_only,
            tensor_parallel_size,
            skinny_gemm,
            skinny_plans,
            kv_cache_memory,
            gpu_memory_utilization,
            page_size,
        )
        self._attach()

    @classmethod
    def from_core(cls, core: EngineCore) -> LLM:
        """An `LLM` over a loaded core (its remaining start-up stages run here, if any are left)."""
        llm = cls.__new__(cls)
        llm.core = core
        llm._attach()
        return llm

    def _attach(self) -> None:
        self.core.prepare()
        self.path = self.core.path
        self.tokenizer = self.core.tokenizer
        self._ids = itertools.count()

    def close(self) -> None:
        """Stop the tensor-parallel workers now rather than at the interpreter's exit."""
        self.core.close()

    def get_tokenizer(self) -> PreTrainedTokenizerBase | None:
        return self.tokenizer

    def generate(
        self, prompts: Prompt | Seq[Prompt], sampling_params: SamplingParams | Seq[SamplingParams] | None = None
    ) -> list[RequestOutput]:
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
                seqs.append(self.core.processor.make_sequence(f"llm-{next(self._ids)}", prompt, params))
            except (ValueError, TypeError) as e:
                raise type(e)(f"request {i}: {e}") from None
        return self.core.engine.generate(seqs)

    def chat(
        self,
        messages: list[Message] | list[list[Message]],
        sampling_params: SamplingParams | Seq[SamplingParams] | None = None,
        chat_template_kwargs: dict[str, Any] | None = None,
        tools: list[dict[str, Any]] | None = None,
    ) -> list[RequestOutput]:
        """Render each conversation with the checkpoint's chat template and generate its reply.

        `messages` is one conversation (a list of {"role", "content"} dicts) or a list of them;
        `tools` and `chat_template_kwargs` go to the template, as in vLLM.
        """
        conversations = messages if messages and isinstance(messages[0], list) else [messages]
        prompts = []
        for i, conversation in enumerate(conversations):
            try:
                prompts.append(self.core.processor.chat_prompt(conversation, tools, chat_template_kwargs))
            except ValueError as e:
                raise ValueError(f"conversation {i}: {e}") from None
        return self.generate(prompts, sampling_params)
