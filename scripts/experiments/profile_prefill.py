"""Where a long prefill's device time goes: chosen chunks of one prompt through the engine's chunked
prefill, by kernel category, beside the tensor-core time the model's FLOPs need.

Builds the preset with random weights where it runs (`qcompile.synthetic.build_random`: no checkpoint
is written or read), and the engine over it as `qcompile serve` builds it (`ModelRunner` + `Engine`,
the K/V pool of `choose_plan`, prefix caching on with `checkpoint_count`'s rows, async scheduling),
compiled as served: `--scope` (kernel) over the prefill range 2:CHUNK, CHUNK the step budget
(`--max-num-batched-tokens`). Then three prompts of fresh random ids (no prefix-cache hit): a short
untimed one (first calls: Triton's compiles and autotuning), the timed one (`--tokens`, CUDA events
between steps: each chunk's wall on the device's timeline, and the whole prompt's tok/s as
`scripts/gpu/gpu_long_context.py prefill` reports it), and the profiled one, the same length, where
the chosen chunks (`--chunks`: first, mid, last or indices) each run alone under `torch.profiler`
(CUDA activity; the stream drained before and after, so a window holds its chunk's kernels only).

It prints one table: per chunk and category, the device milliseconds (each kernel charged its own
time, `qcompile.commands.kernel_profile.own_us`) and their share, the non-attention sum, the chunk's
wall from the timed prompt; then the top 10 kernels; then the roofline line: the FLOPs per token
outside attention, counted from the config (`matmuls`, `gdn_core_flops`), and the tensor-core time a chunk of
them needs at the dense bf16 peak (989 TFLOP/s, H100 SXM and H200 alike), and the time to read the
layers' weights once at each card's bandwidth, beside the measured non-attention ms. Categories are
the data table `CATEGORIES` (first match wins); a kernel that matches none is "unassigned", shown.

Kept short: the weights are made on the GPU, not loaded (about 36 GB of bf16 would take longer to
write and read than to make); no CUDA graphs are captured (prefill steps never replay graphs in
`full_decode_only`); only the prefill range compiles: `qcompile serve`'s decode range 1:1 never runs
here (one sampled token, no decode step; a one-token chunk, should a prompt's checkpoints make one,
runs eagerly with qcompile's warning); `--aot-dir` loads the compiled range on a rerun; the prompts
run about 7 s each and only the chosen chunks are profiled. Measured on an H100 with both ranges
compiled (a cold start: 77 s of compile), the defaults took 164 s and `--chunk 8192` after it 63 s
(compile 41 s from the warm caches); the one range should bring the first under 150 s.

Usage: `PYTHONPATH=. python scripts/experiments/profile_prefill.py [--tokens 131072] [--chunk 2048]
[--chunks first,mid,last] [--json PATH]`; `--preset tiny --device cpu --dtype float32 --scope eager`
runs it on CPU (the profiler's CPU ops, each charged its self time), as its test does.

Measured on an H100 (2026-12-06, main at 21b71ae; every kernel assigned to a category), a 131k prompt:
- chunk 2048: 18.6k tok/s (7.06 s). Outside attention 40.4 ms a chunk at every context (MoE 12.9,
  Inductor's norms/elementwise 11.8, dense GEMMs 7.5, GDN 7.1, copies 0.8, other 0.2), not the ~50 ms
  estimated from arithmetic before, and 4.7x the tensor-core floor of 8.6 ms (the dense GEMMs run at about 70%
  of peak, the routed experts at twice their 6 ms weight read, GDN's 12 layers at 7.1 ms for 0.2 ms
  of core FLOPs at peak). Attention prefill 1.4 / 64.5 / 98.2 ms (first / mid / last chunk, 4
  layers), QSA select 0.7 / 3.3 / 5.9, score under 1.2. Wall beyond device time: 40 ms in the first
  chunk; chunks 1-4 take 62-64 ms of wall for ~43-50 ms of device time (the host's launches of ~870
  kernels a step set the pace there); 4.7 ms a chunk at mid and last.
- chunk 8192: 20.8k tok/s (6.31 s, +12%). Outside attention 135 ms a chunk, 33.7 a 2048 tokens (MoE
  8.8, norms/elementwise 11.0, GEMMs 6.6, GDN 6.6); attention per row unchanged (384 ms for the last
  8192 rows, 96 a 2048); wall beyond device time 2.5 ms a 2048 tokens.

What chunk 8192 should change, as predicted before that run (from the config and the figures known then:
18.6k tok/s at chunk 2048, 24 ms a layer of attention prefill at 131k, ~50 ms estimated for the rest).
Outside attention the bench preset needs 4.15 GFLOP a token (GEMMs 4.04, GDN core 0.10): 8.5 TFLOP a
2048-token chunk, 8.6 ms of tensor-core time. Its layers hold 11.3 G weight elements outside the
embeddings, PLE tables and LM head (routed experts 10.1 G: 128 x 3 x 2560 x 640 a layer), 22.6 GB of
bf16 that every chunk reads once, since 2048 x 10 / 128 = 160 rows an expert touch every expert: 6.7 ms
at the H100's 3.35 TB/s, 4.7 ms at the H200's 4.8. An expert GEMM of 160 rows does 160 FLOP a weight
byte, under the H100's ridge (989 / 3.35 = 295): bandwidth-bound. At 8192 each expert gets 640 rows, 4x
the FLOPs for the same bytes, past the ridge: the weight read falls from 3.3 to 0.8 us a token and the
routed experts' 1.57 GFLOP a token (1.6 us at peak) become their floor. Per 2048 tokens that saves at
most ~5 ms of the weight read, plus a share of what each step costs whatever its size: a few ms.
Attention does not change per row (QSA keeps at most 2048 blocks of 4 keys a row; score and select grow
with the context and the rows alike). Predicted: 131k from 7.04 s to about 6.6 s (+6%); chunk 8192 alone
does not reach issue 47's 40k tok/s. Measured +12% (11.7 ms a 2048 tokens): the MoE saved 4.1 ms as
predicted, the other non-attention categories 2.6 ms more, and what the prediction left out the rest:
the per-step gaps (4.7 ms a chunk at 2048, 2.5 a 2048 tokens at 8192) and the host-paced low-context
chunks. The scheduler ends a chunk at each checkpoint; the engine's default interval is a multiple of the
budget, so 8192-token chunks stay whole (`--interval` sets another).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import torch

from model.config import Qwen4ExpConfig
from qcompile.commands.kernel_profile import own_us

# (category, pattern over the kernel name), in match order: the first match wins. Kernel names are
# those of the GPU (Triton kernels by their function's name, Inductor's `triton_*`, cuBLAS, aten);
# on CPU the profiler's op names (`aten::*`). "other" collects what is known and outside the named
# categories; what matches nothing is UNASSIGNED. Names say which kernel ran, not which layer asked:
# Inductor fuses the PLE's (device tables) and the hyper-connections' torch code with norms and
# elementwise work, so "PLE" holds only the pinned-host tables' gather kernel.
CATEGORIES: tuple[tuple[str, str], ...] = (
    # model/kernels/attention_prefill.py, and attention_decode.py's split kernel for the rows it gathers
    ("attention prefill", r"^_(prefill|split)_kernel$"),
    ("QSA score", r"^_(tile_)?score_kernel$"),  # model/kernels/qsa_select.py
    ("QSA select", r"^_(select_row|histogram|choose)_kernel$"),  # model/kernels/qsa_select.py
    ("kept-tile lists", r"^_kept_tiles_kernel$"),  # model/kernels/qsa_tiles.py
    (
        "GDN",  # fla's chunked varlen delta rule (model/kernels/gdn_prefill.py) and our decode kernel
        r"gated_delta_rule|chunk_local_cumsum|chunk_scaled_dot_kkt|solve_tril|merge_16x16|recompute_w_u"
        r"|chunk_fwd_kernel_o|l2norm|^_decode_kernel$",
    ),
    # fused MoE (model/kernels/fused_moe.py, with its split-K activation; its activation quantiser act_quant.py),
    # router (router.py), the expert cache's plan and copy
    ("MoE", r"^_(gate_up|down|sum|split_act|align|count|prefix|route|plan|copy|quantize)_kernel$"),
    (
        "dense GEMMs",  # cuBLAS/cuBLASLt/CUTLASS, the weight-only and skinny Triton GEMMs, aten on CPU
        r"gemm|gemv|cutlass|nvjet|sm90_|sm100_|splitKreduce|cublas|^_wo_kernel$|^_split_sum_kernel$"
        r"|^aten::(mm|addmm|bmm|matmul|linear)$",
    ),
    ("PLE", r"^_gather_kernel$"),  # model/kernels/ple_gather.py (the n-gram table's gather)
    ("norms/elementwise", r"^triton_(poi|red|per)_|^## Call CompiledFxGraph"),  # Inductor's kernels (CPU: graphs)
    (
        "copies",
        r"^Memcpy|^Memset|FillFunctor|copy_kernel|CatArrayBatched|index_copy|indexSelect|index_select|scatter|gather"
        r"|^aten::(copy_|clone|cat|index_put_|_to_copy|zero_|fill_)$",
    ),
    (
        "other",  # attention decode and the hyper-connection read (decode only), aten, cub, torch's ops
        r"^_(split|merge|hc_down|hc_mix)_kernel$|at::native::|at_cuda_detail|cub::|^void at::|^aten::"
        r"|^qcompile::|elementwise|reduce_kernel|softmax|sort|topk"
        r"|^Torch-Compiled Region|^TorchDynamo Cache Lookup|^AOTDispatcher|^Pregraph bytecode",  # CPU: torch.compile
    ),
)
UNASSIGNED = "unassigned"
ATTENTION = ("attention prefill", "QSA score", "QSA select", "kept-tile lists")  # the context-dependent part
ORDER = (*(c for c, _ in CATEGORIES), UNASSIGNED)
_COMPILED = tuple((c, re.compile(p)) for c, p in CATEGORIES)

# Dense bf16 tensor-core peak (no sparsity), the same on both cards; their HBM bandwidth differs.
PEAK_TFLOPS = 989.4
BANDWIDTH_TBS = {"H100 SXM": 3.35, "H200": 4.8}
GDN_CHUNK = 64  # fla's chunk length (model/kernels/gdn_prefill.py's BLOCK)


def category(name: str) -> str:
    """The category of a kernel (or CPU op) name: the first pattern of `CATEGORIES` that matches."""
    return next((c for c, p in _COMPILED if p.search(name)), UNASSIGNED)


# ---- the FLOP count ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Matmul:
    """A weight every token multiplies by (`share` of the tokens: routed experts `top_k / num_experts`),
    summed over the layers that have it: `weights` elements, 2 FLOPs each per token that uses it."""

    name: str
    weights: int
    share: float = 1.0

    @property
    def flops_per_token(self) -> float:
        return 2.0 * self.weights * self.share


def matmuls(c: Qwen4ExpConfig) -> list[Matmul]:
    """Every weight GEMM of a forward outside attention's core, from the config (the LM head is left out:
    it runs on a chunk's last row only)."""
    d, n = c.hidden_size, c.hc_count
    nd, gdn, attn = n * d, len(c.linear_layers), len(c.indexed_layers)
    layers = c.num_hidden_layers
    hc_read = 2 * nd * c.hc_lowrank  # W_down and W_up of one read
    attention = d * (2 * c.num_attention_heads * c.head_dim + 2 * c.num_key_value_heads * c.head_dim)
    attention += d * (c.indexer_n_heads + 1) * c.indexer_head_dim + c.num_attention_heads * c.head_dim * d
    return [
        Matmul("hyper-connections", layers * 2 * (hc_read + nd * n) + hc_read),  # two a layer + the final read
        Matmul("GDN projections", gdn * (d * (c.gdn_conv_dim + c.gdn_value_dim + 2 * c.linear_num_value_heads))),
        Matmul("GDN out_proj", gdn * c.gdn_value_dim * d),
        Matmul("attention projections", attn * attention),
        Matmul("MoE router + shared expert", layers * d * (c.num_experts + 1 + 3 * c.shared_expert_intermediate_size)),
        Matmul(
            "MoE routed experts",
            layers * c.num_experts * 3 * d * c.moe_intermediate_size,
            c.num_experts_per_tok / c.num_experts,
        ),
        Matmul("PLE projections", len(c.ple_layer_ids) * c.ple_embed_dim * (nd + d)),
    ]


