"""Sparse MoE: softmax router, top-k (renormalised), routed SwiGLU experts, sigmoid-gated shared expert.

Expert contributions are summed in ascending expert id, the order the reference accumulates them,
so the eager path reproduces its rounding.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from model.config import Qwen4ExpConfig
from model.regions import region
from model.working_set import chunks


class MLP(nn.Module):
    def __init__(self, hidden: int, intermediate: int):
        super().__init__()
        self.gate_proj = nn.Linear(hidden, intermediate, bias=False)
        self.up_proj = nn.Linear(hidden, intermediate, bias=False)
        self.down_proj = nn.Linear(intermediate, hidden, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Router(nn.Module):
    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        self.top_k, self.norm_topk = config.num_experts_per_tok, config.norm_topk_prob
        self.weight = nn.Parameter(torch.zeros(config.num_experts, config.hidden_size))

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """→ (weights `[N, k]` in the activation dtype, expert ids `[N, k]`)."""
        logits = F.linear(x, self.weight)
        probs = torch.softmax(logits, dim=-1, dtype=torch.float)
        top, idx = torch.topk(probs, self.top_k, dim=-1)
        if self.norm_topk:
            top = top / top.sum(dim=-1, keepdim=True)
        return top.to(logits.dtype), idx


class Experts(nn.Module):
    """All routed experts as two stacked tensors: `gate_up_proj [E, 2I, d]` (gate rows first), `down_proj [E, d, I]`."""

    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        e, i, d = config.num_experts, config.moe_intermediate_size, config.hidden_size
        self.num_experts = e
        self.gate_up_proj = nn.Parameter(torch.empty(e, 2 * i, d))
        self.down_proj = nn.Parameter(torch.empty(e, d, i))

    @region("experts")
    def forward(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        n, k = ids.shape
        # Gathering copies the chosen experts (about 3 passes over n*k of them) where the dense loop
        # reads all E once, but the loop launches ~8 kernels per expert: at E=128, k=10 (H200, batch 8)
        # the loop ran at 158 tok/s and gathering at 420. Gather while n*k <= E.
        if n * k <= self.num_experts:
            return self._gathered(x, weights, ids)
        return self._dense(x, weights, ids)

    def _expert(self, x: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor) -> torch.Tensor:
        gate, up = torch.matmul(x, gate_up.transpose(-1, -2)).chunk(2, dim=-1)
        return torch.matmul(F.silu(gate) * up, down.transpose(-1, -2))

    def _gathered(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        """Few tokens: read only the chosen experts' weights (what decode is bound by).

        The gathered copies go a few expert choices at a time, within the working-set budget.
        """
        ids, order = ids.sort(dim=-1)
        weights = weights.gather(1, order)
        expert_bytes = self.gate_up_proj[0].nbytes + self.down_proj[0].nbytes
        out = torch.zeros_like(x)
        for cols in chunks(ids.shape[1], ids.shape[0] * expert_bytes):
            sub = ids[:, cols]
            h = self._expert(x[:, None, None, :], self.gate_up_proj[sub], self.down_proj[sub])[:, :, 0]
            h = h * weights[:, cols, None]
            for j in range(h.shape[1]):
                out = out + h[:, j].to(x.dtype)
        return out

    def _dense(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        """Many tokens: every expert on every token, weighted by its (often zero) routing weight."""
        dense_w = torch.zeros(x.shape[0], self.num_experts, dtype=weights.dtype, device=x.device)
        dense_w.scatter_(1, ids, weights)
        out = torch.zeros_like(x)
        for e in range(self.num_experts):
            h = self._expert(x, self.gate_up_proj[e], self.down_proj[e]) * dense_w[:, e, None]
            out = out + h.to(x.dtype)
        return out


class SparseMoE(nn.Module):
    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        self.gate = Router(config)
        self.experts = Experts(config)
        self.shared_expert = MLP(config.hidden_size, config.shared_expert_intermediate_size)
        self.shared_expert_gate = nn.Linear(config.hidden_size, 1, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shared = self.shared_expert(x)
        weights, ids = self.gate(x)
        routed = self.experts(x, weights, ids)
        return routed + torch.sigmoid(self.shared_expert_gate(x)) * shared
