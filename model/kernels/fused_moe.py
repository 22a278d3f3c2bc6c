"""Routed experts by index: (token, expert) pairs grouped by expert, two Triton GEMMs that read `W[e]` in place.

The torch paths of `model.moe.Experts` either copy each token's chosen experts (few tokens) or run
all experts on every token (many): bytes or FLOPs grow with the batch, not with the experts in use.
Here, as in vLLM's and SGLang's fused MoE, the `T·k` routing pairs are sorted by expert into blocks
of `BLOCK_M` rows (each expert's rows padded to a whole block), and every block multiplies its rows
by its one expert's weights, read straight from the stacked `[E, ...]` parameters. Each active
expert's weights are read once per N tile of a block, and only active experts are read.

Up to six kernels (seven with a split gate/up GEMM, eight with FP8 activations' two quantisers, below), none
with atomics, so results are
deterministic and CUDA-graph capturable (no host sync; every size is a function of `T`, `k` and `E` alone):

1. `_align_kernel`: one program per chunk of pairs writes each pair's slot in the expert-sorted,
   block-padded order (a pair keeps its flat order `t·k + j` within its expert), and one program per
   expert writes its padding slots and its blocks' expert id (`E` marks the unused tail blocks).
   Every program reads the per-expert counts it needs from the running sums (over chunks) of
   `_count_kernel`'s per-chunk table (made running by `_prefix_kernel`, one program, where torch's
   int32 cumsum over the chunks took about 59 µs per 2,048-token layer on the H200), or derives them
   from the ids when there is one chunk: two rows per program, where summing the table in every
   program grew with chunks x (chunks + experts).
2. `_gate_up_kernel`: `silu(x W_g^T) * (x W_u^T)` per block, gate and up tiles accumulated in float32
   side by side and multiplied in float32; the product is rounded once to the activation dtype
   (the next GEMM's input), stored by padded slot.
3. `_down_kernel`: `h W_d^T` in float32, times the pair's routing weight (float32), stored in float32
   by pair, i.e. as `[T, k, H]`.
4. `_sum_kernel`: each token's `k` rows added in float32 in routing order `j = 0..k-1`, then the
   gated shared expert's output when given (`shared_out=`), rounded once.

A single token (batch-1 decode) skips the alignment: its `k` experts are distinct, so pair `j` is
row block `j` on its own, with the routing ids as the blocks' experts.

Split K (`GemmTiles.split_k`, for decode): a GEMM's K loop in S ranges of whole K tiles, one program each
(grid axis 2), each writing a float32 partial. The gate/up GEMM's gate and up partials `[S, slots, 2I]`
(live slots only) are added in split order by `_split_act_kernel`, which forms `silu(g) * u` and rounds it
once to x's dtype, as the unsplit kernel does (FP8 activations quantise that h as before); the down GEMM's
weighted partials `[S, pairs (+ T), H]` are added by `_sum_kernel`, each pair's splits in split order
within the routing order. The same pairs' products summed in another float32 order, no atomics, every
size a function of T, k, E and the tiles. Why: at one token today's decode tiles run 200 gate_up programs
of 20 K tiles (400 down programs of 10), about 1.5 a SM, and in every K tile the block-FP8 multiplier is a
plain load used in the same iteration (the software pipeline prefetches only the MMA operands), so each
program waits one memory latency a K tile; S splits shorten that chain S times with S times the programs.
`GemmTiles.scales_ahead` takes the wait off instead: a program's multipliers are loaded before its K loop
and each K tile's picked from them (the same floats: the same bits), so the pipeline's stages stay in
flight (docs/measurements.md, "Split K and multipliers ahead at decode").

Rounds (`later`: experts read through a cache with fewer slots than a step's experts, `model/
expert_cache.py`) run the alignment and both GEMMs once per round, over the pairs whose id is not -1,
into the one float32 parts buffer, then the one sum: each pair's output is computed once, by the same
code on the same data as in one round, so the result is bitwise that of resident experts. One round
launches and reads exactly what it did before rounds existed.

Quantised experts are read in place too, with the weight-only GEMM's schemes (`model/kernels/
weight_only.py`, whose code decoders in `codes.py` these kernels share):
- block FP8 (E4M3 codes, float32 `weight_scale_inv` per bn x bk block): each K tile lies in one scale
  block, its codes (exact in every activation dtype) go to the tensor cores as they are, and the tile's
  float32 partial product is multiplied by each column's scale;
- MXFP8 (E4M3, one E8M0 per 32 inputs): codes times their power of two are exact in bfloat16 and
  float32, so the decoded tile goes to the tensor cores whole (K tiles of several groups, one
  accumulator); float16, whose range holds them only for scales 2^-15 .. 2^7, takes block FP8's way
  (`kept_block_k`);
- NVFP4 (E2M1 pairs, one E4M3 scale per 16 inputs, a per-tensor scale): `e2m1 * e4m3` is exact in
  every activation dtype, so the decoded tile (`codes.nvfp4_tile`) goes to the tensor cores and the
  per-tensor scale is applied once to the float32 sum (multiplied for ModelOpt's `scale_2`, divided for
  compressed-tensors' `global_scale`). The scale is stored per row, since gate and up rows come
  from two checkpoint tensors with their own.
The weights are thus exactly `formats.py`'s; only where the float32 roundings fall differs from a
product with the dequantised weights.

Block FP8 may also run w8a8 (`fp8_activations`, sm_89 and newer), as DeepSeek's inference and vLLM run such
checkpoints: x, and each pair's gate/up product after its rounding to x's dtype, are quantised to E4M3 per
row and group of 128 inputs (`act_quant`: scale `amax / 448`, one float32 a (row, group)), and each K tile
(inside one activation group and one weight scale block) multiplies the two tiles' codes on FP8 tensor cores
(products of E4M3 values are exact; the tile's sum is float32, which Hopper's FP8 MMAs keep to fewer
mantissa bits, so it goes into the float32 accumulator each tile, as DeepSeek promotes every 128 inputs),
then by `a_scale[row] * w_scale[column]`. The K loop then issues no conversion, and FP8 MMAs run at twice
bf16's rate. Its error against the weight-only product, per output, from E4M3's rounding of an activation
`a` in a group of scale s: `|â - a| <= 2^-4 |a|` for a normal code (half its spacing, three mantissa bits),
`<= 2^-10 s` below 2^-6 s (subnormal spacing 2^-9 s), so `|â - a| <= 2^-4 |a| + 2^-10 s`. Hence
1. gate/up: `δz <= Σ_k (2^-4 |x_k| + 2^-10 s_g(k)) |w_k|`, plus each side's own float32 summation;
2. `act = silu(g) * up` (1.1-Lipschitz silu): `δact <= 1.1 δg (|up| + δup) + |silu(g)| δup`, plus one
   unit of x's dtype where the two round it differently;
3. down, whose input is quantised again: `δy <= Σ_i (δact_i + 2^-4 (|act_i| + δact_i) + 2^-10 s) |W_i|`;
4. the routed sum: `Σ_j |weight_j| δy_j`.
The worst case aligns every rounding (about 2^-4 ≈ 6% of `Σ |x||w|` per GEMM, 12% through both); their
signs are independent, so outputs move by about `2^-4/√3 · sqrt(Σ (x w)^2)`, a few percent of an output's
size (`tests/model/test_fused_moe_w8a8.py` checks the bound; docs/measurements.md has the teacher-forced
log-probability error against float32 beside bf16's and the weight-only path's).

Float32 inputs multiply in IEEE float32 (no TF32); so do all inputs in Triton's interpreter (CPU
tensors), whose 16-bit dot products are not IEEE. Routing ids must lie in `[0, E)` (the router's do;
they are not checked on the device, which would need a sync).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import torch
import triton
import triton.language as tl

from model.kernels import output_like
from model.kernels.act_quant import ACT_GROUP, quantize_groups
from model.kernels.codes import (
    E4M3_CAPABILITY,
    add,
    capability,
    decoders,
    e4m3_as,
    e4m3_bf16,
    e8m0_value,
    interpreted,
    kept_block_k,
    mxfp8_tile,
    nvfp4_tile,
    operand_like,
    pdl_launch,
    wait_for_inputs,
)
from model.kernels.k_loop import ahead, ahead_span, k_range, k_splits, picked
from model.kernels.mma import add_scaled, mma, oriented, row_scaled
from model.quant.experts import EXPERT_FORMATS, NVFP4_KINDS, SCALE_GRID, stored_shapes

DTYPES = (torch.bfloat16, torch.float16, torch.float32)
ALIGN_CHUNK_ELEMENTS = 8192  # one-hot [chunk, E] elements per align program
SUM_BLOCK = 1024
ACT_BLOCK = 128  # inputs per program of the split gate/up product's sum (`_split_act_kernel`)
FP8_BLOCK = (128, 128)  # the official release's weight_scale_inv blocks (bn, bk)
MIN_DOT_K = 16  # tl.dot's smallest K: a block FP8 bk must be a multiple of it
MIN_FP8_DOT_K = 32  # an FP8 x FP8 MMA's K (mma.sync m16n8k32, wgmma k32): FP8 activations' smallest K tile
FP8_MMA_CAPABILITY = (8, 9)  # FP8 x FP8 tensor-core MMAs (Ada, Hopper and newer)
A_GROUP = tl.constexpr(ACT_GROUP)  # inputs per activation scale of FP8 activations
TUNED_ON = (9, 0)  # the compute capability `default_tiles` was swept on (the H200)
# stored format -> the kernels' KIND: 0 dense (x's dtype), then EXPERT_FORMATS' order, 1 block FP8,
# 2 MXFP8, 3 NVFP4 (ModelOpt), 4 NVFP4 (compressed-tensors), the numbers `_tile_dot` tests
KINDS: dict[str | None, int] = {None: 0} | {f: i + 1 for i, f in enumerate(EXPERT_FORMATS)}


@dataclass(frozen=True)
class GemmTiles:
    """One GEMM's tile shape and launch parameters (N and K tile widths, warps, pipeline stages).

    `swap` multiplies the transposed tiles, `W x^T`: the weight tile becomes the MMA's first operand,
    which Hopper's wgmma takes from registers, so a weight tile decoded in registers (the kept formats)
    goes to the tensor cores without a round trip through shared memory, and the token rows are the
    MMA's N (any multiple of 8 there, against wgmma's 64-row M).

    `split_k` splits the GEMM's K loop into that many ranges of whole K tiles (fewer where K has fewer
    tiles, `k_splits`), one program each, which write float32 partials summed in split order where the
    GEMM's output is used (module doc, "Split K"): at decode, S times the programs each loop 1/S of K.
    `scales_ahead` (block FP8 whose N tiles lie in one scale block, `uniform_scale`) loads a program's
    multipliers, one a K tile, before its K loop, where each K tile otherwise waits on its own load (the
    software pipeline prefetches only the MMA operands); the same multipliers, so the same bits. Under FP8
    activations with `act_scales_ahead` the rows' activation scales too (`[BLOCK_M, A_AHEAD]`, one a row and
    group of 128 inputs), each K tile's picked the same way (`k_loop.picked`: a cross-lane reduction a K tile,
    which the GPU sweep weighs against the load it saves)."""

    block_n: int
    block_k: int
    warps: int = 4
    stages: int = 3
    swap: bool = False
    split_k: int = 1
    scales_ahead: bool = False
    act_scales_ahead: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.split_k, int) or self.split_k < 1:
            raise ValueError(f"GemmTiles: split_k must be a positive int, got {self.split_k!r}")


@dataclass(frozen=True)
class MoETiles:
    """The row block (pairs per block, shared by both GEMMs) and each GEMM's tiles."""

    block_m: int
    gate_up: GemmTiles
    down: GemmTiles


