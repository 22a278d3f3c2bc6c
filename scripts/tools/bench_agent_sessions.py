"""Multi-turn agent sessions against a running OpenAI-compatible server: what prefix caching buys.

Start a server (`qcompile serve`, or vLLM), then e.g.

    python scripts/tools/bench_agent_sessions.py --sessions 4 --target-context 65536 --json agent.json

Every session opens with the same system prompt (`--system-tokens`) and a task of its own
(`--tool-tokens`); each turn streams a reply of `--output-tokens` tokens (`ignore_eos`, unless
`--no-ignore-eos`), then appends the reply, as an assistant message calling a `read_file` tool, and
the tool's result (`--tool-tokens` of text; `--tool-role user` sends it as a user message instead).
The reply is sent back as seeded text of as many tokens as the server generated (`--resend synthetic`):
a random-weight checkpoint's replies are mostly filler tokens whose text re-tokenizes about 12 times
longer (300 tokens of the bench preset come back as ~3,750), which would grow each turn by far more than
the flags say. `--resend reply` sends the model's own text, for a trained model whose replies re-tokenize
as generated and so can hit the cache past their start.

Sessions start together and, with equal sizes, stay in step: each turn's TTFT includes the other
sessions' prefills. They run `--concurrency` at once until `--turns` turns or until the turn after next
could pass `--target-context` tokens (or the server's `max_model_len`). Then each session sends that
next turn alone, nothing else in flight: the warm probe, whose TTFT is a warm turn's own latency at
the top context, with its new (uncached) tokens beside it. `--probe-context N` adds a warm probe at
about N tokens: the session turn before the first to reach N is sent again alone (its prefix cache
warmed again, as an agent's previous turn leaves it), then a next turn like the one that reached N,
timed. All text is synthetic, seeded (`--seed`) and never repeats, so only a cache of the
conversation itself can hit; the token counts are sized with the server's /tokenize where it has one.

Per turn, for the probes and in total it prints: requests, mean prompt, cached
(`usage.prompt_tokens_details.cached_tokens`, read from the stream's usage chunk; "-" where the server
does not report them: vLLM does with `--enable-prompt-tokens-details`) and new tokens (prompt less
cached: what was prefilled), the hit rate (cached / prompt tokens), time to first token (TTFT) and
inter-token latency (ITL, the gap between streamed chunks) at p50 and p95; then the sessions' wall time
(probes not included), the tokens prefilled, and a session's time split into waiting for first tokens
and streaming replies. The streaming time bounds what caching can save: a run whose prefills took no
time would still take it.
`--json PATH` writes that and every request's numbers. Run it twice, against a server with prefix
caching and one started with `--no-enable-prefix-caching`, to see what the cache saves. Only loopback
servers are accepted, as in `loadtest.py`. Needs the `openai` package (in the `test` extra).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import openai

from scripts.tools.loadtest import loopback, percentile

# Words of the synthetic text; drawn at random with line numbers, so no two lines repeat.
WORDS = (
    "the file module function returns value error test config path request server cache token "
    "memory page state buffer index kernel stream batch layer model query result list check update "
    "read write open close start stop build run load save parse format count size limit offset "
    "time step queue worker thread lock event signal handler option flag default missing found "
    "line column name type field record entry table column row key map set order sort merge split"
).split()
DEFAULT_TOKENS_PER_WORD = 1.3  # English-like text in a Qwen-style BPE, where the server cannot /tokenize
CALIBRATION_WORDS = 2000
MAX_TURNS = 1000
# Tokens a template adds around one turn's reply, tool call and tool result, at most (for the stop rule)
WRAPPING = 200


@dataclass
class Turn:
    """One request's numbers."""

    session: int
    turn: int
    prompt_tokens: int
    cached_tokens: int | None  # None: the server did not report them
    completion_tokens: int
    ttft: float  # seconds
    itl: list[float]  # seconds between streamed chunks
    seconds: float


@dataclass
class Result:
    settings: dict[str, Any]
    seconds: float = 0.0  # the sessions' wall time, probes not included
    turns: list[Turn] = field(default_factory=list)
    probes: list[Turn] = field(default_factory=list)  # each session's warm probe, sent alone
    mid_probes: list[Turn] = field(default_factory=list)  # its warm probe at --probe-context, alone
    errors: list[str] = field(default_factory=list)


