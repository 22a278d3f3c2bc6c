"""The fused MoE kernels (Triton; interpreted on CPU) against `Experts.reference`, the torch path.

fp32 on CPU: both sides multiply in IEEE float32 and differ only in summation order, so they agree
to float32 rounding of O(1) values. bf16 on CUDA: judged against an fp32 reference of the same
weights, the kernel's error must be no larger than the torch bf16 path's (max and mean).

Quantised experts read in place (block FP8, MXFP8, NVFP4 both conventions) against the torch path
on their dequantised float32 weights, within `moe_error_bound`, derived here (u = 2^-24, float32
everywhere: CPU runs every dot product in IEEE float32). The weights are the same numbers on both
sides (`test_kept_weights_are_the_per_tensor_dequantisation`); only where roundings fall differs.
1. Gate/up pre-activations `z = x · w` over K = H terms. The kernel sums products with the codes
   (times the block scale per K tile for block FP8 / MXFP8, or decoded `e2m1 * e4m3` for NVFP4) and
   applies each remaining scale once to a float32 partial: at most H + 1 roundings per term. The
   torch path rounds each weight `fl(code * scales)` once and then sums: H + 1 as well. Each side is
   within `(H + 2) u S` of the exact value (S = |x| · |w|, slack for second-order terms), so the two
   differ by `δz ≤ (2H + 4) u S`.
2. `act = silu(g) * up`: silu is 1.1-Lipschitz, so the inputs' difference moves act by at most
   `1.1 δg (|up| + δup) + |silu(g)| δup`; each side's own evaluation adds at most `(5 + |g|) u |act|`
   (exp within an ulp of its rounded argument, which CUDA's `2^(g log2 e)` makes |g| u off in
   relative terms; the sum, the division, the product), `(10 + 2|g|) u |act|` for the two.
3. `y = act · w_down` over K = I terms: the act difference carried through `Σ δact |w|`, plus each
   side's own dot within `(I + 2) u Σ |act| |w|`.
4. The routing-weighted sum over k experts: the weighted y differences plus `(2k + 2) u Σ |w_j y_j|`
   (one rounding for each weight product, k - 1 additions, per side).
The bound is evaluated from the float64 values of the reference; a dropped or misplaced scale moves
outputs by a large fraction of their size, far above it (`test_bound_catches_a_dropped_scale`).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import torch

pytest.importorskip("triton", reason="the fused MoE kernels need Triton")
from model.config import Qwen4ExpConfig
from model.kernels import fused_moe as fused_moe_module
from model.kernels.fused_moe import GemmTiles, MoETiles, align, default_tiles, fused_moe
from model.moe import Experts, Router
from model.presets import preset_config
from model.quant import formats

SMALL = MoETiles(16, GemmTiles(16, 16), GemmTiles(16, 32))  # several N and K tiles even at tiny sizes
SMALL_SWAPPED = MoETiles(16, GemmTiles(16, 16, swap=True), GemmTiles(16, 32, swap=True))  # weights first
GPU_SWAPPED = MoETiles(64, GemmTiles(64, 64, swap=True), GemmTiles(64, 64, swap=True))  # wgmma's 64 weight rows


def experts_and_router(
    hidden: int = 64,
    inter: int = 32,
    num_experts: int = 8,
    top_k: int = 2,
    device: str = "cpu",
    dtype: torch.dtype = torch.float32,
) -> tuple[Experts, Router]:
    raw = preset_config("tiny") | {
        "hidden_size": hidden,
        "moe_intermediate_size": inter,
        "num_experts": num_experts,
        "num_experts_per_tok": top_k,
    }
    cfg = Qwen4ExpConfig.from_dict(raw)
    experts, router = Experts(cfg), Router(cfg)
    g = torch.Generator().manual_seed(hidden + inter + num_experts + top_k)
    with torch.no_grad():
        for module in (experts, router):
            for p in module.parameters():
                p.copy_(torch.randn(p.shape, generator=g) * p.shape[-1] ** -0.5)
    return experts.to(device, dtype).eval(), router.to(device, dtype).eval()


def routed(router: Router, tokens: int, seed: int = 0) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    w = router.weight
    x = torch.randn(tokens, w.shape[1], generator=torch.Generator().manual_seed(seed)).to(w.device, w.dtype)
    weights, ids = router(x)
    return x, weights, ids


@pytest.mark.parametrize(
    ("tokens", "top_k", "num_experts", "block_m", "chunk_elements"),
    [
        (1, 2, 8, 16, 8192),  # one token: one block per chosen expert
        (40, 2, 8, 16, 8192),  # 80 pairs on 8 experts: several full blocks per expert
        (30, 3, 16, 16, 256),  # 90 pairs in six align chunks of 16 (the per-chunk count table)
        (50, 3, 12, 16, 256),  # 12 experts in a 16-wide table: its last 4 columns are never written
        (120, 3, 16, 16, 256),  # 23 chunks: the running totals take two steps of 16 chunks
        (7, 4, 16, 32, 8192),
    ],
)
def test_align_groups_pairs_by_expert(
    tokens: int, top_k: int, num_experts: int, block_m: int, chunk_elements: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fused_moe_module, "ALIGN_CHUNK_ELEMENTS", chunk_elements)
    ids = torch.stack(
        [torch.randperm(num_experts, generator=torch.Generator().manual_seed(t))[:top_k] for t in range(tokens)]
    )
    pairs = tokens * top_k
    sorted_pairs, block_expert = align(ids, num_experts, block_m)
    flat = ids.reshape(-1)
    counts = torch.bincount(flat, minlength=num_experts)
    used = int((-(-counts // block_m)).sum())
    assert block_expert.numel() == -(-pairs // block_m) + min(num_experts, pairs)
    assert torch.equal(block_expert[used:], torch.full_like(block_expert[used:], num_experts))
    expect_blocks = torch.repeat_interleave(torch.arange(num_experts), -(-counts // block_m))
    assert torch.equal(block_expert[:used].long(), expect_blocks)
    slots = sorted_pairs[: used * block_m].view(used, block_m).long()
    live = slots < pairs
    assert torch.equal(slots[~live], torch.full_like(slots[~live], pairs))
    assert torch.equal(slots[live].sort().values, torch.arange(pairs))  # every pair exactly once
    assert torch.equal(flat[slots[live]], block_expert[:used].long()[:, None].expand_as(slots)[live])
    for e in range(num_experts):  # a pair keeps its flat order within its expert, padding at the end
        mine = slots[block_expert[:used] == e].reshape(-1)
        assert torch.equal(mine[: counts[e]], (flat == e).nonzero().reshape(-1))


@pytest.mark.parametrize("tiles", [SMALL, SMALL_SWAPPED], ids=["", "swapped"])
@pytest.mark.parametrize(("hidden", "inter"), [(64, 32), (40, 24)])  # (40, 24): partial N and K tiles
@pytest.mark.parametrize("tokens", [1, 5, 40])  # 1: batch 1; 5 and 40 tokens share experts
def test_kernel_matches_torch_reference(tokens: int, hidden: int, inter: int, tiles: MoETiles) -> None:
    experts, router = experts_and_router(hidden, inter)
    x, weights, ids = routed(router, tokens)
    with torch.no_grad():
        ref = experts.reference(x, weights, ids)
        buffer = torch.full_like(x, float("nan"))  # a caller's output buffer: every row is written
        got = fused_moe(x, weights, ids, experts.gate_up_proj, experts.down_proj, tiles, out=buffer)
    assert got is buffer and float(ref.abs().max()) > 0.3
    torch.testing.assert_close(got, ref, atol=2e-6, rtol=2e-6)


@pytest.mark.parametrize(("tokens", "block_m"), [(1, 16), (40, 32), (200, 64)])  # 2, 10 and 50 pairs per expert
def test_default_tiles_match_torch_reference(tokens: int, block_m: int) -> None:
    experts, router = experts_and_router()
    x, weights, ids = routed(router, tokens, seed=1)
    assert default_tiles(ids.numel() / 8).block_m == block_m
    with torch.no_grad():
        ref = experts.reference(x, weights, ids)
        got = fused_moe(x, weights, ids, experts.gate_up_proj, experts.down_proj)
    torch.testing.assert_close(got, ref, atol=2e-6, rtol=2e-6)


def shared_expert(hidden: int, inter: int, tokens: int, device: str) -> tuple[torch.Tensor, ...]:
    """A shared expert's activation `s [T, I]`, gate logits `g [T, 1]` (a column of a wider tensor, as
    the merged MoE-input GEMM leaves it) and down projection `W_s [H, I]`."""
    g = torch.Generator().manual_seed(9)
    s, logits, w_s = (torch.randn(shape, generator=g) for shape in ((tokens, inter), (tokens, 3), (hidden, inter)))
    return s.to(device), logits.to(device)[:, 1:2], (w_s * inter**-0.5).to(device)


@pytest.mark.parametrize("tiles", [None, SMALL_SWAPPED], ids=["", "swapped"])
@pytest.mark.parametrize("tokens", [1, 5, 40])
@pytest.mark.parametrize("form", ["shared", "shared_out"])
def test_shared_expert_joins_the_sum(tokens: int, form: str, tiles: MoETiles | None, device: str = "cpu") -> None:
    """Any token count: the gated shared expert, as more row blocks of the down kernel (`shared`) or
    as its output (`shared_out`), joins the float32 sum before its one rounding (fp32 against float64)."""
    experts, router = experts_and_router(64, 32, num_experts=8, top_k=2, device=device)
    x, weights, ids = routed(router, tokens, seed=3)
    s, g, w_s = shared_expert(64, 32, tokens, device)
    y = s @ w_s.T
    with torch.no_grad():
        routed_sum = copy.deepcopy(experts).double().reference(x.double(), weights.double(), ids)
        exact = routed_sum + torch.sigmoid(g.double()) * (s.double() @ w_s.double().T)
        arg = {"shared": (s, g, w_s), "shared_out": (y, g)}[form]
        got = fused_moe(x, weights, ids, experts.gate_up_proj, experts.down_proj, tiles, **{form: arg})
    torch.testing.assert_close(got.double(), exact, atol=2e-6, rtol=2e-6)


def test_bad_shared_expert_names_the_tensor() -> None:
    experts, router = experts_and_router(64, 32)
    x, weights, ids = routed(router, 3)
    s, g, w_s = shared_expert(64, 32, 3, "cpu")
    w = (experts.gate_up_proj.detach(), experts.down_proj.detach())
    with pytest.raises(
        ValueError, match=r"shared_out y must be torch.float32 \[3, 64\] on cpu, got torch.float32 \[3, 32\]"
    ):
        fused_moe(x, weights, ids, *w, shared_out=(s, g))
    with pytest.raises(
        ValueError, match=r"shared W_s must be torch.float32 \[64, 32\] .* got torch.float32 \[64, 16\]"
    ):
        fused_moe(x, weights, ids, *w, shared=(s, g, w_s[:, :16]))
    with pytest.raises(ValueError, match=r"shared g must be torch.float32 \[3, 1\] .* got torch.bfloat16"):
        fused_moe(x, weights, ids, *w, shared=(s, g.bfloat16(), w_s))
    with pytest.raises(ValueError, match="shared W_s must be contiguous"):
        fused_moe(x, weights, ids, *w, shared=(s, g, w_s.T.contiguous().T))
    fp8, _ = kept(experts, "fp8_block")
    with pytest.raises(ValueError, match="shared folds beside dense experts only .* got quant 'fp8_block'"):
        fused_moe(x, weights, ids, fp8.gate_up_proj, fp8.down_proj, **fp8.stored(), shared=(s, g, w_s))
    with pytest.raises(ValueError, match="give one"):
        fused_moe(x, weights, ids, *w, shared=(s, g, w_s), shared_out=(s @ w_s.T, g))


U = 2.0**-24
BLOCKS = {"fp8_block": (16, 16)}  # tiny blocks: several scale blocks per expert at these sizes


def kept(experts: Experts, quant: str, block: tuple[int, int] | None = None) -> tuple[Experts, Experts]:
    """(`experts` packed in `quant` as a checkpoint stores them, an fp32 dense `Experts` holding exactly
    the weights those codes stand for). "nvfp4_ct" is NVFP4 with the reciprocal per-tensor scales,
    which divide, as compressed-tensors' `global_scale` does."""
    packed = copy.deepcopy(experts)
    block = block or BLOCKS.get(quant, (128, 128))
    packed.pack("nvfp4" if quant == "nvfp4_ct" else quant, block)
    if quant == "nvfp4_ct":
        packed.keep_quantised(
            quant,
            (packed.gate_up_proj.data, packed.gate_up_scale, 1.0 / packed.gate_up_scale_2),
            (packed.down_proj.data, packed.down_scale, 1.0 / packed.down_scale_2),
        )
    ref = copy.deepcopy(experts).float()
    gate_up, down = packed.dense_weights(torch.float32)
    with torch.no_grad():
        ref.gate_up_proj.copy_(gate_up)
        ref.down_proj.copy_(down)
    return packed, ref


