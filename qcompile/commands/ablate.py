"""Scope ablation: exactness, compile time, opacity and step time of each scope against eager.

Eager runs the dump workload's two requests greedily for `steps` decode steps; that token path is
then fed through the model compiled at each scope (teacher forcing), so every step compares
log-probability rows of the same inputs. Both runs time each decode step (forward, logits,
log-softmax, device sync); the table reports medians.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch

import qcompile.compiler.compiled as api
from model.batch import Batch
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.commands.dump import (
    DEFAULT_RANGES,
    PROMPTS,
    decode_batch,
    fresh_state,
    no_inductor_caches,
    num_kernels,
    prefill_batch,
    summarize,
)
from qcompile.compiler.backend import TraceRecord
from qcompile.compiler.ranges import RangeSpec

Forward = Callable[..., torch.Tensor]


@dataclass
class Run:
    """Log-probabilities per step (prefill first), each step's seconds, and the tokens fed."""

    logprobs: list[torch.Tensor]
    seconds: list[float]
    fed: list[list[int]]

    @property
    def decode_ms(self) -> float:
        return statistics.median(self.seconds[1:]) * 1e3


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


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def _step(model: Qwen4ExpForCausalLM, forward: Forward, batch: Batch) -> tuple[torch.Tensor, float]:
    device = batch.input_ids.device
    _sync(device)
    t = time.perf_counter()
    with model.context(batch):
        hidden = forward(*batch.tensors())
    lp = torch.log_softmax(model.compute_logits(hidden[batch.last_token_index]), dim=-1)
    _sync(device)
    return lp, time.perf_counter() - t


def run(model: Qwen4ExpForCausalLM, forward: Forward, steps: int, device: torch.device,
        path: Sequence[Sequence[int]] | None = None) -> Run:
    """Prefill, then `steps` decode steps fed with `path[i]` (teacher forcing) or greedy tokens."""
    fresh_state(model)
    lp, dt = _step(model, forward, prefill_batch(model, device))
    out = Run([lp], [dt], [])
    pos = [len(p) for p in PROMPTS]
    for i in range(steps):
        tokens = list(path[i]) if path is not None else out.logprobs[-1].argmax(-1).tolist()
        lp, dt = _step(model, forward, decode_batch(model, tokens, pos, device))
        out.logprobs.append(lp)
        out.seconds.append(dt)
        out.fed.append(tokens)
        pos = [p + 1 for p in pos]
    return out


def ablate_scope(model: Qwen4ExpForCausalLM, scope: str, eager: Run, ranges: Sequence[RangeSpec],
                 device: torch.device) -> ScopeResult:
    """Compile at `scope` (cold: Inductor caches off) and compare it along `eager`'s token path."""
    torch._dynamo.reset()
    compiled = api.compile(model, ranges, scope)
    with no_inductor_caches():
        got = run(model, compiled, len(eager.fed), device, path=eager.fed)
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


def ablate(model: Qwen4ExpForCausalLM, scopes: Sequence[str], steps: int = 64,
           ranges: Sequence[RangeSpec] = DEFAULT_RANGES) -> list[ScopeResult]:
    """One result per scope, each against the same eager greedy run."""
    if steps < 1:
        raise ValueError("the ablation needs at least one decode step")
    device = model.lm_head.weight.device
    with torch.no_grad():
        eager = run(model, model, steps, device)
        return [ablate_scope(model, s, eager, ranges, device) for s in scopes]


def format_table(rows: Sequence[Row]) -> str:
    header = ("scope", "exactness vs eager", "compile s", "opaque", "kernels", "eager ms", "compiled ms",
              "speedup")
    lines = [header]
    for r in rows:
        exact = "bitwise" if r.bitwise else f"max|dlogp| {r.max_logprob_diff:.1e}, top1 {r.top1_agreement:.1%}"
        if r.traces != 1:
            exact += f" ({r.traces} traces)"
        lines.append((r.scope, exact, f"{r.compile_s:.1f}", str(r.opaque_calls), str(r.kernels),
                      f"{r.eager_step_ms:.2f}", f"{r.compiled_step_ms:.2f}",
                      f"{r.eager_step_ms / r.compiled_step_ms:.2f}x"))
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in lines)


def write_json(rows: Sequence[Row], out: Path, meta: dict[str, Any]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({**meta, "rows": [asdict(r) for r in rows]}, indent=2) + "\n")
