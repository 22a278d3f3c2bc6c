"""Host expert banks: one layer's routed experts in host memory, `S` device slots holding the hot ones.

Layout. `S` device slots per stored tensor (codes, and scales when kept quantised) hold `R` static
experts (slots `[0, R)`, chosen by the caller, never evicted, held only on the device) and a dynamic
cache over the other `E - R` (slots `[R, S)`), whose only full copy is the host bank (pinned on CUDA).
So the host holds exactly the experts the device does not hold for good: a copy in a dynamic slot
duplicates a host row, as any cache must, but the static set is never on the host.

Bookkeeping is tensors on the device, so a step needs no host sync and can be captured in a CUDA
graph: `slot_of [E]` (expert -> slot, -1 when not resident), `owner [S]` (slot -> expert, -1 when
empty), LRU `stamp [S]` and `clock`, per-layer `counters` (lookups served from the slots, misses,
bytes copied), read on the host after a step. Each array has one trailing dummy entry that soaks up
the writes of unused (padded) plan rows, so every plan has a fixed shape.

A unit of work (a decode step's experts, one working-set group of a prefill) needing more distinct
dynamic experts than the dynamic slots runs in rounds of at most `S - R` of them, in ascending expert
id; the caller computes each round's experts while they are resident (`model.moe.Experts`). The round
count is a function of shapes alone (`rounds_for`), so it is static under a graph. On CUDA each round
is `slot_ids`: one plan kernel with `rounds`' decisions and one copy launch sized to the round's
misses at most, where the torch plan's ~60 small ops cost ~250 us a layer under a graph
(docs/measurements.md); the fused MoE runs its gate/up and down kernels per round into one float32
parts buffer before the one sum (`model/kernels/fused_moe.py`'s `later`). A round's copies wait for
the previous round's GEMMs (stream order).

Overlapping a round's miss copies with its hits' GEMMs, designed, not built: the plan would write the
round's ids twice, hits only and misses only (-1 elsewhere, as other rounds' pairs are now), and the layer
would fork the capture stream: the copy on a side stream, the hits' gate/up and down on the main one as a
round of `later`, then, joined, the misses' as the next round into the same parts rows, each pair computed
once by the same kernels (bitwise the resident output only if the aligned kernels a split round takes give
the direct ones' bits for a lone token: to be tested first). Not built because it cannot pay: a miss moves
4.92 MB at ~52 GB/s (~94 us) while one token's ten pairs take ~10 us of GEMMs, so it hides at most ~10 us
of a layer that misses (a 512-token prefill layer: ~1 ms of GEMMs against ~51 ms of copies at hit rate 0),
and a split round adds an alignment and a round of launches to every layer, all-hit ones included. Overlap
that pays would hide copies behind other layers' work, which needs the next layer's routing before it
runs.

A lookup is one distinct expert a round needs: a hit when a slot holds it, else a miss copied from the
host. The policy is LRU, the only one so far (`POLICIES`), to be chosen by measurement against others.
`force_hit_rate_for_timing_only` serves a share of the misses from whatever a slot holds, with no copy:
the hit-rate curve of a step's time, read at the hit rate the counters show for real routing. It makes
the outputs wrong, so no constructor argument or serving flag reaches it (`qcompile bench
--timing-only-forced-hit-rates` does). The share lives on the device (`forced_share`), so CUDA graphs
captured while forcing is on replay with whatever share is set later.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator, Mapping, Sequence

import torch
from torch import nn

from model.host_memory import pinned_empty

log = logging.getLogger(__name__)

POLICIES = ("lru",)
HITS, MISSES, BYTES = 0, 1, 2  # `counters` entries
_PROTECTED = torch.iinfo(torch.int64).max  # the stamp key of slots a round must not evict


def rounds_for(candidates: int, dynamic_experts: int, dynamic_slots: int) -> int:
    """Rounds a unit with at most `candidates` distinct experts takes (≥ 1), from shapes alone."""
    if dynamic_slots == 0:
        return 1
    return max(1, -(-min(candidates, dynamic_experts) // dynamic_slots))


class ExpertCache(nn.Module):
    """One layer's routed experts: host banks, device slots and the slot map (see the module docstring).

    `layout` maps each stored tensor's name (`model.moe.Experts.STORED`) to one expert's shape and dtype;
    the banks (pinned when `pin`, for a CUDA model, exactly their bytes: `model.host_memory`) are allocated
    empty and the slots zeroed on `device`, for a loader to fill each expert where it lives for good
    (`home`), or `of_stacks` to copy.
    `slots` is `S`, `resident` the static experts' ids. Raises ValueError naming the size that does not fit.
    """

    def __init__(
        self,
        layout: Mapping[str, tuple[Sequence[int], torch.dtype]],
        num_experts: int,
        slots: int,
        resident: Sequence[int] = (),
        policy: str = "lru",
        pin: bool = False,
        device: str | torch.device = "cpu",
    ):
        super().__init__()
        if policy not in POLICIES:
            raise ValueError(f"expert cache policy must be one of {list(POLICIES)}, got {policy!r}")
        e = num_experts
        static = sorted(set(resident))
        if static and not 0 <= static[0] <= static[-1] < e:
            raise ValueError(f"expert cache: resident experts must lie in [0, {e}), got {static}")
        if not len(static) <= slots <= e:
            raise ValueError(f"expert cache: slots must lie in [{len(static)} resident, {e} experts], got {slots}")
        if slots == len(static) < e:
            raise ValueError(f"expert cache: {slots} slots are all resident, leaving none for {e - slots} host experts")
        self.num_experts, self.num_slots, self.num_static, self.policy = e, slots, len(static), policy
        on_host = sorted(set(range(e)) - set(static))
        self.homes = {i: (True, s) for s, i in enumerate(static)} | {i: (False, r) for r, i in enumerate(on_host)}
        self.banks = {
            name: pinned_empty((len(on_host), *shape), dtype, pin)  # exactly its bytes (not rounded up)
            for name, (shape, dtype) in layout.items()
        }
        for name, (shape, dtype) in layout.items():
            held = torch.zeros(slots, *shape, dtype=dtype, device=device)
            self.register_buffer(f"slot_{name}", held, persistent=False)  # a view of the banks, not state
        host_row = torch.full((e + 1,), -1, dtype=torch.int64)
        host_row[on_host] = torch.arange(len(on_host))
        slot_of = torch.full((e + 1,), -1, dtype=torch.int64)
        slot_of[static] = torch.arange(len(static))
        owner = torch.full((slots + 1,), -1, dtype=torch.int64)
        owner[: len(static)] = torch.tensor(static, dtype=torch.int64)
        stamp = torch.full((slots + 1,), -1, dtype=torch.int64)
        for name, t in (("host_row", host_row), ("slot_of", slot_of), ("owner", owner), ("stamp", stamp)):
            self.register_buffer(name, t.to(device), persistent=False)
        self.register_buffer("clock", torch.zeros((), dtype=torch.int64, device=device), persistent=False)
        self.register_buffer("counters", torch.zeros(3, dtype=torch.int64, device=device), persistent=False)
        self.register_buffer("step_members", torch.zeros(e, dtype=torch.int8, device=device), persistent=False)
        self.register_buffer("forced_share", torch.zeros((), dtype=torch.float32, device=device), persistent=False)
        self.expert_bytes = sum(math.prod(shape) * dtype.itemsize for shape, dtype in layout.values())
        self.forced_hit_rate: float | None = None

    @classmethod
    def of_stacks(
        cls, stored: Mapping[str, torch.Tensor], slots: int, resident: Sequence[int] = (), pin: bool = False
    ) -> ExpertCache:
        """A cache over the `[E, ...]` stacks `stored` (copied: the caller drops them), on their device."""
        first = next(iter(stored.values()))
        layout = {name: (tuple(t.shape[1:]), t.dtype) for name, t in stored.items()}
        cache = cls(layout, first.shape[0], slots, resident, pin=pin, device=first.device)
        static = [i for i in range(cache.num_experts) if cache.homes[i][0]]
        on_host = [i for i in range(cache.num_experts) if not cache.homes[i][0]]
        for name, t in stored.items():
            cache.banks[name].copy_(t.detach()[on_host])
            getattr(cache, f"slot_{name}")[: len(static)] = t.detach()[static]
        return cache

    def home(self, name: str, expert: int) -> torch.Tensor:
        """Where `expert`'s stored tensor `name` lives for good: its static slot, or its host bank row."""
        static, index = self.homes[expert]
        return getattr(self, f"slot_{name}")[index] if static else self.banks[name][index]

    def release(self) -> None:
        """Free the banks and slots now (a load that failed half-way), not when the last reference goes."""
        for name in list(self.banks):
            setattr(self, f"slot_{name}", torch.empty(0))
        self.banks.clear()

    @property
    def dynamic_slots(self) -> int:
        return self.num_slots - self.num_static

    def slot_tensors(self) -> dict[str, torch.Tensor]:
        """The slot-indexed `[S, ...]` stored tensors, by stored name: the experts as the kernels see them."""
        return {name: getattr(self, f"slot_{name}") for name in self.banks}

    def host_bytes(self) -> int:
        return sum(t.nbytes for t in self.banks.values())

    def force_hit_rate_for_timing_only(self, share: float | None) -> None:
        """Serve `share` of the misses from whatever a slot holds, with no copy: WRONG OUTPUTS, for timing
        the cost of misses at a chosen hit rate only (None turns it off; 0 turns it on serving none, the
        routing's own decisions). Counted as hits. A CUDA graph captured with it on replays a later share
        (it is read from `forced_share` on the device); turning it on or off takes a new capture."""
        if share is not None and not 0.0 <= share <= 1.0:
            raise ValueError(f"forced hit rate must lie in [0, 1], got {share}")
        if share:
            log.warning("expert cache: %.0f%% of misses served with no copy: outputs are wrong (timing)", 100 * share)
        self.forced_hit_rate = share
        self.forced_share.fill_(share or 0.0)

    def rounds(self, need: torch.Tensor, candidates: int) -> Iterator[tuple[torch.Tensor, torch.Tensor]]:
        """For a unit needing the experts `need [E]` (bool; at most `candidates` of them, a bound from
        shapes), yield `(members [E] bool, lookup [E] slot index)` per round, once that round's experts
        are resident: `members` are the experts to compute in it, `lookup[e]` their slots."""
        static = self.host_row[:-1] < 0
        dynamic = need & ~static
        rank = torch.cumsum(dynamic, 0) - 1  # ascending expert id
        per = max(self.dynamic_slots, 1)
        count = rounds_for(candidates, self.num_experts - self.num_static, self.dynamic_slots)
        for r in range(count):
            members = dynamic & (rank // per == r)
            if r == 0:
                members = members | (need & static)
            yield members, self._fetch(members)

    def step_rounds(self, ids: torch.Tensor) -> int:
        """Rounds the routing `ids [T, k]` takes on the CUDA path: `rounds_for` its pairs, from shapes alone."""
        return rounds_for(ids.numel(), self.num_experts - self.num_static, self.dynamic_slots)

    def slot_ids(self, ids: torch.Tensor, round_index: int = 0) -> torch.Tensor:
        """The routing `ids [T, k]` as the slots holding their experts once round `round_index` of
        `step_rounds(ids)` is resident, -1 for pairs of other rounds: the CUDA path, planned by one kernel
        (`model/kernels/expert_plan.py`, the decisions of `rounds`; CPU tensors run it in Triton's
        interpreter), then at most `min(T·k, S - R)` copies per stored tensor, not one per dynamic slot.
        Call it for each round in turn, each once the kernels have read the previous round's slots."""
        from model.kernels.expert_plan import plan_round  # Triton: imported only where the kernels run

        names = ("step_members", "host_row", "slot_of", "owner", "stamp", "clock", "counters", "forced_share")
        cap = min(ids.numel(), self.dynamic_slots, self.num_experts) or 1
        state = {name: getattr(self, name) for name in names}
        rounds = (round_index, self.step_rounds(ids))
        slot_ids, sources, targets = plan_round(
            ids, state, self.num_static, cap, self.expert_bytes, self.forced_hit_rate is not None, rounds
        )
        copy_rows(self._bank_slots(), sources, targets)
        return slot_ids

    def _bank_slots(self) -> list[tuple[torch.Tensor, torch.Tensor]]:
        """`(host bank, device slots)` of each stored tensor: what a miss copies."""
        return [(bank, getattr(self, f"slot_{name}")) for name, bank in self.banks.items()]

    def _fetch(self, members: torch.Tensor) -> torch.Tensor:
        """Make `members` resident (misses copied into the least recently used slots no member holds)
        and return the expert -> slot lookup. A full round's misses take every slot it does not hit."""
        e, s = self.num_experts, self.num_slots
        slot_of = self.slot_of[:e]
        resident = slot_of >= 0
        hit, miss = members & resident, members & ~resident
        forced = torch.zeros_like(miss)
        if self.forced_hit_rate is not None:
            forced = miss & (_draw(e, self.clock) < self.forced_share)
            miss = miss & ~forced
        self.stamp.scatter_(0, torch.where(hit, slot_of, s), self.clock.expand(e))
        owners = self.owner[:s]
        owner_of = torch.where(owners >= 0, owners, e)
        busy = torch.cat([members, members.new_zeros(1)])[owner_of]
        static = torch.arange(s, device=busy.device) < self.num_static
        key = torch.where(busy | static, _PROTECTED, self.stamp[:s])
        width = max(min(self.dynamic_slots, e), 1)  # at most this many misses a round
        victims = key.argsort(stable=True)[:width]
        wanted = torch.where(miss, torch.arange(e, device=miss.device), e).sort().values[:width]
        valid = wanted < e
        victims = torch.where(valid, victims, s)
        evicted = self.owner[victims]
        self.slot_of.scatter_(0, torch.where(evicted >= 0, evicted, e), -1)
        self.slot_of.scatter_(0, wanted, victims)
        self.owner.scatter_(0, victims, torch.where(valid, wanted, -1))
        self.stamp.scatter_(0, victims, self.clock.expand(width))
        sources = torch.where(valid, self.host_row[wanted], -1)
        copy_rows(self._bank_slots(), sources, victims)
        missed = valid.sum()
        served = hit.sum() + forced.sum()
        self.counters += torch.stack([served, missed, missed * self.expert_bytes])
        self.clock += 1
        lookup = self.slot_of[:e]
        return torch.where(forced, torch.arange(e, device=lookup.device) % s, lookup)


def copy_rows(
    tensors: Sequence[tuple[torch.Tensor, torch.Tensor]], sources: torch.Tensor, targets: torch.Tensor
) -> None:
    """`slots[targets[i]] = bank[sources[i]]` for each `(bank, slots)` of `tensors` where `sources[i] >= 0`:
    on CUDA one launch of the copy kernel reading the pinned banks (`model/kernels/expert_copy.py`),
    elsewhere torch."""
    if tensors and tensors[0][1].is_cuda:
        from model.kernels.expert_copy import copy_expert_rows  # Triton: imported only on CUDA

        copy_expert_rows(tensors, sources, targets)
        return
    take = sources >= 0
    for bank, slots in tensors:
        slots[targets[take]] = bank[sources[take]].to(slots.device)


def _draw(n: int, clock: torch.Tensor) -> torch.Tensor:
    """A pseudo-random uniform `[n]` in [0, 1) per expert and step, from integer hashing (no RNG state)."""
    h = (torch.arange(n, device=clock.device) * 0x9E3779B1 + clock * 0x85EBCA6B) & 0xFFFFFFFF
    h = ((h ^ (h >> 16)) * 0x45D9F3B) & 0xFFFFFFFF
    return ((h ^ (h >> 16)) & 0xFFFF).float() / 65536.0
