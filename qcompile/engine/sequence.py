"""One request's state while it is in the engine: its tokens, slot, progress and results so far."""

from __future__ import annotations

import enum
import time
from collections.abc import Collection
from dataclasses import dataclass, field

import torch

from qcompile.engine.detokenizer import Detokenizer
from qcompile.engine.outputs import CompletionOutput, Logprob, PromptLogprobs, RequestOutput, SampleLogprobs
from qcompile.engine.sampling_params import SamplingParams


class SequenceStatus(enum.Enum):
    WAITING = "waiting"  # no state slot yet
    RUNNING = "running"  # owns a slot; prompt being prefilled or tokens being decoded
    FINISHED = "finished"  # done; its slot is released once no launched step still uses it


@dataclass(eq=False)
class Sequence:
    """A request.

    `num_computed_tokens` counts tokens already handed to a launched step (their effect is in the
    slot state by the time any later step runs), so the next chunk starts there whatever the
    scheduler does. `num_pending` counts tokens sampled by launched steps that the host has not read
    back yet: they exist only on the device, and the next decode row takes its input from there.
    """

    request_id: str
    prompt: str | None
    prompt_token_ids: list[int]
    params: SamplingParams
    generator: torch.Generator | None = None  # own random stream when params.seed is set
    detokenizer: Detokenizer | None = None
    output_token_ids: list[int] = field(default_factory=list)
    status: SequenceStatus = SequenceStatus.WAITING
    slot: int = -1
    num_computed_tokens: int = 0
    num_pending: int = 0
    num_in_flight: int = 0  # launched steps not yet collected that hold a row of this request
    finish_reason: str | None = None
    stop_reason: int | str | None = None
    logprobs: SampleLogprobs | None = None
    prompt_logprobs: PromptLogprobs | None = None
    arrival_time: float = field(default_factory=time.monotonic)
    last_token_time: float | None = None

    def __post_init__(self) -> None:
        if self.params.logprobs is not None:
            self.logprobs = []
        if self.params.prompt_logprobs is not None:
            self.prompt_logprobs = [None]

    @property
    def num_prompt_tokens(self) -> int:
        return len(self.prompt_token_ids)

    @property
    def num_tokens(self) -> int:
        """Tokens the host knows: the prompt and the outputs read back so far."""
        return len(self.prompt_token_ids) + len(self.output_token_ids)

    @property
    def num_uncomputed_tokens(self) -> int:
        return self.num_tokens + self.num_pending - self.num_computed_tokens

    @property
    def num_outputs_promised(self) -> int:
        """Outputs read back plus those already being sampled on the device."""
        return len(self.output_token_ids) + self.num_pending

    @property
    def is_finished(self) -> bool:
        return self.status is SequenceStatus.FINISHED

    def append_token(self, token_id: int, logprobs: dict[int, Logprob] | None, eos_token_ids: Collection[int]) -> None:
        """Record a sampled token (text included) and finish the request if it stops here."""
        self.output_token_ids.append(token_id)
        if self.logprobs is not None and logprobs is not None:
            self.logprobs.append(logprobs)
        stop_string = self.detokenizer.add(token_id) if self.detokenizer is not None else None
        p = self.params
        if not p.ignore_eos and token_id in eos_token_ids:
            self.finish("stop")
        elif token_id in (p.stop_token_ids or ()):
            self.finish("stop", token_id)
        elif stop_string is not None:
            self.finish("stop", stop_string)
        elif len(self.output_token_ids) >= p.max_tokens:
            self.finish("length")

    def finish(self, reason: str, stop_reason: int | str | None = None) -> None:
        self.status, self.finish_reason, self.stop_reason = SequenceStatus.FINISHED, reason, stop_reason
        if self.detokenizer is not None and not isinstance(stop_reason, str):
            self.detokenizer.flush()

    def output(self) -> RequestOutput:
        """The cumulative result so far (lists copied, so later steps do not change it)."""
        text = "" if self.detokenizer is None else self.detokenizer.visible_text(self.is_finished)
        completion = CompletionOutput(0, text, list(self.output_token_ids),
                                      None if self.logprobs is None else list(self.logprobs),
                                      self.finish_reason, self.stop_reason)
        return RequestOutput(self.request_id, self.prompt, list(self.prompt_token_ids),
                             None if self.prompt_logprobs is None else list(self.prompt_logprobs),
                             [completion], finished=self.is_finished)
