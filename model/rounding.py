"""The dtype of an intermediate that eager code rounds to the activation dtype.

Eager half-precision code rounds elementwise intermediates where transformers' reference does (the
half-precision gate compares the two). Inductor keeps a fused chain's intermediates in float32 and
rounds only what it stores. A region that a narrow scope keeps opaque runs eager code, so its op
asks for float32 intermediates (`Region.keeps_float32`): the block scope then computes its blocks'
chains as the kernel scope does, and is at least as exact as eager. Eager code and the layer scope
keep the reference's roundings.
"""

from __future__ import annotations

import torch

from model import context


def working_dtype(dtype: torch.dtype) -> torch.dtype:
    """`dtype`, or float32 inside a region op that keeps float32 intermediates."""
    ctx = context.peek()
    return torch.float32 if ctx is not None and ctx.float32_intermediates else dtype
