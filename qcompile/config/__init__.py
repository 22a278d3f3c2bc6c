"""What `qcompile.compile` should do to a model, as one value the engine and CLI can pass around."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from qcompile.config.options import option


@dataclass(frozen=True)
class CompileConfig:
    """Compile settings, each field's meaning in its help; `LLM(compile=None)` means eager and never builds
    one of these. The compiler owns the meaning of the names; this class only checks the shape of the
    values. The fields with a flag are the command line's compile flags (`qcompile generate`, `serve`).
    """

    scope: str = option(
        "layer", "compile scope: which part of the forward Dynamo traces (the rest stays opaque regions)"
    )
    ranges: tuple[tuple[int, int], ...] = option(
        factory=lambda: ((1, 256),),
        help="inclusive token-count ranges, each compiled to its own artifact, e.g. 1:1,2:256",
    )
    cudagraph: str = option("none", "CUDA graph mode of the compiled model")
    dump_dir: Path | None = option(None, "folder that receives the traced graphs for inspection", flag=False)
    dynamic: str = option("oblivious", "how the token count is kept symbolic (oblivious or unbacked)", flag=False)
    capture_sizes: tuple[int, ...] | None = option(
        None,
        "token counts to capture CUDA graphs at (default: the ladder 1, 2, 4, 8, 16, 24, 32, 48, ... up to "
        "max_capture_size); in the modes with piecewise graphs, a prefill batch up to the largest runs "
        "through them, padded to the next size",
    )
    max_capture_size: int | None = option(
        None,
        "where the default ladder of capture sizes ends (default: 512, or the largest range end if smaller); "
        "a prefill of more than about 2048 tokens keeps the GPU busy while its kernels launch, so a graph "
        "there saves nothing and pads it (up to a third more tokens)",
    )
    inductor: tuple[tuple[str, object], ...] = option(
        (),
        "(name, value) patches of torch._inductor.config for every piece's compile (an experiment's switch, "
        "such as combo_kernels, without editing the backend)",
        flag=False,
    )
    aot_dir: Path | None = option(
        None,
        "where the compiled forward is saved, and loaded from by a later process with the same code and "
        "settings, which then skips Dynamo's trace",
    )

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
