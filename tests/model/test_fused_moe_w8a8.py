"""The fused MoE's block-FP8 GEMMs with FP8 activations (w8a8, `fused_moe(fp8_activations=True)`), in Triton's
interpreter (which runs FP8 x FP8 `tl.dot`) on small shapes, against a torch reference of the same
quantised operands and against the weight-only path within `fused_moe.W8A8_ERROR`'s bound.

Against the reference: x and each pair's gate/up product are quantised by `pack.pack_fp8_groups`, the same
numbers as the kernel's quantiser (`tests/model/test_act_quant.py`); then the products are those of
`test_fused_moe.py`'s bound, on the dequantised activations and weights (float32 everywhere on the CPU).
"""

from __future__ import annotations

import pytest
import torch

pytest.importorskip("triton", reason="the fused MoE kernels need Triton")
from model import moe as moe_module
from model.kernels.fused_moe import GemmTiles, MoETiles, fused_moe
from model.moe import FP8_ACTIVATION_PAIRS, use_moe_activation_dtype
from model.quant.formats import e4m3_decode
from model.quant.pack import pack_fp8_groups
from tests.model.test_fused_moe import (
    U,
    _errors,
    assert_within_moe_bound,
    experts_and_router,
    kept,
    moe_error_bound,
    routed,
)

TILES = MoETiles(16, GemmTiles(32, 32), GemmTiles(32, 32))  # several N and K tiles at these sizes
SWAPPED = MoETiles(16, GemmTiles(32, 32, swap=True), GemmTiles(32, 32, swap=True))  # weights first


def fp8_groups(x: torch.Tensor) -> torch.Tensor:
    """x as FP8 activations stand for it: `e4m3 · scale` of its 128-input groups, in float32."""
    codes, scale = pack_fp8_groups(x)
    return e4m3_decode(codes) * scale.repeat_interleave(128, dim=-1)[..., : x.shape[-1]]


def w8a8_reference(
    x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor
) -> torch.Tensor:
    """The torch form of the w8a8 experts on dense float32 weights, expert by expert in float64: quantised x,
    each pair's silu product rounded to x's dtype and quantised, the weighted sum in routing order."""
    xq = fp8_groups(x).double()
    y = torch.zeros(*ids.shape, x.shape[1], dtype=torch.float64, device=x.device)
    for e in ids.unique().tolist():
        t, j = (ids == e).nonzero(as_tuple=True)
        g, up = (xq[t] @ gate_up[e].double().T).float().chunk(2, -1)
        act = fp8_groups((torch.nn.functional.silu(g) * up).to(x.dtype)).double()
        y[t, j] = act @ down[e].double().T
    return (weights.double()[..., None] * y).sum(1).to(x.dtype)


@pytest.mark.parametrize(
    ("hidden", "inter", "tokens", "tiles"),
    [(64, 32, 1, TILES), (256, 160, 12, TILES), (160, 96, 30, TILES), (160, 96, 30, SWAPPED)],
)
def test_w8a8_matches_its_torch_reference(hidden: int, inter: int, tokens: int, tiles: MoETiles) -> None:
    """Several activation groups (256 and 160 inputs: a partial last group), partial tiles, one token's
    direct blocks and shared experts' padded ones; the row scales on a swapped accumulator's columns."""
    experts, router = experts_and_router(hidden, inter)
    x, weights, ids = routed(router, tokens, seed=4)
    packed, ref_experts = kept(experts, "fp8_block", (32, 32))
    with torch.no_grad():
        got = fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, tiles, **packed.stored(),
                        fp8_activations=True)  # fmt: skip
        gu, dn = ref_experts.gate_up_proj, ref_experts.down_proj
        ref = w8a8_reference(x, weights, ids, gu, dn)
        # the gate/up products of quantised x, then the down GEMM of quantised products: step 1-4's bound with
        # x and the products as the kernel's operands
        bound = moe_error_bound(fp8_groups(x), weights, ids, gu, dn)
    assert_within_moe_bound(got, ref, bound)


def group_scales(x: torch.Tensor) -> torch.Tensor:
    """Each element's activation scale `amax(|group|) / 448`, expanded to x's shape (float64)."""
    groups = torch.nn.functional.pad(x.abs(), (0, -x.shape[-1] % 128)).unflatten(-1, (-1, 128))
    return (groups.amax(-1) / 448).repeat_interleave(128, dim=-1)[..., : x.shape[-1]]


