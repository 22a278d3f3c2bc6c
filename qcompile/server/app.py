"""The FastAPI app: routes, bearer-token check, and OpenAI-shaped errors for anything a client sends wrong."""

from __future__ import annotations

import hmac
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, ValidationError

from qcompile.server.errors import APIError, from_validation
from qcompile.server.metrics import CONTENT_TYPE, Metrics
from qcompile.server.parsers import Parsers
from qcompile.server.protocol import ChatCompletionRequest, CompletionRequest
from qcompile.server.serving import EngineClient, Serving

Body = TypeVar("Body", bound=BaseModel)


async def _parse(request: Request, model: type[Body]) -> Body:
    """The body as `model`; bad JSON and bad fields alike are a 400 naming the field."""
    try:
        return model.model_validate_json(await request.body())
    except ValidationError as e:
        raise from_validation(e) from e


def build_app(engine: EngineClient, parsers: Parsers | None = None, api_key: str | None = None) -> FastAPI:
    """An app serving `engine`; the engine is started and shut down with the app."""
    serving = Serving(engine, parsers or Parsers())
    metrics = Metrics(engine.model_name)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await engine.start()
        try:
            yield
        finally:
            await engine.shutdown()

    async def check_key(request: Request) -> None:
        if api_key is None:
            return
        given = request.headers.get("authorization", "")
        if not hmac.compare_digest(given.encode(), f"Bearer {api_key}".encode()):
            raise APIError("missing or invalid API key (send 'Authorization: Bearer <key>')",
                           code="invalid_api_key", status=401)

    app = FastAPI(title="qcompile", lifespan=lifespan)

    @app.exception_handler(APIError)
    async def api_error(request: Request, exc: APIError) -> Response:
        return exc.response()

    @app.get("/health")
    async def health() -> dict[str, Any]:
        return {"status": "ok"}

    @app.get("/metrics")
    async def prometheus() -> Response:
        return Response(metrics.render(engine.stats()), media_type=CONTENT_TYPE)

    v1 = APIRouter(prefix="/v1", dependencies=[Depends(check_key)])

    @v1.get("/models")
    async def models() -> dict[str, Any]:
        return serving.models()

    @v1.post("/chat/completions")
    async def chat(request: Request) -> Response:
        return await serving.chat(request, await _parse(request, ChatCompletionRequest))

    @v1.post("/completions")
    async def completions(request: Request) -> Response:
        return await serving.completion(request, await _parse(request, CompletionRequest))

    app.include_router(v1)
    return app
