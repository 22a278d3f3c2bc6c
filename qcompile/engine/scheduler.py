"""Continuous batching: which requests run in the next step, and how many of their tokens.

Each step takes every running decode first (one token each), then fills the rest of the token
budget with prefill chunks: running prefills in admission order, then newly admitted requests.
A prompt longer than the budget is split across steps. Admission needs a free state slot and the
K/V pages of the request's first chunk; the slot is reset once, before that chunk.

Before a running request is scheduled, the block manager gives it the pages its scheduled tokens
reach. When the pool is out of pages, the newest running request not yet in this step is preempted
(the request itself when it is the newest): it goes back to the head of the queue and, readmitted,
recomputes its prompt and the tokens it already generated, then goes on sampling as before. A
preempted request's slot and pages go back to the pool only once no launched step holds a row of
it (as for a finished one), so a step in flight never has them reused under it, and the token such
a step samples for it is read back and kept. While such pages are on their way back, a request
short of pages skips the step rather than preempting another.

With prefix caching (`qcompile/engine/prefix_cache.py`) an admitted request may start past position
0 on cached pages with its slot restored from a state checkpoint (copied back first from the host
tier when it was spilled there), prefill chunks end at the
positions where its state is to be checkpointed, and the step carries those copies.
"""

from __future__ import annotations

from collections import deque

from qcompile.engine.block_manager import BlockManager
from qcompile.engine.prefix_cache import PrefixCache
from qcompile.engine.scheduled_batch import ScheduledBatch
from qcompile.engine.sequence import Sequence, SequenceStatus


