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
    "compile": "qcompile.backend",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'qcompile' has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)
