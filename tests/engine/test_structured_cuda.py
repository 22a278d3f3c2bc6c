"""Structured outputs on CUDA: the embedded model's constrained requests run on the GPU, each step's
masks go from page-locked host memory to the device in one copy and are applied there, and the outputs
fit their grammars (a JSON schema beside a plain request, and JSON after reasoning)."""

from __future__ import annotations

import json
from typing import Any

import pytest
import torch

from qcompile import LLM, SamplingParams
from qcompile.engine import structured
from qcompile.engine.sampling_params import StructuredOutputs

pytestmark = pytest.mark.gpu

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string", "maxLength": 16}, "count": {"type": "integer", "maximum": 999}},
    "required": ["city", "count"],
    "additionalProperties": False,
}


def _valid(text: str) -> bool:
    value = json.loads(text)
    return set(value) == {"city", "count"} and len(value["city"]) <= 16 and type(value["count"]) is int


def test_constrained_requests_on_cuda_mask_on_the_device(monkeypatch: pytest.MonkeyPatch) -> None:
    import xgrammar as xgr

    applied: list[tuple[str, str]] = []
    pinned: list[bool] = []
    apply, fill = xgr.apply_token_bitmask_inplace, structured.Grammar.fill

    def spy_apply(logits: torch.Tensor, bitmask: torch.Tensor, **kwargs: Any) -> None:
        applied.append((logits.device.type, bitmask.device.type))
        apply(logits, bitmask, **kwargs)

    def spy_fill(self: structured.Grammar, bitmask: torch.Tensor, row: int) -> None:
        pinned.append(bitmask.is_pinned())
        fill(self, bitmask, row)

    monkeypatch.setattr(xgr, "apply_token_bitmask_inplace", spy_apply)
    monkeypatch.setattr(structured.Grammar, "fill", spy_fill)
    llm = LLM(device="cuda", max_model_len=512)
    spec = StructuredOutputs(json=SCHEMA)
    for seed in range(4):
        params = SamplingParams(temperature=1.0, seed=seed, max_tokens=80, structured_outputs=spec)
        plain = SamplingParams(temperature=1.0, seed=seed, max_tokens=24, ignore_eos=True)
        outs = llm.generate(["Tell me about a city.", "Once upon a time"], [params, plain])
        assert _valid(outs[0].outputs[0].text) and outs[0].outputs[0].finish_reason == "stop", outs[0]
        assert len(outs[1].outputs[0].token_ids) == 24
    france = [{"role": "user", "content": "What is the capital of France?"}]
    after = SamplingParams(
        temperature=0.0, max_tokens=160, structured_outputs=StructuredOutputs(SCHEMA, reasoning=True)
    )
    head, end, tail = llm.chat(france, after)[0].outputs[0].text.partition("</think>")
    assert head.startswith("<think>") and end and _valid(tail)
    assert applied and set(applied) == {("cuda", "cuda")}
    assert pinned and all(pinned)


def test_async_scheduling_on_cuda_reads_each_step_back_alone() -> None:
    """Each step's tokens come back through their own page-locked copy and event (not behind the step
    queued after it): greedy outputs are those of synchronous scheduling, constrained or not."""
    prompts = ["Once upon a time", "The capital of France is", "Tom met Mia"]
    spec = StructuredOutputs(json=SCHEMA)
    params = [
        SamplingParams(temperature=0.0, max_tokens=32, ignore_eos=True, logprobs=2),
        SamplingParams(temperature=0.0, max_tokens=64, structured_outputs=spec),
        SamplingParams(temperature=0.0, max_tokens=32, ignore_eos=True),
    ]

    def run(async_scheduling: bool) -> list[tuple[list[int], Any, str]]:
        llm = LLM(device="cuda", max_model_len=512, async_scheduling=async_scheduling)
        outs = llm.generate(prompts, params)
        return [(o.outputs[0].token_ids, o.outputs[0].logprobs, o.outputs[0].text) for o in outs]

    overlapped = run(True)
    assert overlapped == run(False) and _valid(overlapped[1][2])
