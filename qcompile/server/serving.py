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
import time
import uuid
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from fastapi import Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from qcompile.engine.async_engine import EngineDeadError
from qcompile.engine.chat_boundaries import StartFinder
from qcompile.engine.outputs import RequestDelta, error_message
from qcompile.engine.prompt_pieces import SplitPoints
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.stats import EngineStats
from qcompile.engine.structured import think_tokens
from qcompile.server.control_tokens import Shield, control_tokens
from qcompile.server.errors import APIError
from qcompile.server.parsers import ForcedCalls, Parsers, Reply, ReplyParser, finish_reason
from qcompile.server.protocol import (
    MAX_CHOICES,
    ChatCompletionRequest,
    ChatMessage,
    CompletionRequest,
    DetokenizeRequest,
    TokenizeRequest,
    chat_logprobs,
    completion_logprobs,
    envelope,
    prompt_logprobs_json,
    tool_call_json,
    usage,
)
from qcompile.server.streaming import DONE, chat_deltas, reasoning_fields, sse

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

log = logging.getLogger(__name__)
# One line per engine request when it ends: id, tokens in and out, seconds, finish reason.
access_log = logging.getLogger("qcompile.access")

# Status for a request whose client left before the answer (nginx's convention; nobody reads it).
CLIENT_CLOSED = 499


class EngineClient(Protocol):
    """What the server needs from an engine (`qcompile.engine.async_engine.AsyncEngine`, or a stub)."""

    tokenizer: PreTrainedTokenizerBase | None  # None: the checkpoint has none, only token-id prompts work
    model_name: str
    max_model_len: int
    dead: BaseException | None  # why the engine loop died; None while it lives

    def generate(
        self,
        request_id: str | None,
        prompt_token_ids: list[int],
        params: SamplingParams,
        message_starts: list[int] | None = None,
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
        started: float,
    ) -> None:
        self.engine, self.request_id, self.prompt_ids, self.params = engine, request_id, prompt_ids, params
        self.first, self.rest = first, rest
        self.started = started  # time.monotonic() when it was sent to the engine
        # counted from the first delta on, so a request that ends on it logs the tokens it made
        self.num_output_tokens = first.num_output_tokens
        self.finished = first.finished
        if self.finished:
            self._log(first.finish_reason)

    def _log(self, finish_reason: str | None) -> None:
        access_log.info(
            "%s prompt_tokens=%d output_tokens=%d seconds=%.3f finish_reason=%s",
            self.request_id,
            len(self.prompt_ids),
            self.num_output_tokens,
            time.monotonic() - self.started,
            finish_reason,
        )

    async def deltas(self) -> AsyncIterator[RequestDelta]:
        """The request's deltas in order; a failed request raises `RequestFailed` after its last one."""
        delta = self.first
        yield delta
        if not self.finished:
            async for delta in self.rest:
                self.num_output_tokens = delta.num_output_tokens
                self.finished = delta.finished
                if self.finished:
                    self._log(delta.finish_reason)
                yield delta
        if delta.finish_reason == "error":
            raise RequestFailed(delta.error or "the request failed")

    async def cancel(self) -> None:
        """Free the request's slot if it is still generating (its client is gone)."""
        if not self.finished:
            self.finished = True
            self._log("abort")
            await self.engine.abort(self.request_id)


async def finals(
    request: Request, gens: list[Generation], each: Callable[[int, RequestDelta], None] | None = None
) -> list[RequestDelta] | None:
    """Each generation's deltas merged into one (each delta also handed to `each` with the generation's
    index as it arrives), or None when the client disconnected first (then every one is aborted)."""

    async def collect(i: int, gen: Generation) -> RequestDelta:
        deltas = []
        async for delta in gen.deltas():
            if each is not None:
                each(i, delta)
            deltas.append(delta)
        return deltas[0].merge(*deltas[1:])

    task = asyncio.ensure_future(asyncio.gather(*(collect(i, g) for i, g in enumerate(gens))))
    watch = asyncio.ensure_future(_disconnected(request))
    await asyncio.wait({task, watch}, return_when=asyncio.FIRST_COMPLETED)
    watch.cancel()
    if not task.done():
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        for gen in gens:
            await gen.cancel()
        return None
    try:
        return list(task.result())
    except Exception as e:  # the model failed mid-request: a 500 in the OpenAI shape, the server lives on
        log.exception("request %s failed", gens[0].request_id)
        for gen in gens:
            await gen.cancel()
        raise APIError(str(e), type="server_error", status=500) from e


