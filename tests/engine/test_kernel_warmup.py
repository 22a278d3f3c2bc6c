"""Start-up launches every Triton kernel variant a server meets: after it, no launch would compile on a GPU.

The tiny engine (CPU, float32, eager) runs its region cores' Triton kernels in the interpreter while
`KeyRecorder` computes the key each launch would compile under on a GPU (`model/kernels/jit_keys.py`), and
`scripts/tools/triton_keys.py`'s serving mix follows start-up: odd prompt lengths, a chunk at a nonzero
start beside two more requests, a prefix hit resuming mid-prompt, decode of three and of two. The
hyper-connection read's kernels stay off (a minute more of the interpreter; the tool runs them): they take
no argument that follows the batch, and run at 1-2 rows, as the decode graphs capture them.
"""

from __future__ import annotations

import pytest

from model.kernels.jit_keys import KeyRecorder
from qcompile.engine.kernel_warmup import powers_of_two, warmup_chunks
from scripts.tools.triton_keys import KERNEL_GATES, PAGE, kernels_in_interpreter, serve_mix, serving_llm

# kernels the mix launches (not vacuous): start-up's one-token request, a uniform decode, launched none of
# the first two, whose first keys came late before the variant warm-up (`ModelRunner.warm_kernels`)
SERVED = {
    "attention_prefill._prefill_kernel",
    "qsa_select._tile_score_kernel",
    "fused_moe._align_kernel",
    "fused_moe._gate_up_kernel",
    "fused_moe._down_kernel",
    "fused_moe._sum_kernel",
    "qsa_select._select_row_kernel",
    "router._route_kernel",
    "attention_decode._split_kernel",
    "gdn_decode._decode_kernel",
}


@pytest.mark.slow
def test_serving_meets_only_keys_start_up_launched() -> None:
    recorder = KeyRecorder()
    with kernels_in_interpreter(tuple(g for g in KERNEL_GATES if g != "model.hyper")), recorder.recording():
        llm = serving_llm()
        started = recorder.snapshot()
        outputs = serve_mix(llm)
    assert [o.num_cached_tokens for o in outputs] == [0, 0, 0, PAGE, 0]  # the second turn's hit
    assert SERVED <= set(recorder.kernels), sorted(recorder.kernels)
    late = recorder.new_since(started)
    assert not late, recorder.late_report(late)


@pytest.mark.gpu
def test_serving_on_cuda_compiles_no_triton_kernel_after_start_up() -> None:
    """On a GPU itself: Triton's post-compile hook sees every JIT compile of a kernel launched outside
    Inductor's code; after start-up the serving mix causes none. (float32: the bf16 prefill's fla kernels,
    which leave their token count unspecialised themselves, are tested at larger head dims than tiny's.)"""
    import triton

    compiled: list[str] = []
    llm = serving_llm(device="cuda")
    before = triton.knobs.runtime.jit_post_compile_hook
    triton.knobs.runtime.jit_post_compile_hook = lambda **hook: compiled.append(hook["repr"])
    try:
        outputs = serve_mix(llm)
    finally:
        triton.knobs.runtime.jit_post_compile_hook = before
    assert [o.num_cached_tokens for o in outputs] == [0, 0, 0, PAGE, 0]
    assert not compiled, "\n".join(compiled)


def test_warmup_batches_cover_each_size_class_inside_the_limits() -> None:
    """Prefills of 2, 4, .. and the budget; a chunk at a nonzero start and one at the context's end (rows
    far past QSA's budget take the gathered walk); several requests in one step; uniform decode of 1, 2, 4,
    .. and `max_num_seqs` rows: every slot free, every position inside `max_model_len`."""
    assert powers_of_two(2, 24) == [2, 4, 8, 16, 24] and powers_of_two(1, 4) == [1, 2, 4] and powers_of_two(2, 1) == []
    batches = warmup_chunks(2048, 6, 300)
    sizes = [[len(c.token_ids) for c in b] for b in batches]
    assert sizes[:9] == [[2], [4], [8], [16], [32], [64], [128], [256], [299]]
    assert sizes[9:] == [[3], [3], [3, 1, 2], [1], [1, 1], [1, 1, 1, 1], [1] * 6]
    assert batches[9][0].start_pos > 0 and batches[10][0].start_pos + 3 == 299
    for chunks in batches:
        assert len({c.slot for c in chunks}) == len(chunks) and all(0 <= c.slot < 6 for c in chunks)
        assert all(c.start_pos + len(c.token_ids) < 300 for c in chunks)
    one_slot = warmup_chunks(8, 1, 16)
    assert [[len(c.token_ids) for c in b] for b in one_slot] == [[2], [4], [8], [3], [3], [1]]
