"""Server-sent events, and a chat stream's parser events made into OpenAI message deltas."""

from __future__ import annotations

import json
from typing import Any

from qcompile.server.markup import CallArgs, CallStart, Event, Text

DONE = "data: [DONE]\n\n"


def sse(payload: dict[str, Any]) -> str:
    """One SSE event; OpenAI clients read `data:` lines separated by a blank line."""
    return f"data: {json.dumps(payload, ensure_ascii=False, separators=(',', ':'))}\n\n"


def reasoning_fields(text: str | None) -> dict[str, str | None]:
    """Reasoning under both names clients read: `reasoning_content` (DeepSeek, older vLLM) and `reasoning`."""
    return {"reasoning_content": text, "reasoning": text}


def chat_deltas(events: list[Event]) -> list[dict[str, Any]]:
    """One step's events as message deltas: reasoning, content and tool calls each in deltas of their
    own; a call's header (id, name, empty arguments) before its argument pieces, as OpenAI streams."""
    out: list[dict[str, Any]] = []
    for e in events:
        last = out[-1] if out else {}
        if isinstance(e, Text):
            key = "reasoning" if e.kind == "reasoning" else "content"
            if key in last:
                text = last[key] + e.text
                last.update(reasoning_fields(text) if key == "reasoning" else {"content": text})
            else:
                out.append(reasoning_fields(e.text) if key == "reasoning" else {"content": e.text})
        elif isinstance(e, CallStart):
            out.append(
                {
                    "tool_calls": [
                        {
                            "index": e.index,
                            "id": e.id,
                            "type": "function",
                            "function": {"name": e.name, "arguments": ""},
                        }
                    ]
                }
            )
        elif isinstance(e, CallArgs):
            entry = last.get("tool_calls", [{}])[0]
            if entry.get("index") == e.index and "id" not in entry:
                entry["function"]["arguments"] += e.text
            else:
                out.append({"tool_calls": [{"index": e.index, "function": {"arguments": e.text}}]})
    return out
