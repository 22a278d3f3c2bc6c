"""What a decode step launches: kernels per step, device time per kernel class, from one profiler pass.

The bench times without the profiler (it adds host overhead) and then runs a few more steps under
`torch.profiler` to count what the device did. Kernels inside a replayed CUDA graph are recorded
one by one, so graphed and eager steps are counted alike. Classes are matched on the kernel name,
first match wins; what matches none is "other".
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


@dataclass
class StepProfile:
    """Per decode step: kernels launched, device microseconds in all and per class."""

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
    calls: Counter[str] = Counter()
    us: Counter[str] = Counter()
    for e in prof.events():
        if e.device_type != torch.autograd.DeviceType.CUDA:
            continue
        calls[e.name] += 1
        us[e.name] += e.device_time
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
