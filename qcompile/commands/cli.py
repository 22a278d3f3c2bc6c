"""`qcompile` command line: one argparse subcommand per job."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.qwen4_exp import Qwen4ExpForCausalLM
    from qcompile.config import CompileConfig

DTYPES = ("float32", "bfloat16", "float16")
DEFAULT_PROMPTS = ("Hello, my name is", "The capital of France is")


def _generate(args: argparse.Namespace) -> None:
    from qcompile import LLM, SamplingParams

    llm = LLM(args.model, device=args.device, dtype=args.dtype, ple_backend=args.ple_backend,
              weight_only=args.weight_only)
    params = SamplingParams(temperature=args.temperature, max_tokens=args.max_tokens, seed=args.seed)
    prompts = args.prompt or list(DEFAULT_PROMPTS)
    print(f"model: {llm.path}")
    for out in llm.generate(prompts, params):
        c = out.outputs[0]
        print(f"\nprompt:     {out.prompt!r}")
        print(f"completion: {c.text!r}")
        print(f"            {len(c.token_ids)} tokens, finish_reason={c.finish_reason}, ids={c.token_ids}")


def _make_checkpoint(args: argparse.Namespace) -> None:
    from qcompile.synthetic import make_checkpoint

    print(make_checkpoint(args.preset, args.out, seed=args.seed, dtype=args.dtype, device=args.device))


def _parse_ranges(text: str) -> tuple[tuple[int, int], ...]:
    """`1:1,2:256` -> ((1, 1), (2, 256)): inclusive token-count ranges, one compiled artifact each."""
    try:
        return tuple((int(lo), int(hi)) for lo, hi in (part.split(":") for part in text.split(",")))
    except ValueError:
        raise argparse.ArgumentTypeError(f"ranges look like 1:1,2:256, not {text!r}") from None


def _compile_config(args: argparse.Namespace, parser: argparse.ArgumentParser) -> CompileConfig | None:
    """A `CompileConfig` when any compile flag is given (eager otherwise), or a clear error when this
    build has no `qcompile.compile` to run it."""
    given = {name: getattr(args, name) for name in ("scope", "ranges", "cudagraph") if getattr(args, name) is not None}
    if not given:
        return None
    import qcompile
    from qcompile.config import CompileConfig

    if not hasattr(qcompile, "compile"):
        parser.error(f"--{'/--'.join(given)} need qcompile.compile, which this build does not provide yet; "
                     "leave them out to serve eagerly")
    try:
        return CompileConfig(**given)
    except ValueError as e:
        parser.error(str(e))


def _serve(args: argparse.Namespace) -> None:
    from qcompile.commands.serve import serve

    serve(args.model, args.compile, args.host, args.port, args.api_key, args.device, args.dtype,
          args.max_num_seqs, args.max_model_len, args.ple_backend, args.weight_only)


def _load(args: argparse.Namespace) -> Qwen4ExpForCausalLM:
    from model.checkpoint.loader import load_model
    from qcompile.synthetic import default_checkpoint

    return load_model(args.model or default_checkpoint("tiny"), args.device, args.dtype)


def _dump(args: argparse.Namespace) -> None:
    from qcompile.commands.dump import dump

    summary = dump(_load(args), args.scope, args.out, args.ranges, args.device, full=not args.readable_only)
    print(f"{args.out}: {summary['num_opaque_calls']} opaque calls, pieces per range "
          f"{ {k: len(v['pieces']) for k, v in summary['ranges'].items()} }, traces {summary['traces']}")


def _ablate(args: argparse.Namespace) -> None:
    import torch

    from qcompile.commands.ablate import ablate, format_table, write_json

    model = _load(args)
    rows = [r.row for r in ablate(model, args.scopes.split(","), args.steps, args.ranges)]
    print(format_table(rows))
    if args.json is not None:
        write_json(rows, args.json, {"model": str(args.model or "tiny"), "device": args.device,
                                     "dtype": args.dtype, "steps": args.steps, "ranges": args.ranges,
                                     "torch": torch.__version__})


def _add_compile_job(sub: argparse._SubParsersAction, name: str, summary: str) -> argparse.ArgumentParser:
    """A subcommand that compiles a checkpoint on the dump workload (`qcompile.commands.dump`)."""
    from qcompile.commands.dump import DEFAULT_RANGES

    job = sub.add_parser(name, help=summary)
    job.add_argument("--model", type=Path, help="checkpoint folder; default: the tiny preset, built on first use")
    job.add_argument("--ranges", type=_parse_ranges, default=DEFAULT_RANGES,
                     help="compile token-count ranges (default 2:16: the workload's 10- and 2-token steps)")
    job.add_argument("--device", default="cpu")
    job.add_argument("--dtype", choices=DTYPES, default="float32")
    return job


def _add_ple_backend(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ple-backend", choices=("device", "pinned", "mmap", "preload"), default="device",
                        help="where PLE tables live: device memory, pinned host memory (Triton gather), "
                             "memory-mapped files, or host RAM")


def _add_weight_only(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--weight-only", action="store_true",
                        help="keep a quantised checkpoint's FP8 (per-tensor, per-channel, block), MXFP8 and NVFP4 "
                             "linears packed (weight-only Triton GEMMs, 16-bit activations), not dequantised")


def build_parser() -> argparse.ArgumentParser:
    from model.presets import PRESETS
    from qcompile.ops.registry import SCOPES

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
    _add_ple_backend(gen)
    _add_weight_only(gen)
    gen.set_defaults(func=_generate)

    srv = sub.add_parser("serve", help="OpenAI-compatible server (default: the embedded default model)")
    srv.add_argument("--model", type=Path, help="checkpoint folder; default: the embedded default model")
    srv.add_argument("--scope", help="compile scope (what Dynamo traces); any compile flag turns compile on")
    srv.add_argument("--ranges", type=_parse_ranges, help="compile token-count ranges, e.g. 1:1,2:256")
    srv.add_argument("--cudagraph", help="CUDA graph mode of the compiled model")
    _add_ple_backend(srv)
    _add_weight_only(srv)
    srv.add_argument("--host", default="127.0.0.1", help="bind address (default: loopback only)")
    srv.add_argument("--port", type=int, default=8000)
    srv.add_argument("--api-key", help="require 'Authorization: Bearer KEY' on /v1 routes")
    srv.add_argument("--device", default="cpu")
    srv.add_argument("--dtype", choices=DTYPES, default="float32")
    srv.add_argument("--max-num-seqs", type=int, default=64, help="requests generating at once (state slots)")
    srv.add_argument("--max-model-len", type=int, default=2048, help="prompt + output tokens per request")
    srv.set_defaults(func=_serve)

    dmp = _add_compile_job(sub, "dump", "compile at one scope and write its graphs, output code and summary.json")
    dmp.add_argument("--scope", choices=sorted(SCOPES), required=True)
    dmp.add_argument("--out", type=Path, required=True)
    dmp.add_argument("--readable-only", action="store_true", help="leave out depyf's raw dump")
    dmp.set_defaults(func=_dump)

    abl = _add_compile_job(sub, "ablate", "exactness, compile time, opacity and step time per scope vs eager")
    abl.add_argument("--scopes", default="layer,block,kernel")
    abl.add_argument("--steps", type=int, default=64, help="teacher-forced decode steps")
    abl.add_argument("--json", type=Path, help="also write the rows here")
    abl.set_defaults(func=_ablate)

    from qcompile.commands.bench import add_parser as add_bench_parser  # stdlib-only import

    add_bench_parser(sub)

    make = sub.add_parser("make-checkpoint", help="write a random HF checkpoint with a tokenizer")
    make.add_argument("--preset", choices=sorted(PRESETS), required=True)
    make.add_argument("--out", type=Path, required=True)
    make.add_argument("--seed", type=int, default=0)
    make.add_argument("--dtype", choices=DTYPES, default="float32")
    make.add_argument("--device", default="cpu", help="where the random weights are drawn (cuda: fast for big presets)")
    make.set_defaults(func=_make_checkpoint)
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "serve":
        args.compile = _compile_config(args, parser)
    args.func(args)
