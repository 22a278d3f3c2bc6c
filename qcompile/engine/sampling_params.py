"""Per-request sampling settings, with the same names and meanings as vLLM's `SamplingParams`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# Temperatures below this are treated as greedy: dividing logits by them overflows.
GREEDY_EPS = 1e-5
# Seeds `torch.Generator.manual_seed` takes: any 64-bit pattern, signed or unsigned.
SEED_MIN, SEED_END = -(2**63), 2**64
# Every generated token is checked against every stop string in the engine thread, which all requests
# share: these bound what one request can make every other one wait for.
MAX_STOP_STRINGS, MAX_STOP_CHARS = 64, 1024


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class SamplingParams:
    """How one request picks its tokens and when it stops.

    `top_k` of -1 or 0 disables top-k; `logprobs`/`prompt_logprobs` ask for that many top
    alternatives per position (0 = only the chosen token); `seed` gives the request its own
    random stream so its tokens do not depend on what it is batched with. `stop` strings end the
    request when they appear in the generated text, which then excludes them (as in vLLM).
    """

    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = -1
    max_tokens: int = 16
    seed: int | None = None
    logprobs: int | None = None
    prompt_logprobs: int | None = None
    stop_token_ids: Sequence[int] | None = None  # stored as a tuple
    stop: Sequence[str] | None = None  # stored as a tuple
    ignore_eos: bool = False

    def __post_init__(self) -> None:
        def bad(name: str, need: str) -> ValueError:
            return ValueError(f"SamplingParams.{name} must be {need}, got {getattr(self, name)!r}")

        if not isinstance(self.temperature, (int, float)) or not self.temperature >= 0:
            raise bad("temperature", "a number >= 0")
        if not isinstance(self.top_p, (int, float)) or not 0 < self.top_p <= 1:
            raise bad("top_p", "in (0, 1]")
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

    @property
    def greedy(self) -> bool:
        return self.temperature < GREEDY_EPS

    @property
    def top_k_enabled(self) -> bool:
        return self.top_k > 0
