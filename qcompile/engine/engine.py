"""The step loop: schedule, launch on the device, read back, detokenise, stop, release.

With `async_scheduling` the loop launches step n+1 before it reads step n back, so the host's
scheduling and output work overlaps the device's forward. This is safe because step n+1's decode
rows take their input token from the device. A request that stops at step n may already hold a row
in step n+1: that row's result is discarded, and its slot is released only when step n+1 has been
read back, so no new request can be reset into a slot a launched step still writes.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from typing import TYPE_CHECKING

from qcompile.engine.detokenizer import Detokenizer
from qcompile.engine.outputs import Logprob, RequestOutput, logprob_dict
from qcompile.engine.runner import LaunchedStep, ModelRunner, TopLogprobs
from qcompile.engine.scheduler import Scheduler
from qcompile.engine.sequence import Sequence
from qcompile.engine.stats import EngineStats, StatsCollector

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase


class Engine:
    def __init__(self, runner: ModelRunner, eos_token_ids: Collection[int],
                 tokenizer: PreTrainedTokenizerBase | None = None, max_num_batched_tokens: int = 2048,
                 async_scheduling: bool = True) -> None:
        self.runner = runner
        self.eos_token_ids = frozenset(eos_token_ids)
        self.tokenizer = tokenizer
        self.async_scheduling = async_scheduling
        self.scheduler = Scheduler(runner.max_num_seqs, max_num_batched_tokens)
        self.in_flight: LaunchedStep | None = None
        self.collector = StatsCollector()
        self._by_id: dict[str, Sequence] = {}

    def add(self, seq: Sequence) -> None:
        if seq.request_id in self._by_id:
            raise ValueError(f"request id {seq.request_id!r} is already in the engine")
        if seq.params.seed is not None:
            seq.generator = self.runner.make_generator(seq.params.seed)
        if self.tokenizer is not None:
            seq.detokenizer = Detokenizer(self.tokenizer, seq.params.stop or ())
        self._by_id[seq.request_id] = seq
        self.scheduler.add(seq)
        self.collector.record_prompt(seq.num_prompt_tokens)

    def has_unfinished(self) -> bool:
        return self.scheduler.has_unfinished() or self.in_flight is not None

    def abort(self, request_id: str) -> Sequence | None:
        """Finish a request now (e.g. its client left); None if it is not in the engine."""
        seq = self._by_id.get(request_id)
        if seq is None or seq.is_finished:
            return None
        self._finish(seq, "abort")
        return seq

    def abort_all(self) -> list[Sequence]:
        """Drop every request, e.g. after a failed step, so the next call starts clean."""
        self.in_flight = None
        dropped = self.scheduler.reset()
        for seq in dropped:
            seq.num_in_flight = 0
            if not seq.is_finished:
                seq.finish("abort")
        self._by_id.clear()
        return dropped

    def stats(self) -> EngineStats:
        return self.collector.snapshot(len(self.scheduler.running), len(self.scheduler.waiting))

    def _finish(self, seq: Sequence, reason: str | None = None) -> None:
        if reason is not None:
            seq.finish(reason)
        self.scheduler.finish(seq)
        del self._by_id[seq.request_id]

    def step(self) -> list[Sequence]:
        """Run one step; returns the requests whose output changed (new tokens or finished)."""
        batch = self.scheduler.schedule()
        launched = None if batch is None else self.runner.launch(batch)
        if not self.async_scheduling:
            return [] if launched is None else self._process(launched)
        previous, self.in_flight = self.in_flight, launched
        return [] if previous is None else self._process(previous)

    def _process(self, launched: LaunchedStep) -> list[Sequence]:
        results = self.runner.collect(launched)
        now = time.monotonic()
        batch = launched.batch
        self.scheduler.step_done(batch)
        changed = []
        for seq, sample, res in zip(batch.seqs, batch.samples, results, strict=True):
            seq.num_pending -= sample
            if seq.is_finished:  # stopped or aborted after this step was launched: discard its row
                continue
            if seq.prompt_logprobs is not None:
                seq.prompt_logprobs += [self._logprobs(e) for e in res.prompt_logprobs]
            if res.token_id is None:
                continue
            first = seq.last_token_time is None
            self.collector.record_token(now - seq.arrival_time if first else None,
                                        None if first else now - seq.last_token_time)
            seq.last_token_time = now
            seq.append_token(res.token_id, None if res.logprobs is None else self._logprobs(res.logprobs),
                             self.eos_token_ids)
            if seq.is_finished:
                self._finish(seq)
            changed.append(seq)
        return changed

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
        return [seq.output() for seq in seqs]

    def _logprobs(self, entry: TopLogprobs) -> dict[int, Logprob]:
        decode = None if self.tokenizer is None else lambda t: self.tokenizer.decode([t])
        return logprob_dict(*entry, decode)
