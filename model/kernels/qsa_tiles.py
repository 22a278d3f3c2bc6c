"""The key tiles a decode row's QSA choice keeps: per row, the ascending list of key tiles that hold a key it sees.

Under QSA a decode row at position `t` sees keys `j <= t` that lie in a chosen complete block or in the
incomplete tail block `(t + 1) // block * block .. t` (`attention_decode.qsa_visible`, `Attention.qsa_allowed`).
At long contexts almost every key tile of the row holds none, so the split-K decode kernel walks this list
(split `s` its entries `s * per ..`) instead of the whole key range: its work follows the kept tiles, spread
evenly over the splits however the choice clusters.

One program a row reads its `chosen` bytes a step of `STEP` tiles at a time (each tile's blocks as one
`[STEP, NBT]` load), marks the tiles with a kept key and appends them by a prefix sum: a fixed grid, no host
sync (CUDA graphs), the list's length in a device tensor. The list's capacity depends on static sizes only
(`capacity`): `topk` chosen blocks and the tail block each touch at most `tiles_a_block` tiles.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels.codes import add, interpreted, maximum, pdl_launch, wait_for_inputs

# tiles a step of the list kernel (16 KB of `chosen` with blocks of 4 and tiles of 32 keys: a 262k row in 4
# steps), over 16 warps: no stack on any target (over 8, 176 B a thread on sm_120; over 4, 160-592 B)
STEP = 2048
LIST_WARPS = 16


@triton.jit
def _kept_tiles_kernel(
    chosen,
    positions,
    tiles,
    counts,
    BN: tl.constexpr,
    BLOCK: tl.constexpr,
    NCHOSEN: tl.constexpr,
    CAP: tl.constexpr,
    NBT: tl.constexpr,
    STEP: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
    b = tl.program_id(0)
    t = tl.load(positions + b).to(tl.int32)
    nb = (t + 1) // BLOCK  # complete blocks: the tail block starts at nb * BLOCK
    n = t // BN + 1  # the tiles holding keys 0 .. t
    row = chosen + b.to(tl.int64) * NCHOSEN
    rk = tl.arange(0, NBT)
    count = tl.full((), 0, tl.int32)
    for c0 in range(0, n, STEP):
        i = c0 + tl.arange(0, STEP)
        lo = i * BN
        # the complete blocks overlapping tile i (their keys all <= t) ...
        blk = (lo // BLOCK)[:, None] + rk[None, :]
        live = (blk * BLOCK < lo[:, None] + BN) & (blk < nb) & (i < n)[:, None]
        pick = tl.load(row + blk, mask=live, other=0)
        kept = tl.reduce((pick != 0).to(tl.int32), 1, maximum) > 0
        # ... or the tail's keys nb * BLOCK .. t within it
        kept = (kept | (tl.maximum(lo, nb * BLOCK) <= tl.minimum(lo + BN - 1, t))) & (i < n)
        flags = kept.to(tl.int32)
        at = count + tl.associative_scan(flags, 0, add) - 1
        tl.store(tiles + b * CAP + at, i, mask=kept & (at < CAP))
        count += tl.reduce(flags, 0, add)
    tl.store(counts + b, tl.minimum(count, CAP))


@functools.cache
def _interpreted(kernel: Any) -> Any:
    return interpreted(kernel, keep=(add, maximum))


def tiles_a_block(block: int, bn: int) -> int:
    """The most key tiles of `bn` keys one block of `block` keys (aligned at a multiple of `block`) touches:
    the pattern repeats every lcm(block, bn) keys."""
    return max((k * block + block - 1) // bn - k * block // bn + 1 for k in range(math.lcm(block, bn) // block))


def capacity(topk: int, block: int, bn: int, row_tiles: int) -> int:
    """The longest list a row can have: its `topk` chosen blocks and its tail block (part of one block) touch at
    most `tiles_a_block` tiles each, and a row has `row_tiles` tiles (chosen blocks past the tail hold no key the
    row sees)."""
    return min(row_tiles, (topk + 1) * tiles_a_block(block, bn))


def kept_tiles(
    chosen: torch.Tensor, positions: torch.Tensor, block: int, bn: int, cap: int
) -> tuple[torch.Tensor, torch.Tensor]:
    """Each row's kept key tiles of `bn` keys, ascending, `[B, cap]` int32 (entries past the count unwritten),
    and their count `[B]` int32. `chosen [B, NB+1]` int8 (nonzero = chosen block of `block` keys, as
    `qsa_select.select_blocks` returns it), `positions [B]`; `cap` from `capacity`, which a row whose choice
    keeps at most `topk` blocks never exceeds (a longer list is cut at `cap`)."""
    rows = chosen.shape[0]
    tiles = torch.empty(rows, cap, dtype=torch.int32, device=chosen.device)
    counts = torch.empty(rows, dtype=torch.int32, device=chosen.device)
    if rows == 0:
        return tiles, counts
    step = min(STEP, triton.next_power_of_2(max(1, (chosen.shape[1] - 1) * block // bn + 1)))
    kernel = _kept_tiles_kernel if chosen.is_cuda else _interpreted(_kept_tiles_kernel)
    kernel[(rows,)](
        chosen, positions, tiles, counts, BN=bn, BLOCK=block, NCHOSEN=chosen.shape[1], CAP=cap,
        NBT=triton.next_power_of_2((bn + block - 2) // block + 1), STEP=step, num_warps=LIST_WARPS,
        **pdl_launch(chosen),
    )  # fmt: skip
    return tiles, counts
