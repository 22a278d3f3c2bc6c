"""Progress on stderr for the engine's start and the commands: each stage with its elapsed time,
compile ranges one by one.

A load, a compile or a graph capture can take minutes; a stage line says which one is running and,
once done, how long it took. Lines go to stderr, so stdout keeps only results (tables, summaries).
"""

from __future__ import annotations

import contextlib
import logging
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from qcompile.compiler.ranges import Range

if TYPE_CHECKING:
    from qcompile.engine.core import EngineCore
    from qcompile.engine.engine_config import EngineConfig
    from qcompile.engine.model_source import ResolvedModel

WIDTH = 44  # stage names are padded to this, so the times line up
_open_line = False  # a stage's name is printed and waits for its time on the same line


def _emit(text: str, end: str = "\n") -> None:
    global _open_line
    print(text, end=end, file=sys.stderr, flush=True)
    _open_line = end == ""


@contextlib.contextmanager
def stage(name: str, indent: int = 2) -> Iterator[None]:
    """Print `name`, run the block, then its wall time on the same line; a nested stage's lines
    come in between, and the name is printed again beside the time."""
    if _open_line:
        _emit("")  # a stage inside another: the outer one's name keeps its own line
    label = f"{' ' * indent}{name:<{WIDTH}} "
    _emit(label, end="")
    start = time.perf_counter()
    try:
        yield
    except BaseException:
        _emit(("" if _open_line else label) + "failed")
        raise
    _emit(("" if _open_line else label) + f"{time.perf_counter() - start:7.2f} s")


class _RangeStages(logging.Handler):
    """Turns the backend's per-piece "compiling" records into one stage per compile range."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.current: Range | None = None
        self.stages = contextlib.ExitStack()

    def emit(self, record: logging.LogRecord) -> None:
        args = record.args if isinstance(record.args, tuple) else ()
        r = next((a for a in args if isinstance(a, tuple) and len(a) == 2), None)
        if r is None or r == self.current:
            return
        self.stages.close()
        self.current = r
        self.stages.enter_context(stage(f"range {r[0]}-{r[1]}", indent=4))


@contextlib.contextmanager
def compile_stages(name: str) -> Iterator[None]:
    """`stage(name)`, with a line per compile range compiled inside it (as the backend logs them)."""
    logger = logging.getLogger("qcompile.compiler.backend")
    handler = _RangeStages()
    level = logger.level
    logger.addHandler(handler)
    if not logger.isEnabledFor(logging.INFO):
        logger.setLevel(logging.INFO)
    try:
        with stage(name), handler.stages:
            yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def prepare_core(core: EngineCore) -> None:
    """Run an engine core's start-up stages (compile per range, capture, warmup), one stage line each."""
    for step in core.startup_stages():
        with compile_stages(step.name) if step.key == "compile" else stage(step.name):
            detail = step.run()
        if detail is not None:
            print(f"    {detail}", file=sys.stderr)


def start_core(config: EngineConfig, resolved: ResolvedModel | None = None) -> EngineCore:
    """Load and prepare an engine core, one stage line each: how `LLM`, `qcompile generate` and
    `qcompile serve` start, so each shows the load, the compile per range and the capture as it runs."""
    from qcompile.engine.core import EngineCore

    with compile_stages("load checkpoint"):
        core = EngineCore(config, resolved)
    print(f"    {core.pool_summary()}", file=sys.stderr)
    if core.expert_summary is not None:
        print(f"    {core.expert_summary}", file=sys.stderr)
    try:
        prepare_core(core)
    except BaseException:
        core.close()
        raise
    return core
