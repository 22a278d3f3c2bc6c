"""Qwen3-Coder tool-call parser: `<tool_call>` blocks in a reply become OpenAI `tool_calls`.

A block holds either the XML form the chat template teaches,
`<function=NAME><parameter=P>VALUE</parameter>…</function>`, or the JSON form
`{"name": NAME, "arguments": {...}}`. Parameter values are typed by the request's tool schema:
a `string` parameter keeps its text, other types are read as JSON when they parse.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

TOOL_CALL_START, TOOL_CALL_END = "<tool_call>", "</tool_call>"
FUNCTION = re.compile(r"<function=([^>\n]+)>(.*?)(?:</function>|\Z)", re.S)
PARAMETER = re.compile(r"<parameter=([^>\n]+)>(.*?)(?:</parameter>|(?=<parameter=)|\Z)", re.S)


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: str  # a JSON object, as OpenAI sends it


@dataclass(frozen=True)
class ParsedTools:
    """`content` is the text outside tool-call blocks; `open` says a block is still being generated."""

    content: str
    calls: list[ToolCall]
    open: bool


class Qwen3CoderToolParser:
    def __init__(self, tools: list[dict[str, Any]]) -> None:
        # parameter types per function, from the request's JSON schemas
        self.types: dict[str, dict[str, Any]] = {}
        for tool in tools:
            fn = tool.get("function", tool)
            props = (fn.get("parameters") or {}).get("properties") or {}
            self.types[fn["name"]] = {p: spec.get("type") for p, spec in props.items() if isinstance(spec, dict)}

    def parse(self, text: str, final: bool) -> ParsedTools:
        """Parse cumulative `text`. An unclosed last block waits while `final` is False; when final,
        it is parsed as far as it goes (generation may stop before `</tool_call>`). A block that is
        not a tool call stays in the content as written."""
        content, calls, pos = [], [], 0
        while (start := text.find(TOOL_CALL_START, pos)) >= 0:
            content.append(text[pos:start])
            end = text.find(TOOL_CALL_END, start)
            if end < 0 and not final:
                return ParsedTools("".join(content), calls, open=True)
            stop = len(text) if end < 0 else end + len(TOOL_CALL_END)
            call = self._block(text[start + len(TOOL_CALL_START):end if end >= 0 else len(text)])
            if call is None:
                content.append(text[start:stop])
            else:
                calls.append(call)
            pos = stop
        content.append(text[pos:])
        return ParsedTools("".join(content), calls, open=False)

    def _block(self, body: str) -> ToolCall | None:
        fn = FUNCTION.search(body)
        if fn is not None:
            name = fn.group(1).strip()
            args = {p.group(1).strip(): self._value(name, p.group(1).strip(), p.group(2))
                    for p in PARAMETER.finditer(fn.group(2))}
            return ToolCall(name, json.dumps(args, ensure_ascii=False))
        try:
            obj = json.loads(body)
        except json.JSONDecodeError:
            return None
        if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
            return None
        args = obj.get("arguments", obj.get("parameters", {}))
        return ToolCall(obj["name"], args if isinstance(args, str) else json.dumps(args, ensure_ascii=False))

    def _value(self, function: str, param: str, raw: str) -> Any:
        value = raw.strip("\n")
        kind = self.types.get(function, {}).get(param)
        if kind is None or kind == "string":
            return value
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
