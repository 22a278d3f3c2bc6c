"""Loading with host expert banks (`load_model(place_experts=...)`): every expert read straight into its
bank row or static slot gives bitwise the caches that offloading a resident load gives (banks, slots,
slot maps, logits), for dense and kept-quantised experts; the placement is sized from the checkpoint
before a tensor is read, and one that cannot fit is refused then; a bad expert fails the load naming
its tensor, with every bank freed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import torch
from safetensors import safe_open
from safetensors.torch import save_file

from model.checkpoint.errors import CheckpointError
from model.checkpoint.loader import load_model
from model.checkpoint.reader import SafetensorsFolder
from model.expert_cache import ExpertCache
from model.expert_placement import ExpertGeometry, ExpertPlacement, ExpertPlacementError, place_experts
from model.moe import Experts
from model.quant import QuantFormatError
from qcompile.synthetic import default_checkpoint
from tests.quant.test_weight_only_load import ROOT, prompt_logprobs

BOOKKEEPING = ("host_row", "slot_of", "owner", "stamp")


class Placed:
    """A `PlaceExperts` giving `slots` per layer, `resident` of them static, that records the geometry."""

    def __init__(self, slots: int, resident: int) -> None:
        self.slots, self.resident = slots, resident
        self.seen: list[ExpertGeometry] = []

    def __call__(self, g: ExpertGeometry) -> ExpertPlacement:
        self.seen.append(g)
        layer = g.layers * g.expert_bytes
        host = (g.experts - self.resident) * layer
        return place_experts(g.layers, g.experts, g.expert_bytes, g.top_k, self.slots * layer, host)


def layers(model: torch.nn.Module) -> list[Experts]:
    return [m for m in model.modules() if isinstance(m, Experts)]


def offloaded_after_load(path: Path, slots: int, resident: int, **options: object) -> torch.nn.Module:
    """The path this load replaces: everything loaded, then each layer's stacks copied into banks."""
    model = load_model(path, **options)
    for module in layers(model):
        module.offload(slots, range(resident))
    return model


