"""Offloaded experts under a compiled scope: the cache's bookkeeping runs inside the opaque `experts`
region, so the `layer` scope stays bitwise the eager model with resident experts."""

from __future__ import annotations

import copy

import torch

import qcompile
from model.expert_cache import MISSES
from model.moe import Experts
from qcompile.synthetic import build_random
from tests.scopes.conftest import teacher_forced


def test_layer_scope_over_offloaded_experts_is_bitwise_eager_resident() -> None:
    resident = build_random("tiny", dtype="float32", device="cpu")
    resident.init_state(max_num_seqs=4, max_model_len=64)
    offloaded = copy.deepcopy(resident)
    layers = [m for m in offloaded.modules() if isinstance(m, Experts)]
    for module in layers:
        module.offload(3, (0,))
    ref, path = teacher_forced(resident, resident, 6)
    torch._dynamo.reset()
    got, _ = teacher_forced(offloaded, qcompile.compile(offloaded, ranges=[(1, 64)], scope="layer"), 6, path)
    assert all(torch.equal(a, b) for a, b in zip(ref, got, strict=True))
    assert all(m.cache.counters[MISSES] > 6 for m in layers)
