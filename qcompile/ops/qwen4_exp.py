"""The Qwen4-Exp region table: which region is opaque in which scope.

    layer   whole decoder layers, the input embedding and the final HC mixer (the seed's boundary)
    block   the token mixers (GDN, attention), the routed experts and PLE
    kernel  only what Inductor cannot express: the attention core over the caches, the
            delta-rule core with its state, the expert GEMMs and the PLE table gather

Regions that read the forward context (per-request layout) are splitting: the piecewise backend
cuts the graph at them, and eager code between pieces sees the host metadata.

The hyper-connection's ops (`model.hyper`) are not regions but have rows here too (`op_hints`): the
read and the fused write-and-read run kernels only up to `HC_READ_ROWS` rows, and a write followed
by the read of what it wrote folds into the fused op.
"""

from __future__ import annotations

import torch

import model.qwen4_exp  # noqa: F401  (declares the @region methods the table names)
from model import hyper
from model.kernels import HC_READ_ROWS
from qcompile.ops.op_hints import DecodeOnly, Fold, register_hints
from qcompile.ops.region_ops import register_regions
from qcompile.ops.registry import Region

Spec = tuple[tuple[int, ...], torch.dtype]


def _embedding_rows(module: torch.nn.Embedding, ids: torch.Tensor) -> Spec:
    return (ids.shape[0], module.embedding_dim), module.weight.dtype


def _mixed_rows(module: torch.nn.Module, h: torch.Tensor) -> Spec:
    return (h.shape[0], module.d), h.dtype


def _gathered_rows(module: torch.nn.Module, ids: torch.Tensor) -> Spec:
    width, dtype = module.row_spec()
    return (ids.shape[0], ids.shape[1] * width), dtype


def _core_rows(module: torch.nn.Module, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, *rest: object) -> Spec:
    """The delta rule's output: v's shape, float32 whatever v's dtype (`GatedDeltaNet.delta_rule`)."""
    return tuple(v.shape), torch.float32


LAYER, BLOCK, KERNEL = frozenset({"layer"}), frozenset({"block"}), frozenset({"kernel"})

QWEN4_EXP_REGIONS = (
    Region("decoder_layer_linear", LAYER, num_state=2, splitting=True),
    Region("decoder_layer_linear_ple", LAYER, num_state=4, splitting=True),
    Region("decoder_layer_indexed", LAYER, num_state=6, splitting=True),
    Region("embed", LAYER, out_spec=_embedding_rows),
    Region("final_mixer", LAYER, out_spec=_mixed_rows),
    Region("gdn", BLOCK, num_state=2, splitting=True, keeps_float32=True),
    Region("attention", BLOCK, num_state=6, splitting=True, keeps_float32=True),
    Region("ple", BLOCK, num_state=2, keeps_float32=True),
    Region("ple_conv", BLOCK, num_state=1, keeps_float32=True),
    Region("experts", BLOCK | KERNEL),
    Region("delta_rule", KERNEL, num_state=1, splitting=True, out_spec=_core_rows),
    Region("attention_core", KERNEL, num_state=5, splitting=True),
    Region("ple_gather", KERNEL, out_spec=_gathered_rows),
)

QWEN4_EXP_OP_HINTS = (
    DecodeOnly(hyper.hc_read, HC_READ_ROWS, hyper.hc_read_torch),
    DecodeOnly(hyper.hc_write_read, HC_READ_ROWS, hyper.hc_write_read_torch),
    Fold(hyper.hc_write, hyper.hc_read, hyper.hc_write_read),
)

register_regions(QWEN4_EXP_REGIONS)
register_hints(QWEN4_EXP_OP_HINTS)
