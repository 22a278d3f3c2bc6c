"""Prefill attention over the paged caches, in place: a few query tokens of one request share each key tile.

The split-K decode kernel (`attention_decode.py`) serves any row, but a prefill row read its keys
alone, so a 2,048-token prompt read each key tile once per query token (3.2 ms of a 1×2048 bench
call, four attention layers). Here a program takes a *tile*, up to `TOKENS` consecutive rows of one
request (the forward has already written their keys), for one KV head: its `TOKENS × G` query rows
are one `tl.dot` operand against each key tile, with an online softmax in fp32 per row and no split
over the keys (a prompt's tiles give the grid its programs). Row `i` sees key `j` when `j <=
positions[i]` and, under QSA, when `j` lies in its incomplete tail block or in a block it chose:
`Attention.qsa_allowed`, row by row, as the decode kernel applies it. Its rows differ in what they
drop, so a key tile is skipped (bit for bit, as the decode kernel skips one) only when no token of the
tile sees a key of it; one that any token sees is read whole, for every row. Under QSA the program walks
its tile's list of such key tiles (`qsa_tiles.kept_tiles` over the tile's rows, built once for all KV
heads by a parallel kernel before this one, `[tiles, capacity]` int32): ascending, so it meets the tiles
it reads in the order a walk over every key tile would, with the same bits, and its time follows the
tiles read, not the context (such a walk checked every key tile's choice bytes: 4,096 checks a program
at 131k keys, 15.6 ms a layer of 2,048 rows whose choices agree). Each key tile lies in
one page (`model/paging.py`): its keys and values load as int32 offsets from one scalar pointer per
tile and head, looked up in the block table, which needs far fewer registers than 64-bit 2-D address
tensors (sm_90, 4 tokens, 8 warps: 0-8 bytes of stack a thread against 296), as in the decode kernel.

A row tile's union of key tiles grows with the context where its rows' choices scatter (a key tile of 8
blocks read whole for one chosen block: 40% of the key tiles at 131k, ~13k keys a row for 2,048 visible), so
under QSA the rows at positions from `gather_from` (`GATHER_FROM` budgets) take the gathered walk instead:
the decode split kernel over a row list (`attention_decode.launch_splits`, one split a row, no merge), each
row reading its `(topk + 1) * block` keys of its list of blocks (`qsa_tiles.kept_blocks`), whatever the
context; the others stay in this kernel. Which walk a row takes depends on its position alone, and each
walk's result on the row alone (a row tile's other rows leave its bits as they are), so a row's output is
the same however its prompt is chunked or batched (a prefix-cache hit is bitwise its miss).

Tiles come from the batch's host layout (`tiles`, `prefill_rows`: pinned asynchronous copies shared by a
forward's attention layers, no device sync), so the kernel runs where the attention core runs eagerly:
prefill and mixed batches. Uniform decode batches, the FULL graphs' batches, keep the decode kernel's split-K.
FP8 caches are decoded in the tile and their scales applied to score and probability columns, as the
decode kernel does (`attention_decode.online_softmax_step`).
CPU tensors run the kernel in Triton's interpreter (how the CPU tests check it).
"""

from __future__ import annotations

import functools
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels import output_like
from model.kernels.attention_decode import (
    FP8_BLOCK_N,
    BlockLists,
    HeadTiles,
    cache_arguments,
    check_caches,
    key_scales,
    key_tile,
    launch_splits,
    online_softmax_step,
    page_base,
    qsa_visible,
)
from model.kernels.codes import e4m3_as, interpreted, maximum, pdl_launch, wait_for_inputs
from model.kernels.qsa_tiles import capacity, kept_blocks, kept_tiles

TOKENS = 4  # query tokens per tile: with 12 heads a KV head, 64 query rows share each key tile
BLOCK_N = 32  # keys per inner step (fewer when a page holds fewer: `key_tile`)
# 4 warps spill 312-368 B a thread at the bench's heads (sm_90, Triton 3.6; 8 warps: 0-8 B), yet a call
# takes 0.6-0.75 of 8 warps' time (`scripts/experiments/bench_attention_prefill.py`, docs/measurements.md)
WARPS = 4
# Rows at positions from this many QSA budgets (`topk * block` keys) take the gathered walk. From bytes a row:
# a row tile reads the union of its 4 rows' key tiles once for 4 x 12 query heads, so C * f / 4 keys a row at
# context C with a share f of tiles read; a gathered row reads its own (topk + 1) * block keys (2,052 at 512
# blocks of 4). Scattered choices at 4 budgets (8,192 keys): a key tile's 8 blocks are each a row's with
# p = 1/4, f = 1 - (3/4)^32 ~ 1, 2,048 keys a row: even; at 131k f = 0.4, ~13k keys a row. One shared choice:
# f = 1 - (1 - p)^8, even near 4.5 budgets (0.90 at 4: 1,843 keys; 0.66 at 8: 2,687). The GPU run sets it
# (`bench_attention_prefill.py --qsa-contexts` times both walks).
GATHER_FROM = 4


