"""The shared workload: ids inside any vocabulary, the same on every run; `dump` runs it on any checkpoint."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import torch

from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from qcompile.commands.cli import main
from qcompile.commands.workload import FIRST_ID, PROMPT_LENGTHS, Workload, prefill_contexts
from tests.commands.conftest import SMALL_VOCAB


@pytest.mark.parametrize("vocab", [3, 16, SMALL_VOCAB, 512, 151_936])
def test_ids_lie_inside_the_vocabulary(vocab: int) -> None:
    w = Workload.for_vocab(vocab)
    assert tuple(map(len, w.prompts)) == PROMPT_LENGTHS
    assert all(FIRST_ID <= t < vocab for p in w.prompts for t in p)
    assert w == Workload.for_vocab(vocab)  # reproducible dumps


def test_a_vocabulary_without_ordinary_ids_is_named() -> None:
    with pytest.raises(ValueError, match="'vocab_size' = 2"):
        Workload.for_vocab(2)


def test_dump_runs_on_a_small_vocabulary(
    small_vocab_ckpt: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It also shows its stages with their times, the compile range on a line of its own."""
    main(["dump", "--model", str(small_vocab_ckpt), "--scope", "layer", "--out", str(tmp_path), "--readable-only"])
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["traces"] == 1 and summary["num_opaque_calls"] > 0
    assert summary["workload"] == {"prefill_tokens": sum(PROMPT_LENGTHS), "decode_tokens": len(PROMPT_LENGTHS)}
    out, err = capsys.readouterr()
    assert f"{tmp_path}: " in out
    timed = [line.split()[0] for line in err.splitlines() if re.search(r"\d+\.\d\d s$", line)]
    assert timed == ["load", "range", "compile", "write"], err


def test_prefilled_contexts_are_copied_to_every_slot_s_pages(tiny_ckpt: Path) -> None:
    """The bench prefills one context and copies it to the other slots (their state-pool rows and
    their own K/V pages): a decode step of each slot alone then gives the same logits, past the QSA budget."""
    model = load_model(tiny_ckpt, dtype=torch.float32)
    model.init_state(max_num_seqs=3, max_model_len=64, page_size=16)
    prefill_contexts(model, context=30, distinct=1, slots=3)
    with torch.no_grad():
        logits = [model.compute_logits(model.run(build_batch([Chunk(s, [9], 30)], 3, "cpu"))) for s in range(3)]
    assert torch.equal(logits[1], logits[0]) and torch.equal(logits[2], logits[0])


def test_prefilled_contexts_in_chunks_are_one_forward_s(tiny_ckpt: Path) -> None:
    """A context prefilled in chunks (as the bench does past `PREFILL_CHUNK` tokens, which a 128k context
    needs to fit) leaves the state and K/V of one whole forward: the next decode step's logits agree
    within fp32 rounding, past the QSA budget."""
    model = load_model(tiny_ckpt, dtype=torch.float32)
    model.init_state(max_num_seqs=1, max_model_len=64, page_size=16)
    logits = []
    for chunk in (64, 16):  # one forward, then three chunks of the same (seed 0) context
        model.reset_slots([0])
        prefill_contexts(model, context=40, distinct=1, slots=1, chunk=chunk)
        with torch.no_grad():
            logits.append(model.compute_logits(model.run(build_batch([Chunk(0, [9], 40)], 1, "cpu"))))
    torch.testing.assert_close(logits[1], logits[0], rtol=0, atol=1e-5)
