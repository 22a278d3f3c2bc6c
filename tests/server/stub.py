"""An engine that answers every request with a text the test sets, one token per delta, so the
server's parsing and response building can be checked on exact replies (tool calls, reasoning)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

from qcompile.engine.core import load_tokenizer
from qcompile.engine.outputs import RequestDelta
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.stats import EngineStats

REPLACEMENT = "\ufffd"  # a token that ends inside a character decodes to this until the character is complete


class StubEngine:
    model_name = "stub"
    max_model_len = 512
    dead: BaseException | None = None

    def __init__(self, checkpoint: Path) -> None:
        self.tokenizer = load_tokenizer(checkpoint)
        self.reply = "Hello."  # never empty by default: an engine yields at least one delta per request
        self.fail = False  # fail the request after its first token, as a failing model step would
        self.prompts: list[list[int]] = []  # what the server sent, for template checks
        self.message_starts: list[list[int]] = []  # and each prompt's message starts

    async def generate(
        self,
        request_id: str | None,
        prompt_token_ids: list[int],
        params: SamplingParams,
        message_starts: list[int] | None = None,
    ) -> AsyncIterator[RequestDelta]:
        self.prompts.append(list(prompt_token_ids))
        self.message_starts.append(list(message_starts or []))
        ids = self.tokenizer.encode(self.reply, add_special_tokens=False)[: params.max_tokens]
        sent, shown = 0, ""
        for n in range(1, len(ids) + 1):
            await asyncio.sleep(0)
            if self.fail and n > 1:
                yield RequestDelta(
                    request_id or "",
                    [],
                    "",
                    None,
                    None,
                    len(prompt_token_ids),
                    n - 1,
                    "error",
                    error="the model step failed",
                )
                return
            finished = n == len(ids)
            reason = None if not finished else "length" if n == params.max_tokens else "stop"
            text = self.tokenizer.decode(ids[:n], skip_special_tokens=True)
            if text.endswith(REPLACEMENT) and not finished:
                text = shown
            yield RequestDelta(
                request_id or "", ids[sent:n], text[len(shown) :], None, None, len(prompt_token_ids), n, reason
            )
            sent, shown = n, text

    async def abort(self, request_id: str) -> None:
        pass

    def stats(self) -> EngineStats:
        return EngineStats(0, 0, 0.0, 0, 0, 0)

    async def start(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass
