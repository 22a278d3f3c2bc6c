"""Skinny decode GEMMs on the GPU: the Triton kernel's configurations against cuBLAS at the bench preset's
real linear shapes, checked and timed, with the plan `enable_skinny_gemm` would pick.

The shapes are read off the model built on the meta device with its projections merged as loading
merges them: each merged group's stacked weight, then every plain bias-free `nn.Linear` and router
outside a group. For each shape and row count
(default M = 1, 8, 16): the error of every configuration against the float32 product, next to
cuBLAS's (a configuration is `ok` when it is inside the bound of `tests/model/test_skinny.py` and its
mean error is no larger than cuBLAS's, within 1%), and its time inside a CUDA graph over weight copies
larger than L2 (`model.kernels.skinny.tune_shape`). Then a per-step estimate: each shape's time times
the number of linears of that shape, cuBLAS against the pick. Times are per row bucket (M rounded up
to a power of two, the unit of a plan), measured at the bucket's row count.

    python scripts/gpu/gpu_gemv.py [--preset bench] [--rows 1,8,16] [--json $OUT/gemv.json] [--plans $OUT/plans.json]

`--plans` writes the picked plans (`plans_to_json`), which `enable_skinny_gemm(model,
plans_from_json(...))` takes instead of timing at start-up.
"""

from __future__ import annotations

import argparse
import collections
import json
import time
from pathlib import Path

import torch
import torch.nn.functional as F
import triton

from model.config import Qwen4ExpConfig
from model.fuse import merge_projections, merged_weight
from model.kernels.skinny import (
    ShapeKey,
    SkinnyConfig,
    bucket,
    decode,
    eligible,
    plans_to_json,
    skinny_matmul,
    tune_shape,
)
from model.moe import Router
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM

U = 2.0**-24
HALF_ULP = {torch.bfloat16: 2.0**-8, torch.float16: 2.0**-11, torch.float32: 0.0}


def model_shapes(preset: str, dtype: torch.dtype) -> dict[ShapeKey, list[str]]:
    """(dtype, N, K) -> the names of the GEMMs of that shape a decode step runs (layer indices folded):
    each merged projection group once (`model.fuse`, as loading merges them), then every linear and
    router outside a merged group, routers marked."""
    with torch.device("meta"):
        model = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(preset_config(preset))).to(dtype)
    merge_projections(model)
    shapes: dict[ShapeKey, list[str]] = collections.defaultdict(list)

    def add(name: str, w: torch.Tensor, suffix: str = "") -> None:
        label = ".".join(p for p in name.split(".") if not p.isdigit() and p not in ("model", "layers"))
        shapes[(w.dtype, w.shape[0], w.shape[1])].append(label + suffix)

    in_merged: set[int] = set()
    for name, module in model.named_modules():
        for group in getattr(type(module), "PROJECTIONS", ()):
            merged = merged_weight(module, group)
            if merged is not None:
                add(f"{name}.{group.merged}", merged)
                in_merged.update(id(module.get_submodule(part)) for part in group.parts)
    for name, module in model.named_modules():
        if id(module) not in in_merged and (eligible(module) or isinstance(module, Router)):
            add(name, module.weight, " (F.linear)" if isinstance(module, Router) else "")
    return shapes


def errors(x: torch.Tensor, w: torch.Tensor, got: torch.Tensor) -> tuple[float, float, bool]:
    """Max and mean |got - x @ w^T| against float64, and whether `got` is inside the test bound."""
    exact = F.linear(x.double(), w.double())
    s = x.double().abs() @ w.double().abs().T
    fp32 = (x.shape[1] + 2) * U * s
    err = (got.double() - exact).abs()
    inside = bool((err <= HALF_ULP[x.dtype] * (exact.abs() + fp32) + fp32).all())
    return float(err.max()), float(err.mean()), inside


