"""Where a served decode step's host time goes, with the device's work taken out.

Serves the embedded default model through the real app (`build_app` over `AsyncEngine`, async
scheduling on, uvicorn in this process), but the runner's `execute` (what a device would run: state
resets, the forward, the logits) returns precomputed logits at once, choosing the tokens of an English
text so that detokenisation and parsing see realistic pieces. A client subprocess (the `openai`
client, so its work is not on this process's GIL) opens 1, 4 and 16 streaming chat completions at once
(`ignore_eos`, `--tokens` each). Per stream count it prints, first, what the clients saw (the time from
the first token to the last over the tokens, and the inter-token latency p50 and p90), the CPU time per
step of the engine thread
and of the event loop (this process's main thread), and the SSE chunks per step (fewer than the
streams when a stream lagged and its deltas were merged); then the microseconds per step (and per
step and stream) spent in each stage, measured with perf_counter spans around:

- engine thread: `schedule`; `launch_forward` (host layout: `build_batch`, the fed-back index copy and
  dispatch, the instant forward); `launch_sample` (logits processors, sampling, host copies; on CPU the
  sampling ops run here, on CUDA they are only queued); `collect` (read-back); `process` (per-request
  output: detokenisation, stop checks, deltas); `publish` (handing deltas to the event loop);
- event loop: `feed` (the reply parser), `chat_deltas` (events into message deltas), `sse` (the
  chunk's JSON encoding); the rest of the loop's work (queues, Starlette, uvicorn's writes) shows in
  the cProfile table. A span's time includes waiting for the GIL, which the two threads share.

With `--profile` it also runs cProfile in the engine thread and in the event loop (one extra pass at
the largest stream count: profiling slows both) and prints each thread's top functions by own time,
in microseconds per step.

It takes `qcompile serve`'s engine and compile flags (default: the embedded model, float32, on the CPU,
`--max-model-len 1024`). `--real-forward` keeps the model's forward: on a GPU the spans then show where
the host waits for the device (a span that synchronises holds the device's time), and CUDA events
around each `execute` give the device's time in a step and between steps (`DeviceTimes`): a step that
waits for the host shows as time between. Command (from the repository root):

    PYTHONPATH=. python scripts/experiments/serve_host_time.py [--streams 1,4,16] [--tokens 300] [--temperature 0]
        [--profile] [--real-forward] [serve's engine and compile flags]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import functools
import io
import itertools
import json
import pstats
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

TEXT = (
    "The river ran low that summer, and the village children walked its stony bed each morning, "
    "turning over rocks for crayfish and arguing about which of them had seen the heron first. "
    "Their grandmother said the water would come back with the autumn rains, as it always had. "
)


# ---- client (a subprocess) ---------------------------------------------------------------------


async def _one_stream(client: Any, model: str, tokens: int, temperature: float) -> list[float]:
    """Arrival times of the chunks carrying generated text."""
    stream = await client.chat.completions.create(
        model=model,
        messages=[{"role": "user", "content": "Tell me a story about a river."}],
        max_tokens=tokens,
        temperature=temperature,
        stream=True,
        extra_body={"ignore_eos": True},
    )
    times = []
    async for chunk in stream:
        delta = chunk.choices[0].delta if chunk.choices else None
        if delta is not None and (delta.content or getattr(delta, "reasoning", None)):
            times.append(time.perf_counter())
    return times


async def _client(url: str, model: str, streams: int, tokens: int, temperature: float) -> None:
    import openai

    client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key="none", timeout=600, max_retries=0)
    arrivals = await asyncio.gather(*(_one_stream(client, model, tokens, temperature) for _ in range(streams)))
    await client.close()
    gaps = [b - a for times in arrivals for a, b in itertools.pairwise(times)]
    span = max(t[-1] for t in arrivals) - min(t[0] for t in arrivals)
    print(json.dumps({"gaps": gaps, "span": span, "chunks": [len(t) for t in arrivals]}))


# ---- server (this process) ----------------------------------------------------------------------


class Spans:
    """Seconds and calls per stage, from wrapped callables."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self.cpu: list[float] = []  # the engine thread's CPU clock before the first step and after the last

    def engine_cpu(self) -> float:
        return self.cpu[-1] - self.cpu[0] if self.cpu else 0.0

    def wrap_step(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """`wrap` for the engine's step, also reading the engine thread's CPU clock."""
        timed = self.wrap("step (engine thread, total)", fn)

        def step() -> Any:
            if not self.cpu:
                self.cpu.append(time.thread_time())
            try:
                return timed()
            finally:
                self.cpu[1:] = [time.thread_time()]

        return step

    def wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds[name] += time.perf_counter() - start
                self.calls[name] += 1

        return timed

    def reset(self) -> None:
        self.seconds.clear()
        self.calls.clear()
        self.cpu.clear()


def instant_execute(runner: Any, token_ids: list[int], max_rows: int) -> Callable[..., Any]:
    """A stand-in for `ModelRunner.execute`: logits whose argmax walks through `token_ids`, each call's
    rows a view of one precomputed table (no copy), so the stand-in costs nothing per row."""
    import torch

    vocab = runner.model.config.vocab_size
    cycle = [token_ids[i % len(token_ids)] for i in range(len(token_ids) + max_rows)]
    table = torch.full((len(cycle), vocab), -10.0, device=runner.device)
    table[torch.arange(len(cycle)), torch.tensor(cycle)] = 10.0
    position = [0]

    def execute(*args: Any) -> torch.Tensor:
        logit_rows = args[4]  # (fresh_slots, block_tables, batch, how, logit_rows[, copies])
        start = position[0] % len(token_ids)
        position[0] += len(logit_rows)
        return table[start : start + len(logit_rows)]

    return execute


class DeviceTimes:
    """On CUDA, events around each `execute` (the state copies, the forward, the logits), read at the end:
    the device's time per step in it, and between one step's logits and the next step's first work
    (sampling's few kernels, and the device idle if the host has not queued the next step yet)."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, Any]] = []

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        import torch

        @functools.wraps(fn)
        def timed(*args: Any) -> Any:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            try:
                return fn(*args)
            finally:
                end.record()
                self.events.append((start, end))

        return timed

    def summary(self) -> str:
        """Medians in ms over the steps since the last call (the device synchronised first)."""
        import torch

        torch.cuda.synchronize()
        events, self.events = self.events, []
        if len(events) < 2:
            return "device: too few steps"
        inside = statistics.median(a.elapsed_time(b) for a, b in events)
        between = statistics.median(b.elapsed_time(a2) for (_, b), (a2, _) in itertools.pairwise(events))
        return f"device ms per step, p50: {inside:.3f} in execute (forward, logits), {between:.3f} between steps"


def instrument(engine: Any, spans: Spans) -> None:
    """Wrap the stages named in the module docstring."""
    from qcompile.server import parsers, serving

    inner, runner = engine._engine, engine.core.runner
    inner.step = spans.wrap_step(inner.step)
    inner.scheduler.schedule = spans.wrap("schedule", inner.scheduler.schedule)
    runner.launch_forward = spans.wrap("launch_forward", runner.launch_forward)
    runner.launch_sample = spans.wrap("launch_sample", runner.launch_sample)
    runner.collect = spans.wrap("collect", runner.collect)
    inner._process = spans.wrap("process (detokenise, stop, deltas)", inner._process)
    engine._publish = spans.wrap("publish", engine._publish)
    serving.sse = spans.wrap("sse (json encode)", serving.sse)
    serving.chat_deltas = spans.wrap("chat_deltas", serving.chat_deltas)
    parsers.ReplyParser.feed = spans.wrap("feed (reply parser)", parsers.ReplyParser.feed)


def top_table(profiler: cProfile.Profile, steps: int, n: int = 18) -> str:
    stats = pstats.Stats(profiler, stream=io.StringIO())
    rows = []
    for (filename, line, name), (_, calls, own, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
        where = filename.split("/site-packages/")[-1].split("/wt-host/")[-1]
        rows.append((own, cumulative, calls, f"{where}:{line}({name})"))
    rows.sort(reverse=True)
    lines = ["| own µs/step | cumulative µs/step | calls/step | function |", "|---:|---:|---:|---|"]
    for own, cumulative, calls, what in rows[:n]:
        lines.append(f"| {own / steps * 1e6:.1f} | {cumulative / steps * 1e6:.1f} | {calls / steps:.2f} | `{what}` |")
    return "\n".join(lines)


async def run_client(url: str, model: str, streams: int, tokens: int, temperature: float) -> dict[str, Any]:
    flags = ["--client", url, "--served-name", model, "--streams", str(streams), "--tokens", str(tokens)]
    flags += ["--temperature", str(temperature)]
    proc = await asyncio.create_subprocess_exec(sys.executable, __file__, *flags, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"the client failed with exit code {proc.returncode}")
    return json.loads(out)


def report(streams: int, tokens: int, result: dict[str, Any], spans: Spans, loop_cpu: float) -> str:
    steps, chunks = spans.calls["step (engine thread, total)"], spans.calls["sse (json encode)"]
    gaps = sorted(result["gaps"])
    p50, p90 = statistics.median(gaps), gaps[int(0.9 * (len(gaps) - 1))]
    lines = [
        f"### {streams} stream(s): {steps} steps; first to last token {result['span'] / (tokens - 1) * 1e6:.0f} "
        f"µs per token; ITL p50 {p50 * 1e3:.2f} ms, p90 {p90 * 1e3:.2f} ms; CPU time per step: engine thread "
        f"{spans.engine_cpu() / steps * 1e6:.0f} µs, event loop {loop_cpu / steps * 1e6:.0f} µs "
        f"({chunks / steps:.1f} SSE chunks a step, {loop_cpu / chunks * 1e6:.0f} µs each)",
        "",
        "| stage | µs/step | µs/step/stream | calls/step |",
        "|---|---:|---:|---:|",
    ]
    for name, seconds in sorted(spans.seconds.items(), key=lambda kv: -kv[1]):
        per_step = seconds / steps * 1e6
        lines.append(f"| {name} | {per_step:.1f} | {per_step / streams:.1f} | {spans.calls[name] / steps:.2f} |")
    return "\n".join(lines)


async def serve(args: argparse.Namespace) -> None:
    import uvicorn

    from qcompile.commands.engine_flags import engine_config
    from qcompile.engine.async_engine import AsyncEngine
    from qcompile.engine.progress import start_core
    from qcompile.server.app import build_app
    from qcompile.server.parsers import select_parsers
    from tests.server.conftest import free_port

    streams_list, tokens, temperature = [int(s) for s in args.streams.split(",")], args.tokens, args.temperature
    engine = AsyncEngine(start_core(engine_config(args)))
    name = engine.model_name
    forward = "the model's forward"
    if not args.real_forward:
        token_ids = engine.tokenizer.encode(TEXT, add_special_tokens=False)
        engine.core.runner.execute = instant_execute(engine.core.runner, token_ids, max(streams_list))
        forward = "instant forward"
    spans = Spans()
    instrument(engine, spans)
    device = DeviceTimes() if args.real_forward and engine.core.runner.device.type == "cuda" else None
    if device is not None:
        engine.core.runner.execute = device.wrap(engine.core.runner.execute)
    port = free_port()
    app = build_app(engine, select_parsers(engine.core.path))
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning"))
    task = asyncio.ensure_future(server.serve())
    while not server.started:
        await asyncio.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    await run_client(url, name, 2, 20, temperature)  # warm-up
    if device is not None:
        device.summary()
    print(
        f"# serve_host_time: {name} on {engine.core.runner.device}, {forward}, {tokens} tokens per stream, "
        f"temperature {temperature}\n"
    )
    for streams in streams_list:
        spans.reset()
        start = time.thread_time()  # this thread runs the event loop; the client is another process
        result = await run_client(url, name, streams, tokens, temperature)
        print(report(streams, tokens, result, spans, time.thread_time() - start), flush=True)
        print("" if device is None else f"\n{device.summary()}\n", flush=True)
    if args.profile:
        streams = max(streams_list)
        spans.reset()
        engine_profiler, loop_profiler = cProfile.Profile(), cProfile.Profile()
        profile_steps(engine, engine_profiler)
        loop_profiler.enable()
        await run_client(url, name, streams, tokens, temperature)
        loop_profiler.disable()
        steps = spans.calls["step (engine thread, total)"]
        print(f"### cProfile, {streams} streams, engine thread\n\n{top_table(engine_profiler, steps)}\n")
        print(f"### cProfile, {streams} streams, event loop\n\n{top_table(loop_profiler, steps)}\n")
    server.should_exit = True
    with contextlib.suppress(asyncio.CancelledError):
        await task


def profile_steps(engine: Any, profiler: cProfile.Profile) -> None:
    """Profile every engine step from now on, in the engine thread that runs it."""
    step = engine._engine.step

    def profiled() -> Any:
        profiler.enable()
        try:
            return step()
        finally:
            profiler.disable()

    engine._engine.step = profiled


def main() -> None:
    from qcompile.commands.engine_flags import add_compile_flags, add_engine_flags

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--streams", default="1,4,16")
    parser.add_argument("--tokens", type=int, default=300)
    parser.add_argument("--temperature", type=float, default=0.0, help="0: greedy, as the load and agent benches")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--real-forward", action="store_true", help="keep the model's forward (on a GPU)")
    parser.add_argument("--client", help=argparse.SUPPRESS)
    parser.add_argument("--served-name", help=argparse.SUPPRESS)
    add_engine_flags(parser, defaults={"max_model_len": 1024})
    add_compile_flags(parser)
    args = parser.parse_args()
    if args.client:
        asyncio.run(_client(args.client, args.served_name, int(args.streams), args.tokens, args.temperature))
        return
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()
