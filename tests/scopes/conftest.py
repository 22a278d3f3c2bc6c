"""Helpers for running the compiled model along one token path (teacher forcing).

`QCOMPILE_TEST_DEVICE=cuda` runs the scope tests on a GPU.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import torch

from model.batch import Chunk, build_batch
from model.qwen4_exp import Qwen4ExpForCausalLM

DEVICE = os.environ.get("QCOMPILE_TEST_DEVICE", "cpu")
Forward = Callable[..., torch.Tensor]
PROMPTS = [list(range(2, 33)), [5, 6, 7], [9, 1, 4, 4, 1, 8]]  # one past the QSA budget, one with EOS (1)


def teacher_forced(
    model: Qwen4ExpForCausalLM, fn: Forward, steps: int, path: list[list[int]] | None = None
) -> tuple[list[torch.Tensor], list[list[int]]]:
    """Prefill PROMPTS in one batch, then decode `steps` tokens per request in batches.

    With `path` the decode tokens are the given ones (teacher forcing); without, greedy ones are
    chosen and returned, so an eager run defines the path a compiled run then follows.
    """
    model.reset_slots(list(range(len(PROMPTS))))
    device = model.lm_head.weight.device
    batch = build_batch([Chunk(i, p, 0) for i, p in enumerate(PROMPTS)], model.trash_slot, device)
    with torch.no_grad(), model.context(batch):
        rows = model.compute_logits(fn(*batch.tensors())).log_softmax(-1)
    out = [rows]
    last = rows[[e - 1 for e in batch.host.query_start[1:]]]
    chosen: list[list[int]] = [[] for _ in PROMPTS]
    for step in range(steps):
        toks = [path[i][step] if path else int(last[i].argmax()) for i in range(len(PROMPTS))]
        chunks = [Chunk(i, [t], len(PROMPTS[i]) + step) for i, t in enumerate(toks)]
        for i, t in enumerate(toks):
            chosen[i].append(t)
        batch = build_batch(chunks, model.trash_slot, device)
        with torch.no_grad(), model.context(batch):
            last = model.compute_logits(fn(*batch.tensors())).log_softmax(-1)
        out.append(last)
    return out, chosen
