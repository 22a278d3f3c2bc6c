"""Sparse MoE: softmax router, top-k (renormalised), routed SwiGLU experts, sigmoid-gated shared expert.

On CUDA the routed experts are `model.kernels.fused_moe`: pairs grouped by expert, weights read in
place, float32 accumulation and a fixed-order sum. Elsewhere (`Experts.reference`, also the oracle
of the kernels), few tokens gather the chosen experts and add their contributions in ascending
expert id in the activation dtype, the order and rounding of the reference; many tokens run every
expert in working-set groups and sum in float32, rounding once. The shared expert is a dense MLP
beside the routed ones: the router, its gate and its gate and up projections all read the MoE input,
so they are one GEMM once merged (`model/fuse.py`); its down projection and gated add lie inside
the `experts` region: on CUDA the fused MoE's down kernel takes a dense shared expert beside dense
experts as more row blocks, and every path adds it to the routed sum in float32, rounded once.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from model.config import Qwen4ExpConfig
from model.fuse import Projections, is_dense, project
from model.kernels import use_kernels
from model.quant.experts import EXPERT_FORMATS, NVFP4_KINDS, dequant_experts, pack_experts, stored_shapes
from model.regions import region
from model.working_set import chunks

FP8_BLOCK = (128, 128)  # the official release's block-FP8 (bn, bk)


class MLP(nn.Module):
    """The shared expert: a SwiGLU whose gate and up projections run in `SparseMoE`'s input GEMMs."""

    def __init__(self, hidden: int, intermediate: int):
        super().__init__()
        self.gate_proj = nn.Linear(hidden, intermediate, bias=False)
        self.up_proj = nn.Linear(hidden, intermediate, bias=False)
        self.down_proj = nn.Linear(intermediate, hidden, bias=False)

    def forward(self, gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
        """`down(silu(gate) * up)` from the input's gate and up projections."""
        return self.down_proj(self.act(gate, up))

    @staticmethod
    def act(gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
        """`silu(gate) * up`, the down projection's input."""
        return F.silu(gate) * up


class Router(nn.Module):
    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        self.top_k, self.norm_topk = config.num_experts_per_tok, config.norm_topk_prob
        self.weight = nn.Parameter(torch.zeros(config.num_experts, config.hidden_size))

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """→ (weights `[N, k]` in the activation dtype, expert ids `[N, k]`)."""
        return self.route(F.linear(x, self.weight))

    def route(self, logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """`forward` from the router logits `x W^T` (computed in the MoE's input GEMM); on CUDA one
        Triton kernel (`model/kernels/router.py`: the same math, the lowest id winning a tie)."""
        if use_kernels(logits):
            from model.kernels.router import route_topk  # Triton: imported only on CUDA

            return route_topk(logits, self.top_k, self.norm_topk)
        probs = torch.softmax(logits, dim=-1, dtype=torch.float)
        top, idx = torch.topk(probs, self.top_k, dim=-1)
        if self.norm_topk:
            top = top / top.sum(dim=-1, keepdim=True)
        return top.to(logits.dtype), idx


class Experts(nn.Module):
    """All routed experts as two stacked tensors: `gate_up_proj [E, 2I, d]` (gate rows first), `down_proj [E, d, I]`.

    `keep_quantised` swaps them for a checkpoint's stored codes and scales (block FP8, MXFP8 or NVFP4,
    `model.quant.experts`): the CUDA kernel reads those in place; the torch path dequantises them per
    call (exactly the weights a dequantised load holds).
    """

    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        e, i, d = config.num_experts, config.moe_intermediate_size, config.hidden_size
        self.num_experts = e
        self.gate_up_proj = nn.Parameter(torch.empty(e, 2 * i, d))
        self.down_proj = nn.Parameter(torch.empty(e, d, i))
        self.quant: str | None = None  # the stored format of the kept codes, None for dense weights
        self.block = FP8_BLOCK  # block FP8's (bn, bk) when kept in it

    def keep_quantised(
        self,
        quant: str,
        gate_up: tuple[torch.Tensor, torch.Tensor, torch.Tensor | None],
        down: tuple[torch.Tensor, torch.Tensor, torch.Tensor | None],
        block: tuple[int, int] = FP8_BLOCK,
    ) -> None:
        """Hold each projection's stored (codes, scales, NVFP4 per-row `scale_2` or None) in `quant`'s
        layout (`model.quant.experts`; `block` is block FP8's) in place of the dense weights, or raise
        ValueError naming the projection and format."""
        if quant not in EXPERT_FORMATS:
            raise ValueError(f"experts: format must be one of {list(EXPERT_FORMATS)}, got {quant!r}")
        if self.quant is None:  # the logical [E, N, K] of each projection (as sharded, under tensor parallelism)
            self.shapes = {"gate_up": tuple(self.gate_up_proj.shape), "down": tuple(self.down_proj.shape)}
        for name, (codes, scale, scale_2) in (("gate_up", gate_up), ("down", down)):
            e, n, k = self.shapes[name]
            want_codes, want_scale = stored_shapes(quant, n, k, block)
            want = ([e, *want_codes], [e, *want_scale], [e, n] if quant in NVFP4_KINDS else None)
            got = (list(codes.shape), list(scale.shape), None if scale_2 is None else list(scale_2.shape))
            if got != want:
                raise ValueError(f"experts {name} in {quant}: expected (codes, scales, scale_2) {want}, got {got}")
            code_dtypes = (torch.uint8,) if quant in NVFP4_KINDS else (torch.float8_e4m3fn, torch.uint8)
            if codes.dtype not in code_dtypes:
                raise ValueError(f"experts {name} in {quant}: codes must be {code_dtypes[0]}, got {codes.dtype}")
        self.gate_up_proj = nn.Parameter(gate_up[0], requires_grad=False)
        self.down_proj = nn.Parameter(down[0], requires_grad=False)
        for name, (_, scale, scale_2) in (("gate_up", gate_up), ("down", down)):
            self.register_buffer(f"{name}_scale", scale.float() if quant == "fp8_block" else scale)
            self.register_buffer(f"{name}_scale_2", None if scale_2 is None else scale_2.float())
        self.quant, self.block = quant, block

    def pack(self, quant: str, block: tuple[int, int] = FP8_BLOCK) -> None:
        """Quantise the dense experts in memory as a checkpoint stores them (`pack_experts`: block FP8
        `amax / 448` per block, one of which may span the gate/up seam, which the kernel allows; MXFP8
        by OCP's rule; NVFP4 with one `scale_2` per expert's gate, up and down tensor)."""
        gate_up = pack_experts(quant, self.gate_up_proj.detach(), 2, block)
        down = pack_experts(quant, self.down_proj.detach(), 1, block)
        self.keep_quantised(quant, gate_up, down, block)

    def stored(self) -> dict[str, object]:
        """The fused MoE's keyword arguments for the kept format (none for dense weights)."""
        if self.quant is None:
            return {}
        return {
            "quant": self.quant,
            "gate_up_scale": self.gate_up_scale,
            "down_scale": self.down_scale,
            "gate_up_scale_2": self.gate_up_scale_2,
            "down_scale_2": self.down_scale_2,
            "block": self.block,
        }

    def forward(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        """On CUDA the fused kernels, else `reference`."""
        if x.is_cuda:
            from model.kernels.fused_moe import fused_moe  # Triton: CUDA builds of torch bring it, CPU ones may not

            return fused_moe(x, weights, ids, self.gate_up_proj, self.down_proj, **self.stored())
        return self.reference(x, weights, ids)

    def dense_weights(self, dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
        """`(gate_up, down)` as dense `dtype` tensors: the parameters, or the kept codes dequantised."""
        if self.quant is None:
            return self.gate_up_proj, self.down_proj
        return tuple(
            dequant_experts(self.quant, codes, scale, scale_2, self.block).to(dtype)
            for codes, scale, scale_2 in (
                (self.gate_up_proj, self.gate_up_scale, self.gate_up_scale_2),
                (self.down_proj, self.down_scale, self.down_scale_2),
            )
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
        weights, ids = self.gate.route(logits)
        return self.expert_sum(x, weights, ids, self.shared_expert.act(gate, up), shared_gate)

    @region("experts")
    def expert_sum(
        self,
        x: torch.Tensor,
        weights: torch.Tensor,
        ids: torch.Tensor,
        shared: torch.Tensor,
        shared_gate: torch.Tensor,
        *,
        out: torch.Tensor | None = None,
    ) -> torch.Tensor:
        """`sum_j w_j E_j(x) + sigmoid(g) W_sd s`: the routed experts and the shared expert's down
        projection of its activation `s` in one region, added in float32 and rounded once (as
        Inductor does when the sum lies outside), written into `out` when given (the region op's
        buffer). On CUDA a dense shared down projection of dense experts' shape runs in the fused MoE's
        down kernel, any other is added in its sum kernel."""
        down, experts = self.shared_expert.down_proj, self.experts
        if not x.is_cuda:
            routed = experts(x, weights, ids).float()
            mixed = routed + torch.sigmoid(shared_gate.float()) * down(shared).float()
            return mixed.to(x.dtype) if out is None else out.copy_(mixed)
        from model.kernels.fused_moe import fused_moe  # Triton: imported only on CUDA

        w = (experts.gate_up_proj, experts.down_proj, None)
        hidden, inter = x.shape[1], experts.gate_up_proj.shape[1] // 2
        folds = experts.quant is None and is_dense(down) and down.weight.dtype == x.dtype
        if folds and tuple(down.weight.shape) == (hidden, inter):
            folded = (shared, shared_gate, down.weight)
            return fused_moe(x, weights, ids, *w, **experts.stored(), shared=folded, out=out)
        return fused_moe(x, weights, ids, *w, **experts.stored(), shared_out=(down(shared), shared_gate), out=out)
