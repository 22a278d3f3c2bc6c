"""The hyper-connection read op (`model.hyper.hc_read`): its kernels (`model/kernels/hc_read.py`) against
the torch read in Triton's interpreter, its torch twin against the module's read, and the compile ranges
that get each."""

from __future__ import annotations

import pytest
import torch

import model.hyper as hyper
import model.kernels.hc_read as hc_read_module
import qcompile
from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from model.config import Qwen4ExpConfig
from model.fuse import SKINNY_PLANS, merge_projections
from model.hyper import hc_read, hc_read_torch, hc_write_read, hc_write_read_torch
from model.kernels import HC_READ_ROWS
from model.kernels.hc_read import hc_read_kernels, hc_write_read_kernels
from model.kernels.skinny import ALL_CUBLAS
from model.presets import preset_config
from model.qwen4_exp import FinalMixer
from tests.scopes.conftest import PROMPTS, teacher_forced

OPS = ("hc_read", "hc_write_read")


def residual(preset: str = "tiny", seed: int = 0, combine: bool = True) -> hyper.GatedResidual:
    """A merged read with random weights (its linears are zero-initialised)."""
    config = Qwen4ExpConfig.from_dict(preset_config(preset))
    module = (hyper.GatedResidual if combine else FinalMixer)(config, combine=combine)
    generator = torch.Generator().manual_seed(seed)
    for weight in module.parameters():
        weight.data.normal_(0.0, 0.3, generator=generator)
    merge_projections(module)
    return module


def operands(module: hyper.GatedResidual) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, int, int, int, float]:
    """The op's arguments after `h` and before the plans: the merged layout puts the injection rows at 32."""
    combine = module.block_inject_weight is not None
    w_down = module.merged_down_inject if combine else module.input_mix_weight_down.weight
    up = module.input_mix_weight_up.weight
    row = up.shape[1] + (-up.shape[1] % 16)
    return module.hc_norm.weight, w_down, up, module.n, row, module.n if combine else 0, module.hc_norm.eps


