"""Time the fused Triton kernels of one MoE layer's routed experts on CUDA against their roofline.

The geometry of `--preset` (bench: 128 experts, top-10, hidden 2560, intermediate 640; full: 512
experts), bf16, random weights and a random router. For each token count: the error of the torch path (the
per-row oracle, not timed: it syncs with the host) and of the kernels against an fp32 reference of the
same weights, the kernels' µs per call (replayed in a CUDA graph),
the bytes the active experts' weights take and their read time at `--bandwidth` (by default the GPU's own,
`PEAK_BANDWIDTH`), each kernel's share
(a profiler pass), the same for the experts kept quantised and read in place (`--quant`: block FP8
with 128 x 128 `weight_scale_inv`, MXFP8, NVFP4), and, with `--sweep`, the kernels at other tile
shapes. Each sweep times its candidates as listed, then swapped where both GEMMs' N tiles allow
wgmma's 64 rows (`GemmTiles.swap`: the weight tile as the MMA's first operand), then, in the decode class,
split over K (`SPLIT_SWEEP`, `GemmTiles.split_k`); each line gives µs a call, the active experts' bytes
(and x's) per µs, and that as a share of `--bandwidth`; block FP8 also with its multipliers loaded ahead of the
K loops (`AHEAD_SWEEP` at decode, `PREFILL_AHEAD_SWEEP` in the 64-row class, `GemmTiles.scales_ahead`); each
format's fastest candidate is profiled kernel by kernel after its sweep. `--shared` also
times a gated shared expert of intermediate I added both ways: its own down GEMM with the output
added in the sum kernel (`shared_out`), and folded into the down kernel as more row blocks
(`shared`), and folds it into the bf16 sweep, as the model runs it. `--fp8-activations` also times block FP8
with FP8 activations (w8a8, `fused_moe(fp8_activations=True)`; the row `fp8_block w8a8`, its error against
the same fp32 reference: the activations' rounding included).

    python scripts/experiments/bench_fused_moe.py [--preset full] [--tokens 1,8,64,2048] [--quant fp8_block,mxfp8,nvfp4]
        [--sweep] [--quant-sweep] [--shared] [--fp8-activations]
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import functools
from collections.abc import Callable

import torch

from model.config import Qwen4ExpConfig
from model.kernels.fused_moe import FP8_BLOCK, GemmTiles, MoETiles, decode_ahead, default_tiles, fused_moe
from model.moe import Experts, Router
from model.presets import preset_config
from model.quant.experts import PACKABLE
from scripts.experiments.graph_timing import graphed_us

SWEEP = {  # candidates for the tile classes (default_tiles' block_m) that the bench's token counts fall in
    16: [
        MoETiles(16, GemmTiles(bn, bk, w, s), GemmTiles(dn, dk, w, s))
        for bn, bk, dn, dk, w, s in [
            (32, 128, 64, 128, 4, 4),
            (64, 128, 64, 128, 4, 4),
            (32, 256, 32, 128, 4, 3),
            (64, 64, 128, 64, 4, 5),
            (16, 256, 64, 256, 4, 3),
            (64, 128, 128, 128, 8, 3),
        ]
    ]
    # the default gate_up with down tiles that fit the one-token down grid (10 experts and the shared one, 40 N
    # tiles) in one wave: 4 and 7 programs per SM instead of 3 (sm_90 build: 126 / 60 registers, 40 / 30 KB)
    + [MoETiles(16, GemmTiles(32, 128, 4, 4), down) for down in (GemmTiles(64, 128, 4, 3), GemmTiles(64, 64, 4, 4))],
    32: [
        MoETiles(bm, GemmTiles(bn, bk, w, s), GemmTiles(dn, dk, w, s))
        for bm, bn, bk, dn, dk, w, s in [
            (16, 64, 128, 128, 128, 4, 3),
            (32, 64, 128, 128, 128, 4, 3),
            (32, 32, 128, 64, 128, 4, 4),
            (16, 32, 128, 64, 128, 4, 4),
            (32, 64, 64, 128, 64, 4, 4),
        ]
    ],
    64: [  # the full preset's prefill (40 / 80 pairs per expert at 2048 / 4096 tokens)
        MoETiles(bm, GemmTiles(bn, bk, w, st), GemmTiles(dn, dk, w, st))
        for bm, bn, bk, dn, dk, w, st in [
            (64, 64, 64, 128, 64, 4, 4),
            (64, 64, 64, 128, 64, 8, 3),
            (32, 64, 128, 128, 128, 4, 3),
            (64, 128, 64, 128, 64, 8, 3),
        ]
    ],
    128: [
        MoETiles(bm, GemmTiles(bn, bk, w, st), GemmTiles(dn, dk, w, st))
        for bm, bn, bk, dn, dk, w, st in [
            (128, 128, 64, 128, 64, 8, 3),
            (128, 128, 64, 128, 64, 8, 4),
            (128, 64, 64, 128, 64, 8, 4),
            (128, 128, 64, 256, 64, 8, 3),
            (64, 128, 64, 256, 64, 8, 3),
            (64, 128, 64, 128, 64, 8, 4),  # 64-row blocks: 192 rows where 128-row ones pad 160 pairs to 256
            (128, 64, 128, 128, 128, 8, 2),
        ]
    ],
}
QUANT_SWEEP = {  # candidates for the kept formats, by the bf16 tile class (K tiles capped to one scale group)
    16: [
        MoETiles(16, GemmTiles(bn, 128, w, st), GemmTiles(dn, 128, w, st))
        for bn, dn, w, st in [(32, 64, 4, 4), (64, 128, 4, 4), (64, 64, 4, 6), (32, 64, 4, 8), (128, 128, 8, 4)]
    ]
    + [MoETiles(16, GemmTiles(32, 64, 4, 4), GemmTiles(64, 64, 4, 4))],  # NVFP4 without the K-128 tile's spill
    32: [
        MoETiles(bm, GemmTiles(bn, 128, w, st), GemmTiles(dn, 128, w, st))
        for bm, bn, dn, w, st in [(32, 64, 128, 4, 3), (16, 64, 128, 4, 5), (32, 128, 128, 8, 4), (16, 32, 64, 4, 6)]
    ],
    64: [
        MoETiles(bm, GemmTiles(bn, bk, w, st), GemmTiles(dn, bk, w, st))
        for bm, bn, bk, dn, w, st in [
            (64, 64, 64, 128, 4, 4),
            (64, 64, 64, 128, 8, 3),
            (64, 64, 128, 64, 8, 3),
            (32, 64, 128, 64, 4, 4),
            (16, 64, 128, 64, 4, 4),
        ]
    ],
    128: [
        MoETiles(bm, GemmTiles(bn, bk, w, st), GemmTiles(dn, bk, w, st))
        for bm, bn, bk, dn, w, st in [
            (128, 128, 64, 128, 8, 3),
            (64, 64, 64, 128, 4, 4),
            (128, 64, 128, 128, 8, 3),
            (64, 64, 64, 128, 8, 3),  # the 64-row default with 8 warps: no spills (docs/measurements.md)
        ]
    ],
}


# K splits (`GemmTiles.split_k`) for the decode class (16-row blocks), every format: at one token today's tiles run
# 200 gate_up programs of 20 K tiles and 400 down programs of 10, each K tile waiting on its block-FP8 multiplier's
# load (docs/measurements.md, "Split K and multipliers ahead at decode"); S splits run S times the programs of 1/S
# the K tiles.
# Programs resident on an H200 SM (sm_90 builds, block FP8; registers, then programs a SM and on 132 SMs): split
# gate_up 16 x 32 x 128 96, 5, 660; 16 x 64 x 128 142, 3, 396; at 2 warps 138, 7, 924; down 16 x 64 x 64 67, 7, 924;
# 16 x 128 x 64 128, 4, 528. Gate/up split alone, down alone, both, wider tiles, fewer warps, and one past the
# gate_up's residency (800 programs > 660).
SPLIT_SWEEP = [
    MoETiles(16, GemmTiles(bn, 128, w, st, split_k=gs), GemmTiles(dn, dk, dw, dst, split_k=ds))
    for (bn, w, st, gs), (dn, dk, dw, dst, ds) in [
        ((32, 4, 4, 2), (64, 64, 4, 4, 1)),
        ((32, 4, 4, 3), (64, 64, 4, 4, 1)),
        ((32, 4, 4, 1), (64, 64, 4, 4, 2)),
        ((32, 4, 4, 3), (64, 64, 4, 4, 2)),
        ((32, 2, 3, 4), (64, 64, 2, 3, 2)),
        ((64, 4, 4, 3), (128, 64, 4, 4, 2)),
        ((32, 4, 4, 3), (64, 128, 4, 4, 5)),
        ((32, 4, 4, 4), (64, 64, 4, 4, 2)),
        ((32, 4, 4, 5), (64, 64, 4, 4, 5)),
    ]
]


def with_ahead(tiles: MoETiles, acts: bool = True) -> MoETiles:
    """`tiles` with both GEMMs' block-FP8 multipliers loaded before their K loops (`GemmTiles.scales_ahead`), and
    under FP8 activations the rows' activation scales too unless not `acts` (`GemmTiles.act_scales_ahead`)."""
    return dataclasses.replace(
        tiles,
        gate_up=dataclasses.replace(tiles.gate_up, scales_ahead=True, act_scales_ahead=acts),
        down=dataclasses.replace(tiles.down, scales_ahead=True, act_scales_ahead=acts),
    )


