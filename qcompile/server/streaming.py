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


class ChatDeltas:
    """Groups one step's events into message deltas: reasoning, content and tool calls each in deltas of
    their own; a call's header (id, name, empty arguments) before its argument pieces, as OpenAI streams."""

    def __init__(self) -> None:
        self.num_calls = 0

    def deltas(self, events: list[Event]) -> list[dict[str, Any]]:
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
                self.num_calls += 1
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
