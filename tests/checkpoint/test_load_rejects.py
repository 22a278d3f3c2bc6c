"""`load_model` refuses weights it cannot serve (NaN/Inf, integer or bool tensors), naming key and file.

Each test copies a real checkpoint (the cached tiny one, or a quantised fixture) into `tmp_path`,
breaks one tensor, and asserts that the message names that tensor's checkpoint key.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file, save_file

from model.checkpoint.errors import CheckpointError
from model.checkpoint.loader import load_model
from tests.quant.test_fixtures import ROOT

LM = "model.language_model."
NORM = LM + "layers.0.linear_attn.norm.weight"
EXPERT = LM + "layers.2.mlp.experts.3.down_proj.weight"
UP = LM + "layers.1.mlp.experts.2.up_proj.weight"
SHARD = LM + "layers.1.ple.ple_embedding.ngram_embedding.shard_1.weight"
BUFFER = LM + "layers.1.ple.ple_embedding.ngram_heads_offsets"


def named(key: str, file: str = "model.safetensors") -> str:
    """How a message names a stored tensor: its key, then the file holding it (a regex)."""
    return re.escape(f"{key} ({file})")


def broken(src: Path, out: Path, key: str, change: Callable[[torch.Tensor], torch.Tensor]) -> Path:
    """A copy of checkpoint `src` in `out` with tensor `key` replaced by `change(tensor)`."""
    shutil.copytree(src, out)
    state = load_file(out / "model.safetensors")
    assert key in state, key
    state[key] = change(state[key]).contiguous()
    save_file(state, str(out / "model.safetensors"))
    return out


def poke(value: float, index: int = -1) -> Callable[[torch.Tensor], torch.Tensor]:
    def change(t: torch.Tensor) -> torch.Tensor:
        t = t.clone()
        t.view(-1)[index] = value
        return t

    return change


CASES = {  # tensor key, change, message after the key
    "nan-norm": (NORM, poke(float("nan")), "NaN or Inf values$"),
    "inf-expert": (EXPERT, poke(float("inf"), 5), "NaN or Inf values$"),
    "neg-inf-up-proj": (UP, poke(float("-inf"), 0), "NaN or Inf values$"),
    "nan-ple-shard": (SHARD, poke(float("nan"), 7), "NaN or Inf values$"),
    "int32-norm": (NORM, lambda t: t.to(torch.int32), r"dtype int32, expected a floating-point tensor"),
    "bool-expert": (EXPERT, lambda t: t > 0, r"dtype bool, expected a floating-point tensor"),
    "int64-ple-shard": (SHARD, lambda t: t.to(torch.int64), r"dtype int64, expected a floating-point tensor"),
    "uint8-norm": (NORM, lambda t: t.to(torch.uint8), r"dtype uint8, .*quantised codes need a quantization_config"),
    "float-buffer": (BUFFER, lambda t: t.to(torch.float32), r"dtype float32, expected an integer PLE hashing buffer"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_tensor_fails_naming_its_key(case: str, tiny_ckpt: Path, tmp_path: Path) -> None:
    key, change, message = CASES[case]
    path = broken(tiny_ckpt, tmp_path / case, key, change)
    with pytest.raises(CheckpointError, match=rf"\(1 problems\):\n  {named(key)}: {message}") as err:
        load_model(path)
    assert "missing:" not in str(err.value)


def test_every_bad_tensor_is_listed(tiny_ckpt: Path, tmp_path: Path) -> None:
    """One NaN and one int32 tensor: both named in one error, the rest of the checkpoint loads."""
    path = broken(tiny_ckpt, tmp_path / "two", NORM, poke(float("nan")))
    state = load_file(path / "model.safetensors")
    state[EXPERT] = state[EXPERT].to(torch.int32)
    save_file(state, str(path / "model.safetensors"))
    with pytest.raises(CheckpointError, match=r"\(2 problems\)") as err:
        load_model(path)
    assert f"{NORM} (model.safetensors): NaN" in str(err.value)
    assert f"{EXPERT} (model.safetensors): dtype int32" in str(err.value)


def test_float16_overflow_is_named(tiny_ckpt: Path, tmp_path: Path) -> None:
    """A finite float32 value beyond float16's range becomes Inf on conversion: named, with why."""
    path = broken(tiny_ckpt, tmp_path / "big", EXPERT, poke(1e6))
    assert load_model(path, dtype="float32") is not None
    with pytest.raises(
        CheckpointError,
        match=rf"{named(EXPERT)}: NaN or Inf values in float16 \(stored as "
        r"float32: non-finite in the file, or beyond float16's range\)",
    ):
        load_model(path, dtype="float16")


