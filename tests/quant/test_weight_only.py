"""Weight-only FP8 / NVFP4 GEMMs (Triton, interpreted on CPU) against `x @ dequant(W)^T` in float32.

Error bound of the product tests. Both sides multiply the same float32 weights: the kernel sums
`x · (code · block)` (exact products for 16-bit x, one rounding per product for float32 x) and scales
the float32 sum once; the reference rounds `code · block · scale` once per weight, then sums in any
order. Each side is within `(K + 2) u S` of the exact product (u = 2^-24, S = |x| @ |w|^T), so they
differ by at most `(2K + 4) u S`, about 1e-5 S at K = 96. A 16-bit output adds one rounding of that
float32 value: half an ulp, `2^-8` (bf16) or `2^-11` (fp16) of its magnitude. A mis-decoded weight
(swapped nibbles, wrong scale or exponent) moves outputs by O(S), far outside the bound.
"""

from __future__ import annotations

import pytest
import torch
from torch import nn

from model.checkpoint.quant import formats
from model.checkpoint.quant.pack import pack_nvfp4

pytest.importorskip("triton", reason="the weight-only kernels need Triton")
from qcompile.kernels import weight_only  # noqa: E402
from qcompile.kernels.fp8_linear import quantize_rows  # noqa: E402
from qcompile.kernels.weight_only import WeightOnlyLinear, swap_weight_only, weight_only_matmul  # noqa: E402

U = 2.0**-24
HALF_ULP = {torch.float32: 0.0, torch.bfloat16: 2.0**-8, torch.float16: 2.0**-11}


def assert_within_bound(got: torch.Tensor, x: torch.Tensor, w: torch.Tensor) -> None:
    """`got` (x's dtype) against `x.float() @ w.T` within the bound derived in the module docstring."""
    assert got.dtype == x.dtype
    ref = x.float() @ w.T
    s = x.float().abs() @ w.abs().T
    fp32 = (2 * x.shape[-1] + 4) * U * s
    tol = HALF_ULP[x.dtype] * (ref.abs() + fp32) + fp32 + (2.0**-25 if x.dtype == torch.float16 else 0.0)
    err = (got.float() - ref).abs()
    assert bool((err <= tol).all()), f"max err {float(err.max()):.3g}, max tol {float(tol.max()):.3g}"
    assert float(ref.abs().max()) > 100 * float(tol.max())  # the bound is tight against the values


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16])
@pytest.mark.parametrize(("k", "n"), [(64, 40), (96, 128)])
@pytest.mark.parametrize("m", [1, 3, 17])
@pytest.mark.parametrize("kind", ["fp8", "nvfp4"])
def test_matches_dequantised_product(kind: str, m: int, k: int, n: int, dtype: torch.dtype) -> None:
    torch.manual_seed(m * 1000 + k + n)
    module = WeightOnlyLinear(nn.Linear(k, n, bias=False), kind)
    module.block_n, module.block_k = 32, 64  # N = 40 leaves a partial N tile, K = 96 a partial K tile
    x = torch.randn(m, k).to(dtype)
    assert_within_bound(module(x), x, module.dequantized_weight())


@pytest.mark.parametrize("kind", ["fp8", "nvfp4"])
def test_split_k_several_m_blocks_and_batched_input(kind: str) -> None:
    torch.manual_seed(1)
    module = WeightOnlyLinear(nn.Linear(160, 48, bias=False), kind)
    w = module.dequantized_weight()
    x = torch.randn(40, 160, dtype=torch.bfloat16)
    for split_k in (2, 3):  # 3 splits of 64 over K = 160: the last split is a partial tile
        got = weight_only_matmul(x, kind, module.weight, module.scale, module.block_scale, block_m=16, block_n=32,
                                 block_k=64, split_k=split_k)
        assert_within_bound(got, x, w)
    out = module(x.view(4, 10, 160))  # default tiles; leading dims restored
    assert out.shape == (4, 10, 48)
    assert_within_bound(out.view(40, 48), x, w)


