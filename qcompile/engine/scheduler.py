"""Continuous batching: which requests run in the next step, and how many of their tokens.

Each step takes every running decode first (one token each), then fills the rest of the token
budget with prefill chunks: running prefills in admission order, then newly admitted requests.
A prompt longer than the budget is split across steps. Admission needs a free state slot; the slot
is reset once, before the request's first chunk. State is per slot, so nothing is ever preempted.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from qcompile.engine.sequence import Sequence, SequenceStatus


@dataclass
class ScheduledBatch:
    """One step: `num_tokens[i]` tokens of `seqs[i]` starting at position `starts[i]`."""

    seqs: list[Sequence] = field(default_factory=list)
    num_tokens: list[int] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    samples: list[bool] = field(default_factory=list)  # the chunk reaches the end: sample a token
    fresh_slots: list[int] = field(default_factory=list)  # reset before this step runs

    def add(self, seq: Sequence, n: int) -> None:
        start = seq.num_computed_tokens
        self.seqs.append(seq)
        self.num_tokens.append(n)
        self.starts.append(start)
        self.samples.append(start + n == seq.num_tokens + seq.num_pending)


class Scheduler:
    def __init__(self, max_num_seqs: int, max_num_batched_tokens: int) -> None:
        if max_num_batched_tokens < 1:
            raise ValueError(f"max_num_batched_tokens must be >= 1, got {max_num_batched_tokens}")
        self.max_num_seqs = max_num_seqs
        self.max_num_batched_tokens = max_num_batched_tokens
        self.waiting: deque[Sequence] = deque()
        self.running: list[Sequence] = []
        self.free_slots: deque[int] = deque(range(max_num_seqs))

    def add(self, seq: Sequence) -> None:
        self.waiting.append(seq)

    def has_unfinished(self) -> bool:
        return bool(self.waiting or self.running)

    @staticmethod
    def _wants_tokens(seq: Sequence) -> bool:
        """False when nothing is left to feed, or every token it may still emit is already promised."""
        if seq.num_uncomputed_tokens == 0:
            return False
        done_prefill = seq.num_computed_tokens >= seq.num_prompt_tokens
        return not (done_prefill and seq.num_outputs_promised >= seq.params.max_tokens)

    def schedule(self) -> ScheduledBatch | None:
        """Pick the next step and mark its tokens computed (a launched step always runs)."""
        batch = ScheduledBatch()
        budget = self.max_num_batched_tokens
        candidates = [s for s in self.running if self._wants_tokens(s)]
        decodes = [s for s in candidates if s.num_computed_tokens >= s.num_prompt_tokens]
        prefills = [s for s in candidates if s.num_computed_tokens < s.num_prompt_tokens]
        for seq in decodes + prefills:
            if budget == 0:
                break
            n = min(seq.num_uncomputed_tokens, budget)
            batch.add(seq, n)
            budget -= n
        while budget and self.waiting and self.free_slots:
            seq = self.waiting.popleft()
            seq.slot, seq.status = self.free_slots.popleft(), SequenceStatus.RUNNING
            self.running.append(seq)
            batch.fresh_slots.append(seq.slot)
            n = min(seq.num_uncomputed_tokens, budget)
            batch.add(seq, n)
            budget -= n
        if not batch.seqs:
            return None
        for seq, n, sample in zip(batch.seqs, batch.num_tokens, batch.samples, strict=True):
            seq.num_computed_tokens += n
            seq.num_pending += sample
            seq.num_in_flight += 1
        return batch

    def step_done(self, batch: ScheduledBatch) -> None:
        """A launched step was read back: release the slots of finished requests it still held."""
        for seq in batch.seqs:
            seq.num_in_flight -= 1
            if seq.is_finished and seq.num_in_flight == 0:
                self._release(seq)

    def finish(self, seq: Sequence) -> None:
        """Take a finished request out of scheduling; its slot waits for any step still using it."""
        if seq in self.waiting:
            self.waiting.remove(seq)
        elif seq in self.running:
            self.running.remove(seq)
            if seq.num_in_flight == 0:
                self._release(seq)

    def _release(self, seq: Sequence) -> None:
        self.free_slots.append(seq.slot)

    def drop_running(self) -> list[Sequence]:
        """Forget every request that holds a slot and free every slot (after a failed step); the
        waiting ones stay queued. Returns those dropped."""
        dropped, self.running = self.running, []
        self.free_slots = deque(range(self.max_num_seqs))
        return dropped

    def reset(self) -> list[Sequence]:
        """Forget every request and free every slot (after a failed step); returns those dropped."""
        dropped = [*self.running, *self.waiting]
        self.running, self.waiting = [], deque()
        self.free_slots = deque(range(self.max_num_seqs))
        return dropped
