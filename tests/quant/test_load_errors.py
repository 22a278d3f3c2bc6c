"""A quantised checkpoint with a corrupted or mis-shaped scale fails `load_model`, naming the tensor.

The loader raises before returning, so no model object survives the failure.
"""

from __future__ import annotations

import gc
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file, save_file

from model.checkpoint.loader import load_model
from model.checkpoint.ple_tables import PLE_BACKENDS
from model.quant import QuantFormatError
from model.qwen4_exp import Qwen4ExpForCausalLM
from tests.quant.test_fixtures import ROOT

EXPERT = "model.layers.0.mlp.experts.3.down_proj"
Q = "model.layers.3.self_attn.q_proj"
WIDE_Q = "model.layers.1.self_attn.q_proj"  # the wide fixtures are cut to 2 layers


def corrupt(name: str, out: Path, key: str, change: Callable[[torch.Tensor], torch.Tensor]) -> Path:
    shutil.copytree(ROOT / name, out)
    state = load_file(out / "model.safetensors")
    state[key] = change(state[key])
    save_file(state, str(out / "model.safetensors"))
    return out


def nan_fp8(t: torch.Tensor) -> torch.Tensor:
    t = t.clone()
    t.view(torch.uint8).view(-1)[0] = 0x7F
    return t


CASES = {  # fixture, key, corruption, expected message after the key
    "nvfp4-nan-global": (
        "modelopt-nvfp4",
        f"{Q}.weight_scale_2",
        lambda t: torch.full_like(t, float("nan")),
        "not a finite positive number",
    ),
    "nvfp4-negative-global": (
        "llmc-nvfp4",
        f"{EXPERT}.weight_global_scale",
        lambda t: -t,
        "not a finite positive number",
    ),
    "nvfp4-nan-block": ("modelopt-nvfp4", f"{EXPERT}.weight_scale", nan_fp8, "scales must be finite"),
    "nvfp4-block-shape": (
        "modelopt-nvfp4",
        f"{EXPERT}.weight_scale",
        lambda t: t[:, :-1].contiguous(),
        r"expected shape \[\d+, \d+\]",
    ),
    "fp8-negative": ("modelopt-fp8", f"{Q}.weight_scale", lambda t: -t, "not a finite positive number"),
    "fp8-block-negative": ("llmc-fp8_block", f"{Q}.weight_scale", lambda t: -t, "finite and non-negative"),
    "fp8-block-shape": (
        "modelopt-fp8_pb_wo",
        f"{WIDE_Q}.weight_scale",
        lambda t: t.reshape(t.shape[0], -1),
        r"expected shape \[\d+, 1, \d+, 1\]",
    ),
    "mxfp8-nan": ("llmc-mxfp8", f"{WIDE_Q}.weight_scale", lambda t: torch.full_like(t, 0xFF), "scales must be finite"),
}


def live_models() -> int:
    gc.collect()
    return sum(type(o) is Qwen4ExpForCausalLM for o in gc.get_objects())


@pytest.mark.parametrize("case", sorted(CASES))
def test_corrupted_scale_fails_naming_the_tensor(case: str, tmp_path: Path) -> None:
    name, key, change, message = CASES[case]
    path = corrupt(name, tmp_path / case, key, change)
    before = live_models()
    with pytest.raises(QuantFormatError, match=rf"^{key}: .*{message}"):
        load_model(path)
    assert live_models() == before


@pytest.mark.parametrize("backend", PLE_BACKENDS)
def test_corrupted_ple_scale_fails_on_every_backend(backend: str, tmp_path: Path) -> None:
    """A NaN per-tensor scale of a FP8 PLE table is caught from the headers, whatever serves the table."""
    from tests.ple.util import with_quantised_ple

    path = with_quantised_ple(ROOT / "source-tiny", tmp_path / "fp8", "fp8")
    key = "model.layers.1.ple.ple_embedding.ngram_embedding.weight_scale"
    state = load_file(path / "model.safetensors")
    state[key] = torch.tensor(float("nan"))
    save_file(state, str(path / "model.safetensors"))
    with pytest.raises(QuantFormatError, match=rf"^{key}: .*not a finite positive number"):
        load_model(path, ple_backend=backend)