def w8a8_bound(
    x: torch.Tensor,
    weights: torch.Tensor,
    ids: torch.Tensor,
    gate_up: torch.Tensor,
    down: torch.Tensor,
    unit: float = U,
    mma: float = 0.0,
) -> torch.Tensor:
    """Per-output bound `[T, H]` on |w8a8 - weight-only|, steps 1-4 of `fused_moe`'s module doc (float64, on
    the exact values), plus each path's own float32 bound (`moe_error_bound`). `unit`: the rounding of the
    products and outputs to x's dtype (float32's `U`; bfloat16's 2^-8 for the two sides' 2^-9 each); `mma`:
    the FP8 MMA's own relative error on a sum of quantised products (Hopper's FP8 accumulation keeps fewer
    mantissa bits than float32; none in the interpreter's float32 dot)."""
    xd, w = x.double(), weights.double().abs()[..., None]
    gu, dn = gate_up.double()[ids], down.double()[ids]
    quantised = (2.0**-4 + 2 * mma) * xd.abs() + 2.0**-10 * group_scales(xd)
    g, up = torch.einsum("th,tknh->tkn", xd, gu).chunk(2, -1)
    dg, dup = torch.einsum("th,tknh->tkn", quantised, gu.abs()).chunk(2, -1)
    silu = torch.nn.functional.silu(g)
    act = silu * up
    dact = 1.1 * dg * (up.abs() + dup) + silu.abs() * dup
    dact = dact + unit * (act.abs() + dact)
    h_err = dact + (2.0**-4 + 2 * mma) * (act.abs() + dact) + 2.0**-10 * group_scales(act.abs() + dact)
    dy = torch.einsum("tki,tkhi->tkh", h_err, dn.abs())
    own = moe_error_bound(x, weights, ids, gate_up, down) + moe_error_bound(fp8_groups(x), weights, ids, gate_up, down)
    y = (weights.double()[..., None] * torch.einsum("tki,tkhi->tkh", act, dn)).sum(1)
    outputs = unit * (y.abs() + (w * dy).sum(1)) if unit != U else 0.0  # both sides' rounding to x's dtype
    return (w * dy).sum(1) + own + outputs


@pytest.mark.parametrize(("hidden", "inter", "tokens"), [(256, 160, 12), (160, 96, 30)])
def test_w8a8_within_the_derived_bound_of_weight_only(hidden: int, inter: int, tokens: int) -> None:
    """w8a8 against the weight-only kernel on the same codes: within the bound, and visibly apart (more
    than float32's noise: the activations are quantised)."""
    experts, router = experts_and_router(hidden, inter)
    x, weights, ids = routed(router, tokens, seed=5)
    packed, ref_experts = kept(experts, "fp8_block", (32, 32))
    with torch.no_grad():
        args = (x, weights, ids, packed.gate_up_proj, packed.down_proj, TILES)
        w8a8 = fused_moe(*args, **packed.stored(), fp8_activations=True)
        weight_only = fused_moe(*args, **packed.stored())
        bound = w8a8_bound(x, weights, ids, ref_experts.gate_up_proj, ref_experts.down_proj)
    err = (w8a8.double() - weight_only.double()).abs()
    worst = err.argmax()
    assert bool((err <= bound).all()), f"error {float(err.max()):.3g}, bound {float(bound.flatten()[worst]):.3g}"
    assert float(err.max()) > 1e-3 * float(weight_only.abs().max())


def test_w8a8_refuses_what_it_cannot_run() -> None:
    experts, router = experts_and_router()
    x, weights, ids = routed(router, 4)
    packed, _ = kept(experts, "mxfp8")
    with pytest.raises(ValueError, match="fp8_activations multiply block FP8 weights only, got quant 'mxfp8'"):
        fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, **packed.stored(), fp8_activations=True)
    with pytest.raises(ValueError, match="fp8_activations multiply block FP8 weights only, got quant None"):
        fused_moe(x, weights, ids, experts.gate_up_proj, experts.down_proj, fp8_activations=True)
    fp8, _ = kept(experts, "fp8_block", (16, 16))  # 16-deep scale blocks: K tiles too shallow for an FP8 MMA
    with pytest.raises(ValueError, match="fp8_activations need K tiles of at least 32 .* got 16"):
        fused_moe(x, weights, ids, fp8.gate_up_proj, fp8.down_proj, **fp8.stored(), fp8_activations=True)


