"""The tensor-core product the GEMM kernels share (fused MoE, weight-only and skinny GEMMs).

`mma` adds `a · b` to a float32 accumulator: IEEE float32 products for float32 inputs and in Triton's
interpreter (whose 16-bit dot products are not IEEE), the inputs' own tensor-core type otherwise.
Swapped, the kernel holds its accumulator transposed (`oriented`) and multiplies `b^T · a^T`, so the
weight tile `b` is the MMA's first operand: Hopper's wgmma reads that operand from registers, where a
weight tile decoded from a stored format already is, and only the second from shared memory.
"""

from __future__ import annotations

import triton
import triton.language as tl


@triton.jit
def oriented(acc, SWAP: tl.constexpr):
    """The accumulator as a swapped K loop holds it, `[BLOCK_N, BLOCK_M]` (an involution: the same call
    turns it back after the loop)."""
    if SWAP:
        acc = tl.trans(acc)
    return acc


@triton.jit
def mma(acc, a, b, DOT_F32: tl.constexpr, SWAP: tl.constexpr):
    """acc + a · b in float32 (IEEE with DOT_F32); with SWAP `acc` is `oriented` and gets `b^T · a^T`."""
    if SWAP:
        a, b = tl.trans(b), tl.trans(a)
    if DOT_F32:
        acc = tl.dot(a.to(tl.float32), b.to(tl.float32), acc, input_precision="ieee")
    else:
        acc = tl.dot(a, b, acc)
    return acc


@triton.jit
def add_scaled(acc, part, s, SWAP: tl.constexpr):
    """acc + part * s, `s` one scale per output column (per row of a swapped accumulator)."""
    if SWAP:
        acc = acc + part * s[:, None]
    else:
        acc = acc + part * s[None, :]
    return acc


@triton.jit
def row_scaled(part, s, SWAP: tl.constexpr):
    """part * s, `s` one scale per token row (per column of a swapped accumulator)."""
    if SWAP:
        part = part * s[None, :]
    else:
        part = part * s[:, None]
    return part
