"""Sharded checkpoints: `model.safetensors.index.json` is read, and broken files are named once.

A missing shard is one line naming the file (not one "missing" line per tensor it held), a
weight_map entry pointing at the wrong file names the key and both files, and a truncated
safetensors file names the file before any tensor is read.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file, save_file

from model.checkpoint.errors import CheckpointError
from model.checkpoint.loader import load_model

INDEX = "model.safetensors.index.json"
PLE_KEY = "model.language_model.layers.1.ple.ple_embedding.ngram_embedding.shard_0.weight"


def sharded(src: Path, out: Path, parts: int = 3) -> Path:
    """A copy of the one-file checkpoint `src` split into `parts` shards with a transformers-style index."""
    shutil.copytree(src, out, ignore=shutil.ignore_patterns("*.safetensors"))
    state = load_file(src / "model.safetensors")
    keys = sorted(state)
    weight_map = {}
    for i in range(parts):
        name = f"model-{i + 1:05d}-of-{parts:05d}.safetensors"
        chunk = keys[i::parts]
        save_file({k: state[k] for k in chunk}, str(out / name))
        weight_map.update(dict.fromkeys(chunk, name))
    total = sum(t.numel() * t.element_size() for t in state.values())
    (out / INDEX).write_text(json.dumps({"metadata": {"total_size": total}, "weight_map": weight_map}))
    return out


def edit_index(path: Path, **weight_map: str) -> None:
    index = json.loads((path / INDEX).read_text())
    index["weight_map"].update(weight_map)
    (path / INDEX).write_text(json.dumps(index))


@pytest.fixture
def shards(tiny_ckpt: Path, tmp_path: Path) -> Path:
    return sharded(tiny_ckpt, tmp_path / "sharded")


@pytest.mark.parametrize("backend", ["device", "mmap"])
def test_sharded_checkpoint_loads_like_one_file(shards: Path, tiny_ckpt: Path, backend: str) -> None:
    one = dict(load_model(tiny_ckpt, ple_backend=backend).named_parameters())
    many = dict(load_model(shards, ple_backend=backend).named_parameters())
    assert one.keys() == many.keys() and all(torch.equal(one[k], many[k]) for k in one)


def test_missing_shard_is_named_once(shards: Path) -> None:
    (shards / "model-00002-of-00003.safetensors").unlink()
    with pytest.raises(CheckpointError) as err:
        load_model(shards)
    message = str(err.value)
    assert message.startswith(
        f"{shards / INDEX} does not match the checkpoint's files (1 problems):\n  "
        "shard model-00002-of-00003.safetensors is missing (the index puts "
    )
    assert "\n" not in message.split("\n  ", 1)[1]


def test_weight_map_pointing_at_the_wrong_file_names_key_and_files(shards: Path) -> None:
    index = json.loads((shards / INDEX).read_text())
    actual = index["weight_map"][PLE_KEY]
    wrong = next(n for n in sorted(set(index["weight_map"].values())) if n != actual)
    edit_index(shards, **{PLE_KEY: wrong, "model.language_model.no_such.weight": actual})
    with pytest.raises(CheckpointError, match=r"\(2 problems\)") as err:
        load_model(shards)
    assert f"weight_map places {PLE_KEY} in {wrong}, but it is in {actual}" in str(err.value)
    assert (
        f"weight_map places model.language_model.no_such.weight in {actual}, which does not hold it "
        "(nor does any other shard)"
    ) in str(err.value)


def test_files_the_index_does_not_name_are_ignored(shards: Path, tiny_ckpt: Path) -> None:
    """As in transformers: a stray file beside an index (here one full of NaNs) is not read."""
    state = load_file(tiny_ckpt / "model.safetensors")
    save_file({k: v.float().fill_(float("nan")) for k, v in state.items()}, str(shards / "stale.safetensors"))
    load_model(shards)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not a readable JSON file"),
        ("[]", "expected a JSON object, got list"),
        ('{"weight_map": [1]}', "field 'weight_map' must be an object of tensor key -> file name"),
        (json.dumps({"weight_map": {PLE_KEY: "../model.safetensors"}}), "is not a .safetensors file name"),
    ],
)
def test_unreadable_index_is_named(shards: Path, text: str, message: str) -> None:
    (shards / INDEX).write_text(text)
    with pytest.raises(CheckpointError, match=rf"^{shards / INDEX}: .*{message}"):
        load_model(shards)


@pytest.mark.parametrize("keep", [0.5, 0.999, 100, 4])
def test_truncated_file_is_named(tiny_ckpt: Path, tmp_path: Path, keep: float) -> None:
    """Cut in the data, in the header, or inside the header length: the file is named either way."""
    out = shutil.copytree(tiny_ckpt, tmp_path / "cut")
    data = (out / "model.safetensors").read_bytes()
    (out / "model.safetensors").write_bytes(data[: int(keep * len(data)) if keep < 1 else int(keep)])
    with pytest.raises(
        CheckpointError,
        match=rf"^{out / 'model.safetensors'}: not a readable safetensors file, "
        r"truncated or corrupted\? \(.+\)$",
    ):
        load_model(out)


def test_no_safetensors_files(tiny_ckpt: Path, tmp_path: Path) -> None:
    out = shutil.copytree(tiny_ckpt, tmp_path / "empty", ignore=shutil.ignore_patterns("*.safetensors"))
    with pytest.raises(CheckpointError, match=rf"^no \*\.safetensors files in {out}$"):
        load_model(out)
