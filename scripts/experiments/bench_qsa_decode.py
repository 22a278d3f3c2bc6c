"""QSA decode attention against context length: µs per call of the block selection and of the split-K
decode kernel, each in a CUDA graph, at the bench geometry (24 query heads over 2 KV heads of 256, 4 indexer
heads of 128, blocks of 4 tokens, 512 blocks kept), every request at the context's last position; with
`--chunk N`, also the selection of a prefill chunk (one request's last N rows): its scores in tiles of rows on
tensor cores, as a prefill runs them (`PrefillRows`), and one row a program, as decode rows run them.

A decode step's attention should cost about the same at 8k and 256k (it reads the budget's keys, and the
block keys' scan is 256 B a block); this shows which of the two kernels grows. The attend column times
`decode_attention` whole: the list of the blocks each row sees (`qsa_tiles.kept_blocks`), the splits over
it (each gathering its blocks' keys) and their merge; the list column times the list alone (its passes), so
the rest of attend is the splits' and the merge's. The selection's random scores scatter the kept blocks;
`--clustered` attends over a choice of the first `ANCHORS` blocks and the most recent ones instead (as a
trained model's choices bunch). The splits read the row's 2,052 keys whatever the context and the choice's
spread, so attend at 262k should be about attend at 8k plus the list's extra pass (the list: 1 program a
row at 8k, 17 a pass over 2 passes at 262k), and random about clustered.

    PYTHONPATH=. python scripts/experiments/bench_qsa_decode.py [--contexts 8192,32768,131072,262144] [--batches 1,8]
        [--chunk 8192] [--clustered]
"""

from __future__ import annotations

import argparse

import torch

from model.kernels.attention_decode import decode_attention
from model.kernels.attention_prefill import tiles
from model.kernels.qsa_select import TILE_ROWS, PrefillRows, select_blocks
from model.kernels.qsa_tiles import kept_blocks
from model.paging import DEFAULT_PAGE_SIZE, new_block_table, pages_for
from scripts.experiments.graph_timing import graphed_us

BLOCK, TOPK, HQ, HKV, D, HI, DI = 4, 512, 24, 2, 256, 4, 128
ANCHORS = 64  # `--clustered`: the first blocks kept, the rest of the budget the most recent ones


def block_keys(batch: int, context: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Random bf16 block keys for `batch` requests of `context` tokens, and their block table."""
    per = pages_for(context, DEFAULT_PAGE_SIZE)
    keys = torch.randn(batch * per + 1, DEFAULT_PAGE_SIZE // BLOCK, DI, device="cuda", dtype=torch.bfloat16)
    return keys, new_block_table(batch, per, batch * per, True, keys.device)


def clustered(batch: int, total: int) -> torch.Tensor:
    """A choice `[batch, total + 1]` int8 of the first `ANCHORS` blocks and the `TOPK - ANCHORS` before the tail."""
    chosen = torch.zeros(batch, total + 1, dtype=torch.int8, device="cuda")
    chosen[:, :ANCHORS] = 1
    chosen[:, total - (TOPK - ANCHORS) : total] = 1
    return chosen


def time_context(batch: int, context: int, bunched: bool, reps: int = 20) -> tuple[float, float, float]:
    """(select µs, list µs, attend µs) for `batch` requests at `context` keys each; attending over `clustered` blocks
    when `bunched`."""
    torch.manual_seed(0)
    dev, bf16 = torch.device("cuda"), torch.bfloat16
    keys, table = block_keys(batch, context)
    k = torch.randn(keys.shape[0], DEFAULT_PAGE_SIZE, HKV, D, device=dev, dtype=bf16)
    v = torch.randn_like(k)
    slots = torch.arange(batch, device=dev)
    positions = torch.full((batch,), context - 1, device=dev)
    q = torch.randn(batch, HQ, D, device=dev, dtype=bf16)
    iq = torch.randn(batch, HI, DI, device=dev, dtype=bf16)
    total = context // BLOCK
    chosen = select_blocks(iq, keys, table, slots, positions, TOPK, BLOCK, total)
    assert int(chosen[:, :total].sum()) == batch * TOPK, "the selection keeps the budget's blocks"
    if bunched:
        chosen = clustered(batch, total)
    out = torch.empty_like(q)
    select = graphed_us(lambda: select_blocks(iq, keys, table, slots, positions, TOPK, BLOCK, total), reps)
    listed = graphed_us(lambda: kept_blocks(chosen, positions, BLOCK, TOPK), reps)
    attend = graphed_us(
        lambda: decode_attention(q, k, v, table, slots, positions, D**-0.5, chosen, BLOCK, TOPK, out=out), reps
    )
    return select, listed, attend


def time_chunk(rows: int, context: int, reps: int = 3) -> tuple[float, float]:
    """(select µs with tiled scores, select µs with a row's scores a program) for a prefill chunk: one
    request's rows at positions `context - rows .. context - 1`."""
    torch.manual_seed(0)
    keys, table = block_keys(1, context)
    slots = torch.zeros(rows, dtype=torch.long, device="cuda")
    positions = torch.arange(context - rows, context, device="cuda")
    iq = torch.randn(rows, HI, DI, device="cuda", dtype=torch.bfloat16)
    total = context // BLOCK
    layout = PrefillRows(tiles((0, rows), (context - rows,), rows, keys.device, TILE_ROWS), TILE_ROWS, total)
    tiled, by_row = (
        graphed_us(lambda rows=r: select_blocks(iq, keys, table, slots, positions, TOPK, BLOCK, total, rows), reps)
        for r in (layout, None)
    )
    return tiled, by_row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--contexts", default="8192,32768,131072,262144")
    parser.add_argument("--batches", default="1,8")
    parser.add_argument("--chunk", type=int, default=0, help="rows of a prefill chunk to time the selection of")
    parser.add_argument("--clustered", action="store_true", help="attend over anchors and recent blocks")
    args = parser.parse_args()
    chunk = f" | chunk of {args.chunk} select, tiled | by rows" if args.chunk else ""
    choice = "anchors and recent blocks" if args.clustered else "the selection's (scattered) blocks"
    print(f"{torch.cuda.get_device_name()}: µs per call (select | list | attend over {choice}), one attention layer")
    cols = " | ".join(f"batch {b} select | batch {b} list | batch {b} attend" for b in args.batches.split(","))
    print(f"| context | {cols}{chunk} |")
    for context in (int(c) for c in args.contexts.split(",")):
        cells = [
            f"{s:.1f} | {n:.1f} | {a:.1f}"
            for s, n, a in (time_context(int(b), context, args.clustered) for b in args.batches.split(","))
        ]
        if args.chunk:
            cells.append("{:.1f} | {:.1f}".format(*time_chunk(args.chunk, context)))
        print(f"| {context} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
