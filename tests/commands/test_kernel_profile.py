"""The bench profile: names seen in H200 traces land in the classes the measurements say; overlapping
(programmatically dependent) kernels are charged their own time."""

from __future__ import annotations

import pytest

from qcompile.commands.kernel_profile import kernel_class, own_us


@pytest.mark.parametrize(
    ("name", "klass"),
    [
        ("_gate_up_kernel", "fused moe"),
        ("_decode_kernel", "gdn"),
        ("chunk_gated_delta_rule_fwd_kernel_h_blockdim64", "gdn"),
        ("_split_kernel", "attention"),
        ("triton_per_fused_add_mul_rsqrt_0", "inductor triton"),
        ("nvjet_sm90_tst_128x8_64x12_4x1_v_bz_TNT", "gemm"),
        ("void cublasLt::splitKreduce_kernel<32, 16, int, float>", "gemm"),
        ("void at::native::vectorized_gather_kernel<16, long>(char*, char*, long*, int)", "gather/scatter"),
        ("void at::native::unrolled_elementwise_kernel<at::native::direct_copy_kernel_cuda", "copy"),
        ("void at::native::radixSortKVInPlace<-2, -1, 32, 32, float, long, unsigned int>", "sort/topk"),
        ("void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float>>", "aten elementwise"),
        ("Memcpy DtoD (Device -> Device)", "copy"),
    ],
)
def test_kernel_classes(name: str, klass: str) -> None:
    assert kernel_class(name) == klass


def test_a_waiting_kernel_is_charged_from_its_predecessor_s_end() -> None:
    """Stream a: 0-10, a dependent started at 4 and done at 15, then one after a gap (20-22); stream b
    overlaps a but is its own stream. The charges sum to each stream's busy time."""
    intervals = [("a", 4.0, 15.0), ("b", 5.0, 9.0), ("a", 0.0, 10.0), ("a", 20.0, 22.0)]
    assert own_us(intervals) == [5.0, 4.0, 10.0, 2.0]


def test_a_kernel_inside_a_longer_one_is_charged_nothing() -> None:
    assert own_us([("s", 0.0, 10.0), ("s", 2.0, 8.0), ("s", 3.0, 12.0)]) == [10.0, 0.0, 2.0]
