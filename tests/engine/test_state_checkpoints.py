"""The book of prefix-cache checkpoint rows on its own: free rows first, then LRU eviction."""

import pytest

from qcompile.engine.state_checkpoints import StateCheckpoints


def test_rows_are_taken_free_first_then_least_recently_used() -> None:
    book = StateCheckpoints(2)
    (a, none_a), (b, none_b) = book.take(set()), book.take(set())
    assert (a, b, none_a, none_b) == (0, 1, None, None)  # free rows held no key
    book.put(b"a", a)
    book.put(b"b", b)
    assert book.find(b"a") == a  # now the most recently used
    assert book.take({b}) is None and not book.can_take({b})  # the LRU row is copied in this step
    assert book.can_take(set()) and book.take(set()) == (b, b"b")  # evicted: its key goes with it
    assert b"b" not in book and b"a" in book
    book.give_back(b)
    assert book.take(set()) == (b, None)
    with pytest.raises(RuntimeError, match="already held by row 0"):
        book.put(b"a", b)
    book.reset()
    assert book.find(b"a") is None and sorted(book.free) == [0, 1]


def test_no_rows_means_no_checkpoints() -> None:
    assert StateCheckpoints(0).take(set()) is None and not StateCheckpoints(0).can_take(set())
    with pytest.raises(ValueError, match="num_checkpoints=-1"):
        StateCheckpoints(-1)
