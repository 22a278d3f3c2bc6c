"""lm-evaluation-harness, unmodified, against the server on the embedded default model: `local-completions`
for a multiple-choice and a perplexity task (echo with logprobs), `local-chat-completions` for a
generation task. The scores mean nothing here; every request must succeed and every document be scored."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from qcompile.default_model import PATH
from tests.server.conftest import Server

lm_eval = pytest.importorskip("lm_eval")
TASKS = Path(__file__).parent.parent / "fixtures" / "lm_eval"


def _evaluate(model: str, model_args: dict[str, Any], tasks: list[str], **kwargs: Any) -> dict[str, Any]:
    from lm_eval.tasks import TaskManager

    results = lm_eval.simple_evaluate(
        model=model,
        model_args={"max_retries": 1, "timeout": 120, **model_args},
        tasks=tasks,
        task_manager=TaskManager(include_path=str(TASKS), include_defaults=False),  # ours only: quick
        log_samples=True,
        **kwargs,
    )
    assert results is not None
    return results


def _documents(name: str) -> int:
    return len((TASKS / f"{name}.jsonl").read_text().splitlines())


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tasks' documents and metrics are local: nothing may reach for the network."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")


@pytest.mark.parametrize("batch_size", [1, 4])
def test_local_completions_scores_choices_and_perplexity(server: Server, batch_size: int) -> None:
    args = {"model": server.model, "base_url": f"{server.url}/v1/completions", "tokenizer": str(PATH)}
    results = _evaluate(
        "local-completions",
        {**args, "max_length": 256, "num_concurrent": 2},
        ["qcompile_choice", "qcompile_perplexity"],
        batch_size=batch_size,
    )
    choice, perplexity = results["results"]["qcompile_choice"], results["results"]["qcompile_perplexity"]
    assert 0 <= choice["acc,none"] <= 1 and 0 <= choice["acc_norm,none"] <= 1
    assert math.isfinite(perplexity["word_perplexity,none"]) and perplexity["byte_perplexity,none"] > 1
    samples = results["samples"]
    assert len(samples["qcompile_choice"]) == _documents("choice")
    assert len(samples["qcompile_perplexity"]) == _documents("perplexity")
    for sample in samples["qcompile_choice"]:  # per choice: (summed logprob, greedy?) of the continuation
        assert all(lp <= 0 and isinstance(greedy, bool) for (lp, greedy) in (r[0] for r in sample["resps"]))


def test_local_chat_completions_generates(server: Server) -> None:
    results = _evaluate(
        "local-chat-completions",
        {"model": server.model, "base_url": f"{server.url}/v1/chat/completions"},
        ["qcompile_answer"],
        apply_chat_template=True,
    )
    assert 0 <= results["results"]["qcompile_answer"]["exact_match,none"] <= 1
    samples = results["samples"]["qcompile_answer"]
    assert len(samples) == _documents("answer") and all(isinstance(s["resps"][0][0], str) for s in samples)
