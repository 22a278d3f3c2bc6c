"""Boundary dissolution: inline registry ops that are not opaque in the compiled scope.

Regions that are not opaque never reach the graph (the dispatcher lets Dynamo trace them). What still
arrives here are ops called directly, or ops opaque only in wider scopes. Each is replaced by its
Python implementation traced to post-decomposition, functional ATen (Inductor's decomposition table,
functionalized so a caller-owned `out` becomes a value), so Inductor can fuse through it.
Implementations that close over tensors (module parameters) would need graph constants; they stay
opaque.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

import torch
import torch.fx as fx
import torch.utils._pytree as pytree
from torch._higher_order_ops.auto_functionalize import (
    get_mutable_args,
    read_view_information_from_args,
)
from torch._inductor.decomposition import select_decomp_table
from torch.fx.experimental.proxy_tensor import make_fx

from qcompile.ops.registry import REGISTRY, OpEntry
from qcompile.passes.graph_utils import AFV2, QPass, inline, replace_getitems

log = logging.getLogger(__name__)


def _functional_body(entry: OpEntry, node: fx.Node) -> Any:
    """A callable computing what `node` computes, from the registry entry's Python impl."""
    if node.target is not AFV2:
        return entry.impl
    op = entry.op
    names, types = get_mutable_args(op)

    def body(_op: object, **kwargs: Any) -> tuple[Any, ...]:
        bases = [b.clone() for b in kwargs.pop("_all_bases")]
        infos = read_view_information_from_args(names, types, kwargs, bases)
        for name in names:
            info = infos[name]
            kwargs[name] = ([None if i is None else i.regenerate_view(bases) for i in info]
                            if isinstance(info, list) else
                            None if info is None else info.regenerate_view(bases))
        out = entry.impl(**kwargs)
        return (*out, *bases) if isinstance(out, tuple) else (out, *bases)

    return body


def dissolve(graph: fx.Graph, node: fx.Node, entry: OpEntry) -> bool:
    flat, spec = pytree.tree_flatten((node.args, node.kwargs))
    slots = [i for i, a in enumerate(flat) if isinstance(a, fx.Node)]
    inputs: list[fx.Node] = [flat[i] for i in slots]
    body = _functional_body(entry, node)

    def traced(*vals: Any) -> Any:
        args = list(flat)
        for i, v in zip(slots, vals, strict=True):
            args[i] = v
        a, k = pytree.tree_unflatten(args, spec)
        return body(*a, **k)

    examples = [n.meta["val"] for n in inputs]
    fake_mode = torch._guards.detect_fake_mode(examples)
    with fake_mode if fake_mode is not None else torch._C._DisableTorchDispatch():
        gm = make_fx(torch.func.functionalize(traced, remove="mutations"),
                     decomposition_table=select_decomp_table())(*examples)
    if any(n.op == "get_attr" for n in gm.graph.nodes):
        log.info("qcompile: %s closes over tensors; it stays opaque", entry.qualname)
        return False
    result = inline(graph, node, gm, inputs)
    if node.target is AFV2:
        replace_getitems(node, lambda i: result[i])
    else:
        node.replace_all_uses_with(result)
    graph.erase_node(node)
    return True


class Dissolve(QPass):
    """Inline the registry ops that are not opaque in `scope`."""

    name = "dissolve"

    def __init__(self, scope: str | None) -> None:
        self.scope = scope

    def config_key(self) -> str:
        """The scope, and the source of every impl this scope may inline."""
        inlined = [f"{name}:{inspect.getsource(e.impl)}" for name, e in sorted(REGISTRY.items())
                   if not e.is_opaque(self.scope)]
        return f"scope={self.scope};" + ";".join(inlined)

    def __call__(self, graph: fx.Graph) -> None:
        for node in list(graph.nodes):
            if node.op != "call_function":
                continue
            entry = REGISTRY.for_target(node.args[0] if node.target is AFV2 else node.target)
            if entry is not None and not entry.is_opaque(self.scope):
                dissolve(graph, node, entry)
