"""Token selection and log-probabilities from fp32 logits.

Every step is row-wise (per-row temperature, top-k/top-p masks, and one exponential noise draw
per row from that row's own generator), so a seeded request samples the same tokens however it is
batched. Sampling uses the exponential race: argmax(p / q) with q ~ Exp(1) is a draw from p.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import torch

from model.device_copy import to_device
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.structured import mask_to_grammars

if TYPE_CHECKING:
    from qcompile.engine.sequence import Sequence


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
    temperature = to_device([1.0 if p.greedy else p.temperature for p in params], logits.dtype, device)
    top_k = top_p = None
    if any(p.top_k_enabled for p in params):
        top_k = to_device([min(p.top_k, vocab) if p.top_k_enabled else vocab for p in params], torch.int64, device)
    if any(p.top_p < 1.0 for p in params):
        top_p = to_device([p.top_p for p in params], logits.dtype, device)
    probs = apply_top_k_top_p(logits / temperature[:, None], top_k, top_p).softmax(dim=-1)
    if any(p.min_p > 0 for p in params):
        min_p = to_device([p.min_p for p in params], probs.dtype, device)
        probs = probs.masked_fill(probs < min_p[:, None] * probs.amax(dim=-1, keepdim=True), 0.0)
    noise = torch.ones_like(probs)
    for row, (p, gen) in enumerate(zip(params, generators, strict=True)):
        if not p.greedy:
            noise[row].exponential_(generator=gen)
    sampled = (probs / noise).argmax(dim=-1)
    is_greedy = to_device([p.greedy for p in params], torch.bool, device)
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


def apply_penalties(
    logits: torch.Tensor,
    counts: torch.Tensor,
    prompt_seen: torch.Tensor,
    presence: torch.Tensor,
    frequency: torch.Tensor,
    repetition: torch.Tensor,
) -> torch.Tensor:
    """Penalised logits [M, V] from each row's output token `counts` [M, V], its `prompt_seen` [M, V]
    and its penalties [M]: repetition first (on prompt and output tokens), then frequency and presence
    (on output tokens), as vLLM orders them."""
    seen = prompt_seen | (counts > 0)
    r = repetition[:, None]
    logits = torch.where(seen, torch.where(logits > 0, logits / r, logits * r), logits)
    return logits - frequency[:, None] * counts - presence[:, None] * (counts > 0)


class LogitsProcessors:
    """The logits processors of `SamplingParams` (bias, penalties, min_tokens, structured outputs),
    applied to a step's sampling rows on the device, vectorised over the batch.

    Penalties need each request's output token counts: a [slots, vocab] table on the device, made when
    the first penalised request arrives and updated from the sampled tokens of every step after (on
    the device, so async scheduling is untouched), plus which tokens each penalised prompt holds.
    """

    def __init__(self, num_slots: int, vocab_size: int, device: torch.device) -> None:
        self.num_slots, self.vocab_size, self.device = num_slots, vocab_size, device
        self.eos_token_ids: tuple[int, ...] = ()  # what min_tokens forbids besides stop_token_ids; the Engine sets it
        self.counts: torch.Tensor | None = None
        self.prompt_seen: torch.Tensor | None = None

    def _tensor(self, values: list, dtype: torch.dtype = torch.int64) -> torch.Tensor:
        return to_device(values, dtype, self.device)

    def _filled(self, n: int, value: bool | float, dtype: torch.dtype = torch.bool) -> torch.Tensor:
        """`n` copies of `value` made on the device: assigning a Python scalar through an index copies
        it from pageable host memory, which synchronises."""
        return torch.full((n,), value, dtype=dtype, device=self.device)

    def admit(self, seqs: list[Sequence]) -> None:
        """Requests getting a fresh slot: record their prompts' tokens, and count the outputs a
        preempted one already generated (none for a new one)."""
        penalized = [s for s in seqs if s.params.penalized]
        if not penalized:
            return
        if self.counts is None or self.prompt_seen is None:
            self.counts = torch.zeros(self.num_slots, self.vocab_size, dtype=torch.int32, device=self.device)
            self.prompt_seen = torch.zeros(self.num_slots, self.vocab_size, dtype=torch.bool, device=self.device)
        slots = self._tensor([s.slot for s in penalized])
        self.counts.index_fill_(0, slots, 0)
        self.prompt_seen.index_fill_(0, slots, False)
        rows = [s.slot for s in penalized for _ in s.prompt_token_ids]
        ids = [t for s in penalized for t in s.prompt_token_ids]
        self.prompt_seen.index_put_((self._tensor(rows), self._tensor(ids)), self._filled(len(ids), True))
        rows = [s.slot for s in penalized for _ in s.output_token_ids]
        if rows:
            ids = [t for s in penalized for t in s.output_token_ids]
            self.record(self._tensor(rows), self._tensor(ids))

    def record(self, slots: torch.Tensor, tokens: torch.Tensor) -> None:
        """Count the tokens just sampled into their slots' rows."""
        if self.counts is not None:
            self.counts.index_put_((slots, tokens), torch.ones_like(tokens, dtype=torch.int32), accumulate=True)

    def apply(self, logits: torch.Tensor, seqs: list[Sequence]) -> torch.Tensor:
        """The processed logits of the sampling rows of `seqs` (a new tensor when any processor applies)."""
        params = [s.params for s in seqs]
        banned_rows: list[int] = []
        banned_ids: list[int] = []
        for row, seq in enumerate(seqs):
            # tokens generated before this row's sample (the scheduler counted this sample as pending)
            if seq.num_output_tokens + seq.num_pending - 1 < seq.params.min_tokens:
                stop = (*self.eos_token_ids, *(seq.params.stop_token_ids or ()))
                banned_rows += [row] * len(stop)
                banned_ids += stop
        bias = [(row, t, b) for row, p in enumerate(params) for t, b in (p.logit_bias or {}).items()]
        penalized = any(p.penalized for p in params)
        # a request finished by the step read back since this one was scheduled: its row is discarded
        grammars = [s.grammar if s.grammar is not None and not s.is_finished else None for s in seqs]
        if not (banned_rows or bias or penalized or any(g is not None and g.constrains for g in grammars)):
            return logits
        logits = logits.clone()
        if bias:
            rows, ids, values = zip(*bias, strict=True)
            logits.index_put_(
                (self._tensor(list(rows)), self._tensor(list(ids))),
                self._tensor(list(values), logits.dtype),
                accumulate=True,
            )
        if penalized:
            assert self.counts is not None and self.prompt_seen is not None
            slots = self._tensor([s.slot for s in seqs])
            logits = apply_penalties(
                logits,
                self.counts[slots],
                self.prompt_seen[slots],
                self._tensor([p.presence_penalty for p in params], logits.dtype),
                self._tensor([p.frequency_penalty for p in params], logits.dtype),
                self._tensor([p.repetition_penalty for p in params], logits.dtype),
            )
        if banned_rows:
            logits.index_put_(
                (self._tensor(banned_rows), self._tensor(banned_ids)),
                self._filled(len(banned_ids), float("-inf"), logits.dtype),
            )
        mask_to_grammars(logits, grammars)
        return logits
