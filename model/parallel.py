"""Megatron-style tensor parallelism of a loaded model over a torch.distributed group (gloo or NCCL).

Each sublayer reads the replicated hidden state, computes on its rank's slice of heads or channels
(column-parallel input projections) and ends in a row-parallel projection whose partial output is
summed over the group: one all-reduce per sublayer (attention, GDN, MoE).

- Attention: by KV head; query heads follow their KV head. When the group is larger than the KV
  heads, each KV head is replicated on `tp / num_key_value_heads` ranks. The QSA indexer is
  replicated: its block choice must be the same on every rank.
- GDN: by key-head group with its value heads (key heads replicated like KV heads when needed);
  the conv channels, `dt_bias`, `A_log` and the fp32 recurrent state are split to match.
- MoE: routed experts and the shared expert by intermediate slices; the router and the shared
  expert gate are replicated, so the routed and shared partial sums share the one all-reduce.
- Embedding and `lm_head` by vocabulary rows (uneven when the vocabulary does not divide): the
  embedding looks up the rank's rows, zeroes ids outside them and all-reduces (exact: the other
  ranks add zeros); `lm_head` computes its rows' logits and all-gathers them, so every rank holds
  the full logits and rank 0 samples from them.
- Hyper-connections and PLE are replicated (small next to the experts).

Every rank computes the replicated parts on identical inputs: an all-reduce hands every rank the
same sum.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn

from model.attention import Attention
from model.config import Qwen4ExpConfig
from model.gdn import GatedDeltaNet
from model.moe import SparseMoE
from model.quant.split import TensorSplit
from model.qwen4_exp import Embedding


class ParallelError(ValueError):
    """The model's geometry does not split over the requested tensor-parallel size."""


@dataclass(frozen=True)
class Shard:
    """This process's place in the tensor-parallel group (`group=None`: the default group)."""

    rank: int
    size: int
    group: dist.ProcessGroup | None = None

    @classmethod
    def current(cls, group: dist.ProcessGroup | None = None) -> Shard:
        return cls(dist.get_rank(group), dist.get_world_size(group), group)

    def all_reduce(self, t: torch.Tensor) -> torch.Tensor:
        dist.all_reduce(t, group=self.group)
        return t

    def all_gather_last(self, t: torch.Tensor, widths: list[int]) -> torch.Tensor:
        """Concatenate every rank's `t` along the last dimension; rank r's is `widths[r]` wide
        (padded to the widest for the collective, which needs equal sizes)."""
        padded = F.pad(t, (0, max(widths) - t.shape[-1])).contiguous()
        parts = [torch.empty_like(padded) for _ in widths]
        dist.all_gather(parts, padded, group=self.group)
        return torch.cat([p[..., :w] for p, w in zip(parts, widths, strict=True)], dim=-1)


def head_slices(groups: int, members: int, size: int, rank: int) -> tuple[slice, slice]:
    """(group slice, member slice) of `rank`: `members` heads in `groups` equal groups split `size` ways.

    With more ranks than groups each group is replicated on `size / groups` ranks; the caller has
    checked divisibility (`check_divisible`).
    """
    m = members // size
    if size <= groups:
        g = groups // size
        return slice(rank * g, (rank + 1) * g), slice(rank * m, (rank + 1) * m)
    g0 = rank * groups // size
    return slice(g0, g0 + 1), slice(rank * m, (rank + 1) * m)


def geometry_problems(config: Qwen4ExpConfig, size: int) -> list[str]:
    """Every dimension of `config` that `size` ranks cannot split, as `field = value` phrases."""
    c = config
    problems = []

    def heads(members: str, groups: str) -> None:
        m, g = getattr(c, members), getattr(c, groups)
        if m % size:
            problems.append(f"{members} = {m}")
        if g % size if size <= g else size % g:  # then each rank's members lie in one group's run
            problems.append(f"{groups} = {g}")

    if c.indexed_layers:
        heads("num_attention_heads", "num_key_value_heads")
    if c.linear_layers:
        heads("linear_num_value_heads", "linear_num_key_heads")
    for name in ("moe_intermediate_size", "shared_expert_intermediate_size"):
        if getattr(c, name) % size:
            problems.append(f"{name} = {getattr(c, name)}")
    return problems


