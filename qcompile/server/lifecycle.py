"""uvicorn bound to the engine's life: bounded shutdown, and an exit when the engine loop dies."""

from __future__ import annotations

import asyncio
import sys
from typing import TYPE_CHECKING

import uvicorn

from qcompile.engine.outputs import error_message

if TYPE_CHECKING:
    import socket

    from qcompile.engine.async_engine import AsyncEngine

# Seconds open connections get to end after a shutdown signal (every request is aborted by then).
SHUTDOWN_GRACE_S = 5


class EngineServer(uvicorn.Server):
    """A shutdown signal aborts every request first, queued ones included, so open streams end at once
    and shutdown is bounded (the engine's own shutdown timeout, then `SHUTDOWN_GRACE_S`); the engine
    loop's death stops the server, says why in one line, and leaves `died` set."""

    def __init__(self, config: uvicorn.Config, engine: AsyncEngine) -> None:
        super().__init__(config)
        self.engine = engine
        self.died: BaseException | None = None

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        watch = asyncio.ensure_future(self._watch())
        try:
            await super().serve(sockets)
        finally:
            watch.cancel()

    async def _watch(self) -> None:
        self.died = await self.engine.wait_dead()
        print(f"qcompile serve: the engine loop died ({error_message(self.died)}); exiting", file=sys.stderr)
        self.should_exit = True

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.engine.shutdown()
        await super().shutdown(sockets)
