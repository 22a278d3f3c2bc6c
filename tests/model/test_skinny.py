"""The skinny decode GEMM (Triton, interpreted on CPU) against `F.linear`, its op, plans and model hook.

Error bounds. With float32 operands each product rounds once and K - 1 float32 additions follow in
some order, so kernel and `F.linear` are each within `(K + 2) u S` of the exact product (u = 2^-24,
S = |x| @ |w|^T) and within `(2K + 4) u S` of each other. With 16-bit operands the products are
exact in float32 and both sides round their float32 sum once to the output dtype: half an ulp of
the result on top of the float32 bound, the same error torch's bf16 / fp16 linear has. A wrong row,
column or K offset, a dropped split or tile moves outputs by O(S), far outside these bounds.
"""

from __future__ import annotations

import math

import pytest
import torch
import torch.nn.functional as F
from torch import nn

from model.fuse import use_skinny

pytest.importorskip("triton", reason="the skinny GEMM needs Triton")
from triton.runtime.errors import OutOfResources

import qcompile
from model.checkpoint.loader import load_model
from model.kernels import skinny
from model.kernels.fp8_linear import quantize_rows
from model.kernels.skinny import (
    BUCKETS,
    CANDIDATES,
    MAX_M,
    SkinnyConfig,
    SkinnyLinear,
    decode,
    enable_skinny_gemm,
    encode,
    plans_from_json,
    plans_to_json,
    skinny_linear,
    skinny_matmul,
    tune_shape,
)
from model.kernels.weight_only import KINDS, launch, weight_only_matmul
from tests.scopes.conftest import teacher_forced

U = 2.0**-24
HALF_ULP = {torch.float32: 0.0, torch.bfloat16: 2.0**-8, torch.float16: 2.0**-11}
FMA, DOT = SkinnyConfig(8, 32, 0, False), SkinnyConfig(16, 64, 0, True)  # N = 37, K = 100: partial tiles
WIDE = SkinnyConfig(64, 64, 0, False)  # few programs: the interpreter runs whole models through it