# Block FP8 only (N tiles inside one 128-row scale block), the decode class: the multipliers loaded ahead, which
# takes the per-K-tile wait off today's tiles without a split (their 4 stages then keep 3 K tiles in flight a
# program); deeper pipelines and wider tiles beside them; and with the splits above.
AHEAD_SWEEP = [
    with_ahead(MoETiles(16, GemmTiles(bn, 128, w, st), GemmTiles(dn, 64, w, st)))
    for bn, dn, w, st in [(32, 64, 4, 4), (32, 64, 4, 6), (64, 128, 4, 4)]
] + [with_ahead(SPLIT_SWEEP[i]) for i in (0, 3, 4)]


# Block FP8 in the full preset's prefill class (64-row blocks: 40 and 80 pairs an expert at 2048 and 4096 tokens),
# where each program loops 40 gate_up K tiles (10 down) each waiting on its multipliers' load (docs/measurements.md,
# "Multipliers ahead at prefill"): today's tiles with them loaded ahead, a deeper pipeline, 8 warps, a wider gate_up
# tile, 128-deep K tiles, a 64-wide down tile at 6 stages (sm_90 builds, all unspilled: 87-209 registers, 28-115 KB).
PREFILL_AHEAD_SWEEP = [
    with_ahead(MoETiles(bm, GemmTiles(bn, bk, w, st), GemmTiles(dn, bk, w, st)))
    for bm, bn, bk, dn, w, st in [
        (64, 64, 64, 128, 4, 4),
        (64, 64, 64, 128, 4, 5),
        (64, 64, 64, 128, 8, 3),
        (64, 128, 64, 128, 8, 3),
        (64, 64, 128, 128, 8, 3),
        (64, 64, 64, 64, 4, 6),
    ]
]
# FP8 activations: the multipliers ahead but the rows' activation scales loaded in the loop, whose per-K-tile pick
# from the preloaded ones is a cross-lane reduction (sm_90 gate_up loop: 386 PTX lines against 826 with it)
PREFILL_WEIGHT_AHEAD_SWEEP = [with_ahead(c, acts=False) for c in PREFILL_AHEAD_SWEEP[:3]]


