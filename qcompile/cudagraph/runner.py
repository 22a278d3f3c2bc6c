"""The graph runner: dispatch, persistent inputs, capture (with accounting) and replay of one forward.

The forward follows the batch contract (docs/design.md): positional 1-D int64 inputs of `N` rows,
one output of `N` rows. Before a replay the batch is copied into persistent buffers; rows past it
are padding rows (token 0, position 0, the trash slot for `slots`/`write_slots`), which write
nothing into real request state. The output is the first `N` rows of the graph's output memory:
valid until the next call of this runner (consume or copy it before then; stream order makes
"launch the next step after queueing the reads of this one" safe).
"""

from __future__ import annotations

import functools
import inspect
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import torch

from model import context
from model.context import HostBatch, forward_context
from qcompile.cudagraph.dispatcher import Dispatcher
from qcompile.cudagraph.graphs import Graph, GraphDevice, GraphStep, PieceGraphs, graph_step
from qcompile.cudagraph.modes import ModePlan, RuntimeMode

log = logging.getLogger(__name__)

TRASH_INPUTS = ("slots", "write_slots")  # forward inputs that padding rows point at the trash slot


def padding_values(module: torch.nn.Module) -> tuple[int, ...]:
    """The value of each forward input in a padding row (needs the model's state to exist)."""
    names = list(inspect.signature(module.forward).parameters)
    if any(n in TRASH_INPUTS for n in names) and not getattr(module, "max_num_seqs", 0):
        raise RuntimeError("capture needs the model's state: call init_state(max_num_seqs, max_model_len) first")
    return tuple(module.trash_slot if n in TRASH_INPUTS else 0 for n in names)


class StaticInputs:
    """One persistent int64 buffer per forward input, `rows` long; graphs read their first rows."""

    def __init__(self, pad: Sequence[int], rows: int, device: torch.device) -> None:
        self.pad = tuple(pad)
        self.buffers = [torch.full((rows,), v, dtype=torch.int64, device=device) for v in self.pad]

    def load(self, args: Sequence[torch.Tensor], padded: int) -> list[torch.Tensor]:
        """Copy the batch in and pad it to `padded` rows; returns the views a graph was captured on."""
        if len(args) != len(self.buffers):
            raise TypeError(f"the graphed forward takes {len(self.buffers)} positional tensors, got {len(args)}")
        n = args[0].shape[0]
        views = []
        for buf, a, pad in zip(self.buffers, args, self.pad, strict=True):
            if a.shape != (n,):
                raise ValueError(f"graphed inputs must all be 1-D with {n} rows, got shape {tuple(a.shape)}")
            buf[:n].copy_(a)
            buf[n:padded].fill_(pad)
            views.append(buf[:padded])
        return views

    def padding(self, rows: int) -> list[torch.Tensor]:
        """Views of `rows` padding rows (what warmup and capture run on)."""
        for buf, pad in zip(self.buffers, self.pad, strict=True):
            buf[:rows].fill_(pad)
        return [buf[:rows] for buf in self.buffers]


def padding_host(rows: int, trash_slot: int) -> HostBatch:
    """Host metadata of `rows` padding rows, laid out as a uniform decode batch in the trash slot, so
    every opaque kernel takes its tensor-only path (the one a FULL graph must freeze)."""
    return HostBatch(tuple(range(rows + 1)), (0,) * rows, (trash_slot,) * rows, rows)


@dataclass(frozen=True)
class ModeCapture:
    """What capturing one runtime mode's graphs took."""

    mode: str
    sizes: tuple[int, ...]
    graphs: int
    seconds: float
    bytes: int       # device memory in use after minus before: the pool, graph executables, library workspaces
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
        lines = [f"qcompile: cudagraph={self.mode} (asked {self.requested}): {self.graphs} graphs, "
                 f"pool {self.pool_bytes / 2**30:.3f} GiB (device {self.bytes / 2**30:.3f} GiB), {self.seconds:.2f} s"]
        lines += [f"  {m.mode:<9} {m.graphs:>5} graphs  pool {m.pool_bytes / 2**30:.3f} GiB  device "
                  f"{m.bytes / 2**30:.3f} GiB  {m.seconds:6.2f} s  sizes {list(m.sizes)}" for m in self.modes]
        return "\n".join(lines)


@dataclass
class _Full:
    graph: Graph
    output: torch.Tensor


