"""Compiled at kernel scope under TP2 (gloo): every rank compiles the same range, its all-reduces traced
as functional collectives (no graph break), each split into a piece of its own (piecewise graphs hold
no collective), and after warmup no rank traces again; the logprobs stay within 1e-5 of eager TP1
along TP1's greedy path."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import torch
import torch.distributed as dist
import torch.multiprocessing as mp

import qcompile
from model.batch import Batch
from model.checkpoint.loader import load_model
from model.parallel import Shard
from qcompile.compiler.ranges import warmup_sizes
from tests.parallel.test_tp_cpu import ATOL, free_port, run_schedule

RANGES = ((2, 24),)
ALL_REDUCE = torch.ops._c10d_functional.all_reduce  # as Dynamo's graph calls it


def _rank(rank: int, size: int, port: int, ckpt: Path, forced: list[dict[int, int]], out: Path) -> None:
    torch.set_num_threads(1)
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{port}",
        rank=rank,
        world_size=size,
        timeout=datetime.timedelta(minutes=10),
    )
    try:
        model = load_model(ckpt, dtype=torch.float32, shard=Shard.current())
        model.init_state(max_num_seqs=4, max_model_len=64)
        compiled = qcompile.compile(model, ranges=RANGES, scope="kernel")
        with torch.no_grad():  # as `run_schedule` runs it: grad mode is part of the guards
            compiled.warmup()
        traces = compiled.backend.traces
        breaks = dict(torch._dynamo.utils.counters["graph_break"])
        record = compiled.backend.records[-1]
        reduces = [n for n in record.dynamo_graph.graph.nodes if n.target == ALL_REDUCE]
        alone = [  # split-out pieces that run one all-reduce, outside any piecewise CUDA graph
            name
            for name in record.splitting
            if any(n.target == ALL_REDUCE for n in getattr(record.split_graph, name).graph.nodes)
        ]

        def forward(batch: Batch) -> torch.Tensor:
            with model.context(batch):
                return compiled(*batch.tensors())

        with torch.compiler.set_stance("fail_on_recompile"):
            result = run_schedule(model, forced, forward)
        torch.save((result, traces, compiled.backend.traces, breaks, len(reduces), len(alone)), out / f"rank{rank}.pt")
    finally:
        dist.destroy_process_group()


@pytest.mark.slow
def test_tp2_kernel_scope_compiles_once_per_rank_and_matches_tp1(tiny_ckpt: Path, tmp_path: Path) -> None:
    assert list(warmup_sizes(RANGES)) == [24]
    model = load_model(tiny_ckpt, dtype=torch.float32)
    model.init_state(max_num_seqs=4, max_model_len=64)
    with torch.no_grad():
        want, picks = run_schedule(model, None)
    # spawned, not forked: a fork inherits Inductor's compile pool from earlier compiles in this process
    # without its threads, and the child's compile then waits on it forever
    mp.start_processes(_rank, (2, free_port(), tiny_ckpt, picks, tmp_path), nprocs=2, start_method="spawn")
    for rank in range(2):
        (got, got_picks), traces, traces_after, breaks, reduces, alone = torch.load(tmp_path / f"rank{rank}.pt")
        assert traces_after == traces == 1, f"rank {rank}: {traces} traces at warmup, {traces_after} after"
        assert not breaks, f"rank {rank}: graph breaks {breaks}"
        # the embedding's, and one per mixer and per MoE: each a splitting piece
        assert reduces == alone == 1 + 2 * model.config.num_hidden_layers, (reduces, alone)
        assert got_picks == picks
        for step, (g, w) in enumerate(zip(got, want, strict=True)):
            torch.testing.assert_close(g, w, atol=ATOL, rtol=0, msg=lambda m, s=step, r=rank: f"rank {r} step {s}: {m}")
