"""Prefix caching for the hybrid model: where a new request may resume, and where state is saved.

Attention K/V lives in pages a later request can share (`BlockManager`'s hash chain); GDN and PLE
state is one fixed-size row per request that each token overwrites, so resuming at position P also
needs the state as it was after tokens [0, P): a checkpoint row (`StateCheckpoints`). Checkpoints sit
on page boundaries, so a hit shares whole pages read-only and new tokens always go to new pages.

Where a request's state is saved, each at the page boundary at or below (a checkpoint a multiple of
the model's `state_block` into a prefill chunk is written by that chunk's forward, `Chunk.saves`; at any
other the scheduler ends the chunk there and the runner copies the slot into the row after the forward):
- every `interval` tokens of the prefill, counted from where it starts (a hit, or 0), so they fall where
  a lone prefill's chunks end anyway;
- the last of `seq.message_starts` (a chat's message boundaries, where a resent conversation diverges
  from the last turn's prompt: its generation prompt's start, where the next turn's reply begins);
- the prompt's end, where it has no message starts;
- the other of the last `MESSAGE_CHECKPOINTS` message starts, and the end of a chat prompt, only at least
  `min_gap` tokens from the checkpoints above and from each other: each takes a state row (evicting an
  older checkpoint) and, where the forward cannot save it inside the chunk, ends one, and a forward
  costs as much as about that many more tokens in it (`MIN_CHECKPOINT_GAP`), more than recomputing
  them when a later prompt diverges there;
- during decode, the latest page boundary reached: one rolling checkpoint per running request,
  findable once the request releases its pages, so the next turn resumes after this turn's answer.

At admission the prompt's (and, after a preemption, the outputs') full pages are walked through the
chain; the hit is the deepest boundary that has both all its pages and a checkpoint, leaving at
least one token to compute (the last one's logits are sampled). A request that wants prompt
logprobs is never given a hit (they would be missing for the cached part), as in vLLM.
Pages and checkpoints become findable only once the step that writes them is launched, so a hit's
restore and reads always run after the writes on the device's stream.

With a host tier (`--prefix-host-checkpoints`, `qcompile/engine/host_checkpoints.py`) a checkpoint
evicted from the device's rows is spilled to a host row (LRU over those too) instead of dropped, and a
hit whose checkpoint is only on the host takes a device row (evicting, and so spilling, another) and
copies it back there before it is restored like any other. The host keeps its copy (the tiers are
inclusive): evicting that checkpoint from the device again copies nothing. A step's copies run in
this order, before its forward: spills, copies back, then the restores into slots; so rows a step
copies back to or restores from are not taken again in it, nor the host rows it copies back from.
"""

from __future__ import annotations

from dataclasses import dataclass
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


# Message boundaries a prompt is checkpointed at, its latest: each one takes a state row and, unless its
# forward saves it inside the chunk, ends a prefill chunk, so a conversation seen for the first time, 140
# messages of 32k tokens, would otherwise evict every other checkpoint (and might be prefilled in 140
# chunks). A resent conversation needs the last turn's generation prompt start, checkpointed in that
# turn; four cover a turn that appends up to three messages.
MESSAGE_CHECKPOINTS = 4

# Tokens a checkpoint that is not required must lie from the others, or it is not taken: a chunk it ends is
# one more forward, whose fixed cost (reading the weights, launching the layers) on an H100 with the bench
# preset is about 10.5 ms, what 550 more tokens in a forward cost (32k-token prompts at chunks of 2048,
# 4096 and 8192: docs/measurements.md), and each takes a state row. Recomputing fewer tokens when a later
# prompt diverges there costs less. An agent turn (a reply of hundreds of tokens resent, then thousands
# of tool output) then saves only at its generation prompt, inside its one forward.
MIN_CHECKPOINT_GAP = 512


