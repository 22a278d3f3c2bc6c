"""Many streams at once, and clients that leave: every stream completes, every abandoned slot is freed."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import time
from urllib.parse import urlparse

from tests.server.conftest import MAX_MODEL_LEN, MAX_NUM_SEQS, Server

NUM_STREAMS = 32


def _gauge(server: Server, name: str) -> float:
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    try:
        conn.request("GET", "/metrics")
        text = conn.getresponse().read().decode()
    finally:
        conn.close()
    match = re.search(rf"^{name}{{[^}}]*}} (\S+)$", text, re.M)
    assert match, f"{name} missing from /metrics"
    return float(match.group(1))


def _wait_idle(server: Server, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while (_gauge(server, "qcompile_num_requests_running"), _gauge(server, "qcompile_num_requests_waiting")) != (0, 0):
        assert time.monotonic() < deadline, "requests still in the engine after their clients left"
        time.sleep(0.05)


def test_concurrent_streams_all_complete(server: Server) -> None:
    """Twice as many streams as slots, each with its own length: all finish with exactly that many tokens."""
    lengths = [8 + i % 9 for i in range(NUM_STREAMS)]

    async def one(client: object, i: int) -> tuple[int, str | None, int]:
        chat = i % 2 == 0
        kwargs = {
            "model": server.model,
            "max_tokens": lengths[i],
            "temperature": 1.0,
            "seed": i,
            "stream": True,
            "stream_options": {"include_usage": True},
            "extra_body": {"ignore_eos": True},
        }
        if chat:
            stream = await client.chat.completions.create(messages=[{"role": "user", "content": f"Hi {i}"}], **kwargs)
        else:
            stream = await client.completions.create(prompt=f"Story {i}:", **kwargs)
        chunks, finish, tokens = 0, None, -1
        async for chunk in stream:
            if chunk.choices:
                chunks += 1
                finish = chunk.choices[0].finish_reason or finish
            if chunk.usage:
                tokens = chunk.usage.completion_tokens
        return chunks, finish, tokens

    async def run() -> list[tuple[int, str | None, int]]:
        client = server.async_client()
        return await asyncio.gather(*(one(client, i) for i in range(NUM_STREAMS)))

    assert NUM_STREAMS > MAX_NUM_SEQS  # some of them wait for a slot
    results = asyncio.run(run())
    assert [(finish, tokens) for _, finish, tokens in results] == [("length", n) for n in lengths]
    assert all(chunks >= 2 for chunks, _, _ in results)
    assert _gauge(server, "qcompile_generation_tokens_total") >= sum(lengths)
    _wait_idle(server)


def test_disconnect_frees_the_slot(server: Server) -> None:
    """A stream closed after two chunks and a non-streaming call whose socket is closed are both aborted:
    each stops long before its `max_tokens`."""
    max_tokens = MAX_MODEL_LEN - 16
    body = {"model": server.model, "prompt": "Once upon a time", "max_tokens": max_tokens, "ignore_eos": True}
    _wait_idle(server)

    before = _gauge(server, "qcompile_generation_tokens_total")
    stream = server.client().completions.create(
        model=server.model, prompt=body["prompt"], max_tokens=max_tokens, stream=True, extra_body={"ignore_eos": True}
    )
    for _, _ in zip(range(2), stream, strict=False):
        pass
    stream.close()
    _wait_idle(server)
    assert _gauge(server, "qcompile_generation_tokens_total") - before < max_tokens // 2

    before = _gauge(server, "qcompile_generation_tokens_total")
    url = urlparse(server.url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    conn.request("POST", "/v1/completions", json.dumps(body), {"Content-Type": "application/json"})
    time.sleep(0.2)  # let it start generating
    conn.close()
    _wait_idle(server)
    assert _gauge(server, "qcompile_generation_tokens_total") - before < max_tokens // 2
