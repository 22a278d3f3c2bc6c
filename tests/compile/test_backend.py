"""Compile ranges, piecewise splitting, warmup and zero recompiles, eager fallback, the API."""

from __future__ import annotations

import copy
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch
import toy
from torch._inductor.custom_graph_pass import CustomGraphPass

import qcompile.api as api
from model.context import forward_context
from model.kernels import PDL_ENV
from qcompile.compiler.ranges import RangeTable, normalize_ranges, warmup_sizes

RANGES = [(1, 1), (2, 8), (9, 16)]


def test_ranges_validate() -> None:
    assert normalize_ranges([(65, 256), 1, (2, 64)]) == [(1, 1), (2, 64), (65, 256)]
    with pytest.raises(ValueError, match=r"\(2, 64\) and \(60, 70\) overlap"):
        normalize_ranges([(2, 64), (60, 70)])
    with pytest.raises(ValueError, match=r"\(5, 3\) is empty"):
        normalize_ranges([(5, 3)])
    with pytest.raises(ValueError, match="0 is empty"):
        normalize_ranges([0])
    t = RangeTable(normalize_ranges([1, (4, 8)]))
    assert [t.find(n) for n in (0, 1, 2, 4, 8, 9)] == [None, 0, None, 1, 1, None]
    assert warmup_sizes([(1, 1)]) == [1] and warmup_sizes([(1, 64)]) == [64, 1]
    assert warmup_sizes([(1, 1), (2, 8), (9, 16)]) == [16, 8, 1]


def _pair(seed: int = 0) -> tuple[toy.ToyModel, toy.ToyModel]:
    torch.manual_seed(seed)
    m = toy.ToyModel()
    return m, copy.deepcopy(m)


def _ids(n: int) -> torch.Tensor:
    return torch.randint(0, 32, (n,), generator=torch.Generator().manual_seed(n))


@pytest.mark.parametrize("scope,dynamic", [("layer", "oblivious"), ("kernel", "oblivious"), ("block", "unbacked")])
def test_zero_recompiles_after_warmup(scope: str, dynamic: str) -> None:
    """Warm each range once (at its end); then every size of every range runs without compiling."""
    m, ref = _pair()
    c = api.compile(m, ranges=RANGES, scope=scope, dynamic=dynamic)

    def make(n: int) -> SimpleNamespace:
        ref(_ids(n))  # the reference sees the same calls (the mixers keep state)
        return SimpleNamespace(host=None, tensors=lambda: (_ids(n),))

    assert c.compiled.warmup(make) == [16, 8, 1]
    assert c.compiled.warmup(make) == []  # warmed once
    assert c.backend.traces == 1
    tol = {"atol": 1e-5, "rtol": 1e-5}
    with torch.compiler.set_stance("fail_on_recompile"):
        for n in [1, *range(2, 17)]:
            torch.testing.assert_close(c(_ids(n)), ref(_ids(n)), **tol)
    torch.testing.assert_close(m.layers[1].mixer.state, ref.layers[1].mixer.state, **tol)
    assert c.backend.traces == 1


def test_pieces_split_at_splitting_ops() -> None:
    """In "kernel" scope the stateful mixers are splitting ops: 2 ops, 3 compiled pieces."""
    m, _ = _pair()
    c = api.compile(m, ranges=[(2, 8)], scope="kernel")
    c(_ids(4))
    split = c.backend.split_gm
    assert split is not None and len(c.backend.split_names) == 2
    assert sum(1 for n in split.graph.nodes if n.op == "call_module") == 5
    op_pieces = [getattr(split, name) for name in sorted(c.backend.split_names)]
    for piece in op_pieces:
        assert [n.target for n in piece.graph.nodes if n.op == "call_function"] == [
            torch.ops.qcompile.toy_mixer.default
        ]


def test_out_of_range_runs_eagerly_and_warns_once() -> None:
    m, ref = _pair()
    c = api.compile(m, ranges=[(2, 8)], scope="layer")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for n in (1, 20, 20):
            assert torch.equal(c(_ids(n)), ref(_ids(n)))
    assert len([w for w in caught if "outside the compile ranges" in str(w.message)]) == 1
    assert c.backend.traces == 0


def test_layer_scope_matches_eager() -> None:
    """Every layer opaque: the layers are bitwise eager; Inductor's final rms_norm rounds its own way."""
    m, ref = _pair()
    c = api.compile(m, ranges=[(1, 8)], scope="layer")
    for n in (8, 3, 1):
        got, exp = c(_ids(n)), ref(_ids(n))
        torch.testing.assert_close(got, exp, atol=1e-6, rtol=1e-6)


