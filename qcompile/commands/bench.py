"""`qcompile bench`: decode throughput per compile scope and CUDA graph mode, against the outside anchor.

On the bench preset (bf16, random weights): the transformers reference model is built on the
device, timed as the outside anchor (eager decode at batch 1 after a `--anchor-prefill`-token
prompt), and its weights are loaded into our model in memory. Every request gets its own
`--context`-token context (prefilled once, eagerly, then restored from a snapshot before each
measurement) and its own first token, and decode runs greedily, fed back on the device, at each
batch size. Requests sharing a context route alike and read fewer expert bytes than real ones, so
the routed experts a step touched are counted (one untimed uncompiled run per batch) and printed
beside the uniform expectation.

Reported per (scope, mode): decode tokens/s per batch, the ratio to no-compile + full_decode_only
(the seed's baseline), the share of the HBM roofline (bytes a decode step reads: weights only, the
routed experts the workload touched only, embedding and PLE rows looked up only; divided by the
measured copy bandwidth; the roofline at the uniform expectation of experts is printed beside it),
compile, warmup and capture seconds, and graph memory (the graph pool, and all device memory
capture took). One markdown table, one JSON. `--kv-cache-dtype fp8` prefills the contexts into E4M3 K/V
pages, and the state a request moves per step (the roofline with state) counts their codes and scales.
On CPU (`--smoke`: the tiny preset, a few steps) only mode "none" runs: a smoke run that keeps this
command alive on machines without a GPU. `--tensor-parallel-size N` measures TP1 against TPN through
the engine instead (`bench_tp.py`).
"""

from __future__ import annotations

import argparse
import functools
import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from qcompile.commands import bench_report

if TYPE_CHECKING:
    import torch

    from model.config import Qwen4ExpConfig
    from model.qwen4_exp import Qwen4ExpForCausalLM
    from qcompile.api import Compiled
    from qcompile.commands.bench_experts import CacheMeter
    from qcompile.cudagraph import Dispatcher, GraphedForward

EAGER = "eager"  # the scope name for "not compiled"
BASELINE = (EAGER, "full_decode_only")


@dataclass
class Row:
    scope: str
    mode: str
    tok_s: dict[int, float] = field(default_factory=dict)
    ratio: dict[int, float] = field(default_factory=dict)
    roofline_share: dict[int, float] = field(default_factory=dict)
    compile_s: float = 0.0
    warmup_s: float = 0.0
    capture_s: float = 0.0
    graph_gib: float = 0.0  # the graph pool
    device_gib: float = 0.0  # all device memory capture took
    graphs: int = 0
    prefill_tok_s: dict[str, float] = field(default_factory=dict)  # "RxT": R prompts of T tokens
    prefill_host_ms: dict[str, float] = field(default_factory=dict)  # of the fastest call, before it drains
    prefill_wall_ms: dict[str, float] = field(default_factory=dict)
    prefill_graphed: bool = False  # prefill ran through piecewise graphs of its own token counts
    warm_compile_s: float | None = None
    profile: dict[int, dict[str, Any]] = field(default_factory=dict)  # per batch: a `StepProfile`
    prefill_profile: dict[str, dict[str, Any]] = field(default_factory=dict)  # per prefill shape, one call
    # with --moe-expert-cache, per "batch B" / "prefill RxT": the caches' counters a step (`bench_experts`)
    expert_cache: dict[str, dict[str, Any]] = field(default_factory=dict)
    forced: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # per forced hit rate, the same


# Flags the profile fills in when left out: the H200 measurement, or a seconds-long CPU smoke run.
FULL: dict[str, Any] = {
    "preset": "bench",
    "device": "cuda",
    "dtype": "bfloat16",
    "scopes": [EAGER, "layer", "kernel"],
    "batches": [1, 8, 64],
    "context": 2048,
    "steps": 16,
    "warm_steps": 2,
    "anchor_prefill": 512,
    "anchor_steps": 16,
    "prefill": [(1, 2048), (8, 512), (16, 256)],
    "profile_steps": 4,
}
SMOKE: dict[str, Any] = {
    "preset": "tiny",
    "device": "cpu",
    "dtype": "float32",
    "scopes": [EAGER, "layer"],
    "batches": [1, 2],
    "context": 24,
    "steps": 2,
    "warm_steps": 1,
    "anchor_prefill": 8,
    "anchor_steps": 16,  # four were lost in a busy 2-core box's timing noise
    "prefill": [(1, 16), (2, 8)],
    "profile_steps": 0,
}


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="decode tokens/s per scope and CUDA graph mode (default: bench preset, H200)")
    _add_workload_flags(p)
    _add_variant_flags(p)
    p.add_argument("--json", type=Path, help="also write the result there as JSON")
    p.set_defaults(func=main)


def _profile_default(name: str) -> str:
    """A help line's note of the value the profile fills in (the H200 run, or --smoke's)."""

    def show(v: Any) -> str:
        return (
            ",".join("x".join(map(str, x)) if isinstance(x, tuple) else str(x) for x in v) if isinstance(v, list) else v
        )

    return f" (default {show(FULL[name])}; --smoke: {show(SMOKE[name])})"


