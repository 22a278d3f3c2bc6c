"""Ablation on tiny (float32 CPU): layer is bitwise eager, block and kernel within 1e-5; the CLI runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qcompile.commands.ablate import Row, ScopeResult, format_table
from qcompile.commands.cli import main


@pytest.mark.slow
def test_scopes_are_exact(tiny_ablation: list[ScopeResult]) -> None:
    rows = {r.row.scope: r.row for r in tiny_ablation}
    assert rows["layer"].bitwise and rows["layer"].max_logprob_diff == 0.0
    for scope in ("block", "kernel"):
        assert rows[scope].max_logprob_diff < 1e-5, rows[scope]
        assert rows[scope].top1_agreement == 1.0, rows[scope]
    for row in rows.values():
        assert row.traces == 1 and row.compile_s > 0 and row.opaque_calls > 0 and row.kernels > 0, row
        assert row.eager_step_ms > 0 and row.compiled_step_ms > 0, row


@pytest.mark.slow
def test_table_has_one_row_per_scope(tiny_ablation: list[ScopeResult]) -> None:
    lines = format_table([r.row for r in tiny_ablation]).splitlines()
    assert lines[0].split()[:2] == ["scope", "exactness"]
    assert [line.split()[0] for line in lines[1:]] == ["layer", "block", "kernel"]
    assert "bitwise" in lines[1]


def test_table_flags_retraces() -> None:
    row = Row("kernel", False, 2e-6, 1.0, 1.0, 9, 40, 2, 4.0, 2.0)
    assert "max|dlogp| 2.0e-06, top1 100.0% (2 traces)" in format_table([row])
    assert format_table([row]).endswith("2.00x")


@pytest.mark.slow
def test_cli_ablate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ablate.json"
    main(["ablate", "--scopes", "layer", "--steps", "2", "--json", str(out)])
    assert capsys.readouterr().out.splitlines()[1].split()[:2] == ["layer", "bitwise"]
    data = json.loads(out.read_text())
    assert data["steps"] == 2 and [r["scope"] for r in data["rows"]] == ["layer"]
    assert data["rows"][0]["bitwise"] is True
