"""Compile tests run in inference mode, as served, each with a fresh Dynamo cache."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

from model.checkpoint.loader import load_model
from qcompile.commands.ablate import ScopeResult, ablate


@pytest.fixture(autouse=True)
def _inference() -> Iterator[None]:
    """A fresh Dynamo cache so each test counts its own compiles; no autograd, as in serving."""
    torch._dynamo.reset()
    with torch.no_grad():
        yield


@pytest.fixture(scope="session")
def tiny_ablation(tiny_ckpt: Path) -> list[ScopeResult]:
    """Every scope compiled once on tiny (float32 CPU) and run 4 teacher-forced steps against eager.

    The graph test and the ablation test share these compiles (tens of seconds each on a small box).
    """
    model = load_model(tiny_ckpt, "cpu", torch.float32)
    return ablate(model, ("layer", "block", "kernel"), steps=4)
