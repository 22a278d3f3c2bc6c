"""What fills the CUDA graph pool: FULL decode graphs of the bench preset, allocation by allocation.

Captures the default decode sizes (uncompiled, `full_decode_only`) with the allocator's history on,
then replays the pool's allocations in order and prints the peak of live pool bytes with the
allocations live at that peak, grouped by the innermost frame in this repo (or "no python frame":
a library's own allocation, such as a cuBLAS workspace), and the pool's segments; then times graphed
decode at each batch. It repeats that per working-set budget (`model.working_set`): the table shows
what a smaller budget saves in graph memory and costs in tokens/s. Needs one CUDA GPU.
Usage: `python scripts/experiments/graph_pool.py [--budgets 96,64,32] [--batches 1,8,64]`.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import model.working_set as working_set
from qcompile.commands.bench import build
from qcompile.commands.workload import decode_rate
from qcompile.cudagraph import GraphedForward

REPO = str(Path(__file__).resolve().parents[2])
MiB = 2**20


def where(frames: list[dict[str, Any]]) -> str:
    """The innermost frame in this repo or in generated code, as `file:line function`."""
    for f in frames:
        name = f["filename"]
        if name.startswith(REPO) or "torchinductor" in name:
            return f"{Path(name).name}:{f['line']} {f['name']}"
    return "no python frame" if not frames else f"{Path(frames[0]['filename']).name}:{frames[0]['line']}"


def pool_report(snapshot: dict[str, Any], pool: tuple[int, int]) -> int:
    """Print the pool's peak live allocations and segments; returns the pool's reserved bytes."""
    segments = [s for s in snapshot["segments"] if tuple(s["segment_pool_id"]) == tuple(pool)]
    spans = [(s["address"], s["address"] + s["total_size"]) for s in segments]
    live: dict[int, tuple[int, str]] = {}
    now = peak = 0
    at_peak: list[tuple[int, str]] = []
    started = False  # before the pool's first segment these addresses may have been another segment's
    for event in snapshot["device_traces"][0]:
        addr = event["addr"]
        if not any(a <= addr < b for a, b in spans):
            continue
        started = started or event["action"] == "segment_alloc"
        if not started:
            continue
        if event["action"] == "alloc":
            live[addr] = (event["size"], where(event.get("frames", [])))
            now += event["size"]
            if now > peak:
                peak, at_peak = now, list(live.values())
        elif event["action"] == "free_requested" and addr in live:
            now -= live.pop(addr)[0]
    by_site: dict[str, list[int]] = collections.defaultdict(list)
    for size, site in at_peak:
        by_site[site].append(size)
    print(f"  peak of live pool allocations {peak / MiB:.1f} MiB in {len(at_peak)} blocks:")
    for site, sizes in sorted(by_site.items(), key=lambda kv: -sum(kv[1]))[:14]:
        print(f"    {sum(sizes) / MiB:8.1f} MiB  {len(sizes):3d}×  {site}")
    reserved = sum(s["total_size"] for s in segments)
    print(
        f"  pool segments: {len(segments)}, reserved {reserved / MiB:.1f} MiB: "
        + ", ".join(f"{s['total_size'] / MiB:.0f}" for s in sorted(segments, key=lambda s: -s["total_size"]))
    )
    return reserved


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--budgets", default="96,64,32", help="working-set budgets in MiB, one capture each")
    p.add_argument("--batches", default="1,8,64")
    p.add_argument("--context", type=int, default=2048)
    p.add_argument("--steps", type=int, default=16)
    args = p.parse_args()
    device = torch.device("cuda")
    bench_args = argparse.Namespace(preset="bench", dtype="bfloat16", anchor_steps=0, anchor_prefill=0)
    model, _ = build(bench_args, device)
    batches = [int(b) for b in args.batches.split(",")]
    max_batch = max(batches)
    model.init_state(max_num_seqs=max_batch, max_model_len=args.context + args.steps + 16)
    print(
        f"{torch.cuda.get_device_name(device)}, torch {torch.__version__}, bench preset, uncompiled, "
        f"max batch {max_batch}, max_model_len {args.context + args.steps + 16}"
    )
    rows = []
    for budget in (int(b) for b in args.budgets.split(",")):
        working_set.WORKING_SET_BYTES = budget * MiB
        torch.cuda.empty_cache()
        torch.cuda.memory._record_memory_history(max_entries=500_000, stacks="python")
        graphed = GraphedForward(model, model, "full_decode_only", max_capture_size=max_batch)
        stats = graphed.capture()
        print(f"working set {budget} MiB:")
        reserved = pool_report(torch.cuda.memory._snapshot(), graphed.device.pool)
        torch.cuda.memory._record_memory_history(enabled=None)
        tok_s = [
            decode_rate(model, graphed, graphed.dispatcher, b, args.context, args.steps, warm=2)[0] for b in batches
        ]
        rows.append((budget, stats.pool_bytes / MiB, reserved / MiB, stats.bytes / MiB, tok_s))
        del graphed
    print(
        "\n| working set MiB | pool growth MiB (API) | pool reserved MiB | capture device MiB | "
        + " | ".join(f"batch {b} tok/s" for b in batches)
        + " |\n"
        + "|---" * (4 + len(batches))
        + "|"
    )
    for budget, pool, reserved, dev, tok_s in rows:
        print(f"| {budget} | {pool:.1f} | {reserved:.1f} | {dev:.1f} | " + " | ".join(f"{t:.1f}" for t in tok_s) + " |")


if __name__ == "__main__":
    main()
