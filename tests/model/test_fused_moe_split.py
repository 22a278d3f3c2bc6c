"""The fused MoE's K splits (`GemmTiles.split_k`) in Triton's interpreter, against the torch path.

A split GEMM computes the same pairs' products as the unsplit one, summed in another float32 order:
each split's K range into its own float32 partial, the partials added in split order where the output
is used (the gate/up product by `_split_act_kernel`, the down GEMM's in the sum kernel). So fp32 experts
meet the torch path within the unsplit kernel's tolerance, kept formats within `moe_error_bound`
(its per-GEMM allowance of 2H + 4 roundings a term covers any order of the H-term sums), and the
result is bitwise the same on every call and in every grouping of the pairs into rounds.
"""

from __future__ import annotations

import dataclasses

import pytest
import torch

pytest.importorskip("triton", reason="the fused MoE kernels need Triton")
from model.kernels.fused_moe import GemmTiles, MoETiles, decode_ahead, default_tiles, fused_moe
from model.kernels.k_loop import k_splits
from tests.model import test_fused_moe_w8a8 as w8a8  # the module: its tests are not collected here again
from tests.model.test_fused_moe import (
    assert_within_moe_bound,
    experts_and_router,
    kept,
    moe_error_bound,
    routed,
    shared_expert,
)


def split_tiles(gate_up: int, down: int, swap: bool = False) -> MoETiles:
    """16-wide K tiles (four gate/up and three down K tiles at H 64, I 48) split as asked."""
    return MoETiles(16, GemmTiles(16, 16, swap=swap, split_k=gate_up), GemmTiles(16, 16, swap=swap, split_k=down))


def test_k_splits_take_whole_k_tiles() -> None:
    assert k_splits(2560, 128, 4) == (4, 640)
    assert k_splits(2560, 128, 8) == (7, 384)  # 20 tiles: 7 splits of 3 (the last 2)
    assert k_splits(640, 64, 1) == (1, 640)
    assert k_splits(40, 16, 5) == (3, 16)  # no more splits than K tiles, the last one partial


@pytest.mark.parametrize(("gate_up", "down"), [(2, 1), (1, 3), (4, 2)])
@pytest.mark.parametrize("tokens", [1, 7])  # 1: the direct path; 7: aligned blocks shared by several pairs
def test_split_matches_torch_reference(tokens: int, gate_up: int, down: int) -> None:
    """fp32 experts with the shared expert folded in (its rows split over K with the routed ones), partial
    K tiles (I 48 over tiles of 16 in three splits, H 40 over four tiles in two)."""
    for hidden, inter in ((64, 48), (40, 24)):
        experts, router = experts_and_router(hidden, inter)
        x, weights, ids = routed(router, tokens)
        s, g, w_s = shared_expert(hidden, inter, tokens, "cpu")
        with torch.no_grad():
            ref = experts.reference(x, weights, ids) + torch.sigmoid(g) * (s @ w_s.T)
            got = fused_moe(
                x, weights, ids, experts.gate_up_proj, experts.down_proj, split_tiles(gate_up, down), shared=(s, g, w_s)
            )
        torch.testing.assert_close(got, ref, atol=2e-6, rtol=2e-6)


@pytest.mark.parametrize("swap", [False, True], ids=["", "swapped"])
@pytest.mark.parametrize(("quant", "block"), [("fp8_block", (16, 16)), ("fp8_block", (24, 32)), ("nvfp4", None)])
def test_split_kept_formats_within_bound(quant: str, block: tuple[int, int] | None, swap: bool) -> None:
    """Codes read in place, both GEMMs split: each split scales its own K tiles (block FP8's multipliers,
    a scale block 32 deep spanning two K tiles of a split) and NVFP4's per-row tensor scale multiplies
    each partial, within the derived bound."""
    experts, router = experts_and_router(64, 48)
    x, weights, ids = routed(router, 6, seed=2)
    packed, ref_experts = kept(experts, quant, block)
    with torch.no_grad():
        ref = ref_experts.reference(x, weights, ids)
        got = fused_moe(
            x, weights, ids, packed.gate_up_proj, packed.down_proj, split_tiles(2, 3, swap), **packed.stored()
        )
    assert_within_moe_bound(got, ref, moe_error_bound(x, weights, ids, ref_experts.gate_up_proj, ref_experts.down_proj))


