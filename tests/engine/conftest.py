"""Tiny-preset `LLM`s shared by the engine tests (eager, float32), one per engine configuration."""

from collections.abc import Callable
from pathlib import Path

import pytest

from qcompile import LLM

MakeLLM = Callable[..., LLM]


@pytest.fixture(scope="session")
def make_llm(tiny_ckpt: Path) -> MakeLLM:
    """`make_llm(**kwargs)`: the tiny checkpoint loaded with those `LLM` arguments (`max_model_len` 128
    unless given), built once per session."""
    cache: dict[tuple, LLM] = {}

    def make(**kwargs: object) -> LLM:
        key = tuple(sorted(kwargs.items()))
        if key not in cache:
            cache[key] = LLM(str(tiny_ckpt), **{"max_model_len": 128, **kwargs})
        return cache[key]

    return make


@pytest.fixture(scope="session")
def llm(make_llm: MakeLLM) -> LLM:
    # fewer slots than most tests' prompts, so some requests wait and then prefill beside running decodes
    return make_llm(max_num_seqs=4)
