"""The per-row list of key tiles a QSA choice keeps (`model/kernels/qsa_tiles.py`) against the keys
`Attention.qsa_allowed` lets a row see, and its capacity bound, in Triton's interpreter."""

from __future__ import annotations

import pytest
import torch

from model.kernels.qsa_tiles import capacity, kept_tiles, tiles_a_block


def visible_tiles(chosen: torch.Tensor, t: int, block: int, bn: int) -> list[int]:
    """The tiles of `bn` keys holding a key a row at position `t` with choice `chosen [NB+1]` sees: keys up to
    `t` in a chosen block or the incomplete tail block."""
    keys = torch.arange(t + 1)
    tail = (t + 1) // block * block
    seen = chosen.bool()[keys // block] | (keys >= tail)
    return sorted(set((keys[seen] // bn).tolist()))


@pytest.mark.parametrize(("block", "bn"), [(4, 32), (4, 16), (8, 4), (6, 16), (9, 4)])
def test_list_is_the_ascending_tiles_with_a_visible_key(block: int, bn: int) -> None:
    """Random choices of `topk` blocks, some past the row's tail (a short row in a long table keeps blocks
    it cannot see yet), at positions ending a block, one short of it, the first key and others; a step of
    the kernel covers 8 tiles here, so rows span several."""
    length, topk, rows = 300, 7, 8
    total = length // block
    g = torch.Generator().manual_seed(block * 100 + bn)
    positions = torch.randint(0, length, (rows,), generator=g)
    positions[:4] = torch.tensor([0, 4 * block - 1, 4 * block - 2, length - 1])
    chosen = torch.zeros(rows, total + 1, dtype=torch.int8)
    for r in range(rows):
        chosen[r, torch.randperm(total, generator=g)[:topk]] = 1
    cap = capacity(topk, block, bn, -(-length // bn))
    tiles, counts = kept_tiles(chosen, positions, block, bn, cap)
    for r in range(rows):
        want = visible_tiles(chosen[r], int(positions[r]), block, bn)
        assert tiles[r, : counts[r]].tolist() == want, r
        assert len(want) <= cap


@pytest.mark.parametrize(("block", "bn", "most"), [(4, 32, 1), (4, 16, 1), (32, 16, 2), (6, 16, 2), (9, 4, 3)])
def test_capacity_is_reached_by_blocks_straddling_most_tiles(block: int, bn: int, most: int) -> None:
    """`tiles_a_block` is what an aligned block can touch, and a choice whose `topk` blocks and tail block
    each touch that many tiles of their own fills the list exactly: the bound is tight."""
    assert tiles_a_block(block, bn) == most
    topk, picked, used = 5, [], set()
    k = 0
    while len(picked) <= topk:  # topk blocks, then the tail's: its keys but the last (incomplete)
        last = k * block + block - (1 if len(picked) < topk else 2)
        touched = set(range(k * block // bn, last // bn + 1))
        if len(touched) == most and not touched & used:
            picked.append(k)
            used |= touched
        k += 1
    t = picked.pop() * block + block - 2
    length = t + 2
    chosen = torch.zeros(1, length // block + 1, dtype=torch.int8)
    chosen[0, picked] = 1
    cap = capacity(topk, block, bn, -(-length // bn))
    tiles, counts = kept_tiles(chosen, torch.tensor([t]), block, bn, cap)
    want = visible_tiles(chosen[0], t, block, bn)
    assert tiles[0, : counts[0]].tolist() == want
    assert len(want) == cap == (topk + 1) * most
