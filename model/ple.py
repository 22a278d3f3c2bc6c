"""Per-layer embeddings from hashed n-grams (Engram-style), with the reference's integer-exact hashing.

Addressing, per PLE layer ℓ: head sizes are consecutive primes after `ngram_vocab_size_base - 1`
(each layer its own run), multipliers come from splitmix64, `mix_n = XOR_{j<n} tok[i-j]·m_j`,
`id = mix mod p_h + offset_h`. N-grams never reach back across an EOS. The last `ngram_size-1` ids
of each request are its n-gram context state (EOS at the start).
"""

from __future__ import annotations

import math
from typing import Protocol

import torch
import torch.nn.functional as F
from torch import nn

from model.config import Qwen4ExpConfig
from model.fuse import Projections, project
from model.norm import RMSNorm
from model.regions import region
from model.rounding import working_dtype
from model.window import causal_conv, commit_tail, gather_window

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def splitmix64(value: int) -> int:
    value = (value + _GAMMA) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (value ^ (value >> 31)) & _MASK64


def layer_multipliers(vocab_size: int, ngram_size: int, ple_index: int, seed: int) -> list[int]:
    """Odd multipliers small enough that `token * m` never overflows int64."""
    half = max(1, ((1 << 63) - 1) // max(vocab_size, 1) // 2)
    base = seed + 10007 * ple_index
    return [2 * (splitmix64((base + _GAMMA * (j + 1)) & _MASK64) % half) + 1 for j in range(ngram_size)]


def _is_prime(v: int) -> bool:
    if v < 2 or v % 2 == 0:
        return v == 2
    return all(v % d for d in range(3, math.isqrt(v) + 1, 2))


def head_vocab_sizes(base: int, ple_index: int, heads: int) -> list[int]:
    """The primes after `base - 1`, numbers `ple_index*heads + 1 ...` of the run."""
    sizes, p, wanted = [], base - 1, (ple_index + 1) * heads
    while len(sizes) < wanted:
        p += 1
        if _is_prime(p):
            sizes.append(p)
    return sizes[-heads:]


def table_rows(config: Qwen4ExpConfig, sizes: list[int]) -> int:
    """Rows of a PLE table with head vocabularies `sizes`: their sum, padded to the config's multiple."""
    div = config.make_ngram_vocab_size_divisible_by
    return math.ceil(sum(sizes) / div) * div


def table_bytes(config: Qwen4ExpConfig, bytes_per_value: float) -> int:
    """Bytes of every PLE table of the model at `bytes_per_value` (1 for FP8): what a host backend holds."""
    heads = config.ngram_heads
    rows = sum(
        table_rows(config, head_vocab_sizes(config.ngram_vocab_size_base, i, heads))
        for i in range(len(config.ple_layer_ids))
    )
    return int(rows * (config.ple_embed_dim // heads) * bytes_per_value)


class RowTable(Protocol):
    """A PLE table served from outside the module's parameters (see `model/checkpoint/ple_tables.py`)."""

    width: int
    dtype: torch.dtype

    def gather(self, ids: torch.Tensor) -> torch.Tensor: ...


class NGramEmbedding(nn.Module):
    def __init__(self, config: Qwen4ExpConfig, ple_index: int):
        super().__init__()
        self.eos = config.eos_token_id
        self.ngram_size, self.per_ngram = config.ngram_size, config.heads_per_ngram
        heads = config.ngram_heads
        sizes = head_vocab_sizes(config.ngram_vocab_size_base, ple_index, heads)
        offsets = [sum(sizes[:h]) for h in range(heads)]
        rows = table_rows(config, sizes)
        self.register_buffer(
            "layer_multipliers",
            torch.tensor(layer_multipliers(config.vocab_size, config.ngram_size, ple_index, config.seed)),
        )
        self.register_buffer("ngram_heads_vocab_sizes", torch.tensor(sizes))
        self.register_buffer("ngram_heads_offsets", torch.tensor(offsets))
        self.ngram_embedding = nn.Embedding(rows, config.ple_embed_dim // heads)
        self.host_table: RowTable | None = None

    def use_host_table(self, table: RowTable) -> None:
        """Serve rows from `table` instead of the device-resident embedding, which is dropped."""
        del self.ngram_embedding
        self.host_table = table

    def row_spec(self) -> tuple[int, torch.dtype]:
        """Width and dtype of one gathered head row, wherever the table lives."""
        if self.host_table is not None:
            return self.host_table.width, self.host_table.dtype
        return self.ngram_embedding.embedding_dim, self.ngram_embedding.weight.dtype

    def row_shapes(self) -> dict[str, tuple[tuple[int, ...], torch.dtype]]:
        """The n-gram context's shape and dtype for one row."""
        return {"ngram_ctx": ((self.ngram_size - 1, 1), torch.int64)}

    def init_state(self, num_rows: int) -> None:
        ((shape, dtype),) = self.row_shapes().values()
        ctx = torch.full((num_rows, *shape), self.eos, dtype=dtype, device=self.layer_multipliers.device)
        self.register_buffer("ngram_ctx", ctx, persistent=False)

    def reset_slots(self, slots: torch.Tensor) -> None:
        self.ngram_ctx.index_fill_(0, slots, self.eos)  # a scalar through an index would sync (model/device_copy.py)

    def ids(
        self, input_ids: torch.Tensor, slots: torch.Tensor, offsets: torch.Tensor, write_slots: torch.Tensor
    ) -> torch.Tensor:
        """Row ids `[N, heads]` of each token's n-grams; commits the n-gram context."""
        window = gather_window(input_ids[:, None], self.ngram_ctx, slots, offsets)
        commit_tail(self.ngram_ctx, window, write_slots)
        window = window[..., 0]  # [N, ngram_size]: tok[i-W] .. tok[i]
        w = self.ngram_size - 1
        is_eos = window == self.eos
        shifted = [window[:, w]]
        for j in range(1, self.ngram_size):
            crosses = is_eos[:, w - j + 1 : w].any(-1)  # an EOS strictly between i-j and i
            shifted.append(torch.where(crosses, self.eos, window[:, w - j]))
        blocks = []
        mix = shifted[0] * self.layer_multipliers[0]
        for n in range(2, self.ngram_size + 1):
            mix = torch.bitwise_xor(mix, shifted[n - 1] * self.layer_multipliers[n - 1])
            h = slice((n - 2) * self.per_ngram, (n - 1) * self.per_ngram)
            blocks.append(torch.remainder(mix[:, None], self.ngram_heads_vocab_sizes[h]) + self.ngram_heads_offsets[h])
        return torch.cat(blocks, dim=-1)

    @region("ple_gather")
    def gather(self, ids: torch.Tensor) -> torch.Tensor:
        """Table rows for `ids [N, heads]`, concatenated to `[N, heads * Dh]`; ids outside the table give zeros."""
        if self.host_table is not None:
            return self.host_table.gather(ids).flatten(-2)
        weight = self.ngram_embedding.weight
        valid = (ids >= 0) & (ids < weight.shape[0])
        rows = F.embedding(torch.where(valid, ids, 0), weight)
        return torch.where(valid[..., None], rows, 0).flatten(-2)


PLE_INPUT = Projections("merged_key_value", ("key_proj", "value_proj"))


class PLE(nn.Module):
    """Gate a shared n-gram value by each residual stream, then add a dilated causal short conv."""

    PROJECTIONS = (PLE_INPUT,)

    def __init__(self, config: Qwen4ExpConfig, ple_index: int):
        super().__init__()
        self.n, self.d = config.hc_count, config.hidden_size
        nd, e = self.n * self.d, config.ple_embed_dim
        self.kernel, self.dilation = config.ple_conv_kernel_size, config.ngram_size
        self.ple_embedding = NGramEmbedding(config, ple_index)
        self.key_proj = nn.Linear(e, nd, bias=False)
        self.value_proj = nn.Linear(e, self.d, bias=False)
        self.norm_key = RMSNorm(nd, config.rms_norm_eps, group_size=self.d)
        self.norm_query = RMSNorm(nd, config.rms_norm_eps, group_size=self.d)
        self.norm_conv = RMSNorm(nd, config.rms_norm_eps, group_size=self.d)
        self.conv1d = nn.Conv1d(nd, nd, self.kernel, groups=nd, dilation=self.dilation, bias=False)

    def row_shapes(self, dtype: torch.dtype) -> dict[str, tuple[tuple[int, ...], torch.dtype]]:
        """Each per-slot state buffer's shape and dtype for one row: the n-gram context and the conv tail."""
        tail = ((self.kernel - 1) * self.dilation, self.n * self.d)
        return {**self.ple_embedding.row_shapes(), "conv_tail": (tail, dtype)}

    def init_state(self, num_rows: int, dtype: torch.dtype) -> None:
        self.ple_embedding.init_state(num_rows)
        shape, dt = self.row_shapes(dtype)["conv_tail"]
        tail = torch.zeros(num_rows, *shape, dtype=dt, device=self.conv1d.weight.device)
        self.register_buffer("conv_tail", tail, persistent=False)

    def slot_state(self) -> tuple[torch.Tensor, ...]:
        """The per-slot state buffers (dim 0 the row)."""
        return self.ple_embedding.ngram_ctx, self.conv_tail

    def reset_slots(self, slots: torch.Tensor) -> None:
        self.ple_embedding.reset_slots(slots)
        self.conv_tail.index_fill_(0, slots, 0)

    def region_state(self, region: str) -> tuple[torch.Tensor, ...]:
        return (self.conv_tail,) if region == "ple_conv" else (self.ple_embedding.ngram_ctx, self.conv_tail)

    @region("ple")
    def forward(
        self,
        h: torch.Tensor,
        input_ids: torch.Tensor,
        slots: torch.Tensor,
        offsets: torch.Tensor,
        write_slots: torch.Tensor,
    ) -> torch.Tensor:
        emb = self.ple_embedding.gather(self.ple_embedding.ids(input_ids, slots, offsets, write_slots))
        emb = emb.to(h.dtype)
        key, value = project(self, PLE_INPUT, emb)
        work = working_dtype(h.dtype)  # float32 in a narrow scope's opaque block (`model/rounding.py`)
        key = self.norm_key(key.to(work)).unflatten(-1, (self.n, self.d))
        query = self.norm_query(h.to(work)).unflatten(-1, (self.n, self.d))
        gate = (key * query).sum(dim=-1, keepdim=True) / math.sqrt(self.d)
        gate = gate.abs().clamp_min(1e-6).sqrt() * gate.sign()
        gated = (torch.sigmoid(gate) * value.unsqueeze(-2)).flatten(-2)
        return (gated + self.short_conv(self.norm_conv(gated), slots, offsets, write_slots)).to(h.dtype)

    @region("ple_conv")
    def short_conv(
        self, x: torch.Tensor, slots: torch.Tensor, offsets: torch.Tensor, write_slots: torch.Tensor
    ) -> torch.Tensor:
        # the conv reads the tail before the commit writes it
        conv = causal_conv(x, self.conv_tail, slots, offsets, self.conv1d.weight, self.dilation)
        commit_tail(self.conv_tail, gather_window(x, self.conv_tail, slots, offsets), write_slots)
        return F.silu(conv).to(x.dtype)
