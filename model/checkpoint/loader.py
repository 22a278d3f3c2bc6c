"""Load a transformers-format Qwen4-Exp safetensors checkpoint into `Qwen4ExpForCausalLM`.

Key names are the ones transformers writes: an optional `model.language_model.` prefix, experts one
per key (`mlp.experts.{e}.{gate,up,down}_proj.weight`, stacked here), the PLE table in
`ngram_embedding.shard_{k}` pieces (concatenated here); a `model.safetensors.index.json` must agree
with the files (see `SafetensorsFolder`). Vision and MTP weights are skipped. Every problem
(missing, unexpected, mis-shaped keys; an integer, bool or NaN/Inf tensor where a float weight is
expected) is collected and raised at once, naming the checkpoint key, before the model is handed
out, so no half-loaded model is ever used. No pickle anywhere. Quantized checkpoints
(see `model/quant`) are dequantised to the compute dtype first, except PLE tables served
by a host backend (`ple_backend`, see `model/checkpoint/ple_tables.py`), which stay in their checkpoint format.
With `weight_only=True` the linears stored in a format the weight-only GEMM computes exactly (NVFP4,
ModelOpt or compressed-tensors; FP8 with a per-tensor, per-channel or block scale, in every dialect;
MXFP8) then become `model.kernels.weight_only.WeightOnlyLinear` over the checkpoint's own bytes and
scales, and routed experts stored quantised keep theirs for the fused MoE (`Experts.keep_quantised`).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import torch
from torch import nn
from torch.overrides import TorchFunctionMode

from model.checkpoint.errors import CheckpointError
from model.checkpoint.expert_banks import BankedLayer, BankPlan, plan_banks, stored_bytes
from model.checkpoint.metadata import read_config
from model.checkpoint.ple_tables import PLE_BACKENDS, open_host_table
from model.checkpoint.reader import SafetensorsFolder, read_quant_configs
from model.expert_placement import PlaceExperts
from model.moe import Experts
from model.parallel import Shard, check_divisible, shard_model, shard_plan
from model.ple import NGramEmbedding
from model.quant import (
    Kind,
    PleLayout,
    Scheme,
    dequantize_state,
    detect,
    ple_layouts,
)
from model.quant.split import SplitOf, TensorSplit
from model.qwen4_exp import Qwen4ExpForCausalLM

log = logging.getLogger(__name__)

SKIPPED = re.compile(r"^(model\.visual\.|visual\.|mtp\.|model\.mtp\.)")
EXPERT = re.compile(r"^(.*\.mlp\.experts)\.(\d+)\.(gate|up|down)_proj\.weight$")
SHARD = re.compile(r"^(.*\.ngram_embedding)\.shard_(\d+)\.weight$")
VERIFIED_BUFFERS = ("layer_multipliers", "ngram_heads_vocab_sizes", "ngram_heads_offsets")
DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}
# stored dtypes a float parameter is copied from (float8 and uint8 are quantised codes, read by `quant`)
FLOAT_SOURCES = (*DTYPES.values(), torch.float64)
CODES = (torch.uint8, torch.float8_e4m3fn, torch.float8_e5m2)
# stored formats the weight-only GEMM computes exactly -> its kind (block FP8 also needs bk % 16 == 0, NVFP4
# K % 16 == 0; ModelOpt's FP8_PB_WO [N/bn, 1, K/bk, 1] scales are the same values as [N/bn, K/bk])
WEIGHT_ONLY_KINDS = {
    Kind.NVFP4: "nvfp4",
    Kind.NVFP4_CT: "nvfp4_ct",
    Kind.FP8_TENSOR: "fp8",
    Kind.FP8_CHANNEL: "fp8",
    Kind.FP8_BLOCK: "fp8_block",
    Kind.FP8_BLOCK_4D: "fp8_block",
    Kind.MXFP8: "mxfp8",
}
# kept dense: `init_state` / `reset_slots` read `lm_head.weight`'s dtype and device, and it may be tied
DENSE_ONLY = frozenset({"lm_head"})


def resolve_dtype(dtype: str | torch.dtype) -> torch.dtype:
    if isinstance(dtype, torch.dtype):
        if dtype not in DTYPES.values():
            raise ValueError(f"dtype {dtype} is not one of {sorted(DTYPES)}")
        return dtype
    if dtype not in DTYPES:
        raise ValueError(f"dtype {dtype!r} is not one of {sorted(DTYPES)}")
    return DTYPES[dtype]


@contextlib.contextmanager
def _uninitialised(dtype: torch.dtype) -> Iterator[None]:
    """Build modules without running their random init (the checkpoint overwrites every weight)."""
    classes = (nn.Linear, nn.Embedding, nn.Conv1d)
    saved = {cls: cls.reset_parameters for cls in classes}
    prev_dtype = torch.get_default_dtype()
    for cls in classes:
        cls.reset_parameters = lambda self: None  # type: ignore[method-assign]
    torch.set_default_dtype(dtype)
    try:
        yield
    finally:
        torch.set_default_dtype(prev_dtype)
        for cls, fn in saved.items():
            cls.reset_parameters = fn  # type: ignore[method-assign]


class _EmptyOnMeta(TorchFunctionMode):
    """Tensors made by `torch.empty` (the weights of every Linear, Embedding, Conv1d and expert stack)
    go to the meta device, so a load allocates only what it keeps: a sharded load never the full
    model, a weight-only load never the dense weights it keeps packed, a host PLE backend never the
    table on the device; `_materialise` then gives the rest memory. Buffers computed from the config
    (`torch.tensor`, ...) stay real."""

    def __torch_function__(self, func: Callable, types: Iterable[type], args: tuple = (), kwargs: dict | None = None):
        kwargs = dict(kwargs or {})
        if func is torch.empty:
            kwargs["device"] = "meta"
        return func(*args, **kwargs)


def _materialise(model: nn.Module, device: str | torch.device, leave: frozenset[str] = frozenset()) -> None:
    """Give every meta parameter but those named in `leave` uninitialised memory on `device` (the
    loader fills it)."""
    for prefix, module in model.named_modules():
        for name, param in list(module._parameters.items()):
            if param is not None and param.is_meta and f"{prefix}.{name}".lstrip(".") not in leave:
                module._parameters[name] = nn.Parameter(torch.empty_like(param, device=device), requires_grad=False)


def _split_of(plan: dict[str, TensorSplit]) -> SplitOf:
    """Checkpoint key -> the part of it this rank keeps (`shard_plan`), None to read it whole."""

    def split(key: str) -> TensorSplit | None:
        name = _normalise(key)
        if m := EXPERT.match(name):
            name = f"{m[1]}.{m[3]}_proj.weight"
        return plan.get(name)

    return split


def _normalise(key: str) -> str:
    if key.startswith("model.language_model."):
        return "model." + key[len("model.language_model.") :]
    return key


class _TextOnly:
    """The folder's tensors minus vision/MTP ones, which the quantised readers need not understand, and
    minus `exclude` (what the expert banks read)."""

    def __init__(self, folder: SafetensorsFolder, exclude: frozenset[str] = frozenset()) -> None:
        self.folder, self.exclude = folder, exclude

    def keys(self) -> list[str]:
        return [k for k in self.folder.keys() if not SKIPPED.match(k) and k not in self.exclude]

    def get_tensor(self, name: str) -> torch.Tensor:
        return self.folder.get_tensor(name)

    def get_slice(self, name: str) -> object:
        return self.folder.get_slice(name)


def is_quantized(config: dict, hf_quant_config: dict | None) -> bool:
    text = config.get("text_config", config)
    return bool(config.get("quantization_config") or text.get("quantization_config") or hf_quant_config)


def load_model(
    path: str | Path,
    device: str | torch.device = "cpu",
    dtype: str | torch.dtype = torch.float32,
    ple_backend: str = "device",
    weight_only: bool = False,
    shard: Shard | None = None,
    place_experts: PlaceExperts | None = None,
) -> Qwen4ExpForCausalLM:
    """The checkpoint at `path` as an eval model on `device`; PLE tables where `ple_backend` says.

    `shard`: keep only that tensor-parallel rank's slices (`model.parallel.shard_plan`), read straight
    from the files (`get_slice`; quantised weights with the scales their slices need): the model is
    built with its split weights on the meta device and sharded before it is given memory, so a rank
    neither reads nor holds the other ranks' parts. Bitwise the same as sharding a full load.

    `weight_only`: after the usual (dequantised, fully checked) load, every `nn.Linear` stored as
    NVFP4, per-tensor / per-channel / block FP8 or MXFP8 is replaced by a `WeightOnlyLinear` over the
    stored tensors (see `_plan_packed`), and routed experts stored quantised (NVFP4, MXFP8, any FP8) keep
    their codes and scales for the fused MoE (`_plan_quantised_experts`; a layer whose experts cannot
    be kept raises); other modules and `lm_head` stay dense. Needs Triton on CUDA. What is kept packed
    never exists dense: those weights stay on the meta device until the stored tensors replace them,
    and the dequantised load checks each of their modules and drops it, so neither the host nor
    `device` ever holds them in `dtype` (for a large model, most of it).

    `place_experts`: serve the routed experts from host banks behind device slots (`model/expert_cache.py`)
    where the placement it returns, asked for with the checkpoint's geometry before any weight is read
    (`model/checkpoint/expert_banks.py`), offloads them: the stacks stay on the meta device and each
    expert is read straight into its bank row or static slot (`_fill_banks`), never held twice; the
    other weights load to `device` as usual. Bitwise what `Experts.offload` makes of a resident load.
    An `ExpertPlacementError` from it propagates.

    Raises `CheckpointError` (every problem at once) or `QuantFormatError` (naming the tensor)
    before returning, so a model is only handed out once every tensor has been checked.
    """
    if ple_backend not in PLE_BACKENDS:
        raise ValueError(f"ple_backend {ple_backend!r} is not one of {PLE_BACKENDS}")
    path = Path(path)
    config = read_config(path)
    if shard is not None:
        if weight_only:
            raise ValueError("weight_only and a tensor-parallel shard cannot be combined yet")
        if place_experts is not None:
            raise ValueError("host expert banks and a tensor-parallel shard cannot be combined yet")
        check_divisible(config, shard.size)
    dtype = resolve_dtype(dtype)
    folder = SafetensorsFolder(path)
    source = _TextOnly(folder)
    raw, hf_quant = read_quant_configs(path)
    with torch.device(device), _uninitialised(dtype), _EmptyOnMeta():
        model = Qwen4ExpForCausalLM(config)
    plan: dict[str, TensorSplit] = {}
    if shard is not None:
        plan = shard_plan(model, shard)
        shard_model(model, shard)
    linears = _plan_packed(model, source, raw, hf_quant) if weight_only else []
    kept = _plan_quantised_experts(model, source, raw, hf_quant, str(path)) if weight_only else []
    host = ple_backend != "device"
    tables = {f"{n}.ngram_embedding.weight" for n, m in model.named_modules() if isinstance(m, NGramEmbedding)}
    layouts = ple_layouts(source, raw)
    if host:
        _attach_host_tables(model, folder, layouts, ple_backend, dtype, str(path))
    banks = None
    if place_experts is not None:
        banks = _plan_banks(model, source, linears, kept, tables if host else set(), place_experts)
    banked_kept = {k.name: k for k in kept}
    if banks is not None:  # the banks read every expert, kept or dense: the rest of the load skips them
        kept, source = [], _TextOnly(folder, banks.keys())
    deferred = frozenset(f"{k.name}.{p}" for k in kept for p in ("gate_up_proj", "down_proj"))
    deferred |= {f"{p.name}.weight" for p in linears}
    deferred |= banks.params() if banks is not None else frozenset()
    _materialise(model, device, leave=deferred | (tables if host else set()))  # host tables never on `device`
    split_of = _split_of(plan)
    ple_keys: frozenset[str] = frozenset()
    if host:
        ple_keys = frozenset().union(*(layout.keys for layout in layouts))
    quantised = is_quantized(raw, hf_quant) or any(layout.kind != "float" for layout in layouts)
    if quantised:
        validate_only = frozenset(m for k in kept for row in k.modules for m in row) | {p.module for p in linears}
        tensors = dequantize_state(
            source, raw, hf_quant, dtype, decode_ple=not host, split_of=split_of, validate_only=validate_only
        )
        load_weights(model, tensors.keys(), tensors.__getitem__, str(path), folder.file_name, deferred)
        del tensors  # the dequantised host copies go before the kept experts are read
    else:

        def read(key: str) -> torch.Tensor:
            split = split_of(key)
            return folder.get_tensor(key) if split is None else split.read(folder.get_slice(key))

        skip = ple_keys | source.exclude
        load_weights(model, [k for k in folder.keys() if k not in skip], read, str(path), folder.file_name, deferred)
    if weight_only:
        _keep_weight_only(model, source, linears, kept, torch.device(device), str(path))
    if banks is not None:
        reading = _ExpertReading(folder, raw, hf_quant, dtype, quantised)
        _fill_banks(banks, reading, banked_kept, torch.device(device), str(path))
    return model.eval().requires_grad_(False)


def _plan_banks(
    model: Qwen4ExpForCausalLM,
    source: _TextOnly,
    linears: list[PackedLinear],
    kept: list[KeptExperts],
    host_tables: set[str],
    place: PlaceExperts,
) -> BankPlan | None:
    """`plan_banks` for `model` (built on the meta device, plans made): the other weights headed for
    the device are its meta parameters but the expert stacks, host PLE tables, an embedding-tied head
    and the packed linears, those counted as stored."""
    stacks = {
        f"{n}.{p}" for n, m in model.named_modules() if isinstance(m, Experts) for p in ("gate_up_proj", "down_proj")
    }
    packed = {f"{p.name}.weight" for p in linears}
    tied = {"lm_head.weight"} if model.config.tie_word_embeddings and "lm_head.weight" not in source.keys() else set()
    skip = stacks | packed | host_tables | tied
    other = sum(t.nbytes for n, t in model.named_parameters() if t.is_meta and n not in skip)
    stored = [f"{p.module}.{s}" for p in linears for s in (p.scheme.weight, p.scheme.scale, p.scheme.scale_2) if s]
    other += stored_bytes(source.get_slice(k) for k in stored)
    formats = {k.name: (k.fmt, _expert_block(k.scheme, k.experts.down_proj.shape[-1])) for k in kept}
    return plan_banks(model, source.keys(), _normalise, formats, other, place)


@dataclass(frozen=True)
class _ExpertReading:
    """How `_fill_banks` reads one expert's tensors: dequantised on their own when the checkpoint is
    (`dequantize_state` over just them, every check included), else as stored."""

    folder: SafetensorsFolder
    raw: dict
    hf_quant: dict | None
    dtype: torch.dtype
    quantised: bool

    def label(self, key: str) -> str:
        name = self.folder.file_name(key)
        return f"{key} ({name})" if name else key

    def dense(self, stored: dict[str, str], problems: list[str]) -> tuple[str, torch.Tensor] | None:
        """One projection's float weight and its key (None and a problem when it has none); its other
        tensors are named unexpected."""
        module = next(iter(stored.values())).rpartition(".")[0]
        if self.quantised:
            out = dequantize_state(
                {k: self.folder.get_tensor(k) for k in stored.values()}, self.raw, self.hf_quant, self.dtype
            )
        else:
            out = {k: self.folder.get_tensor(k) for k in stored.values()}
        key = f"{module}.weight"
        problems += [f"unexpected: {k}" for k in sorted(out) if k != key]
        if key not in out:
            problems.append(f"missing: {key}")
            return None
        return key, out[key]


def _fill_banks(
    banks: BankPlan, reading: _ExpertReading, kept: dict[str, KeptExperts], device: torch.device, origin: str
) -> None:
    """Allocate the banks, read every expert of every layer into its home (bank row or static slot), one
    expert at a time, and hand the caches to the model. Raises `CheckpointError` naming every problem
    (or `QuantFormatError`, naming the tensor) with the banks freed first."""
    banks.allocate(device)
    try:
        problems: list[str] = []
        for layer in banks.layers:
            plan = kept.get(layer.name)
            problems += _fill_layer(layer, reading) if plan is None else _fill_kept(layer, plan, reading)
        if problems:
            raise CheckpointError(
                f"checkpoint {origin} does not fit Qwen4-Exp ({len(problems)} problems):\n  " + "\n  ".join(problems)
            )
    except BaseException:
        banks.release()
        raise
    banks.attach()


def _missing_experts(layer: BankedLayer) -> list[str]:
    """Name each projection whose experts are not exactly 0..E-1 in the checkpoint."""
    e = layer.experts.num_experts
    problems = []
    for proj in PROJECTIONS:
        found = sorted(i for i, p in layer.keys if p == proj)
        if found != list(range(e)):
            problems.append(f"{layer.name}: {proj}_proj has experts {found}, expected 0..{e - 1}")
    return problems


def _fill_layer(layer: BankedLayer, reading: _ExpertReading) -> list[str]:
    """One layer's dense experts: gate and up into the `gate_up_proj` row, down into `down_proj`, each
    copied into the load dtype, checked as `load_weights` checks (float, shape, finite), naming the key."""
    if problems := _missing_experts(layer):
        return problems
    assert layer.cache is not None
    for e in range(layer.experts.num_experts):
        gate_up, down = layer.cache.home("gate_up_proj", e), layer.cache.home("down_proj", e)
        rows = gate_up.shape[0] // 2
        for proj, target in zip(PROJECTIONS, (gate_up[:rows], gate_up[rows:], down), strict=True):
            if (read := reading.dense(layer.keys[e, proj], problems)) is None:
                continue
            key, tensor = read
            problem = _float_problem(reading.label(key), tensor)
            if tuple(tensor.shape) != tuple(target.shape):
                problem = f"{reading.label(key)}: shape {tuple(tensor.shape)}, expected {tuple(target.shape)}"
            if problem:
                problems.append(problem)
                continue
            target.copy_(tensor)
            problems += _non_finite(target, tensor.dtype, [(key, ())], reading.label)
    return problems


def _fill_kept(layer: BankedLayer, plan: KeptExperts, reading: _ExpertReading) -> list[str]:
    """One layer's experts kept quantised: each expert's tensors checked by dequantising them on their own
    (then dropped), its stored codes and scales put in the fused MoE's layout (`_stored_expert`, gate and
    up rows stacked) and copied into their homes."""
    if problems := _missing_experts(layer):
        return problems
    assert layer.cache is not None
    for e, modules in enumerate(plan.modules):
        keys = [k for p in PROJECTIONS for k in layer.keys[e, p].values()]
        tensors = {k: reading.folder.get_tensor(k) for k in keys}  # read once: checked, then laid out
        left = dequantize_state(tensors, reading.raw, reading.hf_quant, reading.dtype, validate_only=frozenset(modules))
        problems += [f"unexpected: {k}" for k in sorted(left)]
        cpu = torch.device("cpu")
        gate, up, down = (_stored_expert(tensors.__getitem__, m, plan.scheme, layer.block, cpu) for m in modules)
        gate_up = [None if g is None else torch.cat([g, u]) for g, u in zip(gate, up, strict=True)]
        for prefix, module, stored in (("gate_up", modules[0], gate_up), ("down", modules[2], down)):
            for name, t in zip((f"{prefix}_proj", f"{prefix}_scale", f"{prefix}_scale_2"), stored, strict=True):
                if t is None:
                    continue
                target = layer.cache.home(name, e)
                if tuple(t.shape) != tuple(target.shape):
                    problems.append(
                        f"{module}: {name} in {layer.quant}, shape {tuple(t.shape)}, expected {tuple(target.shape)}"
                    )
                    continue
                target.copy_(t)
    return problems


def _keep_weight_only(
    model: Qwen4ExpForCausalLM,
    source: _TextOnly,
    linears: list[PackedLinear],
    kept: list[KeptExperts],
    device: torch.device,
    origin: str,
) -> None:
    """Put the stored linears and expert stacks `load_model` deferred in place, packed, and log how many."""
    packed = _keep_packed(model, source, linears, device, origin)
    log.info(
        "weight-only: %d linears kept packed (%s)",
        sum(packed.values()),
        ", ".join(f"{n} {k}" for k, n in sorted(packed.items())) or "none eligible",
    )
    experts = _keep_quantised_experts(source, kept, device)
    log.info(
        "weight-only: expert stacks kept quantised: %s",
        ", ".join(f"{n} {k}" for k, n in sorted(experts.items()))
        or "none on the device (stored unquantised, or read into host banks)",
    )


@dataclass(frozen=True)
class PackedLinear:
    """One `nn.Linear` kept packed for the weight-only GEMM: our module name, its checkpoint module,
    scheme and kernel kind."""

    name: str
    linear: nn.Linear
    module: str
    scheme: Scheme
    kind: str


def _plan_packed(model: Qwen4ExpForCausalLM, source: _TextOnly, raw: dict, hf_quant: dict | None) -> list[PackedLinear]:
    """Which dense `nn.Linear`s keep their stored tensors for the weight-only GEMM, from the checkpoint's
    names and quantisation config alone, before any weight is read.

    Eligible: a bias-free `nn.Linear` (not `lm_head`) whose checkpoint module is stored in a
    `WEIGHT_ONLY_KINDS` format (NVFP4 also needs in_features % 16 == 0, the kernel's group; block FP8 a
    K block size bk % 16 == 0, so one kernel K tile lies in one scale block); others stay dequantised.
    """
    qcfg = detect(raw, hf_quant)
    if qcfg is None:
        return []
    stored: dict[str, tuple[str, set[str]]] = {}  # our module name -> (checkpoint module, its suffixes)
    for key in source.keys():
        module, _, suffix = key.rpartition(".")
        stored.setdefault(_normalise(module), (module, set()))[1].add(suffix)
    plans: list[PackedLinear] = []
    for name, linear in model.named_modules():
        if type(linear) is not nn.Linear or name in DENSE_ONLY or linear.bias is not None or name not in stored:
            continue
        module, suffixes = stored[name]
        if not suffixes & {"weight_packed", "weight_scale", "weight_scale_inv"}:
            continue  # stored unquantised
        scheme = qcfg.resolve(module)
        kind = WEIGHT_ONLY_KINDS.get(scheme.kind) if scheme is not None else None
        nvfp4 = kind in ("nvfp4", "nvfp4_ct")
        if kind is None or (nvfp4 and linear.in_features % 16) or (kind == "fp8_block" and scheme.block[1] % 16):
            continue
        plans.append(PackedLinear(name, linear, module, scheme, kind))
    return plans


def _keep_packed(
    model: Qwen4ExpForCausalLM, source: _TextOnly, plans: list[PackedLinear], device: torch.device, origin: str
) -> dict[str, int]:
    """Put a `WeightOnlyLinear` over its stored tensors (read to `device`) in place of each planned
    linear; returns the count per kernel kind.

    Runs after the dequantised load, which has already checked every stored tensor (shapes, dtypes,
    finite scales, naming the key), so the checkpoint is known to fit. Every module is built before any
    is swapped in; a tensor `WeightOnlyLinear.from_packed` rejects raises `CheckpointError`.
    """
    from model.kernels.weight_only import WeightOnlyLinear  # Triton: imported only when asked for

    built: list[tuple[str, nn.Module]] = []
    problems: list[str] = []
    for plan in plans:
        scheme, module, linear = plan.scheme, plan.module, plan.linear
        weight, scale = (source.get_tensor(f"{module}.{s}").to(device) for s in (scheme.weight, scheme.scale))
        block, block_shape = None, None
        if plan.kind in ("nvfp4", "nvfp4_ct"):
            assert scheme.scale_2 is not None
            block, scale = scale, source.get_tensor(f"{module}.{scheme.scale_2}").to(device)
        elif plan.kind == "fp8_block":
            block_shape, scale = scheme.block, _block_scale(scheme, scale)
        try:
            packed = WeightOnlyLinear.from_packed(plan.kind, weight, scale, block, name=module, block=block_shape)
        except ValueError as e:
            problems.append(str(e))
            continue
        if (packed.in_features, packed.out_features) != (linear.in_features, linear.out_features):
            problems.append(
                f"{module}: stored as [{packed.out_features}, {packed.in_features}], expected "
                f"[{linear.out_features}, {linear.in_features}]"
            )
            continue
        built.append((plan.name, packed))
    if problems:
        raise CheckpointError(
            f"checkpoint {origin}: weight-only load failed ({len(problems)} problems):\n  " + "\n  ".join(problems)
        )
    kept: dict[str, int] = defaultdict(int)
    for name, packed in built:
        parent, _, attr = name.rpartition(".")
        setattr(model.get_submodule(parent), attr, packed)
        kept[packed.kind] += 1
    return dict(kept)


def _block_scale(scheme: Scheme, scale: torch.Tensor) -> torch.Tensor:
    """Block-FP8 scales as `[ceil(N/bn), ceil(K/bk)]` (ModelOpt's FP8_PB_WO stores `[N/bn, 1, K/bk, 1]`,
    a shape the dequantised load has checked)."""
    if scheme.kind is Kind.FP8_BLOCK_4D and scale.dim() == 4:
        return scale.reshape(scale.shape[0], scale.shape[2])
    return scale


def _row_blocks(scale: torch.Tensor, bn: int, rows: int, step: int) -> torch.Tensor:
    """`scale [ceil(rows/bn), C]` as the same per-row multipliers in blocks of `step` rows (`step` divides bn)."""
    return scale.repeat_interleave(bn // step, dim=0)[: -(-rows // step)]


PROJECTIONS = ("gate", "up", "down")  # an expert's checkpoint modules, `{experts}.{e}.{p}_proj`
# stored formats the fused MoE reads in place -> its format (per-tensor / per-channel FP8 become block
# FP8 with one-row blocks: the same multiplier for every weight)
EXPERT_KINDS = {
    Kind.NVFP4: "nvfp4",
    Kind.NVFP4_CT: "nvfp4_ct",
    Kind.MXFP8: "mxfp8",
    Kind.FP8_BLOCK: "fp8_block",
    Kind.FP8_BLOCK_4D: "fp8_block",
    Kind.FP8_TENSOR: "fp8_block",
    Kind.FP8_CHANNEL: "fp8_block",
}
ROW_BLOCK_K = 128  # K width of the one-row blocks that per-tensor / per-channel FP8 experts are kept in
Stored = tuple[torch.Tensor, torch.Tensor, "torch.Tensor | None"]  # codes, scales, NVFP4 per-row tensor scales


def _expert_block(scheme: Scheme, inter: int) -> tuple[int, int]:
    """The block-FP8 (bn, bk) a block-FP8 expert stack is kept in: rows re-blocked at `gcd(bn, I)` so no
    block straddles the gate/up seam; (1, ROW_BLOCK_K) for per-tensor / per-channel scales."""
    if scheme.kind in (Kind.FP8_TENSOR, Kind.FP8_CHANNEL):
        return 1, ROW_BLOCK_K
    return math.gcd(scheme.block[0], inter), scheme.block[1]


def _stored_expert(
    get: Callable[[str], torch.Tensor], module: str, scheme: Scheme, block: tuple[int, int], device: torch.device
) -> Stored:
    """One expert projection's stored tensors (read through `get`) in the fused MoE's layout (`model.quant.experts`)."""
    weight, scale = (get(f"{module}.{s}").to(device) for s in (scheme.weight, scheme.scale))
    rows, k = weight.shape[0], weight.shape[1]
    if scheme.kind in (Kind.NVFP4, Kind.NVFP4_CT):
        assert scheme.scale_2 is not None
        tensor_scale = get(f"{module}.{scheme.scale_2}").to(device).float().reshape(())
        return weight, scale.view(torch.uint8), tensor_scale.expand(rows)
    codes = weight.view(torch.float8_e4m3fn)
    if scheme.kind is Kind.MXFP8:
        return codes, scale, None
    if scheme.kind in (Kind.FP8_TENSOR, Kind.FP8_CHANNEL):
        per_row = scale.float().reshape(-1).expand(rows)  # [] / [1] per tensor, [N, 1] per channel
        return codes, per_row[:, None].expand(rows, -(-k // block[1])), None
    return codes, _row_blocks(_block_scale(scheme, scale).float(), scheme.block[0], rows, block[0]), None


def _stacked(experts: list) -> Stored:
    """Per-expert (codes, scales, tensor scales or None) stacked into `[E, ...]` tensors."""
    return tuple(None if parts[0] is None else torch.stack(parts) for parts in zip(*experts, strict=True))  # type: ignore[return-value]


@dataclass(frozen=True)
class KeptExperts:
    """One `Experts` whose routed experts are read in place: our module name, the kept format and the
    checkpoint's scheme, and per expert its (gate, up, down) checkpoint module names."""

    name: str
    experts: Experts
    fmt: str
    scheme: Scheme
    modules: list[list[str]]