def gdn_core_flops(c: Qwen4ExpConfig, chunk: int = GDN_CHUNK) -> float:
    """FLOPs a token of fla's chunked delta rule, all GDN layers (an estimate of its matmuls per value
    head: K K^T, W and U from the triangular inverse, the state's read and update, the output's
    inter- and intra-chunk parts)."""
    dk, dv = c.linear_key_head_dim, c.linear_value_head_dim
    per_head = 2 * (3 * chunk * dk + 2 * chunk * dv + 3 * dk * dv)
    return float(len(c.linear_layers) * c.linear_num_value_heads * per_head)


@dataclass(frozen=True)
class Roofline:
    """The non-attention FLOPs of one chunk, the tensor-core time they need at peak, and the time to
    read the weights once at each card's bandwidth."""

    gemm_flops_per_token: float
    gdn_flops_per_token: float
    weight_bytes: float
    rows: int

    @classmethod
    def of(cls, c: Qwen4ExpConfig, rows: int, bytes_per_weight: int) -> Roofline:
        mm = matmuls(c)
        weights = sum(m.weights for m in mm)
        return cls(sum(m.flops_per_token for m in mm), gdn_core_flops(c), float(weights * bytes_per_weight), rows)

    @property
    def flops_per_token(self) -> float:
        return self.gemm_flops_per_token + self.gdn_flops_per_token

    @property
    def tensor_ms(self) -> float:
        return self.flops_per_token * self.rows / (PEAK_TFLOPS * 1e12) * 1e3

    def weight_ms(self, card: str) -> float:
        return self.weight_bytes / (BANDWIDTH_TBS[card] * 1e12) * 1e3

    def line(self, measured_ms: dict[str, float]) -> str:
        reads = ", ".join(
            f"{self.weight_ms(card):.1f} ms at {card}'s {tbs} TB/s" for card, tbs in BANDWIDTH_TBS.items()
        )
        seen = ", ".join(f"{label} {ms:.1f}" for label, ms in measured_ms.items())
        return (
            f"roofline: outside attention {self.flops_per_token / 1e9:.3g} GFLOP/token (GEMMs "
            f"{self.gemm_flops_per_token / 1e9:.3g}, GDN core {self.gdn_flops_per_token / 1e9:.3g}): "
            f"a {self.rows}-token "
            f"chunk needs {self.tensor_ms:.3g} ms of tensor cores at {PEAK_TFLOPS:.0f} TFLOP/s (H100 SXM and H200 "
            f"dense bf16); its layers' weights ({self.weight_bytes / 1e9:.3g} GB) read once: {reads}; "
            f"measured non-attention ms: {seen}"
        )


