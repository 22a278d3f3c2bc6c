"""Incremental detokenisation and stop strings against the tiny preset's byte-level BPE tokenizer."""

import pytest
from transformers import PreTrainedTokenizerBase

from qcompile import LLM
from qcompile.engine.detokenizer import Detokenizer, text_decoder

TEXT = "Hello, my name is héllo 你好, and the end."


@pytest.fixture(scope="module")
def tokenizer(llm: LLM) -> PreTrainedTokenizerBase:
    return llm.tokenizer


def feed(detok: Detokenizer, ids: list[int]) -> tuple[list[str], str | None]:
    """Add `ids` one by one until a stop string hits; the visible text after each token."""
    seen, text = [], ""
    for t in ids:
        stop = detok.add(t)
        text += detok.take(finished=stop is not None)
        seen.append(text)
        if stop is not None:
            return seen, stop
    return seen, None


def test_text_grows_to_the_full_decode_and_never_shows_half_characters(tokenizer: PreTrainedTokenizerBase) -> None:
    ids = tokenizer.encode(TEXT) + [3]  # a special token adds nothing
    detok = Detokenizer(tokenizer)
    seen, stop = feed(detok, ids)
    assert stop is None and seen[-1] == TEXT == tokenizer.decode(ids, skip_special_tokens=True)
    assert all(a == b[: len(a)] for a, b in zip(seen, seen[1:], strict=False))
    assert not any(s.endswith("\ufffd") for s in seen)


def test_flush_keeps_a_trailing_partial_character(tokenizer: PreTrainedTokenizerBase) -> None:
    ids = tokenizer.encode("ab 你")[:-1]  # cut inside the last character
    detok = Detokenizer(tokenizer)
    seen, _ = feed(detok, ids)
    detok.flush()
    assert seen[-1] + detok.take(finished=True) == tokenizer.decode(ids, skip_special_tokens=True)


@pytest.mark.parametrize(
    "stops, want_text, want_stop",
    [
        (("name",), "Hello, my ", "name"),
        (("xyz", "好,", "my"), "Hello, ", "my"),  # the earliest occurrence wins
        (("你好", "héllo"), "Hello, my name is ", "héllo"),
        (("nowhere",), TEXT, None),
    ],
)
def test_stop_strings_cut_before_the_stop_and_streaming_never_shows_it(
    tokenizer: PreTrainedTokenizerBase, stops: tuple[str, ...], want_text: str, want_stop: str | None
) -> None:
    detok = Detokenizer(tokenizer, stops)
    seen, stop = feed(detok, tokenizer.encode(TEXT))
    if stop is None:
        detok.flush()
        seen.append(seen[-1] + detok.take(finished=True))
    assert (seen[-1], stop) == (want_text, want_stop)
    assert all(a == b[: len(a)] for a, b in zip(seen, seen[1:], strict=False))  # streamed text only grows


def test_only_a_short_window_of_tokens_and_text_is_kept(tokenizer: PreTrainedTokenizerBase) -> None:
    """Each token decodes a few ids and leaves at most the held-back text pending, however long the output."""
    calls: list[int] = []

    class Counting:
        def decode(self, ids: list[int], skip_special_tokens: bool) -> str:
            calls.append(len(ids))
            return tokenizer.decode(ids, skip_special_tokens=skip_special_tokens)

    ids = tokenizer.encode(TEXT * 20)
    detok = Detokenizer(Counting(), ("never there",))  # type: ignore[arg-type]
    seen, stop = feed(detok, ids)
    assert stop is None and seen[-1] + detok.take(finished=True) == TEXT * 20
    # the window is the last emitted token(s) plus the byte tokens of one unfinished character
    assert max(calls) <= 8 and len(detok.window) <= 8 and not detok.pending
    assert len(calls) == 2 * len(ids)


def test_the_direct_decode_is_transformers_decode(
    tokenizer: PreTrainedTokenizerBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The detokenizer calls the fast tokenizer's backend directly; every window of a text with special
    tokens and cut characters decodes as transformers decodes it. A tokenizer that cleans up spaces
    keeps transformers' decode."""
    decode = text_decoder(tokenizer)
    assert decode.func == tokenizer.backend_tokenizer.decode  # type: ignore[attr-defined]
    ids = [3, *tokenizer.encode(TEXT), 1, *tokenizer.encode(" 你好 x")]
    windows = [ids[i:j] for i in range(len(ids)) for j in range(i, min(len(ids), i + 6) + 1)]
    for window in windows:
        assert decode(window) == tokenizer.decode(window, skip_special_tokens=True), window
    monkeypatch.setattr(tokenizer, "clean_up_tokenization_spaces", True)
    assert text_decoder(tokenizer).func == tokenizer.decode  # type: ignore[attr-defined]
