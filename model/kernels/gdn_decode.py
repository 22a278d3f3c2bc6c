"""Gated delta rule decode step, updating the fp32 recurrent state in place through slot indices.

The torch reference (`model.gdn.recurrent_step`) gathers each row's `[H, Dk, Dv]` state, updates it in
about five full passes and scatters it back. Here each program owns one `[Dk, BV]` column block of
one row's head: it reads the block from `read_slots[b]` once, applies decay, delta update and readout
in registers, and writes it to `write_slots[b]` once. Columns of the state are independent in the
delta rule (`S^T k` reduces over `Dk` only), so splitting `Dv` into blocks changes no arithmetic.
q/k come one per key head: value head `h` reads key head `h // (H // HK)` (grouped values), the same
operands the reference's repeated q/k hold, so no caller repeats them to `H` heads.
Padding rows point both indices at the trash slot, so they write only there. All arithmetic is fp32.
q/k/v may be row views of wider buffers (the conv's output, split), v in the model's dtype: the kernel
reads them in place and widens v as it loads it, so a compiled decode step needs no kernel to copy or
widen them.

CPU tensors run the same kernel in Triton's interpreter (how the CPU tests check it).
"""

from __future__ import annotations

import functools
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels import output_like
from model.kernels.codes import add, interpreted, pdl_launch, wait_for_inputs


@triton.jit
def _decode_kernel(
    q,
    k,
    v,
    g,
    beta,
    state,
    read_slots,
    write_slots,
    out,
    SQ,
    SK,
    SV,
    H: tl.constexpr,
    HK: tl.constexpr,
    DK: tl.constexpr,
    DV: tl.constexpr,
    BK: tl.constexpr,
    BV: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
    row_head = tl.program_id(0)  # b * H + h
    h = row_head % H
    rk = tl.arange(0, BK)
    rv = tl.program_id(1) * BV + tl.arange(0, BV)
    mk, mv = rk < DK, rv < DV
    mask = mk[:, None] & mv[None, :]
    b = row_head // H
    key_head = h // (H // HK)
    src = tl.load(read_slots + b).to(tl.int64)
    dst = tl.load(write_slots + b).to(tl.int64)
    block = (h * DK + rk[:, None]) * DV + rv[None, :]
    s = tl.load(state + src * (H * DK * DV) + block, mask=mask, other=0.0)
    kk = tl.load(k + b * SK + key_head * DK + rk, mask=mk, other=0.0)
    qq = tl.load(q + b * SQ + key_head * DK + rk, mask=mk, other=0.0)
    vv = tl.load(v + b * SV + h * DV + rv, mask=mv, other=0.0).to(tl.float32)
    decay = tl.exp(tl.load(g + row_head))
    s = s * decay
    delta = (vv - tl.reduce(s * kk[:, None], 0, add)) * tl.load(beta + row_head)
    s = s + kk[:, None] * delta[None, :]
    tl.store(state + dst * (H * DK * DV) + block, s, mask=mask)
    tl.store(out + row_head * DV + rv, tl.reduce(s * qq[:, None], 0, add), mask=mv)


@functools.cache
def _interpreted() -> Any:
    return interpreted(_decode_kernel)


def recurrent_decode(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    g: torch.Tensor,
    beta: torch.Tensor,
    state: torch.Tensor,
    read_slots: torch.Tensor,
    write_slots: torch.Tensor,
    block_v: int | None = None,
    num_warps: int = 4,
    out: torch.Tensor | None = None,
) -> torch.Tensor:
    """One token per row: q,k `[B, Hk, Dk]` (Hk dividing H) fp32, v `[B, H, Dv]` fp32, bf16 or fp16,
    g,beta `[B, H]` fp32, `state [S, H, Dk, Dv]` fp32. q, k and v may be row views (each row's heads
    contiguous, rows any stride apart).

    Row `b` reads `state[read_slots[b]]` and writes its update to `state[write_slots[b]]`; real rows must
    name distinct slots (padding rows may share the trash slot). Returns `o [B, H, Dv]` (fp32), in `out`
    when given (`output_like`).
    `block_v` defaults to 64-wide column blocks once those alone give every SM many programs, else 32
    (more, smaller programs for small batches).
    """
    bsz, key_heads, dk = q.shape
    heads, dv = v.shape[1:]
    if heads % key_heads:
        raise ValueError(f"q: {key_heads} key heads do not divide v's {heads} value heads")
    if state.dtype != torch.float32 or state.shape[1:] != (heads, dk, dv) or not state.is_contiguous():
        raise ValueError(
            f"state: expected contiguous float32 [S, {heads}, {dk}, {dv}], got {state.dtype} {tuple(state.shape)}"
        )
    rows = (bsz, heads)
    expected = {
        "q": (q, (bsz, key_heads, dk), (torch.float32,)),
        "k": (k, (bsz, key_heads, dk), (torch.float32,)),
        "v": (v, (*rows, dv), (torch.float32, torch.bfloat16, torch.float16)),
        "g": (g, rows, (torch.float32,)),
        "beta": (beta, rows, (torch.float32,)),
    }
    for name, (t, shape, dtypes) in expected.items():
        if t.dtype not in dtypes or t.shape != shape:
            kinds = " or ".join(str(d).removeprefix("torch.") for d in dtypes)
            raise ValueError(f"{name}: expected {kinds} {shape}, got {t.dtype} {tuple(t.shape)}")
    for name, t in (("read_slots", read_slots), ("write_slots", write_slots)):
        if t.shape != (bsz,):
            raise ValueError(f"{name}: expected shape ({bsz},), got {tuple(t.shape)}")
    q, k, v = (_heads_contiguous(t) for t in (q, k, v))
    g, beta = g.contiguous(), beta.contiguous()
    out = output_like(out, v, torch.float32)
    if bsz == 0:
        return out
    if block_v is None:
        sms = torch.cuda.get_device_properties(q.device).multi_processor_count if q.is_cuda else 1
        block_v = 64 if bsz * heads * triton.cdiv(dv, 64) >= 16 * sms else 32
    bv = min(block_v, triton.next_power_of_2(dv))
    kernel = _decode_kernel if q.is_cuda else _interpreted()
    kernel[(bsz * heads, triton.cdiv(dv, bv))](
        q,
        k,
        v,
        g,
        beta,
        state,
        read_slots,
        write_slots,
        out,
        q.stride(0),
        k.stride(0),
        v.stride(0),
        H=heads,
        HK=key_heads,
        DK=dk,
        DV=dv,
        BK=triton.next_power_of_2(dk),
        BV=bv,
        num_warps=num_warps,
        **pdl_launch(q),
    )
    return out


def _heads_contiguous(t: torch.Tensor) -> torch.Tensor:
    """`t [B, H, D]` itself when each row's heads are contiguous (rows any stride apart), else a copy."""
    return t if t.stride(2) == 1 and t.stride(1) == t.shape[2] else t.contiguous()
