"""Every real quantised fixture: our `load_model` logprobs against transformers on independently dequantised weights.

The reference dequantises the same files with the documented formulas written in
`tests/quant/test_fixtures.py` (bit-level E2M1/E4M3/E8M0 in float64, cast once to float32), saves
them as a plain checkpoint and runs transformers' eager model on it. Both sides then hold the same
float32 weights up to one rounding, so logprobs differ only by float32 arithmetic: measured max
|Δ| per fixture 4.8e-7 to 9.5e-7 (CPU, torch 2.13); BOUND allows 5x that.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file, save_file

from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from tests.oracle import hf_prompt_logprobs
from tests.quant.test_fixtures import FIXTURES, ROOT, ref_weight

BOUND = 5e-6
PROMPTS = [
    [5, 9, 2, 7, 8, 100, 3, 44, 45, 46, 47, 200, 201, 202, 203, 17, 18, 19, 20, 21, 22, 23],
    [11, 12, 1, 13, 14, 1, 1, 15, 16, 17],
]


def reference_checkpoint(name: str, out: Path) -> Path:
    """The fixture dequantised independently, as an unquantised transformers checkpoint."""
    kind = FIXTURES[name][0]
    raw = load_file(ROOT / name / "model.safetensors")
    modules = {k.rpartition(".")[0] for k in raw if k.endswith((".weight_scale", ".weight_packed"))}
    modules -= {k.rpartition(".")[0] for k in raw if ".ple_embedding." in k and "proj" not in k}
    state = {}
    for key, t in raw.items():
        module, _, suffix = key.rpartition(".")
        if module in modules:
            if suffix in ("weight", "weight_packed"):
                state[f"{module}.weight"] = ref_weight(kind, raw, module).float()
        else:  # ModelOpt writes the PLE table unsplit as `ple_embedding.shard_.weight`
            state[key.replace(".ple_embedding.shard_.", ".ple_embedding.ngram_embedding.")] = (
                t.float() if t.is_floating_point() else t
            )
    out.mkdir()
    save_file(state, str(out / "model.safetensors"))
    config = json.loads((ROOT / name / "config.json").read_text())
    config.pop("quantization_config", None)
    config["dtype"] = "float32"
    (out / "config.json").write_text(json.dumps(config))
    return out


def ours(path: Path) -> list[torch.Tensor]:
    model = load_model(path, dtype=torch.float32)
    model.init_state(max_num_seqs=len(PROMPTS), max_model_len=64)
    batch = build_batch([Chunk(i, p, 0) for i, p in enumerate(PROMPTS)], model.trash_slot, "cpu")
    with torch.no_grad():
        lp = model.compute_logits(model.run(batch)).log_softmax(-1)
    starts = list(batch.host.query_start)
    return [lp[starts[i] : starts[i + 1]] for i in range(len(PROMPTS))]


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_quantised_logprobs_match_transformers(name: str, tmp_path: Path) -> None:
    from transformers import Qwen4ExpForCausalLM

    ref = Qwen4ExpForCausalLM.from_pretrained(
        reference_checkpoint(name, tmp_path / "ref"),
        dtype=torch.float32,
        attn_implementation="eager",
        experts_implementation="eager",
    ).eval()
    worst = max(
        float((rows - hf_prompt_logprobs(ref, p)).abs().max())
        for p, rows in zip(PROMPTS, ours(ROOT / name), strict=True)
    )
    print(f"{name}: max |logprob difference| {worst:.2e}")
    assert worst < BOUND, worst