def default_tiles(
    pairs_per_expert: float,
    quant: str | None = None,
    capability: tuple[int, int] = TUNED_ON,
    fp8_activations: bool = False,
    ahead: bool = False,
) -> MoETiles:
    """Tiles by the mean number of pairs per expert: 16-row blocks while decode leaves most experts
    with one or two rows (weight streaming, many N tiles to spread it over the SMs; the down GEMM's
    64-deep K tiles halve its shared memory, so a one-token step's programs run in one wave), larger row
    blocks and wider tiles once an expert has enough rows to make the GEMMs compute-bound. Block-FP8
    weights (half the bytes, a conversion and a scaled partial per K tile) keep smaller blocks and
    deeper pipelines longer. Chosen by `scripts/experiments/bench_fused_moe.py --sweep / --fp8-sweep` at the
    bench preset's shapes (docs/measurements.md), on the H200; on a GPU of another `capability` the
    largest class's gate_up tile is half as wide where it would spill (`gate_up_spills`).

    Swept again on an H100 at the full preset's shapes (`--quant-sweep`, docs/measurements.md): one token's
    block-FP8 step loads its multipliers ahead of the K loop where the caller's `ahead` says it is one token
    and the format allows it (`decode_ahead`; 29.6 us from 34.6; at 8 tokens, still under one pair an expert
    of 512, it cost 6-7%), and FP8
    activations at prefill take 32-row blocks of swapped 64 x 128 tiles (1307 us from 1453 at 2048 tokens).
    Once E4M3 reached bf16 off the conversion pipe (`codes.E4M3_BF16_QUADS`), block FP8 under one pair an expert
    but for one token's multipliers-ahead tiles took twice as wide tiles (8 tokens: 149.1 us from 164.0).

    `quant` is the experts' stored format (None: dense)."""
    kept = quant is not None
    halved = gate_up_spills(capability, kept)
    if pairs_per_expert <= 4:
        one = ahead and pairs_per_expert <= 1
        if quant == "fp8_block" and not one:
            return MoETiles(16, GemmTiles(64, 128, 4, 4), GemmTiles(128, 128, 4, 4))
        return MoETiles(16, GemmTiles(32, 128, 4, 4, scales_ahead=one), GemmTiles(64, 64, 4, 4, scales_ahead=one))
    if kept:
        if pairs_per_expert <= 24:
            return MoETiles(16, GemmTiles(32, 128, 4, 6), GemmTiles(64, 128, 4, 6))
        if fp8_activations:
            return MoETiles(32, GemmTiles(64, 128, 4, 4, swap=True), GemmTiles(64, 128, 4, 4, swap=True))
        return MoETiles(64, GemmTiles(32 if halved else 64, 64, 4, 4), GemmTiles(128, 64, 4, 4))
    if pairs_per_expert <= 24:
        return MoETiles(32, GemmTiles(64, 128, 4, 3), GemmTiles(128, 128, 4, 3))
    if pairs_per_expert <= 96:
        return MoETiles(64, GemmTiles(64, 64, 4, 4), GemmTiles(128, 64, 4, 4))
    return MoETiles(128, GemmTiles(64 if halved else 128, 64, 8, 3), GemmTiles(128, 64, 8, 3))


def scales_ahead(
    gemm: GemmTiles, quant: str | None, bn: int, bk: int, offset: int, per_split: int, fp8_activations: bool = False
) -> dict[str, int]:
    """The kernels' AHEAD and A_AHEAD for `gemm` (`GemmTiles.scales_ahead`, `act_scales_ahead`): powers of two
    holding the scale blocks, and under `fp8_activations` the activation groups, a program's `per_split` inputs
    touch, or 0 when not asked; a ValueError where the GEMM has no one multiplier a K tile (`uniform_scale`,
    `offset` the stored rows' start)."""
    if not gemm.scales_ahead:
        return {"AHEAD": 0, "A_AHEAD": 0}
    if not uniform_scale(quant, bn, gemm.block_n, offset):
        raise ValueError(f"fused_moe: scales_ahead needs block FP8 N tiles inside one scale block ({bn} rows), got "
                         f"quant {quant!r} and {gemm}")  # fmt: skip
    rows = ahead_span(per_split, ACT_GROUP) if fp8_activations and gemm.act_scales_ahead else 0
    return {"AHEAD": ahead_span(per_split, bk), "A_AHEAD": rows}


def decode_ahead(tokens: int, quant: str | None, block: tuple[int, int], inter: int) -> bool:
    """`default_tiles`' `ahead` for a call of `tokens` tokens: one token (at 8, still under one pair an expert
    of 512, it was slower) whose format allows it (`_ahead_allowed`)."""
    return tokens == 1 and _ahead_allowed(quant, block, inter)


@functools.cache  # asked on every eager one-token MoE call: a lookup, not two tile objects
def _ahead_allowed(quant: str | None, block: tuple[int, int], inter: int) -> bool:
    """Whether one-token tiles (`default_tiles`' first class) may load block FP8's multipliers ahead: every
    N tile of both GEMMs inside one scale block of `block = (bn, bk)` (the up rows start at `inter`)."""
    tiles = default_tiles(1)
    return uniform_scale(quant, block[0], tiles.gate_up.block_n, inter) and uniform_scale(
        quant, block[0], tiles.down.block_n
    )


def uniform_scale(quant: str | None, bn: int, block_n: int, offset: int = 0) -> bool:
    """Whether every N tile of a block-FP8 GEMM, whose stored rows start at `offset` (the up rows after the
    gate rows) and whose scale blocks are `bn` rows high, lies in one scale block: then a K tile takes one
    float32 multiplier (a scalar load) where it took one per column (`BLOCK_N` loads of the same value)."""
    return quant == "fp8_block" and bn % block_n == 0 and offset % block_n == 0


