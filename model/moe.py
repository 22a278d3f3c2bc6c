"""Sparse MoE: softmax router, top-k (renormalised), routed SwiGLU experts, sigmoid-gated shared expert.

On CUDA the routed experts are `model.kernels.fused_moe`: pairs grouped by expert, weights read in
place, float32 accumulation and a fixed-order sum. Elsewhere (`Experts.reference`, also the oracle
of the kernels), few tokens gather the chosen experts and add their contributions in ascending
expert id in the activation dtype, the order and rounding of the reference; many tokens run every
expert in working-set groups and sum in float32, rounding once. The shared expert stays a dense MLP
beside the routed ones, outside the `experts` region; the router, the shared expert's gate and its
gate and up projections all read the MoE input, so they are one GEMM once merged (`model/fuse.py`).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from model.config import Qwen4ExpConfig
from model.fuse import Projections, project
from model.quant.formats import dequant_fp8_block
from model.quant.pack import pack_fp8_block
from model.regions import region
from model.working_set import chunks


class MLP(nn.Module):
    """The shared expert: a SwiGLU whose gate and up projections run in `SparseMoE`'s input GEMMs."""

    def __init__(self, hidden: int, intermediate: int):
        super().__init__()
        self.gate_proj = nn.Linear(hidden, intermediate, bias=False)
        self.up_proj = nn.Linear(hidden, intermediate, bias=False)
        self.down_proj = nn.Linear(intermediate, hidden, bias=False)

    def forward(self, gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
        """`down(silu(gate) * up)` from the input's gate and up projections."""
        return self.down_proj(F.silu(gate) * up)


class Router(nn.Module):
    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        self.top_k, self.norm_topk = config.num_experts_per_tok, config.norm_topk_prob
        self.weight = nn.Parameter(torch.zeros(config.num_experts, config.hidden_size))

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """→ (weights `[N, k]` in the activation dtype, expert ids `[N, k]`)."""
        return self.route(F.linear(x, self.weight))

    def route(self, logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """`forward` from the router logits `x W^T` (computed in the MoE's input GEMM)."""
        probs = torch.softmax(logits, dim=-1, dtype=torch.float)
        top, idx = torch.topk(probs, self.top_k, dim=-1)
        if self.norm_topk:
            top = top / top.sum(dim=-1, keepdim=True)
        return top.to(logits.dtype), idx


class Experts(nn.Module):
    """All routed experts as two stacked tensors: `gate_up_proj [E, 2I, d]` (gate rows first), `down_proj [E, d, I]`.

    `keep_fp8_block` swaps them for a checkpoint's block-FP8 codes and scales: the CUDA kernel reads
    those in place; the torch path dequantises them per call (exactly the weights a dequantised
    load holds).
    """

    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        e, i, d = config.num_experts, config.moe_intermediate_size, config.hidden_size
        self.num_experts = e
        self.gate_up_proj = nn.Parameter(torch.empty(e, 2 * i, d))
        self.down_proj = nn.Parameter(torch.empty(e, d, i))
        self.fp8_block: tuple[int, int] | None = None  # (bn, bk) of `gate_up_scale` / `down_scale` when kept FP8

    def keep_fp8_block(
        self,
        gate_up: torch.Tensor,
        gate_up_scale: torch.Tensor,
        down: torch.Tensor,
        down_scale: torch.Tensor,
        block: tuple[int, int],
    ) -> None:
        """Hold E4M3 codes `gate_up [E, 2I, d]`, `down [E, d, I]` (float8_e4m3fn) with float32 scales
        `[E, ceil(rows/bn), ceil(cols/bk)]` for `block = (bn, bk)`, in place of the dense weights."""
        for name, codes, like in (("gate_up", gate_up, self.gate_up_proj), ("down", down, self.down_proj)):
            if codes.shape != like.shape or codes.dtype != torch.float8_e4m3fn:
                raise ValueError(
                    f"experts {name}: expected float8_e4m3fn {list(like.shape)}, got {codes.dtype} {list(codes.shape)}"
                )
        self.gate_up_proj = nn.Parameter(gate_up, requires_grad=False)
        self.down_proj = nn.Parameter(down, requires_grad=False)
        self.register_buffer("gate_up_scale", gate_up_scale.float())
        self.register_buffer("down_scale", down_scale.float())
        self.fp8_block = block

    def pack_fp8_block(self, block: tuple[int, int] = (128, 128)) -> None:
        """Quantise the dense experts to block FP8 in memory (`amax / 448` per block, as a block-FP8
        checkpoint stores them; one block may span the gate/up seam, which the kernel allows)."""
        gate_up, gate_up_scale = pack_fp8_block(self.gate_up_proj.detach(), block)
        down, down_scale = pack_fp8_block(self.down_proj.detach(), block)
        self.keep_fp8_block(gate_up, gate_up_scale, down, down_scale, block)

    @region("experts")
    def forward(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        if x.is_cuda:
            from model.kernels.fused_moe import fused_moe  # Triton: CUDA builds of torch bring it, CPU ones may not

            if self.fp8_block is None:
                return fused_moe(x, weights, ids, self.gate_up_proj, self.down_proj)
            return fused_moe(
                x,
                weights,
                ids,
                self.gate_up_proj,
                self.down_proj,
                gate_up_scale=self.gate_up_scale,
                down_scale=self.down_scale,
                block=self.fp8_block,
            )
        return self.reference(x, weights, ids)

    def dense_weights(self, dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
        """`(gate_up, down)` as dense `dtype` tensors: the parameters, or the FP8 codes dequantised."""
        if self.fp8_block is None:
            return self.gate_up_proj, self.down_proj
        return (
            dequant_fp8_block(self.gate_up_proj, self.gate_up_scale, self.fp8_block).to(dtype),
            dequant_fp8_block(self.down_proj, self.down_scale, self.fp8_block).to(dtype),
        )

    def reference(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        """The torch implementation: the CPU path, and the oracle of the CUDA kernels."""
        n, k = ids.shape
        gate_up, down = self.dense_weights(x.dtype)
        # Gathering copies the chosen experts (about 3 passes over n*k of them); the dense path reads
        # all E once. Gather only while that is less traffic.
        if 3 * n * k <= self.num_experts:
            return self._gathered(x, weights, ids, gate_up, down)
        return self._dense(x, weights, ids, gate_up, down)

    def _expert(self, x: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor) -> torch.Tensor:
        gate, up = torch.matmul(x, gate_up.transpose(-1, -2)).chunk(2, dim=-1)
        return torch.matmul(F.silu(gate) * up, down.transpose(-1, -2))

    def _gathered(
        self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor
    ) -> torch.Tensor:
        """Few tokens: read only the chosen experts' weights (what decode is bound by).

        The gathered copies go a few tokens at a time, within the working-set budget; one token's
        experts are never split, so a single decode token costs one gather per projection.
        """
        ids, order = ids.sort(dim=-1)
        weights = weights.gather(1, order)
        token_bytes = ids.shape[1] * (gate_up[0].nbytes + down[0].nbytes)
        outs = [
            self._gathered_rows(x[rows], weights[rows], gate_up[ids[rows]], down[ids[rows]])
            for rows in chunks(ids.shape[0], token_bytes)
        ]
        return outs[0] if len(outs) == 1 else torch.cat(outs)

    def _gathered_rows(
        self, x: torch.Tensor, weights: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor
    ) -> torch.Tensor:
        """One chunk of `_gathered`: the chosen experts of each token (`gate_up`/`down` gathered by its
        sorted ids), added in routing-id order."""
        h = self._expert(x[:, None, None, :], gate_up, down)[:, :, 0]
        h = h * weights[..., None]
        out = torch.zeros_like(x)
        for j in range(h.shape[1]):
            out = out + h[:, j].to(x.dtype)
        return out

    def _dense(
        self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor
    ) -> torch.Tensor:
        """Many tokens: every expert on every token, weighted by its (often zero) routing weight.

        Experts go in groups that fit the working set: one GEMM over the group's stacked gate/up
        rows, one batched GEMM for their down projections, and the weighted sum over the group in
        float32, so a group costs a handful of kernels instead of a handful per expert (a loop over
        128 experts was launch-bound on the H200). The result is rounded once, after all experts.
        """
        n, d = x.shape
        e, two_i, _ = gate_up.shape
        dense_w = torch.zeros(n, e, dtype=weights.dtype, device=x.device)
        dense_w.scatter_(1, ids, weights)
        acc = torch.zeros(n, d, dtype=torch.float32, device=x.device)
        row_bytes = n * (2 * two_i + 2 * d) * x.element_size()  # gate/up, activation, down output, weighted
        for group in chunks(e, row_bytes):
            acc += self._dense_group(x, dense_w[:, group], gate_up[group], down[group])
        return acc.to(x.dtype)

    def _dense_group(
        self, x: torch.Tensor, weights: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor
    ) -> torch.Tensor:
        """One group of `_dense` (`gate_up`/`down` its experts' slices): its weighted float32 sum
        `[n, d]`. The group's temporaries die when this returns, before the next group's GEMMs."""
        n, g = weights.shape
        gate, up = torch.mm(x, gate_up.flatten(0, 1).t()).view(n, g, -1).chunk(2, dim=-1)
        h = torch.bmm((F.silu(gate) * up).transpose(0, 1), down.transpose(-1, -2))  # [g, n, d]
        return torch.sum(h * weights.t()[..., None], dim=0, dtype=torch.float32)


MOE_INPUT = Projections(
    "merged_router_shared", ("gate", "shared_expert_gate", "shared_expert.gate_proj", "shared_expert.up_proj")
)


class SparseMoE(nn.Module):
    PROJECTIONS = (MOE_INPUT,)

    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        self.gate = Router(config)
        self.experts = Experts(config)
        self.shared_expert = MLP(config.hidden_size, config.shared_expert_intermediate_size)
        self.shared_expert_gate = nn.Linear(config.hidden_size, 1, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logits, shared_gate, gate, up = project(self, MOE_INPUT, x)
        shared = self.shared_expert(gate, up)
        weights, ids = self.gate.route(logits)
        routed = self.experts(x, weights, ids)
        return routed + torch.sigmoid(shared_gate) * shared
