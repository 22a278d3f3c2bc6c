"""A checkpoint of another architecture is refused in one line naming its `model_type` and the accepted
ones, by the loader and by the commands before anything loads; a Qwen4-Exp one (flat or nested) loads."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from model.checkpoint.errors import CheckpointError
from model.checkpoint.loader import load_model
from model.checkpoint.metadata import MODEL_TYPES, read_config
from qcompile.commands.cli import main


def _with_model_type(src: Path, out: Path, where: str, model_type: str) -> Path:
    """A copy of checkpoint `src` whose config.json says `model_type` at the top level or in text_config."""
    shutil.copytree(src, out)
    config = json.loads((out / "config.json").read_text())
    (config if where == "" else config[where])["model_type"] = model_type
    (out / "config.json").write_text(json.dumps(config))
    return out


@pytest.mark.parametrize("where", ["", "text_config"])
def test_a_llama_checkpoint_is_refused_naming_its_model_type(tiny_ckpt: Path, tmp_path: Path, where: str) -> None:
    path = _with_model_type(tiny_ckpt, tmp_path / "llama", where, "llama")
    field = f"{where}.model_type" if where else "model_type"
    says = f"field '{field}' = 'llama' is not a Qwen4-Exp checkpoint (accepted: {', '.join(MODEL_TYPES)})"
    for read in (read_config, load_model):
        with pytest.raises(CheckpointError) as e:
            read(path)
        assert says in str(e.value) and "\n" not in str(e.value)


def test_the_commands_refuse_it_in_one_line(
    tiny_ckpt: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _with_model_type(tiny_ckpt, tmp_path / "llama", "", "llama")
    for command in ("generate", "serve"):
        with pytest.raises(SystemExit):
            main([command, "--model", str(path)])
        [line] = capsys.readouterr().err.strip().splitlines()
        assert line.startswith(f"qcompile {command}: error: {path}/config.json: field 'model_type' = 'llama'")


def test_qwen4_exp_model_types_are_read(tiny_ckpt: Path) -> None:
    config = json.loads((tiny_ckpt / "config.json").read_text())
    assert config["model_type"] in MODEL_TYPES and config["text_config"]["model_type"] in MODEL_TYPES
    assert read_config(tiny_ckpt).vocab_size == config["text_config"]["vocab_size"]
