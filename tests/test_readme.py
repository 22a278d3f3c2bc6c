"""The README's CPU code blocks, run as written, and its links.

A fenced block runs when its info string names `cpu` after the language: `python cpu` and `bash cpu`
blocks run in a fresh temp dir, in order, with this checkout on PYTHONPATH and this interpreter's bin
folder first on PATH (so `python` and `qcompile` are ours); a `bash cpu-server` block is started in
the background before them and must answer `/health`. A ```` ```text ```` block right after a runnable
block lists lines its output must contain. The one change made to the blocks is the port: the
README's 8000 becomes a free one, so parallel runs do not collide. Blocks without `cpu` (installs,
GPU commands) are not run: they need a network or a GPU.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.server.conftest import free_port, wait_healthy

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@dataclass
class Block:
    """One fenced block: its language, whether and how it runs, its text, the output it promises."""

    lang: str
    kind: str  # "cpu", "cpu-server", or "" (not run)
    code: str
    expect: list[str]
    line: int


def blocks(text: str) -> list[Block]:
    """The fenced blocks of `text` in order, each runnable one with the `text` block after it."""
    found: list[Block] = []
    for m in FENCE.finditer(text):
        info = m.group(1).split()
        lang, kind = (info + ["", ""])[:2]
        line = text.count("\n", 0, m.start()) + 1
        if lang == "text" and found and found[-1].kind and text[: m.start()].endswith("```\n"):
            found[-1].expect = [s for s in m.group(2).splitlines() if s.strip()]
            continue
        found.append(Block(lang, kind, m.group(2), [], line))
    return found


BLOCKS = blocks(README.read_text())
RUNNABLE = [b for b in BLOCKS if b.kind == "cpu"]
SERVERS = [b for b in BLOCKS if b.kind == "cpu-server"]


def env() -> dict[str, str]:
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    pythonpath = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))
    return {**os.environ, "PATH": path, "PYTHONPATH": pythonpath}


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A free port with the README's server blocks running on it, each in its own process group."""
    port = free_port()
    log = tmp_path_factory.mktemp("readme-serve") / "stderr.txt"
    procs: list[subprocess.Popen[bytes]] = []
    try:
        with log.open("w") as err:
            for block in SERVERS:
                command = ["bash", "-c", block.code.strip() + f" --port {port}"]
                procs.append(subprocess.Popen(command, cwd=log.parent, env=env(), stderr=err, start_new_session=True))
        wait_healthy(f"http://127.0.0.1:{port}", lambda: all(p.poll() is None for p in procs), log, "a server block")
        yield port
    finally:
        for p in procs:
            os.killpg(p.pid, signal.SIGTERM)
            p.wait(timeout=30)


def param(block: Block) -> object:
    """A compiling block is marked slow (it still runs in CI)."""
    marks = [pytest.mark.slow] if "qcompile.compile(" in block.code else []
    return pytest.param(block, id=f"line{block.line}-{block.lang}", marks=marks)


def test_the_readme_has_runnable_blocks_of_each_kind() -> None:
    """The convention is in use: a README edit that drops every marker would otherwise pass."""
    assert {b.lang for b in RUNNABLE} == {"python", "bash"} and len(SERVERS) == 1
    assert all(b.expect for b in RUNNABLE), [b.line for b in RUNNABLE if not b.expect]


@pytest.mark.parametrize("block", [param(b) for b in RUNNABLE])
def test_block_runs_as_written(block: Block, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    if block.lang == "bash" and "curl " in block.code and shutil.which("curl") is None:
        pytest.skip("curl is not installed")
    code = block.code
    if "127.0.0.1:8000" in code:  # a client of the server block: start it (once) on a free port
        code = code.replace("127.0.0.1:8000", f"127.0.0.1:{request.getfixturevalue('port')}")
    command = [sys.executable, "-c", code] if block.lang == "python" else ["bash", "-euo", "pipefail", "-c", code]
    done = subprocess.run(command, cwd=tmp_path, env=env(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"README line {block.line} failed:\n{done.stdout}\n{done.stderr}"
    missing = [s for s in block.expect if s not in done.stdout]
    assert not missing, f"README line {block.line}: {missing} not in its output:\n{done.stdout}"


def test_links_point_at_files() -> None:
    """Every relative link of the README names a file or folder of this checkout."""
    targets = [t for t in LINK.findall(README.read_text()) if "://" not in t]
    assert targets
    assert [t for t in targets if not (ROOT / t).exists()] == []
