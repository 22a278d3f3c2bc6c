"""`qcompile bench --tensor-parallel-size 2 --smoke`: TP1 and TP2 measured in one run, through the engine,
with the collectives' time per decode step (none at TP1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qcompile.commands.cli import main


@pytest.mark.slow
def test_bench_measures_tp1_against_tp2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench_tp.json"
    main(
        ["bench", "--smoke", "--tensor-parallel-size", "2", "--scopes", "eager", "--batches", "1,2", "--steps", "4"]
        + ["--json", str(out)]
    )
    rows = {r["tp"]: r for r in json.loads(out.read_text())["rows"]}
    assert sorted(rows) == [1, 2]
    for row in rows.values():
        assert row["prefill_tok_s"] > 0 and all(v > 0 for v in row["decode_tok_s"].values())
    assert rows[1]["collective_ms_per_step"] == 0 < rows[2]["collective_ms_per_step"]
    assert rows[2]["step_ms"] > 0
    assert "| 2 | eager | none |" in capsys.readouterr().out


def test_bench_refuses_a_tp_size_the_preset_does_not_divide(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--smoke", "--tensor-parallel-size", "3"])
    assert (
        "--tensor-parallel-size 3: does not divide the checkpoint's num_attention_heads = 4" in capsys.readouterr().err
    )