def check_divisible(config: Qwen4ExpConfig, size: int) -> None:
    if size < 1:
        raise ParallelError(f"tensor_parallel_size = {size} must be at least 1")
    problems = geometry_problems(config, size)
    if problems:
        raise ParallelError(f"tensor_parallel_size = {size} does not divide {', '.join(problems)}")


def _units(heads: slice, dim: int) -> slice:
    return slice(heads.start * dim, heads.stop * dim)


def _split(dim: int, *pieces: slice) -> TensorSplit:
    return TensorSplit(dim, pieces)


def reduce_output(module: nn.Module, shard: Shard) -> None:
    """Sum `module`'s output over the group: a hook, so names, weights and the TP1 path stay as they are."""
    module.register_forward_hook(lambda _m, _args, out: shard.all_reduce(out))


def _attention_plan(attn: Attention, shard: Shard) -> dict[str, TensorSplit]:
    kv, q = head_slices(attn.num_kv_heads, attn.num_heads, shard.size, shard.rank)
    hd = attn.head_dim
    return {
        "q_proj.weight": _split(0, _units(q, 2 * hd)),
        "k_proj.weight": _split(0, _units(kv, hd)),
        "v_proj.weight": _split(0, _units(kv, hd)),
        "o_proj.weight": _split(1, _units(q, hd)),
    }


def _gdn_plan(gdn: GatedDeltaNet, shard: Shard) -> dict[str, TensorSplit]:
    kh, vh = head_slices(gdn.num_k_heads, gdn.num_v_heads, shard.size, shard.rank)
    qk, v, key_dim = _units(kh, gdn.head_k_dim), _units(vh, gdn.head_v_dim), gdn.key_dim
    channels = (qk, slice(key_dim + qk.start, key_dim + qk.stop), slice(2 * key_dim + v.start, 2 * key_dim + v.stop))
    return {
        "in_proj_qkv.weight": _split(0, *channels),
        "conv1d.weight": _split(0, *channels),
        "in_proj_z.weight": _split(0, v),
        "in_proj_b.weight": _split(0, vh),
        "in_proj_a.weight": _split(0, vh),
        "dt_bias": _split(0, vh),
        "A_log": _split(0, vh),
        "out_proj.weight": _split(1, v),
    }


