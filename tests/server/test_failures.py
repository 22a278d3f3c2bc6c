"""Failure isolation seen from a client: a dead engine loop, shutdown by signal, oversized bodies, user
templates, prompt work off the event loop, and a checkpoint without a tokenizer."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
import pytest

from qcompile.default_model import PATH
from qcompile.engine.async_engine import AsyncEngine
from qcompile.server.app import MAX_BODY_BYTES, build_app
from qcompile.server.parsers import select_parsers
from tests.server.conftest import Server, free_port, running
from tests.server.stub import StubEngine

ROOT = Path(__file__).resolve().parents[2]
HELLO = [{"role": "user", "content": "Hello!"}]


def _health(url: str) -> tuple[int, dict[str, Any]]:
    import json

    try:
        with urllib.request.urlopen(f"{url}/health", timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


@pytest.fixture()
def doomed() -> Iterator[tuple[Server, AsyncEngine, threading.Event]]:
    """A server whose engine loop dies (a bug in the loop itself) once the test sets the event."""
    engine = AsyncEngine.from_args(PATH, max_num_seqs=4, max_model_len=256)
    kill = threading.Event()
    has_unfinished = engine.core.engine.has_unfinished

    def dying() -> bool:
        if kill.is_set():
            raise RuntimeError("killed by the test")
        return has_unfinished()

    engine.core.engine.has_unfinished = dying  # type: ignore[method-assign]
    with running(build_app(engine, select_parsers(PATH))) as url:
        yield Server(url, engine.model_name), engine, kill


def test_dead_loop_fails_health_and_requests(doomed: tuple[Server, AsyncEngine, threading.Event]) -> None:
    server, engine, kill = doomed
    client = server.client()
    assert _health(server.url) == (200, {"status": "ok"})
    stream = client.completions.create(
        model=server.model, prompt="Once upon a time", max_tokens=200, stream=True, extra_body={"ignore_eos": True}
    )
    next(iter(stream))
    kill.set()
    with pytest.raises(openai.APIError) as in_flight:  # the open stream ends with an OpenAI error event
        for _ in stream:
            pass
    assert "killed by the test" in in_flight.value.message
    status, body = _health(server.url)
    assert status == 503 and body["status"] == "dead" and "killed by the test" in body["reason"]
    with pytest.raises(openai.InternalServerError) as new:
        client.chat.completions.create(model=server.model, messages=HELLO, max_tokens=4)
    assert new.value.status_code == 503 and new.value.body["code"] == "engine_dead"
    assert "killed by the test" in new.value.body["message"]


def _serve(port: int, patch: str = "") -> subprocess.Popen[str]:
    """`qcompile serve` in a subprocess, after `patch` (Python run first, to break the engine)."""
    code = (
        f"{patch}\nimport sys\nfrom qcompile.commands.cli import main\n"
        f"sys.argv = ['qcompile', 'serve', '--port', '{port}', '--max-num-seqs', '1', '--max-model-len', '256']\n"
        "main()\n"
    )
    return subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
    )


def _wait_up(proc: subprocess.Popen[str], url: str) -> None:
    deadline = time.monotonic() + 120
    while True:
        assert proc.poll() is None, f"qcompile serve exited:\n{proc.stderr.read() if proc.stderr else ''}"
        assert time.monotonic() < deadline, "qcompile serve did not come up"
        try:
            urllib.request.urlopen(f"{url}/health", timeout=1)
            return
        except OSError:
            time.sleep(0.2)


def _stream_in_thread(url: str, max_tokens: int) -> threading.Thread:
    def run() -> None:
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="unused", max_retries=0)
        try:
            for _ in client.completions.create(
                model="qcompile-default",
                prompt="Once upon a time",
                stream=True,
                max_tokens=max_tokens,
                extra_body={"ignore_eos": True},
            ):
                pass
        except openai.APIError:
            pass

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_serve_exits_when_the_engine_loop_dies() -> None:
    """A bug in the loop (here: aborting a request raises) stops `qcompile serve` with exit code 1 and a
    line that says why."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    patch = (
        "from qcompile.engine.engine import Engine\n"
        "def abort(self, request_id):\n    raise RuntimeError('abort is broken')\n"
        "Engine.abort = abort"
    )
    proc = _serve(port, patch)
    try:
        _wait_up(proc, url)
        client = openai.OpenAI(base_url=f"{url}/v1", api_key="unused", max_retries=0)
        stream = client.completions.create(
            model="qcompile-default", prompt="Hi", max_tokens=200, stream=True, extra_body={"ignore_eos": True}
        )
        next(iter(stream))
        stream.close()  # the client leaves: the request is aborted, and the loop dies in abort
        assert proc.wait(timeout=60) == 1
        err = proc.stderr.read() if proc.stderr else ""
        assert "qcompile serve: the engine loop died (RuntimeError: abort is broken); exiting" in err
    finally:
        proc.kill()
        proc.wait()


