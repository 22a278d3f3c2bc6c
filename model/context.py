"""The forward context: what one forward call needs to know besides its tensors.

Traced code reads only tensors. The forward context carries everything else, for one call:

    host        per-request lists of the flat batch, read by the opaque kernels (the chunked delta
                rule, prefill attention), as vLLM's attention backends read their metadata
    descriptor  how the batch runs (no graphs, piecewise graphs or one FULL graph, at which padded
                size), decided once by the runner and obeyed by the graph wrappers
    capturing   whether graphs are being captured during this call
    scope       which regions are opaque (None: all run plainly), set by the compiled callable for
                the calls it makes into Dynamo's code
    float32_intermediates
                whether the region body running keeps float32 where eager rounds an intermediate
                (`model.rounding`), set by the region ops whose row asks for it

The runner writes host and descriptor (`forward_context`); the compiled callable narrows the scope
of the context it was called in (`in_scope`), and a region op the scope its body runs in.
Nothing else writes it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class HostBatch:
    """Per-request lists of one flat batch (padding rows excluded)."""

    query_start: tuple[int, ...]  # flat index of each chunk's first token, plus the total real tokens
    start_pos: tuple[int, ...]  # position of each chunk's first token inside its request
    slots: tuple[int, ...]
    num_tokens: int  # rows in the batch, padding included
    # (chunk, tokens into it, state row): the state after the chunk's first tokens saved to that row
    # inside the forward (`model.batch.Chunk.saves`); the stateful modules' tails go there by
    # `write_slots`, the delta rule's state by the delta rule
    saves: tuple[tuple[int, int, int], ...] = ()

    @property
    def num_reqs(self) -> int:
        return len(self.slots)

    @property
    def uniform_decode(self) -> bool:
        return all(b - a == 1 for a, b in zip(self.query_start, self.query_start[1:], strict=False))


class RuntimeMode(enum.Enum):
    """How one batch runs."""

    NONE = "none"
    PIECEWISE = "piecewise"
    FULL = "full"


@dataclass(frozen=True)
class BatchDescriptor:
    """How one batch runs: `mode`, its real rows and the rows the forward sees (`padded >= num_tokens`)."""

    mode: RuntimeMode
    num_tokens: int
    padded: int


@dataclass(frozen=True)
class ForwardContext:
    host: HostBatch | None = None
    descriptor: BatchDescriptor | None = None
    capturing: bool = False
    scope: str | None = None
    float32_intermediates: bool = False


_current: ForwardContext | None = None


def peek() -> ForwardContext | None:
    """The context of the call in flight, if any."""
    return _current


def current() -> HostBatch:
    """The host metadata of the batch in flight (what the opaque kernels read)."""
    if _current is None or _current.host is None:
        raise RuntimeError("no forward context: run the model inside `with model.context(batch):`")
    return _current.host


@contextlib.contextmanager
def _install(ctx: ForwardContext) -> Iterator[None]:
    global _current
    prev, _current = _current, ctx
    try:
        yield
    finally:
        _current = prev


def forward_context(
    host: HostBatch, descriptor: BatchDescriptor | None = None, capturing: bool = False
) -> contextlib.AbstractContextManager[None]:
    """The runner's context for one forward over `host`'s batch."""
    return _install(ForwardContext(host, descriptor, capturing))


def in_scope(scope: str | None, float32_intermediates: bool = False) -> contextlib.AbstractContextManager[None]:
    """The context in flight (or an empty one) with regions opaque as `scope` says, and intermediates
    kept in float32 as `float32_intermediates` says."""
    base = _current if _current is not None else ForwardContext()
    return _install(dataclasses.replace(base, scope=scope, float32_intermediates=float32_intermediates))