def test_api_rejects_bad_cudagraph_and_dynamic() -> None:
    m, _ = _pair()
    with pytest.raises(ValueError, match="need a model on a CUDA device"):
        api.compile(m, cudagraph="piecewise")
    with pytest.raises(ValueError, match="cudagraph must be one of"):
        api.compile(m, cudagraph="reduce-overhead")
    with pytest.raises(ValueError, match="dynamic"):
        api.compile(m, dynamic="maybe")


class _Seen(CustomGraphPass):
    """A post-grad pre-pass that counts the graphs Inductor runs it on (uuid None: no FX cache hits)."""

    def __init__(self) -> None:
        self.graphs = 0

    def __call__(self, graph: torch.fx.Graph) -> None:
        self.graphs += 1

    def uuid(self) -> None:
        return None


def test_inductor_patches_reach_every_piece_s_compile() -> None:
    """`inductor=`: each compiled piece runs under the patches (here a pass hook that counts the pieces)."""
    m, ref = _pair()
    seen = _Seen()
    c = api.compile(m, ranges=[(2, 8)], scope="kernel", inductor=(("post_grad_custom_pre_pass", seen),))
    torch.testing.assert_close(c(_ids(4)), ref(_ids(4)), atol=1e-5, rtol=1e-5)
    assert seen.graphs == 3  # the kernel scope's three compiled pieces (`test_pieces_split_at_splitting_ops`)
    with pytest.raises(ValueError, match="inductor patch 'no_such_option': torch._inductor.config has no such"):
        api.compile(m, inductor=(("no_such_option", 1),))
    with pytest.raises(ValueError, match=r"CompileConfig.inductor must hold \(name, value\) pairs"):
        api.compile(m, inductor=(("combo_kernels",),))


class _Options(CustomGraphPass):
    """A post-grad pre-pass that records the Inductor options each piece compiles under."""

    def __init__(self) -> None:
        self.seen: list[tuple[bool, bool]] = []

    def __call__(self, graph: torch.fx.Graph) -> None:
        cfg = torch._inductor.config
        self.seen.append((cfg.combo_kernels, cfg.triton.autotune_pointwise, cfg.triton.enable_pdl))

    def uuid(self) -> None:
        return None


def test_range_patches_single_size_ranges_and_the_caller_on_top() -> None:
    """Combo kernels in the single-size range only, pointwise autotuning off everywhere; the
    caller's patches override both."""
    m, ref = _pair()
    opts = _Options()
    c = api.compile(m, ranges=[(1, 1), (2, 8)], scope="kernel", inductor=(("post_grad_custom_pre_pass", opts),))
    for n in (1, 4):
        torch.testing.assert_close(c(_ids(n)), ref(_ids(n)), atol=1e-5, rtol=1e-5)
    assert sorted(set(opts.seen)) == [(False, False, True), (True, False, True)], opts.seen
    opts = _Options()
    caller = (("post_grad_custom_pre_pass", opts), ("combo_kernels", False), ("triton.autotune_pointwise", True))
    c = api.compile(m, ranges=[(1, 1), (2, 8)], scope="kernel", inductor=caller)
    for n in (1, 4):
        c(_ids(n))
    assert set(opts.seen) == {(False, True, True)}, opts.seen


def test_inductor_launches_as_a_dependent_when_our_kernels_do(monkeypatch: pytest.MonkeyPatch) -> None:
    """`QCOMPILE_PDL=0` turns programmatic launch off for Inductor's kernels too (the two share one
    ordering rule, `model.kernels.codes.pdl`)."""
    monkeypatch.setenv(PDL_ENV, "0")
    m, _ = _pair()
    opts = _Options()
    c = api.compile(m, ranges=[(2, 8)], scope="kernel", inductor=(("post_grad_custom_pre_pass", opts),))
    c(_ids(4))
    assert set(opts.seen) == {(False, False, False)}, opts.seen


def test_dump_dir(tmp_path: Path) -> None:
    """depyf writes decompiled bytecode, the Dynamo graph, per-pass post-grad graphs, output code."""
    m, _ = _pair()
    c = api.compile(m, ranges=[(2, 4)], scope="kernel", dump_dir=str(tmp_path))
    c(_ids(3))
    names = [p.name for p in tmp_path.iterdir()]
    assert any(n.startswith("full_code_for_forward") for n in names), names
    assert any("qcompile_post_grad" in n for n in names), names
    assert any("kernel" in n for n in names), names


