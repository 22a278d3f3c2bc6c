from pathlib import Path

import pytest
import torch

import qcompile
from qcompile import CompileConfig, SamplingParams
from qcompile.engine.engine import Engine
from qcompile.engine.runner import ModelRunner
from qcompile.engine.sequence import Sequence

from .fake_model import FakeModel


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
    """The runner hands the model and the config's fields to `qcompile.compile` and runs what it returns."""
    seen: list[tuple[torch.nn.Module, dict]] = []
    calls = 0

    def fake_compile(model: torch.nn.Module, **kwargs: object):  # noqa: ANN202
        seen.append((model, kwargs))

        def compiled(*args: torch.Tensor) -> torch.Tensor:
            nonlocal calls
            calls += 1
            return model(*args)

        return compiled

    monkeypatch.setattr(qcompile, "compile", fake_compile, raising=False)
    model = FakeModel()
    config = CompileConfig(scope="model", dynamic="unbacked", capture_sizes=(1, 2), max_capture_size=2)
    engine = Engine(ModelRunner(model, 2, 32, "cpu", config), eos_token_ids=[1])
    params = SamplingParams(temperature=0, max_tokens=3, ignore_eos=True)
    out = engine.generate([Sequence("0", None, [3, 4], params)])
    expected = {
        "ranges": ((1, 256),),
        "scope": "model",
        "cudagraph": "none",
        "dump_dir": None,
        "dynamic": "unbacked",
        "capture_sizes": (1, 2),
        "max_capture_size": 2,
    }
    assert seen == [(model, expected)] and calls == 3 and len(out[0].outputs[0].token_ids) == 3


def test_capture_runs_under_inference_mode_like_every_forward(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slot state is made under inference mode, and capture writes it (on the H200 a capture outside
    inference mode failed with "Inplace update to inference tensor outside InferenceMode")."""
    seen: list[bool] = []

    class Graphed:
        capture_sizes = [1, 2]

        def __init__(self, model: torch.nn.Module) -> None:
            self.model = model

        def __call__(self, *args: torch.Tensor) -> torch.Tensor:
            return self.model(*args)

        def capture(self) -> str:
            seen.append(torch.is_inference_mode_enabled())
            return "stats"

    monkeypatch.setattr(qcompile, "compile", lambda model, **kwargs: Graphed(model), raising=False)
    runner = ModelRunner(FakeModel(), 2, 32, "cpu", CompileConfig(cudagraph="full"))
    assert runner.capture() == "stats" and seen == [True] and runner.capture_sizes == [1, 2]
    assert ModelRunner(FakeModel(), 2, 32, "cpu", CompileConfig()).capture() is None  # no graph mode, no capture
