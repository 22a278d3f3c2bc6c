"""A server over a K/V pool smaller than its streams need: every stream completes (requests are
preempted and recomputed), a request larger than the whole pool is a 400 naming both sizes while the
others go on, and /metrics and /v1/models report the pool as vLLM does."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import openai
import pytest

from model.checkpoint.loader import load_model
from qcompile.default_model import NAME
from qcompile.engine.async_engine import AsyncEngine
from qcompile.server.app import build_app
from qcompile.server.parsers import select_parsers
from tests.server.conftest import Server, running
from tests.server.test_concurrency import _gauge

PAGES = 6  # of 64 tokens: 384 tokens, for max_model_len 512
MAX_MODEL_LEN = 512


@pytest.fixture(scope="module")
def small_pool(default_model: Path) -> Iterator[Server]:
    page_bytes = load_model(default_model, "cpu", "float32").page_bytes(64)
    engine = AsyncEngine.from_args(
        default_model,
        max_num_seqs=4,
        max_model_len=MAX_MODEL_LEN,
        kv_cache_memory=(PAGES + 1) * page_bytes,  # and the trash page
        model_name=NAME,
    )
    with running(build_app(engine, select_parsers(default_model))) as url:
        yield Server(url, NAME)


def test_streams_beyond_the_pool_complete_and_an_oversized_request_is_refused(small_pool: Server) -> None:
    lengths = [150 + 10 * i for i in range(6)]  # 4 running at once need ~10 pages, the pool has 6

    async def one(client: openai.AsyncOpenAI, i: int) -> tuple[str | None, int, int]:
        stream = await client.completions.create(
            model=small_pool.model,
            prompt=f"Story {i}:",
            max_tokens=lengths[i],
            temperature=1.0,
            seed=i,
            stream=True,
            stream_options={"include_usage": True},
            extra_body={"ignore_eos": True},
        )
        finish, usage, seen = None, -1, 0
        async for chunk in stream:
            if chunk.choices:
                finish = chunk.choices[0].finish_reason or finish
            if chunk.usage:
                usage = chunk.usage.completion_tokens
            seen += 1
        return finish, usage, seen

    async def oversized(client: openai.AsyncOpenAI) -> str:
        await asyncio.sleep(0.5)  # while the streams run
        with pytest.raises(openai.BadRequestError) as refused:
            await client.completions.create(model=small_pool.model, prompt="Hello", max_tokens=MAX_MODEL_LEN - 8)
        return str(refused.value.body)

    async def run() -> tuple[list[tuple[str | None, int, int]], str]:
        client = small_pool.async_client()
        *results, message = await asyncio.gather(*(one(client, i) for i in range(len(lengths))), oversized(client))
        return results, message

    before = _gauge(small_pool, "qcompile_num_preemptions_total")
    results, message = asyncio.run(run())
    assert [(finish, usage) for finish, usage, _ in results] == [("length", n) for n in lengths]
    assert "needs" in message and "tokens of K/V but the whole pool holds 384 (6 pages of 64)" in message
    assert _gauge(small_pool, "qcompile_num_preemptions_total") > before
    deadline = time.monotonic() + 10
    while _gauge(small_pool, "qcompile_kv_cache_usage_perc") != 0:  # every page back once the last step is read
        assert time.monotonic() < deadline, "K/V pages still in use after every stream ended"
        time.sleep(0.05)


def test_models_report_max_model_len(small_pool: Server) -> None:
    card = small_pool.client().models.retrieve(small_pool.model)
    assert card.model_extra is not None and card.model_extra["max_model_len"] == MAX_MODEL_LEN
