"""Every invalid request is a 400 in the OpenAI error shape, and a stream running meanwhile is untouched."""

from __future__ import annotations

import asyncio
import http.client
import json
from typing import Any
from urllib.parse import urlparse

import openai

from tests.server.conftest import MAX_MODEL_LEN, Server

HELLO = [{"role": "user", "content": "Hello!"}]
LONG = "The river flows through the valley. " * 200  # far more than MAX_MODEL_LEN tokens

# (endpoint, request body, the `param` the error must name)
INVALID: list[tuple[str, dict[str, Any], str | None]] = [
    ("chat", {"messages": HELLO, "max_tokens": -1}, "max_tokens"),
    ("chat", {"messages": HELLO, "max_tokens": 0}, "max_tokens"),
    ("chat", {"messages": HELLO, "max_tokens": MAX_MODEL_LEN}, "max_tokens"),
    ("chat", {"messages": HELLO, "max_completion_tokens": 10**9}, "max_completion_tokens"),
    ("chat", {"messages": [{"role": "user", "content": LONG}]}, "messages"),
    ("chat", {"messages": HELLO, "temperature": "hot"}, "temperature"),
    ("chat", {"messages": HELLO, "max_tokens": 2.5}, "max_tokens"),
    ("chat", {"messages": "Hello"}, "messages"),
    ("chat", {"messages": []}, "messages"),
    ("chat", {"messages": [{"role": "wizard", "content": "hi"}]}, "messages"),
    ("chat", {"messages": HELLO, "n": 0}, "n"),
    ("chat", {"messages": HELLO, "n": 33}, "n"),
    ("chat", {"messages": HELLO, "stream_options": {"include_usage": True}}, "stream_options"),
    ("chat", {"messages": HELLO, "response_format": {"type": "json_object"}, "guided_regex": "a+"}, "response_format"),
    ("chat", {"messages": HELLO, "response_format": {"type": "xml"}}, "response_format"),
    ("chat", {"messages": HELLO, "guided_regex": "("}, None),
    ("chat", {"messages": HELLO, "logit_bias": {"x": 1}}, "logit_bias"),
    ("chat", {"messages": HELLO, "logit_bias": {"3": 500}}, "logit_bias"),
    ("chat", {"messages": HELLO, "presence_penalty": 3}, "presence_penalty"),
    ("chat", {"messages": HELLO, "min_tokens": 20, "max_tokens": 10}, "min_tokens"),
    ("chat", {"messages": HELLO, "tool_choice": {"type": "function", "function": {"name": "nope"}}}, "tool_choice"),
    ("chat", {"messages": HELLO, "top_p": 0}, "top_p"),
    ("chat", {"messages": HELLO, "logprobs": True, "top_logprobs": 50}, "top_logprobs"),
    ("chat", {"messages": HELLO, "top_logprobs": 3}, "top_logprobs"),
    (
        "chat",
        {"messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}]},
        "messages",
    ),
    ("chat", {"messages": [{"role": "user", "content": [{"type": "text"}]}]}, "messages"),
    ("chat", {"messages": HELLO, "tool_choice": "required"}, "tool_choice"),
    ("chat", {"messages": HELLO, "stream": "yes"}, "stream"),
    ("chat", {"messages": HELLO, "chat_template_kwargs": {"chat_template": "{{ 1/0 }}"}}, "chat_template_kwargs"),
    ("chat", {"messages": HELLO, "chat_template_kwargs": {"tokenize": True}}, "chat_template_kwargs"),
    ("completions", {"prompt": LONG}, "prompt"),
    ("completions", {"prompt": "Hi", "max_tokens": -5}, "max_tokens"),
    ("completions", {"prompt": [10**7]}, None),
    ("completions", {"prompt": ""}, None),
    ("completions", {"prompt": ["a"] * 11, "n": 3}, "prompt"),
    ("completions", {"prompt": "Hi", "max_tokens": 0}, "max_tokens"),
    ("completions", {"prompt": "Hi", "max_tokens": 0, "echo": True, "min_tokens": 1}, "min_tokens"),
    ("completions", {"prompt": "Hi", "best_of": 3}, "best_of"),
    ("completions", {"prompt": "Hi", "suffix": "end"}, "suffix"),
    ("completions", {"prompt": "Hi", "stop_token_ids": [10**7]}, None),
    ("chat", {"messages": HELLO, "min_p": 1.5}, "min_p"),
    ("chat", {"messages": HELLO, "use_beam_search": True}, "use_beam_search"),
    ("chat", {"messages": HELLO, "seed": 2**64}, "seed"),
    ("chat", {"messages": HELLO, "seed": -(2**63) - 1}, "seed"),
    ("chat", {"messages": HELLO, "seed": 10**30}, "seed"),
    ("completions", {"prompt": "Hi", "stop": [f"s{i}" for i in range(20_000)]}, "stop"),
    ("chat", {"messages": HELLO, "chat_template": "{{ 1/0 }}"}, "chat_template"),
    ("chat", {"messages": HELLO, "structured_outputs": {"grammar": "root ::= x"}}, "structured_outputs"),
    ("chat", {"messages": HELLO, "structured_outputs": {"regex": "a", "choice": ["b"]}}, "structured_outputs"),
    ("completions", {"prompt": "Hi", "stream": True, "prompt_logprobs": 1}, "prompt_logprobs"),
    ("completions", {"prompt": 42}, "prompt"),
    ("completions", {"prompt": "Hi", "stop": [""]}, "stop"),
]


def _post(server: Server, path: str, body: bytes) -> tuple[int, dict[str, Any]]:
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    try:
        conn.request("POST", path, body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def _assert_openai_error(status: int, body: dict[str, Any], param: str | None = None) -> None:
    assert status == 400, body
    error = body["error"]
    assert set(error) == {"message", "type", "param", "code"} and error["message"]
    assert error["type"] == "invalid_request_error" and error["param"] == param


def test_invalid_requests_get_400_while_a_stream_finishes(server: Server) -> None:
    async def run() -> tuple[int, str | None, int]:
        client = server.async_client()
        stream = await client.completions.create(
            model=server.model,
            prompt="Once upon a time",
            max_tokens=64,
            temperature=0.8,
            stream=True,
            extra_body={"ignore_eos": True},
            stream_options={"include_usage": True},
        )
        received, finish, usage = 0, None, 0
        checked = False
        async for chunk in stream:
            if chunk.choices:
                received += 1
                finish = chunk.choices[0].finish_reason or finish
            if chunk.usage:
                usage = chunk.usage.completion_tokens
            if not checked:  # the stream is live: now send every bad request
                checked = True
                await asyncio.gather(
                    *(asyncio.to_thread(_check, endpoint, body, param) for endpoint, body, param in INVALID)
                )
        return received, finish, usage

    def _check(endpoint: str, body: dict[str, Any], param: str | None) -> None:
        path = "/v1/chat/completions" if endpoint == "chat" else "/v1/completions"
        status, reply = _post(server, path, json.dumps({"model": server.model, **body}).encode())
        _assert_openai_error(status, reply, param)

    received, finish, usage = asyncio.run(run())
    assert (finish, usage) == ("length", 64) and received >= 1


def test_bad_json(server: Server) -> None:
    for body in (b"{not json", b"[1, 2]", b""):
        _assert_openai_error(*_post(server, "/v1/chat/completions", body))


def test_openai_client_sees_bad_request(server: Server) -> None:
    try:
        server.client().chat.completions.create(model=server.model, messages=HELLO, max_tokens=-1)
    except openai.BadRequestError as e:
        assert e.status_code == 400 and e.body["param"] == "max_tokens"
    else:
        raise AssertionError("max_tokens=-1 was accepted")
