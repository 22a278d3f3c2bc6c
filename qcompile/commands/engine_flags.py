"""The engine's command-line flags, derived from `EngineConfig`'s fields, and the config of parsed flags.

Each field with a flag becomes `--field-name` (`--name/--no-name` for a bool), its type, choices,
default and help taken from the field, so an option added to `EngineConfig` is on every command that
takes engine flags with nothing spelled here. A command may show other defaults (`serve`'s slots) or add
a note to a help line (`bench`), naming the field.
"""

from __future__ import annotations

import argparse
import types
import typing
from collections.abc import Collection
from dataclasses import Field, fields
from pathlib import Path
from typing import Any

from qcompile.commands.checks import UsageError
from qcompile.config import CompileConfig
from qcompile.engine.engine_config import EngineConfig, EngineOptionError


def flag_name(name: str) -> str:
    """`max_num_seqs` -> `--max-num-seqs` (a compile field, `compile.aot_dir`, is `--aot-dir`)."""
    return "--" + name.removeprefix("compile.").replace("_", "-")


def switch(name: str, on: bool) -> str:
    """A bool option's flag as given: `--weight-only` or `--no-weight-only`."""
    flag = flag_name(name)
    return flag if on else f"--no-{flag[2:]}"


def _flag_fields(names: Collection[str] | None) -> list[Field]:
    chosen = [f for f in fields(EngineConfig) if f.metadata["flag"] and (names is None or f.name in names)]
    unknown = set(names or ()) - {f.name for f in chosen}
    if unknown:
        raise ValueError(f"EngineConfig has no flag for {sorted(unknown)}")
    return chosen


def _parse_type(annotation: Any) -> type:
    """The type a flag's text is parsed as: bool (a switch), int, str or Path; None in a union is the
    default's, and str wins over Path (a model is a folder or a preset name)."""
    members = set(typing.get_args(annotation)) if isinstance(annotation, types.UnionType) else {annotation}
    members.discard(type(None))
    for kind in (bool, int, str, Path):
        if kind in members:
            return kind
    raise TypeError(f"no command-line type for {annotation!r}")


def add_engine_flags(
    parser: argparse.ArgumentParser,
    names: Collection[str] | None = None,
    defaults: dict[str, Any] | None = None,
    notes: dict[str, str] | None = None,
) -> None:
    """Add the flags of `EngineConfig`'s fields (all, or `names`), with `defaults` shown and used instead
    of the fields' where given, and `notes` appended to the help lines."""
    hints = typing.get_type_hints(EngineConfig)
    defaults, notes = defaults or {}, notes or {}
    for f in _flag_fields(names):
        default = defaults.get(f.name, f.default)
        help = f.metadata["help"] + notes.get(f.name, "")
        kind = _parse_type(hints[f.name])
        if kind is bool:
            shown = "" if default is None else f" (default: {switch(f.name, default)})"
            parser.add_argument(
                flag_name(f.name), action=argparse.BooleanOptionalAction, default=default, help=help + shown
            )
            continue
        shown = "" if default is None else f" (default: {default})"
        parser.add_argument(
            flag_name(f.name), type=kind, choices=f.metadata["choices"], default=default, help=help + shown
        )


def usage_error(e: EngineOptionError) -> UsageError:
    """An engine option error in the command line's words: each option as its flag and value."""
    parts = []
    for name, value in e.values.items():
        parts.append(switch(name, value) if isinstance(value, bool) else f"{flag_name(name)} {value}")
    return UsageError(f"{' and '.join(parts)}: {e.problem}")


def engine_config(args: argparse.Namespace, compile: CompileConfig | None) -> EngineConfig:
    """The `EngineConfig` of parsed engine flags (those the command has) and a compile config."""
    given = {f.name: getattr(args, f.name) for f in _flag_fields(None) if hasattr(args, f.name)}
    try:
        return EngineConfig(**given, compile=compile)
    except EngineOptionError as e:
        raise usage_error(e) from None
