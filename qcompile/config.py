"""What `qcompile.compile` should do to a model, as one value the engine and the CLI pass around."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class CompileConfig:
    """Every compile option; `LLM(compile=None)` means eager and never builds one of these.

    `scope` says which part of the forward Dynamo traces (the rest stays opaque regions),
    `ranges` are inclusive token-count ranges that each get their own compiled artifact,
    `cudagraph` selects the CUDA graph mode, captured at `capture_sizes` (default: the ladder up to
    `max_capture_size`), `dynamic` how the token count is made symbolic ("oblivious" or
    "unbacked"), and `dump_dir` receives graphs for inspection. The compiler owns the meaning of
    the names; this class only checks the shape of the values.
    """

    scope: str | None = "layer"
    ranges: tuple[tuple[int, int], ...] = field(default_factory=lambda: ((1, 256),))
    cudagraph: str = "none"
    capture_sizes: tuple[int, ...] | None = None
    max_capture_size: int | None = None
    dynamic: str = "oblivious"
    dump_dir: Path | None = None

    def __post_init__(self) -> None:
        for name in ("cudagraph", "dynamic"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise ValueError(f"CompileConfig.{name} must be a non-empty string, got {value!r}")
        if self.scope is not None and (not isinstance(self.scope, str) or not self.scope):
            raise ValueError(f"CompileConfig.scope must be a scope name or None, got {self.scope!r}")
        ranges = tuple(tuple(r) for r in self.ranges)
        if not ranges:
            raise ValueError("CompileConfig.ranges must hold at least one (lo, hi) range")
        for r in ranges:
            if len(r) != 2 or not all(isinstance(v, int) for v in r) or not 1 <= r[0] <= r[1]:
                raise ValueError(f"CompileConfig.ranges entry {r!r} must be (lo, hi) ints with 1 <= lo <= hi")
        object.__setattr__(self, "ranges", ranges)
        if self.capture_sizes is not None:
            sizes = tuple(self.capture_sizes)
            if not sizes or not all(isinstance(s, int) and s >= 1 for s in sizes):
                raise ValueError(f"CompileConfig.capture_sizes must be positive ints, got {self.capture_sizes!r}")
            object.__setattr__(self, "capture_sizes", sizes)
        if self.max_capture_size is not None and (
            not isinstance(self.max_capture_size, int) or self.max_capture_size < 1
        ):
            raise ValueError(f"CompileConfig.max_capture_size must be a positive int, got {self.max_capture_size!r}")
        if self.dump_dir is not None:
            object.__setattr__(self, "dump_dir", Path(self.dump_dir))