def _add_workload_flags(p: argparse.ArgumentParser) -> None:
    """What is measured: the model, the device, the scopes and modes, the batches, contexts and steps."""
    from model.presets import PRESETS
    from qcompile.commands.checks import choice_list, fraction_list, int_list, positive_int, shape_list
    from qcompile.commands.engine_flags import add_engine_flags
    from qcompile.cudagraph.modes import MODES
    from qcompile.ops.registry import SCOPES

    default = _profile_default
    p.add_argument(
        "--smoke",
        action="store_true",
        help="the CPU smoke run: tiny preset, float32, a few steps (flags given still win)",
    )
    p.add_argument("--preset", choices=sorted(PRESETS), help="model geometry" + default("preset"))
    add_engine_flags(
        p,
        names=(
            "device",
            "dtype",
            "kv_cache_dtype",
            "moe_activation_dtype",
            "tensor_parallel_size",
            "skinny_plans",
            "moe_expert_cache",
            "gpu_memory_utilization",
            "kv_cache_memory",
        ),
        defaults={"device": None, "dtype": None},
        notes={
            "device": "; cpu runs cudagraph mode 'none' only" + default("device"),
            "dtype": default("dtype"),
            "kv_cache_dtype": "; the K/V pools the contexts are prefilled into, and the K/V bytes of the state "
            "roofline",
            "tensor_parallel_size": "; N > 1: TP1 against TPN through the engine, same run (decode, prefill, "
            "collectives share)",
            "skinny_plans": "; with --skinny-gemm",
            "moe_expert_cache": "; the bench builds the preset with its experts in host banks (no anchor) and "
            "reports each step's hit rate, copies and link-bound ceiling",
            "gpu_memory_utilization": "; with --moe-expert-cache auto: the share of the device the weights, the "
            "slots and --kv-cache-memory may take (a smaller card's memory, in all, as a share of this one's)",
            "kv_cache_memory": "; with --moe-expert-cache auto: what the slots leave for the bench's state, "
            "activations and graphs (the state must fit in it; the device peak is reported)",
            "moe_activation_dtype": "; fp8 with --quant-experts fp8_block (the full preset's), on CUDA",
        },
    )
    p.add_argument(
        "--timing-only-forced-hit-rates",
        type=fraction_list,
        default=[],
        metavar="RATE,...",
        help="with --moe-expert-cache: after each measurement at the routing's own hit rate, measure again with "
        "each of these hit rates forced (misses served from whatever a slot holds, with no copy): WRONG OUTPUTS, "
        "timing only, the curve a trained model's locality would be read off; a bench option, never a serving one",
    )
    p.add_argument(
        "--scopes",
        type=choice_list({EAGER} | SCOPES, "scope"),
        help="comma list of eager,layer,block,kernel" + default("scopes"),
    )
    p.add_argument(
        "--modes",
        type=choice_list(MODES, "cudagraph mode"),
        default="none,piecewise,full_decode_only",
        help="comma list of CUDA graph modes for the compiled scopes (eager runs none and "
        "full_decode_only, the baseline)",
    )
    p.add_argument("--batches", type=int_list, help="decode batch sizes" + default("batches"))
    p.add_argument("--context", type=positive_int, help="context tokens per request before decode" + default("context"))
    p.add_argument(
        "--contexts",
        type=positive_int,
        help="distinct contexts prefilled (default: one per request of the largest batch, the honest workload; "
        "fewer bound the prefill's cost, the slots past them repeating them and routing alike)",
    )
    p.add_argument("--steps", type=positive_int, help="timed decode steps per measurement" + default("steps"))
    p.add_argument(
        "--warm-steps", type=int, help="untimed decode steps before each measurement" + default("warm_steps")
    )
    p.add_argument(
        "--dynamic",
        choices=("oblivious", "unbacked"),
        default="oblivious",
        help="oblivious: ranges 1:1 and 2:max batch; unbacked: one range 1:max batch (one compile, "
        "but the attention region's reshape guards on its unbacked size at block/kernel scope)",
    )
    p.add_argument(
        "--anchor-prefill",
        type=positive_int,
        help="prompt tokens of the transformers anchor" + default("anchor_prefill"),
    )
    p.add_argument(
        "--anchor-steps", type=int, help="timed decode tokens of the anchor (0: skip)" + default("anchor_steps")
    )
    p.add_argument(
        "--prefill",
        type=shape_list,
        help="prefill shapes RxT (R fresh prompts of T tokens in one batch), timed per scope" + default("prefill"),
    )


def _add_variant_flags(p: argparse.ArgumentParser) -> None:
    """How the model runs beyond its scope and mode: graphs for prefill, profiles, compile caches,
    quantised experts, the skinny GEMM, host PLE tables, merged projections and Inductor patches."""
    from model.quant.experts import PACKABLE
    from qcompile.commands.checks import inductor_patch_list

    default = _profile_default
    p.add_argument(
        "--prefill-graphs",
        action="store_true",
        help="in the modes that graph mixed batches (piecewise, full, full_and_piecewise), also capture "
        "piecewise graphs at each prefill shape's token count and time prefill through them, as a server "
        "with those capture sizes runs it (without: prefill runs without graphs in every mode)",
    )
    p.add_argument(
        "--profile-steps",
        type=int,
        help="decode steps under torch.profiler per row and batch, for kernels per step and device time "
        "per kernel class (0: no profile; CUDA only)" + default("profile_steps"),
    )
    p.add_argument(
        "--warm-compile",
        action="store_true",
        help="compile each scope a second time after a Dynamo reset (Inductor's caches warm) and report it",
    )
    p.add_argument(
        "--aot-dir",
        type=Path,
        help="save each scope's compiled forward there (Dynamo's AOT compile); with --warm-compile the second "
        "compile loads it untraced, as a server started with --aot-dir does",
    )
    p.add_argument(
        "--quant-experts",
        choices=PACKABLE,
        help="quantise the routed experts after the build, as a checkpoint stores them (block FP8 128x128 as the "
        "official release, MXFP8, or NVFP4 as ModelOpt); the fused MoE reads them in place on CUDA",
    )
    p.add_argument(
        "--skinny-gemm",
        action="store_true",
        help="decode-sized linears through the skinny Triton GEMM where timing on this GPU at start-up "
        "finds it faster than cuBLAS (model/kernels/skinny.py); CUDA only",
    )
    p.add_argument(
        "--pinned-ple",
        action="store_true",
        help="pack the PLE tables to FP8 in pinned host memory, gathered by the Triton kernel "
        "(the full preset always: 51.2 GB)",
    )
    p.add_argument(
        "--no-merge",
        dest="merge",
        action="store_false",
        help="keep the projections that read one input as separate GEMMs (the A/B of model/fuse.py; "
        "merged by default, as serving runs)",
    )
    p.add_argument(
        "--inductor-config",
        type=inductor_patch_list,
        default=[],
        metavar="NAME=VALUE,...",
        help="patches of torch._inductor.config for the compiled scopes (an A/B such as combo_kernels=True)",
    )


