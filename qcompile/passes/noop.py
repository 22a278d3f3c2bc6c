"""No-op elimination: identity views, reshapes, slices, expands, dtype casts, clones, self-copies.

Inductor's own `remove_noop_ops` runs before the custom post pass; this one runs again after our
rewrites (restoring caller-owned outputs turns the input-mutation epilogue `copy_(x, new_x)` into `copy_(x, x)`).
Clones are removed only while the graph is still functional: once an op writes in place, a clone
may be the only copy of an old value.
"""

from __future__ import annotations

import torch
import torch.fx as fx
from torch.fx.experimental.symbolic_shapes import statically_known_true, sym_eq

from qcompile.passes.graph_utils import AFV1, AFV2, QPass, mutated_nodes

aten = torch.ops.aten
prims = torch.ops.prims

_SAME_SHAPE = {
    aten.view.default,
    aten.reshape.default,
    aten._unsafe_view.default,
    aten.slice.Tensor,
    aten.expand.default,
    aten.alias.default,
    aten.permute.default,
    aten.squeeze.dim,
    aten.unsqueeze.default,
}
# Copies: a no-op only in a functional graph, where no value can change under them.
_COPIES = {aten.clone.default, aten._to_copy.default, prims.convert_element_type.default}


def _same_layout(a: torch.Tensor, b: torch.Tensor) -> bool:
    return (
        a.dtype == b.dtype
        and a.device == b.device
        and statically_known_true(sym_eq(a.shape, b.shape))
        and statically_known_true(sym_eq(a.stride(), b.stride()))
        and statically_known_true(sym_eq(a.storage_offset(), b.storage_offset()))
    )


def _is_noop(node: fx.Node, functional: bool) -> bool:
    if node.op != "call_function" or not node.args or not isinstance(node.args[0], fx.Node):
        return False
    src, val = node.args[0].meta.get("val"), node.meta.get("val")
    if not isinstance(src, torch.Tensor) or not isinstance(val, torch.Tensor):
        return False
    target = node.target
    if target is aten.copy_.default:
        return node.args[1] is node.args[0]
    if target is aten.permute.default:
        return list(node.args[1]) == list(range(src.dim()))  # type: ignore[arg-type]
    if target in _SAME_SHAPE:
        return _same_layout(src, val)
    if target in _COPIES:
        return functional and _same_layout(src, val)
    return False


class NoOpElimination(QPass):
    name = "noop"

    def __call__(self, graph: fx.Graph) -> None:
        functional = not any(n.target not in (AFV1, AFV2) and mutated_nodes(n) for n in graph.nodes)
        for node in list(graph.nodes):
            if _is_noop(node, functional):
                node.replace_all_uses_with(node.args[0])  # type: ignore[arg-type]
                graph.erase_node(node)
