"""The statistics the server exports: counters, and latency samples that nobody scraping cannot grow."""

import pytest

from qcompile.engine import stats


def test_latency_samples_are_handed_out_once_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MAX_SAMPLES", 3)
    collector = stats.StatsCollector()
    collector.record_prompt(7)
    for i in range(5):
        collector.record_token(None if i else 0.5, float(i) if i else None)
    first = collector.snapshot(1, 2, 0.25, 3)
    assert (first.num_running, first.num_waiting, first.prompt_tokens_total, first.generation_tokens_total) == (
        1,
        2,
        7,
        5,
    )
    assert (first.kv_cache_usage, first.num_preemptions_total) == (0.25, 3)
    assert first.time_to_first_token_s == [0.5] and first.inter_token_latency_s == [2.0, 3.0, 4.0]  # the newest
    again = collector.snapshot(0, 0, 0.0, 3)
    assert (
        again.time_to_first_token_s == [] and again.inter_token_latency_s == [] and again.generation_tokens_total == 5
    )
