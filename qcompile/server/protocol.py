"""OpenAI request models (validated strictly, so a wrong type is a 400, not a guess) and response shapes."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from qcompile.engine.outputs import Logprob, PromptLogprobs, SampleLogprobs
from qcompile.engine.sampling_params import SEED_END, SEED_MIN, SamplingParams, StructuredOutputs
from qcompile.server.errors import APIError
from qcompile.server.tool_calls import ToolCall


class _Request(BaseModel):
    # strict: "5" is not an int; unknown fields are ignored, as OpenAI-compatible servers do
    model_config = ConfigDict(strict=True, extra="ignore")


# Choices per request (n) times prompts per request: each is its own engine request.
MAX_CHOICES = 32


class StreamOptions(_Request):
    include_usage: bool = False
    continuous_usage_stats: bool = False  # vendor field (as in vLLM): usage so far in every chunk


class JsonSchemaFormat(_Request):
    name: str = "response"
    description: str | None = None
    schema_: dict[str, Any] | None = Field(None, alias="schema")
    strict: bool | None = None


class StructuredOutputsField(_Request):
    """vLLM's `structured_outputs` (the newer name of its `guided_*` fields); grammars are not taken."""

    model_config = ConfigDict(strict=True, extra="forbid")
    json_: dict[str, Any] | str | None = Field(None, alias="json")
    regex: str | None = None
    choice: list[str] | None = None
    json_object: bool | None = None


class ResponseFormat(_Request):
    type: Literal["text", "json_object", "json_schema"]
    json_schema: JsonSchemaFormat | None = None


# Fields of OpenAI's or vLLM's API this server does not implement, with the values that ask for
# nothing (those pass); any other value is a 400 naming the field, never silently ignored.
UNSUPPORTED: dict[str, tuple[Any, ...]] = {
    "best_of": (None, 1),
    "suffix": (None, ""),
    "functions": (None, []),
    "function_call": (None, "none"),
    "use_beam_search": (None, False),
    "length_penalty": (None, 1, 1.0),
    "bad_words": (None, []),
    "allowed_token_ids": (None,),
    "guided_grammar": (None,),
    "truncate_prompt_tokens": (None,),
    "prediction": (None,),
    "audio": (None,),
    "modalities": (None, ["text"]),
    "chat_template": (None,),
    "include_stop_str_in_output": (None, False),
    "continue_final_message": (None, False),
    "add_generation_prompt": (None, True),
    "skip_special_tokens": (None, True),
}


