"""Time the GDN delta-rule core at the bench preset's shapes: torch path against the kernels (CUDA).

Decode (batch 1/8/64, one layer's `delta_rule` call, CUDA-graphed, µs per call): the torch path
(gathered states in working-set chunks) against the in-place Triton step, with a sweep of its
block width and warps. Prefill (1x2048, 8x512, 16x256): `torch_delta_rule` (chunk_rule one request
at a time) against fla's varlen kernels with float32 and with bfloat16 q/k/v, with each variant's
error against the torch float32 output. Then a whole bf16 GDN layer's decode step with and without
the kernels. Prints tables; run by `scripts/gpu/gpu_gdn_kernels.sh`.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable

import torch
import torch.nn.functional as F

import model.gdn as gdn_module
from model.batch import Chunk, build_batch
from model.config import Qwen4ExpConfig
from model.context import forward_context
from model.gdn import GatedDeltaNet
from model.kernels.gdn_decode import recurrent_decode
from model.kernels.gdn_prefill import chunked_varlen
from model.presets import preset_config

CFG = Qwen4ExpConfig.from_dict(preset_config("bench"))
H, DK, DV = CFG.linear_num_value_heads, CFG.linear_key_head_dim, CFG.linear_value_head_dim
HK = CFG.linear_num_key_heads  # q/k one per key head, as the layer passes them


def inputs(n: int, seed: int = 0) -> list[torch.Tensor]:
    gen = torch.Generator(device="cuda").manual_seed(seed)
    q = F.normalize(torch.randn(n, HK, DK, device="cuda", generator=gen), dim=-1) * DK**-0.5
    k = F.normalize(torch.randn(n, HK, DK, device="cuda", generator=gen), dim=-1)
    v = torch.randn(n, H, DV, device="cuda", generator=gen)
    g = -F.softplus(torch.randn(n, H, device="cuda", generator=gen))
    beta = torch.rand(n, H, device="cuda", generator=gen)
    return [q, k, v, g, beta]


def replayed_us(fn: Callable[[], object], iters: int) -> float:
    """Mean µs per call of `fn` captured alone in a CUDA graph, replayed `iters` times (a warm call first
    compiles and allocates); each replay is a launch from the host, unlike `scripts/experiments/graph_timing.py`."""
    fn()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    graph.replay()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        graph.replay()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) * 1e3 / iters


def eager_us(fn: Callable[[], object], iters: int) -> float:
    fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) * 1e3 / iters


def core_module(slots: int) -> GatedDeltaNet:
    with torch.device("cuda"):
        gdn = GatedDeltaNet(CFG).to(torch.bfloat16)
    gdn.init_state(slots, torch.bfloat16)
    gdn.recurrent.normal_(0, 0.1)
    return gdn


def decode_row(b: int, iters: int, sweep_blocks: bool) -> None:
    gdn = core_module(b + 1)
    batch = build_batch([Chunk(i, [0], 5) for i in range(b)], trash_slot=b, device="cuda")
    x = (*inputs(b), batch.slots, batch.write_slots)
    with forward_context(batch.host):
        old = replayed_us(lambda: gdn.torch_delta_rule(*x), iters)
        new = replayed_us(lambda: gdn.delta_rule(*x), iters)
    q, k, v, g, beta, slots, write_slots = x
    sweep = {}
    for bv, warps in ((16, 1), (16, 2), (32, 2), (32, 4), (64, 4), (64, 8), (128, 8)) if sweep_blocks else ():
        sweep[bv, warps] = replayed_us(
            functools.partial(recurrent_decode, q, k, v, g, beta, gdn.recurrent, slots, write_slots, bv, warps), iters
        )
    sweep["default"] = new
    best = min(sweep, key=sweep.__getitem__)
    nbytes = 2 * b * H * DK * DV * 4
    print(
        f"| {b} | {old:.1f} | {new:.1f} | {sweep[best]:.1f} {best} | {nbytes / 4.8e6:.1f} | "
        f"{nbytes / sweep[best] / 1e6:.2f} |"
    )
    if sweep_blocks:
        print("   sweep: " + ", ".join(f"{key}: {us:.1f}" for key, us in sweep.items()))


def prefill_row(reqs: int, length: int, iters: int) -> None:
    gdn = core_module(reqs + 1)
    batch = build_batch([Chunk(i, [0] * length, 0) for i in range(reqs)], trash_slot=reqs, device="cuda")
    x = inputs(reqs * length, seed=1)
    start = gdn.recurrent.clone()
    variants = {
        "torch": lambda: gdn.torch_delta_rule(*x, batch.slots, batch.write_slots),
        "fp32": lambda: chunked_varlen(*x, gdn.recurrent, batch.host.query_start, batch.host.slots),
        "bf16": lambda: chunked_varlen(
            *x, gdn.recurrent, batch.host.query_start, batch.host.slots, dtype=torch.bfloat16
        ),
    }
    outs, us = {}, {}
    with forward_context(batch.host):
        for name, fn in variants.items():
            gdn.recurrent.copy_(start)
            outs[name] = fn()
            us[name] = eager_us(fn, iters)
    ref = outs["torch"].double()
    err = {name: ((t.double() - ref).pow(2).mean() / ref.pow(2).mean()).sqrt().item() for name, t in outs.items()}
    rounding = ((ref.bfloat16().double() - ref).pow(2).mean() / ref.pow(2).mean()).sqrt().item()
    print(
        f"| {reqs}x{length} | {us['torch']:.0f} | {us['fp32']:.0f} | {us['bf16']:.0f} | "
        f"{us['torch'] / us['fp32']:.1f}x | {err['fp32']:.2e} | {err['bf16']:.2e} | {rounding:.2e} |"
    )


def layer_row(b: int, iters: int) -> None:
    gdn = core_module(b + 1)
    with torch.no_grad():
        for p in gdn.parameters():
            p.normal_(0, p.shape[-1] ** -0.5 if p.dim() > 1 else 0.3)
    batch = build_batch([Chunk(i, [0], 5) for i in range(b)], trash_slot=b, device="cuda")
    x = torch.randn(b, CFG.hidden_size, device="cuda", dtype=torch.bfloat16)
    times = []
    for kernels in (False, True):
        gdn_module.use_kernels = functools.partial(use_device_kernels, kernels)
        with torch.no_grad(), forward_context(batch.host):
            times.append(replayed_us(lambda: gdn(x, batch.slots, batch.offsets, batch.write_slots), iters))
    print(f"| {b} | {times[0]:.1f} | {times[1]:.1f} |")


def use_device_kernels(on: bool, t: torch.Tensor) -> bool:
    return on and t.is_cuda


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--sections", default="decode,prefill,layer", help="comma-separated subset to run")
    ap.add_argument("--no-sweep", action="store_true", help="decode: time only the default block width")
    args = ap.parse_args()
    sections = set(args.sections.split(","))
    print(f"# {torch.cuda.get_device_name()}, torch {torch.__version__}; bench GDN: H={H}, Dk={DK}, Dv={DV}")
    if "decode" in sections:
        decode_table(args.iters, not args.no_sweep)
    if "prefill" in sections:
        prefill_table(max(3, args.iters // 10))
    if "layer" in sections:
        layer_table(args.iters)


def decode_table(iters: int, sweep_blocks: bool) -> None:
    print("\n## decode: one layer's delta_rule, CUDA-graphed, µs per call (state read+write floor at 4.8 TB/s)")
    print("| batch | torch path | kernel (default) | best kernel (block_v, warps) | floor | kernel bandwidth TB/s |")
    print("|---|---|---|---|---|---|")
    for b in (1, 8, 64):
        decode_row(b, iters, sweep_blocks)


def prefill_table(iters: int) -> None:
    print("\n## prefill: one layer's delta-rule core, µs per call (eager), and error vs the torch fp32 output")
    print(
        "| requests x tokens | torch path | fla fp32 q/k/v | fla bf16 q/k/v | speed-up (fp32) | "
        "rel. RMS err fp32 | rel. RMS err bf16 | bf16 rounding |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for reqs, length in ((1, 2048), (8, 512), (16, 256)):
        prefill_row(reqs, length, iters)


def layer_table(iters: int) -> None:
    print("\n## decode: a whole bf16 GDN layer (projections, conv, norms, core), CUDA-graphed, µs per call")
    print("| batch | torch core | kernel core |")
    print("|---|---|---|")
    for b in (1, 8, 64):
        layer_row(b, iters)


if __name__ == "__main__":
    main()
