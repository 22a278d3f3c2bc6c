"""GPU exactness gates for every CUDA graph mode, on the `wide` preset in bf16.

* every mode gives bitwise the logprobs of the same scope without graphs (same padded batches);
  FULL decode steps run with `torch.cuda.set_sync_debug_mode("error")`: nothing there syncs the host;
* scope "layer": the 8-token gate (greedy tokens equal to the eager oracle) and the 64-interval hash
  (sha256 of 64 greedy token ids, stable over three repeats, equal to the no-compile hash);
* scopes "block" and "kernel": teacher-forced over 64 steps along the fp32 greedy path (routing and
  QSA block choice pinned to fp32's), the error against the fp32 model of the same weights (max and
  mean logprob difference, top-1 agreement; routed-expert and QSA agreement unpinned) is no larger
  than eager bf16's;
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
from tests.cudagraph.recorders import qsa_choices, routed_experts

pytestmark = pytest.mark.gpu

RANGES = [(1, 1), (2, 64)]
MODES = ["none", "piecewise", "full", "full_decode_only", "full_and_piecewise"]
PROMPTS = [list(range(2, 40)), [5, 6, 7], [9, 1, 4, 4, 1, 8], [3, 3]]  # past the QSA budget; with EOS (1)
STOPS = [8, 6, 3, 1]
HASH_PROMPT = list(range(7, 23))  # 16 tokens: a capture size, so no mode pads the prefill
TEACHER_STEPS = 64
SEEDS = (0, 1, 2, 3)  # weight draws pooled by the fp32 comparison


def _init(model: torch.nn.Module, seed: int = 0) -> None:
    gen = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for p in model.parameters():
            scale = 0.3 if p.dim() < 2 else p.shape[-1] ** -0.5
            p.copy_(torch.randn(p.shape, generator=gen) * scale)


@pytest.fixture(scope="module")
def models() -> tuple[Qwen4ExpForCausalLM, Qwen4ExpForCausalLM]:
    """The fp32 reference and its bf16 copy (same weights), with state for 4 requests."""
    with torch.device("cuda"):
        fp32 = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(preset_config("wide")))
    _init(fp32)
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


def errors(ref: Trace, got: Trace) -> dict[str, float]:
    """Max and mean logprob difference and top-1 agreement of `got` against `ref`."""
    diffs = torch.cat([(a - b).abs().flatten() for a, b in zip(ref.logprobs, got.logprobs, strict=True)])
    top1 = torch.cat([a.argmax(-1) == b.argmax(-1) for a, b in zip(ref.logprobs, got.logprobs, strict=True)])
    return {"max": diffs.max().item(), "mean": diffs.mean().item(), "top1": top1.float().mean().item()}


def worst(ref: Trace, got: Trace, other: Trace) -> str:
    """Where `got`'s largest error sits (step, row, token), fp32's logprob there and `other`'s error
    there: whether a maximum is one path's arithmetic or a position both find hard."""
    step, row, token, err = max(
        (
            (i, *divmod(int((a - b).abs().argmax()), a.shape[-1]), (a - b).abs().max().item())
            for i, (a, b) in enumerate(zip(ref.logprobs, got.logprobs, strict=True))
        ),
        key=lambda t: t[-1],
    )
    there = (ref.logprobs[step][row, token] - other.logprobs[step][row, token]).abs().item()
    lp = ref.logprobs[step][row, token].item()
    return f"step {step} row {row} token {token}: {err:.4f} (fp32 logprob {lp:.2f}; the other path {there:.4f})"


def expert_agreement(ref: list[torch.Tensor], got: list[torch.Tensor]) -> float:
    """Share of (token, layer) pairs whose routed expert set is the reference's."""
    same_set = [(a.sort(-1).values == b.sort(-1).values).all(-1).flatten().cpu() for a, b in zip(ref, got, strict=True)]
    return torch.cat(same_set).float().mean().item()


def qsa_agreement(ref: list[torch.Tensor | None], got: list[torch.Tensor | None]) -> float:
    """Share of (query, attention call) pairs, over calls that choose, whose QSA blocks are fp32's."""
    same = [
        (a == b.to(a.device)).all(-1).cpu() for a, b in zip(ref, got, strict=True) if a is not None and b is not None
    ]
    assert len(same) == sum(a is not None for a in ref), "QSA: a path chose where fp32 did not"
    return torch.cat(same).float().mean().item()


def _reseed(models: tuple, seed: int) -> None:
    """New random weights, in place: compiled code reads parameters as graph inputs, so no recompile."""
    fp32, bf16 = models
    _init(fp32, seed)
    with torch.no_grad():
        for ours, ref in zip(bf16.parameters(), fp32.parameters(), strict=True):
            ours.copy_(ref)


