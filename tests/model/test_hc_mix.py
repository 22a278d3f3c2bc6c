"""The hyper-connection mix kernel (`model/kernels/hc_mix.py`) against `GatedResidual.mix`'s torch code.

On CPU in Triton's interpreter at small shapes; the GPU test runs the bench geometry on the H200.
"""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

import model.hyper as hyper
from model.config import Qwen4ExpConfig
from model.kernels.hc_mix import hc_mix
from model.presets import preset_config

U = 2.0**-24  # float32 unit roundoff


def torch_mix(hn: torch.Tensor, down: torch.Tensor, w_up: torch.Tensor, n: int) -> torch.Tensor:
    """`GatedResidual.mix` in torch, in the inputs' dtype."""
    gate = torch.sigmoid(F.linear(F.silu(down / n), w_up))
    return (gate.unflatten(-1, (n, -1)) * hn.unflatten(-1, (n, -1))).mean(dim=-2)


def operands(rows: int, n: int, d: int, r: int, seed: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    gen = torch.Generator().manual_seed(seed)
    hn = torch.randn(rows, n * d, generator=gen)
    down = torch.randn(rows, r, generator=gen) * 2
    w_up = torch.randn(n * d, r, generator=gen) / r**0.5
    return hn, down, w_up


@pytest.mark.parametrize(("rows", "r"), [(1, 20), (5, 600), (40, 300), (70, 100)])
def test_float32_mix_is_torch_within_the_sum_bound(rows: int, r: int) -> None:
    """float32, against a float64 reference of the same math: the gate's r-term dot differs from the
    exact one by at most r·u·Σ|a·w| (any order), sigmoid's slope is at most 1/4, and silu, sigmoid,
    the products and the n-term mean add a few u of their own magnitudes; so per element
    |err| <= (r + 8)·u·Σ_s |hn_s| (Σ|a·w| / 4 + 1) / n. Rows cover partial tiles of each size, r one and several K steps."""
    n, d = 4, 48
    hn, down, w_up = operands(rows, n, d, r, rows + r)
    got = hc_mix(hn, down, w_up, n)
    a = F.silu(down.double() / n)
    ref = torch_mix(hn.double(), down.double(), w_up.double(), n)
    dot_mag = (a.abs() @ w_up.double().abs().T).unflatten(-1, (n, d))
    bound = (r + 8) * U * (hn.double().abs().unflatten(-1, (n, d)) * (dot_mag / 4 + 1)).sum(-2) / n
    assert got.shape == (rows, d) and got.dtype == torch.float32
    assert ((got.double() - ref).abs() <= bound).all(), ((got.double() - ref).abs() / bound).max()


def test_bfloat16_mix_is_no_worse_than_torch_bf16() -> None:
    """bf16 inputs: against float32 math on the same bf16 values, the kernel (gate kept in float32,
    one rounding at the output) errs no more than torch's bf16 chain (five roundings), max and mean."""
    n, d, r = 4, 64, 80
    hn, down, w_up = (t.bfloat16() for t in operands(96, n, d, r, 7))
    ref = torch_mix(hn.float(), down.float(), w_up.float(), n)
    kernel = (hc_mix(hn, down, w_up, n).float() - ref).abs()
    eager = (torch_mix(hn, down, w_up, n).float() - ref).abs()
    assert kernel.max() <= eager.max() and kernel.mean() <= eager.mean(), (kernel.max(), eager.max())


def test_strided_down_from_a_merged_projection() -> None:
    """`down` is a column slice of the merged down+inject GEMM's output: read through its row stride."""
    n, d, r = 4, 32, 24
    hn, down, w_up = operands(6, n, d, r, 3)
    merged = torch.cat([down, torch.randn(6, 8)], dim=1)
    assert torch.equal(hc_mix(hn, merged[:, :r], w_up, n), hc_mix(hn, down.contiguous(), w_up, n))


def test_mismatched_shapes_name_every_operand() -> None:
    hn, down, w_up = operands(3, 4, 16, 8, 0)
    with pytest.raises(ValueError, match=r"hn \(3, 64\), down \(3, 8\), w_up \(64, 9\)"):
        hc_mix(hn, down, torch.zeros(64, 9), 4)
    with pytest.raises(ValueError, match="share a dtype"):
        hc_mix(hn, down.double(), w_up, 4)


def test_gated_residual_reads_through_the_kernel_where_kernels_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """With kernels switched on (CUDA; here the interpreter) `read` takes the kernel and agrees with
    the torch path on the same module (float32: the sum bound above, loosely)."""
    config = Qwen4ExpConfig.from_dict(preset_config("tiny"))
    module = hyper.GatedResidual(config)
    with torch.no_grad():
        for p in module.parameters():
            p.copy_(torch.randn(p.shape, generator=torch.Generator().manual_seed(p.numel())) * p.shape[-1] ** -0.5)
    h = torch.randn(5, config.hc_count * config.hidden_size, generator=torch.Generator().manual_seed(1))
    want, want_inject = module.read(h)
    calls: list[int] = []
    monkeypatch.setattr(hyper, "use_kernels", lambda t: calls.append(1) or True)
    got, inject = module.read(h)
    assert calls and torch.equal(inject, want_inject)
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
@pytest.mark.parametrize("rows", [1, 8, 64, 2048])
def test_bench_geometry_on_the_gpu(rows: int) -> None:
    """The bench preset's HC (4 streams of 2560, rank 320) in bf16 on the GPU: no worse than torch
    bf16 against float32 math on the same values, and the same bits on a second call."""
    config = Qwen4ExpConfig.from_dict(preset_config("bench"))
    n, d, r = config.hc_count, config.hidden_size, config.hc_lowrank
    hn, down, w_up = (t.cuda().bfloat16() for t in operands(rows, n, d, r, rows))
    ref = torch_mix(hn.float(), down.float(), w_up.float(), n)
    got = hc_mix(hn, down, w_up, n)
    kernel, eager = (got.float() - ref).abs(), (torch_mix(hn, down, w_up, n).float() - ref).abs()
    assert kernel.max() <= eager.max() and kernel.mean() <= eager.mean(), (kernel.max(), eager.max())
    assert torch.equal(got, hc_mix(hn, down, w_up, n))


def test_fake_and_real_agree_for_the_compiler() -> None:
    """`torch.library.opcheck`: the fake kernel's shapes, dtypes and strides are the real one's."""
    torch.library.opcheck(hc_mix, operands(3, 4, 16, 24, 5) + (4,))
