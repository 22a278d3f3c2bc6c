"""`qcompile bench`'s markdown report: the decode table with its setup, prefill, and profiles, from the
result dict that `bench.run` returns (and writes as JSON)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

TOP_KERNELS = 12  # kernels listed per profile in the table (the JSON keeps every one)


def table(result: dict[str, Any]) -> str:
    """The result as one markdown table, with the setup above it."""
    from model.kernels import PDL_ENV

    batches: Sequence[int] = result["batches"]
    roof = result["roofline_tok_s"]
    anchor_tok_s = result["anchor_tok_s"]
    based = any(r["ratio"] for r in result["rows"])  # the base (eager + full_decode_only) runs on CUDA only
    lines = [
        f"{result['preset']} preset, {result['dtype']}, {kv_pages(result)}"
        + (f", {result['quant_experts']} experts" if result["quant_experts"] else "")
        + ("" if result["merge"] else ", projections not merged (--no-merge)")
        + "".join(f", inductor {name}={value!r}" for name, value in result["inductor_config"])
        + (", warm compile loaded from --aot-dir" if result.get("aot_dir") else "")
        + ("" if result.get("pdl", True) else f", kernels launched plainly ({PDL_ENV}=0)")
        + f", {result['device']}, torch {result['torch']}; "
        f"context {result['context']} tokens, {_contexts(result)}, {result['steps']} timed decode steps; "
        f"copy bandwidth {result['copy_bandwidth_gb_s']:.0f} GB/s.",
        _experts_line(result),
        "A decode step reads "
        + ", ".join(f"{result['step_gb'][b]:.3f} GB at batch {b}" for b in batches)
        + " (weights, the experts touched only) → roofline "
        + ", ".join(f"{roof[b]:.0f}" for b in batches)
        + " tok/s (% roofline below); at the uniform expectation "
        + ", ".join(f"{result['expected_step_gb'][b]:.3f} GB" for b in batches)
        + " → "
        + ", ".join(f"{result['expected_roofline_tok_s'][b]:.0f}" for b in batches)
        + " tok/s.",
        "transformers eager anchor (batch 1, after a "
        f"{result['anchor_prefill']}-token prefill): " + (f"{anchor_tok_s:.1f} tok/s." if anchor_tok_s else "not run."),
        "",
        "| scope | cudagraph | "
        + " | ".join(f"batch {b} tok/s ({'× base, ' if based else ''}% roofline)" for b in batches)
        + " | compile s | warmup s | capture s | graphs | graph pool GiB | capture device GiB |",
        "|---|---|" + "---|" * len(batches) + "---|---|---|---|---|---|",
    ]
    for r in result["rows"]:
        cells = []
        for b in batches:
            ratio = r["ratio"].get(b)
            cells.append(
                f"{r['tok_s'][b]:.1f} ({ratio:.2f}×, {100 * r['roofline_share'][b]:.1f}%)"
                if ratio
                else f"{r['tok_s'][b]:.1f} ({100 * r['roofline_share'][b]:.1f}%)"
            )
        lines.append(
            f"| {r['scope']} | {r['mode']} | "
            + " | ".join(cells)
            + f" | {r['compile_s']:.1f} | {r['warmup_s']:.1f} | {r['capture_s']:.1f} | {r['graphs']}"
            f" | {r['graph_gib']:.3f} | {r['device_gib']:.3f} |"
        )
    lines.append("")
    state_roof = result["state_roofline_tok_s"]
    lines.append(
        ("base: no-compile + full_decode_only. " if based else "")
        + f"warmup s: untimed first decode steps. With the state a request "
        f"moves per step ({result['state_gb_per_request'] * 1e3:.1f} MB: GDN state and conv tails read and written, "
        "the QSA scan and the K/V rows it keeps read) the roofline is "
        + ", ".join(f"{state_roof[b]:.0f}" for b in batches)
        + " tok/s."
    )
    lines += _prefill_table(result) + _expert_cache_table(result) + _profile_table(result)
    lines.append(f"\ntotal {result['total_s']:.0f} s.")
    return "\n".join(lines)


def kv_pages(result: dict[str, Any]) -> str:
    """What the K/V pages hold, as `--kv-cache-dtype` chose: the model's dtype, or E4M3 codes and scales."""
    kv = result["kv_cache_dtype"]
    return f"{result['dtype']} K/V" if kv == "auto" else f"{kv} K/V (E4M3 codes, float32 scales)"


def _contexts(result: dict[str, Any]) -> str:
    """How many contexts the requests were prefilled with: one each, or fewer repeated."""
    slots = max(result["batches"])
    if result["contexts"] >= slots:
        return "one context and first token per request"
    return f"{result['contexts']} distinct contexts repeated over {slots} requests (--contexts), first tokens distinct"


def _experts_line(result: dict[str, Any]) -> str:
    """Routed experts a decode step touched per MoE layer, beside the uniform expectation E·(1 − (1 − k/E)^B)."""
    k, e = result["experts"]
    touched, expected = result["experts_touched"], result["experts_expected"]
    gb, expected_gb = result["expert_gb"], result["expected_expert_gb"]
    return (
        f"Routed experts touched per MoE layer per decode step (top-{k} of {e}; uniform expectation "
        f"E·(1 − (1 − k/E)^B) in brackets): "
        + ", ".join(f"{touched[b]:.1f} ({expected[b]:.1f}) at batch {b}" for b in result["batches"])
        + "; expert bytes read per step: "
        + ", ".join(f"{gb[b]:.4g} GB ({expected_gb[b]:.4g})" for b in result["batches"])
        + "."
    )


