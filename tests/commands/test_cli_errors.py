"""Common mistakes end in one line naming the flag, path, field or port, a non-zero exit, no traceback.

Each check fails before any model loads, so these run in-process in well under a second each.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

from model.checkpoint.errors import CheckpointError
from qcompile.commands.ablate import ablate
from qcompile.commands.bench import check_prefill_graphs
from qcompile.commands.checks import UsageError
from qcompile.commands.cli import main

ROOT = Path(__file__).resolve().parents[2]
no_cuda = pytest.mark.skipif(torch.cuda.is_available(), reason="checks the message of a machine without CUDA")


def one_line_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the CLI, expect a non-zero exit with exactly one line on stderr and no traceback."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code not in (0, None)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture
def port_in_use() -> Iterator[int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


@pytest.fixture
def bad_field_ckpt(tmp_path: Path, tiny_ckpt: Path) -> Path:
    """tiny's config with an activation the model does not run, beside a (never read) weights file."""
    config = json.loads((tiny_ckpt / "config.json").read_text())
    config["text_config"]["hidden_act"] = "gelu"
    (tmp_path / "config.json").write_text(json.dumps(config))
    (tmp_path / "model.safetensors").write_bytes(b"")
    return tmp_path


@pytest.mark.parametrize(
    "command", [["serve"], ["generate"], ["dump", "--scope", "layer", "--out", "/tmp/unused"], ["ablate"]]
)
def test_a_wrong_model_path(command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere"
    line = one_line_error([*command, "--model", str(missing)], capsys)
    assert "--model" in line and str(missing) in line and "no such folder" in line


@pytest.mark.parametrize(
    ("files", "says"),
    [((), "no config.json"), (("config.json",), "no *.safetensors"), (("notes.txt",), "no config.json")],
)
def test_a_folder_that_is_not_a_checkpoint(
    files: tuple[str, ...], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in files:
        (tmp_path / name).write_text("{}")
    line = one_line_error(["serve", "--model", str(tmp_path)], capsys)
    assert f"--model {tmp_path}" in line and says in line


def test_a_config_field_the_model_cannot_run(
    bad_field_ckpt: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = one_line_error(
        ["dump", "--model", str(bad_field_ckpt), "--scope", "layer", "--out", str(tmp_path / "d")], capsys
    )
    assert "hidden_act" in line and "gelu" in line


@pytest.mark.parametrize(
    ("flags", "names"),
    [
        (["--scope", "foo"], ["--scope", "foo"]),
        (["--ranges", "5:2"], ["--ranges", "5:2"]),
        (["--ranges", "1:4,3:8"], ["--ranges", "overlap"]),
        (["--ranges", "one"], ["--ranges", "one"]),
        (["--cudagraph", "fancy"], ["--cudagraph", "fancy"]),
        (["--port", "99999"], ["--port", "99999"]),
        (["--max-num-seqs", "0"], ["--max-num-seqs"]),
        (["--max-model-len", "99999"], ["--max-model-len 99999", "max_position_embeddings"]),
        (["--kv-cache-memory", "4XB"], ["--kv-cache-memory", "512MiB", "'4XB'"]),
        (["--kv-cache-memory", "0.1"], ["--kv-cache-memory", "at least one byte"]),
        (["--gpu-memory-utilization", "1.5"], ["--gpu-memory-utilization", "(0, 1]", "1.5"]),
        (["--gpu-memory-utilization", "most"], ["--gpu-memory-utilization", "'most'"]),
        (["--capture-sizes", "8,0"], ["--capture-sizes", "8,0"]),
        (["--max-capture-size", "64"], ["--max-capture-size", "--cudagraph"]),
        (["--cudagraph", "piecewise", "--capture-sizes", "8,4096"], ["--capture-sizes", "[4096]", "--ranges"]),
        (
            ["--cudagraph", "piecewise", "--ranges", "1:64", "--max-capture-size", "128"],
            ["--max-capture-size", "[96, 128]"],
        ),
    ],
)
def test_bad_serve_flags(flags: list[str], names: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(["serve", *flags], capsys)
    assert all(n in line for n in names), line


def test_a_port_in_use_or_a_foreign_host_is_named_before_the_model_loads(
    port_in_use: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_load(*args: object, **kwargs: object) -> None:
        raise AssertionError("the model loaded before the port was checked")

    monkeypatch.setattr("qcompile.commands.serve.load_engine", no_load)
    line = one_line_error(["serve", "--port", str(port_in_use)], capsys)
    assert f"--port {port_in_use}" in line and "already in use" in line
    line = one_line_error(["serve", "--host", "192.0.2.1"], capsys)  # TEST-NET-1: no machine's own address
    assert "--host 192.0.2.1" in line and "not an address of this machine" in line


@no_cuda
@pytest.mark.parametrize(
    "command", [["serve"], ["generate"], ["ablate"], ["make-checkpoint", "--preset", "tiny", "--out", "/tmp/unused"]]
)
def test_cuda_without_cuda(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error([*command, "--device", "cuda"], capsys)
    assert "--device" in line and "no CUDA device" in line


@no_cuda
def test_bench_without_cuda_points_at_its_smoke_mode(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(["bench"], capsys)
    assert "--device cuda" in line and "no CUDA device" in line and "--smoke" in line


def test_bench_prefill_graphs_need_cuda_and_a_mode_that_graphs_mixed_batches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = one_line_error(["bench", "--smoke", "--prefill-graphs"], capsys)
    assert "--prefill-graphs" in line and "--device cuda" in line
    args = argparse.Namespace(
        device="cuda", smoke=False, prefill=[(1, 64)], tensor_parallel_size=1, modes=["none", "full_decode_only"]
    )
    with pytest.raises(UsageError, match="--prefill-graphs: none of --modes none,full_decode_only"):
        check_prefill_graphs(args)
    check_prefill_graphs(argparse.Namespace(**{**vars(args), "modes": ["full_decode_only", "full"]}))


def test_bench_no_merge_is_refused_with_tensor_parallelism(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(["bench", "--smoke", "--no-merge", "--tensor-parallel-size", "2"], capsys)
    assert line.count("--no-merge") == 1 and "engine" in line


def test_bench_fp8_moe_activations_need_block_fp8_experts_on_cuda(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(["bench", "--smoke", "--moe-activation-dtype", "fp8"], capsys)
    assert "--moe-activation-dtype fp8" in line and "--quant-experts None on --device cpu" in line


@pytest.mark.parametrize(
    ("command", "flag", "good"),
    [(["ablate"], "--scopes", "layer"), (["bench", "--smoke"], "--scopes", "eager"), (["bench"], "--modes", "full")],
)
def test_lists_are_checked_before_any_runs(
    command: list[str], flag: str, good: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The whole list, before the first entry runs: only the unknown entry is named."""
    line = one_line_error([*command, flag, f"{good},foo"], capsys)
    assert flag in line and "'foo'" in line and f"'{good}'" not in line.split("known")[0]


def test_ablate_rejects_an_unknown_scope_before_the_eager_run() -> None:
    """The check comes first: no model is touched (this one would fail on first use)."""
    with pytest.raises(ValueError, match="'foo'"):
        ablate(object(), ["layer", "foo"])  # type: ignore[arg-type]


def test_debug_shows_the_traceback(tmp_path: Path) -> None:
    with pytest.raises(CheckpointError, match="no such folder"):
        main(["serve", "--model", str(tmp_path / "nowhere"), "--debug"])


def test_unexpected_errors_keep_their_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug, not a mistake")

    monkeypatch.setattr("qcompile.commands.serve.serve", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        main(["serve"])


def test_the_installed_entry_point_prints_one_line(tmp_path: Path) -> None:
    """`python -m qcompile` as a user runs it: the exit status and stderr of the real process."""
    missing = tmp_path / "nowhere"
    proc = subprocess.run(
        [sys.executable, "-m", "qcompile", "serve", "--model", str(missing)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1
    [line] = proc.stderr.strip().splitlines()
    assert line.startswith(f"qcompile serve: error: --model {missing}: no such folder (nor a preset: ")


def test_graph_modes_on_cpu_are_named_before_the_load(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(["serve", "--scope", "layer", "--cudagraph", "full_decode_only", "--device", "cpu"], capsys)
    assert "--cudagraph full_decode_only and --device cpu: CUDA graphs need a CUDA device" in line


def test_parsing_imports_no_compiler() -> None:
    """A mistake costs torch's import, not Inductor's: the parser and its checks leave the compiler out."""
    code = (
        "import sys; from qcompile.commands.cli import build_parser; build_parser(); "
        "print(sorted(m for m in sys.modules if m.startswith(('qcompile.compiler.backend', 'torch._dynamo'))))"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_an_out_folder_that_cannot_be_made_is_named_before_the_load(
    tmp_path: Path, tiny_ckpt: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_load(*args: object, **kwargs: object) -> None:
        raise AssertionError("the model loaded before --out was checked")

    monkeypatch.setattr("model.checkpoint.loader.load_model", no_load)
    (tmp_path / "file").write_text("")
    out = tmp_path / "file" / "dump"
    line = one_line_error(["dump", "--scope", "layer", "--out", str(out), "--model", str(tiny_ckpt)], capsys)
    assert str(out) in line and "Not a directory" in line


def test_an_empty_list_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(["ablate", "--scopes", ","], capsys)
    assert "--scopes" in line and "comma list of block, kernel, layer" in line


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["bench", "--preset", "full", "--anchor-steps", "4"], "--anchor-steps"),
        (["bench", "--smoke", "--pinned-ple"], "--pinned-ple"),
        (["make-checkpoint", "--preset", "full", "--out", "/tmp/unused-full"], "build_random"),
    ],
)
def test_the_full_preset_is_only_built_in_memory(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The full preset has no transformers model: asking for its anchor or checkpoint says so at once."""
    line = one_line_error(argv, capsys)
    assert named in line and ("full" in line or "anchor" in line)


@pytest.mark.parametrize(
    "command", [["serve", "--no-skinny-gemm"], ["generate", "--no-skinny-gemm"], ["bench", "--smoke"]]
)
def test_skinny_plans_need_the_skinny_gemm_on(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error([*command, "--skinny-plans", "/tmp/unused.json"], capsys)
    assert "--skinny-plans" in line and "off" in line


@pytest.mark.parametrize("command", [["serve"], ["generate"], ["bench", "--smoke", "--skinny-gemm"]])
def test_a_bad_skinny_plan_file_is_one_line_before_the_load(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("triton", reason="the skinny GEMM needs Triton")
    plans = tmp_path / "plans.json"
    plans.write_text('{"some GPU | torch 2 | triton 3": {"bfloat16 64x32": [1, 2]}}')
    line = one_line_error([*command, "--skinny-plans", str(plans)], capsys)
    assert str(plans) in line and "'bfloat16 64x32'" in line and "30 ints" in line


@pytest.mark.parametrize(
    ("patches", "named"),
    [
        ("combo_kernel=True", "'combo_kernel': torch._inductor.config has no such option"),
        ("post_grad_custom_post_pass=1", "qcompile installs its pass pipeline there"),
        ("combo_kernels", "'combo_kernels': expected NAME=VALUE"),
        ("combo_kernels=yes", "'combo_kernels=yes': the value must be a Python literal"),
    ],
)
def test_bench_inductor_config_is_checked_before_any_runs(
    patches: str, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = one_line_error(["bench", "--smoke", "--inductor-config", patches], capsys)
    assert "--inductor-config" in line and named in line
