"""Model runner: owns the model, its slot state and the device copy of each slot's last token.

`launch` turns a scheduled step into one padded flat-batch forward plus sampling, all queued on the
device; `collect` reads the results back. Between the two the host is free to schedule and launch
the next step, because a decode row's input token is gathered on the device from `last_tokens`
(written by the sampler of the step before), never taken from the host. `launch` is two halves,
`launch_forward` (forward and logits) and `launch_sample` (logits processors and sampling), so that
the engine can read the step before back while this one's forward runs, and fill grammar masks from
its tokens just in time for this step's sampling.

Under tensor parallelism (`peers`, see `qcompile/engine/workers.py`) this runner is rank 0: it hands
each step to the workers before its own forward (`execute`, the part every rank runs) and samples
alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import torch

from model.batch import Chunk, build_batch
from model.context import RuntimeMode, forward_context
from model.device_copy import to_device
from qcompile.config import CompileConfig
from qcompile.cudagraph import Dispatcher, resolve_mode
from qcompile.engine.host_checkpoints import HostStateRows
from qcompile.engine.kernel_warmup import warmup_chunks
from qcompile.engine.sampler import LogitsProcessors, sample, top_logprobs
from qcompile.engine.scheduled_batch import ScheduledBatch

if TYPE_CHECKING:
    from model.batch import Batch
    from model.context import BatchDescriptor
    from model.skinny_setup import SkinnyReport
    from qcompile.api import Compiled
    from qcompile.cudagraph import CaptureStats


class Peers(Protocol):
    """The other ranks of a tensor-parallel group, as rank 0's runner drives them
    (`qcompile.engine.workers.WorkerGroup`)."""

    def check(self) -> None: ...

    def failure(self, e: BaseException) -> FatalStepError: ...

    def step(
        self,
        fresh_slots: list[int],
        block_tables: dict[int, list[int]],
        batch: Batch,
        descriptor: BatchDescriptor,
        logit_rows: list[int],
        copies: StateCopies,
    ) -> None: ...

    def command(self, name: str | tuple[str, Any]) -> None: ...


@dataclass(frozen=True)
class StateCopies:
    """A step's prefix-cache state copies, in the order they run: `spills` (checkpoint, host row) and
    `fetches` (host row, checkpoint) of the host tier first, then `restores` (checkpoint, slot) after
    the fresh slots are reset, all before its forward; `saves` (slot, checkpoint) after it
    (`Qwen4ExpForCausalLM.copy_state`, `qcompile/engine/host_checkpoints.py`)."""

    restores: list[tuple[int, int]] = field(default_factory=list)
    saves: list[tuple[int, int]] = field(default_factory=list)
    spills: list[tuple[int, int]] = field(default_factory=list)
    fetches: list[tuple[int, int]] = field(default_factory=list)


class FatalStepError(RuntimeError):
    """A step failed in a way no request's failure can contain: the engine cannot step again (a
    tensor-parallel rank died, or the ranks are out of step)."""


# (ids, logprobs, ranks) of one position; the first id is the chosen or given token.
TopLogprobs = tuple[list[int], list[float], list[int]]
T = TypeVar("T")


@dataclass
class StepResult:
    token_id: int | None = None  # sampled token; None while the prompt is not fully fed
    logprobs: TopLogprobs | None = None
    prompt_logprobs: list[TopLogprobs] = field(default_factory=list)


def _to_host(t: torch.Tensor) -> torch.Tensor:
    """Queue the copy of a CUDA tensor into page-locked host memory (a CPU tensor is already there).

    Reading a step back then waits only for that step (see `LaunchedStep.ready`): a plain `.tolist()`
    would copy on the stream behind every step queued since, and so wait for those too.
    """
    if t.device.type != "cuda":
        return t
    return torch.empty(t.shape, dtype=t.dtype, pin_memory=True).copy_(t, non_blocking=True)


@dataclass
class _TopK:
    """Host copies of `top_logprobs` for some rows, and how many alternatives each row wants."""

    tensors: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None
    ks: list[int | None]

    def read(self) -> list[TopLogprobs | None]:
        if self.tensors is None:
            return [None] * len(self.ks)
        ids, lps, ranks = (t.tolist() for t in self.tensors)
        return [
            None if k is None else (i[: k + 1], lp[: k + 1], r[: k + 1])
            for k, i, lp, r in zip(self.ks, ids, lps, ranks, strict=True)
        ]


@dataclass
class ForwardStep:
    """A step whose forward and logits are queued on the device, not yet sampled."""

    batch: ScheduledBatch
    prompt_logits: torch.Tensor  # rows of the prompt positions that want prompt logprobs
    sample_logits: torch.Tensor  # one row per entry of `sample_index`
    sample_index: list[int]  # which entries of `batch.seqs` sample, in row order
    prompt_targets: list[int]  # the prompt token each prompt row predicts
    prompt_k: list[int | None]
    prompt_count: list[int]  # prompt-logprob rows per entry of `batch.seqs`


@dataclass
class LaunchedStep:
    """A step queued on the device and not yet read back."""

    batch: ScheduledBatch
    tokens: torch.Tensor  # [number of sampling rows], its host copy
    sample_index: list[int]  # which entries of `batch.seqs` sampled, in row order
    sampled: _TopK
    prompt: _TopK
    prompt_count: list[int]  # prompt-logprob rows per entry of `batch.seqs`
    ready: torch.cuda.Event | None = None  # on CUDA: recorded once the host copies are written


def compile_model(model: torch.nn.Module, config: CompileConfig) -> Compiled:
    """The one call into the compiler, imported late so eager runs never load it."""
    from qcompile.api import compile as qcompile_compile

    return qcompile_compile(model, config)


class ModelRunner:
    def __init__(
        self,
        model: torch.nn.Module,
        max_num_seqs: int,
        max_model_len: int,
        device: torch.device | str,
        compile_config: CompileConfig | None = None,
        peers: Peers | None = None,
        num_pages: int | None = None,
        page_size: int | None = None,
        num_checkpoints: int = 0,
        kv_cache_dtype: str = "auto",
        num_host_checkpoints: int = 0,
    ) -> None:
        self.model = model
        self.peers = peers
        self.device = torch.device(device)
        self.max_num_seqs = max_num_seqs
        self.max_model_len = max_model_len
        self.trash_slot = max_num_seqs
        # `num_pages` K/V pages of `page_size` tokens (None: the model's defaults, every slot a whole
        # max_model_len); the engine's block manager hands them out
        with torch.inference_mode():
            paging = {} if page_size is None else {"page_size": page_size}
            model.init_state(
                max_num_seqs,
                max_model_len,
                num_pages=num_pages,
                num_checkpoints=num_checkpoints,
                kv_cache_dtype=kv_cache_dtype,
                **paging,
            )
            # the last sampled token of each slot (plus the trash slot), fed back by decode rows
            self.last_tokens = torch.zeros(max_num_seqs + 1, dtype=torch.int64, device=self.device)
        self.num_pages: int = model.num_pages
        self.page_size: int = model.page_size
        self.state_block: int = model.state_block  # a chunk saves state inside it at multiples of this
        self.num_checkpoints = num_checkpoints  # prefix caching's state checkpoint rows
        self.num_host_checkpoints = num_host_checkpoints  # and the host rows they are spilled to
        self.host_rows: HostStateRows | None = None
        if num_host_checkpoints:
            with torch.inference_mode():
                pin = self.device.type == "cuda"
                self.host_rows = HostStateRows(model.state_pool(), num_host_checkpoints, pin)
        self.compile_config = compile_config
        self.forward: Callable[..., torch.Tensor] = model
        self.dispatcher = Dispatcher(resolve_mode("none", piecewise_available=False))
        if compile_config is not None:
            self.compiled = compile_model(model, compile_config)
            self.forward, self.dispatcher = self.compiled, self.compiled.dispatcher
        self.processors = LogitsProcessors(max_num_seqs + 1, model.config.vocab_size, self.device)
        # Unseeded requests share one stream; seeded ones get their own from `make_generator`.
        self.generator = torch.Generator(self.device)
        self.generator.seed()

    def make_generator(self, seed: int) -> torch.Generator:
        return torch.Generator(self.device).manual_seed(seed)

    @torch.inference_mode()
    def warmup(self) -> list[int]:
        """Compile every range now (largest first, so the first call traces the widest shape) instead
        of on the first request that reaches it; returns the token counts run. Eager: nothing to do.

        Warmup runs padding batches in the trash slot, without graphs: capture is its own stage.
        """
        if self.compile_config is None:
            return []
        return self._on_every_rank(lambda peers: peers.command("warmup"), self.compiled.warmup)

    @torch.inference_mode()
    def capture(self) -> CaptureStats | None:
        """Capture every CUDA graph now (after `warmup`), so requests only replay; None without graphs.

        Under inference mode, as every forward of the runner: the slot state is made there, and an
        inference tensor cannot be written outside it.
        """
        if self.compile_config is None:
            return None
        return self._on_every_rank(lambda peers: peers.command("capture"), self.compiled.capture)

    @torch.inference_mode()
    def warm_kernels(self, max_num_batched_tokens: int) -> int:
        """Launch every Triton kernel variant a server can meet (`kernel_warmup.warmup_chunks`) through
        every rank's forward, in the free slots, so no request compiles one; returns the batches run.
        After `capture`: uniform decode batches replay their graphs. Under inference mode, as
        `launch_forward` builds its batches (Dynamo's guards tell inference tensors apart)."""
        batches = warmup_chunks(max_num_batched_tokens, self.max_num_seqs, self.max_model_len)
        for chunks in batches:
            n = sum(len(c.token_ids) for c in chunks)
            how = self.dispatcher.dispatch(n, all(len(c.token_ids) == 1 for c in chunks))
            batch = build_batch(chunks, self.trash_slot, self.device, pad_to=how.padded)
            slots, rows = [c.slot for c in chunks], [e - 1 for e in batch.host.query_start[1:]]
            self._on_every_rank(
                lambda peers: peers.step(slots, {}, batch, how, rows, StateCopies()),  # noqa: B023 (called at once)
                lambda: self.execute(slots, {}, batch, how, rows),  # noqa: B023
            )
        return len(batches)

    def graph_decode_rows(self) -> list[int]:
        """The row counts uniform decode batches of 1..max_num_seqs requests run at inside CUDA graphs
        (FULL or piecewise: the dispatcher's padded sizes); none without graphs."""
        how = [self.dispatcher.dispatch(n, True) for n in range(1, self.max_num_seqs + 1)]
        return sorted({d.padded for d in how if d.mode is not RuntimeMode.NONE})

    def prepare_skinny(
        self, prepare: Callable[[torch.nn.Module, list[int]], SkinnyReport], rows: list[int]
    ) -> SkinnyReport:
        """Route this rank's GEMMs through the skinny kernel for decode batches of `rows` rows by
        `prepare(model, rows)` (`model.skinny_setup`), then hand the rows and plans to the other ranks,
        which take them as they are (one timing, the same kernels on every rank). Before `warmup` and
        `capture`: the plans are baked into what they trace."""
        report = prepare(self.model, rows)
        if self.peers is not None:
            self.peers.check()
            self.peers.command(("skinny", (rows, report.plans)))
        return report

    def _on_every_rank(self, hand_out: Callable[[Peers], None], run: Callable[[], T]) -> T:
        """`run()` here once `hand_out` has given the workers their part (their forwards meet this one
        in collectives). Once they have it, any failure leaves the ranks out of step: it is fatal."""
        if self.peers is None:
            return run()
        self.peers.check()
        try:
            hand_out(self.peers)
            return run()
        except Exception as e:
            raise self.peers.failure(e) from e

    @property
    def capture_sizes(self) -> list[int]:
        """Token counts a CUDA graph exists for (none without graphs)."""
        return [] if self.compile_config is None else self.compiled.capture_sizes

    def _tensor(self, values: list[int]) -> torch.Tensor:
        return to_device(values, torch.int64, self.device)

    def launch(self, step: ScheduledBatch) -> LaunchedStep:
        """Queue the forward and sampling of `step`; nothing here waits for the device."""
        return self.launch_sample(self.launch_forward(step))

    @torch.inference_mode()
    def launch_forward(self, step: ScheduledBatch) -> ForwardStep:
        """Queue the forward of `step` and its logits; nothing here waits for the device.

        Logits are computed only for rows that need them: each sampling chunk's last row, and the
        prompt rows of requests that asked for prompt logprobs.
        """
        if step.fresh_slots:
            fresh = set(step.fresh_slots)
            self.processors.admit([seq for seq in step.seqs if seq.slot in fresh])
        chunks, fed_back_rows, fed_back_slots = [], [], []
        row = 0
        for seq, n, s in zip(step.seqs, step.num_tokens, step.starts, strict=True):
            known = seq.known_token_ids(s, s + n)  # tokens not read back yet come from the device
            saves = tuple((k, self.model.checkpoint_row(c)) for k, c in step.chunk_saves.get(seq.slot, ()))
            chunks.append(Chunk(seq.slot, known + [0] * (n - len(known)), s, saves))
            fed_back_rows += range(row + len(known), row + n)
            fed_back_slots += [seq.slot] * (n - len(known))
            row += n
        how = self.dispatcher.dispatch(row, all(n == 1 for n in step.num_tokens))
        batch = build_batch(chunks, self.trash_slot, self.device, pad_to=how.padded)
        if fed_back_rows:
            rows = self._tensor(fed_back_rows)
            batch.input_ids.index_copy_(0, rows, self.last_tokens[self._tensor(fed_back_slots)])

        prompt_rows: list[int] = []
        prompt_targets: list[int] = []
        prompt_k: list[int | None] = []
        prompt_count: list[int] = []
        sample_rows: list[int] = []
        sample_index: list[int] = []
        for i, (seq, n, s, q) in enumerate(
            zip(step.seqs, step.num_tokens, step.starts, batch.host.query_start, strict=False)
        ):
            count = 0
            if seq.prompt_logprobs is not None:  # gathering (not once sent, nor on a recompute after)
                # the row of position p predicts prompt token p + 1
                count = max(0, min(s + n, seq.num_prompt_tokens - 1) - s)
                prompt_rows += range(q, q + count)
                prompt_targets += seq.prompt_token_ids[s + 1 : s + 1 + count]
                prompt_k += [seq.params.prompt_logprobs] * count
            prompt_count.append(count)
            if step.samples[i]:
                sample_rows.append(q + n - 1)
                sample_index.append(i)

        rows = prompt_rows + sample_rows
        copies = StateCopies(step.restores, step.saves, step.spills, step.fetches)
        logits = self._on_every_rank(
            lambda peers: peers.step(step.fresh_slots, step.block_tables, batch, how, rows, copies),
            lambda: self.execute(step.fresh_slots, step.block_tables, batch, how, rows, copies),
        )
        return ForwardStep(
            step,
            logits[: len(prompt_rows)],
            logits[len(prompt_rows) :],
            sample_index,
            prompt_targets,
            prompt_k,
            prompt_count,
        )

    @torch.inference_mode()
    def launch_sample(self, forward: ForwardStep) -> LaunchedStep:
        """Queue the logits processors and sampling of a step whose forward is queued; the processors
        read the requests' host state (grammars, token counts) as it is now."""
        step = forward.batch
        seqs = [step.seqs[i] for i in forward.sample_index]
        params = [seq.params for seq in seqs]
        processed = self.processors.apply(forward.sample_logits, seqs)
        tokens = sample(processed, params, [seq.generator or self.generator for seq in seqs])
        if seqs:
            slots = self._tensor([seq.slot for seq in seqs])
            self.last_tokens.index_copy_(0, slots, tokens)
            self.processors.record(slots, tokens)
        launched = LaunchedStep(
            step,
            _to_host(tokens),
            forward.sample_index,
            self._top(forward.sample_logits, tokens, [p.logprobs for p in params]),
            self._top(forward.prompt_logits, self._tensor(forward.prompt_targets), forward.prompt_k),
            forward.prompt_count,
        )
        if self.device.type == "cuda":
            launched.ready = torch.cuda.Event()
            launched.ready.record()
        return launched

    @torch.inference_mode()
    def execute(
        self,
        fresh_slots: list[int],
        block_tables: dict[int, list[int]],
        batch: Batch,
        how: BatchDescriptor,
        logit_rows: list[int],
        copies: StateCopies | None = None,
    ) -> torch.Tensor:
        """What every tensor-parallel rank runs of a step: spill evicted checkpoints to this rank's host
        rows and copy the hits' back from them, reset the fresh slots, restore the prefix hits'
        checkpoints into theirs, write the block-table rows that changed, run the forward as `how`
        says, save the slots to checkpoint, and return the float logits of `logit_rows`. All on the
        device's stream, after every step launched before, so a step in flight keeps the rows, pages
        and checkpoints it was launched with."""
        copies = copies or StateCopies()
        if copies.spills or copies.fetches:
            self._host_copies(copies)
        if fresh_slots:
            self.model.reset_slots(self._tensor(fresh_slots))
        if copies.restores:
            rows = [self.model.checkpoint_row(c) for c, _ in copies.restores]
            self._copy_state(rows, [s for _, s in copies.restores])
        for slot, pages in block_tables.items():
            self.model.set_block_table(slot, pages)
        with forward_context(batch.host, how):
            hidden = self.forward(*batch.tensors())
        if copies.saves:
            rows = [self.model.checkpoint_row(c) for _, c in copies.saves]
            self._copy_state([s for s, _ in copies.saves], rows)
        return self.model.compute_logits(hidden[self._tensor(logit_rows)]).float()

    def _host_copies(self, copies: StateCopies) -> None:
        """The host tier's copies of a step: its spills, then its copies back (which may reuse a device
        row just spilled)."""
        if self.host_rows is None:
            raise RuntimeError("host checkpoint copies for a runner without host rows (num_host_checkpoints=0)")
        pool, row = self.model.state_pool(), self.model.checkpoint_row
        self.host_rows.spill(pool, [(row(c), h) for c, h in copies.spills])
        self.host_rows.fetch(pool, [(h, row(c)) for h, c in copies.fetches])

    def _copy_state(self, src: list[int], dst: list[int]) -> None:
        self.model.copy_state(self._tensor(src), self._tensor(dst))

    @staticmethod
    def _top(logits: torch.Tensor, token_ids: torch.Tensor, ks: list[int | None]) -> _TopK:
        """Per row, the given token and the row's top-k from the log-softmax of the raw logits."""
        wanted = [k for k in ks if k is not None]
        if not wanted:
            return _TopK(None, ks)
        ids, lps, ranks = top_logprobs(logits.log_softmax(dim=-1), token_ids, max(wanted))
        return _TopK((_to_host(ids), _to_host(lps), _to_host(ranks)), ks)

    def collect(self, launched: LaunchedStep) -> list[StepResult]:
        """Read a launched step back to the host (this is where the host waits for the device, for this
        step only)."""
        if launched.ready is not None:
            launched.ready.synchronize()
        prompt = iter(launched.prompt.read())
        results = [
            StepResult(prompt_logprobs=[e for _ in range(c) if (e := next(prompt)) is not None])
            for c in launched.prompt_count
        ]
        for i, token, lp in zip(launched.sample_index, launched.tokens.tolist(), launched.sampled.read(), strict=True):
            results[i].token_id, results[i].logprobs = token, lp
        return results
