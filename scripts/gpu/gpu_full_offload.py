"""The Python half of scripts/gpu/gpu_full_offload.sh: the device share of a budget, the served request,
and the one table of every stage, each measured figure beside its prediction.

utilization GIB
    print the `--gpu-memory-utilization` that is GIB of this CUDA device's memory (a smaller card, in all)
request URL --model NAME --json PATH
    one chat completion (greedy, `--max-tokens`) against a running `qcompile serve`: its text, completion
    tokens and seconds, written to PATH
table OUT --stages decode48 ... serve
    the stages' results in OUT (`<stage>.json` from `qcompile bench --json`, `serve.json`, a failed run's
    last log line from `<stage>.log`) as one markdown table

Predictions (the full preset on an H100, today's kernels; bench_expert_cache.py on the H100: one MoE layer
at one token takes 10.1 us resident, 40.0 us at all hits, 67.7 us at 95% hits, 742.5 us at the random
routing's own rate of 0.25; the copy kernel moves 52 GB/s, so a miss of one 4.92 MB block-FP8 expert costs
4.92 MB / 52 GB/s = 94.6 us):
    decode step = REST_MS[batch] + 48 x 29.9 us (plan and round over all-hit slots: 40.0 - 10.1)
                  + misses a step x 94.6 us
    REST_MS[1] = 7.2 ms: the H200's full-preset batch-1 step (149.6 tok/s: 6.68 ms) less its 48 resident MoE
        layers (48 x 10.1 us = 0.48 ms), plus what its 11 GB of weights take longer at the H100's 3.35 TB/s
        than at the H200's 4.8 (3.28 - 2.29 = 1.0 ms)
    REST_MS[8] = 11.3 ms: the H200's batch-8 step (825.5 tok/s: 9.69 ms), its ~29 GB (11 dense, 75.7
        experts x 48 x 4.92 MB) read at 3.35 TB/s instead of 4.8 (+2.6 ms), less ~1 ms of resident MoE
    so batch 1 at 95% hits (0.5 misses a layer): 7.2 + 48 x 29.9 us + 24 x 94.6 us = 10.9 ms -> 92 tok/s (the
    brief's 7.2 + 48 x 67.7 us = 10.45 ms -> 96); at all hits 8.6 ms -> 116 tok/s; at the own rate the
    link bounds it: with 48 GiB in all about 145 dynamic slots of 512 (own rate ~0.28): 48 x 7.2 misses x
    94.6 us = 32.7 ms + 8.6 -> 24 tok/s at batch 1, and at batch 8 48 x 54.5 misses x 94.6 us = 247 ms +
    12.7 -> 31 tok/s.
    prefill = tokens / (tokens / 8,300 tok/s + misses x 94.6 us): the H200's 10.8k tok/s at 1x2048 over 1.3
    for the H100, plus every missed expert copied in its round (a 1x2048 prompt routes to all 512 experts of
    every layer: ~(512 - static) x 48 misses, with ~44 static at 48 GiB 2.1 s + 0.25 s -> ~860 tok/s; 1x32768:
    3.9 s + 2.1 s -> ~5.4k tok/s).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

LAYERS = 48
MISS_US = 4.92e6 / 52e9 * 1e6  # one block-FP8 expert over the copy kernel's 52 GB/s
HIT_OVERHEAD_US = 40.0 - 10.1  # a layer's plan and round at all hits, over resident experts (1 token)
REST_MS = {1: 7.2, 8: 11.3}  # the rest of a decode step on an H100 (module docstring)
PREFILL_TOK_S = 10_800 / 1.3  # resident prefill on an H100
GIB = 1 << 30


def predicted_decode(batch: int, misses: float) -> float | None:
    """Tokens/s of a full-preset decode step of `batch` with `misses` copies, on an H100 (None: no base)."""
    if batch not in REST_MS:
        return None
    return batch / ((REST_MS[batch] + (LAYERS * HIT_OVERHEAD_US + misses * MISS_US) / 1e3) / 1e3)


def predicted_prefill(tokens: int, misses: float) -> float:
    """Tokens/s of a full-preset prefill of `tokens` with `misses` copies, on an H100."""
    return tokens / (tokens / PREFILL_TOK_S + misses * MISS_US / 1e6)


def _predicted(step: str, s: dict[str, Any]) -> float | None:
    kind, _, shape = step.partition(" ")
    if kind == "batch":
        return predicted_decode(int(shape), s["misses_per_step"])
    r, t = (int(n) for n in shape.split("x"))
    return predicted_prefill(r * t, s["misses_per_step"])


def _cell(value: float | None, fmt: str = ".1f") -> str:
    return "-" if value is None else format(value, fmt)


def _failure(log: Path) -> str:
    """The last line of a run's log that says why it stopped (a refusal, an error), or that it is missing."""
    if not log.is_file():
        return "not run"
    lines = [line.strip() for line in log.read_text().splitlines() if line.strip()]
    said = [line for line in lines if "error" in line.lower() or "timed out" in line]
    return (said or lines or ["empty log"])[-1].replace("|", "/")


