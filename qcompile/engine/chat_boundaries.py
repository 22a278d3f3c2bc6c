"""Where a chat prompt's messages begin, in tokens: where a resent conversation can resume from cache.

Chat templates re-render history (Qwen's drops an earlier assistant turn's thinking and writes an empty
think block into the generation prompt), so turn N's prompt is not a prefix of turn N+1's; what both
share is the text up to where turn N's generation prompt began. The template itself says where that
is: the first i messages rendered without a generation prompt, compared with the whole prompt, share
the text up to where message i begins (or where the template first rendered them differently, which
is as far as a cache may go). No template's strings are matched.

Only the last MESSAGE_CHECKPOINTS starts are found (the prefix cache checkpoints no others), so a prompt
costs that many renders of a prefix and a tokenization. Each prefix's cut is remembered (`StartFinder`),
keyed by the prefix's messages and the template's inputs, with a digest of the text before it, and each
message's tokens by the digest of its text (`prompt_pieces`): a resent conversation renders only the
prefixes whose text changed, usually just its new messages, and encodes only those. A 140-message agent
conversation (32k tokens, `scripts/experiments/chat_starts_cost.py --messages 140`, the 2-core CI box)
grown by two messages: 22 ms, two renders of 6 ms among them (below), where rendering and encoding the
prompt alone take about 0.1 s; the first time it is seen, 0.16 s (rendering every prefix took 0.64).

The last prefix, every message, is most often the prompt less its generation prompt: where the template
appends that as a fixed suffix (learned per template inputs and last role, trusted after CHECKED_PROMPTS
prompts agree and checked again every RECHECK_EVERY, `GenerationSuffixes`), its cut is read off the
prompt and that prefix is not rendered: a warm agent turn renders its prompt and one prefix, not two. A
wrong cut there would only put a checkpoint where no later prompt resumes, never change a token.

Each cut is kept only where the pieces' tokens, concatenated, are the prompt's own: a tokenizer that
merges across a cut moves that start back to the last token both agree on, so every start is a token
boundary of the prompt.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from qcompile.engine.prefix_cache import MESSAGE_CHECKPOINTS
from qcompile.engine.prompt_pieces import PieceTokens, SplitPoints

log = logging.getLogger(__name__)

# After this many cuts in a row whose pieces do not tokenize as the prompt does, the rest are dropped:
# such a tokenizer (one that adds a prefix space to each piece) would cost a tokenization per cut.
MAX_MERGED_CUTS = 4
# Prompts a `StartFinder` checks against a whole encode before it trusts its tokenizer's split points, and
# that agree on a generation prompt's suffix before it is trusted.
CHECKED_PROMPTS = 4
# A trusted generation prompt's suffix is checked again (its prefix rendered) once in this many prompts.
RECHECK_EVERY = 32


def common_prefix_length(a: str, b: str) -> int:
    """Characters `a` and `b` share from the start (binary search over C compares, not a Python loop)."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    lo, hi = 0, n  # a[:lo] == b[:lo] and a[:hi] != b[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if b.startswith(a[lo:mid], lo):
            lo = mid
        else:
            hi = mid
    return lo


def _matching_tokens(piece: list[int], ids: list[int], at: int) -> int:
    """How many of `piece`'s tokens equal `ids` from position `at` on."""
    n = 0
    for tok, ref in zip(piece, ids[at : at + len(piece)], strict=False):
        if tok != ref:
            break
        n += 1
    return n


def _digests(text: str, lengths: list[int]) -> dict[int, bytes]:
    """Digests of `text[:n]` for each n in `lengths`, in one pass over the text."""
    h, done, out = hashlib.blake2b(digest_size=16), 0, {}
    for n in sorted(set(lengths)):
        if n > len(text):
            break
        h.update(text[done:n].encode("utf-8", "surrogatepass"))
        done, out[n] = n, h.copy().digest()
    return out


def _prefix_keys(context: Any, messages: list[dict[str, Any]]) -> list[bytes] | None:
    """A key per prefix messages[:i] (i = 1..n) under the template inputs `context`: a hash chain over
    their JSON; None where something is not JSON (then nothing is remembered)."""
    try:
        h = hashlib.blake2b(json.dumps(context, sort_keys=True).encode(), digest_size=16)
        keys = []
        for message in messages:
            h.update(json.dumps(message, sort_keys=True).encode())
            keys.append(h.copy().digest())
    except (TypeError, ValueError):
        return None
    return keys


