"""Number formats decoded on the device, shared by the Triton kernels, and their CPU interpreter.

Codes are turned into float32 by assembling bits, never by float negation or scaling tricks: that
keeps signed zeros (Triton may compile negation without them) and makes every value exact, so the
kernels reproduce the torch formulas of `model/quant/formats.py` bit for bit. The one multiply,
E4M3 -> bfloat16 on the GPU (`E4M3_BF16_QUADS`), is by a power of two in PTX with -0 added: exact, and
signed zeros kept.

CPU tensors run kernels in Triton's interpreter. Built without `TRITON_INTERPRET`, the interpreter
cannot call `@triton.jit` helpers from a kernel, so `interpreted()` runs a copy of the kernel whose
globals name the helpers' plain Python functions instead.

Programmatic dependent launch (`pdl`, `pdl_launch`, `wait_for_inputs`) lives here too: the decode step's
kernels share the one protocol.
"""

from __future__ import annotations

import dataclasses
import functools
import types
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels import pdl_enabled
from model.quant import formats

NVFP4_GROUP = tl.constexpr(formats.NVFP4_GROUP)  # inputs per NVFP4 block scale
MXFP8_GROUP = tl.constexpr(formats.MXFP8_GROUP)  # inputs per MXFP8 (E8M0) scale


@triton.jit
def add(a, b):
    """The combine of sums and prefix sums for `tl.reduce` / `tl.associative_scan` (`tl.sum` and
    `tl.cumsum` are JIT helpers the CPU interpreter cannot call unless `TRITON_INTERPRET=1` was set
    before Triton was imported); `interpreted` copies name Triton's own combine instead."""
    return a + b


@triton.jit
def maximum(a, b):
    """The combine of maxima for `tl.reduce` (`tl.max` is a JIT helper, as `tl.sum` is)."""
    return tl.maximum(a, b)


@triton.jit
def minimum(a, b):
    """The combine of minima for `tl.reduce` (`tl.min` is a JIT helper too)."""
    return tl.minimum(a, b)


@triton.jit
def e2m1_tiny(c):
    """4-bit E2M1 codes (s e1 e0 m, as uint32) -> their value times 2^-14, in float32: the three value bits
    placed at a half's exponent and mantissa top make the half `2^(e-15) (1 + m/2)` (`m 2^-15` at e = 0,
    a half subnormal), which its conversion to float32 keeps exactly; the sign goes to the half's sign
    bit. Five integer operations where assembling float32 bits took about twice as many."""
    half = ((c & 7) << 9) | ((c & 8) << 12)
    return half.to(tl.uint16).to(tl.float16, bitcast=True).to(tl.float32)


@triton.jit
def e2m1_value(c):
    """4-bit E2M1 codes (s e1 e0 m, as uint32) -> float32 (exact: `e2m1_tiny` times 2^14)."""
    return e2m1_tiny(c) * 16384.0


@triton.jit
def e4m3_value(q):
    """E4M3 (fn) bytes (as uint32) -> float32: normals from bits, e = 0 gives m * 2^-9, S.1111.111 is NaN."""
    e, m = (q >> 3) & 15, q & 7
    normal = (((q >> 7) << 31) | ((e + 120) << 23) | (m << 20)).to(tl.float32, bitcast=True)
    sub = ((m.to(tl.float32) * 0.001953125).to(tl.uint32, bitcast=True) | ((q >> 7) << 31)).to(tl.float32, bitcast=True)
    return tl.where((q & 127) == 127, float("nan"), tl.where(e > 0, normal, sub))


@triton.jit
def e4m3_float(q, HW_E4M3: tl.constexpr):
    """E4M3 codes -> float32: the GPU's own conversion (sm_89 and newer: exact, and far fewer instructions
    than assembling bits), else `e4m3_value`."""
    return e4m3_as(q, tl.float32, HW_E4M3)


