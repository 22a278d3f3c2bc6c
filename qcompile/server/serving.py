"""The two generation endpoints: request → prompt ids and sampling params → engine → OpenAI response.

Everything that can be checked before generation is checked here or by the engine's input processor,
and refused with a 400 before a response starts. Streams end with `[DONE]`; when the client goes away
(closed stream, or a dropped connection on a non-streaming call) the request is aborted so its slot is
freed at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import inspect
import json
import logging
import uuid
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol

from fastapi import Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from qcompile.engine.async_engine import EngineDeadError
from qcompile.engine.engine import error_message
from qcompile.engine.outputs import RequestDelta
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.stats import EngineStats
from qcompile.server.errors import APIError
from qcompile.server.parsers import Parsers, Reply, ReplyParser, finish_reason
from qcompile.server.protocol import (
    ChatCompletionRequest,
    ChatMessage,
    CompletionRequest,
    chat_logprobs,
    completion_logprobs,
    envelope,
    tool_call_json,
    usage,
)
from qcompile.server.streaming import DONE, chat_deltas, reasoning_fields, sse

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

log = logging.getLogger(__name__)

# Status for a request whose client left before the answer (nginx's convention; nobody reads it).
CLIENT_CLOSED = 499


class EngineClient(Protocol):
    """What the server needs from an engine (`qcompile.engine.async_engine.AsyncEngine`, or a stub)."""

    tokenizer: PreTrainedTokenizerBase | None  # None: the checkpoint has none, only token-id prompts work
    model_name: str
    max_model_len: int
    dead: BaseException | None  # why the engine loop died; None while it lives

    def generate(
        self, request_id: str | None, prompt_token_ids: list[int], params: SamplingParams
    ) -> AsyncIterator[RequestDelta]: ...
    async def abort(self, request_id: str) -> None: ...
    def stats(self) -> EngineStats: ...
    async def start(self) -> None: ...
    async def shutdown(self) -> None: ...


class RequestFailed(RuntimeError):
    """The engine failed this request (a final delta with finish_reason "error")."""


async def _disconnected(request: Request) -> None:
    """Returns once the client has gone (the request body is already read, so only that can arrive)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


class Generation:
    """One request in the engine: the first delta (already received) and the rest of the stream."""

    def __init__(
        self,
        engine: EngineClient,
        request_id: str,
        prompt_ids: list[int],
        params: SamplingParams,
        first: RequestDelta,
        rest: AsyncIterator[RequestDelta],
    ) -> None:
        self.engine, self.request_id, self.prompt_ids, self.params = engine, request_id, prompt_ids, params
        self.first, self.rest = first, rest
        self.finished = first.finished

    async def deltas(self) -> AsyncIterator[RequestDelta]:
        """The request's deltas in order; a failed request raises `RequestFailed` after its last one."""
        delta = self.first
        yield delta
        if not self.finished:
            async for delta in self.rest:
                self.finished = delta.finished
                yield delta
        if delta.finish_reason == "error":
            raise RequestFailed(delta.error or "the request failed")

    async def cancel(self) -> None:
        """Free the request's slot if it is still generating (its client is gone)."""
        if not self.finished:
            self.finished = True
            await self.engine.abort(self.request_id)

    async def final(self, request: Request, each: Callable[[RequestDelta], None] | None = None) -> RequestDelta | None:
        """All deltas merged into one (each also handed to `each` as it arrives), or None when the client
        disconnected first (the request is then aborted)."""

        async def collect() -> RequestDelta:
            deltas = []
            async for delta in self.deltas():
                if each is not None:
                    each(delta)
                deltas.append(delta)
            return deltas[0].merge(*deltas[1:])

        task, watch = asyncio.ensure_future(collect()), asyncio.ensure_future(_disconnected(request))
        await asyncio.wait({task, watch}, return_when=asyncio.FIRST_COMPLETED)
        watch.cancel()
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            await self.cancel()
            return None
        try:
            return task.result()
        except Exception as e:  # the model failed mid-request: a 500 in the OpenAI shape, the server lives on
            log.exception("request %s failed", self.request_id)
            raise APIError(str(e), type="server_error", status=500) from e


class EventStream(StreamingResponse):
    """SSE response that ends with `[DONE]` and aborts its request however the response ends.

    On a disconnect Starlette cancels the send loop, which can leave the event generator suspended
    rather than closed; the `finally` here is the one place sure to run.
    """

    def __init__(self, gen: Generation, events: AsyncIterator[str]) -> None:
        super().__init__(
            self._body(events),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )
        self.gen = gen

    @staticmethod
    async def _body(events: AsyncIterator[str]) -> AsyncIterator[str]:
        try:
            async for event in events:
                yield event
        except Exception as e:  # the model failed after the stream started: tell the client, then end
            log.exception("stream failed")
            yield sse(APIError(str(e), type="server_error", status=500).body())
        yield DONE

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self.gen.cancel()


