"""Every Triton kernel of the model builds here, without a GPU, at the bench's sizes, for each GPU it runs on:
sm_80 (A100), sm_86 (A6000, RTX 30), sm_89 (L40, RTX 40), sm_90 (H100, H200) and sm_120 (RTX 50).

Triton's interpreter runs a kernel's Python body, so it accepts code the compiler rejects (a loop
variable whose shape changes: bebfd8e's merge, found only by its first GPU run); building with Triton's
bundled ptxas runs the real front end and back end, so a kernel changed between GPU runs is known to
compile before one, and to fit each target's shared memory. Each target gets the constexprs its GPU
launches with (`skinny_build_check.launch_flags`: E4M3 in hardware from sm_89, programmatic dependent
launch from sm_90). Hopper's own code (wgmma operands, PTX decoding, spills at the tuned tiles) is
checked on sm_90; the other targets build each kernel's representative configurations, which keeps
the file inside a few minutes on two cores (Triton's cache makes a second run quick). Below sm_80 the
kernels refuse to run (`codes.capability`): `test_sm70_has_no_tensor_core_dot` shows why.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path
from typing import Any

import pytest
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

from model.kernels import (
    act_quant,
    attention_decode,
    attention_prefill,
    expert_copy,
    expert_plan,
    fused_moe,
    gdn_decode,
    hc_read,
    ple_gather,
    qsa_select,
    qsa_tiles,
    router,
    weight_only,
)
from model.kernels.fused_moe import KINDS, GemmTiles, MoETiles, default_tiles
from model.kernels.skinny import CANDIDATES, SkinnyConfig
from model.paging import DEFAULT_PAGE_SIZE
from model.quant.experts import NVFP4_KINDS
from scripts.experiments import fused_moe_build_check, skinny_build_check
from scripts.experiments.skinny_build_check import launch_flags, resources

TARGETS = (80, 86, 89, 90, 120)
# shared memory a block may opt into (CUDA programming guide, by compute capability), in bytes
SHARED_PER_BLOCK = {80: 163 * 1024, 86: 99 * 1024, 89: 99 * 1024, 90: 227 * 1024, 120: 99 * 1024}


def build(
    fn: Any, types: dict[str, str], constexprs: dict[str, Any], num_warps: int = 4, arch: int = 90
) -> triton.compiler.CompiledKernel:
    """Compile `fn` for sm_`arch`: arguments in `types` take that type, those in `constexprs` their value
    (`launch_flags(arch)` those the kernel takes), the rest are int32."""
    constexprs = {k: v for k, v in launch_flags(arch).items() if k in fn.arg_names} | constexprs
    signature = {a: "constexpr" if a in constexprs else types.get(a, "i32") for a in fn.arg_names}
    source = ASTSource(fn=fn, signature=signature, constexprs=constexprs)
    return triton.compile(source, target=GPUTarget("cuda", arch, 32), options={"num_warps": num_warps})


def fits(kernel: triton.compiler.CompiledKernel, arch: int) -> triton.compiler.CompiledKernel:
    """`kernel`, asserted to fit sm_`arch`'s shared memory a block (static and the launch's dynamic)."""
    static = int(re.search(r"SHARED:(\d+)", resources(kernel)).group(1))
    assert static + kernel.metadata.shared <= SHARED_PER_BLOCK[arch], (static, kernel.metadata.shared, arch)
    return kernel


ATTENTION = {"HQ": 24, "G": 12, "D": 256, "BG": 16, "BD": 256}  # 24 query heads over 2 KV heads of 256
PAGE = {"PAGE": DEFAULT_PAGE_SIZE}  # the caches' pages
QSA = {"TOTAL": 65536, "BLOCK": 4, "TOPK": 512}  # the published model's 262,144 keys in blocks of 4, 512 kept
QSA_SELECTION = {"bits": "*i32", "positions": "*i64", "hist": "*i32", "tile_hist": "*i32"}
E_BLOCK = 128  # 128 experts


def merge_case(splits: int) -> tuple[Any, dict[str, str], dict[str, Any], int]:
    constexprs = ATTENTION | {"BDM": attention_decode.MERGE_D, "SPLITS": splits, "SC": attention_decode.MERGE_S}
    types = {"part_acc": "*fp32", "part_ml": "*fp32", "out": "*bf16"}
    return attention_decode._merge_kernel, types, constexprs | {"BS": triton.next_power_of_2(splits)}, 4


def cache_types(fp8: bool) -> dict[str, str]:
    """The attention kernels' cache pointers: bf16 K/V (their scale arguments the caches, unread), or FP8
    codes as bytes with float32 scale pages (`model/kv_quant.py`)."""
    kv, scale = ("*u8", "*fp32") if fp8 else ("*bf16", "*bf16")
    return {"k_cache": kv, "v_cache": kv, "k_scale": scale, "v_scale": scale}


def split_case(
    splits: int, qsa: bool, fp8: bool = False, rows: bool = False
) -> tuple[Any, dict[str, str], dict[str, Any], int]:
    """The split kernel in `splits`, over the keys or (QSA) a list of 513 blocks of 4; with `rows`, over prefill
    rows a row list names (`attention_prefill`'s gathered rows)."""
    types = {p: "*bf16" for p in ("q", "out")} | cache_types(fp8) | {"scale": "fp32", "rows": "*i32"}
    types |= {"block_table": "*i32", "slots": "*i64", "positions": "*i64", "part_acc": "*fp32", "part_ml": "*fp32"}
    types |= {"blocks": "*i32", "counts": "*i32"}
    constexprs = ATTENTION | PAGE | {"SPLIT_LEN": 64, "SPLITS": splits, "QSA": qsa, "ROWS": rows}
    constexprs |= {"BN": attention_decode.FP8_BLOCK_N if fp8 else attention_decode.BLOCK_N}
    constexprs |= {"BLOCK": 4, "CAP": 513, "IEEE": False, "FP8": fp8}
    return attention_decode._split_kernel, types, constexprs, 4


def prefill_case(qsa: bool, fp8: bool = False) -> tuple[Any, dict[str, str], dict[str, Any], int]:
    types = {p: "*bf16" for p in ("q", "out")} | cache_types(fp8) | {"scale": "fp32", "chosen": "*i8"}
    types |= {"slots": "*i64", "positions": "*i64", "tiles": "*i32", "block_table": "*i32"}
    types |= {"kept": "*i32", "kept_counts": "*i32"}
    constexprs = ATTENTION | PAGE | {"BT": attention_prefill.TOKENS, "QSA": qsa}
    constexprs |= {"BN": attention_decode.FP8_BLOCK_N if fp8 else attention_prefill.BLOCK_N}
    constexprs |= {"BLOCK": 4, "NCHOSEN": 519, "CAP": 2052, "IEEE": False, "FP8": fp8}
    return attention_prefill._prefill_kernel, types, constexprs, attention_prefill.WARPS


def list_case(
    write: bool, rows: int, block: int, bn: int, chunk: int = qsa_tiles.CHUNK, groups: bool = False
) -> tuple[Any, dict[str, str], dict[str, Any], int]:
    """The list kernel at the published model's 262,144 keys (`QSA`): a pass of it, for groups of `rows` rows
    (named by a group list where `groups` or `rows` > 1), blocks of `block` (a tile's blocks contiguous or
    gathered) in key tiles of `bn`, `chunk` tiles a program."""
    tiles = (65537 * block - 1) // bn + 1
    chunks = -(-tiles // chunk)
    types = {"chosen": "*i8", "positions": "*i64", "tiles": "*i32", "counts": "*i32", "chunk_counts": "*i32"}
    constexprs = {"BN": bn, "BLOCK": block, "NCHOSEN": QSA["TOTAL"] + 1, "NBT": 16, "CHUNK": chunk}
    constexprs |= {"CHUNKS": chunks, "BC": triton.next_power_of_2(chunks), "ROWS": rows, "WRITE": write}
    constexprs |= {"GROUPS": groups or rows > 1}
    cap = qsa_tiles.capacity(QSA["TOPK"], block, bn, tiles, rows)
    return qsa_tiles._kept_tiles_kernel, types | {"groups": "*i32"}, constexprs | {"CAP": cap}, qsa_tiles.LIST_WARPS


def hc_mix_case(n_inject: int) -> tuple[Any, dict[str, str], dict[str, Any], int]:
    types = {p: "*bf16" for p in ("h", "norm_w", "w_up")} | {"rstd": "*fp32", "part": "*fp32"}
    types |= {"x": "*i16", "inject": "*i16"}
    constexprs = {"NS": 4, "NI": n_inject, "BD": hc_read.MIX_COLS, "LP": 512, "OUT_BF16": True}
    return hc_read._hc_mix_kernel, types, constexprs, hc_read.MIX_WARPS


CASES = {
    **{
        f"HC read down, 336 rows over 4 x 2560{', the write before it' if write else ''}": (
            hc_read._hc_down_kernel,
            {"h": "*bf16", "norm_w": "*bf16", "w": "*bf16", "rstd": "*fp32", "part": "*fp32", "eps": "fp32"}
            | {"y": "*bf16", "w_in": "*bf16", "h_out": "*i16"},
            {"NS": 4, "BR": hc_read.DOWN_ROWS, "BK": hc_read.down_cols(2560), "NCH": 2560 // hc_read.down_cols(2560)}
            | {"WRITE": write, "H_BF16": True},
            hc_read.DOWN_WARPS,
        )
        for write in (False, True)
    },
    "HC read mix, injection weights": hc_mix_case(4),
    "HC read mix, final mixer": hc_mix_case(0),
    "attention merge, 2 splits": merge_case(2),
    "attention merge, 33 splits": merge_case(33),
    "attention split, one split writes out": split_case(1, False),
    "attention split, 33 splits, QSA": split_case(33, True),
    "attention split, FP8 K/V, 33 splits, QSA": split_case(33, True, fp8=True),
    "attention split, prefill rows, QSA": split_case(1, True, rows=True),
    "attention split, prefill rows, FP8 K/V, QSA": split_case(1, True, fp8=True, rows=True),
    "attention prefill": prefill_case(False),
    "attention prefill, QSA": prefill_case(True),
    "attention prefill, FP8 K/V, QSA": prefill_case(True, fp8=True),
    "QSA score": (
        qsa_select._score_kernel,
        {"iq": "*bf16", "keys": "*bf16", "slots": "*i64", "positions": "*i64", "scores": "*fp32", "hist": "*i32"}
        | {"block_table": "*i32"},
        {"BLOCK": 4, "BJ": qsa_select.BLOCK_J, "SPLIT": True}
        | {"HI": 4, "DI": 128, "BD": 128, "PER_PAGE": DEFAULT_PAGE_SIZE // 4},
        4,
    ),
    "QSA tile score": (
        qsa_select._tile_score_kernel,
        {"iq": "*bf16", "keys": "*bf16", "slots": "*i64", "positions": "*i64", "scores": "*fp32"}
        | {"block_table": "*i32", "row_tiles": "*i32"},
        {"BLOCK": 4, "BT": qsa_select.TILE_ROWS, "BN": qsa_select.TILE_BLOCKS, "DOT_F32": False}
        | {"HI": 4, "DI": 128, "BD": 128, "PER_PAGE": DEFAULT_PAGE_SIZE // 4},
        qsa_select.TILE_WARPS,
    ),
    "QSA kept key tiles, counts": list_case(False, 1, 4, attention_decode.BLOCK_N),
    "QSA kept key tiles, FP8 K/V tiles": list_case(True, 1, 4, attention_decode.FP8_BLOCK_N),
    "QSA kept key tiles, prefill row tiles": list_case(True, attention_prefill.TOKENS, 4, attention_prefill.BLOCK_N),
    "QSA kept key tiles, blocks straddling tiles": list_case(True, 1, 3, attention_decode.BLOCK_N),
    "QSA kept key tiles, blocks (counts)": list_case(False, 1, 4, 4, qsa_tiles.BLOCK_CHUNK),
    "QSA kept key tiles, blocks of prefill rows": list_case(True, 1, 4, 4, qsa_tiles.BLOCK_CHUNK, groups=True),
    "QSA select, one program a row": (
        qsa_select._select_row_kernel,
        {"bits": "*i32", "positions": "*i64", "chosen": "*i8"},
        QSA | {"BC": qsa_select.CHUNK},
        4,
    ),
    **{
        f"QSA histogram, digit {digit}": (
            qsa_select._histogram_kernel,
            QSA_SELECTION,
            QSA | {"DIGIT": digit, "BC": qsa_select.CHUNK},
            4,
        )
        for digit in (0, 3)  # the first (no prefix to match) and the last (keeps the tile's counts)
    },
    "QSA choose": (
        qsa_select._choose_kernel,
        QSA_SELECTION | {"chosen": "*i8"},
        QSA | {"BC": qsa_select.CHUNK},
        4,
    ),
    "router top-10 of 512": (
        router._route_kernel,
        {"logits": "*bf16", "weights": "*i16", "ids": "*i64"},
        {"K": 10, "NORM": True, "OUT_BF16": True, "BE": 512, "BK": 16},
        4,
    ),
    "GDN decode": (
        gdn_decode._decode_kernel,
        {p: "*fp32" for p in ("q", "k", "v", "g", "beta", "state", "out")}
        | {"read_slots": "*i64", "write_slots": "*i64"},
        {"H": 48, "DK": 128, "DV": 128, "BK": 128, "BV": 64},
        4,
    ),
    "MoE align count": (
        fused_moe._count_kernel,
        {"ids": "*i64", "counts": "*i32"},
        {"CHUNK": 32, "E_BLOCK": E_BLOCK},
        4,
    ),
    "MoE align prefix": (
        fused_moe._prefix_kernel,
        {"counts": "*i32"},
        {"ROWS": fused_moe.ALIGN_CHUNK_ELEMENTS // E_BLOCK, "E_BLOCK": E_BLOCK},
        4,
    ),
    "MoE align": (
        fused_moe._align_kernel,
        {"ids": "*i64", "counts": "*i32", "sorted_pairs": "*i32", "block_expert": "*i32"},
        {"BLOCK_M": 16, "CHUNK": 32, "E_BLOCK": E_BLOCK, "ONE_CHUNK": False},
        4,
    ),
    "MoE split gate/up product, 4 splits": (
        fused_moe._split_act_kernel,
        {"parts": "*fp32", "sorted_pairs": "*i32", "block_expert": "*i32", "h": "*bf16"},
        {"BLOCK_M": 16, "BLOCK_I": fused_moe.ACT_BLOCK, "SPLITS": 4, "DIRECT": False},
        4,
    ),
    "FP8 activation quantiser, MoE slots": (
        act_quant._quantize_kernel,
        {"x": "*bf16", "codes": "*u8", "scales": "*fp32", "block_expert": "*i32"},
        {"GROUP": act_quant.ACT_GROUP, "ROWS": act_quant.ROWS, "BLOCK_M": 64, "SKIP": True},
        4,
    ),
    **{
        f"MoE sum, {splits} down split{'s' if splits > 1 else ''}": (
            fused_moe._sum_kernel,
            {"parts": "*fp32", "shared_y": "*bf16", "shared_gate": "*bf16", "out": "*bf16"},
            {"TOP_K": 10, "BLOCK": fused_moe.SUM_BLOCK, "SHARED": 2, "SPLITS": splits},
            4,
        )
        for splits in (1, 5)
    },
    "skinny split-K sum": (
        weight_only._split_sum_kernel,
        {"parts": "*fp32", "out": "*i16"},
        {"SPLITS": 3, "BLOCK": weight_only.SUM_BLOCK, "OUT_BF16": True},
        4,
    ),
    **{
        f"PLE gather, {kind} rows": (
            ple_gather._gather_kernel,
            {"table": "*bf16" if kind == "float" else "*u8", "block_scale": "*u8", "ids": "*i64", "out": "*i16"}
            | {"scale": "fp32"},
            {"WIDTH": 2560, "BLOCK_W": 4096, "KIND": code, "BLOCK_R": ple_gather.BLOCK_ROWS, "OUT_BF16": True},
            4,
        )
        for kind, code in ple_gather.KINDS.items()
    },
    "expert copy, block-FP8 codes and scales in one launch": (
        expert_copy._copy_kernel,
        {"banks": ("*i64",) * 4, "slots": ("*i64",) * 4, "words": ("i32",) * 4, "sources": "*i64", "targets": "*i64"},
        {"BLOCK": expert_copy.BLOCK_WORDS},
        4,
    ),
    **{
        f"expert plan, 512 experts, 128 slots, {what}": (
            expert_plan._plan_kernel,
            {name: "*i64" for name in ("ids", "host_row", "slot_of", "owner", "stamp", "clock", "counters")}
            | {"members": "*i8", "slot_ids": "*i64", "sources": "*i64", "targets": "*i64", "expert_bytes": "i64"}
            | {"rate": "*fp32"},
            {"E_BLOCK": 512, "S_BLOCK": 128, "P_BLOCK": pairs, "CHUNK": expert_plan.RANK_CHUNK, "FORCED": forced}
            | {"PROTECTED": (2**63 - 1) // 128 - 1, "ROUNDED": not forced, "PICK_MAX": expert_plan.PICK_MAX}
            | {"TILED": pairs * 512 <= expert_plan.TILE},
            4,
        )
        for what, pairs, forced in (("top-10, forced hits", 16, True), ("rounds", expert_plan.PAIR_CHUNK, False))
    },
}


# cases built for sm_90 only: their code is a sibling case's with a flag off or at other sizes
SUBSET_CASES = ("HC read down, 336 rows over 4 x 2560", "HC read mix, final mixer", "attention merge, 2 splits")
SUBSET_CASES += ("attention prefill",)


@functools.cache
def built(case: str, arch: int) -> triton.compiler.CompiledKernel:
    fn, types, constexprs, warps = CASES[case]
    return fits(build(fn, types, constexprs, warps, arch), arch)


@pytest.mark.parametrize(("case", "arch"), [(c, a) for c in CASES for a in TARGETS if a == 90 or c not in SUBSET_CASES])
def test_kernel_builds(case: str, arch: int) -> None:
    built(case, arch)


@pytest.mark.parametrize("arch", TARGETS)
@pytest.mark.parametrize(
    "case",
    [
        "attention split, one split writes out",
        "attention split, 33 splits, QSA",
        "attention split, FP8 K/V, 33 splits, QSA",
        "attention split, prefill rows, QSA",
        "attention split, prefill rows, FP8 K/V, QSA",
    ],
)
def test_decode_attention_builds_without_spills(case: str, arch: int) -> None:
    """The split kernel reads a key tile's keys by int32 offsets from one pointer (in one page) and head, a
    gathered step's by int32 columns from a pointer a key: no stack at 4 warps (with 64-bit 2-D address
    tensors it spilled 104-120 bytes a thread on sm_90)."""
    assert " STACK:0 " in resources(built(case, arch))


QSA_CASES = tuple(c for c in CASES if c.startswith("QSA kept key tiles")) + (
    "QSA score",
    "QSA tile score",
    "QSA select, one program a row",
)
QSA_CASES += ("QSA histogram, digit 0", "QSA histogram, digit 3", "QSA choose")


@pytest.mark.parametrize(("case", "arch"), [(c, a) for c in QSA_CASES for a in TARGETS])
def test_qsa_selection_builds_without_spills(case: str, arch: int) -> None:
    """The selection's kernels (`tl.histogram`'s warp ballots and shared-memory bins, the scans over a
    256-bin histogram; the tile score's products, a head at a time: its heads unrolled spilled 0.5-6 KB
    a thread) keep to registers on every target."""
    assert " STACK:0 " in resources(built(case, arch))


EXPERT_CACHE_CASES = tuple(c for c in CASES if c.startswith(("expert plan", "expert copy")))


@pytest.mark.parametrize(("case", "arch"), [(c, a) for c in EXPERT_CACHE_CASES for a in TARGETS])
def test_expert_cache_kernels_build_without_spills(case: str, arch: int) -> None:
    """The plan (one program holding 512 experts' and 128 slots' state, a 64 x 128 rank tile) and the copy
    (a 2,048-word row chunk of each of four stored tensors) keep to registers on every target."""
    assert " STACK:0 " in resources(built(case, arch))


def stack_bytes(case: str, arch: int) -> int:
    return int(re.search(r"STACK:(\d+)", resources(built(case, arch))).group(1))


@pytest.mark.parametrize("arch", [a for a in TARGETS if a != 120])
def test_fp8_kv_prefill_spills_no_more_than_bf16(arch: int) -> None:
    """FP8 K/V (codes decoded in the tile, a scale a key on the score and probability columns, key tiles
    of `FP8_BLOCK_N`) adds no stack to the prefill kernel's at the bench's heads; sm_120 is the exception
    (216 B a thread against bf16's 96; none at 8 warps), left to a GPU measurement of which is faster."""
    assert stack_bytes("attention prefill, FP8 K/V, QSA", arch) <= stack_bytes("attention prefill, QSA", arch)


@pytest.mark.parametrize(("quant", "arch"), [(q, a) for q in KINDS for a in TARGETS if a == 90 or q != "nvfp4_ct"])
def test_fused_moe_gemms_build(quant: str | None, arch: int) -> None:
    """Both GEMMs in each stored format (each its own constexpr branch, and the E4M3 and NVFP4 decoding
    each target's GPU launches with), decode tiles. Off sm_90 a stored format's gate_up GEMM only (the
    down GEMM decodes with the same `_tile_dot`), and not nvfp4_ct (NVFP4 but for its scale's division). Block
    FP8 has two decode classes: one token's, its multipliers loaded ahead, and the wider tiles of a few tokens."""
    decode = [default_tiles(1.0, quant)] + ([default_tiles(1.0, quant, ahead=True)] if quant == "fp8_block" else [])
    for tiles in decode:
        gemms = (("_gate_up_kernel", tiles.gate_up), ("_down_kernel", tiles.down))
        for kernel, gemm in gemms if arch == 90 or quant is None else gemms[:1]:
            fits(fused_moe_build_check.build(kernel, quant, tiles.block_m, gemm, arch), arch)


SPLIT = MoETiles(16, GemmTiles(32, 128, 4, 4, split_k=3), GemmTiles(64, 64, 4, 4, split_k=2))  # the predicted best
AHEAD = MoETiles(16, GemmTiles(32, 128, 4, 4, scales_ahead=True), GemmTiles(64, 64, 4, 4, scales_ahead=True))
DECODE_VARIANTS = {  # (tiles, quant): split dense and block FP8, block FP8's multipliers ahead, unsplit and split
    "split, bf16": (SPLIT, None),
    "split, block FP8": (SPLIT, "fp8_block"),
    "multipliers ahead, block FP8": (AHEAD, "fp8_block"),
    "split, multipliers ahead, block FP8": (
        dataclasses.replace(
            SPLIT,
            gate_up=dataclasses.replace(SPLIT.gate_up, scales_ahead=True),
            down=dataclasses.replace(SPLIT.down, scales_ahead=True),
        ),
        "fp8_block",
    ),
}


def split_builds(tiles: MoETiles, quant: str | None, arch: int) -> dict[str, str]:
    """Resources of both GEMMs of decode `tiles` built for sm_`arch` (split ones write float32 partials)."""
    gate_up = fused_moe_build_check.build("_gate_up_kernel", quant, tiles.block_m, tiles.gate_up, arch)
    down = fused_moe_build_check.build("_down_kernel", quant, tiles.block_m, tiles.down, arch)
    return {"gate_up": resources(fits(gate_up, arch)), "down": resources(fits(down, arch))}


@pytest.mark.parametrize("arch", TARGETS)
@pytest.mark.parametrize("variant", DECODE_VARIANTS)
def test_decode_variants_build_without_spills(variant: str, arch: int) -> None:
    """The decode variants (`GemmTiles.split_k`, `GemmTiles.scales_ahead`) on every target, unspilled."""
    built = split_builds(*DECODE_VARIANTS[variant], arch)
    assert all(" STACK:0 " in r for r in built.values()), built


PREFILL = default_tiles(40.0, "fp8_block")  # the full preset's prefill class on the H200 (64-row blocks, 40 pairs)


def ahead_build(
    kernel: str, block_m: int, gemm: GemmTiles, arch: int, fp8_activations: bool, ahead: bool
) -> triton.compiler.CompiledKernel:
    """Block FP8's `kernel` at these tiles for sm_`arch`, its multipliers loaded ahead or not."""
    tiles = dataclasses.replace(gemm, scales_ahead=ahead)
    return fits(fused_moe_build_check.build(kernel, "fp8_block", block_m, tiles, arch, fp8_activations), arch)


@pytest.mark.parametrize(
    ("kernel", "block_m", "gemm", "fp8_activations", "today"),
    [
        ("_gate_up_kernel", 16, AHEAD.gate_up, False, 2),  # decode: gate's and up's multiplier
        ("_gate_up_kernel", 64, PREFILL.gate_up, False, 2),  # prefill
        ("_gate_up_kernel", 64, PREFILL.gate_up, True, 4),  # w8a8: and the rows' activation scales
        ("_down_kernel", 64, PREFILL.down, True, 3),
    ],
    ids=["decode", "prefill", "prefill w8a8", "prefill w8a8 down"],
)
def test_multipliers_ahead_leave_the_k_loop_no_global_load(
    kernel: str, block_m: int, gemm: GemmTiles, fp8_activations: bool, today: int
) -> None:
    """Block FP8's K loop (sm_90) waits on its multipliers' loads each K tile (`ld.global` inside it, used at
    its end; the pipeline prefetches only MMA operands), and under FP8 activations on the rows' scales too;
    loaded ahead, the loop loads none."""

    def loop_loads(ahead: bool) -> int:
        return k_loop_loads(ahead_build(kernel, block_m, gemm, 90, fp8_activations, ahead).asm["ptx"])

    assert loop_loads(False) == today
    assert loop_loads(True) == 0


@pytest.mark.parametrize("arch", TARGETS)
def test_prefill_multipliers_ahead_build_without_spills(arch: int) -> None:
    """The weight-only prefill class's gate_up GEMM (two thirds of the block-FP8 MoE's prefill time) with the
    multipliers ahead, at the tiles each target's GPU takes, bf16 and (sm_89 on) FP8 activations, whose
    `[64, AHEAD]` row scales it holds too: unspilled. The down GEMM on sm_90 as well; elsewhere its 64 x 128 x 64
    tile spills today already (sm_80, sm_86, sm_120) or with them (sm_89, 24 bytes; docs/measurements.md).
    (FP8 activations' own prefill tiles, 32 rows swapped, do not take them ahead: with them, 8 bytes on sm_120.)"""
    for fp8_activations in (False, True) if arch >= 89 else (False,):
        tiles = default_tiles(40.0, "fp8_block", divmod(arch, 10))
        gemms = [("_gate_up_kernel", tiles.gate_up)] + ([("_down_kernel", tiles.down)] if arch == 90 else [])
        for kernel, gemm in gemms:
            built = ahead_build(kernel, tiles.block_m, gemm, arch, fp8_activations, True)
            assert " STACK:0 " in resources(built), (kernel, fp8_activations, resources(built))


@pytest.mark.slow
@pytest.mark.parametrize("quant", [None, "fp8_block"])
def test_split_sweep_builds_without_spills_for_the_h200(quant: str | None) -> None:
    """Every decode variant the bench sweeps (`bench_fused_moe.SPLIT_SWEEP`, and `AHEAD_SWEEP` for block FP8)
    builds for sm_90 unspilled."""
    from scripts.experiments.bench_fused_moe import AHEAD_SWEEP, SPLIT_SWEEP

    swept = SPLIT_SWEEP + (AHEAD_SWEEP if quant == "fp8_block" else [])
    built = {str(tiles): split_builds(tiles, quant, 90) for tiles in swept}
    assert all(" STACK:0 " in r for b in built.values() for r in b.values()), built


@pytest.mark.slow
@pytest.mark.parametrize("fp8_activations", [False, True], ids=["w8a16", "w8a8"])
def test_prefill_ahead_sweep_builds_without_spills_for_the_h200(fp8_activations: bool) -> None:
    """Every prefill candidate the bench sweeps with block FP8's multipliers ahead (`bench_fused_moe.ahead_sweep`,
    the 64-row class) builds for sm_90 unspilled, under bf16 and FP8 activations."""
    from scripts.experiments.bench_fused_moe import ahead_sweep

    swept = ahead_sweep("fp8_block w8a8" if fp8_activations else "fp8_block", 64)
    built = {
        (str(tiles), kernel): resources(ahead_build(kernel, tiles.block_m, gemm, 90, fp8_activations, True))
        for tiles in swept
        for kernel, gemm in (("_gate_up_kernel", tiles.gate_up), ("_down_kernel", tiles.down))
    }
    assert all(" STACK:0 " in r for r in built.values()), built


@pytest.mark.parametrize("arch", TARGETS)
@pytest.mark.parametrize("quant", [None, "fp8_block", "mxfp8"])
def test_largest_gate_up_tiles_build_without_spills(quant: str | None, arch: int) -> None:
    """The gate_up GEMM of the largest tile class (128 rows dense, 64 quantised) at the tiles each target's
    GPU takes: half as wide where the tuned ones spill (`fused_moe.gate_up_spills`)."""
    tiles = default_tiles(200.0, quant, divmod(arch, 10))
    kernel = fused_moe_build_check.build("_gate_up_kernel", quant, tiles.block_m, tiles.gate_up, arch)
    assert " STACK:0 " in resources(fits(kernel, arch))


@pytest.mark.parametrize("arch", [89, 90, 120])
def test_fp8_activation_gemms_build_without_spills(arch: int) -> None:
    """Both GEMMs with FP8 activations (w8a8) at the tiles each target's GPU takes in the 64-row class (where
    the model uses them: `model.moe.FP8_ACTIVATION_PAIRS`), multiplying E4M3 codes by E4M3 codes on its FP8
    tensor cores (`mma.sync ... e4m3.e4m3` on sm_89 and sm_120, `wgmma ... e4m3.e4m3` on sm_90), unspilled.
    The 16-row tiles are Triton's mma.sync on sm_90, which converts FP8 operands to float16 there."""
    pairs = 200.0
    tiles = default_tiles(pairs, "fp8_block", divmod(arch, 10), fp8_activations=True)
    for kernel, gemm in (("_gate_up_kernel", tiles.gate_up), ("_down_kernel", tiles.down)):
        built = fits(fused_moe_build_check.build(kernel, "fp8_block", tiles.block_m, gemm, arch, True), arch)
        assert " STACK:0 " in resources(built), (kernel, resources(built))
        assert re.search(r"mma[\w.]*\.e4m3\.e4m3", built.asm["ptx"]), kernel


@pytest.mark.parametrize("arch", [80, 86])
def test_fp8_activations_do_not_build_below_sm89(arch: int) -> None:
    """Why `fused_moe` refuses FP8 activations below sm_89 (`FP8_MMA_CAPABILITY`): Triton has no E4M3 type
    there."""
    tiles = default_tiles(200.0, "fp8_block", divmod(arch, 10))
    with pytest.raises(triton.CompilationError) as refused:
        fused_moe_build_check.build("_gate_up_kernel", "fp8_block", tiles.block_m, tiles.gate_up, arch, True)
    assert "type fp8e4nv not supported in this architecture" in str(refused.value.__cause__)


def k_loop_loads(ptx: str) -> int:
    """The global loads inside a kernel's (first) inner loop, in its PTX."""
    loop = re.search(r"Inner Loop Header.*?\n\s*@%p\d+ bra\s+\$L__BB0_\d+;", ptx, re.S)
    assert loop is not None
    return len(re.findall(r"ld\.global", loop.group(0)))


@pytest.mark.parametrize("arch", TARGETS)
def test_weight_only_multipliers_ahead_build_without_spills(arch: int) -> None:
    """Block FP8's weight-only GEMM at `weight_only_matmul`'s default tiles with its multipliers loaded ahead
    (`Tiles.scales_ahead`), unsplit and split: unspilled, and on sm_90 its K loop keeps no global load (the
    loop's own multiplier load, one a K tile, otherwise)."""
    for partial in (False, True):
        tiles = {ahead: weight_only.Tiles(16, 64, 128, scales_ahead=ahead) for ahead in (False, True)}
        built = {
            a: fits(skinny_build_check.build(t, 16, partial, "bf16", arch, "fp8_block"), arch) for a, t in tiles.items()
        }
        assert " STACK:0 " in resources(built[True]), (partial, resources(built[True]))
        if arch == 90:
            assert (k_loop_loads(built[False].asm["ptx"]), k_loop_loads(built[True].asm["ptx"])) == (1, 0)


@pytest.mark.parametrize("arch", TARGETS)
@pytest.mark.parametrize("kind", [None, "fp8", "nvfp4", "fp8_block", "mxfp8"])
def test_weight_only_gemm_builds(kind: str | None, arch: int) -> None:
    """`_wo_kernel` for dense weights (the skinny GEMM's first tensor-core candidate) and each stored kind
    at `weight_only_matmul`'s default tiles, writing its output (split-K's partials and nvfp4_ct, which
    differs from NVFP4 in its scale's division: sm_90 below)."""
    rows, config = next((m, c) for m, configs in CANDIDATES.items() for c in configs if c.dot)
    tiles = config.tiles(rows) if kind is None else weight_only.Tiles(16, 64, 128)
    fits(skinny_build_check.build(tiles, rows, False, "bf16", arch, kind), arch)


@pytest.mark.parametrize("dot", [False, True])
def test_skinny_gemm_builds_for_sm90(dot: bool) -> None:
    """The skinny GEMM's first FMA and first tensor-core candidate, direct and split-K."""
    rows, config = next((m, c) for m, configs in CANDIDATES.items() for c in configs if c.dot == dot)
    for partial in (False, True):
        fits(skinny_build_check.build(config, rows, partial, "bf16", 90), 90)


def test_sm70_has_no_tensor_core_dot() -> None:
    """Why the kernels refuse sm_70 (V100) and sm_75 (`codes.MIN_CAPABILITY`): Triton builds `tl.dot` there
    as FMA loops (no `mma` instruction in the PTX), for float16 as for bfloat16, and the skinny GEMM's
    tensor-core tile spills kilobytes a thread; on sm_80 the same tile multiplies by `mma.sync` unspilled."""
    rows, config = next((m, c) for m, configs in CANDIDATES.items() for c in configs if c.dot)
    for dtype in ("bf16", "fp16"):
        old, ampere = (skinny_build_check.build(config, rows, False, dtype, arch) for arch in (70, 80))
        assert not re.search(r"^\s*w?mma\.", old.asm["ptx"], re.M) and " STACK:0 " not in resources(old)
        assert re.search(r"^\s*mma\.sync\.", ampere.asm["ptx"], re.M) and " STACK:0 " in resources(ampere)


@functools.cache
def nvfp4_builds() -> dict[str, triton.compiler.CompiledKernel]:
    """The NVFP4 GEMMs built for sm_90: the fused MoE's at the decode and 64-row tiles, and the weight-only
    GEMM at its default tiles, direct and split-K."""
    built = {}
    for pairs in (1.0, 50.0):
        for quant in NVFP4_KINDS:
            tiles = default_tiles(pairs, quant)
            for kernel, gemm in (("_gate_up_kernel", tiles.gate_up), ("_down_kernel", tiles.down)):
                build = fused_moe_build_check.build(kernel, quant, tiles.block_m, gemm, 90)
                built[f"{quant} {kernel} x{pairs:g}"] = build
    wo_tiles = SkinnyConfig(64, 128, weight_only.TARGET_PROGRAMS, True)  # `weight_only_matmul`'s defaults
    for kind in NVFP4_KINDS:
        for partial in (False, True):
            build = skinny_build_check.build(wo_tiles, 1, partial, "bf16", 90, kind)
            built[f"weight-only {kind} partial={partial}"] = build
    return built


def test_nvfp4_gemms_build_without_spills() -> None:
    """NVFP4 weights are decoded in registers without spilling (`codes.nvfp4_tile` loads each byte and
    scale once; loading them per input spilled up to 1.4 KB a thread with the H200's Triton 3.6)."""
    usage = {name: resources(kernel) for name, kernel in nvfp4_builds().items()}
    assert all(" STACK:0 " in u for u in usage.values()), usage


def test_nvfp4_weights_are_copied_asynchronously() -> None:
    """The packed weight bytes reach the tiles through the software pipeline's asynchronous copies:
    at most the block scales' four single-byte global loads remain (a mask on `pairs * 2` left 18-36
    a K tile, each awaited before the decode)."""
    byte_loads = {
        name: len(re.findall(r"ld\.global[\w.]*\.[ub]8\b", kernel.asm["ptx"]))
        for name, kernel in nvfp4_builds().items()
    }
    assert all(n <= 4 for n in byte_loads.values()), byte_loads


def wgmma_register_first_operands(kernel: triton.compiler.CompiledKernel) -> tuple[int, int]:
    """(wgmma instructions, those whose first operand is registers) in a build's PTX."""
    calls = re.findall(r"wgmma\.mma_async[^;]*;", kernel.asm["ptx"])
    return len(calls), sum(bool(re.match(r"wgmma\.mma_async\S*\s*\{[^}]*\}\s*,\s*\{", c)) for c in calls)


@pytest.mark.parametrize("gemm", ["fused MoE gate_up", "weight-only"])
@pytest.mark.parametrize("quant", ["fp8_block", "nvfp4"])
def test_swapped_tiles_give_wgmma_the_decoded_weights_in_registers(quant: str, gemm: str) -> None:
    """Swapped (`GemmTiles.swap`, `Tiles.swap`), the weight tile decoded in registers is wgmma's first
    operand, which it reads from registers; unswapped it is the second, which wgmma reads only from
    shared memory, so the decoded tile makes a round trip there first (64-row tiles, prefill's)."""

    def build(swap: bool) -> triton.compiler.CompiledKernel:
        if gemm == "weight-only":
            tiles = weight_only.Tiles(64, 64, 128, swap=swap)
            return skinny_build_check.build(tiles, 64, False, "bf16", 90, quant)
        return fused_moe_build_check.build("_gate_up_kernel", quant, 64, GemmTiles(64, 64, 4, 4, swap), 90)

    swapped, unswapped = wgmma_register_first_operands(build(True)), wgmma_register_first_operands(build(False))
    assert swapped[0] > 0 and swapped[1] == swapped[0], swapped
    assert unswapped[0] > 0 and unswapped[1] == 0, unswapped


def test_nvfp4_nibbles_decode_in_pairs_on_the_gpu() -> None:
    """Built for the GPU, every NVFP4 tile decodes its nibbles through `codes.E2M1_PAIRS` (two a 32-bit
    register), not Triton's one-per-lane integer ops, which only the interpreter keeps."""
    marker = "prmt.b32 a"  # the PTX's first line, spreading two bytes to a register's halves
    missing = [name for name, kernel in nvfp4_builds().items() if marker not in kernel.asm["ptx"]]
    assert not missing, missing


@pytest.mark.parametrize("arch", [86, 90, 120])
def test_e4m3_weights_reach_bf16_without_the_conversion_pipe(arch: int) -> None:
    """Built for the GPU with bfloat16 activations, the fused MoE's block-FP8 GEMMs (decode and 64-row tiles)
    and the weight-only FP8 GEMMs decode their E4M3 codes through `codes.E4M3_BF16_QUADS` (integer ops and a
    multiply), not `cvt` to float16 and then to bfloat16 one value at a time, which bound the K loop."""
    built = {}
    for pairs in (1.0, 50.0):
        tiles = default_tiles(pairs, "fp8_block", divmod(arch, 10))
        for kernel, gemm in (("_gate_up_kernel", tiles.gate_up), ("_down_kernel", tiles.down)):
            built[f"{kernel} x{pairs:g}"] = fused_moe_build_check.build(kernel, "fp8_block", tiles.block_m, gemm, arch)
    wo_tiles = SkinnyConfig(64, 128, weight_only.TARGET_PROGRAMS, True)
    for kind in ("fp8", "fp8_block"):
        built[f"weight-only {kind}"] = skinny_build_check.build(wo_tiles, 1, False, "bf16", arch, kind)
    multiplier = "0x7B807B80"  # the quads' 2^120 in both halves
    wrong = [n for n, k in built.items() if multiplier not in k.asm["ptx"] or "cvt.rn.bf16.f16" in k.asm["ptx"]]
    assert not wrong, wrong


def test_every_kernel_has_a_build_case() -> None:
    """A new `*_kernel` in `model/kernels` needs a case here, so that it too is built before a GPU run."""
    modules = (act_quant, attention_decode, attention_prefill, expert_copy, expert_plan, fused_moe, gdn_decode, hc_read)
    modules += (ple_gather, qsa_select, qsa_tiles, router, weight_only)
    kernels = {
        name
        for module in modules
        for name, value in vars(module).items()
        if isinstance(value, triton.runtime.JITFunction) and name.endswith("_kernel")
    }
    covered = {fn.__name__ for fn, *_ in CASES.values()} | {"_gate_up_kernel", "_down_kernel", "_wo_kernel"}
    assert kernels == covered
    sources = Path(attention_decode.__file__).parent.glob("*.py")
    with_kernels = {p.stem for p in sources if re.search(r"@triton\.jit(\([^\n]*\))?\ndef \w+_kernel\(", p.read_text())}
    assert with_kernels == {m.__name__.rsplit(".", 1)[1] for m in modules}
