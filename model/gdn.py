"""Gated DeltaNet token mixer: causal conv with per-slot tail, then the gated delta rule.

Per value head, with state `S [Dk, Dv]` (fp32):
    S' = exp(g_t) S;   u_t = beta_t (v_t - S'^T k_t);   S = S' + k_t u_t^T;   o_t = S^T q_t
Prefill chunks use the chunked (WY) form, decode tokens the recurrent form; both start from and
write back the request's slot.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from model import context
from model.config import Qwen4ExpConfig
from model.fuse import Projections, project
from model.kernels import output_like, use_kernels
from model.kernels.gdn_prefill import BLOCK
from model.norm import GatedRMSNorm
from model.regions import region
from model.rounding import working_dtype
from model.window import causal_conv, commit_tail, gather_window
from model.working_set import chunks


def l2norm(x: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    return x * torch.rsqrt((x * x).sum(-1, keepdim=True) + eps)


def per_value_head(x: torch.Tensor, heads: int) -> torch.Tensor:
    """q or k `[..., Hk, Dk]` repeated to `heads` value heads (head h reads key head h // (heads // Hk)):
    the torch reference's per-value-head operands, made per chunk so a chunk's copy dies with it."""
    return x.repeat_interleave(heads // x.shape[-2], dim=-2)


def recurrent_step(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, g: torch.Tensor, beta: torch.Tensor, state: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    """One token for a batch of independent states: q,k `[B, H, Dk]`, v `[B, H, Dv]`, g,beta `[B, H]`.

    `state [B, H, Dk, Dv]` must be the caller's own copy: it is updated in place, so at most one
    state-sized temporary is alive besides it (the same arithmetic as the out-of-place form).
    """
    state.mul_(g.exp()[..., None, None])
    kv = (state * k[..., None]).sum(-2)
    delta = (v - kv) * beta[..., None]
    state.add_(k[..., None] * delta[..., None, :])
    return (state * q[..., None]).sum(-2), state


def chunk_rule(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    g: torch.Tensor,
    beta: torch.Tensor,
    state: torch.Tensor,
    chunk: int = BLOCK,
) -> tuple[torch.Tensor, torch.Tensor]:
    """One request's tokens in chunks: q,k `[L, H, Dk]`, v `[L, H, Dv]`, g,beta `[L, H]`, state `[H, Dk, Dv]`.

    Within a chunk the delta-rule updates are folded into one unit-lower-triangular solve (the UT
    transform); across chunks the state is carried sequentially.
    """
    length = q.shape[0]
    pad = (-length) % chunk
    q, k, v = (F.pad(t.transpose(0, 1), (0, 0, 0, pad)) for t in (q, k, v))  # [H, L', D]
    g, beta = (F.pad(t.transpose(0, 1), (0, pad)) for t in (g, beta))  # [H, L']
    h = q.shape[0]
    q, k, v = (t.reshape(h, -1, chunk, t.shape[-1]) for t in (q, k, v))
    g, beta = g.reshape(h, -1, chunk), beta.reshape(h, -1, chunk)
    k_beta, v_beta = k * beta[..., None], v * beta[..., None]
    cum = g.cumsum(-1)
    upper = torch.ones(chunk, chunk, dtype=torch.bool, device=q.device).triu(1)
    decay = (cum[..., :, None] - cum[..., None, :]).masked_fill(upper, float("-inf")).exp()
    system = (k_beta @ k.transpose(-1, -2)) * decay
    u = torch.linalg.solve_triangular(system, v_beta, upper=False, unitriangular=True)
    w = torch.linalg.solve_triangular(system, k_beta * cum.exp()[..., None], upper=False, unitriangular=True)
    intra = (q @ k.transpose(-1, -2)) * decay
    q_decayed = q * cum.exp()[..., None]
    k_decayed = k * (cum[..., -1:] - cum).exp()[..., None]
    chunk_decay = cum[..., -1].exp()[..., None, None]
    out = torch.empty_like(v)
    for i in range(q.shape[1]):
        v_new = u[:, i] - w[:, i] @ state
        out[:, i] = q_decayed[:, i] @ state + intra[:, i] @ v_new
        state = state * chunk_decay[:, i] + k_decayed[:, i].transpose(-1, -2) @ v_new
    return out.reshape(h, -1, out.shape[-1])[:, :length].transpose(0, 1), state


GDN_INPUT = Projections("merged_in_proj", ("in_proj_qkv", "in_proj_z", "in_proj_b", "in_proj_a"))


class GatedDeltaNet(nn.Module):
    PROJECTIONS = (GDN_INPUT,)

    def __init__(self, config: Qwen4ExpConfig):
        super().__init__()
        c = config
        self.num_k_heads, self.num_v_heads = c.linear_num_key_heads, c.linear_num_value_heads
        self.head_k_dim, self.head_v_dim = c.linear_key_head_dim, c.linear_value_head_dim
        self.key_dim, self.value_dim = c.gdn_key_dim, c.gdn_value_dim
        self.conv_dim = c.gdn_conv_dim
        self.kernel = c.linear_conv_kernel_dim
        self.in_proj_qkv = nn.Linear(c.hidden_size, self.conv_dim, bias=False)
        self.in_proj_z = nn.Linear(c.hidden_size, self.value_dim, bias=False)
        self.in_proj_b = nn.Linear(c.hidden_size, self.num_v_heads, bias=False)
        self.in_proj_a = nn.Linear(c.hidden_size, self.num_v_heads, bias=False)
        self.conv1d = nn.Conv1d(self.conv_dim, self.conv_dim, self.kernel, groups=self.conv_dim, bias=False)
        self.dt_bias = nn.Parameter(torch.ones(self.num_v_heads))
        self.A_log = nn.Parameter(torch.zeros(self.num_v_heads))
        self.norm = GatedRMSNorm(self.head_v_dim, c.rms_norm_eps, c.output_gate_type)
        self.out_proj = nn.Linear(self.value_dim, c.hidden_size, bias=False)

    def row_shapes(self, dtype: torch.dtype) -> dict[str, tuple[tuple[int, ...], torch.dtype]]:
        """Each per-slot state buffer's shape and dtype for one row (what `init_state` allocates per
        slot, and what a prefix-cache checkpoint copies)."""
        return {
            "conv_tail": ((self.kernel - 1, self.conv_dim), dtype),
            "recurrent": ((self.num_v_heads, self.head_k_dim, self.head_v_dim), torch.float32),
        }

    def init_state(self, num_rows: int, dtype: torch.dtype) -> None:
        for name, (shape, dt) in self.row_shapes(dtype).items():
            buffer = torch.zeros(num_rows, *shape, dtype=dt, device=self.A_log.device)
            self.register_buffer(name, buffer, persistent=False)

    def slot_state(self) -> tuple[torch.Tensor, ...]:
        """The per-slot state buffers (dim 0 the row)."""
        return self.conv_tail, self.recurrent

    def reset_slots(self, slots: torch.Tensor) -> None:
        self.conv_tail.index_fill_(0, slots, 0)  # a scalar through an index would sync (model/device_copy.py)
        self.recurrent.index_fill_(0, slots, 0)

    def region_state(self, region: str) -> tuple[torch.Tensor, ...]:
        return (self.recurrent,) if region == "delta_rule" else (self.conv_tail, self.recurrent)

    @region("gdn")
    def forward(
        self, x: torch.Tensor, slots: torch.Tensor, offsets: torch.Tensor, write_slots: torch.Tensor
    ) -> torch.Tensor:
        qkv, z, b, a = project(self, GDN_INPUT, x)
        # the conv reads the tail before the commit writes it
        conv = causal_conv(qkv, self.conv_tail, slots, offsets, self.conv1d.weight)
        commit_tail(self.conv_tail, gather_window(qkv, self.conv_tail, slots, offsets), write_slots)
        work = working_dtype(x.dtype)  # float32 in a narrow scope's opaque block (`model/rounding.py`)
        qkv = F.silu(conv.to(work))  # the conv's output rounded, as a conv's is
        qk, v = torch.split(qkv, [2 * self.key_dim, self.value_dim], dim=-1)
        # q/k stay one per key head: the delta rule maps value head h to key head h // (Hv // Hk); their
        # heads normalised together (one kernel), q's then scaled: `l2norm(q) * Dk**-0.5` and `l2norm(k)`
        heads = torch.arange(2 * self.num_k_heads, device=qk.device)
        scale = torch.where(heads < self.num_k_heads, self.head_k_dim**-0.5, 1.0)  # float32, as the scalar was
        qk = l2norm(qk.unflatten(-1, (heads.numel(), self.head_k_dim)).float()) * scale[:, None]
        q, k = qk.split(self.num_k_heads, dim=-2)
        v = v.unflatten(-1, (self.num_v_heads, self.head_v_dim))
        # beta and g stacked: one small kernel computes both (each its own, unstacked), same ops
        decay = -self.A_log.float().exp() * F.softplus(a.float() + self.dt_bias)
        beta, g = torch.stack([b.to(work).sigmoid().float(), decay]).unbind()
        core = self.delta_rule(q, k, v, g, beta, slots, write_slots).to(work)
        out = self.norm(core, z.unflatten(-1, (self.num_v_heads, self.head_v_dim))).flatten(-2)
        return self.out_proj(out.to(x.dtype))

    @region("delta_rule")
    def delta_rule(
        self,
        q: torch.Tensor,
        k: torch.Tensor,
        v: torch.Tensor,
        g: torch.Tensor,
        beta: torch.Tensor,
        slots: torch.Tensor,
        write_slots: torch.Tensor,
        *,
        out: torch.Tensor | None = None,
    ) -> torch.Tensor:
        """The delta-rule core over the flat batch; reads the per-request layout from the forward context.

        q,k `[N, Hk, Dk]` (one per key head), v `[N, Hv, Dv]`, g,beta `[N, Hv]`: value head `h` reads key
        head `h // (Hv // Hk)` (grouped values), so q/k are never repeated to `Hv` heads in memory. The
        arithmetic and the output are float32, v widened exactly where it is read, so a compiled decode step
        passes v as the conv wrote it (fla's prefill takes a float32 copy, made inside the op).
        On CUDA, decode batches run the in-place Triton step (writing into `out` when given) and
        half-precision models' other batches fla's varlen chunked kernels (`model/kernels/`);
        elsewhere the torch code below, the reference.
        """
        host = context.current()
        if out is not None:  # a caller's buffer (the kernel scope's op) is checked on every path
            output_like(out, v, torch.float32)
        if use_kernels(q) and host.uniform_decode:
            from model.kernels.gdn_decode import recurrent_decode  # Triton: imported only on CUDA

            return recurrent_decode(q, k, v, g, beta, self.recurrent, slots, write_slots, out=out)
        if use_kernels(q) and self.conv_tail.dtype != torch.float32:
            from model.kernels.gdn_prefill import chunked_varlen  # fla-core: imported only on CUDA

            return chunked_varlen(q, k, v, g, beta, self.recurrent, host.query_start, host.slots, saves=host.saves)
        return self.torch_delta_rule(q, k, v, g, beta, slots, write_slots)

    def torch_delta_rule(
        self,
        q: torch.Tensor,
        k: torch.Tensor,
        v: torch.Tensor,
        g: torch.Tensor,
        beta: torch.Tensor,
        slots: torch.Tensor,
        write_slots: torch.Tensor,
    ) -> torch.Tensor:
        """`delta_rule` in torch: decode rows by gathered state in working-set chunks, other chunks one
        request at a time, in pieces that end at the batch's saves (`HostBatch.saves`: the state after a
        piece goes to the save's row, as a forward that ended there would leave it); each piece's q/k
        repeated to one per value head (`per_value_head`)."""
        host = context.current()
        v = v.float()
        if host.uniform_decode:
            outs = [
                self._decode_rows(q[rows], k[rows], v[rows], g[rows], beta[rows], slots[rows], write_slots[rows])
                for rows in chunks(q.shape[0], 2 * self.recurrent[0].nbytes)
            ]  # gathered state + one temporary
            return outs[0] if len(outs) == 1 else torch.cat(outs)
        out = torch.zeros_like(v)
        for r, slot in enumerate(host.slots):
            state = self.recurrent[slot]
            start, end = host.query_start[r], host.query_start[r + 1]
            pieces = sorted((start + tokens, row) for chunk, tokens, row in host.saves if chunk == r) + [(end, slot)]
            for b, row in pieces:
                a, start = start, b
                q_r, k_r = per_value_head(q[a:b], v.shape[1]), per_value_head(k[a:b], v.shape[1])
                if b - a == 1:
                    o, state = recurrent_step(q_r, k_r, v[a:b], g[a:b], beta[a:b], state[None].clone())
                    state = state[0]
                else:
                    o, state = chunk_rule(q_r, k_r, v[a:b], g[a:b], beta[a:b], state)
                out[a:b] = o
                self.recurrent[row] = state
        return out

    def _decode_rows(
        self,
        q: torch.Tensor,
        k: torch.Tensor,
        v: torch.Tensor,
        g: torch.Tensor,
        beta: torch.Tensor,
        slots: torch.Tensor,
        write_slots: torch.Tensor,
    ) -> torch.Tensor:
        """One chunk of a decode batch. Its gathered states die when this returns, before the next
        chunk gathers (a loop variable would keep them alive into the next chunk's peak)."""
        heads = v.shape[1]
        o, new = recurrent_step(per_value_head(q, heads), per_value_head(k, heads), v, g, beta, self.recurrent[slots])
        self.recurrent.index_copy_(0, write_slots, new)
        return o
