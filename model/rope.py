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
    """Rotate the first `cos.shape[-1]` dims of `x [..., heads, dim]`; `cos` is `[..., rd]` (no head dim)."""
    rd = cos.shape[-1]
    cos, sin = cos.unsqueeze(-2), sin.unsqueeze(-2)
    rot, rest = x[..., :rd], x[..., rd:]
    x1, x2 = rot[..., : rd // 2], rot[..., rd // 2 :]
    rotated = rot * cos + torch.cat((-x2, x1), dim=-1) * sin
    return torch.cat((rotated, rest), dim=-1)
