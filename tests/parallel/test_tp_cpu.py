"""Tensor parallelism over gloo on loopback: TP2/TP4 give TP1's greedy tokens and logprobs (fp32, 1e-5),
with the embedding and `lm_head` vocabulary-parallel (a rank holds vocab/N rows).

The schedule mixes prefill chunks with decodes in one flat batch, and its long prompt is past the
QSA budget, so the sparse block choice runs on every rank. The TP runs follow TP1's tokens, so a
logprob difference cannot hide behind a diverged path; their own argmax must still be TP1's token.
"""

from __future__ import annotations

import datetime
import faulthandler
import socket
from collections.abc import Callable
from pathlib import Path

import pytest
import torch
import torch.distributed as dist
import torch.multiprocessing as mp

from model.batch import Batch, Chunk, build_batch
from model.checkpoint.loader import load_model
from model.config import Qwen4ExpConfig
from model.parallel import ParallelError, Shard, check_divisible
from model.presets import PRESETS
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.synthetic import make_checkpoint

ATOL = 1e-5
PIECE = 8  # prefill chunk length: the long prompts prefill over several steps, beside decodes
STEPS = 8


def prompts_for(config: Qwen4ExpConfig) -> dict[int, list[int]]:
    """Slot → prompt; slot 2 joins at step 2, while the others decode."""
    v, eos = config.vocab_size, config.eos_token_id
    long = [(7 * i + 3) % v for i in range(config.indexer_budget + config.indexer_compress_ratio + 9)]
    return {0: long, 1: [5, 9, 2], 2: [11, 12, eos, 13, 14, eos, 15, 16, 17, 18, 19]}


def run_schedule(
    model: Qwen4ExpForCausalLM,
    forced: list[dict[int, int]] | None,
    forward: Callable[[Batch], torch.Tensor] | None = None,
) -> tuple[list[torch.Tensor], list[dict[int, int]]]:
    """Per step: the logprobs of every row, and the token each request whose prompt is done takes
    next (its argmax, or `forced`'s token when given). `forward` runs a batch (default `model.run`)."""
    forward = forward or model.run
    seqs = {slot: list(p) for slot, p in prompts_for(model.config).items()}
    fed = dict.fromkeys(seqs, 0)
    model.reset_slots(list(seqs))
    rows, picks = [], []
    for step in range(STEPS):
        chunks = [
            Chunk(slot, seq[fed[slot] : fed[slot] + PIECE], fed[slot])
            for slot, seq in seqs.items()
            if (slot != 2 or step >= 2) and fed[slot] < len(seq)
        ]
        batch = build_batch(chunks, model.trash_slot, "cpu")
        with torch.no_grad():
            lp = model.compute_logits(forward(batch)).log_softmax(-1)
        rows.append(lp)
        chosen = {}
        for c, end in zip(chunks, batch.last_token_index, strict=True):
            fed[c.slot] += len(c.token_ids)
            if fed[c.slot] == len(seqs[c.slot]):
                chosen[c.slot] = int(lp[end].argmax())
                seqs[c.slot].append(forced[step][c.slot] if forced else chosen[c.slot])
        picks.append(chosen)
    return rows, picks


def _rank(rank: int, size: int, port: int, ckpt: Path, forced: list[dict[int, int]], out: Path) -> None:
    torch.set_num_threads(1)  # two ranks on two cores
    faulthandler.dump_traceback_later(100)  # a rank that hangs shows where, before its peer's 120 s timeout
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{port}",
        rank=rank,
        world_size=size,
        timeout=datetime.timedelta(seconds=120),
    )
    try:
        model = load_model(ckpt, dtype=torch.float32, shard=Shard.current())
        v = model.config.vocab_size  # vocabulary-parallel: each rank holds its rows only
        rows = (rank + 1) * v // size - rank * v // size
        assert model.model.embed_tokens.weight.shape[0] == model.lm_head.weight.shape[0] == rows
        model.init_state(max_num_seqs=4, max_model_len=64)
        torch.save(run_schedule(model, forced), out / f"rank{rank}.pt")
    finally:
        faulthandler.cancel_dump_traceback_later()
        dist.destroy_process_group()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def check_tp(ckpt: Path, size: int, out: Path) -> None:
    model = load_model(ckpt, dtype=torch.float32)
    model.init_state(max_num_seqs=4, max_model_len=64)
    want, picks = run_schedule(model, None)
    assert any(len(p) == 3 for p in picks), "no step decodes all three requests"
    forced = [dict(p) for p in picks]
    # spawned, not forked: a fork copies whatever lock another thread of this process (an xdist worker that
    # ran other tests) holds at that moment, and a rank that meets it waits forever (CI saw rank 1 time out
    # in its first all-reduce while rank 0 hung)
    mp.start_processes(_rank, (size, free_port(), ckpt, forced, out), nprocs=size, start_method="spawn")
    first = None
    for rank in range(size):
        got, got_picks = torch.load(out / f"rank{rank}.pt")
        assert got_picks == picks, f"rank {rank} of {size} left TP1's greedy path"
        for step, (g, w) in enumerate(zip(got, want, strict=True)):
            torch.testing.assert_close(g, w, atol=ATOL, rtol=0, msg=lambda m, s=step: f"step {s}: {m}")
        if first is None:
            first = got
        else:  # replicated parts run on identical inputs: ranks agree bitwise
            assert all(torch.equal(a, b) for a, b in zip(got, first, strict=True)), f"rank {rank} differs from rank 0"


def test_tp2_tiny_matches_tp1(tiny_ckpt: Path, tmp_path: Path) -> None:
    check_tp(tiny_ckpt, 2, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "size"), [("tiny8", 2), ("tiny", 4), ("tiny8", 4)])
def test_tp_matches_tp1(preset: str, size: int, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    check_tp(request.getfixturevalue(f"{preset}_ckpt"), size, tmp_path)


def test_tp4_with_a_vocabulary_it_does_not_divide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """510 rows over 4 ranks: 127, 128, 127, 128; the logits gather pads and trims the short ones."""
    monkeypatch.setitem(PRESETS, "tiny510", {**PRESETS["tiny"], "vocab_size": 510})
    check_tp(make_checkpoint("tiny510", tmp_path / "ckpt"), 4, tmp_path)


def test_bad_tp_size_is_refused_naming_the_heads(tiny_ckpt: Path) -> None:
    config = Qwen4ExpConfig.from_file(tiny_ckpt)
    with pytest.raises(ParallelError, match=r"tensor_parallel_size = 3 .*num_attention_heads = 4"):
        check_divisible(config, 3)
    with pytest.raises(ParallelError, match=r"linear_num_value_heads = 4"):
        load_model(tiny_ckpt, shard=Shard(rank=0, size=8))
