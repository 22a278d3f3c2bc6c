"""`qcompile` command line: one argparse subcommand per job (later: serve, dump, ablate, bench)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

DTYPES = ("float32", "bfloat16", "float16")
DEFAULT_PROMPTS = ("Hello, my name is", "The capital of France is")


def _generate(args: argparse.Namespace) -> None:
    from qcompile import LLM, SamplingParams

    llm = LLM(args.model, device=args.device, dtype=args.dtype)
    params = SamplingParams(temperature=args.temperature, max_tokens=args.max_tokens, seed=args.seed)
    prompts = args.prompt or list(DEFAULT_PROMPTS)
    print(f"model: {llm.path}")
    for out in llm.generate(prompts, params):
        c = out.outputs[0]
        print(f"\nprompt:     {out.prompt!r}")
        print(f"completion: {c.text!r}")
        print(f"            {len(c.token_ids)} tokens, finish_reason={c.finish_reason}, ids={c.token_ids}")


def _make_checkpoint(args: argparse.Namespace) -> None:
    from model.checkpoint.make import make_checkpoint

    print(make_checkpoint(args.preset, args.out, seed=args.seed, dtype=args.dtype))


def build_parser() -> argparse.ArgumentParser:
    from model.presets import PRESETS

    parser = argparse.ArgumentParser(prog="qcompile", description="Qwen4-Exp inference and compile tools")
    sub = parser.add_subparsers(dest="command", required=True)

    gen = sub.add_parser("generate", help="generate completions (default: the tiny preset, greedy)")
    gen.add_argument("--model", help="checkpoint folder; default: the tiny preset, built on first use")
    gen.add_argument("--prompt", action="append", help="a text prompt; repeat for a batch")
    gen.add_argument("--max-tokens", type=int, default=32)
    gen.add_argument("--temperature", type=float, default=0.0, help="0 = greedy")
    gen.add_argument("--seed", type=int, default=None)
    gen.add_argument("--device", default="cpu")
    gen.add_argument("--dtype", choices=DTYPES, default="float32")
    gen.set_defaults(func=_generate)

    make = sub.add_parser("make-checkpoint", help="write a random HF checkpoint with a tokenizer")
    make.add_argument("--preset", choices=sorted(PRESETS), required=True)
    make.add_argument("--out", type=Path, required=True)
    make.add_argument("--seed", type=int, default=0)
    make.add_argument("--dtype", choices=DTYPES, default="float32")
    make.set_defaults(func=_make_checkpoint)
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    args.func(args)