def ahead_sweep(fmt: str, block_m: int) -> list[MoETiles]:
    """The multipliers-ahead candidates for block FP8 (`fmt` "fp8_block" or "fp8_block w8a8") in a tile class."""
    if not fmt.startswith("fp8_block"):
        return []
    if block_m == 16:
        return AHEAD_SWEEP
    if block_m == 64:
        return PREFILL_AHEAD_SWEEP + (PREFILL_WEIGHT_AHEAD_SWEEP if fmt.endswith("w8a8") else [])
    return []


def with_swapped(candidates: list[MoETiles]) -> list[MoETiles]:
    """The candidates, then each one swapped whose GEMMs' N tiles are multiples of wgmma's 64 rows."""
    swapped = [
        dataclasses.replace(
            c, gate_up=dataclasses.replace(c.gate_up, swap=True), down=dataclasses.replace(c.down, swap=True)
        )
        for c in candidates
        if c.gate_up.block_n % 64 == 0 and c.down.block_n % 64 == 0
    ]
    return candidates + swapped


def shared_expert(x: torch.Tensor, experts: Experts) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """A random gated shared expert of the experts' intermediate size: activation, gate, down projection."""
    _, hidden, inter = experts.down_proj.shape
    s = torch.randn(x.shape[0], inter, device=x.device).bfloat16()
    g = torch.randn(x.shape[0], 1, device=x.device).bfloat16()
    w_s = (torch.randn(hidden, inter, device=x.device) * inter**-0.5).bfloat16()
    return s, g, w_s


