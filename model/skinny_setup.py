"""Preparing a model's skinny decode GEMMs: the one place the engine and the bench call.

The skinny kernel (`model/kernels/skinny.py`) runs a shape only under a plan timed on the GPU, and a
plan is an argument of the op, baked into compiled graphs. So a model is prepared once it is final:
after `init_state` (which merges the projections, `model/fuse.py`), before anything traces or
captures. Its eligible linears are retyped (`enable_skinny_gemm`) and its merged GEMMs routed
(`use_skinny`); only the row buckets the decode batches run at are timed, the others stay cuBLAS.

A plan file keeps plans across starts, as JSON `{machine: {"<dtype> <N>x<K>": plan}}`: a plan is a
timing, so `machine` names the GPU and the torch and Triton versions it was taken with. Shapes a file
lacks are timed at every bucket before it is written, so one file serves every decode configuration.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import torch
import triton
from torch import nn

from model.config import ConfigError
from model.fuse import use_skinny
from model.kernels.skinny import (
    ALL_CUBLAS,
    BUCKETS,
    MAX_M,
    ShapeKey,
    bucket,
    eligible,
    enable_skinny_gemm,
    plan_for,
    plans_from_json,
    plans_to_json,
    tune_shape,
)

Tuner = Callable[[ShapeKey, torch.device], list[int]]

AOT_PLAN_FILE = "skinny-plans.json"  # the plan file kept beside saved forwards when none is named


def default_plan_file(plans: Path | None, aot_dir: Path | None) -> Path | None:
    """`plans`, else `AOT_PLAN_FILE` in `aot_dir`: a saved forward bakes its plans in and guards on them, so
    a restart that timed them again (timings differ run to run) could not load it."""
    if plans is not None or aot_dir is None:
        return plans
    return aot_dir / AOT_PLAN_FILE


class SkinnyPlanError(ConfigError):
    """A plan file that cannot be read: the message names the file, and the machine and shape keys (a
    `ConfigError`, so the commands print it as one line)."""


@dataclass(frozen=True)
class SkinnyReport:
    """What `prepare_skinny` did: the timed row buckets, the plan of each of the model's GEMM shapes (its
    CPU ones only where plans were given), the merged GEMMs routed."""

    buckets: list[int]
    plans: dict[ShapeKey, list[int]]
    merged: int

    @property
    def kernel_shapes(self) -> int:
        """Shapes whose plan takes the kernel in some bucket (the rest stay cuBLAS)."""
        return sum(plan != ALL_CUBLAS for plan in self.plans.values())

    def summary(self) -> str:
        return (
            f"{self.kernel_shapes} of {len(self.plans)} GEMM shapes take the skinny kernel at rows {self.buckets} "
            f"({self.merged} merged GEMMs routed)"
        )


def decode_buckets(rows: Iterable[int]) -> list[int]:
    """The plan buckets of the row counts the skinny kernel serves (1..MAX_M), sorted."""
    return sorted({bucket(r) for r in rows if 1 <= r <= MAX_M})


def bucket_tuner(buckets: Iterable[int]) -> Tuner:
    """A `tune(key, device)` that times `tune_shape` at `buckets` only (cuBLAS in the others)."""
    timed = tuple(buckets)

    def tune(key: ShapeKey, device: torch.device) -> list[int]:
        return tune_shape(key, device, timed)[0]

    return tune


def prepare_skinny(
    model: nn.Module,
    rows: Iterable[int],
    plans: dict[ShapeKey, list[int]] | None = None,
    tune: Tuner | None = None,
) -> SkinnyReport:
    """Route `model`'s linears and merged GEMMs through the skinny op for decode batches of `rows` rows.

    Shapes missing from `plans` are timed on their weight's CUDA device by `tune` (default: the buckets
    of `rows`); CPU weights are never timed. Rows above MAX_M leave nothing to time, and with none below
    it the model is left as it is. Call after `init_state`, before compiling and capturing."""
    buckets = decode_buckets(rows)
    if not buckets:
        return SkinnyReport([], {}, 0)
    tune = tune or bucket_tuner(buckets)
    shapes = {(m.weight.dtype, *m.weight.shape) for m in model.modules() if eligible(m)}
    planned = enable_skinny_gemm(model, plans, tune)

    def plan_of(weight: torch.Tensor) -> list[int] | None:
        shapes.add((weight.dtype, *weight.shape))
        return plan_for(weight, planned, tune)

    merged = use_skinny(model, plan_of)
    return SkinnyReport(buckets, {key: planned[key] for key in shapes if key in planned}, merged)


def machine_key(device: torch.device) -> str:
    """What a plan's timing depends on besides the shape: the GPU, torch and Triton."""
    gpu = torch.cuda.get_device_name(device) if device.type == "cuda" else device.type
    return f"{gpu} | torch {torch.__version__} | triton {triton.__version__}"


def read_plan_file(path: Path) -> dict[str, dict[ShapeKey, list[int]]]:
    """Every machine's plans in `path` (none when it does not exist), each checked; SkinnyPlanError naming
    the file and key of the first one that is not."""
    if not path.exists():
        return {}
    try:
        raw = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise SkinnyPlanError(f"skinny plans {path}: not readable as JSON ({e})") from None
    if not isinstance(raw, dict):
        raise SkinnyPlanError(f"skinny plans {path}: must be a JSON object of machines, got {type(raw).__name__}")
    machines: dict[str, dict[ShapeKey, list[int]]] = {}
    for machine, shapes in raw.items():
        if not isinstance(shapes, dict):
            raise SkinnyPlanError(f"skinny plans {path}: {machine!r} must map shapes to plans")
        machines[machine] = {}
        for name, plan in shapes.items():
            try:
                machines[machine] |= plans_from_json({name: plan})
            except (ValueError, TypeError) as e:
                raise SkinnyPlanError(f"skinny plans {path}: {machine!r} {name!r}: {e}") from None
    return machines


def write_plan_file(path: Path, machine: str, plans: dict[ShapeKey, list[int]]) -> None:
    """Add `plans` to `machine`'s in `path`, keeping every other plan (written whole, then renamed, so a
    reader never sees half a file)."""
    machines = read_plan_file(path)
    machines[machine] = machines.get(machine, {}) | plans
    text = json.dumps({m: plans_to_json(p) for m, p in machines.items()}, indent=1, sort_keys=True)
    path.parent.mkdir(parents=True, exist_ok=True)  # an AOT folder nothing was saved in yet
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text + "\n")
    tmp.replace(path)


def prepare_skinny_cached(model: nn.Module, rows: Iterable[int], path: Path, device: torch.device) -> SkinnyReport:
    """`prepare_skinny` with `path`'s plans for this machine; shapes it lacks are timed at every bucket
    and the file is rewritten with them."""
    machine = machine_key(device)
    known = read_plan_file(path).get(machine, {})
    report = prepare_skinny(model, rows, known, bucket_tuner(BUCKETS))
    if report.plans.keys() - known.keys():
        write_plan_file(path, machine, report.plans)
    return report
