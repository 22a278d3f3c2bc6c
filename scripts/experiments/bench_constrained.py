"""What a constrained request costs the step loop: the embedded model under async scheduling, one request
constrained by a regex (96 tokens) alone, four plain requests, and the constrained one beside three
plain ones; one table row each, best of `--repeats` runs after one warm-up.

Columns: engine steps, wall seconds, tokens/s of the first request and of all requests, and per step
the host's milliseconds in `launch_forward` (queueing the forward; on CPU it is the whole forward), in
`launch_sample` (logits processors and sampling, the grammar's masks included), in the masks alone, in
`collect` (waiting for the device and reading back) and in the rest of the step (scheduling,
detokenising, stop checks). On CUDA, `collect` is where the host waits for the device.

    python scripts/experiments/bench_constrained.py                  # CPU
    python scripts/experiments/bench_constrained.py --device cuda    # one GPU
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import torch

import qcompile.engine.sampler as sampler
from qcompile import LLM, SamplingParams
from qcompile.engine.sampling_params import StructuredOutputs

PROMPT = "Once upon a time"
PHASES = ("forward", "sample", "mask", "collect")


class StepClock:
    """Host seconds per phase of every engine step, by wrapping the calls that make up a step."""

    def __init__(self, llm: LLM) -> None:
        self.seconds = dict.fromkeys((*PHASES, "step"), 0.0)
        self.steps = 0
        engine, runner = llm.core.engine, llm.core.runner
        engine.step = self._timed("step", engine.step, count=True)  # type: ignore[method-assign]
        runner.launch_forward = self._timed("forward", runner.launch_forward)  # type: ignore[method-assign]
        runner.launch_sample = self._timed("sample", runner.launch_sample)  # type: ignore[method-assign]
        runner.collect = self._timed("collect", runner.collect)  # type: ignore[method-assign]
        sampler.mask_to_grammars = self._timed("mask", sampler.mask_to_grammars)

    def _timed(self, phase: str, fn: Callable[..., Any], count: bool = False) -> Callable[..., Any]:
        def timed(*args: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args)
            finally:
                self.seconds[phase] += time.perf_counter() - start
                self.steps += count

        return timed

    def reset(self) -> None:
        self.seconds = dict.fromkeys(self.seconds, 0.0)
        self.steps = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--device", default="cpu", help="cpu or cuda")
    parser.add_argument("--repeats", type=int, default=3, help="runs per row; the fastest is shown")
    parser.add_argument("--max-tokens", type=int, default=96)
    args = parser.parse_args()

    llm = LLM(device=args.device)
    clock = StepClock(llm)
    spec = StructuredOutputs(regex=r"[a-z ]{300}")
    constrained = SamplingParams(temperature=1.0, seed=0, max_tokens=args.max_tokens, structured_outputs=spec)
    plain = SamplingParams(temperature=1.0, seed=0, max_tokens=args.max_tokens, ignore_eos=True)
    llm.generate([PROMPT, PROMPT], [constrained, plain])  # warm-up: grammar compiled, first calls made
    sync = torch.cuda.synchronize if args.device.startswith("cuda") else lambda: None
    rows = (
        ("4 plain", [plain] * 4),
        ("constrained", [constrained]),
        ("constrained + 3 plain", [constrained] + [plain] * 3),
    )
    print(f"device {args.device}, torch {torch.__version__}, {torch.get_num_threads()} CPU threads")
    head = "| run | steps | wall s | tok/s first | tok/s all | ms/step | " + " | ".join(f"{p} ms" for p in PHASES)
    print(head + " | rest ms |")
    print("|---" * (head.count("|") + 1) + "|")
    for name, params in rows:
        best: tuple[float, int, int, int, dict[str, float]] | None = None
        for _ in range(args.repeats):
            clock.reset()
            sync()
            start = time.perf_counter()
            outs = llm.generate([PROMPT] * len(params), params)
            sync()
            wall = time.perf_counter() - start
            first, total = len(outs[0].outputs[0].token_ids), sum(len(o.outputs[0].token_ids) for o in outs)
            if best is None or wall < best[0]:
                best = (wall, clock.steps, first, total, dict(clock.seconds))
        assert best is not None
        wall, steps, first, total, seconds = best
        per_step = {k: 1e3 * v / steps for k, v in seconds.items()}
        rest = per_step["step"] - per_step["forward"] - per_step["sample"] - per_step["collect"]  # mask: in sample
        phases = " | ".join(f"{per_step[p]:.2f}" for p in PHASES)
        print(
            f"| {name} | {steps} | {wall:.2f} | {first / wall:.1f} | {total / wall:.1f} | "
            f"{1e3 * wall / steps:.2f} | {phases} | {rest:.2f} |"
        )


if __name__ == "__main__":
    main()