def kernel(module: hyper.GatedResidual, h: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return hc_read_kernels(h, *operands(module))


def streams(module: hyper.GatedResidual, rows: int, dtype: torch.dtype = torch.float32, seed: int = 1) -> torch.Tensor:
    return torch.randn(rows, module.n * module.d, generator=torch.Generator().manual_seed(seed)).to(dtype)


@pytest.mark.parametrize("preset,rows", [("tiny", 1), ("tiny", 3), ("wide", 1)])  # the interpreter is slow at wide
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
    h = streams(module, 1, torch.bfloat16)
    x, inject = kernel(module, h)
    torch_x, torch_inject = module.read(h)
    exact_x, exact_inject = module.double().read(h.double())
    for got, plain, exact in ((x, torch_x, exact_x), (inject, torch_inject, exact_inject)):
        ours, theirs = (got.double() - exact).abs(), (plain.double() - exact).abs()
        assert ours.max() <= theirs.max() and ours.mean() <= theirs.mean()


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_the_twin_is_the_module_s_read_bitwise(dtype: torch.dtype) -> None:
    """The op's torch twin (what a compile range past `HC_READ_ROWS` traces) computes the module's torch
    read exactly, with and without skinny plans (CPU: the skinny op's `F.linear`)."""
    for combine in (True, False):
        module = residual("wide", combine=combine).to(dtype)
        h = streams(module, 5, dtype)
        want = module.read(h) if combine else (module(h), None)
        for plan in ([], ALL_CUBLAS):
            x, inject = hc_read_torch(h, *operands(module), plan, plan)
            assert torch.equal(x, want[0]) and (not combine or torch.equal(inject, want[1]))


def test_read_calls_the_op_and_the_op_runs_the_kernels_at_decode_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the kernels on (CUDA; here the interpreter) `read` is the op's result: the kernels' up to
    `HC_READ_ROWS` rows, torch's above, under the module's skinny plans; a quantised (not dense) up
    projection keeps the module's own read."""
    module = residual()
    setattr(module, SKINNY_PLANS, {hyper.HC_INPUT.merged: ALL_CUBLAS})
    small, large = streams(module, 2), streams(module, HC_READ_ROWS + 1)
    plain = module.read(large)
    calls: list[int] = []
    monkeypatch.setattr(hyper, "use_kernels", lambda t: True)
    monkeypatch.setattr(
        hc_read_module, "hc_read_kernels", lambda h, *rest: calls.append(h.shape[0]) or kernel(module, h)
    )
    plans: list[list[int]] = []
    twin = hyper.read_torch
    monkeypatch.setattr(hyper, "read_torch", lambda *a: plans.append(a[8]) or twin(*a))
    assert all(torch.equal(a, b) for a, b in zip(module.read(small), kernel(module, small), strict=True))
    assert all(torch.equal(a, b) for a, b in zip(module.read(large), plain, strict=True))
    assert calls == [2] and plans == [ALL_CUBLAS]
    module.input_mix_weight_up.weight = torch.nn.Parameter(module.input_mix_weight_up.weight.to(torch.int8), False)
    assert module.read_operands(small, module.merged_down_inject, module.n, []) is None


@pytest.mark.slow
def test_kernel_scope_runs_the_kernels_in_the_size_one_range_only(tiny_ckpt, monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiled at kernel scope over the serving ranges, with the kernels on: the size-1 range's graphs
    call the ops (their kernels run, every read of a step), every write folded into the read after it
    (each layer's attention write into its MLP read, its MLP write into the next attention read or the
    final mixer's) except where a PLE adds to the streams between them, the range 2..64 traces the
    twins (no call, the kernels never run there: its reads are Inductor's); logprobs match eager's
    within 1e-5."""
    model = load_model(tiny_ckpt, device="cpu", dtype=torch.float32)
    model.init_state(max_num_seqs=4, max_model_len=64)
    monkeypatch.setattr(hyper, "use_kernels", lambda t: True)
    ref, path = teacher_forced(model, model, 2)
    ran: list[tuple[str, int]] = []
    for name in ("hc_read_kernels", "hc_write_read_kernels"):
        run = getattr(hc_read_module, name)
        monkeypatch.setattr(
            hc_read_module, name, lambda h, *rest, n=name, k=run: ran.append((n, h.shape[0])) or k(h, *rest)
        )
    torch._dynamo.reset()
    compiled = qcompile.compile(model, ranges=[(1, 1), (2, 64)], scope="kernel")
    with torch._dynamo.config.patch(error_on_recompile=True):
        got, _ = teacher_forced(model, compiled, 2, path)
        assert ran == []  # prefill and 3-row decodes: the range 2..64
        batch = build_batch([Chunk(0, [path[0][1]], len(PROMPTS[0]) + 2)], model.trash_slot, torch.device("cpu"))
        with torch.no_grad(), model.context(batch):
            got.append(model.compute_logits(compiled(*batch.tensors())).log_softmax(-1))
    layers, ples = model.config.num_hidden_layers, len(model.config.ple_layer_ids)
    # unfolded: the first layer's attention read, and the read of each PLE layer (its PLE adds in between)
    assert sorted(ran) == [("hc_read_kernels", 1)] * (1 + ples) + [("hc_write_read_kernels", 1)] * (2 * layers - ples)
    model.reset_slots(list(range(len(PROMPTS))))
    ref, _ = teacher_forced(model, model, 2, path)
    with torch.no_grad(), model.context(batch):
        ref.append(model.compute_logits(model(*batch.tensors())).log_softmax(-1))
    worst = max((a - b).abs().max().item() for a, b in zip(ref, got, strict=True))
    assert worst <= 1e-5, worst
    calls = {
        r: sum(p.output_code.count(f"qcompile.{op}.default(") for p in pieces.values() for op in OPS)
        for r, pieces in compiled.backend.records[0].pieces.items()
    }
    assert calls[(1, 1)] > 0 and calls[(2, 64)] == 0


def test_unsupported_geometry_names_its_sizes() -> None:
    module = residual()
    h = streams(module, 1)
    with pytest.raises(ValueError, match=r"h \(1, 256\), n 3"):
        hc_read_kernels(
            h, module.hc_norm.weight, module.merged_down_inject, module.input_mix_weight_up.weight, 3, 16, 3, 1e-6
        )


def test_fake_and_real_agree_for_the_compiler() -> None:
    module = residual()
    weights = [w.detach() if isinstance(w, torch.Tensor) else w for w in operands(module)]  # inference: no autograd
    torch.library.opcheck(hc_read, (streams(module, 1), *weights, [], []))
    pending = pending_write(module, 1)
    torch.library.opcheck(hc_write_read, (streams(module, 1), *pending, *weights, [], []))


def pending_write(
    module: hyper.GatedResidual, rows: int, dtype: torch.dtype = torch.float32
) -> tuple[torch.Tensor, torch.Tensor]:
    """A write's weights `[rows, n]` (in 0..2, as `2 sigmoid`) and sublayer output `[rows, d]`."""
    gen = torch.Generator().manual_seed(5)
    return (2 * torch.rand(rows, module.n, generator=gen)).to(dtype), torch.randn(rows, module.d, generator=gen).to(
        dtype
    )


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_the_write_rides_in_the_read(dtype: torch.dtype) -> None:
    """The down kernel forms each stream `H_s + w_s y` in float32 and rounds it once: bitwise what that
    formula gives in torch, and the read then is bitwise the kernels' read of those streams."""
    module = residual().to(dtype)
    h, (weights, y) = streams(module, 2, dtype), pending_write(module, 2, dtype)
    written, x, inject = hc_write_read_kernels(h, weights, y, *operands(module))
    want = (h.float() + (y.float().unsqueeze(-2) * weights.float().unsqueeze(-1)).flatten(-2)).to(dtype)
    assert torch.equal(written, want)
    assert all(torch.equal(a, b) for a, b in zip((x, inject), kernel(module, want), strict=True))


def test_the_write_and_read_twin_is_the_module_s_write_then_read() -> None:
    module = residual()
    h, (weights, y) = streams(module, 3), pending_write(module, 3)
    written = module.write(h, weights, y)
    want = (written, *module.read(written))
    got = hc_write_read_torch(h, weights, y, *operands(module), [], [])
    assert all(torch.equal(a, b) for a, b in zip(got, want, strict=True))


def test_a_write_of_the_wrong_size_names_its_shapes() -> None:
    module = residual()
    weights, y = pending_write(module, 1)
    with pytest.raises(ValueError, match=r"y \(1, 63\)"):
        hc_write_read_kernels(streams(module, 1), weights, y[:, :-1], *operands(module))


@pytest.mark.gpu
def test_bench_geometry_on_cuda_is_no_worse_than_torch_s() -> None:
    """The bench's read (4 streams of 2560, rank 320) in bf16 on the GPU, against float64."""
    module = residual("bench").bfloat16().cuda()
    h = streams(module, 4, torch.bfloat16).cuda()
    x, inject = kernel(module, h)
    torch_x, torch_inject = hc_read_torch(h, *operands(module), [], [])
    exact_x, exact_inject = hc_read_torch(h.double(), *operands(module.double()), [], [])
    for got, plain, exact in ((x, torch_x, exact_x), (inject, torch_inject, exact_inject)):
        ours, theirs = (got.double() - exact).abs(), (plain.double() - exact).abs()
        assert ours.max() <= theirs.max() and ours.mean() <= theirs.mean()


@pytest.mark.gpu
def test_bench_geometry_write_and_read_on_cuda() -> None:
    """On the GPU the kernel may fuse `H + w y` into one FMA where torch rounds the product first: the
    written streams are within one bf16 step of torch's, and the read of them no worse than torch's."""
    module = residual("bench").bfloat16().cuda()
    h = streams(module, 1, torch.bfloat16).cuda()
    weights, y = (t.cuda() for t in pending_write(module, 1, torch.bfloat16))
    written, x, _ = hc_write_read_kernels(h, weights, y, *operands(module))
    want = (h.float() + (y.float().unsqueeze(-2) * weights.float().unsqueeze(-1)).flatten(-2)).bfloat16()
    step = torch.finfo(torch.bfloat16).eps * want.float().abs().clamp_min(torch.finfo(torch.bfloat16).tiny)
    assert ((written.float() - want.float()).abs() <= step).all()
    plain = hc_read_torch(written, *operands(module), [], [])[0]
    exact = hc_read_torch(written.double(), *operands(module.double()), [], [])[0]
    ours, theirs = (x.double() - exact).abs(), (plain.double() - exact).abs()
    assert ours.max() <= theirs.max() and ours.mean() <= theirs.mean()
