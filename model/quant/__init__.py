"""Quantised checkpoints: format detection and dequantisation to the compute dtype at load.

Entry point: `dequantize_state(tensors, config, hf_quant_config, dtype)`; see `dequant.py` for the
output naming (one concatenated `...ple_embedding.ngram_embedding.weight` per PLE table).
"""

from model.quant.dequant import (
    PleLayout,
    PleShard,
    TensorSource,
    dequant_ple_rows,
    dequantize_state,
    ple_layouts,
)
from model.quant.scheme import Kind, QuantConfig, QuantFormatError, Scheme, detect

__all__ = [
    "Kind",
    "PleLayout",
    "PleShard",
    "QuantConfig",
    "QuantFormatError",
    "Scheme",
    "TensorSource",
    "dequant_ple_rows",
    "dequantize_state",
    "detect",
    "ple_layouts",
]
