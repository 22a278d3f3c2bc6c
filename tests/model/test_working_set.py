"""Chunked decode working sets: the slices, and bitwise the same logprobs whatever the budget."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

import model.working_set as working_set
from model.checkpoint.loader import load_model
from model.working_set import chunks
from tests.cudagraph.drive import run

PROMPTS = [list(range(2, 24)), [5, 6, 7], [9, 1, 4, 4, 1, 8], [3]]   # one past the QSA budget, one with EOS


@pytest.mark.parametrize(("rows", "row_bytes", "budget", "sizes"), [
    (64, 6, 64, [10] * 6 + [4]),     # at most 10 rows (60 bytes) each
    (64, 1, 64, [64]),
    (10, 3, 10, [3, 3, 3, 1]),
    (3, 100, 1, [1, 1, 1]),          # a row over budget still gets a chunk of its own
    (1, 10, 64, [1]),
    (0, 10, 64, []),
])
def test_chunks_cover_the_rows_within_budget(rows: int, row_bytes: int, budget: int, sizes: list[int]) -> None:
    got = chunks(rows, row_bytes, budget)
    assert [s.stop - s.start for s in got] == sizes
    assert [i for s in got for i in range(s.start, s.stop)] == list(range(rows))


@pytest.mark.parametrize("module", ["model.gdn", "model.moe", "model.attention"])
def test_decode_in_one_row_chunks(tiny_ckpt: Path, monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """GDN states and gathered experts one row (or expert choice) at a time: bitwise the same, since
    every row's arithmetic is. Attention: its matmuls batch fewer requests, and CPU BLAS may then
    block the sums differently, so agreement is to fp32 rounding (measured 9.5e-7)."""
    m = load_model(tiny_ckpt, dtype=torch.float32)
    m.init_state(max_num_seqs=4, max_model_len=64)
    whole = run(m, m, PROMPTS, 6, stop_after=[6, 4, 2, 1])
    calls: list[int] = []

    def one_row(rows: int, row_bytes: int, budget: int | None = None) -> list[slice]:
        got = chunks(rows, row_bytes, 1)
        calls.append(len(got))
        return got

    monkeypatch.setattr(f"{module}.chunks", one_row)
    split = run(m, m, PROMPTS, 6, stop_after=[6, 4, 2, 1])
    assert max(calls) > 1, "nothing was chunked"
    assert whole.tokens == split.tokens
    atol = 2e-6 if module == "model.attention" else 0.0
    for a, b in zip(whole.logprobs, split.logprobs, strict=True):
        torch.testing.assert_close(a, b, atol=atol, rtol=0)


def test_default_budget_leaves_small_models_unchunked() -> None:
    assert chunks(64, 1 << 20) == [slice(0, 64)]
    assert working_set.WORKING_SET_BYTES == 96 << 20
