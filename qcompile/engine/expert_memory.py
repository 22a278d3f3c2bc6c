"""`moe_expert_cache`: routed experts in host banks behind device slots, sized and applied at load.

The option is `off` (every expert on the device), a number of device slots per layer, or `auto`
(CUDA: as many slots as the device leaves). The sizing is `model.expert_placement.place_experts`;
this file gives it the budgets:

- host: what the OS says is available (`MemAvailable`) before any weight is read, less `HOST_MARGIN`
  of the machine for the rest of the process (tokenizer, server, page cache of the checkpoint's files)
  and less the host weights still to be made (`ExpertGeometry.host_other_bytes`: a random build's
  pinned PLE table).
- device, on CUDA: `gpu_memory_utilization` of the device, less what is in use, the weights other than
  routed experts (not yet read while this is sized) and the K/V pool (`kv_cache_memory`, which
  `auto` needs: the pool and the experts cannot both take what the other leaves). Activations, state
  and CUDA graphs come out of what `gpu_memory_utilization` leaves unused.
- device, on CPU: the host is the device, so the other weights, the slots and the banks share the host
  budget; `auto` is refused there (no device budget to size from), a number of slots is what tests and
  CPU runs use.

The loader (`model.checkpoint.loader.load_model`, `place_experts=ExpertSizing(...)`) asks for the
placement from the checkpoint's metadata before reading a weight, then reads each expert straight into
its host bank row (pinned on CUDA) or static slot and the other weights to the device; the engine then
runs unchanged, at any token budget: a step whose experts outnumber the dynamic slots runs them in
rounds (`model.expert_cache.rounds_for`, from shapes, so CUDA graphs of such batch sizes capture every
round), each round's misses copied from the host at PCIe speed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import torch

from model.expert_cache import rounds_for
from model.expert_placement import ExpertGeometry, ExpertPlacement, ExpertPlacementError, place_experts
from qcompile.engine.kv_memory import device_in_use, format_bytes

OFF, AUTO = "off", "auto"
HOST_MARGIN = 0.1  # of the machine's memory, kept for the rest of the process and the OS
MEMINFO = Path("/proc/meminfo")


def parse_expert_cache(value: object) -> str | int:
    """`off`, `auto`, or slots per layer (an int, or its digits as text from the command line); a
    ValueError saying what was expected otherwise (the caller names the option)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if value in (OFF, AUTO) or (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        return value  # type: ignore[return-value]
    raise ValueError("must be off, auto or a number of device slots per layer (an integer >= 1)")


@dataclass(frozen=True)
class ExpertMemory:
    """The placement applied to a loaded model, with the sizes it was made from (for the start-up line)."""

    placement: ExpertPlacement
    layers: int
    experts: int
    top_k: int

    def summary(self, requested_tokens: int) -> str:
        """The start-up line: slots per layer, static experts, host and device bytes, and the rounds a step
        of `requested_tokens` takes at most."""
        p = self.placement
        rounds = rounds_for(requested_tokens * self.top_k, self.experts - p.resident, p.slots - p.resident)
        return (
            f"experts: {p.slots} of {self.experts} slots per layer on the device ({p.resident} static), "
            f"{self.experts - p.resident} per layer in host banks; host {format_bytes(p.host_bytes)}, "
            f"device {format_bytes(p.device_bytes)} over {self.layers} layers; a step of {requested_tokens} "
            f"tokens (top-{self.top_k}) takes up to {rounds} round{'s' if rounds > 1 else ''} of the dynamic slots"
        )


def available_host_bytes() -> int:
    """Bytes of host memory available now, less `HOST_MARGIN` of the machine's."""
    if MEMINFO.is_file():
        info = dict(line.split(":", 1) for line in MEMINFO.read_text().splitlines() if ":" in line)
        total, available = (int(info[k].split()[0]) * 1024 for k in ("MemTotal", "MemAvailable"))
    else:
        page = os.sysconf("SC_PAGE_SIZE")
        total, available = os.sysconf("SC_PHYS_PAGES") * page, os.sysconf("SC_AVPHYS_PAGES") * page
    return available - int(HOST_MARGIN * total)


def device_expert_bytes(total: int, free: int, utilization: float, other_weights: int, kv: int) -> int:
    """Device bytes left for expert slots: `utilization` of the device's `total`, less what is in use
    (`total - free`), the weights other than routed experts (about to move there) and `kv` bytes of pool."""
    return int(total * utilization) - (total - free) - other_weights - kv


@dataclass
class ExpertSizing:
    """`moe_expert_cache` (`auto` or slots per layer) sized for a checkpoint headed for `device`: the
    loader's `place_experts`, called once with the checkpoint's geometry before any weight is read;
    `memory` then holds the placement for the engine."""

    slots: str | int
    device: str
    utilization: float
    kv_bytes: int | None
    memory: ExpertMemory | None = None

    def __call__(self, geometry: ExpertGeometry) -> ExpertPlacement:
        """The placement, or ExpertPlacementError naming the sizes that do not fit."""
        g = geometry
        target = torch.device(self.device)
        host = available_host_bytes() - g.host_other_bytes
        wanted = None if self.slots == AUTO else int(self.slots)
        in_use = ""  # what holds the memory the experts cannot have, said when they do not fit
        if g.host_other_bytes:
            in_use = f"; the host keeps {format_bytes(g.host_other_bytes)} for other weights (the PLE table)"
        if target.type == "cuda":
            free, total = torch.cuda.mem_get_info(target)
            in_use += f"; on the device {device_in_use(total - free, torch.cuda.memory_allocated(target))}"
            device_bytes = device_expert_bytes(total, free, self.utilization, g.other_bytes, self.kv_bytes or 0)
        else:  # the host is the device: the other weights and the slots come out of the banks' budget
            device_bytes = (wanted or 0) * g.layers * g.expert_bytes
            host -= g.other_bytes + device_bytes
        try:
            placement = place_experts(g.layers, g.experts, g.expert_bytes, g.top_k, device_bytes, host, slots=wanted)
        except ExpertPlacementError as e:
            raise ExpertPlacementError(f"{e}{in_use}") from None
        self.memory = ExpertMemory(placement, g.layers, g.experts, g.top_k)
        return placement
