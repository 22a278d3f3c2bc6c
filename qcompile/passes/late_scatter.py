"""Late scatters: a functional scatter into a graph input moved to just before its first user.

A state write such as `tail.index_copy_(0, slots, rows)` reaches the post-grad graph as a functional
`index_put(tail, ...)` and an epilogue `copy_(tail, new)`. Inductor turns it back into an in-place
scatter only when no read of the old `tail` follows it in the graph; else it clones the whole input,
scatters into the clone and copies it back: two more kernels, each over every slot's state. Its
`reorder_for_locality` (run before our passes) moves producers next to their consumers, and so moves
reads of the old value that the program made *before* the write (a conv over the tail, consumed
later) to *after* it. Moving the scatter down to its first user puts it after those reads again.
Exact: a functional node computes the same value anywhere after its inputs; the move is skipped
where a node it would pass writes one of its inputs in place (an epilogue `copy_` into another
input, an opaque op's state, passed freely).
"""

from __future__ import annotations

import torch
import torch.fx as fx
import torch.utils._pytree as pytree
from torch._inductor.fx_passes.reinplace import _generalized_scatter

from qcompile.passes.graph_utils import QPass, mutated_nodes, order_of, view_root

aten = torch.ops.aten
SCATTERS = (aten.index_put.default, aten._unsafe_index_put.default, _generalized_scatter)


def _written(node: fx.Node) -> list[fx.Node]:
    """The tensors `node` writes in place: a mutating extern op's, or an in-place ATen op's."""
    target = node.target
    if node.op != "call_function" or not isinstance(target, torch._ops.OpOverload) or target.namespace != "aten":
        return mutated_nodes(node)
    schema = target._schema.arguments
    writes = [i for i, a in enumerate(schema) if a.alias_info is not None and a.alias_info.is_write]
    return [a for i in writes for a in pytree.tree_leaves(node.args[i : i + 1]) if isinstance(a, fx.Node)]


class LateScatter(QPass):
    name = "late_scatter"

    def __call__(self, graph: fx.Graph) -> None:
        for node in [n for n in graph.nodes if n.op == "call_function" and n.target in SCATTERS]:
            base = node.args[0]
            if not (isinstance(base, fx.Node) and base.op == "placeholder") or not node.users:
                continue
            order = order_of(graph)
            first = min(node.users, key=order.__getitem__)
            between = list(graph.nodes)[order[node] + 1 : order[first]]
            reads = {view_root(a) for a in node.all_input_nodes}
            if between and not any(view_root(w) in reads for n in between for w in _written(n)):
                first.prepend(node)
