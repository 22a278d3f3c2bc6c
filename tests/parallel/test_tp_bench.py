"""`qcompile bench --tensor-parallel-size 2 --smoke`: TP1 and TP2 measured in one run, through the engine,
with the collectives' time per decode step (none at TP1), here over FP8 K/V pages."""

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
        + ["--kv-cache-dtype", "fp8", "--json", str(out)]
    )
    result = json.loads(out.read_text())
    assert result["kv_cache_dtype"] == "fp8"
    rows = {r["tp"]: r for r in result["rows"]}
    assert sorted(rows) == [1, 2]
    for row in rows.values():
        assert row["prefill_tok_s"] > 0 and all(v > 0 for v in row["decode_tok_s"].values())
    assert rows[1]["collective_ms_per_step"] == 0 < rows[2]["collective_ms_per_step"]
    assert rows[2]["step_ms"] > 0
    printed = capsys.readouterr()
    assert "| 2 | eager | none |" in printed.out and "float32, fp8 K/V (E4M3 codes, float32 scales)" in printed.out
    assert "K/V float8_e4m3fn" in printed.err  # the engines' pools (their start-up lines) are FP8


def test_bench_refuses_a_tp_size_the_preset_does_not_divide(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--smoke", "--tensor-parallel-size", "3"])
    assert (
        "--tensor-parallel-size 3: does not divide the checkpoint's num_attention_heads = 4" in capsys.readouterr().err
    )
