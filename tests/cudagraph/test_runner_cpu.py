"""CUDA graphs on CPU with `FakeGraphs` (see fake.py): persistent inputs, dispatch, capture order
and accounting, piece hooks, and every mode bitwise equal to the same scope without graphs along
prefill and shrinking decode batches on the tiny model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

import qcompile
import qcompile.cudagraph.graphed as graphed_module
from model.checkpoint.loader import load_model
from model.context import BatchDescriptor, RuntimeMode, forward_context
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.api import Compiled
from qcompile.commands.workload import time_prefill
from qcompile.cudagraph import GraphedForward, PieceGraphs
from tests.cudagraph.drive import run, without_graphs
from tests.cudagraph.fake import FakeGraphs
from tests.cudagraph.recorders import routed_experts

PROMPTS = [list(range(2, 24)), [5, 6, 7], [9, 1, 4, 4, 1, 8], [3]]  # one past the QSA budget, one with EOS
STOPS = [6, 4, 2, 1]  # decode batches of 4, 3 (padded to 4 over the 4th request's stale row), 2, 1
STEPS = 6
SIZES = [1, 2, 4, 8, 16, 32]
MODES = ["piecewise", "full", "full_decode_only", "full_and_piecewise"]


@pytest.fixture(autouse=True)
def fake_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graphed_module, "_cuda_graphs", lambda target: FakeGraphs())


@pytest.fixture(scope="module")
def model(tiny_ckpt: Path) -> Qwen4ExpForCausalLM:
    m = load_model(tiny_ckpt, dtype=torch.float32)
    m.init_state(max_num_seqs=4, max_model_len=64)
    return m


@pytest.fixture(scope="module")
def compiled(model: Qwen4ExpForCausalLM) -> Iterator[Compiled]:
    torch._dynamo.reset()
    with torch.no_grad():
        yield qcompile.compile(model, ranges=[(1, 1), (2, 32)], scope="kernel")
    torch._dynamo.reset()


def state(model: Qwen4ExpForCausalLM) -> list[torch.Tensor]:
    """Every state tensor's real slots (the trash slot, last, is excluded)."""
    return [
        b[: model.max_num_seqs].clone()
        for name, b in model.named_buffers()
        if name.rsplit(".", 1)[-1] in ("conv_tail", "recurrent", "k_cache", "v_cache", "index_keys", "ngram_ctx")
    ]


def replays(graphed: GraphedForward) -> dict[str, int]:
    full = sum(e.graph.replays for e in graphed.full.values())
    pieces = sum(e.graph.replays for e in graphed.pieces.entries.values()) if graphed.pieces is not None else 0
    return {"full": full, "piecewise": pieces}


@pytest.mark.parametrize("mode", MODES)
def test_modes_bitwise_equal_to_no_graphs(model: Qwen4ExpForCausalLM, compiled: Compiled, mode: str) -> None:
    """Same padded batches with and without graphs give the same bits and the same real-slot state."""
    compiled.set_cudagraph(mode, capture_sizes=SIZES)
    dispatch = compiled.dispatcher.dispatch
    graphed = run(model, compiled, PROMPTS, STEPS, dispatch=dispatch, stop_after=STOPS)
    graphed_state = state(model)
    assert compiled.graphed is not None
    used = replays(compiled.graphed)
    compiled.set_cudagraph("none")
    ref = run(model, compiled, PROMPTS, STEPS, dispatch=without_graphs(dispatch), stop_after=STOPS)
    assert ref.tokens == graphed.tokens
    assert all(torch.equal(a, b) for a, b in zip(ref.logprobs, graphed.logprobs, strict=True))
    assert all(torch.equal(a, b) for a, b in zip(state(model), graphed_state, strict=True))
    assert used["full"] > 0 if "full" in mode else used["full"] == 0
    assert used["piecewise"] > 0 if mode != "full_decode_only" else used["piecewise"] == 0


