"""Prefix caching on the tiny preset (fp32): a hit returns what a miss returns, tokens exactly and
log-probs within the oracle bound against a cold engine, and bit for bit against a miss whose
prefill was chunked at the hit point (the CPU path is batch invariant); a finished turn's answer is
resumed by the next; an evicted prefix misses and still answers right; off means no hit at all."""

import pytest

from qcompile import LLM, SamplingParams
from qcompile.engine.kv_memory import format_bytes
from qcompile.engine.scheduled_batch import ScheduledBatch

from .conftest import MakeLLM
from .test_scheduling import as_prompts, assert_same, summary

PAGE = 16
PROMPT = [(13 * i) % 251 + 2 for i in range(40)]  # two full pages, then 8 tokens: hits at 32
GREEDY = SamplingParams(temperature=0.0, max_tokens=10, logprobs=3, ignore_eos=True)


def cached(make_llm: MakeLLM, **kwargs: object) -> LLM:
    return make_llm(max_num_seqs=2, page_size=PAGE, **kwargs)


def cold(make_llm: MakeLLM, **kwargs: object) -> LLM:
    return make_llm(max_num_seqs=2, page_size=PAGE, enable_prefix_caching=False, **kwargs)


def hit_counts(llm: LLM) -> tuple[int, int]:
    counts = llm.core.engine.stats().prefix_cache
    return counts.queried_tokens, counts.hit_tokens


def test_a_hit_returns_what_a_miss_returns(make_llm: MakeLLM) -> None:
    llm = cached(make_llm)
    before = hit_counts(llm)
    prompt = [t + 1 for t in PROMPT]  # this test's own: no other test cached it
    first = llm.generate(as_prompts([prompt]), GREEDY)[0]
    again = llm.generate(as_prompts([prompt + [7, 8]]), GREEDY)[0]
    assert (first.num_cached_tokens, again.num_cached_tokens) == (0, 32)  # the first repeat hits
    queried, hits = hit_counts(llm)
    assert (queried - before[0], hits - before[1]) == (82, 32)
    want = cold(make_llm).generate(as_prompts([prompt, prompt + [7, 8]]), GREEDY)
    assert_same(summary([first, again]), summary(want))


@pytest.mark.parametrize("kv_cache_dtype", ["auto", "fp8"])
def test_a_hit_is_bitwise_a_miss_chunked_at_the_hit_point(make_llm: MakeLLM, kv_cache_dtype: str) -> None:
    """The cold engine's 32-token budget cuts the prompt at 32 as the hit does; each request runs alone.
    FP8 K/V pages are shared as they are: the hit reads the codes and scales the miss wrote."""
    llm = cached(make_llm, kv_cache_dtype=kv_cache_dtype)
    assert ("float8_e4m3fn" in llm.core.pool_summary()) == (kv_cache_dtype == "fp8")
    llm.generate(as_prompts([PROMPT]), GREEDY)
    got = llm.generate(as_prompts([PROMPT]), GREEDY)
    assert got[0].num_cached_tokens == 32
    want = cold(make_llm, max_num_batched_tokens=32, kv_cache_dtype=kv_cache_dtype).generate(
        as_prompts([PROMPT]), GREEDY
    )
    assert summary(got) == summary(want)


def test_a_checkpoint_saved_inside_a_forward_hits_bitwise_as_a_miss_chunked_there(make_llm: MakeLLM) -> None:
    """A chat prompt's generation prompt starts 128 tokens in, a multiple of the delta rule's chunk: its one
    forward saves the state there without ending. A prompt that diverges after it resumes from that save,
    bitwise as a miss whose prefill was chunked at 128."""
    llm = cached(make_llm, max_model_len=256)
    forwards: list[list[int]] = []
    launch = llm.core.engine.runner.launch_forward

    def spy(step: ScheduledBatch) -> object:
        forwards.append(list(step.num_tokens))
        return launch(step)

    llm.core.engine.runner.launch_forward = spy  # type: ignore[method-assign]
    prompt = [(7 * i) % 251 + 2 for i in range(150)]
    llm.generate([{"prompt_token_ids": prompt, "message_starts": [40, 128]}], GREEDY)
    assert forwards[0] == [150]  # one forward: the save at 128 inside it (the start at 40 too near the prompt's)
    other = [*prompt[:131], 9, 9, 9]
    got = llm.generate(as_prompts([other]), GREEDY)
    assert got[0].num_cached_tokens == 128
    want = cold(make_llm, max_model_len=256, max_num_batched_tokens=128).generate(as_prompts([other]), GREEDY)
    assert summary(got) == summary(want)