def stage_rows(stage: str, out: Path) -> list[str]:
    """The table rows of one bench stage: each row and step at the own rate and each forced one."""
    path = out / f"{stage}.json"
    if not path.is_file():
        return [f"| {stage} | - | - | - | - | - | - | - | - | - | {_failure(out / f'{stage}.log')} |"]
    result = json.loads(path.read_text())
    cache = result.get("expert_cache") or {}
    full = result["preset"] == "full"
    peak = result.get("device_peak_gib")
    note = f"{cache.get('slots', '-')} slots ({cache.get('static', '-')} static)" + (
        "" if peak is None else f", peak {peak:.1f} GiB"
    )
    rows = []
    for r in result["rows"]:
        for asked, by in [("own", r["expert_cache"]), *r["forced"].items()]:
            for step, s in by.items():
                guess = _predicted(step, s) if full else None
                rows.append(
                    f"| {stage} | {r['scope']}/{r['mode']} | {step} | {asked} | {s['tok_s']:.1f} | {_cell(guess)} | "
                    f"{s['hit_rate']:.3f} | {s['misses_per_step']:.1f} | {s['copy_gb_s']:.3g} | "
                    f"{_cell(s['link_bound_tok_s'])} | {note} |"
                )
    return rows


def serve_row(out: Path) -> str:
    path = out / "serve.json"
    if not path.is_file():
        return f"| serve | - | one chat request | - | - | - | - | - | - | - | {_failure(out / 'serve.log')} |"
    s = json.loads(path.read_text())
    tok_s = s["completion_tokens"] / s["seconds"]
    return (
        f"| serve | eager | one chat request | own | {tok_s:.1f} | answers | - | - | - | - | "
        f"{s['completion_tokens']} tokens in {s['seconds']:.1f} s (prefill and decode), finish {s['finish_reason']} |"
    )


def table(out: Path, stages: list[str]) -> str:
    lines = [
        "| stage | scope/mode | step | hit rate asked | tok/s | predicted | hit rate | misses/step | copy GB/s "
        "| link-bound tok/s | slots, device peak / why not |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for stage in stages:
        lines += [serve_row(out)] if stage == "serve" else stage_rows(stage, out)
    return "\n".join(lines)


def request(url: str, model: str, max_tokens: int) -> dict[str, Any]:
    body = {
        "model": model,
        "messages": [{"role": "user", "content": "Say hello in five words."}],
        "max_tokens": max_tokens,
        "temperature": 0,
    }
    sent = urllib.request.Request(
        f"{url}/chat/completions", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    start = time.perf_counter()
    with urllib.request.urlopen(sent, timeout=600) as reply:
        answer = json.loads(reply.read())
    seconds = time.perf_counter() - start
    choice = answer["choices"][0]
    return {
        "text": choice["message"]["content"],
        "finish_reason": choice["finish_reason"],
        "completion_tokens": answer["usage"]["completion_tokens"],
        "seconds": seconds,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    share = sub.add_parser("utilization")
    share.add_argument("gib", type=float)
    ask = sub.add_parser("request")
    ask.add_argument("url")
    ask.add_argument("--model", required=True)
    ask.add_argument("--max-tokens", type=int, default=16)
    ask.add_argument("--json", type=Path, required=True)
    tab = sub.add_parser("table")
    tab.add_argument("out", type=Path)
    tab.add_argument("--stages", nargs="+", required=True)
    args = parser.parse_args(argv)
    if args.command == "utilization":
        import torch

        total = torch.cuda.mem_get_info()[1]
        if args.gib * GIB > total:
            sys.exit(f"utilization: {args.gib} GiB is more than this device's {total / GIB:.1f} GiB")
        print(f"{args.gib * GIB / total:.4f}")
    elif args.command == "request":
        said = request(args.url, args.model, args.max_tokens)
        args.json.write_text(json.dumps(said, indent=2))
        print(f"serve: {said['completion_tokens']} tokens in {said['seconds']:.1f} s: {said['text']!r}")
    else:
        print(table(args.out, args.stages))


if __name__ == "__main__":
    main()
