"""Merged projections (`model/fuse.py`): the same names and bytes, fewer GEMMs, the unmerged model's numbers.

Merging changes only how the GEMMs are blocked, so on CPU fp32 the merged model is held to the
oracle bound (1e-5) against the unmerged eager model, and in bf16 its error against the fp32 model
may not exceed the unmerged bf16 model's (the rule the compiled scopes follow).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils._python_dispatch import TorchDispatchMode

from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from model.config import Qwen4ExpConfig
from model.fuse import ALIGN, Projections, merge_projections, project
from model.gdn import GDN_INPUT, GatedDeltaNet
from model.presets import preset_config
from model.qwen4_exp import Qwen4ExpForCausalLM
from tests.scopes.conftest import teacher_forced

STEPS = 6
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "quant"


def groups(model: nn.Module) -> dict[str, tuple[nn.Module, Projections]]:
    """Every declared projection group, by the qualified name of its merged buffer."""
    return {
        f"{name}.{g.merged}": (module, g)
        for name, module in model.named_modules()
        for g in getattr(type(module), "PROJECTIONS", ())
    }


def storage_bytes(model: nn.Module) -> int:
    """Bytes of the distinct storages behind the parameters and buffers (views count once)."""
    storages = {
        t.untyped_storage().data_ptr(): t.untyped_storage().nbytes() for t in [*model.parameters(), *model.buffers()]
    }
    return sum(storages.values())


def test_merge_keeps_names_and_values_and_holds_each_weight_once(tiny8_ckpt: Path) -> None:
    plain = load_model(tiny8_ckpt, dtype=torch.float32)
    model = load_model(tiny8_ckpt, dtype=torch.float32)
    before = storage_bytes(model)
    merged = merge_projections(model)
    layers = model.model.layers
    # per layer: its mixer, two hyper-connections and the MoE; plus the PLE layers' key/value
    assert len(merged) == 4 * len(layers) + sum(layer.ple is not None for layer in layers)
    assert sorted(merged) == sorted(groups(model))
    want, got = plain.state_dict(), model.state_dict()
    assert list(got) == list(want)  # no merged buffer is saved or loaded
    assert all(torch.equal(got[k], want[k]) for k in want)
    assert [n for n, _ in model.named_parameters()] == [n for n, _ in plain.named_parameters()]
    padding = 0
    for name, (module, group) in groups(model).items():
        buffer = getattr(module, group.merged)
        rows = [module.get_submodule(p).weight for p in group.parts]
        assert all(w.untyped_storage().data_ptr() == buffer.untyped_storage().data_ptr() for w in rows), name
        offsets = [(w.data_ptr() - buffer.data_ptr()) // w.element_size() // w.shape[1] for w in rows]
        assert all(o % ALIGN == 0 for o in offsets) and buffer.shape[0] % ALIGN == 0, (name, offsets)
        pad = torch.ones(buffer.shape[0], dtype=torch.bool)
        for o, w in zip(offsets, rows, strict=True):
            pad[o : o + w.shape[0]] = False
        assert not buffer[pad].any(), name  # the aligning rows are zero
        padding += buffer.nbytes - sum(w.nbytes for w in rows)
    assert storage_bytes(model) == before + padding  # each weight once, plus the zero rows that align the parts
    pointers = {n: getattr(m, g.merged).data_ptr() for n, (m, g) in groups(model).items()}
    assert merge_projections(model) == merged  # idempotent: the buffers stay
    assert pointers == {n: getattr(m, g.merged).data_ptr() for n, (m, g) in groups(model).items()}
    with torch.no_grad():  # an in-place load into a part reaches the merged GEMM
        model.model.layers[0].linear_attn.in_proj_z.weight.fill_(0.5)
    assert bool((model.model.layers[0].linear_attn.merged_in_proj == 0.5).any())


def test_init_state_merges_unless_told_not_to(tiny_ckpt: Path) -> None:
    for merge in (True, False):
        model = load_model(tiny_ckpt, dtype=torch.float32)
        model.init_state(max_num_seqs=2, max_model_len=16, merge=merge)
        assert any("merged" in n for n, _ in model.named_buffers()) == merge


@pytest.mark.parametrize("ckpt", ["tiny_ckpt", "tiny8_ckpt"])
def test_merged_model_matches_the_unmerged_one_fp32(ckpt: str, request: pytest.FixtureRequest) -> None:
    path = request.getfixturevalue(ckpt)
    unmerged = load_model(path, dtype=torch.float32)
    unmerged.init_state(max_num_seqs=4, max_model_len=64, merge=False)
    ref, tokens = teacher_forced(unmerged, unmerged, STEPS)
    model = load_model(path, dtype=torch.float32)
    model.init_state(max_num_seqs=4, max_model_len=64)
    got, _ = teacher_forced(model, model, STEPS, tokens)
    worst = max((a - b).abs().max().item() for a, b in zip(ref, got, strict=True))
    assert worst <= 1e-5, f"max logprob difference {worst:.3g}"


def test_merged_bf16_is_no_worse_than_unmerged_bf16(tiny_ckpt: Path) -> None:
    """Mean logprob error against the fp32 model and top-1 agreement with it, on one token path."""
    fp32 = load_model(tiny_ckpt, dtype=torch.float32)
    fp32.init_state(max_num_seqs=4, max_model_len=64, merge=False)
    ref, tokens = teacher_forced(fp32, fp32, STEPS)

    def error(merge: bool) -> tuple[float, float]:
        model = load_model(tiny_ckpt, dtype=torch.bfloat16)
        model.init_state(max_num_seqs=4, max_model_len=64, merge=merge)
        rows, _ = teacher_forced(model, model, STEPS, tokens)
        mean = sum((a - b).abs().sum().item() for a, b in zip(ref, rows, strict=True)) / sum(a.numel() for a in ref)
        top1 = sum((a.argmax(-1) == b.argmax(-1)).sum().item() for a, b in zip(ref, rows, strict=True))
        return mean, top1

    (mean, top1), (plain_mean, plain_top1) = error(True), error(False)
    assert mean <= plain_mean and top1 >= plain_top1, (mean, top1, plain_mean, plain_top1)


class _CountMM(TorchDispatchMode):
    """Counts the 2-D GEMMs (`aten.mm`: every projection; the routed experts and attention run batched ones)."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.count += func.overloadpacket is torch.ops.aten.mm
        return func(*args, **(kwargs or {}))


