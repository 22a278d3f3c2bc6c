"""Weight-only quantised linears for decode: FP8, MXFP8 or NVFP4 weights, 16-bit activations, one Triton GEMM.

Decode (1..64 rows) is bound by the bytes of weight read, not by FLOPs: E4M3 weights halve them and
NVFP4 (E2M1 pairs plus one E4M3 scale per 16 values) about quarters them against bf16. Unlike
`FP8Linear` (W8A8 through `_scaled_mm`), activations are never quantised, so the only numerical
change is the weight rounding: the result is `x @ dequant(W)^T` accumulated in float32.

Formats (ModelOpt conventions, as `model/quant/pack.py` writes them):
- "fp8": E4M3 bytes `[N, K]` (uint8) and one float32 scale per output row, `w = e4m3 * scale[n]`;
- "nvfp4": packed E2M1 `[N, K/2]` (uint8, element 2i in the low nibble), E4M3 block scales
  `[N, K/16]` (uint8) and a per-tensor `scale_2`, `w = e2m1 * e4m3(block) * scale_2`;
- "nvfp4_ct": the same storage with compressed-tensors' per-tensor `global_scale`, which divides:
  `w = e2m1 * e4m3(block) / global_scale` (`formats.dequant_nvfp4_ct`). The kernel divides the
  accumulator by it (IEEE `div_rn`) rather than multiplying by a rounded reciprocal (which would
  move about 5% of the weights by an ulp), so a one-hot row of x returns that formula's weights;
- "fp8_block": E4M3 bytes `[N, K]` and float32 scales `[ceil(N/bn), ceil(K/bk)]` (DeepSeek / official
  Qwen `weight_scale_inv`, compressed-tensors' block `weight_scale`, ModelOpt FP8_PB_WO reshaped),
  `w = e4m3 * scale[n // bn, k // bk]` (`formats.dequant_fp8_block`), edge blocks may be partial;
- "mxfp8": E4M3 bytes `[N, K]` and E8M0 bytes `[N, ceil(K/32)]`, `w = e4m3 * 2^(e8m0[n, k//32] - 127)`
  (`formats.dequant_mxfp8`; byte 0 is 2^-127, 0xFF NaN).

`WeightOnlyLinear(linear, kind)` packs a dense `nn.Linear` ("fp8" / "nvfp4");
`WeightOnlyLinear.from_packed(...)` keeps a checkpoint's stored bytes and scales as they are
(`load_model(..., weight_only=True)`; the only way to get "nvfp4_ct", "fp8_block" and "mxfp8").

E4M3 codes (FP8 weights, NVFP4 block scales) are converted by the GPU itself on sm_89 and newer (exact:
every E4M3 value is a float32); elsewhere (sm_80 and sm_86, and Triton's interpreter on CPU) by the
shared bit-level helpers of `codes.py`, which give the same values; `codes.decoders` chooses at launch.
`e2m1 * e4m3(block)` is exact in float32 and representable in
bf16 and fp16, so the weight tile is cast to the activation dtype without loss and multiplied on the
tensor cores; the row scale / `scale_2` / `global_scale` is applied once to the float32 accumulator.
Small N gets a split over K (float32 partials, summed in split order by a second small kernel that
also rounds to the output dtype: deterministic, no atomics) so the GPU still has enough programs to
stream the weight. Offsets are int64. The same kernel and launcher (`Tiles`, `launch`) run dense
16-bit weights for the skinny decode GEMMs of `model/kernels/skinny.py` (code `DENSE`), optionally
with float32 FMA tiles instead of `tl.dot` for 1..8 rows.

"fp8_block" and "mxfp8" scales vary along K, so they cannot wait for the end. A block-FP8 weight
`e4m3 * s` is generally not representable in bf16/fp16 (up to 4 + 24 significant bits), so instead each
K tile lies in one scale block (BLOCK_K a power of two dividing bk, tiles start at multiples of BLOCK_K)
and its float32 partial product with the raw E4M3 codes (exact in every activation dtype) is multiplied
by the tile's per-column scale: `acc += dot(x, e4m3) * s[None, :]`, or by one scale where the N tile lies
in one scale block (`UNIFORM`: one load instead of BLOCK_N). That is `sum_k x[k] * (e4m3 * s)` with each
weight exactly `formats.py`'s (a one-hot x returns `fl(e4m3 * s)`), up to float32 summation order and one
rounding per scaled partial (within the `(K + 2) u` bound of the tests). An MXFP8 weight `e4m3 * 2^e` is
exact in float32 and bf16 (same exponent range; only scale bytes 0..2 reach bf16 subnormals, rounded as
`formats.py`'s weights then are), so under those dtypes the tile is decoded whole (`codes.mxfp8_tile`) and
joins the float32 sum as NVFP4's does. fp16 holds every `e4m3 * 2^e` only for scales 2^-15 .. 2^7 (a
group whose largest weight is under 2^-7 already gets a smaller scale: OCP MX, 2^(floor(log2 amax) - 8)),
so under fp16 MXFP8 takes block FP8's scheme with BLOCK_K <= 32, one E8M0 scale per tile, exact (unless
the scaled partial leaves float32's normal range, which needs weights near 2^-126 or 2^128).
"""

