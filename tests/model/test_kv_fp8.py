"""FP8 K/V pages (`--kv-cache-dtype fp8`, `model/kv_quant.py`): the round trip's bound, the kernels against
the torch reference over the same scattered FP8 pages, the page bytes, and the model's error against
fp32 beside bf16 K/V's."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

import model.attention as attention_module
from model.attention import Attention
from model.checkpoint.loader import load_model
from model.config import Qwen4ExpConfig
from model.context import HostBatch
from model.kv_quant import KV_FP8, ROUND_TRIP, dequantise, kv_storage_dtype, quantise
from model.paging import DEFAULT_PAGE_SIZE, PAGED_BUFFERS, pages_for
from model.presets import preset_config
from qcompile import LLM, SamplingParams
from qcompile.config import CompileConfig
from qcompile.engine.kv_memory import choose_plan
from scripts.experiments.kv_fp8_error import logprob_errors
from tests.engine.test_scheduling import as_prompts, assert_same, summary
from tests.model.test_attention_kernels import PAGE, flat_batch, scattered_table


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_round_trip_is_within_half_an_e4m3_step_of_each_element(dtype: torch.dtype) -> None:
    """Rows spanning six decades (subnormal codes included), a zero row: each element within half its
    E4M3 step, 2^-4 of it (normals) or 2^-10 of the scale (subnormals), plus the cast back to `dtype`."""
    x = torch.randn(64, 3, 32, generator=torch.Generator().manual_seed(0)) * torch.logspace(-3, 3, 32)
    x[5, 1] = 0
    x = x.to(dtype)
    codes, scale = quantise(x)
    assert codes.dtype == KV_FP8 and scale.dtype == torch.float32 and scale.shape == x.shape[:-1]
    back = dequantise(codes, scale, dtype)
    a, b = ROUND_TRIP
    cast = torch.finfo(dtype).eps / 2  # the rounding to `dtype`, relative to the result
    bound = (a * x.float().abs() + b * scale[..., None]) * (1 + cast) + cast * x.float().abs()
    assert ((back.float() - x.float()).abs() <= bound).all()
    assert not back[5, 1].any() and codes.float().abs().amax() == 448  # every other row reaches E4M3's max
    assert ((back.float() - x.float()).abs() > 0).any()  # it does round


def test_a_bad_kv_cache_dtype_is_named() -> None:
    assert kv_storage_dtype("auto", torch.bfloat16) == torch.bfloat16
    assert kv_storage_dtype("fp8_e4m3", torch.bfloat16) == kv_storage_dtype("fp8", torch.float32) == KV_FP8
    with pytest.raises(ValueError, match="kv_cache_dtype='int8': not one of auto, fp8, fp8_e4m3"):
        kv_storage_dtype("int8", torch.bfloat16)


def fp8_attention(seed: int, slots: int, length: int) -> Attention:
    """The tiny preset's attention with random weights, FP8 K/V written by the forward's own write
    (`_write_kv`) in scattered pages of `PAGE`, random indexer and block keys."""
    torch.manual_seed(seed)
    att = Attention(Qwen4ExpConfig.from_dict(preset_config("tiny")))
    for p in att.parameters():
        p.data.normal_(0, 0.3)
    per = pages_for(length, PAGE)
    att.init_state(scattered_table(slots, per, seed), slots * per, PAGE, length, torch.float32, KV_FP8)
    pages = att.block_table[:slots].repeat_interleave(PAGE, 1).flatten().long()
    rows = torch.arange(PAGE).repeat(slots * per)
    shape = (pages.shape[0], att.num_kv_heads, att.head_dim)
    att._write_kv((pages, rows), torch.randn(shape) * 3, torch.randn(shape))
    att.index_keys.normal_()
    att.block_keys.normal_()
    return att


@pytest.mark.parametrize("length", [12, 64])
def test_fp8_decode_kernel_matches_the_fp8_torch_path(monkeypatch: pytest.MonkeyPatch, length: int) -> None:
    """As the bf16 test of `test_attention_kernels`: QSA off (12 keys) and on (64), a padding row."""
    att = fp8_attention(0, 4, length)
    assert att.fp8 and att.k_scale.shape == (*att.k_cache.shape[:3],)
    n = 5
    q = torch.randn(n, att.num_heads, att.head_dim)
    iq = torch.randn(n, att.indexer.n_heads, att.indexer.head_dim)
    positions = torch.tensor([length - 1, 3, 4, length // 2 + 1, 0])
    slots = torch.tensor([0, 2, 1, 3, 3])
    ref = att._decode(q, iq, positions, slots)
    monkeypatch.setattr(attention_module, "use_kernels", lambda t: True)
    torch.testing.assert_close(att._attend_in_place(q, iq, positions, slots), ref, atol=1e-5, rtol=1e-5)


def test_fp8_prefill_kernel_matches_the_fp8_torch_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 40-token prompt past the QSA budget and a 7-token chunk at position 25, one flat batch."""
    att = fp8_attention(3, 4, 64)
    requests = [(0, 0, 40), (2, 25, 7)]  # (slot, start, tokens)
    query_start, positions, slots = flat_batch(requests, 1, 3)
    n = positions.shape[0]
    q = torch.randn(n, att.num_heads, att.head_dim)
    iq = torch.randn(n, att.indexer.n_heads, att.indexer.head_dim)
    monkeypatch.setattr(attention_module, "use_kernels", lambda t: True)
    got = att._attend_in_place(q, iq, positions, slots, host=HostBatch(query_start, (0, 25), (0, 2), n))
    a = 0
    for slot, start, t in requests:
        torch.testing.assert_close(got[a : a + t], att._prefill(q[a : a + t], iq[a : a + t], start, slot))
        a += t


