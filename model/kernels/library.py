"""The one `torch.library` namespace of every op qcompile defines, and the library that defines them.

The kernels' ops (`route_topk`, `skinny_linear`), the hyper-connection's ops (`model.hyper`) and the
region registry's caller-owned ops (`qcompile.ops`) all live in `qcompile`, so a graph reads
`torch.ops.qcompile.<op>` whatever layer defined the op. (A namespace cannot be dotted: the
dispatcher parses `a.b::op` as an overload of `a`.) Names are unique across all of them: a region
named like a kernel op fails here, at its definition. What the compiler does with an op (kept opaque,
folded, swapped for a twin) is not the op's business: the region table (`qcompile.ops`) says it.

Ops go through `torch.library.Library` rather than `custom_op`: every eager or piecewise call pays
the op's Python dispatch, and `custom_op`'s costs about three times as much per call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

NAMESPACE = "qcompile"

# One FRAGMENT library for the namespace; ops defined through it live as long as the process.
LIB = torch.library.Library(NAMESPACE, "FRAGMENT")


def define_op(
    schema: str, impl: Callable[..., Any], dispatch_key: str, fake: Callable[..., Any] | None = None
) -> torch._ops.OpOverload:
    """Define `qcompile::<schema>` with `impl` under `dispatch_key` (and `fake` for meta tensors, where
    the implementation is not CompositeImplicitAutograd); returns its default overload."""
    name = schema.split("(", 1)[0]
    if hasattr(getattr(torch.ops, NAMESPACE), name):
        raise ValueError(f"op {NAMESPACE}::{name} is defined twice (op names are unique across the namespace)")
    LIB.define(schema)
    LIB.impl(name, impl, dispatch_key)
    if fake is not None:
        torch.library.register_fake(f"{NAMESPACE}::{name}", fake, lib=LIB)
    return getattr(getattr(torch.ops, NAMESPACE), name).default
