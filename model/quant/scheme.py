"""Which format each module of a checkpoint is stored in, read from its quantisation configs.

Three dialects are recognised:
- `quant_method: "fp8"` (DeepSeek / official Qwen FP8, transformers' FineGrainedFP8): block FP8 with
  `weight_scale_inv`; `modules_to_not_convert` lists the unquantised modules.
- ModelOpt (`quant_method: "modelopt"` or an `hf_quant_config.json`): `quant_algo` NVFP4 (also
  W4A16_NVFP4), FP8, MXFP8, FP8_PB_WO (2-D blockwise), or MIXED_PRECISION with a per-module
  `quantized_layers` table; `exclude_modules` / `ignore` are globs.
- compressed-tensors: `config_groups` (each with `targets` and a `weights` spec) and `ignore`, whose
  entries are exact names or `re:` regexes.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any


class QuantFormatError(ValueError):
    """A checkpoint's quantisation config or tensors do not fit together; the message names the key."""


class Kind(Enum):
    NVFP4 = "nvfp4"  # packed E2M1 + E4M3 per 16 + per-tensor multiplier
    NVFP4_CT = "nvfp4_ct"  # the same, the per-tensor scale divides
    MXFP8 = "mxfp8"  # E4M3 + E8M0 per 32
    FP8_BLOCK = "fp8_block"  # E4M3 + float scale per (bn x bk) block
    FP8_BLOCK_4D = "fp8_block_4d"  # ModelOpt FP8_PB_WO: block scales stored [N/bn, 1, K/bk, 1]
    FP8_TENSOR = "fp8_tensor"  # E4M3 + one float scale
    FP8_CHANNEL = "fp8_channel"  # E4M3 + float scale per output row [N, 1]


@dataclass(frozen=True)
class Scheme:
    """How one module's tensors are named and decoded."""

    kind: Kind
    weight: str = "weight"  # stored weight name
    scale: str = "weight_scale"  # per-group / per-block / per-tensor scale
    scale_2: str | None = None  # NVFP4 per-tensor scale (`weight_scale_2` or `weight_global_scale`)
    block: tuple[int, int] = (128, 128)  # FP8 block shape
    activation: tuple[str, ...] = ()  # activation scales, if present: validated, then dropped


_NVFP4 = Scheme(Kind.NVFP4, scale_2="weight_scale_2", activation=("input_scale",))
_MODELOPT = {
    "NVFP4": _NVFP4,
    "W4A16_NVFP4": _NVFP4,
    "FP8": Scheme(Kind.FP8_TENSOR, activation=("input_scale",)),
    "MXFP8": Scheme(Kind.MXFP8),
    "FP8_PB_WO": Scheme(Kind.FP8_BLOCK_4D),
}


def _glob_or_re(name: str, pattern: str) -> bool:
    if pattern.startswith("re:"):
        return re.match(pattern[3:], name) is not None
    return fnmatch.fnmatchcase(name, pattern)


def _hf_skip(name: str, pattern: str) -> bool:
    """transformers' `modules_to_not_convert` rule: regex up to a module boundary, or a suffix."""
    return re.match(rf"(?:{pattern})(?:(?<=\.)|(?=\.|$))", name) is not None or name.endswith(pattern)


@dataclass(frozen=True)
class QuantConfig:
    """Resolves a module name to its `Scheme`, or None where the module is stored unquantised."""

    dialect: str
    default: Scheme | None
    ignore: tuple[str, ...] = ()
    per_module: Mapping[str, Scheme] | None = None  # ModelOpt MIXED_PRECISION
    groups: tuple[tuple[tuple[str, ...], Scheme], ...] = ()  # compressed-tensors config_groups

    def ignored(self, module: str) -> bool:
        if self.dialect == "fp8":
            return any(_hf_skip(module, p) for p in self.ignore)
        return any(_glob_or_re(module, p) for p in self.ignore)

    def resolve(self, module: str) -> Scheme | None:
        if self.ignored(module):
            return None
        if self.per_module is not None:
            return self.per_module.get(module)
        if self.groups:
            named = [s for targets, s in self.groups if any(_glob_or_re(module, t) for t in targets)]
            # A class-name target ("Linear") matches any module that is stored quantised.
            by_class = [s for targets, s in self.groups if any(_is_class_target(t) for t in targets)]
            return (named or by_class or [None])[0]
        return self.default


