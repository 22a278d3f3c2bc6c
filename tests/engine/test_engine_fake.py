"""The step loop and the runner against a fake model with the real contract (no checkpoint needed)."""

from collections.abc import Callable

import pytest
import torch

from model.batch import Chunk, build_batch
from qcompile import SamplingParams
from qcompile.engine.engine import Engine
from qcompile.engine.outputs import RequestDelta, RequestOutput
from qcompile.engine.runner import ModelRunner
from qcompile.engine.sequence import Sequence

from .fake_model import FakeModel

PROMPTS = [[5, 9, 2], [7], [3, 3, 3, 3, 3, 3, 3, 3, 11], [40, 2, 8, 1, 6]]
Run = Callable[..., list[RequestOutput]]


@pytest.fixture
def run() -> Run:
    """Build a fresh engine and run prompts through it."""

    def go(
        prompts: list[list[int]],
        params: SamplingParams | list[SamplingParams],
        *,
        max_num_seqs: int = 8,
        eos_token_id: int = 1,
        model: FakeModel | None = None,
    ) -> list[RequestOutput]:
        model = model or FakeModel(eos_token_id=eos_token_id)
        engine = Engine(ModelRunner(model, max_num_seqs, 64, "cpu"), [model.config.eos_token_id])
        if isinstance(params, SamplingParams):
            params = [params] * len(prompts)
        seqs = [Sequence(str(i), None, p, sp) for i, (p, sp) in enumerate(zip(prompts, params, strict=True))]
        return engine.generate(seqs)

    return go


GREEDY = SamplingParams(temperature=0.0, max_tokens=12, ignore_eos=True)


def tokens(outs: list[RequestOutput]) -> list[list[int]]:
    return [o.outputs[0].token_ids for o in outs]


def test_batched_greedy_equals_single_requests(run: Run) -> None:
    batched = tokens(run(PROMPTS, GREEDY))
    single = [tokens(run([p], GREEDY))[0] for p in PROMPTS]
    assert batched == single
    assert all(len(t) == 12 for t in batched)


def test_more_requests_than_slots_queue_and_join_running_decodes(run: Run) -> None:
    model = FakeModel()
    queued = tokens(run(PROMPTS, GREEDY, max_num_seqs=2, model=model))
    assert queued == tokens(run(PROMPTS, GREEDY))
    assert max(model.forward_calls) == 2
    # requests 2 and 3 were admitted while others decoded: 2 waves of 12 steps, not 4
    assert len(model.forward_calls) == 24


def test_all_requests_of_a_call_share_each_forward(run: Run) -> None:
    model = FakeModel()
    run(PROMPTS, [SamplingParams(temperature=0, max_tokens=n, ignore_eos=True) for n in (3, 5, 5, 2)], model=model)
    # one prefill step samples the first token of each, then decodes drop out as they finish
    assert model.forward_calls == [4, 4, 3, 2, 2]


def test_seeded_sampling_does_not_depend_on_the_batch(run: Run) -> None:
    mine = SamplingParams(temperature=1.0, top_p=0.95, seed=123, max_tokens=12, ignore_eos=True)
    alone = tokens(run([PROMPTS[2]], mine))[0]
    others = [
        SamplingParams(temperature=1.3, max_tokens=7, ignore_eos=True),
        GREEDY,
        SamplingParams(temperature=0.7, seed=5, max_tokens=12, ignore_eos=True),
    ]
    batched = tokens(run(PROMPTS, [others[0], others[1], mine, others[2]]))[2]
    assert alone == batched
    assert (
        tokens(
            run([PROMPTS[2]], SamplingParams(temperature=1.0, top_p=0.95, seed=124, max_tokens=12, ignore_eos=True))
        )[0]
        != alone
    )


def test_logprobs_hold_the_sampled_token_and_the_top_k(run: Run) -> None:
    out = run(PROMPTS[:2], SamplingParams(temperature=0, max_tokens=5, logprobs=3, ignore_eos=True))
    for o in out:
        c = o.outputs[0]
        assert c.logprobs is not None and len(c.logprobs) == len(c.token_ids) == 5
        for tok, entry in zip(c.token_ids, c.logprobs, strict=True):
            assert next(iter(entry)) == tok and entry[tok].rank == 1
            assert len(entry) == 3  # greedy token is also the best one
            assert sorted(e.rank for e in entry.values()) == [1, 2, 3]
            assert all(e.logprob <= 0 for e in entry.values())
    assert run(PROMPTS[:1], GREEDY)[0].outputs[0].logprobs is None


