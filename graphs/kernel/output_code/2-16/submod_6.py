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


cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_view_0 = async_compile.cpp_pybinding(['float*', 'const float*', 'const float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       const float* in_ptr0,
                       const float* in_ptr1,
                       float* out_ptr0,
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
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(16L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
                        auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 16L*x0), static_cast<int64_t>(16));
                        auto tmp2 = out_ptr0[static_cast<int64_t>(x0)];
                        auto tmp11 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x1 + 16L*x0), static_cast<int64_t>(16));
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
                        tmp13.store(in_out_ptr0 + static_cast<int64_t>(x1 + 16L*x0));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_add_div_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_1 = async_compile.cpp_pybinding(['float*', 'const float*', 'const float*', 'const float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       float* out_ptr0,
                       float* out_ptr1,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L*ks0); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L))))))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = static_cast<float>(4.0);
                    auto tmp2 = at::vec::Vectorized<float>(tmp1);
                    auto tmp3 = tmp0 / tmp2;
                    auto tmp4 = decltype(tmp3)(1)/(decltype(tmp3)(1) + tmp3.neg().exp());
                    auto tmp5 = static_cast<float>(2.0);
                    auto tmp6 = at::vec::Vectorized<float>(tmp5);
                    auto tmp7 = tmp4 * tmp6;
                    tmp7.store(in_out_ptr0 + static_cast<int64_t>(x0));
                }
                if(C10_UNLIKELY(x0 >= static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L)))) && x0 < static_cast<int64_t>(4L*ks0)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>((-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L))) + 4L*ks0));
                    auto tmp1 = static_cast<float>(4.0);
                    auto tmp2 = at::vec::Vectorized<float>(tmp1);
                    auto tmp3 = tmp0 / tmp2;
                    auto tmp4 = decltype(tmp3)(1)/(decltype(tmp3)(1) + tmp3.neg().exp());
                    auto tmp5 = static_cast<float>(2.0);
                    auto tmp6 = at::vec::Vectorized<float>(tmp5);
                    auto tmp7 = tmp4 * tmp6;
                    tmp7.store(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>((-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L))) + 4L*ks0));
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
                                    auto tmp2 = in_out_ptr0[static_cast<int64_t>(x1 + 4L*x0)];
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
                }
            }
        }
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
                            auto tmp2 = in_out_ptr0[static_cast<int64_t>(4L*x0 + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                            auto tmp6 = out_ptr0[static_cast<int64_t>(4L*x0 + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                            auto tmp14 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
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
                            tmp18.store(out_ptr1 + static_cast<int64_t>(x1 + 256L*x0));
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


cpp_fused_div_silu_2 = async_compile.cpp_pybinding(['float*', 'const int64_t'], r'''
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


cpp_fused_mean_mul_sigmoid_view_3 = async_compile.cpp_pybinding(['const float*', 'const float*', 'float*', 'const int64_t'], r'''
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


cpp_fused__softmax_4 = async_compile.cpp_pybinding(['const float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
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
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 8L*x0), static_cast<int64_t>(8L));
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
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 8L*x0), static_cast<int64_t>(8L));
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


cpp_fused_mul_silu_6 = async_compile.cpp_pybinding(['float*', 'const float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       const float* in_ptr0,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(32L*ks0); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(32L*ks0)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp7 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = tmp0.neg();
                    auto tmp2 = tmp1.exp();
                    auto tmp3 = static_cast<float>(1.0);
                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                    auto tmp5 = tmp2 + tmp4;
                    auto tmp6 = tmp0 / tmp5;
                    auto tmp8 = tmp6 * tmp7;
                    tmp8.store(in_out_ptr0 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_add_div_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_7 = async_compile.cpp_pybinding(['float*', 'float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'const float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       float* in_out_ptr1,
                       const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       const float* in_ptr5,
                       float* out_ptr0,
                       float* out_ptr1,
                       float* out_ptr2,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L*ks0); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L))))))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = static_cast<float>(4.0);
                    auto tmp2 = at::vec::Vectorized<float>(tmp1);
                    auto tmp3 = tmp0 / tmp2;
                    auto tmp4 = decltype(tmp3)(1)/(decltype(tmp3)(1) + tmp3.neg().exp());
                    auto tmp5 = static_cast<float>(2.0);
                    auto tmp6 = at::vec::Vectorized<float>(tmp5);
                    auto tmp7 = tmp4 * tmp6;
                    tmp7.store(in_out_ptr0 + static_cast<int64_t>(x0));
                }
                if(C10_UNLIKELY(x0 >= static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L)))) && x0 < static_cast<int64_t>(4L*ks0)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>((-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L))) + 4L*ks0));
                    auto tmp1 = static_cast<float>(4.0);
                    auto tmp2 = at::vec::Vectorized<float>(tmp1);
                    auto tmp3 = tmp0 / tmp2;
                    auto tmp4 = decltype(tmp3)(1)/(decltype(tmp3)(1) + tmp3.neg().exp());
                    auto tmp5 = static_cast<float>(2.0);
                    auto tmp6 = at::vec::Vectorized<float>(tmp5);
                    auto tmp7 = tmp4 * tmp6;
                    tmp7.store(in_out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>((-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(4L))) + 4L*ks0));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(ks0); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L))))))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = decltype(tmp0)(1)/(decltype(tmp0)(1) + tmp0.neg().exp());
                    tmp1.store(in_out_ptr1 + static_cast<int64_t>(x0));
                }
                if(C10_UNLIKELY(x0 >= static_cast<int64_t>(16L*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))) && x0 < static_cast<int64_t>(ks0)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
                    auto tmp1 = decltype(tmp0)(1)/(decltype(tmp0)(1) + tmp0.neg().exp());
                    tmp1.store(in_out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(ks0 + (-16L)*(c10::div_floor_integer(static_cast<int64_t>(ks0), static_cast<int64_t>(16L)))));
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
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 256L*x0), static_cast<int64_t>(16));
                            auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(64L*x0 + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                            auto tmp2 = in_ptr2[static_cast<int64_t>(4L*x0 + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                            auto tmp6 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(64L*x0 + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                            auto tmp7 = in_out_ptr1[static_cast<int64_t>(x0)];
                            auto tmp8 = at::vec::Vectorized<float>::loadu(in_ptr4 + static_cast<int64_t>(64L*x0 + ((static_cast<int64_t>(x1) % static_cast<int64_t>(64L)))), static_cast<int64_t>(16));
                            auto tmp12 = in_out_ptr0[static_cast<int64_t>(4L*x0 + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(64L))))];
                            auto tmp3 = at::vec::Vectorized<float>(tmp2);
                            auto tmp4 = tmp1 * tmp3;
                            auto tmp5 = tmp0 + tmp4;
                            auto tmp9 = at::vec::Vectorized<float>(tmp7);
                            auto tmp10 = tmp9 * tmp8;
                            auto tmp11 = tmp6 + tmp10;
                            auto tmp13 = at::vec::Vectorized<float>(tmp12);
                            auto tmp14 = tmp11 * tmp13;
                            auto tmp15 = tmp5 + tmp14;
                            tmp15.store(out_ptr0 + static_cast<int64_t>(x1 + 256L*x0));
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


cpp_fused__to_copy_add_cat_cos_mean_mul_neg_pow_rsqrt_sin_slice_split_unsqueeze_view_8 = async_compile.cpp_pybinding(['const float*', 'const float*', 'const int64_t*', 'const float*', 'const float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const int64_t* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
                       float* out_ptr0,
                       float* out_ptr1,
                       float* out_ptr2,
                       float* out_ptr3,
                       float* out_ptr4,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L*ks0); x0+=static_cast<int64_t>(1L))
            {
                {
                    float tmp_acc0 = 0;
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(32L); x1+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(32L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 64L*x0), static_cast<int64_t>(16));
                                auto tmp1 = tmp0 * tmp0;
                                tmp_acc0_vec = tmp_acc0_vec + tmp1;
                            }
                        }
                    }
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                    out_ptr0[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
                }
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(4L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(4L + x1 + 64L*x0), static_cast<int64_t>(4L));
                            auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                            auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(4L + x1), static_cast<int64_t>(4L));
                            auto tmp15 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 64L*x0), static_cast<int64_t>(4L));
                            auto tmp17 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1), static_cast<int64_t>(4L));
                            auto tmp2 = static_cast<float>(32.0);
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
                            auto tmp14 = tmp13.neg();
                            auto tmp16 = tmp15 * tmp7;
                            auto tmp18 = tmp17 + tmp11;
                            auto tmp19 = tmp16 * tmp18;
                            tmp14.store(out_ptr1 + static_cast<int64_t>(x1 + 8L*x0), static_cast<int64_t>(4L));
                            tmp19.store(out_ptr2 + static_cast<int64_t>(x1 + 8L*x0), static_cast<int64_t>(4L));
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
                        for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(8L); x2+=static_cast<int64_t>(16L))
                        {
                            {
                                if(C10_LIKELY(x2 >= static_cast<int64_t>(0L) && x2 < static_cast<int64_t>(8L)))
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x2 + 64L*x1 + 256L*x0), static_cast<int64_t>(8L));
                                    auto tmp1 = out_ptr0[static_cast<int64_t>(x1 + 4L*x0)];
                                    auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x2), static_cast<int64_t>(8L));
                                    auto tmp14 = in_ptr2[static_cast<int64_t>(x0)];
                                    auto tmp16 =
                                    [&]
                                    {
                                        __at_align__ std::array<float, 16> tmpbuf;
                                        #pragma GCC unroll 16
                                        for (long x2_inner = 0; x2_inner < static_cast<int64_t>(8L); x2_inner++)
                                        {
                                            tmpbuf[x2_inner] = in_ptr3[static_cast<int64_t>((static_cast<int64_t>(x2 + x2_inner) % static_cast<int64_t>(4L)))];
                                        }
                                        return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(8L));
                                    }
                                    ()
                                    ;
                                    auto tmp21 = at::vec::Vectorized<float>::loadu(in_ptr4 + static_cast<int64_t>(x2 + 8L*x1 + 32L*x0), static_cast<int64_t>(8L));
                                    auto tmp2 = static_cast<float>(32.0);
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
                                    auto tmp15 = c10::convert<float>(tmp14);
                                    auto tmp17 = at::vec::Vectorized<float>(tmp15);
                                    auto tmp18 = tmp17 * tmp16;
                                    auto tmp19 = tmp18.cos();
                                    auto tmp20 = tmp13 * tmp19;
                                    auto tmp22 = tmp18.sin();
                                    auto tmp23 = tmp21 * tmp22;
                                    auto tmp24 = tmp20 + tmp23;
                                    tmp24.store(out_ptr3 + static_cast<int64_t>(x2 + 32L*x1 + 128L*x0), static_cast<int64_t>(8L));
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
                #pragma GCC ivdep
                for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L*ks0); x0+=static_cast<int64_t>(1L))
                {
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(24L); x1+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(8L + x1 + 64L*x0), static_cast<int64_t>(16));
                                auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                                auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(8L + x1), static_cast<int64_t>(16));
                                auto tmp2 = static_cast<float>(32.0);
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
                                tmp13.store(out_ptr4 + static_cast<int64_t>(x1 + 32L*x0));
                            }
                            if(C10_UNLIKELY(x1 >= static_cast<int64_t>(16L) && x1 < static_cast<int64_t>(24L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(8L + x1 + 64L*x0), static_cast<int64_t>(8L));
                                auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                                auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(8L + x1), static_cast<int64_t>(8L));
                                auto tmp2 = static_cast<float>(32.0);
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
                                tmp13.store(out_ptr4 + static_cast<int64_t>(x1 + 32L*x0), static_cast<int64_t>(8L));
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


cpp_fused__to_copy_add_cat_cos_mean_mul_neg_pow_rsqrt_sin_slice_split_with_sizes_unsqueeze_view_9 = async_compile.cpp_pybinding(['const float*', 'const float*', 'const float*', 'const float*', 'const int64_t*', 'const float*', 'const float*', 'const float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'float*', 'const int64_t'], r'''
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const int64_t* in_ptr4,
                       const float* in_ptr5,
                       const float* in_ptr6,
                       const float* in_ptr7,
                       float* out_ptr0,
                       float* out_ptr1,
                       float* out_ptr2,
                       float* out_ptr3,
                       float* out_ptr4,
                       float* out_ptr5,
                       float* out_ptr6,
                       float* out_ptr7,
                       float* out_ptr8,
                       float* out_ptr9,
                       const int64_t ks0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(2L*ks0); x0+=static_cast<int64_t>(1L))
        {
            {
                float tmp_acc0 = 0;
                at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(32L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(32L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 32L*x0), static_cast<int64_t>(16));
                            auto tmp1 = tmp0 * tmp0;
                            tmp_acc0_vec = tmp_acc0_vec + tmp1;
                        }
                    }
                }
                tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                out_ptr0[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
            }
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(4L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(4L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(4L + x1 + 32L*x0), static_cast<int64_t>(4L));
                        auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                        auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(4L + x1), static_cast<int64_t>(4L));
                        auto tmp15 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 32L*x0), static_cast<int64_t>(4L));
                        auto tmp17 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1), static_cast<int64_t>(4L));
                        auto tmp2 = static_cast<float>(32.0);
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
                        auto tmp14 = tmp13.neg();
                        auto tmp16 = tmp15 * tmp7;
                        auto tmp18 = tmp17 + tmp11;
                        auto tmp19 = tmp16 * tmp18;
                        tmp14.store(out_ptr1 + static_cast<int64_t>(x1 + 8L*x0), static_cast<int64_t>(4L));
                        tmp19.store(out_ptr2 + static_cast<int64_t>(x1 + 8L*x0), static_cast<int64_t>(4L));
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
                    float tmp_acc0 = 0;
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(16L); x2+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(16L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x2 + 16L*x1 + 48L*x0), static_cast<int64_t>(16));
                                auto tmp1 = tmp0 * tmp0;
                                tmp_acc0_vec = tmp_acc0_vec + tmp1;
                            }
                        }
                    }
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                    out_ptr3[static_cast<int64_t>(x1 + 2L*x0)] = static_cast<float>(tmp_acc0);
                }
                for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(4L); x2+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x2 >= static_cast<int64_t>(0L) && x2 < static_cast<int64_t>(4L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(4L + x2 + 16L*x1 + 48L*x0), static_cast<int64_t>(4L));
                            auto tmp1 = out_ptr3[static_cast<int64_t>(x1 + 2L*x0)];
                            auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(4L + x2), static_cast<int64_t>(4L));
                            auto tmp15 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x2 + 16L*x1 + 48L*x0), static_cast<int64_t>(4L));
                            auto tmp17 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x2), static_cast<int64_t>(4L));
                            auto tmp2 = static_cast<float>(16.0);
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
                            auto tmp14 = tmp13.neg();
                            auto tmp16 = tmp15 * tmp7;
                            auto tmp18 = tmp17 + tmp11;
                            auto tmp19 = tmp16 * tmp18;
                            tmp14.store(out_ptr4 + static_cast<int64_t>(x2 + 8L*x1 + 16L*x0), static_cast<int64_t>(4L));
                            tmp19.store(out_ptr5 + static_cast<int64_t>(x2 + 8L*x1 + 16L*x0), static_cast<int64_t>(4L));
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
                for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(8L); x2+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x2 >= static_cast<int64_t>(0L) && x2 < static_cast<int64_t>(8L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x2 + 32L*x1 + 64L*x0), static_cast<int64_t>(8L));
                            auto tmp1 = out_ptr0[static_cast<int64_t>(x1 + 2L*x0)];
                            auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x2), static_cast<int64_t>(8L));
                            auto tmp14 = in_ptr4[static_cast<int64_t>(x0)];
                            auto tmp16 =
                            [&]
                            {
                                __at_align__ std::array<float, 16> tmpbuf;
                                #pragma GCC unroll 16
                                for (long x2_inner = 0; x2_inner < static_cast<int64_t>(8L); x2_inner++)
                                {
                                    tmpbuf[x2_inner] = in_ptr5[static_cast<int64_t>((static_cast<int64_t>(x2 + x2_inner) % static_cast<int64_t>(4L)))];
                                }
                                return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(8L));
                            }
                            ()
                            ;
                            auto tmp21 = at::vec::Vectorized<float>::loadu(in_ptr6 + static_cast<int64_t>(x2 + 8L*x1 + 16L*x0), static_cast<int64_t>(8L));
                            auto tmp25 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x2 + 16L*x1 + 48L*x0), static_cast<int64_t>(8L));
                            auto tmp26 = out_ptr3[static_cast<int64_t>(x1 + 2L*x0)];
                            auto tmp33 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x2), static_cast<int64_t>(8L));
                            auto tmp37 = at::vec::Vectorized<float>::loadu(in_ptr7 + static_cast<int64_t>(x2 + 8L*x1 + 16L*x0), static_cast<int64_t>(8L));
                            auto tmp40 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(8L + x2 + 16L*x1 + 48L*x0), static_cast<int64_t>(8L));
                            auto tmp42 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(8L + x2), static_cast<int64_t>(8L));
                            auto tmp2 = static_cast<float>(32.0);
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
                            auto tmp15 = c10::convert<float>(tmp14);
                            auto tmp17 = at::vec::Vectorized<float>(tmp15);
                            auto tmp18 = tmp17 * tmp16;
                            auto tmp19 = tmp18.cos();
                            auto tmp20 = tmp13 * tmp19;
                            auto tmp22 = tmp18.sin();
                            auto tmp23 = tmp21 * tmp22;
                            auto tmp24 = tmp20 + tmp23;
                            auto tmp27 = static_cast<float>(16.0);
                            auto tmp28 = tmp26 / tmp27;
                            auto tmp29 = float(tmp28 + tmp4);
                            auto tmp30 = 1 / std::sqrt(tmp29);
                            auto tmp31 = at::vec::Vectorized<float>(tmp30);
                            auto tmp32 = tmp25 * tmp31;
                            auto tmp34 = tmp33 + tmp11;
                            auto tmp35 = tmp32 * tmp34;
                            auto tmp36 = tmp35 * tmp19;
                            auto tmp38 = tmp37 * tmp22;
                            auto tmp39 = tmp36 + tmp38;
                            auto tmp41 = tmp40 * tmp31;
                            auto tmp43 = tmp42 + tmp11;
                            auto tmp44 = tmp41 * tmp43;
                            tmp24.store(out_ptr6 + static_cast<int64_t>(x2 + 32L*x1 + 64L*x0), static_cast<int64_t>(8L));
                            tmp39.store(out_ptr7 + static_cast<int64_t>(x2 + 16L*x1 + 32L*x0), static_cast<int64_t>(8L));
                            tmp44.store(out_ptr8 + static_cast<int64_t>(x2 + 16L*x1 + 32L*x0), static_cast<int64_t>(8L));
                        }
                    }
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(2L*ks0); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(24L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(8L + x1 + 32L*x0), static_cast<int64_t>(16));
                        auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                        auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(8L + x1), static_cast<int64_t>(16));
                        auto tmp2 = static_cast<float>(32.0);
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
                        tmp13.store(out_ptr9 + static_cast<int64_t>(x1 + 32L*x0));
                    }
                    if(C10_UNLIKELY(x1 >= static_cast<int64_t>(16L) && x1 < static_cast<int64_t>(24L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(8L + x1 + 32L*x0), static_cast<int64_t>(8L));
                        auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                        auto tmp9 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(8L + x1), static_cast<int64_t>(8L));
                        auto tmp2 = static_cast<float>(32.0);
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
                        tmp13.store(out_ptr9 + static_cast<int64_t>(x1 + 32L*x0), static_cast<int64_t>(8L));
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
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1 = args
        args.clear()
        s72 = arg1_1
        s33 = arg16_1
        s55 = s33
        s69 = s33
        s80 = s33
        assert_size_stride(arg2_1, (s33, 64), (64, 1), 'input')
        assert_size_stride(arg3_1, (64, 64), (64, 1), 'input')
        buf1 = empty_strided_cpu((s33, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(arg2_1, reinterpret_tensor(arg3_1, (64, 64), (1, 64), 0), out=buf1)
        del arg2_1
        del arg3_1
        assert_size_stride(arg0_1, (s33, 4, 16), (64, 16, 1), 'input')
        assert_size_stride(arg4_1, (16, ), (1, ), 'input')
        buf0 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        buf2 = reinterpret_tensor(buf1, (s33, 4, 16), (64, 16, 1), 0); del buf1  # reuse
        assert_size_stride(arg5_1, (64, 64), (64, 1), 'input')
        cpp_fused_add_mean_mul_pow_rsqrt_sigmoid_view_0(buf2, arg0_1, arg4_1, buf0, s33)
        del arg0_1
        del arg4_1
        buf3 = empty_strided_cpu((s33, 64), (64, 1), torch.float32)
        # Topologically Sorted Source Nodes: [pow_1, mean, add, rsqrt, mul, mul_1, unflatten, sigmoid, mul_2, flatten, linear_1], Original ATen: [aten.pow, aten.mean, aten.add, aten.rsqrt, aten.mul, aten.view, aten.sigmoid, aten.t, aten.mm]
        extern_kernels.mm(reinterpret_tensor(buf2, (s33, 64), (64, 1), 0), reinterpret_tensor(arg5_1, (64, 64), (1, 64), 0), out=buf3)
        del arg5_1
        assert_size_stride(arg6_1, (s33, 256), (256, 1), 'input')
        assert_size_stride(arg7_1, (4, 256), (256, 1), 'input')
        buf4 = reinterpret_tensor(buf0, (s33, 4), (4, 1), 0); del buf0  # reuse
        # Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(arg6_1, reinterpret_tensor(arg7_1, (256, 4), (1, 256), 0), out=buf4)
        del arg6_1
        del arg7_1
        buf5 = buf4; del buf4  # reuse
        assert_size_stride(arg8_1, (s33, 256), (256, 1), 'input')
        buf6 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        assert_size_stride(arg9_1, (256, ), (1, ), 'input')
        buf7 = empty_strided_cpu((s33, 256), (256, 1), torch.float32)
        assert_size_stride(arg10_1, (16, 256), (256, 1), 'input')
        cpp_fused_add_div_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_1(buf5, arg8_1, buf3, arg9_1, buf6, buf7, s33)
        del arg9_1
        buf8 = empty_strided_cpu((s33, 16), (16, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_3], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf7, reinterpret_tensor(arg10_1, (256, 16), (1, 256), 0), out=buf8)
        del arg10_1
        buf9 = buf8; del buf8  # reuse
        assert_size_stride(arg11_1, (256, 16), (16, 1), 'input')
        cpp_fused_div_silu_2(buf9, s33)
        buf10 = empty_strided_cpu((s33, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [truediv_1, silu, linear_4], Original ATen: [aten.div, aten.silu, aten.t, aten.mm]
        extern_kernels.mm(buf9, reinterpret_tensor(arg11_1, (16, 256), (1, 16), 0), out=buf10)
        del arg11_1
        buf11 = reinterpret_tensor(buf2, (s33, 64), (64, 1), 0); del buf2  # reuse
        assert_size_stride(arg15_1, (8, 64), (64, 1), 'input')
        cpp_fused_mean_mul_sigmoid_view_3(buf10, buf7, buf11, s33)
        buf12 = empty_strided_cpu((s33, 8), (8, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_8], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf11, reinterpret_tensor(arg15_1, (64, 8), (1, 64), 0), out=buf12)
        del arg15_1
        buf13 = empty_strided_cpu((s33, 1), (1, s33), torch.float32)
        buf15 = empty_strided_cpu((s33, 1), (1, s33), torch.float32)
        buf16 = empty_strided_cpu((s33, 8), (8, 1), torch.float32)
        cpp_fused__softmax_4(buf12, buf13, buf15, buf16, s33)
        del buf12
        del buf13
        # Topologically Sorted Source Nodes: [softmax, topk], Original ATen: [aten._softmax, aten.topk]
        buf17 = torch.ops.aten.topk.default(buf16, 2, -1, True, True)
        del buf16
        buf18 = buf17[0]
        assert_size_stride(buf18, (s33, 2), (2, 1), 'torch.ops.aten.topk.default')
        assert_alignment(buf18, 16, 'torch.ops.aten.topk.default')
        buf19 = buf17[1]
        assert_size_stride(buf19, (s33, 2), (2, 1), 'torch.ops.aten.topk.default')
        assert_alignment(buf19, 16, 'torch.ops.aten.topk.default')
        del buf17
        buf20 = empty_strided_cpu((s33, 64), (64, 1), torch.float32)
        buf21 = empty_strided_cpu((s33, 2), (2, 1), torch.float32)
        cpp_fused_div_sum_5(buf18, buf21, s33)
        # Topologically Sorted Source Nodes: [sum_1, truediv_2, experts_default], Original ATen: [aten.sum, aten.div]
        torch.ops.qcompile.experts.default(layer_key='@0', x0=buf11, x1=buf21, x2=buf19, out=buf20)
        del buf19
        assert_size_stride(arg17_1, (1, 64), (64, 1), 'input')
        buf24 = reinterpret_tensor(buf15, (s33, 1), (1, 1), 0); del buf15  # reuse
        # Topologically Sorted Source Nodes: [linear_9], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf11, reinterpret_tensor(arg17_1, (64, 1), (1, 64), 0), out=buf24)
        del arg17_1
        assert_size_stride(arg12_1, (32, 64), (64, 1), 'input')
        buf25 = empty_strided_cpu((s33, 32), (32, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_5], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf11, reinterpret_tensor(arg12_1, (64, 32), (1, 64), 0), out=buf25)
        del arg12_1
        assert_size_stride(arg13_1, (32, 64), (64, 1), 'input')
        buf26 = empty_strided_cpu((s33, 32), (32, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_6], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf11, reinterpret_tensor(arg13_1, (64, 32), (1, 64), 0), out=buf26)
        del arg13_1
        buf27 = buf25; del buf25  # reuse
        assert_size_stride(arg14_1, (64, 32), (32, 1), 'input')
        cpp_fused_mul_silu_6(buf27, buf26, s33)
        del buf26
        buf28 = buf11; del buf11  # reuse
        # Topologically Sorted Source Nodes: [silu_1, mul_8, linear_7], Original ATen: [aten.silu, aten.mul, aten.t, aten.mm]
        extern_kernels.mm(buf27, reinterpret_tensor(arg14_1, (32, 64), (1, 32), 0), out=buf28)
        del arg14_1
        assert_size_stride(arg18_1, (4, 256), (256, 1), 'input')
        buf30 = reinterpret_tensor(buf6, (s33, 4), (4, 1), 0); del buf6  # reuse
        # Topologically Sorted Source Nodes: [linear_10], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf7, reinterpret_tensor(arg18_1, (256, 4), (1, 256), 0), out=buf30)
        del arg18_1
        buf31 = buf30; del buf30  # reuse
        buf29 = reinterpret_tensor(buf24, (s33, 1), (1, s33), 0); del buf24  # reuse
        buf32 = buf7; del buf7  # reuse
        buf33 = empty_strided_cpu((s33, 4, 1), (4, 1, 4*s33), torch.float32)
        assert_size_stride(arg19_1, (256, ), (1, ), 'input')
        buf34 = buf10; del buf10  # reuse
        assert_size_stride(arg20_1, (16, 256), (256, 1), 'input')
        cpp_fused_add_div_mean_mul_pow_rsqrt_sigmoid_unsqueeze_view_7(buf31, buf29, arg8_1, buf3, buf5, buf20, buf28, arg19_1, buf32, buf33, buf34, s33)
        del arg19_1
        del arg8_1
        del buf20
        del buf29
        del buf31
        del buf33
        buf35 = buf9; del buf9  # reuse
        # Topologically Sorted Source Nodes: [linear_11], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf34, reinterpret_tensor(arg20_1, (256, 16), (1, 256), 0), out=buf35)
        del arg20_1
        buf36 = buf35; del buf35  # reuse
        assert_size_stride(arg21_1, (256, 16), (16, 1), 'input')
        cpp_fused_div_silu_2(buf36, s33)
        buf37 = empty_strided_cpu((s33, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [truediv_4, silu_2, linear_12], Original ATen: [aten.div, aten.silu, aten.t, aten.mm]
        extern_kernels.mm(buf36, reinterpret_tensor(arg21_1, (16, 256), (1, 16), 0), out=buf37)
        del arg21_1
        buf38 = buf3; del buf3  # reuse
        assert_size_stride(arg24_1, (256, 64), (64, 1), 'input')
        cpp_fused_mean_mul_sigmoid_view_3(buf37, buf34, buf38, s33)
        buf39 = buf37; del buf37  # reuse
        # Topologically Sorted Source Nodes: [linear_13], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf38, reinterpret_tensor(arg24_1, (64, 256), (1, 64), 0), out=buf39)
        del arg24_1
        assert_size_stride(arg29_1, (48, 64), (64, 1), 'input')
        buf40 = empty_strided_cpu((s33, 48), (48, 1), torch.float32)
        # Topologically Sorted Source Nodes: [linear_16], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf38, reinterpret_tensor(arg29_1, (64, 48), (1, 64), 0), out=buf40)
        del arg29_1
        assert_size_stride(arg25_1, (32, ), (1, ), 'input')
        buf41 = reinterpret_tensor(buf5, (s33, 4, 1), (4, 1, 4*s33), 0); del buf5  # reuse
        buf44 = reinterpret_tensor(buf27, (s33, 4, 8), (32, 8, 1), 0); del buf27  # reuse
        buf42 = reinterpret_tensor(buf44, (s33, 4, 4), (32, 8, 1), 0)  # alias
        buf43 = reinterpret_tensor(buf44, (s33, 4, 4), (32, 8, 1), 4)  # alias
        assert_size_stride(arg22_1, (s33, ), (1, ), 'input')
        assert_size_stride(arg23_1, (4, ), (1, ), 'input')
        buf47 = empty_strided_cpu((s33, 4, 32), (128, 32, 1), torch.float32)
        buf45 = reinterpret_tensor(buf47, (s33, 4, 8), (128, 32, 1), 0)  # alias
        buf46 = reinterpret_tensor(buf47, (s33, 4, 24), (128, 32, 1), 8)  # alias
        assert_size_stride(arg26_1, (64, 64), (64, 1), 'input')
        cpp_fused__to_copy_add_cat_cos_mean_mul_neg_pow_rsqrt_sin_slice_split_unsqueeze_view_8(buf39, arg25_1, arg22_1, arg23_1, buf44, buf41, buf42, buf43, buf45, buf46, s33)
        del arg25_1
        del buf41
        del buf42
        del buf43
        buf48 = buf28; del buf28  # reuse
        # Topologically Sorted Source Nodes: [linear_14], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf38, reinterpret_tensor(arg26_1, (64, 64), (1, 64), 0), out=buf48)
        del arg26_1
        assert_size_stride(arg27_1, (32, ), (1, ), 'input')
        buf49 = reinterpret_tensor(buf21, (s33, 2, 1), (2, 1, 2*s33), 0); del buf21  # reuse
        buf52 = reinterpret_tensor(buf36, (s33, 2, 8), (16, 8, 1), 0); del buf36  # reuse
        buf50 = reinterpret_tensor(buf52, (s33, 2, 4), (16, 8, 1), 0)  # alias
        buf51 = reinterpret_tensor(buf52, (s33, 2, 4), (16, 8, 1), 4)  # alias
        assert_size_stride(arg30_1, (16, ), (1, ), 'input')
        buf57 = reinterpret_tensor(buf18, (s33, 2, 1), (2, 1, 2*s33), 0); del buf18  # reuse
        buf60 = empty_strided_cpu((s33, 2, 8), (16, 8, 1), torch.float32)
        buf58 = reinterpret_tensor(buf60, (s33, 2, 4), (16, 8, 1), 0)  # alias
        buf59 = reinterpret_tensor(buf60, (s33, 2, 4), (16, 8, 1), 4)  # alias
        buf55 = empty_strided_cpu((s33, 2, 32), (64, 32, 1), torch.float32)
        buf53 = reinterpret_tensor(buf55, (s33, 2, 8), (64, 32, 1), 0)  # alias
        buf63 = reinterpret_tensor(buf44, (s33, 2, 16), (32, 16, 1), 0); del buf44  # reuse
        buf61 = reinterpret_tensor(buf63, (s33, 2, 8), (32, 16, 1), 0)  # alias
        buf62 = reinterpret_tensor(buf63, (s33, 2, 8), (32, 16, 1), 8)  # alias
        buf54 = reinterpret_tensor(buf55, (s33, 2, 24), (64, 32, 1), 8)  # alias
        assert_size_stride(arg28_1, (64, 64), (64, 1), 'input')
        cpp_fused__to_copy_add_cat_cos_mean_mul_neg_pow_rsqrt_sin_slice_split_with_sizes_unsqueeze_view_9(buf48, arg27_1, buf40, arg30_1, arg22_1, arg23_1, buf52, buf60, buf49, buf50, buf51, buf57, buf58, buf59, buf53, buf61, buf62, buf54, s33)
        del arg22_1
        del arg23_1
        del arg27_1
        del arg30_1
        del buf49
        del buf50
        del buf51
        del buf52
        del buf57
        del buf58
        del buf59
        del buf60
        buf56 = buf48; del buf48  # reuse
        # Topologically Sorted Source Nodes: [linear_15], Original ATen: [aten.t, aten.mm]
        extern_kernels.mm(buf38, reinterpret_tensor(arg28_1, (64, 64), (1, 64), 0), out=buf56)
        del arg28_1
        del buf38
        buf64 = empty_strided_cpu((s33, 4, 32), (128, 32, 1), torch.float32)
        return (buf47, buf55, reinterpret_tensor(buf56, (s33, 2, 32), (64, 32, 1), 0), buf63, reinterpret_tensor(buf40, (s33, 16), (48, 1), 32), buf64, reinterpret_tensor(buf39, (s33, 4, 32), (256, 64, 1), 32), buf34, buf32, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((10, 4, 16), (64, 16, 1), device='cpu', dtype=torch.float32)
    arg1_1 = 10
    arg2_1 = rand_strided((10, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg3_1 = rand_strided((64, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg4_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    arg5_1 = rand_strided((64, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg6_1 = rand_strided((10, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg7_1 = rand_strided((4, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg8_1 = rand_strided((10, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg9_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg10_1 = rand_strided((16, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg11_1 = rand_strided((256, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg12_1 = rand_strided((32, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg13_1 = rand_strided((32, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg14_1 = rand_strided((64, 32), (32, 1), device='cpu', dtype=torch.float32)
    arg15_1 = rand_strided((8, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg16_1 = 10
    arg17_1 = rand_strided((1, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg18_1 = rand_strided((4, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg19_1 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    arg20_1 = rand_strided((16, 256), (256, 1), device='cpu', dtype=torch.float32)
    arg21_1 = rand_strided((256, 16), (16, 1), device='cpu', dtype=torch.float32)
    arg22_1 = rand_strided((10, ), (1, ), device='cpu', dtype=torch.int64)
    arg23_1 = rand_strided((4, ), (1, ), device='cpu', dtype=torch.float32)
    arg24_1 = rand_strided((256, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg25_1 = rand_strided((32, ), (1, ), device='cpu', dtype=torch.float32)
    arg26_1 = rand_strided((64, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg27_1 = rand_strided((32, ), (1, ), device='cpu', dtype=torch.float32)
    arg28_1 = rand_strided((64, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg29_1 = rand_strided((48, 64), (64, 1), device='cpu', dtype=torch.float32)
    arg30_1 = rand_strided((16, ), (1, ), device='cpu', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1, arg7_1, arg8_1, arg9_1, arg10_1, arg11_1, arg12_1, arg13_1, arg14_1, arg15_1, arg16_1, arg17_1, arg18_1, arg19_1, arg20_1, arg21_1, arg22_1, arg23_1, arg24_1, arg25_1, arg26_1, arg27_1, arg28_1, arg29_1, arg30_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='cpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
