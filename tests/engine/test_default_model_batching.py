"""On the embedded default model, a request's greedy output does not depend on what it is
batched with, eagerly and at each compile scope (float32, CPU)."""

from __future__ import annotations

import pytest
import torch

from qcompile import LLM, CompileConfig, SamplingParams
from qcompile.default_model import PATH

PROMPTS = [
    "What is the capital of Italy?",
    "Once upon a time",
    "The weather in Paris is",
    "Write a short list of fruits:",
]


@pytest.mark.slow
@pytest.mark.parametrize("scope", [None, "layer", "block", "kernel"])
def test_greedy_alone_equals_batched(scope: str | None) -> None:
    torch._dynamo.reset()
    compile_config = None if scope is None else CompileConfig(scope=scope, ranges=((1, 1), (2, 64)))
    llm = LLM(str(PATH), compile=compile_config, max_num_seqs=4, max_model_len=256, max_num_batched_tokens=64)
    params = SamplingParams(temperature=0.0, max_tokens=12, ignore_eos=True)
    batched = [out.outputs[0].token_ids for out in llm.generate(PROMPTS, params)]
    alone = [llm.generate([p], params)[0].outputs[0].token_ids for p in PROMPTS]
    assert batched == alone
    assert all(len(ids) == 12 for ids in batched)
