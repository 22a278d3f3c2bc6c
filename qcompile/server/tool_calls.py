"""Qwen3-Coder tool calls, parsed incrementally from a reply's content deltas.

The chat template renders a call as
`<tool_call>\\n<function=NAME>\\n<parameter=P>\\nVALUE\\n</parameter>\\n…</function>\\n</tool_call>`, with
exactly one newline on each side of VALUE as markup, so a value comes back byte for byte (a model's
indentation of a closing tag on its own line is markup too). A value may hold any text, these tags
included, so a value ends only where the structure goes on: `</parameter>` followed by `<parameter=Q>`
for a declared parameter Q not given yet, or by `</function>` and the end of the call (`</tool_call>`,
then the end of the reply or the next call). Text may follow a call: then the call ends at the last
such closing before the next call or the end of the reply, and what follows it is held back until
that is known. Slips of the model are accepted: a missing `</parameter>` before a declared parameter
not given yet or before `</function>`, and a bare `<function=…>` block without `<tool_call>` on a line
of its own (as vLLM's parser accepts them). What no parser can tell apart: a value holding the head of
a declared parameter not given yet reads as that parameter, and content holding a whole call reads as
a call. The JSON form `<tool_call>{"name": …, "arguments": {…}}</tool_call>` streams its arguments
object as written once the head is read; another key order is read whole at `</tool_call>`.

Arguments stream as OpenAI streams them: the header (id, name) first, then pieces of one JSON object;
a string parameter's value streams as it is generated, a typed one when complete. Values are typed by
the request's JSON schema (`type` lists, `anyOf`/`oneOf`/`allOf`, `enum`, `const`, `nullable`); JSON
is read first, Python literals (`{'k': 'v'}`, `True`, `None`) second; integers keep every digit.
Calls to functions the request did not declare are dropped.
"""

from __future__ import annotations

import ast
import contextlib
import json
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from qcompile.server.markup import CallArgs, CallEnd, CallStart, Event, Scanned, Text, first_marker, partial_tail

TOOL_CALL_START, TOOL_CALL_END = "<tool_call>", "</tool_call>"
FUNCTION_START, FUNCTION_END = "<function=", "</function>"
PARAMETER_START, PARAMETER_END = "<parameter=", "</parameter>"
MAX_NAME = 256  # a longer `<function=…` / `<parameter=…` head is text, not markup
# `{"name": "NAME", "arguments": ` before an object: past this head the arguments stream as generated
JSON_HEAD = re.compile(r'\{\s*"name"\s*:\s*("(?:[^"\\\n]|\\.)*")\s*,\s*"(?:arguments|parameters)"\s*:\s*(?=\{)')
MAX_JSON_HEAD = MAX_NAME + 64

TEXT_MARKERS = ("\n" + TOOL_CALL_START, TOOL_CALL_START, "\n" + FUNCTION_START, FUNCTION_START)
VALUE_TAGS = (PARAMETER_END, PARAMETER_START, FUNCTION_END)  # where a value may end
CALL_STARTS = (TOOL_CALL_START, FUNCTION_START)
TYPE_ALIASES = {
    "float": "number",
    "double": "number",
    "int": "integer",
    "bool": "boolean",
    "dict": "object",
    "list": "array",
    "str": "string",
}


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str  # a JSON object, as OpenAI sends it


@dataclass(frozen=True)
class Function:
    """A declared function: each parameter's allowed JSON types (empty: not typed)."""

    params: dict[str, frozenset[str]]


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def schema_types(spec: Any) -> frozenset[str]:
    """The JSON types a parameter schema allows; `Optional[X]` from Pydantic or MCP is `anyOf [X, null]`."""
    if not isinstance(spec, dict):
        return frozenset()
    kinds = spec.get("type")
    out = (
        {kinds}
        if isinstance(kinds, str)
        else {k for k in kinds if isinstance(k, str)}
        if isinstance(kinds, list)
        else set()
    )
    for key in ("anyOf", "oneOf", "allOf"):
        for branch in spec.get(key) or []:
            out |= schema_types(branch)
    if isinstance(spec.get("enum"), list):
        out |= {_json_type(v) for v in spec["enum"]}
    if "const" in spec:
        out.add(_json_type(spec["const"]))
    if spec.get("nullable") is True:
        out.add("null")
    return frozenset(TYPE_ALIASES.get(k, k) for k in out)


