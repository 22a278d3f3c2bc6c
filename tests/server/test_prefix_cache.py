"""Prefix caching through the server: `usage.prompt_tokens_details.cached_tokens` on completions and
chat (whole and streamed, in the final usage chunk), and the prefix-cache counters of /metrics."""

from __future__ import annotations

from tests.server.conftest import Server
from tests.server.test_concurrency import _gauge

PAGE = 64  # the engine's default page
PROMPT = [(37 * i) % 300 + 5 for i in range(PAGE + 20)]  # one full page, then 20 tokens


def test_cached_tokens_in_usage_and_metrics(server: Server) -> None:
    client = server.client()
    queries, hits = (_gauge(server, f"qcompile_prefix_cache_{k}_total") for k in ("queries", "hits"))
    kwargs = {"model": server.model, "prompt": PROMPT, "max_tokens": 3, "temperature": 0.0}
    first = client.completions.create(**kwargs)
    assert first.usage.prompt_tokens_details.cached_tokens == 0
    again = client.completions.create(**kwargs)
    assert again.usage.prompt_tokens_details.cached_tokens == PAGE
    assert again.choices[0].text == first.choices[0].text
    chunks = list(client.completions.create(stream=True, stream_options={"include_usage": True}, **kwargs))
    assert chunks[-1].usage.prompt_tokens_details.cached_tokens == PAGE
    assert _gauge(server, "qcompile_prefix_cache_queries_total") - queries == 3 * len(PROMPT)
    assert _gauge(server, "qcompile_prefix_cache_hits_total") - hits == 2 * PAGE
    assert _gauge(server, "qcompile_prefix_cache_evicted_pages_total") >= 0  # exported


def test_chat_reports_cached_tokens_whole_and_streamed(server: Server) -> None:
    client = server.client()
    messages = [
        {"role": "system", "content": "You answer briefly. " * 20},
        {"role": "user", "content": "Name a colour."},
    ]
    kwargs = {"model": server.model, "messages": messages, "max_tokens": 3, "temperature": 0.0}
    first = client.chat.completions.create(**kwargs)
    assert first.usage.prompt_tokens > PAGE
    again = client.chat.completions.create(**kwargs)
    assert again.usage.prompt_tokens_details.cached_tokens >= PAGE
    chunks = list(client.chat.completions.create(stream=True, stream_options={"include_usage": True}, **kwargs))
    assert chunks[-1].usage.prompt_tokens_details.cached_tokens == again.usage.prompt_tokens_details.cached_tokens
