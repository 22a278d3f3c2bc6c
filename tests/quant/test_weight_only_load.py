"""`load_model(..., weight_only=True)`: the real fixtures' NVFP4 / FP8 / MXFP8 linears kept packed for the
weight-only GEMM.

Weights: every kept linear's `dequantized_weight()` (the `formats.py` formula over the stored bytes,
the one the kernel computes) must equal the dequantised model's float32 weight bit for bit. That holds
for every kind: both sides run the same float32 formula on the same stored tensors. The per-tensor
FP8 scale is broadcast to one float32 row scale without rounding (bf16 -> float32 is exact), block FP8
scales are widened to float32 (exact) and ModelOpt's `[N/bn, 1, K/bk, 1]` ones reshaped, and
compressed-tensors' global scale is divided by, in the reference and in the kernel alike (multiplying
by a rounded reciprocal would change about 5% of the weights by an ulp; see
`test_ct_kernel_divides_exactly`).

Logprobs (float32, CPU): with identical weights, the two models differ only in float32 arithmetic:
the kernel sums `x · (code · block)` and applies the per-tensor / per-row scale once to the sum (block
FP8 / MXFP8: once per K tile's partial sum), torch sums `x · w` in its own order, each within
`(K + 2) u` of the exact product (`tests/quant/test_weight_only.py`). Those ~1e-7 relative differences
per linear, carried through the 4 layers, measured max |Δ logprob| 4.8e-7 (ModelOpt NVFP4, both
per-tensor FP8) and 9.5e-7 (compressed-tensors NVFP4, the four block FP8 / MXFP8 fixtures) on
the prompts below; BOUND allows 5x that, as `test_reference_logprobs.py` does for the same kind of
float32 reordering. A mis-decoded or mis-scaled weight moves logprobs by O(1e-2) or more. The routed
experts, kept quantised and read in place by the fused MoE kernel (forced onto Triton's interpreter
on CPU), add float32 reorderings of the same kind, within the same BOUND (measured in
docs/measurements.md).
"""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F
from safetensors import safe_open
from safetensors.torch import load_file, save_file
from torch import nn

from model.batch import Chunk, build_batch
from model.checkpoint.loader import CheckpointError, load_model
from model.moe import Experts
from model.quant import QuantFormatError, formats
from qcompile.engine.engine_config import EngineConfig

pytest.importorskip("triton", reason="the weight-only kernels need Triton")
from model.kernels.fused_moe import fused_moe
from model.kernels.weight_only import WeightOnlyLinear, weight_only_matmul
from tests.model.test_fused_moe import assert_within_moe_bound, moe_error_bound
from tests.quant.test_weight_only import assert_within_bound, random_fp8_bytes

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "quant"
BOUND = 5e-6
PROMPTS = [[5, 9, 2, 7, 8, 100, 3, 44, 45, 46, 47, 200], [11, 12, 1, 13, 14, 1, 1, 15]]
ELIGIBLE = {
    "modelopt-nvfp4": "nvfp4",
    "llmc-nvfp4": "nvfp4_ct",
    "modelopt-fp8": "fp8",
    "llmc-fp8": "fp8",
    "llmc-fp8_block": "fp8_block",
    "modelopt-fp8_pb_wo": "fp8_block",
    "llmc-mxfp8": "mxfp8",
    "modelopt-mxfp8": "mxfp8",
}
# the format each fixture's routed experts are kept in (per-tensor FP8: one-row block FP8)
EXPERT_FORMAT = ELIGIBLE | {"modelopt-fp8": "fp8_block", "llmc-fp8": "fp8_block"}


def prompt_logprobs(model: nn.Module, device: str = "cpu") -> torch.Tensor:
    model.init_state(max_num_seqs=len(PROMPTS), max_model_len=64)
    batch = build_batch([Chunk(i, p, 0) for i, p in enumerate(PROMPTS)], model.trash_slot, device)
    with torch.no_grad():
        return model.compute_logits(model.run(batch)).log_softmax(-1)


