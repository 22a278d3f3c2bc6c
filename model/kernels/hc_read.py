"""The hyper-connection read at decode sizes in two Triton kernels (`model.hyper.GatedResidual.read`).

Per row of the `n` residual streams `H [M, n·d]` the read is a grouped RMSNorm, the merged GEMM
`[W_down; W_inj] Ĥ`, `silu(· / n)`, the up GEMM, a sigmoid gate and the mean over the streams. In torch
(Inductor) that is seven or eight launches between two skinny GEMMs that stream only a few MB each.
Here:

1. `_hc_down_kernel`, one program per (column chunk, block of output rows, row): the chunk's sum of
   squares and its part of `W · (H ⊙ (1 + w))`, both float32, written as partials. The norm's scale
   `rsqrt(mean(H_s²) + eps)` is one number per (row, stream) and every chunk lies inside one stream,
   so it factors out of the GEMM and is applied to the partials.
2. `_hc_mix_kernel`, one program per (block of `d` columns, row): sums the partials in a fixed order
   (each program the same sums: no atomics, deterministic), then `silu`, the up GEMM for the block's
   columns of all `n` streams, the gate and the stream mean; program 0 also writes the injection
   weights `2 sigmoid(inj / n)`.

Everything between the loads of `H` and the stores of `x` stays float32: the torch path rounds `Ĥ`,
both GEMM outputs and `silu` to the activation dtype, so the two agree to that rounding, not bitwise
(the CPU tests bound it against a float64 reference). CPU tensors run the kernels in Triton's interpreter.
"""

from __future__ import annotations

import functools
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels.codes import add, bf16_bits, interpreted

MAX_ROWS = 16  # rows up to which the read runs here (decode); larger batches are GEMMs worth Inductor's fusion
CHUNK_COLS = (512, 256, 128, 64, 32, 16)  # columns per down program: the first that divides d
BLOCK_ROWS = 32  # output rows (of W_down; W_inj) per down program
DOWN_COLS = 128  # columns per step of a down program
MIX_COLS = 32  # columns of d per mix program (times n streams of the up weight)
MIX_K = 32  # low-rank columns per step of the up GEMM
MIX_WARPS = 4


@triton.jit
def _sigmoid(x):
    """`1 / (1 + exp(-x))` (`tl.sigmoid` is a JIT helper the CPU interpreter cannot call)."""
    return 1.0 / (1.0 + tl.exp(-x))


@triton.jit
def _hc_down_kernel(
    h,
    norm_w,
    w,
    sq,
    part,
    K,
    R,
    KC,
    CHUNK: tl.constexpr,
    BK: tl.constexpr,
    BR: tl.constexpr,
):
    chunk, rb, m = tl.program_id(0), tl.program_id(1), tl.program_id(2).to(tl.int64)
    rows = rb * BR + tl.arange(0, BR)
    live = rows < R
    acc = tl.full([BR, BK], 0.0, tl.float32)  # reduced over its columns once, after the loop
    ss = tl.full([BK], 0.0, tl.float32)
    for c0 in range(0, CHUNK, BK):
        cols = chunk * CHUNK + c0 + tl.arange(0, BK)
        hf = tl.load(h + m * K + cols).to(tl.float32)
        ss += hf * hf
        a = hf * (1.0 + tl.load(norm_w + cols).to(tl.float32))
        wt = tl.load(w + rows[:, None].to(tl.int64) * K + cols[None, :], mask=live[:, None], other=0.0)
        acc += wt.to(tl.float32) * a[None, :]
    tl.store(part + (m * KC + chunk) * R + rows, tl.reduce(acc, 1, add), mask=live)
    if rb == 0:
        tl.store(sq + m * KC + chunk, tl.reduce(ss, 0, add))


@triton.jit
def _hc_mix_kernel(
    h,
    norm_w,
    sq,
    part,
    w_up,
    x,
    inject,
    D,
    L,
    R,
    KC,
    CPS,
    LOFF,
    eps,
    NS: tl.constexpr,
    NI: tl.constexpr,
    BD: tl.constexpr,
    BJ: tl.constexpr,
    KCP: tl.constexpr,
    OUT_BF16: tl.constexpr,
):
    p, m = tl.program_id(0), tl.program_id(1).to(tl.int64)
    K = NS * D
    # the norm's scale per stream, then per chunk (chunk c lies in stream c // CPS)
    c = tl.arange(0, KCP)
    s = tl.arange(0, NS)
    c_stream = c // CPS
    sqc = tl.load(sq + m * KC + c, mask=c < KC, other=0.0)
    total = tl.reduce(tl.where(c_stream[None, :] == s[:, None], sqc[None, :], 0.0), 1, add)  # [NS]
    rs = tl.math.rsqrt(tl.math.div_rn(total, tl.full([NS], 1.0, tl.float32) * D) + eps)
    rs_c = tl.reduce(tl.where(c_stream[:, None] == s[None, :], rs[None, :], 0.0), 1, add)  # [KCP]
    parts = part + (m * KC + c[:, None]) * R
    # the up GEMM for columns d of every stream: g[s, d] = sum_j W_up[s·D + d, j] · silu(down_j / n)
    d = p * BD + tl.arange(0, BD)
    dm = d < D
    up_rows = (s[:, None] * D + d[None, :]).to(tl.int64)  # [NS, BD]
    acc = tl.full([NS, BD, BJ], 0.0, tl.float32)  # reduced over its last axis once, after the loop
    for j0 in range(0, L, BJ):
        j = j0 + tl.arange(0, BJ)
        jm = j < L
        pj = tl.load(parts + j[None, :], mask=(c[:, None] < KC) & jm[None, :], other=0.0)
        z = tl.reduce(pj * rs_c[:, None], 0, add) * (1.0 / NS)
        z = z * _sigmoid(z)
        wt = tl.load(
            w_up + up_rows[:, :, None] * L + j[None, None, :], mask=dm[None, :, None] & jm[None, None, :], other=0.0
        )
        acc += wt.to(tl.float32) * z[None, None, :]
    g = tl.reduce(acc, 2, add)
    hn = tl.load(h + m * K + s[:, None] * D + d[None, :], mask=dm[None, :], other=0.0).to(tl.float32)
    scale = 1.0 + tl.load(norm_w + s[:, None] * D + d[None, :], mask=dm[None, :], other=0.0).to(tl.float32)
    out = tl.reduce(_sigmoid(g) * (hn * rs[:, None] * scale), 0, add) * (1.0 / NS)
    if OUT_BF16:
        tl.store(x + m * D + d, bf16_bits(out), mask=dm)
    else:
        tl.store(x + m * D + d, out.to(x.dtype.element_ty), mask=dm)
    if NI > 0:
        if p == 0:
            i = tl.arange(0, NS)
            pi = tl.load(parts + LOFF + i[None, :], mask=(c[:, None] < KC) & (i[None, :] < NI), other=0.0)
            inj = 2.0 * _sigmoid(tl.reduce(pi * rs_c[:, None], 0, add) * (1.0 / NS))
            if OUT_BF16:
                tl.store(inject + m * NI + i, bf16_bits(inj), mask=i < NI)
            else:
                tl.store(inject + m * NI + i, inj.to(inject.dtype.element_ty), mask=i < NI)


