"""Sample arguments for `torch.library.opcheck` of every model region op, on a random tiny model.

Each builder returns `(module, inputs)` pairs; `samples(name)` turns them into the op's arguments
(layer key, inputs, state, a fresh `out`), keeping the model alive in the cache below.
"""

from __future__ import annotations

import functools

import torch

from model.batch import Batch, Chunk, build_batch
from model.config import Qwen4ExpConfig
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.ops import REGISTRY, op_arguments, register_modules

Samples = list[tuple[tuple[object, ...], dict[str, object]]]


def _args(name: str, module: torch.nn.Module, *inputs: torch.Tensor) -> tuple[tuple[object, ...], dict]:
    return op_arguments(REGISTRY[name], module, inputs), {}


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
    register_modules(model)
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
        return [_args(f"decoder_layer_{kind}", _layers(model, kind), h, *b.tensors())]

    return build


def _embed_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    return [_args("embed", model.model.embed_tokens, b.input_ids)]


def _mixer_out_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    h = _randn(b.num_tokens, model.config.hc_hidden_size, device=device)
    return [_args("final_mixer", model.model.hyper_connection_mixer, h)]


def _gdn_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    x = _randn(b.num_tokens, model.config.hidden_size, device=device)
    gdn = _layers(model, "linear").linear_attn
    return [_args("gdn", gdn, x, b.slots, b.offsets, b.write_slots)]


def _delta_rule_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    c, n = model.config, b.num_tokens
    h, hk = c.linear_num_value_heads, c.linear_num_key_heads
    dk, dv = c.linear_key_head_dim, c.linear_value_head_dim
    q = torch.nn.functional.normalize(_randn(n, hk, dk, device=device, seed=1), dim=-1) * dk**-0.5
    k = torch.nn.functional.normalize(_randn(n, hk, dk, device=device, seed=2), dim=-1)
    v = _randn(n, h, dv, device=device, seed=3)
    g = -_randn(n, h, device=device, seed=4).abs()
    beta = torch.sigmoid(_randn(n, h, device=device, seed=5))
    gdn = _layers(model, "linear").linear_attn
    return [_args("delta_rule", gdn, q, k, v, g, beta, b.slots, b.write_slots)]


def _attention_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    x = _randn(b.num_tokens, model.config.hidden_size, device=device)
    attn = _layers(model, "indexed").self_attn
    return [_args("attention", attn, x, b.positions, b.slots)]


def _attention_core_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    c, n = model.config, b.num_tokens
    attn = _layers(model, "indexed").self_attn
    q = _randn(n, c.num_attention_heads, c.head_dim, device=device, seed=1)
    iq = _randn(n, c.indexer_n_heads, c.indexer_head_dim, device=device, seed=4)
    return [_args("attention_core", attn, q, iq, b.positions, b.slots)]


def _experts_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    moe = model.model.layers[0].mlp
    out = []
    for n in (1, 9):  # gathered (few tokens) and dense paths; one token folds the shared expert on CUDA
        x = _randn(n, model.config.hidden_size, device=device)
        weights, ids = moe.gate(x)
        shared = _randn(n, moe.shared_expert.down_proj.in_features, device=device, seed=2)
        out.append(_args("experts", moe, x, weights, ids, shared, _randn(n, 1, device=device, seed=3)))
    return out


def _ple(model: Qwen4ExpForCausalLM) -> torch.nn.Module:
    return _layers(model, "linear_ple").ple


def _ple_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    h = _randn(b.num_tokens, model.config.hc_hidden_size, device=device)
    return [_args("ple", _ple(model), h, b.input_ids, b.slots, b.offsets, b.write_slots)]


def _ple_conv_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    x = _randn(b.num_tokens, model.config.hc_hidden_size, device=device)
    return [_args("ple_conv", _ple(model), x, b.slots, b.offsets, b.write_slots)]


def _ple_gather_samples(device: torch.device) -> Samples:
    model, b = _sample(device)
    emb = _ple(model).ple_embedding
    rows = emb.ngram_embedding.num_embeddings
    ids = torch.randint(
        -2, rows + 2, (b.num_tokens, model.config.ngram_heads), generator=torch.Generator().manual_seed(0)
    ).to(device)
    return [_args("ple_gather", emb, ids)]


BUILDERS = {
    "decoder_layer_linear": _layer_samples("linear"),
    "decoder_layer_linear_ple": _layer_samples("linear_ple"),
    "decoder_layer_indexed": _layer_samples("indexed"),
    "embed": _embed_samples,
    "final_mixer": _mixer_out_samples,
    "gdn": _gdn_samples,
    "attention": _attention_samples,
    "ple": _ple_samples,
    "ple_conv": _ple_conv_samples,
    "experts": _experts_samples,
    "delta_rule": _delta_rule_samples,
    "attention_core": _attention_core_samples,
    "ple_gather": _ple_gather_samples,
}


def samples(name: str, device: torch.device | str = "cpu") -> Samples:
    return BUILDERS[name](torch.device(device))
