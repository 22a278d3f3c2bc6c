"""`scripts/tools/bench_agent_sessions.py` against `qcompile serve --model tiny`: every turn counted,
conversations that grow, the context target respected, and the report's arithmetic."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.tools import bench_agent_sessions as bench
from tests.server.conftest import serve_process

OUTPUT_TOKENS = 6
TOOL_TOKENS = 40


@pytest.fixture(scope="module")
def tiny_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("serve-tiny") / "stderr.txt"
    with serve_process(["--model", "tiny", "--max-num-seqs", "4", "--max-model-len", "1024"], log) as url:
        yield f"{url}/v1"


def _run(url: str, *flags: str) -> dict[str, Any]:
    common = ["--url", url, "--system-tokens", "30", "--tool-tokens", str(TOOL_TOKENS)]
    args = bench.parser().parse_args([*common, "--output-tokens", str(OUTPUT_TOKENS), *flags])
    return asyncio.run(bench.run(args))


def _sessions(data: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for r in data["requests"]:
        out.setdefault(r["session"], []).append(r)
    return out


def test_turns_sessions_and_report(tiny_server: str, tmp_path: Path) -> None:
    path = tmp_path / "agent.json"
    data = _run(tiny_server, "--sessions", "2", "--concurrency", "2", "--turns", "3", "--json", str(path))
    assert json.loads(path.read_text()) == json.loads(json.dumps(data))
    assert data["errors"] == [] and data["total"]["requests"] == 6
    assert [t["requests"] for t in data["turns"]] == [2, 2, 2]
    sessions = _sessions(data)
    assert sorted(sessions) == [0, 1]
    system = data["settings"]["system_tokens"]
    for turns in sessions.values():
        assert [t["turn"] for t in turns] == [0, 1, 2]
        assert all(t["completion_tokens"] == OUTPUT_TOKENS for t in turns)
        prompts = [t["prompt_tokens"] for t in turns]
        assert prompts[0] > system + TOOL_TOKENS
        # each turn appends the reply and about TOOL_TOKENS of tool output (in the template's wrapping:
        # an assistant turn with a tool call and a tool result, under 100 tokens)
        growth = [b - a for a, b in zip(prompts, prompts[1:], strict=False)]
        assert all(TOOL_TOKENS + OUTPUT_TOKENS <= g <= TOOL_TOKENS + OUTPUT_TOKENS + 100 for g in growth), growth
        assert all(t["ttft"] > 0 and len(t["itl"]) <= OUTPUT_TOKENS - 1 for t in turns)
    total = data["total"]
    assert total["prompt_tokens"] == sum(r["prompt_tokens"] for r in data["requests"])
    assert total["completion_tokens"] == 6 * OUTPUT_TOKENS and total["seconds"] > 0
    assert total["ttft_ms"]["p50"] <= total["ttft_ms"]["p95"] and total["itl_ms"]["p50"] <= total["itl_ms"]["p95"]
    cached = [r["cached_tokens"] for r in data["requests"]]
    if all(c is None for c in cached):  # the server does not report cached tokens: no hit rate either
        assert total["cached_tokens"] is None and total["hit_rate"] is None
    else:
        assert all(0 <= c <= r["prompt_tokens"] for c, r in zip(cached, data["requests"], strict=True))
        assert total["hit_rate"] == pytest.approx(total["cached_tokens"] / total["prompt_tokens"])
    assert "all" in bench.table(data)


def test_sessions_stop_at_the_context_target(tiny_server: str) -> None:
    target = 600
    data = _run(tiny_server, "--sessions", "2", "--turns", "50", "--target-context", str(target), "--tool-role", "user")
    assert data["errors"] == []
    for turns in _sessions(data).values():
        last = turns[-1]
        assert 1 < len(turns) < 50 and all(t["prompt_tokens"] + OUTPUT_TOKENS <= target for t in turns)
        # stopped because the next turn would pass the target
        assert last["prompt_tokens"] + last["completion_tokens"] + TOOL_TOKENS + bench.WRAPPING + OUTPUT_TOKENS > target


def test_hit_rate_is_cached_over_prompt_tokens() -> None:
    def turn(prompt: int, cached: int | None) -> bench.Turn:
        return bench.Turn(0, 0, prompt, cached, 4, 0.5, [0.01, 0.03], 1.0)

    row = bench.summary([turn(1000, 0), turn(3000, 2000)])
    assert (row["cached_tokens"], row["hit_rate"]) == (2000, 0.5)
    assert row["ttft_ms"]["p50"] == 500 and row["itl_ms"] == {"p50": 10, "p95": 30}
    assert bench.summary([turn(1000, 0), turn(3000, None)])["hit_rate"] is None  # not reported for every request
