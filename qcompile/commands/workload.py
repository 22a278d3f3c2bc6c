"""The workloads that the commands and scripts drive a model with, written once.

Two shapes. `Workload` + `run_greedy`: a few short requests prefilled in one mixed batch, then one
decode token each per step; `dump` traces it, `ablate` times it and compares scopes along it.
`prefill_contexts` + `decode_rate`: long random contexts prefilled once (one per request unless
told to repeat fewer), then uniform decode from a first token of each request's own, fed back on the
device, as the engine does; `bench` and the GPU scripts measure tokens/s with it, and
`touched_experts` counts the routed experts such a decode step reads, against `expected_experts`.
`time_prefill`: fresh prompts of one shape prefilled together in one flat batch.
Token ids come from the model's own vocabulary, so any checkpoint runs either one.
"""

from __future__ import annotations

import contextlib
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import torch

from model.batch import Batch, Chunk, build_batch
from model.context import HostBatch, forward_context
from model.paging import PAGED_BUFFERS
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.compiler.ranges import Range
from qcompile.cudagraph import Dispatcher, resolve_mode

Forward = Callable[..., torch.Tensor]
Route = Callable[[torch.Tensor], tuple[torch.Tensor, torch.Tensor]]  # router logits -> (weights, expert ids)

# Two requests: prefill chunks of 7 and 3 tokens (10 rows), then one decode token each (2 rows).
PROMPT_LENGTHS = (7, 3)
MAX_MODEL_LEN = 128
# One symbolic range holding both steps: one trace, one Inductor compile per piece. It leaves out
# size 1: at the kernel scope, Dynamo's trace of the window gathers at several tokens guards `n >= 2`
# even under backed_size_oblivious, so a one-token call traces and compiles everything again.
DEFAULT_RANGES: tuple[Range, ...] = ((2, 16),)
PREFILL_CHUNK = 8192  # tokens a context forward takes at most (bounds its activations at any --context)
FIRST_ID = 2  # ids below are special in the presets (0 pads, 1 ends), as in the bench's random contexts
ID_STRIDE = 97  # a prime step, so the prompt ids spread over the vocabulary without repeating early
STATE = ("conv_tail", "recurrent", *PAGED_BUFFERS, "ngram_ctx")


@dataclass(frozen=True)
class Workload:
    """Fixed prompts, one request per state slot, inside a `max_model_len` window."""

    prompts: tuple[tuple[int, ...], ...]
    max_model_len: int = MAX_MODEL_LEN

    @classmethod
    def for_vocab(cls, vocab_size: int, lengths: Sequence[int] = PROMPT_LENGTHS) -> Workload:
        """Prompts of `lengths` tokens with ids in [FIRST_ID, vocab_size): the same on every run, so
        dumps are reproducible, and inside any vocabulary."""
        if vocab_size <= FIRST_ID:
            raise ValueError(f"config field 'vocab_size' = {vocab_size}: the workload needs ids >= {FIRST_ID}")
        span = vocab_size - FIRST_ID
        ids = iter(FIRST_ID + (i * ID_STRIDE) % span for i in range(sum(lengths)))
        return cls(tuple(tuple(next(ids) for _ in range(n)) for n in lengths))

    @classmethod
    def for_model(cls, model: Qwen4ExpForCausalLM) -> Workload:
        return cls.for_vocab(model.config.vocab_size)

    def fresh_state(self, model: Qwen4ExpForCausalLM) -> None:
        """State slots for the requests, cleared (a previous run leaves its caches behind)."""
        if model.max_num_seqs != len(self.prompts) or model.max_model_len != self.max_model_len:
            model.init_state(len(self.prompts), self.max_model_len)
        model.reset_slots(list(range(len(self.prompts) + 1)))

    def prefill_batch(self, model: Qwen4ExpForCausalLM) -> Batch:
        chunks = [Chunk(slot, list(p), 0) for slot, p in enumerate(self.prompts)]
        return build_batch(chunks, model.trash_slot, _device(model))


def decode_batch(model: Qwen4ExpForCausalLM, tokens: Sequence[int], pos: Sequence[int]) -> Batch:
    """One token per request in slots 0..; `pos[i]` is the position of request `i`'s token."""
    chunks = [Chunk(slot, [t], p) for slot, (t, p) in enumerate(zip(tokens, pos, strict=True))]
    return build_batch(chunks, model.trash_slot, _device(model))


@dataclass
class Trace:
    """Log-probabilities per step (prefill first), each step's seconds, and the tokens fed."""

    logprobs: list[torch.Tensor]
    seconds: list[float]
    fed: list[list[int]]

    @property
    def decode_ms(self) -> float:
        return statistics.median(self.seconds[1:]) * 1e3


