"""Host-resident PLE tables: the n-gram table kept in its checkpoint format outside device memory.

`load_model(..., ple_backend=...)` picks where a PLE table lives:
- "device": a device-resident embedding dequantised at load (the default; `model/ple.py`);
- "pinned": one pinned host buffer read by the Triton gather kernel through unified addressing
  (capturable in a CUDA graph; `model/kernels/ple_gather.py`);
- "mmap": the safetensors shards memory-mapped, rows read on the host on demand (only touched pages);
- "preload": the shards copied into host RAM and read on the host.
Every backend decodes with `dequant_ple_rows`' formula (float32 math, then one cast to the
activation dtype), so all four give the same bits; ids outside the table give zero rows.
The ids come from the device (hashing stays there); "mmap" and "preload" bring them to the host.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import torch

from model.checkpoint.reader import SafetensorsFolder, mmap_tensors
from model.host_memory import pinned_empty
from model.quant import PleLayout, QuantFormatError, dequant_ple_rows
from model.quant.formats import NVFP4_GROUP
from model.quant.pack import pack_nvfp4

PLE_BACKENDS = ("device", "pinned", "mmap", "preload")
_CHECK_ROWS = 1 << 20  # rows per chunk when scanning a loaded table for non-finite codes
_PACK_ROWS = 1 << 20  # rows per chunk when packing a table into pinned memory


@dataclass(frozen=True)
class _Shard:
    start: int
    rows: torch.Tensor  # stored rows (float values, E4M3 bytes, or packed NVFP4 pairs)
    block_scale: torch.Tensor | None  # NVFP4 E4M3 scale bytes per 16 values
    scale: float


class HostTable:
    """Shards in host memory (memory-mapped views or RAM copies), gathered and decoded on the host."""

    def __init__(self, layout: PleLayout, shards: list[_Shard], dtype: torch.dtype) -> None:
        self.kind, self.width, self.num_rows, self.dtype = layout.kind, layout.width, layout.rows, dtype
        self.shards = shards

    def gather(self, ids: torch.Tensor) -> torch.Tensor:
        """Rows `[*ids.shape, width]` in the activation dtype, on the ids' device."""
        flat = ids.reshape(-1).cpu()
        out = torch.zeros(flat.numel(), self.width)
        for s in self.shards:
            hit = (flat >= s.start) & (flat < s.start + s.rows.shape[0])
            local = flat[hit] - s.start
            block = s.block_scale[local] if s.block_scale is not None else None
            out[hit] = dequant_ple_rows(self.kind, s.rows[local], block, s.scale)
        return out.to(self.dtype).view(*ids.shape, self.width).to(ids.device)


class PinnedTable:
    """The whole table in one pinned host buffer, gathered by the Triton kernel on the ids' device."""

    def __init__(
        self, kind: str, rows: torch.Tensor, block_scale: torch.Tensor | None, scale: float, dtype: torch.dtype
    ) -> None:
        self.kind, self.num_rows, self.dtype = kind, rows.shape[0], dtype
        self.width = rows.shape[1] * (2 if kind == "nvfp4" else 1)
        self.rows, self.block_scale, self.scale = rows, block_scale, scale

    def gather(self, ids: torch.Tensor) -> torch.Tensor:
        from model.kernels.ple_gather import gather_rows

        return gather_rows(self.kind, self.rows, self.block_scale, self.scale, ids, self.width, self.dtype)


def _mapped(folder: SafetensorsFolder, layout: PleLayout) -> dict[str, torch.Tensor]:
    """Memory-mapped views of every stored tensor of the table's shards, one map per file."""
    by_file: dict[Path, list[str]] = defaultdict(list)
    for s in layout.shards:
        for key in (s.weight, s.block_scale):
            if key is not None:
                by_file[folder.file_of(key)].append(key)
    views: dict[str, torch.Tensor] = {}
    for path, names in by_file.items():
        views.update(mmap_tensors(path, names))
    return views


def _check_finite_codes(key: str, kind: str, stored: torch.Tensor) -> None:
    """Raise naming `key` if any stored value decodes to NaN/inf (scanned in chunks, no decoded copy)."""
    for chunk in stored.split(_CHECK_ROWS):
        bad = ~torch.isfinite(chunk).all() if kind == "float" else ((chunk.view(torch.uint8) & 0x7F) == 0x7F).any()
        if bad:
            raise QuantFormatError(f"{key}: stored values decode to non-finite numbers (a NaN code?)")


