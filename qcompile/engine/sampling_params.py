"""Per-request sampling settings, with the same names and meanings as vLLM's `SamplingParams`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# Temperatures below this are treated as greedy: dividing logits by them overflows.
GREEDY_EPS = 1e-5
# Seeds `torch.Generator.manual_seed` takes: any 64-bit pattern, signed or unsigned.
SEED_MIN, SEED_END = -(2**63), 2**64
# Every generated token is checked against every stop string in the engine thread, which all requests
# share: these bound what one request can make every other one wait for.
MAX_STOP_STRINGS, MAX_STOP_CHARS = 64, 1024


# OpenAI's bounds for logit_bias values and for the presence/frequency penalties.
MAX_LOGIT_BIAS, MAX_PENALTY = 100.0, 2.0


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass(frozen=True)
class StructuredOutputs:
    """What the output must be, as in vLLM's `StructuredOutputsParams`; exactly one field is set.

    `json` is a JSON schema (a dict or its JSON text), `json_object` any JSON object, `regex` a regular
    expression the whole output matches, `choice` one of the strings given. With `reasoning` the model
    may think first: a `<think>…</think>` block (or the rest of one the prompt opened) is left free and
    the output after `</think>` is constrained (see `qcompile.engine.structured`).
    """

    json: str | Mapping[str, Any] | None = None
    json_object: bool = False
    regex: str | None = None
    choice: Sequence[str] | None = None  # stored as a tuple
    reasoning: bool = False

    def __post_init__(self) -> None:
        given = [name for name in ("json", "regex", "choice") if getattr(self, name) is not None]
        given += ["json_object"] if self.json_object is True else []
        if len(given) != 1:
            raise ValueError(f"StructuredOutputs takes exactly one of json, json_object, regex, choice; got {given}")
        if self.json is not None and not isinstance(self.json, (str, Mapping)):
            raise ValueError(f"StructuredOutputs.json must be a schema (dict or JSON text), got {self.json!r:.80}")
        if self.regex is not None and not isinstance(self.regex, str):
            raise ValueError(f"StructuredOutputs.regex must be a string, got {self.regex!r:.80}")
        if self.choice is not None:
            choice = tuple(self.choice)
            if not choice or not all(isinstance(c, str) and c for c in choice):
                raise ValueError("StructuredOutputs.choice must be a list of non-empty strings")
            object.__setattr__(self, "choice", choice)
        if not isinstance(self.reasoning, bool):
            raise ValueError(f"StructuredOutputs.reasoning must be a bool, got {self.reasoning!r:.80}")

    @property
    def kind(self) -> str:
        """The field that is set."""
        return "json_object" if self.json_object else next(n for n in ("json", "regex", "choice") if getattr(self, n))


@dataclass(frozen=True)
class SamplingParams:
    """How one request picks its tokens and when it stops.

    `top_k` of -1 or 0 disables top-k; `logprobs`/`prompt_logprobs` ask for that many top
    alternatives per position (0 = only the chosen token); `seed` gives the request its own
    random stream so its tokens do not depend on what it is batched with. `stop` strings end the
    request when they appear in the generated text, which then excludes them (as in vLLM).

    Logits processors, applied on the device before temperature and top-k/top-p (logprobs stay those
    of the model's raw logits, as vLLM reports them): `logit_bias` adds to given token ids' logits;
    `presence_penalty` subtracts once from every token already generated and `frequency_penalty` once
    per time generated (OpenAI's); `repetition_penalty` divides positive logits of tokens in the prompt
    or the output by it and multiplies negative ones (HF's and vLLM's); `min_tokens` forbids EOS and
    `stop_token_ids` until that many tokens were generated. `structured_outputs` constrains the
    output to a grammar (see `StructuredOutputs`).
    """

    temperature: float = 1.0
    top_p: float = 1.0
    min_p: float = 0.0  # drop tokens less likely than min_p times the most likely one (vLLM's)
    top_k: int = -1
    max_tokens: int = 16
    seed: int | None = None
    logprobs: int | None = None
    prompt_logprobs: int | None = None
    stop_token_ids: Sequence[int] | None = None  # stored as a tuple
    stop: Sequence[str] | None = None  # stored as a tuple
    ignore_eos: bool = False
    presence_penalty: float = 0.0
    frequency_penalty: float = 0.0
    repetition_penalty: float = 1.0
    logit_bias: Mapping[int, float] | None = None  # stored as a dict
    min_tokens: int = 0
    structured_outputs: StructuredOutputs | None = None

    def __post_init__(self) -> None:
        def bad(name: str, need: str) -> ValueError:
            return ValueError(f"SamplingParams.{name} must be {need}, got {getattr(self, name)!r}")

        if not isinstance(self.temperature, (int, float)) or not self.temperature >= 0:
            raise bad("temperature", "a number >= 0")
        if not isinstance(self.top_p, (int, float)) or not 0 < self.top_p <= 1:
            raise bad("top_p", "in (0, 1]")
        if not _is_number(self.min_p) or not 0 <= self.min_p <= 1:
            raise bad("min_p", "in [0, 1]")
        if not _is_int(self.top_k) or self.top_k < -1:
            raise bad("top_k", "an int >= 1, or -1/0 to disable")
        if not _is_int(self.max_tokens) or self.max_tokens < 1:
            raise bad("max_tokens", "an int >= 1")
        if self.seed is not None and not (_is_int(self.seed) and SEED_MIN <= self.seed < SEED_END):
            raise bad("seed", "None or an int in [-2**63, 2**64)")
        for name in ("logprobs", "prompt_logprobs"):
            value = getattr(self, name)
            if value is not None and (not _is_int(value) or value < 0):
                raise bad(name, "None or an int >= 0")
        if self.stop_token_ids is not None:
            ids = tuple(self.stop_token_ids)
            if not all(_is_int(t) and t >= 0 for t in ids):
                raise bad("stop_token_ids", "a list of token ids >= 0")
            object.__setattr__(self, "stop_token_ids", ids)
        if self.stop is not None:
            stop = (self.stop,) if isinstance(self.stop, str) else tuple(self.stop)
            if not all(isinstance(s, str) and s for s in stop):
                raise bad("stop", "a list of non-empty strings")
            if len(stop) > MAX_STOP_STRINGS or max((len(s) for s in stop), default=0) > MAX_STOP_CHARS:
                raise bad("stop", f"at most {MAX_STOP_STRINGS} strings of at most {MAX_STOP_CHARS} characters")
            object.__setattr__(self, "stop", stop)
        if not isinstance(self.ignore_eos, bool):
            raise bad("ignore_eos", "a bool")
        for name in ("presence_penalty", "frequency_penalty"):
            value = getattr(self, name)
            if not _is_number(value) or not -MAX_PENALTY <= value <= MAX_PENALTY:
                raise bad(name, f"a number in [-{MAX_PENALTY}, {MAX_PENALTY}]")
        if not _is_number(self.repetition_penalty) or not self.repetition_penalty > 0:
            raise bad("repetition_penalty", "a number > 0")
        if self.logit_bias is not None:
            bias = dict(self.logit_bias)
            if not all(_is_int(t) and t >= 0 and _is_number(b) and abs(b) <= MAX_LOGIT_BIAS for t, b in bias.items()):
                raise bad("logit_bias", f"a map of token ids >= 0 to numbers in [-{MAX_LOGIT_BIAS}, {MAX_LOGIT_BIAS}]")
            object.__setattr__(self, "logit_bias", bias or None)
        if not _is_int(self.min_tokens) or not 0 <= self.min_tokens <= self.max_tokens:
            raise bad("min_tokens", "an int in [0, max_tokens]")
        if self.structured_outputs is not None and not isinstance(self.structured_outputs, StructuredOutputs):
            raise bad("structured_outputs", "None or a StructuredOutputs")

    @property
    def greedy(self) -> bool:
        return self.temperature < GREEDY_EPS

    @property
    def top_k_enabled(self) -> bool:
        return self.top_k > 0

    @property
    def penalized(self) -> bool:
        """Whether the penalties need this request's token counts."""
        return self.presence_penalty != 0 or self.frequency_penalty != 0 or self.repetition_penalty != 1
