"""Forward context: host-side batch metadata for the opaque kernels.

Traced code reads only tensors. Kernels that need per-request structure (the chunked delta rule,
prefill attention) read it from here, as vLLM's attention backends read their metadata.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class HostBatch:
    """Per-request lists of one flat batch (padding rows excluded)."""

    query_start: tuple[int, ...]   # flat index of each chunk's first token, plus the total real tokens
    start_pos: tuple[int, ...]     # position of each chunk's first token inside its request
    slots: tuple[int, ...]
    num_tokens: int                # rows in the batch, padding included

    @property
    def num_reqs(self) -> int:
        return len(self.slots)

    @property
    def uniform_decode(self) -> bool:
        return all(b - a == 1 for a, b in zip(self.query_start, self.query_start[1:], strict=False))


_current: HostBatch | None = None


def current() -> HostBatch:
    if _current is None:
        raise RuntimeError("no forward context: run the model inside `with model.context(batch):`")
    return _current


@contextlib.contextmanager
def forward_context(host: HostBatch) -> Iterator[None]:
    global _current
    prev, _current = _current, host
    try:
        yield
    finally:
        _current = prev
