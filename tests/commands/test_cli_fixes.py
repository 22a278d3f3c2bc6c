"""The command line takes the models `LLM` takes, says the defaults it uses, shows progress wherever an
engine starts, and the bench writes only what it is asked to and promises only the columns it prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from qcompile import LLM
from qcompile.commands.cli import main
from qcompile.engine.engine_config import EngineConfig
from qcompile.engine.model_source import resolve_model

Launched = tuple[list[EngineConfig], list[EngineConfig]]


def test_generate_help_names_the_default_it_uses(launched: Launched, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    assert "default: the embedded default model" in " ".join(capsys.readouterr().out.split())
    main(["generate", "--prompt", "hi"])
    generated, _ = launched
    assert generated[0].model is None and resolve_model(None).name == "qcompile-default"


def test_a_preset_name_is_a_model_on_the_command_line(launched: Launched, tiny_ckpt: Path) -> None:
    main(["generate", "--model", "tiny", "--prompt", "hi"])
    main(["serve", "--model", "tiny"])
    assert [c.model for c in launched[0] + launched[1]] == ["tiny", "tiny"]
    assert resolve_model("tiny").path == tiny_ckpt


def test_llm_shows_its_start_up_stages(tiny_ckpt: Path, capfd: pytest.CaptureFixture[str]) -> None:
    LLM(str(tiny_ckpt), max_num_seqs=2, max_model_len=32)
    err = capfd.readouterr().err
    assert "load checkpoint" in err and "warmup" in err


def test_bench_smoke_writes_json_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On CPU no base (eager + full_decode_only) runs, so no column promises a ratio to it."""
    monkeypatch.chdir(tmp_path)
    small = ["--scopes", "eager", "--batches", "1", "--anchor-steps", "0", "--prefill", "1x4", "--context", "8"]
    main(["bench", "--smoke", *small])
    out = capsys.readouterr().out
    assert list(tmp_path.iterdir()) == [] and "wrote" not in out
    assert "batch 1 tok/s (% roofline)" in out and "base" not in out
    main(["bench", "--smoke", *small, "--json", str(tmp_path / "result.json")])
    assert [p.name for p in tmp_path.iterdir()] == ["result.json"]
