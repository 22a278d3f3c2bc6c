"""`qcompile serve` as a user runs it: staged progress, loopback bind, and the API key check."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path

import openai
import pytest

from qcompile.default_model import NAME
from tests.server.conftest import serve_process

KEY = "test-key"


@pytest.fixture(scope="module")
def cli_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`qcompile serve --api-key ...`; yields its URL and its stderr log."""
    log = tmp_path_factory.mktemp("serve") / "stderr.txt"
    with serve_process(["--api-key", KEY, "--max-num-seqs", "4", "--max-model-len", "256"], log) as url:
        yield url, log


def test_progress_is_shown(cli_server: tuple[str, Path]) -> None:
    text = cli_server[1].read_text()
    assert "load checkpoint" in text and "warmup" in text and f"serving {NAME!r} at http://127.0.0.1:" in text


def test_api_key(cli_server: tuple[str, Path]) -> None:
    url = cli_server[0]
    with pytest.raises(openai.AuthenticationError) as e:
        openai.OpenAI(base_url=f"{url}/v1", api_key="wrong", max_retries=0).models.list()
    assert e.value.status_code == 401 and e.value.body["code"] == "invalid_api_key"
    client = openai.OpenAI(base_url=f"{url}/v1", api_key=KEY, max_retries=0)
    r = client.chat.completions.create(model=NAME, messages=[{"role": "user", "content": "Hello!"}], max_tokens=4)
    assert r.usage.completion_tokens <= 4
    urllib.request.urlopen(f"{url}/metrics", timeout=5)  # health and metrics need no key
