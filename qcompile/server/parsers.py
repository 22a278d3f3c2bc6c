"""Which output parsers a checkpoint gets, and how they turn a chat reply's text into its parts."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from qcompile.server.reasoning import THINK_END, THINK_START, QwenReasoningParser
from qcompile.server.tool_calls import TOOL_CALL_START, Qwen3CoderToolParser, ToolCall

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


def _partial_marker(text: str, markers: tuple[str, ...]) -> int:
    """Length of the longest end of `text` that is the start of a marker (0 if none)."""
    return max((n for m in markers for n in range(1, len(m)) if text.endswith(m[:n])), default=0)


class ChatReplyParser:
    """One request's parsers: reasoning first, then tool calls in what follows the reasoning.

    While the reply is unfinished, an end that could be the start of a marker is held back, so a
    marker that arrives in pieces is never streamed as content first.
    """

    def __init__(self, parsers: Parsers, tools: list[dict[str, Any]] | None) -> None:
        self.reasoning = parsers.reasoning
        self.tools = parsers.tools(tools) if parsers.tools is not None and tools else None
        markers = ((THINK_START, THINK_END) if self.reasoning else ()) + ((TOOL_CALL_START,) if self.tools else ())
        self.markers: tuple[str, ...] = markers

    def view(self, text: str, final: bool) -> ChatView:
        """Parse the cumulative `text`; `final` lets an unclosed tool-call block be read as is."""
        if not final:
            text = text[:len(text) - _partial_marker(text, self.markers)]
        reasoning, content = self.reasoning.split(text) if self.reasoning is not None else (None, text)
        calls: list[ToolCall] = []
        if self.tools is not None:
            parsed = self.tools.parse(content, final)
            content, calls = parsed.content, parsed.calls
        return ChatView((reasoning or "").strip(), content.strip(), calls)
