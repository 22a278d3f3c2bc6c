"""Run a function through Inductor with a PassManager and record the graph around each pass."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch
import torch.fx as fx
from torch._inductor.utils import run_and_get_code

from qcompile.compiler.caches import graph_caches_off
from qcompile.passes import PassManager
from qcompile.passes.graph_utils import QPass, targets


def compile_with(
    fn: Callable[..., Any],
    args: Sequence[Any],
    passes: Sequence[QPass] | None,
    scope: str | None = "kernel",
    **inductor: Any,
) -> tuple[Any, str, dict[str, list[str]]]:
    """(result, generated code, {stage: call targets}); caches off so the passes really run."""
    stages: dict[str, list[str]] = {}

    def observe(stage: str, graph: fx.Graph) -> None:
        stages.setdefault(stage, targets(graph))

    manager = PassManager(scope=scope, passes=passes, observer=observe)
    torch._dynamo.reset()
    with graph_caches_off(), torch._inductor.config.patch(post_grad_custom_post_pass=manager, **inductor):
        result, code = run_and_get_code(torch.compile(fn, fullgraph=True), *args)
    return result, "\n".join(code), stages


def call_body(code: str) -> str:
    """The `call` function of Inductor's output code, where buffers are allocated and ops run."""
    return code[code.index("def call(self, args)") :]
