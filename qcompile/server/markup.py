"""What the incremental reply parsers emit, and the scanning helpers they share.

A parser is fed the reply's text deltas and keeps only a short unconsumed tail between feeds (a
possible start of a marker), so each feed scans its delta plus a bounded tail: streaming a reply costs
time linear in its length. `Scanned` counts the characters a parser looked at, for the test that
checks this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Text:
    """Reply text of one kind; reasoning and content are never mixed in one event."""

    kind: Literal["reasoning", "content"]
    text: str


@dataclass(frozen=True)
class CallStart:
    """A tool call's header: sent before any of its arguments."""

    index: int
    id: str
    name: str


@dataclass(frozen=True)
class CallArgs:
    """The next piece of a tool call's arguments (a JSON object, as OpenAI streams it)."""

    index: int
    text: str


@dataclass(frozen=True)
class CallEnd:
    """The call's arguments are complete."""

    index: int


Event = Text | CallStart | CallArgs | CallEnd


class Scanned:
    """A work counter: the characters a parser examined."""

    def __init__(self) -> None:
        self.chars = 0

    def look(self, text: str) -> str:
        self.chars += len(text)
        return text


def partial_tail(text: str, markers: tuple[str, ...]) -> int:
    """Length of the longest end of `text` that is a proper start of a marker (0 if none): the part a
    parser holds back, since the next delta may complete the marker."""
    best = 0
    for marker in markers:
        for n in range(min(len(marker) - 1, len(text)), best, -1):
            if text.endswith(marker[:n]):
                best = n
                break
    return best


def first_marker(text: str, markers: tuple[str, ...], start: int = 0) -> tuple[int, str] | None:
    """The earliest (position, marker) in `text` from `start`; at one position the longer marker wins."""
    best: tuple[int, str] | None = None
    for marker in markers:
        i = text.find(marker, start)
        if i >= 0 and (best is None or i < best[0] or (i == best[0] and len(marker) > len(best[1]))):
            best = (i, marker)
    return best
