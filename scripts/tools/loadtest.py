"""Load test for `qcompile serve`: N concurrent streaming clients, then throughput and latency percentiles.

Start a server, then e.g.

    python scripts/tools/loadtest.py --concurrency 1,8,64 --requests 128 --max-tokens 128

For each concurrency level, that many clients stream requests back to back until `--requests` have been
sent or `--duration` seconds have passed (requests in flight then finish), and one table row reports
requests/s, output and total tokens/s, time to first token (TTFT) and inter-token latency (ITL: the
gap between streamed chunks) at p50/p90/p99. `ignore_eos` is set so every request generates exactly
`--max-tokens` tokens, which keeps runs comparable; a request that returns another count is an error.
With `--structured-every K`, every K-th request asks for JSON of a small schema (`guided_json`; chat
ones with thinking off), which ends when the object is complete: its text must parse and fit the
schema, or it is an error (a grammar mixed into the batch must not disturb any output). Only loopback
servers are accepted: this is a benchmark, not a load generator for other people's machines. Needs the
`openai` package (in the `test` extra).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import time
from dataclasses import dataclass, field
from urllib.parse import urlparse

import openai

MAX_REQUESTS = 10_000
SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "enum": ["Paris", "Rome", "Berlin"]},
        "count": {"type": "integer", "minimum": 0, "maximum": 999},
    },
    "required": ["city", "count"],
    "additionalProperties": False,
}
SENTENCES = (
    "The old lighthouse stood at the end of the harbour.",
    "Anna went to the market in the morning.",
    "A simple recipe for bread needs flour, water, salt and yeast.",
    "The river flows through the valley.",
    "Computers follow instructions written in programming languages.",
    "Tom met Mia at the station.",
)


@dataclass
class Sample:
    ttft: float
    itl: list[float]
    output_tokens: int
    prompt_tokens: int


@dataclass
class Level:
    concurrency: int
    samples: list[Sample] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def prompt(i: int, words: int) -> str:
    text, k = [], i
    while sum(len(s.split()) for s in text) < words:
        text.append(SENTENCES[k % len(SENTENCES)])
        k += 1
    return " ".join(text)


def fits_schema(text: str) -> bool:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return False
    return (
        isinstance(value, dict)
        and set(value) == {"city", "count"}
        and value["city"] in ("Paris", "Rome", "Berlin")
        and type(value["count"]) is int
        and 0 <= value["count"] <= 999
    )


async def one_request(client: openai.AsyncOpenAI, args: argparse.Namespace, i: int) -> Sample:
    structured = args.structured_every > 0 and i % args.structured_every == 0
    extra: dict[str, object] = {"ignore_eos": True}
    if structured:
        extra["guided_json"] = SCHEMA
        if args.endpoint == "chat":  # no reasoning before the JSON, so it always fits in max_tokens
            extra["chat_template_kwargs"] = {"enable_thinking": False}
    common = {
        "model": args.model,
        "max_tokens": args.max_tokens,
        "temperature": args.temperature,
        "stream": True,
        "stream_options": {"include_usage": True},
        "extra_body": extra,
    }
    start = time.perf_counter()
    if args.endpoint == "chat":
        stream = await client.chat.completions.create(
            messages=[{"role": "user", "content": prompt(i, args.prompt_words)}], **common
        )
    else:
        stream = await client.completions.create(prompt=prompt(i, args.prompt_words), **common)
    times: list[float] = []
    output_tokens = prompt_tokens = 0
    text = []
    async for chunk in stream:
        if chunk.usage is not None:
            output_tokens, prompt_tokens = chunk.usage.completion_tokens, chunk.usage.prompt_tokens
        if chunk.choices and _has_text(chunk.choices[0]):
            times.append(time.perf_counter())
            choice = chunk.choices[0]
            text.append(choice.delta.content or "" if hasattr(choice, "delta") else choice.text)
    if not times:
        raise RuntimeError("the stream carried no tokens")
    if structured and not fits_schema("".join(text)):
        raise RuntimeError(f"request {i}: the structured output does not fit its schema: {''.join(text)!r:.200}")
    if not structured and output_tokens != args.max_tokens:
        raise RuntimeError(f"request {i}: {output_tokens} output tokens, not {args.max_tokens}")
    return Sample(
        times[0] - start, [b - a for a, b in zip(times, times[1:], strict=False)], output_tokens, prompt_tokens
    )


def _has_text(choice: object) -> bool:
    delta = getattr(choice, "delta", None)
    if delta is None:
        return bool(getattr(choice, "text", ""))
    return bool(delta.content or getattr(delta, "reasoning_content", None) or delta.tool_calls)


async def run_level(args: argparse.Namespace, concurrency: int) -> Level:
    client = openai.AsyncOpenAI(base_url=args.url, api_key=args.api_key or "none", max_retries=0, timeout=args.timeout)
    level = Level(concurrency)
    counter = iter(range(args.requests))
    deadline = time.perf_counter() + args.duration

    async def worker() -> None:
        for i in counter:
            if time.perf_counter() > deadline:
                return
            try:  # a request started before the deadline runs to its end: no cut-off streams
                level.samples.append(await one_request(client, args, i))
            except (openai.OpenAIError, RuntimeError) as e:
                level.errors.append(f"{type(e).__name__}: {e}")

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    level.seconds = time.perf_counter() - start
    await client.close()
    return level


def table(levels: list[Level]) -> str:
    head = (
        "conc",
        "reqs",
        "errs",
        "secs",
        "req/s",
        "out tok/s",
        "tot tok/s",
        "TTFT p50",
        "p90",
        "p99",
        "ITL p50",
        "p90",
        "p99",
    )
    rows = [head]
    for lv in levels:
        out = sum(s.output_tokens for s in lv.samples)
        total = out + sum(s.prompt_tokens for s in lv.samples)
        ttft = [s.ttft * 1e3 for s in lv.samples]
        itl = [g * 1e3 for s in lv.samples for g in s.itl]
        secs = max(lv.seconds, 1e-9)
        rows.append(
            (
                str(lv.concurrency),
                str(len(lv.samples)),
                str(len(lv.errors)),
                f"{lv.seconds:.1f}",
                f"{len(lv.samples) / secs:.2f}",
                f"{out / secs:.1f}",
                f"{total / secs:.1f}",
                *(f"{percentile(ttft, q):.1f}" for q in (50, 90, 99)),
                *(f"{percentile(itl, q):.2f}" for q in (50, 90, 99)),
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join([lines[0], "-" * len(lines[0]), *lines[1:], "(latencies in ms)"])


def loopback(url: str) -> bool:
    host = urlparse(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def main_async(args: argparse.Namespace) -> None:
    if args.model is None:
        client = openai.AsyncOpenAI(base_url=args.url, api_key=args.api_key or "none", max_retries=0)
        args.model = (await client.models.list()).data[0].id
        await client.close()
    levels = []
    for concurrency in args.concurrency:
        level = await run_level(args, concurrency)
        levels.append(level)
        for error in sorted(set(level.errors))[:3]:
            print(f"  concurrency {concurrency}: {error}")
    print(
        f"model {args.model}, {args.endpoint}, {args.prompt_words}-word prompts, {args.max_tokens} output tokens, "
        f"temperature {args.temperature}\n"
    )
    print(table(levels))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000/v1", help="the server's /v1 base URL (loopback)")
    parser.add_argument("--model", help="served model name (default: the first the server lists)")
    parser.add_argument("--api-key")
    parser.add_argument("--concurrency", default="8", help="comma-separated client counts, one row each")
    parser.add_argument("--requests", type=int, default=64, help=f"requests per level (at most {MAX_REQUESTS})")
    parser.add_argument(
        "--duration",
        type=float,
        default=120.0,
        help="seconds per level in which new requests start (those in flight then finish)",
    )
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds one request may take (else an error)")
    parser.add_argument("--max-tokens", type=int, default=64)
    parser.add_argument("--prompt-words", type=int, default=32)
    parser.add_argument("--temperature", type=float, default=0.0)
    parser.add_argument("--endpoint", choices=("completions", "chat"), default="completions")
    parser.add_argument(
        "--structured-every",
        type=int,
        default=0,
        help="every K-th request asks for JSON of a schema (guided_json) and is checked; 0: none",
    )
    args = parser.parse_args()
    args.concurrency = [int(c) for c in args.concurrency.split(",")]
    if not loopback(args.url):
        parser.error(f"{args.url} is not a loopback address; the load test only drives a local server")
    if not 1 <= args.requests <= MAX_REQUESTS or min(args.concurrency) < 1 or args.duration <= 0:
        parser.error(f"need 1 <= --requests <= {MAX_REQUESTS}, concurrency >= 1 and a positive --duration")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
