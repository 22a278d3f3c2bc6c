"""Which output parsers a checkpoint gets, and one request's reply parsed as it streams."""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from qcompile.server.markup import CallArgs, CallEnd, CallStart, Event, Scanned, Text
from qcompile.server.reasoning import QwenReasoningParser, prompt_opens_reasoning
from qcompile.server.tool_calls import Qwen3CoderToolParser, ToolCall

QWEN4_EXP_MODEL_TYPES = ("qwen4_exp", "qwen4_exp_text")


@dataclass(frozen=True)
class Parsers:
    """The reasoning and tool-call parser classes (each request builds its own, they carry state)."""

    reasoning: type[QwenReasoningParser] | None = None
    tools: type[Qwen3CoderToolParser] | None = None


def select_parsers(model_dir: Path) -> Parsers:
    """Qwen4-Exp checkpoints (by `model_type` or `architectures` in config.json) get the Qwen reasoning
    and Qwen3-Coder tool parsers, as their chat template expects; other checkpoints get plain text."""
    config = json.loads((Path(model_dir) / "config.json").read_text())
    architectures = config.get("architectures") or []
    if config.get("model_type") in QWEN4_EXP_MODEL_TYPES or any(a.startswith("Qwen4Exp") for a in architectures):
        return Parsers(QwenReasoningParser, Qwen3CoderToolParser)
    return Parsers()


class ReplyParser:
    """One request's parsers, fed its text deltas: reasoning first, then tool calls in the content.

    State is carried between feeds and each feed looks only at its delta and a short held-back tail
    (`scanned` counts the characters looked at), so a streamed reply costs time linear in its length.
    `prompt` is the rendered chat prompt: it says whether the reply starts inside `<think>`. With
    `max_calls` (`parallel_tool_calls: false` is 1) calls past that many are dropped. With `forced`
    (calls a `tool_choice` grammar forced) the content after the reasoning is read by it, not by the
    tool parser.
    """

    def __init__(
        self,
        parsers: Parsers,
        tools: list[dict[str, Any]] | None,
        prompt: str,
        max_calls: int | None = None,
        forced: ForcedCalls | None = None,
    ) -> None:
        self.max_calls = max_calls
        self.scanned = Scanned()
        free = parsers.tools(tools, self.scanned) if forced is None and parsers.tools is not None and tools else None
        self.tools: Qwen3CoderToolParser | ForcedCalls | None = free if forced is None else forced
        self.reasoning = (
            None
            if parsers.reasoning is None
            else parsers.reasoning(prompt_opens_reasoning(prompt), free is not None, self.scanned)
        )

    def _route(self, events: list[Text]) -> list[Event]:
        if self.tools is None:
            return list(events)
        out: list[Event] = []
        for event in events:
            out += self.tools.feed(event.text) if event.kind == "content" else [event]
        return self._limit(out)

    def _limit(self, events: list[Event]) -> list[Event]:
        if self.max_calls is None:
            return events
        limit = self.max_calls
        return [e for e in events if not isinstance(e, (CallStart, CallArgs, CallEnd)) or e.index < limit]

    def feed(self, delta: str) -> list[Event]:
        if self.reasoning is not None:
            return self._route(self.reasoning.feed(delta))
        return self._route([Text("content", delta)] if delta else [])

    def finish(self, finish_reason: str | None) -> list[Event]:
        """The reply ended (`finish_reason` from the engine): flush what was held back."""
        out = self._route(self.reasoning.finish()) if self.reasoning is not None else []
        return out + (self._limit(self.tools.finish(finish_reason)) if self.tools is not None else [])

    @property
    def cut_call(self) -> bool:
        """Generation stopped inside a tool call."""
        return self.tools is not None and self.tools.cut

    @property
    def num_calls(self) -> int:
        """Calls sent whole (a cut one does not count)."""
        completed = 0 if self.tools is None else self.tools.completed
        return completed if self.max_calls is None else min(completed, self.max_calls)


def call_id() -> str:
    return f"call_{uuid.uuid4().hex[:24]}"


