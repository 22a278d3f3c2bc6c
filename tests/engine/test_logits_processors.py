"""The logits processors of `SamplingParams` (logit_bias, penalties, min_tokens, structured outputs),
on the tiny preset through `LLM.generate` (async scheduling on), and the penalty arithmetic alone."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest
import torch

from qcompile import LLM, SamplingParams
from qcompile.engine.sampler import LogitsProcessors, apply_penalties
from qcompile.engine.sampling_params import StructuredOutputs

PROMPT = {"prompt_token_ids": [5, 9, 2, 17]}
GREEDY = {"temperature": 0.0, "max_tokens": 8, "ignore_eos": True}


def _tokens(llm: LLM, **kwargs: object) -> list[int]:
    return llm.generate([PROMPT], SamplingParams(**kwargs))[0].outputs[0].token_ids  # type: ignore[arg-type]


def test_logit_bias_moves_greedy_output(llm: LLM) -> None:
    plain = _tokens(llm, **GREEDY)
    assert _tokens(llm, **GREEDY, logit_bias={42: 100.0}) == [42] * 8
    banned = _tokens(llm, **GREEDY, logit_bias={plain[0]: -100.0})
    assert banned[0] != plain[0]


def test_min_tokens_holds_back_eos(llm: LLM) -> None:
    eos = sorted(llm.core.eos_token_ids)[0]
    forced = {"temperature": 0.0, "max_tokens": 20, "logit_bias": {eos: 100.0}}
    assert _tokens(llm, **forced) == [eos]
    out = llm.generate([PROMPT], SamplingParams(**forced, min_tokens=5))[0].outputs[0]  # type: ignore[arg-type]
    assert len(out.token_ids) == 6 and eos not in out.token_ids[:5] and out.finish_reason == "stop"


def test_penalty_arithmetic() -> None:
    logits = torch.tensor([[2.0, -1.0, 0.5, 3.0]])
    counts = torch.tensor([[2, 0, 0, 1]], dtype=torch.int32)
    prompt = torch.tensor([[False, True, False, False]])
    out = apply_penalties(logits, counts, prompt, torch.tensor([0.5]), torch.tensor([0.25]), torch.tensor([2.0]))
    # token 0: output twice, 2/2 - 0.25*2 - 0.5; token 1: prompt only, -1*2; token 2 unseen; token 3 once
    assert out.tolist() == [[1.0 - 0.5 - 0.5, -2.0, 0.5, 1.5 - 0.25 - 0.5]]


def test_counts_follow_the_sampled_tokens() -> None:
    """The device table the penalties read holds each slot's output counts, reset when a slot is reused."""
    procs = LogitsProcessors(3, 6, torch.device("cpu"))
    params = SamplingParams(frequency_penalty=1.0)
    seq = SimpleNamespace(
        slot=1,
        params=params,
        prompt_token_ids=[4, 4, 5],
        output_token_ids=[],
        num_output_tokens=0,
        num_pending=1,
        grammar=None,
    )
    procs.admit([seq])  # type: ignore[list-item]
    for token in (2, 3, 2):
        procs.record(torch.tensor([1]), torch.tensor([token]))
    assert procs.counts is not None and procs.prompt_seen is not None
    assert procs.counts[1].tolist() == [0, 0, 2, 1, 0, 0] and procs.prompt_seen[1].tolist() == [0, 0, 0, 0, 1, 1]
    out = procs.apply(torch.zeros(1, 6), [seq])  # type: ignore[list-item]
    assert out.tolist() == [[0.0, 0.0, -2.0, -1.0, 0.0, 0.0]]
    procs.admit([seq])  # type: ignore[list-item]
    assert procs.counts[1].sum() == 0
    seq.output_token_ids = [2, 3, 2]  # readmitted after a preemption: its outputs count again
    procs.admit([seq])  # type: ignore[list-item]
    assert procs.counts[1].tolist() == [0, 0, 2, 1, 0, 0]


def test_penalties_change_sampling_only_when_set(llm: LLM) -> None:
    plain = _tokens(llm, **GREEDY)
    assert _tokens(llm, **GREEDY, presence_penalty=0.0, repetition_penalty=1.0) == plain
    biased = {**GREEDY, "max_tokens": 16, "logit_bias": {7: 3.0}}
    repeated = _tokens(llm, **biased)
    assert repeated.count(7) >= 8
    for penalty in ({"frequency_penalty": 2.0}, {"presence_penalty": 2.0}, {"repetition_penalty": 3.0}):
        assert _tokens(llm, **biased, **penalty).count(7) < repeated.count(7), penalty


SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "maxLength": 12},
        "age": {"type": "integer", "minimum": 0, "maximum": 120},
        "ok": {"type": "boolean"},
    },
    "required": ["name", "age", "ok"],
    "additionalProperties": False,
}


