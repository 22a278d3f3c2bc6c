"""An engine that answers every request with a text the test sets, one token per output, so the
server's parsing and response building can be checked on exact replies (tool calls, reasoning)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

from qcompile.engine.core import load_tokenizer
from qcompile.engine.outputs import CompletionOutput, RequestOutput
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.stats import EngineStats


class StubEngine:
    model_name = "stub"
    max_model_len = 512

    def __init__(self, checkpoint: Path) -> None:
        self.tokenizer = load_tokenizer(checkpoint)
        self.reply = ""
        self.fail = False  # raise after the first token, as a failing model step would
        self.prompts: list[list[int]] = []  # what the server sent, for template checks

    async def generate(self, request_id: str | None, prompt_token_ids: list[int],
                       params: SamplingParams) -> AsyncIterator[RequestOutput]:
        self.prompts.append(list(prompt_token_ids))
        ids = self.tokenizer.encode(self.reply, add_special_tokens=False)[:params.max_tokens]
        for n in range(1, len(ids) + 1):
            await asyncio.sleep(0)
            if self.fail and n > 1:
                raise RuntimeError("the model step failed")
            finished = n == len(ids)
            reason = None if not finished else "length" if n == params.max_tokens else "stop"
            text = self.tokenizer.decode(ids[:n], skip_special_tokens=True)
            yield RequestOutput(request_id or "", None, list(prompt_token_ids), None,
                                [CompletionOutput(0, text, ids[:n], None, reason)], finished=finished)

    async def abort(self, request_id: str) -> None:
        pass

    def stats(self) -> EngineStats:
        return EngineStats(0, 0, 0, 0)

    async def start(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass
