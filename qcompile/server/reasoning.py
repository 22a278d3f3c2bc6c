"""Qwen reasoning, parsed incrementally: the `<think>…</think>` block at the start of a reply is reasoning.

The chat template renders an assistant turn's reasoning as `<think>\\nR\\n</think>\\n\\n` before its
content, so exactly those newlines are markup: R and the content come back byte for byte.
"""

from __future__ import annotations

from enum import Enum

from qcompile.engine.structured import THINK_END, THINK_START
from qcompile.server.markup import Scanned, Text, first_marker, partial_tail

TOOL_CALL_START = "<tool_call>"


def prompt_opens_reasoning(prompt: str) -> str | None:
    """What the rendered prompt wrote after a `<think>` it leaves open at its end (whitespace only), or
    None when the prompt does not open one: templates that open the block in the generation prompt make
    the whole reply reasoning until `</think>`."""
    start = prompt.rfind(THINK_START)
    if start < 0 or prompt.rfind(THINK_END) > start:
        return None
    tail = prompt[start + len(THINK_START) :]
    return tail if not tail.strip() else None


class _State(Enum):
    HEAD = "head"  # the reply's start: a `<think>` here opens the block
    LEAD = "lead"  # just after `<think>`: one newline is markup
    REASONING = "reasoning"
    TAIL = "tail"  # just after `</think>`: up to two newlines are markup
    CONTENT = "content"


class QwenReasoningParser:
    """Splits a reply's text deltas into reasoning and content events.

    `opened` is `prompt_opens_reasoning(prompt)`. A reply opens reasoning itself with a `<think>` at
    its very start. With `tool_call_ends`, a `<tool_call>` inside unclosed reasoning ends it (the model
    skipped `</think>`), and the call goes on as content for the tool parser.
    """

    def __init__(self, opened: str | None, tool_call_ends: bool, scanned: Scanned | None = None) -> None:
        self.opened = opened
        self.ends = ("\n" + THINK_END, THINK_END) + ((TOOL_CALL_START,) if tool_call_ends else ())
        self.scanned = scanned or Scanned()
        self.state = _State.HEAD
        self.buf = ""
        self.final = False
        self.newlines = 0  # markup newlines seen after `</think>`

    def feed(self, delta: str) -> list[Text]:
        self.buf += delta
        out: list[Text] = []
        while self._step(out):
            pass
        return out

    def finish(self) -> list[Text]:
        self.final = True
        return self.feed("")

    def _emit(self, out: list[Text], kind: str, text: str) -> None:
        if text:
            out.append(Text(kind, text))  # type: ignore[arg-type]

    def _step(self, out: list[Text]) -> bool:
        """Consume what the current state can decide; False when it needs more text."""
        buf = self.scanned.look(self.buf) if self.state in (_State.REASONING, _State.CONTENT) else self.buf
        if self.state is _State.HEAD:
            if buf.startswith(THINK_START):
                self.buf, self.state = buf[len(THINK_START) :], _State.LEAD
            elif THINK_START.startswith(buf) and not self.final:
                return False
            elif self.opened is None:
                self.state = _State.CONTENT
            else:
                self.state = _State.LEAD if self.opened == "" else _State.REASONING
            return True
        if self.state is _State.LEAD:
            if not buf and not self.final:
                return False
            self.buf, self.state = buf[buf.startswith("\n") :], _State.REASONING
            return True
        if self.state is _State.REASONING:
            hit = first_marker(buf, self.ends)
            if hit is None:
                keep = 0 if self.final else partial_tail(buf, self.ends)
                self._emit(out, "reasoning", buf[: len(buf) - keep])
                self.buf = buf[len(buf) - keep :]
                return False
            i, marker = hit
            self._emit(out, "reasoning", buf[:i])
            if marker == TOOL_CALL_START:
                self.buf, self.state = buf[i:], _State.CONTENT
            else:
                self.buf, self.state = buf[i + len(marker) :], _State.TAIL
            return True
        if self.state is _State.TAIL:
            while buf.startswith("\n") and self.newlines < 2:
                buf, self.newlines = buf[1:], self.newlines + 1
            self.buf = buf
            if not buf and self.newlines < 2 and not self.final:
                return False
            self.state = _State.CONTENT
            return True
        self._emit(out, "content", buf)
        self.buf = ""
        return False
