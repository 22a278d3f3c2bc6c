"""Continuous batching on the tiny preset: chunked prefill, queueing, overlap, stops, padding."""

from collections import deque

import pytest
import torch

import qcompile.api as api
from model.checkpoint.metadata import read_eos_token_ids
from model.context import BatchDescriptor, RuntimeMode
from model.paging import PAGED_BUFFERS
from qcompile import LLM, CompileConfig, SamplingParams
from qcompile.engine.block_manager import BlockManager
from qcompile.engine.outputs import RequestOutput
from qcompile.engine.scheduler import Scheduler
from qcompile.engine.sequence import Sequence

from .conftest import MakeLLM
from .fake_model import FakeCompiled

PROMPTS = [[5, 9, 2], list(range(30, 70)), [7], list(range(100, 160)), [11, 12, 13, 14, 15, 16], [3, 3, 3, 3]]
GREEDY = SamplingParams(temperature=0.0, max_tokens=12, ignore_eos=True)


def as_prompts(ids: list[list[int]]) -> list[dict]:
    return [{"prompt_token_ids": p} for p in ids]


LOGPROB_ATOL = 1e-5  # the oracle bound


def summary(outs: list[RequestOutput]) -> list[tuple]:
    """Everything a request returns, for comparison across engine configurations by `assert_same`."""

    def entries(lps: list | None) -> list | None:
        return (
            None
            if lps is None
            else [None if e is None else {t: (v.logprob, v.rank, v.decoded_token) for t, v in e.items()} for e in lps]
        )

    return [
        (
            o.outputs[0].token_ids,
            o.outputs[0].text,
            o.outputs[0].finish_reason,
            o.outputs[0].stop_reason,
            entries(o.outputs[0].logprobs),
            entries(o.prompt_logprobs),
        )
        for o in outs
    ]


def _exact_and_values(rows: list[tuple]) -> tuple[list[tuple], dict[tuple, float]]:
    """`summary` rows without their log-prob values, and the values by (request, field, position, token)."""
    values: dict[tuple, float] = {}

    def strip(r: int, field: int, lps: list | None) -> list | None:
        if lps is None:
            return None
        for pos, e in enumerate(lps):
            values.update({(r, field, pos, t): lp for t, (lp, _, _) in (e or {}).items()})
        return [None if e is None else {t: (rank, tok) for t, (_, rank, tok) in e.items()} for e in lps]

    exact = [(*row[:4], strip(r, 4, row[4]), strip(r, 5, row[5])) for r, row in enumerate(rows)]
    return exact, values


def assert_same(got: list[tuple], want: list[tuple]) -> None:
    """Tokens, text, ranks and stop reasons exactly; log-prob values within `LOGPROB_ATOL`.

    A prompt chunked differently, or a batch of another size (async scheduling runs other shapes),
    sums in another order and moves log-probs in the last bits: values one ulp apart may lie on
    either side of any rounding boundary, so they are compared with a tolerance, not rounded.
    """
    (got_exact, got_values), (want_exact, want_values) = _exact_and_values(got), _exact_and_values(want)
    assert got_exact == want_exact
    assert got_values.keys() == want_values.keys()
    worst = max((abs(got_values[k] - want_values[k]) for k in want_values), default=0.0)
    assert worst <= LOGPROB_ATOL, f"log-probs differ by {worst:.3g}"


@pytest.fixture(scope="module")
def reference(make_llm: MakeLLM) -> LLM:
    """Room for everything: no queueing, no chunking, no overlap."""
    return make_llm(max_num_seqs=8, async_scheduling=False)


_alone: dict[tuple[tuple[int, ...], SamplingParams], tuple] = {}


def alone(llm: LLM, prompts: list[list[int]], params: SamplingParams | list[SamplingParams]) -> list[tuple]:
    """Each request run by itself on `llm` (the reference engine; results cached across tests)."""
    if isinstance(params, SamplingParams):
        params = [params] * len(prompts)
    for p, sp in zip(prompts, params, strict=True):
        if (tuple(p), sp) not in _alone:
            _alone[tuple(p), sp] = summary(llm.generate(as_prompts([p]), sp))[0]
    return [_alone[tuple(p), sp] for p, sp in zip(prompts, params, strict=True)]