@triton.jit
def e4m3_as(q, dtype: tl.constexpr, HW_E4M3: tl.constexpr):
    """E4M3 codes -> `dtype` (float32, bfloat16 or float16, each of which holds every E4M3 value exactly):
    the GPU's own conversion where it has one (`cvt` from e4m3 needs sm_89; Triton refuses `float8e4nv`
    below it), else `e4m3_value` rounded to `dtype`, which changes nothing."""
    if HW_E4M3:
        d = q.to(tl.float8e4nv, bitcast=True).to(dtype)
    else:
        d = e4m3_value(q.to(tl.uint32)).to(dtype)
    return d


# E4M3 codes -> bfloat16 without a conversion instruction, four codes (one 32-bit register) at a time, two a
# register: `prmt` puts each code in the high byte of a 16-bit half, its seven value bits shifted right by 4
# land on bfloat16's exponent and mantissa top (bfloat16 `2^(e-127) (1 + m/8)`, `m 2^-126 / 8` at e = 0),
# the sign stays, and a multiply by 2^120 rebases the exponent from 127 to E4M3's 7 (exact: a power of two;
# -0 as the addend keeps signed zeros). The GPU's `cvt` goes through float16 and converts each half to
# bfloat16 on its own, on the slow conversion pipe (`F2F.BF16.F16`): that bound the fused MoE's block-FP8
# K loop. S.1111.111 (NaN) decodes to +-480.
E4M3_BF16_QUADS = tl.constexpr("""{
.reg .b32 a, b, m, s;
mov.b32 m, 0x7B807B80;
mov.b32 s, 0x80008000;
prmt.b32 a, $2, 0, 0x1404;
prmt.b32 b, $2, 0, 0x3424;
and.b32 $0, a, 0x7F007F00; shr.b32 $0, $0, 4; and.b32 a, a, s; or.b32 $0, $0, a; fma.rn.bf16x2 $0, $0, m, s;
and.b32 $1, b, 0x7F007F00; shr.b32 $1, $1, 4; and.b32 b, b, s; or.b32 $1, $1, b; fma.rn.bf16x2 $1, $1, m, s;
}""")


@triton.jit
def e4m3_bf16(q):
    """E4M3 codes (uint8) -> bfloat16 by `E4M3_BF16_QUADS` (GPU builds only: inline PTX)."""
    return tl.inline_asm_elementwise(E4M3_BF16_QUADS, "=r,=r,r", [q], dtype=tl.bfloat16, is_pure=True, pack=4)


@triton.jit
def e4m3_code(v, HW_E4M3: tl.constexpr):
    """float32 `v` in [-448, 448] -> its E4M3 (fn) code (uint8), rounded to nearest even as torch's
    conversion to `float8_e4m3fn` rounds: the GPU's `cvt.rn.satfinite` (sm_89 and newer), else from bits
    (the interpreter's own conversion rounds ties away and flushes subnormals): normals drop float32's
    20 low mantissa bits with `bf16_bits`' carry, the exponent rebased from 127 to 7; below 2^-6 the
    code is `|v| * 2^9` (exact) rounded to an integer by adding and taking away 2^23 (0..8, where 8 is
    the smallest normal's code)."""
    if HW_E4M3:
        q = v.to(tl.float8e4nv).to(tl.uint8, bitcast=True)
    else:
        bits = v.to(tl.uint32, bitcast=True)
        mag = bits & 0x7FFFFFFF
        normal = ((mag + 0x7FFFF + ((mag >> 20) & 1)) >> 20) - (120 << 3)
        sub = ((mag.to(tl.float32, bitcast=True) * 512.0 + 8388608.0) - 8388608.0).to(tl.uint32)
        q = (tl.where(mag >= (121 << 23), normal, sub) | ((bits >> 31) << 7)).to(tl.uint8)
    return q


