"""The narrow-scope gate's statistics (`tests/cudagraph/narrow_gate.py`) on made-up draws, on CPU."""

from __future__ import annotations

import math

import pytest
import torch

from tests.cudagraph.narrow_gate import PathDraw, failures, gate, paired_standard_error, percentile, table


def draw(diffs: list[float], top1: float = 0.9, experts: float = 0.95, qsa: float = 0.9) -> PathDraw:
    return PathDraw(torch.tensor(diffs), top1, experts, qsa)


def by_name(rows: list) -> dict:
    return {r.name: r for r in rows}


def test_percentile_interpolates_as_numpy_does() -> None:
    values = torch.tensor([4.0, 1.0, 3.0, 2.0, 5.0])
    assert percentile(values, 0.5) == 3.0
    assert percentile(values, 0.9) == pytest.approx(4.6)  # 0.9 * 4 = 3.6: 4 + 0.6 * (5 - 4)
    assert percentile(values, 1.0) == 5.0
    many = torch.rand(10_001, generator=torch.Generator().manual_seed(0))
    assert percentile(many, 0.999) == pytest.approx(torch.quantile(many.double(), 0.999).item())
    with pytest.raises(ValueError, match="q must lie in"):
        percentile(values, 1.5)


def test_paired_standard_error_is_the_sd_of_the_differences_over_root_n() -> None:
    scope, eager = [0.90, 0.80, 0.70], [0.91, 0.78, 0.74]  # d = -0.01, +0.02, -0.04; mean -0.01
    sd = math.sqrt(((0.0) ** 2 + 0.03**2 + 0.03**2) / 2)
    assert paired_standard_error(scope, eager) == pytest.approx(sd / math.sqrt(3))
    # a shared draw-to-draw swing cancels: the same differences on shifted rates give the same SE
    assert paired_standard_error(
        [s + 0.05 * i for i, s in enumerate(scope)], [e + 0.05 * i for i, e in enumerate(eager)]
    ) == (pytest.approx(sd / math.sqrt(3)))
    with pytest.raises(ValueError, match="two or more paired draws"):
        paired_standard_error([0.9], [0.9])


def test_a_scope_with_smaller_errors_and_agreement_within_noise_passes_with_a_larger_max() -> None:
    """Agreement a little below eager's but within two paired SEs passes; a larger maximum is only reported."""
    eager = [draw([0.01] * 999 + [0.05], top1=0.90 + 0.02 * (i % 2)) for i in range(4)]
    scope = [draw([0.008] * 999 + [0.06], top1=0.90 + 0.02 * (i % 2) - 0.01 * (i < 2)) for i in range(4)]
    rows = by_name(gate(eager, scope))
    assert rows["|Δ| max"].scope > rows["|Δ| max"].eager and rows["|Δ| max"].passed is None
    assert rows["top1"].scope < rows["top1"].eager and rows["top1"].passed
    assert not failures(list(rows.values()))
    assert "reported" in table(list(rows.values()), "kernel", 4)


def test_a_heavier_tail_fails_the_99_9th_percentile_though_the_mean_passes() -> None:
    eager = [draw([0.01] * 990 + [0.02] * 10) for _ in range(4)]
    scope = [draw([0.005] * 990 + [0.05] * 10) for _ in range(4)]
    rows = gate(eager, scope)
    assert [r.name for r in failures(rows)] == ["|Δ| p99.9"]
    assert "FAIL" in table(rows, "kernel", 4)


def test_agreement_lower_in_every_draw_fails_even_by_a_little() -> None:
    """A consistent shortfall has a small paired SE: 0.5% below eager in each of 16 draws fails,
    though the rates' own draw-to-draw spread is ten times that."""
    eager = [draw([0.01], experts=0.90 + 0.05 * (i % 3)) for i in range(16)]
    scope = [draw([0.01], experts=0.90 + 0.05 * (i % 3) - 0.005 - 0.001 * (i % 2)) for i in range(16)]
    assert [r.name for r in failures(gate(eager, scope))] == ["experts"]


def test_the_gate_needs_paired_draws() -> None:
    with pytest.raises(ValueError, match="two or more draws"):
        gate([draw([0.01])], [draw([0.01])])
    with pytest.raises(ValueError, match="2 eager and 3 scope"):
        gate([draw([0.01])] * 2, [draw([0.01])] * 3)