def test_prompt_logprobs_match_the_decode_path(run: Run) -> None:
    prompt = PROMPTS[3]
    first = run([prompt], SamplingParams(temperature=0, max_tokens=4, logprobs=0, ignore_eos=True))[0]
    out = first.outputs[0]
    again = run([prompt + out.token_ids], SamplingParams(temperature=0, max_tokens=1, prompt_logprobs=2))[0]
    plp = again.prompt_logprobs
    assert plp is not None and plp[0] is None and len(plp) == len(prompt) + 4
    for pos, tok in enumerate(prompt + out.token_ids):
        if pos:
            assert tok in plp[pos] and len(plp[pos]) <= 3 and next(iter(plp[pos])) == tok
    for i, tok in enumerate(out.token_ids):
        assert plp[len(prompt) + i][tok].logprob == pytest.approx(out.logprobs[i][tok].logprob, abs=1e-6)
        assert plp[len(prompt) + i][tok].rank == 1
    assert first.prompt_logprobs is None


def test_logprobs_are_the_log_softmax_of_raw_logits(run: Run) -> None:
    model = FakeModel()
    out = run(
        [[4, 4]], SamplingParams(temperature=0.5, seed=0, max_tokens=1, logprobs=0, prompt_logprobs=0), model=model
    )[0]
    probe = FakeModel()
    probe.init_state(1, 8)
    batch = build_batch([Chunk(0, [4, 4], 0)], 1, "cpu")
    with probe.context(batch):
        lp = probe.compute_logits(probe(*batch.tensors())).log_softmax(-1)
    tok = out.outputs[0].token_ids[0]
    assert out.outputs[0].logprobs[0][tok].logprob == pytest.approx(lp[1, tok].item(), abs=1e-6)
    assert out.prompt_logprobs[1][4].logprob == pytest.approx(lp[0, 4].item(), abs=1e-6)


def test_stop_on_eos_stop_token_and_max_tokens(run: Run) -> None:
    free = tokens(run([PROMPTS[0]], GREEDY))[0]
    eos = free[3]
    cut = free.index(eos)
    out = run([PROMPTS[0]], SamplingParams(temperature=0, max_tokens=12), eos_token_id=eos)[0].outputs[0]
    assert out.token_ids == free[: cut + 1] and out.finish_reason == "stop"
    out = run([PROMPTS[0]], GREEDY, eos_token_id=eos)[0].outputs[0]
    assert out.token_ids == free and out.finish_reason == "length"
    stop = SamplingParams(temperature=0, max_tokens=12, stop_token_ids=[eos], ignore_eos=True)
    out = run([PROMPTS[0]], stop)[0].outputs[0]
    assert out.token_ids == free[: cut + 1] and out.finish_reason == "stop"


def test_a_failed_step_frees_every_slot() -> None:
    model = FakeModel()
    engine = Engine(ModelRunner(model, 2, 64, "cpu"), [1])
    calls = 0

    def broken(*args: torch.Tensor) -> torch.Tensor:
        nonlocal calls
        calls += 1
        raise RuntimeError("boom")

    engine.runner.forward = broken
    seqs = [Sequence(str(i), None, p, GREEDY) for i, p in enumerate(PROMPTS)]
    with pytest.raises(RuntimeError, match="boom"):
        engine.generate(seqs)
    assert not engine.has_unfinished() and sorted(engine.scheduler.free_slots) == [0, 1] and calls == 1
    engine.runner.forward = model
    fresh = Engine(ModelRunner(FakeModel(), 2, 64, "cpu"), [1])
    again = [
        engine.generate([Sequence("x", None, PROMPTS[0], GREEDY)]),
        fresh.generate([Sequence("y", None, PROMPTS[0], GREEDY)]),
    ]
    assert tokens(again[0]) == tokens(again[1])


class LetterTokenizer:
    """Token t decodes to one letter; `poison` raises, as a broken detokenisation would."""

    def __init__(self, poison: int | None = None) -> None:
        self.poison = poison
        self.decoded: list[int] = []  # the length of every decode call

    def decode(self, ids: list[int], skip_special_tokens: bool = True) -> str:
        self.decoded.append(len(ids))
        if self.poison in ids:
            raise UnicodeDecodeError("utf-8", b"", 0, 1, f"token {self.poison}")
        return "".join(chr(ord("a") + t % 26) for t in ids)


def step_all(engine: Engine) -> list[RequestDelta]:
    deltas = []
    while engine.has_unfinished():
        deltas += engine.step()
    return deltas


GROWING = ("output_token_ids", "pages")


