"""A GEMM's K loop as the block-scaled GEMMs share it (fused MoE, weight-only): K splits and multipliers ahead.

Split K: the loop's K tiles in ranges of whole tiles, one program each (grid axis 2), each writing a float32
partial that a later kernel sums in split order (`k_splits` on the host, `k_range` in the kernel).

Multipliers ahead: a K tile's block scale (a weight's `weight_scale_inv`, an activation group's scale) is a
plain global load that only multiplies the tile's float32 partial; Triton's software pipeline prefetches
only the loads that feed `tl.dot`, so inside the loop each K tile would wait one memory latency for it.
`ahead` loads the scales of every block a program's K range touches before the loop, and `picked` takes a K
tile's from them by a sum with zeros: the same float, so the same bits (docs/measurements.md, "Split K and
multipliers ahead at decode", and its prefill section).
"""

from __future__ import annotations

import triton
import triton.language as tl

from model.kernels.codes import add


def k_splits(k: int, block_k: int, split_k: int) -> tuple[int, int]:
    """(splits, inputs per split) of a K loop over `k` inputs in K tiles of `block_k` split `split_k` ways:
    each split whole K tiles, as many as the tiles allow (20 tiles in 8 ways: 7 splits of 3)."""
    tiles = triton.cdiv(k, block_k)
    per_split = triton.cdiv(tiles, min(split_k, tiles)) * block_k
    return triton.cdiv(k, per_split), per_split


def ahead_span(per_split: int, block: int) -> int:
    """The kernels' AHEAD for scale blocks `block` inputs deep: a power of two holding the blocks a program's
    `per_split` inputs touch (one more where a split may start inside a block)."""
    return triton.next_power_of_2(triton.cdiv(per_split, block) + (per_split % block != 0))


@triton.jit
def k_range(K, K_PER_SPLIT, SPLIT: tl.constexpr):
    """[start, end) of the inputs this program's K loop covers: split `program_id(2)`'s, or all K."""
    if SPLIT:
        k_start = tl.program_id(2) * K_PER_SPLIT
        k_end = tl.minimum(k_start + K_PER_SPLIT, K)
    else:
        k_start = 0
        k_end = K
    return k_start, k_end


@triton.jit
def ahead(scales, live, k_start, k_end, BK, AHEAD: tl.constexpr):
    """AHEAD > 0: the scales at `scales + b` of the blocks `b` (BK inputs deep) from `k_start`'s on that
    `[k_start, k_end)` reads, `[AHEAD]` for a scalar pointer, `[R, AHEAD]` for a `[R, 1]` one (rows not
    `live` and blocks past the range read 0), loaded before the K loop; else `scales` as given."""
    if AHEAD > 0:
        kb = k_start // BK + tl.arange(0, AHEAD)
        scales = tl.load(scales + kb, mask=(kb < (k_end + BK - 1) // BK) & live, other=0.0)
    return scales


@triton.jit
def picked(scales, j, AXIS: tl.constexpr, AHEAD: tl.constexpr):
    """Entry `j` of `scales`' last axis (AXIS, AHEAD long; `ahead`'s), as a sum of it and zeros: the same float."""
    return tl.reduce(tl.where(tl.arange(0, AHEAD) == j, scales, 0.0), AXIS, add)
