"""On CUDA a step's launch queues its work and returns: the runner's own host code (batch layout,
fed-back tokens, block tables, logit rows, logits processors, sampling) never synchronises with the
device. One synchronisation there would make async scheduling wait for the forward in flight, and the
host's work would add to the device's instead of overlapping it (`model/device_copy.py`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import torch

from qcompile import LLM, SamplingParams

pytestmark = pytest.mark.gpu


def _strict(fn: Callable[..., Any], calls: list[str], name: str) -> Callable[..., Any]:
    """`fn` with every synchronising CUDA call an error."""

    def run(*args: Any) -> Any:
        torch.cuda.set_sync_debug_mode("error")
        try:
            return fn(*args)
        finally:
            torch.cuda.set_sync_debug_mode(0)
            calls.append(name)

    return run


def _lenient(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` (the model's forward) with the check off: its own synchronisations are the model's."""

    def run(*args: Any) -> Any:
        torch.cuda.set_sync_debug_mode(0)
        try:
            return fn(*args)
        finally:
            torch.cuda.set_sync_debug_mode("error")

    return run


def test_a_steps_launch_never_waits_for_the_device(monkeypatch: pytest.MonkeyPatch) -> None:
    llm = LLM(device="cuda", max_model_len=512)
    runner = llm.core.runner
    calls: list[str] = []
    monkeypatch.setattr(runner, "forward", _lenient(runner.forward))
    monkeypatch.setattr(runner, "launch_forward", _strict(runner.launch_forward, calls, "forward"))
    monkeypatch.setattr(runner, "launch_sample", _strict(runner.launch_sample, calls, "sample"))
    params = [
        SamplingParams(temperature=0.0, max_tokens=80, ignore_eos=True),
        SamplingParams(temperature=0.8, top_k=20, top_p=0.9, min_p=0.05, max_tokens=80, ignore_eos=True),
        SamplingParams(temperature=1.0, seed=3, logit_bias={5: 2.0}, min_tokens=4, max_tokens=80),
        SamplingParams(temperature=1.0, presence_penalty=0.5, repetition_penalty=1.2, logprobs=2, max_tokens=80),
    ]
    outs = llm.generate(["Once upon a time", "The river", "A story:", "Hello"], params)
    assert [len(o.outputs[0].token_ids) for o in outs[:2]] == [80, 80]
    # a step per token, the requests crossing into a second K/V page on the way
    assert calls.count("forward") >= 80 and calls.count("sample") == calls.count("forward")
