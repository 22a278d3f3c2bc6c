"""The GDN kernels (`model/kernels/`) against the torch delta rule (the reference).

On CPU the decode kernel runs in Triton's interpreter, at tiny shapes, alone and as the region's
decode path inside the model. fla's kernels need a GPU, so its varlen prefill is tested on CUDA,
with the decode kernel at the bench preset's GDN shapes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F

import model.gdn as gdn_module
from model.batch import Batch, Chunk, build_batch
from model.checkpoint.loader import load_model
from model.config import Qwen4ExpConfig
from model.context import forward_context
from model.gdn import GatedDeltaNet, chunk_rule, per_value_head, recurrent_step
from model.kernels.gdn_decode import recurrent_decode
from model.presets import preset_config

BENCH = preset_config("bench")
BENCH_HEADS, BENCH_KEY_HEADS, BENCH_DK, BENCH_DV = (
    BENCH[k] for k in ("linear_num_value_heads", "linear_num_key_heads", "linear_key_head_dim", "linear_value_head_dim")
)


def core_inputs(
    n: int, heads: int, dk: int, dv: int, seed: int = 0, device: str = "cpu", key_heads: int | None = None
) -> list[torch.Tensor]:
    """q, k, v, g, beta as `GatedDeltaNet.forward` makes them: unit q/k (q scaled) with `key_heads` heads
    (default: one per value head), log-decay g < 0."""
    gen = torch.Generator().manual_seed(seed)
    key_heads = key_heads or heads
    q = F.normalize(torch.randn(n, key_heads, dk, generator=gen), dim=-1) * dk**-0.5
    k = F.normalize(torch.randn(n, key_heads, dk, generator=gen), dim=-1)
    v = torch.randn(n, heads, dv, generator=gen)
    g = -F.softplus(torch.randn(n, heads, generator=gen))
    beta = torch.rand(n, heads, generator=gen)
    return [t.to(device) for t in (q, k, v, g, beta)]


def random_state(slots: int, heads: int, dk: int, dv: int, device: str = "cpu") -> torch.Tensor:
    return torch.randn(slots, heads, dk, dv, generator=torch.Generator().manual_seed(7)).to(device)


def check_decode(
    heads: int, dk: int, dv: int, read: list[int], trash: int, block_v: int, device: str, key_heads: int | None = None
) -> None:
    """Real rows match the gathered torch step on q/k repeated to one per value head; slots no row names
    are untouched, bit for bit."""
    q, k, v, g, beta = core_inputs(len(read), heads, dk, dv, device=device, key_heads=key_heads)
    state = random_state(trash + 1, heads, dk, dv, device)
    slots = torch.tensor(read, device=device)
    real = [i for i, s in enumerate(read) if s != trash]
    q_ref, k_ref = per_value_head(q[real], heads), per_value_head(k[real], heads)
    ref_out, ref_state = recurrent_step(q_ref, k_ref, v[real], g[real], beta[real], state[slots[real]].clone())
    new = state.clone()
    buffer = torch.full_like(v, float("nan"))  # a caller's output buffer: every row is written
    out = recurrent_decode(q, k, v, g, beta, new, slots, slots, block_v=block_v, out=buffer)
    assert out is buffer and not out.isnan().any()
    torch.testing.assert_close(out[real], ref_out)
    torch.testing.assert_close(new[slots[real]], ref_state)
    untouched = [s for s in range(trash) if s not in read]
    assert torch.equal(new[untouched], state[untouched])


@pytest.mark.parametrize(
    ("heads", "key_heads", "dk", "dv", "block_v"), [(2, 2, 16, 16, 16), (3, 3, 12, 10, 4), (6, 2, 16, 16, 8)]
)
def test_decode_kernel_matches_torch_step_in_interpreter(
    heads: int, key_heads: int, dk: int, dv: int, block_v: int
) -> None:
    """Power-of-two and masked head dims; the value dim whole or split into column blocks; two padding
    rows sharing the trash slot; q/k one per value head or per key head (three value heads each)."""
    check_decode(heads, dk, dv, read=[2, 0, 5, 5], trash=5, block_v=block_v, device="cpu", key_heads=key_heads)


def test_decode_kernel_reads_row_views_and_a_narrow_v_in_place() -> None:
    """q/k/v as row views of one wider buffer (the conv's output, split) with v in bf16 give bitwise what
    contiguous float32 copies give (v widened exactly): the kernel reads them where they are."""
    q, k, v, g, beta = core_inputs(3, 6, 16, 16, key_heads=2)
    v = v.bfloat16()
    wide = torch.cat([q.flatten(1), k.flatten(1), v.float().flatten(1), torch.zeros(3, 5)], dim=1)
    q_view, k_view = (wide[:, i * 32 : (i + 1) * 32].unflatten(1, (2, 16)) for i in (0, 1))
    v_view = wide.bfloat16()[:, 64:160].unflatten(1, (6, 16))
    state, slots = random_state(4, 6, 16, 16), torch.tensor([2, 0, 3])
    want_state, got_state = state.clone(), state.clone()
    want = recurrent_decode(q, k, v.float(), g, beta, want_state, slots, slots, block_v=8)
    got = recurrent_decode(q_view, k_view, v_view, g, beta, got_state, slots, slots, block_v=8)
    assert got.dtype == torch.float32 and torch.equal(got, want) and torch.equal(got_state, want_state)


def test_decode_kernel_rejects_bad_inputs() -> None:
    q, k, v, g, beta = core_inputs(1, 2, 16, 16)
    state, slot = torch.zeros(2, 2, 16, 16), torch.tensor([0])
    with pytest.raises(ValueError, match=r"beta: expected float32 \(1, 2\), got torch.float32 \(1, 3\)"):
        recurrent_decode(q, k, v, g, torch.rand(1, 3), state, slot, slot)
    with pytest.raises(ValueError, match="write_slots: expected shape"):
        recurrent_decode(q, k, v, g, beta, state, slot, torch.tensor([0, 1]))
    with pytest.raises(ValueError, match="q: 3 key heads do not divide v's 2 value heads"):
        recurrent_decode(torch.zeros(1, 3, 16), k, v, g, beta, state, slot, slot)
    with pytest.raises(ValueError, match=r"k: expected float32 \(1, 1, 16\), got torch.float32 \(1, 2, 16\)"):
        recurrent_decode(q[:, :1], k, v, g, beta, state, slot, slot)
    with pytest.raises(ValueError, match="state: expected contiguous float32"):
        recurrent_decode(
            q, k, v, g, beta, torch.zeros(2, 2, 16, 16, dtype=torch.bfloat16), torch.tensor([0]), torch.tensor([0])
        )


def tiny_gdn(dtype: torch.dtype, device: str, slots: int) -> GatedDeltaNet:
    gdn = GatedDeltaNet(Qwen4ExpConfig.from_dict(preset_config("tiny"))).to(device=device, dtype=dtype)
    gdn.init_state(slots, dtype)
    gdn.recurrent.copy_(random_state(slots, gdn.num_v_heads, gdn.head_k_dim, gdn.head_v_dim, device))
    return gdn


def run_core(gdn: GatedDeltaNet, batch: Batch, method: str) -> torch.Tensor:
    c, device = gdn.recurrent.shape[1:], str(gdn.recurrent.device)
    inputs = core_inputs(batch.num_tokens, *c, seed=batch.num_tokens, device=device, key_heads=gdn.num_k_heads)
    with forward_context(batch.host):
        return getattr(gdn, method)(*inputs, batch.slots, batch.write_slots)


def test_region_dispatch_on_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the kernels on, a padded decode batch runs the decode kernel (close to torch, other slots
    untouched); a float32 model's mixed batch keeps the torch path (fla's TF32 dots are for half models)."""
    monkeypatch.setattr(gdn_module, "use_kernels", lambda t: True)
    ours, ref = tiny_gdn(torch.float32, "cpu", 4), tiny_gdn(torch.float32, "cpu", 4)
    decode = build_batch([Chunk(2, [1], 5), Chunk(0, [1], 3)], trash_slot=3, device="cpu", pad_to=4)
    torch.testing.assert_close(run_core(ours, decode, "delta_rule")[:2], run_core(ref, decode, "torch_delta_rule")[:2])
    torch.testing.assert_close(ours.recurrent[:3], ref.recurrent[:3])
    assert torch.equal(ours.recurrent[1], random_state(4, *ours.recurrent.shape[1:])[1])
    ours.recurrent.copy_(ref.recurrent)
    mixed = build_batch([Chunk(1, [1, 2, 3], 0), Chunk(2, [1], 6)], trash_slot=3, device="cpu", pad_to=5)
    assert torch.equal(run_core(ours, mixed, "delta_rule"), run_core(ref, mixed, "torch_delta_rule"))
    assert torch.equal(ours.recurrent[:3], ref.recurrent[:3])


def test_model_decode_with_the_kernel_matches_torch(tiny_ckpt: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A prefill, then padded decode steps of the tiny model: the kernel's logits follow torch's."""

    def logits(kernels: bool) -> list[torch.Tensor]:
        monkeypatch.setattr(gdn_module, "use_kernels", lambda t: kernels)
        m = load_model(tiny_ckpt, dtype=torch.float32)
        m.init_state(max_num_seqs=3, max_model_len=32)
        steps = [[Chunk(0, [5, 9, 2, 7], 0), Chunk(2, [3, 4], 0)]]
        steps += [[Chunk(0, [11 + i], 4 + i), Chunk(2, [20 + i], 2 + i)] for i in range(3)]
        rows = []
        with torch.no_grad():
            for chunks in steps:
                batch = build_batch(chunks, m.trash_slot, "cpu", pad_to=6)
                rows.append(m.compute_logits(m.run(batch)[: batch.host.query_start[-1]]))
        return rows

    for ours, ref in zip(logits(True), logits(False), strict=True):
        torch.testing.assert_close(ours, ref)


# --- CUDA ------------------------------------------------------------------------------------------------


@pytest.mark.gpu
def test_decode_kernel_at_bench_shapes_and_in_a_cuda_graph() -> None:
    """Batch 64 at the bench GDN shapes (q/k per key head, slots shuffled, padding at the trash slot)
    matches torch in float32; a graph replay of the kernel is bitwise to the eager launch."""
    read = torch.randperm(70, generator=torch.Generator().manual_seed(0))[:60].tolist() + [70] * 4
    shapes = (BENCH_HEADS, BENCH_DK, BENCH_DV)
    check_decode(*shapes, read=read, trash=70, block_v=32, device="cuda", key_heads=BENCH_KEY_HEADS)
    q, k, v, g, beta = core_inputs(8, *shapes, device="cuda", key_heads=BENCH_KEY_HEADS)
    slots = torch.arange(8, device="cuda")
    start = random_state(9, BENCH_HEADS, BENCH_DK, BENCH_DV, "cuda")
    state = start.clone()
    eager = recurrent_decode(q, k, v, g, beta, state, slots, slots)
    eager_state, state = state.clone(), start.clone()
    recurrent_decode(q, k, v, g, beta, state, slots, slots)  # warm (compiled) before capture
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = recurrent_decode(q, k, v, g, beta, state, slots, slots)
    state.copy_(start)
    graph.replay()
    assert torch.equal(out, eager) and torch.equal(state, eager_state)


def rms(x: torch.Tensor) -> float:
    return x.double().pow(2).mean().sqrt().item()


def test_prefill_layout_once_per_batch() -> None:
    """The layout fla reads (request bounds, state slots, one (request, chunk) row per 64-token chunk)
    is built once per batch layout: every GDN layer of a forward gets the same tensors, so fla's
    identity-keyed caches of what it derives from them hit after the first layer."""
    from model.kernels.gdn_prefill import layout

    batch = build_batch(
        [Chunk(3, list(range(130)), 0), Chunk(0, [1], 9), Chunk(5, list(range(64)), 0)],
        trash_slot=6,
        device="cpu",
        pad_to=210,
    )
    host, cpu = batch.host, torch.device("cpu")
    bounds, slots, chunks = layout(host.query_start, host.slots, cpu)
    assert bounds.tolist() == [0, 130, 131, 195] and slots.tolist() == [3, 0, 5]
    assert chunks.tolist() == [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0]]
    again = layout(tuple(host.query_start), tuple(host.slots), cpu)
    assert all(a is b for a, b in zip(again, (bounds, slots, chunks), strict=True))
    assert layout((0, 64), (1,), cpu)[1].tolist() == [1]


# A batch whose second request saves its state 64 and 128 tokens into its chunk (the scheduler sends
# saves at multiples of the delta rule's chunk), beside a decode row and a request without saves.
SAVED = [Chunk(0, [1], 9), Chunk(3, list(range(200)), 0, ((64, 7), (128, 8))), Chunk(1, list(range(70)), 5)]


def saved_batch_and_pieces(device: str) -> tuple[Batch, list[tuple[Batch, slice]]]:
    """`SAVED` as one batch (trash slot 6, checkpoint rows 7 and 8), and as the forwards that end at its
    saves (each with the rows of the inputs it takes)."""
    batch = build_batch(SAVED, trash_slot=6, device=device)
    first = build_batch([SAVED[0], Chunk(3, list(range(64)), 0), SAVED[2]], trash_slot=6, device=device)
    second = build_batch([Chunk(3, list(range(64)), 64)], trash_slot=6, device=device)
    third = build_batch([Chunk(3, list(range(72)), 128)], trash_slot=6, device=device)
    rows = [[0, *range(1, 65), *range(201, 271)], list(range(65, 129)), list(range(129, 201))]
    return batch, [(b, r) for b, r in zip((first, second, third), rows, strict=True)]


def test_saves_inside_a_chunk_are_the_states_of_forwards_ending_there() -> None:
    """The torch delta rule runs a chunk with saves in pieces: each saved row holds bit for bit the state
    the forwards ending at its position leave in the slot, and the outputs and final states are theirs."""
    saved, pieces = saved_batch_and_pieces("cpu")
    ours, ref = tiny_gdn(torch.float32, "cpu", 9), tiny_gdn(torch.float32, "cpu", 9)
    inputs = core_inputs(saved.num_tokens, *ours.recurrent.shape[1:], key_heads=ours.num_k_heads)
    with forward_context(saved.host):
        out = ours.delta_rule(*inputs, saved.slots, saved.write_slots)
    assert saved.host.saves == ((1, 64, 7), (1, 128, 8))
    assert [saved.write_slots[i].item() for i in (64, 128, 200)] == [7, 8, 3]  # the rows before each save, the last
    want = torch.empty_like(out)
    states = []
    for batch, rows in pieces:
        with forward_context(batch.host):
            want[rows] = ref.delta_rule(*(t[rows] for t in inputs), batch.slots, batch.write_slots)
        states.append(ref.recurrent[3].clone())
    assert torch.equal(out, want)
    assert torch.equal(ours.recurrent[7], states[0]) and torch.equal(ours.recurrent[8], states[1])
    assert torch.equal(ours.recurrent[:7], ref.recurrent[:7])


def test_fla_saves_must_fall_on_its_chunks() -> None:
    """fla keeps states at its 64-token chunks only: a save elsewhere is refused, naming it."""
    from model.kernels.gdn_prefill import _save_chunks

    query_start = (0, 1, 201, 271)
    assert _save_chunks(query_start, [(1, 64, 7), (1, 128, 8), (2, 64, 9)]) == [2, 3, 6]  # chunks 0, 1-4, 5-6
    with pytest.raises(ValueError, match="saved 60 tokens into chunk 1"):
        _save_chunks(query_start, [(1, 60, 7)])
    with pytest.raises(ValueError, match="inside its 70 tokens"):
        _save_chunks(query_start, [(2, 128, 7)])


@pytest.mark.gpu
def test_fla_saves_inside_a_chunk_are_bitwise_the_states_of_forwards_ending_there() -> None:
    """With saves, `chunked_varlen` takes fla's forward call by call to keep each chunk's starting state:
    outputs and final states are bitwise the plain call's, and each saved row bitwise the state the
    forwards ending at its position leave (fla's chunks of 64 hold the same arithmetic either way)."""
    pytest.importorskip("fla")
    from model.kernels.gdn_prefill import chunked_varlen

    heads, dk, dv = 4, BENCH_DK, BENCH_DV
    saved, pieces = saved_batch_and_pieces("cuda")
    inputs = core_inputs(saved.num_tokens, heads, dk, dv, device="cuda")
    start = random_state(9, heads, dk, dv, "cuda") * 0.1
    ours, plain, ref = start.clone(), start.clone(), start.clone()
    out = chunked_varlen(*inputs, ours, saved.host.query_start, saved.host.slots, saves=saved.host.saves)
    assert torch.equal(out, chunked_varlen(*inputs, plain, saved.host.query_start, saved.host.slots))
    assert torch.equal(ours[:7], plain[:7])
    states = []
    for batch, rows in pieces:
        chunked_varlen(*(t[rows] for t in inputs), ref, batch.host.query_start, batch.host.slots)
        states.append(ref[3].clone())
    assert torch.equal(ours[7], states[0]) and torch.equal(ours[8], states[1]) and torch.equal(ours[3], ref[3])


@pytest.mark.gpu
def test_fla_forward_entry_is_fla_public_call_bit_for_bit() -> None:
    """`chunked_varlen` enters fla at its forward, past the public call's checks and autograd node:
    the same kernels on the same arguments, so outputs and states are bitwise the public call's."""
    pytest.importorskip("fla")
    from fla.ops.gated_delta_rule import chunk_gated_delta_rule

    from model.kernels.gdn_prefill import chunked_varlen

    heads, dk, dv = 4, BENCH_DK, BENCH_DV
    batch = build_batch(
        [Chunk(3, list(range(130)), 0), Chunk(0, [1], 9), Chunk(1, list(range(7)), 2)], trash_slot=6, device="cuda"
    )
    q, k, v, g, beta = core_inputs(batch.num_tokens, heads, dk, dv, device="cuda")
    start = random_state(7, heads, dk, dv, "cuda") * 0.1
    state = start.clone()
    out = chunked_varlen(q, k, v, g, beta, state, batch.host.query_start, batch.host.slots)
    slots = list(batch.host.slots)
    ref, final = chunk_gated_delta_rule(
        *(t[None] for t in (q, k, v, g, beta)),
        scale=1.0,
        initial_state=start[slots],
        output_final_state=True,
        cu_seqlens=torch.tensor(batch.host.query_start, device="cuda"),
    )
    assert torch.equal(out, ref[0]) and torch.equal(state[slots], final)


@contextmanager
def pinned_launch_configs() -> Iterator[Callable[[], None]]:
    """Triton's autotuners record the config each one picks (`Autotuner.run`); after `pin()` each runs
    the config it recorded, untimed. fla tunes per key, and its keys hold the head counts, so without
    this the grouped call could tune to another block size (another summation order) than the repeated
    one: a difference of tuning, not of operands."""
    from triton.runtime.autotuner import Autotuner

    run, chosen, pinned = Autotuner.run, {}, []

    def recording_run(self: Autotuner, *args: object, **kwargs: object) -> object:
        if pinned:
            configs, self.configs = self.configs, [chosen[id(self)]]  # one config: no key, no timing
            try:
                return run(self, *args, **kwargs)
            finally:
                self.configs = configs
        out = run(self, *args, **kwargs)
        chosen[id(self)] = self.best_config
        return out

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Autotuner, "run", recording_run)
        yield lambda: pinned.append(True)


@pytest.mark.gpu
def test_fla_grouped_q_k_are_the_repeated_call_bit_for_bit() -> None:
    """q/k per key head (fla's GVA: value head h reads key head h // 3, the bench preset's 16 -> 48)
    against the same q/k repeated per value head: every fla kernel loads the same operand tiles for a
    (chunk, value head) program, so with the launch configs the repeated call tuned, outputs and final
    states are bitwise equal (a mixed batch: a decode token, chunks across fla's blocks, padding)."""
    pytest.importorskip("fla")
    from model.kernels.gdn_prefill import chunked_varlen

    heads, key_heads, dk, dv = 6, 2, BENCH_DK, BENCH_DV
    batch = build_batch(
        [Chunk(3, list(range(130)), 0), Chunk(0, [1], 9), Chunk(1, list(range(7)), 2)],
        trash_slot=6,
        device="cuda",
        pad_to=150,
    )
    q, k, v, g, beta = core_inputs(batch.num_tokens, heads, dk, dv, device="cuda", key_heads=key_heads)
    start = random_state(7, heads, dk, dv, "cuda") * 0.1
    layout = (batch.host.query_start, batch.host.slots)
    repeated_state, grouped_state = start.clone(), start.clone()
    with pinned_launch_configs() as pin:
        repeated = chunked_varlen(
            per_value_head(q, heads), per_value_head(k, heads), v, g, beta, repeated_state, *layout
        )
        pin()
        grouped = chunked_varlen(q, k, v, g, beta, grouped_state, *layout)
    assert torch.equal(grouped, repeated) and torch.equal(grouped_state, repeated_state)


@pytest.mark.gpu
def test_fla_varlen_prefill_error_is_below_bf16_rounding() -> None:
    """fla's chunked rule over a mixed batch (a decode token, chunks across fla's 64-token blocks,
    padding rows; q/k per key head, two value heads each) against torch's float64 chunk rule on q/k
    repeated per value head, request by request: TF32 keeps two more mantissa
    bits than bfloat16, so its error stays below the rounding a bf16 model applies to the core's
    output (and to a bf16-sized state); padding rows are zero and unnamed slots untouched."""
    pytest.importorskip("fla")
    from model.kernels.gdn_prefill import chunked_varlen

    heads, dk, dv = 8, BENCH_DK, BENCH_DV
    batch = build_batch(
        [Chunk(3, list(range(130)), 0), Chunk(0, [1], 9), Chunk(5, list(range(64)), 0), Chunk(1, list(range(7)), 2)],
        trash_slot=6,
        device="cuda",
        pad_to=210,
    )
    q, k, v, g, beta = core_inputs(batch.num_tokens, heads, dk, dv, device="cuda", key_heads=heads // 2)
    start = random_state(7, heads, dk, dv, "cuda") * 0.1
    state = start.clone()
    out = chunked_varlen(q, k, v, g, beta, state, batch.host.query_start, batch.host.slots)
    bounds, total = batch.host.query_start, batch.host.query_start[-1]
    q, k = per_value_head(q, heads), per_value_head(k, heads)
    for r, slot in enumerate(batch.host.slots):
        a, b = bounds[r], bounds[r + 1]
        ref_o, ref_s = chunk_rule(*(t[a:b].double() for t in (q, k, v, g, beta)), start[slot].double())
        for name, got, ref in (("output", out[a:b], ref_o), ("state", state[slot], ref_s)):
            err, rounding = rms(got - ref), rms(ref.bfloat16().double() - ref)
            assert err <= rounding, f"request {r} {name}: fla error {err:.3g} above bf16 rounding {rounding:.3g}"
    assert torch.equal(out[total:], torch.zeros_like(out[total:]))
    assert torch.equal(state[[2, 4, 6]], start[[2, 4, 6]])


@pytest.mark.gpu
def test_bf16_gdn_layer_error_with_kernels_within_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bf16 GDN layer (prefill of two requests, then three decode steps) with the kernels, against
    the float32 torch layer of the same weights: its error is at most sqrt(2) times the bf16 torch
    layer's. (The decode kernel is float32 arithmetic; fla's error is below the bf16 rounding that
    the torch path's error already includes, and independent errors add in quadrature.)"""
    pytest.importorskip("fla")
    cfg = Qwen4ExpConfig.from_dict(
        {**preset_config("tiny"), "linear_key_head_dim": 128, "linear_value_head_dim": 128, "hidden_size": 256}
    )
    gen = torch.Generator().manual_seed(0)
    base = GatedDeltaNet(cfg)
    with torch.no_grad():
        for p in base.parameters():
            p.copy_(torch.randn(p.shape, generator=gen) * (0.3 if p.dim() < 2 else p.shape[-1] ** -0.5))
    steps = [[Chunk(0, list(range(100)), 0), Chunk(1, list(range(37)), 0)]]
    steps += [[Chunk(0, [0], 100 + i), Chunk(1, [0], 37 + i)] for i in range(3)]
    xs = [torch.randn(sum(len(c.token_ids) for c in s), cfg.hidden_size, generator=gen) for s in steps]

    def run(dtype: torch.dtype, kernels: bool) -> torch.Tensor:
        monkeypatch.setattr(gdn_module, "use_kernels", lambda t: kernels)
        gdn = GatedDeltaNet(cfg).to("cuda")
        gdn.load_state_dict(base.state_dict())
        gdn = gdn.to(dtype)
        gdn.init_state(3, dtype)
        outs = []
        for chunks, x in zip(steps, xs, strict=True):
            b = build_batch(chunks, 2, "cuda")
            with torch.no_grad(), forward_context(b.host):
                outs.append(gdn(x.to("cuda", dtype), b.slots, b.offsets, b.write_slots).float())
        return torch.cat(outs)

    ref = run(torch.float32, kernels=False)
    err_kernels, err_torch = rms(run(torch.bfloat16, True) - ref), rms(run(torch.bfloat16, False) - ref)
    assert err_kernels <= math.sqrt(2) * err_torch, (
        f"bf16 error {err_kernels:.3g} with kernels, {err_torch:.3g} without"
    )
