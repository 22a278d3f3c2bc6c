"""The split-K decode and the prefill attention kernels against the torch attention they replace on CUDA.

On CPU the kernels run in Triton's interpreter at small shapes; `sms` forces many splits, so the
merge of partial softmaxes is exercised as on the H200. The caches are paged, their pages scattered
over the pool by a random permutation (`paged`, `scattered_table`), while the references read the
logical `[S, L, ...]` caches. The GPU test runs the bench preset's attention geometry in bf16 and
judges both against an fp32 reference, with eager bf16 as the bar.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
import torch

import model.attention as attention_module
from model.attention import Attention
from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from model.config import Qwen4ExpConfig
from model.context import HostBatch
from model.kernels import attention_decode, attention_prefill, qsa_select
from model.kernels.attention_decode import decode_attention, split_len
from model.kernels.attention_prefill import prefill_attention, tiles
from model.kernels.qsa_select import PrefillRows, block_scores, select_blocks
from model.kv_quant import dequantise, quantise
from model.paging import DEFAULT_PAGE_SIZE, pages_for
from model.presets import preset_config

PAGE = 16  # the CPU tests' pages: several a request


def scattered_table(rows: int, per_row: int, seed: int, device: torch.device | str = "cpu") -> torch.Tensor:
    """A block table `[rows, per_row]` int32 whose entries are a random permutation of the pages
    `0 .. rows * per_row - 1`."""
    perm = torch.randperm(rows * per_row, generator=torch.Generator().manual_seed(seed))
    return perm.view(rows, per_row).to(torch.int32).to(device)


def paged(*caches: torch.Tensor, page_size: int = PAGE, seed: int = 0) -> tuple[torch.Tensor, ...]:
    """Logical caches `[S, L, ...]` laid out in pages of `page_size`, scattered over pools of one page
    more (`scattered_table`; the spare page NaN, never read): the pools, then the block table."""
    slots, length = caches[0].shape[:2]
    per = pages_for(length, page_size)
    table = scattered_table(slots, per, seed)
    pools = []
    for c in caches:
        rows = torch.zeros(slots, per * page_size, *c.shape[2:], dtype=c.dtype)
        rows[:, :length] = c
        pool = torch.full((slots * per + 1, page_size, *c.shape[2:]), float("nan"), dtype=c.dtype)
        pool[table.flatten().long()] = rows.view(slots * per, page_size, *c.shape[2:])
        pools.append(pool)
    return (*pools, table)


def dense_reference(
    q: torch.Tensor,
    kc: torch.Tensor,
    vc: torch.Tensor,
    slots: torch.Tensor,
    pos: torch.Tensor,
    allowed: torch.Tensor | None = None,
):
    """Plain softmax attention of each query over its slot's keys 0..pos, in float64; with `allowed
    [B, L]`, over those keys it allows."""
    g = q.shape[1] // kc.shape[2]
    rows = []
    for b in range(q.shape[0]):
        k = kc[slots[b], : pos[b] + 1].double().repeat_interleave(g, 1)
        v = vc[slots[b], : pos[b] + 1].double().repeat_interleave(g, 1)
        scores = torch.einsum("hd,lhd->hl", q[b].double(), k) * q.shape[-1] ** -0.5
        if allowed is not None:
            scores = scores.masked_fill(~allowed[b, : pos[b] + 1], float("-inf"))
        rows.append(torch.einsum("hl,lhd->hd", torch.softmax(scores, -1), v))
    return torch.stack(rows)


@pytest.mark.parametrize("hq,hkv,d,sms", [(6, 2, 32, 1), (6, 2, 32, 12), (12, 1, 16, 64), (4, 4, 16, 40)])
def test_dense_decode_matches_softmax_attention(hq: int, hkv: int, d: int, sms: int) -> None:
    """Grouped heads (G = 3, 12, 1), one split, three (not a power of two) or four, requests whose
    keys end mid-split."""
    torch.manual_seed(hq * d)
    slots_n, length = 5, 200
    kc, vc = torch.randn(slots_n, length, hkv, d), torch.randn(slots_n, length, hkv, d)
    q = torch.randn(4, hq, d)
    slots, pos = torch.tensor([3, 0, 4, 1]), torch.tensor([199, 0, 70, 131])
    out = decode_attention(q, *paged(kc, vc, seed=sms), slots, pos, d**-0.5, sms=sms)
    torch.testing.assert_close(out.double(), dense_reference(q, kc, vc, slots, pos), atol=2e-6, rtol=2e-6)


@pytest.mark.parametrize("steps", [1, 8])
def test_many_splits_merge_in_steps(steps: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1,100-key cache in 18 splits: the merge reads them one a step or in steps of 8 (8, 8, then 2
    of a partial step), and a row whose keys end in the first split leaves the later ones empty."""
    monkeypatch.setattr(attention_decode, "MERGE_S", steps)
    torch.manual_seed(5)
    kc, vc = torch.randn(3, 1100, 2, 16), torch.randn(3, 1100, 2, 16)
    q = torch.randn(3, 6, 16)
    slots, pos = torch.tensor([2, 0, 1]), torch.tensor([1099, 40, 700])
    assert -(-1104 // split_len(1104, 3 * 2, 132)) == 18  # the table's 69 pages of 16
    out = decode_attention(q, *paged(kc, vc), slots, pos, 16**-0.5, sms=132)
    torch.testing.assert_close(out.double(), dense_reference(q, kc, vc, slots, pos), atol=2e-6, rtol=2e-6)


def flat_batch(requests: list[tuple[int, int, int]], padding: int, trash: int) -> tuple[torch.Tensor, ...]:
    """(query_start, positions, slots) of a flat batch of `(slot, start, tokens)` requests and `padding`
    rows in the `trash` slot at position 0."""
    starts = [0]
    for _, _, n in requests:
        starts.append(starts[-1] + n)
    positions = torch.cat([torch.arange(s, s + n) for _, s, n in requests] + [torch.zeros(padding, dtype=torch.long)])
    slots = torch.tensor([slot for slot, _, n in requests for _ in range(n)] + [trash] * padding)
    return tuple(starts), positions, slots


@pytest.mark.parametrize("hq,hkv,d", [(6, 2, 32), (12, 1, 16), (4, 4, 16)])
def test_prefill_kernel_matches_softmax_attention(hq: int, hkv: int, d: int) -> None:
    """Grouped heads (G = 3, 12, 1) over tiles of a request's consecutive rows: a fresh 7-token prompt,
    a 5-token chunk after 150 cached keys, a single decode row, and padding rows in the trash slot."""
    torch.manual_seed(hq * d)
    kc, vc = torch.randn(5, 200, hkv, d), torch.randn(5, 200, hkv, d)
    query_start, positions, slots = flat_batch([(3, 0, 7), (0, 150, 5), (1, 40, 1)], 3, 4)
    q = torch.randn(positions.shape[0], hq, d)
    rows = tiles(query_start, (0, 150, 40), q.shape[0], q.device)
    out = prefill_attention(q, *paged(kc, vc, seed=d), slots, positions, d**-0.5, rows)
    torch.testing.assert_close(out.double(), dense_reference(q, kc, vc, slots, positions), atol=2e-6, rtol=2e-6)


def test_prefill_tiles_are_runs_of_one_request_longest_first() -> None:
    """Every row in exactly one tile, a tile within one request (or the padding), at most TOKENS rows,
    the tiles that read the most keys first."""
    query_start, start_pos, num_tokens = (0, 7, 12, 13, 20), (0, 150, 40, 3), 24
    got = tiles(query_start, start_pos, num_tokens, torch.device("cpu")).tolist()
    assert sorted(r for first, n in got for r in range(first, first + n)) == list(range(num_tokens))
    bounds = [*query_start, num_tokens]
    keys = []
    for first, n in got:
        assert 1 <= n <= attention_prefill.TOKENS
        r = next(i for i, (a, b) in enumerate(zip(bounds, bounds[1:], strict=False)) if a <= first and first + n <= b)
        keys.append(start_pos[r] + first - bounds[r] + n if r < len(start_pos) else 0)
    assert keys == sorted(keys, reverse=True) and got[0] == [11, 1]  # the chunk after 150 cached keys, last row


@pytest.mark.parametrize("kernel", ["decode", "prefill"])
@pytest.mark.parametrize(
    "page,table,error",
    [
        (2**27, torch.int32, "a cache page spans 4294967296 elements: at most 2\\^31 - 1"),  # int32 offsets in a page
        (40, torch.int32, "k_cache pages of 40 positions: the kernels need a multiple of 16"),
        (16, torch.int64, r"block_table must be int32 \[slots, pages a row\]"),
    ],
)
def test_bad_pages_and_tables_are_named(kernel: str, page: int, table: torch.dtype, error: str) -> None:
    """Both kernels address a page's rows by int32 offsets, each key tile within one page, through an
    int32 block table: anything else is refused by name."""
    kc = vc = torch.empty(1, page, 2, 16, device="meta")
    q, rows = torch.empty(1, 2, 16, device="meta"), torch.zeros(1, dtype=torch.long)
    bt = torch.zeros(1, 1, dtype=table, device="meta")
    with pytest.raises(ValueError, match=error):
        if kernel == "decode":
            decode_attention(q, kc, vc, bt, rows, rows, 0.25)
        else:
            prefill_attention(q, kc, vc, bt, rows, rows, 0.25, torch.zeros(1, 2, dtype=torch.int32))


def test_bad_prefill_tiles_are_named() -> None:
    kc = vc = torch.zeros(2, 16, 1, 16)
    q, rows = torch.zeros(2, 2, 16), torch.tensor([0, 1])
    bt = torch.zeros(2, 1, dtype=torch.int32)
    with pytest.raises(ValueError, match=r"row_tiles must be int32 \[T, 2\] \(first row, rows\), got torch.int64"):
        prefill_attention(q, kc, vc, bt, rows, rows, 0.25, torch.tensor([[0, 2]]))


# Hand-made QSA choices over 320 keys in blocks of 4, pages of 32: key tiles of 32 (16 with FP8), so 8 (4)
# blocks a tile. Blocks 7, 15 and 71 are the last of their tiles at either size, block 40 the first.
SKIP_BLOCK, SKIP_LENGTH, SKIP_PAGE = 4, 320, 32


def qsa_mask(
    positions: torch.Tensor, picks: list[list[int]], block: int = SKIP_BLOCK
) -> tuple[torch.Tensor, torch.Tensor]:
    """`chosen [N, NB+1]` int8 marking each row's `picks` (blocks of `block` keys), and the keys it allows
    `[N, SKIP_LENGTH]`: up to the row's position, in a chosen block or the incomplete tail block
    (`Attention.qsa_allowed`)."""
    chosen = torch.zeros(len(picks), SKIP_LENGTH // block + 1, dtype=torch.int8)
    for row, blocks in enumerate(picks):
        chosen[row, blocks] = 1
    keys = torch.arange(SKIP_LENGTH)
    tail = (positions + 1) // block * block
    in_chosen = chosen.bool()[:, keys // block]
    return chosen, (keys[None, :] <= positions[:, None]) & (in_chosen | (keys[None, :] >= tail[:, None]))


def skip_caches(kind: str, hkv: int, d: int) -> tuple[tuple[torch.Tensor, ...], dict, torch.Tensor, torch.Tensor]:
    """Random caches of 3 slots x `SKIP_LENGTH` keys as `kind` ("fp32", "bf16", "fp8") on `SKIP_DEVICE[kind]`:
    the kernels' arguments (pools, table), their `scales` keyword, and the K and V values the reference reads
    (on the CPU)."""
    torch.manual_seed(7)
    k, v = torch.randn(3, SKIP_LENGTH, hkv, d) * 2, torch.randn(3, SKIP_LENGTH, hkv, d)
    dev = SKIP_DEVICE[kind]
    if kind == "fp8":
        (kq, ks), (vq, vs) = quantise(k), quantise(v)
        kp, vp, ksp, vsp, table = paged(kq, vq, ks, vs, page_size=SKIP_PAGE)
        k, v = dequantise(kq, ks, torch.float32), dequantise(vq, vs, torch.float32)
        return (kp, vp, table), {"scales": (ksp, vsp)}, k, v
    dtype = torch.bfloat16 if kind == "bf16" else torch.float32
    k, v = k.to(dtype), v.to(dtype)
    return tuple(x.to(dev) for x in paged(k, v, page_size=SKIP_PAGE)), {}, k, v


# bf16's rounding of the probabilities (to bf16 before the value product) against float64
SKIP_TOLERANCE = {"fp32": 2e-6, "fp8": 2e-6, "bf16": 2e-2}
# bf16 on the GPU alone: the interpreter's `tl.dot` of bf16 tiles multiplies their raw bits
SKIP_DEVICE = {"fp32": "cpu", "fp8": "cpu", "bf16": "cuda"}
SKIP_KINDS = [
    "fp32",
    "fp8",
    pytest.param(
        "bf16", marks=[pytest.mark.gpu, pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")]
    ),
]


def skip_queries(kind: str, rows: int, hq: int, d: int) -> torch.Tensor:
    """Random queries in the kernels' dtype for `kind` (float32 against FP8 pages), on the CPU."""
    return torch.randn(rows, hq, d).to(torch.bfloat16 if kind == "bf16" else torch.float32)


@pytest.mark.parametrize("sms", [1, 64])
@pytest.mark.parametrize("kind", SKIP_KINDS)
def test_decode_skips_only_key_tiles_qsa_dropped_whole(kind: str, sms: int) -> None:
    """Rows whose QSA choice leaves whole key tiles without a visible key (their lists of kept tiles leave
    them out): one whose first four tiles are dropped (its running max is -inf until a chosen block), one
    that sees only its tail block, and tiles visible by a single chosen block at a tile's end or start,
    which the list must not lose. One split (its division writes the output) or two over each list (a budget of
    31 blocks: lists of up to 32 blocks' 128 keys)."""
    hq, hkv, d = 6, 2, 16
    caches, scales, k, v = skip_caches(kind, hkv, d)
    slots, positions = torch.tensor([0, 1, 2, 0]), torch.tensor([301, 250, 200, 63])
    chosen, allowed = qsa_mask(positions, [[7, 40, 71], [35, 50], [], [15]])
    q = skip_queries(kind, 4, hq, d)
    dev = SKIP_DEVICE[kind]
    args = (x.to(dev) for x in (q, *caches, slots, positions))
    got = decode_attention(*args, d**-0.5, chosen.to(dev), SKIP_BLOCK, 31, sms=sms, **scales)
    tol = SKIP_TOLERANCE[kind]
    want = dense_reference(q, k, v, slots, positions, allowed)
    torch.testing.assert_close(got.cpu().double(), want, atol=tol, rtol=tol)


# Choices over SKIP_LENGTH keys: scattered, clustered at the row's end with two anchors (all kept tiles in one
# or two splits of the keys), the tail alone, and a short row in the long table keeping blocks past its tail
LIST_PICKS = [[3, 20, 41, 55, 77], [0, 1, 70, 71, 72, 73, 74], [], [2, 9, 60, 61, 62]]
LIST_POSITIONS = (318, 301, 150, 30)


@pytest.mark.parametrize("kind", SKIP_KINDS)
def test_decode_walks_its_blocks_alone_as_in_a_batch(kind: str) -> None:
    """Rows over their lists of blocks, each list spread over as many splits as the lists' capacity allows (a
    budget of 79 blocks: 80 blocks' keys in 5 splits, more than the clustered and the tail-only rows have
    blocks, so some splits are empty): each row's output bit for bit what it gives alone, whatever its batch
    mates choose, and the reference's within tolerance."""
    hq, hkv, d = 6, 2, 16
    caches, scales, k, v = skip_caches(kind, hkv, d)
    slots, positions = torch.tensor([0, 1, 2, 0]), torch.tensor(LIST_POSITIONS)
    chosen, allowed = qsa_mask(positions, LIST_PICKS)
    q = skip_queries(kind, 4, hq, d)
    dev = SKIP_DEVICE[kind]
    args = [x.to(dev) for x in (q, *caches, slots, positions)]
    call = functools.partial(decode_attention, scale=d**-0.5, block=SKIP_BLOCK, topk=79, sms=10**4, **scales)
    got = call(*args[:4], slots=args[4], positions=args[5], chosen=chosen.to(dev))
    for r in range(4):
        one = call(args[0][r : r + 1], *args[1:4], slots=args[4][r : r + 1], positions=args[5][r : r + 1],
                   chosen=chosen[r : r + 1].to(dev))  # fmt: skip
        assert torch.equal(one, got[r : r + 1]), r
    tol = SKIP_TOLERANCE[kind]
    want = dense_reference(q, k, v, slots, positions, allowed)
    torch.testing.assert_close(got.cpu().double(), want, atol=tol, rtol=tol)


@pytest.mark.parametrize("kind", ["fp32", "fp8"])
@pytest.mark.parametrize("block", [3, 6, 64])
def test_decode_gathers_blocks_of_any_size(kind: str, block: int) -> None:
    """Blocks that do not divide a step of 32 keys (16 with FP8) nor the pages of 32 (3, 6: a step's keys
    straddle blocks, a block straddles pages) and blocks longer than a step (64): each row sees its chosen
    blocks and its tail's keys, its list over 4-6 splits, as the reference does."""
    hq, hkv, d = 6, 2, 16
    caches, scales, k, v = skip_caches(kind, hkv, d)
    slots, positions = torch.tensor([0, 1, 2]), torch.tensor([317, 250, 2 * block + 1])
    g = torch.Generator().manual_seed(block)
    picks = [torch.randperm(int(p + 1) // block, generator=g)[:5].tolist() for p in positions]
    chosen, allowed = qsa_mask(positions, picks, block)
    q = skip_queries(kind, 3, hq, d)
    got = decode_attention(q, *caches, slots, positions, d**-0.5, chosen, block, max(5, 192 // block), sms=64, **scales)
    want = dense_reference(q, k, v, slots, positions, allowed)
    torch.testing.assert_close(got.double(), want, atol=SKIP_TOLERANCE[kind], rtol=SKIP_TOLERANCE[kind])


@pytest.mark.parametrize("kernel", ["decode", "prefill"])
def test_attention_under_qsa_needs_the_budget(kernel: str) -> None:
    """`topk` sizes the lists of kept tiles (a row's, a row tile's): a choice without it is named."""
    caches, _, _, _ = skip_caches("fp32", 2, 16)
    chosen, _ = qsa_mask(torch.tensor([10]), [[1]])
    args = (torch.randn(1, 6, 16), *caches, torch.tensor([0]), torch.tensor([10]), 0.25)
    rows = () if kernel == "decode" else (torch.tensor([[0, 1]], dtype=torch.int32),)
    call = decode_attention if kernel == "decode" else prefill_attention
    with pytest.raises(ValueError, match=f"{kernel}_attention: chosen blocks need topk"):
        call(*args, *rows, chosen, 4)


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_decode_over_block_lists_in_a_cuda_graph_is_bitwise_eager() -> None:
    """The block-list kernel, the split kernel over the lists and the merge replayed from a CUDA graph (PDL where the
    GPU has it) give the eager launch's output bit for bit."""
    caches, _, _, _ = skip_caches("bf16", 2, 16)
    slots, positions = torch.tensor([0, 1, 2, 0], device="cuda"), torch.tensor(LIST_POSITIONS, device="cuda")
    chosen = qsa_mask(positions.cpu(), LIST_PICKS)[0].cuda()
    q = skip_queries("bf16", 4, 6, 16).cuda()
    out = torch.empty_like(q)
    call = functools.partial(decode_attention, q, *caches, slots, positions, 0.25, chosen, SKIP_BLOCK, 7, out=out)
    eager = call().clone()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        call()
    out.zero_()
    graph.replay()
    assert torch.equal(out, eager)


@pytest.mark.parametrize("kind", SKIP_KINDS)
@pytest.mark.usefixtures("row_invariant_dot")
def test_prefill_skips_a_key_tile_only_when_no_row_of_its_tile_sees_it(kind: str) -> None:
    """Two tiles of four tokens whose rows choose disjoint blocks: a key tile one row sees is computed for
    all four (the others' scores there -inf), one none sees is skipped. Each row gives bit for bit what it
    gives in a tile of its own, where every tile it does not see is skipped (a row seeing only its tail
    block skips all but the last), and the reference's values within tolerance."""
    hq, hkv, d = 6, 2, 16
    caches, scales, k, v = skip_caches(kind, hkv, d)
    query_start, positions, slots = flat_batch([(0, 296, 4), (1, 250, 4)], 0, 2)
    picks = [[], [7], [40], [71, 3], [35], [50], [60], [35, 50]]  # the first row sees only its tail
    chosen, allowed = qsa_mask(positions, picks)
    q = skip_queries(kind, 8, hq, d)
    dev = SKIP_DEVICE[kind]
    alone = torch.tensor([[row, 1] for row in range(8)], dtype=torch.int32, device=dev)
    together = tiles(query_start, (296, 250), 8, torch.device(dev))
    assert together.tolist() == [[0, 4], [4, 4]]
    args = [x.to(dev) for x in (q, *caches, slots, positions)]
    got, single = (
        prefill_attention(*args, d**-0.5, rows, chosen.to(dev), SKIP_BLOCK, 3, **scales) for rows in (together, alone)
    )
    assert torch.equal(got, single)
    tol = SKIP_TOLERANCE[kind]
    want = dense_reference(q, k, v, slots, positions, allowed)
    torch.testing.assert_close(got.cpu().double(), want, atol=tol, rtol=tol)


def random_picks(positions: torch.Tensor, most: int, seed: int) -> list[list[int]]:
    """Up to `most` random complete blocks (of `SKIP_BLOCK` keys) of each row at `positions`."""
    g = torch.Generator().manual_seed(seed)
    return [torch.randperm(int(t + 1) // SKIP_BLOCK, generator=g)[:most].tolist() for t in positions]


@pytest.mark.parametrize("kind", ["fp32", "fp8"])
def test_prefill_rows_from_the_threshold_gather_their_blocks(kind: str) -> None:
    """A flat batch: a chunk crossing the threshold (rows at 180 .. 203, from 192 on gathered), a chunk wholly
    past it, one before it, padding rows: the rows split at the threshold between row tiles and gathered rows,
    both walks in one call, each row the reference's."""
    hq, hkv, d, topk, since = 6, 2, 16, 8, 192
    caches, scales, k, v = skip_caches(kind, hkv, d)
    requests = [(0, 180, 24), (1, 290, 6), (2, 40, 5)]
    query_start, positions, slots = flat_batch(requests, 2, 2)
    n = positions.shape[0]
    rows, gathered = attention_prefill.prefill_rows(query_start, (180, 290, 40), n, torch.device("cpu"), since)
    tiled = sorted(r for first, count in rows.tolist() for r in range(first, first + count))
    assert gathered is not None and all(count == 1 for _, count in gathered.tolist())
    assert sorted(tiled + gathered[:, 0].tolist()) == list(range(n))
    assert sorted(gathered[:, 0].tolist()) == [r for r in range(n) if positions[r] >= since]
    chosen, allowed = qsa_mask(positions, random_picks(positions, topk, 1))
    q = skip_queries(kind, n, hq, d)
    got = prefill_attention(q, *caches, slots, positions, d**-0.5, rows, chosen, SKIP_BLOCK, topk, **scales,
                            gathered=gathered)  # fmt: skip
    want = dense_reference(q, k, v, slots, positions, allowed)
    torch.testing.assert_close(got.double(), want, atol=SKIP_TOLERANCE[kind], rtol=SKIP_TOLERANCE[kind])


def test_the_threshold_splits_rows_by_position_alone() -> None:
    """`prefill_rows`: a row at `since - 1` in a row tile, one at `since` gathered, whichever chunk holds it;
    no gathered rows (None) when every row lies before `since` or there is no threshold."""
    cpu = torch.device("cpu")
    for query_start, start_pos in [((0, 10), (95,)), ((0, 3, 10), (97, 95)), ((0, 5), (100,))]:
        rows, gathered = attention_prefill.prefill_rows(query_start, start_pos, query_start[-1] + 1, cpu, 100)
        runs = zip(query_start, query_start[1:], start_pos, strict=False)
        position = {r: pos + r - a for a, b, pos in runs for r in range(a, b)}
        assert gathered is not None and sorted(position[r] for r in gathered[:, 0].tolist()) == sorted(
            p for p in position.values() if p >= 100
        )
        assert all(position.get(r, 0) < 100 for first, count in rows.tolist() for r in range(first, first + count))
    for since in (None, 105):
        rows, gathered = attention_prefill.prefill_rows((0, 10), (95,), 12, cpu, since)
        assert gathered is None and torch.equal(rows, tiles((0, 10), (95,), 12, cpu))


@pytest.mark.usefixtures("row_invariant_dot")
def test_a_row_walks_the_same_however_its_prompt_is_chunked_or_batched() -> None:
    """A prompt's rows at 90 .. 195 with the threshold at 128, prefilled in one chunk, in two split at the page
    boundary 96 (its row tiles then start elsewhere), and with its second chunk beside another request's chunk
    and padding: every row bit for bit the same (what makes a prefix-cache hit its miss), and the reference's."""
    hq, hkv, d, topk, since = 6, 2, 16, 8, 128
    caches, _, k, v = skip_caches("fp32", hkv, d)
    torch.manual_seed(3)
    q = torch.randn(106, hq, d)
    positions = torch.arange(90, 196)
    chosen, allowed = qsa_mask(positions, random_picks(positions, topk, 2))
    cpu = torch.device("cpu")

    def run(requests: list[tuple[int, int, int]], rows: slice, padding: int) -> torch.Tensor:
        """The prompt's `rows` (first in the batch), then the other requests' and `padding` rows, in one call."""
        query_start, pos, slots = flat_batch(requests, padding, 2)
        extra = pos.shape[0] - (rows.stop - rows.start)
        qs = torch.cat([q[rows], torch.randn(extra, hq, d)])
        picks = torch.cat([chosen[rows], qsa_mask(pos[-extra:], random_picks(pos[-extra:], topk, 3))[0]])
        tile_rows, gathered = attention_prefill.prefill_rows(
            query_start, tuple(s for _, s, _ in requests), pos.shape[0], cpu, since
        )
        got = prefill_attention(qs, *caches, slots, pos, d**-0.5, tile_rows, picks, SKIP_BLOCK, topk,
                                gathered=gathered)  # fmt: skip
        return got[: rows.stop - rows.start]

    whole = run([(0, 90, 106)], slice(0, 106), 1)
    first = run([(0, 90, 6)], slice(0, 6), 1)
    second = run([(0, 96, 100), (1, 250, 6)], slice(6, 106), 3)
    assert torch.equal(torch.cat([first, second]), whole)
    want = dense_reference(q, k, v, torch.zeros(106, dtype=torch.long), positions, allowed)
    torch.testing.assert_close(whole.double(), want, atol=2e-6, rtol=2e-6)


def test_split_len_is_a_block_multiple_covering_the_cache() -> None:
    for length, programs, sms in [(2074, 2, 132), (2074, 128, 132), (64, 1, 132), (300_000, 1, 132)]:
        per = split_len(length, programs, sms)
        splits = -(-length // per)
        assert per % 32 == 0 and per >= 32 and 1 <= splits <= 256 and splits * per >= length


def tiny_attention(seed: int, slots: int, length: int) -> Attention:
    """The tiny preset's attention (QSA budget 16, blocks of 4) with random weights and caches in
    scattered pages of `PAGE` (`scattered_table`)."""
    torch.manual_seed(seed)
    att = Attention(Qwen4ExpConfig.from_dict(preset_config("tiny")))
    for p in att.parameters():
        p.data.normal_(0, 0.3)
    per = pages_for(length, PAGE)
    att.init_state(scattered_table(slots, per, seed), slots * per, PAGE, length, torch.float32)
    for buf in (att.k_cache, att.v_cache, att.index_keys, att.block_keys):
        buf.normal_()
    return att


def block_key(att: Attention, slot: int, block: int) -> torch.Tensor:
    """The cached key of block `block` of slot `slot`: a view into its page."""
    per_page = att.block_keys.shape[1]
    return att.block_keys[att.block_table[slot, block // per_page], block % per_page]


@pytest.mark.parametrize("length", [12, 64])
def test_decode_with_the_kernel_matches_torch_qsa_on_and_off(monkeypatch: pytest.MonkeyPatch, length: int) -> None:
    """A cache of 12 keys keeps every block (dense); of 64, QSA keeps 4 of up to 16 blocks. Queries
    sit just before, at and after block edges; a padding row points at the trash slot."""
    att = tiny_attention(0, 4, length)
    n = 5
    q = torch.randn(n, att.num_heads, att.head_dim)
    iq = torch.randn(n, att.indexer.n_heads, att.indexer.head_dim)
    positions = torch.tensor([length - 1, 3, 4, length // 2 + 1, 0])
    slots = torch.tensor([0, 2, 1, 3, 3])
    assert (att.qsa_chosen(iq, positions, att.block_keys, slots) is None) == (length == 12)
    ref = att._decode(q, iq, positions, slots)
    monkeypatch.setattr(attention_module, "use_kernels", lambda t: True)
    torch.testing.assert_close(att._attend_in_place(q, iq, positions, slots), ref, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("kernel", ["decode", "prefill", "prefill gathered"])
def test_prefill_rows_with_the_kernel_match_torch_per_request(monkeypatch: pytest.MonkeyPatch, kernel: str) -> None:
    """One flat batch of a fresh 40-token prompt (QSA past its budget after 19 tokens), a 7-token
    chunk continuing at position 25 and a padding row: the kernels, called once for every row (the
    decode kernel, row by row, or the prefill kernel, over the batch's requests; "gathered": rows from
    one budget, 16 keys, on take the gathered walk), give each request what the torch code gives it alone
    (`_prefill`)."""
    monkeypatch.setattr(attention_prefill, "GATHER_FROM", 1 if kernel == "prefill gathered" else 4)
    att = tiny_attention(3, 4, 64)
    requests = [(0, 0, 40), (2, 25, 7)]  # (slot, start, tokens)
    query_start, positions, slots = flat_batch(requests, 1, 3)
    n = positions.shape[0]
    q = torch.randn(n, att.num_heads, att.head_dim)
    iq = torch.randn(n, att.indexer.n_heads, att.indexer.head_dim)
    monkeypatch.setattr(attention_module, "use_kernels", lambda t: True)
    assert att.qsa_chosen(iq, positions, att.block_keys, slots) is not None
    host = HostBatch(query_start, (0, 25), (0, 2), n) if kernel != "decode" else None
    since = attention_prefill.gather_from(att.block_topk, att.block)
    gathered = attention_prefill.prefill_rows(query_start, (0, 25), n, q.device, since)[1]
    assert (gathered is not None) == (kernel == "prefill gathered")
    got = att._attend_in_place(q, iq, positions, slots, host=host)
    a = 0
    for slot, start, t in requests:
        ref = att._prefill(q[a : a + t], iq[a : a + t], start, slot)
        torch.testing.assert_close(got[a : a + t], ref, atol=1e-5, rtol=1e-5)
        a += t


@pytest.mark.parametrize("seed", [0, 1])
def test_block_selection_kernel_is_the_stable_sort_s_choice(seed: int) -> None:
    """Rows below, at and above the budget (16 blocks of 4, 4 kept), keys repeated so that scores
    tie exactly (the earlier block must win), and keys facing away from the queries (every score a
    relu zero): the kernel's mask is the torch sort's, bit for bit."""
    torch.manual_seed(seed)
    att = tiny_attention(seed, 4, 64)
    keys = att.block_keys
    for j in range(8, 12):
        block_key(att, 1, j).copy_(block_key(att, 1, 2))  # exact ties with block 2
    iq = torch.randn(6, att.indexer.n_heads, att.indexer.head_dim)
    iq[5] = iq[5].abs()
    keys[att.block_table[3].long()] = -keys[
        att.block_table[3].long()
    ].abs()  # slot 3 against query 5: every dot negative
    positions = torch.tensor([63, 3, 19, 20, 47, 63])
    slots = torch.tensor([0, 2, 1, 1, 1, 3])
    got = select_blocks(iq, keys, att.block_table, slots, positions, att.block_topk, att.block, att.num_blocks)
    ref = att.qsa_chosen(iq, positions, keys, slots)
    assert got.dtype == torch.int8 and torch.equal(got.bool(), ref)
    assert got[5].nonzero().flatten().tolist() == [0, 1, 2, 3]  # all tied at zero: the first four


def integer_scores(att: Attention, rows: int, low: int, high: int) -> torch.Tensor:
    """Block keys of whole numbers in `low .. high` and `rows` indexer queries of -1, 0 or 1 (returned):
    every score is a whole number, exact in any summation order (the kernel's and the reference's agree
    bit for bit), and few distinct, so scores tie in crowds."""
    att.block_keys.copy_(torch.randint(low, high + 1, att.block_keys.shape).float())
    return torch.randint(-1, 2, (rows, att.indexer.n_heads, att.indexer.head_dim)).float()


def use_tiles(monkeypatch: pytest.MonkeyPatch, chunk: int, programs: int) -> None:
    """Selection passes of `chunk` scores a step, rows split into tiles to reach `programs` programs."""
    monkeypatch.setattr(qsa_select, "CHUNK", chunk)
    monkeypatch.setattr(qsa_select, "PROGRAMS", programs)


@pytest.mark.parametrize(("chunk", "programs"), [(16, 1), (16, 10**6), (512, 10**6)])
def test_block_selection_over_many_tiles_is_the_sort_s_choice(
    monkeypatch: pytest.MonkeyPatch, chunk: int, programs: int
) -> None:
    """150 blocks, 20 kept, scores in crowds of ties (whole numbers 0 .. 32, or 0 for all but seven blocks
    of slot 3, whose other keys face away: the threshold is then 0 and the kept zeros are the earliest). Rows
    below, at and just above the budget, mid-tile and at the cache's end; a row in one tile of 160, ten
    of 16, or one of 512."""
    use_tiles(monkeypatch, chunk, programs)
    att = tiny_attention(2, 4, 600)
    att.block_topk = 20
    iq = integer_scores(att, 8, -1, 1)
    pages = att.block_table[3].long()
    att.block_keys[pages] = -att.block_keys[pages].abs()
    for j in (3, 7, 9, 11, 70, 120, 149):  # the 13 zeros kept run into the second tile of 16
        block_key(att, 3, j).abs_()
    iq[7] = iq[7].abs()
    positions = torch.tensor([599, 300, 79, 83, 50, 3, 450, 599])
    slots = torch.tensor([0, 2, 1, 1, 1, 0, 2, 3])
    got = select_blocks(iq, att.block_keys, att.block_table, slots, positions, 20, att.block, att.num_blocks)
    ref = att.qsa_chosen(iq, positions, att.block_keys, slots)
    assert torch.equal(got.bool(), ref)
    positive = att._block_scores(iq[7:], att._paged_rows(att.block_keys, slots[7:], att.num_blocks))[0] > 0
    kept = int(positive.sum())
    assert 0 < kept < 20  # T = 0: the positive blocks, then the earliest zeros
    want = positive.clone()
    want[(~positive).nonzero().flatten()[: 20 - kept]] = True
    assert torch.equal(got[7, :-1].bool(), want)


@pytest.mark.parametrize("programs", [10**6, 1])
def test_block_selection_keeps_the_earliest_ties_across_tiles(monkeypatch: pytest.MonkeyPatch, programs: int) -> None:
    """Every block of a row scores the same but five later ones (higher): the five, then the earliest
    ties, 15 of the 20 kept in the first of 10 tiles (or steps) of 16 and the 16th in the next. A
    selection taking any other ties (the latest, or the first of each tile) fails."""
    use_tiles(monkeypatch, 16, programs)
    att = tiny_attention(0, 2, 600)
    att.block_topk = 20
    iq = torch.zeros(2, att.indexer.n_heads, att.indexer.head_dim)
    iq[:, 0, 0] = 1.0
    att.block_keys.zero_()
    att.block_keys[..., 0] = 2.0
    high = [40, 41, 100, 101, 149]
    for j in high:
        block_key(att, 1, j)[0] = 3.0
    positions, slots = torch.tensor([599, 598]), torch.tensor([1, 1])
    got = select_blocks(iq, att.block_keys, att.block_table, slots, positions, 20, att.block, att.num_blocks)
    assert got[0].nonzero().flatten().tolist() == list(range(15)) + high
    assert got[1].nonzero().flatten().tolist() == list(range(16)) + high[:-1]  # block 149 incomplete
    assert torch.equal(got.bool(), att.qsa_chosen(iq, positions, att.block_keys, slots))


def test_block_selection_over_thousands_of_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """4,096 blocks (a 16k-token cache), 100 kept, in 65 tiles of 64: rows at the end, in the middle,
    just past the budget and inside it, through scattered pages."""
    use_tiles(monkeypatch, 64, 10**6)
    att = tiny_attention(5, 3, 16384)
    att.block_topk = 100
    iq = integer_scores(att, 4, -2, 2)
    positions, slots = torch.tensor([16383, 9000, 403, 399]), torch.tensor([2, 0, 1, 2])
    got = select_blocks(iq, att.block_keys, att.block_table, slots, positions, 100, att.block, att.num_blocks)
    assert torch.equal(got.bool(), att.qsa_chosen(iq, positions, att.block_keys, slots))
    assert got.sum(-1).tolist() == [100, 100, 100, 100]


PREFILL = [(0, 0, 90), (2, 150, 37), (1, 597, 1)]  # (slot, start, tokens): a fresh prompt, a chunk, a decode row


def prefill_batch(att: Attention, iq: torch.Tensor, size: int) -> tuple[torch.Tensor, torch.Tensor, PrefillRows]:
    """(positions, slots, layout) of `PREFILL` and two padding rows (trash slot 3) for the rows of `iq`: the
    layout `Attention` builds from the host batch, or the same tiles at `size` rows."""
    query_start, positions, slots = flat_batch(PREFILL, 2, 3)
    host = HostBatch(query_start, tuple(s for _, s, _ in PREFILL), tuple(slot for slot, _, _ in PREFILL), len(slots))
    rows = att._score_rows(host, iq)
    assert rows.size == qsa_select.TILE_ROWS and rows.blocks == 598 // att.block  # the scratch: 149 blocks
    if size != rows.size:
        rows = PrefillRows(tiles(host.query_start, host.start_pos, len(slots), iq.device, size), size, rows.blocks)
    return positions, slots, rows


def complete(scores: torch.Tensor, positions: torch.Tensor, block: int) -> torch.Tensor:
    """`scores [B, width]` with every column from a row's `nb` on zeroed (unwritten by the kernels)."""
    cols = torch.arange(scores.shape[1])
    return torch.where(cols[None, :] < ((positions + 1) // block)[:, None], scores, 0.0)


TILED_CASES = [(torch.float32, 5, False), (torch.bfloat16, 5, False), (torch.float32, qsa_select.TILE_ROWS, False)]
TILED_CASES += [(torch.bfloat16, qsa_select.TILE_ROWS, True)]  # (dtype, rows a tile, selection split)


@pytest.mark.parametrize(("dtype", "size", "split"), TILED_CASES)
def test_tiled_block_scores_are_the_row_kernel_s_and_keep_the_sort_s_blocks(
    monkeypatch: pytest.MonkeyPatch, dtype: torch.dtype, size: int, split: bool
) -> None:
    """Whole-number keys and queries (every score exact in any summation order, in crowds of ties): over
    a fresh 90-token prompt (past the 20-block budget from its 80th row), a 37-row chunk starting at
    position 150 (mid-block) and a decode row at 597 (three block tiles) in one batch, with padding rows,
    in tiles of 5 rows (several a request, the last part-filled) or 64, the tensor-core scores equal the
    row kernel's bit for bit on each row's complete blocks, and the mask is the torch sort's, also with
    the selection split into tiles of 16 columns (whose histograms the tiled path empties itself)."""
    if split:
        use_tiles(monkeypatch, 16, 10**6)
    att = tiny_attention(6, 4, 600)
    att.block_topk = 20
    iq = integer_scores(att, 90 + 37 + 1 + 2, -2, 2).to(dtype)
    keys = att.block_keys.to(dtype)
    positions, slots, rows = prefill_batch(att, iq, size)
    args = (iq, keys, att.block_table, slots, positions)
    tiled = block_scores(*args, att.block, att.num_blocks, rows)
    assert tiled.shape == (len(slots), 160)  # the batch's most blocks, 149, padded to 16 (not the cache's 150)
    by_row = block_scores(*args, att.block, att.num_blocks)[:, :149]
    assert torch.equal(complete(tiled[:, :149], positions, att.block), complete(by_row, positions, att.block))
    got = select_blocks(*args, att.block_topk, att.block, att.num_blocks, rows)
    assert torch.equal(got.bool(), att.qsa_chosen(iq, positions, keys, slots))


def rounding_bound(iq: torch.Tensor, keys: torch.Tensor) -> torch.Tensor:
    """`[B, nb]`: how far an fp32 `sum_h relu(q_h . k)` of these inputs, summed in any order, can lie from the
    exact one: each dot of Di products within `Di e sum|q_i k_i|` (products exact or rounded once, then Di - 1
    additions), the relu moving nothing further, the Hi - 1 additions over heads `Hi e` of the total, with
    `e` an operation's relative error: u = 2^-24 rounding to nearest, 2u where tensor cores truncate (first
    order, doubled for the second)."""
    hi, di = iq.shape[1:]
    size = torch.einsum("bhd,bnd->bn", iq.double().abs(), keys.double().abs())
    return 2 * (di + hi) * 2.0**-23 * size


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_tiled_block_scores_of_random_inputs_are_within_rounding(dtype: torch.dtype) -> None:
    """Random keys and queries: both kernels' scores lie within `rounding_bound` of the float64 scores of the
    same inputs; where a row's budget edge is wider than twice its bound (no near-tie), the tiled path keeps
    the blocks the float64 sort keeps, and that holds for most rows past the budget (38 of the 45 here)."""
    att = tiny_attention(7, 4, 600)
    att.block_topk = 20
    iq = torch.randn(130, att.indexer.n_heads, att.indexer.head_dim).to(dtype)
    keys = att.block_keys.to(dtype)
    positions, slots, rows = prefill_batch(att, iq, 16)
    args = (iq, keys, att.block_table, slots, positions)
    paged = att._paged_rows(keys, slots, 149)
    exact = complete(torch.relu(torch.einsum("bhd,bnd->bhn", iq.double(), paged.double())).sum(1), positions, 4)
    bound = rounding_bound(iq, paged)
    for total, layout in ((att.num_blocks, rows), (149, None)):
        got = complete(block_scores(*args, att.block, total, layout)[:, :149].double(), positions, 4)
        assert ((got - exact).abs() <= bound).all()
    chosen = select_blocks(*args, att.block_topk, att.block, att.num_blocks, rows).bool()
    nb = (positions + 1) // att.block
    clear = 0
    for r in (nb > att.block_topk).nonzero().flatten().tolist():
        order = exact[r, : nb[r]].sort(descending=True, stable=True)
        edge = order.values[att.block_topk - 1] - order.values[att.block_topk]
        if edge > 2 * bound[r].max():
            want = torch.zeros(att.num_blocks + 1, dtype=torch.bool)
            want[order.indices[: att.block_topk]] = True
            assert torch.equal(chosen[r], want), r
            clear += 1
    assert clear >= 0.5 * int((nb > att.block_topk).sum())


def test_bad_prefill_rows_are_named() -> None:
    att = tiny_attention(0, 2, 64)
    iq, rows = torch.zeros(2, 2, 16), torch.tensor([0, 1])
    args = (iq, att.block_keys, att.block_table, rows, rows, 4, 16)
    with pytest.raises(ValueError, match=r"rows.tiles must be contiguous int32 \[T, 2\].*torch.int64"):
        block_scores(*args, PrefillRows(torch.zeros(1, 2, dtype=torch.long), 4, 1))
    with pytest.raises(ValueError, match=r"rows: size 4 must be >= 1 and blocks 17 within 0 .. 16"):
        block_scores(*args, PrefillRows(torch.zeros(1, 2, dtype=torch.int32), 4, 17))


def test_selection_tiles_cover_the_mask() -> None:
    """Decode rows spread over many tiles, a prefill chunk's rows and short rows one tile each; tiles of
    whole chunks cover the `total + 1` columns."""
    assert qsa_select.selection_tiles(1, 65536) == (512, 129)
    assert qsa_select.selection_tiles(8192, 65536) == (65536 + 512, 1)
    assert qsa_select.selection_tiles(1, 518) == (1024, 1)  # the bench's 2,074-token cache
    for rows, total in [(1, 100), (3, 5000), (64, 65536), (700, 3000), (8, 1 << 20)]:
        span, n = qsa_select.selection_tiles(rows, total)
        assert span % qsa_select.CHUNK == 0 and (n - 1) * span < total + 1 <= n * span


def test_block_keys_cached_step_by_step_equal_the_keys_of_the_whole_cache() -> None:
    """Prefill chunks that end mid-block, then single tokens: each block's cached key, in its page, is
    the key computed from the finished cache at once; the rest of the pool holds only zeros (what rows
    completing no block write goes to the trash page)."""
    att = tiny_attention(0, 3, 40)
    att.block_keys.zero_()
    for lo, hi in ((0, 6), (6, 13), (13, 14), (14, 15), (15, 16), (16, 17)):
        pos = torch.arange(lo, hi)
        att._update_block_keys(torch.cat([pos, pos]), torch.tensor([0] * len(pos) + [2] * len(pos)))
    nb = 17 // att.block
    starts = torch.arange(nb) * att.block
    untouched = torch.ones(att.block_keys.shape[:2], dtype=torch.bool)
    untouched[att.trash_page] = False
    for slot in (0, 2):
        raw = att._paged_rows(att.index_keys, torch.tensor(slot), nb * att.block)
        expected = att._block_keys(raw.unflatten(0, (nb, att.block)), starts)
        got = torch.stack([block_key(att, slot, j) for j in range(nb)])
        torch.testing.assert_close(got, expected, atol=0, rtol=0)
        for j in range(nb):
            untouched[att.block_table[slot, j // untouched.shape[1]], j % untouched.shape[1]] = False
    assert not att.block_keys[untouched].any()


def test_model_decode_with_the_kernel_matches_torch(tiny_ckpt: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A prefill, then padded decode steps of the tiny model past its QSA budget: logits follow torch's,
    the prefill step through the prefill kernel and the decode steps through the decode kernel."""
    ran: list[str] = []
    for name, module in (("prefill", attention_prefill), ("decode", attention_decode)):
        kernel = getattr(module, f"{name}_attention")
        spy = lambda *a, _k=kernel, _n=name, **kw: (ran.append(_n), _k(*a, **kw))[1]  # noqa: E731
        monkeypatch.setattr(module, f"{name}_attention", spy)

    def logits(kernels: bool) -> list[torch.Tensor]:
        monkeypatch.setattr(attention_module, "use_kernels", lambda t: kernels)
        m = load_model(tiny_ckpt, dtype=torch.float32)
        m.init_state(max_num_seqs=3, max_model_len=40)
        steps = [[Chunk(0, list(range(3, 24)), 0), Chunk(2, [3, 4], 0)]]
        steps += [[Chunk(0, [11 + i], 21 + i), Chunk(2, [20 + i], 2 + i)] for i in range(3)]
        rows = []
        with torch.no_grad():
            for chunks in steps:
                batch = build_batch(chunks, m.trash_slot, "cpu", pad_to=4 if len(chunks[0].token_ids) == 1 else None)
                rows.append(m.compute_logits(m.run(batch)[: batch.host.query_start[-1]]))
        return rows

    for ours, ref in zip(logits(True), logits(False), strict=True):
        torch.testing.assert_close(ours, ref, atol=1e-5, rtol=1e-5)
    layers = len(ran) // 4  # attention layers of the tiny model, four steps
    assert ran == ["prefill"] * layers + ["decode"] * 3 * layers


def test_model_mixed_steps_with_the_kernels_match_torch(tiny_ckpt: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunked prefill beside decoding, as the engine schedules it: a step holding one request's next
    chunk and another's decode token, padded, runs the prefill kernel (the decode row a tile of its
    own); logits follow torch's, past the QSA budget."""

    def logits(kernels: bool) -> list[torch.Tensor]:
        monkeypatch.setattr(attention_module, "use_kernels", lambda t: kernels)
        m = load_model(tiny_ckpt, dtype=torch.float32)
        m.init_state(max_num_seqs=3, max_model_len=48)
        steps = [
            [Chunk(0, list(range(3, 21)), 0)],
            [Chunk(0, [7], 18), Chunk(1, list(range(5, 19)), 0)],
            [Chunk(1, list(range(19, 30)), 14), Chunk(0, [9], 19)],
        ]
        rows = []
        with torch.no_grad():
            for chunks in steps:
                batch = build_batch(chunks, m.trash_slot, "cpu", pad_to=32)
                rows.append(m.compute_logits(m.run(batch)[: batch.host.query_start[-1]]))
        return rows

    for ours, ref in zip(logits(True), logits(False), strict=True):
        torch.testing.assert_close(ours, ref, atol=1e-5, rtol=1e-5)


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_bench_geometry_bf16_no_worse_than_torch_bf16() -> None:
    """24 query heads over 2 KV heads of 256, a 2,074-key cache, up to 2,048 visible keys, decode rows
    and then prefill rows: the kernel's bf16 error against fp32 torch attention is at most torch bf16's."""
    cfg = preset_config("bench")
    att32 = Attention(Qwen4ExpConfig.from_dict(cfg)).cuda()
    torch.manual_seed(0)
    for p in att32.parameters():
        p.data.normal_(0, 0.02)
    per = pages_for(2074, DEFAULT_PAGE_SIZE)
    table = scattered_table(64, per, 0, "cuda")
    att32.init_state(table, 64 * per, DEFAULT_PAGE_SIZE, 2074, torch.float32)
    for buf in (att32.k_cache, att32.v_cache, att32.index_keys, att32.block_keys):
        buf.normal_()
    att16 = Attention(Qwen4ExpConfig.from_dict(cfg)).cuda().to(torch.bfloat16)
    att16.load_state_dict(att32.state_dict())
    att16.init_state(table, 64 * per, DEFAULT_PAGE_SIZE, 2074, torch.bfloat16)
    for a, b in zip(att16.region_state("attention"), att32.region_state("attention"), strict=True):
        a.copy_(b)
    q = torch.randn(64, 24, 256, device="cuda")
    iq = torch.randn(64, 4, 128, device="cuda")
    positions = torch.randint(1, 2048, (64,), device="cuda")  # within the budget: every block kept
    slots = torch.randperm(64, device="cuda")
    exact = att32._decode_rows(q, iq, positions, slots)  # torch, fp32
    torch_bf16 = att16._decode_rows(q.bfloat16(), iq.bfloat16(), positions, slots).float()
    kernel_bf16 = att16._attend_in_place(q.bfloat16(), iq.bfloat16(), positions, slots).float()
    assert (kernel_bf16 - exact).abs().max() <= (torch_bf16 - exact).abs().max()
    one = att16._attend_in_place(q[:1].bfloat16(), iq[:1].bfloat16(), positions[:1], slots[:1]).float()
    assert (one - exact[:1]).abs().max() <= (torch_bf16[:1] - exact[:1]).abs().max()  # batch 1: 33 splits
    rows = [(3, 0, 2048), (5, 1000, 300)]  # prefill: a whole prompt and a chunk after 1,000 cached keys
    query_start, positions, slots = flat_batch(rows, 0, 63)
    positions, slots = positions.cuda(), slots.cuda()
    q, iq = torch.randn(2348, 24, 256, device="cuda"), torch.randn(2348, 4, 128, device="cuda")
    host = HostBatch(query_start, (0, 1000), (3, 5), 2348)
    for batch in (None, host):  # the decode kernel row by row, then the prefill kernel
        kernel_bf16 = att16._attend_in_place(q.bfloat16(), iq.bfloat16(), positions, slots, host=batch).float()
        a = 0
        for slot, start, n in rows:
            exact = att32._prefill(q[a : a + n], iq[a : a + n], start, slot)
            torch_bf16 = att16._prefill(q[a : a + n].bfloat16(), iq[a : a + n].bfloat16(), start, slot).float()
            assert (kernel_bf16[a : a + n] - exact).abs().max() <= (torch_bf16 - exact).abs().max(), (slot, batch)
            a += n


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_bench_geometry_block_selection_follows_the_sort(monkeypatch: pytest.MonkeyPatch) -> None:
    """518 cached blocks of 4 heads x 128, 512 kept, 64 rows past the budget: the kernel keeps the
    sort's blocks except where two scores lie closer than fp32 dot rounding (the kernel and cuBLAS
    sum in different orders); every such swap is a pair of blocks at the budget's edge."""
    cfg = Qwen4ExpConfig.from_dict(preset_config("bench"))
    att = Attention(cfg).cuda()
    per = pages_for(2074, DEFAULT_PAGE_SIZE)
    att.init_state(scattered_table(64, per, 0, "cuda"), 64 * per, DEFAULT_PAGE_SIZE, 2074, torch.bfloat16)
    torch.manual_seed(0)
    att.block_keys.normal_()
    iq = torch.randn(64, 4, 128, device="cuda", dtype=torch.bfloat16)
    positions = torch.randint(2052, 2074, (64,), device="cuda")
    slots = torch.randperm(64, device="cuda")
    keys = att.block_keys
    got = select_blocks(iq, keys, att.block_table, slots, positions, att.block_topk, att.block, att.num_blocks)
    got = got.bool()
    monkeypatch.setattr(attention_module, "use_kernels", lambda t: False)
    ref = att.qsa_chosen(iq, positions, keys, slots)
    assert got.sum(-1).eq(ref.sum(-1)).all()
    differ = (got != ref).any(-1)
    scores = att._block_scores(iq, att._paged_rows(keys, slots, att.num_blocks))
    for row in differ.nonzero().flatten().tolist():
        swapped = scores[row][(got[row] != ref[row])[:-1]]
        assert (swapped.max() - swapped.min()) <= 1e-5 * swapped.abs().max(), f"row {row}: {swapped.tolist()}"
    assert differ.float().mean() <= 0.05


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_long_context_block_selection_is_the_sort_s_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench geometry at 32,768 blocks (a 131,072-token cache), 512 kept, bf16 keys and queries of
    whole numbers (every score exact in any summation order, so the CUDA mask is the sort's bit for bit,
    ties and all): rows at the end, mid-block before it, in the middle, at and just past the budget,
    and inside it; each row spread over 65 tiles (as a decode batch is), or one tile a row (a prefill
    chunk's rows)."""
    cfg = Qwen4ExpConfig.from_dict(preset_config("bench"))
    att = Attention(cfg).cuda()
    length, rows = 131072, 6
    per = pages_for(length, DEFAULT_PAGE_SIZE)
    att.init_state(scattered_table(rows, per, 1, "cuda"), rows * per, DEFAULT_PAGE_SIZE, length, torch.bfloat16)
    torch.manual_seed(0)
    att.block_keys.copy_(torch.randint(-2, 3, att.block_keys.shape, device="cuda"))
    iq = torch.randint(-1, 2, (rows, 4, 128), device="cuda").bfloat16()
    positions = torch.tensor([131071, 131069, 70000, 2047, 2051, 100], device="cuda")
    slots = torch.randperm(rows, device="cuda")
    keys = att.block_keys
    monkeypatch.setattr(attention_module, "use_kernels", lambda t: False)
    ref = att.qsa_chosen(iq, positions, keys, slots)
    for programs in (qsa_select.PROGRAMS, 1):
        monkeypatch.setattr(qsa_select, "PROGRAMS", programs)
        got = select_blocks(iq, keys, att.block_table, slots, positions, 512, 4, att.num_blocks)
        assert torch.equal(got.bool(), ref), programs


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_long_context_prefill_chunk_selection_is_the_sort_s_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench geometry at 32,768 blocks (a 131,072-token cache), 512 kept: a 255-row chunk starting
    mid-block near the end and a 100-row chunk at 70,001 of another request, with a padding row, scored in
    tiles on tensor cores. Whole-number bf16 keys and queries: the mask is the sort's bit for bit. Random
    ones: the tiled scores lie within `rounding_bound` of the float64 scores, as the row kernel's do."""
    cfg = Qwen4ExpConfig.from_dict(preset_config("bench"))
    att = Attention(cfg).cuda()
    length, requests = 131072, [(0, 130813, 255), (1, 70001, 100)]
    per = pages_for(length, DEFAULT_PAGE_SIZE)
    att.init_state(scattered_table(3, per, 2, "cuda"), 3 * per, DEFAULT_PAGE_SIZE, length, torch.bfloat16)
    query_start, positions, slots = (t.cuda() if isinstance(t, torch.Tensor) else t for t in flat_batch(requests, 1, 2))
    host = HostBatch(query_start, (130813, 70001), (0, 1), len(slots))
    torch.manual_seed(0)
    att.block_keys.copy_(torch.randint(-2, 3, att.block_keys.shape, device="cuda"))
    iq = torch.randint(-1, 2, (len(slots), 4, 128), device="cuda").bfloat16()
    rows = att._score_rows(host, iq)
    keys = att.block_keys
    got = select_blocks(iq, keys, att.block_table, slots, positions, 512, 4, att.num_blocks, rows).bool()
    monkeypatch.setattr(attention_module, "use_kernels", lambda t: False)
    for a in range(0, len(slots), 64):
        part = slice(a, a + 64)
        assert torch.equal(got[part], att.qsa_chosen(iq[part], positions[part], keys, slots[part])), a
    keys.normal_()
    iq.normal_()
    args = (iq, keys, att.block_table, slots, positions, 4, att.num_blocks)
    # the tiled scores' width is `rows.blocks` padded to a multiple of WIDTH_MULTIPLE: its last columns are scratch
    tiled, by_row = (block_scores(*a)[:, : rows.blocks] for a in ((*args, rows), args))
    nb = (positions + 1) // 4
    for a in range(0, len(slots), 32):
        part = slice(a, a + 32)
        paged = att._paged_rows(keys, slots[part], rows.blocks)
        exact = torch.relu(torch.einsum("bhd,bnd->bhn", iq[part].double(), paged.double())).sum(1)
        bound = rounding_bound(iq[part], paged)
        live = torch.arange(rows.blocks, device="cuda")[None, :] < nb[part, None]
        for scores in (tiled, by_row):
            assert ((scores[part].double() - exact).abs() <= bound)[live].all(), a


def test_attention_core_op_has_the_kernel_write_its_out_buffer(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the kernel scope the region op hands the core its caller-owned `out`, and the split-K
    kernel writes the result there (no copy after): the buffer the kernel got is the op's."""
    import model.kernels.attention_decode as kernels
    from qcompile.ops import REGISTRY, op_arguments, register_modules

    att = tiny_attention(4, 4, 64)
    register_modules(att)
    q = torch.randn(3, att.num_heads, att.head_dim)
    iq = torch.randn(3, att.indexer.n_heads, att.indexer.head_dim)
    positions, slots = torch.tensor([63, 10, 30]), torch.tensor([1, 0, 2])
    monkeypatch.setattr(attention_module, "use_kernels", lambda t: True)
    want = att._attend_in_place(q, iq, positions, slots)
    given: list[torch.Tensor | None] = []

    def spy(*args: object, out: torch.Tensor | None = None, **kwargs: object) -> torch.Tensor:
        given.append(out)
        return decode(*args, out=out, **kwargs)

    decode = kernels.decode_attention
    monkeypatch.setattr(kernels, "decode_attention", spy)
    args = op_arguments(REGISTRY["attention_core"], att, [q, iq, positions, slots])
    REGISTRY["attention_core"].op(*args)
    assert len(given) == 1 and given[0] is args[-1]
    torch.testing.assert_close(args[-1], want, atol=0, rtol=0)


def test_a_mismatched_out_buffer_is_named() -> None:
    kc = vc = torch.zeros(2, 16, 1, 16)
    q, rows, bt = torch.zeros(2, 2, 16), torch.tensor([0, 1]), torch.zeros(2, 1, dtype=torch.int32)
    with pytest.raises(ValueError, match=r"out: expected a contiguous torch.float32 \(2, 2, 16\)"):
        decode_attention(q, kc, vc, bt, rows, rows, 0.25, out=torch.zeros(2, 16, 2).transpose(1, 2))
