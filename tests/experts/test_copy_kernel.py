"""The expert copy kernel (Triton's interpreter on CPU) against torch indexing; on CUDA from a pinned bank."""

from __future__ import annotations

import pytest
import torch

from model.expert_cache import copy_rows
from model.kernels.expert_copy import BLOCK_WORDS, PROGRAMS, copy_expert_rows


def bank(rows: int, shape: tuple[int, ...], dtype: torch.dtype, seed: int) -> torch.Tensor:
    """Random bytes as `[rows, *shape]` of `dtype` (compared as bytes: some are NaNs)."""
    g = torch.Generator().manual_seed(seed)
    return torch.randint(0, 256, (rows, *shape[:-1], shape[-1] * dtype.itemsize), generator=g, dtype=torch.uint8).view(
        dtype
    )


@pytest.mark.parametrize(
    ("shape", "dtype"),
    [((6, 40), torch.float8_e4m3fn), ((5, 10), torch.float32), ((3, 1), torch.uint8), ((50,), torch.float32),
     ((7, 3), torch.bfloat16)],
)  # fmt: skip
def test_kernel_copies_the_chosen_rows_and_skips_negative_sources(shape: tuple[int, ...], dtype: torch.dtype) -> None:
    """Word sizes 8, 4, 2 and 1 (a 200-byte scale row moves as 8-byte words, a 3-byte row as bytes)."""
    host, slots = bank(9, shape, dtype, 0), bank(4, shape, dtype, 1)
    sources, targets = torch.tensor([7, -1, 0, 3]), torch.tensor([2, 4, 0, 3])  # target 4: the plan's dummy
    want = slots.clone()
    want[[2, 0, 3]] = host[[7, 0, 3]]
    copy_expert_rows([(host, slots)], sources, targets)
    assert torch.equal(slots.view(torch.uint8), want.view(torch.uint8))
    reference = want.clone()
    copy_rows([(host, reference)], sources, targets)
    assert torch.equal(reference.view(torch.uint8), want.view(torch.uint8))


@pytest.mark.parametrize(("block_words", "programs"), [(BLOCK_WORDS, PROGRAMS), (64, PROGRAMS), (64, 5)])
def test_one_launch_moves_every_stored_tensor_at_its_own_word_size(block_words: int, programs: int) -> None:
    """Codes (8-byte words, 2,100 a row: 2 or 33 chunks, over 2, 32 or 5 programs a pair: one or two
    chunks a program, or seven), float32 scales (4-byte) and 3-byte rows (bytes) of the same experts, in
    one call: what the torch copy gives."""
    shapes = [((4200, 4), torch.float8_e4m3fn), ((5, 3), torch.float32), ((3,), torch.uint8)]
    hosts = [bank(9, shape, dtype, i) for i, (shape, dtype) in enumerate(shapes)]
    ours = [bank(4, shape, dtype, 10 + i) for i, (shape, dtype) in enumerate(shapes)]
    theirs = [t.clone() for t in ours]
    sources, targets = torch.tensor([-1, 8, 2, -1, 5]), torch.tensor([4, 1, 3, 4, 0])
    copy_expert_rows(list(zip(hosts, ours, strict=True)), sources, targets, block_words, programs)
    copy_rows(list(zip(hosts, theirs, strict=True)), sources, targets)
    for mine, want, host in zip(ours, theirs, hosts, strict=True):
        assert torch.equal(mine.view(torch.uint8), want.view(torch.uint8))
        assert torch.equal(mine[1].view(torch.uint8), host[8].view(torch.uint8))


def test_kernel_refuses_mismatched_rows() -> None:
    with pytest.raises(ValueError, match="rows of one dtype and shape"):
        copy_expert_rows([(torch.zeros(3, 4), torch.zeros(2, 5))], torch.tensor([0]), torch.tensor([0]))
    with pytest.raises(ValueError, match=r"must be \[M\]"):
        copy_expert_rows([(torch.zeros(3, 4), torch.zeros(2, 4))], torch.tensor([0, 1]), torch.tensor([0]))
    with pytest.raises(ValueError, match="block_words must be a power of two, got 48"):
        copy_expert_rows([(torch.zeros(3, 4), torch.zeros(2, 4))], torch.tensor([0]), torch.tensor([0]), 48)
    with pytest.raises(ValueError, match="programs must be at least 1, got 0"):
        copy_expert_rows([(torch.zeros(3, 4), torch.zeros(2, 4))], torch.tensor([0]), torch.tensor([0]), 64, 0)


@pytest.mark.gpu
def test_kernel_reads_a_pinned_bank_on_cuda() -> None:
    host = bank(64, (640, 25), torch.float8_e4m3fn, 0).pin_memory()
    slots = torch.zeros(8, 640, 25, dtype=torch.float8_e4m3fn, device="cuda")
    sources = torch.tensor([5, -1, 63, 0, -1, 17, 2, 40], device="cuda")
    targets = torch.tensor([0, 8, 2, 3, 8, 5, 6, 7], device="cuda")
    copy_expert_rows([(host, slots)], sources, targets)
    got = slots.cpu().view(torch.uint8)
    for s, t in zip(sources.tolist(), targets.tolist(), strict=True):
        if s >= 0:
            assert torch.equal(got[t], host[s].view(torch.uint8))
    assert not got[[1, 4]].any()
    with pytest.raises(ValueError, match="pinned"):
        copy_expert_rows([(host.clone(), slots)], sources, targets)
