"""Preemption against the fake model: a tiny K/V pool forces requests out, and each comes back with
exactly the tokens (and logprobs) it has when it runs alone, streamed without gaps or repeats."""

import itertools
import random

import pytest

from qcompile import SamplingParams
from qcompile.engine.engine import Engine
from qcompile.engine.outputs import OutputBuilder, RequestDelta, RequestOutput
from qcompile.engine.runner import ModelRunner
from qcompile.engine.sequence import Sequence

from .fake_model import FakeModel

PROMPTS = [[5, 9, 2], [7], [3, 3, 3, 3, 3, 3, 3, 3, 11], [40, 2, 8, 1, 6]]
GREEDY = SamplingParams(temperature=0.0, max_tokens=12, logprobs=2, ignore_eos=True)


def engine(num_pages: int | None, max_num_seqs: int = 4, async_scheduling: bool = True, budget: int = 64) -> Engine:
    """The fake model under a pool of `num_pages` pages of 4 tokens (None: every slot 64 tokens)."""
    runner = ModelRunner(FakeModel(), max_num_seqs, 64, "cpu", num_pages=num_pages, page_size=4)
    return Engine(runner, [1], None, budget, async_scheduling)


def alone(prompt: list[int], params: SamplingParams) -> RequestOutput:
    return engine(None, max_num_seqs=1).generate([Sequence("alone", None, prompt, params)])[0]


def same(got: RequestOutput, want: RequestOutput) -> None:
    g, w = got.outputs[0], want.outputs[0]
    assert g.token_ids == w.token_ids
    assert g.finish_reason == w.finish_reason
    if w.logprobs is not None:
        assert g.logprobs is not None
        for a, b in zip(g.logprobs, w.logprobs, strict=True):
            assert list(a) == list(b)
            assert all(a[t].logprob == pytest.approx(b[t].logprob, abs=1e-5) for t in b)


def run_streaming(
    eng: Engine, seqs: list[Sequence], arrivals: dict[int, list[Sequence]] | None = None
) -> dict[str, RequestOutput]:
    """Step to completion (adding `arrivals[step]` before that step), checking each request's stream:
    every delta's tokens continue exactly where the last one stopped."""
    builders: dict[str, OutputBuilder] = {}
    counts: dict[str, int] = {}

    def add(s: Sequence) -> None:
        builders[s.request_id] = OutputBuilder(
            s.request_id, s.prompt, s.prompt_token_ids, logprobs=[] if s.params.logprobs is not None else None
        )
        counts[s.request_id] = 0
        eng.add(s)

    for s in seqs:
        add(s)
    for step in itertools.count():
        for s in (arrivals or {}).pop(step, []):
            add(s)
        if not eng.has_unfinished() and not arrivals:
            break
        deltas: list[RequestDelta] = eng.step()
        for d in deltas:
            assert d.finish_reason != "error", d.error
            counts[d.request_id] += len(d.token_ids)
            assert d.num_output_tokens == counts[d.request_id]
            builders[d.request_id].add(d)
    return {k: b.build() for k, b in builders.items()}


@pytest.mark.parametrize("async_scheduling", [True, False])
def test_preempted_requests_resume_with_the_same_tokens_and_logprobs(async_scheduling: bool) -> None:
    eng = engine(num_pages=7, async_scheduling=async_scheduling)
    seqs = [Sequence(str(i), None, p, GREEDY) for i, p in enumerate(PROMPTS)]
    outs = run_streaming(eng, seqs)
    assert eng.scheduler.num_preemptions > 0 and any(s.num_preemptions for s in seqs)
    for i, p in enumerate(PROMPTS):
        same(outs[str(i)], alone(p, GREEDY))
    assert eng.scheduler.blocks.num_free_pages == 7 and sorted(eng.scheduler.free_slots) == [0, 1, 2, 3]


def test_a_request_larger_than_the_pool_is_refused_and_the_others_go_on() -> None:
    eng = engine(num_pages=5)
    small = [Sequence(str(i), None, p, GREEDY) for i, p in enumerate(PROMPTS[:2])]
    for s in small:
        eng.add(s)
    eng.step()
    huge = Sequence("huge", None, list(range(2, 12)), SamplingParams(max_tokens=11))
    with pytest.raises(
        ValueError, match=r"request 'huge' needs 21 tokens of K/V but the whole pool holds 20 \(5 pages of 4\)"
    ):
        eng.add(huge)
    while eng.has_unfinished():
        eng.step()
    outs = run_streaming(engine(num_pages=5), [Sequence(str(i), None, p, GREEDY) for i, p in enumerate(PROMPTS[:2])])
    for i, s in enumerate(small):
        assert s.output_token_ids == outs[str(i)].outputs[0].token_ids == alone(PROMPTS[i], GREEDY).outputs[0].token_ids


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_random_stream_under_a_tiny_pool_loses_and_changes_nothing(seed: int) -> None:
    """Requests with shared prefixes arrive over time, some greedy and some seeded samples, some with
    prompt logprobs; the pool holds a handful of them, so requests are preempted again and again."""
    rng = random.Random(seed)
    stems = [[rng.randrange(2, 64) for _ in range(rng.randint(1, 9))] for _ in range(3)]
    seqs, params = [], []
    for i in range(14):
        prompt = rng.choice(stems) + [rng.randrange(2, 64) for _ in range(rng.randint(0, 6))]
        p = SamplingParams(
            temperature=rng.choice([0.0, 0.8]),
            seed=rng.randrange(1000),
            max_tokens=rng.randint(1, 24),
            logprobs=rng.choice([None, 1]),
            prompt_logprobs=rng.choice([None, None, 2]),
            ignore_eos=rng.random() < 0.7,
        )
        seqs.append(Sequence(str(i), None, prompt, p))
        params.append(p)
    arrivals: dict[int, list[Sequence]] = {}
    for s in seqs[4:]:
        arrivals.setdefault(rng.randrange(30), []).append(s)
    eng = engine(
        num_pages=12, max_num_seqs=rng.choice([3, 6]), async_scheduling=bool(seed % 2), budget=rng.choice([5, 16])
    )
    outs = run_streaming(eng, seqs[:4], arrivals)
    assert eng.scheduler.num_preemptions > 0
    for s, p in zip(seqs, params, strict=True):
        want = alone(s.prompt_token_ids, p)
        same(outs[s.request_id], want)
        got_plp, want_plp = outs[s.request_id].prompt_logprobs, want.prompt_logprobs
        assert (got_plp is None) == (want_plp is None)
        if want_plp is not None:
            assert [None if e is None else list(e) for e in got_plp] == [
                None if e is None else list(e) for e in want_plp
            ]
    assert eng.scheduler.blocks.num_free_pages == 12