def resolve(args: argparse.Namespace) -> None:
    """Fill the flags left out from the profile, then check the device, before anything is built."""
    from qcompile.commands.checks import UsageError, check_skinny_plans
    from qcompile.engine.engine_config import device_problem

    if args.moe_expert_cache != "off" and args.anchor_steps is None:  # built directly, its experts in banks
        args.anchor_steps = 0
    if args.preset == "full":  # no transformers model to anchor on; only quantised experts and a host PLE fit
        if args.anchor_steps:
            raise UsageError(
                "--anchor-steps: the full preset has no transformers model (354 GB in bf16); leave it out or pass 0"
            )
        args.anchor_steps, args.pinned_ple = 0, True
        args.quant_experts = args.quant_experts or "fp8_block"
    for name, value in (SMOKE if args.smoke else FULL).items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    args.contexts = min(args.contexts or max(args.batches), max(args.batches))
    check_skinny_plans(args.skinny_plans, args.skinny_gemm)
    if args.pinned_ple and args.anchor_steps:
        raise UsageError("--pinned-ple: only without the anchor (--anchor-steps 0), whose model is built directly")
    problem = device_problem(args.device)
    if problem is not None:
        raise UsageError(
            f"--device {args.device}: {problem}; the bench measures GPU decode, and `qcompile bench --smoke` runs "
            "its CPU smoke mode"
        )
    if args.moe_activation_dtype == "fp8" and (
        args.quant_experts != "fp8_block" or not str(args.device).startswith("cuda")
    ):
        raise UsageError(
            f"--moe-activation-dtype fp8: FP8 activations multiply block-FP8 experts in the CUDA fused MoE; got "
            f"--quant-experts {args.quant_experts} on --device {args.device}"
        )
    if args.prefill_graphs:
        check_prefill_graphs(args)
    check_expert_cache(args)
    if args.tensor_parallel_size > 1:
        if args.quant_experts:
            raise UsageError(
                "--quant-experts: the tensor-parallel bench (--tensor-parallel-size > 1) keeps dense experts"
            )
        if not args.merge:
            raise UsageError("--no-merge: the tensor-parallel bench runs through the engine, which always merges")
        check_tensor_parallel(args)


def check_expert_cache(args: argparse.Namespace) -> None:
    """--moe-expert-cache with the bench's other flags, and checked as the engine checks it (auto needs
    CUDA and --kv-cache-memory; slots within the preset's top-k and experts), before anything is built;
    the forced hit rates and the reservation only beside it."""
    from model.config import Qwen4ExpConfig
    from model.presets import preset_config
    from qcompile.commands.checks import UsageError
    from qcompile.commands.engine_flags import usage_error
    from qcompile.engine.engine_config import EngineConfig, EngineOptionError
    from qcompile.engine.expert_memory import OFF

    if args.moe_expert_cache == OFF:
        if args.timing_only_forced_hit_rates:
            raise UsageError(
                "--timing-only-forced-hit-rates: no experts in host banks to force; give --moe-expert-cache"
            )
        if args.kv_cache_memory is not None:
            raise UsageError(
                "--kv-cache-memory: the bench sizes its state from --context and --batches; it reserves device "
                "memory only beside --moe-expert-cache auto"
            )
        return
    if args.anchor_steps:
        raise UsageError(
            "--moe-expert-cache: only without the anchor (--anchor-steps 0), whose model is built directly"
        )
    try:
        config = EngineConfig(
            device=args.device,
            moe_expert_cache=args.moe_expert_cache,
            gpu_memory_utilization=args.gpu_memory_utilization,
            kv_cache_memory=args.kv_cache_memory,
            tensor_parallel_size=args.tensor_parallel_size,
        )
        config.check_checkpoint(Qwen4ExpConfig.from_dict(preset_config(args.preset)))
    except EngineOptionError as e:
        raise usage_error(e) from None
    args.moe_expert_cache = config.moe_expert_cache  # slots as a number


def check_tensor_parallel(args: argparse.Namespace) -> None:
    """The tensor-parallel bench's engine options, checked as the engine checks them, against the preset."""
    from model.config import Qwen4ExpConfig
    from model.presets import preset_config
    from qcompile.commands.engine_flags import usage_error
    from qcompile.engine.engine_config import EngineConfig, EngineOptionError

    try:
        config = EngineConfig(device=args.device, tensor_parallel_size=args.tensor_parallel_size)
        config.check_checkpoint(Qwen4ExpConfig.from_dict(preset_config(args.preset)))
    except EngineOptionError as e:
        raise usage_error(e) from None


def check_prefill_graphs(args: argparse.Namespace) -> None:
    """--prefill-graphs needs CUDA, prefill shapes, and a mode whose mixed batches run piecewise."""
    from model.context import RuntimeMode
    from qcompile.commands.checks import UsageError
    from qcompile.cudagraph import resolve_mode

    if not str(args.device).startswith("cuda") or args.smoke:
        raise UsageError("--prefill-graphs: CUDA graphs need --device cuda, which the CPU smoke run is not")
    if not args.prefill:
        raise UsageError("--prefill-graphs: --prefill gives no shapes to capture")
    if args.tensor_parallel_size > 1:
        raise UsageError("--prefill-graphs: the tensor-parallel bench (--tensor-parallel-size > 1) does not take it")
    if not any(resolve_mode(m, True).mixed is RuntimeMode.PIECEWISE for m in args.modes):
        raise UsageError(
            f"--prefill-graphs: none of --modes {','.join(args.modes)} runs mixed batches piecewise "
            "(piecewise, full or full_and_piecewise does)"
        )


