"""A checkpoint whose vocabulary (384) is smaller than the ids a fixed workload once used."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.presets import PRESETS
from qcompile.synthetic import make_checkpoint

SMALL_VOCAB = 384


@pytest.fixture(scope="session")
def small_vocab_ckpt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny preset with `vocab_size` 384, written with the checkpoint maker (tokenizer included)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(PRESETS, "tiny384", {**PRESETS["tiny"], "vocab_size": SMALL_VOCAB})
        return make_checkpoint("tiny384", tmp_path_factory.mktemp("tiny384"))
