"""Prefix caching for the hybrid model: where a new request may resume, and where state is saved.

Attention K/V lives in pages a later request can share (`BlockManager`'s hash chain); GDN and PLE
state is one fixed-size row per request that each token overwrites, so resuming at position P also
needs the state as it was after tokens [0, P): a checkpoint row (`StateCheckpoints`). Checkpoints sit
on page boundaries, so a hit shares whole pages read-only and new tokens always go to new pages.

Where a request's state is saved (the scheduler ends a prefill chunk exactly there, the runner
copies the slot into the row after that step's forward):
- the page boundary at or below each of `seq.message_starts` (a chat's message boundaries, where a
  resent conversation diverges from the last turn's prompt),
- the page boundary at or below the prompt's end,
- every `interval` tokens of a long prefill (rounded down to a page),
- during decode, the latest page boundary reached: one rolling checkpoint per running request,
  findable once the request releases its pages, so the next turn resumes after this turn's answer.

At admission the prompt's (and, after a preemption, the outputs') full pages are walked through the
chain; the hit is the deepest boundary that has both all its pages and a checkpoint, leaving at
least one token to compute (the last one's logits are sampled). A request that wants prompt
logprobs is never given a hit (they would be missing for the cached part), as in vLLM.
Pages and checkpoints become findable only once the step that writes them is launched, so a hit's
restore and reads always run after the writes on the device's stream.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qcompile.engine.block_manager import BlockManager
from qcompile.engine.state_checkpoints import StateCheckpoints
from qcompile.engine.stats import PrefixCacheCounts

if TYPE_CHECKING:
    from qcompile.engine.scheduled_batch import ScheduledBatch
    from qcompile.engine.sequence import Sequence

# Tokens between checkpoints of a long prefill: a multiple of the default step budget (2,048) and of
# the page sizes measured (16..256), so a lone long prefill's chunks already end there and no chunk
# is split for it; each checkpoint costs one state row, and a prompt that diverges mid-message
# recomputes at most this many tokens. To be tuned against GPU prefill throughput (issue 47).
DEFAULT_CHECKPOINT_INTERVAL = 4096


class PrefixCache:
    def __init__(
        self, blocks: BlockManager, checkpoints: StateCheckpoints, interval: int = DEFAULT_CHECKPOINT_INTERVAL
    ) -> None:
        if interval < 1:
            raise ValueError(f"prefix checkpoint interval must be >= 1 token, got {interval}")
        self.blocks, self.checkpoints = blocks, checkpoints
        self.page_size = blocks.page_size
        self.interval = max(self.page_size, interval // self.page_size * self.page_size)
        self.num_queried_tokens = 0  # tokens looked up at admissions (vLLM's prefix_cache_queries)
        self.num_hit_tokens = 0  # of them, tokens found (vLLM's prefix_cache_hits)

    def lookup(self, seq: Sequence) -> tuple[list[int], int | None]:
        """The cached pages of the longest prefix of `seq`'s known tokens that also has a checkpoint,
        and that checkpoint's row (None: no hit); takes nothing."""
        if seq.params.prompt_logprobs is not None:
            return [], None
        pages = self.blocks.cached_prefix(seq, (seq.num_tokens - 1) // self.page_size)
        for depth in range(len(pages), 0, -1):
            row = self.checkpoints.find(seq.page_hashes[depth - 1])
            if row is not None:
                return pages[:depth], row
        return [], None

    def admitted(self, seq: Sequence, num_cached: int) -> None:
        """`seq` starts at `num_cached` (a hit, or 0): count the query, plan its prefill checkpoints."""
        if seq.params.prompt_logprobs is None:
            self.num_queried_tokens += seq.num_tokens
            self.num_hit_tokens += num_cached
        if seq.num_preemptions == 0:
            seq.num_cached_tokens = num_cached
        ps, end = self.page_size, seq.num_prompt_tokens
        wanted = {m // ps * ps for m in seq.message_starts if m <= end}
        wanted.add(end // ps * ps)
        wanted.update(range(self.interval, end + 1, self.interval))
        seq.checkpoint_targets = sorted(p for p in wanted if p > num_cached)

    def chunk(self, seq: Sequence, n: int) -> int:
        """`n` tokens from `seq.num_computed_tokens`, cut to end at its next checkpoint position."""
        start = seq.num_computed_tokens
        ahead = [p - start for p in seq.checkpoint_targets if p > start]
        return min([n, *ahead])

    def scheduled(self, batch: ScheduledBatch) -> None:
        """After `batch` is built and its tokens marked computed: register the pages its requests have
        filled, and queue the saves of the checkpoints its chunks end at (after its forward)."""
        busy: set[int] = set()
        for seq, n, start in zip(batch.seqs, batch.num_tokens, batch.starts, strict=True):
            end = start + n
            seq.num_written_tokens = end
            self.blocks.register(seq)
            if end in seq.checkpoint_targets:
                seq.checkpoint_targets = [p for p in seq.checkpoint_targets if p > end]
                self._save(batch, seq, seq.page_hashes[end // self.page_size - 1], busy)
            elif end % self.page_size == 0 and end > seq.rolling_position:
                self._roll(batch, seq, end, busy)

    def _save(self, batch: ScheduledBatch, seq: Sequence, key: bytes, busy: set[int]) -> None:
        if self.checkpoints.find(key) is not None:  # another request saved this prefix's state
            return
        row = self.checkpoints.take(busy)
        if row is not None:
            batch.saves.append((seq.slot, row))
            self.checkpoints.put(key, row)
            busy.add(row)

    def _roll(self, batch: ScheduledBatch, seq: Sequence, end: int, busy: set[int]) -> None:
        if seq.rolling_checkpoint < 0:
            row = self.checkpoints.take(busy)
            if row is None:
                return
            seq.rolling_checkpoint = row
        batch.saves.append((seq.slot, seq.rolling_checkpoint))
        busy.add(seq.rolling_checkpoint)
        seq.rolling_position = end

    def release(self, seq: Sequence) -> None:
        """`seq` gives its pages back (finished, aborted or preempted, no launched step left): make
        its written pages findable and keep its rolling checkpoint under its key, then free the pages
        (the hashed ones stay cached)."""
        self.blocks.register(seq)
        row, depth = seq.rolling_checkpoint, seq.rolling_position // self.page_size
        if row >= 0:
            known = depth <= len(seq.page_hashes)
            if known and seq.page_hashes[depth - 1] not in self.checkpoints:
                self.checkpoints.put(seq.page_hashes[depth - 1], row)
            else:
                self.checkpoints.give_back(row)
        seq.rolling_checkpoint, seq.rolling_position, seq.num_written_tokens = -1, 0, 0
        self.blocks.free(seq)

    def counts(self) -> PrefixCacheCounts:
        return PrefixCacheCounts(
            self.num_queried_tokens, self.num_hit_tokens, self.blocks.num_evicted_pages, self.checkpoints.num_evicted
        )

    def reset(self) -> None:
        """After a failed step: no checkpoint's copy may have run (the pages are reset with the pool)."""
        self.checkpoints.reset()
