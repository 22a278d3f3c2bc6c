r"""
Compile-time auto-tuning block:

import torch
from math import inf, nan
from torch._dynamo.testing import rand_strided
from torch._dynamo.utils import preserve_rng_state
from torch._inductor.select_algorithm import AlgorithmSelectorCache
from torch._inductor.async_compile import AsyncCompile

async_compile = AsyncCompile()
generate_example_value = AlgorithmSelectorCache.generate_example_value
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
empty_strided_xpu = torch._C._dynamo.guards._empty_strided_xpu

async_compile.wait(globals())
del async_compile
"""
from ctypes import c_void_p, c_long, c_int
import torch
import math
import random
import os
import tempfile
from math import inf, nan
from cmath import nanj
from torch._inductor.hooks import run_intermediate_hooks
from torch._inductor.utils import maybe_profile
from torch._inductor.codegen.memory_planning import _align as align
from torch import device, empty_strided
from torch._inductor.async_compile import AsyncCompile
from torch._inductor.select_algorithm import extern_kernels

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
_quantized = torch.ops._quantized
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
assert_alignment = torch._C._dynamo.guards.assert_alignment
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu
empty_strided_cpu_pinned = torch._C._dynamo.guards._empty_strided_cpu_pinned
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
empty_strided_xpu = torch._C._dynamo.guards._empty_strided_xpu
empty_strided_mtia = torch._C._dynamo.guards._empty_strided_mtia
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
alloc_from_pool = torch.ops.inductor._alloc_from_pool
async_compile = AsyncCompile()
empty_strided_p2p = torch._C._distributed_c10d._SymmetricMemory.empty_strided_p2p


