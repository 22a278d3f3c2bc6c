"""Where a prefill forward's host time goes, on CUDA: wall against host time, syncs, cProfile's top.

Builds the bench preset in bf16 (random weights), compiles the kernel scope with the serving ranges,
then for each prefill shape times it (`time_prefill`), times how long the host takes to launch one
call (the forward's return, before the stream drains) against the call's wall, lists every host
sync of one call (`torch.cuda.set_sync_debug_mode`, by Python line), and profiles a warm and a timed
call with cProfile: its own time by package (triton, fla, torch's subpackages, Inductor's generated
code, our folders), then its top functions. Without syncs the wall is the larger of host and device time; each sync adds
the device's backlog to the host's. `--skinny-gemm` first routes the decode-sized GEMMs through the
skinny op for rows 1 and 8, as `qcompile bench --skinny-gemm` does; `--graphs` runs the compiled scopes'
prefill through piecewise CUDA graphs captured at each shape's token count (only the splitting ops,
the GDN and attention cores, launch from the host), as `qcompile bench --prefill-graphs` does. Usage:
`python scripts/experiments/prefill_host.py [--scopes eager,kernel] [--shapes 1x2048,16x256] [--skinny-gemm]
[--graphs]`.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import pstats
import time
import warnings
from pathlib import Path

import torch

import qcompile
from model.batch import Chunk, build_batch
from model.context import forward_context
from qcompile.commands.workload import FIRST_ID, time_prefill
from qcompile.cudagraph import Dispatcher, resolve_mode
from qcompile.synthetic import build_random


def host_and_syncs(model, fn, dispatcher, requests: int, tokens: int) -> tuple[float, float, collections.Counter]:
    """(host seconds to launch, wall seconds, sync sites) of one warm prefill call."""
    gen = torch.Generator().manual_seed(1)
    ids = [torch.randint(FIRST_ID, model.config.vocab_size, (tokens,), generator=gen).tolist() for _ in range(requests)]
    how = dispatcher.dispatch(requests * tokens, uniform_decode=tokens == 1)
    batch = build_batch([Chunk(s, ids[s], 0) for s in range(requests)], model.trash_slot, "cuda", pad_to=how.padded)
    last = torch.tensor(batch.last_token_index, device="cuda")  # a list index would copy, and sync, in the call
    sites: collections.Counter = collections.Counter()
    for debug in (False, True):
        torch.cuda.synchronize()
        with warnings.catch_warnings(record=True) as seen, torch.no_grad(), forward_context(batch.host, how):
            warnings.simplefilter("always")
            torch.cuda.set_sync_debug_mode("warn" if debug else 0)
            t = time.perf_counter()
            hidden = fn(*batch.tensors())
            model.compute_logits(hidden[last])
            host = time.perf_counter() - t
            torch.cuda.set_sync_debug_mode(0)
            torch.cuda.synchronize()
            wall = time.perf_counter() - t
        if debug:
            sites.update(f"{w.filename}:{w.lineno}" for w in seen if "synchroniz" in str(w.message))
        else:
            result = host, wall
    return *result, sites


def package(filename: str) -> str:
    """Where a profiled function lives: `torch/_inductor`, `triton`, `fla`, `model/kernels`, ..."""
    if filename.startswith("~"):
        return "C builtins"
    if "/site-packages/" in filename:
        parts = filename.split("/site-packages/")[-1].split("/")
        return "/".join(parts[:2]) if parts[0] == "torch" and len(parts) > 2 else parts[0]
    if "torchinductor" in filename or "/inductor/" in filename:
        return "Inductor's generated code"
    root = f"{Path(__file__).resolve().parents[2]}/"
    if filename.startswith(root):
        return "/".join(filename[len(root) :].split("/")[:2])
    return "python"


def by_package(stats: pstats.Stats) -> list[tuple[str, int, float]]:
    """(package, calls, own seconds), most own time first."""
    calls: collections.Counter = collections.Counter()
    own: collections.Counter = collections.Counter()
    for (filename, _, _), (_, ncalls, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        calls[package(filename)] += ncalls
        own[package(filename)] += tottime
    return sorted(((k, calls[k], own[k]) for k in calls), key=lambda row: -row[2])


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--scopes", default="eager,kernel")
    p.add_argument("--shapes", default="1x2048,8x512,16x256")
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--skinny-gemm", action="store_true")
    p.add_argument("--graphs", action="store_true")
    args = p.parse_args()
    shapes = [tuple(int(x) for x in s.split("x")) for s in args.shapes.split(",")]
    model = build_random("bench", "bfloat16", "cuda")
    model.init_state(max_num_seqs=max(r for r, _ in shapes), max_model_len=max(t for _, t in shapes), merge=True)
    if args.skinny_gemm:
        from model.skinny_setup import prepare_skinny

        print(prepare_skinny(model, [1, 8]).summary(), flush=True)
    for scope in args.scopes.split(","):
        fn, dispatcher = model, Dispatcher(resolve_mode("none", False))
        if scope != "eager":
            torch._dynamo.reset()
            fn = qcompile.compile(model, ranges=[(1, 1), (2, max(r * t for r, t in shapes))], scope=scope)
            t = time.perf_counter()
            fn.warmup()
            print(f"{scope}: compile {time.perf_counter() - t:.1f} s", flush=True)
            if args.graphs:
                fn.set_cudagraph("piecewise", capture_sizes=sorted({r * t for r, t in shapes}))
                print(fn.capture().summary(), flush=True)
            dispatcher = fn.dispatcher
        for r, t in shapes:
            rate = time_prefill(model, fn, dispatcher, r, t).tok_s
            host, wall, sites = host_and_syncs(model, fn, dispatcher, r, t)
            print(f"\n{scope} {r}x{t}: {rate:.0f} tok/s; one call: host {host * 1e3:.1f} ms, wall {wall * 1e3:.1f} ms")
            print(f"  host syncs: {sum(sites.values())}" + "".join(f"\n    {n}x {s}" for s, n in sites.most_common(12)))
            prof = cProfile.Profile()
            prof.enable()
            time_prefill(model, fn, dispatcher, r, t, repeats=1)
            prof.disable()
            stats = pstats.Stats(prof)
            print(f"{scope} {r}x{t}: cProfile of a warm and a timed call, own time by package:")
            for name, n, seconds in by_package(stats):
                print(f"  {seconds * 1e3:8.1f} ms {n:7d} calls  {name}")
            stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
