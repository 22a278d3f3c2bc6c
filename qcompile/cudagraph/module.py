"""`GraphedModule`: a module whose forward runs through CUDA graphs as a `cudagraph` mode says.

Used directly it graphs an uncompiled module (vLLM's `-O0` with a graph mode: only FULL decode
graphs exist without a split graph); `qcompile.compile`'s `CompiledModule` builds on it with
piecewise graphs over the backend's pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch

from qcompile.compiler.ranges import Range
from qcompile.cudagraph.dispatcher import DEFAULT_MAX_CAPTURE_SIZE, Dispatcher, resolve_capture_sizes
from qcompile.cudagraph.graphs import CudaGraphs, GraphDevice
from qcompile.cudagraph.modes import ModePlan, resolve_mode
from qcompile.cudagraph.runner import CaptureStats, GraphRunner


def make_graph_device(module: torch.nn.Module) -> GraphDevice:
    device = next(module.parameters()).device
    if device.type != "cuda":
        raise ValueError(f"CUDA graphs need a module on a CUDA device, not {device}; use cudagraph='none'")
    return CudaGraphs(device)


class GraphedModule(torch.nn.Module):
    """`module` with CUDA graphs; outputs of graphed calls are valid until the next call (see
    `qcompile.cudagraph.runner`)."""

    piecewise_available = False

    def __init__(self, module: torch.nn.Module, cudagraph: str = "full_decode_only",
                 capture_sizes: Sequence[int] | None = None, max_capture_size: int | None = None) -> None:
        super().__init__()
        self.module = module
        self.graphs: GraphRunner | None = None
        self.plan: ModePlan = resolve_mode("none", self.piecewise_available)
        if cudagraph != "none":  # subclasses set up what `run` needs first, then call set_cudagraph
            self.set_cudagraph(cudagraph, capture_sizes, max_capture_size)

    def compile_ranges(self, max_capture_size: int | None) -> list[Range]:
        """Token counts graphs may be captured at: any, up to the limit, for an uncompiled module."""
        return [(1, max_capture_size or DEFAULT_MAX_CAPTURE_SIZE)]

    def warm_sizes(self) -> list[int]:
        """Sizes to run once before the first capture (the compiled module traces there)."""
        return []

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """The forward without graphs."""
        return self.module(*args, **kwargs)

    def set_cudagraph(self, cudagraph: str, capture_sizes: Sequence[int] | None = None,
                      max_capture_size: int | None = None) -> None:
        """Switch the graph mode. The previous mode's graphs are dropped (their memory returns once
        nothing holds their outputs); the new ones are captured on first use or by `capture()`."""
        self.plan = resolve_mode(cudagraph, self.piecewise_available)
        self.graphs = None
        if self.plan.uses_graphs:
            sizes = resolve_capture_sizes(capture_sizes, self.compile_ranges(max_capture_size), max_capture_size)
            self.graphs = GraphRunner(self.run, self.module, self.plan, sizes, make_graph_device(self.module),
                                      self.warm_sizes())

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        if self.graphs is None:
            return self.run(*args, **kwargs)
        if kwargs:
            raise TypeError("a graphed forward takes its tensors positionally")
        return self.graphs(*args)

    def capture(self) -> CaptureStats | None:
        """Capture every graph now (else the first graphed call does); None without graphs."""
        return None if self.graphs is None else self.graphs.capture()

    @property
    def cudagraph_mode(self) -> str:
        """The mode that runs, after downgrades (see `qcompile.cudagraph.modes`)."""
        return self.plan.name

    @property
    def capture_stats(self) -> CaptureStats | None:
        return None if self.graphs is None else self.graphs.stats

    @property
    def dispatcher(self) -> Dispatcher | None:
        return None if self.graphs is None else self.graphs.dispatcher

    @property
    def capture_sizes(self) -> list[int]:
        """Sizes some graph exists for: a scheduler pads batches to these (see `Dispatcher.padded_size`)."""
        return [] if self.graphs is None else self.graphs.dispatcher.capture_sizes