def test_sigterm_aborts_queued_work_and_exits() -> None:
    """One slot, one long stream running and three queued: SIGTERM ends them all, and the process, at once."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _serve(port)
    try:
        _wait_up(proc, url)
        threads = [_stream_in_thread(url, 250) for _ in range(4)]
        time.sleep(1.0)
        start = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == -signal.SIGTERM  # uvicorn re-raises the signal once shut down
        assert time.monotonic() - start < 10
        for thread in threads:
            thread.join(timeout=10)
            assert not thread.is_alive()
    finally:
        proc.kill()
        proc.wait()


def test_oversized_body_is_refused_before_it_is_read(stub_server: Server) -> None:
    """Content-Length of 10 MB: a 413 in the OpenAI shape after the first kilobyte, nothing parsed."""
    import json

    host, port = stub_server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        start = time.monotonic()
        conn.sendall(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {10 * 2**20}\r\n\r\n".encode()
            + b"{"
            + b" " * 1023
        )
        reply = b""
        while b"\r\n\r\n" not in reply or not reply.rstrip().endswith(b"}"):
            reply += conn.recv(65536)
        assert time.monotonic() - start < 2
    head, body = reply.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 413")
    assert json.loads(body)["error"]["message"].startswith(f"the request body has {10 * 2**20} bytes")


def test_oversized_chunked_body_is_refused(stub_server: Server) -> None:
    import http.client

    host, port = stub_server.url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    chunk = b" " * 2**16
    conn.request(
        "POST",
        "/v1/completions",
        body=iter([chunk] * (MAX_BODY_BYTES // len(chunk) + 2)),
        headers={"Content-Type": "application/json"},
        encode_chunked=True,
    )
    response = conn.getresponse()
    assert response.status == 413 and b"exceeds" in response.read()


def test_user_chat_template_is_refused(stub_server: Server) -> None:
    loop = "{% for i in range(10**9) %}{% endfor %}"
    with pytest.raises(openai.BadRequestError) as e:
        stub_server.client().chat.completions.create(
            model=stub_server.model, messages=HELLO, extra_body={"chat_template_kwargs": {"chat_template": loop}}
        )
    assert (
        e.value.body["param"] == "chat_template_kwargs"
        and "chat_template_kwargs.chat_template" in e.value.body["message"]
    )


def test_rendering_runs_off_the_event_loop() -> None:
    """A chat template that takes two seconds to render does not hold up /health meanwhile."""
    stub = StubEngine(PATH)
    render = stub.tokenizer.apply_chat_template

    def slow(conversation: Any, **kwargs: Any) -> Any:
        time.sleep(2.0)
        return render(conversation, **kwargs)

    stub.tokenizer.apply_chat_template = slow  # type: ignore[method-assign]
    stub.reply = "Hi"
    with running(build_app(stub, select_parsers(PATH))) as url:
        server = Server(url, stub.model_name)
        chat = threading.Thread(
            target=lambda: server.client().chat.completions.create(model=server.model, messages=HELLO)
        )
        chat.start()
        time.sleep(0.2)
        start = time.monotonic()
        assert _health(url)[0] == 200
        assert time.monotonic() - start < 1.0
        chat.join(timeout=10)


@pytest.fixture(scope="module")
def no_tokenizer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("no-tokenizer")
    for name in ("config.json", "generation_config.json", "model.safetensors"):
        shutil.copy(PATH / name, folder / name)
    engine = AsyncEngine.from_args(folder, max_num_seqs=2, max_model_len=128)
    assert engine.tokenizer is None
    with running(build_app(engine, select_parsers(folder))) as url:
        yield Server(url, engine.model_name)


def test_no_tokenizer_refuses_text_and_serves_ids(no_tokenizer: Server) -> None:
    client = no_tokenizer.client()
    with pytest.raises(openai.BadRequestError) as text:
        client.completions.create(model=no_tokenizer.model, prompt="Hello", max_tokens=4)
    assert text.value.body["param"] == "prompt" and "no tokenizer" in text.value.body["message"]
    with pytest.raises(openai.BadRequestError) as chat:
        client.chat.completions.create(model=no_tokenizer.model, messages=HELLO, max_tokens=4)
    assert chat.value.body["param"] == "messages" and "no tokenizer" in chat.value.body["message"]
    reply = client.completions.create(
        model=no_tokenizer.model, prompt=[5, 9, 2], max_tokens=4, temperature=0, extra_body={"ignore_eos": True}
    )
    assert reply.usage.completion_tokens == 4 and reply.choices[0].finish_reason == "length"
