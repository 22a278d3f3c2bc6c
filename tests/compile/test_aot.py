"""Dynamo's AOT compile: a forward saved by one process runs in the next untraced, bitwise the same."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
import toy

from model.fuse import SKINNY_PLANS
from qcompile.compiler import aot
from qcompile.compiler.compiled import CompiledForward
from qcompile.engine.engine_config import EngineConfig

CHILD = Path(__file__).with_name("aot_child.py")


def _child(checkpoint: Path, aot_dir: Path, caches: Path | None, out: Path, *device_dtype: str) -> dict[str, object]:
    """One child process; with `caches`, Inductor's and Triton's cache folders fresh under it."""
    env = dict(os.environ)
    if caches is not None:
        env |= {"TORCHINDUCTOR_CACHE_DIR": str(caches / "inductor"), "TRITON_CACHE_DIR": str(caches / "triton")}
    done = subprocess.run(
        [sys.executable, str(CHILD), str(checkpoint), str(aot_dir), str(out), *device_dtype],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return torch.load(out)


@pytest.mark.parametrize(
    "device_dtype", [("cpu", "float32"), pytest.param(("cuda", "bfloat16"), marks=pytest.mark.gpu)], ids=str
)
def test_saved_forward_loads_untraced_and_bitwise(
    tiny8_ckpt: Path, tmp_path: Path, device_dtype: tuple[str, str]
) -> None:
    """The second process loads the first's forward (fresh Inductor and Triton caches: the file holds
    the compiled pieces), traces nothing, hooks every piece again and matches the first bit for bit. The
    first compiles with the caches it inherits: a save whose pieces Inductor's cache served loads as well."""
    aot_dir = tmp_path / "aot"
    first = _child(tiny8_ckpt, aot_dir, None, tmp_path / "first.pt", *device_dtype)
    second = _child(tiny8_ckpt, aot_dir, tmp_path / "caches", tmp_path / "second.pt", *device_dtype)
    assert (first["loaded"], first["traces"]) == (False, 1)
    assert (second["loaded"], second["traces"]) == (True, 0)
    assert second["hooks"] == first["hooks"] > 0
    assert len(list(aot_dir.iterdir())) == 1
    for a, b in zip(first["logprobs"], second["logprobs"], strict=True):
        assert torch.equal(a, b)


def test_key_follows_what_decides_the_trace() -> None:
    module = torch.nn.Linear(4, 4)
    args = [torch.zeros(3, 4)]
    settings = {"scope": "kernel", "ranges": [(1, 1), (2, 8)]}
    key = aot.aot_key(module, settings, args, 3)
    assert key == aot.aot_key(module, dict(settings), [torch.ones(3, 4)], 3)
    assert key == aot.aot_key(module, settings, [torch.zeros(5, 4)], 5)  # the token count is symbolic
    assert key != aot.aot_key(module, settings | {"scope": "block"}, args, 3)
    assert key != aot.aot_key(module, settings, [torch.zeros(3, 4, dtype=torch.float64)], 3)
    assert key != aot.aot_key(torch.nn.Linear(4, 5), settings, args, 3)
    planned = torch.nn.Linear(4, 4)
    planned.plan = [1, 2]  # a skinny GEMM plan, baked into the trace (Dynamo guards on its ints)
    assert key != aot.aot_key(planned, settings, args, 3)
    retimed = torch.nn.Linear(4, 4)
    retimed.plan = [1, 3]
    assert aot.aot_key(retimed, settings, args, 3) != aot.aot_key(planned, settings, args, 3)
    merged, unplanned = torch.nn.Sequential(torch.nn.Linear(4, 4)), torch.nn.Sequential(torch.nn.Linear(4, 4))
    setattr(merged[0], SKINNY_PLANS, {"w_merged": [1, 2]})
    assert aot.aot_key(merged, settings, args, 3) != aot.aot_key(unplanned, settings, args, 3)


