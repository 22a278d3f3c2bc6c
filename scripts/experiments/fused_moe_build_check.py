"""Build the fused MoE's two GEMMs for a GPU architecture without a GPU, and print what ptxas made of them.

For each stored format (bf16, block FP8, MXFP8, NVFP4) and the default tiles of a decode and a
prefill tile class (`default_tiles`), Triton compiles for the chosen target with its bundled ptxas;
registers, stack (spills) and shared memory come from cuobjdump, as in `scripts/experiments/skinny_build_check.py`.
A configuration that spills is worth a GPU sweep (`scripts/experiments/bench_fused_moe.py --quant-sweep`).

    PYTHONPATH=. python scripts/experiments/fused_moe_build_check.py [--arch 90] [--pairs 1,50]
"""

from __future__ import annotations

import argparse

import torch
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

from model.kernels import fused_moe
from model.kernels.act_quant import ACT_GROUP
from model.kernels.codes import kept_block_k
from model.kernels.fused_moe import (
    FP8_BLOCK,
    KINDS,
    GemmTiles,
    decode_ahead,
    default_tiles,
    scales_ahead,
    uniform_scale,
)
from model.kernels.k_loop import k_splits
from model.quant.experts import NVFP4_KINDS
from scripts.experiments.skinny_build_check import launch_flags, resources

POINTERS = ("x", "x_scale", "h", "h_scale", "w", "scale", "scale_2", "sorted_pairs", "block_expert", "weights", "out")
# integer arguments that are multiples of 16 at the bench's shapes (128 experts, H 2560, I 640, K splits of whole
# K tiles): Triton's JIT marks such values divisible by 16 when it specialises, which lets it vectorise the weight
# loads (without it a split K loop's tiles are not known to be aligned: no asynchronous copies, spills)
MULTIPLES_OF_16 = ("E", "H", "I", "K_PER_SPLIT")
BENCH_HIDDEN = 2560  # the gate/up GEMM's K
# the down GEMM's K and the up rows' offset in gate_up: block FP8's N tiles lie in one scale block (`uniform_scale`)
BENCH_INTER = 640


def built_block_k(quant: str | None, tiles: GemmTiles, fp8_activations: bool = False) -> int:
    """The K tile `fused_moe` runs `tiles` with under bf16 activations, or FP8 ones (block FP8 in the
    release's blocks)."""
    if quant is None:
        return tiles.block_k
    block_k = kept_block_k(quant, tiles.block_k, FP8_BLOCK[1], torch.bfloat16)
    return min(block_k, ACT_GROUP) if fp8_activations else block_k


def build(
    kernel: str, quant: str | None, block_m: int, tiles: GemmTiles, arch: int = 90, fp8_activations: bool = False
) -> triton.compiler.CompiledKernel:
    """`_gate_up_kernel` / `_down_kernel` (`kernel`) for `quant`'s KIND, bf16 activations (or their E4M3 codes
    and scales: `fp8_activations`, block FP8 only), these tiles (block_k capped as `fused_moe` caps it; split
    over K where `tiles.split_k` > 1, multipliers loaded ahead where `tiles.scales_ahead`), several row blocks
    (not the one-token path), the down kernel with the shared expert's row blocks beside dense experts, at the
    bench's H and I."""
    fn = getattr(fused_moe, kernel)
    scale = {None: "*bf16", "fp8_block": "*fp32"}.get(quant, "*u8")
    act = "*u8" if fp8_activations else "*bf16"
    block_k = built_block_k(quant, tiles, fp8_activations)
    inputs = {"_gate_up_kernel": BENCH_HIDDEN, "_down_kernel": BENCH_INTER}[kernel]
    splits, per_split = k_splits(inputs, block_k, tiles.split_k)
    own_parts = kernel == "_gate_up_kernel" and splits > 1  # it writes float32 partials to h
    types = {"x": act, "h": "*fp32" if own_parts else act, "x_scale": "*fp32", "h_scale": "*fp32"}
    types |= {"weights": "*bf16", "out": "*fp32"}
    types |= {"w": "*bf16" if quant is None else "*u8"}
    types |= {"scale": scale, "scale_2": "*fp32" if quant in NVFP4_KINDS else scale}
    types |= {"sorted_pairs": "*i32", "block_expert": "*i32"}
    types |= {"shared_h": "*bf16", "shared_gate": "*bf16", "shared_w": "*bf16"}  # the down kernel's shared blocks
    constexprs = {"BLOCK_M": block_m, "BLOCK_N": tiles.block_n, "BLOCK_K": block_k, "DIRECT": False}
    constexprs |= {"KIND": KINDS[quant], "DOT_F32": False, "SWAP": tiles.swap, "A_FP8": fp8_activations}
    offset = BENCH_INTER if kernel == "_gate_up_kernel" else 0
    ahead = scales_ahead(tiles, quant, FP8_BLOCK[0], FP8_BLOCK[1], offset, per_split, fp8_activations)
    constexprs |= {"SPLITS": splits} | ahead
    constexprs |= launch_flags(arch)
    constexprs |= {"UNIFORM": uniform_scale(quant, FP8_BLOCK[0], tiles.block_n, offset)}
    constexprs |= {"SHARED": quant is None} if "SHARED" in fn.arg_names else {}
    signature = {p: types.get(p) or ("constexpr" if p in constexprs else "i32") for p in fn.arg_names}
    attrs = {(i,): [["tt.divisibility", 16]] for i, p in enumerate(fn.arg_names) if p in POINTERS + MULTIPLES_OF_16}
    source = ASTSource(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs)
    options = {"num_warps": tiles.warps, "num_stages": tiles.stages}
    return triton.compile(source, target=GPUTarget("cuda", arch, 32), options=options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arch", type=int, default=90, help="compute capability, e.g. 90 for the H200")
    parser.add_argument("--pairs", default="1,50", help="mean pairs per expert of the tile classes to build")
    args = parser.parse_args()
    print(f"triton {triton.__version__}, sm_{args.arch}, bf16 activations")
    print("| format | pairs per expert | GEMM | tiles (M x N x K, warps, stages) | resources |")
    print("|---|---|---|---|---|")
    for pairs in (float(p) for p in args.pairs.split(",")):
        for quant in KINDS:
            ahead = decode_ahead(1, quant, FP8_BLOCK, BENCH_INTER)  # as one token takes them
            for a_fp8 in (False, True) if quant == "fp8_block" and args.arch >= 89 else (False,):
                tiles = default_tiles(pairs, quant, divmod(args.arch, 10), a_fp8, ahead)
                for kernel, gemm in (("_gate_up_kernel", tiles.gate_up), ("_down_kernel", tiles.down)):
                    built = build(kernel, quant, tiles.block_m, gemm, args.arch, a_fp8)
                    block_k = built_block_k(quant, gemm, a_fp8)
                    shape = f"{tiles.block_m}x{gemm.block_n}x{block_k}, {gemm.warps}, {gemm.stages}"
                    name = "w8a8 (fp8_block, FP8 activations)" if a_fp8 else quant or "bf16"
                    print(f"| {name} | {pairs:g} | {kernel.strip('_')} | {shape} | {resources(built)} |", flush=True)


if __name__ == "__main__":
    main()
