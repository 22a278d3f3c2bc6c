"""QSA block selection for decode rows, reading each slot's cached block keys in place, through its pages.

The torch reference (`model.attention.Attention.qsa_chosen`) gathers each row's block keys, scores
them in one fp32 matmul, masks the incomplete blocks with -inf, sorts every row (stable, descending)
and scatters the first `topk` indices. The choice needs only each block's place in that order:
block `j` is among the first `topk` exactly when its rank

    rank_j = #{i : s_i > s_j} + #{i < j : s_i == s_j}

is below `topk`. Two kernels compute it: `_score_kernel` writes the fp32 scores of the complete
blocks (`sum_heads relu(q . k)`: the reference's `1 / sqrt(Di)` is a positive factor and leaves the
order alone), reading block `j` of slot `s` from page `block_table[s, j // blocks a page]`
(`model/paging.py`), and `_rank_kernel` counts, for a tile of blocks, the blocks that outrank them.
A row whose complete blocks all fit the budget counts nothing. A masked block `j >= nb` ranks after every
complete one and after the masked ones before it, so its rank is `j` and it is chosen when `j < topk`
(as the sort chooses it; the attention reads such blocks only through causality).

CPU tensors run the same kernels in Triton's interpreter (how the CPU tests check them).
"""

from __future__ import annotations

import functools
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels.codes import add, interpreted, pdl_launch, wait_for_inputs

BLOCK_J = 64  # blocks per program (scored, or ranked)
BLOCK_I = 64  # blocks per compare step of the ranking


@triton.jit
def _score_kernel(
    iq,
    keys,
    block_table,
    slots,
    positions,
    scores,
    stride_table,
    stride_page,
    stride_blk,
    PER_PAGE: tl.constexpr,
    TOTAL: tl.constexpr,
    HI: tl.constexpr,
    DI: tl.constexpr,
    BD: tl.constexpr,
    BLOCK: tl.constexpr,
    BJ: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
    b = tl.program_id(0)
    rj = tl.program_id(1) * BJ + tl.arange(0, BJ)
    nb = (tl.load(positions + b).to(tl.int32) + 1) // BLOCK
    mj = rj < nb
    rd = tl.arange(0, BD)
    md = rd < DI
    slot = tl.load(slots + b).to(tl.int64)
    page = tl.load(block_table + slot * stride_table + rj // PER_PAGE, mask=mj, other=0).to(tl.int64)
    offs = page[:, None] * stride_page + (rj % PER_PAGE)[:, None] * stride_blk + rd[None, :]
    kt = tl.load(keys + offs, mask=mj[:, None] & md[None, :], other=0.0).to(tl.float32)
    acc = tl.full([BJ], 0.0, tl.float32)
    for h in tl.static_range(HI):
        qh = tl.load(iq + (b * HI + h) * DI + rd, mask=md, other=0.0).to(tl.float32)
        s = tl.reduce(kt * qh[None, :], 1, add)
        acc += tl.where(s > 0, s, 0.0)  # relu, and +0.0 for every non-positive dot
    tl.store(scores + b * TOTAL + rj, acc, mask=mj)


@triton.jit
def _rank_kernel(
    scores,
    positions,
    chosen,
    TOTAL: tl.constexpr,
    TOPK: tl.constexpr,
    BLOCK: tl.constexpr,
    BJ: tl.constexpr,
    BI: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
    b = tl.program_id(0)
    j0 = tl.program_id(1) * BJ
    rj = j0 + tl.arange(0, BJ)
    nb = (tl.load(positions + b).to(tl.int32) + 1) // BLOCK
    valid = rj < nb
    sj = tl.load(scores + b * TOTAL + rj, mask=valid, other=0.0)
    # compare only when this tile holds a complete block and the complete blocks exceed the budget
    end = tl.where((j0 < nb) & (nb > TOPK), nb, 0)
    ahead = tl.full([BJ], 0, tl.int32)
    for i0 in range(0, end, BI):
        ri = i0 + tl.arange(0, BI)
        si = tl.load(scores + b * TOTAL + ri, mask=ri < end, other=0.0)
        beats = (si[None, :] > sj[:, None]) | ((si[None, :] == sj[:, None]) & (ri[None, :] < rj[:, None]))
        ahead += tl.reduce((beats & (ri < end)[None, :]).to(tl.int32), 1, add)
    pick = tl.where(valid, ahead < TOPK, rj < TOPK) & (rj < TOTAL)
    tl.store(chosen + b * (TOTAL + 1) + rj, pick.to(tl.int8), mask=rj <= TOTAL)


@functools.cache
def _interpreted(kernel: Any) -> Any:
    return interpreted(kernel, keep=(add,))


def select_blocks(
    iq: torch.Tensor,
    keys: torch.Tensor,
    block_table: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    topk: int,
    block: int,
    total: int,
) -> torch.Tensor:
    """The blocks each decode row keeps: `[B, total + 1]` int8 (1 = chosen), as `qsa_chosen`'s mask.

    `iq [B, Hi, Di]` are the rows' indexer queries at `positions [B]`; `keys [pages, blocks a page, Di]`
    the block-key pool (unit stride over Di), read through the int32 `block_table [slots, pages a
    row]` at `slots [B]`; of `total` blocks (the rows' most) of `block` tokens each, `topk` are kept.
    """
    bsz, hi, di = iq.shape
    if keys.dim() != 3 or keys.shape[-1] != di or keys.stride(-1) != 1:
        shapes = f"iq {tuple(iq.shape)}, keys {tuple(keys.shape)}"
        raise ValueError(f"{shapes}: expected keys [pages, blocks a page, Di], unit stride on Di")
    table_ok = block_table.dim() == 2 and block_table.dtype == torch.int32 and block_table.stride(-1) == 1
    if not table_ok or total > block_table.shape[1] * keys.shape[1]:
        got = f"{block_table.dtype} {list(block_table.shape)}"
        raise ValueError(f"block_table: expected int32 [slots, pages a row] covering {total} blocks, got {got}")
    chosen = torch.empty(bsz, total + 1, dtype=torch.int8, device=iq.device)
    if bsz == 0:
        return chosen
    scores = torch.empty(bsz, total, dtype=torch.float32, device=iq.device)
    score = _score_kernel if iq.is_cuda else _interpreted(_score_kernel)
    rank = _rank_kernel if iq.is_cuda else _interpreted(_rank_kernel)
    iq = iq.contiguous()
    dependent = pdl_launch(iq)
    score[(bsz, triton.cdiv(total, BLOCK_J))](
        iq,
        keys,
        block_table,
        slots,
        positions,
        scores,
        block_table.stride(0),
        keys.stride(0),
        keys.stride(1),
        PER_PAGE=keys.shape[1],
        TOTAL=total,
        HI=hi,
        DI=di,
        BD=triton.next_power_of_2(di),
        BLOCK=block,
        BJ=BLOCK_J,
        num_warps=4,
        **dependent,
    )
    rank[(bsz, triton.cdiv(total + 1, BLOCK_J))](
        scores,
        positions,
        chosen,
        TOTAL=total,
        TOPK=topk,
        BLOCK=block,
        BJ=BLOCK_J,
        BI=BLOCK_I,
        num_warps=4,
        **dependent,
    )
    return chosen