# ---- profiling one chunk ------------------------------------------------------------------------------------
@dataclass
class ChunkProfile:
    """One profiled chunk: where it starts, its rows, its wall in the timed prompt, and per kernel name
    the calls and own device milliseconds (CPU: self milliseconds of each op)."""

    label: str
    index: int
    start: int
    rows: int
    wall_ms: float
    kernels: dict[str, tuple[int, float]] = field(default_factory=dict)

    @property
    def busy_ms(self) -> float:
        return sum(ms for _, ms in self.kernels.values())

    @property
    def launched(self) -> int:
        return sum(n for n, _ in self.kernels.values())

    def by_category(self) -> dict[str, float]:
        ms: Counter[str] = Counter({c: 0.0 for c in ORDER})
        for name, (_, t) in self.kernels.items():
            ms[category(name)] += t
        return dict(ms)

    def non_attention_ms(self) -> float:
        return sum(ms for c, ms in self.by_category().items() if c not in ATTENTION)


def profile_call(run: Callable[[], object], device: torch.device) -> dict[str, tuple[int, float]]:
    """Per kernel name, (calls, own ms) of what `run()` launches: CUDA kernels charged by `own_us` (the
    stream drained first and last), or on CPU each op's self time."""
    from torch.profiler import ProfilerActivity, profile

    cuda = device.type == "cuda"
    if cuda:
        torch.cuda.synchronize(device)
    activities = [ProfilerActivity.CPU, ProfilerActivity.CUDA] if cuda else [ProfilerActivity.CPU]
    with profile(activities=activities) as prof:
        run()
        if cuda:
            torch.cuda.synchronize(device)
    calls: Counter[str] = Counter()
    ms: Counter[str] = Counter()
    if cuda:
        kernels = [e for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA]
        spans = [((e.device_index, e.device_resource_id), e.time_range.start, e.time_range.end) for e in kernels]
        for e, us in zip(kernels, own_us(spans), strict=True):
            calls[e.name] += 1
            ms[e.name] += us / 1e3
    else:
        for e in prof.key_averages():
            calls[e.key] += e.count
            ms[e.key] += e.self_cpu_time_total / 1e3
    return {name: (calls[name], ms[name]) for name in ms}


