"""GPU bench of the PLE and quantised paths: PLE gather bandwidth from pinned memory, FP8 GEMMs, decode tokens/s.

One run (about 6-9 minutes on one H200, ~75 GB of GPU memory, ~9 GB of pinned host memory):
1. the Triton PLE gather of 65,536 random rows from a pinned host table (FP8 160-byte rows and
   NVFP4 90-byte rows) against a plain pinned host-to-device copy of the same bytes (PCIe's limit);
2. decode-shaped GEMMs: bf16 `F.linear` against `FP8Linear` (`torch._scaled_mm`, per-row scales) and
   against the weight-only Triton GEMMs (`WeightOnlyLinear`, FP8 / NVFP4 weights, bf16 activations);
3. batch-1 decode tokens/s of the bench preset, eager and with one FULL CUDA graph per step: BF16
   (device PLE), BF16 with weight-only FP8 / NVFP4 linears, FP8 and NVFP4 weights dequantised to
   bf16 (our packers, in-process) with the PLE table pinned in FP8 / NVFP4, and FP8 with
   `FP8Linear` on every eligible linear.
Prints one table. Usage: `python scripts/experiments/bench_ple.py [--skip-decode] [--skip-gather] [--steps 32]`.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import statistics
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import torch
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from model.checkpoint.ple_tables import PinnedTable, pack_pinned_table
from model.kernels.ple_gather import gather_rows
from model.quant import dequant_ple_rows
from model.quant.pack import nvfp4_scale_2, pack_fp8, pack_nvfp4

ROWS, WIDTH = 65_536, 160
TABLE_ROWS = 8_000_000  # 1.28 GB in FP8, 0.72 GB in NVFP4: far beyond any cache
Row = tuple[str, str, str]


def cuda_time(fn: Callable[[], object], iters: int = 20) -> float:
    """Median seconds of `fn` over `iters` runs, timed with CUDA events after 3 warm-ups."""
    for _ in range(3):
        fn()
    times = []
    for _ in range(iters):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / 1e3)
    return statistics.median(times)


def bench_gather() -> list[Row]:
    out: list[Row] = []
    ids = torch.randint(0, TABLE_ROWS, (ROWS,), device="cuda")
    fp8 = torch.randint(0, 126, (TABLE_ROWS, WIDTH), dtype=torch.uint8).pin_memory()
    packed = torch.randint(0, 256, (TABLE_ROWS, WIDTH // 2), dtype=torch.uint8).pin_memory()
    block = torch.randint(0, 120, (TABLE_ROWS, WIDTH // 16), dtype=torch.uint8).pin_memory()
    staging = torch.randint(0, 255, (ROWS * WIDTH,), dtype=torch.uint8).pin_memory()
    dst = torch.empty_like(staging, device="cuda")
    t = cuda_time(lambda: dst.copy_(staging, non_blocking=True))
    out.append(("pinned H2D copy, contiguous", f"{ROWS * WIDTH / 1e6:.1f} MB", f"{ROWS * WIDTH / t / 1e9:.1f} GB/s"))
    nvfp4_bytes = WIDTH // 2 + WIDTH // 16
    for kind, table, blocks, row_bytes in (("fp8", fp8, None, WIDTH), ("nvfp4", packed, block, nvfp4_bytes)):
        want = dequant_ple_rows(kind, table[ids.cpu()], None if blocks is None else blocks[ids.cpu()], 0.01)
        for block_rows in (1, 2, 4, 8):

            def run(
                kind: str = kind,
                table: torch.Tensor = table,
                blocks: torch.Tensor | None = blocks,
                block_rows: int = block_rows,
            ) -> torch.Tensor:
                return gather_rows(kind, table, blocks, 0.01, ids, WIDTH, torch.bfloat16, block_rows)

            exact = torch.equal(run().cpu(), want.to(torch.bfloat16))
            t = cuda_time(run)
            out.append(
                (
                    f"PLE gather {kind} ({row_bytes} B rows), {block_rows} rows/program",
                    f"{t * 1e3:.3f} ms",
                    f"{ROWS * row_bytes / t / 1e9:.1f} GB/s{'' if exact else ' MISMATCH'}",
                )
            )
    small = ids[:16]
    t = cuda_time(lambda: gather_rows("fp8", fp8, None, 0.01, small, WIDTH, torch.bfloat16), iters=100)
    out.append(("PLE gather fp8, 16 rows (one decode token)", f"{t * 1e6:.1f} us", ""))
    return out


def bench_gemm() -> list[Row]:
    from torch import nn

    from model.kernels.fp8_linear import FP8Linear
    from model.kernels.weight_only import WeightOnlyLinear

    out: list[Row] = []
    for k, n in ((2560, 640), (640, 2560), (2560, 12288), (2560, 248320)):
        linear = nn.Linear(k, n, bias=False, device="cuda", dtype=torch.bfloat16)
        fp8 = FP8Linear(linear)
        weight_only = [WeightOnlyLinear(linear, kind) for kind in ("fp8", "nvfp4")]
        dequantised = [wo.dequantized_weight() for wo in weight_only]
        for m in (1, 16, 256, 2048):  # 2048: a prefill chunk
            x = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
            tb = cuda_time(lambda x=x, w=linear.weight: F.linear(x, w))
            tf = cuda_time(lambda x=x, f=fp8: f(x))
            out.append(
                (
                    f"GEMM M={m} K={k} N={n}",
                    f"bf16 {tb * 1e6:.1f} us",
                    f"fp8 _scaled_mm {tf * 1e6:.1f} us ({tb / tf:.2f}x)",
                )
            )
            tg = graph_time(lambda x=x, w=linear.weight: F.linear(x, w))
            for wo, w in zip(weight_only, dequantised, strict=True):
                out.append(
                    (
                        f"GEMM M={m} K={k} N={n}",
                        f"bf16 {tb * 1e6:.1f} us, graphed {tg * 1e6:.1f} us",
                        bench_weight_only(wo, w, x, tg),
                    )
                )
    return out


def graph_time(fn: Callable[[], object]) -> float:
    """`cuda_time` of `fn` replayed from a CUDA graph: decode runs graphed, so no launch overhead."""
    fn()  # compile / allocate outside the capture
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    return cuda_time(graph.replay)


def bench_weight_only(wo: torch.nn.Module, w: torch.Tensor, x: torch.Tensor, t_bf16: float) -> str:
    """A `WeightOnlyLinear` eagerly at its default tiles, then graphed at a few tiles (untuned so far) against
    graphed bf16 `F.linear` (`t_bf16`), the best unswapped and the best swapped (`Tiles.swap`); MISMATCH
    unless within bf16 rounding of `x @ dequant(W)^T`."""
    ref = x.float() @ w.T
    # (block_n, block_k, swap); the first is the default; swapped N tiles are multiples of wgmma's 64 rows
    configs = ((64, 128, False), (32, 128, False), (128, 64, False), (32, 256, False), (64, 128, True), (128, 64, True))
    te = cuda_time(lambda: wo(x))
    times = []
    for block_n, block_k, swap in configs:
        wo.block_n, wo.block_k, wo.swap = block_n, block_k, swap
        exact = float((wo(x).float() - ref).abs().max()) <= 2**-7 * float(ref.abs().max())
        times.append((graph_time(lambda: wo(x)), block_n, block_k, swap, exact))
    wo.block_n, wo.block_k, wo.swap = configs[0]
    flag = "" if all(t[-1] for t in times) else " MISMATCH"
    best = [min(t for t in times if t[3] == swap) for swap in (False, True)]
    return (
        f"weight-only {wo.kind} eager {te * 1e6:.1f} us, graphed "
        + ", swapped ".join(
            f"{t * 1e6:.1f} us ({t_bf16 / t:.2f}x) at block_n={bn} block_k={bk}" for t, bn, bk, _, _ in best
        )
        + flag
    )


def pinned_table(table: torch.Tensor, kind: str, dtype: torch.dtype) -> PinnedTable:
    """Pack a device table [rows, D] into a pinned FP8 / NVFP4 `PinnedTable`, chunk by chunk."""
    scale = table.float().abs().amax() / 448.0 if kind == "fp8" else nvfp4_scale_2(table)
    return pack_pinned_table(kind, table.shape[0], lambda i, n: table[i : i + n], float(scale), dtype)


@torch.no_grad()
def fake_quantise(model: torch.nn.Module, kind: str) -> None:
    """Round every linear and expert weight through our FP8 / NVFP4 packers, back to bf16 in place:
    the dequantise-at-load baseline (same GEMMs as bf16; the weights carry the quantisation error)."""
    from model.quant import formats

    def roundtrip(w: torch.Tensor) -> torch.Tensor:
        if kind == "fp8":
            q, s = pack_fp8(w)
            return formats.dequant_fp8_scaled(q, s)
        return formats.dequant_nvfp4(*pack_nvfp4(w))

    for name, p in model.named_parameters():
        if "ngram_embedding" in name or "norm" in name or p.dim() < 2 or p.shape[-1] % 16:
            continue
        for w in p.view(-1, *p.shape[-2:]) if p.dim() == 3 else p[None]:
            w.copy_(roundtrip(w))


def decode_tok_s(model: torch.nn.Module, steps: int) -> str:
    """Batch-1 greedy decode after a 512-token context, eagerly and replaying one FULL CUDA graph per
    step (as serving does): the graphed rate shows the weights' bandwidth, the eager one launch costs."""
    from qcompile.commands.workload import decode_rate, prefill_contexts
    from qcompile.cudagraph import Dispatcher, GraphedForward, resolve_mode

    context = 512
    model.init_state(max_num_seqs=1, max_model_len=context + steps + 8)
    with torch.no_grad():
        prefill_contexts(model, context, distinct=1, slots=1)
    eager, _ = decode_rate(model, model, Dispatcher(resolve_mode("none", False)), 1, context, steps, warm=2)
    graphed = GraphedForward(model, model, "full_decode_only", max_capture_size=1)
    graphed.capture()
    full, _ = decode_rate(model, graphed, graphed.dispatcher, 1, context, steps, warm=2)
    del graphed
    torch.cuda.empty_cache()
    return f"eager {eager:.1f} tok/s, FULL graph {full:.1f} tok/s"


