"""Prefix caching against the fake model, whose outputs depend on a request's whole history through
its slot state and its K/V pages: a hit resumes with exactly what a cold run gives, on the first
repeat, at message boundaries and after a finished turn's answer; under a small pool, preemption
and eviction lose or change no request and leak no page or checkpoint. Checkpoints are saved inside a
chunk by its forward where the model's `state_block` allows (the fake model's: anywhere; `NO_BLOCK`: never,
so each ends a chunk)."""

import random

import pytest

from qcompile import SamplingParams
from qcompile.engine.engine import Engine
from qcompile.engine.prefix_cache import MESSAGE_CHECKPOINTS, PrefixCache
from qcompile.engine.runner import ModelRunner
from qcompile.engine.scheduled_batch import ScheduledBatch
from qcompile.engine.sequence import Sequence

from .fake_model import FakeModel
from .test_preemption import alone, run_streaming, same

PAGE = 4
NO_BLOCK = 1 << 20  # a state block no chunk reaches: every checkpoint ends a chunk
GREEDY = SamplingParams(temperature=0.0, max_tokens=6, logprobs=2, ignore_eos=True)


def cached_engine(
    num_pages: int | None = None,
    checkpoints: int = 8,
    budget: int = 64,
    interval: int = 64,
    max_num_seqs: int = 4,
    host: int = 0,
    min_gap: int = 0,
    state_block: int = 1,
) -> Engine:
    runner = ModelRunner(
        FakeModel(state_block=state_block),
        max_num_seqs,
        64,
        "cpu",
        num_pages=num_pages,
        page_size=PAGE,
        num_checkpoints=checkpoints,
        num_host_checkpoints=host,
    )
    return Engine(runner, [1], None, budget, True, interval, min_gap)


def run(eng: Engine, name: str, prompt: list[int], message_starts: list[int] | None = None) -> Sequence:
    seq = Sequence(name, None, prompt, GREEDY, message_starts=message_starts or [])
    same(eng.generate([seq])[0], alone(prompt, GREEDY))
    return seq


def assert_nothing_held(eng: Engine) -> None:
    """Every page free or cached, every checkpoint row free or cached (no rolling one left behind), on
    the device and on the host."""
    blocks, prefix = eng.scheduler.blocks, eng.scheduler.prefix
    assert blocks.num_free_pages == blocks.num_pages and not any(blocks.ref_counts)
    for book in (prefix.checkpoints, *([] if prefix.host is None else [prefix.host])):
        assert len(book.free) + len(book.cached) == book.num_checkpoints
        assert sorted([*book.free, *book.cached.values()]) == list(range(book.num_checkpoints))


def test_the_first_repeat_hits_and_answers_as_a_cold_run() -> None:
    eng = cached_engine()
    prompt = [5, 9, 2, 7, 3, 3, 8, 4, 6, 2, 9, 11, 13, 17]
    assert run(eng, "a", prompt).num_cached_tokens == 0
    again = run(eng, "b", prompt)
    assert again.num_cached_tokens == 12  # the last full page boundary before the last prompt token
    counts = eng.scheduler.prefix.counts()
    assert (counts.queried_tokens, counts.hit_tokens) == (28, 12)
    assert run(eng, "c", prompt[:12]).num_cached_tokens == 0  # its last page must be computed: no boundary at 8
    assert run(eng, "d", prompt[:13]).num_cached_tokens == 12
    assert_nothing_held(eng)


def test_a_message_boundary_lets_a_diverging_prompt_resume() -> None:
    eng = cached_engine()
    system = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29]  # 10 tokens: the message boundary is inside page 2
    run(eng, "first", [*system, 5, 6, 7, 8, 9, 10, 11], message_starts=[0, 10])
    other = run(eng, "second", [*system, 40, 41, 42, 43, 44], message_starts=[0, 10])
    assert other.num_cached_tokens == 8  # the page boundary at or below the boundary
    assert_nothing_held(eng)


@pytest.mark.parametrize(
    ("state_block", "expected"),
    [(1, [50]), (NO_BLOCK, [16, 16, 4, 4, 4, 4, 2])],  # intervals at 16 and 32, the last four starts 36..48
)
def test_only_the_latest_message_boundaries_are_checkpointed(state_block: int, expected: list[int]) -> None:
    """A conversation of many messages sent cold is checkpointed at its last MESSAGE_CHECKPOINTS boundaries
    only (each inside its one forward, or ending a chunk): an edit of its last message still resumes at that
    message's start, one of an early message at the interval checkpoint below it."""
    eng = cached_engine(budget=64, interval=16, state_block=state_block)
    prompt = [2 + i % 50 for i in range(50)]
    starts = list(range(4, 50, 4))  # 13 messages of 4 tokens, one a page
    chunks = prefill_chunks(eng, Sequence("a", None, prompt, GREEDY, message_starts=starts))
    assert len(starts) > MESSAGE_CHECKPOINTS == 4
    assert chunks == expected
    assert run(eng, "last edited", [*prompt[:48], 60, 61]).num_cached_tokens == 48
    assert run(eng, "early edited", [*prompt[:28], 60, 61]).num_cached_tokens == 16  # not at its start, 28
    assert_nothing_held(eng)


