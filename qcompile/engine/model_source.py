"""The one place a model argument becomes a checkpoint folder, a served name and a checked config.

`LLM`, `EngineCore`, `qcompile serve` and `qcompile generate` take the same three kinds of model
argument: None (the embedded trained default), the name of a preset of `model.presets` (its random
checkpoint, built into the cache on first use by `qcompile.synthetic`), or a checkpoint folder. An
existing folder wins over a preset of the same name. With `load_format` dummy the weights are made in
memory from the config, so a preset resolves to a folder of its config and tokenizer only
(`weightless_checkpoint`: the only way to serve `full`) and a folder needs no weight files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from model.checkpoint.errors import CheckpointError
from model.checkpoint.metadata import read_config
from model.config import Qwen4ExpConfig
from model.presets import PRESETS
from qcompile.default_model import NAME as DEFAULT_NAME
from qcompile.default_model import PATH as DEFAULT_PATH


@dataclass(frozen=True)
class ResolvedModel:
    """A checkpoint folder, the name it is served under, and its config (read and checked once)."""

    path: Path
    name: str
    config: Qwen4ExpConfig


def _check_folder(path: Path, label: str, weights: bool = True) -> None:
    """A checkpoint folder has config.json and (where `weights` are read) safetensors files; said before
    anything is read."""
    if not path.exists():
        raise CheckpointError(f"{label} {path}: no such folder (nor a preset: {', '.join(sorted(PRESETS))})")
    if not path.is_dir():
        raise CheckpointError(
            f"{label} {path}: not a folder (a checkpoint is a folder with config.json and *.safetensors)"
        )
    if not (path / "config.json").is_file():
        raise CheckpointError(f"{label} {path}: not a checkpoint (no config.json)")
    if weights and not any(path.glob("*.safetensors")):
        raise CheckpointError(f"{label} {path}: not a checkpoint (no *.safetensors files)")


def resolve_model(model: str | Path | None, label: str = "model", load_format: str = "auto") -> ResolvedModel:
    """The checkpoint of `model` (see the module docstring) for `load_format` (`EngineConfig`'s); errors are
    `CheckpointError`s that start with `label` (the command line passes its flag) and the value."""
    if model is None:
        return ResolvedModel(DEFAULT_PATH, DEFAULT_NAME, read_config(DEFAULT_PATH))
    path = Path(model)
    dummy = load_format == "dummy"
    if str(model) in PRESETS and not path.exists():
        from qcompile.synthetic import RANDOM_BUILD_ONLY, default_checkpoint, weightless_checkpoint

        if str(model) in RANDOM_BUILD_ONLY and not dummy:
            raise CheckpointError(
                f"{label} {model}: this preset has no checkpoint ({RANDOM_BUILD_ONLY[str(model)]}); "
                "--load-format dummy builds it in memory (and `qcompile bench --preset full` measures it)"
            )
        path, name = (weightless_checkpoint if dummy else default_checkpoint)(str(model)), str(model)
    else:
        _check_folder(path, label, weights=not dummy)
        name = path.name
    return ResolvedModel(path, name, read_config(path))