# `e2m1_tiny` of four packed bytes' eight nibbles at once, in PTX: each 32-bit register holds two bytes
# (`prmt` spreads them to its 16-bit halves), so every shift and mask decodes two nibbles where Triton's
# integer ops on 8-bit lanes decode one. Outputs: the low nibbles of bytes 0-1 and 2-3, then the high ones.
E2M1_PAIRS = tl.constexpr("""{
.reg .b32 a, b, t, u;
prmt.b32 a, $4, 0, 0x4140;
prmt.b32 b, $4, 0, 0x4342;
shl.b32 t, a, 9; and.b32 t, t, 0x0E000E00; shl.b32 u, a, 12; and.b32 u, u, 0x80008000; or.b32 $0, t, u;
shl.b32 t, b, 9; and.b32 t, t, 0x0E000E00; shl.b32 u, b, 12; and.b32 u, u, 0x80008000; or.b32 $1, t, u;
shl.b32 t, a, 5; and.b32 t, t, 0x0E000E00; shl.b32 u, a, 8; and.b32 u, u, 0x80008000; or.b32 $2, t, u;
shl.b32 t, b, 5; and.b32 t, t, 0x0E000E00; shl.b32 u, b, 8; and.b32 u, u, 0x80008000; or.b32 $3, t, u;
}""")