@pytest.mark.parametrize("async_scheduling", [False, True])
def test_chunked_prefill_and_queueing_match_requests_run_alone(
    make_llm: MakeLLM, reference: LLM, monkeypatch: pytest.MonkeyPatch, async_scheduling: bool
) -> None:
    llm = make_llm(max_num_seqs=2, max_num_batched_tokens=8, async_scheduling=async_scheduling)
    sizes: list[int] = []
    forward = llm.core.engine.runner.forward

    def spy(*args: torch.Tensor) -> torch.Tensor:
        sizes.append(args[0].shape[0])
        return forward(*args)

    monkeypatch.setattr(llm.core.engine.runner, "forward", spy)
    got = summary(llm.generate(as_prompts(PROMPTS), GREEDY))
    assert_same(got, alone(reference, PROMPTS, GREEDY))
    assert max(sizes) == 8  # the 40- and 60-token prompts were split across steps
    assert all(len(g[0]) == 12 for g in got)


def test_overlap_on_and_off_give_identical_outputs(make_llm: MakeLLM) -> None:
    """Requests stop at different steps (stop tokens, max_tokens), slots are reused, seeds and logprobs on."""
    free = make_llm(max_num_seqs=8, async_scheduling=False).generate(as_prompts(PROMPTS), GREEDY)
    params = [
        SamplingParams(
            temperature=0, max_tokens=12, stop_token_ids=[o.outputs[0].token_ids[k]], logprobs=2, ignore_eos=True
        )
        for o, k in zip(free, (2, 5, 0, 9, 3, 7), strict=True)
    ]
    params[1] = SamplingParams(temperature=0.8, top_k=20, seed=7, max_tokens=9, logprobs=1, prompt_logprobs=1)
    params[4] = SamplingParams(temperature=1.0, seed=3, max_tokens=1)
    runs = [
        summary(
            make_llm(max_num_seqs=3, max_num_batched_tokens=16, async_scheduling=a).generate(
                as_prompts(PROMPTS), params
            )
        )
        for a in (False, True)
    ]
    assert_same(runs[1], runs[0])
    assert [r[2] for r in runs[0]].count("stop") >= 4


def test_finished_request_row_in_flight_is_discarded(make_llm: MakeLLM, reference: LLM) -> None:
    """With overlap, a request that stops at step n already has a row in step n+1; that row must be
    dropped and its slot handed to the next request only afterwards."""
    llm = make_llm(max_num_seqs=1, async_scheduling=True)
    free = reference.generate(as_prompts(PROMPTS[:1]), GREEDY)[0].outputs[0].token_ids
    stop = SamplingParams(temperature=0, max_tokens=12, stop_token_ids=[free[4]], ignore_eos=True)
    got = summary(llm.generate(as_prompts(PROMPTS[:3]), [stop, GREEDY, stop]))
    assert_same(got, alone(reference, PROMPTS[:3], [stop, GREEDY, stop]))
    assert got[0][0] == free[: free.index(free[4]) + 1]
    assert sorted(llm.core.engine.scheduler.free_slots) == [0] and llm.core.engine.in_flight is None


def test_several_eos_ids_from_generation_config(llm: LLM, tiny_ckpt: object, monkeypatch: pytest.MonkeyPatch) -> None:
    assert read_eos_token_ids(tiny_ckpt, llm.core.config) == [1, 3]
    assert llm.core.engine.eos_token_ids == {1, 3}
    free = llm.generate(as_prompts(PROMPTS[:1]), GREEDY)[0].outputs[0].token_ids
    a, b = free[7], free[4]
    monkeypatch.setattr(llm.core.engine, "eos_token_ids", frozenset([a, b]))
    out = llm.generate(as_prompts(PROMPTS[:1]), SamplingParams(temperature=0, max_tokens=12))[0].outputs[0]
    cut = min(free.index(a), free.index(b)) + 1
    assert out.token_ids == free[:cut] and out.finish_reason == "stop" and out.stop_reason is None


def test_stop_strings_cut_the_text_before_the_stop(llm: LLM) -> None:
    prompt = ["The capital of France is"]
    free = llm.generate(prompt, SamplingParams(temperature=0, max_tokens=24, ignore_eos=True))[0].outputs[0]
    text = free.text
    stop = text[9:12]
    assert len(stop) == 3 and stop in text
    out = llm.generate(
        prompt, SamplingParams(temperature=0, max_tokens=24, stop=["never there", stop], ignore_eos=True)
    )[0].outputs[0]
    assert out.text == text[: text.index(stop)] and out.finish_reason == "stop" and out.stop_reason == stop
    assert out.token_ids == free.token_ids[: len(out.token_ids)]
    # the token that completed the stop string is the last one kept
    decode = llm.tokenizer.decode
    assert stop in decode(out.token_ids) and stop not in decode(out.token_ids[:-1])