def split(config: SkinnyConfig, splits: int, m: int, n: int) -> SkinnyConfig:
    """`config` with its program target set so that K splits `splits` ways (1: no split)."""
    tiles = config.tiles(m)
    grid = -(-n // tiles.block_n) * -(-m // tiles.block_m)
    return SkinnyConfig(config.block_n, config.block_k, grid * splits if splits > 1 else 0, config.dot)


def operands(m: int, n: int, k: int, dtype: torch.dtype, seed: int) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    return torch.randn(m, k, generator=g).to(dtype), (torch.randn(n, k, generator=g) / k**0.5).to(dtype)


def bound(x: torch.Tensor, w: torch.Tensor, ref: torch.Tensor, fp32_terms: int) -> torch.Tensor:
    """`fp32_terms * (K + 2) u S`, plus half an ulp of `ref` for 16-bit outputs (module docstring)."""
    s = x.double().abs() @ w.double().abs().T
    fp32 = fp32_terms * (x.shape[1] + 2) * U * s
    return HALF_ULP[x.dtype] * (ref.abs() + fp32) + fp32


@pytest.mark.parametrize("m", range(1, MAX_M + 1))
def test_fp32_matches_linear_tightly(m: int) -> None:
    x, w = operands(m, 37, 100, torch.float32, m)
    ref = F.linear(x, w).double()
    tol = bound(x, w, ref, 2)
    assert float(ref.abs().max()) > 100 * float(tol.max())  # the bound is tight against the values
    for config in (FMA, DOT) if m <= 8 else (DOT,):
        for splits in (1, 3):  # 100 = 32 * 3 + 4 (FMA) / 64 + 36 (DOT): the last split is a partial tile
            got = skinny_matmul(x, w, split(config, splits, m, 37))
            assert got.dtype == torch.float32 and got.shape == (m, 37)
            err = (got.double() - ref).abs()
            assert bool((err <= tol).all()), f"{config.label} x{splits}: max err {float(err.max()):.3g}"


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize(("m", "config", "splits"), [(1, FMA, 1), (3, FMA, 4), (8, DOT, 1), (16, DOT, 2)])
def test_half_precision_is_no_worse_than_torch(m: int, config: SkinnyConfig, splits: int, dtype: torch.dtype) -> None:
    """Against the float32 product of the same 16-bit operands: elementwise within the bound, and
    the mean error no larger than torch's own half-precision linear's (the split sum rounds once)."""
    x, w = operands(m, 70, 200, dtype, 100 + m)
    exact = F.linear(x.double(), w.double())
    got = skinny_matmul(x, w, split(config, splits, m, 70))
    assert got.dtype == dtype
    err, torch_err = (got.double() - exact).abs(), (F.linear(x, w).double() - exact).abs()
    assert bool((err <= bound(x, w, exact, 1)).all()), f"max err {float(err.max()):.3g}"
    assert float(err.mean()) <= float(torch_err.mean()) * (1 + 1e-3), (float(err.mean()), float(torch_err.mean()))


@pytest.mark.parametrize(("config", "rows"), [(FMA, (3, 4)), (DOT, (9, 16)), (split(FMA, 3, 4, 37), (3, 4))])
def test_rows_within_a_bucket_do_not_depend_on_the_row_count(config: SkinnyConfig, rows: tuple[int, int]) -> None:
    """What makes a padded graph batch bitwise the unpadded one: each row's result is the same."""
    x, w = operands(max(rows), 37, 100, torch.bfloat16, 7)
    few, many = (skinny_matmul(x[:m], w, config) for m in rows)
    assert torch.equal(few, many[: rows[0]])


def test_kernel_rejects_what_it_cannot_run() -> None:
    x, w = operands(4, 16, 32, torch.float32, 0)
    with pytest.raises(ValueError, match="1..16 rows"):
        skinny_matmul(torch.randn(17, 32), w, DOT)
    with pytest.raises(ValueError, match="one dtype"):
        skinny_matmul(x.bfloat16(), w, DOT)
    with pytest.raises(ValueError, match=r"weight \[N, K\]"):
        skinny_matmul(x, w[:, :16], DOT)
    with pytest.raises(ValueError, match="contiguous weight"):
        skinny_matmul(x, w.T.contiguous().T, DOT)
    with pytest.raises(ValueError, match="block_m >= 16"):  # the shared launcher, through the weight-only GEMM
        weight_only_matmul(x, "fp8", *quantize_rows(w), block_m=8)
    with pytest.raises(ValueError, match="needs tl.dot tiles"):  # block scales per K tile: no FMA tiles
        launch(x, KINDS["mxfp8"], w, w, w, FMA.tiles(4))


def test_plan_encodes_a_config_per_bucket() -> None:
    plan = encode({4: FMA, 16: DOT})
    rows = (0, 1, 2, 3, 4, 5, 8, 9, 16, 17)
    want = (None, None, None, FMA, FMA, None, None, DOT, DOT, None)
    assert tuple(decode(plan, m) for m in rows) == want
    with pytest.raises(ValueError, match="30 ints"):
        decode(plan[:-1], 1)
    plans = {(torch.bfloat16, 640, 2560): plan}
    assert plans_from_json(plans_to_json(plans)) == plans
    with pytest.raises(ValueError, match="'bf16 640x2560'"):
        plans_from_json({"bf16 640x2560": plan})


def test_op_runs_the_planned_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel runs only on a kernel device, for a row count whose bucket names a config."""
    ran: list[tuple[int, SkinnyConfig]] = []
    kernel = skinny.skinny_matmul

    def recording(x: torch.Tensor, w: torch.Tensor, config: SkinnyConfig) -> torch.Tensor:
        ran.append((x.shape[0], config))
        return kernel(x, w, config)

    monkeypatch.setattr(skinny, "skinny_matmul", recording)
    plan = encode({4: FMA, 16: DOT})
    _, w = operands(1, 37, 100, torch.float32, 1)
    for m in (3, 4, 2, 12, 17):
        x = operands(m, 37, 100, torch.float32, m)[0]
        assert torch.equal(skinny_linear(x, w, plan), F.linear(x, w))  # CPU: torch's path
    assert ran == []
    monkeypatch.setattr(skinny, "use_kernels", lambda t: True)
    for m in (3, 4, 2, 12, 17):
        x = operands(m, 37, 100, torch.float32, m)[0]
        out = skinny_linear(x, w, plan)
        err = (out.double() - F.linear(x.double(), w.double())).abs()
        assert bool((err <= bound(x, w, F.linear(x, w).double(), 2)).all())
    assert ran == [(3, FMA), (4, FMA), (12, DOT)]


def test_opcheck(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(skinny, "use_kernels", lambda t: True)
    x, w = operands(5, 24, 48, torch.float32, 2)
    torch.library.opcheck(skinny_linear, (x, w, encode({8: FMA})))


def test_enable_retypes_in_place_and_keeps_hooks() -> None:
    model = nn.Sequential(
        nn.Linear(48, 24, bias=False), nn.Linear(24, 16), nn.Linear(16, 8, bias=False), nn.Linear(8, 4, bias=False)
    )
    weight = model[0].weight
    seen: list[torch.Size] = []
    model[0].register_forward_hook(lambda _m, _a, out: seen.append(out.shape))
    plan, all_cublas = encode({2: FMA}), encode({})
    plans = enable_skinny_gemm(model, {(torch.float32, 24, 48): plan, (torch.float32, 4, 8): all_cublas})
    assert plans == {(torch.float32, 24, 48): plan, (torch.float32, 4, 8): all_cublas}
    assert type(model[0]) is SkinnyLinear and model[0].plan == plan and model[0].weight is weight
    assert type(model[1]) is nn.Linear  # has a bias
    assert type(model[2]) is nn.Linear  # CPU, no plan for its shape: left alone (nothing to time on)
    assert type(model[3]) is nn.Linear  # cuBLAS at every size: the op would only add its dispatch
    with pytest.raises(ValueError, match="30 ints"):
        enable_skinny_gemm(model, {(torch.float32, 16, 8): plan[:6]})
    x = torch.randn(2, 1, 48)
    assert model[0](x).shape == (2, 1, 24) and seen == [torch.Size([2, 1, 24])]


def test_tune_picks_the_fastest_and_cublas_unless_beaten_by_the_margin() -> None:
    """With a fake timer: each bucket keeps its fastest candidate when it beats cuBLAS by MARGIN; one the
    GPU cannot build is timed as infinite."""
    huge = SkinnyConfig(1024, 1024, 0, False)
    cands = {1: (FMA, DOT, huge), 4: (FMA, DOT, huge)}
    times = {(1, None): 10.0, (1, FMA): 8.0, (1, DOT): 6.0, (4, None): 10.0, (4, FMA): 9.8, (4, DOT): 12.0}
    times |= {(1, huge): math.inf, (4, huge): math.inf}

    def timer(calls: list) -> float:
        first = calls[0]
        config = first.args[2] if first.func is not F.linear else None
        if config == huge:
            raise OutOfResources(1 << 20, 1 << 18, "shared memory")
        return times[(first.args[0].shape[0], config)]

    plan, timings = tune_shape((torch.float32, 24, 48), torch.device("cpu"), (1, 4), cands, timer)
    assert decode(plan, 1) == DOT and decode(plan, 4) is None  # 9.8 is within the margin of 10
    want = [(m, c, times[(m, c)]) for m in (1, 4) for c in (None, FMA, DOT, huge)]
    assert [(t.m, t.config, t.us) for t in timings] == want


def test_candidates_cover_every_bucket_with_valid_tiles() -> None:
    assert set(CANDIDATES) == set(BUCKETS)
    for m, configs in CANDIDATES.items():
        assert configs and all(c.dot or m <= 8 for c in configs), m
        assert len(set(configs)) == len(configs)


def unmerged_skinny_linears(model: nn.Module) -> int:
    """Retyped linears that run on their own: a part of a merged group holds rows of the merged weight
    (`model.fuse`) and never runs its own GEMM."""
    merged = {
        getattr(m, g.merged).untyped_storage().data_ptr()
        for m in model.modules()
        for g in getattr(type(m), "PROJECTIONS", ())
        if getattr(m, g.merged, None) is not None
    }
    return sum(type(m) is SkinnyLinear and m.weight.untyped_storage().data_ptr() not in merged for m in model.modules())


def test_tiny_model_decodes_like_torch_through_the_kernels(tiny_ckpt, monkeypatch: pytest.MonkeyPatch) -> None:
    """fp32 tiny model, every projection and the lm_head on the kernel at decode (3 rows), prefill
    (40 rows) on torch's path: logprobs along the greedy path within 1e-5 of the plain model's."""
    model = load_model(tiny_ckpt, device="cpu", dtype=torch.float32)
    model.init_state(max_num_seqs=4, max_model_len=64)
    ref, path = teacher_forced(model, model, 2)
    shapes = {(m.weight.dtype, *m.weight.shape) for m in model.modules() if skinny.eligible(m)}
    plans = enable_skinny_gemm(model, {key: encode({4: WIDE}) for key in shapes})
    merged = use_skinny(model, lambda w: encode({4: WIDE}))  # the merged projections' GEMMs
    alone = unmerged_skinny_linears(model)
    assert len(plans) == len(shapes) > 5 and merged >= 8 and alone >= 4
    ran: list[int] = []
    kernel = skinny.skinny_matmul
    monkeypatch.setattr(skinny, "skinny_matmul", lambda x, w, c: ran.append(x.shape[0]) or kernel(x, w, c))
    monkeypatch.setattr(skinny, "use_kernels", lambda t: True)
    got, _ = teacher_forced(model, model, 2, path)
    worst = max((a - b).abs().max().item() for a, b in zip(ref, got, strict=True))
    assert worst <= 1e-5, worst
    assert len(ran) >= 2 * (alone + merged) and set(ran) == {3}  # every GEMM at each decode step; prefill on torch


def test_compiles_without_graph_breaks_or_recompiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inductor sees the op (fake impl, dynamic row count), and the compiled module matches eager."""
    monkeypatch.setattr(skinny, "use_kernels", lambda t: True)
    model = nn.Sequential(nn.Linear(48, 40, bias=False), nn.SiLU(), nn.Linear(40, 24, bias=False))
    enable_skinny_gemm(model, {(torch.float32, 40, 48): encode({2: FMA, 8: DOT}), (torch.float32, 24, 40): encode({})})
    ran: list[int] = []
    kernel = skinny.skinny_matmul
    monkeypatch.setattr(skinny, "skinny_matmul", lambda x, w, c: ran.append(x.shape[0]) or kernel(x, w, c))
    torch._dynamo.reset()
    compiled = torch.compile(model, fullgraph=True, dynamic=True)
    with torch.no_grad(), torch._dynamo.config.patch(error_on_recompile=True):
        for m in (2, 7, 20):
            x, before = torch.randn(m, 48), len(ran)
            got = compiled(x)
            assert ran[before:] == ([m] if m <= 8 else [])  # the compiled code's op ran the kernel where planned
            assert torch.allclose(got, model(x), rtol=0, atol=1e-6)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_cuda_kernels_no_worse_than_cublas_and_graphed_bitwise(dtype: torch.dtype) -> None:
    """Every candidate at a bench-like shape: error against the float32 product within the bound and
    mean no worse than cuBLAS's; the op under a tuned plan replays bitwise from a CUDA graph."""
    n, k = 640, 2560
    for m in BUCKETS:
        x, w = (t.cuda() for t in operands(m, n, k, dtype, m))
        exact = F.linear(x.double(), w.double())
        blas_err = (F.linear(x, w).double() - exact).abs()
        for config in CANDIDATES[m]:
            err = (skinny_matmul(x, w, config).double() - exact).abs()
            assert bool((err <= bound(x, w, exact, 1)).all()), config.label
            assert float(err.mean()) <= float(blas_err.mean()) * (1 + 1e-2), config.label
    plan, _ = tune_shape((dtype, n, k), torch.device("cuda"))
    x = torch.randn(3, k, device="cuda", dtype=dtype)
    w = torch.randn(n, k, device="cuda", dtype=dtype)
    plain = skinny_linear(x, w, plan)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        captured = skinny_linear(x, w, plan)
    graph.replay()
    assert torch.equal(captured, plain)


@pytest.mark.slow
def test_kernel_scope_compiles_the_op_and_matches_eager(tiny_ckpt, monkeypatch: pytest.MonkeyPatch) -> None:
    """`qcompile.compile` at kernel scope over the retyped tiny model: the op stays in the compiled
    pieces (no graph break, no recompile across decode sizes) and the logprobs match eager's within 1e-5."""
    model = load_model(tiny_ckpt, device="cpu", dtype=torch.float32)
    model.init_state(max_num_seqs=4, max_model_len=64)
    shapes = {(m.weight.dtype, *m.weight.shape) for m in model.modules() if skinny.eligible(m)}
    enable_skinny_gemm(model, {key: encode({4: WIDE}) for key in shapes})
    per_step = use_skinny(model, lambda w: encode({4: WIDE})) + unmerged_skinny_linears(model)
    monkeypatch.setattr(skinny, "use_kernels", lambda t: True)
    ref, path = teacher_forced(model, model, 2)
    ran: list[int] = []
    kernel = skinny.skinny_matmul
    monkeypatch.setattr(skinny, "skinny_matmul", lambda x, w, c: ran.append(x.shape[0]) or kernel(x, w, c))
    torch._dynamo.reset()
    compiled = qcompile.compile(model, ranges=[(1, 1), (2, 64)], scope="kernel")  # the serving ranges
    with torch._dynamo.config.patch(error_on_recompile=True):
        got, _ = teacher_forced(model, compiled, 2, path)
    worst = max((a - b).abs().max().item() for a, b in zip(ref, got, strict=True))
    assert worst <= 1e-5, worst
    assert set(ran) == {3} and len(ran) >= 2 * per_step  # every GEMM of both decode steps, in the pieces
