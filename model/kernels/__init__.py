"""Triton kernels behind the kernel scope's opaque regions (the torch code in `model/` stays the reference)."""

from __future__ import annotations

import os
from collections.abc import Callable

import torch
from torch import nn


def output_like(out: torch.Tensor | None, like: torch.Tensor, dtype: torch.dtype | None = None) -> torch.Tensor:
    """`out` checked to match `like` (shape, dtype or the `dtype` given, device, contiguous), or a new
    tensor like it."""
    dtype = dtype or like.dtype
    if out is None:
        return torch.empty_like(like, dtype=dtype, memory_format=torch.contiguous_format)
    if out.shape != like.shape or out.dtype != dtype or out.device != like.device or not out.is_contiguous():
        raise ValueError(
            f"out: expected a contiguous {dtype} {tuple(like.shape)} on {like.device}, got "
            f"{out.dtype} {tuple(out.shape)} on {out.device} (contiguous: {out.is_contiguous()})"
        )
    return out


def replace_linears(
    module: nn.Module, keep: tuple[str, ...], make: Callable[[str, nn.Linear], nn.Module | None]
) -> int:
    """Replace each bias-free `nn.Linear` below `module`, except names containing any of `keep`, by
    `make(full name, linear)` where that is not None; returns how many were replaced."""
    replaced = 0
    for name, child in list(module.named_modules()):
        for attr, sub in list(child.named_children()):
            full = f"{name}.{attr}" if name else attr
            if isinstance(sub, nn.Linear) and sub.bias is None and not any(k in full for k in keep):
                new = make(full, sub)
                if new is not None:
                    setattr(child, attr, new)
                    replaced += 1
    return replaced


def use_kernels(t: torch.Tensor) -> bool:
    """Whether a region core runs its Triton kernels for `t`'s device: CUDA. (CPU tests patch the name
    in a model module to run the kernels in Triton's interpreter.)"""
    return t.is_cuda


# The attention kernels' smallest key tile (`tl.dot`'s least K): pages hold a multiple of it, so no key
# tile straddles two pages (`model/paging.py`).
KEY_TILE = 16
KV_FP8 = torch.float8_e4m3fn  # the K/V pages' dtype under --kv-cache-dtype fp8 (model.kv_quant writes them)

PDL_ENV = "QCOMPILE_PDL"


def pdl_enabled() -> bool:
    """Whether the kernels may launch as programmatic dependents (`codes.pdl`); `QCOMPILE_PDL=0` launches
    them plainly, for an A/B in one tree."""
    return os.environ.get(PDL_ENV, "1") != "0"


# Rows up to which the hyper-connection read runs its kernels (`hc_read.py`, the op in `model.hyper`):
# each row reads the weights again, and at 3 rows torch's read under Inductor is as fast. A compile
# range past them gets the op's torch twin (the region table's `DecodeOnly` rows, `qcompile.ops`).
HC_READ_ROWS = 2