# The counts that follow the batch (P, T, n_chunks, max_blocks, BLOCKS) are not specialised: each of their
# `== 1` / `% 16` classes would compile a variant of its own at serve time (`model/kernels/jit_keys.py`), and
# they only bound loops and mask rows, never the address of a vector load (H and I, which are, stay specialised).
@triton.jit(do_not_specialize=["P"])
def _count_kernel(ids, counts, P, E, CHUNK: tl.constexpr, E_BLOCK: tl.constexpr):
    """counts[c, e]: how many of chunk c's pairs chose expert e."""
    c = tl.program_id(0)
    rp = c * CHUNK + tl.arange(0, CHUNK)
    v = tl.load(ids + rp, mask=rp < P, other=-1).to(tl.int32)
    experts = tl.arange(0, E_BLOCK)
    row = tl.reduce((v[:, None] == experts[None, :]).to(tl.int32), 0, add)
    tl.store(counts + c * E_BLOCK + experts, row, mask=experts < E)


@triton.jit(do_not_specialize=["n_chunks"])
def _prefix_kernel(counts, n_chunks, ROWS: tl.constexpr, E_BLOCK: tl.constexpr):
    """counts[c, e] += counts[0..c-1, e], in place: each expert's running total over the chunks (one
    program, ROWS chunks per step, int32: exact)."""
    cols = tl.arange(0, E_BLOCK)
    carry = tl.full([E_BLOCK], 0, tl.int32)
    for r0 in range(0, n_chunks, ROWS):
        rows = r0 + tl.arange(0, ROWS)
        live = rows < n_chunks
        at = counts + rows[:, None] * E_BLOCK + cols[None, :]
        tile = tl.load(at, mask=live[:, None], other=0)
        tl.store(at, tl.associative_scan(tile, 0, add) + carry[None, :], mask=live[:, None])
        carry += tl.reduce(tile, 0, add)


