"""`EngineConfig`: every engine option, declared once with its default, type and help (as vLLM's engine
arguments).

`LLM(model, **options)`, `EngineCore`, `AsyncEngine`, `qcompile serve`'s `load_engine` and the
tensor-parallel workers (`WorkerSpec`) all read one of these, and the command line derives its flags
from the fields (`qcompile/commands/engine_flags.py`), so no option is spelled twice.

Adding an option is a one-place change here: a field `name: type = option(default, "help")`
(`qcompile.config.options.option`, with `choices=` or `check=` when its values are limited), then read
`config.name` where it takes effect.
The flag `--name` (`--name/--no-name` for a bool) appears on every command that takes engine flags.
A keyword that names no field is refused, naming it and the closest field.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import torch

from model.checkpoint.ple_tables import PLE_BACKENDS
from model.kv_quant import KV_CACHE_DTYPES
from model.moe import MOE_ACTIVATION_DTYPES
from model.paging import DEFAULT_PAGE_SIZE
from qcompile.config import CompileConfig
from qcompile.config.options import Check, option
from qcompile.engine.expert_memory import AUTO, OFF, parse_expert_cache
from qcompile.engine.kv_memory import parse_bytes
from qcompile.engine.prefix_cache import DEFAULT_CHECKPOINT_INTERVAL, default_interval

if TYPE_CHECKING:
    from model.config import Qwen4ExpConfig

DTYPES = ("float32", "bfloat16", "float16")
AUTO_LOAD, DUMMY = "auto", "dummy"  # `load_format`: read the checkpoint, or make random weights of its config


class EngineOptionError(ValueError):
    """Engine options whose values cannot work, alone or together: `values` maps each option involved to its
    value, so that the command line can name its flags instead of the fields."""

    def __init__(self, values: dict[str, Any], problem: str) -> None:
        super().__init__(f"{' and '.join(f'{k}={v!r}' for k, v in values.items())}: {problem}")
        self.values, self.problem = values, problem


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def at_least(low: int) -> Check:
    return lambda v: None if _is_int(v) and v >= low else f"must be an integer >= {low}"


def device_problem(value: object) -> str | None:
    """Why `value` is not a torch device of this machine (None when it is one)."""
    try:
        d = torch.device(value)  # type: ignore[arg-type]
    except (RuntimeError, TypeError):
        return "not a device (cpu, cuda, cuda:N)"
    if d.type == "cuda":
        if not torch.cuda.is_available():
            build = "" if torch.version.cuda else f", and torch {torch.__version__} is built without CUDA"
            return f"this machine has no CUDA device{build}"
        if d.index is not None and d.index >= torch.cuda.device_count():
            return f"this machine has {torch.cuda.device_count()} CUDA devices"
    return None


def _model_problem(value: object) -> str | None:
    if value is None or isinstance(value, (str, Path)):
        return None
    return f"must be a checkpoint folder, a preset name or None (the embedded model), not a {type(value).__name__}"


def _compile_problem(value: object) -> str | None:
    if value is None or isinstance(value, CompileConfig):
        return None
    return f"must be a CompileConfig or None (eager), not a {type(value).__name__}"


def _optional(check: Check) -> Check:
    return lambda v: None if v is None else check(v)


def _fraction(value: object) -> str | None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value <= 1
    return None if ok else "must be a number in (0, 1]"


def _optional_bool(value: object) -> str | None:
    return None if value is None or isinstance(value, bool) else "must be True, False or None"


def _bool(value: object) -> str | None:
    return None if isinstance(value, bool) else "must be True or False"


@dataclass(frozen=True)
class EngineConfig:
    """What the engine loads and how it runs; see the module docstring for how to add an option."""

    model: str | Path | None = option(
        None,
        "checkpoint folder, or the name of a preset of model/presets.py (e.g. tiny: its random checkpoint, "
        "built on first use); default: the embedded default model",
        check=_model_problem,
    )
    device: str = option("cpu", "torch device (cpu, cuda, cuda:N)", check=device_problem)
    dtype: str = option("float32", "compute dtype of the weights and activations", choices=DTYPES)
    compile: CompileConfig | None = option(
        None, "a CompileConfig (None: eager); on the command line, any compile flag", check=_compile_problem, flag=False
    )
    aot: bool = option(
        True,
        "save the compiled forward and load it in a later start with the same code and settings, which then "
        "skips Dynamo's trace (in compile.aot_dir, --aot-dir; default qcompile-aot/ in Inductor's cache folder)",
        check=_bool,
    )
    max_num_seqs: int = option(16, "requests generating at once (state slots)", check=at_least(1))
    max_model_len: int | None = option(
        None,
        "prompt + output tokens per request (unset: the checkpoint's max_position_embeddings, or what the K/V "
        "pool holds when that is less)",
        check=_optional(at_least(1)),
    )
    kv_cache_memory: int | None = option(
        None,
        "bytes of the K/V page pool, e.g. 512MiB, 4GiB, 1.5GB (any device; unset: on CUDA what "
        "gpu_memory_utilization leaves, on CPU every slot a whole max_model_len)",
        check=_optional(at_least(1)),
    )
    gpu_memory_utilization: float = option(
        0.9,
        "fraction of the GPU the engine may fill: the K/V pool gets what weights, state, activations and CUDA "
        "graphs leave of it (CUDA without kv_cache_memory)",
        check=_fraction,
    )
    kv_cache_dtype: str = option(
        "auto",
        "K/V pages: auto (the model's dtype) or fp8 (fp8_e4m3: E4M3 with a float32 scale per token and KV head, "
        "about half of bf16's bytes; indexer and block keys stay in the model's dtype)",
        choices=KV_CACHE_DTYPES,
    )
    page_size: int = option(
        DEFAULT_PAGE_SIZE,
        "tokens per K/V page (a multiple of the QSA block and of the attention kernels' key tile, 16)",
        check=at_least(1),
    )
    max_num_batched_tokens: int = option(
        2048, "tokens one step feeds at most (longer prompts are prefilled in chunks)", check=at_least(1)
    )
    async_scheduling: bool = option(True, "schedule the next step while the device runs this one", check=_bool)
    enable_prefix_caching: bool = option(
        True,
        "resume a request from the longest cached prefix of its tokens: K/V pages keyed by the hash chain of "
        "their tokens, GDN and PLE state checkpointed at page boundaries (qcompile/engine/prefix_cache.py)",
        check=_bool,
    )
    prefix_state_checkpoints: int | None = option(
        None,
        "state-pool rows that hold prefix-cache checkpoints, each one request's GDN and PLE state (unset: 2 x "
        "max_num_seqs, one rolling checkpoint per running request and as many kept for the next turns; on CUDA "
        "without kv_cache_memory at most a quarter of the memory the pools get)",
        check=_optional(at_least(1)),
    )
    prefix_host_checkpoints: int = option(
        0,
        "host-memory rows (pinned on CUDA) that prefix-cache state checkpoints evicted from the device's rows are "
        "spilled to, least recently used evicted in turn, and copied back from for a hit, each one request's GDN "
        "and PLE state (on every tensor-parallel rank, its shard); 0: evicted checkpoints are dropped. The "
        "host tier of the state, as vLLM's --kv-offloading-size and SGLang's --hicache-size are of K/V",
        check=at_least(0),
    )
    prefix_checkpoint_interval: int | None = option(
        None,
        "tokens between state checkpoints of a long prefill (rounded down to a page), besides those at message "
        "boundaries and at the prompt's end (unset: the smallest multiple of max_num_batched_tokens of at least "
        f"{DEFAULT_CHECKPOINT_INTERVAL}; where a forward cannot save one inside its chunk the scheduler ends the "
        "chunk there, so one that is not a multiple of max_num_batched_tokens may shorten a long prompt's chunks)",
        check=_optional(at_least(1)),
    )
    ple_backend: str = option(
        "device",
        "where PLE tables live: device memory, pinned host memory (Triton gather), memory-mapped files, or host RAM",
        choices=PLE_BACKENDS,
    )
    weight_only: bool = option(
        False,
        "keep a quantised checkpoint's FP8 (per-tensor, per-channel, block), MXFP8 and NVFP4 linears packed "
        "(weight-only Triton GEMMs, 16-bit activations), not dequantised",
        check=_bool,
    )
    load_format: str = option(
        AUTO_LOAD,
        "auto: read the checkpoint's weights; dummy: random weights made in memory from its config (as vLLM's "
        "--load-format dummy; qcompile.synthetic.build_random_model), for timing, and for presets no checkpoint "
        "holds (full); with weight_only the routed experts are made in block FP8 as the official release stores "
        "them, with ple_backend pinned the PLE tables in FP8 in pinned host memory, with moe_expert_cache each "
        "expert straight into its host bank row or device slot",
        choices=(AUTO_LOAD, DUMMY),
    )
    moe_activation_dtype: str = option(
        "auto",
        "the routed experts' GEMM inputs at prefill: auto (the model's dtype) or fp8 (w8a8: E4M3 per token and 128 "
        "inputs, FP8 tensor cores; block-FP8 experts kept by --weight-only, sm_89+); decode stays weight-only",
        choices=MOE_ACTIVATION_DTYPES,
    )
    tensor_parallel_size: int = option(
        1, "shard the model over this many processes (one GPU each on CUDA; gloo on CPU)", check=at_least(1)
    )
    skinny_gemm: bool | None = option(
        None,
        "decode GEMMs in CUDA graphs (up to 16 rows) through the skinny Triton kernel where timing at start-up "
        "finds it faster than cuBLAS (model/kernels/skinny.py); unset: on CUDA only; on: also on CPU, where only "
        "plans read from skinny_plans apply; off: cuBLAS always",
        check=_optional_bool,
    )
    skinny_plans: Path | None = option(
        None,
        "a JSON file of skinny GEMM plans, read when it exists and rewritten with the shapes timed (keyed by GPU, "
        "torch and Triton versions), so a restart times nothing; unset: skinny-plans.json in the AOT folder "
        "when forwards are saved (aot), whose saved forward bakes the plans in",
    )

    moe_expert_cache: str | int = option(
        OFF,
        "routed experts in host memory (pinned on CUDA) behind this many device slots per layer, the hot ones "
        "cached: off (all on the device), auto (CUDA: as many slots as gpu_memory_utilization leaves after the "
        "other weights and kv_cache_memory), or a number; a step whose experts outnumber the dynamic slots runs "
        "them in rounds",
    )

    def __post_init__(self) -> None:
        if isinstance(self.dtype, torch.dtype):
            object.__setattr__(self, "dtype", str(self.dtype).removeprefix("torch."))
        if self.skinny_plans is not None:
            object.__setattr__(self, "skinny_plans", Path(self.skinny_plans))
        if isinstance(self.kv_cache_memory, str):
            try:
                object.__setattr__(self, "kv_cache_memory", parse_bytes(self.kv_cache_memory))
            except ValueError as e:
                raise EngineOptionError({"kv_cache_memory": self.kv_cache_memory}, str(e)) from None
        try:
            object.__setattr__(self, "moe_expert_cache", parse_expert_cache(self.moe_expert_cache))
        except ValueError as e:
            raise EngineOptionError({"moe_expert_cache": self.moe_expert_cache}, str(e)) from None
        for f in fields(self):
            value, meta = getattr(self, f.name), f.metadata
            if meta["choices"] is not None and value not in meta["choices"]:
                raise EngineOptionError({f.name: value}, f"not one of {', '.join(meta['choices'])}")
            if meta["check"] is not None and (problem := meta["check"](value)) is not None:
                raise EngineOptionError({f.name: value}, problem)
        self._check_together()

    def checkpoint_interval(self) -> int:
        """`prefix_checkpoint_interval`, or unset `prefix_cache.default_interval` of the step budget."""
        if self.prefix_checkpoint_interval is not None:
            return self.prefix_checkpoint_interval
        return default_interval(self.max_num_batched_tokens)

    def _check_together(self) -> None:
        """The options that constrain each other, each pair named."""
        c, device = self.compile, torch.device(self.device)
        if c is not None and c.cudagraph != "none" and device.type != "cuda":
            raise EngineOptionError(
                {"compile.cudagraph": c.cudagraph, "device": self.device}, "CUDA graphs need a CUDA device"
            )
        if c is not None and c.aot_dir is not None and not self.aot:
            raise EngineOptionError({"compile.aot_dir": c.aot_dir, "aot": False}, "a folder to save in, and no saving")
        if self.moe_activation_dtype == "fp8" and not self.weight_only:
            raise EngineOptionError(
                {"moe_activation_dtype": "fp8", "weight_only": False},
                "FP8 activations multiply the experts' block-FP8 codes, which only weight_only keeps",
            )
        size = self.tensor_parallel_size
        if size > 1 and self.weight_only:
            raise EngineOptionError({"tensor_parallel_size": size, "weight_only": True}, "cannot be combined yet")
        if size > 1 and device.type == "cuda":
            if device.index is not None:
                raise EngineOptionError(
                    {"tensor_parallel_size": size, "device": self.device}, "rank r runs on cuda:r; give cuda"
                )
            if torch.cuda.device_count() < size:
                raise EngineOptionError(
                    {"tensor_parallel_size": size}, f"this machine has {torch.cuda.device_count()} CUDA devices"
                )
        self._check_expert_cache(device)
        self._check_dummy()
        if self.prefix_state_checkpoints is not None and not self.enable_prefix_caching:
            raise EngineOptionError(
                {"prefix_state_checkpoints": self.prefix_state_checkpoints, "enable_prefix_caching": False},
                "checkpoints for a prefix cache that is off",
            )
        if self.prefix_host_checkpoints and not self.enable_prefix_caching:
            raise EngineOptionError(
                {"prefix_host_checkpoints": self.prefix_host_checkpoints, "enable_prefix_caching": False},
                "host rows for the checkpoints of a prefix cache that is off",
            )
        if self.skinny_plans is not None:
            if self.skinny_gemm is False:
                raise EngineOptionError(
                    {"skinny_plans": self.skinny_plans, "skinny_gemm": False}, "plans for a skinny GEMM that is off"
                )
            from model.skinny_setup import read_plan_file

            read_plan_file(self.skinny_plans)

    def _check_dummy(self) -> None:
        """`load_format` dummy with the options it cannot work with: its build is one process's, and its
        PLE tables are made in memory (no files to map or read)."""
        if self.load_format != DUMMY:
            return
        if self.tensor_parallel_size > 1:
            raise EngineOptionError(
                {"load_format": DUMMY, "tensor_parallel_size": self.tensor_parallel_size},
                "the random build is not sharded yet",
            )
        if self.ple_backend not in ("device", "pinned"):
            raise EngineOptionError(
                {"load_format": DUMMY, "ple_backend": self.ple_backend},
                "the random build makes its PLE tables in memory: on the device, or pinned (FP8)",
            )

    def _check_expert_cache(self, device: torch.device) -> None:
        """`moe_expert_cache` with the options it cannot work with."""
        cache = self.moe_expert_cache
        if cache == OFF:
            return
        if self.tensor_parallel_size > 1:
            raise EngineOptionError(
                {"moe_expert_cache": cache, "tensor_parallel_size": self.tensor_parallel_size},
                "host expert banks are not sharded yet: offload or shard, not both",
            )
        if cache == AUTO and device.type != "cuda":
            raise EngineOptionError(
                {"moe_expert_cache": cache, "device": self.device},
                "auto sizes the slots from a CUDA device's memory; on another device give a number of slots",
            )
        if cache == AUTO and self.kv_cache_memory is None:
            raise EngineOptionError(
                {"moe_expert_cache": cache, "kv_cache_memory": None},
                "auto gives the experts what the K/V pool leaves, so the pool needs its size",
            )

    def check_checkpoint(self, checkpoint: Qwen4ExpConfig) -> None:
        """The options that depend on the checkpoint's config: said before any weight is read or any
        tensor-parallel process starts."""
        limit = checkpoint.max_position_embeddings
        if self.max_model_len is not None and self.max_model_len > limit:
            raise EngineOptionError(
                {"max_model_len": self.max_model_len}, f"exceeds the checkpoint's max_position_embeddings {limit}"
            )
        if self.tensor_parallel_size > 1:
            from model.parallel import geometry_problems

            if problems := geometry_problems(checkpoint, self.tensor_parallel_size):
                raise EngineOptionError(
                    {"tensor_parallel_size": self.tensor_parallel_size},
                    f"does not divide the checkpoint's {', '.join(problems)}",
                )
        if isinstance(self.moe_expert_cache, int):
            experts, top_k = checkpoint.num_experts, checkpoint.num_experts_per_tok
            if not top_k <= self.moe_expert_cache <= experts:
                raise EngineOptionError(
                    {"moe_expert_cache": self.moe_expert_cache},
                    f"slots per layer must lie in [{top_k}, {experts}]: the checkpoint's top-{top_k} experts of a "
                    f"token are resident at once, and it has {experts} experts",
                )

    @classmethod
    def from_options(cls, **options: Any) -> EngineConfig:
        """An `EngineConfig` of keyword options; a keyword no option has raises TypeError naming it."""
        known = [f.name for f in fields(cls)]
        for name in options:
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else f"; the options are {', '.join(known)}"
                raise TypeError(f"unknown engine option {name!r}{hint}")
        return cls(**options)

    def compile_config(self) -> CompileConfig | None:
        """`compile` as the runner uses it: with `aot`, saved to and loaded from the default folder unless
        `compile.aot_dir` names one, so `LLM` reuses what `qcompile serve` compiled and the reverse."""
        c = self.compile
        if c is None or not self.aot or c.aot_dir is not None or c.dump_dir is not None:  # a dump needs a trace
            return c
        from qcompile.compiler.aot import default_dir

        return replace(c, aot_dir=default_dir())
