"""Chunked decode working sets: the slices, bitwise the same logprobs whatever the budget, and one
chunk's temporaries alive at a time."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest
import torch

import model.working_set as working_set
from model.attention import Attention
from model.checkpoint.loader import load_model
from model.context import HostBatch, forward_context
from model.gdn import GatedDeltaNet
from model.working_set import chunks
from tests.cudagraph.drive import run

PROMPTS = [list(range(2, 24)), [5, 6, 7], [9, 1, 4, 4, 1, 8], [3]]  # one past the QSA budget, one with EOS


@pytest.mark.parametrize(
    ("rows", "row_bytes", "budget", "sizes"),
    [
        (64, 6, 64, [10] * 6 + [4]),  # at most 10 rows (60 bytes) each
        (64, 1, 64, [64]),
        (10, 3, 10, [3, 3, 3, 1]),
        (3, 100, 1, [1, 1, 1]),  # a row over budget still gets a chunk of its own
        (1, 10, 64, [1]),
        (0, 10, 64, []),
    ],
)
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


def _tracker_class() -> type:
    """`scripts/decode_memory.py`'s live-bytes tracker (the script that found the two-chunk peak)."""
    path = Path(__file__).resolve().parents[2] / "scripts" / "decode_memory.py"
    spec = importlib.util.spec_from_file_location("decode_memory", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Tracker


@pytest.mark.parametrize(
    ("cls", "method", "row_bytes"),
    [
        (GatedDeltaNet, "delta_rule", lambda m: m.recurrent[0].nbytes),
        (
            Attention,
            "_decode",
            lambda m: m.block_table.shape[1] * (m.k_cache[0].nbytes + m.v_cache[0].nbytes + m.block_keys[0].nbytes),
        ),
    ],
)
def test_decode_chunks_are_alive_one_at_a_time(
    tiny_ckpt: Path,
    monkeypatch: pytest.MonkeyPatch,
    cls: type,
    method: str,
    row_bytes: Callable[[torch.nn.Module], int],
) -> None:
    """Four requests in one-request chunks peak no higher than one request alone, give or take less than
    half a request's gathered rows: a chunk's gathered data is freed before the next chunk gathers (a
    loop variable that outlived its chunk once doubled the graph pool's peak on the bench preset)."""
    tracker = _tracker_class()
    m = load_model(tiny_ckpt, dtype=torch.float32)
    m.init_state(max_num_seqs=4, max_model_len=64)
    known = {t.untyped_storage().data_ptr() for t in [*m.parameters(), *m.buffers()]}
    peaks: list[int] = []
    original = getattr(cls, method)

    def tracked(self: torch.nn.Module, *args: torch.Tensor) -> torch.Tensor:
        inputs = {a.untyped_storage().data_ptr() for a in args}  # slicing them allocates nothing
        with tracker(known | inputs) as t:
            out = original(self, *args)
        peaks.append(t.peak)
        return out

    monkeypatch.setattr(cls, method, tracked)
    monkeypatch.setattr(f"{cls.__module__}.chunks", lambda rows, row_bytes, budget=None: chunks(rows, row_bytes, 1))

    def decode_peak(n: int) -> int:
        peaks.clear()
        slots = torch.arange(n)
        host = HostBatch(tuple(range(n + 1)), (40,) * n, tuple(range(n)), n)
        with torch.no_grad(), forward_context(host):
            m(torch.full((n,), 7), torch.full((n,), 40), slots, torch.zeros(n, dtype=torch.int64), slots.clone())
        assert peaks, f"{cls.__name__}.{method} did not run"
        return max(peaks)

    row = row_bytes(next(x for x in m.modules() if isinstance(x, cls)))
    one, four = decode_peak(1), decode_peak(4)
    assert one >= row, "the tracker saw less than one request's gathered rows"
    assert four - one < row / 2, f"4 one-request chunks peak at {four} bytes, one request at {one} (row {row})"