# ---- the engine ------------------------------------------------------------------------------------------------
class StepClock:
    """Marks on the device's timeline after each step (CUDA events, nothing waits), or the host's clock on
    CPU; `spans_ms()` are the steps' durations, each from the mark before it."""

    def __init__(self, device: torch.device) -> None:
        self.cuda = device.type == "cuda"
        self.marks: list[Any] = []
        self.mark()

    def mark(self) -> None:
        if self.cuda:
            event = torch.cuda.Event(enable_timing=True)
            event.record()
            self.marks.append(event)
        else:
            self.marks.append(time.perf_counter())

    def spans_ms(self) -> list[float]:
        if self.cuda:
            self.marks[-1].synchronize()
            return [a.elapsed_time(b) for a, b in zip(self.marks, self.marks[1:], strict=False)]
        return [(b - a) * 1e3 for a, b in zip(self.marks, self.marks[1:], strict=False)]


@dataclass(frozen=True)
class Prefill:
    """One prompt through the engine: each chunk's (start, rows) and, timed, each step's milliseconds."""

    chunks: list[tuple[int, int]]
    step_ms: list[float]
    seconds: float


def build_engine(args: argparse.Namespace) -> Any:
    """The engine over a random model of `args.preset`, as `EngineCore` builds it for one request slot."""
    from qcompile.config import CompileConfig
    from qcompile.engine.engine import Engine
    from qcompile.engine.kv_memory import checkpoint_count, choose_plan
    from qcompile.engine.runner import ModelRunner
    from qcompile.synthetic import build_random

    start = time.perf_counter()
    model = build_random(args.preset, args.dtype, args.device)
    print(f"built {args.preset} ({args.dtype}, {args.device}): {time.perf_counter() - start:.1f} s", flush=True)
    c = model.config
    if args.tokens + 1 > c.max_position_embeddings:
        raise SystemExit(
            f"--tokens {args.tokens}: the prompt and its token exceed {c.max_position_embeddings} positions"
        )
    compile_config = None
    if args.scope != "eager":
        compile_config = CompileConfig(scope=args.scope, ranges=((2, args.chunk),), aot_dir=args.aot_dir)
    checkpoints = checkpoint_count(True, None, 1, model.state_row_bytes(), None)
    plan = choose_plan(model, 1, args.tokens + 1, args.page_size, None, checkpoints)
    runner = ModelRunner(
        model,
        1,
        plan.max_model_len,
        args.device,
        compile_config,
        num_pages=plan.num_pages,
        page_size=plan.page_size,
        num_checkpoints=plan.num_checkpoints,
    )
    start = time.perf_counter()
    runner.warmup()
    print(f"compile ({args.scope}): {time.perf_counter() - start:.1f} s", flush=True)
    return Engine(
        runner,
        [c.eos_token_id],
        max_num_batched_tokens=args.chunk,
        async_scheduling=True,
        prefix_checkpoint_interval=args.interval,
    )


