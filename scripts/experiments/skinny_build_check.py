"""Build every skinny-GEMM candidate for a GPU architecture without a GPU, and print what ptxas made of it.

Triton compiles for a target of our choosing with its bundled ptxas, so registers, stack and local
memory (spills) of each configuration of `model.kernels.skinny.CANDIDATES` can be read before a GPU
run: an FMA tile whose lanes do not fit in registers spills, which no timing on the GPU should have to
discover. Direct (bf16 output bits) and split-K (float32 partials) variants are built, as the
kernel's `_wo_kernel` specialisations for `code DENSE`.

    python scripts/experiments/skinny_build_check.py [--arch 90] [--dtype bf16]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import tempfile
from pathlib import Path

import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

from model.kernels.codes import PDL_CAPABILITY, gpu_decoders
from model.kernels.k_loop import ahead_span
from model.kernels.skinny import CANDIDATES, SkinnyConfig
from model.kernels.weight_only import DENSE, FP8_BLOCK, KINDS, Tiles, _wo_kernel

POINTERS = ("x", "w", "block_scale", "scale")
INTS = ("M", "N", "K", "stride_xm", "K_PER_SPLIT")
ALIGNED = (0, 1, 2, 3, 4, 6, 7, 8, 9)  # argument indices Triton sees as multiples of 16 at the bench shapes
AHEAD_K = 2560  # the inputs a build with the multipliers ahead (`Tiles.scales_ahead`) holds them for: the hidden size


def build(
    config: SkinnyConfig | Tiles, m: int, partial: bool, dtype: str, arch: int, kind: str | None = None
) -> triton.compiler.CompiledKernel:
    """`_wo_kernel` built for `config` at `m` rows (or for the launch tiles themselves), for dense weights
    or those of a weight-only `kind`."""
    tiles = config if isinstance(config, Tiles) else config.tiles(m)
    bn, bk = FP8_BLOCK if kind == "fp8_block" else (1, 1)
    constexprs = {
        "SCALE_BN": bn,
        "SCALE_BK": bk,
        "KIND": DENSE if kind is None else KINDS[kind],
        "BLOCK_M": tiles.block_m,
        "BLOCK_N": tiles.block_n,
        "BLOCK_K": tiles.block_k,
        "DOT": tiles.dot,
        "LANES": 1 if tiles.dot else tiles.block_k,
        "DOT_F32": False,
        "PARTIAL": partial,
        "OUT_BF16": not partial,
        "SWAP": tiles.swap,
        "UNIFORM": kind == "fp8_block" and bn % tiles.block_n == 0,  # as `launch` decides it
        "AHEAD": ahead_span(AHEAD_K, bk) if tiles.scales_ahead else 0,
    } | launch_flags(arch)
    signature = {p: f"*{dtype}" for p in POINTERS} | {"out": "*fp32" if partial else "*i16"}
    if kind is not None:  # codes and block scales as bytes, float32 (or E8M0 byte) scales
        signature |= {"w": "*u8", "block_scale": "*u8", "scale": "*u8" if kind == "mxfp8" else "*fp32"}
    signature |= {i: "i32" for i in INTS} | {c: "constexpr" for c in constexprs}
    attrs = {(i,): [["tt.divisibility", 16]] for i in ALIGNED}
    source = ASTSource(fn=_wo_kernel, signature=signature, constexprs=constexprs, attrs=attrs)
    options = {"num_warps": tiles.num_warps, "num_stages": tiles.num_stages}
    return triton.compile(source, target=GPUTarget("cuda", arch, 32), options=options)


def launch_flags(arch: int) -> dict[str, bool]:
    """The constexprs a GPU of compute capability `arch` (86: sm_86) launches the kernels with: how they
    decode codes (`codes.gpu_decoders`) and whether as programmatic dependents (`codes.pdl`)."""
    found = divmod(arch, 10)
    return gpu_decoders(found) | {"PDL": found >= PDL_CAPABILITY}


def resources(kernel: triton.compiler.CompiledKernel) -> str:
    """`REG:.. STACK:.. SHARED:.. LOCAL:..` from cuobjdump (Triton's bundled copy; SHARED is the static
    part), then the dynamic shared memory Triton asks for at launch (pipeline stages)."""
    tool = Path(triton.__file__).parent / "backends" / "nvidia" / "bin" / "cuobjdump"
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        f.write(kernel.asm["cubin"])
        f.flush()
        out = subprocess.run([str(tool), "--dump-resource-usage", f.name], capture_output=True, text=True, check=True)
    found = re.search(r"REG:\d+ STACK:\d+ SHARED:\d+ LOCAL:\d+", out.stdout)
    if found is None:
        raise RuntimeError(f"no resource line in cuobjdump's output: {out.stdout[:200]!r}")
    return f"{found.group(0)} DYN:{kernel.metadata.shared}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arch", type=int, default=90, help="compute capability, e.g. 90 for the H200")
    parser.add_argument("--dtype", default="bf16", choices=["bf16", "fp16"])
    args = parser.parse_args()
    print(f"triton {triton.__version__}, sm_{args.arch}, {args.dtype}")
    for m, configs in CANDIDATES.items():
        for config in configs:
            direct, split = (resources(build(config, m, p, args.dtype, args.arch)) for p in (False, True))
            print(f"M<={m:<3} {config.label:<28} direct {direct}  split {split}", flush=True)


if __name__ == "__main__":
    main()
