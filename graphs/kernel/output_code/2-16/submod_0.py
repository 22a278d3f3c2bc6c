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


cpp_fused_add_embedding_mean_mul_pow_repeat_rsqrt_view_0 = async_compile.cpp_pybinding(['const int64_t*', 'const float*', 'const float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const int64_t* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       float* out_ptr0,
                       float* out_ptr1,
                       float* out_ptr2,
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
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(256L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(256L)))
                        {
                            auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
                            auto tmp1 = tmp0;
                            auto tmp2 = c10::convert<int64_t>(tmp1);
                            TORCH_CHECK((0 <= tmp2) & (tmp2 < 512L), "index out of bounds: 0 <= tmp2 < 512L");
                            auto tmp4 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(64L*tmp0 + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                            tmp4.store(out_ptr0 + static_cast<int64_t>(x1 + 256L*x0));
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
                    for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(64L); x2+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(64L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr0 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0), static_cast<int64_t>(16));
                                auto tmp1 = out_ptr1[static_cast<int64_t>(x1 + 4L*x0)];
                                auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x2 + 64L*x1), static_cast<int64_t>(16));
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
                                tmp13.store(out_ptr2 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0));
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


cpp_fused_div_mul_sigmoid_silu_split_with_sizes_1 = async_compile.cpp_pybinding(['const float*', 'float*', 'float*', 'const int64_t'], r'''
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


cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_view_2 = async_compile.cpp_pybinding(['const float*', 'const float*', 'float*', 'const int64_t'], r'''
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


cpp_fused_add_arange_clamp_clamp_min_exp_ge_index_index_copy_lt_mul_neg_rsqrt_scalar_tensor_select_sigmoid_silu_slice_softplus_split_with_sizes_sub_sum_unsqueeze_view_where_3 = async_compile.cpp_pybinding(['const int64_t*', 'const float*', 'const int64_t*', 'const float*', 'const float*', 'const float*', 'const float*', 'const int64_t*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const int64_t* in_ptr0,
                       const float* in_ptr1,
                       const int64_t* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       const float* in_ptr5,
                       const float* in_ptr6,
                       const int64_t* in_ptr7,
                       float* out_ptr1,
                       float* out_ptr2,
                       float* out_ptr3,
                       float* out_ptr4,
                       float* out_ptr5,
                       float* out_ptr6,
                       float* out_ptr7,
                       float* out_ptr8,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
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
                                auto tmp0 = in_ptr0[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp5 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner));
                                auto tmp6 = c10::convert<int64_t>(tmp5);
                                TORCH_CHECK(tmp6 < ks0, "index out of bounds: tmp6 < ks0");
                                auto tmp8 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner))), static_cast<int64_t>(16));
                                auto tmp9 = in_ptr2[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp31 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr4[static_cast<int64_t>(4L*x1 + 4L*x1_inner)];
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
                                        tmpbuf[x1_inner] = in_ptr4[static_cast<int64_t>(1L + 4L*x1 + 4L*x1_inner)];
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
                                        tmpbuf[x1_inner] = in_ptr4[static_cast<int64_t>(2L + 4L*x1 + 4L*x1_inner)];
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
                                        tmpbuf[x1_inner] = in_ptr4[static_cast<int64_t>(3L + 4L*x1 + 4L*x1_inner)];
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
                                auto tmp28 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 128L*tmp24 + 384L*tmp14), static_cast<int64_t>(16));
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
                                auto tmp48 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 128L*tmp44 + 384L*tmp14), static_cast<int64_t>(16));
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
                                auto tmp70 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 128L*tmp66 + 384L*tmp14), static_cast<int64_t>(16));
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
                                auto tmp88 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 128L*tmp84 + 384L*tmp14), static_cast<int64_t>(16));
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
                                tmp99.store(out_ptr1 + static_cast<int64_t>(x1 + 128L*x0 + 128L*x0_inner));
                            }
                        }
                        if(C10_UNLIKELY(x0 >= static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))) && x0 < static_cast<int64_t>(ks0) && x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(128L)))
                        {
                            for (long x0_inner = 0; x0_inner < static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))); x0_inner++)
                            {
                                auto tmp0 = in_ptr0[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp5 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner));
                                auto tmp6 = c10::convert<int64_t>(tmp5);
                                TORCH_CHECK(tmp6 < ks0, "index out of bounds: tmp6 < ks0");
                                auto tmp8 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x0_inner))), static_cast<int64_t>(16));
                                auto tmp9 = in_ptr2[static_cast<int64_t>(x0 + x0_inner)];
                                auto tmp31 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                    {
                                        tmpbuf[x1_inner] = in_ptr4[static_cast<int64_t>(4L*x1 + 4L*x1_inner)];
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
                                        tmpbuf[x1_inner] = in_ptr4[static_cast<int64_t>(1L + 4L*x1 + 4L*x1_inner)];
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
                                        tmpbuf[x1_inner] = in_ptr4[static_cast<int64_t>(2L + 4L*x1 + 4L*x1_inner)];
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
                                        tmpbuf[x1_inner] = in_ptr4[static_cast<int64_t>(3L + 4L*x1 + 4L*x1_inner)];
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
                                auto tmp28 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 128L*tmp24 + 384L*tmp14), static_cast<int64_t>(16));
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
                                auto tmp48 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 128L*tmp44 + 384L*tmp14), static_cast<int64_t>(16));
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
                                auto tmp70 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 128L*tmp66 + 384L*tmp14), static_cast<int64_t>(16));
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
                                auto tmp88 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 128L*tmp84 + 384L*tmp14), static_cast<int64_t>(16));
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
                                tmp99.store(out_ptr1 + static_cast<int64_t>(x1 + 128L*x0 + 128L*x0_inner));
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
                                        auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr1 + static_cast<int64_t>(x2 + 16L*x1 + 128L*x0), static_cast<int64_t>(16));
                                        auto tmp1 = tmp0 * tmp0;
                                        tmp_acc0_vec = tmp_acc0_vec + tmp1;
                                    }
                                }
                            }
                            tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                            out_ptr2[static_cast<int64_t>(x1 + 4L*x0)] = static_cast<float>(tmp_acc0);
                        }
                        for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(16L); x2+=static_cast<int64_t>(16L))
                        {
                            {
                                if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(16L)))
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr1 + static_cast<int64_t>(x2 + 16L*x1 + 128L*x0), static_cast<int64_t>(16));
                                    auto tmp1 = out_ptr2[static_cast<int64_t>(x1 + 4L*x0)];
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
                                    tmp15.store(out_ptr3 + static_cast<int64_t>(x2 + 16L*x1 + 64L*x0));
                                }
                            }
                        }
                    }
                }
            }
        }
        #pragma omp single
        {
            {
                for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L); x0+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x0 >= static_cast<int64_t>(0L) && x0 < static_cast<int64_t>(4L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x0), static_cast<int64_t>(4L));
                            auto tmp1 = tmp0.exp();
                            auto tmp2 = tmp1.neg();
                            tmp2.store(out_ptr4 + static_cast<int64_t>(x0), static_cast<int64_t>(4L));
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
                                tmp1.store(out_ptr5 + static_cast<int64_t>(x1 + 4L*x0), static_cast<int64_t>(4L));
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
                                auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr4 + static_cast<int64_t>(x1), static_cast<int64_t>(4L));
                                auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(208L + x1 + 224L*x0), static_cast<int64_t>(4L));
                                auto tmp2 = at::vec::Vectorized<float>::loadu(in_ptr6 + static_cast<int64_t>(x1), static_cast<int64_t>(4L));
                                auto tmp3 = tmp1 + tmp2;
                                auto tmp4 = static_cast<float>(20.0);
                                auto tmp5 = at::vec::Vectorized<float>(tmp4);
                                auto tmp6 = at::vec::VecMask<float,1>(tmp3 > tmp5);
                                auto tmp7 = tmp3.exp();
                                auto tmp8 = tmp7.log1p();
                                auto tmp9 = decltype(tmp3)::blendv(tmp8, tmp3, tmp6.template cast<float,1>());
                                auto tmp10 = tmp0 * tmp9;
                                tmp10.store(out_ptr6 + static_cast<int64_t>(x1 + 4L*x0), static_cast<int64_t>(4L));
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
                                auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
                                auto tmp6 = std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x1));
                                auto tmp7 = c10::convert<int64_t>(tmp6);
                                TORCH_CHECK(tmp7 < ks0, "index out of bounds: tmp7 < ks0");
                                auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x2 + 224L*std::max(static_cast<int64_t>(0L), static_cast<int64_t>((-3L) + x0 + x1))), static_cast<int64_t>(16));
                                auto tmp10 = in_ptr2[static_cast<int64_t>(x0)];
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
                                auto tmp30 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x2 + 128L*tmp26 + 384L*tmp15), static_cast<int64_t>(16));
                                auto tmp31 = at::vec::VecMask<float,1>::from(tmp5);
                                auto tmp32 = decltype(tmp9)::blendv(tmp30, tmp9, tmp31.template cast<float,1>());
                                tmp32.store(out_ptr7 + static_cast<int64_t>(x2 + 128L*x1 + 512L*x0));
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
                            auto tmp9 = at::vec::Vectorized<float>::loadu(out_ptr7 + static_cast<int64_t>(128L + x1 + 512L*x0), static_cast<int64_t>(16));
                            auto tmp1 = 3L;
                            auto tmp2 = c10::convert<int64_t>(tmp1);
                            auto tmp3 = int64_t(tmp0 + tmp2);
                            auto tmp4 = tmp0 < 0;
                            auto tmp5 = tmp4 ? tmp3 : tmp0;
                            auto tmp6 = tmp5;
                            auto tmp7 = c10::convert<int64_t>(tmp6);
                            TORCH_CHECK((0 <= tmp7) & (tmp7 < 3L), "index out of bounds: 0 <= tmp7 < 3L");
                            tmp9.store(out_ptr8 + static_cast<int64_t>(x1 + 384L*tmp5));
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
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1 = args
        args.clear()
        s72 = arg1_1
        s33 = arg9_1
        s55 = s33
        s69 = s33
        s80 = s33
        assert_size_stride(arg0_1, (s33, ), (1, ), 'input')
        assert_size_stride(arg2_1, (512, 64), (64, 1), 'input')
        buf0 = empty_strided_cpu((s33, 256), (256, 1), torch.float32)
        buf1 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        assert_size_stride(arg3_1, (256, ), (1, ), 'input')
        buf2 = empty_strided_cpu((s33, 4, 64), (256, 64, 1), torch.float32)
        assert_size_stride(arg4_1, (32, 256), (256, 1), 'input')
        cpp_fused_add_embedding_mean_mul_pow_repeat_rsqrt_view_0(arg0_1, arg2_1, arg3_1, buf0, buf1, buf2, s33)
        del arg0_1
        del arg2_1
        del arg3_1
        buf3 = empty_strided_cpu((s33, 32), (32, 1), torch.float32)
        # Topologically Sorted Source Nodes: [unflatten, pow_1, mean, add_1, rsqrt, mul, add, unflatten_1, mul_1, flatten, linear], Original ATen: [aten.view, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.t, aten.mm]
        extern_kernels.mm(reinterpret_tensor(buf2, (s33, 256), (256, 1), 0), reinterpret_tensor(arg4_1, (256, 32), (1, 256), 0), out=buf3)
        del arg4_1
        buf4 = reinterpret_tensor(buf1, (s33, 4), (4, 1), 0); del buf1  # reuse
        buf5 = empty_strided_cpu((s33, 16), (16, 1), torch.float32)
        assert_size_stride(arg5_1, (256, 16), (16, 1), 'input')
        cpp_fused_div_mul_sigmoid_silu_split_with_sizes_1(buf3, buf4, buf5, s33)
        del buf3
        buf6 = empty_strided_cpu((s33, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [split, truediv, silu, linear_1], Original ATen: [aten.split_with_sizes, aten.div, aten.silu, aten.t, aten.mm]
        extern_kernels.mm(buf5, reinterpret_tensor(arg5_1, (16, 256), (1, 16), 0), out=buf6)
        del arg5_1
        del buf5
        buf7 = empty_strided_cpu((s33, 64), (64, 1), torch.float32)
        assert_size_stride(arg6_1, (224, 64), (64, 1), 'input')
        cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_view_2(buf6, buf2, buf7, s33)
        del buf2
        del buf6
        buf8 = empty_strided_cpu((s33, 224), (224, 1), torch.float32)
        # Topologically Sorted Source Nodes: [unflatten, pow_1, mean, add_1, rsqrt, mul, add, unflatten_1, mul_1, flatten, sigmoid, unflatten_2, unflatten_3, mul_2, mean_1, linear_2], Original ATen: [aten.view, aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.sigmoid, aten.t, aten.mm]
        extern_kernels.mm(buf7, reinterpret_tensor(arg6_1, (64, 224), (1, 64), 0), out=buf8)
        del arg6_1
        assert_size_stride(arg8_1, (s33, ), (1, ), 'input')
        assert_size_stride(arg11_1, (s33, ), (1, ), 'input')
        assert_size_stride(arg10_1, (3, 3, 128), (384, 128, 1), 'input')
        assert_size_stride(arg7_1, (128, 1, 4), (4, 4, 1), 'input')
        buf10 = empty_strided_cpu((s33, 128), (128, 1), torch.float32)
        buf11 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        buf12 = reinterpret_tensor(buf7, (s33, 4, 16), (64, 16, 1), 0); del buf7  # reuse
        assert_size_stride(arg13_1, (4, ), (1, ), 'input')
        buf13 = empty_strided_cpu((4, ), (1, ), torch.float32)
        buf16 = empty_strided_cpu((2*s33, 4), (4, 1), torch.float32)
        buf14 = reinterpret_tensor(buf16, (s33, 4), (4, 1), 0)  # alias
        assert_size_stride(arg14_1, (4, ), (1, ), 'input')
        buf15 = reinterpret_tensor(buf16, (s33, 4), (4, 1), 4*s33)  # alias
        buf17 = empty_strided_cpu((s33, 4, 16), (64, 16, 1), torch.float32)
        buf18 = empty_strided_cpu((s33, 4, 128), (512, 128, 1), torch.float32)
        assert_size_stride(arg12_1, (s33, ), (1, ), 'input')
        cpp_fused_add_arange_clamp_clamp_min_exp_ge_index_index_copy_lt_mul_neg_rsqrt_scalar_tensor_select_sigmoid_silu_slice_softplus_split_with_sizes_sub_sum_unsqueeze_view_where_3(arg8_1, buf8, arg11_1, arg10_1, arg7_1, arg13_1, arg14_1, arg12_1, buf10, buf11, buf12, buf13, buf14, buf15, buf18, arg10_1, s33)
        del arg10_1
        del arg11_1
        del arg12_1
        del arg13_1
        del arg14_1
        del arg7_1
        del arg8_1
        return (reinterpret_tensor(buf12, (s33, 2, 16), (64, 16, 1), 0), reinterpret_tensor(buf12, (s33, 2, 16), (64, 16, 1), 32), reinterpret_tensor(buf10, (s33, 4, 16), (128, 16, 1), 64), reinterpret_tensor(buf16, (s33, 4), (4, 1), 4*s33), reinterpret_tensor(buf16, (s33, 4), (4, 1), 0), buf17, reinterpret_tensor(buf8, (s33, 64), (224, 1), 128), buf0, buf4, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.int64)
    arg1_1 = 10
    arg2_1 = rand_strided((512, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg3_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg4_1 = rand_strided((32, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg5_1 = rand_strided((256, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg6_1 = rand_strided((224, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg7_1 = rand_strided((128, 1, 4), (4, 4, 1), device='cpu', dtype=torch.float32)
    arg8_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.int64)
    arg9_1 = 10
    arg10_1 = rand_strided((3, 3, 128), (384, 128, 1), device='cpu', dtype=torch.float32)
    arg11_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.int64)
    arg12_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.int64)
    arg13_1 = rand_strided((4, ), (1, ), device='cpu', dtype=torch.float32)
    arg14_1 = rand_strided((4, ), (1, ), device='cpu', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='cpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
