"""Peak host memory of a load with host expert banks: at most what the loaded model holds (banks, slots,
the other weights and buffers) plus one checkpoint tensor, where loading everything and then offloading
(the path the banks replaced) holds every expert stack beside the banks.

Measured in a fresh process (`bank_peak_child.py`) as the anonymous resident memory the load adds
(sampled every 0.2 ms; the checkpoint's mapped pages are file pages and not counted), on a 194 MB
float32 checkpoint (the tiny model with 128 experts of intermediate size 512: 384 KiB each), with 4
slots per layer, 2 of them static. On CPU the slots are host memory too. The bound fails if any expert
is held twice or the stacks exist beside the banks: the old path overshoots it by at least one layer's
banks (126 experts of 384 KiB, 49.5 MB: a layer's stacks live beside its new banks while they are
copied; measured 78-176 MB over), the slack below is 4 MiB.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from model.presets import PRESETS, preset_config
from qcompile.synthetic import make_checkpoint

ROOT = Path(__file__).resolve().parents[2]
SLACK = 4 << 20  # page rounding and Python objects
LAYER_BANKS = 126 * 384 << 10  # one layer's host experts: what the old path holds twice at its copy


@pytest.fixture(scope="module")
def wide_experts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(PRESETS, "banks", preset_config("tiny") | {"num_experts": 128, "moe_intermediate_size": 512})
        return make_checkpoint("banks", tmp_path_factory.mktemp("banks"))


def measure(path: Path, warmup: Path, mode: str) -> dict[str, int]:
    child = ROOT / "tests" / "experts" / "bank_peak_child.py"
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(child), str(path), str(warmup), mode, "4", "2"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_banks_load_holds_no_expert_twice(wide_experts: Path, tiny_ckpt: Path) -> None:
    banks = measure(wide_experts, tiny_ckpt, "banks")
    bound = banks["held"] + banks["largest"] + SLACK
    assert banks["held"] > 190e6 and banks["peak"] <= bound, banks
    old = measure(wide_experts, tiny_ckpt, "offload")
    assert old["held"] == banks["held"] and old["peak"] > bound + LAYER_BANKS // 2, old
