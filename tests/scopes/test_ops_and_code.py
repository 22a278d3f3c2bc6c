"""Registry ops of the model: opcheck, generated code, and zero recompiles after warmup."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import torch

import qcompile
from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from model.context import forward_context
from qcompile.compiler.ranges import warmup_sizes
from qcompile.ops import REGISTRY
from qcompile.ops.qwen4_exp import QWEN4_EXP_REGIONS
from tests.scopes.conftest import DEVICE
from tests.scopes.op_samples import BUILDERS, sample_batch, samples

MODEL_OPS = sorted(row.name for row in QWEN4_EXP_REGIONS)


def test_every_model_region_is_registered() -> None:
    from model.regions import REGIONS

    assert set(REGIONS) - {n for n in REGIONS if n.startswith("toy")} == set(MODEL_OPS) == set(BUILDERS)


@pytest.mark.parametrize("name", MODEL_OPS)
def test_opcheck(name: str) -> None:
    entry = REGISTRY[name]
    cases = samples(name, DEVICE)
    assert cases, f"{name} has no sample inputs"
    with forward_context(sample_batch(DEVICE).host):
        for args, kwargs in cases:
            torch.library.opcheck(entry.op, args, kwargs)


@pytest.mark.parametrize("scope", ["layer", "block", "kernel"])
def test_caller_owned_outputs_and_state_are_written_in_place(tiny_ckpt: Path, scope: str) -> None:
    """In Inductor's code every opaque op writes its caller's buffers: no clone or copy anywhere,
    and the state it mutates is passed as the graph input itself (the module buffer)."""
    torch._dynamo.reset()
    model = load_model(tiny_ckpt, device=DEVICE)
    model.init_state(2, 32)
    compiled = qcompile.compile(model, ranges=[(1, 32)], scope=scope)
    batch = build_batch([Chunk(0, [3, 4, 5], 0), Chunk(1, [6], 0)], model.trash_slot, DEVICE)
    with torch.no_grad(), model.context(batch):
        compiled(*batch.tensors())
    codes = [
        piece.output_code
        for rec in compiled.backend.records
        for pieces in rec.pieces.values()
        for piece in pieces.values()
    ]
    calls = 0
    for code in codes:
        assert not re.search(r"\bclone\(|\.copy_\(", code)
        for call in re.findall(r"torch\.ops\.qcompile\.\w+\.default\(([^)]*)\)", code):
            calls += 1
            for arg in re.findall(r"\bs\d+=(\w+)", call):
                assert re.fullmatch(r"arg\d+_1", arg), f"state passed as {arg}: {call}"
    assert calls > 0


@pytest.mark.parametrize(
    ("scope", "ranges"),
    [
        ("layer", [(1, 1), (2, 8), (9, 24)]),
        pytest.param("kernel", [(1, 24)], marks=pytest.mark.slow),
    ],
)
def test_zero_recompiles_after_warmup(tiny_ckpt: Path, scope: str, ranges: list[tuple[int, int]]) -> None:
    """After warmup (`warmup_sizes`) every size of every range runs with no new trace.

    A range starting at 1 compiles size 1 on its own (`compile_units`) and warms it too.
    """
    torch._dynamo.reset()
    model = load_model(tiny_ckpt, device=DEVICE)
    model.init_state(2, 32)
    compiled = qcompile.compile(model, ranges=ranges, scope=scope)

    def run(n: int) -> None:
        model.reset_slots([0])
        batch = build_batch([Chunk(0, [(7 * i) % 500 + 2 for i in range(n)], 0)], model.trash_slot, DEVICE)
        with torch.no_grad(), model.context(batch):
            compiled(*batch.tensors())

    for n in warmup_sizes(ranges):
        run(n)
    traces = compiled.backend.traces
    with torch.compiler.set_stance("fail_on_recompile"):
        for n in range(1, 25):
            run(n)
    assert compiled.backend.traces == traces
