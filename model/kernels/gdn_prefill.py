"""Chunked gated delta rule over every request of a batch at once, through fla-core's varlen kernels.

fla's chunked forward takes the flat batch as one sequence split by `cu_seqlens` (our
`query_start`), with one initial and one final state per request in our layout (`[N, H, Dk, Dv]`,
fp32). Our inputs are already normalised and scaled (`scale=1`), `g` is the natural-log decay
fla expects, and q/k come with one head per key head: fla's GVA (grouped value attention) maps value
head `h` to key head `h // (HV // H)` in every kernel (`i_h // (HV // H)`), reading the operands a
repeated q/k would hold, without the repeat's `[N, HV, Dk]` copies. Its chunk kernels multiply with
`tl.dot`, which rounds float32 operands to TF32: that is below a half-precision model's rounding but
not float32's, so `model.gdn` uses this path only for half-precision models.
The requests' states are gathered into fla's initial-state batch and scattered back (prefill moves
one state per request, not per token). fla is imported on first use, so CPU code never needs it.

Prefill with small models is bound by the host's launches, so the call is kept lean: it enters fla
at `chunk_gated_delta_rule_fwd`, the forward its autograd function wraps (no argument checks, backend
dispatch or autograd node a layer), and every GDN layer of a forward shares one device copy of the
batch layout (`layout`): fla derives its chunk offsets from `cu_seqlens` once per tensor, by identity.
The layout travels in one pinned, asynchronous copy: a pageable copy would synchronise the stream.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import torch

BLOCK = 64  # fla's chunk length (its default)


@functools.lru_cache(maxsize=1)
def layout(
    query_start: tuple[int, ...], slots: tuple[int, ...], device: torch.device
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """`(cu_seqlens, slots, chunk index)` of one batch on `device`: fla's per-request bounds, our state
    slots, and fla's `[chunks, 2]` (request, chunk within it) index, which fla would otherwise build
    from device tensors with a host sync. Cached: every GDN layer of a forward asks for the same."""
    reqs = len(slots)
    lengths = [b - a for a, b in zip(query_start, query_start[1:], strict=False)]
    blocks = [x for r, n in enumerate(lengths) for i in range(-(-n // BLOCK)) for x in (r, i)]
    meta = torch.tensor([*query_start, *slots, *blocks], dtype=torch.int64, pin_memory=device.type == "cuda")
    meta = meta.to(device, non_blocking=True)
    return meta[: reqs + 1], meta[reqs + 1 : 2 * reqs + 1], meta[2 * reqs + 1 :].view(-1, 2)


def chunked_varlen(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    g: torch.Tensor,
    beta: torch.Tensor,
    state: torch.Tensor,
    query_start: Sequence[int],
    slots: Sequence[int],
    dtype: torch.dtype = torch.float32,
) -> torch.Tensor:
    """q,k `[N, Hk, Dk]` (Hk dividing H), v `[N, H, Dv]`, g,beta `[N, H]` over the chunks starting at
    `query_start` (plus the real token count), one per request slot in `slots`; `state [S, H, Dk, Dv]` fp32.

    Each chunk starts from and writes back its request's slot. q/k/v go to fla as `dtype` (v may come
    narrower: widened here). Returns `o [N, H, Dv]` float32, zero on padding rows.
    """
    from fla.ops.gated_delta_rule.chunk import chunk_gated_delta_rule_fwd

    total = query_start[-1]
    bounds, slot_index, block_index = layout(tuple(query_start), tuple(slots), q.device)
    _, o, _, final, _, _ = chunk_gated_delta_rule_fwd(
        *(t[None, :total].to(dtype).contiguous() for t in (q, k, v)),
        g[None, :total].contiguous(),
        beta[None, :total].contiguous(),
        scale=1.0,
        initial_state=state.index_select(0, slot_index),
        output_final_state=True,
        cu_seqlens=bounds,
        chunk_indices=block_index,
        chunk_size=BLOCK,
    )
    state.index_copy_(0, slot_index, final)
    o = o[0].float()
    return o if total == v.shape[0] else torch.cat([o, o.new_zeros(v.shape[0] - total, *v.shape[1:])])
