"""An engine whose last reference goes, after `LLM.close` or `AsyncEngine.shutdown`, frees its model,
weights and pools at once: no reference cycle waits for a garbage collection. The CUDA tests that run
one engine after another inside a test (each sizing its K/V pool from what the device has free) rely
on it, as does a server started again in the same process. Collection is off while each test runs, so
a cycle would keep the model alive."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from qcompile import LLM, SamplingParams
from qcompile.engine.async_engine import AsyncEngine

PARAMS = SamplingParams(temperature=0.0, max_tokens=3, ignore_eos=True)


@pytest.fixture
def no_collection() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("async_scheduling", [True, False])
def test_an_llm_dropped_after_close_frees_its_model(
    tiny_ckpt: Path, no_collection: None, async_scheduling: bool
) -> None:
    llm = LLM(str(tiny_ckpt), max_model_len=128, max_num_seqs=2, async_scheduling=async_scheduling)
    assert len(llm.generate([{"prompt_token_ids": [1, 2, 3]}], PARAMS)[0].outputs[0].token_ids) == 3
    model, pool = weakref.ref(llm.core.model), weakref.ref(llm.core.model.state_pool()[0])
    llm.close()
    del llm
    assert model() is None and pool() is None


def test_an_async_engine_dropped_after_shutdown_frees_its_model(tiny_ckpt: Path, no_collection: None) -> None:
    async def serve_once() -> weakref.ref:
        engine = AsyncEngine.from_args(str(tiny_ckpt), max_model_len=128, max_num_seqs=2)
        deltas = [d async for d in engine.generate(None, [1, 2, 3], PARAMS)]
        assert deltas[-1].finished
        await engine.shutdown()
        return weakref.ref(engine.core.model)

    model = asyncio.run(serve_once())
    assert model() is None
