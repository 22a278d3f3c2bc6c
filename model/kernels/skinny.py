"""Skinny GEMMs for decode: `y = x @ W^T` for 1..16 rows of x, one Triton kernel or cuBLAS, picked per shape
by timing on the GPU.

At decode sizes a dense projection reads its whole weight `[N, K]` for a handful of rows, so it is
bound by weight bandwidth; cuBLAS's skinny kernels often stream well below it. The kernel here is the
weight-only GEMM of `weight_only.py` (same program grid, K split with float32 partials summed in a fixed
order by a second kernel, no atomics) run on dense weights (code `DENSE`): float32 accumulation,
output rounded once to the activation dtype. For 1..8 rows it can multiply by float32 FMAs per K lane
(reduced once at the end) instead of `tl.dot`, whose tiles need 16 rows.

Which path runs is a *plan*: for each row bucket (M rounded up to a power of two, `BUCKETS`) either a
kernel configuration or cuBLAS. `tune_shape` measures every candidate of `CANDIDATES` against cuBLAS
inside a CUDA graph over weight copies larger than the L2 cache (what a FULL decode graph sees: no
launch gaps, cold weights) and keeps the fastest. A plan is fixed before any trace or capture and is an
argument of the custom op `qcompile::skinny_linear`, so the choice is baked into compiled graphs and
static under CUDA graphs: a given row count always runs the same kernels, so a graph replays bitwise
what the same padded batch gives without graphs (rows never interact, so within a bucket each row's
result does not depend on the row count either). On CPU, or for M > 16, or where the plan says cuBLAS,
the op is `F.linear`.

Entry points: `enable_skinny_gemm(model, plans)` retypes every eligible `nn.Linear` into `SkinnyLinear`
(tuning the shapes the plans lack), and `skinny_linear(x2d, weight, plan)` for code that calls
`F.linear` itself.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import statistics
from collections.abc import Callable, Iterable, Sequence

import torch
import torch.nn.functional as F
import triton
from torch import nn
from triton.compiler.errors import CompilationError
from triton.runtime.errors import OutOfResources

from model.kernels import use_kernels
from model.kernels.library import define_op
from model.kernels.weight_only import DENSE, MIN_DOT_K, Tiles, launch

MAX_M = 16
BUCKETS = (1, 2, 4, 8, 16)
DTYPES = (torch.bfloat16, torch.float16, torch.float32)
FIELDS = 6  # ints per bucket in a plan: block_n (0: cuBLAS), block_k, programs, dot, num_warps, num_stages
CUBLAS = (0,) * FIELDS
ALL_CUBLAS = list(CUBLAS) * len(BUCKETS)
PLAN_LEN = len(ALL_CUBLAS)
MARGIN = 0.03  # a kernel replaces cuBLAS only when it is at least this much faster (timing noise)
MAX_COPIES = 64  # weight copies cycled while timing, to exceed the L2 cache
MIN_CALLS = 8  # calls per timed graph (a replay's own launch is spread over them)


@dataclasses.dataclass(frozen=True)
class SkinnyConfig:
    """One kernel configuration, valid for any shape: tiles, the program count the K split aims at, tl.dot
    or FMA tiles, warps and pipeline stages."""

    block_n: int
    block_k: int
    programs: int
    dot: bool
    num_warps: int = 4
    num_stages: int = 3

    def tiles(self, m: int) -> Tiles:
        """The launch tiles for `m` rows (FMA tiles: BLOCK_M = m rounded up; tl.dot: 16)."""
        block_m = MIN_DOT_K if self.dot else triton.next_power_of_2(m)
        dot, warps, stages = self.dot, self.num_warps, self.num_stages
        return Tiles(block_m, self.block_n, self.block_k, None, dot, self.programs, warps, stages)

    def ints(self) -> tuple[int, ...]:
        return (self.block_n, self.block_k, self.programs, int(self.dot), self.num_warps, self.num_stages)

    @property
    def label(self) -> str:
        kind = "dot" if self.dot else "fma"
        return f"{kind} n{self.block_n} k{self.block_k} p{self.programs} w{self.num_warps} s{self.num_stages}"


def _fma(bn: int, bk: int, programs: int, warps: int = 4) -> SkinnyConfig:
    return SkinnyConfig(bn, bk, programs, False, warps)


def _dot(bn: int, bk: int, programs: int, warps: int = 4) -> SkinnyConfig:
    return SkinnyConfig(bn, bk, programs, True, warps)


# A few configurations per row bucket (guesses checked only for registers and spills in an sm_90 build:
# the GPU script measures them per shape). FMA tiles keep BLOCK_M * BLOCK_K * BLOCK_N float32 lanes in
# registers, so they shrink as rows grow; tl.dot tiles (16 rows, software-pipelined loads) are the same
# code in every bucket. An FMA tile's loads are not pipelined (no cp.async without tl.dot): a program
# keeps one tile in flight, so a weight of few N tiles (2560 x 6144: 640 programs of 12 round trips)
# streams below the DRAM's rate unless K is split over more programs, as the p2112 tile does.
CANDIDATES: dict[int, tuple[SkinnyConfig, ...]] = {
    1: (
        _fma(8, 256, 528),
        _fma(4, 512, 528),
        _fma(8, 512, 528),
        _fma(16, 256, 528, 8),
        _dot(16, 256, 528),
        _fma(4, 512, 2112),
    ),
    2: (_fma(8, 128, 528), _fma(8, 256, 528), _dot(16, 256, 528), _dot(32, 128, 528), _dot(64, 128, 264)),
    4: (_fma(8, 128, 528), _fma(4, 256, 528), _dot(16, 256, 528), _dot(32, 128, 528), _dot(64, 128, 264)),
    8: (_fma(4, 128, 528), _dot(16, 128, 528), _dot(16, 256, 528), _dot(32, 128, 528), _dot(64, 128, 264)),
    16: (_dot(16, 128, 528), _dot(16, 256, 528), _dot(32, 128, 528), _dot(64, 128, 264), _dot(32, 256, 264, 8)),
}


def bucket(m: int) -> int:
    """The plan bucket of `m` rows (1 <= m <= MAX_M): m rounded up to a power of two."""
    return triton.next_power_of_2(m)


def encode(picks: dict[int, SkinnyConfig | None]) -> list[int]:
    """The op's flat plan: FIELDS ints per bucket of BUCKETS, zeros (cuBLAS) where `picks` has none."""
    plan: list[int] = []
    for b in BUCKETS:
        config = picks.get(b)
        plan.extend(CUBLAS if config is None else config.ints())
    return plan


