"""`moe_expert_cache`: routed experts in host banks behind device slots, sized and applied at load.

The option is `off` (every expert on the device), a number of device slots per layer, or `auto`
(CUDA: as many slots as the device leaves). The sizing is `model.expert_placement.place_experts`;
this file gives it the budgets:

- host: what the OS says is available (`MemAvailable`) plus the expert stacks the banks replace
  (loaded on the host, freed layer by layer as each layer's banks take them), less `HOST_MARGIN` of
  the machine for the rest of the process (tokenizer, server, page cache of the checkpoint's files).
- device, on CUDA: `gpu_memory_utilization` of the device, less what is in use, the weights other than
  routed experts (still on the host while this is sized) and the K/V pool (`kv_cache_memory`, which
  `auto` needs: the pool and the experts cannot both take what the other leaves). Activations, state
  and CUDA graphs come out of what `gpu_memory_utilization` leaves unused.
- device, on CPU: the host is the device, so the slots share the host budget with the banks; `auto`
  is refused there (no device budget to size from), a number of slots is what tests and CPU runs use.

The model is loaded on the host, its experts moved into banks (pinned on CUDA), then the rest moved to
the device; the engine then runs unchanged, at any token budget: a step whose experts outnumber the
dynamic slots runs them in rounds (`model.expert_cache.rounds_for`, from shapes, so CUDA graphs of
such batch sizes capture every round), each round's misses copied from the host at PCIe speed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import torch
from torch import nn

from model.expert_cache import rounds_for
from model.expert_placement import ExpertPlacement, ExpertPlacementError, offload_experts, place_experts
from model.moe import Experts
from qcompile.engine.kv_memory import format_bytes

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


def _tensor_bytes(module: nn.Module) -> int:
    return sum(t.nbytes for t in (*module.parameters(), *module.buffers()))


def device_expert_bytes(total: int, free: int, utilization: float, other_weights: int, kv: int) -> int:
    """Device bytes left for expert slots: `utilization` of the device's `total`, less what is in use
    (`total - free`), the weights other than routed experts (about to move there) and `kv` bytes of pool."""
    return int(total * utilization) - (total - free) - other_weights - kv


def place_model_experts(
    model: nn.Module, slots: str | int, device: str, utilization: float, kv_bytes: int | None
) -> ExpertMemory:
    """Size and apply `slots` (`auto` or a number) to `model`, loaded on the host, then move it to
    `device`; raises ExpertPlacementError naming the sizes that do not fit."""
    modules = [m for m in model.modules() if isinstance(m, Experts)]
    if not modules:
        raise ExpertPlacementError("the model has no routed experts to place")
    stacks = sum(_tensor_bytes(m) for m in modules)  # the stored tensors: stacks, and kept formats' scales
    expert_bytes = _tensor_bytes(modules[0]) // modules[0].num_experts
    target = torch.device(device)
    cuda = target.type == "cuda"
    host = available_host_bytes() + stacks
    wanted = None if slots == AUTO else int(slots)
    if cuda:
        free, total = torch.cuda.mem_get_info(target)
        device_bytes = device_expert_bytes(total, free, utilization, _tensor_bytes(model) - stacks, kv_bytes or 0)
    else:
        device_bytes = host  # the host is the device: the slots come out of the banks' budget
        host -= (wanted or 0) * len(modules) * expert_bytes
    top_k = model.config.num_experts_per_tok
    placement = place_experts(
        len(modules), modules[0].num_experts, expert_bytes, top_k, device_bytes, host, slots=wanted
    )
    offload_experts(model, placement, pin=cuda)
    model.to(target)
    return ExpertMemory(placement, len(modules), modules[0].num_experts, top_k)
