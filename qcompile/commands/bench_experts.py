"""`qcompile bench --moe-expert-cache`: what host expert banks cost a decode step or a prefill, beside its
tokens/s, and how close that is to the host link's limit.

The caches' counters (`model.expert_cache.ExpertCache.counters`: lookups served from the slots, misses,
bytes copied) are read around the timed steps only (`workload.decode_rate`'s and `time_prefill`'s
`at_timing`), summed over the MoE layers, and reported per step (a decode step, or a prefill call):
the hit rate, misses, bytes copied and the GB/s they took over the step's time, and the distinct experts
a layer looked up. The link-bound ceiling is the tokens/s a step would reach if copying its misses at
the measured copy kernel's GB/s (host bank -> device slots, `link_bandwidth`) were all it did: a
number near it is bound by PCIe, one far below it by the rest of the step.

`--timing-only-forced-hit-rates` measures again with a target hit rate `h` forced: the caches serve
`(h - own) / (1 - own)` of their misses from whatever a slot holds, with no copy (`force_hit_rate_for_
timing_only`; WRONG OUTPUTS, timing only), `own` the hit rate measured at that batch or shape just before,
so the measured rate lands near `h` (it is reported beside it). Forcing is switched on at a share of 0
before anything is compiled or captured (that plans exactly what no forcing plans) and the share is
read from the device, so CUDA graphs replay each share without a new capture.
"""

from __future__ import annotations

import logging
import statistics
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import torch

from model.expert_cache import BYTES, HITS, MISSES, copy_rows
from model.moe import Experts

if TYPE_CHECKING:
    from model.expert_cache import ExpertCache

LINK_ROWS = 32  # experts a link-bandwidth sample copies (157 MB of the published geometry's block FP8)


def model_caches(model: torch.nn.Module) -> list[ExpertCache]:
    """The expert caches of `model`'s MoE layers (none when its experts are resident)."""
    return [m.cache for m in model.modules() if isinstance(m, Experts) and m.cache is not None]


def forced_share(target: float, own: float) -> float:
    """The share of misses to serve with no copy so that `own` hits become `target` (0 at or above it)."""
    if own >= target or own >= 1.0:
        return 0.0
    return min(1.0, (target - own) / (1.0 - own))


def link_bandwidth(cache: ExpertCache) -> float | None:
    """Bytes/s of the copy a miss takes (`copy_rows`: the kernel on CUDA), host bank rows into device
    slots, median of 5 copies of up to `LINK_ROWS` experts into scratch slots; None with no host bank."""
    rows = min(LINK_ROWS, next(iter(cache.banks.values())).shape[0])
    if rows == 0:
        return None
    held = cache.slot_tensors()
    scratch = [(bank, held[name].new_empty((rows, *held[name].shape[1:]))) for name, bank in cache.banks.items()]
    device = scratch[0][1].device
    sources = torch.arange(rows, device=device)

    def once() -> float:
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        start = time.perf_counter()
        copy_rows(scratch, sources, sources)
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        return time.perf_counter() - start

    once()
    return rows * cache.expert_bytes / statistics.median(once() for _ in range(5))


@dataclass
class CacheMeter:
    """The counters of `caches` read around timed steps, and the forced share they serve."""

    caches: list[ExpertCache]
    link_bytes_s: float | None
    before: list[int] = field(default_factory=lambda: [0, 0, 0])

    def counts(self) -> list[int]:
        """(hits, misses, bytes) summed over the layers (one sync)."""
        return torch.stack([c.counters for c in self.caches]).sum(0).tolist()

    def start(self) -> None:
        self.before = self.counts()

    def stats(self, steps: int, step_s: float, tokens: int) -> dict[str, float | None]:
        """Per step of `tokens` tokens taking `step_s` seconds, over the `steps` steps since `start`."""
        now = self.counts()
        hits, misses, copied = (now[i] - self.before[i] for i in (HITS, MISSES, BYTES))
        per_step = copied / steps
        link_s = None if self.link_bytes_s is None else per_step / self.link_bytes_s
        return {
            "tok_s": tokens / step_s,
            "hit_rate": hits / (hits + misses) if hits + misses else 1.0,
            "misses_per_step": misses / steps,
            "copied_mb_per_step": per_step / 1e6,
            "copy_gb_s": per_step / step_s / 1e9,
            "experts_per_layer": (hits + misses) / steps / len(self.caches),
            "link_bound_tok_s": tokens / link_s if link_s else None,
        }

    def force(self, share: float) -> None:
        """Serve `share` of the misses with no copy (timing only); 0 leaves forcing on, serving none. The
        caches' own warning is left to the bench's one line."""
        quiet = logging.getLogger("model.expert_cache")
        level = quiet.level
        quiet.setLevel(logging.ERROR)
        try:
            for cache in self.caches:
                cache.force_hit_rate_for_timing_only(share)
        finally:
            quiet.setLevel(level)
