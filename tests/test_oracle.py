"""The oracle harness agrees with itself: the cached decode path equals one full forward.

This guards the harness (positions, cache plumbing, row alignment) that every model test leans
on. Prompts are longer than 19 tokens so QSA is really sparse, and contain an EOS so the PLE
n-gram reset is crossed.
"""

from __future__ import annotations

import pytest
import torch
from torch import nn

from tests.oracle import hf_decode_logprobs, hf_greedy, hf_prompt_logprobs

# fp32 rounding through unit-scale weights: |logprob| reaches ~15, chunked vs recurrent GDN and
# batched vs single-row GEMMs differ by ~1e-5 at most. A harness bug is O(0.1).
ATOL = 5e-5


def _ids(vocab: int, n: int, eos: int, seed: int = 0) -> list[int]:
    ids = torch.randint(0, vocab, (n,), generator=torch.Generator().manual_seed(seed)).tolist()
    ids[9] = eos
    return ids


@pytest.mark.parametrize("name", ["hf_tiny", "hf_tiny8"])
def test_decode_matches_full_forward(name: str, request: pytest.FixtureRequest) -> None:
    hf: nn.Module = request.getfixturevalue(name)
    cfg = hf.config.get_text_config()
    ids = _ids(cfg.vocab_size, 40, cfg.eos_token_id)
    full = hf_prompt_logprobs(hf, ids)
    assert full.shape == (40, cfg.vocab_size) and full.dtype == torch.float32
    dec = hf_decode_logprobs(hf, ids[:23], ids[23:])
    assert dec.shape == (17, cfg.vocab_size)
    torch.testing.assert_close(dec, full[22:39], atol=ATOL, rtol=0)


def test_decode_state_is_carried(hf_tiny: nn.Module) -> None:
    """Changing only the first prompt token changes the last decode row: the cache is used."""
    ids = _ids(512, 30, eos=1)
    other = [(ids[0] + 1) % 512, *ids[1:]]
    a = hf_decode_logprobs(hf_tiny, ids[:20], ids[20:])
    b = hf_decode_logprobs(hf_tiny, other[:20], other[20:])
    assert (a[-1] - b[-1]).abs().max() > 1e-2


def test_greedy_is_argmax_of_full_forward(hf_tiny: nn.Module) -> None:
    prompt = _ids(512, 12, eos=1)
    steps = 10
    out = hf_greedy(hf_tiny, prompt, steps)
    assert len(out) == steps
    full = hf_prompt_logprobs(hf_tiny, prompt + out)
    assert full[len(prompt) - 1 : -1].argmax(-1).tolist() == out
