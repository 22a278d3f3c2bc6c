"""Qwen4-Exp text config, parsed from a raw `config.json` without importing transformers.

Accepts the flat text config (`Qwen4ExpForCausalLM`) and the nested `text_config` of
`Qwen4ExpForConditionalGeneration`. Every field's JSON type is checked once, in `from_dict` (an
integer count is never a float or a string; a float field takes any finite number), then validation
mirrors transformers' `validate_architecture`; errors name the field by its path in the file.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, get_type_hints

LINEAR, INDEXED = "linear_attention", "indexed_attention"


class ConfigError(ValueError):
    """A config field is missing or has a value this model cannot run."""


# what a JSON value must be for each field type, in words
_EXPECTED = {
    int: "an integer",
    float: "a finite number",
    bool: "true or false",
    str: "a string",
    dict: "an object",
    tuple[int, ...]: "a list of integers",
    tuple[str, ...]: "a list of strings",
}


def brief_repr(value: object) -> str:
    """`repr(value)` cut to one short line, for error messages that quote a file's value."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _fits(value: object, kind: object) -> bool:
    if kind in (tuple[int, ...], tuple[str, ...]):  # parameterised generics compare equal, but are not singletons
        item = int if kind == tuple[int, ...] else str
        return isinstance(value, (list, tuple)) and all(_fits(v, item) for v in value)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if kind is int:  # JSON true/false are Python ints; 4.0 is not an integer count here
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)  # type: ignore[arg-type]


def _typed(name: str, value: Any, kind: object) -> Any:
    """`value` of config field `name` as `kind` (lists become tuples, ints floats), or `ConfigError` naming it."""
    if not _fits(value, kind):
        got = type(value).__name__
        if isinstance(value, list) and kind in (tuple[int, ...], tuple[str, ...]):
            got = "a list with " + ", ".join(sorted({type(v).__name__ for v in value}))
        raise ConfigError(f"config field '{name}' = {brief_repr(value)}: expected {_EXPECTED[kind]}, got {got}")
    if isinstance(value, list):
        return tuple(value)
    return float(value) if kind is float else value