def test_split_is_bitwise_repeatable_and_the_same_in_rounds() -> None:
    """Two calls give the same bits; so do the same pairs in two rounds (`later`: half the pairs each), whose
    partials land in the same buffers' rows and are summed in the same order."""
    experts, router = experts_and_router(64, 48, top_k=2)
    fp8, _ = kept(experts, "fp8_block")
    x, weights, ids = routed(router, 5, seed=4)
    first = ids.clone()
    first[:, 1] = -1
    second = ids.clone()
    second[:, 0] = -1
    tiles = split_tiles(3, 2)
    w = (fp8.gate_up_proj, fp8.down_proj)
    with torch.no_grad():
        once = fused_moe(x, weights, ids, *w, tiles, **fp8.stored())
        again = fused_moe(x, weights, ids, *w, tiles, **fp8.stored())
        rounds = fused_moe(x, weights, first, *w, tiles, **fp8.stored(), later=[lambda: second])
    assert torch.equal(once, again)
    assert torch.equal(once, rounds)


@pytest.mark.parametrize("tokens", [1, 12])
def test_split_w8a8_matches_its_torch_reference(tokens: int) -> None:
    """FP8 activations: the summed gate/up product is quantised as the unsplit one is (two activation groups of
    H 256, I 160 over K tiles of 32 in splits of 3 and 2 tiles)."""
    tiles = MoETiles(16, GemmTiles(32, 32, split_k=3), GemmTiles(32, 32, split_k=2))
    w8a8.test_w8a8_matches_its_torch_reference(256, 160, tokens, tiles)


def test_bad_tiles_name_the_field() -> None:
    with pytest.raises(ValueError, match="split_k must be a positive int, got 0"):
        GemmTiles(32, 128, split_k=0)
    experts, router = experts_and_router(64, 48)
    x, weights, ids = routed(router, 2)
    ahead = MoETiles(16, GemmTiles(16, 16, scales_ahead=True), GemmTiles(16, 16))
    with pytest.raises(ValueError, match="scales_ahead needs block FP8 N tiles inside one scale block.*quant None"):
        fused_moe(x, weights, ids, experts.gate_up_proj, experts.down_proj, ahead)
    fp8, _ = kept(experts, "fp8_block", (24, 16))  # 16-wide N tiles straddle 24-row scale blocks
    with pytest.raises(ValueError, match=r"scales_ahead needs .* \(24 rows\), got quant 'fp8_block'"):
        fused_moe(x, weights, ids, fp8.gate_up_proj, fp8.down_proj, ahead, **fp8.stored())


@pytest.mark.parametrize("swap", [False, True], ids=["", "swapped"])
@pytest.mark.parametrize(("tokens", "gate_up", "down"), [(1, 1, 1), (7, 2, 3)])
def test_scales_ahead_are_bitwise_the_loaded_ones(tokens: int, gate_up: int, down: int, swap: bool) -> None:
    """Block FP8's multipliers loaded before the K loop (`GemmTiles.scales_ahead`) are the same floats the loop
    loads a K tile at a time: the same bits, unsplit and split (scale blocks 32 deep over K tiles of 16: 4
    gate/up tiles in 2 splits of one block each, 3 down tiles in 3 splits, the second starting inside a block)."""
    experts, router = experts_and_router(64, 48)
    fp8, _ = kept(experts, "fp8_block", (16, 32))
    x, weights, ids = routed(router, tokens, seed=5)
    w = (fp8.gate_up_proj, fp8.down_proj)
    tiles = split_tiles(gate_up, down, swap)
    ahead = dataclasses.replace(
        tiles,
        gate_up=dataclasses.replace(tiles.gate_up, scales_ahead=True),
        down=dataclasses.replace(tiles.down, scales_ahead=True),
    )
    with torch.no_grad():
        got = fused_moe(x, weights, ids, *w, ahead, **fp8.stored())
        assert torch.equal(got, fused_moe(x, weights, ids, *w, tiles, **fp8.stored()))