def _layer_gemms(model: Qwen4ExpForCausalLM) -> list[int]:
    """2-D GEMMs each decoder layer runs for one token (its routed experts take the gathered path,
    batched GEMMs, so every 2-D one is a projection)."""
    batch = build_batch([Chunk(0, [5], 0)], model.trash_slot, "cpu")
    mm = _CountMM()
    starts: dict[int, int] = {}
    counts: list[int] = []
    hooks = [
        h
        for layer in model.model.layers
        for h in (
            layer.register_forward_pre_hook(lambda m, _args: starts.__setitem__(id(m), mm.count)),
            layer.register_forward_hook(lambda m, _args, _out: counts.append(mm.count - starts[id(m)])),
        )
    ]
    with torch.no_grad(), mm:
        model.run(batch)
    for h in hooks:
        h.remove()
    return counts


def test_each_merged_group_runs_one_gemm(tiny8_ckpt: Path) -> None:
    """Per decoder layer, merging saves one GEMM per part beyond the first of each merged group."""
    separate, merged = [], []
    for merge, out in ((False, separate), (True, merged)):
        model = load_model(tiny8_ckpt, dtype=torch.float32)
        model.init_state(max_num_seqs=2, max_model_len=16, merge=merge)
        out += _layer_gemms(model)
    for index, layer in enumerate(model.model.layers):
        saved = sum(len(g.parts) - 1 for _, g in groups(layer).values())
        assert separate[index] - merged[index] == saved, (layer.kind, separate[index], merged[index])
        print(f"layer {index} ({layer.kind}): {separate[index]} GEMMs separate, {merged[index]} merged")


class _Doubled(nn.Module):
    """A stand-in for a quantised linear: not dense (no `weight` parameter), its own forward."""

    def __init__(self, linear: nn.Linear) -> None:
        super().__init__()
        self.inner = linear

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return 2 * self.inner(x)


def _gdn() -> GatedDeltaNet:
    torch.manual_seed(0)
    return GatedDeltaNet(Qwen4ExpConfig.from_dict(preset_config("tiny"))).eval().requires_grad_(False)


def test_a_part_that_is_not_dense_runs_its_group_separately() -> None:
    gdn = _gdn()
    x = torch.randn(3, gdn.in_proj_qkv.in_features)
    separate = project(gdn, GDN_INPUT, x)
    assert merge_projections(gdn) == [GDN_INPUT.merged]
    for a, b in zip(project(gdn, GDN_INPUT, x), separate, strict=True):
        torch.testing.assert_close(a, b, atol=1e-6, rtol=0)
    gdn.in_proj_z = _Doubled(gdn.in_proj_z)  # swapped in after the merge: the merged GEMM is not used
    qkv, z, b, a = project(gdn, GDN_INPUT, x)
    assert torch.equal(z, 2 * F.linear(x, gdn.in_proj_z.inner.weight))
    assert torch.equal(qkv, F.linear(x, gdn.in_proj_qkv.weight))
    fresh = _gdn()
    fresh.in_proj_b = _Doubled(fresh.in_proj_b)  # present at the merge: the group is not merged
    assert merge_projections(fresh) == [] and not hasattr(fresh, GDN_INPUT.merged)


def test_a_weight_only_part_keeps_its_group_separate(tiny_ckpt: Path) -> None:
    """One layer's `in_proj_z` packed to FP8 for the weight-only GEMM (Triton's interpreter on CPU):
    that GDN group stays separate GEMMs, every other group merges, and the logprobs are those of
    the same model unmerged."""
    pytest.importorskip("triton", reason="the weight-only linears need Triton")
    from model.kernels.weight_only import WeightOnlyLinear

    def packed(merge: bool) -> Qwen4ExpForCausalLM:
        model = load_model(tiny_ckpt, dtype=torch.float32)
        gdn = model.model.layers[0].linear_attn
        gdn.in_proj_z = WeightOnlyLinear(gdn.in_proj_z, "fp8")
        model.init_state(max_num_seqs=4, max_model_len=64, merge=merge)
        return model

    plain = packed(False)
    ref, tokens = teacher_forced(plain, plain, 2)
    model = packed(True)
    merged = {n for n, _ in model.named_buffers() if "merged" in n}
    assert merged == set(groups(model)) - {"model.layers.0.linear_attn.merged_in_proj"}
    got, _ = teacher_forced(model, model, 2, tokens)
    assert max((a - b).abs().max().item() for a, b in zip(ref, got, strict=True)) <= 1e-5
