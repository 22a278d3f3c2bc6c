"""How big the K/V page pool is, and the longest request it serves, sized as vLLM users expect.

`--kv-cache-memory` gives the pool's bytes directly (any device). Otherwise, on CUDA,
`--gpu-memory-utilization` is the fraction of the device the engine may fill: the pool gets what is
left of it after the weights and the state pool (in use once the model is loaded), the activations
of the largest batch, and the CUDA graphs' pool, both profiled at start-up (`profile_pool_bytes`).
A page's bytes are the model's (`page_bytes`: K, V, indexer and block keys of every attention layer);
`--kv-cache-dtype fp8` stores K and V as E4M3 with a float32 scale per token and head
(`model/kv_quant.py`), so the same bytes hold more tokens (1.74x on the bench and published geometry in bf16).
On CPU without `--kv-cache-memory` every slot gets pages for a whole `max_model_len`, so nothing is
ever preempted. Prefix caching's state checkpoints (`checkpoint_count`: rows of one request's GDN and
PLE state, `state_row_bytes`) come on top of `--kv-cache-memory`, which sizes the pages; on the
profiled CUDA path they take their share of what is left before the pages get the rest. The
arithmetic is plain functions of numbers, so it is tested without a GPU.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import torch

from model.kv_quant import KV_FP8
from model.paging import pages_for

_UNITS = {
    "": 1,
    "b": 1,
    "kb": 10**3,
    "mb": 10**6,
    "gb": 10**9,
    "tb": 10**12,
    "kib": 2**10,
    "mib": 2**20,
    "gib": 2**30,
    "tib": 2**40,
}
_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([a-zA-Z]*)\s*")


def parse_bytes(text: str) -> int:
    """`512MiB`, `4GiB`, `1.5GB`, `1000000` as bytes (KB/MB/GB/TB decimal, KiB/MiB/GiB/TiB binary);
    a ValueError saying what was expected otherwise (the caller names its flag or argument)."""
    match = _SIZE.fullmatch(text)
    unit = match and _UNITS.get(match.group(2).lower())
    if not match or unit is None:
        raise ValueError(f"expected bytes such as 512MiB, 4GiB, 1.5GB or 1000000, not {text!r}")
    value = int(float(match.group(1)) * unit)
    if value < 1:
        raise ValueError(f"must be at least one byte, not {text!r}")
    return value


def format_bytes(n: int) -> str:
    return f"{n / 2**30:.2f} GiB" if n >= 2**30 else f"{n / 2**20:.1f} MiB"


def device_in_use(in_use: int, live_tensors: int) -> str:
    """What holds the device memory in use (`total - free`), for a refusal: this process's
    `live_tensors` (`torch.cuda.memory_allocated`: a model or engine still referenced shows here)
    and the rest (CUDA's context, blocks cached for graph pools, other processes)."""
    return (
        f"{format_bytes(in_use)} is in use ({format_bytes(live_tensors)} by this process's live tensors, "
        f"{format_bytes(max(0, in_use - live_tensors))} by CUDA, cached graph pools and other processes)"
    )


def kv_pool_bytes(
    total: int,
    utilization: float,
    in_use: int,
    activations: int,
    graphs: int,
    live_tensors: int,
    state: tuple[int, int] = (0, 0),
) -> int:
    """The pool's bytes: `utilization` of the device's `total`, less what is `in_use` (weights, state
    pool, anything else allocated, other processes), the peak `activations` of the largest batch and
    the CUDA `graphs`' pool. A ValueError naming the flag when nothing is left, what holds the memory in
    use (`device_in_use`), and the state pool's share: `state` is (--max-num-seqs, bytes of one
    request's state), a fixed cost per slot that can outweigh K/V on a model with large recurrent state."""
    if not 0 < utilization <= 1:
        raise ValueError(f"--gpu-memory-utilization {utilization}: must be in (0, 1]")
    budget = int(total * utilization)
    left = budget - in_use - activations - graphs
    if left <= 0:
        slots, row = state
        lower = (
            f", or lower --max-num-seqs (the state of its {slots} requests takes {format_bytes(slots * row)} of "
            "what is in use)"
            if slots > 1 and row
            else ""
        )
        raise ValueError(
            f"--gpu-memory-utilization {utilization} allows {format_bytes(budget)} of {format_bytes(total)}, but "
            f"{device_in_use(in_use, live_tensors)}, activations take {format_bytes(activations)} and CUDA graphs "
            f"{format_bytes(graphs)}: nothing is left for K/V; raise it or give --kv-cache-memory{lower}"
        )
    return left


@dataclass(frozen=True)
class PoolPlan:
    """The pool's pages and the longest request (`max_model_len`), with why that length (`note`)."""

    num_pages: int
    page_size: int
    max_model_len: int
    note: str
    num_checkpoints: int = 0  # prefix caching's state checkpoint rows (0: caching off)
    checkpoint_bytes: int = 0  # bytes of one
    num_host_checkpoints: int = 0  # host rows they are spilled to (0: none)
    kv_cache_dtype: str = "auto"  # the option: K/V pages in the model's dtype, or fp8
    kv_dtype: str = ""  # what the pages hold, for the start-up line

    @property
    def num_tokens(self) -> int:
        return self.num_pages * self.page_size

    def summary(self, page_bytes: int) -> str:
        """The start-up line: the pool's tokens and how many maximum-length requests fit."""
        fits = self.num_tokens / self.max_model_len
        kv = f", K/V {self.kv_dtype}" if self.kv_dtype else ""
        host = (
            f", spilled to {self.num_host_checkpoints} host rows "
            f"({format_bytes(self.num_host_checkpoints * self.checkpoint_bytes)})"
            if self.num_host_checkpoints
            else ""
        )
        prefix = (
            f"; prefix cache: {self.num_checkpoints} state checkpoints "
            f"({format_bytes(self.num_checkpoints * self.checkpoint_bytes)}){host}"
            if self.num_checkpoints
            else "; prefix caching off"
        )
        return (
            f"K/V pool: {self.num_tokens} tokens ({self.num_pages} pages of {self.page_size}, "
            f"{format_bytes(self.num_pages * page_bytes)}{kv}); {fits:.2f} requests of max_model_len "
            f"{self.max_model_len} fit at once{self.note}{prefix}"
        )


def plan_pool(
    pool_bytes: int, page_bytes: int, page_size: int, max_model_len: int | None, max_position_embeddings: int
) -> PoolPlan:
    """Pages of a pool of `pool_bytes`, the model's trash page among them; `max_model_len=None` becomes
    `max_position_embeddings` when one request of that length fits, else what the pool holds (said in
    the note)."""
    num_pages = pool_bytes // page_bytes - 1
    if num_pages < 1:
        raise ValueError(
            f"--kv-cache-memory {pool_bytes} bytes is less than two K/V pages ({page_bytes} bytes, {page_size} "
            "tokens each; one is the trash page padding rows write)"
        )
    tokens = num_pages * page_size
    if max_model_len is not None:
        return PoolPlan(num_pages, page_size, max_model_len, "")
    if tokens >= max_position_embeddings:
        return PoolPlan(num_pages, page_size, max_position_embeddings, "")
    note = f" (max_model_len defaults to what the pool holds: the checkpoint allows {max_position_embeddings})"
    return PoolPlan(num_pages, page_size, tokens, note)


def slot_plan(max_num_seqs: int, max_model_len: int | None, page_size: int, max_position_embeddings: int) -> PoolPlan:
    """Without a memory figure (CPU): every slot gets pages for a whole `max_model_len` (default: the
    checkpoint's positions)."""
    length = max_position_embeddings if max_model_len is None else max_model_len
    return PoolPlan(max_num_seqs * pages_for(length, page_size), page_size, length, "")


CHECKPOINTS_PER_SLOT = 2  # one rolling checkpoint per running request, and as many kept for next turns
CHECKPOINT_SHARE = 4  # profiled on CUDA: checkpoints take at most 1/4 of what the pools get


def checkpoint_count(enabled: bool, requested: int | None, max_num_seqs: int, row_bytes: int, left: int | None) -> int:
    """Prefix caching's state checkpoints: none when it is off, `requested` when given, else
    `CHECKPOINTS_PER_SLOT` per slot, at most a `CHECKPOINT_SHARE` of the `left` bytes profiling found
    for the pools (None: not profiled)."""
    if not enabled:
        return 0
    if requested is not None:
        return requested
    default = CHECKPOINTS_PER_SLOT * max_num_seqs
    return default if left is None else min(default, left // CHECKPOINT_SHARE // row_bytes)


def choose_plan(
    model: torch.nn.Module,
    max_num_seqs: int,
    max_model_len: int | None,
    page_size: int,
    pool_bytes: int | None,
    num_checkpoints: int = 0,
    kv_cache_dtype: str = "auto",
    num_host_checkpoints: int = 0,
) -> PoolPlan:
    """The plan of a loaded model: a pool of `pool_bytes` (`--kv-cache-memory`, or what profiling left
    once the checkpoints took theirs) of pages whose K/V is `kv_cache_dtype`, or without one every
    slot a whole `max_model_len`, beside `num_checkpoints` state checkpoints and the
    `num_host_checkpoints` host rows they spill to. Every tensor-parallel rank reaches the same plan
    from the same arguments."""
    positions = model.config.max_position_embeddings
    if pool_bytes is None:
        plan = slot_plan(max_num_seqs, max_model_len, page_size, positions)
    else:
        plan = plan_pool(pool_bytes, model.page_bytes(page_size, kv_cache_dtype), page_size, max_model_len, positions)
    kv = model.kv_dtype(kv_cache_dtype)
    kv_dtype = "float8_e4m3fn with float32 scales" if kv == KV_FP8 else str(kv).removeprefix("torch.")
    return replace(
        plan,
        num_checkpoints=num_checkpoints,
        checkpoint_bytes=model.state_row_bytes(),
        num_host_checkpoints=num_host_checkpoints if num_checkpoints else 0,  # nothing to spill without them
        kv_cache_dtype=kv_cache_dtype,
        kv_dtype=kv_dtype,
    )


@torch.inference_mode()
def _activation_peak(model: torch.nn.Module, rows: int, logit_rows: int) -> int:
    """Peak bytes a forward of `rows` padding rows (and the logits of `logit_rows`) allocates on CUDA."""
    torch.cuda.synchronize()
    base = torch.cuda.memory_allocated()
    torch.cuda.reset_peak_memory_stats()
    batch = model.padding_batch(rows)
    with model.context(batch):
        hidden = model(*batch.tensors())
    model.compute_logits(hidden[:logit_rows])
    torch.cuda.synchronize()
    return torch.cuda.max_memory_allocated() - base


def profile_pool_bytes(
    model: torch.nn.Module,
    max_num_seqs: int,
    max_model_len: int | None,
    page_size: int,
    utilization: float,
    largest_batch: int,
    largest_graph: int,
    kv_cache_dtype: str = "auto",
) -> int:
    """The pool's bytes on CUDA (`kv_pool_bytes`): the model's state made with a one-page pool, then the
    eager activations of the largest batch and of the largest captured size (graphs share one pool,
    which holds about the activations of the largest; 0: no graphs) measured by forwards of padding
    rows, and what the device then has in use. The engine's own `init_state` replaces the probe pool."""
    length = model.config.max_position_embeddings if max_model_len is None else max_model_len
    model.init_state(max_num_seqs, length, num_pages=1, page_size=page_size, kv_cache_dtype=kv_cache_dtype)
    activations = _activation_peak(model, largest_batch, min(largest_batch, max_num_seqs))
    graphs = _activation_peak(model, largest_graph, largest_graph) if largest_graph else 0
    torch.cuda.empty_cache()
    free, total = torch.cuda.mem_get_info()
    state = (max_num_seqs, model.state_row_bytes())
    return kv_pool_bytes(total, utilization, total - free, activations, graphs, torch.cuda.memory_allocated(), state)
