"""Checked readers of a checkpoint's non-weight files: `config.json`'s model type, `generation_config.json`
and the tokenizer files.

transformers reads these with errors that name neither the file nor the field (a `KeyError`, a
`TypeError` between int and str), or not at all: a `tokenizer_config.json` without a vocabulary
beside it loads as a tokenizer that encodes every text to no tokens. These readers fail first, with
one line naming the file, the field and what it must be, so the engine can refuse to start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from model.checkpoint.errors import CheckpointError, read_json_object
from model.config import Qwen4ExpConfig, brief_repr

TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "tokenizer.model")
# a vocabulary transformers can build a tokenizer from: any one of these sets of files
VOCABULARIES = (("tokenizer.json",), ("tokenizer.model",), ("vocab.json", "merges.txt"))
# `model_type`s of config.json (top level or `text_config`) this model runs; a config without one is read
MODEL_TYPES = ("qwen4_exp", "qwen4_exp_text")
SPECIAL_TOKENS = ("bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token", "mask_token")


def _field_error(path: Path, name: str, value: object, expected: str) -> CheckpointError:
    return CheckpointError(
        f"{path}: field '{name}' = {brief_repr(value)}: expected {expected}, got {type(value).__name__}"
    )


def read_config(path: str | Path) -> Qwen4ExpConfig:
    """The config of the checkpoint folder `path`, refused in one line when its `model_type` names another
    architecture (a llama checkpoint's geometry could otherwise parse and load as a Qwen4-Exp)."""
    file = Path(path) / "config.json"
    raw = read_json_object(file)
    text = raw.get("text_config")
    for at, holder in (("", raw), ("text_config.", text if isinstance(text, dict) else {})):
        model_type = holder.get("model_type")
        if model_type is not None and model_type not in MODEL_TYPES:
            raise CheckpointError(
                f"{file}: field '{at}model_type' = {brief_repr(model_type)} is not a Qwen4-Exp checkpoint "
                f"(accepted: {', '.join(MODEL_TYPES)})"
            )
    return Qwen4ExpConfig.from_file(file)


def read_eos_token_ids(path: str | Path, config: Qwen4ExpConfig) -> list[int]:
    """Every id that ends generation: the config's eos and `generation_config.json`'s `eos_token_id`
    (one id or a list: chat end, text end), each a token id of the model's vocabulary."""
    ids = {config.eos_token_id}
    gen = Path(path) / "generation_config.json"
    if gen.exists():
        value = read_json_object(gen).get("eos_token_id")
        listed = value if isinstance(value, list) else [] if value is None else [value]
        expected = f"a token id or a list of token ids (integers in [0, {config.vocab_size}))"
        if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < config.vocab_size for i in listed):
            raise _field_error(gen, "eos_token_id", value, expected)
        ids.update(listed)
    return sorted(ids)


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CheckpointError(f"{path}: not a readable UTF-8 text file ({e})") from None


def _is_token(value: Any) -> bool:
    """A special token as tokenizer_config.json stores it: a string, null, or a serialised AddedToken."""
    return value is None or isinstance(value, str) or isinstance(value, dict) and isinstance(value.get("content"), str)


def _check_tokenizer_config(path: Path) -> None:
    cfg = read_json_object(path)
    for name in SPECIAL_TOKENS:
        if name in cfg and not _is_token(cfg[name]):
            raise _field_error(path, name, cfg[name], "a string, null or an object with a string 'content'")
    template = cfg.get("chat_template")
    named = isinstance(template, list) and all(
        isinstance(t, dict) and isinstance(t.get("name"), str) and isinstance(t.get("template"), str) for t in template
    )
    if template is not None and not isinstance(template, str) and not named:
        raise _field_error(path, "chat_template", template, "a string or a list of {name, template} strings")
    limit = cfg.get("model_max_length")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, (int, float)) or limit <= 0):
        raise _field_error(path, "model_max_length", limit, "a positive number")
    decoder = cfg.get("added_tokens_decoder")
    if decoder is not None and not isinstance(decoder, dict):
        raise _field_error(path, "added_tokens_decoder", decoder, "an object of token id -> token")


def check_tokenizer_files(path: str | Path) -> bool:
    """Whether the checkpoint ships a tokenizer (False: none, so prompts must be token ids).

    Raises `CheckpointError` naming the file (and field) when one is present but cannot serve:
    `tokenizer.json` that the `tokenizers` library cannot parse, a `tokenizer_config.json` that
    is not a JSON object or has a field of the wrong type, an unreadable `chat_template.jinja`, or
    tokenizer files without any vocabulary (`tokenizer.json`, `tokenizer.model` or
    `vocab.json` + `merges.txt`).
    """
    folder = Path(path)
    if not any((folder / name).exists() for name in TOKENIZER_FILES):
        return False
    if (config := folder / "tokenizer_config.json").exists():
        _check_tokenizer_config(config)
    if (fast := folder / "tokenizer.json").exists():
        from tokenizers import Tokenizer

        text = _read_text(fast)
        try:
            Tokenizer.from_str(text)
        except Exception as e:  # tokenizers raises a plain Exception for every parse error
            raise CheckpointError(f"{fast}: not a tokenizer the tokenizers library can load ({e})") from None
    if (template := folder / "chat_template.jinja").exists():
        _read_text(template)
    if not any(all((folder / name).exists() for name in files) for files in VOCABULARIES):
        raise CheckpointError(
            f"{folder}: tokenizer files without a vocabulary; expected one of "
            + ", ".join(" + ".join(files) for files in VOCABULARIES)
        )
    return True