def main(args: argparse.Namespace) -> None:
    resolve(args)
    if args.tensor_parallel_size > 1:
        from qcompile.commands.bench_tp import main as bench_tp

        return bench_tp(args)
    result = run(args)
    print(bench_report.table(result))
    bench_report.write_json(result, args.json)


def _sync(device: torch.device) -> None:
    import torch

    if device.type == "cuda":
        torch.cuda.synchronize(device)


def _timed(device: torch.device, fn: Callable[[], Any]) -> tuple[float, Any]:
    _sync(device)
    start = time.perf_counter()
    out = fn()
    _sync(device)
    return time.perf_counter() - start, out


def copy_bandwidth(device: torch.device) -> float:
    """Device-to-device copy bandwidth in bytes/s, read and write counted, median of 10 (1 GiB on CUDA)."""
    import torch

    n = (1 << 30) if device.type == "cuda" else (1 << 26)
    src = torch.empty(n, dtype=torch.uint8, device=device)
    dst = torch.empty_like(src)
    dst.copy_(src)
    times = [_timed(device, lambda: dst.copy_(src))[0] for _ in range(10)]
    return 2 * n / statistics.median(times)


def step_bytes(model: Qwen4ExpForCausalLM, batch: int, experts_per_layer: float | None = None) -> float:
    """Weight bytes a decode step of `batch` tokens must read (state excluded).

    Routed experts: `experts_per_layer` distinct experts of each MoE layer (the count a run touched),
    or without it the expected count of `batch` uniformly routed tokens (`expected_experts`); the input
    embedding and device PLE tables: only the rows looked up; everything else once. Rows of a
    pinned host table cross PCIe, not HBM, and are not counted. Experts kept quantised read their
    scales (buffers) with their codes.
    """
    from qcompile.commands.workload import expected_experts

    c = model.config
    if experts_per_layer is None:
        experts_per_layer = expected_experts(c.num_experts, c.num_experts_per_tok, batch)
    others = sum(p.nbytes for name, p in model.named_parameters() if ".mlp.experts." not in name)
    embed = model.model.embed_tokens.weight
    plain = (layer.ple.ple_embedding for layer in model.model.layers if layer.ple is not None)
    tables = [t for t in plain if t.host_table is None]
    table_bytes = sum(t.ngram_embedding.weight.numel() * t.ngram_embedding.weight.element_size() for t in tables)
    row_bytes = sum(t.ngram_embedding.weight[0].numel() * t.ngram_embedding.weight.element_size() for t in tables)
    return (
        others
        - embed.numel() * embed.element_size()
        - table_bytes
        + expert_bytes(model, experts_per_layer)
        + batch * (embed.shape[1] * embed.element_size() + c.ngram_heads * row_bytes)
    )


def expert_bytes(model: Qwen4ExpForCausalLM, experts_per_layer: float) -> float:
    """Routed-expert bytes read when each MoE layer reads `experts_per_layer` of its experts (codes and,
    when kept quantised, their scales; an offloaded layer's are its cache's, whatever its slots)."""
    from model.moe import Experts

    per_expert = 0.0
    for m in model.modules():
        if isinstance(m, Experts):
            held = (*m.parameters(), *m.buffers())
            per_expert += m.cache.expert_bytes if m.cache is not None else sum(t.nbytes for t in held) / m.num_experts
    return per_expert * experts_per_layer


def qsa_rows_read(config: Qwen4ExpConfig, visible: int) -> int:
    """K/V rows a query that sees `visible` tokens reads: all of them while their complete blocks fit the
    QSA budget, else the kept blocks' and the tail's past the last complete block (`model.attention`)."""
    c, keep = config.indexer_compress_ratio, config.qsa_block_topk
    blocks = visible // c
    return visible if blocks <= keep else keep * c + visible - blocks * c


def state_bytes(model: Qwen4ExpForCausalLM, context: int) -> float:
    """State bytes one request's decode step must move: GDN recurrent state and conv tails read and
    written; the block keys of `context` tokens (the QSA scan) and the K, V rows it keeps (with FP8 K/V,
    codes and scales) read; one row of indexer keys, as a block's rows are read once, when it completes.
    The step's query sees `context + 1` tokens, its own included."""
    visible = context + 1
    rows = qsa_rows_read(model.config, visible)
    total = 0.0
    for name, b in model.named_buffers():
        leaf = name.rsplit(".", 1)[-1]
        if leaf in ("recurrent", "conv_tail"):
            total += 2 * b[0].nbytes
        elif leaf in ("k_cache", "v_cache", "k_scale", "v_scale"):  # pools of pages: [pages, page_size, ...]
            total += rows * b[0, 0].nbytes
        elif leaf == "index_keys":
            total += b[0, 0].nbytes
        elif leaf == "block_keys":
            total += visible // model.config.indexer_compress_ratio * b[0, 0].nbytes
    return total


def anchor(hf: torch.nn.Module, prefill_len: int, steps: int, vocab: int, device: torch.device) -> float:
    """transformers' eager decode tokens/s at batch 1 after `prefill_len` prompt tokens."""
    import torch

    ids = torch.randint(2, vocab, (1, prefill_len), generator=torch.Generator().manual_seed(1)).to(device)

    def generate(new: int) -> float:
        with torch.inference_mode():
            return _timed(device, lambda: hf.generate(ids, max_new_tokens=new, min_new_tokens=new, do_sample=False))[0]

    generate(2)  # warm
    for _ in range(3):  # the fastest of three runs of each: interference only ever adds time
        long, short = min(generate(1 + steps) for _ in range(3)), min(generate(1) for _ in range(3))
        if long > short:
            return steps / (long - short)
    raise RuntimeError(
        f"bench: the transformers anchor's {steps} decode steps were lost in the timing noise of its prefill "
        "(three tries); give --anchor-steps more steps"
    )


