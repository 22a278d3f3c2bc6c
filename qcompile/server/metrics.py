"""Prometheus metrics: engine gauges and token counters, and TTFT / inter-token latency histograms.

The engine hands out its latency samples once per `stats()` call, so every scrape observes the samples
gathered since the previous one into histograms that live as long as the server.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, disable_created_metrics, generate_latest

from qcompile.engine.stats import EngineStats, PrefixCacheCounts

# `*_created` timestamps per series only add noise to a scrape (vLLM turns them off too)
disable_created_metrics()

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
TTFT_BUCKETS = (
    0.001,
    0.005,
    0.01,
    0.02,
    0.04,
    0.06,
    0.08,
    0.1,
    0.25,
    0.5,
    0.75,
    1.0,
    2.5,
    5.0,
    7.5,
    10.0,
    20.0,
    40.0,
    80.0,
)
ITL_BUCKETS = (
    0.001,
    0.0025,
    0.005,
    0.01,
    0.015,
    0.02,
    0.025,
    0.03,
    0.04,
    0.05,
    0.075,
    0.1,
    0.15,
    0.2,
    0.3,
    0.4,
    0.5,
    0.75,
    1.0,
    2.5,
)


class Metrics:
    def __init__(self, model_name: str) -> None:
        self.registry = CollectorRegistry()
        labels = ["model_name"]
        running = Gauge(
            "qcompile_num_requests_running", "Requests holding a state slot.", labels, registry=self.registry
        )
        waiting = Gauge("qcompile_num_requests_waiting", "Requests queued for a slot.", labels, registry=self.registry)
        usage = Gauge(
            "qcompile_kv_cache_usage_perc",
            "Fraction of the K/V pool's pages in use (0..1).",
            labels,
            registry=self.registry,
        )
        preemptions = Counter(
            "qcompile_num_preemptions",
            "Requests preempted for lack of K/V pages (recomputed later).",
            labels,
            registry=self.registry,
        )
        prompt = Counter("qcompile_prompt_tokens", "Prompt tokens prefilled.", labels, registry=self.registry)
        generation = Counter("qcompile_generation_tokens", "Tokens generated.", labels, registry=self.registry)
        ttft = Histogram(
            "qcompile_time_to_first_token_seconds",
            "Arrival to first generated token.",
            labels,
            buckets=TTFT_BUCKETS,
            registry=self.registry,
        )
        itl = Histogram(
            "qcompile_inter_token_latency_seconds",
            "Gap between consecutive generated tokens.",
            labels,
            buckets=ITL_BUCKETS,
            registry=self.registry,
        )
        self._running, self._waiting = running.labels(model_name), waiting.labels(model_name)
        self._usage, self._preemptions = usage.labels(model_name), preemptions.labels(model_name)
        self._prompt, self._generation = prompt.labels(model_name), generation.labels(model_name)
        self._ttft, self._itl = ttft.labels(model_name), itl.labels(model_name)
        self._seen_prompt = self._seen_generation = self._seen_preemptions = 0
        prefix = {  # vLLM's prefix_cache_queries / prefix_cache_hits, and evictions
            "queried_tokens": ("qcompile_prefix_cache_queries", "Tokens looked up in the prefix cache at admission."),
            "hit_tokens": ("qcompile_prefix_cache_hits", "Of them, tokens found (pages and a state checkpoint)."),
            "evicted_pages": ("qcompile_prefix_cache_evicted_pages", "Cached K/V pages evicted for new ones."),
            "evicted_checkpoints": (
                "qcompile_prefix_cache_evicted_checkpoints",
                "Prefix-cache state checkpoints evicted for new ones (from the host rows too, where they spill).",
            ),
            "spilled_checkpoints": (
                "qcompile_prefix_cache_spilled_checkpoints",
                "State checkpoints evicted from the device and copied to host rows (--prefix-host-checkpoints).",
            ),
            "restored_checkpoints": (
                "qcompile_prefix_cache_restored_checkpoints",
                "State checkpoints copied back from host rows to the device for a hit.",
            ),
        }
        self._prefix = {
            key: Counter(name, doc, labels, registry=self.registry).labels(model_name)
            for key, (name, doc) in prefix.items()
        }
        self._seen_prefix = PrefixCacheCounts()

    def render(self, stats: EngineStats) -> bytes:
        """The text exposition after folding in a fresh engine snapshot."""
        self._running.set(stats.num_running)
        self._waiting.set(stats.num_waiting)
        self._usage.set(stats.kv_cache_usage)
        self._preemptions.inc(stats.num_preemptions_total - self._seen_preemptions)
        self._seen_preemptions = stats.num_preemptions_total
        self._prompt.inc(stats.prompt_tokens_total - self._seen_prompt)
        self._generation.inc(stats.generation_tokens_total - self._seen_generation)
        self._seen_prompt, self._seen_generation = stats.prompt_tokens_total, stats.generation_tokens_total
        for key, counter in self._prefix.items():
            counter.inc(getattr(stats.prefix_cache, key) - getattr(self._seen_prefix, key))
        self._seen_prefix = stats.prefix_cache
        for sample in stats.time_to_first_token_s:
            self._ttft.observe(sample)
        for sample in stats.inter_token_latency_s:
            self._itl.observe(sample)
        return generate_latest(self.registry)
