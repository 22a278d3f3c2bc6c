"""A resent conversation tokenized by its pieces: only the text that changed goes through the tokenizer.

An agent resends its whole conversation every turn; encoding 32k tokens of it again costs about as much
as prefilling the few thousand new ones (a warm turn's budget is 100 ms). Hugging Face's fast tokenizers
cut their input at added tokens (`<|im_start|>`, ...) before normalising or pre-tokenising, so where such
a token begins, and no other added token spans the point, the text on either side tokenizes alone
(`SplitPoints`): a prompt's tokens are its pieces' tokens, and a piece seen before is remembered by the
digest of its text (`PieceTokens`). The pieces end at every occurrence of the added tokens that begin
messages (learned from the message starts found), so each message is a piece whether or not its start
was looked for. The first prompts are checked against a whole encode, so a tokenizer
that does not split so is found and its prompts are encoded whole.
"""

from __future__ import annotations

import hashlib
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any, Protocol


class AddedTokenLike(Protocol):
    content: str
    lstrip: bool
    normalized: bool
    single_word: bool


class SplitPoints:
    """Character positions where a fast tokenizer's tokens split whatever the text around them: an added
    token matched as written (not normalised, no left strip, not single-word) begins there, and no added
    token begins before the point and ends after it (leftmost-longest matching would take that one)."""

    def __init__(self, added: Iterable[AddedTokenLike]) -> None:
        tokens = list(added)
        self.contents = {t.content for t in tokens if t.content}
        self.firm = {t.content for t in tokens if t.content and not (t.lstrip or t.normalized or t.single_word)}
        self.longest = max((len(c) for c in self.contents), default=0)
        self.first_chars = {c[0] for c in self.contents}

    def all_of(self, anchors: Iterable[str], text: str) -> set[int]:
        """Every split point of `text` where one of the added tokens `anchors` begins."""
        found = set()
        for anchor in anchors:
            at = text.find(anchor)
            while at >= 0:
                if self(text, at):
                    found.add(at)
                at = text.find(anchor, at + 1)
        return found

    @classmethod
    def of(cls, tokenizer: Any) -> SplitPoints | None:
        """The split points of a fast (Rust) tokenizer's added tokens; None for any other kind."""
        if not getattr(tokenizer, "is_fast", False):
            return None
        return cls(tokenizer.added_tokens_decoder.values())

    def starting(self, text: str, at: int) -> list[str]:
        """The added tokens that begin at `at`, shortest first."""
        return [text[at : at + n] for n in range(1, self.longest + 1) if text[at : at + n] in self.contents]

    def __call__(self, text: str, at: int) -> bool:
        starting = self.starting(text, at)
        if not starting or any(s not in self.firm for s in starting):
            return False
        for begin in range(max(0, at - self.longest + 1), at):
            if text[begin] in self.first_chars:
                ends = range(at + 1, begin + self.longest + 1)
                if any(text[begin:end] in self.contents for end in ends):
                    return False
        return True


class PieceTokens:
    """Tokens of pieces of text, by the digest of the text, LRU, at most `capacity` tokens in all."""

    def __init__(self, capacity: int = 1 << 24) -> None:
        self.capacity = capacity
        self._pieces: OrderedDict[bytes, array[int]] = OrderedDict()
        self._held = 0
        self.encoded = 0  # characters encoded so far (what the memo saves)

    def __call__(self, text: str, encode: Callable[[str], list[int]]) -> array[int]:
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        ids = self._pieces.get(key)
        if ids is not None:
            self._pieces.move_to_end(key)
            return ids
        ids = array("i", encode(text))
        self.encoded += len(text)
        self._pieces[key] = ids
        self._held += len(ids)
        while self._held > self.capacity and self._pieces:
            self._held -= len(self._pieces.popitem(last=False)[1])
        return ids
