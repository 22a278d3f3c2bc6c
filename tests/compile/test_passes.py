"""Each post-grad pass, shown on its graph before and after and on Inductor's output code.

Inductor's caches are disabled here (in `compile_with`): on an FX-graph-cache hit the custom passes
are not called at all, and these tests observe the passes themselves.
"""

from __future__ import annotations

import pytest
import torch
import toy
from passes_util import call_body, compile_with
from torch.fx.experimental.proxy_tensor import make_fx

from qcompile.ops import register_modules, scope
from qcompile.passes import (
    CallerOwnedOutputs,
    LateScatter,
    NoOpElimination,
    PassManager,
    ReinplaceGuard,
    RoundedSplitSource,
    default_passes,
)
from qcompile.passes.graph_utils import targets

ADD_INTO = toy.add_into
AFV2_ADD = "auto_functionalized_v2[qcompile.toy_add_into.default]"


@torch.library.custom_op("qtest::add_out", mutates_args=("out",))
def add_out(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    """Not in the registry: the reinplace guard must protect every mutating op."""
    torch.add(x, y, out=out)


@add_out.register_fake
def _(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> None:
    return None


def out_intermediate(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    ADD_INTO(x, y, out)
    return out * 2


def out_input(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    ADD_INTO(x, y, out)
    return out + 1


def out_read_before(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
    z = out + 1  # old value, consumed after the op: Inductor sinks this read past the op
    ADD_INTO(x, y, out)
    return z * out


def _args(n: int) -> list[torch.Tensor]:
    torch.manual_seed(0)
    return [torch.randn(4, 4) for _ in range(n)]


@pytest.mark.parametrize("fn,n", [(out_intermediate, 2), (out_input, 3), (out_read_before, 3)])
def test_caller_owned_writes_in_place(fn, n: int) -> None:  # type: ignore[no-untyped-def]
    args, ref = _args(n), _args(n)
    got, code, stages = compile_with(fn, args, [CallerOwnedOutputs(), NoOpElimination()])
    assert AFV2_ADD in stages["input"]
    assert AFV2_ADD not in stages["0.caller_owned"] and "qcompile.toy_add_into.default" in stages["0.caller_owned"]
    assert "aten.copy_.default" not in stages["1.noop"]
    body = call_body(code)
    assert "clone" not in body and "copy_" not in body, body
    assert torch.equal(got, fn(*ref)) and all(torch.equal(a, b) for a, b in zip(args, ref, strict=True))


def test_without_the_pass_inductor_clones() -> None:
    """The baseline the pass improves on: Inductor alone clones `out` and copies it back."""
    args, ref = _args(3), _args(3)
    got, code, _ = compile_with(out_read_before, args, [])
    assert "clone" in call_body(code)
    assert torch.equal(got, out_read_before(*ref))


def test_caller_owned_state_buffers() -> None:
    """A region op's output and its module-buffer state are written in place (scope "block")."""
    torch.manual_seed(0)
    layer, ref = toy.ToyLayer(), toy.ToyLayer()
    ref.load_state_dict(layer.state_dict())
    register_modules(layer)
    x = torch.randn(5, toy.HIDDEN)
    with scope("block"):
        got, code, stages = compile_with(layer.layer, [x], None, scope="block")
    assert "auto_functionalized_v2[qcompile.toy_mixer.default]" in stages["input"]
    assert "qcompile.toy_mixer.default" in stages["3.caller_owned"]
    body = call_body(code)
    assert "torch.ops.qcompile.toy_mixer.default" in body
    assert "clone" not in body and "copy_" not in body, body
    # the traced rms_norm is Inductor's, so agreement is to rounding, not bitwise
    torch.testing.assert_close(got, ref.layer(x), atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(layer.mixer.state, ref.mixer.state, atol=1e-5, rtol=1e-5)


def hazard(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    z = out + 1  # reads the OLD contents of out
    torch.ops.qtest.add_out(x, y, out)
    return z * out * w


HAZARD_MODES = [
    pytest.param(True, {}, id="training"),
    pytest.param(False, {"reorder_for_locality": False}, id="no-reorder"),
    pytest.param(False, {}, id="inference"),
]


def _hazard(training: bool, passes, inductor: dict) -> bool:  # type: ignore[no-untyped-def]
    a, ra = _args(3), _args(3)
    w = torch.randn(4, 4, requires_grad=training)
    with torch.enable_grad():
        got, _, _ = compile_with(hazard, [*a, w], passes, **inductor)
        exp = hazard(*ra, w)
    return torch.allclose(got, exp) and torch.equal(a[2], ra[2])


@pytest.mark.parametrize("training,inductor", HAZARD_MODES)
def test_reinplace_guard(training: bool, inductor: dict) -> None:
    assert _hazard(training, [ReinplaceGuard()], inductor)
    assert _hazard(training, None, inductor)  # the whole pipeline


@pytest.mark.parametrize("training,inductor", HAZARD_MODES[:2])
def test_reinplace_hazard_without_guard_is_wrong(training: bool, inductor: dict) -> None:
    """The torch 2.13 bug the guard exists for; if this starts passing, torch fixed it."""
    assert not _hazard(training, [], inductor)


def test_reinplace_guard_graph() -> None:
    args = [*_args(3), torch.randn(4, 4)]
    _, _, stages = compile_with(hazard, args, [ReinplaceGuard()], reorder_for_locality=False)
    assert stages["input"][:2] == ["aten.add.Tensor", "auto_functionalized_v2[qtest.add_out.default]"]
    assert stages["0.reinplace_guard"][:3] == [
        "aten.add.Tensor",
        "prims.inductor_force_stride_order.default",
        "auto_functionalized_v2[qtest.add_out.default]",
    ]


def test_noop_elimination() -> None:
    def f(x: torch.Tensor) -> torch.Tensor:
        y = torch.ops.aten.slice.Tensor(x.reshape(4, 4), 1, 0, 4).permute(0, 1).clone() + 1
        return torch.ops.aten.copy_(y, y)

    gm = make_fx(f, tracing_mode="fake")(torch.randn(4, 4))
    before = targets(gm.graph)
    NoOpElimination()(gm.graph)
    after = targets(gm.graph)
    assert {
        "aten.view.default",
        "aten.slice.Tensor",
        "aten.permute.default",
        "aten.clone.default",
        "aten.copy_.default",
    } <= set(before)
    assert after == ["aten.add.Tensor"]


def test_noop_keeps_clones_once_the_graph_mutates() -> None:
    def f(x: torch.Tensor, y: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
        old = out.clone()
        ADD_INTO(x, y, out)
        return old

    gm = make_fx(f, tracing_mode="fake")(*_args(3))
    NoOpElimination()(gm.graph)
    assert "aten.clone.default" in targets(gm.graph)


def test_manager_uuid_tracks_config() -> None:
    from qcompile.passes import PassManager

    a = PassManager("block", (2, 64)).uuid()
    assert a == PassManager("block", (2, 64)).uuid()
    assert a != PassManager("block", (65, 256)).uuid() != PassManager("kernel", (2, 64)).uuid()
    assert [p.name for p in default_passes()] == [
        "noop",
        "rounded_split",
        "late_scatter",
        "caller_owned",
        "reinplace_guard",
        "noop",
    ]


def rounded_split(x: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The GDN input's shape of computation: a four-tap causal conv over shifted rows (many reads) in
    float32, rounded to bf16, `silu`, split into q, k, v; q and k l2-normalised per head, all in float32."""
    t = x.shape[0] - 3
    conv = sum(x[3 - j : 3 - j + t].float() * w[j] for j in range(4))
    q, k, v = torch.split(torch.nn.functional.silu(conv.to(torch.bfloat16)), [32, 32, 64], dim=-1)
    q, k = (p.unflatten(-1, (2, 16)).float() for p in (q, k))
    q, k = (p * torch.rsqrt((p * p).sum(-1, keepdim=True) + 1e-6) for p in (q, k))
    return q, k, v.unflatten(-1, (4, 16)).float()


def _rounded_split_args() -> list[torch.Tensor]:
    gen = torch.Generator().manual_seed(0)
    return [torch.randn(67, 128, generator=gen).bfloat16(), torch.randn(4, 128, generator=gen)]


def test_rounded_split_source_graph() -> None:
    _, _, stages = compile_with(rounded_split, _rounded_split_args(), [RoundedSplitSource()])
    before, after = stages["input"], stages["0.rounded_split"]
    cast, split = "prims.convert_element_type.default", "aten.split_with_sizes.default"
    assert after.count("prims.inductor_force_stride_order.default") == 1
    forced = after.index("prims.inductor_force_stride_order.default")
    assert after[forced - 1] == cast and after[forced + 1] == split
    assert [t for t in after if t != "prims.inductor_force_stride_order.default"] == before


@pytest.mark.parametrize("passes", [[], [RoundedSplitSource()]], ids=["inductor", "rounded_split"])
def test_rounded_split_source_bytes(passes: list) -> None:
    """Under Triton's fusion rules Inductor realizes the conv's float32 upcast (the `silu` reads it twice)
    and q, k, v each read that; with the pass the conv's kernel writes the bf16 source once and the
    pieces read it. The stored source is rounded to bf16 as eager rounds it (v, its float32 upcast,
    holds bf16 values); without the pass the pieces' kernels fuse the cast to bf16 and back, which
    Inductor drops (`emulate_precision_casts` off): v keeps float32 bits (if that changes, torch did)."""
    from scripts.experiments import stream_bytes as sb

    args = _rounded_split_args()
    t, c = args[0].shape[0] - 3, args[0].shape[1]
    with torch._inductor.config.patch(post_grad_custom_post_pass=PassManager(passes=passes)):
        first, *pieces = sb.fused_schedule(rounded_split, *args, stream_bytes=t * c * 2)
    assert len(pieces) == 3
    assert first.written == t * c * (2 if passes else 4)
    assert all(p.read <= t * c * (2 if passes else 4) for p in pieces)
    (_, _, v), _, _ = compile_with(rounded_split, args, passes)
    assert torch.equal(v, v.bfloat16().float()) == bool(passes)


def conv_commit(x: torch.Tensor, tail: torch.Tensor, slots: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    """A GDN input's decode step: the causal conv reads the old tail, then the commit writes the new one."""
    from model.window import causal_conv, commit_tail, gather_window

    offsets = torch.zeros_like(slots)
    conv = causal_conv(x, tail, slots, offsets, w)
    commit_tail(tail, gather_window(x, tail, slots, offsets), slots)
    return torch.nn.functional.silu(conv)


@pytest.mark.parametrize("passes", [[], [LateScatter()]], ids=["inductor", "late_scatter"])
def test_late_scatter_writes_the_state_in_place(passes: list) -> None:
    """Inductor's `reorder_for_locality` moves the conv's reads of the old tail after the commit's
    functional scatter, so it clones every slot's tail, scatters and copies it back (a kernel of the
    tail's size each way); with the scatter moved to its first user it writes in place. Bitwise eager."""
    from scripts.experiments import stream_bytes as sb

    gen = torch.Generator().manual_seed(0)
    x, tail = torch.randn(2, 64, generator=gen), torch.randn(9, 3, 64, generator=gen)
    slots, w = torch.tensor([5, 2]), torch.randn(64, 1, 4, generator=gen)
    with torch._inductor.config.patch(post_grad_custom_post_pass=PassManager(passes=passes)):
        kernels = sb.fused_schedule(conv_commit, x, tail.clone(), slots, w, stream_bytes=tail.nbytes)
    whole = [n for n in kernels if n.written == tail.nbytes]
    assert len(whole) == (0 if passes else 2)
    assert len(kernels) == (3 if passes else 4)
    want_tail = tail.clone()
    want = conv_commit(x, want_tail, slots, w)
    got_tail = tail.clone()
    got, _, stages = compile_with(conv_commit, (x, got_tail, slots, w), passes)
    assert torch.equal(got, want) and torch.equal(got_tail, want_tail)
    if passes:
        after = stages["0.late_scatter"]
        assert after.index("aten.index_put.default") > max(i for i, t in enumerate(after) if t == "aten.index.Tensor")
