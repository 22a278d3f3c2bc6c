"""A CPU stand-in for `CudaGraphs`: "capture" runs the function and keeps it, "replay" runs it again
and writes the results into the captured outputs, so outputs behave as graph memory does.

It freezes what a CUDA graph freezes (the function, its arguments, the host metadata the capture
closure installs), so replays that read stale inputs or frozen host data give wrong numbers here too.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import torch
from torch.utils._pytree import tree_flatten


class FakeGraph:
    def __init__(self, fn: Callable[[], Any], output: Any) -> None:
        self.fn, self.output = fn, output
        self.replays = 0

    def replay(self) -> None:
        self.replays += 1
        new, _ = tree_flatten(self.fn())
        old, _ = tree_flatten(self.output)
        for dst, src in zip(old, new, strict=True):
            if isinstance(dst, torch.Tensor):
                dst.copy_(src)


class FakeGraphs:
    def __init__(self) -> None:
        self.graphs: list[FakeGraph] = []

    def side_stream(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def capture(self, fn: Callable[[], Any]) -> tuple[FakeGraph, Any]:
        out = fn()
        graph = FakeGraph(fn, out)
        self.graphs.append(graph)
        return graph, out

    def hold(self, output: Any) -> Any:
        return output

    def memory_used(self) -> int:
        return 0

    def pool_bytes(self) -> int:
        return 0
