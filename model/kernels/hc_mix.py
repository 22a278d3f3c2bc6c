"""The hyper-connection read's up projection and stream mix in one Triton kernel.

`model.hyper.GatedResidual.mix` is, per row,

    x = mean_s( sigmoid(W_up[s] · silu(down / n)) ⊙ hn_s ),   s = 0..n-1

where `W_up[s]` is rows `s·d .. (s+1)·d` of `W_up [n·d, r]` and `hn_s` the normed stream `s`. In
torch that is a GEMM writing the `[N, n·d]` gate to memory, then the sigmoid, the product and the
mean reading it back; at decode sizes the GEMM (r = 320 inputs per output) is latency-bound and the
epilogue adds launches. Here program `(m, j)` computes columns `j·BD ..` of `x` for a tile of rows:
the `n` gate tiles of those columns stay in registers (one `tl.dot` per stream and K tile), so the
gate never reaches memory. Arithmetic is a compiler's: `silu(down / n)` in float32, rounded once to
the activation dtype (the GEMM's input), float32 products and sums, the output rounded once.

CPU tensors run the same kernel in Triton's interpreter (how the CPU tests check it).
"""

from __future__ import annotations

import functools
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels.codes import add, bf16_bits, bf16_rounded, interpreted

@triton.jit
def _mix_kernel(
    down,
    w_up,
    hn,
    out,
    M,
    R,
    stride_down,
    stride_hn,
    stride_out,
    N_STREAMS: tl.constexpr,
    D: tl.constexpr,
    BM: tl.constexpr,
    BD: tl.constexpr,
    BK: tl.constexpr,
    IEEE: tl.constexpr,
    BF16: tl.constexpr,
):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rd = tl.program_id(1) * BD + tl.arange(0, BD)
    m_live, d_live = rm < M, rd < D
    rm64, rd64 = rm.to(tl.int64), rd.to(tl.int64)
    x = tl.full((BM, BD), 0.0, tl.float32)
    for s in tl.static_range(N_STREAMS):
        acc = tl.full((BM, BD), 0.0, tl.float32)
        for k0 in range(0, R, BK):
            rk = k0 + tl.arange(0, BK)
            k_live = rk < R
            a = tl.load(
                down + rm64[:, None] * stride_down + rk[None, :], mask=m_live[:, None] & k_live[None, :], other=0.0
            )
            a = a.to(tl.float32) / N_STREAMS
            a = a / (1.0 + tl.exp(-a))  # silu, rounded as the GEMM input is
            a = bf16_rounded(a).to(tl.bfloat16) if BF16 else a.to(down.dtype.element_ty)
            w = tl.load(
                w_up + (s * D + rd64[None, :]) * R + rk[:, None], mask=k_live[:, None] & d_live[None, :], other=0.0
            )  # [BK, BD]: W_up[s]^T
            if IEEE:  # float32 models, and the interpreter (whose 16-bit dot multiplies raw bits)
                acc = tl.dot(a.to(tl.float32), w.to(tl.float32), acc, input_precision="ieee")
            else:
                acc = tl.dot(a, w, acc)
        h = tl.load(hn + rm64[:, None] * stride_hn + s * D + rd64[None, :], mask=m_live[:, None] & d_live[None, :])
        x += h.to(tl.float32) / (1.0 + tl.exp(-acc))
    x = x / N_STREAMS
    dst = out + rm64[:, None] * stride_out + rd64[None, :]
    live = m_live[:, None] & d_live[None, :]
    if BF16:  # through int16 bits: the interpreter's bf16 conversion truncates
        tl.store(dst, bf16_bits(x), mask=live)
    else:
        tl.store(dst, x.to(out.dtype.element_ty), mask=live)


@functools.cache
def _interpreted() -> Any:
    return interpreted(_mix_kernel, keep=(add,))


def tiles(m: int, r: int) -> tuple[int, int, int]:
    """(rows, columns, inputs) per program step. At decode sizes narrow column tiles give enough
    programs to stream W_up, and the whole of r in one step leaves every load independent (no
    latency chain); larger row tiles take r in smaller steps to fit the registers."""
    k = max(16, triton.next_power_of_2(r))
    if m <= 16:
        return 16, 16, min(k, 512)
    if m <= 64:
        return 32, 32, min(k, 128)
    return 64, 64, min(k, 64)


@torch.library.custom_op("qcompile_kernels::hc_mix", mutates_args=())
def hc_mix(hn: torch.Tensor, down: torch.Tensor, w_up: torch.Tensor, n: int) -> torch.Tensor:
    """`hn [N, n·d]`, `down [N, r]`, `w_up [n·d, r]` → `x [N, d]` in hn's dtype (module doc).

    A custom op, so compiled graphs call it as one opaque kernel."""
    out = _output(hn, down, w_up, n)
    rows, r = down.shape
    if rows == 0:
        return out
    if down.stride(-1) != 1 or hn.stride(-1) != 1:
        down, hn = down.contiguous(), hn.contiguous()
    w_up = w_up.contiguous()
    bm, bd, bk = tiles(rows, r)
    d = out.shape[1]
    kernel = _mix_kernel if hn.is_cuda else _interpreted()
    bf16 = hn.dtype == torch.bfloat16
    kernel[(triton.cdiv(rows, bm), triton.cdiv(d, bd))](
        down,
        w_up,
        hn,
        out.view(torch.int16) if bf16 else out,
        rows,
        r,
        down.stride(0),
        hn.stride(0),
        out.stride(0),
        N_STREAMS=n,
        D=d,
        BM=bm,
        BD=bd,
        BK=bk,
        IEEE=hn.dtype == torch.float32 or not hn.is_cuda,
        BF16=bf16,
        num_warps=4,
    )
    return out


@hc_mix.register_fake
def _hc_mix_fake(hn: torch.Tensor, down: torch.Tensor, w_up: torch.Tensor, n: int) -> torch.Tensor:
    return _output(hn, down, w_up, n)


def _output(hn: torch.Tensor, down: torch.Tensor, w_up: torch.Tensor, n: int) -> torch.Tensor:
    rows, width = hn.shape
    if n < 1 or width % n or tuple(w_up.shape) != (width, down.shape[1]) or down.shape[0] != rows:
        raise ValueError(
            f"hc_mix: hn {tuple(hn.shape)}, down {tuple(down.shape)}, w_up {tuple(w_up.shape)}, n={n}: "
            "expected hn [N, n*d], down [N, r], w_up [n*d, r]"
        )
    if not (hn.dtype == down.dtype == w_up.dtype):
        raise ValueError(f"hc_mix: hn, down and w_up must share a dtype, got {hn.dtype}, {down.dtype}, {w_up.dtype}")
    return hn.new_empty(rows, width // n)
