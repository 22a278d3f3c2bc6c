"""Host values onto the device without waiting for it.

`torch.tensor(values, device="cuda")` (or `cuda_tensor.copy_(cpu_tensor)`) copies from pageable host
memory, which PyTorch follows with a stream synchronisation: the host then waits for everything
queued on the stream. In a step's launch that is the forward of the step before (or this step's own
forward, for an index made after it), so the host's work stops overlapping the device's. Staging the
values in page-locked memory and copying with `non_blocking=True` queues the copy like a kernel; the
caching host allocator keeps the staging block until the copy has run, so it may be dropped at once.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch


def to_device(
    values: Sequence[int] | Sequence[float] | Sequence[bool], dtype: torch.dtype, device: torch.device | str
) -> torch.Tensor:
    """`values` as a 1-D `dtype` tensor on `device`; on CUDA the copy is queued, never waited for."""
    device = torch.device(device)
    if device.type != "cuda":
        return torch.tensor(values, dtype=dtype, device=device)
    return torch.tensor(values, dtype=dtype, pin_memory=True).to(device, non_blocking=True)
