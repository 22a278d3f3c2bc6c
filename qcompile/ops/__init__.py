"""Opaque ops: the region registry, the router, and the model's region table (regions and op hints)."""

from qcompile.ops import qwen4_exp  # noqa: F401  (registers the model's regions)
from qcompile.ops.op_hints import DecodeOnly, Fold
from qcompile.ops.region_ops import op_arguments, register_modules, register_regions, scope
from qcompile.ops.registry import NAMESPACE, REGISTRY, SCOPES, OpEntry, Region

__all__ = [
    "NAMESPACE",
    "REGISTRY",
    "SCOPES",
    "DecodeOnly",
    "Fold",
    "OpEntry",
    "Region",
    "op_arguments",
    "register_modules",
    "register_regions",
    "scope",
]
