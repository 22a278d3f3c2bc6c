"""`ExpertCache` bookkeeping with the torch reference: slot map, LRU order, rounds, counters, refusals."""

from __future__ import annotations

import pytest
import torch

from model.expert_cache import BYTES, HITS, MISSES, ExpertCache, rounds_for

E = 8


def stacks(e: int = E) -> dict[str, torch.Tensor]:
    """Two stored tensors whose every value names its expert, so a slot's contents say whose they are."""
    ids = torch.arange(e, dtype=torch.float32)
    return {"gate_up_proj": ids[:, None, None].expand(e, 4, 3).clone(), "down_proj": ids[:, None].expand(e, 5).clone()}


def need(*experts: int) -> torch.Tensor:
    mask = torch.zeros(E, dtype=torch.bool)
    mask[list(experts)] = True
    return mask


def step(cache: ExpertCache, *experts: int) -> list[tuple[torch.Tensor, torch.Tensor]]:
    return list(cache.rounds(need(*experts), len(experts)))


def check(cache: ExpertCache) -> None:
    """Every expert in at most one slot; map and owners agree; each slot holds its owner's data."""
    e, s = cache.num_experts, cache.num_slots
    owner, slot_of = cache.owner[:s], cache.slot_of[:e]
    held = owner[owner >= 0]
    assert held.unique().numel() == held.numel()
    for expert in range(e):
        slot = int(slot_of[expert])
        assert slot == -1 or int(owner[slot]) == expert
    for slot in range(s):
        if owner[slot] >= 0:
            assert bool((cache.slot_gate_up_proj[slot] == owner[slot]).all())
            assert bool((cache.slot_down_proj[slot] == owner[slot]).all())


def resident(cache: ExpertCache) -> set[int]:
    return {int(x) for x in cache.owner[: cache.num_slots] if x >= 0}


def test_misses_fill_empty_slots_then_evict_the_least_recently_used() -> None:
    cache = ExpertCache.of_stacks(stacks(), slots=3)
    step(cache, 0, 1)
    step(cache, 2)
    assert resident(cache) == {0, 1, 2}
    step(cache, 1)  # 0 is now the least recently used, then 2
    step(cache, 5)
    assert resident(cache) == {1, 2, 5}
    step(cache, 6)
    assert resident(cache) == {1, 5, 6}
    check(cache)
    assert cache.counters.tolist() == [1, 5, 5 * cache.expert_bytes]


def test_lookup_points_at_slots_holding_the_experts() -> None:
    cache = ExpertCache.of_stacks(stacks(), slots=4)
    for experts in [(3, 7), (7, 1, 2), (0, 5), (6, 4, 3)]:
        ((members, lookup),) = step(cache, *experts)
        assert members.nonzero()[:, 0].tolist() == sorted(experts)
        for expert in experts:
            assert bool((cache.slot_gate_up_proj[lookup[expert]] == expert).all())
        check(cache)


def test_static_experts_stay_and_are_not_on_the_host() -> None:
    cache = ExpertCache.of_stacks(stacks(), slots=4, resident=[6, 2])
    assert cache.banks["gate_up_proj"].shape[0] == E - 2 and cache.dynamic_slots == 2
    assert sorted(cache.banks["down_proj"][:, 0].tolist()) == [0, 1, 3, 4, 5, 7]
    g = torch.Generator().manual_seed(0)
    for _ in range(40):
        experts = torch.randperm(E, generator=g)[:3].tolist()
        for members, lookup in cache.rounds(need(*experts), 3):
            for expert in members.nonzero()[:, 0].tolist():
                assert bool((cache.slot_down_proj[lookup[expert]] == expert).all())
        assert cache.owner[:2].tolist() == [2, 6]
        check(cache)


def test_rounds_cover_a_unit_larger_than_the_slots_in_expert_order() -> None:
    cache = ExpertCache.of_stacks(stacks(), slots=3, resident=[4])
    wanted = (0, 1, 3, 4, 5, 6, 7)
    done: list[int] = []
    count = 0
    for members, lookup in cache.rounds(need(*wanted), len(wanted)):  # a round's slots hold until the next
        count += 1
        experts = members.nonzero()[:, 0].tolist()
        assert len([x for x in experts if x != 4]) <= 2
        for expert in experts:
            assert bool((cache.slot_gate_up_proj[lookup[expert]] == expert).all())
        done += experts
        check(cache)
    assert sorted(done) == list(wanted) and done[:3] == [0, 1, 4]
    assert count == rounds_for(len(wanted), E - 1, 2) == 4  # a bound from sizes: the last round is empty


def test_a_full_round_takes_every_slot_it_does_not_hit() -> None:
    cache = ExpertCache.of_stacks(stacks(), slots=3)
    step(cache, 5, 6, 7)
    assert len(step(cache, 0, 1, 2, 5)) == 2  # rounds {0, 1, 2}, {5}: the first evicts 5, the second fetches it
    assert cache.counters.tolist()[:2] == [0, 3 + 3 + 1] and resident(cache) == {1, 2, 5}


def test_counters_count_lookups_misses_and_bytes() -> None:
    cache = ExpertCache.of_stacks(stacks(), slots=4, resident=[0])
    step(cache, 0, 1)
    step(cache, 1, 2)
    step(cache, 0, 1, 2)
    assert cache.counters[HITS] == 5 and cache.counters[MISSES] == 2
    assert cache.counters[BYTES] == 2 * (12 + 5) * 4


def test_forced_hits_copy_nothing_and_leave_the_map() -> None:
    cache = ExpertCache.of_stacks(stacks(), slots=3)
    step(cache, 0)
    cache.force_hit_rate_for_timing_only(1.0)
    ((_, lookup),) = step(cache, 1, 2)
    assert resident(cache) == {0} and cache.counters.tolist()[:2] == [2, 1]
    assert 0 <= int(lookup[1]) < 3 and 0 <= int(lookup[2]) < 3
    cache.force_hit_rate_for_timing_only(0.5)
    forced = missed = 0
    for i in range(100):
        experts = (3, 4, 5) if i % 2 else (6, 7, 1)
        true_hits, (hits, misses) = len(resident(cache) & set(experts)), cache.counters.tolist()[:2]
        step(cache, *experts)
        forced += cache.counters[HITS].item() - hits - true_hits
        missed += cache.counters[MISSES].item() - misses
        check(cache)
    assert 0.4 < forced / (forced + missed) < 0.6
    cache.force_hit_rate_for_timing_only(None)
    before, absent = cache.counters[MISSES].item(), 3 - len(resident(cache) & {0, 1, 2})
    step(cache, 0, 1, 2)
    assert cache.counters[MISSES].item() - before == absent and resident(cache) == {0, 1, 2}


@pytest.mark.parametrize(
    ("slots", "static", "match"),
    [(2, [0, 1, 5], "slots must lie in"), (9, [], "slots must lie in"), (2, [3, 4], "are all resident"),
     (3, [8], "resident experts must lie")],
)  # fmt: skip
def test_sizes_that_cannot_work_are_refused(slots: int, static: list[int], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        ExpertCache.of_stacks(stacks(), slots=slots, resident=static)


def test_all_static_needs_no_host_and_no_copy() -> None:
    cache = ExpertCache.of_stacks(stacks(), slots=E, resident=range(E))
    assert cache.host_bytes() == 0
    ((members, lookup),) = step(cache, 1, 6)
    assert lookup.tolist() == list(range(E)) and cache.counters.tolist() == [2, 0, 0]
