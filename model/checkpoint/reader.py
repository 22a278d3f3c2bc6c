"""Lazy access to a checkpoint folder's safetensors files and quantisation configs."""

from __future__ import annotations

import json
import logging
import mmap
import struct
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError, safe_open

from model.checkpoint.errors import CheckpointError, read_json_object

log = logging.getLogger(__name__)

INDEX = "model.safetensors.index.json"


def _read_index(folder: Path) -> dict[str, str] | None:
    """The index's `weight_map` (tensor key -> file name), or None when the folder has no index."""
    path = folder / INDEX
    if not path.exists():
        return None
    weight_map = read_json_object(path).get("weight_map")
    if not isinstance(weight_map, dict):
        raise CheckpointError(f"{path}: field 'weight_map' must be an object of tensor key -> file name")
    for key, name in weight_map.items():
        if not isinstance(name, str) or Path(name).name != name or not name.endswith(".safetensors"):
            raise CheckpointError(
                f"{path}: weight_map[{key!r}] = {name!r} is not a .safetensors file name in the checkpoint folder"
            )
    return weight_map


def _header_keys(path: Path) -> list[str]:
    """The tensor keys of one safetensors file, whose header safetensors checks against the file's size."""
    try:
        with safe_open(str(path), framework="pt") as f:
            return list(f.keys())
    except (SafetensorError, OSError) as e:
        raise CheckpointError(f"{path}: not a readable safetensors file, truncated or corrupted? ({e})") from None


class SafetensorsFolder:
    """All tensors of a folder's safetensors files, read one at a time (mmap, no full load).

    With a `model.safetensors.index.json` the files are the ones its weight_map names (other files
    are ignored, as transformers does), and the index must agree with them: a missing file is
    named once (not as each of its tensors), and so is every key the index places in a file that
    does not hold it. Every file's header is read here, so a truncated file fails before any tensor.
    """

    def __init__(self, folder: str | Path) -> None:
        folder = Path(folder)
        self._where: dict[str, Path] = {}
        self._open: dict[Path, Any] = {}
        index = _read_index(folder)
        if index is None:
            files = sorted(folder.glob("*.safetensors"))
            if not files:
                raise CheckpointError(f"no *.safetensors files in {folder}")
        else:
            files = [folder / name for name in sorted(set(index.values()))]
            if ignored := sorted({p.name for p in folder.glob("*.safetensors")} - set(index.values())):
                log.warning("%s: ignoring %s, not named by its weight_map", folder / INDEX, ", ".join(ignored))
        absent = {p.name for p in files if not p.is_file()}
        for path in files:
            if path.name in absent:
                continue
            for key in _header_keys(path):
                if key in self._where:
                    raise CheckpointError(f"{key}: present in both {self._where[key]} and {path}")
                self._where[key] = path
        if index is not None:
            self._check_index(folder / INDEX, index, absent)

    def _check_index(self, path: Path, index: dict[str, str], absent: set[str]) -> None:
        """Raise naming every missing shard once and every key the index misplaces."""
        counts: dict[str, int] = defaultdict(int)
        problems: list[str] = []
        for key, name in sorted(index.items()):
            if name in absent:
                counts[name] += 1
            elif key not in self._where:
                problems.append(f"weight_map places {key} in {name}, which does not hold it (nor does any other shard)")
            elif self._where[key].name != name:
                problems.append(f"weight_map places {key} in {name}, but it is in {self._where[key].name}")
        shards = [f"shard {name} is missing (the index puts {n} tensors in it)" for name, n in sorted(counts.items())]
        problems = shards + problems
        if problems:
            raise CheckpointError(
                f"{path} does not match the checkpoint's files ({len(problems)} problems):\n  " + "\n  ".join(problems)
            )

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

    def file_name(self, name: str) -> str | None:
        """The name of the file holding tensor `name`, or None for a key the folder does not hold."""
        path = self._where.get(name)
        return path.name if path is not None else None


# safetensors dtype names of the tensors a PLE table can be stored in
ST_DTYPES = {
    "F32": torch.float32,
    "BF16": torch.bfloat16,
    "F16": torch.float16,
    "U8": torch.uint8,
    "F8_E4M3": torch.float8_e4m3fn,
}


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
    hf = folder / "hf_quant_config.json"
    return read_json_object(folder / "config.json"), (read_json_object(hf) if hf.exists() else None)
