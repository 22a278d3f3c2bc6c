"""Seconds to compile a preset's model at one scope, cold (empty Inductor and Triton caches) then warm.

    python scripts/experiments/compile_seconds.py --preset tiny8 --layers 16 --scope kernel --ranges 1,2:16 [--no-share]
        [--caches DIR] [--profile cold.prof] [--inductor-config NAME=VALUE,...] [--cold-only] [--trace-cost N] [--aot]

The model is built in memory on `--device` with the preset's geometry and random weights; `--layers N` repeats the
preset's layer schedule (layer kinds, PLE layers) to N layers, so 8 and 16 layers of tiny8 hold the
same distinct pieces. Cold is the first compile in a process with fresh cache folders; warm is a
second compile after a Dynamo reset (Inductor's caches now hold every piece). Prints one table row
per compile: Dynamo traces, Inductor compiles, pieces that shared another's compile, seconds in all
and inside the backend (splitting and Inductor; the rest is Dynamo's tracing and the warmup runs).
`--trace-cost N` only traces (the backend hands Dynamo's graph back uncompiled) and lists the N
functions of the model's source with the most Dynamo seconds of their own: where a trace goes.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import logging
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def parse_ranges(text: str) -> list[tuple[int, int]]:
    """`1,2:16` -> [(1, 1), (2, 16)]."""
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition(":")
        out.append((int(lo), int(hi or lo)))
    return out


@contextlib.contextmanager
def trace_costs() -> Iterator[tuple[Counter[str], Counter[str]]]:
    """(bytecode steps, own seconds) per traced function while inside: each Dynamo step is charged to
    the function it runs in, less the steps of the functions it inlines."""
    from torch._dynamo.symbolic_convert import InstructionTranslatorBase

    steps: Counter[str] = Counter()
    own: Counter[str] = Counter()
    inner = [0.0]  # the seconds of the steps running inside the current one
    step = InstructionTranslatorBase.step

    def charged(self: InstructionTranslatorBase) -> object:
        key = f"{self.f_code.co_filename.split('/site-packages/')[-1]}:{self.f_code.co_name}"
        steps[key] += 1
        outer, inner[0] = inner[0], 0.0
        start = time.perf_counter()
        try:
            return step(self)
        finally:
            seconds = time.perf_counter() - start
            own[key] += seconds - inner[0]
            inner[0] = outer + seconds

    InstructionTranslatorBase.step = charged  # type: ignore[method-assign]
    try:
        yield steps, own
    finally:
        InstructionTranslatorBase.step = step  # type: ignore[method-assign]


class _Compiles(logging.Handler):
    """Counts the backend's per-piece log lines: one per Inductor compile, one per shared piece."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.compiled = self.shared = 0

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        self.compiled += "compiling" in message
        self.shared += "shares the compiled" in message


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--preset", default="tiny8")
    p.add_argument("--layers", type=int, help="repeat the preset's layer schedule to this many layers")
    p.add_argument("--scope", default="kernel", choices=("layer", "block", "kernel"))
    p.add_argument("--ranges", type=parse_ranges, default=parse_ranges("1,2:16"))
    p.add_argument("--device", default="cpu")
    p.add_argument("--dtype", default="float32", choices=("float32", "bfloat16", "float16"))
    p.add_argument("--no-share", action="store_true", help="compile the pieces of identical layers one by one")
    p.add_argument(
        "--caches", type=Path, help="an empty folder for the Inductor and Triton caches (kept: generated code)"
    )
    p.add_argument("--profile", type=Path, help="write a cProfile of the cold compile here (pstats format)")
    p.add_argument(
        "--inductor-config",
        default="",
        help="patches of torch._inductor.config (an A/B such as triton.autotune_pointwise=False)",
    )
    p.add_argument("--cold-only", action="store_true", help="skip the second (warm-cache) compile")
    p.add_argument(
        "--aot",
        action="store_true",
        help="save the compiled forward under the caches' aot/ folder, or load it from there untraced "
        "(run twice with --caches DIR --cold-only: the second process loads)",
    )
    p.add_argument("--trace-cost", type=int, metavar="N", help="trace only; list the N costliest functions")
    args = p.parse_args()

    caches = str(args.caches) if args.caches else tempfile.mkdtemp(prefix="qcompile-cold-")
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = f"{caches}/inductor"
    os.environ["TRITON_CACHE_DIR"] = f"{caches}/triton"

    import torch

    from qcompile.commands.checks import inductor_patch_list  # after the cache folders: it imports torch

    patches = inductor_patch_list(args.inductor_config) if args.inductor_config else []
    from model.checkpoint.loader import _uninitialised
    from model.config import Qwen4ExpConfig
    from model.presets import preset_config
    from model.qwen4_exp import Qwen4ExpForCausalLM
    from qcompile.compiler.backend import QBackend
    from qcompile.compiler.compiled import CompiledForward

    raw = preset_config(args.preset)
    if args.layers is not None:
        n0, n = raw["num_hidden_layers"], args.layers
        raw["layer_types"] = [raw["layer_types"][i % n0] for i in range(n)]
        raw["ple_layer_ids"] = [i for i in range(n) if i % n0 in set(raw["ple_layer_ids"])]
        raw["num_hidden_layers"] = n
    torch.manual_seed(0)
    with torch.device(args.device), _uninitialised(getattr(torch, args.dtype)):  # as the bench builds it
        model = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(raw)).eval().requires_grad_(False)
    for weight in model.parameters():  # values do not change what compiles; finite ones keep warmup sane
        weight.normal_(0.0, 0.02)
    model.init_state(max_num_seqs=4, max_model_len=64)

    backend_s = [0.0]  # inside QBackend (split, Inductor); the rest is Dynamo's tracing and the warmup runs
    traced = QBackend.dispatch

    def timed(self: QBackend, gm: torch.fx.GraphModule, example_inputs: list[object]) -> object:
        start = time.perf_counter()
        try:
            return gm.forward if args.trace_cost else traced(self, gm, example_inputs)
        finally:
            backend_s[0] += time.perf_counter() - start

    QBackend.dispatch = timed  # type: ignore[method-assign]
    if args.trace_cost:
        with trace_costs() as (steps, own), torch.no_grad():
            start = time.perf_counter()
            CompiledForward(model, args.ranges, args.scope).warmup(model.padding_batch)
        print(f"trace and run {time.perf_counter() - start:.1f} s, {sum(steps.values())} Dynamo steps:")
        for key, seconds in own.most_common(args.trace_cost):
            print(f"  {seconds:6.2f} s {steps[key]:6d} steps  {key.removeprefix(str(ROOT) + '/')}")
        return
    counts = _Compiles()
    logger = logging.getLogger("qcompile.compiler.backend")
    logger.addHandler(counts)
    logger.setLevel(logging.INFO)
    share = "no" if args.no_share else "yes"
    print(f"{args.preset} x{raw['num_hidden_layers']} layers, scope {args.scope}, ranges {args.ranges}, {args.dtype}")
    print("| caches | share | traces | compiles | shared | seconds | in the backend |\n|---|---|---|---|---|---|---|")
    for caches_state in ("cold",) if args.cold_only else ("cold", "warm"):
        torch._dynamo.reset()
        counts.compiled = counts.shared = 0
        backend_s[0] = 0.0
        compiled = CompiledForward(
            model,
            args.ranges,
            args.scope,
            share_pieces=not args.no_share,
            inductor=patches,
            aot_dir=f"{caches}/aot" if args.aot else None,
        )
        profiler = cProfile.Profile() if args.profile and caches_state == "cold" else None
        start = time.perf_counter()
        with torch.no_grad(), profiler or contextlib.nullcontext():
            compiled.warmup(model.padding_batch)
            if args.device.startswith("cuda"):
                torch.cuda.synchronize()
        seconds = time.perf_counter() - start
        if profiler:
            profiler.dump_stats(args.profile)
        state = "aot load" if compiled.aot_loaded else caches_state
        row = (state, share, compiled.backend.traces, counts.compiled, counts.shared, f"{seconds:.1f}")
        row += (f"{backend_s[0]:.1f}",)
        print("| " + " | ".join(map(str, row)) + " |", flush=True)


if __name__ == "__main__":
    main()
