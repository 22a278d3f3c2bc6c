"""`qcompile` command line: one argparse subcommand per job.

Flags are checked while parsing and paths and ports before any model loads; a mistake prints one
line naming the flag, path, field or port and exits non-zero (`--debug` shows the traceback).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from qcompile.commands.checks import (
    EXPECTED,
    UsageError,
    choice_list,
    compile_ranges,
    device,
    one_line,
    port,
    positive_int,
)

if TYPE_CHECKING:
    from model.qwen4_exp import Qwen4ExpForCausalLM
    from qcompile.engine.engine_config import EngineConfig
    from qcompile.engine.model_source import ResolvedModel

DTYPES = ("float32", "bfloat16", "float16")
DEFAULT_PROMPTS = ("Hello, my name is", "The capital of France is")
# `serve`'s engine defaults where they are not `EngineConfig`'s: a server keeps more requests in flight
SERVE_DEFAULTS = {"max_num_seqs": 64}


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error: the usage block above it would bury the message."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _engine(args: argparse.Namespace) -> tuple[EngineConfig, ResolvedModel]:
    """The engine flags as an `EngineConfig` and its model resolved (`--model`), both checked before
    anything loads or binds."""
    from qcompile.commands.engine_flags import engine_config, usage_error
    from qcompile.engine.engine_config import EngineOptionError
    from qcompile.engine.model_source import resolve_model

    config = engine_config(args)
    resolved = resolve_model(config.model, "--model", config.load_format)
    try:
        config.check_checkpoint(resolved.config)
    except EngineOptionError as e:
        raise usage_error(e) from None
    return config, resolved


def _generate(args: argparse.Namespace) -> None:
    from qcompile.engine.llm import LLM
    from qcompile.engine.progress import stage
    from qcompile.engine.sampling_params import SamplingParams

    config, resolved = _engine(args)
    params = SamplingParams(temperature=args.temperature, max_tokens=args.max_tokens, seed=args.seed)
    prompts = args.prompt or list(DEFAULT_PROMPTS)
    llm = LLM.from_config(config, resolved)
    print(f"model: {resolved.name} ({llm.path})")
    with stage(f"generate ({len(prompts)} prompts)"):
        outs = llm.generate(prompts, params)
    for out in outs:
        c = out.outputs[0]
        print(f"\nprompt:     {out.prompt!r}")
        print(f"completion: {c.text!r}")
        print(f"            {len(c.token_ids)} tokens, finish_reason={c.finish_reason}, ids={c.token_ids}")


def _make_checkpoint(args: argparse.Namespace) -> None:
    from qcompile.synthetic import RANDOM_BUILD_ONLY, make_checkpoint

    if args.preset in RANDOM_BUILD_ONLY:
        raise UsageError(
            f"--preset {args.preset}: no checkpoint of it can be written ({RANDOM_BUILD_ONLY[args.preset]}); "
            "`qcompile bench --preset full` builds it in memory (qcompile.synthetic.build_random)"
        )
    print(make_checkpoint(args.preset, args.out, seed=args.seed, dtype=args.dtype, device=args.device))


def _serve(args: argparse.Namespace) -> None:
    from qcompile.commands.serve import serve

    config, resolved = _engine(args)
    serve(config, resolved, args.host, args.port, args.api_key)


def _compile_job_model(args: argparse.Namespace) -> Path:
    """dump's and ablate's checkpoint: `--model` (a folder or a preset name), the tiny preset if not given."""
    from qcompile.engine.model_source import resolve_model

    return resolve_model(args.model or "tiny", "--model").path


def _load(path: Path, args: argparse.Namespace) -> Qwen4ExpForCausalLM:
    from model.checkpoint.loader import load_model
    from qcompile.engine.progress import stage

    with stage(f"load {path.name}"):
        return load_model(path, args.device, args.dtype)


def _dump(args: argparse.Namespace) -> None:
    from qcompile.commands.dump import dump

    path = _compile_job_model(args)
    args.out.mkdir(parents=True, exist_ok=True)  # an --out that cannot be written fails before the load
    summary = dump(_load(path, args), args.scope, args.out, args.ranges, full=not args.readable_only)
    print(
        f"{args.out}: {summary['num_opaque_calls']} opaque calls, pieces per range "
        f"{ {k: len(v['pieces']) for k, v in summary['ranges'].items()} }, traces {summary['traces']}"
    )


def _ablate(args: argparse.Namespace) -> None:
    import torch

    from qcompile.commands.ablate import ablate, format_table, write_json

    model = _load(_compile_job_model(args), args)
    rows = [r.row for r in ablate(model, args.scopes, args.steps, args.ranges)]
    print(format_table(rows))
    if args.json is not None:
        write_json(
            rows,
            args.json,
            {
                "model": str(args.model or "tiny"),
                "device": args.device,
                "dtype": args.dtype,
                "steps": args.steps,
                "ranges": args.ranges,
                "torch": torch.__version__,
            },
        )


def _add_compile_job(sub: argparse._SubParsersAction, name: str, summary: str) -> argparse.ArgumentParser:
    """A subcommand that compiles a checkpoint on the shared workload (`qcompile.commands.workload`)."""
    from qcompile.commands.workload import DEFAULT_RANGES

    job = sub.add_parser(name, help=summary)
    job.add_argument(
        "--model", help="checkpoint folder or preset name (default: tiny, its checkpoint built on first use)"
    )
    job.add_argument(
        "--ranges",
        type=compile_ranges,
        default=DEFAULT_RANGES,
        help="compile token-count ranges (default 2:16: the workload's 10- and 2-token steps)",
    )
    job.add_argument("--device", type=device, default="cpu")
    job.add_argument("--dtype", choices=DTYPES, default="float32")
    return job


def build_parser() -> argparse.ArgumentParser:
    from model.presets import PRESETS
    from qcompile.commands.engine_flags import add_compile_flags, add_engine_flags
    from qcompile.ops.registry import SCOPES

    parser = Parser(prog="qcompile", description="Qwen4-Exp inference and compile tools")
    sub = parser.add_subparsers(dest="command", required=True)

    gen = sub.add_parser("generate", help="generate completions (default: the embedded default model, greedy)")
    add_engine_flags(gen)
    add_compile_flags(gen)
    gen.add_argument("--prompt", action="append", help="a text prompt; repeat for a batch")
    gen.add_argument("--max-tokens", type=positive_int, default=32)
    gen.add_argument("--temperature", type=float, default=0.0, help="0 = greedy")
    gen.add_argument("--seed", type=int, default=None)
    gen.set_defaults(func=_generate)

    srv = sub.add_parser("serve", help="OpenAI-compatible server (default: the embedded default model)")
    add_engine_flags(srv, defaults=SERVE_DEFAULTS)
    add_compile_flags(srv)
    srv.add_argument("--host", default="127.0.0.1", help="bind address (default: loopback only)")
    srv.add_argument("--port", type=port, default=8000)
    srv.add_argument("--api-key", help="require 'Authorization: Bearer KEY' on /v1 routes")
    srv.set_defaults(func=_serve)

    dmp = _add_compile_job(sub, "dump", "compile at one scope and write its graphs, output code and summary.json")
    dmp.add_argument("--scope", choices=sorted(SCOPES), required=True)
    dmp.add_argument("--out", type=Path, required=True)
    dmp.add_argument("--readable-only", action="store_true", help="leave out depyf's raw dump")
    dmp.set_defaults(func=_dump)

    abl = _add_compile_job(sub, "ablate", "exactness, compile time, opacity and step time per scope vs eager")
    abl.add_argument(
        "--scopes",
        type=choice_list(SCOPES, "scope"),
        default="layer,block,kernel",
        help="comma list of layer,block,kernel",
    )
    abl.add_argument("--steps", type=positive_int, default=64, help="teacher-forced decode steps")
    abl.add_argument("--json", type=Path, help="also write the rows here")
    abl.set_defaults(func=_ablate)

    from qcompile.commands.bench import add_parser as add_bench_parser

    add_bench_parser(sub)

    make = sub.add_parser("make-checkpoint", help="write a random HF checkpoint with a tokenizer")
    make.add_argument("--preset", choices=sorted(PRESETS), required=True)
    make.add_argument("--out", type=Path, required=True)
    make.add_argument("--seed", type=int, default=0)
    make.add_argument("--dtype", choices=DTYPES, default="float32")
    make.add_argument(
        "--device", type=device, default="cpu", help="where the random weights are drawn (cuda: fast for big presets)"
    )
    make.set_defaults(func=_make_checkpoint)
    for command in sub.choices.values():
        command.add_argument("--debug", action="store_true", help="show the traceback of an error")
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    from qcompile.commands.engine_flags import usage_error
    from qcompile.engine.engine_config import EngineOptionError

    args = build_parser().parse_args(argv)
    try:
        try:
            args.func(args)
        except EngineOptionError as e:  # one only the load can tell (the expert placement), said in flags
            raise usage_error(e) from None
    except EXPECTED as e:
        if args.debug:
            raise
        print(f"qcompile {args.command}: error: {one_line(e)}", file=sys.stderr)
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None