def test_full_decode_only_runs_mixed_batches_unpadded(model: Qwen4ExpForCausalLM, compiled: Compiled) -> None:
    """Under full_decode_only a mixed prefill+decode batch is never padded for a graph it will not
    use, and a uniform decode batch replays its FULL graph."""
    compiled.set_cudagraph("full_decode_only", capture_sizes=SIZES)
    d = compiled.dispatcher
    assert d.dispatch(3, uniform_decode=False) == BatchDescriptor(RuntimeMode.NONE, 3, 3)
    assert d.dispatch(3, uniform_decode=True) == BatchDescriptor(RuntimeMode.FULL, 3, 4)
    seen: list[tuple[int, RuntimeMode]] = []

    def record(n: int, uniform: bool) -> BatchDescriptor:
        how = d.dispatch(n, uniform)
        seen.append((how.padded, how.mode))
        return how

    run(model, compiled, [[5, 6, 7], [9]], 2, dispatch=record)  # a 4-token mixed batch, then decode 2, 2
    assert compiled.graphed is not None
    assert seen == [(4, RuntimeMode.NONE), (2, RuntimeMode.FULL), (2, RuntimeMode.FULL)]
    assert replays(compiled.graphed) == {"full": 2, "piecewise": 0}
    compiled.set_cudagraph("none")


def test_time_prefill_runs_a_prefill_through_its_piecewise_graph(
    model: Qwen4ExpForCausalLM, compiled: Compiled
) -> None:
    """The bench's prefill (`--prefill-graphs`) asks the dispatcher as the runner does: a 2×12-token
    prefill replays the 24-token piecewise graphs, never a FULL one; without graphs it replays none."""
    compiled.set_cudagraph("full_and_piecewise", capture_sizes=[1, 2, 4, 24])
    assert compiled.graphed is not None
    assert compiled.dispatcher.dispatch(24, uniform_decode=False) == BatchDescriptor(RuntimeMode.PIECEWISE, 24, 24)
    timing = time_prefill(model, compiled, compiled.dispatcher, 2, 12, repeats=1)
    assert timing.tok_s > 0 and 0 < timing.host_ms <= timing.wall_ms
    used = replays(compiled.graphed)
    sized = [e.graph.replays for (_, size), e in compiled.graphed.pieces.entries.items() if size == 24]
    assert used["full"] == 0 and sized and all(n == 2 for n in sized)  # the warm call and one timed call
    assert used["piecewise"] == sum(sized)
    compiled.set_cudagraph("none")
    assert time_prefill(model, compiled, compiled.dispatcher, 2, 12, repeats=1).tok_s > 0


def test_graphs_do_what_the_descriptor_says(model: Qwen4ExpForCausalLM, compiled: Compiled) -> None:
    """The graphed forward decides nothing: no descriptor runs without graphs, and a batch whose
    rows disagree with its descriptor is refused."""
    compiled.set_cudagraph("full_decode_only", capture_sizes=SIZES)
    assert compiled.graphed is not None
    batch = model.padding_batch(2)
    with torch.no_grad(), forward_context(batch.host):
        compiled(*batch.tensors())
    assert replays(compiled.graphed)["full"] == 0
    with torch.no_grad(), forward_context(batch.host, BatchDescriptor(RuntimeMode.FULL, 1, 4)):
        with pytest.raises(ValueError, match="2 rows, its descriptor says 4"):
            compiled(*batch.tensors())
    compiled.set_cudagraph("none")


def test_capture_order_and_stats(model: Qwen4ExpForCausalLM, compiled: Compiled) -> None:
    compiled.set_cudagraph("full", capture_sizes=SIZES)
    assert compiled.cudagraph_mode == "full_and_piecewise" and compiled.capture_stats is None
    assert compiled.capture_sizes == SIZES
    stats = compiled.capture()
    assert stats is compiled.capture_stats and stats.requested == "full" and stats.mode == "full_and_piecewise"
    piecewise, full = stats.modes
    assert (piecewise.mode, piecewise.sizes) == ("piecewise", (32, 16, 8, 4, 2, 1))
    assert (full.mode, full.sizes, full.graphs) == ("full", (4, 2, 1), 3)  # max_num_seqs=4
    pieces = sum(
        1
        for n in compiled.backend.split_gm.graph.nodes
        if n.op == "call_module" and n.target not in compiled.backend.split_names
    )
    assert piecewise.graphs == pieces * len(SIZES)
    assert stats.graphs == piecewise.graphs + 3 and stats.bytes == stats.pool_bytes == 0
    assert "full_and_piecewise" in stats.summary() and "sizes [32, 16, 8, 4, 2, 1]" in stats.summary()
    compiled.set_cudagraph("none")
    assert compiled.capture_sizes == [] and compiled.capture_stats is None and compiled.capture() is None


