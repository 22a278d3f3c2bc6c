"""`qcompile bench --tensor-parallel-size N`: the engine's decode and prefill tokens/s at TP1 and TPN,
measured in the same run, with the all-reduce share of a decode step from a profile.

Unlike the single-process bench (`bench.py`, which drives the model directly), this goes through
`LLM` (scheduler, broadcast to the workers, sampling), since tensor parallelism is the engine's
multi-process loop. The checkpoint is the preset's random one (built on first use, in `--dtype`).
Every request has a `--context`-token random prompt and decodes greedily with `ignore_eos`:

- decode tokens/s at batch b: b over the median inter-token latency of b requests generating
  `1 + steps` tokens (the engine's own per-token samples, so prefill and start-up do not count);
- prefill tokens/s: `--context` over the median time to first token of one request, of three;
- collectives: a torch.profiler pass on rank 0 over a batch-1 generate of `1 + steps` tokens, summing
  the collectives' events (the NCCL kernels on CUDA, the c10d calls on CPU) after the prefill's (as
  many as a profiled one-token generate has) per decode step, against the run's median inter-token
  latency.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qcompile.config import CompileConfig
    from qcompile.engine.llm import LLM
    from qcompile.engine.stats import EngineStats

PROFILED = ("allreduce", "all_reduce", "allgather", "all_gather")  # collective event names, lower-cased


@dataclass
class TpRow:
    tp: int
    scope: str
    mode: str
    decode_tok_s: dict[int, float] = field(default_factory=dict)
    prefill_tok_s: float = 0.0
    collective_ms_per_step: float = 0.0
    step_ms: float = 0.0
    startup_s: float = 0.0


def _prompts(batch: int, context: int, vocab: int) -> list[dict[str, list[int]]]:
    import torch

    ids = torch.randint(2, vocab, (batch, context), generator=torch.Generator().manual_seed(batch))
    return [{"prompt_token_ids": row} for row in ids.tolist()]


def _latencies(llm: LLM, prompts: list[dict[str, list[int]]], tokens: int) -> EngineStats:
    """The engine's latency samples of one greedy generate of `tokens` tokens per prompt."""
    from qcompile.engine.sampling_params import SamplingParams

    llm.core.engine.stats()  # drain older samples
    llm.generate(prompts, SamplingParams(temperature=0.0, max_tokens=tokens, ignore_eos=True))
    return llm.core.engine.stats()


def _collective_ms(llm: LLM, prompts: list[dict[str, list[int]]], steps: int) -> tuple[float, float]:
    """(collective ms per decode step, median inter-token ms) of a profiled `1 + steps`-token
    generate. A profiled one-token generate counts the prefill's collectives; those first events of
    the longer run (in time order) are dropped and the rest are the decode steps' own, so no
    difference of two noisy totals enters. The collectives' time includes waiting for the slowest
    rank, which is what a step loses to them."""
    import torch
    from torch.autograd import DeviceType
    from torch.profiler import ProfilerActivity, profile

    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if torch.cuda.is_available() else [])

    def profiled(tokens: int) -> tuple[list[float], list[float]]:
        """Each collective's µs in time order, and the run's inter-token latencies."""
        with profile(activities=activities) as prof:
            itl = _latencies(llm, prompts, tokens).inter_token_latency_s
        events = [e for e in prof.events() if any(p in e.name.lower() for p in PROFILED)]
        # on CUDA the NCCL kernels alone (the c10d call that launched one also carries its time)
        kernels = [e for e in events if e.device_type == DeviceType.CUDA]
        if kernels:
            events, us = kernels, [e.self_device_time_total for e in kernels]
        else:
            us = [e.self_cpu_time_total for e in events]
        order = sorted(range(len(events)), key=lambda i: events[i].time_range.start)
        return [us[i] for i in order], itl

    prefill, _ = profiled(1)
    timed, itl = profiled(1 + steps)
    return sum(timed[len(prefill) :]) / 1e3 / steps, 1e3 * statistics.median(itl)


