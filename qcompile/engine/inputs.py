"""Turning a user's prompt and `SamplingParams` into a validated `Sequence`, shared by `LLM` and the server."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from qcompile.engine.chat_boundaries import StartFinder
from qcompile.engine.prompt_pieces import SplitPoints
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.sequence import Sequence
from qcompile.engine.structured import GrammarCompiler

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

Prompt = str | dict[str, Any]
Message = dict[str, Any]


class InputProcessor:
    """Checks every request before it reaches the engine, so a bad one fails alone with a ValueError."""

    def __init__(
        self,
        tokenizer: PreTrainedTokenizerBase | None,
        vocab_size: int,
        max_model_len: int,
        eos_token_ids: Collection[int] = (),
        check_pool: Callable[[int, str], None] | None = None,
    ) -> None:
        """`check_pool(num_tokens, what)` refuses a request the K/V pool cannot hold even alone
        (`BlockManager.check_fits`)."""
        self.tokenizer = tokenizer
        self.check_pool = check_pool
        self.vocab_size = vocab_size
        self.max_model_len = max_model_len
        self.eos_token_ids = eos_token_ids
        self._grammars: GrammarCompiler | None = None  # made on the first structured request
        self.start_finder = StartFinder(split_points=SplitPoints.of(tokenizer))

    @property
    def grammars(self) -> GrammarCompiler:
        if self.tokenizer is None:
            raise ValueError("structured_outputs need a tokenizer and the checkpoint has none")
        if self._grammars is None:
            self._grammars = GrammarCompiler(self.tokenizer, self.vocab_size, self.eos_token_ids)
        return self._grammars

    def prompt_ids(self, prompt: Prompt) -> tuple[str | None, list[int]]:
        """The prompt's text (None when given as ids only) and its token ids."""
        if isinstance(prompt, dict) and "prompt_token_ids" in prompt:
            ids = prompt["prompt_token_ids"]
            if not isinstance(ids, list) or not set(map(type, ids)) <= {int}:  # C loops: a 32k prompt in ~1 ms
                raise ValueError("prompt_token_ids must be a list of ints")
            text = prompt.get("prompt")
            if text is not None and not isinstance(text, str):
                raise ValueError(f"prompt (beside prompt_token_ids) must be a string, got {type(text).__name__}")
            return text, ids
        text = prompt.get("prompt") if isinstance(prompt, dict) else prompt
        if not isinstance(text, str):
            raise ValueError(
                f"a prompt is a string, {{'prompt': str}} or {{'prompt_token_ids': [...]}}, got {prompt!r:.80}"
            )
        if self.tokenizer is None:
            raise ValueError("text prompt given but the checkpoint has no tokenizer")
        return text, self.tokenizer.encode(text)

    def chat_prompt(
        self,
        messages: list[Message],
        tools: list[dict[str, Any]] | None = None,
        chat_template_kwargs: dict[str, Any] | None = None,
    ) -> Prompt:
        """One conversation rendered by the checkpoint's chat template, with the generation prompt
        opened, as a prompt of its text, ids (encoded without adding special tokens: the template
        wrote them) and `message_starts` (`chat_boundaries`: where prefix caching checkpoints)."""
        tokenizer = self.tokenizer
        if tokenizer is None:
            raise ValueError("chat needs a tokenizer with a chat template and the checkpoint has none")
        if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
            raise ValueError("messages must be a list of {'role': ..., 'content': ...} dicts")
        kwargs = chat_template_kwargs or {}

        def render(conversation: list[Message], add_generation_prompt: bool) -> str:
            return tokenizer.apply_chat_template(
                conversation, tools=tools, add_generation_prompt=add_generation_prompt, tokenize=False, **kwargs
            )

        def encode(text: str) -> list[int]:
            return tokenizer.encode(text, add_special_tokens=False)

        text = render(messages, True)
        ids, starts = self.start_finder.tokenize(messages, render, text, encode, {"tools": tools, "kwargs": kwargs})
        return {"prompt": text, "prompt_token_ids": ids, "message_starts": starts}

    def make_sequence(self, request_id: str, prompt: Prompt, params: SamplingParams) -> Sequence:
        if not isinstance(params, SamplingParams):
            raise TypeError(f"sampling_params must be a SamplingParams, got {type(params).__name__}")
        text, ids = self.prompt_ids(prompt)
        vocab = self.vocab_size
        if not ids:
            raise ValueError("prompt is empty")
        if max(ids) >= vocab or min(ids) < 0:  # C loops; the Python one below only to name the first bad id
            for t in ids:
                if t >= vocab:
                    raise ValueError(f"prompt_token_ids contains id {t} >= vocab_size {vocab}")
                if t < 0:
                    raise ValueError(f"prompt_token_ids contains negative id {t}")
        bad = [t for t in params.stop_token_ids or () if t >= vocab]
        if bad:
            raise ValueError(f"stop_token_ids contains id {bad[0]} >= vocab_size {vocab}")
        if params.stop and self.tokenizer is None:
            raise ValueError("stop strings need a tokenizer and the checkpoint has none")
        for name in ("logprobs", "prompt_logprobs"):
            k = getattr(params, name)
            if k is not None and k > vocab:
                raise ValueError(f"{name}={k} exceeds vocab_size {vocab}")
        if len(ids) + params.max_tokens > self.max_model_len:
            raise ValueError(
                f"prompt length {len(ids)} + max_tokens {params.max_tokens} exceeds max_model_len {self.max_model_len}"
            )
        if self.check_pool is not None:
            self.check_pool(len(ids) + params.max_tokens, f"prompt length {len(ids)} + max_tokens {params.max_tokens}")
        bad = [t for t in params.logit_bias or () if t >= vocab]
        if bad:
            raise ValueError(f"logit_bias has token id {bad[0]} >= vocab_size {vocab}")
        seq = Sequence(request_id, text, list(ids), params)
        seq.message_starts = _checked_starts(prompt, len(ids))
        if params.structured_outputs is not None:
            seq.grammar = self.grammars.grammar(params.structured_outputs, seq.prompt_token_ids)
        return seq


def _checked_starts(prompt: Prompt, num_tokens: int) -> list[int]:
    """A prompt dict's `message_starts`, checked: ascending token positions inside the prompt."""
    starts = prompt.get("message_starts", []) if isinstance(prompt, dict) else []
    if not isinstance(starts, list) or not all(type(s) is int for s in starts):
        raise ValueError("message_starts must be a list of ints")
    if any(not 0 < s < num_tokens for s in starts) or starts != sorted(set(starts)):
        raise ValueError(
            f"message_starts must be strictly ascending positions in 1..{num_tokens - 1} "
            f"(the prompt has {num_tokens} tokens), got {starts!r:.80}"
        )
    return starts
