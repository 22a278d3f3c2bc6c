"""Gather PLE table rows straight from host memory, dequantising them on the way to the device.

The table stays in its checkpoint format (float rows, E4M3 bytes with one per-tensor scale, or
NVFP4 rows: packed E2M1 pairs, low nibble first, plus one E4M3 scale per 16 values and a per-tensor
`weight_scale_2`). On CUDA the table is a pinned CPU tensor that the kernel reads through unified
addressing, so there is no copy and the launch can be captured in a CUDA graph; ids and output live
on the GPU. CPU tensors run the same kernel in Triton's interpreter, which is how CPU tests check it.

Values are decoded bit by bit and multiplied in float32 in the same order as the torch formulas in
`model/checkpoint/quant/formats.py` ((code · block scale) · per-tensor scale; the first product is
exact), then cast once (bfloat16 rounded to nearest even by hand), so rows are bit-identical to the
torch path. Ids outside `[0, rows)` give
zero rows. Row offsets are computed in int64, so tables past 2^31 bytes work.
"""

from __future__ import annotations

import functools
from typing import Any

import torch
import triton
import triton.language as tl

FLOAT, FP8, NVFP4 = 0, 1, 2
KINDS = {"float": FLOAT, "fp8": FP8, "nvfp4": NVFP4}
NVFP4_GROUP = 16
BLOCK_ROWS = 4


@triton.jit
def _gather_kernel(table, block_scale, ids, out, n_ids, n_rows, scale,
                   WIDTH: tl.constexpr, BLOCK_W: tl.constexpr, KIND: tl.constexpr, BLOCK_R: tl.constexpr,
                   OUT_BF16: tl.constexpr):
    r = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    in_batch = r < n_ids
    row = tl.load(ids + r, mask=in_batch, other=-1).to(tl.int64)
    valid = in_batch & (row >= 0) & (row < n_rows)
    col = tl.arange(0, BLOCK_W)
    live = col < WIDTH
    mask = valid[:, None] & live[None, :]
    if KIND == 0:
        x = tl.load(table + row[:, None] * WIDTH + col[None, :], mask=mask, other=0).to(tl.float32)
    else:
        # Everything is decoded inline: helpers would be plain JIT functions, which the interpreter
        # (built here without TRITON_INTERPRET) cannot call.
        if KIND == 1:
            q = tl.load(table + row[:, None] * WIDTH + col[None, :], mask=mask, other=0).to(tl.uint32)
            v = 1.0
        else:
            packed = tl.load(table + row[:, None] * (WIDTH // 2) + (col // 2)[None, :], mask=mask, other=0)
            c = (packed.to(tl.uint32) >> ((col % 2) * 4).to(tl.uint32)[None, :]) & 15
            # E2M1 (s e1 e0 m): normals built as float32 bits, e = 0 gives m * 0.5
            ce, cm = (c >> 1) & 3, c & 1
            cn = (((c >> 3) << 31) | ((ce + 126) << 23) | (cm << 22)).to(tl.float32, bitcast=True)
            # the sign goes on as a bit: float negation may drop the sign of zero under fast-math
            cs = ((cm.to(tl.float32) * 0.5).to(tl.uint32, bitcast=True) | ((c >> 3) << 31)).to(tl.float32,
                                                                                                bitcast=True)
            v = tl.where(ce > 0, cn, cs)
            q = tl.load(block_scale + row[:, None] * (WIDTH // 16) + (col // 16)[None, :], mask=mask,
                        other=0).to(tl.uint32)
        # E4M3 (fn): normals built as float32 bits, e = 0 gives m * 2^-9, S.1111.111 is NaN
        e, m = (q >> 3) & 15, q & 7
        dn = (((q >> 7) << 31) | ((e + 120) << 23) | (m << 20)).to(tl.float32, bitcast=True)
        ds = ((m.to(tl.float32) * 0.001953125).to(tl.uint32, bitcast=True) | ((q >> 7) << 31)).to(tl.float32,
                                                                                                 bitcast=True)
        d = tl.where(e > 0, dn, ds)
        d = tl.where((q & 127) == 127, float("nan"), d)
        x = (v * d) * scale
    x = tl.where(mask, x, 0.0)
    if OUT_BF16:
        # Round to nearest even by hand, as torch does (NaN -> 0x7FC0): Triton's interpreter truncates.
        bits = x.to(tl.uint32, bitcast=True)
        rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
        y = tl.where(x != x, 0x7FC0, rounded).to(tl.int16)
    else:
        y = x.to(out.dtype.element_ty)
    dst = out + r.to(tl.int64)[:, None] * WIDTH + col[None, :]
    tl.store(dst, y, mask=in_batch[:, None] & live[None, :])


@functools.cache
def _interpreted() -> Any:
    """The kernel for CPU tensors: Triton's interpreter (what `TRITON_INTERPRET=1` would give)."""
    from triton.runtime.interpreter import InterpretedFunction

    return InterpretedFunction(_gather_kernel.fn)


def gather_rows(kind: str, table: torch.Tensor, block_scale: torch.Tensor | None, scale: float,
                ids: torch.Tensor, width: int, dtype: torch.dtype, block_rows: int = BLOCK_ROWS) -> torch.Tensor:
    """Rows `ids` (any shape, on the compute device) of a host `table`, as `[*ids.shape, width]` in `dtype`.

    `table` is `[rows, width]` (float rows, or E4M3 bytes as uint8) or `[rows, width/2]` uint8
    (NVFP4), `block_scale` the NVFP4 `[rows, width/16]` E4M3 bytes as uint8, `scale` the per-tensor
    scale (1.0 for float rows). On CUDA `table` must be pinned (or on the device).
    """
    code = KINDS[kind]
    if code == NVFP4 and (block_scale is None or width % NVFP4_GROUP):
        raise ValueError(f"NVFP4 rows need block scales and a width divisible by {NVFP4_GROUP}, got {width}")
    if ids.is_cuda and table.device.type == "cpu" and not table.is_pinned():
        raise ValueError("a host table read from CUDA must be pinned (unified addressing)")
    if code != FLOAT:  # the kernel decodes bytes
        table = table.view(torch.uint8)
        block_scale = None if block_scale is None else block_scale.view(torch.uint8)
    flat = ids.reshape(-1)
    out = torch.empty(flat.numel(), width, dtype=dtype, device=ids.device)
    if flat.numel() == 0:
        return out.view(*ids.shape, width)
    kernel = _gather_kernel if ids.is_cuda else _interpreted()
    grid = (triton.cdiv(flat.numel(), block_rows),)
    bf16 = dtype == torch.bfloat16
    kernel[grid](table, table if block_scale is None else block_scale, flat, out.view(torch.int16) if bf16 else out,
                 flat.numel(), table.shape[0], float(scale), WIDTH=width, BLOCK_W=triton.next_power_of_2(width),
                 KIND=code, BLOCK_R=block_rows, OUT_BF16=bf16)
    return out.view(*ids.shape, width)
