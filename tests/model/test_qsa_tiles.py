"""The per-row list of key tiles a QSA choice keeps (`model/kernels/qsa_tiles.py`) against the keys
`Attention.qsa_allowed` lets a row see, and its capacity bound, in Triton's interpreter."""

from __future__ import annotations

import pytest
import torch

from model.kernels.qsa_tiles import capacity, kept_blocks, kept_tiles, tiles_a_block


def visible_tiles(chosen: torch.Tensor, t: int, block: int, bn: int) -> list[int]:
    """The tiles of `bn` keys holding a key a row at position `t` with choice `chosen [NB+1]` sees: keys up to
    `t` in a chosen block or the incomplete tail block."""
    keys = torch.arange(t + 1)
    tail = (t + 1) // block * block
    seen = chosen.bool()[keys // block] | (keys >= tail)
    return sorted(set((keys[seen] // bn).tolist()))


@pytest.mark.parametrize(("block", "bn"), [(4, 32), (4, 16), (8, 4), (6, 16), (9, 4), (4, 4), (6, 6)])
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


def random_choice(rows: int, total: int, topk: int, seed: int) -> torch.Tensor:
    """`[rows, total + 1]` int8: `topk` random blocks a row."""
    g = torch.Generator().manual_seed(seed)
    chosen = torch.zeros(rows, total + 1, dtype=torch.int8)
    for r in range(rows):
        chosen[r, torch.randperm(total, generator=g)[:topk]] = 1
    return chosen


@pytest.mark.parametrize(("block", "bn"), [(4, 16), (2, 8), (6, 16), (32, 16)])
def test_chunked_lists_join_at_the_counts_before(block: int, bn: int) -> None:
    """Programs of 4 tiles each: rows of different lengths in one batch, one whose list crosses many chunk
    boundaries, one whose choice leaves chunks empty between kept tiles (blocks 0 and near its end), one
    shorter than a chunk (its other chunks mark nothing), one that sees only its tail; every list as one
    program a row gives it, and the ascending visible tiles."""
    length, topk = 200, 12
    total = length // block
    chosen = random_choice(4, total, topk, block * 10 + bn)
    chosen[1] = 0
    chosen[1, [0, total - 3]] = 1
    chosen[3] = 0
    positions = torch.tensor([length - 1, length - 2, 2 * bn - 1, 150])
    cap = capacity(topk, block, bn, -(-length // bn))
    tiles, counts = kept_tiles(chosen, positions, block, bn, cap, chunk=4)
    whole, whole_counts = kept_tiles(chosen, positions, block, bn, cap)
    assert torch.equal(counts, whole_counts)
    for r in range(4):
        want = visible_tiles(chosen[r], int(positions[r]), block, bn)
        assert tiles[r, : counts[r]].tolist() == want == whole[r, : counts[r]].tolist(), r
    assert len({tile // 4 for tile in tiles[0, : counts[0]].tolist()}) > 2
    assert counts[2] <= 2 and min(tiles[3, : counts[3]].tolist()) == 151 // block * block // bn


def test_a_list_past_its_capacity_keeps_its_first_tiles() -> None:
    """A choice of more than `topk` blocks over several chunks is cut at the capacity: its first `cap`
    tiles, whichever chunks hold them, and the count `cap`."""
    block, bn, length = 4, 8, 160
    chosen = torch.zeros(1, length // block + 1, dtype=torch.int8)
    chosen[0, ::3] = 1  # a kept block every 12 keys: nearly every tile of 8 keys
    cap = capacity(2, block, bn, -(-length // bn))
    assert cap == 3
    tiles, counts = kept_tiles(chosen, torch.tensor([length - 1]), block, bn, cap, chunk=2)
    assert counts.tolist() == [cap]
    assert tiles[0].tolist() == visible_tiles(chosen[0], length - 1, block, bn)[:cap]


@pytest.mark.parametrize(("block", "bn"), [(4, 16), (6, 16)])
def test_a_group_lists_the_union_of_its_rows_tiles(block: int, bn: int) -> None:
    """Groups of consecutive rows (a prefill tile's `[first, rows]`, at most 4 rows): each lists every tile a
    row of it sees, once, ascending, in programs of 4 tiles; a group of one row lists that row's, and the
    capacity of `rows` rows bounds the union."""
    length, topk = 180, 5
    total = length // block
    chosen = random_choice(9, total, topk, block)
    positions = torch.tensor([170, 171, 172, 173, 60, 61, 62, 179, 3])
    groups = torch.tensor([[0, 4], [4, 3], [7, 1], [8, 1]], dtype=torch.int32)
    cap = capacity(topk, block, bn, -(-length // bn), rows=4)
    tiles, counts = kept_tiles(chosen, positions, block, bn, cap, groups, rows=4, chunk=4)
    for g, (first, rows) in enumerate(groups.tolist()):
        want = sorted(set().union(*(visible_tiles(chosen[r], int(positions[r]), block, bn) for r in
                                    range(first, first + rows))))  # fmt: skip
        assert tiles[g, : counts[g]].tolist() == want, g
        assert len(want) <= cap


def test_block_lists_of_all_rows_or_of_rows_named_one_a_group() -> None:
    """`kept_blocks`: each row's blocks it sees (tiles of one block), at most `topk + 1`; the rows that groups of
    one row name (prefill rows taking the gathered walk, in any order) get the lists those rows get in the
    whole batch."""
    block, length, topk = 4, 200, 6
    chosen = random_choice(6, length // block, topk, 3)
    positions = torch.tensor([199, 120, 7, 198, 3, 150])
    blocks, counts, cap = kept_blocks(chosen, positions, block, topk)
    assert cap == topk + 1
    for r in range(6):
        assert blocks[r, : counts[r]].tolist() == visible_tiles(chosen[r], int(positions[r]), block, block), r
    named = [5, 0, 3]
    groups = torch.tensor([[r, 1] for r in named], dtype=torch.int32)
    some, some_counts, _ = kept_blocks(chosen, positions, block, topk, groups)
    for g, r in enumerate(named):
        assert some[g, : some_counts[g]].tolist() == blocks[r, : counts[r]].tolist(), r
