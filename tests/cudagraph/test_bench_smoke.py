"""`qcompile bench --smoke` on CPU: the tiny preset, mode "none", a few steps, so the command cannot
rot; and its workload: a context and a first token per request, the routed experts it touched."""

from __future__ import annotations

import itertools
import json
import statistics
from pathlib import Path

import pytest
import torch

from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from qcompile.commands import bench
from qcompile.commands.cli import main
from qcompile.commands.workload import (
    decode_rate,
    expected_experts,
    first_tokens,
    prefill_contexts,
    state_tensors,
    touched_experts,
)
from qcompile.cudagraph import Dispatcher, resolve_mode
from tests.cudagraph.recorders import routed_experts


def test_bench_cpu_smoke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    main(["bench", "--smoke", "--json", str(out)])
    result = json.loads(out.read_text())
    rows = {(r["scope"], r["mode"]): r for r in result["rows"]}
    assert set(rows) == {("eager", "none"), ("layer", "none")}
    assert all(v > 0 for r in rows.values() for v in r["tok_s"].values())
    assert rows[("layer", "none")]["compile_s"] > 0 and result["anchor_tok_s"] > 0
    assert result["preset"] == "tiny" and result["batches"] == [1, 2]
    assert result["step_gb"]["1"] < result["step_gb"]["2"]
    # one context per request by default; batch 1 touches exactly its top-k, as the expectation says
    k, _ = result["experts"]
    assert result["contexts"] == 2 and result["experts_touched"]["1"] == result["experts_expected"]["1"] == k
    assert result["step_gb"]["1"] == pytest.approx(result["expected_step_gb"]["1"])
    assert k <= result["experts_touched"]["2"] <= 2 * k
    printed = capsys.readouterr().out
    assert "| scope | cudagraph |" in printed and "| layer | none |" in printed
    assert "one context and first token per request" in printed and "Routed experts touched per MoE layer" in printed


def test_fewer_contexts_than_requests_are_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--contexts` below the largest batch bounds the prefill, and the table says the slots repeat them."""
    out = tmp_path / "repeated.json"
    main(
        ["bench", "--smoke", "--scopes", "eager", "--anchor-steps", "0", "--prefill", "1x4", "--contexts", "1"]
        + ["--json", str(out)]
    )
    assert json.loads(out.read_text())["contexts"] == 1
    assert "1 distinct contexts repeated over 2 requests (--contexts)" in capsys.readouterr().out


@pytest.mark.parametrize(("experts", "k", "requests"), [(5, 2, 3), (6, 1, 4), (4, 3, 2)])
def test_expected_experts_is_the_mean_over_every_routing(experts: int, k: int, requests: int) -> None:
    """E·(1 − (1 − k/E)^B) is the mean distinct count over all equally likely choices of k experts per request."""
    choices = list(itertools.combinations(range(experts), k))
    counts = [len(set(itertools.chain(*picks))) for picks in itertools.product(choices, repeat=requests)]
    assert expected_experts(experts, k, requests) == pytest.approx(statistics.fmean(counts))


def test_first_tokens_differ_per_request() -> None:
    ids = first_tokens(vocab_size=100, rows=64)
    assert ids.unique().numel() == 64 and int(ids.min()) >= 2 and torch.equal(ids, first_tokens(100, 64))
    assert first_tokens(vocab_size=5, rows=7).unique().numel() == 3  # past the vocabulary they repeat


def test_every_request_has_its_own_context(tiny_ckpt: Path) -> None:
    """With a context per slot, the same token at the same position gives each slot different logits."""
    model = load_model(tiny_ckpt, dtype=torch.float32)
    model.init_state(max_num_seqs=3, max_model_len=64, page_size=16)
    prefill_contexts(model, context=30, distinct=3, slots=3)
    with torch.no_grad():
        logits = [model.compute_logits(model.run(build_batch([Chunk(s, [9], 30)], 3, "cpu"))) for s in range(3)]
    assert not torch.equal(logits[0], logits[1]) and not torch.equal(logits[1], logits[2])


def test_touched_experts_equals_a_direct_count(tiny_ckpt: Path) -> None:
    """The bench's count (routers wrapped) equals one made through the experts region's recorder,
    over the same decode steps from the same prefilled state."""
    model = load_model(tiny_ckpt, dtype=torch.float32)
    batch, context, steps = 4, 20, 3
    model.init_state(max_num_seqs=batch, max_model_len=64, page_size=16)
    prefill_contexts(model, context, distinct=batch, slots=batch)
    snapshot = [t.clone() for t in state_tensors(model)]
    counted = touched_experts(model, batch, context, steps)
    for t, s in zip(state_tensors(model), snapshot, strict=True):
        t.copy_(s)
    with routed_experts(model) as calls:
        decode_rate(model, model, Dispatcher(resolve_mode("none", False)), batch, context, steps, warm=0)
    assert len(calls) == steps * model.config.num_hidden_layers
    direct = statistics.fmean(len(set(ids.flatten().tolist())) for ids in calls)
    assert counted == direct and model.config.num_experts_per_tok < counted <= model.config.num_experts


def test_bench_quant_experts_read_fewer_bytes(tmp_path: Path) -> None:
    """`--quant-experts`: block FP8 / MXFP8 experts take about one byte per weight, NVFP4 about half
    of one, so a decode step reads less, in that order; the run itself works in each format."""
    flags = ["bench", "--smoke", "--scopes", "eager", "--batches", "1", "--anchor-steps", "0", "--prefill", "1x4"]
    step = {}
    for fmt in (None, "fp8_block", "mxfp8", "nvfp4"):
        out = tmp_path / f"{fmt}.json"
        main([*flags, *(["--quant-experts", fmt] if fmt else []), "--json", str(out)])
        result = json.loads(out.read_text())
        assert result["quant_experts"] == fmt and result["rows"][0]["tok_s"]["1"] > 0
        step[fmt] = result["step_gb"]["1"]
    assert step[None] > step["fp8_block"] > step["nvfp4"] and step[None] > step["mxfp8"] > step["nvfp4"]


def test_bench_quant_experts_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--smoke", "--quant-experts", "int4"])
    assert "argument --quant-experts: invalid choice: 'int4'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["bench", "--smoke", "--quant-experts", "nvfp4", "--tensor-parallel-size", "2"])
    assert "--quant-experts: the tensor-parallel bench" in capsys.readouterr().err


def test_bench_no_merge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--no-merge`: the A/B of merged projections runs, and the result and its table say which it was."""
    out = tmp_path / "separate.json"
    main(
        ["bench", "--smoke", "--scopes", "eager", "--batches", "1", "--anchor-steps", "0", "--prefill", "1x4"]
        + ["--no-merge", "--json", str(out)]
    )
    result = json.loads(out.read_text())
    assert result["merge"] is False and result["rows"][0]["tok_s"]["1"] > 0
    assert "projections not merged (--no-merge)" in capsys.readouterr().out


def test_bench_inductor_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--inductor-config`: the compiled scopes run under the patches, and the result and its table say so."""
    out = tmp_path / "patched.json"
    main(
        ["bench", "--smoke", "--scopes", "layer", "--batches", "1", "--anchor-steps", "0", "--prefill", "1x4"]
        + ["--inductor-config", "max_fusion_size=8", "--json", str(out)]
    )
    result = json.loads(out.read_text())
    assert result["inductor_config"] == [["max_fusion_size", 8]] and result["rows"][-1]["tok_s"]["1"] > 0
    assert "inductor max_fusion_size=8" in capsys.readouterr().out


