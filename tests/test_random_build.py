"""`build_random`: our model made where it runs, the only way the `full` preset exists."""

from __future__ import annotations

import math

import pytest
import torch

from model.batch import Chunk, build_batch
from model.checkpoint.loader import _EmptyOnMeta
from model.config import Qwen4ExpConfig
from model.moe import Experts
from model.ple import NGramEmbedding, table_bytes
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.synthetic import build_random, default_checkpoint


def _logprobs(model: Qwen4ExpForCausalLM, prompts: list[list[int]]) -> torch.Tensor:
    model.init_state(max_num_seqs=len(prompts), max_model_len=64)
    batch = build_batch([Chunk(i, p, 0) for i, p in enumerate(prompts)], model.trash_slot, "cpu")
    return model.compute_logits(model.run(batch)).log_softmax(-1)


def test_full_preset_is_the_published_geometry() -> None:
    """48 layers, 512 experts, 176.94 B text parameters of which the PLE table is 51.2 B."""
    config = Qwen4ExpConfig.from_dict(preset_config("full"))
    with _EmptyOnMeta():
        model = Qwen4ExpForCausalLM(config)
    params = {n: p.numel() for n, p in model.named_parameters()}
    table = next(m for m in model.modules() if isinstance(m, NGramEmbedding)).ngram_embedding.weight
    experts = sum(v for n, v in params.items() if ".mlp.experts." in n)
    assert tuple(table.shape) == (320_001_536, 160) and table_bytes(config, 1) == 320_001_536 * 160
    assert len(model.model.layers) == 48 and config.num_experts == 512
    assert round(experts / 1e9, 2) == 120.80
    assert round(sum(params.values()) / 1e9, 2) == 176.94


def test_full_preset_has_no_checkpoint() -> None:
    with pytest.raises(ValueError, match="full.*build_random"):
        default_checkpoint("full")


@pytest.mark.parametrize("quant", ["fp8_block", "mxfp8", "nvfp4"])
def test_random_build_is_initialised_and_packed(quant: str) -> None:
    """No weight is left on meta or constant; quantised experts and the pinned FP8 PLE table hold the
    init's scales (std 1/sqrt(fan_in) for experts, 1 for PLE rows)."""
    model = build_random("tiny", dtype="float32", device="cpu", quant_experts=quant, pinned_ple=True)
    for name, p in model.named_parameters():
        assert not p.is_meta and p.numel() > 0, name
        assert p.numel() == 1 or not bool((p == p.reshape(-1)[0]).all()), f"{name} is constant"
    experts = [m for m in model.modules() if isinstance(m, Experts)]
    assert experts and all(e.quant == quant for e in experts)
    gate_up = experts[0].dense_weights(torch.float32)[0]
    d = gate_up.shape[-1]
    assert abs(gate_up.std().item() * math.sqrt(d) - 1) < 0.05
    tables = [m.host_table for m in model.modules() if isinstance(m, NGramEmbedding)]
    assert tables and all(t is not None and t.kind == "fp8" for t in tables)
    rows = tables[0].gather(torch.arange(4096)[:, None]).float()
    assert abs(rows.std().item() - 1) < 0.05


def test_random_build_is_seeded_and_routes_widely() -> None:
    """The same seed builds the same model (the bench's runs are comparable), another seed another
    one; logprobs are finite and the router spreads the tokens (a degenerate init would time a
    different MoE)."""
    prompts = [[5, 9, 2, 40, 41], [(31 * i) % 500 for i in range(9)]]

    def build(seed: int) -> tuple[torch.Tensor, set[int]]:
        model = build_random(
            "tiny", dtype="float32", device="cpu", seed=seed, quant_experts="fp8_block", pinned_ple=True
        )
        chosen: set[int] = set()
        experts = model.model.layers[0].mlp.experts  # called with (x, routing weights, expert ids)
        experts.register_forward_pre_hook(lambda m, args: chosen.update(args[2].flatten().tolist()))
        with torch.no_grad():
            return _logprobs(model, prompts), chosen

    (a, used), (b, _), (c, _) = build(0), build(0), build(1)
    assert torch.isfinite(a).all() and torch.equal(a, b) and not torch.equal(a, c)
    assert len(used) >= 6  # of tiny's 8 experts, over 14 tokens x top-2
