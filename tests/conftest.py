"""Session fixtures: cached tiny checkpoints and their transformers oracles; the `gpu` marker, and
the device memory a `gpu` test leaves released before the next one starts."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch
from torch import nn

from qcompile.engine.engine_config import EngineConfig
from qcompile.synthetic import default_checkpoint

# Files sharing a costly session fixture, by the fixture: CI's workers run each group's files on one worker,
# so the fixture is built once (xdist's `xdist_group` marks do not reach its scheduler under pytest 9.2).
SHARED_FIXTURE_FILES = {
    "tests/compile/test_ablate.py": "tiny_ablation",  # every scope compiled on tiny: a minute or two on a small box
    "tests/compile/test_dump.py": "tiny_ablation",
}


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """`--dist loadfile` (CI's) with the files of `SHARED_FIXTURE_FILES` scheduled as one unit a group."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SharedFixtureScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return SHARED_FIXTURE_FILES.get(path, path)

    return SharedFixtureScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip `@pytest.mark.gpu` tests on machines without CUDA."""
    if torch.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs CUDA")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


# Where the interpreter keeps the last uncaught exception: pytest sets them when a test fails, and
# clears them only when the next test's call begins.
_LAST_EXCEPTION = ("last_type", "last_value", "last_traceback", "last_exc")


def release_test_leftovers() -> None:
    """Free what a finished test still holds on the device: a failed test's frames (its engines and
    tensors) stay referenced from `sys.last_traceback`, and from the cycle between pytest's record of
    the exception and those frames, until a full collection; the CUDA allocator keeps freed blocks.
    The next engine's `profile_pool_bytes` (`total - free` of the device) would count both as in use."""
    for name in _LAST_EXCEPTION:
        if hasattr(sys, name):
            delattr(sys, name)
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()


@pytest.fixture(autouse=True)
def release_device_memory(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each `gpu` test, `release_test_leftovers`: one test's leftovers never size the next one's
    K/V pool or expert slots."""
    yield
    if request.node.get_closest_marker("gpu") is not None:
        release_test_leftovers()


@pytest.fixture(autouse=True, scope="module")
def release_compiled_code() -> Iterator[None]:
    """On a CUDA machine, Dynamo's caches reset once a module's tests and fixtures are done, then its
    leftovers released. Not after each test: a module-scoped compiled forward serves several tests
    (tests/cudagraph/test_gpu_gates.py switches graph modes over one compile), and a reset between
    them would trace it again."""
    yield
    if torch.cuda.is_available():
        torch._dynamo.reset()
        release_test_leftovers()


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


@pytest.fixture
def row_invariant_dot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Triton's interpreter multiplies `tl.dot` tiles with `np.matmul`, whose BLAS may round a row by where it
    sits in the operand (OpenBLAS's edge kernels on an AMD EPYC: a row alone in a tile and the same row among
    others differ in the last bit). A kernel's claim that a row comes out the same whatever shares its tile is
    the GPU's MMA's; under this fixture the interpreter multiplies with `np.einsum`, which sums each output in
    one order wherever its row sits, so what such a test still sees differ is the kernel's own doing."""
    import numpy as np
    from triton.runtime import interpreter

    def matmul(a: np.ndarray, b: np.ndarray, dtype: np.dtype | None = None) -> np.ndarray:
        return np.einsum("...ij,...jk->...ik", a, b, dtype=dtype)

    monkeypatch.setattr(interpreter.np, "matmul", matmul)
