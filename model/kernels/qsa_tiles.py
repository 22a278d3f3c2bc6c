"""The key tiles a QSA choice keeps: per group of consecutive rows, the ascending list of key tiles that hold a
key one of its rows sees.

Under QSA a row at position `t` sees keys `j <= t` that lie in a chosen complete block or in the incomplete
tail block `(t + 1) // block * block .. t` (`attention_decode.qsa_visible`, `Attention.qsa_allowed`). At long
contexts almost every key tile holds none, so the attention kernels walk a list instead of the whole key
range: the prefill kernel a row tile's list of key tiles (the union of its `TOKENS` rows' tiles, in the order
the dense walk met them), the split-K decode kernel (and the prefill rows far past the budget) a row's list of
the blocks it sees (`kept_blocks`: tiles of one block; split `s` its entries `s * n // S ..`), whose keys it
gathers.

The list is built by a grid of (group, chunk of `CHUNK` tiles, or `BLOCK_CHUNK` blocks) programs, so its
time does not grow with a row's length (one program scanning its row serially added ~90 µs to a decode layer
from 8k to 262k keys on the H100, `scripts/experiments/bench_qsa_decode.py`). Each program marks its
chunk's kept tiles; where a tile's blocks are whole (`BN % BLOCK == 0`) they are one contiguous
`[CHUNK * BN // BLOCK]` byte load of `chosen`, reshaped to `[CHUNK, BN // BLOCK]`, else each tile gathers
the `NBT` blocks it overlaps. Two launches of the one kernel: the first stores each chunk's count of kept
tiles; the second loads its group's counts (one vector), and each chunk appends its tiles at the exclusive
prefix of the counts before it, by a scan within the chunk. A row of one chunk needs only the second. A
fixed grid from static sizes, no host sync (CUDA graphs), the list's length in a device tensor; its
capacity depends on static sizes only (`capacity`): `topk` chosen blocks and the tail block of each row
each touch at most `tiles_a_block` tiles.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels.codes import add, interpreted, maximum, pdl_launch, wait_for_inputs

# tiles a program marks: 4 KB of `chosen` with blocks of 4 and tiles of 32 keys (32 B a thread over 4 warps;
# the gathered path's [512, 16] bytes 64 a thread, as the old serial kernel's over 16 warps, which did not
# spill): a 262k row in 17 programs a pass, batch 8 in 136, about one an SM of the H100's 132
CHUNK = 512
# blocks a program marks in a list of blocks (tiles of one block, `kept_blocks`): the same 4 KB of `chosen` as
# `CHUNK` tiles of 8 blocks, so a 262k row is again 16 programs a pass
BLOCK_CHUNK = 4096
LIST_WARPS = 4


@triton.jit
def _row_kept(chosen, positions, r, live, i, c0, BN: tl.constexpr, BLOCK: tl.constexpr, NCHOSEN: tl.constexpr,
              NBT: tl.constexpr, CHUNK: tl.constexpr):  # fmt: skip
    """Whether row `r` (if `live`) sees a key of each tile `i = c0 ..` `[CHUNK]`: a complete block it chose
    overlaps the tile, or its tail block's keys `nb * BLOCK .. t` do."""
    t = tl.load(positions + r, mask=live, other=-1).to(tl.int32)  # -1: no complete block, no tail key
    nb = (t + 1) // BLOCK  # complete blocks: the tail block starts at nb * BLOCK
    row = chosen + r.to(tl.int64) * NCHOSEN
    lo = i * BN
    if BN % BLOCK == 0:  # a tile's BN // BLOCK blocks, contiguous over the chunk: one coalesced load
        blk = c0 * (BN // BLOCK) + tl.arange(0, CHUNK * (BN // BLOCK))
        pick = tl.reshape(tl.load(row + blk, mask=blk < nb, other=0), (CHUNK, BN // BLOCK))
    else:  # the blocks overlapping each tile, gathered
        blk = (lo // BLOCK)[:, None] + tl.arange(0, NBT)[None, :]
        pick = tl.load(row + blk, mask=(blk * BLOCK < lo[:, None] + BN) & (blk < nb), other=0)
    chose = tl.reduce((pick != 0).to(tl.int32), 1, maximum) > 0
    return chose | (tl.maximum(lo, nb * BLOCK) <= tl.minimum(lo + BN - 1, t))


@triton.jit
def _kept_tiles_kernel(
    chosen,
    positions,
    groups,
    chunk_counts,
    tiles,
    counts,
    BN: tl.constexpr,
    BLOCK: tl.constexpr,
    NCHOSEN: tl.constexpr,
    CAP: tl.constexpr,
    NBT: tl.constexpr,
    CHUNK: tl.constexpr,
    CHUNKS: tl.constexpr,
    BC: tl.constexpr,
    ROWS: tl.constexpr,
    GROUPS: tl.constexpr,
    WRITE: tl.constexpr,
    PDL: tl.constexpr,
):
    """Program `(g, c)`: tiles `c * CHUNK ..` of group `g`, rows `first .. first + count - 1` (`groups [G, 2]`
    with GROUPS, else row `g` alone). Without WRITE it stores its count of kept tiles in `chunk_counts
    [G, CHUNKS]`; with WRITE it stores the tiles themselves after those of the chunks before (and chunk 0
    the group's count)."""
    wait_for_inputs(PDL)
    g = tl.program_id(0)
    c = tl.program_id(1)
    if GROUPS:
        first = tl.load(groups + 2 * g)
        count = tl.load(groups + 2 * g + 1)
    else:
        first = g
        count = tl.full((), 1, tl.int32)
    c0 = c * CHUNK
    i = c0 + tl.arange(0, CHUNK)
    kept = _row_kept(chosen, positions, first, count > 0, i, c0, BN, BLOCK, NCHOSEN, NBT, CHUNK)
    for k in tl.static_range(1, ROWS):
        kept = kept | _row_kept(chosen, positions, first + k, k < count, i, c0, BN, BLOCK, NCHOSEN, NBT, CHUNK)
    flags = kept.to(tl.int32)
    mine = tl.reduce(flags, 0, add)
    if not WRITE:
        tl.store(chunk_counts + g * CHUNKS + c, mine)
    else:
        if CHUNKS == 1:
            before = 0
            total = mine
        else:  # every chunk's count at once: those before this one place its tiles
            rc = tl.arange(0, BC)
            others = tl.load(chunk_counts + g * CHUNKS + rc, mask=rc < CHUNKS, other=0)
            before = tl.reduce(tl.where(rc < c, others, 0), 0, add)
            total = tl.reduce(others, 0, add)
        at = before + tl.associative_scan(flags, 0, add) - 1
        tl.store(tiles + g * CAP + at, i, mask=kept & (at < CAP))
        tl.store(counts + g, tl.minimum(total, CAP), mask=c == 0)


@functools.cache
def _interpreted(kernel: Any) -> Any:
    return interpreted(kernel)


def tiles_a_block(block: int, bn: int) -> int:
    """The most key tiles of `bn` keys one block of `block` keys (aligned at a multiple of `block`) touches:
    the pattern repeats every lcm(block, bn) keys."""
    return max((k * block + block - 1) // bn - k * block // bn + 1 for k in range(math.lcm(block, bn) // block))


def capacity(topk: int, block: int, bn: int, row_tiles: int, rows: int = 1) -> int:
    """The longest list a group of `rows` rows can have: each row's `topk` chosen blocks and its tail block
    (part of one block) touch at most `tiles_a_block` tiles each, and a row has `row_tiles` tiles (chosen
    blocks past the tail hold no key the row sees)."""
    return min(row_tiles, rows * (topk + 1) * tiles_a_block(block, bn))


def kept_tiles(
    chosen: torch.Tensor,
    positions: torch.Tensor,
    block: int,
    bn: int,
    cap: int,
    groups: torch.Tensor | None = None,
    rows: int = 1,
    chunk: int = CHUNK,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Each group's kept key tiles of `bn` keys, ascending, `[G, cap]` int32 (entries past the count
    unwritten), and their count `[G]` int32: the tiles holding a key one of its rows sees. `chosen [N, NB+1]`
    int8 (nonzero = chosen block of `block` keys, as `qsa_select.select_blocks` returns it), `positions
    [N]`; groups are the rows one by one, or `groups [G, 2]` int32 (first row, rows; at most `rows` each,
    `attention_prefill.tiles`). `cap` from `capacity`, which a group whose rows keep at most `topk` blocks
    each never exceeds (a longer list is cut at `cap`). `chunk`: tiles a program (a power of two)."""
    count = chosen.shape[0] if groups is None else groups.shape[0]
    tiles = torch.empty(count, cap, dtype=torch.int32, device=chosen.device)
    counts = torch.empty(count, dtype=torch.int32, device=chosen.device)
    if count == 0:
        return tiles, counts
    row_tiles = (chosen.shape[1] * block - 1) // bn + 1  # the tiles of keys whose blocks `chosen` holds
    chunk = min(chunk, triton.next_power_of_2(row_tiles))
    chunks = -(-row_tiles // chunk)
    chunk_counts = torch.empty(count, chunks, dtype=torch.int32, device=chosen.device)
    kernel = _kept_tiles_kernel if chosen.is_cuda else _interpreted(_kept_tiles_kernel)
    for write in (True,) if chunks == 1 else (False, True):
        kernel[(count, chunks)](
            chosen, positions, chosen if groups is None else groups, chunk_counts, tiles, counts, BN=bn, BLOCK=block,
            NCHOSEN=chosen.shape[1], CAP=cap, NBT=triton.next_power_of_2((bn + block - 2) // block + 1), CHUNK=chunk,
            CHUNKS=chunks, BC=triton.next_power_of_2(chunks), ROWS=1 if groups is None else rows,
            GROUPS=groups is not None, WRITE=write, num_warps=LIST_WARPS, **pdl_launch(chosen),
        )  # fmt: skip
    return tiles, counts


def kept_blocks(
    chosen: torch.Tensor, positions: torch.Tensor, block: int, topk: int, groups: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor, int]:
    """Each row's blocks it sees, ascending: its chosen complete blocks below its tail and its tail block
    (`kept_tiles` with tiles of one block, `BLOCK_CHUNK` a program); their count; the lists' capacity,
    `topk + 1` (or the row's blocks). The rows are `chosen`'s one by one, or `groups [R, 2]` of one row each."""
    cap = capacity(topk, block, block, chosen.shape[1])
    return (*kept_tiles(chosen, positions, block, block, cap, groups, chunk=BLOCK_CHUNK), cap)
