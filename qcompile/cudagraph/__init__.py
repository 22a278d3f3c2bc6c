"""CUDA graph capture policy: modes, capture sizes, the dispatcher, capture and replay.

`qcompile.compile(..., cudagraph=MODE)` uses this package; `GraphedModule` graphs an uncompiled
module (FULL decode graphs only). See `modes` for what each mode means, `dispatcher` for padding
and capture sizes, `runner` for persistent inputs, capture accounting and output lifetime.
"""

from qcompile.cudagraph.dispatcher import (
    DEFAULT_MAX_CAPTURE_SIZE,
    BatchDescriptor,
    Dispatcher,
    default_capture_sizes,
    resolve_capture_sizes,
)
from qcompile.cudagraph.modes import MODES, ModePlan, RuntimeMode, resolve_mode
from qcompile.cudagraph.module import GraphedModule
from qcompile.cudagraph.runner import CaptureStats, ModeCapture

__all__ = [
    "DEFAULT_MAX_CAPTURE_SIZE", "MODES", "BatchDescriptor", "CaptureStats", "Dispatcher", "GraphedModule",
    "ModeCapture", "ModePlan", "RuntimeMode", "default_capture_sizes", "resolve_capture_sizes", "resolve_mode",
]