def stored_quantised(path: Path, prefix: str = "") -> set[str]:
    """Our module names whose checkpoint weight is stored as FP8 or packed bytes (from the file's header)."""
    with safe_open(str(path / "model.safetensors"), framework="pt") as f:
        names = {
            k.rpartition(".")[0]
            for k in f.keys()
            if k.rpartition(".")[2] in ("weight", "weight_packed") and f.get_slice(k).get_dtype() in ("U8", "F8_E4M3")
        }
    return {"model." + n.removeprefix(prefix) if prefix else n for n in names}


def packed_modules(model: nn.Module) -> dict[str, WeightOnlyLinear]:
    return {n: m for n, m in model.named_modules() if isinstance(m, WeightOnlyLinear)}


def expected_packed(dense: nn.Module, path: Path, prefix: str = "") -> set[str]:
    linears = {n for n, m in dense.named_modules() if type(m) is nn.Linear and n != "lm_head"}
    return linears & stored_quantised(path, prefix)


@pytest.mark.parametrize("name", sorted(ELIGIBLE))
def test_packed_linears_match_the_dequantised_model(name: str) -> None:
    dense = load_model(ROOT / name, dtype=torch.float32)
    packed = load_model(ROOT / name, dtype=torch.float32, weight_only=True)
    mods = packed_modules(packed)
    want = expected_packed(dense, ROOT / name)
    assert len(want) >= 30 and set(mods) == want  # every stored-quantised nn.Linear, nothing else
    assert type(packed.lm_head) is nn.Linear  # kept dense (init_state reads its weight)
    dense_params = dict(dense.named_parameters())
    for n, m in mods.items():
        assert m.kind == ELIGIBLE[name], n
        assert torch.equal(m.dequantized_weight(), dense_params[f"{n}.weight"]), n
    kept = {n: m for n, m in packed.named_modules() if isinstance(m, Experts)}
    assert len(kept) == len(packed.model.layers)
    for n, m in kept.items():  # the codes and scales stand for exactly the dequantised weights
        assert m.quant == EXPERT_FORMAT[name], n
        gate_up, down = m.dense_weights(torch.float32)
        assert torch.equal(gate_up, dense_params[f"{n}.gate_up_proj"]), n
        assert torch.equal(down, dense_params[f"{n}.down_proj"]), n
    for n, p in packed.named_parameters():  # everything else as the dequantised load has it
        if n.rpartition(".")[0] not in kept:
            assert torch.equal(p, dense_params[n]), n
    diff = float((prompt_logprobs(packed) - prompt_logprobs(dense)).abs().max())
    print(f"{name}: {len(mods)} linears packed, max |logprob difference| {diff:.2e}")
    assert diff < BOUND, diff


@pytest.mark.parametrize("name", sorted(ELIGIBLE))
@pytest.mark.parametrize("tokens", [1, 9])
def test_experts_read_in_place_match_the_dequantised_experts(name: str, tokens: int) -> None:
    """The fused MoE kernel (Triton's interpreter here) over the kept codes and scales against the
    torch experts of the dequantised load, within `tests/model/test_fused_moe.py`'s derived bound: the
    weights are the same numbers (test above), so the two differ by float32 arithmetic only."""
    dense = load_model(ROOT / name, dtype=torch.float32)
    packed = load_model(ROOT / name, dtype=torch.float32, weight_only=True)
    torch.manual_seed(tokens)
    for layer, ref_layer in zip(packed.model.layers, dense.model.layers, strict=True):
        experts, ref = layer.mlp.experts, ref_layer.mlp.experts
        x = torch.randn(tokens, ref.gate_up_proj.shape[-1])
        weights, ids = ref_layer.mlp.gate(x)
        with torch.no_grad():
            want = ref.reference(x, weights, ids)
            got = fused_moe(x, weights, ids, experts.gate_up_proj, experts.down_proj, **experts.stored())
        assert experts.quant == EXPERT_FORMAT[name] and float(want.abs().max()) > 1e-3
        assert_within_moe_bound(got, want, moe_error_bound(x, weights, ids, ref.gate_up_proj, ref.down_proj))


