"""Element codes and per-format dequant against values computed by hand from the documented formulas."""

from __future__ import annotations

import math

import torch

from model.quant import formats as F


def e4m3_from_bits(b: int) -> float:
    """notes §5: bias 7, no infinities, S.1111.111 = NaN; e=0 is subnormal (m/8)·2^-6."""
    s, e, m = b >> 7, (b >> 3) & 0xF, b & 7
    if e == 15 and m == 7:
        return math.nan
    mag = (1 + m / 8) * 2.0 ** (e - 7) if e else (m / 8) * 2.0**-6
    return -mag if s else mag


def test_e2m1_every_code() -> None:
    expected = [0, 0.5, 1, 1.5, 2, 3, 4, 6]
    expected += [-v for v in expected]
    assert F.e2m1_decode(torch.arange(16)).tolist() == expected
    assert math.copysign(1.0, float(F.e2m1_decode(torch.tensor([8])))) == -1.0  # code 8 is -0


def test_e4m3_every_code_including_subnormals_and_nan() -> None:
    bits = torch.arange(256, dtype=torch.uint8)
    got = F.e4m3_decode(bits.view(F.FP8)).tolist()
    for b, v in enumerate(got):
        want = e4m3_from_bits(b)
        assert (math.isnan(v) and math.isnan(want)) or v == want, (b, v, want)
    assert got[1] == 2.0**-9 and got[7] == 7 / 8 * 2.0**-6 and got[0x7E] == 448.0


def test_e8m0_every_code() -> None:
    got = F.e8m0_decode(torch.arange(256, dtype=torch.uint8))
    assert got[127] == 1.0 and got[0] == 2.0**-127 and got[254] == 2.0**127 and math.isnan(got[255])
    assert all(got[u] == 2.0 ** (u - 127) for u in range(255))


def test_unpack_low_nibble_first() -> None:
    assert F.unpack_fp4(torch.tensor([[0x21, 0xF8]], dtype=torch.uint8)).tolist() == [[1, 2, 8, 15]]


def _fp8(x: list[float] | float) -> torch.Tensor:
    return torch.tensor(x, dtype=torch.float32).to(F.FP8)


def test_nvfp4_hand_values() -> None:
    # 32 elements: block 0 codes 0..15, block 1 codes 15..0; block scales 2 and 0.5; global 0.25.
    codes = torch.cat([torch.arange(16), torch.arange(15, -1, -1)]).to(torch.uint8)
    packed = (codes[0::2] | (codes[1::2] << 4))[None]
    w = F.dequant_nvfp4(packed, _fp8([[2.0, 0.5]]), torch.tensor(0.25))
    lut = [0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6]
    want = [lut[c] * 2 * 0.25 for c in range(16)] + [lut[c] * 0.5 * 0.25 for c in range(15, -1, -1)]
    assert w[0].tolist() == want
    # compressed-tensors: the global scale divides (4 = 1 / 0.25 gives the same weight)
    assert torch.equal(F.dequant_nvfp4_ct(packed, _fp8([[2.0, 0.5]]), torch.tensor([4.0])), w)


def test_mxfp8_hand_values() -> None:
    w = _fp8([[1.5] * 32 + [-0.25] * 32])
    out = F.dequant_mxfp8(w, torch.tensor([[127 + 3, 127 - 2]], dtype=torch.uint8))
    assert out[0, :32].eq(12.0).all() and out[0, 32:].eq(-0.0625).all()


def test_fp8_block_partial_edge_blocks() -> None:
    # [130, 200] with 128x128 blocks: scale [2, 2]; the edge blocks are 2 rows / 72 columns wide.
    w = torch.ones(130, 200).to(F.FP8)
    s = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    out = F.dequant_fp8_block(w, s, (128, 128))
    assert out.shape == (130, 200)
    assert out[:128, :128].eq(1).all() and out[:128, 128:].eq(2).all()
    assert out[128:, :128].eq(3).all() and out[128:, 128:].eq(4).all()
    # batched (fused experts) weights carry the leading dims through
    out3 = F.dequant_fp8_block(w.expand(3, 130, 200), s.expand(3, 2, 2), (128, 128))
    assert torch.equal(out3[2], out)


def test_fp8_per_tensor_and_per_channel() -> None:
    w = _fp8([[1.0, -2.0], [0.5, 448.0]])
    assert F.dequant_fp8_scaled(w, torch.tensor([0.5], dtype=torch.bfloat16)).tolist() == [[0.5, -1], [0.25, 224]]
    assert F.dequant_fp8_scaled(w, torch.tensor([[2.0], [0.25]])).tolist() == [[2, -4], [0.125, 112]]
