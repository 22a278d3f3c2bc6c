"""`qcompile serve`: load the model in stages, each shown with its time, then run uvicorn."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qcompile.config import CompileConfig
    from qcompile.engine.async_engine import AsyncEngine


def load_engine(
    model: Path | None,
    compile: CompileConfig | None,
    device: str,
    dtype: str,
    max_num_seqs: int,
    max_model_len: int | None,
    ple_backend: str = "device",
    weight_only: bool = False,
    tensor_parallel_size: int = 1,
    skinny_gemm: bool | None = None,
    skinny_plans: Path | None = None,
    kv_cache_memory: int | None = None,
    gpu_memory_utilization: float = 0.9,
) -> AsyncEngine:
    from qcompile.commands.progress import compile_stages, prepare_core
    from qcompile.engine.async_engine import AsyncEngine
    from qcompile.engine.core import EngineCore

    mode = (
        "eager"
        if compile is None
        else f"compiled (scope {compile.scope}, ranges {compile.ranges}, cudagraph {compile.cudagraph})"
    )
    linears = ", weight-only linears" if weight_only else ""
    tp = f", tensor parallel over {tensor_parallel_size} processes" if tensor_parallel_size > 1 else ""
    print(
        f"qcompile serve: {model or 'the embedded default model'}\n  {device}, {dtype}, PLE on {ple_backend}"
        f"{linears}{tp}, {mode}",
        file=sys.stderr,
    )
    with compile_stages("load checkpoint"):
        core = EngineCore(
            model,
            device=device,
            dtype=dtype,
            compile=compile,
            max_num_seqs=max_num_seqs,
            max_model_len=max_model_len,
            ple_backend=ple_backend,
            weight_only=weight_only,
            tensor_parallel_size=tensor_parallel_size,
            skinny_gemm=skinny_gemm,
            skinny_plans=skinny_plans,
            kv_cache_memory=kv_cache_memory,
            gpu_memory_utilization=gpu_memory_utilization,
        )
    print(f"  {core.pool_summary()}", file=sys.stderr)
    prepare_core(core)
    return AsyncEngine(core)


def serve(
    model: Path | None,
    compile: CompileConfig | None,
    host: str,
    port: int,
    api_key: str | None,
    device: str,
    dtype: str,
    max_num_seqs: int,
    max_model_len: int | None,
    ple_backend: str,
    weight_only: bool = False,
    tensor_parallel_size: int = 1,
    skinny_gemm: bool | None = None,
    skinny_plans: Path | None = None,
    kv_cache_memory: int | None = None,
    gpu_memory_utilization: float = 0.9,
) -> None:
    """Serve on `host:port` until SIGTERM/SIGINT (exit 0) or until the engine loop dies (exit 1, with one
    line saying why). The port is bound before the model loads, so a taken port fails first."""
    import uvicorn

    from qcompile.commands.checks import reserve_port
    from qcompile.server.app import build_app
    from qcompile.server.lifecycle import SHUTDOWN_GRACE_S, EngineServer
    from qcompile.server.parsers import select_parsers

    sock = reserve_port(host, port)
    engine = load_engine(
        model,
        compile,
        device,
        dtype,
        max_num_seqs,
        max_model_len,
        ple_backend,
        weight_only,
        tensor_parallel_size,
        skinny_gemm,
        skinny_plans,
        kv_cache_memory,
        gpu_memory_utilization,
    )
    access = logging.getLogger("qcompile.access")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s access %(message)s"))
    access.addHandler(handler)
    access.setLevel(logging.INFO)
    access.propagate = False
    app = build_app(engine, select_parsers(engine.core.path), api_key)
    print(f"serving {engine.model_name!r} at http://{host}:{port}/v1 (OpenAI API; /health, /metrics)", file=sys.stderr)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=SHUTDOWN_GRACE_S)
    server = EngineServer(config, engine)
    server.run(sockets=[sock])
    if server.died is not None:
        sys.exit(1)