@pytest.mark.parametrize("scoped", ["block", "kernel"], indirect=True)
def test_narrow_scope_is_no_worse_than_eager_against_fp32(models: tuple, scoped: Compiled) -> None:
    """Pooled over SEEDS weight draws (4 x 1220 (token, layer) routing choices), teacher-forced along
    fp32's tokens; max, mean and top-1 also along fp32's routing and QSA block choice (see
    `routed_experts`, `qsa_choices`), expert and QSA agreement along each path's own.

    Why both: a bf16 path's worst logprob errors sit at tokens where a near-tied expert choice flipped
    (a CPU study over 8 draws: every per-draw maximum of eager and kernel scope is at or right after a
    flip; with routing pinned the kernel scope's maximum fell from 0.635 to 0.192, eager's from 0.416
    to 0.206). Which near-ties flip is luck, so unpinned maxima compare luck; pinned, they compare the
    arithmetic. How often routing flips is gated on its own. One draw is too small a sample as well:
    it moved expert agreement by ±8 pairs either way. The bound is unchanged: compiled no worse than
    eager on each measure. Graphs are checked bitwise against the same scope without them. QSA's
    block choice is a top-k over fp32 scores with near-ties of its own (an H200 run at 6bed4c8 found
    the kernel scope's pooled maximum, 0.1997, in the one request past the QSA budget, where eager's
    error was 0.0078), so it is pinned and its flips gated like the experts'.
    """
    fp32, bf16 = models
    keys = ("ref", "eager", "eager_pinned", "plain", "plain_pinned")
    traces: dict[str, list[Trace]] = {k: [] for k in keys}
    ids: dict[str, list[torch.Tensor]] = {k: [] for k in keys}
    blocks: dict[str, list[list[torch.Tensor | None]]] = {k: [] for k in keys}
    try:
        for seed in SEEDS:
            _reseed(models, seed)
            scoped.set_cudagraph("none")  # the recorder runs in Python: only calls without graphs reach it
            for name, model, fn, pin in (
                ("ref", fp32, fp32, False),
                ("eager", bf16, bf16, False),
                ("eager_pinned", bf16, bf16, True),
                ("plain", bf16, scoped, False),
                ("plain_pinned", bf16, scoped, True),
            ):
                path = traces["ref"][-1].tokens if name != "ref" else None
                pinned, pinned_blocks = (ids["ref"][-1], blocks["ref"][-1]) if pin else (None, None)
                with routed_experts(model, pinned) as got, qsa_choices(pinned_blocks) as chosen:
                    traces[name].append(run(model, fn, PROMPTS, TEACHER_STEPS, path=path))
                ids[name].append(got)
                blocks[name].append(chosen)
            scoped.set_cudagraph("full_and_piecewise")
            graphed = run(
                bf16, scoped, PROMPTS, TEACHER_STEPS, path=traces["ref"][-1].tokens, dispatch=scoped.dispatcher.dispatch
            )
            scoped.set_cudagraph("none")
            assert same(graphed, traces["plain"][-1]), f"{scoped.scope}: graphs changed the logprobs (seed {seed})"
    finally:
        _reseed(models, 0)

    def pooled(name: str) -> Trace:
        return Trace([lp for t in traces[name] for lp in t.logprobs], [])

    def agreement(name: str) -> dict[str, float]:
        experts = expert_agreement([t for c in ids["ref"] for t in c], [t for c in ids[name] for t in c])
        qsa = qsa_agreement([m for c in blocks["ref"] for m in c], [m for c in blocks[name] for m in c])
        return {"experts": experts, "qsa": qsa}

    ref = pooled("ref")
    eager = errors(ref, pooled("eager_pinned")) | agreement("eager")
    plain = errors(ref, pooled("plain_pinned")) | agreement("plain")
    print(
        f"\nagainst fp32, {scoped.scope}, seeds {SEEDS}, routing pinned (experts: free):\n  eager bf16 {eager}\n"
        f"  compiled {plain}\n  free routing: eager {errors(ref, pooled('eager'))}, "
        f"compiled {errors(ref, pooled('plain'))}\n"
        f"  worst, eager: {worst(ref, pooled('eager_pinned'), pooled('plain_pinned'))}\n"
        f"  worst, compiled: {worst(ref, pooled('plain_pinned'), pooled('eager_pinned'))}"
    )
    assert plain["max"] <= eager["max"] and plain["mean"] <= eager["mean"], (scoped.scope, plain, eager)
    assert plain["top1"] >= eager["top1"], (scoped.scope, plain, eager)
    assert plain["experts"] >= eager["experts"] and plain["qsa"] >= eager["qsa"], (scoped.scope, plain, eager)


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
