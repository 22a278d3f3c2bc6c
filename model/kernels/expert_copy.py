"""Copy whole experts' stored rows from a host bank into device cache slots, chosen on the device.

`model/expert_cache.py` picks which host rows go to which slots as tensors on the GPU; a copy engine
call (`cudaMemcpyAsync`) would need those indices on the host, so a sync, and no CUDA graph could hold
it. Here the kernel reads the pinned bank through unified addressing (as `ple_gather.py` reads the PLE
table) and writes the slots, one program per (pair, chunk of a row); pairs whose source row is
negative copy nothing. Rows move as the widest integer words that divide their byte length (8 bytes
for every stored tensor of the published geometry, including 200- and 400-byte block-FP8 scale rows),
with int64 offsets, so banks past 2^31 bytes work. CPU tensors run the same kernel in Triton's
interpreter, which is how CPU tests check it.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from model.kernels.codes import interpreted, pdl_launch, wait_for_inputs

BLOCK_WORDS = 2048  # 16 KiB of 8-byte words a program
WORDS = (torch.int64, torch.int32, torch.int16, torch.uint8)


@triton.jit
def _copy_kernel(bank, slots, sources, targets, words, BLOCK: tl.constexpr, PDL: tl.constexpr):
    wait_for_inputs(PDL)
    pair = tl.program_id(0)
    src = tl.load(sources + pair).to(tl.int64)
    dst = tl.load(targets + pair).to(tl.int64)
    col = tl.program_id(1).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    live = col < tl.where(src >= 0, words, 0)
    row = tl.load(bank + src * words + col, mask=live, other=0)
    tl.store(slots + dst * words + col, row, mask=live)


def _words(t: torch.Tensor, row_bytes: int) -> torch.Tensor:
    """`t` as `[rows, words]` of the widest integer type dividing `row_bytes`."""
    word = next(w for w in WORDS if row_bytes % w.itemsize == 0)
    return t.reshape(t.shape[0], -1).view(torch.uint8).view(word)


def copy_expert_rows(bank: torch.Tensor, slots: torch.Tensor, sources: torch.Tensor, targets: torch.Tensor) -> None:
    """`slots[targets[i]] = bank[sources[i]]` for every `i` with `sources[i] >= 0` (int64 `[M]`, on the
    slots' device; `targets` in `[0, S)` where the source is not negative).

    `bank [rows, ...]` and `slots [S, ...]` hold rows of one dtype and shape, both contiguous; on CUDA the
    bank must be pinned (or on the device). Raises ValueError naming the mismatch.
    """
    if bank.shape[1:] != slots.shape[1:] or bank.dtype != slots.dtype:
        raise ValueError(
            f"expert copy: bank {bank.dtype} {list(bank.shape)} and slots {slots.dtype} {list(slots.shape)} "
            "must have rows of one dtype and shape"
        )
    if not (bank.is_contiguous() and slots.is_contiguous()):
        raise ValueError("expert copy: bank and slots must be contiguous")
    if slots.is_cuda and bank.device.type == "cpu" and not bank.is_pinned():
        raise ValueError("expert copy: a host bank read from CUDA must be pinned (unified addressing)")
    if sources.shape != targets.shape or sources.dim() != 1:
        raise ValueError(f"expert copy: sources {list(sources.shape)} and targets {list(targets.shape)} must be [M]")
    row_bytes = slots[0].nbytes if slots.shape[0] else bank[0].nbytes if bank.shape[0] else 0
    if sources.numel() == 0 or row_bytes == 0 or bank.shape[0] == 0:
        return
    src, dst = _words(bank, row_bytes), _words(slots, row_bytes)
    words = src.shape[1]
    kernel = _copy_kernel if slots.is_cuda else interpreted(_copy_kernel)
    grid = (sources.numel(), triton.cdiv(words, BLOCK_WORDS))
    kernel[grid](src, dst, sources, targets, words, BLOCK=BLOCK_WORDS, **pdl_launch(slots))
