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
    byte_size,
    check_checkpoint,
    check_graphs_device,
    check_model_len,
    check_skinny_plans,
    check_tensor_parallel,
    choice_list,
    compile_ranges,
    device,
    fraction,
    int_list,
    one_line,
    port,
    positive_int,
)

if TYPE_CHECKING:
    from model.qwen4_exp import Qwen4ExpForCausalLM
    from qcompile.config import CompileConfig

DTYPES = ("float32", "bfloat16", "float16")
DEFAULT_PROMPTS = ("Hello, my name is", "The capital of France is")


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error: the usage block above it would bury the message."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _checked_model(args: argparse.Namespace) -> Path | None:
    if args.model is not None:
        check_checkpoint(args.model)
    return args.model


def _generate(args: argparse.Namespace) -> None:
    from qcompile.commands.progress import compile_stages, prepare_core, stage
    from qcompile.engine.core import EngineCore
    from qcompile.engine.llm import LLM
    from qcompile.engine.sampling_params import SamplingParams

    path = _checked_model(args)
    compile = _compile_config(args)
    check_graphs_device(args.cudagraph, args.device)
    skinny_gemm = _skinny_gemm(args)
    with stage("load checkpoint"):
        core = EngineCore(
            path,
            device=args.device,
            dtype=args.dtype,
            compile=compile,
            ple_backend=args.ple_backend,
            weight_only=args.weight_only,
            skinny_gemm=skinny_gemm,
            skinny_plans=args.skinny_plans,
        )
    prepare_core(core)
    llm = LLM.from_core(core)
    params = SamplingParams(temperature=args.temperature, max_tokens=args.max_tokens, seed=args.seed)
    prompts = args.prompt or list(DEFAULT_PROMPTS)
    print(f"model: {llm.path}")
    # a compile that LLM leaves to the first batch shows here, range by range
    with compile_stages(f"generate ({len(prompts)} prompts)"):
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


def _compile_config(args: argparse.Namespace) -> CompileConfig | None:
    """A `CompileConfig` when any compile flag is given (eager otherwise)."""
    names = ("scope", "ranges", "cudagraph", "aot_dir", "capture_sizes", "max_capture_size")
    given = {name: getattr(args, name) for name in names if getattr(args, name) is not None}
    if not given:
        return None
    if args.no_aot and "aot_dir" in given:
        raise UsageError("--aot-dir and --no-aot: give one")
    from qcompile.compiler.aot import default_dir
    from qcompile.config import CompileConfig

    if not args.no_aot:
        given.setdefault("aot_dir", default_dir())

    try:
        config = CompileConfig(**given)
    except ValueError as e:
        raise UsageError(f"--{'/--'.join(n.replace('_', '-') for n in given)}: {e}") from None
    _check_capture_sizes(config)
    return config


def _check_capture_sizes(config: CompileConfig) -> None:
    """Capture flags need a graph mode, and sizes inside the compile ranges; said before the load."""
    from qcompile.cudagraph import resolve_capture_sizes

    flags = [
        f for f, v in (("--capture-sizes", config.capture_sizes), ("--max-capture-size", config.max_capture_size)) if v
    ]
    if not flags:
        return
    if config.cudagraph == "none":
        raise UsageError(f"{'/'.join(flags)}: no CUDA graphs are captured without --cudagraph")
    try:
        resolve_capture_sizes(config.capture_sizes, config.ranges, config.max_capture_size)
    except ValueError as e:
        raise UsageError(f"{'/'.join(flags)}: {e} (--ranges)") from None


def _skinny_gemm(args: argparse.Namespace) -> bool | None:
    """`EngineCore`'s `skinny_gemm`: None (on CUDA) unless `--no-skinny-gemm`; `--skinny-plans` checked."""
    check_skinny_plans(args.skinny_plans, args.skinny_gemm)
    return None if args.skinny_gemm else False


def _serve(args: argparse.Namespace) -> None:
    from qcompile.commands.serve import serve
    from qcompile.default_model import PATH

    compile = _compile_config(args)
    check_graphs_device(args.cudagraph, args.device)
    skinny_gemm = _skinny_gemm(args)
    config = check_checkpoint(args.model or PATH)
    check_model_len(config, args.max_model_len)
    check_tensor_parallel(config, args.tensor_parallel_size, args.device, args.weight_only)
    serve(
        args.model,
        compile,
        args.host,
        args.port,
        args.api_key,
        args.device,
        args.dtype,
        args.max_num_seqs,
        args.max_model_len,
        args.ple_backend,
        args.weight_only,
        args.tensor_parallel_size,
        skinny_gemm,
        args.skinny_plans,
        args.kv_cache_memory,
        args.gpu_memory_utilization,
    )


def _compile_job_model(args: argparse.Namespace) -> Path:
    """dump's and ablate's checkpoint: `--model`, checked, or the tiny preset (built on first use)."""
    from qcompile.synthetic import default_checkpoint

    return _checked_model(args) or default_checkpoint("tiny")


def _load(path: Path, args: argparse.Namespace) -> Qwen4ExpForCausalLM:
    from model.checkpoint.loader import load_model
    from qcompile.commands.progress import stage

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
    job.add_argument("--model", type=Path, help="checkpoint folder; default: the tiny preset, built on first use")
    job.add_argument(
        "--ranges",
        type=compile_ranges,
        default=DEFAULT_RANGES,
        help="compile token-count ranges (default 2:16: the workload's 10- and 2-token steps)",
    )
    job.add_argument("--device", type=device, default="cpu")
    job.add_argument("--dtype", choices=DTYPES, default="float32")
    return job


