"""Gated-residual hyper-connections: `n` residual streams, a dynamic element-wise read, a `2·sigmoid` write.

    Ĥ = hc_norm(H);  G = sigmoid(W_up silu(W_down Ĥ / n));  x = mean_s(G_s ⊙ Ĥ_s)
    w = 2 sigmoid(W_inj Ĥ / n);  H_s ← H_s + w_s F(x)
The final mixer is the same read without the write. `W_down` and `W_inj` both read Ĥ, so the read
computes the injection weights too (one GEMM once merged) and hands them to the write.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from model.config import Qwen4ExpConfig
from model.fuse import Projections, project
from model.norm import RMSNorm

HC_INPUT = Projections("merged_down_inject", ("input_mix_weight_down", "block_inject_weight"))


class GatedResidual(nn.Module):
    PROJECTIONS = (HC_INPUT,)

    def __init__(self, config: Qwen4ExpConfig, combine: bool = True):
        super().__init__()
        self.n, self.d = config.hc_count, config.hidden_size
        self.hc_norm = RMSNorm(self.n * self.d, config.rms_norm_eps, group_size=self.d)
        self.input_mix_weight_down = nn.Linear(self.n * self.d, config.hc_lowrank, bias=False)
        self.input_mix_weight_up = nn.Linear(config.hc_lowrank, self.n * self.d, bias=False)
        self.block_inject_weight = nn.Linear(self.n * self.d, self.n, bias=False) if combine else None

    def mix(self, hn: torch.Tensor, down: torch.Tensor) -> torch.Tensor:
        """The sublayer input `[N, d]` from the normed streams `hn` and their `W_down` projection."""
        gate = torch.sigmoid(self.input_mix_weight_up(F.silu(down / self.n)))
        return (gate.unflatten(-1, (self.n, self.d)) * hn.unflatten(-1, (self.n, self.d))).mean(dim=-2)

    def read(self, h: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """→ (sublayer input `[N, d]`, injection weights `[N, n]` for `write`)."""
        hn = self.hc_norm(h)
        down, inject = project(self, HC_INPUT, hn)
        return self.mix(hn, down), 2 * torch.sigmoid(inject / self.n)

    def write(self, h: torch.Tensor, inject: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        """Add the sublayer output `y [N, d]` into every stream with its injection weight."""
        return h + (y.unsqueeze(-2) * inject.unsqueeze(-1)).flatten(-2)
