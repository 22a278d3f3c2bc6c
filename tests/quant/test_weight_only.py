"""Weight-only FP8 / MXFP8 / NVFP4 GEMMs (Triton, interpreted on CPU) against `x @ dequant(W)^T` in float32.

Error bound of the product tests. Both sides multiply the same float32 weights: the kernel sums
`x · (code · block)` (exact products for 16-bit x, one rounding per product for float32 x) and scales
the float32 sum once; the reference rounds `code · block · scale` once per weight, then sums in any
order. Each side is within `(K + 2) u S` of the exact product (u = 2^-24, S = |x| @ |w|^T), so they
differ by at most `(2K + 4) u S`, about 1e-5 S at K = 96. A 16-bit output adds one rounding of that
float32 value: half an ulp, `2^-8` (bf16) or `2^-11` (fp16) of its magnitude. A mis-decoded weight
(swapped nibbles, wrong scale or exponent) moves outputs by O(S), far outside the bound.

"fp8_block" / "mxfp8" scale each K tile's float32 partial `x · code` instead (one tile per scale block):
a term goes through at most `min(K, BLOCK_K) - 1` roundings in its tile, one for the scale and
`ceil(K / BLOCK_K) - 1` across tiles, and the reference weight `fl(code · s)` is one rounding away from
the exact `code · s` the kernel multiplies by: at most `K + 1` roundings for K >= 1, inside the same
`(K + 2) u S` (MXFP8's power-of-two scale adds none).
"""

from __future__ import annotations

import pytest
import torch
from torch import nn

from model.quant import formats
from model.quant.pack import pack_nvfp4

pytest.importorskip("triton", reason="the weight-only kernels need Triton")
from model.kernels import weight_only
from model.kernels.fp8_linear import quantize_rows
from model.kernels.weight_only import WeightOnlyLinear, swap_weight_only, weight_only_matmul

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


@pytest.mark.parametrize("swap", [False, True], ids=["", "swapped"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16])
@pytest.mark.parametrize(("k", "n"), [(64, 40), (96, 128)])
@pytest.mark.parametrize("m", [1, 3, 17])
@pytest.mark.parametrize("kind", ["fp8", "nvfp4"])
def test_matches_dequantised_product(kind: str, m: int, k: int, n: int, dtype: torch.dtype, swap: bool) -> None:
    """Any row count, partial tiles, the weight tile the MMA's second operand or, swapped, its first."""
    torch.manual_seed(m * 1000 + k + n)
    module = WeightOnlyLinear(nn.Linear(k, n, bias=False), kind)
    module.block_n, module.block_k = 32, 64  # N = 40 leaves a partial N tile, K = 96 a partial K tile
    module.swap = swap
    x = torch.randn(m, k).to(dtype)
    assert_within_bound(module(x), x, module.dequantized_weight())


@pytest.mark.parametrize("kind", ["fp8", "nvfp4"])
def test_split_k_several_m_blocks_and_batched_input(kind: str) -> None:
    torch.manual_seed(1)
    module = WeightOnlyLinear(nn.Linear(160, 48, bias=False), kind)
    w = module.dequantized_weight()
    x = torch.randn(40, 160, dtype=torch.bfloat16)
    for split_k in (2, 3):  # 3 splits of 64 over K = 160: the last split is a partial tile
        got = weight_only_matmul(
            x,
            kind,
            module.weight,
            module.scale,
            module.block_scale,
            block_m=16,
            block_n=32,
            block_k=64,
            split_k=split_k,
        )
        assert_within_bound(got, x, w)
    out = module(x.view(4, 10, 160))  # default tiles; leading dims restored
    assert out.shape == (4, 10, 48)
    assert_within_bound(out.view(40, 48), x, w)


def random_fp8_bytes(g: torch.Generator, *shape: int) -> torch.Tensor:
    """Every E4M3 code but NaN (0x7F / 0xFF), as uint8."""
    b = torch.randint(0, 255, shape, dtype=torch.uint8, generator=g)
    return torch.where((b & 0x7F) == 0x7F, b - 1, b)


