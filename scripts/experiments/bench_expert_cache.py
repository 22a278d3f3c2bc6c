"""Host expert banks on one GPU: the copy kernel's bandwidth and one layer's decode step against hit rate.

Prints (1) GB/s of `copy_expert_rows` moving M experts from the pinned bank into slots at each
`--block-words` (the words of a row a program moves at once) and `--programs` (programs a row), beside a
plain pinned -> device `copy_` of the same bytes (the copy engine, the PCIe ceiling); (2) one MoE layer's
decode step (`Experts.forward`: slot plan, copies, fused MoE) replayed as a CUDA graph, at forced hit rates
(`force_hit_rate_for_timing_only`: outputs wrong, timing only) and with experts resident; prefill sizes
whose experts outnumber the slots run in rounds (each round's plan, copies and GEMMs in turn). Experts are
random block-FP8 codes at the published geometry (2560 x 640, 512 experts) by default. With `--profile N`,
each row also says where its time goes: device µs a layer call per kernel name (plan, copy, gate_up, down,
sum, ...; calls a layer call before the µs) from a profiler pass over N replays, each kernel charged from
its own start or its predecessor's end (`kernel_profile.own_us`: programmatically dependent kernels
overlap), the rerouting between replays left out.

    PYTHONPATH=. python scripts/experiments/bench_expert_cache.py --slots 128 --tokens 1 4 512 2048 --profile 10
"""

from __future__ import annotations

import argparse
import copy
import itertools
from collections.abc import Callable

import torch

from model.config import Qwen4ExpConfig
from model.kernels.expert_copy import BLOCK_WORDS, PROGRAMS, copy_expert_rows
from model.moe import Experts
from model.presets import preset_config
from model.quant.experts import stored_shapes
from qcompile.commands.kernel_profile import profile_steps


def random_experts(experts: int, hidden: int, inter: int, top_k: int) -> Experts:
    """Block-FP8 experts with random codes (|w| < 1) and scales, made without a dense stack."""
    raw = preset_config("tiny") | {"num_experts": experts, "num_experts_per_tok": top_k}
    raw |= {"hidden_size": hidden, "moe_intermediate_size": inter}
    with torch.device("meta"):
        module = Experts(Qwen4ExpConfig.from_dict(raw))
    g = torch.Generator().manual_seed(0)
    stacks = []
    for n, k in ((2 * inter, hidden), (hidden, inter)):
        codes_shape, scale_shape = stored_shapes("fp8_block", n, k, (128, 128))
        codes = torch.randint(0, 0x38, (experts, *codes_shape), generator=g, dtype=torch.uint8)
        scale = torch.rand(experts, *scale_shape, generator=g) / k**0.5
        stacks.append((codes.view(torch.float8_e4m3fn), scale, None))
    module.keep_quantised("fp8_block", *stacks)
    return module


def timed(fn: object, reps: int) -> float:
    """Mean milliseconds of `fn()` over `reps` calls after two warm-ups."""
    for _ in range(2):
        fn()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / reps


def layer_kernels(replay: Callable[[], object], reroute: Callable[[], object], steps: int) -> str:
    """`calls x name µs` per kernel a layer call launches, over `steps` rerouted replays; the kernels of
    `reroute` (known by name from a pass of its own) left out."""
    if steps <= 0:
        return ""
    theirs = {name for name, _, _ in profile_steps(lambda: [reroute() for _ in range(steps)], steps).top}

    def run() -> None:
        for _ in range(steps):
            reroute()
            replay()

    ours = [(name, calls, us) for name, calls, us in profile_steps(run, steps).top if name not in theirs]
    parts = ", ".join(f"{calls:g}x {name} {us:.1f}" for name, calls, us in ours)
    return f"\n    kernels (device us a layer call): {parts}; {sum(us for _, _, us in ours):.1f} in all"


