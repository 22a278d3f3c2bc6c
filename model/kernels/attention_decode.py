"""Split-K flash decoding over the paged caches, in place: one query token per row, QSA mask applied.

Each row is a query at position `t` of the request in slot `slots[b]`: a decode token, or a prefill
token whose chunk's keys the forward has already written, so one call serves a whole flat batch. The
torch reference (`model.attention.Attention._decode_rows`) gathers each request's pages whole,
builds a `[B, L]` mask and runs two matmuls with a softmax between. Here program `(b, h, s)` reads
split `s` of row `b`'s keys for KV head `h` straight from the pages the block table lists for
`slots[b]` (`model/paging.py`; a key tile never straddles two pages, so each tile looks up one page),
with the `G` query heads of that KV head as one tile (one `tl.dot` per key tile), and keeps an
online softmax in fp32; a second kernel merges the splits (one split writes the output itself). Key
`j` is visible when `j <= t` and, under QSA, when it lies in the incomplete tail block or in a
chosen block: exactly `Attention.qsa_allowed`. Under QSA a row sees at most `topk` blocks and its tail,
however long it is, so the splits are not of the row's keys but of its list of the blocks it sees
(`qsa_tiles.kept_blocks`, small parallel launches before this one): of a list of `n` entries (read on the
device), split `s` of `S` reads entries `s * n // S .. (s + 1) * n // S - 1`, `BN` of their keys a step,
gathered (key `u` of the split's run is key `u % BLOCK` of entry `u // BLOCK`, each key's page looked up in
the block table, so blocks of any size and in any page), keys past the split's entries or the row's position
masked and never read. A row reads its `<= (topk + 1) * BLOCK` keys and no other, whatever the context and
however its choice spreads (a walk over key tiles read a tile of 8 blocks whole for one chosen block:
~15.4k keys for 2,048 visible at 262k with a scattered choice); the split count comes from the list's
capacity (static), so a CUDA graph freezes it. The steps' keys are in the list's order, not the dense walk's
key tiles, so the result equals the dense walk's within rounding, not bit for bit; a row's result depends on
its own list and the split count alone.
The same kernel over a row list (`ROWS`, one split) takes the prefill rows far past the budget
(`attention_prefill.py`).
FP8 caches (`model/kv_quant.py`) hold E4M3 codes, read as bytes, and float32 scale pages `[pages,
page_size, Hkv]`: a tile's codes convert exactly to q's dtype and each key's scale multiplies its score
column and its probability column (`online_softmax_step`), not the `[keys, D]` tiles, which spilled on
every GPU. The torch reference dequantises its gathered rows instead: the same values up to the
rounding of `codes * scale` to q's dtype.

CPU tensors run the same kernels in Triton's interpreter (how the CPU tests check them).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels import KEY_TILE, KV_FP8, output_like
from model.kernels.codes import add, decoders, e4m3_as, interpreted, maximum, pdl_launch, wait_for_inputs
from model.kernels.qsa_tiles import kept_blocks

BLOCK_N = 32  # keys per inner step (fewer when a page holds fewer: `key_tile`)
# FP8 K/V's keys per inner step (both kernels): at 32 the split kernel spilled 16-32 B a thread on every
# target, the prefill kernel 224-544 B; at 16 the split kernel spills none, the prefill kernel less than
# bf16's at 32 except on sm_120 (216 B against 96; tests/model/test_gpu_builds.py)
FP8_BLOCK_N = 16
MIN_SPLIT = 64  # keys per split at least: smaller splits cost more in the merge than they save
MAX_SPLITS = 256
# The merge's tile, by measurement (scripts/experiments/bench_attention_merge.py): narrow column slices give more
# programs; reading several splits per step was slower at every batch
MERGE_D = 16  # columns of D per merge program
MERGE_S = 1  # splits a merge program reads per step
SPLIT_WARPS = 4  # the split kernel's warps: faster than 8 on the H200 (when 4 still spilled, before int32 offsets)
MAX_PAGE_ELEMENTS = 2**31  # a page's rows are addressed by int32 offsets from its first


@triton.jit
def online_softmax_step(qt, kt, vt, visible, scale, m_i, l_i, acc, IEEE: tl.constexpr, ks, vs, FP8: tl.constexpr):
    """One key tile of flash attention for the query rows `qt`: keys `kt`, values `vt`, scores masked by
    `visible` (broadcast to `[rows, keys]`), the rows' running max `m_i`, sum `l_i` and float32
    accumulator `acc` updated (IEEE: fp32 caches, no TF32). FP8: `kt` and `vt` are E4M3 codes (in q's
    dtype) whose keys' float32 scales `ks`, `vs` `[keys]` scale the score and probability columns."""
    if IEEE:
        sc = tl.dot(qt, tl.trans(kt), input_precision="ieee") * scale
    else:
        sc = tl.dot(qt, tl.trans(kt)) * scale
    if FP8:
        sc = sc * ks[None, :]
    sc = tl.where(visible, sc, float("-inf"))
    m_new = tl.maximum(m_i, tl.reduce(sc, 1, maximum))
    m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)
    alpha = tl.exp(m_i - m_safe)
    p = tl.exp(sc - m_safe[:, None])
    l_i = l_i * alpha + tl.reduce(p, 1, add)
    if FP8:
        p = p * vs[None, :]
    if IEEE:
        acc = acc * alpha[:, None] + tl.dot(p, vt, input_precision="ieee")
    else:
        acc = acc * alpha[:, None] + tl.dot(p.to(vt.dtype), vt)
    return m_new, l_i, acc


