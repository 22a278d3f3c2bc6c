"""The hyper-connection read kernels (`model/kernels/hc_read.py`) against the torch read, in Triton's interpreter."""

from __future__ import annotations

import pytest
import torch

import model.hyper as hyper
import model.kernels.hc_read as hc_read_module
from model.config import Qwen4ExpConfig
from model.fuse import merge_projections
from model.kernels.hc_read import MAX_ROWS, hc_read
from model.presets import preset_config
from model.qwen4_exp import FinalMixer


def residual(preset: str = "tiny", seed: int = 0, combine: bool = True) -> hyper.GatedResidual:
    """A merged read with random weights (its linears are zero-initialised)."""
    config = Qwen4ExpConfig.from_dict(preset_config(preset))
    module = (hyper.GatedResidual if combine else FinalMixer)(config, combine=combine)
    generator = torch.Generator().manual_seed(seed)
    for weight in module.parameters():
        weight.data.normal_(0.0, 0.3, generator=generator)
    merge_projections(module)
    return module


def kernel(module: hyper.GatedResidual, h: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    w_down = (
        module.merged_down_inject if module.block_inject_weight is not None else module.input_mix_weight_down.weight
    )
    n_inject = module.n if module.block_inject_weight is not None else 0
    up = module.input_mix_weight_up.weight
    return hc_read(h, module.hc_norm.weight, w_down, up, module.n, n_inject, module.hc_norm.eps)


def streams(module: hyper.GatedResidual, rows: int, dtype: torch.dtype = torch.float32, seed: int = 1) -> torch.Tensor:
    return torch.randn(rows, module.n * module.d, generator=torch.Generator().manual_seed(seed)).to(dtype)


@pytest.mark.parametrize("rows", [1, 3])
@pytest.mark.parametrize("preset", ["tiny", "wide"])
def test_float32_read_matches_torch(preset: str, rows: int) -> None:
    """float32: the kernels and torch differ in summation order only (and the norm's scale applied after
    the down GEMM, not before): a few float32 ulp of values of order one."""
    module = residual(preset)
    h = streams(module, rows)
    x, inject = kernel(module, h)
    want_x, want_inject = module.double().read(h.double())
    torch.testing.assert_close(x.double(), want_x, rtol=0, atol=2e-6)
    torch.testing.assert_close(inject.double(), want_inject, rtol=0, atol=2e-6)


def test_final_mixer_reads_without_injection() -> None:
    module = residual(combine=False)
    h = streams(module, 2)
    x, inject = kernel(module, h)
    assert inject.shape == (2, 0)
    torch.testing.assert_close(x.double(), module.double()(h.double()), rtol=0, atol=2e-6)


def test_bfloat16_read_is_no_worse_than_torch_s() -> None:
    """bf16 weights and streams: torch rounds the normed streams, both GEMM outputs and the gate's
    input to bf16, the kernels only their outputs; against a float64 read of the same bf16 values the
    kernels' error is no larger than torch's, largest and mean."""
    module = residual("wide").bfloat16()
    h = streams(module, 2, torch.bfloat16)
    x, inject = kernel(module, h)
    torch_x, torch_inject = module.read(h)
    exact_x, exact_inject = module.double().read(h.double())
    for got, plain, exact in ((x, torch_x, exact_x), (inject, torch_inject, exact_inject)):
        ours, theirs = (got.double() - exact).abs(), (plain.double() - exact).abs()
        assert ours.max() <= theirs.max() and ours.mean() <= theirs.mean()


def test_read_runs_the_kernels_at_decode_sizes_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the kernels on (CUDA; here the interpreter): up to `MAX_ROWS` rows `read` is the kernels'
    result, above it torch's; a quantised (not dense) up projection keeps torch's at any size."""
    module = residual()
    small, large = streams(module, 2), streams(module, MAX_ROWS + 1)
    plain = module.read(large)
    calls: list[int] = []
    monkeypatch.setattr(hyper, "use_kernels", lambda t: True)
    monkeypatch.setattr(hc_read_module, "hc_read", lambda h, *rest: calls.append(h.shape[0]) or hc_read(h, *rest))
    assert all(torch.equal(a, b) for a, b in zip(module.read(small), kernel(module, small), strict=True))
    assert all(torch.equal(a, b) for a, b in zip(module.read(large), plain, strict=True))
    assert calls == [2]
    module.input_mix_weight_up.weight = torch.nn.Parameter(module.input_mix_weight_up.weight.to(torch.int8), False)
    assert module.kernel_read(small, module.merged_down_inject, module.n) is None


def test_a_dynamic_trace_keeps_torch_s_read_and_a_static_one_the_op(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under torch.compile: a size-1 (static) trace calls the op; a dynamic one (the compile range 2..N)
    cannot know its rows are few and traces torch's read, for Inductor to fuse, with no guard on the size."""
    module = residual()
    monkeypatch.setattr(hyper, "use_kernels", lambda t: True)
    graphs: list[torch.fx.GraphModule] = []

    def backend(gm: torch.fx.GraphModule, example_inputs: list[torch.Tensor]) -> torch.fx.GraphModule:
        graphs.append(gm)
        return gm

    def ops(gm: torch.fx.GraphModule) -> set[str]:
        return {str(n.target) for n in gm.graph.nodes if n.op == "call_function"}

    torch._dynamo.reset()
    with torch.no_grad():
        torch.compile(module.read, backend=backend, dynamic=False)(streams(module, 1))
        h = streams(module, 3)
        torch._dynamo.mark_dynamic(h, 0, min=2, max=64)
        got = torch.compile(module.read, backend=backend)(h)
    assert "qcompile_hc.hc_read.default" in ops(graphs[0]) and "qcompile_hc.hc_read.default" not in ops(graphs[1])
    monkeypatch.setattr(hyper, "use_kernels", lambda t: False)
    assert all(torch.equal(a, b) for a, b in zip(got, module.read(h), strict=True))


def test_unsupported_geometry_names_its_sizes() -> None:
    module = residual()
    h = streams(module, 1)
    with pytest.raises(ValueError, match=r"h \(1, 256\), n 3"):
        hc_read(h, module.hc_norm.weight, module.merged_down_inject, module.input_mix_weight_up.weight, 3, 3, 1e-6)


def test_fake_and_real_agree_for_the_compiler() -> None:
    module = residual()
    up = module.input_mix_weight_up.weight
    args = (streams(module, 1), module.hc_norm.weight, module.merged_down_inject, up, module.n, module.n, 1e-6)
    torch.library.opcheck(hc_read, args)


@pytest.mark.gpu
def test_bench_geometry_on_cuda_is_no_worse_than_torch_s() -> None:
    """The bench's read (4 streams of 2560, rank 320) in bf16 on the GPU, against float64."""
    module = residual("bench").bfloat16().cuda()
    h = streams(module, 4, torch.bfloat16).cuda()
    x, inject = kernel(module, h)
    torch_x, torch_inject = module.read(h)
    exact_x, exact_inject = module.double().read(h.double())
    for got, plain, exact in ((x, torch_x, exact_x), (inject, torch_inject, exact_inject)):
        ours, theirs = (got.double() - exact).abs(), (plain.double() - exact).abs()
        assert ours.max() <= theirs.max() and ours.mean() <= theirs.mean()
