"""Model runner: owns the model and its slot state, and turns one step into one flat-batch forward.

The runner knows nothing about admission or stopping; it is given the sequences of a step and how
many of each one's uncomputed tokens to feed, and returns what the forward produced for each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import torch

from model.batch import Chunk, build_batch
from qcompile.config import CompileConfig
from qcompile.engine.sampler import sample, top_logprobs
from qcompile.engine.sequence import Sequence

# (ids, logprobs, ranks) of one position; the first id is the chosen or given token.
TopLogprobs = tuple[list[int], list[float], list[int]]


@dataclass
class StepResult:
    token_id: int | None = None  # sampled token; None while the prompt is not fully fed
    logprobs: TopLogprobs | None = None
    prompt_logprobs: list[TopLogprobs] = field(default_factory=list)


def compile_model(model: torch.nn.Module, config: CompileConfig) -> Callable[..., torch.Tensor]:
    """The one call into the compiler, imported late so eager runs never load it."""
    from qcompile import compile as qcompile_compile

    return qcompile_compile(model, config)


class ModelRunner:
    def __init__(self, model: torch.nn.Module, max_num_seqs: int, max_model_len: int,
                 device: torch.device | str, compile_config: CompileConfig | None = None) -> None:
        self.model = model
        self.device = torch.device(device)
        self.max_num_seqs = max_num_seqs
        self.max_model_len = max_model_len
        with torch.inference_mode():
            model.init_state(max_num_seqs, max_model_len)
        self.forward = model if compile_config is None else compile_model(model, compile_config)
        # Unseeded requests share one stream; seeded ones get their own from `make_generator`.
        self.generator = torch.Generator(self.device)
        self.generator.seed()

    def make_generator(self, seed: int) -> torch.Generator:
        return torch.Generator(self.device).manual_seed(seed)

    @torch.inference_mode()
    def run(self, seqs: list[Sequence], num_tokens: list[int]) -> list[StepResult]:
        """Feed `num_tokens[i]` uncomputed tokens of `seqs[i]`; sample where a sequence is caught up.

        Logits are computed only for rows that need them: each caught-up sequence's last row, and
        the prompt rows of sequences that asked for prompt logprobs.
        """
        chunks = []
        for seq, n in zip(seqs, num_tokens, strict=True):
            s = seq.num_computed_tokens
            chunks.append(Chunk(seq.slot, seq.token_ids[s:s + n], s))
        fresh = [seq.slot for seq in seqs if seq.num_computed_tokens == 0]
        if fresh:
            self.model.reset_slots(torch.tensor(fresh, dtype=torch.int64, device=self.device))
        batch = build_batch(chunks, self.max_num_seqs, self.device)
        with self.model.context(batch):
            hidden = self.forward(*batch.tensors())

        prompt_rows: list[int] = []
        prompt_targets: list[int] = []
        prompt_k: list[int | None] = []
        prompt_count: list[int] = []
        sample_rows: list[int] = []
        sample_seqs: list[int] = []
        for i, (seq, n, q) in enumerate(zip(seqs, num_tokens, batch.host.query_start, strict=False)):
            s = seq.num_computed_tokens
            count = 0
            if seq.params.prompt_logprobs is not None:
                # the row of position p predicts prompt token p + 1
                count = max(0, min(s + n, seq.num_prompt_tokens - 1) - s)
                prompt_rows += range(q, q + count)
                prompt_targets += seq.prompt_token_ids[s + 1:s + 1 + count]
                prompt_k += [seq.params.prompt_logprobs] * count
            prompt_count.append(count)
            if s + n == seq.num_tokens:
                sample_rows.append(q + n - 1)
                sample_seqs.append(i)

        rows = torch.tensor(prompt_rows + sample_rows, dtype=torch.int64, device=self.device)
        logits = self.model.compute_logits(hidden[rows]).float()
        prompt_logits, sample_logits = logits[:len(prompt_rows)], logits[len(prompt_rows):]
        params = [seqs[i].params for i in sample_seqs]
        tokens = sample(sample_logits, params, [seqs[i].generator or self.generator for i in sample_seqs])
        sampled = self._top(sample_logits, tokens, [p.logprobs for p in params])
        targets = torch.tensor(prompt_targets, dtype=torch.int64, device=self.device)
        prompt = iter(self._top(prompt_logits, targets, prompt_k))

        results = [StepResult(prompt_logprobs=[e for _ in range(c) if (e := next(prompt)) is not None])
                   for c in prompt_count]
        for i, token, lp in zip(sample_seqs, tokens.tolist(), sampled, strict=True):
            results[i].token_id, results[i].logprobs = token, lp
        return results

    @staticmethod
    def _top(logits: torch.Tensor, token_ids: torch.Tensor, ks: list[int | None]) -> list[TopLogprobs | None]:
        """Per row, the given token and the row's top-k from the log-softmax of the raw logits."""
        wanted = [k for k in ks if k is not None]
        if not wanted:
            return [None] * len(ks)
        ids, lps, ranks = top_logprobs(logits.log_softmax(dim=-1), token_ids, max(wanted))
        return [None if k is None else (i[:k + 1], lp[:k + 1], r[:k + 1])
                for k, i, lp, r in zip(ks, ids.tolist(), lps.tolist(), ranks.tolist(), strict=True)]
