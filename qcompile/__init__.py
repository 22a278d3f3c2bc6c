"""qcompile: a torch.compile extension and inference engine for Qwen4-Exp.

The public names load lazily, so `import qcompile` stays cheap (the engine and the compiler pull in
transformers and Inductor only when used).
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "LLM": "qcompile.engine.llm",
    "SamplingParams": "qcompile.engine.sampling_params",
    "CompileConfig": "qcompile.config",
    "EngineConfig": "qcompile.engine.engine_config",
    "compile": "qcompile.api",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'qcompile' has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)