@pytest.mark.parametrize("seed", range(4))
def test_json_schema_outputs_validate(llm: LLM, seed: int) -> None:
    params = SamplingParams(temperature=1.0, seed=seed, max_tokens=100, structured_outputs=StructuredOutputs(SCHEMA))
    out = llm.generate([PROMPT, "Hello, my name is"], params)
    for o in out:
        value = json.loads(o.outputs[0].text)
        assert set(value) == {"name", "age", "ok"} and len(value["name"]) <= 12
        assert type(value["age"]) is int and 0 <= value["age"] <= 120 and type(value["ok"]) is bool
        assert o.outputs[0].finish_reason == "stop"


def test_regex_choice_and_json_object(llm: LLM) -> None:
    def text(spec: StructuredOutputs, seed: int) -> str:
        params = SamplingParams(temperature=1.0, seed=seed, max_tokens=60, structured_outputs=spec)
        return llm.generate([PROMPT], params)[0].outputs[0].text

    for seed in range(3):
        assert re.fullmatch(r"[0-9]{3}-[a-z]{2,4}", text(StructuredOutputs(regex=r"[0-9]{3}-[a-z]{2,4}"), seed))
        assert text(StructuredOutputs(choice=["yes", "no", "maybe so"]), seed) in ("yes", "no", "maybe so")
    # any object: it may be cut by max_tokens, so only its start is checked
    assert text(StructuredOutputs(json_object=True), 0).startswith("{")


def test_bad_structured_outputs_fail_alone(llm: LLM) -> None:
    with pytest.raises(ValueError, match=r"structured_outputs\.regex cannot be compiled"):
        llm.generate([PROMPT], SamplingParams(structured_outputs=StructuredOutputs(regex="(")))
    with pytest.raises(ValueError, match="exactly one of"):
        StructuredOutputs(regex="a", choice=["b"])
    with pytest.raises(ValueError, match="min_tokens"):
        SamplingParams(max_tokens=4, min_tokens=5)
    with pytest.raises(ValueError, match="logit_bias"):
        SamplingParams(logit_bias={3: 101.0})
    assert _tokens(llm, **GREEDY)  # the engine goes on


def test_constrained_request_advances_every_step(llm: LLM, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under async scheduling a constrained row's step is read back before the next is scheduled, so it
    samples in every step (not every other one), beside an unconstrained request that keeps its output."""
    engine = llm.core.engine
    assert engine.async_scheduling
    steps = 0
    step = engine.step

    def counted() -> list:
        nonlocal steps
        steps += 1
        return step()

    plain = SamplingParams(**GREEDY)
    alone = llm.generate([PROMPT], plain)[0].outputs[0].token_ids
    monkeypatch.setattr(engine, "step", counted)
    spec = StructuredOutputs(regex=r"[a-z]{40}")
    out = llm.generate(
        [PROMPT, PROMPT], [SamplingParams(temperature=0.0, max_tokens=8, structured_outputs=spec), plain]
    )
    assert re.fullmatch(r"[a-z]+", out[0].outputs[0].text) and len(out[0].outputs[0].token_ids) == 8
    assert out[1].outputs[0].token_ids == alone
    assert steps <= 8 + 2  # one step per token, plus the async tail


def test_constrained_steps_read_back_while_the_next_forward_runs(llm: LLM, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a constrained request in flight, each step launches its forward, then reads the step in
    flight back (its grammar takes the token), then launches its sampling: the device never waits for
    the host's output work, only the sampling waits for the mask."""
    runner = llm.core.runner
    calls: list[str] = []
    for name, letter in (("launch_forward", "f"), ("collect", "c"), ("launch_sample", "s")):
        method = getattr(runner, name)
        monkeypatch.setattr(runner, name, lambda *a, _m=method, _l=letter: calls.append(_l) or _m(*a))
    spec = StructuredOutputs(regex=r"[a-z]{40}")
    out = llm.generate([PROMPT], SamplingParams(temperature=0.0, max_tokens=6, structured_outputs=spec))
    assert len(out[0].outputs[0].token_ids) == 6
    # the first step has nothing in flight; after the sixth token nothing is scheduled: the last is read back
    assert "".join(calls) == "fs" + "fcs" * 5 + "c"


def test_a_failed_read_back_under_a_constrained_step_fails_its_requests_alone(
    llm: LLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The read-back between a step's forward and its sampling fails: the running requests fail (the
    forward just launched goes with them), nothing is left half done, and the engine serves on."""
    runner, collect = llm.core.runner, llm.core.runner.collect
    calls = 0

    def fail_second(launched: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise RuntimeError("device lost")
        return collect(launched)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "collect", fail_second)
    spec = StructuredOutputs(regex=r"[a-z]{40}")
    constrained = SamplingParams(temperature=0.0, max_tokens=8, structured_outputs=spec)
    with pytest.raises(RuntimeError, match="device lost"):
        llm.generate([PROMPT, PROMPT], [constrained, SamplingParams(**GREEDY)])
    assert calls == 2 and not llm.core.engine.has_unfinished()
    monkeypatch.setattr(runner, "collect", collect)
    again = llm.generate([PROMPT], constrained)[0].outputs[0]
    assert re.fullmatch(r"[a-z]+", again.text) and len(again.token_ids) == 8