def bench_copy(module: Experts, counts: list[int], block_words: list[int], programs: list[int]) -> None:
    cache = module.cache
    bank = cache.banks["gate_up_proj"]
    slots = cache.slot_tensors()["gate_up_proj"]
    for m in counts:
        m = min(m, slots.shape[0], bank.shape[0])
        sources = torch.arange(m, device="cuda")
        targets = torch.arange(m, device="cuda")
        gb = m * bank[0].nbytes / 1e9
        plain = timed(lambda m=m: slots[:m].copy_(bank[:m], non_blocking=True), 20)
        rates = []
        for words, n in itertools.product(block_words, programs):
            ms = timed(lambda s=sources, t=targets, w=words, n=n: copy_expert_rows([(bank, slots)], s, t, w, n), 20)
            rates.append(f"kernel ({words} words at once, {n} programs a row) {gb / ms * 1e3:6.1f} GB/s")
        print(f"copy {m:4d} gate_up rows ({gb * 1e3:8.1f} MB): {', '.join(rates)}, copy_ {gb / plain * 1e3:6.1f} GB/s")


def bench_step(
    resident: Experts, offloaded: Experts, tokens: int, rates: list[float], reps: int, top_k: int, profile: int
) -> None:
    e = resident.num_experts
    hidden = resident.logical_shape("gate_up")[2]
    x = torch.randn(tokens, hidden, device="cuda", dtype=torch.bfloat16)
    w = torch.full((tokens, top_k), 1 / top_k, device="cuda", dtype=torch.bfloat16)
    ids = torch.zeros(tokens, top_k, dtype=torch.int64, device="cuda")
    g = torch.Generator(device="cuda").manual_seed(0)

    def reroute() -> None:
        ids.copy_(torch.rand(tokens, e, generator=g, device="cuda").argsort(-1)[:, :top_k])

    def graph(module: Experts) -> torch.cuda.CUDAGraph:
        stream = torch.cuda.Stream()
        with torch.cuda.stream(stream):
            for _ in range(2):
                module(x, w, ids)
        torch.cuda.synchronize()
        captured = torch.cuda.CUDAGraph()
        with torch.cuda.graph(captured):
            module(x, w, ids)
        return captured

    base = graph(resident)
    ms = timed(lambda: (reroute(), base.replay()), reps) - timed(reroute, reps)
    kernels = layer_kernels(base.replay, reroute, profile)
    print(f"{tokens} tokens, resident experts: {ms * 1e3:8.1f} us a layer{kernels}")
    cache = offloaded.cache
    print(f"{tokens} tokens: {cache.step_rounds(ids)} rounds of {cache.dynamic_slots} dynamic slots")
    for rate in rates:
        cache.force_hit_rate_for_timing_only(None if rate == 0 else rate)
        step = graph(offloaded)
        before = cache.counters.clone()
        ms = timed(lambda s=step: (reroute(), s.replay()), reps) - timed(reroute, reps)
        hits, misses, copied = (cache.counters - before).tolist()
        print(
            f"{tokens} tokens, forced {rate:4.2f}: {ms * 1e3:8.1f} us a layer, hit rate "
            f"{hits / max(hits + misses, 1):5.3f}, {copied / max(misses, 1) / 1e6:.2f} MB a miss"
            f"{layer_kernels(step.replay, reroute, profile)}"
        )
    cache.force_hit_rate_for_timing_only(None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--experts", type=int, default=512)
    parser.add_argument("--hidden", type=int, default=2560)
    parser.add_argument("--inter", type=int, default=640)
    parser.add_argument("--slots", type=int, default=128)
    parser.add_argument("--tokens", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--rates", type=float, nargs="+", default=[0.0, 0.5, 0.9, 0.95, 1.0])
    parser.add_argument("--copies", type=int, nargs="+", default=[1, 10, 40, 120])
    parser.add_argument("--block-words", type=int, nargs="+", default=[BLOCK_WORDS])
    parser.add_argument("--programs", type=int, nargs="+", default=[PROGRAMS])
    parser.add_argument("--top-k", type=int, default=10)
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--profile", type=int, default=0, help="replays of each row to profile per kernel (0: none)")
    args = parser.parse_args()
    host = random_experts(args.experts, args.hidden, args.inter, args.top_k)
    offloaded = copy.deepcopy(host)
    offloaded.offload(args.slots, pin=True)
    offloaded.cuda()
    resident = host.cuda()
    print(f"{torch.cuda.get_device_name()}: {args.experts} experts, {args.slots} slots, "
          f"{offloaded.cache.expert_bytes / 1e6:.2f} MB an expert")  # fmt: skip
    bench_copy(offloaded, args.copies, args.block_words, args.programs)
    for tokens in args.tokens:
        bench_step(resident, offloaded, tokens, args.rates, args.reps, args.top_k, args.profile)


if __name__ == "__main__":
    main()