@triton.jit
def _key_tile(
    qt, m_i, l_i, acc, j0, t, row, last, rd, table_row, k_cache, v_cache, k_scale, v_scale, chosen, scale,
    stride_page, stride_pos, stride_head, stride_scale_page, stride_scale_pos, h, D: tl.constexpr,
    BN: tl.constexpr, PAGE: tl.constexpr, FP8: tl.constexpr, HW_E4M3: tl.constexpr, QSA: tl.constexpr,
    BLOCK: tl.constexpr, NCHOSEN: tl.constexpr, IEEE: tl.constexpr,
):  # fmt: skip
    """The online softmax step of the rows (positions `t`, flat rows `row`, last position `last`) over key tile
    `j0 ..` of KV head `h`: its keys and values read whole (a row's QSA mask applies to its scores)."""
    rn = j0 + tl.arange(0, BN)
    visible = rn[None, :] <= t[:, None]
    if QSA:
        visible = qsa_visible(chosen, row[:, None], rn[None, :], t[:, None], visible, BLOCK, NCHOSEN)
    base = page_base(table_row, j0, PAGE, stride_page, stride_head, h)
    # int32 offsets in the page, per tile (not hoisted and held): no 64-bit address tensor to spill
    offs = (j0 % PAGE + tl.arange(0, BN))[:, None] * stride_pos + rd[None, :]
    needed = (rn <= last)[:, None] & (rd < D)[None, :]
    kt = tl.load(k_cache + base + offs, mask=needed, other=0)
    vt = tl.load(v_cache + base + offs, mask=needed, other=0)
    ks, vs = scale, scale  # unread without FP8
    if FP8:
        ks, vs = key_scales(k_scale, v_scale, table_row, j0, PAGE, stride_scale_page, stride_scale_pos, h, BN,
                            rn <= last)  # fmt: skip
        kt, vt = e4m3_as(kt, qt.dtype, HW_E4M3), e4m3_as(vt, qt.dtype, HW_E4M3)
    return online_softmax_step(qt, kt, vt, visible, scale, m_i, l_i, acc, IEEE, ks, vs, FP8)


@triton.jit
def _prefill_kernel(
    q,
    k_cache,
    v_cache,
    k_scale,
    v_scale,
    block_table,
    slots,
    positions,
    chosen,
    tiles,
    kept,
    kept_counts,
    out,
    scale,
    stride_table,
    stride_page,
    stride_pos,
    stride_head,
    stride_scale_page,
    stride_scale_pos,
    HQ: tl.constexpr,
    G: tl.constexpr,
    D: tl.constexpr,
    BG: tl.constexpr,
    BD: tl.constexpr,
    BT: tl.constexpr,
    BN: tl.constexpr,
    PAGE: tl.constexpr,
    FP8: tl.constexpr,
    HW_E4M3: tl.constexpr,
    QSA: tl.constexpr,
    BLOCK: tl.constexpr,
    NCHOSEN: tl.constexpr,
    CAP: tl.constexpr,
    IEEE: tl.constexpr,
    PDL: tl.constexpr,
):
    """Program `(tile, h)`: rows `first .. first + count - 1` (one slot) against KV head `h`; query row
    `r` of the tile is token `r // BG`'s head `h * G + r % BG`. Under QSA it reads the key tiles its list
    `kept [tiles, CAP]` names (`kept_counts` of them), else every key tile up to its last row's."""
    wait_for_inputs(PDL)
    tile = tl.program_id(0)
    h = tl.program_id(1)
    first = tl.load(tiles + 2 * tile)
    count = tl.load(tiles + 2 * tile + 1)
    rr = tl.arange(0, BT * BG)
    tok, head = rr // BG, rr % BG
    row = first + tok
    live = (tok < count) & (head < G)
    rd = tl.arange(0, BD)
    slot = tl.load(slots + first).to(tl.int64)
    t = tl.load(positions + row, mask=tok < count, other=-1).to(tl.int32)
    last = tl.reduce(t, 0, maximum)  # the tile's last visible key
    qrows = (row * HQ + h * G + head).to(tl.int64)
    mask = live[:, None] & (rd < D)[None, :]
    qt = tl.load(q + qrows[:, None] * D + rd[None, :], mask=mask, other=0.0)
    m_i = tl.full([BT * BG], float("-inf"), tl.float32)
    l_i = tl.full([BT * BG], 0.0, tl.float32)
    acc = tl.full([BT * BG, BD], 0.0, tl.float32)
    table_row = block_table + slot * stride_table
    # Under QSA the tile's list of kept key tiles (`qsa_tiles.kept_tiles` of its rows), ascending: a key tile no
    # row of it sees would leave m_i, l_i and acc as they are, so walking the list gives the dense walk's bits
    walk = tl.load(kept_counts + tile) if QSA else last // BN + 1
    for e in range(0, walk):
        j0 = tl.load(kept + tile * CAP + e) * BN if QSA else e * BN
        m_i, l_i, acc = _key_tile(qt, m_i, l_i, acc, j0, t, row, last, rd, table_row, k_cache, v_cache, k_scale,
                                  v_scale, chosen, scale, stride_page, stride_pos, stride_head, stride_scale_page,
                                  stride_scale_pos, h, D, BN, PAGE, FP8, HW_E4M3, QSA, BLOCK, NCHOSEN,
                                  IEEE)  # fmt: skip
    o = acc / tl.where(l_i == 0.0, 1.0, l_i)[:, None]  # l_i is 0 only on rows the store leaves out
    tl.store(out + qrows[:, None] * D + rd[None, :], o.to(out.dtype.element_ty), mask=mask)


