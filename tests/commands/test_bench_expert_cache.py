"""`qcompile bench --moe-expert-cache` on CPU: the tiny preset built with its experts in host banks, each
decode batch and prefill shape reported with the caches' counters a step (hit rate, misses, bytes copied,
experts looked up, the link-bound ceiling), again at each forced hit rate (timing only); the flags that
go with it refused where they mean nothing, the forced rates a bench flag only."""

from __future__ import annotations

import json

import pytest

from qcompile.commands.bench_experts import forced_share
from qcompile.commands.cli import main

SLOTS = 4  # of tiny's 8 experts, top-2


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> dict:
    out = tmp_path_factory.mktemp("bench") / "bench.json"
    main(
        ["bench", "--smoke", "--scopes", "eager", "--moe-expert-cache", str(SLOTS), "--prefill", "1x16"]
        + ["--steps", "4", "--timing-only-forced-hit-rates", "0.9,1", "--json", str(out)]
    )
    return json.loads(out.read_text())


def test_each_step_reports_the_caches_counters(result: dict) -> None:
    cache = result["expert_cache"]
    assert (cache["slots"], cache["static"], cache["option"]) == (SLOTS, 0, SLOTS)
    assert cache["link_gb_s"] > 0 and cache["ple_from"] is None
    assert "4 of 8 slots per layer on the device" in cache["summary"]
    (row,) = result["rows"]
    own = row["expert_cache"]
    assert set(own) == {"batch 1", "batch 2", "prefill 1x16"}
    for step, s in own.items():
        assert 0 <= s["hit_rate"] < 1 and s["misses_per_step"] > 0, step
        mb = s["misses_per_step"] * cache["expert_mb"]  # every miss copies one whole expert
        assert s["copied_mb_per_step"] == pytest.approx(mb), step
        assert s["link_bound_tok_s"] == pytest.approx(s["tok_s"] * cache["link_gb_s"] / s["copy_gb_s"]), step
    assert own["batch 1"]["experts_per_layer"] == 2  # one token looks up its top-2, in one round
    assert own["prefill 1x16"]["experts_per_layer"] == 8  # 16 tokens need all 8, over 2 rounds of 4 slots
    assert row["tok_s"]["1"] == pytest.approx(own["batch 1"]["tok_s"])


def test_forced_hit_rates_are_timed_beside(result: dict, capsys: pytest.CaptureFixture[str]) -> None:
    (row,) = result["rows"]
    assert set(row["forced"]) == {"0.9", "1"}
    for step, s in row["forced"]["1"].items():
        assert s["hit_rate"] == 1 and s["misses_per_step"] == 0 and s["link_bound_tok_s"] is None, step
    assert all(s["hit_rate"] > row["expert_cache"][step]["hit_rate"] for step, s in row["forced"]["0.9"].items())


def test_the_report_has_a_row_per_step(capsys: pytest.CaptureFixture[str]) -> None:
    main(["bench", "--smoke", "--scopes", "eager", "--moe-expert-cache", "3", "--prefill", "1x8"])
    said = capsys.readouterr().out.splitlines()
    assert any(line.startswith("Experts in host banks (--moe-expert-cache 3): experts: 3 of 8 slots") for line in said)
    rows = [line for line in said if line.startswith("| eager | none | own |")]
    assert [line.split(" | ")[3] for line in rows] == ["prefill 1x8", "batch 1", "batch 2"]


@pytest.mark.parametrize(("target", "own", "share"), [(0.95, 0.25, 0.9333), (0.5, 0.6, 0.0), (1.0, 0.0, 1.0)])
def test_the_forced_share_lands_the_hit_rate_on_the_target(target: float, own: float, share: float) -> None:
    assert forced_share(target, own) == pytest.approx(share, abs=1e-4)
    if share:
        assert own + (1 - own) * forced_share(target, own) == pytest.approx(target)


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--timing-only-forced-hit-rates", "0.9"], "--timing-only-forced-hit-rates: no experts in host banks"),
        (["--kv-cache-memory", "1GiB"], "--kv-cache-memory: the bench sizes its state from --context"),
        (["--moe-expert-cache", "auto"], "--moe-expert-cache auto and --device cpu: auto sizes the slots from a CUDA"),
        (["--moe-expert-cache", "9"], r"--moe-expert-cache 9: slots per layer must lie in [2, 8]"),
        (["--moe-expert-cache", "4", "--anchor-steps", "2"], "--moe-expert-cache: only without the anchor"),
        (
            ["--moe-expert-cache", "4", "--kv-cache-memory", "100KiB"],
            "--kv-cache-memory 0.1 MiB: the bench's state for 2 requests (--batches, --context, --prefill) takes",
        ),
    ],
)
def test_flags_that_mean_nothing_are_refused(flags: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["bench", "--smoke", "--scopes", "eager", *flags])
    assert exited.value.code == 1
    assert says in capsys.readouterr().err


@pytest.mark.parametrize("command", ["serve", "generate"])
def test_the_forced_hit_rate_is_no_serving_flag(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([command, "--model", "tiny", "--timing-only-forced-hit-rates", "1"])
    assert exited.value.code == 2
    assert "unrecognized arguments: --timing-only-forced-hit-rates" in capsys.readouterr().err
