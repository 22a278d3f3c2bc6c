"""The tensor-parallel engine on CPU (gloo): `LLM(tensor_parallel_size=2)` gives TP1's greedy tokens and
logprobs, and a killed worker fails the engine within seconds: `LLM` raises, `/health` says 503, and
`qcompile serve --tensor-parallel-size 2` (which answers requests first) exits 1 with one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from qcompile.config import CompileConfig
from qcompile.engine.async_engine import AsyncEngine
from qcompile.engine.llm import LLM
from qcompile.engine.outputs import RequestOutput
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.workers import WorkerDiedError
from qcompile.server.app import build_app
from qcompile.server.parsers import select_parsers
from tests.server.conftest import free_port, running

ROOT = Path(__file__).resolve().parents[2]
ATOL = 1e-5
NOTICE_S = 5.0  # a worker's death must be seen within this many seconds
# a long prompt prefills in 8-token chunks beside the short prompts' decodes: mixed batches
PROMPTS = [{"prompt_token_ids": [(7 * i + 3) % 500 for i in range(40)]}, {"prompt_token_ids": [5, 9, 2]}]
ENGINE = {"max_num_seqs": 4, "max_model_len": 512, "max_num_batched_tokens": 8}


def _run(llm: LLM) -> list[RequestOutput]:
    params = [
        SamplingParams(temperature=0.0, max_tokens=12, logprobs=2, prompt_logprobs=1, ignore_eos=True),
        SamplingParams(temperature=0.0, max_tokens=12, logprobs=2, ignore_eos=True),
    ]
    return llm.generate(PROMPTS, params)


@pytest.fixture()
def tp2(tiny_ckpt: Path) -> Iterator[LLM]:
    llm = LLM(str(tiny_ckpt), tensor_parallel_size=2, **ENGINE)
    yield llm
    llm.close()


def _close(a: dict[int, object], b: dict[int, object]) -> None:
    assert a.keys() == b.keys()
    for k in a:
        assert abs(a[k].logprob - b[k].logprob) <= ATOL, (k, a[k], b[k])


def test_tp2_llm_gives_tp1_greedy_tokens_and_logprobs(tiny_ckpt: Path, tp2: LLM) -> None:
    want = _run(LLM(str(tiny_ckpt), **ENGINE))
    got = _run(tp2)
    for w, g in zip(want, got, strict=True):
        assert g.outputs[0].token_ids == w.outputs[0].token_ids
        for a, b in zip(w.outputs[0].logprobs, g.outputs[0].logprobs, strict=True):
            _close(a, b)
        for a, b in zip(w.prompt_logprobs or [], g.prompt_logprobs or [], strict=True):
            if a is not None:
                _close(a, b)
    assert want[0].prompt_logprobs is not None and len(want[0].prompt_logprobs) == 40
    # a prefix-cache hit restores the state checkpoint on every rank: the same answer as the miss
    long = {"prompt_token_ids": [(11 * i + 5) % 500 for i in range(80)]}
    greedy = SamplingParams(temperature=0.0, max_tokens=6, logprobs=2, ignore_eos=True)
    miss, hit = (tp2.generate([long], greedy)[0] for _ in range(2))
    assert (miss.num_cached_tokens, hit.num_cached_tokens) == (0, 64)
    assert hit.outputs[0].token_ids == miss.outputs[0].token_ids
    for a, b in zip(miss.outputs[0].logprobs, hit.outputs[0].logprobs, strict=True):
        _close(a, b)


def test_tp2_spills_checkpoints_to_host_rows_on_every_rank(tiny_ckpt: Path) -> None:
    """One device checkpoint row and host rows: the first prompt's checkpoint at 64, evicted by the
    second's, is spilled by every rank to its own host rows (its shard of the state) and copied back for
    the repeat, which answers as the miss did."""
    llm = LLM(str(tiny_ckpt), tensor_parallel_size=2, prefix_state_checkpoints=1, prefix_host_checkpoints=2, **ENGINE)
    try:
        greedy = SamplingParams(temperature=0.0, max_tokens=6, logprobs=2, ignore_eos=True)
        first, other = ({"prompt_token_ids": [(k * i + 5) % 500 for i in range(80)]} for k in (13, 17))
        miss = llm.generate([first], greedy)[0]
        llm.generate([other], greedy)
        hit = llm.generate([first], greedy)[0]
        counts = llm.core.engine.stats().prefix_cache
    finally:
        llm.close()
    assert (miss.num_cached_tokens, hit.num_cached_tokens) == (0, 64)
    assert (counts.spilled_checkpoints, counts.restored_checkpoints) == (2, 1)  # first's, then other's for it
    assert hit.outputs[0].token_ids == miss.outputs[0].token_ids
    for a, b in zip(miss.outputs[0].logprobs, hit.outputs[0].logprobs, strict=True):
        _close(a, b)


@pytest.mark.slow
def test_tp2_llm_compiled_at_kernel_scope_gives_tp1_greedy_tokens(tiny_ckpt: Path) -> None:
    """Every rank compiles and warms the same ranges at construction (the workers' "warmup" command)."""
    want = _run(LLM(str(tiny_ckpt), **ENGINE))
    config = CompileConfig(scope="kernel", ranges=((1, 1), (2, 16)))
    llm = LLM(str(tiny_ckpt), tensor_parallel_size=2, compile=config, **ENGINE)
    try:
        assert "compile" in llm.core.stage_times
        got = _run(llm)
    finally:
        llm.close()
    for w, g in zip(want, got, strict=True):
        assert g.outputs[0].token_ids == w.outputs[0].token_ids
        for a, b in zip(w.outputs[0].logprobs, g.outputs[0].logprobs, strict=True):
            _close(a, b)


def _wait_for(condition: object, what: str) -> float:
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < NOTICE_S, f"{what} not within {NOTICE_S} s"
        time.sleep(0.05)
    return time.monotonic() - start


def test_killed_worker_fails_a_running_generate_and_every_later_one(tp2: LLM) -> None:
    assert tp2.core.workers is not None
    worker = tp2.core.workers.workers[0].process
    failed: list[BaseException] = []

    def long_generate() -> None:
        try:
            tp2.generate(PROMPTS, SamplingParams(temperature=0.0, max_tokens=400, ignore_eos=True))
        except BaseException as e:
            failed.append(e)

    thread = threading.Thread(target=long_generate)
    thread.start()
    time.sleep(0.5)
    os.kill(worker.pid, signal.SIGKILL)
    thread.join(NOTICE_S)
    assert not thread.is_alive(), "generate hung after its worker died"
    assert len(failed) == 1 and isinstance(failed[0], WorkerDiedError), failed
    assert f"worker 1 (pid {worker.pid}) was killed by SIGKILL" in str(failed[0])
    start = time.monotonic()
    with pytest.raises(WorkerDiedError, match="worker 1"):
        _run(tp2)
    assert time.monotonic() - start < 1.0


def _health(url: str) -> tuple[int, dict[str, str]]:
    try:
        with urllib.request.urlopen(f"{url}/health", timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_killed_worker_of_an_idle_server_makes_health_503(tiny_ckpt: Path) -> None:
    engine = AsyncEngine.from_args(str(tiny_ckpt), tensor_parallel_size=2, **ENGINE)
    try:
        with running(build_app(engine, select_parsers(tiny_ckpt))) as url:
            assert _health(url) == (200, {"status": "ok"})
            assert engine.core.workers is not None
            os.kill(engine.core.workers.workers[0].process.pid, signal.SIGKILL)
            _wait_for(lambda: _health(url)[0] == 503, "/health 503")
            assert "tensor-parallel worker 1" in _health(url)[1]["reason"]
    finally:
        engine.core.close()


def _children(pid: int) -> list[int]:
    """The spawned worker processes of `pid` (not multiprocessing's resource tracker)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(c) for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]


def test_serve_tp2_answers_then_exits_when_a_worker_dies(tiny_ckpt: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    argv = ["serve", "--model", str(tiny_ckpt), "--port", str(port), "--tensor-parallel-size", "2"]
    code = f"import sys\nfrom qcompile.commands.cli import main\nsys.argv = ['qcompile', *{argv!r}]\nmain()\n"
    proc = subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, f"qcompile serve exited:\n{proc.stderr.read() if proc.stderr else ''}"
            assert time.monotonic() < deadline, "qcompile serve did not come up"
            try:
                urllib.request.urlopen(f"{url}/health", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        body = {"model": tiny_ckpt.name, "prompt": [5, 9, 2], "max_tokens": 6, "temperature": 0}
        request = urllib.request.Request(
            f"{url}/v1/completions", json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=60) as r:
            reply = json.loads(r.read())
        assert reply["usage"]["completion_tokens"] == 6
        (worker,) = _children(proc.pid)
        os.kill(worker, signal.SIGKILL)
        start = time.monotonic()
        assert proc.wait(timeout=30) == 1
        assert time.monotonic() - start < 15
        err = proc.stderr.read() if proc.stderr else ""
        line = f"qcompile serve: the engine loop died (WorkerDiedError: tensor-parallel worker 1 (pid {worker}) was"
        assert line in err and "killed by SIGKILL); exiting" in err, err
    finally:
        proc.kill()
        proc.wait()


def test_serve_refuses_a_tp_size_the_heads_do_not_divide(tiny_ckpt: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One line naming the dimensions, before any process starts or weight is read."""
    from qcompile.commands.cli import main

    with pytest.raises(SystemExit) as e:
        main(["serve", "--model", str(tiny_ckpt), "--port", str(free_port()), "--tensor-parallel-size", "3"])
    assert e.value.code == 1
    err = capsys.readouterr().err.strip()
    assert err == (
        "qcompile serve: error: --tensor-parallel-size 3: does not divide the checkpoint's "
        "num_attention_heads = 4, num_key_value_heads = 2, linear_num_value_heads = 4, linear_num_key_heads = 2, "
        "moe_intermediate_size = 32, shared_expert_intermediate_size = 32"
    )
