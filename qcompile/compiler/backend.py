"""The torch.compile backend: split at splitting ops, compile each piece per compile range.

Dynamo traces the model once with the token dimension symbolic over the union of the ranges. The
backend cuts that graph at registry ops tagged as splitting (`split_module(keep_original_order=True)`
keeps mutation order), so each non-splitting piece can later become one CUDA graph. For every range
it compiles every piece with Inductor, under a `PassManager` keyed on scope and range:

* a multi-size range reuses Dynamo's symbolic shapes (`standalone_compile(from_tracing_context)`);
* a single size is compiled static (`standalone_compile(from_example_inputs)` on concrete shapes).

Before Inductor, each piece's graph is rewritten for its range (`qcompile/compiler/rewrites.py`): calls
folded into fused ones (the region table's `Fold` rows), and a decode-only op (kernels for a few rows,
its `DecodeOnly` row) kept as a call in a range within those rows and made its torch twin in one
reaching past them, for Inductor to fuse there.

Pieces of identical layers are compiled once per range (`qcompile/compiler/dedup.py`): each piece's
layer keys become placeholders, pieces of one structure share the first one's compiled callable,
and each piece calls it with its own keys bound (`KeyBinding`), so a 48-layer model compiles as
many pieces as one group of layers.

All compiles happen here, up front, so later calls never compile. `wrap_piece` may wrap each
compiled piece (the CUDA graph runner's piece hook), once per piece, shared or not. At runtime each call reads the
token count (a lifted size argument if Dynamo made one, else dim 0 of the token tensor) and runs
that range's pieces. Splitting pieces run as they are: an eager call of the opaque op.

Each trace leaves a `TraceRecord` in `QBackend.records` (Dynamo's graph, the split, and per range
and piece the post-grad graph and Inductor's output code), read by graph dumps and the ablation.
"""

from __future__ import annotations

import contextlib
import copy
import logging
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

import sympy
import torch
import torch.fx as fx
from torch._inductor import standalone_compile
from torch._inductor.graph import GraphLowering
from torch.fx.passes.split_module import split_module
from torch.utils._sympy.value_ranges import ValueRanges

from model.kernels import pdl_enabled
from qcompile.compiler.dedup import canonical, structure
from qcompile.compiler.dispatch import PieceTable, RangeDispatch, Token
from qcompile.compiler.ranges import Range, compile_units
from qcompile.compiler.rewrites import rewrite
from qcompile.ops.registry import REGISTRY
from qcompile.passes.manager import OUTPUT, PassManager

log = logging.getLogger(__name__)


# Dynamo's functional form of a tensor-parallel model's collectives (`dist.all_reduce` in the
# all-reduce hooks, `dist.all_gather`): under the splitting name "collectives" each is a piece of its
# own, so piecewise CUDA graphs never hold NCCL (it runs between them); FULL graphs capture it.
COLLECTIVES = "collectives"
_COLLECTIVE_OPS = frozenset(
    op
    for name in ("all_reduce", "all_gather_into_tensor", "reduce_scatter_tensor", "wait_tensor")
    for op in (getattr(torch.ops._c10d_functional, name), getattr(torch.ops._c10d_functional, name).default)
)  # Dynamo's graph calls the packets, a re-traced graph their overloads


def default_splitting_ops() -> frozenset[str]:
    return frozenset(name for name, e in REGISTRY.items() if e.splitting) | {COLLECTIVES}


def split_at(gm: fx.GraphModule, splitting: Collection[str]) -> tuple[fx.GraphModule, set[str]]:
    """Split `gm` so that every splitting op sits alone in its own submodule."""
    part: dict[fx.Node, int] = {}
    pid = 0
    split_names: set[str] = set()
    for node in gm.graph.nodes:
        if node.op in ("placeholder", "output"):
            continue
        entry = REGISTRY.for_target(node.target) if node.op == "call_function" else None
        collective = COLLECTIVES in splitting and node.op == "call_function" and node.target in _COLLECTIVE_OPS
        if collective or (entry is not None and entry.name in splitting):
            pid += 1
            part[node] = pid
            split_names.add(f"submod_{pid}")
            pid += 1
        else:
            part[node] = pid
    split = split_module(gm, None, lambda n: part[n], keep_original_order=True)
    return split, split_names


