"""Structured outputs: a request's `StructuredOutputs` compiled to a grammar, matched token by token.

xgrammar does the work (picked for its CPU cost per token; docs/measurements.md). A request's
`Grammar` lives on its `Sequence`: each step fills the row's allowed-token mask before sampling and
takes the sampled token after read-back, so a constrained request never has two tokens in flight
(the engine reads such a step back before it schedules the next; see `Engine`). JSON is generated compactly (`", "` and
`": "` separators, no free whitespace), so a small model cannot wander into endless blank space.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import torch

from qcompile.engine.sampling_params import StructuredOutputs

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

# xgrammar's errors start with a time and a source location: "[12:15:17] /project/cpp/x.cc:83: "
_XGRAMMAR_PREFIX = re.compile(r"^\[[^\]]*\]\s+\S+:\d+:\s*")


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
    """One request's place in its grammar."""

    def __init__(self, matcher: Any) -> None:
        self._matcher = matcher

    def fill(self, bitmask: torch.Tensor, row: int) -> None:
        """Write the allowed next tokens into row `row` of a bitmask from `allocate_bitmask`."""
        self._matcher.fill_next_token_bitmask(bitmask, row)

    def accept(self, token_id: int) -> None:
        if not self._matcher.accept_token(token_id):
            raise ValueError(f"token {token_id} is not allowed by the request's structured_outputs grammar")

    @property
    def terminated(self) -> bool:
        """The output is complete (the grammar took a stop token)."""
        return self._matcher.is_terminated()


class GrammarCompiler:
    """Compiles `StructuredOutputs` for one tokenizer (xgrammar caches compiled grammars)."""

    def __init__(self, tokenizer: PreTrainedTokenizerBase, vocab_size: int, eos_token_ids: Collection[int]) -> None:
        import xgrammar as xgr

        self._xgr = xgr
        info = xgr.TokenizerInfo.from_huggingface(
            tokenizer, vocab_size=vocab_size, stop_token_ids=sorted(eos_token_ids)
        )
        self._compiler = xgr.GrammarCompiler(info)

    def grammar(self, spec: StructuredOutputs) -> Grammar:
        """A fresh matcher for `spec`; a schema, regex or choice the compiler refuses is a ValueError
        naming the field."""
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
        return Grammar(self._xgr.GrammarMatcher(compiled))


def mask_to_grammars(logits: torch.Tensor, grammars: list[Grammar | None]) -> None:
    """Set each constrained row's disallowed logits to -inf, in place: the masks are filled on the host
    and applied in one call on the logits' device; rows without a grammar are left alone."""
    import xgrammar as xgr

    rows = [i for i, g in enumerate(grammars) if g is not None]
    if not rows:
        return
    bitmask = xgr.allocate_token_bitmask(len(grammars), logits.shape[-1])
    for i in rows:
        grammars[i].fill(bitmask, i)  # type: ignore[union-attr]
    xgr.apply_token_bitmask_inplace(logits, bitmask.to(logits.device, non_blocking=True), indices=rows)
