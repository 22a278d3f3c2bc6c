"""Graph capture on the device, and the piecewise graphs of a compiled forward's pieces.

Replay outputs are *views of graph memory*: a replay writes them in place, so they are valid until
the next replay of any graph of the same runner (all graphs share one pool, and sizes reuse each
other's memory). Graph outputs are kept as non-owning aliases, as vLLM keeps weak references: the
pool block goes back to the pool after capture, so the next (smaller) capture reuses it, and the
replays, which repeat the capture's allocation pattern exactly, never overlap live data.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import torch
from torch.utils._pytree import tree_map_only

from model import context
from model.context import RuntimeMode


class Graph(Protocol):
    def replay(self) -> None: ...


class GraphDevice(Protocol):
    """What capture needs from a device. `CudaGraphs` is the real one; CPU tests use a stand-in."""

    def side_stream(self) -> contextlib.AbstractContextManager[None]:
        """Where warmups and captures run (the current stream waits for it afterwards)."""
        ...

    def capture(self, fn: Callable[[], Any]) -> tuple[Graph, Any]:
        """Capture `fn()` into a new graph in the shared pool; returns the graph and `fn`'s output."""
        ...

    def hold(self, output: Any) -> Any:
        """What a runner keeps of a captured output to hand out after each replay."""
        ...

    def memory_used(self) -> int:
        """Device bytes in use, after draining work and freeing cached blocks outside the graph pool."""
        ...

    def pool_bytes(self) -> int:
        """Bytes the shared graph pool has reserved: the memory the graphs themselves keep."""
        ...


def weak_alias(t: torch.Tensor) -> torch.Tensor:
    """A tensor over `t`'s memory that does not keep that memory alive."""
    storage = t.untyped_storage()
    alias = torch._C._construct_storage_from_data_pointer(storage.data_ptr(), t.device, storage.nbytes())
    return torch.empty((), dtype=t.dtype, device=t.device).set_(alias, t.storage_offset(), t.shape, t.stride())


class CudaGraphs:
    """CUDA graphs in one private memory pool, warmed up and captured on one side stream."""

    def __init__(self, device: torch.device) -> None:
        self.device = device
        self.pool = torch.cuda.graph_pool_handle()
        self.stream = torch.cuda.Stream(device)

    @contextlib.contextmanager
    def side_stream(self) -> Iterator[None]:
        current = torch.cuda.current_stream(self.device)
        self.stream.wait_stream(current)
        try:
            with torch.cuda.stream(self.stream):
                yield
        finally:
            current.wait_stream(self.stream)

    def capture(self, fn: Callable[[], Any]) -> tuple[Graph, Any]:
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph, pool=self.pool, stream=self.stream):
            out = fn()
        return graph, out

    def hold(self, output: Any) -> Any:
        return tree_map_only(torch.Tensor, weak_alias, output)

    def memory_used(self) -> int:
        torch.cuda.synchronize(self.device)
        torch.cuda.empty_cache()
        free, total = torch.cuda.mem_get_info(self.device)
        return total - free

    def pool_bytes(self) -> int:
        segments = torch.cuda.memory_snapshot()
        return sum(s["total_size"] for s in segments if tuple(s["segment_pool_id"]) == tuple(self.pool))


class PieceHook:
    """One compiled piece of one compile range. When the forward context says PIECEWISE, it runs as
    that size's graph (captured on the capture step); otherwise, FULL captures included, it calls
    the piece."""

    def __init__(self, fn: Callable[..., Any], graphs: PieceGraphs) -> None:
        self.fn, self.graphs = fn, graphs

    def __call__(self, *args: Any) -> Any:
        ctx = context.peek()
        d = None if ctx is None else ctx.descriptor
        if d is None or d.mode is not RuntimeMode.PIECEWISE:
            return self.fn(*args)
        return self.graphs.run_piece(self, d.padded, ctx.capturing, args)


def _addresses(args: Sequence[Any]) -> list[Any]:
    return [a.data_ptr() if isinstance(a, torch.Tensor) else a for a in args]


@dataclass
class _PieceGraph:
    graph: Graph
    addresses: list[Any]
    output: Any


class PieceGraphs:
    """The piecewise graphs of one compiled forward, one per (piece, size).

    `hook` wraps each compiled piece when it is compiled; the graphs exist once a graphed forward
    gives the store a device and captures. A piece graph reads its inputs where they were at
    capture. They are always there: forward inputs are views of the graphed forward's persistent
    buffers, parameters and state never move, and every other input is an earlier piece's output in
    the graph pool (the splitting ops between pieces mutate caller-owned outputs and return
    nothing). A replay checks that and raises otherwise, rather than copying into memory that may no
    longer be the graph's.
    """

    def __init__(self) -> None:
        self.device: GraphDevice | None = None
        self.entries: dict[tuple[PieceHook, int], _PieceGraph] = {}

    def hook(self, fn: Callable[..., Any]) -> PieceHook:
        return PieceHook(fn, self)

    def reset(self, device: GraphDevice) -> None:
        """Drop every graph (a new graphed forward captures its own) and capture on `device` from now on."""
        self.device, self.entries = device, {}

    def run_piece(self, hook: PieceHook, size: int, capturing: bool, args: Sequence[Any]) -> Any:
        entry = self.entries.get((hook, size))
        if entry is None:
            if not capturing or self.device is None:
                raise RuntimeError(
                    f"no piecewise graph for {size} tokens: the dispatcher chose a size that was not captured"
                )
            graph, out = self.device.capture(lambda: hook.fn(*args))
            self.entries[(hook, size)] = _PieceGraph(graph, _addresses(args), self.device.hold(out))
            return out
        now = _addresses(args)
        if now != entry.addresses:
            moved = [i for i, (a, b) in enumerate(zip(now, entry.addresses, strict=True)) if a != b]
            raise RuntimeError(f"piecewise graph for {size} tokens: inputs {moved} are not where they were at capture")
        entry.graph.replay()
        return entry.output

    def __len__(self) -> int:
        return len(self.entries)