def synthetic_text(rng: random.Random, words: int) -> str:
    """`words` random words in numbered lines, like a tool's output."""
    lines, left, n = [], words, 0
    while left > 0:
        k = min(left, rng.randint(6, 14))
        n += 1
        lines.append(f"{n:4d}  " + " ".join(rng.choice(WORDS) for _ in range(k)))
        left -= k
    return "\n".join(lines)


def tokens_per_word(args: argparse.Namespace) -> float:
    """The server's tokens per word of the synthetic text, by its /tokenize (qcompile's and vLLM's,
    at the server's root), else DEFAULT_TOKENS_PER_WORD."""
    sample = synthetic_text(random.Random(0), CALIBRATION_WORDS)
    root = args.url.rstrip("/").removesuffix("/v1")
    headers = {"Content-Type": "application/json"}
    if args.api_key:
        headers["Authorization"] = f"Bearer {args.api_key}"
    body = json.dumps({"model": args.model, "prompt": sample}).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(f"{root}/tokenize", body, headers), timeout=60) as reply:
            count = json.loads(reply.read())["count"]
    except (urllib.error.URLError, OSError, ValueError, KeyError):
        return DEFAULT_TOKENS_PER_WORD
    return count / CALIBRATION_WORDS  # line numbers included: they come with every word drawn


def words_for(tokens: int, per_word: float) -> int:
    return max(1, round(tokens / per_word))


async def request(
    client: openai.AsyncOpenAI, args: argparse.Namespace, messages: list[dict[str, Any]]
) -> tuple[dict[str, Any], float, list[float], Any]:
    """Stream one turn: (reply message, TTFT, ITL gaps, usage)."""
    start = time.perf_counter()
    stream = await client.chat.completions.create(
        model=args.model,
        messages=messages,  # type: ignore[arg-type]
        max_tokens=args.output_tokens,
        temperature=args.temperature,
        stream=True,
        stream_options={"include_usage": True},
        extra_body={"ignore_eos": True} if args.ignore_eos else None,
    )
    times: list[float] = []
    content, reasoning, usage = [], [], None
    async for chunk in stream:
        if chunk.usage is not None:
            usage = chunk.usage
        delta = chunk.choices[0].delta if chunk.choices else None
        if delta is None:
            continue
        said = getattr(delta, "reasoning_content", None) or getattr(delta, "reasoning", None)
        if delta.content or said:
            times.append(time.perf_counter())
            content.append(delta.content or "")
            reasoning.append(said or "")
    if usage is None:
        raise RuntimeError("the stream ended without a usage chunk (stream_options.include_usage)")
    if not times:
        raise RuntimeError("the stream carried no tokens")
    reply: dict[str, Any] = {"role": "assistant", "content": "".join(content)}
    if any(reasoning):
        reply["reasoning_content"] = "".join(reasoning)
    return reply, times[0] - start, [b - a for a, b in zip(times, times[1:], strict=False)], usage


def cached_tokens(usage: Any) -> int | None:
    details = getattr(usage, "prompt_tokens_details", None)
    count = getattr(details, "cached_tokens", None) if details is not None else None
    return int(count) if count is not None else None


async def send_turn(
    client: openai.AsyncOpenAI, args: argparse.Namespace, messages: list[dict[str, Any]], s: int, t: int
) -> tuple[dict[str, Any], Turn]:
    """Send the conversation `messages` as session `s`'s turn `t`: the reply and the turn's numbers."""
    start = time.perf_counter()
    reply, ttft, itl, usage = await request(client, args, messages)
    turn = Turn(
        s, t, usage.prompt_tokens, cached_tokens(usage), usage.completion_tokens, ttft, itl, time.perf_counter() - start
    )
    if args.ignore_eos and turn.completion_tokens != args.output_tokens:
        raise RuntimeError(f"session {s} turn {t}: {turn.completion_tokens} output tokens, not {args.output_tokens}")
    return reply, turn


