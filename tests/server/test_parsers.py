"""Reasoning and tool-call parsing on exact texts, whole and grown token by token."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qcompile.server.parsers import ChatReplyParser, Parsers, select_parsers
from qcompile.server.reasoning import QwenReasoningParser
from qcompile.server.streaming import ChatDeltas
from qcompile.server.tool_calls import Qwen3CoderToolParser

TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {
    "city": {"type": "string"}, "days": {"type": "integer"}, "units": {"type": "object"}}}}}]
QWEN = Parsers(QwenReasoningParser(), Qwen3CoderToolParser)

XML_CALL = ("<tool_call>\n<function=get_weather>\n<parameter=city>\nNew York\n</parameter>\n"
            "<parameter=days>\n3\n</parameter>\n<parameter=units>\n{\"t\": \"C\"}\n</parameter>\n</function>\n"
            "</tool_call>")
JSON_CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>'


def test_reasoning_split() -> None:
    p = QwenReasoningParser()
    assert p.split("<think>\nadd them\n</think>\n\n5") == ("\nadd them\n", "\n\n5")
    assert p.split("<think>\nstill thinking") == ("\nstill thinking", "")
    assert p.split("plain answer") == (None, "plain answer")


def test_xml_and_json_tool_calls_typed_by_schema() -> None:
    parsed = Qwen3CoderToolParser(TOOLS).parse(f"Let me check.\n{XML_CALL}\n{JSON_CALL}", final=False)
    assert parsed.content.strip() == "Let me check."
    assert [c.name for c in parsed.calls] == ["get_weather", "get_weather"]
    assert json.loads(parsed.calls[0].arguments) == {"city": "New York", "days": 3, "units": {"t": "C"}}
    assert json.loads(parsed.calls[1].arguments) == {"city": "Oslo"}


def test_open_block_waits_then_parses_when_final() -> None:
    parser = Qwen3CoderToolParser(TOOLS)
    text = "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>"
    assert parser.parse(text, final=False).open
    assert json.loads(parser.parse(text, final=True).calls[0].arguments) == {"city": "Paris"}


def test_block_that_is_not_a_call_stays_content() -> None:
    parsed = Qwen3CoderToolParser(TOOLS).parse("a <tool_call>not json</tool_call> b", final=True)
    assert parsed.calls == [] and parsed.content == "a <tool_call>not json</tool_call> b"


@pytest.mark.parametrize("text", [
    "<think>\nThe user asks about Paris.\n</think>\n\nThe capital of France is Paris.",
    f"<think>\nweather needs a tool\n</think>\n\nChecking.\n{XML_CALL}",
    f"{JSON_CALL}\n{XML_CALL}",
    "no reasoning, no tools",
])
def test_streamed_deltas_add_up_to_the_whole_reply(text: str) -> None:
    """Feeding the text a character at a time yields deltas whose sum is the non-streamed view."""
    reply = ChatReplyParser(QWEN, TOOLS)
    deltas = ChatDeltas()
    reasoning, content, calls = "", "", []
    for i in range(1, len(text) + 1):
        d = deltas.delta(reply.view(text[:i], final=i == len(text)))
        reasoning += d.get("reasoning_content", "")
        content += d.get("content", "")
        calls += d.get("tool_calls", [])
    whole = reply.view(text, final=True)
    assert (reasoning, content) == (whole.reasoning, whole.content)
    assert [(c["function"]["name"], c["function"]["arguments"]) for c in calls] == \
        [(c.name, c.arguments) for c in whole.tool_calls]
    assert [c["index"] for c in calls] == list(range(len(calls)))


def test_parsers_selected_for_qwen4_exp_only(tmp_path: Path, default_model: Path) -> None:
    assert select_parsers(default_model) == QWEN
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "llama", "architectures": ["LlamaForCausalLM"]}))
    assert select_parsers(tmp_path) == Parsers()
