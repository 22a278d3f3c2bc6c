"""What a decode step launches: kernels per step, device time per kernel class, from one profiler pass.

The bench times without the profiler (it adds host overhead) and then runs a few more steps under
`torch.profiler` to count what the device did. Kernels inside a replayed CUDA graph are recorded
one by one, so graphed and eager steps are counted alike. Classes are matched on the kernel name,
first match wins; what matches none is "other".

A kernel launched as a programmatic dependent (`model.kernels.codes.pdl`) starts while the one
before it in its stream still runs and waits for it, so recorded durations overlap. Each kernel is
charged from when it started or the kernels before it in its stream had finished, whichever is later,
to its end (`own_us`): the charges partition the stream's busy time, and a waiting kernel is not
charged for the one it waits on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import torch

# (class, pattern over the kernel name), in match order
KERNEL_CLASSES: tuple[tuple[str, str], ...] = (
    ("copy", r"^Memcpy|^Memset|copy_kernel|CatArrayBatched"),
    ("gemm", r"gemm|gemv|cutlass|nvjet|sm90_|sm100_|splitKreduce|cublas"),
    ("gather/scatter", r"gather|scatter|index_put|indexing_backward|index_elementwise|IndexKernel"),
    ("sort/topk", r"sort|topk|radix|bitonic|Radix"),
    ("fused moe", r"^_(gate_up|down|sum|align|count)_kernel$"),  # model/kernels/fused_moe.py
    ("gdn", r"^_decode_kernel$|gated_delta|delta_rule|recurrent|chunk_|l2norm|solve_tril"),  # ours, fla's
    ("attention", r"^_(split|merge)_kernel$"),  # model/kernels/attention_decode.py
    ("hc read", r"^_hc_(down|mix)_kernel$"),  # model/kernels/hc_read.py
    ("inductor triton", r"^triton_"),
    ("other triton", r"_kernel$"),
    ("aten elementwise", r"elementwise|vectorized|unrolled|reduce_kernel|softmax|Reduce"),
)


def kernel_class(name: str) -> str:
    return next((c for c, pattern in KERNEL_CLASSES if re.search(pattern, name)), "other")


def own_us(intervals: list[tuple[object, float, float]]) -> list[float]:
    """Per `(stream, start, end)` interval, in µs: `end - max(start, latest end of the stream's intervals
    that started before it)`, at least 0, in the order given."""
    order = sorted(range(len(intervals)), key=lambda i: (str(intervals[i][0]), intervals[i][1]))
    done: dict[object, float] = {}
    own = [0.0] * len(intervals)
    for i in order:
        stream, start, end = intervals[i]
        own[i] = max(0.0, end - max(start, done.get(stream, start)))
        done[stream] = max(end, done.get(stream, end))
    return own


@dataclass
class StepProfile:
    """Per decode step: kernels launched, device microseconds in all and per class (`own_us`)."""

    kernels: float
    device_us: float
    classes_us: dict[str, float] = field(default_factory=dict)
    top: list[tuple[str, float, float]] = field(default_factory=list)  # (name, calls/step, µs/step), every kernel


def profile_steps(run: Callable[[], object], steps: int) -> StepProfile:
    """Profile `run()` (which performs `steps` decode steps) and divide what the device did by `steps`."""
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        run()
        torch.cuda.synchronize()
    kernels = [e for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA]
    intervals = [((e.device_index, e.device_resource_id), e.time_range.start, e.time_range.end) for e in kernels]
    calls: Counter[str] = Counter()
    us: Counter[str] = Counter()
    for e, t in zip(kernels, own_us(intervals), strict=True):
        calls[e.name] += 1
        us[e.name] += t
    classes: Counter[str] = Counter()
    for name, t in us.items():
        classes[kernel_class(name)] += t
    top = [(name[:120], calls[name] / steps, t / steps) for name, t in us.most_common()]
    return StepProfile(
        kernels=sum(calls.values()) / steps,
        device_us=sum(us.values()) / steps,
        classes_us={c: t / steps for c, t in classes.most_common()},
        top=top,
    )
