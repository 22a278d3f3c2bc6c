"""The bench profile's kernel classes: names seen in H200 traces land where the measurements say."""

from __future__ import annotations

import pytest

from qcompile.commands.kernel_profile import kernel_class


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