def check_plan(plan: Sequence[int]) -> list[int]:
    """`plan` as a list of ints; ValueError unless it has FIELDS ints per bucket."""
    if len(plan) != PLAN_LEN:
        raise ValueError(f"a skinny plan has {PLAN_LEN} ints ({FIELDS} per bucket), got {len(plan)}")
    return [int(v) for v in plan]


def decode(plan: Sequence[int], m: int) -> SkinnyConfig | None:
    """The configuration `plan` gives `m` rows, None for cuBLAS (also for m > MAX_M or m == 0)."""
    if len(plan) != PLAN_LEN:  # per call: only the length, no copy
        check_plan(plan)
    if not 1 <= m <= MAX_M:
        return None
    at = BUCKETS.index(bucket(m)) * FIELDS
    block_n, block_k, programs, dot, warps, stages = plan[at : at + FIELDS]
    return None if block_n == 0 else SkinnyConfig(block_n, block_k, programs, bool(dot), warps, stages)


def skinny_matmul(x: torch.Tensor, weight: torch.Tensor, config: SkinnyConfig) -> torch.Tensor:
    """`x [M, K] @ weight[N, K]^T` by the Triton kernel (interpreted on CPU), in x's dtype."""
    if x.dim() != 2 or weight.dim() != 2 or x.shape[1] != weight.shape[1]:
        raise ValueError(f"skinny GEMM needs x [M, K] and weight [N, K], got {list(x.shape)} and {list(weight.shape)}")
    if x.dtype != weight.dtype or x.dtype not in DTYPES:
        raise ValueError(f"skinny GEMM needs x and weight of one dtype in {DTYPES}, got {x.dtype} and {weight.dtype}")
    if not 1 <= x.shape[0] <= MAX_M:
        raise ValueError(f"skinny GEMM takes 1..{MAX_M} rows, got M={x.shape[0]}")
    if not weight.is_contiguous():
        raise ValueError(f"skinny GEMM needs a contiguous weight, got strides {weight.stride()}")
    return launch(x, DENSE, weight, weight, weight, config.tiles(x.shape[0]))


