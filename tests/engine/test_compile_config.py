from pathlib import Path

import pytest
import torch

import qcompile.api as api
from qcompile import CompileConfig, SamplingParams
from qcompile.engine.engine import Engine
from qcompile.engine.runner import ModelRunner
from qcompile.engine.sequence import Sequence

from .fake_model import FakeCompiled, FakeModel


def test_defaults_and_normalisation() -> None:
    c = CompileConfig()
    assert (c.scope, c.ranges, c.cudagraph, c.dump_dir, c.dynamic, c.capture_sizes, c.max_capture_size) == (
        "layer",
        ((1, 256),),
        "none",
        None,
        "oblivious",
        None,
        None,
    )
    c = CompileConfig(ranges=[(1, 1), [2, 512]], dump_dir="/tmp/x", capture_sizes=[1, 2, 4])
    assert c.ranges == ((1, 1), (2, 512)) and c.dump_dir == Path("/tmp/x") and c.capture_sizes == (1, 2, 4)


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"scope": ""}, "scope"),
        ({"cudagraph": None}, "cudagraph"),
        ({"ranges": []}, "ranges"),
        ({"ranges": [(0, 4)]}, "ranges"),
        ({"ranges": [(8, 4)]}, "ranges"),
        ({"ranges": [(1, 2, 3)]}, "ranges"),
        ({"dynamic": ""}, "dynamic"),
        ({"capture_sizes": []}, "capture_sizes"),
        ({"capture_sizes": [0]}, "capture_sizes"),
        ({"capture_sizes": [True]}, "capture_sizes"),
        ({"max_capture_size": 0}, "max_capture_size"),
    ],
)
def test_invalid_values_name_the_field(kwargs: dict, field: str) -> None:
    with pytest.raises(ValueError, match=f"CompileConfig.{field} "):
        CompileConfig(**kwargs)


def test_runner_forwards_through_qcompile_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner hands the model and its config to `qcompile.compile`, pads as the returned
    dispatcher says, and runs what it returns."""
    seen: list[FakeCompiled] = []

    def fake_compile(model: torch.nn.Module, config: CompileConfig) -> FakeCompiled:
        seen.append(FakeCompiled(model, config))
        return seen[-1]

    monkeypatch.setattr(api, "compile", fake_compile)
    model = FakeModel()
    config = CompileConfig(scope="model", ranges=((4, 8),), dynamic="unbacked", capture_sizes=(4,), max_capture_size=4)
    engine = Engine(ModelRunner(model, 2, 32, "cpu", config), eos_token_ids=[1])
    params = SamplingParams(temperature=0, max_tokens=3, ignore_eos=True)
    out = engine.generate([Sequence("0", None, [3, 4], params)])
    assert len(seen) == 1 and seen[0].model is model and seen[0].config is config
    assert seen[0].sizes == [4, 4, 4] and len(out[0].outputs[0].token_ids) == 3  # 2 and 1 rows padded to 4


def test_capture_runs_under_inference_mode_like_every_forward(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slot state is made under inference mode, and capture writes it (on the H200 a capture outside
    inference mode failed with "Inplace update to inference tensor outside InferenceMode")."""
    seen: list[bool] = []

    class Graphed(FakeCompiled):
        def capture(self) -> None:
            seen.append(torch.is_inference_mode_enabled())

    monkeypatch.setattr(api, "compile", Graphed)
    ModelRunner(FakeModel(), 2, 32, "cpu", CompileConfig(cudagraph="full")).capture()
    assert seen == [True]
    assert ModelRunner(FakeModel(), 2, 32, "cpu", None).capture() is None  # eager: nothing to capture
