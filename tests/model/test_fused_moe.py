"""The fused MoE kernels (Triton; interpreted on CPU) against `Experts.reference`, the torch path.

fp32 on CPU: both sides multiply in IEEE float32 and differ only in summation order, so they agree
to float32 rounding of O(1) values. bf16 on CUDA: judged against an fp32 reference of the same
weights, the kernel's error must be no larger than the torch bf16 path's (max and mean).
"""

from __future__ import annotations

import copy

import pytest
import torch

pytest.importorskip("triton", reason="the fused MoE kernels need Triton")
from model.config import Qwen4ExpConfig
from model.kernels import fused_moe as fused_moe_module
from model.kernels.fused_moe import GemmTiles, MoETiles, align, default_tiles, fused_moe
from model.moe import Experts, Router
from model.presets import preset_config
from model.quant.formats import dequant_fp8_block
from model.quant.pack import pack_fp8_block

SMALL = MoETiles(16, GemmTiles(16, 16), GemmTiles(16, 32))  # several N and K tiles even at tiny sizes


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


@pytest.mark.parametrize(("hidden", "inter"), [(64, 32), (40, 24)])  # (40, 24): partial N and K tiles
@pytest.mark.parametrize("tokens", [1, 5, 40])  # 1: batch 1; 5 and 40 tokens share experts
def test_kernel_matches_torch_reference(tokens: int, hidden: int, inter: int) -> None:
    experts, router = experts_and_router(hidden, inter)
    x, weights, ids = routed(router, tokens)
    with torch.no_grad():
        ref = experts.reference(x, weights, ids)
        got = fused_moe(x, weights, ids, experts.gate_up_proj, experts.down_proj, SMALL)
    assert float(ref.abs().max()) > 0.3
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


def fp8_experts(experts: Experts, block: tuple[int, int]) -> tuple[dict[str, torch.Tensor], Experts]:
    """Block-FP8 codes and scales of `experts` (the kernel's arguments), and an fp32 `Experts` holding
    exactly the weights they stand for."""
    gu, gu_scale = pack_fp8_block(experts.gate_up_proj.detach(), block)
    dn, dn_scale = pack_fp8_block(experts.down_proj.detach(), block)
    ref = copy.deepcopy(experts).float()
    with torch.no_grad():
        ref.gate_up_proj.copy_(dequant_fp8_block(gu, gu_scale, block))
        ref.down_proj.copy_(dequant_fp8_block(dn, dn_scale, block))
    args = {"gate_up_proj": gu, "down_proj": dn, "gate_up_scale": gu_scale, "down_scale": dn_scale, "block": block}
    return args, ref


@pytest.mark.parametrize(("hidden", "inter", "block"), [(64, 32, (16, 16)), (40, 24, (16, 32)), (64, 48, (24, 16))])
@pytest.mark.parametrize("tokens", [1, 12])
def test_block_fp8_matches_dequantised_reference(tokens: int, hidden: int, inter: int, block: tuple[int, int]) -> None:
    """E4M3 codes read in place against the torch path on the dequantised float32 weights: each K tile's
    float32 partial is scaled once, so the two differ only by float32 rounding (partial edge blocks and
    a scale block height that is not a power of two included)."""
    experts, router = experts_and_router(hidden, inter)
    x, weights, ids = routed(router, tokens, seed=2)
    args, ref_experts = fp8_experts(experts, block)
    with torch.no_grad():
        ref = ref_experts.reference(x, weights, ids)
        got = fused_moe(x, weights, ids, tiles=MoETiles(16, GemmTiles(16, 32), GemmTiles(16, 32)), **args)
    torch.testing.assert_close(got, ref, atol=2e-6, rtol=2e-6)


