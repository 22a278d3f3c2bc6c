"""What `LLM.generate` returns, shaped like vLLM's outputs so existing client code reads it as is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


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


@dataclass
class RequestDelta:
    """What one step changed in a request: only what is new, so nothing cumulative is copied per step."""

    request_id: str
    token_ids: list[int]  # tokens new since the previous delta
    text: str  # detokenised text new since the previous delta (stop strings cut)
    logprobs: list[dict[int, Logprob]] | None  # one entry per new token, when asked for
    prompt_logprobs: list[dict[int, Logprob] | None] | None  # only in the first delta, when asked for
    num_prompt_tokens: int
    num_output_tokens: int  # total output tokens so far (for usage)
    finish_reason: str | None = None  # "stop" | "length" | "abort" | "error"
    stop_reason: int | str | None = None
    error: str | None = None  # set with finish_reason "error": the request failed, the engine lives on

    @property
    def finished(self) -> bool:
        return self.finish_reason is not None

    def merge(self, later: RequestDelta) -> RequestDelta:
        """This delta followed by `later`, as one (for a consumer that fell behind)."""
        logprobs = (
            None if self.logprobs is None and later.logprobs is None else (self.logprobs or []) + (later.logprobs or [])
        )
        return RequestDelta(
            self.request_id,
            self.token_ids + later.token_ids,
            self.text + later.text,
            logprobs,
            self.prompt_logprobs if self.prompt_logprobs is not None else later.prompt_logprobs,
            later.num_prompt_tokens,
            later.num_output_tokens,
            later.finish_reason,
            later.stop_reason,
            later.error,
        )


def logprob_dict(token_ids: list[int], logprobs: list[float], ranks: list[int],
                 decode: Callable[[int], str] | None) -> dict[int, Logprob]:
    """One position's entry; the first id is the chosen token, so it stays first in the dict."""
    return {t: Logprob(lp, r, decode(t) if decode else None)
            for t, lp, r in zip(token_ids, logprobs, ranks, strict=True)}
