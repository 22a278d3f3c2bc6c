"""The step loop: admit waiting requests into free slots, run one flat batch, record the results.

Every step feeds all of each running request's uncomputed tokens (whole prompts, then one decode
token), so prefills and decodes mix freely. `_schedule` is the seam a real scheduler (token budget,
chunked prefill) replaces; the runner already handles partial chunks.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from qcompile.engine.outputs import CompletionOutput, Logprob, RequestOutput, logprob_dict
from qcompile.engine.runner import ModelRunner, TopLogprobs
from qcompile.engine.sequence import Sequence, SequenceStatus

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase


class Engine:
    def __init__(self, runner: ModelRunner, eos_token_id: int,
                 tokenizer: PreTrainedTokenizerBase | None = None) -> None:
        self.runner = runner
        self.eos_token_id = eos_token_id
        self.tokenizer = tokenizer
        self.waiting: deque[Sequence] = deque()
        self.running: list[Sequence] = []
        self.free_slots = list(range(runner.max_num_seqs))

    def add(self, seq: Sequence) -> None:
        if seq.params.seed is not None:
            seq.generator = self.runner.make_generator(seq.params.seed)
        self.waiting.append(seq)

    def has_unfinished(self) -> bool:
        return bool(self.waiting or self.running)

    def abort_all(self) -> None:
        """Drop every request, e.g. after a failed step, so the next call starts clean."""
        for seq in [*self.running, *self.waiting]:
            seq.status = SequenceStatus.FINISHED
            seq.finish_reason = "abort"
        self.free_slots = list(range(self.runner.max_num_seqs))
        self.running, self.waiting = [], deque()

    def _schedule(self) -> tuple[list[Sequence], list[int]]:
        while self.waiting and self.free_slots:
            seq = self.waiting.popleft()
            seq.slot, seq.status = self.free_slots.pop(0), SequenceStatus.RUNNING
            self.running.append(seq)
        return list(self.running), [seq.num_uncomputed_tokens for seq in self.running]

    def step(self) -> list[Sequence]:
        """Run one forward; returns the requests that finished in it."""
        seqs, counts = self._schedule()
        results = self.runner.run(seqs, counts)
        finished = []
        for seq, n, res in zip(seqs, counts, results, strict=True):
            seq.num_computed_tokens += n
            if seq.prompt_logprobs is not None:
                seq.prompt_logprobs += [self._logprobs(e) for e in res.prompt_logprobs]
            if res.token_id is not None:
                lps = None if res.logprobs is None else self._logprobs(res.logprobs)
                seq.append_token(res.token_id, lps, self.eos_token_id)
            if seq.is_finished:
                self.free_slots.append(seq.slot)
                finished.append(seq)
        self.running = [seq for seq in self.running if not seq.is_finished]
        return finished

    def generate(self, seqs: list[Sequence]) -> list[RequestOutput]:
        """Run `seqs` to completion together; outputs in the order given."""
        for seq in seqs:
            self.add(seq)
        try:
            while self.has_unfinished():
                self.step()
        except BaseException:
            self.abort_all()
            raise
        return [self.output(seq) for seq in seqs]

    def _logprobs(self, entry: TopLogprobs) -> dict[int, Logprob]:
        decode = None if self.tokenizer is None else lambda t: self.tokenizer.decode([t])
        return logprob_dict(*entry, decode)

    def output(self, seq: Sequence) -> RequestOutput:
        text = "" if self.tokenizer is None else self.tokenizer.decode(seq.output_token_ids,
                                                                         skip_special_tokens=True)
        completion = CompletionOutput(0, text, list(seq.output_token_ids), seq.logprobs, seq.finish_reason)
        return RequestOutput(seq.request_id, seq.prompt, list(seq.prompt_token_ids), seq.prompt_logprobs,
                             [completion], finished=seq.is_finished)