def test_an_anchor_lost_in_timing_noise_is_an_error_naming_the_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    """Decode steps that take no longer than the prefill alone give no rate (not a negative one)."""
    import torch

    monkeypatch.setattr(bench, "_timed", lambda device, fn: (1.0, None))
    with pytest.raises(RuntimeError, match="--anchor-steps"):
        bench.anchor(torch.nn.Module(), 8, 4, 100, torch.device("cpu"))


def test_qsa_rows_read_are_the_kept_blocks_and_the_tail() -> None:
    """tiny keeps 4 blocks of 4 tokens: a query that sees 19 tokens (4 complete blocks) reads all 19; one
    that sees 20 (5 blocks) reads its 4 kept blocks; 23, those and the tail of 3."""
    from model.config import Qwen4ExpConfig
    from model.presets import preset_config

    c = Qwen4ExpConfig.from_dict(preset_config("tiny"))
    assert (c.indexer_compress_ratio, c.qsa_block_topk) == (4, 4)
    assert [bench.qsa_rows_read(c, v) for v in (1, 16, 19, 20, 23, 24, 262144)] == [1, 16, 19, 16, 19, 16, 16]


def test_bench_kv_cache_dtype_counts_fp8_state_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--kv-cache-dtype fp8`: the contexts are prefilled into E4M3 pages, the result and its header say so,
    and a request's state bytes drop by exactly the K/V bytes saved: per token, KV head and attention
    layer, K and V each go from head_dim float32 values to head_dim codes and one float32 scale."""
    from model.config import Qwen4ExpConfig
    from model.presets import preset_config

    flags = ["bench", "--smoke", "--scopes", "eager", "--batches", "1", "--anchor-steps", "0", "--prefill", "1x4"]
    result = {}
    for kv in ("auto", "fp8"):
        out = tmp_path / f"{kv}.json"
        main([*flags, "--kv-cache-dtype", kv, "--json", str(out)])
        result[kv] = json.loads(out.read_text())
        assert result[kv]["kv_cache_dtype"] == kv and result[kv]["rows"][0]["tok_s"]["1"] > 0
    printed = capsys.readouterr().out
    assert "tiny preset, float32, float32 K/V," in printed
    assert "tiny preset, float32, fp8 K/V (E4M3 codes, float32 scales)," in printed
    c = Qwen4ExpConfig.from_dict(preset_config("tiny"))
    per_token = len(c.indexed_layers) * c.num_key_value_heads * 2 * (4 * c.head_dim - (c.head_dim + 4))
    saved = result["auto"]["state_gb_per_request"] - result["fp8"]["state_gb_per_request"]
    assert saved * 1e9 == pytest.approx(bench.qsa_rows_read(c, result["auto"]["context"] + 1) * per_token)
    for r in result.values():  # the roofline with state reads those bytes (each run measured its own bandwidth)
        moved = r["step_gb"]["1"] + r["state_gb_per_request"]
        assert r["state_roofline_tok_s"]["1"] == pytest.approx(r["copy_bandwidth_gb_s"] / moved)
