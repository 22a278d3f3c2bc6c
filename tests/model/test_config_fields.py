"""`Qwen4ExpConfig` checks every field's type once, when built from a dict, naming file, field and type."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from model.config import ConfigError, Qwen4ExpConfig
from model.presets import preset_config

CASES: dict[str, tuple[dict[str, Any], str]] = {  # changed fields, expected message
    "layers-word": ({"num_hidden_layers": "four"}, "'num_hidden_layers' = 'four': expected an integer, got str"),
    "hidden-float": ({"hidden_size": 64.0}, "'hidden_size' = 64.0: expected an integer, got float"),
    "heads-bool": ({"num_attention_heads": True}, "'num_attention_heads' = True: expected an integer, got bool"),
    "rope-list": ({"rope_parameters": [1]}, r"'rope_parameters' = \[1\]: expected an object, got list"),
    "rope-string": ({"rope_parameters": "default"}, "'rope_parameters' = 'default': expected an object, got str"),
    "rope-theta-word": (
        {"rope_parameters": {"rope_theta": "big"}},
        "'rope_parameters.rope_theta' = 'big': expected a finite number, got str",
    ),
    "rope-type-int": (
        {"rope_parameters": {"rope_type": 3}},
        "'rope_parameters.rope_type' = 3: expected a string, got int",
    ),
    "rope-type-unknown": (
        {"rope_parameters": {"rope_type": "yarn"}},
        "'rope_parameters.rope_type' = 'yarn' is unsupported",
    ),
    "eps-nan": ({"rms_norm_eps": float("nan")}, "'rms_norm_eps' = nan: expected a finite number, got float"),
    "tie-string": (
        {"tie_word_embeddings": "false"},
        "'tie_word_embeddings' = 'false': expected true or false, got str",
    ),
    "layer-types-mixed": (
        {"layer_types": ["linear_attention", 1, "linear_attention", "full_attention"]},
        r"'layer_types' = \['linear_attention', 1, .*: expected a list of strings, got a list with "
        "int, str",
    ),
    "layer-types-string": (
        {"layer_types": "linear_attention"},
        "'layer_types' = 'linear_attention': expected a list of strings, got str",
    ),
    "ple-ids-floats": ({"ple_layer_ids": [2.0]}, r"'ple_layer_ids' = \[2.0\]: expected a list of integers"),
    "eos-word": ({"eos_token_id": "eos"}, "'eos_token_id' = 'eos': expected an integer, got str"),
    "eos-list-floats": ({"eos_token_id": [1.0]}, r"'eos_token_id' = \[1.0\]: expected a list of integers"),
    "interval-zero": (
        {"layer_types": None, "full_attention_interval": 0},
        "'full_attention_interval' = 0: must be > 0",
    ),
    "gate-int": ({"output_gate_type": 1}, "'output_gate_type' = 1: expected a string, got int"),
    "heads-zero": ({"num_attention_heads": 0}, "'num_attention_heads' = 0: must be > 0"),
    "dtype-int": ({"dtype": 16}, "'dtype' = 16: expected a string, got int"),
}


def tiny(**changes: Any) -> dict[str, Any]:
    return {**preset_config("tiny"), **changes}


@pytest.mark.parametrize("case", sorted(CASES))
def test_wrong_type_names_field_and_expected_type(case: str) -> None:
    changes, message = CASES[case]
    with pytest.raises(ConfigError, match=f"^config field {message}"):
        Qwen4ExpConfig.from_dict(tiny(**changes))


def test_nested_fields_are_named_by_their_path() -> None:
    with pytest.raises(ConfigError, match="^config field 'text_config.hidden_size' = 64.5: expected an integer"):
        Qwen4ExpConfig.from_dict({"text_config": tiny(hidden_size=64.5)})
    with pytest.raises(ConfigError, match="^config field 'text_config' = 3: expected an object, got int"):
        Qwen4ExpConfig.from_dict({"text_config": 3})
    with pytest.raises(ConfigError, match=r"^config field 'text_config.num_key_value_heads' = 3: must divide"):
        Qwen4ExpConfig.from_dict({"text_config": tiny(num_key_value_heads=3)})


def test_numbers_that_fit_are_accepted() -> None:
    """An integer where a float is expected is a float (JSON writes 1e7 as 10000000); None is absent."""
    rope = {"rope_theta": 10000, "rope_type": None, "partial_rotary_factor": 1}
    cfg = Qwen4ExpConfig.from_dict(tiny(rope_parameters=rope, head_dim=16, seed=None))
    assert cfg.rope_theta == 10000.0 and isinstance(cfg.rope_theta, float) and cfg.seed == 1234
    assert cfg.partial_rotary_factor == 1.0 and isinstance(cfg.partial_rotary_factor, float)
    assert Qwen4ExpConfig.from_dict(tiny(eos_token_id=[1, 3])).eos_token_id == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (json.dumps(tiny(num_hidden_layers="four")), "config field 'num_hidden_layers' = 'four': expected an integer"),
        ("[1, 2]", "config must be a JSON object, got list"),
    ],
)
def test_file_errors_name_the_file(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "config.json").write_text(text)
    with pytest.raises(ConfigError, match=f"^{tmp_path / 'config.json'}: {message}"):
        Qwen4ExpConfig.from_file(tmp_path)


def test_unreadable_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(ConfigError, match=f"^{tmp_path / 'config.json'} is not a readable JSON file"):
        Qwen4ExpConfig.from_file(tmp_path)
    (tmp_path / "config.json").unlink()
    (tmp_path / "config.json").mkdir()
    with pytest.raises(ConfigError, match=f"^{tmp_path / 'config.json'} is not a readable JSON file"):
        Qwen4ExpConfig.from_file(tmp_path)