def kernel_experts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Route every `Experts` call through the fused MoE kernel, on CPU too (Triton's interpreter)."""

    def forward(self: Experts, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        return fused_moe(x, weights, ids, self.gate_up_proj, self.down_proj, **self.stored())

    monkeypatch.setattr(Experts, "forward", forward)


@pytest.mark.parametrize("name", sorted(ELIGIBLE))
def test_kept_experts_teacher_forced_logprobs(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Teacher-forced prompt logprobs with every linear packed and the experts read in place by the
    kernel, against the dequantised load on the torch path: float32 reordering only (module doc), so
    within BOUND."""
    dense = load_model(ROOT / name, dtype=torch.float32)
    packed = load_model(ROOT / name, dtype=torch.float32, weight_only=True)
    want = prompt_logprobs(dense)
    kernel_experts(monkeypatch)
    diff = float((prompt_logprobs(packed) - want).abs().max())
    print(f"{name}: experts {EXPERT_FORMAT[name]} in place, max |logprob difference| {diff:.2e}")
    assert diff < BOUND, diff


@pytest.mark.gpu
@pytest.mark.parametrize("name", sorted(ELIGIBLE))
def test_gpu_kept_experts_teacher_forced_logprobs(name: str) -> None:
    """The same on CUDA, where `Experts` runs the kernel itself: float32 (IEEE dot products, no TF32)."""
    dense = load_model(ROOT / name, device="cuda", dtype=torch.float32)
    packed = load_model(ROOT / name, device="cuda", dtype=torch.float32, weight_only=True)
    assert {m.quant for m in packed.modules() if isinstance(m, Experts)} == {EXPERT_FORMAT[name]}
    diff = float((prompt_logprobs(packed, "cuda") - prompt_logprobs(dense, "cuda")).abs().max())
    assert diff < BOUND, diff


def copy_fixture(name: str, out: Path) -> Path:
    out.mkdir()
    for f in (ROOT / name).glob("*.json"):
        shutil.copy(f, out / f.name)
    return out


def test_language_model_prefix(tmp_path: Path) -> None:
    """transformers' multimodal names (`model.language_model.`) map to our modules as in the dense load."""
    out = copy_fixture("llmc-nvfp4", tmp_path / "ckpt")
    raw = load_file(ROOT / "llmc-nvfp4" / "model.safetensors")
    renamed = {k.replace("model.", "model.language_model.", 1): v for k, v in raw.items()}
    save_file(renamed, str(out / "model.safetensors"))
    model = load_model(out, weight_only=True)
    dense = load_model(ROOT / "llmc-nvfp4")
    mods = packed_modules(model)
    assert (
        set(mods)
        == expected_packed(dense, out, prefix="model.language_model.")
        == expected_packed(dense, ROOT / "llmc-nvfp4")
    )
    params = dict(dense.named_parameters())
    assert all(torch.equal(m.dequantized_weight(), params[f"{n}.weight"]) for n, m in mods.items())


def test_per_channel_fp8(tmp_path: Path) -> None:
    """compressed-tensors `strategy: channel` ([N, 1] scales, distinct per row): one float32 scale per row."""
    out = copy_fixture("llmc-fp8", tmp_path / "ckpt")
    raw = load_file(ROOT / "llmc-fp8" / "model.safetensors")
    for key in [k for k in raw if k.endswith(".weight_scale")]:
        n = raw[key.removesuffix("_scale")].shape[0]
        raw[key] = raw[key].float().reshape(1, 1) * 2.0 ** (torch.arange(n, dtype=torch.float32)[:, None] % 3 - 1)
    save_file(raw, str(out / "model.safetensors"))
    config = json.loads((out / "config.json").read_text())
    config["quantization_config"]["config_groups"]["group_0"]["weights"]["strategy"] = "channel"
    (out / "config.json").write_text(json.dumps(config))
    dense, model = load_model(out), load_model(out, weight_only=True)
    mods = packed_modules(model)
    assert set(mods) == expected_packed(dense, out) and len(mods) > 40
    torch.manual_seed(0)
    for n, m in mods.items():
        w = dense.get_submodule(n).weight
        assert m.scale.shape == (m.out_features,) and len(set(m.scale.tolist())) > 1, n
        assert torch.equal(m.dequantized_weight(), w), n
        x = torch.randn(3, m.in_features)
        with torch.no_grad():
            assert_within_bound(m(x), x, w)
            assert torch.allclose(m(x), F.linear(x, w), rtol=1e-5, atol=1e-6), n


def reblocked_fp8(out: Path, dialect: str, block: tuple[int, int]) -> Path:
    """`llmc-fp8_block` with new `block` scales, in `dialect` ("fp8": DeepSeek / official Qwen release,
    float32 `weight_scale_inv`; "compressed-tensors": `block_structure`, `weight_scale`). The E4M3 bytes
    are kept; block (i, j) gets the stored 128x128 scale over its first element times 2^((i + 2j) % 3 - 1),
    so neighbouring blocks (in both directions) differ."""
    copy_fixture("llmc-fp8_block", out)
    raw = load_file(ROOT / "llmc-fp8_block" / "model.safetensors")
    bn, bk = block
    for key in [k for k in raw if k.endswith(".weight_scale")]:
        n, k = raw[key.removesuffix("_scale")].shape
        i, j = torch.arange(-(-n // bn))[:, None], torch.arange(-(-k // bk))[None, :]
        scale = raw.pop(key).float()[i * bn // 128, j * bk // 128] * 2.0 ** ((i + 2 * j) % 3 - 1).float()
        raw[key + ("_inv" if dialect == "fp8" else "")] = scale
    save_file(raw, str(out / "model.safetensors"))
    config = json.loads((out / "config.json").read_text())
    qc = config["quantization_config"]
    if dialect == "fp8":
        config["quantization_config"] = {
            "quant_method": "fp8",
            "activation_scheme": "dynamic",
            "fmt": "e4m3",
            "weight_block_size": list(block),
            "modules_to_not_convert": qc["ignore"],
        }
    else:
        qc["config_groups"]["group_0"]["weights"]["block_structure"] = list(block)
    (out / "config.json").write_text(json.dumps(config))
    return out


@pytest.mark.parametrize(
    ("dialect", "block"), [("fp8", (128, 128)), ("fp8", (48, 32)), ("compressed-tensors", (64, 32)), ("fp8", (128, 8))]
)
def test_block_fp8_dialects_and_block_shapes(dialect: str, block: tuple[int, int], tmp_path: Path) -> None:
    """Both block-FP8 dialects and the configured block shape reach the kernels; a K block the kernels'
    16-wide tiles cannot respect (bk = 8) keeps linears dequantised, and fails the load for the routed
    experts, which are asked to stay quantised, naming every layer and the block."""
    out = reblocked_fp8(tmp_path / "ckpt", dialect, block)
    dense = load_model(out)
    assert len(expected_packed(dense, out)) > 40
    if block[1] % 16:
        with pytest.raises(CheckpointError, match=r"\(4 problems; load without weight_only") as err:
            load_model(out, weight_only=True)
        assert "model.layers.3.mlp.experts: fp8_block experts with block 128x8: the fused MoE reads" in str(err.value)
        return
    model = load_model(out, weight_only=True)
    mods = packed_modules(model)
    assert {m.block for m in model.modules() if isinstance(m, Experts)} == {(math.gcd(block[0], 32), block[1])}
    assert set(mods) == expected_packed(dense, out) and len(mods) > 40
    torch.manual_seed(0)
    multi = 0
    for n, m in mods.items():
        w = dense.get_submodule(n).weight
        assert (m.kind, m.block) == ("fp8_block", block), n
        assert torch.equal(m.dequantized_weight(), w), n
        multi += m.scale.unique().numel() > 1
        x = torch.randn(3, m.in_features)
        with torch.no_grad():
            assert_within_bound(m(x), x, w)
    assert multi > 20  # most linears have several distinct block scales
    diff = float((prompt_logprobs(model) - prompt_logprobs(dense)).abs().max())
    assert diff < BOUND, diff


@pytest.mark.parametrize("name", ["modelopt-nvfp4", "llmc-fp8_block"])
def test_what_is_kept_packed_never_exists_dense(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The weight-only load never holds what it keeps packed in the compute dtype: the dequantised
    state handed to `load_weights` has none of those weights, and the linears and expert stacks are
    still on the meta device when their stored tensors replace them. The result is the same model as
    checking them (tests above)."""
    import model.checkpoint.loader as loader

    handed: list[str] = []
    dequantize = loader.dequantize_state

    def record(*args: object, **kwargs: object) -> dict[str, torch.Tensor]:
        out = dequantize(*args, **kwargs)
        handed.extend(out)
        return out

    seen: list[bool] = []
    keep_experts, keep_linears = Experts.keep_quantised, loader._keep_packed

    def experts_on_meta(self: Experts, *args: object, **kwargs: object) -> None:
        seen.append(self.gate_up_proj.is_meta and self.down_proj.is_meta)
        keep_experts(self, *args, **kwargs)

    def linears_on_meta(model: nn.Module, source: object, plans: list, *args: object) -> dict[str, int]:
        seen.extend(p.linear.weight.is_meta for p in plans)
        return keep_linears(model, source, plans, *args)

    monkeypatch.setattr(loader, "dequantize_state", record)
    monkeypatch.setattr(loader, "_keep_packed", linears_on_meta)
    monkeypatch.setattr(Experts, "keep_quantised", experts_on_meta)
    model = load_model(ROOT / name, dtype=torch.float32, weight_only=True)
    packed = packed_modules(model)
    assert handed and packed and not [k for k in handed if ".mlp.experts." in k]
    assert not {f"{n}.weight" for n in packed} & set(handed)
    assert seen == [True] * (len(packed) + len(model.model.layers))
    assert all(not p.is_meta for p in model.parameters())


def test_a_kept_expert_is_still_checked(tmp_path: Path) -> None:
    """A NaN code in an expert kept quantised fails the weight-only load naming its tensor, as the
    dequantised load does, though its dequantised values are never kept."""
    out = copy_fixture("llmc-fp8", tmp_path / "ckpt")
    raw = load_file(ROOT / "llmc-fp8" / "model.safetensors")
    key = "model.layers.1.mlp.experts.3.gate_proj.weight"
    codes = raw[key].view(torch.uint8).clone()
    codes.view(-1)[5] = 0x7F  # E4M3 NaN
    raw[key] = codes.view(formats.FP8)
    save_file(raw, str(out / "model.safetensors"))
    for weight_only in (False, True):
        with pytest.raises(QuantFormatError, match=f"^{re.escape(key)}: dequantised values are not finite"):
            load_model(out, weight_only=weight_only)


def test_experts_in_several_formats_fail_naming_the_layer(tmp_path: Path) -> None:
    """One expert stored unquantised (dequantised into the file, listed in `ignore`) beside FP8 ones:
    the layer cannot be kept in one format, so the weight-only load fails naming it and the formats,
    while the dequantised load of the same files works."""
    out = copy_fixture("llmc-fp8", tmp_path / "ckpt")
    raw = load_file(ROOT / "llmc-fp8" / "model.safetensors")
    module = "model.layers.2.mlp.experts.5.up_proj"
    scale = raw.pop(f"{module}.weight_scale")
    raw.pop(f"{module}.input_scale", None)
    raw[f"{module}.weight"] = formats.dequant_fp8_scaled(raw[f"{module}.weight"], scale).to(torch.bfloat16)
    save_file(raw, str(out / "model.safetensors"))
    config = json.loads((out / "config.json").read_text())
    config["quantization_config"]["ignore"].append(module)
    (out / "config.json").write_text(json.dumps(config))
    load_model(out)
    with pytest.raises(CheckpointError, match=r"\(1 problems; load without weight_only") as err:
        load_model(out, weight_only=True)
    assert "model.layers.2.mlp.experts: experts stored in several formats (fp8_tensor, unquantised)" in str(err.value)


@pytest.mark.parametrize(
    ("name", "key", "shape"),
    [
        ("modelopt-nvfp4", "model.layers.3.self_attn.q_proj.weight_scale", (256, 3)),
        ("llmc-nvfp4", "model.layers.0.linear_attn.out_proj.weight_scale", (64, 8)),
        ("llmc-fp8", "model.layers.3.self_attn.o_proj.weight_scale", (2,)),
        ("modelopt-fp8", "model.layers.1.ple.key_proj.weight_scale", (256, 1, 1)),
        ("llmc-fp8_block", "model.layers.3.self_attn.q_proj.weight_scale", (1, 1)),
        ("modelopt-fp8_pb_wo", "model.layers.0.linear_attn.in_proj_qkv.weight_scale", (2, 2)),
        ("llmc-mxfp8", "model.layers.0.linear_attn.out_proj.weight_scale", (256, 3)),
    ],
)
def test_mis_shaped_scale_names_its_key(name: str, key: str, shape: tuple[int, ...], tmp_path: Path) -> None:
    out = copy_fixture(name, tmp_path / "ckpt")
    raw = load_file(ROOT / name / "model.safetensors")
    old = raw[key]
    raw[key] = old.reshape(-1)[:1].float().expand(shape).to(old.dtype).contiguous()
    save_file(raw, str(out / "model.safetensors"))
    with pytest.raises(QuantFormatError, match=f"^{re.escape(key)}: expected"):
        load_model(out, weight_only=True)


def test_from_packed_rejections_are_collected_and_no_model_is_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tensor the kernel's own checks reject (the dequantised load accepted it) fails the whole load."""
    real = WeightOnlyLinear.from_packed.__func__

    def picky(
        cls: type,
        kind: str,
        weight: torch.Tensor,
        scale: torch.Tensor,
        block_scale: torch.Tensor | None = None,
        name: str = "",
        block: tuple[int, int] | None = None,
    ) -> WeightOnlyLinear:
        if name.endswith(("q_proj", "o_proj")):
            block_scale = block_scale[:, :-1]
        return real(cls, kind, weight, scale, block_scale, name, block)

    monkeypatch.setattr(WeightOnlyLinear, "from_packed", classmethod(picky))
    with pytest.raises(CheckpointError, match=r"\(2 problems\)") as err:
        load_model(ROOT / "modelopt-nvfp4", weight_only=True)
    assert "model.layers.3.self_attn.q_proj: NVFP4 block_scale must have shape [256, 4]" in str(err.value)
    assert "model.layers.3.self_attn.o_proj: NVFP4 block_scale must have shape [64, 8]" in str(err.value)


def test_from_packed_validates_and_names_the_module() -> None:
    g = torch.Generator().manual_seed(0)
    w4 = torch.randint(0, 256, (8, 16), dtype=torch.uint8, generator=g)
    blocks = random_fp8_bytes(g, 8, 2).view(formats.FP8)
    s = torch.tensor(0.5)
    bad = [
        (("int4", w4, s), "kind must be one of"),
        (
            ("nvfp4", w4, s, blocks[:, :1]),
            r"block_scale must have shape \[8, 2\] for packed weight \[8, 16\], "
            r"got \[8, 1\]",
        ),
        (("nvfp4", w4, s), "block_scale must be float8_e4m3fn"),
        (("nvfp4_ct", w4, torch.ones(2), blocks), r"per-tensor scale must have shape \[\] or \[1\], got \[2\]"),
        (("nvfp4", w4[:, :4], s, blocks[:, :1]), "in_features divisible by 16, got in_features=8"),
        (("nvfp4", w4.view(torch.int8), s, blocks), "packed uint8"),
        (("fp8", w4.view(formats.FP8), torch.ones(3)), r"per-tensor \(\[\] or \[1\]\) or per-output-channel"),
        (("fp8", w4.float(), s), "float8_e4m3fn"),
        (("fp8", w4.view(formats.FP8), s, blocks), "no block_scale"),
        (("fp8", w4.view(formats.FP8), torch.ones(8, dtype=torch.int32)), "scale must be float"),
        (("fp8", w4[0], s), "2-D"),
    ]
    for args, msg in bad:
        with pytest.raises(ValueError, match=rf"^layers\.7\.proj: .*{msg}"):
            WeightOnlyLinear.from_packed(*args, name="layers.7.proj")
    m = WeightOnlyLinear.from_packed("fp8", w4.view(formats.FP8), torch.tensor([0.25], dtype=torch.bfloat16))
    assert (m.in_features, m.out_features) == (16, 8) and m.scale.dtype == torch.float32
    assert torch.equal(m.scale, torch.full((8,), 0.25))
    m = WeightOnlyLinear.from_packed("nvfp4", w4, s, blocks)
    assert (m.in_features, m.out_features) == (32, 8) and m.block_scale.dtype == torch.uint8


def test_ct_kernel_divides_exactly() -> None:
    """`I @ dequant(W)^T` picks single weights: the "nvfp4_ct" kernel gives `dequant_nvfp4_ct`'s values
    exactly, which multiplying by the rounded reciprocal of the global scale would not."""
    g = torch.Generator().manual_seed(0)
    k, n = 64, 48
    weight, blocks = torch.randint(0, 256, (n, k // 2), dtype=torch.uint8, generator=g), random_fp8_bytes(g, n, 4)
    gs = torch.tensor([3.7e3])
    ref = formats.dequant_nvfp4_ct(weight, blocks.view(formats.FP8), gs)
    for dtype in (torch.float32, torch.bfloat16):
        got = weight_only_matmul(torch.eye(k, dtype=dtype), "nvfp4_ct", weight, gs, blocks, block_n=32, block_k=32)
        assert torch.equal(got, ref.T.to(dtype))
    assert not torch.equal(formats.dequant_nvfp4(weight, blocks.view(formats.FP8), 1 / gs), ref)
    module = WeightOnlyLinear.from_packed("nvfp4_ct", weight, gs, blocks.view(formats.FP8))
    assert torch.equal(module.dequantized_weight(), ref)
    x = torch.randn(5, k, generator=g).to(torch.bfloat16)
    assert_within_bound(module(x), x, ref)


def test_llm_and_cli_thread_weight_only(launched: tuple[list[EngineConfig], list[EngineConfig]]) -> None:
    from qcompile import LLM, SamplingParams
    from qcompile.commands.cli import main

    greedy = SamplingParams(temperature=0.0, max_tokens=3, ignore_eos=True)
    prompts = [{"prompt_token_ids": p} for p in PROMPTS]
    outs = {}
    for weight_only in (False, True):
        llm = LLM(ROOT / "modelopt-nvfp4", max_num_seqs=2, max_model_len=64, weight_only=weight_only)
        assert bool(packed_modules(llm.core.model)) == weight_only
        outs[weight_only] = [o.outputs[0].token_ids for o in llm.generate(prompts, greedy)]
    assert outs[True] == outs[False]

    cores, serves = launched
    ckpt = str(ROOT / "modelopt-nvfp4")  # a real folder: the CLI checks the path before it builds an LLM
    main(["generate", "--model", ckpt, "--prompt", "hi"])
    main(["generate", "--model", ckpt, "--prompt", "hi", "--weight-only"])
    main(["serve"])
    main(["serve", "--weight-only"])
    assert [c.weight_only for c in cores] == [False, True]
    assert [c.weight_only for c in serves] == [False, True]
