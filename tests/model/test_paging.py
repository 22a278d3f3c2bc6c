"""The paged K/V cache: a scattered page assignment gives what each slot's own pages give, bit for bit.

The default `init_state` gives slot `s` the pages `s * pages_per_seq ..`, in order (the memory the
caches always had). Here a second model gets a smaller pool and its pages handed out by a random
permutation, only as many as each request reaches, the pages nobody holds filled with NaN: the
torch path and the kernels (Triton's interpreter) must not tell the two apart.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

import model.attention as attention_module
from model.attention import Attention
from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from model.paging import PAGED_BUFFERS
from model.qwen4_exp import Qwen4ExpForCausalLM

PAGE = 16
MAX_LEN = 48  # three pages a slot
# (slot, tokens) steps past the tiny model's QSA budget: a fresh prompt, a chunked prefill beside
# decodes, and padding rows (each step padded to 8 rows)
STEPS = [
    [Chunk(0, list(range(3, 24)), 0), Chunk(2, [3, 4], 0)],
    [Chunk(0, [11], 21), Chunk(1, list(range(5, 19)), 0), Chunk(2, [20], 2)],
    [Chunk(1, list(range(19, 30)), 14), Chunk(0, [12], 22)],
    [Chunk(0, [13], 23), Chunk(1, [7], 25), Chunk(2, [21], 3)],
    [Chunk(0, [14], 24), Chunk(1, [8], 26), Chunk(2, [22], 4)],
]
REACHED = {0: 25, 1: 27, 2: 5}  # positions each slot's request reaches


def attention_layers(m: Qwen4ExpForCausalLM) -> list[Attention]:
    return [layer.self_attn for layer in m.model.layers if not layer.is_linear]


def logits(m: Qwen4ExpForCausalLM) -> list[torch.Tensor]:
    rows = []
    device = m.lm_head.weight.device
    with torch.no_grad():
        for chunks in STEPS:
            batch = build_batch(chunks, m.trash_slot, device, pad_to=max(8, sum(len(c.token_ids) for c in chunks)))
            rows.append(m.compute_logits(m.run(batch)[: batch.host.query_start[-1]]))
    return rows


@pytest.mark.parametrize(
    "kernels,device,dtype",
    [
        (False, "cpu", torch.float32),
        (True, "cpu", torch.float32),
        pytest.param(True, "cuda", torch.bfloat16, marks=pytest.mark.gpu),
    ],
    ids=["torch", "kernels", "cuda-bf16"],
)
def test_scattered_pages_give_each_slot_s_own_pages_bitwise(
    tiny_ckpt: Path, monkeypatch: pytest.MonkeyPatch, kernels: bool, device: str, dtype: torch.dtype
) -> None:
    """On CPU the torch path and the kernels in Triton's interpreter; on CUDA the kernels in bf16."""
    monkeypatch.setattr(attention_module, "use_kernels", lambda t: kernels)
    own = load_model(tiny_ckpt, device, dtype)
    own.init_state(3, MAX_LEN, page_size=PAGE)
    scattered = load_model(tiny_ckpt, device, dtype)
    scattered.init_state(3, MAX_LEN, num_pages=6, page_size=PAGE)  # 5 pages held, one spare
    assert scattered.block_table.eq(6).all()  # every row at the trash page until pages are assigned
    perm = torch.randperm(6, generator=torch.Generator().manual_seed(0)).tolist()
    held = 0
    for slot, reached in REACHED.items():
        count = -(-reached // PAGE)
        scattered.set_block_table(slot, perm[held : held + count])
        held += count
    for att in attention_layers(scattered):
        for pool in (att.k_cache, att.v_cache, att.index_keys, att.block_keys):
            pool[perm[held:]] = float("nan")  # held by nobody: never read
    for a, b in zip(logits(scattered), logits(own), strict=True):
        assert torch.equal(a, b)
    for a, b in zip(attention_layers(scattered), attention_layers(own), strict=True):
        for slot, reached in REACHED.items():
            one = torch.tensor(slot, device=device)
            for pool in ("k_cache", "v_cache", "index_keys"):
                got = a._paged_rows(getattr(a, pool), one, reached)
                assert torch.equal(got, b._paged_rows(getattr(b, pool), one, reached)), (pool, slot)
            blocks = reached // a.block
            assert torch.equal(a._paged_rows(a.block_keys, one, blocks), b._paged_rows(b.block_keys, one, blocks))


def test_default_state_gives_each_slot_its_own_pages(tiny_ckpt: Path) -> None:
    """`num_pages=None`: slot `s` holds pages `3s, 3s + 1, 3s + 2`; the trash slot and the trash page
    (the pool's last) point at each other; every layer reads the model's one table; `page_bytes` is
    a page of every pool."""
    m = load_model(tiny_ckpt, dtype=torch.float32)
    m.init_state(4, MAX_LEN - 1, page_size=PAGE)
    assert (m.page_size, m.num_pages, m.pages_per_seq) == (PAGE, 12, 3)
    assert m.block_table.dtype == torch.int32
    assert m.block_table.tolist() == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11], [12, 12, 12]]
    for att in attention_layers(m):
        assert att.block_table is m.block_table
        assert att.k_cache.shape == (13, PAGE, att.num_kv_heads, att.head_dim)
        assert att.index_keys.shape == (13, PAGE, att.indexer.head_dim)
        assert att.block_keys.shape == (13, PAGE // att.block, att.indexer.head_dim)
    pools = [getattr(att, name) for att in attention_layers(m) for name in PAGED_BUFFERS]
    assert m.page_bytes(PAGE) == sum(pool[0].nbytes for pool in pools)
    m.set_block_table(1, [11, 0])
    assert m.block_table[1].tolist() == [11, 0, 12]
    assert m.block_table.data_ptr() == attention_layers(m)[0].block_table.data_ptr()


@pytest.mark.parametrize(
    "slot,pages,error",
    [
        (4, [0], r"slot 4: block table rows are slots 0 \.\. 3"),
        (-1, [0], r"slot -1: block table rows are slots 0 \.\. 3"),
        (0, [0, 1, 2, 3], "slot 0: 4 pages, a row holds at most 3"),
        (1, [5, 12], r"slot 1: page 12 is outside 0 \.\. 11 \(num_pages=12\)"),
        (2, [-1], r"slot 2: page -1 is outside 0 \.\. 11"),
        (3, [7, 7], r"slot 3: a page appears twice in \[7, 7\]"),
    ],
)
def test_bad_block_table_rows_are_named(tiny_ckpt: Path, slot: int, pages: list[int], error: str) -> None:
    m = load_model(tiny_ckpt, dtype=torch.float32)
    m.init_state(4, MAX_LEN, page_size=PAGE)
    before = m.block_table.clone()
    with pytest.raises(ValueError, match=error):
        m.set_block_table(slot, pages)
    assert torch.equal(m.block_table, before)


@pytest.mark.parametrize(
    "kwargs,error",
    [
        ({"page_size": 24}, "page_size=24: must be a positive multiple of indexer_compress_ratio"),
        ({"page_size": 0}, "page_size=0: must be a positive multiple"),
        ({"num_pages": 0, "page_size": PAGE}, "num_pages=0: the K/V pool needs at least one page"),
    ],
)
def test_bad_pool_sizes_are_named(tiny_ckpt: Path, kwargs: dict, error: str) -> None:
    m = load_model(tiny_ckpt, dtype=torch.float32)
    with pytest.raises(ValueError, match=error):
        m.init_state(2, MAX_LEN, **kwargs)


def test_block_table_before_init_state_is_refused(tiny_ckpt: Path) -> None:
    m = load_model(tiny_ckpt, dtype=torch.float32)
    with pytest.raises(RuntimeError, match="call init_state"):
        m.set_block_table(0, [0])