def test_a_long_generation_costs_the_same_per_step() -> None:
    """2,000 tokens: each delta carries one token, its logprobs and its letter; each step decodes a
    bounded window; and nothing the engine keeps for the request grows with its output but its token
    ids (to recompute it after a preemption) and its K/V pages, one int per token and per page."""
    tokenizer = LetterTokenizer()
    engine = Engine(ModelRunner(FakeModel(), 1, 2048, "cpu"), [1], tokenizer)  # type: ignore[arg-type]
    params = SamplingParams(temperature=0, max_tokens=2000, logprobs=2, stop=["never"], ignore_eos=True)
    seq = Sequence("long", None, [5, 9, 2], params)
    engine.add(seq)
    deltas, kept = [], []
    while engine.has_unfinished():
        for delta in engine.step():
            deltas.append(delta)
            kept.append(
                sum(len(v) for k, v in vars(seq).items() if isinstance(v, (list, str, tuple)) and k not in GROWING)
                + len(seq.detokenizer.window)
                + len(seq.detokenizer.pending)
            )
    assert len(deltas) == 2000 and deltas[-1].finish_reason == "length" and deltas[-1].num_output_tokens == 2000
    assert all(len(d.token_ids) == 1 and len(d.logprobs) == 1 for d in deltas)
    assert all(len(d.text) <= 1 for d in deltas[:-1]) and sum(len(d.text) for d in deltas) == 2000
    assert max(tokenizer.decoded) <= 2 and len(tokenizer.decoded) == 2 * 2000 + 2000 * 3  # + logprob entries
    assert max(kept[:-1]) == max(kept[:10])  # the retained state is flat from the first steps on (until it finishes)
    assert seq.output_token_ids == [t for d in deltas for t in d.token_ids] and seq.pages == []  # freed at the end


def test_a_request_whose_output_fails_fails_alone() -> None:
    free = tokens(
        Engine(ModelRunner(FakeModel(), 4, 64, "cpu"), [1]).generate(
            [Sequence(str(i), None, p, GREEDY) for i, p in enumerate(PROMPTS)]
        )
    )
    poison = free[2][2]  # request 2's third token; absent from the other outputs
    assert all(poison not in t for i, t in enumerate(free) if i != 2)
    engine = Engine(ModelRunner(FakeModel(), 4, 64, "cpu"), [1], LetterTokenizer(poison))  # type: ignore[arg-type]
    for i, p in enumerate(PROMPTS):
        engine.add(Sequence(str(i), None, p, GREEDY))
    deltas = step_all(engine)
    finals = {d.request_id: d for d in deltas if d.finished}
    assert finals["2"].finish_reason == "error" and "UnicodeDecodeError" in finals["2"].error
    assert finals["2"].num_output_tokens == 2
    for i in (0, 1, 3):
        got = [t for d in deltas if d.request_id == str(i) for t in d.token_ids]
        assert got == free[i] and finals[str(i)].finish_reason == "length"
    assert sorted(engine.scheduler.free_slots) == [0, 1, 2, 3]


def test_a_failed_forward_fails_the_running_requests_and_the_queued_ones_go_on() -> None:
    model = FakeModel()
    engine = Engine(ModelRunner(model, 2, 64, "cpu"), [1])
    calls = 0

    def broken_once(*args: torch.Tensor) -> torch.Tensor:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("boom")
        return model(*args)

    engine.runner.forward = broken_once
    for i, p in enumerate(PROMPTS):
        engine.add(Sequence(str(i), None, p, GREEDY))
    deltas = step_all(engine)
    finals = {d.request_id: d for d in deltas if d.finished}
    assert [finals[str(i)].finish_reason for i in range(4)] == ["error", "error", "length", "length"]
    assert finals["0"].error == "RuntimeError: boom" and finals["0"].num_output_tokens == 0
    alone = Engine(ModelRunner(FakeModel(), 2, 64, "cpu"), [1]).generate(
        [Sequence("x", None, PROMPTS[2], GREEDY), Sequence("y", None, PROMPTS[3], GREEDY)]
    )
    assert [t for d in deltas if d.request_id == "2" for t in d.token_ids] == tokens(alone)[0]
    assert sorted(engine.scheduler.free_slots) == [0, 1] and not engine.has_unfinished()


def test_a_request_that_cannot_be_added_leaves_the_engine_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = Engine(ModelRunner(FakeModel(), 2, 64, "cpu"), [1])

    def refuse(seed: int) -> torch.Generator:
        raise RuntimeError(f"no generator for seed {seed}")

    monkeypatch.setattr(engine.runner, "make_generator", refuse)
    with pytest.raises(RuntimeError, match="seed 7"):
        engine.add(Sequence("s", None, PROMPTS[0], SamplingParams(seed=7)))
    assert not engine.has_unfinished()
    assert (
        tokens(engine.generate([Sequence("s", None, PROMPTS[0], GREEDY)]))[0]
        == tokens(
            Engine(ModelRunner(FakeModel(), 2, 64, "cpu"), [1]).generate([Sequence("t", None, PROMPTS[0], GREEDY)])
        )[0]
    )


def test_aborting_a_queued_request_removes_it_at_once() -> None:
    engine = Engine(ModelRunner(FakeModel(), 1, 64, "cpu"), [1])
    engine.add(Sequence("running", None, PROMPTS[0], GREEDY))
    engine.add(Sequence("queued", None, PROMPTS[1], SamplingParams(logprobs=1, prompt_logprobs=0)))
    engine.step()
    delta = engine.abort("queued")
    assert delta is not None and delta.finish_reason == "abort" and delta.token_ids == [] and delta.logprobs == []
    assert delta.prompt_logprobs == [None]
    assert list(engine.scheduler.waiting) == [] and engine.abort("queued") is None
    assert [d.request_id for d in step_all(engine)][-1] == "running"
