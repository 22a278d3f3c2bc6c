"""Gather PLE table rows straight from host memory, dequantising them on the way to the device.

The table stays in its checkpoint format (float rows, E4M3 bytes with one per-tensor scale, or
NVFP4 rows: packed E2M1 pairs, low nibble first, plus one E4M3 scale per 16 values and a per-tensor
`weight_scale_2`). On CUDA the table is a pinned CPU tensor that the kernel reads through unified
addressing, so there is no copy and the launch can be captured in a CUDA graph; ids and output live
on the GPU. CPU tensors run the same kernel in Triton's interpreter, which is how CPU tests check it.

Values are decoded bit by bit and multiplied in float32 in the same order as the torch formulas in
`model/quant/formats.py` ((code · block scale) · per-tensor scale; the first product is
exact), then cast once (bfloat16 rounded to nearest even by hand), so rows are bit-identical to the
torch path. Ids outside `[0, rows)` give
zero rows. Row offsets are computed in int64, so tables past 2^31 bytes work.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from model.kernels.codes import (
    bf16_bits,
    e2m1_value,
    e4m3_value,
    interpreted,
    pdl_launch,
    wait_for_inputs,
)

FLOAT, FP8, NVFP4 = 0, 1, 2
KINDS = {"float": FLOAT, "fp8": FP8, "nvfp4": NVFP4}
NVFP4_GROUP = 16
BLOCK_ROWS = 4


@triton.jit(do_not_specialize=["n_ids"])
def _gather_kernel(
    table,
    block_scale,
    ids,
    out,
    n_ids,
    n_rows,
    scale,
    WIDTH: tl.constexpr,
    BLOCK_W: tl.constexpr,
    KIND: tl.constexpr,
    BLOCK_R: tl.constexpr,
    OUT_BF16: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
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
        if KIND == 1:
            q = tl.load(table + row[:, None] * WIDTH + col[None, :], mask=mask, other=0).to(tl.uint32)
            v = 1.0
        else:
            packed = tl.load(table + row[:, None] * (WIDTH // 2) + (col // 2)[None, :], mask=mask, other=0)
            v = e2m1_value((packed.to(tl.uint32) >> ((col % 2) * 4).to(tl.uint32)[None, :]) & 15)
            q = tl.load(block_scale + row[:, None] * (WIDTH // 16) + (col // 16)[None, :], mask=mask, other=0).to(
                tl.uint32
            )
        x = (v * e4m3_value(q)) * scale
    x = tl.where(mask, x, 0.0)
    y = bf16_bits(x) if OUT_BF16 else x.to(out.dtype.element_ty)
    dst = out + r.to(tl.int64)[:, None] * WIDTH + col[None, :]
    tl.store(dst, y, mask=in_batch[:, None] & live[None, :])


def gather_rows(
    kind: str,
    table: torch.Tensor,
    block_scale: torch.Tensor | None,
    scale: float,
    ids: torch.Tensor,
    width: int,
    dtype: torch.dtype,
    block_rows: int = BLOCK_ROWS,
) -> torch.Tensor:
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
    kernel = _gather_kernel if ids.is_cuda else interpreted(_gather_kernel)
    grid = (triton.cdiv(flat.numel(), block_rows),)
    bf16 = dtype == torch.bfloat16
    kernel[grid](
        table,
        table if block_scale is None else block_scale,
        flat,
        out.view(torch.int16) if bf16 else out,
        flat.numel(),
        table.shape[0],
        float(scale),
        WIDTH=width,
        BLOCK_W=triton.next_power_of_2(width),
        KIND=code,
        BLOCK_R=block_rows,
        OUT_BF16=bf16,
        **pdl_launch(ids),
    )
    return out.view(*ids.shape, width)
