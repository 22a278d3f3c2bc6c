"""Bytes Inductor's prefill kernels move, per compiled piece, on CPU: a proxy for the GPU's elementwise passes.

A 2,048-token chunk of the bench preset spends 11.8 ms of an H100 in Inductor's norm and elementwise
kernels (docs/measurements.md, "Where a 131k prefill's time goes"); each moves about one hyper-connection
stream tensor `[T, hc_count * hidden]`. This compiles a model of the preset's widths (fewer layers,
experts and vocabulary: `SMALL`) at the kernel scope over the engine's prefill range `2:T`, traced at
`T` tokens, and records Inductor's scheduler after fusion, with its GPU scheduling (`cpu_backend=
"triton"`: Triton's fusion rules, not the C++ backend's loop fusion). No kernel is generated or run:
each piece stops once its kernels are fused (Triton has no CPU driver here), so no forward runs either.

Per piece (the graph between two opaque splitting ops: the GDN delta rule, the attention core) it
prints each scheduled node in order: an Inductor kernel with the bytes it reads and writes (each
element it touches once, as a fused kernel that keeps it in registers would: the distinct indices of
its index expressions over their ranges, `_touched`, where those are evaluable, else Inductor's
`get_read_write_buffer_accesses`; less the buffers its code keeps local), the buffers of a stream
tensor's size or more among them (`S` = one `[T, n*d]` stream tensor), and the model functions it
came from (a rewrite's nodes: their ops); an extern call (a GEMM, an opaque region op) by name,
since those split fusion groups. Then the totals: Inductor kernels, their bytes, and the floor a
layer needs (the streams read and written once per block, `4 S`), and beside them Inductor's own
estimate, which counts a buffer read through a slice at its whole size once the kernel's reads cover
it (every norm over a head's slice of a fused projection counted the projection, 1.4 S).

Inductor lowers a concatenation on a CPU tensor as buffers of its inputs (`ConcatKernel`), on a GPU
tensor often as one pointwise kernel fused with its inputs' producers; the tool lowers it as for a GPU
(`_gpu_cat_lowering`).

The hyper-connection ops take the graph they have on CUDA (`model.hyper.use_kernels` reads True: the
fused write-and-read's torch twin in this range); elsewhere the CPU graph differs from the GPU's where a
region's torch code runs a Triton op on CUDA (the MoE router's top-k: here `aten.topk` and two small
kernels).

`--decode` compiles the engine's decode range instead: `T:T` (the size-1 range at `--tokens 1`), traced
as a uniform decode batch of `T` requests, one token each, past a prompt. At batch 1 a kernel costs its
launch, not its bytes, so the report then counts: each kernel with the ATen ops fused into it, and the
kernels per layer (`layer_kernels`: a kernel belongs to the block whose hyper-connection op precedes
it) by layer kind (GDN, attention, with PLE). On a GPU the router's top-k is one Triton op (here
`aten.topk` and two kernels), and the attention and GDN cores are our kernels (opaque either way).

Usage: `PYTHONPATH=. python scripts/experiments/stream_bytes.py [--tokens 2048] [--preset bench]
[--dtype bfloat16] [--layers 4] [--experts 16] [--vocab 4096] [--decode] [--json PATH]`.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import torch

from model.config import LINEAR
from qcompile.compiler.caches import graph_caches_off

# The preset's per-layer widths kept, the rest small enough for a CPU host: one GDN layer with PLE (the
# bench preset's `ple_layer_ids` [2] is the second layer), the fourth an attention layer.
SMALL = {"ngram_vocab_size_base": 5_000, "split_ngram_parts": 2, "max_position_embeddings": 8192}
DECODE_POSITION = 16  # a decode token's position (`--decode`): past a prompt, so the state's rows are read
MB = 1e6


class _Fused(Exception):
    """Raised by the post-fusion hook: the piece's schedule is recorded, nothing more is needed of it."""


