"""`qcompile.compile`: the compiled forward, composed with CUDA graphs when the config asks for them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import torch

from qcompile.compiler.backend import QBackend
from qcompile.compiler.compiled import CompiledForward
from qcompile.compiler.ranges import Range
from qcompile.config import CompileConfig
from qcompile.cudagraph import CaptureStats, Dispatcher, GraphedForward, PieceGraphs, resolve_mode


class Compiled:
    """What `qcompile.compile` returns: a module's compiled forward, and CUDA graphs over it.

    The compiled pieces are wrapped in piece hooks from the start, so `set_cudagraph` can switch
    graph modes over the same compiled code with no second compile. `dispatcher` decides how each
    batch runs; the runner asks it and publishes the answer in the forward context.
    """

    def __init__(self, module: torch.nn.Module, config: CompileConfig) -> None:
        self.module, self.config = module, config
        self.pieces = PieceGraphs()
        self.compiled = CompiledForward(
            module,
            config.ranges,
            config.scope,
            wrap_piece=self.pieces.hook,
            dump_dir=config.dump_dir,
            dynamic=config.dynamic,
            inductor=config.inductor,
            aot_dir=config.aot_dir,
        )
        self.graphed: GraphedForward | None = None
        self.set_cudagraph(config.cudagraph, config.capture_sizes, config.max_capture_size)

    def set_cudagraph(
        self, cudagraph: str, capture_sizes: Sequence[int] | None = None, max_capture_size: int | None = None
    ) -> None:
        """Switch the graph mode; the previous mode's graphs are dropped, the new ones captured on
        first use or by `capture()`."""
        self.graphed = None
        self.plan = resolve_mode(cudagraph, piecewise_available=True)
        if self.plan.uses_graphs:
            self.graphed = GraphedForward(
                self.compiled,
                self.module,
                cudagraph,
                pieces=self.pieces,
                ranges=self.compiled.ranges,
                capture_sizes=capture_sizes,
                max_capture_size=max_capture_size,
                warmup=self.warmup,
            )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.graphed is None:
            return self.compiled(*args, **kwargs)
        if kwargs:
            raise TypeError("a graphed forward takes its tensors positionally")
        return self.graphed(*args)

    def warmup(self) -> list[int]:
        """Compile every range now (on the module's padding batches); returns the sizes run."""
        return self.compiled.warmup(self.module.padding_batch)  # type: ignore[operator]

    def capture(self) -> CaptureStats | None:
        """Capture every graph now (else the first graphed call does); None without graphs."""
        return None if self.graphed is None else self.graphed.capture()

    @property
    def dispatcher(self) -> Dispatcher:
        if self.graphed is not None:
            return self.graphed.dispatcher
        return Dispatcher(self.plan, ranges=self.compiled.ranges)

    @property
    def cudagraph_mode(self) -> str:
        """The mode that runs, after downgrades (see `qcompile.cudagraph.modes`)."""
        return self.plan.name

    @property
    def capture_stats(self) -> CaptureStats | None:
        return None if self.graphed is None else self.graphed.stats

    @property
    def capture_sizes(self) -> list[int]:
        return [] if self.graphed is None else self.graphed.capture_sizes

    @property
    def aot_loaded(self) -> bool:
        """Whether the forward was loaded from `config.aot_dir` without a trace."""
        return self.compiled.aot_loaded

    @property
    def backend(self) -> QBackend:
        return self.compiled.backend

    @property
    def ranges(self) -> list[Range]:
        return self.compiled.ranges

    @property
    def scope(self) -> str | None:
        return self.compiled.scope


def compile(module: torch.nn.Module, config: CompileConfig | None = None, **options: Any) -> Compiled:
    """Compile `module`'s forward as `config` (or `CompileConfig(**options)`) says.

    `cudagraph` is one of "none", "piecewise", "full", "full_decode_only", "full_and_piecewise"
    (vLLM's meanings; see `qcompile.cudagraph.modes`); a graphed module must provide
    `padding_batch(rows)` and `max_num_seqs` (the model does after `init_state`). `dump_dir` writes
    depyf's dump (Dynamo, post-grad and per-pass graphs, Inductor output code) during the first
    compiled call, with Inductor's caches off.
    """
    if config is None:
        config = CompileConfig(**options)
    elif options:
        raise TypeError(f"pass options either in config or as keywords, not both: {sorted(options)}")
    check_compilable(module)
    return Compiled(module, config)


def check_compilable(module: object) -> None:
    """Refuse up front what `compile` cannot compile, which would otherwise fail deep inside Dynamo or
    Inductor: it takes an `nn.Module` whose forward runs through qcompile regions (`model.regions.region`;
    such as `model.qwen4_exp.Qwen4ExpForCausalLM`). transformers' own Qwen4-Exp classes run no regions. The
    model's state may come after (`init_state`): nothing compiles before the first call."""
    from qcompile.ops.region_ops import runs_regions

    name = f"{type(module).__module__}.{type(module).__qualname__}"
    takes = "it takes our model.qwen4_exp.Qwen4ExpForCausalLM or a module built of qcompile regions"
    if not isinstance(module, torch.nn.Module):
        raise TypeError(f"qcompile.compile: {name} is not a torch.nn.Module; {takes}")
    if not runs_regions(module):
        raise TypeError(f"qcompile.compile: {name} runs no qcompile regions; {takes}")