from __future__ import annotations

import dataclasses

import torch
import triton
import triton.language as tl
from torch import nn

from model.kernels import replace_linears
from model.kernels.codes import (
    bf16_bits,
    decoders,
    e4m3_bf16,
    e4m3_float,
    e8m0_value,
    interpreted,
    kept_block_k,
    mxfp8_tile,
    nvfp4_tile,
    operand_like,
    pdl_launch,
    wait_for_inputs,
)
from model.kernels.fp8_linear import quantize_rows
from model.kernels.k_loop import ahead, ahead_span, k_range, k_splits, picked
from model.kernels.mma import add_scaled, mma, oriented
from model.quant import formats
from model.quant.pack import nvfp4_scale_2, pack_nvfp4

KINDS = {"fp8": 1, "nvfp4": 2, "nvfp4_ct": 3, "fp8_block": 4, "mxfp8": 5}
DENSE = 0  # the kernel's code for weights stored in the activation dtype (`model/kernels/skinny.py`)
PACKABLE = ("fp8", "nvfp4")  # kinds the constructor packs from a dense nn.Linear
E4M3_KINDS = ("fp8", "fp8_block", "mxfp8")  # E4M3 bytes [N, K]
NVFP4_GROUP = formats.NVFP4_GROUP
MXFP8_GROUP = formats.MXFP8_GROUP
FP8_BLOCK = (128, 128)  # the usual (bn, bk) of block FP8
MIN_DOT_K = 16  # tl.dot's smallest K: block FP8's bk must be a multiple of it (one scale per K tile)
DTYPES = (torch.bfloat16, torch.float16, torch.float32)
TARGET_PROGRAMS = 264  # about two per SM on an H200 (132 SMs); below it, K is split
PACK_ELEMENTS = 1 << 22  # rows are packed in chunks of about this many weights (bounds packer memory)
SUM_BLOCK = 1024  # outputs per program of the split-K sum


