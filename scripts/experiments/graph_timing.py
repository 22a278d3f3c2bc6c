"""µs a call of a GPU function, timed as CUDA graph replays (no launch gaps from the host)."""

from __future__ import annotations

from collections.abc import Callable

import torch


def graphed_us(fn: Callable[[], object], iters: int) -> float:
    """Mean µs of `fn` replayed `iters` times inside one CUDA graph (warmed and compiled first, on a side
    stream as capture wants)."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        fn()
        fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(iters):
            fn()
    graph.replay()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    graph.replay()
    end.record()
    torch.cuda.synchronize()
    del graph
    return start.elapsed_time(end) * 1e3 / iters