@pytest.mark.parametrize("tokens", [4, 4 * FP8_ACTIVATION_PAIRS + 4])  # 1 and 25 pairs an expert (8 experts, top-2)
def test_experts_take_fp8_activations_at_prefill_sizes(tokens: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """`moe_activation_dtype='fp8'` on kept block-FP8 experts: steps beyond `FP8_ACTIVATION_PAIRS` pairs an
    expert are the w8a8 kernel's, bit for bit, smaller ones (decode) the weight-only kernel's."""
    monkeypatch.setattr(moe_module, "use_kernels", lambda t: True)  # the kernels, in Triton's interpreter
    experts, router = experts_and_router()
    x, weights, ids = routed(router, tokens, seed=6)
    packed, _ = kept(experts, "fp8_block", (32, 32))
    use_moe_activation_dtype(packed, "fp8")
    prefill = ids.numel() / 8 > FP8_ACTIVATION_PAIRS
    with torch.no_grad():
        got = packed(x, weights, ids)
        want = fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, **packed.stored(),
                         fp8_activations=prefill)  # fmt: skip
    assert torch.equal(got, want)


def test_fp8_activations_need_block_fp8_experts() -> None:
    experts, _ = experts_and_router()
    with pytest.raises(ValueError, match="moe_activation_dtype='fp8' multiplies block-FP8 experts .* dense weights"):
        experts.use_activation_dtype("fp8")
    packed, _ = kept(experts, "nvfp4")
    model = torch.nn.ModuleDict({"layer0": packed})
    with pytest.raises(ValueError, match="layer0: moe_activation_dtype='fp8' .* these hold nvfp4 codes"):
        use_moe_activation_dtype(model, "fp8")
    with pytest.raises(ValueError, match="moe_activation_dtype='int8': not one of auto, fp8"):
        packed.use_activation_dtype("int8")


HOPPER_FP8_SUM = 2.0**-12  # two 32-deep FP8 MMAs a 64-deep tile, each keeping ~14 bits (DeepSeek-V3, §3.3.2)


@pytest.mark.gpu
@pytest.mark.parametrize("tokens", [8, 300, 2048])  # decode tiles, then 16- and 64-row prefill blocks
def test_gpu_w8a8_is_its_reference_to_bf16_accuracy(tokens: int) -> None:
    """bf16 activations on FP8 tensor cores: on average no further from the torch w8a8 reference of the same
    quantised operands (float64) than the torch bf16 path is from float32 on the dequantised weights (a
    product rounded to bf16 differently may move its E4M3 code, so single outputs can differ more), and
    per output within the derived bound of the weight-only kernel (the first 256 tokens: the bound's
    einsums hold every pair's weights); sm_80/86 refuse, naming the capability."""
    low, router = experts_and_router(256, 128, 32, 4, device="cuda", dtype=torch.bfloat16)
    packed, ref_experts = kept(low, "fp8_block", (128, 128))
    xb, wb, ids = routed(router, tokens)
    args = (xb, wb, ids, packed.gate_up_proj, packed.down_proj)
    with torch.no_grad():
        if torch.cuda.get_device_capability() < (8, 9):
            with pytest.raises(RuntimeError, match="fp8_activations need FP8 tensor cores .* is sm_8"):
                fused_moe(*args, **packed.stored(), fp8_activations=True)
            return
        ours = fused_moe(*args, **packed.stored(), fp8_activations=True)
        weight_only = fused_moe(*args, **packed.stored())
        gu, dn = ref_experts.gate_up_proj, ref_experts.down_proj
        ref = w8a8_reference(xb, wb, ids, gu, dn).float()
        low.gate_up_proj.copy_(gu)
        low.down_proj.copy_(dn)
        bf16 = _errors(low.reference(xb, wb, ids), ref_experts.reference(xb.float(), wb.float(), ids))
        n = min(tokens, 256)
        bound = w8a8_bound(xb[:n], wb[:n], ids[:n], gu, dn, unit=2.0**-8, mma=HOPPER_FP8_SUM)
    got = _errors(ours, ref)
    assert got[1] <= bf16[1], f"w8a8 kernel mean error {got[1]:.3g} vs torch bf16's {bf16[1]:.3g}"
    err = (ours[:n].double() - weight_only[:n].double()).abs()
    assert bool((err <= bound).all()), f"error {float(err.max()):.3g}, bound {float(bound.flatten()[err.argmax()]):.3g}"
