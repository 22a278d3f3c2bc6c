"""A tiny-preset `LLM` shared by the engine tests (eager, float32)."""

from pathlib import Path

import pytest

from qcompile import LLM


@pytest.fixture(scope="session")
def llm(tiny_ckpt: Path) -> LLM:
    # fewer slots than most tests' prompts, so some requests wait and then prefill beside running decodes
    return LLM(str(tiny_ckpt), max_num_seqs=4, max_model_len=128)
