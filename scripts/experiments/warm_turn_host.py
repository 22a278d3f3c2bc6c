"""The host's share of a warm agent turn's time to first token, with the device's work taken out.

Serves a checkpoint through the real app as `serve_host_time.py` does (its instant forward: logits at
once, so what is left is host work), then runs `scripts/tools/bench_agent_sessions.py` against it: one
session growing to `--target-context` tokens, 3,000 tokens of tool output a turn and `--output-tokens`
out (2 by default: the first token is what is timed), prefix caching on. It prints the benchmark's
table (its TTFT is all host: rendering, tokenizing, the prefix lookup, scheduling, laying out the
batches, HTTP) and the milliseconds per request spent in each stage: the prompt thread's chat prompt
(rendering and the message starts), `make_sequence` (validation), the engine thread's `schedule`
(the prefix lookup hashes the prompt's pages), `launch_forward` (the batch's layout) and the rest.

The embedded model reads 4,096 positions; give `--model` a copy whose `config.json` allows more
(`max_position_embeddings`), with `--max-model-len` and a `--kv-cache-memory` that holds it. Command
(from the repository root):

    PYTHONPATH=. python scripts/experiments/warm_turn_host.py --model /tmp/long-default --max-model-len 40000
        --kv-cache-memory 2GiB [--target-context 36000] [--output-tokens 2]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from scripts.experiments.serve_host_time import Spans, instant_execute, instrument

TEXT = "The tool read the file and printed its lines, one function after another, with their tests. "


def instrument_requests(engine: Any, spans: Spans) -> None:
    """Also time the request's work off the engine thread: the body's validation, the chat prompt and
    `make_sequence` (worker threads)."""
    from qcompile.server import app, serving

    app._validate = spans.wrap("validate (worker thread)", app._validate)
    processor = engine.core.processor
    processor.make_sequence = spans.wrap("make_sequence (worker thread)", processor.make_sequence)
    off_loop = serving.Serving._off_loop

    async def timed_off_loop(self: Any, fn: Any, *args: Any) -> Any:
        return await off_loop(self, spans.wrap(f"prompt thread: {fn.__name__}", fn), *args)

    serving.Serving._off_loop = timed_off_loop  # type: ignore[method-assign]


async def serve(args: argparse.Namespace) -> None:
    import uvicorn

    from qcompile.commands.engine_flags import engine_config
    from qcompile.engine.async_engine import AsyncEngine
    from qcompile.engine.progress import start_core
    from qcompile.server.app import build_app
    from qcompile.server.parsers import select_parsers
    from tests.server.conftest import free_port

    engine = AsyncEngine(start_core(engine_config(args)))
    token_ids = engine.tokenizer.encode(TEXT, add_special_tokens=False)
    engine.core.runner.execute = instant_execute(engine.core.runner, token_ids, 4)
    spans = Spans()
    instrument(engine, spans)
    instrument_requests(engine, spans)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(build_app(engine, select_parsers(engine.core.path)), port=port, log_level="warning")
    )
    task = asyncio.ensure_future(server.serve())
    while not server.started:
        await asyncio.sleep(0.05)
    flags = ["--url", f"http://127.0.0.1:{port}/v1", "--sessions", "1", "--concurrency", "1"]
    flags += ["--target-context", str(args.target_context), "--output-tokens", str(args.output_tokens)]
    proc = await asyncio.create_subprocess_exec(sys.executable, "scripts/tools/bench_agent_sessions.py", *flags)
    await proc.wait()
    server.should_exit = True
    await task
    requests = spans.calls["prompt thread: _chat_prompt"]
    print(f"\n{requests} requests; milliseconds per request in each stage (instant forward):\n")
    print("| stage | ms/request | calls |\n|---|---:|---:|")
    for name, seconds in sorted(spans.seconds.items(), key=lambda kv: -kv[1]):
        print(f"| {name} | {seconds / requests * 1e3:.2f} | {spans.calls[name]} |")
    if proc.returncode != 0:
        raise SystemExit(f"the agent benchmark failed with exit code {proc.returncode}")


def main() -> None:
    from qcompile.commands.engine_flags import add_compile_flags, add_engine_flags

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target-context", type=int, default=36000)
    parser.add_argument("--output-tokens", type=int, default=2)
    add_engine_flags(parser)
    add_compile_flags(parser)
    asyncio.run(serve(parser.parse_args()))


if __name__ == "__main__":
    main()
