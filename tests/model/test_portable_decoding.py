"""The kernels' decoding on GPUs older than Hopper gives the values of its decoding there.

`codes.decoders` picks at launch how stored codes are decoded: sm_89 and newer convert E4M3 in hardware
(`HW_E4M3`); sm_80 and sm_86, which lack the instruction (Triton refuses `float8e4nv` there), assemble the
bits (`codes.e4m3_value`), and every GPU decodes NVFP4 nibbles with `codes`' PTX (`PTX`, `E2M1_PAIRS`).
Triton's interpreter runs both E4M3 conversions, so here each kernel runs with
each, and the results must agree to the bit; on a Hopper GPU (`-m gpu`) each kernel runs its own decoding
and sm_86's. Below sm_80 the kernels refuse to run (`codes.capability`).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import torch

pytest.importorskip("triton", reason="the kernels need Triton")
import triton
import triton.language as tl

from model.kernels import codes, fused_moe, weight_only
from model.kernels.codes import e4m3_as
from model.quant.experts import EXPERT_FORMATS
from tests.model.test_fused_moe import experts_and_router, kept, routed
from tests.quant.test_weight_only import any_kind_module

HOPPER_E4M3 = {"PTX": False, "HW_E4M3": True}  # the interpreter has no PTX; the conversion is Hopper's
TO_DTYPE = {torch.float32: tl.float32, torch.bfloat16: tl.bfloat16, torch.float16: tl.float16}


@triton.jit
def _e4m3_kernel(codes_in, out, DTYPE: tl.constexpr, HW_E4M3: tl.constexpr):
    """out[i] = float32(e4m3_as(codes[i], DTYPE)) for 256 codes."""
    i = tl.arange(0, 256)
    tl.store(out + i, e4m3_as(tl.load(codes_in + i), DTYPE, HW_E4M3).to(tl.float32))


def e4m3_decoded(dtype: torch.dtype, hw_e4m3: bool) -> torch.Tensor:
    """`_e4m3_kernel` over every code, interpreted."""
    every = torch.arange(256, dtype=torch.int32).to(torch.uint8)
    out = torch.empty(256)
    codes.interpreted(_e4m3_kernel)[(1,)](every, out, DTYPE=TO_DTYPE[dtype], HW_E4M3=hw_e4m3)
    return out


@pytest.mark.parametrize("dtype", list(TO_DTYPE))
def test_e4m3_bits_give_the_hardware_conversion(dtype: torch.dtype) -> None:
    """All 256 E4M3 codes in each operand dtype: torch's `float8_e4m3fn` values and signs (signed zeros,
    subnormals down to 2^-9, 448, NaN for S.1111.111), and the interpreter's model of the GPU's conversion
    but for NaN (which it reads as 480, the GPU's `cvt` as NaN)."""
    every = torch.arange(256, dtype=torch.int32).to(torch.uint8)
    want = every.view(torch.float8_e4m3fn).float()
    bits, hardware = e4m3_decoded(dtype, False), e4m3_decoded(dtype, True)
    nan = want.isnan()
    assert torch.equal(bits.isnan(), nan) and every[nan].tolist() == [0x7F, 0xFF]
    assert torch.equal(bits[~nan].view(torch.int32), want[~nan].view(torch.int32))
    assert torch.equal(bits[~nan].view(torch.int32), hardware[~nan].view(torch.int32))


def _prmt(a: int, b: int, sel: int) -> int:
    """PTX `prmt.b32` (default mode): byte i of the result is byte `sel`'s nibble i of `{b, a}`."""
    pool = (b << 32) | a
    return sum(((pool >> (8 * ((sel >> (4 * i)) & 7))) & 0xFF) << (8 * i) for i in range(4))


def _fma_bf16x2(a: int, b: int, c: int) -> int:
    """PTX `fma.rn.bf16x2` on two halves, IEEE with subnormals (products here are exact: powers of two)."""

    def half(x: int, i: int) -> torch.Tensor:
        return torch.tensor([(x >> (16 * i)) & 0xFFFF], dtype=torch.int32).to(torch.int16).view(torch.bfloat16)

    out = 0
    for i in range(2):
        r = (half(a, i).double() * half(b, i).double() + half(c, i).double()).to(torch.bfloat16)
        out |= (int(r.view(torch.int16).item()) & 0xFFFF) << (16 * i)
    return out


def run_ptx(asm: str, inputs: list[int], outputs: int) -> list[int]:
    """A CPU model of the PTX subset `codes`' decoders use, over 32-bit registers (`$0..` the operands)."""
    regs = {f"${outputs + i}": v for i, v in enumerate(inputs)}

    def value(x: str) -> int:
        return int(x, 0) & 0xFFFFFFFF if x[0].isdigit() else regs[x]

    ops = {
        "mov.b32": lambda a: a,
        "prmt.b32": _prmt,
        "and.b32": lambda a, b: a & b,
        "or.b32": lambda a, b: a | b,
        "shr.b32": lambda a, b: a >> b,
        "shl.b32": lambda a, b: (a << b) & 0xFFFFFFFF,
        "fma.rn.bf16x2": _fma_bf16x2,
    }
    for line in asm.strip("{}\n").split(";"):
        op, _, args = line.strip().partition(" ")
        if op in ("", ".reg"):
            continue
        dst, *srcs = (a.strip() for a in args.split(","))
        regs[dst] = ops[op](*map(value, srcs))
    return [regs[f"${i}"] for i in range(outputs)]


def test_e4m3_quads_give_torch_values() -> None:
    """`codes.E4M3_BF16_QUADS` (GPU builds' E4M3 -> bfloat16, inline PTX the interpreter cannot run), on a CPU
    model of its instructions: every code at each of a register's four bytes gives torch's bfloat16 bits
    (signed zeros, subnormals down to 2^-9, 448), and NaN's two codes +-480 (`test_gpu_e4m3_quads_...`)."""
    every = torch.arange(256, dtype=torch.int32).to(torch.uint8)
    want = every.view(torch.float8_e4m3fn).to(torch.bfloat16)
    want[every == 0x7F], want[every == 0xFF] = 480.0, -480.0
    want_bits = [int(v) & 0xFFFF for v in want.view(torch.int16).tolist()]
    g = torch.Generator().manual_seed(0)
    for position in range(4):
        for code in range(256):
            quad = torch.randint(0, 256, (4,), generator=g).tolist()
            quad[position] = code
            lo, hi = run_ptx(codes.E4M3_BF16_QUADS.value, [int.from_bytes(bytes(quad), "little")], 2)
            got = [lo & 0xFFFF, lo >> 16, hi & 0xFFFF, hi >> 16]
            assert got == [want_bits[c] for c in quad], (position, code)


@triton.jit
def _e4m3_bf16_kernel(codes_in, out):
    """out[i] = e4m3_bf16(codes[i]) for 256 codes."""
    i = tl.arange(0, 256)
    tl.store(out + i, codes.e4m3_bf16(tl.load(codes_in + i)))


@pytest.mark.gpu
def test_gpu_e4m3_quads_give_the_gpu_conversion() -> None:
    """On the GPU, `codes.e4m3_bf16` gives the hardware conversion's bfloat16 bits for every code (its fma
    keeps subnormals and signed zeros) but NaN's two, which it reads as +-480."""
    every = torch.arange(256, dtype=torch.int32).to(torch.uint8).cuda()
    got = torch.empty(256, dtype=torch.bfloat16, device="cuda")
    _e4m3_bf16_kernel[(1,)](every, got)
    want = every.view(torch.float8_e4m3fn).to(torch.bfloat16)
    nan = want.isnan()
    assert every[nan].tolist() == [0x7F, 0xFF] and got[nan].tolist() == [480.0, -480.0]
    assert torch.equal(got[~nan].view(torch.int16), want[~nan].view(torch.int16))


# the other decoding each device runs: Hopper's E4M3 conversion in the interpreter (which has no PTX), and
# on a GPU of sm_89 or newer, sm_86's (its bits through the same PTX decoding)
OTHER = {"cpu": HOPPER_E4M3, "cuda": codes.gpu_decoders((8, 6))}
DEVICES = ["cpu", pytest.param("cuda", marks=pytest.mark.gpu)]


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", list(TO_DTYPE))
@pytest.mark.parametrize("kind", list(weight_only.KINDS))
def test_weight_only_gemm_decodes_alike(
    kind: str, dtype: torch.dtype, device: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every stored kind, split over K (the partials' sum too), each operand dtype."""
    g = torch.Generator().manual_seed(1)
    module = any_kind_module(g, kind, 48, 160).to(device)
    module.block_n, module.block_k, module.split_k = 32, 64, 2
    x = torch.randn(3, 160, generator=g).to(device, dtype)
    own = module(x)
    monkeypatch.setattr(weight_only, "decoders", lambda t: OTHER[device])
    assert torch.equal(own, module(x))


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("quant", EXPERT_FORMATS)
def test_fused_moe_decodes_alike(quant: str, device: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both GEMMs of every stored expert format, bf16 activations, several tokens."""
    experts, router = experts_and_router(device=device, dtype=torch.bfloat16)
    x, weights, ids = routed(router, 5, seed=4)
    packed, _ = kept(experts, quant)
    with torch.no_grad():
        own = fused_moe.fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, **packed.stored())
        monkeypatch.setattr(fused_moe, "decoders", lambda t: OTHER[device])
        other = fused_moe.fused_moe(x, weights, ids, packed.gate_up_proj, packed.down_proj, **packed.stored())
    assert torch.equal(own, other)


def on_gpu(found: tuple[int, int], dtype: torch.dtype = torch.bfloat16) -> torch.Tensor:
    """A stand-in for a CUDA tensor on a GPU of capability `found` (`codes.capability` reads only these)."""
    return SimpleNamespace(is_cuda=True, device=torch.device("cuda", 0), dtype=dtype)  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("found", "decoded", "dependent"),
    [
        ((8, 0), False, False),
        ((8, 6), False, False),
        ((8, 9), True, False),
        ((9, 0), True, True),
        ((12, 0), True, True),
    ],
)
def test_launch_flags_follow_the_capability(
    found: tuple[int, int], decoded: bool, dependent: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """sm_80 and sm_86 assemble E4M3 bits, sm_89 on convert them; sm_90 on launch as dependents."""
    monkeypatch.setattr(codes, "_capability", lambda index: found)
    assert codes.decoders(on_gpu(found)) == {"PTX": True, "HW_E4M3": decoded}
    assert codes.pdl_launch(on_gpu(found)) == {"PDL": dependent, "launch_pdl": dependent}


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize("found", [(7, 0), (7, 5)])
def test_gpus_before_sm80_are_refused(
    found: tuple[int, int], dtype: torch.dtype, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every launcher asks `pdl_launch`, the kernels' decoders ask `decoders`: both name the GPU's capability
    and the dtype (Triton has no tensor-core `tl.dot` there, `test_gpu_builds.py` shows it)."""
    monkeypatch.setattr(codes, "_capability", lambda index: found)
    want = rf"cuda:0 is sm_{found[0]}{found[1]}: .* need sm_80 or newer .* got {dtype} tensors"
    for ask in (codes.pdl_launch, codes.decoders):
        with pytest.raises(RuntimeError, match=want):
            ask(on_gpu(found, dtype))
