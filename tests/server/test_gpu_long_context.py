"""`scripts/gpu/gpu_long_context.sh`: its smoke mode end to end on CPU (every stage prints its table), and
the driver's reading of what the stages leave: the serve start-up pool line, the bench's JSONs and logs,
the interval rule and the agent runs' table."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from qcompile.engine.kv_memory import PoolPlan
from scripts.gpu import gpu_long_context as driver
from scripts.tools import bench_agent_sessions as bench
from tests.server.conftest import ROOT, free_port


@pytest.mark.parametrize(
    ("plan", "checkpoints"),
    [
        (PoolPlan(2047, 64, 32768, "", num_checkpoints=128, checkpoint_bytes=2**20), "128 (128.0 MiB)"),
        (
            PoolPlan(1000, 64, 64000, " (max_model_len defaults to what the pool holds: the checkpoint allows 262144)"),
            "off",
        ),
    ],
)
def test_the_pool_line_is_read_as_start_up_prints_it(plan: PoolPlan, checkpoints: str) -> None:
    line = plan.summary(page_bytes=3 * 2**20)
    fields = driver.parse_pool_line(f"    {line}\nserving 'bench'")
    assert fields is not None
    assert fields["tokens"] == str(plan.num_tokens) and fields["pages"] == str(plan.num_pages)
    assert fields["page_size"] == "64" and fields["max_model_len"] == str(plan.max_model_len)
    assert fields["fits"] == pytest.approx(plan.num_tokens / plan.max_model_len, abs=0.005)
    assert fields["pool"] == f"{plan.num_pages * 3 / 1024:.2f} GiB" and fields["checkpoints"] == checkpoints
    assert driver.parse_pool_line("load checkpoint   1.2 s") is None


def test_a_missing_pool_line_is_named(tmp_path: Path) -> None:
    (tmp_path / "fit_32768.log").write_text(PoolPlan(10, 64, 320, "").summary(2**20))
    (tmp_path / "fit_131072.log").write_text("CUDA out of memory")
    table = driver.fit_table([tmp_path / "fit_32768.log", tmp_path / "fit_131072.log", tmp_path / "fit_1.log"])
    assert "| 320 | 640 | 10 | 64 | 10.0 MiB | - | 2.00 | off |" in table
    assert table.endswith("no pool line in: fit_131072.log, fit_1.log")


def _bench_json(path: Path, batch: int, tok_s: float) -> None:
    rows = [{"scope": "kernel", "mode": "full_decode_only", "tok_s": {str(batch): tok_s}}]
    path.write_text(json.dumps({"device": "NVIDIA H200", "rows": rows}))


def test_decode_table_says_what_did_not_fit_or_run(tmp_path: Path) -> None:
    _bench_json(tmp_path / "decode_c8192_b1.json", 1, 100.0)
    _bench_json(tmp_path / "decode_c262080_b1.json", 1, 96.0)
    _bench_json(tmp_path / "decode_c8192_b8.json", 8, 500.0)
    (tmp_path / "decode_c262080_b8.log").write_text("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate")
    (tmp_path / "decode_c32768_b1.log").write_text("timed out after 412 s")
    (tmp_path / "decode_c32768_b8.log").write_text("Traceback: ValueError")
    table = driver.decode_table(tmp_path, [8192, 32768, 262080], [1, 8])
    assert table.startswith("decode tok/s on NVIDIA H200")
    assert "| 8192 | 100.0 | 500.0 |" in table
    assert "| 32768 | timed out | failed (decode_c32768_b8.log) |" in table
    assert "| 262080 | 96.0 | did not fit (OOM) |" in table
    assert table.endswith("batch 1 after 262080 tokens: 96.0% of after 8192 (meets the 95% of issue 47)")
    _bench_json(tmp_path / "decode_c262080_b1.json", 1, 94.0)
    assert "94.0% of after 8192 (misses" in driver.decode_table(tmp_path, [8192, 262080], [1, 8])
    assert "| 65536 | not run | not run |" in driver.decode_table(tmp_path, [65536], [1, 8])


def _prefill_run(interval: int | None, rates: dict[int, float]) -> dict[str, Any]:
    return {
        "label": "off" if interval is None else f"interval{interval}",
        "device": "cpu",
        "enable_prefix_caching": interval is not None,
        "prefix_checkpoint_interval": interval or 4096,
        "max_num_batched_tokens": 2048,
        "results": {str(n): {"tok_s": v, "seconds": [n / v]} for n, v in rates.items()},
    }


def test_the_interval_rule_takes_the_smallest_within_one_percent_of_off(tmp_path: Path) -> None:
    off = _prefill_run(None, {32768: 1000.0, 131072: 900.0})
    runs = [
        off,
        _prefill_run(2048, {32768: 980.0, 131072: 895.0}),  # 2% under off at 32k
        _prefill_run(4096, {32768: 991.0, 131072: 891.0}),  # within 1% at both
        _prefill_run(8192, {32768: 1000.0, 131072: 900.0}),
    ]
    assert driver.interval_choice(runs) == 4096
    assert driver.interval_choice(runs[1:]) is None  # nothing to compare with
    assert driver.interval_choice([off, runs[1]]) is None
    paths = []
    for r in runs:
        paths.append(tmp_path / f"prefill_{r['label']}.json")
        paths[-1].write_text(json.dumps(r))
    table = driver.prefill_table([*paths, tmp_path / "prefill_interval16384.json"])
    assert "| interval2048 | on | 2048 | 2048 | 980 (98.0% of off) | 895 (99.4% of off) |" in table
    assert "| off | off | - | 2048 | 1000 | 900 |" in table
    assert "not finished: prefill_interval16384.json" in table
    assert table.endswith("interval rule (smallest within 1% of caching off at every length): 4096")


def _agent_json(path: Path, cached: bool, ttft: float, seconds: float, probe_ttft: float) -> None:
    """A run of the bench (2 sessions of 2 turns of 1000 then 1500 prompt tokens, and a probe at 2000), as
    `bench_agent_sessions.report` writes it: with `cached`, each resent turn hits all but 500 tokens."""
    result = bench.Result({}, seconds=2 * seconds)
    for s in range(2):
        for t, prompt in enumerate((1000, 1500)):
            hit = prompt - 500 if cached and t else 0
            result.turns.append(bench.Turn(s, t, prompt, hit, 10, ttft, [0.007], seconds))
        result.probes.append(bench.Turn(s, 2, 2000, 1500 if cached else 0, 10, probe_ttft, [0.007], 1.0))
        result.mid_probes.append(bench.Turn(s, 1, 1500, 1000 if cached else 0, 10, probe_ttft / 2, [0.007], 1.0))
    path.write_text(json.dumps(bench.report(result)))


def test_the_agent_table_puts_the_ratio_beside_its_ceiling_and_the_probes_beside_the_target(tmp_path: Path) -> None:
    on, off = tmp_path / "agent_on.json", tmp_path / "agent_off.json"
    _agent_json(on, cached=True, ttft=0.1, seconds=1.0, probe_ttft=0.08)
    _agent_json(off, cached=False, ttft=0.5, seconds=1.4, probe_ttft=0.3)
    table = driver.agent_table(on, off)
    # on: 2 sessions prefill 1000 + 500 of 2500 tokens; each waited 0.2 s for first tokens and replied for 1.8 s
    assert (
        "| on | 4 | 40.0 | 3000 | 2.0 | 0.2 | 1.8 | 100.0 | 100.0 | 7.00 | 7.00 | 2000 | 500 | 80.0 | 80.0 "
        "| 1500 | 500 | 40.0 | 40.0 | 0 |" in table
    )
    assert (
        "| off | 4 | 0.0 | 5000 | 2.8 | 1.0 | 1.8 | 500.0 | 500.0 | 7.00 | 7.00 | 2000 | 2000 | 300.0 | 300.0 "
        "| 1500 | 1500 | 150.0 | 150.0 | 0 |" in table
    )
    assert "total time off / on: 1.40x (misses the 3x of issue 47)" in table
    assert "tokens prefilled off / on: 1.67x" in table
    assert "streamed replies for 1.8 s, which no cache saves: total time off / that = 1.56x at most" in table
    probes = "(2; 2000 prompt tokens, 500 new): TTFT p50 80.0 ms, max 80.0 (meets the 100 ms issue 47 asks"
    assert "at the top context" in table.splitlines()[-2] and probes in table.splitlines()[-2]
    mid = "at --probe-context with the cache, each alone (2; 1500 prompt tokens, 500 new): TTFT p50 40.0 ms"
    assert mid in table.splitlines()[-1]
    _agent_json(on, cached=True, ttft=0.1, seconds=1.0, probe_ttft=0.12)
    assert "TTFT p50 120.0 ms, max 120.0 (misses" in driver.agent_table(on, off)
    alone = driver.agent_table(on, tmp_path / "missing.json")
    assert "| on | 4 |" in alone and "off / on" not in alone
    assert driver.agent_table(tmp_path / "a.json", tmp_path / "b.json") == "no agent run finished"


@pytest.mark.slow
def test_smoke_mode_runs_every_stage(tmp_path: Path) -> None:
    """The whole script at tiny sizes on CPU; each stage's table comes out, and nothing failed."""
    env = {**os.environ, "SMOKE": "1", "OUT": str(tmp_path), "PORT": str(free_port()), "PYTHON": sys.executable}
    done = subprocess.run(
        ["bash", "scripts/gpu/gpu_long_context.sh", "all"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    printed = done.stdout
    assert done.returncode == 0, printed + done.stderr
    for stage in ("decode", "prefill", "agent", "fit", "interval"):
        assert f"stage {stage} done" in printed
    assert "| context | batch 1 |" in printed and "batch 1 after 256 tokens:" in printed
    assert "| default | on | 4096 | 32 |" in printed
    assert "| on | 6 |" in printed and "| off | 6 | 0.0 |" in printed and "total time off / on:" in printed
    assert "ceiling: with the cache" in printed and "the top context with the cache, each alone (2;" in printed
    assert "at --probe-context with the cache, each alone (2;" in printed
    assert "| 1024 | " in printed
    assert "| interval64 | on | 64 | 32 |" in printed and "interval rule (smallest within 1%" in printed
    for table in ("decode", "prefill", "agent", "fit", "interval"):
        assert (tmp_path / f"{table}.md").read_text().strip() in printed