def moe_error_bound(
    x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor
) -> torch.Tensor:
    """Per-element bound `[T, H]` on |fused - reference| in float32, steps 1-4 of the module docstring."""
    x, weights = x.detach().double(), weights.detach().double()
    gu, dn = gate_up.detach().double()[ids], down.detach().double()[ids]  # [T, k, 2I, H], [T, k, H, I]
    hidden, inter, top_k = x.shape[1], dn.shape[-1], ids.shape[1]
    g, up = torch.einsum("th,tknh->tkn", x, gu).chunk(2, -1)
    sg, sup = torch.einsum("th,tknh->tkn", x.abs(), gu.abs()).chunk(2, -1)
    dg, dup = (2 * hidden + 4) * U * sg, (2 * hidden + 4) * U * sup
    silu = torch.nn.functional.silu(g)
    act = silu * up
    dact = 1.1 * dg * (up.abs() + dup) + silu.abs() * dup + (10 + 2 * g.abs()) * U * act.abs()
    y = torch.einsum("tki,tkhi->tkh", act, dn)
    dy = torch.einsum("tki,tkhi->tkh", dact, dn.abs())
    dy = dy + (2 * inter + 4) * U * torch.einsum("tki,tkhi->tkh", act.abs() + dact, dn.abs())
    w = weights.abs()[..., None]
    return (w * dy).sum(1) + (2 * top_k + 2) * U * (w * (y.abs() + dy)).sum(1)


