"""Rounded split sources: a split of a down-cast value is computed once, in its own dtype.

A value rounded to a narrower float (`convert_element_type` to bf16 from float32) and then split into
pieces that several kernels read stays an unrealized Inductor node: each piece's kernel inlines the
whole computation behind it. Where that computation reuses a wider intermediate (a half-precision
activation upcasts its input and reads it twice), Inductor realizes the *wider* intermediate instead,
and every piece's kernel reads it at twice the bytes. The GDN input is the case: the causal conv's
output rounded, `silu` of it (the upcast read twice), split into q, k and v; Inductor wrote the conv
as float32 (`[T, conv_dim]`, 2 bytes an element more than needed) and the three kernels read it.
Materialising the rounded split source where it stands makes the conv's kernel write it in bf16 and
the pieces read their slices of that; the values are the same (the rounding happens either way).
"""

from __future__ import annotations

import operator

import torch
import torch.fx as fx

from qcompile.passes.graph_utils import QPass, is_materialised, materialise

_SPLITS = {torch.ops.aten.split_with_sizes.default, torch.ops.aten.split.Tensor}
_CAST = torch.ops.prims.convert_element_type.default


def _narrowing_cast(node: fx.Node) -> bool:
    """Is `node` a cast of a floating value to a narrower float?"""
    if node.op != "call_function" or node.target is not _CAST or not isinstance(node.args[0], fx.Node):
        return False
    src, out = node.args[0].meta.get("val"), node.meta.get("val")
    if not isinstance(src, torch.Tensor) or not isinstance(out, torch.Tensor):
        return False
    return src.is_floating_point() and out.is_floating_point() and out.dtype.itemsize < src.dtype.itemsize


def _pieces_read(split: fx.Node) -> int:
    return sum(1 for u in split.users if u.target is operator.getitem and u.users)


class RoundedSplitSource(QPass):
    """Materialise every narrowing cast that a split reads when two or more of its pieces are used."""

    name = "rounded_split"

    def __call__(self, graph: fx.Graph) -> None:
        for split in [n for n in graph.nodes if n.op == "call_function" and n.target in _SPLITS]:
            source = split.args[0]
            if isinstance(source, fx.Node) and _narrowing_cast(source) and _pieces_read(split) >= 2:
                if not any(is_materialised(u) for u in source.users):
                    materialise(graph, source)