class _Sampling(_Request):
    """The fields both endpoints share; unknown ones are kept aside (`model_extra`) to refuse those
    in `UNSUPPORTED`."""

    model_config = ConfigDict(strict=True, extra="allow")

    prompt_field: ClassVar[str]  # where the prompt is, for errors about its length
    model: str
    max_tokens: int | None = Field(None, ge=1)
    temperature: float | None = Field(None, ge=0, le=2)
    top_p: float | None = Field(None, gt=0, le=1)
    top_k: int | None = Field(None, ge=-1)
    min_p: float | None = Field(None, ge=0, le=1)  # vendor field (as in vLLM)
    seed: int | None = None
    stop: str | list[str] | None = None
    n: int = Field(1, ge=1, le=MAX_CHOICES)
    stream: bool = False
    stream_options: StreamOptions | None = None
    presence_penalty: float | None = Field(None, ge=-2, le=2)
    frequency_penalty: float | None = Field(None, ge=-2, le=2)
    logit_bias: dict[str, float] | None = None
    response_format: ResponseFormat | None = None
    # vendor fields (as in vLLM)
    ignore_eos: bool = False  # generate exactly max_tokens tokens
    repetition_penalty: float | None = Field(None, gt=0)
    min_tokens: int = Field(0, ge=0)
    prompt_logprobs: int | None = Field(None, ge=0, le=20)
    guided_json: dict[str, Any] | str | None = None
    guided_regex: str | None = None
    guided_choice: list[str] | None = None
    structured_outputs_: StructuredOutputsField | None = Field(None, alias="structured_outputs")
    stop_token_ids: list[int] | None = None
    # control tokens typed in user text (e.g. `<|im_start|>`) become real ones only when this is true
    allow_control_tokens: bool = False

    @property
    def requested_max_tokens(self) -> tuple[int | None, str]:
        """The output limit asked for, and the field it came from (for errors)."""
        return self.max_tokens, "max_tokens"

    @property
    def num_logprobs(self) -> int | None:
        raise NotImplementedError

    def check(self) -> None:
        """Checks across fields, before any prompt work."""
        for name, value in (self.model_extra or {}).items():
            if name in UNSUPPORTED and value not in UNSUPPORTED[name]:
                raise APIError(f"{name} is not supported by this server", param=name)
        if self.stream_options is not None and not self.stream:
            raise APIError("stream_options is only allowed with stream: true", param="stream_options")
        if self.prompt_logprobs is not None and self.stream:
            raise APIError("prompt_logprobs is not supported with stream: true", param="prompt_logprobs")
        self.structured_outputs()  # refuse conflicting constraints early

    def structured_outputs(self) -> StructuredOutputs | None:
        """The one output constraint asked for (`response_format` or vLLM's `guided_*`)."""
        given: dict[str, StructuredOutputs] = {}
        fmt = self.response_format
        if fmt is not None and fmt.type == "json_object":
            given["response_format"] = StructuredOutputs(json_object=True)
        elif fmt is not None and fmt.type == "json_schema":
            if fmt.json_schema is None or fmt.json_schema.schema_ is None:
                raise APIError("response_format.json_schema.schema is required", param="response_format")
            given["response_format"] = StructuredOutputs(json=fmt.json_schema.schema_)
        if self.guided_json is not None:
            given["guided_json"] = StructuredOutputs(json=self.guided_json)
        if self.guided_regex is not None:
            given["guided_regex"] = StructuredOutputs(regex=self.guided_regex)
        if self.guided_choice is not None:
            if not self.guided_choice or not all(self.guided_choice):
                raise APIError("guided_choice must be a list of non-empty strings", param="guided_choice")
            given["guided_choice"] = StructuredOutputs(choice=self.guided_choice)
        if self.structured_outputs_ is not None:
            so = self.structured_outputs_
            try:
                given["structured_outputs"] = StructuredOutputs(so.json_, bool(so.json_object), so.regex, so.choice)
            except ValueError as e:
                raise APIError(str(e), param="structured_outputs") from e
        given.update(self.tool_constraint())
        if len(given) > 1:
            names = sorted(given)
            raise APIError(f"{' and '.join(names)} cannot be combined: give one output constraint", param=names[1])
        return next(iter(given.values()), None)

    def tool_constraint(self) -> dict[str, StructuredOutputs]:
        """A constraint made from `tool_choice` (chat only), by the field name."""
        return {}

    def _logit_bias(self) -> dict[int, float] | None:
        if self.logit_bias is None:
            return None
        bias = {}
        for key, value in self.logit_bias.items():
            if not key.isdigit():
                raise APIError(f"logit_bias keys must be token ids, got {key!r}", param="logit_bias")
            if not -100 <= value <= 100:
                raise APIError(f"logit_bias[{key}]={value} is outside [-100, 100]", param="logit_bias")
            bias[int(key)] = value
        return bias

    def choice_seed(self, index: int) -> int | None:
        """The seed of choice `index` (n > 1): seed + index, so seeded choices differ and repeat."""
        if self.seed is None or index == 0:
            return self.seed
        return (self.seed + index - SEED_MIN) % (SEED_END - SEED_MIN) + SEED_MIN

    def sampling_params(self, prompt_len: int, max_model_len: int) -> SamplingParams:
        """Engine settings; `max_tokens` defaults to the rest of the context and must fit in it."""
        max_tokens, max_tokens_field = self.requested_max_tokens
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
        max_tokens = room if max_tokens is None else max_tokens
        if self.min_tokens > max_tokens:
            raise APIError(f"min_tokens={self.min_tokens} exceeds max_tokens={max_tokens}", param="min_tokens")
        try:
            return self._params(max_tokens, stop)
        except ValueError as e:  # the engine's own bounds (seed bits, stop strings, ...): name the field
            field = re.match(r"SamplingParams\.(\w+)", str(e))
            raise APIError(str(e), param=field.group(1) if field else None) from e

    def _params(self, max_tokens: int, stop: list[str] | None) -> SamplingParams:
        return SamplingParams(
            temperature=1.0 if self.temperature is None else self.temperature,
            top_p=1.0 if self.top_p is None else self.top_p,
            top_k=-1 if self.top_k is None else self.top_k,
            min_p=self.min_p or 0.0,
            max_tokens=max_tokens,
            seed=self.seed,
            logprobs=self.num_logprobs,
            prompt_logprobs=self.prompt_logprobs,
            stop=stop or None,
            stop_token_ids=self.stop_token_ids,
            ignore_eos=self.ignore_eos,
            presence_penalty=self.presence_penalty or 0.0,
            frequency_penalty=self.frequency_penalty or 0.0,
            repetition_penalty=1.0 if self.repetition_penalty is None else self.repetition_penalty,
            logit_bias=self._logit_bias(),
            min_tokens=self.min_tokens,
            structured_outputs=self.structured_outputs(),
        )

    @property
    def include_usage(self) -> bool:
        return self.stream_options is not None and self.stream_options.include_usage

    @property
    def continuous_usage(self) -> bool:
        return self.stream_options is not None and self.stream_options.continuous_usage_stats


