"""The loader shards while reading: a rank's tensors equal the full load's shard bitwise (bf16 and every
quantised fixture), and the tensors the plan splits are only ever read in the rank's slices."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from model.checkpoint import loader
from model.checkpoint.loader import load_model
from model.checkpoint.reader import SafetensorsFolder
from model.parallel import Shard, shard_model, shard_plan
from qcompile.synthetic import make_checkpoint

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "quant"
QUANT = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir() and not p.name.startswith("source"))


@pytest.fixture(scope="module")
def bf16_ckpt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_checkpoint("tiny", tmp_path_factory.mktemp("tiny-bf16"), dtype="bfloat16")


def _check_bitwise(path: Path, dtype: torch.dtype, size: int) -> None:
    for rank in range(size):
        shard = Shard(rank, size)
        want = dict(shard_model(load_model(path, dtype=dtype), shard).named_parameters())
        got = dict(load_model(path, dtype=dtype, shard=shard).named_parameters())
        assert got.keys() == want.keys()
        for name, w in want.items():
            assert got[name].dtype == w.dtype and torch.equal(got[name], w), f"rank {rank} of {size}: {name}"


@pytest.mark.parametrize("size", [2, 4])
def test_bf16_shard_read_equals_full_load_sharded(bf16_ckpt: Path, size: int) -> None:
    _check_bitwise(bf16_ckpt, torch.bfloat16, size)


@pytest.mark.parametrize("fixture", QUANT)
def test_quantised_shard_read_equals_full_load_sharded(fixture: str) -> None:
    _check_bitwise(FIXTURES / fixture, torch.float32, 2)


class _Reads:
    """Every tensor read through `SafetensorsFolder`: whole (`get_tensor`) or sliced (`get_slice`)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.whole: set[str] = set()
        self.sliced_bytes: dict[str, int] = {}
        get_tensor, get_slice = SafetensorsFolder.get_tensor, SafetensorsFolder.get_slice
        reads = self

        def whole(folder: SafetensorsFolder, name: str) -> torch.Tensor:
            reads.whole.add(name)
            return get_tensor(folder, name)

        class Counted:
            def __init__(self, name: str, info: object) -> None:
                self.name, self.info = name, info

            def get_shape(self) -> list[int]:
                return self.info.get_shape()

            def get_dtype(self) -> str:
                return self.info.get_dtype()

            def __getitem__(self, index: object) -> torch.Tensor:
                t = self.info[index]
                reads.sliced_bytes[self.name] = reads.sliced_bytes.get(self.name, 0) + t.nbytes
                return t

        monkeypatch.setattr(SafetensorsFolder, "get_tensor", whole)
        monkeypatch.setattr(SafetensorsFolder, "get_slice", lambda f, name: Counted(name, get_slice(f, name)))


@pytest.mark.parametrize("fixture", ["bf16", "modelopt-fp8", "llmc-mxfp8", "modelopt-nvfp4"])
def test_split_tensors_are_read_only_in_the_ranks_slices(
    fixture: str, bf16_ckpt: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = bf16_ckpt if fixture == "bf16" else FIXTURES / fixture
    shard = Shard(1, 2)
    plan = shard_plan(load_model(path), shard)
    split_of = loader._split_of(plan)
    folder = SafetensorsFolder(path)
    split_keys = {k for k in folder.keys() if split_of(k.replace(".weight_packed", ".weight")) is not None}
    assert len(split_keys) > 20
    reads = _Reads(monkeypatch)
    load_model(path, shard=shard)
    assert not reads.whole & split_keys, f"read whole: {sorted(reads.whole & split_keys)[:3]}"
    # half of each split tensor, up to a scale group; block FP8 would read whole 128-row blocks, which
    # at these sizes are whole tensors (its slices are checked bitwise above)
    for key in split_keys:
        full = folder.get_slice(key)
        total = torch.Size(full.get_shape()).numel() * folder.get_tensor(key).element_size()
        assert 0 < reads.sliced_bytes[key] <= total // 2 + total // 8, key