@dataclass
class Node:
    """One scheduled node of a piece: an Inductor kernel (`kernel`) or an extern call."""

    kind: str  # "kernel", or the extern's op name
    read: int = 0  # the touched elements' bytes (`_touched_bytes`)
    written: int = 0
    estimate: int = 0  # Inductor's read + written estimate, buffers read through a slice counted whole
    big_reads: float = 0.0  # of the buffers of a stream tensor's size or more (in units of one: `S`)
    big_writes: float = 0.0
    sources: list[str] = field(default_factory=list)
    ops: list[str] = field(default_factory=list)  # the ATen ops fused into it, by name

    @property
    def bytes(self) -> int:
        return self.read + self.written


@dataclass
class Piece:
    name: str
    nodes: list[Node]
    shares: str = ""  # the piece whose compile this one reuses (identical layers)

    @property
    def kernels(self) -> list[Node]:
        return [n for n in self.nodes if n.kind == "kernel"]

    def kernel_bytes(self) -> int:
        return sum(n.bytes for n in self.kernels)

    def estimated_bytes(self) -> int:
        return sum(n.estimate for n in self.kernels)


_SOURCE = re.compile(r'File "[^"]*/(model/[\w/]+\.py)", line (\d+), in (\w+)')


def _sources(snode: Any) -> list[str]:
    """The model functions a scheduled node came from: the innermost model frame of each origin."""
    seen: Counter[str] = Counter()
    for origin in snode.node.origins if snode.node is not None else ():
        frames = _SOURCE.findall(origin.meta.get("stack_trace", "") or "")
        if frames:
            path, _, fn = frames[-1]
            seen[f"{path.removeprefix('model/')}:{fn}"] += 1
        else:  # a node a rewrite made (a twin's torch ops): its op
            seen[str(getattr(origin.target, "__name__", origin.target))] += 1
    return [s for s, _ in seen.most_common()]


def _ops(snode: Any) -> list[str]:
    """The ATen ops a scheduled node computes (its origins' targets), in order, once each."""
    names = (getattr(o.target, "__name__", str(o.target)) for o in snode.node.origins if o.op == "call_function")
    return list(dict.fromkeys(n.removesuffix(".default") for n in names))


def _extern_name(snode: Any) -> str:
    node = snode.node
    kernel = getattr(node, "op_overload", None) or getattr(node, "python_kernel_name", None)
    return str(kernel or type(node).__name__)


ROW_PATTERN_LIMIT = 1 << 22  # the most index points evaluated for one access pattern