def _plan_quantised_experts(
    model: Qwen4ExpForCausalLM, source: _TextOnly, raw: dict, hf_quant: dict | None, origin: str
) -> list[KeptExperts]:
    """Which `Experts` keep their stored codes and scales for the fused MoE (`EXPERT_KINDS`), from the
    checkpoint's names and quantisation config alone, before any weight is read.

    A layer whose experts cannot be kept (formats mixed within the layer, or block FP8 with bk not a
    multiple of 16, the kernel's K tile) raises `CheckpointError` naming it and the format; experts
    stored unquantised stay dense.
    """
    qcfg = detect(raw, hf_quant)
    if qcfg is None:
        return []
    suffixes: dict[str, tuple[str, set[str]]] = {}  # our module name -> (checkpoint module, its suffixes)
    for key in source.keys():
        module, _, suffix = key.rpartition(".")
        suffixes.setdefault(_normalise(module), (module, set()))[1].add(suffix)

    def scheme_of(name: str) -> Scheme | None:
        module, stored = suffixes.get(name, ("", set()))
        quantised = stored & {"weight_packed", "weight_scale", "weight_scale_inv"}
        return qcfg.resolve(module) if quantised else None

    plans: list[KeptExperts] = []
    problems: list[str] = []
    for name, experts in model.named_modules():
        if not isinstance(experts, Experts):
            continue
        names = [[f"{name}.{e}.{p}_proj" for p in PROJECTIONS] for e in range(experts.num_experts)]
        schemes = {scheme_of(n) for row in names for n in row}
        if schemes == {None}:
            continue  # stored unquantised
        scheme = next(iter(schemes))
        if len(schemes) > 1 or scheme is None:
            kinds = sorted("unquantised" if s is None else s.kind.value for s in schemes)
            problems.append(f"{name}: experts stored in several formats ({', '.join(kinds)}); one format is kept")
            continue
        if scheme.kind in (Kind.FP8_BLOCK, Kind.FP8_BLOCK_4D) and scheme.block[1] % 16:
            problems.append(
                f"{name}: {scheme.kind.value} experts with block {scheme.block[0]}x{scheme.block[1]}: the fused "
                "MoE reads block FP8 in place only for bk a multiple of 16"
            )
            continue
        modules = [[suffixes[n][0] for n in row] for row in names]
        plans.append(KeptExperts(name, experts, EXPERT_KINDS[scheme.kind], scheme, modules))
    if problems:
        raise CheckpointError(
            f"checkpoint {origin}: routed experts cannot be kept quantised ({len(problems)} problems; load "
            "without weight_only to dequantise them):\n  " + "\n  ".join(problems)
        )
    return plans


