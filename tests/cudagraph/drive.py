"""Drive a model forward through prefill and decode steps, as the engine's runner would.

Shared by the CPU tests (fake graphs) and the GPU gates (real graphs): one mixed prefill batch, then
uniform decode steps in which requests drop out one by one, so decode batch sizes shrink. Like the
runner, it asks `dispatch` how each batch runs, builds it with that many rows and publishes the
descriptor in the forward context.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

import torch

from model.batch import Chunk, build_batch
from model.context import BatchDescriptor, RuntimeMode, forward_context
from model.qwen4_exp import Qwen4ExpForCausalLM

Forward = Callable[..., torch.Tensor]
Dispatch = Callable[[int, bool], BatchDescriptor]


@dataclass
class Trace:
    """Per forward step: log-softmax rows of each request's last token, and the tokens fed next."""

    logprobs: list[torch.Tensor]  # [live requests, vocab], in slot order
    tokens: list[dict[int, int]]  # slot -> token fed at the next step


def run(
    model: Qwen4ExpForCausalLM,
    fn: Forward,
    prompts: Sequence[Sequence[int]],
    steps: int,
    dispatch: Dispatch | None = None,
    path: list[dict[int, int]] | None = None,
    stop_after: Sequence[int] | None = None,
    guard: Callable[[bool], AbstractContextManager[object]] | None = None,
) -> Trace:
    """Prefill `prompts` (slots 0..), then decode greedily (or along `path`) for `steps` steps.

    Request `i` stops after `stop_after[i]` decode steps (default: never), so later batches shrink.
    `dispatch(n, uniform_decode)` says how a batch of `n` tokens runs (default: unpadded, no graphs).
    `guard(uniform_decode)` wraps each step's device work (forward and logits, nothing that reads
    back), e.g. to make any host synchronisation there an error.
    """
    device = model.lm_head.weight.device
    stops = list(stop_after) if stop_after is not None else [steps] * len(prompts)
    model.reset_slots(list(range(len(prompts))))
    chunks = [Chunk(i, list(p), 0) for i, p in enumerate(prompts)]
    trace = Trace([], [])
    for step in range(steps + 1):
        n = sum(len(c.token_ids) for c in chunks)
        uniform = all(len(c.token_ids) == 1 for c in chunks)
        how = dispatch(n, uniform) if dispatch else None
        batch = build_batch(chunks, model.trash_slot, device, pad_to=how.padded if how else None)
        rows = torch.tensor(batch.last_token_index, device=device)
        with torch.no_grad(), forward_context(batch.host, how), guard(uniform) if guard else nullcontext():
            lp = model.compute_logits(fn(*batch.tensors())[rows]).log_softmax(-1)
        lp = lp.cpu()
        trace.logprobs.append(lp)
        if step == steps:
            break
        live = [(c, lp[j]) for j, c in enumerate(chunks) if step < stops[c.slot]]
        if not live:
            break
        toks = {c.slot: path[step][c.slot] if path else int(row.argmax()) for c, row in live}
        trace.tokens.append(toks)
        chunks = [Chunk(c.slot, [toks[c.slot]], c.start_pos + len(c.token_ids)) for c, _ in live]
    return trace


def without_graphs(dispatch: Dispatch) -> Dispatch:
    """The batches `dispatch` plans, padded the same, run without graphs."""
    return lambda n, uniform: BatchDescriptor(RuntimeMode.NONE, n, dispatch(n, uniform).padded)
