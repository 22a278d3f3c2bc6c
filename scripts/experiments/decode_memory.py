"""Peak temporary memory of one uniform decode step: what a FULL CUDA graph's pool must hold.

Tracks every storage an op allocates during the step until it is freed, and reports the peak of live
bytes with the ops that hold them at the peak. Runs on CPU (no GPU needed) with the bench preset's
per-layer geometry: fewer layers, a small vocabulary and PLE table, none of which changes decode
temporaries (layers run one after another). Usage: `python scripts/experiments/decode_memory.py [--batches 1,64]`.
"""

from __future__ import annotations

import argparse
import collections
import sys
import weakref
from pathlib import Path

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from model.config import Qwen4ExpConfig
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.commands.workload import decode_batch


class Tracker(TorchDispatchMode):
    """Live bytes of storages created under it (`known` ones, parameters and state, excluded)."""

    def __init__(self, known: set[int]) -> None:
        super().__init__()
        self.known = known
        self.live: dict[int, tuple[int, str]] = {}
        self.now = self.peak = 0
        self.at_peak: list[tuple[int, str]] = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        for t in tree_flatten(out)[0]:
            if isinstance(t, torch.Tensor):
                s = t.untyped_storage()
                key = s.data_ptr()
                if key in self.known or key in self.live or s.nbytes() == 0:
                    continue
                self.live[key] = (s.nbytes(), str(func))
                self.now += s.nbytes()
                weakref.finalize(s, self._free, key)
                if self.now > self.peak:
                    self.peak, self.at_peak = self.now, list(self.live.values())
        return out

    def _free(self, key: int) -> None:
        n, _ = self.live.pop(key)
        self.now -= n


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--batches", default="1,4,8,16,64")
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--context", type=int, default=2074)
    args = p.parse_args()
    cfg = preset_config("bench")
    cfg.update(
        num_hidden_layers=args.layers,
        layer_types=cfg["layer_types"][: args.layers],
        vocab_size=4096,
        eos_token_id=4000,
        ngram_vocab_size_base=1000,
        split_ngram_parts=2,
    )
    torch.manual_seed(0)
    with torch.device("cpu"):
        model = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(cfg)).to(torch.bfloat16).eval().requires_grad_(False)
    slots = max(int(b) for b in args.batches.split(","))
    model.init_state(max_num_seqs=slots, max_model_len=args.context)
    known = {t.untyped_storage().data_ptr() for t in [*model.parameters(), *model.buffers()]}
    for n in (int(b) for b in args.batches.split(",")):
        batch = decode_batch(model, [7] * n, [args.context - 8] * n)
        tracker = Tracker(known)
        with torch.no_grad(), model.context(batch), tracker:
            model(*batch.tensors())
        by_op: collections.Counter[str] = collections.Counter()
        for nbytes, op in tracker.at_peak:
            by_op[op] += nbytes
        top = ", ".join(f"{op} {b / 2**20:.0f}" for op, b in by_op.most_common(6))
        print(f"batch {n}: peak {tracker.peak / 2**20:.0f} MiB ({top})", flush=True)


if __name__ == "__main__":
    main()
