"""`scripts/tools/bench_agent_sessions.py` against `qcompile serve --model tiny`: every turn counted,
conversations that grow by what the flags say, each resent turn hitting the cache up to the start of its
last assistant message (issue 47 item 5), the context target kept with room for the warm probes, and the
report's arithmetic."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.tools import bench_agent_sessions as bench
from tests.server.conftest import serve_process

OUTPUT_TOKENS = 6
TOOL_TOKENS = 40
PAGE = 64  # the engine's default page


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
    """Each session's turns in order, its probe last."""
    out: dict[int, list[dict[str, Any]]] = {}
    for r in [*data["requests"], *data["probe_requests"]]:
        out.setdefault(r["session"], []).append(r)
    return out


def _generation_prompt_tokens(url: str) -> int:
    """Tokens the chat template's generation prompt adds, by the server's /tokenize."""

    def count(add: bool) -> int:
        body = {"messages": [{"role": "user", "content": "hello"}], "add_generation_prompt": add}
        request = urllib.request.Request(
            url.removesuffix("/v1") + "/tokenize", json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as reply:
            return int(json.loads(reply.read())["count"])

    return count(True) - count(False)


def test_turns_sessions_probes_and_report(tiny_server: str, tmp_path: Path) -> None:
    path = tmp_path / "agent.json"
    data = _run(tiny_server, "--sessions", "2", "--concurrency", "2", "--turns", "3", "--json", str(path))
    assert json.loads(path.read_text()) == json.loads(json.dumps(data))
    assert data["errors"] == [] and data["total"]["requests"] == 6 and data["probes"]["requests"] == 2
    assert [t["requests"] for t in data["turns"]] == [2, 2, 2]
    sessions = _sessions(data)
    assert sorted(sessions) == [0, 1]
    system = data["settings"]["system_tokens"]
    generation = _generation_prompt_tokens(tiny_server)
    for turns in sessions.values():
        assert [t["turn"] for t in turns] == [0, 1, 2, 3]  # three session turns, then the probe
        assert all(t["completion_tokens"] == OUTPUT_TOKENS for t in turns)
        prompts = [t["prompt_tokens"] for t in turns]
        assert prompts[0] > system + TOOL_TOKENS
        # each turn appends the reply, resent as text of its token count, and about TOOL_TOKENS of tool
        # output (in the template's wrapping: an assistant turn with a tool call and a tool result)
        growth = [b - a for a, b in zip(prompts, prompts[1:], strict=False)]
        assert all(TOOL_TOKENS + OUTPUT_TOKENS <= g <= TOOL_TOKENS + OUTPUT_TOKENS + 100 for g in growth), growth
        # a resent conversation hits at least up to the page at or below its last assistant message's
        # start, where the last turn's generation prompt began
        for last, now in zip(turns, turns[1:], strict=False):
            start = last["prompt_tokens"] - generation
            assert start // PAGE * PAGE <= now["cached_tokens"] <= last["prompt_tokens"], (last, now)
        assert all(t["ttft"] > 0 and len(t["itl"]) <= OUTPUT_TOKENS - 1 for t in turns)
    total = data["total"]
    assert total["prompt_tokens"] == sum(r["prompt_tokens"] for r in data["requests"])
    assert total["new_tokens"] == total["prompt_tokens"] - total["cached_tokens"]
    assert total["completion_tokens"] == 6 * OUTPUT_TOKENS and total["seconds"] > 0
    assert total["ttft_ms"]["p50"] <= total["ttft_ms"]["p95"] and total["itl_ms"]["p50"] <= total["itl_ms"]["p95"]
    assert total["hit_rate"] == pytest.approx(total["cached_tokens"] / total["prompt_tokens"])
    waited = sum(r["ttft"] for r in data["requests"]) / 2
    assert total["first_token_seconds"] == pytest.approx(waited)
    assert total["first_token_seconds"] + total["reply_seconds"] <= total["seconds"]  # turns of a session in a row
    printed = bench.table(data)
    assert "probe" in printed and "all" in printed and f"tokens prefilled {total['new_tokens']};" in printed


def test_the_model_s_own_reply_can_be_resent(tiny_server: str) -> None:
    data = _run(tiny_server, "--sessions", "1", "--turns", "2", "--resend", "reply", "--tool-role", "user")
    assert data["errors"] == [] and data["total"]["requests"] == 2 and data["probes"]["requests"] == 1


def test_sessions_leave_room_for_the_probe_and_stop_there(tiny_server: str) -> None:
    target = 900  # room for a few turns of about 60 tokens, estimated at up to 246 each
    data = _run(tiny_server, "--sessions", "2", "--turns", "50", "--target-context", str(target), "--tool-role", "user")
    assert data["errors"] == []
    nominal = OUTPUT_TOKENS + TOOL_TOKENS + bench.WRAPPING  # above every growth measured here
    for turns in _sessions(data).values():
        *regular, probe = turns
        assert 1 < len(regular) < 50 and all(t["prompt_tokens"] + OUTPUT_TOKENS <= target for t in turns)
        # a session turn is sent while the probe after it fits; the last one is where it would not
        assert all(t["prompt_tokens"] + 2 * nominal + OUTPUT_TOKENS <= target for t in regular[:-1])
        assert regular[-1]["prompt_tokens"] + 2 * nominal + OUTPUT_TOKENS > target
        assert probe["turn"] == len(regular) and probe["prompt_tokens"] > regular[-1]["prompt_tokens"]


def test_the_mid_probe_is_a_warm_turn_alone_at_the_context_asked(tiny_server: str) -> None:
    """`--probe-context`: the session turn before the first to reach it is sent again, then a next turn
    alone, hitting the cache up to where the resent turn's generation prompt began."""
    data = _run(tiny_server, "--sessions", "2", "--turns", "4", "--probe-context", "250", "--tool-role", "user")
    assert data["errors"] == [] and data["mid_probes"]["requests"] == 2
    generation = _generation_prompt_tokens(tiny_server)
    for mid in data["mid_probe_requests"]:
        turns = [t for t in data["requests"] if t["session"] == mid["session"]]
        before = turns[mid["turn"] - 1]  # the turn sent again before the probe: the last below 250
        assert before["prompt_tokens"] < 250 <= turns[mid["turn"]]["prompt_tokens"]
        assert mid["prompt_tokens"] >= before["prompt_tokens"] + TOOL_TOKENS + OUTPUT_TOKENS
        start = before["prompt_tokens"] - generation
        assert start // PAGE * PAGE <= mid["cached_tokens"] <= before["prompt_tokens"]
    assert "mid probe" in bench.table(data)
    assert _run(tiny_server, "--sessions", "1", "--turns", "2")["mid_probes"]["requests"] == 0


def test_a_target_without_room_for_the_probe_is_an_error_naming_it(tiny_server: str) -> None:
    data = _run(tiny_server, "--sessions", "1", "--target-context", "250")
    assert data["total"]["requests"] == 1 and data["probes"]["requests"] == 0
    assert len(data["errors"]) == 1 and "no room for the warm probe after turn 0" in data["errors"][0]
    assert "--target-context (250)" in data["errors"][0]


def test_hit_rate_is_cached_over_prompt_tokens() -> None:
    def turn(session: int, prompt: int, cached: int | None) -> bench.Turn:
        return bench.Turn(session, 0, prompt, cached, 4, 0.5, [0.01, 0.03], 1.0)

    row = bench.summary([turn(0, 1000, 0), turn(1, 3000, 2000)])
    assert (row["cached_tokens"], row["new_tokens"], row["hit_rate"]) == (2000, 2000, 0.5)
    assert row["ttft_ms"]["p50"] == 500 and row["itl_ms"] == {"p50": 10, "p95": 30}
    unreported = bench.summary([turn(0, 1000, 0), turn(1, 3000, None)])  # not reported for every request
    assert unreported["hit_rate"] is None and unreported["new_tokens"] is None
    split = bench.time_split([turn(0, 1000, 0), turn(0, 1000, 0), turn(1, 1000, 0)])
    assert split == {"first_token_seconds": 0.75, "reply_seconds": 0.75}  # 1.5 s of each over 2 sessions
