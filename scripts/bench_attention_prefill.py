"""Prefill attention, the prefill kernel by tile against the decode kernel over the same rows: µs per call
in a CUDA graph, and each output's largest difference from the decode kernel's.

Bench geometry: 24 query heads over 2 KV heads of 256, bf16 caches of 2,074 keys, every request a
fresh prompt (`--shapes` requests x tokens), so row `i` of a request sees keys `0..i` (inside the QSA
budget: no block selection). The prefill kernel's tile is `TOKENS` query tokens and `WARPS` warps
(`model/kernels/attention_prefill.py`); the decode kernel reads each row's keys on its own.

    PYTHONPATH=. python scripts/bench_attention_prefill.py [--shapes 1x2048,8x512,16x256] [--tiles 2x8,4x8,2x4]
"""

from __future__ import annotations

import argparse

import torch

from model.kernels import attention_decode, attention_prefill
from model.paging import DEFAULT_PAGE_SIZE, new_block_table, pages_for
from scripts.graph_timing import graphed_us


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shapes", default="1x2048,8x512,16x256", help="requests x tokens, comma list")
    parser.add_argument("--tiles", default="2x8,4x8,2x4,4x4", help="TOKENS x WARPS of the prefill kernel, comma list")
    args = parser.parse_args()
    shapes = [tuple(int(x) for x in s.split("x")) for s in args.shapes.split(",")]
    tiles = [tuple(int(x) for x in t.split("x")) for t in args.tiles.split(",")]
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


if __name__ == "__main__":
    main()
