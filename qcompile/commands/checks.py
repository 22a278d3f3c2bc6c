"""What the commands check before they start work, and the one place that turns expected errors
into one line.

A mistake in a flag should cost a second, not a model load: argument types here reject bad values
while argparse parses (its message names the flag), `EngineConfig` checks the engine flags and
`reserve_port` the port before anything heavy. Errors the user can fix (`EXPECTED`) print as one
line naming the offending flag, path, field or port; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import errno
import socket
from collections.abc import Callable, Collection
from pathlib import Path

from model.checkpoint.loader import CheckpointError
from model.config import ConfigError
from model.quant.scheme import QuantFormatError
from qcompile.compiler.ranges import Range, normalize_ranges


class UsageError(Exception):
    """A value the user gave (flag, path, port) that cannot work; the message names it."""


# Errors a user can fix: bad flags, paths, config fields, checkpoint tensors, ports.
EXPECTED: tuple[type[BaseException], ...] = (
    UsageError,
    ConfigError,
    CheckpointError,
    QuantFormatError,
    FileNotFoundError,
    FileExistsError,
    NotADirectoryError,
    IsADirectoryError,
    PermissionError,
)


def one_line(e: BaseException) -> str:
    """The message of an expected error; a file error keeps its path, which is what it is about."""
    if isinstance(e, OSError) and e.filename is not None:
        return f"{e.filename}: {e.strerror}"
    return str(e)


def choice_list(known: Collection[str], what: str) -> Callable[[str], list[str]]:
    """An argparse type for a comma list of `known` names, rejected whole before any runs."""

    def parse(text: str) -> list[str]:
        names = [n for n in text.split(",") if n]
        unknown = [n for n in names if n not in known]
        if not names:
            raise argparse.ArgumentTypeError(f"expected a comma list of {', '.join(sorted(known))}")
        if unknown:
            raise argparse.ArgumentTypeError(
                f"unknown {what} {', '.join(map(repr, unknown))}; known: {', '.join(sorted(known))}"
            )
        return names

    return parse


def int_list(text: str) -> list[int]:
    """`1,8,64` -> [1, 8, 64], each >= 1."""
    try:
        values = [int(v) for v in text.split(",") if v]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers, not {text!r}") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"expected integers >= 1, not {text!r}")
    return values


def fraction_list(text: str) -> list[float]:
    """`0.5,0.9,1` -> [0.5, 0.9, 1.0], each in [0, 1]."""
    try:
        values = [float(v) for v in text.split(",") if v]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated numbers in [0, 1], not {text!r}") from None
    if not values or not all(0.0 <= v <= 1.0 for v in values):
        raise argparse.ArgumentTypeError(f"expected comma-separated numbers in [0, 1], not {text!r}")
    return values


def shape_list(text: str) -> list[tuple[int, int]]:
    """`1x2048,8x512` -> [(1, 2048), (8, 512)], each number >= 1."""
    try:
        values = [tuple(int(n) for n in v.split("x")) for v in text.split(",") if v]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated RxT shapes such as 8x512, not {text!r}") from None
    if not values or any(len(v) != 2 or min(v) < 1 for v in values):
        raise argparse.ArgumentTypeError(f"expected comma-separated RxT shapes with R, T >= 1, not {text!r}")
    return values  # type: ignore[return-value]


def inductor_patch_list(text: str) -> list[tuple[str, object]]:
    """`combo_kernels=True,max_fusion_size=32` -> [("combo_kernels", True), ("max_fusion_size", 32)]:
    Python literals, each name an option of `torch._inductor.config`."""
    import ast

    from qcompile.compiler.backend import inductor_patches

    patches = []
    for item in (v for v in text.split(",") if v):
        name, sep, value = item.partition("=")
        try:
            patches.append((name.strip(), ast.literal_eval(value.strip()) if sep else None))
        except (ValueError, SyntaxError):
            raise argparse.ArgumentTypeError(f"{item!r}: the value must be a Python literal (True, 32, 'x')") from None
        if not sep:
            raise argparse.ArgumentTypeError(f"{item!r}: expected NAME=VALUE")
    if not patches:
        raise argparse.ArgumentTypeError("expected NAME=VALUE[,NAME=VALUE...]")
    try:
        inductor_patches(patches)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return patches


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, not {value}")
    return value


def byte_size(text: str) -> int:
    """Bytes with an optional unit: 512MiB, 4GiB, 1.5GB, 1000000."""
    from qcompile.engine.kv_memory import parse_bytes

    try:
        return parse_bytes(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, not {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a TCP port (1-65535)")
    return value


def compile_ranges(text: str) -> tuple[Range, ...]:
    """`1:1,2:256` -> ((1, 1), (2, 256)): inclusive token-count ranges, one compiled artifact each."""
    try:
        pairs = [(int(lo), int(hi)) for lo, hi in (part.split(":") for part in text.split(","))]
        return tuple(normalize_ranges(pairs))
    except ValueError as e:
        detail = str(e) if "range" in str(e) else "they look like 1:1,2:256"
        raise argparse.ArgumentTypeError(f"{text!r}: {detail}") from None


def device(text: str) -> str:
    """An argparse type: `--device cuda` without a GPU fails while parsing, not after a load."""
    from qcompile.engine.engine_config import device_problem

    problem = device_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"{text}: {problem}")
    return text


def check_skinny_plans(path: Path | None, skinny_gemm: bool) -> None:
    """`--skinny-plans` goes with the skinny GEMM on, and its file (when it exists) reads and checks
    before any load; a bad one names the file and key."""
    if path is None:
        return
    if not skinny_gemm:
        raise UsageError("--skinny-plans: the skinny GEMM is off (--no-skinny-gemm, or bench without --skinny-gemm)")
    from model.skinny_setup import read_plan_file

    read_plan_file(path)


def reserve_port(host: str, port: int) -> socket.socket:
    """A socket bound to `host:port`, for the server to listen on once the model is ready.

    Bound (not listening) before the load, so a port in use or a wrong host fails in a second, and
    no other process can take the port while the model loads; clients are refused until then.
    """
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[
            0
        ]
    except socket.gaierror as e:
        raise UsageError(f"--host {host}: cannot resolve it ({e.strerror})") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds: TIME_WAIT is no conflict
    try:
        sock.bind(addr)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise UsageError(f"--port {port}: {host}:{port} is already in use; choose another --port") from None
        if e.errno == errno.EADDRNOTAVAIL:
            raise UsageError(f"--host {host}: not an address of this machine") from None
        if e.errno == errno.EACCES:
            raise UsageError(f"--port {port}: binding it needs more privileges; use a port above 1023") from None
        raise
    sock.set_inheritable(True)
    return sock