cpp_fused_add_any_arange_bitwise_xor_clamp_clamp_min_eq_exp_ge_index_index_copy_mean_mul_neg_pow_remainder_rsqrt_scalar_tensor_select_sigmoid_slice_unsqueeze_view_where_0 = async_compile.cpp_pybinding(['const float*', 'const int64_t*', 'const int64_t*', 'const int64_t*', 'const int64_t*', 'const int64_t*', 'const int64_t*', 'const int64_t*', 'const float*', 'const float*', 'const float*', 'const int64_t*', 'float*', 'int64_t*', 'int64_t*', 'int64_t*', 'float*', 'int64_t*', 'float*', 'int64_t*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const int64_t* in_ptr1,
                       const int64_t* in_ptr2,
                       const int64_t* in_ptr3,
                       const int64_t* in_ptr4,
                       const int64_t* in_ptr5,
                       const int64_t* in_ptr6,
                       const int64_t* in_ptr7,
                       const float* in_ptr8,
                       const float* in_ptr9,
                       const float* in_ptr10,
                       const int64_t* in_ptr11,
                       float* out_ptr0,
                       int64_t* out_ptr1,
                       int64_t* out_ptr2,
                       int64_t* out_ptr3,
                       float* out_ptr4,
                       int64_t* out_ptr5,
                       float* out_ptr6,
                       int64_t* out_ptr7,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L*ks0); x0+=static_cast<int64_t>(1L))
        {
            {
                float tmp_acc0 = 0;
                at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(16L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 16L*x0), static_cast<int64_t>(16));
                            auto tmp1 = tmp0 * tmp0;
                            tmp_acc0_vec = tmp_acc0_vec + tmp1;
                        }
                    }
                }
                tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                out_ptr0[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L))))))
                {
                    auto tmp0 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp5 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr2 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp6 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr3 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp34 = in_ptr5[static_cast<int64_t>(0L)];
                    auto tmp41 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = static_cast<int64_t>(std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0 + x0_inner)));
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    TORCH_CHECK((at::vec::VecMask<int64_t,2>(tmp41 < at::vec::VectorizedN<int64_t,2>(ks0))).all_masked(), "index out of bounds: tmp41 < ks0");
                    auto tmp43 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0 + x0_inner)))];
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp58 = in_ptr5[static_cast<int64_t>(1L)];
                    auto tmp1 = static_cast<int64_t>(0);
                    auto tmp2 = at::vec::VectorizedN<int64_t,2>(tmp1);
                    auto tmp3 = tmp0 + tmp2;
                    auto tmp4 = at::vec::VecMask<int64_t,2>(tmp3 >= tmp2);
                    auto tmp7 = 3L;
                    auto tmp8 = c10::convert<int64_t>(tmp7);
                    auto tmp9 = at::vec::VectorizedN<int64_t,2>(tmp8);
                    auto tmp10 = tmp6 + tmp9;
                    auto tmp11 = at::vec::VecMask<int64_t,2>(tmp6 < tmp2);
                    auto tmp12 = decltype(tmp10)::blendv(tmp6, tmp10, tmp11.template cast<int64_t,2>());
                    auto tmp13 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        tmp12.store(tmpbuf.data(), static_cast<int64_t>(16));
                        return tmpbuf;
                    }
                    ()
                    ;
                    auto tmp14 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = static_cast<int64_t>(tmp13[x0_inner]);
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    TORCH_CHECK((at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp14) & (tmp14 < at::vec::VectorizedN<int64_t,2>(3L)))).all_masked(), "index out of bounds: 0 <= tmp14 < 3L");
                    auto tmp16 = static_cast<int64_t>(2);
                    auto tmp17 = at::vec::VectorizedN<int64_t,2>(tmp16);
                    auto tmp18 = tmp3 + tmp17;
                    auto tmp19 = at::vec::maximum(tmp18, tmp2);
                    auto tmp20 = static_cast<int64_t>(1);
                    auto tmp21 = at::vec::VectorizedN<int64_t,2>(tmp20);
                    auto tmp22 = at::vec::minimum(tmp19, tmp21);
                    auto tmp23 = 2L;
                    auto tmp24 = c10::convert<int64_t>(tmp23);
                    auto tmp25 = at::vec::VectorizedN<int64_t,2>(tmp24);
                    auto tmp26 = tmp22 + tmp25;
                    auto tmp27 = at::vec::VecMask<int64_t,2>(tmp22 < tmp2);
                    auto tmp28 = decltype(tmp26)::blendv(tmp22, tmp26, tmp27.template cast<int64_t,2>());
                    auto tmp29 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        tmp28.store(tmpbuf.data(), static_cast<int64_t>(16));
                        return tmpbuf;
                    }
                    ()
                    ;
                    auto tmp30 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = static_cast<int64_t>(tmp29[x0_inner]);
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    TORCH_CHECK((at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp30) & (tmp30 < at::vec::VectorizedN<int64_t,2>(2L)))).all_masked(), "index out of bounds: 0 <= tmp30 < 2L");
                    auto tmp32 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr4[static_cast<int64_t>(tmp29[x0_inner] + 2L*tmp13[x0_inner])];
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp33 = decltype(tmp5)::blendv(tmp32, tmp5, tmp4.template cast<int64_t,2>());
                    auto tmp35 = at::vec::VectorizedN<int64_t,2>(tmp34);
                    auto tmp36 = tmp33 * tmp35;
                    auto tmp37 = static_cast<int64_t>(-1);
                    auto tmp38 = at::vec::VectorizedN<int64_t,2>(tmp37);
                    auto tmp39 = tmp0 + tmp38;
                    auto tmp40 = at::vec::VecMask<int64_t,2>(tmp39 >= tmp2);
                    auto tmp44 = tmp39 + tmp17;
                    auto tmp45 = at::vec::maximum(tmp44, tmp2);
                    auto tmp46 = at::vec::minimum(tmp45, tmp21);
                    auto tmp47 = tmp46 + tmp25;
                    auto tmp48 = at::vec::VecMask<int64_t,2>(tmp46 < tmp2);
                    auto tmp49 = decltype(tmp47)::blendv(tmp46, tmp47, tmp48.template cast<int64_t,2>());
                    auto tmp50 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        tmp49.store(tmpbuf.data(), static_cast<int64_t>(16));
                        return tmpbuf;
                    }
                    ()
                    ;
                    auto tmp51 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = static_cast<int64_t>(tmp50[x0_inner]);
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    TORCH_CHECK((at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp51) & (tmp51 < at::vec::VectorizedN<int64_t,2>(2L)))).all_masked(), "index out of bounds: 0 <= tmp51 < 2L");
                    auto tmp53 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr4[static_cast<int64_t>(tmp50[x0_inner] + 2L*tmp13[x0_inner])];
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp54 = decltype(tmp43)::blendv(tmp53, tmp43, tmp40.template cast<int64_t,2>());
                    auto tmp55 = static_cast<bool>(false);
                    auto tmp56 = at::vec::VecMask<float,1>::from(tmp55);
                    auto tmp57 = decltype(tmp21)::blendv(tmp54, tmp21, tmp56.template cast<int64_t,2>());
                    auto tmp59 = at::vec::VectorizedN<int64_t,2>(tmp58);
                    auto tmp60 = tmp57 * tmp59;
                    auto tmp61 = tmp36 ^ tmp60;
                    tmp61.store(out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                }
                if(C10_UNLIKELY(x0 >= static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))) && x0 < static_cast<int64_t>(ks0)))
                {
                    auto tmp0 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    auto tmp5 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr2 + static_cast<int64_t>(x0), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    auto tmp6 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr3 + static_cast<int64_t>(x0), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    auto tmp34 = in_ptr5[static_cast<int64_t>(0L)];
                    auto tmp41 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                        {
                            tmpbuf[x0_inner] = static_cast<int64_t>(std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0 + x0_inner)));
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    }
                    ()
                    ;
                    TORCH_CHECK((at::vec::VecMask<int64_t,2>::set(at::vec::VecMask<int64_t,2>::from(1), (at::vec::VecMask<int64_t,2>(tmp41 < at::vec::VectorizedN<int64_t,2>(ks0))), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))))).all_masked(), "index out of bounds: tmp41 < ks0");
                    auto tmp43 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0 + x0_inner)))];
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    }
                    ()
                    ;
                    auto tmp58 = in_ptr5[static_cast<int64_t>(1L)];
                    auto tmp1 = static_cast<int64_t>(0);
                    auto tmp2 = at::vec::VectorizedN<int64_t,2>(tmp1);
                    auto tmp3 = tmp0 + tmp2;
                    auto tmp4 = at::vec::VecMask<int64_t,2>(tmp3 >= tmp2);
                    auto tmp7 = 3L;
                    auto tmp8 = c10::convert<int64_t>(tmp7);
                    auto tmp9 = at::vec::VectorizedN<int64_t,2>(tmp8);
                    auto tmp10 = tmp6 + tmp9;
                    auto tmp11 = at::vec::VecMask<int64_t,2>(tmp6 < tmp2);
                    auto tmp12 = decltype(tmp10)::blendv(tmp6, tmp10, tmp11.template cast<int64_t,2>());
                    auto tmp13 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        tmp12.store(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                        return tmpbuf;
                    }
                    ()
                    ;
                    auto tmp14 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                        {
                            tmpbuf[x0_inner] = static_cast<int64_t>(tmp13[x0_inner]);
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    }
                    ()
                    ;
                    TORCH_CHECK((at::vec::VecMask<int64_t,2>::set(at::vec::VecMask<int64_t,2>::from(1), (at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp14) & (tmp14 < at::vec::VectorizedN<int64_t,2>(3L)))), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))))).all_masked(), "index out of bounds: 0 <= tmp14 < 3L");
                    auto tmp16 = static_cast<int64_t>(2);
                    auto tmp17 = at::vec::VectorizedN<int64_t,2>(tmp16);
                    auto tmp18 = tmp3 + tmp17;
                    auto tmp19 = at::vec::maximum(tmp18, tmp2);
                    auto tmp20 = static_cast<int64_t>(1);
                    auto tmp21 = at::vec::VectorizedN<int64_t,2>(tmp20);
                    auto tmp22 = at::vec::minimum(tmp19, tmp21);
                    auto tmp23 = 2L;
                    auto tmp24 = c10::convert<int64_t>(tmp23);
                    auto tmp25 = at::vec::VectorizedN<int64_t,2>(tmp24);
                    auto tmp26 = tmp22 + tmp25;
                    auto tmp27 = at::vec::VecMask<int64_t,2>(tmp22 < tmp2);
                    auto tmp28 = decltype(tmp26)::blendv(tmp22, tmp26, tmp27.template cast<int64_t,2>());
                    auto tmp29 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        tmp28.store(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                        return tmpbuf;
                    }
                    ()
                    ;
                    auto tmp30 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                        {
                            tmpbuf[x0_inner] = static_cast<int64_t>(tmp29[x0_inner]);
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    }
                    ()
                    ;
                    TORCH_CHECK((at::vec::VecMask<int64_t,2>::set(at::vec::VecMask<int64_t,2>::from(1), (at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp30) & (tmp30 < at::vec::VectorizedN<int64_t,2>(2L)))), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))))).all_masked(), "index out of bounds: 0 <= tmp30 < 2L");
                    auto tmp32 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr4[static_cast<int64_t>(tmp29[x0_inner] + 2L*tmp13[x0_inner])];
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    }
                    ()
                    ;
                    auto tmp33 = decltype(tmp5)::blendv(tmp32, tmp5, tmp4.template cast<int64_t,2>());
                    auto tmp35 = at::vec::VectorizedN<int64_t,2>(tmp34);
                    auto tmp36 = tmp33 * tmp35;
                    auto tmp37 = static_cast<int64_t>(-1);
                    auto tmp38 = at::vec::VectorizedN<int64_t,2>(tmp37);
                    auto tmp39 = tmp0 + tmp38;
                    auto tmp40 = at::vec::VecMask<int64_t,2>(tmp39 >= tmp2);
                    auto tmp44 = tmp39 + tmp17;
                    auto tmp45 = at::vec::maximum(tmp44, tmp2);
                    auto tmp46 = at::vec::minimum(tmp45, tmp21);
                    auto tmp47 = tmp46 + tmp25;
                    auto tmp48 = at::vec::VecMask<int64_t,2>(tmp46 < tmp2);
                    auto tmp49 = decltype(tmp47)::blendv(tmp46, tmp47, tmp48.template cast<int64_t,2>());
                    auto tmp50 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        tmp49.store(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                        return tmpbuf;
                    }
                    ()
                    ;
                    auto tmp51 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                        {
                            tmpbuf[x0_inner] = static_cast<int64_t>(tmp50[x0_inner]);
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    }
                    ()
                    ;
                    TORCH_CHECK((at::vec::VecMask<int64_t,2>::set(at::vec::VecMask<int64_t,2>::from(1), (at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp51) & (tmp51 < at::vec::VectorizedN<int64_t,2>(2L)))), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))))).all_masked(), "index out of bounds: 0 <= tmp51 < 2L");
                    auto tmp53 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr4[static_cast<int64_t>(tmp50[x0_inner] + 2L*tmp13[x0_inner])];
                        }
                        return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    }
                    ()
                    ;
                    auto tmp54 = decltype(tmp43)::blendv(tmp53, tmp43, tmp40.template cast<int64_t,2>());
                    auto tmp55 = static_cast<bool>(false);
                    auto tmp56 = at::vec::VecMask<float,1>::from(tmp55);
                    auto tmp57 = decltype(tmp21)::blendv(tmp54, tmp21, tmp56.template cast<int64_t,2>());
                    auto tmp59 = at::vec::VectorizedN<int64_t,2>(tmp58);
                    auto tmp60 = tmp57 * tmp59;
                    auto tmp61 = tmp36 ^ tmp60;
                    tmp61.store(out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(2L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(2L)))
                    {
                        auto tmp0 = out_ptr1[static_cast<int64_t>(x0)];
                        auto tmp1 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr6 + static_cast<int64_t>(x1), static_cast<int64_t>(2L));
                        auto tmp4 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr7 + static_cast<int64_t>(x1), static_cast<int64_t>(2L));
                        auto tmp6 = in_ptr1[static_cast<int64_t>(x0)];
                        auto tmp11 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0));
                        auto tmp12 = c10::convert<int64_t>(tmp11);
                        TORCH_CHECK(tmp12 < ks0, "index out of bounds: tmp12 < ks0");
                        auto tmp14 = in_ptr2[static_cast<int64_t>(std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0)))];
                        auto tmp15 = in_ptr3[static_cast<int64_t>(x0)];
                        auto tmp45 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0));
                        auto tmp46 = c10::convert<int64_t>(tmp45);
                        TORCH_CHECK(tmp46 < ks0, "index out of bounds: tmp46 < ks0");
                        auto tmp48 = in_ptr2[static_cast<int64_t>(std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0)))];
                        auto tmp61 = in_ptr5[static_cast<int64_t>(2L)];
                        auto tmp64 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr6 + static_cast<int64_t>(2L + x1), static_cast<int64_t>(2L));
                        auto tmp67 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr7 + static_cast<int64_t>(2L + x1), static_cast<int64_t>(2L));
                        auto tmp2 = at::vec::VectorizedN<int64_t,2>(tmp0);
                        auto tmp3 = remainder_integral(tmp2, tmp1);
                        auto tmp5 = tmp3 + tmp4;
                        auto tmp7 = static_cast<int64_t>(-1);
                        auto tmp8 = int64_t(tmp6 + tmp7);
                        auto tmp9 = static_cast<int64_t>(0);
                        auto tmp10 = tmp8 >= tmp9;
                        auto tmp16 = 3L;
                        auto tmp17 = c10::convert<int64_t>(tmp16);
                        auto tmp18 = int64_t(tmp15 + tmp17);
                        auto tmp19 = tmp15 < 0;
                        auto tmp20 = tmp19 ? tmp18 : tmp15;
                        auto tmp21 = tmp20;
                        auto tmp22 = c10::convert<int64_t>(tmp21);
                        TORCH_CHECK((0 <= tmp22) & (tmp22 < 3L), "index out of bounds: 0 <= tmp22 < 3L");
                        auto tmp24 = static_cast<int64_t>(2);
                        auto tmp25 = int64_t(tmp8 + tmp24);
                        auto tmp26 = max_propagate_nan(tmp25, tmp9);
                        auto tmp27 = static_cast<int64_t>(1);
                        auto tmp28 = min_propagate_nan(tmp26, tmp27);
                        auto tmp29 = 2L;
                        auto tmp30 = c10::convert<int64_t>(tmp29);
                        auto tmp31 = int64_t(tmp28 + tmp30);
                        auto tmp32 = tmp28 < 0;
                        auto tmp33 = tmp32 ? tmp31 : tmp28;
                        auto tmp34 = tmp33;
                        auto tmp35 = c10::convert<int64_t>(tmp34);
                        TORCH_CHECK((0 <= tmp35) & (tmp35 < 2L), "index out of bounds: 0 <= tmp35 < 2L");
                        auto tmp37 = in_ptr4[static_cast<int64_t>(tmp33 + 2L*tmp20)];
                        auto tmp38 = tmp10 ? tmp14 : tmp37;
                        auto tmp39 = tmp38 == tmp27;
                        auto tmp40 = c10::convert<int64_t>(tmp39);
                        auto tmp41 = c10::convert<bool>(tmp40);
                        auto tmp42 = static_cast<int64_t>(-2);
                        auto tmp43 = int64_t(tmp6 + tmp42);
                        auto tmp44 = tmp43 >= tmp9;
                        auto tmp49 = int64_t(tmp43 + tmp24);
                        auto tmp50 = max_propagate_nan(tmp49, tmp9);
                        auto tmp51 = min_propagate_nan(tmp50, tmp27);
                        auto tmp52 = int64_t(tmp51 + tmp30);
                        auto tmp53 = tmp51 < 0;
                        auto tmp54 = tmp53 ? tmp52 : tmp51;
                        auto tmp55 = tmp54;
                        auto tmp56 = c10::convert<int64_t>(tmp55);
                        TORCH_CHECK((0 <= tmp56) & (tmp56 < 2L), "index out of bounds: 0 <= tmp56 < 2L");
                        auto tmp58 = in_ptr4[static_cast<int64_t>(tmp54 + 2L*tmp20)];
                        auto tmp59 = tmp44 ? tmp48 : tmp58;
                        auto tmp60 = tmp41 ? tmp27 : tmp59;
                        auto tmp62 = int64_t(tmp60 * tmp61);
                        auto tmp63 = decltype(tmp0)(tmp0 ^ tmp62);
                        auto tmp65 = at::vec::VectorizedN<int64_t,2>(tmp63);
                        auto tmp66 = remainder_integral(tmp65, tmp64);
                        auto tmp68 = tmp66 + tmp67;
                        tmp5.store(out_ptr2 + static_cast<int64_t>(x1 + 4L*x0), static_cast<int64_t>(2L));
                        tmp68.store(out_ptr3 + static_cast<int64_t>(x1 + 4L*x0), static_cast<int64_t>(2L));
                    }
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0L) && x0 < static_cast<int64_t>(4L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr8 + static_cast<int64_t>(x0), static_cast<int64_t>(4L));
                    auto tmp1 = tmp0.exp();
                    auto tmp2 = tmp1.neg();
                    tmp2.store(out_ptr4 + static_cast<int64_t>(x0), static_cast<int64_t>(4L));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(16L))
        {
            #pragma GCC ivdep
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(3L); x1+=static_cast<int64_t>(1L))
            {
                {
                    if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L))))))
                    {
                        auto tmp0 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                        auto tmp8 =
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            #pragma GCC unroll 16
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                            {
                                tmpbuf[x0_inner] = static_cast<int64_t>(std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0 + x0_inner + x1)));
                            }
                            return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                        }
                        ()
                        ;
                        TORCH_CHECK((at::vec::VecMask<int64_t,2>(tmp8 < at::vec::VectorizedN<int64_t,2>(ks0))).all_masked(), "index out of bounds: tmp8 < ks0");
                        auto tmp10 =
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            #pragma GCC unroll 16
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                            {
                                tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0 + x0_inner + x1)))];
                            }
                            return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                        }
                        ()
                        ;
                        auto tmp11 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr3 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                        auto tmp1 = (-2L) + x1;
                        auto tmp2 = c10::convert<int64_t>(tmp1);
                        auto tmp3 = at::vec::VectorizedN<int64_t,2>(tmp2);
                        auto tmp4 = tmp0 + tmp3;
                        auto tmp5 = static_cast<int64_t>(0);
                        auto tmp6 = at::vec::VectorizedN<int64_t,2>(tmp5);
                        auto tmp7 = at::vec::VecMask<int64_t,2>(tmp4 >= tmp6);
                        auto tmp12 = 3L;
                        auto tmp13 = c10::convert<int64_t>(tmp12);
                        auto tmp14 = at::vec::VectorizedN<int64_t,2>(tmp13);
                        auto tmp15 = tmp11 + tmp14;
                        auto tmp16 = at::vec::VecMask<int64_t,2>(tmp11 < tmp6);
                        auto tmp17 = decltype(tmp15)::blendv(tmp11, tmp15, tmp16.template cast<int64_t,2>());
                        auto tmp18 =
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            tmp17.store(tmpbuf.data(), static_cast<int64_t>(16));
                            return tmpbuf;
                        }
                        ()
                        ;
                        auto tmp19 =
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            #pragma GCC unroll 16
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                            {
                                tmpbuf[x0_inner] = static_cast<int64_t>(tmp18[x0_inner]);
                            }
                            return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                        }
                        ()
                        ;
                        TORCH_CHECK((at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp19) & (tmp19 < at::vec::VectorizedN<int64_t,2>(3L)))).all_masked(), "index out of bounds: 0 <= tmp19 < 3L");
                        auto tmp21 = static_cast<int64_t>(2);
                        auto tmp22 = at::vec::VectorizedN<int64_t,2>(tmp21);
                        auto tmp23 = tmp4 + tmp22;
                        auto tmp24 = at::vec::maximum(tmp23, tmp6);
                        auto tmp25 = static_cast<int64_t>(1);
                        auto tmp26 = at::vec::VectorizedN<int64_t,2>(tmp25);
                        auto tmp27 = at::vec::minimum(tmp24, tmp26);
                        auto tmp28 = 2L;
                        auto tmp29 = c10::convert<int64_t>(tmp28);
                        auto tmp30 = at::vec::VectorizedN<int64_t,2>(tmp29);
                        auto tmp31 = tmp27 + tmp30;
                        auto tmp32 = at::vec::VecMask<int64_t,2>(tmp27 < tmp6);
                        auto tmp33 = decltype(tmp31)::blendv(tmp27, tmp31, tmp32.template cast<int64_t,2>());
                        auto tmp34 =
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            tmp33.store(tmpbuf.data(), static_cast<int64_t>(16));
                            return tmpbuf;
                        }
                        ()
                        ;
                        auto tmp35 =
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            #pragma GCC unroll 16
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                            {
                                tmpbuf[x0_inner] = static_cast<int64_t>(tmp34[x0_inner]);
                            }
                            return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                        }
                        ()
                        ;
                        TORCH_CHECK((at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp35) & (tmp35 < at::vec::VectorizedN<int64_t,2>(2L)))).all_masked(), "index out of bounds: 0 <= tmp35 < 2L");
                        auto tmp37 =
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            #pragma GCC unroll 16
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                            {
                                tmpbuf[x0_inner] = in_ptr4[static_cast<int64_t>(tmp34[x0_inner] + 2L*tmp18[x0_inner])];
                            }
                            return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                        }
                        ()
                        ;
                        auto tmp38 = decltype(tmp10)::blendv(tmp37, tmp10, tmp7.template cast<int64_t,2>());
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            tmp38.store(tmpbuf.data(), static_cast<int64_t>(16));
                            #pragma GCC unroll 16
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                            {
                                out_ptr5[static_cast<int64_t>(x1 + 3L*x0 + 3L*x0_inner)] = tmpbuf[x0_inner];
                            }
                        }
                        ()
                        ;
                    }
                    if(C10_UNLIKELY(x0 >= static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))) && x0 < static_cast<int64_t>(ks0)))
                    {
                        for (int64_t x0_tail = static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L))));x0_tail < static_cast<int64_t>(ks0); x0_tail++)
                        {
                            auto tmp0 = in_ptr1[static_cast<int64_t>(x0_tail)];
                            auto tmp6 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0_tail + x1));
                            auto tmp7 = c10::convert<int64_t>(tmp6);
                            TORCH_CHECK(tmp7 < ks0, "index out of bounds: tmp7 < ks0");
                            auto tmp9 = in_ptr2[static_cast<int64_t>(std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0_tail + x1)))];
                            auto tmp10 = in_ptr3[static_cast<int64_t>(x0_tail)];
                            auto tmp1 = (-2L) + x1;
                            auto tmp2 = c10::convert<int64_t>(tmp1);
                            auto tmp3 = int64_t(tmp0 + tmp2);
                            auto tmp4 = static_cast<int64_t>(0);
                            auto tmp5 = tmp3 >= tmp4;
                            auto tmp11 = 3L;
                            auto tmp12 = c10::convert<int64_t>(tmp11);
                            auto tmp13 = int64_t(tmp10 + tmp12);
                            auto tmp14 = tmp10 < 0;
                            auto tmp15 = tmp14 ? tmp13 : tmp10;
                            auto tmp16 = tmp15;
                            auto tmp17 = c10::convert<int64_t>(tmp16);
                            TORCH_CHECK((0 <= tmp17) & (tmp17 < 3L), "index out of bounds: 0 <= tmp17 < 3L");
                            auto tmp19 = static_cast<int64_t>(2);
                            auto tmp20 = int64_t(tmp3 + tmp19);
                            auto tmp21 = max_propagate_nan(tmp20, tmp4);
                            auto tmp22 = static_cast<int64_t>(1);
                            auto tmp23 = min_propagate_nan(tmp21, tmp22);
                            auto tmp24 = 2L;
                            auto tmp25 = c10::convert<int64_t>(tmp24);
                            auto tmp26 = int64_t(tmp23 + tmp25);
                            auto tmp27 = tmp23 < 0;
                            auto tmp28 = tmp27 ? tmp26 : tmp23;
                            auto tmp29 = tmp28;
                            auto tmp30 = c10::convert<int64_t>(tmp29);
                            TORCH_CHECK((0 <= tmp30) & (tmp30 < 2L), "index out of bounds: 0 <= tmp30 < 2L");
                            auto tmp32 = in_ptr4[static_cast<int64_t>(tmp28 + 2L*tmp15)];
                            auto tmp33 = tmp5 ? tmp9 : tmp32;
                            out_ptr5[static_cast<int64_t>(x1 + 3L*x0_tail)] = tmp33;
                        }
                    }
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            #pragma GCC ivdep
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(1L))
            {
                for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(16L); x2+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(16L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr9 + static_cast<int64_t>(x2), static_cast<int64_t>(16));
                            auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x2 + 16L*x1 + 64L*x0), static_cast<int64_t>(16));
                            auto tmp2 = out_ptr0[static_cast<int64_t>(x1 + 4L*x0)];
                            auto tmp11 = at::vec::Vectorized<float>::loadu(in_ptr10 + static_cast<int64_t>(x2 + 16L*x1 + 224L*x0), static_cast<int64_t>(16));
                            auto tmp3 = static_cast<float>(16.0);
                            auto tmp4 = tmp2 / tmp3;
                            auto tmp5 = static_cast<float>(1e-06);
                            auto tmp6 = float(tmp4 + tmp5);
                            auto tmp7 = 1 / std::sqrt(tmp6);
                            auto tmp8 = at::vec::Vectorized<float>(tmp7);
                            auto tmp9 = tmp1 * tmp8;
                            auto tmp10 = tmp0 * tmp9;
                            auto tmp12 = decltype(tmp11)(1)/(decltype(tmp11)(1) + tmp11.neg().exp());
                            auto tmp13 = tmp10 * tmp12;
                            tmp13.store(out_ptr6 + static_cast<int64_t>(x2 + 16L*x1 + 64L*x0));
                        }
                    }
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            #pragma GCC ivdep
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(2L); x1+=static_cast<int64_t>(1L))
            {
                {
                    {
                        auto tmp0 = in_ptr11[static_cast<int64_t>(x0)];
                        auto tmp9 = out_ptr5[static_cast<int64_t>(1L + x1 + 3L*x0)];
                        auto tmp1 = 3L;
                        auto tmp2 = c10::convert<int64_t>(tmp1);
                        auto tmp3 = int64_t(tmp0 + tmp2);
                        auto tmp4 = tmp0 < 0;
                        auto tmp5 = tmp4 ? tmp3 : tmp0;
                        auto tmp6 = tmp5;
                        auto tmp7 = c10::convert<int64_t>(tmp6);
                        TORCH_CHECK((0 <= tmp7) & (tmp7 < 3L), "index out of bounds: 0 <= tmp7 < 3L");
                        out_ptr7[static_cast<int64_t>(x1 + 2L*tmp5)] = tmp9;
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_add_mean_mul_pow_rsqrt_unsqueeze_view_1 = async_compile.cpp_pybinding(['const float*', 'const float*', 'const float*', 'const float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       float* out_ptr0,
                       float* out_ptr1,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
            {
                #pragma GCC ivdep
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(1L))
                {
                    {
                        float tmp_acc0 = 0;
                        at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                        for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(64L); x2+=static_cast<int64_t>(16L))
                        {
                            {
                                if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(64L)))
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0), static_cast<int64_t>(16));
                                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x2 + 64L*x0), static_cast<int64_t>(16));
                                    auto tmp2 = in_ptr2[static_cast<int64_t>(x1 + 4L*x0)];
                                    auto tmp3 = at::vec::Vectorized<float>(tmp2);
                                    auto tmp4 = tmp1 * tmp3;
                                    auto tmp5 = tmp0 + tmp4;
                                    auto tmp6 = tmp5 * tmp5;
                                    tmp_acc0_vec = tmp_acc0_vec + tmp6;
                                }
                            }
                        }
                        tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                        out_ptr0[static_cast<int64_t>(x1 + 4L*x0)] = static_cast<float>(tmp_acc0);
                    }
                    for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(64L); x2+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(64L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0), static_cast<int64_t>(16));
                                auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x2 + 64L*x0), static_cast<int64_t>(16));
                                auto tmp2 = in_ptr2[static_cast<int64_t>(x1 + 4L*x0)];
                                auto tmp6 = out_ptr0[static_cast<int64_t>(x1 + 4L*x0)];
                                auto tmp14 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x2 + 64L*x1), static_cast<int64_t>(16));
                                auto tmp3 = at::vec::Vectorized<float>(tmp2);
                                auto tmp4 = tmp1 * tmp3;
                                auto tmp5 = tmp0 + tmp4;
                                auto tmp7 = static_cast<float>(64.0);
                                auto tmp8 = tmp6 / tmp7;
                                auto tmp9 = static_cast<float>(1e-06);
                                auto tmp10 = float(tmp8 + tmp9);
                                auto tmp11 = 1 / std::sqrt(tmp10);
                                auto tmp12 = at::vec::Vectorized<float>(tmp11);
                                auto tmp13 = tmp5 * tmp12;
                                auto tmp15 = static_cast<float>(1.0);
                                auto tmp16 = at::vec::Vectorized<float>(tmp15);
                                auto tmp17 = tmp14 + tmp16;
                                auto tmp18 = tmp13 * tmp17;
                                tmp18.store(out_ptr1 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0));
                            }
                        }
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_div_mul_sigmoid_silu_split_with_sizes_2 = async_compile.cpp_pybinding(['const float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       float* out_ptr0,
                       float* out_ptr1,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(16L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 32L*x0), static_cast<int64_t>(16));
                        auto tmp1 = static_cast<float>(4.0);
                        auto tmp2 = at::vec::Vectorized<float>(tmp1);
                        auto tmp3 = tmp0 / tmp2;
                        auto tmp4 = tmp3.neg();
                        auto tmp5 = tmp4.exp();
                        auto tmp6 = static_cast<float>(1.0);
                        auto tmp7 = at::vec::Vectorized<float>(tmp6);
                        auto tmp8 = tmp5 + tmp7;
                        auto tmp9 = tmp3 / tmp8;
                        tmp9.store(out_ptr0 + static_cast<int64_t>(x1 + 16L*x0));
                    }
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(4L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(16L + x1 + 32L*x0), static_cast<int64_t>(4L));
                        auto tmp1 = static_cast<float>(4.0);
                        auto tmp2 = at::vec::Vectorized<float>(tmp1);
                        auto tmp3 = tmp0 / tmp2;
                        auto tmp4 = decltype(tmp3)(1)/(decltype(tmp3)(1) + tmp3.neg().exp());
                        auto tmp5 = static_cast<float>(2.0);
                        auto tmp6 = at::vec::Vectorized<float>(tmp5);
                        auto tmp7 = tmp4 * tmp6;
                        tmp7.store(out_ptr1 + static_cast<int64_t>(x1 + 4L*x0), static_cast<int64_t>(4L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_3 = async_compile.cpp_pybinding(['const float*', 'const float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       float* out_ptr0,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(64L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(64L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 256L*x0), static_cast<int64_t>(16));
                        auto tmp2 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 256L*x0), static_cast<int64_t>(16));
                        auto tmp4 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(64L + x1 + 256L*x0), static_cast<int64_t>(16));
                        auto tmp6 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(64L + x1 + 256L*x0), static_cast<int64_t>(16));
                        auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(128L + x1 + 256L*x0), static_cast<int64_t>(16));
                        auto tmp11 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(128L + x1 + 256L*x0), static_cast<int64_t>(16));
                        auto tmp14 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(192L + x1 + 256L*x0), static_cast<int64_t>(16));
                        auto tmp16 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(192L + x1 + 256L*x0), static_cast<int64_t>(16));
                        auto tmp1 = decltype(tmp0)(1)/(decltype(tmp0)(1) + tmp0.neg().exp());
                        auto tmp3 = tmp1 * tmp2;
                        auto tmp5 = decltype(tmp4)(1)/(decltype(tmp4)(1) + tmp4.neg().exp());
                        auto tmp7 = tmp5 * tmp6;
                        auto tmp8 = tmp3 + tmp7;
                        auto tmp10 = decltype(tmp9)(1)/(decltype(tmp9)(1) + tmp9.neg().exp());
                        auto tmp12 = tmp10 * tmp11;
                        auto tmp13 = tmp8 + tmp12;
                        auto tmp15 = decltype(tmp14)(1)/(decltype(tmp14)(1) + tmp14.neg().exp());
                        auto tmp17 = tmp15 * tmp16;
                        auto tmp18 = tmp13 + tmp17;
                        auto tmp19 = static_cast<float>(4.0);
                        auto tmp20 = at::vec::Vectorized<float>(tmp19);
                        auto tmp21 = tmp18 / tmp20;
                        tmp21.store(out_ptr0 + static_cast<int64_t>(x1 + 64L*x0));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused__softmax_mul_silu_split_with_sizes_4 = async_compile.cpp_pybinding(['const float*', 'float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       float* out_ptr0,
                       float* out_ptr1,
                       float* out_ptr2,
                       float* out_ptr3,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        std::unique_ptr<float []> buf_local_buffer_data_0 = std::make_unique<float []>(8L);
        float* local_buffer_data_0 = buf_local_buffer_data_0.get();
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            {
                float tmp_acc0 = -std::numeric_limits<float>::infinity();
                at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(-std::numeric_limits<float>::infinity());
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(8L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(8L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 96L*x0), static_cast<int64_t>(8L));
                            tmp_acc0_vec = max_masked_reduce(tmp_acc0_vec, tmp0, static_cast<int64_t>(8L));
                        }
                    }
                }
                tmp_acc0 = max_propagate_nan(tmp_acc0, at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return at::vec::maximum(x, y); }, tmp_acc0_vec));
                out_ptr0[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
            }
            {
                float tmp_acc0 = 0;
                at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(8L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(8L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 96L*x0), static_cast<int64_t>(8L));
                            auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                            auto tmp2 = at::vec::Vectorized<float>(tmp1);
                            auto tmp3 = tmp0 - tmp2;
                            auto tmp4 = tmp3.exp();
                            tmp4.store(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(8L));
                            tmp_acc0_vec = sum_masked_reduce(tmp_acc0_vec, tmp4, static_cast<int64_t>(8L));
                        }
                    }
                }
                tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                out_ptr1[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
            }
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(8L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(8L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(8L));
                        auto tmp1 = out_ptr1[static_cast<int64_t>(x0)];
                        auto tmp2 = at::vec::Vectorized<float>(tmp1);
                        auto tmp3 = tmp0 / tmp2;
                        tmp3.store(out_ptr2 + static_cast<int64_t>(x1 + 8L*x0), static_cast<int64_t>(8L));
                    }
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(32L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(32L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(32L + x1 + 96L*x0), static_cast<int64_t>(16));
                        auto tmp7 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(64L + x1 + 96L*x0), static_cast<int64_t>(16));
                        auto tmp1 = tmp0.neg();
                        auto tmp2 = tmp1.exp();
                        auto tmp3 = static_cast<float>(1.0);
                        auto tmp4 = at::vec::Vectorized<float>(tmp3);
                        auto tmp5 = tmp2 + tmp4;
                        auto tmp6 = tmp0 / tmp5;
                        auto tmp8 = tmp6 * tmp7;
                        tmp8.store(out_ptr3 + static_cast<int64_t>(x1 + 32L*x0));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_div_sum_5 = async_compile.cpp_pybinding(['const float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       float* out_ptr0,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            #pragma GCC ivdep
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(2L); x1+=static_cast<int64_t>(1L))
            {
                {
                    {
                        auto tmp0 = in_ptr0[static_cast<int64_t>(x1 + 2L*x0)];
                        auto tmp1 = in_ptr0[static_cast<int64_t>(2L*x0)];
                        auto tmp2 = in_ptr0[static_cast<int64_t>(1L + 2L*x0)];
                        auto tmp3 = float(tmp1 + tmp2);
                        auto tmp4 = tmp0 / tmp3;
                        out_ptr0[static_cast<int64_t>(x1 + 2L*x0)] = tmp4;
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_abs_add_arange_clamp_clamp_min_div_ge_index_index_copy_mean_mul_pow_rsqrt_select_sigmoid_sign_silu_slice_split_with_sizes_sqrt_sub_sum_unsqueeze_view_where_6 = async_compile.cpp_pybinding(['float*', 'float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const int64_t*', 'const float*', 'const int64_t*', 'const float*', 'const float*', 'const int64_t*', 'const float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       float* in_out_ptr1,
                       const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       const float* in_ptr5,
                       const float* in_ptr6,
                       const float* in_ptr7,
                       const int64_t* in_ptr8,
                       const float* in_ptr9,
                       const int64_t* in_ptr10,
                       const float* in_ptr11,
                       const float* in_ptr12,
                       const int64_t* in_ptr13,
                       const float* in_ptr14,
                       float* out_ptr1,
                       float* out_ptr3,
                       float* out_ptr6,
                       float* out_ptr7,
                       float* out_ptr8,
                       float* out_ptr9,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    auto out_ptr2 = in_out_ptr0;
    auto out_ptr0 = in_out_ptr1;
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(256L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(256L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 256L*x0), static_cast<int64_t>(16));
                            auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(64L*x0 + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                            auto tmp2 = in_ptr2[static_cast<int64_t>(4L*x0 + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                            auto tmp6 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(64L*x0 + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                            auto tmp7 = in_ptr4[static_cast<int64_t>(4L*x0 + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                            auto tmp3 = at::vec::Vectorized<float>(tmp2);
                            auto tmp4 = tmp1 * tmp3;
                            auto tmp5 = tmp0 + tmp4;
                            auto tmp8 = at::vec::Vectorized<float>(tmp7);
                            auto tmp9 = tmp6 * tmp8;
                            auto tmp10 = tmp5 + tmp9;
                            tmp10.store(out_ptr0 + static_cast<int64_t>(x1 + 256L*x0));
                        }
                    }
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L*ks0); x0+=static_cast<int64_t>(1L))
            {
                {
                    float tmp_acc0 = 0;
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(64L); x1+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(64L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr0 + static_cast<int64_t>(x1 + 64L*x0), static_cast<int64_t>(16));
                                auto tmp1 = tmp0 * tmp0;
                                tmp_acc0_vec = tmp_acc0_vec + tmp1;
                            }
                        }
                    }
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                    out_ptr1[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
            {
                #pragma GCC ivdep
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(1L))
                {
                    {
                        float tmp_acc0 = 0;
                        at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                        for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(64L); x2+=static_cast<int64_t>(16L))
                        {
                            {
                                if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(64L)))
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x2 + 64L*x1 + 320L*x0), static_cast<int64_t>(16));
                                    auto tmp1 = tmp0 * tmp0;
                                    tmp_acc0_vec = tmp_acc0_vec + tmp1;
                                }
                            }
                        }
                        tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                        out_ptr2[static_cast<int64_t>(x1 + 4L*x0)] = static_cast<float>(tmp_acc0);
                    }
                    {
                        float tmp_acc0 = 0;
                        at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                        for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(64L); x2+=static_cast<int64_t>(16L))
                        {
                            {
                                if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(64L)))
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x2 + 64L*x1 + 320L*x0), static_cast<int64_t>(16));
                                    auto tmp1 = out_ptr2[static_cast<int64_t>(x1 + 4L*x0)];
                                    auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr6 + static_cast<int64_t>(x2 + 64L*x1), static_cast<int64_t>(16));
                                    auto tmp14 = at::vec::Vectorized<float>::loadu(out_ptr0 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0), static_cast<int64_t>(16));
                                    auto tmp15 = out_ptr1[static_cast<int64_t>(x1 + 4L*x0)];
                                    auto tmp21 = at::vec::Vectorized<float>::loadu(in_ptr7 + static_cast<int64_t>(x2 + 64L*x1), static_cast<int64_t>(16));
                                    auto tmp2 = static_cast<float>(64.0);
                                    auto tmp3 = tmp1 / tmp2;
                                    auto tmp4 = static_cast<float>(1e-06);
                                    auto tmp5 = float(tmp3 + tmp4);
                                    auto tmp6 = 1 / std::sqrt(tmp5);
                                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                                    auto tmp8 = tmp0 * tmp7;
                                    auto tmp10 = static_cast<float>(1.0);
                                    auto tmp11 = at::vec::Vectorized<float>(tmp10);
                                    auto tmp12 = tmp9 + tmp11;
                                    auto tmp13 = tmp8 * tmp12;
                                    auto tmp16 = tmp15 / tmp2;
                                    auto tmp17 = float(tmp16 + tmp4);
                                    auto tmp18 = 1 / std::sqrt(tmp17);
                                    auto tmp19 = at::vec::Vectorized<float>(tmp18);
                                    auto tmp20 = tmp14 * tmp19;
                                    auto tmp22 = tmp21 + tmp11;
                                    auto tmp23 = tmp20 * tmp22;
                                    auto tmp24 = tmp13 * tmp23;
                                    tmp_acc0_vec = tmp_acc0_vec + tmp24;
                                }
                            }
                        }
                        tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                        in_out_ptr0[static_cast<int64_t>(x1 + 4L*x0)] = static_cast<float>(tmp_acc0);
                    }
                }
            }
        }
        #pragma omp single
        {
            {
                for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L*ks0); x0+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L))))))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                            auto tmp1 = static_cast<float>(8.0);
                            auto tmp2 = at::vec::Vectorized<float>(tmp1);
                            auto tmp3 = tmp0 / tmp2;
                            auto tmp4 = tmp3.abs();
                            auto tmp5 = static_cast<float>(1e-06);
                            auto tmp6 = at::vec::Vectorized<float>(tmp5);
                            auto tmp7 = at::vec::maximum(tmp4, tmp6);
                            auto tmp8 = tmp7.sqrt();
                            auto tmp9 =
                            [&]()
                            {
                                auto left = decltype(tmp3)::blendv(decltype(tmp3)(0), decltype(tmp3)(1), decltype(tmp3)(0) < tmp3);
                                auto right = decltype(tmp3)::blendv(decltype(tmp3)(0), decltype(tmp3)(1), tmp3 < decltype(tmp3)(0));
                                return left - right;
                            }
                            ()
                            ;
                            auto tmp10 = tmp8 * tmp9;
                            auto tmp11 = decltype(tmp10)(1)/(decltype(tmp10)(1) + tmp10.neg().exp());
                            tmp11.store(in_out_ptr0 + static_cast<int64_t>(x0));
                        }
                        if(C10_UNLIKELY(x0 >= static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L)))) && x0 < static_cast<int64_t>(4L*ks0)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>((-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L))) + 4L*ks0));
                            auto tmp1 = static_cast<float>(8.0);
                            auto tmp2 = at::vec::Vectorized<float>(tmp1);
                            auto tmp3 = tmp0 / tmp2;
                            auto tmp4 = tmp3.abs();
                            auto tmp5 = static_cast<float>(1e-06);
                            auto tmp6 = at::vec::Vectorized<float>(tmp5);
                            auto tmp7 = at::vec::maximum(tmp4, tmp6);
                            auto tmp8 = tmp7.sqrt();
                            auto tmp9 =
                            [&]()
                            {
                                auto left = decltype(tmp3)::blendv(decltype(tmp3)(0), decltype(tmp3)(1), decltype(tmp3)(0) < tmp3);
                                auto right = decltype(tmp3)::blendv(decltype(tmp3)(0), decltype(tmp3)(1), tmp3 < decltype(tmp3)(0));
                                return left - right;
                            }
                            ()
                            ;
                            auto tmp10 = tmp8 * tmp9;
                            auto tmp11 = decltype(tmp10)(1)/(decltype(tmp10)(1) + tmp10.neg().exp());
                            tmp11.store(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>((-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L))) + 4L*ks0));
                        }
                    }
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
            {
                #pragma GCC ivdep
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(1L))
                {
                    {
                        float tmp_acc0 = 0;
                        at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                        for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(64L); x2+=static_cast<int64_t>(16L))
                        {
                            {
                                if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(64L)))
                                {
                                    auto tmp0 = in_out_ptr0[static_cast<int64_t>(x1 + 4L*x0)];
                                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + x2 + 320L*x0), static_cast<int64_t>(16));
                                    auto tmp2 = at::vec::Vectorized<float>(tmp0);
                                    auto tmp3 = tmp2 * tmp1;
                                    auto tmp4 = tmp3 * tmp3;
                                    tmp_acc0_vec = tmp_acc0_vec + tmp4;
                                }
                            }
                        }
                        tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                        out_ptr3[static_cast<int64_t>(x1 + 4L*x0)] = static_cast<float>(tmp_acc0);
                    }
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(16L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(256L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))) && x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(256L)))
                        {
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                            {
                                auto tmp0 = in_ptr8[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp5 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x0_inner));
                                auto tmp6 = c10::convert<int64_t>(tmp5);
                                TORCH_CHECK(tmp6 < ks0, "index out of bounds: tmp6 < ks0");
                                auto tmp8 = in_out_ptr0[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + 320L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x0_inner)) + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                                auto tmp12 = out_ptr3[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp20 = at::vec::Vectorized<float>::loadu(in_ptr9 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
                                auto tmp25 = in_ptr10[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp49 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr12[static_cast<int64_t>(4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp54 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-6L) + x0 + x0_inner));
                                auto tmp55 = c10::convert<int64_t>(tmp54);
                                TORCH_CHECK(tmp55 < ks0, "index out of bounds: tmp55 < ks0");
                                auto tmp57 = in_out_ptr0[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-6L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp58 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + 320L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-6L) + x0 + x0_inner)) + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                                auto tmp61 = out_ptr3[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-6L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp80 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr12[static_cast<int64_t>(1L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp86 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner));
                                auto tmp87 = c10::convert<int64_t>(tmp86);
                                TORCH_CHECK(tmp87 < ks0, "index out of bounds: tmp87 < ks0");
                                auto tmp89 = in_out_ptr0[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp90 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + 320L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner)) + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                                auto tmp93 = out_ptr3[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp112 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr12[static_cast<int64_t>(2L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp117 = in_out_ptr0[static_cast<int64_t>(4L*x0 + 4L*x0_inner + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp118 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + 320L*x0 + 320L*x0_inner + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                                auto tmp121 = out_ptr3[static_cast<int64_t>(4L*x0 + 4L*x0_inner + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp140 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr12[static_cast<int64_t>(3L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp143 = at::vec::Vectorized<float>::loadu(out_ptr0 + static_cast<int64_t>(x1 + 256L*x0 + 256L*x0_inner), static_cast<int64_t>(16));
                                auto tmp1 = static_cast<int64_t>(9);
                                auto tmp2 = int64_t(tmp0 - tmp1);
                                auto tmp3 = static_cast<int64_t>(0);
                                auto tmp4 = tmp2 >= tmp3;
                                auto tmp10 = at::vec::Vectorized<float>(tmp8);
                                auto tmp11 = tmp10 * tmp9;
                                auto tmp13 = static_cast<float>(64.0);
                                auto tmp14 = tmp12 / tmp13;
                                auto tmp15 = static_cast<float>(1e-06);
                                auto tmp16 = float(tmp14 + tmp15);
                                auto tmp17 = 1 / std::sqrt(tmp16);
                                auto tmp18 = at::vec::Vectorized<float>(tmp17);
                                auto tmp19 = tmp11 * tmp18;
                                auto tmp21 = static_cast<float>(1.0);
                                auto tmp22 = at::vec::Vectorized<float>(tmp21);
                                auto tmp23 = tmp20 + tmp22;
                                auto tmp24 = tmp19 * tmp23;
                                auto tmp26 = 3L;
                                auto tmp27 = c10::convert<int64_t>(tmp26);
                                auto tmp28 = int64_t(tmp25 + tmp27);
                                auto tmp29 = tmp25 < 0;
                                auto tmp30 = tmp29 ? tmp28 : tmp25;
                                auto tmp31 = tmp30;
                                auto tmp32 = c10::convert<int64_t>(tmp31);
                                TORCH_CHECK((0 <= tmp32) & (tmp32 < 3L), "index out of bounds: 0 <= tmp32 < 3L");
                                auto tmp34 = int64_t(tmp2 + tmp1);
                                auto tmp35 = max_propagate_nan(tmp34, tmp3);
                                auto tmp36 = static_cast<int64_t>(8);
                                auto tmp37 = min_propagate_nan(tmp35, tmp36);
                                auto tmp38 = 9L;
                                auto tmp39 = c10::convert<int64_t>(tmp38);
                                auto tmp40 = int64_t(tmp37 + tmp39);
                                auto tmp41 = tmp37 < 0;
                                auto tmp42 = tmp41 ? tmp40 : tmp37;
                                auto tmp43 = tmp42;
                                auto tmp44 = c10::convert<int64_t>(tmp43);
                                TORCH_CHECK((0 <= tmp44) & (tmp44 < 9L), "index out of bounds: 0 <= tmp44 < 9L");
                                auto tmp46 = at::vec::Vectorized<float>::loadu(in_ptr11 + static_cast<int64_t>(x1 + 256L*tmp42 + 2304L*tmp30), static_cast<int64_t>(16));
                                auto tmp47 = at::vec::VecMask<float,1>::from(tmp4);
                                auto tmp48 = decltype(tmp24)::blendv(tmp46, tmp24, tmp47.template cast<float,1>());
                                auto tmp50 = tmp48 * tmp49;
                                auto tmp51 = static_cast<int64_t>(6);
                                auto tmp52 = int64_t(tmp0 - tmp51);
                                auto tmp53 = tmp52 >= tmp3;
                                auto tmp59 = at::vec::Vectorized<float>(tmp57);
                                auto tmp60 = tmp59 * tmp58;
                                auto tmp62 = tmp61 / tmp13;
                                auto tmp63 = float(tmp62 + tmp15);
                                auto tmp64 = 1 / std::sqrt(tmp63);
                                auto tmp65 = at::vec::Vectorized<float>(tmp64);
                                auto tmp66 = tmp60 * tmp65;
                                auto tmp67 = tmp66 * tmp23;
                                auto tmp68 = int64_t(tmp52 + tmp1);
                                auto tmp69 = max_propagate_nan(tmp68, tmp3);
                                auto tmp70 = min_propagate_nan(tmp69, tmp36);
                                auto tmp71 = int64_t(tmp70 + tmp39);
                                auto tmp72 = tmp70 < 0;
                                auto tmp73 = tmp72 ? tmp71 : tmp70;
                                auto tmp74 = tmp73;
                                auto tmp75 = c10::convert<int64_t>(tmp74);
                                TORCH_CHECK((0 <= tmp75) & (tmp75 < 9L), "index out of bounds: 0 <= tmp75 < 9L");
                                auto tmp77 = at::vec::Vectorized<float>::loadu(in_ptr11 + static_cast<int64_t>(x1 + 256L*tmp73 + 2304L*tmp30), static_cast<int64_t>(16));
                                auto tmp78 = at::vec::VecMask<float,1>::from(tmp53);
                                auto tmp79 = decltype(tmp67)::blendv(tmp77, tmp67, tmp78.template cast<float,1>());
                                auto tmp81 = tmp79 * tmp80;
                                auto tmp82 = tmp50 + tmp81;
                                auto tmp83 = static_cast<int64_t>(3);
                                auto tmp84 = int64_t(tmp0 - tmp83);
                                auto tmp85 = tmp84 >= tmp3;
                                auto tmp91 = at::vec::Vectorized<float>(tmp89);
                                auto tmp92 = tmp91 * tmp90;
                                auto tmp94 = tmp93 / tmp13;
                                auto tmp95 = float(tmp94 + tmp15);
                                auto tmp96 = 1 / std::sqrt(tmp95);
                                auto tmp97 = at::vec::Vectorized<float>(tmp96);
                                auto tmp98 = tmp92 * tmp97;
                                auto tmp99 = tmp98 * tmp23;
                                auto tmp100 = int64_t(tmp84 + tmp1);
                                auto tmp101 = max_propagate_nan(tmp100, tmp3);
                                auto tmp102 = min_propagate_nan(tmp101, tmp36);
                                auto tmp103 = int64_t(tmp102 + tmp39);
                                auto tmp104 = tmp102 < 0;
                                auto tmp105 = tmp104 ? tmp103 : tmp102;
                                auto tmp106 = tmp105;
                                auto tmp107 = c10::convert<int64_t>(tmp106);
                                TORCH_CHECK((0 <= tmp107) & (tmp107 < 9L), "index out of bounds: 0 <= tmp107 < 9L");
                                auto tmp109 = at::vec::Vectorized<float>::loadu(in_ptr11 + static_cast<int64_t>(x1 + 256L*tmp105 + 2304L*tmp30), static_cast<int64_t>(16));
                                auto tmp110 = at::vec::VecMask<float,1>::from(tmp85);
                                auto tmp111 = decltype(tmp99)::blendv(tmp109, tmp99, tmp110.template cast<float,1>());
                                auto tmp113 = tmp111 * tmp112;
                                auto tmp114 = tmp82 + tmp113;
                                auto tmp115 = int64_t(tmp0 - tmp3);
                                auto tmp116 = tmp115 >= tmp3;
                                auto tmp119 = at::vec::Vectorized<float>(tmp117);
                                auto tmp120 = tmp119 * tmp118;
                                auto tmp122 = tmp121 / tmp13;
                                auto tmp123 = float(tmp122 + tmp15);
                                auto tmp124 = 1 / std::sqrt(tmp123);
                                auto tmp125 = at::vec::Vectorized<float>(tmp124);
                                auto tmp126 = tmp120 * tmp125;
                                auto tmp127 = tmp126 * tmp23;
                                auto tmp128 = int64_t(tmp115 + tmp1);
                                auto tmp129 = max_propagate_nan(tmp128, tmp3);
                                auto tmp130 = min_propagate_nan(tmp129, tmp36);
                                auto tmp131 = int64_t(tmp130 + tmp39);
                                auto tmp132 = tmp130 < 0;
                                auto tmp133 = tmp132 ? tmp131 : tmp130;
                                auto tmp134 = tmp133;
                                auto tmp135 = c10::convert<int64_t>(tmp134);
                                TORCH_CHECK((0 <= tmp135) & (tmp135 < 9L), "index out of bounds: 0 <= tmp135 < 9L");
                                auto tmp137 = at::vec::Vectorized<float>::loadu(in_ptr11 + static_cast<int64_t>(x1 + 256L*tmp133 + 2304L*tmp30), static_cast<int64_t>(16));
                                auto tmp138 = at::vec::VecMask<float,1>::from(tmp116);
                                auto tmp139 = decltype(tmp127)::blendv(tmp137, tmp127, tmp138.template cast<float,1>());
                                auto tmp141 = tmp139 * tmp140;
                                auto tmp142 = tmp114 + tmp141;
                                auto tmp144 = tmp142.neg();
                                auto tmp145 = tmp144.exp();
                                auto tmp146 = tmp145 + tmp22;
                                auto tmp147 = tmp142 / tmp146;
                                auto tmp148 = tmp120 + tmp147;
                                auto tmp149 = tmp143 + tmp148;
                                tmp149.store(in_out_ptr1 + static_cast<int64_t>(x1 + 256L*x0 + 256L*x0_inner));
                            }
                        }
                        if(C10_UNLIKELY(x0 >= static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))) && x0 < static_cast<int64_t>(ks0) && x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(256L)))
                        {
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                            {
                                auto tmp0 = in_ptr8[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp5 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x0_inner));
                                auto tmp6 = c10::convert<int64_t>(tmp5);
                                TORCH_CHECK(tmp6 < ks0, "index out of bounds: tmp6 < ks0");
                                auto tmp8 = in_out_ptr0[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + 320L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x0_inner)) + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                                auto tmp12 = out_ptr3[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp20 = at::vec::Vectorized<float>::loadu(in_ptr9 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
                                auto tmp25 = in_ptr10[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp49 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr12[static_cast<int64_t>(4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp54 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-6L) + x0 + x0_inner));
                                auto tmp55 = c10::convert<int64_t>(tmp54);
                                TORCH_CHECK(tmp55 < ks0, "index out of bounds: tmp55 < ks0");
                                auto tmp57 = in_out_ptr0[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-6L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp58 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + 320L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-6L) + x0 + x0_inner)) + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                                auto tmp61 = out_ptr3[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-6L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp80 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr12[static_cast<int64_t>(1L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp86 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner));
                                auto tmp87 = c10::convert<int64_t>(tmp86);
                                TORCH_CHECK(tmp87 < ks0, "index out of bounds: tmp87 < ks0");
                                auto tmp89 = in_out_ptr0[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp90 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + 320L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner)) + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                                auto tmp93 = out_ptr3[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner)) + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp112 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr12[static_cast<int64_t>(2L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp117 = in_out_ptr0[static_cast<int64_t>(4L*x0 + 4L*x0_inner + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp118 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + 320L*x0 + 320L*x0_inner + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                                auto tmp121 = out_ptr3[static_cast<int64_t>(4L*x0 + 4L*x0_inner + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                                auto tmp140 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr12[static_cast<int64_t>(3L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp143 = at::vec::Vectorized<float>::loadu(out_ptr0 + static_cast<int64_t>(x1 + 256L*x0 + 256L*x0_inner), static_cast<int64_t>(16));
                                auto tmp1 = static_cast<int64_t>(9);
                                auto tmp2 = int64_t(tmp0 - tmp1);
                                auto tmp3 = static_cast<int64_t>(0);
                                auto tmp4 = tmp2 >= tmp3;
                                auto tmp10 = at::vec::Vectorized<float>(tmp8);
                                auto tmp11 = tmp10 * tmp9;
                                auto tmp13 = static_cast<float>(64.0);
                                auto tmp14 = tmp12 / tmp13;
                                auto tmp15 = static_cast<float>(1e-06);
                                auto tmp16 = float(tmp14 + tmp15);
                                auto tmp17 = 1 / std::sqrt(tmp16);
                                auto tmp18 = at::vec::Vectorized<float>(tmp17);
                                auto tmp19 = tmp11 * tmp18;
                                auto tmp21 = static_cast<float>(1.0);
                                auto tmp22 = at::vec::Vectorized<float>(tmp21);
                                auto tmp23 = tmp20 + tmp22;
                                auto tmp24 = tmp19 * tmp23;
                                auto tmp26 = 3L;
                                auto tmp27 = c10::convert<int64_t>(tmp26);
                                auto tmp28 = int64_t(tmp25 + tmp27);
                                auto tmp29 = tmp25 < 0;
                                auto tmp30 = tmp29 ? tmp28 : tmp25;
                                auto tmp31 = tmp30;
                                auto tmp32 = c10::convert<int64_t>(tmp31);
                                TORCH_CHECK((0 <= tmp32) & (tmp32 < 3L), "index out of bounds: 0 <= tmp32 < 3L");
                                auto tmp34 = int64_t(tmp2 + tmp1);
                                auto tmp35 = max_propagate_nan(tmp34, tmp3);
                                auto tmp36 = static_cast<int64_t>(8);
                                auto tmp37 = min_propagate_nan(tmp35, tmp36);
                                auto tmp38 = 9L;
                                auto tmp39 = c10::convert<int64_t>(tmp38);
                                auto tmp40 = int64_t(tmp37 + tmp39);
                                auto tmp41 = tmp37 < 0;
                                auto tmp42 = tmp41 ? tmp40 : tmp37;
                                auto tmp43 = tmp42;
                                auto tmp44 = c10::convert<int64_t>(tmp43);
                                TORCH_CHECK((0 <= tmp44) & (tmp44 < 9L), "index out of bounds: 0 <= tmp44 < 9L");
                                auto tmp46 = at::vec::Vectorized<float>::loadu(in_ptr11 + static_cast<int64_t>(x1 + 256L*tmp42 + 2304L*tmp30), static_cast<int64_t>(16));
                                auto tmp47 = at::vec::VecMask<float,1>::from(tmp4);
                                auto tmp48 = decltype(tmp24)::blendv(tmp46, tmp24, tmp47.template cast<float,1>());
                                auto tmp50 = tmp48 * tmp49;
                                auto tmp51 = static_cast<int64_t>(6);
                                auto tmp52 = int64_t(tmp0 - tmp51);
                                auto tmp53 = tmp52 >= tmp3;
                                auto tmp59 = at::vec::Vectorized<float>(tmp57);
                                auto tmp60 = tmp59 * tmp58;
                                auto tmp62 = tmp61 / tmp13;
                                auto tmp63 = float(tmp62 + tmp15);
                                auto tmp64 = 1 / std::sqrt(tmp63);
                                auto tmp65 = at::vec::Vectorized<float>(tmp64);
                                auto tmp66 = tmp60 * tmp65;
                                auto tmp67 = tmp66 * tmp23;
                                auto tmp68 = int64_t(tmp52 + tmp1);
                                auto tmp69 = max_propagate_nan(tmp68, tmp3);
                                auto tmp70 = min_propagate_nan(tmp69, tmp36);
                                auto tmp71 = int64_t(tmp70 + tmp39);
                                auto tmp72 = tmp70 < 0;
                                auto tmp73 = tmp72 ? tmp71 : tmp70;
                                auto tmp74 = tmp73;
                                auto tmp75 = c10::convert<int64_t>(tmp74);
                                TORCH_CHECK((0 <= tmp75) & (tmp75 < 9L), "index out of bounds: 0 <= tmp75 < 9L");
                                auto tmp77 = at::vec::Vectorized<float>::loadu(in_ptr11 + static_cast<int64_t>(x1 + 256L*tmp73 + 2304L*tmp30), static_cast<int64_t>(16));
                                auto tmp78 = at::vec::VecMask<float,1>::from(tmp53);
                                auto tmp79 = decltype(tmp67)::blendv(tmp77, tmp67, tmp78.template cast<float,1>());
                                auto tmp81 = tmp79 * tmp80;
                                auto tmp82 = tmp50 + tmp81;
                                auto tmp83 = static_cast<int64_t>(3);
                                auto tmp84 = int64_t(tmp0 - tmp83);
                                auto tmp85 = tmp84 >= tmp3;
                                auto tmp91 = at::vec::Vectorized<float>(tmp89);
                                auto tmp92 = tmp91 * tmp90;
                                auto tmp94 = tmp93 / tmp13;
                                auto tmp95 = float(tmp94 + tmp15);
                                auto tmp96 = 1 / std::sqrt(tmp95);
                                auto tmp97 = at::vec::Vectorized<float>(tmp96);
                                auto tmp98 = tmp92 * tmp97;
                                auto tmp99 = tmp98 * tmp23;
                                auto tmp100 = int64_t(tmp84 + tmp1);
                                auto tmp101 = max_propagate_nan(tmp100, tmp3);
                                auto tmp102 = min_propagate_nan(tmp101, tmp36);
                                auto tmp103 = int64_t(tmp102 + tmp39);
                                auto tmp104 = tmp102 < 0;
                                auto tmp105 = tmp104 ? tmp103 : tmp102;
                                auto tmp106 = tmp105;
                                auto tmp107 = c10::convert<int64_t>(tmp106);
                                TORCH_CHECK((0 <= tmp107) & (tmp107 < 9L), "index out of bounds: 0 <= tmp107 < 9L");
                                auto tmp109 = at::vec::Vectorized<float>::loadu(in_ptr11 + static_cast<int64_t>(x1 + 256L*tmp105 + 2304L*tmp30), static_cast<int64_t>(16));
                                auto tmp110 = at::vec::VecMask<float,1>::from(tmp85);
                                auto tmp111 = decltype(tmp99)::blendv(tmp109, tmp99, tmp110.template cast<float,1>());
                                auto tmp113 = tmp111 * tmp112;
                                auto tmp114 = tmp82 + tmp113;
                                auto tmp115 = int64_t(tmp0 - tmp3);
                                auto tmp116 = tmp115 >= tmp3;
                                auto tmp119 = at::vec::Vectorized<float>(tmp117);
                                auto tmp120 = tmp119 * tmp118;
                                auto tmp122 = tmp121 / tmp13;
                                auto tmp123 = float(tmp122 + tmp15);
                                auto tmp124 = 1 / std::sqrt(tmp123);
                                auto tmp125 = at::vec::Vectorized<float>(tmp124);
                                auto tmp126 = tmp120 * tmp125;
                                auto tmp127 = tmp126 * tmp23;
                                auto tmp128 = int64_t(tmp115 + tmp1);
                                auto tmp129 = max_propagate_nan(tmp128, tmp3);
                                auto tmp130 = min_propagate_nan(tmp129, tmp36);
                                auto tmp131 = int64_t(tmp130 + tmp39);
                                auto tmp132 = tmp130 < 0;
                                auto tmp133 = tmp132 ? tmp131 : tmp130;
                                auto tmp134 = tmp133;
                                auto tmp135 = c10::convert<int64_t>(tmp134);
                                TORCH_CHECK((0 <= tmp135) & (tmp135 < 9L), "index out of bounds: 0 <= tmp135 < 9L");
                                auto tmp137 = at::vec::Vectorized<float>::loadu(in_ptr11 + static_cast<int64_t>(x1 + 256L*tmp133 + 2304L*tmp30), static_cast<int64_t>(16));
                                auto tmp138 = at::vec::VecMask<float,1>::from(tmp116);
                                auto tmp139 = decltype(tmp127)::blendv(tmp137, tmp127, tmp138.template cast<float,1>());
                                auto tmp141 = tmp139 * tmp140;
                                auto tmp142 = tmp114 + tmp141;
                                auto tmp144 = tmp142.neg();
                                auto tmp145 = tmp144.exp();
                                auto tmp146 = tmp145 + tmp22;
                                auto tmp147 = tmp142 / tmp146;
                                auto tmp148 = tmp120 + tmp147;
                                auto tmp149 = tmp143 + tmp148;
                                tmp149.store(in_out_ptr1 + static_cast<int64_t>(x1 + 256L*x0 + 256L*x0_inner));
                            }
                        }
                    }
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
            {
                #pragma GCC ivdep
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(10L); x1+=static_cast<int64_t>(1L))
                {
                    for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(256L); x2+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(256L)))
                            {
                                auto tmp0 = in_ptr8[static_cast<int64_t>(x0)];
                                auto tmp6 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x1));
                                auto tmp7 = c10::convert<int64_t>(tmp6);
                                TORCH_CHECK(tmp7 < ks0, "index out of bounds: tmp7 < ks0");
                                auto tmp9 = in_out_ptr0[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x1)) + (c10::div_floor_integer(static_cast<int64_t>(x2), static_cast<int64_t>(64L))))];
                                auto tmp10 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(256L + 320L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x1)) + ((static_cast<int64_t>(x2) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                                auto tmp13 = out_ptr3[static_cast<int64_t>(4L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-9L) + x0 + x1)) + (c10::div_floor_integer(static_cast<int64_t>(x2), static_cast<int64_t>(64L))))];
                                auto tmp21 = at::vec::Vectorized<float>::loadu(in_ptr9 + static_cast<int64_t>(x2), static_cast<int64_t>(16));
                                auto tmp26 = in_ptr10[static_cast<int64_t>(x0)];
                                auto tmp1 = (-9L) + x1;
                                auto tmp2 = c10::convert<int64_t>(tmp1);
                                auto tmp3 = int64_t(tmp0 + tmp2);
                                auto tmp4 = static_cast<int64_t>(0);
                                auto tmp5 = tmp3 >= tmp4;
                                auto tmp11 = at::vec::Vectorized<float>(tmp9);
                                auto tmp12 = tmp11 * tmp10;
                                auto tmp14 = static_cast<float>(64.0);
                                auto tmp15 = tmp13 / tmp14;
                                auto tmp16 = static_cast<float>(1e-06);
                                auto tmp17 = float(tmp15 + tmp16);
                                auto tmp18 = 1 / std::sqrt(tmp17);
                                auto tmp19 = at::vec::Vectorized<float>(tmp18);
                                auto tmp20 = tmp12 * tmp19;
                                auto tmp22 = static_cast<float>(1.0);
                                auto tmp23 = at::vec::Vectorized<float>(tmp22);
                                auto tmp24 = tmp21 + tmp23;
                                auto tmp25 = tmp20 * tmp24;
                                auto tmp27 = 3L;
                                auto tmp28 = c10::convert<int64_t>(tmp27);
                                auto tmp29 = int64_t(tmp26 + tmp28);
                                auto tmp30 = tmp26 < 0;
                                auto tmp31 = tmp30 ? tmp29 : tmp26;
                                auto tmp32 = tmp31;
                                auto tmp33 = c10::convert<int64_t>(tmp32);
                                TORCH_CHECK((0 <= tmp33) & (tmp33 < 3L), "index out of bounds: 0 <= tmp33 < 3L");
                                auto tmp35 = static_cast<int64_t>(9);
                                auto tmp36 = int64_t(tmp3 + tmp35);
                                auto tmp37 = max_propagate_nan(tmp36, tmp4);
                                auto tmp38 = static_cast<int64_t>(8);
                                auto tmp39 = min_propagate_nan(tmp37, tmp38);
                                auto tmp40 = 9L;
                                auto tmp41 = c10::convert<int64_t>(tmp40);
                                auto tmp42 = int64_t(tmp39 + tmp41);
                                auto tmp43 = tmp39 < 0;
                                auto tmp44 = tmp43 ? tmp42 : tmp39;
                                auto tmp45 = tmp44;
                                auto tmp46 = c10::convert<int64_t>(tmp45);
                                TORCH_CHECK((0 <= tmp46) & (tmp46 < 9L), "index out of bounds: 0 <= tmp46 < 9L");
                                auto tmp48 = at::vec::Vectorized<float>::loadu(in_ptr11 + static_cast<int64_t>(x2 + 256L*tmp44 + 2304L*tmp31), static_cast<int64_t>(16));
                                auto tmp49 = at::vec::VecMask<float,1>::from(tmp5);
                                auto tmp50 = decltype(tmp25)::blendv(tmp48, tmp25, tmp49.template cast<float,1>());
                                tmp50.store(out_ptr6 + static_cast<int64_t>(x2 + 256L*x1 + 2560L*x0));
                            }
                        }
                    }
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L*ks0); x0+=static_cast<int64_t>(1L))
            {
                {
                    float tmp_acc0 = 0;
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(64L); x1+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(64L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr1 + static_cast<int64_t>(x1 + 64L*x0), static_cast<int64_t>(16));
                                auto tmp1 = tmp0 * tmp0;
                                tmp_acc0_vec = tmp_acc0_vec + tmp1;
                            }
                        }
                    }
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                    out_ptr7[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(2304L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(2304L)))
                        {
                            auto tmp0 = in_ptr13[static_cast<int64_t>(x0)];
                            auto tmp9 = at::vec::Vectorized<float>::loadu(out_ptr6 + static_cast<int64_t>(256L + x1 + 2560L*x0), static_cast<int64_t>(16));
                            auto tmp1 = 3L;
                            auto tmp2 = c10::convert<int64_t>(tmp1);
                            auto tmp3 = int64_t(tmp0 + tmp2);
                            auto tmp4 = tmp0 < 0;
                            auto tmp5 = tmp4 ? tmp3 : tmp0;
                            auto tmp6 = tmp5;
                            auto tmp7 = c10::convert<int64_t>(tmp6);
                            TORCH_CHECK((0 <= tmp7) & (tmp7 < 3L), "index out of bounds: 0 <= tmp7 < 3L");
                            tmp9.store(out_ptr8 + static_cast<int64_t>(x1 + 2304L*tmp5));
                        }
                    }
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
            {
                #pragma GCC ivdep
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(1L))
                {
                    for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(64L); x2+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(64L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr1 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0), static_cast<int64_t>(16));
                                auto tmp1 = out_ptr7[static_cast<int64_t>(x1 + 4L*x0)];
                                auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr14 + static_cast<int64_t>(x2 + 64L*x1), static_cast<int64_t>(16));
                                auto tmp2 = static_cast<float>(64.0);
                                auto tmp3 = tmp1 / tmp2;
                                auto tmp4 = static_cast<float>(1e-06);
                                auto tmp5 = float(tmp3 + tmp4);
                                auto tmp6 = 1 / std::sqrt(tmp5);
                                auto tmp7 = at::vec::Vectorized<float>(tmp6);
                                auto tmp8 = tmp0 * tmp7;
                                auto tmp10 = static_cast<float>(1.0);
                                auto tmp11 = at::vec::Vectorized<float>(tmp10);
                                auto tmp12 = tmp9 + tmp11;
                                auto tmp13 = tmp8 * tmp12;
                                tmp13.store(out_ptr9 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0));
                            }
                        }
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_div_mul_sigmoid_silu_split_with_sizes_7 = async_compile.cpp_pybinding(['const float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       float* out_ptr0,
                       float* out_ptr1,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(4L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(16L + x1 + 32L*x0), static_cast<int64_t>(4L));
                        auto tmp1 = static_cast<float>(4.0);
                        auto tmp2 = at::vec::Vectorized<float>(tmp1);
                        auto tmp3 = tmp0 / tmp2;
                        auto tmp4 = decltype(tmp3)(1)/(decltype(tmp3)(1) + tmp3.neg().exp());
                        auto tmp5 = static_cast<float>(2.0);
                        auto tmp6 = at::vec::Vectorized<float>(tmp5);
                        auto tmp7 = tmp4 * tmp6;
                        tmp7.store(out_ptr0 + static_cast<int64_t>(x1 + 4L*x0), static_cast<int64_t>(4L));
                    }
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(16L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 32L*x0), static_cast<int64_t>(16));
                        auto tmp1 = static_cast<float>(4.0);
                        auto tmp2 = at::vec::Vectorized<float>(tmp1);
                        auto tmp3 = tmp0 / tmp2;
                        auto tmp4 = tmp3.neg();
                        auto tmp5 = tmp4.exp();
                        auto tmp6 = static_cast<float>(1.0);
                        auto tmp7 = at::vec::Vectorized<float>(tmp6);
                        auto tmp8 = tmp5 + tmp7;
                        auto tmp9 = tmp3 / tmp8;
                        tmp9.store(out_ptr1 + static_cast<int64_t>(x1 + 16L*x0));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_add_arange_clamp_clamp_min_exp_ge_index_index_copy_lt_mul_neg_rsqrt_scalar_tensor_select_sigmoid_silu_slice_softplus_split_with_sizes_sub_sum_unsqueeze_view_where_8 = async_compile.cpp_pybinding(['const float*', 'const float*', 'const float*', 'const int64_t*', 'const int64_t*', 'const float*', 'const float*', 'const int64_t*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const int64_t* in_ptr3,
                       const int64_t* in_ptr4,
                       const float* in_ptr5,
                       const float* in_ptr6,
                       const int64_t* in_ptr7,
                       float* out_ptr0,
                       float* out_ptr2,
                       float* out_ptr3,
                       float* out_ptr4,
                       float* out_ptr5,
                       float* out_ptr6,
                       float* out_ptr7,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(4L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1), static_cast<int64_t>(4L));
                        auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(208L + x1 + 224L*x0), static_cast<int64_t>(4L));
                        auto tmp2 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x1), static_cast<int64_t>(4L));
                        auto tmp3 = tmp1 + tmp2;
                        auto tmp4 = static_cast<float>(20.0);
                        auto tmp5 = at::vec::Vectorized<float>(tmp4);
                        auto tmp6 = at::vec::VecMask<float,1>(tmp3 > tmp5);
                        auto tmp7 = tmp3.exp();
                        auto tmp8 = tmp7.log1p();
                        auto tmp9 = decltype(tmp3)::blendv(tmp8, tmp3, tmp6.template cast<float,1>());
                        auto tmp10 = tmp0 * tmp9;
                        tmp10.store(out_ptr0 + static_cast<int64_t>(x1 + 4L*x0), static_cast<int64_t>(4L));
                    }
                }
            }
        }
    }
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(16L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(128L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))) && x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(128L)))
                        {
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                            {
                                auto tmp0 = in_ptr3[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp5 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner));
                                auto tmp6 = c10::convert<int64_t>(tmp5);
                                TORCH_CHECK(tmp6 < ks0, "index out of bounds: tmp6 < ks0");
                                auto tmp8 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner))), static_cast<int64_t>(16));
                                auto tmp9 = in_ptr4[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp31 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr6[static_cast<int64_t>(4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp35 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0 + x0_inner));
                                auto tmp36 = c10::convert<int64_t>(tmp35);
                                TORCH_CHECK(tmp36 < ks0, "index out of bounds: tmp36 < ks0");
                                auto tmp38 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0 + x0_inner))), static_cast<int64_t>(16));
                                auto tmp51 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr6[static_cast<int64_t>(1L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp57 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0 + x0_inner));
                                auto tmp58 = c10::convert<int64_t>(tmp57);
                                TORCH_CHECK(tmp58 < ks0, "index out of bounds: tmp58 < ks0");
                                auto tmp60 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0 + x0_inner))), static_cast<int64_t>(16));
                                auto tmp73 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr6[static_cast<int64_t>(2L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp78 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*x0 + 224L*x0_inner), static_cast<int64_t>(16));
                                auto tmp91 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr6[static_cast<int64_t>(3L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp1 = static_cast<int64_t>(3);
                                auto tmp2 = int64_t(tmp0 - tmp1);
                                auto tmp3 = static_cast<int64_t>(0);
                                auto tmp4 = tmp2 >= tmp3;
                                auto tmp10 = 3L;
                                auto tmp11 = c10::convert<int64_t>(tmp10);
                                auto tmp12 = int64_t(tmp9 + tmp11);
                                auto tmp13 = tmp9 < 0;
                                auto tmp14 = tmp13 ? tmp12 : tmp9;
                                auto tmp15 = tmp14;
                                auto tmp16 = c10::convert<int64_t>(tmp15);
                                TORCH_CHECK((0 <= tmp16) & (tmp16 < 3L), "index out of bounds: 0 <= tmp16 < 3L");
                                auto tmp18 = int64_t(tmp2 + tmp1);
                                auto tmp19 = max_propagate_nan(tmp18, tmp3);
                                auto tmp20 = static_cast<int64_t>(2);
                                auto tmp21 = min_propagate_nan(tmp19, tmp20);
                                auto tmp22 = int64_t(tmp21 + tmp11);
                                auto tmp23 = tmp21 < 0;
                                auto tmp24 = tmp23 ? tmp22 : tmp21;
                                auto tmp25 = tmp24;
                                auto tmp26 = c10::convert<int64_t>(tmp25);
                                TORCH_CHECK((0 <= tmp26) & (tmp26 < 3L), "index out of bounds: 0 <= tmp26 < 3L");
                                auto tmp28 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x1 + 128L*tmp24 + 384L*tmp14), static_cast<int64_t>(16));
                                auto tmp29 = at::vec::VecMask<float,1>::from(tmp4);
                                auto tmp30 = decltype(tmp8)::blendv(tmp28, tmp8, tmp29.template cast<float,1>());
                                auto tmp32 = tmp30 * tmp31;
                                auto tmp33 = int64_t(tmp0 - tmp20);
                                auto tmp34 = tmp33 >= tmp3;
                                auto tmp39 = int64_t(tmp33 + tmp1);
                                auto tmp40 = max_propagate_nan(tmp39, tmp3);
                                auto tmp41 = min_propagate_nan(tmp40, tmp20);
                                auto tmp42 = int64_t(tmp41 + tmp11);
                                auto tmp43 = tmp41 < 0;
                                auto tmp44 = tmp43 ? tmp42 : tmp41;
                                auto tmp45 = tmp44;
                                auto tmp46 = c10::convert<int64_t>(tmp45);
                                TORCH_CHECK((0 <= tmp46) & (tmp46 < 3L), "index out of bounds: 0 <= tmp46 < 3L");
                                auto tmp48 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x1 + 128L*tmp44 + 384L*tmp14), static_cast<int64_t>(16));
                                auto tmp49 = at::vec::VecMask<float,1>::from(tmp34);
                                auto tmp50 = decltype(tmp38)::blendv(tmp48, tmp38, tmp49.template cast<float,1>());
                                auto tmp52 = tmp50 * tmp51;
                                auto tmp53 = tmp32 + tmp52;
                                auto tmp54 = static_cast<int64_t>(1);
                                auto tmp55 = int64_t(tmp0 - tmp54);
                                auto tmp56 = tmp55 >= tmp3;
                                auto tmp61 = int64_t(tmp55 + tmp1);
                                auto tmp62 = max_propagate_nan(tmp61, tmp3);
                                auto tmp63 = min_propagate_nan(tmp62, tmp20);
                                auto tmp64 = int64_t(tmp63 + tmp11);
                                auto tmp65 = tmp63 < 0;
                                auto tmp66 = tmp65 ? tmp64 : tmp63;
                                auto tmp67 = tmp66;
                                auto tmp68 = c10::convert<int64_t>(tmp67);
                                TORCH_CHECK((0 <= tmp68) & (tmp68 < 3L), "index out of bounds: 0 <= tmp68 < 3L");
                                auto tmp70 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x1 + 128L*tmp66 + 384L*tmp14), static_cast<int64_t>(16));
                                auto tmp71 = at::vec::VecMask<float,1>::from(tmp56);
                                auto tmp72 = decltype(tmp60)::blendv(tmp70, tmp60, tmp71.template cast<float,1>());
                                auto tmp74 = tmp72 * tmp73;
                                auto tmp75 = tmp53 + tmp74;
                                auto tmp76 = int64_t(tmp0 - tmp3);
                                auto tmp77 = tmp76 >= tmp3;
                                auto tmp79 = int64_t(tmp76 + tmp1);
                                auto tmp80 = max_propagate_nan(tmp79, tmp3);
                                auto tmp81 = min_propagate_nan(tmp80, tmp20);
                                auto tmp82 = int64_t(tmp81 + tmp11);
                                auto tmp83 = tmp81 < 0;
                                auto tmp84 = tmp83 ? tmp82 : tmp81;
                                auto tmp85 = tmp84;
                                auto tmp86 = c10::convert<int64_t>(tmp85);
                                TORCH_CHECK((0 <= tmp86) & (tmp86 < 3L), "index out of bounds: 0 <= tmp86 < 3L");
                                auto tmp88 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x1 + 128L*tmp84 + 384L*tmp14), static_cast<int64_t>(16));
                                auto tmp89 = at::vec::VecMask<float,1>::from(tmp77);
                                auto tmp90 = decltype(tmp78)::blendv(tmp88, tmp78, tmp89.template cast<float,1>());
                                auto tmp92 = tmp90 * tmp91;
                                auto tmp93 = tmp75 + tmp92;
                                auto tmp94 = tmp93.neg();
                                auto tmp95 = tmp94.exp();
                                auto tmp96 = static_cast<float>(1.0);
                                auto tmp97 = at::vec::Vectorized<float>(tmp96);
                                auto tmp98 = tmp95 + tmp97;
                                auto tmp99 = tmp93 / tmp98;
                                tmp99.store(out_ptr2 + static_cast<int64_t>(x1 + 128L*x0 + 128L*x0_inner));
                            }
                        }
                        if(C10_UNLIKELY(x0 >= static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))) && x0 < static_cast<int64_t>(ks0) && x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(128L)))
                        {
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                            {
                                auto tmp0 = in_ptr3[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp5 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner));
                                auto tmp6 = c10::convert<int64_t>(tmp5);
                                TORCH_CHECK(tmp6 < ks0, "index out of bounds: tmp6 < ks0");
                                auto tmp8 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner))), static_cast<int64_t>(16));
                                auto tmp9 = in_ptr4[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp31 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr6[static_cast<int64_t>(4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp35 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0 + x0_inner));
                                auto tmp36 = c10::convert<int64_t>(tmp35);
                                TORCH_CHECK(tmp36 < ks0, "index out of bounds: tmp36 < ks0");
                                auto tmp38 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-2L) + x0 + x0_inner))), static_cast<int64_t>(16));
                                auto tmp51 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr6[static_cast<int64_t>(1L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp57 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0 + x0_inner));
                                auto tmp58 = c10::convert<int64_t>(tmp57);
                                TORCH_CHECK(tmp58 < ks0, "index out of bounds: tmp58 < ks0");
                                auto tmp60 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-1L) + x0 + x0_inner))), static_cast<int64_t>(16));
                                auto tmp73 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr6[static_cast<int64_t>(2L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp78 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*x0 + 224L*x0_inner), static_cast<int64_t>(16));
                                auto tmp91 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr6[static_cast<int64_t>(3L + 4L*x1 + 4L*x1_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp1 = static_cast<int64_t>(3);
                                auto tmp2 = int64_t(tmp0 - tmp1);
                                auto tmp3 = static_cast<int64_t>(0);
                                auto tmp4 = tmp2 >= tmp3;
                                auto tmp10 = 3L;
                                auto tmp11 = c10::convert<int64_t>(tmp10);
                                auto tmp12 = int64_t(tmp9 + tmp11);
                                auto tmp13 = tmp9 < 0;
                                auto tmp14 = tmp13 ? tmp12 : tmp9;
                                auto tmp15 = tmp14;
                                auto tmp16 = c10::convert<int64_t>(tmp15);
                                TORCH_CHECK((0 <= tmp16) & (tmp16 < 3L), "index out of bounds: 0 <= tmp16 < 3L");
                                auto tmp18 = int64_t(tmp2 + tmp1);
                                auto tmp19 = max_propagate_nan(tmp18, tmp3);
                                auto tmp20 = static_cast<int64_t>(2);
                                auto tmp21 = min_propagate_nan(tmp19, tmp20);
                                auto tmp22 = int64_t(tmp21 + tmp11);
                                auto tmp23 = tmp21 < 0;
                                auto tmp24 = tmp23 ? tmp22 : tmp21;
                                auto tmp25 = tmp24;
                                auto tmp26 = c10::convert<int64_t>(tmp25);
                                TORCH_CHECK((0 <= tmp26) & (tmp26 < 3L), "index out of bounds: 0 <= tmp26 < 3L");
                                auto tmp28 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x1 + 128L*tmp24 + 384L*tmp14), static_cast<int64_t>(16));
                                auto tmp29 = at::vec::VecMask<float,1>::from(tmp4);
                                auto tmp30 = decltype(tmp8)::blendv(tmp28, tmp8, tmp29.template cast<float,1>());
                                auto tmp32 = tmp30 * tmp31;
                                auto tmp33 = int64_t(tmp0 - tmp20);
                                auto tmp34 = tmp33 >= tmp3;
                                auto tmp39 = int64_t(tmp33 + tmp1);
                                auto tmp40 = max_propagate_nan(tmp39, tmp3);
                                auto tmp41 = min_propagate_nan(tmp40, tmp20);
                                auto tmp42 = int64_t(tmp41 + tmp11);
                                auto tmp43 = tmp41 < 0;
                                auto tmp44 = tmp43 ? tmp42 : tmp41;
                                auto tmp45 = tmp44;
                                auto tmp46 = c10::convert<int64_t>(tmp45);
                                TORCH_CHECK((0 <= tmp46) & (tmp46 < 3L), "index out of bounds: 0 <= tmp46 < 3L");
                                auto tmp48 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x1 + 128L*tmp44 + 384L*tmp14), static_cast<int64_t>(16));
                                auto tmp49 = at::vec::VecMask<float,1>::from(tmp34);
                                auto tmp50 = decltype(tmp38)::blendv(tmp48, tmp38, tmp49.template cast<float,1>());
                                auto tmp52 = tmp50 * tmp51;
                                auto tmp53 = tmp32 + tmp52;
                                auto tmp54 = static_cast<int64_t>(1);
                                auto tmp55 = int64_t(tmp0 - tmp54);
                                auto tmp56 = tmp55 >= tmp3;
                                auto tmp61 = int64_t(tmp55 + tmp1);
                                auto tmp62 = max_propagate_nan(tmp61, tmp3);
                                auto tmp63 = min_propagate_nan(tmp62, tmp20);
                                auto tmp64 = int64_t(tmp63 + tmp11);
                                auto tmp65 = tmp63 < 0;
                                auto tmp66 = tmp65 ? tmp64 : tmp63;
                                auto tmp67 = tmp66;
                                auto tmp68 = c10::convert<int64_t>(tmp67);
                                TORCH_CHECK((0 <= tmp68) & (tmp68 < 3L), "index out of bounds: 0 <= tmp68 < 3L");
                                auto tmp70 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x1 + 128L*tmp66 + 384L*tmp14), static_cast<int64_t>(16));
                                auto tmp71 = at::vec::VecMask<float,1>::from(tmp56);
                                auto tmp72 = decltype(tmp60)::blendv(tmp70, tmp60, tmp71.template cast<float,1>());
                                auto tmp74 = tmp72 * tmp73;
                                auto tmp75 = tmp53 + tmp74;
                                auto tmp76 = int64_t(tmp0 - tmp3);
                                auto tmp77 = tmp76 >= tmp3;
                                auto tmp79 = int64_t(tmp76 + tmp1);
                                auto tmp80 = max_propagate_nan(tmp79, tmp3);
                                auto tmp81 = min_propagate_nan(tmp80, tmp20);
                                auto tmp82 = int64_t(tmp81 + tmp11);
                                auto tmp83 = tmp81 < 0;
                                auto tmp84 = tmp83 ? tmp82 : tmp81;
                                auto tmp85 = tmp84;
                                auto tmp86 = c10::convert<int64_t>(tmp85);
                                TORCH_CHECK((0 <= tmp86) & (tmp86 < 3L), "index out of bounds: 0 <= tmp86 < 3L");
                                auto tmp88 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x1 + 128L*tmp84 + 384L*tmp14), static_cast<int64_t>(16));
                                auto tmp89 = at::vec::VecMask<float,1>::from(tmp77);
                                auto tmp90 = decltype(tmp78)::blendv(tmp88, tmp78, tmp89.template cast<float,1>());
                                auto tmp92 = tmp90 * tmp91;
                                auto tmp93 = tmp75 + tmp92;
                                auto tmp94 = tmp93.neg();
                                auto tmp95 = tmp94.exp();
                                auto tmp96 = static_cast<float>(1.0);
                                auto tmp97 = at::vec::Vectorized<float>(tmp96);
                                auto tmp98 = tmp95 + tmp97;
                                auto tmp99 = tmp93 / tmp98;
                                tmp99.store(out_ptr2 + static_cast<int64_t>(x1 + 128L*x0 + 128L*x0_inner));
                            }
                        }
                    }
                }
            }
        }
        #pragma omp single
        {
            {
                #pragma GCC ivdep
                for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
                {
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(4L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(192L + x1 + 224L*x0), static_cast<int64_t>(4L));
                                auto tmp1 = decltype(tmp0)(1)/(decltype(tmp0)(1) + tmp0.neg().exp());
                                tmp1.store(out_ptr3 + static_cast<int64_t>(x1 + 4L*x0), static_cast<int64_t>(4L));
                            }
                        }
                    }
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
            {
                #pragma GCC ivdep
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(1L))
                {
                    for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(128L); x2+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(128L)))
                            {
                                auto tmp0 = in_ptr3[static_cast<int64_t>(x0)];
                                auto tmp6 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x1));
                                auto tmp7 = c10::convert<int64_t>(tmp6);
                                TORCH_CHECK(tmp7 < ks0, "index out of bounds: tmp7 < ks0");
                                auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x2 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x1))), static_cast<int64_t>(16));
                                auto tmp10 = in_ptr4[static_cast<int64_t>(x0)];
                                auto tmp1 = (-3L) + x1;
                                auto tmp2 = c10::convert<int64_t>(tmp1);
                                auto tmp3 = int64_t(tmp0 + tmp2);
                                auto tmp4 = static_cast<int64_t>(0);
                                auto tmp5 = tmp3 >= tmp4;
                                auto tmp11 = 3L;
                                auto tmp12 = c10::convert<int64_t>(tmp11);
                                auto tmp13 = int64_t(tmp10 + tmp12);
                                auto tmp14 = tmp10 < 0;
                                auto tmp15 = tmp14 ? tmp13 : tmp10;
                                auto tmp16 = tmp15;
                                auto tmp17 = c10::convert<int64_t>(tmp16);
                                TORCH_CHECK((0 <= tmp17) & (tmp17 < 3L), "index out of bounds: 0 <= tmp17 < 3L");
                                auto tmp19 = static_cast<int64_t>(3);
                                auto tmp20 = int64_t(tmp3 + tmp19);
                                auto tmp21 = max_propagate_nan(tmp20, tmp4);
                                auto tmp22 = static_cast<int64_t>(2);
                                auto tmp23 = min_propagate_nan(tmp21, tmp22);
                                auto tmp24 = int64_t(tmp23 + tmp12);
                                auto tmp25 = tmp23 < 0;
                                auto tmp26 = tmp25 ? tmp24 : tmp23;
                                auto tmp27 = tmp26;
                                auto tmp28 = c10::convert<int64_t>(tmp27);
                                TORCH_CHECK((0 <= tmp28) & (tmp28 < 3L), "index out of bounds: 0 <= tmp28 < 3L");
                                auto tmp30 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x2 + 128L*tmp26 + 384L*tmp15), static_cast<int64_t>(16));
                                auto tmp31 = at::vec::VecMask<float,1>::from(tmp5);
                                auto tmp32 = decltype(tmp9)::blendv(tmp30, tmp9, tmp31.template cast<float,1>());
                                tmp32.store(out_ptr4 + static_cast<int64_t>(x2 + 128L*x1 + 512L*x0));
                            }
                        }
                    }
                }
            }
        }
        #pragma omp single
        {
            {
                #pragma GCC ivdep
                for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
                {
                    #pragma GCC ivdep
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(1L))
                    {
                        {
                            float tmp_acc0 = 0;
                            at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                            for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(16L); x2+=static_cast<int64_t>(16L))
                            {
                                {
                                    if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(16L)))
                                    {
                                        auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr2 + static_cast<int64_t>(x2 + 16L*x1 + 128L*x0), static_cast<int64_t>(16));
                                        auto tmp1 = tmp0 * tmp0;
                                        tmp_acc0_vec = tmp_acc0_vec + tmp1;
                                    }
                                }
                            }
                            tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                            out_ptr5[static_cast<int64_t>(x1 + 4L*x0)] = static_cast<float>(tmp_acc0);
                        }
                        for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(16L); x2+=static_cast<int64_t>(16L))
                        {
                            {
                                if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(16L)))
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr2 + static_cast<int64_t>(x2 + 16L*x1 + 128L*x0), static_cast<int64_t>(16));
                                    auto tmp1 = out_ptr5[static_cast<int64_t>(x1 + 4L*x0)];
                                    auto tmp2 = static_cast<float>(1e-06);
                                    auto tmp3 = float(tmp1 + tmp2);
                                    auto tmp4 = 1 / std::sqrt(tmp3);
                                    auto tmp5 = at::vec::Vectorized<float>(tmp4);
                                    auto tmp6 = tmp0 * tmp5;
                                    auto tmp7 = x1;
                                    auto tmp8 = c10::convert<int64_t>(tmp7);
                                    auto tmp9 = static_cast<int64_t>(2);
                                    auto tmp10 = tmp8 < tmp9;
                                    auto tmp11 = static_cast<float>(0.25);
                                    auto tmp12 = static_cast<float>(1.0);
                                    auto tmp13 = tmp10 ? tmp11 : tmp12;
                                    auto tmp14 = at::vec::Vectorized<float>(tmp13);
                                    auto tmp15 = tmp6 * tmp14;
                                    tmp15.store(out_ptr6 + static_cast<int64_t>(x2 + 16L*x1 + 64L*x0));
                                }
                            }
                        }
                    }
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(384L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(384L)))
                        {
                            auto tmp0 = in_ptr7[static_cast<int64_t>(x0)];
                            auto tmp9 = at::vec::Vectorized<float>::loadu(out_ptr4 + static_cast<int64_t>(128L + x1 + 512L*x0), static_cast<int64_t>(16));
                            auto tmp1 = 3L;
                            auto tmp2 = c10::convert<int64_t>(tmp1);
                            auto tmp3 = int64_t(tmp0 + tmp2);
                            auto tmp4 = tmp0 < 0;
                            auto tmp5 = tmp4 ? tmp3 : tmp0;
                            auto tmp6 = tmp5;
                            auto tmp7 = c10::convert<int64_t>(tmp6);
                            TORCH_CHECK((0 <= tmp7) & (tmp7 < 3L), "index out of bounds: 0 <= tmp7 < 3L");
                            tmp9.store(out_ptr7 + static_cast<int64_t>(x1 + 384L*tmp5));
                        }
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


