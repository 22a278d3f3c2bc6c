"""Lazy access to a checkpoint folder's safetensors files and quantisation configs."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import torch
from safetensors import safe_open


class SafetensorsFolder:
    """All tensors of a folder's `*.safetensors` files, read one at a time (mmap, no full load)."""

    def __init__(self, folder: str | Path) -> None:
        self._where: dict[str, Path] = {}
        self._open: dict[Path, Any] = {}
        for path in sorted(Path(folder).glob("*.safetensors")):
            with safe_open(str(path), framework="pt") as f:
                for key in f.keys():
                    if key in self._where:
                        raise ValueError(f"{key}: present in both {self._where[key].name} and {path.name}")
                    self._where[key] = path

    def _file(self, name: str) -> Any:
        path = self._where[name]
        if path not in self._open:
            self._open[path] = safe_open(str(path), framework="pt")
        return self._open[path]

    def keys(self) -> Iterable[str]:
        return self._where.keys()

    def get_tensor(self, name: str) -> torch.Tensor:
        return self._file(name).get_tensor(name)

    def get_slice(self, name: str) -> Any:
        return self._file(name).get_slice(name)


def read_quant_configs(folder: str | Path) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """`config.json` and, for ModelOpt exports, `hf_quant_config.json` (else None)."""
    folder = Path(folder)
    config = json.loads((folder / "config.json").read_text())
    hf = folder / "hf_quant_config.json"
    return config, (json.loads(hf.read_text()) if hf.exists() else None)
