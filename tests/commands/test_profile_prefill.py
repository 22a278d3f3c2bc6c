"""`scripts/experiments/profile_prefill.py`: its category table against the kernel names of an H100
run and of our Triton sources, its FLOP count against the model's weights, and the whole script at
tiny size on CPU (eager, the profiler's CPU ops)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import torch

from model.config import Qwen4ExpConfig
from model.moe import Experts, Router
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from scripts.experiments import profile_prefill as pp

ROOT = Path(__file__).resolve().parents[2]
# What the script wrote on an H100 (131072 tokens, main at 21b71ae): every kernel of three chunks.
TRACES = sorted((ROOT / "tests/fixtures/prefill_profile").glob("h100_chunk*.json"))


def trace_chunks() -> list[tuple[str, pp.ChunkProfile]]:
    chunks = []
    for path in TRACES:
        for c in json.loads(path.read_text())["chunks"]:
            kernels = {name: (calls, ms) for name, (calls, ms) in c["kernels"].items()}
            profile = pp.ChunkProfile(c["label"], c["index"], c["start"], c["rows"], c["wall_ms"], kernels)
            chunks.append((f"{path.stem} {c['label']}", profile))
    return chunks


def test_the_h100_traces_are_there() -> None:
    assert [p.name for p in TRACES] == ["h100_chunk2048.json", "h100_chunk8192.json"]


@pytest.mark.parametrize(("where", "chunk"), trace_chunks(), ids=lambda x: x if isinstance(x, str) else "")
def test_no_kernel_of_an_h100_prefill_is_unassigned(where: str, chunk: pp.ChunkProfile) -> None:
    """Every kernel an H100 prefill chunk ran lands in a category; the ones its time is in are named."""
    ms = chunk.by_category()
    unassigned = [n for n in chunk.kernels if pp.category(n) == pp.UNASSIGNED]
    assert ms[pp.UNASSIGNED] == 0.0, f"{where}: unassigned {unassigned}"
    assert sum(ms.values()) == pytest.approx(chunk.busy_ms)
    # the measured structure: attention prefill, QSA select, GDN, MoE, GEMMs, Inductor's kernels, copies
    for name in ("attention prefill", "QSA score", "QSA select", "GDN", "MoE", "dense GEMMs", "norms/elementwise"):
        assert ms[name] > 0.0, f"{where}: nothing in {name}"
    assert ms["other"] < 0.01 * chunk.busy_ms


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("_prefill_kernel", "attention prefill"),
        ("_split_kernel", "attention prefill"),
        ("_tile_score_kernel", "QSA score"),
        ("_select_row_kernel", "QSA select"),
        ("_kept_tiles_kernel", "kept-tile lists"),
        ("chunk_gated_delta_rule_fwd_kernel_h_blockdim64", "GDN"),
        ("chunk_gated_delta_rule_fwd_kkt_solve_kernel", "GDN"),
        ("recompute_w_u_fwd_kernel", "GDN"),
        ("chunk_fwd_kernel_o", "GDN"),
        ("chunk_local_cumsum_scalar_kernel", "GDN"),
        ("_gate_up_kernel", "MoE"),
        ("_route_kernel", "MoE"),
        ("_prefix_kernel", "MoE"),
        ("nvjet_sm90_tst_320x128_64x3_1x2_h_bz_coopB_TNT", "dense GEMMs"),
        ("void cublasLt::splitKreduce_kernel<32, 16, int, float, __nv_bfloat16, float>", "dense GEMMs"),
        ("_gather_kernel", "PLE"),
        ("triton_poi_fused__to_copy_add_mul_select_12", "norms/elementwise"),
        ("triton_red_fused__to_copy_embedding_mean_pow_repeat_view_0", "norms/elementwise"),
        ("Memcpy DtoD (Device -> Device)", "copies"),
        ("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>", "copies"),
        ("void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::ArgMaxOps<float>>>", "other"),
        ("aten::mm", "dense GEMMs"),
        ("aten::index_copy_", "copies"),
        ("aten::mul", "other"),
        ("## Call CompiledFxGraph fvsksmt2b5l5sgbjqxvwiffcx3iu6rx65a7u3so2smyltch3ppjn ##", "norms/elementwise"),
        ("Torch-Compiled Region: 0/0", "other"),
        ("a_kernel_nobody_wrote", pp.UNASSIGNED),
    ],
)
def test_categories(name: str, expected: str) -> None:
    assert pp.category(name) == expected


def jitted_kernels() -> list[str]:
    """The launchable Triton kernels of model/kernels (`@triton.jit` functions named `*_kernel`)."""
    jit = re.compile(r"@triton\.jit[^\n]*\n(?:@[^\n]*\n)*def (\w+_kernel)\(")
    return sorted({n for path in (ROOT / "model/kernels").glob("*.py") for n in jit.findall(path.read_text())})


def test_every_triton_kernel_of_ours_has_a_category() -> None:
    """A kernel added to model/kernels (or renamed) must get a row in the table, or this fails."""
    kernels = jitted_kernels()
    assert "_prefill_kernel" in kernels and "_gate_up_kernel" in kernels  # the scan finds them
    assert {k: pp.category(k) for k in kernels if pp.category(k) == pp.UNASSIGNED} == {}


@pytest.mark.parametrize("preset", ["tiny", "bench"])
def test_the_flop_count_covers_every_weight_gemm(preset: str) -> None:
    """`matmuls` counts, from the config alone, the weights of every Linear (but the LM head), the
    router and the routed experts of the model built from it."""
    config = Qwen4ExpConfig.from_dict(preset_config(preset))
    with torch.device("meta"):
        model = Qwen4ExpForCausalLM(config)
    weights = 0
    for module in model.modules():
        if isinstance(module, torch.nn.Linear) and module is not model.lm_head:
            weights += module.weight.numel()
        elif isinstance(module, Router):
            weights += module.weight.numel()
        elif isinstance(module, Experts):
            weights += module.gate_up_proj.numel() + module.down_proj.numel()
    assert sum(m.weights for m in pp.matmuls(config)) == weights


def test_the_bench_roofline() -> None:
    """Routed experts count top-k of num_experts per token; the bench's figures the docstring quotes."""
    config = Qwen4ExpConfig.from_dict(preset_config("bench"))
    experts = next(m for m in pp.matmuls(config) if m.name == "MoE routed experts")
    assert experts.flops_per_token == 2 * 16 * 10 * 3 * 2560 * 640
    roof = pp.Roofline.of(config, 2048, 2)
    assert roof.flops_per_token / 1e9 == pytest.approx(4.147, abs=1e-3)
    assert roof.tensor_ms == pytest.approx(8.58, abs=0.01)
    assert roof.weight_ms("H100 SXM") == pytest.approx(6.75, abs=0.01)


