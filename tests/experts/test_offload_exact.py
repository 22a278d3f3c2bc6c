"""Offloaded experts give bitwise the outputs of resident ones: the same kernels over the same data.

CPU: the torch reference over many steps with a cache much smaller than the experts (misses, evictions
and rounds every few steps), per stored format, and a whole random model's teacher-forced logprobs.
The CUDA path's operands (the plan kernel, the slots, the fused MoE) in Triton's interpreter on CPU, in
one round and in several; on CUDA (`gpu`): the fused MoE over the slots with remapped ids, rounds too,
eager and in a CUDA graph.
"""

from __future__ import annotations

import copy

import pytest
import torch

from model.batch import Chunk, build_batch
from model.config import Qwen4ExpConfig
from model.expert_cache import MISSES
from model.moe import Experts, SparseMoE
from model.presets import preset_config
from qcompile.synthetic import build_random

E, TOP_K = 32, 4


def experts(dtype: torch.dtype, quant: str | None, device: str = "cpu") -> Experts:
    raw = preset_config("tiny") | {"num_experts": E, "num_experts_per_tok": TOP_K}
    module = Experts(Qwen4ExpConfig.from_dict(raw))
    g = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for p in (module.gate_up_proj, module.down_proj):
            p.copy_(torch.randn(p.shape, generator=g) * p.shape[-1] ** -0.5)
    module.to(device, dtype)
    if quant is not None:
        module.pack(quant, (16, 16))
    return module


def routed(n: int, dtype: torch.dtype, g: torch.Generator, device: str = "cpu") -> tuple[torch.Tensor, ...]:
    x = torch.randn(n, 64, generator=g).to(device, dtype)
    w, ids = torch.softmax(torch.randn(n, E, generator=g), -1).topk(TOP_K, -1)
    return x, (w / w.sum(-1, keepdim=True)).to(device, dtype), ids.to(device)


@pytest.mark.parametrize("quant", [None, "fp8_block", "nvfp4"])
def test_logical_shape_survives_packing_and_offload(quant: str | None) -> None:
    """The CUDA region reads the intermediate size from it: dense, kept and offloaded alike (the stored
    tensors have the format's shapes, and offloaded ones are gone)."""
    module = experts(torch.bfloat16, quant)
    want = {"gate_up": (E, 2 * 32, 64), "down": (E, 64, 32)}
    assert {name: module.logical_shape(name) for name in want} == want
    module.offload(4)
    assert {name: module.logical_shape(name) for name in want} == want


@pytest.mark.parametrize(
    ("dtype", "quant"),
    [(torch.float32, None), (torch.bfloat16, None), (torch.float32, "fp8_block"), (torch.bfloat16, "fp8_block"),
     (torch.bfloat16, "mxfp8"), (torch.bfloat16, "nvfp4")],
)  # fmt: skip
@pytest.mark.parametrize(("slots", "static"), [(4, ()), (7, (3, 9, 30))])
def test_reference_through_the_cache_is_bitwise(
    dtype: torch.dtype, quant: str | None, slots: int, static: tuple[int, ...]
) -> None:
    """Decode steps (1 and 2 tokens: 4-8 experts) and prefill chunks (7, 30 tokens: rounds of <= 4)."""
    resident = experts(dtype, quant)
    offloaded = copy.deepcopy(resident)
    offloaded.offload(slots, static)
    assert not hasattr(offloaded, "gate_up_proj")
    g = torch.Generator().manual_seed(1)
    for i in range(24):
        x, w, ids = routed([1, 2, 1, 7, 1, 30][i % 6], dtype, g)
        assert torch.equal(offloaded.reference(x, w, ids), resident.reference(x, w, ids)), i
    hits, misses, copied = offloaded.cache.counters.tolist()
    assert misses > 10 * slots and copied == misses * offloaded.cache.expert_bytes and hits > 0


