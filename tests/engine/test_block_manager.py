"""The K/V page pool's bookkeeping on its own: allocation as tokens grow, exhaustion, freeing."""

import random

import pytest

from qcompile import SamplingParams
from qcompile.engine.block_manager import BlockManager
from qcompile.engine.sequence import Sequence


def seq(name: str) -> Sequence:
    return Sequence(name, None, [3], SamplingParams(max_tokens=1))


def test_pages_grow_with_the_tokens_and_go_back_on_free() -> None:
    blocks = BlockManager(num_pages=5, page_size=4)
    a = seq("a")
    assert blocks.allocate(a, 1) and a.pages == [0]
    assert blocks.allocate(a, 4) and a.pages == [0]  # still one page
    assert blocks.allocate(a, 5) and a.pages == [0, 1]
    assert blocks.pages_needed(a, 13) == 2 and blocks.num_free_pages == 3
    assert blocks.usage == pytest.approx(2 / 5)
    blocks.free(a)
    assert a.pages == [] and blocks.num_free_pages == 5 and blocks.usage == 0
    assert blocks.ref_counts == [0] * 5


def test_exhaustion_takes_nothing_and_the_trash_page_is_never_handed_out() -> None:
    blocks = BlockManager(num_pages=3, page_size=2)
    a, b = seq("a"), seq("b")
    assert blocks.allocate(a, 4) and a.pages == [0, 1]
    assert not blocks.allocate(b, 4) and b.pages == [] and blocks.num_free_pages == 1  # all or nothing
    assert blocks.allocate(b, 2) and b.pages == [2]
    assert not blocks.allocate(b, 3) and blocks.trash_page == 3 and blocks.trash_page not in a.pages + b.pages
    blocks.free(a)
    assert blocks.allocate(b, 6) and b.pages == [2, 1, 0]  # freed last page first


def test_a_double_free_is_caught() -> None:
    blocks = BlockManager(num_pages=2, page_size=2)
    a = seq("a")
    blocks.allocate(a, 3)
    pages = list(a.pages)
    blocks.free(a)
    a.pages = pages
    with pytest.raises(RuntimeError, match="page 1 of request 'a' is already free"):
        blocks.free(a)


def test_random_churn_never_gives_one_page_to_two_requests() -> None:
    rng = random.Random(0)
    blocks = BlockManager(num_pages=16, page_size=4)
    live: list[Sequence] = []
    for i in range(2000):
        if live and rng.random() < 0.3:
            blocks.free(live.pop(rng.randrange(len(live))))
        elif rng.random() < 0.5 or not live:
            s = seq(str(i))
            if blocks.allocate(s, rng.randint(1, 20)):
                live.append(s)
        else:
            s = rng.choice(live)
            blocks.allocate(s, len(s.pages) * 4 + rng.randint(1, 8))
        owned = [p for s in live for p in s.pages]
        assert len(owned) == len(set(owned)) and all(0 <= p < 16 for p in owned)
        assert sorted(owned + list(blocks.free_pages)) == list(range(16))
        assert all(blocks.ref_counts[p] == 1 for p in owned)


def test_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="num_pages=0"):
        BlockManager(0, 4)
    blocks = BlockManager(num_pages=3, page_size=4)
    blocks.check_fits(12, "request 'a'")
    with pytest.raises(
        ValueError, match=r"request 'a' needs 13 tokens of K/V but the whole pool holds 12 \(3 pages of 4\)"
    ):
        blocks.check_fits(13, "request 'a'")


def filled(name: str, tokens: list[int]) -> Sequence:
    """A request whose `tokens` were all written by launched steps (as the scheduler leaves it)."""
    s = Sequence(name, None, tokens, SamplingParams(max_tokens=1))
    s.num_written_tokens = s.num_computed_tokens = len(tokens)
    return s


def test_freed_full_pages_stay_findable_by_their_hash_chain_until_evicted() -> None:
    blocks = BlockManager(num_pages=4, page_size=2)
    a = filled("a", [1, 2, 3, 4, 5])
    assert blocks.allocate(a, 5) and a.pages == [0, 1, 2]
    blocks.register(a)  # the two full pages; the partial third is never listed
    assert len(a.page_hashes) == 2 and a.num_registered_pages == 2
    blocks.free(a)
    assert blocks.num_free_pages == 4 and list(blocks.cached_pages) == [1, 0] and list(blocks.free_pages) == [3, 2]
    b = filled("b", [1, 2, 3, 9, 9])  # shares the first page only: the chain differs from the second on
    assert blocks.cached_prefix(b, 2) == [0]
    blocks.take(b, [0])
    assert blocks.ref_counts[0] == 1 and list(blocks.cached_pages) == [1]
    assert blocks.allocate(b, 5) and b.pages == [0, 3, 2]  # never-cached pages first
    c = Sequence("c", None, [7], SamplingParams(max_tokens=1))
    assert blocks.allocate(c, 1) and c.pages == [1] and blocks.num_evicted_pages == 1  # then the LRU cached one
    assert blocks.cached_prefix(filled("a2", [1, 2, 3, 4, 5]), 2) == [0]  # page 1 is gone with its hash
    blocks.free(b)
    blocks.free(c)
    assert sorted(blocks.free_pages) == [1, 2, 3] and list(blocks.cached_pages) == [0]  # b listed none of its own


def test_a_chain_hash_depends_on_the_whole_prefix_and_one_page_holds_each_hash() -> None:
    blocks = BlockManager(num_pages=6, page_size=2)
    a, b = filled("a", [1, 2, 3, 4]), filled("b", [5, 6, 3, 4])
    same = filled("same", [1, 2, 3, 4])
    for s in (a, b, same):
        assert blocks.allocate(s, 4)
        blocks.register(s)
    assert a.page_hashes[1] != b.page_hashes[1]  # equal pages after different parents
    assert a.page_hashes == same.page_hashes and blocks.cached_prefix(same, 2) == a.pages
    blocks.free(same)  # its pages were never listed (a's hold the hashes): back to the free list
    assert not blocks.cached_pages and blocks.num_free_pages == 2
    blocks.reset()
    assert blocks.cached_prefix(filled("again", [1, 2, 3, 4]), 2) == []


def test_only_written_pages_are_listed() -> None:
    """A lookup hashes the whole prompt and a chunk may be cut below the pages allocated for it: pages
    past the written positions must not be findable (their K/V is not there yet)."""
    blocks = BlockManager(num_pages=6, page_size=2)
    a = filled("a", [1, 2, 3, 4, 5, 6, 7])
    assert blocks.cached_prefix(a, 3) == [] and len(a.page_hashes) == 3
    assert blocks.allocate(a, 6)
    a.num_written_tokens = 2
    blocks.register(a)
    assert a.num_registered_pages == 1 and blocks.cached_prefix(filled("b", [1, 2, 3, 4, 5, 6, 7]), 3) == [a.pages[0]]
