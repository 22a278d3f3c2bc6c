"""Triton kernels behind the kernel scope's opaque regions (the torch code in `model/` stays the reference)."""

from __future__ import annotations

import torch


def use_kernels(t: torch.Tensor) -> bool:
    """Whether a region core runs its Triton kernels for `t`'s device: CUDA. (CPU tests patch the name
    in a model module to run the kernels in Triton's interpreter.)"""
    return t.is_cuda
