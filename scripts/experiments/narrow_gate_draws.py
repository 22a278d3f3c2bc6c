"""The narrow-scope gate against fp32 (`tests/cudagraph/test_gpu_gates.py`) on any device, over any draws.

Same prompts, teacher-forced path, pinning and statistics as the GPU gate (`tests/cudagraph/narrow_gate.py`),
without graphs: one line per draw, then per scope the gate's table (mean and 99.9th percentile of
|Δ logprob| gated against eager bf16, the maximum reported; top-1, expert and QSA agreement gated
against eager's minus two paired standard errors) with pass/fail. Eager's runs are shared by the
scopes; the tables are printed after every draw from the second on, the last being the gate's.
Exits 1 when a scope fails.

    PYTHONPATH=. python scripts/experiments/narrow_gate_draws.py --scopes block,kernel --seeds 0-15 [--device cpu]
"""

from __future__ import annotations

import argparse
import copy
import sys
import time

import torch

import qcompile
from model.config import Qwen4ExpConfig
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from tests.cudagraph.narrow_gate import PROMPTS, SEEDS, PathDraw, failures, gate, measure, reference, reseed, table
from tests.cudagraph.test_gpu_gates import RANGES

SCOPES = ("layer", "block", "kernel")


def seed_range(text: str) -> range:
    first, _, last = text.partition("-")
    try:
        return range(int(first), int(last or first) + 1)
    except ValueError:
        raise SystemExit(f"--seeds: expected FIRST-LAST or one seed, got {text!r}") from None


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scopes", default="block,kernel", help=f"comma-separated, of {', '.join(SCOPES)}")
    p.add_argument("--seeds", default=f"{SEEDS[0]}-{SEEDS[-1]}", help="first-last weight draws")
    p.add_argument("--device", default="cpu")
    args = p.parse_args()
    scopes = args.scopes.split(",")
    unknown = [s for s in scopes if s not in SCOPES]
    if unknown:
        raise SystemExit(f"--scopes: unknown {unknown}; known: {', '.join(SCOPES)}")
    seeds = seed_range(args.seeds)
    if len(seeds) < 2:
        raise SystemExit(f"--seeds: the gate pairs two or more draws, got {args.seeds!r}")
    with torch.device(args.device):
        fp32 = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(preset_config("wide")))
    bf16 = copy.deepcopy(fp32).to(torch.bfloat16)
    for m in (fp32, bf16):
        m.eval().requires_grad_(False).init_state(max_num_seqs=len(PROMPTS), max_model_len=128)
    compiled = {s: qcompile.compile(bf16, ranges=RANGES, scope=s) for s in scopes}
    draws: dict[str, list[PathDraw]] = {name: [] for name in ("eager", *scopes)}
    failed: list[str] = []
    for seed in seeds:
        start = time.perf_counter()
        reseed(fp32, bf16, seed)
        ref = reference(fp32)
        draws["eager"].append(measure(bf16, bf16, ref)[0])
        for s, fn in compiled.items():
            draws[s].append(measure(bf16, fn, ref)[0])
        cells = "; ".join(
            f"{name} max {d[-1].diffs.max().item():.4f} mean {d[-1].diffs.mean().item():.5f} top1 {d[-1].top1:.4f} "
            f"experts {d[-1].experts:.4f} qsa {d[-1].qsa:.4f}"
            for name, d in draws.items()
        )
        print(f"seed {seed} ({time.perf_counter() - start:.0f} s): {cells}", flush=True)
        if len(draws["eager"]) > 1:  # the tables so far: a long run read before its end still says something
            failed = report(draws, scopes)
    print(f"gate: {'FAIL (' + ', '.join(failed) + ')' if failed else 'pass'}")
    sys.exit(1 if failed else 0)


def report(draws: dict[str, list[PathDraw]], scopes: list[str]) -> list[str]:
    """Print each scope's table over the draws so far; the failed rows as `scope statistic`."""
    failed = []
    for s in scopes:
        rows = gate(draws["eager"], draws[s])
        print(table(rows, s, len(draws[s])), flush=True)
        failed += [f"{s} {r.name}" for r in failures(rows)]
    return failed


if __name__ == "__main__":
    main()