@dataclass(frozen=True)
class Qwen4ExpConfig:
    vocab_size: int
    hidden_size: int
    num_hidden_layers: int
    num_attention_heads: int
    num_key_value_heads: int
    head_dim: int
    layer_types: tuple[str, ...]
    eos_token_id: int
    # RoPE
    rope_theta: float = 1e7
    partial_rotary_factor: float = 0.25
    # Gated DeltaNet
    linear_conv_kernel_dim: int = 4
    linear_key_head_dim: int = 128
    linear_value_head_dim: int = 128
    linear_num_key_heads: int = 16
    linear_num_value_heads: int = 32
    output_gate_type: str = "sigmoid"
    hidden_act: str = "silu"
    # MoE
    num_experts: int = 512
    num_experts_per_tok: int = 10
    moe_intermediate_size: int = 512
    shared_expert_intermediate_size: int = 512
    norm_topk_prob: bool = True
    # hyper-connections
    hc_count: int = 4
    hc_lowrank: int = 320
    # PLE (ple_layer_ids are 1-indexed, as in the checkpoint)
    ple_layer_ids: tuple[int, ...] = ()
    ple_embed_dim: int = 0
    ple_conv_kernel_size: int = 4
    ngram_size: int = 3
    heads_per_ngram: int = 8
    ngram_vocab_size_base: int = 20_000_000
    make_ngram_vocab_size_divisible_by: int = 128
    seed: int = 1234
    split_ngram_parts: int = 512
    # QSA indexer
    indexer_n_heads: int = 0
    indexer_head_dim: int = 0
    indexer_budget: int = 0
    indexer_compress_ratio: int = 1
    # misc
    rms_norm_eps: float = 1e-6
    max_position_embeddings: int = 262144
    tie_word_embeddings: bool = False
    torch_dtype: str = "bfloat16"
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # ---- derived sizes -------------------------------------------------------------
    @property
    def rotary_dim(self) -> int:
        return int(self.head_dim * self.partial_rotary_factor)

    @property
    def hc_hidden_size(self) -> int:
        return self.hc_count * self.hidden_size

    @property
    def gdn_key_dim(self) -> int:
        return self.linear_num_key_heads * self.linear_key_head_dim

    @property
    def gdn_value_dim(self) -> int:
        return self.linear_num_value_heads * self.linear_value_head_dim

    @property
    def gdn_conv_dim(self) -> int:
        return 2 * self.gdn_key_dim + self.gdn_value_dim

    @property
    def ngram_heads(self) -> int:
        return (self.ngram_size - 1) * self.heads_per_ngram

    @property
    def qsa_block_topk(self) -> int:
        return self.indexer_budget // self.indexer_compress_ratio

    def ple_index(self, layer_idx: int) -> int | None:
        """Position of 0-indexed layer `layer_idx` among the PLE layers, or None."""
        lid = layer_idx + 1
        return self.ple_layer_ids.index(lid) if lid in self.ple_layer_ids else None

    @property
    def linear_layers(self) -> list[int]:
        return [i for i, t in enumerate(self.layer_types) if t == LINEAR]

    @property
    def indexed_layers(self) -> list[int]:
        return [i for i, t in enumerate(self.layer_types) if t == INDEXED]

    # ---- parsing -------------------------------------------------------------------
    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Qwen4ExpConfig:
        """The config of a `config.json` object; every field's type is checked here, once, naming the field."""
        if not isinstance(raw, dict):
            raise ConfigError(f"config must be a JSON object, got {type(raw).__name__}")
        nested = "text_config" in raw
        text = _typed("text_config", raw["text_config"], dict) if nested else raw
        at = "text_config." if nested else ""
        hints = get_type_hints(cls)
        known = {f.name for f in fields(cls)} - {"raw", "layer_types", "eos_token_id", "torch_dtype"}
        kwargs: dict[str, Any] = {k: _typed(at + k, text[k], hints[k]) for k in known if text.get(k) is not None}
        for name in ("vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads"):
            if name not in kwargs:
                raise ConfigError(f"config field '{at}{name}' is required")
        heads = kwargs["num_attention_heads"]  # validate() names it when it is not > 0
        kwargs.setdefault("head_dim", kwargs["hidden_size"] // heads if heads > 0 else 0)
        rope_field = "rope_parameters" if text.get("rope_parameters") not in (None, {}) else "rope_scaling"
        rope = _typed(at + rope_field, text.get(rope_field) or {}, dict)
        rope_type = _typed(f"{at}{rope_field}.rope_type", rope.get("rope_type") or "default", str)
        if rope_type != "default":
            raise ConfigError(f"config field '{at}{rope_field}.rope_type' = {rope_type!r} is unsupported")
        for name, default in (("rope_theta", cls.rope_theta), ("partial_rotary_factor", 1.0)):
            if rope.get(name) is not None:
                kwargs[name] = _typed(f"{at}{rope_field}.{name}", rope[name], float)
            else:
                kwargs.setdefault(name, default)
        n = kwargs["num_hidden_layers"]
        layer_types = text.get("layer_types")
        if layer_types is None:
            interval = _typed(at + "full_attention_interval", text.get("full_attention_interval", 4), int)
            if interval <= 0:
                raise ConfigError(f"config field '{at}full_attention_interval' = {interval}: must be > 0")
            layer_types = [LINEAR if (i + 1) % interval else INDEXED for i in range(n)]
        layer_types = [
            INDEXED if t in ("full_attention", "qwen_sparse_attention") else t
            for t in _typed(at + "layer_types", layer_types, tuple[str, ...])
        ]
        eos_at = at if "eos_token_id" in text else ""
        eos = text.get("eos_token_id", raw.get("eos_token_id"))
        if isinstance(eos, list):
            eos = next(iter(_typed(eos_at + "eos_token_id", eos, tuple[int, ...])), None)
        if eos is None:
            raise ConfigError(f"config field '{at}eos_token_id' is required")
        eos = _typed(eos_at + "eos_token_id", eos, int)
        kwargs["ple_layer_ids"] = tuple(sorted(set(kwargs.get("ple_layer_ids", ()))))
        kwargs.setdefault("ple_embed_dim", kwargs["hidden_size"])
        kwargs["output_gate_type"] = kwargs.get("output_gate_type") or kwargs.get("hidden_act", "silu")
        for where, holder in ((at, text), ("", raw)):
            for name in ("dtype", "torch_dtype"):
                if holder.get(name) and "torch_dtype" not in kwargs:
                    kwargs["torch_dtype"] = _typed(where + name, holder[name], str).replace("torch.", "")
        cfg = cls(layer_types=tuple(layer_types), eos_token_id=eos, raw=raw, **kwargs)
        cfg.validate()
        return cfg

    @classmethod
    def from_file(cls, path: str | Path) -> Qwen4ExpConfig:
        """The config in `path` (a `config.json` or its folder); every error names the file."""
        path = Path(path)
        if path.is_dir():
            path = path / "config.json"
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"no config.json at {path}") from None
        except (OSError, json.JSONDecodeError, UnicodeDecodeError) as e:
            raise ConfigError(f"{path} is not a readable JSON file: {e}") from None
        try:
            return cls.from_dict(raw)
        except ConfigError as e:
            raise ConfigError(f"{path}: {e}") from None

    def validate(self) -> None:
        at = "text_config." if "text_config" in self.raw else ""

        def need(cond: bool, name: str, msg: str) -> None:
            if not cond:
                raise ConfigError(f"config field '{at}{name}' = {brief_repr(getattr(self, name))}: {msg}")

        for name in (
            "vocab_size",
            "hidden_size",
            "num_hidden_layers",
            "num_attention_heads",
            "num_key_value_heads",
            "head_dim",
            "num_experts",
            "moe_intermediate_size",
            "shared_expert_intermediate_size",
            "hc_lowrank",
            "linear_conv_kernel_dim",
        ):
            need(getattr(self, name) > 0, name, "must be > 0")
        need(len(self.layer_types) == self.num_hidden_layers, "layer_types", f"needs {self.num_hidden_layers} entries")
        bad = sorted(set(self.layer_types) - {LINEAR, INDEXED})
        need(not bad, "layer_types", f"unsupported layer types {bad}")
        need(
            self.num_attention_heads % self.num_key_value_heads == 0,
            "num_key_value_heads",
            "must divide num_attention_heads",
        )
        need(
            self.linear_num_value_heads % self.linear_num_key_heads == 0,
            "linear_num_key_heads",
            "must divide linear_num_value_heads",
        )
        need(self.output_gate_type in ("sigmoid", "silu"), "output_gate_type", "must be sigmoid or silu")
        need(self.hidden_act == "silu", "hidden_act", "only silu is supported")
        need(self.hc_count > 1, "hc_count", "must be > 1")
        need(0 < self.num_experts_per_tok <= self.num_experts, "num_experts_per_tok", "must be in [1, num_experts]")
        need(
            self.rotary_dim % 2 == 0 and self.rotary_dim <= self.head_dim,
            "partial_rotary_factor",
            "head_dim * factor must be even and <= head_dim",
        )
        need(0 <= self.eos_token_id < self.vocab_size, "eos_token_id", "must be a token id")
        if INDEXED in self.layer_types:
            for name in ("indexer_n_heads", "indexer_head_dim", "indexer_budget", "indexer_compress_ratio"):
                need(getattr(self, name) > 0, name, "QSA layers need it > 0")
            kv = self.raw.get("text_config", self.raw).get("indexer_kv_heads", 1)
            if kv != 1:
                raise ConfigError(f"config field '{at}indexer_kv_heads' = {brief_repr(kv)}: Qwen4-Exp QSA requires 1")
            need(
                self.indexer_budget % self.indexer_compress_ratio == 0,
                "indexer_budget",
                "must be divisible by indexer_compress_ratio",
            )
            need(self.rotary_dim <= self.indexer_head_dim, "indexer_head_dim", "must be >= the rotary dim")
        if self.ple_layer_ids:
            need(
                self.ngram_heads > 0 and self.ple_embed_dim % self.ngram_heads == 0,
                "ple_embed_dim",
                "must be divisible by (ngram_size-1)*heads_per_ngram",
            )
            for lid in self.ple_layer_ids:
                need(1 <= lid <= self.num_hidden_layers, "ple_layer_ids", "ids are 1-indexed layer ids")
                need(self.layer_types[lid - 1] == LINEAR, "ple_layer_ids", "PLE only on linear_attention layers")