def test_output_is_graph_memory(model: Qwen4ExpForCausalLM, compiled: Compiled) -> None:
    """A replay's output lives in graph memory: the next replay of that size overwrites it."""
    compiled.set_cudagraph("full_decode_only", capture_sizes=SIZES)
    dispatch = compiled.dispatcher.dispatch
    first = run(model, compiled, PROMPTS, 1, dispatch=dispatch)
    outs = []

    def keep(*args: torch.Tensor) -> torch.Tensor:
        out = compiled(*args)
        outs.append(out)
        return out

    run(model, keep, PROMPTS, 2, dispatch=dispatch)
    assert outs[1].data_ptr() == outs[2].data_ptr()  # both decode steps: the 4-row graph's output
    assert first.tokens
    compiled.set_cudagraph("none")


def test_uncompiled_module_full_decode_graphs(model: Qwen4ExpForCausalLM) -> None:
    graphed = GraphedForward(model, model, "full_and_piecewise", capture_sizes=[1, 2, 4])
    assert graphed.cudagraph_mode == "full_decode_only"
    with pytest.raises(ValueError, match="captures no graphs"):
        GraphedForward(model, model, "piecewise")
    dispatch = graphed.dispatcher.dispatch
    got = run(model, graphed, PROMPTS, STEPS, dispatch=dispatch, stop_after=STOPS)
    ref = run(model, model, PROMPTS, STEPS, dispatch=without_graphs(dispatch), stop_after=STOPS)
    assert got.tokens == ref.tokens
    assert all(torch.equal(a, b) for a, b in zip(got.logprobs, ref.logprobs, strict=True))
    assert replays(graphed)["full"] == sum(len(t) > 0 for t in got.tokens)  # every decode step replayed


def test_graphs_need_cuda_and_state(model: Qwen4ExpForCausalLM, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    with pytest.raises(ValueError, match="need a model on a CUDA device"):
        GraphedForward(model, model, "full_decode_only")
    bare = Qwen4ExpForCausalLM(model.config)
    with pytest.raises(RuntimeError, match="init_state"):
        GraphedForward(bare, bare, "full_decode_only", device=FakeGraphs())
    assert [t.tolist() for t in model.padding_batch(2).tensors()] == [[0, 0], [0, 0], [4, 4], [0, 0], [4, 4]]


def test_piece_graphs_replay_in_place_and_check_addresses() -> None:
    pieces = PieceGraphs()
    pieces.reset(FakeGraphs())
    hook = pieces.hook(lambda x, n: (x * n,))
    x = torch.ones(3)
    host = torch.nn.Module  # any object: the hooks read only the descriptor
    assert hook(x, 2)[0].tolist() == [2, 2, 2]  # no context: a plain call

    def step(mode: RuntimeMode, capturing: bool = False):  # type: ignore[no-untyped-def]
        return forward_context(host, BatchDescriptor(mode, 3, 3), capturing)  # type: ignore[arg-type]

    with step(RuntimeMode.FULL):
        hook(x, 2)  # FULL steps (and FULL captures) call through
    assert len(pieces) == 0
    with pytest.raises(RuntimeError, match="no piecewise graph for 3 tokens"), step(RuntimeMode.PIECEWISE):
        hook(x, 2)
    with step(RuntimeMode.PIECEWISE, capturing=True):
        captured = hook(x, 2)
    x.fill_(5)
    with step(RuntimeMode.PIECEWISE):
        out = hook(x, 2)
        assert out[0].tolist() == [10, 10, 10] and out[0] is captured[0]
        with pytest.raises(RuntimeError, match=r"inputs \[0\] are not where they were"):
            hook(torch.ones(3), 2)
        with pytest.raises(RuntimeError, match=r"inputs \[1\]"):
            hook(x, 3)


def test_gate_recorder_sees_and_pins_every_compiled_expert_call(model: Qwen4ExpForCausalLM, compiled: Compiled) -> None:
    """The GPU gates' expert recorder (`recorders.routed_experts`) inside the kernel scope's opaque
    experts op, whose region method takes the op's `out` buffer: it sees one call per layer and forward,
    and pinning a run to its own choices changes no bit."""
    compiled.set_cudagraph("none")
    with routed_experts(model) as ids:
        free = run(model, compiled, PROMPTS, 2)
    assert ids and len(ids) % model.config.num_hidden_layers == 0
    with routed_experts(model, pinned=ids) as again:
        pinned = run(model, compiled, PROMPTS, 2)
    assert len(again) == len(ids) and all(torch.equal(a, b) for a, b in zip(again, ids, strict=True))
    assert all(torch.equal(a, b) for a, b in zip(free.logprobs, pinned.logprobs, strict=True))
