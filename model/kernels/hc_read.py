"""The hyper-connection read at decode sizes in two Triton kernels (`model.hyper.GatedResidual.read`).

Per row of the `n` residual streams `H [M, n·d]` the read is a grouped RMSNorm, the merged GEMM
`[W_down; W_inj] Ĥ`, `silu(· / n)`, the up GEMM, a sigmoid gate and the mean over the streams: under
Inductor eight launches around two skinny GEMMs of a few MB each. The write before a read
(`H_s + w_s y`, the previous sublayer's output `y [M, d]`) can ride along: the down kernel then forms
each stream from `H`, `w` and `y` in float32, rounds it once to H's dtype, stores it and reads that.
Here:

1. `_hc_down_kernel`, one program per (block of output rows, stream, row): its rows' dot with the
   stream's `H ⊙ (1 + w)` and the stream's sum of squares, both float32. The norm's scale
   `rsqrt(mean(H_s²) + eps)` is one number per (row, stream), so it factors out of the GEMM: each
   program applies it to its partial and writes `[M, n, R]`.
2. `_hc_mix_kernel`, one program per (block of `d` columns, row): the stream sum of the partials
   (the same fixed-order sum in every program: no atomics), `silu`, the up GEMM for the block's
   columns of all `n` streams, the gate and the stream mean; program 0 also writes the injection
   weights `2 sigmoid(inj / n)`. Launched as a programmatic dependent of the down kernel (`codes.pdl`),
   it loads its up weights while the down kernel still runs: at two rows the read is faster for it, at
   one the down kernel slows by what the mix gains (`docs/measurements.md`, "fifteenth session").

Neither kernel loops over memory: every program issues all its loads at once (a few tens of KB) and
there are a few hundred programs a row, so the reads are in flight together (the looped first try was
latency-bound: `docs/measurements.md`, "H200, ninth session").

Everything between the loads of `H` and the stores stays float32; the torch read rounds `Ĥ`, both GEMM
outputs and `silu` to the activation dtype, so the two agree to that rounding, not bitwise (the CPU
tests bound it against a float64 read). CPU tensors run the kernels in Triton's interpreter.

`model.hyper` defines the op that runs them (up to `HC_READ_ROWS` rows) and its torch twin.
"""

from __future__ import annotations

import functools
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels.codes import (
    add,
    bf16_bits,
    bf16_float,
    interpreted,
    pdl_launch,
    wait_for_inputs,
)

DOWN_ROWS = 4  # output rows (of W_down; W_inj) per down program
DOWN_COLS = 512  # columns per load of a down program (the largest power of two that divides d, at most this)
MIX_COLS = 4  # columns of d per mix program (times n streams of the up weight)
DOWN_WARPS = 4
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
    rstd,
    part,
    y,
    w_in,
    h_out,
    D,
    R,
    L,
    LOFF,
    NI,
    eps,
    NS: tl.constexpr,
    BR: tl.constexpr,
    BK: tl.constexpr,
    NCH: tl.constexpr,
    WRITE: tl.constexpr,
    H_BF16: tl.constexpr,
    PDL: tl.constexpr,
):
    rb, s, m = tl.program_id(0), tl.program_id(1), tl.program_id(2).to(tl.int64)
    K = NS * D
    rows = rb * BR + tl.arange(0, BR)
    live = (rows < L) | ((rows >= LOFF) & (rows < LOFF + NI))  # the merged layout's zero rows are skipped
    # the weights first, while the kernel before still runs (`codes.pdl`): one tile per chunk, held in
    # registers; after the wait only the streams, which that kernel wrote, are loaded
    tiles = ()
    scales = ()
    for c in tl.static_range(NCH):
        cols = s * D + c * BK + tl.arange(0, BK)
        tiles += (tl.load(w + rows[:, None].to(tl.int64) * K + cols[None, :], mask=live[:, None], other=0.0),)
        scales += (1.0 + tl.load(norm_w + cols).to(tl.float32),)
    wait_for_inputs(PDL)
    acc = tl.full([BR, BK], 0.0, tl.float32)  # reduced over its columns once, after the chunks
    ss = tl.full([BK], 0.0, tl.float32)
    for c in tl.static_range(NCH):  # unrolled: the chunks' loads are independent, all in flight
        cols = s * D + c * BK + tl.arange(0, BK)
        hf = tl.load(h + m * K + cols).to(tl.float32)
        if WRITE:  # this stream after the write, rounded once as the stored streams are
            hf += tl.load(w_in + m * NS + s).to(tl.float32) * tl.load(y + m * D + c * BK + tl.arange(0, BK)).to(
                tl.float32
            )
            if H_BF16:
                bits = bf16_bits(hf)
                if rb == 0:
                    tl.store(h_out + m * K + cols, bits)
                hf = bf16_float(bits)
            else:
                stored = hf.to(h_out.dtype.element_ty)
                if rb == 0:
                    tl.store(h_out + m * K + cols, stored)
                hf = stored.to(tl.float32)
        ss += hf * hf
        acc += tiles[c].to(tl.float32) * (hf * scales[c])[None, :]
    r = tl.math.rsqrt(tl.math.div_rn(tl.reduce(ss, 0, add), D.to(tl.float32)) + eps)
    tl.store(part + (m * NS + s) * R + rows, tl.reduce(acc, 1, add) * r, mask=live)
    if rb == 0:
        tl.store(rstd + m * NS + s, r)


