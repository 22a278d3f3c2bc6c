"""`model.skinny_setup`: which buckets are timed, the plan file (read, checked, merged on write) and its
errors, which name the file and the key.

CPU weights are never timed by `plan_for`, so the tests that time swap in a `plan_for` that times any
weight, and a fake `tune_shape` that records the buckets it is asked for."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import pytest
import torch
from torch import nn

pytest.importorskip("triton", reason="the skinny GEMM needs Triton")

from model import skinny_setup
from model.config import ConfigError
from model.kernels import skinny
from model.kernels.skinny import ALL_CUBLAS, BUCKETS, SkinnyConfig, SkinnyLinear, encode, plans_to_json
from model.skinny_setup import (
    AOT_PLAN_FILE,
    SkinnyPlanError,
    decode_buckets,
    default_plan_file,
    machine_key,
    prepare_skinny,
    prepare_skinny_cached,
    read_plan_file,
    write_plan_file,
)

FMA = SkinnyConfig(8, 32, 0, False)
CPU = torch.device("cpu")


def model() -> nn.Sequential:
    return nn.Sequential(nn.Linear(48, 24, bias=False), nn.Linear(24, 16, bias=False), nn.Linear(16, 8))


@pytest.fixture
def timed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[torch.dtype, int, int], tuple[int, ...]]]:
    """Every (shape, buckets) timed; the fake plan takes the kernel in the smallest bucket it is asked for,
    except for the 16 x 24 shape (cuBLAS everywhere)."""
    calls: list[tuple[tuple[torch.dtype, int, int], tuple[int, ...]]] = []

    def tune_shape(key: tuple[torch.dtype, int, int], device: torch.device, buckets: Iterable[int]):
        calls.append((key, tuple(buckets)))
        return (ALL_CUBLAS if key[1] == 16 else encode({min(buckets): FMA})), []

    def plan_for(weight: torch.Tensor, plans: dict, tune=None) -> list[int] | None:
        key = (weight.dtype, *weight.shape)
        if key not in plans:
            plans[key] = tune(key, weight.device)
        return None if plans[key] == ALL_CUBLAS else plans[key]

    monkeypatch.setattr(skinny_setup, "tune_shape", tune_shape)
    monkeypatch.setattr(skinny_setup, "plan_for", plan_for)
    monkeypatch.setattr(skinny, "plan_for", plan_for)
    return calls


def test_decode_buckets() -> None:
    assert decode_buckets([3, 1, 4, 24, 16, 9]) == [1, 4, 16]
    assert decode_buckets([17, 64]) == []


def test_times_only_the_decode_buckets(timed: list) -> None:
    m = model()
    report = prepare_skinny(m, [1, 3, 4, 40])
    assert sorted(timed, key=str) == sorted(
        [((torch.float32, 24, 48), (1, 4)), ((torch.float32, 16, 24), (1, 4))], key=str
    )
    assert type(m[0]) is SkinnyLinear and type(m[1]) is nn.Linear and type(m[2]) is nn.Linear  # cuBLAS; bias
    assert report.buckets == [1, 4] and report.kernel_shapes == 1 and len(report.plans) == 2


def test_no_decode_rows_in_range_leaves_the_model_alone(timed: list) -> None:
    m = model()
    report = prepare_skinny(m, [32, 64])
    assert timed == [] and report.plans == {} and type(m[0]) is nn.Linear
    assert report.summary().startswith("0 of 0 GEMM shapes")


def test_plan_file_times_every_bucket_once_and_keeps_other_entries(tmp_path: Path, timed: list) -> None:
    path = tmp_path / "plans.json"
    other = {"another GPU | torch 0 | triton 0": plans_to_json({(torch.bfloat16, 8, 8): encode({2: FMA})})}
    path.write_text(json.dumps(other))
    report = prepare_skinny_cached(model(), [1, 2], path, CPU)
    assert {b for _, b in timed} == {BUCKETS} and len(timed) == 2
    written = json.loads(path.read_text())
    assert written == other | {machine_key(CPU): plans_to_json(report.plans)}
    timed.clear()
    m = model()
    again = prepare_skinny_cached(m, [1, 2], path, CPU)
    assert timed == [] and again.plans == report.plans and type(m[0]) is SkinnyLinear
    assert json.loads(path.read_text()) == written


def test_an_aot_folder_keeps_the_plans_its_forwards_bake_in(tmp_path: Path, timed: list) -> None:
    """Without a plan file named, the AOT folder's: written there (the folder made, as before any forward was
    saved) and read back by the next start, which times nothing and plans the same."""
    given, aot = tmp_path / "plans.json", tmp_path / "aot"
    assert default_plan_file(given, aot) == given and default_plan_file(None, None) is None
    path = default_plan_file(None, aot)
    assert path == aot / AOT_PLAN_FILE
    first = prepare_skinny_cached(model(), [1], path, CPU)
    assert timed and path.is_file() and first.kernel_shapes == 1
    timed.clear()
    assert prepare_skinny_cached(model(), [1], path, CPU).plans == first.plans and timed == []


@pytest.mark.parametrize(
    "content, names",
    [
        ("{not json", ["not readable as JSON"]),
        ("[1, 2]", ["JSON object of machines"]),
        ('{"gpu": [1]}', ["'gpu'", "map shapes to plans"]),
        ('{"gpu": {"bfloat16 8-8": [0]}}', ["'gpu'", "'bfloat16 8-8'", "<N>x<K>"]),
        ('{"gpu": {"int8 8x8": []}}', ["'gpu'", "'int8 8x8'", "dtype"]),
        ('{"gpu": {"bfloat16 8x8": [0, 1]}}', ["'gpu'", "'bfloat16 8x8'", "30 ints"]),
        ('{"gpu": {"bfloat16 8x8": 3}}', ["'gpu'", "'bfloat16 8x8'"]),
    ],
)
def test_a_bad_plan_file_names_the_file_and_key(tmp_path: Path, content: str, names: list[str]) -> None:
    path = tmp_path / "plans.json"
    path.write_text(content)
    with pytest.raises(SkinnyPlanError) as e:
        read_plan_file(path)
    message = str(e.value)
    assert isinstance(e.value, ConfigError) and "\n" not in message and str(path) in message
    assert all(n in message for n in names), message


def test_write_merges_into_the_machine_entry(tmp_path: Path) -> None:
    path = tmp_path / "plans.json"
    a, b = {(torch.float16, 8, 16): encode({1: FMA})}, {(torch.float32, 4, 8): ALL_CUBLAS}
    write_plan_file(path, "gpu", a)
    write_plan_file(path, "gpu", b)
    assert read_plan_file(path) == {"gpu": a | b}
    assert read_plan_file(tmp_path / "absent.json") == {}
    assert [p.name for p in tmp_path.iterdir()] == ["plans.json"]  # no temporary left
