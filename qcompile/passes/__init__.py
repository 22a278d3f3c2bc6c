"""Inductor post-grad passes, one per file, run in order by `PassManager`."""

from qcompile.passes.caller_owned import CallerOwnedOutputs
from qcompile.passes.late_scatter import LateScatter
from qcompile.passes.manager import PassManager, default_passes
from qcompile.passes.noop import NoOpElimination
from qcompile.passes.reinplace_guard import ReinplaceGuard
from qcompile.passes.rounded_split import RoundedSplitSource

__all__ = [
    "CallerOwnedOutputs",
    "LateScatter",
    "NoOpElimination",
    "PassManager",
    "ReinplaceGuard",
    "RoundedSplitSource",
    "default_passes",
]
