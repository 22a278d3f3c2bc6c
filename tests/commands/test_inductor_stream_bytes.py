"""`scripts/experiments/stream_bytes.py` at tiny size: every compiled piece's fused schedule is recorded,
and its byte counts are the buffers' sizes (the hyper-connection read's mix kernel reads two stream
tensors and writes the sublayer input, a quarter of one)."""

from __future__ import annotations

import pytest
import torch

from model.hyper import write_torch
from model.norm import centered_rms_norm
from model.rope import apply_rope, cos_sin, inv_freq
from scripts.experiments import stream_bytes as sb

TOKENS = 40


@pytest.fixture(scope="module")
def pieces() -> list[sb.Piece]:
    args = ["--preset", "tiny", "--dtype", "float32", "--tokens", str(TOKENS), "--experts", "8", "--vocab", "512"]
    return sb.main(args)


def test_every_piece_is_scheduled(pieces: list[sb.Piece]) -> None:
    # tiny: 3 GDN layers and an attention layer, so 4 splitting ops and 5 pieces between them
    assert [p.name for p in pieces] == [f"submod_{i}" for i in range(0, 10, 2)]
    for p in pieces:
        assert p.kernels, f"{p.name}: no Inductor kernel"
        assert "aten.mm.out" in {n.kind for n in p.nodes}, f"{p.name}: no GEMM between its kernels"


def test_mix_kernel_bytes_are_its_buffers(pieces: list[sb.Piece]) -> None:
    """x = mean_s(G_s ⊙ Ĥ_s): the gate and the normed streams in, `[T, d]` out, once per read."""
    stream = TOKENS * 4 * 64 * 4  # tiny: hc 4 x hidden 64, float32
    mixes = [n for p in pieces for n in p.kernels if n.big_reads == 2.0 and n.written == stream // 4]
    assert len(mixes) == 4 * 2 + 1  # two reads a layer, and the final mixer's
    assert all(n.read == 2 * stream for n in mixes)


def test_a_write_and_its_grouped_norm_are_one_kernel() -> None:
    """The hyper-connection write, the grouped norm's reduction and its normalise fuse into one kernel
    that reads the streams once and writes the written and the normed streams (`model.norm`'s cast
    before the flatten keeps the normalise in the reduction's loop)."""
    t, n, d = 8, 4, 64
    h, y, inject, weight = torch.randn(t, n * d), torch.randn(t, d), torch.rand(t, n), torch.randn(n * d)

    def write_norm(h: torch.Tensor, inject: torch.Tensor, y: torch.Tensor, weight: torch.Tensor) -> tuple:
        h = write_torch(h, inject, y)
        return h, centered_rms_norm(h, weight, 1e-6, d)

    stream = h.nbytes
    (kernel,) = sb.fused_schedule(write_norm, h, inject, y, weight, stream_bytes=stream)
    assert kernel.read == stream + y.nbytes + inject.nbytes + weight.nbytes
    assert kernel.written == 2 * stream


def test_a_slice_read_counts_the_slice() -> None:
    """A norm over one head's slice of a fused projection reads that slice; Inductor's own estimate
    counts the whole projection once the kernel's reads cover its size (`Node.estimate`)."""
    t, width, heads, dim = 16, 1024, 2, 128
    proj, weight = torch.randn(t, width), torch.randn(dim)

    def head_norm(proj: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        return centered_rms_norm(proj[:, 512 : 512 + heads * dim].view(t, heads, dim), weight, 1e-6, None)

    (kernel,) = sb.fused_schedule(head_norm, proj, weight, stream_bytes=proj.nbytes)
    out = t * heads * dim * 4
    assert kernel.read == out + weight.nbytes and kernel.written == out
    assert kernel.estimate == proj.nbytes + weight.nbytes + out


def test_norm_and_partial_rope_are_one_kernel() -> None:
    """A head norm and the partial rope after it (two halves rotated, the rest passed through, joined by
    one concatenation) lower as on a GPU, where the concatenation is one pointwise kernel fused into the
    norm's: the head read once, the rotated head written once."""
    t, heads, dim, rd = 16, 2, 64, 16
    x, weight = torch.randn(t, heads, dim), torch.randn(dim)
    cos, sin = cos_sin(torch.arange(t), inv_freq(rd, 1e4), torch.float32)

    def norm_rope(x: torch.Tensor, weight: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
        return apply_rope(centered_rms_norm(x, weight, 1e-6, None), cos, sin)

    (kernel,) = sb.fused_schedule(norm_rope, x, weight, cos, sin, stream_bytes=x.nbytes)
    assert kernel.written == x.nbytes
    assert x.nbytes < kernel.read <= x.nbytes + weight.nbytes + 2 * (cos.nbytes + sin.nbytes)


@pytest.fixture(scope="module")
def decode() -> tuple[list[sb.Piece], int]:
    """A decode step of one request (`--decode`, the engine's size-1 range) at tiny size."""
    args = ["--preset", "tiny", "--dtype", "float32", "--tokens", "1", "--decode", "--experts", "8", "--vocab", "512"]
    return sb.main(args), 4  # tiny: 4 layers, the last an attention layer


def test_decode_kernels_are_split_by_layer(decode: tuple[list[sb.Piece], int]) -> None:
    """Every kernel lands in one part (embedding, a layer, the final mixer), by the hyper-connection op
    before it, and a layer's kernels run its own functions."""
    pieces, layers = decode
    parts = sb.layer_kernels(pieces, layers)
    assert sum(map(len, parts)) == sum(len(p.kernels) for p in pieces)
    gdn, attention = parts[1 + 2], parts[1 + 3]
    assert any("gdn.py:l2norm" in n.sources for n in gdn)
    assert not any("attention.py" in s for n in gdn for s in n.sources)
    assert any("rope.py:apply_rope" in n.sources for n in attention)
    assert not any("gdn.py" in s for n in attention for s in n.sources)


def test_decode_gdn_layer_kernels(decode: tuple[list[sb.Piece], int]) -> None:
    """A GDN layer's decode step: beta's sigmoid and g's softplus in one kernel; the conv's tail written
    in place (no copy of every slot's tail into a new buffer, none back)."""
    pieces, layers = decode
    gdn = sb.layer_kernels(pieces, layers)[1 + 2]
    gates = [n for n in gdn if "sigmoid" in n.ops and "log1p" in n.ops]
    assert len(gates) == 1 and "cat" in gates[0].ops
    assert not [n for n in gdn if n.ops == ["copy_"]]
    assert [n for n in gdn if "index_put_" in n.ops]
