"""The Triton kernels changed since their last GPU run build for the H200 (sm_90) here, without a GPU.

Triton's interpreter runs a kernel's Python body, so it accepts code the compiler rejects (a loop
variable whose shape changes, found by the first GPU run of bebfd8e's merge); building for sm_90 with
Triton's bundled ptxas runs the real front end and back end at the bench's sizes.
"""

from __future__ import annotations

from typing import Any

import pytest
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

from model.kernels import attention_decode, fused_moe


def build_sm90(fn: Any, types: dict[str, str], constexprs: dict[str, Any], num_warps: int = 4) -> None:
    """Compile `fn` for sm_90: arguments in `types` take that type, those in `constexprs` their value,
    the rest are int32."""
    signature = {a: "constexpr" if a in constexprs else types.get(a, "i32") for a in fn.arg_names}
    source = ASTSource(fn=fn, signature=signature, constexprs=constexprs)
    triton.compile(source, target=GPUTarget("cuda", 90, 32), options={"num_warps": num_warps})


@pytest.mark.parametrize("splits", [2, 9, 33])
def test_merge_kernel_builds(splits: int) -> None:
    """Bench geometry (12 query heads a KV head, D 256), 2 to 33 splits: a partial last step of eight."""
    types = {"part_acc": "*fp32", "part_ml": "*fp32", "out": "*bf16"}
    constexprs = {"HQ": 24, "G": 12, "D": 256, "BG": 16, "BD": 256, "BDM": attention_decode.MERGE_D}
    constexprs |= {"SPLITS": splits, "BS": triton.next_power_of_2(splits), "SC": attention_decode.MERGE_S}
    build_sm90(attention_decode._merge_kernel, types, constexprs)


@pytest.mark.parametrize(("splits", "qsa"), [(1, False), (33, True)])
def test_split_kernel_builds(splits: int, qsa: bool) -> None:
    """One split writing the output itself, and QSA's chosen blocks over 33 splits."""
    types = {p: "*bf16" for p in ("q", "k_cache", "v_cache", "out")}
    types |= {"slots": "*i64", "positions": "*i64", "chosen": "*i8", "part_acc": "*fp32", "part_ml": "*fp32"}
    types |= {"scale": "fp32"}
    constexprs = {"HQ": 24, "G": 12, "D": 256, "BG": 16, "BD": 256, "BN": attention_decode.BLOCK_N}
    constexprs |= {"SPLIT_LEN": 64, "SPLITS": splits, "QSA": qsa, "BLOCK": 4, "NCHOSEN": 519, "IEEE": False}
    build_sm90(attention_decode._split_kernel, types, constexprs)


def test_align_prefix_kernel_builds() -> None:
    """The chunk counts' running totals at 128 experts (16 chunks a step)."""
    constexprs = {"ROWS": fused_moe.ALIGN_CHUNK_ELEMENTS // 128, "E_BLOCK": 128}
    build_sm90(fused_moe._prefix_kernel, {"counts": "*i32"}, constexprs)
