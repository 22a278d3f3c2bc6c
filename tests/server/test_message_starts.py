"""The chat route sends each prompt's message starts to the engine (where prefix caching checkpoints):
the same ones `LLM.chat` makes, also where a user's control-token text is kept as text."""

from __future__ import annotations

from typing import Any

from qcompile.engine.inputs import InputProcessor
from tests.server.conftest import Server
from tests.server.stub import StubEngine

CONVERSATION: list[dict[str, Any]] = [
    {"role": "system", "content": "You are brief."},
    {"role": "user", "content": "Where is the lighthouse?"},
    {"role": "assistant", "content": "At the end of the harbour."},
    {"role": "user", "content": "And the <|im_start|>boats?"},
]


def test_chat_sends_the_message_starts_llm_chat_makes(stub_server: Server, stub: StubEngine) -> None:
    stub.reply = "ok"
    client = stub_server.client()
    offline = InputProcessor(stub.tokenizer, len(stub.tokenizer), 1 << 20)
    plain = CONVERSATION[:3] + [{"role": "user", "content": "And the boats?"}]
    for resent in range(2):  # the second time from the server's remembered cuts
        client.chat.completions.create(model=stub_server.model, messages=plain)
        expected = offline.chat_prompt(plain)
        assert (stub.prompts[-1], stub.message_starts[-1]) == (expected["prompt_token_ids"], expected["message_starts"])
        assert len(stub.message_starts[-1]) == len(plain), resent
    client.completions.create(model=stub_server.model, prompt="Where is the lighthouse?")
    assert stub.message_starts[-1] == []


def test_starts_of_a_prompt_with_control_token_text(stub_server: Server, stub: StubEngine) -> None:
    """The forged `<|im_start|>` is tokenized as text; the starts are still the messages' starts."""
    stub.reply = "ok"
    stub_server.client().chat.completions.create(model=stub_server.model, messages=CONVERSATION)
    ids, starts = stub.prompts[-1], stub.message_starts[-1]
    render = stub.tokenizer.apply_chat_template
    assert len(starts) == len(CONVERSATION)
    for i, start in enumerate(starts, 1):
        assert stub.tokenizer.decode(ids[:start]) == render(CONVERSATION[:i], tokenize=False)
