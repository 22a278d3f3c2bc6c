"""The graph runner on CPU with `FakeGraphs` (see fake.py): persistent inputs, padding, dispatch,
capture order and accounting, piece hooks, and every mode bitwise equal to the same scope without
graphs along prefill and shrinking decode batches on the tiny model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

import qcompile
import qcompile.cudagraph.module as graph_module
from model.checkpoint.loader import load_model
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.compiler.compiled import CompiledModule
from qcompile.cudagraph import GraphedModule, RuntimeMode
from qcompile.cudagraph.graphs import GraphStep, PieceGraphs, PieceHook, graph_step
from qcompile.cudagraph.runner import StaticInputs, padding_values
from tests.cudagraph.drive import run
from tests.cudagraph.fake import FakeGraphs

PROMPTS = [list(range(2, 24)), [5, 6, 7], [9, 1, 4, 4, 1, 8], [3]]   # one past the QSA budget, one with EOS
STOPS = [6, 4, 2, 1]       # decode batches of 4, 3 (padded to 4 over the 4th request's stale row), 2, 1
STEPS = 6
SIZES = [1, 2, 4, 8, 16, 32]
MODES = ["piecewise", "full", "full_decode_only", "full_and_piecewise"]


@pytest.fixture(autouse=True)
def fake_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph_module, "make_graph_device", lambda module: FakeGraphs())


@pytest.fixture(scope="module")
def model(tiny_ckpt: Path) -> Qwen4ExpForCausalLM:
    m = load_model(tiny_ckpt, dtype=torch.float32)
    m.init_state(max_num_seqs=4, max_model_len=64)
    return m


@pytest.fixture(scope="module")
def compiled(model: Qwen4ExpForCausalLM) -> Iterator[CompiledModule]:
    torch._dynamo.reset()
    with torch.no_grad():
        yield qcompile.compile(model, ranges=[(1, 1), (2, 32)], scope="kernel")
    torch._dynamo.reset()


def state(model: Qwen4ExpForCausalLM) -> list[torch.Tensor]:
    """Every state tensor's real slots (the trash slot, last, is excluded)."""
    return [b[:model.max_num_seqs].clone() for name, b in model.named_buffers()
            if name.rsplit(".", 1)[-1] in ("conv_tail", "recurrent", "k_cache", "v_cache", "index_keys", "ngram_ctx")]


def replays(graphed: GraphedModule) -> dict[str, int]:
    assert graphed.graphs is not None
    full = sum(e.graph.replays for e in graphed.graphs.full.values())
    pieces = sum(e.graph.replays for e in graphed.graphs.pieces.entries.values())
    return {"full": full, "piecewise": pieces}


@pytest.mark.parametrize("mode", MODES)
def test_modes_bitwise_equal_to_no_graphs(model: Qwen4ExpForCausalLM, compiled: CompiledModule, mode: str) -> None:
    """Same padded batches with and without graphs give the same bits and the same real-slot state;
    a batch the runner pads itself gives them too."""
    compiled.set_cudagraph(mode, capture_sizes=SIZES)
    pad = compiled.dispatcher.padded_size
    graphed = run(model, compiled, PROMPTS, STEPS, pad=pad, stop_after=STOPS)
    graphed_state = state(model)
    used = replays(compiled)
    unpadded = run(model, compiled, PROMPTS, STEPS, stop_after=STOPS)
    unpadded_state = state(model)
    compiled.set_cudagraph("none")
    ref = run(model, compiled, PROMPTS, STEPS, pad=pad, stop_after=STOPS)
    assert ref.tokens == graphed.tokens == unpadded.tokens
    for a, b, c in zip(ref.logprobs, graphed.logprobs, unpadded.logprobs, strict=True):
        assert torch.equal(a, b) and torch.equal(a, c)
    for a, b, c in zip(state(model), graphed_state, unpadded_state, strict=True):
        assert torch.equal(a, b) and torch.equal(a, c)
    assert used["full"] > 0 if "full" in mode else used["full"] == 0
    assert used["piecewise"] > 0 if mode != "full_decode_only" else used["piecewise"] == 0


def test_capture_order_and_stats(model: Qwen4ExpForCausalLM, compiled: CompiledModule) -> None:
    compiled.set_cudagraph("full", capture_sizes=SIZES)
    assert compiled.cudagraph_mode == "full_and_piecewise" and compiled.capture_stats is None
    assert compiled.capture_sizes == SIZES
    stats = compiled.capture()
    assert stats is compiled.capture_stats and stats.requested == "full" and stats.mode == "full_and_piecewise"
    piecewise, full = stats.modes
    assert (piecewise.mode, piecewise.sizes) == ("piecewise", (32, 16, 8, 4, 2, 1))
    assert (full.mode, full.sizes, full.graphs) == ("full", (4, 2, 1), 3)  # max_num_seqs=4
    pieces = sum(1 for n in compiled.backend.split_gm.graph.nodes
                 if n.op == "call_module" and n.target not in compiled.backend.split_names)
    assert piecewise.graphs == pieces * len(SIZES)
    assert stats.graphs == piecewise.graphs + 3 and stats.bytes == stats.pool_bytes == 0
    assert "full_and_piecewise" in stats.summary() and "sizes [32, 16, 8, 4, 2, 1]" in stats.summary()
    compiled.set_cudagraph("none")
    assert compiled.capture_sizes == [] and compiled.capture_stats is None and compiled.capture() is None