def _skinny_linear(x: torch.Tensor, weight: torch.Tensor, plan: list[int]) -> torch.Tensor:
    """`F.linear(x, weight)` for 2-D x, by the kernel where `plan` names one for x's row count (CUDA)."""
    config = decode(plan, x.shape[0]) if x.shape[0] <= MAX_M and use_kernels(x) else None
    return F.linear(x, weight) if config is None else skinny_matmul(x, weight, config)


def _skinny_linear_fake(x: torch.Tensor, weight: torch.Tensor, plan: list[int]) -> torch.Tensor:
    return x.new_empty((x.shape[0], weight.shape[0]))


skinny_linear = define_op(
    "skinny_linear(Tensor x, Tensor weight, int[] plan) -> Tensor",
    _skinny_linear,
    "CompositeExplicitAutograd",
    _skinny_linear_fake,
)


class SkinnyLinear(nn.Linear):
    """A bias-free `nn.Linear` whose forward is `qcompile::skinny_linear` under its `plan`.

    It adds no state but the plan, so `enable_skinny_gemm` retypes linears in place: parameters, hooks
    (the tensor-parallel `lm_head` all-gather) and sharded widths stay as they were."""

    plan: list[int]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # widths from the weight: a tensor-parallel shard narrows it, not `in_features` / `out_features`
        n, k = self.weight.shape
        return skinny_linear(x.reshape(-1, k), self.weight, self.plan).view(*x.shape[:-1], n)


ShapeKey = tuple[torch.dtype, int, int]  # (dtype, N, K)


def eligible(module: nn.Module) -> bool:
    """A plain bias-free `nn.Linear` with a contiguous weight in a skinny dtype."""
    return (
        type(module) is nn.Linear
        and module.bias is None
        and module.weight.dtype in DTYPES
        and module.weight.is_contiguous()
    )


def enable_skinny_gemm(
    model: nn.Module,
    plans: dict[ShapeKey, list[int]] | None = None,
    tune: Callable[[ShapeKey, torch.device], list[int]] | None = None,
) -> dict[ShapeKey, list[int]]:
    """Retype every eligible linear of `model` into `SkinnyLinear`; returns the plan of each shape.

    Shapes missing from `plans` are measured by `tune(key, device)` (default: `tune_shape`'s plan) on
    the weight's CUDA device; call this before compiling and before any CUDA graph capture. A linear
    whose plan is cuBLAS for every bucket stays as it is (the op would only add its dispatch), and so
    does a CPU linear whose shape has no plan."""
    plans = {key: check_plan(plan) for key, plan in (plans or {}).items()}
    for module in model.modules():
        if not eligible(module):
            continue
        plan = plan_for(module.weight, plans, tune)
        if plan is not None:
            module.__class__ = SkinnyLinear
            module.plan = plan
    return plans


def plan_for(
    weight: torch.Tensor,
    plans: dict[ShapeKey, list[int]],
    tune: Callable[[ShapeKey, torch.device], list[int]] | None = None,
) -> list[int] | None:
    """The plan of `weight [N, K]`'s shape, timed on its GPU by `tune` when `plans` lacks it (and then
    recorded there); None where every bucket is cuBLAS, or for a CPU weight without a plan."""
    key = (weight.dtype, weight.shape[0], weight.shape[1])
    if key not in plans:
        if not weight.is_cuda:
            return None
        plans[key] = check_plan((tune or tune_plan)(key, weight.device))
    return None if plans[key] == ALL_CUBLAS else list(plans[key])