def _keep_quantised_experts(source: _TextOnly, plans: list[KeptExperts], device: torch.device) -> dict[str, int]:
    """Give each planned `Experts` its stored codes and scales on `device`, read in place by the fused
    MoE; returns how many stacks were kept per format. Runs after the dequantised load has checked
    every stored tensor. Gate and up rows are stacked, each keeping its own tensor's scales."""
    kept: dict[str, int] = defaultdict(int)
    for plan in plans:
        block = _expert_block(plan.scheme, plan.experts.down_proj.shape[-1])
        gate_up: list[list[torch.Tensor | None]] = []
        down: list[Stored] = []
        for gate_m, up_m, down_m in plan.modules:
            gate, up, dn = (
                _stored_expert(source.get_tensor, m, plan.scheme, block, device) for m in (gate_m, up_m, down_m)
            )
            gate_up.append([None if g is None else torch.cat([g, u]) for g, u in zip(gate, up, strict=True)])
            down.append(dn)
        plan.experts.keep_quantised(plan.fmt, _stacked(gate_up), _stacked(down), block)
        kept[plan.fmt] += 1
    return dict(kept)


def _attach_host_tables(
    model: Qwen4ExpForCausalLM,
    folder: SafetensorsFolder,
    layouts: list[PleLayout],
    backend: str,
    dtype: torch.dtype,
    origin: str,
) -> None:
    """Give every PLE layer its host table, or raise naming the tables that do not fit."""
    modules = {name: m for name, m in model.named_modules() if isinstance(m, NGramEmbedding)}
    problems: list[str] = []
    found: dict[str, PleLayout] = {}
    for layout in layouts:
        name = _normalise(layout.table).removesuffix(".ngram_embedding.weight")
        module = modules.get(name)
        if module is None:
            problems.append(f"unexpected: {layout.table}")
            continue
        want = tuple(module.ngram_embedding.weight.shape)
        if (layout.rows, layout.width) != want:
            problems.append(f"{layout.table}: shape {(layout.rows, layout.width)}, expected {want}")
        found[name] = layout
    problems += [f"missing: {name}.ngram_embedding.weight" for name in sorted(set(modules) - set(found))]
    if problems:
        raise CheckpointError(
            f"checkpoint {origin} does not fit Qwen4-Exp ({len(problems)} problems):\n  " + "\n  ".join(problems)
        )
    for name, layout in found.items():
        modules[name].use_host_table(open_host_table(folder, layout, backend, dtype))