async_compile.wait(globals())
del async_compile

class Runner:
    def __init__(self, partitions):
        self.partitions = partitions

    def recursively_apply_fns(self, fns):
        new_callables = []
        for fn, c in zip(fns, self.partitions):
            new_callables.append(fn(c))
        self.partitions = new_callables

    def call(self, args):
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg32_1, arg33_1 = args
        args.clear()
        s72 = arg1_1
        s33 = arg11_1
        s55 = s33
        s69 = s33
        s80 = s33
        assert_size_stride(arg0_1, (s33, 4, 16), (64, 16, 1), 'input')
        buf0 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        buf17 = empty_strided_cpu((s33, 64), (64, 1), torch.float32)
        assert_size_stride(arg13_1, (s33, ), (1, ), 'input')
        assert_size_stride(arg12_1, (s33, ), (1, ), 'input')
        assert_size_stride(arg14_1, (s33, ), (1, ), 'input')
        assert_size_stride(arg15_1, (3, 2, 1), (2, 1, 1), 'input')
        assert_size_stride(arg17_1, (3, ), (1, ), 'input')
        assert_size_stride(arg18_1, (4, ), (1, ), 'input')
        assert_size_stride(arg19_1, (4, ), (1, ), 'input')
        buf22 = empty_strided_cpu((s33, ), (1, ), torch.int64)
        buf25 = empty_strided_cpu((s33, 4), (4, 1), torch.int64)
        buf23 = reinterpret_tensor(buf25, (s33, 2), (4, 1), 0)  # alias
        buf24 = reinterpret_tensor(buf25, (s33, 2), (4, 1), 2)  # alias
        buf26 = empty_strided_cpu((s33, 64), (64, 1), torch.float32)
        assert_size_stride(arg32_1, (4, ), (1, ), 'input')
        buf52 = empty_strided_cpu((4, ), (1, ), torch.float32)
        buf56 = empty_strided_cpu((s33, 4, 16), (64, 16, 1), torch.float32)
        buf57 = empty_strided_cpu((s33, 3, 1), (3, 1, 3*s33), torch.int64)
        assert_size_stride(arg3_1, (16, ), (1, ), 'input')
        assert_size_stride(arg2_1, (s33, 64), (224, 1), 'input')
        buf1 = empty_strided_cpu((s33, 4, 16), (64, 16, 1), torch.float32)
        assert_size_stride(arg16_1, (s33, ), (1, ), 'input')
        cpp_fused_add_any_arange_bitwise_xor_clamp_clamp_min_eq_exp_ge_index_index_copy_mean_mul_neg_pow_remainder_rsqrt_scalar_tensor_select_sigmoid_slice_unsqueeze_view_where_0(arg0_1, arg13_1, arg12_1, arg14_1, arg15_1, arg17_1, arg18_1, arg19_1, arg32_1, arg3_1, arg2_1, arg16_1, buf0, buf22, buf23, buf24, buf52, buf57, buf1, arg15_1, s33)
        del arg0_1
        del arg12_1
        del arg15_1
        del arg17_1
        del arg18_1
        del arg19_1
        del arg2_1
        del arg32_1
        del arg3_1
        del buf22
        del buf23
        del buf24
        del buf57
        # Topologically Sorted Source Nodes: [ple_gather_default], Original ATen: []
        torch.ops.qcompile.ple_gather.default(layer_key='@1', x0=buf25, out=buf26)
        del buf25
        assert_size_stride(arg20_1, (320, 64), (64, 1), 'input')
        buf29 = empty_strided_cpu((s33, 320), (320, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_4], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf26, reinterpret_tensor(arg20_1, (64, 320), (1, 64), 0), out=buf29)
        del arg20_1
        assert_size_stride(arg4_1, (64, 64), (64, 1), 'input')
        buf2 = buf26; del buf26  # reuse
        # Topologically Sorted Source Nodes: [pow_1, mean, add, rsqrt, mul, mul_1, unflatten, sigmoid, mul_2, flatten, linear], Original ATen: [aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.view, aten.sigmoid, aten.t, aten.mm]
        extern_kernels.mm(reinterpret_tensor(buf1, (s33, 64), (64, 1), 0), reinterpret_tensor(arg4_1, (64, 64), (1, 64), 0), out=buf2)
        del arg4_1
        assert_size_stride(arg5_1, (s33, 256), (256, 1), 'input')
        assert_size_stride(arg6_1, (s33, 4), (4, 1), 'input')
        assert_size_stride(arg7_1, (256, ), (1, ), 'input')
        buf3 = buf0; del buf0  # reuse
        buf4 = empty_strided_cpu((s33, 4, 64), (256, 64, 1), torch.float32)
        assert_size_stride(arg8_1, (32, 256), (256, 1), 'input')
        cpp_fused_add_mean_mul_pow_rsqrt_unsqueeze_view_1(arg5_1, buf2, arg6_1, arg7_1, buf3, buf4, s33)
        del arg7_1
        buf5 = empty_strided_cpu((s33, 32), (32, 1), torch.float32)
        # Topologically Sorted Source Nodes: [hc_write_default, unflatten_1, pow_2, mean_1, add_2, rsqrt_1, mul_3, add_1, unflatten_2, mul_4, flatten_1, linear_1], Original ATen: [aten.unsqueeze, aten.mul, aten.view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.t, aten.mm]
        extern_kernels.mm(reinterpret_tensor(buf4, (s33, 256), (256, 1), 0), reinterpret_tensor(arg8_1, (256, 32), (1, 256), 0), out=buf5)
        del arg8_1
        buf6 = empty_strided_cpu((s33, 16), (16, 1), torch.float32)
        buf31 = reinterpret_tensor(buf3, (s33, 4), (4, 1), 0); del buf3  # reuse
        assert_size_stride(arg9_1, (256, 16), (16, 1), 'input')
        cpp_fused_div_mul_sigmoid_silu_split_with_sizes_2(buf5, buf6, buf31, s33)
        buf7 = empty_strided_cpu((s33, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [split, truediv, silu, linear_2], Original ATen: [aten.split_with_sizes, aten.div, aten.silu, aten.t, aten.mm]
        extern_kernels.mm(buf6, reinterpret_tensor(arg9_1, (16, 256), (1, 16), 0), out=buf7)
        del arg9_1
        del buf6
        buf8 = reinterpret_tensor(buf1, (s33, 64), (64, 1), 0); del buf1  # reuse
        assert_size_stride(arg10_1, (96, 64), (64, 1), 'input')
        cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_3(buf7, buf4, buf8, s33)
        del buf4
        buf9 = empty_strided_cpu((s33, 96), (96, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_3], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf8, reinterpret_tensor(arg10_1, (64, 96), (1, 64), 0), out=buf9)
        del arg10_1
        buf10 = empty_strided_cpu((s33, 1), (1, s33), torch.float32)
        buf12 = empty_strided_cpu((s33, 1), (1, s33), torch.float32)
        buf13 = empty_strided_cpu((s33, 8), (8, 1), torch.float32)
        buf19 = buf5; del buf5  # reuse
        cpp_fused__softmax_mul_silu_split_with_sizes_4(buf9, buf10, buf12, buf13, buf19, s33)
        del buf10
        del buf12
        # Topologically Sorted Source Nodes: [softmax, topk], Original ATen: [aten._softmax, aten.topk]
        buf14 = torch.ops.aten.topk.default(buf13, 2, -1, True, True)
        del buf13
        buf15 = buf14[0]
        assert_size_stride(buf15, (s33, 2), (2, 1), 'torch.ops.aten.topk.default')
        assert_alignment(buf15, 16, 'torch.ops.aten.topk.default')
        buf16 = buf14[1]
        assert_size_stride(buf16, (s33, 2), (2, 1), 'torch.ops.aten.topk.default')
        assert_alignment(buf16, 16, 'torch.ops.aten.topk.default')
        del buf14
        buf18 = empty_strided_cpu((s33, 2), (2, 1), torch.float32)
        cpp_fused_div_sum_5(buf15, buf18, s33)
        del buf15
        # Topologically Sorted Source Nodes: [split_1, sum_1, truediv_2, silu_1, mul_7, experts_default], Original ATen: [aten.split_with_sizes, aten.sum, aten.div, aten.silu, aten.mul]
        torch.ops.qcompile.experts.default(layer_key='@0', x0=buf8, x1=buf18, x2=buf16, x3=buf19, x4=reinterpret_tensor(buf9, (s33, 1), (96, 1), 16), out=buf17)
        del buf16
        del buf18
        del buf19
        del buf8
        del buf9
        buf32 = buf7; del buf7  # reuse
        buf33 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        assert_size_stride(arg21_1, (256, ), (1, ), 'input')
        assert_size_stride(arg22_1, (256, ), (1, ), 'input')
        buf30 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        buf34 = buf30; del buf30  # reuse
        buf35 = buf34; del buf34  # reuse
        buf36 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        assert_size_stride(arg23_1, (256, ), (1, ), 'input')
        assert_size_stride(arg25_1, (3, 9, 256), (2304, 256, 1), 'input')
        assert_size_stride(arg24_1, (256, 1, 4), (4, 4, 1), 'input')
        buf39 = buf32; del buf32  # reuse
        buf69 = empty_strided_cpu((s33, 10, 256), (2560, 256, 1), torch.float32)
        buf40 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        assert_size_stride(arg26_1, (256, ), (1, ), 'input')
        buf41 = empty_strided_cpu((s33, 4, 64), (256, 64, 1), torch.float32)
        assert_size_stride(arg27_1, (32, 256), (256, 1), 'input')
        cpp_fused_abs_add_arange_clamp_clamp_min_div_ge_index_index_copy_mean_mul_pow_rsqrt_select_sigmoid_sign_silu_slice_split_with_sizes_sqrt_sub_sum_unsqueeze_view_where_6(buf35, buf39, arg5_1, buf2, arg6_1, buf17, buf31, buf29, arg21_1, arg22_1, arg13_1, arg23_1, arg14_1, arg25_1, arg24_1, arg16_1, arg26_1, buf33, buf36, buf69, buf40, arg25_1, buf41, s33)
        del arg21_1
        del arg22_1
        del arg23_1
        del arg24_1
        del arg25_1
        del arg26_1
        del arg5_1
        del arg6_1
        del buf17
        del buf29
        del buf31
        del buf33
        del buf35
        del buf69
        buf42 = empty_strided_cpu((s33, 32), (32, 1), torch.float32)
        # Topologically Sorted Source Nodes: [unflatten_13, pow_6, mean_6, add_27, rsqrt_5, mul_24, add_26, unflatten_14, mul_25, flatten_6, linear_5], Original ATen: [aten.view, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.t, aten.mm]
        extern_kernels.mm(reinterpret_tensor(buf41, (s33, 256), (256, 1), 0), reinterpret_tensor(arg27_1, (256, 32), (1, 256), 0), out=buf42)
        del arg27_1
        buf43 = reinterpret_tensor(buf40, (s33, 4), (4, 1), 0); del buf40  # reuse
        buf44 = empty_strided_cpu((s33, 16), (16, 1), torch.float32)
        assert_size_stride(arg28_1, (256, 16), (16, 1), 'input')
        cpp_fused_div_mul_sigmoid_silu_split_with_sizes_7(buf42, buf43, buf44, s33)
        del buf42
        buf45 = empty_strided_cpu((s33, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [split_3, truediv_4, silu_3, linear_6], Original ATen: [aten.split_with_sizes, aten.div, aten.silu, aten.t, aten.mm]
        extern_kernels.mm(buf44, reinterpret_tensor(arg28_1, (16, 256), (1, 16), 0), out=buf45)
        del arg28_1
        del buf44
        buf46 = buf2; del buf2  # reuse
        assert_size_stride(arg29_1, (224, 64), (64, 1), 'input')
        cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_3(buf45, buf41, buf46, s33)
        del buf41
        del buf45
        buf47 = empty_strided_cpu((s33, 224), (224, 1), torch.float32)
        # Topologically Sorted Source Nodes: [unflatten_13, pow_6, mean_6, add_27, rsqrt_5, mul_24, add_26, unflatten_14, mul_25, flatten_6, sigmoid_4, unflatten_15, unflatten_16, mul_26, mean_7, linear_7], Original ATen: [aten.view, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.sigmoid, aten.t, aten.mm]
        extern_kernels.mm(buf46, reinterpret_tensor(arg29_1, (64, 224), (1, 64), 0), out=buf47)
        del arg29_1
        assert_size_stride(arg33_1, (4, ), (1, ), 'input')
        buf55 = empty_strided_cpu((2*s33, 4), (4, 1), torch.float32)
        buf54 = reinterpret_tensor(buf55, (s33, 4), (4, 1), 4*s33)  # alias
        assert_size_stride(arg31_1, (3, 3, 128), (384, 128, 1), 'input')
        assert_size_stride(arg30_1, (128, 1, 4), (4, 4, 1), 'input')
        buf49 = empty_strided_cpu((s33, 128), (128, 1), torch.float32)
        buf53 = reinterpret_tensor(buf55, (s33, 4), (4, 1), 0)  # alias
        buf85 = empty_strided_cpu((s33, 4, 128), (512, 128, 1), torch.float32)
        buf50 = buf36; del buf36  # reuse
        buf51 = reinterpret_tensor(buf46, (s33, 4, 16), (64, 16, 1), 0); del buf46  # reuse
        cpp_fused_add_arange_clamp_clamp_min_exp_ge_index_index_copy_lt_mul_neg_rsqrt_scalar_tensor_select_sigmoid_silu_slice_softplus_split_with_sizes_sub_sum_unsqueeze_view_where_8(buf52, buf47, arg33_1, arg13_1, arg14_1, arg31_1, arg30_1, arg16_1, buf54, buf49, buf53, buf85, buf50, buf51, arg31_1, s33)
        del arg13_1
        del arg14_1
        del arg16_1
        del arg30_1
        del arg31_1
        del arg33_1
        return (reinterpret_tensor(buf51, (s33, 2, 16), (64, 16, 1), 0), reinterpret_tensor(buf51, (s33, 2, 16), (64, 16, 1), 32), reinterpret_tensor(buf49, (s33, 4, 16), (128, 16, 1), 64), reinterpret_tensor(buf55, (s33, 4), (4, 1), 4*s33), reinterpret_tensor(buf55, (s33, 4), (4, 1), 0), buf56, reinterpret_tensor(buf47, (s33, 64), (224, 1), 128), buf39, buf43, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((10, 4, 16), (64, 16, 1), device='cpu', dtype=torch.float32)
    arg1_1 = 10
    arg2_1 = rand_strided((10, 64), (224, 1), device='cpu', dtype=torch.float32)
    arg3_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg4_1 = rand_strided((64, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg5_1 = rand_strided((10, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg6_1 = rand_strided((10, 4), (4, 1), device='cpu', dtype=torch.float32)
    arg7_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg8_1 = rand_strided((32, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg9_1 = rand_strided((256, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg10_1 = rand_strided((96, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg11_1 = 10
    arg12_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.int64)
    arg13_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.int64)
    arg14_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.int64)
    arg15_1 = rand_strided((3, 2, 1), (2, 1, 1), device='cpu', dtype=torch.int64)
    arg16_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.int64)
    arg17_1 = rand_strided((3, ), (1, ), device='cpu', dtype=torch.int64)
    arg18_1 = rand_strided((4, ), (1, ), device='cpu', dtype=torch.int64)
    arg19_1 = rand_strided((4, ), (1, ), device='cpu', dtype=torch.int64)
    arg20_1 = rand_strided((320, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg21_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg22_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg23_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg24_1 = rand_strided((256, 1, 4), (4, 4, 1), device='cpu', dtype=torch.float32)
    arg25_1 = rand_strided((3, 9, 256), (2304, 256, 1), device='cpu', dtype=torch.float32)
    arg26_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg27_1 = rand_strided((32, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg28_1 = rand_strided((256, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg29_1 = rand_strided((224, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg30_1 = rand_strided((128, 1, 4), (4, 4, 1), device='cpu', dtype=torch.float32)
    arg31_1 = rand_strided((3, 3, 128), (384, 128, 1), device='cpu', dtype=torch.float32)
    arg32_1 = rand_strided((4, ), (1, ), device='cpu', dtype=torch.float32)
    arg33_1 = rand_strided((4, ), (1, ), device='cpu', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1, arg31_1, arg32_1, arg33_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='cpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
