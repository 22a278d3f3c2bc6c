"""The engine's command-line flags, derived from the fields of `EngineConfig` and of its `compile`
(`CompileConfig`), and the configs of parsed flags.

Each field with a flag (`qcompile.config.options.option`) becomes `--field-name` (`--name/--no-name` for a
bool), its choices, default and help taken from the field and its type from the annotation, so an
option added to either config is on every command that takes engine flags with nothing spelled here.
Only how a structured value is written as text (`--ranges 1:1,2:256`) is the command line's own
(`_compile_parsers`). A command may show other defaults (`serve`'s slots) or add a note to a help
line (`bench`), naming the field.
"""

from __future__ import annotations

import argparse
import types
import typing
from collections.abc import Collection
from dataclasses import MISSING, Field, fields
from pathlib import Path
from typing import Any

from qcompile.commands.checks import UsageError, byte_size, compile_ranges, int_list, positive_int
from qcompile.config import CompileConfig
from qcompile.engine.engine_config import EngineConfig, EngineOptionError


def flag_name(name: str) -> str:
    """`max_num_seqs` -> `--max-num-seqs` (a compile field, `compile.aot_dir`, is `--aot-dir`)."""
    return "--" + name.removeprefix("compile.").replace("_", "-")


def switch(name: str, on: bool) -> str:
    """A bool option's flag as given: `--weight-only` or `--no-weight-only`."""
    flag = flag_name(name)
    return flag if on else f"--no-{flag[2:]}"


def _flag_fields(cls: type, names: Collection[str] | None = None) -> list[Field]:
    chosen = [f for f in fields(cls) if f.metadata["flag"] and (names is None or f.name in names)]
    unknown = set(names or ()) - {f.name for f in chosen}
    if unknown:
        raise ValueError(f"{cls.__name__} has no flag for {sorted(unknown)}")
    return chosen


def _parse_type(annotation: Any) -> type:
    """The type a flag's text is parsed as: bool (a switch), int, float, str or Path; None in a union is
    the default's, and str wins over Path (a model is a folder or a preset name)."""
    members = set(typing.get_args(annotation)) if isinstance(annotation, types.UnionType) else {annotation}
    members.discard(type(None))
    for kind in (bool, int, float, str, Path):
        if kind in members:
            return kind
    raise TypeError(f"no command-line type for {annotation!r}: give it a parser in _compile_parsers")


def _show(value: Any) -> str:
    """A default as a flag would be written: ranges as 1:256, other values as they print."""
    if isinstance(value, tuple) and value and all(isinstance(r, tuple) and len(r) == 2 for r in value):
        return ",".join(f"{lo}:{hi}" for lo, hi in value)
    return str(value)


def _add_flags(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    cls: type,
    chosen: list[Field],
    defaults: dict[str, Any],
    notes: dict[str, str],
    parsers: dict[str, dict[str, Any]],
    unset: bool = False,
) -> None:
    """A flag per field: its default `defaults[name]` or the field's (shown in the help; with `unset` the
    parsed value is None unless given), its help with `notes[name]`, its text read as `parsers[name]`
    says or as its annotation's type."""
    hints = typing.get_type_hints(cls)
    for f in chosen:
        default = defaults.get(f.name, f.default_factory() if f.default_factory is not MISSING else f.default)
        help = f.metadata["help"] + notes.get(f.name, "")
        how = parsers.get(f.name, {})
        kind = how.get("type") or _parse_type(hints[f.name])
        if kind is bool:
            shown = "" if default is None else f" (default: {switch(f.name, default)})"
            action: Any = argparse.BooleanOptionalAction
            parser.add_argument(flag_name(f.name), action=action, default=None if unset else default, help=help + shown)
            continue
        shown = "" if default is None else f" (default: {_show(default)})"
        parser.add_argument(
            flag_name(f.name),
            type=kind,
            choices=how.get("choices", f.metadata["choices"]),
            default=None if unset else default,
            help=help + shown,
        )


def add_engine_flags(
    parser: argparse.ArgumentParser,
    names: Collection[str] | None = None,
    defaults: dict[str, Any] | None = None,
    notes: dict[str, str] | None = None,
) -> None:
    """Add the flags of `EngineConfig`'s fields (all, or `names`), with `defaults` shown and used instead
    of the fields' where given, and `notes` appended to the help lines."""
    # bytes with a unit: 512MiB, 4GiB, 1.5GB; off, auto or a number, read by `EngineConfig`
    parsers = {"kv_cache_memory": {"type": byte_size}, "moe_expert_cache": {"type": str}}
    _add_flags(parser, EngineConfig, _flag_fields(EngineConfig, names), defaults or {}, notes or {}, parsers)


def _compile_parsers() -> dict[str, dict[str, Any]]:
    """How the compile flags' text is read where the annotation does not say: the compiler's names, and
    ranges and sizes written as lists."""
    from qcompile.cudagraph.modes import MODES
    from qcompile.ops.registry import SCOPES

    return {
        "scope": {"choices": sorted(SCOPES)},
        "cudagraph": {"choices": list(MODES)},
        "ranges": {"type": compile_ranges},
        "capture_sizes": {"type": int_list},
        "max_capture_size": {"type": positive_int},
    }


def add_compile_flags(parser: argparse.ArgumentParser) -> None:
    """Add the flags of `CompileConfig`'s fields; any of them given turns compiling on, so each is None
    unless given (the help shows the field's default)."""
    group = parser.add_argument_group("compile (any of these turns compiling on)")
    _add_flags(group, CompileConfig, _flag_fields(CompileConfig), {}, {}, _compile_parsers(), unset=True)


def compile_config(args: argparse.Namespace) -> CompileConfig | None:
    """A `CompileConfig` of the compile flags given; None (eager) when none is."""
    given = {f.name: getattr(args, f.name) for f in _flag_fields(CompileConfig) if getattr(args, f.name) is not None}
    if not given:
        return None
    try:
        config = CompileConfig(**given)
    except ValueError as e:
        raise UsageError(f"{'/'.join(flag_name(n) for n in given)}: {e}") from None
    _check_capture_sizes(config)
    return config


def _check_capture_sizes(config: CompileConfig) -> None:
    """Capture flags need a graph mode, and sizes inside the compile ranges; said before the load."""
    from qcompile.cudagraph import resolve_capture_sizes

    flags = [
        f for f, v in (("--capture-sizes", config.capture_sizes), ("--max-capture-size", config.max_capture_size)) if v
    ]
    if not flags:
        return
    if config.cudagraph == "none":
        raise UsageError(f"{'/'.join(flags)}: no CUDA graphs are captured without --cudagraph")
    try:
        resolve_capture_sizes(config.capture_sizes, config.ranges, config.max_capture_size)
    except ValueError as e:
        raise UsageError(f"{'/'.join(flags)}: {e} (--ranges)") from None


def usage_error(e: EngineOptionError) -> UsageError:
    """An engine option error in the command line's words: each option as its flag and value."""
    parts = [switch(n, v) if isinstance(v, bool) else f"{flag_name(n)} {v}" for n, v in e.values.items()]
    return UsageError(f"{' and '.join(parts)}: {e.problem}")


def engine_config(args: argparse.Namespace) -> EngineConfig:
    """The `EngineConfig` of parsed engine and compile flags (those the command has)."""
    given = {f.name: getattr(args, f.name) for f in _flag_fields(EngineConfig) if hasattr(args, f.name)}
    try:
        return EngineConfig(**given, compile=compile_config(args))
    except EngineOptionError as e:
        raise usage_error(e) from None
