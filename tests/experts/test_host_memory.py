"""`model.host_memory.pinned_empty`: host tensors page-locked at exactly their bytes (PyTorch's
`pin_memory=True` rounds up to a power of two: 64 GiB for the full preset's 51.2 GB PLE table), the range
unlocked when the tensor goes; on CPU (a fake runtime records what would be locked) and on a GPU (the copy
kernel reads such a bank in place)."""

from __future__ import annotations

import gc

import pytest
import torch

from model.host_memory import pinned_empty


class FakeRuntime:
    """Records `cudaHostRegister` / `cudaHostUnregister` calls as `torch.cuda.cudart()` would make them."""

    def __init__(self, error: int = 0) -> None:
        self.error, self.locked, self.unlocked = error, [], []

    def cudaHostRegister(self, ptr: int, size: int, flags: int) -> int:
        self.locked.append((ptr, size, flags))
        return self.error

    def cudaHostUnregister(self, ptr: int) -> int:
        self.unlocked.append(ptr)
        return 0


def test_exactly_the_tensors_bytes_are_locked_and_unlocked_when_it_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    runtime = FakeRuntime()
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "cudart", lambda: runtime)
    t = pinned_empty((3, (1 << 20) + 7), torch.uint8)  # 3 MiB + 21 bytes: the caching allocator would lock 4 MiB
    ptr = t.data_ptr()
    assert runtime.locked == [(ptr, 3 * ((1 << 20) + 7), 0)] and runtime.unlocked == []
    assert pinned_empty((4,), torch.float32, pin=False).nbytes == 16 and len(runtime.locked) == 1
    del t
    gc.collect()
    assert runtime.unlocked == [ptr]


def test_a_lock_the_driver_refuses_names_the_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "cudart", lambda: FakeRuntime(error=2))
    with pytest.raises(RuntimeError, match=r"could not page-lock 1\.00 GiB of host memory \(error 2\)"):
        pinned_empty((1 << 28,), torch.float32)


def test_without_cuda_it_is_a_plain_tensor() -> None:
    if torch.cuda.is_available():
        pytest.skip("CPU only")
    t = pinned_empty((3, 5), torch.float16)
    assert t.shape == (3, 5) and t.dtype == torch.float16 and not t.is_pinned()


@pytest.mark.gpu
def test_the_copy_kernel_reads_a_bank_locked_in_place() -> None:
    from model.kernels.expert_copy import copy_expert_rows

    bank = pinned_empty((5, 3 * 1024 + 8), torch.int64)
    assert bank.is_pinned()
    bank.copy_(torch.arange(bank.numel()).view(bank.shape))
    slots = torch.zeros(3, bank.shape[1], dtype=torch.int64, device="cuda")
    sources = torch.tensor([4, -1, 1], device="cuda")
    copy_expert_rows([(bank, slots)], sources, torch.tensor([0, 1, 2], device="cuda"))
    assert torch.equal(slots.cpu(), torch.stack([bank[4], torch.zeros_like(bank[0]), bank[1]]))