def shared_times(x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor, experts: Experts, iters: int) -> None:
    """A random gated shared expert: added after its own GEMM, or folded."""
    s, g, w_s = shared_expert(x, experts)
    w = (experts.gate_up_proj, experts.down_proj)

    def added() -> torch.Tensor:
        return fused_moe(x, weights, ids, *w, shared_out=(torch.nn.functional.linear(s, w_s), g))

    folded = functools.partial(fused_moe, x, weights, ids, *w, shared=(s, g, w_s))
    diff = float((added() - folded()).abs().max())
    for name, fn in (("added", added), ("folded", folded)):
        print(f"  shared T={x.shape[0]} {name}: {graphed_us(fn, iters):.1f} us; {kernel_breakdown(fn)}")
    print(f"  shared T={x.shape[0]}: max difference {diff:.3g}")


def kernel_breakdown(fn: Callable[[], torch.Tensor], calls: int = 10) -> str:
    """µs per call of each fused-MoE kernel, from a profiler pass over `calls` eager calls."""
    fn()
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            fn()
        torch.cuda.synchronize()
    parts = []
    for evt in prof.key_averages():
        if evt.key.startswith("_") and evt.key.endswith("_kernel"):
            us = getattr(evt, "device_time_total", None) or evt.cuda_time_total
            parts.append(f"{evt.key} {us / calls:.1f}")
    return ", ".join(sorted(parts))


PEAK_BANDWIDTH = {"H200": 4.8e12, "H100": 3.35e12}  # bytes/s by a name's model (SXM parts)


