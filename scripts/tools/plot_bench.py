"""Draw docs/bench_h200.png from docs/bench_h200.csv: decode tokens/s per batch size, one bar per configuration.

The CSV holds the H200 decode history, one row per change with the commit it was measured at (the
commands of older rows are in the git history of docs/measurements.md). Needs matplotlib: `pip install matplotlib`.

    python scripts/tools/plot_bench.py [--csv docs/bench_h200.csv] [--out docs/bench_h200.png]
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--csv", type=Path, default=ROOT / "docs" / "bench_h200.csv")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "bench_h200.png")
    args = parser.parse_args()

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rates: dict[str, dict[int, float]] = defaultdict(dict)
    commits: dict[str, str] = {}
    with args.csv.open() as f:
        for row in csv.DictReader(f):
            rates[row["configuration"]][int(row["batch"])] = float(row["tok_s"])
            commits[row["configuration"]] = row["commit"]
    batches = sorted({b for r in rates.values() for b in r})
    names = list(rates)
    colors = {n: "0.8" if commits[n] == "roofline" else f"C{i}" for i, n in enumerate(names)}
    legend_rows = -(-len(names) // 2)  # two legend columns under the plots
    fig, axes = plt.subplots(1, len(batches), figsize=(4 * len(batches), 2.8 + 0.18 * legend_rows))
    for ax, batch in zip(axes, batches, strict=True):
        shown = [n for n in names if batch in rates[n]]
        for i, n in enumerate(shown):
            ax.bar(i, rates[n][batch], color=colors[n], label=n if commits[n] == "roofline" else f"{n} ({commits[n]})")
            ax.text(i, rates[n][batch], f"{rates[n][batch]:.0f}", ha="center", va="bottom", fontsize=8)
        ax.set_title(f"batch {batch}")
        ax.set_xticks([])
        ax.set_ylabel("decode tokens/s")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=2, fontsize=8, frameon=False)
    fig.suptitle("Qwen4-Exp bench preset on one H200 (bf16, 2k context, FULL decode graphs)")
    fig.tight_layout(rect=(0, 0.18 * legend_rows / (2.8 + 0.18 * legend_rows) + 0.02, 1, 1))
    fig.savefig(args.out, dpi=110, bbox_inches="tight")  # the long legend labels widen the figure
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
