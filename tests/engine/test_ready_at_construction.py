"""`LLM(path, compile=...)` compiles every range at construction: afterwards no batch size traces."""

from pathlib import Path

import pytest
import torch

from qcompile import LLM, CompileConfig, SamplingParams
from qcompile.engine.core import uncompiled_steps


@pytest.mark.slow
def test_no_batch_compiles_after_construction(tiny_ckpt: Path) -> None:
    torch._dynamo.reset()
    config = CompileConfig(scope="kernel", ranges=((1, 1), (2, 16)))
    llm = LLM(str(tiny_ckpt), compile=config, max_num_seqs=16, max_model_len=64, max_num_batched_tokens=16)
    runner = llm.core.runner
    traces = runner.forward.backend.traces
    assert {"compile", "warmup"} <= set(llm.core.stage_times)
    compiled, sizes = runner.forward, []

    def spy(*args: torch.Tensor) -> torch.Tensor:
        sizes.append(args[0].shape[0])
        return compiled(*args)

    runner.forward = spy
    params = SamplingParams(temperature=0, max_tokens=2, ignore_eos=True)
    with torch.compiler.set_stance("fail_on_recompile"):
        for n in range(1, 17):
            llm.generate({"prompt_token_ids": [5] * n}, params)  # a prefill of n tokens, then a decode of 1
            llm.generate([{"prompt_token_ids": [7]}] * n, params)  # n one-token prefills, then n decodes
        # decodes beside prefill chunks, chunked by the 16-token budget
        mixed = [[3] * 20, [4], [9] * 6, [2, 2]]
        llm.generate([{"prompt_token_ids": p} for p in mixed], SamplingParams(temperature=0, max_tokens=5))
    assert set(sizes) == set(range(1, 17))
    assert runner.forward is spy and compiled.backend.traces == traces


@pytest.mark.parametrize(
    ("ranges", "budget", "said"),
    [
        (((1, 1), (2, 2048)), 2048, None),
        (((1, 256),), 256, None),
        (((1, 256),), 2048, "steps of 257-2048 tokens run eagerly"),
        (((1, 1), (2, 2048)), 8192, "steps of 2049-8192 tokens run eagerly"),
    ],
)
def test_start_up_says_when_the_step_budget_passes_the_compile_ranges(
    ranges: tuple[tuple[int, int], ...], budget: int, said: str | None
) -> None:
    """Steps above the last range run eagerly (warned once, at the first): a long prompt's every chunk, so the
    compile line names it up front."""
    note = uncompiled_steps(ranges, budget)
    assert note == said if said is None else note.startswith(said)
