"""FP8 K/V pages: E4M3 codes with one float32 scale per token and KV head (`--kv-cache-dtype fp8`).

A token's K (or V) row of one KV head is stored as `codes = x / scale` in float8_e4m3fn with
`scale = amax(|x|) / 448` (E4M3's largest finite value), computed when the token is written, so no
calibration is needed and no row saturates. Reading gives `codes * scale` in float32, rounded to the
model's dtype: the torch reference here, the attention kernels in their tiles (`model/kernels/`).
Half the bytes of bf16 K/V, a quarter of fp32's; the scales add 4 bytes a token and head.

Each element then carries E4M3's rounding: at most half its step, 2^-4 of its magnitude for normal
codes, and 2^-10 * scale (half the subnormal step 2^-9) below them (`ROUND_TRIP`).
"""

from __future__ import annotations

import torch

from model.kernels import KV_FP8

E4M3_MAX = 448.0
KV_CACHE_DTYPES = ("auto", "fp8", "fp8_e4m3")  # vLLM's spellings; fp8_e4m3 is fp8
ROUND_TRIP = (2.0**-4, 2.0**-10)  # |x - dequantise(quantise(x))| <= a * |x| + b * scale, before the cast


def kv_storage_dtype(kv_cache_dtype: str, model_dtype: torch.dtype) -> torch.dtype:
    """The dtype of the K/V pages for option value `kv_cache_dtype`: `auto` is the model's."""
    if kv_cache_dtype not in KV_CACHE_DTYPES:
        raise ValueError(f"kv_cache_dtype={kv_cache_dtype!r}: not one of {', '.join(KV_CACHE_DTYPES)}")
    return model_dtype if kv_cache_dtype == "auto" else KV_FP8


def quantise(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """`x [..., D]` -> E4M3 codes `[..., D]` and float32 scales `[...]` (amax / 448; 1 for a zero row)."""
    amax = x.float().abs().amax(-1)
    scale = torch.where(amax > 0, amax / E4M3_MAX, torch.ones_like(amax))
    codes = (x.float() / scale.unsqueeze(-1)).clamp(-E4M3_MAX, E4M3_MAX).to(KV_FP8)
    return codes, scale


def dequantise(codes: torch.Tensor, scale: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """`codes [..., D]` times `scale [...]` in float32, rounded to `dtype` (what the kernels compute)."""
    return (codes.float() * scale.unsqueeze(-1)).to(dtype)
