"""Named regions of the forward that a compiler may keep opaque.

A region is a method of an `nn.Module` that takes only tensors and returns one tensor. In eager
mode it is a plain call. `qcompile` installs a dispatcher that, for the scope being compiled,
either lets Dynamo trace the method or routes it through a registered custom op. The model source
therefore stays one file per concept, with no `if scope ==` anywhere in it.

A module owning a stateful region exposes `region_state(name)` — the state tensors region `name`
mutates — so the custom op can declare exactly those in `mutates_args`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol

import torch


class Dispatcher(Protocol):
    def __call__(self, name: str, method: Callable[..., torch.Tensor], module: torch.nn.Module,
                 args: tuple[torch.Tensor, ...]) -> torch.Tensor: ...


REGIONS: dict[str, Callable[..., torch.Tensor]] = {}
_dispatcher: Dispatcher | None = None


def region(name: str) -> Callable[[Callable[..., torch.Tensor]], Callable[..., torch.Tensor]]:
    """Mark `method(self, *tensors) -> tensor` as the region `name`."""

    def deco(method: Callable[..., torch.Tensor]) -> Callable[..., torch.Tensor]:
        if name in REGIONS:
            raise ValueError(f"region {name!r} is defined twice")
        REGIONS[name] = method

        @functools.wraps(method)
        def wrapper(self: torch.nn.Module, *args: Any) -> torch.Tensor:
            d = _dispatcher
            if d is None:
                return method(self, *args)
            return d(name, method, self, args)

        wrapper.region_name = name  # type: ignore[attr-defined]
        return wrapper

    return deco


def set_dispatcher(dispatcher: Dispatcher | None) -> Dispatcher | None:
    """Install `dispatcher` (None restores plain calls); returns the previous one."""
    global _dispatcher
    prev, _dispatcher = _dispatcher, dispatcher
    return prev
