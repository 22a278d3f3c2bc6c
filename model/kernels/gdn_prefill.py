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

A batch that saves states inside its chunks (`HostBatch.saves`, prefix-cache checkpoints) takes fla's
forward step by step (`_forward_with_states`, the same calls) to keep `h`, every chunk's starting
state: at a request's chunk boundary it is, bit for bit, the final state of a forward that ended there
(float32, the same per-chunk arithmetic), so a save must lie a multiple of `BLOCK` into its chunk.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import torch

BLOCK = 64  # fla's chunk length (its default); the torch reference's too (`model.gdn.chunk_rule`)


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
    saves: Sequence[tuple[int, int, int]] = (),
) -> torch.Tensor:
    """q,k `[N, Hk, Dk]` (Hk dividing H), v `[N, H, Dv]`, g,beta `[N, H]` over the chunks starting at
    `query_start` (plus the real token count), one per request slot in `slots`; `state [S, H, Dk, Dv]` fp32.

    Each chunk starts from and writes back its request's slot; each of `saves` (chunk, tokens into it,
    state row) also writes the state after those tokens to that row. q/k/v go to fla as `dtype` (v may
    come narrower: widened here). Returns `o [N, H, Dv]` float32, zero on padding rows.
    """
    total = query_start[-1]
    bounds, slot_index, block_index = layout(tuple(query_start), tuple(slots), q.device)
    inputs = (
        *(t[None, :total].to(dtype).contiguous() for t in (q, k, v)),
        g[None, :total].contiguous(),
        beta[None, :total].contiguous(),
        state.index_select(0, slot_index),
        bounds,
        block_index,
    )
    if saves:
        o, final, starts = _forward_with_states(*inputs)
        # the chunks and the rows in one pinned, asynchronous copy
        index = [*_save_chunks(query_start, saves), *(row for *_, row in saves)]
        pinned = torch.tensor(index, dtype=torch.int64, pin_memory=q.device.type == "cuda")
        chunks, rows = pinned.to(q.device, non_blocking=True).split(len(saves))
        state.index_copy_(0, rows, starts[0].index_select(0, chunks))
    else:
        from fla.ops.gated_delta_rule.chunk import chunk_gated_delta_rule_fwd

        *tensors, initial, _, _ = inputs
        _, o, _, final, _, _ = chunk_gated_delta_rule_fwd(
            *tensors,
            scale=1.0,
            initial_state=initial,
            output_final_state=True,
            cu_seqlens=bounds,
            chunk_indices=block_index,
            chunk_size=BLOCK,
        )
    state.index_copy_(0, slot_index, final)
    o = o[0].float()
    return o if total == v.shape[0] else torch.cat([o, o.new_zeros(v.shape[0] - total, *v.shape[1:])])


def _save_chunks(query_start: Sequence[int], saves: Sequence[tuple[int, int, int]]) -> list[int]:
    """fla's flat chunk index whose starting state each save wants: its chunk's first chunk of `BLOCK`
    tokens (fla numbers them across the requests) plus the save's tokens over `BLOCK`."""
    lengths = [b - a for a, b in zip(query_start, query_start[1:], strict=False)]
    first = [0]
    for n in lengths:
        first.append(first[-1] + -(-n // BLOCK))
    for chunk, tokens, row in saves:
        if tokens % BLOCK or not 0 < tokens < lengths[chunk]:
            raise ValueError(
                f"a state saved {tokens} tokens into chunk {chunk} (for row {row}) must lie a multiple of "
                f"{BLOCK} inside its {lengths[chunk]} tokens: fla keeps the states at those boundaries only"
            )
    return [first[chunk] + tokens // BLOCK for chunk, tokens, _ in saves]


def _forward_with_states(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    g: torch.Tensor,
    beta: torch.Tensor,
    initial: torch.Tensor,
    bounds: torch.Tensor,
    block_index: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """fla's `chunk_gated_delta_rule_fwd` (no context parallelism, the decay given outside the kernel),
    call for call, also returning `h` `[1, chunks, H, Dk, Dv]`, each chunk's starting state, in q's dtype."""
    from fla.ops.common.chunk_delta_h import chunk_gated_delta_rule_fwd_h
    from fla.ops.common.chunk_o import chunk_fwd_o
    from fla.ops.gated_delta_rule.chunk_fwd import chunk_gated_delta_rule_fwd_intra
    from fla.ops.utils import chunk_local_cumsum
    from fla.ops.utils.constant import RCP_LN2

    varlen = {"cu_seqlens": bounds, "chunk_indices": block_index, "chunk_size": BLOCK}
    g = chunk_local_cumsum(g, scale=RCP_LN2, **varlen)
    w, u, _ = chunk_gated_delta_rule_fwd_intra(k=k, v=v, g=g, beta=beta, **varlen)
    h, v_new, final = chunk_gated_delta_rule_fwd_h(
        k=k, w=w, u=u, g=g, initial_state=initial, output_final_state=True, **varlen
    )
    o = chunk_fwd_o(q=q, k=k, v=v_new, h=h, g=g, scale=1.0, **varlen)
    return o, final, h
