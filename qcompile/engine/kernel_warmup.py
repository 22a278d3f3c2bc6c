"""The start-up batches that launch every Triton kernel variant a server can meet, before "serving".

A GPU launch compiles (about a second for a fused MoE GEMM) whenever Triton's key for it is new to the
process: its constexprs, its specialised ints' `== 1` / `% 16` classes, its pointers' 16-byte alignment
(`model/kernels/jit_keys.py`). The kernels leave the counts that follow a batch unspecialised, so what
still picks a variant is the batch's size class, and whether it is a prefill or a uniform decode: the
fused MoE's tiles by tokens per expert (classes a factor 4-6 wide) and its direct one-token path, its
alignment chunk by pairs (powers of two), the QSA selection's one program a row or split passes by rows
(one threshold), the skinny GEMM's row buckets (powers of two). A prefill of every power of two up to
the step budget, and the budget, meets each class; so do uniform decode batches of every power of two up
to `max_num_seqs` (CUDA graphs replay theirs, an eager server launches them). One batch prefills a chunk
at a nonzero start and one holds several requests, as a chunked or prefix-hit prompt and a mixed step do.

The batches run in the free slots before any request exists, reading and writing pages no request
holds (a slot's row of the block table is the trash page until the block manager gives it pages, or its
own pages, rewritten before a request reads them) and slot state that admission resets.
"""

from __future__ import annotations

from model.batch import Chunk


def powers_of_two(low: int, high: int) -> list[int]:
    """`low, 2 low, 4 low, ...` up to `high`, and `high` itself (nothing when `high < low`)."""
    found = []
    n = low
    while n < high:
        found.append(n)
        n *= 2
    return found + [high] if high >= low else found


def warmup_chunks(max_num_batched_tokens: int, max_num_seqs: int, max_model_len: int) -> list[list[Chunk]]:
    """The warm-up's batches, each a list of chunks in slots `0 ..` (module doc): prefills of one request,
    a chunk with context, one at the context's end, a chunk of several requests, and uniform decode batches."""
    longest = min(max_num_batched_tokens, max_model_len - 1)  # positions stay inside max_model_len
    batches = [[Chunk(0, [0] * n, 0)] for n in powers_of_two(2, longest)]
    context = min(longest // 2, 5)
    if context >= 1 and longest - context >= 3:
        batches.append([Chunk(0, [0] * 3, context)])
    end = max_model_len - 4  # rows up to the last a prompt reaches: those far past QSA's budget gather its blocks
    if longest >= 3 and end > context + 3:
        batches.append([Chunk(0, [0] * 3, end)])
    several = [(3, 0), (1, 7), (2, 4)][:max_num_seqs]  # (tokens, start): a prefill beside decodes
    if max_num_seqs > 1 and sum(n for n, _ in several) <= max_num_batched_tokens and max_model_len > 8:
        batches.append([Chunk(slot, [0] * n, start) for slot, (n, start) in enumerate(several)])
    for rows in powers_of_two(1, min(max_num_seqs, max_num_batched_tokens)):
        batches.append([Chunk(slot, [0], 0) for slot in range(rows)])
    return batches
