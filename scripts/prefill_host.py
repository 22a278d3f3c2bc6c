"""Where a prefill forward's host time goes, on CUDA: wall against device time, and cProfile's top.

Builds the bench preset in bf16 (random weights), compiles the kernel scope with the serving ranges,
then for each prefill shape times it (`prefill_rate`) and profiles a warm and a timed call with
cProfile (a host sync shows up as the tottime of whatever call waits). Usage:
`python scripts/prefill_host.py [--scopes eager,kernel] [--shapes 1x2048,16x256]`.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

import torch

import qcompile
from qcompile.commands.workload import prefill_rate
from qcompile.synthetic import build_random


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--scopes", default="eager,kernel")
    p.add_argument("--shapes", default="1x2048,8x512,16x256")
    p.add_argument("--top", type=int, default=25)
    args = p.parse_args()
    shapes = [tuple(int(x) for x in s.split("x")) for s in args.shapes.split(",")]
    model = build_random("bench", "bfloat16", "cuda")
    model.init_state(max_num_seqs=max(r for r, _ in shapes), max_model_len=max(t for _, t in shapes), merge=True)
    for scope in args.scopes.split(","):
        fn = model
        if scope != "eager":
            torch._dynamo.reset()
            fn = qcompile.compile(model, ranges=[(1, 1), (2, max(r * t for r, t in shapes))], scope=scope)
            t = time.perf_counter()
            fn.warmup()
            print(f"{scope}: compile {time.perf_counter() - t:.1f} s", flush=True)
        for r, t in shapes:
            rate = prefill_rate(model, fn, r, t)
            prof = cProfile.Profile()
            prof.enable()
            prefill_rate(model, fn, r, t, repeats=1)
            prof.disable()
            print(f"\n{scope} {r}x{t}: {rate:.0f} tok/s; cProfile of a warm and a timed call:", flush=True)
            pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