@pytest.mark.parametrize(("tokens", "ahead"), [(1, True), (8, False)])
def test_only_one_token_loads_its_multipliers_ahead(tokens: int, ahead: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default tiles load block FP8's multipliers ahead for one token only: 8 tokens over the full preset's
    512 experts also leave under one pair an expert, and there it cost 6-7% on the H100 (here 8 tokens of top-2
    over 64 experts, 0.25 an expert)."""
    from model.kernels import fused_moe as module

    chosen: list[MoETiles] = []

    def recorded(*args: object, **kwargs: object) -> MoETiles:
        chosen.append(default_tiles(*args, **kwargs))  # type: ignore[arg-type]
        return chosen[-1]

    monkeypatch.setattr(module, "default_tiles", recorded)
    experts, router = experts_and_router(64, 96, num_experts=64)  # I 96: the up rows start in a 128-row block
    fp8, _ = kept(experts, "fp8_block", (128, 32))
    x, weights, ids = routed(router, tokens)
    with torch.no_grad():
        fused_moe(x, weights, ids, fp8.gate_up_proj, fp8.down_proj, **fp8.stored())
    assert chosen[-1].gate_up.scales_ahead == chosen[-1].down.scales_ahead == ahead  # (decode_ahead asks too)


def test_activation_scales_ahead_are_bitwise_the_loaded_ones() -> None:
    """FP8 activations (w8a8): each row's group scales loaded before the K loop with the multipliers
    (`GemmTiles.scales_ahead`) give the bits of the loop's own loads; two activation groups of H 256 and I 160
    (the last partial), the gate/up GEMM unsplit (as at prefill), the down GEMM split (5 K tiles of 32 in 3 + 2,
    the second split starting inside a group)."""
    experts, router = experts_and_router(256, 160)
    fp8, _ = kept(experts, "fp8_block", (32, 32))
    x, weights, ids = routed(router, 12, seed=6)
    w = (fp8.gate_up_proj, fp8.down_proj)
    tiles = MoETiles(16, GemmTiles(32, 32), GemmTiles(32, 32, split_k=2))
    ahead = dataclasses.replace(
        tiles,
        gate_up=dataclasses.replace(tiles.gate_up, scales_ahead=True),
        down=dataclasses.replace(tiles.down, scales_ahead=True),
    )
    with torch.no_grad():
        got = fused_moe(x, weights, ids, *w, ahead, **fp8.stored(), fp8_activations=True)
        assert torch.equal(got, fused_moe(x, weights, ids, *w, tiles, **fp8.stored(), fp8_activations=True))


def test_one_token_block_fp8_loads_its_multipliers_ahead_by_default() -> None:
    """The default one-token tiles load block FP8's multipliers ahead where every N tile lies in one scale
    block (128-row blocks, the up rows at 640 or 96), not at 8 tokens' pairs, not for other formats or for
    scale blocks narrower than a tile (16 rows), whose multipliers change inside a tile."""
    assert decode_ahead(1, "fp8_block", (128, 128), 640) and decode_ahead(1, "fp8_block", (128, 128), 96)
    assert not decode_ahead(1, "fp8_block", (16, 128), 640) and not decode_ahead(1, "fp8_block", (128, 128), 48)
    assert not any(decode_ahead(1, q, (128, 128), 640) for q in (None, "mxfp8", "nvfp4"))
    one, eight = default_tiles(1.0, "fp8_block", ahead=True), default_tiles(80 / 76, "fp8_block", ahead=True)
    assert one.gate_up.scales_ahead and one.down.scales_ahead
    assert not eight.gate_up.scales_ahead and dataclasses.replace(one, gate_up=eight.gate_up, down=eight.down) == eight
    assert not default_tiles(1.0, "fp8_block").gate_up.scales_ahead


def test_a_few_tokens_of_block_fp8_take_wide_decode_tiles() -> None:
    """Under one pair an expert, block FP8 without one token's multipliers ahead streams twice as wide N tiles
    (the H100 sweep at 8 tokens of the full preset: 149.1 us from 164.0); the other formats and dense experts
    keep the one-token widths, which no sweep has weighed against these."""
    few = default_tiles(80 / 512, "fp8_block")
    assert (few.block_m, few.gate_up.block_n, few.down.block_n, few.down.block_k) == (16, 64, 128, 128)
    for quant in (None, "mxfp8", "nvfp4"):
        tiles = default_tiles(80 / 512, quant)
        assert (tiles.gate_up.block_n, tiles.down.block_n) == (32, 64), quant