def block_scales(
    g: torch.Generator, kind: str, n: int, k: int, block: tuple[int, int] | None = None, low: int = 112, high: int = 129
) -> torch.Tensor:
    """Random scales, distinct per block and spread over 2^-12..2, so a scale read from another block moves
    outputs by O(S): float32 `[ceil(N/bn), ceil(K/bk)]` ("fp8_block") or E8M0 bytes in [low, high) over
    `[N, ceil(K/32)]` ("mxfp8")."""
    if kind == "mxfp8":
        return torch.randint(low, high, (n, -(-k // 32)), dtype=torch.uint8, generator=g)
    bn, bk = block or (128, 128)
    shape = (-(-n // bn), -(-k // bk))
    return (1 + torch.rand(shape, generator=g)) * 2.0 ** torch.randint(-12, 1, shape, generator=g).float()


def block_module(
    g: torch.Generator, kind: str, n: int, k: int, block: tuple[int, int] | None = None, **scales: int
) -> WeightOnlyLinear:
    return WeightOnlyLinear.from_packed(
        kind, random_fp8_bytes(g, n, k).view(formats.FP8), block_scales(g, kind, n, k, block, **scales), block=block
    )


BLOCK_CASES = [  # (kind, N, K, block): partial edge blocks in N and K, K below one block, non-square blocks
    ("fp8_block", 200, 300, (128, 128)),
    ("fp8_block", 40, 96, (128, 128)),
    ("fp8_block", 72, 80, (48, 32)),
    ("mxfp8", 40, 96, None),
    ("mxfp8", 72, 80, None),
]


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16])
@pytest.mark.parametrize("m", [1, 17])
@pytest.mark.parametrize(("kind", "n", "k", "block"), BLOCK_CASES)
def test_block_kinds_match_dequantised_product(
    kind: str, n: int, k: int, block: tuple[int, int] | None, m: int, dtype: torch.dtype
) -> None:
    g = torch.Generator().manual_seed(m * 1000 + k + n)
    module = block_module(g, kind, n, k, block)
    assert module.dequantized_weight().shape == (n, k)
    x = torch.randn(m, k, generator=g).to(dtype)
    # tiles of one scale block and several tiles per block, the second also swapped
    for block_n, block_k, swap in ((64, 128, False), (32, 16, False), (32, 16, True)):
        module.block_n, module.block_k, module.swap = block_n, block_k, swap
        assert_within_bound(module(x), x, module.dequantized_weight())


@pytest.mark.parametrize("kind", ["fp8_block", "mxfp8"])
def test_block_kinds_split_k(kind: str) -> None:
    """Split boundaries fall inside scale blocks (3 splits of 2 x 32 over K = 300 and bk = 128)."""
    g = torch.Generator().manual_seed(4)
    module = block_module(g, kind, 48, 300)
    w = module.dequantized_weight()
    x = torch.randn(40, 300, generator=g).to(torch.bfloat16)
    for split_k in (2, 3, 5):
        got = weight_only_matmul(
            x, kind, module.weight, module.scale, block_m=16, block_n=32, block_k=32, split_k=split_k
        )
        assert_within_bound(got, x, w)
    assert_within_bound(module(x.view(4, 10, 300)).view(40, 48), x, w)


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")  # the infinite MXFP8 products
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize(("kind", "n", "k", "block"), BLOCK_CASES)
def test_block_kinds_decode_like_formats(
    kind: str, n: int, k: int, block: tuple[int, int] | None, dtype: torch.dtype
) -> None:
    """One-hot rows pick single weights `fl(code · s)`: bitwise `formats.py`'s values, for every E4M3 code
    and, for MXFP8, every E8M0 scale byte but NaN (2^-127 .. 2^127: subnormal and infinite products
    included). A scale taken from a neighbouring block (row or column) changes most of them. An output
    whose weights hold an infinity elsewhere is NaN, as in `x @ dequant(W)^T` (0 · inf): MXFP8 tiles
    decoded whole multiply the weights themselves."""
    g = torch.Generator().manual_seed(n + k)
    module = block_module(g, kind, n, k, block, low=0, high=255)
    ref = module.dequantized_weight()
    if kind == "fp8_block":
        assert torch.equal(
            ref, formats.dequant_fp8_block(module.weight.view(formats.FP8), module.scale, block or (128, 128))
        )
    else:
        assert torch.equal(ref, formats.dequant_mxfp8(module.weight.view(formats.FP8), module.scale))
        assert torch.isinf(ref).any() and ((ref != 0) & (ref.abs() < 2.0**-126)).any()
    infs = torch.isinf(ref).int()
    elsewhere = infs.sum(1, keepdim=True) - infs  # infinite weights of the output's other inputs
    want = torch.where(elsewhere > 0, float("nan"), ref).T.to(dtype)
    for block_k in (128, 16):
        module.block_n, module.block_k = 64, block_k
        torch.testing.assert_close(module(torch.eye(k, dtype=dtype)), want, rtol=0, atol=0, equal_nan=True)


def test_e8m0_every_code() -> None:
    """Weight 1.0 times every E8M0 byte 0..254 gives `formats.e8m0_decode` (2^-127 is a float32 subnormal)."""
    scale = torch.arange(255, dtype=torch.uint8)[:, None]
    module = WeightOnlyLinear.from_packed("mxfp8", torch.ones(255, 32).to(formats.FP8), scale)
    got = module(torch.eye(32))
    assert torch.equal(got, formats.e8m0_decode(scale).T.expand(32, 255))
    assert torch.equal(module.dequantized_weight(), formats.e8m0_decode(scale).expand(255, 32))


def test_from_packed_block_kinds_validate_and_name_the_module() -> None:
    g = torch.Generator().manual_seed(0)
    w = random_fp8_bytes(g, 8, 40).view(formats.FP8)
    s, e8 = torch.ones(1, 1), torch.full((8, 2), 127, dtype=torch.uint8)
    bad = [
        (
            ("fp8_block", w, torch.ones(2, 2)),
            {},
            r"block FP8 128x128 scale must have shape \[1, 1\] for weight "
            r"\[8, 40\], got \[2, 2\]",
        ),
        (("fp8_block", w, torch.ones(2, 2)), {"block": (4, 16)}, r"4x16 scale must have shape \[2, 3\]"),
        (("fp8_block", w, s), {"block": (8, 24)}, "bk a multiple of 16"),
        (("fp8_block", w, s.int()), {}, "scale must be float"),
        (("fp8_block", w, s, e8), {}, "takes no block_scale"),
        (("fp8_block", w.view(torch.int8), s), {}, "float8_e4m3fn"),
        (("mxfp8", w, e8.float()), {}, r"E8M0 bytes \(uint8\), got torch.float32"),
        (
            ("mxfp8", w, e8[:, :1]),
            {},
            r"MXFP8 scale \(one per 32 inputs\) must have shape \[8, 2\] for weight "
            r"\[8, 40\], got \[8, 1\]",
        ),
        (("mxfp8", w, e8), {"block": (128, 128)}, "only block FP8 takes a block shape"),
        (("fp8", w, s.reshape(1)), {"block": (128, 128)}, "only block FP8 takes a block shape"),
    ]
    for args, kwargs, msg in bad:
        with pytest.raises(ValueError, match=rf"^layers\.7\.proj: .*{msg}"):
            WeightOnlyLinear.from_packed(*args, name="layers.7.proj", **kwargs)
    m = WeightOnlyLinear.from_packed("fp8_block", w.view(torch.uint8), s.to(torch.bfloat16))
    assert (m.in_features, m.out_features, m.block) == (40, 8, (128, 128)) and m.scale.dtype == torch.float32
    m = WeightOnlyLinear.from_packed("mxfp8", w, e8)
    assert (m.in_features, m.out_features) == (40, 8) and m.scale.dtype == torch.uint8 and m.block_scale is None
    assert "kind=mxfp8" in repr(m)


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


def any_kind_module(g: torch.Generator, kind: str, n: int, k: int) -> WeightOnlyLinear:
    """A random module of any kind: packed from a dense linear, or over random stored bytes and scales."""
    if kind in ("fp8_block", "mxfp8"):
        return block_module(g, kind, n, k)
    w = torch.randn(n, k, generator=g) * 0.05
    if kind == "nvfp4_ct":  # compressed-tensors stores the reciprocal of ModelOpt's scale_2, and divides
        packed, block, scale_2 = pack_nvfp4(w)
        return WeightOnlyLinear.from_packed(kind, packed, 1.0 / scale_2, block)
    linear = nn.Linear(k, n, bias=False)
    linear.weight.data.copy_(w)
    return WeightOnlyLinear(linear, kind)


@pytest.mark.gpu
@pytest.mark.parametrize("swap", [False, True], ids=["", "swapped"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16])
@pytest.mark.parametrize("m", [1, 16, 64])
@pytest.mark.parametrize("kind", list(weight_only.KINDS))
def test_every_kind_on_cuda(kind: str, m: int, dtype: torch.dtype, swap: bool) -> None:
    """Compiled for the GPU, at the default tiles (split over K for small N), with the hardware E4M3
    conversion on sm_89+, unswapped and swapped: the CPU tests' bound, and one-hot rows give the
    dequantised weights bitwise."""
    g = torch.Generator().manual_seed(m)
    n, k = 200, 320  # partial N and K tiles, and partial 128 x 128 scale blocks
    module = any_kind_module(g, kind, n, k).cuda()
    module.swap = swap
    w = module.dequantized_weight()
    x = torch.randn(m, k, generator=g).to(dtype).cuda()
    assert_within_bound(module(x), x, w)
    assert torch.equal(module(torch.eye(k, dtype=dtype, device="cuda")), w.T.to(dtype))


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


def test_swapped_tiles_need_dot_tiles() -> None:
    x = torch.randn(4, 32)
    weight = torch.zeros(16, 32, dtype=torch.uint8)
    fma = weight_only.Tiles(4, 16, 32, dot=False, swap=True)
    with pytest.raises(ValueError, match=r"swapped tiles multiply by tl.dot \(dot=True\)"):
        weight_only.launch(x, weight_only.DENSE, weight, weight, torch.ones(16), fma)


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
    model = nn.Sequential(
        nn.Linear(32, 32, bias=False),
        nn.Linear(32, 40),
        nn.Linear(40, 16, bias=False),
        nn.Sequential(nn.Linear(16, 16, bias=False)),
    )
    x = torch.randn(2, 3, 32)
    assert swap_weight_only(model, kind, keep=("3.",)) == count
    assert isinstance(model[0], WeightOnlyLinear) and isinstance(model[1], nn.Linear)
    assert isinstance(model[2], WeightOnlyLinear if kind == "fp8" else nn.Linear)  # NVFP4 needs K % 16 == 0
    assert isinstance(model[3][0], nn.Linear)
    with torch.no_grad():
        h = model[0](x)
        assert_within_bound(h.view(6, 32), x.view(6, 32), model[0].dequantized_weight())
        assert model(x).shape == (2, 3, 16)


@pytest.mark.parametrize("split_k", [1, 4])
def test_block_fp8_scales_ahead_are_bitwise_the_loaded_ones(split_k: int) -> None:
    """Block FP8's multipliers loaded before the K loop (`Tiles.scales_ahead`) are the floats the loop loads a K
    tile at a time: the same bits, unsplit and in 4 splits of 3 K tiles of 32 (K = 300, 128-deep scale blocks:
    splits start inside blocks, the last block partial)."""
    g = torch.Generator().manual_seed(5)
    module = block_module(g, "fp8_block", 48, 300)
    x = torch.randn(17, 300, generator=g).to(torch.bfloat16)
    tiles = {"block_m": 16, "block_n": 16, "block_k": 32, "split_k": split_k}
    got = weight_only_matmul(x, "fp8_block", module.weight, module.scale, scales_ahead=True, **tiles)
    assert torch.equal(got, weight_only_matmul(x, "fp8_block", module.weight, module.scale, **tiles))


def test_scales_ahead_need_uniform_block_fp8() -> None:
    g = torch.Generator().manual_seed(6)
    x = torch.randn(2, 80)
    straddled = block_module(g, "fp8_block", 72, 80, (48, 32))  # 32-wide N tiles straddle 48-row scale blocks
    with pytest.raises(ValueError, match=r"scales_ahead needs block FP8 N tiles inside one scale block \(48 rows\)"):
        weight_only_matmul(x, "fp8_block", straddled.weight, straddled.scale, block=(48, 32), block_n=32,
                           scales_ahead=True)  # fmt: skip
    mx = block_module(g, "mxfp8", 72, 80)
    with pytest.raises(ValueError, match="scales_ahead needs .* got kind code 5"):
        weight_only_matmul(x, "mxfp8", mx.weight, mx.scale, scales_ahead=True)