class FunctionSpec(_Request):
    name: str
    description: str | None = None
    parameters: dict[str, Any] | None = None


class ToolSpec(_Request):
    type: Literal["function"] = "function"
    function: FunctionSpec


class NamedFunction(_Request):
    name: str


class NamedToolChoice(_Request):
    type: Literal["function"] = "function"
    function: NamedFunction


class ChatMessage(BaseModel):
    # extra fields (name, tool_call_id, reasoning_content, ...) go through to the chat template
    model_config = ConfigDict(strict=True, extra="allow")
    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    tool_calls: list[dict[str, Any]] | None = None

    @field_validator("content")
    @classmethod
    def _text_parts(cls, content: str | list[dict[str, Any]] | None) -> str | list[dict[str, Any]] | None:
        """The model reads text only: an image, audio or file part would be dropped or become placeholder
        tokens with nothing behind them, so it is refused, by its index and type."""
        for i, part in enumerate(content if isinstance(content, list) else ()):
            if part.get("type") != "text" or not isinstance(part.get("text"), str):
                raise ValueError(f"part {i} is {part.get('type')!r}: this model reads text parts only")
        return content


class ChatCompletionRequest(_Sampling):
    prompt_field = "messages"
    messages: list[ChatMessage] = Field(min_length=1)
    max_completion_tokens: int | None = Field(None, ge=1)
    logprobs: bool = False
    top_logprobs: int | None = Field(None, ge=0, le=20)
    tools: list[ToolSpec] | None = None
    tool_choice: Literal["none", "auto", "required"] | NamedToolChoice | None = None
    parallel_tool_calls: bool | None = None
    chat_template_kwargs: dict[str, Any] | None = None  # vendor field, e.g. {"enable_thinking": false}

    def check(self) -> None:
        super().check()
        if self.top_logprobs and not self.logprobs:
            raise APIError("top_logprobs needs logprobs: true", param="top_logprobs")

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
        """The reply is free text to parse for calls (not forced by `tool_choice`)."""
        return bool(self.tools) and self.tool_choice in (None, "auto")

    @property
    def forced_function(self) -> str | None:
        """The function a named `tool_choice` forces."""
        return self.tool_choice.function.name if isinstance(self.tool_choice, NamedToolChoice) else None

    def tool_constraint(self) -> dict[str, StructuredOutputs]:
        """`tool_choice: "required"`: a JSON array of at least one call (one with `parallel_tool_calls:
        false`) of a declared function, each `{"name": ..., "parameters": {...}}`; a named function: its
        arguments object. vLLM builds both the same way."""
        if self.tool_choice in (None, "none", "auto"):
            return {}
        if not self.tools:
            raise APIError(f"tool_choice {self.tool_choice!r} needs tools", param="tool_choice")
        schemas = {t.function.name: t.function.parameters or {"type": "object"} for t in self.tools}
        name = self.forced_function
        if name is not None:
            if name not in schemas:
                raise APIError(f"tool_choice names function {name!r}, which is not in tools", param="tool_choice")
            return {"tool_choice": StructuredOutputs(json=schemas[name])}
        call = {
            "anyOf": [
                {
                    "type": "object",
                    "properties": {"name": {"const": n}, "parameters": s},
                    "required": ["name", "parameters"],
                    "additionalProperties": False,
                }
                for n, s in schemas.items()
            ]
        }
        array: dict[str, Any] = {"type": "array", "items": call, "minItems": 1}
        if self.parallel_tool_calls is False:
            array["maxItems"] = 1
        return {"tool_choice": StructuredOutputs(json=array)}


