"""The skinny GEMM through the engine on one GPU: start-up, exactness and decode speed, on against off.

Builds one `LLM` per configuration of a checkpoint (kernel scope, FULL decode graphs, bf16 unless
named otherwise), one at a time, and prints its start-up stages and the skinny stage's line:

- `off`:    skinny_gemm=False (every GEMM on cuBLAS)
- `timed`:  the engine's default on CUDA, timing every shape and writing `--plans` (removed first)
- `cached`: the same from the plan file (nothing timed): must be bitwise `timed`
- `fp32`:   float32 with skinny off, the reference the bf16 runs are judged against

Each greedy-decodes `--batches` batches of random prompts (sizes that are capture sizes, so no run
pads what another does not). The table gives generate tokens/s (the short prefill included), and
against `fp32`: the earliest step where a request's token differs, and the mean and largest
|logprob - fp32's| of the chosen tokens before each request's first difference. `timed` and
`cached` should be no worse than `off` there.

    python scripts/gpu_skinny_engine.py --model /tmp/qc-bench-bfloat16 [--batches 1,8] [--steps 64]
    python scripts/gpu_skinny_engine.py --model TINY --device cpu --cudagraph none --scope layer --steps 4  # dry run
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import torch

from model.fuse import SKINNY_PLANS
from model.kernels.skinny import SkinnyLinear
from qcompile import LLM, CompileConfig, SamplingParams
from qcompile.engine.core import EngineCore
from qcompile.engine.engine_config import EngineConfig
from qcompile.engine.outputs import RequestOutput

CONFIGS = ("off", "timed", "cached", "fp32")


@dataclass
class Run:
    name: str
    stages: dict[str, float]
    skinny_line: str
    retyped: int
    merged: int
    tok_s: dict[int, float] = field(default_factory=dict)
    outputs: dict[int, list[tuple[list[int], list[float]]]] = field(default_factory=dict)


def prompts(batch: int, length: int, vocab: int) -> list[dict[str, list[int]]]:
    g = torch.Generator().manual_seed(batch)
    return [{"prompt_token_ids": torch.randint(3, vocab, (length,), generator=g).tolist()} for _ in range(batch)]


def chosen(out: RequestOutput) -> tuple[list[int], list[float]]:
    c = out.outputs[0]
    return list(c.token_ids), [lp[t].logprob for t, lp in zip(c.token_ids, c.logprobs, strict=True)]


def run(name: str, args: argparse.Namespace) -> Run:
    compile = CompileConfig(scope=args.scope, ranges=((1, 1), (2, args.max_range)), cudagraph=args.cudagraph)
    if name == "timed":
        args.plans.unlink(missing_ok=True)
    core = EngineCore(
        EngineConfig(
            str(args.model),
            device=args.device,
            dtype="float32" if name == "fp32" else "bfloat16",
            compile=compile,
            max_num_seqs=max(args.batches),
            max_model_len=args.prompt_len + args.steps + 8,
            skinny_gemm=False if name in ("off", "fp32") else None,
            skinny_plans=None if name in ("off", "fp32") else args.plans,
        )
    )
    skinny_line = "-"
    for stage in core.startup_stages():
        detail = stage.run()
        if stage.key == "skinny":
            skinny_line = str(detail)
    model = core.model
    merged = sum(len(getattr(m, SKINNY_PLANS, {})) for m in model.modules())
    result = Run(
        name, dict(core.stage_times), skinny_line, sum(type(m) is SkinnyLinear for m in model.modules()), merged
    )
    llm = LLM.from_core(core)
    params = SamplingParams(temperature=0.0, max_tokens=args.steps, logprobs=1, ignore_eos=True)
    for b in args.batches:
        batch = prompts(b, args.prompt_len, core.config.vocab_size)
        llm.generate(batch, params)  # warm
        times = []
        for _ in range(args.repeats):
            if args.device == "cuda":
                torch.cuda.synchronize()
            start = time.perf_counter()
            outs = llm.generate(batch, params)
            times.append(time.perf_counter() - start)
        result.tok_s[b] = b * args.steps / statistics.median(times)
        result.outputs[b] = [chosen(o) for o in outs]
    print(f"{name}: stages { ({k: round(v, 1) for k, v in result.stages.items()}) }", flush=True)
    print(f"  skinny: {skinny_line}; {result.retyped} SkinnyLinear modules, {merged} merged GEMMs planned", flush=True)
    del llm, core, model
    gc.collect()
    if args.device == "cuda":
        torch.cuda.empty_cache()
    return result


def against(run: Run, ref: Run, b: int) -> tuple[int, float, float]:
    """Earliest differing step, mean and largest |logprob difference| before each request's first difference."""
    first, diffs = 10**9, []
    for (tokens, lps), (ref_tokens, ref_lps) in zip(run.outputs[b], ref.outputs[b], strict=True):
        d = next((i for i, (t, r) in enumerate(zip(tokens, ref_tokens, strict=True)) if t != r), len(tokens))
        first = min(first, d)
        diffs += [abs(a - r) for a, r in zip(lps[:d], ref_lps[:d], strict=True)]
    return first, (statistics.fmean(diffs) if diffs else 0.0), max(diffs, default=0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True, help="a bf16 checkpoint folder")
    parser.add_argument("--configs", default=",".join(CONFIGS), help=f"comma list of {','.join(CONFIGS)}")
    parser.add_argument("--batches", default="1,8", help="decode batch sizes (capture sizes)")
    parser.add_argument("--steps", type=int, default=64, help="greedy tokens per request")
    parser.add_argument("--prompt-len", type=int, default=16)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--scope", default="kernel")
    parser.add_argument("--cudagraph", default="full_decode_only")
    parser.add_argument("--max-range", type=int, default=256, help="the compile ranges are 1:1,2:MAX")
    parser.add_argument("--plans", type=Path, default=Path("/tmp/skinny_plans.json"))
    parser.add_argument("--device", default="cuda", help="cpu (with --cudagraph none): a dry run of the script")
    args = parser.parse_args()
    args.batches = [int(b) for b in args.batches.split(",")]
    names = args.configs.split(",")
    if args.device == "cuda" and not torch.cuda.is_available():
        sys.exit("gpu_skinny_engine: needs a CUDA device (--device cpu --cudagraph none: a dry run)")
    runs = {name: run(name, args) for name in names}
    ref = runs.get("fp32")
    gpu = torch.cuda.get_device_name() if args.device == "cuda" else args.device
    print(f"\n{gpu}, torch {torch.__version__}, {args.model.name}, scope {args.scope}")
    heads = ("config", "batch", "tok/s", "skinny s", "compile s", "1st diff", "mean err", "max err")
    print(" ".join(f"{h:<8}" if i == 0 else f"{h:>9}" for i, h in enumerate(heads)))
    for name, r in runs.items():
        for b in args.batches:
            first, mean, worst = against(r, ref, b) if ref is not None and name != "fp32" else (-1, 0.0, 0.0)
            print(
                f"{name:<8} {b:>9} {r.tok_s[b]:>9.1f} {r.stages.get('skinny', 0.0):>9.1f} "
                f"{r.stages.get('compile', 0.0):>9.1f} {first:>9} {mean:>9.5f} {worst:>9.5f}"
            )
    if "timed" in runs and "cached" in runs:
        same = all(runs["timed"].outputs[n] == runs["cached"].outputs[n] for n in args.batches)
        print(f"cached bitwise timed: {'yes' if same else 'NO'}")
    if "off" in runs and "timed" in runs and ref is not None:
        for n in args.batches:
            off, on = against(runs["off"], ref, n)[1], against(runs["timed"], ref, n)[1]
            print(f"batch {n}: skinny mean error against fp32 {'no worse than' if on <= off else 'WORSE than'} off's")


if __name__ == "__main__":
    main()
