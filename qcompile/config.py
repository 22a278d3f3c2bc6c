"""What `qcompile.compile` should do to a model, as one value the engine and CLI can pass around."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class CompileConfig:
    """Compile settings; `LLM(compile=None)` means eager and never builds one of these.

    `scope` says which part of the forward Dynamo traces (the rest stays opaque regions),
    `ranges` are inclusive token-count ranges that each get their own compiled artifact,
    `cudagraph` selects the CUDA graph mode and `dump_dir` receives graphs for inspection.
    `dynamic` says how the token count is kept symbolic ("oblivious" or "unbacked"), and
    `capture_sizes` / `max_capture_size` choose the CUDA graph sizes (None: the default ladder).
    `inductor` holds `(name, value)` patches of `torch._inductor.config` for every piece's compile
    (an experiment's switch, such as `combo_kernels`, without editing the backend).
    The compiler owns the meaning of the names; this class only checks the shape of the values.
    `aot_dir` is where the compiled forward is saved and loaded from (Dynamo's AOT compile): a later
    process with the same code and settings skips Dynamo's trace.
    """

    scope: str = "layer"
    ranges: tuple[tuple[int, int], ...] = field(default_factory=lambda: ((1, 256),))
    cudagraph: str = "none"
    dump_dir: Path | None = None
    dynamic: str = "oblivious"
    capture_sizes: tuple[int, ...] | None = None
    max_capture_size: int | None = None
    inductor: tuple[tuple[str, object], ...] = ()
    aot_dir: Path | None = None

    def __post_init__(self) -> None:
        for name in ("scope", "cudagraph", "dynamic"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise ValueError(f"CompileConfig.{name} must be a non-empty string, got {value!r}")
        ranges = tuple(tuple(r) for r in self.ranges)
        if not ranges:
            raise ValueError("CompileConfig.ranges must hold at least one (lo, hi) range")
        for r in ranges:
            if len(r) != 2 or not all(_is_int(v) for v in r) or not 1 <= r[0] <= r[1]:
                raise ValueError(f"CompileConfig.ranges entry {r!r} must be (lo, hi) ints with 1 <= lo <= hi")
        object.__setattr__(self, "ranges", ranges)
        for name in ("dump_dir", "aot_dir"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, Path(getattr(self, name)))
        if self.capture_sizes is not None:
            sizes = tuple(self.capture_sizes)
            if not sizes or not all(_is_int(s) and s >= 1 for s in sizes):
                raise ValueError(f"CompileConfig.capture_sizes must be None or ints >= 1, got {self.capture_sizes!r}")
            object.__setattr__(self, "capture_sizes", sizes)
        patches = tuple(tuple(p) for p in self.inductor)
        if not all(len(p) == 2 and isinstance(p[0], str) and p[0] for p in patches):
            raise ValueError(f"CompileConfig.inductor must hold (name, value) pairs, got {self.inductor!r}")
        object.__setattr__(self, "inductor", patches)
        if self.max_capture_size is not None and not (_is_int(self.max_capture_size) and self.max_capture_size >= 1):
            raise ValueError(
                f"CompileConfig.max_capture_size must be None or an int >= 1, got {self.max_capture_size!r}"
            )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