@contextlib.contextmanager
def swapped(model: torch.nn.Module, swap: Callable[[torch.nn.Module], int]) -> Iterator[int]:
    """`swap(model)` replaces some linears; they are put back afterwards. Yields how many were swapped."""
    before = {name: m for name, m in model.named_modules() if isinstance(m, torch.nn.Linear)}
    count = swap(model)
    try:
        yield count
    finally:
        for name, linear in before.items():
            parent, _, attr = name.rpartition(".")
            setattr(model.get_submodule(parent), attr, linear)


def bench_decode(steps: int) -> list[Row]:
    from model.checkpoint.loader import _uninitialised, load_weights
    from model.config import Qwen4ExpConfig
    from model.kernels.fp8_linear import swap_linears
    from model.kernels.weight_only import swap_weight_only
    from model.ple import NGramEmbedding
    from model.qwen4_exp import Qwen4ExpForCausalLM
    from qcompile.synthetic import build_model

    hf = build_model("bench", dtype="bfloat16", device="cuda")
    config = Qwen4ExpConfig.from_dict(hf.config.to_dict())
    with torch.device("cuda"), _uninitialised(torch.bfloat16):
        model = Qwen4ExpForCausalLM(config)
    state = hf.state_dict()
    load_weights(model, state.keys(), state.__getitem__, "bench preset (in memory)")
    del hf, state
    torch.cuda.empty_cache()
    model.eval().requires_grad_(False)
    ple = [m for m in model.modules() if isinstance(m, NGramEmbedding)]
    tables = {id(m): m.ngram_embedding.weight for m in ple}
    keep = ("lm_head", "mlp.gate", "shared_expert_gate")
    out: list[Row] = [("decode bf16, device PLE", "batch 1", decode_tok_s(model, steps))]
    print(*out[-1], flush=True)  # each decode row as soon as measured: the whole run is long
    for kind in ("fp8", "nvfp4"):  # before fake quantisation: each packs the bf16 weights once
        with swapped(model, functools.partial(swap_weight_only, kind=kind, keep=keep)) as n:
            out.append(
                (f"decode bf16 + weight-only {kind} on {n} linears, device PLE", "batch 1", decode_tok_s(model, steps))
            )
        print(*out[-1], flush=True)
    packed = {
        kind: {id(m): pinned_table(tables[id(m)], kind, torch.bfloat16) for m in ple} for kind in ("fp8", "nvfp4")
    }
    for m in ple:
        m.use_host_table(packed["fp8"][id(m)])
    fake_quantise(model, "fp8")
    out.append(("decode FP8 (dequantised bf16 GEMMs), pinned FP8 PLE", "batch 1", decode_tok_s(model, steps)))
    print(*out[-1], flush=True)
    for m in ple:
        m.host_table = packed["nvfp4"][id(m)]
    fake_quantise(model, "nvfp4")
    out.append(("decode NVFP4 (dequantised bf16 GEMMs), pinned NVFP4 PLE", "batch 1", decode_tok_s(model, steps)))
    print(*out[-1], flush=True)
    for m in ple:
        m.host_table = packed["fp8"][id(m)]
    with swapped(model, functools.partial(swap_linears, keep=keep)) as n:
        out.append((f"decode FP8 with FP8Linear on {n} linears, pinned FP8 PLE", "batch 1", decode_tok_s(model, steps)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--skip-decode", action="store_true")
    parser.add_argument("--skip-micro", action="store_true", help="decode only: no gather or GEMM rows")
    parser.add_argument("--skip-gather", action="store_true", help="no gather rows")
    parser.add_argument("--steps", type=int, default=32)
    args = parser.parse_args()
    torch.manual_seed(0)
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}")
    rows = [] if args.skip_micro or args.skip_gather else bench_gather()
    rows += [] if args.skip_micro else bench_gemm()
    rows += [] if args.skip_decode else bench_decode(args.steps)
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))


if __name__ == "__main__":
    main()
