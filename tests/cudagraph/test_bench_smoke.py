"""`qcompile bench --smoke` on CPU: the tiny preset, mode "none", a few steps, so the command cannot rot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qcompile.commands.cli import main


def test_bench_cpu_smoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    main(["bench", "--smoke", "--json", str(out)])
    result = json.loads(out.read_text())
    rows = {(r["scope"], r["mode"]): r for r in result["rows"]}
    assert set(rows) == {("eager", "none"), ("layer", "none")}
    assert all(v > 0 for r in rows.values() for v in r["tok_s"].values())
    assert rows[("layer", "none")]["compile_s"] > 0 and result["anchor_tok_s"] > 0
    assert result["preset"] == "tiny" and result["batches"] == [1, 2]
    assert result["step_gb"]["1"] < result["step_gb"]["2"]
    printed = capsys.readouterr().out
    assert "| scope | cudagraph |" in printed and "| layer | none |" in printed


def test_bench_fp8_experts_read_fewer_bytes(tmp_path: Path) -> None:
    """`--fp8-experts`: the experts are block FP8 (one byte per weight), so a decode step reads less."""
    dense, fp8 = tmp_path / "dense.json", tmp_path / "fp8.json"
    flags = ["bench", "--smoke", "--scopes", "eager", "--batches", "1", "--anchor-steps", "0", "--prefill", "1x4"]
    main([*flags, "--json", str(dense)])
    main([*flags, "--fp8-experts", "--json", str(fp8)])
    a, b = json.loads(dense.read_text()), json.loads(fp8.read_text())
    assert b["fp8_experts"] and not a["fp8_experts"]
    assert b["step_gb"]["1"] < a["step_gb"]["1"] and b["rows"][0]["tok_s"]["1"] > 0


def test_bench_no_merge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--no-merge`: the A/B of merged projections runs, and the result and its table say which it was."""
    out = tmp_path / "separate.json"
    main(
        ["bench", "--smoke", "--scopes", "eager", "--batches", "1", "--anchor-steps", "0", "--prefill", "1x4"]
        + ["--no-merge", "--json", str(out)]
    )
    result = json.loads(out.read_text())
    assert result["merge"] is False and result["rows"][0]["tok_s"]["1"] > 0
    assert "projections not merged (--no-merge)" in capsys.readouterr().out
