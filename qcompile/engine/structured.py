"""Structured outputs: a request's `StructuredOutputs` compiled to a grammar, matched token by token.

xgrammar does the work (picked for its CPU cost per token; docs/measurements.md). A request's
`Grammar` lives on its `Sequence`: each step fills the row's allowed-token mask before sampling and
takes the sampled token after read-back, so a constrained request never has two tokens in flight
(the engine reads such a step back before it launches the next one's sampling; see `Engine`). JSON
is generated compactly (`", "` and `": "` separators, no free whitespace), so a small model cannot
wander into endless blank space.

With `StructuredOutputs.reasoning` a thinking model reasons before the constrained output, as vLLM
lets it: the grammar waits until `</think>` has been generated. Where the reply starts is read from
the prompt's last marker (only whitespace after it): an open `<think>` means the reply is reasoning
already, a `</think>` (a template with thinking disabled) that the output starts at once. Otherwise
the first token is the grammar's or `<think>` (which then always opens reasoning), so a model that
answers without reasoning is still constrained from its first token (vLLM would leave it free).
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import torch

from model.device_copy import to_device
from qcompile.engine.sampling_params import StructuredOutputs

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

# xgrammar's errors start with a time and a source location: "[12:15:17] /project/cpp/x.cc:83: "
_XGRAMMAR_PREFIX = re.compile(r"^\[[^\]]*\]\s+\S+:\d+:\s*")

THINK_START, THINK_END = "<think>", "</think>"


class Phase(enum.Enum):
    """Where a reply is relative to its grammar."""

    START = "start"  # the first token: it may open reasoning (`<think>`) or begin the output
    REASONING = "reasoning"  # inside `<think>`: free until `</think>`
    OUTPUT = "output"  # every token is the grammar's


@dataclass(frozen=True)
class ThinkTokens:
    """The ids of `<think>` and `</think>`, each one token of the vocabulary."""

    start: int
    end: int


def think_tokens(tokenizer: PreTrainedTokenizerBase) -> ThinkTokens | None:
    """`ThinkTokens` of `tokenizer`, or None unless both markers encode to a single token."""
    ids = [tokenizer.encode(marker, add_special_tokens=False) for marker in (THINK_START, THINK_END)]
    if not all(len(i) == 1 for i in ids):
        return None
    return ThinkTokens(ids[0][0], ids[1][0])


def start_phase(prompt_ids: list[int], think: ThinkTokens, tokenizer: PreTrainedTokenizerBase) -> Phase:
    """Where a reply to `prompt_ids` starts: reasoning when the prompt ends with an open `<think>`, the
    output when it ends with `</think>` (whitespace tokens after either allowed), else `Phase.START`."""
    for token in reversed(prompt_ids):
        if token == think.start:
            return Phase.REASONING
        if token == think.end:
            return Phase.OUTPUT
        if not tokenizer.decode([token]).isspace():
            return Phase.START
    return Phase.START


def bounded_strings(schema: Any) -> Any:
    """`schema` with each string's minLength/maxLength (and no pattern, format, enum or const) written
    as a pattern of characters that need no escape: xgrammar 0.2.8 compiles length-bounded strings to
    a grammar that allows raw control characters, which no JSON parser takes."""
    if isinstance(schema, list):
        return [bounded_strings(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: bounded_strings(v) for k, v in schema.items()}
    bounded = "minLength" in out or "maxLength" in out
    if out.get("type") == "string" and bounded and not {"pattern", "format", "enum", "const"} & out.keys():
        low, high = out.pop("minLength", 0), out.pop("maxLength", "")
        out["pattern"] = f'^[^\\x00-\\x1f"\\\\]{{{low},{high}}}$'
    return out


def _choice_grammar(choice: tuple[str, ...]) -> str:
    """EBNF for exactly one of the strings (literals escaped as JSON strings, which EBNF reads alike)."""
    return "root ::= " + " | ".join(json.dumps(c, ensure_ascii=False) for c in choice)


class Grammar:
    """One request's place in its grammar, and (with `think`) in the reasoning before it: tokens of
    the reasoning, `<think>` and `</think>` included, never reach the matcher."""

    def __init__(self, matcher: Any, think: ThinkTokens | None = None, phase: Phase = Phase.OUTPUT) -> None:
        assert think is not None or phase is Phase.OUTPUT, "only the think tokens lead out of reasoning"
        self._matcher = matcher
        self._think = think
        self.phase = phase

    @property
    def constrains(self) -> bool:
        """The next token is masked (false while the model reasons)."""
        return self.phase is not Phase.REASONING

    def fill(self, bitmask: torch.Tensor, row: int) -> None:
        """Write the allowed next tokens into row `row` of an int32 bitmask (one bit per token)."""
        self._matcher.fill_next_token_bitmask(bitmask, row)
        if self.phase is Phase.START:
            word, bit = divmod(self._think.start, 32)  # type: ignore[union-attr]
            bitmask[row, word] |= (1 << bit) - (1 << 32 if bit == 31 else 0)  # bit 31 is int32's sign

    def accept(self, token_id: int) -> None:
        if self.phase is Phase.START and token_id == self._think.start:  # type: ignore[union-attr]
            self.phase = Phase.REASONING
            return
        if self.phase is Phase.REASONING:
            if token_id == self._think.end:  # type: ignore[union-attr]
                self.phase = Phase.OUTPUT
            return
        self.phase = Phase.OUTPUT
        if not self._matcher.accept_token(token_id):
            raise ValueError(f"token {token_id} is not allowed by the request's structured_outputs grammar")

    @property
    def terminated(self) -> bool:
        """The output is complete (the grammar took a stop token)."""
        return self.phase is Phase.OUTPUT and self._matcher.is_terminated()


class GrammarCompiler:
    """Compiles `StructuredOutputs` for one tokenizer (xgrammar caches compiled grammars)."""

    def __init__(self, tokenizer: PreTrainedTokenizerBase, vocab_size: int, eos_token_ids: Collection[int]) -> None:
        import xgrammar as xgr

        self._xgr = xgr
        self._tokenizer = tokenizer
        self._think = think_tokens(tokenizer)
        info = xgr.TokenizerInfo.from_huggingface(
            tokenizer, vocab_size=vocab_size, stop_token_ids=sorted(eos_token_ids)
        )
        self._compiler = xgr.GrammarCompiler(info)

    def grammar(self, spec: StructuredOutputs, prompt_ids: list[int]) -> Grammar:
        """A fresh matcher for `spec`, placed where the reply to `prompt_ids` starts; a schema, regex or
        choice the compiler refuses is a ValueError naming the field."""
        phase = Phase.OUTPUT
        if spec.reasoning:
            if self._think is None:
                raise ValueError(
                    f"structured_outputs.reasoning needs {THINK_START} and {THINK_END} to be single tokens "
                    "of the tokenizer, and this one has no such tokens"
                )
            phase = start_phase(prompt_ids, self._think, self._tokenizer)
        try:
            if spec.json is not None:
                schema = json.loads(spec.json) if isinstance(spec.json, str) else spec.json
                compiled = self._compiler.compile_json_schema(json.dumps(bounded_strings(schema)), any_whitespace=False)
            elif spec.json_object:
                compiled = self._compiler.compile_json_schema(
                    '{"type": "object"}', any_whitespace=False, strict_mode=False
                )
            elif spec.regex is not None:
                compiled = self._compiler.compile_regex(spec.regex)
            else:
                assert spec.choice is not None
                compiled = self._compiler.compile_grammar(_choice_grammar(tuple(spec.choice)))
        except (RuntimeError, ValueError, TypeError) as e:  # json.JSONDecodeError is a ValueError
            reason = _XGRAMMAR_PREFIX.sub("", str(e).strip().splitlines()[0])
            raise ValueError(f"structured_outputs.{spec.kind} cannot be compiled: {reason}") from None
        return Grammar(self._xgr.GrammarMatcher(compiled), self._think, phase)


def mask_to_grammars(logits: torch.Tensor, grammars: list[Grammar | None]) -> None:
    """Set the disallowed logits of each row whose grammar constrains it to -inf, in place; other rows
    are left alone.

    The masks of those rows only are filled on the host, into page-locked memory when the logits are on
    CUDA (so the copy is asynchronous), and copied to the logits' device in one transfer; xgrammar
    applies them there (its Triton kernel on CUDA), so nothing else crosses between host and device.
    """
    import xgrammar as xgr

    rows = [i for i, g in enumerate(grammars) if g is not None and g.constrains]
    if not rows:
        return
    words = (logits.shape[-1] + 31) // 32
    bitmask = torch.empty(len(rows), words, dtype=torch.int32, pin_memory=logits.is_cuda)
    for k, i in enumerate(rows):
        grammars[i].fill(bitmask, k)  # type: ignore[union-attr]
    bitmask = bitmask.to(logits.device, non_blocking=True)
    if len(rows) == len(grammars):
        xgr.apply_token_bitmask_inplace(logits, bitmask)
        return
    index = to_device(rows, torch.int64, logits.device)
    masked = logits.index_select(0, index)
    xgr.apply_token_bitmask_inplace(masked, bitmask)
    logits.index_copy_(0, index, masked)
