"""The in-memory random build with host expert banks (`build_random(place_experts=...)`), on CPU: each
expert is made straight into its bank row or static slot, bitwise what offloading the resident build
gives (so the same logprobs); the placement is sized before anything is made, the pinned PLE table
still to come counted as the host's besides the banks, and one that cannot fit is refused in one line
naming the sizes before a weight is made."""

from __future__ import annotations

import pytest
import torch

from model.batch import Chunk, build_batch
from model.expert_placement import ExpertGeometry, ExpertPlacement, ExpertPlacementError, place_experts
from model.moe import Experts
from model.ple import NGramEmbedding
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.engine.expert_memory import ExpertSizing
from qcompile.engine.kv_memory import format_bytes
from qcompile.synthetic import build_random

SLOTS, STATIC = 5, 2
PROMPTS = [[5, 9, 2, 40, 41, 7, 7, 300], [(31 * i) % 500 for i in range(11)]]


def layers(model: torch.nn.Module) -> list[Experts]:
    return [m for m in model.modules() if isinstance(m, Experts)]


def logprobs(model: Qwen4ExpForCausalLM) -> torch.Tensor:
    model.init_state(max_num_seqs=len(PROMPTS), max_model_len=64)
    batch = build_batch([Chunk(i, p, 0) for i, p in enumerate(PROMPTS)], model.trash_slot, "cpu")
    with torch.no_grad():
        return model.compute_logits(model.run(batch)).log_softmax(-1)


class Sized:
    """`moe_expert_cache=SLOTS` on CPU (`ExpertSizing`), the host reporting `host` bytes available; records
    the geometry it was asked to place."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, host: int) -> None:
        monkeypatch.setattr("qcompile.engine.expert_memory.available_host_bytes", lambda: host)
        self.sizing = ExpertSizing(SLOTS, "cpu", 0.9, None)
        self.seen: list[ExpertGeometry] = []

    def __call__(self, geometry: ExpertGeometry) -> ExpertPlacement:
        self.seen.append(geometry)
        return self.sizing(geometry)


def pinned_fp8(place: Sized) -> Qwen4ExpForCausalLM:
    """The tiny preset with block-FP8 experts and its PLE table pinned, as the full preset is built."""
    return build_random("tiny", "float32", "cpu", quant_experts="fp8_block", pinned_ple=True, place_experts=place)


@pytest.mark.parametrize("quant", [None, "fp8_block", "nvfp4"])
def test_experts_made_in_their_homes_equal_the_offloaded_build_bitwise(quant: str | None) -> None:
    def place(g: ExpertGeometry) -> ExpertPlacement:
        layer = g.layers * g.expert_bytes
        return place_experts(g.layers, g.experts, g.expert_bytes, g.top_k, SLOTS * layer, (8 - STATIC) * layer)

    ours = build_random("tiny", "float32", "cpu", quant_experts=quant, place_experts=place)
    theirs = build_random("tiny", "float32", "cpu", quant_experts=quant)
    want = logprobs(theirs)
    for mine, other in zip(layers(ours), layers(theirs), strict=True):
        other.offload(SLOTS, range(STATIC))
        assert not hasattr(mine, "gate_up_proj") and mine.cache.num_static == STATIC
        for name, bank in mine.cache.banks.items():
            assert bank.shape[0] == 8 - STATIC  # no static expert on the host
            assert torch.equal(bank.view(torch.uint8), other.cache.banks[name].view(torch.uint8)), name
        for name, held in mine.cache.slot_tensors().items():
            static = other.cache.slot_tensors()[name][:STATIC]
            assert torch.equal(held[:STATIC].view(torch.uint8), static.view(torch.uint8)), name
    assert torch.equal(logprobs(ours), want)


def test_the_host_pays_the_pinned_ple_table_and_the_banks_each_expert_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The geometry's sizes are what the build then holds: the other weights, one expert's stored bytes
    and the pinned table; the banks hold every expert of every layer once."""
    roomy = Sized(monkeypatch, 1 << 40)
    model = pinned_fp8(roomy)
    (g,) = roomy.seen
    tables = [m.host_table for m in model.modules() if isinstance(m, NGramEmbedding)]
    assert tables and g.host_other_bytes == sum(t.rows.nbytes for t in tables)
    assert g.other_bytes == sum(p.nbytes for p in model.parameters())  # the experts are no parameters now
    caches = [m.cache for m in layers(model)]
    assert len(caches) == g.layers and all(c.expert_bytes == g.expert_bytes for c in caches)
    placement = roomy.sizing.memory.placement
    assert placement.resident == 0 and sum(c.host_bytes() for c in caches) == placement.host_bytes
    assert placement.host_bytes == g.layers * 8 * g.expert_bytes


def test_a_host_short_of_the_banks_keeps_experts_static_then_refuses_before_making_any(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Host for the other weights, the slots (on CPU the host is the device), the table and every bank:
    no static expert; one layer-expert less: one static; so short that fewer than top-2 dynamic slots
    are left: refused in one line naming the table, before the table or an expert is made."""
    roomy = Sized(monkeypatch, 1 << 40)
    pinned_fp8(roomy)
    (g,) = roomy.seen
    layer = g.layers * g.expert_bytes
    exact = g.other_bytes + SLOTS * layer + g.host_other_bytes + 8 * layer
    for short in (0, 1):
        fitted = Sized(monkeypatch, exact - short * layer)
        built = pinned_fp8(fitted)
        assert fitted.sizing.memory.placement.resident == short
        for cache in (m.cache for m in layers(built)):
            assert cache.banks["gate_up_proj"].shape[0] + cache.num_static == 8
    made: list[str] = []
    monkeypatch.setattr("qcompile.synthetic._RandomInit.ple_table", lambda self, m: made.append("table"))
    monkeypatch.setattr("qcompile.synthetic._RandomInit.experts", lambda self, m: made.append("experts"))
    with pytest.raises(ExpertPlacementError) as refused:
        pinned_fp8(Sized(monkeypatch, exact - (SLOTS - 1) * layer))
    said = str(refused.value)
    assert said.startswith("routed experts do not fit: 4 layers x 8 experts") and "\n" not in said
    assert f"the host keeps {format_bytes(g.host_other_bytes)} for other weights (the PLE table)" in said
    assert made == []