def test_the_torch_path_reads_the_dequantised_pages() -> None:
    """The reference attends over `dequantise` of the codes and scales its block table points at."""
    att = fp8_attention(1, 2, 32)
    k, v = att._paged_kv(torch.tensor(1), 32, torch.float32)
    pages = att.block_table[1].long()
    expect = dequantise(att.k_cache[pages], att.k_scale[pages], torch.float32).flatten(0, 1)
    assert torch.equal(k, expect) and v.shape == k.shape


def test_fp8_pages_hold_more_tokens_in_the_same_bytes(tiny_ckpt: Path) -> None:
    """K and V at one byte an element plus 4 bytes of scale a token and head; the rest unchanged."""
    m = load_model(tiny_ckpt, dtype=torch.bfloat16)
    auto, fp8 = m.page_bytes(16), m.page_bytes(16, "fp8")
    att = next(layer.self_attn for layer in m.model.layers if not layer.is_linear)
    layers = sum(not layer.is_linear for layer in m.model.layers)
    kv_tokens_heads = 2 * 16 * att.num_kv_heads * layers
    assert auto - fp8 == kv_tokens_heads * (att.head_dim * 2 - att.head_dim - 4)
    m.init_state(2, 32, page_size=16, kv_cache_dtype="fp8")
    paged = sum(b[0].nbytes for name, b in m.named_buffers() if name.rsplit(".", 1)[-1] in PAGED_BUFFERS)
    assert paged == fp8
    plans = {kv: choose_plan(m, 2, None, 16, 64 * auto, kv_cache_dtype=kv) for kv in ("auto", "fp8")}
    assert plans["auto"].num_pages == 63 and plans["fp8"].num_pages == 64 * auto // fp8 - 1
    assert ", K/V bfloat16)" in plans["auto"].summary(auto)
    assert ", K/V float8_e4m3fn with float32 scales)" in plans["fp8"].summary(fp8)


def test_fp8_logprob_error_against_fp32_beside_bf16_kv(tiny_ckpt: Path) -> None:
    """Teacher-forced, the tiny model: FP8 K/V alone (fp32 weights) moves logprobs, by less than bf16
    weights and activations do; in bf16 its error is at most bf16's plus that (each logprob's error
    the sum of the two, by the triangle inequality, the K/V rounding taken as in fp32)."""
    errors = logprob_errors(tiny_ckpt, tokens=48, seed=0)
    assert 0 < errors["fp8_fp32"] < errors["bf16"], errors
    assert errors["fp8"] <= errors["bf16"] + errors["fp8_fp32"], errors