def test_padding_rows_never_change_real_outputs(
    make_llm: MakeLLM, reference: LLM, tiny_ckpt: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    fakes: list[FakeCompiled] = []

    def fake_compile(model: torch.nn.Module, config: CompileConfig) -> FakeCompiled:
        fakes.append(FakeCompiled(model, config))
        return fakes[-1]

    monkeypatch.setattr(api, "compile", fake_compile)
    config = CompileConfig(ranges=((1, 1), (2, 2), (4, 4), (8, 8), (16, 16), (32, 32), (64, 64)))
    llm = LLM(str(tiny_ckpt), max_num_seqs=3, max_model_len=128, max_num_batched_tokens=20, compile=config)
    # construction compiled every range (largest first), then warmed up with a 1-token prefill and a decode
    sizes = fakes[0].sizes
    assert sizes == [64, 32, 16, 8, 4, 2, 1, 1, 1] and set(llm.core.stage_times) == {"load", "compile", "warmup"}
    sizes.clear()
    params = SamplingParams(temperature=0, max_tokens=6, logprobs=1, prompt_logprobs=1, ignore_eos=True)
    assert_same(summary(llm.generate(as_prompts(PROMPTS), params)), alone(reference, PROMPTS, params))
    assert set(sizes) <= {1, 2, 4, 8, 16, 32} and 32 in sizes  # 20-token steps ran padded to 32


def test_padding_rows_write_only_the_trash_slot(make_llm: MakeLLM, monkeypatch: pytest.MonkeyPatch) -> None:
    """One prefill step from the same state, unpadded and padded: idle slots untouched, the same results.

    Padding changes the matmul shapes, so values in the request's own slot may move in the last bits.
    State is per slot (dim 0 the slot, then the trash slot and the prefix cache's checkpoint rows) or in
    K/V pools (dim 0 the page): there the request's pages are those the block manager gave it, and every
    other page but the trash page is idle.
    """
    llm = make_llm(max_num_seqs=3, async_scheduling=False)
    runner = llm.core.engine.runner
    llm.generate(as_prompts(PROMPTS[:3]), GREEDY)  # leave finished requests' state in every slot
    slot_state = {id(t) for layer in runner.model.model.layers for m in layer.stateful() for t in m.slot_state()}
    pools = {n: b for n, b in runner.model.named_buffers() if n.rsplit(".", 1)[-1] in PAGED_BUFFERS}
    buffers = {n: b for n, b in runner.model.named_buffers() if id(b) in slot_state} | pools
    assert len(buffers) > len(pools) > 0, "the model keeps per-slot state buffers and K/V pools"
    start = {n: b.clone() for n, b in buffers.items()}

    def run(pad: int) -> tuple[list, dict[str, torch.Tensor], list[int]]:
        with torch.inference_mode():
            for n, b in buffers.items():
                b.copy_(start[n])
        seq = Sequence("p", None, PROMPTS[4], SamplingParams(temperature=0, max_tokens=2, prompt_logprobs=2))
        scheduler = Scheduler(3, 64, BlockManager(runner.num_pages, runner.page_size))
        scheduler.free_slots = deque([1])
        scheduler.add(seq)
        padded = lambda n, uniform: BatchDescriptor(RuntimeMode.NONE, n, n + pad)  # noqa: E731
        monkeypatch.setattr(runner.dispatcher, "dispatch", padded)
        results = runner.collect(runner.launch(scheduler.schedule()))
        return results, {n: b.clone() for n, b in buffers.items()}, seq.pages

    plain, padded = run(0), run(5)
    pages = padded[2]
    assert pages == plain[2] and runner.num_pages not in pages  # the trash page is the pool's last

    def rows(name: str, own: bool) -> list[int]:
        """Dim-0 indices of the request's state in buffer `name` (`own`), or of the idle state."""
        if name in pools:
            return pages if own else [p for p in range(runner.num_pages) if p not in pages]
        return [1] if own else [0, 2, *range(runner.trash_slot + 1, buffers[name].shape[0])]

    assert plain[0][0].token_id == padded[0][0].token_id is not None
    for a, b in zip(plain[0][0].prompt_logprobs, padded[0][0].prompt_logprobs, strict=True):
        assert a[0] == b[0] and a[2] == b[2] and a[1] == pytest.approx(b[1], abs=1e-5)
    for name, state in padded[1].items():
        idle, own = rows(name, False), rows(name, True)
        assert torch.equal(state[idle], start[name][idle]), name
        assert torch.allclose(state[own], plain[1][name][own], atol=1e-5), name