def extend(
    messages: list[dict[str, Any]],
    args: argparse.Namespace,
    reply: dict[str, Any],
    turn: Turn,
    rng: random.Random,
    per_word: float,
) -> None:
    """Append the turn's reply (as `--resend` says) with a `read_file` call, and the tool's output."""
    if args.resend == "synthetic":
        reply = {"role": "assistant", "content": synthetic_text(rng, words_for(turn.completion_tokens, per_word))}
    output = synthetic_text(rng, words_for(args.tool_tokens, per_word))
    if args.tool_role == "tool":
        call_id = f"call_{turn.session}_{turn.turn}"
        arguments = json.dumps({"path": f"src/module_{turn.session}_{turn.turn}.py"})
        call = {"id": call_id, "type": "function", "function": {"name": "read_file", "arguments": arguments}}
        messages += [{**reply, "tool_calls": [call]}, {"role": "tool", "tool_call_id": call_id, "content": output}]
    else:
        messages += [reply, {"role": "user", "content": output}]


@dataclass
class Probe:
    """What one session leaves for its warm probes: the conversation as the top probe sends it and its
    turn index; with `--probe-context`, the conversation and index of the turn before the first to reach it."""

    messages: list[dict[str, Any]]
    turn: int
    before_mid: list[dict[str, Any]] | None = None
    mid_turn: int = 0


async def session(
    client: openai.AsyncOpenAI, args: argparse.Namespace, s: int, system: str, per_word: float, result: Result
) -> Probe:
    """One conversation, turn after turn, while the turn after next (the warm probe) still fits."""
    rng = random.Random(f"{args.seed}:{s}")
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": system},
        {
            "role": "user",
            "content": f"Task {s}: read the files and fix the failing test.\n\n"
            + synthetic_text(rng, words_for(args.tool_tokens, per_word)),
        },
    ]
    # a turn's prompt grows by the reply, the tool output and their wrapping; the last growth measured
    # counts where it is larger (a resent reply that re-tokenizes longer than it was generated)
    nominal = args.output_tokens + args.tool_tokens + WRAPPING
    growth, t, previous = nominal, 0, 0
    before_mid, mid_turn, last_sent = None, 0, None
    while True:
        sent = list(messages)
        reply, turn = await send_turn(client, args, messages, s, t)
        if t > 0:
            growth = max(nominal, turn.prompt_tokens - previous)
        previous = turn.prompt_tokens
        result.turns.append(turn)
        if args.probe_context and before_mid is None and turn.prompt_tokens >= args.probe_context and t > 0:
            before_mid, mid_turn = last_sent, t - 1  # the turn before the first to reach it
        last_sent = sent
        extend(messages, args, reply, turn, rng, per_word)
        t += 1
        # the next turn's prompt is about prompt + growth: a session turn while the probe after it fits
        if t == args.turns or turn.prompt_tokens + 2 * growth + args.output_tokens > args.target_context:
            break
    if turn.prompt_tokens + growth + args.output_tokens > args.target_context:
        raise RuntimeError(
            f"no room for the warm probe after turn {t - 1} ({turn.prompt_tokens} prompt tokens, about {growth} more "
            f"a turn, {args.output_tokens} out): raise --target-context ({args.target_context}) or shrink the turns"
        )
    return Probe(messages, t, before_mid, mid_turn)


async def mid_probe(
    client: openai.AsyncOpenAI, args: argparse.Namespace, s: int, probe: Probe, per_word: float
) -> Turn | None:
    """Session `s`'s warm probe at `--probe-context`: the turn before it sent again alone, then the
    probe's own turn (its reply resent and a new tool output appended), whose numbers are returned."""
    if probe.before_mid is None:
        return None
    messages = list(probe.before_mid)
    reply, turn = await send_turn(client, args, messages, s, probe.mid_turn)
    extend(messages, args, reply, turn, random.Random(f"{args.seed}:{s}:mid"), per_word)
    return (await send_turn(client, args, messages, s, probe.mid_turn + 1))[1]


