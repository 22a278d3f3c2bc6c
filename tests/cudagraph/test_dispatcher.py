"""Modes, capture sizes and the dispatcher: pure host logic, no device needed."""

from __future__ import annotations

import pytest

from model.context import RuntimeMode
from qcompile.cudagraph import (
    MODES,
    Dispatcher,
    default_capture_sizes,
    resolve_capture_sizes,
    resolve_mode,
)

NONE, PIECEWISE, FULL = RuntimeMode.NONE, RuntimeMode.PIECEWISE, RuntimeMode.FULL


def test_default_ladder() -> None:
    assert default_capture_sizes(512) == [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512]
    assert default_capture_sizes(100) == [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 100]
    assert default_capture_sizes(1) == [1] and default_capture_sizes(3) == [1, 2, 3]
    sizes = default_capture_sizes(4096)
    # from 16 tokens on, padding is at most a third of the padded batch
    assert all(3 * (b - a - 1) <= b for a, b in zip(sizes[4:], sizes[5:], strict=False))
    with pytest.raises(ValueError):
        default_capture_sizes(0)


def test_resolve_capture_sizes() -> None:
    assert resolve_capture_sizes(None, [(1, 256)]) == default_capture_sizes(256)
    assert resolve_capture_sizes(None, [(1, 4096)]) == default_capture_sizes(512)
    assert resolve_capture_sizes(None, [(1, 4096)], max_size=64) == default_capture_sizes(64)
    assert resolve_capture_sizes([8, 1, 8, 2], [(1, 1), (2, 16)]) == [1, 2, 8]
    with pytest.raises(ValueError, match=r"\[3\] are outside"):
        resolve_capture_sizes([2, 3], [(1, 2), (4, 8)])
    with pytest.raises(ValueError, match="empty"):
        resolve_capture_sizes([], [(1, 8)])


def test_modes_resolve_like_vllm() -> None:
    assert set(MODES) == {"none", "piecewise", "full", "full_decode_only", "full_and_piecewise"}
    plan = resolve_mode("full", piecewise_available=True)
    assert (plan.name, plan.decode, plan.mixed) == ("full_and_piecewise", FULL, PIECEWISE)
    assert resolve_mode("full", piecewise_available=False).name == "full_decode_only"
    assert resolve_mode("piecewise", piecewise_available=False).name == "none"
    assert resolve_mode("full_and_piecewise", piecewise_available=False).name == "full_decode_only"
    for name in ("none", "piecewise", "full_decode_only", "full_and_piecewise"):
        plan = resolve_mode(name, piecewise_available=True)
        assert plan.name == plan.requested == name and (plan.decode, plan.mixed) == MODES[name]
    with pytest.raises(ValueError, match="cudagraph must be one of"):
        resolve_mode("reduce-overhead", True)


def dispatch(mode: str, n: int, uniform: bool, max_num_seqs: int | None = 5) -> tuple[RuntimeMode, int]:
    d = Dispatcher(resolve_mode(mode, True), [1, 2, 4, 8, 16], max_num_seqs).dispatch(n, uniform)
    assert d.num_tokens == n
    return d.mode, d.padded


@pytest.mark.parametrize(
    "mode,n,uniform,expected",
    [
        ("none", 3, True, (NONE, 3)),
        ("piecewise", 3, True, (PIECEWISE, 4)),
        ("piecewise", 9, False, (PIECEWISE, 16)),
        ("piecewise", 17, False, (NONE, 17)),
        ("full_decode_only", 3, True, (FULL, 4)),
        ("full_decode_only", 5, True, (FULL, 8)),  # 8: the first size >= max_num_seqs
        ("full_decode_only", 9, True, (NONE, 9)),
        ("full_decode_only", 3, False, (NONE, 3)),
        ("full_and_piecewise", 1, True, (FULL, 1)),
        ("full_and_piecewise", 3, False, (PIECEWISE, 4)),
        ("full_and_piecewise", 9, True, (PIECEWISE, 16)),  # above every FULL size: piecewise
        ("full_and_piecewise", 16, False, (PIECEWISE, 16)),
        ("full_and_piecewise", 17, False, (NONE, 17)),
        ("full", 3, True, (FULL, 4)),
        ("full", 3, False, (PIECEWISE, 4)),
    ],
)
def test_dispatch(mode: str, n: int, uniform: bool, expected: tuple[RuntimeMode, int]) -> None:
    assert dispatch(mode, n, uniform) == expected


def test_full_sizes_follow_max_num_seqs_and_capture_order() -> None:
    plan = resolve_mode("full_and_piecewise", True)
    d = Dispatcher(plan, [16, 1, 4, 2, 8], max_num_seqs=5)
    assert d.full_sizes == [1, 2, 4, 8] and d.piecewise_sizes == [1, 2, 4, 8, 16]
    assert d.graph_keys() == [
        (PIECEWISE, 16),
        (PIECEWISE, 8),
        (PIECEWISE, 4),
        (PIECEWISE, 2),
        (PIECEWISE, 1),
        (FULL, 8),
        (FULL, 4),
        (FULL, 2),
        (FULL, 1),
    ]
    assert Dispatcher(plan, [1, 2, 4], max_num_seqs=64).full_sizes == [1, 2, 4]
    assert Dispatcher(plan, [1, 2, 4], max_num_seqs=None).full_sizes == [1, 2, 4]
    only = Dispatcher(resolve_mode("full_decode_only", True), [1, 2, 4, 8], max_num_seqs=2)
    assert only.piecewise_sizes == [] and only.capture_sizes == [1, 2]
    assert only.dispatch(2, True).padded == 2 and only.dispatch(3, True).padded == 3
    with pytest.raises(ValueError, match="at least one token"):
        only.dispatch(0, True)


def test_batches_without_graphs_pad_only_up_to_a_compile_range() -> None:
    d = Dispatcher(resolve_mode("full_decode_only", True), [1, 2, 4, 8], max_num_seqs=8, ranges=[(1, 1), (4, 64)])
    assert [d.dispatch(n, False).padded for n in (1, 2, 3, 4, 9, 64, 65)] == [1, 4, 4, 4, 9, 64, 65]
    assert d.dispatch(3, True).padded == 4 and d.dispatch(3, True).mode is FULL
    assert Dispatcher(resolve_mode("none", False)).dispatch(7, False).padded == 7  # eager: never padded
    exact = Dispatcher(resolve_mode("none", True), ranges=[(1, 1), (2, 2), (4, 4), (8, 8)])
    assert [exact.dispatch(n, False).padded for n in (1, 2, 3, 5, 8, 9)] == [1, 2, 4, 8, 8, 9]
    ranges = Dispatcher(resolve_mode("none", True), ranges=[(1, 1), (2, 16), (32, 64)])
    assert [ranges.dispatch(n, True).padded for n in (1, 2, 7, 16, 17, 40, 65)] == [1, 2, 7, 16, 32, 40, 65]