class Scheduler:
    def __init__(
        self, max_num_seqs: int, max_num_batched_tokens: int, blocks: BlockManager, prefix: PrefixCache | None = None
    ) -> None:
        if max_num_batched_tokens < 1:
            raise ValueError(f"max_num_batched_tokens must be >= 1, got {max_num_batched_tokens}")
        self.max_num_seqs = max_num_seqs
        self.max_num_batched_tokens = max_num_batched_tokens
        self.blocks = blocks
        self.prefix = prefix  # None: prefix caching off
        self.waiting: deque[Sequence] = deque()
        self.running: list[Sequence] = []
        self.free_slots: deque[int] = deque(range(max_num_seqs))
        self.num_preemptions = 0
        # out of `running` (finished or preempted) but holding a slot and pages a launched step still uses
        self.draining: set[Sequence] = set()

    def add(self, seq: Sequence) -> None:
        """Queue a request; one that could not run even alone in the K/V pool raises ValueError."""
        self.blocks.check_fits(seq.num_prompt_tokens + seq.params.max_tokens, f"request {seq.request_id!r}")
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
        """Pick the next step, give its tokens their pages, and mark them computed (a launched step
        always runs)."""
        batch = ScheduledBatch()
        budget = self.max_num_batched_tokens
        candidates = [s for s in self.running if self._wants_tokens(s)]
        decodes = [s for s in candidates if s.num_computed_tokens >= s.num_prompt_tokens]
        prefills = [s for s in candidates if s.num_computed_tokens < s.num_prompt_tokens]
        for seq in decodes + prefills:
            if budget == 0:
                break
            if seq.status is not SequenceStatus.RUNNING:  # preempted for an earlier one of this step
                continue
            n = self._chunk(seq, min(seq.num_uncomputed_tokens, budget))
            if self._make_room(seq, seq.num_computed_tokens + n, batch):
                self._add(batch, seq, n)
                budget -= n
        while budget and self.waiting and self.free_slots:
            seq = self.waiting[0]
            if seq.num_in_flight:  # preempted, and a launched step still holds a row of it
                break
            hit_pages, hit = ([], None) if self.prefix is None else self.prefix.lookup(seq, batch)
            cached = len(hit_pages) * self.blocks.page_size
            self.blocks.take(seq, hit_pages)
            n = min(seq.num_tokens - cached, budget)
            if not self.blocks.allocate(seq, cached + n):
                self.blocks.free(seq)
                break
            self.waiting.popleft()
            seq.admit(self.free_slots.popleft(), cached)
            if self.prefix is not None:
                self.prefix.admitted(seq, cached)
                n = self.prefix.chunk(seq, n)
            if hit is not None:
                self.prefix.restore(hit, seq.slot, batch)
            self.running.append(seq)
            batch.fresh_slots.append(seq.slot)
            self._add(batch, seq, n)
            budget -= n
        if not batch.seqs:
            return None
        for seq, n, sample in zip(batch.seqs, batch.num_tokens, batch.samples, strict=True):
            seq.num_computed_tokens += n
            seq.num_pending += sample
            seq.num_in_flight += 1
        if self.prefix is not None:
            self.prefix.scheduled(batch)
        return batch

    def _chunk(self, seq: Sequence, n: int) -> int:
        return n if self.prefix is None else self.prefix.chunk(seq, n)

    def _add(self, batch: ScheduledBatch, seq: Sequence, n: int) -> None:
        """Put `n` tokens of `seq` in `batch`, with its block-table row when its pages changed."""
        batch.add(seq, n)
        if len(seq.pages) != seq.num_pages_written:
            batch.block_tables[seq.slot] = list(seq.pages)
            seq.num_pages_written = len(seq.pages)

    def _make_room(self, seq: Sequence, num_tokens: int, batch: ScheduledBatch) -> bool:
        """Give running `seq` pages for its first `num_tokens` positions, preempting newer requests
        when the pool is out of them; False when `seq` sits this step out (preempted itself, or
        waiting for pages on their way back)."""
        while not self.blocks.allocate(seq, num_tokens):
            if self.draining:
                return False
            scheduled = set(batch.seqs)
            victim = next(s for s in reversed(self.running) if s is seq or s not in scheduled)
            self._preempt(victim)
            if victim is seq:
                return False
        return True

    def _preempt(self, seq: Sequence) -> None:
        self.running.remove(seq)
        seq.status = SequenceStatus.WAITING
        seq.num_computed_tokens = 0
        seq.num_preemptions += 1
        self.num_preemptions += 1
        self.waiting.appendleft(seq)
        self._release_when_idle(seq)

    def step_done(self, batch: ScheduledBatch) -> None:
        """A launched step was read back: release the slots and pages of finished or preempted
        requests it still held."""
        for seq in batch.seqs:
            seq.num_in_flight -= 1
            self._release_when_idle(seq)

    def finish(self, seq: Sequence) -> None:
        """Take a finished request out of scheduling; its slot and pages wait for any step still using them."""
        if seq in self.running:
            self.running.remove(seq)
        elif seq in self.waiting:
            self.waiting.remove(seq)
        self._release_when_idle(seq)

    def _release_when_idle(self, seq: Sequence) -> None:
        """Give back the slot and pages of a request out of `running` (finished, or preempted) once no
        launched step holds a row of it; until then count its pages as on their way back."""
        if seq.slot < 0 or seq.status is SequenceStatus.RUNNING:
            return
        if seq.num_in_flight:
            self.draining.add(seq)
            return
        self.draining.discard(seq)
        self.free_slots.append(seq.slot)
        if self.prefix is None:
            self.blocks.free(seq)
        else:
            self.prefix.release(seq)
        seq.slot, seq.num_pages_written = -1, 0

    def drop_running(self) -> list[Sequence]:
        """Forget every request that holds a slot and free every slot and page (after a failed step);
        the waiting ones that hold none stay queued. Returns those dropped."""
        dropped = [*self.running, *(s for s in self.waiting if s.slot >= 0)]
        self.running = []
        self.waiting = deque(s for s in self.waiting if s.slot < 0)
        self._free_all(dropped)
        return dropped

    def reset(self) -> list[Sequence]:
        """Forget every request and free every slot and page (after a failed step); returns those dropped."""
        dropped = [*self.running, *self.waiting]
        self.running, self.waiting = [], deque()
        self._free_all(dropped)
        return dropped

    def _free_all(self, dropped: list[Sequence]) -> None:
        self.free_slots = deque(range(self.max_num_seqs))
        self.blocks.reset()
        if self.prefix is not None:
            self.prefix.reset()
        for seq in [*dropped, *self.draining]:
            seq.slot, seq.pages, seq.num_pages_written = -1, [], 0
            seq.num_registered_pages, seq.num_written_tokens = 0, 0
            seq.rolling_checkpoint, seq.rolling_position = -1, 0
        self.draining.clear()