@functools.cache
def _interpreted(kernel: Any) -> Any:
    return interpreted(kernel, keep=(add,))


def chunk_cols(d: int) -> int | None:
    return next((c for c in CHUNK_COLS if d % c == 0), None)


def supported(n: int, d: int) -> bool:
    """Whether the kernels take this geometry: `n` streams a power of two, `d` a multiple of 16."""
    return n & (n - 1) == 0 and chunk_cols(d) is not None


def _hc_read(
    h: torch.Tensor,
    norm_weight: torch.Tensor,
    w_down: torch.Tensor,
    w_up: torch.Tensor,
    n: int,
    n_inject: int,
    eps: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """`h [M, n·d]` → (`x [M, d]`, injection weights `[M, n_inject]`). `w_down [R, n·d]` holds the
    low-rank down rows first and, when `n_inject > 0`, the injection rows from the next multiple of 16
    (the merged layout of `model.fuse`); `w_up [n·d, L]`."""
    m, k = h.shape
    d, lowrank = k // n, w_up.shape[1]
    chunk = chunk_cols(d)
    if chunk is None or n & (n - 1) or n_inject not in (0, n) or w_down.shape[1] != k or w_up.shape[0] != k:
        raise ValueError(f"hc_read: unsupported geometry h {tuple(h.shape)}, n {n}, w_down {tuple(w_down.shape)}")
    rows, kc = w_down.shape[0], k // chunk
    x = h.new_empty(m, d)
    inject = h.new_empty(m, n_inject)
    if m == 0:
        return x, inject
    h, norm_weight, w_down, w_up = (t.contiguous() for t in (h, norm_weight, w_down, w_up))
    sq = torch.empty(m, kc, dtype=torch.float32, device=h.device)
    part = torch.empty(m, kc, rows, dtype=torch.float32, device=h.device)
    down = _hc_down_kernel if h.is_cuda else _interpreted(_hc_down_kernel)
    mix = _hc_mix_kernel if h.is_cuda else _interpreted(_hc_mix_kernel)
    down[(kc, triton.cdiv(rows, BLOCK_ROWS), m)](
        h, norm_weight, w_down, sq, part, k, rows, kc, CHUNK=chunk, BK=min(chunk, DOWN_COLS), BR=BLOCK_ROWS
    )
    bf16 = h.dtype == torch.bfloat16
    mix[(triton.cdiv(d, MIX_COLS), m)](
        h,
        norm_weight,
        sq,
        part,
        w_up,
        x.view(torch.int16) if bf16 else x,
        inject.view(torch.int16) if bf16 else inject,
        d,
        lowrank,
        rows,
        kc,
        kc // n,
        lowrank + (-lowrank % 16),
        eps,
        NS=n,
        NI=n_inject,
        BD=MIX_COLS,
        BJ=MIX_K,
        KCP=triton.next_power_of_2(kc),
        OUT_BF16=bf16,
        num_warps=MIX_WARPS,
    )
    return x, inject


def _hc_read_fake(
    h: torch.Tensor,
    norm_weight: torch.Tensor,
    w_down: torch.Tensor,
    w_up: torch.Tensor,
    n: int,
    n_inject: int,
    eps: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    return h.new_empty(h.shape[0], h.shape[1] // n), h.new_empty(h.shape[0], n_inject)


# An op, so compiled graphs call it as two opaque kernels; through `torch.library.Library` as the router's
# (a third of `custom_op`'s dispatch cost per call).
LIB = torch.library.Library("qcompile_hc", "FRAGMENT")
LIB.define(
    "hc_read(Tensor h, Tensor norm_weight, Tensor w_down, Tensor w_up, int n, int n_inject, float eps)"
    " -> (Tensor, Tensor)"
)
LIB.impl("hc_read", _hc_read, "CompositeExplicitAutograd")
torch.library.register_fake("qcompile_hc::hc_read", _hc_read_fake, lib=LIB)
hc_read = torch.ops.qcompile_hc.hc_read.default
