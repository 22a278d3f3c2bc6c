"""Session fixtures: cached tiny checkpoints and their transformers oracles; the `gpu` marker."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from torch import nn

from qcompile.engine.engine_config import EngineConfig
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
def launched(monkeypatch: pytest.MonkeyPatch) -> tuple[list[EngineConfig], list[EngineConfig]]:
    """What the commands hand on, without building anything: the `EngineConfig` of each `generate` and
    each `serve`, in call order."""
    import qcompile.commands.serve as launch
    from qcompile import LLM

    generated: list[EngineConfig] = []
    served: list[EngineConfig] = []

    class FakeLLM:
        path = "fake"

        def generate(self, *args: object) -> list:
            return []

    def from_config(cls: type, config: EngineConfig, resolved: object = None) -> FakeLLM:
        generated.append(config)
        return FakeLLM()

    monkeypatch.setattr(LLM, "from_config", classmethod(from_config))
    monkeypatch.setattr(launch, "serve", lambda config, *rest: served.append(config))
    return generated, served
