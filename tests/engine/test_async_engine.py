"""`AsyncEngine` on the tiny preset: delta streams, concurrency, abort, stats and failures."""

import asyncio
import itertools
import threading
import time
from collections.abc import Callable

import pytest
import torch

from qcompile import LLM, SamplingParams
from qcompile.engine.async_engine import AsyncEngine, EngineDeadError
from qcompile.engine.outputs import RequestDelta

from .conftest import MakeLLM

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


LONG = SamplingParams(temperature=0, max_tokens=100, ignore_eos=True)


async def wait_for(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.005)


def test_a_request_that_cannot_be_added_fails_alone(llm: LLM, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(seed: int) -> torch.Generator:
        raise RuntimeError(f"no generator for seed {seed}")

    monkeypatch.setattr(llm.core.runner, "make_generator", refuse)

    async def main() -> tuple[list[RequestDelta], list[RequestDelta]]:
        engine = AsyncEngine(llm.core)
        try:
            bad = await collect(engine, "bad", PROMPTS[0], SamplingParams(seed=7, logprobs=0))
            good = await collect(engine, "good", PROMPTS[0], SamplingParams(temperature=0, max_tokens=3))
            return bad, good
        finally:
            await engine.shutdown()

    bad, good = asyncio.run(main())
    assert len(bad) == 1 and bad[0].finish_reason == "error" and bad[0].error == "RuntimeError: no generator for seed 7"
    assert bad[0].logprobs == [] and bad[0].num_prompt_tokens == 3
    assert joined(good).finish_reason in ("stop", "length") and joined(good).error is None


def test_a_queued_request_whose_consumer_leaves_is_aborted_at_once(llm: LLM) -> None:
    """Every slot busy with long requests: the abandoned waiting request leaves the queue while they run."""

    async def main() -> tuple[int, int]:
        engine = AsyncEngine(llm.core)
        try:
            running = [asyncio.ensure_future(collect(engine, f"busy{i}", [5 + i], LONG)) for i in range(4)]
            await wait_for(lambda: engine.stats().num_running == 4)
            queued = asyncio.ensure_future(collect(engine, "queued", [9], LONG))
            await wait_for(lambda: engine.stats().num_waiting == 1)
            queued.cancel()
            await wait_for(lambda: engine.stats().num_waiting == 0)
            still_running = engine.stats().num_running
            for task in running:
                task.cancel()
            await asyncio.gather(*running, queued, return_exceptions=True)
            await wait_for(lambda: not llm.core.engine.has_unfinished())
            return still_running, llm.core.engine.collector.generation_tokens
        finally:
            await engine.shutdown()

    still_running, _ = asyncio.run(main())
    assert still_running == 4


def test_shutdown_aborts_queued_work_within_its_timeout_even_with_a_stuck_step(
    llm: LLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    entered, release = threading.Event(), threading.Event()
    step = llm.core.engine.step

    def stuck() -> list[RequestDelta]:
        entered.set()
        release.wait()
        return step()

    async def main() -> tuple[list[RequestDelta], float]:
        engine = AsyncEngine(llm.core)
        streams = [asyncio.ensure_future(collect(engine, f"q{i}", [5 + i], LONG)) for i in range(6)]
        await wait_for(lambda: llm.core.engine.has_unfinished())
        monkeypatch.setattr(llm.core.engine, "step", stuck)
        await wait_for(entered.is_set)
        start = time.monotonic()
        await engine.shutdown(timeout=0.5)
        took = time.monotonic() - start
        finals = [s[-1] for s in await asyncio.gather(*streams)]
        with pytest.raises(EngineDeadError, match="shut down"):
            await anext(engine.generate("late", [5], LONG))
        return finals, took

    finals, took = asyncio.run(main())
    release.set()
    assert took < 5 and [f.finish_reason for f in finals] == ["abort"] * 6
    monkeypatch.undo()
    deadline = time.monotonic() + 30
    while llm.core.engine.has_unfinished():  # the left-behind thread drops what it held, then ends
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_a_dead_engine_loop_fails_open_and_new_requests_at_once(make_llm: MakeLLM) -> None:
    core = make_llm(max_num_seqs=2, max_num_batched_tokens=64).core  # its own engine: this one is left broken

    def broken() -> list[RequestDelta]:
        raise RuntimeError("loop bug")

    async def main() -> tuple[list[RequestDelta], BaseException]:
        engine = AsyncEngine(core)
        assert engine.dead is None
        core.engine.step = broken  # type: ignore[method-assign]
        stream = await collect(engine, "open", [5], LONG)
        why = await asyncio.wait_for(engine.wait_dead(), 10)
        with pytest.raises(EngineDeadError, match="loop bug"):
            await anext(engine.generate("new", [5], LONG))
        await engine.shutdown()
        return stream, why

    stream, why = asyncio.run(main())
    assert [d.finish_reason for d in stream] == ["error"] and "loop bug" in stream[0].error
    assert isinstance(why, RuntimeError) and str(why) == "loop bug"