def prefill(
    engine: Any,
    ids: list[int],
    name: str,
    clock: StepClock | None = None,
    profiled: dict[int, Callable[[], list[Any]]] | None = None,
) -> Prefill:
    """Prefill `ids` (one sampled token) through the engine's step loop, as `Engine.generate` runs it
    (a failed step raises here); `clock` marks each step, `profiled[i]` runs step i (the i-th chunk) in
    its place and returns its deltas."""
    from qcompile.engine.sampling_params import SamplingParams
    from qcompile.engine.sequence import Sequence

    seq = Sequence(name, None, ids, SamplingParams(max_tokens=1, ignore_eos=True))
    engine.add(seq)
    chunks: list[tuple[int, int]] = []
    start = time.perf_counter()
    while engine.has_unfinished():
        step = len(chunks)
        for delta in (profiled or {}).get(step, engine.step)():
            if delta.finish_reason == "error":
                raise RuntimeError(f"prompt {name}: step {step} failed: {delta.error}")
        if clock is not None:
            clock.mark()
        if engine.in_flight is not None:  # async scheduling: the step just launched
            batch = engine.in_flight.batch
            chunks.append((batch.starts[0], batch.num_tokens[0]))
    seconds = time.perf_counter() - start
    if seq.num_cached_tokens:
        raise RuntimeError(f"prompt {name}: a fresh prompt hit {seq.num_cached_tokens} cached tokens")
    return Prefill(chunks, clock.spans_ms() if clock is not None else [], seconds)


