"""Region ops: one model source, opaque scope chosen at compile time.

`register_regions(table)` defines `qcompile::<name>(layer_key, *inputs, *state, out)` for each row.
The caller allocates `out`: between piecewise CUDA graphs a splitting op runs uncaptured, so its
output must live where the piece before it put it (in the graph pool, at the address the next piece
was captured with), not wherever the op allocates. A region method that takes `out=` (`writes_out`)
gets it and its kernels write the result there; any other result is copied into it.
`route` is the router `model.regions` calls for scoped calls: a region whose row is opaque in the
scope becomes a call of its caller-owned op; any other region is called directly, so Dynamo traces
it. The op's implementation finds the module by its layer key and runs the undecorated method with
no scope, so regions nested inside an opaque one run plainly.

A compiled piece may hold key placeholders (`key_placeholder(i)`, the piece's i-th distinct key)
instead of layer keys, so that identical layers share one compiled piece; `KeyBinding` calls such
a piece with one piece's real keys bound, and the ops resolve placeholders through that binding.
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import torch

from model import context
from model import regions as model_regions
from model.kernels.library import define_op
from qcompile.ops.registry import (
    REGISTRY,
    OpEntry,
    Region,
    check_scopes,
    region_arity,
    writes_out,
)

KEY_ATTR = "_qcompile_key"
# Layer key -> module, for the ops' implementations. Weak: a registered model may still be freed.
MODULES: weakref.WeakValueDictionary[str, torch.nn.Module] = weakref.WeakValueDictionary()
# A layer key never starts with it (keys are qualified names, maybe prefixed `m<k>.`).
PLACEHOLDER_MARK = "@"
# The real keys of the piece being called, by placeholder index (`KeyBinding`).
_BOUND_KEYS: contextvars.ContextVar[tuple[str, ...]] = contextvars.ContextVar("qcompile_bound_keys", default=())


def scope(name: str | None) -> contextlib.AbstractContextManager[None]:
    """Make regions opaque as scope `name` says for the calls inside (None: all plain).

    Dynamo guards on the scope it traced under, so compiled code must also run inside the same scope.
    """
    if name is not None:
        check_scopes((name,))
    return context.in_scope(name)


def register_modules(root: torch.nn.Module) -> None:
    """Give every submodule of `root` a layer key and check its regions' state against the table.

    A key is the module's qualified name, so the string constants in traced graphs (and so
    Inductor's cache keys) are the same from one process to the next; when a live module of another
    model already holds one of those names, the whole model takes the first free prefix `m<k>.`, so
    two models with the same layout never share a key. A module keeps the key it got first, so
    compiling one model again (another scope, say) reaches the same modules. State is checked here
    when the model has it already (`init_state`), else on the region's first call.
    """
    fresh = [(q, m) for q, m in root.named_modules() if getattr(m, KEY_ATTR, None) is None]
    prefix = next(p for p in _prefixes() if all(MODULES.get(p + (q or "<root>")) is None for q, _ in fresh))
    for qualname, module in fresh:
        key = prefix + (qualname or "<root>")
        setattr(module, KEY_ATTR, key)
        MODULES[key] = module
    for _, module in root.named_modules():
        for name in _regions_of(module):
            try:
                _state_of(REGISTRY[name], module)
            except AttributeError:  # no state yet: checked on the first call instead
                continue


def _prefixes() -> Iterator[str]:
    yield ""
    yield from (f"m{k}." for k in itertools.count(1))


def runs_regions(root: torch.nn.Module) -> bool:
    """Whether any submodule of `root` runs a registered region: what compile scopes act on."""
    return any(next(_regions_of(m), None) is not None for m in root.modules())


def _regions_of(module: torch.nn.Module) -> Iterator[str]:
    """The regions `module` runs: its `region_names` if it has them, else its class's region methods."""
    names = getattr(module, "region_names", None)
    if names is not None:
        yield from names
        return
    for attr in dir(type(module)):
        name = getattr(getattr(type(module), attr, None), "region_name", None)
        if name in REGISTRY:
            yield name


def route(
    name: str, scope_name: str, method: Callable[..., torch.Tensor], module: torch.nn.Module, args: tuple
) -> torch.Tensor:
    """`model.regions.RegionRouter`: call the op when `name` is opaque in `scope_name`."""
    entry = REGISTRY.get(name)
    if entry is None or not entry.is_opaque(scope_name):
        return method(module, *args)
    key = getattr(module, KEY_ATTR, None)
    if key is None:
        raise RuntimeError(
            f"region {name!r}: module {type(module).__name__} has no layer key; "
            "call qcompile.ops.register_modules(model) before compiling"
        )
    out = _alloc_out(entry, module, args)
    entry.op(key, *args, *_state_of(entry, module), out)
    return out


