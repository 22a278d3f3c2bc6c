"""Opaque ops: the registry and the region dispatcher."""

from qcompile.ops import qwen4_exp  # noqa: E402, F401  (registers the model's regions)
from qcompile.ops.regions import (
    current_scope,
    region_sample,
    register_module,
    register_modules,
    register_region,
    scope,
)
from qcompile.ops.registry import NAMESPACE, REGISTRY, SCOPES, OpEntry, RegionSpec, register_op

__all__ = [
    "NAMESPACE", "REGISTRY", "SCOPES", "OpEntry", "RegionSpec", "current_scope", "register_module",
    "register_modules", "register_op", "register_region", "region_sample", "scope",
]
