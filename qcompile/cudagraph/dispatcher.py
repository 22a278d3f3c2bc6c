"""Capture sizes and the dispatcher: which runtime mode and padded size each batch runs with.

Graphs exist only for a fixed set of token counts (capture sizes). A batch of `n` tokens is padded
to the smallest captured size `>= n` of the runtime mode it gets; padding rows point at the trash
slot, so they write nothing into real request state. Lookup priority is vLLM's: FULL (uniform
decode only) > PIECEWISE > NONE; a batch above the largest captured size runs without graphs,
unpadded.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from qcompile.compiler.ranges import Range, RangeTable
from qcompile.cudagraph.modes import ModePlan, RuntimeMode

DEFAULT_MAX_CAPTURE_SIZE = 512


def default_capture_sizes(max_size: int) -> list[int]:
    """1, 2, 4, then `n + max(8, largest power of two <= n/2)`: 8, 16, 24, 32, 48, 64, 96, 128, 192, ...

    From 16 tokens on, at most a third of a padded batch is padding; the ladder stays short (15 sizes
    up to 512) so capture time and graph memory stay small. `max_size` itself always ends the list.
    """
    if max_size < 1:
        raise ValueError(f"max capture size must be >= 1, not {max_size}")
    sizes = [s for s in (1, 2, 4) if s < max_size]
    n = 8
    while n < max_size:
        sizes.append(n)
        n += max(8, 1 << ((n // 2).bit_length() - 1))
    return [*sizes, max_size]


def resolve_capture_sizes(sizes: Sequence[int] | None, ranges: Sequence[Range],
                          max_size: int | None = None) -> list[int]:
    """Sorted capture sizes: the given ones, or the default ladder up to `max_size`.

    `max_size` defaults to `min(512, largest compile range end)`. Every size must lie inside a
    compile range: outside them the model runs eagerly, and that is not what a graph should freeze.
    """
    table = RangeTable(ranges)
    limit = min(DEFAULT_MAX_CAPTURE_SIZE, table.hi) if max_size is None else max_size
    chosen = default_capture_sizes(limit) if sizes is None else sorted(set(sizes))
    if not chosen:
        raise ValueError("capture_sizes is empty; use cudagraph='none' for no graphs")
    bad = [s for s in chosen if not isinstance(s, int) or table.find(s) is None]
    if bad:
        raise ValueError(f"capture sizes {bad} are outside the compile ranges {list(ranges)}")
    return chosen


@dataclass(frozen=True)
class BatchDescriptor:
    """How one batch runs: `mode`, its real rows and the rows the forward sees (`padded >= num_tokens`)."""

    mode: RuntimeMode
    num_tokens: int
    padded: int


class Dispatcher:
    """Maps (token count, uniform decode?) to a `BatchDescriptor`; knows which graphs to capture.

    FULL graphs serve uniform decode batches, whose token count is their request count: their sizes
    are the capture sizes up to the first one `>= max_num_seqs` (no decode batch is larger).
    PIECEWISE graphs are captured at every capture size when the mode uses them.
    """

    def __init__(self, plan: ModePlan, capture_sizes: Sequence[int], max_num_seqs: int | None = None) -> None:
        self.plan = plan
        sizes = sorted(capture_sizes)
        uses = {plan.decode, plan.mixed}
        self.piecewise_sizes = sizes if RuntimeMode.PIECEWISE in uses else []
        full = sizes if RuntimeMode.FULL in uses else []
        if full and max_num_seqs is not None:
            cut = bisect.bisect_left(full, max_num_seqs)
            full = full[:cut + 1]
        self.full_sizes = full

    @property
    def capture_sizes(self) -> list[int]:
        """Every size some graph exists for (what a scheduler may pad to)."""
        return sorted(set(self.piecewise_sizes) | set(self.full_sizes))

    def graph_keys(self) -> list[tuple[RuntimeMode, int]]:
        """Graphs in capture order: piecewise, then full, each largest first (smaller ones reuse the pool)."""
        return ([(RuntimeMode.PIECEWISE, s) for s in reversed(self.piecewise_sizes)]
                + [(RuntimeMode.FULL, s) for s in reversed(self.full_sizes)])

    def dispatch(self, num_tokens: int, uniform_decode: bool) -> BatchDescriptor:
        if num_tokens < 1:
            raise ValueError(f"a batch needs at least one token, not {num_tokens}")
        if uniform_decode and self.plan.decode is RuntimeMode.FULL:
            padded = _pad(self.full_sizes, num_tokens)
            if padded is not None:
                return BatchDescriptor(RuntimeMode.FULL, num_tokens, padded)
        padded = _pad(self.piecewise_sizes, num_tokens)  # empty unless some batch kind runs piecewise
        if padded is not None:
            return BatchDescriptor(RuntimeMode.PIECEWISE, num_tokens, padded)
        return BatchDescriptor(RuntimeMode.NONE, num_tokens, num_tokens)

    def padded_size(self, num_tokens: int, uniform_decode: bool) -> int:
        """Rows a scheduler should build a batch of `num_tokens` real tokens with."""
        return self.dispatch(num_tokens, uniform_decode).padded


def _pad(sizes: list[int], n: int) -> int | None:
    i = bisect.bisect_left(sizes, n)
    return sizes[i] if i < len(sizes) else None
