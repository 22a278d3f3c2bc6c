"""One round's expert-cache plan in one program: the slot map, LRU victims, counters and the remapped ids.

`model/expert_cache.py`'s torch plan (`ExpertCache.rounds`) is about sixty small tensor ops a round
(masks, two sorts, scatters, sums), each its own launch: under a CUDA graph at 2-4 us a launch they cost
~250 us a layer where the fused MoE itself takes ~18 at one token. So the CUDA path's plan of a round
(`Experts.kernel_operands`) is this one kernel, one program, with the torch plan's exact decisions: the
round's experts (with several rounds, the r-th `S - R` of the step's dynamic experts in ascending expert
id, and the static ones in round 0) are hits where a slot holds them, the misses (ascending expert id) take
the slots no member holds and no static expert owns in ascending (stamp, slot) order, the copy pairs
are written as `(host row, slot)` with `(-1, S)` after the last miss, the counters and clock advance,
and the routing ids come back as slot ids (-1 for pairs of other rounds). `force_hit_rate_for_timing_only`'s
draw is the same hash; its share is read from the device (`rate`, a float32 scalar), so a CUDA graph captured
with forcing on replays whatever share the cache holds now.

Most decode rounds at a high hit rate miss nothing, so the kernel counts the misses first and only a
round with some looks at the slots: up to `PICK_MAX` misses take the smallest LRU key that many times
(O(misses x S), in registers), more (a prefill round) rank every slot against every slot in chunks of
`RANK_CHUNK` (O(S^2)); both give the same victims, the keys being unique. A decode step's pairs (up to
`TILE` pairs x experts) are compared against the experts in registers and remapped from them with
`tl.gather`, so an all-hit decode round is one wave of independent loads (ids, slot map, clock,
counters), a few reductions and the stores; more pairs are scattered into the members mask a chunk of
`PAIR_CHUNK` at a time and remapped from the slot map after the writes.

Phases touch memory that other threads of the program wrote, so they are separated by barriers: the
members mask is written before the slot keys read it, every read of the state is done before any write
(but the hits' stamps, which no read looks at: a hit's slot is protected), and an untiled remap reads
the slot map after the writes.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from model.kernels.codes import add, interpreted, maximum, minimum, pdl_launch, wait_for_inputs

RANK_CHUNK = 64  # slots compared against all slots at once when ranking them (the kernel's CHUNK)
PICK_MAX = 16  # misses picked one minimum at a time (~0.1 us a pass of 128 slots), above it ranked (~3 us)
TAKEN = tl.constexpr(2**63 - 1)  # a picked slot's key: above every slot key (PROTECTED x S_BLOCK + slot)
PAIR_CHUNK = 1024  # routing pairs read at once (the kernel's P_BLOCK): a prefill's 20,480 would spill
TILE = 8192  # pairs x experts compared in registers at most (one token's 16 padded pairs over 512 experts)


@triton.jit
def _slot_keys(s, num_slots, num_static, owner, members, stamp, S_BLOCK: tl.constexpr, PROTECTED: tl.constexpr):
    """The LRU key of the slots `s`: `stamp + 1` (empty: 0) then the slot, unique, ascending in eviction
    order; a slot a member holds (a hit), a static one or one past the end is protected."""
    live = s < num_slots
    held_by = tl.load(owner + s, mask=live, other=-1)
    busy = tl.load(members + held_by, mask=live & (held_by >= 0), other=0) != 0
    key = tl.where(busy | (s < num_static) | ~live, PROTECTED, tl.load(stamp + s, mask=live, other=-1) + 1)
    return key * S_BLOCK + s


@triton.jit
def _picked(key, s, rank, missed, E_BLOCK: tl.constexpr, S_BLOCK: tl.constexpr):
    """Each miss's victim slot (`[E_BLOCK]`, by `rank`, the miss's place in ascending expert id): the
    `rank`-th smallest of the unique `key`s of the slots `s`, found by taking the smallest `missed` times."""
    victim = tl.full([E_BLOCK], 0, tl.int64)
    for j in range(0, missed):
        slot = tl.reduce(key, 0, minimum) % S_BLOCK  # a key ends in its slot
        victim = tl.where(rank == j, slot, victim)
        key = tl.where(s == slot, TAKEN, key)
    return victim


@triton.jit(do_not_specialize=["pairs", "cap", "this_round"])
def _plan_kernel(
    ids,
    pairs,
    members,
    host_row,
    slot_of,
    owner,
    stamp,
    clock,
    counters,
    slot_ids,
    sources,
    targets,
    num_experts,
    num_slots,
    num_static,
    cap,
    expert_bytes,
    rate,
    this_round,
    E_BLOCK: tl.constexpr,
    S_BLOCK: tl.constexpr,
    P_BLOCK: tl.constexpr,
    CHUNK: tl.constexpr,
    PROTECTED: tl.constexpr,
    FORCED: tl.constexpr,
    ROUNDED: tl.constexpr,
    PICK_MAX: tl.constexpr,
    TILED: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)  # the router's ids (or the previous round's GEMMs, done with the slots)
    e = tl.arange(0, E_BLOCK)
    live_e = e < num_experts
    if TILED:  # a decode step's pairs in one tile: which experts they name, compared in registers
        p = tl.arange(0, P_BLOCK)
        live_p = p < pairs
        chosen = tl.load(ids + p, mask=live_p, other=-1).to(tl.int32)  # -1 names no expert
        member = tl.reduce((chosen[:, None] == e[None, :]).to(tl.int32), 0, maximum) != 0
    else:  # many pairs, a chunk at a time: scattered into the members mask
        tl.store(members + e, tl.full([E_BLOCK], 0, tl.int8), mask=live_e)
        tl.debug_barrier()
        for p0 in range(0, pairs, P_BLOCK):
            p = p0 + tl.arange(0, P_BLOCK)
            live_p = p < pairs
            chosen = tl.load(ids + p, mask=live_p, other=0)
            tl.store(members + chosen, tl.full([P_BLOCK], 1, tl.int8), mask=live_p)
        tl.debug_barrier()
        member = tl.load(members + e, mask=live_e, other=0) != 0
    # reads: the members, the maps, stamps, clock and counters as the step (or round) found them
    if ROUNDED:  # `ExpertCache.rounds`: this round's share of the dynamic members in ascending expert id, at
        # most one per dynamic slot, and the static members in round 0
        static = tl.load(host_row + e, mask=live_e, other=0) < 0
        place = tl.associative_scan((member & ~static).to(tl.int32), 0, add) - 1
        member = member & (tl.where(static, 0, place // (num_slots - num_static)) == this_round)
        tl.debug_barrier()  # every thread has read the scattered members
    if ROUNDED or TILED:  # what `_slot_keys` (after a barrier) and an untiled remap read
        tl.store(members + e, member.to(tl.int8), mask=live_e)
    held = tl.load(slot_of + e, mask=live_e, other=-1)
    hit = member & (held >= 0)
    miss = member & (held < 0)
    now = tl.load(clock)
    if FORCED:  # `expert_cache._draw`: the same integer hash per expert and step
        h = (e.to(tl.int64) * 0x9E3779B1 + now * 0x85EBCA6B) & 0xFFFFFFFF
        h = ((h ^ (h >> 16)) * 0x45D9F3B) & 0xFFFFFFFF
        draw = ((h ^ (h >> 16)) & 0xFFFF).to(tl.float32) / 65536.0
        forced = miss & (draw < tl.load(rate))
        miss = miss & ~forced
        served = tl.reduce(hit.to(tl.int64), 0, add) + tl.reduce(forced.to(tl.int64), 0, add)
    else:
        served = tl.reduce(hit.to(tl.int64), 0, add)
    missed = tl.reduce(miss.to(tl.int64), 0, add)
    hits, misses, copied = tl.load(counters), tl.load(counters + 1), tl.load(counters + 2)
    tl.store(stamp + held, now, mask=hit)  # before the keys are read: they ignore a hit's (its slot is busy)
    s = tl.arange(0, S_BLOCK)
    slot = held  # each expert's slot once the round is resident
    if missed > 0:  # an all-hit round (most decode steps at a high hit rate) picks no victims
        tl.debug_barrier()  # the members stored above
        rank = tl.associative_scan(miss.to(tl.int32), 0, add) - 1  # the miss's place in ascending expert id
        key = _slot_keys(s, num_slots, num_static, owner, members, stamp, S_BLOCK, PROTECTED)
        if missed <= PICK_MAX:  # a few misses: the smallest key `missed` times, O(misses x S)
            victim = _picked(key, s, rank, missed, E_BLOCK, S_BLOCK)
        else:  # many (a prefill round): each slot's place in eviction order, O(S x S) in chunks
            order = tl.full([S_BLOCK], 0, tl.int32)  # the keys below each slot's own
            for c0 in range(0, S_BLOCK, CHUNK):
                other = _slot_keys(c0 + tl.arange(0, CHUNK), num_slots, num_static, owner, members, stamp, S_BLOCK,
                                   PROTECTED)  # fmt: skip
                order += tl.reduce((other[:, None] < key[None, :]).to(tl.int32), 0, add)
            tl.store(targets + order, s.to(tl.int64), mask=order < missed)  # the victims, in order
            tl.debug_barrier()
            victim = tl.load(targets + rank, mask=miss, other=0)
        evicted = tl.load(owner + victim, mask=miss, other=-1)
        host = tl.load(host_row + e, mask=miss, other=-1)
        tl.debug_barrier()
        # the misses' writes, after every read of the state
        tl.store(slot_of + evicted, -1, mask=miss & (evicted >= 0))
        tl.store(slot_of + e, victim, mask=miss)
        tl.store(owner + victim, e.to(tl.int64), mask=miss)
        tl.store(stamp + victim, now, mask=miss)
        tl.store(sources + rank, host, mask=miss)
        tl.store(targets + rank, victim, mask=miss)
        slot = tl.where(miss, victim, slot)
    tl.store(sources + s, -1, mask=(s >= missed) & (s < cap))
    tl.store(targets + s, num_slots, mask=(s >= missed) & (s < cap))
    tl.store(counters, hits + served)
    tl.store(counters + 1, misses + missed)
    tl.store(counters + 2, copied + missed * expert_bytes)
    tl.store(clock, now + 1)
    # the ids as slots; a member still unmapped was forced (timing only): whatever slot `e % S` holds
    if TILED:  # from the registers: no read after the writes
        slot = tl.where(slot >= 0, slot, e % num_slots)
        if ROUNDED:  # pairs of other rounds: -1, which the fused MoE skips
            slot = tl.where(member, slot, -1)
        tl.store(slot_ids + p, tl.gather(slot, tl.maximum(chosen, 0), 0), mask=live_p)
    else:
        tl.debug_barrier()
        for p0 in range(0, pairs, P_BLOCK):
            p = p0 + tl.arange(0, P_BLOCK)
            live_p = p < pairs
            chosen = tl.load(ids + p, mask=live_p, other=0)
            held_now = tl.load(slot_of + chosen, mask=live_p, other=0)
            held_now = tl.where(held_now >= 0, held_now, chosen % num_slots)
            if ROUNDED:
                held_now = tl.where(tl.load(members + chosen, mask=live_p, other=0) != 0, held_now, -1)
            tl.store(slot_ids + p, held_now, mask=live_p)


def plan_round(
    ids: torch.Tensor,
    state: dict[str, torch.Tensor],
    num_static: int,
    cap: int,
    expert_bytes: int,
    forced: bool,
    rounds: tuple[int, int] = (0, 1),
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Plan round `r` of `n` (`rounds`, `n` from `expert_cache.rounds_for`) for the routing `ids [T, k]` over
    the cache `state` (`ExpertCache`'s buffers by name: `step_members`, `host_row`, `slot_of`, `owner`,
    `stamp`, `clock`, `counters`, `forced_share`), updated in place; `cap` copy pairs at most (no fewer than
    the round's misses); with `forced`, `forced_share` of the misses served with no copy (timing only).
    → `(slot_ids [T, k], sources [cap], targets [cap])`: the ids as slots once the pairs' host rows are
    copied in, -1 for pairs of other rounds. CPU tensors run in Triton's interpreter."""
    e, s = state["step_members"].numel(), state["owner"].numel() - 1
    r, n = rounds
    if not 0 <= r < n:
        raise ValueError(f"expert plan: round must lie in [0, {n} rounds), got {r}")
    flat = ids.reshape(-1)
    device = state["slot_of"].device
    if flat.dtype not in (torch.int32, torch.int64) or flat.device != device:
        raise ValueError(f"expert plan: ids must be int32/int64 on {device}, got {ids.dtype} on {ids.device}")
    if not 1 <= cap <= s:
        raise ValueError(f"expert plan: cap must lie in [1, {s} slots], got {cap}")
    slot_ids = torch.empty_like(flat)
    sources = torch.empty(cap, dtype=torch.int64, device=flat.device)
    targets = torch.empty_like(sources)
    if flat.numel() == 0:
        return slot_ids.view(ids.shape), sources.fill_(-1), targets.fill_(s)
    s_block = max(triton.next_power_of_2(s), RANK_CHUNK)
    kernel = _plan_kernel if flat.is_cuda else interpreted(_plan_kernel)
    e_block, p_block = triton.next_power_of_2(e), min(triton.next_power_of_2(flat.numel()), PAIR_CHUNK)
    kernel[(1,)](
        flat, flat.numel(), state["step_members"], state["host_row"], state["slot_of"], state["owner"], state["stamp"],
        state["clock"], state["counters"], slot_ids, sources, targets, e, s, num_static, cap, expert_bytes,
        state["forced_share"], r, E_BLOCK=e_block, S_BLOCK=s_block, P_BLOCK=p_block, CHUNK=RANK_CHUNK,
        PROTECTED=(2**63 - 1) // s_block - 1, FORCED=forced, ROUNDED=n > 1, PICK_MAX=PICK_MAX,
        TILED=flat.numel() <= p_block and p_block * e_block <= TILE, **pdl_launch(flat),
    )  # fmt: skip
    return slot_ids.view(ids.shape), sources, targets
