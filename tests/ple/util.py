"""Helpers for the PLE tests: quantised-PLE copies of a checkpoint and resident-memory readings."""

from __future__ import annotations

import shutil
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

from model.quant.pack import pack_fp8, pack_nvfp4


def with_quantised_ple(src: Path, out: Path, kind: str) -> Path:
    """Copy checkpoint `src` to `out` with its PLE table stored as FP8 or NVFP4 shards (our packers)."""
    shutil.copytree(src, out)
    for path in out.glob("*.safetensors"):
        state = load_file(path)
        shards = sorted((k for k in state if ".ngram_embedding.shard_" in k), key=lambda k: int(k.split("_")[-1][:-7]))
        if not shards:
            continue
        table_key = shards[0].rpartition(".shard_")[0]
        sizes = [state[k].shape[0] for k in shards]
        table = torch.cat([state.pop(k) for k in shards])
        if kind == "fp8":
            codes, scale = pack_fp8(table)
            parts, blocks, scale_key = codes.split(sizes), None, "weight_scale"
        else:
            packed, block, scale = pack_nvfp4(table)
            parts, blocks, scale_key = packed.split(sizes), block.split(sizes), "weight_scale_2"
        for i, key in enumerate(shards):
            state[key] = parts[i].contiguous()
            if blocks is not None:
                state[key.removesuffix(".weight") + ".weight_scale"] = blocks[i].contiguous()
        state[f"{table_key}.{scale_key}"] = scale
        save_file(state, str(path))
    return out


def file_mappings(path: Path) -> list[tuple[int, int, int]]:
    """(start, end, resident bytes) of this process's memory maps of `path`, from /proc/self/smaps."""
    maps: list[tuple[int, int, int]] = []
    target = str(Path(path).resolve())
    current: list[int] | None = None
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()
        if "-" in head[0] and len(head) >= 5 and ":" not in head[0]:
            lo, hi = (int(x, 16) for x in head[0].split("-"))
            current = [lo, hi, 0] if len(head) >= 6 and head[5] == target else None
            if current is not None:
                maps.append(current)  # type: ignore[arg-type]
        elif current is not None and head[0] == "Rss:":
            current[2] = int(head[1]) * 1024
    return [tuple(m) for m in maps]  # type: ignore[misc]