@pytest.mark.parametrize("tokens", [40, 200])  # the block-FP8 default tiles beyond decode
def test_block_fp8_default_tiles_match_dequantised_reference(tokens: int) -> None:
    experts, router = experts_and_router()
    x, weights, ids = routed(router, tokens, seed=3)
    assert default_tiles(ids.numel() / 8, fp8=True) != default_tiles(0, fp8=True)  # not the decode tiles
    args, ref_experts = fp8_experts(experts, (16, 16))
    with torch.no_grad():
        ref = ref_experts.reference(x, weights, ids)
        got = fused_moe(x, weights, ids, **args)
    torch.testing.assert_close(got, ref, atol=2e-6, rtol=2e-6)


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
    args, _ = fp8_experts(experts, (16, 16))
    with pytest.raises(ValueError, match=r"down_proj's block FP8 scale must be \[8, 4, 2\]"):
        fused_moe(x, weights, ids, **(args | {"down_scale": args["down_scale"][:, :1]}))
    with pytest.raises(ValueError, match="block FP8 gate_up_proj must be float8_e4m3fn"):
        fused_moe(x, weights, ids, **(args | {"gate_up_proj": gu}))
    with pytest.raises(ValueError, match="bk a multiple of 16"):
        fused_moe(x, weights, ids, **(args | {"block": (16, 8)}))


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
@pytest.mark.parametrize("tokens", [1, 8, 64, 300, 2048])
def test_gpu_bf16_is_no_worse_than_torch_bf16(tokens: int) -> None:
    low, router = experts_and_router(256, 128, 32, 4, device="cuda", dtype=torch.bfloat16)
    experts = copy.deepcopy(low).float()  # the fp32 reference of the same (bf16) weights
    xb, wb, ids = routed(router, tokens)
    with torch.no_grad():
        ref = experts.reference(xb.float(), wb.float(), ids)
        ours = _errors(low(xb, wb, ids), ref)
        torch_bf16 = _errors(low.reference(xb, wb, ids), ref)
    assert ours[0] <= torch_bf16[0] and ours[1] <= torch_bf16[1], f"kernel {ours} vs torch bf16 {torch_bf16}"


@pytest.mark.gpu
@pytest.mark.parametrize("tokens", [1, 8, 64, 300])
def test_gpu_block_fp8_is_no_worse_than_dequantised_bf16(tokens: int) -> None:
    """bf16 activations, E4M3 weights read in place, against the fp32 path on the weights they stand
    for: no worse than the torch bf16 path on those weights rounded to bf16 (dequantise-at-load)."""
    low, router = experts_and_router(256, 128, 32, 4, device="cuda", dtype=torch.bfloat16)
    args, ref_experts = fp8_experts(low, (128, 128))
    xb, wb, ids = routed(router, tokens)
    with torch.no_grad():
        low.gate_up_proj.copy_(ref_experts.gate_up_proj)
        low.down_proj.copy_(ref_experts.down_proj)
        ref = ref_experts.reference(xb.float(), wb.float(), ids)
        ours = _errors(fused_moe(xb, wb, ids, **args), ref)
        dequantised = _errors(low.reference(xb, wb, ids), ref)
    assert ours[0] <= dequantised[0] and ours[1] <= dequantised[1], f"fp8 kernel {ours} vs bf16 {dequantised}"


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_gpu_deterministic_and_graph_capturable(dtype: torch.dtype) -> None:
    experts, router = experts_and_router(256, 128, 32, 4, device="cuda", dtype=dtype)
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


def test_pack_fp8_block_keeps_exactly_the_quantised_weights() -> None:
    """`Experts.pack_fp8_block` holds the codes and scales `pack_fp8_block` makes; the torch path then
    runs on their dequantisation, bit for bit the reference over those weights."""
    experts, router = experts_and_router(64, 32)
    x, weights, ids = routed(router, 5, seed=4)
    args, ref_experts = fp8_experts(experts, (16, 16))
    experts.pack_fp8_block((16, 16))
    assert experts.gate_up_proj.dtype == torch.float8_e4m3fn and experts.fp8_block == (16, 16)
    assert torch.equal(experts.gate_up_scale, args["gate_up_scale"])
    assert torch.equal(experts.down_scale, args["down_scale"])
    with torch.no_grad():
        assert torch.equal(experts.reference(x, weights, ids), ref_experts.reference(x, weights, ids))
