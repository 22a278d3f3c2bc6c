"""`scripts/tools/loadtest.py` against the test server: every request counted, and a row per concurrency level."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.server.conftest import Server

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "tools" / "loadtest.py"


@pytest.fixture(scope="module")
def loadtest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("loadtest", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_levels_and_table(server: Server, loadtest: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(
        url=f"{server.url}/v1",
        model=None,
        api_key=None,
        concurrency=[1, 4],
        requests=6,
        duration=60.0,
        max_tokens=5,
        prompt_words=12,
        temperature=0.0,
        endpoint="chat",
        timeout=60.0,
        structured_every=0,
    )
    asyncio.run(loadtest.main_async(args))
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines if line.split() and line.split()[0] in ("1", "4")]
    assert [(r[0], r[1], r[2]) for r in rows] == [("1", "6", "0"), ("4", "6", "0")]


def test_requests_in_flight_at_the_deadline_finish(server: Server, loadtest: ModuleType) -> None:
    """The duration stops new requests; the ones streaming then run to their end and count."""
    args = argparse.Namespace(
        url=f"{server.url}/v1",
        model=None,
        api_key=None,
        requests=6,
        duration=0.2,
        max_tokens=8,
        prompt_words=12,
        temperature=0.0,
        endpoint="completions",
        timeout=60.0,
        structured_every=0,
    )
    level = asyncio.run(_one_level(loadtest, args, 3))
    assert level.errors == []
    assert level.samples and all(s.output_tokens == 8 for s in level.samples)


def test_structured_requests_mixed_in(server: Server, loadtest: ModuleType) -> None:
    """Every third request is grammar-constrained: all of them fit the schema, all others keep their length."""
    for endpoint in ("completions", "chat"):
        args = argparse.Namespace(
            url=f"{server.url}/v1",
            model=None,
            api_key=None,
            requests=24,
            duration=60.0,
            max_tokens=40,
            prompt_words=12,
            temperature=1.0,
            endpoint=endpoint,
            timeout=60.0,
            structured_every=3,
        )
        level = asyncio.run(_one_level(loadtest, args, 12))
        assert level.errors == [] and len(level.samples) == 24


async def _one_level(loadtest: ModuleType, args: argparse.Namespace, concurrency: int) -> object:
    import openai

    client = openai.AsyncOpenAI(base_url=args.url, api_key="none", max_retries=0)
    args.model = (await client.models.list()).data[0].id
    await client.close()
    return await loadtest.run_level(args, concurrency)


def test_loopback_only(loadtest: ModuleType) -> None:
    assert loadtest.loopback("http://127.0.0.1:8000/v1") and loadtest.loopback("http://localhost:1/v1")
    assert not loadtest.loopback("http://10.1.2.3:8000/v1") and not loadtest.loopback("http://example.com/v1")
    assert loadtest.percentile([3.0, 1.0, 2.0], 50) == 2.0 and loadtest.percentile([1.0, 2.0], 99) == 2.0