@triton.jit(do_not_specialize=["M"])
def _wo_kernel(
    x,
    w,
    block_scale,
    scale,
    out,
    M,
    N,
    K,
    stride_xm,
    K_PER_SPLIT,
    SCALE_BN,
    SCALE_BK,
    KIND: tl.constexpr,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    DOT: tl.constexpr,
    LANES: tl.constexpr,
    DOT_F32: tl.constexpr,
    PARTIAL: tl.constexpr,
    OUT_BF16: tl.constexpr,
    PTX: tl.constexpr,
    HW_E4M3: tl.constexpr,
    SWAP: tl.constexpr,
    UNIFORM: tl.constexpr,
    AHEAD: tl.constexpr,
    PDL: tl.constexpr,
):
    """`x @ dequant(W)^T` for one (N tile, row tile, K split) program (module doc). UNIFORM: a block-FP8 N tile
    lies in one scale block, so a K tile takes one float32 multiplier; AHEAD > 0 (`Tiles.scales_ahead`): the
    program's multipliers, loaded before the K loop (`k_loop.ahead`)."""
    wait_for_inputs(PDL)
    rm = tl.program_id(1) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    m_live, n_live = rm < M, rn < N
    rm64, rn64 = rm.to(tl.int64), rn.to(tl.int64)
    acc = oriented(tl.full((BLOCK_M, BLOCK_N), 0.0, tl.float32), SWAP)  # not tl.zeros: a JIT helper
    # without DOT: one float32 product sum per (row, k lane, column), reduced over the lanes once at the
    # end, so the loop is pure FMAs (LANES is BLOCK_K then, 1 with DOT)
    lanes = tl.full((BLOCK_M, LANES, BLOCK_N), 0.0, tl.float32)
    k_start, k_end = k_range(K, K_PER_SPLIT, PARTIAL)
    s_row = scale + (tl.program_id(0) * BLOCK_N // SCALE_BN) * ((K + SCALE_BK - 1) // SCALE_BK)  # UNIFORM's
    s_row = ahead(s_row, True, k_start, k_end, SCALE_BK, AHEAD)
    for k0 in range(k_start, k_end, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        k_live = rk < k_end
        a = tl.load(x + rm64[:, None] * stride_xm + rk[None, :], mask=m_live[:, None] & k_live[None, :], other=0.0)
        b = _wo_weight_tile(w, block_scale, scale, a, rn64, rk, k0, k_end, K, k_live[:, None] & n_live[None, :],
                            n_live, KIND, BLOCK_K, BLOCK_N, DOT_F32, PTX, HW_E4M3)  # fmt: skip
        if not DOT:
            lanes += a.to(tl.float32)[:, :, None] * b.to(tl.float32)[None, :, :]  # exact for 16-bit a and b
        else:
            acc = _wo_tile_product(acc, a, b, scale, s_row, rn64, n_live, k0, k_start, K, SCALE_BN, SCALE_BK, KIND,
                                   DOT_F32, SWAP, UNIFORM, AHEAD)  # fmt: skip
    if not DOT:
        acc = tl.reduce(lanes, 1, tl.standard._sum_combine)  # tl.sum's own combine: numpy's sum when interpreted
    acc = _wo_tensor_scale(oriented(acc, SWAP), scale, rn64, n_live, KIND)
    _wo_store(out + tl.program_id(2).to(tl.int64) * M * N + rm64[:, None] * N + rn64[None, :], acc,
              m_live[:, None] & n_live[None, :], PARTIAL, OUT_BF16)  # fmt: skip


@triton.jit
def _wo_weight_tile(
    w, block_scale, scale, a, rn64, rk, k0, k_end, K, wmask, n_live, KIND: tl.constexpr, BLOCK_K: tl.constexpr,
    BLOCK_N: tl.constexpr, DOT_F32: tl.constexpr, PTX: tl.constexpr, HW_E4M3: tl.constexpr,
):  # fmt: skip
    """The weight tile `[BLOCK_K, BLOCK_N]` (W^T) of inputs `rk` (from k0; `wmask` their live entries) as an
    MMA operand beside `a`: dense weights as stored, the others decoded exactly (`codes.py`) and then rounded
    to a's dtype, which changes only MXFP8 weights below bf16's normals."""
    if KIND == 0:
        b = tl.load(w + rn64[None, :] * K + rk[:, None], mask=wmask, other=0.0)
    elif KIND == 2 or KIND == 3:
        d = nvfp4_tile(w + rn64[None, :] * (K // 2), block_scale + rn64[None, :] * (K // 16), k0, k_end, n_live,
                       BLOCK_K, BLOCK_N, PTX, HW_E4M3)  # fmt: skip
        b = operand_like(d, a, DOT_F32)
    elif KIND == 5 and a.dtype != tl.float16:  # MXFP8 with its scales: exact in bf16 and float32
        d = mxfp8_tile(w + rn64[None, :] * K, scale + rn64[None, :] * ((K + 31) // 32), k0, k_end, n_live,
                       BLOCK_K, BLOCK_N, HW_E4M3)  # fmt: skip
        b = operand_like(d, a, DOT_F32)
    else:  # E4M3 codes alone (FP8, block FP8, MXFP8 under float16): scaled after the dot
        q = tl.load(w + rn64[None, :] * K + rk[:, None], mask=wmask, other=0)
        if PTX and a.dtype == tl.bfloat16 and not DOT_F32:
            b = e4m3_bf16(q)  # off the GPU's conversion pipe (`codes.E4M3_BF16_QUADS`)
        else:
            b = operand_like(e4m3_float(q, HW_E4M3), a, DOT_F32)
    return b


@triton.jit
def _wo_tile_product(
    acc, a, b, scale, s_row, rn64, n_live, k0, k_start, K, SCALE_BN, SCALE_BK, KIND: tl.constexpr,
    DOT_F32: tl.constexpr, SWAP: tl.constexpr, UNIFORM: tl.constexpr, AHEAD: tl.constexpr,
):  # fmt: skip
    """acc + a · b by `tl.dot`: block FP8, and MXFP8 under float16, scale this K tile's float32 partial (the
    scales vary along K; module doc), the other kinds add to the accumulator directly. UNIFORM: `s_row` is the
    N tile's scale row (AHEAD: its multipliers from `k_start`'s scale block on, loaded before the loop)."""
    if KIND == 4 and UNIFORM:  # one multiplier for the tile's float32 partial (module doc)
        if AHEAD > 0:
            s = picked(s_row, k0 // SCALE_BK - k_start // SCALE_BK, 0, AHEAD)
        else:
            s = tl.load(s_row + k0 // SCALE_BK)
        acc = acc + mma(tl.full(acc.shape, 0.0, tl.float32), a, b, DOT_F32, SWAP) * s
    elif KIND == 4 or (KIND == 5 and a.dtype == tl.float16):
        # the whole tile lies in one K block of the scales (BLOCK_K divides bk / 32, k0 a multiple of
        # BLOCK_K): one scale per output column, applied to this tile's float32 partial (module doc)
        if KIND == 4:
            s = tl.load(
                scale + (rn64 // SCALE_BN) * ((K + SCALE_BK - 1) // SCALE_BK) + k0 // SCALE_BK,
                mask=n_live,
                other=0.0,
            )
        else:
            s = e8m0_value(tl.load(scale + rn64 * ((K + 31) // 32) + k0 // 32, mask=n_live, other=0).to(tl.uint32))
        part = mma(tl.full(acc.shape, 0.0, tl.float32), a, b, DOT_F32, SWAP)
        acc = add_scaled(acc, part, s, SWAP)
    else:
        acc = mma(acc, a, b, DOT_F32, SWAP)
    return acc


@triton.jit
def _wo_tensor_scale(acc, scale, rn64, n_live, KIND: tl.constexpr):
    """The scale applied once to the float32 sum: FP8's per row, NVFP4's `scale_2` (multiplies) or
    `global_scale` (divides, IEEE `div_rn`: `/` may be approximate on CUDA); none for the other kinds."""
    if KIND == 1:
        acc = acc * tl.load(scale + rn64, mask=n_live, other=0.0)[None, :]
    elif KIND == 2:
        acc = acc * tl.load(scale)
    elif KIND == 3:
        acc = tl.math.div_rn(acc, tl.load(scale))
    return acc


@triton.jit
def _wo_store(dst, acc, mask, PARTIAL: tl.constexpr, OUT_BF16: tl.constexpr):
    """The tile to `dst`: a split's float32 partial, or rounded to the output dtype (bfloat16 by `bf16_bits`,
    which rounds as torch does where the interpreter truncates)."""
    if PARTIAL:
        tl.store(dst, acc, mask=mask)
    elif OUT_BF16:
        tl.store(dst, bf16_bits(acc), mask=mask)
    else:
        tl.store(dst, acc.to(dst.dtype.element_ty), mask=mask)


def weight_only_matmul(
    x: torch.Tensor,
    kind: str,
    weight: torch.Tensor,
    scale: torch.Tensor,
    block_scale: torch.Tensor | None = None,
    *,
    block: tuple[int, int] | None = None,
    block_m: int | None = None,
    block_n: int = 64,
    block_k: int = 128,
    split_k: int | None = None,
    swap: bool = False,
    scales_ahead: bool = False,
) -> torch.Tensor:
    """`x [M, K] @ dequant(W)^T` -> `[M, N]` in x's dtype, float32 accumulation.

    "fp8": `weight` E4M3 bytes `[N, K]`, `scale` float32 `[N]`. "nvfp4": `weight` packed `[N, K/2]`,
    `block_scale` E4M3 bytes `[N, K/16]`, `scale` the float32 `scale_2` as a 1-element tensor (read on
    the device: no sync, capturable); "nvfp4_ct": the same with `scale` the `global_scale` (divides).
    "fp8_block": `weight` E4M3 `[N, K]`, `scale` float32 `[ceil(N/bn), ceil(K/bk)]` for `block` = (bn, bk)
    (default 128 x 128; bk a multiple of 16); "mxfp8": `weight` E4M3 `[N, K]`, `scale` E8M0 bytes
    `[N, ceil(K/32)]`. Block sizes are powers of two >= 16 (`tl.dot`); `block_m` defaults to M rounded
    up (16..64), `split_k` to enough K splits for `TARGET_PROGRAMS` programs. For "fp8_block" / "mxfp8"
    `block_k` is capped at the largest power of two dividing bk / at 32, so a K tile never straddles two
    scale blocks. `swap` makes the decoded weight tile the MMA's first operand (`Tiles.swap`); `scales_ahead`
    loads block FP8's multipliers before the K loop (`Tiles.scales_ahead`).
    """
    code = KINDS[kind]
    if x.dim() != 2 or x.dtype not in DTYPES:
        raise ValueError(f"x must be 2-D bfloat16/float16/float32, got {tuple(x.shape)} {x.dtype}")
    m, k = x.shape
    weight = weight.view(torch.uint8)
    n = weight.shape[0]
    bn, bk = 1, 1  # unused by the kernel unless "fp8_block"
    if code in (4, 5):
        if code == 4:
            bn, bk = block or FP8_BLOCK
            want = (triton.cdiv(n, bn), triton.cdiv(k, bk))
            if bn < 1 or bk < 1 or (bk & -bk) < MIN_DOT_K:  # the largest power of two dividing bk
                raise ValueError(f"block FP8 needs bn >= 1 and bk a multiple of {MIN_DOT_K}, got block {(bn, bk)}")
        else:
            want = (n, triton.cdiv(k, MXFP8_GROUP))
            if scale.dtype != torch.uint8:
                raise ValueError(f"MXFP8 scales must be E8M0 uint8 bytes, got {scale.dtype}")
        if tuple(weight.shape) != (n, k) or tuple(scale.shape) != want:
            raise ValueError(
                f"{kind} needs weight [N, K={k}] and scales {list(want)}; got weight "
                f"{tuple(weight.shape)}, scale {tuple(scale.shape)}"
            )
        block_k = kept_block_k(kind, block_k, bk, x.dtype)
    elif code != 1 and (
        block_scale is None
        or k % NVFP4_GROUP
        or tuple(weight.shape) != (n, k // 2)
        or tuple(block_scale.shape) != (n, k // NVFP4_GROUP)
    ):
        raise ValueError(
            f"NVFP4 needs K % {NVFP4_GROUP} == 0, packed [N, K/2] and block scales [N, K/16]; got "
            f"K={k}, weight {tuple(weight.shape)}, block_scale "
            f"{None if block_scale is None else tuple(block_scale.shape)}"
        )
    if code == 1 and (tuple(weight.shape) != (n, k) or scale.numel() != n):
        raise ValueError(
            f"FP8 needs weight [N, K={k}] and N row scales; got {tuple(weight.shape)}, {scale.numel()} scales"
        )
    scale = scale.to(device=x.device, dtype=torch.uint8 if code == 5 else torch.float32).reshape(-1)
    blocks = weight if block_scale is None else block_scale.view(torch.uint8)
    block_m = block_m or min(64, max(16, triton.next_power_of_2(m)))
    tiles = Tiles(block_m, block_n, block_k, split_k, swap=swap, scales_ahead=scales_ahead)
    return launch(x, code, weight, blocks, scale, tiles, scale_block=(bn, bk))


@dataclasses.dataclass(frozen=True)
class Tiles:
    """How `_wo_kernel` tiles `x [M, K] @ W^T`: row, column and K tiles (powers of two), the K split
    (None: enough splits for `programs` programs), whether tiles multiply by `tl.dot` (BLOCK_M >= 16) or by
    float32 FMAs (any BLOCK_M; the dense and per-tensor / per-row scaled kinds only), the launch's warps
    and pipeline stages, whether `tl.dot` takes the weight tile first (`model/kernels/mma.py`), and whether
    block FP8 whose N tiles lie in one scale block loads a program's multipliers before its K loop (`k_loop`:
    the loop's own load of one a K tile is not pipelined; the same floats, so the same bits)."""

    block_m: int
    block_n: int
    block_k: int
    split_k: int | None = None
    dot: bool = True
    programs: int = TARGET_PROGRAMS
    num_warps: int = 4
    num_stages: int = 3
    swap: bool = False
    scales_ahead: bool = False


def launch(
    x: torch.Tensor,
    code: int,
    weight: torch.Tensor,
    blocks: torch.Tensor,
    scale: torch.Tensor,
    tiles: Tiles,
    scale_block: tuple[int, int] = (1, 1),
) -> torch.Tensor:
    """Run `_wo_kernel` over checked operands (shared by the weight-only and the skinny dense GEMMs).

    Split K gives float32 partials `[splits, M, N]`, summed in split order and rounded once to x's dtype
    by `_split_sum_kernel` (deterministic: no atomics)."""
    m, k = x.shape
    n = weight.shape[0]
    if x.stride(-1) != 1:
        x = x.contiguous()
    if not tiles.dot and code >= 4:
        raise ValueError(f"kind code {code} scales each K tile's partial: it needs tl.dot tiles (dot=True)")
    if tiles.dot and tiles.block_m < MIN_DOT_K:
        raise ValueError(f"tl.dot tiles need block_m >= {MIN_DOT_K}, got {tiles.block_m}")
    if tiles.swap and not tiles.dot:
        raise ValueError("swapped tiles multiply by tl.dot (dot=True)")
    block_m, block_n = tiles.block_m, tiles.block_n
    block_k = min(tiles.block_k, max(16, triton.next_power_of_2(k)))
    grid_mn = triton.cdiv(n, block_n) * triton.cdiv(m, block_m)
    split_k, per_split = k_splits(k, block_k, tiles.split_k or max(1, tiles.programs // max(grid_mn, 1)))
    partial = split_k > 1
    uniform = code == KINDS["fp8_block"] and scale_block[0] % block_n == 0
    if tiles.scales_ahead and not uniform:
        raise ValueError(f"scales_ahead needs block FP8 N tiles inside one scale block ({scale_block[0]} rows), got "
                         f"kind code {code} and {tiles}")  # fmt: skip
    bf16 = x.dtype == torch.bfloat16
    out = torch.empty((m, n), dtype=x.dtype, device=x.device)
    if m == 0 or n == 0:
        return out
    parts = torch.empty((split_k, m, n), dtype=torch.float32, device=x.device) if partial else out
    on_gpu, dependent = x.is_cuda, pdl_launch(x)
    kernel = _wo_kernel if on_gpu else interpreted(_wo_kernel)
    kernel[(triton.cdiv(n, block_n), triton.cdiv(m, block_m), split_k)](
        x,
        weight,
        blocks,
        scale,
        parts.view(torch.int16) if bf16 and not partial else parts,
        m,
        n,
        k,
        x.stride(0),
        per_split,
        scale_block[0],
        scale_block[1],
        KIND=code,
        BLOCK_M=block_m,
        BLOCK_N=block_n,
        BLOCK_K=block_k,
        DOT=tiles.dot,
        LANES=1 if tiles.dot else block_k,
        DOT_F32=x.dtype == torch.float32 or not on_gpu,
        PARTIAL=partial,
        OUT_BF16=bf16 and not partial,
        SWAP=tiles.swap,
        UNIFORM=uniform,
        AHEAD=ahead_span(per_split, scale_block[1]) if tiles.scales_ahead else 0,
        num_warps=tiles.num_warps,
        num_stages=tiles.num_stages,
        **decoders(x),
        **dependent,
    )
    if partial:
        summed = _split_sum_kernel if on_gpu else interpreted(_split_sum_kernel)
        summed[(triton.cdiv(m * n, SUM_BLOCK),)](
            parts,
            out.view(torch.int16) if bf16 else out,
            m * n,
            SPLITS=split_k,
            BLOCK=SUM_BLOCK,
            OUT_BF16=bf16,
            **dependent,
        )
    return out


@triton.jit
def _split_sum_kernel(
    parts, out, MN, SPLITS: tl.constexpr, BLOCK: tl.constexpr, OUT_BF16: tl.constexpr, PDL: tl.constexpr
):
    """`out = sum_s parts[s]` in split order, float32, one rounding to the output dtype. The splits are
    unrolled, so their loads are in flight together."""
    wait_for_inputs(PDL)
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    live = offs < MN
    src = parts + offs  # 64-bit pointers: stepping them by MN never overflows
    acc = tl.load(src, mask=live, other=0.0)
    for _ in tl.static_range(1, SPLITS):
        src += MN
        acc += tl.load(src, mask=live, other=0.0)
    if OUT_BF16:
        tl.store(out + offs, bf16_bits(acc), mask=live)
    else:
        tl.store(out + offs, acc.to(out.dtype.element_ty), mask=live)


class WeightOnlyLinear(nn.Module):
    """`y = x dequant(W)^T` with W stored once as FP8 (per-row or block scales), MXFP8 or NVFP4, x untouched.

    Built by packing a dense `nn.Linear` (the constructor) or from a checkpoint's stored tensors
    (`from_packed`). Buffers: `weight` (uint8), `scale` (float32 `[N]` row scales for "fp8", float32
    `[ceil(N/bn), ceil(K/bk)]` for "fp8_block" (`block` = (bn, bk)), uint8 E8M0 `[N, ceil(K/32)]` for
    "mxfp8", float32 `[1]` for NVFP4) and `block_scale` (uint8 E4M3 `[N, K/16]` for NVFP4, else None).
    """

    def __init__(self, linear: nn.Linear, kind: str, name: str = "") -> None:
        super().__init__()
        label = f"{name or 'nn.Linear'}({linear.in_features}, {linear.out_features})"
        if kind not in PACKABLE:
            raise ValueError(
                f"{label}: weight-only kind must be one of {sorted(PACKABLE)} to pack a dense linear, got {kind!r}"
            )
        if linear.bias is not None:
            raise ValueError(f"{label} has a bias; WeightOnlyLinear takes bias-free linears only")
        if kind == "nvfp4" and linear.in_features % NVFP4_GROUP:
            raise ValueError(
                f"{label}: NVFP4 needs in_features divisible by {NVFP4_GROUP}, got in_features={linear.in_features}"
            )
        self.kind, self.in_features, self.out_features, self.block = kind, linear.in_features, linear.out_features, None
        self.block_n, self.block_k, self.split_k, self.swap = 64, 128, None, False  # untuned (weight_only_matmul)
        w = linear.weight.detach()
        rows = max(1, PACK_ELEMENTS // w.shape[1])
        with torch.no_grad():
            if kind == "fp8":
                parts = [quantize_rows(w[i : i + rows]) for i in range(0, w.shape[0], rows)]
                self.register_buffer("weight", torch.cat([q.view(torch.uint8) for q, _ in parts]))
                self.register_buffer("scale", torch.cat([s.reshape(-1) for _, s in parts]))  # [N] float32
                self.register_buffer("block_scale", None)
            else:
                scale_2 = nvfp4_scale_2(w)
                parts = [pack_nvfp4(w[i : i + rows], scale_2) for i in range(0, w.shape[0], rows)]
                self.register_buffer("weight", torch.cat([p for p, _, _ in parts]))  # [N, K/2] uint8
                self.register_buffer("block_scale", torch.cat([b.view(torch.uint8) for _, b, _ in parts]))
                self.register_buffer("scale", scale_2.reshape(1).float())  # scale_2, [1] float32

    @classmethod
    def from_packed(
        cls,
        kind: str,
        weight: torch.Tensor,
        scale: torch.Tensor,
        block_scale: torch.Tensor | None = None,
        name: str = "",
        block: tuple[int, int] | None = None,
    ) -> WeightOnlyLinear:
        """A module over stored tensors, kept as they are (no re-quantisation); ValueError naming `name`.

        "fp8": `weight` E4M3 `[N, K]` (float8_e4m3fn or its uint8 bytes), `scale` a float per-tensor
        scale (`[]` / `[1]`, broadcast to every row) or per-output-channel one (`[N]` / `[N, 1]`).
        "nvfp4" / "nvfp4_ct": `weight` packed E2M1 uint8 `[N, K/2]` with K % 16 == 0, `block_scale`
        E4M3 `[N, K/16]`, `scale` the per-tensor `scale_2` (multiplies) / `global_scale` (divides),
        `[]` or `[1]`. "fp8_block": `weight` E4M3 `[N, K]`, `scale` float `[ceil(N/bn), ceil(K/bk)]`
        with `block` = (bn, bk) (default 128 x 128; bk a multiple of 16). "mxfp8": `weight` E4M3
        `[N, K]`, `scale` the E8M0 bytes (uint8) `[N, ceil(K/32)]`. The tensors' device is the module's;
        float scales become float32 (exact from bf16 / fp16), as `formats.py` computes them.
        """
        label = name or "WeightOnlyLinear"
        _check_packed(label, kind, weight, scale, block_scale, block)
        if kind == "fp8":
            k, blocks, scale = weight.shape[1], None, _fp8_row_scales(label, weight, scale)
        elif kind in ("fp8_block", "mxfp8"):
            k, blocks = weight.shape[1], None
            block, scale = _kept_scales(label, kind, weight, scale, block)
        else:
            k, blocks, scale = _nvfp4_scales(label, weight, scale, block_scale)
        self = cls.__new__(cls)
        nn.Module.__init__(self)
        self.kind, self.in_features, self.out_features, self.block = kind, k, weight.shape[0], block
        self.block_n, self.block_k, self.split_k, self.swap = 64, 128, None, False  # untuned (weight_only_matmul)
        self.register_buffer("weight", weight.view(torch.uint8).contiguous())
        self.register_buffer("scale", scale.to(weight.device))
        self.register_buffer("block_scale", None if blocks is None else blocks.to(weight.device))
        return self

    def dequantized_weight(self) -> torch.Tensor:
        """The float32 weight the kernel multiplies by, through the torch formulas of `formats.py`."""
        if self.kind == "fp8":
            return formats.dequant_fp8_scaled(self.weight.view(formats.FP8), self.scale[:, None])
        if self.kind == "fp8_block":
            return formats.dequant_fp8_block(self.weight.view(formats.FP8), self.scale, self.block)
        if self.kind == "mxfp8":
            return formats.dequant_mxfp8(self.weight.view(formats.FP8), self.scale)
        if self.kind == "nvfp4_ct":
            return formats.dequant_nvfp4_ct(self.weight, self.block_scale.view(formats.FP8), self.scale)
        return formats.dequant_nvfp4(self.weight, self.block_scale.view(formats.FP8), self.scale)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        flat = x.reshape(-1, self.in_features)
        out = weight_only_matmul(
            flat,
            self.kind,
            self.weight,
            self.scale,
            self.block_scale,
            block=self.block,
            block_n=self.block_n,
            block_k=self.block_k,
            split_k=self.split_k,
            swap=self.swap,
        )
        return out.view(*x.shape[:-1], self.out_features)

    def extra_repr(self) -> str:
        return f"in_features={self.in_features}, out_features={self.out_features}, kind={self.kind}"


def _check_packed(
    label: str,
    kind: str,
    weight: torch.Tensor,
    scale: torch.Tensor,
    block_scale: torch.Tensor | None,
    block: tuple[int, int] | None,
) -> None:
    """What every stored kind of `WeightOnlyLinear.from_packed` needs: a known kind, a 2-D weight, a scale of
    the kind's dtype, a block shape only for block FP8, E4M3 bytes and no `block_scale` for the FP8 kinds;
    else a ValueError naming `label` and the tensor."""
    if kind not in KINDS:
        raise ValueError(f"{label}: weight-only kind must be one of {sorted(KINDS)}, got {kind!r}")
    if weight.dim() != 2:
        raise ValueError(f"{label}: weight must be 2-D, got shape {list(weight.shape)}")
    if kind == "mxfp8":
        if scale.dtype != torch.uint8:
            raise ValueError(f"{label}: MXFP8 scale must be E8M0 bytes (uint8), got {scale.dtype}")
    elif not scale.is_floating_point() or scale.dtype == formats.FP8:
        raise ValueError(f"{label}: scale must be float32/bfloat16/float16, got {scale.dtype}")
    if block is not None and kind != "fp8_block":
        raise ValueError(f"{label}: only block FP8 takes a block shape, got block={block} for {kind!r}")
    if kind in E4M3_KINDS:
        if weight.dtype not in (formats.FP8, torch.uint8):
            raise ValueError(f"{label}: FP8 weight must be float8_e4m3fn (or its uint8 bytes), got {weight.dtype}")
        if block_scale is not None:
            raise ValueError(f"{label}: {kind!r} takes no block_scale (its scales come as `scale`)")


def _fp8_row_scales(label: str, weight: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    """FP8's float32 scale per row `[N]`, from a per-tensor (broadcast) or per-output-channel `scale`."""
    n = weight.shape[0]
    if scale.numel() == 1 and scale.dim() <= 1:
        rows = scale.reshape(1).expand(n)
    elif tuple(scale.shape) in ((n,), (n, 1)):
        rows = scale.reshape(n)
    else:
        raise ValueError(
            f"{label}: FP8 scale must be per-tensor ([] or [1]) or per-output-channel "
            f"([{n}] or [{n}, 1]) for weight {list(weight.shape)}, got {list(scale.shape)}"
        )
    return rows.float().contiguous()


def _kept_scales(
    label: str, kind: str, weight: torch.Tensor, scale: torch.Tensor, block: tuple[int, int] | None
) -> tuple[tuple[int, int] | None, torch.Tensor]:
    """(block, scale) of block FP8 (float32 `[ceil(N/bn), ceil(K/bk)]`, the block shape checked and
    defaulted) or MXFP8 (its E8M0 bytes `[N, ceil(K/32)]`, no block), the scale's shape checked."""
    n, k = weight.shape
    if kind == "fp8_block":
        block = tuple(int(b) for b in (block or FP8_BLOCK))
        if len(block) != 2 or block[0] < 1 or block[1] < 1 or block[1] % MIN_DOT_K:
            raise ValueError(
                f"{label}: block FP8 needs block = (bn >= 1, bk a multiple of {MIN_DOT_K}) "
                f"(each kernel K tile in one scale block), got {block}"
            )
        want, what = [-(-n // block[0]), -(-k // block[1])], f"block FP8 {block[0]}x{block[1]} scale"
    else:
        want, what = [n, -(-k // MXFP8_GROUP)], f"MXFP8 scale (one per {MXFP8_GROUP} inputs)"
    if list(scale.shape) != want:
        raise ValueError(
            f"{label}: {what} must have shape {want} for weight {list(weight.shape)}, got {list(scale.shape)}"
        )
    return block, scale.contiguous() if kind == "mxfp8" else scale.float().contiguous()


def _nvfp4_scales(
    label: str, weight: torch.Tensor, scale: torch.Tensor, block_scale: torch.Tensor | None
) -> tuple[int, torch.Tensor, torch.Tensor]:
    """(K, the E4M3 block scales as uint8 `[N, K/16]`, the per-tensor scale as float32 `[1]`) of packed NVFP4
    `weight [N, K/2]`, each checked."""
    n, k = weight.shape[0], 2 * weight.shape[1]
    if weight.dtype != torch.uint8:
        raise ValueError(f"{label}: NVFP4 weight must be packed uint8 [N, K/2], got {weight.dtype}")
    if k % NVFP4_GROUP:
        raise ValueError(f"{label}: NVFP4 needs in_features divisible by {NVFP4_GROUP}, got in_features={k}")
    if block_scale is None or block_scale.dtype not in (formats.FP8, torch.uint8):
        got = None if block_scale is None else block_scale.dtype
        raise ValueError(f"{label}: NVFP4 block_scale must be float8_e4m3fn (or uint8 bytes), got {got}")
    want = [n, k // NVFP4_GROUP]
    if list(block_scale.shape) != want:
        raise ValueError(
            f"{label}: NVFP4 block_scale must have shape {want} for packed weight "
            f"{list(weight.shape)}, got {list(block_scale.shape)}"
        )
    if scale.numel() != 1 or scale.dim() > 1:
        raise ValueError(f"{label}: NVFP4 per-tensor scale must have shape [] or [1], got {list(scale.shape)}")
    return k, block_scale.view(torch.uint8).contiguous(), scale.reshape(1).float()


def swap_weight_only(module: nn.Module, kind: str, keep: tuple[str, ...] = ()) -> int:
    """Replace every bias-free `nn.Linear` (NVFP4: with in_features % 16 == 0) by `WeightOnlyLinear`,
    except names containing any of `keep`; returns how many were swapped."""
    if kind not in PACKABLE:
        raise ValueError(f"weight-only kind must be one of {sorted(PACKABLE)}, got {kind!r}")

    def make(name: str, sub: nn.Linear) -> nn.Module | None:
        return WeightOnlyLinear(sub, kind, name) if kind == "fp8" or sub.in_features % NVFP4_GROUP == 0 else None

    return replace_linears(module, keep, make)
