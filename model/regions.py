"""Named regions of the forward that a compiler may keep opaque.

A region is a method of an `nn.Module` that takes only tensors and returns one tensor. It is a
plain call unless the forward context names a scope: then the region router (installed once by
`qcompile.ops`) either lets Dynamo trace the method or routes it through a registered custom op.
The model source therefore stays one file per concept, with no `if scope ==` anywhere in it.

A module owning a stateful region exposes `region_state(name)`: the state tensors region `name`
mutates, so the custom op can declare exactly those in `mutates_args`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol

import torch

from model import context


class RegionRouter(Protocol):
    def __call__(
        self, name: str, scope: str, method: Callable[..., torch.Tensor], module: torch.nn.Module, args: tuple
    ) -> torch.Tensor: ...


REGIONS: dict[str, Callable[..., torch.Tensor]] = {}
_router: RegionRouter | None = None


def region(name: str) -> Callable[[Callable[..., torch.Tensor]], Callable[..., torch.Tensor]]:
    """Mark `method(self, *tensors) -> tensor` as the region `name`."""

    def deco(method: Callable[..., torch.Tensor]) -> Callable[..., torch.Tensor]:
        if name in REGIONS:
            raise ValueError(f"region {name!r} is defined twice")
        REGIONS[name] = method

        @functools.wraps(method)
        def wrapper(self: torch.nn.Module, *args: Any) -> torch.Tensor:
            ctx = context.peek()
            if ctx is None or ctx.scope is None or _router is None:
                return REGIONS[name](self, *args)  # looked up per call, as the region ops do: tests wrap it
            return _router(name, ctx.scope, method, self, args)

        wrapper.region_name = name  # type: ignore[attr-defined]
        return wrapper

    return deco


def install_router(router: RegionRouter) -> None:
    """Route regions of scoped calls through `router` (done once, by the op registry's import)."""
    global _router
    _router = router