def test_output_is_graph_memory(model: Qwen4ExpForCausalLM, compiled: CompiledModule) -> None:
    """A replay's output lives in graph memory: the next replay of that size overwrites it."""
    compiled.set_cudagraph("full_decode_only", capture_sizes=SIZES)
    first = run(model, compiled, PROMPTS, 1)
    outs = []

    def keep(*args: torch.Tensor) -> torch.Tensor:
        out = compiled(*args)
        outs.append(out)
        return out

    run(model, keep, PROMPTS, 2)
    assert outs[1].data_ptr() == outs[2].data_ptr()  # both decode steps: the 4-row graph's output
    assert first.tokens
    compiled.set_cudagraph("none")


def test_uncompiled_module_full_decode_graphs(model: Qwen4ExpForCausalLM) -> None:
    graphed = GraphedModule(model, "full_and_piecewise", capture_sizes=[1, 2, 4])
    assert graphed.cudagraph_mode == "full_decode_only"
    assert GraphedModule(model, "piecewise").graphs is None
    pad = graphed.dispatcher.padded_size
    got = run(model, graphed, PROMPTS, STEPS, stop_after=STOPS)
    ref = run(model, model, PROMPTS, STEPS, pad=pad, stop_after=STOPS)
    assert got.tokens == ref.tokens
    assert all(torch.equal(a, b) for a, b in zip(got.logprobs, ref.logprobs, strict=True))
    assert replays(graphed)["full"] == sum(len(t) > 0 for t in got.tokens)  # every decode step replayed


def test_graphs_need_cuda_and_state(model: Qwen4ExpForCausalLM, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    with pytest.raises(ValueError, match="need a module on a CUDA device"):
        GraphedModule(model, "full_decode_only")
    bare = torch.nn.Module()
    bare.forward = lambda input_ids, slots: input_ids  # type: ignore[method-assign]
    bare.max_num_seqs = 0
    with pytest.raises(RuntimeError, match="init_state"):
        padding_values(bare)
    assert padding_values(model) == (0, 0, 4, 0, 4)


def test_static_inputs_pad_and_check() -> None:
    inputs = StaticInputs((0, 7), rows=8, device=torch.device("cpu"))
    a, b = torch.tensor([1, 2, 3]), torch.tensor([4, 5, 6])
    views = inputs.load([a, b], padded=4)
    assert views[0].tolist() == [1, 2, 3, 0] and views[1].tolist() == [4, 5, 6, 7]
    assert views[0].data_ptr() == inputs.buffers[0].data_ptr()
    assert inputs.load([a[:1], b[:1]], padded=4)[1].tolist() == [4, 7, 7, 7]  # stale rows re-padded
    assert [v.tolist() for v in inputs.padding(2)] == [[0, 0], [7, 7]]
    with pytest.raises(TypeError, match="2 positional tensors"):
        inputs.load([a], padded=4)
    with pytest.raises(ValueError, match="1-D with 3 rows"):
        inputs.load([a, b[:2]], padded=4)


def test_piece_graphs_replay_in_place_and_check_addresses() -> None:
    pieces = PieceGraphs(FakeGraphs())
    hook = PieceHook(lambda x, n: (x * n,))
    x = torch.ones(3)
    assert hook(x, 2)[0].tolist() == [2, 2, 2]  # no step: a plain call
    with graph_step(GraphStep(RuntimeMode.FULL, 3, pieces)):
        hook(x, 2)  # FULL steps (and FULL captures) call through
    assert len(pieces) == 0
    with pytest.raises(RuntimeError, match="no piecewise graph for 3 tokens"):
        with graph_step(GraphStep(RuntimeMode.PIECEWISE, 3, pieces)):
            hook(x, 2)
    with graph_step(GraphStep(RuntimeMode.PIECEWISE, 3, pieces, capturing=True)):
        captured = hook(x, 2)
    x.fill_(5)
    with graph_step(GraphStep(RuntimeMode.PIECEWISE, 3, pieces)):
        out = hook(x, 2)
        assert out[0].tolist() == [10, 10, 10] and out[0] is captured[0]
        with pytest.raises(RuntimeError, match=r"inputs \[0\] are not where they were"):
            hook(torch.ones(3), 2)
        with pytest.raises(RuntimeError, match=r"inputs \[1\]"):
            hook(x, 3)
