"""The real ModelOpt / llmcompressor checkpoints in tests/fixtures/quant (scripts/tools/make_quant_fixtures.py).

For each one, `dequantize_state` must equal an independent dequantisation written here straight from
the documented formulas (bit-level E2M1 / E4M3 / E8M0 decoders in float64, not the package's
functions) to within one float32 rounding, and stay close to the bf16 weights the tool was given.
Measured relative Frobenius errors per weight (median / max over a fixture): NVFP4 0.095 / 0.099,
FP8 (tensor, block, 2-D block, MXFP8) 0.027 / 0.029; the hand-made PLE tables 0.026 (FP8), 0.095 (NVFP4).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from model.checkpoint.reader import SafetensorsFolder, read_quant_configs
from model.quant import dequantize_state

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "quant"
FP8 = torch.float8_e4m3fn


def e4m3(t: torch.Tensor) -> torch.Tensor:
    b = t.view(torch.uint8).long()
    s, e, m = b >> 7, (b >> 3) & 15, (b & 7).double()
    mag = torch.where(e > 0, (1 + m / 8) * torch.pow(2.0, (e - 7).double()), m / 8 * 2.0**-6)
    mag = torch.where((e == 15) & (m == 7), torch.nan, mag)
    return torch.where(s == 1, -mag, mag)


def e2m1(c: torch.Tensor) -> torch.Tensor:
    c = c.long()
    s, e, m = c >> 3, (c >> 1) & 3, (c & 1).double()
    mag = torch.where(e > 0, (1 + m / 2) * torch.pow(2.0, (e - 1).double()), m / 2)
    return torch.where(s == 1, -mag, mag)


def e8m0(u: torch.Tensor) -> torch.Tensor:
    return torch.pow(2.0, u.long().double() - 127)


def per_col(scale: torch.Tensor, group: int, k: int) -> torch.Tensor:
    """Scale [rows, ceil(k/group)] -> [rows, k] by direct indexing s[:, j // group]."""
    return scale[:, torch.arange(k) // group]


def fp4_values(packed: torch.Tensor) -> torch.Tensor:
    lo, hi = e2m1(packed & 15), e2m1(packed >> 4)
    return torch.stack((lo, hi), -1).reshape(packed.shape[0], -1)


def ref_weight(kind: str, t: dict[str, torch.Tensor], m: str) -> torch.Tensor:
    """Independent dequant of module `m` (float64)."""
    if kind == "nvfp4":  # ModelOpt: multiply by weight_scale_2
        v = fp4_values(t[f"{m}.weight"])
        return v * per_col(e4m3(t[f"{m}.weight_scale"]), 16, v.shape[1]) * t[f"{m}.weight_scale_2"].double()
    if kind == "nvfp4_ct":  # compressed-tensors: divide by weight_global_scale
        v = fp4_values(t[f"{m}.weight_packed"])
        return v * per_col(e4m3(t[f"{m}.weight_scale"]), 16, v.shape[1]) / t[f"{m}.weight_global_scale"].double()
    w = e4m3(t[f"{m}.weight"])
    s = t[f"{m}.weight_scale"]
    n, k = w.shape
    if kind == "mxfp8":
        return w * per_col(e8m0(s), 32, k)
    if kind == "tensor":
        return w * s.double().reshape(())
    blocks = s.double().reshape(-(-n // 128), -(-k // 128))  # block (CT [gn, gk]) or 2-D (ModelOpt [gn,1,gk,1])
    return w * blocks[torch.arange(n)[:, None] // 128, torch.arange(k)[None, :] // 128]


FIXTURES = {  # name: (independent kind, source, max relative error vs bf16)
    "modelopt-nvfp4": ("nvfp4", "source-tiny", 0.11),
    "modelopt-fp8": ("tensor", "source-tiny", 0.035),
    "modelopt-fp8_pb_wo": ("block", "source-wide", 0.035),
    "modelopt-mxfp8": ("mxfp8", "source-wide", 0.035),
    "llmc-nvfp4": ("nvfp4_ct", "source-tiny", 0.11),
    "llmc-fp8": ("tensor", "source-tiny", 0.035),
    "llmc-fp8_block": ("block", "source-tiny", 0.035),
    "llmc-mxfp8": ("mxfp8", "source-wide", 0.035),
}


def source_state(name: str) -> dict[str, torch.Tensor]:
    """The bf16 source with its PLE shards concatenated, as `dequantize_state` names the table."""
    state = load_file(ROOT / name / "model.safetensors")
    shards = sorted(k for k in state if ".ngram_embedding.shard_" in k)
    table = torch.cat([state.pop(k) for k in shards])
    state[shards[0].rpartition(".shard_")[0] + ".weight"] = table
    return state


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_real_fixture(name: str) -> None:
    kind, src_name, bound = FIXTURES[name]
    config, hf = read_quant_configs(ROOT / name)
    out = dequantize_state(SafetensorsFolder(ROOT / name), config, hf, torch.float32)
    raw = load_file(ROOT / name / "model.safetensors")
    src = source_state(src_name)
    assert set(out) == set(src)
    quantised = {k.rpartition(".")[0] for k in raw if k.endswith((".weight_scale", ".weight_packed"))}
    assert len(quantised) > 20
    worst = 0.0
    for key, ref in src.items():
        module = key.removesuffix(".weight")
        if module in quantised:
            want = ref_weight(kind, raw, module)
            torch.testing.assert_close(out[key].double(), want, rtol=2**-23, atol=0, msg=key)
            worst = max(worst, float((out[key] - ref.float()).norm() / ref.float().norm()))
        else:
            assert torch.equal(out[key], ref.float() if ref.is_floating_point() else ref), key
    assert 0.0 < worst < bound, worst


def test_shared_global_scales_across_fused_projections() -> None:
    """Both tools give q/k/v one global scale and gate/up another; each module keeps its copy."""
    for name, suffix in (("modelopt-nvfp4", "weight_scale_2"), ("llmc-nvfp4", "weight_global_scale")):
        raw = load_file(ROOT / name / "model.safetensors")
        attn, moe = "model.layers.3.self_attn", "model.layers.0.mlp.experts.3"
        qkv = [raw[f"{attn}.{p}_proj.{suffix}"] for p in "qkv"]
        gate_up = [raw[f"{moe}.{p}_proj.{suffix}"] for p in ("gate", "up")]
        assert torch.equal(qkv[0], qkv[1]) and torch.equal(qkv[0], qkv[2])
        assert torch.equal(gate_up[0], gate_up[1])
        assert not torch.equal(raw[f"{moe}.down_proj.{suffix}"], gate_up[0])


def test_lazy_reader_and_dict_agree_in_bf16() -> None:
    config, hf = read_quant_configs(ROOT / "modelopt-nvfp4")
    lazy = dequantize_state(SafetensorsFolder(ROOT / "modelopt-nvfp4"), config, hf, torch.bfloat16)
    eager = dequantize_state(load_file(ROOT / "modelopt-nvfp4" / "model.safetensors"), config, hf, torch.bfloat16)
    assert lazy.keys() == eager.keys() and all(torch.equal(lazy[k], eager[k]) for k in lazy)
    assert all(v.dtype in (torch.bfloat16, torch.int64) for v in lazy.values())


@pytest.mark.parametrize(("name", "bound"), [("ple_fp8", 0.035), ("ple_nvfp4", 0.11)])
def test_hand_made_ple_tables(name: str, bound: float) -> None:
    """FP8 (per-tensor scale) and NVFP4-packed (per-16 FP8 scales + global) PLE shards in the tiny model."""
    state = load_file(ROOT / "source-tiny" / "model.safetensors")
    ple = load_file(ROOT / f"{name}.safetensors")
    state.update(ple)
    config, _ = read_quant_configs(ROOT / "source-tiny")
    out = dequantize_state(state, config, None, torch.float32)
    table = "model.layers.1.ple.ple_embedding.ngram_embedding"
    shards = [f"{table}.shard_{i}" for i in range(2)]
    if name == "ple_fp8":
        want = torch.cat([e4m3(ple[f"{s}.weight"]) for s in shards]) * ple[f"{table}.weight_scale"].double()
    else:
        want = (
            torch.cat(
                [fp4_values(ple[f"{s}.weight"]) * per_col(e4m3(ple[f"{s}.weight_scale"]), 16, 16) for s in shards]
            )
            * ple[f"{table}.weight_scale_2"].double()
        )
    torch.testing.assert_close(out[f"{table}.weight"].double(), want, rtol=2**-23, atol=0)
    ref = source_state("source-tiny")[f"{table}.weight"].float()
    err = float((out[f"{table}.weight"] - ref).norm() / ref.norm())
    assert 0.0 < err < bound, err
