"""`qcompile serve --load-format dummy --moe-expert-cache N`: the serving path of the `full` preset (its
weights made in memory, block-FP8 experts in host banks behind device slots, the PLE table pinned) on the
tiny preset, answering an OpenAI request; `--model full` without the dummy load is refused in one line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import openai
import pytest

from qcompile.commands.cli import main
from tests.server.conftest import serve_process

FLAGS = ["--model", "tiny", "--load-format", "dummy", "--weight-only", "--ple-backend", "pinned"]
FLAGS += ["--moe-expert-cache", "4", "--max-num-seqs", "2", "--max-model-len", "128"]


@pytest.fixture(scope="module")
def offloaded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    log = tmp_path_factory.mktemp("offloaded") / "stderr.txt"
    with serve_process(FLAGS, log) as url:
        yield url, log


def test_it_answers_with_experts_in_host_banks(offloaded: tuple[str, Path]) -> None:
    url, log = offloaded
    client = openai.OpenAI(base_url=f"{url}/v1", api_key="unused", max_retries=0)
    r = client.chat.completions.create(
        model="tiny", messages=[{"role": "user", "content": "Hello!"}], max_tokens=8, temperature=0
    )
    assert r.choices[0].finish_reason in ("stop", "length") and 1 <= r.usage.completion_tokens <= 8
    said = log.read_text()
    assert "random weights (--load-format dummy, block-FP8 experts)" in said and "PLE on pinned" in said
    assert "experts: 4 of 8 slots per layer on the device (0 static), 8 per layer in host banks" in said


def test_the_full_preset_without_the_dummy_load_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--model", "full"])
    assert exited.value.code == 1
    said = capsys.readouterr().err.strip()
    assert said.startswith("qcompile serve: error: --model full: this preset has no checkpoint") and "\n" not in said
    assert "--load-format dummy builds it in memory" in said
