"""`read_eos_token_ids` and `check_tokenizer_files` name the file and field of a broken non-weight file."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from model.checkpoint.errors import CheckpointError
from model.checkpoint.metadata import check_tokenizer_files, read_eos_token_ids
from model.config import Qwen4ExpConfig


@pytest.fixture
def ckpt(tiny_ckpt: Path, tmp_path: Path) -> Path:
    """The tiny checkpoint's small files (no weights), to break one at a time."""
    return shutil.copytree(tiny_ckpt, tmp_path / "ckpt", ignore=shutil.ignore_patterns("*.safetensors"))


def edit(path: Path, **fields: Any) -> None:
    path.write_text(json.dumps({**json.loads(path.read_text()), **fields}))


def test_eos_ids_of_the_tiny_checkpoint(ckpt: Path) -> None:
    config = Qwen4ExpConfig.from_file(ckpt)
    assert read_eos_token_ids(ckpt, config) == [1, 3]
    edit(ckpt / "generation_config.json", eos_token_id=7)
    assert read_eos_token_ids(ckpt, config) == [1, 7]
    (ckpt / "generation_config.json").unlink()
    assert read_eos_token_ids(ckpt, config) == [1]


@pytest.mark.parametrize(
    ("value", "got"),
    [("3", "str"), ([3, "1"], "list"), (True, "bool"), (512, "int"), ([-1], "list"), ({"id": 3}, "dict")],
)
def test_bad_eos_field_is_named(ckpt: Path, value: object, got: str) -> None:
    gen = ckpt / "generation_config.json"
    edit(gen, eos_token_id=value)
    expected = r"expected a token id or a list of token ids \(integers in \[0, 512\)\)"
    with pytest.raises(CheckpointError, match=rf"^{gen}: field 'eos_token_id' = .*: {expected}, got {got}$"):
        read_eos_token_ids(ckpt, Qwen4ExpConfig.from_file(ckpt))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"eos_token_id": ', "not a readable JSON file"),
        (b"\xff\xfe", "not a readable JSON file"),
        (b"[3, 1]", "expected a JSON object, got list"),
    ],
)
def test_unreadable_generation_config_is_named(ckpt: Path, content: bytes, message: str) -> None:
    gen = ckpt / "generation_config.json"
    gen.write_bytes(content)
    with pytest.raises(CheckpointError, match=rf"^{gen}: {message}"):
        read_eos_token_ids(ckpt, Qwen4ExpConfig.from_file(ckpt))


def test_tokenizer_presence(ckpt: Path) -> None:
    assert check_tokenizer_files(ckpt) is True
    edit(
        ckpt / "tokenizer_config.json",
        chat_template=[{"name": "default", "template": "{{ messages }}"}],
        eos_token={"content": "<|im_end|>", "special": True},
        model_max_length=1e30,
    )
    assert check_tokenizer_files(ckpt) is True
    for name in ("tokenizer.json", "tokenizer_config.json", "chat_template.jinja"):
        (ckpt / name).unlink()
    assert check_tokenizer_files(ckpt) is False


TOKENIZER_CASES: dict[str, tuple[str, Any, str]] = {  # file, new content (or fields), message after the path
    "tokenizer-cut": ("tokenizer.json", b'{"version": "1.0", "added', "not a tokenizer the tokenizers library"),
    "tokenizer-empty": ("tokenizer.json", b"{}", r"not a tokenizer the tokenizers library can load \(Model missing"),
    "tokenizer-binary": ("tokenizer.json", b"\xff\xfe\x00", "not a readable UTF-8 text file"),
    "config-cut": ("tokenizer_config.json", b"{bad", "not a readable JSON file"),
    "config-list": ("tokenizer_config.json", b"[]", "expected a JSON object, got list"),
    "eos-int": (
        "tokenizer_config.json",
        {"eos_token": 5},
        "field 'eos_token' = 5: expected a string, null or an object with a string 'content', got int",
    ),
    "pad-object": ("tokenizer_config.json", {"pad_token": {"id": 1}}, "field 'pad_token' = {'id': 1}: expected"),
    "template-int": (
        "tokenizer_config.json",
        {"chat_template": 5},
        "field 'chat_template' = 5: expected a string or a list of {name, template} strings, got int",
    ),
    "template-list": ("tokenizer_config.json", {"chat_template": [{"name": "default"}]}, "field 'chat_template'"),
    "max-length-word": (
        "tokenizer_config.json",
        {"model_max_length": "x"},
        "field 'model_max_length' = 'x': expected a positive number, got str",
    ),
    "decoder-list": ("tokenizer_config.json", {"added_tokens_decoder": []}, "field 'added_tokens_decoder' = \\[\\]"),
    "template-binary": ("chat_template.jinja", b"\xff\xfe", "not a readable UTF-8 text file"),
}


@pytest.mark.parametrize("case", sorted(TOKENIZER_CASES))
def test_broken_tokenizer_file_is_named(ckpt: Path, case: str) -> None:
    name, content, message = TOKENIZER_CASES[case]
    path = ckpt / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        edit(path, **content)
    with pytest.raises(CheckpointError, match=rf"^{re.escape(str(path))}: {message}"):
        check_tokenizer_files(ckpt)


def test_tokenizer_config_without_a_vocabulary_is_refused(ckpt: Path) -> None:
    """transformers would load this as a tokenizer that encodes every text to no tokens."""
    (ckpt / "tokenizer.json").unlink()
    with pytest.raises(
        CheckpointError,
        match=rf"^{ckpt}: tokenizer files without a vocabulary; expected one of "
        r"tokenizer\.json, tokenizer\.model, vocab\.json \+ merges\.txt$",
    ):
        check_tokenizer_files(ckpt)


def test_checked_tokenizer_files_load_in_transformers(ckpt: Path) -> None:
    """Without tokenizer_config.json, tokenizer.json alone is a tokenizer (transformers loads it)."""
    from transformers import AutoTokenizer

    (ckpt / "tokenizer_config.json").unlink()
    assert check_tokenizer_files(ckpt)
    assert AutoTokenizer.from_pretrained(str(ckpt)).encode("hello")


def test_embedded_default_model_passes() -> None:
    from qcompile.default_model import PATH

    assert check_tokenizer_files(PATH)
    assert read_eos_token_ids(PATH, Qwen4ExpConfig.from_file(PATH)) == [1, 3]
