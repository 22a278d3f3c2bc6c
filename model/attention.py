"""Gated attention with partial RoPE and the QSA block indexer.

QSA: for a query at position t, the visible keys 0..t form `nb = (t+1) // c` complete blocks of `c`
tokens. Each block key is the fp32 mean of its raw indexer keys, normed and rotated at the block's
first position; blocks score `sum_heads relu(q_j . k_b) / sqrt(Di)`. The query attends to the
`budget / c` best blocks plus the tail `nb*c .. t`. Within the budget that is every visible token,
so dense causal attention is the exact special case.

A block key depends only on its block's raw keys, so it is computed once, by the row whose token
completes the block, and kept in its page (`block_keys`). The cache writes live in the forward,
outside the attention core, where a compiler fuses them with the norms and RoPE that produce them.

The caches are pages of one pool per layer, found through the model's block table (`model/paging.py`):
every write and every read, torch's and the kernels', goes through it. With FP8 K/V (`model/kv_quant.py`)
K and V pages hold E4M3 codes beside float32 scale pages (`k_scale`, `v_scale`: one per token and KV
head), quantised at the write and dequantised by every reader; otherwise the scale pages are empty.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import torch
from torch import nn

from model import context
from model.config import Qwen4ExpConfig
from model.fuse import Projections, project
from model.kernels import use_kernels
from model.kv_quant import KV_FP8, dequantise, quantise
from model.norm import RMSNorm
from model.regions import region
from model.rope import apply_rope, cos_sin, inv_freq
from model.rounding import working_dtype
from model.working_set import chunks

if TYPE_CHECKING:
    from model.kernels.qsa_select import PrefillRows


class QSAIndexer(nn.Module):
    """Weights of the indexer; the selection itself runs inside the attention core."""

    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        self.n_heads, self.head_dim = config.indexer_n_heads, config.indexer_head_dim
        self.index_qk_proj = nn.Linear(config.hidden_size, (self.n_heads + 1) * self.head_dim, bias=False)
        self.q_layernorm = RMSNorm(self.head_dim, config.rms_norm_eps)
        self.k_layernorm = RMSNorm(self.head_dim, config.rms_norm_eps)


ATTENTION_INPUT = Projections("merged_qkv_index", ("q_proj", "k_proj", "v_proj", "indexer.index_qk_proj"))


class Attention(nn.Module):
    PROJECTIONS = (ATTENTION_INPUT,)

    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        c = config
        self.num_heads, self.num_kv_heads, self.head_dim = c.num_attention_heads, c.num_key_value_heads, c.head_dim
        self.scaling = self.head_dim**-0.5
        self.block = c.indexer_compress_ratio
        self.block_topk = c.qsa_block_topk
        self.q_proj = nn.Linear(c.hidden_size, self.num_heads * self.head_dim * 2, bias=False)
        self.k_proj = nn.Linear(c.hidden_size, self.num_kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(c.hidden_size, self.num_kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(self.num_heads * self.head_dim, c.hidden_size, bias=False)
        self.q_norm = RMSNorm(self.head_dim, c.rms_norm_eps)
        self.k_norm = RMSNorm(self.head_dim, c.rms_norm_eps)
        self.indexer = QSAIndexer(c)
        self.register_buffer("inv_freq", inv_freq(c.rotary_dim, c.rope_theta), persistent=False)

    def init_state(
        self,
        block_table: torch.Tensor,
        num_pages: int,
        page_size: int,
        max_len: int,
        dtype: torch.dtype,
        kv_dtype: torch.dtype | None = None,
    ) -> None:
        """Pools of `num_pages` pages of `page_size` positions plus the trash page, read through
        `block_table` (the model's, shared by every layer: kept as a buffer here too, not copied);
        requests reach at most `max_len` positions. K and V pages are in `kv_dtype` (default `dtype`;
        `KV_FP8` adds their scale pages), the indexer and block keys in `dtype`."""
        dev = self.q_norm.weight.device
        pages, di = num_pages + 1, self.indexer.head_dim
        kv_dtype = dtype if kv_dtype is None else kv_dtype
        kv = (pages, page_size, self.num_kv_heads, self.head_dim)
        scales = (pages, page_size, self.num_kv_heads if kv_dtype == KV_FP8 else 0)
        self.register_buffer("k_cache", torch.zeros(kv, dtype=kv_dtype, device=dev), persistent=False)
        self.register_buffer("v_cache", torch.zeros(kv, dtype=kv_dtype, device=dev), persistent=False)
        self.register_buffer("k_scale", torch.ones(scales, dtype=torch.float32, device=dev), persistent=False)
        self.register_buffer("v_scale", torch.ones(scales, dtype=torch.float32, device=dev), persistent=False)
        self.register_buffer("index_keys", torch.zeros(pages, page_size, di, dtype=dtype, device=dev), persistent=False)
        self.register_buffer(
            "block_keys", torch.zeros(pages, page_size // self.block, di, dtype=dtype, device=dev), persistent=False
        )
        self.register_buffer("block_table", block_table, persistent=False)
        self.page_size, self.trash_page, self.num_blocks = page_size, num_pages, max_len // self.block

    def row_shapes(self, dtype: torch.dtype) -> dict[str, tuple[tuple[int, ...], torch.dtype]]:
        """No per-slot state: K/V, indexer and block keys live in pages (shared by a prefix hit)."""
        return {}

    def slot_state(self) -> tuple[torch.Tensor, ...]:
        return ()

    def reset_slots(self, slots: torch.Tensor) -> None:
        """Nothing to clear: a slot's pages are only read below its request's current length."""

    def region_state(self, region: str) -> tuple[torch.Tensor, ...]:
        kv = (self.k_cache, self.v_cache, self.k_scale, self.v_scale)
        if region == "attention_core":  # reads the caches the forward wrote
            return *kv, self.block_keys
        return *kv, self.index_keys, self.block_keys

    @property
    def fp8(self) -> bool:
        """Whether the K/V pages hold E4M3 codes (with scale pages)."""
        return self.k_cache.dtype == KV_FP8

    @region("attention")
    def forward(self, x: torch.Tensor, positions: torch.Tensor, slots: torch.Tensor) -> torch.Tensor:
        n = x.shape[0]
        work = working_dtype(x.dtype)  # float32 in a narrow scope's opaque block (`model/rounding.py`)
        cos, sin = cos_sin(positions, self.inv_freq, work)
        q, k, v, index_qk = project(self, ATTENTION_INPUT, x)
        q, gate = torch.chunk(q.view(n, self.num_heads, 2 * self.head_dim), 2, dim=-1)
        q = apply_rope(self.q_norm(q.to(work)), cos, sin).to(x.dtype)
        k = apply_rope(self.k_norm(k.view(n, self.num_kv_heads, self.head_dim).to(work)), cos, sin).to(x.dtype)
        v = v.view(n, self.num_kv_heads, self.head_dim)
        ix = self.indexer
        iq, ik = torch.split(index_qk, [ix.n_heads * ix.head_dim, ix.head_dim], dim=-1)
        iq = apply_rope(ix.q_layernorm(iq.unflatten(-1, (ix.n_heads, ix.head_dim)).to(work)), cos, sin).to(x.dtype)
        page, row = self.block_table[slots, positions // self.page_size], positions % self.page_size
        self._write_kv((page, row), k, v)
        self.index_keys.index_put_((page, row), ik)
        self._update_block_keys(positions, slots)
        out = self.attention_core(q, iq, positions, slots)
        out = out.flatten(-2).to(work) * torch.sigmoid(gate.flatten(-2).to(work))
        return self.o_proj(out.to(x.dtype))

    def _write_kv(self, where: tuple[torch.Tensor, torch.Tensor], k: torch.Tensor, v: torch.Tensor) -> None:
        """This step's K and V rows into their pages at `where` (page, row): as they are, or as E4M3
        codes and scales."""
        if not self.fp8:
            self.k_cache.index_put_(where, k)
            self.v_cache.index_put_(where, v)
            return
        for x, codes, scales in ((k, self.k_cache, self.k_scale), (v, self.v_cache, self.v_scale)):
            c, s = quantise(x)
            codes.index_put_(where, c)
            scales.index_put_(where, s)

    def _paged_kv(self, slots: torch.Tensor, length: int, dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
        """K and V rows `0 .. length - 1` of each slot (`_paged_rows`), dequantised to `dtype` when FP8."""
        k, v = self._paged_rows(self.k_cache, slots, length), self._paged_rows(self.v_cache, slots, length)
        if not self.fp8:
            return k, v
        ks, vs = self._paged_rows(self.k_scale, slots, length), self._paged_rows(self.v_scale, slots, length)
        return dequantise(k, ks, dtype), dequantise(v, vs, dtype)

    def _update_block_keys(self, positions: torch.Tensor, slots: torch.Tensor) -> None:
        """The key of each block a row completes, into `block_keys` (after the raw keys' write).

        Tensor-only: every row computes the key of its last complete block (block 0 before there is
        one), and rows that complete no block write zeros to the trash page instead, so no two writes
        of one step land on one real block. A block lies in one page (`page_size` is a multiple of c)."""
        c, size = self.block, self.page_size
        done = (positions + 1) % c == 0
        start = ((positions + 1) // c - 1).clamp_min(0) * c  # the first position of the row's last block
        page = self.block_table[slots, start // size]
        rows = (start % size)[:, None] + torch.arange(c, device=positions.device)
        keys = self._block_keys(self.index_keys[page[:, None], rows], start)
        keys = torch.where(done[:, None], keys, torch.zeros_like(keys))
        where = (torch.where(done, page, self.trash_page), torch.where(done, start % size // c, 0))
        self.block_keys.index_put_(where, keys)

    @region("attention_core")
    def attention_core(
        self,
        q: torch.Tensor,
        iq: torch.Tensor,
        positions: torch.Tensor,
        slots: torch.Tensor,
        *,
        out: torch.Tensor | None = None,
    ) -> torch.Tensor:
        """Attend over each request's cache (this step's rows already written by the forward).

        On CUDA every row, decode or prefill, is one query over its slot's rows `0..position`: one
        block selection for the whole batch, then the split-K decode kernel for a uniform decode batch
        (`model/kernels/attention_decode.py`) or, for one with prefill rows, the prefill kernel, whose
        tiles of a request's consecutive rows share each key tile (`model/kernels/attention_prefill.py`;
        under QSA rows far past the budget gather their chosen blocks' keys instead); no loop over
        requests, the result written into `out` when given. The torch code below, the reference, attends
        per request."""
        if use_kernels(q):
            ctx = context.peek()
            return self._attend_in_place(q, iq, positions, slots, out, None if ctx is None else ctx.host)
        host = context.current()
        if host.uniform_decode:
            return self._decode(q, iq, positions, slots)
        out = torch.zeros_like(q)
        for r, slot in enumerate(host.slots):
            a, b = host.query_start[r], host.query_start[r + 1]
            out[a:b] = self._prefill(q[a:b], iq[a:b], host.start_pos[r], slot)
        return out

    # ---- helpers ------------------------------------------------------------------------
    def _block_keys(self, raw: torch.Tensor, starts: torch.Tensor) -> torch.Tensor:
        """`raw [N, c, Di]` (each block's raw keys) → `[N, Di]` pooled, normed block keys rotated at
        the blocks' first positions `starts [N]`."""
        pooled = raw.float().mean(-2).to(raw.dtype)
        cos, sin = cos_sin(starts, self.inv_freq, raw.dtype)
        return apply_rope(self.indexer.k_layernorm(pooled).unsqueeze(-2), cos, sin).squeeze(-2)

    def _block_scores(self, iq: torch.Tensor, keys: torch.Tensor) -> torch.Tensor:
        """`iq [..., Hi, Di]`, `keys [..., nb, Di]` → `[..., nb]` fp32 scores."""
        s = torch.relu(torch.matmul(iq.float(), keys.float().transpose(-1, -2)))  # [..., Hi, nb]
        return s.transpose(-1, -2).sum(-1) / math.sqrt(self.indexer.head_dim)

    def _attend(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, allowed: torch.Tensor) -> torch.Tensor:
        """Eager softmax attention with grouped KV heads, without materialising repeated K/V.

        q `[..., Hq, nq, hd]`, k/v `[..., Hkv, L, hd]`, allowed `[..., nq, L]`. Query head `h` reads
        KV head `h // (Hq / Hkv)`, so each KV head's queries are stacked as rows of one matmul.
        """
        *batch, hq, nq, hd = q.shape
        hkv = k.shape[-3]
        rows = q.reshape(*batch, hkv, (hq // hkv) * nq, hd)
        scores = (torch.matmul(rows, k.transpose(-1, -2)) * self.scaling).unflatten(-2, (hq // hkv, nq))
        scores = scores.masked_fill(~allowed.unsqueeze(-3).unsqueeze(-3), torch.finfo(scores.dtype).min)
        probs = torch.softmax(scores, dim=-1, dtype=torch.float32).to(q.dtype).flatten(-3, -2)
        return torch.matmul(probs, v).reshape(*batch, hq, nq, hd)

    def qsa_chosen(
        self,
        iq: torch.Tensor,
        t: torch.Tensor,
        keys: torch.Tensor,
        slots: torch.Tensor | None = None,
        host: context.HostBatch | None = None,
    ) -> torch.Tensor | None:
        """The QSA blocks each query keeps, `[nq, total + 1]` (nonzero = kept: bool, int8 from the
        kernel), or None when every block fits the budget.

        `iq [nq, Hi, Di]` are the queries at positions `t [nq]`; `keys [total, Di]` are one request's
        block keys, or with `slots [nq]` the block-key pool `[pages, page_size // c, Di]`, read through
        the block table at each query's slot (`total`: the blocks of `max_len`). Among equal scores
        the earlier block wins (a stable sort), so the choice never depends on the kernel or the
        vector length. On CUDA the slot form runs `model/kernels/qsa_select.py` in place; given the
        batch's `host` layout with prefill rows, its scores are tiles of each request's rows.
        """
        total = keys.shape[-2] if slots is None else self.num_blocks
        if total <= self.block_topk:
            return None
        if slots is not None and use_kernels(iq):
            from model.kernels.qsa_select import select_blocks  # Triton: imported only on CUDA

            rows = None if host is None or host.uniform_decode else self._score_rows(host, iq)
            return select_blocks(iq, keys, self.block_table, slots, t, self.block_topk, self.block, total, rows)
        if slots is not None:
            keys = self._paged_rows(keys, slots, total)
        nb = (t + 1) // self.block
        blk = torch.arange(total, device=iq.device)
        scores = self._block_scores(iq, keys).masked_fill(blk[None, :] >= nb[:, None], float("-inf"))
        top = scores.sort(dim=-1, descending=True, stable=True).indices[:, : self.block_topk]
        return torch.zeros(iq.shape[0], total + 1, dtype=torch.bool, device=iq.device).scatter_(1, top, True)

    def _score_rows(self, host: context.HostBatch, iq: torch.Tensor) -> PrefillRows:
        """The tiled QSA score's view of a batch with prefill rows: `host`'s requests in runs of
        `TILE_ROWS` (as the prefill attention's tiles), and the most blocks a row completes (a chunk's
        last row's), which bounds the scores' scratch."""
        from model.kernels.attention_prefill import tiles
        from model.kernels.qsa_select import TILE_ROWS, PrefillRows

        runs = zip(host.query_start, host.query_start[1:], host.start_pos, strict=False)
        blocks = max((start + b - a for a, b, start in runs), default=0) // self.block
        return PrefillRows(
            tiles(host.query_start, host.start_pos, iq.shape[0], iq.device, TILE_ROWS), TILE_ROWS, blocks
        )

    def qsa_allowed(
        self, iq: torch.Tensor, t: torch.Tensor, keys: torch.Tensor, length: int, slots: torch.Tensor | None = None
    ) -> torch.Tensor:
        """Keys each query may attend to, `[nq, length]`: causal, and inside a chosen block or the tail.

        The tail is the incomplete block `nb*c .. t`, `nb = (t + 1) // c`; arguments as `qsa_chosen`.
        """
        cols = torch.arange(length, device=iq.device)
        allowed = cols[None, :] <= t[:, None]
        chosen = self.qsa_chosen(iq, t, keys, slots)
        if chosen is None:
            return allowed
        chosen = chosen.bool()  # the kernel's int8 mask
        full = cols[None, :] < ((t + 1) // self.block * self.block)[:, None]
        in_chosen = chosen.gather(1, (cols // self.block).clamp_max(chosen.shape[1] - 1).expand(iq.shape[0], -1))
        return allowed & (in_chosen | ~full)

    def _paged_rows(self, pool: torch.Tensor, slots: torch.Tensor, length: int) -> torch.Tensor:
        """Rows `0 .. length - 1` of each slot's pages of `pool` `[pages, rows a page, ...]`, gathered
        through the block table: `[*slots.shape, length, ...]`."""
        pages = self.block_table[slots, : -(-length // pool.shape[1])]
        return pool[pages].flatten(slots.dim(), slots.dim() + 1).narrow(slots.dim(), 0, length)

    def _prefill(self, q: torch.Tensor, iq: torch.Tensor, start: int, slot: int) -> torch.Tensor:
        length = start + q.shape[0]
        one = torch.tensor(slot, device=q.device)
        k, v = (x.transpose(0, 1) for x in self._paged_kv(one, length, q.dtype))
        t = torch.arange(start, length, device=q.device)
        allowed = self.qsa_allowed(iq, t, self._paged_rows(self.block_keys, one, length // self.block), length)
        return self._attend(q.transpose(0, 1), k, v, allowed).transpose(0, 1)

    def _attend_in_place(
        self,
        q: torch.Tensor,
        iq: torch.Tensor,
        positions: torch.Tensor,
        slots: torch.Tensor,
        out: torch.Tensor | None = None,
        host: context.HostBatch | None = None,
    ) -> torch.Tensor:
        """Row `i` attends over `slots[i]`'s cache rows `0..positions[i]` (QSA-masked), by the kernels:
        the prefill kernel over `host`'s requests when it has prefill rows, else the decode kernel."""
        chosen = self.qsa_chosen(iq, positions, self.block_keys, slots, host)
        k, v, table = self.k_cache, self.v_cache, self.block_table
        scales = (self.k_scale, self.v_scale) if self.fp8 else None
        qsa = (chosen, self.block, self.block_topk)  # the choice, its blocks' size, the most a row keeps
        if host is not None and not host.uniform_decode:
            from model.kernels import attention_prefill as prefill  # Triton: imported only on CUDA

            since = None if chosen is None else prefill.gather_from(self.block_topk, self.block)
            rows, gathered = prefill.prefill_rows(host.query_start, host.start_pos, q.shape[0], q.device, since)
            return prefill.prefill_attention(
                q, k, v, table, slots, positions, self.scaling, rows, *qsa, out=out, scales=scales, gathered=gathered
            )
        from model.kernels.attention_decode import decode_attention  # Triton: imported only on CUDA

        return decode_attention(q, k, v, table, slots, positions, self.scaling, *qsa, out=out, scales=scales)

    def _decode(self, q: torch.Tensor, iq: torch.Tensor, positions: torch.Tensor, slots: torch.Tensor) -> torch.Tensor:
        """One token per request in torch, tensor-only (no host data), so it can be captured in a CUDA
        graph. It gathers each request's cache pages whole, so requests go in chunks of bounded bytes
        (K and V with their scales and FP8's dequantised copy, and the block keys with their fp32 copy,
        of a block table row's pages per request).
        """
        kv_bytes = self.k_cache[0].nbytes + self.v_cache[0].nbytes + self.k_scale[0].nbytes + self.v_scale[0].nbytes
        if self.fp8:
            kv_bytes += 2 * self.k_cache[0].numel() * q.element_size()
        page_bytes = kv_bytes + 3 * self.block_keys[0].nbytes
        row_bytes = self.block_table.shape[1] * page_bytes
        outs = [
            self._decode_rows(q[rows], iq[rows], positions[rows], slots[rows]) for rows in chunks(q.shape[0], row_bytes)
        ]
        return outs[0] if len(outs) == 1 else torch.cat(outs)

    def _decode_rows(
        self, q: torch.Tensor, iq: torch.Tensor, positions: torch.Tensor, slots: torch.Tensor
    ) -> torch.Tensor:
        """One chunk of `_decode`; its gathered rows die when this returns, before the next chunk's."""
        length = self.block_table.shape[1] * self.page_size  # every page of the row: no host data
        k, v = (x.transpose(1, 2) for x in self._paged_kv(slots, length, q.dtype))  # [B, Hkv, L, hd]
        allowed = self.qsa_allowed(iq, positions, self.block_keys, length, slots)
        return self._attend(q.unsqueeze(2), k, v, allowed.unsqueeze(1)).squeeze(2)
