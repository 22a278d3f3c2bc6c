"""Activations quantised for FP8 x FP8 tensor-core GEMMs: E4M3 codes per element, one float32 scale per
(row, group of `ACT_GROUP` inputs), as DeepSeek's block-FP8 inference and vLLM's `per_token_group_quant_fp8`
quantise them (w8a8). The group is the weights' 128-deep scale block, so each 128-deep K tile of such a
GEMM takes one activation scale per row and one weight scale per column (`model/kernels/fused_moe.py`).

The codes are `pack.pack_fp8_groups`' bit for bit: the same IEEE divisions (`div_rn`, where `/` may be
approximate on the GPU) and the same round-to-nearest-even (`codes.e4m3_code`).
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from model.kernels.codes import decoders, e4m3_code, interpreted, maximum

ACT_GROUP = 128  # inputs per activation scale: the block-FP8 weights' bk
ROWS = 16  # rows per program


@triton.jit(do_not_specialize=["R"])
def _quantize_kernel(
    x, codes, scales, block_expert, R, K, GROUPS, E, GROUP: tl.constexpr, ROWS: tl.constexpr, BLOCK_M: tl.constexpr,
    SKIP: tl.constexpr, HW_E4M3: tl.constexpr,
):  # fmt: skip
    """codes[r, k] = e4m3(x[r, k] / s[r, g]), s[r, g] = amax(|x[r, group g]|) / 448 for the program's rows and
    group g; an all-zero group divides by 1 (codes 0) and stores scale 0. SKIP: the rows are slots of
    `BLOCK_M`-row blocks (a multiple of ROWS), and those of blocks whose expert is `E` (unused) are left."""
    if SKIP:
        if tl.load(block_expert + tl.program_id(0) * ROWS // BLOCK_M) >= E:
            return
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    g = tl.program_id(1)
    cols = g * GROUP + tl.arange(0, GROUP)
    live = (rows < R)[:, None] & (cols < K)[None, :]
    r64 = rows.to(tl.int64)
    v = tl.load(x + r64[:, None] * K + cols[None, :], mask=live, other=0.0).to(tl.float32)
    s = tl.math.div_rn(tl.reduce(tl.abs(v), 1, maximum), tl.full((ROWS,), 448.0, tl.float32))
    d = tl.broadcast_to(tl.where(s > 0, s, 1.0)[:, None], (ROWS, GROUP))
    q = tl.minimum(tl.maximum(tl.math.div_rn(v, d), -448.0), 448.0)
    tl.store(codes + r64[:, None] * K + cols[None, :], e4m3_code(q, HW_E4M3), mask=live)
    tl.store(scales + r64 * GROUPS + g, s, mask=rows < R)


def quantize_groups(
    x: torch.Tensor, blocks: tuple[torch.Tensor, int, int] | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    """`x [R, K]` (any float dtype, contiguous) -> (E4M3 codes uint8 `[R, K]`, float32 scales `[R, ceil(K /
    ACT_GROUP)]`); CPU tensors run in Triton's interpreter. `blocks = (block_expert, E, block_m)`: x's rows
    are the fused MoE's slots, and the rows of unused blocks (expert E), which no kernel wrote or reads, are
    left unset."""
    if x.dim() != 2 or not x.is_floating_point() or not x.is_contiguous():
        raise ValueError(f"quantize_groups: x must be a contiguous 2-D float tensor, got {x.dtype} {list(x.shape)}")
    r, k = x.shape
    groups = triton.cdiv(k, ACT_GROUP)
    codes = torch.empty(r, k, dtype=torch.uint8, device=x.device)
    scales = torch.empty(r, groups, dtype=torch.float32, device=x.device)
    if r:
        kernel = _quantize_kernel if x.is_cuda else interpreted(_quantize_kernel)
        block_expert, num_experts, block_m = blocks or (x, 0, ROWS)
        if block_m % ROWS:
            raise ValueError(f"quantize_groups: block_m must be a multiple of {ROWS}, got {block_m}")
        kernel[(triton.cdiv(r, ROWS), groups)](
            x, codes, scales, block_expert, r, k, groups, num_experts, GROUP=ACT_GROUP, ROWS=ROWS, BLOCK_M=block_m,
            SKIP=blocks is not None, HW_E4M3=decoders(x)["HW_E4M3"],
        )  # fmt: skip
    return codes, scales
