"""Our own packers: float weights -> the stored formats `dequant.py` reads (ModelOpt conventions).

Used to build quantised test and bench checkpoints in-process (no third-party quantiser needed).
Scales follow the notes (qwen4-exp-model.md §5): FP8 `amax / 448`, NVFP4 `weight_scale_2 =
amax / (6·448)` and `weight_scale = e4m3(amax_blk / 6 / weight_scale_2)`, MXFP8 the OCP MX rule
`2^(floor(log2 amax_grp) - 8)` (E4M3's largest power of two is 2^8).
"""

from __future__ import annotations

import torch

from model.quant.formats import E2M1_VALUES, FP8, MXFP8_GROUP, NVFP4_GROUP

_E2M1_MAGNITUDES = torch.tensor(E2M1_VALUES[:8])


def pack_fp8(w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Per-tensor FP8: (E4M3 weight, float32 scalar scale) with `w ≈ e4m3 · scale`."""
    scale = (w.float().abs().amax() / 448.0).clamp_min(torch.finfo(torch.float32).tiny)
    return (w.float() / scale).to(FP8), scale.reshape(())


def pack_fp8_block(w: torch.Tensor, block: tuple[int, int] = (128, 128)) -> tuple[torch.Tensor, torch.Tensor]:
    """Block FP8 of a `[..., N, K]` weight: (E4M3 weight, float32 `weight_scale_inv [..., ceil(N/bn), ceil(K/bk)]`)
    with `w ≈ e4m3 · scale[n // bn, k // bk]` (`formats.dequant_fp8_block`), scale `amax_blk / 448`."""
    (n, k), (bn, bk) = w.shape[-2:], block
    pad = torch.nn.functional.pad(w.float(), (0, -k % bk, 0, -n % bn))
    blocks = pad.unflatten(-1, (-1, bk)).unflatten(-3, (-1, bn))  # [..., N/bn, bn, K/bk, bk]
    scale = (blocks.abs().amax(dim=(-3, -1)) / 448.0).clamp_min(torch.finfo(torch.float32).tiny)
    full = scale.repeat_interleave(bn, dim=-2)[..., :n, :].repeat_interleave(bk, dim=-1)[..., :k]
    return (w.float() / full).to(FP8), scale


def pack_fp8_groups(x: torch.Tensor, group: int = 128) -> tuple[torch.Tensor, torch.Tensor]:
    """Activations as w8a8 GEMMs read them (DeepSeek's and vLLM's per-token-group FP8): `x [..., K]` ->
    (E4M3 codes `[..., K]`, float32 scales `[..., ceil(K/group)]`), `x ≈ e4m3 · scale[k // group]`, scale
    `amax_grp / 448` rounded once, codes `x / scale` rounded to nearest even (the division IEEE). An
    all-zero group (a padding row) takes scale 0 and codes 0, where a clamped scale would divide by a tiny."""
    k = x.shape[-1]
    groups = torch.nn.functional.pad(x.float(), (0, -k % group)).unflatten(-1, (-1, group))
    # a device tensor divides: CUDA's `tensor / 448.0` multiplies by the reciprocal instead, an ulp off IEEE
    # division for some groups (so some codes near a tie round the other way than the kernel's)
    scale = groups.abs().amax(dim=-1) / torch.full((), 448.0, device=x.device)
    divisor = torch.where(scale > 0, scale, 1.0).repeat_interleave(group, dim=-1)[..., :k]
    return (x.float() / divisor).clamp(-448.0, 448.0).to(FP8), scale


def e2m1_encode(x: torch.Tensor) -> torch.Tensor:
    """Nearest E2M1 code (uint8, sign in bit 3) of each value of `x` (already scaled to |x| ≤ 6)."""
    grid = _E2M1_MAGNITUDES.to(x.device)
    mag = (x.abs()[..., None] - grid).abs().argmin(-1).to(torch.uint8)
    return mag | ((x < 0).to(torch.uint8) << 3)


def nvfp4_scale_2(w: torch.Tensor) -> torch.Tensor:
    """The per-tensor NVFP4 scale `amax / (6·448)` (float32 scalar)."""
    return (w.float().abs().amax() / (6.0 * 448.0)).clamp_min(torch.finfo(torch.float32).tiny)


def pack_nvfp4(w: torch.Tensor, scale_2: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """ModelOpt NVFP4 of a [N, K] weight (K % 16 == 0): (packed U8 [N, K/2], E4M3 [N, K/16], scale_2 []).

    Pass the whole tensor's `nvfp4_scale_2` to pack a large tensor in row chunks.
    """
    n, k = w.shape
    w = w.float()
    scale_2 = nvfp4_scale_2(w) if scale_2 is None else scale_2.float()
    blocks = w.reshape(n, k // NVFP4_GROUP, NVFP4_GROUP)
    block_scale = (blocks.abs().amax(-1) / 6.0 / scale_2).to(FP8)
    denom = (block_scale.float() * scale_2)[..., None]
    codes = e2m1_encode(torch.where(denom > 0, blocks / denom, 0.0)).reshape(n, k)
    return codes[:, 0::2] | (codes[:, 1::2] << 4), block_scale, scale_2.reshape(())


def pack_mxfp8(w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """MXFP8 of a `[..., N, K]` weight: (E4M3 weight, E8M0 bytes `[..., N, ceil(K/32)]`) with
    `w ≈ e4m3 · 2^(byte - 127)` (`formats.dequant_mxfp8`). Scaled values reach up to 2^9, so they are
    clamped to E4M3's largest finite 448 (torch's cast would make them NaN); an all-zero group gets byte 0."""
    k = w.shape[-1]
    groups = torch.nn.functional.pad(w.float(), (0, -k % MXFP8_GROUP)).unflatten(-1, (-1, MXFP8_GROUP))
    amax = groups.abs().amax(-1)
    exponent = torch.where(amax > 0, torch.floor(torch.log2(amax)) - 8, torch.full_like(amax, -127))
    scale = exponent.clamp(-127, 127)
    values = (groups / torch.exp2(scale)[..., None]).clamp(-448.0, 448.0).flatten(-2)[..., :k]
    return values.to(FP8), (scale + 127).to(torch.uint8)