class ForcedCalls:
    """The content of a reply whose `tool_choice` forced calls (read inside a `ReplyParser`, after the
    reasoning): JSON the grammar kept to, made into calls (see `ChatCompletionRequest.tool_constraint`).

    Arguments stream as they are generated, after the call's header: a named function's reply is its
    arguments object; a `"required"` reply is an array of `{"name": ..., "parameters": {...}}` (the
    grammar writes the keys in that order, compactly), scanned character by character: a call's header
    goes out once its name is complete, then each piece of its parameters object. A reply cut by
    max_tokens keeps what it has and reads as cut.
    """

    _HEADER = re.compile(r'\{"name": ("(?:[^"\\]|\\.)*"), "parameters": ')

    def __init__(self, function: str | None) -> None:
        self.function = function  # None: `"required"`
        self.cut = False  # the reply stopped before its calls were complete
        self.begun = 0  # calls whose header went out
        self._depth = 0  # JSON nesting of the "required" array so far (1: inside the array)
        self._in_string = self._escaped = False
        self._call = ""  # the current call's text while its header is not yet read
        self._in_args = False
        self._closed = False  # the array's "]" came

    def feed(self, delta: str) -> list[Event]:
        if self.function is None:
            return self._scan(delta)
        events: list[Event] = []
        if not self.begun:
            self.begun = 1
            events.append(CallStart(0, call_id(), self.function))
        return events + ([CallArgs(0, delta)] if delta else [])

    def _scan(self, delta: str) -> list[Event]:
        events: list[Event] = []
        args: list[str] = []
        for ch in delta:
            before = self._depth
            if self._in_string:
                if self._escaped:
                    self._escaped = False
                elif ch == "\\":
                    self._escaped = True
                elif ch == '"':
                    self._in_string = False
            elif ch == '"':
                self._in_string = True
            elif ch in "[{":
                self._depth += 1
            elif ch in "]}":
                self._depth -= 1
            if self._in_args:
                if self._depth >= 3 or before >= 3:
                    args.append(ch)
                elif before == 2 and self._depth == 1:  # the call's object closed
                    events += self._args(args) + [CallEnd(self.begun - 1)]
                    self._in_args = False
            elif before == 1 and self._depth == 2:  # a call's object opened
                self._call = ch
            elif self._depth >= 2 and self._call:
                self._call += ch
                header = self._HEADER.fullmatch(self._call)
                if header is not None:
                    events.append(CallStart(self.begun, call_id(), json.loads(header.group(1))))
                    self.begun += 1
                    self._call, self._in_args = "", True
            elif before == 1 and self._depth == 0:
                self._closed = True
        return events + self._args(args)

    def _args(self, args: list[str]) -> list[Event]:
        text = "".join(args)
        args.clear()
        return [CallArgs(self.begun - 1, text)] if text else []

    @property
    def completed(self) -> int:
        """Calls begun (whole unless `cut`)."""
        return self.begun

    def finish(self, finish_reason: str | None) -> list[Event]:
        self.cut = finish_reason != "stop"
        if self.function is not None:
            return [CallEnd(0)] if self.begun else []
        self.cut = self.cut or not self._closed
        return [CallEnd(self.begun - 1)] if self._in_args else []


@dataclass
class Reply:
    """A whole reply put together from its events (the non-streaming message)."""

    reasoning: str = ""
    content: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    _open: dict[int, tuple[str, str, list[str]]] = field(default_factory=dict)

    def add(self, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, Text):
                if e.kind == "reasoning":
                    self.reasoning += e.text
                else:
                    self.content += e.text
            elif isinstance(e, CallStart):
                self._open[e.index] = (e.id, e.name, [])
            elif isinstance(e, CallArgs):
                self._open[e.index][2].append(e.text)
            elif isinstance(e, CallEnd):
                call_id, name, parts = self._open.pop(e.index)
                self.tool_calls.append(ToolCall(call_id, name, "".join(parts)))


def finish_reason(engine_reason: str | None, reply: ReplyParser) -> str | None:
    """`tool_calls` when the reply made calls and none was cut; a call cut by max_tokens is `length`."""
    if reply.num_calls and not reply.cut_call and engine_reason in ("stop", "length"):
        return "tool_calls"
    return engine_reason
