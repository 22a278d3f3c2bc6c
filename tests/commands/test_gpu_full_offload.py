"""`scripts/gpu/gpu_full_offload.sh`: its smoke mode end to end on CPU (a bench stage with forced hit rates
and the served request, then the one table), and the driver's predictions and its reading of a stage that
did not run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scripts.gpu import gpu_full_offload as driver
from tests.server.conftest import ROOT, free_port


def test_the_predictions_are_the_docstrings_arithmetic() -> None:
    """Batch 1 at 95% hits (24 misses a step) ~92 tok/s, at all hits ~116; at the own rate with 48 GiB
    (345 misses) ~24; batch 8 with 2616 misses ~31; a 1x2048 prefill with 22.5k misses ~860 tok/s."""
    assert driver.predicted_decode(1, 24) == pytest.approx(91.7, abs=0.1)
    assert driver.predicted_decode(1, 0) == pytest.approx(115.8, abs=0.1)
    assert driver.predicted_decode(1, 345.6) == pytest.approx(24.2, abs=0.1)
    assert driver.predicted_decode(8, 2616) == pytest.approx(30.8, abs=0.1)
    assert driver.predicted_decode(4, 0) is None
    assert driver.predicted_prefill(2048, 22464) == pytest.approx(864, abs=1)


def test_a_stage_that_did_not_run_says_why(tmp_path: Path) -> None:
    refusal = "qcompile bench: error: routed experts do not fit: 48 layers x 512 experts x 4.92 MB = 112.5 GiB"
    (tmp_path / "decode24.log").write_text(f"  build the full preset  failed\n{refusal}\n")
    table = driver.table(tmp_path, ["decode24", "long24", "serve"]).splitlines()
    assert table[2].startswith("| decode24 |") and table[2].endswith(f"{refusal} |")
    assert table[3].endswith("| not run |") and table[4].startswith("| serve |")


def test_the_smoke_run_prints_one_table(tmp_path: Path) -> None:
    env = {**os.environ, "SMOKE": "1", "OUT": str(tmp_path), "PORT": str(free_port()), "PYTHON": sys.executable}
    env |= {"RATES": "1", "STEPS": "1"}
    done = subprocess.run(
        ["bash", "scripts/gpu/gpu_full_offload.sh", "decode48", "serve"], cwd=ROOT, env=env, capture_output=True,
        text=True, timeout=600,
    )  # fmt: skip
    printed = done.stdout
    assert done.returncode == 0, printed + done.stderr
    assert "stage decode48 done" in printed and "stage serve done" in printed
    assert "experts: 4 of 8 slots per layer on the device" in printed
    table = (tmp_path / "full_offload.md").read_text()
    rows = [line.split(" | ") for line in table.splitlines()[2:]]
    steps = {(r[0], r[2], r[3]) for r in rows}
    assert {("| decode48", "batch 8", "own"), ("| decode48", "prefill 1x16", "1")} <= steps
    assert all(r[6] == "1.000" for r in rows if r[3] == "1")  # every lookup forced to hit
    served = json.loads((tmp_path / "serve.json").read_text())
    assert served["completion_tokens"] >= 1 and table.splitlines()[-1].startswith("| serve | eager |")
