"""`dequantize_state`: a quantised checkpoint's tensors -> plain HF weights in the compute dtype.

This is the always-correct load path: every quantised module becomes `<module>.weight` in `dtype`,
activation scales are validated and dropped, and the PLE n-gram table comes back as ONE concatenated
`<...>.ple.ple_embedding.ngram_embedding.weight` (the transformers parameter name; the checkpoint's
`ngram_embedding.shard_{k}.weight` parts, or ModelOpt's unsplit `ple_embedding.shard_.weight`, are
decoded straight into their row range of it). Tensors are read one module at a time from the source,
so a lazy reader never holds more than one module's stored tensors besides the output.

Whether a module is quantised is read from its storage (a float8/uint8 `weight` or a `weight_packed`);
the config then says which format that storage is in. A float weight is passed through; a float
weight with scale tensors beside it, a quantised weight the config excludes, and every scale whose
shape or dtype does not fit raise `QuantFormatError` naming the key.

With `split_of` (tensor parallelism) a tensor that a rank keeps only part of is read only in that
part: a quantised weight's pieces are widened to its scale grid, dequantised and trimmed (`split.py`),
so a rank reads about its share of the bytes and gets bitwise the slice of the full dequantisation.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import torch

from model.quant import formats as F
from model.quant.scheme import Kind, QuantConfig, QuantFormatError, Scheme, detect
from model.quant.split import SplitOf, TensorSplit

QUANT_SUFFIXES = frozenset(
    {
        "weight_packed",
        "weight_scale",
        "weight_scale_inv",
        "weight_scale_2",
        "weight_global_scale",
        "input_scale",
        "input_global_scale",
    }
)
_PLE = re.compile(
    r"^(?P<pre>.*\.ple_embedding)\.(?P<part>ngram_embedding\.shard_(?P<idx>\d+)|shard_|ngram_embedding)"
    r"\.(?P<suffix>weight|weight_scale|weight_scale_2)$"
)
_FLOATS = (torch.float32, torch.bfloat16, torch.float16)


class SliceInfo(Protocol):
    def get_shape(self) -> list[int]: ...

    def get_dtype(self) -> str: ...


class TensorSource(Protocol):
    """What `dequantize_state` reads lazily: a safetensors `safe_open` handle or a `SafetensorsFolder`."""

    def keys(self) -> Iterable[str]: ...

    def get_tensor(self, name: str) -> torch.Tensor: ...

    def get_slice(self, name: str) -> SliceInfo: ...


class _TensorInfo:
    _DT = {torch.uint8: "U8", F.FP8: "F8_E4M3"}

    def __init__(self, t: torch.Tensor) -> None:
        self._t = t

    def get_shape(self) -> list[int]:
        return list(self._t.shape)

    def get_dtype(self) -> str:
        return self._DT.get(self._t.dtype, str(self._t.dtype))

    def __getitem__(self, index: tuple[slice, ...]) -> torch.Tensor:
        return self._t[index]


class _MappingSource:
    def __init__(self, tensors: Mapping[str, torch.Tensor]) -> None:
        self._t = tensors

    def keys(self) -> Iterable[str]:
        return self._t.keys()

    def get_tensor(self, name: str) -> torch.Tensor:
        return self._t[name]

    def get_slice(self, name: str) -> SliceInfo:
        return _TensorInfo(self._t[name])


def _fmt(shape: Iterable[int]) -> str:
    return "[" + ", ".join(str(s) for s in shape) + "]"


def _check(key: str, t: torch.Tensor, shape: tuple[int, ...] | None, dtypes: tuple[torch.dtype, ...]) -> None:
    """Raise naming `key` unless `t` has `shape` (None: any) and one of `dtypes`."""
    names = "/".join(str(d).removeprefix("torch.") for d in dtypes)
    if t.dtype not in dtypes or (shape is not None and tuple(t.shape) != shape):
        raise QuantFormatError(
            f"{key}: expected shape {_fmt(shape) if shape is not None else 'any'} dtype {names}, "
            f"got {_fmt(t.shape)} dtype {str(t.dtype).removeprefix('torch.')}"
        )


def _check_scalar(key: str, t: torch.Tensor, positive: bool = True) -> None:
    """A per-tensor scale: one finite float value ([] or [1]), > 0 unless told otherwise."""
    if t.dtype not in _FLOATS or t.numel() != 1 or t.dim() > 1:
        raise QuantFormatError(
            f"{key}: expected a per-tensor scale of shape [] or [1] and a float dtype, "
            f"got {_fmt(t.shape)} dtype {str(t.dtype).removeprefix('torch.')}"
        )
    v = float(t.float().reshape(()))
    if not math.isfinite(v) or v < 0 or (positive and v == 0):
        raise QuantFormatError(f"{key}: per-tensor scale {v} is not a finite positive number")


def _check_scales(key: str, decoded: torch.Tensor) -> None:
    if not (torch.isfinite(decoded).all() and (decoded >= 0).all()):
        raise QuantFormatError(f"{key}: scales must be finite and non-negative")


def _check_finite(key: str, w: torch.Tensor) -> None:
    if not torch.isfinite(w).all():
        raise QuantFormatError(f"{key}: dequantised values are not finite (a NaN code or a corrupted scale)")


class _Reader:
    """Reads tensors by key once, remembering which keys were consumed."""

    def __init__(self, source: TensorSource) -> None:
        self.source = source
        self.keys = set(source.keys())
        self.used: set[str] = set()

    def get(self, key: str) -> torch.Tensor:
        if key not in self.keys:
            raise QuantFormatError(f"{key}: missing")
        self.used.add(key)
        return self.source.get_tensor(key)

    def opt(self, key: str) -> torch.Tensor | None:
        return self.get(key) if key in self.keys else None

    def get_part(self, key: str, split: TensorSplit | None) -> torch.Tensor:
        """`key`, or only its `split` when one is given."""
        if split is None:
            return self.get(key)
        if key not in self.keys:
            raise QuantFormatError(f"{key}: missing")
        self.used.add(key)
        return split.read(self.source.get_slice(key))


def _dequant_module(r: _Reader, module: str, scheme: Scheme) -> torch.Tensor:
    """Dequantise one module's weight to float32, validating every tensor it reads."""
    wkey, skey = f"{module}.{scheme.weight}", f"{module}.{scheme.scale}"
    w, s = r.get(wkey), r.get(skey)
    lead = tuple(w.shape[:-2])
    if w.dim() < 2:
        raise QuantFormatError(f"{wkey}: expected a weight of at least 2 dims, got {_fmt(w.shape)}")
    n, kw = w.shape[-2:]
    kind = scheme.kind
    if kind in (Kind.NVFP4, Kind.NVFP4_CT):
        _check(wkey, w, None, (torch.uint8,))
        k = 2 * kw
        _check(skey, s, (*lead, n, -(-k // F.NVFP4_GROUP)), (F.FP8,))
        _check_scales(skey, F.e4m3_decode(s))
        assert scheme.scale_2 is not None
        key2 = f"{module}.{scheme.scale_2}"
        s2 = r.get(key2)
        _check_scalar(key2, s2)
        out = F.dequant_nvfp4(w, s, s2) if kind is Kind.NVFP4 else F.dequant_nvfp4_ct(w, s, s2)
    else:
        _check(wkey, w, None, (F.FP8,))
        if kind is Kind.MXFP8:
            _check(skey, s, (*lead, n, -(-kw // F.MXFP8_GROUP)), (torch.uint8,))
            _check_scales(skey, F.e8m0_decode(s))
            out = F.dequant_mxfp8(w, s)
        elif kind in (Kind.FP8_BLOCK, Kind.FP8_BLOCK_4D):
            bn, bk = scheme.block
            gn, gk = -(-n // bn), -(-kw // bk)
            _check(skey, s, (*lead, gn, 1, gk, 1) if kind is Kind.FP8_BLOCK_4D else (*lead, gn, gk), _FLOATS)
            out = F.dequant_fp8_block(w, s.reshape(*lead, gn, gk), scheme.block)
        elif kind is Kind.FP8_TENSOR:
            _check_scalar(skey, s)
            out = F.dequant_fp8_scaled(w, s)
        else:
            _check(skey, s, (*lead, n, 1), _FLOATS)
            out = F.dequant_fp8_scaled(w, s)
        if kind not in (Kind.FP8_TENSOR, Kind.MXFP8):
            _check_scales(skey, s.float())
    for name in scheme.activation:
        if (a := r.opt(f"{module}.{name}")) is not None:
            _check_scalar(f"{module}.{name}", a)
    _check_finite(wkey, out)
    return out


def _grain(scheme: Scheme, axis: int) -> int | None:
    """Logical weight entries per scale entry along `axis` (-2 rows, -1 columns); None where one scale
    spans the whole axis."""
    rows, cols = {
        Kind.NVFP4: (1, F.NVFP4_GROUP),
        Kind.NVFP4_CT: (1, F.NVFP4_GROUP),
        Kind.MXFP8: (1, F.MXFP8_GROUP),
        Kind.FP8_BLOCK: scheme.block,
        Kind.FP8_BLOCK_4D: scheme.block,
        Kind.FP8_TENSOR: (None, None),
        Kind.FP8_CHANNEL: (1, None),
    }[scheme.kind]
    return rows if axis == -2 else cols


def _narrow(info: SliceInfo, axis: int, start: int, stop: int) -> torch.Tensor:
    ndim = len(info.get_shape())
    return info[(slice(None),) * (axis % ndim) + (slice(start, stop),)]  # type: ignore[index]


def _dequant_split(r: _Reader, module: str, scheme: Scheme, keys: Iterable[str], split: TensorSplit) -> torch.Tensor:
    """`split` of one module's dequantised float32 weight, reading only the stored rows or columns
    (and scales) it covers: each piece is widened to whole scale entries, dequantised by
    `_dequant_module` (every check included) and trimmed."""
    wkey, skey = f"{module}.{scheme.weight}", f"{module}.{scheme.scale}"
    for key in (wkey, skey):
        if key not in r.keys:
            raise QuantFormatError(f"{key}: missing")
    winfo, sinfo = r.source.get_slice(wkey), r.source.get_slice(skey)
    shape = winfo.get_shape()
    if len(shape) != 2:
        raise QuantFormatError(f"{wkey}: expected a [out, in] weight, got {_fmt(shape)}")
    axis = split.dim - 2 if split.dim >= 0 else split.dim
    packed = 2 if scheme.kind in (Kind.NVFP4, Kind.NVFP4_CT) and axis == -1 else 1  # two E2M1 codes a byte
    size = shape[axis] * packed
    grain = _grain(scheme, axis)
    unit = grain or packed
    scale_axis = {-2: -4, -1: -2}[axis] if scheme.kind is Kind.FP8_BLOCK_4D and len(sinfo.get_shape()) == 4 else axis
    others = {k: r.source.get_tensor(k) for k in keys if k not in (wkey, skey)}
    whole_scale = r.source.get_tensor(skey) if grain is None else None
    pieces = []
    for piece in split.pieces:
        lo, hi = piece.start // unit * unit, min(-(-piece.stop // unit) * unit, size)
        scale = whole_scale if grain is None else _narrow(sinfo, scale_axis, lo // grain, -(-hi // grain))
        part = _Reader(_MappingSource({wkey: _narrow(winfo, axis, lo // packed, hi // packed), skey: scale, **others}))
        pieces.append(_dequant_module(part, module, scheme).narrow(axis, piece.start - lo, piece.stop - piece.start))
        r.used |= part.used
    return torch.cat(pieces, dim=axis)


@dataclass(frozen=True)
class PleShard:
    """One stored piece of a PLE table: `rows` rows under `weight`, dequantised with `scale`."""

    weight: str  # float rows, E4M3 bytes, or NVFP4 pairs of E2M1 codes (low nibble first)
    rows: int
    scale: float  # per-tensor multiplier: FP8 `weight_scale`, NVFP4 `weight_scale_2`; 1.0 for float rows
    block_scale: str | None = None  # NVFP4: E4M3 scale per 16 values, [rows, width / 16]


@dataclass(frozen=True)
class PleLayout:
    """A PLE table as the checkpoint stores it, validated from headers and per-tensor scales only."""

    table: str  # the transformers parameter name, `<...>.ple_embedding.ngram_embedding.weight`
    kind: str  # "float", "fp8" or "nvfp4"
    width: int  # values per row
    shards: tuple[PleShard, ...]
    keys: frozenset[str]  # every checkpoint key that belongs to the table

    @property
    def rows(self) -> int:
        return sum(s.rows for s in self.shards)


_PLE_KINDS = {"U8": "nvfp4", "F8_E4M3": "fp8"}


def dequant_ple_rows(kind: str, rows: torch.Tensor, block_scale: torch.Tensor | None, scale: float) -> torch.Tensor:
    """Stored PLE rows -> float32 values, the one formula every PLE backend uses (then cast once).

    FP8 and NVFP4 rows come as uint8 or float8 bytes; the math is `formats`' (float32, the
    per-tensor scale applied last), so any subset of rows decodes to the same bits as the whole table.
    """
    s = torch.tensor(scale, dtype=torch.float32)
    if kind == "fp8":
        return F.dequant_fp8_scaled(rows.view(F.FP8), s)
    if kind == "nvfp4":
        assert block_scale is not None
        return F.dequant_nvfp4(rows.view(torch.uint8), block_scale.view(F.FP8), s)
    return rows.float()


def _ple_layout(r: _Reader, pre: str, keys: list[str], row_width: int | None) -> PleLayout:
    """Validate one PLE table from its headers and per-tensor scales, marking its keys as used."""
    shards = sorted({int(m["idx"]) for k in keys if (m := _PLE.match(k)) and m["idx"] is not None})
    unsplit = [b for b in (f"{pre}.shard_", f"{pre}.ngram_embedding") if f"{b}.weight" in r.keys]
    if shards and f"{pre}.shard_.weight" in r.keys:
        raise QuantFormatError(f"{pre}: both ngram_embedding.shard_{{k}} parts and an unsplit shard_.weight")
    if shards and shards != list(range(len(shards))):
        raise QuantFormatError(f"{pre}.ngram_embedding: shard indices {shards} are not 0..{len(shards) - 1}")
    bases = [f"{pre}.ngram_embedding.shard_{i}" for i in shards] if shards else unsplit[:1]
    if not bases:
        raise QuantFormatError(f"{pre}: PLE scale tensors without a table weight")
    table = f"{pre}.ngram_embedding"

    def scalar(key: str, fallback: str) -> float:
        key = key if key in r.keys else fallback
        s = r.get(key)
        _check_scalar(key, s)
        return float(s.float().reshape(()))

    parts: list[PleShard] = []
    kinds: set[str] = set()
    width = None
    for b in bases:
        wkey = f"{b}.weight"
        info = r.source.get_slice(wkey)
        r.used.add(wkey)
        shape, stored = info.get_shape(), info.get_dtype()
        if len(shape) != 2:
            raise QuantFormatError(f"{wkey}: expected a [rows, values] table, got {_fmt(shape)}")
        kind = _PLE_KINDS.get(stored, "float")
        kinds.add(kind)
        if len(kinds) > 1:
            raise QuantFormatError(f"{wkey}: stored as {stored}, unlike the table's other shards")
        rows, d = shape[0], shape[1] * (2 if kind == "nvfp4" else 1)
        width = width or d
        if d != width or (row_width is not None and d != row_width):
            raise QuantFormatError(f"{wkey}: expected rows of {row_width or width} values, got {d}")
        if kind == "fp8":
            parts.append(PleShard(wkey, rows, scalar(f"{b}.weight_scale", f"{table}.weight_scale")))
        elif kind == "nvfp4":
            skey = f"{b}.weight_scale"
            if skey not in r.keys:
                raise QuantFormatError(f"{skey}: missing")
            sinfo = r.source.get_slice(skey)
            want = [rows, -(-d // F.NVFP4_GROUP)]
            if sinfo.get_shape() != want or sinfo.get_dtype() != "F8_E4M3":
                raise QuantFormatError(
                    f"{skey}: expected shape {_fmt(want)} dtype F8_E4M3, got "
                    f"{_fmt(sinfo.get_shape())} dtype {sinfo.get_dtype()}"
                )
            r.used.add(skey)
            parts.append(PleShard(wkey, rows, scalar(f"{b}.weight_scale_2", f"{table}.weight_scale_2"), skey))
        else:
            parts.append(PleShard(wkey, rows, 1.0))
    assert width is not None
    if leftover := sorted(set(keys) - r.used):
        raise QuantFormatError(f"{leftover[0]}: unexpected PLE tensor (not used by its table)")
    return PleLayout(f"{table}.weight", kinds.pop(), width, tuple(parts), frozenset(keys))


def _ple_table(r: _Reader, layout: PleLayout, dtype: torch.dtype) -> torch.Tensor:
    """Decode every shard of one PLE table into a preallocated [rows, width] tensor in `dtype`."""
    out = torch.empty(layout.rows, layout.width, dtype=dtype)
    row = 0
    for shard in layout.shards:
        block = r.get(shard.block_scale) if shard.block_scale else None
        vals = dequant_ple_rows(layout.kind, r.get(shard.weight), block, shard.scale)
        _check_finite(shard.weight, vals)
        out[row : row + shard.rows] = vals
        row += shard.rows
    return out


def _ple_row_width(config: Mapping[str, Any]) -> int | None:
    text = config.get("text_config") or config
    dim, heads = text.get("ple_embed_dim"), text.get("heads_per_ngram")
    if not dim or not heads:
        return None
    return int(dim) // ((int(text.get("ngram_size", 3)) - 1) * int(heads))


def _ple_groups(keys: Iterable[str]) -> dict[str, list[str]]:
    """PLE table keys grouped by their `<...>.ple_embedding` prefix."""
    groups: dict[str, list[str]] = {}
    for key in keys:
        if m := _PLE.match(key):
            groups.setdefault(m["pre"], []).append(key)
    return groups


def ple_layouts(tensors: Mapping[str, torch.Tensor] | TensorSource, config: Mapping[str, Any]) -> list[PleLayout]:
    """Every PLE table of a checkpoint (quantised or not) as stored, without reading its rows.

    Reads only safetensors headers and the per-tensor scales, and raises `QuantFormatError` naming
    the key for the same problems `dequantize_state` rejects, so a host-resident table can be served
    in its checkpoint format.
    """
    r = _Reader(_MappingSource(tensors) if isinstance(tensors, Mapping) else tensors)
    width = _ple_row_width(config)
    return [_ple_layout(r, pre, keys, width) for pre, keys in sorted(_ple_groups(r.keys).items())]


def dequantize_state(
    tensors: Mapping[str, torch.Tensor] | TensorSource,
    config: Mapping[str, Any],
    hf_quant_config: Mapping[str, Any] | None,
    dtype: torch.dtype,
    decode_ple: bool = True,
    split_of: SplitOf = lambda key: None,
    validate_only: Collection[str] = frozenset(),
) -> dict[str, torch.Tensor]:
    """Plain HF state dict in `dtype` (integer buffers keep their dtype) from a quantised checkpoint.

    `config` is the checkpoint's `config.json` (its `quantization_config` selects the dialect) and
    `hf_quant_config` ModelOpt's `hf_quant_config.json` when present. Raises `QuantFormatError`
    naming the key for a missing, mis-shaped, wrong-dtype or non-finite scale, or a leftover one.
    With `decode_ple=False` PLE tables are validated but left out (a host backend serves them
    from the files through `ple_layouts`). `split_of` names the part of each tensor to read (keyed
    by its stored name; a quantised module's by `<module>.weight`), see the module docstring.
    Quantised modules named in `validate_only` (checkpoint names) are read and checked like every
    other, one at a time, but left out: a caller that keeps their stored tensors (the weight-only
    experts) never holds them dequantised.
    """
    source: TensorSource = _MappingSource(tensors) if isinstance(tensors, Mapping) else tensors
    qcfg = detect(config, hf_quant_config)
    r = _Reader(source)
    out: dict[str, torch.Tensor] = {}

    ple = _ple_groups(r.keys)
    modules: dict[str, dict[str, str]] = {}
    for key in r.keys:
        if not _PLE.match(key):
            module, _, suffix = key.rpartition(".")
            modules.setdefault(module, {})[suffix] = key

    row_width = _ple_row_width(config)
    for pre, keys in sorted(ple.items()):
        layout = _ple_layout(r, pre, keys, row_width)
        if decode_ple:
            out[layout.table] = _ple_table(r, layout, dtype)

    for module, by_suffix in modules.items():
        if not by_suffix.keys() & {"weight_packed", "weight_scale", "weight_scale_inv"}:
            _passthrough(r, qcfg, module, by_suffix, dtype, out, split_of)
            continue
        scheme = _scheme_for(qcfg, module, by_suffix.get("weight_packed") or f"{module}.weight")
        split = split_of(f"{module}.weight")
        weight = (
            _dequant_module(r, module, scheme)
            if split is None
            else _dequant_split(r, module, scheme, by_suffix.values(), split)
        )
        if module not in validate_only:
            out[f"{module}.weight"] = weight.to(dtype)
        for suffix, key in by_suffix.items():
            if key in r.used:
                continue
            if suffix in QUANT_SUFFIXES or suffix == "weight":
                raise QuantFormatError(f"{key}: unexpected tensor for a {scheme.kind.value} module")
            out[key] = _cast(r.get(key), dtype)
    return out


def _cast(t: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    return t.to(dtype) if t.is_floating_point() else t


def _passthrough(
    r: _Reader,
    qcfg: QuantConfig | None,
    module: str,
    by_suffix: Mapping[str, str],
    dtype: torch.dtype,
    out: dict[str, torch.Tensor],
    split_of: SplitOf,
) -> None:
    """A module without weight scales: its tensors must be plain floats (or integer buffers)."""
    for suffix, key in sorted(by_suffix.items(), key=lambda kv: kv[0] != "weight"):
        t = r.get_part(key, split_of(key))
        if t.dtype in (F.FP8, torch.uint8):
            scheme = qcfg.resolve(module) if qcfg is not None else None
            scale = f"{module}.{scheme.scale if scheme else 'weight_scale'}"
            raise QuantFormatError(f"{scale}: missing (the scale of {key}, stored as {t.dtype})")
        if suffix in QUANT_SUFFIXES:
            raise QuantFormatError(
                f"{key}: activation or global scale beside the unquantised weight "
                f"{module}.weight (its weight scale is missing?)"
            )
        out[key] = _cast(t, dtype)


def _scheme_for(qcfg: QuantConfig | None, module: str, weight_key: str) -> Scheme:
    if qcfg is None:
        raise QuantFormatError(f"{weight_key}: stored quantised, but config.json has no quantization_config")
    scheme = qcfg.resolve(module)
    if scheme is None:
        what = "excluded by" if qcfg.ignored(module) else "not targeted by"
        raise QuantFormatError(
            f"{weight_key}: stored quantised, but the module is {what} the {qcfg.dialect} quantization config"
        )
    if not weight_key.endswith("." + scheme.weight):
        raise QuantFormatError(f"{weight_key}: a {scheme.kind.value} module stores its weight as '{scheme.weight}'")
    return scheme
