"""Incremental detokenisation of one request's output, and stop strings checked on its text."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

REPLACEMENT = "\ufffd"  # what a token that ends inside a multi-byte character decodes to


def text_decoder(tokenizer: PreTrainedTokenizerBase) -> Callable[[list[int]], str]:
    """`tokenizer.decode(ids, skip_special_tokens=True)`, as a function of `ids`.

    For a fast tokenizer that cleans up no spaces that decode is exactly its backend's (transformers
    only converts the ids and dispatches first), so the backend is called directly: the wrapper costs
    more than decoding the few tokens of a window, and a stream decodes twice per token.
    """
    backend = getattr(tokenizer, "backend_tokenizer", None)
    if backend is not None and getattr(tokenizer, "clean_up_tokenization_spaces", True) is False:
        return functools.partial(backend.decode, skip_special_tokens=True)
    return functools.partial(tokenizer.decode, skip_special_tokens=True)


class Detokenizer:
    """Turns one request's tokens into text deltas, keeping only a short window of either.

    Each token decodes the few tokens since the last emitted character (with the one before as
    context), so a token that ends mid-character adds nothing until the character completes. Text
    waits in `pending` until `take` hands it out. With stop strings, `take` holds back the last
    `len(longest stop) - 1` characters of an unfinished request, so streamed text never shows the
    start of a stop string that is later cut off, and a stop string can only start inside `pending`:
    searching that is enough.
    """

    def __init__(self, tokenizer: PreTrainedTokenizerBase, stop: tuple[str, ...] = ()) -> None:
        self._decode = text_decoder(tokenizer)
        self.stop = stop
        self.hold = max((len(s) for s in stop), default=1) - 1
        self.window: list[int] = []  # window[:read] are already in the text, decoded again as context
        self.read = 0
        self.pending = ""

    def add(self, token_id: int) -> str | None:
        """Append one token; returns the stop string that now ends the text (the text is cut before it)."""
        self.window.append(token_id)
        done = self._decode(self.window[: self.read])
        new = self._decode(self.window)
        if len(new) <= len(done) or new.endswith(REPLACEMENT):
            return None
        delta = new[len(done) :]
        self.window = self.window[self.read :]
        self.read = len(self.window)
        self.pending += delta
        return self._cut_at_stop(len(delta))

    def _cut_at_stop(self, delta_len: int) -> str | None:
        """Find the earliest stop string that overlaps the newest `delta_len` characters."""
        best: tuple[int, str] | None = None
        for s in self.stop:
            i = self.pending.find(s, max(0, len(self.pending) - delta_len - len(s) + 1))
            if i >= 0 and (best is None or i < best[0]):
                best = (i, s)
        if best is None:
            return None
        self.pending = self.pending[: best[0]]
        return best[1]

    def flush(self) -> None:
        """At the end, add what is left even if it ends mid-character (as a full decode would)."""
        if self.read < len(self.window):
            done = self._decode(self.window[: self.read])
            self.pending += self._decode(self.window)[len(done) :]
            self.window, self.read = [], 0

    def take(self, finished: bool) -> str:
        """The text that became visible since the previous `take`; all of it once `finished`."""
        keep = 0 if finished else min(self.hold, len(self.pending))
        out, self.pending = self.pending[: len(self.pending) - keep], self.pending[len(self.pending) - keep :]
        return out
