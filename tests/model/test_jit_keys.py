"""`KeyRecorder` computes the key Triton's GPU JIT compiles a launch under, from interpreted launches on CPU.

A toy kernel shows each class (an int's `== 1` constexpr and `% 16`, a pointer's 16-byte alignment, an
unspecialised int, a constexpr); then the kernels whose counts follow the batch keep one key over
batches of every class: the fused MoE's pair and token counts and the QSA selection's score width.
"""

from __future__ import annotations

import pytest
import torch
import triton
import triton.language as tl

from model.kernels.codes import interpreted
from model.kernels.fused_moe import fused_moe
from model.kernels.jit_keys import KeyRecorder
from model.kernels.qsa_select import PrefillRows, select_blocks


@triton.jit(do_not_specialize=["m"])
def _toy_kernel(x, n, m, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    tl.store(x + r, tl.load(x + r, mask=r < n) + m, mask=r < n)


def _classes(recorder: KeyRecorder, x: torch.Tensor, n: int, m: int) -> dict[str, str]:
    key = recorder.record(interpreted(_toy_kernel), (x, n, m), {"BLOCK": 16})
    return {name: cls for name, _, cls in key}


def test_each_argument_gets_the_class_the_gpu_jit_gives_it() -> None:
    recorder = KeyRecorder()
    x = torch.zeros(64)
    assert _classes(recorder, x, 32, 5) == {"x": "D", "n": "D", "m": "any", "BLOCK": "16"}
    assert _classes(recorder, x, 1, 1)["n"] == "1"  # a constexpr: its own compile
    assert _classes(recorder, x, 5, 32)["n"] == "-"
    assert _classes(recorder, x[1:], 5, 32)["x"] == "-"
    assert _classes(recorder, x[4:], 5, 32)["x"] == "D/fp32"  # 16 bytes in fp32, 8 in bf16
    assert _classes(recorder, x[8:], 5, 32)["x"] == "D"
    toy = recorder.kernels["test_jit_keys._toy_kernel"]
    assert len(toy.examples) == 5 and toy.varying() == ["x", "n"]
    assert "n=1 [1]" in toy.describe() and "x=float32[60]@+16B [D/fp32]" in toy.describe()


def test_recording_sees_launches_and_new_since_tells_the_late_ones() -> None:
    recorder = KeyRecorder()
    x = torch.zeros(16)
    with recorder.recording():
        interpreted(_toy_kernel)[(1,)](x, 16, 3, BLOCK=16)
        before = recorder.snapshot()
        interpreted(_toy_kernel)[(1,)](x, 16, 4, BLOCK=16)  # m is not specialised: the same key
        assert recorder.new_since(before) == {}
        interpreted(_toy_kernel)[(1,)](x, 7, 4, BLOCK=16)
    late = recorder.new_since(before)
    assert list(late) == ["test_jit_keys._toy_kernel"] and len(late["test_jit_keys._toy_kernel"]) == 1
    assert torch.equal(x, torch.full((16,), 7.0).index_fill_(0, torch.arange(7), 11.0))  # the launches ran


@pytest.mark.parametrize("tokens", [[2, 3, 13, 16], [1]])
def test_fused_moe_keeps_one_key_per_tile_class_over_token_counts(tokens: list[int]) -> None:
    """Pairs and tokens of every class (`% 16`, not; one token: its own direct path) share each kernel's
    key within one tile class (`default_tiles`: the tiny shapes' 8 experts keep the first class)."""
    recorder = KeyRecorder()
    g = torch.Generator().manual_seed(0)
    experts, hidden, inter, k = 8, 32, 16, 2
    gate_up = torch.randn(experts, 2 * inter, hidden, generator=g) / 8
    down = torch.randn(experts, hidden, inter, generator=g) / 8
    with recorder.recording():
        for t in tokens:
            x = torch.randn(t, hidden, generator=g)
            ids = torch.stack([torch.randperm(experts, generator=g)[:k] for _ in range(t)])
            fused_moe(x, torch.rand(t, k, generator=g), ids, gate_up, down)
    launched = {name: len(keys.examples) for name, keys in recorder.kernels.items()}
    assert launched["fused_moe._gate_up_kernel"] == launched["fused_moe._down_kernel"] == 1, recorder.report()
    assert launched["fused_moe._sum_kernel"] == 1, recorder.report()
    if len(tokens) > 1:  # 4..32 pairs: alignment chunks of 16 and 32 (constexprs), not a key per count
        assert launched["fused_moe._align_kernel"] == 2, recorder.report()


def test_qsa_selection_keeps_one_key_over_prefill_widths() -> None:
    """A prefill batch's score width (its most complete blocks: 1, 6, 16 here) is padded to a multiple of
    16, so the tiled score and the selection keep one key; the decode width is `total`."""
    recorder = KeyRecorder()
    g = torch.Generator().manual_seed(1)
    pages, per_page, di, block, total = 6, 4, 16, 4, 24
    keys = torch.randn(pages, per_page, di, generator=g)
    table = torch.arange(pages, dtype=torch.int32).view(1, pages)
    with recorder.recording():
        for last in (4, 23, 63):  # 1, 6 and 16 complete blocks
            n = 3
            positions = torch.arange(last - n + 1, last + 1)
            tiles = torch.tensor([[0, n]], dtype=torch.int32)
            iq = torch.randn(n, 2, di, generator=g)
            rows = PrefillRows(tiles, 64, (last + 1) // block)
            select_blocks(iq, keys, table, torch.zeros(n, dtype=torch.int64), positions, 2, block, total, rows)
    for name in ("qsa_select._tile_score_kernel", "qsa_select._select_row_kernel"):
        assert len(recorder.kernels[name].examples) == 1, recorder.report()
