"""`EngineCore`: a checkpoint loaded and made ready to run, the part `LLM` and `AsyncEngine` share.

It owns the model, the runner (slot state, compiled forward, CUDA graphs), the step loop with its
scheduler, the input processor, the tokenizer and the EOS ids. Construction only loads; the start-up
stages (compile every range, capture graphs, warm up) run in `prepare()`, or one at a time through
`startup_stages()` so that each can be shown with its time (`qcompile.engine.progress.start_core`).
Each stage's wall time is kept in `stage_times`.

With `tensor_parallel_size=N > 1` this process is rank 0 of N: it spawns the other ranks
(`qcompile/engine/workers.py`) before its own load, so every rank reads its shard at once, and
`close()` (or the interpreter's exit) stops them.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import torch

from model import kernels
from model.checkpoint.loader import load_model
from model.checkpoint.metadata import check_tokenizer_files, read_eos_token_ids
from model.expert_placement import ExpertPlacementError
from model.moe import use_moe_activation_dtype
from model.parallel import Shard
from model.qwen4_exp import Qwen4ExpForCausalLM
from qcompile.cudagraph import resolve_capture_sizes
from qcompile.engine.engine import Engine
from qcompile.engine.engine_config import DUMMY, EngineConfig, EngineOptionError
from qcompile.engine.expert_memory import OFF, ExpertMemory, ExpertSizing
from qcompile.engine.inputs import InputProcessor
from qcompile.engine.kv_memory import PoolPlan, checkpoint_count, choose_plan, profile_pool_bytes
from qcompile.engine.model_source import ResolvedModel, resolve_model
from qcompile.engine.runner import ModelRunner
from qcompile.engine.sampling_params import SamplingParams
from qcompile.engine.sequence import Sequence
from qcompile.engine.stats import StatsCollector
from qcompile.engine.workers import WorkerGroup, WorkerSpec, rank_device
from qcompile.synthetic import build_random_model

if TYPE_CHECKING:
    from transformers import PreTrainedTokenizerBase


def load_tokenizer(path: Path) -> PreTrainedTokenizerBase | None:
    """The checkpoint's tokenizer, or None when it ships without one (then prompts must be ids); its
    files are checked first, so a broken one fails naming the file and field."""
    if not check_tokenizer_files(path):
        return None
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(path))


def uncompiled_steps(ranges: tuple[tuple[int, int], ...], budget: int) -> str | None:
    """What start-up says when steps of up to `budget` tokens (`--max-num-batched-tokens`) reach past the
    compile ranges: those steps run eagerly (warned once, at the first), which a long prompt's every chunk
    can be; None when the ranges cover the budget."""
    top = max(hi for _, hi in ranges)
    if top >= budget:
        return None
    return f"steps of {top + 1}-{budget} tokens run eagerly: ranges up to {budget} (the step budget) compile them"


@dataclass(frozen=True)
class StartupStage:
    """One start-up stage: `key` names it in `stage_times`, `name` is what `serve` prints, and `run()`
    returns a detail line, or None."""

    key: str
    name: str
    run: Callable[[], str | None]


class EngineCore:
    """A loaded checkpoint with its step loop; see the module docstring for the stages and
    `EngineConfig` for the options.

    `resolved` is `config.model` already resolved (`resolve_model`), by a caller that checked it
    before starting anything else; without it the model is resolved here.
    """

    def __init__(self, config: EngineConfig, resolved: ResolvedModel | None = None) -> None:
        if not isinstance(config, EngineConfig):
            raise TypeError(f"EngineCore takes an EngineConfig, not a {type(config).__name__}")
        start = time.perf_counter()
        resolved = resolved or resolve_model(config.model, load_format=config.load_format)
        config.check_checkpoint(resolved.config)
        self.path, self.name, self.config = resolved.path, resolved.name, resolved.config
        self.compile_config = config.compile_config()
        device = config.device
        self.workers: WorkerGroup | None = None
        if config.tensor_parallel_size != 1:
            threads = max(1, torch.get_num_threads() // config.tensor_parallel_size)
            self.workers = WorkerGroup.start(WorkerSpec(config, self.path, self.compile_config, threads))
            device = rank_device(device, 0)
        try:
            shard = None if self.workers is None else Shard.current()
            self.model, self.experts = self._load(config, device, shard)
            self.max_num_batched_tokens = config.max_num_batched_tokens
            self.expert_summary = None if self.experts is None else self.experts.summary(self.max_num_batched_tokens)
            self.tokenizer = load_tokenizer(self.path)
            self.eos_token_ids = read_eos_token_ids(self.path, self.config)
            self.pool = self._plan_pool(config, device)
            self.max_model_len = self.pool.max_model_len
            self.runner = ModelRunner(
                self.model,
                config.max_num_seqs,
                self.max_model_len,
                device,
                self.compile_config,
                self.workers,
                self.pool.num_pages,
                config.page_size,
                self.pool.num_checkpoints,
                config.kv_cache_dtype,
                self.pool.num_host_checkpoints,
            )
            if self.workers is not None:
                self.workers.wait_ready()
        except BaseException:
            self.close()
            raise
        self.engine = Engine(
            self.runner,
            self.eos_token_ids,
            self.tokenizer,
            self.max_num_batched_tokens,
            config.async_scheduling,
            config.checkpoint_interval() if config.enable_prefix_caching else None,
        )
        self.processor = InputProcessor(
            self.tokenizer,
            self.config.vocab_size,
            self.max_model_len,
            self.eos_token_ids,
            self.engine.scheduler.blocks.check_fits,
        )
        self.skinny_gemm = self.runner.device.type == "cuda" if config.skinny_gemm is None else config.skinny_gemm
        self.skinny_plans = config.skinny_plans
        self.stage_times: dict[str, float] = {"load": time.perf_counter() - start}

    def _load(
        self, c: EngineConfig, device: str, shard: Shard | None
    ) -> tuple[Qwen4ExpForCausalLM, ExpertMemory | None]:
        """The model on `device` (read from the checkpoint, or with `load_format` dummy made in memory from
        its config), its routed experts in host banks where `moe_expert_cache` asks (`qcompile/engine/
        expert_memory.py`); a placement that cannot fit is refused before an expert is read or made,
        naming the option and the sizes."""
        sizing = None
        if c.moe_expert_cache != OFF:
            sizing = ExpertSizing(c.moe_expert_cache, device, c.gpu_memory_utilization, c.kv_cache_memory)
        try:
            if c.load_format == DUMMY:
                quant = "fp8_block" if c.weight_only else None  # the official release's experts
                pinned = c.ple_backend == "pinned"
                model = build_random_model(self.config, self.name, c.dtype, device, 0, quant, pinned, sizing)
            else:
                model = load_model(
                    self.path, device, c.dtype, c.ple_backend, c.weight_only, shard, place_experts=sizing
                )
        except ExpertPlacementError as e:
            raise EngineOptionError({"moe_expert_cache": c.moe_expert_cache}, str(e)) from None
        if c.moe_activation_dtype != "auto":
            self._use_moe_activation_dtype(model, c, device)
        return model, None if sizing is None else sizing.memory

    @staticmethod
    def _use_moe_activation_dtype(model: Qwen4ExpForCausalLM, c: EngineConfig, device: str) -> None:
        """`moe_activation_dtype` on the loaded experts: the fused MoE's (CUDA) only, over block-FP8 codes."""
        if torch.device(device).type != "cuda":
            raise EngineOptionError(
                {"moe_activation_dtype": c.moe_activation_dtype, "device": device},
                "FP8 activations run in the CUDA fused MoE; other devices run the torch experts",
            )
        from model.kernels.fused_moe import FP8_MMA_CAPABILITY  # Triton: imported only on CUDA

        found = torch.cuda.get_device_capability(device)
        if found < FP8_MMA_CAPABILITY:
            raise EngineOptionError(
                {"moe_activation_dtype": c.moe_activation_dtype, "device": device},
                f"FP8 tensor cores need sm_89 or newer, the GPU is sm_{found[0]}{found[1]}",
            )
        try:
            use_moe_activation_dtype(model, c.moe_activation_dtype)
        except ValueError as e:
            raise EngineOptionError({"moe_activation_dtype": c.moe_activation_dtype}, str(e)) from None

    def _plan_pool(self, c: EngineConfig, device: str) -> PoolPlan:
        """The K/V pool's pages and `max_model_len` (`qcompile/engine/kv_memory.py`): from
        `kv_cache_memory`; else on CUDA (one process) from what `gpu_memory_utilization` leaves once
        activations and graphs are profiled (the prefix cache's state checkpoints taking their share
        first); else every slot a whole `max_model_len`."""
        pool_bytes, left = c.kv_cache_memory, None
        if pool_bytes is None and torch.device(device).type == "cuda" and self.workers is None:
            compiled = self.compile_config
            largest_graph = 0
            if compiled is not None and compiled.cudagraph != "none":
                largest_graph = max(
                    resolve_capture_sizes(compiled.capture_sizes, compiled.ranges, compiled.max_capture_size)
                )
            left = profile_pool_bytes(
                self.model,
                c.max_num_seqs,
                c.max_model_len,
                c.page_size,
                c.gpu_memory_utilization,
                self.max_num_batched_tokens,
                largest_graph,
                c.kv_cache_dtype,
            )
        row_bytes = self.model.state_row_bytes()
        checkpoints = checkpoint_count(
            c.enable_prefix_caching, c.prefix_state_checkpoints, c.max_num_seqs, row_bytes, left
        )
        if left is not None:
            pool_bytes = left - checkpoints * row_bytes
        return choose_plan(
            self.model,
            c.max_num_seqs,
            c.max_model_len,
            c.page_size,
            pool_bytes,
            checkpoints,
            c.kv_cache_dtype,
            c.prefix_host_checkpoints,
        )

    def pool_summary(self) -> str:
        """The start-up line of the K/V pool: its tokens and how many maximum-length requests fit."""
        return self.pool.summary(self.model.page_bytes(self.pool.page_size, self.pool.kv_cache_dtype))

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
        from model.skinny_setup import default_plan_file, prepare_skinny, prepare_skinny_cached

        start = time.perf_counter()
        prepare = prepare_skinny
        aot_dir = None if self.compile_config is None else self.compile_config.aot_dir
        if (path := default_plan_file(self.skinny_plans, aot_dir)) is not None:
            prepare = functools.partial(prepare_skinny_cached, path=path, device=self.runner.device)
        report = self.runner.prepare_skinny(prepare, self.skinny_rows())
        self._timed("skinny", start)
        return report.summary()

    def compile(self) -> str:
        """Compile every compile range now (`ModelRunner.warmup`), not on the first request that reaches it."""
        start = time.perf_counter()
        sizes = self.runner.warmup()
        self._timed("compile", start)
        loaded = self.compile_config is not None and self.runner.compiled.aot_loaded
        gap = uncompiled_steps(self.compile_config.ranges, self.max_num_batched_tokens) if self.compile_config else None
        return (
            f"warmed token counts {sizes}"
            + (f"; loaded from {self.compile_config.aot_dir}" if loaded else "")
            + (f"; {gap}" if gap else "")
        )

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

    def warmup(self) -> str | None:
        """Where the model runs its Triton kernels, a batch of each kernel variant a server can meet
        (`ModelRunner.warm_kernels`: no request compiles one); then one short greedy request through the
        whole step loop (prefill, decode, sampling), so the first real request pays no first-call costs;
        the statistics start afterwards."""
        start = time.perf_counter()
        detail = None
        if kernels.use_kernels(torch.empty(0, device=self.runner.device)):
            detail = f"{self.runner.warm_kernels(self.max_num_batched_tokens)} batches of kernel variants"
        params = SamplingParams(temperature=0.0, max_tokens=max(1, min(2, self.max_model_len - 1)), ignore_eos=True)
        self.engine.generate([Sequence("warmup", None, [0], params)])
        self.engine.collector = StatsCollector()
        self._timed("warmup", start)
        return detail
