"""Where a load with host expert banks (`moe_expert_cache`) puts each routed expert, decided before any
weight is read.

The model is built with its expert stacks on the meta device; `plan_banks` finds each layer's experts
in the checkpoint's names, computes one expert's stored bytes (dense in the load dtype, or the kept
format's codes and scales: `Experts.stored_layout`) and the bytes of the other weights headed for the
device, and asks the caller's `PlaceExperts` for the placement, which raises naming the sizes before
a byte is read. `BankPlan.allocate` then gives each layer an empty `ExpertCache` (pinned host banks for
exactly the experts the device does not hold for good, zeroed slots on the device) for the loader to
read every expert straight into its home row, so no expert is ever held twice.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import torch
from torch import nn

from model.expert_cache import ExpertCache
from model.expert_placement import ExpertGeometry, ExpertPlacement, ExpertPlacementError, PlaceExperts
from model.moe import FP8_BLOCK, Experts

EXPERT_MODULE = re.compile(r"^(.*\.mlp\.experts)\.(\d+)\.(gate|up|down)_proj$")
# bytes per element of the safetensors dtypes a stored weight or scale may have
ST_BYTES = {"F64": 8, "F32": 4, "BF16": 2, "F16": 2, "F8_E4M3": 1, "F8_E5M2": 1, "U8": 1, "I8": 1, "I32": 4, "I64": 8}


@dataclass
class BankedLayer:
    """One `Experts` read into a cache: our module name, the kept format (None: dense) and the
    checkpoint's keys of each expert projection, `{(expert, "gate"|"up"|"down"): {suffix: key}}`."""

    name: str
    experts: Experts
    quant: str | None
    block: tuple[int, int]
    keys: dict[tuple[int, str], dict[str, str]] = field(default_factory=dict)
    cache: ExpertCache | None = None

    def layout(self) -> dict[str, tuple[tuple[int, ...], torch.dtype]]:
        return self.experts.stored_layout(self.quant, self.block)

    def expert_bytes(self) -> int:
        return sum(math.prod(shape) * dtype.itemsize for shape, dtype in self.layout().values())


@dataclass
class BankPlan:
    """Every MoE layer's experts and the placement they are read into."""

    layers: list[BankedLayer]
    placement: ExpertPlacement

    def params(self) -> frozenset[str]:
        """The expert stacks the load leaves on the meta device (the caches take their place)."""
        return frozenset(f"{layer.name}.{p}" for layer in self.layers for p in ("gate_up_proj", "down_proj"))

    def keys(self) -> frozenset[str]:
        """The checkpoint keys the banks read (the rest of the load skips them)."""
        return frozenset(k for layer in self.layers for stored in layer.keys.values() for k in stored.values())

    def allocate(self, device: torch.device) -> None:
        """An empty cache per layer: banks pinned for a CUDA `device`, slots and bookkeeping on it."""
        p = self.placement
        for layer in self.layers:
            layer.cache = ExpertCache(
                layer.layout(),
                layer.experts.num_experts,
                p.slots,
                range(p.resident),
                pin=device.type == "cuda",
                device=device,
            )

    def attach(self) -> None:
        """Hand each filled cache to its `Experts`; the meta stacks go."""
        for layer in self.layers:
            assert layer.cache is not None
            layer.experts.use_cache(layer.cache, layer.quant, layer.block)

    def release(self) -> None:
        """Free every bank and slot now (a load that failed), whoever still holds the plan."""
        for layer in self.layers:
            if layer.cache is not None:
                layer.cache.release()
                layer.cache = None


def stored_bytes(slices: Iterable[object]) -> int:
    """Bytes of safetensors tensors, from their headers (`get_slice` handles) alone."""
    return sum(math.prod(s.get_shape()) * ST_BYTES[s.get_dtype()] for s in slices)  # type: ignore[attr-defined]


def plan_banks(
    model: nn.Module,
    keys: Iterable[str],
    normalise: Callable[[str], str],
    kept: Mapping[str, tuple[str, tuple[int, int]]],
    other_bytes: int,
    place: PlaceExperts,
) -> BankPlan | None:
    """The banks of `model`'s experts (built on the meta device) as the checkpoint `keys` store them,
    `kept` layers (our module name -> format and block) in their stored format, placed by `place`; None
    when every expert fits the device (then the load is the ordinary one). Raises ExpertPlacementError
    naming the sizes, before any weight is read."""
    layers = {
        name: BankedLayer(name, m, *kept.get(name, (None, FP8_BLOCK)))
        for name, m in model.named_modules()
        if isinstance(m, Experts)
    }
    if not layers:
        raise ExpertPlacementError("the model has no routed experts to place")
    for key in keys:
        module, _, suffix = key.rpartition(".")
        if (m := EXPERT_MODULE.match(normalise(module))) and m[1] in layers:
            layers[m[1]].keys.setdefault((int(m[2]), m[3]), {})[suffix] = key
    first = next(iter(layers.values()))
    geometry = ExpertGeometry(
        layers=len(layers),
        experts=first.experts.num_experts,
        expert_bytes=max(layer.expert_bytes() for layer in layers.values()),
        top_k=model.config.num_experts_per_tok,
        other_bytes=other_bytes,
    )
    placement = place(geometry)
    return BankPlan(list(layers.values()), placement) if placement.offloaded else None