def _device(model: Qwen4ExpForCausalLM) -> torch.device:
    return model.lm_head.weight.device


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def _step(model: Qwen4ExpForCausalLM, forward: Forward, batch: Batch) -> tuple[torch.Tensor, float]:
    """The last tokens' log-probabilities, and the seconds of the forward, logits and log-softmax."""
    device = batch.input_ids.device
    _sync(device)
    t = time.perf_counter()
    with model.context(batch):
        hidden = forward(*batch.tensors())
    lp = torch.log_softmax(model.compute_logits(hidden[batch.last_token_index]), dim=-1)
    _sync(device)
    return lp, time.perf_counter() - t


def run_greedy(
    model: Qwen4ExpForCausalLM,
    forward: Forward,
    workload: Workload,
    steps: int,
    path: Sequence[Sequence[int]] | None = None,
) -> Trace:
    """Prefill, then `steps` decode steps fed with `path[i]` (teacher forcing) or greedy tokens."""
    workload.fresh_state(model)
    lp, dt = _step(model, forward, workload.prefill_batch(model))
    out = Trace([lp], [dt], [])
    pos = [len(p) for p in workload.prompts]
    for i in range(steps):
        tokens = list(path[i]) if path is not None else out.logprobs[-1].argmax(-1).tolist()
        lp, dt = _step(model, forward, decode_batch(model, tokens, pos))
        out.logprobs.append(lp)
        out.seconds.append(dt)
        out.fed.append(tokens)
        pos = [p + 1 for p in pos]
    return out


def state_tensors(model: Qwen4ExpForCausalLM) -> list[torch.Tensor]:
    """Every state buffer (dim 0 the slot, or the page of a K/V pool): what a context leaves behind."""
    return [b for name, b in model.named_buffers() if name.rsplit(".", 1)[-1] in STATE]


def copy_slot(model: Qwen4ExpForCausalLM, src: int, dst: int) -> None:
    """Slot `dst`'s state made `src`'s: its state-pool rows, and the pages of its block table row
    (each row its own pages, as `init_state` assigns them by default)."""
    src_pages, dst_pages = model.block_table[src].long(), model.block_table[dst].long()
    for name, t in model.named_buffers():
        leaf = name.rsplit(".", 1)[-1]
        if leaf in PAGED_BUFFERS:
            t[dst_pages] = t[src_pages]
        elif leaf in STATE:
            t[dst].copy_(t[src])


def prefill_contexts(
    model: Qwen4ExpForCausalLM, context: int, distinct: int, slots: int, seed: int = 0, chunk: int = PREFILL_CHUNK
) -> None:
    """Prefill `distinct` random contexts eagerly (one request per forward, in chunks of `chunk` tokens as
    the engine prefills long prompts: one 128k-token forward's GDN chunk states alone took 6 GiB of
    an H100 at the bench preset), then
    copy them to the slots past them. `distinct < slots` bounds the prefill's cost, but requests sharing
    a context (and routing alike) read fewer expert bytes than as many real requests: `distinct = slots`
    is the honest workload."""
    device = _device(model)
    gen = torch.Generator().manual_seed(seed)
    distinct = min(distinct, slots)
    for slot in range(distinct):
        tokens = torch.randint(FIRST_ID, model.config.vocab_size, (context,), generator=gen).tolist()
        for start in range(0, context, chunk):
            batch = build_batch([Chunk(slot, tokens[start : start + chunk], start)], model.trash_slot, device)
            with torch.no_grad():
                model.run(batch)
    for slot in range(distinct, slots):
        copy_slot(model, slot % distinct, slot)


def decode_rate(
    model: Qwen4ExpForCausalLM,
    fn: Forward,
    dispatcher: Dispatcher,
    batch: int,
    context: int,
    steps: int,
    warm: int,
    at_timing: Callable[[], None] | None = None,
) -> tuple[float, float]:
    """Greedy decode of `batch` requests after `context` tokens; returns (tokens/s, seconds of warm steps).
    `at_timing` is called once the warm steps are done, as the timed ones start (to read counters there).

    As the engine's runner does: `dispatcher` says how the batch runs (padding rows go to the trash
    slot) and the descriptor is published with the batch; tokens are fed back on the device (argmax
    into the next step's ids), so no step reads anything back to the host.
    """
    device = _device(model)
    how = dispatcher.dispatch(batch, uniform_decode=True)
    pad = how.padded - batch
    slots = torch.cat([torch.arange(batch), torch.full((pad,), model.trash_slot)]).to(device)
    write_slots = slots.clone()  # distinct tensors: Dynamo guards on inputs aliasing each other
    offsets = torch.zeros(how.padded, dtype=torch.int64, device=device)
    ids = first_tokens(model.config.vocab_size, how.padded).to(device)
    marks: list[float] = []
    _sync(device)
    with torch.no_grad():
        for i in range(warm + steps + 1):
            if i in (0, warm):
                _sync(device)
                if i == warm and at_timing is not None:
                    at_timing()
                marks.append(time.perf_counter())
            if i == warm + steps:
                break
            pos = context + i
            positions = torch.full((how.padded,), pos, dtype=torch.int64, device=device)
            host = HostBatch(tuple(range(batch + 1)), (pos,) * batch, tuple(range(batch)), how.padded)
            with forward_context(host, how):
                hidden = fn(ids, positions, slots, offsets, write_slots)
            ids = model.compute_logits(hidden).argmax(-1)
    _sync(device)
    end = time.perf_counter()
    return batch * steps / (end - marks[-1]), marks[-1] - marks[0]


