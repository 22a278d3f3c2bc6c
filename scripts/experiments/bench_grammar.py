"""CPU cost per generated token of structured-output grammars, for picking the grammar library.

For each library given (xgrammar, llguidance, outlines-core; each must be importable), it compiles a
JSON schema for the embedded default model's tokenizer, then walks the tokens of a valid instance:
per token it computes the allowed-token mask and advances the matcher, as the sampler would. It
prints the compile time and the mean and p99 time per token (mask + advance) of each.

    PYTHONPATH=/path/to/libs python scripts/experiments/bench_grammar.py --libraries xgrammar,llguidance,outlines-core
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

import torch
from transformers import AutoTokenizer

from qcompile.default_model import PATH

SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "age": {"type": "integer"},
        "city": {"type": "string", "enum": ["Paris", "Rome", "Berlin"]},
        "tags": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["name", "age", "city", "tags"],
    "additionalProperties": False,
}
INSTANCE = {"name": "Anna Smith", "age": 31, "city": "Rome", "tags": ["river", "valley", "blue sky"]}

# one library: (schema, tokenizer, vocab size) -> a step function (token id -> mask computed and token taken)
Setup = Callable[[dict, object, int], Callable[[int], None]]


def _xgrammar(schema: dict, tokenizer: object, vocab: int) -> Callable[[int], None]:
    import xgrammar as xgr

    compiler = xgr.GrammarCompiler(xgr.TokenizerInfo.from_huggingface(tokenizer, vocab_size=vocab))
    matcher = xgr.GrammarMatcher(compiler.compile_json_schema(json.dumps(schema)))
    mask = xgr.allocate_token_bitmask(1, vocab)

    def step(token: int) -> None:
        matcher.fill_next_token_bitmask(mask, 0)
        assert matcher.accept_token(token)

    return step


def _llguidance(schema: dict, tokenizer: object, vocab: int) -> Callable[[int], None]:
    import llguidance
    import llguidance.hf
    import llguidance.torch

    tok = llguidance.hf.from_tokenizer(tokenizer, n_vocab=vocab)
    matcher = llguidance.LLMatcher(tok, llguidance.LLMatcher.grammar_from_json_schema(schema))
    mask = llguidance.torch.allocate_token_bitmask(1, vocab)

    def step(token: int) -> None:
        llguidance.torch.fill_next_token_bitmask(matcher, mask, 0)
        assert matcher.consume_token(token), matcher.get_error()

    return step


def _outlines(schema: dict, tokenizer: object, vocab: int) -> Callable[[int], None]:
    from outlines_core import Guide, Index, Vocabulary
    from outlines_core.json_schema import build_regex_from_schema
    from transformers.convert_slow_tokenizer import bytes_to_unicode

    unbyte = {c: b for b, c in bytes_to_unicode().items()}
    eos = tokenizer.eos_token_id
    tokens: dict[bytes, list[int]] = {}
    for text, i in tokenizer.get_vocab().items():
        if i != eos and i < vocab and all(c in unbyte for c in text):
            tokens.setdefault(bytes(unbyte[c] for c in text), []).append(i)
    guide = Guide(Index(build_regex_from_schema(json.dumps(schema)), Vocabulary(eos, tokens)))

    def step(token: int) -> None:
        allowed = guide.get_tokens()
        assert token in allowed
        guide.advance(token)

    return step


LIBRARIES: dict[str, Setup] = {"xgrammar": _xgrammar, "llguidance": _llguidance, "outlines-core": _outlines}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--libraries", default=",".join(LIBRARIES))
    ap.add_argument("--repeats", type=int, default=20)
    args = ap.parse_args()
    tokenizer = AutoTokenizer.from_pretrained(str(PATH))
    vocab = len(tokenizer)
    ids = tokenizer.encode(json.dumps(INSTANCE), add_special_tokens=False)
    torch.set_num_threads(1)
    print(f"vocab {vocab}, instance of {len(ids)} tokens, {args.repeats} repeats")
    print(f"{'library':<14} {'compile ms':>11} {'us/token mean':>14} {'p99':>8}")
    for name in args.libraries.split(","):
        setup = LIBRARIES[name]
        compile_s, per_token = [], []
        for _ in range(args.repeats):
            start = time.perf_counter()
            step = setup(SCHEMA, tokenizer, vocab)
            compile_s.append(time.perf_counter() - start)
            for token in ids:
                start = time.perf_counter()
                step(token)
                per_token.append(time.perf_counter() - start)
        per_token.sort()
        p99 = per_token[int(0.99 * (len(per_token) - 1))]
        print(
            f"{name:<14} {1e3 * statistics.median(compile_s):11.1f} {1e6 * statistics.mean(per_token):14.1f}"
            f" {1e6 * p99:8.1f}"
        )


if __name__ == "__main__":
    main()