def peak_bandwidth(name: str) -> float:
    """The roofline's bytes/s for the GPU named `name` (`PEAK_BANDWIDTH`), the H200's where unknown."""
    return next((bw for model, bw in PEAK_BANDWIDTH.items() if model in name), PEAK_BANDWIDTH["H200"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="bench", choices=("bench", "full"), help="the MoE geometry")
    parser.add_argument("--tokens", default="1,8,64,2048")
    parser.add_argument("--iters", type=int, default=50)
    parser.add_argument("--bandwidth", type=float, help="bytes/s of the roofline (default: the GPU's, by its name)")
    parser.add_argument("--sweep", action="store_true", help="also time the kernels at other tiles")
    parser.add_argument("--quant-sweep", action="store_true", help="also time the kept formats' kernels at other tiles")
    parser.add_argument("--shared", action="store_true", help="also time a shared expert added and folded")
    parser.add_argument("--quant", default=",".join(PACKABLE), help="kept expert formats to time (comma-separated)")
    parser.add_argument("--fp8-activations", action="store_true", help="also time block FP8 with FP8 activations")
    args = parser.parse_args()
    args.bandwidth = args.bandwidth or peak_bandwidth(torch.cuda.get_device_name())
    torch.manual_seed(0)
    cfg = Qwen4ExpConfig.from_dict(preset_config(args.preset))
    dev = torch.device("cuda")
    experts = Experts(cfg).to(dev, torch.bfloat16).eval()
    router = Router(cfg).to(dev, torch.bfloat16).eval()
    with torch.no_grad():
        for p in (*experts.parameters(), *router.parameters()):
            p.copy_(torch.randn(p.shape, device=dev) * p.shape[-1] ** -0.5)
    ref_experts = copy.deepcopy(experts).float()
    kept = {}  # format -> (fused_moe's weight arguments, fp32 experts on the weights they stand for, bytes per expert)
    for fmt in args.quant.split(","):
        packed = copy.deepcopy(experts)
        packed.pack(fmt)
        exact = copy.deepcopy(ref_experts)
        with torch.no_grad():
            for param, dense in zip(
                (exact.gate_up_proj, exact.down_proj), packed.dense_weights(torch.float32), strict=True
            ):
                param.copy_(dense)
        stored = [t for t in (*packed.parameters(), *packed.buffers()) if t is not None]
        wts = {"gate_up_proj": packed.gate_up_proj, "down_proj": packed.down_proj, **packed.stored()}
        kept[fmt] = (wts, exact, sum(t[0].nbytes for t in stored))
        if fmt == "fp8_block" and args.fp8_activations:
            kept["fp8_block w8a8"] = (wts | {"fp8_activations": True}, exact, kept[fmt][2])
    e, two_i, hidden = experts.gate_up_proj.shape
    expert_bytes = experts.gate_up_proj[0].nbytes + experts.down_proj[0].nbytes
    print(
        f"{torch.cuda.get_device_name()}, torch {torch.__version__}; E={e} k={cfg.num_experts_per_tok} "
        f"H={hidden} I={two_i // 2} bf16, {args.iters} graphed iterations per timing"
    )
    rows, quant_rows = [], {fmt: [] for fmt in kept}
    for tokens in (int(t) for t in args.tokens.split(",")):
        x = torch.randn(tokens, hidden, device=dev).bfloat16()
        with torch.no_grad():
            weights, ids = router(x)
            ref = ref_experts.reference(x.float(), weights.float(), ids)
            errs = []
            for path in (experts.reference, experts.forward):
                err = (path(x, weights, ids).float() - ref).abs()
                errs.append((float(err.max()), float(err.mean())))
            active = int(ids.unique().numel())
            floor_us = (active * expert_bytes + 2 * x.nbytes) / args.bandwidth * 1e6
            kernel_us = graphed_us(functools.partial(experts, x, weights, ids), args.iters)
            rows.append((tokens, active, floor_us, kernel_us, errs))
            print(f"  breakdown T={tokens} bf16: {kernel_breakdown(functools.partial(experts, x, weights, ids))}")
            for fmt, (wts, exact, nbytes) in kept.items():
                run = functools.partial(fused_moe, x, weights, ids, **wts)
                err = (run().float() - exact.reference(x.float(), weights.float(), ids)).abs()
                floor = (active * nbytes + 2 * x.nbytes) / args.bandwidth * 1e6
                us = graphed_us(run, args.iters)
                quant_rows[fmt].append((tokens, floor, us, float(err.max()), float(err.mean())))
                print(f"  breakdown T={tokens} {fmt}: {kernel_breakdown(run)}")
            if args.shared:
                shared_times(x, weights, ids, experts, args.iters)
            tiles = default_tiles(ids.numel() / e)
            sweeps = []
            if args.sweep:
                bf16 = {"gate_up_proj": experts.gate_up_proj, "down_proj": experts.down_proj}
                if args.shared:  # as the model runs it: the shared expert's rows in the down kernel
                    bf16["shared"] = shared_expert(x, experts)
                split = SPLIT_SWEEP if tiles.block_m == 16 else []
                sweeps += [("bf16", cand, bf16) for cand in with_swapped(SWEEP[tiles.block_m]) + split]
            if args.quant_sweep:
                quant = with_swapped(QUANT_SWEEP[tiles.block_m]) + (SPLIT_SWEEP if tiles.block_m == 16 else [])
                sweeps += [
                    (fmt, cand, wts)
                    for fmt, (wts, _, _) in kept.items()
                    for cand in quant + ahead_sweep(fmt, tiles.block_m)
                ]
            best: dict[str, tuple[float, MoETiles, dict]] = {}
            for kind, cand, wts in sweeps:
                run = functools.partial(fused_moe, x, weights, ids, tiles=cand, **wts)
                diff = float((run() - fused_moe(x, weights, ids, **wts)).abs().max())
                ahead = decode_ahead(tokens, wts.get("quant"), wts.get("block", FP8_BLOCK), two_i // 2)
                chosen = default_tiles(
                    ids.numel() / e, wts.get("quant"), fp8_activations=kind.endswith("w8a8"), ahead=ahead
                )
                mark = " (default)" if cand == chosen else ""
                us = graphed_us(run, args.iters)
                if us < best.get(kind, (float("inf"),))[0]:
                    best[kind] = (us, cand, wts)
                moved = active * (expert_bytes if kind == "bf16" else kept[kind][2]) + 2 * x.nbytes
                print(
                    f"  sweep {kind} T={tokens}: {us:8.1f} us, {moved / us / 1e3:6.0f} GB/s, "
                    f"{moved / args.bandwidth * 1e6 / us:4.0%} of {args.bandwidth / 1e12:.1f} TB/s, "
                    f"max diff to the default {diff:.3g}, {cand}{mark}",
                    flush=True,
                )
            for kind, (us, cand, wts) in best.items():  # where the fastest candidate's time goes, kernel by kernel
                run = functools.partial(fused_moe, x, weights, ids, tiles=cand, **wts)
                print(f"  fastest {kind} T={tokens}: {us:.1f} us, {cand}; {kernel_breakdown(run)}", flush=True)
        print(f"T={tokens}: done", flush=True)
    print(
        f"\n| tokens | active experts | weight bytes MB | roofline us (at {args.bandwidth / 1e12:.1f} TB/s) | "
        "kernel us | kernel share of roofline | max / mean err torch | max / mean err kernel |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for tokens, active, floor_us, kernel_us, errs in rows:
        print(
            f"| {tokens} | {active} | {active * expert_bytes / 1e6:.1f} | {floor_us:.1f} | "
            f"{kernel_us:.1f} | {floor_us / kernel_us:.0%} | "
            f"{errs[0][0]:.3g} / {errs[0][1]:.3g} | {errs[1][0]:.3g} / {errs[1][1]:.3g} |"
        )

    print(
        "\n| format | tokens | roofline us | kernel us | share of roofline | vs bf16 kernel | "
        "max / mean err (vs fp32 on the dequantised weights) |"
    )
    print("|---|---|---|---|---|---|---|")
    for fmt, fmt_rows in quant_rows.items():
        for (tokens, floor_us, us, err_max, err_mean), row in zip(fmt_rows, rows, strict=True):
            print(
                f"| {fmt} | {tokens} | {floor_us:.1f} | {us:.1f} | {floor_us / us:.0%} | {row[3] / us:.2f}x | "
                f"{err_max:.3g} / {err_mean:.3g} |"
            )


if __name__ == "__main__":
    main()
