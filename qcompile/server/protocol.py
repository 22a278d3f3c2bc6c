"""OpenAI request models (validated strictly, so a wrong type is a 400, not a guess) and response shapes."""

from __future__ import annotations

import time
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from qcompile.engine.outputs import Logprob, SampleLogprobs
from qcompile.engine.sampling_params import SamplingParams
from qcompile.server.errors import APIError
from qcompile.server.tool_calls import ToolCall


class _Request(BaseModel):
    # strict: "5" is not an int; unknown fields are ignored, as OpenAI-compatible servers do
    model_config = ConfigDict(strict=True, extra="ignore")


class StreamOptions(_Request):
    include_usage: bool = False


class _Sampling(_Request):
    """The fields both endpoints share."""

    prompt_field: ClassVar[str]  # where the prompt is, for errors about its length
    model: str
    max_tokens: int | None = Field(None, ge=1)
    temperature: float | None = Field(None, ge=0, le=2)
    top_p: float | None = Field(None, gt=0, le=1)
    top_k: int | None = Field(None, ge=-1)
    seed: int | None = None
    stop: str | list[str] | None = None
    n: int = 1
    stream: bool = False
    stream_options: StreamOptions | None = None
    ignore_eos: bool = False  # vendor field (as in vLLM): generate exactly max_tokens tokens

    @property
    def requested_max_tokens(self) -> tuple[int | None, str]:
        """The output limit asked for, and the field it came from (for errors)."""
        return self.max_tokens, "max_tokens"

    @property
    def num_logprobs(self) -> int | None:
        raise NotImplementedError

    def sampling_params(self, prompt_len: int, max_model_len: int) -> SamplingParams:
        """Engine settings; `max_tokens` defaults to the rest of the context and must fit in it."""
        max_tokens, max_tokens_field = self.requested_max_tokens
        if self.n != 1:
            raise APIError(f"n={self.n} is not supported; only n=1", param="n")
        room = max_model_len - prompt_len
        if room < 1:
            raise APIError(
                f"the prompt has {prompt_len} tokens, which leaves no room in the context of {max_model_len} tokens",
                param=self.prompt_field,
                code="context_length_exceeded",
            )
        if max_tokens is not None and max_tokens > room:
            raise APIError(
                f"{max_tokens_field}={max_tokens} is too large: the prompt has {prompt_len} tokens and the "
                f"context is {max_model_len} tokens, so at most {room} can be generated",
                param=max_tokens_field,
                code="context_length_exceeded",
            )
        stop = [self.stop] if isinstance(self.stop, str) else self.stop
        if stop is not None and not all(stop):
            raise APIError("stop strings must not be empty", param="stop")
        return SamplingParams(
            temperature=1.0 if self.temperature is None else self.temperature,
            top_p=1.0 if self.top_p is None else self.top_p,
            top_k=-1 if self.top_k is None else self.top_k,
            max_tokens=room if max_tokens is None else max_tokens,
            seed=self.seed,
            logprobs=self.num_logprobs,
            stop=stop or None,
            ignore_eos=self.ignore_eos,
        )

    @property
    def include_usage(self) -> bool:
        return self.stream_options is not None and self.stream_options.include_usage


class FunctionSpec(_Request):
    name: str
    description: str | None = None
    parameters: dict[str, Any] | None = None


class ToolSpec(_Request):
    type: Literal["function"] = "function"
    function: FunctionSpec


class ChatMessage(BaseModel):
    # extra fields (name, tool_call_id, reasoning_content, ...) go through to the chat template
    model_config = ConfigDict(strict=True, extra="allow")
    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    tool_calls: list[dict[str, Any]] | None = None


class ChatCompletionRequest(_Sampling):
    prompt_field = "messages"
    messages: list[ChatMessage] = Field(min_length=1)
    max_completion_tokens: int | None = Field(None, ge=1)
    logprobs: bool = False
    top_logprobs: int | None = Field(None, ge=0, le=20)
    tools: list[ToolSpec] | None = None
    tool_choice: Literal["none", "auto"] | None = None
    chat_template_kwargs: dict[str, Any] | None = None  # vendor field, e.g. {"enable_thinking": false}

    @property
    def requested_max_tokens(self) -> tuple[int | None, str]:
        if self.max_completion_tokens is not None:
            return self.max_completion_tokens, "max_completion_tokens"
        return self.max_tokens, "max_tokens"

    @property
    def num_logprobs(self) -> int | None:
        return (self.top_logprobs or 0) if self.logprobs else None

    @property
    def parse_tools(self) -> bool:
        return bool(self.tools) and self.tool_choice != "none"


class CompletionRequest(_Sampling):
    prompt_field = "prompt"
    prompt: str | list[int] | list[str]
    logprobs: int | None = Field(None, ge=0, le=20)

    @property
    def num_logprobs(self) -> int | None:
        return self.logprobs


# ---- responses ------------------------------------------------------------------------------------


def usage(prompt_tokens: int, completion_tokens: int) -> dict[str, int]:
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }


def envelope(request_id: str, object: str, model: str, created: int | None = None) -> dict[str, Any]:
    return {"id": request_id, "object": object, "created": created or int(time.time()), "model": model}


def tool_call_json(call: ToolCall) -> dict[str, Any]:
    """One OpenAI tool call of a whole message."""
    return {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}


def _token(entry: Logprob, token_id: int) -> str:
    return entry.decoded_token if entry.decoded_token is not None else str(token_id)


def chat_logprobs(entries: SampleLogprobs, token_ids: list[int], top: int) -> dict[str, Any]:
    """OpenAI chat `logprobs`: per generated token, its logprob and the `top` most likely ones."""

    def item(token_id: int, entry: Logprob) -> dict[str, Any]:
        text = _token(entry, token_id)
        return {"token": text, "logprob": entry.logprob, "bytes": list(text.encode())}

    content = []
    for token_id, position in zip(token_ids, entries, strict=False):
        ranked = sorted(position.items(), key=lambda kv: kv[1].rank or 0)[:top]
        content.append({**item(token_id, position[token_id]), "top_logprobs": [item(t, e) for t, e in ranked]})
    return {"content": content}


def completion_logprobs(entries: SampleLogprobs, token_ids: list[int], top: int, offset: int) -> dict[str, Any]:
    """Legacy completions `logprobs`: parallel lists of tokens, logprobs, top-k dicts and text offsets."""
    tokens, lps, tops, offsets = [], [], [], []
    for token_id, position in zip(token_ids, entries, strict=False):
        text = _token(position[token_id], token_id)
        tokens.append(text)
        lps.append(position[token_id].logprob)
        ranked = sorted(position.items(), key=lambda kv: kv[1].rank or 0)[:top]
        tops.append({_token(e, t): e.logprob for t, e in ranked})
        offsets.append(offset)
        offset += len(text)
    return {"tokens": tokens, "token_logprobs": lps, "top_logprobs": tops, "text_offset": offsets}
