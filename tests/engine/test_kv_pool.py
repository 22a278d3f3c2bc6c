"""The K/V page pool on the tiny preset: preemption under a small pool matches requests run alone
(tokens exactly, log-probs within the oracle bound), refusals, and the pool's sizing."""

import pytest

from qcompile import LLM, SamplingParams

from .conftest import MakeLLM
from .test_scheduling import alone, as_prompts, assert_same, reference, summary

__all__ = ["reference"]  # the fixture, shared with test_scheduling

PAGE = 16
PROMPTS = [list(range(30, 70)), [5, 9, 2], list(range(100, 125)), [11, 12, 13, 14, 15, 16]]
LONG = SamplingParams(temperature=0.0, max_tokens=20, logprobs=2, ignore_eos=True)


def pool_llm(make_llm: MakeLLM, num_pages: int, **kwargs: object) -> LLM:
    page_bytes = make_llm(max_num_seqs=1).core.model.page_bytes(PAGE)
    return make_llm(kv_cache_memory=(num_pages + 1) * page_bytes, page_size=PAGE, **kwargs)  # + the trash page


def test_preempted_requests_match_requests_run_alone(make_llm: MakeLLM, reference: LLM) -> None:
    """With async scheduling, so requests are preempted with a step in flight (the fake model's tests
    cover both modes)."""
    llm = pool_llm(make_llm, 5, max_num_seqs=4, max_num_batched_tokens=32)
    scheduler = llm.core.engine.scheduler
    before, hits = scheduler.num_preemptions, scheduler.prefix.num_hit_tokens
    got = summary(llm.generate(as_prompts(PROMPTS), LONG))
    assert scheduler.num_preemptions > before  # 4 requests of 11 pages in all, in a pool of 5
    assert scheduler.prefix.num_hit_tokens > hits  # a readmitted request resumed on its own cached pages
    assert_same(got, alone(reference, PROMPTS, LONG))
    assert scheduler.blocks.num_free_pages == 5


def test_a_request_larger_than_the_pool_is_refused_naming_both_sizes(make_llm: MakeLLM) -> None:
    llm = pool_llm(make_llm, 3, max_num_seqs=2)
    with pytest.raises(
        ValueError, match=r"prompt length 40 \+ max_tokens 20 needs 60 tokens of K/V but the whole pool holds 48"
    ):
        llm.generate(as_prompts(PROMPTS[:1]), LONG)
    out = llm.generate(as_prompts(PROMPTS[1:2]), SamplingParams(temperature=0, max_tokens=45, ignore_eos=True))
    assert len(out[0].outputs[0].token_ids) == 45  # 48 tokens: fits


def test_max_model_len_defaults_to_the_checkpoint_or_to_what_the_pool_holds(tiny_ckpt: object) -> None:
    llm = LLM(str(tiny_ckpt), max_num_seqs=2, kv_cache_memory="1MiB", page_size=PAGE)
    page_bytes = llm.core.model.page_bytes(PAGE)
    tokens = (2**20 // page_bytes - 1) * PAGE  # the trash page is one of the pool's
    assert tokens < 4096 and llm.core.max_model_len == tokens
    summary_line = llm.core.pool_summary()
    assert summary_line.startswith(f"K/V pool: {tokens} tokens ({tokens // PAGE} pages of {PAGE}, ")
    assert "1.00 requests of max_model_len" in summary_line and "the checkpoint allows 4096" in summary_line
    big = LLM(str(tiny_ckpt), max_num_seqs=2, kv_cache_memory=(4096 // PAGE + 1) * page_bytes, page_size=PAGE)
    assert big.core.max_model_len == 4096 and "allows" not in big.core.pool_summary()
