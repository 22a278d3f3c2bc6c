"""Registry of the custom ops that qcompile may keep opaque.

Every opaque piece of the model is a `torch.library` op in the `qcompile` namespace, so that Dynamo,
AOTAutograd and Inductor all treat it as one extern call with an exact mutation schema. The registry
keeps, next to the op, what the compiler needs to reason about it: in which scopes it stays opaque,
whether the piecewise backend splits the graph at it, and sample inputs for `opcheck`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import torch

NAMESPACE = "qcompile"
SCOPES = frozenset({"layer", "block", "kernel"})

SampleInputs = list[tuple[tuple[Any, ...], dict[str, Any]]]
SampleBuilder = Callable[[torch.device], SampleInputs]
# (module, *inputs) -> (shape, dtype) of the caller-owned output a region writes.
OutSpec = Callable[..., tuple[tuple[int | torch.SymInt, ...], torch.dtype]]

# One FRAGMENT library for the namespace; ops defined through it live as long as the process.
LIB = torch.library.Library(NAMESPACE, "FRAGMENT")


@dataclass(frozen=True)
class RegionSpec:
    """Arity of a region op: `(layer_key, *inputs, *state, out)`."""

    num_inputs: int
    num_state: int
    out_spec: OutSpec


@dataclass(frozen=True)
class OpEntry:
    """What the compiler knows about one registered op."""

    name: str
    op: torch._ops.OpOverload
    impl: Callable[..., Any]
    fake: Callable[..., Any]
    mutates_args: tuple[str, ...]
    opaque_in: frozenset[str]
    splitting: bool = False
    cudagraph_unsafe: bool = False
    sample_builder: SampleBuilder | None = field(default=None, compare=False)
    region: RegionSpec | None = None

    @property
    def qualname(self) -> str:
        return f"{NAMESPACE}::{self.name}"

    @property
    def tags(self) -> tuple[torch.Tag, ...]:
        return tuple(self.op.tags)

    def is_opaque(self, scope: str | None) -> bool:
        """Opaque when compiled with `scope`; None (eager) never routes through the op."""
        return scope is not None and scope in self.opaque_in

    def sample_inputs(self, device: torch.device | str = "cpu") -> SampleInputs:
        if self.sample_builder is None:
            return []
        return self.sample_builder(torch.device(device))


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
        """The entry whose op (overload or packet) is `target`, if any."""
        if isinstance(target, torch._ops.OpOverload):
            ns, _, rest = target.name().partition("::")
            name = rest.split(".")[0]
        elif isinstance(target, torch._ops.OpOverloadPacket):
            ns, _, name = target._qualified_op_name.partition("::")
        else:
            return None
        return self._entries.get(name) if ns == NAMESPACE else None


REGISTRY = _Registry()


def check_scopes(opaque_in: frozenset[str] | set[str] | tuple[str, ...]) -> frozenset[str]:
    scopes = frozenset(opaque_in)
    unknown = scopes - SCOPES
    if unknown:
        raise ValueError(f"unknown scopes {sorted(unknown)}; known: {sorted(SCOPES)}")
    return scopes


def op_tags(cudagraph_unsafe: bool) -> tuple[torch.Tag, ...]:
    # torch.Tag.cudagraph_unsafe makes Inductor's graph partition cut at the op (guarded for old torch).
    if cudagraph_unsafe and hasattr(torch.Tag, "cudagraph_unsafe"):
        return (torch.Tag.cudagraph_unsafe,)
    return ()


def register_op(
    name: str,
    impl: Callable[..., Any],
    *,
    mutates_args: tuple[str, ...],
    fake: Callable[..., Any],
    opaque_in: frozenset[str] | set[str] | tuple[str, ...],
    splitting: bool = False,
    cudagraph_unsafe: bool = False,
    sample_inputs: SampleBuilder | None = None,
    schema: str | None = None,
) -> OpEntry:
    """Register a plain (non-region) op `qcompile::name` from a typed Python function.

    Caller-owned outputs are mutated arguments that the function fills and returns None for:
    `custom_op` forbids returning aliases of inputs, and a mutated `out` reinplaces without a copy.
    """
    op = torch.library.custom_op(
        f"{NAMESPACE}::{name}", impl, mutates_args=mutates_args, schema=schema,
        tags=op_tags(cudagraph_unsafe),
    )
    op.register_fake(fake)
    return REGISTRY.add(OpEntry(
        name=name, op=op._opoverload, impl=impl, fake=fake, mutates_args=tuple(mutates_args),
        opaque_in=check_scopes(opaque_in), splitting=splitting,
        cudagraph_unsafe=cudagraph_unsafe, sample_builder=sample_inputs,
    ))
