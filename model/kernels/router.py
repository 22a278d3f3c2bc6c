"""The MoE router's softmax, top-k and renormalisation in one Triton kernel, one program per token.

`torch.topk` over a few hundred experts launches a sort-based kernel per call (plus the softmax and
the renormalisation around it); here each token's logits are read once. The k experts are picked
by k max-reductions over the logits themselves (the softmax is monotonic, so they are the k largest
probabilities; among equal logits the lowest expert id wins), which keeps the choice independent
of the GPU's `exp`. Each pick is one reduction of a 64-bit key (logit bits over the complemented id),
not a max, an arg-min and a gather: at one token the kernel is a chain of block reductions (12 for
k = 10, from 32), each a round of shuffles and a barrier. The weights follow `model.moe.Router`'s
float32 math: `exp(x - max) / sum`, renormalised over the chosen k, with IEEE divisions (`/` may be
approximate on CUDA) and one round-to-nearest cast to the logits' dtype (Triton's interpreter would truncate to bf16).

CPU tensors run the same kernel in Triton's interpreter (how the CPU tests check it).
"""

from __future__ import annotations

import functools
from typing import Any

import torch
import triton
import triton.language as tl

from model.kernels.codes import (
    add,
    bf16_bits,
    interpreted,
    maximum,
    pdl_launch,
    wait_for_inputs,
)
from model.kernels.library import define_op


@triton.jit
def _route_kernel(
    logits,
    weights,
    ids,
    E,
    K: tl.constexpr,
    NORM: tl.constexpr,
    OUT_BF16: tl.constexpr,
    BE: tl.constexpr,
    BK: tl.constexpr,
    PDL: tl.constexpr,
):
    wait_for_inputs(PDL)
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BE)
    live = cols < E
    x = tl.load(logits + row * E + cols, mask=live, other=float("-inf")).to(tl.float32)
    top_x = tl.reduce(x, 0, maximum)
    total_p = tl.reduce(tl.where(live, tl.exp(x - top_x), 0.0), 0, add)
    # one integer per expert that orders as (logit, then the lower id): the logit's bits made monotonic
    # as a signed integer (-0 as +0, so the two tie as floats do) above the complemented id, so each
    # pick is a single max-reduction, and the picked logit is read back from its key
    bits = tl.where(x == 0.0, 0, x.to(tl.int32, bitcast=True))
    keys = ((bits ^ ((bits >> 31) & 0x7FFFFFFF)).to(tl.int64) << 32) | (BE - 1 - cols)
    slots = tl.arange(0, BK)
    top = tl.full([BK], 0.0, tl.float32)
    chosen = tl.full([BK], 0, tl.int64)
    total = 0.0
    for j in tl.static_range(K):
        best = tl.reduce(keys, 0, maximum)
        at = BE - 1 - (best & 0xFFFFFFFF)
        hi = (best >> 32).to(tl.int32)
        picked = (hi ^ ((hi >> 31) & 0x7FFFFFFF)).to(tl.float32, bitcast=True)
        prob = tl.math.div_rn(tl.exp(picked - top_x), total_p)
        top = tl.where(slots == j, prob, top)
        chosen = tl.where(slots == j, at, chosen)
        total += prob
        keys = tl.where(cols == at, -9223372036854775807, keys)
    if NORM:
        top = tl.math.div_rn(top, tl.full([BK], 1.0, tl.float32) * total)
    out = bf16_bits(top) if OUT_BF16 else top.to(weights.dtype.element_ty)
    tl.store(weights + row * K + slots, out, mask=slots < K)
    tl.store(ids + row * K + slots, chosen, mask=slots < K)


@functools.cache
def _interpreted() -> Any:
    return interpreted(_route_kernel)


def _route_topk(logits: torch.Tensor, top_k: int, normalise: bool) -> tuple[torch.Tensor, torch.Tensor]:
    """`logits [N, E]` → (weights `[N, k]` in the logits' dtype, expert ids `[N, k]` int64), largest first."""
    n, e = logits.shape
    weights, ids = _outputs(logits, top_k)
    logits = logits.contiguous()
    if n == 0:
        return weights, ids
    kernel = _route_kernel if logits.is_cuda else _interpreted()
    bf16 = logits.dtype == torch.bfloat16
    kernel[(n,)](
        logits,
        weights.view(torch.int16) if bf16 else weights,
        ids,
        e,
        K=top_k,
        NORM=normalise,
        OUT_BF16=bf16,
        BE=triton.next_power_of_2(e),
        BK=triton.next_power_of_2(top_k),
        num_warps=4 if e >= 256 else 1,
        **pdl_launch(logits),
    )
    return weights, ids


def _route_topk_fake(logits: torch.Tensor, top_k: int, normalise: bool) -> tuple[torch.Tensor, torch.Tensor]:
    return _outputs(logits, top_k)


# An op, so compiled graphs call it as one opaque kernel (and Dynamo needs no Triton tracing).
route_topk = define_op(
    "route_topk(Tensor logits, int top_k, bool normalise) -> (Tensor, Tensor)",
    _route_topk,
    "CompositeExplicitAutograd",
    _route_topk_fake,
)


def _outputs(logits: torch.Tensor, top_k: int) -> tuple[torch.Tensor, torch.Tensor]:
    n, e = logits.shape
    if not 0 < top_k <= e:
        raise ValueError(f"top_k {top_k} must lie in 1..{e} (the experts)")
    return logits.new_empty(n, top_k), logits.new_empty(n, top_k, dtype=torch.int64)
