"""Pieces of identical layers compile once: layer keys as placeholders, and a structural class.

Dynamo's graph names each opaque op's module by its layer key, a string constant, so the pieces
of identical layers differ only in those strings, and Inductor would compile each on its own (its
cache keys differ with them). `canonical` replaces the keys by placeholders (the piece's i-th
distinct key, `qcompile.ops.region_ops.key_placeholder`) and returns the real keys for the piece's
`KeyBinding`. `structure` is what must be equal for two pieces to share one compiled callable:
every node's op, target and arguments (nodes by position, constants by type and exact value), and
every input's example value (shape, stride and storage-offset expressions, dtype, device, layout,
and which inputs share storage: AOTAutograd compiles aliased inputs differently). Weights are inputs
(Dynamo lifts parameters), so a piece compiled for one layer computes another from that layer's
inputs. Whatever a piece holds itself (get_attr constants, submodules, objects of unknown kind)
enters by identity, so such a piece is a class of its own: sharing needs proof, not likelihood.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable, Sequence
from typing import Any

import torch
import torch.fx as fx
from torch.multiprocessing.reductions import StorageWeakRef

from qcompile.ops.region_ops import key_placeholder
from qcompile.ops.registry import REGISTRY

_PLAIN = (bool, int, str, type(None))
_NAMED = (torch.dtype, torch.device, torch.layout, torch.memory_format)


def canonical(piece: fx.GraphModule) -> tuple[fx.GraphModule, tuple[str, ...]]:
    """A copy of `piece` whose registry ops take key placeholders, and the keys they stand for."""
    gm = copy.deepcopy(piece)
    keys: list[str] = []
    for node in gm.graph.nodes:
        if node.op != "call_function" or REGISTRY.for_target(node.target) is None:
            continue
        key = node.args[0] if node.args else None
        if not isinstance(key, str):
            continue  # left as it is: the string stays in `structure`, so the piece is not shared
        if key not in keys:
            keys.append(key)
        node.args = (key_placeholder(keys.index(key)), *node.args[1:])
    gm.recompile()
    return gm, tuple(keys)


def structure(gm: fx.GraphModule, inputs: Sequence[Any]) -> Hashable:
    """Equal for two canonical pieces exactly when one compiled callable serves both."""
    index = {node: i for i, node in enumerate(gm.graph.nodes)}
    storages: dict[StorageWeakRef, int] = {}
    out: list[Hashable] = []
    placeholders = iter(inputs)
    for node in gm.graph.nodes:
        if node.op == "placeholder":
            out.append(("input", _example(next(placeholders), storages, len(out))))
        elif node.op in ("get_attr", "call_module"):
            out.append((node.op, id(_attr(gm, node.target))))
        else:
            out.append((node.op, _target(node.target), _arg(node.args, index), _arg(node.kwargs, index)))
    return tuple(out)


def _attr(gm: fx.GraphModule, target: str) -> Any:
    obj: Any = gm
    for part in target.split("."):
        obj = getattr(obj, part)
    return obj


def _target(target: Any) -> Hashable:
    if isinstance(target, str):  # call_method, output
        return target
    return ("callable", id(target))  # the same operator object in every piece of one process


def _arg(a: Any, index: dict[fx.Node, int]) -> Hashable:
    if isinstance(a, fx.Node):
        return ("node", index[a])
    if isinstance(a, float):
        return ("float", repr(a))  # exact, and -0.0 is not 0.0
    if isinstance(a, _PLAIN):
        return (type(a).__name__, a)
    if isinstance(a, _NAMED):
        return (type(a).__name__, str(a))
    if isinstance(a, torch.SymInt | torch.SymFloat | torch.SymBool):
        return (type(a).__name__, str(a.node.expr))
    if isinstance(a, slice):
        return ("slice", _arg(a.start, index), _arg(a.stop, index), _arg(a.step, index))
    if isinstance(a, list | tuple):
        return (type(a).__name__, tuple(_arg(x, index) for x in a))
    if isinstance(a, dict):
        return ("dict", tuple((k, _arg(v, index)) for k, v in sorted(a.items())))
    return ("object", id(a))


def _example(v: Any, storages: dict[StorageWeakRef, int], position: int) -> Hashable:
    if isinstance(v, torch.Tensor):
        storage = StorageWeakRef(v.untyped_storage())
        alias = storages.setdefault(storage, position)
        return (
            type(v).__name__,
            tuple(str(s) for s in v.shape),
            tuple(str(s) for s in v.stride()),
            str(v.storage_offset()),
            str(v.dtype),
            str(v.device),
            str(v.layout),
            v.requires_grad,
            alias,
        )
    if isinstance(v, torch.SymInt):
        return ("SymInt", str(v.node.expr))
    if isinstance(v, _PLAIN):
        return (type(v).__name__, v)
    return ("object", id(v))
