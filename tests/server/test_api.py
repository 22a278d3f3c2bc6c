"""The OpenAI API on the embedded default model: both endpoints, streaming and not, and exactness
against `LLM.generate` for the same prompts."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from qcompile import LLM, SamplingParams
from qcompile.server.parsers import Reply, ReplyParser, select_parsers
from tests.server.conftest import MAX_MODEL_LEN, Server

PROMPTS = ["Once upon a time, Anna went to", "The capital of France is", "Tom: Hello Mia, how are you today?\n"]
CHATS = [
    [{"role": "user", "content": "What is the capital of Italy?"}],
    [{"role": "user", "content": "What is 3 plus 4?"}],
    [{"role": "user", "content": "Hello!"}],
]


@pytest.fixture(scope="module")
def llm(default_model: Path) -> LLM:
    return LLM(default_model, dtype="float32", max_model_len=MAX_MODEL_LEN)


def test_models(server: Server) -> None:
    [model] = server.client().models.list().data
    assert model.id == server.model


def test_completion_and_stream_agree(server: Server) -> None:
    client = server.client()
    kwargs: dict[str, Any] = {"model": server.model, "prompt": PROMPTS[1], "max_tokens": 12, "temperature": 0}
    whole = client.completions.create(**kwargs)
    chunks = list(client.completions.create(stream=True, stream_options={"include_usage": True}, **kwargs))
    assert whole.choices[0].text and "".join(c.choices[0].text for c in chunks if c.choices) == whole.choices[0].text
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == whole.choices[0].finish_reason
    assert chunks[-1].usage == whole.usage and whole.usage.completion_tokens <= 12


def test_text_parts_read_as_the_string(server: Server) -> None:
    """Content as OpenAI's list of text parts renders as the same string would."""
    client = server.client()
    kwargs: dict[str, Any] = {"model": server.model, "max_tokens": 12, "temperature": 0}
    text = CHATS[0][0]["content"]
    parts = [{"type": "text", "text": text[:10]}, {"type": "text", "text": text[10:]}]
    whole = client.chat.completions.create(messages=[{"role": "user", "content": text}], **kwargs)
    split = client.chat.completions.create(messages=[{"role": "user", "content": parts}], **kwargs)
    assert split.choices[0].message == whole.choices[0].message
    assert split.usage == whole.usage


def test_chat_and_stream_agree(server: Server) -> None:
    client = server.client()
    kwargs: dict[str, Any] = {"model": server.model, "messages": CHATS[0], "max_tokens": 40, "temperature": 0}
    whole = client.chat.completions.create(**kwargs).choices[0]
    reasoning, content, finish = "", "", None
    for chunk in client.chat.completions.create(stream=True, **kwargs):
        reasoning += getattr(chunk.choices[0].delta, "reasoning_content", None) or ""
        content += chunk.choices[0].delta.content or ""
        finish = chunk.choices[0].finish_reason or finish
    assert (reasoning, content, finish) == (
        whole.message.reasoning_content or "",
        whole.message.content,
        whole.finish_reason,
    )


def test_trained_model_reasons_and_calls_tools(server: Server) -> None:
    """The default model learned the chat format: it reasons before answering and calls a listed tool."""
    client = server.client()
    answer = client.chat.completions.create(model=server.model, messages=CHATS[0], temperature=0).choices[0]
    assert answer.finish_reason == "stop" and answer.message.reasoning_content
    assert "Rome" in answer.message.content
    tools = [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Get the current weather for a city.",
                "parameters": {
                    "type": "object",
                    "required": ["city"],
                    "properties": {"city": {"type": "string", "description": "The name of the city"}},
                },
            },
        }
    ]
    call = client.chat.completions.create(
        model=server.model,
        temperature=0,
        tools=tools,
        messages=[{"role": "user", "content": "What is the weather like in Paris?"}],
    ).choices[0]
    assert call.finish_reason == "tool_calls"
    assert call.message.tool_calls[0].function.name == "get_weather"
    assert json.loads(call.message.tool_calls[0].function.arguments) == {"city": "Paris"}


def test_sampling_fields(server: Server) -> None:
    client = server.client()
    base: dict[str, Any] = {"model": server.model, "prompt": PROMPTS[0], "max_tokens": 16}
    a, b = (
        client.completions.create(temperature=1.0, top_p=0.9, seed=7, extra_body={"top_k": 20}, **base)
        for _ in range(2)
    )
    assert a.choices[0].text == b.choices[0].text  # same seed, same tokens
    greedy = client.completions.create(temperature=0, **base).choices[0].text
    stop = greedy.split()[1]
    cut = client.completions.create(temperature=0, stop=[stop], **base).choices[0]
    assert cut.finish_reason == "stop" and cut.text == greedy[: greedy.index(stop)]
    lp = client.completions.create(temperature=0, logprobs=3, **base).choices[0].logprobs
    assert "".join(lp.tokens) == greedy and all(len(top) == 3 for top in lp.top_logprobs)
    chat = client.chat.completions.create(
        model=server.model, messages=CHATS[2], max_completion_tokens=5, temperature=0, logprobs=True, top_logprobs=2
    ).choices[0]
    assert len(chat.logprobs.content) == 5 and all(len(t.top_logprobs) == 2 for t in chat.logprobs.content)


def test_greedy_matches_llm_generate(server: Server, default_model: Path, llm: LLM) -> None:
    """Requests sent at once (so the server batches them) give exactly `LLM.generate`'s outputs."""
    tok = llm.tokenizer
    chat_prompts = [tok.apply_chat_template(m, add_generation_prompt=True, tokenize=False) for m in CHATS]
    outs = [
        o.outputs[0]
        for o in llm.generate(
            [{"prompt_token_ids": tok.encode(p)} for p in PROMPTS + chat_prompts],
            SamplingParams(temperature=0.0, max_tokens=24),
        )
    ]

    def parsed(prompt: str, text: str, reason: str | None) -> Reply:
        parser, reply = ReplyParser(select_parsers(default_model), None, prompt), Reply()
        reply.add(parser.feed(text) + parser.finish(reason))
        return reply

    replies = [parsed(p, o.text, o.finish_reason) for p, o in zip(chat_prompts, outs[len(PROMPTS) :], strict=True)]
    expected = [(o.text, len(o.token_ids), o.finish_reason) for o in outs[: len(PROMPTS)]] + [
        (r.reasoning, r.content, len(o.token_ids), o.finish_reason)
        for r, o in zip(replies, outs[len(PROMPTS) :], strict=True)
    ]

    async def ask() -> list[tuple[Any, ...]]:
        client = server.async_client()
        done = await asyncio.gather(
            *(client.completions.create(model=server.model, prompt=p, max_tokens=24, temperature=0) for p in PROMPTS),
            *(
                client.chat.completions.create(model=server.model, messages=m, max_tokens=24, temperature=0)
                for m in CHATS
            ),
        )
        return [
            (r.choices[0].text, r.usage.completion_tokens, r.choices[0].finish_reason) for r in done[: len(PROMPTS)]
        ] + [
            (
                r.choices[0].message.reasoning_content or "",
                r.choices[0].message.content,
                r.usage.completion_tokens,
                r.choices[0].finish_reason,
            )
            for r in done[len(PROMPTS) :]
        ]

    assert asyncio.run(ask()) == expected
