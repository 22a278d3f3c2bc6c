"""`GraphedForward`: any forward over flat batches, run through CUDA graphs as the runner says.

The forward follows the batch contract (docs/design.md): positional 1-D int64 inputs of `N` rows,
one output of `N` rows. The runner decides how a batch runs (`dispatcher.dispatch`), builds it with
that many rows and publishes the `BatchDescriptor` in the forward context; this wrapper does what
the descriptor says and decides nothing. Graphed inputs are copied into persistent buffers first.
Outputs of graphed calls are graph memory: valid until the next call (consume or copy them before
then; stream order makes "launch the next step after queueing the reads of this one" safe).

What the wrapper needs of the model it serves is `GraphTarget`: the padding batch that warmup and
capture run on (the model knows which rows write nowhere), and how many requests it holds.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import torch

from model.context import BatchDescriptor, HostBatch, RuntimeMode, forward_context, peek
from qcompile.cudagraph.dispatcher import DEFAULT_MAX_CAPTURE_SIZE, Dispatcher, Range, resolve_capture_sizes
from qcompile.cudagraph.graphs import CudaGraphs, Graph, GraphDevice, PieceGraphs
from qcompile.cudagraph.modes import resolve_mode

log = logging.getLogger(__name__)


class PaddingBatch(Protocol):
    host: HostBatch

    def tensors(self) -> tuple[torch.Tensor, ...]: ...


class GraphTarget(Protocol):
    max_num_seqs: int

    def padding_batch(self, rows: int) -> PaddingBatch: ...

    def parameters(self) -> object: ...


@dataclass(frozen=True)
class ModeCapture:
    """What capturing one runtime mode's graphs took."""

    mode: str
    sizes: tuple[int, ...]
    graphs: int
    seconds: float
    bytes: int  # device memory in use after minus before: the pool, graph executables, library workspaces
    pool_bytes: int  # growth of the graph pool: the graph memory proper


@dataclass(frozen=True)
class CaptureStats:
    """Per-mode capture time and graph memory: the graph pool's growth, and all device memory the
    capture took (pool, instantiated graphs, workspaces of libraries first used on the capture stream)."""

    requested: str
    mode: str
    modes: tuple[ModeCapture, ...] = field(default_factory=tuple)

    @property
    def seconds(self) -> float:
        return sum(m.seconds for m in self.modes)

    @property
    def bytes(self) -> int:
        return sum(m.bytes for m in self.modes)

    @property
    def pool_bytes(self) -> int:
        return sum(m.pool_bytes for m in self.modes)

    @property
    def graphs(self) -> int:
        return sum(m.graphs for m in self.modes)

    def summary(self) -> str:
        lines = [
            f"qcompile: cudagraph={self.mode} (asked {self.requested}): {self.graphs} graphs, "
            f"pool {self.pool_bytes / 2**30:.3f} GiB (device {self.bytes / 2**30:.3f} GiB), {self.seconds:.2f} s"
        ]
        lines += [
            f"  {m.mode:<9} {m.graphs:>5} graphs  pool {m.pool_bytes / 2**30:.3f} GiB  device "
            f"{m.bytes / 2**30:.3f} GiB  {m.seconds:6.2f} s  sizes {list(m.sizes)}"
            for m in self.modes
        ]
        return "\n".join(lines)


@dataclass
class _FullGraph:
    graph: Graph
    output: torch.Tensor


