"""Pieces of identical layers compile once and run each layer with its own modules and weights.

tiny8 is two identical groups of four layers, so at kernel scope 3 of its 9 compiled pieces repeat
earlier ones up to layer keys and names; 16 layers repeat the same group twice more.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.fx as fx

from model.checkpoint.loader import load_model
from model.config import Qwen4ExpConfig
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.compiler.compiled import CompiledForward
from qcompile.cudagraph import GraphedForward, PieceGraphs
from qcompile.cudagraph.graphs import PieceHook
from qcompile.ops.region_ops import KeyBinding
from tests.cudagraph.drive import run, without_graphs
from tests.cudagraph.fake import FakeGraphs
from tests.scopes.conftest import teacher_forced

RANGES = [(2, 64)]  # the teacher-forced path's batches: a 40-token prefill, then 3 decode rows
STEPS = 3


class _Compiles(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += record.getMessage().startswith("qcompile: compiling")


class Run:
    """One compiled forward, with every piece's CUDA graph hook and the number of Inductor compiles."""

    def __init__(self, model: Qwen4ExpForCausalLM, scope: str, share: bool) -> None:
        self.graphs = PieceGraphs()
        self.hooks: list[PieceHook] = []
        self.compiled = CompiledForward(model, RANGES, scope, wrap_piece=self._hook, share_pieces=share)
        logger, counter = logging.getLogger("qcompile.compiler.backend"), _Compiles()
        level = logger.level
        logger.addHandler(counter)
        logger.setLevel(logging.INFO)
        try:
            with torch.no_grad():
                self.compiled.warmup(model.padding_batch)
        finally:
            logger.removeHandler(counter)
            logger.setLevel(level)
        self.compiles = counter.count

    def _hook(self, fn: Callable[..., Any]) -> PieceHook:
        self.hooks.append(self.graphs.hook(fn))
        return self.hooks[-1]

    def compiled_code(self) -> set[int]:
        """The distinct compiled callables behind the hooks (a `KeyBinding` calls its piece's class's)."""
        return {id(h.fn.fn if isinstance(h.fn, KeyBinding) else h.fn) for h in self.hooks}

    def __call__(self, *args: Any) -> torch.Tensor:
        return self.compiled(*args)


def _anonymous_code(piece: fx.GraphModule) -> str:
    """The piece's code with its node names numbered in order and its layer keys blanked."""
    names = {n.name: f"v{i}" for i, n in enumerate(piece.graph.nodes)}
    code = re.sub(r"\b\w+\b", lambda m: names.get(m.group(0), m.group(0)), piece.code)
    return re.sub(r"(torch\.ops\.qcompile\.\w+\.default\()'[^']*'", r"\1KEY", code)


def _distinct_pieces(split: fx.GraphModule, splitting: set[str]) -> int:
    """Compiled pieces that differ in more than their names and layer keys, read off their code."""
    return len({_anonymous_code(piece) for name, piece in split.named_children() if name not in splitting})


def _model(layers: int) -> Qwen4ExpForCausalLM:
    """tiny8's schedule (layer kinds, PLE layers) repeated to `layers` layers, random weights."""
    raw = preset_config("tiny8")
    n0 = raw["num_hidden_layers"]
    raw["layer_types"] = [raw["layer_types"][i % n0] for i in range(layers)]
    raw["ple_layer_ids"] = [i for i in range(layers) if i % n0 in set(raw["ple_layer_ids"])]
    raw["num_hidden_layers"] = layers
    torch.manual_seed(0)
    model = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(raw)).eval()
    model.init_state(max_num_seqs=4, max_model_len=64)
    return model


@pytest.fixture(scope="module")
def tiny8(tiny8_ckpt: Path) -> Qwen4ExpForCausalLM:
    model = load_model(tiny8_ckpt, dtype=torch.float32)
    model.init_state(max_num_seqs=4, max_model_len=64)
    return model


@pytest.fixture(scope="module")
def shared(tiny8: Qwen4ExpForCausalLM) -> Iterator[Run]:
    torch._dynamo.reset()
    yield Run(tiny8, "kernel", share=True)
    torch._dynamo.reset()


