"""The error a checkpoint that cannot be served raises, and the checked JSON reader its files go through."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class CheckpointError(ValueError):
    """The checkpoint does not fit the model or cannot be read; the message names the file, tensor or field."""


def read_json_object(path: Path) -> dict[str, Any]:
    """The JSON object in `path`, or `CheckpointError` naming the file (unreadable, not JSON, not an object)."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise CheckpointError(f"{path}: not a readable JSON file ({e})") from None
    if not isinstance(value, dict):
        raise CheckpointError(f"{path}: expected a JSON object, got {type(value).__name__}")
    return value
