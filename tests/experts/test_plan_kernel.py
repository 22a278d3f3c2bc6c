"""The one-program plan kernel (Triton's interpreter on CPU) against the torch plan, `ExpertCache.rounds`."""

from __future__ import annotations

import copy

import pytest
import torch

from model.expert_cache import MISSES, ExpertCache

STATE = ("slot_of", "owner", "stamp", "clock", "counters")  # the maps' trailing dummy entries soak up writes


def stacks(e: int) -> dict[str, torch.Tensor]:
    """Stored tensors whose every value names its expert, so a slot's contents say whose they are."""
    ids = torch.arange(e, dtype=torch.float32)
    return {"gate_up_proj": ids[:, None, None].expand(e, 2, 3).clone(), "down_scale": ids[:, None].expand(e, 5).clone()}


@pytest.mark.parametrize(
    ("experts", "slots", "static", "tokens", "top_k", "rate"),
    [(16, 6, (), 1, 3, None), (16, 9, (3, 11), 2, 3, None), (40, 24, (0, 7, 39), 3, 5, None),
     (16, 9, (5,), 2, 2, 0.5), (12, 12, (), 2, 4, None), (8, 8, tuple(range(8)), 1, 3, None)],
)  # fmt: skip
def test_kernel_plans_what_the_torch_rounds_plan(
    experts: int, slots: int, static: tuple[int, ...], tokens: int, top_k: int, rate: float | None
) -> None:
    """Same slot map, LRU stamps, clock, counters and slot contents after every step, and the ids mapped
    to slots holding their experts (forced ones: `e % S`, as the torch plan's lookup)."""
    ours = ExpertCache.of_stacks(stacks(experts), slots, static)
    theirs = copy.deepcopy(ours)
    for cache in (ours, theirs):
        cache.force_hit_rate_for_timing_only(rate)
    g = torch.Generator().manual_seed(experts + slots)
    for i in range(25):
        ids = torch.stack([torch.randperm(experts, generator=g)[:top_k] for _ in range(tokens)])
        need = torch.zeros(experts, dtype=torch.bool).index_fill_(0, ids.reshape(-1), True)
        ((_, lookup),) = theirs.rounds(need, ids.numel())
        assert torch.equal(ours.slot_ids(ids), lookup[ids]), i
        for name in STATE:
            mine, want = getattr(ours, name), getattr(theirs, name)
            if name in ("slot_of", "owner", "stamp"):
                mine, want = mine[:-1], want[:-1]
            assert torch.equal(mine, want), (i, name)
        for name, held in ours.slot_tensors().items():
            assert torch.equal(held, theirs.slot_tensors()[name]), (i, name)
    assert (ours.counters[MISSES] > 0) == (len(static) < slots)  # all static: nothing to copy
