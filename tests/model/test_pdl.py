"""Programmatic dependent launch (`model.kernels.codes.pdl`): only CUDA launches that way, and on the GPU
it changes no bit of a decode. (Graph replays run with it in the GPU gates, `tests/cudagraph/`, bitwise
against the same scope without graphs.)"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import torch

import qcompile
from model.config import Qwen4ExpConfig
from model.kernels import (
    PDL_ENV,
    attention_decode,
    codes,
    fused_moe,
    gdn_decode,
    hc_read,
    pdl_enabled,
    ple_gather,
    qsa_select,
    router,
    weight_only,
)
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from tests.cudagraph.drive import Trace, run

RANGES = [(1, 1), (2, 64)]
LAUNCHERS = (attention_decode, fused_moe, gdn_decode, hc_read, ple_gather, qsa_select, router, weight_only)


def test_only_cuda_tensors_launch_as_dependents() -> None:
    assert not codes.pdl(torch.zeros(1))
    assert all(m.pdl_launch is codes.pdl_launch for m in LAUNCHERS)  # every launcher asks the one rule
    assert codes.pdl_launch(torch.zeros(1)) == {"PDL": False, "launch_pdl": False}


@contextmanager
def launched_plainly() -> Iterator[None]:
    """Every kernel launched without programmatic dependence (PDL=False, no `launch_pdl`)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(PDL_ENV, "0")
        yield


def test_the_switch_turns_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PDL_ENV, raising=False)
    assert pdl_enabled()
    with launched_plainly():
        assert not pdl_enabled()


def _wide_model() -> Qwen4ExpForCausalLM:
    if not codes.pdl(torch.zeros(1, device="cuda")):
        pytest.skip("needs sm_90 or newer")
    torch.manual_seed(0)
    with torch.device("cuda"):
        model = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(preset_config("wide")))
    with torch.no_grad():
        for p in model.parameters():
            p.normal_(0.0, 0.3 if p.dim() < 2 else p.shape[-1] ** -0.5)
    model = model.bfloat16().eval().requires_grad_(False)
    model.init_state(max_num_seqs=2, max_model_len=128)
    return model


def _bitwise(got: Trace, want: Trace) -> None:
    assert got.tokens == want.tokens
    assert all(torch.equal(a, b) for a, b in zip(got.logprobs, want.logprobs, strict=True))


@pytest.mark.gpu
def test_a_decode_is_bitwise_the_same_without_programmatic_launch() -> None:
    """One request (batch-1 decode runs every kernel, the HC read's included), `wide` preset, bf16."""
    model = _wide_model()
    prompt = [list(range(2, 40))]
    with torch.no_grad():
        got = run(model, model, prompt, 16)
        with launched_plainly():
            assert not codes.pdl(model.lm_head.weight)
            want = run(model, model, prompt, 16)
    _bitwise(got, want)


@pytest.mark.gpu
def test_the_kernel_scope_is_bitwise_the_same_without_programmatic_launch() -> None:
    """Compiled, Inductor's kernels launch as dependents too, between ours: two requests decode (the
    size-1 range runs once one stops), each with its own compile."""
    model = _wide_model()
    prompts = [list(range(2, 40)), [5, 6, 7]]
    with torch.no_grad():
        got = run(model, qcompile.compile(model, ranges=RANGES, scope="kernel"), prompts, 12, stop_after=[12, 6])
        with launched_plainly():
            compiled = qcompile.compile(model, ranges=RANGES, scope="kernel")
            want = run(model, compiled, prompts, 12, stop_after=[12, 6])
    _bitwise(got, want)