@functools.cache
def _interpreted(kernel: Any) -> Any:
    return interpreted(kernel)


@functools.lru_cache(maxsize=3)
def tiles(
    query_start: tuple[int, ...],
    start_pos: tuple[int, ...],
    num_tokens: int,
    device: torch.device,
    size: int = TOKENS,
    span: tuple[int, int | None] = (0, None),
) -> torch.Tensor:
    """`[T, 2]` int32 (first row, rows) on `device`: each request's rows of the flat batch (chunks
    starting at `query_start`, plus the real token count, at positions from `start_pos`) in runs of at
    most `size` (this kernel's `TOKENS`; the QSA score's tiles are larger; 1 for the gathered rows), and
    the padding rows up to `num_tokens` (the trash slot, position 0) likewise; only rows at positions
    `span[0] <=` and `< span[1]` (a request's such rows are consecutive). The tiles that read the most keys
    come first, so the grid's last wave holds short ones. Cached (the three a forward asks for: the score's,
    this kernel's, the gathered rows'): a forward's attention layers ask for the same batch; the copy is
    pinned and asynchronous (a pageable one would synchronise the stream)."""
    lo, hi = span
    runs = [*zip(query_start, query_start[1:], start_pos, strict=False), (query_start[-1], num_tokens, None)]
    found = []  # (keys read, first row, rows)
    for a, b, pos in runs:
        start = pos or 0  # padding rows sit at position 0
        first_in = a + max(0, lo - start)
        end = b if hi is None else min(b, a + max(0, hi - start))
        for first in range(first_in, end, size):
            rows = min(size, end - first)
            found.append((0 if pos is None else pos + first - a + rows, first, rows))
    found.sort(key=lambda tile: -tile[0])  # stable: equal tiles keep row order
    pairs = [x for _, first, rows in found for x in (first, rows)]
    host = torch.tensor(pairs, dtype=torch.int32, pin_memory=device.type == "cuda")
    return host.to(device, non_blocking=True).view(-1, 2)


def gather_from(topk: int, block: int) -> int:
    """The first position whose rows take the gathered walk: `GATHER_FROM` budgets of `topk` blocks of `block`."""
    return GATHER_FROM * topk * block


def prefill_rows(
    query_start: tuple[int, ...], start_pos: tuple[int, ...], num_tokens: int, device: torch.device, since: int | None
) -> tuple[torch.Tensor, torch.Tensor | None]:
    """A batch's rows for `prefill_attention`: the row tiles (`tiles`) of those at positions before `since`, and
    the rows at `since` or later, one a tile (the gathered walk), or None where there are none (every row
    before `since`, or `since` None). By position alone, so a row takes the same walk however its prompt is
    chunked and batched."""
    last = max((pos + b - a - 1 for a, b, pos in zip(query_start, query_start[1:], start_pos, strict=False)), default=0)
    if since is None or last < since:
        return tiles(query_start, start_pos, num_tokens, device), None
    below = tiles(query_start, start_pos, num_tokens, device, TOKENS, (0, since))
    return below, tiles(query_start, start_pos, num_tokens, device, 1, (since, None))