def build(args: argparse.Namespace, device: torch.device) -> tuple[Qwen4ExpForCausalLM, float | None]:
    """Our model and the anchor's tokens/s: with an anchor, the transformers model's random weights
    copied into ours; without, ours built directly (`build_random`: less memory, any preset)."""
    import torch

    from model.checkpoint.loader import _uninitialised, load_weights, resolve_dtype
    from model.config import Qwen4ExpConfig
    from model.presets import preset_config
    from model.qwen4_exp import Qwen4ExpForCausalLM
    from qcompile.synthetic import build_model

    if not args.anchor_steps:
        return _build_random(args, device, _ple_from(args)), None
    hf = build_model(args.preset, dtype=args.dtype, device=str(device))
    config = preset_config(args.preset)
    anchor_tok_s = (
        anchor(hf, args.anchor_prefill, args.anchor_steps, config["vocab_size"], device) if args.anchor_steps else None
    )
    with torch.device(device), _uninitialised(resolve_dtype(args.dtype)):
        model = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(config))
    weights = hf.state_dict()
    load_weights(model, weights.keys(), functools.partial(_host_ints, weights), f"transformers {args.preset} model")
    del hf, weights
    if args.quant_experts:
        for layer in model.model.layers:
            layer.mlp.experts.pack(args.quant_experts)
    gc.collect()
    if device.type == "cuda":
        torch.cuda.empty_cache()
    return model.eval().requires_grad_(False), anchor_tok_s


def _build_random(args: argparse.Namespace, device: torch.device, ple_from: str | None) -> Qwen4ExpForCausalLM:
    """`build_random` of the flags; with --moe-expert-cache its experts made into host banks as the engine
    sizes them. A host that cannot hold the banks beside the pinned PLE table at the preset's size gets
    the table at the bench preset's (said in one line; the table's size changes no step's work)."""
    from model.expert_placement import ExpertPlacementError
    from qcompile.engine.expert_memory import OFF, ExpertSizing
    from qcompile.synthetic import build_random

    sizing = None
    if args.moe_expert_cache != OFF:
        kv = args.kv_cache_memory
        sizing = ExpertSizing(args.moe_expert_cache, str(device), args.gpu_memory_utilization, kv)

    def made(ple: str | None) -> Qwen4ExpForCausalLM:
        return build_random(
            args.preset,
            args.dtype,
            str(device),
            quant_experts=args.quant_experts,
            pinned_ple=args.pinned_ple,
            ple_from=ple,
            place_experts=sizing,
        )

    try:
        return made(ple_from)
    except ExpertPlacementError as e:
        if sizing is None or not args.pinned_ple or ple_from is not None or args.preset == "bench":
            raise
        print(f"bench: {e}: the PLE table is built at the bench preset's size")
    return made("bench")


def _skinny(
    model: Qwen4ExpForCausalLM, batches: list[int], plans: Path | None, aot_dir: Path | None, device: torch.device
) -> int:
    """Linears and merged GEMMs through the skinny kernel where timing here picks it, tuned only for
    the row buckets of the timed batches (other sizes stay cuBLAS; with a plan file, given or the one in
    `aot_dir`, every bucket of the shapes it lacks); the shapes that do."""
    from model.skinny_setup import decode_buckets, default_plan_file, prepare_skinny, prepare_skinny_cached
    from qcompile.engine.progress import stage

    plans = default_plan_file(plans, aot_dir)
    with stage(f"time the skinny GEMM against cuBLAS per linear shape (rows {decode_buckets(batches)})"):
        if plans is None:
            report = prepare_skinny(model, batches)
        else:
            report = prepare_skinny_cached(model, batches, plans, device)
    return report.kernel_shapes


def _snapshot(state: list[torch.Tensor], device: torch.device) -> list[torch.Tensor]:
    """Copies of the prefilled state to restore before each measurement: on the device, or in host
    memory when a device copy would leave less than 8 GiB free (the full preset)."""
    import torch

    size = sum(t.nbytes for t in state)
    on_host = device.type == "cuda" and torch.cuda.mem_get_info(device)[0] - size < 8 * 2**30
    return [t.to("cpu") if on_host else t.clone() for t in state]


def _ple_from(args: argparse.Namespace) -> str | None:
    """None, or "bench" when the host cannot pin the preset's PLE table at its own size (then it is
    built at the bench preset's, and said so)."""
    from model.config import Qwen4ExpConfig
    from model.ple import table_bytes
    from model.presets import preset_config

    if not args.pinned_ple or args.preset == "bench":
        return None
    need = table_bytes(Qwen4ExpConfig.from_dict(preset_config(args.preset)), 1)
    available = _host_available_bytes()
    if need < 0.9 * available:
        return None
    print(
        f"bench: the host has {available / 2**30:.1f} GiB available, too little to pin the {args.preset} "
        f"preset's {need / 1e9:.1f} GB PLE table: it is built at the bench preset's size"
    )
    return "bench"


