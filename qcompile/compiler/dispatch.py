"""What the backend hands Dynamo: each compile range's runner, picked per call by token count.

A runner is the split graph with every piece swapped for its compiled callable (a `KeyBinding`
around a shared piece). The dispatch is also Dynamo's `SerializableCallable`, so an AOT-compiled
forward (`qcompile/compiler/aot.py`) can save it and load it in a later process without tracing:
it is saved as the split graph's code, each range's piece table (artifact index, layer keys) and
Inductor's compiled artifacts, never as Python objects of this process. A loaded dispatch holds
unwrapped pieces until `wrap` gives them the caller's piece hook (CUDA graphs).
"""

from __future__ import annotations

import io
import os
import pickle
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import torch
import torch.fx as fx
from torch._dynamo.aot_compile_types import SerializableCallable
from torch._inductor.standalone_compile import CompiledArtifact

from qcompile.compiler.ranges import Range, RangeTable
from qcompile.ops.region_ops import KeyBinding

PieceTable = dict[str, tuple[int, tuple[str, ...]]]  # piece name -> (artifact index, layer keys)


class Piece(torch.nn.Module):
    """A compiled piece in place of its submodule."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        super().__init__()
        self.fn = fn

    def forward(self, *args: Any) -> Any:
        return self.fn(*args)


@dataclass
class Token:
    """Where a call's token count is: a lifted size argument (`lifted`) or dim 0 of tensor `tensor`;
    `lifted` and `tensor` both None for a static trace (one size, one runner)."""

    tensor: int | None
    lifted: int | None


class RangeDispatch(SerializableCallable):
    """Runs the runner of the range holding the call's token count."""

    def __init__(
        self,
        split: fx.GraphModule,
        splitting: Sequence[str],
        ranges: Sequence[Range],
        tables: Sequence[PieceTable | None],
        artifacts: Sequence[Callable[..., Any]],
        token: Token,
        wrap_piece: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None,
    ) -> None:
        self.split, self.splitting = split, tuple(splitting)
        self.ranges, self.tables, self.artifacts, self.token = list(ranges), list(tables), list(artifacts), token
        self._find = RangeTable(self.ranges).find
        self.wrap(wrap_piece)

    def wrap(self, wrap_piece: Callable[[Callable[..., Any]], Callable[..., Any]] | None) -> None:
        """(Re)build every runner, each piece wrapped by `wrap_piece` once."""
        self.runners: list[fx.GraphModule | None] = [
            None if table is None else self._runner(table, wrap_piece) for table in self.tables
        ]

    def _runner(
        self, table: PieceTable, wrap_piece: Callable[[Callable[..., Any]], Callable[..., Any]] | None
    ) -> fx.GraphModule:
        root: dict[str, torch.nn.Module] = {name: getattr(self.split, name) for name in self.splitting}
        for name, (index, keys) in table.items():
            fn = KeyBinding(self.artifacts[index], keys) if keys else self.artifacts[index]
            root[name] = Piece(fn if wrap_piece is None else wrap_piece(fn))
        return fx.GraphModule(root, self.split.graph)

    def __call__(self, *args: Any) -> Any:
        tensor, lifted = self.token.tensor, self.token.lifted
        if tensor is None and lifted is None:
            return self.runners[0](*args)  # type: ignore[misc]
        n = args[lifted] if lifted is not None else args[tensor].shape[0]  # type: ignore[index]
        i = self._find(n)
        runner = None if i is None else self.runners[i]
        if runner is None:
            raise RuntimeError(f"token count {n} is outside the compile ranges {self.ranges} of this trace")
        return runner(*args)

    @classmethod
    def serialize_compile_artifacts(cls, fn: RangeDispatch) -> bytes:
        pieces = {name for table in fn.tables if table is not None for name in table}
        skeleton = fx.GraphModule(
            {**{name: getattr(fn.split, name) for name in fn.splitting}, **{p: torch.nn.Module() for p in pieces}},
            fn.split.graph,
        )
        state = {
            "skeleton": skeleton,
            "single": [_returns_one(fn.split, fn.tables, i) for i in range(len(fn.artifacts))],
            "splitting": fn.splitting,
            "ranges": fn.ranges,
            "tables": fn.tables,
            "artifacts": [_artifact_bytes(a) for a in fn.artifacts],
            "token": (fn.token.tensor, fn.token.lifted),
        }
        buf = io.BytesIO()
        pickle.dump(state, buf)
        return buf.getvalue()

    @classmethod
    def deserialize_compile_artifacts(cls, data: bytes) -> RangeDispatch:
        state = pickle.loads(data)
        artifacts = [
            _load_artifact(data, single) for data, single in zip(state["artifacts"], state["single"], strict=True)
        ]
        return cls(
            state["skeleton"], state["splitting"], state["ranges"], state["tables"], artifacts, Token(*state["token"])
        )


def _artifact_bytes(artifact: Any) -> bytes:
    if not isinstance(artifact, CompiledArtifact):
        raise TypeError(f"compiled piece {artifact!r} is not Inductor's CompiledArtifact: it cannot be saved")
    with tempfile.TemporaryDirectory(prefix="qcompile-piece-") as folder:
        path = os.path.join(folder, "piece.bin")
        artifact.save(path=path, format="binary")
        with open(path, "rb") as f:
            return f.read()


def _returns_one(split: fx.GraphModule, tables: Sequence[PieceTable | None], index: int) -> bool:
    """Whether artifact `index`'s piece returns one value rather than a tuple (`split_module` makes
    a one-output piece return it bare)."""
    name = next(n for table in tables if table is not None for n, (i, _) in table.items() if i == index)
    (output,) = getattr(split, name).graph.find_nodes(op="output")
    return isinstance(output.args[0], fx.Node)


def _load_artifact(data: bytes, single: bool) -> Callable[..., Any]:
    """The saved artifact, called as the fresh one was: a loaded artifact returns Inductor's list
    of outputs even where the piece returned one value bare."""
    with tempfile.TemporaryDirectory(prefix="qcompile-piece-") as folder:
        path = os.path.join(folder, "piece.bin")
        with open(path, "wb") as f:
            f.write(data)
        artifact = CompiledArtifact.load(path=path, format="binary")
    return _FirstOutput(artifact) if single else artifact


class _FirstOutput:
    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn

    def __call__(self, *args: Any) -> Any:
        return self.fn(*args)[0]
