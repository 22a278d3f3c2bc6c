"""Reasoning and tool calls through the HTTP API, on exact replies from a stub engine."""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest

from qcompile.default_model import PATH
from qcompile.server.app import build_app
from qcompile.server.parsers import select_parsers
from tests.server.conftest import Server, running
from tests.server.stub import StubEngine

TOOLS: list[Any] = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Get the current weather for a city.",
            "parameters": {
                "type": "object",
                "required": ["city"],
                "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
            },
        },
    }
]
ASK = [{"role": "user", "content": "What is the weather like in Paris?"}]
THINK = "<think>\nThe user wants the weather, so I call the tool.\n</think>\n\n"
XML = (
    "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n"
    "<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>"
)
JSON = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 2}}\n</tool_call>'


def _stream(server: Server, **kwargs: Any) -> tuple[str, str, list[tuple[str, str, str]], str | None]:
    """(reasoning, content, tool calls as (id, name, arguments), finish_reason) put together from a chat
    stream; each delta carries one kind only, and a call's header comes before its arguments."""
    reasoning, content, calls, finish = "", "", {}, None
    for chunk in server.client().chat.completions.create(model=server.model, stream=True, **kwargs):
        choice = chunk.choices[0]
        delta = choice.delta.model_dump(exclude_none=True)
        kinds = {k for k in ("reasoning_content", "content", "tool_calls") if delta.get(k)}
        assert len(kinds) <= 1, delta
        assert delta.get("reasoning_content") == delta.get("reasoning")
        reasoning += delta.get("reasoning_content") or ""
        content += choice.delta.content or ""
        for call in choice.delta.tool_calls or []:
            if call.id is not None:
                assert call.index not in calls and call.function.arguments == ""
                calls[call.index] = (call.id, call.function.name, "")
            else:
                call_id, name, args = calls[call.index]
                calls[call.index] = (call_id, name, args + call.function.arguments)
        finish = choice.finish_reason or finish
    assert sorted(calls) == list(range(len(calls)))
    return reasoning, content, [calls[i] for i in sorted(calls)], finish


@pytest.mark.parametrize("call", [XML, JSON], ids=["xml", "json"])
def test_tool_call(stub_server: Server, stub: StubEngine, call: str) -> None:
    stub.reply = THINK + call
    r = stub_server.client().chat.completions.create(model=stub_server.model, messages=ASK, tools=TOOLS)
    choice = r.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert choice.message.content is None
    assert choice.message.reasoning_content == "The user wants the weather, so I call the tool."
    assert choice.message.model_extra["reasoning"] == choice.message.reasoning_content
    [tool_call] = choice.message.tool_calls
    assert tool_call.type == "function" and tool_call.id.startswith("call_")
    assert tool_call.function.name == "get_weather"
    assert json.loads(tool_call.function.arguments) == {"city": "Paris", "days": 2}
    assert "<tools>" in stub.tokenizer.decode(stub.prompts[-1])  # the tools reached the chat template

    reasoning, content, calls, finish = _stream(stub_server, messages=ASK, tools=TOOLS)
    assert (reasoning, content, finish) == (choice.message.reasoning_content, "", "tool_calls")
    assert [(name, json.loads(args)) for _, name, args in calls] == [("get_weather", {"city": "Paris", "days": 2})]
    assert calls[0][0].startswith("call_")


def test_reasoning_and_content(stub_server: Server, stub: StubEngine) -> None:
    stub.reply = "<think>\nParis is the capital.\n</think>\n\nThe capital of France is Paris."
    r = stub_server.client().chat.completions.create(model=stub_server.model, messages=ASK)
    message = r.choices[0].message
    assert (message.reasoning_content, message.content) == ("Paris is the capital.", "The capital of France is Paris.")
    assert r.choices[0].finish_reason == "stop" and message.tool_calls is None
    assert _stream(stub_server, messages=ASK)[:2] == ("Paris is the capital.", "The capital of France is Paris.")


def test_without_tools_or_with_tool_choice_none_a_call_is_text(stub_server: Server, stub: StubEngine) -> None:
    stub.reply = XML
    for extra in ({}, {"tools": TOOLS, "tool_choice": "none"}):
        r = stub_server.client().chat.completions.create(model=stub_server.model, messages=ASK, **extra)
        assert r.choices[0].message.content == stub.tokenizer.decode(stub.tokenizer.encode(XML))
        assert r.choices[0].finish_reason == "stop"


