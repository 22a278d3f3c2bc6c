"""`codes.E2M1_TIMES_SCALE_*`, the PTX that decodes NVFP4 for 16-bit operands on the GPU, run here through a
model of its six instructions (PTX ISA semantics: `prmt.b32`'s default mode, shifts, bitwise ops and
`fma.rn` on 16-bit pairs), for every byte in every position of a register and scales of both signs, small
and large: each output is `formats.py`'s E2M1 value times the scale, to the bit, signed zeros included.
The GPU runs the real instructions (`pytest -m gpu tests/model/test_fused_moe.py`); this pins the tables
and the selectors, which the GPU tests could only report as wrong outputs."""

from __future__ import annotations

import re

import pytest
import torch

pytest.importorskip("triton", reason="the PTX lives beside the Triton kernels")
from model.kernels import codes
from model.quant import formats

E2M1 = formats.e2m1_decode(torch.arange(16, dtype=torch.uint8)).double()
SCALES = (1.0, 2.0**-9, 448.0, 0.5, 3.5, -2.0, -(2.0**-6))  # E4M3 values: subnormal, largest, negative


def prmt(a: int, b: int, c: int) -> int:
    """`prmt.b32 d, a, b, c` (default mode): byte k of d is byte `c[4k:4k+3]` of {b, a}, or that byte's sign
    replicated when `c[4k+3]` is set."""
    src = [(a >> (8 * i)) & 0xFF for i in range(4)] + [(b >> (8 * i)) & 0xFF for i in range(4)]
    out = 0
    for k in range(4):
        sel = (c >> (4 * k)) & 0xF
        byte = src[sel & 7]
        out |= ((0xFF if byte & 0x80 else 0) if sel & 8 else byte) << (8 * k)
    return out


def halves(reg: int, dtype: torch.dtype) -> torch.Tensor:
    """The two 16-bit floats of a register, low half first, as float64."""
    return torch.tensor([reg & 0xFFFF, reg >> 16], dtype=torch.int32).to(torch.int16).view(dtype).double()


def packed(values: torch.Tensor, dtype: torch.dtype) -> int:
    bits = values.to(dtype).view(torch.int16).to(torch.int32) & 0xFFFF
    return int(bits[0]) | int(bits[1]) << 16


def run(ptx: str, inputs: list[int], dtype: torch.dtype) -> list[int]:
    """Execute the PTX block on registers `$4, $5, ...` = inputs; returns `$0 .. $3`."""
    regs = {f"${i + 4}": v for i, v in enumerate(inputs)}
    for op, args in re.findall(r"((?:prmt|shl|shr|and|or|mov)\.b32|fma\.rn\.\w+) ([^;]+);", ptx):
        dst, *names = (a.strip() for a in args.split(","))
        src = [regs[n] if n in regs else int(n, 0) for n in names]
        if op == "prmt.b32":
            regs[dst] = prmt(*src)
        elif op == "shl.b32":
            regs[dst] = (src[0] << src[1]) & 0xFFFFFFFF
        elif op == "shr.b32":
            regs[dst] = src[0] >> src[1]
        elif op == "and.b32":
            regs[dst] = src[0] & src[1]
        elif op == "or.b32":
            regs[dst] = src[0] | src[1]
        elif op == "mov.b32":
            regs[dst] = src[0]
        else:  # fma.rn.{bf16,f16}x2: exact here or the check below fails
            exact = halves(src[0], dtype) * halves(src[1], dtype) + halves(src[2], dtype)
            assert torch.equal(exact.to(dtype).double(), exact), f"{op} rounded"
            regs[dst] = packed(exact, dtype)
    return [regs[f"${i}"] for i in range(4)]


@pytest.mark.parametrize(("name", "dtype"), [("BF16", torch.bfloat16), ("F16", torch.float16)])
def test_e2m1_lookup_gives_formats_values(name: str, dtype: torch.dtype) -> None:
    ptx = getattr(codes, f"E2M1_TIMES_SCALE_{name}").value
    for byte in range(256):
        for position in range(4):
            scales = [SCALES[(byte + position + j) % len(SCALES)] for j in range(4)]
            reg = byte << (8 * position) | 0x5A5A5A5A & ~(0xFF << (8 * position))  # other bytes: codes 10, 5
            data = [(reg >> (8 * j)) & 0xFF for j in range(4)]
            s01 = packed(torch.tensor(scales[:2], dtype=torch.float64), dtype)
            s23 = packed(torch.tensor(scales[2:], dtype=torch.float64), dtype)
            out = run(ptx, [reg, s01, s23], dtype)
            got = torch.cat([halves(r, dtype) for r in out])  # low nibbles of bytes 0-3, then high ones
            want = torch.tensor(
                [E2M1[data[j] & 15] * scales[j] for j in range(4)] + [E2M1[data[j] >> 4] * scales[j] for j in range(4)],
                dtype=torch.float64,
            )
            assert torch.equal(got, want) and torch.equal(got.signbit(), want.signbit()), (byte, position, got, want)
