"""transformers (5.24) as the oracle: log-probs of the reference Qwen4-Exp, full and incremental.

Positions are passed explicitly as 1-D text positions, so the model's stored M-RoPE deltas (set
by `generate` on a shared session model) can never leak into a result.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import torch
from torch import nn


@contextlib.contextmanager
def stable_topk() -> Iterator[None]:
    """Run the reference with ties in `Tensor.topk` broken toward the lower index.

    The QSA indexer selects blocks with `scores.topk(k)`, and its scores are sums of ReLUs, so
    exact ties at 0 are common with few indexer heads. Which tied block `torch.topk` returns is
    unspecified: on CPU it changes with the vector's length. Our model documents a rule (earlier
    block wins); the oracle is run under the same rule so the comparison is well defined.
    """
    original = torch.Tensor.topk

    def topk(self: torch.Tensor, k: int, dim: int = -1, largest: bool = True, sorted: bool = True):
        values, indices = self.sort(dim=dim, descending=largest, stable=True)
        return torch.return_types.topk((values.narrow(dim, 0, k), indices.narrow(dim, 0, k)))

    torch.Tensor.topk = topk  # type: ignore[method-assign]
    try:
        yield
    finally:
        torch.Tensor.topk = original  # type: ignore[method-assign]


def _forward(hf_model: nn.Module, ids: list[int], start: int, cache: object | None) -> torch.Tensor:
    """Logits [len(ids), vocab] in fp32 for `ids` at positions start.. (through `cache` if given)."""
    device = hf_model.device
    input_ids = torch.tensor([ids], dtype=torch.long, device=device)
    positions = torch.arange(start, start + len(ids), device=device)[None]
    with stable_topk():
        out = hf_model(input_ids=input_ids, position_ids=positions, cache=cache, use_cache=cache is not None)
    return out.logits[0].float()


def _new_cache(hf_model: nn.Module) -> object:
    from transformers import DynamicCache

    return DynamicCache(config=hf_model.config.get_text_config())


@torch.no_grad()
def hf_prompt_logprobs(hf_model: nn.Module, ids: list[int]) -> torch.Tensor:
    """Log-softmax [len(ids), vocab] (fp32) of one full forward over `ids`; row i predicts ids[i+1]."""
    return _forward(hf_model, ids, 0, None).log_softmax(-1)


@torch.no_grad()
def hf_decode_logprobs(hf_model: nn.Module, prompt: list[int], continuation: list[int]) -> torch.Tensor:
    """Log-softmax rows [len(continuation), vocab] (fp32) along the real decode path.

    The prompt is prefilled into a `DynamicCache`, then the continuation is fed one token at a
    time (recurrent GDN, incremental PLE hashing, cached QSA keys). Row i is the distribution that
    predicted continuation[i]: row 0 comes from the prefill's last position.
    """
    if not prompt:
        raise ValueError("hf_decode_logprobs needs a non-empty prompt")
    cache = _new_cache(hf_model)
    rows = [_forward(hf_model, prompt, 0, cache)[-1]]
    for i, tok in enumerate(continuation[:-1]):
        rows.append(_forward(hf_model, [tok], len(prompt) + i, cache)[-1])
    return torch.stack(rows[: len(continuation)]).log_softmax(-1)


@torch.no_grad()
def hf_greedy(hf_model: nn.Module, prompt: list[int], steps: int) -> list[int]:
    """`steps` greedy tokens after `prompt`, decoded one at a time through a `DynamicCache`."""
    cache = _new_cache(hf_model)
    logits = _forward(hf_model, prompt, 0, cache)[-1]
    out: list[int] = []
    for _ in range(steps):
        out.append(int(logits.argmax()))
        if len(out) < steps:
            logits = _forward(hf_model, [out[-1]], len(prompt) + len(out) - 1, cache)[-1]
    return out