CASES = {  # checkpoint, load options, (slots, static)
    "bf16": (lambda: default_checkpoint("tiny", dtype="bfloat16"), {"dtype": "bfloat16"}, (5, 2)),
    "fp32 as bf16": (lambda: default_checkpoint("tiny"), {"dtype": "bfloat16"}, (3, 0)),
    "fp8_block dequantised": (lambda: ROOT / "llmc-fp8_block", {}, (5, 2)),
    "fp8_block kept": (lambda: ROOT / "llmc-fp8_block", {"weight_only": True}, (5, 2)),
    "nvfp4 kept": (lambda: ROOT / "modelopt-nvfp4", {"weight_only": True}, (4, 1)),
    "mxfp8 kept": (lambda: ROOT / "llmc-mxfp8", {"weight_only": True}, (1, 0)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_banks_read_in_place_equal_the_offloaded_load_bitwise(case: str) -> None:
    make, options, (slots, resident) = CASES[case]
    path = make()
    place = Placed(slots, resident)
    ours = load_model(path, **options, place_experts=place)
    theirs = offloaded_after_load(path, slots, resident, **options)
    resident_load = layers(load_model(path, **options))[0]
    held = (*resident_load.parameters(), *resident_load.buffers())
    (geometry,) = place.seen
    assert geometry.expert_bytes == sum(t.nbytes for t in held) // resident_load.num_experts
    assert geometry.layers == len(layers(theirs))
    for mine, want in zip(layers(ours), layers(theirs), strict=True):
        assert (mine.quant, mine.block, mine.shapes) == (want.quant, want.block, want.shapes)
        assert not hasattr(mine, "gate_up_proj") and mine.cache.expert_bytes == want.cache.expert_bytes
        assert mine.cache.banks.keys() == want.cache.banks.keys()
        for name, bank in want.cache.banks.items():
            assert bank.dtype == mine.cache.banks[name].dtype and torch.equal(mine.cache.banks[name], bank), name
        for name, buffer in want.cache.named_buffers():
            assert torch.equal(getattr(mine.cache, name), buffer), name
    assert torch.equal(prompt_logprobs(ours), prompt_logprobs(theirs))


def test_experts_that_all_fit_load_as_usual(tiny_ckpt: Path) -> None:
    place = Placed(8, 8)
    ours, plain = load_model(tiny_ckpt, place_experts=place), load_model(tiny_ckpt)
    assert len(place.seen) == 1 and all(m.cache is None for m in layers(ours))
    assert all(torch.equal(a, b) for a, b in zip(ours.parameters(), plain.parameters(), strict=True))


def test_a_placement_that_cannot_fit_is_refused_before_a_tensor_is_read(
    tiny_ckpt: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    original = SafetensorsFolder.get_tensor
    monkeypatch.setattr(SafetensorsFolder, "get_tensor", lambda self, name: read.append(name) or original(self, name))
    with pytest.raises(ExpertPlacementError) as refused:
        load_model(tiny_ckpt, place_experts=lambda g: place_experts(**_sizes(g), device_bytes=0, host_bytes=0))
    assert str(refused.value).startswith("routed experts do not fit: 4 layers x 8 experts") and not read
    assert "\n" not in str(refused.value)


def _sizes(g: ExpertGeometry) -> dict[str, int]:
    return {"layers": g.layers, "experts": g.experts, "expert_bytes": g.expert_bytes, "top_k": g.top_k}


def rewritten(src: Path, out: Path, edit: dict[str, torch.Tensor | None]) -> Path:
    """A copy of the checkpoint folder `src` with `edit`'s tensors replaced (None: dropped)."""
    shutil.copytree(src, out)
    with safe_open(str(src / "model.safetensors"), framework="pt") as f:
        tensors = {k: f.get_tensor(k) for k in f.keys()}
        metadata = f.metadata()
    for key, t in edit.items():
        assert key in tensors, key
        if t is None:
            del tensors[key]
        else:
            tensors[key] = t
    save_file(tensors, str(out / "model.safetensors"), metadata=metadata)
    return out


@pytest.fixture
def released(monkeypatch: pytest.MonkeyPatch) -> list[ExpertCache]:
    """The caches a failed load freed."""
    freed: list[ExpertCache] = []
    original = ExpertCache.release

    def release(self: ExpertCache) -> None:
        original(self)
        freed.append(self)

    monkeypatch.setattr(ExpertCache, "release", release)
    return freed


def test_bad_experts_are_all_named_and_the_banks_freed(
    tiny_ckpt: Path, tmp_path: Path, released: list[ExpertCache]
) -> None:
    """A NaN in a host expert and in a static one, a missing expert and a mis-shaped one: one error."""
    pre = "model.language_model.layers"
    with safe_open(str(tiny_ckpt / "model.safetensors"), framework="pt") as f:
        up, gate = (
            f.get_tensor(f"{pre}.1.mlp.experts.6.up_proj.weight"),
            f.get_tensor(f"{pre}.2.mlp.experts.0.gate_proj.weight"),
        )
    up[3, 5], gate[0, 0] = float("nan"), float("inf")
    edit = {
        f"{pre}.1.mlp.experts.6.up_proj.weight": up,
        f"{pre}.2.mlp.experts.0.gate_proj.weight": gate,
        f"{pre}.0.mlp.experts.5.down_proj.weight": None,
        f"{pre}.3.mlp.experts.2.gate_proj.weight": torch.zeros(31, 64),
    }
    path = rewritten(tiny_ckpt, tmp_path / "bad", edit)
    with pytest.raises(CheckpointError) as failed:
        load_model(path, place_experts=Placed(5, 2))
    message = str(failed.value)
    assert "(4 problems)" in message
    assert f"{pre}.1.mlp.experts.6.up_proj.weight (model.safetensors): NaN or Inf values" in message
    assert f"{pre}.2.mlp.experts.0.gate_proj.weight (model.safetensors): NaN or Inf values" in message
    assert "model.layers.0.mlp.experts: down_proj has experts [0, 1, 2, 3, 4, 6, 7], expected 0..7" in message
    assert f"{pre}.3.mlp.experts.2.gate_proj.weight (model.safetensors): shape (31, 64), expected (32, 64)" in message
    assert len(released) == 4 and all(not cache.banks for cache in released)


def test_a_bad_scale_of_a_kept_expert_names_it_and_frees_the_banks(tmp_path: Path, released: list[ExpertCache]) -> None:
    src = ROOT / "llmc-fp8_block"
    key = "model.layers.2.mlp.experts.4.down_proj.weight_scale"
    with safe_open(str(src / "model.safetensors"), framework="pt") as f:
        scale = f.get_tensor(key)
    scale.view(-1)[0] = float("nan")
    path = rewritten(src, tmp_path / "bad", {key: scale})
    with pytest.raises(QuantFormatError, match=rf"^{key}: scales must be finite and non-negative"):
        load_model(path, weight_only=True, place_experts=Placed(5, 2))
    assert len(released) == 4 and all(not cache.banks for cache in released)


def test_expert_cache_and_a_shard_are_refused(tiny_ckpt: Path) -> None:
    from model.parallel import Shard

    with pytest.raises(ValueError, match="host expert banks and a tensor-parallel shard cannot be combined yet"):
        load_model(tiny_ckpt, shard=Shard(0, 2), place_experts=Placed(5, 2))
