"""All four PLE backends serve the same bits, keep the table in its checkpoint format, and read lazily.

The tiny preset's PLE table is re-stored as FP8 (per-tensor scale) and as NVFP4 (packed E2M1 rows,
E4M3 scale per 16, global `weight_scale_2`) with our packers; "pinned" runs the Triton kernel (in
Triton's interpreter on CPU), "mmap"/"preload" the host path, "device" the dequantised embedding.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
import torch
from safetensors.torch import save_file

from model.batch import Chunk, build_batch
from model.checkpoint.loader import load_model
from model.checkpoint.ple_tables import PLE_BACKENDS, HostTable, PinnedTable, open_host_table
from model.checkpoint.reader import SafetensorsFolder
from model.ple import NGramEmbedding
from model.quant import ple_layouts
from model.qwen4_exp import Qwen4ExpForCausalLM
from tests.ple.util import file_mappings, with_quantised_ple

pytest.importorskip("triton", reason="the pinned backend's gather kernel needs Triton")

PROMPTS = [[5, 9, 2, 7, 8, 100, 3, 44, 45, 46, 47], [11, 12, 1, 13, 14, 1, 1, 15, 16, 17], [300, 301]]


@pytest.fixture(scope="module", params=["fp8", "nvfp4"])
def quant_ckpt(request: pytest.FixtureRequest, tiny_ckpt: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return with_quantised_ple(tiny_ckpt, tmp_path_factory.mktemp("ple") / request.param, request.param)


def ple_module(model: Qwen4ExpForCausalLM) -> NGramEmbedding:
    return next(m for m in model.modules() if isinstance(m, NGramEmbedding))


def logprobs(model: Qwen4ExpForCausalLM) -> torch.Tensor:
    """Prompt logprobs of PROMPTS in one flat batch, then one decode step of each."""
    model.init_state(max_num_seqs=4, max_model_len=64)
    with torch.no_grad():
        batch = build_batch([Chunk(i, p, 0) for i, p in enumerate(PROMPTS)], model.trash_slot, "cpu")
        first = model.compute_logits(model.run(batch)).log_softmax(-1)
        batch = build_batch([Chunk(i, [i + 20], len(p)) for i, p in enumerate(PROMPTS)], model.trash_slot, "cpu")
        second = model.compute_logits(model.run(batch)).log_softmax(-1)
    return torch.cat([first, second])


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_backends_give_bitwise_identical_logprobs(quant_ckpt: Path, dtype: torch.dtype) -> None:
    kind = quant_ckpt.name
    results = {}
    for backend in PLE_BACKENDS:
        model = load_model(quant_ckpt, dtype=dtype, ple_backend=backend)
        table = ple_module(model).host_table
        if backend == "device":
            assert table is None
        else:  # served in checkpoint format, outside the parameters (so `.to()` never moves it)
            assert not any("ngram_embedding" in name for name, _ in model.named_parameters())
            stored = table.rows if isinstance(table, PinnedTable) else table.shards[0].rows
            assert table.kind == kind and stored.dtype == (torch.float8_e4m3fn if kind == "fp8" else torch.uint8)
            assert isinstance(table, PinnedTable if backend == "pinned" else HostTable)
        results[backend] = logprobs(model)
    for backend, lp in results.items():
        assert torch.equal(lp, results["device"]), backend
    assert torch.isfinite(results["device"]).all()


def test_quantised_table_is_not_the_float_one(quant_ckpt: Path, tiny_ckpt: Path) -> None:
    """Guards the test above against a packer or loader that silently kept the float table."""
    ours = ple_module(load_model(quant_ckpt)).ngram_embedding.weight
    plain = ple_module(load_model(tiny_ckpt)).ngram_embedding.weight
    err = float((ours - plain).norm() / plain.norm())
    assert 0.0 < err < (0.035 if quant_ckpt.name == "fp8" else 0.11), err


@pytest.mark.parametrize("backend", PLE_BACKENDS)
def test_out_of_range_ids_give_zero_rows(quant_ckpt: Path, backend: str) -> None:
    module = ple_module(load_model(quant_ckpt, dtype=torch.bfloat16, ple_backend=backend))
    reference = ple_module(load_model(quant_ckpt, dtype=torch.bfloat16)).ngram_embedding.weight
    rows = reference.shape[0]
    ids = torch.tensor([[0, -1, rows - 1, rows], [rows + 7, 5, -(2**40), 2**40]])
    got = module.gather(ids).view(2, 4, -1)
    valid = (ids >= 0) & (ids < rows)
    assert torch.equal(got[valid], reference[ids[valid]])
    assert torch.equal(got[~valid].view(torch.int16), torch.zeros_like(got[~valid]).view(torch.int16))  # +0.0


def test_mmap_reads_only_touched_rows(tmp_path: Path) -> None:
    """A 64 MB FP8 table: gathering 4 rows maps at most one large folio (2 MiB) each; reading it all maps it all."""
    rows, width = 400_000, 160
    key = "model.layers.2.ple.ple_embedding.ngram_embedding"
    data = torch.randint(0, 126, (rows, width), dtype=torch.uint8).view(torch.float8_e4m3fn)
    path = tmp_path / "model.safetensors"
    save_file({f"{key}.shard_0.weight": data, f"{key}.weight_scale": torch.tensor(0.5)}, str(path))
    folder = SafetensorsFolder(tmp_path)
    (layout,) = ple_layouts(folder, {})
    table = open_host_table(folder, layout, "mmap", torch.bfloat16)
    assert isinstance(table, HostTable)

    def resident() -> int:
        maps = file_mappings(path)
        assert maps, "the table is not memory-mapped"
        return sum(m[2] for m in maps)

    ids = torch.randint(0, rows, (4,))
    got = table.gather(ids)
    assert torch.equal(got, (data[ids].float() * 0.5).to(torch.bfloat16))
    assert resident() <= 4 * (2 << 20) + (64 << 10), resident()  # (the page cache may hold 2 MiB folios)
    float(table.shards[0].rows.view(torch.uint8).sum())  # the control: touch every page
    assert resident() >= 0.9 * rows * width


def test_loader_mmap_views_the_files_and_preload_copies(quant_ckpt: Path) -> None:
    paths = list(quant_ckpt.glob("*.safetensors"))
    for backend, mapped in (("mmap", True), ("preload", False)):
        table = ple_module(load_model(quant_ckpt, ple_backend=backend)).host_table
        assert isinstance(table, HostTable)
        ptr = table.shards[0].rows.data_ptr()
        inside = any(lo <= ptr < hi for p in paths for lo, hi, _ in file_mappings(p))
        assert inside == mapped, backend
        del table
        gc.collect()


@pytest.mark.slow
def test_host_table_behind_the_kernel_scope_gather_op(quant_ckpt: Path) -> None:
    """At kernel scope the PLE gather is an opaque op whose output is sized from the host table."""
    import qcompile

    model = load_model(quant_ckpt, ple_backend="preload")
    expected = logprobs(model)
    torch._dynamo.reset()
    compiled = qcompile.compile(model, ranges=[(1, 1), (2, 64)], scope="kernel")
    model.init_state(max_num_seqs=4, max_model_len=64)
    rows = []
    with torch.no_grad():
        for chunks in (
            [Chunk(i, p, 0) for i, p in enumerate(PROMPTS)],
            [Chunk(i, [i + 20], len(p)) for i, p in enumerate(PROMPTS)],
        ):
            batch = build_batch(chunks, model.trash_slot, "cpu")
            with model.context(batch):
                rows.append(model.compute_logits(compiled(*batch.tensors())).log_softmax(-1))
    torch.testing.assert_close(torch.cat(rows), expected, atol=1e-5, rtol=0)


@pytest.mark.parametrize("backend", [b for b in PLE_BACKENDS if b != "device"])
def test_a_host_table_is_never_allocated_on_the_load_device(
    quant_ckpt: Path, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a host backend the device-resident embedding is dropped for the host table while still on
    the meta device: a large model's table never takes device memory, not even for a moment."""
    seen: list[bool] = []
    use = NGramEmbedding.use_host_table

    def on_meta(self: NGramEmbedding, table: object) -> None:
        seen.append(self.ngram_embedding.weight.is_meta)
        use(self, table)

    monkeypatch.setattr(NGramEmbedding, "use_host_table", on_meta)
    model = load_model(quant_ckpt, ple_backend=backend)
    assert seen and all(seen)
    assert all(not p.is_meta for p in model.parameters())
