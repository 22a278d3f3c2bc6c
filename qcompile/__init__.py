"""qcompile: a torch.compile extension and inference engine for Qwen4-Exp.

Names resolve lazily so that `import qcompile` stays cheap and works before every part of the
package exists (the compiler lands separately from the engine).
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "LLM": "qcompile.engine.llm",
    "SamplingParams": "qcompile.engine.sampling_params",
    "CompileConfig": "qcompile.config",
    "compile": "qcompile.compiler.compiled",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'qcompile' has no attribute {name!r}")
    try:
        module = importlib.import_module(_EXPORTS[name])
    except ModuleNotFoundError as e:
        if e.name != _EXPORTS[name]:
            raise
        # absent (not broken) parts read as missing attributes, so hasattr() and getattr() work
        raise AttributeError(f"qcompile.{name} is not available: {e}") from e
    return getattr(module, name)
