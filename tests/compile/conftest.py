"""Compile tests run in inference mode, as served, each with a fresh Dynamo cache."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import torch


@pytest.fixture(autouse=True)
def _inference() -> Iterator[None]:
    """A fresh Dynamo cache so each test counts its own compiles; no autograd, as in serving."""
    torch._dynamo.reset()
    with torch.no_grad():
        yield
