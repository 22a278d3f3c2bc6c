"""The keys Triton's GPU JIT would compile our kernel launches under, recorded where they run interpreted.

A GPU launch compiles whenever its key is new to the process (Triton's on-disk cache only shortens
that), and the key holds more than the constexprs: every int argument's class (`== 1` becomes a
constexpr, else `% 16 == 0` or not) and every pointer's 16-byte alignment, unless the kernel lists the
argument in `do_not_specialize` (or `do_not_specialize_on_alignment`), plus the launch options. A
request shape no warm-up met (a chunk starting mid-prompt, an odd token count) can thus compile a new
variant at serve time, for a second or so.

The CPU interpreter compiles nothing, so `KeyRecorder` computes, for every interpreted launch, the
key the GPU's `JITFunction.run` would: by Triton's own binder for the NVIDIA backend over the kernel's
parameters (`codes.interpreted` hands the kernel's `do_not_specialize` lists on). A pointer's class
depends on its byte offset, so half-precision tensors (as served) are needed where a slice's offset
could be a multiple of 16 bytes in fp32 and not in bf16.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import torch

ArgClass = tuple[str, str, str]  # (argument, type, class `_class`): ("n", "i32", "D"), ("x", "*fp32", "-")
Key = tuple[ArgClass, ...]


@dataclass
class KernelKeys:
    """One kernel's keys, in the order first seen, each with the argument values of its first launch."""

    name: str
    examples: dict[Key, dict[str, str]] = field(default_factory=dict)

    def varying(self) -> list[str]:
        """The arguments (and launch options) whose class differs between this kernel's keys."""
        keys = list(self.examples)
        return [cls[0] for i, cls in enumerate(keys[0]) if any(k[i] != cls for k in keys[1:])]

    def describe(self) -> str:
        """Each varying argument's class and first value under each key."""
        lines = [f"{self.name}: {len(self.examples)} keys, varying {', '.join(self.varying())}"]
        for key, values in self.examples.items():
            parts = [f"{name}={values[name]} [{cls}]" for name, _, cls in key if name in self.varying()]
            lines.append("    " + "; ".join(parts))
        return "\n".join(lines)


def _class(kind: str, spec: Any, arg: Any) -> str:
    """A specialization entry as a short word: a constexpr's value, "D" (divisible by 16, or a 16-byte
    aligned pointer), "-" (not) or "any" (not specialised). A float32 tensor aligned only at 4 bytes an
    element is "D/fp32": in half precision, as served, its offset would misalign it."""
    if kind == "constexpr":
        return repr(spec)
    if spec == "D" and isinstance(arg, torch.Tensor) and arg.is_floating_point() and arg.element_size() > 2:
        return "D" if arg.storage_offset() * 2 % 16 == 0 else "D/fp32"
    return "any" if spec is None else (spec or "-")


def _value(arg: Any) -> str:
    """An argument as the report shows it: a tensor's dtype, shape and byte offset, else its repr."""
    if isinstance(arg, torch.Tensor):
        return f"{str(arg.dtype).removeprefix('torch.')}{list(arg.shape)}@+{arg.storage_offset() * arg.element_size()}B"
    return repr(arg)


class KeyRecorder:
    """Records every interpreted kernel launch's GPU key while active (a context manager), by kernel.

    `snapshot()` and `new_since()` tell the keys a phase (start-up's warm-up) met from those met after
    it; `report()` lists the kernels that met more than one key and which arguments told them apart.
    """

    def __init__(self) -> None:
        self.kernels: dict[str, KernelKeys] = {}
        self._binders: dict[Any, Any] = {}

    @contextmanager
    def recording(self) -> Iterator[KeyRecorder]:
        """Record every interpreted launch inside the block (Triton's interpreter, patched while it runs)."""
        from triton.runtime.interpreter import InterpretedFunction

        run = InterpretedFunction.run
        recorder = self

        def recorded(fn: Any, *args: Any, grid: Any, warmup: bool, **kwargs: Any) -> Any:
            recorder.record(fn, args, kwargs)
            return run(fn, *args, grid=grid, warmup=warmup, **kwargs)

        InterpretedFunction.run = recorded
        try:
            yield self
        finally:
            InterpretedFunction.run = run

    def record(self, kernel: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Key:
        """Note one launch of the interpreted `kernel`; returns its key."""
        fn = kernel.fn
        name = f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}"
        bound, specialization, options = self._binder(kernel)(*args, **kwargs)
        key = tuple(
            (arg, kind, _class(kind, spec, bound[arg])) for arg, (kind, spec) in zip(bound, specialization, strict=True)
        ) + tuple((f"[{k}]", "option", repr(v)) for k, v in sorted(options.items()))
        keys = self.kernels.setdefault(name, KernelKeys(name))
        if key not in keys.examples:
            values = {arg: _value(v) for arg, v in bound.items()}
            keys.examples[key] = values | {f"[{k}]": repr(v) for k, v in options.items()}
        return key

    def _binder(self, kernel: Any) -> Any:
        """Triton's argument binder for `kernel`'s parameters on the NVIDIA backend (as a GPU builds it)."""
        if kernel.fn not in self._binders:
            from triton.backends.nvidia.compiler import CUDABackend
            from triton.runtime.jit import KernelParam, create_function_from_signature

            skip = kernel.kwargs.get("do_not_specialize") or ()
            unaligned = kernel.kwargs.get("do_not_specialize_on_alignment") or ()
            signature = inspect.signature(kernel.fn)
            params = [
                KernelParam(i, p, i in skip or p.name in skip, i in unaligned or p.name in unaligned)
                for i, p in enumerate(signature.parameters.values())
            ]
            self._binders[kernel.fn] = create_function_from_signature(signature, params, CUDABackend)
        return self._binders[kernel.fn]

    def snapshot(self) -> dict[str, set[Key]]:
        """The keys met so far, by kernel."""
        return {name: set(k.examples) for name, k in self.kernels.items()}

    def new_since(self, before: dict[str, set[Key]]) -> dict[str, list[Key]]:
        """The keys met since `before` (a `snapshot`), by kernel: each a compile on a GPU."""
        found = {n: [key for key in k.examples if key not in before.get(n, set())] for n, k in self.kernels.items()}
        return {n: keys for n, keys in found.items() if keys}

    def report(self) -> str:
        """The kernels that met more than one key, each key's varying arguments."""
        found = [k for _, k in sorted(self.kernels.items()) if len(k.examples) > 1]
        return "\n".join(k.describe() for k in found) or "every kernel met one key"

    def late_report(self, late: dict[str, list[Key]]) -> str:
        """`new_since`'s keys, by kernel: how many of its keys came late, and all its keys' varying arguments."""
        lines = []
        for name, keys in sorted(late.items()):
            kernel = self.kernels[name]
            lines.append(f"{name}: {len(keys)} of its {len(kernel.examples)} keys first met late")
            if len(kernel.examples) > 1:
                lines.append(kernel.describe())
        return "\n".join(lines)
