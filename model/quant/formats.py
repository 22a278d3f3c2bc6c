"""Pure dequantisation functions, one per storage format (notes: qwen4-exp-model.md §5).

Every function takes the stored tensors as they come from safetensors, computes in float32 (each
product of an element code and its scales is exact or rounded once there), and returns float32; the
caller casts once to the compute dtype. Shape and dtype checks live in `dequant.py`, which knows the
tensor names to put in the error; these functions assume fitting inputs.
"""

from __future__ import annotations

import math

import torch

# E2M1 code (bit pattern s e1 e0 m) -> value: 0, 0.5, 1, 1.5, 2, 3, 4, 6, then the negatives.
E2M1_VALUES: tuple[float, ...] = (
    0.0,
    0.5,
    1.0,
    1.5,
    2.0,
    3.0,
    4.0,
    6.0,
    -0.0,
    -0.5,
    -1.0,
    -1.5,
    -2.0,
    -3.0,
    -4.0,
    -6.0,
)
_E2M1 = torch.tensor(E2M1_VALUES, dtype=torch.float32)
# E8M0 byte u -> 2^(u-127), 0xFF = NaN. A table, because 2^-127 is a float32 subnormal that a
# shift into the exponent field cannot produce.
_E8M0 = torch.tensor([math.ldexp(1.0, u - 127) for u in range(255)] + [math.nan], dtype=torch.float32)

FP8 = torch.float8_e4m3fn
MXFP8_GROUP = 32
NVFP4_GROUP = 16


def e2m1_decode(codes: torch.Tensor) -> torch.Tensor:
    """Values of 4-bit E2M1 codes (any integer dtype, values 0..15)."""
    return _E2M1.to(codes.device)[codes.long()]


def e4m3_decode(x: torch.Tensor) -> torch.Tensor:
    """float8_e4m3fn -> float32; torch's conversion is exact (tests check all 256 codes)."""
    return x.to(torch.float32)


def e8m0_decode(x: torch.Tensor) -> torch.Tensor:
    """E8M0 bytes (uint8) -> 2^(u-127) in float32, NaN for 0xFF."""
    return _E8M0.to(x.device)[x.long()]


def unpack_fp4(packed: torch.Tensor) -> torch.Tensor:
    """uint8 [..., K/2] -> codes [..., K]; element 2i is the low nibble, 2i+1 the high."""
    return torch.stack((packed & 0x0F, packed >> 4), dim=-1).flatten(-2)


def _expand_groups(scale: torch.Tensor, group: int, k: int) -> torch.Tensor:
    """Per-group scale [..., ceil(K/group)] -> per-element [..., K]."""
    return scale.repeat_interleave(group, dim=-1)[..., :k]


def _tensor_scale(scale: torch.Tensor) -> torch.Tensor:
    """An NVFP4 second-level scale in float32: one per tensor ([] / [1]) as a scalar, or one per row
    (`[..., N, 1]`, stacked experts whose rows come from several checkpoint tensors) as it is."""
    s = scale.to(torch.float32)
    return s.reshape(()) if s.numel() == 1 else s


def dequant_nvfp4(packed: torch.Tensor, scale: torch.Tensor, scale_2: torch.Tensor) -> torch.Tensor:
    """ModelOpt NVFP4: w = E2M1[nib] * e4m3(scale[n, k//16]) * scale_2 (a per-tensor multiplier)."""
    codes = unpack_fp4(packed)
    block = _expand_groups(e4m3_decode(scale), NVFP4_GROUP, codes.shape[-1])
    return e2m1_decode(codes) * block * _tensor_scale(scale_2)


def dequant_nvfp4_ct(packed: torch.Tensor, scale: torch.Tensor, global_scale: torch.Tensor) -> torch.Tensor:
    """compressed-tensors NVFP4: w = E2M1[nib] * e4m3(scale[n, k//16]) / global_scale.

    Its global scale is the reciprocal of ModelOpt's `weight_scale_2`, so it divides.
    """
    codes = unpack_fp4(packed)
    block = _expand_groups(e4m3_decode(scale), NVFP4_GROUP, codes.shape[-1])
    return e2m1_decode(codes) * block / _tensor_scale(global_scale)


def dequant_mxfp8(weight: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    """MXFP8: w = e4m3(weight) * 2^(scale[n, k//32] - 127), the scale an E8M0 byte."""
    return e4m3_decode(weight) * _expand_groups(e8m0_decode(scale), MXFP8_GROUP, weight.shape[-1])


def dequant_fp8_block(weight: torch.Tensor, scale: torch.Tensor, block: tuple[int, int]) -> torch.Tensor:
    """Block FP8: w = e4m3(weight[n, k]) * scale[n // bn, k // bk]; edge blocks may be partial.

    `scale` is [..., ceil(N/bn), ceil(K/bk)]. DeepSeek/Qwen call it `weight_scale_inv`, but it is the
    dequant multiplier (amax_blk / 448), as in compressed-tensors' `weight_scale`.
    """
    n, k = weight.shape[-2:]
    full = scale.to(torch.float32).repeat_interleave(block[0], dim=-2)[..., :n, :]
    return e4m3_decode(weight) * full.repeat_interleave(block[1], dim=-1)[..., :k]


def dequant_fp8_scaled(weight: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    """FP8 per-tensor ([] or [1] scale) or per-channel ([N, 1] scale): w = e4m3(weight) * scale."""
    s = scale.to(torch.float32)
    return e4m3_decode(weight) * (s.reshape(()) if s.numel() == 1 else s)
