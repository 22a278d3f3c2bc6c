"""How many forwards a chat prompt's prefill takes through the engine, and their sizes (CPU, eager).

Each prefix-cache checkpoint ends a prefill chunk (`qcompile.engine.prefix_cache`), so the forwards a
prompt costs are set by where its checkpoints go as much as by `--max-num-batched-tokens`. Sends an
agent conversation of `--messages` messages cold to `LLM.chat` with the embedded model, then `--turns`
warm turns that each append the reply (`--reply-tokens`) and a tool result (`--tool-words`), and prints
each prompt's tokens, cached tokens and prefill chunks. Usage: `PYTHONPATH=. python
scripts/experiments/chat_prefill_chunks.py [--messages 30] [--turns 2] [--budget 2048] [--reply-tokens 16]
[--tool-words 400]`.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from qcompile.engine import prefix_cache
from qcompile.engine.llm import LLM
from qcompile.engine.sampling_params import SamplingParams

WORDS = "the old lighthouse stood at end of harbour every evening keeper climbed stairs".split()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=30)
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--budget", type=int, default=2048, help="--max-num-batched-tokens")
    parser.add_argument("--reply-tokens", type=int, default=16, help="max_tokens of each reply")
    parser.add_argument("--tool-words", type=int, default=400, help="words of each warm turn's tool result")
    args = parser.parse_args()
    llm = LLM(None, max_model_len=4096, max_num_batched_tokens=args.budget)
    chunks: list[int] = []
    scheduled = prefix_cache.PrefixCache.scheduled

    def record(self: prefix_cache.PrefixCache, batch: Any) -> None:
        chunks.extend(n for n in batch.num_tokens if n > 1)
        scheduled(self, batch)

    prefix_cache.PrefixCache.scheduled = record  # type: ignore[method-assign]
    rng = random.Random(0)

    def text(n: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(n))

    messages: list[dict[str, Any]] = [{"role": "system", "content": text(100)}, {"role": "user", "content": text(40)}]
    while len(messages) < args.messages:
        messages += [{"role": "assistant", "content": text(20)}, {"role": "tool", "content": text(90)}]
    params = SamplingParams(max_tokens=args.reply_tokens, ignore_eos=True)
    for turn in range(args.turns + 1):
        chunks.clear()
        out = llm.chat([messages], params)[0]
        print(
            f"{'cold' if turn == 0 else 'warm'}: {len(messages)} messages, {len(out.prompt_token_ids)} tokens, "
            f"{out.num_cached_tokens} cached, {len(chunks)} prefill forwards {chunks}"
        )
        reply = {"role": "assistant", "content": out.outputs[0].text}
        messages += [reply, {"role": "tool", "content": text(args.tool_words)}]


if __name__ == "__main__":
    main()
