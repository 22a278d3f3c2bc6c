"""The random checkpoints look like published ones and are not degenerate."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import torch
from safetensors import safe_open

from model.config import Qwen4ExpConfig
from model.presets import PRESETS, preset_config
from qcompile import synthetic


def _tensors(path: Path) -> dict[str, torch.Tensor]:
    out: dict[str, torch.Tensor] = {}
    for file in sorted(path.glob("*.safetensors")):
        with safe_open(file, "pt") as f:
            out.update({k: f.get_tensor(k) for k in f.keys()})
    return out


@pytest.fixture(scope="module")
def tiny_tensors(tiny_ckpt: Path) -> dict[str, torch.Tensor]:
    return _tensors(tiny_ckpt)


def test_unknown_preset_is_named() -> None:
    with pytest.raises(ValueError, match="'nope'.*tiny"):
        preset_config("nope")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_validate_in_both_parsers(name: str) -> None:
    from transformers import Qwen4ExpTextConfig

    raw = preset_config(name)
    ours = Qwen4ExpConfig.from_dict(raw)
    theirs = Qwen4ExpTextConfig(**raw)
    assert list(ours.layer_types) == theirs.layer_types
    assert ours.indexed_layers == [i for i in range(ours.num_hidden_layers) if (i + 1) % 4 == 0]
    assert all(ours.layer_types[i - 1] == "linear_attention" for i in ours.ple_layer_ids)
    assert preset_config(name) is not preset_config(name)


def test_tiny8_geometry() -> None:
    cfg = Qwen4ExpConfig.from_dict(preset_config("tiny8"))
    assert cfg.num_hidden_layers == 8 and cfg.ple_layer_ids == (2, 6) and cfg.indexed_layers == [3, 7]


def test_bench_ple_table_rows() -> None:
    from transformers.models.qwen4_exp.modeling_qwen4_exp import _find_nth_prime_after

    cfg = Qwen4ExpConfig.from_dict(preset_config("bench"))
    rows = sum(_find_nth_prime_after(cfg.ngram_vocab_size_base - 1, h + 1) for h in range(cfg.ngram_heads))
    div = cfg.make_ngram_vocab_size_divisible_by
    assert -(-rows // div) * div == 32_002_176 and cfg.ple_embed_dim // cfg.ngram_heads == 160


def test_wide_linears_are_mxfp8_friendly() -> None:
    from transformers import Qwen4ExpForCausalLM, Qwen4ExpTextConfig

    with torch.device("meta"):
        model = Qwen4ExpForCausalLM(Qwen4ExpTextConfig(**preset_config("wide")))
    widths = {name: m.in_features for name, m in model.named_modules() if isinstance(m, torch.nn.Linear)}
    assert widths and all(w % 32 == 0 for w in widths.values()), widths


def test_key_layout(tiny_tensors: dict[str, torch.Tensor]) -> None:
    keys = set(tiny_tensors)
    lm = "model.language_model."
    assert all(k.startswith((lm, "model.visual.")) or k == "lm_head.weight" for k in keys)
    assert "lm_head.weight" in keys and any(k.startswith("model.visual.") for k in keys)
    cfg = preset_config("tiny")
    for i in range(cfg["num_hidden_layers"]):
        for e in range(cfg["num_experts"]):
            for proj in ("gate_proj", "up_proj", "down_proj"):
                assert f"{lm}layers.{i}.mlp.experts.{e}.{proj}.weight" in keys
    ple = f"{lm}layers.1.ple.ple_embedding."
    shards = [tiny_tensors[f"{ple}ngram_embedding.shard_{k}.weight"] for k in range(cfg["split_ngram_parts"])]
    assert sum(s.shape[0] for s in shards) == 4064 and shards[0].shape[1] == 16
    assert not any(".ple." in k for k in keys if not k.startswith(f"{lm}layers.1."))
    assert tiny_tensors[f"{ple}ngram_heads_vocab_sizes"].tolist() == [1009, 1013, 1019, 1021]


def test_no_constant_parameters(tiny_tensors: dict[str, torch.Tensor]) -> None:
    """Norms, router, PLE conv, dt_bias... everything transformers inits to a constant is random."""
    must = ("norm", "mlp.gate.weight", "ple.conv1d", "dt_bias", "A_log", "shared_expert_gate")
    seen = {m: 0 for m in must}
    for k, t in tiny_tensors.items():
        if not t.is_floating_point():
            continue
        for m in must:
            seen[m] += m in k
        assert t.numel() == 1 or t.std() > 1e-3, k
    assert all(seen.values()), seen


def test_config_parses(tiny_ckpt: Path) -> None:
    cfg = Qwen4ExpConfig.from_file(tiny_ckpt)
    raw = preset_config("tiny")
    assert (cfg.vocab_size, cfg.hidden_size, cfg.num_hidden_layers) == (512, 64, 4)
    assert cfg.ple_layer_ids == (2,) and cfg.eos_token_id == raw["eos_token_id"] == 1
    assert cfg.torch_dtype == "float32" and cfg.rotary_dim == 8
    top = json.loads((tiny_ckpt / "config.json").read_text())
    assert top["architectures"] == ["Qwen4ExpForConditionalGeneration"]
    ids = synthetic.special_token_ids(raw)
    assert top["image_token_id"] == ids["<|image_pad|>"] == 13
    gen = json.loads((tiny_ckpt / "generation_config.json").read_text())
    assert gen["eos_token_id"] == [ids["<|im_end|>"], 1]


def test_tokenizer(tiny_ckpt: Path) -> None:
    from tokenizers import Tokenizer
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(tiny_ckpt)
    assert len(tok) == 512
    assert tok.convert_ids_to_tokens(1) == "<|endoftext|>" and tok.eos_token == "<|im_end|>"
    text = "The keeper said: déjà vu!\n  def f(x): return {'a': [1, 2]}  <think>ok</think>"
    ids = tok(text)["input_ids"]
    assert tok.decode(ids) == text
    assert ids == Tokenizer.from_file(str(tiny_ckpt / "tokenizer.json")).encode(text).ids
    assert max(ids) < 512 and len(ids) < len(text.encode())  # real merges, not bytes only
    tok.decode(list(range(512)))
    msgs = [{"role": "user", "content": "hi"}]
    chat = tok.apply_chat_template(msgs, add_generation_prompt=True, tokenize=False)
    assert chat == "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"
    tools = [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Weather.",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
            },
        }
    ]
    msgs += [
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}],
        },
        {"role": "tool", "content": "sunny"},
    ]
    chat = tok.apply_chat_template(msgs, tools=tools, tokenize=False)
    assert "<name>get_weather</name>" in chat and "<tool_response>\nsunny\n</tool_response>" in chat
    assert "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n" in chat


def test_large_vocab_tokenizer_is_padded() -> None:
    cfg = {**preset_config("tiny"), "vocab_size": 5000, "eos_token_id": 4000}
    tok = synthetic.build_tokenizer(cfg)
    assert len(tok) == 5000 and tok.convert_ids_to_tokens(4000) == "<|endoftext|>"
    assert tok.convert_ids_to_tokens(4012) == "<|image_pad|>"
    assert tok.decode([4999]).startswith("<|fill_") and tok.decode(list(range(5000)))


def test_build_is_deterministic() -> None:
    a = synthetic.build_model("tiny", seed=0).state_dict()
    b = synthetic.build_model("tiny", seed=0).state_dict()
    c = synthetic.build_model("tiny", seed=1).state_dict()
    assert all(torch.equal(a[k], b[k]) for k in a)
    assert not torch.equal(a["lm_head.weight"], c["lm_head.weight"])


def test_default_checkpoint_race(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A builder that loses the rename race returns the winner's folder and leaves no temp dirs."""
    monkeypatch.setenv("QCOMPILE_CACHE", str(tmp_path))
    calls: list[Path] = []

    def fake_make(preset: str, out: Path, seed: int, dtype: str) -> Path:
        calls.append(out)
        (out / "config.json").write_text("{}")
        final = tmp_path / "checkpoints" / out.name[1:].rsplit(".", 1)[0]
        final.mkdir()  # another process finished first
        (final / "config.json").write_text('{"winner": true}')
        return out

    monkeypatch.setattr(synthetic, "make_checkpoint", fake_make)
    path = synthetic.default_checkpoint("tiny")
    assert json.loads((path / "config.json").read_text()) == {"winner": True}
    assert os.listdir(path.parent) == [path.name]
    assert synthetic.default_checkpoint("tiny") == path and len(calls) == 1
