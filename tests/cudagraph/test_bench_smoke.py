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


def test_bench_quant_experts_read_fewer_bytes(tmp_path: Path) -> None:
    """`--quant-experts`: block FP8 / MXFP8 experts take about one byte per weight, NVFP4 about half
    of one, so a decode step reads less, in that order; the run itself works in each format."""
    flags = ["bench", "--smoke", "--scopes", "eager", "--batches", "1", "--anchor-steps", "0", "--prefill", "1x4"]
    step = {}
    for fmt in (None, "fp8_block", "mxfp8", "nvfp4"):
        out = tmp_path / f"{fmt}.json"
        main([*flags, *(["--quant-experts", fmt] if fmt else []), "--json", str(out)])
        result = json.loads(out.read_text())
        assert result["quant_experts"] == fmt and result["rows"][0]["tok_s"]["1"] > 0
        step[fmt] = result["step_gb"]["1"]
    assert step[None] > step["fp8_block"] > step["nvfp4"] and step[None] > step["mxfp8"] > step["nvfp4"]


def test_bench_quant_experts_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--smoke", "--quant-experts", "int4"])
    assert "argument --quant-experts: invalid choice: 'int4'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["bench", "--smoke", "--quant-experts", "nvfp4", "--tensor-parallel-size", "2"])
    assert "--quant-experts: the tensor-parallel bench" in capsys.readouterr().err


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


def test_bench_inductor_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--inductor-config`: the compiled scopes run under the patches, and the result and its table say so."""
    out = tmp_path / "patched.json"
    main(
        ["bench", "--smoke", "--scopes", "layer", "--batches", "1", "--anchor-steps", "0", "--prefill", "1x4"]
        + ["--inductor-config", "max_fusion_size=8", "--json", str(out)]
    )
    result = json.loads(out.read_text())
    assert result["inductor_config"] == [["max_fusion_size", 8]] and result["rows"][-1]["tok_s"]["1"] > 0
    assert "inductor max_fusion_size=8" in capsys.readouterr().out


def test_an_anchor_lost_in_timing_noise_is_an_error_naming_the_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    """Decode steps that take no longer than the prefill alone give no rate (not a negative one)."""
    import torch

    from qcompile.commands import bench

    monkeypatch.setattr(bench, "_timed", lambda device, fn: (1.0, None))
    with pytest.raises(RuntimeError, match="--anchor-steps"):
        bench.anchor(torch.nn.Module(), 8, 4, 100, torch.device("cpu"))
