"""Registry entries are valid custom ops, and the region dispatcher honours the scope."""

from __future__ import annotations

import copy

import pytest
import torch
import toy

from qcompile.ops import REGISTRY, Region, op_arguments, register_modules, register_regions, scope
from qcompile.ops.registry import region_arity

TOY = ["toy_mixer", "toy_mlp", "toy_layer"]


@pytest.mark.parametrize("name", TOY)
def test_opcheck(name: str) -> None:
    entry = REGISTRY[name]
    assert entry.op is getattr(torch.ops.qcompile, name).default
    module, args = toy.sample(name)
    torch.library.opcheck(entry.op, args, {})
    del module  # alive until the op has run


def test_entry_metadata() -> None:
    mixer = REGISTRY["toy_mixer"]
    assert mixer.mutates_args == ("s0", "out") and mixer.splitting and mixer.num_inputs == 1
    assert mixer.is_opaque("kernel") and not mixer.is_opaque(None)
    assert REGISTRY["toy_layer"].opaque_in == frozenset({"layer"})
    assert REGISTRY["toy_add_into"].num_inputs == 2  # from the method's signature
    assert REGISTRY.for_target(torch.ops.qcompile.toy_mlp.default) is REGISTRY["toy_mlp"]
    assert REGISTRY.for_target(torch.ops.aten.add.Tensor) is None


def test_a_region_that_writes_out_gets_the_buffer() -> None:
    """A method with `*, out=None` counts only its tensors as inputs; the op hands it the caller's
    buffer, which it fills itself; called plainly (no scope) it gets none."""
    assert REGISTRY["toy_double_into"].num_inputs == 1
    m = toy.ToyDouble()
    register_modules(m)
    x = torch.randn(3, 4)
    args = op_arguments(REGISTRY["toy_double_into"], m, [x])
    REGISTRY["toy_double_into"].op(*args)
    assert m.given == [True] and torch.equal(args[-1], 2 * x)
    with scope(None):
        assert torch.equal(m.double(x), 2 * x)
    assert m.given == [True, False]


def test_region_signatures_are_checked() -> None:
    def positional_out(self: torch.nn.Module, x: torch.Tensor, out: torch.Tensor | None = None) -> torch.Tensor:
        return x

    def keyword_tensor(self: torch.nn.Module, x: torch.Tensor, *, y: torch.Tensor) -> torch.Tensor:
        return x

    for method, bad in ((positional_out, "out"), (keyword_tensor, "y")):
        with pytest.raises(TypeError, match=rf"bad: \['{bad}'\]"):
            region_arity("toy_bad", method)


def test_table_rows_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown scopes"):
        Region("toy_x", frozenset({"everything"}))
    with pytest.raises(ValueError, match="no model method declares"):
        register_regions([Region("toy_undeclared", frozenset({"layer"}))])


def test_state_is_checked_when_a_model_is_registered() -> None:
    class WrongState(toy.ToyMixer):
        def region_state(self, region: str) -> tuple[torch.Tensor, ...]:
            return ()

    with pytest.raises(RuntimeError, match="declares 1 state tensors"):
        register_modules(WrongState())


def test_two_models_of_one_layout_get_their_own_keys() -> None:
    a, b = toy.ToyModel(), toy.ToyModel()
    register_modules(a)
    register_modules(b)
    ka, kb = a.layers[0].mixer._qcompile_key, b.layers[0].mixer._qcompile_key
    assert ka != kb and ka.endswith("layers.0.mixer") and kb.endswith("layers.0.mixer")
    register_modules(a)  # a second compile of one model keeps its keys
    assert a.layers[0].mixer._qcompile_key == ka


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