@triton.jit
def qsa_visible(chosen, rows, rn, t, causal, BLOCK: tl.constexpr, NCHOSEN: tl.constexpr):
    """`causal` (keys `rn` up to the rows' positions `t`) narrowed to QSA's choice: a key in the rows' incomplete
    tail block or in a block their `chosen` row (`chosen + rows * NCHOSEN`) marks; `rows`, `rn` and `t` broadcast
    to `causal`'s shape. `Attention.qsa_allowed`, read only where `causal`."""
    pick = tl.load(chosen + rows * NCHOSEN + tl.minimum(rn // BLOCK, NCHOSEN - 1), mask=causal, other=0)
    return causal & ((rn >= ((t + 1) // BLOCK) * BLOCK) | (pick != 0))


@triton.jit
def page_base(table_row, j0, PAGE: tl.constexpr, stride_page, stride_head, h):
    """The element offset (int64) of KV head `h` in key `j0`'s page: a scalar, so each key tile (within
    one page) loads by int32 offsets from one pointer."""
    page = tl.load(table_row + j0 // PAGE).to(tl.int64)
    return page * stride_page + h * stride_head


@triton.jit
def scale_pair(k_scale, v_scale, rows, mask):
    """The float32 K and V scales at element offsets `rows` of the scale pages, 0 where not `mask`."""
    return tl.load(k_scale + rows, mask=mask, other=0.0), tl.load(v_scale + rows, mask=mask, other=0.0)


@triton.jit
def key_scales(k_scale, v_scale, table_row, j0, PAGE: tl.constexpr, stride_page, stride_pos, h, BN: tl.constexpr, mask):
    """The float32 K and V scales `[BN]` of KV head `h` for keys `j0 ..` (in one page), 0 where not `mask`."""
    base = page_base(table_row, j0, PAGE, stride_page, 1, h)
    return scale_pair(k_scale, v_scale, base + (j0 % PAGE + tl.arange(0, BN)) * stride_pos, mask)


@triton.jit
def _split_kernel(
    q,
    k_cache,
    v_cache,
    k_scale,
    v_scale,
    block_table,
    slots,
    positions,
    rows,
    blocks,
    counts,
    part_acc,
    part_ml,
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
    BN: tl.constexpr,
    PAGE: tl.constexpr,
    FP8: tl.constexpr,
    HW_E4M3: tl.constexpr,
    SPLIT_LEN: tl.constexpr,
    SPLITS: tl.constexpr,
    QSA: tl.constexpr,
    BLOCK: tl.constexpr,
    CAP: tl.constexpr,
    ROWS: tl.constexpr,
    IEEE: tl.constexpr,
    PDL: tl.constexpr,
):
    """Program `(b, h, s)`: split `s` of row `r`'s keys for KV head `h`; `r` is `b`, or with ROWS the first row of
    `rows [R, 2]`'s entry `b` (prefill rows taking this walk, `attention_prefill.tiles` of one row each; one split).
    Under QSA the list `blocks [R, CAP]` (`counts` entries) names the blocks row `b` sees."""
    wait_for_inputs(PDL)
    b = tl.program_id(0)
    h = tl.program_id(1)
    s = tl.program_id(2)
    if ROWS:
        r = tl.load(rows + 2 * b)
    else:
        r = b
    rg = tl.arange(0, BG)
    rd = tl.arange(0, BD)
    mg, md = rg < G, rd < D
    slot = tl.load(slots + r).to(tl.int64)
    t = tl.load(positions + r).to(tl.int32)
    qt = tl.load(q + (r * HQ + h * G + rg[:, None]) * D + rd[None, :], mask=mg[:, None] & md[None, :], other=0.0)
    m_i = tl.full([BG], float("-inf"), tl.float32)
    l_i = tl.full([BG], 0.0, tl.float32)
    acc = tl.full([BG, BD], 0.0, tl.float32)
    table_row = block_table + slot * stride_table
    if QSA:  # split s: its share of the row's list of blocks (`qsa_tiles.kept_blocks`), as keys of that list
        count = tl.load(counts + b)  # the row's own list over all splits, however long it is
        lo = s * count // SPLITS * BLOCK
        hi = (s + 1) * count // SPLITS * BLOCK
    else:  # split s: keys s * SPLIT_LEN .. (SPLIT_LEN a multiple of BN), by key tiles
        lo = s * SPLIT_LEN
        hi = tl.minimum(lo + SPLIT_LEN, (t // BN + 1) * BN)
    for u0 in range(lo, hi, BN):
        if QSA:  # listed keys u0 ..: key u % BLOCK of entry u // BLOCK, each in its own page
            u = u0 + tl.arange(0, BN)
            j = tl.load(blocks + b * CAP + u // BLOCK, mask=u < hi, other=0) * BLOCK + u % BLOCK
            visible = (u < hi) & (j <= t)  # past the split's entries or the row's tail: masked, never read
            page = tl.load(table_row + j // PAGE, mask=visible, other=0).to(tl.int64)
            # a 64-bit offset a key, the int32 columns added to its pointer: no 64-bit 2-D address tensor to spill
            kv_rows = page * stride_page + h * stride_head + (j % PAGE) * stride_pos
            kp, vp = k_cache + kv_rows[:, None], v_cache + kv_rows[:, None]
            offs = rd[None, :]
        else:
            j = u0 + tl.arange(0, BN)
            visible = j <= t
            base = page_base(table_row, u0, PAGE, stride_page, stride_head, h)
            kp, vp = k_cache + base, v_cache + base
            # int32 offsets in the page, per tile (not hoisted and held): no 64-bit address tensor to spill
            offs = (u0 % PAGE + tl.arange(0, BN))[:, None] * stride_pos + rd[None, :]
        kt = tl.load(kp + offs, mask=visible[:, None] & md[None, :], other=0)
        vt = tl.load(vp + offs, mask=visible[:, None] & md[None, :], other=0)
        ks, vs = scale, scale  # unread without FP8
        if FP8:
            if QSA:
                ks, vs = scale_pair(k_scale, v_scale, page * stride_scale_page + h + (j % PAGE) * stride_scale_pos,
                                    visible)  # fmt: skip
            else:
                ks, vs = key_scales(k_scale, v_scale, table_row, u0, PAGE, stride_scale_page, stride_scale_pos, h,
                                    BN, visible)  # fmt: skip
            kt, vt = e4m3_as(kt, qt.dtype, HW_E4M3), e4m3_as(vt, qt.dtype, HW_E4M3)
        m_i, l_i, acc = online_softmax_step(qt, kt, vt, visible[None, :], scale, m_i, l_i, acc, IEEE, ks, vs,
                                            FP8)  # fmt: skip
    if SPLITS == 1:  # the merge of one split is this division, bit for bit: no partials, no merge
        o = acc / l_i[:, None]
        dst = out + (r * HQ + h * G + rg[:, None]) * D + rd[None, :]
        tl.store(dst, o.to(out.dtype.element_ty), mask=mg[:, None] & md[None, :])
    else:
        part = (b * tl.num_programs(1) + h) * SPLITS + s
        tl.store(part_acc + (part * BG + rg[:, None]) * BD + rd[None, :], acc)
        tl.store(part_ml + (part * 2) * BG + rg, m_i)
        tl.store(part_ml + (part * 2 + 1) * BG + rg, l_i)


@triton.jit
def _merge_kernel(
    part_acc,
    part_ml,
    out,
    HQ: tl.constexpr,
    G: tl.constexpr,
    D: tl.constexpr,
    BG: tl.constexpr,
    BD: tl.constexpr,
    BDM: tl.constexpr,
    SPLITS: tl.constexpr,
    BS: tl.constexpr,
    SC: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
    b = tl.program_id(0)
    h = tl.program_id(1)
    rg = tl.arange(0, BG)
    rd = tl.program_id(2) * BDM + tl.arange(0, BDM)  # one slice of D per program: more programs at small B
    first = (b * tl.num_programs(1) + h) * SPLITS
    # every split's max and sum at once ([BS, BG] tiles), so only the accumulators loop over splits
    rs = tl.arange(0, BS)
    ml = part_ml + ((first + rs[:, None]) * 2) * BG + rg[None, :]
    ms = tl.load(ml, mask=(rs < SPLITS)[:, None], other=float("-inf"))
    m = tl.reduce(ms, 0, maximum)
    m_safe = tl.where(m == float("-inf"), 0.0, m)
    ls = tl.load(ml + BG, mask=(rs < SPLITS)[:, None], other=0.0)
    l_sum = tl.reduce(ls * tl.exp(ms - m_safe[None, :]), 0, add)
    o = tl.full([BG, BDM], 0.0, tl.float32)
    rc = tl.arange(0, SC)
    for s0 in range(0, SPLITS, SC):  # SC splits' accumulators per step, loaded at once ([SC, BG, BDM])
        rk = s0 + rc
        live = rk < SPLITS
        mc = tl.load(part_ml + ((first + rk[:, None]) * 2) * BG + rg[None, :], mask=live[:, None], other=float("-inf"))
        w = tl.exp(mc - m_safe[None, :])
        offs = ((first + rk[:, None, None]) * BG + rg[None, :, None]) * BD + rd[None, None, :]
        acc = tl.load(part_acc + offs, mask=live[:, None, None], other=0.0)
        o += tl.reduce(acc * w[:, :, None], 0, add)
    o = o / l_sum[:, None]
    mask = (rg < G)[:, None] & (rd < D)[None, :]
    tl.store(out + (b * HQ + h * G + rg[:, None]) * D + rd[None, :], o.to(out.dtype.element_ty), mask=mask)


@functools.cache
def _interpreted(kernel: Any) -> Any:
    return interpreted(kernel)


def split_len(length: int, programs_per_split: int, sms: int) -> int:
    """Keys per split: enough splits for about two programs per SM, at least `MIN_SPLIT` keys each,
    at most `MAX_SPLITS` splits; a multiple of `BLOCK_N`. Depends only on static sizes (the cache
    length and the batch), so a CUDA graph freezes one choice."""
    splits = max(1, min(MAX_SPLITS, -(-2 * sms // programs_per_split), -(-length // MIN_SPLIT)))
    per = -(-length // splits)
    return -(-per // BLOCK_N) * BLOCK_N


def key_tile(block_n: int, page_size: int) -> int:
    """Keys per inner step for pages of `page_size`: `block_n`, or fewer so that a tile lies in one page."""
    return math.gcd(block_n, page_size)


def check_caches(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    block_table: torch.Tensor,
    scales: tuple[torch.Tensor, torch.Tensor] | None = None,
) -> None:
    """q `[N, Hq, D]` against paged caches `[pages, page_size, Hkv, D]` of one shape and strides, unit
    stride over D, a page's rows within int32 offsets, key tiles of at least `KEY_TILE` in a page, and
    an int32 block table `[slots, pages a row]`; FP8 caches with their float32 `scales` `[pages,
    page_size, Hkv]` (unit stride over heads, one layout), others without; else a ValueError naming
    the shapes, strides or dtypes."""
    hq, d = q.shape[1:]
    _, page_size, hkv, dk = k_cache.shape
    if k_cache.shape != v_cache.shape or dk != d or hq % hkv:
        raise ValueError(
            f"q {tuple(q.shape)}, k_cache {tuple(k_cache.shape)}, v_cache {tuple(v_cache.shape)}: expected "
            "caches [pages, page_size, Hkv, D] of one shape, D as q's, Hq a multiple of Hkv"
        )
    if k_cache.stride(-1) != 1 or k_cache.stride() != v_cache.stride():
        raise ValueError("k_cache and v_cache must share strides, with unit stride over D")
    if page_size * k_cache.stride(1) >= MAX_PAGE_ELEMENTS:
        raise ValueError(f"a cache page spans {page_size * k_cache.stride(1)} elements: at most 2^31 - 1 (int32)")
    if page_size % KEY_TILE:
        raise ValueError(f"k_cache pages of {page_size} positions: the kernels need a multiple of {KEY_TILE}")
    if block_table.dim() != 2 or block_table.dtype != torch.int32 or block_table.stride(1) != 1:
        got = f"{block_table.dtype} {list(block_table.shape)}"
        raise ValueError(f"block_table must be int32 [slots, pages a row] with unit stride over pages, got {got}")
    fp8 = k_cache.dtype == KV_FP8
    if fp8 != (scales is not None) or v_cache.dtype != k_cache.dtype:
        raise ValueError(
            f"k_cache {k_cache.dtype}, v_cache {v_cache.dtype} with{'out' if scales is None else ''} scales: "
            f"caches of one dtype, with scales exactly when it is {KV_FP8}"
        )
    if scales is not None:
        ks, vs = scales
        if ks.shape != k_cache.shape[:3] or vs.shape != ks.shape or ks.stride() != vs.stride() or ks.stride(-1) != 1:
            raise ValueError(
                f"scales {tuple(ks.shape)} and {tuple(vs.shape)}: expected [pages, page_size, Hkv] "
                f"{tuple(k_cache.shape[:3])} each, one layout, unit stride over heads"
            )
        if ks.dtype != torch.float32 or vs.dtype != torch.float32:
            raise ValueError(f"scales {ks.dtype} and {vs.dtype}: expected float32")


def cache_arguments(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    scales: tuple[torch.Tensor, torch.Tensor] | None,
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The kernels' cache arguments (K, V, their scales; the page, position, head and scale strides)
    and constexprs (`FP8`, `HW_E4M3`): FP8 caches as bytes (decoded by `codes.e4m3_as`); without
    scales, the caches stand in for them (unread)."""
    fp8 = scales is not None
    if fp8:
        k_cache, v_cache = k_cache.view(torch.uint8), v_cache.view(torch.uint8)
    ks, vs = scales if fp8 else (k_cache, v_cache)
    tensors = (k_cache, v_cache, ks, vs)
    strides = (k_cache.stride(0), k_cache.stride(1), k_cache.stride(2), ks.stride(0), ks.stride(1))
    return tensors + strides, {"FP8": fp8, "HW_E4M3": fp8 and decoders(q)["HW_E4M3"]}


def decode_attention(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    block_table: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    scale: float,
    chosen: torch.Tensor | None = None,
    block: int = 1,
    topk: int = 0,
    sms: int | None = None,
    out: torch.Tensor | None = None,
    scales: tuple[torch.Tensor, torch.Tensor] | None = None,
) -> torch.Tensor:
    """Attention of one query token per request over its slot's keys `0..positions[b]`.

    q `[B, Hq, D]`; k_cache/v_cache `[pages, page_size, Hkv, D]` (query head `i` reads KV head
    `i // (Hq/Hkv)`), key `j` of slot `s` at page `block_table[s, j // page_size]`; slots, positions
    `[B]`. `chosen [B, NB+1]` (bool or int8, nonzero = chosen; QSA): key `j` in a complete block
    `j // block` is visible only if that block is chosen, of at most `topk` chosen a row. `sms` (the
    device's SM count by default) sets how many splits the keys get: over the table row's length, or
    under QSA over the keys of the capacity of the row's list of blocks (`qsa_tiles.kept_blocks`). FP8 caches
    take their `scales` (K's, V's: `[pages, page_size, Hkv]` float32, `model/kv_quant.py`). Returns
    `[B, Hq, D]` in q's dtype, in `out` when given (`output_like`).
    """
    check_caches(q, k_cache, v_cache, block_table, scales)
    out = output_like(out, q)
    if q.shape[0] == 0:
        return out
    if chosen is not None and topk < 1:
        raise ValueError(f"decode_attention: chosen blocks need topk, the most a row keeps (at least 1), got {topk}")
    heads = HeadTiles.of(q, k_cache)
    if sms is None:
        sms = torch.cuda.get_device_properties(q.device).multi_processor_count if q.is_cuda else 1
    caches = cache_arguments(q, k_cache, v_cache, scales)
    page_size = k_cache.shape[1]
    bn = key_tile(FP8_BLOCK_N if scales is not None else BLOCK_N, page_size)
    keys = block_table.shape[1] * page_size  # a row's keys, or under QSA its list's blocks' keys
    lists = None
    if chosen is not None:
        blocks, counts, cap = kept_blocks(chosen.view(torch.int8).contiguous(), positions, block, topk)
        keys = cap * block
        lists = BlockLists(blocks, counts, block, cap)
    per = split_len(keys, q.shape[0] * heads.hkv, sms)
    parts = launch_splits(q.contiguous(), caches, block_table, slots, positions, lists, scale, heads, bn, per,
                          -(-keys // per), out)  # fmt: skip
    if parts is not None:
        _launch_merge(*parts, heads, out)
    return out


@dataclass(frozen=True)
class HeadTiles:
    """How the kernels tile a KV head's query heads: `hq` query heads over `hkv` KV heads, `g` to a KV head
    (one `tl.dot` tile of `bg` rows, at least 16 as `tl.dot` needs), `d` the head size in tiles of `bd`."""

    hq: int
    hkv: int
    g: int
    d: int
    bg: int
    bd: int

    @classmethod
    def of(cls, q: torch.Tensor, k_cache: torch.Tensor) -> HeadTiles:
        hq, d, hkv = q.shape[1], q.shape[2], k_cache.shape[2]
        g = hq // hkv
        return cls(hq, hkv, g, d, max(16, triton.next_power_of_2(g)), max(16, triton.next_power_of_2(d)))

    def constexprs(self) -> dict[str, int]:
        """The head sizes both kernels take."""
        return {"HQ": self.hq, "G": self.g, "D": self.d, "BG": self.bg, "BD": self.bd}


@dataclass(frozen=True)
class BlockLists:
    """Under QSA, the blocks each row sees (`qsa_tiles.kept_blocks`): `blocks [R, cap]` int32 ascending, `counts
    [R]`, blocks of `block` keys."""

    blocks: torch.Tensor
    counts: torch.Tensor
    block: int
    cap: int


def launch_splits(
    q: torch.Tensor,
    caches: tuple[tuple[Any, ...], dict[str, Any]],
    block_table: torch.Tensor,
    slots: torch.Tensor,
    positions: torch.Tensor,
    lists: BlockLists | None,
    scale: float,
    heads: HeadTiles,
    bn: int,
    per: int,
    splits: int,
    out: torch.Tensor,
    rows: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor, int] | None:
    """`_split_kernel` in `splits` of `per` keys (key tiles of `bn`), or under QSA (`lists`) of a row's listed
    blocks' keys over `splits`, `bn` a step; for every row, or the rows `rows [R, 2]` names (first row, 1; its
    lists' rows; one split). Returns the partial sums and softmax statistics and the split count for
    `_launch_merge`, or None where one split wrote `out` itself."""
    if rows is not None and splits != 1:
        raise ValueError(f"launch_splits: rows taken through a row list write their output in one split, got {splits}")
    (k_cache, v_cache, k_scale, v_scale, *strides), flags = caches
    programs = q.shape[0] if rows is None else rows.shape[0]
    parts = programs * heads.hkv * splits if splits > 1 else 0
    part_acc = torch.empty(parts * heads.bg * heads.bd, dtype=torch.float32, device=q.device)
    part_ml = torch.empty(parts * 2 * heads.bg, dtype=torch.float32, device=q.device)
    blocks, counts = (lists.blocks, lists.counts) if lists is not None else (slots, slots)  # unread without QSA
    split = _split_kernel if q.is_cuda else _interpreted(_split_kernel)
    split[(programs, heads.hkv, splits)](
        q, k_cache, v_cache, k_scale, v_scale, block_table, slots, positions, slots if rows is None else rows, blocks,
        counts, part_acc, part_ml, out, scale, block_table.stride(0), *strides, **heads.constexprs(), **flags, BN=bn,
        PAGE=k_cache.shape[1], SPLIT_LEN=0 if lists is not None else per, SPLITS=splits, QSA=lists is not None,
        BLOCK=lists.block if lists is not None else 1, CAP=lists.cap if lists is not None else 1, ROWS=rows is not None,
        IEEE=q.dtype == torch.float32, num_warps=SPLIT_WARPS, **pdl_launch(q),
    )  # fmt: skip
    return (part_acc, part_ml, splits) if splits > 1 else None


def _launch_merge(
    part_acc: torch.Tensor, part_ml: torch.Tensor, splits: int, heads: HeadTiles, out: torch.Tensor
) -> None:
    """`_merge_kernel`: the splits' partial sums into `out`, in column slices of `MERGE_D` (more programs)."""
    bdm = min(heads.bd, MERGE_D)
    merge = _merge_kernel if out.is_cuda else _interpreted(_merge_kernel)
    merge[(out.shape[0], heads.hkv, heads.bd // bdm)](
        part_acc, part_ml, out, **heads.constexprs(), BDM=bdm, SPLITS=splits, BS=triton.next_power_of_2(splits),
        SC=MERGE_S, num_warps=4, **pdl_launch(out),
    )  # fmt: skip
