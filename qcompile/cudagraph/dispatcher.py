"""Capture sizes and the dispatcher: the one place that decides how a batch runs.

Graphs exist only for a fixed set of token counts (capture sizes). A batch of `n` tokens is padded
to the smallest captured size `>= n` of the runtime mode it gets; padding rows point at the trash
slot, so they write nothing into real request state. Lookup priority is vLLM's: FULL (uniform
decode only) > PIECEWISE > NONE. A batch that runs without graphs is padded only up to the start
of the compile range above it when it lies below every range (so it still runs compiled code),
never to a graph size it will not use.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from model.context import BatchDescriptor, RuntimeMode
from qcompile.cudagraph.modes import ModePlan

Range = tuple[int, int]

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


def resolve_capture_sizes(
    sizes: Sequence[int] | None, ranges: Sequence[Range], max_size: int | None = None
) -> list[int]:
    """Sorted capture sizes: the given ones, or the default ladder up to `max_size`.

    `max_size` defaults to `min(512, largest compile range end)`. Every size must lie inside a
    compile range: outside them the model runs eagerly, and that is not what a graph should freeze.
    """
    top = max(hi for _, hi in ranges)
    limit = min(DEFAULT_MAX_CAPTURE_SIZE, top) if max_size is None else max_size
    chosen = default_capture_sizes(limit) if sizes is None else sorted(set(sizes))
    if not chosen:
        raise ValueError("capture_sizes is empty; use cudagraph='none' for no graphs")
    bad = [s for s in chosen if not isinstance(s, int) or not any(lo <= s <= hi for lo, hi in ranges)]
    if bad:
        raise ValueError(f"capture sizes {bad} are outside the compile ranges {list(ranges)}")
    return chosen


class Dispatcher:
    """Maps (token count, uniform decode?) to a `BatchDescriptor`; knows which graphs to capture.

    FULL graphs serve uniform decode batches, whose token count is their request count: their sizes
    are the capture sizes up to the first one `>= max_num_seqs` (no decode batch is larger).
    PIECEWISE graphs are captured at every capture size when the mode uses them. `ranges` are the
    compile ranges (none for an uncompiled forward).
    """

    def __init__(
        self,
        plan: ModePlan,
        capture_sizes: Sequence[int] = (),
        max_num_seqs: int | None = None,
        ranges: Sequence[Range] = (),
    ) -> None:
        self.plan = plan
        self.range_starts = sorted(lo for lo, _ in ranges)
        self.range_ends = sorted(hi for _, hi in ranges)
        sizes = sorted(capture_sizes)
        uses = {plan.decode, plan.mixed}
        self.piecewise_sizes = sizes if RuntimeMode.PIECEWISE in uses else []
        full = sizes if RuntimeMode.FULL in uses else []
        if full and max_num_seqs is not None:
            cut = bisect.bisect_left(full, max_num_seqs)
            full = full[: cut + 1]
        self.full_sizes = full

    @property
    def capture_sizes(self) -> list[int]:
        """Every size some graph exists for (what a scheduler may pad to)."""
        return sorted(set(self.piecewise_sizes) | set(self.full_sizes))

    def graph_keys(self) -> list[tuple[RuntimeMode, int]]:
        """Graphs in capture order: piecewise, then full, each largest first (smaller ones reuse the pool)."""
        return [(RuntimeMode.PIECEWISE, s) for s in reversed(self.piecewise_sizes)] + [
            (RuntimeMode.FULL, s) for s in reversed(self.full_sizes)
        ]

    def dispatch(self, num_tokens: int, uniform_decode: bool) -> BatchDescriptor:
        if num_tokens < 1:
            raise ValueError(f"a batch needs at least one token, not {num_tokens}")
        if uniform_decode and self.plan.decode is RuntimeMode.FULL:
            padded = _pad(self.full_sizes, num_tokens)
            if padded is not None:
                return BatchDescriptor(RuntimeMode.FULL, num_tokens, padded)
        padded = _pad(self.piecewise_sizes, num_tokens)  # empty unless mixed batches run piecewise
        if padded is not None:
            return BatchDescriptor(RuntimeMode.PIECEWISE, num_tokens, padded)
        return BatchDescriptor(RuntimeMode.NONE, num_tokens, self._range_padded(num_tokens))

    def _range_padded(self, n: int) -> int:
        """`n` inside a compile range; below every range that holds it, the next range's start."""
        i = bisect.bisect_left(self.range_ends, n)
        if i == len(self.range_ends):
            return n  # past every range: the eager fallback, unpadded
        return max(n, self.range_starts[i])


def _pad(sizes: list[int], n: int) -> int | None:
    i = bisect.bisect_left(sizes, n)
    return sizes[i] if i < len(sizes) else None
