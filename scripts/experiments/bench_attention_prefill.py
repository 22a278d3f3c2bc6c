"""Prefill attention, the prefill kernel by tile against the decode kernel over the same rows: µs per call
in a CUDA graph, and each output's largest difference from the decode kernel's.

Bench geometry: 24 query heads over 2 KV heads of 256, bf16 caches of 2,074 keys, every request a
fresh prompt (`--shapes` requests x tokens), so row `i` of a request sees keys `0..i` (inside the QSA
budget: no block selection). The prefill kernel's tile is `TOKENS` query tokens and `WARPS` warps
(`model/kernels/attention_prefill.py`); the decode kernel reads each row's keys on its own.

A second table times one prefill chunk (`--qsa-rows` tokens) at the end of a long context under a QSA
mask of 512 blocks of 4 a row, the budget's, by each walk: the row tiles' (the kernel skips the key tiles
none of a tile's tokens sees, so its time follows the share of key tiles read, printed beside it) and the
gathered rows' (every row at or past `prefill_rows`' threshold: each reads its chosen blocks' keys alone),
and which is faster, the context in budgets beside it: where the gathered walk wins sets
`attention_prefill.GATHER_FROM`. Rows choose by their own random scores ("scattered": a tile's four tokens'
choices share little) or share one choice ("shared": each key tile is read or skipped for all four alike);
real choices lie between.

    PYTHONPATH=. python scripts/experiments/bench_attention_prefill.py [--shapes 1x2048,8x512,16x256] \
        [--tiles 2x8,4x8,2x4] [--qsa-contexts 32768,131072] [--qsa-rows 2048]
"""

from __future__ import annotations

import argparse

import torch

from model.kernels import attention_decode, attention_prefill
from model.paging import DEFAULT_PAGE_SIZE, new_block_table, pages_for
from scripts.experiments.graph_timing import graphed_us

QSA_BLOCK, QSA_TOPK = 4, 512  # the bench preset's blocks and budget
CHOICES = ("scattered", "shared")


