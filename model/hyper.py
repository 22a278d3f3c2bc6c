"""Gated-residual hyper-connections: `n` residual streams, a dynamic element-wise read, a `2·sigmoid` write.

    Ĥ = hc_norm(H);  G = sigmoid(W_up silu(W_down Ĥ / n));  x = mean_s(G_s ⊙ Ĥ_s)
    w = 2 sigmoid(W_inj Ĥ / n);  H_s ← H_s + w_s F(x)
The final mixer is the same read without the write. `W_down` and `W_inj` both read Ĥ, so the read
computes the injection weights too (one GEMM once merged) and hands them to the write.

On CUDA, with dense weights, the read is one op, `qcompile::hc_read`: two Triton kernels
(`model/kernels/hc_read.py`) up to `HC_READ_ROWS` rows, where torch needs eight launches, and above
them `read_torch`, which is also the op's twin `qcompile::hc_read_torch`. One Dynamo trace serves
every compile range, so the backend gives a range past those rows the twin, whose torch ops Inductor
fuses there. The write is the op `qcompile::hc_write` (its torch ops, for Inductor), so the compiler
can fold a write and the read of what it wrote into `qcompile::hc_write_read`, whose kernels form the
written streams as they read them: the read's first kernel does the write instead of a launch of its
own. The model's source keeps the two calls; the region table (`qcompile/ops/qwen4_exp.py`) declares
the twins and the fold.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from model.config import Qwen4ExpConfig
from model.fuse import ALIGN, SKINNY_PLANS, Projections, is_dense, linear_planned, merged_weight, project
from model.kernels import HC_READ_ROWS, use_kernels
from model.kernels.library import define_op
from model.norm import RMSNorm, centered_rms_norm

HC_INPUT = Projections("merged_down_inject", ("input_mix_weight_down", "block_inject_weight"))


def stream_mean(gate: torch.Tensor, hn: torch.Tensor, n: int, d: int) -> torch.Tensor:
    """`mean_s(G_s ⊙ Ĥ_s)`: the sublayer input `[N, d]` from the gate and the normed streams `[N, n·d]`."""
    return (gate.unflatten(-1, (n, d)) * hn.unflatten(-1, (n, d))).mean(dim=-2)


def read_torch(
    h: torch.Tensor,
    norm_weight: torch.Tensor,
    w_down: torch.Tensor,
    w_up: torch.Tensor,
    n: int,
    inject_row: int,
    n_inject: int,
    eps: float,
    down_plan: list[int],
    up_plan: list[int],
) -> tuple[torch.Tensor, torch.Tensor]:
    """The read with dense weights, as `GatedResidual.read` computes it: `w_down` holds the low-rank rows
    first and the `n_inject` injection rows from `inject_row`; the GEMMs run under their skinny plans
    (`[]`: `F.linear`)."""
    d, lowrank = h.shape[-1] // n, w_up.shape[1]
    hn = centered_rms_norm(h, norm_weight, eps, d)
    y = linear_planned(hn, w_down, down_plan)
    gate = torch.sigmoid(linear_planned(F.silu(y[..., :lowrank] / n), w_up, up_plan))
    return stream_mean(gate, hn, n, d), 2 * torch.sigmoid(y[..., inject_row : inject_row + n_inject] / n)


def write_torch(h: torch.Tensor, inject: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """`H_s + w_s y`: the sublayer output `y [N, d]` into every stream `h [N, n·d]` with its weight `inject [N, n]`."""
    return h + (y.unsqueeze(-2) * inject.unsqueeze(-1)).flatten(-2)


def write_read_torch(
    h: torch.Tensor, inject: torch.Tensor, y: torch.Tensor, *operands: Any
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """`write_torch`, then `read_torch` (its other arguments) of the result → (written h, x, injection weights)."""
    h = write_torch(h, inject, y)
    return (h, *read_torch(h, *operands))


def _read(h: torch.Tensor, *operands: Any) -> tuple[torch.Tensor, torch.Tensor]:
    """The op: `h` and the schema's other arguments, those of `read_torch`."""
    if h.shape[0] <= HC_READ_ROWS and use_kernels(h):
        from model.kernels.hc_read import hc_read_kernels  # Triton: imported only where kernels run

        return hc_read_kernels(h, *operands[:7])  # the plans are the twin's
    return read_torch(h, *operands)