def prefill_attention(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    block_table: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    scale: float,
    row_tiles: torch.Tensor,
    chosen: torch.Tensor | None = None,
    block: int = 1,
    topk: int = 0,
    out: torch.Tensor | None = None,
    scales: tuple[torch.Tensor, torch.Tensor] | None = None,
    gathered: torch.Tensor | None = None,
) -> torch.Tensor:
    """Attention of every row over its slot's keys `0..positions[i]`, rows taken in `row_tiles`
    (`tiles`: each a run of at most `TOKENS` consecutive rows in one slot) and, under QSA, in `gathered`
    (`[R, 2]` int32 tiles of one row, `prefill_rows`: the gathered walk), together covering every row once.

    q `[N, Hq, D]`; k_cache/v_cache `[pages, page_size, Hkv, D]` (query head `i` reads KV head
    `i // (Hq/Hkv)`) and `block_table` as `decode_attention` takes them; slots, positions `[N]`;
    `chosen [N, NB+1]` (bool or int8, nonzero = chosen; QSA) of at most `topk` blocks a row, and FP8's
    `scales`, as `decode_attention` takes them: `topk` sizes each row tile's list of kept key tiles
    (`qsa_tiles.capacity` of `TOKENS` rows) and each gathered row's list of blocks. Returns `[N, Hq, D]` in
    q's dtype, in `out` when given (`output_like`).
    """
    n, hq, d = q.shape
    _, page_size, hkv, _ = k_cache.shape
    check_caches(q, k_cache, v_cache, block_table, scales)
    for name, rows in (("row_tiles", row_tiles), ("gathered", gathered)):
        if rows is not None and (rows.dim() != 2 or rows.shape[1] != 2 or rows.dtype != torch.int32):
            raise ValueError(f"{name} must be int32 [T, 2] (first row, rows), got {rows.dtype} {list(rows.shape)}")
    qsa = chosen is not None
    if qsa and topk < 1:
        raise ValueError(f"prefill_attention: chosen blocks need topk, the most a row keeps (at least 1), got {topk}")
    if gathered is not None and not qsa:
        raise ValueError("prefill_attention: gathered rows walk their chosen blocks: they need chosen (QSA)")
    out = output_like(out, q)
    if n == 0:
        return out
    q = q.contiguous()
    caches = cache_arguments(q, k_cache, v_cache, scales)
    bn = key_tile(FP8_BLOCK_N if caches[1]["FP8"] else BLOCK_N, page_size)
    pick = chosen.view(torch.int8).contiguous() if qsa else slots
    if row_tiles.shape[0]:
        _launch_tiles(q, caches, block_table, slots, positions, scale, row_tiles, pick if qsa else None, block, topk,
                      bn, out)  # fmt: skip
    if gathered is not None and gathered.shape[0]:
        blocks, counts, cap = kept_blocks(pick, positions, block, topk, gathered)
        lists = BlockLists(blocks, counts, block, cap)
        launch_splits(q, caches, block_table, slots, positions, lists, scale, HeadTiles.of(q, k_cache), bn, 0, 1, out,
                      gathered)  # fmt: skip
    return out


def _launch_tiles(
    q: torch.Tensor,
    caches: tuple[tuple[Any, ...], dict[str, Any]],
    block_table: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    scale: float,
    row_tiles: torch.Tensor,
    pick: torch.Tensor | None,
    block: int,
    topk: int,
    bn: int,
    out: torch.Tensor,
) -> None:
    """`_prefill_kernel` over `row_tiles`, under QSA (`pick`, the int8 choice) over each tile's kept key tiles."""
    _, hq, d = q.shape
    (k, v, k_scale, v_scale, *strides), flags = caches
    page_size, hkv = k.shape[1], k.shape[2]
    kept, kept_counts, cap = slots, slots, 1  # any tensors: unread without QSA
    if pick is not None:
        cap = capacity(topk, block, bn, -(-block_table.shape[1] * page_size // bn), TOKENS)
        kept, kept_counts = kept_tiles(pick, positions, block, bn, cap, row_tiles, TOKENS)
    kernel = _prefill_kernel if q.is_cuda else _interpreted(_prefill_kernel)
    kernel[(row_tiles.shape[0], hkv)](
        q,
        k,
        v,
        k_scale,
        v_scale,
        block_table,
        slots,
        positions,
        slots if pick is None else pick,
        row_tiles,
        kept,
        kept_counts,
        out,
        scale,
        block_table.stride(0),
        *strides,
        HQ=hq,
        G=hq // hkv,
        D=d,
        BG=max(16 // TOKENS, triton.next_power_of_2(hq // hkv)),
        BD=max(16, triton.next_power_of_2(d)),
        BT=TOKENS,
        BN=bn,
        PAGE=page_size,
        **flags,
        QSA=pick is not None,
        BLOCK=block,
        NCHOSEN=1 if pick is None else pick.shape[-1],
        CAP=cap,
        IEEE=q.dtype == torch.float32,
        num_warps=WARPS,
        **pdl_launch(q),
    )
