"""Host values onto the device without waiting for it.

`torch.tensor(values, device="cuda")` (or `cuda_tensor.copy_(cpu_tensor)`) copies from pageable host
memory, which PyTorch follows with a stream synchronisation: the host then waits for everything
queued on the stream. In a step's launch that is the forward of the step before (or this step's own
forward, for an index made after it), so the host's work stops overlapping the device's. Staging the
values in page-locked memory and copying with `non_blocking=True` queues the copy like a kernel; the
caching host allocator keeps the staging block until the copy has run, so it may be dropped at once.
A Python scalar assigned through an index tensor (`t[rows] = 0`) is such a pageable copy too: write it
with `index_fill_`, or `index_put_` of values made on the device (`torch.full`).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

import torch

_PACKED = {torch.int64: "q", torch.int32: "i"}  # dtypes whose lists go through `struct`


def to_device(
    values: Sequence[int] | Sequence[float] | Sequence[bool], dtype: torch.dtype, device: torch.device | str
) -> torch.Tensor:
    """`values` as a 1-D `dtype` tensor on `device`; on CUDA the copy is queued, never waited for."""
    device = torch.device(device)
    host = host_tensor(values, dtype)
    if device.type != "cuda":
        return host.to(device)
    return host.pin_memory().to(device, non_blocking=True)


def host_tensor(values: Sequence[int] | Sequence[float] | Sequence[bool], dtype: torch.dtype) -> torch.Tensor:
    """`values` as a 1-D `dtype` tensor in host memory (an integer out of the dtype's range raises)."""
    code = _PACKED.get(dtype)
    if code is None or not values:
        return torch.tensor(values, dtype=dtype)
    try:
        packed = struct.pack(f"{len(values)}{code}", *values)
    except struct.error as e:
        raise OverflowError(f"a value does not fit {dtype}: {e}") from None
    return torch.frombuffer(bytearray(packed), dtype=dtype)