def _index_points(dep: Any) -> tuple[Any, int, int] | None:
    """The flat indices one token row of `dep` touches, the row count and the row stride; `None` where
    the index is indirect or not a token-row pattern. Rows: the variable with the largest coefficient
    (the token dim, or the whole range of a flat index), when the index is linear in it."""
    import numpy as np
    import sympy
    from torch._inductor.dependencies import MemoryDep
    from torch._inductor.virtualized import V

    if not isinstance(dep, MemoryDep) or dep.is_indirect():
        return None
    ranges = {v: V.graph.sizevars.optimization_hint(n, fallback=0) for v, n in dep.ranges.items()}
    sizes = dep.index.free_symbols - ranges.keys()  # the traced size's symbols: their hints
    index = dep.index.subs({v: V.graph.sizevars.optimization_hint(v, fallback=0) for v in sizes})
    if not ranges:
        return np.array([int(index)]), 1, 1
    coeffs = {v: index.coeff(v) for v in ranges}
    row = max(ranges, key=lambda v: (coeffs[v].is_number and abs(int(coeffs[v])), ranges[v]))
    stride = coeffs[row]
    rest_expr = sympy.expand(index - stride * row)
    if not stride.is_number or row in rest_expr.free_symbols:
        return None
    rest = [v for v in ranges if v is not row and v in rest_expr.free_symbols]
    if math.prod(ranges[v] for v in rest) > ROW_PATTERN_LIMIT:
        return None
    rest_expr = rest_expr.replace(lambda e: type(e).__name__ == "Identity", lambda e: e.args[0])
    impl = {"ModularIndexing": lambda x, d, m: (x // d) % m, "FloorDiv": lambda a, b: a // b}
    try:
        evaluate = sympy.lambdify(rest, rest_expr, modules=[impl, "numpy"])
    except (AttributeError, NameError, TypeError):  # a function of Inductor's the printer does not know
        return None
    grids = np.meshgrid(*(np.arange(ranges[v], dtype=np.int64) for v in rest), indexing="ij")
    points = np.broadcast_to(np.asarray(evaluate(*grids), dtype=np.int64), grids[0].shape if grids else ())
    return points.ravel(), ranges[row], abs(int(stride))


def _touched(deps: list[Any], numel: int) -> int | None:
    """Distinct elements of one buffer that `deps` (a kernel's reads, or its writes) touch, up to the
    buffer's size; `None` where some dep's pattern is not evaluable. Rows that repeat one pattern at a
    stride wider than the pattern are disjoint, so the count is the pattern's distinct points times the
    rows (an upper bound where rows overlap); deps of one row shape are merged, others added."""
    import numpy as np

    found = [_index_points(d) for d in deps]
    if any(f is None for f in found):
        return None
    rows_strides = {(rows, stride) for _, rows, stride in found}  # type: ignore[misc]
    if len(rows_strides) != 1:
        return min(numel, sum(len(np.unique(p)) * r for p, r, _ in found))  # type: ignore[misc]
    ((rows, _),) = rows_strides
    points = np.unique(np.concatenate([p for p, _, _ in found]))  # type: ignore[misc]
    return min(numel, len(points) * rows)


def _touched_bytes(snode: Any, estimate: dict[str, int], reads: bool) -> dict[str, int]:
    """Per buffer of `estimate`, the bytes of the elements the kernel touches (`_touched`), where its
    index patterns tell; else Inductor's estimate. Inductor counts a buffer read through a slice at its
    whole size once the kernel's range times its reads exceed it (a norm over one head's slice of a
    fused projection counts the projection); the touched elements count the slice."""
    from torch._inductor import ir
    from torch._inductor.virtualized import V

    deps = snode.read_writes.reads if reads else snode.read_writes.writes
    out = {}
    for name, nbytes in estimate.items():
        buf = V.graph.name_to_buffer.get(name) or V.graph.graph_inputs.get(name)
        mine = [d for d in deps if d.name == name]
        if not mine or not isinstance(getattr(buf, "layout", None), ir.Layout):  # a mutation, multi-output
            out[name] = nbytes
            continue
        numel = V.graph.sizevars.optimization_hint(math.prod(buf.get_size()), fallback=0)
        touched = _touched(mine, numel)
        out[name] = nbytes if touched is None else touched * buf.get_dtype().itemsize
    return out


def _accesses(snode: Any, touched: bool = True) -> tuple[dict[str, int], dict[str, int]]:
    """Bytes per buffer a kernel reads and writes (the touched elements, `_touched_bytes`, or with
    `touched=False` Inductor's estimate), less the buffers its code keeps local: Inductor's
    estimate keeps a buffer that a mutation after the kernel only waits for (a weak user), the
    kernel's code drops it (`remove_kernel_local_buffers`)."""
    names = {n.get_name() for n in snode.get_nodes()}
    reads = snode.get_read_write_buffer_accesses(include_reads=True, include_writes=False)
    writes = snode.get_read_write_buffer_accesses(include_reads=False, include_writes=True)
    if touched:
        reads, writes = _touched_bytes(snode, reads, True), _touched_bytes(snode, writes, False)
    local = {b for b in writes if snode.scheduler.can_buffer_be_removed_through_fusion(b, names)}
    return {b: n for b, n in reads.items() if b not in local}, {b: n for b, n in writes.items() if b not in local}


def _record(snodes: list[Any], stream_bytes: int) -> list[Node]:
    """The fused schedule as `Node`s, bytes at the traced size."""
    from torch._inductor.scheduler import ExternKernelSchedulerNode, NopKernelSchedulerNode

    out = []
    for snode in snodes:
        if isinstance(snode, NopKernelSchedulerNode):
            continue
        if isinstance(snode, ExternKernelSchedulerNode):
            out.append(Node(_extern_name(snode), sources=_sources(snode)))
            continue
        reads, writes = _accesses(snode)
        node = Node("kernel", sum(reads.values()), sum(writes.values()))
        node.estimate = sum(sum(a.values()) for a in _accesses(snode, touched=False))
        node.big_reads = sum(b for b in reads.values() if b >= stream_bytes) / stream_bytes
        node.big_writes = sum(b for b in writes.values() if b >= stream_bytes) / stream_bytes
        nodes = snode.get_nodes()
        node.sources = [s for n in nodes for s in _sources(n)]
        node.sources = list(dict.fromkeys(node.sources))
        node.ops = list(dict.fromkeys(op for n in nodes for op in _ops(n)))
        out.append(node)
    return out


_CAT_DEVICE_TEST = 'cpu_device = inputs[0].get_device().type == "cpu"'


@contextmanager
def _gpu_cat_lowering() -> Iterator[None]:
    """Inductor's `cat` lowering as it runs for a GPU tensor. On CPU it always writes a concatenation's
    inputs as buffers of their own (`ConcatKernel`: "negative performance impact of pointwise_cat on
    CPU"); on a GPU it may compute the concatenation as one pointwise kernel that fuses with its
    inputs' producers (a norm, the rope after it). Only the lowering's device test is replaced."""
    import inspect
    import textwrap

    from torch._inductor import lowering

    cat = inspect.unwrap(lowering.cat)  # the lowering itself, under `register_lowering`'s wrapper
    code, source = cat.__code__, textwrap.dedent(inspect.getsource(cat))
    source = source[source.index("def cat(") :]  # not its decorators: nothing is registered again
    if source.count(_CAT_DEVICE_TEST) != 1:
        raise RuntimeError(f"Inductor's cat lowering no longer tests the device as `{_CAT_DEVICE_TEST}`")
    scope: dict[str, Any] = {}
    patched = source.replace(_CAT_DEVICE_TEST, "cpu_device = False")
    exec(compile(patched, code.co_filename, "exec"), lowering.__dict__, scope)
    cat.__code__ = scope["cat"].__code__
    try:
        yield
    finally:
        cat.__code__ = code


@contextmanager
def _triton_scheduling(hook: Any) -> Iterator[None]:
    """Inductor's options under which `hook` sees each graph's fused schedule, scheduled and lowered
    (`_gpu_cat_lowering`) as for a GPU."""
    patches = {"cpu_backend": "triton", "_post_fusion_custom_pass": hook}
    with torch._inductor.config.patch(patches), graph_caches_off(), _gpu_cat_lowering():
        yield


def _stopped(e: Exception) -> bool:
    """Whether a compile failed only because the hook stopped it once the schedule was recorded."""
    return isinstance(getattr(e, "inner_exception", None), _Fused)


@contextmanager
def recording(stream_bytes: int) -> Iterator[dict[int, list[Node]]]:
    """Every piece the backend compiles is scheduled with Triton's rules and recorded (by its
    `PieceRecord`'s id, which identical pieces share), then left uncompiled."""
    from torch._inductor.exc import InductorError

    from qcompile.compiler.backend import QBackend

    found: dict[int, list[Node]] = {}
    current: list[int] = []
    compile_piece = QBackend._compile_piece

    def hook(snodes: list[Any]) -> list[Any]:
        found[current[-1]] = _record(snodes, stream_bytes)
        raise _Fused

    def compile_recorded(self: QBackend, piece: Any, rec: Any, *args: Any) -> Any:
        current.append(id(rec))
        try:
            compile_piece(self, piece, rec, *args)
        except InductorError as e:
            if not _stopped(e):
                raise
        return _not_run

    with _triton_scheduling(hook), mock.patch.object(QBackend, "_compile_piece", compile_recorded):
        yield found


def fused_schedule(fn: Any, *args: torch.Tensor, stream_bytes: int) -> list[Node]:
    """The fused schedule of `fn(*args)`, one graph at static shapes, under Triton's rules (nothing is
    generated or run): how Inductor splits a function into kernels."""
    from torch._inductor.exc import InductorError

    found: list[list[Node]] = []

    def hook(snodes: list[Any]) -> list[Any]:
        found.append(_record(snodes, stream_bytes))
        raise _Fused

    with _triton_scheduling(hook):
        try:
            torch.compile(fn, dynamic=False, fullgraph=True)(*args)
        except InductorError as e:
            if not _stopped(e):
                raise
    return found[0]


def _not_run(*args: Any) -> Any:
    raise _Fused


def schedule(args: argparse.Namespace) -> tuple[list[Piece], Any]:
    """Compile the small model's prefill (or decode) range and return each piece's recorded schedule, in
    graph order."""
    import qcompile.api as api
    from model.batch import Chunk, build_batch
    from model.context import forward_context
    from model.presets import _layer_types
    from qcompile.synthetic import build_random

    overrides = SMALL | {
        "num_hidden_layers": args.layers,
        "layer_types": _layer_types(args.layers),
        "num_experts": args.experts,
        "vocab_size": args.vocab,
        "eos_token_id": 1,
    }
    model = build_random(args.preset, args.dtype, "cpu", overrides=overrides)
    c = model.config
    stream = args.tokens * c.hc_count * c.hidden_size * model.lm_head.weight.element_size()
    ids = (torch.arange(args.tokens) % (c.vocab_size - 2) + 2).tolist()
    if args.decode:  # the engine's decode range: one token of each of `tokens` requests, past a prompt
        model.init_state(args.tokens, DECODE_POSITION + 2)
        unit = (args.tokens, args.tokens)
        chunks = [Chunk(i, [t], DECODE_POSITION) for i, t in enumerate(ids)]
    else:
        model.init_state(1, args.tokens + 1)
        unit = (2, args.tokens)
        chunks = [Chunk(0, ids, 0)]
    compiled = api.compile(model, scope="kernel", ranges=(unit,))
    batch = build_batch(chunks, model.trash_slot, "cpu")
    how = compiled.dispatcher.dispatch(args.tokens, uniform_decode=args.decode)
    with recording(stream) as found, mock.patch("model.hyper.use_kernels", lambda t: True), torch.no_grad():
        try:
            with forward_context(batch.host, how):
                compiled(*batch.tensors())
        except _Fused:
            pass  # the first piece's call: everything is compiled (recorded) by then
    record = compiled.backend.records[0]
    pieces, first_of = [], {}
    for name, rec in record.pieces[unit].items():
        shares = first_of.setdefault(id(rec), name)
        pieces.append(Piece(name, found[id(rec)], "" if shares == name else shares))
    return pieces, model


HYPER_OPS = ("qcompile.hc_read.default", "qcompile.hc_write_read.default")


def layer_kernels(pieces: list[Piece], layers: int) -> list[list[Node]]:
    """Inductor's kernels by the part of the model they run for: the embedding, each layer, the final
    mixer. A hyper-connection op opens a block (the `j`-th: layer `j // 2`'s mixer or MoE, the `2L`-th
    the final read), and a kernel belongs to the block of the op before it: a block's kernels depend
    on its read, and the next op waits for them (a kernel of weights only may land anywhere)."""
    parts: list[list[Node]] = [[] for _ in range(layers + 2)]
    block = -1
    for node in (n for p in pieces for n in p.nodes):
        if node.kind in HYPER_OPS:
            block += 1
        elif node.kind == "kernel":
            parts[0 if block < 0 else 1 + min(block // 2, layers)].append(node)
    if block != 2 * layers:
        raise RuntimeError(f"{block + 1} hyper-connection ops for {layers} layers: expected {2 * layers + 1}")
    return parts


def layer_kind(config: Any, layer: int) -> str:
    kind = "GDN" if config.layer_types[layer] == LINEAR else "attention"
    return kind + (" + PLE" if config.ple_index(layer) is not None else "")


def report_layers(pieces: list[Piece], config: Any) -> list[str]:
    """Kernels a layer of each kind (`layer_kernels`), and the functions of one such layer's."""
    if not any(n.kind in HYPER_OPS for p in pieces for n in p.nodes):  # above HC_READ_ROWS: torch ops
        return ["", "kernels by layer: none told apart (no hyper-connection op at this size)"]
    parts = layer_kernels(pieces, config.num_hidden_layers)
    by_kind: dict[str, list[int]] = {}
    for layer in range(config.num_hidden_layers):
        by_kind.setdefault(layer_kind(config, layer), []).append(layer)
    lines = ["", f"kernels by layer: embedding {len(parts[0])}, final mixer {len(parts[-1])}"]
    for kind, ids in by_kind.items():
        counts = [len(parts[1 + i]) for i in ids]
        lines.append(f"  {kind} layer ({', '.join(map(str, ids))}): {'/'.join(map(str, counts))} kernels")
        lines += [f"      [{', '.join(n.sources[:3])}] {' '.join(n.ops)}" for n in parts[1 + ids[-1]]]
    return lines


def report(pieces: list[Piece], model: Any, tokens: int) -> str:
    c = model.config
    stream = tokens * c.hc_count * c.hidden_size * model.lm_head.weight.element_size()
    lines = [
        f"T={tokens}, {c.num_hidden_layers} layers, hidden {c.hidden_size} x hc {c.hc_count}, "
        f"{model.lm_head.weight.dtype}: one stream tensor S = {stream / MB:.1f} MB",
    ]
    for p in pieces:
        lines.append("")
        lines.append(
            f"{p.name}" + (f" (as {p.shares})" if p.shares else "") + f": {len(p.kernels)} kernels, "
            f"{p.kernel_bytes() / MB:.0f} MB = {p.kernel_bytes() / stream:.2f} S"
        )
        for n in p.nodes:
            if n.kind != "kernel":
                lines.append(f"    extern {n.kind}  [{', '.join(n.sources[:2])}]")
                continue
            lines.append(
                f"    kernel {n.read / MB:7.1f} MB in {n.written / MB:7.1f} MB out  >=S buffers {n.big_reads:.1f} S in"
                f" {n.big_writes:.1f} S out  [{', '.join(n.sources[:4])}]"
            )
    kernels = sum(len(p.kernels) for p in pieces)
    total = sum(p.kernel_bytes() for p in pieces)
    estimate = sum(p.estimated_bytes() for p in pieces)
    layers = c.num_hidden_layers
    lines += [
        "",
        f"total: {kernels} Inductor kernels, {total / MB:.0f} MB = {total / stream:.1f} S; per layer "
        f"{kernels / layers:.1f} kernels, {total / layers / MB:.0f} MB = {total / layers / stream:.1f} S "
        f"(floor 4 S = {4 * stream / MB:.0f} MB: the streams read and written once per block); at 3 TB/s "
        f"{total / layers / 3e12 * 1e3:.2f} ms a layer",
        f"Inductor's estimate (a buffer read through a slice counted whole once the reads cover it): "
        f"{estimate / MB:.0f} MB, {estimate / layers / MB:.0f} MB = {estimate / layers / stream:.1f} S a layer",
    ]
    lines += report_layers(pieces, c)
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tokens", type=int, default=2048, help="the chunk (the range's end, and the traced size)")
    p.add_argument("--preset", default="bench", help="whose widths")
    p.add_argument("--dtype", default="bfloat16")
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--experts", type=int, default=16, help="at least the preset's experts per token")
    p.add_argument("--vocab", type=int, default=4096)
    p.add_argument("--json", type=Path, help="also write the schedule here")
    p.add_argument(
        "--decode", action="store_true", help="the decode range instead: `tokens` requests' one token each (T:T)"
    )
    args = p.parse_args(argv)
    if args.decode and args.tokens < 1:
        p.error(f"--tokens {args.tokens}: a decode batch has at least 1 request")
    if not args.decode and args.tokens < 3:
        p.error(f"--tokens {args.tokens}: at least 3 (the range 2:T is a multi-size range)")
    return args


def main(argv: list[str] | None = None) -> list[Piece]:
    args = parse_args(argv)
    pieces, model = schedule(args)
    print(report(pieces, model, args.tokens))
    if args.json is not None:
        args.json.write_text(json.dumps([asdict(p) for p in pieces], indent=1) + "\n")
    return pieces


if __name__ == "__main__":
    main(sys.argv[1:])
