"""Which checkpoint rows hold what: the host's book of prefix-cache checkpoints, one per tier.

The model keeps `num_checkpoints` rows after its slots (`Qwen4ExpForCausalLM.copy_state`); row `c`
holds a slot's GDN and PLE state as it was at a page boundary, keyed by the chain hash of the pages
before it (`qcompile/engine/block_manager.py`). A row is free, cached (findable by its key, least
recently used first) or held by a running request as its rolling decode checkpoint. Every save and
restore is a copy queued on the device's stream in step order, so a row can be evicted and written
again while an earlier step that restores from it is still in flight: that restore runs first.
The host tier's rows (`qcompile/engine/host_checkpoints.py`) are kept in a book of their own.
"""

from __future__ import annotations

from collections import OrderedDict, deque


class StateCheckpoints:
    def __init__(self, num_checkpoints: int) -> None:
        if num_checkpoints < 0:
            raise ValueError(f"num_checkpoints={num_checkpoints}: must be >= 0")
        self.num_checkpoints = num_checkpoints
        self.free: deque[int] = deque(range(num_checkpoints))
        self.cached: OrderedDict[bytes, int] = OrderedDict()  # key -> row, least recently used first

    def __contains__(self, key: bytes) -> bool:
        return key in self.cached

    def find(self, key: bytes) -> int | None:
        """The row holding `key`'s state, now the most recently used; None when none does."""
        row = self.cached.get(key)
        if row is not None:
            self.cached.move_to_end(key)
        return row

    def can_take(self, busy: set[int]) -> bool:
        """Whether `take(busy)` would give a row."""
        return bool(self.free) or (bool(self.cached) and next(iter(self.cached.values())) not in busy)

    def take(self, busy: set[int]) -> tuple[int, bytes | None] | None:
        """A row to write and the key it held: a free one (None), else the least recently used cached
        one (evicted: its key), unless that one is in `busy` (copied by the step being built, where a
        second copy would race or overwrite it first); None when there is none."""
        if self.free:
            return self.free.popleft(), None
        if not self.can_take(busy):
            return None
        key, row = self.cached.popitem(last=False)
        return row, key

    def put(self, key: bytes, row: int) -> None:
        """Make `row` findable as `key` (the most recently used)."""
        if key in self.cached:
            raise RuntimeError(f"checkpoint key {key.hex()} is already held by row {self.cached[key]}")
        self.cached[key] = row

    def give_back(self, row: int) -> None:
        """A row whose state nobody will find (a rolling checkpoint that was not kept)."""
        self.free.append(row)

    def reset(self) -> None:
        """Every row free (after a failed step: its copies may not have run)."""
        self.free = deque(range(self.num_checkpoints))
        self.cached.clear()
