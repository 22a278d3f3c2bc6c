"""Named Qwen4-Exp text configs, as raw HF `text_config` dicts.

They are the single source of the test and benchmark geometries (notes: qwen4-exp-model.md §8,
quantized-checkpoints.md "big"). Each one passes transformers' `Qwen4ExpTextConfig` validation,
so the same dict builds the oracle and our model.
"""

from __future__ import annotations

import copy
from typing import Any

from model.config import INDEXED, LINEAR


def _layer_types(n: int, interval: int = 4) -> list[str]:
    """The Qwen3-Next schedule: every `interval`-th layer (1-indexed) is an attention layer."""
    return [INDEXED if (i + 1) % interval == 0 else LINEAR for i in range(n)]


_TINY: dict[str, Any] = {
    "model_type": "qwen4_exp_text",
    "vocab_size": 512,
    "hidden_size": 64,
    "num_hidden_layers": 4,
    "layer_types": _layer_types(4),
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 32,
    # rotary dim 32 * 0.25 = 8, so the (text-equal) M-RoPE sections cover 8 / 2 = 4 frequencies
    "rope_parameters": {
        "rope_type": "default",
        "rope_theta": 1e4,
        "partial_rotary_factor": 0.25,
        "mrope_section": [2, 1, 1],
        "mrope_interleaved": True,
    },
    "linear_num_key_heads": 2,
    "linear_num_value_heads": 4,
    "linear_key_head_dim": 16,
    "linear_value_head_dim": 16,
    "linear_conv_kernel_dim": 4,
    "num_experts": 8,
    "num_experts_per_tok": 2,
    "moe_intermediate_size": 32,
    "shared_expert_intermediate_size": 32,
    "norm_topk_prob": True,
    "hc_count": 4,
    "hc_lowrank": 16,
    "ple_layer_ids": [2],
    "ple_embed_dim": 64,
    "ple_conv_kernel_size": 4,
    "ngram_size": 3,
    "heads_per_ngram": 2,
    # primes 1009, 1013, 1019, 1021 -> 4062 rows, padded to 4064
    "ngram_vocab_size_base": 1000,
    "make_ngram_vocab_size_divisible_by": 8,
    "split_ngram_parts": 2,
    "seed": 1234,
    # budget 16 / c 4: QSA equals dense attention for T <= 19 and is really sparse beyond
    "indexer_n_heads": 2,
    "indexer_kv_heads": 1,
    "indexer_head_dim": 16,
    "indexer_budget": 16,
    "indexer_compress_ratio": 4,
    "output_gate_type": "sigmoid",
    "hidden_act": "silu",
    "eos_token_id": 1,
    "rms_norm_eps": 1e-6,
    "max_position_embeddings": 4096,
    "tie_word_embeddings": False,
    "dtype": "float32",
}

_TINY8: dict[str, Any] = {
    **_TINY,
    "num_hidden_layers": 8,
    "layer_types": _layer_types(8),
    "ple_layer_ids": [2, 6],
}

# Every Linear in-width a multiple of 32, so MXFP8 (32-wide scale groups) applies everywhere.
_WIDE: dict[str, Any] = {
    **_TINY,
    "hidden_size": 256,
    "moe_intermediate_size": 128,
    "shared_expert_intermediate_size": 128,
    "head_dim": 64,
    # rotary dim 64 * 0.25 = 16 -> 8 frequencies
    "rope_parameters": {**_TINY["rope_parameters"], "mrope_section": [3, 3, 2]},
    "linear_key_head_dim": 32,
    "linear_value_head_dim": 32,
    "ple_embed_dim": 128,
    "hc_lowrank": 128,
}

# Real per-layer geometry of the published model, 16 layers and 128 experts (17.7 B params).
_BENCH: dict[str, Any] = {
    "model_type": "qwen4_exp_text",
    "vocab_size": 248320,
    "hidden_size": 2560,
    "num_hidden_layers": 16,
    "layer_types": _layer_types(16),
    "num_attention_heads": 24,
    "num_key_value_heads": 2,
    "head_dim": 256,
    "rope_parameters": {
        "rope_type": "default",
        "rope_theta": 1e7,
        "partial_rotary_factor": 0.25,
        "mrope_section": [11, 11, 10],
        "mrope_interleaved": True,
    },
    "linear_num_key_heads": 16,
    "linear_num_value_heads": 48,
    "linear_key_head_dim": 128,
    "linear_value_head_dim": 128,
    "linear_conv_kernel_dim": 4,
    "num_experts": 128,
    "num_experts_per_tok": 10,
    "moe_intermediate_size": 640,
    "shared_expert_intermediate_size": 640,
    "norm_topk_prob": True,
    "hc_count": 4,
    "hc_lowrank": 320,
    "ple_layer_ids": [2],
    "ple_embed_dim": 2560,
    "ple_conv_kernel_size": 4,
    "ngram_size": 3,
    "heads_per_ngram": 8,
    # 16 primes just above 2e6 -> 32,002,176 rows x 160
    "ngram_vocab_size_base": 2_000_000,
    "make_ngram_vocab_size_divisible_by": 128,
    "split_ngram_parts": 16,
    "seed": 1234,
    "indexer_n_heads": 4,
    "indexer_kv_heads": 1,
    "indexer_head_dim": 128,
    "indexer_budget": 2048,
    "indexer_compress_ratio": 4,
    "output_gate_type": "sigmoid",
    "hidden_act": "silu",
    "eos_token_id": 248044,
    "rms_norm_eps": 1e-6,
    "max_position_embeddings": 262144,
    "tie_word_embeddings": False,
    "dtype": "bfloat16",
}

# The published geometry (notes: qwen4-exp-model.md, "Published text config"): 48 layers, 512 experts,
# 176.9 B text params, of which the PLE table is 51.2 B (320,001,536 rows x 160). Only
# `qcompile.synthetic.build_random` builds it, with block-FP8 experts and the PLE table pinned on the host.
_FULL: dict[str, Any] = {
    **_BENCH,
    "num_hidden_layers": 48,
    "layer_types": _layer_types(48),
    "num_experts": 512,
    "ngram_vocab_size_base": 20_000_000,
    "split_ngram_parts": 128,
}

PRESETS: dict[str, dict[str, Any]] = {
    "tiny": _TINY,
    "tiny8": _TINY8,
    "wide": _WIDE,
    "bench": _BENCH,
    "full": _FULL,
}


def preset_config(name: str) -> dict[str, Any]:
    """A fresh (deep-copied) raw HF text config dict for preset `name`."""
    try:
        return copy.deepcopy(PRESETS[name])
    except KeyError:
        raise ValueError(f"unknown preset {name!r}; known presets: {', '.join(sorted(PRESETS))}") from None
