"""Lazy access to a checkpoint folder's safetensors files and quantisation configs."""

from __future__ import annotations

import json
import mmap
import struct
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

    def file_of(self, name: str) -> Path:
        return self._where[name]


# safetensors dtype names of the tensors a PLE table can be stored in
ST_DTYPES = {"F32": torch.float32, "BF16": torch.bfloat16, "F16": torch.float16, "U8": torch.uint8,
             "F8_E4M3": torch.float8_e4m3fn}


def mmap_tensors(path: str | Path, names: Iterable[str]) -> dict[str, torch.Tensor]:
    """Zero-copy views of `names` in one safetensors file over a private memory map.

    Nothing is read until a view's pages are touched, so indexing a few rows reads only those pages.
    The map is copy-on-write (`ACCESS_COPY`) only so that torch accepts it as a writable buffer; the
    views keep it alive.
    """
    with open(path, "rb") as f:
        (size,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(size))
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
    out = {}
    for name in names:
        entry = header[name]
        if entry["dtype"] not in ST_DTYPES:
            raise ValueError(f"{name}: dtype {entry['dtype']} cannot be memory-mapped as a PLE table")
        begin, end = entry["data_offsets"]
        raw = torch.frombuffer(mapped, dtype=torch.uint8, count=end - begin, offset=8 + size + begin)
        out[name] = raw.view(ST_DTYPES[entry["dtype"]]).view(entry["shape"])
    return out


def read_quant_configs(folder: str | Path) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """`config.json` and, for ModelOpt exports, `hf_quant_config.json` (else None)."""
    folder = Path(folder)
    config = json.loads((folder / "config.json").read_text())
    hf = folder / "hf_quant_config.json"
    return config, (json.loads(hf.read_text()) if hf.exists() else None)
