"""What the engine hands out: per-step `RequestDelta`s, and vLLM-shaped cumulative `RequestOutput`s.

The step loop only ever produces deltas (what is new since the request's previous delta), so a
long generation costs the same per step as a short one. `LLM.generate` folds a request's deltas into
one `RequestOutput` at the end (`OutputBuilder`); a streaming consumer that falls behind merges the
deltas it has not read (`RequestDelta.merge`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


def error_message(e: BaseException) -> str:
    """How a failure reads in a request's final delta."""
    return f"{type(e).__name__}: {e}"


@dataclass
class Logprob:
    """Log-probability of one token at one position, with its 1-based rank in the vocabulary."""

    logprob: float
    rank: int | None = None
    decoded_token: str | None = None


# One dict per position: the top-k alternatives plus the token actually chosen (or given).
SampleLogprobs = list[dict[int, Logprob]]
# The first prompt position has nothing before it, so its entry is None.
PromptLogprobs = list[dict[int, Logprob] | None]


@dataclass
class RequestDelta:
    """One request's change in one step (or in several merged steps): nothing in it is cumulative
    except the counters, so building and sending it costs what is new, not what came before."""

    request_id: str
    token_ids: list[int]  # tokens new since the previous delta
    text: str  # detokenised text new since the previous delta (stop strings cut)
    logprobs: SampleLogprobs | None  # one entry per new token, when asked for
    prompt_logprobs: PromptLogprobs | None  # only in the request's first delta, when asked for
    num_prompt_tokens: int
    num_output_tokens: int  # output tokens so far, this delta's included
    finish_reason: str | None = None  # "stop" | "length" | "abort" | "error"
    stop_reason: int | str | None = None  # the stop token id or stop string that ended it; None for EOS
    error: str | None = None  # set with finish_reason "error": this request failed, the engine lives on
    num_cached_tokens: int = 0  # prompt tokens its admission found in the prefix cache (not prefilled)

    @property
    def finished(self) -> bool:
        return self.finish_reason is not None

    def merge(self, *later: RequestDelta) -> RequestDelta:
        """This delta followed by `later` ones of the same request, as one (for a consumer that lagged).

        All are concatenated in one pass, so merging k queued deltas costs their total size.
        """
        parts = (self, *later)
        for d in later:
            if d.request_id != self.request_id:
                raise ValueError(f"cannot merge deltas of requests {self.request_id!r} and {d.request_id!r}")
        logprobs = None
        if any(d.logprobs is not None for d in parts):
            logprobs = [e for d in parts for e in d.logprobs or ()]
        last = parts[-1]
        return RequestDelta(
            self.request_id,
            [t for d in parts for t in d.token_ids],
            "".join(d.text for d in parts),
            logprobs,
            next((d.prompt_logprobs for d in parts if d.prompt_logprobs is not None), None),
            self.num_prompt_tokens,
            last.num_output_tokens,
            last.finish_reason,
            last.stop_reason,
            last.error,
            last.num_cached_tokens,
        )


@dataclass
class CompletionOutput:
    index: int
    text: str
    token_ids: list[int]
    logprobs: SampleLogprobs | None
    finish_reason: str | None  # "stop" (EOS, stop token or stop string), "length" (max_tokens) or "abort"
    stop_reason: int | str | None = None  # the stop token id or stop string that ended it; None for EOS


@dataclass
class RequestOutput:
    request_id: str
    prompt: str | None
    prompt_token_ids: list[int]
    prompt_logprobs: PromptLogprobs | None
    outputs: list[CompletionOutput]
    finished: bool = True
    num_cached_tokens: int = 0  # prompt tokens found in the prefix cache (vLLM's `RequestOutput.num_cached_tokens`)


@dataclass
class OutputBuilder:
    """Folds one request's deltas into its cumulative `RequestOutput` (appends only; built once).

    `logprobs` starts as [] for a request that asked for them, so it is a list even with no tokens.
    """

    request_id: str
    prompt: str | None
    prompt_token_ids: list[int]
    token_ids: list[int] = field(default_factory=list)
    text_parts: list[str] = field(default_factory=list)
    logprobs: SampleLogprobs | None = None
    prompt_logprobs: PromptLogprobs | None = None
    last: RequestDelta | None = None

    def add(self, delta: RequestDelta) -> None:
        self.token_ids += delta.token_ids
        self.text_parts.append(delta.text)
        if delta.logprobs is not None:
            if self.logprobs is None:
                self.logprobs = []
            self.logprobs += delta.logprobs
        if delta.prompt_logprobs is not None:
            self.prompt_logprobs = delta.prompt_logprobs
        self.last = delta

    def build(self) -> RequestOutput:
        last = self.last
        completion = CompletionOutput(
            0,
            "".join(self.text_parts),
            self.token_ids,
            self.logprobs,
            None if last is None else last.finish_reason,
            None if last is None else last.stop_reason,
        )
        return RequestOutput(
            self.request_id,
            self.prompt,
            self.prompt_token_ids,
            self.prompt_logprobs,
            [completion],
            finished=last is not None and last.finished,
            num_cached_tokens=0 if last is None else last.num_cached_tokens,
        )


def logprob_dict(
    token_ids: list[int], logprobs: list[float], ranks: list[int], decode: Callable[[int], str] | None
) -> dict[int, Logprob]:
    """One position's entry; the first id is the chosen token, so it stays first in the dict."""
    return {
        t: Logprob(lp, r, decode(t) if decode else None) for t, lp, r in zip(token_ids, logprobs, ranks, strict=True)
    }