def first_tokens(vocab_size: int, rows: int, seed: int = 0) -> torch.Tensor:
    """Row `i`'s first decode token: distinct ids in [FIRST_ID, vocab_size) (repeating only past the
    vocabulary), the same on every run. One token for all would route every request that shares a
    context to the same experts."""
    span = vocab_size - FIRST_ID
    if span < 1:
        raise ValueError(f"config field 'vocab_size' = {vocab_size}: the workload needs ids >= {FIRST_ID}")
    order = torch.randperm(span, generator=torch.Generator().manual_seed(seed))
    return FIRST_ID + order[torch.arange(rows) % span]


def expected_experts(num_experts: int, top_k: int, requests: int) -> float:
    """Distinct experts per MoE layer that `requests` tokens touch when each picks `top_k` of
    `num_experts` uniformly and independently: E·(1 − (1 − k/E)^B), what the roofline assumes."""
    return num_experts * (1 - (1 - top_k / num_experts) ** requests)


@contextlib.contextmanager
def routing_recorded(model: Qwen4ExpForCausalLM) -> Iterator[list[torch.Tensor]]:
    """The expert ids every MoE layer's router returns, one tensor per call in call order. Each
    router's `route` is wrapped on its instance, so only uncompiled calls are seen: run the model
    itself under it."""
    calls: list[torch.Tensor] = []
    routers = [layer.mlp.gate for layer in model.model.layers]

    def recorder(route: Route) -> Route:
        def record(logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            weights, ids = route(logits)
            calls.append(ids.clone())
            return weights, ids

        return record

    for router in routers:
        router.route = recorder(router.route)  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        for router in routers:
            del router.route  # the class's method again


def touched_experts(model: Qwen4ExpForCausalLM, batch: int, context: int, steps: int) -> float:
    """Distinct routed experts per MoE layer a decode step of `batch` requests reads, averaged over
    layers and `steps` greedy steps from the prefilled state (as `decode_rate` feeds them). It runs the
    model uncompiled, outside any timed region, and reads the ids back to the host after the steps."""
    with routing_recorded(model) as calls:
        decode_rate(model, model, Dispatcher(resolve_mode("none", False)), batch, context, steps, warm=0)
    if not calls:
        raise RuntimeError("touched_experts: no MoE router was called in the decode steps")
    return statistics.fmean(ids[:batch].unique().numel() for ids in calls)


@dataclass(frozen=True)
class PrefillTiming:
    """One prefill shape's fastest call: tokens/s, and the host's part of it (from the call to the
    forward's return, before the device drains) against its wall clock. Without host syncs the wall
    is the larger of host and device time, so `host_ms` close to `wall_ms` says the call is host-bound."""

    tok_s: float
    host_ms: float
    wall_ms: float


def time_prefill(
    model: Qwen4ExpForCausalLM,
    fn: Forward,
    dispatcher: Dispatcher,
    requests: int,
    tokens: int,
    repeats: int = 3,
    at_timing: Callable[[], None] | None = None,
) -> PrefillTiming:
    """Prefill `requests` fresh prompts of `tokens` tokens in one batch (slots 0..), timed.

    As the engine's runner does, `dispatcher` says how the batch runs (a piecewise graph when one
    was captured at or above its token count, padding rows to the trash slot). The first call warms
    (Triton compiles, autotuning); the fastest of `repeats` timed calls counts, since interference
    only ever adds time. Logits are computed for the last token of each prompt, as the engine does.
    `at_timing` is called after the warm call, before the timed ones.
    """
    device = _device(model)
    gen = torch.Generator().manual_seed(requests * tokens)
    chunks = [
        Chunk(slot, torch.randint(FIRST_ID, model.config.vocab_size, (tokens,), generator=gen).tolist(), 0)
        for slot in range(requests)
    ]
    how = dispatcher.dispatch(requests * tokens, uniform_decode=tokens == 1)  # as the runner tells them apart
    batch = build_batch(chunks, model.trash_slot, device, pad_to=how.padded)
    last = torch.tensor(batch.last_token_index, device=device)  # a list index would copy, and sync, in the call

    def once() -> tuple[float, float]:
        _sync(device)
        t = time.perf_counter()
        with torch.no_grad(), forward_context(batch.host, how):
            hidden = fn(*batch.tensors())
            model.compute_logits(hidden[last])
        host = time.perf_counter() - t
        _sync(device)
        return time.perf_counter() - t, host

    once()
    if at_timing is not None:
        at_timing()
    wall, host = min(once() for _ in range(repeats))
    return PrefillTiming(requests * tokens / wall, host * 1e3, wall * 1e3)
