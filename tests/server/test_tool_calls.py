"""Tool calls and reasoning round-trip through the checkpoint's chat template, byte for byte, and the
cases vLLM's tests leave out: literal tags in values, schema typing, undeclared names, cut calls."""

from __future__ import annotations

import json
from typing import Any

import pytest
from transformers import PreTrainedTokenizerBase

from qcompile.server.parsers import Parsers, Reply, ReplyParser, finish_reason
from qcompile.server.reasoning import QwenReasoningParser, prompt_opens_reasoning
from qcompile.server.streaming import chat_deltas
from qcompile.server.tool_calls import Qwen3CoderToolParser, convert, schema_types
from tests.server.conftest import Server
from tests.server.stub import StubEngine
from tests.server.test_parsers import from_stream

QWEN = Parsers(QwenReasoningParser, Qwen3CoderToolParser)
OPTIONAL_INT = {"anyOf": [{"type": "integer"}, {"type": "null"}]}
TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "write_file",
            "parameters": {
                "type": "object",
                "required": ["path", "content"],
                "properties": {
                    "path": {"type": "string"},
                    "content": {"type": "string"},
                    "mode": OPTIONAL_INT,
                    "meta": {"oneOf": [{"type": "object"}, {"type": "null"}]},
                    "sizes": {"type": "array", "items": {"type": "integer"}},
                    "big": {"type": "integer"},
                    "ratio": {"type": "number"},
                    "force": {"type": "boolean"},
                },
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "parameters": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}},
        },
    },
]
PYTHON_SOURCE = '''def render(call):
    """Writes <tool_call>, then <function=NAME>."""
    return (
        "<tool_call>\\n<function=" + call.name + ">\\n"
        "<parameter=x>\\nVALUE\\n</parameter>\\n</function>\\n</tool_call>"
    )
'''
# (reasoning, content, calls): each call is (name, arguments as the client sent them)
ROUND_TRIPS: list[tuple[str | None, str, list[tuple[str, dict[str, Any]]]]] = [
    (None, "", [("write_file", {"path": "a.py", "content": "print(1)\n"})]),
    ("think first", "Writing it.", [("write_file", {"path": "src/x.py", "content": PYTHON_SOURCE})]),
    (None, "", [("write_file", {"path": "t.txt", "content": "\n\n  leading and trailing\n\n"})]),
    (None, "", [("write_file", {"path": "", "content": ""})]),
    (None, "", [("write_file", {"path": "p", "content": "x\n</parameter>\n<parameter=path>\nno"})]),
    (None, "", [("write_file", {"path": "tags", "content": "</parameter>\n</function>\n</tool_call>\nmore"})]),
    (None, "", [("write_file", {"path": "q", "content": "end\n</parameter>\n</function>\n</tool_call>\n'''"})]),
    (None, "", [("write_file", {"path": "<tool_call>", "content": "<think>\n</think>\n<parameter=x>\n</function>"})]),
    ("", "", [("write_file", {"path": "ünï/日本語.md", "content": "🎉 ✓ — naïve café\n\ttab"})]),
    (
        None,
        "",
        [
            (
                "write_file",
                {
                    "path": "n",
                    "content": "42",
                    "big": 2**70 + 1,
                    "ratio": 1e300,
                    "sizes": [9007199254740993, -(2**63)],
                    "mode": None,
                    "meta": {"k": "v</parameter>", "nested": [1, {"b": None}], "big": 10**30},
                    "force": False,
                },
            )
        ],
    ),
    (
        "two calls",
        "    indented content\n  kept",
        [("get_weather", {"city": "Paris"}), ("write_file", {"path": "w", "content": "<tool_call>", "mode": 7})],
    ),
    ("\nreasoning with its own newlines\n", "\ncontent too\n", []),
]


def render(tok: PreTrainedTokenizerBase, reasoning: str | None, content: str, calls: list[Any]) -> tuple[str, str]:
    """(prompt, reply) as the chat template renders an assistant turn after a user turn."""
    ask = [{"role": "user", "content": "go"}]
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if reasoning is not None:
        message["reasoning_content"] = reasoning
    if calls:
        message["tool_calls"] = [{"type": "function", "function": {"name": n, "arguments": a}} for n, a in calls]
    prompt = tok.apply_chat_template(ask, tools=TOOLS, tokenize=False, add_generation_prompt=True)
    whole = tok.apply_chat_template(ask + [message], tools=TOOLS, tokenize=False)
    assert whole.startswith(prompt) and whole.endswith("<|im_end|>\n")
    return prompt, whole[len(prompt) : -len("<|im_end|>\n")]


