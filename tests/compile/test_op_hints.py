"""The region table's rows for ops that are not regions (`qcompile/ops/op_hints.py`), and the one op
namespace they and the regions share (`model/kernels/library.py`)."""

from __future__ import annotations

import pytest
import torch

from model import hyper
from model.kernels.library import NAMESPACE, define_op
from qcompile.ops import REGISTRY
from qcompile.ops.op_hints import DECODE_ONLY, FOLDS, DecodeOnly, Fold, register_hints


def argument_types(op: torch._ops.OpOverload) -> list[str]:
    return [str(a.type) for a in op._schema.arguments]


def return_types(op: torch._ops.OpOverload) -> list[str]:
    return [str(r.type) for r in op._schema.returns]


def test_the_hyper_connection_ops_are_declared_in_the_table() -> None:
    assert DECODE_ONLY[hyper.hc_read].twin is hyper.hc_read_torch
    assert DECODE_ONLY[hyper.hc_write_read].twin is hyper.hc_write_read_torch
    assert FOLDS[(hyper.hc_write, hyper.hc_read)].fused is hyper.hc_write_read


@pytest.mark.parametrize("row", list(DECODE_ONLY.values()), ids=str)
def test_a_twin_takes_and_returns_what_its_op_does(row: DecodeOnly) -> None:
    """The rewrite swaps the target only, so the twin's schema must be the op's."""
    assert argument_types(row.twin) == argument_types(row.op)
    assert return_types(row.twin) == return_types(row.op)


@pytest.mark.parametrize("row", list(FOLDS.values()), ids=lambda r: str(r.fused))
def test_a_fused_op_takes_both_calls_arguments_and_returns_both_results(row: Fold) -> None:
    """`fold_calls` passes the first call's arguments, then the second's but its first, and indexes the
    fused results shifted by one."""
    assert argument_types(row.fused) == argument_types(row.first) + argument_types(row.second)[1:]
    assert return_types(row.fused) == return_types(row.first) + return_types(row.second)
    assert return_types(row.first) == [argument_types(row.second)[0]]


def test_every_op_lives_in_the_one_namespace() -> None:
    rows = [*DECODE_ONLY.values(), *FOLDS.values()]
    ops = {op for r in rows for op in ((r.op, r.twin) if isinstance(r, DecodeOnly) else (r.first, r.second, r.fused))}
    assert {op.namespace for op in ops} == {NAMESPACE}


def test_a_row_declared_twice_is_an_error_naming_the_op() -> None:
    with pytest.raises(ValueError, match="hc_read.*declared twice"):
        register_hints([DecodeOnly(hyper.hc_read, 4, hyper.hc_read_torch)])
    with pytest.raises(ValueError, match="hc_write.*declared twice"):
        register_hints([Fold(hyper.hc_write, hyper.hc_read, hyper.hc_write_read)])
    assert DECODE_ONLY[hyper.hc_read].rows != 4  # the table kept its row


def test_decode_only_rows_must_be_positive() -> None:
    with pytest.raises(ValueError, match="rows must be positive"):
        register_hints([DecodeOnly(hyper.hc_write, 0, hyper.hc_write)])
    assert hyper.hc_write not in DECODE_ONLY


def test_an_op_name_is_defined_once_across_the_namespace() -> None:
    """A region named like a model op (or the reverse) fails at its definition, naming it."""
    with pytest.raises(ValueError, match=f"{NAMESPACE}::hc_read is defined twice"):
        define_op("hc_read(Tensor x) -> Tensor", torch.clone, "CompositeExplicitAutograd")


def test_the_registry_knows_a_model_op_of_the_namespace_is_no_region() -> None:
    """The backend splits and dedups at registry ops only: an op beside them in the namespace is none."""
    assert hyper.hc_read.namespace == NAMESPACE
    assert REGISTRY.for_target(hyper.hc_read) is None
    assert REGISTRY.for_target(torch.ops.qcompile.hc_write) is None
    assert REGISTRY.for_target(REGISTRY["gdn"].op) is REGISTRY["gdn"]
