"""The registry of opaque regions: one table row per region, one custom op per row.

Every region that some scope keeps opaque is a `torch.library` op in the `qcompile` namespace (one
for all of qcompile's ops, `model.kernels.library`), so Dynamo, AOTAutograd and Inductor all treat
it as one extern call with an exact mutation schema.
A row (`Region`) says what cannot be read off the model source: in which scopes the region is
opaque, how many state tensors it mutates, whether the piecewise backend splits the graph at it,
and how its caller-owned output is sized. The op's arity comes from the region method's signature.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

import torch

from model.kernels.library import NAMESPACE

SCOPES = frozenset({"layer", "block", "kernel"})

# (module, *inputs) -> (shape, dtype) of the caller-owned output a region writes.
OutSpec = Callable[..., tuple[tuple[int | torch.SymInt, ...], torch.dtype]]


def like_first_input(module: torch.nn.Module, *args: torch.Tensor) -> tuple[tuple[int, ...], torch.dtype]:
    return tuple(args[0].shape), args[0].dtype


@dataclass(frozen=True)
class Region:
    """One row of a model's region table."""

    name: str
    opaque_in: frozenset[str]
    num_state: int = 0
    splitting: bool = False  # reads the forward context's host metadata: pieces must not freeze it
    out_spec: OutSpec = like_first_input
    # its body keeps float32 where eager rounds an intermediate (`model/rounding.py`), as Inductor
    # keeps a fused chain's: a block is then computed as the kernel scope computes it
    keeps_float32: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "opaque_in", check_scopes(self.opaque_in))


@dataclass(frozen=True)
class OpEntry:
    """A registered region: its row, its op `(layer_key, *inputs, *state, out) -> ()`, its arity."""

    region: Region
    op: torch._ops.OpOverload
    num_inputs: int

    @property
    def name(self) -> str:
        return self.region.name

    @property
    def qualname(self) -> str:
        return f"{NAMESPACE}::{self.name}"

    @property
    def splitting(self) -> bool:
        return self.region.splitting

    @property
    def opaque_in(self) -> frozenset[str]:
        return self.region.opaque_in

    @property
    def mutates_args(self) -> tuple[str, ...]:
        return (*(f"s{i}" for i in range(self.region.num_state)), "out")

    def is_opaque(self, scope: str | None) -> bool:
        """Opaque when compiled with `scope`; None (eager) never routes through the op."""
        return scope is not None and scope in self.region.opaque_in


class _Registry(Mapping[str, OpEntry]):
    """Read-only name → entry mapping; entries are added only through `add`."""

    def __init__(self) -> None:
        self._entries: dict[str, OpEntry] = {}

    def __getitem__(self, name: str) -> OpEntry:
        return self._entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def add(self, entry: OpEntry) -> OpEntry:
        if entry.name in self._entries:
            raise ValueError(f"op {entry.qualname} is registered twice")
        self._entries[entry.name] = entry
        return entry

    def for_target(self, target: object) -> OpEntry | None:
        """The entry whose op (overload or packet) is `target`, if any (the namespace also holds ops that
        are not regions: those have none)."""
        if isinstance(target, torch._ops.OpOverload):
            ns, _, rest = target.name().partition("::")
            name = rest.split(".")[0]
        elif isinstance(target, torch._ops.OpOverloadPacket):
            ns, _, name = target._qualified_op_name.partition("::")
        else:
            return None
        return self._entries.get(name) if ns == NAMESPACE else None


REGISTRY = _Registry()


OUT_PARAM = "out"


def writes_out(method: Callable[..., torch.Tensor]) -> bool:
    """Whether region method `method` takes a keyword-only `out=None`: a buffer of the result's shape
    and dtype that it may write its result into (returning it) instead of allocating one."""
    p = inspect.signature(method).parameters.get(OUT_PARAM)
    return p is not None and p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is None


def check_scopes(scopes: frozenset[str] | set[str] | tuple[str, ...]) -> frozenset[str]:
    scopes = frozenset(scopes)
    unknown = scopes - SCOPES
    if unknown:
        raise ValueError(f"unknown scopes {sorted(unknown)}; known: {sorted(SCOPES)}")
    return scopes


def region_arity(name: str, method: Callable[..., torch.Tensor]) -> int:
    """Tensor inputs of region method `method(self, *tensors)`: its positional parameters but `self`
    (a keyword-only `out`, see `writes_out`, is not one)."""
    params = list(inspect.signature(method).parameters.values())[1:]
    if writes_out(method):
        params = [p for p in params if p.name != OUT_PARAM]
    kinds = {inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD}
    bad = [p.name for p in params if p.kind not in kinds or p.default is not inspect.Parameter.empty]
    if bad or not params:
        raise TypeError(f"region {name!r} must take one or more plain tensor parameters after self (bad: {bad})")
    return len(params)