def test_one_compile_per_distinct_piece(shared: Run) -> None:
    """8 layers compile as many pieces as are distinct, 16 layers no more; every piece keeps its own
    callable (so its own CUDA graph hook) around the shared compiled code."""
    record = shared.compiled.backend.records[0]
    distinct = _distinct_pieces(record.split_graph, set(record.splitting))
    assert len(shared.hooks) == 9 and distinct == 6
    assert shared.compiles == distinct
    assert len({id(h) for h in shared.hooks}) == len(shared.hooks)
    assert len(shared.compiled_code()) == distinct
    deeper = Run(_model(16), "kernel", share=True)
    assert len(deeper.hooks) == 17 and deeper.compiles == shared.compiles


def test_each_layer_runs_its_own_weights(tiny8: Qwen4ExpForCausalLM, shared: Run) -> None:
    """Layer 5 shares its pieces' compiled code with layer 1; changing layer 5's weights changes
    the compiled output as it changes eager's (within the kernel scope's fp32 bound)."""
    before, path = teacher_forced(tiny8, tiny8, STEPS)
    original = {n: p.detach().clone() for n, p in tiny8.model.layers[5].named_parameters()}
    try:
        with torch.no_grad():
            for p in tiny8.model.layers[5].parameters():
                p.mul_(1.5)
        eager, _ = teacher_forced(tiny8, tiny8, STEPS, path)
        with torch.compiler.set_stance("fail_on_recompile"):
            got, _ = teacher_forced(tiny8, shared, STEPS, path)
    finally:
        with torch.no_grad():
            for n, p in tiny8.model.layers[5].named_parameters():
                p.copy_(original[n])
    assert max((a - b).abs().max().item() for a, b in zip(before, eager, strict=True)) > 1e-2
    worst = max((a - b).abs().max().item() for a, b in zip(eager, got, strict=True))
    assert worst <= 1e-5, f"max logprob difference {worst:.3g} to eager with layer 5 changed"


@pytest.mark.parametrize("mode", ["piecewise", "full"])
def test_graphs_over_shared_pieces_are_bitwise_no_graphs(tiny8: Qwen4ExpForCausalLM, shared: Run, mode: str) -> None:
    """Each piece is captured with its own keys bound, so replays run each layer's modules (the
    stand-in graphs replay by calling again, as `tests/cudagraph/fake.py` says)."""
    prompts, stops = [list(range(2, 24)), [5, 6, 7], [9, 1, 4, 4, 1, 8], [3]], [3, 3, 2, 2]  # decode 4, 4, 2
    graphed = GraphedForward(
        shared.compiled, tiny8, mode, pieces=shared.graphs, ranges=RANGES, capture_sizes=[2, 4], device=FakeGraphs()
    )
    dispatch = graphed.dispatcher.dispatch
    got = run(tiny8, graphed, prompts, STEPS, dispatch=dispatch, stop_after=stops)
    replays = sum(g.replays for g in graphed.device.graphs)  # type: ignore[attr-defined]
    ref = run(tiny8, shared.compiled, prompts, STEPS, dispatch=without_graphs(dispatch), stop_after=stops)
    assert replays > 0 and got.tokens == ref.tokens
    assert all(torch.equal(a, b) for a, b in zip(ref.logprobs, got.logprobs, strict=True))


@pytest.mark.parametrize(
    "scope,dtype",
    # the kernel scope (most pieces, most opaque ops) in the served dtype; the layer scope in both (cheap);
    # the block scope's pieces are the kernel scope's with fewer ops inside, and cost the suite 45 s
    [
        ("kernel", torch.bfloat16),
        pytest.param("layer", torch.float32, marks=pytest.mark.slow),
        pytest.param("layer", torch.bfloat16, marks=pytest.mark.slow),
    ],
)
def test_shared_pieces_are_bitwise_the_unshared_ones(
    tiny8_ckpt: Path, tiny8: Qwen4ExpForCausalLM, scope: str, dtype: torch.dtype
) -> None:
    """The shared compile gives the bits of compiling every piece on its own, real keys and all.

    Last in the file: each case resets Dynamo, whose cache of the model's forward would otherwise
    fill up with one entry per compile and fall back to eager."""
    torch._dynamo.reset()
    model = tiny8 if dtype == torch.float32 else load_model(tiny8_ckpt, dtype=dtype)
    model.init_state(max_num_seqs=4, max_model_len=64)
    _, path = teacher_forced(model, model, STEPS)
    with_sharing = Run(model, scope, share=True)
    got, _ = teacher_forced(model, with_sharing, STEPS, path)
    alone = Run(model, scope, share=False)
    assert alone.compiles == len(alone.hooks) > with_sharing.compiles
    ref, _ = teacher_forced(model, alone, STEPS, path)
    assert all(torch.equal(a, b) for a, b in zip(ref, got, strict=True))