def summary(turns: list[Turn]) -> dict[str, Any]:
    """Counts, token sums, hit rate and latency percentiles (ms) of some requests."""
    prompt = sum(t.prompt_tokens for t in turns)
    reported = [t.cached_tokens for t in turns if t.cached_tokens is not None]
    cached = sum(reported) if len(reported) == len(turns) and turns else None
    ttft = [t.ttft * 1e3 for t in turns]
    itl = [g * 1e3 for t in turns for g in t.itl]
    return {
        "requests": len(turns),
        "prompt_tokens": prompt,
        "completion_tokens": sum(t.completion_tokens for t in turns),
        "cached_tokens": cached,
        "new_tokens": None if cached is None else prompt - cached,  # what was prefilled
        "hit_rate": None if cached is None or not prompt else cached / prompt,
        "ttft_ms": {"p50": percentile(ttft, 50), "p95": percentile(ttft, 95)},
        "itl_ms": {"p50": percentile(itl, 50), "p95": percentile(itl, 95)},
    }


def time_split(turns: list[Turn]) -> dict[str, float]:
    """A session's seconds waiting for first tokens (its prefills and the others' it queued behind) and
    streaming replies, means over sessions: with no prefill time at all a run would still take the
    streaming time, which bounds what any cache can save."""
    sessions = {t.session for t in turns}
    n = max(len(sessions), 1)
    return {
        "first_token_seconds": sum(t.ttft for t in turns) / n,
        "reply_seconds": sum(t.seconds - t.ttft for t in turns) / n,
    }


def report(result: Result) -> dict[str, Any]:
    """The result as JSON: settings, per turn index, probe and total summaries, and every request."""
    by_turn = [summary([t for t in result.turns if t.turn == k]) for k in sorted({t.turn for t in result.turns})]
    total = {**summary(result.turns), **time_split(result.turns), "seconds": result.seconds}
    return {
        "settings": result.settings,
        "turns": by_turn,
        "probes": summary(result.probes),
        "mid_probes": summary(result.mid_probes),
        "total": total,
        "requests": [asdict(t) for t in sorted(result.turns, key=lambda t: (t.session, t.turn))],
        "probe_requests": [asdict(t) for t in sorted(result.probes, key=lambda t: t.session)],
        "mid_probe_requests": [asdict(t) for t in sorted(result.mid_probes, key=lambda t: t.session)],
        "errors": result.errors,
    }


