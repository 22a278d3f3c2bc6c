"""Rewrites of a piece's Dynamo graph per compile range, before Inductor sees it.

Both read the region table's op rows (`qcompile/ops/op_hints.py`, declared in
`qcompile/ops/qwen4_exp.py`), so the compiler knows no op by name:

1. `fold_calls` (`FOLDS`): a call whose result is the first argument of the next call that can take it
   in is folded into one fused call, which returns both results. The hyper-connection's write and the
   read of the streams it wrote become one op, whose first kernel forms the written streams as it
   reads them: a decoder layer's attention write into its MLP read, and its MLP write into the next
   layer's (or the final mixer's) attention read, across the layer boundary the model's source keeps.

       before                                   after
       h2 = hc_write(h, w, y)                   f = hc_write_read(h, w, y, *args)
       r = hc_read(h2, *args)                   h2 = f[0]
       x, w2 = r[0], r[1]                       x, w2 = f[1], f[2]

2. `decode_only_twins` (`DECODE_ONLY`): where the range reaches past a decode-only op's rows, its torch
   twin is called instead; the twin traces into torch ops, which Inductor fuses. A fused call of 1.
   has its own twin (the two twins in a row), so folding never changes what a wide range computes.
"""

from __future__ import annotations

import operator

import torch.fx as fx

from qcompile.compiler.ranges import Range
from qcompile.ops.op_hints import DECODE_ONLY, FOLDS


def fold_calls(piece: fx.GraphModule) -> None:
    """Fold each `FOLDS` pair (module doc, 1.) whose first call's other users all come after the second
    call (they read the fused call's first result, which exists from there on) and whose second call's
    results are only indexed."""
    graph = piece.graph
    order = {node: i for i, node in enumerate(graph.nodes)}
    folded = False
    for second in list(graph.nodes):
        first = second.args[0] if second.op == "call_function" and second.args else None
        if not isinstance(first, fx.Node) or first.op != "call_function":
            continue
        fold = FOLDS.get((first.target, second.target))
        others = [u for u in first.users if u is not second]
        indexed = all(u.op == "call_function" and u.target is operator.getitem for u in second.users)
        positional = not first.kwargs and not second.kwargs  # the fused call takes both calls' arguments in order
        if fold is None or not positional or not indexed or any(order[u] < order[second] for u in others):
            continue
        with graph.inserting_before(second):
            call = graph.call_function(fold.fused, (*first.args, *second.args[1:]))
            written = graph.call_function(operator.getitem, (call, 0))
        for u in list(second.users):
            u.args = (call, u.args[1] + 1)
        for u in others:
            u.replace_input_with(first, written)
        graph.erase_node(second)
        graph.erase_node(first)
        order = {node: i for i, node in enumerate(graph.nodes)}
        folded = True
    if folded:
        piece.recompile()


def decode_only_twins(piece: fx.GraphModule, r: Range) -> None:
    """Where the range `r` reaches past a decode-only op's rows, call its torch twin instead (module doc, 2.)."""
    swapped = False
    for node in piece.graph.nodes:
        row = DECODE_ONLY.get(node.target) if node.op == "call_function" else None
        if row is not None and r[1] > row.rows:
            node.target, swapped = row.twin, True
    if swapped:
        piece.recompile()


def rewrite(piece: fx.GraphModule, r: Range) -> None:
    """Both rewrites, in the module doc's order."""
    fold_calls(piece)
    decode_only_twins(piece, r)
