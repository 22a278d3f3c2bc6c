"""One request's state while it is in the engine: its tokens, slot, progress and results so far."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import torch

from qcompile.engine.outputs import Logprob, PromptLogprobs, SampleLogprobs
from qcompile.engine.sampling_params import SamplingParams


class SequenceStatus(enum.Enum):
    WAITING = "waiting"  # no state slot yet
    RUNNING = "running"  # owns a slot; prompt being prefilled or tokens being decoded
    FINISHED = "finished"  # slot released


@dataclass(eq=False)
class Sequence:
    """A request. `num_computed_tokens` counts tokens whose effect is already in the slot state,
    so the next chunk to feed is `token_ids[num_computed_tokens:]` whatever the scheduler does."""

    request_id: str
    prompt: str | None
    prompt_token_ids: list[int]
    params: SamplingParams
    generator: torch.Generator | None = None  # own random stream when params.seed is set
    output_token_ids: list[int] = field(default_factory=list)
    status: SequenceStatus = SequenceStatus.WAITING
    slot: int = -1
    num_computed_tokens: int = 0
    finish_reason: str | None = None
    logprobs: SampleLogprobs | None = None
    prompt_logprobs: PromptLogprobs | None = None

    def __post_init__(self) -> None:
        if self.params.logprobs is not None:
            self.logprobs = []
        if self.params.prompt_logprobs is not None:
            self.prompt_logprobs = [None]

    @property
    def token_ids(self) -> list[int]:
        return self.prompt_token_ids + self.output_token_ids

    @property
    def num_prompt_tokens(self) -> int:
        return len(self.prompt_token_ids)

    @property
    def num_tokens(self) -> int:
        return len(self.prompt_token_ids) + len(self.output_token_ids)

    @property
    def num_uncomputed_tokens(self) -> int:
        return self.num_tokens - self.num_computed_tokens

    @property
    def is_finished(self) -> bool:
        return self.status is SequenceStatus.FINISHED

    def append_token(self, token_id: int, logprobs: dict[int, Logprob] | None, eos_token_id: int) -> None:
        """Record a sampled token and finish the request if it stops here."""
        self.output_token_ids.append(token_id)
        if self.logprobs is not None and logprobs is not None:
            self.logprobs.append(logprobs)
        p = self.params
        if (not p.ignore_eos and token_id == eos_token_id) or token_id in (p.stop_token_ids or ()):
            self.finish_reason = "stop"
        elif len(self.output_token_ids) >= p.max_tokens:
            self.finish_reason = "length"
        if self.finish_reason is not None:
            self.status = SequenceStatus.FINISHED
