"""The FastAPI app: routes, bearer-token check, bounded bodies, and OpenAI-shaped errors for anything
a client sends wrong (404 and 405 included) and for a dead engine."""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from fastapi import APIRouter, Depends, FastAPI, Request, params
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ValidationError
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from qcompile.engine.outputs import error_message
from qcompile.server.errors import APIError, from_validation
from qcompile.server.metrics import CONTENT_TYPE, Metrics
from qcompile.server.parsers import Parsers
from qcompile.server.protocol import ChatCompletionRequest, CompletionRequest, DetokenizeRequest, TokenizeRequest
from qcompile.server.serving import EngineClient, Serving

log = logging.getLogger(__name__)

Body = TypeVar("Body", bound=BaseModel)

# Bodies are read whole before parsing; this bounds what one request can make the server hold and
# parse. Far above any prompt that fits a context of the sizes served here.
MAX_BODY_BYTES = 4 * 2**20


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused with 413 as soon as it is known to exceed `limit` bytes (from Content-Length,
    or while it arrives), so an oversized body is neither buffered whole nor parsed."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise APIError(f"the request body has {declared} bytes; at most {limit} are accepted", status=413)
    parts, size = [], 0
    async for part in request.stream():
        size += len(part)
        if size > limit:
            raise APIError(f"the request body exceeds {limit} bytes", status=413)
        parts.append(part)
    return b"".join(parts)


def _validate(model: type[Body], raw: bytes) -> Body:
    try:
        return model.model_validate_json(raw)
    except ValidationError as e:
        raise from_validation(e) from e


async def _parse(request: Request, model: type[Body], limit: int) -> Body:
    """The body as `model`, parsed in a worker thread so a large body does not stall other streams;
    bad JSON and bad fields alike are a 400 naming the field. Only `application/json` is read: a web
    page can send `text/plain` across sites without asking, never JSON."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        raise APIError(f"Content-Type must be application/json, got {media or 'none'!r}", status=415)
    return await asyncio.to_thread(_validate, model, await read_body(request, limit))


# Host names a server without an API key answers to: a page on another site can make a browser send
# requests to 127.0.0.1 under its own name (DNS rebinding), never under these.
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def host_name(header: str) -> str:
    """The name in a Host header, without its port (and without brackets for IPv6)."""
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def build_app(
    engine: EngineClient,
    parsers: Parsers | None = None,
    api_key: str | None = None,
    max_body_bytes: int = MAX_BODY_BYTES,
) -> FastAPI:
    """An app serving `engine`; the engine is started and shut down with the app."""
    serving = Serving(engine, parsers or Parsers())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await engine.start()
        try:
            yield
        finally:
            await engine.shutdown()
            serving.close()

    app = FastAPI(title="qcompile", lifespan=lifespan)
    if api_key is None:
        app.add_middleware(LoopbackOnly)
    _add_error_handlers(app)
    key = Depends(_key_check(api_key))
    app.include_router(_service_routes(engine, Metrics(engine.model_name)))
    app.include_router(_v1_routes(serving, max_body_bytes, key))
    app.include_router(_token_routes(serving, max_body_bytes, key))
    return app


def _key_check(api_key: str | None) -> Callable[[Request], Awaitable[None]]:
    """The dependency that refuses a request without `Authorization: Bearer <api_key>` (none: all pass)."""

    async def check_key(request: Request) -> None:
        if api_key is None:
            return
        given = request.headers.get("authorization", "")
        if not hmac.compare_digest(given.encode(), f"Bearer {api_key}".encode()):
            raise APIError(
                "missing or invalid API key (send 'Authorization: Bearer <key>')", code="invalid_api_key", status=401
            )

    return check_key


class LoopbackOnly:
    """Without an API key, only requests addressed to a loopback name are served (see LOOPBACK_HOSTS).

    Plain ASGI rather than `BaseHTTPMiddleware` (`app.middleware("http")`), which passes every chunk of
    a streamed response through a memory stream to a task of its own: a cost paid per token of every
    stream, on the event loop that serves them all.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = host_name(Headers(scope=scope).get("host", "")).lower()
            if host not in LOOPBACK_HOSTS:
                refusal = APIError(
                    f"Host {host!r} is not served: without --api-key only loopback names are accepted",
                    code="invalid_host",
                    status=403,
                ).response()
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _add_error_handlers(app: FastAPI) -> None:
    """Every error in the OpenAI shape: ours, Starlette's (unknown path, wrong method), and a handler's bug."""

    @app.exception_handler(APIError)
    async def api_error(request: Request, exc: APIError) -> Response:
        return exc.response()

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        error = APIError(
            f"{request.method} {request.url.path}: {exc.detail}", code=str(exc.status_code), status=exc.status_code
        )
        return JSONResponse(error.body(), status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> Response:
        """A bug in a handler: a 500 in the OpenAI shape (logged with its traceback); the server lives on."""
        log.exception("%s %s failed", request.method, request.url.path)
        return APIError(error_message(exc), type="server_error", status=500).response()


def _service_routes(engine: EngineClient, metrics: Metrics) -> APIRouter:
    """Health, Prometheus metrics and the version: open without the key, as probes and scrapers call them."""
    router = APIRouter()

    @router.get("/health")
    async def health() -> Response:
        dead = engine.dead
        if dead is not None:
            return JSONResponse(
                {"status": "dead", "reason": f"the engine loop died: {error_message(dead)}"}, status_code=503
            )
        return JSONResponse({"status": "ok"})

    @router.get("/metrics")
    async def prometheus() -> Response:
        return Response(metrics.render(engine.stats()), media_type=CONTENT_TYPE)

    @router.get("/version")
    async def version() -> dict[str, str]:
        return {"version": qcompile_version()}

    return router


def _v1_routes(serving: Serving, max_body_bytes: int, key: params.Depends) -> APIRouter:
    """The OpenAI API under /v1, behind the key."""
    v1 = APIRouter(prefix="/v1", dependencies=[key])

    @v1.get("/models")
    async def models() -> dict[str, Any]:
        return serving.models()

    @v1.get("/models/{model_id:path}")
    async def model(model_id: str) -> dict[str, Any]:
        return serving.model(model_id)

    @v1.post("/chat/completions")
    async def chat(request: Request) -> Response:
        return await serving.chat(request, await _parse(request, ChatCompletionRequest, max_body_bytes))

    @v1.post("/completions")
    async def completions(request: Request) -> Response:
        return await serving.completion(request, await _parse(request, CompletionRequest, max_body_bytes))

    return v1


def _token_routes(serving: Serving, max_body_bytes: int, key: params.Depends) -> APIRouter:
    """vLLM's token endpoints, beside /v1 as there, and behind the same key."""
    tokens = APIRouter(dependencies=[key])

    @tokens.post("/tokenize")
    async def tokenize(request: Request) -> dict[str, Any]:
        return await serving.tokenize(await _parse(request, TokenizeRequest, max_body_bytes))

    @tokens.post("/detokenize")
    async def detokenize(request: Request) -> dict[str, Any]:
        return await serving.detokenize(await _parse(request, DetokenizeRequest, max_body_bytes))

    return tokens


def qcompile_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("qcompile")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"
