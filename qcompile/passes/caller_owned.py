"""Restore caller-owned outputs of registry ops after functionalization.

AOTAutograd turns `op(..., out=buf)` into `auto_functionalized_v2(op, ..., _all_bases=[buf])`, whose
result is a *new* buffer. Inductor's reinplacing may or may not turn it back (it gives up after
`reorder_for_locality` sinks a reader past the op, for instance), and when it gives up it clones
`buf` and copies back into graph inputs. For registry ops we decide ourselves, like vLLM's
FixFunctionalizationPass: call the op directly on the caller's tensors (or on views regenerated
from them), point the functional results at those tensors, and leave the epilogue
`copy_(buf, buf)` for no-op elimination.

It is only correct if nothing reads a written tensor's old value after the op. Such readers are
hoisted above the op when they do not depend on it; if one does, the op stays functional.
Earlier readers are then materialised by `reinplace_guard.guard_reads`.
"""

from __future__ import annotations

import inspect
import operator

import torch
import torch.fx as fx
from torch._higher_order_ops.auto_functionalize import (
    AliasViewInfo,
    AsStridedViewInfo,
    NotView,
    SliceViewInfo,
    ViewInfo,
    get_mutable_args,
    read_view_information_from_args,
)

from qcompile.ops.registry import REGISTRY
from qcompile.passes.graph_utils import (
    AFV2,
    QPass,
    alias_closure,
    descendants,
    mutated_nodes,
    order_of,
    replace_getitems,
    set_val,
)
from qcompile.passes.reinplace_guard import guard_reads

aten = torch.ops.aten


def _regenerate(graph: fx.Graph, info: ViewInfo | None, bases: list[fx.Node]) -> fx.Node | None:
    """The caller's tensor for one mutable argument, as a node (views rebuilt from their base)."""
    if info is None:
        return None
    base = bases[info.base_index]
    if isinstance(info, (NotView, AliasViewInfo)):
        return base
    if isinstance(info, SliceViewInfo):
        args: tuple[object, ...] = (base, info.dim, info.start, info.end)
        target = aten.slice.Tensor
    elif isinstance(info, AsStridedViewInfo):
        args = (base, list(info.size), list(info.stride), info.storage_offset)
        target = aten.as_strided.default
    else:
        raise AssertionError(f"unknown view info {info}")
    view = graph.call_function(target, args)
    set_val(view, target, *args)
    return view


def _is_epilogue(node: fx.Node, base: fx.Node, op: fx.Node) -> bool:
    """`copy_(base, getitem(op, i))`: AOTAutograd's write-back of a mutated graph input."""
    src = node.args[1] if node.target is aten.copy_.default else None
    return node.args[0] is base and isinstance(src, fx.Node) and src.args[0] is op


def _hoist_late_readers(graph: fx.Graph, op: fx.Node, bases: list[fx.Node]) -> bool:
    """Move the old-value readers that follow `op` above it; False if one depends on `op`."""
    order = order_of(graph)
    pos, after_op = order[op], descendants(op)
    late: set[fx.Node] = set()
    for base in bases:
        for alias in alias_closure(base):
            for node in (alias, *alias.users):
                if node is op or order[node] < pos or _is_epilogue(node, base, op):
                    continue
                if node in after_op or mutated_nodes(node):
                    return False
                late.add(node)
    todo = list(late)
    while todo:  # their inputs computed after `op` must move too (none depends on it)
        for inp in todo.pop().all_input_nodes:
            if order[inp] > pos and inp not in late:
                late.add(inp)
                todo.append(inp)
    for node in sorted(late, key=order.__getitem__):
        op.prepend(node)
    return True


def restore(graph: fx.Graph, op_node: fx.Node) -> bool:
    """Rewrite one `auto_functionalized_v2` node into an in-place call; False if left alone."""
    op = op_node.args[0]
    assert isinstance(op, torch._ops.OpOverload)
    kwargs = dict(op_node.kwargs)
    bases: list[fx.Node] = list(kwargs.pop("_all_bases"))
    if len(set(bases)) != len(bases) or not all(isinstance(b, fx.Node) for b in bases):
        return False
    names, types = get_mutable_args(op)
    infos = read_view_information_from_args(names, types, kwargs, bases)
    if not _hoist_late_readers(graph, op_node, bases):
        return False
    with graph.inserting_before(op_node):
        for name in names:
            info = infos[name]
            kwargs[name] = (
                [_regenerate(graph, i, bases) for i in info]
                if isinstance(info, list)
                else _regenerate(graph, info, bases)
            )
        call = graph.call_function(op, kwargs=kwargs)
    # provenance only: "eager_input_vals" describes the HOP call, not the op call
    call.meta.update({k: v for k, v in op_node.meta.items() if k not in ("val", "eager_input_vals")})
    n_out = len(op._schema.returns)
    vals = op_node.meta.get("val")
    call.meta["val"] = None if n_out == 0 else vals[0] if n_out == 1 else tuple(vals[:n_out])
    offset = max(n_out, 1)

    def value(i: int) -> fx.Node | None:
        if i >= offset:
            return bases[i - offset]
        if n_out == 1:
            return call
        if n_out == 0:
            return None
        with graph.inserting_after(call):
            item = graph.call_function(operator.getitem, (call, i))
        item.meta["val"] = vals[i]
        return item

    replace_getitems(op_node, value)
    graph.erase_node(op_node)
    for base in bases:
        guard_reads(graph, call, base)
    return True


class CallerOwnedOutputs(QPass):
    """Make registry ops write straight into caller-owned outputs and state: no clone, no copy-back."""

    name = "caller_owned"
    depends_on = (inspect.getfile(guard_reads),)

    def config_key(self) -> str:
        return ",".join(sorted(REGISTRY))

    def __call__(self, graph: fx.Graph) -> None:
        for node in list(graph.nodes):
            if node.target is AFV2 and REGISTRY.for_target(node.args[0]) is not None:
                restore(graph, node)
