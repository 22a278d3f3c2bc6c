"""Qwen reasoning parser: the `<think>…</think>` block at the start of a reply is `reasoning_content`."""

from __future__ import annotations

from dataclasses import dataclass

THINK_START, THINK_END = "<think>", "</think>"


@dataclass(frozen=True)
class QwenReasoningParser:
    """Splits cumulative output text into (reasoning, content).

    It works on the whole text so far rather than on token deltas, so streaming and non-streaming
    replies come from the same rule: a reply that opens with `<think>` is reasoning until `</think>`
    (all of it while the block is still open), and everything after is content. A reply that does not
    open with `<think>` (e.g. `enable_thinking=False`, whose prompt closes the block) is all content.
    """

    def split(self, text: str) -> tuple[str | None, str]:
        body = text.lstrip()
        if not body.startswith(THINK_START):
            return None, text
        body = body[len(THINK_START):]
        reasoning, end, content = body.partition(THINK_END)
        return reasoning, content if end else ""