def declared_functions(tools: list[dict[str, Any]]) -> dict[str, Function]:
    out = {}
    for tool in tools:
        fn = tool.get("function", tool)
        schema = fn.get("parameters") or {}
        props = schema.get("properties") or {}
        out[fn["name"]] = Function({p: schema_types(spec) for p, spec in props.items()})
    return out


def _streams_as_text(types: frozenset[str]) -> bool:
    """Untyped and string-only parameters keep their text, so it can stream as generated."""
    return not types or types == {"string"}


_MISSING = object()


def _read(text: str) -> Any:
    """The value `text` spells as JSON, else as a Python literal, else _MISSING."""
    try:
        return json.loads(text, parse_constant=lambda c: _MISSING)
    except (ValueError, RecursionError):
        pass
    try:
        value = ast.literal_eval(text)
        json.dumps(value)  # only what JSON can carry (no tuples as keys, no sets, no bytes)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _MISSING
    return list(value) if isinstance(value, tuple) else value


def convert(text: str, types: frozenset[str]) -> Any:
    """A typed parameter's value: what it spells when that is an allowed type (an integer is a number
    too); else the text itself if strings are allowed; else what it spells at all; else the text.
    `null` (or Python's `None`) is null unless strings are allowed and null is not: models write it for
    a value they leave out whatever the schema says, and "null" as text would pass a client's check of
    a typed value no better (as vLLM's parser reads it)."""
    stripped = text.strip()
    if stripped in ("null", "None") and ("null" in types or "string" not in types):
        return None
    value = _read(stripped)
    if value is not _MISSING and not isinstance(value, str):
        kind = _json_type(value)
        if kind in types or (kind == "integer" and "number" in types):
            return value
    if "string" in types or value is _MISSING:
        return text
    return value


class _State(Enum):
    TEXT = "text"  # content, looking for a call
    BLOCK = "block"  # after `<tool_call>`: XML or JSON?
    NAME = "name"  # after `<function=`
    SKIP = "skip"  # a call to an undeclared function, dropped to its `</tool_call>`
    FUNC = "func"  # inside `<function=…>`, between parameters
    FUNC_END = "func_end"  # after `</function>`: an optional `</tool_call>`
    PARAM = "param"  # after `<parameter=`
    LEAD = "lead"  # after `<parameter=P>`: one newline is markup
    VALUE = "value"
    JSON = "json"  # a JSON block, read whole
    JSON_ARGS = "json_args"  # a JSON block's arguments object, streamed as generated
    JSON_TAIL = "json_tail"  # after the arguments object: to `</tool_call>`


@dataclass(frozen=True)
class _Accept:
    """Where a value's closing markup ends, and the parameter that follows (None: the call ends).
    `tentative`: text follows the call's end, so the call ends here only if no other closing of the
    value comes before the next call or the end of the reply."""

    end: int
    next_param: str | None = None
    tentative: bool = False


class _Wait:
    """The text so far cannot decide (a sentinel no name or tag equals)."""


def _markup_start(buf: str, i: int) -> int:
    """Where the markup of the tag at `i` starts: a newline and indentation before it are markup too
    (the line break the template writes before a closing tag, and a model's indentation of it)."""
    k = i
    while k > 0 and buf[k - 1] in " \t":
        k -= 1
    return k - 1 if k > 0 and buf[k - 1] == "\n" else i


def _value_tail(buf: str, tags: tuple[str, ...]) -> int:
    """How much of the end of a value's text to hold back: a start of one of `tags`, with the newline
    and indentation before it (see `_markup_start`)."""
    keep = partial_tail(buf, tags)
    k = len(buf) - keep
    while k > 0 and buf[k - 1] in " \t":
        k -= 1
    return len(buf) - k + 1 if k > 0 and buf[k - 1] == "\n" else keep


_WAIT = _Wait()