class GraphRunner:
    """Runs `forward` per the dispatcher: without graphs, piecewise (through the backend's piece
    hooks), or as one FULL graph. Graphs are captured on the first graphed call, or by `capture()`.

    `warm_sizes` are run once (largest first) before any capture, on padding rows: the compiled
    forward traces and compiles there, never inside a capture.
    """

    def __init__(self, forward: Callable[..., torch.Tensor], model: torch.nn.Module, plan: ModePlan,
                 capture_sizes: Sequence[int], device: GraphDevice, warm_sizes: Sequence[int] = ()) -> None:
        self.forward, self.model, self.plan = forward, model, plan
        self.sizes = sorted(capture_sizes)
        self.device = device
        self.warm_sizes = sorted(warm_sizes, reverse=True)
        self.pieces = PieceGraphs(device)
        self.full: dict[int, _Full] = {}
        self.inputs: StaticInputs | None = None
        self.stats: CaptureStats | None = None
        self._dispatcher: Dispatcher | None = None

    @property
    def dispatcher(self) -> Dispatcher:
        """Frozen at capture; before that it follows the model's current `max_num_seqs`."""
        if self._dispatcher is not None:
            return self._dispatcher
        return Dispatcher(self.plan, self.sizes, getattr(self.model, "max_num_seqs", 0) or None)

    @torch.no_grad()  # as capture: graphs serve inference, and Dynamo guards on the grad mode
    def __call__(self, *args: torch.Tensor) -> torch.Tensor:
        n = args[0].shape[0]
        d = self.dispatcher.dispatch(n, _uniform_decode())
        if d.mode is RuntimeMode.NONE:
            return self.forward(*args)
        if self.stats is None:
            self.capture()
        assert self.inputs is not None
        views = self.inputs.load(args, d.padded)
        if d.mode is RuntimeMode.FULL:
            entry = self.full[d.padded]
            entry.graph.replay()
            out = entry.output
        else:
            with graph_step(GraphStep(RuntimeMode.PIECEWISE, d.padded, self.pieces)):
                out = self.forward(*views)
        return out[:n]

    @torch.no_grad()
    def capture(self) -> CaptureStats:
        """Capture every graph the dispatcher can choose (piecewise, then full; largest first)."""
        if self.stats is not None:
            return self.stats
        pad = padding_values(self.model)
        trash = getattr(self.model, "trash_slot", 0)
        dispatcher = Dispatcher(self.plan, self.sizes, getattr(self.model, "max_num_seqs", 0) or None)
        inputs = StaticInputs(pad, dispatcher.capture_sizes[-1], _device_of(self.model))
        modes = []
        with self.device.side_stream():
            for n in self.warm_sizes:
                with forward_context(padding_host(n, trash)):
                    self.forward(*[torch.full((n,), v, dtype=torch.int64, device=inputs.buffers[0].device)
                                   for v in pad])
            for mode in (RuntimeMode.PIECEWISE, RuntimeMode.FULL):
                sizes = [s for m, s in dispatcher.graph_keys() if m is mode]
                if sizes:
                    modes.append(self._capture_mode(mode, sizes, inputs, trash))
        self.inputs, self._dispatcher = inputs, dispatcher
        self.stats = CaptureStats(self.plan.requested, self.plan.name, tuple(modes))
        print(self.stats.summary(), flush=True)
        return self.stats

    def _capture_mode(self, mode: RuntimeMode, sizes: list[int], inputs: StaticInputs, trash: int) -> ModeCapture:
        start, before, pool_before = time.perf_counter(), self.device.memory_used(), self.device.pool_bytes()
        graphs_before = len(self.pieces)
        for s in sizes:
            views = inputs.padding(s)
            host = padding_host(s, trash)
            run = functools.partial(_run_with_host, self.forward, host, views)
            run()  # warmup at this size, outside any graph
            if mode is RuntimeMode.FULL:
                graph, out = self.device.capture(run)
                self.full[s] = _Full(graph, self.device.hold(out))
            else:
                with graph_step(GraphStep(RuntimeMode.PIECEWISE, s, self.pieces, capturing=True)):
                    run()
        count = len(sizes) if mode is RuntimeMode.FULL else len(self.pieces) - graphs_before
        return ModeCapture(mode.value, tuple(sizes), count, time.perf_counter() - start,
                           self.device.memory_used() - before, self.device.pool_bytes() - pool_before)


def _run_with_host(forward: Callable[..., torch.Tensor], host: HostBatch, views: list[torch.Tensor]) -> torch.Tensor:
    with forward_context(host):
        return forward(*views)


def _uniform_decode() -> bool:
    try:
        return context.current().uniform_decode
    except RuntimeError:  # no forward context: not a model batch, so never a FULL decode graph
        return False


def _device_of(module: torch.nn.Module) -> torch.device:
    return next(module.parameters()).device
