"""Page-locked host tensors of exactly their size, for the large tables the GPU reads in place.

`torch.empty(..., pin_memory=True)` goes through PyTorch's caching host allocator, which rounds every
allocation up to the next power of two before `cudaHostAlloc` (ATen's CachingHostAllocator: `PowerOf2Ceil`)
and pins all of it: a 1.53 GB bank of one layer's block-FP8 gate/up codes pins 2 GiB, the full preset's
51.2 GB FP8 PLE table 64 GiB. On a 128 GiB host that is the difference between the published geometry's
banks fitting beside the table or not, and every figure the expert placement sized would be wrong.

`pinned_empty` allocates ordinary host memory of the tensor's bytes and page-locks that range with
`cudaHostRegister` (default flags: on a system with unified addressing the range is mapped at the same
address, so a kernel reads it through the host pointer, as the expert copy and PLE gather do); the range
is unregistered when the tensor object is collected. Without CUDA it is a plain `torch.empty`.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

import torch

_SUCCESS = 0  # cudaSuccess


def pinned_empty(shape: Sequence[int], dtype: torch.dtype, pin: bool = True) -> torch.Tensor:
    """An empty host tensor of `shape` and `dtype`, page-locked when `pin` and CUDA is available; holds
    only its own bytes (see the module docstring). Raises RuntimeError naming the size if the driver
    refuses to lock it. Keep the returned tensor for as long as any view of it is used: the range is
    unlocked when it is collected."""
    t = torch.empty(tuple(shape), dtype=dtype)
    if not pin or t.nbytes == 0 or not torch.cuda.is_available():
        return t
    cudart = torch.cuda.cudart()
    error = int(cudart.cudaHostRegister(t.data_ptr(), t.nbytes, 0))
    if error != _SUCCESS:
        gib = t.nbytes / 2**30
        raise RuntimeError(f"cudaHostRegister could not page-lock {gib:.2f} GiB of host memory (error {error})")
    weakref.finalize(t, cudart.cudaHostUnregister, t.data_ptr())
    return t
