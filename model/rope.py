"""Partial rotary embedding (rotate-half pairs `(i, i + rd/2)` over the first `rd` dims).

Qwen4-Exp's M-RoPE has three equal position rows for text, so it reduces to 1-D RoPE.
"""

from __future__ import annotations

import torch


def inv_freq(rotary_dim: int, theta: float) -> torch.Tensor:
    return 1.0 / (theta ** (torch.arange(0, rotary_dim, 2, dtype=torch.float) / rotary_dim))


def cos_sin(positions: torch.Tensor, inv_freq: torch.Tensor, dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
    """cos/sin tables `[..., rd]` computed in fp32 and cast to the activation dtype, as the reference does."""
    freqs = positions.float()[..., None] * inv_freq.float()
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos().to(dtype), emb.sin().to(dtype)


def apply_rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """Rotate the first `cos.shape[-1]` dims of `x [..., heads, dim]`; `cos` is `[..., rd]` (no head dim).

    Each half is computed on its own, `x1 cos1 - x2 sin1` and `x2 cos2 + x1 sin2` (the reference's
    `rot * cos + rotate_half(rot) * sin`, the same operations on the same operands), and joined with
    the unrotated rest in one concatenation of pointwise parts: Inductor writes that in one pass after
    the norm before it. Rotating through a concatenated `rotate_half` nested two concatenations, which
    Inductor wrote as buffers of their own and read back."""
    rd = cos.shape[-1]
    half = rd // 2
    cos, sin = cos.unsqueeze(-2), sin.unsqueeze(-2)
    x1, x2, rest = x[..., :half], x[..., half:rd], x[..., rd:]
    first = x1 * cos[..., :half] + (-x2) * sin[..., :half]
    second = x2 * cos[..., half:] + x1 * sin[..., half:]
    return torch.cat((first, second, rest), dim=-1)