def random_fp8_bytes(g: torch.Generator, *shape: int) -> torch.Tensor:
    """Every E4M3 code but NaN (0x7F / 0xFF), as uint8."""
    b = torch.randint(0, 255, shape, dtype=torch.uint8, generator=g)
    return torch.where((b & 0x7F) == 0x7F, b - 1, b)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("kind", ["fp8", "nvfp4"])
def test_kernel_decodes_like_formats(kind: str, dtype: torch.dtype) -> None:
    """`I @ dequant(W)^T` picks single weights (sums of exact zeros and one scaled term), so the kernel's
    decoding must give `formats.py`'s values exactly, over random bytes covering every code."""
    g = torch.Generator().manual_seed(0)
    k, n = 64, 48
    if kind == "fp8":
        weight, block = random_fp8_bytes(g, n, k), None
        scale = torch.rand(n, generator=g) * 0.01 + 1e-4
        ref = formats.dequant_fp8_scaled(weight.view(formats.FP8), scale[:, None])
    else:
        weight, block = torch.randint(0, 256, (n, k // 2), dtype=torch.uint8, generator=g), random_fp8_bytes(g, n, 4)
        scale = torch.tensor([3.7e-3])
        ref = formats.dequant_nvfp4(weight, block.view(formats.FP8), scale)
    got = weight_only_matmul(torch.eye(k, dtype=dtype), kind, weight, scale, block, block_n=32, block_k=32)
    assert torch.equal(got, ref.T.to(dtype))  # values (+0 == -0: the accumulator starts at +0)


@pytest.mark.parametrize("kind", ["fp8", "nvfp4"])
def test_module_packs_like_the_repo_packers(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Packing in row chunks (forced small here) gives the one-shot packers' bytes, hence their weights."""
    monkeypatch.setattr(weight_only, "PACK_ELEMENTS", 8 * 64)
    torch.manual_seed(2)
    linear = nn.Linear(64, 40, bias=False)
    w = linear.weight.detach()
    got = WeightOnlyLinear(linear, kind).dequantized_weight()
    if kind == "fp8":
        ref = formats.dequant_fp8_scaled(*quantize_rows(w))
    else:
        ref = formats.dequant_nvfp4(*pack_nvfp4(w))
    assert torch.equal(got, ref)
    bound = (0.07 if kind == "fp8" else 0.26) * w.abs().amax(-1, keepdim=True)  # coarse: rounding, not scales
    assert bool(((got - w).abs() <= bound).all())


def test_rejects_bias_odd_k_and_unknown_kind() -> None:
    with pytest.raises(ValueError, match=r"proj\(32, 16\) has a bias"):
        WeightOnlyLinear(nn.Linear(32, 16), "fp8", name="proj")
    with pytest.raises(ValueError, match=r"in_features divisible by 16, got in_features=40"):
        WeightOnlyLinear(nn.Linear(40, 16, bias=False), "nvfp4")
    with pytest.raises(ValueError, match="kind"):
        WeightOnlyLinear(nn.Linear(32, 16, bias=False), "int4")
    WeightOnlyLinear(nn.Linear(40, 16, bias=False), "fp8")  # FP8 takes any K


@pytest.mark.parametrize(("kind", "count"), [("fp8", 2), ("nvfp4", 1)])
def test_swap_weight_only_counts_and_keeps(kind: str, count: int) -> None:
    torch.manual_seed(3)
    model = nn.Sequential(nn.Linear(32, 32, bias=False), nn.Linear(32, 40), nn.Linear(40, 16, bias=False),
                          nn.Sequential(nn.Linear(16, 16, bias=False)))
    x = torch.randn(2, 3, 32)
    assert swap_weight_only(model, kind, keep=("3.",)) == count
    assert isinstance(model[0], WeightOnlyLinear) and isinstance(model[1], nn.Linear)
    assert isinstance(model[2], WeightOnlyLinear if kind == "fp8" else nn.Linear)  # NVFP4 needs K % 16 == 0
    assert isinstance(model[3][0], nn.Linear)
    with torch.no_grad():
        h = model[0](x)
        assert_within_bound(h.view(6, 32), x.view(6, 32), model[0].dequantized_weight())
        assert model(x).shape == (2, 3, 16)
