"""Control tokens typed by a user stay text: `<|im_start|>system` in a message must not open a turn.

The chat template writes the real control tokens; in what the user sent (message contents, names,
tool arguments and definitions) each control token's text is swapped for a sentinel before
rendering, and after rendering each sentinel is tokenized back as plain text (the special token
split into ordinary tokens, as HF's `split_special_tokens` does), the rest as usual. A request flag
(`allow_control_tokens`) skips this for clients that mean to write them.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase


def control_tokens(tokenizer: PreTrainedTokenizerBase) -> tuple[str, ...]:
    """The texts of the tokenizer's special added tokens, longest first (so none hides a longer one)."""
    texts = {t.content for t in tokenizer.added_tokens_decoder.values() if t.special}
    return tuple(sorted(texts, key=len, reverse=True))


class Shield:
    """Sentinels for one request: `hide` user values, then `encode` the rendered prompt."""

    def __init__(self, tokenizer: PreTrainedTokenizerBase, specials: tuple[str, ...]) -> None:
        self.tokenizer = tokenizer
        self.specials = specials
        self.nonce = secrets.token_hex(8)  # a user cannot guess the sentinels to forge one
        self.pattern = re.compile("|".join(re.escape(s) for s in specials)) if specials else None
        self.used = False

    def _sentinel(self, match: re.Match[str]) -> str:
        self.used = True
        return f"\ue000{self.nonce}:{self.specials.index(match.group())}\ue001"

    def hide(self, value: Any) -> Any:
        """`value` (strings in any nesting of dicts and lists) with control token texts swapped out."""
        if isinstance(value, str):
            return value if self.pattern is None else self.pattern.sub(self._sentinel, value)
        if isinstance(value, list):
            return [self.hide(v) for v in value]
        if isinstance(value, dict):
            return {k: self.hide(v) for k, v in value.items()}
        return value

    def encode(self, text: str) -> list[int]:
        """The rendered prompt's ids: the template's control tokens as tokens, the user's as text."""
        encode: Callable[..., list[int]] = self.tokenizer.encode
        if not self.used:
            return encode(text, add_special_tokens=False)
        ids: list[int] = []
        parts = re.split(f"\ue000{self.nonce}:(\\d+)\ue001", text)
        for i, part in enumerate(parts):
            if i % 2:
                ids += encode(self.specials[int(part)], add_special_tokens=False, split_special_tokens=True)
            elif part:
                ids += encode(part, add_special_tokens=False)
        return ids
