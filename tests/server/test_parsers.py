"""The incremental reply parser: the same reply however its text is split into deltas, and work per
delta that stays flat over a long streamed reply."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from transformers import PreTrainedTokenizerBase

from qcompile.server.markup import CallArgs, CallEnd, CallStart
from qcompile.server.parsers import ForcedCalls, Parsers, Reply, ReplyParser, finish_reason, select_parsers
from qcompile.server.reasoning import QwenReasoningParser
from qcompile.server.streaming import chat_deltas
from qcompile.server.tool_calls import Qwen3CoderToolParser

QWEN = Parsers(QwenReasoningParser, Qwen3CoderToolParser)
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}, "days": {"type": "integer"}, "units": {"type": "object"}},
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "write_file",
            "parameters": {
                "type": "object",
                "required": ["path"],
                "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
            },
        },
    },
]
GENERATION_PROMPT = "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"
XML_CALL = (
    "<tool_call>\n<function=get_weather>\n<parameter=city>\nNew York\n</parameter>\n"
    '<parameter=days>\n3\n</parameter>\n<parameter=units>\n{"t": "C"}\n</parameter>\n</function>\n'
    "</tool_call>"
)
JSON_CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>'
REPLIES = [
    "<think>\nThe user asks about Paris.\n</think>\n\nThe capital of France is Paris.",
    f"<think>\nweather needs a tool\n</think>\n\nChecking.\n{XML_CALL}",
    f"{JSON_CALL}\n{XML_CALL}",
    "no reasoning, no tools",
    "    indented()\n\tcontent\n",
    f"<think>\nno end tag, then a call\n\n{XML_CALL}",
    "<tool_call>\n<function=write_file>\n<parameter=path>\na.py\n</parameter>\n<parameter=content>\n"
    "x = '</parameter>'\n</parameter>\n<parameter=y>\n</function>\n</tool_call>\n"
    "</parameter>\n</function>\n</tool_call>",
]


def parse(
    text: str,
    step: int,
    tools: list[dict[str, Any]] | None = TOOLS,
    prompt: str = GENERATION_PROMPT,
    reason: str = "stop",
) -> tuple[Reply, list[dict[str, Any]], str | None]:
    """The reply fed `step` characters at a time: the whole message, the stream's deltas, finish_reason."""
    parser, reply = ReplyParser(QWEN, tools, prompt), Reply()
    stream: list[dict[str, Any]] = []
    for i in range(0, len(text), step):
        events = parser.feed(text[i : i + step])
        reply.add(events)
        stream += chat_deltas(events)
    events = parser.finish(reason)
    reply.add(events)
    stream += chat_deltas(events)
    return reply, stream, finish_reason(reason, parser)


def from_stream(stream: list[dict[str, Any]]) -> tuple[str, str, list[tuple[str, str, str]]]:
    """(reasoning, content, calls) put together from stream deltas, checking OpenAI's delta shapes."""
    reasoning, content, calls = "", "", {}
    for delta in stream:
        assert len(delta.keys() & {"reasoning", "content", "tool_calls"}) == 1, delta
        assert delta.get("reasoning") == delta.get("reasoning_content")
        reasoning += delta.get("reasoning", "")
        content += delta.get("content", "")
        for call in delta.get("tool_calls", []):
            if "id" in call:
                assert call["index"] not in calls and call["function"]["arguments"] == ""
                calls[call["index"]] = (call["id"], call["function"]["name"], "")
            else:
                cid, name, args = calls[call["index"]]
                calls[call["index"]] = (cid, name, args + call["function"]["arguments"])
    return reasoning, content, [calls[i] for i in sorted(calls)]


@pytest.mark.parametrize("text", REPLIES)
def test_any_split_gives_the_same_reply(text: str) -> None:
    """Fed whole or a few characters at a time, the message is the same, and the stream adds up to it."""
    whole, _, reason = parse(text, len(text))
    for step in (1, 2, 3, 7):
        reply, stream, r = parse(text, step)
        assert (reply.reasoning, reply.content, r) == (whole.reasoning, whole.content, reason)
        assert [(c.name, c.arguments) for c in reply.tool_calls] == [(c.name, c.arguments) for c in whole.tool_calls]
        assert from_stream(stream) == (
            reply.reasoning,
            reply.content,
            [(c.id, c.name, c.arguments) for c in reply.tool_calls],
        )
    for call in whole.tool_calls:
        json.loads(call.arguments)


def test_examples_parse_as_written() -> None:
    reply = parse(REPLIES[1], 1)[0]
    assert (reply.reasoning, reply.content) == ("weather needs a tool", "Checking.")
    assert [json.loads(c.arguments) for c in reply.tool_calls] == [{"city": "New York", "days": 3, "units": {"t": "C"}}]
    assert parse(REPLIES[4], 1)[0].content == REPLIES[4]
    reply = parse(REPLIES[5], 1)[0]
    assert (reply.reasoning, reply.content, len(reply.tool_calls)) == ("no end tag, then a call\n\n", "", 1)
    [call] = parse(REPLIES[6], 1)[0].tool_calls
    assert json.loads(call.arguments) == {
        "path": "a.py",
        "content": "x = '</parameter>'\n</parameter>\n<parameter=y>\n</function>\n</tool_call>",
    }


