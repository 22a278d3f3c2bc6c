"""`option`: a config field declared once, with its default, its help line and the values it takes.

`EngineConfig` and `CompileConfig` declare their fields with it, and the command line derives a flag
from each field that has one (`qcompile/commands/engine_flags.py`): name, type, default and help.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, field
from typing import Any

Check = Callable[[Any], "str | None"]  # why a value cannot work, or None


def option(
    default: Any = MISSING,
    help: str = "",
    *,
    factory: Callable[[], Any] | None = None,
    choices: tuple[str, ...] | None = None,
    check: Check | None = None,
    flag: bool = True,
) -> Any:
    """A dataclass field: its default (or `factory`), its help line (the flag's too), the values it takes
    (`choices`, or `check` saying why one cannot work), and whether the command line has a flag for it."""
    metadata = {"help": help, "choices": choices, "check": check, "flag": flag}
    if factory is not None:
        return field(default_factory=factory, metadata=metadata)
    return field(default=default, metadata=metadata)
