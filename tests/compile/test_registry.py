"""Registry entries are valid custom ops, and the region dispatcher honours the scope."""

from __future__ import annotations

import copy

import pytest
import torch
import toy

from qcompile.ops import REGISTRY, register_modules, scope

TOY = ["toy_mixer", "toy_mlp", "toy_layer", "toy_scale_add", "toy_add_into"]


@pytest.mark.parametrize("name", TOY)
def test_opcheck(name: str) -> None:
    entry = REGISTRY[name]
    assert entry.op is getattr(torch.ops.qcompile, name).default
    for args, kwargs in entry.sample_inputs("cpu"):
        torch.library.opcheck(entry.op, args, kwargs)


def test_entry_metadata() -> None:
    mixer = REGISTRY["toy_mixer"]
    assert mixer.mutates_args == ("s0", "out") and mixer.splitting
    assert mixer.is_opaque("kernel") and not mixer.is_opaque(None)
    assert REGISTRY["toy_layer"].opaque_in == frozenset({"layer"})
    assert REGISTRY.for_target(torch.ops.qcompile.toy_mlp.default) is REGISTRY["toy_mlp"]
    assert REGISTRY.for_target(torch.ops.aten.add.Tensor) is None


def test_bad_scope() -> None:
    with pytest.raises(ValueError, match="unknown scopes"), scope("everything"):
        pass


@pytest.mark.parametrize("s", [None, "layer", "block", "kernel"])
def test_scope_dispatch_is_exact(s: str | None) -> None:
    """Every scope computes bit-for-bit what plain eager computes, state included."""
    torch.manual_seed(0)
    ref = toy.ToyModel()
    m = copy.deepcopy(ref)
    register_modules(m)
    ids = torch.randint(0, 32, (5,))
    with scope(s):
        got = [m(ids), m(ids)]
    exp = [ref(ids), ref(ids)]
    assert all(torch.equal(a, b) for a, b in zip(got, exp, strict=True))
    assert torch.equal(m.layers[1].mixer.state, ref.layers[1].mixer.state)


def test_region_op_mutates_the_tensors_it_is_given() -> None:
    """Handed a clone of the state (as functionalization may), the op writes the clone only."""
    mixer = toy.ToyMixer()
    register_modules(mixer)
    x = torch.randn(3, toy.HIDDEN)
    own = mixer.state.clone()
    given = mixer.state.clone()
    out = torch.empty(3, toy.HIDDEN)
    torch.ops.qcompile.toy_mixer(mixer._qcompile_key, x, given, out)
    assert torch.equal(mixer.state, own)
    assert torch.equal(given, own + x.sum(0, keepdim=True))
    assert mixer.state is mixer._buffers["state"]