def _part(size: int, shard: Shard) -> slice:
    return slice(shard.rank * size // shard.size, (shard.rank + 1) * size // shard.size)


def _moe_plan(moe: SparseMoE, shard: Shard) -> dict[str, TensorSplit]:
    """The stacked expert parameters, and each expert's stored `gate/up/down_proj.weight` (keyed
    without the expert index, as `experts.gate_proj.weight`) that the loader stacks into them."""
    i = moe.experts.down_proj.shape[-1]
    part = _part(i, shard)
    spart = _part(moe.shared_expert.down_proj.weight.shape[-1], shard)
    return {
        "experts.gate_up_proj": _split(1, part, slice(i + part.start, i + part.stop)),
        "experts.down_proj": _split(2, part),
        "experts.gate_proj.weight": _split(0, part),
        "experts.up_proj.weight": _split(0, part),
        "experts.down_proj.weight": _split(1, part),
        "shared_expert.gate_proj.weight": _split(0, spart),
        "shared_expert.up_proj.weight": _split(0, spart),
        "shared_expert.down_proj.weight": _split(1, spart),
    }


def shard_plan(model: nn.Module, shard: Shard) -> dict[str, TensorSplit]:
    """What `shard` keeps of each split tensor of a full `Qwen4ExpForCausalLM`, by parameter name
    (per-expert stored tensors as `<layer>.mlp.experts.{gate,up,down}_proj.weight`); a parameter it
    does not name is replicated. The loader reads these slices; `shard_model` takes them."""
    check_divisible(model.config, shard.size)
    plan: dict[str, TensorSplit] = {}
    if shard.size == 1:
        return plan
    vocab = _split(0, _part(model.config.vocab_size, shard))
    plan |= {"model.embed_tokens.weight": vocab, "lm_head.weight": vocab}
    for index, layer in enumerate(model.model.layers):
        prefix = f"model.layers.{index}"
        if layer.is_linear:
            mixer = {f"{prefix}.linear_attn.{k}": v for k, v in _gdn_plan(layer.linear_attn, shard).items()}
        else:
            mixer = {f"{prefix}.self_attn.{k}": v for k, v in _attention_plan(layer.self_attn, shard).items()}
        plan |= mixer | {f"{prefix}.mlp.{k}": v for k, v in _moe_plan(layer.mlp, shard).items()}
    return plan


class _VocabSlice(nn.Embedding):
    """The lookup of a vocabulary-parallel embedding: this rank's rows, zero for ids outside them,
    summed over the group. `VocabParallelEmbedding` puts it after `Embedding` in the method order,
    so the model's own `Embedding.forward` (the `embed` region) reaches it as its `super().forward`."""

    vocab_start: int
    shard: Shard

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        local = input_ids - self.vocab_start
        outside = (local < 0) | (local >= self.num_embeddings)
        rows = super().forward(local.masked_fill(outside, 0))
        return self.shard.all_reduce(rows.masked_fill(outside.unsqueeze(-1), 0))


class VocabParallelEmbedding(Embedding, _VocabSlice):
    """The model's `Embedding` holding the rows `vocab_start ..` of the vocabulary (`shard_model`)."""


def _vocab_widths(vocab: int, size: int) -> list[int]:
    return [(r + 1) * vocab // size - r * vocab // size for r in range(size)]


def _localise_vocab(model: nn.Module, shard: Shard) -> None:
    embed, vocab = model.model.embed_tokens, model.config.vocab_size
    embed.__class__ = VocabParallelEmbedding
    embed.vocab_start, embed.shard = _part(vocab, shard).start, shard
    widths = _vocab_widths(vocab, shard.size)
    embed.num_embeddings = model.lm_head.out_features = widths[shard.rank]
    model.lm_head.register_forward_hook(lambda _m, _args, out: shard.all_gather_last(out, widths))


def _localise_attention(attn: Attention, shard: Shard) -> None:
    kv, q = head_slices(attn.num_kv_heads, attn.num_heads, shard.size, shard.rank)
    attn.num_heads, attn.num_kv_heads = q.stop - q.start, kv.stop - kv.start
    reduce_output(attn.o_proj, shard)


def _localise_gdn(gdn: GatedDeltaNet, shard: Shard) -> None:
    kh, vh = head_slices(gdn.num_k_heads, gdn.num_v_heads, shard.size, shard.rank)
    gdn.num_k_heads, gdn.num_v_heads = kh.stop - kh.start, vh.stop - vh.start
    gdn.key_dim, gdn.value_dim = gdn.num_k_heads * gdn.head_k_dim, gdn.num_v_heads * gdn.head_v_dim
    gdn.conv_dim = 2 * gdn.key_dim + gdn.value_dim
    gdn.conv1d.in_channels = gdn.conv1d.out_channels = gdn.conv1d.groups = gdn.conv_dim
    reduce_output(gdn.out_proj, shard)


def shard_model(model: nn.Module, shard: Shard) -> nn.Module:
    """Keep `shard`'s slices (`shard_plan`) of a full `Qwen4ExpForCausalLM` (before `init_state`, which
    then sizes the KV caches and GDN state to the local heads), set the local head counts and add the
    all-reduces; raises `ParallelError` naming the dimensions the group size does not divide."""
    plan = shard_plan(model, shard)
    if getattr(model, "max_num_seqs", 0):
        raise ParallelError("shard_model must run before init_state: the state is sized by the local heads")
    if shard.size == 1:
        return model
    kept: dict[int, nn.Parameter] = {}  # a tied parameter (lm_head and embedding) stays tied
    for name, param in list(model.named_parameters(remove_duplicate=False)):
        if (split := plan.get(name)) is not None:
            if id(param) not in kept:
                kept[id(param)] = nn.Parameter(split.take(param.data), requires_grad=False)
            owner, _, attr = name.rpartition(".")
            setattr(model.get_submodule(owner), attr, kept[id(param)])
    for layer in model.model.layers:
        if layer.is_linear:
            _localise_gdn(layer.linear_attn, shard)
        else:
            _localise_attention(layer.self_attn, shard)
        reduce_output(layer.mlp, shard)
    _localise_vocab(model, shard)
    return model
