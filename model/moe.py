"""Sparse MoE: softmax router, top-k (renormalised), routed SwiGLU experts, sigmoid-gated shared expert.

On CUDA the routed experts are `model.kernels.fused_moe`: pairs grouped by expert, weights read in
place, float32 accumulation and a fixed-order sum. Elsewhere (`Experts.reference`, also the oracle
of the kernels), each chosen expert runs on the tokens that chose it; few tokens add their
contributions in ascending expert id in the activation dtype, the order and rounding of the
reference; many tokens sum them in float32 over working-set groups of experts, rounding once.
Offloaded experts (`Experts.offload`, `model/expert_cache.py`) are read through device slots: the
kernels get the slots and the ids remapped to them round by round (the fused MoE's `later`), the
reference each round's slots, so the outputs are bitwise those of resident experts. The shared expert is a dense MLP
beside the routed ones: the router, its gate and its gate and up projections all read the MoE input,
so they are one GEMM once merged (`model/fuse.py`); its down projection and gated add lie inside
the `experts` region: on CUDA the fused MoE's down kernel takes a dense shared expert beside dense
experts as more row blocks, and every path adds it to the routed sum in float32, rounded once.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

import torch
import torch.nn.functional as F
from torch import nn

from model.config import Qwen4ExpConfig
from model.expert_cache import ExpertCache
from model.fuse import Projections, is_dense, project
from model.kernels import use_kernels
from model.quant.experts import EXPERT_FORMATS, NVFP4_KINDS, dequant_experts, pack_experts, stored_shapes
from model.regions import region
from model.working_set import chunks

FP8_BLOCK = (128, 128)  # the official release's block-FP8 (bn, bk)
# the stored tensors of routed experts: codes (or dense weights), then the kept formats' scales
# `--moe-activation-dtype`: the routed experts' GEMM inputs in the model's dtype, or FP8 (w8a8, block-FP8 experts)
MOE_ACTIVATION_DTYPES = ("auto", "fp8")
# FP8 activations apply to steps with more routing pairs per expert than this: the fused MoE's 64-row tile class
# (`fused_moe.default_tiles`), which Hopper multiplies with FP8 wgmma; its 16-row tiles are Triton's mma.sync,
# which converts FP8 operands to float16 there. Decode steps stay below it (24 pairs an expert is 1,229 tokens
# of top-10 over 512 experts) and stay weight-only: bound by the weight bytes, which w8a8 does not change.
FP8_ACTIVATION_PAIRS = 24
STORED = ("gate_up_proj", "down_proj", "gate_up_scale", "down_scale", "gate_up_scale_2", "down_scale_2")


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
    call (exactly the weights a dequantised load holds). `offload` then moves the stored tensors, in
    whatever format, to host banks read through a device slot cache (`cache`).
    """

    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        e, i, d = config.num_experts, config.moe_intermediate_size, config.hidden_size
        self.num_experts = e
        self.gate_up_proj = nn.Parameter(torch.empty(e, 2 * i, d))
        self.down_proj = nn.Parameter(torch.empty(e, d, i))
        self.quant: str | None = None  # the stored format of the kept codes, None for dense weights
        self.block = FP8_BLOCK  # block FP8's (bn, bk) when kept in it
        self.cache: ExpertCache | None = None  # host banks and device slots, when offloaded
        self.fp8_activations = False  # w8a8 for prefill-sized steps (`use_activation_dtype`)

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
        held = self._held()
        return {"quant": self.quant, "block": self.block} | {name: held[name] for name in STORED[2:]}

    def _held(self) -> dict[str, torch.Tensor | None]:
        """The stored tensors the kernels read, by `STORED` name: the stacks, or the cache's slots."""
        if self.cache is not None:
            return dict.fromkeys(STORED) | self.cache.slot_tensors()
        return {name: getattr(self, name, None) for name in STORED}

    def offload(self, slots: int, resident: Sequence[int] = (), pin: bool = False) -> None:
        """Serve the routed experts from host banks through `slots` device slots per layer, `resident`
        of them static (`model.expert_cache.ExpertCache`; `pin` for a CUDA model); the stacks go.
        Outputs stay bitwise those of resident experts."""
        held = {name: t for name, t in self._held().items() if t is not None}
        self.use_cache(ExpertCache.of_stacks(held, slots, resident, pin=pin), self.quant, self.block)

    def stored_layout(
        self, quant: str | None, block: tuple[int, int] = FP8_BLOCK
    ) -> dict[str, tuple[tuple[int, ...], torch.dtype]]:
        """One expert's stored tensors, by `STORED` name: (shape, dtype) held dense (`quant` None, in the
        stacks' dtype) or kept in `quant` (`keep_quantised`'s layout): what a cache's banks are made of."""
        shapes = {"gate_up": tuple(self.gate_up_proj.shape), "down": tuple(self.down_proj.shape)}
        if quant is None:
            return {f"{p}_proj": (shape[1:], self.gate_up_proj.dtype) for p, shape in shapes.items()}
        nvfp4 = quant in NVFP4_KINDS
        layout = {}
        for name, (_, n, k) in shapes.items():
            codes, scale = stored_shapes(quant, n, k, block)
            layout[f"{name}_proj"] = (tuple(codes), torch.uint8 if nvfp4 else torch.float8_e4m3fn)
            layout[f"{name}_scale"] = (tuple(scale), torch.float32 if quant == "fp8_block" else torch.uint8)
            if nvfp4:
                layout[f"{name}_scale_2"] = ((n,), torch.float32)
        return layout

    def use_cache(self, cache: ExpertCache, quant: str | None, block: tuple[int, int] = FP8_BLOCK) -> None:
        """Serve the routed experts, stored dense (`quant` None) or kept in `quant`, from `cache` (filled
        by the caller); the stacks go, so the experts are held only by the cache."""
        if self.quant is None:  # the logical [E, N, K], from the dense stacks (meta ones for a loader)
            self.shapes = {"gate_up": tuple(self.gate_up_proj.shape), "down": tuple(self.down_proj.shape)}
        for name in STORED:
            if getattr(self, name, None) is not None:
                delattr(self, name)
        self.cache, self.quant, self.block = cache, quant, block

    def logical_shape(self, name: str) -> tuple[int, int, int]:
        """`[E, N, K]` of the `gate_up` or `down` projection, whether it is held dense, kept quantised or
        offloaded (the stored tensors' shapes are the format's, and offloaded ones are gone)."""
        if self.quant is None and self.cache is None:
            return tuple(getattr(self, f"{name}_proj").shape)
        return self.shapes[name]

    def use_activation_dtype(self, dtype: str) -> None:
        """`--moe-activation-dtype` (`MOE_ACTIVATION_DTYPES`): "fp8" runs steps of more than
        `FP8_ACTIVATION_PAIRS` pairs an expert with FP8 activations (`fused_moe`'s `fp8_activations`), which
        needs experts kept in block FP8; else a ValueError naming the format held."""
        if dtype not in MOE_ACTIVATION_DTYPES:
            raise ValueError(f"moe_activation_dtype={dtype!r}: not one of {', '.join(MOE_ACTIVATION_DTYPES)}")
        if dtype == "fp8" and self.quant != "fp8_block":
            held = "dense weights" if self.quant is None else f"{self.quant} codes"
            raise ValueError(f"moe_activation_dtype='fp8' multiplies block-FP8 experts (fp8_block codes kept by "
                             f"weight_only), these hold {held}")  # fmt: skip
        self.fp8_activations = dtype == "fp8"

    def kernel_operands(self, ids: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, dict[str, object]]:
        """`(ids, gate_up, down, keywords)` for `fused_moe`: the stacks, or the cache's slots with the ids
        remapped to them once round 0 of this step's experts is resident (one plan kernel, `ExpertCache.
        slot_ids`), the later rounds (`ExpertCache.step_rounds`, from shapes) as `later`, each planned and
        copied when the fused MoE reaches it, with the tiles the logical expert count picks, so the kernels
        run as over resident experts. FP8 activations where `use_activation_dtype` asked for them and the
        step is prefill-sized (`FP8_ACTIVATION_PAIRS`)."""
        pairs_per_expert = ids.numel() / self.num_experts
        fp8 = {"fp8_activations": self.fp8_activations and pairs_per_expert > FP8_ACTIVATION_PAIRS}
        if self.cache is None:
            return ids, self.gate_up_proj, self.down_proj, self.stored() | fp8
        from model.kernels.fused_moe import decode_ahead, default_tiles  # Triton: imported only on CUDA

        cache = self.cache
        later = [functools.partial(cache.slot_ids, ids, r) for r in range(1, cache.step_rounds(ids))]
        slot_ids = cache.slot_ids(ids)
        held = cache.slot_tensors()
        ahead = decode_ahead(ids.shape[0], self.quant, self.block, self.logical_shape("down")[-1])
        tiles = default_tiles(pairs_per_expert, self.quant, fp8_activations=fp8["fp8_activations"], ahead=ahead)
        return slot_ids, held["gate_up_proj"], held["down_proj"], self.stored() | fp8 | {"tiles": tiles, "later": later}

    def forward(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        """Where the kernels run (CUDA) the fused kernels, else `reference`."""
        if use_kernels(x):
            from model.kernels.fused_moe import fused_moe  # Triton: CUDA builds of torch bring it, CPU ones may not

            slot_ids, gate_up, down, stored = self.kernel_operands(ids)
            return fused_moe(x, weights, slot_ids, gate_up, down, **stored)
        return self.reference(x, weights, ids)

    def dense_weights(self, dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
        """`(gate_up, down)` as dense `dtype` tensors: the parameters (or slots), or their kept codes
        dequantised."""
        held = self._held()
        if self.quant is None:
            return held["gate_up_proj"], held["down_proj"]
        return tuple(
            dequant_experts(self.quant, held[f"{p}_proj"], held[f"{p}_scale"], held[f"{p}_scale_2"], self.block).to(
                dtype
            )
            for p in ("gate_up", "down")
        )

    def _rounds(
        self, need: torch.Tensor, candidates: int, dtype: torch.dtype
    ) -> Iterator[tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]]:
        """`(members [E], lookup [E], gate_up, down)` per round of a unit needing the experts `need`
        (bool, at most `candidates`): compute `members` now, expert `e` at row `lookup[e]` of the dense
        weights. Resident experts take one round, all of them at their own rows."""
        if self.cache is None:
            yield need, torch.arange(self.num_experts, device=need.device), *self.dense_weights(dtype)
            return
        for members, lookup in self.cache.rounds(need, candidates):
            yield members, lookup, *self.dense_weights(dtype)

    def reference(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        """The torch implementation: the CPU path, and the oracle of the CUDA kernels.

        Each chosen expert runs once, on the tokens that chose it, one row at a time (`_rowwise`), so its
        outputs are bitwise the same however the experts are stored or batched into `_rounds`, and
        whatever else is in the batch; the two paths differ only in how they add them up."""
        n, k = ids.shape
        # Few tokens add each token's k outputs in the activation dtype; many add them in float32
        # over working-set groups of experts, rounding once.
        if 3 * n * k <= self.num_experts:
            return self._gathered(x, weights, ids)
        return self._dense(x, weights, ids)

    def _expert(self, x: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor) -> torch.Tensor:
        gate, up = torch.matmul(x, gate_up.transpose(-1, -2)).chunk(2, dim=-1)
        return torch.matmul(F.silu(gate) * up, down.transpose(-1, -2))

    def _outputs(
        self, x: torch.Tensor, ids: torch.Tensor, need: torch.Tensor, candidates: int
    ) -> Iterator[tuple[torch.Tensor, torch.Tensor, torch.Tensor]]:
        """`(token, j, out)` for each expert of `need` (at most `candidates`): the pairs `ids[token, j]`
        that chose it and its outputs on those tokens, computed while the expert is resident."""
        for members, lookup, gate_up, down in self._rounds(need, candidates, x.dtype):
            for e in members.nonzero()[:, 0].tolist():
                token, j = (ids == e).nonzero(as_tuple=True)
                yield token, j, self._rowwise(x[token], gate_up[lookup[e]], down[lookup[e]])

    def _rowwise(self, x: torch.Tensor, gate_up: torch.Tensor, down: torch.Tensor) -> torch.Tensor:
        """One expert on each row of `x` as its own one-row product (a batch of them): a row's output is
        the same bits whichever other rows chose the expert (a CPU GEMM's rounding depends on its row
        count), so padding rows and batch mates never move a request's numbers."""
        m = x.shape[0]
        return self._expert(x[:, None, :], gate_up.expand(m, *gate_up.shape), down.expand(m, *down.shape))[:, 0]

    def _gathered(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        """Few tokens (decode): each token's outputs added in ascending expert id in the activation
        dtype, the order and rounding of the reference."""
        n, k = ids.shape
        ids, order = ids.sort(dim=-1)
        weights = weights.gather(1, order)
        h = x.new_empty(n, k, x.shape[1])
        for token, j, out in self._outputs(x, ids, _chosen(ids, self.num_experts), n * k):
            h[token, j] = out
        h = h * weights[..., None]
        out = torch.zeros_like(x)
        for j in range(k):
            out = out + h[:, j].to(x.dtype)
        return out

    def _dense(self, x: torch.Tensor, weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        """Many tokens: each token's outputs weighted and added in float32, rounded once.

        Experts go in groups whose outputs `[g, n, d]` (zero where a token did not choose the expert)
        fit the working set, each group's weighted sum taken in float32 at once.
        """
        n, d = x.shape
        e = self.num_experts
        dense_w = torch.zeros(n, e, dtype=weights.dtype, device=x.device)
        dense_w.scatter_(1, ids, weights)
        chosen = _chosen(ids, e)
        acc = torch.zeros(n, d, dtype=torch.float32, device=x.device)
        for group in chunks(e, n * 2 * d * x.element_size()):  # the outputs, then weighted
            need = torch.zeros_like(chosen)
            need[group] = chosen[group]
            h = x.new_zeros(group.stop - group.start, n, d)
            for token, j, out in self._outputs(x, ids, need, group.stop - group.start):
                h[ids[token, j] - group.start, token] = out
            acc += torch.sum(h * dense_w[:, group].t()[..., None], dim=0, dtype=torch.float32)
        return acc.to(x.dtype)


def _chosen(ids: torch.Tensor, num_experts: int) -> torch.Tensor:
    """`[E]` bool: the experts `ids` name."""
    return torch.zeros(num_experts, dtype=torch.bool, device=ids.device).index_fill_(0, ids.reshape(-1), True)


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
        if not use_kernels(x):
            routed = experts(x, weights, ids).float()
            mixed = routed + torch.sigmoid(shared_gate.float()) * down(shared).float()
            return mixed.to(x.dtype) if out is None else out.copy_(mixed)
        from model.kernels.fused_moe import fused_moe  # Triton: imported only on CUDA

        ids, gate_up, down_w, stored = experts.kernel_operands(ids)
        hidden, inter = x.shape[1], experts.logical_shape("gate_up")[1] // 2
        folds = experts.quant is None and is_dense(down) and down.weight.dtype == x.dtype
        if folds and tuple(down.weight.shape) == (hidden, inter):
            folded = (shared, shared_gate, down.weight)
            return fused_moe(x, weights, ids, gate_up, down_w, **stored, shared=folded, out=out)
        return fused_moe(x, weights, ids, gate_up, down_w, **stored, shared_out=(down(shared), shared_gate), out=out)


def use_moe_activation_dtype(model: nn.Module, dtype: str) -> None:
    """`Experts.use_activation_dtype(dtype)` for every routed-experts module of `model`; a ValueError names
    the first that cannot."""
    for name, module in model.named_modules():
        if isinstance(module, Experts):
            try:
                module.use_activation_dtype(dtype)
            except ValueError as e:
                raise ValueError(f"{name}: {e}") from None
