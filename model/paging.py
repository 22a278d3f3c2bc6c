"""Paged K/V: each attention layer's caches are fixed-size pages of one pool, found through a block table.

Position `p` of the request in slot `s` lives at page `table[s, p // page_size]`, row `p % page_size`
of that page, in every attention layer's pools (K, V, indexer keys; the QSA block keys of a page's
`page_size // c` blocks sit in the same page of their own pool). The table is one persistent int32
buffer `[num_slots + 1, pages_per_seq]` shared by all layers, read by the forward as a tensor: CUDA
graphs capture its address, and whoever assigns pages rewrites rows in place between steps.

Each pool holds one page past `num_pages`: the trash page. The trash slot's row (the last) points
only at it, and so does every entry of a row past the pages assigned to it: padding rows, and rows
that complete no QSA block, write there, and only padding rows read it.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch

from model.device_copy import to_device
from model.kernels import KEY_TILE

DEFAULT_PAGE_SIZE = 64  # SGLang's page for hybrid models; to be chosen by GPU measurement
# an attention layer's pools, dim 0 the page (the scale pages are empty unless K/V is FP8: `model/kv_quant.py`)
PAGED_BUFFERS = ("k_cache", "v_cache", "k_scale", "v_scale", "index_keys", "block_keys")


def pages_for(length: int, page_size: int) -> int:
    """Pages that hold `length` positions."""
    return -(-length // page_size)


def check_page_size(page_size: int, block: int) -> None:
    """A ValueError naming `page_size` unless it is a positive multiple of the QSA block `block` and
    of `KEY_TILE` (so a block and a kernel's key tile each lie in one page)."""
    if page_size <= 0 or page_size % block or page_size % KEY_TILE:
        raise ValueError(
            f"page_size={page_size}: must be a positive multiple of indexer_compress_ratio ({block}) "
            f"and of {KEY_TILE} (the attention kernels' key tile)"
        )


def new_block_table(
    num_slots: int, pages_per_seq: int, num_pages: int, preassign: bool, device: torch.device
) -> torch.Tensor:
    """`[num_slots + 1, pages_per_seq]` int32, every entry the trash page `num_pages`; with
    `preassign`, slot `s` owns pages `s * pages_per_seq ..` (needs `num_slots * pages_per_seq` pages)."""
    table = torch.full((num_slots + 1, pages_per_seq), num_pages, dtype=torch.int32, device=device)
    if preassign:
        if num_pages < num_slots * pages_per_seq:
            raise ValueError(f"num_pages={num_pages}: {num_slots} slots of {pages_per_seq} pages need more")
        table[:num_slots] = torch.arange(num_slots * pages_per_seq, dtype=torch.int32).view(num_slots, -1)
    return table


def write_row(table: torch.Tensor, slot: int, pages: Sequence[int], num_pages: int) -> None:
    """Point row `slot` of `table` at `pages` in order, and its other entries at the trash page.

    The row is written in place (the table's address is what graphs captured). A ValueError names
    the slot or page that does not fit: the trash slot's row is fixed, a page is one of `0 ..
    num_pages - 1` and appears once in a row."""
    num_slots, pages_per_seq = table.shape[0] - 1, table.shape[1]
    if not 0 <= slot < num_slots:
        raise ValueError(f"slot {slot}: block table rows are slots 0 .. {num_slots - 1}")
    pages = [int(p) for p in pages]
    if len(pages) > pages_per_seq:
        raise ValueError(f"slot {slot}: {len(pages)} pages, a row holds at most {pages_per_seq}")
    bad = [p for p in pages if not 0 <= p < num_pages]
    if bad:
        raise ValueError(f"slot {slot}: page {bad[0]} is outside 0 .. {num_pages - 1} (num_pages={num_pages})")
    if len(set(pages)) != len(pages):
        raise ValueError(f"slot {slot}: a page appears twice in {pages}")
    table[slot].copy_(to_device(pages + [num_pages] * (pages_per_seq - len(pages)), torch.int32, table.device))
