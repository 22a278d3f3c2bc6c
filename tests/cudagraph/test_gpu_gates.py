"""GPU exactness gates for every CUDA graph mode, on the `wide` preset in bf16.

* every mode gives bitwise the logprobs of the same scope without graphs (same padded batches);
  FULL decode steps run with `torch.cuda.set_sync_debug_mode("error")`: nothing there syncs the host;
* scope "layer": the 8-token gate (greedy tokens equal to the eager oracle) and the 64-interval hash
  (sha256 of 64 greedy token ids, stable over three repeats, equal to the no-compile hash);
* scopes "block" and "kernel": over 16 weight draws, teacher-forced over 64 steps along the fp32
  greedy path, the error against the fp32 model of the same weights is no worse than eager bf16's
  (`tests/cudagraph/narrow_gate.py`: mean and 99.9th percentile of |Δ logprob| with routing and QSA
  block choice pinned; top-1, routed-expert and QSA agreement within two paired standard errors);
* PLE from a pinned host table, gathered by the Triton kernel inside the FULL decode graph.

Random weights make bf16 very sensitive to rounding, hence the fp32
reference for the narrower scopes instead of a bf16-to-bf16 comparison.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
from collections.abc import Iterator

import pytest
import torch

import qcompile
from model.config import Qwen4ExpConfig
from model.context import BatchDescriptor, RuntimeMode
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.api import Compiled
from qcompile.cudagraph import GraphedForward
from tests.cudagraph.drive import Trace, run, without_graphs
from tests.cudagraph.narrow_gate import (
    PROMPTS,
    SEEDS,
    TEACHER_STEPS,
    PathDraw,
    failures,
    gate,
    init_weights,
    measure,
    reference,
    reseed,
    table,
)

pytestmark = pytest.mark.gpu

RANGES = [(1, 1), (2, 64)]
MODES = ["none", "piecewise", "full", "full_decode_only", "full_and_piecewise"]
STOPS = [8, 6, 3, 1]
HASH_PROMPT = list(range(7, 23))  # 16 tokens: a capture size, so no mode pads the prefill


@pytest.fixture(scope="module")
def models() -> tuple[Qwen4ExpForCausalLM, Qwen4ExpForCausalLM]:
    """The fp32 reference and its bf16 copy (same weights), with state for 4 requests."""
    with torch.device("cuda"):
        fp32 = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(preset_config("wide")))
    init_weights(fp32, 0)
    bf16 = copy.deepcopy(fp32).to(torch.bfloat16)
    for m in (fp32, bf16):
        m.eval().requires_grad_(False).init_state(max_num_seqs=4, max_model_len=128)
    return fp32, bf16


@pytest.fixture(scope="module")
def scoped(request: pytest.FixtureRequest, models: tuple) -> Iterator[Compiled]:
    """The bf16 model compiled at scope `request.param` (one compile; modes switch over it)."""
    torch._dynamo.reset()
    yield qcompile.compile(models[1], ranges=RANGES, scope=request.param)
    torch._dynamo.reset()


@contextlib.contextmanager
def no_host_sync() -> Iterator[None]:
    torch.cuda.set_sync_debug_mode("error")
    try:
        yield
    finally:
        torch.cuda.set_sync_debug_mode(0)


def guard_full_decode(compiled: Compiled | GraphedForward):
    """FULL decode steps must not synchronise the host."""
    full = compiled.cudagraph_mode.startswith("full")
    return lambda uniform: no_host_sync() if uniform and full else contextlib.nullcontext()


def same(a: Trace, b: Trace) -> bool:
    return a.tokens == b.tokens and all(torch.equal(x, y) for x, y in zip(a.logprobs, b.logprobs, strict=True))


@pytest.mark.parametrize("scoped", ["layer", "block", "kernel"], indirect=True)
def test_every_mode_is_bitwise_the_scope_without_graphs(models: tuple, scoped: Compiled) -> None:
    model = models[1]
    for mode in MODES[1:]:
        scoped.set_cudagraph(mode)
        stats = scoped.capture()
        assert stats is not None and stats.graphs > 0
        dispatch = scoped.dispatcher.dispatch
        got = run(model, scoped, PROMPTS, 8, dispatch=dispatch, stop_after=STOPS, guard=guard_full_decode(scoped))
        scoped.set_cudagraph("none")
        ref = run(model, scoped, PROMPTS, 8, dispatch=without_graphs(dispatch), stop_after=STOPS)
        unpadded = run(model, scoped, PROMPTS, 8, stop_after=STOPS)
        assert same(got, ref), f"{scoped.scope}/{mode}: graphs changed the logprobs"
        assert same(unpadded, ref), f"{scoped.scope}/{mode}: padding changed the logprobs"


def greedy_hash(model: Qwen4ExpForCausalLM, fn: object) -> tuple[list[int], str]:
    tokens = [t[0] for t in run(model, fn, [HASH_PROMPT], 64).tokens]
    return tokens, hashlib.sha256(",".join(map(str, tokens)).encode()).hexdigest()


@pytest.mark.parametrize("scoped", ["layer"], indirect=True)
def test_layer_scope_8_token_gate_and_64_interval_hash(models: tuple, scoped: Compiled) -> None:
    model = models[1]
    oracle, oracle_hash = greedy_hash(model, model)
    print(f"\nno-compile 64-token hash: {oracle_hash}")
    for mode in MODES:
        scoped.set_cudagraph(mode)
        runs = [greedy_hash(model, scoped) for _ in range(3)]
        assert runs[0][0][:8] == oracle[:8], f"{mode}: 8-token gate {runs[0][0][:8]} != eager {oracle[:8]}"
        hashes = {h for _, h in runs}
        print(f"layer/{mode}: {sorted(hashes)}")
        assert hashes == {oracle_hash}, f"{mode}: hashes {hashes} vs no-compile {oracle_hash}"
    scoped.set_cudagraph("none")


@pytest.mark.parametrize("scoped", ["block", "kernel"], indirect=True)
def test_narrow_scope_is_no_worse_than_eager_against_fp32(models: tuple, scoped: Compiled) -> None:
    """Over `SEEDS` (16) weight draws, teacher-forced along fp32's tokens, the scope's errors against
    fp32 are no worse than eager bf16's by `narrow_gate.gate`; each draw's run through graphs is
    bitwise the scope's without them.

    Why pinned errors: a bf16 path's worst logprob errors sit at tokens where a near-tied expert choice
    flipped (a CPU study over 8 draws: every per-draw maximum of eager and kernel scope is at or right
    after a flip; with routing pinned the kernel scope's maximum fell from 0.635 to 0.192, eager's from
    0.416 to 0.206). Which near-ties flip is luck, so unpinned errors compare luck; pinned, they compare
    the arithmetic, and how often routing flips is gated on its own. QSA's block choice is a top-k
    over fp32 scores with near-ties of its own (an H200 run at 6bed4c8 found the kernel scope's pooled
    maximum, 0.1997, in the one request past the QSA budget, where eager's error was 0.0078), so it is
    pinned and its flips gated like the experts'. Why 16 draws and no gated maximum: over four, the
    kernel scope's max (0.0554) exceeded eager's (0.0446) while every other measure was better; over
    twelve CPU draws its pooled max was below eager's. The maximum is one sample of a heavy tail.
    """
    fp32, bf16 = models
    eager: list[PathDraw] = []
    ours: list[PathDraw] = []
    try:
        for seed in SEEDS:
            reseed(fp32, bf16, seed)
            scoped.set_cudagraph("none")  # the recorders run in Python: only calls without graphs reach them
            ref = reference(fp32)
            eager.append(measure(bf16, bf16, ref)[0])
            draw, plain = measure(bf16, scoped, ref)
            ours.append(draw)
            scoped.set_cudagraph("full_and_piecewise")
            graphed = run(
                bf16, scoped, PROMPTS, TEACHER_STEPS, path=ref.trace.tokens, dispatch=scoped.dispatcher.dispatch
            )
            scoped.set_cudagraph("none")
            assert same(graphed, plain), f"{scoped.scope}: graphs changed the logprobs (seed {seed})"
    finally:
        reseed(fp32, bf16, 0)
    rows = gate(eager, ours)
    print("\n" + table(rows, scoped.scope, len(SEEDS)))
    assert not failures(rows), (scoped.scope, failures(rows))


def test_pinned_ple_table_inside_the_full_decode_graph(models: tuple) -> None:
    """The PLE rows come from a pinned host table through the Triton gather, captured in the graph:
    replays with new ids give bitwise the eager result."""
    model = copy.deepcopy(models[1])
    model.init_state(max_num_seqs=4, max_model_len=128)
    from model.checkpoint.ple_tables import PinnedTable

    for layer in model.model.layers:
        if layer.ple is not None:
            emb = layer.ple.ple_embedding
            weight = emb.ngram_embedding.weight
            emb.use_host_table(PinnedTable("float", weight.cpu().pin_memory(), None, 1.0, weight.dtype))
    graphed = GraphedForward(model, model, "full_decode_only")
    graphed.capture()
    dispatch = graphed.dispatcher.dispatch
    got = run(model, graphed, PROMPTS, 8, dispatch=dispatch, stop_after=STOPS, guard=guard_full_decode(graphed))
    assert graphed.full
    ref = run(model, model, PROMPTS, 8, dispatch=without_graphs(dispatch), stop_after=STOPS)
    assert same(got, ref)


def test_a_long_prefill_through_piecewise_graphs_is_bitwise(models: tuple) -> None:
    """Prefill through piecewise graphs captured at a large size (`serve --max-capture-size`, `bench
    --prefill-graphs`): prompts spanning several of the GDN prefill's 64-token chunks, padded to a
    capture size, give bitwise the logprobs of the same padded batches without graphs."""
    model = models[1]
    prompts = [list(range(2, 122)), list(range(200, 290)), [7] * 17]  # 227 tokens, padded to 240
    torch._dynamo.reset()
    compiled = qcompile.compile(model, ranges=[(1, 1), (2, 256)], scope="kernel")
    compiled.set_cudagraph("full_and_piecewise", capture_sizes=[1, 2, 4, 240])
    dispatch = compiled.dispatcher.dispatch
    assert dispatch(227, False) == BatchDescriptor(RuntimeMode.PIECEWISE, 227, 240)
    got = run(model, compiled, prompts, 4, dispatch=dispatch)
    assert sum(e.graph is not None for (_, size), e in compiled.pieces.entries.items() if size == 240) > 0
    compiled.set_cudagraph("none")
    ref = run(model, compiled, prompts, 4, dispatch=without_graphs(dispatch))
    torch._dynamo.reset()
    assert same(got, ref)