def qsa_chosen(positions: torch.Tensor, context: int, shared: bool) -> torch.Tensor:
    """`chosen [rows, blocks + 1]` int8: each row's `QSA_TOPK` complete blocks of highest random score, the
    scores each row's own or one row's for all."""
    total = context // QSA_BLOCK
    scores = torch.rand(1 if shared else positions.shape[0], total, device=positions.device)
    complete = torch.arange(total, device=positions.device)[None, :] < ((positions + 1) // QSA_BLOCK)[:, None]
    top = scores.expand(positions.shape[0], -1).masked_fill(~complete, -1.0).topk(QSA_TOPK, -1).indices
    chosen = torch.zeros(positions.shape[0], total + 1, dtype=torch.int8, device=positions.device)
    return chosen.scatter_(1, top, 1)


def tiles_read(chosen: torch.Tensor, positions: torch.Tensor, key_tile: int) -> float:
    """The share of (token tile, key tile) pairs up to each token tile's last key that the kernel reads: those
    a token of the tile sees a key of (a chosen block, its tail block), of runs of `TOKENS` rows."""
    rows, per_tile = positions.shape[0], key_tile // QSA_BLOCK
    blocks = torch.arange(chosen.shape[1] - 1, device=chosen.device)
    complete = (positions + 1) // QSA_BLOCK
    seen = (chosen[:, :-1] != 0) | (
        (blocks[None, :] >= complete[:, None]) & (blocks[None, :] <= positions[:, None] // QSA_BLOCK)
    )
    seen = seen.view(rows, -1, per_tile).any(-1).view(rows // attention_prefill.TOKENS, attention_prefill.TOKENS, -1)
    last = positions.view(-1, attention_prefill.TOKENS).amax(-1) // key_tile + 1  # key tiles up to a tile's last key
    return float(seen.any(1).sum() / last.sum())


def time_qsa_prefill(context: int, rows: int, shared: bool, gathered: bool) -> tuple[float, float]:
    """(µs a call, share of key tiles read by the row tiles) of `prefill_attention` over the last `rows` tokens
    of a `context`-key request, bench geometry, bf16, under `qsa_chosen`'s mask: every row in row tiles, or
    every row gathered (`gathered`)."""
    torch.manual_seed(0)
    per = pages_for(context, DEFAULT_PAGE_SIZE)
    k = torch.randn(per + 1, DEFAULT_PAGE_SIZE, 2, 256, device="cuda", dtype=torch.bfloat16)
    v = torch.randn_like(k)
    table = new_block_table(1, per, per, True, k.device)
    positions = torch.arange(context - rows, context, device="cuda")
    slots = torch.zeros(rows, dtype=torch.long, device="cuda")
    q = torch.randn(rows, 24, 256, device="cuda", dtype=torch.bfloat16)
    chosen = qsa_chosen(positions, context, shared)
    since = context - rows if gathered else None
    tile_rows, rows_gathered = attention_prefill.prefill_rows((0, rows), (context - rows,), rows, q.device, since)
    out = torch.empty_like(q)
    us = graphed_us(
        lambda: attention_prefill.prefill_attention(
            q, k, v, table, slots, positions, 0.0625, tile_rows, chosen, QSA_BLOCK, QSA_TOPK, out=out,
            gathered=rows_gathered,
        ),
        5,
    )  # fmt: skip
    return us, tiles_read(chosen, positions, attention_decode.key_tile(attention_prefill.BLOCK_N, DEFAULT_PAGE_SIZE))


def compare_tiles(shapes: list[tuple[int, ...]], tiles: list[tuple[int, ...]]) -> None:
    """The first table: the decode kernel, then the prefill kernel at each tile, over fresh prompts."""
    defaults = attention_prefill.TOKENS, attention_prefill.WARPS
    print("| kernel | " + " | ".join(f"{r}x{t} µs (max diff)" for r, t in shapes) + " |")
    print("|---|" + "---|" * len(shapes))
    cases = []
    for reqs, tokens in shapes:
        torch.manual_seed(0)
        n = reqs * tokens
        q = torch.randn(n, 24, 256, device="cuda", dtype=torch.bfloat16)
        per = pages_for(2074, DEFAULT_PAGE_SIZE)
        k = torch.randn(reqs * per + 1, DEFAULT_PAGE_SIZE, 2, 256, device="cuda", dtype=torch.bfloat16)
        v = torch.randn_like(k)
        table = new_block_table(reqs, per, reqs * per, True, q.device)
        slots = torch.arange(reqs, device="cuda").repeat_interleave(tokens)
        positions = torch.arange(tokens, device="cuda").repeat(reqs)
        query_start = tuple(range(0, n + 1, tokens))
        out = torch.empty_like(q)
        decode = lambda q=q, k=k, v=v, t=table, s=slots, p=positions, o=out: attention_decode.decode_attention(  # noqa: E731
            q, k, v, t, s, p, 0.0625, out=o
        )
        cases.append((q, k, v, table, slots, positions, query_start, out, decode))
    base = []
    for *_, out, decode in cases:
        base.append((graphed_us(decode, 20), out.clone()))
    print("| decode kernel | " + " | ".join(f"{us:.1f}" for us, _ in base) + " |", flush=True)
    for tokens_per_tile, warps in tiles:
        attention_prefill.TOKENS, attention_prefill.WARPS = tokens_per_tile, warps
        attention_prefill.tiles.cache_clear()
        cells = []
        for (q, k, v, table, slots, positions, query_start, out, _), (_, ref) in zip(cases, base, strict=True):
            rows = attention_prefill.tiles(query_start, (0,) * (len(query_start) - 1), q.shape[0], q.device)

            def prefill(q=q, k=k, v=v, t=table, s=slots, p=positions, o=out, rows=rows) -> torch.Tensor:
                return attention_prefill.prefill_attention(q, k, v, t, s, p, 0.0625, rows, out=o)

            us = graphed_us(prefill, 20)
            cells.append(f"{us:.1f} ({float((out.float() - ref.float()).abs().max()):.3g})")
        print(f"| prefill {tokens_per_tile} tokens, {warps} warps | " + " | ".join(cells) + " |", flush=True)
    attention_prefill.TOKENS, attention_prefill.WARPS = defaults
    attention_prefill.tiles.cache_clear()


def qsa_table(contexts: list[int], rows: int) -> None:
    """The second table: a QSA prefill chunk at the end of each context, each walk for `CHOICES` across."""
    print(f"\n{rows} prefill rows at the end of a context, QSA: µs a call (share of key tiles read), faster walk")
    walks = ("row tiles", "gathered")
    heads = [f"{choice} {walk}" for choice in CHOICES for walk in walks] + [f"{choice} faster" for choice in CHOICES]
    print("| context (budgets) | " + " | ".join(heads) + " |\n|---|" + "---|" * len(heads))
    for context in contexts:
        cells, faster = [], []
        for choice in CHOICES:
            (tiled, read), (gathered, _) = (
                time_qsa_prefill(context, rows, choice == "shared", g) for g in (False, True)
            )
            cells += [f"{tiled:.1f} ({read:.3f})", f"{gathered:.1f}"]
            faster.append(walks[gathered < tiled])
        budgets = context / (QSA_TOPK * QSA_BLOCK)
        print(f"| {context} ({budgets:g}) | " + " | ".join(cells + faster) + " |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shapes", default="1x2048,8x512,16x256", help="requests x tokens, comma list ('' skips)")
    parser.add_argument("--tiles", default="2x8,4x8,2x4,4x4", help="TOKENS x WARPS of the prefill kernel, comma list")
    parser.add_argument("--qsa-contexts", default="131072", help="contexts of the QSA chunk, comma list ('' skips)")
    parser.add_argument("--qsa-rows", type=int, default=2048, help="the QSA prefill chunk's tokens")
    args = parser.parse_args()
    contexts = [int(c) for c in args.qsa_contexts.split(",") if c]
    tile = attention_decode.key_tile(attention_prefill.BLOCK_N, DEFAULT_PAGE_SIZE)
    if args.qsa_rows % attention_prefill.TOKENS or any(c % tile or c < args.qsa_rows for c in contexts):
        parser.error(
            f"--qsa-rows {args.qsa_rows} must be a multiple of {attention_prefill.TOKENS}, and --qsa-contexts "
            f"{args.qsa_contexts} multiples of {tile} keys, each at least --qsa-rows"
        )
    shapes = [tuple(int(x) for x in s.split("x")) for s in args.shapes.split(",") if s]
    if shapes:
        compare_tiles(shapes, [tuple(int(x) for x in t.split("x")) for t in args.tiles.split(",")])
    if contexts:
        qsa_table(contexts, args.qsa_rows)


if __name__ == "__main__":
    main()
