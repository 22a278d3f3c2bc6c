"""Qwen4-Exp text model over flat varlen batches (see docs/design.md for the batch contract)."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator, Sequence

import torch
from torch import nn

from model.attention import Attention
from model.batch import Batch, padding_batch
from model.config import LINEAR, Qwen4ExpConfig
from model.context import forward_context
from model.fuse import is_dense, merge_projections
from model.gdn import GatedDeltaNet
from model.hyper import GatedResidual, hc_read
from model.kernels.gdn_prefill import BLOCK as GDN_BLOCK
from model.kv_quant import KV_FP8, kv_storage_dtype
from model.moe import SparseMoE
from model.paging import DEFAULT_PAGE_SIZE, check_page_size, new_block_table, pages_for, write_row
from model.ple import PLE
from model.regions import region


class DecoderLayer(nn.Module):
    def __init__(self, config: Qwen4ExpConfig, layer_idx: int):
        super().__init__()
        self.is_linear = config.layer_types[layer_idx] == LINEAR
        if self.is_linear:
            self.linear_attn = GatedDeltaNet(config)
        else:
            self.self_attn = Attention(config)
        self.mlp = SparseMoE(config)
        ple_index = config.ple_index(layer_idx)
        self.ple = PLE(config, ple_index) if ple_index is not None else None
        self.attn_hyper_connection = GatedResidual(config)
        self.mlp_hyper_connection = GatedResidual(config)

    @property
    def mixer(self) -> GatedDeltaNet | Attention:
        return self.linear_attn if self.is_linear else self.self_attn

    def stateful(self) -> list[nn.Module]:
        return [m for m in (self.mixer, self.ple) if m is not None]

    @property
    def kind(self) -> str:
        """`linear`, `linear_ple` or `indexed`: decoder layers of one kind share a region op signature."""
        return "indexed" if not self.is_linear else "linear_ple" if self.ple is not None else "linear"

    def forward(
        self,
        h: torch.Tensor,
        input_ids: torch.Tensor,
        positions: torch.Tensor,
        slots: torch.Tensor,
        offsets: torch.Tensor,
        write_slots: torch.Tensor,
    ) -> torch.Tensor:
        run = {"linear": self.linear, "linear_ple": self.linear_ple, "indexed": self.indexed}[self.kind]
        return run(h, input_ids, positions, slots, offsets, write_slots)

    @property
    def region_names(self) -> tuple[str, ...]:
        """The one decoder-layer region this layer runs (the class carries all three kinds')."""
        return (f"decoder_layer_{self.kind}",)

    def region_state(self, region: str) -> tuple[torch.Tensor, ...]:
        return (*self.mixer.region_state(region), *(self.ple.region_state("ple") if self.ple else ()))

    def _body(
        self,
        h: torch.Tensor,
        input_ids: torch.Tensor,
        positions: torch.Tensor,
        slots: torch.Tensor,
        offsets: torch.Tensor,
        write_slots: torch.Tensor,
    ) -> torch.Tensor:
        if self.ple is not None:
            h = h + self.ple(h, input_ids, slots, offsets, write_slots)
        x, inject = self.attn_hyper_connection.read(h)
        if self.is_linear:
            y = self.linear_attn(x, slots, offsets, write_slots)
        else:
            y = self.self_attn(x, positions, slots)
        h = self.attn_hyper_connection.write(h, inject, y)
        x, inject = self.mlp_hyper_connection.read(h)
        return self.mlp_hyper_connection.write(h, inject, self.mlp(x))

    linear = region("decoder_layer_linear")(_body)
    linear_ple = region("decoder_layer_linear_ple")(_body)
    indexed = region("decoder_layer_indexed")(_body)


class Embedding(nn.Embedding):
    @region("embed")
    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        return super().forward(input_ids)


class FinalMixer(GatedResidual):
    """The read without the write (built with `combine=False`: no injection weights to merge)."""

    PROJECTIONS = ()

    @region("final_mixer")
    def forward(self, h: torch.Tensor) -> torch.Tensor:
        down = self.input_mix_weight_down
        operands = self.read_operands(h, down.weight if is_dense(down) else None, 0, list(getattr(down, "plan", ())))
        if operands is not None:
            return hc_read(h, *operands)[0]
        hn = self.hc_norm(h)
        return self.mix(hn, self.input_mix_weight_down(hn))


class TextModel(nn.Module):
    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        self.config = config
        self.embed_tokens = Embedding(config.vocab_size, config.hidden_size)
        self.layers = nn.ModuleList(DecoderLayer(config, i) for i in range(config.num_hidden_layers))
        self.hyper_connection_mixer = FinalMixer(config, combine=False)

    def forward(
        self,
        input_ids: torch.Tensor,
        positions: torch.Tensor,
        slots: torch.Tensor,
        offsets: torch.Tensor,
        write_slots: torch.Tensor,
    ) -> torch.Tensor:
        h = self.embed_tokens(input_ids).repeat(1, self.config.hc_count)
        for layer in self.layers:
            h = layer(h, input_ids, positions, slots, offsets, write_slots)
        return self.hyper_connection_mixer(h)


class Qwen4ExpForCausalLM(nn.Module):
    """Weights named as in transformers' checkpoints (minus the `language_model.` level)."""

    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        self.config = config
        self.model = TextModel(config)
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size, bias=False)
        self.max_num_seqs = 0
        self.max_model_len = 0
        self.num_pages = 0
        self.page_size = 0
        self.num_checkpoints = 0

    def forward(
        self,
        input_ids: torch.Tensor,
        positions: torch.Tensor,
        slots: torch.Tensor,
        offsets: torch.Tensor,
        write_slots: torch.Tensor,
    ) -> torch.Tensor:
        """Hidden states `[N, hidden]` after the final mixer; state slots are updated in place."""
        return self.model(input_ids, positions, slots, offsets, write_slots)

    def compute_logits(self, hidden: torch.Tensor) -> torch.Tensor:
        return self.lm_head(hidden).float()

    # ---- state ---------------------------------------------------------------------------
    def init_state(
        self,
        max_num_seqs: int,
        max_model_len: int,
        num_pages: int | None = None,
        page_size: int = DEFAULT_PAGE_SIZE,
        merge: bool = True,
        num_checkpoints: int = 0,
        kv_cache_dtype: str = "auto",
    ) -> None:
        """Preallocate request state: the state pool (GDN and PLE state, one row per slot for
        `max_num_seqs` slots, then the trash slot's, then `num_checkpoints` rows that prefix caching
        saves slots into, `copy_state`) and the paged K/V pools (`model/paging.py`) of `num_pages`
        pages of `page_size` positions plus the trash page, with the block table.

        `num_pages=None` reserves every slot its own pages for `max_model_len` positions, assigned in
        the block table; with `num_pages` given, every row starts at the trash page and whoever
        admits a request assigns its pages (`set_block_table`) before its first forward.
        With `merge`, first merge the projections that read one input (`model.fuse.merge_projections`).

        Every path (engine, tensor-parallel workers, bench, scripts, tests) calls this once its model
        is final, loaded, sharded and with its quantised linears in place, and before any forward:
        so the merge lives here, and each rank merges its own slices. `merge=False` (the A/B of
        `qcompile bench --no-merge`) leaves the projections as they are. `kv_cache_dtype` stores the
        K/V pages in the model's dtype (`auto`) or as FP8 with scales (`fp8`, `model/kv_quant.py`).
        """
        if max_num_seqs < 1 or max_model_len < 1:
            raise ValueError(f"max_num_seqs={max_num_seqs}, max_model_len={max_model_len}: both must be >= 1")
        if num_checkpoints < 0:
            raise ValueError(f"num_checkpoints={num_checkpoints}: must be >= 0")
        check_page_size(page_size, self.config.indexer_compress_ratio)
        pages_per_seq = pages_for(max_model_len, page_size)
        preassign = num_pages is None
        num_pages = max_num_seqs * pages_per_seq if num_pages is None else num_pages
        if num_pages < 1:
            raise ValueError(f"num_pages={num_pages}: the K/V pool needs at least one page")
        if merge:
            merge_projections(self)
        dtype, device = self.lm_head.weight.dtype, self.lm_head.weight.device
        kv_dtype = self.kv_dtype(kv_cache_dtype)
        table = new_block_table(max_num_seqs, pages_per_seq, num_pages, preassign, device)
        self.register_buffer("block_table", table, persistent=False)
        rows = max_num_seqs + 1 + num_checkpoints
        for layer in self.model.layers:
            if layer.is_linear:
                layer.linear_attn.init_state(rows, dtype)
            else:
                layer.self_attn.init_state(table, num_pages, page_size, max_model_len, dtype, kv_dtype)
            if layer.ple is not None:
                layer.ple.init_state(rows, dtype)
        self.max_num_seqs, self.max_model_len = max_num_seqs, max_model_len
        self.num_checkpoints = num_checkpoints
        self.num_pages, self.page_size = num_pages, page_size

    def set_block_table(self, slot: int, pages: Sequence[int]) -> None:
        """Point slot `slot`'s K/V at `pages` (position `p` in `pages[p // page_size]`), the rest of
        its row at the trash page; in place, so captured graphs read it. The pages must cover every
        position the slot's next forwards write or read."""
        if self.max_num_seqs == 0:
            raise RuntimeError("call init_state(max_num_seqs, max_model_len) before set_block_table")
        write_row(self.block_table, slot, pages, self.num_pages)

    @property
    def pages_per_seq(self) -> int:
        """Entries of a block table row: the pages of `max_model_len` positions."""
        return self.block_table.shape[1]

    def kv_dtype(self, kv_cache_dtype: str = "auto") -> torch.dtype:
        """The dtype of the K/V pages for `kv_cache_dtype` (`auto`: the model's)."""
        return kv_storage_dtype(kv_cache_dtype, self.lm_head.weight.dtype)

    def page_bytes(self, page_size: int = DEFAULT_PAGE_SIZE, kv_cache_dtype: str = "auto") -> int:
        """Bytes one page takes in every attention layer's pools together (K and V in `kv_cache_dtype`'s
        dtype with FP8's float32 scales, indexer keys and block keys in the model's), at this rank's
        heads: what sizes a pool to a memory budget before `init_state`."""
        size, kv_dtype = self.lm_head.weight.element_size(), self.kv_dtype(kv_cache_dtype)
        kv_size, scale_size = kv_dtype.itemsize, torch.float32.itemsize if kv_dtype == KV_FP8 else 0
        total = 0
        for att in (layer.self_attn for layer in self.model.layers if not layer.is_linear):
            di = att.indexer.head_dim
            total += 2 * page_size * att.num_kv_heads * (att.head_dim * kv_size + scale_size)
            total += size * (page_size * di + page_size // att.block * di)
        return total

    def state_row_bytes(self) -> int:
        """Bytes one row of the state pool takes (GDN conv tails and recurrent state, PLE n-gram context
        and conv tails of every layer), at this rank's heads and the model's dtype: what one prefix-cache
        checkpoint costs, known before `init_state` (as `page_bytes` is for a page)."""
        dtype = self.lm_head.weight.dtype
        shapes = [s for layer in self.model.layers for m in layer.stateful() for s in m.row_shapes(dtype).values()]
        return sum(math.prod(shape) * dt.itemsize for shape, dt in shapes)

    @property
    def trash_slot(self) -> int:
        return self.max_num_seqs

    @property
    def state_block(self) -> int:
        """Tokens between the positions of a prefill chunk (counted from its start) whose state the
        forward can also save (`model.batch.Chunk.saves`): the delta rule's chunk."""
        return GDN_BLOCK

    def checkpoint_row(self, checkpoint: int) -> int:
        """The state-pool row of checkpoint `checkpoint` (0 .. num_checkpoints - 1): after the slots and
        the trash slot."""
        if not 0 <= checkpoint < self.num_checkpoints:
            raise ValueError(f"checkpoint {checkpoint}: the state pool has checkpoints 0 .. {self.num_checkpoints - 1}")
        return self.max_num_seqs + 1 + checkpoint

    def copy_state(self, src_rows: torch.Tensor | list[int], dst_rows: torch.Tensor | list[int]) -> None:
        """Copy state-pool rows `src_rows` onto `dst_rows` in every stateful module, in place and on the
        device's stream (no host sync): prefix caching saves a slot into a checkpoint row after the step
        that reached a page boundary, and restores a checkpoint into a newly admitted request's slot.
        Outside the traced forward, so graphs never see it."""
        device = self.lm_head.weight.device
        src = torch.as_tensor(src_rows, dtype=torch.int64, device=device)
        dst = torch.as_tensor(dst_rows, dtype=torch.int64, device=device)
        for t in self.state_pool():
            t.index_copy_(0, dst, t.index_select(0, src))

    def state_pool(self) -> list[torch.Tensor]:
        """Every buffer of the state pool (dim 0 the row: slots, the trash slot, then checkpoints), in a
        fixed order: what `copy_state` copies, and what a host copy of a row must mirror."""
        return [t for layer in self.model.layers for m in layer.stateful() for t in m.slot_state()]

    def reset_slots(self, slots: torch.Tensor | list[int]) -> None:
        """Clear state of newly admitted requests (their slots may hold a finished request's state)."""
        slots = torch.as_tensor(slots, dtype=torch.int64, device=self.lm_head.weight.device)
        for layer in self.model.layers:
            for m in layer.stateful():
                m.reset_slots(slots)

    def padding_batch(self, rows: int) -> Batch:
        """`rows` padding rows in the trash slot (what warmup and graph capture run on)."""
        if self.max_num_seqs == 0:
            raise RuntimeError("call init_state(max_num_seqs, max_model_len) before running the model")
        return padding_batch(rows, self.trash_slot, self.lm_head.weight.device)

    @contextlib.contextmanager
    def context(self, batch: Batch) -> Iterator[None]:
        if self.max_num_seqs == 0:
            raise RuntimeError("call init_state(max_num_seqs, max_model_len) before running the model")
        with forward_context(batch.host):
            yield

    def run(self, batch: Batch) -> torch.Tensor:
        with self.context(batch):
            return self(*batch.tensors())