@pytest.mark.parametrize(
    ("spec", "count", "picked"),
    [
        ("first,mid,last", 64, [("first", 0), ("mid", 32), ("last", 63)]),
        ("5,-1", 16, [("5", 5), ("-1", 15)]),
    ],
)
def test_chosen_chunks(spec: str, count: int, picked: list[tuple[str, int]]) -> None:
    assert pp.chosen(spec, count) == picked


@pytest.mark.parametrize("spec", ["middle", "64", "first,-65"])
def test_chosen_chunks_refuses_what_is_not_a_chunk(spec: str) -> None:
    with pytest.raises(SystemExit, match=r"--chunks .* is not first, mid, last nor an index below 64"):
        pp.chosen(spec, 64)


def test_the_table_shows_an_unassigned_kernel() -> None:
    chunk = pp.ChunkProfile("last", 3, 96, 32, 5.0, {"_prefill_kernel": (4, 3.0), "mystery": (1, 1.0)})
    roof = pp.Roofline.of(Qwen4ExpConfig.from_dict(preset_config("tiny")), 32, 4)
    text = pp.table([chunk], roof)
    assert "| attention prefill | 3.00 (75.0%) |" in text
    assert "| unassigned | 1.00 (25.0%) |" in text
    assert "| non-attention ms | 1.00 |" in text
    assert "| mystery | unassigned | 1.00 (1) |" in text


def test_the_script_on_cpu(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tiny preset, eager, 3 chunks of 32 tokens: the engine's chunks, profiled, tabled and saved."""
    out = tmp_path / "profile.json"
    data = pp.main(
        "--preset tiny --device cpu --dtype float32 --scope eager --tokens 96 --chunk 32".split() + ["--json", str(out)]
    )
    assert json.loads(out.read_text())["chunks"] == json.loads(json.dumps(data["chunks"]))
    assert [(c["label"], c["index"], c["start"], c["rows"]) for c in data["chunks"]] == [
        ("first", 0, 0, 32),
        ("mid", 1, 32, 32),
        ("last", 2, 64, 32),
    ]
    for c in data["chunks"]:
        assert sum(c["categories"].values()) == pytest.approx(sum(ms for _, ms in c["kernels"].values()))
        assert c["categories"]["dense GEMMs"] > 0.0  # aten::mm / addmm on CPU
        assert c["wall_ms"] > 0.0
    assert len(data["chunk_ms"]) >= 3
    printed = capsys.readouterr().out
    assert "prefill 96 tokens in 3 chunks" in printed
    assert "| unassigned |" in printed and "top 10 kernels" in printed and "roofline: outside attention" in printed


@pytest.mark.parametrize(
    ("flags", "message"), [("--chunk 1", "--chunk 1: at least 2"), ("--interval 0", "--interval 0")]
)
def test_sizes_below_two_are_refused(flags: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        pp.parse_args(flags.split())
    assert message in capsys.readouterr().err


def test_the_interval_follows_a_larger_chunk() -> None:
    """The scheduler ends chunks at checkpoints, so a chunk past the default interval needs its own."""
    assert (pp.parse_args([]).chunk, pp.parse_args([]).interval) == (2048, 4096)
    assert pp.parse_args(["--chunk", "8192"]).interval == 8192
    assert pp.parse_args(["--chunk", "8192", "--interval", "2048"]).interval == 2048
