"""QSA decode attention against context length: µs per call of the block selection and of the split-K
decode kernel, each in a CUDA graph, at the bench geometry (24 query heads over 2 KV heads of 256, 4 indexer
heads of 128, blocks of 4 tokens, 512 blocks kept), every request at the context's last position.

A decode step's attention should cost about the same at 8k and 256k (it reads the budget's keys, and the
block keys' scan is 64 B a block); this shows which of the two kernels grows.

    PYTHONPATH=. python scripts/experiments/bench_qsa_decode.py [--contexts 8192,32768,131072,262144] [--batches 1,8]
"""

from __future__ import annotations

import argparse

import torch

from model.kernels.attention_decode import decode_attention
from model.kernels.qsa_select import select_blocks
from model.paging import DEFAULT_PAGE_SIZE, new_block_table, pages_for
from scripts.experiments.graph_timing import graphed_us

BLOCK, TOPK, HQ, HKV, D, HI, DI = 4, 512, 24, 2, 256, 4, 128


def time_context(batch: int, context: int, reps: int = 20) -> tuple[float, float]:
    """(select µs, attend µs) for `batch` requests at `context` keys each."""
    torch.manual_seed(0)
    dev, bf16 = torch.device("cuda"), torch.bfloat16
    per = pages_for(context, DEFAULT_PAGE_SIZE)
    pages = batch * per
    k = torch.randn(pages + 1, DEFAULT_PAGE_SIZE, HKV, D, device=dev, dtype=bf16)
    v = torch.randn_like(k)
    keys = torch.randn(pages + 1, DEFAULT_PAGE_SIZE // BLOCK, DI, device=dev, dtype=bf16)
    table = new_block_table(batch, per, pages, True, dev)
    slots = torch.arange(batch, device=dev)
    positions = torch.full((batch,), context - 1, device=dev)
    q = torch.randn(batch, HQ, D, device=dev, dtype=bf16)
    iq = torch.randn(batch, HI, DI, device=dev, dtype=bf16)
    total = context // BLOCK
    chosen = select_blocks(iq, keys, table, slots, positions, TOPK, BLOCK, total)
    assert int(chosen[:, :total].sum()) == batch * TOPK, "the selection keeps the budget's blocks"
    out = torch.empty_like(q)
    select = graphed_us(lambda: select_blocks(iq, keys, table, slots, positions, TOPK, BLOCK, total), reps)
    attend = graphed_us(
        lambda: decode_attention(q, k, v, table, slots, positions, D**-0.5, chosen, BLOCK, out=out), reps
    )
    return select, attend


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--contexts", default="8192,32768,131072,262144")
    parser.add_argument("--batches", default="1,8")
    args = parser.parse_args()
    print(f"{torch.cuda.get_device_name()}: µs per call (select | attend), one attention layer")
    print("| context | " + " | ".join(f"batch {b} select | batch {b} attend" for b in args.batches.split(",")) + " |")
    for context in (int(c) for c in args.contexts.split(",")):
        cells = [f"{s:.1f} | {a:.1f}" for s, a in (time_context(int(b), context) for b in args.batches.split(","))]
        print(f"| {context} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
