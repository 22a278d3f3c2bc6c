"""CUDA graph modes as vLLM users know them, and what each one means for decode and mixed batches.

A mode names a pair of runtime modes: one for uniform decode batches (every request feeds exactly one
token) and one for everything else ("mixed": prefill chunks, or prefill beside decode).

    none                (NONE, NONE)            no graphs; compiled code still runs
    piecewise           (PIECEWISE, PIECEWISE)  one graph per compiled piece, splitting ops eager between
    full                (FULL, FULL)            one whole-forward graph for every batch
    full_decode_only    (FULL, NONE)            whole-forward graphs for decode, mixed batches without graphs
    full_and_piecewise  (FULL, PIECEWISE)       whole-forward graphs for decode, piecewise for mixed

A whole-forward graph freezes the host metadata it was captured with. Our attention and delta-rule
cores read per-request layout from the host for mixed batches and are tensor-only only for uniform
decode (vLLM's `UNIFORM_SINGLE_TOKEN_DECODE` support level), so `full` is downgraded exactly as
vLLM downgrades it for such backends: to `full_and_piecewise` when piecewise graphs exist, else to
`full_decode_only`. Piecewise graphs need the backend's split graph, so without compilation
`piecewise` becomes `none` and `full_and_piecewise` becomes `full_decode_only`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from model.context import RuntimeMode

log = logging.getLogger(__name__)


MODES: dict[str, tuple[RuntimeMode, RuntimeMode]] = {
    "none": (RuntimeMode.NONE, RuntimeMode.NONE),
    "piecewise": (RuntimeMode.PIECEWISE, RuntimeMode.PIECEWISE),
    "full": (RuntimeMode.FULL, RuntimeMode.FULL),
    "full_decode_only": (RuntimeMode.FULL, RuntimeMode.NONE),
    "full_and_piecewise": (RuntimeMode.FULL, RuntimeMode.PIECEWISE),
}


@dataclass(frozen=True)
class ModePlan:
    """A requested mode after downgrades: `name` is what runs, `requested` what the caller asked."""

    requested: str
    name: str
    decode: RuntimeMode
    mixed: RuntimeMode

    @property
    def uses_graphs(self) -> bool:
        return self.name != "none"


def resolve_mode(requested: str, piecewise_available: bool) -> ModePlan:
    """The mode that can actually run; logs every downgrade (see the module docstring)."""
    if requested not in MODES:
        raise ValueError(f"cudagraph must be one of {sorted(MODES)}, not {requested!r}")
    name = requested
    if name == "full":
        name = "full_and_piecewise" if piecewise_available else "full_decode_only"
    if not piecewise_available:
        name = {"piecewise": "none", "full_and_piecewise": "full_decode_only"}.get(name, name)
    if name != requested:
        why = (
            "whole-forward graphs of mixed batches would freeze their host metadata"
            if requested == "full" and piecewise_available
            else "piecewise graphs need compilation"
        )
        log.warning("qcompile: cudagraph=%r runs as %r (%s)", requested, name, why)
    decode, mixed = MODES[name]
    return ModePlan(requested, name, decode, mixed)
