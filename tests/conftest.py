"""Session fixtures: cached tiny checkpoints and their transformers oracles; the `gpu` marker."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from torch import nn

from qcompile.synthetic import default_checkpoint


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip `@pytest.mark.gpu` tests on machines without CUDA."""
    if torch.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs CUDA")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


def _load_hf(path: Path) -> nn.Module:
    """The transformers reference model: fp32, eager attention and eager (per-expert loop) MoE."""
    from transformers import Qwen4ExpForConditionalGeneration

    model = Qwen4ExpForConditionalGeneration.from_pretrained(
        path, dtype=torch.float32, attn_implementation="eager", experts_implementation="eager"
    )
    model.eval().requires_grad_(False)
    return model


@pytest.fixture(scope="session")
def tiny_ckpt() -> Path:
    return default_checkpoint("tiny")


@pytest.fixture(scope="session")
def tiny8_ckpt() -> Path:
    return default_checkpoint("tiny8")


@pytest.fixture(scope="session")
def hf_tiny(tiny_ckpt: Path) -> nn.Module:
    return _load_hf(tiny_ckpt)


@pytest.fixture(scope="session")
def hf_tiny8(tiny8_ckpt: Path) -> nn.Module:
    return _load_hf(tiny8_ckpt)


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> tuple[list[dict], list[dict]]:
    """What the commands hand on, without building anything: `generate`'s `EngineCore` keyword
    arguments and `serve`'s bound arguments, one dict per call, in call order."""
    import inspect

    import qcompile.commands.serve as launch
    import qcompile.engine.core as core
    from qcompile import LLM

    cores: list[dict] = []
    serves: list[dict] = []

    class FakeCore:
        def __init__(self, *args: object, **kwargs: object) -> None:
            cores.append(kwargs)

        def startup_stages(self) -> list:
            return []

    class FakeLLM:
        path = "fake"

        def generate(self, *args: object) -> list:
            return []

    signature = inspect.signature(launch.serve)
    monkeypatch.setattr(core, "EngineCore", FakeCore)
    monkeypatch.setattr(LLM, "from_core", classmethod(lambda cls, c: FakeLLM()))
    monkeypatch.setattr(launch, "serve", lambda *args: serves.append(signature.bind(*args).arguments))
    return cores, serves
