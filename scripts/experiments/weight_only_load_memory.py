"""Peak host memory and time of a weight-only load whose routed experts dominate the checkpoint.

Enlarges the compressed-tensors FP8 fixture (`tests/fixtures/quant/llmc-fp8`) to `--experts` experts of
intermediate size `--intermediate` (random E4M3 codes, per-tensor scales as the fixture stores them),
then loads it with `load_model(..., dtype=float32, weight_only=True)` in a fresh process per repeat and
prints its peak RSS and load seconds. The experts' stored bytes are a quarter of their float32 size,
so a load that never holds them dense peaks near the stored size. Usage:
`PYTHONPATH=. python scripts/experiments/weight_only_load_memory.py [--experts 128] [--intermediate 4096]
[--repeats 2]`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "quant" / "llmc-fp8"
MEASURE = """
import resource, sys, time
import torch
from model.checkpoint.loader import load_model
t = time.perf_counter()
load_model(sys.argv[1], dtype=torch.float32, weight_only=True)
print(f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} {time.perf_counter() - t:.1f}")
"""


def enlarge(out: Path, experts: int, intermediate: int) -> float:
    """Write the enlarged checkpoint to `out`; returns its expert parameters in billions."""
    config = json.loads((FIXTURE / "config.json").read_text())
    config["num_experts"], config["moe_intermediate_size"] = experts, intermediate
    (out / "config.json").write_text(json.dumps(config))
    g = torch.Generator().manual_seed(0)
    state = {k: v for k, v in load_file(FIXTURE / "model.safetensors").items() if ".mlp.experts." not in k}
    hidden = config["hidden_size"]
    for key in [k for k in state if k.endswith("mlp.gate.weight")]:
        state[key] = (torch.randn(experts, hidden, generator=g) * 0.1).to(state[key].dtype)
    count = 0
    for layer in range(config["num_hidden_layers"]):
        for e in range(experts):
            for proj, shape in (
                ("gate", (intermediate, hidden)),
                ("up", (intermediate, hidden)),
                ("down", (hidden, intermediate)),
            ):
                module = f"model.layers.{layer}.mlp.experts.{e}.{proj}_proj"
                codes = torch.randint(0, 255, shape, dtype=torch.uint8, generator=g)
                state[f"{module}.weight"] = torch.where((codes & 0x7F) == 0x7F, codes - 1, codes).view(
                    torch.float8_e4m3fn
                )
                state[f"{module}.weight_scale"] = torch.tensor([0.01], dtype=torch.bfloat16)
                state[f"{module}.input_scale"] = torch.tensor([0.02], dtype=torch.bfloat16)
                count += codes.numel()
    save_file(state, str(out / "model.safetensors"))
    return count / 1e9


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--experts", type=int, default=128)
    p.add_argument("--intermediate", type=int, default=4096)
    p.add_argument("--repeats", type=int, default=2)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        params = enlarge(Path(tmp), args.experts, args.intermediate)
        print(f"{params:.3f} G expert parameters: {params:.2f} GB stored (E4M3), {4 * params:.2f} GB in float32")
        for _ in range(args.repeats):
            run = subprocess.run([sys.executable, "-c", MEASURE, tmp], capture_output=True, text=True, check=True)
            rss, seconds = run.stdout.split()
            print(f"weight-only load: peak RSS {rss} GiB, {seconds} s")


if __name__ == "__main__":
    main()
