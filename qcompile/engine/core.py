"""`EngineCore`: a checkpoint loaded and made ready to run, the part `LLM` and `AsyncEngine` share.

It owns the model, the runner (slot state, compiled forward, CUDA graphs), the step loop with its
scheduler, the input processor, the tokenizer and the EOS ids. Construction only loads; the start-up
stages (compile every range, capture graphs, warm up) run in `prepare()`, or one at a time through
`startup_stages()` so that `qcompile serve` can show each with its time. Each stage's wall time is
kept in `stage_times`.

With `tensor_parallel_size=N > 1` this process is rank 0 of N: it spawns the other ranks
(`qcompile/engine/workers.py`) before its own load, so every rank reads its shard at once, and
`close()` (or the interpreter's exit) stops them.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import torch

from model.checkpoint.loader import load_model
from model.checkpoint.metadata import check_tokenizer_files, read_eos_token_ids
from model.config import Qwen4ExpConfig
from model.paging import DEFAULT_PAGE_SIZE
from model.parallel import Shard, check_divisible
from model.presets import PRESETS
from qcompile.config import CompileConfig
from qcompile.cudagraph import resolve_capture_sizes
from qcompile.default_model import NAME as DEFAULT_NAME
from qcompile.default_model import PATH as DEFAULT_PATH
from qcompile.engine.engine import Engine
from qcompile.engine.inputs import InputProcessor
from qcompile.engine.kv_memory import choose_plan, model_page_bytes, parse_bytes, profile_pool_bytes
from qcompile.engine.runner import ModelRunner
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.sequence import Sequence
from qcompile.engine.stats import StatsCollector
from qcompile.engine.workers import WorkerGroup, WorkerSpec, rank_device

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase

log = logging.getLogger(__name__)


def load_tokenizer(path: Path) -> PreTrainedTokenizerBase | None:
    """The checkpoint's tokenizer, or None when it ships without one (then prompts must be ids); its
    files are checked first, so a broken one fails naming the file and field."""
    if not check_tokenizer_files(path):
        return None
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(path))


def resolve_model(model: str | Path | None) -> tuple[Path, str]:
    """The checkpoint folder and the name to serve it under.

    None is the embedded trained default (what `qcompile serve` uses). A string that names a preset
    of `model.presets` and is not an existing path is that preset's random checkpoint, built on first
    use into the cache. Anything else must be a checkpoint folder.
    """
    if model is None:
        return DEFAULT_PATH, DEFAULT_NAME
    if isinstance(model, str) and model in PRESETS and not Path(model).exists():
        from qcompile.synthetic import default_checkpoint

        return default_checkpoint(model), model
    path = Path(model)
    if not path.is_dir():
        raise FileNotFoundError(
            f"model {str(model)!r} is neither a checkpoint folder nor a preset name ({', '.join(sorted(PRESETS))})"
        )
    return path, path.name


@dataclass(frozen=True)
class StartupStage:
    """One start-up stage: `key` names it in `stage_times`, `name` is what `serve` prints, and `run()`
    returns a detail line, or None."""

    key: str
    name: str
    run: Callable[[], str | None]


class EngineCore:
    """A loaded checkpoint with its step loop; see the module docstring for the stages.

    `model` is a checkpoint folder, a preset name or None (the embedded default; see
    `resolve_model`). `compile=None` runs eagerly; a `CompileConfig` runs the model through
    `qcompile.compile`. A step feeds at most `max_num_batched_tokens` tokens (longer prompts are
    prefilled in chunks); `async_scheduling` overlaps scheduling of the next step with the current
    one. `ple_backend` says where PLE tables live ("device", "pinned", "mmap" or "preload"; see
    `model/checkpoint/ple_tables.py`). `weight_only` keeps a quantised checkpoint's FP8, MXFP8 and NVFP4 linears
    packed, run by the weight-only Triton GEMM (see `load_model`); needs Triton.
    `tensor_parallel_size` shards the model over that many processes (one GPU each on CUDA); the
    geometry must divide (`model.parallel.check_divisible`), which is checked before any process starts.
    `skinny_gemm` routes the GEMMs of decode batches that run in CUDA graphs (at their graph sizes up to
    `model.kernels.skinny.MAX_M`) through the skinny Triton kernel where timing on the GPU at start-up
    finds it faster than cuBLAS (`model.skinny_setup`, the first start-up stage): None does it on CUDA
    only (on CPU nothing is timed), False never, True also on CPU, where only plans read from
    `skinny_plans` apply. `skinny_plans` is a JSON plan file, read when it exists and rewritten with the
    shapes timed here.

    K/V lives in a pool of pages of `page_size` tokens (`qcompile/engine/kv_memory.py`):
    `kv_cache_memory` (bytes, or a string such as "512MiB") sizes it directly; otherwise, on CUDA, it
    gets what `gpu_memory_utilization` of the device leaves after weights, state, activations and
    graphs, and on CPU every slot a whole `max_model_len`. `max_model_len=None` is the checkpoint's
    `max_position_embeddings` when the pool holds one such request, else what the pool holds
    (`pool_summary()` says which).
    """

    def __init__(
        self,
        model: str | Path | None = None,
        device: str = "cpu",
        dtype: str | torch.dtype = "float32",
        compile: CompileConfig | None = None,
        max_num_seqs: int = 16,
        max_model_len: int | None = None,
        max_num_batched_tokens: int = 2048,
        async_scheduling: bool = True,
        ple_backend: str = "device",
        weight_only: bool = False,
        tensor_parallel_size: int = 1,
        skinny_gemm: bool | None = None,
        skinny_plans: str | Path | None = None,
        kv_cache_memory: int | str | None = None,
        gpu_memory_utilization: float = 0.9,
        page_size: int = DEFAULT_PAGE_SIZE,
    ) -> None:
        if max_num_seqs < 1:
            raise ValueError(f"max_num_seqs must be >= 1, got {max_num_seqs}")
        if max_model_len is not None and max_model_len < 1:
            raise ValueError(f"max_model_len must be >= 1, got {max_model_len}")
        if isinstance(kv_cache_memory, str):
            try:
                kv_cache_memory = parse_bytes(kv_cache_memory)
            except ValueError as e:
                raise ValueError(f"kv_cache_memory: {e}") from None
        if kv_cache_memory is not None and kv_cache_memory < 1:
            raise ValueError(f"kv_cache_memory must be >= 1 byte, got {kv_cache_memory}")
        if not 0 < gpu_memory_utilization <= 1:
            raise ValueError(f"gpu_memory_utilization must be in (0, 1], got {gpu_memory_utilization}")
        if compile is not None and not isinstance(compile, CompileConfig):
            raise TypeError(f"compile must be a CompileConfig or None, got {type(compile).__name__}")
        start = time.perf_counter()
        self.path, self.name = resolve_model(model)
        self.config = Qwen4ExpConfig.from_file(self.path)
        if max_model_len is not None and max_model_len > self.config.max_position_embeddings:
            raise ValueError(
                f"max_model_len {max_model_len} exceeds the checkpoint's "
                f"max_position_embeddings {self.config.max_position_embeddings}"
            )
        self.workers: WorkerGroup | None = None
        if tensor_parallel_size != 1:
            if weight_only:
                raise ValueError("weight_only and tensor_parallel_size > 1 cannot be combined yet")
            check_divisible(self.config, tensor_parallel_size)
            threads = max(1, torch.get_num_threads() // tensor_parallel_size)
            spec = WorkerSpec(
                self.path,
                device,
                dtype,
                tensor_parallel_size,
                max_num_seqs,
                max_model_len,
                kv_cache_memory,
                page_size,
                compile,
                ple_backend,
                threads,
            )
            self.workers = WorkerGroup.start(spec)
            device = rank_device(device, 0)
        try:
            shard = None if self.workers is None else Shard.current()
            self.model = load_model(self.path, device, dtype, ple_backend, weight_only, shard)
            self.tokenizer = load_tokenizer(self.path)
            self.compile_config = compile
            self.eos_token_ids = read_eos_token_ids(self.path, self.config)
            pool_bytes = kv_cache_memory
            if pool_bytes is None and torch.device(device).type == "cuda" and self.workers is None:
                largest_graph = 0
                if compile is not None and compile.cudagraph != "none":
                    sizes = resolve_capture_sizes(compile.capture_sizes, compile.ranges, compile.max_capture_size)
                    largest_graph = max(sizes)
                pool_bytes = profile_pool_bytes(
                    self.model,
                    max_num_seqs,
                    max_model_len,
                    page_size,
                    gpu_memory_utilization,
                    max_num_batched_tokens,
                    largest_graph,
                )
            self.pool = choose_plan(self.model, max_num_seqs, max_model_len, page_size, pool_bytes)
            self.max_model_len = self.pool.max_model_len
            self.runner = ModelRunner(
                self.model,
                max_num_seqs,
                self.max_model_len,
                device,
                compile,
                self.workers,
                self.pool.num_pages,
                page_size,
            )
            if self.workers is not None:
                self.workers.wait_ready()
        except BaseException:
            self.close()
            raise
        self.engine = Engine(self.runner, self.eos_token_ids, self.tokenizer, max_num_batched_tokens, async_scheduling)
        self.processor = InputProcessor(
            self.tokenizer,
            self.config.vocab_size,
            self.max_model_len,
            self.eos_token_ids,
            self.engine.scheduler.blocks.check_fits,
        )
        log.info("%s", self.pool_summary())
        self.skinny_gemm = self.runner.device.type == "cuda" if skinny_gemm is None else skinny_gemm
        self.skinny_plans = None if skinny_plans is None else Path(skinny_plans)
        self.stage_times: dict[str, float] = {"load": time.perf_counter() - start}

    def pool_summary(self) -> str:
        """The start-up line of the K/V pool: its tokens and how many maximum-length requests fit."""
        return self.pool.summary(model_page_bytes(self.model, self.pool.page_size))

    def close(self) -> None:
        """Stop the tensor-parallel workers, if any (the interpreter's exit does it too)."""
        if self.workers is not None:
            self.workers.close()

    # ---- start-up stages ------------------------------------------------------------------
    def startup_stages(self) -> list[StartupStage]:
        """The stages this configuration needs and has not run yet, in order."""
        stages = []
        if self.skinny_rows():
            stages.append(StartupStage("skinny", "time skinny GEMMs against cuBLAS", self.prepare_skinny))
        if self.compile_config is not None:
            stages.append(StartupStage("compile", f"compile ({len(self.compile_config.ranges)} ranges)", self.compile))
            if self.compile_config.cudagraph != "none":
                stages.append(
                    StartupStage("capture", f"graph capture (cudagraph {self.compile_config.cudagraph})", self.capture)
                )
        stages.append(StartupStage("warmup", "warmup", self.warmup))
        return [s for s in stages if s.key not in self.stage_times]

    def prepare(self) -> None:
        """Run every pending start-up stage: afterwards no request compiles or captures anything."""
        for stage in self.startup_stages():
            stage.run()

    def _timed(self, key: str, start: float) -> None:
        self.stage_times[key] = time.perf_counter() - start

    def skinny_rows(self) -> list[int]:
        """The decode row counts the skinny stage times: those run inside CUDA graphs, up to MAX_M (none
        unless `skinny_gemm`). Without graphs every launch would pay Triton's host-side launcher, where
        cuBLAS's is cheaper, and the plans are timed inside graphs, so nothing is timed there."""
        if not self.skinny_gemm:
            return []
        from model.kernels.skinny import MAX_M

        return [r for r in self.runner.graph_decode_rows() if r <= MAX_M]

    def prepare_skinny(self) -> str:
        """Route the decode GEMMs through the skinny kernel where it is faster (before `compile` and
        `capture`, which bake the plans in)."""
        from model.skinny_setup import prepare_skinny, prepare_skinny_cached

        start = time.perf_counter()
        prepare = prepare_skinny
        if self.skinny_plans is not None:
            prepare = functools.partial(prepare_skinny_cached, path=self.skinny_plans, device=self.runner.device)
        report = self.runner.prepare_skinny(prepare, self.skinny_rows())
        self._timed("skinny", start)
        return report.summary()

    def compile(self) -> str:
        """Compile every compile range now (`ModelRunner.warmup`), not on the first request that reaches it."""
        start = time.perf_counter()
        sizes = self.runner.warmup()
        self._timed("compile", start)
        loaded = self.compile_config is not None and self.runner.compiled.aot_loaded
        return f"warmed token counts {sizes}" + (f"; loaded from {self.compile_config.aot_dir}" if loaded else "")

    def capture(self) -> str | None:
        """Capture every CUDA graph now, after `compile`."""
        start = time.perf_counter()
        stats = self.runner.capture()
        self._timed("capture", start)
        if stats is None:
            return None
        return (
            f"{len(self.runner.capture_sizes)} sizes, mode {stats.mode}, graph pool "
            f"{stats.pool_bytes / 2**20:.0f} MiB (device {stats.bytes / 2**20:.0f} MiB)"
        )

    def warmup(self) -> None:
        """One short greedy request through the whole step loop (prefill, decode, sampling), so the
        first real request pays no first-call costs; the statistics start afterwards."""
        start = time.perf_counter()
        params = SamplingParams(temperature=0.0, max_tokens=max(1, min(2, self.max_model_len - 1)), ignore_eos=True)
        self.engine.generate([Sequence("warmup", None, [0], params)])
        self.engine.collector = StatsCollector()
        self._timed("warmup", start)
