"""`load_format="dummy"`: random weights made in memory from the checkpoint's config (vLLM's
`--load-format dummy`), the way the `full` preset is served; with `moe_expert_cache` each expert is made
straight into its host bank row or device slot, and the offloaded engine gives bitwise the tokens and
logprobs of the resident one. A preset resolves to a folder of its config and tokenizer only."""

from __future__ import annotations

import json

import pytest

from qcompile.engine.engine_config import EngineConfig, EngineOptionError
from qcompile.engine.llm import LLM
from qcompile.engine.model_source import resolve_model
from qcompile.engine.sampling_params import SamplingParams

PROMPTS = [{"prompt_token_ids": [5, 9, 2, 40, 41]}, {"prompt_token_ids": [(31 * i) % 500 for i in range(19)]}]
DUMMY = {"load_format": "dummy", "weight_only": True, "ple_backend": "pinned", "max_model_len": 128, "max_num_seqs": 2}


def test_offloaded_experts_made_in_place_give_the_resident_tokens_bitwise() -> None:
    """Block-FP8 experts and a pinned FP8 PLE table, as the full preset is served; 4 of 8 slots, so the
    19-token prefill runs in 2 rounds."""
    params = SamplingParams(temperature=0.0, max_tokens=6, logprobs=2, ignore_eos=True)
    resident = LLM("tiny", **DUMMY)
    assert resident.core.expert_summary is None
    want = [(o.outputs[0].token_ids, o.outputs[0].logprobs) for o in resident.generate(PROMPTS, params)]
    del resident
    offloaded = LLM("tiny", **DUMMY, moe_expert_cache=4)
    assert offloaded.core.expert_summary.startswith("experts: 4 of 8 slots per layer on the device (0 static)")
    caches = [layer.mlp.experts.cache for layer in offloaded.core.model.model.layers]
    assert all(c is not None and c.banks["gate_up_proj"].shape[0] == 8 for c in caches)
    assert [(o.outputs[0].token_ids, o.outputs[0].logprobs) for o in offloaded.generate(PROMPTS, params)] == want


def test_a_preset_resolves_to_its_config_and_tokenizer_only() -> None:
    resolved = resolve_model("full", "--model", "dummy")
    assert (resolved.name, resolved.config.num_hidden_layers, resolved.config.num_experts) == ("full", 48, 512)
    assert not list(resolved.path.glob("*.safetensors")) and (resolved.path / "tokenizer.json").is_file()
    ends = json.loads((resolved.path / "generation_config.json").read_text())["eos_token_id"]
    assert resolved.config.eos_token_id in ends and len(ends) == 2


def test_the_full_preset_needs_the_dummy_load() -> None:
    with pytest.raises(ValueError, match="--model full: this preset has no checkpoint .*--load-format dummy builds"):
        resolve_model("full", "--model")


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"ple_backend": "mmap"}, "load_format='dummy' and ple_backend='mmap': the random build makes its PLE"),
        ({"tensor_parallel_size": 2}, "load_format='dummy' and tensor_parallel_size=2: the random build is not"),
    ],
)
def test_what_the_dummy_load_cannot_do_is_refused(options: dict, says: str) -> None:
    with pytest.raises(EngineOptionError) as refused:
        EngineConfig(load_format="dummy", **options)
    assert says in str(refused.value)