def _call_parameters(tokenizer: PreTrainedTokenizerBase | None) -> frozenset[str]:
    """`apply_chat_template`'s own parameters: in `chat_template_kwargs` they would not be template
    variables but switch the renderer (`chat_template` would run a user's template)."""
    if tokenizer is None:
        return frozenset()
    parameters = inspect.signature(tokenizer.apply_chat_template).parameters.values()
    return frozenset(p.name for p in parameters if p.kind is not inspect.Parameter.VAR_KEYWORD)


class Serving:
    """The endpoints' work. Template rendering and tokenization run in one worker thread of their own:
    off the event loop, so a large prompt does not stall other streams, and never two at once on the
    server's tokenizer (a Rust fast tokenizer used from two threads can fail with "Already borrowed")."""

    def __init__(self, engine: EngineClient, parsers: Parsers) -> None:
        self.engine = engine
        self.parsers = parsers
        # Its own copy: the engine thread detokenises with the original.
        self.tokenizer = copy.deepcopy(engine.tokenizer)
        self.reserved_template_kwargs = _call_parameters(self.tokenizer)
        self._prompts = ThreadPoolExecutor(1, thread_name_prefix="qcompile-prompt")

    def close(self) -> None:
        self._prompts.shutdown(wait=False, cancel_futures=True)

    async def _off_loop(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._prompts, fn, *args)

    def _need_tokenizer(self, field: str) -> PreTrainedTokenizerBase:
        if self.tokenizer is None:
            raise APIError(
                f"the checkpoint has no tokenizer, so {field} must be token ids (this one is text)", param=field
            )
        return self.tokenizer

    def models(self) -> dict[str, Any]:
        return {
            "object": "list",
            "data": [
                {
                    "id": self.engine.model_name,
                    "object": "model",
                    "created": 0,
                    "owned_by": "qcompile",
                    "max_model_len": self.engine.max_model_len,
                }
            ],
        }

    def _check_model(self, model: str) -> None:
        if model != self.engine.model_name:
            raise APIError(
                f"model {model!r} does not exist; this server serves {self.engine.model_name!r}",
                param="model",
                code="model_not_found",
            )

    async def _start(self, request_id: str, prompt_ids: list[int], params: SamplingParams) -> Generation:
        """Queue the request and wait for its first output, so that the engine's own checks still
        become a 400 rather than an error in the middle of a stream."""
        stream = self.engine.generate(request_id, prompt_ids, params)
        try:
            first = await anext(stream)
        except ValueError as e:
            raise APIError(str(e)) from e
        except EngineDeadError as e:
            raise APIError(str(e), type="server_error", code="engine_dead", status=503) from e
        return Generation(self.engine, request_id, prompt_ids, params, first, stream)

    # ---- chat ----------------------------------------------------------------------------------

    def _chat_prompt(self, body: ChatCompletionRequest) -> tuple[str, list[int]]:
        """The prompt text from the checkpoint's chat template (the request's tools passed through), and its ids.

        Only the checkpoint's template renders: a `chat_template` of the user's in `chat_template_kwargs`
        is refused (as is any other renderer switch), because a template is a program whose time and
        memory a thread cannot bound, and the checkpoint's is the one the model was trained on.
        """
        tokenizer = self._need_tokenizer("messages")
        kwargs = body.chat_template_kwargs or {}
        for key in kwargs:
            if key in self.reserved_template_kwargs:
                raise APIError(
                    f"chat_template_kwargs.{key} is not accepted: only template variables may be set "
                    "(the checkpoint's chat template is the one rendered)",
                    param="chat_template_kwargs",
                )
        messages = [_template_message(m) for m in body.messages]
        tools = [t.model_dump(exclude_none=True) for t in body.tools] if body.tools else None
        try:
            text = tokenizer.apply_chat_template(
                messages, tools=tools, add_generation_prompt=True, tokenize=False, **kwargs
            )
        except Exception as e:  # the template raised (bad messages, raise_exception, arithmetic on the input)
            raise APIError(
                f"the chat template cannot render these messages: {error_message(e)}", param="messages"
            ) from e
        return text, tokenizer.encode(text, add_special_tokens=False)

    async def chat(self, request: Request, body: ChatCompletionRequest) -> Response:
        self._check_model(body.model)
        prompt, ids = await self._off_loop(self._chat_prompt, body)
        params = body.sampling_params(len(ids), self.engine.max_model_len)
        tools = [t.model_dump() for t in body.tools] if body.parse_tools and body.tools else None
        parser = ReplyParser(self.parsers, tools, prompt)
        gen = await self._start(f"chatcmpl-{uuid.uuid4().hex}", ids, params)
        if body.stream:
            return EventStream(gen, self._chat_events(gen, parser, body))
        reply = Reply()
        final = await gen.final(request, lambda delta: reply.add(parser.feed(delta.text)))
        if final is None:
            return Response(status_code=CLIENT_CLOSED)
        reply.add(parser.finish(final.finish_reason))
        message: dict[str, Any] = {
            "role": "assistant",
            "content": reply.content or (None if reply.tool_calls else ""),
            **reasoning_fields(reply.reasoning or None),
        }
        if reply.tool_calls:
            message["tool_calls"] = [tool_call_json(call) for call in reply.tool_calls]
        logprobs = (
            None if params.logprobs is None else chat_logprobs(final.logprobs or [], final.token_ids, params.logprobs)
        )
        choice = {
            "index": 0,
            "message": message,
            "logprobs": logprobs,
            "finish_reason": finish_reason(final.finish_reason, parser),
        }
        return JSONResponse(
            {
                **envelope(gen.request_id, "chat.completion", body.model),
                "choices": [choice],
                "usage": usage(len(ids), final.num_output_tokens),
            }
        )

    async def _chat_events(
        self, gen: Generation, parser: ReplyParser, body: ChatCompletionRequest
    ) -> AsyncIterator[str]:
        head = envelope(gen.request_id, "chat.completion.chunk", body.model)

        def chunk(delta: dict[str, Any], finish: str | None = None, logprobs: Any = None) -> str:
            return sse(
                {**head, "choices": [{"index": 0, "delta": delta, "logprobs": logprobs, "finish_reason": finish}]}
            )

        yield chunk({"role": "assistant", "content": ""})
        k, last = gen.params.logprobs, gen.first
        async for last in gen.deltas():
            events = parser.feed(last.text)
            if last.finished:
                events += parser.finish(last.finish_reason)
            out = chat_deltas(events)
            logprobs = None
            if k is not None and last.token_ids:
                logprobs = chat_logprobs(last.logprobs or [], last.token_ids, k)
            if logprobs is not None and not out:
                out = [{}]
            for i, delta in enumerate(out):
                yield chunk(delta, logprobs=logprobs if i == len(out) - 1 else None)
        yield chunk({}, finish_reason(last.finish_reason, parser))
        if body.include_usage:
            yield sse({**head, "choices": [], "usage": usage(len(gen.prompt_ids), last.num_output_tokens)})

    # ---- completions ---------------------------------------------------------------------------

    def _completion_prompt(self, body: CompletionRequest) -> list[int]:
        prompt = body.prompt
        if isinstance(prompt, list) and prompt and isinstance(prompt[0], str):
            if len(prompt) != 1:
                raise APIError("only one prompt per request is supported", param="prompt")
            prompt = prompt[0]
        if isinstance(prompt, str):
            return self._need_tokenizer("prompt").encode(prompt)  # as `LLM.generate` encodes text prompts
        return list(prompt)

    async def completion(self, request: Request, body: CompletionRequest) -> Response:
        self._check_model(body.model)
        ids = await self._off_loop(self._completion_prompt, body)
        params = body.sampling_params(len(ids), self.engine.max_model_len)
        gen = await self._start(f"cmpl-{uuid.uuid4().hex}", ids, params)
        if body.stream:
            return EventStream(gen, self._completion_events(gen, body))
        final = await gen.final(request)
        if final is None:
            return Response(status_code=CLIENT_CLOSED)
        logprobs = (
            None
            if params.logprobs is None
            else completion_logprobs(final.logprobs or [], final.token_ids, params.logprobs, 0)
        )
        choice = {"index": 0, "text": final.text, "logprobs": logprobs, "finish_reason": final.finish_reason}
        return JSONResponse(
            {
                **envelope(gen.request_id, "text_completion", body.model),
                "choices": [choice],
                "usage": usage(len(ids), final.num_output_tokens),
            }
        )

    async def _completion_events(self, gen: Generation, body: CompletionRequest) -> AsyncIterator[str]:
        head = envelope(gen.request_id, "text_completion", body.model)
        offset, k, last = 0, gen.params.logprobs, gen.first
        async for last in gen.deltas():
            logprobs = None
            if k is not None and last.token_ids:
                logprobs = completion_logprobs(last.logprobs or [], last.token_ids, k, offset)
            offset += len(last.text)
            if last.text or logprobs or last.finished:
                yield sse(
                    {
                        **head,
                        "choices": [
                            {"index": 0, "text": last.text, "logprobs": logprobs, "finish_reason": last.finish_reason}
                        ],
                    }
                )
        if body.include_usage:
            yield sse({**head, "choices": [], "usage": usage(len(gen.prompt_ids), last.num_output_tokens)})


def _template_message(message: ChatMessage) -> dict[str, Any]:
    """A message as the chat template wants it: tool-call arguments as a mapping, not a JSON string, and
    an assistant's `reasoning` (the field's newer name, as this server also sends it) as `reasoning_content`."""
    out = message.model_dump(exclude_none=True)
    if "reasoning" in out:
        out.setdefault("reasoning_content", out.pop("reasoning"))
    for call in out.get("tool_calls", []):
        fn = call.get("function", {})
        if isinstance(fn.get("arguments"), str):
            with contextlib.suppress(json.JSONDecodeError):
                fn["arguments"] = json.loads(fn["arguments"])
    return out
