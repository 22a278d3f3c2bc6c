"""Time the hyper-connection mix on CUDA: the Triton kernel against cuBLAS plus Inductor's epilogue.

Bench-preset geometry (4 streams of 2560, rank 320, bf16, random values). Per row count: µs per call
of `model/kernels/hc_mix.py` and of `GatedResidual.mix`'s torch code under `torch.compile` (what the
kernel scope ran before: the up GEMM in cuBLAS, silu and the sigmoid-product-mean fused around it),
both replayed from a CUDA graph over copies of W_up larger than the L2 cache, and each one's error
against float32 math on the same values. `--sweep` also times the kernel at other tiles.

    python scripts/bench_hc_mix.py [--rows 1,8,64,2048] [--sweep]
"""

from __future__ import annotations

import argparse
import functools
import math

import torch
import torch.nn.functional as F

import model.kernels.hc_mix as hcm
from model.config import Qwen4ExpConfig
from model.kernels.hc_mix import hc_mix
from model.kernels.skinny import graph_us
from model.presets import preset_config


def torch_mix(hn: torch.Tensor, down: torch.Tensor, w_up: torch.Tensor, n: int) -> torch.Tensor:
    gate = torch.sigmoid(F.linear(F.silu(down / n), w_up))
    return (gate.unflatten(-1, (n, -1)) * hn.unflatten(-1, (n, -1))).mean(dim=-2)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--rows", default="1,8,64,2048")
    p.add_argument("--sweep", action="store_true")
    args = p.parse_args()
    config = Qwen4ExpConfig.from_dict(preset_config("bench"))
    n, d, r = config.hc_count, config.hidden_size, config.hc_lowrank
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    copies = max(8, math.ceil(2 * l2 / (n * d * r * 2)))
    gen = torch.Generator(device="cuda").manual_seed(0)
    weights = [(torch.randn(n * d, r, device="cuda", generator=gen) / r**0.5).bfloat16() for _ in range(copies)]
    compiled = torch.compile(torch_mix, dynamic=False)
    print(f"W_up {n * d}x{r} bf16 ({n * d * r * 2 / 1e6:.1f} MB), {copies} copies")
    print("| rows | kernel µs | compiled torch µs | kernel max err | torch max err |\n|---|---|---|---|---|")
    for rows in (int(x) for x in args.rows.split(",")):
        hn = torch.randn(rows, n * d, device="cuda", generator=gen).bfloat16()
        down = (torch.randn(rows, r, device="cuda", generator=gen) * 2).bfloat16()
        ref = torch_mix(hn.float(), down.float(), weights[0].float(), n)
        errs = [(f(hn, down, weights[0], n).float() - ref).abs().max().item() for f in (hc_mix, compiled)]
        times = [graph_us([functools.partial(f, hn, down, w, n) for w in weights]) for f in (hc_mix, compiled)]
        print(f"| {rows} | {times[0]:.2f} | {times[1]:.2f} | {errs[0]:.2e} | {errs[1]:.2e} |", flush=True)
        if args.sweep:
            sweep(rows, hn, down, weights, n)


SWEEP = [(16, 16, 512), (16, 32, 512), (16, 16, 128), (16, 64, 128), (32, 32, 128), (32, 64, 64), (64, 64, 64)]


def sweep(rows: int, hn: torch.Tensor, down: torch.Tensor, weights: list[torch.Tensor], n: int) -> None:
    """The kernel's µs per call at each tile shape of SWEEP (rows, columns, inputs per step)."""
    chosen = hcm.tiles
    try:
        for tiles in SWEEP:
            hcm.tiles = lambda m, r, t=tiles: t
            us = graph_us([functools.partial(hc_mix, hn, down, w, n) for w in weights])
            print(f"    tiles {tiles}: {us:.2f} µs", flush=True)
    finally:
        hcm.tiles = chosen


if __name__ == "__main__":
    main()