def assert_within_moe_bound(got: torch.Tensor, ref: torch.Tensor, bound: torch.Tensor) -> None:
    err = (got.double() - ref.double()).abs()
    assert bool((err <= bound).all()), (
        f"max error {float(err.max()):.3g}, bound there {float(bound.flatten()[err.argmax()]):.3g}"
    )
    # a percent of the values at most: a dropped or mixed-up scale moves them by tens of percent
    assert float(bound.max()) < 1e-2 * float(ref.abs().max())


QUANT_CASES = [("fp8_block", (16, 16)), ("fp8_block", (24, 16)), ("fp8_block", (16, 32)), ("fp8_block", (32, 16))] + [
    (q, None) for q in ("mxfp8", "nvfp4", "nvfp4_ct")
]


@pytest.mark.parametrize("swap", [False, True], ids=["", "swapped"])
@pytest.mark.parametrize(("quant", "block"), QUANT_CASES)
@pytest.mark.parametrize(("hidden", "inter", "tokens"), [(64, 32, 1), (48, 80, 12)])  # (48, 80): partial tiles
def test_quantised_matches_dequantised_reference(
    quant: str, block: tuple[int, int] | None, hidden: int, inter: int, tokens: int, swap: bool
) -> None:
    """Codes read in place against the torch path on the dequantised float32 weights, within the derived
    bound (partial edge blocks and a block-FP8 scale block height that is not a power of two included),
    with the weight tile as the MMA's second operand or, swapped, its first."""
    experts, router = experts_and_router(hidden, inter)
    x, weights, ids = routed(router, tokens, seed=2)
    packed, ref_experts = kept(experts, quant, block)
    tiles = MoETiles(16, GemmTiles(32, 32, swap=swap), GemmTiles(32, 32, swap=swap))
    with torch.no_grad():
        ref = ref_experts.reference(x, weights, ids)
        got = fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, tiles, **packed.stored())
    assert_within_moe_bound(got, ref, moe_error_bound(x, weights, ids, ref_experts.gate_up_proj, ref_experts.down_proj))


