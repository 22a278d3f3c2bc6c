"""The one-program plan kernel (Triton's interpreter on CPU) against the torch plan, `ExpertCache.rounds`."""

from __future__ import annotations

import copy

import pytest
import torch

from model import expert_cache
from model.expert_cache import MISSES, ExpertCache
from model.kernels import expert_plan

STATE = ("slot_of", "owner", "stamp", "clock", "counters")  # the maps' trailing dummy entries soak up writes


def stacks(e: int) -> dict[str, torch.Tensor]:
    """Stored tensors whose every value names its expert, so a slot's contents say whose they are."""
    ids = torch.arange(e, dtype=torch.float32)
    return {"gate_up_proj": ids[:, None, None].expand(e, 2, 3).clone(), "down_scale": ids[:, None].expand(e, 5).clone()}


PICK = expert_plan.PICK_MAX


@pytest.mark.parametrize(
    ("experts", "slots", "static", "tokens", "top_k", "rate", "rounds", "pick"),
    [(16, 6, (), 1, 3, None, 1, PICK), (16, 9, (3, 11), 2, 3, None, 1, PICK), (40, 24, (0, 7, 39), 3, 5, None, 1, PICK),
     (16, 9, (5,), 2, 2, 0.5, 1, PICK), (12, 12, (), 2, 4, None, 1, PICK), (8, 8, tuple(range(8)), 1, 3, None, 1, PICK),
     (16, 6, (), 3, 3, None, 2, PICK), (40, 10, (0, 7, 39), 4, 5, None, 3, PICK), (16, 5, (5,), 3, 2, 0.5, 2, PICK),
     (9, 3, (), 2, 4, None, 3, PICK), (4, 3, (), 2, 3, None, 2, PICK), (16, 9, (3, 11), 2, 3, None, 1, 1),
     (16, 5, (5,), 3, 2, 0.5, 2, 1)],
)  # fmt: skip
def test_kernel_plans_what_the_torch_rounds_plan(
    experts: int,
    slots: int,
    static: tuple[int, ...],
    tokens: int,
    top_k: int,
    rate: float | None,
    rounds: int,
    pick: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Same slot map, LRU stamps, clock, counters and slot contents after every round of every step (the
    last cases take 2-4 rounds, one of them sometimes empty), and the ids of the round's pairs mapped to
    slots holding their experts (forced ones: `e % S`, as the torch plan's lookup), the others to -1. Pairs
    are read 8 at a time, so the larger steps take several chunks (up to 8 are compared in registers, 8
    over 4 experts once);
    victims picked one at a time up to `pick` misses, ranked beyond."""
    monkeypatch.setattr(expert_plan, "PAIR_CHUNK", 8)
    monkeypatch.setattr(expert_plan, "PICK_MAX", pick)
    ours = ExpertCache.of_stacks(stacks(experts), slots, static)
    theirs = copy.deepcopy(ours)
    for cache in (ours, theirs):
        cache.force_hit_rate_for_timing_only(rate)
    g = torch.Generator().manual_seed(experts + slots)
    for i in range(24 // rounds):  # as many plans whatever the rounds
        ids = torch.stack([torch.randperm(experts, generator=g)[:top_k] for _ in range(tokens)])
        need = torch.zeros(experts, dtype=torch.bool).index_fill_(0, ids.reshape(-1), True)
        count = 0
        for r, (members, lookup) in enumerate(theirs.rounds(need, ids.numel())):
            assert torch.equal(ours.slot_ids(ids, r), torch.where(members[ids], lookup[ids], -1)), (i, r)
            same_state(ours, theirs, (i, r))
            count += 1
        assert count == ours.step_rounds(ids) == rounds
    assert (ours.counters[MISSES] > 0) == (len(static) < slots)  # all static: nothing to copy


def same_state(ours: ExpertCache, theirs: ExpertCache, where: object) -> None:
    """The two caches' maps, stamps, clock, counters and slot contents are equal."""
    for name in STATE:
        mine, want = getattr(ours, name), getattr(theirs, name)
        if name in ("slot_of", "owner", "stamp"):
            mine, want = mine[:-1], want[:-1]
        assert torch.equal(mine, want), (where, name)
    for name, held in ours.slot_tensors().items():
        assert torch.equal(held, theirs.slot_tensors()[name]), (where, name)


def test_the_forced_share_is_read_from_the_device_at_each_plan() -> None:
    """Forcing on at a share of 0 plans what no forcing plans; a share set afterwards (as a bench does
    between replays of graphs captured with forcing on) is what the next plan serves: 1 copies nothing."""
    plain = ExpertCache.of_stacks(stacks(16), 6)
    armed = copy.deepcopy(plain)
    armed.force_hit_rate_for_timing_only(0.0)
    g = torch.Generator().manual_seed(3)
    for i in range(6):
        ids = torch.stack([torch.randperm(16, generator=g)[:3] for _ in range(2)])
        assert torch.equal(armed.slot_ids(ids), plain.slot_ids(ids)), i
        same_state(armed, plain, i)
    assert int(armed.counters[MISSES]) > 0
    armed.forced_share.fill_(1.0)
    missed = int(armed.counters[MISSES])
    for _ in range(4):
        armed.slot_ids(torch.stack([torch.randperm(16, generator=g)[:3] for _ in range(2)]))
    assert int(armed.counters[MISSES]) == missed


# one token's experts a step, and each round's misses in ascending expert id: 24 experts, 10 slots, 2 and 17
# static (8 dynamic slots), so 14 experts take two rounds of 8 dynamic ones
SCRIPT = (
    ((2, 3, 5, 7, 9, 10, 11, 13), [(3, 5, 7, 9, 10, 11, 13)]),  # into empty slots; 2 is static
    ((2, 3, 5, 7, 9, 10, 11, 13), [()]),  # all hits
    ((3, 5, 7, 9, 10, 11, 13, 20), [(20,)]),  # one miss, into the last empty slot
    ((0, 3, 5, 7, 9, 10, 11, 13), [(0,)]),  # one miss, evicting the one slot no member holds
    ((3, 5, 0, 1, 4, 6, 8, 12), [(1, 4, 6, 8, 12)]),  # misses take every slot the round does not hit
    ((0, 1, 3, 4, 5, 6, 7, 8, 14, 15, 16, 18, 19, 21), [(7,), (14, 15, 16, 18, 19, 21)]),  # two rounds
    ((0, 1, 3, 4, 5, 6, 7, 8, 14, 15, 16, 18, 19, 21), [(1, 3, 4, 5, 6, 8), (14, 15, 16, 18, 19, 21)]),
)


@pytest.mark.parametrize(("pick", "tile"), [(PICK, expert_plan.TILE), (0, expert_plan.TILE), (PICK, 0)])
@pytest.mark.parametrize("rate", [None, 0.5])
def test_scripted_rounds_copy_what_the_torch_plan_copies(
    pick: int, tile: int, rate: float | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All hits, one miss, misses filling every slot the round does not hit, two rounds, static experts:
    after each round the kernel's copy pairs are the torch plan's (its misses in ascending expert id, with
    the host row and the slot each took, then `(-1, S)`), its state the torch plan's. Forced at 0.5,
    some misses are served with no copy, the same ones in both plans (the script's misses are unforced).
    Victims picked (up to `pick` misses) or ranked; the pairs compared in registers, or scattered (`tile` 0)."""
    monkeypatch.setattr(expert_plan, "PICK_MAX", pick)
    monkeypatch.setattr(expert_plan, "TILE", tile)
    pairs = []
    real = expert_cache.copy_rows

    def recorded(tensors: object, sources: torch.Tensor, targets: torch.Tensor) -> None:
        pairs.append((sources.clone(), targets.clone()))
        real(tensors, sources, targets)

    monkeypatch.setattr(expert_cache, "copy_rows", recorded)
    ours = ExpertCache.of_stacks(stacks(24), 10, (2, 17))
    theirs = copy.deepcopy(ours)
    for cache in (ours, theirs):
        cache.force_hit_rate_for_timing_only(rate)
    for i, (experts, missed) in enumerate(SCRIPT):
        ids = torch.tensor([experts])
        need = torch.zeros(24, dtype=torch.bool).index_fill_(0, ids.reshape(-1), True)
        rounds = theirs.rounds(need, ids.numel())
        for r, want_missed in enumerate(missed):
            slot_ids = ours.slot_ids(ids, r)
            members, lookup = next(rounds)
            assert torch.equal(slot_ids, torch.where(members[ids], lookup[ids], -1)), (i, r)
            same_state(ours, theirs, (i, r))
            (sources, targets), (their_sources, their_targets) = pairs[-2:]
            cap = sources.numel()
            assert torch.equal(sources, their_sources[:cap]) and torch.equal(targets, their_targets[:cap]), (i, r)
            assert (their_sources[cap:] == -1).all() and (their_targets[cap:] == 10).all(), (i, r)
            if rate is None:  # forced misses stay on the host: later steps miss them again
                assert torch.equal(sources[sources >= 0], ours.host_row[list(want_missed)]), (i, r)
        assert next(rounds, None) is None
    hits, misses, _ = ours.counters.tolist()
    scripted = sum(len(m) for _, rounds in SCRIPT for m in rounds)
    assert misses == scripted if rate is None else 0 < misses < scripted
    assert hits + misses == sum(len(experts) for experts, _ in SCRIPT)  # a lookup per distinct expert