class Qwen3CoderToolParser:
    """One request's tool-call parser; `feed` content deltas, then `finish` with the finish reason."""

    def __init__(self, tools: list[dict[str, Any]], scanned: Scanned | None = None) -> None:
        self.functions = declared_functions(tools)
        self.scanned = scanned or Scanned()
        self.state = _State.TEXT
        self.buf = ""
        self.final = False
        self.cut = False  # generation stopped inside a call (max_tokens): it is left unfinished
        self.raw = ""  # the markup of a block not yet known to be a call, to give back as content
        self.count = 0  # calls started
        self.fn = Function({})
        self.given: set[str] = set()
        self.types: frozenset[str] = frozenset()
        self.value: list[str] = []  # a typed value's text so far
        self.held: list[str] | None = None  # after a tentative call end (`_Accept.tentative`): the text since
        self.held_close = ""  # that call end's markup
        self.json: list[str] = []  # a JSON block's text so far
        self.json_len = 0
        self.depth, self.quoted, self.escaped = 0, False, False  # where a streamed JSON object is
        self.completed = 0  # calls sent whole
        self.in_block = False  # the call opened with `<tool_call>` (else it is a bare `<function=…>`)
        self.space = ""  # whitespace-only content held back
        self.blank = True  # no content but whitespace since the start or the last call
        self.called = False  # a call (sent or dropped) was seen: whitespace left at the end is not content
        self.steps: dict[_State, Callable[[list[Event], str], bool]] = {
            _State.TEXT: self._text_step,
            _State.BLOCK: self._block_step,
            _State.NAME: self._name_step,
            _State.SKIP: self._skip_step,
            _State.FUNC: self._func_step,
            _State.FUNC_END: self._func_end_step,
            _State.PARAM: self._param_step,
            _State.LEAD: self._lead_step,
            _State.VALUE: self._value_step,
            _State.JSON: self._json_step,
            _State.JSON_ARGS: self._json_args_step,
            _State.JSON_TAIL: self._json_tail_step,
        }

    def feed(self, delta: str) -> list[Event]:
        self.buf += delta
        out: list[Event] = []
        while self._step(out):
            pass
        return out

    def finish(self, finish_reason: str | None) -> list[Event]:
        """The reply is complete; a call still open is closed as far as it went, unless `length` cut it."""
        self.final = True
        done = self.state in (_State.TEXT, _State.FUNC_END, _State.JSON_TAIL) or self.held is not None
        if not done and finish_reason == "length":
            # what is held back (a cut header, or what may be a value's closing tag) is neither content nor
            # arguments: the streamed arguments stay a prefix of what the model meant
            self.cut, self.state, self.buf = True, _State.TEXT, ""
            return []
        return self.feed("")

    # ---- emitting ------------------------------------------------------------------------------
    def _content(self, out: list[Event], text: str) -> None:
        """Content; whitespace with no text before it (since the start or the last call) is held until
        text follows it, and dropped when a call follows it (as vLLM drops blank lines before a call)."""
        if self.blank and text.isspace():
            self.space += text
        elif text:
            out.append(Text("content", self.space + text))
            self.space, self.blank = "", False

    def _drop_space(self) -> None:
        """A call (sent or dropped) begins: the blank content before it goes, and after it none is yet."""
        self.space, self.called, self.blank = "", True, True

    def _give_back(self, out: list[Event]) -> None:
        """What looked like the start of a call is content after all."""
        self._content(out, self.raw)
        self.raw, self.state = "", _State.TEXT

    def _start_call(self, out: list[Event], name: str) -> None:
        out.append(CallStart(self.count, f"call_{uuid.uuid4().hex[:24]}", name))
        self.count += 1
        self.fn, self.given, self.raw = self.functions[name], set(), ""
        self._drop_space()

    def _start_param(self, out: list[Event], name: str) -> None:
        self.types = self.fn.params.get(name, frozenset())
        key = json.dumps(name, ensure_ascii=False)
        out.append(
            CallArgs(
                self.count - 1,
                ("{" if not self.given else ", ") + key + ": " + ('"' if _streams_as_text(self.types) else ""),
            )
        )
        self.given.add(name)
        self.value, self.state = [], _State.LEAD

    def _value_text(self, out: list[Event], text: str) -> None:
        if not text:
            return
        if self.held is not None:  # after a tentative call end: not known yet to be value
            self.held.append(text)
            return
        if _streams_as_text(self.types):
            out.append(CallArgs(self.count - 1, json.dumps(text, ensure_ascii=False)[1:-1]))
        else:
            self.value.append(text)

    def _end_value(self, out: list[Event]) -> None:
        text = (
            '"'
            if _streams_as_text(self.types)
            else json.dumps(convert("".join(self.value), self.types), ensure_ascii=False)
        )
        out.append(CallArgs(self.count - 1, text))

    def _end_call(self, out: list[Event]) -> None:
        out.append(CallArgs(self.count - 1, "}" if self.given else "{}"))
        self._complete(out)

    def _complete(self, out: list[Event]) -> None:
        out.append(CallEnd(self.count - 1))
        self.completed += 1
        self.state = _State.TEXT

    # ---- lookahead -----------------------------------------------------------------------------
    def _name(self, buf: str, start: int) -> str | _Wait | None:
        """The name of a `<tag=NAME>` whose head ends at `start`; _WAIT; or None when it is no name."""
        end = buf.find(">", start, start + MAX_NAME + 1)
        head = buf[start : end if end >= 0 else start + MAX_NAME + 1]
        if "\n" in head or (end < 0 and len(buf) - start > MAX_NAME):
            return None
        if end < 0:
            return None if self.final else _WAIT
        return head.strip()

    def _more(self, buf: str, start: int, *tags: str) -> str | _Wait | None:
        """At `start` (after whitespace), which of `tags` begins; "" at the end of the reply; _WAIT when the
        text so far is a start of one of them; None for anything else."""
        rest = buf[start:]
        for tag in tags:
            if rest.startswith(tag):
                return tag
        if any(tag.startswith(rest) for tag in tags):
            return "" if self.final else _WAIT
        return None

    @staticmethod
    def _skip_space(buf: str, start: int) -> int:
        while start < len(buf) and buf[start].isspace():
            start += 1
        return start

    def _after_function(self, buf: str, start: int) -> _Accept | _Wait | None:
        """After `</function>`, the call ends at the end of the reply or where the next call begins, and
        tentatively where text follows; inside `<tool_call>` only through `</tool_call>` (a bare call may
        end with a stray one)."""
        r = self._skip_space(buf, start)
        ends = (TOOL_CALL_END,) if self.in_block else (TOOL_CALL_END, *CALL_STARTS)
        tag = self._more(buf, r, *ends)
        if tag is _WAIT or (tag is None and self.in_block):
            return tag
        if tag is None:
            return _Accept(start, tentative=True)
        if tag != TOOL_CALL_END:
            return _Accept(r if tag else len(buf))
        after = r + len(TOOL_CALL_END)
        nxt = self._more(buf, self._skip_space(buf, after), *CALL_STARTS)
        return nxt if nxt is _WAIT else _Accept(after, tentative=nxt is None)

    def _closing(self, buf: str, i: int, tag: str) -> _Accept | _Wait | None:
        """Is the tag at `i` the end of the value? An _Accept, _WAIT, or None (it is value text)."""
        j = i + len(tag)
        if tag == PARAMETER_START:  # `</parameter>` forgotten before a declared parameter not given yet
            name = self._name(buf, j)
            if name in (None, _WAIT):
                return name
            ok = name in self.fn.params and name not in self.given
            return _Accept(buf.index(">", j) + 1, name) if ok else None
        if tag == FUNCTION_END:  # `</parameter>` forgotten before `</function>`
            return self._after_function(buf, j)
        r = self._skip_space(buf, j)
        tag = self._more(buf, r, PARAMETER_START, FUNCTION_END)
        if tag in (None, _WAIT):
            return tag
        if tag == "":
            return _Accept(len(buf))
        if tag == FUNCTION_END:
            return self._after_function(buf, r + len(FUNCTION_END))
        name = self._name(buf, r + len(PARAMETER_START))
        if name in (None, _WAIT):
            return name
        ok = name not in self.given and (name in self.fn.params or not self.fn.params)
        return _Accept(buf.index(">", r) + 1, name) if ok else None

    # ---- states --------------------------------------------------------------------------------
    def _step(self, out: list[Event]) -> bool:
        """Consume what the current state can decide; False when it needs more text."""
        return self.steps[self.state](out, self.scanned.look(self.buf))

    def _text_step(self, out: list[Event], buf: str) -> bool:
        hit = first_marker(buf, TEXT_MARKERS)
        if hit is None:
            keep = 0 if self.final else partial_tail(buf, TEXT_MARKERS)
            self._content(out, buf[: len(buf) - keep])
            self.buf = buf[len(buf) - keep :]
            if self.final and self.space and not self.called:  # a reply of whitespace only
                out.append(Text("content", self.space))
                self.space = ""
            return False
        i, marker = hit
        if marker == FUNCTION_START and not (self.blank and buf[:i].isspace() or self.blank and not i):
            self._content(out, buf[: i + len(marker)])  # a bare `<function=` inside a line is text
            self.buf = buf[i + len(marker) :]
            return True
        self._content(out, buf[:i])
        self.raw, self.buf = marker, buf[i + len(marker) :]
        self.state = _State.BLOCK if marker.endswith(TOOL_CALL_START) else _State.NAME
        self.in_block = self.state is _State.BLOCK
        return True

    def _block_step(self, out: list[Event], buf: str) -> bool:
        """After `<tool_call>`: `<function=` (XML), `{` (JSON), or not a call after all."""
        r = self._skip_space(buf, 0)
        if buf[r:].startswith(FUNCTION_START):
            self.raw += buf[: r + len(FUNCTION_START)]
            self.buf, self.state = buf[r + len(FUNCTION_START) :], _State.NAME
        elif buf[r:].startswith("{"):
            self.raw += buf[:r]
            self.buf, self.json, self.json_len, self.state = buf[r:], [], 0, _State.JSON
        elif not self.final and FUNCTION_START.startswith(buf[r:]):
            return False
        else:
            self._give_back(out)
        return True

    def _name_step(self, out: list[Event], buf: str) -> bool:
        """`<function=NAME>` is a call only if a parameter or the function's end follows it (for a bare
        one, on the next line, as the template writes it); at the end of the reply it is text."""
        name = self._name(buf, 0)
        if name is _WAIT:
            return False
        follows: str | _Wait | None = None
        if name is not None and self.in_block:
            follows = self._more(buf, self._skip_space(buf, buf.index(">") + 1), PARAMETER_START, FUNCTION_END) or None
        elif name is not None:
            follows = self._more(buf, buf.index(">") + 1, "\n" + PARAMETER_START, "\n" + FUNCTION_END) or None
        if follows is _WAIT:
            return False
        if follows is None:
            self._give_back(out)
        elif name in self.functions:
            self.buf = buf[buf.index(">") + 1 :]
            self._start_call(out, name)
            self.state = _State.FUNC
        elif self.in_block:
            self.buf, self.raw, self.state = buf[buf.index(">") + 1 :], "", _State.SKIP
            self._drop_space()
        else:
            self._give_back(out)
        return True

    def _skip_step(self, out: list[Event], buf: str) -> bool:
        i = buf.find(TOOL_CALL_END)
        if i < 0:
            self.buf = "" if self.final else buf[len(buf) - partial_tail(buf, (TOOL_CALL_END,)) :]
            if self.final:
                self.state = _State.TEXT
            return self.final
        self.buf, self.state = buf[i + len(TOOL_CALL_END) :], _State.TEXT
        return True

    def _func_step(self, out: list[Event], buf: str) -> bool:
        """Between parameters: whitespace is skipped (anything else is dropped)."""
        hit = first_marker(buf, (PARAMETER_START, FUNCTION_END))
        if hit is None:
            self.buf = "" if self.final else buf[len(buf) - partial_tail(buf, (PARAMETER_START, FUNCTION_END)) :]
            if self.final:
                self._end_call(out)
            return self.final
        i, marker = hit
        self.buf = buf[i + len(marker) :]
        self.state = _State.PARAM if marker == PARAMETER_START else _State.FUNC_END
        return True

    def _func_end_step(self, out: list[Event], buf: str) -> bool:
        r = self._skip_space(buf, 0)
        if buf[r:].startswith(TOOL_CALL_END):
            self.buf = buf[r + len(TOOL_CALL_END) :]
        elif not self.final and TOOL_CALL_END.startswith(buf[r:]):
            return False
        self._end_call(out)
        return True

    def _param_step(self, out: list[Event], buf: str) -> bool:
        name = self._name(buf, 0)
        if name is _WAIT:
            return False
        if name is None:  # not a parameter head: back between parameters
            self.state = _State.FUNC
        else:
            self.buf = buf[buf.index(">") + 1 :]
            self._start_param(out, name)
        return True

    def _lead_step(self, out: list[Event], buf: str) -> bool:
        if not buf and not self.final:
            return False
        self.buf, self.state = buf[buf.startswith("\n") :], _State.VALUE
        return True

    def _json_tail_step(self, out: list[Event], buf: str) -> bool:
        i = buf.find(TOOL_CALL_END)
        if i < 0 and not self.final:
            self.buf = buf[len(buf) - partial_tail(buf, (TOOL_CALL_END,)) :]
            return False
        self.buf = "" if i < 0 else buf[i + len(TOOL_CALL_END) :]
        self._complete(out)
        return True

    def _value_step(self, out: list[Event], buf: str) -> bool:
        """A value to its closing markup; after a tentative call end, held until it is decided."""
        tags = VALUE_TAGS + CALL_STARTS if self.held is not None else VALUE_TAGS
        pos = 0
        while (hit := first_marker(buf, tags, pos)) is not None:
            i, tag = hit
            if tag in CALL_STARTS:  # a call begins: the held end was the call's end
                self._value_text(out, buf[:i])
                self.buf = buf[i:]
                return self._settle(out)
            verdict = self._closing(buf, i, tag)
            if verdict is None:
                pos = i + len(tag)
                continue
            m = _markup_start(buf, i)
            self._value_text(out, buf[:m])
            self.buf = buf[m:]
            if verdict is _WAIT:
                return False
            assert isinstance(verdict, _Accept)
            self._confirm(out)  # a later closing: the held text was value after all
            if verdict.tentative:
                self.held, self.held_close, self.buf = [], buf[m : verdict.end], buf[verdict.end :]
            elif verdict.next_param is not None:
                self._end_value(out)
                self.buf = buf[verdict.end :]
                self._start_param(out, verdict.next_param)
            else:
                self._end_value(out)
                self.buf = buf[verdict.end :]
                self._end_call(out)
            return True
        keep = _value_tail(buf, tags)
        self._value_text(out, buf[: len(buf) - keep])
        self.buf = buf[len(buf) - keep :]
        if not self.final:
            return False
        if self.held is not None:
            return self._settle(out)
        self.buf = ""  # a closing tag cut at the end of the reply is markup
        self._end_value(out)
        self._end_call(out)
        return True

    def _confirm(self, out: list[Event]) -> None:
        """The held call end was value text: it goes out as value, then what followed it."""
        if self.held is not None:
            text, self.held = self.held_close + "".join(self.held), None
            self._value_text(out, text)

    def _settle(self, out: list[Event]) -> bool:
        """The held call end was the call's end (the next call or the end of the reply follows): what
        followed it is content, read again as such."""
        assert self.held is not None
        self.buf = "".join(self.held) + self.buf
        self.held = None
        self._end_value(out)
        self._end_call(out)
        return True

    def _json_step(self, out: list[Event], buf: str) -> bool:
        if self.json_len < MAX_JSON_HEAD:  # the head is looked for in the block's first characters only
            text = "".join(self.json) + buf
            head = JSON_HEAD.match(text[:MAX_JSON_HEAD])
            with contextlib.suppress(ValueError):
                name = None if head is None else json.loads(head.group(1))
            if head is not None and name in self.functions:
                self._start_call(out, name)
                self.buf, self.depth, self.quoted, self.escaped = text[head.end() :], 0, False, False
                self.state = _State.JSON_ARGS
                return True
        pos = 0
        while (i := buf.find(TOOL_CALL_END, pos)) >= 0:
            if self._json_call(out, "".join(self.json) + buf[:i]):
                self.buf, self.state = buf[i + len(TOOL_CALL_END) :], _State.TEXT
                return True
            pos = i + len(TOOL_CALL_END)
        keep = 0 if self.final else partial_tail(buf, (TOOL_CALL_END,))
        self.json.append(buf[: len(buf) - keep])
        self.json_len += len(buf) - keep
        self.buf = buf[len(buf) - keep :]
        if not self.final:
            return False
        if not self._json_call(out, "".join(self.json)):
            self.raw += "".join(self.json)
            self._give_back(out)
        self.state = _State.TEXT
        return True

    def _json_call(self, out: list[Event], text: str) -> bool:
        """Emit the call a JSON block spells (dropped if undeclared); False when it spells none."""
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):
            return False
        if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
            return False
        self.raw = ""
        if obj["name"] not in self.functions:
            self._drop_space()
            return True
        args = obj.get("arguments", obj.get("parameters", {}))
        self._start_call(out, obj["name"])
        out.append(CallArgs(self.count - 1, args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)))
        self._complete(out)
        return True

    def _json_args_step(self, out: list[Event], buf: str) -> bool:
        """Stream the arguments object as written, to its closing brace (strings may hold any brace or tag)."""
        end = None
        for k, ch in enumerate(buf):
            if self.quoted:
                self.quoted = self.escaped or ch != '"'
                self.escaped = not self.escaped and ch == "\\"
            elif ch == '"':
                self.quoted = True
            elif ch in "{[":
                self.depth += 1
            elif ch in "}]":
                self.depth -= 1
                if self.depth == 0:
                    end = k + 1
                    break
        text = buf if end is None else buf[:end]
        if text:
            out.append(CallArgs(self.count - 1, text))
        self.buf = buf[len(text) :]
        if end is not None:
            self.state = _State.JSON_TAIL
        elif self.final:  # the reply ended inside the arguments: no call, and nothing made up
            self.cut, self.state = True, _State.TEXT
        return end is not None or self.final
