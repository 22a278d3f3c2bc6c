"""Config detection, ignore patterns, PLE layouts and the error paths of `dequantize_state`."""

from __future__ import annotations

from typing import Any

import pytest
import torch

from model.quant import Kind, QuantFormatError, dequantize_state, detect

FP8 = torch.float8_e4m3fn
M = "model.layers.0.mlp.experts.0.up_proj"
PLE = "model.layers.1.ple.ple_embedding"

MODELOPT_NVFP4 = {"quantization": {"quant_algo": "NVFP4", "exclude_modules": ["lm_head", "*.mlp.gate"]}}
CT_NVFP4 = {
    "quantization_config": {
        "quant_method": "compressed-tensors",
        "format": "nvfp4-pack-quantized",
        "ignore": ["lm_head", "re:.*mlp.gate$"],
        "config_groups": {"g": {"targets": ["Linear"], "weights": {"num_bits": 4, "type": "float"}}},
    }
}
FP8_BLOCK = {
    "quantization_config": {
        "quant_method": "fp8",
        "weight_block_size": [128, 128],
        "modules_to_not_convert": ["lm_head", "model.layers.0.mlp.gate"],
    }
}


def nvfp4(n: int = 4, k: int = 32, scale_2: float = 0.5) -> dict[str, torch.Tensor]:
    return {
        f"{M}.weight": torch.randint(0, 256, (n, k // 2), dtype=torch.uint8),
        f"{M}.weight_scale": torch.ones(n, k // 16).to(FP8),
        f"{M}.weight_scale_2": torch.tensor(scale_2),
        f"{M}.input_scale": torch.tensor(1.0),
    }


def run(
    state: dict[str, torch.Tensor], config: dict[str, Any], hf: dict[str, Any] | None = None
) -> dict[str, torch.Tensor]:
    return dequantize_state(state, config, hf, torch.bfloat16)


def test_detect_dialects_and_ignore_patterns() -> None:
    mo = detect({}, MODELOPT_NVFP4)
    assert mo is not None and mo.resolve(M) is not None and mo.resolve(M).kind is Kind.NVFP4
    assert mo.resolve("lm_head") is None and mo.resolve("model.layers.3.mlp.gate") is None
    ct = detect(CT_NVFP4, None)
    assert ct is not None and ct.resolve(M).kind is Kind.NVFP4_CT and ct.resolve("model.layers.0.mlp.gate") is None
    fp8 = detect(FP8_BLOCK, None)
    assert fp8 is not None and fp8.resolve(M).scale == "weight_scale_inv"
    assert fp8.resolve("model.layers.0.mlp.gate") is None and fp8.resolve("model.layers.0.mlp.gate_x") is not None
    mixed = detect(
        {}, {"quantization": {"quant_algo": "MIXED_PRECISION", "quantized_layers": {M: {"quant_algo": "FP8"}}}}
    )
    assert mixed is not None and mixed.resolve(M).kind is Kind.FP8_TENSOR and mixed.resolve("x") is None
    assert detect({"architectures": ["X"]}, None) is None
    with pytest.raises(QuantFormatError, match="unsupported ModelOpt quant_algo 'INT4_AWQ'"):
        detect({}, {"quantization": {"quant_algo": "INT4_AWQ"}})


def test_passthrough_keeps_integer_buffers_and_casts_floats() -> None:
    state = {"a.weight": torch.ones(2, 2), f"{PLE}.layer_multipliers": torch.tensor([1, 2])}
    out = run(state, {}, None)
    assert out["a.weight"].dtype == torch.bfloat16 and out[f"{PLE}.layer_multipliers"].dtype == torch.int64


@pytest.mark.parametrize(
    ("key", "bad", "match"),
    [
        (f"{M}.weight_scale", torch.ones(4, 3).to(FP8), r"expected shape \[4, 2\] dtype float8_e4m3fn, got \[4, 3\]"),
        (
            f"{M}.weight_scale",
            torch.ones(4, 2),
            r"expected shape \[4, 2\] dtype float8_e4m3fn, got \[4, 2\] dtype float32",
        ),
        (f"{M}.weight_scale_2", torch.ones(2), r"expected a per-tensor scale of shape \[\] or \[1\]"),
        (f"{M}.weight_scale_2", torch.tensor(float("nan")), "not a finite positive number"),
        (f"{M}.input_scale", torch.tensor(-1.0), "not a finite positive number"),
        (f"{M}.weight", torch.ones(4, 16), r"dtype uint8, got \[4, 16\] dtype float32"),
    ],
)
def test_modelopt_nvfp4_bad_scale_names_the_key(key: str, bad: torch.Tensor, match: str) -> None:
    state = nvfp4()
    state[key] = bad
    with pytest.raises(QuantFormatError, match=rf"^{key}: .*{match}"):
        run(state, {}, MODELOPT_NVFP4)


@pytest.mark.parametrize("missing", ["weight_scale", "weight_scale_2"])
def test_missing_scale_names_the_key(missing: str) -> None:
    state = nvfp4()
    del state[f"{M}.{missing}"]
    with pytest.raises(QuantFormatError, match=rf"^{M}.{missing}: missing"):
        run(state, {}, MODELOPT_NVFP4)


def test_fp8_weight_without_any_scale_is_an_error_not_a_cast() -> None:
    with pytest.raises(QuantFormatError, match=rf"^{M}.weight_scale_inv: missing \(the scale of {M}.weight"):
        run({f"{M}.weight": torch.ones(4, 4).to(FP8)}, FP8_BLOCK)


def test_ignored_module_stored_quantised_is_an_error() -> None:
    g = "model.layers.0.mlp.gate"
    state = {f"{g}.{k.rpartition('.')[2]}": v for k, v in nvfp4().items()}
    with pytest.raises(QuantFormatError, match=rf"^{g}.weight: stored quantised, but the module is excluded"):
        run(state, {}, MODELOPT_NVFP4)


def test_scale_beside_float_weight_and_leftover_tensors() -> None:
    with pytest.raises(QuantFormatError, match=rf"^{M}.weight: expected shape any dtype float8_e4m3fn"):
        run({f"{M}.weight": torch.ones(4, 4), f"{M}.weight_scale_inv": torch.ones(1, 1)}, FP8_BLOCK)
    with pytest.raises(QuantFormatError, match=rf"^{M}.input_scale: activation or global scale beside"):
        run({f"{M}.weight": torch.ones(4, 4), f"{M}.input_scale": torch.ones(())}, FP8_BLOCK)
    state = nvfp4()
    state[f"{M}.weight_scale_inv"] = torch.ones(1, 1)
    with pytest.raises(QuantFormatError, match=rf"^{M}.weight_scale_inv: unexpected tensor for a nvfp4"):
        run(state, {}, MODELOPT_NVFP4)


def test_ct_nvfp4_needs_weight_packed_and_global_scale_divides() -> None:
    packed = torch.full((2, 8), 0x22, dtype=torch.uint8)  # every element code 2 = 1.0
    state = {
        f"{M}.weight_packed": packed,
        f"{M}.weight_scale": torch.full((2, 1), 2.0).to(FP8),
        f"{M}.weight_global_scale": torch.tensor([4.0]),
        f"{M}.input_global_scale": torch.tensor([3.0]),
    }
    out = run(state, CT_NVFP4)
    assert list(out) == [f"{M}.weight"] and out[f"{M}.weight"].eq(0.5).all()
    with pytest.raises(QuantFormatError, match=rf"^{M}.weight: a nvfp4_ct module stores its weight as 'weight_packed'"):
        run({f"{M}.weight": packed, f"{M}.weight_scale": state[f"{M}.weight_scale"]}, CT_NVFP4)


def test_fp8_block_partial_blocks_and_bad_block_grid() -> None:
    w = torch.ones(130, 200).to(FP8)
    out = run({f"{M}.weight": w, f"{M}.weight_scale_inv": torch.tensor([[1.0, 2.0], [3.0, 4.0]])}, FP8_BLOCK)
    assert out[f"{M}.weight"][129, 199] == 4
    with pytest.raises(QuantFormatError, match=rf"^{M}.weight_scale_inv: expected shape \[2, 2\] .* got \[1, 2\]"):
        run({f"{M}.weight": w, f"{M}.weight_scale_inv": torch.ones(1, 2)}, FP8_BLOCK)
    with pytest.raises(QuantFormatError, match=rf"^{M}.weight_scale_inv: scales must be finite"):
        run({f"{M}.weight": w, f"{M}.weight_scale_inv": torch.tensor([[1.0, float("inf")], [1, 1]])}, FP8_BLOCK)


def test_mxfp8_nan_scale_byte_and_modelopt_4d_block_scale() -> None:
    mx = {"quantization": {"quant_algo": "MXFP8"}}
    w = torch.ones(2, 64).to(FP8)
    s = torch.full((2, 2), 127, dtype=torch.uint8)
    assert run({f"{M}.weight": w, f"{M}.weight_scale": s}, {}, mx)[f"{M}.weight"].eq(1).all()
    s[1, 1] = 0xFF
    with pytest.raises(QuantFormatError, match=rf"^{M}.weight_scale: scales must be finite and non-negative"):
        run({f"{M}.weight": w, f"{M}.weight_scale": s}, {}, mx)
    pb = {"quantization": {"quant_algo": "FP8_PB_WO"}}
    w = torch.ones(256, 130).to(FP8)
    s4 = torch.tensor([1.0, 2.0, 3.0, 4.0]).reshape(2, 1, 2, 1)
    assert run({f"{M}.weight": w, f"{M}.weight_scale": s4}, {}, pb)[f"{M}.weight"][200, 129] == 4
    with pytest.raises(QuantFormatError, match=rf"^{M}.weight_scale: expected shape \[2, 1, 2, 1\]"):
        run({f"{M}.weight": w, f"{M}.weight_scale": s4.reshape(2, 2)}, {}, pb)


def test_ple_layouts() -> None:
    a, b = torch.randn(6, 32), torch.randn(4, 32)
    fp8 = {
        f"{PLE}.ngram_embedding.shard_1.weight": (b / 2).to(FP8),
        f"{PLE}.ngram_embedding.shard_0.weight": (a / 2).to(FP8),
        f"{PLE}.ngram_embedding.weight_scale": torch.tensor(2.0),
    }
    out = dequantize_state(fp8, {}, None, torch.float32)
    want = torch.cat([(a / 2).to(FP8).float(), (b / 2).to(FP8).float()]) * 2
    assert list(out) == [f"{PLE}.ngram_embedding.weight"] and torch.equal(out[f"{PLE}.ngram_embedding.weight"], want)
    # ModelOpt's unsplit name, bf16 and NVFP4-packed
    assert torch.equal(
        dequantize_state({f"{PLE}.shard_.weight": a}, {}, None, torch.float32)[f"{PLE}.ngram_embedding.weight"], a
    )
    packed = {
        f"{PLE}.shard_.weight": torch.full((3, 16), 0x99, dtype=torch.uint8),  # codes 9 = -0.5
        f"{PLE}.shard_.weight_scale": torch.full((3, 2), 4.0).to(FP8),
        f"{PLE}.ngram_embedding.weight_scale_2": torch.tensor(0.25),
    }
    assert dequantize_state(packed, {}, None, torch.float32)[f"{PLE}.ngram_embedding.weight"].eq(-0.5).all()


def test_ple_errors_name_the_key() -> None:
    base = {
        f"{PLE}.ngram_embedding.shard_0.weight": torch.zeros(3, 8, dtype=torch.uint8),
        f"{PLE}.ngram_embedding.shard_0.weight_scale": torch.ones(3, 1).to(FP8),
        f"{PLE}.ngram_embedding.weight_scale_2": torch.tensor(1.0),
    }
    dequantize_state(base, {}, None, torch.float32)
    bad = {**base, f"{PLE}.ngram_embedding.shard_0.weight_scale": torch.ones(3, 2).to(FP8)}
    shard_scale = f"{PLE}.ngram_embedding.shard_0.weight_scale"
    with pytest.raises(QuantFormatError, match=rf"^{shard_scale}: expected shape \[3, 1\]"):
        dequantize_state(bad, {}, None, torch.float32)
    missing = {k: v for k, v in base.items() if not k.endswith("weight_scale_2")}
    with pytest.raises(QuantFormatError, match=rf"^{PLE}.ngram_embedding.weight_scale_2: missing"):
        dequantize_state(missing, {}, None, torch.float32)
    gap = {f"{PLE}.ngram_embedding.shard_1.weight": torch.ones(2, 16)}
    with pytest.raises(QuantFormatError, match=r"shard indices \[1\] are not 0..0"):
        dequantize_state(gap, {}, None, torch.float32)
    cfg = {"ple_embed_dim": 64, "ngram_size": 3, "heads_per_ngram": 1}  # rows of 32 values, not 16
    with pytest.raises(QuantFormatError, match=rf"^{PLE}.ngram_embedding.shard_0.weight: expected rows of 32"):
        dequantize_state(base, cfg, None, torch.float32)
