"""FP8Linear (`torch._scaled_mm`, per-row weight and activation scales) against the same math in float32."""

from __future__ import annotations

import pytest
import torch
from torch import nn

from model.kernels.fp8_linear import FP8Linear, quantize_rows, swap_linears


@pytest.mark.skipif(
    torch.torch_version.TorchVersion(torch.__version__) < (2, 12),
    reason="torch 2.11's CPU _scaled_mm takes per-tensor scales only (CUDA takes per-row ones)",
)
def test_fp8_linear_is_the_scaled_product() -> None:
    torch.manual_seed(0)
    linear = nn.Linear(64, 48, bias=False)
    x = torch.randn(3, 5, 64, dtype=torch.bfloat16)
    got = FP8Linear(linear)(x)
    xq, xs = quantize_rows(x.reshape(-1, 64))
    wq, ws = quantize_rows(linear.weight.detach())
    want = ((xq.float() * xs) @ (wq.float() * ws).t()).to(torch.bfloat16).view(3, 5, 48)
    assert got.dtype == torch.bfloat16
    torch.testing.assert_close(got, want, atol=0, rtol=2**-7)  # one bf16 rounding apart at most
    exact = linear(x.float()).detach()
    rel = float((got.float() - exact).norm() / exact.norm())
    assert rel < 0.06, rel  # FP8 weights and activations


def test_swap_linears_skips_biased_odd_and_kept() -> None:
    model = nn.Sequential(
        nn.Linear(32, 32, bias=False),
        nn.Linear(32, 32),
        nn.Linear(32, 8, bias=False),
        nn.Sequential(nn.Linear(32, 32, bias=False)),
    )
    assert swap_linears(model, keep=("3.",)) == 1
    assert isinstance(model[0], FP8Linear) and isinstance(model[1], nn.Linear)
    assert isinstance(model[2], nn.Linear) and isinstance(model[3][0], nn.Linear)