def token_deltas(tok: PreTrainedTokenizerBase, text: str) -> list[str]:
    """The reply's text deltas as the engine's detokenizer hands them over, one token at a time."""
    ids, out, shown = tok.encode(text, add_special_tokens=False), [], ""
    for n in range(1, len(ids) + 1):
        full = tok.decode(ids[:n], skip_special_tokens=True)
        if not full.endswith("\ufffd") or n == len(ids):
            out.append(full[len(shown) :])
            shown = full
    assert shown == text
    return out


def run(prompt: str, deltas: list[str], reason: str = "stop") -> tuple[Reply, list[dict[str, Any]], str | None]:
    parser, reply = ReplyParser(QWEN, TOOLS, prompt), Reply()
    out: list[dict[str, Any]] = []
    for delta in deltas:
        events = parser.feed(delta)
        reply.add(events)
        out += chat_deltas(events)
    events = parser.finish(reason)
    reply.add(events)
    out += chat_deltas(events)
    return reply, out, finish_reason(reason, parser)


@pytest.mark.parametrize("reasoning, content, calls", ROUND_TRIPS)
def test_template_round_trip(
    tokenizer: PreTrainedTokenizerBase, reasoning: str | None, content: str, calls: list[Any]
) -> None:
    """What the template renders for an assistant turn parses back to it: reasoning, content and each
    call's arguments exactly (integers to the digit), whole and streamed token by token."""
    prompt, reply_text = render(tokenizer, reasoning, content, calls)
    for deltas in ([reply_text], token_deltas(tokenizer, reply_text)):
        reply, stream, reason = run(prompt, deltas)
        assert (reply.reasoning, reply.content) == (reasoning or "", content)
        assert [(c.name, json.loads(c.arguments)) for c in reply.tool_calls] == calls
        assert reason == ("tool_calls" if calls else "stop")
        assert from_stream(stream) == (
            reply.reasoning,
            reply.content,
            [(c.id, c.name, c.arguments) for c in reply.tool_calls],
        )


def test_string_values_stream_as_generated(tokenizer: PreTrainedTokenizerBase) -> None:
    """The header first, then a string value in many pieces before its call ends; typed values whole."""
    prompt, text = render(tokenizer, None, "", [("write_file", {"path": "p", "content": "word " * 40, "mode": 5})])
    _, stream, _ = run(prompt, token_deltas(tokenizer, text))
    pieces = [d["tool_calls"][0]["function"]["arguments"] for d in stream if "tool_calls" in d]
    assert pieces[0] == "" and len(pieces) > 20
    assert any(p.startswith("5") for p in pieces) and json.loads("".join(pieces))["content"] == "word " * 40


def xml(name: str, **params: str) -> str:
    body = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in params.items())
    return f"<tool_call>\n<function={name}>\n{body}</function>\n</tool_call>"


def test_undeclared_functions_are_dropped() -> None:
    text = xml("rm_rf", path="/") + "\n" + '<tool_call>\n{"name": "nope", "arguments": {}}\n</tool_call>\n'
    reply, _, reason = run("", [text + xml("get_weather", city="Oslo")])
    assert [(c.name, json.loads(c.arguments)) for c in reply.tool_calls] == [("get_weather", {"city": "Oslo"})]
    assert reply.content == "" and reason == "tool_calls"
    reply, _, reason = run("", [xml("rm_rf", path="/")])
    assert (reply.tool_calls, reply.content, reason) == ([], "", "stop")


@pytest.mark.parametrize("cut", [12, 40, 75, 90])
def test_call_cut_by_max_tokens_is_length(cut: int) -> None:
    """A reply cut inside a call: finish_reason `length`, no call in the message, and what streamed of
    its arguments is a prefix of a valid object (nothing corrupt, nothing made up)."""
    text = "Checking.\n" + xml("get_weather", city="Paris")
    reply, stream, reason = run("", [text[: len("Checking.\n") + cut]], "length")
    assert reason == "length" and reply.tool_calls == [] and reply.content == "Checking."
    args = "".join(d["tool_calls"][0]["function"]["arguments"] for d in stream if "tool_calls" in d)
    assert '{"city": "Paris"}'.startswith(args)


def test_bare_function_and_stray_closing_tag() -> None:
    text = "I'll check.\n\n<function=get_weather>\n<parameter=city>\nDallas\n</parameter>\n</function>\n</tool_call>"
    reply, _, reason = run("", [text])
    assert (reply.content, reason) == ("I'll check.\n", "tool_calls")
    assert json.loads(reply.tool_calls[0].arguments) == {"city": "Dallas"}
    assert (
        run("", ["<function=unknown>\nnot a call</function>"])[0].content == "<function=unknown>\nnot a call</function>"
    )


