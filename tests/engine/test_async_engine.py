"""`AsyncEngine` on the tiny preset: streams, concurrency, abort and stats."""

import asyncio

from qcompile import LLM, SamplingParams
from qcompile.engine.async_engine import AsyncEngine
from qcompile.engine.outputs import RequestOutput

PROMPTS = [[5, 9, 2], [7], list(range(30, 70)), [11, 12, 13, 14, 15, 16], [3, 3, 3], [40, 41]]


async def collect(engine: AsyncEngine, rid: str, prompt: list[int], params: SamplingParams) -> list[RequestOutput]:
    return [out async for out in engine.generate(rid, prompt, params)]


def test_concurrent_streams_are_cumulative_and_match_llm_generate(llm: LLM) -> None:
    params = SamplingParams(temperature=0, max_tokens=10, ignore_eos=True)

    async def main() -> list[list[RequestOutput]]:
        engine = AsyncEngine(llm, model_name="tiny")
        try:
            return await asyncio.gather(*(collect(engine, f"r{i}", p, params) for i, p in enumerate(PROMPTS)))
        finally:
            await engine.shutdown()

    streams = asyncio.run(main())
    expected = llm.generate([{"prompt_token_ids": p} for p in PROMPTS], params)
    for stream, want in zip(streams, expected, strict=True):
        ids = [o.outputs[0].token_ids for o in stream]
        assert all(a == b[:len(a)] and len(a) < len(b) for a, b in zip(ids, ids[1:], strict=False))
        assert [o.finished for o in stream] == [False] * (len(stream) - 1) + [True]
        last = stream[-1].outputs[0]
        assert last.token_ids == want.outputs[0].token_ids and last.finish_reason == "length"
        assert last.text == want.outputs[0].text
    assert not llm.engine.has_unfinished()


def test_abort_and_disconnect_free_the_slot(llm: LLM) -> None:
    long = SamplingParams(temperature=0, max_tokens=100, ignore_eos=True)

    async def main() -> tuple[RequestOutput, int]:
        engine = AsyncEngine(llm)
        try:
            stream = engine.generate("a", [5, 9, 2], long)
            first = await anext(stream)
            assert not first.finished
            await engine.abort("a")
            last = [o async for o in stream][-1]
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
    assert last.finished and last.outputs[0].finish_reason == "abort" and len(last.outputs[0].token_ids) < 100
    assert in_engine == 0
    assert sorted(llm.engine.scheduler.free_slots) == [0, 1, 2, 3] and not llm.engine.has_unfinished()


def test_stats_count_tokens_and_latency_samples(llm: LLM) -> None:
    params = SamplingParams(temperature=0, max_tokens=4, ignore_eos=True)

    async def main() -> tuple[int, int, int, int]:
        engine = AsyncEngine(llm)
        try:
            before = engine.stats()
            await asyncio.gather(*(collect(engine, f"s{i}", p, params) for i, p in enumerate(PROMPTS[:3])))
            after = engine.stats()
            return (after.prompt_tokens_total - before.prompt_tokens_total,
                    after.generation_tokens_total - before.generation_tokens_total,
                    len(after.time_to_first_token_s), len(after.inter_token_latency_s))
        finally:
            await engine.shutdown()

    prompt, generated, ttft, itl = asyncio.run(main())
    assert prompt == sum(len(p) for p in PROMPTS[:3]) and generated == 12
    assert ttft == 3 and itl == 9


def test_invalid_request_raises_before_queueing(llm: LLM) -> None:
    async def main() -> None:
        engine = AsyncEngine(llm)
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
    assert not llm.engine.has_unfinished()


def test_streamed_text_only_grows_and_never_shows_a_stop_string(llm: LLM) -> None:
    prompt = llm.tokenizer.encode("The capital of France is")
    free = llm.generate([{"prompt_token_ids": prompt}], SamplingParams(temperature=0, max_tokens=24,
                                                                       ignore_eos=True))[0].outputs[0].text
    stop = free[10:14]
    params = SamplingParams(temperature=0, max_tokens=24, stop=[stop], ignore_eos=True)

    async def main() -> list[RequestOutput]:
        engine = AsyncEngine(llm)
        try:
            return await collect(engine, "s", prompt, params)
        finally:
            await engine.shutdown()

    texts = [o.outputs[0].text for o in asyncio.run(main())]
    assert texts[-1] == free[:free.index(stop)]
    assert all(a == b[:len(a)] for a, b in zip(texts, texts[1:], strict=False))
