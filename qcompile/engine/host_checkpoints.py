"""The host tier of prefix-cache state checkpoints: rows of host memory that checkpoints evicted from
the device's state pool are spilled to, and copied back from for a hit (`--prefix-host-checkpoints`).

Each tensor-parallel rank keeps its own rows, one per host checkpoint, mirroring its shard of the state
pool (`state_pool()`: GDN conv tails and recurrent state, PLE n-gram context and conv tails), since
`ModelRunner.execute` runs every step's copies on every rank. On CUDA the rows are pinned, so the
copies are queued without waiting (`non_blocking`) and the host goes on scheduling. Which host row
holds which key is rank 0's book (`StateCheckpoints` again, in `PrefixCache`).

Ordering: every copy into or out of a host row is queued on the device's one stream, in step order,
and the host never reads or writes the rows itself. A host row overwritten by a later spill while an
earlier step's copy from it is still in flight is therefore read first, as the stream runs copies in
the order they were queued; within one step the book never hands out a host row that the step also
copies back (`PrefixCache`), since a step's spills run before its copies back. On CPU each copy
completes when it is queued.
"""

from __future__ import annotations

import torch


class HostStateRows:
    """`num_rows` host rows shaped like rows of `pool` (the model's `state_pool()`), pinned when `pin`."""

    def __init__(self, pool: list[torch.Tensor], num_rows: int, pin: bool) -> None:
        if num_rows < 1:
            raise ValueError(f"num_rows={num_rows}: a host tier needs at least one row")
        self.num_rows = num_rows
        self.rows = [torch.empty((num_rows, *t.shape[1:]), dtype=t.dtype, pin_memory=pin) for t in pool]

    def spill(self, pool: list[torch.Tensor], copies: list[tuple[int, int]]) -> None:
        """Copy pool row `src` to host row `dst` for each `(src, dst)`, in order, queued on the stream."""
        for src, dst in copies:
            for t, h in zip(pool, self.rows, strict=True):
                h[dst].copy_(t[src], non_blocking=True)

    def fetch(self, pool: list[torch.Tensor], copies: list[tuple[int, int]]) -> None:
        """Copy host row `src` to pool row `dst` for each `(src, dst)`, in order, queued on the stream."""
        for src, dst in copies:
            for t, h in zip(pool, self.rows, strict=True):
                t[dst].copy_(h[src], non_blocking=True)
