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
- Hyper-connections, PLE, the embedding and `lm_head` are replicated (small next to the experts,
  and a replicated `lm_head` leaves sampling untouched).

Every rank computes the replicated parts on identical inputs: an all-reduce hands every rank the
same sum.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.distributed as dist
from torch import nn

from model.attention import Attention
from model.config import Qwen4ExpConfig
from model.gdn import GatedDeltaNet
from model.moe import SparseMoE


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


def _rows(module: nn.Module, name: str, *pieces: slice) -> None:
    """Keep the rows `pieces` (concatenated) of parameter `name` of `module`."""
    full = getattr(module, name)
    setattr(module, name, nn.Parameter(torch.cat([full[p] for p in pieces]), requires_grad=False))


def _cols(linear: nn.Linear, piece: slice) -> None:
    linear.weight = nn.Parameter(linear.weight[:, piece].contiguous(), requires_grad=False)


def _units(heads: slice, dim: int) -> slice:
    return slice(heads.start * dim, heads.stop * dim)


def reduce_output(module: nn.Module, shard: Shard) -> None:
    """Sum `module`'s output over the group: a hook, so names, weights and the TP1 path stay as they are."""
    module.register_forward_hook(lambda _m, _args, out: shard.all_reduce(out))


def _shard_attention(attn: Attention, shard: Shard) -> None:
    kv, q = head_slices(attn.num_kv_heads, attn.num_heads, shard.size, shard.rank)
    hd = attn.head_dim
    _rows(attn.q_proj, "weight", _units(q, 2 * hd))
    _rows(attn.k_proj, "weight", _units(kv, hd))
    _rows(attn.v_proj, "weight", _units(kv, hd))
    _cols(attn.o_proj, _units(q, hd))
    attn.num_heads, attn.num_kv_heads = q.stop - q.start, kv.stop - kv.start
    reduce_output(attn.o_proj, shard)


def _shard_gdn(gdn: GatedDeltaNet, shard: Shard) -> None:
    kh, vh = head_slices(gdn.num_k_heads, gdn.num_v_heads, shard.size, shard.rank)
    kd, vd, key_dim = gdn.head_k_dim, gdn.head_v_dim, gdn.key_dim
    qk = _units(kh, kd)
    v = _units(vh, vd)
    channels = (qk, slice(key_dim + qk.start, key_dim + qk.stop), slice(2 * key_dim + v.start, 2 * key_dim + v.stop))
    _rows(gdn.in_proj_qkv, "weight", *channels)
    _rows(gdn.conv1d, "weight", *channels)
    _rows(gdn.in_proj_z, "weight", v)
    _rows(gdn.in_proj_b, "weight", vh)
    _rows(gdn.in_proj_a, "weight", vh)
    _rows(gdn, "dt_bias", vh)
    _rows(gdn, "A_log", vh)
    _cols(gdn.out_proj, v)
    gdn.num_k_heads, gdn.num_v_heads = kh.stop - kh.start, vh.stop - vh.start
    gdn.key_dim, gdn.value_dim = gdn.num_k_heads * kd, gdn.num_v_heads * vd
    gdn.conv_dim = 2 * gdn.key_dim + gdn.value_dim
    gdn.conv1d.in_channels = gdn.conv1d.out_channels = gdn.conv1d.groups = gdn.conv_dim
    reduce_output(gdn.out_proj, shard)


def _shard_moe(moe: SparseMoE, shard: Shard) -> None:
    ex = moe.experts
    i = ex.down_proj.shape[-1]
    part = slice(shard.rank * i // shard.size, (shard.rank + 1) * i // shard.size)
    gate_up = ex.gate_up_proj
    ex.gate_up_proj = nn.Parameter(
        torch.cat([gate_up[:, part], gate_up[:, i + part.start : i + part.stop]], dim=1), requires_grad=False
    )
    ex.down_proj = nn.Parameter(ex.down_proj[..., part].contiguous(), requires_grad=False)
    mlp = moe.shared_expert
    si = mlp.down_proj.weight.shape[-1]
    spart = slice(shard.rank * si // shard.size, (shard.rank + 1) * si // shard.size)
    _rows(mlp.gate_proj, "weight", spart)
    _rows(mlp.up_proj, "weight", spart)
    _cols(mlp.down_proj, spart)
    reduce_output(moe, shard)


def shard_model(model: nn.Module, shard: Shard) -> nn.Module:
    """Keep `shard`'s slices of a full `Qwen4ExpForCausalLM` (before `init_state`, which then sizes
    the KV caches and GDN state to the local heads); raises `ParallelError` naming the dimensions
    the group size does not divide."""
    check_divisible(model.config, shard.size)
    if getattr(model, "max_num_seqs", 0):
        raise ParallelError("shard_model must run before init_state: the state is sized by the local heads")
    if shard.size == 1:
        return model
    for layer in model.model.layers:
        if layer.is_linear:
            _shard_gdn(layer.linear_attn, shard)
        else:
            _shard_attention(layer.self_attn, shard)
        _shard_moe(layer.mlp, shard)
    return model