def steps(prompts: list[list[int]], continuation: list[list[int]]) -> list[list[Chunk]]:
    """One prefill of every prompt, then decode steps feeding the continuation, both requests or one."""
    out = [[Chunk(i, p, 0) for i, p in enumerate(prompts)]]
    for t in range(len(continuation[0])):
        live = (0, 1) if t % 3 else (t % 2,)
        out.append([Chunk(i, [continuation[i][t]], len(prompts[i]) + t) for i in live])
    return out


def logprobs(model: torch.nn.Module, schedule: list[list[Chunk]]) -> list[torch.Tensor]:
    model.init_state(max_num_seqs=2, max_model_len=64)
    out = []
    with torch.no_grad():
        for chunks in schedule:
            batch = build_batch(chunks, model.trash_slot, "cpu")
            out.append(model.compute_logits(model.run(batch)).log_softmax(-1))
    return out


@pytest.mark.parametrize(("dtype", "quant"), [("float32", None), ("bfloat16", None), ("float32", "fp8_block")])
def test_whole_model_teacher_forced_logprobs_are_bitwise(dtype: str, quant: str | None) -> None:
    """The tiny model (8 experts, top-2) with 3 slots a layer, one of them static."""
    resident = build_random("tiny", dtype=dtype, device="cpu", quant_experts=quant)
    offloaded = copy.deepcopy(resident)
    layers = [m for m in offloaded.modules() if isinstance(m, Experts)]
    for i, module in enumerate(layers):
        module.offload(3, (i % 8,))
    g = torch.Generator().manual_seed(2)
    prompts = [torch.randint(2, 512, (n,), generator=g).tolist() for n in (23, 9)]
    schedule = steps(prompts, torch.randint(2, 512, (2, 24), generator=g).tolist())
    for i, (ours, theirs) in enumerate(zip(logprobs(offloaded, schedule), logprobs(resident, schedule), strict=True)):
        assert torch.equal(ours, theirs), f"step {i}"
    assert all(m.cache.counters[MISSES] > 2 * len(schedule) for m in layers)


@pytest.mark.gpu
@pytest.mark.parametrize(("dtype", "quant"), [(torch.bfloat16, None), (torch.bfloat16, "fp8_block")])
@pytest.mark.parametrize("slots", [18, 6])
def test_fused_moe_through_the_cache_is_bitwise(dtype: torch.dtype, quant: str | None, slots: int) -> None:
    """Batches of 1-6 tokens and prefill chunks of 40 through `slots - 2` dynamic slots: misses every step,
    ids remapped, one round or up to 8 (4 dynamic slots over 30 experts)."""
    resident = experts(dtype, quant, "cuda")
    offloaded = copy.deepcopy(resident).cpu()
    offloaded.offload(slots, (0, 31), pin=True)
    offloaded.cuda()
    g = torch.Generator().manual_seed(3)
    for i in range(40):
        x, w, ids = routed((1, 2, 3, 4, 5, 6, 40)[i % 7], dtype, g, "cuda")
        assert torch.equal(offloaded(x, w, ids), resident(x, w, ids)), i
    assert offloaded.cache.counters[MISSES].item() > 40


@pytest.mark.gpu
def test_moe_region_through_the_cache_is_bitwise() -> None:
    raw = preset_config("tiny") | {"num_experts": E, "num_experts_per_tok": TOP_K}
    resident = SparseMoE(Qwen4ExpConfig.from_dict(raw))
    g = torch.Generator().manual_seed(4)
    with torch.no_grad():
        for p in resident.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * p.shape[-1] ** -0.5)
    resident.bfloat16()
    offloaded = copy.deepcopy(resident)
    offloaded.experts.offload(12, pin=True)  # after the dtype: the host banks keep theirs
    resident.cuda()
    offloaded.cuda()
    for n in (1, 2, 3, 1, 8, 2, 3, 1, 30):  # 8 and 30 tokens: 3 rounds of the 12 slots, the shared expert folded
        x = torch.randn(n, 64, generator=g).cuda().bfloat16()
        assert torch.equal(offloaded(x), resident(x))