def _token_starts(cuts: set[int], text: str, ids: list[int], encode: Callable[[str], list[int]]) -> list[int]:
    """The token positions of the character positions `cuts` of `text`, where `text` tokenizes as the
    pieces between them do (see the module docstring)."""
    starts: list[int] = []
    pos, begin, merged = 0, 0, 0  # ids[:pos] are the tokens of text[:begin]
    for cut in sorted(c for c in cuts if 0 < c < len(text)):
        piece = encode(text[begin:cut])
        if ids[pos : pos + len(piece)] == piece:
            pos, begin, merged = pos + len(piece), cut, 0
            starts.append(pos)
            continue
        # the tokenizer merged across this cut: the start goes back to the last token both agree on,
        # and the next piece starts where this one did
        starts.append(pos + _matching_tokens(piece, ids, pos))
        merged += 1
        if merged >= MAX_MERGED_CUTS:
            break
    return sorted({s for s in starts if 0 < s < len(ids)})


def _render_prefix(render: Callable[[list[dict[str, Any]], bool], str], prefix: list[dict[str, Any]]) -> str | None:
    """`prefix` rendered without a generation prompt, or None where the template refuses it."""
    try:
        return render(prefix, False)
    except Exception:  # the template refuses this prefix (no user message yet, say): no start there
        return None


class GenerationSuffixes:
    """What the template's generation prompt appends to the conversation rendered without it, per key
    (the template inputs and the last message's role: some templates open no turn after a tool's), once
    CHECKED_PROMPTS prompts agree on it; a key whose prompts disagree, or whose generation prompt
    changes earlier text, is not trusted again. At most `capacity` keys (the oldest forgotten)."""

    def __init__(self, capacity: int = 1 << 12) -> None:
        self.capacity = capacity
        self._seen: OrderedDict[bytes, tuple[str | None, int]] = OrderedDict()  # key -> (suffix, prompts agreeing)

    def cut(self, key: bytes, text: str) -> int | None:
        """Where the conversation ends in `text` (its prompt), or None: not trusted, or due a check."""
        suffix, agreed = self._seen.get(key, (None, 0))
        if suffix is None or agreed < CHECKED_PROMPTS or agreed % RECHECK_EVERY == 0 or not text.endswith(suffix):
            return None
        self._seen[key] = (suffix, agreed + 1)
        return len(text) - len(suffix)

    def observe(self, key: bytes, rendered: str, text: str) -> None:
        """The conversation `rendered` without the generation prompt, and with it `text`."""
        suffix, agreed = self._seen.get(key, (None, 0))
        if agreed < 0:
            return
        agrees = text.startswith(rendered) and suffix in (None, text[len(rendered) :])
        self._seen[key] = (text[len(rendered) :], agreed + 1) if agrees else (None, -1)
        self._seen.move_to_end(key)
        while len(self._seen) > self.capacity:
            self._seen.popitem(last=False)


def _suffix_key(context: Any, messages: list[dict[str, Any]]) -> bytes | None:
    """The `GenerationSuffixes` key of a prompt: its template inputs and last role (None without either)."""
    if context is None or not messages:
        return None
    try:
        return hashlib.blake2b(json.dumps([context, messages[-1].get("role")], sort_keys=True).encode()).digest()
    except (TypeError, ValueError):
        return None