# where each stored tensor lies in a parameter: (checkpoint key, index into the parameter)
Pieces = list[tuple[str, tuple[int | slice, ...]]]


def _dtype_name(t: torch.Tensor | torch.dtype) -> str:
    return str(t.dtype if isinstance(t, torch.Tensor) else t).removeprefix("torch.")


def _float_problem(key: str, t: torch.Tensor) -> str | None:
    """Why `t` cannot be copied into a float parameter (`copy_` would convert anything), or None."""
    if t.dtype in FLOAT_SOURCES:
        return None
    hint = " (quantised codes need a quantization_config and scales)" if t.dtype in CODES else ""
    return (
        f"{key}: dtype {_dtype_name(t)}, expected a floating-point tensor "
        f"({'/'.join(_dtype_name(d) for d in FLOAT_SOURCES)}){hint}"
    )


def _all_finite(t: torch.Tensor) -> torch.Tensor:
    """A 0-dim bool on `t`'s device: no NaN or Inf in `t`, from one reduction (min and max propagate NaN)."""
    lo, hi = torch.aminmax(t)
    return torch.isfinite(lo) & torch.isfinite(hi)


def _non_finite(target: torch.Tensor, stored: torch.dtype, pieces: Pieces, label: Callable[[str], str]) -> list[str]:
    """Name the stored tensors whose part of a loaded `target` is not finite (only run once one is)."""
    why = ""
    if torch.finfo(stored).max > torch.finfo(target.dtype).max:
        why = (
            f" in {_dtype_name(target)} (stored as {_dtype_name(stored)}: non-finite in the file, "
            f"or beyond {_dtype_name(target)}'s range)"
        )
    return [f"{label(key)}: NaN or Inf values{why}" for key, index in pieces if not bool(_all_finite(target[index]))]


