"""Gated-residual hyper-connections: `n` residual streams, a dynamic element-wise read, a `2·sigmoid` write.

    Ĥ = hc_norm(H);  G = sigmoid(W_up silu(W_down Ĥ / n));  x = mean_s(G_s ⊙ Ĥ_s)
    w = 2 sigmoid(W_inj Ĥ / n);  H_s ← H_s + w_s F(x)
The final mixer is the same read without the write. `W_down` and `W_inj` both read Ĥ, so the read
computes the injection weights too (one GEMM once merged) and hands them to the write. On CUDA the
read is one op (`model/kernels/hc_read.py`): two Triton kernels at decode sizes where torch needs eight
launches, torch's read (that Inductor fuses) above.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from model.config import Qwen4ExpConfig
from model.fuse import SKINNY_PLANS, Projections, is_dense, merged_weight, project
from model.kernels import use_kernels
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

    def kernel_read(
        self, h: torch.Tensor, w_down: torch.Tensor | None, n_inject: int, down_plan: list[int]
    ) -> tuple[torch.Tensor, torch.Tensor] | None:
        """(x, injection weights) from the read op, or None where it does not apply: on CUDA, with dense
        weights and a geometry the kernels take. The op runs the kernels at decode sizes and its torch
        twin above them; a compile range past those sizes traces the twin (`DECODE_ONLY`)."""
        up = self.input_mix_weight_up
        if w_down is None or not use_kernels(h) or not is_dense(up):
            return None
        from model.kernels.hc_read import hc_read, supported  # Triton: imported only on CUDA

        if not supported(self.n, self.d, up.weight.shape[1]):
            return None
        up_plan = list(getattr(up, "plan", ()))  # a `SkinnyLinear`'s
        return hc_read(
            h, self.hc_norm.weight, w_down, up.weight, self.n, n_inject, self.hc_norm.eps, down_plan, up_plan
        )

    def read(self, h: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """→ (sublayer input `[N, d]`, injection weights `[N, n]` for `write`)."""
        plan = getattr(self, SKINNY_PLANS, {}).get(HC_INPUT.merged, [])
        fused = self.kernel_read(h, merged_weight(self, HC_INPUT), self.n, plan)
        if fused is not None:
            return fused
        hn = self.hc_norm(h)
        down, inject = project(self, HC_INPUT, hn)
        return self.mix(hn, down), 2 * torch.sigmoid(inject / self.n)

    def write(self, h: torch.Tensor, inject: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        """Add the sublayer output `y [N, d]` into every stream with its injection weight."""
        return h + (y.unsqueeze(-2) * inject.unsqueeze(-1)).flatten(-2)