def default_interval(budget: int) -> int:
    """The smallest multiple of the step `budget` (`max_num_batched_tokens`) of at least
    `DEFAULT_CHECKPOINT_INTERVAL`: where a forward cannot save a checkpoint inside its chunk the scheduler
    ends the chunk there, so a lone long prefill's chunks stay whole (a budget of 8192 with checkpoints
    every 4096 prefilled 4096-token chunks; 8192-token chunks run a 131k prompt 12% faster than 2048:
    docs/measurements.md)."""
    return -(-DEFAULT_CHECKPOINT_INTERVAL // budget) * budget


@dataclass(frozen=True)
class CheckpointHit:
    """The checkpoint of a lookup's deepest cached prefix: `row` of the device's checkpoints, or with
    `on_host` of the host tier's (copied back to a device row by `restore`)."""

    key: bytes
    row: int
    on_host: bool = False


def _restored_rows(batch: ScheduledBatch) -> set[int]:
    """Device rows `batch` copies back into or restores from before its forward."""
    return {c for c, _ in batch.restores} | {c for _, c in batch.fetches}


def _fetched_rows(batch: ScheduledBatch) -> set[int]:
    """Host rows `batch` copies back from (after its spills)."""
    return {h for h, _ in batch.fetches}


class PrefixCache:
    def __init__(
        self,
        blocks: BlockManager,
        checkpoints: StateCheckpoints,
        interval: int = DEFAULT_CHECKPOINT_INTERVAL,
        host: StateCheckpoints | None = None,
        min_gap: int = MIN_CHECKPOINT_GAP,
        state_block: int = 1,
    ) -> None:
        """`checkpoints`: the book of the device's checkpoint rows; `host`: of the host tier's (None: off);
        `min_gap`: see the module docstring; `state_block`: the model's (`ModelRunner.state_block`)."""
        if interval < 1:
            raise ValueError(f"prefix checkpoint interval must be >= 1 token, got {interval}")
        if min_gap < 0:
            raise ValueError(f"prefix checkpoint min_gap must be >= 0 tokens, got {min_gap}")
        if state_block < 1:
            raise ValueError(f"state_block must be >= 1 token, got {state_block}")
        self.blocks, self.checkpoints, self.host = blocks, checkpoints, host
        self.page_size = blocks.page_size
        self.interval = max(self.page_size, interval // self.page_size * self.page_size)
        self.min_gap, self.state_block = min_gap, state_block
        self.num_queried_tokens = 0  # tokens looked up at admissions (vLLM's prefix_cache_queries)
        self.num_hit_tokens = 0  # of them, tokens found (vLLM's prefix_cache_hits)
        self.num_evicted_checkpoints = 0  # checkpoints no tier holds any more
        self.num_spilled_checkpoints = 0  # device -> host copies
        self.num_restored_checkpoints = 0  # host -> device copies, for hits

    def lookup(self, seq: Sequence, batch: ScheduledBatch) -> tuple[list[int], CheckpointHit | None]:
        """The cached pages of the longest prefix of `seq`'s known tokens that also has a checkpoint,
        and where that checkpoint is (None: no hit); takes nothing. One only on the host counts when
        `batch` leaves a device row to copy it back to."""
        if seq.params.prompt_logprobs is not None:
            return [], None
        pages = self.blocks.cached_prefix(seq, (seq.num_tokens - 1) // self.page_size)
        for depth in range(len(pages), 0, -1):
            key = seq.page_hashes[depth - 1]
            row = self.checkpoints.find(key)
            if row is not None:
                return pages[:depth], CheckpointHit(key, row)
            if self.host is not None and key in self.host and self.checkpoints.can_take(_restored_rows(batch)):
                return pages[:depth], CheckpointHit(key, self.host.find(key), on_host=True)
        return [], None

    def restore(self, hit: CheckpointHit, slot: int, batch: ScheduledBatch) -> None:
        """Queue `hit`'s restore into `slot` with `batch` (a request admitted there): from its device
        row, or from the host through a device row taken now (as `lookup` found one)."""
        row = hit.row
        if hit.on_host:
            row = self._take(batch, _restored_rows(batch), _fetched_rows(batch) | {hit.row})
            if row is None:
                raise RuntimeError(f"no device checkpoint row to copy host row {hit.row} back to, though one was free")
            batch.fetches.append((hit.row, row))
            self.checkpoints.put(hit.key, row)
            self.num_restored_checkpoints += 1
        batch.restores.append((row, slot))

    def admitted(self, seq: Sequence, num_cached: int) -> None:
        """`seq` starts at `num_cached` (a hit, or 0): count the query, plan its prefill checkpoints."""
        if seq.params.prompt_logprobs is None:
            self.num_queried_tokens += seq.num_tokens
            self.num_hit_tokens += num_cached
        if seq.num_preemptions == 0:
            seq.num_cached_tokens = num_cached
        seq.checkpoint_targets = self._targets(seq, num_cached)

    def _targets(self, seq: Sequence, num_cached: int) -> list[int]:
        """Where the prefill of `seq` from `num_cached` (a page boundary) saves its state, ascending (see
        the module docstring): the required positions, and the others `min_gap` clear of their neighbours."""
        ps, end = self.page_size, seq.num_prompt_tokens
        starts = sorted({m // ps * ps for m in seq.message_starts[-MESSAGE_CHECKPOINTS:] if m <= end})
        required = set(range(num_cached + self.interval, end + 1, self.interval))
        required.add(starts[-1] if starts else end // ps * ps)
        optional = {*starts[:-1], end // ps * ps} if starts else set()
        required_in_order = sorted(required)
        kept: list[int] = []
        for p in sorted(p for p in required | optional if p > num_cached):
            if p not in required:
                before = kept[-1] if kept else num_cached
                after = next((r for r in required_in_order if r > p), None)
                if p - before < self.min_gap or (after is not None and after - p < self.min_gap):
                    continue
            kept.append(p)
        return kept

    def chunk(self, seq: Sequence, n: int) -> int:
        """`n` tokens from `seq.num_computed_tokens`, cut to end at its next checkpoint position that the
        forward cannot save inside the chunk (one not a multiple of `state_block` past its start)."""
        start = seq.num_computed_tokens
        ahead = [p - start for p in seq.checkpoint_targets if p > start and not self._saved_inside(p, start)]
        return min([n, *ahead])

    def _saved_inside(self, position: int, start: int) -> bool:
        """Whether a chunk from `start` can save the state at `position` (past it) inside its forward."""
        return (position - start) % self.state_block == 0

    def scheduled(self, batch: ScheduledBatch) -> None:
        """After `batch` is built and its tokens marked computed: register the pages its requests have
        filled, and queue the saves of the checkpoints inside its chunks (by its forward) and at their
        ends (after it)."""
        busy: set[int] = set()
        ps = self.page_size
        for seq, n, start in zip(batch.seqs, batch.num_tokens, batch.starts, strict=True):
            end = start + n
            seq.num_written_tokens = end
            self.blocks.register(seq)
            # `chunk` cut this chunk at every other target inside it
            for p in (p for p in seq.checkpoint_targets if start < p < end and self._saved_inside(p, start)):
                row = self._row_for(batch, seq.page_hashes[p // ps - 1], busy)
                if row is not None:
                    batch.chunk_saves.setdefault(seq.slot, []).append((p - start, row))
            if end in seq.checkpoint_targets:
                row = self._row_for(batch, seq.page_hashes[end // ps - 1], busy)
                if row is not None:
                    batch.saves.append((seq.slot, row))
            elif end % ps == 0 and end > seq.rolling_position:
                self._roll(batch, seq, end, busy)
            seq.checkpoint_targets = [p for p in seq.checkpoint_targets if p > end]

    def _row_for(self, batch: ScheduledBatch, key: bytes, busy: set[int]) -> int | None:
        """A device row for `key`'s checkpoint, which `batch` writes (taken now, so findable at once);
        None when another request saved this prefix's state or no row can be taken."""
        if self.checkpoints.find(key) is not None:
            return None
        row = self._take(batch, busy, _fetched_rows(batch))
        if row is not None:
            self.checkpoints.put(key, row)
            busy.add(row)
        return row

    def _roll(self, batch: ScheduledBatch, seq: Sequence, end: int, busy: set[int]) -> None:
        if seq.rolling_checkpoint < 0:
            row = self._take(batch, busy, _fetched_rows(batch))
            if row is None:
                return
            seq.rolling_checkpoint = row
        batch.saves.append((seq.slot, seq.rolling_checkpoint))
        busy.add(seq.rolling_checkpoint)
        seq.rolling_position = end

    def _take(self, batch: ScheduledBatch, busy: set[int], host_busy: set[int]) -> int | None:
        """A device row outside `busy` (see `StateCheckpoints.take`); the checkpoint evicted from it is
        spilled with `batch` to a host row outside `host_busy`, or dropped."""
        taken = self.checkpoints.take(busy)
        if taken is None:
            return None
        row, evicted = taken
        if evicted is not None:
            self._spill(batch, evicted, row, host_busy)
        return row

    def _spill(self, batch: ScheduledBatch, key: bytes, row: int, host_busy: set[int]) -> None:
        """`key`'s checkpoint leaves device row `row`: to a host row (before `batch`'s other copies),
        unless the host holds it already; dropped without a host tier or a host row to take."""
        if self.host is not None and key in self.host:
            return
        taken = None if self.host is None else self.host.take(host_busy)
        if taken is None:
            self.num_evicted_checkpoints += 1
            return
        host_row, dropped = taken
        if dropped is not None and dropped not in self.checkpoints:
            self.num_evicted_checkpoints += 1
        batch.spills.append((row, host_row))
        self.host.put(key, host_row)
        self.num_spilled_checkpoints += 1

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
            self.num_queried_tokens,
            self.num_hit_tokens,
            self.blocks.num_evicted_pages,
            self.num_evicted_checkpoints,
            self.num_spilled_checkpoints,
            self.num_restored_checkpoints,
        )

    def reset(self) -> None:
        """After a failed step: no checkpoint's copy may have run (the pages are reset with the pool)."""
        self.checkpoints.reset()
        if self.host is not None:
            self.host.reset()