def _write_read(
    h: torch.Tensor, inject: torch.Tensor, y: torch.Tensor, *operands: Any
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The write-and-read op: `h`, the write's weights and `y`, then the read's schema arguments."""
    if h.shape[0] <= HC_READ_ROWS and use_kernels(h):
        from model.kernels.hc_read import hc_write_read_kernels  # Triton: imported only where kernels run

        return hc_write_read_kernels(h, inject, y, *operands[:7])
    return write_read_torch(h, inject, y, *operands)


def _read_fake(
    h: torch.Tensor, norm_weight: torch.Tensor, w_down: torch.Tensor, w_up: torch.Tensor, n: int, *rest: Any
) -> tuple[torch.Tensor, torch.Tensor]:
    return h.new_empty(h.shape[0], h.shape[1] // n), h.new_empty(h.shape[0], rest[1])


def _write_read_fake(
    h: torch.Tensor, inject: torch.Tensor, y: torch.Tensor, *operands: Any
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return (torch.empty_like(h), *_read_fake(h, *operands))


# Ops of the one namespace (`model.kernels.library`). Each twin is CompositeImplicitAutograd: tracing
# it records its torch ops, not a call. What the compiler does with them (folds, decode-only twins)
# is declared with the model's regions (`qcompile/ops/qwen4_exp.py`).
_READ_ARGS = (
    "Tensor norm_weight, Tensor w_down, Tensor w_up, int n, int inject_row, int n_inject, float eps, int[] down_plan,"
    " int[] up_plan"
)
_SCHEMA = f"(Tensor h, {_READ_ARGS}) -> (Tensor, Tensor)"
_WRITE_SCHEMA = f"(Tensor h, Tensor inject, Tensor y, {_READ_ARGS}) -> (Tensor, Tensor, Tensor)"
hc_write = define_op("hc_write(Tensor h, Tensor inject, Tensor y) -> Tensor", write_torch, "CompositeImplicitAutograd")
hc_read = define_op("hc_read" + _SCHEMA, _read, "CompositeExplicitAutograd", _read_fake)
hc_read_torch = define_op("hc_read_torch" + _SCHEMA, read_torch, "CompositeImplicitAutograd")
hc_write_read = define_op("hc_write_read" + _WRITE_SCHEMA, _write_read, "CompositeExplicitAutograd", _write_read_fake)
hc_write_read_torch = define_op("hc_write_read_torch" + _WRITE_SCHEMA, write_read_torch, "CompositeImplicitAutograd")


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
        return stream_mean(torch.sigmoid(self.input_mix_weight_up(F.silu(down / self.n))), hn, self.n, self.d)

    def read_operands(
        self, h: torch.Tensor, w_down: torch.Tensor | None, n_inject: int, down_plan: list[int]
    ) -> tuple[Any, ...] | None:
        """The read op's arguments after `h`, or None where the op does not apply: on CUDA, with dense
        weights and a geometry the kernels take."""
        up = self.input_mix_weight_up
        if w_down is None or not use_kernels(h) or not is_dense(up):
            return None
        from model.kernels.hc_read import supported  # Triton: imported only on CUDA

        lowrank = up.weight.shape[1]
        if not supported(self.n, self.d, lowrank):
            return None
        inject_row = lowrank + (-lowrank % ALIGN)  # the merged layout (`model.fuse`)
        up_plan = list(getattr(up, "plan", ()))  # a `SkinnyLinear`'s
        return (
            self.hc_norm.weight,
            w_down,
            up.weight,
            self.n,
            inject_row,
            n_inject,
            self.hc_norm.eps,
            down_plan,
            up_plan,
        )

    def _merged_operands(self, h: torch.Tensor) -> tuple[Any, ...] | None:
        """`read_operands` of the merged down and injection weight, under its skinny plan."""
        plan = getattr(self, SKINNY_PLANS, {}).get(HC_INPUT.merged, [])
        return self.read_operands(h, merged_weight(self, HC_INPUT), self.n, plan)

    def read(self, h: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """→ (sublayer input `[N, d]`, injection weights `[N, n]` for `write`)."""
        operands = self._merged_operands(h)
        if operands is not None:
            return hc_read(h, *operands)
        hn = self.hc_norm(h)
        down, inject = project(self, HC_INPUT, hn)
        return self.mix(hn, down), 2 * torch.sigmoid(inject / self.n)

    def write(self, h: torch.Tensor, inject: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        """Add the sublayer output `y [N, d]` into every stream with its injection weight (from `read`)."""
        return hc_write(h, inject, y)