def test_unreadable_file_is_traced_again(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "forward-x.bin"
    assert aot.load(path, torch.nn.Linear(4, 4), [torch.zeros(3, 4)], None) is None  # none saved yet
    path.write_bytes(b"not a compiled forward")
    assert aot.load(path, torch.nn.Linear(4, 4), [torch.zeros(3, 4)], None) is None
    assert f"{path} did not load" in caplog.text


@pytest.mark.parametrize("scope,dynamic", [("layer", "oblivious"), ("kernel", "oblivious"), ("kernel", "unbacked")])
def test_toy_loads_in_process(scope: str, dynamic: str, tmp_path: Path) -> None:
    """After a Dynamo reset, a second compile of the same module loads the first's file: no trace,
    the same outputs at every size of every range."""
    torch.manual_seed(0)
    m = toy.ToyModel()
    outs = []
    for _ in range(2):
        torch._dynamo.reset()
        c = CompiledForward(m, [(1, 1), (2, 8)], scope, dynamic=dynamic, aot_dir=tmp_path)
        got = {}
        for n in (1, 3, 8):  # fresh tensors, as served: a tensor marked dynamic for a trace fails a loaded guard
            for layer in m.layers:
                layer.mixer.state.zero_()
            got[n] = c(torch.randint(0, 32, (n,), generator=torch.Generator().manual_seed(n)))
        outs.append((c.aot_loaded, c.backend.traces, got))
    (loaded0, traces0, first), (loaded1, traces1, second) = outs
    assert (loaded0, traces0, loaded1, traces1) == (False, 1, True, 0)
    assert all(torch.equal(first[n], second[n]) for n in first)


def test_unsaveable_forward_still_compiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise RuntimeError("no saving here")

    monkeypatch.setattr(aot, "trace_and_save", refuse)
    torch.manual_seed(0)
    m = toy.ToyModel()
    c = CompiledForward(m, [(2, 8)], "kernel", aot_dir=tmp_path)
    x = torch.arange(4)
    with pytest.warns(UserWarning, match="the AOT compile failed .RuntimeError: no saving here"):
        got = c(x)
    assert c.backend.traces == 1 and not c.aot_loaded and not any(tmp_path.iterdir())
    assert got.shape == (4, toy.HIDDEN)


def test_unwritable_folder_runs_unsaved(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A save that fails costs no second trace: the forward runs as compiled, and says where it could not write."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    torch.manual_seed(0)
    c = CompiledForward(toy.ToyModel(), [(2, 8)], "kernel", aot_dir=blocker / "aot")
    assert c(torch.arange(4)).shape == (4, toy.HIDDEN)
    assert c.backend.traces == 1 and not c.aot_loaded
    assert "the compiled forward was not saved" in caplog.text


def test_the_commands_pass_the_aot_dir_on(
    tmp_path: Path,
    launched: tuple[list[EngineConfig], list[EngineConfig]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A compiling `generate` or `serve` saves and loads its forward in Inductor's cache folder unless told
    another folder (`--aot-dir`, which alone turns compiling on) or none (`--no-aot`)."""
    from qcompile.commands.cli import main

    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path / "inductor"))
    for command in (["generate", "--prompt", "hi"], ["serve"]):
        main([*command, "--scope", "kernel", "--aot-dir", str(tmp_path)])
        main([*command, "--aot-dir", str(tmp_path)])
        main([*command, "--scope", "kernel"])
        main([*command, "--scope", "kernel", "--no-aot"])
        main(command)  # eager: no compile config at all
        with pytest.raises(SystemExit):
            main([*command, "--aot-dir", str(tmp_path), "--no-aot"])
        assert f"--aot-dir {tmp_path} and --no-aot:" in capsys.readouterr().err
    cores, serves = launched
    configs = [c.compile_config() for c in cores + serves]
    default = tmp_path / "inductor" / "qcompile-aot"
    runs = [("kernel", tmp_path), ("layer", tmp_path), ("kernel", default), ("kernel", None), None]
    assert [c and (c.scope, c.aot_dir) for c in configs] == runs * 2
