"""FX helpers shared by the post-grad passes: pass base class, aliasing, order, inlining."""

from __future__ import annotations

import inspect
import operator
from collections.abc import Callable
from typing import Any

import torch
import torch.fx as fx
import torch.utils._pytree as pytree
from torch._inductor import inductor_prims
from torch._inductor.custom_graph_pass import CustomGraphPass, get_hash_for_files

AFV2 = torch.ops.higher_order.auto_functionalized_v2
AFV1 = torch.ops.higher_order.auto_functionalized


class QPass(CustomGraphPass):
    """A post-grad pass whose cache identity is its sources plus its configuration.

    Inductor keys its FX graph cache on the graph *before* the custom passes, so anything that
    changes what a pass does (its file, these helpers, files in `depends_on`, the registry data it
    reads, returned by `config_key`) must be part of `uuid()`.
    """

    name: str = "qpass"
    depends_on: tuple[str, ...] = ()

    def config_key(self) -> str:
        return ""

    def uuid(self) -> bytes:
        files = (inspect.getfile(type(self)), __file__, *self.depends_on)
        return get_hash_for_files(files, self.config_key())


def is_view(node: fx.Node) -> bool:
    """Does `node` alias its first argument (an ATen view op per its schema)?"""
    target = node.target
    if node.op != "call_function" or not isinstance(target, torch._ops.OpOverload):
        return False
    rets = target._schema.returns
    return len(rets) == 1 and rets[0].alias_info is not None and not rets[0].alias_info.is_write


def view_root(node: fx.Node) -> fx.Node:
    while is_view(node) and isinstance(node.args[0], fx.Node):
        node = node.args[0]
    return node


def alias_closure(base: fx.Node) -> list[fx.Node]:
    """`base` and every node that is a (transitive) view of it."""
    out, todo = [base], [base]
    while todo:
        for user in todo.pop().users:
            if is_view(user) and user.args[0] in out and user not in out:
                out.append(user)
                todo.append(user)
    return out


def mutated_nodes(node: fx.Node) -> list[fx.Node]:
    """The tensors `node` writes: functionalized bases, or mutable args of a non-ATen op."""
    if node.op != "call_function":
        return []
    if node.target is AFV2:
        return [b for b in node.kwargs["_all_bases"] if isinstance(b, fx.Node)]
    target = node.target
    if target is AFV1:
        target = node.args[0]
        args: dict[str, Any] = dict(node.kwargs)
    elif isinstance(target, torch._ops.OpOverload) and target.namespace not in ("aten", "prims"):
        args = dict(zip((a.name for a in target._schema.arguments), node.args, strict=False))
        args.update(node.kwargs)
    else:
        return []
    out: list[fx.Node] = []
    for arg in target._schema.arguments:  # type: ignore[union-attr]
        if arg.alias_info is not None and arg.alias_info.is_write:
            out += [a for a in pytree.tree_leaves(args.get(arg.name)) if isinstance(a, fx.Node)]
    return out


def order_of(graph: fx.Graph) -> dict[fx.Node, int]:
    return {n: i for i, n in enumerate(graph.nodes)}


def descendants(node: fx.Node) -> set[fx.Node]:
    seen: set[fx.Node] = set()
    todo = [node]
    while todo:
        for user in todo.pop().users:
            if user not in seen:
                seen.add(user)
                todo.append(user)
    return seen


def set_val(node: fx.Node, fn: Callable[..., Any], *args: Any) -> None:
    """Fill `node.meta['val']` by running `fn` on the fake values of `args`."""
    vals = [a.meta["val"] if isinstance(a, fx.Node) else a for a in args]
    node.meta["val"] = fn(*vals)


def materialise(graph: fx.Graph, node: fx.Node) -> fx.Node:
    """Force Inductor to compute `node` into its own buffer where it stands.

    `inductor_force_stride_order` with the node's own strides is a no-op in eager, but its lowering
    realizes the input, so a lazily-inlined pointwise read cannot drift past a later mutation.
    """
    val = node.meta["val"]
    with graph.inserting_after(node):
        forced = graph.call_function(inductor_prims.force_stride_order, (node, list(val.stride())))
    forced.meta["val"] = val
    node.replace_all_uses_with(forced, delete_user_cb=lambda u: u is not forced)
    return forced


def is_materialised(node: fx.Node) -> bool:
    return node.target is inductor_prims.force_stride_order


def replace_getitems(node: fx.Node, values: Callable[[int], fx.Node | None]) -> None:
    """Point every `getitem(node, i)` at `values(i)` and erase the getitems."""
    for user in list(node.users):
        if user.target is not operator.getitem:
            raise AssertionError(f"unexpected user {user.format_node()} of {node.name}")
        new = values(user.args[1])  # type: ignore[arg-type]
        if user.users and new is None:
            raise AssertionError(f"{user.name} is used but has no replacement")
        if new is not None:
            user.replace_all_uses_with(new)
        user.graph.erase_node(user)


def targets(graph: fx.Graph) -> list[str]:
    """Readable call targets in order, for tests and logs."""
    out = []
    for n in graph.nodes:
        if n.op == "call_function":
            t = n.target
            if t is AFV2:
                out.append(f"auto_functionalized_v2[{n.args[0]}]")
            else:
                out.append(str(t) if isinstance(t, torch._ops.OpOverload) else getattr(t, "__name__", str(t)))
    return out
