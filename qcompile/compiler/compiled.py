"""The compiled forward: a module's forward, compiled per token-count range by `QBackend`."""

from __future__ import annotations

import contextlib
import functools
import inspect
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

import torch

from model.context import HostBatch, forward_context
from qcompile.compiler import aot
from qcompile.compiler.backend import QBackend
from qcompile.compiler.caches import graph_caches_off
from qcompile.compiler.ranges import RangeSpec, RangeTable, normalize_ranges, warmup_sizes
from qcompile.ops.region_ops import register_modules, scope
from qcompile.ops.registry import check_scopes

DYNAMIC_MODES = ("oblivious", "unbacked")


class WarmupBatch(Protocol):
    host: HostBatch

    def tensors(self) -> tuple[torch.Tensor, ...]: ...


def _first_tensor(args: Sequence[Any], kwargs: dict[str, Any]) -> torch.Tensor | None:
    return next((a for a in (*args, *kwargs.values()) if isinstance(a, torch.Tensor)), None)


class CompiledForward:
    """Calls `module` through Dynamo + `QBackend` for token counts inside a range, eagerly outside.

    Every compiled call runs without autograd: this is an inference compile, and Dynamo guards on
    the grad mode, so a warmup under one mode and serving under another would trace again, at
    static sizes. The token count is dim 0 of the first tensor argument. On the first compiled call, dim 0 of every
    tensor argument of that size is marked dynamic over `[min start, max end]`, without 0/1
    specialisation (`dynamic="oblivious"`: backed sizes with `backed_size_oblivious`; `"unbacked"`:
    `mark_unbacked`), so one trace serves every range, size 1 included. `wrap_piece` wraps every
    compiled piece (CUDA graphs' piece hooks), so piecewise graphs need no second compile.
    `share_pieces=False` compiles the pieces of identical layers one by one (for comparison);
    `inductor` patches Inductor's config for every piece (`QBackend`). With `aot_dir`, the first
    compiled call loads the forward a process with the same code and settings saved there
    (`qcompile/compiler/aot.py`), or traces and saves it: a later start skips Dynamo's trace.
    """

    def __init__(
        self,
        module: torch.nn.Module,
        ranges: Sequence[RangeSpec],
        scope: str | None,
        *,
        wrap_piece: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None,
        dump_dir: str | Path | None = None,
        dynamic: str = "oblivious",
        share_pieces: bool = True,
        inductor: Sequence[tuple[str, Any]] = (),
        aot_dir: str | Path | None = None,
    ) -> None:
        if dump_dir is not None and aot_dir is not None:
            raise ValueError("dump_dir and aot_dir: a loaded forward has no trace to dump; pass one of them")
        if dynamic not in DYNAMIC_MODES:
            raise ValueError(f"dynamic must be one of {DYNAMIC_MODES}, not {dynamic!r}")
        if dynamic == "oblivious" and not hasattr(torch.fx.experimental._config, "backed_size_oblivious"):
            raise ValueError("this torch has no backed_size_oblivious; use dynamic='unbacked'")
        if scope is not None:
            check_scopes((scope,))
        self.module = module
        self.ranges = normalize_ranges(ranges)
        self.table = RangeTable(self.ranges)
        self.scope = scope
        self.dump_dir = None if dump_dir is None else str(dump_dir)
        self.dynamic = dynamic
        self.backend = QBackend(self.ranges, scope, wrap_piece=wrap_piece, share_pieces=share_pieces, inductor=inductor)
        register_modules(module)
        self._compiled: Callable[..., Any] = torch.compile(module, backend=self.backend, fullgraph=True, dynamic=False)
        self.aot_dir = None if aot_dir is None else Path(aot_dir)
        self.aot_loaded = False  # whether the forward came from `aot_dir` untraced
        self._aot_settings = {
            "scope": scope,
            "ranges": self.ranges,
            "dynamic": dynamic,
            "share_pieces": share_pieces,
            "inductor": sorted(self.backend.inductor.items()),
        }  # with the code, the module and `QCOMPILE_*` variables: `aot.aot_key`
        self._traced = False
        self._aot_resolved = False
        self._warmed = False
        self._warned = False

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        first = _first_tensor(args, kwargs)
        n = first.shape[0] if first is not None and first.dim() > 0 else None
        if n is None or self.table.find(n) is None:
            if not self._warned:
                self._warned = True
                warnings.warn(
                    f"qcompile: token count {n} is outside the compile ranges {self.ranges}; "
                    "running eagerly (warned once)",
                    stacklevel=2,
                )
            return self.module(*args, **kwargs)
        with self._tracing_context(n, args, kwargs), scope(self.scope), torch.no_grad():
            if self.aot_dir is not None and not self._aot_resolved:
                self._aot_resolved = True
                self._compiled = self._aot_forward(n, args, kwargs)
            return self._compiled(*args, **kwargs)

    def _aot_forward(self, n: int, args: Sequence[Any], kwargs: dict[str, Any]) -> Callable[..., Any]:
        """The forward saved in `aot_dir` for this code and these settings, else a fresh AOT compile saved there."""
        if kwargs:
            raise TypeError("an AOT-compiled forward takes its tensors positionally")
        rows = n if self.table.lo != self.table.hi else -1
        path = self.aot_dir / f"forward-{aot.aot_key(self.module, self._aot_settings, args, rows)}.bin"
        fn = aot.load(path, self.module, args, self.backend.wrap_piece)
        self.aot_loaded = fn is not None
        if fn is None:
            # a loaded forward's guards fail on tensors marked dynamic: so mark only to trace
            self._mark_dynamic(n, args)
            try:
                fn = aot.trace_and_save(self.module, self.backend.dispatch, args, path)
            except Exception as e:  # what the AOT compile alone refuses (a guard it cannot save, say)
                warnings.warn(
                    f"qcompile: the AOT compile failed ({type(e).__name__}: {e}); compiling unsaved", stacklevel=3
                )
                return self._compiled
        return functools.partial(fn, self.module)

    @contextlib.contextmanager
    def _tracing_context(self, n: int, args: Sequence[Any], kwargs: dict[str, Any]) -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            if self.dynamic == "oblivious":
                stack.enter_context(torch.fx.experimental._config.patch(backed_size_oblivious=True))
            if not self._traced:
                self._traced = True
                if self.aot_dir is None:  # else marked only if nothing loads (`_aot_forward`)
                    self._mark_dynamic(n, [*args, *kwargs.values()])
                if self.dump_dir is not None:
                    import depyf

                    # full dumps need the AOT and post-grad stages, which a cache hit skips
                    stack.enter_context(graph_caches_off())
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

    def warmup(self, make_batch: Callable[[int], WarmupBatch]) -> list[int]:
        """Run every range once at a size valid for the whole range (`warmup_sizes`); returns the sizes.

        `make_batch(n)` builds a batch of `n` rows (its host metadata and tensors). The first
        (largest) call traces and compiles every range; after warmup no token count inside a range
        compiles again. A second warmup does nothing.
        """
        if self._warmed:
            return []
        self._warmed = True
        sizes = warmup_sizes(self.ranges)
        for n in sizes:
            batch = make_batch(n)
            with forward_context(batch.host):
                self(*batch.tensors())
        return sizes


def _mark_unbacked(t: torch.Tensor, lo: int, hi: int) -> None:
    mark = torch._dynamo.decorators.mark_unbacked
    if {"min", "max"} <= inspect.signature(mark).parameters.keys():  # bounds are newer than 2.11
        mark(t, 0, min=lo, max=hi)
    else:
        mark(t, 0)