@triton.jit(do_not_specialize=["P", "n_chunks", "max_blocks"])
def _align_kernel(
    ids,
    counts,
    sorted_pairs,
    block_expert,
    P,
    E,
    n_chunks,
    max_blocks,
    BLOCK_M: tl.constexpr,
    CHUNK: tl.constexpr,
    E_BLOCK: tl.constexpr,
    ONE_CHUNK: tl.constexpr,
):
    """Programs `0..n_chunks-1` place their chunk's pairs (but those of id -1); program `n_chunks + e` pads
    expert e and names its blocks; program `n_chunks + E` marks the unused tail blocks with `E`.
    `counts[c, e]`: the pairs of chunks `0..c` that chose expert `e` (unused with one chunk)."""
    pid = tl.program_id(0)
    experts = tl.arange(0, E_BLOCK)
    if ONE_CHUNK:
        v0 = tl.load(ids + tl.arange(0, CHUNK), mask=tl.arange(0, CHUNK) < P, other=-1).to(tl.int32)
        totals = tl.reduce((v0[:, None] == experts[None, :]).to(tl.int32), 0, add)
        before = tl.full([E_BLOCK], 0, tl.int32)
    else:
        used = experts < E
        totals = tl.load(counts + (n_chunks - 1) * E_BLOCK + experts, mask=used, other=0)
        # this chunk's predecessors' pairs per expert (chunk programs only: the others clamp and ignore it)
        prev = tl.load(
            counts + tl.minimum(tl.maximum(pid - 1, 0), n_chunks - 1) * E_BLOCK + experts, mask=used, other=0
        )
        before = tl.where(pid > 0, prev, 0)
    padded = (totals + BLOCK_M - 1) // BLOCK_M * BLOCK_M
    start = tl.associative_scan(padded, 0, add) - padded
    if pid < n_chunks:
        rp = pid * CHUNK + tl.arange(0, CHUNK)
        v = tl.load(ids + rp, mask=rp < P, other=-1).to(tl.int32)
        hit = v[:, None] == experts[None, :]
        rank = tl.associative_scan(hit.to(tl.int32), 0, add) - 1
        dest = tl.reduce(tl.where(hit, rank + (start + before)[None, :], 0), 1, add)
        tl.store(sorted_pairs + dest, rp, mask=v >= 0)  # past P, or a pair of another round (-1): no row
    else:
        e = pid - n_chunks
        if e < E:
            mine = experts == e
            count = tl.reduce(tl.where(mine, totals, 0), 0, add)
            first = tl.reduce(tl.where(mine, start, 0), 0, add)
            size = tl.reduce(tl.where(mine, padded, 0), 0, add)
            r = count + tl.arange(0, BLOCK_M)
            tl.store(sorted_pairs + first + r, P, mask=r < size)
            for b0 in range(first // BLOCK_M, (first + size) // BLOCK_M, E_BLOCK):
                b = b0 + experts
                tl.store(block_expert + b, e, mask=b < (first + size) // BLOCK_M)
        else:
            for b0 in range(tl.reduce(padded, 0, add) // BLOCK_M, max_blocks, E_BLOCK):
                b = b0 + experts
                tl.store(block_expert + b, E, mask=b < max_blocks)


@triton.jit
def _block_rows(sorted_pairs, block_expert, pid_m, P, BLOCK_M: tl.constexpr, DIRECT: tl.constexpr):
    """(expert, pairs [BLOCK_M]) of row block `pid_m`; DIRECT: block j is pair j alone (one token, whose
    k experts are distinct), `block_expert` the routing ids themselves."""
    if DIRECT:
        pair = tl.where(tl.arange(0, BLOCK_M) == 0, pid_m, P)
    else:
        pair = tl.load(sorted_pairs + pid_m * BLOCK_M + tl.arange(0, BLOCK_M))
    return tl.load(block_expert + pid_m), pair


@triton.jit
def _split_out(out, P, T, H, SHARED: tl.constexpr, SPLITS: tl.constexpr):
    """The down GEMM's output rows `[P (+ T with SHARED), H]` of split `program_id(2)` (all of `out` unsplit)."""
    if SPLITS > 1:
        if SHARED:
            out += tl.program_id(2) * (P + T) * H.to(tl.int64)
        else:
            out += tl.program_id(2) * P * H.to(tl.int64)
    return out


@triton.jit
def _silu_mul(g, u):
    """silu(g) * u in float32, the one expression both sites of the gate/up product evaluate."""
    return g / (1.0 + tl.exp(-g)) * u


@triton.jit
def _tile_dot(
    acc,
    a,
    w_rows,
    s_rows,
    rk,
    k0,
    K,
    n_live,
    SCALE_BK,
    BLOCK_K: tl.constexpr,
    BLOCK_N: tl.constexpr,
    KIND: tl.constexpr,
    DOT_F32: tl.constexpr,
    PTX: tl.constexpr,
    HW_E4M3: tl.constexpr,
    SWAP: tl.constexpr,
    UNIFORM: tl.constexpr,
    a_s,
    A_FP8: tl.constexpr,
    kb0,
    AHEAD: tl.constexpr,
):
    """acc + a · B for the K tile `rk` (starting at k0) of the columns whose stored weight rows start at
    `w_rows [1, BLOCK_N]` and whose scale rows start at `s_rows [BLOCK_N]` (`KINDS`, module doc); `acc`
    `oriented` as SWAP asks. UNIFORM: the tile's columns share one block-FP8 scale row, `s_rows` (a
    scalar pointer), so one float32 multiplier serves the whole partial. A_FP8 (block FP8 only): `a` holds
    E4M3 codes whose rows' scales are `a_s [BLOCK_M]`, multiplied by the codes on FP8 tensor cores.

    Each kind is its own constexpr branch with one return at the end: Triton compiles the statements
    after a taken branch's `return` too, so an early return would not keep them out."""
    if KIND >= 3:  # NVFP4: E2M1 pairs times their E4M3 block scale, exact in a.dtype
        b = nvfp4_tile(w_rows, s_rows[None, :], k0, K, n_live, BLOCK_K, BLOCK_N, PTX, HW_E4M3)
        acc = mma(acc, a, b.to(a.dtype), DOT_F32, SWAP)
    elif KIND == 2 and a.dtype != tl.float16:  # MXFP8: E4M3 times a power of two, exact in a.dtype
        b = mxfp8_tile(w_rows, s_rows[None, :], k0, K, n_live, BLOCK_K, BLOCK_N, HW_E4M3)
        acc = mma(acc, a, operand_like(b, a, DOT_F32), DOT_F32, SWAP)
    else:
        b = tl.load(w_rows + rk[:, None], mask=(rk < K)[:, None] & n_live[None, :], other=0)
        if KIND == 0:
            acc = mma(acc, a, b, DOT_F32, SWAP)
        else:
            if A_FP8:  # FP8 x FP8: both tiles' codes go to the tensor cores as they are
                b = b.to(tl.float8e4nv, bitcast=True)
            elif PTX and a.dtype == tl.bfloat16:
                b = e4m3_bf16(b)
            else:
                b = e4m3_as(b, a.dtype, HW_E4M3)  # E4M3 codes: exact in every activation dtype
            if KIND == 1:  # block FP8: float32 multipliers
                if AHEAD > 0:  # s_rows: the program's multipliers from scale block kb0 on (`k_loop.ahead`)
                    s = picked(s_rows, k0 // SCALE_BK - kb0, 0, AHEAD)
                elif UNIFORM:
                    s = tl.load(s_rows + k0 // SCALE_BK)
                else:
                    s = tl.load(s_rows + k0 // SCALE_BK, mask=n_live, other=0.0)
            else:  # MXFP8 under float16, whose range holds codes times 2^-15 .. 2^7 only: E8M0 powers of two
                s = e8m0_value(tl.load(s_rows + k0 // SCALE_BK, mask=n_live, other=0).to(tl.uint32))
            # the tile lies in one scale block: its float32 partial is scaled once per column
            part = mma(tl.full(acc.shape, 0.0, tl.float32), a, b, DOT_F32, SWAP)
            if A_FP8:  # the tile lies in one activation group too: one scale per row
                part = row_scaled(part, a_s, SWAP)
            if UNIFORM:
                acc = acc + part * s
            else:
                acc = add_scaled(acc, part, s, SWAP)
    return acc


@triton.jit
def _act_tile(a, a_scale, rows, rk, k0, K, live, A_FP8: tl.constexpr, g0, A_AHEAD: tl.constexpr):
    """The `[BLOCK_M, BLOCK_K]` tile of inputs `rk` (from k0) of `a [R, K]`'s rows `rows [BLOCK_M]` (int64;
    those not `live` read as 0) and the rows' scales: A_FP8, E4M3 codes and their group's float32 scale
    (`act_quant`, `a_scale [R, ceil(K / A_GROUP)]`; with A_AHEAD, the rows' `[BLOCK_M, A_AHEAD]` scales of the
    groups from g0 on, `_act_scales_ahead`'s); else the activations, and `live` as a placeholder the dot
    never reads."""
    t = tl.load(a + rows[:, None] * K + rk[None, :], mask=live[:, None] & (rk < K)[None, :], other=0)
    if A_FP8:
        t = t.to(tl.float8e4nv, bitcast=True)
        if A_AHEAD > 0:
            s = picked(a_scale, k0 // A_GROUP - g0, 1, A_AHEAD)
        else:
            s = tl.load(a_scale + rows * ((K + A_GROUP - 1) // A_GROUP) + k0 // A_GROUP, mask=live, other=0.0)
    else:
        s = live
    return t, s


@triton.jit
def _act_scales_ahead(a_scale, rows, k_start, k_end, K, live, A_FP8: tl.constexpr, A_AHEAD: tl.constexpr):
    """A_FP8 with A_AHEAD > 0: the rows' scales `[BLOCK_M, A_AHEAD]` of the activation groups from `k_start`'s on
    that `[k_start, k_end)` reads, loaded before the K loop (`k_loop.ahead`); else `a_scale` as given."""
    if A_FP8:
        if A_AHEAD > 0:
            at = a_scale + rows[:, None] * ((K + A_GROUP - 1) // A_GROUP)
            a_scale = ahead(at, live[:, None], k_start, k_end, A_GROUP, A_AHEAD)
    return a_scale


@triton.jit
def _tensor_scale(acc, s2_rows, n_live, KIND: tl.constexpr):
    """NVFP4's per-tensor scale (one per stored row here) on the float32 sum: ModelOpt's `scale_2`
    multiplies, compressed-tensors' `global_scale` divides (IEEE `div_rn`: `/` may be approximate)."""
    if KIND == 3:
        acc = acc * tl.load(s2_rows, mask=n_live, other=1.0)[None, :]
    elif KIND == 4:
        acc = tl.math.div_rn(acc, tl.broadcast_to(tl.load(s2_rows, mask=n_live, other=1.0)[None, :], acc.shape))
    return acc


@triton.jit(do_not_specialize=["P"])
def _gate_up_kernel(
    x,
    x_scale,
    w,
    scale,
    scale_2,
    sorted_pairs,
    block_expert,
    h,
    P,
    E,
    TOP_K,
    H,
    I,
    SCALE_BN,
    SCALE_BK,
    K_PER_SPLIT,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    DIRECT: tl.constexpr,
    KIND: tl.constexpr,
    DOT_F32: tl.constexpr,
    PTX: tl.constexpr,
    HW_E4M3: tl.constexpr,
    SWAP: tl.constexpr,
    UNIFORM: tl.constexpr,
    A_FP8: tl.constexpr,
    SPLITS: tl.constexpr,
    AHEAD: tl.constexpr,
    A_AHEAD: tl.constexpr,
    PDL: tl.constexpr,
):
    """h[slot, n] = silu(x[t] · W_g[e, n]) * (x[t] · W_u[e, n]) for the block's slots (t = pair // k); A_FP8:
    `x` holds E4M3 codes and `x_scale` their per-group scales (`act_quant.quantize_groups`). SPLITS > 1:
    `h [SPLITS, blocks·BLOCK_M, 2I]` float32 takes split `program_id(2)`'s gate and up partials over its
    K_PER_SPLIT inputs, live slots only (`_split_act_kernel` sums them)."""
    wait_for_inputs(PDL)
    pid_n, pid_m = tl.program_id(0), tl.program_id(1)
    e, pair = _block_rows(sorted_pairs, block_expert, pid_m, P, BLOCK_M, DIRECT)
    if e >= E:
        return
    live = pair < P
    token = (pair // TOP_K).to(tl.int64)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_live = rn < I
    e64, rn64 = e.to(tl.int64), rn.to(tl.int64)
    row_bytes = H // 2 if KIND >= 3 else H
    gate_rows = w + e64 * (2 * I * row_bytes) + rn64[None, :] * row_bytes
    up_rows = gate_rows + I * row_bytes
    scale_k = (H + SCALE_BK - 1) // SCALE_BK
    scales = scale + e64 * ((2 * I + SCALE_BN - 1) // SCALE_BN) * scale_k
    if UNIFORM:  # the tile's gate rows, and its up rows, lie in one scale block each
        gate_scales = scales + (pid_n * BLOCK_N // SCALE_BN) * scale_k
        up_scales = scales + ((pid_n * BLOCK_N + I) // SCALE_BN) * scale_k
    else:
        gate_scales = scales + (rn64 // SCALE_BN) * scale_k
        up_scales = scales + ((rn64 + I) // SCALE_BN) * scale_k
    acc_g = oriented(tl.full((BLOCK_M, BLOCK_N), 0.0, tl.float32), SWAP)
    acc_u = oriented(tl.full((BLOCK_M, BLOCK_N), 0.0, tl.float32), SWAP)
    k_start, k_end = k_range(H, K_PER_SPLIT, SPLITS > 1)
    gate_scales = ahead(gate_scales, True, k_start, k_end, SCALE_BK, AHEAD)
    up_scales = ahead(up_scales, True, k_start, k_end, SCALE_BK, AHEAD)
    x_scale = _act_scales_ahead(x_scale, token, k_start, k_end, H, live, A_FP8, A_AHEAD)
    for k0 in range(k_start, k_end, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        a, a_s = _act_tile(x, x_scale, token, rk, k0, H, live, A_FP8, k_start // A_GROUP, A_AHEAD)
        acc_g = _tile_dot(acc_g, a, gate_rows, gate_scales, rk, k0, H, n_live, SCALE_BK, BLOCK_K, BLOCK_N, KIND,
                          DOT_F32, PTX, HW_E4M3, SWAP, UNIFORM, a_s, A_FP8, k_start // SCALE_BK, AHEAD)  # fmt: skip
        acc_u = _tile_dot(acc_u, a, up_rows, up_scales, rk, k0, H, n_live, SCALE_BK, BLOCK_K, BLOCK_N, KIND,
                          DOT_F32, PTX, HW_E4M3, SWAP, UNIFORM, a_s, A_FP8, k_start // SCALE_BK, AHEAD)  # fmt: skip
    acc_g, acc_u = oriented(acc_g, SWAP), oriented(acc_u, SWAP)
    acc_g = _tensor_scale(acc_g, scale_2 + e64 * (2 * I) + rn64, n_live, KIND)
    acc_u = _tensor_scale(acc_u, scale_2 + e64 * (2 * I) + I + rn64, n_live, KIND)
    slots = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    if SPLITS > 1:
        rows = tl.program_id(2).to(tl.int64) * (tl.num_programs(1) * BLOCK_M) + slots
        at = h + rows[:, None] * (2 * I) + rn[None, :]
        tl.store(at, acc_g, mask=live[:, None] & n_live[None, :])
        tl.store(at + I, acc_u, mask=live[:, None] & n_live[None, :])
    else:
        act = _silu_mul(acc_g, acc_u)
        tl.store(h + slots[:, None] * I + rn[None, :], act.to(h.dtype.element_ty), mask=n_live[None, :])


@triton.jit(do_not_specialize=["P"])
def _split_act_kernel(
    parts, sorted_pairs, block_expert, h, P, E, I, BLOCK_M: tl.constexpr, BLOCK_I: tl.constexpr,
    SPLITS: tl.constexpr, DIRECT: tl.constexpr, PDL: tl.constexpr,
):  # fmt: skip
    """h[slot, i] = silu(g) * u, rounded once to h's dtype, for row block `program_id(0)`'s slots and inputs
    `program_id(1)`: g and u each the gate/up kernel's float32 partials `parts [SPLITS, blocks·BLOCK_M, 2I]`
    added in split order. Every slot of a used block is written (padding slots 0, as the unsplit kernel's)."""
    wait_for_inputs(PDL)
    pid_m = tl.program_id(0)
    e, pair = _block_rows(sorted_pairs, block_expert, pid_m, P, BLOCK_M, DIRECT)
    if e >= E:
        return
    slots = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    ri = tl.program_id(1) * BLOCK_I + tl.arange(0, BLOCK_I)
    mask = (pair < P)[:, None] & (ri < I)[None, :]
    at = parts + slots[:, None] * (2 * I) + ri[None, :]
    g = tl.load(at, mask=mask, other=0.0)
    u = tl.load(at + I, mask=mask, other=0.0)
    split = tl.num_programs(0).to(tl.int64) * BLOCK_M * (2 * I)  # one split's partials
    for s in tl.static_range(1, SPLITS):
        g += tl.load(at + s * split, mask=mask, other=0.0)
        u += tl.load(at + s * split + I, mask=mask, other=0.0)
    act = _silu_mul(g, u)
    tl.store(h + slots[:, None] * I + ri[None, :], act.to(h.dtype.element_ty), mask=(ri < I)[None, :])


@triton.jit(do_not_specialize=["P", "BLOCKS", "T"])
def _down_kernel(
    h,
    h_scale,
    w,
    scale,
    scale_2,
    sorted_pairs,
    block_expert,
    weights,
    shared_h,
    shared_gate,
    shared_w,
    out,
    P,
    E,
    H,
    I,
    SCALE_BN,
    SCALE_BK,
    BLOCKS,
    T,
    G_STRIDE,
    K_PER_SPLIT,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    DIRECT: tl.constexpr,
    KIND: tl.constexpr,
    DOT_F32: tl.constexpr,
    PTX: tl.constexpr,
    HW_E4M3: tl.constexpr,
    SHARED: tl.constexpr,
    SWAP: tl.constexpr,
    UNIFORM: tl.constexpr,
    A_FP8: tl.constexpr,
    SPLITS: tl.constexpr,
    AHEAD: tl.constexpr,
    A_AHEAD: tl.constexpr,
    PDL: tl.constexpr,
):
    """out[pair, n] = weight[pair] * (h[slot] · W_d[e, n]) in float32 for the block's live slots (A_FP8: `h`
    holds E4M3 codes and `h_scale` their per-group scales); with
    SHARED, row blocks from BLOCKS on are the shared expert's tokens: out[P + t, n] = sigmoid(g[t]) *
    (s[t] · W_s[n]), its dense weights read as the routed ones are. SPLITS > 1: split `program_id(2)` of K
    writes its partial to `out[split]`, `[SPLITS, P (+ T), H]`."""
    wait_for_inputs(PDL)
    pid_n, pid_m = tl.program_id(0), tl.program_id(1)
    k_start, k_end = k_range(I, K_PER_SPLIT, SPLITS > 1)
    if SHARED:
        if pid_m >= BLOCKS:
            block = pid_m - BLOCKS
            split_out = _split_out(out, P, T, H, SHARED, SPLITS)
            _shared_rows(shared_h, shared_gate, shared_w, split_out, pid_n, block, P, H, I, T, G_STRIDE, k_start, k_end,
                         BLOCK_M, BLOCK_N, BLOCK_K, DOT_F32, SWAP)  # fmt: skip
            return
    e, pair = _block_rows(sorted_pairs, block_expert, pid_m, P, BLOCK_M, DIRECT)
    if e >= E:
        return
    live = pair < P
    slots = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_live = rn < H
    e64, rn64 = e.to(tl.int64), rn.to(tl.int64)
    row_bytes = I // 2 if KIND >= 3 else I
    rows = w + e64 * (H * row_bytes) + rn64[None, :] * row_bytes
    scale_k = (I + SCALE_BK - 1) // SCALE_BK
    scales = scale + e64 * ((H + SCALE_BN - 1) // SCALE_BN) * scale_k
    if UNIFORM:  # the tile's rows lie in one scale block
        scales += (pid_n * BLOCK_N // SCALE_BN) * scale_k
    else:
        scales += (rn64 // SCALE_BN) * scale_k
    acc = oriented(tl.full((BLOCK_M, BLOCK_N), 0.0, tl.float32), SWAP)
    scales = ahead(scales, True, k_start, k_end, SCALE_BK, AHEAD)
    h_scale = _act_scales_ahead(h_scale, slots, k_start, k_end, I, live, A_FP8, A_AHEAD)
    for k0 in range(k_start, k_end, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        # padding slots' rows: 0 either way
        a, a_s = _act_tile(h, h_scale, slots, rk, k0, I, live, A_FP8, k_start // A_GROUP, A_AHEAD)
        acc = _tile_dot(acc, a, rows, scales, rk, k0, I, n_live, SCALE_BK, BLOCK_K, BLOCK_N, KIND, DOT_F32, PTX,
                        HW_E4M3, SWAP, UNIFORM, a_s, A_FP8, k_start // SCALE_BK, AHEAD)  # fmt: skip
    acc = _tensor_scale(oriented(acc, SWAP), scale_2 + e64 * H + rn64, n_live, KIND)
    acc = acc * tl.load(weights + pair, mask=live, other=0.0).to(tl.float32)[:, None]
    out = _split_out(out, P, T, H, SHARED, SPLITS)  # after the K loop: nothing more held across it
    tl.store(out + pair.to(tl.int64)[:, None] * H + rn[None, :], acc, mask=live[:, None] & n_live[None, :])


@triton.jit
def _shared_rows(
    s,
    g,
    w,
    out,
    pid_n,
    block,
    P,
    H,
    I,
    T,
    G_STRIDE,
    k_start,
    k_end,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    DOT_F32: tl.constexpr,
    SWAP: tl.constexpr,
):
    """out[P + t, n] = sigmoid(g[t]) * (s[t] · W_s[n]) in float32 (over inputs `k_start..k_end`) for the tokens
    of row block `block`."""
    tok = (block * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    live = tok < T
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_live = rn < H
    rows = w + rn.to(tl.int64)[None, :] * I
    acc = oriented(tl.full((BLOCK_M, BLOCK_N), 0.0, tl.float32), SWAP)
    for k0 in range(k_start, k_end, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        k_live = rk < I
        a = tl.load(s + tok[:, None] * I + rk[None, :], mask=live[:, None] & k_live[None, :], other=0.0)
        acc = _tile_dot(acc, a, rows, rows, rk, k0, I, n_live, 1, BLOCK_K, BLOCK_N, 0, DOT_F32, False, False, SWAP,
                        False, live, False, 0, 0)  # fmt: skip
    acc = oriented(acc, SWAP)
    gate = tl.load(g + tok * G_STRIDE, mask=live, other=0.0).to(tl.float32)
    acc = acc * (1.0 / (1.0 + tl.exp(-gate)))[:, None]
    tl.store(out + (P + tok)[:, None] * H + rn[None, :], acc, mask=live[:, None] & n_live[None, :])


@triton.jit(do_not_specialize=["T"])
def _sum_kernel(
    parts, shared_y, shared_gate, out, T, H, G_STRIDE, TOP_K: tl.constexpr, BLOCK: tl.constexpr,
    SHARED: tl.constexpr, SPLITS: tl.constexpr, PDL: tl.constexpr,
):  # fmt: skip
    """out[t] = sum over j = 0..k-1, in that order, of parts[t, j] (float32), then the shared expert's
    gated output, rounded once: SHARED 1 sigmoid(g[t]) * y[t], 2 the down kernel's row parts[T k + t].
    The k rows are unrolled, so their loads are in flight together (a loop waited for each in turn).
    SPLITS > 1: `parts [SPLITS, rows, H]` holds the down GEMM's K splits, each row's added in split order."""
    wait_for_inputs(PDL)
    t = tl.program_id(0).to(tl.int64)
    rh = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    live = rh < H
    if SHARED == 2:
        split_rows = (T * TOP_K + T).to(tl.int64) * H
    else:
        split_rows = (T * TOP_K).to(tl.int64) * H
    acc = tl.full((BLOCK,), 0.0, tl.float32)
    for j in tl.static_range(TOP_K):
        for s in tl.static_range(SPLITS):
            acc += tl.load(parts + s * split_rows + (t * TOP_K + j) * H + rh, mask=live, other=0.0)
    if SHARED == 2:
        for s in tl.static_range(SPLITS):
            acc += tl.load(parts + s * split_rows + (T * TOP_K + t) * H + rh, mask=live, other=0.0)
    if SHARED == 1:
        g = tl.load(shared_gate + t * G_STRIDE).to(tl.float32)
        acc += tl.load(shared_y + t * H + rh, mask=live, other=0.0).to(tl.float32) * (1.0 / (1.0 + tl.exp(-g)))
    tl.store(out + t * H + rh, acc.to(out.dtype.element_ty), mask=live)


@functools.cache
def _interpreted(kernel: triton.runtime.JITFunction) -> object:
    return interpreted(kernel)


def _on(device: torch.device, kernel: triton.runtime.JITFunction) -> object:
    return kernel if device.type == "cuda" else _interpreted(kernel)


def max_blocks(pairs: int, num_experts: int, block_m: int) -> int:
    """Blocks the padded order can need: each used expert adds at most one partly filled block."""
    return triton.cdiv(pairs, block_m) + min(num_experts, pairs)


def align(ids: torch.Tensor, num_experts: int, block_m: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Pairs `t·k + j` grouped by expert → (`sorted_pairs [blocks·block_m]` int32, padding slots hold
    `T·k`; `block_expert [blocks]` int32, `num_experts` for unused tail blocks), `blocks = max_blocks(...)`.
    Pairs of id -1 (another round's) take no row."""
    flat = ids.reshape(-1)
    pairs, device = flat.numel(), ids.device
    blocks = max_blocks(pairs, num_experts, block_m)
    e_block = triton.next_power_of_2(num_experts)
    chunk = max(16, min(triton.next_power_of_2(pairs), ALIGN_CHUNK_ELEMENTS // e_block))
    n_chunks = triton.cdiv(pairs, chunk)
    sorted_pairs = torch.empty(blocks * block_m, dtype=torch.int32, device=device)
    block_expert = torch.empty(blocks, dtype=torch.int32, device=device)
    counts = torch.empty((n_chunks, e_block) if n_chunks > 1 else (1,), dtype=torch.int32, device=device)
    if n_chunks > 1:
        _on(device, _count_kernel)[(n_chunks,)](flat, counts, pairs, num_experts, CHUNK=chunk, E_BLOCK=e_block)
        rows = max(1, ALIGN_CHUNK_ELEMENTS // e_block)  # columns past the experts are never read
        _on(device, _prefix_kernel)[(1,)](counts, n_chunks, ROWS=rows, E_BLOCK=e_block)
    _on(device, _align_kernel)[(n_chunks + num_experts + 1,)](
        flat,
        counts,
        sorted_pairs,
        block_expert,
        pairs,
        num_experts,
        n_chunks,
        blocks,
        BLOCK_M=block_m,
        CHUNK=chunk,
        E_BLOCK=e_block,
        ONE_CHUNK=n_chunks == 1,
    )
    return sorted_pairs, block_expert


def _check_quantised(
    name: str,
    quant: str,
    codes: torch.Tensor,
    scale: torch.Tensor | None,
    scale_2: torch.Tensor | None,
    shape: tuple[int, int, int],
    block: tuple[int, int],
    device: torch.device,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
    """`name`'s codes, scales and per-row tensor scales as the kernels read them (uint8 codes, float32
    or byte scales), or a ValueError naming the tensor and the format."""
    e, n, k = shape
    want_codes, want_scale = stored_shapes(quant, n, k, block)
    if quant in NVFP4_KINDS and k % 2:
        raise ValueError(f"fused_moe: {quant} {name} needs an even K (two E2M1 codes a byte), got K={k}")
    code_dtypes = (torch.uint8,) if quant in NVFP4_KINDS else (torch.float8_e4m3fn, torch.uint8)
    if codes.dtype not in code_dtypes or tuple(codes.shape) != (e, *want_codes) or codes.device != device:
        raise ValueError(
            f"fused_moe: {quant} {name} must be {'/'.join(str(d) for d in code_dtypes)} codes {[e, *want_codes]} on "
            f"{device}, got {codes.dtype} {list(codes.shape)} on {codes.device}"
        )
    scale_dtypes = {"fp8_block": (torch.float32, torch.bfloat16, torch.float16), "mxfp8": (torch.uint8,)}.get(
        quant, (torch.float8_e4m3fn, torch.uint8)
    )
    if scale is None or tuple(scale.shape) != (e, *want_scale) or scale.dtype not in scale_dtypes:
        got = None if scale is None else f"{scale.dtype} {list(scale.shape)}"
        raise ValueError(
            f"fused_moe: {name}'s {quant} scale must be {'/'.join(str(d) for d in scale_dtypes)} "
            f"{[e, *want_scale]}" + (f" for block {block}" if quant == "fp8_block" else "") + f", got {got}"
        )
    scale = scale.to(device).contiguous()
    scale = scale.float() if quant == "fp8_block" else scale.view(torch.uint8)
    if quant not in NVFP4_KINDS:
        if scale_2 is not None:
            raise ValueError(f"fused_moe: {quant} {name} takes no per-tensor scale_2")
        return codes.view(torch.uint8).contiguous(), scale, None
    if scale_2 is None or tuple(scale_2.shape) != (e, n) or not scale_2.is_floating_point():
        got = None if scale_2 is None else f"{scale_2.dtype} {list(scale_2.shape)}"
        raise ValueError(f"fused_moe: {name}'s {quant} scale_2 must be float [{e}, {n}] (one per row), got {got}")
    return codes.contiguous(), scale, scale_2.to(device, torch.float32).contiguous()


def _check_like_x(kwarg: str, want: dict[str, tuple[torch.Tensor, tuple[int, ...]]], x: torch.Tensor) -> None:
    for name, (v, shape) in want.items():
        if tuple(v.shape) != shape or v.dtype != x.dtype or v.device != x.device:
            raise ValueError(f"fused_moe: {kwarg} {name} must be {x.dtype} {list(shape)} on {x.device}, got {v.dtype} "
                             f"{list(v.shape)} on {v.device}")  # fmt: skip


def gate_up_spills(capability: tuple[int, int], fp8: bool) -> bool:
    """Whether the tuned gate_up tile of the largest tile class spills on a GPU of `capability`, which then
    takes half its columns (`default_tiles`). Built with Triton 3.9: the dense 128 x 128 x 64 tile at 8 warps
    spills 136-168 bytes a thread on every target that multiplies by `mma.sync` (sm_80, sm_86, sm_89, sm_120),
    not with Hopper's wgmma; the quantised 64 x 64 x 64 tile spills for block FP8 and MXFP8 on sm_80 (736 and
    2,504 bytes) and sm_86 (160 and 1,136), which assemble E4M3 from bits, and for block FP8 on sm_120 (24),
    not on sm_89; NVFP4's, which shares the class, spills on sm_80 and sm_86 (144) and fits on sm_89 and sm_120
    (242-244 registers). Half as wide, none spills (128-194 registers; `tests/model/test_gpu_builds.py`)."""
    if fp8:
        return capability < E4M3_CAPABILITY or capability >= (12, 0)
    return capability < (9, 0) or capability >= (12, 0)


def fused_moe(
    x: torch.Tensor,
    weights: torch.Tensor,
    ids: torch.Tensor,
    gate_up_proj: torch.Tensor,
    down_proj: torch.Tensor,
    tiles: MoETiles | None = None,
    *,
    quant: str | None = None,
    gate_up_scale: torch.Tensor | None = None,
    down_scale: torch.Tensor | None = None,
    gate_up_scale_2: torch.Tensor | None = None,
    down_scale_2: torch.Tensor | None = None,
    block: tuple[int, int] = FP8_BLOCK,
    shared: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None,
    shared_out: tuple[torch.Tensor, torch.Tensor] | None = None,
    later: Sequence[Callable[[], torch.Tensor]] = (),
    out: torch.Tensor | None = None,
    fp8_activations: bool = False,
) -> torch.Tensor:
    """`sum_j weights[t, j] * down[e](silu(gate[e] x_t) * up[e] x_t)` with `e = ids[t, j]` → `[T, H]` in x's dtype
    (in `out` when given, `output_like`).

    A gated shared expert joins the float32 sum before its one rounding: `shared = (s [T, I], g [T, 1],
    W_s [H, I])` (its activation, gate logit and dense down projection) as more row blocks of the down
    kernel, `sigmoid(g) * (s W_s^T)`, beside dense experts; or `shared_out = (y [T, H], g [T, 1])`, its
    output, `sigmoid(g) * y`.

    `later` runs more rounds over the same weight tensors (whose contents may change between rounds): each
    callable gives its round's ids `[T, k]` (-1 for pairs of other rounds; `ids` is round 0's), called once
    the previous round's GEMMs are launched, so it may refill the weights then (`model.expert_cache.
    ExpertCache.slot_ids`: stream order keeps the refill after the GEMMs reading them). Every pair must be
    live in exactly one round; each round writes its pairs' float32 parts, and the one sum follows the last.

    `x [T, H]`, `weights [T, k]` (any float dtype), `ids [T, k]` (integers in `[0, E)`); dense
    projections `gate_up_proj [E, 2I, H]` (gate rows first) and `down_proj [E, H, I]` in x's dtype and
    on its device (CPU tensors run in Triton's interpreter). `tiles` defaults to
    `default_tiles(T·k / E, quant, x's GPU, fp8_activations, decode_ahead(T, ...))`.

    `quant` names the stored format of both projections (`[E, N, K]` each), read in place:
    - "fp8_block": E4M3 codes (float8_e4m3fn or uint8) `[E, N, K]`, float scales `[E, ceil(N/bn),
      ceil(K/bk)]` for `block = (bn, bk)` (bk a multiple of 16), `w = e4m3 * scale[n // bn, k // bk]`;
    - "mxfp8": E4M3 codes `[E, N, K]`, E8M0 bytes (uint8) `[E, N, ceil(K/32)]`, `w = e4m3 * 2^(byte - 127)`;
    - "nvfp4" / "nvfp4_ct": packed E2M1 uint8 `[E, N, K/2]` (low nibble first), E4M3 block scales
      (float8_e4m3fn or uint8) `[E, N, ceil(K/16)]` and float per-row tensor scales `*_scale_2 [E, N]`
      (the gate and up rows each carry their own checkpoint tensor's), `w = e2m1 * e4m3 * scale_2`
      (ModelOpt) or `w = e2m1 * e4m3 / global_scale` (compressed-tensors), as `formats.py`.

    `fp8_activations` (w8a8, block FP8 only, sm_89 and newer): x and the gate_up product are quantised to E4M3
    per row and group of 128 inputs (`act_quant`), and each K tile multiplies codes by codes on FP8 tensor
    cores (`_tile_dot`; its error against the weight-only product: the module doc's bound).
    """
    t, hidden, e, inter, k = _check_routing(x, weights, ids, gate_up_proj, down_proj, quant)
    found = capability(x) if x.is_cuda else TUNED_ON
    scales = (gate_up_scale, down_scale, gate_up_scale_2, down_scale_2)
    stored = _stored_experts(x, quant, gate_up_proj, down_proj, scales, block, (e, hidden, inter))
    if tiles is None:
        ahead = decode_ahead(t, quant, (stored.bn, stored.bk), inter)
        tiles = default_tiles(t * k / e, quant, found, fp8_activations, ahead)
    if quant is not None:
        tiles = _kept_tiles(tiles, quant, stored.bk, x.dtype)
    if fp8_activations:
        tiles = _fp8_activation_tiles(x, quant, tiles)
    _check_shared(x, quant, shared, shared_out, hidden, inter)
    out = output_like(out, x)
    if t == 0 or k == 0:
        return out.zero_()
    _launch_experts(x, weights, ids, later, stored, tiles, quant, shared, shared_out, out, fp8_activations)
    return out


def _fp8_activation_tiles(x: torch.Tensor, quant: str | None, tiles: MoETiles) -> MoETiles:
    """`tiles` with K tiles inside one activation group, for FP8 activations on x's device; a ValueError
    naming the format or the tile where they cannot be, a RuntimeError naming a GPU without FP8 MMAs."""
    if quant != "fp8_block":
        raise ValueError(f"fused_moe: fp8_activations multiply block FP8 weights only, got quant {quant!r}")
    if x.is_cuda and (found := capability(x)) < FP8_MMA_CAPABILITY:
        raise RuntimeError(
            f"fused_moe: fp8_activations need FP8 tensor cores (sm_{FP8_MMA_CAPABILITY[0]}{FP8_MMA_CAPABILITY[1]} "
            f"or newer); {x.device} is sm_{found[0]}{found[1]}"
        )

    def grouped(gemm: GemmTiles) -> GemmTiles:
        block_k = min(gemm.block_k, ACT_GROUP)
        if block_k < MIN_FP8_DOT_K:
            raise ValueError(f"fused_moe: fp8_activations need K tiles of at least {MIN_FP8_DOT_K} (the FP8 MMA's K), "
                             f"got {block_k} (tiles {gemm}, within the weights' scale blocks)")  # fmt: skip
        return dataclasses.replace(gemm, block_k=block_k)

    return dataclasses.replace(tiles, gate_up=grouped(tiles.gate_up), down=grouped(tiles.down))


def _check_routing(
    x: torch.Tensor,
    weights: torch.Tensor,
    ids: torch.Tensor,
    gate_up_proj: torch.Tensor,
    down_proj: torch.Tensor,
    quant: str | None,
) -> tuple[int, int, int, int, int]:
    """(T, H, E, I, k) of `fused_moe`'s activations, routing and projections, whose shapes must agree (a
    ValueError naming the argument and both shapes); stored formats' dtypes and scales are `_stored_experts`'."""
    if x.dim() != 2 or x.dtype not in DTYPES:
        raise ValueError(f"fused_moe: x must be 2-D bfloat16/float16/float32, got {tuple(x.shape)} {x.dtype}")
    if quant not in KINDS:
        raise ValueError(f"fused_moe: quant must be one of {list(EXPERT_FORMATS)} or None, got {quant!r}")
    t, hidden = x.shape
    packed = 2 if quant in NVFP4_KINDS else 1  # logical K per stored column
    if gate_up_proj.dim() != 3 or gate_up_proj.shape[2] * packed != hidden or gate_up_proj.shape[1] % 2:
        raise ValueError(f"fused_moe: gate_up_proj must be [E, 2I, H={hidden}], got {tuple(gate_up_proj.shape)}")
    e, inter = gate_up_proj.shape[0], gate_up_proj.shape[1] // 2
    if down_proj.dim() != 3 or tuple(down_proj.shape[:2]) != (e, hidden):
        raise ValueError(f"fused_moe: down_proj must be [E={e}, H={hidden}, I], got {tuple(down_proj.shape)}")
    if down_proj.shape[2] * packed != inter:
        what = "" if quant is None else f"{quant} "
        want = f"I={inter}" if quant is None else f"I/{packed}={inter // packed}"
        raise ValueError(
            f"fused_moe: {what}down_proj must be [E={e}, H={hidden}, {want}], got {tuple(down_proj.shape)}"
        )
    if ids.dim() != 2 or ids.shape[0] != t or tuple(weights.shape) != tuple(ids.shape):
        raise ValueError(
            f"fused_moe: ids and weights must both be [T={t}, k], got ids {tuple(ids.shape)}, "
            f"weights {tuple(weights.shape)}"
        )
    return t, hidden, e, inter, ids.shape[1]


@dataclass(frozen=True)
class StoredExperts:
    """Both projections as the kernels read them: codes (or dense weights), scales, per-row tensor scales
    and the block-FP8 scale grid `(bn, bk)`; for formats without a scale the kernels never read, any tensor."""

    gate_up: torch.Tensor
    down: torch.Tensor
    gate_up_scale: torch.Tensor
    down_scale: torch.Tensor
    gate_up_scale_2: torch.Tensor
    down_scale_2: torch.Tensor
    bn: int
    bk: int


def _stored_experts(
    x: torch.Tensor,
    quant: str | None,
    gate_up_proj: torch.Tensor,
    down_proj: torch.Tensor,
    scales: tuple[torch.Tensor | None, ...],
    block: tuple[int, int],
    sizes: tuple[int, int, int],
) -> StoredExperts:
    """The projections (and `scales`: gate_up's and down's scale, then their scale_2) of `quant` checked
    against x and `sizes` (E, H, I), as the kernels read them; a ValueError naming the offending tensor."""
    e, hidden, inter = sizes
    if quant is None:
        for name, w in (("gate_up_proj", gate_up_proj), ("down_proj", down_proj)):
            if w.dtype != x.dtype or w.device != x.device:
                raise ValueError(f"fused_moe: {name} is {w.dtype} on {w.device}, x is {x.dtype} on {x.device}")
        return StoredExperts(gate_up_proj.contiguous(), down_proj.contiguous(), x, x, x, x, 1, 1)  # scales unused
    bn, bk = SCALE_GRID.get(quant, block)
    if bn < 1 or (quant == "fp8_block" and (bk & -bk) < MIN_DOT_K):
        raise ValueError(f"fused_moe: block FP8 needs bn >= 1 and bk a multiple of {MIN_DOT_K}, got block {block}")
    gate_up_scale, down_scale, gate_up_scale_2, down_scale_2 = scales
    gate_up, gate_up_scale, gate_up_scale_2 = _check_quantised(
        "gate_up_proj", quant, gate_up_proj, gate_up_scale, gate_up_scale_2, (e, 2 * inter, hidden), block, x.device
    )
    down, down_scale, down_scale_2 = _check_quantised(
        "down_proj", quant, down_proj, down_scale, down_scale_2, (e, hidden, inter), block, x.device
    )
    if gate_up_scale_2 is None:
        gate_up_scale_2 = down_scale_2 = gate_up_scale  # unused
    return StoredExperts(gate_up, down, gate_up_scale, down_scale, gate_up_scale_2, down_scale_2, bn, bk)


def _kept_tiles(tiles: MoETiles, quant: str, bk: int, dtype: torch.dtype) -> MoETiles:
    """`tiles` with each GEMM's K tile as the kept format `quant` allows under `dtype` (`codes.kept_block_k`)."""

    def kept(gemm: GemmTiles) -> GemmTiles:
        return dataclasses.replace(gemm, block_k=kept_block_k(quant, gemm.block_k, bk, dtype))

    return dataclasses.replace(tiles, gate_up=kept(tiles.gate_up), down=kept(tiles.down))


def _check_shared(
    x: torch.Tensor,
    quant: str | None,
    shared: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None,
    shared_out: tuple[torch.Tensor, torch.Tensor] | None,
    hidden: int,
    inter: int,
) -> None:
    """The shared expert's two forms (`fused_moe`'s `shared`, `shared_out`): one at most, `shared` beside
    dense experts only, each tensor x's dtype and device at its shape; else a ValueError naming it."""
    t = x.shape[0]
    if shared is not None and shared_out is not None:
        raise ValueError("fused_moe: shared and shared_out are two forms of one shared expert: give one")
    if shared is not None and quant is not None:
        raise ValueError(f"fused_moe: shared folds beside dense experts only (two weight kinds in one kernel spill on "
                         f"sm_90), got quant {quant!r}: pass shared_out")  # fmt: skip
    if shared is not None:
        s_want = {"s": (shared[0], (t, inter)), "g": (shared[1], (t, 1)), "W_s": (shared[2], (hidden, inter))}
        _check_like_x("shared", s_want, x)
        if not shared[2].is_contiguous():
            raise ValueError("fused_moe: shared W_s must be contiguous")
    if shared_out is not None:
        _check_like_x("shared_out", {"y": (shared_out[0], (t, hidden)), "g": (shared_out[1], (t, 1))}, x)


def _launch_experts(
    x: torch.Tensor,
    weights: torch.Tensor,
    ids: torch.Tensor,
    later: Sequence[Callable[[], torch.Tensor]],
    stored: StoredExperts,
    tiles: MoETiles,
    quant: str | None,
    shared: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None,
    shared_out: tuple[torch.Tensor, torch.Tensor] | None,
    out: torch.Tensor,
    fp8_activations: bool,
) -> None:
    """Each round's alignment (`align`; none for one token in one round) and GEMMs into one float32 parts
    buffer, then the one sum kernel into `out`; x quantised once for every round (`fp8_activations`)."""
    (t, hidden), k = x.shape, ids.shape[1]
    e, inter = stored.gate_up.shape[0], stored.gate_up.shape[1] // 2
    pairs = t * k
    direct = t == 1 and not later  # one token in one round: its k experts are distinct, every pair its own block
    x, weights = x.contiguous(), weights.contiguous()
    dependent = pdl_launch(x)
    flags = {"DIRECT": direct, "KIND": KINDS[quant], "DOT_F32": x.dtype == torch.float32 or not x.is_cuda}
    flags |= {"A_FP8": fp8_activations}
    flags |= decoders(x) | dependent
    blocks = pairs if direct else max_blocks(pairs, e, tiles.block_m)
    splits = tuple(  # each GEMM's (K splits, inputs per split, {AHEAD, A_AHEAD})
        (n, per, scales_ahead(gemm, quant, stored.bn, stored.bk, offset, per, fp8_activations))
        for gemm, k_in, offset in ((tiles.gate_up, hidden, inter), (tiles.down, inter, 0))
        for n, per in [k_splits(k_in, gemm.block_k, gemm.split_k)]
    )
    h = torch.empty(blocks * tiles.block_m, inter, dtype=x.dtype, device=x.device)
    if splits[0][0] > 1:  # the gate/up GEMM's float32 partials, summed into h by `_split_act_kernel`
        h = (torch.empty(splits[0][0], *h.shape[:1], 2 * inter, dtype=torch.float32, device=x.device), h)
    parts_shape = (splits[1][0], pairs + (t if shared is not None else 0), hidden)
    parts = torch.empty(parts_shape, dtype=torch.float32, device=x.device)
    acts = quantize_groups(x) if fp8_activations else (x, x)  # (codes, scales), or x and a placeholder
    for r, step in enumerate((lambda: ids, *later)):
        round_ids = step()
        if tuple(round_ids.shape) != tuple(ids.shape) or round_ids.device != ids.device:
            raise ValueError(f"fused_moe: later round {r}'s ids must be {list(ids.shape)} on {ids.device}, got "
                             f"{list(round_ids.shape)} on {round_ids.device}")  # fmt: skip
        _expert_parts(x, acts, weights, round_ids, stored, tiles, splits, quant, shared, r == 0, flags, h, parts)
    y, gate = shared_out if shared_out is not None else (out, out)  # unused unless SHARED == 1
    mode = 2 if shared is not None else int(shared_out is not None)
    _on(x.device, _sum_kernel)[(t, triton.cdiv(hidden, SUM_BLOCK))](
        parts, y.contiguous(), gate, out, t, hidden, gate.stride(0), TOP_K=k, BLOCK=SUM_BLOCK, SHARED=mode,
        SPLITS=splits[1][0], **dependent,
    )  # fmt: skip


def _expert_parts(
    x: torch.Tensor,
    acts: tuple[torch.Tensor, torch.Tensor],
    weights: torch.Tensor,
    ids: torch.Tensor,
    stored: StoredExperts,
    tiles: MoETiles,
    splits: tuple[tuple[int, int, dict[str, int]], ...],
    quant: str | None,
    shared: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None,
    shared_rows: bool,
    flags: dict[str, object],
    h: torch.Tensor | tuple[torch.Tensor, torch.Tensor],
    parts: torch.Tensor,
) -> None:
    """One round: the gate/up (into `h`) and down GEMMs of the pairs whose ids are not negative, each pair's
    weighted output into its row of `parts`, and the shared expert's rows in the round that takes them
    (`shared_rows`: the first; the kernels are the same in every round). The gate/up GEMM reads `acts`
    (x, or its FP8 codes and scales); with FP8 activations the down GEMM reads h's, quantised between
    the two (but the unused tail blocks' slots, which no program writes or reads). `splits`: each GEMM's
    (K splits, inputs per split, `k_splits`; AHEAD and A_AHEAD, `scales_ahead`); with the gate/up GEMM's split,
    h is (its float32 partials, the product they sum to, written by `_split_act_kernel`)."""
    (t, hidden), k = x.shape, ids.shape[1]
    e, inter = stored.gate_up.shape[0], stored.gate_up.shape[1] // 2
    pairs = t * k
    bm, gu, dn = tiles.block_m, tiles.gate_up, tiles.down
    if flags["DIRECT"]:
        sorted_pairs = block_expert = ids.reshape(-1)
    else:
        sorted_pairs, block_expert = align(ids, e, bm)
    blocks = block_expert.numel()
    (gu_splits, gu_per, gu_ahead), (dn_splits, dn_per, dn_ahead) = splits
    h_parts, h = h if isinstance(h, tuple) else (h, h)
    _on(x.device, _gate_up_kernel)[(triton.cdiv(inter, gu.block_n), blocks, gu_splits)](
        *acts, stored.gate_up, stored.gate_up_scale, stored.gate_up_scale_2, sorted_pairs, block_expert, h_parts, pairs,
        e, k,
        hidden, inter, stored.bn, stored.bk, gu_per, BLOCK_M=bm, BLOCK_N=gu.block_n, BLOCK_K=gu.block_k,
        num_warps=gu.warps, num_stages=gu.stages, SWAP=gu.swap,
        UNIFORM=uniform_scale(quant, stored.bn, gu.block_n, inter), SPLITS=gu_splits, **gu_ahead, **flags,
    )  # fmt: skip
    s, g, w_s = (
        (shared[0].contiguous(), shared[1], shared[2]) if shared is not None else (h, x, x)
    )  # unused without SHARED
    shared_blocks = triton.cdiv(t, bm) if shared is not None and shared_rows else 0
    if gu_splits > 1:
        _on(x.device, _split_act_kernel)[(blocks, triton.cdiv(inter, ACT_BLOCK))](
            h_parts, sorted_pairs, block_expert, h, pairs, e, inter, BLOCK_M=bm, BLOCK_I=ACT_BLOCK, SPLITS=gu_splits,
            DIRECT=flags["DIRECT"], PDL=flags["PDL"], launch_pdl=flags["launch_pdl"],
        )  # fmt: skip
    h_acts = quantize_groups(h, (block_expert, e, bm)) if flags["A_FP8"] else (h, h)
    _on(x.device, _down_kernel)[(triton.cdiv(hidden, dn.block_n), blocks + shared_blocks, dn_splits)](
        *h_acts, stored.down, stored.down_scale, stored.down_scale_2, sorted_pairs, block_expert, weights, s, g,
        w_s, parts, pairs, e, hidden, inter, stored.bn, stored.bk, blocks, t, g.stride(0), dn_per, BLOCK_M=bm,
        BLOCK_N=dn.block_n, BLOCK_K=dn.block_k, num_warps=dn.warps, num_stages=dn.stages, SHARED=shared is not None,
        SWAP=dn.swap, UNIFORM=uniform_scale(quant, stored.bn, dn.block_n), SPLITS=dn_splits, **dn_ahead,
        **flags,
    )  # fmt: skip
