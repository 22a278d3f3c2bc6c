"""Structured outputs after reasoning (`StructuredOutputs.reasoning`): on the embedded default model,
which writes `<think>…</think>` before answering some questions, the grammar waits for `</think>`;
and the phases of a `Grammar` alone, with a matcher that records what it is given."""

from __future__ import annotations

import json
from typing import Any

import pytest
import torch

from qcompile import LLM, SamplingParams
from qcompile.engine.sampling_params import StructuredOutputs
from qcompile.engine.structured import Grammar, Phase, ThinkTokens, mask_to_grammars, start_phase, think_tokens

FRANCE = [{"role": "user", "content": "What is the capital of France?"}]
SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string", "maxLength": 16}, "known": {"type": "boolean"}},
    "required": ["city", "known"],
    "additionalProperties": False,
}


def _valid(text: str) -> bool:
    value = json.loads(text)
    return set(value) == {"city", "known"} and len(value["city"]) <= 16 and type(value["known"]) is bool


@pytest.fixture(scope="module")
def default_llm() -> LLM:
    return LLM(max_model_len=512)


def _reply(llm: LLM, reasoning: bool, seed: int | None = None, **chat: Any) -> str:
    spec = StructuredOutputs(json=SCHEMA, reasoning=reasoning)
    temperature = 0.0 if seed is None else 1.0
    params = SamplingParams(temperature=temperature, seed=seed, max_tokens=160, structured_outputs=spec)
    out = llm.chat(FRANCE, params, **chat)[0].outputs[0]
    assert out.finish_reason == "stop", out
    return out.text


def test_the_model_reasons_freely_then_the_json_validates(default_llm: LLM) -> None:
    free = default_llm.chat(FRANCE, SamplingParams(temperature=0.0, max_tokens=160))[0].outputs[0].text
    thought = free[: free.index("</think>") + len("</think>")]
    assert thought.startswith("<think>") and len(thought) > 20
    reply = _reply(default_llm, reasoning=True)
    assert reply.startswith(thought) and _valid(reply[len(thought) :])  # the reasoning is what it writes unconstrained
    for seed in range(4):
        reply = _reply(default_llm, reasoning=True, seed=seed)
        head, _, tail = reply.partition("</think>")
        assert head.startswith("<think>") and _valid(tail), reply


def test_without_reasoning_the_grammar_holds_from_the_first_token(default_llm: LLM) -> None:
    assert _valid(_reply(default_llm, reasoning=False))
    # the template closes the block itself when thinking is off: the output starts at once
    assert _valid(_reply(default_llm, reasoning=True, chat_template_kwargs={"enable_thinking": False}))


def test_a_prompt_that_opens_reasoning_starts_the_reply_inside_it(default_llm: LLM) -> None:
    tokenizer = default_llm.tokenizer
    prompt = tokenizer.apply_chat_template(FRANCE, add_generation_prompt=True, tokenize=False) + "<think>\n"
    spec = StructuredOutputs(json=SCHEMA, reasoning=True)
    out = default_llm.generate(
        {"prompt_token_ids": tokenizer.encode(prompt, add_special_tokens=False)},
        SamplingParams(temperature=0.0, max_tokens=160, structured_outputs=spec),
    )[0].outputs[0]
    head, end, tail = out.text.partition("</think>")
    assert end and "<think>" not in head and "Paris" in head and _valid(tail), out.text


class _Recorder:
    """A matcher that allows nothing but the token ids in `allowed` and records what it accepts."""

    def __init__(self, allowed: list[int]) -> None:
        self.allowed, self.accepted = allowed, []

    def fill_next_token_bitmask(self, bitmask: torch.Tensor, row: int) -> None:
        bitmask[row] = 0
        for t in self.allowed:
            word, bit = divmod(t, 32)
            bitmask[row, word] |= (1 << bit) - (1 << 32 if bit == 31 else 0)

    def accept_token(self, token_id: int) -> bool:
        self.accepted.append(token_id)
        return token_id in self.allowed

    def is_terminated(self) -> bool:
        return False


def _allowed(grammar: Grammar, vocab: int) -> list[int]:
    logits = torch.zeros(1, vocab)
    mask_to_grammars(logits, [grammar])
    return torch.nonzero(logits[0] == 0).flatten().tolist()


def test_reasoning_tokens_never_reach_the_grammar() -> None:
    think = ThinkTokens(start=31, end=63)  # bit 31 of a word is int32's sign bit
    matcher = _Recorder([5, 40])
    grammar = Grammar(matcher, think, Phase.START)
    assert _allowed(grammar, 70) == [5, 31, 40]
    assert grammar.constrains
    grammar.accept(31)  # `<think>`
    for token in (5, 7, 31):  # free reasoning, the grammar's tokens and markers included
        assert not grammar.constrains
        grammar.accept(token)
    grammar.accept(63)  # `</think>`
    assert matcher.accepted == [] and grammar.phase is Phase.OUTPUT
    assert _allowed(grammar, 70) == [5, 40]  # after `</think>`: the grammar's tokens only
    grammar.accept(40)
    assert matcher.accepted == [40]
    started = Grammar(_Recorder([5]), think, Phase.START)
    started.accept(5)  # no `<think>` first: the output began, `<think>` is the grammar's to allow now
    assert started.phase is Phase.OUTPUT and _allowed(started, 70) == [5]
    with pytest.raises(ValueError, match="not allowed"):
        started.accept(31)


def test_mask_rows_mix_constrained_reasoning_and_free_requests() -> None:
    think = ThinkTokens(start=2, end=3)
    reasoning = Grammar(_Recorder([4]), think, Phase.REASONING)
    output = Grammar(_Recorder([4]), think, Phase.OUTPUT)
    logits = torch.zeros(3, 8)
    mask_to_grammars(logits, [reasoning, None, output])
    assert torch.isinf(logits[2]).sum() == 7 and not torch.isinf(logits[:2]).any()


def test_where_a_reply_starts_is_read_from_the_prompt(default_llm: LLM) -> None:
    tokenizer = default_llm.tokenizer
    think = think_tokens(tokenizer)
    assert think is not None

    def phase(text: str) -> Phase:
        return start_phase(tokenizer.encode(text, add_special_tokens=False), think, tokenizer)

    assert phase("<|im_start|>assistant\n<think>\n") is Phase.REASONING
    assert phase("<|im_start|>assistant\n<think>\n\n</think>\n\n") is Phase.OUTPUT
    assert phase("<think>\nR\n</think>\n\nA<|im_end|>\n<|im_start|>assistant\n") is Phase.START
    assert phase("<|im_start|>assistant\n<think>\nHm") is Phase.START