class _WeightCopy:
    """One `load_weights` call: each parameter copied in and checked, and every problem collected."""

    def __init__(
        self, model: Qwen4ExpForCausalLM, get: Callable[[str], torch.Tensor], file_of: Callable[[str], str | None]
    ) -> None:
        self.model, self.get, self.file_of = model, get, file_of
        self.params = dict(model.named_parameters())
        self.buffers = {k: v for k, v in model.named_buffers() if k.rsplit(".", 1)[-1] in VERIFIED_BUFFERS}
        self.loaded: set[str] = set()
        self.rejected: set[str] = set()  # parameters already named in `errors`, so not reported missing too
        self.errors: list[str] = []
        self.unexpected: list[str] = []
        self.checks: list[tuple[torch.Tensor, torch.dtype, Pieces, torch.Tensor]] = []  # target, stored, pieces, flag

    def label(self, key: str) -> str:
        name = self.file_of(key)
        return f"{key} ({name})" if name else key

    def read(self, name: str, keys: list[str]) -> list[torch.Tensor] | None:
        """The tensors of `keys`, combined into parameter `name`; None (and the errors) if one is not float."""
        tensors = [self.get(k) for k in keys]
        bad = [p for k, t in zip(keys, tensors, strict=True) if (p := _float_problem(self.label(k), t))]
        if bad:
            self.errors.extend(bad)
            self.rejected.add(name)
            return None
        return tensors

    def put(self, name: str, tensor: torch.Tensor, source: str, pieces: Pieces) -> None:
        """Copy `tensor` (stored as `source`) into parameter or hashing buffer `name`, or record why not."""
        if name in self.buffers:
            if tensor.is_floating_point() or tensor.is_complex() or tensor.dtype == torch.bool:
                self.errors.append(
                    f"{self.label(source)}: dtype {_dtype_name(tensor)}, expected an integer PLE hashing buffer"
                )
            elif not torch.equal(self.buffers[name].cpu(), tensor.cpu().to(torch.int64)):
                self.errors.append(f"{self.label(source)}: PLE hashing buffer differs from the one the config implies")
            return
        target = self.params.get(name)
        if target is None:
            self.unexpected.append(source)
            return
        problem = _float_problem(self.label(source), tensor)
        if tuple(target.shape) != tuple(tensor.shape):
            problem = f"{self.label(source)}: shape {tuple(tensor.shape)}, expected {tuple(target.shape)}"
        if problem:
            self.errors.append(problem)
            self.rejected.add(name)
            return
        with torch.no_grad():
            target.copy_(tensor)
        if target.numel():
            self.checks.append((target, tensor.dtype, pieces, _all_finite(target)))
        self.loaded.add(name)

    def experts(self, prefix: str, parts: dict[str, dict[int, str]]) -> None:
        """Stack one layer's per-expert gate/up/down keys into its `gate_up_proj` and `down_proj`."""
        e = len(parts["gate"])
        for kind in ("gate", "up", "down"):
            if sorted(parts[kind]) != list(range(e)):
                self.errors.append(f"{prefix}: {kind}_proj has experts {sorted(parts[kind])}, expected 0..{e - 1}")
        if any(sorted(parts[k]) != list(range(e)) for k in ("gate", "up", "down")):
            return
        gate, up = (self.read(prefix + ".gate_up_proj", [parts[k][i] for i in range(e)]) for k in ("gate", "up"))
        down = self.read(prefix + ".down_proj", [parts["down"][i] for i in range(e)])
        if gate is not None and up is not None:
            rows = gate[0].shape[0]
            pieces = [(parts["gate"][i], (i, slice(0, rows))) for i in range(e)]
            pieces += [(parts["up"][i], (i, slice(rows, None))) for i in range(e)]
            gate_up = torch.stack([torch.cat([g, u]) for g, u in zip(gate, up, strict=True)])
            self.put(prefix + ".gate_up_proj", gate_up, f"{prefix}.*.gate_proj/up_proj.weight", pieces)
        if down is not None:
            pieces = [(parts["down"][i], (i,)) for i in range(e)]
            self.put(prefix + ".down_proj", torch.stack(down), f"{prefix}.*.down_proj.weight", pieces)

    def shards(self, prefix: str, parts: dict[int, str]) -> None:
        """Concatenate one PLE table's `shard_k` pieces into its weight."""
        if sorted(parts) != list(range(len(parts))):
            self.errors.append(f"{prefix}: shards {sorted(parts)} are not 0..{len(parts) - 1}")
            return
        if (tables := self.read(prefix + ".weight", [parts[i] for i in range(len(parts))])) is None:
            return
        starts = [0, *itertools.accumulate(t.shape[0] for t in tables)]
        pieces = [(parts[i], (slice(starts[i], starts[i + 1]),)) for i in range(len(parts))]
        self.put(prefix + ".weight", torch.cat(tables), f"{prefix}.shard_*.weight", pieces)

    def check_finite(self) -> None:
        """Name the stored tensors behind every copied parameter that holds NaN or Inf (one host sync)."""
        if not self.checks:
            return
        finite = torch.stack([flag for *_, flag in self.checks]).cpu().tolist()
        for (target, stored, pieces, _), good in zip(self.checks, finite, strict=True):
            if not good:
                self.errors += _non_finite(target, stored, pieces, self.label)

    def problems(self, deferred: frozenset[str]) -> list[str]:
        """Every problem, once an untied `lm_head` has taken the embedding where the config ties them."""
        model = self.model
        tied = model.config.tie_word_embeddings and "model.embed_tokens.weight" in self.loaded
        if "lm_head.weight" not in self.loaded and tied:
            model.lm_head.weight = model.model.embed_tokens.weight
            self.loaded.add("lm_head.weight")
        missing = sorted(set(self.params) - self.loaded - self.rejected - deferred)
        return self.errors + [f"unexpected: {k}" for k in sorted(self.unexpected)] + [f"missing: {k}" for k in missing]


