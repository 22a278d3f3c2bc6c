"""CUDA graphs around any forward over flat batches: modes, capture sizes, the dispatcher, capture and replay.

`GraphedForward(forward, model, mode)` graphs a forward (compiled or not); see `modes` for what each
mode means, `dispatcher` for how a batch runs (decided once, by the runner), `graphs` for the
device and the piecewise graphs of a compiled forward's pieces.
"""

from qcompile.cudagraph.dispatcher import (
    DEFAULT_MAX_CAPTURE_SIZE,
    Dispatcher,
    default_capture_sizes,
    resolve_capture_sizes,
)
from qcompile.cudagraph.graphed import CaptureStats, GraphedForward, ModeCapture
from qcompile.cudagraph.graphs import PieceGraphs
from qcompile.cudagraph.modes import MODES, ModePlan, resolve_mode

__all__ = [
    "DEFAULT_MAX_CAPTURE_SIZE",
    "MODES",
    "CaptureStats",
    "Dispatcher",
    "GraphedForward",
    "ModeCapture",
    "ModePlan",
    "PieceGraphs",
    "default_capture_sizes",
    "resolve_capture_sizes",
    "resolve_mode",
]
