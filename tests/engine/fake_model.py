"""A stand-in model with the real model's contract (slot state, paged K/V, flat batches, forward context).

It is a small recurrent net stepped token by token per request, so its outputs depend on each
request's whole history and never on what else is in the batch: engine tests can then demand
exact equality between batched and single-request runs. Each step also reads the mean of the
request's earlier "keys" (token embeddings) through its block table, as attention reads K/V pages:
a page handed to two requests, or a block-table row out of date, changes the outputs.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from types import SimpleNamespace

import torch

from model.batch import Batch
from model.context import current, forward_context
from model.paging import new_block_table, pages_for, write_row
from qcompile.compiler.ranges import warmup_sizes
from qcompile.config import CompileConfig
from qcompile.cudagraph import Dispatcher, resolve_mode


class FakeModel(torch.nn.Module):
    def __init__(
        self, vocab_size: int = 64, hidden_size: int = 16, eos_token_id: int = 1, seed: int = 0, state_block: int = 1
    ):
        super().__init__()
        self.config = SimpleNamespace(vocab_size=vocab_size, eos_token_id=eos_token_id)
        self.state_block = state_block  # its state is known after every token: any save inside a chunk
        g = torch.Generator().manual_seed(seed)
        self.embed = torch.randn(vocab_size, hidden_size, generator=g, dtype=torch.float64)
        self.mix = torch.randn(hidden_size, hidden_size, generator=g, dtype=torch.float64) / hidden_size**0.5
        self.head = 3 * torch.randn(hidden_size, vocab_size, generator=g, dtype=torch.float64)
        self.forward_calls: list[int] = []  # batch sizes seen, for tests of batching

    def init_state(
        self,
        max_num_seqs: int,
        max_model_len: int,
        num_pages: int | None = None,
        page_size: int = 4,
        num_checkpoints: int = 0,
        kv_cache_dtype: str = "auto",
    ) -> None:
        if kv_cache_dtype != "auto":
            raise ValueError(f"the fake model keeps its keys in float64 only, not kv_cache_dtype={kv_cache_dtype!r}")
        width = pages_for(max_model_len, page_size)
        self.num_pages = max_num_seqs * width if num_pages is None else num_pages
        self.page_size, self.max_num_seqs = page_size, max_num_seqs
        # slots, the trash slot, then prefix-cache checkpoint rows (as the real model's state pool)
        self.state = torch.zeros(max_num_seqs + 1 + num_checkpoints, self.mix.shape[0], dtype=torch.float64)
        self.keys = torch.zeros(self.num_pages + 1, page_size, self.mix.shape[0], dtype=torch.float64)
        self.block_table = new_block_table(max_num_seqs, width, self.num_pages, num_pages is None, torch.device("cpu"))

    def set_block_table(self, slot: int, pages: list[int]) -> None:
        write_row(self.block_table, slot, pages, self.num_pages)

    def reset_slots(self, slots: torch.Tensor) -> None:
        self.state[slots] = 0

    def checkpoint_row(self, checkpoint: int) -> int:
        return self.max_num_seqs + 1 + checkpoint

    def copy_state(self, src_rows: torch.Tensor, dst_rows: torch.Tensor) -> None:
        self.state.index_copy_(0, dst_rows, self.state.index_select(0, src_rows))

    def state_pool(self) -> list[torch.Tensor]:
        return [self.state]

    def context(self, batch: Batch) -> AbstractContextManager[None]:
        return forward_context(batch.host)

    def forward(
        self,
        input_ids: torch.Tensor,
        positions: torch.Tensor,
        slots: torch.Tensor,
        offsets: torch.Tensor,
        write_slots: torch.Tensor,
    ) -> torch.Tensor:
        host = current()
        self.forward_calls.append(host.num_reqs)
        out = torch.zeros(input_ids.shape[0], self.mix.shape[0], dtype=torch.float64)
        ps = self.page_size
        for slot, a, b in zip(host.slots, host.query_start, host.query_start[1:], strict=False):
            h = self.state[slot].clone()
            table = self.block_table[slot]
            for row in range(a, b):
                pos = int(positions[row])
                key = self.embed[input_ids[row]]
                self.keys[table[pos // ps], pos % ps] = key
                seen = self.keys[table[: pos // ps + 1]].flatten(0, 1)[: pos + 1]
                h = torch.tanh(h @ self.mix + key + seen.mean(0))
                out[row] = h
                self.state[int(write_slots[row])] = h  # the chunk's last row: its slot; a save's: its row
        return out

    def compute_logits(self, hidden: torch.Tensor) -> torch.Tensor:
        return (hidden @ self.head).float()


class FakeCompiled:
    """What the runner uses of `qcompile.api.Compiled`, around the plain forward: a dispatcher that
    pads to the compile ranges (no graphs), warmup on padding batches, and the sizes it ran."""

    def __init__(self, model: torch.nn.Module, config: CompileConfig) -> None:
        self.model, self.config = model, config
        self.dispatcher = Dispatcher(resolve_mode("none", piecewise_available=False), ranges=config.ranges)
        self.capture_sizes: list[int] = []
        self.sizes: list[int] = []  # rows of every call, warmup included
        self.aot_loaded = False  # nothing saved, nothing loaded

    def __call__(self, *args: torch.Tensor) -> torch.Tensor:
        self.sizes.append(args[0].shape[0])
        return self.model(*args)

    def warmup(self) -> list[int]:
        sizes = warmup_sizes(self.config.ranges)
        for n in sizes:
            batch = self.model.padding_batch(n)
            with forward_context(batch.host):
                self(*batch.tensors())
        return sizes

    def capture(self) -> None:
        return None
