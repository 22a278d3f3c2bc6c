"""`AsyncEngine`: the engine behind an asyncio server, stepping in its own thread.

The engine thread owns the `Engine` and is the only one that touches it. The event loop talks to
it through a command queue (add, abort) and gets results back through one asyncio queue per request,
fed with `call_soon_threadsafe`, so a step in progress never blocks the loop.
"""

from __future__ import annotations

import asyncio
import itertools
import queue
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from qcompile.engine.outputs import RequestOutput
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.stats import EngineStats

if TYPE_CHECKING:
    from qcompile.engine.llm import LLM
    from qcompile.engine.sequence import Sequence


@dataclass(frozen=True)
class _Abort:
    request_id: str


class AsyncEngine:
    """Many requests in flight; each `generate` call streams its own cumulative outputs.

    Build it from a loaded `LLM` (`AsyncEngine(llm)`) or from `LLM`'s own arguments
    (`AsyncEngine.from_args(model, compile=..., ...)`).
    """

    def __init__(self, llm: LLM, model_name: str | None = None) -> None:
        self.llm = llm
        self.engine = llm.engine
        self.tokenizer = llm.tokenizer
        self.model_name = model_name or llm.path.name
        self.max_model_len = llm.max_model_len
        self._commands: queue.SimpleQueue[Sequence | _Abort | None] = queue.SimpleQueue()
        self._wake = threading.Event()
        self._streams: dict[str, asyncio.Queue[RequestOutput | BaseException]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ids = itertools.count()

    @classmethod
    def from_args(cls, *args: Any, model_name: str | None = None, **kwargs: Any) -> AsyncEngine:
        """Load the model as `LLM(*args, **kwargs)` would."""
        from qcompile.engine.llm import LLM

        return cls(LLM(*args, **kwargs), model_name)

    # ---- lifecycle -----------------------------------------------------------------------
    async def start(self) -> None:
        """Start the engine thread on the running loop; `generate` calls this itself if needed."""
        if self._thread is not None:
            return
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._run, name="qcompile-engine", daemon=True)
        self._thread.start()

    async def shutdown(self) -> None:
        """Abort everything in flight and stop the engine thread."""
        if self._thread is None:
            return
        self._commands.put(None)
        self._wake.set()
        await asyncio.to_thread(self._thread.join)
        self._thread = None

    # ---- requests ------------------------------------------------------------------------
    async def generate(self, request_id: str | None, prompt_token_ids: list[int],
                       params: SamplingParams) -> AsyncIterator[RequestOutput]:
        """Yield the request's cumulative output after each step that changed it; the last is finished.

        Invalid requests raise ValueError before anything is queued. When the consumer stops early
        (client disconnect, cancellation), the request is aborted and its slot freed. If the consumer
        falls behind, outputs it has not read are skipped for the newest one, which holds them all.
        """
        await self.start()
        request_id = request_id or f"req-{next(self._ids)}"
        if request_id in self._streams:
            raise ValueError(f"request id {request_id!r} is already in flight")
        seq = self.llm.processor.make_sequence(request_id, {"prompt_token_ids": list(prompt_token_ids)}, params)
        stream: asyncio.Queue[RequestOutput | BaseException] = asyncio.Queue()
        self._streams[request_id] = stream
        self._send(seq)
        finished = False
        try:
            while not finished:
                item = await stream.get()
                while not stream.empty():  # cumulative: only the newest one matters
                    item = stream.get_nowait()
                if isinstance(item, BaseException):
                    finished = True
                    raise item
                finished = item.finished
                yield item
        finally:
            self._streams.pop(request_id, None)
            if not finished:
                self._send(_Abort(request_id))

    async def abort(self, request_id: str) -> None:
        """Stop a request and free its slot; its `generate` ends with finish_reason "abort"."""
        self._send(_Abort(request_id))

    def stats(self) -> EngineStats:
        """Running/waiting counts, token totals, and TTFT/ITL samples since the previous call."""
        return self.engine.stats()

    # ---- engine thread -------------------------------------------------------------------
    def _send(self, command: Sequence | _Abort) -> None:
        self._commands.put(command)
        self._wake.set()

    def _publish(self, request_id: str, item: RequestOutput | BaseException) -> None:
        """Hand a result to the loop; requests whose consumer is gone are dropped there."""
        def put() -> None:
            stream = self._streams.get(request_id)
            if stream is not None:
                stream.put_nowait(item)

        assert self._loop is not None
        self._loop.call_soon_threadsafe(put)

    def _drain_commands(self) -> bool:
        """Apply queued adds and aborts; False once shutdown was asked for."""
        while True:
            try:
                command = self._commands.get_nowait()
            except queue.Empty:
                return True
            if command is None:
                return False
            if isinstance(command, _Abort):
                seq = self.engine.abort(command.request_id)
                if seq is not None:
                    self._publish(seq.request_id, seq.output())
            else:
                self.engine.add(command)

    def _run(self) -> None:
        try:
            while self._drain_commands():
                if not self.engine.has_unfinished():
                    self._wake.wait()
                    self._wake.clear()
                    continue
                try:
                    changed = self.engine.step()
                except Exception as e:  # the model failed: fail the requests in flight, keep serving
                    for seq in self.engine.abort_all():
                        self._publish(seq.request_id, e)
                    continue
                for seq in changed:
                    self._publish(seq.request_id, seq.output())
        finally:
            for seq in self.engine.abort_all():
                self._publish(seq.request_id, seq.output())