def prefill_chunks(eng: Engine, seq: Sequence) -> list[int]:
    """The tokens of each step that prefilled `seq`, which runs to its end and answers as it does alone."""
    prefix, chunks = eng.scheduler.prefix, []

    def record(batch: ScheduledBatch) -> None:
        for s, n, start in zip(batch.seqs, batch.num_tokens, batch.starts, strict=True):
            if s is seq and start < seq.num_prompt_tokens:
                chunks.append(n)
        PrefixCache.scheduled(prefix, batch)

    prefix.scheduled = record
    try:
        same(eng.generate([seq])[0], alone(seq.prompt_token_ids, seq.params))
    finally:
        del prefix.scheduled
    return chunks


@pytest.mark.parametrize(("state_block", "expected"), [(1, [27]), (NO_BLOCK, [24, 3])])
def test_a_checkpoint_close_to_another_is_not_taken(state_block: int, expected: list[int]) -> None:
    """An agent's turn resends a short reply, then a long tool result: with checkpoints `min_gap` apart, the
    start of the tool result (4 tokens past the hit) and the prompt's end (past the generation prompt's
    start, the next turn's resume point) are not checkpointed, so the turn prefills in one forward that saves
    at the generation prompt (or, where it cannot, two), not three; a prompt that diverges at a start
    without a checkpoint recomputes from the one before it."""
    eng = cached_engine(budget=64, interval=64, min_gap=8, state_block=state_block)
    system = list(range(2, 18))  # 16 tokens, then the first turn's generation prompt
    run(eng, "turn 1", [*system, 40, 41, 42], message_starts=[16])
    prompt = [*system, 50, 51, 52, 53, *range(20, 40), 60, 61, 62]  # reply at 16, tool at 20, generation at 40
    second = Sequence("turn 2", None, prompt, GREEDY, message_starts=[16, 20, 40])
    assert prefill_chunks(eng, second) == expected  # from the hit at 16 to 40 (saved there), then the rest
    assert second.num_cached_tokens == 16
    assert run(eng, "turn 3", [*prompt[:40], 45, 46, 47, 48, 49]).num_cached_tokens == 40
    assert run(eng, "tool edited", [*prompt[:20], 57, 58, 59]).num_cached_tokens == 16  # not at 20
    assert_nothing_held(eng)


def test_a_short_prompt_without_message_starts_still_saves_its_end() -> None:
    """Without message starts the end is the only checkpoint a repeat can resume at: kept however close."""
    eng = cached_engine(min_gap=64)
    prompt = [5, 9, 2, 7, 3, 3, 8, 4, 6, 2]
    run(eng, "a", prompt)
    assert run(eng, "b", prompt).num_cached_tokens == 8
    assert_nothing_held(eng)


def test_interval_checkpoints_count_from_the_hit() -> None:
    """A prefill resumed at a hit is checkpointed every interval from there: where its chunks of the
    step budget end anyway."""
    eng = cached_engine(budget=8, interval=8, state_block=NO_BLOCK)
    stem = list(range(2, 14))  # 12 tokens: its checkpoints at 8, then its end at 12
    run(eng, "a", stem)
    longer = Sequence("b", None, [*stem, *range(30, 52)], GREEDY)  # 34 tokens, resumed at 12
    assert prefill_chunks(eng, longer) == [8, 8, 4, 2]  # to 20 and 28 (not 16 and 24), its end's page, the rest
    assert longer.num_cached_tokens == 12
    assert_nothing_held(eng)


def test_the_next_turn_resumes_after_the_answer_of_the_last() -> None:
    eng = cached_engine()
    prompt = [5, 9, 2, 7, 3]
    turn = eng.generate([Sequence("t1", None, prompt, GREEDY)])[0]
    history = prompt + turn.outputs[0].token_ids  # 11 tokens, 10 of them fed (the last is only sampled)
    nxt = run(eng, "t2", [*history, 30, 31, 32])
    assert nxt.num_cached_tokens == 8  # the rolling checkpoint at the last page boundary reached
    assert_nothing_held(eng)