def test_warmup_under_autograd_serves_calls_without_it() -> None:
    """Dynamo guards on the grad mode; compiled calls run without autograd whatever the caller's
    mode, so a warmup under autograd and serving under `no_grad` share one trace."""
    m, ref = _pair()
    c = api.compile(m, ranges=RANGES, scope="kernel")

    def make(n: int) -> SimpleNamespace:
        ref(_ids(n))
        return SimpleNamespace(host=None, tensors=lambda: (_ids(n),))

    with torch.enable_grad():
        c.compiled.warmup(make)
    with torch.compiler.set_stance("fail_on_recompile"):
        for n in [1, 5, 16]:
            ref(_ids(n))
            c(_ids(n))
        with torch.enable_grad():
            assert not c(_ids(3)).requires_grad
    assert c.backend.traces == 1


def test_size_one_compiles_in_the_first_trace_once(caplog: pytest.LogCaptureFixture) -> None:
    """Inductor's lowering of the tiny model's PLE window asks `n != 1`; range (2, 8) compiles knowing
    `n >= 2`, so no guard excludes size 1 from the trace, and one trace compiles both ranges once."""
    from model.config import Qwen4ExpConfig
    from model.presets import preset_config
    from model.qwen4_exp import Qwen4ExpForCausalLM

    torch.manual_seed(0)
    model = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(preset_config("tiny"))).eval()
    model.init_state(max_num_seqs=8, max_model_len=32)
    c = api.compile(model, ranges=((1, 1), (2, 8)), scope="kernel")
    with caplog.at_level("INFO", logger="qcompile.compiler.backend"):
        c.warmup()
    compiled = [r.args for r in caplog.records if "compiling" in r.getMessage()]
    pieces = {name for name, _, _ in compiled}
    assert c.backend.traces == 1
    assert sorted(r for _, r, _ in compiled).count((1, 1)) == len(pieces)
    assert sorted(r for _, r, _ in compiled).count((2, 8)) == len(pieces)
    with torch.compiler.set_stance("fail_on_recompile"):
        for n in (1, 5):
            batch = model.padding_batch(n)
            with forward_context(batch.host):
                c(*batch.tensors())


def test_piece_inputs_are_dynamo_s_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each piece's example inputs come from the meta Dynamo left on the split graph: the same
    shapes, strides, storage sharing and graph-input objects as a fake run of the split graph gives
    (which stays the fallback when a value is missing)."""
    from model.config import Qwen4ExpConfig
    from model.presets import preset_config
    from model.qwen4_exp import Qwen4ExpForCausalLM
    from qcompile.compiler.backend import QBackend

    def layout(values: tuple, graph_inputs: set[int]) -> list:
        storages: dict[int, int] = {}
        return [
            (
                tuple(v.shape),
                v.stride(),
                v.dtype,
                v.storage_offset(),
                storages.setdefault(id(v.untyped_storage()), len(storages)),
                id(v) if id(v) in graph_inputs else None,
            )
            if isinstance(v, torch.Tensor)
            else str(v)
            for v in values
        ]

    checked: list[int] = []
    from_meta = QBackend._piece_inputs

    def compare(self: QBackend, split: torch.fx.GraphModule, vals: list) -> dict:
        got, want = from_meta(self, split, vals), self._fake_run(split, vals)
        ids = {id(v) for v in vals}
        assert got.keys() == want.keys()
        assert all(layout(got[k], ids) == layout(want[k], ids) for k in want)
        piece = next(n.target for n in split.graph.find_nodes(op="call_module"))
        placeholder = next(iter(getattr(split, piece).graph.find_nodes(op="placeholder")))
        placeholder.meta.pop("example_value")  # a missing value: the fake run answers for every piece
        fallback = from_meta(self, split, vals)
        assert all(layout(fallback[k], ids) == layout(want[k], ids) for k in want)
        checked.append(sum(len(v) for v in got.values()))
        return got

    monkeypatch.setattr(QBackend, "_piece_inputs", compare)
    torch.manual_seed(0)
    model = Qwen4ExpForCausalLM(Qwen4ExpConfig.from_dict(preset_config("tiny"))).eval()
    model.init_state(max_num_seqs=4, max_model_len=32)
    api.compile(model, ranges=((2, 8),), scope="kernel").warmup()
    assert checked and checked[0] > 20
