"""The Triton PLE gather kernel against the torch formula (`dequant_ple_rows`), bit for bit.

On CPU the kernel runs in Triton's interpreter; the `gpu` tests read a pinned host table from CUDA
through unified addressing, also inside a captured CUDA graph, and past 2^31 bytes.
"""

from __future__ import annotations

import pytest
import torch

from model.quant import dequant_ple_rows

triton = pytest.importorskip("triton", reason="the PLE gather kernel needs Triton")
from model.kernels.ple_gather import gather_rows  # noqa: E402

DTYPES = [torch.float32, torch.bfloat16, torch.float16]


def make_table(kind: str, rows: int, width: int, pin: bool = False) -> tuple[torch.Tensor, torch.Tensor | None, float]:
    """Random stored rows of `kind`, every code but NaN (FP8 and scale bytes 0x7F/0xFF excluded)."""
    g = torch.Generator().manual_seed(0)

    def fp8_bytes(*shape: int) -> torch.Tensor:
        b = torch.randint(0, 255, shape, dtype=torch.uint8, generator=g)
        return torch.where((b & 0x7F) == 0x7F, b - 1, b)

    def host(t: torch.Tensor) -> torch.Tensor:
        return t.pin_memory() if pin else t

    if kind == "float":
        return host(torch.randn(rows, width, generator=g).to(torch.bfloat16)), None, 1.0
    if kind == "fp8":
        return host(fp8_bytes(rows, width)), None, 0.0123
    packed = torch.randint(0, 256, (rows, width // 2), dtype=torch.uint8, generator=g)
    return host(packed), host(fp8_bytes(rows, width // 16) & 0x7F), 3.7e-3  # non-negative block scales


def reference(
    kind: str,
    table: torch.Tensor,
    block: torch.Tensor | None,
    scale: float,
    ids: torch.Tensor,
    width: int,
    dtype: torch.dtype,
) -> torch.Tensor:
    ids = ids.cpu()
    valid = (ids >= 0) & (ids < table.shape[0])
    safe = torch.where(valid, ids, 0)
    rows = dequant_ple_rows(kind, table.cpu()[safe], None if block is None else block.cpu()[safe], scale)
    return torch.where(valid[..., None], rows, 0.0).to(dtype)


def same_bits(a: torch.Tensor, b: torch.Tensor) -> bool:
    ints = {4: torch.int32, 2: torch.int16}
    a, b = a.cpu(), b.cpu()
    return a.shape == b.shape and torch.equal(a.view(ints[a.element_size()]), b.view(ints[b.element_size()]))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", ["float", "fp8", "nvfp4"])
def test_kernel_matches_torch_formula_on_cpu(kind: str, dtype: torch.dtype) -> None:
    rows, width = 300, 160
    table, block, scale = make_table(kind, rows, width)
    ids = torch.randint(-3, rows + 3, (37, 4))
    ids[0] = torch.tensor([-1, rows, 0, rows - 1])
    got = gather_rows(kind, table, block, scale, ids, width, dtype, block_rows=8)
    assert same_bits(got, reference(kind, table, block, scale, ids, width, dtype))
    assert (got[0, :2] == 0).all() and not torch.signbit(got[0, :2]).any()


def test_row_offsets_past_2_31_bytes_on_cpu() -> None:
    """int32 ids into a 2.1 GB table: the kernel's int64 offsets must reach the last rows."""
    width, rows = 160, (2**31 // 160) + 64
    table = torch.empty(rows, width, dtype=torch.uint8)  # untouched pages cost nothing
    tail = torch.arange(rows - 16, rows)
    table[tail] = torch.randint(0, 126, (16, width), dtype=torch.uint8)
    ids = tail.to(torch.int32).view(4, 4)
    got = gather_rows("fp8", table, None, 0.5, ids, width, torch.float32)
    assert torch.equal(got, (table[tail].view(torch.float8_e4m3fn).float() * 0.5).view(4, 4, width))


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", ["float", "fp8", "nvfp4"])
def test_kernel_reads_pinned_table_on_cuda(kind: str, dtype: torch.dtype) -> None:
    rows, width = 5000, 160
    table, block, scale = make_table(kind, rows, width, pin=True)
    ids = torch.randint(-3, rows + 3, (1000, 16), device="cuda")
    got = gather_rows(kind, table, block, scale, ids, width, dtype)
    assert got.is_cuda and same_bits(got, reference(kind, table, block, scale, ids, width, dtype))


@pytest.mark.gpu
def test_kernel_in_cuda_graph_replays_with_new_ids() -> None:
    rows, width = 100_000, 160
    table, block, scale = make_table("nvfp4", rows, width, pin=True)
    ids = torch.zeros(64, 16, dtype=torch.int64, device="cuda")
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        gather_rows("nvfp4", table, block, scale, ids, width, torch.bfloat16)  # compile outside capture
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = gather_rows("nvfp4", table, block, scale, ids, width, torch.bfloat16)
    for trial in range(5):
        ids.copy_(torch.randint(-2, rows + 2, ids.shape, generator=torch.Generator().manual_seed(trial)))
        graph.replay()
        torch.cuda.synchronize()
        assert same_bits(out, reference("nvfp4", table, block, scale, ids, width, torch.bfloat16)), trial


@pytest.mark.gpu
def test_row_offsets_past_2_31_bytes_on_cuda() -> None:
    width, rows = 160, (2**31 // 160) + 64
    table = torch.empty(rows, width, dtype=torch.uint8, pin_memory=True)
    tail = torch.arange(rows - 16, rows)
    table[tail] = torch.randint(0, 126, (16, width), dtype=torch.uint8)
    got = gather_rows("fp8", table, None, 0.5, tail.to(torch.int32).cuda(), width, torch.float32)
    assert torch.equal(got.cpu(), table[tail].view(torch.float8_e4m3fn).float() * 0.5)
