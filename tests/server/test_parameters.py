"""The parameters users send, on the embedded default model through the `openai` client on loopback:
structured outputs, forced tool calls, n > 1, batch prompts, logit_bias, echo, prompt_logprobs,
stop_reason, continuous usage, and the token and version endpoints."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import openai
import pytest

from tests.server.conftest import Server

ASK = [{"role": "user", "content": "Tell me about a person."}]
SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "maxLength": 16},
        "age": {"type": "integer", "minimum": 0, "maximum": 120},
        "city": {"type": "string", "enum": ["Paris", "Rome", "Berlin"]},
        "tags": {"type": "array", "items": {"type": "string", "maxLength": 8}, "maxItems": 3},
    },
    "required": ["name", "age", "city", "tags"],
    "additionalProperties": False,
}
TOOLS: list[Any] = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string", "maxLength": 12}, "days": {"type": "integer", "maximum": 9}},
                "required": ["city"],
            },
        },
    },
    {"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {}}}},
]


def _valid(value: Any) -> bool:
    """`value` fits SCHEMA (checked by hand: no JSON-schema validator is a dependency)."""
    return (
        isinstance(value, dict)
        and set(value) == {"name", "age", "city", "tags"}
        and isinstance(value["name"], str)
        and len(value["name"]) <= 16
        and type(value["age"]) is int
        and 0 <= value["age"] <= 120
        and value["city"] in ("Paris", "Rome", "Berlin")
        and isinstance(value["tags"], list)
        and len(value["tags"]) <= 3
        and all(isinstance(t, str) and len(t) <= 8 for t in value["tags"])
    )


def test_json_schema_validates_in_20_of_20_seeded_requests(server: Server) -> None:
    client = server.client()
    fmt = {"type": "json_schema", "json_schema": {"name": "person", "schema": SCHEMA}}
    reply = client.chat.completions.create(
        model=server.model, messages=ASK, temperature=1.0, seed=0, max_tokens=120, n=20, response_format=fmt
    )  # type: ignore[call-overload]
    assert len(reply.choices) == 20
    for choice in reply.choices:
        assert choice.finish_reason == "stop" and _valid(json.loads(choice.message.content or "")), choice


def test_guided_fields_and_json_object(server: Server) -> None:
    client = server.client()
    common: dict[str, Any] = {"model": server.model, "temperature": 1.0, "max_tokens": 40}
    for seed in range(3):
        regex = client.completions.create(
            prompt="Code:", seed=seed, extra_body={"guided_regex": "[A-Z]{2}-[0-9]{3}"}, **common
        )
        assert re.fullmatch("[A-Z]{2}-[0-9]{3}", regex.choices[0].text)
        choice = client.chat.completions.create(
            messages=ASK, seed=seed, extra_body={"guided_choice": ["yes", "no"]}, **common
        )
        assert choice.choices[0].message.content in ("yes", "no")
        guided = client.chat.completions.create(
            messages=ASK, seed=seed, extra_body={"guided_json": SCHEMA}, **{**common, "max_tokens": 120}
        )
        assert _valid(json.loads(guided.choices[0].message.content or ""))
        newer = client.completions.create(
            prompt="Code:", seed=seed, extra_body={"structured_outputs": {"choice": ["red", "blue"]}}, **common
        )
        assert newer.choices[0].text in ("red", "blue")
    # thinking off: the reply is the object from its first token (8 tokens leave no room to reason)
    obj = client.chat.completions.create(
        messages=ASK,
        seed=1,
        response_format={"type": "json_object"},
        extra_body={"chat_template_kwargs": {"enable_thinking": False}},
        **{**common, "max_tokens": 8},
    )
    assert (obj.choices[0].message.content or "").startswith("{")


def test_structured_stream_equals_whole(server: Server) -> None:
    kwargs: dict[str, Any] = {
        "model": server.model,
        "messages": ASK,
        "temperature": 1.0,
        "seed": 5,
        "max_tokens": 120,
        "extra_body": {"guided_json": SCHEMA},
    }
    whole = server.client().chat.completions.create(**kwargs).choices[0].message.content
    streamed = "".join(
        c.choices[0].delta.content or ""
        for c in server.client().chat.completions.create(stream=True, **kwargs)
        if c.choices
    )
    assert streamed == whole and _valid(json.loads(streamed))


def test_tool_choice_required_always_calls(server: Server) -> None:
    client = server.client()
    for seed in range(5):
        reply = client.chat.completions.create(
            model=server.model,
            messages=ASK,
            tools=TOOLS,
            tool_choice="required",
            parallel_tool_calls=False,  # a free-running small model would list calls until max_tokens
            temperature=1.0,
            seed=seed,
            max_tokens=100,
        )
        choice = reply.choices[0]
        assert choice.finish_reason == "tool_calls" and len(choice.message.tool_calls or []) == 1, choice
        for call in choice.message.tool_calls:
            assert call.function.name in ("get_weather", "get_time")
            assert isinstance(json.loads(call.function.arguments), dict)


def test_tool_choice_required_with_parallel_calls(server: Server) -> None:
    """Calls may repeat until max_tokens cuts the list: every call completed by then is returned."""
    for seed in range(5):
        choice = (
            server.client()
            .chat.completions.create(
                model=server.model,
                messages=ASK,
                tools=TOOLS,
                tool_choice="required",
                temperature=1.0,
                seed=seed,
                max_tokens=100,
            )
            .choices[0]
        )
        assert choice.message.tool_calls and choice.finish_reason in ("tool_calls", "length"), choice
        assert all(c.function.name in ("get_weather", "get_time") for c in choice.message.tool_calls)


def test_named_tool_choice_streams_its_arguments(server: Server) -> None:
    kwargs: dict[str, Any] = {
        "model": server.model,
        "messages": ASK,
        "tools": TOOLS,
        "temperature": 1.0,
        "seed": 3,
        "max_tokens": 60,
        "tool_choice": {"type": "function", "function": {"name": "get_weather"}},
    }
    whole = server.client().chat.completions.create(**kwargs).choices[0]
    [call] = whole.message.tool_calls or []
    assert call.function.name == "get_weather" and "city" in json.loads(call.function.arguments)
    names, arguments = [], ""
    for chunk in server.client().chat.completions.create(stream=True, **kwargs):
        for delta in chunk.choices[0].delta.tool_calls or []:
            names += [delta.function.name] if delta.function.name else []
            arguments += delta.function.arguments or ""
    assert names == ["get_weather"] and arguments == call.function.arguments


def test_n4_gives_four_distinct_seeded_choices(server: Server) -> None:
    client = server.client()
    kwargs: dict[str, Any] = {
        "model": server.model,
        "prompt": "Once upon a time",
        "max_tokens": 16,
        "temperature": 1.0,
        "seed": 11,
        "n": 4,
        "extra_body": {"ignore_eos": True},
    }
    first = [c.text for c in sorted(client.completions.create(**kwargs).choices, key=lambda c: c.index)]
    again = [c.text for c in sorted(client.completions.create(**kwargs).choices, key=lambda c: c.index)]
    assert len(set(first)) == 4 and first == again
    streamed = [""] * 4
    for chunk in client.completions.create(stream=True, **kwargs):
        for c in chunk.choices:
            streamed[c.index] += c.text
    assert streamed == first
    # chat: choice i is the request with seed 11 + i
    chat: dict[str, Any] = {
        "model": server.model,
        "messages": ASK,
        "max_tokens": 24,
        "temperature": 1.5,
        "extra_body": {"ignore_eos": True},
    }
    choices = client.chat.completions.create(seed=11, n=4, **chat)
    assert [c.index for c in choices.choices] == [0, 1, 2, 3]
    assert choices.usage is not None and choices.usage.completion_tokens == 96
    alone = client.chat.completions.create(seed=13, **chat).choices[0].message

    def said(message: Any) -> tuple[Any, ...]:
        calls = [(t.function.name, t.function.arguments) for t in message.tool_calls or []]
        return message.content, getattr(message, "reasoning_content", None), calls

    assert said(alone) == said(choices.choices[2].message)


def test_batch_prompts_echo_and_stop_reason(server: Server) -> None:
    client = server.client()
    prompts = ["The capital of France is", "Once upon a time"]
    batch = client.completions.create(model=server.model, prompt=prompts, max_tokens=6, temperature=0, echo=True)
    single = [
        client.completions.create(model=server.model, prompt=p, max_tokens=6, temperature=0).choices[0].text
        for p in prompts
    ]
    assert [c.text for c in batch.choices] == [p + s for p, s in zip(prompts, single, strict=True)]
    text = single[1]
    stop = text.strip().split()[0] if text.strip() else text
    stopped = client.completions.create(model=server.model, prompt=prompts[1], max_tokens=6, temperature=0, stop=[stop])
    assert stopped.choices[0].finish_reason == "stop"
    assert stopped.choices[0].model_extra["stop_reason"] == stop  # type: ignore[index]


def test_logit_bias_changes_greedy_output(server: Server, tokenizer: Any) -> None:
    client = server.client()
    kwargs: dict[str, Any] = {
        "model": server.model,
        "prompt": "The capital of France is",
        "max_tokens": 6,
        "temperature": 0,
        "extra_body": {"ignore_eos": True},
    }
    plain = client.completions.create(**kwargs).choices[0].text
    target = tokenizer.encode(" river", add_special_tokens=False)[0]
    forced = client.completions.create(logit_bias={str(target): 100}, **kwargs).choices[0].text
    assert forced == tokenizer.decode([target] * 6) != plain
    first = tokenizer.encode(plain, add_special_tokens=False)[0]
    banned = client.completions.create(logit_bias={str(first): -100}, **kwargs).choices[0].text
    assert tokenizer.encode(banned, add_special_tokens=False)[0] != first


def test_prompt_logprobs_and_continuous_usage(server: Server) -> None:
    client = server.client()
    zero = (
        client.completions.create(model=server.model, prompt="Hi", max_tokens=3, temperature=1.0, seed=2, logprobs=0)
        .choices[0]
        .logprobs
    )
    assert zero is not None and zero.top_logprobs is not None
    assert [list(top.items()) for top in zero.top_logprobs] == [
        [(t, lp)] for t, lp in zip(zero.tokens or [], zero.token_logprobs or [], strict=True)
    ]
    reply = client.completions.create(
        model=server.model, prompt="Once upon a time", max_tokens=3, temperature=0, extra_body={"prompt_logprobs": 1}
    )
    entries = reply.choices[0].model_extra["prompt_logprobs"]  # type: ignore[index]
    assert entries[0] is None and len(entries) == reply.usage.prompt_tokens  # type: ignore[union-attr]
    assert all(e and all(v["logprob"] <= 0 for v in e.values()) for e in entries[1:])
    chat = client.chat.completions.create(
        model=server.model, messages=ASK, max_tokens=2, extra_body={"prompt_logprobs": 0}
    )
    chat_entries = chat.model_extra["prompt_logprobs"]  # type: ignore[index]
    assert chat_entries[0] is None and len(chat_entries) == chat.usage.prompt_tokens  # type: ignore[union-attr]
    assert all(len(e) == 1 for e in chat_entries[1:])  # the prompt token itself
    counts = [
        c.usage.completion_tokens
        for c in client.completions.create(
            model=server.model,
            prompt="Hi",
            max_tokens=5,
            temperature=0,
            stream=True,
            extra_body={"ignore_eos": True},
            stream_options={"include_usage": True, "continuous_usage_stats": True},
        )
        if c.usage
    ]  # type: ignore[call-overload]
    assert counts == sorted(counts) and counts[-1] == 5 and len(counts) >= 3


def _get(url: str, method: str = "GET", body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_token_endpoints_version_and_models(server: Server, tokenizer: Any) -> None:
    status, tok = _get(f"{server.url}/tokenize", "POST", {"model": server.model, "prompt": "Hello there"})
    assert status == 200 and tok["tokens"] == tokenizer.encode("Hello there") and tok["count"] == len(tok["tokens"])
    status, chat = _get(f"{server.url}/tokenize", "POST", {"messages": ASK})
    assert status == 200 and chat["count"] > tok["count"]
    reply = server.client().chat.completions.create(model=server.model, messages=ASK, max_tokens=1)
    assert reply.usage is not None and reply.usage.prompt_tokens == chat["count"]  # the same prompt as chat
    status, text = _get(f"{server.url}/detokenize", "POST", {"tokens": tok["tokens"]})
    assert status == 200 and text["prompt"] == "Hello there"
    assert _get(f"{server.url}/detokenize", "POST", {"tokens": [10**6]})[0] == 400
    status, version = _get(f"{server.url}/version")
    assert status == 200 and version["version"]
    assert server.client().models.retrieve(server.model).id == server.model
    with pytest.raises(openai.NotFoundError) as missing:
        server.client().models.retrieve("no-such-model")
    assert missing.value.body["code"] == "model_not_found"  # type: ignore[index]
    with pytest.raises(openai.NotFoundError):
        server.client().chat.completions.create(model="no-such-model", messages=ASK)


def test_404_and_405_are_openai_shaped(server: Server) -> None:
    for path, method, code in (("/v1/nothing", "GET", 404), ("/v1/chat/completions", "GET", 405)):
        status, body = _get(f"{server.url}{path}", method)
        assert status == code and set(body["error"]) == {"message", "type", "param", "code"}, body


def test_tool_choice_required_streams_its_calls(server: Server) -> None:
    """Each call's header comes first, then its arguments in several fragments, as they are generated;
    together they are the non-streamed calls."""
    kwargs: dict[str, Any] = {
        "model": server.model,
        "messages": ASK,
        "tools": TOOLS,
        "tool_choice": "required",
        "parallel_tool_calls": False,
        "temperature": 1.0,
        "seed": 1,
        "max_tokens": 100,
    }
    [call] = server.client().chat.completions.create(**kwargs).choices[0].message.tool_calls or []
    names, fragments = [], []
    for chunk in server.client().chat.completions.create(stream=True, **kwargs):
        for delta in chunk.choices[0].delta.tool_calls or []:
            assert not (delta.function.name and fragments), "a header after arguments"
            names += [delta.function.name] if delta.function.name else []
            fragments += [delta.function.arguments] if delta.function.arguments else []
    assert names == [call.function.name] and "".join(fragments) == call.function.arguments
    assert len(fragments) > 1 and isinstance(json.loads(call.function.arguments), dict)