@pytest.mark.parametrize(  # the quantised default tiles beyond decode (200: the largest class, 64-row blocks)
    ("quant", "tokens"),
    [(q, 40) for q in ("fp8_block", "mxfp8", "nvfp4", "nvfp4_ct")] + [("fp8_block", 200), ("nvfp4", 200)],
)
def test_quantised_default_tiles_match_dequantised_reference(quant: str, tokens: int) -> None:
    experts, router = experts_and_router()
    x, weights, ids = routed(router, tokens, seed=3)
    assert default_tiles(ids.numel() / 8, "fp8_block") != default_tiles(0, "fp8_block")  # not the decode tiles
    packed, ref_experts = kept(experts, quant)
    with torch.no_grad():
        ref = ref_experts.reference(x, weights, ids)
        got = (
            packed(x, weights, ids)
            if x.is_cuda
            else fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, **packed.stored())
        )
    assert_within_moe_bound(got, ref, moe_error_bound(x, weights, ids, ref_experts.gate_up_proj, ref_experts.down_proj))


def _dropped(quant: str, name: str, t: torch.Tensor) -> torch.Tensor:
    """`t` (scale tensor `name`) as if the kernel ignored it: unit scales, or the gate and up halves of a
    per-row tensor scale swapped (a kernel reading the other half)."""
    if name == "swap":
        return torch.cat(t.chunk(2, dim=1)[::-1], dim=1)
    if t.dtype == torch.uint8:  # E8M0 byte 127 is 1.0, E4M3 byte 0x38 is 1.0
        return torch.full_like(t, 127 if quant == "mxfp8" else 0x38)
    return torch.ones_like(t)


