"""The per-(row, 128-input group) FP8 activation quantiser (`model/kernels/act_quant.py`) against its torch
reference (`pack.pack_fp8_groups`), bit for bit: both divide in IEEE float32 and round to nearest even."""

from __future__ import annotations

import pytest
import torch

pytest.importorskip("triton", reason="the quantiser is a Triton kernel")
from model.kernels.act_quant import ACT_GROUP, quantize_groups
from model.quant.formats import e4m3_decode
from model.quant.pack import pack_fp8_groups


def activations(rows: int, k: int, dtype: torch.dtype, device: str = "cpu") -> torch.Tensor:
    """Values spread over 2^-20 .. 2^12, so groups hold E4M3 subnormals, ties and their largest code; row 1
    is all zero (a padding row), row 2 zero in its first group only."""
    g = torch.Generator().manual_seed(rows * 1000 + k)
    x = torch.randn(rows, k, generator=g) * torch.exp2(torch.randint(-20, 12, (rows, k), generator=g).float())
    x[1] = 0.0
    x[2, :ACT_GROUP] = 0.0
    return x.to(device, dtype)


@pytest.mark.parametrize("rows, k", [(5, 128), (19, 200), (3, 64)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_kernel_is_the_reference_bit_for_bit(rows: int, k: int, dtype: torch.dtype) -> None:
    x = activations(rows, k, dtype)
    codes, scales = quantize_groups(x)
    want_codes, want_scales = pack_fp8_groups(x)
    assert torch.equal(scales, want_scales)
    assert torch.equal(codes, want_codes.view(torch.uint8))
    assert torch.equal(scales[1], torch.zeros_like(scales[1])) and not codes[1].any()  # zero rows stay 0


def test_every_code_and_tie_rounds_to_nearest_even() -> None:
    """Each E4M3 magnitude, the midpoints between neighbours (ties) and points just off them, with the
    group's largest value 448 so that the scale is exactly 1."""
    values = e4m3_decode(torch.arange(0, 127, dtype=torch.uint8).view(torch.float8_e4m3fn))
    mids = (values[1:] + values[:-1]) / 2
    probe = torch.cat([values, mids, mids * (1 + 2**-20), mids * (1 - 2**-20)])
    probe = torch.cat([probe, -probe])
    x = torch.nn.functional.pad(probe, (0, -probe.numel() % ACT_GROUP)).reshape(-1, ACT_GROUP)
    x[:, 0] = 448.0
    codes, scales = quantize_groups(x)
    assert torch.equal(scales, torch.ones_like(scales))
    assert torch.equal(codes, x.to(torch.float8_e4m3fn).view(torch.uint8))


def test_dequantised_within_half_a_code() -> None:
    """|x - e4m3 · s| <= 2^-4 |x| for normal codes and <= 2^-10 s below them (half E4M3's spacing)."""
    x = activations(8, 256, torch.float32)
    codes, scales = quantize_groups(x)
    back = e4m3_decode(codes.view(torch.float8_e4m3fn)) * scales.repeat_interleave(ACT_GROUP, dim=1)
    s = scales.repeat_interleave(ACT_GROUP, dim=1)
    assert ((x - back).abs() <= torch.maximum(x.abs() * 2**-4, s * 2**-10)).all()


def test_unused_blocks_are_left() -> None:
    """Slots of the fused MoE's unused blocks (expert E) are not read or written; the others are quantised."""
    x = activations(64, 200, torch.float32)
    block_expert = torch.tensor([0, 3, 4, 1], dtype=torch.int32)  # 4 experts: block 2 is unused
    codes, scales = quantize_groups(x, (block_expert, 4, 16))
    want_codes, want_scales = pack_fp8_groups(x)
    used = torch.arange(64) // 16 != 2
    assert torch.equal(codes[used], want_codes[used].view(torch.uint8))
    assert torch.equal(scales[used], want_scales[used])
    with pytest.raises(ValueError, match="quantize_groups: block_m must be a multiple of 16, got 8"):
        quantize_groups(x, (block_expert, 4, 8))


def test_bad_input_names_it() -> None:
    with pytest.raises(ValueError, match=r"quantize_groups: x must be a contiguous 2-D float tensor, got .* \[4\]"):
        quantize_groups(torch.zeros(4))


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16, torch.float16])
def test_gpu_kernel_is_the_reference_bit_for_bit(dtype: torch.dtype) -> None:
    if torch.cuda.get_device_capability() < (8, 9):
        pytest.skip("the GPU's E4M3 conversion needs sm_89")
    x = activations(300, 4096 + 64, dtype, "cuda").clamp(-60000, 60000)
    codes, scales = quantize_groups(x)
    want_codes, want_scales = pack_fp8_groups(x)
    assert torch.equal(scales, want_scales)
    assert torch.equal(codes, want_codes.view(torch.uint8))
