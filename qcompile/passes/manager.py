"""The pass pipeline, installed as Inductor's `post_grad_custom_post_pass`.

Why the *post* hook: it runs after `reorder_for_locality`, Inductor's decompositions, its pattern
matcher and `remove_noop_ops`, and immediately before `reinplace_inplaceable_ops` and
`decompose_auto_functionalized`. That is the last point where mutating custom ops are still
`auto_functionalized_v2` nodes (so we, not Inductor's heuristics, decide which caller-owned tensors
are written in place) and where the node order is the one Inductor lowers (so the reinplace guard
sees the reads it must protect). Torch 2.11 accepts only one pass object there, so the manager runs
the list itself. Its `uuid()` combines every pass's source hash with the scope and the compile
range, so Inductor's FX graph cache never serves a graph compiled under another configuration.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

import torch.fx as fx
from torch._dynamo.utils import lazy_format_graph_code
from torch._inductor.custom_graph_pass import CustomGraphPass, get_hash_for_files

from qcompile.passes.caller_owned import CallerOwnedOutputs
from qcompile.passes.graph_utils import QPass
from qcompile.passes.late_scatter import LateScatter
from qcompile.passes.noop import NoOpElimination
from qcompile.passes.reinplace_guard import ReinplaceGuard
from qcompile.passes.rounded_split import RoundedSplitSource

Observer = Callable[[str, fx.Graph], None]
OUTPUT = "output"  # the observer's last stage: the graph as Inductor goes on with it (the last pass's again)


def default_passes() -> list[QPass]:
    """Clean up, compute rounded split sources once (a layout choice, on the functional graph), move
    scatters into inputs after the old value's reads (so Inductor writes them in place), restore
    caller-owned outputs, guard their reads, clean up what that left."""
    return [
        NoOpElimination(),
        RoundedSplitSource(),
        LateScatter(),
        CallerOwnedOutputs(),
        ReinplaceGuard(),
        NoOpElimination(),
    ]


class PassManager(CustomGraphPass):
    """Runs `passes` in order on each post-grad graph (forward and, in training, backward)."""

    def __init__(
        self,
        scope: str | None = None,
        compile_range: tuple[int, int] | None = None,
        passes: Sequence[QPass] | None = None,
        observer: Observer | None = None,
    ) -> None:
        self.scope = scope
        self.compile_range = compile_range
        self.passes = list(default_passes() if passes is None else passes)
        self.observer = observer  # sees "input", each pass, then OUTPUT; not in uuid: tests disable caches with it

    def __call__(self, graph: fx.Graph) -> None:
        self._show("input", graph)
        for i, p in enumerate(self.passes):
            p(graph)
            graph.lint()
            self._show(f"{i}.{p.name}", graph)
        if self.observer is not None:
            self.observer(OUTPUT, graph)

    def _show(self, stage: str, graph: fx.Graph) -> None:
        if self.observer is not None:
            self.observer(stage, graph)
        gm = graph.owning_module
        if gm is not None:  # depyf's prepare_debug dumps graphs logged through this function
            lazy_format_graph_code(f"qcompile post_grad {stage}", gm)

    def uuid(self) -> bytes:
        h = hashlib.sha256(get_hash_for_files((__file__,)))
        h.update(f"scope={self.scope};range={self.compile_range}".encode())
        for p in self.passes:
            h.update(p.uuid())
        return h.digest()
