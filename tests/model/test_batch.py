"""Flat batches (`model.batch.build_batch`): a chunk's saves write its tails to their state rows."""

import pytest

from model.batch import Chunk, build_batch


def test_a_save_points_the_row_before_it_at_its_state_row() -> None:
    batch = build_batch([Chunk(1, [5, 6, 7, 8], 0, ((2, 5),)), Chunk(0, [9], 3)], trash_slot=3, device="cpu")
    assert batch.write_slots.tolist() == [3, 5, 3, 1, 0]
    assert batch.host.saves == ((0, 2, 5),)


@pytest.mark.parametrize(
    ("chunks", "error"),
    [
        ([Chunk(1, [5, 6], 0, ((2, 5),))], "save after 2 tokens into state row 5 is outside its 2 tokens"),
        ([Chunk(1, [5, 6], 0, ((1, 3),))], "not a checkpoint row"),
        ([Chunk(1, [5, 6, 7], 0, ((1, 5), (1, 6)))], "share a position or a state row"),
        ([Chunk(1, [5, 6, 7], 0, ((1, 5),)), Chunk(2, [5, 6], 0, ((1, 5),))], "share a position or a state row"),
    ],
)
def test_bad_saves_are_named(chunks: list[Chunk], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        build_batch(chunks, trash_slot=3, device="cpu")
