"""Where routed experts live when they do not all fit on the device: a pure sizing decision at start.

Per layer, `S` device slots (`model/expert_cache.py`): `R` static experts held only on the device and
`S - R` dynamic slots caching the `E - R` experts held only in host memory. `R` is the fewest static
experts the host budget allows, so the dynamic cache is as large as it can be: this model's routing is
flat (notes: serving-memory.md), and a cache over many experts beats pinning a few. Decode needs a
token's top-k experts in one round, so at least `top_k` dynamic slots; with fewer, or a host that
cannot hold the rest, the checkpoint cannot be served and start fails with one line naming the sizes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

GIB = 1 << 30


class ExpertPlacementError(ValueError):
    """The routed experts fit neither the device nor the device and the host together."""


@dataclass(frozen=True)
class ExpertPlacement:
    """Per layer: `slots` device slots, `resident` of them static; bytes over all layers."""

    slots: int
    resident: int
    device_bytes: int
    host_bytes: int

    @property
    def offloaded(self) -> bool:
        return self.resident < self.slots or self.host_bytes > 0


@dataclass(frozen=True)
class ExpertGeometry:
    """What sizing a placement takes from a checkpoint, known before any weight is read: `layers` MoE
    layers of `experts` routed experts of `expert_bytes` each as stored (codes and scales when kept
    quantised), top-`top_k` routing, `other_bytes` of weights other than routed experts that go to
    the device, and `host_other_bytes` that the host must still give to weights other than the banks
    (a random build's pinned PLE table, made after the sizing; a loader's is in place before it)."""

    layers: int
    experts: int
    expert_bytes: int
    top_k: int
    other_bytes: int
    host_other_bytes: int = 0


# sizes the placement of a checkpoint's experts (the engine's budgets), or raises ExpertPlacementError
PlaceExperts = Callable[[ExpertGeometry], ExpertPlacement]


def place_experts(
    layers: int,
    experts: int,
    expert_bytes: int,
    top_k: int,
    device_bytes: int,
    host_bytes: int,
    slots: int | None = None,
) -> ExpertPlacement:
    """The placement of `layers` x `experts` routed experts of `expert_bytes` each (as stored), given the
    bytes the device and the host can give them (`device_bytes`: what the K/V pool and graphs leave),
    with `slots` per layer or as many as fit (None, "auto"). Raises ExpertPlacementError."""
    for name, value in (("layers", layers), ("experts", experts), ("expert_bytes", expert_bytes), ("top_k", top_k)):
        if value < 1:
            raise ExpertPlacementError(f"expert placement: {name} must be positive, got {value}")
    layer_slot = layers * expert_bytes  # one slot in every layer
    total = experts * layer_slot
    sizes = f"{layers} layers x {experts} experts x {expert_bytes / 1e6:.2f} MB = {total / GIB:.1f} GiB"
    fit = min(experts, max(device_bytes, 0) // layer_slot)
    if slots is None:
        slots = fit
    elif not 0 <= slots <= experts:
        raise ExpertPlacementError(f"expert placement: slots must lie in [0, {experts}], got {slots}")
    elif slots > fit:
        raise ExpertPlacementError(
            f"routed experts: {slots} slots per layer take {slots * layer_slot / GIB:.1f} GiB of device memory, "
            f"{device_bytes / GIB:.1f} GiB is left for them ({fit} slots; {sizes})"
        )
    if slots == experts:
        return ExpertPlacement(slots, experts, total, 0)
    resident = max(0, experts - max(host_bytes, 0) // layer_slot)
    if slots - resident < top_k:
        on_host = experts - resident
        raise ExpertPlacementError(
            f"routed experts do not fit: {sizes}; the device holds {slots} slots per layer "
            f"({device_bytes / GIB:.1f} GiB) and the host {on_host} experts per layer ({host_bytes / GIB:.1f} GiB): "
            f"{slots + on_host} of the {experts + top_k} that {experts} experts and top-{top_k} dynamic slots need"
        )
    return ExpertPlacement(slots, resident, slots * layer_slot, (experts - resident) * layer_slot)
