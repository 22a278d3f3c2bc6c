"""Decode attention's split-K merge, by tile, and the split kernel's warps: µs per `decode_attention` call
in a CUDA graph.

The merge combines each head's split partials; its tile (columns of D a program, splits a step:
`MERGE_D`, `MERGE_S`) sets how many programs run and how long each one's chain of loads is. The
split kernel is the same in every variant, so differences between rows are the merge's. Bench
geometry: 24 query heads over 2 KV heads of 256, a 2,074-key cache, every request at 2,048 keys.

    PYTHONPATH=. python scripts/bench_attention_merge.py [--batches 1,8,64] [--tiles 64x8,64x1,32x4] [--split-warps 4,8]
"""

from __future__ import annotations

import argparse

import torch

from model.kernels import attention_decode
from model.paging import DEFAULT_PAGE_SIZE, new_block_table, pages_for
from scripts.graph_timing import graphed_us


def time_call(batch: int, reps: int = 200) -> float:
    """µs per call, `reps` calls captured in one CUDA graph and replayed."""
    torch.manual_seed(0)
    q = torch.randn(batch, 24, 256, device="cuda", dtype=torch.bfloat16)
    per = pages_for(2074, DEFAULT_PAGE_SIZE)
    k = torch.randn(batch * per + 1, DEFAULT_PAGE_SIZE, 2, 256, device="cuda", dtype=torch.bfloat16)
    v = torch.randn_like(k)
    table = new_block_table(batch, per, batch * per, True, q.device)
    slots = torch.arange(batch, device="cuda")
    positions = torch.full((batch,), 2047, device="cuda")
    out = torch.empty_like(q)
    call = lambda: attention_decode.decode_attention(q, k, v, table, slots, positions, 0.0625, out=out)  # noqa: E731
    return graphed_us(call, reps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batches", default="1,8,64")
    parser.add_argument("--tiles", default="64x8,64x4,64x1,32x4,32x1,16x8,16x1", help="MERGE_D x MERGE_S, comma list")
    parser.add_argument("--split-warps", default="4", help="the split kernel's warps, comma list")
    args = parser.parse_args()
    batches = [int(b) for b in args.batches.split(",")]
    print("| split warps | MERGE_D x MERGE_S | " + " | ".join(f"batch {b} (µs)" for b in batches) + " |")
    print("|---|---|" + "---|" * len(batches))
    for warps in (int(w) for w in args.split_warps.split(",")):
        attention_decode.SPLIT_WARPS = warps
        for tile in args.tiles.split(","):
            cols, steps = (int(x) for x in tile.split("x"))
            attention_decode.MERGE_D, attention_decode.MERGE_S = cols, steps
            times = " | ".join(f"{time_call(b):.2f}" for b in batches)
            print(f"| {warps} | {tile} | {times} |", flush=True)


if __name__ == "__main__":
    main()