async def interleaved(gens: list[Generation]) -> AsyncIterator[tuple[int, RequestDelta]]:
    """The deltas of several generations as they arrive, each with its generation's index; a failure
    of any one raises here (after the deltas before it)."""
    if len(gens) == 1:
        async for delta in gens[0].deltas():
            yield 0, delta
        return
    queue: asyncio.Queue[tuple[int, RequestDelta] | Exception | None] = asyncio.Queue()

    async def pump(i: int, gen: Generation) -> None:
        try:
            async for delta in gen.deltas():
                queue.put_nowait((i, delta))
        except Exception as e:
            queue.put_nowait(e)
        queue.put_nowait(None)

    tasks = [asyncio.ensure_future(pump(i, g)) for i, g in enumerate(gens)]
    try:
        running = len(gens)
        while running:
            item = await queue.get()
            if item is None:
                running -= 1
            elif isinstance(item, Exception):
                raise item
            else:
                yield item
    finally:
        for task in tasks:
            task.cancel()


class EventStream(StreamingResponse):
    """SSE response that ends with `[DONE]` and aborts its requests however the response ends.

    On a disconnect Starlette cancels the send loop, which can leave the event generator suspended
    rather than closed; the `finally` here is the one place sure to run.
    """

    def __init__(self, gens: list[Generation], events: AsyncIterator[str]) -> None:
        super().__init__(
            self._body(events),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )
        self.gens = gens

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
            for gen in self.gens:
                await gen.cancel()


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
        self.control_tokens = () if self.tokenizer is None else control_tokens(self.tokenizer)
        # a structured chat reply may reason before its constrained output when the reasoning parser
        # reads it and the engine can see where reasoning ends (`StructuredOutputs.reasoning`)
        self.reasoning_first = (
            parsers.reasoning is not None and self.tokenizer is not None and think_tokens(self.tokenizer) is not None
        )
        self._prompts = ThreadPoolExecutor(1, thread_name_prefix="qcompile-prompt")
        self.start_finder = StartFinder(split_points=SplitPoints.of(self.tokenizer))  # used from that thread only

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
        return {"object": "list", "data": [self.model(self.engine.model_name)]}

    def model(self, model_id: str) -> dict[str, Any]:
        self._check_model(model_id)
        return {
            "id": self.engine.model_name,
            "object": "model",
            "created": 0,
            "owned_by": "qcompile",
            "max_model_len": self.engine.max_model_len,
        }

    # ---- tokens --------------------------------------------------------------------------------

    def _tokenize(self, body: TokenizeRequest) -> list[int]:
        if (body.prompt is None) == (body.messages is None):
            raise APIError("give exactly one of prompt and messages", param="prompt")
        if body.prompt is not None:
            for name in ("tools", "chat_template_kwargs"):
                if getattr(body, name) is not None:
                    raise APIError(f"{name} goes with messages, not with prompt", param=name)
            return self._need_tokenizer("prompt").encode(
                body.prompt,
                add_special_tokens=body.add_special_tokens,
                split_special_tokens=not body.allow_control_tokens,
            )
        return self._chat_prompt(body).ids

    async def tokenize(self, body: TokenizeRequest) -> dict[str, Any]:
        if body.model is not None:
            self._check_model(body.model)
        ids = await self._off_loop(self._tokenize, body)
        return {"count": len(ids), "max_model_len": self.engine.max_model_len, "tokens": ids}

    async def detokenize(self, body: DetokenizeRequest) -> dict[str, Any]:
        if body.model is not None:
            self._check_model(body.model)
        tokenizer = self._need_tokenizer("tokens")
        bad = [t for t in body.tokens if not 0 <= t < len(tokenizer)]
        if bad:
            raise APIError(f"tokens holds {bad[0]}, which is not a token id of this tokenizer", param="tokens")
        return {"prompt": await self._off_loop(tokenizer.decode, body.tokens)}

    def _check_model(self, model: str) -> None:
        if model != self.engine.model_name:
            raise APIError(
                f"model {model!r} does not exist; this server serves {self.engine.model_name!r}",
                param="model",
                code="model_not_found",
                status=404,
            )

    async def _start(
        self, request_id: str, prompt_ids: list[int], params: SamplingParams, message_starts: list[int]
    ) -> Generation:
        """Queue the request and wait for its first output, so that the engine's own checks still
        become a 400 rather than an error in the middle of a stream."""
        started = time.monotonic()
        stream = self.engine.generate(request_id, prompt_ids, params, message_starts)
        try:
            first = await anext(stream)
        except ValueError as e:
            raise APIError(str(e)) from e
        except EngineDeadError as e:
            raise APIError(str(e), type="server_error", code="engine_dead", status=503) from e
        return Generation(self.engine, request_id, prompt_ids, params, first, stream, started)

    async def _start_all(
        self,
        request_id: str,
        body: ChatCompletionRequest | CompletionRequest,
        prompts: list[tuple[list[int], list[int]]],
        reasoning: bool = False,
    ) -> list[Generation]:
        """One engine request per prompt (its ids and message starts) and choice (choice index
        `p * n + i`), all queued at once; if any is refused, the others are aborted and the refusal is
        the answer. With `reasoning` a structured output may follow the model's reasoning."""
        jobs = []
        for ids, starts in prompts:
            params = body.sampling_params(len(ids), self.engine.max_model_len)
            if reasoning and params.structured_outputs is not None:
                params = replace(params, structured_outputs=replace(params.structured_outputs, reasoning=True))
            for i in range(body.n):
                jobs.append((f"{request_id}-{len(jobs)}", ids, replace(params, seed=body.choice_seed(i)), starts))
        started = await asyncio.gather(*(self._start(*job) for job in jobs), return_exceptions=True)
        gens = [g for g in started if isinstance(g, Generation)]
        failed = [e for e in started if not isinstance(e, Generation)]
        if failed:
            for gen in gens:
                await gen.cancel()
            raise failed[0]
        return gens

    # ---- chat ----------------------------------------------------------------------------------

    def _chat_prompt(self, body: ChatCompletionRequest | TokenizeRequest, starts: bool = False) -> ChatPrompt:
        """The prompt text from the checkpoint's chat template (the request's tools passed through), its
        ids, and with `starts` its message starts: the chat route's prompt, and what /tokenize counts
        for the same messages.

        Only the checkpoint's template renders: a `chat_template` of the user's in `chat_template_kwargs`
        is refused (as is any other renderer switch), because a template is a program whose time and
        memory a thread cannot bound, and the checkpoint's is the one the model was trained on.
        """
        kwargs = body.chat_template_kwargs or {}
        for key in kwargs:
            if key in self.reserved_template_kwargs:
                raise APIError(
                    f"chat_template_kwargs.{key} is not accepted: only template variables may be set "
                    "(the checkpoint's chat template is the one rendered)",
                    param="chat_template_kwargs",
                )
        tools = [t.model_dump(exclude_none=True) for t in body.tools] if body.tools else None
        add_generation_prompt = body.add_generation_prompt if isinstance(body, TokenizeRequest) else True
        return self._render(
            body.messages or [], tools, body.allow_control_tokens, add_generation_prompt, kwargs, starts
        )

    def _render(
        self,
        messages: list[ChatMessage],
        tools: list[dict[str, Any]] | None,
        allow_control_tokens: bool,
        add_generation_prompt: bool,
        kwargs: dict[str, Any],
        starts: bool,
    ) -> ChatPrompt:
        """Messages rendered by the checkpoint's chat template, the ids (control tokens the user typed
        kept as text unless allowed; see `control_tokens`), and with `starts` where each message and the
        generation prompt begin (`chat_boundaries`; empty without)."""
        tokenizer = self._need_tokenizer("messages")
        shield = Shield(tokenizer, () if allow_control_tokens else self.control_tokens)
        hidden, hidden_tools = shield.hide([_template_message(m) for m in messages]), shield.hide(tools)

        def render(conversation: list[dict[str, Any]], generation_prompt: bool) -> str:
            return tokenizer.apply_chat_template(
                conversation, tools=hidden_tools, add_generation_prompt=generation_prompt, tokenize=False, **kwargs
            )

        try:
            text = render(hidden, add_generation_prompt)
        except Exception as e:  # the template raised (bad messages, raise_exception, arithmetic on the input)
            raise APIError(
                f"the chat template cannot render these messages: {error_message(e)}", param="messages"
            ) from e
        if not starts:
            return ChatPrompt(text, shield.encode(text), [])
        # sentinels differ between requests, so a prompt that has any is not remembered
        context = None if shield.used else {"tools": tools, "kwargs": kwargs}
        return ChatPrompt(text, *self.start_finder.tokenize(hidden, render, text, shield.encode, context))

    def _reply_parser(self, body: ChatCompletionRequest, prompt: str) -> ReplyParser:
        """How a choice's reply is read: reasoning parsed out, then calls forced by `tool_choice`,
        constrained text as it is, or (with tools) tool calls parsed out of free text."""
        if body.tool_choice == "required" or body.forced_function is not None:
            return ReplyParser(self.parsers, None, prompt, forced=ForcedCalls(body.forced_function))
        if body.structured_outputs() is not None:
            return ReplyParser(self.parsers, None, prompt)
        tools = [t.model_dump() for t in body.tools] if body.parse_tools and body.tools else None
        return ReplyParser(self.parsers, tools, prompt, 1 if body.parallel_tool_calls is False else None)

    async def chat(self, request: Request, body: ChatCompletionRequest) -> Response:
        self._check_model(body.model)
        body.check()
        prompt, ids, starts = await self._off_loop(self._chat_prompt, body, True)
        request_id = f"chatcmpl-{uuid.uuid4().hex}"
        gens = await self._start_all(request_id, body, [(ids, starts)], reasoning=self.reasoning_first)
        parsers = [self._reply_parser(body, prompt) for _ in gens]
        if body.stream:
            return EventStream(gens, self._chat_events(request_id, gens, parsers, body, len(ids)))
        replies = [Reply() for _ in gens]
        done = await finals(request, gens, lambda i, delta: replies[i].add(parsers[i].feed(delta.text)))
        if done is None:
            return Response(status_code=CLIENT_CLOSED)
        choices = []
        for i, (final, parser, reply) in enumerate(zip(done, parsers, replies, strict=True)):
            reply.add(parser.finish(final.finish_reason))
            message: dict[str, Any] = {
                "role": "assistant",
                "content": reply.content or (None if reply.tool_calls else ""),
                **reasoning_fields(reply.reasoning or None),
            }
            if reply.tool_calls:
                message["tool_calls"] = [tool_call_json(call) for call in reply.tool_calls]
            k = body.num_logprobs
            choices.append(
                {
                    "index": i,
                    "message": message,
                    "logprobs": None if k is None else chat_logprobs(final.logprobs or [], final.token_ids, k),
                    "finish_reason": finish_reason(final.finish_reason, parser),
                    "stop_reason": final.stop_reason,
                }
            )
        response = {
            **envelope(request_id, "chat.completion", body.model),
            "choices": choices,
            "usage": usage(len(ids), sum(f.num_output_tokens for f in done), done[0].num_cached_tokens),
        }
        if body.prompt_logprobs is not None:
            response["prompt_logprobs"] = prompt_logprobs_json(done[0].prompt_logprobs)
        return JSONResponse(response)

    async def _chat_events(
        self,
        request_id: str,
        gens: list[Generation],
        parsers: list[ReplyParser],
        body: ChatCompletionRequest,
        prompt_len: int,
    ) -> AsyncIterator[str]:
        head = envelope(request_id, "chat.completion.chunk", body.model)
        generated = [0] * len(gens)
        cached = [0] * len(gens)

        def chunk(i: int, delta: dict[str, Any], logprobs: Any = None, final: RequestDelta | None = None) -> str:
            choice = {"index": i, "delta": delta, "logprobs": logprobs, "finish_reason": None}
            if final is not None:
                choice.update(
                    finish_reason=finish_reason(final.finish_reason, parsers[i]), stop_reason=final.stop_reason
                )
            payload = {**head, "choices": [choice]}
            if body.continuous_usage:
                payload["usage"] = usage(prompt_len, sum(generated), cached[0])
            return sse(payload)

        for i in range(len(gens)):
            yield chunk(i, {"role": "assistant", "content": ""})
        k = body.num_logprobs
        async for i, last in interleaved(gens):
            generated[i], cached[i] = last.num_output_tokens, last.num_cached_tokens
            events = parsers[i].feed(last.text)
            if last.finished:
                events += parsers[i].finish(last.finish_reason)
            out = chat_deltas(events)
            logprobs = None
            if k is not None and last.token_ids:
                logprobs = chat_logprobs(last.logprobs or [], last.token_ids, k)
            if logprobs is not None and not out:
                out = [{}]
            for j, delta in enumerate(out):
                yield chunk(i, delta, logprobs=logprobs if j == len(out) - 1 else None)
            if last.finished:
                yield chunk(i, {}, final=last)
        if body.include_usage:
            yield sse({**head, "choices": [], "usage": usage(prompt_len, sum(generated), cached[0])})

    # ---- completions ---------------------------------------------------------------------------

    def _completion_prompts(self, body: CompletionRequest) -> list[CompletionPrompt]:
        """Each prompt: one, or a batch of them."""
        prompt = body.prompt
        batch = [prompt] if isinstance(prompt, str) or not prompt or isinstance(prompt[0], int) else list(prompt)
        if len(batch) * body.n > MAX_CHOICES:
            raise APIError(
                f"{len(batch)} prompts x n={body.n} choices exceed {MAX_CHOICES} per request", param="prompt"
            )
        out = []
        for p in batch:
            if isinstance(p, str):
                # as `LLM.generate` encodes text, but control tokens stay text unless allowed
                ids = self._need_tokenizer("prompt").encode(p, split_special_tokens=not body.allow_control_tokens)
                text = p
            else:
                ids = list(p)  # type: ignore[arg-type]
                text = self.tokenizer.decode(ids) if body.echo and self.tokenizer is not None else ""
            out.append(CompletionPrompt(text, ids, self._head(ids) if body.echo else ""))
        return out

    def _head(self, ids: list[int]) -> str:
        """The first token's text (in the prompt thread, the tokenizer's only user)."""
        if not ids:
            return ""
        return str(ids[0]) if self.tokenizer is None else self.tokenizer.decode(ids[:1])

    async def completion(self, request: Request, body: CompletionRequest) -> Response:
        self._check_model(body.model)
        body.check()
        prompts = await self._off_loop(self._completion_prompts, body)
        request_id = f"cmpl-{uuid.uuid4().hex}"
        gens = await self._start_all(request_id, body, [(p.ids, []) for p in prompts])
        choices = [CompletionChoice(body, prompts[k // body.n]) for k in range(len(gens))]
        prompt_tokens = sum(len(p.ids) for p in prompts)
        if body.stream:
            return EventStream(gens, self._completion_events(request_id, gens, body, choices, prompt_tokens))
        done = await finals(request, gens)
        if done is None:
            return Response(status_code=CLIENT_CLOSED)
        out = []
        for i, (final, choice) in enumerate(zip(done, choices, strict=True)):
            text, logprobs = choice.piece(final, whole=True)
            item = {
                "index": i,
                "text": text,
                "logprobs": logprobs,
                "finish_reason": final.finish_reason,
                "stop_reason": final.stop_reason,
            }
            if body.prompt_logprobs is not None:
                item["prompt_logprobs"] = prompt_logprobs_json(final.prompt_logprobs)
            out.append(item)
        return JSONResponse(
            {
                **envelope(request_id, "text_completion", body.model),
                "choices": out,
                "usage": usage(
                    prompt_tokens,
                    sum(f.num_output_tokens for f in done),
                    prompt_cached(body, [f.num_cached_tokens for f in done]),
                ),
            }
        )

    async def _completion_events(
        self,
        request_id: str,
        gens: list[Generation],
        body: CompletionRequest,
        choices: list[CompletionChoice],
        prompt_tokens: int,
    ) -> AsyncIterator[str]:
        head = envelope(request_id, "text_completion", body.model)
        generated = [0] * len(gens)
        cached = [0] * len(gens)
        async for i, last in interleaved(gens):
            generated[i], cached[i] = last.num_output_tokens, last.num_cached_tokens
            text, logprobs = choices[i].piece(last)
            if text or logprobs or last.finished:
                choice = {"index": i, "text": text, "logprobs": logprobs, "finish_reason": last.finish_reason}
                if last.finished:
                    choice["stop_reason"] = last.stop_reason
                payload: dict[str, Any] = {**head, "choices": [choice]}
                if body.continuous_usage:
                    payload["usage"] = usage(prompt_tokens, sum(generated), prompt_cached(body, cached))
                yield sse(payload)
        if body.include_usage:
            yield sse(
                {**head, "choices": [], "usage": usage(prompt_tokens, sum(generated), prompt_cached(body, cached))}
            )


def prompt_cached(body: CompletionRequest, cached: list[int]) -> int:
    """Cached prompt tokens of a completion's prompts: each prompt's first choice's (its `n` choices
    share the prompt, which usage counts once)."""
    return sum(cached[:: body.n])


class ChatPrompt(NamedTuple):
    text: str
    ids: list[int]
    message_starts: list[int]  # `Sequence.message_starts`: where prefix caching checkpoints


class CompletionPrompt(NamedTuple):
    text: str  # what `echo` repeats
    ids: list[int]
    head: str  # the first token's text, for echoed logprobs (its position has no entry)


class CompletionChoice:
    """What one completion choice shows of its deltas, in order: with `echo` the prompt (its text, and
    its logprobs when asked for) before the first generated piece, as vLLM answers; with `max_tokens: 0`
    the prompt alone. Usage still counts every token the engine made (as vLLM's does)."""

    def __init__(self, body: CompletionRequest, prompt: CompletionPrompt) -> None:
        self.prompt = prompt if body.echo else None
        self.shows_output = not body.echo_only
        self.top = body.num_logprobs
        self.offset = 0  # where the next piece's text starts in the whole choice's text

    def piece(self, delta: RequestDelta, whole: bool = False) -> tuple[str, dict[str, Any] | None]:
        """The text and `logprobs` this delta adds to the choice; `logprobs` is None when not asked for,
        and, unless the delta is the `whole` reply, when it adds no token."""
        text, ids, entries = "", [], []
        if self.shows_output:
            text, ids, entries = delta.text, delta.token_ids, list(delta.logprobs or [])
        head = ""
        if self.prompt is not None:  # the first delta: the prompt comes first
            text, ids, head = self.prompt.text + text, self.prompt.ids + ids, self.prompt.head
            entries = list(delta.prompt_logprobs or []) + entries
            self.prompt = None
        logprobs = None
        if self.top is not None and (ids or whole):
            logprobs = completion_logprobs(entries, ids, self.top, self.offset, head)
        self.offset += len(text)
        return text, logprobs


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