def _host_available_bytes() -> int:
    """MemAvailable of /proc/meminfo."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("/proc/meminfo has no MemAvailable line")


def _host_ints(weights: dict[str, torch.Tensor], key: str) -> torch.Tensor:
    """`weights[key]`, on the host if it is an integer buffer (the loader checks those there)."""
    t = weights[key]
    return t if t.is_floating_point() else t.cpu()


@dataclass
class _Session:
    """The built, prefilled model and what each row is measured against: the prefilled state restored
    before every measurement, the experts each batch touched and the bytes they make a step read (its
    roofline), and the bench's flags."""

    args: argparse.Namespace
    model: Qwen4ExpForCausalLM
    device: torch.device
    snapshot: list[torch.Tensor]
    bandwidth: float  # measured copy bandwidth, bytes/s
    touched: dict[int, float]  # per batch: distinct routed experts per MoE layer per decode step
    step_bytes: dict[int, float]  # per batch: weight bytes a decode step read, at the experts touched
    meter: CacheMeter | None = None  # with --moe-expert-cache: the caches' counters

    def roofline(self, batch: int) -> float:
        """Tokens/s of `batch` if a decode step took only the time to read its weight bytes."""
        return batch * self.bandwidth / self.step_bytes[batch]

    @property
    def profiling(self) -> bool:
        return self.args.profile_steps > 0 and self.device.type == "cuda"

    @property
    def prefill_shapes(self) -> list[tuple[int, int]]:
        return [] if self.args.prefill is None else self.args.prefill

    def restore(self) -> None:
        from qcompile.commands.workload import state_tensors

        for t, s in zip(state_tensors(self.model), self.snapshot, strict=True):
            t.copy_(s)

    def measure(self, row: Row, fn: Callable[..., torch.Tensor], dispatcher: Dispatcher) -> Row:
        """Decode tokens/s (and a profile) at every batch size, each from the prefilled state."""
        from qcompile.commands.kernel_profile import profile_steps
        from qcompile.commands.workload import decode_rate

        args = self.args
        at = None if self.meter is None else self.meter.start
        for b in args.batches:
            self.restore()
            row.tok_s[b], warm_s = decode_rate(
                self.model, fn, dispatcher, b, args.context, args.steps, args.warm_steps, at
            )
            row.warmup_s += warm_s
            row.roofline_share[b] = row.tok_s[b] / self.roofline(b)
            if self.meter is not None:
                self.cache_decode(row, fn, dispatcher, b)
            if self.profiling:
                self.restore()
                steps = args.profile_steps
                run = functools.partial(decode_rate, self.model, fn, dispatcher, b, args.context, steps, 0)
                prof = profile_steps(run, steps)
                row.profile[b] = {**asdict(prof), "busy_share": prof.device_us * 1e-6 * row.tok_s[b] / b}
        print(
            f"bench: {row.scope}/{row.mode}: " + ", ".join(f"{b}: {v:.1f} tok/s" for b, v in row.tok_s.items()),
            flush=True,
        )
        return row

    def cache_decode(self, row: Row, fn: Callable[..., torch.Tensor], dispatcher: Dispatcher, batch: int) -> None:
        """The caches' counters over the decode just timed at `batch`, then the decode again at each
        forced hit rate (`bench_experts`)."""
        from qcompile.commands.bench_experts import forced_share
        from qcompile.commands.workload import decode_rate

        args, meter = self.args, self.meter
        assert meter is not None
        key = f"batch {batch}"
        own = row.expert_cache[key] = meter.stats(args.steps, batch / row.tok_s[batch], batch)
        for target in args.timing_only_forced_hit_rates:
            meter.force(forced_share(target, own["hit_rate"]))
            self.restore()
            tok_s, _ = decode_rate(
                self.model, fn, dispatcher, batch, args.context, args.steps, args.warm_steps, meter.start
            )
            row.forced.setdefault(f"{target:g}", {})[key] = meter.stats(args.steps, batch / tok_s, batch)
        meter.force(0.0)

    def cache_prefill(
        self, row: Row, fn: Callable[..., torch.Tensor], dispatcher: Dispatcher, shape: tuple[int, int]
    ) -> None:
        """The caches' counters per call of the prefill just timed, then the prefill again at each forced
        hit rate."""
        from qcompile.commands.bench_experts import forced_share
        from qcompile.commands.workload import time_prefill

        args, meter = self.args, self.meter
        assert meter is not None
        r, t = shape
        key = f"prefill {r}x{t}"
        calls = 3  # `time_prefill`'s timed calls
        own = row.expert_cache[key] = meter.stats(calls, r * t / row.prefill_tok_s[f"{r}x{t}"], r * t)
        for target in args.timing_only_forced_hit_rates:
            meter.force(forced_share(target, own["hit_rate"]))
            timing = time_prefill(self.model, fn, dispatcher, r, t, calls, meter.start)
            row.forced.setdefault(f"{target:g}", {})[key] = meter.stats(calls, r * t / timing.tok_s, r * t)
        meter.force(0.0)

    def graphed(self, row: Row, module: Compiled | GraphedForward) -> Row:
        """Capture `module`'s graphs (their time and memory go in the row), then measure through them."""
        from qcompile.engine.progress import stage

        with stage(f"capture {row.scope}/{row.mode}"):
            stats = module.capture()
        if stats is not None:
            row.capture_s, row.graphs = stats.seconds, stats.graphs
            row.graph_gib, row.device_gib = stats.pool_bytes / 2**30, stats.bytes / 2**30
        return self.measure(row, module, module.dispatcher)

    def prefill(self, row: Row, fn: Callable[..., torch.Tensor], dispatcher: Dispatcher) -> Row:
        """Prefill tokens/s (and a profile) at every prefill shape."""
        from qcompile.commands.kernel_profile import profile_steps
        from qcompile.commands.workload import time_prefill
        from qcompile.engine.progress import stage

        for r, t in self.prefill_shapes:
            with stage(f"prefill {r}x{t} {row.scope}/{row.mode}"):
                at = None if self.meter is None else self.meter.start
                timing = time_prefill(self.model, fn, dispatcher, r, t, at_timing=at)
                row.prefill_tok_s[f"{r}x{t}"] = timing.tok_s
                row.prefill_host_ms[f"{r}x{t}"], row.prefill_wall_ms[f"{r}x{t}"] = timing.host_ms, timing.wall_ms
                if self.meter is not None:
                    self.cache_prefill(row, fn, dispatcher, (r, t))
                if self.profiling:  # the warm call and one timed call
                    once = functools.partial(time_prefill, self.model, fn, dispatcher, r, t, repeats=1)
                    row.prefill_profile[f"{r}x{t}"] = asdict(profile_steps(once, 2))
        return row

    def capture_sizes(self, mode: str) -> list[int] | None:
        """The decode ladder, and with --prefill-graphs each prefill's token count where mixed batches
        run piecewise; None: the default ladder up to the largest batch."""
        from model.context import RuntimeMode
        from qcompile.cudagraph import default_capture_sizes, resolve_mode

        if not (self.args.prefill_graphs and resolve_mode(mode, True).mixed is RuntimeMode.PIECEWISE):
            return None
        return [*default_capture_sizes(max(self.args.batches)), *(r * t for r, t in self.prefill_shapes)]

    def eager_rows(self) -> list[Row]:
        """The model uncompiled, and on CUDA also under FULL decode graphs (the base of the ratios)."""
        from qcompile.cudagraph import Dispatcher, GraphedForward, resolve_mode

        plain = Dispatcher(resolve_mode("none", False))
        rows = [self.measure(self.prefill(Row(EAGER, "none"), self.model, plain), self.model, plain)]
        if self.device.type == "cuda":
            base = GraphedForward(self.model, self.model, "full_decode_only", max_capture_size=max(self.args.batches))
            rows.append(self.graphed(Row(*BASELINE), base))
        return rows

    def compiled_rows(self, scope: str, modes: list[str]) -> list[Row]:
        """`scope` compiled once (and again warm with --warm-compile), then measured in each graph mode."""
        import torch

        args = self.args
        max_tokens = max([max(args.batches), *(r * t for r, t in self.prefill_shapes)])
        ranges = ((1, max_tokens),) if args.dynamic == "unbacked" else ((1, 1), (2, max_tokens))
        options = {"ranges": ranges, "scope": scope, "dynamic": args.dynamic, "inductor": args.inductor_config}
        compiled, compile_s = self._compile(f"compile scope {scope}", options)
        warm_compile_s = None
        if args.warm_compile:
            again = "loaded" if args.aot_dir else "again (warm caches)"
            compiled, warm_compile_s = self._compile(f"compile scope {scope} {again}", options)
        prefilled = self.prefill(Row(scope, "none"), compiled, compiled.dispatcher)
        rows = []
        for mode in modes:
            sizes = self.capture_sizes(mode)
            compiled.set_cudagraph(mode, capture_sizes=sizes, max_capture_size=None if sizes else max(args.batches))
            row = self.graphed(Row(scope, mode, compile_s=compile_s, warm_compile_s=warm_compile_s), compiled)
            if sizes:
                row.prefill_graphed = True
                row = self.prefill(row, compiled, compiled.dispatcher)
            else:
                for name in ("prefill_tok_s", "prefill_host_ms", "prefill_wall_ms", "prefill_profile"):
                    setattr(row, name, getattr(prefilled, name))
                row.expert_cache |= prefilled.expert_cache  # the prefills' counters, measured once
                for rate, by in prefilled.forced.items():
                    row.forced.setdefault(rate, {}).update(by)
            compiled.set_cudagraph("none")
            rows.append(row)
            if self.device.type == "cuda":
                torch.cuda.empty_cache()
        return rows

    def _compile(self, name: str, options: dict[str, Any]) -> tuple[Compiled, float]:
        """A fresh compile (after a Dynamo reset) with every range warmed, and its seconds."""
        import torch

        from qcompile.api import compile
        from qcompile.engine.progress import compile_stages

        torch._dynamo.reset()
        compiled = compile(self.model, aot_dir=self.args.aot_dir, **options)
        with compile_stages(name):
            seconds, _ = _timed(self.device, compiled.warmup)
        return compiled, seconds


