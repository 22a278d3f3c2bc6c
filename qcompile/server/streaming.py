"""Server-sent events, and the per-request bookkeeping that turns cumulative outputs into deltas."""

from __future__ import annotations

import json
from typing import Any

from qcompile.server.parsers import ChatView
from qcompile.server.protocol import tool_call_json

DONE = "data: [DONE]\n\n"


def sse(payload: dict[str, Any]) -> str:
    """One SSE event; OpenAI clients read `data:` lines separated by a blank line."""
    return f"data: {json.dumps(payload, ensure_ascii=False, separators=(',', ':'))}\n\n"


class ChatDeltas:
    """What a chat stream has sent so far; `delta(view)` is the message delta that catches up to `view`.

    Parsed parts only ever grow by appending (see `ChatView`), so each delta is a suffix; tool calls
    are sent whole, one delta entry each, once their block is complete.
    """

    def __init__(self) -> None:
        self.reasoning = ""
        self.content = ""
        self.num_calls = 0

    def delta(self, view: ChatView) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if len(view.reasoning) > len(self.reasoning):
            out["reasoning_content"] = view.reasoning[len(self.reasoning):]
            self.reasoning = view.reasoning
        if len(view.content) > len(self.content):
            out["content"] = view.content[len(self.content):]
            self.content = view.content
        if len(view.tool_calls) > self.num_calls:
            out["tool_calls"] = [tool_call_json(call, i)
                                 for i, call in enumerate(view.tool_calls) if i >= self.num_calls]
            self.num_calls = len(view.tool_calls)
        return out
