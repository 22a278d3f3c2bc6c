"""Region dispatcher: one model source, opaque scope chosen at compile time.

`model.regions.region` routes every region call through the installed dispatcher. Inside
`with scope(s):` a region whose registry entry is opaque in `s` becomes a call to its caller-owned
custom op `qcompile::<name>(layer_key, *inputs, *state, out)`; any other region is called directly,
so Dynamo traces it. The op's real implementation finds the module by `layer_key` and runs the
undecorated method with no scope active, so nested regions inside an opaque one run plainly.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence

import torch

from model import regions as model_regions
from qcompile.ops.registry import (
    LIB,
    NAMESPACE,
    REGISTRY,
    OpEntry,
    OutSpec,
    RegionSpec,
    SampleBuilder,
    check_scopes,
    op_tags,
)

_scope: str | None = None
MODULES: dict[str, torch.nn.Module] = {}
KEY_ATTR = "_qcompile_key"


def current_scope() -> str | None:
    return _scope


@contextlib.contextmanager
def scope(name: str | None) -> Iterator[None]:
    """Make regions opaque as scope `name` says while this context is active (None: all plain).

    Dynamo guards on the scope it traced under, so compiled code must also run inside the same scope.
    """
    global _scope
    if name is not None:
        check_scopes((name,))
    prev_scope, _scope = _scope, name
    prev_dispatcher = model_regions.set_dispatcher(dispatch)
    try:
        yield
    finally:
        model_regions.set_dispatcher(prev_dispatcher)
        _scope = prev_scope


def register_modules(root: torch.nn.Module) -> None:
    """Give every submodule of `root` a layer key (its qualified name) and put it in the table.

    Keys are qualified names, not ids, so the string constants in traced graphs (and therefore
    Inductor's cache keys) are the same in every process. A later root with the same names wins.
    """
    for qualname, module in root.named_modules():
        key = qualname or "<root>"
        setattr(module, KEY_ATTR, key)
        MODULES[key] = module


def register_module(key: str, module: torch.nn.Module) -> None:
    setattr(module, KEY_ATTR, key)
    MODULES[key] = module


def dispatch(name: str, method: Callable[..., torch.Tensor], module: torch.nn.Module,
             args: tuple[torch.Tensor, ...]) -> torch.Tensor:
    """`model.regions.Dispatcher`: call the op when `name` is opaque in the current scope."""
    entry = REGISTRY.get(name)
    if entry is None or entry.region is None or not entry.is_opaque(_scope):
        return method(module, *args)
    key = getattr(module, KEY_ATTR, None)
    if key is None:
        raise RuntimeError(f"region {name!r}: module {type(module).__name__} has no layer key; "
                           "call qcompile.ops.register_modules(model) before compiling")
    out = _alloc_out(entry.region, module, args)
    entry.op(key, *args, *_state_of(entry, module), out)
    return out


def _alloc_out(spec: RegionSpec, module: torch.nn.Module, args: Sequence[torch.Tensor]) -> torch.Tensor:
    shape, dtype = spec.out_spec(module, *args)
    return torch.empty(shape, dtype=dtype, device=args[0].device)


def _state_of(entry: OpEntry, module: torch.nn.Module) -> tuple[torch.Tensor, ...]:
    assert entry.region is not None
    if entry.region.num_state == 0:
        return ()
    state = tuple(module.region_state(entry.name))  # type: ignore[operator]
    if len(state) != entry.region.num_state:
        raise RuntimeError(f"region {entry.name!r} declares {entry.region.num_state} state tensors, "
                           f"{type(module).__name__}.region_state({entry.name!r}) returned {len(state)}")
    return state


@contextlib.contextmanager
def _bound_state(module: torch.nn.Module, name: str, state: Sequence[torch.Tensor]) -> Iterator[None]:
    """Point the module's state attributes at `state` for the duration of the call.

    The op must mutate the tensors it was given: if functionalization handed it a clone, mutating
    the module's own tensors instead would be overwritten by the copy-back (or seen too early).
    """
    own = tuple(module.region_state(name)) if state else ()  # type: ignore[operator]
    swaps: list[tuple[torch.nn.Module, str, torch.Tensor]] = []
    for mine, given in zip(own, state, strict=True):
        if mine is given:
            continue
        owner, attr = _find_attr(module, mine)
        swaps.append((owner, attr, mine))
        _set_tensor_attr(owner, attr, given)
    try:
        yield
    finally:
        for owner, attr, mine in reversed(swaps):
            _set_tensor_attr(owner, attr, mine)


def _find_attr(module: torch.nn.Module, t: torch.Tensor) -> tuple[torch.nn.Module, str]:
    for sub in module.modules():
        for attr, value in list(sub._buffers.items()) + list(vars(sub).items()):
            if value is t:
                return sub, attr
    raise RuntimeError(f"{type(module).__name__}.region_state() returned a tensor that is not a "
                       "buffer or tensor attribute of the module")


def _set_tensor_attr(owner: torch.nn.Module, attr: str, value: torch.Tensor) -> None:
    if attr in owner._buffers:
        owner._buffers[attr] = value
    else:
        object.__setattr__(owner, attr, value)


def _schema(spec: RegionSpec) -> str:
    ins = [f"Tensor x{i}" for i in range(spec.num_inputs)]
    state = [f"Tensor(a{i}!) s{i}" for i in range(spec.num_state)]
    return f"(str layer_key, {', '.join(ins + state)}, Tensor(a{spec.num_state}!) out) -> ()"


def _same_as_first(module: torch.nn.Module, *args: torch.Tensor) -> tuple[tuple[int, ...], torch.dtype]:
    return tuple(args[0].shape), args[0].dtype


def register_region(
    name: str,
    *,
    num_inputs: int,
    opaque_in: frozenset[str] | set[str] | tuple[str, ...],
    num_state: int = 0,
    out_spec: OutSpec = _same_as_first,
    splitting: bool = False,
    cudagraph_unsafe: bool = False,
    sample_inputs: SampleBuilder | None = None,
) -> OpEntry:
    """Define `qcompile::<name>` for the region `name` and add it to the registry.

    `out_spec(module, *inputs) -> (shape, dtype)` sizes the caller-owned output (default: like the
    first input). The region method is looked up in `model.regions.REGIONS` at call time, so the
    model module may be imported after this registration.
    """
    spec = RegionSpec(num_inputs=num_inputs, num_state=num_state, out_spec=out_spec)
    LIB.define(name + _schema(spec), tags=op_tags(cudagraph_unsafe))

    def impl(layer_key: str, *tensors: torch.Tensor) -> None:
        module = MODULES[layer_key]
        inputs = tensors[:num_inputs]
        state, out = tensors[num_inputs:num_inputs + num_state], tensors[-1]
        global _scope
        prev, _scope = _scope, None
        try:
            with _bound_state(module, name, state):
                result = model_regions.REGIONS[name](module, *inputs)
        finally:
            _scope = prev
        out.copy_(result)

    def fake(layer_key: str, *tensors: torch.Tensor) -> None:
        return None

    LIB.impl(name, impl, "CompositeExplicitAutograd")
    torch.library.register_fake(f"{NAMESPACE}::{name}", fake, lib=LIB)
    op = getattr(torch.ops.qcompile, name).default
    return REGISTRY.add(OpEntry(
        name=name, op=op, impl=impl, fake=fake,
        mutates_args=tuple(f"s{i}" for i in range(num_state)) + ("out",),
        opaque_in=check_scopes(opaque_in), splitting=splitting, cudagraph_unsafe=cudagraph_unsafe,
        sample_builder=sample_inputs, region=spec,
    ))


def region_sample(name: str, key: str, module: torch.nn.Module, *inputs: torch.Tensor
                  ) -> tuple[tuple[object, ...], dict[str, object]]:
    """One `(args, kwargs)` sample for region op `name`: registers `module` as `key`, allocates `out`."""
    register_module(key, module)
    entry = REGISTRY[name]
    assert entry.region is not None
    out = _alloc_out(entry.region, module, inputs)
    return (key, *inputs, *_state_of(entry, module), out), {}
