"""Copy whole experts' stored rows from host banks into device cache slots, chosen on the device.

`model/expert_cache.py` picks which host rows go to which slots as tensors on the GPU; a copy engine call
(`cudaMemcpyAsync`) would need those indices on the host, so a sync, and no CUDA graph could hold it (a
captured copy's addresses are fixed at capture; only kernel nodes take device-side parameters). Here the
kernel reads the pinned banks through unified addressing (as `ple_gather.py` reads the PLE table) and writes
the slots: every stored tensor of an expert (codes, scales) in one launch, `PROGRAMS` programs a pair (fewer
for short rows), each moving every `PROGRAMS`-th chunk of each tensor's row; a pair whose source row is
negative copies nothing, its programs exit after reading it. A round's launch is sized to its possible
misses (`cap` pairs), most of them unused at a high hit rate: at one program a chunk, an all-hit decode
round launched 10 x 200 programs (the published geometry's 3.3 MB rows) that only read their pair, more than
a GPU holds at once; at `PROGRAMS` a pair it launches 10 x 32, one wave, and one miss still has 32 programs'
loads in flight (a 16 KiB chunk a program over the link's ~1-2 us latency: ~250 GB/s, five times PCIe's).
Rows move as the widest integer words that divide their byte length (8 bytes for every stored tensor of the
published geometry, including 200- and 400-byte block-FP8 scale rows), with int64 offsets, so banks past
2^31 bytes work. CPU tensors run the same kernel in Triton's interpreter, which is how CPU tests check it.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
import triton
import triton.language as tl

from model.kernels.codes import interpreted, pdl_launch, wait_for_inputs

BLOCK_WORDS = 2048  # 16 KiB of 8-byte words a program moves at once, per stored tensor
PROGRAMS = 32  # programs a pair (at most one a chunk)
WORDS = (torch.int64, torch.int32, torch.int16, torch.uint8)


@triton.jit
def _copy_kernel(banks, slots, words, sources, targets, chunks, BLOCK: tl.constexpr, PDL: tl.constexpr):
    wait_for_inputs(PDL)
    pair = tl.program_id(0)
    src = tl.load(sources + pair).to(tl.int64)
    dst = tl.load(targets + pair).to(tl.int64)
    for chunk in range(tl.program_id(1), tl.where(src >= 0, chunks, 0), tl.num_programs(1)):
        col = chunk * BLOCK + tl.arange(0, BLOCK)  # in a row (int32); a row starts at an int64 offset
        for i in tl.static_range(len(banks)):
            live = col < words[i]
            row = tl.load(banks[i] + src * words[i] + col, mask=live, other=0)
            tl.store(slots[i] + dst * words[i] + col, row, mask=live)


def _words(t: torch.Tensor, row_bytes: int) -> torch.Tensor:
    """`t` as `[rows, words]` of the widest integer type dividing `row_bytes`."""
    word = next(w for w in WORDS if row_bytes % w.itemsize == 0)
    return t.reshape(t.shape[0], -1).view(torch.uint8).view(word)


def _checked(bank: torch.Tensor, slots: torch.Tensor) -> int:
    """The bytes of one row of `bank` and `slots` (checked alike, contiguous, readable from the slots' device)."""
    if bank.shape[1:] != slots.shape[1:] or bank.dtype != slots.dtype:
        raise ValueError(
            f"expert copy: bank {bank.dtype} {list(bank.shape)} and slots {slots.dtype} {list(slots.shape)} "
            "must have rows of one dtype and shape"
        )
    if not (bank.is_contiguous() and slots.is_contiguous()):
        raise ValueError("expert copy: bank and slots must be contiguous")
    if slots.is_cuda and bank.device.type == "cpu" and not bank.is_pinned():
        raise ValueError("expert copy: a host bank read from CUDA must be pinned (unified addressing)")
    return slots[0].nbytes if slots.shape[0] else bank[0].nbytes if bank.shape[0] else 0


def copy_expert_rows(
    tensors: Sequence[tuple[torch.Tensor, torch.Tensor]],
    sources: torch.Tensor,
    targets: torch.Tensor,
    block_words: int = BLOCK_WORDS,
    programs: int = PROGRAMS,
) -> None:
    """`slots[targets[i]] = bank[sources[i]]` for every `(bank, slots)` of `tensors` (an expert's stored
    tensors, one launch for all) and every `i` with `sources[i] >= 0` (int64 `[M]`, on the slots'
    device; `targets` in `[0, S)` where the source is not negative); `block_words` words of each row a
    program moves at once (a power of two) and `programs` programs a pair: the bandwidth sweep's knobs
    (`bench_expert_cache.py --block-words --programs`).

    Each `bank [rows, ...]` and its `slots [S, ...]` hold rows of one dtype and shape, both contiguous; on
    CUDA a host bank must be pinned. Raises ValueError naming the mismatch.
    """
    if block_words < 1 or block_words & (block_words - 1):
        raise ValueError(f"expert copy: block_words must be a power of two, got {block_words}")
    if programs < 1:
        raise ValueError(f"expert copy: programs must be at least 1, got {programs}")
    if sources.shape != targets.shape or sources.dim() != 1:
        raise ValueError(f"expert copy: sources {list(sources.shape)} and targets {list(targets.shape)} must be [M]")
    moved = [(bank, slots, _checked(bank, slots)) for bank, slots in tensors]
    moved = [(bank, slots, row) for bank, slots, row in moved if row and bank.shape[0]]
    if sources.numel() == 0 or not moved:
        return
    banks = tuple(_words(bank, row) for bank, _, row in moved)
    held = tuple(_words(slots, row) for _, slots, row in moved)
    words = tuple(b.shape[1] for b in banks)
    kernel = _copy_kernel if held[0].is_cuda else interpreted(_copy_kernel)
    chunks = triton.cdiv(max(words), block_words)
    grid = (sources.numel(), min(programs, chunks))
    kernel[grid](banks, held, words, sources, targets, chunks, BLOCK=block_words, **pdl_launch(held[0]))
