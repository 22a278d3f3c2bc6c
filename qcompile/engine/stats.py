"""Counters and latency samples the server exports to Prometheus."""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field

# Latency samples kept between two snapshots: a server nobody scrapes must not grow without bound
# (the oldest go first; a Prometheus scrape every few seconds never sees this many).
MAX_SAMPLES = 100_000


@dataclass(frozen=True)
class PrefixCacheCounts:
    """Prefix caching's monotonic counters: prompt tokens looked up at admission and found (vLLM's
    `prefix_cache_queries` / `prefix_cache_hits`), K/V pages evicted, state checkpoints evicted (held by
    no tier any more), spilled from the device to host rows and copied back from them for a hit."""

    queried_tokens: int = 0
    hit_tokens: int = 0
    evicted_pages: int = 0
    evicted_checkpoints: int = 0
    spilled_checkpoints: int = 0
    restored_checkpoints: int = 0


@dataclass(frozen=True)
class EngineStats:
    """A snapshot: gauges, monotonic token counters, and the latency samples since the last snapshot.

    The samples are handed out once (each `stats()` call drains them), so a Prometheus exporter
    can `observe()` every one into a histogram without double counting.
    """

    num_running: int
    num_waiting: int
    kv_cache_usage: float  # fraction of the K/V pool's pages in use, 0..1
    num_preemptions_total: int
    prompt_tokens_total: int
    generation_tokens_total: int
    time_to_first_token_s: list[float] = field(default_factory=list)
    inter_token_latency_s: list[float] = field(default_factory=list)
    prefix_cache: PrefixCacheCounts = field(default_factory=PrefixCacheCounts)


class StatsCollector:
    """Written by the engine thread, read by the server's; a lock keeps the two consistent."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.prompt_tokens = 0
        self.generation_tokens = 0
        self._ttft: deque[float] = deque(maxlen=MAX_SAMPLES)
        self._itl: deque[float] = deque(maxlen=MAX_SAMPLES)

    def record_prompt(self, num_tokens: int) -> None:
        with self._lock:
            self.prompt_tokens += num_tokens

    def record_token(self, ttft: float | None, itl: float | None) -> None:
        """One generated token: `ttft` when it is the request's first, else the gap `itl` since the last."""
        with self._lock:
            self.generation_tokens += 1
            if ttft is not None:
                self._ttft.append(ttft)
            if itl is not None:
                self._itl.append(itl)

    def snapshot(
        self,
        num_running: int,
        num_waiting: int,
        kv_cache_usage: float,
        num_preemptions: int,
        prefix_cache: PrefixCacheCounts | None = None,
    ) -> EngineStats:
        """The counters with the scheduler's gauges and the prefix cache's counters, handing out (and
        dropping) the latency samples."""
        with self._lock:
            ttft, itl = list(self._ttft), list(self._itl)
            self._ttft.clear()
            self._itl.clear()
            return EngineStats(
                num_running,
                num_waiting,
                kv_cache_usage,
                num_preemptions,
                self.prompt_tokens,
                self.generation_tokens,
                ttft,
                itl,
                prefix_cache or PrefixCacheCounts(),
            )
