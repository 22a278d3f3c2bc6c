"""`qcompile serve`: load the model in stages, each shown with its time, then run uvicorn."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qcompile.config import CompileConfig
    from qcompile.engine.async_engine import AsyncEngine


def load_engine(model: Path | None, compile: CompileConfig | None, device: str, dtype: str,
                max_num_seqs: int, max_model_len: int, ple_backend: str = "device",
                weight_only: bool = False) -> AsyncEngine:
    from qcompile import LLM, SamplingParams
    from qcompile.commands.progress import compile_stages, stage
    from qcompile.engine.async_engine import AsyncEngine

    if model is None:
        from qcompile.default_model import NAME, PATH

        path, name = PATH, NAME
    else:
        path, name = Path(model), Path(model).name
    mode = "eager" if compile is None else f"compiled (scope {compile.scope}, ranges {compile.ranges}, " \
                                           f"cudagraph {compile.cudagraph})"
    linears = ", weight-only linears" if weight_only else ""
    print(f"qcompile serve: {path}\n  {device}, {dtype}, PLE on {ple_backend}{linears}, {mode}", file=sys.stderr)
    with compile_stages("load checkpoint"):
        llm = LLM(path, device=device, dtype=dtype, compile=compile, max_num_seqs=max_num_seqs,
                  max_model_len=max_model_len, ple_backend=ple_backend, weight_only=weight_only)
    if compile is not None:
        with compile_stages(f"compile ({len(compile.ranges)} ranges)"):
            llm.warmup()
        if compile.cudagraph != "none":
            with stage(f"graph capture (cudagraph {compile.cudagraph})"):
                stats = llm.engine.runner.forward.capture()
            if stats is not None:
                print(f"  {len(llm.engine.runner.forward.capture_sizes)} sizes, mode {stats.mode}, "
                      f"graph pool {stats.pool_bytes / 2**20:.0f} MiB (device {stats.bytes / 2**20:.0f} MiB)",
                      file=sys.stderr)
    with stage("warmup"):
        llm.generate({"prompt_token_ids": [0]}, SamplingParams(temperature=0.0, max_tokens=2))
    return AsyncEngine(llm, name)


def serve(model: Path | None, compile: CompileConfig | None, host: str, port: int, api_key: str | None,
          device: str, dtype: str, max_num_seqs: int, max_model_len: int, ple_backend: str,
          weight_only: bool = False) -> None:
    """Serve on `host:port`; the port is bound before the model loads, so a taken port fails first."""
    import uvicorn

    from qcompile.commands.checks import reserve_port
    from qcompile.server.app import build_app
    from qcompile.server.parsers import select_parsers

    sock = reserve_port(host, port)
    engine = load_engine(model, compile, device, dtype, max_num_seqs, max_model_len, ple_backend, weight_only)
    app = build_app(engine, select_parsers(engine.llm.path), api_key)
    print(f"serving {engine.model_name!r} at http://{host}:{port}/v1 (OpenAI API; /health, /metrics)",
          file=sys.stderr)
    uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).run(sockets=[sock])
