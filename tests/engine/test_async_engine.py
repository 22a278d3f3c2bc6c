"""`AsyncEngine` on the tiny preset: delta streams, concurrency, abort, stats and failures."""

import asyncio
import itertools

from qcompile import LLM, SamplingParams
from qcompile.engine.async_engine import AsyncEngine
from qcompile.engine.outputs import RequestDelta

PROMPTS = [[5, 9, 2], [7], list(range(30, 70)), [11, 12, 13, 14, 15, 16], [3, 3, 3], [40, 41]]


async def collect(engine: AsyncEngine, rid: str, prompt: list[int], params: SamplingParams) -> list[RequestDelta]:
    return [delta async for delta in engine.generate(rid, prompt, params)]


def joined(stream: list[RequestDelta]) -> RequestDelta:
    return stream[0].merge(*stream[1:])


def test_concurrent_streams_carry_deltas_that_add_up_to_llm_generate(llm: LLM) -> None:
    params = SamplingParams(temperature=0, max_tokens=10, logprobs=1, ignore_eos=True)

    async def main() -> list[list[RequestDelta]]:
        engine = AsyncEngine(llm.core, model_name="tiny")
        try:
            return await asyncio.gather(*(collect(engine, f"r{i}", p, params) for i, p in enumerate(PROMPTS)))
        finally:
            await engine.shutdown()

    streams = asyncio.run(main())
    expected = llm.generate([{"prompt_token_ids": p} for p in PROMPTS], params)
    for stream, want in zip(streams, expected, strict=True):
        assert [d.finished for d in stream] == [False] * (len(stream) - 1) + [True]
        # each delta holds only its new tokens (merged when this consumer lagged), nothing repeated
        assert list(itertools.accumulate(len(d.token_ids) for d in stream)) == [d.num_output_tokens for d in stream]
        whole = joined(stream)
        assert whole.token_ids == want.outputs[0].token_ids and whole.finish_reason == "length"
        assert whole.text == want.outputs[0].text and whole.logprobs == want.outputs[0].logprobs
        assert whole.num_prompt_tokens == len(want.prompt_token_ids)
    assert not llm.core.engine.has_unfinished()


def test_a_lagging_consumer_gets_the_missed_deltas_merged(llm: LLM) -> None:
    params = SamplingParams(temperature=0, max_tokens=12, ignore_eos=True)

    async def main() -> list[RequestDelta]:
        engine = AsyncEngine(llm.core)
        try:
            got = []
            async for delta in engine.generate("slow", PROMPTS[0], params):
                got.append(delta)
                while engine.stats().num_running and len(got) == 1:  # stall until the request is done
                    await asyncio.sleep(0.01)
            return got
        finally:
            await engine.shutdown()

    got = asyncio.run(main())
    want = llm.generate([{"prompt_token_ids": PROMPTS[0]}], params)[0].outputs[0]
    assert len(got) == 2 and got[1].finished and len(got[1].token_ids) >= 10
    assert joined(got).token_ids == want.token_ids and joined(got).text == want.text


def test_abort_and_disconnect_free_the_slot(llm: LLM) -> None:
    long = SamplingParams(temperature=0, max_tokens=100, ignore_eos=True)

    async def main() -> tuple[RequestDelta, int]:
        engine = AsyncEngine(llm.core)
        try:
            stream = engine.generate("a", [5, 9, 2], long)
            first = await anext(stream)
            assert not first.finished
            await engine.abort("a")
            last = [d async for d in stream][-1]
            gone = engine.generate("b", [7], long)
            await anext(gone)
            await gone.aclose()  # a client that disconnects mid-stream
            while engine.stats().num_running:
                await asyncio.sleep(0.01)
            stats = engine.stats()
            return last, stats.num_running + stats.num_waiting
        finally:
            await engine.shutdown()

    last, in_engine = asyncio.run(main())
    assert last.finished and last.finish_reason == "abort" and last.num_output_tokens < 100
    assert in_engine == 0
    assert sorted(llm.core.engine.scheduler.free_slots) == [0, 1, 2, 3] and not llm.core.engine.has_unfinished()


def test_stats_count_tokens_and_latency_samples(llm: LLM) -> None:
    params = SamplingParams(temperature=0, max_tokens=4, ignore_eos=True)

    async def main() -> tuple[int, int, int, int]:
        engine = AsyncEngine(llm.core)
        try:
            before = engine.stats()
            await asyncio.gather(*(collect(engine, f"s{i}", p, params) for i, p in enumerate(PROMPTS[:3])))
            after = engine.stats()
            return (
                after.prompt_tokens_total - before.prompt_tokens_total,
                after.generation_tokens_total - before.generation_tokens_total,
                len(after.time_to_first_token_s),
                len(after.inter_token_latency_s),
            )
        finally:
            await engine.shutdown()

    prompt, generated, ttft, itl = asyncio.run(main())
    assert prompt == sum(len(p) for p in PROMPTS[:3]) and generated == 12
    assert ttft == 3 and itl == 9


def test_invalid_request_raises_before_queueing(llm: LLM) -> None:
    async def main() -> None:
        engine = AsyncEngine(llm.core)
        try:
            try:
                await anext(engine.generate("x", [1] * 120, SamplingParams(max_tokens=16)))
            except ValueError as e:
                assert "exceeds max_model_len 128" in str(e)
            else:
                raise AssertionError("expected ValueError")
        finally:
            await engine.shutdown()

    asyncio.run(main())
    assert not llm.core.engine.has_unfinished()


def test_streamed_text_only_grows_and_never_shows_a_stop_string(llm: LLM) -> None:
    prompt = llm.tokenizer.encode("The capital of France is")
    free = (
        llm.generate([{"prompt_token_ids": prompt}], SamplingParams(temperature=0, max_tokens=24, ignore_eos=True))[0]
        .outputs[0]
        .text
    )
    stop = free[10:14]
    params = SamplingParams(temperature=0, max_tokens=24, stop=[stop], ignore_eos=True)

    async def main() -> list[RequestDelta]:
        engine = AsyncEngine(llm.core)
        try:
            return await collect(engine, "s", prompt, params)
        finally:
            await engine.shutdown()

    stream = asyncio.run(main())
    assert joined(stream).text == free[: free.index(stop)] and stream[-1].stop_reason == stop
    texts = ["".join(d.text for d in stream[:i]) for i in range(len(stream) + 1)]
    assert not any(stop in t for t in texts)