def check(
    key: ShapeKey, m: int, configs: tuple[SkinnyConfig, ...], device: torch.device
) -> dict[str, tuple[float, float, bool]]:
    """Errors of cuBLAS and of every configuration for `m` rows of one random problem of `key`."""
    dtype, n, k = key
    gen = torch.Generator(device=device).manual_seed(m * 31 + n + k)
    x = torch.randn(m, k, device=device, generator=gen).to(dtype)
    w = (torch.randn(n, k, device=device, generator=gen) / k**0.5).to(dtype)
    out = {"cublas": errors(x, w, F.linear(x, w))}
    for config in configs:
        out[config.label] = errors(x, w, skinny_matmul(x, w, config))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="bench")
    parser.add_argument("--dtype", default="bfloat16", choices=["bfloat16", "float16"])
    parser.add_argument("--rows", default="1,8,16", help="row counts M to time (1..16)")
    parser.add_argument("--json", type=Path, help="write every measurement here")
    parser.add_argument("--plans", type=Path, help="write the picked plans here (plans_to_json)")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        raise SystemExit("gpu_gemv.py needs a CUDA device")
    rows = [int(r) for r in args.rows.split(",")]
    if any(not 1 <= r <= 16 for r in rows):
        raise SystemExit(f"--rows {args.rows}: every M must be in 1..16")
    dtype = getattr(torch, args.dtype)
    device = torch.device("cuda")
    props = torch.cuda.get_device_properties(device)
    print(
        f"{props.name}, L2 {props.L2_cache_size / 2**20:.0f} MiB, torch {torch.__version__}, "
        f"triton {triton.__version__}; preset {args.preset}, {args.dtype}, M = {rows}",
        flush=True,
    )
    shapes = model_shapes(args.preset, dtype)
    buckets = sorted({bucket(m) for m in rows})
    plans, records = {}, []
    step = {m: [0.0, 0.0] for m in rows}  # M -> [cuBLAS µs, picked µs] per decode step
    started = time.perf_counter()
    for key, names in sorted(shapes.items(), key=lambda kv: kv[0][1] * kv[0][2]):
        _, n, k = key
        plan, timings = tune_shape(key, device, buckets)
        plans[key] = plan
        kinds = sorted(set(names))
        print(f"\n== N={n} K={k} ({len(names)}x: {', '.join(kinds)}) {n * k * dtype.itemsize / 1e6:.1f} MB", flush=True)
        print(f"{'M':>3} {'path':<28} {'µs':>8} {'GB/s':>7} {'max err':>9} {'mean err':>9} {'ok':>3}")
        for m in rows:
            b = bucket(m)
            built = tuple(t.config for t in timings if t.m == b and t.config is not None and t.us < float("inf"))
            errs = check(key, m, built, device)
            pick = decode(plan, m)
            moved = (n * k + m * k + m * n) * dtype.itemsize
            base = next(t.us for t in timings if t.m == b and t.config is None)
            for t in (t for t in timings if t.m == b):
                label = "cublas" if t.config is None else t.config.label
                if label not in errs:
                    print(f"{m:>3} {label:<28} not built (out of resources or a compile error)")
                    continue
                emax, emean, inside = errs[label]
                ok = inside and emean <= errs["cublas"][1] * 1.01
                mark = " <- pick" if t.config == pick else ""
                print(
                    f"{m:>3} {label:<28} {t.us:8.2f} {moved / t.us / 1e3:7.0f} {emax:9.2e} {emean:9.2e} "
                    f"{'yes' if ok else 'NO':>3}{mark}"
                )
                records.append(
                    {"n": n, "k": k, "m": m, "path": label, "us": t.us, "gbps": moved / t.us / 1e3}
                    | {"max_err": emax, "mean_err": emean, "ok": ok, "picked": t.config == pick, "names": kinds}
                )
            picked_us = next(t.us for t in timings if t.m == b and t.config == pick)
            step[m][0] += base * len(names)
            step[m][1] += picked_us * len(names)
        if args.json:
            args.json.write_text(json.dumps(records, indent=1))
        if args.plans:
            args.plans.write_text(json.dumps(plans_to_json(plans), indent=1))
    print(f"\nper decode step (every linear of the model once; {time.perf_counter() - started:.0f} s of tuning):")
    print(f"{'M':>3} {'cuBLAS µs':>10} {'picked µs':>10} {'saved µs':>9}")
    for m, (base, picked) in step.items():
        print(f"{m:>3} {base:10.1f} {picked:10.1f} {base - picked:9.1f}")


if __name__ == "__main__":
    main()
