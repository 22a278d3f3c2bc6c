"""The Qwen4-Exp regions as registry ops, and the scope each one is opaque in.

    layer   whole decoder layers, the input embedding and the final HC mixer (the seed's boundary)
    block   the token mixers (GDN, attention), the routed experts and PLE
    kernel  only what Inductor cannot express: the attention core with its cache write, the
            delta-rule core with its state, the expert GEMMs and the PLE table gather

Ops that read the forward context (per-request layout) are splitting ops: the piecewise backend
cuts the graph at them, and eager code between pieces sees the host metadata.
"""

from __future__ import annotations

import functools

import torch

from model.batch import Batch, Chunk, build_batch
from model.config import Qwen4ExpConfig
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.ops.regions import region_sample, register_region

Samples = list[tuple[tuple[object, ...], dict[str, object]]]


@functools.cache
def _sample(device: torch.device) -> tuple[Qwen4ExpForCausalLM, Batch]:
    """A random tiny model with state, and a mixed batch: a 5-token prefill beside a decode token."""
    gen = torch.Generator().manual_seed(0)
    model = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(preset_config("tiny")))
    with torch.no_grad():
        for p in model.parameters():
            p.copy_(torch.randn(p.shape, generator=gen) * (0.3 if p.dim() < 2 else p.shape[-1] ** -0.5))
    model = model.to(device).eval().requires_grad_(False)
    model.init_state(max_num_seqs=2, max_model_len=32)
    batch = build_batch([Chunk(0, [3, 4, 5, 6, 7], 0), Chunk(1, [9], 4)], model.trash_slot, device)
    return model, batch


def sample_batch(device: torch.device | str = "cpu") -> Batch:
    """The batch whose forward context the sample inputs of splitting ops need (see `opcheck` tests)."""
    return _sample(torch.device(device))[1]


def _randn(*shape: int, device: torch.device, seed: int = 0) -> torch.Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed)).to(device)


def _layers(model: Qwen4ExpForCausalLM, kind: str) -> torch.nn.Module:
    return next(layer for layer in model.model.layers if layer.kind == kind)


def _layer_samples(kind: str) -> object:
    def build(device: torch.device) -> Samples:
        model, b = _sample(device)
        h = _randn(b.num_tokens, model.config.hc_hidden_size, device=device)
        return [region_sample(f"decoder_layer_{kind}", f"sample.{kind}", _layers(model, kind), h, *b.tensors())]
    return build


def _embed_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    return [region_sample("embed", "sample.embed", model.model.embed_tokens, b.input_ids)]


def _mixer_out_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    h = _randn(b.num_tokens, model.config.hc_hidden_size, device=device)
    return [region_sample("final_mixer", "sample.final_mixer", model.model.hyper_connection_mixer, h)]


def _gdn_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    x = _randn(b.num_tokens, model.config.hidden_size, device=device)
    gdn = _layers(model, "linear").linear_attn
    return [region_sample("gdn", "sample.gdn", gdn, x, b.slots, b.offsets, b.write_slots)]


def _delta_rule_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    c, n = model.config, b.num_tokens
    h, dk, dv = c.linear_num_value_heads, c.linear_key_head_dim, c.linear_value_head_dim
    q = torch.nn.functional.normalize(_randn(n, h, dk, device=device, seed=1), dim=-1) * dk**-0.5
    k = torch.nn.functional.normalize(_randn(n, h, dk, device=device, seed=2), dim=-1)
    v = _randn(n, h, dv, device=device, seed=3)
    g = -_randn(n, h, device=device, seed=4).abs()
    beta = torch.sigmoid(_randn(n, h, device=device, seed=5))
    gdn = _layers(model, "linear").linear_attn
    return [region_sample("delta_rule", "sample.delta_rule", gdn, q, k, v, g, beta, b.slots, b.write_slots)]


def _attention_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    x = _randn(b.num_tokens, model.config.hidden_size, device=device)
    attn = _layers(model, "indexed").self_attn
    return [region_sample("attention", "sample.attention", attn, x, b.positions, b.slots)]