def _prefilled(
    args: argparse.Namespace, model: Qwen4ExpForCausalLM, device: torch.device
) -> tuple[_Session, float, int]:
    """Make the model's state for the largest batch and prefill, time the skinny GEMM where asked,
    prefill the contexts once and count the experts each batch's decode touches: the session, the
    prefill's seconds and the skinny shapes."""
    import torch

    from qcompile.commands.workload import prefill_contexts, state_tensors, touched_experts
    from qcompile.engine.progress import stage

    max_batch = max(args.batches)
    shapes = [] if args.prefill is None else args.prefill
    decode_len = args.context + args.warm_steps + max(args.steps, args.profile_steps) + 8
    model.init_state(
        max_num_seqs=max([max_batch, *(r for r, _ in shapes)]),
        max_model_len=max([decode_len, *(t for _, t in shapes)]),
        merge=args.merge,
        kv_cache_dtype=args.kv_cache_dtype,
    )
    _check_reserved(args, model, max_batch)
    skinny = args.skinny_gemm and device.type == "cuda"
    skinny_shapes = _skinny(model, args.batches, args.skinny_plans, args.aot_dir, device) if skinny else 0
    meter = _meter(args, model)  # before anything runs, compiles or captures: forcing is planned in
    with stage(f"prefill {args.contexts} contexts of {args.context} tokens"):
        prefill_s, _ = _timed(device, lambda: prefill_contexts(model, args.context, args.contexts, max_batch))
    snapshot = _snapshot(state_tensors(model), device)
    session = _Session(args, model, device, snapshot, copy_bandwidth(device), {}, {}, meter)
    if device.type == "cuda":  # the device peak reported is the measurements', not the 2 GiB copy's above
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats(device)
    with stage(f"count the routed experts {args.steps} uncompiled decode steps touch per batch"):
        for b in args.batches:
            session.restore()
            session.touched[b] = touched_experts(model, b, args.context, args.steps)
            session.step_bytes[b] = step_bytes(model, b, session.touched[b])
    return session, prefill_s, skinny_shapes


def _check_reserved(args: argparse.Namespace, model: Qwen4ExpForCausalLM, requests: int) -> None:
    """The state just made fits what --kv-cache-memory reserved beside the expert slots."""
    from qcompile.commands.checks import UsageError
    from qcompile.commands.workload import state_tensors
    from qcompile.engine.kv_memory import format_bytes

    if args.kv_cache_memory is None:
        return
    state = sum(t.nbytes for t in state_tensors(model))
    if state > args.kv_cache_memory:
        raise UsageError(
            f"--kv-cache-memory {format_bytes(args.kv_cache_memory)}: the bench's state for {requests} requests "
            f"(--batches, --context, --prefill) takes {format_bytes(state)}; reserve at least that"
        )


