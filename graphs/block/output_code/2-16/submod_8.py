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


cpp_fused_add_mean_mul_pow_rsqrt_unsqueeze_view_0 = async_compile.cpp_pybinding(['const float*', 'const float*', 'const float*', 'const float*', 'float*', 'float*', 'const int64_t'], r'''
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


cpp_fused_div_silu_split_with_sizes_1 = async_compile.cpp_pybinding(['const float*', 'float*', 'const int64_t'], r'''
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
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_2 = async_compile.cpp_pybinding(['const float*', 'const float*', 'float*', 'const int64_t'], r'''
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


cpp_fused__softmax_split_with_sizes_3 = async_compile.cpp_pybinding(['const float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       float* out_ptr0,
                       float* out_ptr1,
                       float* out_ptr2,
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
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_div_mul_silu_split_with_sizes_sum_4 = async_compile.cpp_pybinding(['const float*', 'const float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
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
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(32L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(32L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(32L + x1 + 96L*x0), static_cast<int64_t>(16));
                        auto tmp7 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(64L + x1 + 96L*x0), static_cast<int64_t>(16));
                        auto tmp1 = tmp0.neg();
                        auto tmp2 = tmp1.exp();
                        auto tmp3 = static_cast<float>(1.0);
                        auto tmp4 = at::vec::Vectorized<float>(tmp3);
                        auto tmp5 = tmp2 + tmp4;
                        auto tmp6 = tmp0 / tmp5;
                        auto tmp8 = tmp6 * tmp7;
                        tmp8.store(out_ptr1 + static_cast<int64_t>(x1 + 32L*x0));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_add_div_mean_mul_pow_rsqrt_sigmoid_split_with_sizes_unsqueeze_view_5 = async_compile.cpp_pybinding(['float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       const float* in_ptr5,
                       float* out_ptr0,
                       float* out_ptr2,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    auto out_ptr1 = in_out_ptr0;
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
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 256L*x0), static_cast<int64_t>(16));
                            auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(64L*x0 + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                            auto tmp2 = in_ptr3[static_cast<int64_t>(4L*x0 + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                            auto tmp6 = at::vec::Vectorized<float>::loadu(in_ptr4 + static_cast<int64_t>(64L*x0 + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                            auto tmp7 = out_ptr0[static_cast<int64_t>(4L*x0 + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                            auto tmp3 = at::vec::Vectorized<float>(tmp2);
                            auto tmp4 = tmp1 * tmp3;
                            auto tmp5 = tmp0 + tmp4;
                            auto tmp8 = at::vec::Vectorized<float>(tmp7);
                            auto tmp9 = tmp6 * tmp8;
                            auto tmp10 = tmp5 + tmp9;
                            tmp10.store(out_ptr1 + static_cast<int64_t>(x1 + 256L*x0));
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
                                auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr1 + static_cast<int64_t>(x1 + 64L*x0), static_cast<int64_t>(16));
                                auto tmp1 = tmp0 * tmp0;
                                tmp_acc0_vec = tmp_acc0_vec + tmp1;
                            }
                        }
                    }
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                    out_ptr2[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
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
                                auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr1 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0), static_cast<int64_t>(16));
                                auto tmp1 = out_ptr2[static_cast<int64_t>(x1 + 4L*x0)];
                                auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr5 + static_cast<int64_t>(x2 + 64L*x1), static_cast<int64_t>(16));
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
                                tmp13.store(in_out_ptr0 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0));
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


cpp_fused_div_silu_6 = async_compile.cpp_pybinding(['float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L*ks0); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L*ks0)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = static_cast<float>(4.0);
                    auto tmp2 = at::vec::Vectorized<float>(tmp1);
                    auto tmp3 = tmp0 / tmp2;
                    auto tmp4 = tmp3.neg();
                    auto tmp5 = tmp4.exp();
                    auto tmp6 = static_cast<float>(1.0);
                    auto tmp7 = at::vec::Vectorized<float>(tmp6);
                    auto tmp8 = tmp5 + tmp7;
                    auto tmp9 = tmp3 / tmp8;
                    tmp9.store(in_out_ptr0 + static_cast<int64_t>(x0));
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
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1 = args
        args.clear()
        s72 = arg1_1
        assert_size_stride(arg0_1, (s72, 256), (256, 1), 'input')
        assert_size_stride(arg3_1, (s72, 64), (64, 1), 'input')
        assert_size_stride(arg2_1, (s72, 4), (4, 1), 'input')
        assert_size_stride(arg4_1, (256, ), (1, ), 'input')
        buf0 = empty_strided_cpu((s72, 4, 1), (4, 1, 4*s72), torch.float32)
        buf1 = empty_strided_cpu((s72, 4, 64), (256, 64, 1), torch.float32)
        assert_size_stride(arg5_1, (32, 256), (256, 1), 'input')
        cpp_fused_add_mean_mul_pow_rsqrt_unsqueeze_view_0(arg0_1, arg3_1, arg2_1, arg4_1, buf0, buf1, s72)
        del arg4_1
        del buf0
        buf2 = empty_strided_cpu((s72, 32), (32, 1), torch.float32)
        # Topologically Sorted Source Nodes: [hc_write_default, unflatten, pow_1, mean, add_1, rsqrt, mul, add, unflatten_1, mul_1, flatten, linear], Original ATen: [aten.unsqueeze, aten.mul, aten.view, aten.add, aten.pow, aten.mean, aten.rsqrt, aten.t, aten.mm]
        extern_kernels.mm(reinterpret_tensor(buf1, (s72, 256), (256, 1), 0), reinterpret_tensor(arg5_1, (256, 32), (1, 256), 0), out=buf2)
        del arg5_1
        buf3 = empty_strided_cpu((s72, 16), (16, 1), torch.float32)
        assert_size_stride(arg6_1, (256, 16), (16, 1), 'input')
        cpp_fused_div_silu_split_with_sizes_1(buf2, buf3, s72)
        buf4 = empty_strided_cpu((s72, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [split, truediv, silu, linear_1], Original ATen: [aten.split_with_sizes, aten.div, aten.silu, aten.t, aten.mm]
        extern_kernels.mm(buf3, reinterpret_tensor(arg6_1, (16, 256), (1, 16), 0), out=buf4)
        del arg6_1
        del buf3
        buf5 = empty_strided_cpu((s72, 64), (64, 1), torch.float32)
        assert_size_stride(arg7_1, (96, 64), (64, 1), 'input')
        cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_2(buf4, buf1, buf5, s72)
        del buf1
        buf6 = empty_strided_cpu((s72, 96), (96, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf5, reinterpret_tensor(arg7_1, (64, 96), (1, 64), 0), out=buf6)
        del arg7_1
        buf7 = empty_strided_cpu((s72, 1), (1, s72), torch.float32)
        buf9 = empty_strided_cpu((s72, 1), (1, s72), torch.float32)
        buf10 = empty_strided_cpu((s72, 8), (8, 1), torch.float32)
        cpp_fused__softmax_split_with_sizes_3(buf6, buf7, buf9, buf10, s72)
        del buf7
        del buf9
        # Topologically Sorted Source Nodes: [softmax, topk], Original ATen: [aten._softmax, aten.topk]
        buf11 = torch.ops.aten.topk.default(buf10, 2, -1, True, True)
        del buf10
        buf12 = buf11[0]
        assert_size_stride(buf12, (s72, 2), (2, 1), 'torch.ops.aten.topk.default')
        assert_alignment(buf12, 16, 'torch.ops.aten.topk.default')
        buf13 = buf11[1]
        assert_size_stride(buf13, (s72, 2), (2, 1), 'torch.ops.aten.topk.default')
        assert_alignment(buf13, 16, 'torch.ops.aten.topk.default')
        del buf11
        buf14 = empty_strided_cpu((s72, 64), (64, 1), torch.float32)
        buf15 = empty_strided_cpu((s72, 2), (2, 1), torch.float32)
        buf16 = empty_strided_cpu((s72, 32), (32, 1), torch.float32)
        cpp_fused_div_mul_silu_split_with_sizes_sum_4(buf12, buf6, buf15, buf16, s72)
        del buf12
        # Topologically Sorted Source Nodes: [split_1, sum_1, truediv_2, silu_1, mul_4, experts_default], Original ATen: [aten.split_with_sizes, aten.sum, aten.div, aten.silu, aten.mul]
        torch.ops.qcompile.experts.default(layer_key='@0', x0=buf5, x1=buf15, x2=buf13, x3=buf16, x4=reinterpret_tensor(buf6, (s72, 1), (96, 1), 16), out=buf14)
        del buf13
        del buf15
        del buf16
        del buf5
        del buf6
        buf19 = empty_strided_cpu((s72, 4), (4, 1), torch.float32)
        buf20 = buf4; del buf4  # reuse
        buf21 = empty_strided_cpu((s72, 4, 1), (4, 1, 4*s72), torch.float32)
        assert_size_stride(arg8_1, (256, ), (1, ), 'input')
        buf22 = reinterpret_tensor(buf20, (s72, 4, 64), (256, 64, 1), 0); del buf20  # reuse
        assert_size_stride(arg9_1, (16, 256), (256, 1), 'input')
        cpp_fused_add_div_mean_mul_pow_rsqrt_sigmoid_split_with_sizes_unsqueeze_view_5(buf22, buf2, arg0_1, arg3_1, arg2_1, buf14, arg8_1, buf19, buf21, s72)
        del arg0_1
        del arg2_1
        del arg3_1
        del arg8_1
        del buf19
        del buf2
        del buf21
        buf23 = empty_strided_cpu((s72, 16), (16, 1), torch.float32)
        # Topologically Sorted Source Nodes: [hc_write_default, split, hc_write_default_1, truediv_1, sigmoid_1, mul_3, unflatten_4, pow_2, mean_2, add_3, rsqrt_1, mul_5, add_2, unflatten_5, mul_6, flatten_1, linear_3], Original ATen: [aten.unsqueeze, aten.mul, aten.view, aten.add, aten.split_with_sizes, aten.div, aten.sigmoid, aten.pow, aten.mean, aten.rsqrt, aten.t, aten.mm]
        extern_kernels.mm(reinterpret_tensor(buf22, (s72, 256), (256, 1), 0), reinterpret_tensor(arg9_1, (256, 16), (1, 256), 0), out=buf23)
        del arg9_1
        buf24 = buf23; del buf23  # reuse
        assert_size_stride(arg10_1, (256, 16), (16, 1), 'input')
        cpp_fused_div_silu_6(buf24, s72)
        buf25 = empty_strided_cpu((s72, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [truediv_3, silu_2, linear_4], Original ATen: [aten.div, aten.silu, aten.t, aten.mm]
        extern_kernels.mm(buf24, reinterpret_tensor(arg10_1, (16, 256), (1, 16), 0), out=buf25)
        del arg10_1
        del buf24
        buf26 = buf14; del buf14  # reuse
        cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_2(buf25, buf22, buf26, s72)
        return (buf26, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((10, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg1_1 = 10
    arg2_1 = rand_strided((10, 4), (4, 1), device='cpu', dtype=torch.float32)
    arg3_1 = rand_strided((10, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg4_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg5_1 = rand_strided((32, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg6_1 = rand_strided((256, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg7_1 = rand_strided((96, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg8_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg9_1 = rand_strided((16, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg10_1 = rand_strided((256, 16), (16, 1), device='cpu', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='cpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
