"""Which output parsers a checkpoint gets, and how they turn a chat reply's text into its parts."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from qcompile.server.reasoning import QwenReasoningParser
from qcompile.server.tool_calls import Qwen3CoderToolParser, ToolCall

QWEN4_EXP_MODEL_TYPES = ("qwen4_exp", "qwen4_exp_text")


@dataclass(frozen=True)
class Parsers:
    """The reasoning parser and the tool-call parser class (built per request from its tools)."""

    reasoning: QwenReasoningParser | None = None
    tools: type[Qwen3CoderToolParser] | None = None


def select_parsers(model_dir: Path) -> Parsers:
    """Qwen4-Exp checkpoints (by `model_type` or `architectures` in config.json) get the Qwen reasoning
    and Qwen3-Coder tool parsers, as their chat template expects; other checkpoints get plain text."""
    config = json.loads((Path(model_dir) / "config.json").read_text())
    architectures = config.get("architectures") or []
    if config.get("model_type") in QWEN4_EXP_MODEL_TYPES or any(a.startswith("Qwen4Exp") for a in architectures):
        return Parsers(QwenReasoningParser(), Qwen3CoderToolParser)
    return Parsers()


@dataclass(frozen=True)
class ChatView:
    """A chat reply split into its parts; strings are stripped, so a growing reply only appends."""

    reasoning: str
    content: str
    tool_calls: list[ToolCall] = field(default_factory=list)


class ChatReplyParser:
    """One request's parsers: reasoning first, then tool calls in what follows the reasoning."""

    def __init__(self, parsers: Parsers, tools: list[dict[str, Any]] | None) -> None:
        self.reasoning = parsers.reasoning
        self.tools = parsers.tools(tools) if parsers.tools is not None and tools else None

    def view(self, text: str, final: bool) -> ChatView:
        """Parse the cumulative `text`; `final` lets an unclosed tool-call block be read as is."""
        reasoning, content = self.reasoning.split(text) if self.reasoning is not None else (None, text)
        calls: list[ToolCall] = []
        if self.tools is not None:
            parsed = self.tools.parse(content, final)
            content, calls = parsed.content, parsed.calls
        return ChatView((reasoning or "").strip(), content.strip(), calls)