def chosen(spec: str, count: int) -> list[tuple[str, int]]:
    """`first,mid,last` or 0-based indices -> (label, index) of a prompt of `count` chunks."""
    names = {"first": 0, "mid": count // 2, "last": count - 1}
    picked = []
    for part in spec.split(","):
        index = names.get(part) if part in names else int(part) if part.lstrip("-").isdigit() else None
        if index is None or not -count <= index < count:
            raise SystemExit(f"--chunks {spec}: {part!r} is not first, mid, last nor an index below {count}")
        picked.append((part, index % count))
    return picked


# ---- the report -----------------------------------------------------------------------------------------------
def table(profiles: list[ChunkProfile], roofline: Roofline, top: int = 10) -> str:
    """The categories' ms and shares per chunk, the top kernels, and the roofline line."""
    head = "".join(f" | {p.label} #{p.index} ({p.rows} rows @ {p.start})" for p in profiles)
    lines = [f"| category{head} |", "|---" * (len(profiles) + 1) + "|"]
    cats = [p.by_category() for p in profiles]
    for c in ORDER:
        cells = "".join(
            f" | {cat[c]:.2f} ({100 * cat[c] / max(p.busy_ms, 1e-9):.1f}%)"
            for p, cat in zip(profiles, cats, strict=True)
        )
        lines.append(f"| {c}{cells} |")
    rows = (
        ("device busy ms", [f"{p.busy_ms:.2f}" for p in profiles]),
        ("non-attention ms", [f"{p.non_attention_ms():.2f}" for p in profiles]),
        ("wall ms (timed prompt)", [f"{p.wall_ms:.2f}" for p in profiles]),
        ("kernels launched", [str(p.launched) for p in profiles]),
    )
    lines += [f"| {name} | " + " | ".join(cells) + " |" for name, cells in rows]
    total: Counter[str] = Counter()
    for p in profiles:
        total.update({n: t for n, (_, t) in p.kernels.items()})
    lines += ["", f"top {top} kernels (ms per chunk; calls)", "| kernel | category" + head + " |"]
    lines.append("|---" * (len(profiles) + 2) + "|")
    for name, _ in total.most_common(top):
        cells = "".join(
            f" | {p.kernels.get(name, (0, 0.0))[1]:.2f} ({p.kernels.get(name, (0, 0.0))[0]})" for p in profiles
        )
        lines.append(f"| {name[:90]} | {category(name)}{cells} |")
    lines += ["", roofline.line({f"{p.label} #{p.index}": p.non_attention_ms() for p in profiles})]
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    from model.paging import DEFAULT_PAGE_SIZE
    from qcompile.engine.prefix_cache import default_interval

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tokens", type=int, default=131072, help="the prompt's tokens")
    p.add_argument("--chunk", type=int, default=2048, help="the step budget (--max-num-batched-tokens)")
    p.add_argument("--chunks", default="first,mid,last", help="chunks to profile: first, mid, last or indices")
    p.add_argument("--json", type=Path, help="also write the figures here")
    p.add_argument("--preset", default="bench")
    p.add_argument("--device", default="cuda")
    p.add_argument("--dtype", default="bfloat16")
    p.add_argument("--scope", default="kernel", help="compile scope, or eager")
    p.add_argument("--aot-dir", type=Path, help="save the compiled ranges here, or load them (a rerun)")
    p.add_argument("--page-size", type=int, default=DEFAULT_PAGE_SIZE)
    p.add_argument(
        "--interval",
        type=int,
        help="prefix checkpoint interval (default: the engine's, a multiple of the chunk)",
    )
    p.add_argument("--warm-tokens", type=int, help="the untimed first prompt (default: two chunks)")
    args = p.parse_args(argv)
    if args.warm_tokens is None:
        args.warm_tokens = min(args.tokens, 2 * args.chunk)
    if args.interval is None and args.chunk >= 1:
        args.interval = default_interval(args.chunk)
    for flag in ("tokens", "chunk", "page_size", "interval", "warm_tokens"):
        if getattr(args, flag) < 2:
            p.error(f"--{flag.replace('_', '-')} {getattr(args, flag)}: at least 2")
    return args


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    from qcompile.commands.workload import FIRST_ID

    start = time.perf_counter()
    engine = build_engine(args)
    model = engine.runner.model
    device = engine.runner.device
    gen = torch.Generator().manual_seed(0)

    def fresh(n: int) -> list[int]:
        return torch.randint(FIRST_ID, model.config.vocab_size, (n,), generator=gen).tolist()

    prefill(engine, fresh(args.warm_tokens), "warm")
    timed = prefill(engine, fresh(args.tokens), "timed", StepClock(device))
    rate = args.tokens / timed.seconds
    print(
        f"prefill {args.tokens} tokens in {len(timed.chunks)} chunks: {timed.seconds:.2f} s, {rate:.0f} tok/s",
        flush=True,
    )
    picks = chosen(args.chunks, len(timed.chunks))
    found: dict[int, dict[str, tuple[int, float]]] = {}

    def profiled_step(index: int) -> Callable[[], list[Any]]:
        def run() -> list[Any]:
            deltas: list[Any] = []
            found[index] = profile_call(lambda: deltas.extend(engine.step()), device)
            return deltas

        return run

    again = prefill(engine, fresh(args.tokens), "profiled", None, {i: profiled_step(i) for _, i in picks})
    if again.chunks != timed.chunks:
        raise RuntimeError(f"the profiled prompt was chunked unlike the timed one: {again.chunks} vs {timed.chunks}")
    profiles = [
        ChunkProfile(label, i, *timed.chunks[i], wall_ms=timed.step_ms[i], kernels=found[i]) for label, i in picks
    ]
    rows = max(r for _, r in timed.chunks)
    roofline = Roofline.of(model.config, rows, torch.empty((), dtype=getattr(torch, args.dtype)).element_size())
    name = torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu"
    print(f"\n{args.preset} on {name}, scope {args.scope}, chunk {args.chunk}, interval {args.interval}")
    print(table(profiles, roofline))
    print(f"done in {time.perf_counter() - start:.0f} s", flush=True)
    data = {
        "device": name,
        "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "tok_s": rate,
        "seconds": timed.seconds,
        "chunk_ms": timed.step_ms,
        "chunks": [
            {**asdict(p), "categories": p.by_category(), "non_attention_ms": p.non_attention_ms()} for p in profiles
        ],
        "roofline": {**asdict(roofline), "flops_per_token": roofline.flops_per_token, "tensor_ms": roofline.tensor_ms},
    }
    if args.json is not None:
        args.json.write_text(json.dumps(data, indent=1) + "\n")
    return data


if __name__ == "__main__":
    main(sys.argv[1:])
