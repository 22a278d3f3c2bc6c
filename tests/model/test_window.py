"""`model/window.py`: the causal conv's per-tap rows are the gathered window's, and the conv over them is
torch's depthwise `conv1d` over each request's tail followed by its chunk."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from model.window import causal_conv, gather_window, window_row

CHANNELS = 6


def flat_batch(lengths: list[int], slots: list[int]) -> tuple[torch.Tensor, torch.Tensor]:
    """`slots`, `offsets` of requests of `lengths` tokens laid out flat."""
    slot = torch.cat([torch.full((n,), s) for n, s in zip(lengths, slots, strict=True)])
    offsets = torch.cat([torch.arange(n) for n in lengths])
    return slot, offsets


@pytest.mark.parametrize(("kernel", "dilation"), [(4, 1), (3, 2)])
def test_rows_are_the_window_and_the_conv_is_conv1d(kernel: int, dilation: int) -> None:
    gen = torch.Generator().manual_seed(kernel * dilation)
    w = (kernel - 1) * dilation
    lengths, slot_ids = [5, 1, 9], [2, 0, 1]
    slots, offsets = flat_batch(lengths, slot_ids)
    x = torch.randn(sum(lengths), CHANNELS, generator=gen)
    tail = torch.randn(3, w, CHANNELS, generator=gen)
    weight = torch.randn(CHANNELS, 1, kernel, generator=gen)

    window = gather_window(x, tail, slots, offsets)
    for j in range(w + 1):
        assert torch.equal(window_row(x, tail, slots, offsets, w - j), window[:, j])

    out = causal_conv(x, tail, slots, offsets, weight, dilation)
    start = 0
    for n, s in zip(lengths, slot_ids, strict=True):
        seq = torch.cat([tail[s], x[start : start + n]]).T[None]  # [1, C, W + n]: the tail, then the chunk
        ref = F.conv1d(seq, weight, dilation=dilation, groups=CHANNELS)[0].T
        torch.testing.assert_close(out[start : start + n], ref, rtol=1e-5, atol=1e-5)
        start += n
