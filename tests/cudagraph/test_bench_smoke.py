"""`qcompile bench` on CPU: the tiny preset, mode "none", a few steps, so the script cannot rot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qcompile.commands.cli import main


def test_bench_cpu_smoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    main(["bench", "--preset", "tiny", "--device", "cpu", "--dtype", "float32", "--context", "24",
          "--contexts", "2", "--batches", "1,2", "--steps", "2", "--warm-steps", "1", "--scopes", "eager,layer",
          "--anchor-prefill", "8", "--anchor-steps", "4", "--json", str(out)])
    result = json.loads(out.read_text())
    rows = {(r["scope"], r["mode"]): r for r in result["rows"]}
    assert set(rows) == {("eager", "none"), ("layer", "none")}
    assert all(v > 0 for r in rows.values() for v in r["tok_s"].values())
    assert rows[("layer", "none")]["compile_s"] > 0 and result["anchor_tok_s"] > 0
    assert result["step_gb"]["1"] < result["step_gb"]["2"]
    printed = capsys.readouterr().out
    assert "| scope | cudagraph |" in printed and "| layer | none |" in printed
