"""The router kernel (`model/kernels/router.py`) against the torch router, in Triton's interpreter."""

from __future__ import annotations

import pytest
import torch

import model.moe as moe
from model.config import Qwen4ExpConfig
from model.kernels.router import route_topk
from model.presets import preset_config


def torch_route(logits: torch.Tensor, k: int, norm: bool) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """`Router.forward`'s torch math: (weights, ids, the chosen float32 probabilities)."""
    probs = torch.softmax(logits, dim=-1, dtype=torch.float)
    top, idx = torch.topk(probs, k, dim=-1)
    weights = top / top.sum(-1, keepdim=True) if norm else top
    return weights.to(logits.dtype), idx, top


U = 2.0**-24  # float32 unit roundoff


@pytest.mark.parametrize(("experts", "k"), [(8, 2), (128, 10), (512, 10), (100, 7)])
@pytest.mark.parametrize("norm", [True, False])
def test_float32_logits_route_as_torch(experts: int, k: int, norm: bool) -> None:
    """Distinct float32 logits: the same experts in the same order. Weights: each `exp(x - max)` may
    differ by 2 ulp between two `exp` implementations, the sum of E positive terms by (E - 1) u in
    another order, each division by u: probabilities within (E + 4) u, relative; renormalised over
    the k chosen ones the common sum cancels, leaving (2 * 2 + k + 2) u."""
    logits = torch.randn(5, experts, generator=torch.Generator().manual_seed(experts + k)) * 3
    w, ids = route_topk(logits, k, norm)
    ref_w, ref_ids, _ = torch_route(logits, k, norm)
    assert torch.equal(ids, ref_ids)
    torch.testing.assert_close(w, ref_w, rtol=((k + 6) if norm else (experts + 4)) * U, atol=0)


def test_bfloat16_logits_choose_the_same_probabilities() -> None:
    """bf16 logits tie often; the chosen probabilities are torch's (a tie may take another id) and the
    bf16 weights are torch's, up to one bf16 ulp where the float32 bound above straddles a rounding
    boundary (rare: the test allows one weight in fifty)."""
    logits = (torch.randn(16, 512, generator=torch.Generator().manual_seed(1)) * 3).bfloat16()
    w, ids = route_topk(logits, 10, True)
    ref_w, _, ref_top = torch_route(logits, 10, True)
    probs = torch.softmax(logits, dim=-1, dtype=torch.float)
    torch.testing.assert_close(probs.gather(1, ids), ref_top, rtol=516 * U, atol=0)
    torch.testing.assert_close(w.float(), ref_w.float(), rtol=2**-7, atol=0)
    assert (w != ref_w).float().mean().item() <= 0.02


def test_ties_go_to_the_lowest_expert_id() -> None:
    """Equal logits, -0 and +0 among them (equal as floats, not as bits), pick the lower id first."""
    logits = torch.zeros(3, 16)
    logits[1, ::2] = -0.0
    logits[2, :3] = torch.tensor([-0.0, 0.0, -0.0])
    w, ids = route_topk(logits, 4, True)
    assert ids.tolist() == [[0, 1, 2, 3]] * 3 and torch.equal(w, torch.full((3, 4), 0.25))
    below = torch.tensor([[-1.0, 2.0, -0.0, 2.0, float("-inf")]])
    assert route_topk(below, 4, False)[1].tolist() == [[1, 3, 2, 0]]


def test_router_runs_the_kernel_where_kernels_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the kernels switched on (CUDA; here the interpreter), `Router.forward` returns the kernel's
    result, and the torch path agrees with it on the same input."""
    router = moe.Router(Qwen4ExpConfig.from_dict(preset_config("tiny")))
    torch.nn.init.normal_(router.weight, std=0.5, generator=torch.Generator().manual_seed(2))
    x = torch.randn(9, router.weight.shape[1], generator=torch.Generator().manual_seed(3))
    plain_w, plain_ids = router(x)
    calls: list[int] = []
    monkeypatch.setattr(moe, "use_kernels", lambda t: calls.append(1) or True)
    w, ids = router(x)
    assert calls and torch.equal(ids, plain_ids)
    torch.testing.assert_close(w, plain_w, rtol=8 * U, atol=0)


def test_router_kernel_compiles_as_one_op(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under torch.compile the kernel is one opaque op with a fake impl: a dynamic-size trace runs it
    and returns what the eager kernel returns."""
    router = moe.Router(Qwen4ExpConfig.from_dict(preset_config("tiny")))
    torch.nn.init.normal_(router.weight, std=0.5, generator=torch.Generator().manual_seed(4))
    monkeypatch.setattr(moe, "use_kernels", lambda t: True)
    compiled = torch.compile(router, backend="aot_eager", dynamic=True, fullgraph=True)
    for n in (3, 5):
        x = torch.randn(n, router.weight.shape[1], generator=torch.Generator().manual_seed(n))
        with torch.no_grad():  # as the model always runs
            got, want = compiled(x), router(x)
        assert torch.equal(got[0], want[0]) and torch.equal(got[1], want[1])


@pytest.mark.gpu
def test_router_kernel_on_cuda_matches_torch() -> None:
    """On the GPU `tl.exp` is `ex2.approx` of `x * log2(e)`: 2 ulp plus the product's rounding,
    1.5 |x - max| ulp, on top of the CPU bound of the float32 test."""
    logits = (torch.randn(64, 512, device="cuda", generator=torch.Generator("cuda").manual_seed(5)) * 3).bfloat16()
    w, ids = route_topk(logits, 10, True)
    ref_w, _, ref_top = torch_route(logits, 10, True)
    probs = torch.softmax(logits, dim=-1, dtype=torch.float)
    spread = (logits.float().amax(-1) - logits.float().amin(-1)).max().item()
    torch.testing.assert_close(probs.gather(1, ids), ref_top, rtol=(512 + 8 + 1.5 * spread) * U, atol=0)
    torch.testing.assert_close(w.float(), ref_w.float(), rtol=2**-7, atol=0)
    assert (w != ref_w).float().mean().item() <= 0.02


def test_fake_and_real_agree_for_the_compiler() -> None:
    """`torch.library.opcheck`: the fake kernel's shapes, dtypes and strides are the real one's."""
    torch.library.opcheck(route_topk, (torch.randn(3, 16), 4, True))
