"""vLLM's public test cases for its Qwen3-Coder tool parser and Qwen3 reasoning parser, as data.

The cases (model outputs and what vLLM expects of them) are re-expressed from vLLM's
tests/tool_parsers/test_qwen3coder_tool_parser.py and tests/reasoning/test_qwen3_reasoning_parser.py;
the checks are ours. Streaming cases feed the output token by token through our tokenizer. vLLM's
`None` for an empty reasoning or content is our empty string. vLLM's default Qwen3 reasoning parser
assumes the prompt opened `<think>` (Qwen3.5 and Thinking templates); its `enable_thinking=False` cases
are a prompt that closed it. The pass counts are in docs/measurements.md ("vLLM parser cases").
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from transformers import PreTrainedTokenizerBase

from qcompile.server.markup import Text
from qcompile.server.parsers import Reply
from qcompile.server.reasoning import QwenReasoningParser, prompt_opens_reasoning
from qcompile.server.streaming import chat_deltas
from qcompile.server.tool_calls import Qwen3CoderToolParser
from tests.server.test_parsers import from_stream
from tests.server.test_tool_calls import token_deltas

WEATHER_TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "get_current_weather",
            "parameters": {
                "type": "object",
                "properties": {
                    "city": {"type": "string"},
                    "state": {"type": "string"},
                    "unit": {"type": "string", "enum": ["fahrenheit", "celsius"]},
                },
                "required": ["city", "state"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "calculate_area",
            "parameters": {
                "type": "object",
                "properties": {
                    "shape": {"type": "string"},
                    "dimensions": {"type": "object"},
                    "precision": {"type": "integer"},
                },
            },
        },
    },
]
TYPED_TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "test_types",
            "parameters": {
                "type": "object",
                "properties": {
                    "int_param": {"type": "integer"},
                    "float_param": {"type": "float"},
                    "bool_param": {"type": "boolean"},
                    "str_param": {"type": "string"},
                    "obj_param": {"type": "object"},
                },
            },
        },
    }
]


def weather(city: str, state: str, unit: str | None = None, close_city: bool = True) -> str:
    unit_part = f"<parameter=unit>\n{unit}\n</parameter>\n" if unit else ""
    city_end = "</parameter>\n" if close_city else ""
    return (
        f"<tool_call>\n<function=get_current_weather>\n<parameter=city>\n{city}\n{city_end}"
        f"<parameter=state>\n{state}\n</parameter>\n{unit_part}</function>\n</tool_call>"
    )


def area(shape: str, dimensions: str, precision: int) -> str:
    return (
        f"<tool_call>\n<function=calculate_area>\n<parameter=shape>\n{shape}\n</parameter>\n"
        f"<parameter=dimensions>\n{dimensions}\n</parameter>\n<parameter=precision>\n{precision}\n</parameter>\n"
        "</function>\n</tool_call>"
    )


DALLAS = {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}
RECTANGLE = {"shape": "rectangle", "dimensions": {"width": 10, "height": 20}, "precision": 2}
CIRCLE = {"shape": "circle", "dimensions": {"radius": 15.5}, "precision": 3}
TYPED_OUTPUT = (
    "<tool_call>\n<function=test_types>\n<parameter=int_param>\n42\n</parameter>\n<parameter=float_param>\n3.14\n"
    "</parameter>\n<parameter=bool_param>\ntrue\n</parameter>\n<parameter=str_param>\nhello world\n</parameter>\n"
    '<parameter=obj_param>\n{"key": "value"}\n</parameter>\n</function>\n</tool_call>'
)

# (id, model output, tools, expected calls as (name, arguments), expected content, content exact?)
# Where vLLM only checks that the content contains a text, `exact` is False.
TOOL_CASES: list[tuple[str, str, list[dict[str, Any]] | None, list[tuple[str, dict[str, Any]]], str, bool]] = [
    (
        "no_tools",
        "This is a test response without any tool calls",
        None,
        [],
        "This is a test response without any tool calls",
        True,
    ),
    ("single_tool", weather("Dallas", "TX", "fahrenheit"), WEATHER_TOOLS, [("get_current_weather", DALLAS)], "", True),
    (
        "single_tool_with_content",
        "Sure! Let me check the weather for you." + weather("Dallas", "TX", "fahrenheit"),
        WEATHER_TOOLS,
        [("get_current_weather", DALLAS)],
        "Sure! Let me check the weather for you.",
        True,
    ),
    (
        "single_tool_multiline_param",
        area("rectangle", '{"width": 10, \n "height": 20}', 2),
        WEATHER_TOOLS,
        [("calculate_area", RECTANGLE)],
        "",
        True,
    ),
    (
        "parallel_tools",
        weather("Dallas", "TX", "fahrenheit") + "\n" + weather("Orlando", "FL", "fahrenheit"),
        WEATHER_TOOLS,
        [
            ("get_current_weather", DALLAS),
            ("get_current_weather", {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}),
        ],
        "",
        True,
    ),
    (
        "parallel_tools_celsius",
        weather("Dallas", "TX", "fahrenheit") + "\n" + weather("Orlando", "FL", "celsius"),
        WEATHER_TOOLS,
        [
            ("get_current_weather", DALLAS),
            ("get_current_weather", {"city": "Orlando", "state": "FL", "unit": "celsius"}),
        ],
        "",
        True,
    ),
    (
        "tool_with_typed_params",
        "Let me calculate that area for you." + area("circle", '{"radius": 15.5}', 3),
        WEATHER_TOOLS,
        [("calculate_area", CIRCLE)],
        "Let me calculate that area for you.",
        True,
    ),
    (
        "fallback_no_tags",
        weather("Dallas", "TX")[len("<tool_call>\n") : -len("\n</tool_call>")],
        WEATHER_TOOLS,
        [("get_current_weather", {"city": "Dallas", "state": "TX"})],
        "",
        True,
    ),
    (
        "type_conversion",
        TYPED_OUTPUT,
        TYPED_TOOLS,
        [
            (
                "test_types",
                {
                    "int_param": 42,
                    "float_param": 3.14,
                    "bool_param": True,
                    "str_param": "hello world",
                    "obj_param": {"key": "value"},
                },
            )
        ],
        "",
        True,
    ),
    (
        "missing_closing_parameter_tag",
        "Let me check the weather for you:\n" + weather("Dallas", "TX", "fahrenheit", close_city=False),
        WEATHER_TOOLS,
        [("get_current_weather", DALLAS)],
        "Let me check the weather for you:",
        False,
    ),
    (
        "complex_type_with_single_quote",
        "<tool_call>\n<function=test_types>\n<parameter=obj_param>\n{'key': 'value'}\n</parameter>\n</function>\n"
        "</tool_call>",
        TYPED_TOOLS,
        [("test_types", {"obj_param": {"key": "value"}})],
        "",
        True,
    ),
    (
        "missing_opening_tag",
        "I'll check the weather for you.\n\n" + weather("Dallas", "TX", "fahrenheit")[len("<tool_call>\n") :],
        WEATHER_TOOLS,
        [("get_current_weather", DALLAS)],
        "I'll check the weather for you.",
        False,
    ),
    (
        "no_whitespace_content_before_tool_call",
        "\n\n" + weather("Dallas", "TX"),
        WEATHER_TOOLS,
        [("get_current_weather", {"city": "Dallas", "state": "TX"})],
        "",
        True,
    ),
]
# vLLM runs these ids whole, streamed, or both
WHOLE = {
    "no_tools",
    "single_tool",
    "single_tool_with_content",
    "single_tool_multiline_param",
    "parallel_tools",
    "tool_with_typed_params",
    "fallback_no_tags",
    "type_conversion",
    "missing_closing_parameter_tag",
    "complex_type_with_single_quote",
}
STREAMED = {
    "no_tools",
    "single_tool",
    "single_tool_with_content",
    "single_tool_multiline_param",
    "parallel_tools_celsius",
    "tool_with_typed_params",
    "missing_closing_parameter_tag",
    "missing_opening_tag",
    "no_whitespace_content_before_tool_call",
}
TOOL_RUNS = [
    pytest.param(*case, streamed, id=f"{case[0]}{'_stream' if streamed else ''}")
    for case in TOOL_CASES
    for streamed in (False, True)
    if case[0] in (STREAMED if streamed else WHOLE)
]


def tool_parse(deltas: list[str], tools: list[dict[str, Any]] | None) -> tuple[Reply, list[dict[str, Any]]]:
    """The tool parser alone, as vLLM tests it (no reasoning parser in front)."""
    reply = Reply()
    out: list[dict[str, Any]] = []
    if tools is None:
        reply.content = "".join(deltas)
        return reply, out
    parser = Qwen3CoderToolParser(tools)
    for delta in deltas:
        events = parser.feed(delta)
        reply.add(events)
        out += chat_deltas(events)
    events = parser.finish("stop")
    reply.add(events)
    out += chat_deltas(events)
    return reply, out


@pytest.mark.parametrize("name, output, tools, calls, content, exact, streamed", TOOL_RUNS)
def test_vllm_qwen3coder_tool_case(
    tokenizer: PreTrainedTokenizerBase,
    name: str,
    output: str,
    tools: list[dict[str, Any]] | None,
    calls: list[Any],
    content: str,
    exact: bool,
    streamed: bool,
) -> None:
    reply, stream = tool_parse(token_deltas(tokenizer, output) if streamed else [output], tools)
    got_content = from_stream(stream)[1] if streamed and tools else reply.content
    assert got_content == content if exact else content in got_content
    assert [(c.name, json.loads(c.arguments)) for c in reply.tool_calls] == calls
    if streamed and tools:
        _, _, streamed_calls = from_stream(stream)
        assert [(n, json.loads(a)) for _, n, a in streamed_calls] == calls
        assert all(cid for cid, _, _ in streamed_calls)


def test_vllm_qwen3coder_streaming_is_incremental(tokenizer: PreTrainedTokenizerBase) -> None:
    """vLLM's `streaming_incremental`: content first, a header with the name and empty arguments, then
    more than one argument piece that together are the arguments."""
    output = "I'll check the weather." + weather("Dallas", "TX")
    _, stream = tool_parse(token_deltas(tokenizer, output), WEATHER_TOOLS)
    assert len(stream) > 3 and "content" in stream[0]
    [header] = [d["tool_calls"][0] for d in stream if "tool_calls" in d and "id" in d["tool_calls"][0]]
    assert (header["function"]["name"], header["type"], header["function"]["arguments"]) == (
        "get_current_weather",
        "function",
        "",
    )
    pieces = [
        d["tool_calls"][0]["function"]["arguments"]
        for d in stream
        if "tool_calls" in d and d["tool_calls"][0]["function"]["arguments"]
    ]
    assert len(pieces) > 1 and json.loads("".join(pieces)) == {"city": "Dallas", "state": "TX"}


TOOL_CALL_BODY = (
    "<tool_call>\n<function=bash>\n<parameter=command>\ncat /etc/hosts\n</parameter>\n</function>\n</tool_call>"
)
OPENED = "<|im_start|>assistant\n<think>\n"  # vLLM's default: the prompt opened the block
CLOSED = "<|im_start|>assistant\n<think>\n\n</think>\n\n"  # enable_thinking=False
# (id, output, expected reasoning, expected content); vLLM runs each whole and streamed
REASONING_CASES = [
    (
        "without_start_token",
        "This is a reasoning section</think>This is the rest",
        "This is a reasoning section",
        "This is the rest",
    ),
    (
        "without_start_token_complete_reasoning",
        "This is a reasoning section</think>",
        "This is a reasoning section",
        "",
    ),
    (
        "with_think",
        "<think>This is a reasoning section</think>This is the rest",
        "This is a reasoning section",
        "This is the rest",
    ),
    ("without_think", "This is the rest", "This is the rest", ""),
    ("complete_reasoning", "<think>This is a reasoning section</think>", "This is a reasoning section", ""),
    (
        "multiline_reasoning",
        "<think>This is a reasoning\nsection</think>This is the rest\nThat",
        "This is a reasoning\nsection",
        "This is the rest\nThat",
    ),
    ("only_open_tag", "<think>This is a reasoning section", "This is a reasoning section", ""),
    ("truncated_no_start_token", "This is a reasoning section", "This is a reasoning section", ""),
    (
        "tool_call_no_think_end",
        "I need to read the file.\n\n" + TOOL_CALL_BODY,
        "I need to read the file.\n\n",
        TOOL_CALL_BODY,
    ),
    (
        "tool_call_with_think_no_end",
        "<think>I need to read the file.\n\n" + TOOL_CALL_BODY,
        "I need to read the file.\n\n",
        TOOL_CALL_BODY,
    ),
]
# (id, deltas as one delta may hold several tokens, expected reasoning, expected content)
MULTI_TOKEN_CASES = [
    (
        "start_token_grouped_with_text",
        ["<think>This is a reasoning section", "</think>", "This is the rest"],
        "This is a reasoning section",
        "This is the rest",
    ),
    (
        "end_token_grouped_with_content",
        ["reasoning section", "</think>This is the rest"],
        "reasoning section",
        "This is the rest",
    ),
    ("start_and_end_in_one_delta_no_content", ["<think>reasoning</think>"], "reasoning", ""),
    ("no_start_end_grouped_with_content", ["reasoning section", "</think>content"], "reasoning section", "content"),
    (
        "tool_call_implicit_reasoning_end",
        ["I need to read the file.\n\n", "<tool_call>\n<function=bash>"],
        "I need to read the file.\n\n",
        "<tool_call>\n<function=bash>",
    ),
]
DISABLED_CASES = [
    ("thinking_disabled_plain_content", "This is plain content"),
    ("thinking_disabled_no_think_tokens", "Some output without think tokens"),
    ("thinking_disabled_with_tool_call", "I need to read the file.\n\n" + TOOL_CALL_BODY),
]


def reason(prompt: str, deltas: list[str]) -> tuple[str, str]:
    parser = QwenReasoningParser(prompt_opens_reasoning(prompt), tool_call_ends=True)
    events: list[Text] = [e for d in deltas for e in parser.feed(d)] + parser.finish()
    return (
        "".join(e.text for e in events if e.kind == "reasoning"),
        "".join(e.text for e in events if e.kind == "content"),
    )


@pytest.mark.parametrize("streamed", [False, True], ids=["whole", "stream"])
@pytest.mark.parametrize("name, output, reasoning, content", REASONING_CASES, ids=[c[0] for c in REASONING_CASES])
def test_vllm_qwen3_reasoning_case(
    tokenizer: PreTrainedTokenizerBase, name: str, output: str, reasoning: str, content: str, streamed: bool
) -> None:
    assert reason(OPENED, token_deltas(tokenizer, output) if streamed else [output]) == (reasoning, content)


@pytest.mark.parametrize("name, deltas, reasoning, content", MULTI_TOKEN_CASES, ids=[c[0] for c in MULTI_TOKEN_CASES])
def test_vllm_qwen3_reasoning_multi_token_deltas(name: str, deltas: list[str], reasoning: str, content: str) -> None:
    assert reason(OPENED, deltas) == (reasoning, content)


@pytest.mark.parametrize("name, output", DISABLED_CASES, ids=[c[0] for c in DISABLED_CASES])
def test_vllm_qwen3_reasoning_thinking_disabled(name: str, output: str) -> None:
    assert reason(CLOSED, [output]) == ("", output)
