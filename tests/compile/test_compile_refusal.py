"""`qcompile.compile` refuses up front, in one line naming what it takes, a module it cannot compile
(transformers' own Qwen4-Exp, which would fail deep inside Inductor)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import torch

import qcompile
from model.checkpoint.loader import load_model
from qcompile.synthetic import build_model

TAKES = "it takes our model.qwen4_exp.Qwen4ExpForCausalLM or a module built of qcompile regions"


def test_transformers_qwen4_exp_is_refused_naming_it() -> None:
    hf = build_model("tiny")
    with pytest.raises(TypeError) as e:
        qcompile.compile(hf, scope="layer")
    name = f"{type(hf).__module__}.Qwen4ExpForConditionalGeneration"
    assert str(e.value) == f"qcompile.compile: {name} runs no qcompile regions; {TAKES}"


@pytest.mark.parametrize("module", [torch.nn.Linear(2, 2), "not a module"])
def test_other_things_are_refused(module: object) -> None:
    with pytest.raises(TypeError, match=re.escape(TAKES)):
        qcompile.compile(module)  # type: ignore[arg-type]


def test_our_model_is_taken_before_its_state(tiny_ckpt: Path) -> None:
    """`qcompile dump` compiles first and makes the state in its workload: nothing compiles before the first call."""
    model = load_model(tiny_ckpt)
    compiled = qcompile.compile(model)
    model.init_state(2, 16)
    assert compiled.scope == "layer"