class StartFinder:
    """Tokens and message starts of chat prompts, remembering each conversation prefix's cut (LRU,
    `capacity` prefixes) so that a resent conversation renders only the prefixes whose text changed, and,
    with the tokenizer's `split_points`, each piece's tokens (`prompt_pieces`) so that it encodes only
    the text that changed. One thread at a time (the server's prompt thread; an `LLM`'s caller)."""

    def __init__(
        self, capacity: int = 1 << 16, split_points: SplitPoints | None = None, piece_tokens: int = 1 << 24
    ) -> None:
        self.capacity = capacity
        self.split_points = split_points
        self.pieces = PieceTokens(piece_tokens)
        self.checks_left = CHECKED_PROMPTS  # prompts still checked against a whole encode
        self.anchors: set[str] = set()  # the added tokens message starts begin with: pieces end at each
        self._cuts: OrderedDict[bytes, tuple[int, bytes]] = OrderedDict()  # prefix key -> (cut, digest before it)
        self.suffixes = GenerationSuffixes()
        self.renders = 0  # prefixes rendered so far (what the memo saves)
        self.derived = 0  # last prefixes' cuts read off a trusted generation suffix instead

    def tokenize(
        self,
        messages: list[dict[str, Any]],
        render: Callable[[list[dict[str, Any]], bool], str],
        text: str,
        encode: Callable[[str], list[int]],
        context: Any = None,
    ) -> tuple[list[int], list[int]]:
        """`encode(text)` (the whole prompt with its generation prompt) and the token positions in it where
        the last MESSAGE_CHECKPOINTS of messages 1..n-1 and the generation prompt begin, ascending, each in
        1..len(ids)-1.

        `render(conversation, add_generation_prompt)` is the chat template; a prefix it refuses (some
        refuse a conversation without a user message) has no start; `context` is everything else the
        template reads (tools, its variables) as JSON, or None to remember nothing (text that differs
        between equal requests).
        """
        cuts = self._cuts_of(messages, render, text, context)
        if context is None or self.split_points is None:
            ids = encode(text)
            return ids, _token_starts(cuts, text, ids, encode)
        ids, starts = self._by_pieces(cuts, text, encode, self.split_points)
        if self.checks_left > 0:
            self.checks_left -= 1
            whole = encode(text)
            if whole != ids:
                log.warning("this tokenizer merges across added tokens: chat prompts are encoded whole from now on")
                self.split_points = None
                return whole, _token_starts(cuts, text, whole, encode)
        return ids, starts

    def _by_pieces(
        self, cuts: set[int], text: str, encode: Callable[[str], list[int]], split_points: SplitPoints
    ) -> tuple[list[int], list[int]]:
        """The prompt's tokens as its pieces' between the cuts where the tokenizer splits, and its starts."""
        inside = sorted(c for c in cuts if 0 < c < len(text))
        firm = {c for c in inside if split_points(text, c)}
        self.anchors.update(split_points.starting(text, c)[-1] for c in firm)
        bounds = [0, *sorted(firm | split_points.all_of(self.anchors, text)), len(text)]
        ids: list[int] = []
        starts: list[int] = []
        for begin, end in zip(bounds, bounds[1:], strict=False):
            piece = self.pieces(text[begin:end], encode)
            if begin in firm:
                starts.append(len(ids))
            loose = {c - begin for c in inside if begin < c < end}
            if loose:
                starts += [len(ids) + s for s in _token_starts(loose, text[begin:end], list(piece), encode)]
            ids.extend(piece)
        return ids, sorted({s for s in starts if 0 < s < len(ids)})

    def _cuts_of(
        self,
        messages: list[dict[str, Any]],
        render: Callable[[list[dict[str, Any]], bool], str],
        text: str,
        context: Any,
    ) -> set[int]:
        """Character positions in `text` where each of the last MESSAGE_CHECKPOINTS prefixes messages[:i]
        stops agreeing with it (only those are checkpointed, and an earlier one costs a render of its own)."""
        keys = None if context is None else _prefix_keys(context, messages)
        first = max(1, len(messages) - MESSAGE_CHECKPOINTS + 1)
        known = (
            [self._cuts.get(k) for k in keys[first - 1 :]] if keys is not None else [None] * (len(messages) - first + 1)
        )
        digests = _digests(text, [entry[0] for entry in known if entry is not None])
        cuts, new = set(), {}
        for i, entry in enumerate(known, first):
            if entry is not None and digests.get(entry[0]) == entry[1]:
                cut = entry[0]  # this prefix's text still agrees with the prompt up to its cut
                self._cuts.move_to_end(keys[i - 1])  # type: ignore[index]
            else:
                cut = self._prefix_cut(messages, i, render, text, context)
                if keys is not None:
                    new[keys[i - 1]] = cut
            cuts.add(cut)
        digests = _digests(text, list(new.values()))
        for key, cut in new.items():
            self._cuts[key] = (cut, digests[cut])
            self._cuts.move_to_end(key)
        while len(self._cuts) > self.capacity:
            self._cuts.popitem(last=False)
        return cuts

    def _prefix_cut(
        self,
        messages: list[dict[str, Any]],
        i: int,
        render: Callable[[list[dict[str, Any]], bool], str],
        text: str,
        context: Any,
    ) -> int:
        """Where messages[:i] rendered stops agreeing with `text`: read off the generation prompt's trusted
        suffix for the last prefix, else rendered (a refused prefix is cut 0: no start, and remembered so,
        not rendered again)."""
        key = _suffix_key(context, messages) if i == len(messages) else None
        cut = None if key is None else self.suffixes.cut(key, text)
        if cut is not None:
            self.derived += 1
            return cut
        rendered = _render_prefix(render, messages[:i])
        self.renders += 1
        if rendered is None:
            return 0
        if key is not None:
            self.suffixes.observe(key, rendered, text)
        return common_prefix_length(rendered, text)
