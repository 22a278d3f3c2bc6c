"""`qcompile.compile`: a module wrapper with the same forward, compiled per token-count range."""

from __future__ import annotations

import contextlib
import inspect
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import torch

from qcompile.compiler.backend import QBackend
from qcompile.compiler.ranges import Range, RangeSpec, RangeTable, normalize_ranges, warmup_sizes
from qcompile.cudagraph.graphs import PieceHook
from qcompile.cudagraph.module import GraphedModule
from qcompile.ops.regions import register_modules, scope

DYNAMIC_MODES = ("oblivious", "unbacked")


def _first_tensor(args: Sequence[Any], kwargs: dict[str, Any]) -> torch.Tensor | None:
    return next((a for a in (*args, *kwargs.values()) if isinstance(a, torch.Tensor)), None)


class CompiledModule(GraphedModule):
    """Calls `module` through Dynamo + `QBackend` for token counts inside a range, eagerly outside.

    The token count is dim 0 of the first tensor argument. On the first compiled call, dim 0 of every
    tensor argument of that size is marked dynamic over `[min start, max end]`, without 0/1
    specialisation (`dynamic="oblivious"`: backed sizes with `backed_size_oblivious`; `"unbacked"`:
    `mark_unbacked`), so one trace serves every range, size 1 included.

    With a `cudagraph` mode other than "none", calls go through CUDA graphs (`GraphedModule`): every
    compiled piece is wrapped in a piece hook, so piecewise graphs need no second compile, and
    `set_cudagraph` can switch modes over the same compiled code.
    """

    piecewise_available = True

    def __init__(self, module: torch.nn.Module, ranges: Sequence[RangeSpec], scope: str | None,
                 dump_dir: str | None = None, dynamic: str = "oblivious", cudagraph: str = "none",
                 capture_sizes: Sequence[int] | None = None, max_capture_size: int | None = None) -> None:
        super().__init__(module, "none")
        if dynamic not in DYNAMIC_MODES:
            raise ValueError(f"dynamic must be one of {DYNAMIC_MODES}, not {dynamic!r}")
        if dynamic == "oblivious" and not hasattr(torch.fx.experimental._config, "backed_size_oblivious"):
            raise ValueError("this torch has no backed_size_oblivious; use dynamic='unbacked'")
        self.ranges = normalize_ranges(ranges)
        self.table = RangeTable(self.ranges)
        self.scope = scope
        self.dump_dir = dump_dir
        self.dynamic = dynamic
        self.backend = QBackend(self.ranges, scope, wrap_piece=PieceHook)
        register_modules(module)
        self._compiled = torch.compile(module, backend=self.backend, fullgraph=True, dynamic=False)
        self._traced = False
        self._warned = False
        self.set_cudagraph(cudagraph, capture_sizes, max_capture_size)

    def compile_ranges(self, max_capture_size: int | None) -> list[Range]:
        return self.ranges

    def warm_sizes(self) -> list[int]:
        return [] if self._traced else warmup_sizes(self.ranges)

    def run(self, *args: Any, **kwargs: Any) -> Any:
        first = _first_tensor(args, kwargs)
        n = first.shape[0] if first is not None and first.dim() > 0 else None
        if n is None or self.table.find(n) is None:
            if not self._warned:
                self._warned = True
                warnings.warn(f"qcompile: token count {n} is outside the compile ranges {self.ranges}; "
                              "running eagerly (warned once)", stacklevel=2)
            return self.module(*args, **kwargs)
        with self._tracing_context(n, args, kwargs), scope(self.scope):
            return self._compiled(*args, **kwargs)

    @contextlib.contextmanager
    def _tracing_context(self, n: int, args: Sequence[Any], kwargs: dict[str, Any]) -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            if self.dynamic == "oblivious":
                stack.enter_context(torch.fx.experimental._config.patch(backed_size_oblivious=True))
            if not self._traced:
                self._traced = True
                self._mark_dynamic(n, [*args, *kwargs.values()])
                if self.dump_dir is not None:
                    import depyf

                    # full dumps need the AOT and post-grad stages, which a cache hit skips
                    stack.enter_context(torch._inductor.config.patch(force_disable_caches=True))
                    stack.enter_context(depyf.prepare_debug(self.dump_dir))
            yield

    def _mark_dynamic(self, n: int, inputs: Sequence[Any]) -> None:
        lo, hi = self.table.lo, self.table.hi
        if lo == hi:
            return
        for t in inputs:
            if isinstance(t, torch.Tensor) and t.dim() > 0 and t.shape[0] == n:
                if self.dynamic == "unbacked":
                    _mark_unbacked(t, lo, hi)
                else:
                    torch._dynamo.mark_dynamic(t, 0, min=lo, max=hi)

    def warmup(self, make_inputs: Callable[[int], tuple[tuple[Any, ...], dict[str, Any]]]) -> list[int]:
        """Run every range at a size valid for the whole range (`warmup_sizes`); returns the sizes.

        `make_inputs(n)` builds `(args, kwargs)` for `n` tokens. The first (largest) call traces and
        compiles every range; after warmup no token count inside a range compiles again.
        """
        sizes = warmup_sizes(self.ranges)
        for n in sizes:
            args, kwargs = make_inputs(n)
            self(*args, **kwargs)
        return sizes


def _mark_unbacked(t: torch.Tensor, lo: int, hi: int) -> None:
    mark = torch._dynamo.decorators.mark_unbacked
    if {"min", "max"} <= inspect.signature(mark).parameters.keys():  # bounds are newer than 2.11
        mark(t, 0, min=lo, max=hi)
    else:
        mark(t, 0)


def compile(module: torch.nn.Module, ranges: Sequence[RangeSpec] = ((1, 256),), scope: str | None = "layer",
            cudagraph: str = "none", dump_dir: str | None = None, dynamic: str = "oblivious",
            capture_sizes: Sequence[int] | None = None, max_capture_size: int | None = None) -> CompiledModule:
    """Compile `module` for the token-count `ranges` with regions opaque as `scope` says.

    `cudagraph` is one of "none", "piecewise", "full", "full_decode_only", "full_and_piecewise"
    (vLLM's meanings; see `qcompile.cudagraph.modes`). Graphs are captured at `capture_sizes`
    (default: `qcompile.cudagraph.default_capture_sizes` up to `max_capture_size`, which defaults
    to min(512, the largest range end)) on the first graphed call or by `compiled.capture()`;
    `compiled.capture_stats` then reports capture time and graph memory per mode.

    `dump_dir` writes depyf's dump (decompiled bytecode, Dynamo, post-grad and per-pass graphs,
    Inductor output code) during the first compiled call, with Inductor's caches off.
    """
    return CompiledModule(module, ranges, scope, dump_dir=dump_dir, dynamic=dynamic, cudagraph=cudagraph,
                          capture_sizes=capture_sizes, max_capture_size=max_capture_size)