def _prefill_table(result: dict[str, Any]) -> list[str]:
    """Prefill per scope without graphs, and per mode that ran it through piecewise graphs."""
    shapes: list[str] = result["prefill_shapes"]
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for r in result["rows"]:
        if r["prefill_tok_s"]:
            key = (r["scope"], r["mode"] + " (piecewise graphs)" if r.get("prefill_graphed") else "none")
            seen.setdefault(key, r)
    if not shapes or not seen:
        return []
    head = (
        "| scope | prefill runs | "
        + " | ".join(f"prefill {s} tok/s (host / wall ms a call)" for s in shapes)
        + " | compile s | warm compile s |"
    )
    lines = ["", head, "|---|---|" + "---|" * (len(shapes) + 2)]
    for (scope, how), r in seen.items():
        warm = r["warm_compile_s"]
        lines.append(
            f"| {scope} | {how} | "
            + " | ".join(_prefill_cell(r, s) for s in shapes)
            + f" | {r['compile_s']:.1f} | {'-' if warm is None else f'{warm:.1f}'} |"
        )
    return lines


def _prefill_cell(row: dict[str, Any], shape: str) -> str:
    host, wall = row.get("prefill_host_ms", {}).get(shape), row.get("prefill_wall_ms", {}).get(shape)
    times = "" if host is None or wall is None else f" ({host:.1f} / {wall:.1f})"
    return f"{row['prefill_tok_s'][shape]:.0f}{times}"


def _expert_cache_table(result: dict[str, Any]) -> list[str]:
    """With --moe-expert-cache (`bench_experts`): the placement, then a row per step measured, at the routing's
    own hit rate and at each forced one."""
    cache = result.get("expert_cache")
    if not cache:
        return []
    link = cache["link_gb_s"]
    lines = [
        "",
        f"Experts in host banks (--moe-expert-cache {cache['option']}): {cache['summary']}; copy kernel "
        + ("-" if link is None else f"{link:.3g} GB/s")
        + " host bank -> device slots"
        + ("" if result.get("device_peak_gib") is None else f"; device peak {result['device_peak_gib']:.2f} GiB")
        + (f"; PLE table at the {cache['ple_from']} preset's size" if cache.get("ple_from") else "")
        + ". Forced rates: timing only, outputs wrong.",
        "",
        "| scope | cudagraph | hit rate asked | step | tok/s | hit rate | misses/step | MB copied/step | copy GB/s "
        "| experts/layer | link-bound tok/s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in result["rows"]:
        runs = [("own", r["expert_cache"]), *((f"{t}", by) for t, by in r["forced"].items())]
        for asked, measured in runs:
            for step, s in measured.items():
                bound = "-" if s["link_bound_tok_s"] is None else f"{s['link_bound_tok_s']:.1f}"
                lines.append(
                    f"| {r['scope']} | {r['mode']} | {asked} | {step} | {s['tok_s']:.1f} | {s['hit_rate']:.3f} | "
                    f"{s['misses_per_step']:.1f} | {s['copied_mb_per_step']:.1f} | {s['copy_gb_s']:.3g} | "
                    f"{s['experts_per_layer']:.1f} | {bound} |"
                )
    return lines


def _profile_table(result: dict[str, Any]) -> list[str]:
    """Kernels per step, GPU-busy share and device µs per kernel class, per profiled row and batch."""
    profiled = [(r, int(b), p) for r in result["rows"] for b, p in r["profile"].items()]
    if not profiled:
        return []
    classes = sorted({c for _, _, p in profiled for c in p["classes_us"]})
    lines = ["", "| scope | cudagraph | batch | kernels/step | device µs/step | busy | " + " | ".join(classes) + " |"]
    lines.append("|---|---|---|---|---|---|" + "---|" * len(classes))
    for r, b, p in profiled:
        lines.append(
            f"| {r['scope']} | {r['mode']} | {b} | {p['kernels']:.0f} | {p['device_us']:.0f} | "
            f"{100 * p['busy_share']:.0f}% | "
            + " | ".join(f"{p['classes_us'].get(c, 0.0):.0f}" for c in classes)
            + " |"
        )
    lines.append("")
    for r, b, p in profiled:
        lines.append(f"top kernels, {r['scope']}/{r['mode']} batch {b} (calls/step, µs/step):")
        lines += [f"  {calls:6.1f} {us:9.1f}  {name}" for name, calls, us in p["top"][:TOP_KERNELS]]
    for r in result["rows"]:
        for shape, p in r.get("prefill_profile", {}).items():
            lines.append(f"prefill {shape}, {r['scope']}/{r['mode']}: {p['device_us']:.0f} µs per call (calls, µs):")
            lines += [f"  {calls:6.1f} {us:9.1f}  {name}" for name, calls, us in p["top"][:TOP_KERNELS]]
    return lines


def write_json(result: dict[str, Any], path: Path | None) -> None:
    """Write the result as JSON where `--json` says; nowhere without it."""
    if path is None:
        return
    path.write_text(json.dumps(result, indent=2))
    print(f"\nwrote {path}")
