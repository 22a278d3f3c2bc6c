"""Guard against the read-before-write reinplacing hazard (`test_reinplace_hazard_without_guard_is_wrong` shows it).

A pointwise read of a buffer's old value that precedes a mutating extern op in the graph, but whose
value is consumed after it, stays an unrealized Inductor IR node. When Inductor lowers the op as a
`FallbackKernel`, the mutation marks the buffer's readers for realization only *after* the kernel is
registered, so the scheduler orders (and fuses) the read after the write and it sees the new value.
Inductor's own reinplacing and our caller-owned rewrite both produce this pattern. This pass
materialises each such read where it stands, so it runs before the mutation.
"""

from __future__ import annotations

import torch
import torch.fx as fx

from qcompile.passes.graph_utils import (
    QPass,
    alias_closure,
    is_materialised,
    is_view,
    materialise,
    mutated_nodes,
    order_of,
    view_root,
)


def _escapes(reader: fx.Node, pos: int, order: dict[fx.Node, int], op: fx.Node) -> bool:
    """Is `reader`'s value, or a value computed from it before `op`, used after `op`?"""
    seen, todo = {reader}, [reader]
    while todo:
        for user in todo.pop().users:
            if user is op:
                continue
            if order[user] > pos:
                return True
            if user not in seen and not is_materialised(user):  # realized: a barrier
                seen.add(user)
                todo.append(user)
    return False


def guard_reads(graph: fx.Graph, op: fx.Node, written: fx.Node) -> int:
    """Materialise the earlier reads of `written` (or of any view of its storage) that escape `op`."""
    order = order_of(graph)
    pos = order[op]
    count = 0
    for alias in alias_closure(view_root(written)):
        for reader in list(alias.users):
            if reader is op or is_view(reader) or is_materialised(reader) or order[reader] > pos:
                continue
            if not isinstance(reader.meta.get("val"), torch.Tensor):
                continue
            if _escapes(reader, pos, order, op):
                materialise(graph, reader)
                count += 1
                order = order_of(graph)
                pos = order[op]
    return count


class ReinplaceGuard(QPass):
    """Materialise escaping old-value reads before every op that writes a tensor in place."""

    name = "reinplace_guard"

    def __call__(self, graph: fx.Graph) -> None:
        for op in [n for n in graph.nodes if mutated_nodes(n)]:
            for written in mutated_nodes(op):
                guard_reads(graph, op, written)
