"""`AsyncEngine`: the engine behind an asyncio server, stepping in its own thread.

The engine thread owns the `Engine` and is the only one that touches it. The event loop talks to
it through a command queue (add, abort) and gets `RequestDelta`s back through one asyncio queue per
request, fed with `call_soon_threadsafe`, so a step in progress never blocks the loop.

A request that fails (when added or stepped) gets a final delta with finish_reason "error"; the loop
goes on. If the loop itself dies, `dead` holds why, every open stream ends with an error delta and
new requests raise `EngineDeadError` at once. A tensor-parallel worker's death kills the loop the
same way, even while the engine thread idles or waits inside a collective (the workers' watchdog
calls `_on_death` directly).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import queue
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from qcompile.engine.engine_config import EngineConfig
from qcompile.engine.outputs import RequestDelta, error_message
from qcompile.engine.progress import start_core
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.stats import EngineStats

if TYPE_CHECKING:
    from qcompile.engine.core import EngineCore
    from qcompile.engine.sequence import Sequence

log = logging.getLogger(__name__)

# How long `shutdown` waits for the step in progress before it gives up on the engine thread.
SHUTDOWN_TIMEOUT_S = 10.0


class EngineDeadError(RuntimeError):
    """The engine loop has stopped (it died, or was shut down): no request can run."""


@dataclass(frozen=True)
class _Abort:
    request_id: str


@dataclass
class _Stream:
    """The loop side of one request: its deltas, and whether its final delta was queued."""

    num_prompt_tokens: int
    wants_logprobs: bool
    deltas: asyncio.Queue[RequestDelta] = field(default_factory=asyncio.Queue)
    closed: bool = False

    def put(self, delta: RequestDelta) -> None:
        if not self.closed:
            self.closed = delta.finished
            self.deltas.put_nowait(delta)


class AsyncEngine:
    """Many requests in flight; each `generate` call streams its own `RequestDelta`s.

    Build it from a prepared `EngineCore` (`AsyncEngine(core)`, as `qcompile serve` does), or from
    `LLM`'s arguments (`AsyncEngine.from_args(model, compile=..., ...)`: `EngineConfig`'s fields).
    """

    def __init__(self, core: EngineCore, model_name: str | None = None) -> None:
        self.core = core
        self.tokenizer = core.tokenizer
        self.model_name = model_name or core.name
        self.max_model_len = core.max_model_len
        self.dead: BaseException | None = None  # why the engine loop died; None while it lives
        self._engine = core.engine
        self._commands: queue.SimpleQueue[Sequence | _Abort | None] = queue.SimpleQueue()
        self._wake = threading.Event()
        self._streams: dict[str, _Stream] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopped = False
        self._died = asyncio.Event()
        self._ids = itertools.count()

    @classmethod
    def from_args(cls, model: str | Path | None = None, model_name: str | None = None, **options: Any) -> AsyncEngine:
        """Load and prepare `model` with `EngineConfig`'s `options` (an unknown one raises TypeError)."""
        return cls(start_core(EngineConfig.from_options(model=model, **options)), model_name)

    # ---- lifecycle -----------------------------------------------------------------------
    async def start(self) -> None:
        """Start the engine thread on the running loop; `generate` calls this itself if needed."""
        if self._thread is not None or self._stopped:
            return
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._run, name="qcompile-engine", daemon=True)
        self._thread.start()
        if self.core.workers is not None:
            loop = self._loop

            def worker_died(e: BaseException) -> None:
                if not loop.is_closed():
                    loop.call_soon_threadsafe(self._on_death, e)

            self.core.workers.on_death(worker_died)

    async def shutdown(self, timeout: float = SHUTDOWN_TIMEOUT_S) -> None:
        """Abort everything queued or running and stop the engine thread, waiting at most `timeout`
        seconds for the step in progress; open streams end with finish_reason "abort"."""
        self._stopped = True
        thread, self._thread = self._thread, None
        if thread is not None:
            self._commands.put(None)
            self._wake.set()
            await asyncio.to_thread(thread.join, timeout)
            if thread.is_alive():
                log.warning("the engine thread did not stop within %.0f s; leaving it behind", timeout)
        for request_id, stream in list(self._streams.items()):
            stream.put(self._final(request_id, stream, "abort"))
        self.core.close()

    async def wait_dead(self) -> BaseException:
        """Return once the engine loop has died (never, while it lives): why it died."""
        await self._died.wait()
        assert self.dead is not None
        return self.dead

    # ---- requests ------------------------------------------------------------------------
    async def generate(
        self,
        request_id: str | None,
        prompt_token_ids: list[int],
        params: SamplingParams,
        message_starts: list[int] | None = None,
    ) -> AsyncIterator[RequestDelta]:
        """Yield the request's `RequestDelta` after each step that changed it; the last is finished.
        `message_starts` are a chat prompt's (`Sequence.message_starts`).

        Invalid requests raise ValueError, and a dead or shut-down engine raises `EngineDeadError`,
        before anything is queued. The request is checked (and its grammar compiled) in a worker
        thread, so that work does not hold up other streams. When the consumer stops early (client
        disconnect, cancellation), the request is aborted at once, queued or running, and its slot
        freed. If the consumer falls behind, the deltas it has not read arrive merged into one.
        """
        self._check_alive()
        await self.start()
        request_id = request_id or f"req-{next(self._ids)}"
        if request_id in self._streams:
            raise ValueError(f"request id {request_id!r} is already in flight")
        stream = _Stream(len(prompt_token_ids), params.logprobs is not None)
        self._streams[request_id] = stream
        sent = finished = False
        try:
            prompt = {"prompt_token_ids": list(prompt_token_ids), "message_starts": list(message_starts or [])}
            seq = await asyncio.to_thread(self.core.processor.make_sequence, request_id, prompt, params)
            self._check_alive()
            self._send(seq)
            sent = True
            while not finished:
                deltas = [await stream.deltas.get()]
                while not stream.deltas.empty():
                    deltas.append(stream.deltas.get_nowait())
                delta = deltas[0].merge(*deltas[1:]) if len(deltas) > 1 else deltas[0]
                finished = delta.finished
                yield delta
        finally:
            self._streams.pop(request_id, None)
            if sent and not finished:
                self._send(_Abort(request_id))

    async def abort(self, request_id: str) -> None:
        """Stop a request and free its slot; its `generate` ends with finish_reason "abort"."""
        self._send(_Abort(request_id))

    def stats(self) -> EngineStats:
        """Running/waiting counts, token totals, and TTFT/ITL samples since the previous call."""
        return self._engine.stats()

    def _check_alive(self) -> None:
        if self.dead is not None:
            raise EngineDeadError(f"the engine loop died ({error_message(self.dead)}); restart the server")
        if self._stopped:
            raise EngineDeadError("the engine is shut down")

    def _final(self, request_id: str, stream: _Stream, reason: str, error: str | None = None) -> RequestDelta:
        """A last delta made on the loop side, for a request the engine thread can no longer finish."""
        return RequestDelta(
            request_id,
            [],
            "",
            [] if stream.wants_logprobs else None,
            None,
            stream.num_prompt_tokens,
            0,
            reason,
            None,
            error,
        )

    # ---- engine thread -------------------------------------------------------------------
    def _send(self, command: Sequence | _Abort) -> None:
        self._commands.put(command)
        self._wake.set()

    def _publish(self, deltas: list[RequestDelta]) -> None:
        """Hand deltas to the loop; those of requests whose consumer is gone are dropped there."""
        if not deltas:
            return

        def put() -> None:
            for delta in deltas:
                stream = self._streams.get(delta.request_id)
                if stream is not None:
                    stream.put(delta)

        assert self._loop is not None
        self._loop.call_soon_threadsafe(put)

    def _drain_commands(self) -> bool:
        """Apply queued adds and aborts; False once shutdown was asked for. A request that cannot be
        added fails alone."""
        while True:
            try:
                command = self._commands.get_nowait()
            except queue.Empty:
                return True
            if command is None:
                return False
            if isinstance(command, _Abort):
                delta = self._engine.abort(command.request_id)
                self._publish([] if delta is None else [delta])
                continue
            try:
                self._engine.add(command)
            except Exception as e:
                log.exception("request %s could not be added", command.request_id)
                self._publish([command.fail(error_message(e))])

    def _run(self) -> None:
        try:
            while self._drain_commands():
                if not self._engine.has_unfinished():
                    self._wake.wait()
                    self._wake.clear()
                    continue
                self._publish(self._engine.step())
            self._publish(self._engine.abort_all())
        except BaseException as e:
            if self._stopped:  # a step outlived `shutdown` and its loop: leave the engine clean for the next one
                self._engine.abort_all()
                return
            log.critical("the engine loop died: %s", error_message(e), exc_info=True)
            assert self._loop is not None
            if not self._loop.is_closed():
                self._loop.call_soon_threadsafe(self._on_death, e)

    def _on_death(self, e: BaseException) -> None:
        """On the loop: record the death (the first, if the watchdog and the loop both report one) and
        end every open stream with it."""
        if self.dead is not None:
            return
        self.dead = e
        self._died.set()
        message = f"the engine loop died: {error_message(e)}"
        for request_id, stream in list(self._streams.items()):
            stream.put(self._final(request_id, stream, "error", message))
