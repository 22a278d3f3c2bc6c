"""One request's state while it is in the engine: its prompt, slot, progress and stop checks.

Text and logprobs leave in each step's `RequestDelta` (the detokenizer keeps only a short window), so
a step costs the same at token 2,000 as at token 2. The output's token ids stay (one int each): a
preempted request is recomputed from its prompt and them.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Collection
from dataclasses import dataclass, field

import torch

from qcompile.engine.detokenizer import Detokenizer
from qcompile.engine.outputs import Logprob, PromptLogprobs, RequestDelta
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.structured import Grammar


class SequenceStatus(enum.Enum):
    WAITING = "waiting"  # queued (new, or preempted: then it may hold its slot until its steps are read back)
    RUNNING = "running"  # owns a slot and pages; prompt being prefilled or tokens being decoded
    FINISHED = "finished"  # done; its slot is released once no launched step still uses it


@dataclass(eq=False)
class Sequence:
    """A request.

    `num_computed_tokens` counts tokens already handed to a launched step (their effect is in the
    slot state by the time any later step runs), so the next chunk starts there whatever the
    scheduler does. `num_pending` counts tokens sampled by launched steps that the host has not read
    back yet: they exist only on the device, and the next decode row takes its input from there.
    Prompt logprobs gather over the prompt's chunks and leave with the first delta. `pages` are the
    K/V pages of its positions, in order (`qcompile.engine.block_manager`). A preempted request gives
    its slot and pages back and starts over at position 0, fed its prompt and `output_token_ids`.
    """

    request_id: str
    prompt: str | None
    prompt_token_ids: list[int]
    params: SamplingParams
    generator: torch.Generator | None = None  # own random stream when params.seed is set
    detokenizer: Detokenizer | None = None
    grammar: Grammar | None = None  # with structured outputs: where the output is in its grammar
    output_token_ids: list[int] = field(default_factory=list)  # read back so far
    status: SequenceStatus = SequenceStatus.WAITING
    slot: int = -1
    pages: list[int] = field(default_factory=list)
    # token positions where a chat prompt's messages (and its generation prompt) begin, ascending, each in
    # 1..len(prompt)-1: where a resent conversation diverges, so where prefix caching checkpoints state
    # (`chat_boundaries`, for the server's chat route and `LLM.chat`; empty for other prompts)
    message_starts: list[int] = field(default_factory=list)
    num_pages_written: int = 0  # how many of `pages` the model's block-table row holds
    # prefix caching (`qcompile/engine/prefix_cache.py`): positions of `pages` that launched steps
    # write (unlike `num_computed_tokens`, kept through a preemption until the pages go back), the hash
    # chain of its full pages of known tokens (content only, so kept across preemption), how many of
    # `pages` are findable by them, the page boundaries where its prefill saves a state checkpoint, its
    # rolling decode checkpoint (-1: none) at `rolling_position`, and the prompt tokens its first
    # admission hit
    num_written_tokens: int = 0
    page_hashes: list[bytes] = field(default_factory=list)
    num_registered_pages: int = 0
    checkpoint_targets: list[int] = field(default_factory=list)
    rolling_checkpoint: int = -1
    rolling_position: int = 0
    num_cached_tokens: int = 0
    num_preemptions: int = 0
    num_computed_tokens: int = 0
    num_pending: int = 0
    num_in_flight: int = 0  # launched steps not yet collected that hold a row of this request
    finish_reason: str | None = None
    stop_reason: int | str | None = None
    error: str | None = None
    prompt_logprobs: PromptLogprobs | None = None  # not yet sent
    arrival_time: float = field(default_factory=time.monotonic)
    last_token_time: float | None = None
    stop_token_ids: frozenset[int] = field(init=False)  # the params' stop ids, looked up once per token

    def __post_init__(self) -> None:
        self.stop_token_ids = frozenset(self.params.stop_token_ids or ())
        if self.params.prompt_logprobs is not None:
            self.prompt_logprobs = [None]

    @property
    def num_prompt_tokens(self) -> int:
        return len(self.prompt_token_ids)

    @property
    def num_output_tokens(self) -> int:
        return len(self.output_token_ids)

    @property
    def num_tokens(self) -> int:
        """Tokens the host knows: the prompt and the outputs read back so far."""
        return len(self.prompt_token_ids) + self.num_output_tokens

    @property
    def num_uncomputed_tokens(self) -> int:
        return self.num_tokens + self.num_pending - self.num_computed_tokens

    @property
    def num_outputs_promised(self) -> int:
        """Outputs read back plus those already being sampled on the device."""
        return self.num_output_tokens + self.num_pending

    @property
    def is_finished(self) -> bool:
        return self.status is SequenceStatus.FINISHED

    def known_token_ids(self, start: int, end: int) -> list[int]:
        """The tokens at positions [start, end) that the host knows (prompt, then outputs read back);
        shorter when the range reaches tokens only the device holds yet."""
        p = self.num_prompt_tokens
        head = self.prompt_token_ids[start:end]
        return head + self.output_token_ids[max(0, start - p) : max(0, end - p)]

    def admit(self, slot: int, num_cached: int = 0) -> None:
        """Take `slot` and start at position `num_cached` (0, or a prefix-cache hit; again after a
        preemption). Prompt logprobs gathered before a preemption and not yet sent are dropped: the
        prompt's chunks compute them again (a request that wants them is never given a hit)."""
        self.slot, self.status, self.num_computed_tokens = slot, SequenceStatus.RUNNING, num_cached
        if self.prompt_logprobs is not None:
            self.prompt_logprobs = [None]

    def append_token(
        self, token_id: int, logprobs: dict[int, Logprob] | None, eos_token_ids: Collection[int]
    ) -> RequestDelta:
        """Record a sampled token, finish the request if it stops here, and return the step's delta."""
        if self.grammar is not None:
            self.grammar.accept(token_id)
        stop_string = self.detokenizer.add(token_id) if self.detokenizer is not None else None
        self.output_token_ids.append(token_id)  # after the detokenizer, which may fail: then it was never delivered
        p = self.params
        if not p.ignore_eos and token_id in eos_token_ids:
            self.finish("stop")
        elif token_id in self.stop_token_ids:
            self.finish("stop", token_id)
        elif stop_string is not None:
            self.finish("stop", stop_string)
        elif self.grammar is not None and self.grammar.terminated:
            self.finish("stop")
        elif self.num_output_tokens >= p.max_tokens:
            self.finish("length")
        return self.delta([token_id], None if p.logprobs is None or logprobs is None else [logprobs])

    def finish(self, reason: str, stop_reason: int | str | None = None) -> None:
        self.status, self.finish_reason, self.stop_reason = SequenceStatus.FINISHED, reason, stop_reason
        if self.detokenizer is not None and not isinstance(stop_reason, str):
            self.detokenizer.flush()

    def fail(self, error: str) -> RequestDelta:
        """Finish with finish_reason "error" and return the final delta, touching nothing that may have
        failed (the detokenizer's held text is dropped)."""
        self.status, self.finish_reason, self.stop_reason, self.error = SequenceStatus.FINISHED, "error", None, error
        return self.delta([], None, text="")

    def delta(
        self, token_ids: list[int], logprobs: list[dict[int, Logprob]] | None, text: str | None = None
    ) -> RequestDelta:
        """What changed now: `token_ids` (with their `logprobs`), the text they made visible (`text`
        overrides the detokenizer), the prompt logprobs if not sent yet, and the finish once finished."""
        if text is None:
            text = "" if self.detokenizer is None else self.detokenizer.take(self.is_finished)
        if logprobs is None and self.params.logprobs is not None:
            logprobs = []
        prompt_logprobs, self.prompt_logprobs = self.prompt_logprobs, None
        return RequestDelta(
            self.request_id,
            token_ids,
            text,
            logprobs,
            prompt_logprobs,
            self.num_prompt_tokens,
            self.num_output_tokens,
            self.finish_reason,
            self.stop_reason,
            self.error,
            self.num_cached_tokens,
        )
