"""The Dynamo-graph rewrites per compile range (`qcompile/compiler/rewrites.py`): folded calls, decode-only twins."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch
import torch.fx as fx

from model.hyper import hc_read, hc_write, hc_write_read, hc_write_read_torch
from qcompile.compiler.rewrites import fold_calls, rewrite
from tests.model.test_hc_read_kernel import operands, pending_write, residual, streams

OPS = (hc_write, hc_read, hc_write_read, hc_write_read_torch)
MODULE = residual()
OPERANDS = (*(o.detach() if isinstance(o, torch.Tensor) else o for o in operands(MODULE)), [], [])


def traced(fn: Callable[..., Any]) -> fx.GraphModule:
    return fx.symbolic_trace(fn)


def targets(gm: fx.GraphModule) -> list[Any]:
    return [n.target for n in gm.graph.nodes if n.op == "call_function" and n.target in OPS]


def write_then_read(h: torch.Tensor, w: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, ...]:
    written = hc_write(h, w, y)
    read = hc_read(written, *OPERANDS)
    return written * 2, read[0], read[1]  # the write's other user after the read


def inputs(rows: int) -> tuple[torch.Tensor, ...]:
    return (streams(MODULE, rows), *pending_write(MODULE, rows))


def test_a_write_and_the_read_of_it_become_one_call() -> None:
    gm = traced(write_then_read)
    want = gm(*inputs(2))
    fold_calls(gm)
    assert targets(gm) == [hc_write_read]
    got = gm(*inputs(2))
    assert all(torch.equal(a, b) for a, b in zip(got, want, strict=True))


def test_a_write_read_before_the_read_is_not_folded() -> None:
    """The fused call's written streams exist only from the read on: an earlier reader keeps the two calls."""

    def early(h: torch.Tensor, w: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, ...]:
        written = hc_write(h, w, y)
        doubled = written * 2
        read = hc_read(written, *OPERANDS)
        return doubled, read[0]

    gm = traced(early)
    fold_calls(gm)
    assert targets(gm) == [hc_write, hc_read]


def test_a_read_of_other_streams_is_not_folded() -> None:
    def added(h: torch.Tensor, w: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, ...]:
        read = hc_read(hc_write(h, w, y) + 1, *OPERANDS)  # a PLE adds between them
        return read[0], read[1]

    gm = traced(added)
    fold_calls(gm)
    assert targets(gm) == [hc_write, hc_read]


def test_a_wide_range_calls_the_fused_call_s_twin() -> None:
    """Past the read kernels' rows the folded call becomes its torch twin: the same values as the two
    calls unfolded."""
    gm = traced(write_then_read)
    want = gm(*inputs(5))
    rewrite(gm, (2, 64))
    assert targets(gm) == [hc_write_read_torch]
    assert all(torch.equal(a, b) for a, b in zip(gm(*inputs(5)), want, strict=True))
    small = traced(write_then_read)
    rewrite(small, (1, 1))
    assert targets(small) == [hc_write_read]