@pytest.mark.gpu
@pytest.mark.parametrize("tokens", [2, 6])
def test_cache_steps_replay_in_a_cuda_graph(tokens: int) -> None:
    """The plans, the copies and the fused MoE captured once, replayed over new routings: bitwise the
    resident outputs, the counters advancing with no sync inside; 6 tokens (24 pairs) take 3 rounds of the
    10 slots, all captured."""
    resident = experts(torch.bfloat16, "fp8_block", "cuda")
    offloaded = copy.deepcopy(resident).cpu()
    offloaded.offload(10, pin=True)
    offloaded.cuda()
    g = torch.Generator().manual_seed(5)
    x, w, ids = routed(tokens, torch.bfloat16, g, "cuda")
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        offloaded(x, w, ids)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = offloaded(x, w, ids)
    before = offloaded.cache.counters.clone()
    for _ in range(30):
        for static, new in zip((x, w, ids), routed(tokens, torch.bfloat16, g, "cuda"), strict=True):
            static.copy_(new)
        graph.replay()
        assert torch.equal(out, resident(x, w, ids))
    hits, misses, _ = (offloaded.cache.counters - before).tolist()
    assert hits + misses >= 30 * TOP_K and misses > 30


@pytest.mark.parametrize(
    ("dtype", "quant", "slots", "static", "rounds"),
    [(torch.float32, None, 10, (5,), 1), (torch.float32, "fp8_block", 10, (5,), 1),
     (torch.float32, None, 6, (5,), 2), (torch.bfloat16, "fp8_block", 6, (5,), 2),
     (torch.bfloat16, None, 4, (3, 9), 4), (torch.float32, "fp8_block", 4, (3, 9), 4)],
)  # fmt: skip
def test_cuda_path_operands_are_bitwise_in_the_interpreter(
    dtype: torch.dtype, quant: str | None, slots: int, static: tuple[int, ...], rounds: int
) -> None:
    """The CUDA path on CPU tensors (the plan kernel, the copies and the fused MoE in Triton's interpreter): the
    slots and slot ids `kernel_operands` gives, round by round (2 tokens: 8 pairs, 1 to 4 rounds of the dynamic
    slots; dense experts with the shared expert folded in), make the fused MoE's output over the resident
    stacks, misses every step; the cache ends as the torch plan leaves it over the same steps."""
    from model.kernels.fused_moe import fused_moe  # Triton: the interpreter runs it on CPU tensors

    resident = experts(dtype, quant)
    offloaded = copy.deepcopy(resident)
    offloaded.offload(slots, static)
    planned = copy.deepcopy(offloaded.cache)
    g = torch.Generator().manual_seed(6)
    for i in range(4):
        x, w, ids = routed(2, dtype, g)
        s_act, w_s = torch.randn(2, 32, generator=g).to(dtype), torch.eye(64, 32, dtype=dtype)
        shared = None if quant else (s_act, x[:, :1], w_s)
        slot_ids, gate_up, down, stored = offloaded.kernel_operands(ids)
        assert len(stored["later"]) == rounds - 1
        assert torch.equal(
            fused_moe(x, w, slot_ids, gate_up, down, **stored, shared=shared),
            fused_moe(x, w, *resident.kernel_operands(ids)[:3], **resident.stored(), shared=shared),
        ), i
        need = torch.zeros(E, dtype=torch.bool).index_fill_(0, ids.reshape(-1), True)
        assert sum(1 for _ in planned.rounds(need, ids.numel())) == rounds
    assert offloaded.cache.counters[MISSES].item() > 4
    assert torch.equal(offloaded.cache.counters, planned.counters)
    assert torch.equal(offloaded.cache.slot_of[:-1], planned.slot_of[:-1])
