"""Projections that read the same input, merged into one weight once the model is final.

At decode sizes every projection is a skinny GEMM whose weight streams far below the copy
bandwidth, so one GEMM over the stacked weights reads the same bytes in fewer, larger launches.
The parts stay the modules they were, under their own names: `merge_projections` stacks their
weights into one non-persistent buffer of the owning module and re-points each part's `weight` to
its rows of it (a view, so nothing is held twice), which leaves checkpoint keys, `state_dict()`,
the tensor-parallel shard plan and later in-place loads as they were. (`copy.deepcopy` clones
parameters one by one: a copy holds the same values, the parts and the merged weight apart.)

Each part starts at a multiple of `ALIGN` rows (zero rows pad the gaps and the end), so the merged
output's row stride and every part's columns are 16-element aligned: an odd width (the router's 128
+ the shared gate's 1 + the shared gate/up's 1280) sends cuBLAS to its slow align-1 kernels.

A group merges only when every part is dense: a bias-free floating-point `weight [out, in]`
parameter (an `nn.Linear`, or the router's), all of one dtype, device and input width. A quantised
part (`WeightOnlyLinear`, `FP8Linear`) keeps its group's GEMMs separate, also when it is swapped in
after the merge.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

log = logging.getLogger(__name__)

DENSE_DTYPES = (torch.float32, torch.bfloat16, torch.float16)
ALIGN = 16  # rows: where each part of a merged weight starts, and what its height rounds up to
SKINNY_PLANS = "_skinny_plans"  # a module's {merged buffer name: skinny GEMM plan} (`use_skinny`)


@dataclass(frozen=True)
class Projections:
    """Projections of one module that read the same input.

    `parts` are attribute paths (below the module) of modules with a `weight [out, in]`; `merged`
    names the module's buffer that holds their stacked weights once `merge_projections` has run.
    A module declares its groups in the class attribute `PROJECTIONS`.
    """

    merged: str
    parts: tuple[str, ...]


def _part(owner: nn.Module, path: str) -> nn.Module | None:
    module: nn.Module | None = owner
    for attr in path.split("."):
        module = getattr(module, attr, None)
    return module


def is_dense(part: nn.Module | None) -> bool:
    """A bias-free floating-point `weight [out, in]` parameter: what merges, and what a kernel may read as is."""
    weight = getattr(part, "weight", None)
    return (
        isinstance(weight, nn.Parameter)
        and weight.dim() == 2
        and weight.dtype in DENSE_DTYPES
        and getattr(part, "bias", None) is None
    )


def project(owner: nn.Module, group: Projections, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
    """Every part's projection of `x`, in `group.parts` order.

    Merged (and every part still dense): one GEMM, split by columns. Otherwise one GEMM per part: a
    dense part's is `x W^T` (an `nn.Linear`'s forward, the router's logits), another part runs its
    own forward.
    """
    parts = [_part(owner, path) for path in group.parts]
    dense = [is_dense(p) for p in parts]
    merged = getattr(owner, group.merged, None)
    if merged is not None and all(dense):
        plan = getattr(owner, SKINNY_PLANS, {}).get(group.merged)
        y = linear_planned(x, merged, plan)
        return torch.split(y, _layout([p.weight.shape[0] for p in parts]), dim=-1)[::2]
    return tuple(F.linear(x, p.weight) if d else p(x) for p, d in zip(parts, dense, strict=True))


def merged_weight(owner: nn.Module, group: Projections) -> torch.Tensor | None:
    """The stacked weight `project` multiplies by (every part still dense), else None."""
    merged = getattr(owner, group.merged, None)
    return merged if merged is not None and all(is_dense(_part(owner, p)) for p in group.parts) else None


def _layout(rows: list[int]) -> list[int]:
    """Split sizes of a merged weight's rows: each part's height, then the zero rows up to `ALIGN`."""
    return [n for r in rows for n in (r, -r % ALIGN)]


def linear_planned(x: torch.Tensor, weight: torch.Tensor, plan: list[int] | None) -> torch.Tensor:
    """`F.linear(x, weight)`, through the skinny op under `plan` when there is one (`use_skinny`)."""
    if not plan:
        return F.linear(x, weight)
    from model.kernels.skinny import skinny_linear  # Triton: CUDA builds of torch bring it, CPU ones may not

    return skinny_linear(x.reshape(-1, weight.shape[1]), weight, plan).view(*x.shape[:-1], weight.shape[0])


def use_skinny(model: nn.Module, plan_of: Callable[[torch.Tensor], list[int] | None]) -> int:
    """Run every merged GEMM through `qcompile::skinny_linear` under `plan_of(merged weight)` (None:
    stay `F.linear`); returns how many do. Call after the merge, before compiling or capturing."""
    count = 0
    for module in model.modules():
        for group in getattr(type(module), "PROJECTIONS", ()):
            merged = getattr(module, group.merged, None)
            plan = None if merged is None else plan_of(merged)
            if plan is not None:
                if not hasattr(module, SKINNY_PLANS):
                    setattr(module, SKINNY_PLANS, {})
                getattr(module, SKINNY_PLANS)[group.merged] = plan
                count += 1
    return count


def _merge(owner: nn.Module, group: Projections) -> bool:
    """Merge one group of `owner` if it can be (see the module docstring); returns whether it is merged."""
    if getattr(owner, group.merged, None) is not None:
        return True
    parts = [_part(owner, path) for path in group.parts]
    if not all(is_dense(p) for p in parts):
        return False
    weights = [p.weight for p in parts]
    if len({(w.dtype, w.device, w.shape[1]) for w in weights}) != 1:
        return False
    # a normal tensor also when the caller allocates state under inference mode (the runner does): an
    # inference tensor could not be updated in place outside it, as the weights can now
    with torch.inference_mode(False), torch.no_grad():
        sizes = _layout([w.shape[0] for w in weights])
        stacked = weights[0].new_zeros(sum(sizes), weights[0].shape[1])
        for part, weight, rows in zip(parts, weights, stacked.split(sizes)[::2], strict=True):
            rows.copy_(weight.detach())
            part.weight = nn.Parameter(rows, requires_grad=weight.requires_grad)
    owner.register_buffer(group.merged, stacked, persistent=False)
    return True


def merge_projections(model: nn.Module) -> list[str]:
    """Merge every mergeable projection group of `model`'s modules in place; returns the merged
    buffers' qualified names. Idempotent: a merged group stays as it is."""
    merged, kept = [], []
    for name, module in model.named_modules():
        for group in getattr(type(module), "PROJECTIONS", ()):
            qualified = f"{name}.{group.merged}" if name else group.merged
            (merged if _merge(module, group) else kept).append(qualified)
    if kept:
        log.info("merge_projections: %d groups kept separate (a part is not dense): %s", len(kept), ", ".join(kept))
    return merged
