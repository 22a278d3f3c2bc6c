"""`TensorSplit`: the part of a stored tensor one tensor-parallel rank keeps, read without the rest.

A split names pieces along one dimension of the *logical* (dequantised) weight; the rank's tensor is
their concatenation. `read` takes them straight from a safetensors slice handle (`get_slice`), so the
other ranks' rows and columns are never read. For quantised weights (`dequant.py`) each piece is
widened to the scale grid (a block, group or row of scales), dequantised and trimmed: dequantisation
is elementwise within a scale block, so the result is bitwise the slice of the full dequantisation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch


@dataclass(frozen=True)
class TensorSplit:
    """Pieces `pieces` (concatenated in order) of dimension `dim`."""

    dim: int
    pieces: tuple[slice, ...]

    def _index(self, piece: slice, ndim: int) -> tuple[slice, ...]:
        dim = self.dim % ndim
        return (slice(None),) * dim + (piece,)

    def take(self, t: torch.Tensor) -> torch.Tensor:
        """The split of a whole tensor (what a rank keeps of a fully loaded one)."""
        return torch.cat([t[self._index(p, t.dim())] for p in self.pieces], dim=self.dim).contiguous()

    def read(self, info: Any) -> torch.Tensor:
        """The split read through a safetensors slice handle: only the pieces' bytes are read."""
        ndim = len(info.get_shape())
        return torch.cat([info[self._index(p, ndim)] for p in self.pieces], dim=self.dim)


# stored tensor key -> its split, or None for a tensor every rank keeps whole
SplitOf = Callable[[str], TensorSplit | None]
