"""State checkpoints for prefix caching: a slot saved into a checkpoint row and restored into another
slot, which reads the first slot's K/V pages, continues bit for bit as the first slot does."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from model.qwen4_exp import Qwen4ExpForCausalLM

PAGE = 16
PROMPT = [(7 * i) % 97 + 2 for i in range(40)]  # two full pages, then 8 tokens
HIT = 2 * PAGE


def run(m: Qwen4ExpForCausalLM, slot: int, tokens: list[int], start: int) -> torch.Tensor:
    batch = build_batch([Chunk(slot, tokens, start)], m.trash_slot, m.lm_head.weight.device, pad_to=len(tokens) + 3)
    with torch.no_grad():
        return m.compute_logits(m.run(batch)[: len(tokens)])


def test_a_restored_checkpoint_continues_bitwise_on_shared_pages(tiny_ckpt: Path) -> None:
    m = load_model(tiny_ckpt, dtype=torch.float32)
    m.init_state(2, 64, num_pages=8, page_size=PAGE, num_checkpoints=3)
    m.set_block_table(0, [5, 2, 7])
    run(m, 0, PROMPT[:HIT], 0)
    m.copy_state([0], [m.checkpoint_row(1)])  # slot 0 after [0, HIT)
    want = run(m, 0, PROMPT[HIT:], HIT)
    m.reset_slots([1])
    m.copy_state([m.checkpoint_row(1)], [1])
    m.set_block_table(1, [5, 2, 4])  # the two full pages shared, the partial one its own
    got = run(m, 1, PROMPT[HIT:], HIT)
    assert torch.equal(got, want)
    m.reset_slots([1])  # without the checkpoint the same pages give another answer: the state matters
    assert not torch.allclose(run(m, 1, PROMPT[HIT:], HIT), want)


def test_checkpoint_rows_follow_the_slots_and_their_bytes_are_known_before_init(tiny_ckpt: Path) -> None:
    m = load_model(tiny_ckpt, dtype=torch.float32)
    row_bytes = m.state_row_bytes()
    m.init_state(3, 32, page_size=PAGE, num_checkpoints=2)
    state = [t for layer in m.model.layers for mod in layer.stateful() for t in mod.slot_state()]
    assert state and all(t.shape[0] == 3 + 1 + 2 for t in state)
    assert row_bytes == sum(t[0].nbytes for t in state)
    assert [m.checkpoint_row(c) for c in (0, 1)] == [4, 5]
    with pytest.raises(ValueError, match=r"checkpoint 2: the state pool has checkpoints 0 \.\. 1"):
        m.checkpoint_row(2)
    with pytest.raises(ValueError, match="num_checkpoints=-1: must be >= 0"):
        m.init_state(3, 32, page_size=PAGE, num_checkpoints=-1)