# Half-precision matmul padding (pad_mm) asks whether the token count is below 64 and guards on
# the answer (seen on the H200 in bf16: guard `n < 64` against range (1, 64)); a compile range
# promises one artifact for every size in it, so no pass may split it.
# Pointwise autotuning builds and benchmarks several configs of every 1-D pointwise kernel at compile
# time; off, each keeps its first config: a fifth of the cold compile for about 2% of decode time at
# batch 8 and 64 and 4% of prefill device time ("H200, fourteenth session" in docs/measurements.md).
INDUCTOR_PATCHES: dict[str, Any] = {"shape_padding": False, "triton.autotune_pointwise": False}
# A single-size range is batch-1 decode, bound by launches: combo kernels merge Inductor's
# independent small kernels into one launch there (5% faster at batch 1, same section); in the wide
# ranges they cost compile time only.
SINGLE_SIZE_PATCHES: dict[str, Any] = {"combo_kernels": True}
OWN_PATCHES = ("post_grad_custom_post_pass",)  # the pass pipeline's hook: not the caller's to set


def inductor_patches(patches: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """The caller's `(name, value)` patches as a dict, each name checked against
    `torch._inductor.config` (a typo would otherwise be ignored silently)."""
    known = torch._inductor.config.get_config_copy()
    out: dict[str, Any] = {}
    for name, value in patches:
        if name in OWN_PATCHES:
            raise ValueError(f"inductor patch {name!r}: qcompile installs its pass pipeline there")
        if name not in known:
            raise ValueError(f"inductor patch {name!r}: torch._inductor.config has no such option")
        out[name] = value
    return out


def range_patches(r: Range, caller: dict[str, Any]) -> dict[str, Any]:
    """The Inductor options a range compiles under: ours, the single-size ones, the caller's on top.
    Inductor's kernels launch as programmatic dependents whenever ours do: they keep the ordering rule
    of `model.kernels.codes.pdl`, and a chain of dependents is only as long as its shortest link."""
    ours = INDUCTOR_PATCHES | {"triton.enable_pdl": pdl_enabled()}
    return ours | (SINGLE_SIZE_PATCHES if r[0] == r[1] else {}) | caller


class _RecordPieceInputs(fx.Interpreter):
    """Fake-runs the split graph, recording each submodule's inputs."""

    def __init__(self, gm: fx.GraphModule) -> None:
        super().__init__(gm)
        self.inputs: dict[str, tuple[Any, ...]] = {}

    def call_module(self, target: Any, args: Any, kwargs: Any) -> Any:
        self.inputs[target] = tuple(args)
        return super().call_module(target, args, kwargs)


def _example_values(example_inputs: Sequence[Any]) -> list[Any]:
    """Symbolic fakes of the inputs in the backend's fake mode (Dynamo memoised them there)."""
    ctx = torch._guards.TracingContext.try_get()
    if ctx is None or ctx.fake_mode is None:
        return list(example_inputs)
    return [ctx.fake_mode.from_tensor(x) if isinstance(x, torch.Tensor) else x for x in example_inputs]


def _token_symbols(vals: Sequence[Any]) -> tuple[int, set[sympy.Symbol]]:
    """Index of the first tensor input with a symbolic dim 0, and every dim-0 symbol."""
    first, syms = -1, set()
    for i, v in enumerate(vals):
        if isinstance(v, torch.Tensor) and v.dim() > 0 and isinstance(v.shape[0], torch.SymInt):
            expr = v.shape[0].node.expr
            if isinstance(expr, sympy.Symbol):
                syms.add(expr)
                first = i if first < 0 else first
    return first, syms


def _concrete(v: Any, subs: dict[sympy.Symbol, int]) -> Any:
    def num(x: Any) -> int:
        return int(x.node.expr.xreplace(subs)) if isinstance(x, torch.SymInt) else int(x)

    if isinstance(v, torch.Tensor):
        return torch.empty_strided(
            [num(s) for s in v.shape], [num(s) for s in v.stride()], dtype=v.dtype, device=v.device
        )
    return num(v) if isinstance(v, torch.SymInt) else v


def target_name(target: Any) -> str:
    """`aten.mm.default` for operators, `_operator.getitem` for plain Python callables."""
    if isinstance(target, torch._ops.OperatorBase):
        return str(target)
    return f"{target.__module__}.{target.__qualname__}"


@dataclass
class PieceRecord:
    """One piece compiled for one range: what Inductor saw after our passes, and what it wrote.

    `post_grad` stays empty when Inductor's FX graph cache served the piece (post-grad passes
    do not run on a hit); `output_code` is filled either way.
    """

    post_grad: str = ""
    aten_ops: Counter[str] = field(default_factory=Counter)
    output_code: str = ""

    def observe(self, stage: str, graph: fx.Graph) -> None:
        """`PassManager` observer: keep the graph Inductor goes on with (printing every stage cost cold
        compiles time for graphs nobody read)."""
        if stage != OUTPUT:
            return
        gm = graph.owning_module
        self.post_grad = gm.print_readable(print_output=False) if gm is not None else str(graph)
        self.aten_ops = Counter(target_name(n.target) for n in graph.nodes if n.op == "call_function")

    def save_output_code(self, code: str) -> None:
        self.output_code += code


@dataclass
class TraceRecord:
    """What one Dynamo trace became: its graph, the split, and the compiled pieces per range."""

    dynamo_graph: fx.GraphModule
    split_graph: fx.GraphModule
    splitting: list[str]
    pieces: dict[Range, dict[str, PieceRecord]] = field(default_factory=dict)


class QBackend:
    """`torch.compile(backend=QBackend(ranges, scope))`; call once per Dynamo trace."""

    def __init__(
        self,
        ranges: Sequence[Range],
        scope: str | None,
        splitting_ops: Collection[str] | None = None,
        wrap_piece: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None,
        share_pieces: bool = True,
        inductor: Sequence[tuple[str, Any]] = (),
    ) -> None:
        self.inductor = inductor_patches(inductor)
        self.wrap_piece = wrap_piece  # e.g. `PieceHook`: each compiled piece becomes CUDA-graphable
        self.share_pieces = share_pieces  # False: every piece compiled on its own, keys and all
        self.ranges = compile_units(ranges)
        self.scope = scope
        self.splitting = default_splitting_ops() if splitting_ops is None else frozenset(splitting_ops)
        self.split_gm: fx.GraphModule | None = None
        self.split_names: set[str] = set()
        self.traces = 0
        self.records: list[TraceRecord] = []

    def __call__(self, gm: fx.GraphModule, example_inputs: Sequence[Any]) -> Callable[..., Any]:
        """The dispatch's call as a plain method: depyf's dumps decompile what a backend returns."""
        return self.dispatch(gm, example_inputs).__call__

    def dispatch(self, gm: fx.GraphModule, example_inputs: Sequence[Any]) -> RangeDispatch:
        """Split and compile one trace; Dynamo's AOT compile takes this as its backend (it saves the result)."""
        self.traces += 1
        vals = _example_values(example_inputs)
        tok, syms = _token_symbols(vals)
        split, self.split_names = split_at(gm, self.splitting)
        self.split_gm = split
        pieces = [n.target for n in split.graph.nodes if n.op == "call_module" and n.target not in self.split_names]
        record = TraceRecord(gm, split, sorted(self.split_names, key=lambda n: int(n.split("_")[1])))
        self.records.append(record)
        symbolic = self._piece_inputs(split, vals)
        todo = self.ranges if syms else self.ranges[:1]  # static trace: one graph, one size
        tables: dict[Range, PieceTable | None] = {}
        artifacts: list[Callable[..., Any]] = []
        # multi-size ranges first: compiling them may add guards (such as `n >= 2`) that exclude a
        # single-size range, which would then be compiled only to never run
        for r in sorted(todo, key=lambda r: r[0] == r[1]):
            reach = _traced_reach(syms)
            if syms and (r[1] < reach[0] or r[0] > reach[1]):
                tables[r] = None  # this trace's guards exclude the range: another trace compiles it
                continue
            if r[0] == r[1] or not syms:
                subs = {s: r[0] for s in syms}
                real = {id(v): x for v, x in zip(vals, example_inputs, strict=True)}
                inputs = {
                    name: tuple(
                        real.get(id(v)) if id(v) in real and not _has_sym(v) else _concrete(v, subs) for v in args
                    )
                    for name, args in symbolic.items()
                }
                mode = "from_example_inputs"
            else:
                inputs, mode = symbolic, "from_tracing_context"
            record.pieces[r] = {name: PieceRecord() for name in pieces}
            with _at_least(syms, r[0]) if mode == "from_tracing_context" else contextlib.nullcontext():
                tables[r] = self._compile_range(split, record.pieces[r], inputs, r, mode, artifacts)
        tables_in_order = [tables[r] for r in todo]
        return RangeDispatch(
            split, record.splitting, todo, tables_in_order, artifacts, _token(tok, syms, vals), self.wrap_piece
        )

    def _piece_inputs(self, split: fx.GraphModule, vals: Sequence[Any]) -> dict[str, tuple[Any, ...]]:
        """Each submodule's example inputs: the values Dynamo recorded for the nodes that feed it
        (`split_module` copies their meta onto the submodule's placeholders). Where one is missing,
        a fake run of the whole split graph (every op again, under fake tensors: slow)."""
        # the graph's own inputs as `vals` (the size-1 compile swaps those objects for the real inputs)
        own = {
            id(p.meta.get("example_value")): v
            for p, v in zip(split.graph.find_nodes(op="placeholder"), vals, strict=True)
        }
        inputs: dict[str, tuple[Any, ...]] = {}
        for node in split.graph.find_nodes(op="call_module"):
            held = [p.meta.get("example_value") for p in getattr(split, node.target).graph.find_nodes(op="placeholder")]
            if any(v is None for v in held):
                return self._fake_run(split, vals)
            inputs[node.target] = tuple(own.get(id(v), v) for v in held)
        return inputs

    def _fake_run(self, split: fx.GraphModule, vals: Sequence[Any]) -> dict[str, tuple[Any, ...]]:
        fake_mode = torch._guards.detect_fake_mode([v for v in vals if isinstance(v, torch.Tensor)])
        rec = _RecordPieceInputs(split)
        with fake_mode if fake_mode is not None else torch._C._DisableTorchDispatch():
            rec.run(*vals)
        return rec.inputs

    def _compile_range(
        self,
        split: fx.GraphModule,
        pieces: dict[str, PieceRecord],
        inputs: dict[str, tuple[Any, ...]],
        r: Range,
        mode: str,
        artifacts: list[Callable[..., Any]],
    ) -> PieceTable:
        """Compile each class of identical pieces once, appending it to `artifacts`; returns each
        piece's artifact index and layer keys."""
        table: PieceTable = {}
        compiled: dict[Any, tuple[str, int]] = {}
        for name in pieces:
            if self.share_pieces:
                piece, keys = canonical(getattr(split, name))
                rewrite(piece, r)
                cls: Any = structure(piece, inputs[name])
            else:
                piece, keys, cls = copy.deepcopy(getattr(split, name)), (), name
                rewrite(piece, r)
            if cls in compiled:
                first, index = compiled[cls]
                pieces[name] = pieces[first]  # the same post-grad graph and output code
                log.info("qcompile: %s shares the compiled %s for range %s", name, first, r)
            else:
                artifacts.append(self._compile_piece(piece, pieces[name], inputs[name], r, mode, name))
                index = len(artifacts) - 1
                compiled[cls] = (name, index)
            table[name] = (index, tuple(keys))
        return table

    def _compile_piece(
        self, piece: fx.GraphModule, rec: PieceRecord, inputs: Sequence[Any], r: Range, mode: str, name: str
    ) -> Callable[..., Any]:
        manager = PassManager(scope=self.scope, compile_range=r, observer=rec.observe)
        log.info("qcompile: compiling %s for range %s (%s)", name, r, mode)
        # torch's own hook for run_and_get_code; Inductor calls it on FX cache hits too
        with mock.patch.object(GraphLowering, "save_output_code", rec.save_output_code):
            return standalone_compile(
                piece,
                list(inputs),
                dynamic_shapes=mode,
                options={"config_patches": range_patches(r, self.inductor) | {"post_grad_custom_post_pass": manager}},
            )


def _token(tok: int, syms: set[sympy.Symbol], vals: Sequence[Any]) -> Token:
    """Where each call's token count is read: the lifted size argument if Dynamo made one, else dim 0
    of the first tensor with a symbolic one; nowhere for a static trace."""
    if not syms:
        return Token(None, None)
    sym = vals[tok].shape[0].node.expr
    lifted = next((i for i, v in enumerate(vals) if isinstance(v, torch.SymInt) and v.node.expr == sym), None)
    return Token(tok, lifted)


def _shape_env() -> Any:
    ctx = torch._guards.TracingContext.try_get()
    return None if ctx is None or ctx.fake_mode is None else ctx.fake_mode.shape_env


@contextlib.contextmanager
def _at_least(syms: set[sympy.Symbol], start: int) -> Iterator[None]:
    """Compile a range knowing its token counts are at least its start.

    Inductor guards on the facts its lowering needs (its `select` lowering asks `n != 1` of the PLE
    n-gram window): a fact the range implies needs no guard, and that one would exclude size 1
    from the whole trace, which would then trace again at size 1 only to compile range (1, 1).
    The artifact runs only inside its range. Only the lower bound moves, so the trace's hint (the
    largest warmup size) stays inside; the bounds are restored afterwards.
    """
    env = _shape_env()
    saved = {s: env.var_to_range[s] for s in syms if s in env.var_to_range} if env is not None else {}
    for s, vr in saved.items():
        env.var_to_range[s] = ValueRanges(max(vr.lower, start), vr.upper)
    if saved:
        env._update_version_counter()  # cached static evaluations read the old bounds
    try:
        yield
    finally:
        if saved:
            env.var_to_range.update(saved)
            env._update_version_counter()


def _traced_reach(syms: set[sympy.Symbol]) -> tuple[float, float]:
    """The token counts this trace's guards admit: the intersection of its dim-0 symbols' value ranges.

    Dynamo marks the token dimension dynamic over every range, but tracing may add a guard such as
    `n >= 2`; a range outside what is left would only be compiled to never run (a smaller count
    traces again, at its own size).
    """
    env = _shape_env()
    lo, hi = -float("inf"), float("inf")
    for s in syms if env is not None else ():
        r = env.var_to_range.get(s)
        if r is not None:
            lo, hi = max(lo, float(r.lower)), min(hi, float(r.upper))
    return lo, hi


def _has_sym(v: Any) -> bool:
    if isinstance(v, torch.SymInt):
        return True
    return isinstance(v, torch.Tensor) and any(isinstance(s, torch.SymInt) for s in (*v.shape, *v.stride()))