def _meter(args: argparse.Namespace, model: Qwen4ExpForCausalLM) -> CacheMeter | None:
    """With --moe-expert-cache, the caches' meter (the copy kernel's GB/s measured once), forcing
    switched on at a share of 0 where forced hit rates will be timed."""
    from qcompile.commands.bench_experts import CacheMeter, link_bandwidth, model_caches
    from qcompile.engine.progress import stage

    caches = model_caches(model)
    if not caches:
        return None
    with stage("time the copy kernel: host bank rows into device slots"):
        meter = CacheMeter(caches, link_bandwidth(caches[0]))
    if args.timing_only_forced_hit_rates:
        rates = ", ".join(f"{r:g}" for r in args.timing_only_forced_hit_rates)
        print(f"bench: forced hit rates {rates} will be timed: misses served with no copy, outputs WRONG (timing)")
        meter.force(0.0)
    return meter


def expert_cache_summary(args: argparse.Namespace, session: _Session) -> dict[str, Any] | None:
    """The placement the build made (from its caches), the copy kernel's GB/s and whether the PLE table
    was built smaller, for the result; None with resident experts."""
    from model.expert_placement import ExpertPlacement
    from model.presets import preset_config
    from qcompile.engine.expert_memory import ExpertMemory

    meter, config = session.meter, session.model.config
    if meter is None:
        return None
    caches = meter.caches
    first = caches[0]
    device_bytes = sum(c.num_slots * c.expert_bytes for c in caches)
    placement = ExpertPlacement(first.num_slots, first.num_static, device_bytes, sum(c.host_bytes() for c in caches))
    tokens = max([max(args.batches), *(r * t for r, t in session.prefill_shapes)])
    own = preset_config(args.preset)["ngram_vocab_size_base"]
    return {
        "option": args.moe_expert_cache,
        "slots": first.num_slots,
        "static": first.num_static,
        "host_gb": placement.host_bytes / 1e9,
        "device_gb": device_bytes / 1e9,
        "expert_mb": first.expert_bytes / 1e6,
        "summary": ExpertMemory(placement, len(caches), config.num_experts, config.num_experts_per_tok).summary(tokens),
        "link_gb_s": None if meter.link_bytes_s is None else meter.link_bytes_s / 1e9,
        "forced_hit_rates": args.timing_only_forced_hit_rates,
        "ple_from": "bench" if config.ngram_vocab_size_base != own else None,
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    import torch

    from model.kernels import pdl_enabled
    from model.moe import use_moe_activation_dtype
    from qcompile.commands.workload import expected_experts
    from qcompile.engine.progress import stage

    device = torch.device(args.device)
    batches, modes = args.batches, args.modes
    if device.type != "cuda":
        print(f"bench: on {device.type} only cudagraph mode 'none' runs (a smoke run)")
        modes = ["none"]
    start = time.perf_counter()
    with stage(f"build the {args.preset} preset" + (", time the transformers anchor" if args.anchor_steps else "")):
        model, anchor_tok_s = build(args, device)
    use_moe_activation_dtype(model, args.moe_activation_dtype)
    built_s = time.perf_counter() - start
    session, prefill_s, skinny_shapes = _prefilled(args, model, device)
    rows: list[Row] = []
    for scope in args.scopes:
        rows += session.eager_rows() if scope == EAGER else session.compiled_rows(scope, modes)
    ref = next((r for r in rows if (r.scope, r.mode) == BASELINE), None)
    for r in rows:
        r.ratio = {b: r.tok_s[b] / ref.tok_s[b] for b in batches} if ref else {}
    bandwidth = session.bandwidth
    per_request_state = state_bytes(model, args.context)
    config = model.config
    expected = {b: expected_experts(config.num_experts, config.num_experts_per_tok, b) for b in batches}
    return {
        "preset": args.preset,
        "dtype": args.dtype,
        "kv_cache_dtype": args.kv_cache_dtype,
        "moe_activation_dtype": args.moe_activation_dtype,
        "device": _device_name(device),
        "torch": torch.__version__,
        "context": args.context,
        "contexts": args.contexts,
        "steps": args.steps,
        "batches": batches,
        "dynamic": args.dynamic,
        "quant_experts": args.quant_experts,
        "pinned_ple": args.pinned_ple,
        "skinny_shapes": skinny_shapes,
        "merge": args.merge,
        "inductor_config": [list(p) for p in args.inductor_config],
        "aot_dir": None if args.aot_dir is None else str(args.aot_dir),
        "pdl": pdl_enabled(),
        "copy_bandwidth_gb_s": bandwidth / 1e9,
        "experts": [config.num_experts_per_tok, config.num_experts],
        "experts_touched": session.touched,
        "experts_expected": expected,
        "expert_gb": {b: expert_bytes(model, session.touched[b]) / 1e9 for b in batches},
        "expected_expert_gb": {b: expert_bytes(model, expected[b]) / 1e9 for b in batches},
        "step_gb": {b: session.step_bytes[b] / 1e9 for b in batches},
        "roofline_tok_s": {b: session.roofline(b) for b in batches},
        "expected_step_gb": {b: step_bytes(model, b) / 1e9 for b in batches},
        "expected_roofline_tok_s": {b: b * bandwidth / step_bytes(model, b) for b in batches},
        "state_gb_per_request": per_request_state / 1e9,
        "state_roofline_tok_s": {b: b * bandwidth / (session.step_bytes[b] + b * per_request_state) for b in batches},
        "prefill_shapes": [f"{r}x{t}" for r, t in session.prefill_shapes],
        "anchor_tok_s": anchor_tok_s,
        "anchor_prefill": args.anchor_prefill,
        "build_s": built_s,
        "prefill_s": prefill_s,
        "total_s": time.perf_counter() - start,
        "rows": [asdict(r) for r in rows],
        "expert_cache": expert_cache_summary(args, session),
        # what the measurements reserved at most (from the prefilled contexts on), the card "in all" less CUDA's context
        "device_peak_gib": torch.cuda.max_memory_reserved(device) / 2**30 if device.type == "cuda" else None,
    }


def _device_name(device: torch.device) -> str:
    import torch

    return torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu"
