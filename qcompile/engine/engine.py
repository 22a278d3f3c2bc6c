"""The step loop: schedule, launch on the device, read back, detokenise, stop, release.

Each step returns one `RequestDelta` per request it changed. A failure never escapes a step: an
exception while processing one request's result fails that request alone, and a failed schedule,
launch or read-back fails the requests that hold a slot (their slot state may be half written),
while waiting requests go on. Either way the request's last delta has finish_reason "error".
A `FatalStepError` (a tensor-parallel rank is gone) is no request's failure: it stops the loop.

With `async_scheduling` the loop launches step n+1 before it reads step n back, so the host's
scheduling and output work overlaps the device's forward. This is safe because step n+1's decode
rows take their input token from the device. A request that stops at step n may already hold a row
in step n+1: that row's result is discarded, and its slot is released only when step n+1 has been
read back, so no new request can be reset into a slot a launched step still writes.

A request with structured outputs cannot have two tokens in flight: its next mask is filled on the
host from the grammar, which must take the token before. When the step in flight samples for one,
the next step is scheduled and its forward launched first, then the step in flight is read back
(while that forward runs on the device) and only then is the next step's sampling launched, with
masks from the grammars as they now are. So a constrained request advances every step and the host's
output work still overlaps the device's forward; what is lost is the overlap of the sampling.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Collection
from typing import TYPE_CHECKING

from qcompile.engine.block_manager import BlockManager
from qcompile.engine.detokenizer import Detokenizer
from qcompile.engine.outputs import Logprob, OutputBuilder, RequestDelta, RequestOutput, error_message, logprob_dict
from qcompile.engine.prefix_cache import MIN_CHECKPOINT_GAP, PrefixCache
from qcompile.engine.runner import FatalStepError, LaunchedStep, ModelRunner, StepResult, TopLogprobs
from qcompile.engine.scheduled_batch import ScheduledBatch
from qcompile.engine.scheduler import Scheduler
from qcompile.engine.sequence import Sequence
from qcompile.engine.state_checkpoints import StateCheckpoints
from qcompile.engine.stats import EngineStats, StatsCollector

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

log = logging.getLogger(__name__)


def _constrained(batch: ScheduledBatch) -> bool:
    """Whether a step samples for a request whose grammar must take that token before its next mask."""
    return any(sample and seq.grammar is not None for seq, sample in zip(batch.seqs, batch.samples, strict=True))


class Engine:
    """The step loop over one `ModelRunner`: requests in (`add`, `abort`), deltas out (`step`)."""

    def __init__(
        self,
        runner: ModelRunner,
        eos_token_ids: Collection[int],
        tokenizer: PreTrainedTokenizerBase | None = None,
        max_num_batched_tokens: int = 2048,
        async_scheduling: bool = True,
        prefix_checkpoint_interval: int | None = None,
        prefix_checkpoint_min_gap: int = MIN_CHECKPOINT_GAP,
    ) -> None:
        """`prefix_checkpoint_interval`: tokens between state checkpoints of a long prefill, with prefix
        caching on (its checkpoints are the runner's `num_checkpoints` rows, spilled to its
        `num_host_checkpoints` host rows); None: prefix caching off. `prefix_checkpoint_min_gap`: how
        close the checkpoints a prompt can do without may lie to the others (`prefix_cache`)."""
        self.runner = runner
        self.eos_token_ids = frozenset(eos_token_ids)
        self.tokenizer = tokenizer
        self.async_scheduling = async_scheduling
        blocks = BlockManager(runner.num_pages, runner.page_size)
        prefix = None
        if prefix_checkpoint_interval is not None:
            host = StateCheckpoints(runner.num_host_checkpoints) if runner.num_host_checkpoints else None
            checkpoints = StateCheckpoints(runner.num_checkpoints)
            prefix = PrefixCache(
                blocks, checkpoints, prefix_checkpoint_interval, host, prefix_checkpoint_min_gap, runner.state_block
            )
        self.scheduler = Scheduler(runner.max_num_seqs, max_num_batched_tokens, blocks, prefix)
        runner.processors.eos_token_ids = tuple(sorted(self.eos_token_ids))
        self.in_flight: LaunchedStep | None = None
        self.collector = StatsCollector()
        self._by_id: dict[str, Sequence] = {}

    def add(self, seq: Sequence) -> None:
        """Queue a request; if this raises, the engine is as it was."""
        if seq.request_id in self._by_id:
            raise ValueError(f"request id {seq.request_id!r} is already in the engine")
        generator = None if seq.params.seed is None else self.runner.make_generator(seq.params.seed)
        detokenizer = None if self.tokenizer is None else Detokenizer(self.tokenizer, seq.params.stop or ())
        seq.generator, seq.detokenizer = generator, detokenizer
        self._by_id[seq.request_id] = seq
        self.scheduler.add(seq)
        self.collector.record_prompt(seq.num_prompt_tokens)

    def has_unfinished(self) -> bool:
        return self.scheduler.has_unfinished() or self.in_flight is not None

    def abort(self, request_id: str) -> RequestDelta | None:
        """Finish a request now (e.g. its client left), queued or running; its final delta, or None
        if it is not in the engine."""
        seq = self._by_id.get(request_id)
        if seq is None or seq.is_finished:
            return None
        seq.finish("abort")
        self._finish(seq)
        return seq.delta([], None)

    def abort_all(self) -> list[RequestDelta]:
        """Drop every request (at shutdown, or when an offline run fails), so the next call starts clean."""
        deltas = []
        for seq in self._by_id.values():
            if not seq.is_finished:
                seq.finish("abort")
                deltas.append(seq.delta([], None))
        self.in_flight = None
        for seq in self.scheduler.reset():
            seq.num_in_flight = 0
        self._by_id.clear()
        return deltas

    def stats(self) -> EngineStats:
        s = self.scheduler
        counts = None if s.prefix is None else s.prefix.counts()
        return self.collector.snapshot(len(s.running), len(s.waiting), s.blocks.usage, s.num_preemptions, counts)

    def _finish(self, seq: Sequence) -> None:
        self.scheduler.finish(seq)
        del self._by_id[seq.request_id]

    def step(self) -> list[RequestDelta]:
        """Run one step; returns a delta for each request that changed (new tokens or finished)."""
        try:
            batch = self.scheduler.schedule()
            forward = None if batch is None else self.runner.launch_forward(batch)
        except FatalStepError:
            raise
        except Exception as e:
            return self._fail_running(e)
        deltas: list[RequestDelta] = []
        if forward is not None and self.in_flight is not None and _constrained(self.in_flight.batch):
            # a constrained row's next mask needs the token in flight: read it back while the forward runs
            previous, self.in_flight = self.in_flight, None
            try:
                results = self.runner.collect(previous)
            except Exception as e:
                return self._fail_running(e)  # the forward just launched goes with the requests it ran
            deltas = self._process(previous, results)
        try:
            launched = None if forward is None else self.runner.launch_sample(forward)
        except FatalStepError:
            raise
        except Exception as e:
            return deltas + self._fail_running(e)
        if not self.async_scheduling:
            previous = launched
        else:
            previous, self.in_flight = self.in_flight, launched
        return deltas if previous is None else deltas + self._read_back(previous)

    def _read_back(self, launched: LaunchedStep) -> list[RequestDelta]:
        try:
            results = self.runner.collect(launched)
        except Exception as e:
            return self._fail_running(e)
        return self._process(launched, results)

    def _fail_running(self, e: Exception) -> list[RequestDelta]:
        """A step failed as a whole: fail every request that holds a slot, keep the waiting ones."""
        log.exception("engine step failed; failing the %d running requests", len(self.scheduler.running))
        self.in_flight = None
        message = error_message(e)
        deltas = []
        for seq in self.scheduler.drop_running():
            seq.num_in_flight = seq.num_pending = 0
            self._by_id.pop(seq.request_id, None)
            if not seq.is_finished:
                deltas.append(seq.fail(message))
        return deltas

    def _process(self, launched: LaunchedStep, results: list[StepResult]) -> list[RequestDelta]:
        now = time.monotonic()
        batch = launched.batch
        self.scheduler.step_done(batch)
        deltas = []
        for seq, sample, res in zip(batch.seqs, batch.samples, results, strict=True):
            seq.num_pending -= sample
            if seq.is_finished:  # stopped or aborted after this step was launched: discard its row
                continue
            try:
                delta = self._advance(seq, res, now)
            except Exception as e:  # this request's output failed (e.g. detokenising): fail it alone
                log.exception("request %s failed", seq.request_id)
                delta = seq.fail(error_message(e))
                self._finish(seq)
            if delta is not None:
                deltas.append(delta)
        return deltas

    def _advance(self, seq: Sequence, res: StepResult, now: float) -> RequestDelta | None:
        if seq.prompt_logprobs is not None:
            seq.prompt_logprobs += [self._logprobs(e) for e in res.prompt_logprobs]
        if res.token_id is None:
            return None
        first = seq.last_token_time is None
        self.collector.record_token(
            now - seq.arrival_time if first else None, None if first else now - seq.last_token_time
        )
        seq.last_token_time = now
        delta = seq.append_token(
            res.token_id, None if res.logprobs is None else self._logprobs(res.logprobs), self.eos_token_ids
        )
        if seq.is_finished:
            self._finish(seq)
        return delta

    def generate(self, seqs: list[Sequence]) -> list[RequestOutput]:
        """Run `seqs` to completion together; cumulative outputs in the order given, each built once at
        the end. A request that fails raises here (after the engine dropped the rest)."""
        builders = {
            seq.request_id: OutputBuilder(
                seq.request_id, seq.prompt, seq.prompt_token_ids, logprobs=None if seq.params.logprobs is None else []
            )
            for seq in seqs
        }
        try:
            for seq in seqs:
                self.add(seq)
            while self.has_unfinished():
                for delta in self.step():
                    if delta.finish_reason == "error":
                        raise RuntimeError(f"request {delta.request_id!r} failed: {delta.error}")
                    builders[delta.request_id].add(delta)
        except BaseException:
            self.abort_all()
            raise
        return [b.build() for b in builders.values()]

    def _logprobs(self, entry: TopLogprobs) -> dict[int, Logprob]:
        decode = None if self.tokenizer is None else lambda t: self.tokenizer.decode([t])
        return logprob_dict(*entry, decode)
