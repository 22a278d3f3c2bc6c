"""Rows of the region table for ops that are not regions: what the compiler may do with them.

A model module defines such an op (`model.kernels.library`) and calls it; whether a compiled piece
keeps the call, folds it with its neighbour or swaps it for torch ops is compile knowledge, so it is
declared here, in the model's region table (`qcompile/ops/qwen4_exp.py`), beside the regions. The
compiler's rewrites (`qcompile/compiler/rewrites.py`) read the two tables this fills and know no op
by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import torch

Op = torch._ops.OpOverload


@dataclass(frozen=True)
class DecodeOnly:
    """An op whose kernels serve at most `rows` rows: a compile range reaching past them calls `twin`
    instead, an op of the same schema that traces into torch ops, which Inductor fuses."""

    op: Op
    rows: int
    twin: Op


@dataclass(frozen=True)
class Fold:
    """A call of `second` whose first argument is the result of a call of `first` may become one call
    of `fused`: `first`'s arguments, then `second`'s others, returning `first`'s result, then
    `second`'s results."""

    first: Op
    second: Op
    fused: Op


# {op: its row}, {(first op, second op): its row}; filled by `register_hints`.
DECODE_ONLY: dict[Op, DecodeOnly] = {}
FOLDS: dict[tuple[Op, Op], Fold] = {}


def register_hints(table: Iterable[DecodeOnly | Fold]) -> None:
    """Add every row to its table; an op (or pair) declared twice is an error naming it."""
    for row in table:
        if isinstance(row, DecodeOnly):
            if row.rows < 1:
                raise ValueError(f"DecodeOnly({row.op}): rows must be positive, got {row.rows}")
            _add(DECODE_ONLY, row.op, row, str(row.op))
        else:
            _add(FOLDS, (row.first, row.second), row, f"{row.first} into {row.second}")


def _add(table: dict, key: object, row: DecodeOnly | Fold, what: str) -> None:
    if key in table:
        raise ValueError(f"{type(row).__name__} for {what} is declared twice")
    table[key] = row
