"""Bounded working sets: split a batch into chunks whose temporaries fit a byte budget.

Decode steps gather per-request data into temporaries: GDN recurrent states, each request's K/V
rows, the chosen experts' weights. On the bench preset at batch 64 those reach hundreds of MiB, and
inside a CUDA graph the largest of them sets the graph pool's size. Chunking bounds it (and keeps
the working set near L2's size) without changing any per-row arithmetic. 96 MiB: on the H200, smaller
budgets cut the bench preset's graph pool a little (238 -> 172 MiB at 32 MiB) but cost batch-64
decode up to 17% (more, smaller GDN chunks; docs/measurements.md).
"""

from __future__ import annotations

WORKING_SET_BYTES = 96 << 20


def chunks(rows: int, row_bytes: int, budget: int | None = None) -> list[slice]:
    """Even slices covering `range(rows)`, each within `budget` bytes at `row_bytes` per row (≥ 1 row each).

    `budget` defaults to `WORKING_SET_BYTES`, read at call time.
    """
    budget = WORKING_SET_BYTES if budget is None else budget
    if rows < 1:
        return []
    count = -(-rows // max(1, budget // row_bytes))
    size = -(-rows // count)
    return [slice(a, min(a + size, rows)) for a in range(0, rows, size)]
