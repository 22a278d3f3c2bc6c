"""Scope ablation: exactness, compile time, opacity and step time of each scope against eager.

Eager runs the dump workload's two requests greedily for `steps` decode steps; that token path is
then fed through the model compiled at each scope (teacher forcing), so every step compares
log-probability rows of the same inputs. Both runs time each decode step (forward, logits,
log-softmax, device sync); the table reports medians.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch

import qcompile.api as api
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.commands.dump import no_inductor_caches, num_kernels, summarize
from qcompile.commands.workload import DEFAULT_RANGES, Trace, Workload, run_greedy
from qcompile.compiler.backend import TraceRecord
from qcompile.compiler.ranges import RangeSpec
from qcompile.engine.progress import compile_stages, stage
from qcompile.ops.registry import SCOPES


@dataclass
class Row:
    scope: str
    bitwise: bool
    max_logprob_diff: float
    top1_agreement: float
    compile_s: float
    opaque_calls: int
    kernels: int
    traces: int
    eager_step_ms: float
    compiled_step_ms: float


@dataclass
class ScopeResult:
    row: Row
    records: list[TraceRecord]


def ablate_scope(
    model: Qwen4ExpForCausalLM, scope: str, workload: Workload, eager: Trace, ranges: Sequence[RangeSpec]
) -> ScopeResult:
    """Compile at `scope` (cold: Inductor caches off) and compare it along `eager`'s token path."""
    torch._dynamo.reset()
    compiled = api.compile(model, ranges=ranges, scope=scope)
    with compile_stages(f"{scope}: compile, {len(eager.fed)} decode steps"), no_inductor_caches():
        got = run_greedy(model, compiled, workload, len(eager.fed), path=eager.fed)
    ref, new = torch.cat(eager.logprobs), torch.cat(got.logprobs)
    summary = summarize(compiled.backend.records, scope)
    row = Row(
        scope=scope,
        bitwise=torch.equal(ref, new),
        max_logprob_diff=(ref - new).abs().max().item(),
        top1_agreement=(ref.argmax(-1) == new.argmax(-1)).float().mean().item(),
        compile_s=got.seconds[0],
        opaque_calls=summary["num_opaque_calls"],
        kernels=num_kernels(summary),
        traces=summary["traces"],
        eager_step_ms=eager.decode_ms,
        compiled_step_ms=got.decode_ms,
    )
    return ScopeResult(row, compiled.backend.records)


def ablate(
    model: Qwen4ExpForCausalLM, scopes: Sequence[str], steps: int = 64, ranges: Sequence[RangeSpec] = DEFAULT_RANGES
) -> list[ScopeResult]:
    """One result per scope, each against the same eager greedy run."""
    if steps < 1:
        raise ValueError("the ablation needs at least one decode step")
    unknown = [s for s in scopes if s not in SCOPES]
    if unknown:  # before the eager run: a typo must not cost every scope before it
        raise ValueError(f"unknown scopes {unknown}; known: {', '.join(sorted(SCOPES))}")
    workload = Workload.for_model(model)
    with torch.no_grad():
        with stage(f"eager: {steps} decode steps"):
            eager = run_greedy(model, model, workload, steps)
        return [ablate_scope(model, s, workload, eager, ranges) for s in scopes]


def format_table(rows: Sequence[Row]) -> str:
    header = ("scope", "exactness vs eager", "compile s", "opaque", "kernels", "eager ms", "compiled ms", "speedup")
    lines = [header]
    for r in rows:
        exact = "bitwise" if r.bitwise else f"max|dlogp| {r.max_logprob_diff:.1e}, top1 {r.top1_agreement:.1%}"
        if r.traces != 1:
            exact += f" ({r.traces} traces)"
        lines.append(
            (
                r.scope,
                exact,
                f"{r.compile_s:.1f}",
                str(r.opaque_calls),
                str(r.kernels),
                f"{r.eager_step_ms:.2f}",
                f"{r.compiled_step_ms:.2f}",
                f"{r.eager_step_ms / r.compiled_step_ms:.2f}x",
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in lines)


def write_json(rows: Sequence[Row], out: Path, meta: dict[str, Any]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({**meta, "rows": [asdict(r) for r in rows]}, indent=2) + "\n")
