"""Prefix caching through the server: `usage.prompt_tokens_details.cached_tokens` on completions and
chat (whole and streamed, in the final usage chunk), and the prefix-cache counters of /metrics, the
host tier's spills and copies back among them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from qcompile.default_model import NAME
from qcompile.engine.async_engine import AsyncEngine
from qcompile.server.app import build_app
from qcompile.server.parsers import select_parsers
from tests.server.conftest import Server, running
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


@pytest.fixture(scope="module")
def spilling(default_model: Path) -> Iterator[Server]:
    """One device checkpoint row, so each prompt's checkpoint evicts the last, and two host rows."""
    engine = AsyncEngine.from_args(
        default_model,
        dtype="float32",
        max_num_seqs=2,
        max_model_len=256,
        prefix_state_checkpoints=1,
        prefix_host_checkpoints=2,
        model_name=NAME,
    )
    with running(build_app(engine, select_parsers(default_model))) as url:
        yield Server(url, NAME)


def test_a_spilled_checkpoint_hits_and_metrics_count_the_copies(spilling: Server) -> None:
    client = spilling.client()
    kwargs = {"model": spilling.model, "max_tokens": 3, "temperature": 0.0}
    first = client.completions.create(prompt=PROMPT, **kwargs)
    client.completions.create(prompt=[t + 1 for t in PROMPT], **kwargs)  # evicts the first's checkpoint
    again = client.completions.create(prompt=PROMPT, **kwargs)
    assert again.usage.prompt_tokens_details.cached_tokens == PAGE
    assert again.choices[0].text == first.choices[0].text
    # the first's checkpoint spilled, then the second's when the first's was copied back
    assert _gauge(spilling, "qcompile_prefix_cache_spilled_checkpoints_total") == 2
    assert _gauge(spilling, "qcompile_prefix_cache_restored_checkpoints_total") == 1
    assert _gauge(spilling, "qcompile_prefix_cache_evicted_checkpoints_total") == 0
