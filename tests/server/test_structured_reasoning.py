"""Structured chat replies after reasoning, on the embedded default model (it reasons in `<think>`
before answering a capital question) through the `openai` client on loopback: the reasoning comes back
in `reasoning_content`, the constrained output alone in `content` (or the forced calls), streaming too;
with thinking disabled the grammar holds from the first token; with a chat template that opens
`<think>` in the generation prompt the reply starts inside the reasoning."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from qcompile.default_model import NAME, PATH
from qcompile.engine.async_engine import AsyncEngine
from qcompile.server.app import build_app
from qcompile.server.parsers import select_parsers
from tests.server.conftest import MAX_MODEL_LEN, Server, running

FRANCE = [{"role": "user", "content": "What is the capital of France?"}]
SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string", "maxLength": 16}, "known": {"type": "boolean"}},
    "required": ["city", "known"],
    "additionalProperties": False,
}
FORMAT = {"type": "json_schema", "json_schema": {"name": "answer", "schema": SCHEMA}}
TOOLS: list[Any] = [
    {
        "type": "function",
        "function": {
            "name": "get_capital",
            "parameters": {
                "type": "object",
                "properties": {"country": {"type": "string", "maxLength": 12}},
                "required": ["country"],
            },
        },
    }
]


def _valid(text: str | None) -> bool:
    value = json.loads(text or "")
    return set(value) == {"city", "known"} and len(value["city"]) <= 16 and type(value["known"]) is bool


def _ask(server: Server, **kwargs: Any) -> Any:
    return server.client().chat.completions.create(
        model=server.model, messages=FRANCE, temperature=1.0, max_tokens=160, **kwargs
    )


def test_reasoning_first_then_content_that_validates(server: Server) -> None:
    reply = _ask(server, seed=0, n=4, response_format=FORMAT)
    for choice in reply.choices:
        message = choice.message
        assert choice.finish_reason == "stop" and "France" in (message.reasoning_content or ""), choice
        assert message.reasoning == message.reasoning_content and _valid(message.content), choice
    guided = _ask(server, seed=1, extra_body={"guided_json": SCHEMA}).choices[0].message
    assert guided.reasoning_content and _valid(guided.content)


def test_streamed_reasoning_and_content_equal_the_whole_reply(server: Server) -> None:
    whole = _ask(server, seed=2, response_format=FORMAT).choices[0].message
    reasoning, content = "", ""
    for chunk in _ask(server, seed=2, response_format=FORMAT, stream=True):
        for choice in chunk.choices:
            thought, text = getattr(choice.delta, "reasoning_content", None), choice.delta.content
            assert not (thought and text)  # never both in one delta
            reasoning, content = reasoning + (thought or ""), content + (text or "")
    assert (reasoning, content) == (whole.reasoning_content, whole.content) and _valid(content)


def test_with_thinking_disabled_the_grammar_holds_from_the_first_token(server: Server) -> None:
    off = {"chat_template_kwargs": {"enable_thinking": False}}
    for seed in range(3):
        reply = _ask(server, seed=seed, max_completion_tokens=40, response_format=FORMAT, extra_body=off)
        message = reply.choices[0].message
        assert not getattr(message, "reasoning_content", None) and _valid(message.content), message


def test_forced_calls_follow_the_reasoning(server: Server) -> None:
    named = {"type": "function", "function": {"name": "get_capital"}}
    for tool_choice in ("required", named):
        for stream in (False, True):
            # one call: a free-running small model would list calls until max_tokens
            kwargs: dict[str, Any] = {
                "seed": 4,
                "tools": TOOLS,
                "tool_choice": tool_choice,
                "parallel_tool_calls": False,
            }
            if not stream:
                choice = _ask(server, **kwargs).choices[0]
                reasoning, calls = choice.message.reasoning_content, choice.message.tool_calls or []
                assert choice.finish_reason == "tool_calls" and choice.message.content is None, choice
                arguments = [c.function.arguments for c in calls]
            else:
                reasoning, arguments = "", []
                for chunk in _ask(server, stream=True, **kwargs):
                    delta = chunk.choices[0].delta
                    reasoning += getattr(delta, "reasoning_content", None) or ""
                    assert not delta.content
                    for call in delta.tool_calls or []:
                        arguments += [""] if call.function.name else []
                        arguments[-1] += call.function.arguments or ""
            assert "France" in (reasoning or "") and arguments, (tool_choice, stream)
            assert all(set(json.loads(a)) <= {"country"} for a in arguments)


@pytest.fixture(scope="module")
def opening_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The embedded model behind a chat template whose generation prompt opens `<think>` (as many
    Qwen thinking templates do)."""
    folder = tmp_path_factory.mktemp("opens-think")
    for item in PATH.iterdir():
        if item.suffix in (".json", ".jinja"):
            shutil.copy(item, folder)
        elif item.suffix == ".safetensors":
            (folder / item.name).symlink_to(item)
    template = folder / "chat_template.jinja"
    prompt = "{{- '<|im_start|>assistant\\n' -}}"
    assert prompt in template.read_text()
    template.write_text(template.read_text().replace(prompt, "{{- '<|im_start|>assistant\\n<think>\\n' -}}"))
    engine = AsyncEngine.from_args(
        folder, dtype="float32", max_num_seqs=4, max_model_len=MAX_MODEL_LEN, model_name=NAME
    )
    with running(build_app(engine, select_parsers(folder))) as url:
        yield Server(url, NAME)


def test_a_template_that_opens_reasoning_starts_the_reply_inside_it(opening_server: Server) -> None:
    for stream in (False, True):
        if not stream:
            message = _ask(opening_server, seed=0, response_format=FORMAT).choices[0].message
            reasoning, content = message.reasoning_content or "", message.content
        else:
            reasoning, content = "", ""
            for chunk in _ask(opening_server, seed=0, response_format=FORMAT, stream=True):
                delta = chunk.choices[0].delta if chunk.choices else None
                reasoning += getattr(delta, "reasoning_content", None) or ""
                content += (delta.content if delta else None) or ""
        assert "France" in reasoning and "think>" not in reasoning and _valid(content), (reasoning, content)