@dataclasses.dataclass(frozen=True)
class Timing:
    """One measurement of `tune_shape`: rows, the path (None: cuBLAS) and µs per call (inf: not built)."""

    m: int
    config: SkinnyConfig | None
    us: float


def graph_us(calls: Sequence[Callable[[], object]], replays: int = 7) -> float:
    """Median µs per call of `calls` replayed from one CUDA graph (warmed on a side stream, as capture
    wants: Triton compiles and cuBLAS sets up there)."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for call in calls:
            call()
    torch.cuda.current_stream().wait_stream(side)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for call in calls:
            call()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(replays):
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1000.0 / len(calls))
    return statistics.median(times)


def tune_shape(
    key: ShapeKey,
    device: torch.device,
    buckets: Iterable[int] = BUCKETS,
    candidates: dict[int, tuple[SkinnyConfig, ...]] = CANDIDATES,
    timer: Callable[[Sequence[Callable[[], object]]], float] = graph_us,
) -> tuple[list[int], list[Timing]]:
    """Time cuBLAS and every candidate per bucket on random weights of `key`; the plan and the timings.

    The calls (at least MIN_CALLS) cycle over enough weight copies to exceed twice the L2 cache (at most
    MAX_COPIES), so each reads its weight from memory as decode does. A candidate this GPU or Triton
    cannot build (out of resources, a compile error) gets an infinite time; a kernel is picked only when
    it beats cuBLAS by MARGIN."""
    dtype, n, k = key
    l2 = torch.cuda.get_device_properties(device).L2_cache_size if device.type == "cuda" else 0
    copies = max(1, min(MAX_COPIES, math.ceil(2 * l2 / (n * k * dtype.itemsize))))
    gen = torch.Generator(device=device).manual_seed(n * 7919 + k)
    copy = [torch.randn(n, k, device=device, generator=gen).div_(math.sqrt(k)).to(dtype) for _ in range(copies)]
    weights = [copy[i % copies] for i in range(max(copies, MIN_CALLS))]
    picks: dict[int, SkinnyConfig | None] = {}
    timings: list[Timing] = []
    for m in buckets:
        x = torch.randn(m, k, device=device, generator=gen).to(dtype)
        base = timer([functools.partial(F.linear, x, w) for w in weights])
        timings.append(Timing(m, None, base))
        best, best_us = None, base * (1.0 - MARGIN)
        for config in candidates[m]:
            try:
                us = timer([functools.partial(skinny_matmul, x, w, config) for w in weights])
            except (OutOfResources, CompilationError):  # this GPU / Triton cannot build it: no candidate here
                us = math.inf
            timings.append(Timing(m, config, us))
            if us < best_us:
                best, best_us = config, us
        picks[m] = best
    return encode(picks), timings


def tune_plan(key: ShapeKey, device: torch.device) -> list[int]:
    """`tune_shape`'s plan alone (the default tuner of `enable_skinny_gemm`)."""
    return tune_shape(key, device)[0]


def plans_to_json(plans: dict[ShapeKey, list[int]]) -> dict[str, list[int]]:
    """Plans keyed `"bfloat16 NxK"`, for a file the GPU script writes and `plans_from_json` reads."""
    return {f"{str(d).removeprefix('torch.')} {n}x{k}": list(p) for (d, n, k), p in plans.items()}


def plans_from_json(raw: dict[str, list[int]]) -> dict[ShapeKey, list[int]]:
    """The inverse of `plans_to_json`; ValueError naming a malformed key or plan."""
    plans: dict[ShapeKey, list[int]] = {}
    for name, plan in raw.items():
        try:
            dtype_name, shape = name.split(" ")
            n, k = (int(v) for v in shape.split("x"))
            dtype = getattr(torch, dtype_name)
        except (ValueError, AttributeError):
            raise ValueError(f"skinny plan key {name!r} is not '<dtype> <N>x<K>'") from None
        if dtype not in DTYPES:
            raise ValueError(f"skinny plan key {name!r}: dtype must be one of {DTYPES}")
        plans[(dtype, n, k)] = check_plan(plan)
    return plans