def test_not_a_call_stays_content() -> None:
    for text in ("a <tool_call>not json</tool_call> b", "<tool_call>\n[1, 2]\n</tool_call>", "x <tool_call"):
        reply, _, reason = run("", [text])
        assert (reply.content, reply.tool_calls, reason) == (text, [], "stop")


@pytest.mark.parametrize(
    "spec, text, value",
    [
        (OPTIONAL_INT, "42", 42),
        (OPTIONAL_INT, "null", None),
        (OPTIONAL_INT, "None", None),
        ({"type": ["string", "null"]}, "null", None),
        ({"type": ["string", "null"]}, "42", "42"),
        ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, '"q"', '"q"'),
        ({"allOf": [{"type": "object"}]}, "{'k': 'v', 'n': None}", {"k": "v", "n": None}),
        ({"type": "object"}, '{"k": [1, 2]}', {"k": [1, 2]}),
        ({"type": "array"}, "(1, 'a')", [1, "a"]),
        ({"type": "boolean"}, "True", True),
        ({"type": "boolean"}, "false", False),
        ({"type": "integer"}, str(2**64 + 1), 2**64 + 1),
        ({"type": "number"}, "7", 7),
        ({"type": "float"}, "3.25", 3.25),
        ({"type": "integer"}, "many", "many"),
        ({"type": "number"}, "NaN", "NaN"),
        ({"enum": [1, 2, 3]}, "2", 2),
        ({"type": "string", "nullable": True}, "None", None),
        ({"$ref": "#/$defs/X"}, "{'k': 1}", "{'k': 1}"),
    ],
)
def test_schema_typed_values(spec: dict[str, Any], text: str, value: Any) -> None:
    types = schema_types(spec)
    result = convert(text, types) if types and types != {"string"} else text
    assert result == value and type(result) is type(value)


def test_reasoning_follows_the_rendered_prompt(tokenizer: PreTrainedTokenizerBase) -> None:
    """Whether the reply starts inside `<think>` is read from the prompt: the default template leaves it
    to the reply; `enable_thinking=False` closes it; a template that opens it makes the reply reasoning."""
    ask = [{"role": "user", "content": "hi"}]
    default = tokenizer.apply_chat_template(ask, tokenize=False, add_generation_prompt=True)
    closed = tokenizer.apply_chat_template(ask, tokenize=False, add_generation_prompt=True, enable_thinking=False)
    assert prompt_opens_reasoning(default) is None and prompt_opens_reasoning(closed) is None
    assert prompt_opens_reasoning(default + "<think>\n") == "\n"
    assert prompt_opens_reasoning("user: what is <think>?<|im_end|>assistant\n") is None
    cases = [
        (default, "<think>\nr\n</think>\n\nc", "r", "c"),
        (closed, "plain answer", "", "plain answer"),
        (default + "<think>\n", "r\n</think>\n\nc", "r", "c"),
        (default + "<think>", "\nr\n</think>\n\nc", "r", "c"),
        (default + "<think>\n", "still thinking", "still thinking", ""),
        (default + "<think>\n", "plan\n\n" + xml("get_weather", city="X"), "plan\n\n", ""),
    ]
    for prompt, text, reasoning, content in cases:
        for deltas in ([text], list(text)):
            reply = run(prompt, deltas)[0]
            assert (reply.reasoning, reply.content) == (reasoning, content)


def test_api_round_trip_and_reasoning_fields(stub_server: Server, stub: StubEngine) -> None:
    """Through the server, streaming and not: a value with literal tags and edge newlines comes back."""
    args = {"path": "f.py", "content": "\n  x = '</parameter>'\n</function>\n"}
    prompt, stub.reply = render(stub.tokenizer, "why", "", [("write_file", args)])
    client, ask = stub_server.client(), [{"role": "user", "content": "go"}]
    r = client.chat.completions.create(model=stub_server.model, messages=ask, tools=TOOLS)
    message = r.choices[0].message
    assert (message.reasoning_content, message.model_extra["reasoning"], message.content) == ("why", "why", None)
    assert json.loads(message.tool_calls[0].function.arguments) == args and r.choices[0].finish_reason == "tool_calls"
    calls: dict[int, str] = {}
    for chunk in client.chat.completions.create(model=stub_server.model, messages=ask, tools=TOOLS, stream=True):
        for call in chunk.choices[0].delta.tool_calls or []:
            calls[call.index] = calls.get(call.index, "") + (call.function.arguments or "")
    assert list(calls) == [0] and json.loads(calls[0]) == args