class GraphedForward:
    """`forward` with CUDA graphs of mode `cudagraph`, captured on the first graphed call or by `capture()`.

    `pieces` is the piece-graph store whose hooks wrap a compiled forward's pieces (None for an
    uncompiled forward: then only FULL decode graphs exist). `ranges` are the compile ranges (an
    uncompiled forward may be graphed at any size up to the capture limit). `warmup` runs before the
    first capture, so the compiled forward traces there, never inside a capture.
    """

    def __init__(
        self,
        forward: Callable[..., torch.Tensor],
        target: GraphTarget,
        cudagraph: str,
        *,
        pieces: PieceGraphs | None = None,
        ranges: Sequence[Range] = (),
        capture_sizes: Sequence[int] | None = None,
        max_capture_size: int | None = None,
        warmup: Callable[[], object] | None = None,
        device: GraphDevice | None = None,
    ) -> None:
        self.device = device if device is not None else _cuda_graphs(target)
        if not getattr(target, "max_num_seqs", 0):
            raise RuntimeError("CUDA graphs need the model's state: call init_state(max_num_seqs, max_model_len) first")
        self.forward, self.target, self.pieces, self.ranges = forward, target, pieces, list(ranges)
        self.plan = resolve_mode(cudagraph, pieces is not None)
        if not self.plan.uses_graphs:
            raise ValueError(f"cudagraph={cudagraph!r} captures no graphs here; call the forward itself")
        graph_ranges = self.ranges or [(1, max_capture_size or DEFAULT_MAX_CAPTURE_SIZE)]
        sizes = resolve_capture_sizes(capture_sizes, graph_ranges, max_capture_size)
        self.dispatcher = Dispatcher(self.plan, sizes, target.max_num_seqs, self.ranges)
        if pieces is not None:
            pieces.reset(self.device)
        self._warmup = warmup
        self.full: dict[int, _FullGraph] = {}
        self.inputs: list[torch.Tensor] = []
        self.stats: CaptureStats | None = None

    @property
    def cudagraph_mode(self) -> str:
        """The mode that runs, after downgrades (see `qcompile.cudagraph.modes`)."""
        return self.plan.name

    @property
    def capture_sizes(self) -> list[int]:
        return self.dispatcher.capture_sizes

    @torch.no_grad()  # as capture: graphs serve inference, and Dynamo guards on the grad mode
    def __call__(self, *args: torch.Tensor) -> torch.Tensor:
        ctx = peek()
        d = None if ctx is None else ctx.descriptor
        if d is None or d.mode is RuntimeMode.NONE:
            return self.forward(*args)
        if args[0].shape[0] != d.padded:
            raise ValueError(f"the batch has {args[0].shape[0]} rows, its descriptor says {d.padded}")
        if self.stats is None:
            self.capture()
        views = self._load(args)
        if d.mode is RuntimeMode.FULL:
            entry = self.full[d.padded]
            entry.graph.replay()
            return entry.output
        return self.forward(*views)

    def _load(self, args: Sequence[torch.Tensor]) -> list[torch.Tensor]:
        if len(args) != len(self.inputs):
            raise TypeError(f"the graphed forward takes {len(self.inputs)} positional tensors, got {len(args)}")
        n = args[0].shape[0]
        views = []
        for buf, a in zip(self.inputs, args, strict=True):
            if a.shape != (n,):
                raise ValueError(f"graphed inputs must all be 1-D with {n} rows, got shape {tuple(a.shape)}")
            buf[:n].copy_(a)
            views.append(buf[:n])
        return views

    @torch.no_grad()
    def capture(self) -> CaptureStats:
        """Capture every graph the dispatcher can choose (piecewise, then full; largest first)."""
        if self.stats is not None:
            return self.stats
        largest = self.target.padding_batch(self.dispatcher.capture_sizes[-1])
        self.inputs = [t.clone() for t in largest.tensors()]
        modes = []
        with self.device.side_stream():
            if self._warmup is not None:
                self._warmup()
            for mode in (RuntimeMode.PIECEWISE, RuntimeMode.FULL):
                sizes = [s for m, s in self.dispatcher.graph_keys() if m is mode]
                if sizes:
                    modes.append(self._capture_mode(mode, sizes))
        self.stats = CaptureStats(self.plan.requested, self.plan.name, tuple(modes))
        log.info("%s", self.stats.summary())
        return self.stats

    def _capture_mode(self, mode: RuntimeMode, sizes: list[int]) -> ModeCapture:
        start, before, pool_before = time.perf_counter(), self.device.memory_used(), self.device.pool_bytes()
        pieces_before = len(self.pieces) if self.pieces is not None else 0
        for s in sizes:
            batch = self.target.padding_batch(s)
            views = self._load(batch.tensors())
            d = BatchDescriptor(mode, s, s)
            with forward_context(batch.host):
                self.forward(*views)  # warm this size up outside any graph
            if mode is RuntimeMode.FULL:
                with forward_context(batch.host, d, capturing=True):
                    graph, out = self.device.capture(lambda views=views: self.forward(*views))
                self.full[s] = _FullGraph(graph, self.device.hold(out))
            else:
                with forward_context(batch.host, d, capturing=True):
                    self.forward(*views)
        count = len(sizes) if mode is RuntimeMode.FULL else len(self.pieces or ()) - pieces_before
        return ModeCapture(
            mode.value,
            tuple(sizes),
            count,
            time.perf_counter() - start,
            self.device.memory_used() - before,
            self.device.pool_bytes() - pool_before,
        )


def _cuda_graphs(target: GraphTarget) -> GraphDevice:
    device = next(iter(target.parameters())).device  # type: ignore[call-overload]
    if device.type != "cuda":
        raise ValueError(f"CUDA graphs need a model on a CUDA device, not {device}; use cudagraph='none'")
    return CudaGraphs(device)
