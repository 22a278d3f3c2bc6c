"""Opaque ops: the region registry, the router, and the model's region table."""

from qcompile.ops import qwen4_exp  # noqa: F401  (registers the model's regions)
from qcompile.ops.region_ops import op_arguments, register_modules, register_regions, scope
from qcompile.ops.registry import NAMESPACE, REGISTRY, SCOPES, OpEntry, Region

__all__ = [
    "NAMESPACE",
    "REGISTRY",
    "SCOPES",
    "OpEntry",
    "Region",
    "op_arguments",
    "register_modules",
    "register_regions",
    "scope",
]
