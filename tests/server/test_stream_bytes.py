"""A streamed chat completion's bytes on the wire, exactly: reasoning, content, a tool call's header and
argument pieces, the final chunk and usage in every chunk (`continuous_usage_stats`) and at the end.
The host loop's speed-ups (encoding, middleware, queues) must not change one byte of what clients
parse; only the request id, the tool call's id and the creation time differ between runs, so they are
normalised."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

from tests.server.conftest import Server
from tests.server.stub import StubEngine
from tests.server.test_replies import ASK, THINK, TOOLS, XML

GOLDEN = Path(__file__).parents[1] / "fixtures" / "sse" / "chat_tools_stream.txt"


def test_chat_stream_bytes_are_unchanged(stub_server: Server, stub: StubEngine) -> None:
    stub.reply = THINK + "Let me check. " + XML
    body = {
        "model": stub_server.model,
        "messages": ASK,
        "tools": TOOLS,
        "stream": True,
        "stream_options": {"include_usage": True, "continuous_usage_stats": True},
    }
    request = urllib.request.Request(
        f"{stub_server.url}/v1/chat/completions", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        raw = response.read().decode()
    ids = set(re.findall(r'"id":"(chatcmpl-[0-9a-f]+)"', raw))
    assert len(ids) == 1, ids  # one id for every chunk of the stream
    raw = re.sub(r'"id":"chatcmpl-[0-9a-f]+"', '"id":"ID"', raw)
    raw = re.sub(r'"created":\d+', '"created":0', raw)
    raw = re.sub(r'"id":"call_[0-9a-f]{24}"', '"id":"CALL"', raw)
    assert raw == GOLDEN.read_text()