def _attention_core_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    c, n = model.config, b.num_tokens
    attn = _layers(model, "indexed").self_attn
    q = _randn(n, c.num_attention_heads, c.head_dim, device=device, seed=1)
    k = _randn(n, c.num_key_value_heads, c.head_dim, device=device, seed=2)
    v = _randn(n, c.num_key_value_heads, c.head_dim, device=device, seed=3)
    iq = _randn(n, c.indexer_n_heads, c.indexer_head_dim, device=device, seed=4)
    ik = _randn(n, c.indexer_head_dim, device=device, seed=5)
    return [region_sample("attention_core", "sample.attention_core", attn, q, k, v, iq, ik, b.positions, b.slots)]


def _experts_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    moe = model.model.layers[0].mlp
    out = []
    for n in (1, 9):   # gathered (few tokens) and dense paths
        x = _randn(n, model.config.hidden_size, device=device)
        weights, ids = moe.gate(x)
        out.append(region_sample("experts", "sample.experts", moe.experts, x, weights, ids))
    return out


def _ple(model: Qwen4ExpForCausalLM) -> torch.nn.Module:
    return _layers(model, "linear_ple").ple


def _ple_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    h = _randn(b.num_tokens, model.config.hc_hidden_size, device=device)
    return [region_sample("ple", "sample.ple", _ple(model), h, b.input_ids, b.slots, b.offsets, b.write_slots)]


def _ple_conv_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    x = _randn(b.num_tokens, model.config.hc_hidden_size, device=device)
    return [region_sample("ple_conv", "sample.ple_conv", _ple(model), x, b.slots, b.offsets, b.write_slots)]


def _ple_gather_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    emb = _ple(model).ple_embedding
    rows = emb.ngram_embedding.num_embeddings
    ids = torch.randint(-2, rows + 2, (b.num_tokens, model.config.ngram_heads),
                        generator=torch.Generator().manual_seed(0)).to(device)
    return [region_sample("ple_gather", "sample.ple_gather", emb, ids)]


def _embed_out(module: torch.nn.Embedding, ids: torch.Tensor) -> tuple[tuple[int, ...], torch.dtype]:
    return (ids.shape[0], module.embedding_dim), module.weight.dtype


def _mixer_out(module: torch.nn.Module, h: torch.Tensor) -> tuple[tuple[int, ...], torch.dtype]:
    return (h.shape[0], module.d), h.dtype


def _gather_out(module: torch.nn.Module, ids: torch.Tensor) -> tuple[tuple[int, ...], torch.dtype]:
    width, dtype = module.row_spec()
    return (ids.shape[0], ids.shape[1] * width), dtype


def _like_v(module: torch.nn.Module, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor,
            *rest: torch.Tensor) -> tuple[tuple[int, ...], torch.dtype]:
    return tuple(v.shape), v.dtype


for kind, n_state in (("linear", 2), ("linear_ple", 4), ("indexed", 3)):
    register_region(f"decoder_layer_{kind}", num_inputs=6, num_state=n_state, opaque_in={"layer"},
                    splitting=True, sample_inputs=_layer_samples(kind))
register_region("embed", num_inputs=1, opaque_in={"layer"}, out_spec=_embed_out, sample_inputs=_embed_samples)
register_region("final_mixer", num_inputs=1, opaque_in={"layer"}, out_spec=_mixer_out,
                sample_inputs=_mixer_out_samples)
register_region("gdn", num_inputs=4, num_state=2, opaque_in={"block"}, splitting=True, sample_inputs=_gdn_samples)
register_region("attention", num_inputs=3, num_state=3, opaque_in={"block"}, splitting=True,
                sample_inputs=_attention_samples)
register_region("ple", num_inputs=5, num_state=2, opaque_in={"block"}, sample_inputs=_ple_samples)
register_region("ple_conv", num_inputs=4, num_state=1, opaque_in={"block"}, sample_inputs=_ple_conv_samples)
register_region("experts", num_inputs=3, opaque_in={"block", "kernel"}, sample_inputs=_experts_samples)
register_region("delta_rule", num_inputs=7, num_state=1, opaque_in={"kernel"}, splitting=True, out_spec=_like_v,
                sample_inputs=_delta_rule_samples)
register_region("attention_core", num_inputs=7, num_state=3, opaque_in={"kernel"}, splitting=True,
                sample_inputs=_attention_core_samples)
register_region("ple_gather", num_inputs=1, opaque_in={"kernel"}, out_spec=_gather_out,
                sample_inputs=_ple_gather_samples)