@triton.jit
def _hc_mix_kernel(
    h,
    norm_w,
    rstd,
    part,
    w_up,
    x,
    inject,
    D,
    L,
    R,
    LOFF,
    NS: tl.constexpr,
    NI: tl.constexpr,
    BD: tl.constexpr,
    LP: tl.constexpr,
    OUT_BF16: tl.constexpr,
    PDL: tl.constexpr,
):
    p, m = tl.program_id(0), tl.program_id(1).to(tl.int64)
    K = NS * D
    s = tl.arange(0, NS)
    j = tl.arange(0, LP)
    jm = j < L
    # the up weight for columns d of every stream, loaded while the down kernel runs (`codes.pdl`)
    d = p * BD + tl.arange(0, BD)
    dm = d < D
    up_rows = (s[:, None] * D + d[None, :]).to(tl.int64)  # [NS, BD]
    wt = tl.load(
        w_up + up_rows[:, :, None] * L + j[None, None, :], mask=dm[None, :, None] & jm[None, None, :], other=0.0
    )
    wait_for_inputs(PDL)
    parts = part + (m * NS + s[:, None]) * R  # [NS, 1]
    z = tl.reduce(tl.load(parts + j[None, :], mask=jm[None, :], other=0.0), 0, add) * (1.0 / NS)
    z = z * _sigmoid(z)  # silu(down / n), [LP]
    # the up GEMM: g[s, d] = sum_j W_up[s·D + d, j] · z_j
    g = tl.reduce(wt.to(tl.float32) * z[None, None, :], 2, add)
    rs = tl.load(rstd + m * NS + s)
    hn = tl.load(h + m * K + up_rows, mask=dm[None, :], other=0.0).to(tl.float32)
    scale = 1.0 + tl.load(norm_w + up_rows, mask=dm[None, :], other=0.0).to(tl.float32)
    out = tl.reduce(_sigmoid(g) * (hn * rs[:, None] * scale), 0, add) * (1.0 / NS)
    if OUT_BF16:
        tl.store(x + m * D + d, bf16_bits(out), mask=dm)
    else:
        tl.store(x + m * D + d, out.to(x.dtype.element_ty), mask=dm)
    if NI > 0:
        if p == 0:
            i = tl.arange(0, NS)
            pi = tl.load(parts + LOFF + i[None, :], mask=i[None, :] < NI, other=0.0)
            inj = 2.0 * _sigmoid(tl.reduce(pi, 0, add) * (1.0 / NS))
            if OUT_BF16:
                tl.store(inject + m * NI + i, bf16_bits(inj), mask=i < NI)
            else:
                tl.store(inject + m * NI + i, inj.to(inject.dtype.element_ty), mask=i < NI)


@functools.cache
def _interpreted(kernel: Any) -> Any:
    return interpreted(kernel)


def down_cols(d: int) -> int:
    """Columns per load of the down kernel: the largest power of two that divides `d`, at most DOWN_COLS."""
    return min(d & -d, DOWN_COLS)


def supported(n: int, d: int, lowrank: int) -> bool:
    """Whether the kernels take this geometry: `n` streams a power of two, `d` a multiple of 16, a rank
    whose register tile (`n · MIX_COLS · next_power_of_2(rank)`) stays at most 16K elements."""
    return n & (n - 1) == 0 and d % 16 == 0 and n * MIX_COLS * triton.next_power_of_2(lowrank) <= 16384


def _check(h: torch.Tensor, w_down: torch.Tensor, w_up: torch.Tensor, n: int, offset: int, n_inject: int) -> int:
    """`d` of a geometry the kernels take, else a ValueError naming it."""
    k, lowrank = h.shape[-1], w_up.shape[-1]
    d = k // n
    if (
        h.dim() != 2
        or n < 1
        or k % n
        or n_inject not in (0, n)
        or w_down.shape[-1] != k
        or w_up.shape[0] != k
        or (n_inject and offset < lowrank)
        or w_down.shape[0] < (offset + n_inject if n_inject else lowrank)
        or not supported(n, d, lowrank)
    ):
        raise ValueError(
            f"hc_read: unsupported geometry h {tuple(h.shape)}, n {n}, injection rows {offset}+{n_inject}, "
            f"w_down {tuple(w_down.shape)}, w_up {tuple(w_up.shape)}"
        )
    return d


