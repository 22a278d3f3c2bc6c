"""Compile ranges: inclusive token-count intervals, each compiled once and dispatched by size."""

from __future__ import annotations

from collections.abc import Sequence

Range = tuple[int, int]
RangeSpec = int | tuple[int, int] | Sequence[int]


def normalize_ranges(spec: Sequence[RangeSpec]) -> list[Range]:
    """Sorted inclusive ranges; a bare int `n` means `(n, n)`. Empty or overlapping ranges raise."""
    ranges: list[Range] = []
    for item in spec:
        lo, hi = (item, item) if isinstance(item, int) else tuple(item)
        if not (isinstance(lo, int) and isinstance(hi, int)) or lo < 1 or hi < lo:
            raise ValueError(f"compile range {item!r} is empty or invalid: need 1 <= start <= end")
        ranges.append((lo, hi))
    if not ranges:
        raise ValueError("at least one compile range is needed")
    ranges.sort()
    for a, b in zip(ranges, ranges[1:], strict=False):
        if b[0] <= a[1]:
            raise ValueError(f"compile ranges {a} and {b} overlap")
    return ranges


def compile_units(ranges: Sequence[Range]) -> list[Range]:
    """The ranges as compiled: a multi-size range starting at 1 becomes (1, 1) and (2, end).

    Compiling one artifact across sizes 1 and 2 lets a size-oblivious guard (`n > 1`, from fake
    strides) narrow the symbol to start at 2; Inductor's FX graph cache saves that narrowing with
    the artifact, and loading it on a warm start turns it into a real guard that breaks Dynamo's
    constraint on the range. Size 1 compiled on its own has no symbol to narrow.
    """
    units: list[Range] = []
    for lo, hi in ranges:
        units += [(1, 1), (2, hi)] if lo == 1 < hi else [(lo, hi)]
    return units


class RangeTable:
    """O(1) token count → range index (None outside every range)."""

    def __init__(self, ranges: Sequence[Range]) -> None:
        self.ranges = list(ranges)
        self.lo, self.hi = ranges[0][0], ranges[-1][1]
        self._index: list[int | None] = [None] * (self.hi + 1)
        for i, (lo, hi) in enumerate(ranges):
            self._index[lo : hi + 1] = [i] * (hi - lo + 1)

    def find(self, n: int) -> int | None:
        return self._index[n] if 0 <= n <= self.hi else None


def warmup_sizes(ranges: Sequence[Range]) -> list[int]:
    """Sizes that warm every range, largest first: each range's end (never 1 for a multi-size range,
    which would specialise), then 1 again if a multi-size range starts there (its own compile unit).
    """
    sizes = sorted({hi for _, hi in ranges}, reverse=True)
    if any(lo == 1 < hi for lo, hi in ranges):
        sizes.append(1)
    return sizes
