"""Run by `test_bank_peak.py` in a fresh process: load a checkpoint with host expert banks, by the loader
(`banks`) or as the old path did (`offload`: load everything, then copy each layer's stacks into banks),
sampling the process's anonymous resident memory (`RssAnon`: the checkpoint's memory-mapped pages are
file pages, not counted) every 0.2 ms, and print what the load added at its peak and what the loaded model holds."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import torch
from safetensors import safe_open

from model.checkpoint.expert_banks import stored_bytes
from model.checkpoint.loader import load_model
from model.expert_placement import ExpertGeometry, ExpertPlacement, place_experts
from model.moe import Experts


def anon_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("RssAnon:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no RssAnon in /proc/self/status")


class PeakSampler:
    """The highest `RssAnon` seen while running, sampled from a thread."""

    def __init__(self) -> None:
        self.peak, self.done = anon_bytes(), threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.done.is_set():
            self.peak = max(self.peak, anon_bytes())
            time.sleep(0.0002)

    def __enter__(self) -> PeakSampler:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.thread.join()
        self.peak = max(self.peak, anon_bytes())


def main(path: Path, warmup: Path, mode: str, slots: int, resident: int) -> None:
    def place(g: ExpertGeometry) -> ExpertPlacement:
        layer = g.layers * g.expert_bytes
        return place_experts(
            g.layers, g.experts, g.expert_bytes, g.top_k, slots * layer, (g.experts - resident) * layer
        )

    sys.setswitchinterval(1e-5)  # the sampler gets the GIL between the loader's steps
    load_model(warmup, place_experts=place)  # the modules a load imports are not what it holds
    start = anon_bytes()
    with PeakSampler() as sampler:
        if mode == "banks":
            model = load_model(path, place_experts=place)
        else:
            model = load_model(path)
            for module in [m for m in model.modules() if isinstance(m, Experts)]:
                module.offload(slots, range(resident))
    caches = [m.cache for m in model.modules() if isinstance(m, Experts)]
    held = sum(t.nbytes for t in (*model.parameters(), *model.buffers())) + sum(c.host_bytes() for c in caches)
    with safe_open(str(path / "model.safetensors"), framework="pt") as f:
        largest = max(stored_bytes([f.get_slice(k)]) for k in f.keys())
    print(json.dumps({"peak": sampler.peak - start, "held": held, "largest": largest}))


if __name__ == "__main__":
    torch.set_num_threads(1)
    main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
