"""Request errors in the OpenAI shape, so clients raise their usual `BadRequestError` and friends."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from pydantic import ValidationError


class APIError(Exception):
    """A request the server refuses; the server itself stays healthy."""

    def __init__(
        self,
        message: str,
        param: str | None = None,
        code: str | None = None,
        status: int = 400,
        type: str = "invalid_request_error",
    ) -> None:
        super().__init__(message)
        self.message, self.param, self.code, self.status, self.type = message, param, code, status, type

    def body(self) -> dict[str, Any]:
        return {"error": {"message": self.message, "type": self.type, "param": self.param, "code": self.code}}

    def response(self) -> JSONResponse:
        return JSONResponse(self.body(), status_code=self.status)


def from_validation(error: ValidationError) -> APIError:
    """The first pydantic problem; `param` is the top-level field, the message has the full path."""
    first = error.errors()[0]
    loc = first["loc"]
    where = ".".join(str(p) for p in loc)
    return APIError(f"{where}: {first['msg']}" if where else first["msg"], param=str(loc[0]) if loc else None)