def hc_read_kernels(
    h: torch.Tensor,
    norm_weight: torch.Tensor,
    w_down: torch.Tensor,
    w_up: torch.Tensor,
    n: int,
    offset: int,
    n_inject: int,
    eps: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """`h [M, n·d]` → (`x [M, d]`, injection weights `[M, n_inject]`) by the two kernels. `w_down [R, n·d]`
    holds the low-rank down rows first and the `n_inject` injection rows from row `offset` (the merged
    layout of `model.fuse`); `w_up [n·d, L]`."""
    return _read(h, None, norm_weight, w_down, w_up, n, offset, n_inject, eps)[1:]


def hc_write_read_kernels(
    h: torch.Tensor,
    write_weights: torch.Tensor,
    y: torch.Tensor,
    norm_weight: torch.Tensor,
    w_down: torch.Tensor,
    w_up: torch.Tensor,
    n: int,
    offset: int,
    n_inject: int,
    eps: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The write `H_s + write_weights[:, s] y` (`write_weights [M, n]`, `y [M, d]`), then the read of its
    result (`hc_read_kernels`' other arguments) → (the written `h`, `x`, injection weights)."""
    m, d = h.shape[0], h.shape[-1] // max(n, 1)
    if tuple(write_weights.shape) != (m, n) or tuple(y.shape) != (m, d) or {write_weights.dtype, y.dtype} != {h.dtype}:
        raise ValueError(
            f"hc_write_read: write weights {tuple(write_weights.shape)} {write_weights.dtype} and y {tuple(y.shape)} "
            f"{y.dtype} must be [{m}, {n}] and [{m}, {d}] in h's {h.dtype}"
        )
    return _read(h, (write_weights.contiguous(), y.contiguous()), norm_weight, w_down, w_up, n, offset, n_inject, eps)


def _read(
    h: torch.Tensor,
    write: tuple[torch.Tensor, torch.Tensor] | None,
    norm_weight: torch.Tensor,
    w_down: torch.Tensor,
    w_up: torch.Tensor,
    n: int,
    offset: int,
    n_inject: int,
    eps: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(the streams read, `x`, injection weights): the read of `h`, after the write `(weights, y)` if given."""
    d = _check(h, w_down, w_up, n, offset, n_inject)
    m, lowrank, rows = h.shape[0], w_up.shape[1], w_down.shape[0]
    x = h.new_empty(m, d)
    inject = h.new_empty(m, n_inject)
    h = h.contiguous()
    read = torch.empty_like(h) if write is not None else h
    if m == 0:
        return read, x, inject
    norm_weight, w_down, w_up = (t.contiguous() for t in (norm_weight, w_down, w_up))
    rstd = torch.empty(m, n, dtype=torch.float32, device=h.device)
    part = torch.empty(m, n, rows, dtype=torch.float32, device=h.device)
    down = _hc_down_kernel if h.is_cuda else _interpreted(_hc_down_kernel)
    mix = _hc_mix_kernel if h.is_cuda else _interpreted(_hc_mix_kernel)
    live = offset + n_inject if n_inject else lowrank
    bk = down_cols(d)
    dependent = pdl_launch(h)
    bf16 = h.dtype == torch.bfloat16
    w_in, y = write if write is not None else (h, h)  # unread without WRITE
    down[(triton.cdiv(live, DOWN_ROWS), n, m)](
        h,
        norm_weight,
        w_down,
        rstd,
        part,
        y,
        w_in,
        read.view(torch.int16) if bf16 else read,
        d,
        rows,
        lowrank,
        offset,
        n_inject,
        eps,
        NS=n,
        BR=DOWN_ROWS,
        BK=bk,
        NCH=d // bk,
        WRITE=write is not None,
        H_BF16=bf16,
        num_warps=DOWN_WARPS,
        **dependent,
    )
    mix[(triton.cdiv(d, MIX_COLS), m)](
        read,
        norm_weight,
        rstd,
        part,
        w_up,
        x.view(torch.int16) if bf16 else x,
        inject.view(torch.int16) if bf16 else inject,
        d,
        lowrank,
        rows,
        offset,
        NS=n,
        NI=n_inject,
        BD=MIX_COLS,
        LP=triton.next_power_of_2(lowrank),
        OUT_BF16=bf16,
        num_warps=MIX_WARPS,
        **dependent,
    )
    return read, x, inject