def open_host_table(
    folder: SafetensorsFolder, layout: PleLayout, backend: str, dtype: torch.dtype
) -> HostTable | PinnedTable:
    """The table of `layout` served by a host `backend` ("pinned", "mmap" or "preload").

    "pinned" and "preload" read every row, so they also reject NaN codes (in the FP8 rows or the
    NVFP4 block scales) naming the tensor; "mmap" reads no row at load and checks only what
    `ple_layouts` checks (headers and per-tensor scales).
    """
    if backend not in PLE_BACKENDS[1:]:
        raise ValueError(f"ple_backend {backend!r} is not a host backend; choose one of {PLE_BACKENDS}")
    views = _mapped(folder, layout)
    if backend != "mmap":
        for s in layout.shards:
            if layout.kind != "nvfp4":  # E2M1 codes are all finite
                _check_finite_codes(s.weight, layout.kind, views[s.weight])
            if s.block_scale is not None:
                _check_finite_codes(s.block_scale, "fp8", views[s.block_scale])
    if backend == "pinned":
        return _pinned(layout, views, dtype)
    copy = backend == "preload"
    shards, start = [], 0
    for s in layout.shards:
        rows = views[s.weight].clone() if copy else views[s.weight]
        block = None if s.block_scale is None else (views[s.block_scale].clone() if copy else views[s.block_scale])
        shards.append(_Shard(start, rows, block, s.scale))
        start += s.rows
    return HostTable(layout, shards, dtype)


def _pinned(layout: PleLayout, views: dict[str, torch.Tensor], dtype: torch.dtype) -> PinnedTable:
    """Concatenate the shards into one (pinned, where CUDA exists) buffer; needs one per-tensor scale."""
    first = layout.shards[0]
    for s in layout.shards[1:]:
        if s.scale != first.scale:
            raise QuantFormatError(
                f"{s.weight}: per-tensor scale {s.scale} differs from {first.weight}'s "
                f"{first.scale}; the pinned PLE backend needs one scale per table"
            )
    pin = torch.cuda.is_available()

    def concat(keys: list[str]) -> torch.Tensor:
        parts = [views[k] for k in keys]
        out = pinned_empty((layout.rows, parts[0].shape[1]), parts[0].dtype, pin)
        torch.cat(parts, out=out)
        return out

    rows = concat([s.weight for s in layout.shards])
    block = concat([s.block_scale for s in layout.shards]) if first.block_scale is not None else None
    return PinnedTable(layout.kind, rows, block, first.scale, dtype)


def pack_pinned_table(
    kind: str, num_rows: int, rows_of: Callable[[int, int], torch.Tensor], scale: float, dtype: torch.dtype
) -> PinnedTable:
    """A pinned FP8 or NVFP4 table packed from float rows `rows_of(start, count)`, a chunk at a time.

    The rows may come from anywhere (a device table, a random generator on the GPU), so a table far
    larger than device memory is only ever held packed, on the host. `scale` is the per-tensor FP8
    scale or NVFP4 `scale_2` of the whole table (a chunk cannot know it).
    """
    if kind not in ("fp8", "nvfp4"):
        raise ValueError(f"pinned PLE tables are packed as 'fp8' or 'nvfp4', not {kind!r}")
    first = rows_of(0, min(_PACK_ROWS, num_rows))
    width = first.shape[1]
    pin = torch.cuda.is_available()
    packed = width if kind == "fp8" else width // 2
    data = pinned_empty((num_rows, packed), torch.uint8, pin)
    blocks = None if kind == "fp8" else pinned_empty((num_rows, width // NVFP4_GROUP), torch.uint8, pin)
    s = torch.tensor(scale, dtype=torch.float32)
    for start in range(0, num_rows, _PACK_ROWS):
        chunk = first if start == 0 else rows_of(start, min(_PACK_ROWS, num_rows - start))
        stop = start + chunk.shape[0]
        if kind == "fp8":
            data[start:stop] = (chunk.float() / s.to(chunk.device)).to(torch.float8_e4m3fn).view(torch.uint8).cpu()
        else:
            codes, block_scale, _ = pack_nvfp4(chunk, s.to(chunk.device))
            data[start:stop], blocks[start:stop] = codes.cpu(), block_scale.view(torch.uint8).cpu()  # type: ignore[index]
    return PinnedTable(kind, data, blocks, scale, dtype)