def load_weights(
    model: Qwen4ExpForCausalLM,
    keys: Iterable[str],
    get: Callable[[str], torch.Tensor],
    origin: str,
    file_of: Callable[[str], str | None] = lambda key: None,
    deferred: frozenset[str] = frozenset(),
) -> None:
    """Copy every tensor named in `keys` (read through `get`) into `model`, or raise with all problems.
    Parameters named in `deferred` are filled by the caller afterwards, so they are not missing.

    A float parameter takes only float tensors; each is checked for NaN/Inf once copied, on the
    parameter's device with one reduction, and all checks share one host sync at the end.
    A problem names the checkpoint key, and the file that holds it where `file_of` knows one.
    """
    copy = _WeightCopy(model, get, file_of)
    experts: dict[str, dict[str, dict[int, str]]] = defaultdict(lambda: defaultdict(dict))
    shards: dict[str, dict[int, str]] = defaultdict(dict)
    skipped = 0
    for key in keys:
        if SKIPPED.match(key):
            skipped += 1
            continue
        name = _normalise(key)
        if m := EXPERT.match(name):
            experts[m[1]][m[3]][int(m[2])] = key
        elif m := SHARD.match(name):
            shards[m[1]][int(m[2])] = key
        else:
            copy.put(name, get(key), key, [(key, ())])
    if skipped:
        log.info("skipped %d vision/MTP tensors", skipped)
    for prefix, parts in experts.items():
        copy.experts(prefix, parts)
    for prefix, table in shards.items():
        copy.shards(prefix, table)
    copy.check_finite()
    problems = copy.problems(deferred)
    if problems:
        raise CheckpointError(
            f"checkpoint {origin} does not fit Qwen4-Exp ({len(problems)} problems):\n  " + "\n  ".join(problems)
        )
