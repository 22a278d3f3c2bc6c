"""What the GPU gates record and pin along a run: each MoE layer's expert choice and each attention
layer's QSA block choice, on the eager path and inside a scope's opaque ops alike."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import torch

from model import regions
from model.attention import Attention
from model.context import HostBatch
from model.qwen4_exp import Qwen4ExpForCausalLM


@contextlib.contextmanager
def routed_experts(
    model: Qwen4ExpForCausalLM, pinned: list[torch.Tensor] | None = None
) -> Iterator[list[torch.Tensor]]:
    """The top-k expert ids each MoE layer is called with, per forward, in layer order.

    `pinned` (fp32's ids, one tensor per call, as recorded here): rows whose expert set differs get
    fp32's ids, weighted by this path's own router at those ids (its renormalised softmax, what
    `Router` returns for experts it chose). That is teacher forcing for routing, as the token path is
    teacher-forced: the logprob errors then measure numerics, not which near-tied experts flipped.

    The experts region is looked up at call time, by the eager forward and by the scopes' opaque
    ops alike, so a wrapper sees every call made without graphs.
    """
    ids: list[torch.Tensor] = []
    queue = iter(pinned) if pinned is not None else None
    original = regions.REGIONS["experts"]

    def record(
        moe: torch.nn.Module,
        x: torch.Tensor,
        weights: torch.Tensor,
        top: torch.Tensor,
        *rest: torch.Tensor,
        out: torch.Tensor | None = None,
    ) -> torch.Tensor:
        if queue is not None:
            ref = next(queue).to(top.device)
            same = (top.sort(-1).values == ref.sort(-1).values).all(-1, keepdim=True)
            router = moe.gate
            probs = torch.softmax(torch.nn.functional.linear(x, router.weight), dim=-1, dtype=torch.float)
            forced = probs.gather(1, ref)
            if router.norm_topk:
                forced = forced / forced.sum(-1, keepdim=True)
            weights, top = torch.where(same, weights, forced.to(weights.dtype)), torch.where(same, top, ref)
        ids.append(top.clone())
        return original(moe, x, weights, top, *rest, out=out)  # `out`: the region op's buffer

    regions.REGIONS["experts"] = record
    try:
        yield ids
    finally:
        regions.REGIONS["experts"] = original


@contextlib.contextmanager
def qsa_choices(pinned: list[torch.Tensor | None] | None = None) -> Iterator[list[torch.Tensor | None]]:
    """The QSA block masks `Attention.qsa_chosen` returns, per call in call order (None: every block
    fits the budget). `pinned` (fp32's, as recorded here): each call returns fp32's mask instead,
    teacher forcing for the attention's block choice as `routed_experts` is for the experts'. Both
    the eager and the compiled paths call it from Python: it runs inside the opaque attention core.
    """
    masks: list[torch.Tensor | None] = []
    original = Attention.qsa_chosen
    queue = iter(pinned) if pinned is not None else None

    def choose(
        self: Attention,
        iq: torch.Tensor,
        t: torch.Tensor,
        keys: torch.Tensor,
        slots: torch.Tensor | None = None,
        host: HostBatch | None = None,
    ) -> torch.Tensor | None:
        mask = original(self, iq, t, keys, slots, host)
        if queue is not None:
            ref = next(queue)
            assert (ref is None) == (mask is None), "QSA: the pinned path's calls differ from fp32's"
            if ref is not None and mask is not None:
                assert ref.shape == mask.shape, f"QSA mask {tuple(mask.shape)}, fp32's {tuple(ref.shape)}"
                mask = ref.to(mask.device)
        masks.append(None if mask is None else mask.clone())
        return mask

    Attention.qsa_chosen = choose  # type: ignore[method-assign]
    try:
        yield masks
    finally:
        Attention.qsa_chosen = original  # type: ignore[method-assign]