@pytest.mark.parametrize(
    ("quant", "name"),
    [("fp8_block", "gate_up_scale"), ("fp8_block", "down_scale"), ("mxfp8", "gate_up_scale"), ("mxfp8", "down_scale")]
    + [(q, n) for q in ("nvfp4", "nvfp4_ct") for n in ("gate_up_scale", "down_scale_2", "gate_up_scale_2", "swap")],
)
@pytest.mark.filterwarnings("ignore:overflow encountered in exp:RuntimeWarning")  # silu of huge wrong values
def test_bound_catches_a_dropped_scale(quant: str, name: str) -> None:
    """The derived bound fails a kernel that leaves out one scale tensor (or mixes up the gate and up
    rows' NVFP4 tensor scales, which differ: each part has its own `amax`)."""
    experts, router = experts_and_router()
    x, weights, ids = routed(router, 6, seed=5)
    packed, ref_experts = kept(experts, quant)
    args = packed.stored()
    key = "gate_up_scale_2" if name == "swap" else name
    args[key] = _dropped(quant, name, args[key])
    with torch.no_grad():
        ref = ref_experts.reference(x, weights, ids)
        got = fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, SMALL, **args)
    bound = moe_error_bound(x, weights, ids, ref_experts.gate_up_proj, ref_experts.down_proj)
    assert float(((got - ref).abs() / bound).max()) > 10


