"""What finding a chat prompt's message starts costs (`qcompile.engine.chat_boundaries`), on CPU.

Builds an agent conversation for the embedded model's template (a system prompt, a question, then
assistant turns with thinking and a tool call, each answered by a tool result) and times, for
`--messages` messages of `--tool-words` words of tool output each: rendering and tokenizing the
prompt alone; rendering it alone; the same with its message starts and tokens from a cold
`InputProcessor`; again for the same conversation (every prefix and piece remembered); and grown by
one more turn (two new messages; the median of `--turns` such turns after the first CHECKED_PROMPTS),
each past the prompts the processor checks against a whole encode (`chat_boundaries.CHECKED_PROMPTS`),
as a server is after its first requests; and the same turns, alternating, through a processor that
keeps no generation suffix (every last prefix rendered). Usage:
`python scripts/experiments/chat_starts_cost.py [--messages 200] [--tool-words 300] [--turns 24]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from qcompile.default_model import PATH
from qcompile.engine.chat_boundaries import CHECKED_PROMPTS, GenerationSuffixes
from qcompile.engine.core import load_tokenizer
from qcompile.engine.inputs import InputProcessor

WORDS = "the old lighthouse stood at end of harbour every evening keeper climbed stairs light lamp ships".split()


def conversation(messages: int, tool_words: int) -> list[dict[str, Any]]:
    rng = random.Random(0)

    def text(n: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(n))

    out: list[dict[str, Any]] = [{"role": "system", "content": text(200)}, {"role": "user", "content": text(50)}]
    while len(out) < messages:
        call = {"type": "function", "function": {"name": "read", "arguments": {"path": text(3)}}}
        out.append({"role": "assistant", "reasoning_content": text(30), "content": "", "tool_calls": [call]})
        out.append({"role": "tool", "content": text(tool_words)})
    return out


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--tool-words", type=int, default=300)
    parser.add_argument("--turns", type=int, default=24, help="grown turns timed (medians after the first few)")
    args = parser.parse_args()
    tokenizer = load_tokenizer(PATH)
    assert tokenizer is not None
    messages = conversation(args.messages, args.tool_words)
    tokenizer.apply_chat_template(messages[:2], tokenize=False)  # the template compiled once, outside the timings
    plain, ids = timed(
        lambda: tokenizer.encode(
            tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False),
            add_special_tokens=False,
        )
    )
    render, _ = timed(lambda: tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False))
    processor = InputProcessor(tokenizer, len(tokenizer), 1 << 30)
    cold, prompt = timed(lambda: processor.chat_prompt(messages))
    processor.start_finder.checks_left = 0
    again, _ = timed(lambda: processor.chat_prompt(messages))
    # grown turns, alternating with a processor that renders every last prefix (no generation suffix kept)
    rendering = InputProcessor(tokenizer, len(tokenizer), 1 << 30)
    rendering.start_finder.suffixes = GenerationSuffixes(capacity=0)
    rendering.chat_prompt(messages)
    rendering.start_finder.checks_left = 0
    more: list[float] = []
    more_rendered: list[float] = []
    for k in range(1, args.turns + 1):
        grown = conversation(args.messages + 2 * k, args.tool_words)
        more.append(timed(lambda c=grown: processor.chat_prompt(c))[0])
        more_rendered.append(timed(lambda c=grown: rendering.chat_prompt(c))[0])
    trusted = CHECKED_PROMPTS  # turns before the generation suffix is trusted
    print(f"{len(messages)} messages, {len(ids)} tokens, {len(prompt['message_starts'])} starts")
    print(f"render + tokenize alone       {plain:.3f} s")
    print(f"render alone                  {render:.3f} s")
    print(f"with starts, cold             {cold:.3f} s")
    print(f"with starts, same again       {again:.3f} s")
    print(f"with starts, two new messages {statistics.median(more[trusted:]):.3f} s")
    print(f"  the same, last prefix rendered {statistics.median(more_rendered[trusted:]):.3f} s")


if __name__ == "__main__":
    main()
