"""The hyper-connection read kernels by tile: µs per read in a CUDA graph, against torch's read under Inductor.

Bench geometry (4 streams of 2560, rank 320, bf16). Eight reads' weights (108 MB) are cycled so that
each call streams its weights from memory, as a decode step does, not from the L2 cache. The torch
row is `GatedResidual.read` compiled by Inductor for that row count (its GEMMs cuBLAS), the same
cycle of weights.

    PYTHONPATH=. python scripts/experiments/bench_hc_read.py [--rows 1,4,16] [--tiles 4x4x8x8,2x4x8x8]

A tile is DOWN_ROWS x DOWN_WARPS x MIX_COLS x MIX_WARPS (`model/kernels/hc_read.py`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

import torch

import model.hyper as hyper
from model.config import Qwen4ExpConfig
from model.fuse import merge_projections
from model.kernels import hc_read
from model.presets import preset_config
from scripts.experiments.graph_timing import graphed_us

COPIES = 8


def per_copy_us(call: Callable[[int], object], reps: int = 8) -> float:
    """µs per call of `call(i)` for i over the copies, `reps` rounds captured in one CUDA graph."""
    return graphed_us(lambda: [call(i) for i in range(COPIES)], reps) / COPIES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", default="1,4,16")
    parser.add_argument("--tiles", default="4x4x8x8,2x4x8x8,8x4x8x8,4x8x8x8,4x4x4x8,4x4x16x8,4x4x4x4,2x2x4x4")
    args = parser.parse_args()
    rows = [int(r) for r in args.rows.split(",")]
    hyper.use_kernels = lambda t: False  # `read` is torch's: the kernels are called directly below
    torch._dynamo.config.recompile_limit = 8 * COPIES  # one compile per (module, row count)
    config = Qwen4ExpConfig.from_dict(preset_config("bench"))
    torch.manual_seed(0)
    modules = []
    for _ in range(COPIES):
        module = hyper.GatedResidual(config).to("cuda", torch.bfloat16)
        for weight in module.parameters():
            weight.data.normal_(0.0, 0.02)
        merge_projections(module)
        modules.append(module)
    streams = {
        m: torch.randn(m, config.hc_count * config.hidden_size, device="cuda", dtype=torch.bfloat16) for m in rows
    }

    def kernels(m: int) -> Callable[[int], object]:
        def call(i: int) -> object:
            module = modules[i]
            up = module.input_mix_weight_up.weight
            w_down = getattr(module, hyper.HC_INPUT.merged)
            row = up.shape[1] + (-up.shape[1] % 16)  # the merged layout
            return hc_read.hc_read_kernels(streams[m], module.hc_norm.weight, w_down, up, module.n, row, module.n, 1e-6)

        return call

    def inductor(m: int) -> Callable[[int], object]:
        compiled = [torch.compile(module.read, dynamic=False) for module in modules]
        return lambda i: compiled[i](streams[m])

    print("| tile (down rows x warps x mix cols x warps) | " + " | ".join(f"{m} rows (µs)" for m in rows) + " |")
    print("|---|" + "---|" * len(rows))
    with torch.no_grad():
        print(
            "| torch read, Inductor | " + " | ".join(f"{per_copy_us(inductor(m)):.2f}" for m in rows) + " |", flush=True
        )
        for tile in args.tiles.split(","):
            hc_read.DOWN_ROWS, hc_read.DOWN_WARPS, hc_read.MIX_COLS, hc_read.MIX_WARPS = (
                int(x) for x in tile.split("x")
            )
            print(f"| {tile} | " + " | ".join(f"{per_copy_us(kernels(m)):.2f}" for m in rows) + " |", flush=True)


if __name__ == "__main__":
    main()