@triton.jit
def nvfp4_tile(
    w_rows, s_rows, k0, K, n_live, BLOCK_K: tl.constexpr, BLOCK_N: tl.constexpr, PTX: tl.constexpr,
    HW_E4M3: tl.constexpr,
):  # fmt: skip
    """`e2m1 * e4m3(block scale)` in float32, the `[BLOCK_K, BLOCK_N]` NVFP4 weight tile of inputs `k0 + i`
    (k0 and K multiples of 16; inputs from K on are 0) of the columns whose packed rows (bytes, low nibble the
    even input) start at `w_rows [1, BLOCK_N]` and whose E4M3 scale rows start at `s_rows [1, BLOCK_N]`.

    Each byte and each scale is loaded once, and the two nibbles' halves are interleaved after decoding:
    loading them per input (each byte twice, each scale 16 times) spilled on sm_90 with Triton 3.6
    (`scripts/experiments/fused_moe_build_check.py`). The masks compare `pairs` and `groups` themselves
    (never `pairs * 2`) with K's multiples: Triton then sees them constant along the contiguous bytes and
    copies the tile asynchronously, 8 bytes at a time, into its pipeline; `pairs * 2 < K` made each
    thread load byte by byte and wait for them. The product is exact in float32 and in 16-bit floats.
    `PTX` (a GPU build, `decoders`): the nibbles decoded in pairs by `E2M1_PAIRS`, else by bit operations
    (the interpreter), with the same values; `HW_E4M3`: the scales by the GPU's conversion (`e4m3_float`).
    Looking the codes up and scaling them in 16 bits instead (fewer instructions a K loop) was slower on
    the H100 at decode sizes (docs/measurements.md)."""
    pairs = tl.arange(0, BLOCK_K // 2) + k0 // 2
    packed = tl.load(w_rows + pairs[:, None], mask=(pairs < K // 2)[:, None] & n_live[None, :], other=0)
    groups = tl.arange(0, BLOCK_K // NVFP4_GROUP) + k0 // NVFP4_GROUP
    q = tl.load(s_rows + groups[:, None], mask=(groups < K // NVFP4_GROUP)[:, None] & n_live[None, :], other=0)
    d = tl.expand_dims(e4m3_float(q, HW_E4M3) * 16384.0, 1)  # a scale per 16 inputs (8 bytes), e2m1_tiny's 2^14
    d = tl.reshape(tl.broadcast_to(d, (BLOCK_K // NVFP4_GROUP, NVFP4_GROUP // 2, BLOCK_N)), (BLOCK_K // 2, BLOCK_N))
    if PTX:
        lo, hi = tl.inline_asm_elementwise(
            E2M1_PAIRS, "=r,=r,=r,=r,r", [packed], dtype=(tl.float16, tl.float16), is_pure=True, pack=4
        )
        lo, hi = lo.to(tl.float32) * d, hi.to(tl.float32) * d
    else:
        lo = e2m1_tiny(packed.to(tl.uint32) & 15) * d
        hi = e2m1_tiny(packed.to(tl.uint32) >> 4) * d
    return tl.reshape(tl.permute(tl.join(lo, hi), (0, 2, 1)), (BLOCK_K, BLOCK_N))


@triton.jit
def e8m0_value(u):
    """E8M0 bytes (as uint32) -> 2^(u-127) in float32: u >= 1 is the exponent field, u = 0 the subnormal
    2^-127 (bit 22), 0xFF NaN (as `formats.e8m0_decode`)."""
    bits = tl.where(u > 0, u << 23, u + 0x400000)
    return tl.where(u == 255, float("nan"), bits.to(tl.float32, bitcast=True))


@triton.jit
def mxfp8_tile(w_rows, s_rows, k0, K, n_live, BLOCK_K: tl.constexpr, BLOCK_N: tl.constexpr, HW_E4M3: tl.constexpr):
    """`e4m3 * 2^(e8m0 - 127)` in float32, the `[BLOCK_K, BLOCK_N]` MXFP8 weight tile of inputs `k0 + i`
    (k0 a multiple of BLOCK_K; inputs from K on are 0) of the columns whose code rows start at
    `w_rows [1, BLOCK_N]` and whose E8M0 scale rows start at `s_rows [1, BLOCK_N]`. A tile of whole
    32-input groups loads each scale once and broadcasts it; a 16-deep one loads one per input. A power
    of two times an E4M3 value is exact in float32 and in bfloat16 (whose exponent range is float32's),
    not in float16."""
    rk = k0 + tl.arange(0, BLOCK_K)
    codes = tl.load(w_rows + rk[:, None], mask=(rk < K)[:, None] & n_live[None, :], other=0)
    if BLOCK_K >= MXFP8_GROUP:
        groups = tl.arange(0, BLOCK_K // MXFP8_GROUP) + k0 // MXFP8_GROUP
        live = (groups < (K + MXFP8_GROUP - 1) // MXFP8_GROUP)[:, None] & n_live[None, :]
        u = tl.expand_dims(tl.load(s_rows + groups[:, None], mask=live, other=127), 1)
        u = tl.reshape(tl.broadcast_to(u, (BLOCK_K // MXFP8_GROUP, MXFP8_GROUP, BLOCK_N)), (BLOCK_K, BLOCK_N))
    else:
        u = tl.load(s_rows + (rk // MXFP8_GROUP)[:, None], mask=(rk < K)[:, None] & n_live[None, :], other=127)
    return e4m3_float(codes, HW_E4M3) * e8m0_value(u.to(tl.uint32))


@triton.jit
def bf16_bits(x):
    """float32 -> bfloat16 bits (int16), rounded to nearest even as torch does, NaN -> 0x7FC0 (Triton's
    interpreter truncates instead)."""
    bits = x.to(tl.uint32, bitcast=True)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return tl.where(x != x, 0x7FC0, rounded).to(tl.int16)


@triton.jit
def bf16_float(bits):
    """bfloat16 bits (int16) -> their float32 value (exact)."""
    return ((bits.to(tl.int32) & 0xFFFF) << 16).to(tl.float32, bitcast=True)


@triton.jit
def operand_like(d, like, DOT_F32: tl.constexpr):
    """float32 `d` as an MMA operand beside `like`, rounded to nearest even to `like`'s dtype: in that dtype
    (the GPU's conversion), or with DOT_F32 (float32 products) as float32 values. A bfloat16 `like` there
    is rounded by `bf16_bits`: the interpreter's own bfloat16 conversion mishandles subnormals (which only
    MXFP8 weights below 2^-126 reach)."""
    if DOT_F32 and like.dtype == tl.bfloat16:
        d = bf16_float(bf16_bits(d))
    else:
        d = d.to(like.dtype)
    return d


def kept_block_k(kind: str, block_k: int, bk: int, dtype: torch.dtype) -> int:
    """The K tile a GEMM over kept weights of `kind` runs with. A float32 partial scaled once per K tile
    (block FP8's float32 multipliers, MXFP8 under float16) needs the tile inside one scale group: `bk`'s
    largest power-of-two divisor, MXFP8's 32. Tiles whose scales are decoded into them (NVFP4, MXFP8 under
    bfloat16 and float32, `mxfp8_tile`) and scales applied after the K loop take any K tile."""
    if kind == "fp8_block":
        return min(block_k, bk & -bk)
    if kind == "mxfp8" and dtype == torch.float16:
        return min(block_k, formats.MXFP8_GROUP)
    return block_k


# The oldest GPUs the kernels run on: Triton (3.2 on) multiplies `tl.dot` below sm_80 with FMA loops, for
# every dtype (no tensor cores; sm_70 has no bfloat16 arithmetic at all), spilling kilobytes a thread in the
# GEMMs (`tests/model/test_gpu_builds.py` builds sm_70), and supports CC 8.0+ only.
MIN_CAPABILITY = (8, 0)
E4M3_CAPABILITY = (8, 9)  # `cvt` from E4M3 (Ada, Hopper and newer)
PDL_CAPABILITY = (9, 0)  # `griddepcontrol`, Triton's `launch_pdl`


@functools.cache
def _capability(index: int) -> tuple[int, int]:
    return torch.cuda.get_device_capability(index)


def capability(t: torch.Tensor) -> tuple[int, int]:
    """The compute capability of CUDA tensor `t`'s GPU; RuntimeError naming it and `t`'s dtype below
    `MIN_CAPABILITY`, where the kernels would build but not run as written."""
    found = _capability(t.device.index)
    if found < MIN_CAPABILITY:
        raise RuntimeError(
            f"{t.device} is sm_{found[0]}{found[1]}: qcompile's Triton kernels need sm_"
            f"{MIN_CAPABILITY[0]}{MIN_CAPABILITY[1]} or newer (Triton builds tl.dot below it as FMA loops, "
            f"without tensor cores; sm_70 has no bfloat16 arithmetic), got {t.dtype} tensors"
        )
    return found


def decoders(t: torch.Tensor) -> dict[str, bool]:
    """The keywords that choose how kernels on `t`'s device decode stored codes (`gpu_decoders`); neither
    in Triton's interpreter, which decodes with bit operations."""
    return gpu_decoders(capability(t)) if t.is_cuda else {"PTX": False, "HW_E4M3": False}


def gpu_decoders(found: tuple[int, int]) -> dict[str, bool]:
    """How kernels built for a GPU of capability `found` decode stored codes: `PTX`, with `codes`' inline
    PTX (`E2M1_PAIRS`: `prmt`, shifts and masks, on every GPU), and `HW_E4M3`, by the GPU's E4M3 conversion
    (`E4M3_CAPABILITY`)."""
    return {"PTX": True, "HW_E4M3": found >= E4M3_CAPABILITY}


def pdl(t: torch.Tensor) -> bool:
    """Whether kernels on `t`'s device launch as programmatic dependents (`launch_pdl`, sm_90 and newer).

    Such a kernel's programs may start while the kernel before it still runs, and load weights
    meanwhile: nothing in a decode step writes them. Everything else waits for `wait_for_inputs`, which
    returns when the kernel before has finished and its writes are visible; every program calls it
    before its first other load and its first store (a store earlier could overwrite memory the kernel
    before still reads). Only then does it let the next kernel start, so at most one kernel waits at a
    time, and when a kernel starts, the one two back has finished: Inductor's PDL kernels
    (`triton.enable_pdl`) load what neither of their two predecessors wrote before they wait, and
    keep the same rule. Kernels launched without it (cuBLAS's) start after the one before as always.
    `QCOMPILE_PDL=0` turns it off (`model.kernels.pdl_enabled`)."""
    return t.is_cuda and capability(t) >= PDL_CAPABILITY and pdl_enabled()


def pdl_launch(t: torch.Tensor) -> dict[str, bool]:
    """The keywords that launch a kernel on `t`'s device under the `pdl` protocol: its `PDL` constexpr
    and Triton's `launch_pdl`."""
    dependent = pdl(t)
    return {"PDL": dependent, "launch_pdl": dependent}


@triton.jit
def wait_for_inputs(PDL: tl.constexpr):
    """Return once the kernel before has finished and its writes are visible, and let the next kernel's
    programs start (the protocol of `pdl`)."""
    if PDL:
        tl.extra.cuda.gdc_wait()
        tl.extra.cuda.gdc_launch_dependents()


# The interpreter reduces and scans with numpy for Triton's own combines (`np.sum`, `np.nanmax`, `np.cumsum`)
# and one element at a time in Python for any other: an interpreted copy of a kernel names Triton's combine
# where the kernel names ours (the same `a + b`, `maximum`, `minimum`; the GPU kernels keep ours).
NUMPY_COMBINES = {
    id(ours): triton_s
    for ours, triton_s in (
        (add, tl.standard._sum_combine),
        (maximum, tl.standard._elementwise_max),
        (minimum, tl.standard._elementwise_min),
        (tl.standard._sum_combine, tl.standard._sum_combine),
    )
}


@functools.cache
def interpreted(kernel: Any) -> Any:
    """`kernel` for CPU tensors: Triton's interpreter (what `TRITON_INTERPRET=1` would give).

    Without `TRITON_INTERPRET` the interpreter cannot call `@triton.jit` helpers, so the copy it runs
    names plain copies of the helpers instead, whose own helpers are named the same way (any module's),
    and Triton's combines for reductions and scans (`NUMPY_COMBINES`: the interpreter calls those itself).
    The kernel's `do_not_specialize` lists go along, as `TRITON_INTERPRET=1`'s `triton.jit` keeps them
    (`jit_keys` reads them).

    The interpreter's integer overflow sanitizer goes off unless Triton's debug option is on: it redoes
    every int32 add, subtract and multiply in int64 (half the time of some tests) for a `device_assert`
    that does nothing without debug, as on the GPU, whose compile turns the sanitizer off then too."""
    from triton.runtime.interpreter import InterpretedFunction, interpreter_builder

    if not interpreter_builder.options.debug:  # its overflow checks would each end in a no-op assert
        interpreter_builder.options = dataclasses.replace(interpreter_builder.options, sanitize_overflow=False)
    if isinstance(kernel, InterpretedFunction):
        return kernel
    return InterpretedFunction(
        _plain(kernel, {}),
        do_not_specialize=kernel.do_not_specialize,
        do_not_specialize_on_alignment=kernel.do_not_specialize_on_alignment,
    )


def _plain(jitted: Any, done: dict[int, Any]) -> Any:
    """A copy of `jitted`'s Python function whose global JIT helpers are plain copies too (`interpreted`)."""
    from triton.runtime.jit import JITFunction

    if id(jitted) in done:
        return done[id(jitted)]
    fn = jitted.fn
    names: dict[str, Any] = dict(fn.__globals__)
    clone = done[id(jitted)] = _rebound(fn, names)
    for k, v in fn.__globals__.items():
        if id(v) in NUMPY_COMBINES:
            names[k] = NUMPY_COMBINES[id(v)]
        elif isinstance(v, JITFunction):
            names[k] = _plain(v, done)
    return clone


def _rebound(fn: Any, names: dict[str, Any]) -> Any:
    """A copy of the function `fn` that looks its globals up in `names`."""
    clone = types.FunctionType(fn.__code__, names, fn.__name__, fn.__defaults__, fn.__closure__)
    clone.__qualname__, clone.__module__, clone.__annotations__ = fn.__qualname__, fn.__module__, fn.__annotations__
    return clone
