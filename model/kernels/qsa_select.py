"""QSA block selection for decode and prefill rows, reading each slot's cached block keys in place, through its pages.

The torch reference (`model.attention.Attention.qsa_chosen`) gathers each row's block keys, scores
them in one fp32 matmul, masks the incomplete blocks with -inf, sorts every row (stable, descending)
and scatters the first `topk` indices. The choice needs only each block's place in that order:
block `j` is among the first `topk` exactly when its rank

    rank_j = #{i : s_i > s_j} + #{i < j : s_i == s_j}

is below `topk`. With `T` the `topk`-th largest score and `E = topk - #{i : s_i > T}`, that is
`s_j > T`, or `s_j == T` with fewer than `E` scores equal to `T` before `j`: a threshold, then a count
of ties in index order, found in five passes over the scores (O(nb) a row; counting each rank was
O(nb^2)).

`block_scores` writes the fp32 scores of the complete blocks (`sum_heads relu(q . k)`: the
reference's `1 / sqrt(Di)` is a positive factor and leaves the order alone), reading block `j` of slot
`s` from page `block_table[s, j // blocks a page]` (`model/paging.py`). Decode rows (CUDA graphs: static
shapes) run `_score_kernel`, one row and 64 blocks a program on CUDA cores, each row reading its keys.
A prefill chunk's rows share theirs: given the batch's host layout (`PrefillRows`, the prefill
attention's `tiles` at `TILE_ROWS` rows), `_tile_score_kernel` takes a tile of a request's rows against
a tile of its blocks, one `tl.dot` a head on tensor cores (IEEE fp32 products for fp32), each key tile
read once a row tile (at 131k context and 8,192 rows: 1.4e11 FMAs and 8 MiB of keys a row tile, where
the row kernel read them 8,192 times), and its scratch holds only the batch's most complete blocks, not
`total` (a chunk ending at 128k of a 256k cache: 1 GiB of fp32 scores for 8,192 rows, not 2).

Each score is +0.0 or more (the relu's `where` maps every non-positive or NaN dot to +0.0, and sums of
such terms are never -0.0 or NaN), so its int32 bit pattern orders as the value does. `T` is found
one 8-bit digit at a time, most significant first (a radix select): pass `p` counts the digit `p` of
the scores whose earlier digits are `T`'s in 256 bins, and the bin holding the `need`-th largest of them is `T`'s digit
(`_pick_digit`). A last pass writes the mask. A row whose complete blocks all fit the budget keeps all
of them. A masked block `j >= nb` ranks after every complete one and after the masked ones before it,
so its rank is `j` and it is chosen when `j < topk` (as the sort chooses it; the attention reads such
blocks only through causality).

Many rows (a prefill chunk) or short rows run one program a row, `_select_row_kernel`, which makes
every pass itself. A few long rows (decode at long context) would leave most SMs idle that way, so
their rows are split into tiles (`selection_tiles`): `_histogram_kernel`, launched once a digit, adds
each tile's counts to the row's histograms atomically (the next launch reads them), and its last
launch keeps each tile's own counts too, from which `_choose_kernel` knows how many ties with `T` lie
in the tiles before its own. Every grid depends on shapes alone (CUDA graphs), and every kernel keeps
the PDL protocol (`model/kernels/codes.py`): a launch reads what the launches before it wrote only
after its wait.

CPU tensors run the same kernels in Triton's interpreter (how the CPU tests check them).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import triton
import triton.language as tl

from model.kernels.codes import interpreted, maximum, pdl_launch, wait_for_inputs
from model.kernels.mma import mma

BLOCK_J = 64  # blocks a score program
TILE_ROWS = 64  # rows a tile of the tensor-core score (prefill): `attention_prefill.tiles` at this size
TILE_BLOCKS = 64  # blocks a tile of it
TILE_WARPS = 4
WIDTH_MULTIPLE = 16  # a prefill batch's score rows are padded to it (`block_scores`)
CHUNK = 512  # scores a step of the selection passes (4 a thread at 4 warps)
PROGRAMS = 1024  # programs a split pass aims at: a batch-1 row of 64k blocks spreads over 129 tiles
# rows of at most this many chunks (the bench's 518 blocks) run one program a row: 10 steps in it, not 4 launches more
ROW_CHUNKS = 2
RADIX = tl.constexpr(256)  # histogram bins: a digit of 8 bits
DIGITS = tl.constexpr(4)  # digits of a score's 32 bits
SUM = tl.standard._sum_combine  # tl.sum's own combine: numpy's sum and cumsum when interpreted


@triton.jit
def _score_kernel(
    iq,
    keys,
    block_table,
    slots,
    positions,
    scores,
    hist,
    stride_table,
    stride_page,
    stride_blk,
    width,
    PER_PAGE: tl.constexpr,
    HI: tl.constexpr,
    DI: tl.constexpr,
    BD: tl.constexpr,
    BLOCK: tl.constexpr,
    BJ: tl.constexpr,
    SPLIT: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
    b = tl.program_id(0)
    if SPLIT:  # the split passes add to the row's histograms: they start empty
        if tl.program_id(1) == 0:
            rh = tl.arange(0, DIGITS * RADIX)
            tl.store(hist + b * (DIGITS * RADIX) + rh, tl.full([DIGITS * RADIX], 0, tl.int32))
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
        s = tl.reduce(kt * qh[None, :], 1, SUM)
        acc += tl.where(s > 0, s, 0.0)  # relu, and +0.0 for every non-positive (or NaN) dot
    tl.store(scores + b.to(tl.int64) * width + rj, acc, mask=mj)


@triton.jit
def _tile_score_kernel(
    iq,
    keys,
    block_table,
    slots,
    positions,
    row_tiles,
    scores,
    stride_table,
    stride_page,
    stride_blk,
    width,
    PER_PAGE: tl.constexpr,
    HI: tl.constexpr,
    DI: tl.constexpr,
    BD: tl.constexpr,
    BLOCK: tl.constexpr,
    BT: tl.constexpr,
    BN: tl.constexpr,
    DOT_F32: tl.constexpr,
    PDL: tl.constexpr,
):
    """Program `(tile, n)`: the scores of rows `first .. first + count - 1` (one slot) over blocks `n * BN
    ..`, a `[BT, BN]` product a head on tensor cores; a block tile past the tile's last complete block
    does nothing."""
    wait_for_inputs(PDL)
    tile = tl.program_id(0)
    first = tl.load(row_tiles + 2 * tile)
    count = tl.load(row_tiles + 2 * tile + 1)
    rt = tl.arange(0, BT)
    live = rt < count
    row = first + rt
    nb = (tl.load(positions + row, mask=live, other=-1).to(tl.int32) + 1) // BLOCK  # 0 on dead rows
    last = tl.reduce(nb, 0, maximum)
    j0 = tl.program_id(1) * BN
    if j0 < last:
        rj = j0 + tl.arange(0, BN)
        mj = rj < last
        rd = tl.arange(0, BD)
        md = rd < DI
        slot = tl.load(slots + first).to(tl.int64)
        page = tl.load(block_table + slot * stride_table + rj // PER_PAGE, mask=mj, other=0).to(tl.int64)
        offs = page[:, None] * stride_page + (rj % PER_PAGE)[:, None] * stride_blk + rd[None, :]
        kt = tl.trans(tl.load(keys + offs, mask=mj[:, None] & md[None, :], other=0.0))
        q_tile = iq + first.to(tl.int64) * (HI * DI)  # int32 offsets from the tile's first row
        qrows = (rt * HI)[:, None] * DI + rd[None, :]
        acc = tl.full([BT, BN], 0.0, tl.float32)
        for h in range(HI):  # a loop, not unrolled: four heads' query tiles at once spill
            qh = tl.load(q_tile + qrows + h * DI, mask=live[:, None] & md[None, :], other=0.0)
            s = mma(tl.full([BT, BN], 0.0, tl.float32), qh, kt, DOT_F32, False)
            acc += tl.where(s > 0, s, 0.0)  # relu, and +0.0 for every non-positive (or NaN) dot
        out = scores + row.to(tl.int64)[:, None] * width + rj[None, :]
        tl.store(out, acc, mask=live[:, None] & (rj[None, :] < nb[:, None]))


@triton.jit
def _pick_digit(counts, prefix, need):
    """(`prefix` and the next digit of the `need`-th largest score among those whose earlier digits are
    `prefix`, as one number; how many of the scores with those digits are still to be chosen), from
    `counts [RADIX]` of the next digit of those scores."""
    bins = tl.arange(0, RADIX)
    upto = tl.associative_scan(counts, 0, SUM, reverse=True)  # scores whose digit is the bin's or more
    above = upto - counts
    hit = (above < need) & (upto >= need)  # one bin: the digit of the `need`-th largest
    digit = tl.reduce(tl.where(hit, bins, 0), 0, SUM)
    return prefix * RADIX + digit, need - tl.reduce(tl.where(hit, above, 0), 0, SUM)


@triton.jit
def _threshold(hist, TOPK: tl.constexpr, FOUND: tl.constexpr):
    """`_pick_digit`'s (prefix, need) after the first `FOUND` digits, from the row's histograms at `hist`."""
    prefix = tl.full([], 0, tl.int32)
    need = tl.full([], TOPK, tl.int32)
    for p in tl.static_range(FOUND):
        prefix, need = _pick_digit(tl.load(hist + p * RADIX + tl.arange(0, RADIX)), prefix, need)
    return prefix, need


@triton.jit
def _digit_counts(row, start, stop, prefix, DIGIT: tl.constexpr, BC: tl.constexpr):
    """Counts `[RADIX]` of digit `DIGIT` of the score bits `row[start:stop]` whose earlier digits are
    `prefix`."""
    counts = tl.full([RADIX], 0, tl.int32)
    for c0 in range(start, stop, BC):
        rj = c0 + tl.arange(0, BC)
        live = rj < stop
        u = tl.load(row + rj, mask=live, other=0)
        if DIGIT > 0:
            live &= (u >> (8 * (DIGITS - DIGIT))) == prefix
        counts += tl.histogram((u >> (8 * (DIGITS - 1 - DIGIT))) & (RADIX - 1), RADIX, mask=live)
    return counts


@triton.jit
def _write_choice(
    row, out, start, stop, nb, thr, ties, before, TOPK: tl.constexpr, TOTAL: tl.constexpr, BC: tl.constexpr
):
    """Mask columns `start .. stop - 1` of a row into `out`: past the budget, the blocks scoring over
    `thr` and the first `ties` scoring `thr` (`before` of which lie before `start`); within it, the
    first `TOPK` columns."""
    over = nb > TOPK
    for c0 in range(start, stop, BC):
        rj = c0 + tl.arange(0, BC)
        valid = rj < nb
        u = tl.load(row + rj, mask=valid, other=0)
        tie = (valid & (u == thr)).to(tl.int32)
        rank = before + tl.associative_scan(tie, 0, SUM) - tie  # ties before each block
        pick = tl.where(over, valid & ((u > thr) | ((tie > 0) & (rank < ties))), rj < TOPK) & (rj < TOTAL)
        tl.store(out + rj, pick.to(tl.int8), mask=rj < stop)
        before += tl.reduce(tie, 0, SUM)


@triton.jit
def _select_row_kernel(
    bits, positions, chosen, width, TOTAL: tl.constexpr, TOPK: tl.constexpr, BLOCK: tl.constexpr, BC: tl.constexpr,
    PDL: tl.constexpr,
):  # fmt: skip
    wait_for_inputs(PDL)
    b = tl.program_id(0)
    row = bits + b.to(tl.int64) * width
    nb = (tl.load(positions + b).to(tl.int32) + 1) // BLOCK
    stop = tl.where(nb > TOPK, nb, 0)  # nothing to count within the budget
    prefix = tl.full([], 0, tl.int32)
    need = tl.full([], TOPK, tl.int32)
    for d in tl.static_range(DIGITS):
        prefix, need = _pick_digit(_digit_counts(row, 0, stop, prefix, d, BC), prefix, need)
    before = tl.full([], 0, tl.int32)
    _write_choice(row, chosen + b.to(tl.int64) * (TOTAL + 1), 0, TOTAL + 1, nb, prefix, need, before, TOPK, TOTAL, BC)


@triton.jit
def _histogram_kernel(
    bits,
    positions,
    hist,
    tile_hist,
    span,
    width,
    TOTAL: tl.constexpr,
    TOPK: tl.constexpr,
    BLOCK: tl.constexpr,
    DIGIT: tl.constexpr,
    BC: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
    b = tl.program_id(0)
    t = tl.program_id(1)
    nb = (tl.load(positions + b).to(tl.int32) + 1) // BLOCK
    prefix, _ = _threshold(hist + b * (DIGITS * RADIX), TOPK, DIGIT)
    start = t * span
    stop = tl.where(nb > TOPK, tl.minimum(start + span, nb), start)  # nothing to count within the budget
    counts = _digit_counts(bits + b.to(tl.int64) * width, start, stop, prefix, DIGIT, BC)
    bins = tl.arange(0, RADIX)
    tl.atomic_add(hist + (b * DIGITS + DIGIT) * RADIX + bins, counts, mask=counts > 0, sem="relaxed")
    if DIGIT == DIGITS - 1:  # the tile's own counts: its ties with T
        tl.store(tile_hist + (b * tl.num_programs(1) + t) * RADIX + bins, counts)


@triton.jit
def _choose_kernel(
    bits,
    positions,
    hist,
    tile_hist,
    chosen,
    span,
    width,
    TOTAL: tl.constexpr,
    TOPK: tl.constexpr,
    BLOCK: tl.constexpr,
    BC: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
    b = tl.program_id(0)
    t = tl.program_id(1)
    nb = (tl.load(positions + b).to(tl.int32) + 1) // BLOCK
    thr, ties = _threshold(hist + b * (DIGITS * RADIX), TOPK, DIGITS)
    before = tl.full([], 0, tl.int32)  # ties with T in the tiles before this one
    for t0 in range(0, tl.where(nb > TOPK, t, 0), BC):
        rt = t0 + tl.arange(0, BC)
        tiles = tile_hist + (b * tl.num_programs(1) + rt) * RADIX + (thr & (RADIX - 1))
        before += tl.reduce(tl.load(tiles, mask=rt < t, other=0), 0, SUM)
    start = t * span
    stop = tl.minimum(start + span, TOTAL + 1)
    row = bits + b.to(tl.int64) * width
    _write_choice(row, chosen + b.to(tl.int64) * (TOTAL + 1), start, stop, nb, thr, ties, before, TOPK, TOTAL, BC)


def selection_tiles(rows: int, total: int) -> tuple[int, int]:
    """(mask columns a tile, tiles a row) of the selection over `rows` rows of `total + 1` columns: one
    tile a row where the rows are short (`ROW_CHUNKS`) or many; else tiles of whole `CHUNK`s, as many as
    bring the programs to about `PROGRAMS`."""
    chunks = triton.cdiv(total + 1, CHUNK)
    split = 1 if chunks <= ROW_CHUNKS else max(1, min(chunks, PROGRAMS // rows))
    span = triton.cdiv(chunks, split) * CHUNK
    return span, triton.cdiv(total + 1, span)


@dataclass(frozen=True)
class PrefillRows:
    """A batch's rows as its host layout gives them (`attention_prefill.tiles`): `tiles [T, 2]` int32
    (first row, rows) on the device, each run of at most `size` rows in one slot, together covering every
    row once; `blocks`, the most complete blocks of any row (the scores' width)."""

    tiles: torch.Tensor
    size: int
    blocks: int


def block_scores(
    iq: torch.Tensor,
    keys: torch.Tensor,
    block_table: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    block: int,
    total: int,
    rows: PrefillRows | None = None,
    hist: torch.Tensor | None = None,
) -> torch.Tensor:
    """`[B, width]` fp32: row `i`'s score of each of its complete blocks `j < nb_i` (`sum_heads relu(q .
    k)`, +0.0 or more; later columns unwritten), arguments as `select_blocks` takes them. `width` is
    `total`, or with `rows` their `blocks` rounded up to a multiple of `WIDTH_MULTIPLE` (the row stride
    every kernel here is specialised on: one class for every batch, whose own count would make each `== 1`
    or `% 16` class a compile at serve time); `hist` (the split passes' histograms), when given, is emptied."""
    bsz, hi, di = iq.shape
    if keys.dim() != 3 or keys.shape[-1] != di or keys.stride(-1) != 1:
        shapes = f"iq {tuple(iq.shape)}, keys {tuple(keys.shape)}"
        raise ValueError(f"{shapes}: expected keys [pages, blocks a page, Di], unit stride on Di")
    table_ok = block_table.dim() == 2 and block_table.dtype == torch.int32 and block_table.stride(-1) == 1
    if not table_ok or total > block_table.shape[1] * keys.shape[1]:
        got = f"{block_table.dtype} {list(block_table.shape)}"
        raise ValueError(f"block_table: expected int32 [slots, pages a row] covering {total} blocks, got {got}")
    if rows is not None:
        check_rows(rows, total)
    width = total if rows is None else triton.cdiv(max(rows.blocks, 1), WIDTH_MULTIPLE) * WIDTH_MULTIPLE
    scores = torch.empty(bsz, width, dtype=torch.float32, device=iq.device)
    if bsz == 0:
        return scores
    iq = iq.contiguous()
    page_args = (block_table.stride(0), keys.stride(0), keys.stride(1), width)
    bd = max(16, triton.next_power_of_2(di))  # tl.dot takes K of 16 or more
    shape = {"PER_PAGE": keys.shape[1], "HI": hi, "DI": di, "BD": bd, "BLOCK": block}
    if rows is None:
        score = _score_kernel if iq.is_cuda else interpreted(_score_kernel)
        score[(bsz, triton.cdiv(total, BLOCK_J))](
            iq, keys, block_table, slots, positions, scores, scores if hist is None else hist, *page_args, **shape,
            BJ=BLOCK_J, SPLIT=hist is not None, num_warps=4, **pdl_launch(iq),
        )  # fmt: skip
        return scores
    if hist is not None:
        hist.zero_()
    score = _tile_score_kernel if iq.is_cuda else interpreted(_tile_score_kernel)
    score[(rows.tiles.shape[0], triton.cdiv(width, TILE_BLOCKS))](
        iq, keys, block_table, slots, positions, rows.tiles, scores, *page_args, **shape,
        BT=max(16, triton.next_power_of_2(rows.size)), BN=TILE_BLOCKS,
        DOT_F32=iq.dtype == torch.float32 or keys.dtype != iq.dtype or not iq.is_cuda, num_warps=TILE_WARPS,
        **pdl_launch(iq),
    )  # fmt: skip
    return scores


def select_blocks(
    iq: torch.Tensor,
    keys: torch.Tensor,
    block_table: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    topk: int,
    block: int,
    total: int,
    rows: PrefillRows | None = None,
) -> torch.Tensor:
    """The blocks each row keeps: `[B, total + 1]` int8 (1 = chosen), as `qsa_chosen`'s mask.

    `iq [B, Hi, Di]` are the rows' indexer queries at `positions [B]`; `keys [pages, blocks a page, Di]`
    the block-key pool (unit stride over Di), read through the int32 `block_table [slots, pages a
    row]` at `slots [B]`; of `total` blocks (the rows' most) of `block` tokens each, `topk` are kept.
    With `rows` (prefill, eager) the scores are tensor-core products of its tiles, in scratch of its
    `blocks` columns; without (decode, CUDA graphs) one program a row and 64 blocks, every shape static.
    """
    bsz = iq.shape[0]
    span, tiles = selection_tiles(bsz, total)
    split = tiles > 1
    hist = torch.empty(bsz, DIGITS, RADIX, dtype=torch.int32, device=iq.device) if split else None
    scores = block_scores(iq, keys, block_table, slots, positions, block, total, rows, hist)
    chosen = torch.empty(bsz, total + 1, dtype=torch.int8, device=iq.device)
    if bsz == 0:
        return chosen
    bits, width = scores.view(torch.int32), scores.shape[1]
    select_row, histogram, choose = (
        k if iq.is_cuda else interpreted(k) for k in (_select_row_kernel, _histogram_kernel, _choose_kernel)
    )
    common = {"TOTAL": total, "TOPK": topk, "BLOCK": block, "BC": CHUNK, "num_warps": 4} | pdl_launch(iq)
    if hist is None:
        select_row[(bsz,)](bits, positions, chosen, width, **common)
        return chosen
    tile_hist = torch.empty(bsz, tiles, RADIX, dtype=torch.int32, device=iq.device)
    for digit in range(DIGITS):
        histogram[(bsz, tiles)](bits, positions, hist, tile_hist, span, width, DIGIT=digit, **common)
    choose[(bsz, tiles)](bits, positions, hist, tile_hist, chosen, span, width, **common)
    return chosen


def check_rows(rows: PrefillRows, total: int) -> None:
    """Refuse, by name, a `PrefillRows` the tiled score kernel cannot take."""
    t = rows.tiles
    if t.dim() != 2 or t.shape[1] != 2 or t.dtype != torch.int32 or not t.is_contiguous():
        raise ValueError(f"rows.tiles must be contiguous int32 [T, 2] (first row, rows), got {t.dtype} {list(t.shape)}")
    if rows.size < 1 or not 0 <= rows.blocks <= total:
        raise ValueError(f"rows: size {rows.size} must be >= 1 and blocks {rows.blocks} within 0 .. {total}")
