"""Every compiled scope of the Qwen4-Exp model against our eager path (issue 3's exactness gates).

fp32: `layer` keeps whole decoder layers opaque, so Inductor only compiles the glue between them
and the result is bitwise; `block` and `kernel` let Inductor fuse and reorder fp32 math inside the
layer, so they are held to 1e-5 on logprobs along the eager greedy path (teacher forced).
bf16: each scope's error against the fp32 model may not exceed eager bf16's error against it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

import qcompile
from model.checkpoint.loader import load_model
from model.qwen4_exp import Qwen4ExpForCausalLM
from tests.scopes.conftest import DEVICE, teacher_forced

STEPS = 12
RANGES = [(1, 64)]


@pytest.fixture(scope="module", params=["tiny", "tiny8"])
def eager(request: pytest.FixtureRequest) -> tuple[Qwen4ExpForCausalLM, list[torch.Tensor], list[list[int]]]:
    model = load_model(request.getfixturevalue(f"{request.param}_ckpt"), device=DEVICE, dtype=torch.float32)
    model.init_state(max_num_seqs=4, max_model_len=64)
    rows, path = teacher_forced(model, model, STEPS)
    return model, rows, path


@pytest.mark.parametrize("scope", ["layer", "block", "kernel"])
def test_scope_matches_eager_fp32(eager: tuple[Qwen4ExpForCausalLM, list[torch.Tensor], list[list[int]]],
                                  scope: str) -> None:
    model, ref, path = eager
    torch._dynamo.reset()
    compiled = qcompile.compile(model, ranges=RANGES, scope=scope)
    got, _ = teacher_forced(model, compiled, STEPS, path)
    if scope == "layer":
        assert all(torch.equal(a, b) for a, b in zip(ref, got, strict=True))
    else:
        worst = max((a - b).abs().max().item() for a, b in zip(ref, got, strict=True))
        assert worst <= 1e-5, f"{scope}: max logprob difference {worst:.3g}"
        assert all(torch.equal(a.argmax(-1), b.argmax(-1)) for a, b in zip(ref, got, strict=True))


def test_bf16_scopes_are_no_worse_than_eager(tiny_ckpt: Path) -> None:
    """Judge bf16 paths by their error against the fp32 model on the same weights and token path."""
    ref_model = load_model(tiny_ckpt, device=DEVICE, dtype=torch.float32)
    ref_model.init_state(4, 64)
    ref, path = teacher_forced(ref_model, ref_model, STEPS)
    model = load_model(tiny_ckpt, device=DEVICE, dtype=torch.bfloat16)
    model.init_state(4, 64)

    def error(fn: object) -> tuple[float, float]:
        rows, _ = teacher_forced(model, fn, STEPS, path)
        diffs = [(a - b).abs() for a, b in zip(ref, rows, strict=True)]
        return max(d.max().item() for d in diffs), sum(d.sum().item() for d in diffs) / sum(d.numel() for d in diffs)

    eager_max, eager_mean = error(model)
    for scope in ("layer", "block", "kernel"):
        torch._dynamo.reset()
        got_max, got_mean = error(qcompile.compile(model, ranges=RANGES, scope=scope))
        assert got_max <= eager_max and got_mean <= eager_mean, (
            f"{scope}: bf16 error {got_max:.3g}/{got_mean:.3g} (max/mean) vs eager {eager_max:.3g}/{eager_mean:.3g}")
