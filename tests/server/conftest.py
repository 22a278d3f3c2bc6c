"""Servers on loopback for the server tests: the embedded default model, and a stub engine with fixed replies.

Each runs uvicorn in a thread of the test process, on a free port, for the whole session.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import openai
import pytest
import uvicorn
from fastapi import FastAPI
from transformers import PreTrainedTokenizerBase

from qcompile.default_model import NAME, PATH
from qcompile.engine.async_engine import AsyncEngine
from qcompile.server.app import build_app
from qcompile.server.parsers import select_parsers
from tests.server.stub import StubEngine

MAX_NUM_SEQS = 16
MAX_MODEL_LEN = 512


@dataclass
class Server:
    url: str  # http://127.0.0.1:PORT
    model: str

    def client(self, **kwargs: object) -> openai.OpenAI:
        return openai.OpenAI(base_url=f"{self.url}/v1", api_key="unused", max_retries=0, **kwargs)

    def async_client(self) -> openai.AsyncOpenAI:
        return openai.AsyncOpenAI(base_url=f"{self.url}/v1", api_key="unused", max_retries=0, timeout=60)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


ROOT = Path(__file__).resolve().parents[2]


def wait_healthy(url: str, alive: Callable[[], bool], log: Path, what: str, seconds: float = 120) -> None:
    """Return once `url`/health answers; fail with `log`'s text if `alive()` turns false or time runs out."""
    deadline = time.monotonic() + seconds
    while True:
        assert alive(), f"{what} exited:\n{log.read_text()}"
        assert time.monotonic() < deadline, f"{what} did not come up:\n{log.read_text()}"
        try:
            urllib.request.urlopen(f"{url}/health", timeout=1)
            return
        except OSError:
            time.sleep(0.2)


@contextmanager
def serve_process(flags: list[str], log: Path) -> Iterator[str]:
    """`python -m qcompile serve` with `flags` on a free port in a subprocess, its stderr in `log`;
    yields its URL once /health answers, and stops it afterwards."""
    port = free_port()
    with log.open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "qcompile", "serve", "--port", str(port), *flags],
            cwd=ROOT,
            stderr=err,
            stdout=subprocess.DEVNULL,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, lambda: proc.poll() is None, log, "qcompile serve")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@contextmanager
def running(app: FastAPI) -> Iterator[str]:
    """Serve `app` on a free loopback port in a thread; yields its base URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


@pytest.fixture(scope="session")
def default_model() -> Path:
    return PATH


@pytest.fixture(scope="session")
def server(default_model: Path) -> Iterator[Server]:
    engine = AsyncEngine.from_args(
        default_model, dtype="float32", max_num_seqs=MAX_NUM_SEQS, max_model_len=MAX_MODEL_LEN, model_name=NAME
    )
    with running(build_app(engine, select_parsers(default_model))) as url:
        yield Server(url, NAME)


@pytest.fixture(scope="session")
def stub() -> StubEngine:
    return StubEngine(PATH)


@pytest.fixture(scope="session")
def tokenizer(stub: StubEngine) -> PreTrainedTokenizerBase:
    """The embedded model's tokenizer, loaded as the server loads it."""
    return stub.tokenizer


@pytest.fixture(scope="session")
def stub_server(stub: StubEngine) -> Iterator[Server]:
    with running(build_app(stub, select_parsers(PATH))) as url:
        yield Server(url, stub.model_name)
