"""`qcompile serve`: load the model in stages, each shown with its time, then run uvicorn."""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qcompile.engine.async_engine import AsyncEngine
    from qcompile.engine.engine_config import EngineConfig
    from qcompile.engine.model_source import ResolvedModel


def describe(config: EngineConfig, resolved: ResolvedModel) -> str:
    """The serve banner's two lines: what is served, where, and how it runs."""
    compile = config.compile
    mode = (
        "eager"
        if compile is None
        else f"compiled (scope {compile.scope}, ranges {compile.ranges}, cudagraph {compile.cudagraph})"
    )
    linears = ", weight-only linears" if config.weight_only else ""
    if config.load_format == "dummy":
        linears = ", random weights (--load-format dummy" + (", block-FP8 experts)" if config.weight_only else ")")
    size = config.tensor_parallel_size
    tp = f", tensor parallel over {size} processes" if size > 1 else ""
    return (
        f"{resolved.name} ({resolved.path})\n  {config.device}, {config.dtype}, PLE on {config.ple_backend}"
        f"{linears}{tp}, {mode}"
    )


def load_engine(config: EngineConfig, resolved: ResolvedModel) -> AsyncEngine:
    from qcompile.engine.async_engine import AsyncEngine
    from qcompile.engine.progress import start_core

    print(f"qcompile serve: {describe(config, resolved)}", file=sys.stderr)
    return AsyncEngine(start_core(config, resolved))


def serve(config: EngineConfig, resolved: ResolvedModel, host: str, port: int, api_key: str | None) -> None:
    """Serve on `host:port` until SIGTERM/SIGINT (exit 0) or until the engine loop dies (exit 1, with one
    line saying why). The port is bound before the model loads, so a taken port fails first."""
    import uvicorn

    from qcompile.commands.checks import reserve_port
    from qcompile.server.app import build_app
    from qcompile.server.lifecycle import SHUTDOWN_GRACE_S, EngineServer
    from qcompile.server.parsers import select_parsers

    sock = reserve_port(host, port)
    engine = load_engine(config, resolved)
    access = logging.getLogger("qcompile.access")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s access %(message)s"))
    access.addHandler(handler)
    access.setLevel(logging.INFO)
    access.propagate = False
    app = build_app(engine, select_parsers(engine.core.path), api_key)
    print(f"serving {engine.model_name!r} at http://{host}:{port}/v1 (OpenAI API; /health, /metrics)", file=sys.stderr)
    server_config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=SHUTDOWN_GRACE_S
    )
    server = EngineServer(server_config, engine)
    server.run(sockets=[sock])
    if server.died is not None:
        sys.exit(1)