@pytest.mark.parametrize("scope", ["layer", "kernel"])
def test_compiled_fp8_kv_engine_matches_eager(tiny_ckpt: Path, scope: str) -> None:
    """The layer and kernel scopes (regions opaque, their state the FP8 pages and scale pages) give
    what the eager engine gives with FP8 K/V: tokens exactly, logprobs within the oracle bound."""
    prompts = as_prompts([[(7 * i) % 200 + 3 for i in range(30)], [5, 9, 11]])
    params = SamplingParams(temperature=0.0, max_tokens=6, logprobs=2, ignore_eos=True)
    runs = [
        LLM(str(tiny_ckpt), max_model_len=64, max_num_seqs=2, kv_cache_dtype="fp8", compile=compiled)
        for compiled in (None, CompileConfig(scope=scope, ranges=((1, 64),)))
    ]
    eager, compiled = (summary(llm.generate(prompts, params)) for llm in runs)
    assert_same(compiled, eager)


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_bench_geometry_fp8_kernels_no_worse_than_torch_bf16() -> None:
    """The bench's heads (24 over 2 KV heads of 256), one FP8 K/V pool of 64 requests of 2,074 keys read
    by the fp32 torch path (exact), the bf16 torch path and the bf16 kernels (the GPU's E4M3 conversion
    from sm_89): decode rows at batch 64 and 1, then prefill rows through both kernels; the kernels'
    error is at most the bf16 torch path's (which rounds `codes * scale` to bf16; the kernels do not)."""
    cfg = Qwen4ExpConfig.from_dict(preset_config("bench"))
    att32 = Attention(cfg).cuda()
    torch.manual_seed(0)
    for p in att32.parameters():
        p.data.normal_(0, 0.02)
    per = pages_for(2074, DEFAULT_PAGE_SIZE)
    table = scattered_table(64, per, 0, "cuda")
    att32.init_state(table, 64 * per, DEFAULT_PAGE_SIZE, 2074, torch.float32, KV_FP8)
    pages = table.repeat_interleave(DEFAULT_PAGE_SIZE, 1).flatten().long()
    rows = torch.arange(DEFAULT_PAGE_SIZE, device="cuda").repeat(64 * per)
    shape = (pages.shape[0], att32.num_kv_heads, att32.head_dim)
    att32._write_kv((pages, rows), torch.randn(shape, device="cuda") * 3, torch.randn(shape, device="cuda"))
    att32.index_keys.normal_()
    att32.block_keys.normal_()
    att16 = Attention(cfg).cuda().to(torch.bfloat16)
    att16.load_state_dict(att32.state_dict())
    att16.init_state(table, 64 * per, DEFAULT_PAGE_SIZE, 2074, torch.bfloat16, KV_FP8)
    for a, b in zip(att16.region_state("attention"), att32.region_state("attention"), strict=True):
        a.copy_(b)
    q, iq = torch.randn(64, 24, 256, device="cuda"), torch.randn(64, 4, 128, device="cuda")
    positions = torch.randint(1, 2048, (64,), device="cuda")  # within the budget: every block kept
    slots = torch.randperm(64, device="cuda")
    exact = att32._decode_rows(q, iq, positions, slots)
    torch_bf16 = att16._decode_rows(q.bfloat16(), iq.bfloat16(), positions, slots).float()
    kernel = att16._attend_in_place(q.bfloat16(), iq.bfloat16(), positions, slots).float()
    assert (kernel - exact).abs().max() <= (torch_bf16 - exact).abs().max()
    one = att16._attend_in_place(q[:1].bfloat16(), iq[:1].bfloat16(), positions[:1], slots[:1]).float()
    assert (one - exact[:1]).abs().max() <= (torch_bf16[:1] - exact[:1]).abs().max()  # batch 1: 33 splits
    requests = [(3, 0, 2048), (5, 1000, 300)]  # a whole prompt and a chunk after 1,000 cached keys
    query_start, positions, slots = flat_batch(requests, 0, 63)
    positions, slots = positions.cuda(), slots.cuda()
    q, iq = torch.randn(2348, 24, 256, device="cuda"), torch.randn(2348, 4, 128, device="cuda")
    for host in (None, HostBatch(query_start, (0, 1000), (3, 5), 2348)):  # decode kernel, then prefill kernel
        kernel = att16._attend_in_place(q.bfloat16(), iq.bfloat16(), positions, slots, host=host).float()
        a = 0
        for slot, start, n in requests:
            exact = att32._prefill(q[a : a + n], iq[a : a + n], start, slot)
            torch_bf16 = att16._prefill(q[a : a + n].bfloat16(), iq[a : a + n].bfloat16(), start, slot).float()
            assert (kernel[a : a + n] - exact).abs().max() <= (torch_bf16 - exact).abs().max(), (slot, host)
            a += n