def test_tool_result_turn_renders(stub_server: Server, stub: StubEngine) -> None:
    """An assistant tool call (arguments as a JSON string, as OpenAI sends them) and the tool's answer."""
    stub.reply = "It is sunny in Paris."
    messages = ASK + [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": json.dumps({"city": "Paris"})},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "sunny, 21 degrees"},
    ]
    r = stub_server.client().chat.completions.create(model=stub_server.model, messages=messages, tools=TOOLS)
    assert r.choices[0].message.content == "It is sunny in Paris."
    prompt = stub.tokenizer.decode(stub.prompts[-1])
    assert "<parameter=city>\nParis\n</parameter>" in prompt and "<tool_response>\nsunny, 21 degrees" in prompt


def test_engine_failure_is_reported_and_the_server_lives_on(stub_server: Server, stub: StubEngine) -> None:
    stub.reply, stub.fail = "The capital of France is Paris.", True
    client = stub_server.client()
    try:
        with pytest.raises(openai.InternalServerError) as e:
            client.chat.completions.create(model=stub_server.model, messages=ASK)
        assert e.value.body["type"] == "server_error"
        with pytest.raises(openai.APIError, match="the model step failed"):
            list(client.chat.completions.create(model=stub_server.model, messages=ASK, stream=True))
    finally:
        stub.fail = False
    assert (
        client.chat.completions.create(model=stub_server.model, messages=ASK).choices[0].message.content
        == "The capital of France is Paris."
    )


def test_prompt_that_opens_reasoning(stub_server: Server, stub: StubEngine) -> None:
    """A checkpoint template whose generation prompt opens `<think>`: the reply is reasoning until `</think>`,
    in the message and the stream; with `enable_thinking=False` the default template closes it, so all is
    content."""
    opening = StubEngine(PATH)
    opening.tokenizer.chat_template = (
        "{% for m in messages %}{{ m.content }}{% endfor %}<|im_start|>assistant\n<think>\n"
    )
    opening.reply = "Paris is the capital.\n</think>\n\nIt is Paris."
    with running(build_app(opening, select_parsers(PATH))) as url:
        server = Server(url, opening.model_name)
        message = server.client().chat.completions.create(model=server.model, messages=ASK).choices[0].message
        assert (message.reasoning_content, message.content) == ("Paris is the capital.", "It is Paris.")
        assert _stream(server, messages=ASK)[:2] == ("Paris is the capital.", "It is Paris.")
    stub.reply = "Just content."
    closed = {"messages": ASK, "extra_body": {"chat_template_kwargs": {"enable_thinking": False}}}
    message = stub_server.client().chat.completions.create(model=stub_server.model, **closed).choices[0].message
    assert (message.reasoning_content, message.content) == (None, "Just content.")


def test_reply_sent_back_renders_as_generated(stub_server: Server, stub: StubEngine) -> None:
    """The server's message, sent back as history the way clients do (`reasoning`, arguments as a JSON
    string), renders through the chat template to exactly the text the model generated."""
    call = {
        "type": "function",
        "function": {"name": "get_weather", "arguments": {"city": "Pa\n</parameter>\nris\n", "days": 2**70}},
    }
    turn = {"role": "assistant", "reasoning_content": "\nwhy\n", "content": "  Checking.", "tool_calls": [call]}
    prompt = stub.tokenizer.apply_chat_template(ASK, tools=TOOLS, tokenize=False, add_generation_prompt=True)
    whole = stub.tokenizer.apply_chat_template(ASK + [turn], tools=TOOLS, tokenize=False)
    stub.reply = whole[len(prompt) : -len("<|im_end|>\n")]
    client = stub_server.client()
    message = client.chat.completions.create(model=stub_server.model, messages=ASK, tools=TOOLS).choices[0].message
    history = message.model_dump(exclude_none=True)
    del history["reasoning_content"]  # a client that keeps only the newer field name
    client.chat.completions.create(model=stub_server.model, messages=[*ASK, history], tools=TOOLS)
    assert stub.reply + "<|im_end|>" in stub.tokenizer.decode(stub.prompts[-1])


def test_parallel_tool_calls_false_keeps_the_first(stub_server: Server, stub: StubEngine) -> None:
    stub.reply = XML + "\n" + JSON
    kwargs: dict[str, Any] = {"messages": ASK, "tools": TOOLS}
    both = stub_server.client().chat.completions.create(model=stub_server.model, **kwargs).choices[0]
    assert len(both.message.tool_calls or []) == 2
    one = stub_server.client().chat.completions.create(model=stub_server.model, parallel_tool_calls=False, **kwargs)
    [call] = one.choices[0].message.tool_calls or []
    assert json.loads(call.function.arguments) == {"city": "Paris", "days": 2}
    assert one.choices[0].finish_reason == "tool_calls"
    assert len(_stream(stub_server, parallel_tool_calls=False, **kwargs)[2]) == 1
