"""`echo` with `logprobs`, and `max_tokens: 0`, on /v1/completions, answered as vLLM answers them: the
prompt's tokens first in `logprobs` (the first with null logprob and top-k), then the generated ones.
lm-evaluation-harness scores multiple-choice and perplexity tasks from exactly these lists."""

from __future__ import annotations

from typing import Any

import pytest
from transformers import PreTrainedTokenizerBase

from tests.server.conftest import Server

PROMPT = "The capital of France is"
TOP = 2


def _create(server: Server, **kwargs: Any) -> Any:
    return server.client().completions.create(model=server.model, temperature=0, **kwargs)


def _streamed(server: Server, **kwargs: Any) -> tuple[str, dict[str, list[Any]], Any]:
    """A stream's text and `logprobs` lists joined, and its last chunk with a choice."""
    text, joined, last = "", {"tokens": [], "token_logprobs": [], "top_logprobs": [], "text_offset": []}, None
    for chunk in _create(server, stream=True, **kwargs):
        for choice in chunk.choices:
            text += choice.text
            for key, values in joined.items():
                values += getattr(choice.logprobs, key) if choice.logprobs is not None else []
            last = chunk
    return text, joined, last


def _lists(logprobs: Any) -> dict[str, list[Any]]:
    return {k: getattr(logprobs, k) for k in ("tokens", "token_logprobs", "top_logprobs", "text_offset")}


@pytest.mark.parametrize("prompt_as_ids", [False, True])
def test_echo_with_logprobs(server: Server, tokenizer: PreTrainedTokenizerBase, prompt_as_ids: bool) -> None:
    ids = tokenizer.encode(PROMPT)
    prompt: Any = ids if prompt_as_ids else PROMPT
    plain = _create(server, prompt=prompt, max_tokens=3, logprobs=TOP).choices[0]
    echoed = _create(server, prompt=prompt, max_tokens=3, logprobs=TOP, echo=True).choices[0]
    asked = _create(server, prompt=prompt, max_tokens=1, extra_body={"prompt_logprobs": TOP}).choices[0]
    n = len(ids)
    assert echoed.text == tokenizer.decode(ids) + plain.text
    got = _lists(echoed.logprobs)
    assert got["tokens"][:n] == [tokenizer.decode([t]) for t in ids]
    assert got["token_logprobs"][0] is None and got["top_logprobs"][0] is None
    entries = asked.model_extra["prompt_logprobs"]
    for pos in range(1, n):
        chosen = got["tokens"][pos]
        assert got["token_logprobs"][pos] == pytest.approx(
            entries[pos][str(ids[pos])]["logprob"], abs=1e-5
        )  # fp32, other batch shapes
        top = got["top_logprobs"][pos]
        assert chosen in top and len(top) <= TOP + 1
        assert top[chosen] == got["token_logprobs"][pos]
    assert got["tokens"][n:] == plain.logprobs.tokens
    assert got["token_logprobs"][n:] == pytest.approx(
        plain.logprobs.token_logprobs, abs=1e-5
    )  # fp32, other batch shapes
    lengths = [len(t) for t in got["tokens"]]
    assert got["text_offset"] == [sum(lengths[:k]) for k in range(len(lengths))]
    text, joined, _ = _streamed(server, prompt=prompt, max_tokens=3, logprobs=TOP, echo=True)
    assert text == echoed.text and joined == got


@pytest.mark.parametrize("logprobs", [None, TOP])
def test_max_tokens_zero_echoes_the_prompt_alone(
    server: Server, tokenizer: PreTrainedTokenizerBase, logprobs: int | None
) -> None:
    reply = _create(server, prompt=PROMPT, max_tokens=0, echo=True, logprobs=logprobs)
    choice = reply.choices[0]
    n = len(tokenizer.encode(PROMPT))
    assert choice.text == PROMPT and choice.finish_reason == "length"
    assert reply.usage.prompt_tokens == n and reply.usage.completion_tokens == 1  # as vLLM counts it
    if logprobs is None:
        assert choice.logprobs is None
    else:
        got = _lists(choice.logprobs)
        assert len(got["tokens"]) == n and got["token_logprobs"][0] is None
        assert all(lp is not None and lp <= 0 for lp in got["token_logprobs"][1:])
    text, joined, last = _streamed(server, prompt=PROMPT, max_tokens=0, echo=True, logprobs=logprobs)
    assert text == PROMPT and last.choices[0].finish_reason == "length"
    assert joined == (_lists(choice.logprobs) if logprobs is not None else {k: [] for k in joined})
