"""Per-token causal windows over a flat varlen batch, with per-slot tail state.

Token `n` sits at `offsets[n]` inside its request's chunk. Its window holds the `W` inputs before
it and itself: inputs from the same chunk where they exist, else from the slot's tail (the last `W`
inputs of earlier steps). The last token's window, minus its oldest entry, is the new tail; it is
committed through `write_slots`, which routes every other token to the trash slot. Everything is
tensor-only: no host sync, no per-request loop, so it traces and captures.
"""

from __future__ import annotations

import torch


def gather_window(x: torch.Tensor, tail: torch.Tensor, slots: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
    """`x [N, C]`, `tail [S, W, C]` → `[N, W + 1, C]`; row `j` is the input `W - j` steps back."""
    w = tail.shape[1]
    steps = torch.arange(-w, 1, device=x.device)
    rel = offsets[:, None] + steps  # position inside the chunk; < 0 means "from tail"
    flat = (torch.arange(x.shape[0], device=x.device)[:, None] + steps).clamp_min(0)
    from_tail = tail[slots[:, None], (rel + w).clamp(0, w - 1)]
    return torch.where((rel >= 0)[..., None], x[flat], from_tail)


def commit_tail(tail: torch.Tensor, window: torch.Tensor, write_slots: torch.Tensor) -> None:
    """Write each chunk's new tail (its last token's window without the oldest row) in place."""
    tail.index_copy_(0, write_slots, window[:, 1:].to(tail.dtype))


def causal_conv(window: torch.Tensor, weight: torch.Tensor, dilation: int = 1) -> torch.Tensor:
    """A depthwise causal conv over `gather_window`'s rows: `window [N, (K-1)·dil + 1, C]`, a depthwise
    `Conv1d`'s `weight [C, 1, K]` → `[N, C]` float32, the taps summed oldest first.

    Elementwise, so a compiler fuses it with the gather before and the activation after (a conv
    call is an opaque library kernel), and eager code keeps one `[N, C]` float32 sum alive."""
    taps = weight[:, 0, :].float()
    out = window[:, 0].float() * taps[:, 0]
    for j in range(1, taps.shape[1]):
        out = out + window[:, j * dilation].float() * taps[:, j]
    return out
