"""Incremental detokenisation of one request's output, and stop strings checked on its text."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

REPLACEMENT = "\ufffd"  # what a token that ends inside a multi-byte character decodes to


class Detokenizer:
    """Grows `text` one token at a time by decoding only the tokens since the last emitted character.

    A token that ends mid-character adds nothing until the character completes. With stop strings,
    `visible_text` holds back the last `len(longest stop) - 1` characters of an unfinished request,
    so streamed text never shows the start of a stop string that is later cut off.
    """

    def __init__(self, tokenizer: PreTrainedTokenizerBase, stop: tuple[str, ...] = ()) -> None:
        self.tokenizer = tokenizer
        self.stop = stop
        self.hold = max((len(s) for s in stop), default=1) - 1
        self.ids: list[int] = []
        self.text = ""
        self._prefix = 0  # ids[_prefix:_read] are already in `text`, decoded again as context
        self._read = 0

    def _decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=True)

    def add(self, token_id: int) -> str | None:
        """Append one token; returns the stop string that now ends the text (the text is cut before it)."""
        self.ids.append(token_id)
        done = self._decode(self.ids[self._prefix:self._read])
        new = self._decode(self.ids[self._prefix:])
        if len(new) <= len(done) or new.endswith(REPLACEMENT):
            return None
        delta = new[len(done):]
        self._prefix, self._read = self._read, len(self.ids)
        self.text += delta
        return self._cut_at_stop(len(delta))

    def _cut_at_stop(self, delta_len: int) -> str | None:
        """Find the earliest stop string that overlaps the newest `delta_len` characters."""
        best: tuple[int, str] | None = None
        for s in self.stop:
            i = self.text.find(s, max(0, len(self.text) - delta_len - len(s) + 1))
            if i >= 0 and (best is None or i < best[0]):
                best = (i, s)
        if best is None:
            return None
        self.text = self.text[:best[0]]
        return best[1]

    def flush(self) -> None:
        """At the end, add what is left even if it ends mid-character (as a full decode would)."""
        if self._read < len(self.ids):
            done = self._decode(self.ids[self._prefix:self._read])
            self.text += self._decode(self.ids[self._prefix:])[len(done):]
            self._prefix = self._read = len(self.ids)

    def visible_text(self, finished: bool) -> str:
        if finished or not self.hold:
            return self.text
        return self.text[:max(0, len(self.text) - self.hold)]