def table(data: dict[str, Any]) -> str:
    head = ("turn", "reqs", "prompt tok", "cached tok", "new tok", "hit %", "TTFT p50", "p95", "ITL p50", "p95")
    rows = [head]
    probes = [("probe", data["probes"])]
    if data["mid_probes"]["requests"]:
        probes.append(("mid probe", data["mid_probes"]))
    named = [*((str(i), r) for i, r in enumerate(data["turns"])), *probes, ("all", data["total"])]
    for name, row in named:
        n = max(row["requests"], 1)
        cached, new = row["cached_tokens"], row["new_tokens"]
        rows.append(
            (
                name,
                str(row["requests"]),
                f"{row['prompt_tokens'] / n:.0f}",
                "-" if cached is None else f"{cached / n:.0f}",
                "-" if new is None else f"{new / n:.0f}",
                "-" if row["hit_rate"] is None else f"{100 * row['hit_rate']:.1f}",
                f"{row['ttft_ms']['p50']:.1f}",
                f"{row['ttft_ms']['p95']:.1f}",
                f"{row['itl_ms']['p50']:.2f}",
                f"{row['itl_ms']['p95']:.2f}",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    total = data["total"]
    prefilled = "-" if total["new_tokens"] is None else str(total["new_tokens"])
    return "\n".join(
        [
            lines[0],
            "-" * len(lines[0]),
            *lines[1:],
            "(tokens are means per request, latencies in ms; probe: each session's next turn sent alone after the "
            'sessions, and mid probe its warm turn at --probe-context, not in "all")',
            f"sessions' wall time {total['seconds']:.1f} s; tokens prefilled {prefilled}; a session waited "
            f"{total['first_token_seconds']:.1f} s for first tokens and streamed replies for "
            f"{total['reply_seconds']:.1f} s",
        ]
    )


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the sessions, then their warm probes one at a time; the report (also written to `args.json`
    when set)."""
    client = openai.AsyncOpenAI(base_url=args.url, api_key=args.api_key or "none", max_retries=0, timeout=args.timeout)
    if args.model is None:
        args.model = (await client.models.list()).data[0].id
    limit = getattr((await client.models.retrieve(args.model)), "max_model_len", None)
    if limit is not None and limit < args.target_context:
        print(
            f"the server's max_model_len is {limit}: sessions stop there, not at {args.target_context}", file=sys.stderr
        )
        args.target_context = limit
    per_word = await asyncio.to_thread(tokens_per_word, args)
    system = "You are a coding agent. Tools: read_file(path) returns a file's text.\n\n" + synthetic_text(
        random.Random(f"{args.seed}:system"), words_for(args.system_tokens, per_word)
    )
    settings = {k: v for k, v in vars(args).items() if k not in ("api_key", "json")}
    result = Result({**settings, "tokens_per_word": per_word})
    gate = asyncio.Semaphore(args.concurrency)

    async def one(s: int) -> Probe | None:
        async with gate:
            try:
                return await session(client, args, s, system, per_word, result)
            except (openai.OpenAIError, RuntimeError) as e:
                result.errors.append(f"session {s}: {type(e).__name__}: {e}")
                return None

    start = time.perf_counter()
    probes = await asyncio.gather(*(one(s) for s in range(args.sessions)))
    result.seconds = time.perf_counter() - start
    for s, probe in enumerate(probes):
        if probe is None:
            continue
        try:
            result.probes.append((await send_turn(client, args, probe.messages, s, probe.turn))[1])
            mid = await mid_probe(client, args, s, probe, per_word)
            if mid is not None:
                result.mid_probes.append(mid)
        except (openai.OpenAIError, RuntimeError) as e:
            result.errors.append(f"session {s} probe: {type(e).__name__}: {e}")
    await client.close()
    data = report(result)
    if args.json is not None:
        Path(args.json).write_text(json.dumps(data, indent=1) + "\n")
    return data


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--url", default="http://127.0.0.1:8000/v1", help="the server's /v1 base URL (loopback)")
    p.add_argument("--model", help="served model name (default: the first the server lists)")
    p.add_argument("--api-key")
    p.add_argument("--sessions", type=int, default=4, help="conversations")
    p.add_argument("--concurrency", type=int, default=4, help="conversations in flight at once")
    p.add_argument("--turns", type=int, default=MAX_TURNS, help="session turns at most (then the probe)")
    p.add_argument("--target-context", type=int, default=65536, help="tokens a conversation grows to")
    p.add_argument("--system-tokens", type=int, default=2000, help="the shared system prompt's size")
    p.add_argument("--tool-tokens", type=int, default=3000, help="tokens of tool output each turn appends")
    p.add_argument("--output-tokens", type=int, default=300, help="max_tokens of each reply")
    p.add_argument(
        "--probe-context", type=int, default=0, help="also probe a warm turn alone at about this many tokens (0: not)"
    )
    p.add_argument("--tool-role", choices=("tool", "user"), default="tool", help="the role tool output is sent as")
    p.add_argument(
        "--resend",
        choices=("synthetic", "reply"),
        default="synthetic",
        help="send each reply back as seeded text of its token count, or as the model's own text",
    )
    p.add_argument(
        "--ignore-eos", action=argparse.BooleanOptionalAction, default=True, help="replies of exactly --output-tokens"
    )
    p.add_argument("--temperature", type=float, default=0.0)
    p.add_argument("--seed", type=int, default=0, help="seeds every synthetic text")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds one request may take (else an error)")
    p.add_argument("--json", help="write the report (and every request's numbers) to this file")
    return p


def main() -> None:
    p = parser()
    args = p.parse_args()
    if not loopback(args.url):
        p.error(f"{args.url} is not a loopback address; the benchmark only drives a local server")
    for name in ("sessions", "concurrency", "turns", "target_context", "system_tokens", "tool_tokens", "output_tokens"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1, got {getattr(args, name)}")
    if args.probe_context < 0:
        p.error(f"--probe-context must be 0 (no mid probe) or a token count, got {args.probe_context}")
    data = asyncio.run(run(args))
    for error in data["errors"]:
        print(error, file=sys.stderr)
    print(
        f"model {args.model}, {args.sessions} sessions ({args.concurrency} at once, started together), to "
        f"{args.target_context} tokens, replies resent as {args.resend} text\n"
    )
    print(table(data))
    if data["errors"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