def test_api_cut_call_is_length(stub_server: Server, stub: StubEngine) -> None:
    stub.reply = xml("get_weather", city="Paris")
    r = stub_server.client().chat.completions.create(
        model=stub_server.model, messages=[{"role": "user", "content": "go"}], tools=TOOLS, max_tokens=12
    )
    assert r.choices[0].finish_reason == "length" and r.choices[0].message.tool_calls is None


def test_call_headers_inside_text_stay_text() -> None:
    """A `<function=…>` that the structure does not continue is content: inside a line, at the end of the
    reply, or without a parameter after it."""
    for text in (
        "see <function=get_weather>\n<parameter=city>\nX\n</parameter>\n</function> here",
        "ends with\n<function=get_weather>",
        "<tool_call><function=get_weather> plain</tool_call>",
    ):
        reply, _, reason = run("", [text])
        assert (reply.content, reply.tool_calls, reason) == (text, [], "stop")


def test_json_arguments_stream_as_generated(tokenizer: PreTrainedTokenizerBase) -> None:
    """The JSON form streams its arguments object as written after the header, braces and tags inside
    strings included; a head it cannot stream (other key order) is read whole at `</tool_call>`."""
    args = '{"path": "a}{]</tool_call>\\"", "content": "x\\\\", "mode": 12345678901234567890123}'
    text = f'<tool_call>\n{{"name": "write_file", "arguments": {args}}}\n</tool_call>'
    reply, stream, reason = run("", token_deltas(tokenizer, text))
    pieces = [d["tool_calls"][0]["function"]["arguments"] for d in stream if "tool_calls" in d]
    assert pieces[0] == "" and len(pieces) > 5 and "".join(pieces) == args
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [("write_file", args)] and reason == "tool_calls"
    reordered = '<tool_call>\n{"arguments": {"city": "Oslo"}, "name": "get_weather"}\n</tool_call>'
    reply, stream, _ = run("", token_deltas(tokenizer, reordered))
    assert [json.loads(c.arguments) for c in reply.tool_calls] == [{"city": "Oslo"}]
    cut, _, reason = run("", [text[:60]], "length")
    assert (cut.tool_calls, reason) == ([], "length")
    unfinished, _, reason = run("", [text[:60]])
    assert (unfinished.tool_calls, unfinished.content, reason) == ([], "", "stop")


def weather(city: str, indent: str = "", close: bool = True) -> str:
    """A get_weather call laid out with `indent` before each tag (as some models indent their XML)."""
    end = f"\n{indent * 2}</parameter>" if close else ""
    return (
        f"<tool_call>\n{indent}<function=get_weather>\n{indent * 2}<parameter=city>\n{city}{end}\n"
        f"{indent}</function>\n</tool_call>"
    )


def file_call(*params: str) -> str:
    return "<tool_call>\n<function=write_file>\n" + "".join(params) + "</function>\n</tool_call>"


NESTED = 'doc = """\n' + file_call("<parameter=path>\nx.txt\n</parameter>\n") + '\n"""'
# (reply, content, calls): the cases peers' parser suites cover (vLLM's and SGLang's qwen3coder tests)
EDGE_CASES: list[tuple[str, str, list[tuple[str, dict[str, Any]]]]] = [
    # (a) `</parameter>` left out before the next parameter (optional ones too) or before `</function>`
    (
        file_call(
            "<parameter=path>\na.py\n",
            "<parameter=content>\nx = 1\n</parameter>\n",
            "<parameter=force>\ntrue\n<parameter=mode>\n5\n",
        ),
        "",
        [("write_file", {"path": "a.py", "content": "x = 1", "force": True, "mode": 5})],
    ),
    (weather("Oslo", close=False), "", [("get_weather", {"city": "Oslo"})]),
    (
        "<tool_call>\n<function=get_weather>\n<parameter=city>Oslo</function>\n</tool_call>",
        "",
        [("get_weather", {"city": "Oslo"})],
    ),
    (
        file_call("<parameter=path>a.py<parameter=content>b</parameter>\n"),
        "",
        [("write_file", {"path": "a.py", "content": "b"})],
    ),
    # (b) indented tags, and text between and after calls
    (weather("Oslo", indent="  "), "", [("get_weather", {"city": "Oslo"})]),
    (
        f"Let me check.\n{weather('Oslo', indent='    ')}\nAnd then:\n{weather('Rome', indent='    ')}\nDone.",
        "Let me check.\nAnd then:\nDone.",
        [("get_weather", {"city": "Oslo"}), ("get_weather", {"city": "Rome"})],
    ),
    (
        f"{weather('Paris')}\n{weather('London')}\nAll done!",
        "\nAll done!",
        [
            ("get_weather", {"city": "Paris"}),
            ("get_weather", {"city": "London"}),
        ],
    ),
    # a value holding a whole literal call, then text, then the real closing: the call ends at the last one
    (
        file_call("<parameter=path>\nfixture.py\n</parameter>\n", f"<parameter=content>\n{NESTED}\n</parameter>\n")
        + "\nWritten.",
        "\nWritten.",
        [("write_file", {"path": "fixture.py", "content": NESTED})],
    ),
    # (c) null for a typed parameter, whether or not its schema allows null
    (
        file_call(
            "<parameter=path>\np\n</parameter>\n",
            "<parameter=content>\nnull\n</parameter>\n",
            "<parameter=big>\nnull\n</parameter>\n",
            "<parameter=mode>\nNone\n</parameter>\n",
            "<parameter=force>None</parameter>\n",
        ),
        "",
        [("write_file", {"path": "p", "content": "null", "big": None, "mode": None, "force": None})],
    ),
]


