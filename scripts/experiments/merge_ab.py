"""Merged projections against separate ones: two `qcompile bench` JSONs (merged, `--no-merge`) as one table.

Per row (scope / cudagraph mode) and batch: decode tok/s of both and their ratio, and, where the
bench profiled (CUDA), kernels per step and GEMM device µs per step of both.

    python scripts/experiments/merge_ab.py merged.json unmerged.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def _rows(result: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(r["scope"], r["mode"]): r for r in result["rows"]}


def _profiled(row: dict[str, Any], batch: str, key: str) -> str:
    prof = row.get("profile", {}).get(batch)
    if prof is None:
        return "-"
    value = prof["kernels"] if key == "kernels" else prof["classes_us"].get("gemm", 0.0)
    return f"{value:.0f}"


def table(merged: dict[str, Any], unmerged: dict[str, Any]) -> str:
    if not merged["merge"] or unmerged["merge"]:
        raise SystemExit("merge_ab: give the merged run first and the --no-merge run second")
    lines = [
        f"{merged['preset']} preset, {merged['dtype']}, {merged['device']}, torch {merged['torch']}",
        "",
        "| scope | cudagraph | batch | tok/s merged | tok/s separate | ratio | kernels/step merged | separate "
        "| GEMM µs/step merged | separate |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    theirs = _rows(unmerged)
    for key, row in _rows(merged).items():
        other = theirs.get(key)
        if other is None:
            continue
        for batch, tok_s in row["tok_s"].items():
            base = other["tok_s"][batch]
            lines.append(
                f"| {key[0]} | {key[1]} | {batch} | {tok_s:.1f} | {base:.1f} | {tok_s / base:.3f} "
                f"| {_profiled(row, batch, 'kernels')} | {_profiled(other, batch, 'kernels')} "
                f"| {_profiled(row, batch, 'gemm')} | {_profiled(other, batch, 'gemm')} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("merged", type=Path)
    parser.add_argument("unmerged", type=Path)
    args = parser.parse_args()
    print(table(json.loads(args.merged.read_text()), json.loads(args.unmerged.read_text())))


if __name__ == "__main__":
    main()