def test_the_next_turn_resumes_after_the_last_turn_s_answer(make_llm: MakeLLM) -> None:
    llm = cached(make_llm)
    turn = llm.generate(as_prompts([PROMPT[:20]]), SamplingParams(temperature=0, max_tokens=20, ignore_eos=True))[0]
    history = PROMPT[:20] + turn.outputs[0].token_ids  # 40 tokens, 39 fed: the rolling checkpoint is at 32
    nxt = llm.generate(as_prompts([history + [9, 9, 9]]), GREEDY)
    assert nxt[0].num_cached_tokens == 32
    assert_same(summary(nxt), summary(cold(make_llm).generate(as_prompts([history + [9, 9, 9]]), GREEDY)))


def test_an_evicted_prefix_misses_and_still_answers_right(make_llm: MakeLLM) -> None:
    page_bytes = make_llm(max_num_seqs=1).core.model.page_bytes(PAGE)
    llm = cached(make_llm, kv_cache_memory=(8 + 1) * page_bytes, prefix_state_checkpoints=2)  # + the trash page
    params = SamplingParams(temperature=0.0, max_tokens=4, logprobs=3, ignore_eos=True)
    llm.generate(as_prompts([PROMPT]), params)
    others = [[5 + i] * 40 for i in range(3)]  # each takes 3 pages and 2 checkpoint rows
    llm.generate(as_prompts(others), params)
    got = llm.generate(as_prompts([PROMPT]), params)
    assert got[0].num_cached_tokens == 0
    counts = llm.core.engine.stats().prefix_cache
    assert counts.evicted_pages > 0 and counts.evicted_checkpoints > 0
    assert_same(summary(got), summary(cold(make_llm).generate(as_prompts([PROMPT]), params)))
    blocks = llm.core.engine.scheduler.blocks
    assert blocks.num_free_pages == blocks.num_pages  # nothing leaked: every page free or cached


@pytest.mark.parametrize("host", [0, 4])
def test_a_checkpoint_spilled_to_the_host_hits_bitwise_as_from_a_device_row(make_llm: MakeLLM, host: int) -> None:
    """One device checkpoint row: the prompt's checkpoint at 32 is evicted by its own rolling decode
    checkpoint, then another prompt's. Without host rows the repeat misses; with them it is copied back
    and the hit is bitwise the hit from a device row of an engine with rows to spare (and the miss
    chunked at the hit point)."""
    llm = cached(make_llm, prefix_state_checkpoints=1, prefix_host_checkpoints=host)
    host_bytes = format_bytes(host * llm.core.model.state_row_bytes())
    assert (f"spilled to 4 host rows ({host_bytes})" in llm.core.pool_summary()) == bool(host)
    prompt = [t + 3 for t in PROMPT]  # this test's own: no other test cached it
    other = [5] * len(PROMPT)
    for p in (prompt, other):
        llm.generate(as_prompts([p]), GREEDY)
    got = llm.generate(as_prompts([prompt]), GREEDY)
    assert got[0].num_cached_tokens == (32 if host else 0)
    counts = llm.core.engine.stats().prefix_cache
    assert (counts.spilled_checkpoints > 0, counts.restored_checkpoints) == (bool(host), 1 if host else 0)
    roomy = cached(make_llm)
    for p in (prompt, other):
        roomy.generate(as_prompts([p]), GREEDY)
    from_device = roomy.generate(as_prompts([prompt]), GREEDY)
    assert from_device[0].num_cached_tokens == 32 and roomy.core.engine.stats().prefix_cache.restored_checkpoints == 0
    want = cold(make_llm, max_num_batched_tokens=32).generate(as_prompts([prompt]), GREEDY)
    assert summary(from_device) == summary(want)
    if host:
        assert summary(got) == summary(from_device)


def test_no_prefix_caching_means_no_hit(make_llm: MakeLLM) -> None:
    llm = cold(make_llm)
    outs = llm.generate(as_prompts([PROMPT, PROMPT]), GREEDY) + llm.generate(as_prompts([PROMPT]), GREEDY)
    assert [o.num_cached_tokens for o in outs] == [0, 0, 0]
    assert hit_counts(llm) == (0, 0)
    assert llm.core.engine.scheduler.prefix is None and llm.core.runner.num_checkpoints == 0
    assert "prefix caching off" in llm.core.pool_summary()
    assert "prefix cache: 4 state checkpoints" in cached(make_llm).core.pool_summary()
