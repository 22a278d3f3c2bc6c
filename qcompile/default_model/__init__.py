"""The embedded default checkpoint: a small Qwen4-Exp trained by `scripts/tools/train_default.py`, shipped as
package data so that `qcompile serve` answers with text on a fresh machine, with no download."""

from __future__ import annotations

from pathlib import Path

PATH = Path(__file__).parent
NAME = "qcompile-default"