@pytest.mark.parametrize(("state_block", "expected"), [(1, [38]), (8, [36, 2]), (NO_BLOCK, [8, 8, 8, 8, 4, 2])])
def test_a_long_prefill_is_checkpointed_every_interval(state_block: int, expected: list[int]) -> None:
    """Checkpoints at 8, 16, 24, 32 and 36 (the prompt's last page boundary): saved inside one forward, or
    where they are no multiple of the state block past the chunk's start (36 for a block of 8), ending it."""
    eng = cached_engine(interval=8, state_block=state_block)
    prompt = list(range(2, 40))
    chunks = prefill_chunks(eng, Sequence("a", None, prompt, GREEDY))
    assert chunks == expected
    assert run(eng, "b", prompt[:30]).num_cached_tokens == 24


@pytest.mark.parametrize("state_block", [1, NO_BLOCK])
@pytest.mark.parametrize("min_gap", [0, 6])
@pytest.mark.parametrize("host", [0, 3])
@pytest.mark.parametrize("seed", range(4))
def test_a_random_stream_of_shared_prefixes_loses_or_changes_no_request(
    seed: int, host: int, min_gap: int, state_block: int
) -> None:
    """A pool of 12 pages and 4 checkpoints for 4 slots: requests are preempted, pages and checkpoints
    evicted, hits taken from running, finished and preempted requests alike; with `host` rows the
    evicted checkpoints are spilled there (and evicted from there) and hits copied back; with `min_gap`
    the checkpoints a prompt can do without are dropped near the others; with `NO_BLOCK` every
    checkpoint ends a chunk."""
    rng = random.Random(seed)
    eng = cached_engine(
        num_pages=12, checkpoints=4, budget=10, interval=8, host=host, min_gap=min_gap, state_block=state_block
    )
    stems = [[rng.randrange(2, 64) for _ in range(rng.randrange(4, 14))] for _ in range(3)]
    arrivals: dict[int, list[Sequence]] = {}
    prompts = {}
    for i in range(24):
        stem = rng.choice(stems)
        prompt = stem[: rng.randrange(1, len(stem) + 1)] + [rng.randrange(2, 64) for _ in range(rng.randrange(0, 6))]
        params = SamplingParams(temperature=0.0, max_tokens=rng.randrange(1, 10), logprobs=1, ignore_eos=True)
        seq = Sequence(str(i), None, prompt, params, message_starts=[0, len(stem) // 2])
        prompts[seq.request_id] = (prompt, params)
        arrivals.setdefault(rng.randrange(0, 40), []).append(seq)
    outs = run_streaming(eng, [], arrivals)
    assert len(outs) == 24
    for name, (prompt, params) in prompts.items():
        same(outs[name], alone(prompt, params))
    counts = eng.scheduler.prefix.counts()
    assert counts.hit_tokens > 0 and counts.evicted_pages > 0 and counts.evicted_checkpoints > 0
    assert eng.scheduler.num_preemptions > 0
    if min_gap == 0:  # fewer checkpoints are fewer to spill and restore: not every seed does both
        assert (counts.spilled_checkpoints > 0, counts.restored_checkpoints > 0) == (bool(host), bool(host))
    assert_nothing_held(eng)


def test_an_evicted_prefix_misses_and_still_answers_right() -> None:
    eng = cached_engine(num_pages=6, checkpoints=2)
    prompt = [5, 9, 2, 7, 3, 3, 8, 4, 6]
    run(eng, "a", prompt)
    for i in range(3):  # others take every page and checkpoint row
        run(eng, f"other{i}", [40 + i] * 13)
    assert run(eng, "again", prompt).num_cached_tokens == 0
    counts = eng.scheduler.prefix.counts()
    assert counts.evicted_pages > 0 and counts.evicted_checkpoints > 0
    assert run(eng, "third", prompt).num_cached_tokens == 8
    assert_nothing_held(eng)


def test_a_preempted_request_resumes_on_its_own_cached_pages() -> None:
    """b is preempted when a needs a fifth page, and a's growth evicts only the last of b's (pages go
    from their end), so b comes back on its first two and its checkpoint at 8."""
    eng = cached_engine(num_pages=7, max_num_seqs=2, budget=64)
    short, long = (SamplingParams(temperature=0.0, max_tokens=n, logprobs=1, ignore_eos=True) for n in (8, 12))
    a, b = Sequence("a", None, list(range(2, 12)), short), Sequence("b", None, list(range(20, 30)), long)
    outs = run_streaming(eng, [a, b])
    assert b.num_preemptions == 1 and eng.scheduler.prefix.num_hit_tokens == 8
    same(outs["a"], alone(a.prompt_token_ids, short))
    same(outs["b"], alone(b.prompt_token_ids, long))
    assert_nothing_held(eng)


def test_a_request_that_wants_prompt_logprobs_is_never_given_a_hit() -> None:
    eng = cached_engine()
    prompt = [5, 9, 2, 7, 3, 3, 8, 4, 6, 2]
    run(eng, "a", prompt)
    params = SamplingParams(temperature=0.0, max_tokens=2, prompt_logprobs=1, ignore_eos=True)
    seq = Sequence("b", None, prompt, params)
    out = eng.generate([seq])[0]
    assert seq.num_cached_tokens == 0 and len(out.prompt_logprobs) == len(prompt)
    assert out.prompt_logprobs[1:] == alone(prompt, params).prompt_logprobs[1:]


def alone_each(eng: Engine, prompts: list[list[int]], params: SamplingParams) -> list[Sequence]:
    """`prompts` run together through `eng`, each answered exactly as it is alone."""
    seqs = [Sequence(f"r{i}", None, p, params) for i, p in enumerate(prompts)]
    for seq, out in zip(seqs, eng.generate(seqs), strict=True):
        same(out, alone(seq.prompt_token_ids, params))
    return seqs


SHORT = SamplingParams(temperature=0.0, max_tokens=2, logprobs=2, ignore_eos=True)
# 9 tokens each: one checkpoint, at 8 (the two decode steps reach no further page boundary)
PROMPTS = [[10 + i, 5, 9, 2, 7, 3, 3, 8, 4] for i in range(4)]


@pytest.mark.parametrize("host", [0, 4])
def test_an_evicted_checkpoint_is_spilled_and_copied_back_for_a_hit(host: int) -> None:
    """One device row: each prompt's checkpoint evicts the last; without a host tier the repeats miss,
    with one they hit, copied back, answering as alone. The first repeat's copy-back spills the second
    prompt's checkpoint (before it overwrites its row), which the second repeat then copies back; that
    one evicts the first's from the device, already on the host (the tiers are inclusive)."""
    eng = cached_engine(checkpoints=1, host=host)
    for p in PROMPTS[:2]:
        alone_each(eng, [p], SHORT)
    for p in PROMPTS[:2]:
        assert alone_each(eng, [p], SHORT)[0].num_cached_tokens == (8 if host else 0)
    counts = eng.scheduler.prefix.counts()
    spilled, restored, evicted = (2, 2, 0) if host else (0, 0, 3)
    assert (counts.spilled_checkpoints, counts.restored_checkpoints, counts.evicted_checkpoints) == (
        spilled,
        restored,
        evicted,
    )
    assert_nothing_held(eng)


def test_the_host_tier_evicts_least_recently_used() -> None:
    """One device row and two host rows: of four prompts' checkpoints the first leaves the host when the
    fourth's evicts the third's from the device; the first's repeat misses, the third's hits."""
    eng = cached_engine(checkpoints=1, host=2)
    for p in PROMPTS:
        alone_each(eng, [p], SHORT)
    prefix = eng.scheduler.prefix
    assert prefix.counts().evicted_checkpoints == 1 and len(prefix.host.cached) == 2
    assert alone_each(eng, [PROMPTS[2]], SHORT)[0].num_cached_tokens == 8
    assert alone_each(eng, [PROMPTS[0]], SHORT)[0].num_cached_tokens == 0
    assert_nothing_held(eng)


def test_a_copy_back_never_reads_a_host_row_its_own_step_spills_into() -> None:
    """One device row, one host row: the repeat's copy-back evicts the device's checkpoint, whose spill
    finds the only host row the copy-back still reads, so that checkpoint is dropped, not spilled over it."""
    eng = cached_engine(checkpoints=1, host=1)
    for p in PROMPTS[:2]:
        alone_each(eng, [p], SHORT)
    assert alone_each(eng, [PROMPTS[0]], SHORT)[0].num_cached_tokens == 8
    counts = eng.scheduler.prefix.counts()
    assert (counts.spilled_checkpoints, counts.restored_checkpoints, counts.evicted_checkpoints) == (1, 1, 1)
    assert_nothing_held(eng)


def test_two_copy_backs_in_one_step_never_share_a_device_row() -> None:
    """One device row, three host rows holding two prompts' checkpoints: both repeats admitted in one
    step, the first is copied back to the only device row and the second, with no row left, misses."""
    eng = cached_engine(checkpoints=1, host=3)
    for p in PROMPTS[:3]:
        alone_each(eng, [p], SHORT)
    first, second = alone_each(eng, PROMPTS[:2], SHORT)
    assert (first.num_cached_tokens, second.num_cached_tokens) == (8, 0)
    assert_nothing_held(eng)