def test_streamed_work_per_delta_stays_flat(tokenizer: PreTrainedTokenizerBase) -> None:
    """A 2,000-token reply streamed token by token: the characters the parser looks at per delta are
    bounded by the delta's length plus a marker's, and the last 200 steps cost about what the first 200
    cost (a parser that re-read the reply would look at about twenty times more there)."""
    tok = tokenizer
    words = " ".join(f"step{i} the weather in Paris is fine" for i in range(400))
    text = (
        f"<think>\n{words[:3000]}\n</think>\n\nI will write it.\n<tool_call>\n<function=write_file>\n"
        f"<parameter=path>\nnotes.txt\n</parameter>\n<parameter=content>\n{words}\n</parameter>\n</function>\n"
        "</tool_call>"
    )
    ids = tok.encode(text, add_special_tokens=False)[:2000]
    assert len(ids) == 2000
    deltas = []
    for n in range(1, len(ids) + 1):  # incremental decoding, as the engine's detokenizer hands it over
        full = tok.decode(ids[max(0, n - 8) : n], skip_special_tokens=True)
        deltas.append(full[len(tok.decode(ids[max(0, n - 8) : n - 1], skip_special_tokens=True)) :])
    parser, work = ReplyParser(QWEN, TOOLS, GENERATION_PROMPT), []
    reply = Reply()
    for delta in deltas:
        before = parser.scanned.chars
        reply.add(parser.feed(delta))
        work.append(parser.scanned.chars - before)
    assert reply.tool_calls == [] and "<parameter=content>" not in reply.content  # still inside the call
    # a few passes (reasoning, then the tool parser's states) over the delta and a marker-sized tail
    assert all(w <= 4 * (len(d) + len("\n</parameter>")) for w, d in zip(work, deltas, strict=True))
    assert sum(work[-200:]) <= 4 * sum(work[:200])


def test_parsers_selected_for_qwen4_exp_only(tmp_path: Path, default_model: Path) -> None:
    assert select_parsers(default_model) == QWEN
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "llama", "architectures": ["LlamaForCausalLM"]}))
    assert select_parsers(tmp_path) == Parsers()


PIECES = [
    "<tool_call>",
    "</tool_call>",
    "<function=get_weather>",
    "<function=write_file>",
    "<function=nope>",
    "</function>",
    "<parameter=city>",
    "<parameter=path>",
    "<parameter=content>",
    "<parameter=days>",
    "</parameter>",
    "<think>",
    "</think>",
    "\n",
    "\n\n",
    " ",
    "x",
    "Paris",
    "42",
    '{"a": 1}',
    "{",
    "<",
    ">",
    "</",
    "<tool",
    "</param",
    '<tool_call>\n{"name": "get_weather", "arguments": {"city": "</tool_call>"}}',
]


@pytest.mark.parametrize("seed", range(4))
def test_random_replies_parse_the_same_however_split(seed: int) -> None:
    """Replies stitched from markup fragments at random: fed whole or in pieces of 1, 2 and 5 characters,
    under each prompt kind and finish reason, the message and the stream agree."""
    rng = random.Random(seed)
    for _ in range(150):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 30)))
        prompt, reason = rng.choice(["", "<think>\n", "<think>"]), rng.choice(["stop", "length"])
        whole = parse(text, len(text), prompt=prompt, reason=reason)
        for step in (1, 2, 5):
            reply, stream, r = parse(text, step, prompt=prompt, reason=reason)
            calls = [(c.name, c.arguments) for c in reply.tool_calls]
            assert (reply.reasoning, reply.content, calls, r) == (
                whole[0].reasoning,
                whole[0].content,
                [(c.name, c.arguments) for c in whole[0].tool_calls],
                whole[2],
            )
            reasoning, content, streamed = from_stream(stream)
            assert (reasoning, content) == (reply.reasoning, reply.content)
            assert [(n, a) for _, n, a in streamed][: len(calls)] == calls
            assert all(json.loads(a) is not None for _, a in calls)


def test_forced_calls_stream_a_cut_array() -> None:
    """Each call of a `"required"` array streams (header, argument pieces, end); strings may hold
    brackets and escaped quotes; a call whose header was cut never starts, and the reply reads as cut."""
    text = (
        '[{"name": "a", "parameters": {"x": "}]\\"{"}}, {"name": "b", "parameters": {"y": [1, 2]}}, {"name": "c", "par'
    )
    forced = ForcedCalls(None)
    events = [e for i in range(0, len(text), 4) for e in forced.feed(text[i : i + 4])] + forced.finish("length")
    assert [e.name for e in events if isinstance(e, CallStart)] == ["a", "b"]
    args = ["".join(e.text for e in events if isinstance(e, CallArgs) and e.index == i) for i in (0, 1)]
    assert args == ['{"x": "}]\\"{"}', '{"y": [1, 2]}'] and json.loads(args[0]) == {"x": '}]"{'}
    assert [e.index for e in events if isinstance(e, CallEnd)] == [0, 1]
    assert len([e for e in events if isinstance(e, CallArgs)]) > 2
    assert forced.cut and finish_reason("length", ReplyParser(Parsers(), None, "", forced=forced)) == "length"


def test_forced_calls_are_read_after_the_reasoning() -> None:
    """A forced call's JSON follows the reasoning (a `<tool_call>` in it does not end it); a reply cut
    inside the reasoning makes no call and reads as `length`."""
    parser, reply = ReplyParser(QWEN, None, "", forced=ForcedCalls("f")), Reply()
    for piece in ("<think>\nno <tool_call> here", "\n</think>", '{"x": 1}'):
        reply.add(parser.feed(piece))
    reply.add(parser.finish("stop"))
    assert reply.reasoning == "no <tool_call> here" and reply.content == ""
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [("f", '{"x": 1}')]
    assert finish_reason("stop", parser) == "tool_calls"
    cut, events = ReplyParser(QWEN, None, "", forced=ForcedCalls("f")), []
    events += cut.feed("<think>\nstill thinking") + cut.finish("length")
    assert not [e for e in events if isinstance(e, (CallStart, CallArgs, CallEnd))]
    assert finish_reason("length", cut) == "length"