def op_arguments(entry: OpEntry, module: torch.nn.Module, inputs: Sequence[torch.Tensor]) -> tuple:
    """The arguments `route` calls `entry`'s op with for `module` and `inputs` (a fresh `out`)."""
    key = getattr(module, KEY_ATTR, None)
    if key is None:
        raise RuntimeError(f"{type(module).__name__} has no layer key: call register_modules first")
    return (key, *inputs, *_state_of(entry, module), _alloc_out(entry, module, inputs))


def _alloc_out(entry: OpEntry, module: torch.nn.Module, args: Sequence[torch.Tensor]) -> torch.Tensor:
    shape, dtype = entry.region.out_spec(module, *args)
    return torch.empty(shape, dtype=dtype, device=args[0].device)


def _state_of(entry: OpEntry, module: torch.nn.Module) -> tuple[torch.Tensor, ...]:
    n = entry.region.num_state
    if n == 0:
        return ()
    state = tuple(module.region_state(entry.name))  # type: ignore[operator]
    if len(state) != n:
        raise RuntimeError(
            f"region {entry.name!r} declares {n} state tensors, "
            f"{type(module).__name__}.region_state({entry.name!r}) returned {len(state)}"
        )
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
    raise RuntimeError(
        f"{type(module).__name__}.region_state() returned a tensor that is neither a buffer nor a tensor "
        "attribute of the module"
    )


def _set_tensor_attr(owner: torch.nn.Module, attr: str, value: torch.Tensor) -> None:
    if attr in owner._buffers:
        owner._buffers[attr] = value
    else:
        object.__setattr__(owner, attr, value)


def key_placeholder(index: int) -> str:
    """The key an op of a shared compiled piece takes instead of the piece's `index`-th distinct key."""
    return f"{PLACEHOLDER_MARK}{index}"


def is_key_placeholder(key: str) -> bool:
    return key.startswith(PLACEHOLDER_MARK)


class KeyBinding:
    """Calls a compiled piece that holds key placeholders with one piece's keys bound.

    Pieces of identical layers differ only in the layer keys of their opaque ops, so they share
    one compiled callable whose ops take placeholders; each piece keeps its own `KeyBinding` (and
    so its own CUDA graph hook), and a capture made inside the call records that piece's modules.
    """

    def __init__(self, fn: Callable[..., Any], keys: Sequence[str]) -> None:
        self.fn, self.keys = fn, tuple(keys)

    def __call__(self, *args: Any) -> Any:
        token = _BOUND_KEYS.set(self.keys)
        try:
            return self.fn(*args)
        finally:
            _BOUND_KEYS.reset(token)


def _module_for(layer_key: str) -> torch.nn.Module:
    if is_key_placeholder(layer_key):
        bound = _BOUND_KEYS.get()
        index = int(layer_key[len(PLACEHOLDER_MARK) :])
        if index >= len(bound):
            raise RuntimeError(
                f"layer key placeholder {layer_key!r} called with {len(bound)} keys bound: "
                "a shared compiled piece must run inside its KeyBinding"
            )
        layer_key = bound[index]
    return MODULES[layer_key]


def _define(row: Region) -> OpEntry:
    method = model_regions.REGIONS.get(row.name)
    if method is None:
        raise ValueError(f"region table names {row.name!r}, which no model method declares with @region")
    num_inputs, num_state, takes_out = region_arity(row.name, method), row.num_state, writes_out(method)
    ins = [f"Tensor x{i}" for i in range(num_inputs)]
    state = [f"Tensor(a{i}!) s{i}" for i in range(num_state)]

    def impl(layer_key: str, *tensors: torch.Tensor) -> None:
        module = _module_for(layer_key)
        inputs, state, out = tensors[:num_inputs], tensors[num_inputs : num_inputs + num_state], tensors[-1]
        with context.in_scope(None, row.keeps_float32), _bound_state(module, row.name, state):
            # looked up per call: tests hook it
            result = model_regions.REGIONS[row.name](module, *inputs, **({"out": out} if takes_out else {}))
        if result is not out:
            out.copy_(result)

    def fake(layer_key: str, *tensors: torch.Tensor) -> None:
        return None

    schema = f"{row.name}(str layer_key, {', '.join(ins + state)}, Tensor(a{num_state}!) out) -> ()"
    return REGISTRY.add(OpEntry(row, define_op(schema, impl, "CompositeExplicitAutograd", fake), num_inputs))


def register_regions(table: Iterable[Region]) -> list[OpEntry]:
    """Define the op of every row (the model's `@region` methods must be imported first)."""
    return [_define(row) for row in table]


model_regions.install_router(route)
