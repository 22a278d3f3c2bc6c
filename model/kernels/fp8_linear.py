"""FP8 linear layers through `torch._scaled_mm`, the optional fast path beside dequantised weights.

`_scaled_mm` needs both operands in FP8, so the weight is stored as E4M3 with one scale per output
row and each activation row is quantised on the fly (`amax / 448`); outputs come back in the
activation dtype. This changes numerics (activations lose bits), so it is a measured opt-in
(`scripts/experiments/bench_ple.py`), never the default: dequantise-at-load stays the exact baseline.
"""

from __future__ import annotations

import torch
from torch import nn

from model.kernels import replace_linears

FP8 = torch.float8_e4m3fn
_TINY = torch.finfo(torch.float32).tiny


def quantize_rows(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """[M, K] -> (E4M3 [M, K], float32 scale [M, 1]) with one `amax / 448` scale per row."""
    scale = (x.float().abs().amax(-1, keepdim=True) / 448.0).clamp_min(_TINY)
    return (x.float() / scale).to(FP8), scale


class FP8Linear(nn.Module):
    """`y = x W^T` with W in E4M3 (per-row scales) and activations quantised per row, via `_scaled_mm`."""

    def __init__(self, linear: nn.Linear) -> None:
        super().__init__()
        if linear.bias is not None:
            raise ValueError("FP8Linear does not take a bias")
        weight, scale = quantize_rows(linear.weight.detach())
        self.in_features, self.out_features = linear.in_features, linear.out_features
        self.register_buffer("weight_t", weight.t())  # column-major, as `_scaled_mm` wants its second operand
        self.register_buffer("weight_scale", scale.t().contiguous())  # [1, N]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        flat = x.reshape(-1, self.in_features)
        xq, xs = quantize_rows(flat)
        out = torch._scaled_mm(xq, self.weight_t, scale_a=xs, scale_b=self.weight_scale, out_dtype=x.dtype)
        return out.view(*x.shape[:-1], self.out_features)


def swap_linears(module: nn.Module, keep: tuple[str, ...] = ()) -> int:
    """Replace every bias-free `nn.Linear` whose widths are multiples of 16 (a `_scaled_mm` rule) by
    `FP8Linear`, except names containing any of `keep`; returns how many were swapped."""

    def make(_name: str, sub: nn.Linear) -> nn.Module | None:
        return FP8Linear(sub) if sub.in_features % 16 == 0 and sub.out_features % 16 == 0 else None

    return replace_linears(module, keep, make)