@pytest.mark.parametrize("swap", [False, True], ids=["", "swapped"])
@pytest.mark.parametrize("tokens", [1, 12])
def test_block_fp8_one_multiplier_per_tile_is_bitwise_the_per_column_one(
    tokens: int, swap: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a block-FP8 N tile lies in one scale block, the kernels load its multiplier once (`uniform_scale`)
    instead of once per column: the same float32 products, so the same bits."""
    experts, router = experts_and_router()  # H 64, I 32
    x, weights, ids = routed(router, tokens, seed=7)
    packed, _ = kept(experts, "fp8_block", (32, 16))
    tiles = MoETiles(16, GemmTiles(16, 16, swap=swap), GemmTiles(32, 32, swap=swap))
    assert fused_moe_module.uniform_scale("fp8_block", 32, 16, 32) and fused_moe_module.uniform_scale(
        "fp8_block", 32, 32
    )
    with torch.no_grad():
        once = fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, tiles, **packed.stored())
        monkeypatch.setattr(fused_moe_module, "uniform_scale", lambda *args: False)
        per_column = fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, tiles, **packed.stored())
    assert torch.equal(once, per_column)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32])
@pytest.mark.parametrize("tokens", [1, 40])
def test_mxfp8_scales_trade_with_the_activations_bit_for_bit(dtype: torch.dtype, tokens: int) -> None:
    """Activations times 2^8 against gate/up scales times 2^-8 is the same product, to the bit, for a
    kernel that keeps MXFP8's weights exact: every rounding commutes with a power of two. Decoded in the
    tile, codes times scales near 2^-21 would round in float16 (the kernel keeps per-group partials
    there), and not in bfloat16 or float32."""
    experts, router = experts_and_router()
    x, weights, ids = routed(router, tokens, seed=6)
    packed, _ = kept(experts, "mxfp8")
    args = packed.stored()
    shifted = dict(args, gate_up_scale=args["gate_up_scale"] - 8)
    assert int(args["gate_up_scale"].min()) > 8  # no scale leaves E8M0's normal range
    x = x.to(dtype)
    assert torch.equal((x * 256) / 256, x)  # exact in float16 too (|x| well below 256)
    with torch.no_grad():
        want = fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, **args)
        got = fused_moe(x * 256, weights, ids, packed.gate_up_proj, packed.down_proj, **shifted)
    assert torch.equal(got, want)


def test_bad_shapes_name_the_tensor() -> None:
    experts, router = experts_and_router()
    x, weights, ids = routed(router, 3)
    gu, dn = experts.gate_up_proj.detach(), experts.down_proj.detach()
    with pytest.raises(ValueError, match="down_proj must be"):
        fused_moe(x, weights, ids, gu, dn[:, :, :-1])
    with pytest.raises(ValueError, match="gate_up_proj must be"):
        fused_moe(x[:, :-1], weights, ids, gu, dn)
    with pytest.raises(ValueError, match="ids and weights"):
        fused_moe(x, weights[:, :1], ids, gu, dn)
    with pytest.raises(ValueError, match="gate_up_proj is torch.float64"):
        fused_moe(x, weights, ids, gu.double(), dn)
    with pytest.raises(ValueError, match="quant must be one of"):
        fused_moe(x, weights, ids, gu, dn, quant="int4")
    fp8, _ = kept(experts, "fp8_block")
    args = fp8.stored()
    with pytest.raises(ValueError, match=r"down_proj's fp8_block scale must be .* \[8, 4, 2\] for block \(16, 16\)"):
        fused_moe(
            x, weights, ids, fp8.gate_up_proj, fp8.down_proj, **(args | {"down_scale": args["down_scale"][:, :1]})
        )
    with pytest.raises(ValueError, match="fp8_block gate_up_proj must be torch.float8_e4m3fn/torch.uint8 codes"):
        fused_moe(x, weights, ids, gu, fp8.down_proj, **args)
    with pytest.raises(ValueError, match="bk a multiple of 16"):
        fused_moe(x, weights, ids, fp8.gate_up_proj, fp8.down_proj, **(args | {"block": (16, 8)}))
    mx, _ = kept(experts, "mxfp8")
    args = mx.stored()
    with pytest.raises(ValueError, match=r"gate_up_proj's mxfp8 scale must be torch.uint8 \[8, 64, 2\]"):
        fused_moe(
            x, weights, ids, mx.gate_up_proj, mx.down_proj, **(args | {"gate_up_scale": args["gate_up_scale"].float()})
        )
    with pytest.raises(ValueError, match="mxfp8 down_proj takes no per-tensor scale_2"):
        fused_moe(x, weights, ids, mx.gate_up_proj, mx.down_proj, **(args | {"down_scale_2": torch.ones(8, 64)}))
    nv, _ = kept(experts, "nvfp4")
    args = nv.stored()
    with pytest.raises(
        ValueError, match=r"down_proj's nvfp4 scale_2 must be float \[8, 64\] \(one per row\), got None"
    ):
        fused_moe(x, weights, ids, nv.gate_up_proj, nv.down_proj, **(args | {"down_scale_2": None}))
    with pytest.raises(ValueError, match=r"nvfp4 down_proj must be \[E=8, H=64, I/2=16\]"):
        fused_moe(x, weights, ids, nv.gate_up_proj, nv.down_proj[:, :, :-1], **args)
    with pytest.raises(ValueError, match=r"nvfp4 gate_up_proj must be torch.uint8 codes \[8, 64, 32\]"):
        fused_moe(x, weights, ids, nv.gate_up_proj.view(torch.float8_e4m3fn), nv.down_proj, **args)


@pytest.mark.gpu
@pytest.mark.parametrize("tokens", [1, 5, 300])
@pytest.mark.parametrize("form", ["shared", "shared_out"])
def test_gpu_shared_expert_joins_the_sum(tokens: int, form: str) -> None:
    test_shared_expert_joins_the_sum(tokens, form, None, device="cuda")
    test_shared_expert_joins_the_sum(tokens, form, GPU_SWAPPED, device="cuda")


def _errors(got: torch.Tensor, ref: torch.Tensor) -> tuple[float, float]:
    err = (got.float() - ref).abs()
    return float(err.max()), float(err.mean())


@pytest.mark.gpu
@pytest.mark.parametrize("tokens", [1, 8, 64, 300, 2048])  # every tile class
def test_gpu_fp32_matches_torch_reference(tokens: int) -> None:
    experts, router = experts_and_router(256, 128, 32, 4, device="cuda")
    x, weights, ids = routed(router, tokens)
    with torch.no_grad():
        ref = experts.reference(x, weights, ids)
        got = experts(x, weights, ids)
    torch.testing.assert_close(got, ref, atol=1e-5, rtol=1e-5)


@pytest.mark.gpu
@pytest.mark.parametrize("tiles", [None, GPU_SWAPPED], ids=["", "swapped"])
@pytest.mark.parametrize("tokens", [1, 8, 64, 300, 2048])
def test_gpu_bf16_is_no_worse_than_torch_bf16(tokens: int, tiles: MoETiles | None) -> None:
    low, router = experts_and_router(256, 128, 32, 4, device="cuda", dtype=torch.bfloat16)
    experts = copy.deepcopy(low).float()  # the fp32 reference of the same (bf16) weights
    xb, wb, ids = routed(router, tokens)
    with torch.no_grad():
        ref = experts.reference(xb.float(), wb.float(), ids)
        ours = _errors(fused_moe(xb, wb, ids, low.gate_up_proj, low.down_proj, tiles), ref)
        torch_bf16 = _errors(low.reference(xb, wb, ids), ref)
    assert ours[0] <= torch_bf16[0] and ours[1] <= torch_bf16[1], f"kernel {ours} vs torch bf16 {torch_bf16}"


@pytest.mark.gpu
@pytest.mark.parametrize("tiles", [None, GPU_SWAPPED], ids=["", "swapped"])
@pytest.mark.parametrize("quant", ["fp8_block", "mxfp8", "nvfp4", "nvfp4_ct"])
@pytest.mark.parametrize("tokens", [1, 8, 64, 300])
def test_gpu_quantised_is_no_worse_than_dequantised_bf16(quant: str, tokens: int, tiles: MoETiles | None) -> None:
    """bf16 activations, codes read in place, against the fp32 path on the weights they stand for: no
    worse than the torch bf16 path on those weights rounded to bf16 (dequantise-at-load)."""
    low, router = experts_and_router(256, 128, 32, 4, device="cuda", dtype=torch.bfloat16)
    packed, ref_experts = kept(low, quant, (128, 128))
    xb, wb, ids = routed(router, tokens)
    with torch.no_grad():
        low.gate_up_proj.copy_(ref_experts.gate_up_proj)
        low.down_proj.copy_(ref_experts.down_proj)
        ref = ref_experts.reference(xb.float(), wb.float(), ids)
        ours = _errors(fused_moe(xb, wb, ids, packed.gate_up_proj, packed.down_proj, tiles, **packed.stored()), ref)
        dequantised = _errors(low.reference(xb, wb, ids), ref)
    assert ours[0] <= dequantised[0] and ours[1] <= dequantised[1], f"{quant} kernel {ours} vs bf16 {dequantised}"


@pytest.mark.gpu
@pytest.mark.parametrize("quant", ["fp8_block", "mxfp8", "nvfp4", "nvfp4_ct"])
@pytest.mark.parametrize("tokens", [1, 64, 300])
def test_gpu_quantised_fp32_within_bound(quant: str, tokens: int) -> None:
    """float32 activations on the GPU (IEEE dot products, no TF32) obey the CPU tests' derived bound."""
    experts, router = experts_and_router(256, 128, 32, 4, device="cuda")
    packed, ref_experts = kept(experts, quant, (128, 128))
    x, weights, ids = routed(router, tokens)
    with torch.no_grad():
        ref = ref_experts.reference(x, weights, ids)
        got = packed(x, weights, ids)
    assert_within_moe_bound(got, ref, moe_error_bound(x, weights, ids, ref_experts.gate_up_proj, ref_experts.down_proj))


@pytest.mark.gpu
@pytest.mark.parametrize("quant", [None, "fp8_block", "mxfp8", "nvfp4"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_gpu_deterministic_and_graph_capturable(dtype: torch.dtype, quant: str | None) -> None:
    experts, router = experts_and_router(256, 128, 32, 4, device="cuda", dtype=dtype)
    if quant is not None:
        experts.pack(quant)
    x, weights, ids = routed(router, 64)
    with torch.no_grad():
        first = experts(x, weights, ids)
        assert torch.equal(experts(x, weights, ids), first)
        stream = torch.cuda.Stream()
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream):
            experts(x, weights, ids)  # compile outside the capture
        torch.cuda.current_stream().wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            captured = experts(x, weights, ids)
        graph.replay()
    torch.cuda.synchronize()
    assert torch.equal(captured, first)


@pytest.mark.parametrize("quant", ["nvfp4", "nvfp4_ct"])
def test_kept_weights_are_the_per_tensor_dequantisation(quant: str) -> None:
    """What the torch path multiplies NVFP4 experts by is, bit for bit, each expert's gate, up and down
    tensor dequantised on its own with its one tensor scale by `formats.py` (as the dequantised load
    does), though the stack holds one per row; the torch path on the kept codes is then bit for bit
    the reference over those weights."""
    experts, router = experts_and_router(64, 32)
    x, weights, ids = routed(router, 5, seed=4)
    packed, ref_experts = kept(experts, quant)
    dequant = formats.dequant_nvfp4 if quant == "nvfp4" else formats.dequant_nvfp4_ct
    assert packed.quant == quant and packed.gate_up_proj.dtype == torch.uint8
    stacks = [  # (codes, block scales, tensor scales, dense weights, rows of each checkpoint tensor)
        (packed.gate_up_proj, packed.gate_up_scale, packed.gate_up_scale_2, ref_experts.gate_up_proj, 32),
        (packed.down_proj, packed.down_scale, packed.down_scale_2, ref_experts.down_proj, 64),
    ]
    for codes, scale, scale_2, dense, rows in stacks:
        for e in range(8):
            for part in range(dense.shape[1] // rows):
                r = slice(part * rows, (part + 1) * rows)
                assert len(set(scale_2[e, r].tolist())) == 1  # one tensor scale per checkpoint tensor
                want = dequant(codes[e, r], scale[e, r].view(formats.FP8), scale_2[e, r][:1])
                assert torch.equal(dense[e, r], want), (e, part)
    assert packed.gate_up_scale_2[0, 0] != packed.gate_up_scale_2[0, 32]  # gate and up scales differ
    with torch.no_grad():
        assert torch.equal(packed.reference(x, weights, ids), ref_experts.reference(x, weights, ids))


def test_keep_quantised_names_the_projection_and_format() -> None:
    experts, _ = experts_and_router()  # E = 8, H = 64, I = 32
    nv, _ = kept(experts, "nvfp4")
    gate_up = (nv.gate_up_proj.data, nv.gate_up_scale, nv.gate_up_scale_2)
    down = (nv.down_proj.data, nv.down_scale, nv.down_scale_2)
    fresh = copy.deepcopy(experts)
    with pytest.raises(ValueError, match="format must be one of"):
        fresh.keep_quantised("int4", gate_up, down)
    with pytest.raises(ValueError, match=r"experts down in nvfp4: expected .* \[8, 64\]\), got .* None\)"):
        fresh.keep_quantised("nvfp4", gate_up, (*down[:2], None))
    with pytest.raises(
        ValueError, match=r"gate_up in nvfp4: expected \(codes, scales, scale_2\) \(\[8, 64, 32\], \[8, 64, 4\]"
    ):
        fresh.keep_quantised("nvfp4", (gate_up[0], gate_up[1][:, :, :1], gate_up[2]), down)
    with pytest.raises(
        ValueError, match="experts gate_up in nvfp4: codes must be torch.uint8, got torch.float8_e4m3fn"
    ):
        fresh.keep_quantised("nvfp4", (gate_up[0].view(formats.FP8), *gate_up[1:]), down)
    with pytest.raises(
        ValueError, match=r"gate_up in mxfp8: expected \(codes, scales, scale_2\) \(\[8, 64, 64\], \[8, 64, 2\], None\)"
    ):
        fresh.keep_quantised("mxfp8", gate_up, down)
    assert fresh.quant is None  # nothing kept after a rejection
    with pytest.raises(ValueError, match=r"NVFP4 experts need K divisible by 16, got \[E, N, K\] \[8, 64, 40\]"):
        experts_and_router(40, 32)[0].pack("nvfp4")
    with pytest.raises(ValueError, match="to pack dense experts, got 'nvfp4_ct'"):
        fresh.pack("nvfp4_ct")


@pytest.mark.slow
@pytest.mark.parametrize("kernel", ["_gate_up_kernel", "_down_kernel"])
def test_kernels_compile_for_the_h200(kernel: str) -> None:
    """Every kind of both GEMMs compiles for sm_90 (bf16 activations, decode tiles) with no GPU here:
    Triton's interpreter runs code the CUDA compiler may reject (it once did: an early `return` in a
    constexpr branch, after which the compiler still generated an FP8 bitcast of bf16 weights)."""
    import triton

    from scripts.experiments.fused_moe_build_check import build

    if not (Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / "ptxas").exists():
        pytest.skip("this Triton build has no ptxas")
    for quant in fused_moe_module.KINDS:
        tiles = default_tiles(1, quant)
        gemm = tiles.gate_up if kernel == "_gate_up_kernel" else tiles.down
        assert build(kernel, quant, tiles.block_m, gemm).asm["cubin"], quant