EDGE_IDS = [
    "unclosed-before-parameters",
    "unclosed-before-function",
    "inline-unclosed-before-function",
    "inline-unclosed-before-parameter",
    "indented",
    "indented-text-between-and-after",
    "two-calls-then-text",
    "literal-call-in-a-value",
    "null-typed",
]


@pytest.mark.parametrize("text, content, calls", EDGE_CASES, ids=EDGE_IDS)
def test_edge_cases_stream_as_they_parse(
    tokenizer: PreTrainedTokenizerBase, text: str, content: str, calls: list[Any]
) -> None:
    """Each case whole, a character at a time and a token at a time: the same message, and the stream's
    deltas put together give that message."""
    for deltas in ([text], list(text), token_deltas(tokenizer, text)):
        reply, stream, reason = run("", deltas)
        assert reply.content == content
        assert [(c.name, json.loads(c.arguments)) for c in reply.tool_calls] == calls
        assert reason == "tool_calls"
        assert from_stream(stream) == ("", reply.content, [(c.id, c.name, c.arguments) for c in reply.tool_calls])


def test_text_after_a_call_is_held_only_until_decided() -> None:
    """After a call's closing, text is held (it may still be the value's); the next call or the end of the
    reply decides, a `length` finish too (the call was complete)."""
    parser = ReplyParser(QWEN, TOOLS, "")
    events = parser.feed(weather("Oslo") + "\nThen")
    assert [e for e in events if getattr(e, "kind", None) == "content"] == []
    reply = Reply()
    reply.add(events)
    reply.add(parser.finish("length"))
    assert reply.content == "\nThen" and [json.loads(c.arguments) for c in reply.tool_calls] == [{"city": "Oslo"}]
    assert finish_reason("length", parser) == "tool_calls"


@pytest.mark.parametrize("text, content, calls", EDGE_CASES, ids=EDGE_IDS)
def test_api_edge_cases_stream_as_they_parse(
    stub_server: Server, stub: StubEngine, text: str, content: str, calls: list[Any]
) -> None:
    """Through the server: the message, and the stream put together, are the same calls and content."""
    stub.reply = text
    client, ask = stub_server.client(), [{"role": "user", "content": "go"}]
    message = client.chat.completions.create(model=stub_server.model, messages=ask, tools=TOOLS).choices[0].message
    got = [(c.function.name, json.loads(c.function.arguments)) for c in message.tool_calls or []]
    assert (message.content or "", got) == (content, calls)
    streamed, args, names = "", {}, {}
    for chunk in client.chat.completions.create(model=stub_server.model, messages=ask, tools=TOOLS, stream=True):
        for choice in chunk.choices:
            streamed += choice.delta.content or ""
            for call in choice.delta.tool_calls or []:
                names.setdefault(call.index, call.function.name)
                args[call.index] = args.get(call.index, "") + (call.function.arguments or "")
    assert (streamed, [(names[i], json.loads(args[i])) for i in sorted(args)]) == (content, calls)


def test_held_text_is_read_a_bounded_number_of_times() -> None:
    """Long text after a call, held to the end of the reply a character at a time, costs work linear in
    its length (a parser that re-read what it holds would look at it once per character)."""
    text = weather("Oslo") + "\n" + " ".join(f"word{i} and more" for i in range(1000))
    parser, reply = ReplyParser(QWEN, TOOLS, ""), Reply()
    for ch in text:
        reply.add(parser.feed(ch))
    reply.add(parser.finish("stop"))
    assert len(reply.tool_calls) == 1 and reply.content == text[len(weather("Oslo")) :]
    assert parser.scanned.chars <= 4 * len(text)