class CompletionRequest(_Sampling):
    prompt_field = "prompt"
    prompt: str | list[int] | list[str] | list[list[int]]
    max_tokens: int | None = Field(None, ge=0)  # 0 with `echo`: the prompt alone (as vLLM answers it)
    logprobs: int | None = Field(None, ge=0, le=20)
    echo: bool = False

    def check(self) -> None:
        super().check()
        if self.max_tokens == 0 and not self.echo:
            raise APIError("max_tokens: 0 needs echo: true (then the prompt alone comes back)", param="max_tokens")

    @property
    def num_logprobs(self) -> int | None:
        return self.logprobs

    @property
    def echo_only(self) -> bool:
        """`echo` with `max_tokens: 0`: the answer is the prompt (and its logprobs), nothing generated."""
        return self.echo and self.max_tokens == 0

    def _params(self, max_tokens: int, stop: list[str] | None) -> SamplingParams:
        """With `echo_only` one token is generated and not shown (the engine makes at least one, as
        vLLM's does); with `echo` and `logprobs` the prompt's logprobs are asked for too, to echo."""
        params = super()._params(max(max_tokens, 1), stop)
        if self.echo and self.logprobs is not None and params.prompt_logprobs is None:
            params = replace(params, prompt_logprobs=self.logprobs)
        return params


class TokenizeRequest(_Request):
    """vLLM's /tokenize: a text prompt, or chat messages rendered by the chat template."""

    model: str | None = None
    prompt: str | None = None
    messages: list[ChatMessage] | None = None
    add_special_tokens: bool = True
    add_generation_prompt: bool = True
    allow_control_tokens: bool = False  # as for generation: user text's control tokens stay text
    tools: list[ToolSpec] | None = None  # with messages: rendered as the chat route renders them
    chat_template_kwargs: dict[str, Any] | None = None


class DetokenizeRequest(_Request):
    model: str | None = None
    tokens: list[int]


# ---- responses ------------------------------------------------------------------------------------


def usage(prompt_tokens: int, completion_tokens: int, cached_tokens: int = 0) -> dict[str, Any]:
    """OpenAI's usage object; `cached_tokens`: prompt tokens the prefix cache served (not prefilled)."""
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
        "prompt_tokens_details": {"cached_tokens": cached_tokens},
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


def prompt_logprobs_json(entries: PromptLogprobs | None) -> list[dict[str, dict[str, Any]] | None] | None:
    """vLLM's `prompt_logprobs`: per prompt position (None for the first), token id → its logprob,
    rank and text."""
    if entries is None:
        return None
    return [
        None
        if position is None
        else {
            str(t): {"logprob": e.logprob, "rank": e.rank, "decoded_token": e.decoded_token}
            for t, e in position.items()
        }
        for position in entries
    ]


def completion_logprobs(
    entries: PromptLogprobs, token_ids: list[int], top: int, offset: int, head: str = ""
) -> dict[str, Any]:
    """Legacy completions `logprobs`: parallel lists of tokens, logprobs, top-k dicts and text offsets.

    Each top-k dict also holds the chosen token (as vLLM's do), so `logprobs=0` gives it alone. An
    echoed prompt's first position has no entry (nothing comes before it): its logprob and top-k dict
    are null, and its token reads `head`."""
    tokens: list[str] = []
    lps: list[float | None] = []
    tops: list[dict[str, float] | None] = []
    offsets: list[int] = []
    for token_id, position in zip(token_ids, entries, strict=False):
        if position is None:
            text, logprob, top_dict = head, None, None
        else:
            text, logprob = _token(position[token_id], token_id), position[token_id].logprob
            ranked = sorted(position.items(), key=lambda kv: kv[1].rank or 0)[:top]
            top_dict = {_token(e, t): e.logprob for t, e in ranked}
            top_dict.setdefault(text, logprob)
        tokens.append(text)
        lps.append(logprob)
        tops.append(top_dict)
        offsets.append(offset)
        offset += len(text)
    return {"tokens": tokens, "token_logprobs": lps, "top_logprobs": tops, "text_offset": offsets}