def measure(
    args: argparse.Namespace, path: Any, tp: int, scope: str, mode: str, compile: CompileConfig | None
) -> TpRow:
    import torch

    from qcompile.engine.llm import LLM

    row = TpRow(tp, scope, mode)
    max_batch = max(args.batches)
    start = time.perf_counter()
    llm = LLM(
        str(path),
        device=args.device,
        dtype=args.dtype,
        compile=compile,
        max_num_seqs=max_batch,
        max_model_len=args.context + args.steps + 8,
        max_num_batched_tokens=max(args.context, max_batch),
        tensor_parallel_size=tp,
        kv_cache_dtype=args.kv_cache_dtype,
        skinny_gemm=None if args.skinny_gemm else False,  # the engine's default, on CUDA
        skinny_plans=args.skinny_plans,
        aot=args.aot_dir is not None,  # as the single-process bench: saved only where --aot-dir says
    )
    row.startup_s = time.perf_counter() - start
    try:
        vocab = llm.core.config.vocab_size
        for b in args.batches:
            prompts = _prompts(b, args.context, vocab)
            _latencies(llm, prompts, 1 + args.warm_steps)  # warm
            row.decode_tok_s[b] = b / statistics.median(_latencies(llm, prompts, 1 + args.steps).inter_token_latency_s)
        one = _prompts(1, args.context, vocab)
        ttft = [_latencies(llm, one, 1).time_to_first_token_s[0] for _ in range(3)]
        row.prefill_tok_s = args.context / statistics.median(ttft)
        row.collective_ms_per_step, row.step_ms = _collective_ms(llm, _prompts(1, args.context, vocab), args.steps)
    finally:
        llm.close()
        del llm
        gc.collect()
        if torch.cuda.is_available():
            torch.cuda.empty_cache()
    print(
        f"bench: tp{tp} {scope}/{mode}: "
        + ", ".join(f"{b}: {v:.1f} tok/s" for b, v in row.decode_tok_s.items())
        + f"; prefill {row.prefill_tok_s:.0f} tok/s; collectives {row.collective_ms_per_step:.3f} of "
        f"{row.step_ms:.3f} ms per step",
        flush=True,
    )
    return row


def run(args: argparse.Namespace) -> dict[str, Any]:
    """TP1 then TPN for eager and each compiled (scope, mode)."""
    import torch

    from qcompile.config import CompileConfig
    from qcompile.engine.progress import stage
    from qcompile.synthetic import default_checkpoint

    with stage(f"checkpoint of the {args.preset} preset ({args.dtype})"):
        path = default_checkpoint(args.preset, dtype=args.dtype)
    modes = args.modes if torch.device(args.device).type == "cuda" else ["none"]
    configs: list[tuple[str, str, CompileConfig | None]] = [("eager", "none", None)]
    max_batch = max(args.batches)
    for scope in (s for s in args.scopes if s != "eager"):
        for mode in modes:
            ranges = ((1, 1), (2, max(max_batch, args.context)))
            config = CompileConfig(
                scope=scope, ranges=ranges, cudagraph=mode, inductor=tuple(args.inductor_config), aot_dir=args.aot_dir
            )
            configs.append((scope, mode, config))
    rows = []
    for scope, mode, config in configs:
        for tp in (1, args.tensor_parallel_size):
            with stage(f"tp{tp} {scope}/{mode}"):
                rows.append(measure(args, path, tp, scope, mode, config))
    return {
        "preset": args.preset,
        "dtype": args.dtype,
        "kv_cache_dtype": args.kv_cache_dtype,
        "device": torch.cuda.get_device_name() if torch.device(args.device).type == "cuda" else "cpu",
        "torch": torch.__version__,
        "tensor_parallel_size": args.tensor_parallel_size,
        "context": args.context,
        "steps": args.steps,
        "batches": args.batches,
        "rows": [asdict(r) for r in rows],
    }


def table(result: dict[str, Any]) -> str:
    from qcompile.commands.bench_report import kv_pages

    batches = result["batches"]
    lines = [
        f"{result['preset']} preset, {result['dtype']}, {kv_pages(result)}, {result['device']}, "
        f"torch {result['torch']}; "
        f"{result['context']}-token prompts, {result['steps']} timed decode steps; through the engine (LLM).",
        "",
        "| TP | scope | cudagraph | "
        + " | ".join(f"batch {b} tok/s" for b in batches)
        + " | prefill tok/s | collectives ms/step (share, batch 1) | startup s |",
        "|---|---|---|" + "---|" * len(batches) + "---|---|---|",
    ]
    for r in result["rows"]:
        share = r["collective_ms_per_step"] / r["step_ms"] if r["step_ms"] > 0 else 0.0
        lines.append(
            f"| {r['tp']} | {r['scope']} | {r['mode']} | "
            + " | ".join(f"{r['decode_tok_s'][b]:.1f}" for b in batches)
            + f" | {r['prefill_tok_s']:.0f} | {r['collective_ms_per_step']:.3f} ({100 * share:.1f}%)"
            f" | {r['startup_s']:.1f} |"
        )
    return "\n".join(lines)


def main(args: argparse.Namespace) -> None:
    from qcompile.commands.bench_report import write_json

    result = run(args)
    print(table(result))
    write_json(result, args.json)
