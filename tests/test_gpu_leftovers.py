"""What a failed `gpu` test held is gone before the next test starts (`tests/conftest.py`'s
`release_device_memory`): on the H100 a failed engine test's frames kept its 71 GiB K/V pool alive
(through `sys.last_traceback` and the cycle pytest's exception record makes with them), and the next
engine sized its pool from a full device. Run here on CPU in an inner pytest session (a process of its
own: an in-process one records every hook's arguments, the failed call's frames among them) that does
not skip `gpu` tests, with automatic collection off so that only the fixture can free them."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]
INNER_CONFTEST = """
import gc


def pytest_configure(config):
    config.addinivalue_line("markers", "gpu: needs CUDA")
    gc.disable()
"""

INNER_TESTS = """
import weakref

import pytest
import torch

HELD = []


@pytest.mark.gpu
def test_fails_holding_a_pool():
    pool = torch.zeros(1 << 20)
    HELD.append(weakref.ref(pool))
    raise ValueError("nothing is left for K/V")


def test_next_starts_without_it():
    assert HELD and HELD[0]() is None, "the failed test's pool is still alive"
"""


@pytest.mark.parametrize(("fixture", "passed"), [("release_device_memory", 1), (None, 0)])
def test_a_failed_gpu_tests_tensors_are_freed_before_the_next(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, fixture: str | None, passed: int
) -> None:
    """With the fixture the next test finds the pool freed; without it (the control) still alive."""
    imported = f"from tests.conftest import {fixture}  # noqa: F401\n" if fixture else ""
    pytester.makeconftest(imported + INNER_CONFTEST)
    pytester.makepyfile(test_inner=INNER_TESTS)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=passed, failed=2 - passed)