def test_finite_checkpoint_loads_in_every_dtype(tiny_ckpt: Path) -> None:
    for dtype in (torch.float32, torch.bfloat16, torch.float16):
        model = load_model(tiny_ckpt, dtype=dtype)
        assert all(bool(torch.isfinite(p).all()) for p in model.parameters())


@pytest.mark.parametrize(
    ("fixture", "key"),
    [
        ("modelopt-fp8", "model.layers.0.linear_attn.norm.weight"),
        ("llmc-nvfp4", "model.embed_tokens.weight"),
    ],
)
def test_quantised_checkpoint_rejects_bad_float_tensors(fixture: str, key: str, tmp_path: Path) -> None:
    """In a quantised checkpoint the unquantised tensors pass through: they are checked the same way."""
    nan = broken(ROOT / fixture, tmp_path / "nan", key, poke(float("nan")))
    with pytest.raises(CheckpointError, match=rf"{named(key)}: NaN or Inf values"):
        load_model(nan)
    ints = broken(ROOT / fixture, tmp_path / "int", key, lambda t: t.to(torch.int32))
    with pytest.raises(CheckpointError, match=rf"{named(key)}: dtype int32, expected a floating-point tensor"):
        load_model(ints)


def test_bad_config_fails_naming_file_and_field(tiny_ckpt: Path, tmp_path: Path) -> None:
    from model.config import ConfigError

    path = shutil.copytree(tiny_ckpt, tmp_path / "cfg")
    config = json.loads((path / "config.json").read_text())
    config["text_config"]["num_hidden_layers"] = "four"
    (path / "config.json").write_text(json.dumps(config))
    with pytest.raises(
        ConfigError,
        match=rf"^{path / 'config.json'}: config field 'text_config.num_hidden_layers' = "
        r"'four': expected an integer, got str$",
    ):
        load_model(path)


def test_unreadable_quant_config_is_named(tmp_path: Path) -> None:
    path = shutil.copytree(ROOT / "modelopt-fp8", tmp_path / "hf")
    (path / "hf_quant_config.json").write_text('{"quantization": ')
    with pytest.raises(CheckpointError, match=rf"^{path / 'hf_quant_config.json'}: not a readable JSON file"):
        load_model(path)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("case", ["nan-norm", "inf-expert", "neg-inf-up-proj", "nan-ple-shard"])
def test_non_finite_is_caught_on_the_gpu(case: str, dtype: str, tiny_ckpt: Path, tmp_path: Path) -> None:
    """The check runs where the weights land: CUDA's min/max reductions must propagate NaN as the CPU's do."""
    key, change, _ = CASES[case]
    path = broken(tiny_ckpt, tmp_path / case, key, change)
    with pytest.raises(CheckpointError, match=rf"\(1 problems\):\n  {named(key)}: NaN or Inf values"):
        load_model(path, device="cuda", dtype=dtype)


def test_sharded_checkpoint_names_the_file(tiny_ckpt: Path, tmp_path: Path) -> None:
    from tests.checkpoint.test_shard_files import sharded

    path = sharded(tiny_ckpt, tmp_path / "sharded")
    file = json.loads((path / "model.safetensors.index.json").read_text())["weight_map"][EXPERT]
    state = load_file(path / file)
    state[EXPERT] = poke(float("nan"))(state[EXPERT])
    save_file(state, str(path / file))
    with pytest.raises(CheckpointError, match=rf"\(1 problems\):\n  {named(EXPERT, file)}: NaN or Inf values$"):
        load_model(path)