def _add_compile_flags(parser: argparse.ArgumentParser) -> None:
    from qcompile.cudagraph.modes import MODES
    from qcompile.ops.registry import SCOPES

    parser.add_argument(
        "--scope", choices=sorted(SCOPES), help="compile scope (what Dynamo traces); any compile flag turns compile on"
    )
    parser.add_argument("--ranges", type=compile_ranges, help="compile token-count ranges, e.g. 1:1,2:256")
    parser.add_argument("--cudagraph", choices=list(MODES), help="CUDA graph mode of the compiled model")
    parser.add_argument(
        "--capture-sizes",
        type=int_list,
        help="token counts to capture CUDA graphs at (default: the ladder 1, 2, 4, 8, 16, 24, 32, 48, ... up to "
        "--max-capture-size); in the modes with piecewise graphs, a prefill batch up to the largest runs "
        "through them, padded to the next size",
    )
    parser.add_argument(
        "--max-capture-size",
        type=positive_int,
        help="where the default ladder of capture sizes ends "
        "(default: 512, or the largest --ranges end if that is smaller)",
    )
    parser.add_argument(
        "--aot-dir",
        type=Path,
        help="where the compiled forward is saved, and loaded from by a later start with the same code and "
        "settings, which then skips Dynamo's trace (default: qcompile-aot/ in Inductor's cache folder)",
    )
    parser.add_argument("--no-aot", action="store_true", help="compile without saving or loading the forward")


def _add_ple_backend(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ple-backend",
        choices=("device", "pinned", "mmap", "preload"),
        default="device",
        help="where PLE tables live: device memory, pinned host memory (Triton gather), "
        "memory-mapped files, or host RAM",
    )


def _add_weight_only(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--weight-only",
        action="store_true",
        help="keep a quantised checkpoint's FP8 (per-tensor, per-channel, block), MXFP8 and NVFP4 "
        "linears packed (weight-only Triton GEMMs, 16-bit activations), not dequantised",
    )


def _add_skinny(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-skinny-gemm",
        dest="skinny_gemm",
        action="store_false",
        help="keep every decode GEMM on cuBLAS; by default, on CUDA with decode graphs (--cudagraph), the "
        "linears at the graph sizes up to 16 rows run the skinny Triton GEMM where timing at start-up finds "
        "it faster (model/kernels/skinny.py)",
    )
    parser.add_argument(
        "--skinny-plans",
        type=Path,
        help="a JSON file of skinny GEMM plans, read when it exists and rewritten with the shapes timed "
        "(keyed by GPU, torch and Triton versions), so a restart times nothing",
    )


def _add_tensor_parallel(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tensor-parallel-size",
        type=positive_int,
        default=1,
        help="shard the model over this many processes (one GPU each on CUDA; gloo on CPU)",
    )


def build_parser() -> argparse.ArgumentParser:
    from model.presets import PRESETS
    from qcompile.ops.registry import SCOPES

    parser = Parser(prog="qcompile", description="Qwen4-Exp inference and compile tools")
    sub = parser.add_subparsers(dest="command", required=True)

    gen = sub.add_parser("generate", help="generate completions (default: the tiny preset, greedy)")
    gen.add_argument("--model", type=Path, help="checkpoint folder; default: the tiny preset, built on first use")
    gen.add_argument("--prompt", action="append", help="a text prompt; repeat for a batch")
    gen.add_argument("--max-tokens", type=positive_int, default=32)
    gen.add_argument("--temperature", type=float, default=0.0, help="0 = greedy")
    gen.add_argument("--seed", type=int, default=None)
    gen.add_argument("--device", type=device, default="cpu")
    gen.add_argument("--dtype", choices=DTYPES, default="float32")
    _add_compile_flags(gen)
    _add_ple_backend(gen)
    _add_weight_only(gen)
    _add_skinny(gen)
    gen.set_defaults(func=_generate)

    srv = sub.add_parser("serve", help="OpenAI-compatible server (default: the embedded default model)")
    srv.add_argument("--model", type=Path, help="checkpoint folder; default: the embedded default model")
    _add_compile_flags(srv)
    _add_ple_backend(srv)
    _add_weight_only(srv)
    _add_skinny(srv)
    srv.add_argument("--host", default="127.0.0.1", help="bind address (default: loopback only)")
    srv.add_argument("--port", type=port, default=8000)
    srv.add_argument("--api-key", help="require 'Authorization: Bearer KEY' on /v1 routes")
    srv.add_argument("--device", type=device, default="cpu")
    srv.add_argument("--dtype", choices=DTYPES, default="float32")
    srv.add_argument("--max-num-seqs", type=positive_int, default=64, help="requests generating at once (state slots)")
    srv.add_argument(
        "--max-model-len",
        type=positive_int,
        help="prompt + output tokens per request (default: the checkpoint's max_position_embeddings, or what "
        "the K/V pool holds when that is less)",
    )
    srv.add_argument(
        "--kv-cache-memory",
        type=byte_size,
        help="bytes of the K/V page pool, e.g. 512MiB, 4GiB, 1.5GB (any device; default on CUDA: what "
        "--gpu-memory-utilization leaves, on CPU: every slot a whole --max-model-len)",
    )
    srv.add_argument(
        "--gpu-memory-utilization",
        type=fraction,
        default=0.9,
        help="fraction of the GPU the engine may fill; the K/V pool gets what weights, state, activations and "
        "CUDA graphs leave of it (default 0.9; ignored with --kv-cache-memory)",
    )
    _add_tensor_parallel(srv)
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
    args = build_parser().parse_args(argv)
    try:
        args.func(args)
    except EXPECTED as e:
        if args.debug:
            raise
        print(f"qcompile {args.command}: error: {one_line(e)}", file=sys.stderr)
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None
