"""Token selection and log-probabilities from fp32 logits.

Every step is row-wise (per-row temperature, top-k/top-p masks, and one exponential noise draw
per row from that row's own generator), so a seeded request samples the same tokens however it is
batched. Sampling uses the exponential race: argmax(p / q) with q ~ Exp(1) is a draw from p.
"""

from __future__ import annotations

import torch

from qcompile.engine.sampling_params import SamplingParams


def apply_top_k_top_p(logits: torch.Tensor, top_k: torch.Tensor | None, top_p: torch.Tensor | None) -> torch.Tensor:
    """Set logits outside each row's top-k, then outside its top-p nucleus, to -inf.

    `top_k` [M] holds the vocab size for rows without top-k; `top_p` [M] holds 1.0 for rows
    without top-p. The nucleus is the smallest prefix of the sorted distribution (after top-k)
    whose mass reaches p, so the most likely token always survives.
    """
    if top_k is None and top_p is None:
        return logits
    vals, idx = logits.sort(dim=-1, descending=True)
    drop = torch.zeros_like(vals, dtype=torch.bool)
    if top_k is not None:
        rank = torch.arange(vals.shape[-1], device=vals.device)
        drop |= rank[None, :] >= top_k[:, None]
    if top_p is not None:
        probs = vals.masked_fill(drop, float("-inf")).softmax(dim=-1)
        mass_before = probs.cumsum(dim=-1) - probs
        drop |= (mass_before >= top_p[:, None]) & (top_p[:, None] < 1.0)
    return torch.empty_like(logits).scatter_(-1, idx, vals.masked_fill(drop, float("-inf")))


def sample(logits: torch.Tensor, params: list[SamplingParams], generators: list[torch.Generator]) -> torch.Tensor:
    """Pick one token per row of `logits` [M, V]; greedy rows take the argmax and draw no noise."""
    greedy_tokens = logits.argmax(dim=-1)
    if all(p.greedy for p in params):
        return greedy_tokens
    device, vocab = logits.device, logits.shape[-1]
    temperature = torch.tensor([1.0 if p.greedy else p.temperature for p in params], dtype=logits.dtype, device=device)
    top_k = top_p = None
    if any(p.top_k_enabled for p in params):
        top_k = torch.tensor([min(p.top_k, vocab) if p.top_k_enabled else vocab for p in params], device=device)
    if any(p.top_p < 1.0 for p in params):
        top_p = torch.tensor([p.top_p for p in params], dtype=logits.dtype, device=device)
    probs = apply_top_k_top_p(logits / temperature[:, None], top_k, top_p).softmax(dim=-1)
    noise = torch.ones_like(probs)
    for row, (p, gen) in enumerate(zip(params, generators, strict=True)):
        if not p.greedy:
            noise[row].exponential_(generator=gen)
    sampled = (probs / noise).argmax(dim=-1)
    is_greedy = torch.tensor([p.greedy for p in params], device=device)
    return torch.where(is_greedy, greedy_tokens, sampled)


def top_logprobs(
    logprobs: torch.Tensor, token_ids: torch.Tensor, k: int
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Ids, log-probs and 1-based ranks [M, 1 + k]: column 0 is `token_ids`, then the k best."""
    token_lp = logprobs.gather(-1, token_ids[:, None])
    token_rank = (logprobs > token_lp).sum(dim=-1, keepdim=True) + 1
    if k == 0:
        return token_ids[:, None], token_lp, token_rank
    best_lp, best_ids = logprobs.topk(k, dim=-1)
    best_rank = torch.arange(1, k + 1, device=logprobs.device).expand_as(best_ids)
    return (
        torch.cat([token_ids[:, None], best_ids], dim=-1),
        torch.cat([token_lp, best_lp], dim=-1),
        torch.cat([token_rank, best_rank], dim=-1),
    )
