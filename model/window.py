"""Per-token causal windows over a flat varlen batch, with per-slot tail state.

Token `n` sits at `offsets[n]` inside its request's chunk. Its window holds the `W` inputs before
it and itself: inputs from the same chunk where they exist, else from the slot's tail (the last `W`
inputs of earlier steps). The last token's window, minus its oldest entry, is the new tail; it is
committed through `write_slots`, which routes every other token to the trash slot. Everything is
tensor-only: no host sync, no per-request loop, so it traces and captures.
"""

from __future__ import annotations

import torch


def window_row(
    x: torch.Tensor, tail: torch.Tensor, slots: torch.Tensor, offsets: torch.Tensor, back: int
) -> torch.Tensor:
    """`x [N, C]`, `tail [S, W, C]` → `[N, C]`: each token's input `back` steps before it (0: its own),
    from its chunk where it is there, else from its slot's tail."""
    w = tail.shape[1]
    rel = offsets - back  # position inside the chunk; < 0 means "from tail"
    flat = (torch.arange(x.shape[0], device=x.device) - back).clamp_min(0)
    from_tail = tail[slots, (rel + w).clamp(0, w - 1)]
    return torch.where((rel >= 0)[:, None], x[flat], from_tail)


def gather_window(x: torch.Tensor, tail: torch.Tensor, slots: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
    """`x [N, C]`, `tail [S, W, C]` → `[N, W + 1, C]`; row `j` is the input `W - j` steps back."""
    w = tail.shape[1]
    steps = torch.arange(-w, 1, device=x.device)
    rel = offsets[:, None] + steps  # position inside the chunk; < 0 means "from tail"
    flat = (torch.arange(x.shape[0], device=x.device)[:, None] + steps).clamp_min(0)
    from_tail = tail[slots[:, None], (rel + w).clamp(0, w - 1)]
    return torch.where((rel >= 0)[..., None], x[flat], from_tail)


def commit_tail(tail: torch.Tensor, window: torch.Tensor, write_slots: torch.Tensor) -> None:
    """Write each chunk's new tail (its last token's window without the oldest row) in place.

    Given a `gather_window` that nothing else reads, a compiler gathers the rows inside the commit's
    scatter instead of writing the window out (a conv reads its taps through `causal_conv`)."""
    tail.index_copy_(0, write_slots, window[:, 1:].to(tail.dtype))


def causal_conv(
    x: torch.Tensor,
    tail: torch.Tensor,
    slots: torch.Tensor,
    offsets: torch.Tensor,
    weight: torch.Tensor,
    dilation: int = 1,
) -> torch.Tensor:
    """A depthwise causal conv over each token's window (`gather_window`'s rows, `tail [S, (K-1)·dil, C]`),
    a depthwise `Conv1d`'s `weight [C, 1, K]` → `[N, C]` float32, the taps summed oldest first.

    Each tap reads its own `window_row`, never a materialised window: a compiler fuses the gathers, the
    taps and the activation after them into one pass over `x` (the window, `K` times `x`'s bytes, would
    be written and read again; a conv call is an opaque library kernel), and eager code keeps one
    `[N, C]` float32 sum alive."""
    taps = weight[:, 0, :].float()
    w = tail.shape[1]
    out = window_row(x, tail, slots, offsets, w).float() * taps[:, 0]
    for j in range(1, taps.shape[1]):
        out = out + window_row(x, tail, slots, offsets, w - j * dilation).float() * taps[:, j]
    return out
