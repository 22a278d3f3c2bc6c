"""Stage lines: name and elapsed time on one line, compile ranges nested; Inductor's cache noise hidden."""

from __future__ import annotations

import importlib
import inspect
import logging
import re
from pathlib import Path

import pytest

from qcompile.commands.cli import main
from qcompile.commands.dump import no_inductor_caches
from qcompile.engine.progress import compile_stages, stage

TIME = r"\s+\d+\.\d\d s"


def test_a_stage_prints_its_name_then_its_time(capsys: pytest.CaptureFixture[str]) -> None:
    with stage("load checkpoint"):
        pass
    assert re.fullmatch(rf"  load checkpoint{TIME}\n", capsys.readouterr().err)


def test_a_failed_stage_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(KeyError), stage("capture"):
        raise KeyError("x")
    assert re.fullmatch(r"  capture\s+failed\n", capsys.readouterr().err)


def test_compile_ranges_get_a_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    """As the backend logs one record per piece and range: a line per range, then the total."""
    backend = logging.getLogger("qcompile.compiler.backend")
    with compile_stages("compile (2 ranges)"):
        for r in ((1, 1), (2, 256)):
            for piece in ("submod_0", "submod_2"):
                backend.info("qcompile: compiling %s for range %s (%s)", piece, r, "from_example_inputs")
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].strip() == "compile (2 ranges)"
    assert re.fullmatch(rf"    range 1-1{TIME}", lines[1]) and re.fullmatch(rf"    range 2-256{TIME}", lines[2])
    assert re.fullmatch(rf"  compile \(2 ranges\){TIME}", lines[3]) and len(lines) == 4
    assert not backend.handlers  # the handler goes again


def test_inductor_cache_noise_is_hidden_only_while_caches_are_off() -> None:
    module = "torch._inductor.standalone_compile"
    assert "standalone_compile artifact generation failed" in inspect.getsource(importlib.import_module(module))
    logger = logging.getLogger(module)

    def record(msg: str) -> logging.LogRecord:
        return logger.makeRecord(module, logging.WARNING, __file__, 1, msg, (), None)

    noise = record("standalone_compile artifact generation failed, cannot save. Run with TORCH_LOGS=...")
    with no_inductor_caches():
        assert not logger.filter(noise) and logger.filter(record("something else"))
    assert logger.filter(noise)


@pytest.mark.slow
def test_a_compiled_generate_shows_its_compile(tiny_ckpt: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A compile takes minutes on a large model: it is a stage of its own, with a line per range, before
    the first batch (which then compiles nothing). `--no-aot`: a forward saved by an earlier run of this
    code (the default AOT folder outlives the run) would load with nothing to compile."""
    main(["generate", "--model", str(tiny_ckpt), "--scope", "layer", "--ranges", "2:16", "--max-tokens", "2",
          "--prompt", "Hello there", "--no-aot"])  # fmt: skip
    timed = [line.split()[:2] for line in capsys.readouterr().err.splitlines() if re.search(rf"{TIME}$", line)]
    assert timed == [
        ["load", "checkpoint"],
        ["range", "2-16"],
        ["compile", "(1"],
        ["warmup", timed[3][1]],
        ["generate", "(1"],
    ]
