"""Routed experts kept in a stored format: which formats the fused MoE reads in place, the stacked
shapes they have, and their dequantisation (the torch path's weights) and in-memory packing.

A stack holds `[E, N, K]` logical weights per projection (gate_up: N = 2I, gate rows first; down:
N = H). Formats, as `model/kernels/weight_only.py` names them for one linear:
- "fp8_block": E4M3 codes `[E, N, K]`, float32 scales `[E, ceil(N/bn), ceil(K/bk)]`;
- "mxfp8": E4M3 codes `[E, N, K]`, E8M0 bytes `[E, N, ceil(K/32)]`;
- "nvfp4" / "nvfp4_ct": packed E2M1 `[E, N, K/2]`, E4M3 block scales `[E, N, ceil(K/16)]` and the
  per-tensor scale of each row's checkpoint tensor, `scale_2 [E, N]` float32 (ModelOpt's
  `weight_scale_2` multiplies, compressed-tensors' `weight_global_scale` divides). Gate and up rows
  come from two tensors, so one scalar per stack would not do.
"""

from __future__ import annotations

import torch

from model.quant import formats
from model.quant.pack import nvfp4_scale_2, pack_fp8_block, pack_mxfp8, pack_nvfp4

EXPERT_FORMATS = ("fp8_block", "mxfp8", "nvfp4", "nvfp4_ct")
PACKABLE = ("fp8_block", "mxfp8", "nvfp4")  # formats `pack_experts` makes from dense weights
NVFP4_KINDS = ("nvfp4", "nvfp4_ct")
# bytes per logical weight of each format, scales included (block FP8's, at 128 x 128, and the NVFP4
# per-row tensor scales are left out: a few bytes per thousands of weights)
STORED_BYTES = {"fp8_block": 1.0, "mxfp8": 1 + 1 / formats.MXFP8_GROUP} | {
    k: 0.5 + 1 / formats.NVFP4_GROUP for k in NVFP4_KINDS
}
# (rows, columns) per scale entry of the formats whose scale grid is fixed (block FP8's is its block)
SCALE_GRID = {"mxfp8": (1, formats.MXFP8_GROUP)} | {k: (1, formats.NVFP4_GROUP) for k in NVFP4_KINDS}


def stored_shapes(fmt: str, n: int, k: int, block: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """One expert's stored (codes, scales) shapes for an `[N, K]` projection in `fmt` (`block`: block FP8's)."""
    bn, bk = SCALE_GRID.get(fmt, block)
    return (n, k // 2 if fmt in NVFP4_KINDS else k), (-(-n // bn), -(-k // bk))


def dequant_experts(
    fmt: str, codes: torch.Tensor, scale: torch.Tensor, scale_2: torch.Tensor | None, block: tuple[int, int]
) -> torch.Tensor:
    """float32 `[E, N, K]` weights of a stack, by `formats.py`'s formulas: bit for bit what dequantising
    each checkpoint tensor on its own gives."""
    if fmt == "fp8_block":
        return formats.dequant_fp8_block(codes.view(formats.FP8), scale, block)
    if fmt == "mxfp8":
        return formats.dequant_mxfp8(codes.view(formats.FP8), scale)
    assert scale_2 is not None
    dequant = formats.dequant_nvfp4 if fmt == "nvfp4" else formats.dequant_nvfp4_ct
    return dequant(codes, scale.view(formats.FP8), scale_2[..., None])


def pack_experts(
    fmt: str, w: torch.Tensor, parts: int, block: tuple[int, int]
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
    """(codes, scales, scale_2 or None) of dense `[E, N, K]` weights in `fmt`, as a checkpoint would store
    them: the rows of each expert are `parts` tensors (gate_up: 2), each with its own NVFP4 `scale_2`."""
    if fmt not in PACKABLE:
        raise ValueError(f"expert format must be one of {list(PACKABLE)} to pack dense experts, got {fmt!r}")
    if fmt == "fp8_block":
        codes, scale = pack_fp8_block(w, block)
        return codes, scale, None
    if fmt == "mxfp8":
        codes, scale = pack_mxfp8(w)
        return codes, scale, None
    if w.shape[-1] % formats.NVFP4_GROUP:
        raise ValueError(f"NVFP4 experts need K divisible by {formats.NVFP4_GROUP}, got [E, N, K] {list(w.shape)}")
    packed, blocks, scales = [], [], []
    for expert in w:
        for part in expert.chunk(parts):
            codes, block_scale, scale_2 = pack_nvfp4(part, nvfp4_scale_2(part))
            packed.append(codes)
            blocks.append(block_scale)
            scales.append(scale_2.expand(part.shape[0]))
    e, n = w.shape[:2]
    return (
        torch.cat(packed).view(e, n, -1),
        torch.cat(blocks).view(e, n, -1),
        torch.cat(scales).view(e, n).float(),
    )