def _is_class_target(target: str) -> bool:
    return not target.startswith("re:") and "." not in target and target[:1].isupper()


def _modelopt_scheme(algo: str, where: str) -> Scheme:
    try:
        return _MODELOPT[algo.upper()]
    except KeyError:
        raise QuantFormatError(
            f"{where}: unsupported ModelOpt quant_algo {algo!r}; supported: {', '.join(_MODELOPT)}"
        ) from None


def _ct_scheme(group: Mapping[str, Any], fmt: str | None, name: str) -> Scheme:
    w = group.get("weights") or {}
    fmt = group.get("format") or fmt
    where = f"quantization_config.config_groups.{name}"
    if fmt == "nvfp4-pack-quantized":
        # `input_global_scale` is stored even for "dynamic: local" activations.
        return Scheme(
            Kind.NVFP4_CT, weight="weight_packed", scale_2="weight_global_scale", activation=("input_global_scale",)
        )
    if fmt == "mxfp8-quantized":
        return Scheme(Kind.MXFP8)
    if fmt == "float-quantized" and w.get("num_bits") == 8 and w.get("type") == "float":
        activation = ("input_scale",)  # present only for static activations
        strategy = w.get("strategy")
        if strategy == "block":
            bn, bk = w.get("block_structure") or (128, 128)
            return Scheme(Kind.FP8_BLOCK, block=(int(bn), int(bk)), activation=activation)
        if strategy in ("tensor", "channel"):
            kind = Kind.FP8_TENSOR if strategy == "tensor" else Kind.FP8_CHANNEL
            return Scheme(kind, activation=activation)
    raise QuantFormatError(f"{where}: unsupported compressed-tensors format {fmt!r} with weights {dict(w)}")


def detect(config: Mapping[str, Any], hf_quant_config: Mapping[str, Any] | None) -> QuantConfig | None:
    """The checkpoint's `QuantConfig`, or None for an unquantised checkpoint."""
    qc: Mapping[str, Any] = config.get("quantization_config") or {}
    if hf_quant_config is not None or qc.get("quant_method") == "modelopt":
        q = (hf_quant_config or {}).get("quantization") or qc
        ignore = tuple(q.get("exclude_modules") or qc.get("ignore") or ())
        algo = q.get("quant_algo")
        if algo is None:
            raise QuantFormatError("ModelOpt checkpoint without quant_algo in hf_quant_config.json or config.json")
        if str(algo).upper() == "MIXED_PRECISION":
            layers: Mapping[str, Any] = q.get("quantized_layers") or {}
            per = {m: _modelopt_scheme(str(v.get("quant_algo")), f"quantized_layers.{m}") for m, v in layers.items()}
            return QuantConfig("modelopt", None, ignore, per_module=per)
        return QuantConfig("modelopt", _modelopt_scheme(str(algo), "quant_algo"), ignore)
    method = qc.get("quant_method")
    if method is None:
        return None
    if method == "fp8":
        block = qc.get("weight_block_size")
        if block is None:
            raise QuantFormatError("quantization_config: quant_method 'fp8' without weight_block_size is not supported")
        static = qc.get("activation_scheme") == "static"
        scheme = Scheme(
            Kind.FP8_BLOCK,
            scale="weight_scale_inv",
            block=(int(block[0]), int(block[1])),
            activation=("input_scale",) if static else (),
        )
        return QuantConfig("fp8", scheme, tuple(qc.get("modules_to_not_convert") or ()))
    if method == "compressed-tensors":
        groups_cfg: Mapping[str, Mapping[str, Any]] = qc.get("config_groups") or {}
        groups = tuple(
            (tuple(g.get("targets") or ()), _ct_scheme(g, qc.get("format"), n)) for n, g in groups_cfg.items()
        )
        return QuantConfig("compressed-tensors", None, tuple(qc.get("ignore") or ()), groups=groups)
    raise QuantFormatError(f"quantization_config: unsupported quant_method {method!r}")
