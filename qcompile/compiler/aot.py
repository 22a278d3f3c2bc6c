"""Dynamo's AOT compile: the compiled forward saved to a folder and loaded by a later process untraced.

A warm compile is mostly Dynamo's trace: Inductor's caches serve every piece, but the model is
traced again. `torch.compile(...).aot_compile` saves what the trace made (the transformed bytecode,
its guards, and the backend's `RangeDispatch` with Inductor's artifacts), so a later process loads
it and runs. Nothing checks a loaded forward against the code that made it but the file's name:
`aot_key` hashes what decides the trace (the model and qcompile sources, torch, the device, the
compile settings, the module's parameter layout, layer keys and skinny GEMM plans, the input layout,
`QCOMPILE_*` variables), and Dynamo's guards on the first call's inputs are checked before it is
used. A file that fails either is left alone and the forward is traced and saved again.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import torch
from torch._dynamo.aot_compile import AOTCompiledFunction

from model.fuse import SKINNY_PLANS
from qcompile.compiler.dispatch import RangeDispatch
from qcompile.ops.region_ops import KEY_ATTR

log = logging.getLogger(__name__)

_SOURCES = ("model", "qcompile")  # packages whose code a trace runs through
_ROOT = Path(__file__).resolve().parents[2]


def default_dir() -> Path:
    """`qcompile-aot/` in Inductor's cache folder, so that fresh Inductor caches also mean a fresh trace."""
    from torch._inductor.runtime.cache_dir_utils import default_cache_dir

    return Path(os.environ.get("TORCHINDUCTOR_CACHE_DIR") or default_cache_dir()) / "qcompile-aot"


def aot_key(module: torch.nn.Module, settings: dict[str, Any], args: Sequence[Any], dynamic_rows: int) -> str:
    """A name for the compiled forward of `module` under `settings` called on `args` (dim 0 of
    `dynamic_rows` rows symbolic): equal only where a trace would come out the same."""
    h = hashlib.sha256()
    for part in (
        torch.__version__,
        sys.version,
        _triton_version(),
        _device(args),
        _rank(),
        sorted(settings.items()),
        sorted((k, v) for k, v in os.environ.items() if k.startswith("QCOMPILE_") or k == "TRITON_INTERPRET"),
        _layout(module),
        [_input(a, dynamic_rows) for a in args],
    ):
        h.update(repr(part).encode())
    h.update(_sources_digest())
    return h.hexdigest()[:32]


def trace_and_save(
    module: torch.nn.Module, backend: Callable[..., RangeDispatch], args: Sequence[Any], path: Path
) -> AOTCompiledFunction:
    """Trace `module.forward` on `args` (marked as the caller wants), compile, save to `path`; a
    forward that cannot be saved (a folder it cannot write, say) is logged and returned unsaved."""
    with torch._dynamo.config.patch(enable_aot_compile=True):
        compiled = torch.compile(module.forward, backend=backend, fullgraph=True, dynamic=False)
    fn = compiled.aot_compile((tuple(args), {}))
    try:
        data = AOTCompiledFunction.serialize(fn).serialized_data
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        partial.write_bytes(data)
        partial.replace(path)  # a reader (another rank, another server) sees the whole file or none
    except Exception as e:
        log.warning("qcompile: the compiled forward was not saved to %s (%s: %s)", path, type(e).__name__, e)
        return fn
    log.info("qcompile: saved the compiled forward to %s (%.1f MB)", path, len(data) / 1e6)
    return fn


def load(
    path: Path,
    module: torch.nn.Module,
    args: Sequence[Any],
    wrap_piece: Callable[[Callable[..., Any]], Callable[..., Any]] | None,
) -> AOTCompiledFunction | None:
    """The forward saved at `path` if it loads and its guards pass on `args`; None (logged) if not."""
    if not path.is_file():
        return None
    try:
        fn = AOTCompiledFunction.deserialize(path.read_bytes())
        if not fn.guard_check(module, *args):
            reason = fn._artifacts.guard_manager.check_verbose(fn.prepare_f_locals(module, *args))
            log.warning("qcompile: %s does not fit this call (%s); tracing again", path, reason)
            return None
    except Exception as e:  # a file of another torch, truncated, or from changed code: trace again
        log.warning("qcompile: %s did not load (%s: %s); tracing again", path, type(e).__name__, e)
        return None
    dispatch = fn._artifacts.compiled_fn
    if not isinstance(dispatch, RangeDispatch):
        log.warning("qcompile: %s holds no RangeDispatch; tracing again", path)
        return None
    dispatch.wrap(wrap_piece)
    log.info("qcompile: loaded the compiled forward from %s", path)
    return fn


def _sources_digest() -> bytes:
    h = hashlib.sha256()
    for package in _SOURCES:
        for file in sorted((_ROOT / package).rglob("*.py")):
            h.update(str(file.relative_to(_ROOT)).encode())
            h.update(file.read_bytes())
    return h.digest()


def _triton_version() -> str | None:
    try:
        import triton
    except ImportError:
        return None
    return triton.__version__


def _device(args: Sequence[Any]) -> tuple[str, ...]:
    devices = sorted({a.device.type for a in args if isinstance(a, torch.Tensor)})
    if "cuda" in devices:
        return (*devices, torch.cuda.get_device_name(), str(torch.cuda.get_device_capability()))
    return tuple(devices)


def _rank() -> tuple[int, int] | None:
    """A tensor-parallel rank's place: ranks hold equal shapes but trace their own process group."""
    dist = torch.distributed
    return (dist.get_rank(), dist.get_world_size()) if dist.is_available() and dist.is_initialized() else None


def _layout(module: torch.nn.Module) -> list[Any]:
    """The module's class, layer key, every parameter's and buffer's name, shape, dtype and device
    (merged or quantised weights change the trace; their values do not) and the skinny GEMM plans its
    submodules bake in (timed at start-up: a restart that timed others must not find this file)."""
    tensors = [*module.named_parameters(), *module.named_buffers()]
    config = getattr(module, "config", None)
    plans = [
        (name, getattr(m, "plan", None), getattr(m, SKINNY_PLANS, None))
        for name, m in module.named_modules()
        if hasattr(m, "plan") or hasattr(m, SKINNY_PLANS)
    ]
    return [
        type(module).__qualname__,
        getattr(module, KEY_ATTR, None),
        None if config is None else repr(config),
        [(name, tuple(t.shape), t.dtype, t.device.type) for name, t in tensors],
        plans,
    ]


def _input(a: Any, dynamic_rows: int) -> Any:
    if not isinstance(a, torch.Tensor):
        return repr(a)
    shape = ["n" if i == 0 and s == dynamic_rows else s for i, s in enumerate(a.shape)]
    return (shape, a.dtype, a.device.type)
