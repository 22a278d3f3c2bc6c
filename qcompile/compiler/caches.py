"""Inductor's graph caches off, for compiles whose passes must run (graph dumps, ablations, pass tests).

A hit in Inductor's FX graph cache or AOTAutograd's cache skips the post-grad passes (and their graphs),
and Dynamo's profile cache would carry dynamic dims over from an earlier process. The caches of compiled
code (C++ and Triton binaries, keyed by their source) stay on: they skip no pass, and rebuilding them was
most of a cold-cache ablation's time (`force_disable_caches` also sends each compile to a fresh folder).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import torch


@contextlib.contextmanager
def graph_caches_off() -> Iterator[None]:
    with (
        torch._inductor.config.patch(fx_graph_cache=False, fx_graph_remote_cache=False),
        torch._functorch.config.patch(enable_autograd_cache=False, enable_remote_autograd_cache=False),
        torch._dynamo.config.patch(automatic_dynamic_local_pgo=False, automatic_dynamic_remote_pgo=False),
    ):
        yield
