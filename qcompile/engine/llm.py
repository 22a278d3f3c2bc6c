"""`LLM`: the offline entry point, shaped like vLLM's (`LLM(path).generate(prompts, params)`, `LLM().chat(...)`)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence as Seq
from pathlib import Path
from typing import TYPE_CHECKING, Any

from qcompile.engine.engine_config import EngineConfig
from qcompile.engine.inputs import Message, Prompt
from qcompile.engine.outputs import RequestOutput
from qcompile.engine.progress import prepare_core, start_core
from qcompile.engine.sampling_params import SamplingParams

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

    from qcompile.engine.core import EngineCore
    from qcompile.engine.model_source import ResolvedModel


class LLM:
    """Loads a checkpoint once, makes it ready, and runs batches of requests to completion.

    `model` is None (the embedded trained default, the model `qcompile serve` uses), a preset name of
    `model.presets` (e.g. "tiny": its random checkpoint) or a checkpoint folder; `options` are
    `EngineConfig`'s fields (an unknown one raises TypeError naming it). With
    `compile=CompileConfig(...)` every compile range is compiled and every CUDA graph captured here,
    so no request traces or captures; the compiled forward is saved and loaded where `qcompile serve`
    keeps it (`aot=False`: not). Each start-up stage is shown on stderr with its time.
    """

    def __init__(self, model: str | Path | None = None, **options: Any) -> None:
        self._attach(start_core(EngineConfig.from_options(model=model, **options)))

    @classmethod
    def from_config(cls, config: EngineConfig, resolved: ResolvedModel | None = None) -> LLM:
        """An `LLM` of a whole `EngineConfig` (what `qcompile generate` builds from its flags), its model
        already resolved where the caller checked it first."""
        return cls.from_core(start_core(config, resolved))

    @classmethod
    def from_core(cls, core: EngineCore) -> LLM:
        """An `LLM` over a loaded core (its remaining start-up stages run here, if any are left)."""
        llm = cls.__new__(cls)
        llm._attach(core)
        return llm

    def _attach(self, core: EngineCore) -> None:
        prepare_core(core)
        self.core = core
        self.path = core.path
        self.tokenizer = core.tokenizer
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
        `tools` and `chat_template_kwargs` go to the template, as in vLLM. Each prompt carries where its
        messages begin (`Sequence.message_starts`), so a resent conversation hits the prefix cache.
        """
        conversations = messages if messages and isinstance(messages[0], list) else [messages]
        prompts = []
        for i, conversation in enumerate(conversations):
            try:
                prompts.append(self.core.processor.chat_prompt(conversation, tools, chat_template_kwargs))
            except ValueError as e:
                raise ValueError(f"conversation {i}: {e}") from None
        return self.generate(prompts, sampling_params)
