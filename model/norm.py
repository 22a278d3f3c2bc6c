"""Centered RMSNorm (grouped) and the gated RMSNorm of the GDN output."""

from __future__ import annotations

import torch
from torch import nn


def centered_rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float, group_size: int | None) -> torch.Tensor:
    """`norm(x) * (1 + w)` in fp32, cast back; with `group_size` each group is normalised on its own.

    Grouped, the whole norm, the cast included, runs in the `[..., groups, group_size]` view and is
    flattened last: Inductor then fuses the normalise into the reduction's loop (and a hyper-connection
    write before it into both). Flattened before the cast, the normalise loops over the flat row, which
    does not match the reduction's loop, and takes a kernel of its own that reads the input again."""
    xf, scale = x.float(), 1.0 + weight.float()
    if group_size is not None:
        xf, scale = xf.unflatten(-1, (-1, group_size)), scale.unflatten(-1, (-1, group_size))
    out = (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps) * scale).to(x.dtype)
    return out.flatten(-2) if group_size is not None else out


class RMSNorm(nn.Module):
    """Qwen4-Exp's centered RMSNorm: the weight is stored as an offset from one."""

    def __init__(self, dim: int, eps: float, group_size: int | None = None):
        super().__init__()
        if group_size is not None and dim % group_size:
            raise ValueError(f"RMSNorm dim {dim} is not a multiple of group_size {group_size}")
        self.weight = nn.Parameter(torch.zeros(dim))
        self.eps = eps
        self.group_size = group_size

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return centered_rms_norm(x, self.weight, self.eps, self.group_size)


class GatedRMSNorm(nn.Module):
    """`w * norm(x) * act(z)` over the last dim; the weight is *not* centered (it starts at one)."""

    def __init__(self, dim: int, eps: float, activation: str):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps
        self.act = torch.sigmoid if activation == "sigmoid" else torch.nn.functional.silu

    def forward(self, x: torch.Tensor, gate: torch.Tensor) -> torch.Tensor:
        dtype = x.dtype
        xf = x.float()
        xf = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)
        out = self.weight * xf.to(dtype)
        return (out * self.act(gate.float())).to(dtype)
