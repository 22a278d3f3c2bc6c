class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[16]", arg4_1: "f32[64, 64]", arg5_1: "f32[s33, 4]", arg6_1: "f32[s33, 256]", arg7_1: "f32[256]", arg8_1: "f32[32, 256]", arg9_1: "f32[256, 16]", arg10_1: "f32[96, 64]", arg11_1: "f32[64, 32]", arg12_1: "Sym(s33)", arg13_1: "i64[s33]", arg14_1: "i64[s33]", arg15_1: "i64[s33]", arg16_1: "i64[3, 2, 1]", arg17_1: "i64[s33]", arg18_1: "i64[3]", arg19_1: "i64[4]", arg20_1: "i64[4]", arg21_1: "f32[320, 64]", arg22_1: "f32[256]", arg23_1: "f32[256]", arg24_1: "f32[256]", arg25_1: "f32[3, 9, 256]", arg26_1: "f32[256, 1, 4]", arg27_1: "f32[256]", arg28_1: "f32[32, 256]", arg29_1: "f32[256, 16]", arg30_1: "f32[224, 64]", arg31_1: "f32[3, 3, 128]", arg32_1: "f32[128, 1, 4]", arg33_1: "f32[4]", arg34_1: "f32[4]"):
        pow_1: "f32[s33, 4, 16]" = torch.ops.aten.pow.Tensor_Scalar(arg0_1, 2)
        mean: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_12: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_12);  add_12 = None
        mul_10: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(arg0_1, rsqrt);  arg0_1 = rsqrt = None
        mul_13: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(arg3_1, mul_10);  arg3_1 = mul_10 = None
        view: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(arg2_1, [arg12_1, 4, 16]);  arg2_1 = None
        sigmoid: "f32[s33, 4, 16]" = torch.ops.aten.sigmoid.default(view);  view = None
        mul_18: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_13, sigmoid);  mul_13 = sigmoid = None
        view_1: "f32[s33, 64]" = torch.ops.aten.reshape.default(mul_18, [arg12_1, 64]);  mul_18 = None
        permute: "f32[64, 64]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "f32[s33, 64]" = torch.ops.aten.mm.default(view_1, permute);  view_1 = permute = None
        unsqueeze: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(mm, -2);  mm = None
        unsqueeze_1: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(arg5_1, -1);  arg5_1 = None
        mul_33: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze, unsqueeze_1);  unsqueeze = unsqueeze_1 = None
        view_2: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_33, [arg12_1, 256]);  mul_33 = None
        add_58: "f32[s33, 256]" = torch.ops.aten.add.Tensor(arg6_1, view_2);  arg6_1 = view_2 = None
        view_3: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_58, [arg12_1, 4, 64])
        pow_2: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_3, 2)
        mean_1: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_2, [-1], True);  pow_2 = None
        add_74: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_1, 1e-06);  mean_1 = None
        rsqrt_1: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_74);  add_74 = None
        mul_54: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_3, rsqrt_1);  view_3 = rsqrt_1 = None
        view_4: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_54, [arg12_1, 256]);  mul_54 = None
        add_90: "f32[256]" = torch.ops.aten.add.Tensor(arg7_1, 1.0);  arg7_1 = None
        mul_63: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_4, add_90);  view_4 = add_90 = None
        permute_1: "f32[256, 32]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_1: "f32[s33, 32]" = torch.ops.aten.mm.default(mul_63, permute_1);  permute_1 = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm_1, [16, 0, 4, 12], -1);  mm_1 = None
        getitem: "f32[s33, 16]" = split_with_sizes[0]
        getitem_2: "f32[s33, 4]" = split_with_sizes[2];  split_with_sizes = None
        div: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem, 4);  getitem = None
        neg: "f32[s33, 16]" = torch.ops.aten.neg.default(div)
        exp: "f32[s33, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_110: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_1: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div, add_110);  div = add_110 = None
        permute_2: "f32[16, 256]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_2: "f32[s33, 256]" = torch.ops.aten.mm.default(div_1, permute_2);  div_1 = permute_2 = None
        sigmoid_1: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_2);  mm_2 = None
        view_5: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_1, [arg12_1, 4, 64]);  sigmoid_1 = None
        view_6: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_63, [arg12_1, 4, 64]);  mul_63 = None
        mul_87: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_5, view_6);  view_5 = view_6 = None
        mean_2: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_87, [-2]);  mul_87 = None
        permute_3: "f32[64, 96]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_3: "f32[s33, 96]" = torch.ops.aten.mm.default(mean_2, permute_3);  permute_3 = None
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_3, [8, 8, 1, 15, 32, 0, 32, 0], -1);  mm_3 = None
        getitem_4: "f32[s33, 8]" = split_with_sizes_1[0]
        getitem_6: "f32[s33, 1]" = split_with_sizes_1[2]
        getitem_8: "f32[s33, 32]" = split_with_sizes_1[4]
        getitem_10: "f32[s33, 32]" = split_with_sizes_1[6];  split_with_sizes_1 = None
        clone: "f32[s33, 8]" = torch.ops.aten.clone.default(getitem_4, memory_format = torch.contiguous_format);  getitem_4 = None
        amax: "f32[s33, 1]" = torch.ops.aten.amax.default(clone, [-1], True)
        sub_52: "f32[s33, 8]" = torch.ops.aten.sub.Tensor(clone, amax);  clone = amax = None
        exp_2: "f32[s33, 8]" = torch.ops.aten.exp.default(sub_52);  sub_52 = None
        sum_1: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True)
        div_4: "f32[s33, 8]" = torch.ops.aten.div.Tensor(exp_2, sum_1);  exp_2 = sum_1 = None
        topk = torch.ops.aten.topk.default(div_4, 2);  div_4 = None
        getitem_12: "f32[s33, 2]" = topk[0]
        getitem_13: "i64[s33, 2]" = topk[1];  topk = None
        sum_2: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(getitem_12, [-1], True)
        div_5: "f32[s33, 2]" = torch.ops.aten.div.Tensor(getitem_12, sum_2);  getitem_12 = sum_2 = None
        empty: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg12_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        experts_default = torch.ops.qcompile.experts.default(layer_key = '@0', x0 = mean_2, x1 = div_5, x2 = getitem_13, out = empty);  mean_2 = div_5 = getitem_13 = experts_default = None
        unsqueeze_5: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg14_1, 1)
        iota: "i64[3]" = torch.ops.prims.iota.default(3, start = -2, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_230: "i64[s33, 3]" = torch.ops.aten.add.Tensor(unsqueeze_5, iota);  unsqueeze_5 = None
        ge_1: "b8[s33, 3]" = torch.ops.aten.ge.Scalar(add_230, 0)
        unsqueeze_8: "b8[s33, 3, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 2);  ge_1 = None
        unsqueeze_4: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg13_1, 1);  arg13_1 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg12_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_6: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_1, 1);  iota_1 = None
        add_240: "i64[s33, 3]" = torch.ops.aten.add.Tensor(unsqueeze_6, iota);  unsqueeze_6 = iota = None
        clamp_min: "i64[s33, 3]" = torch.ops.aten.clamp_min.default(add_240, 0);  add_240 = None
        index_1: "i64[s33, 3, 1]" = torch.ops.aten.index.Tensor(unsqueeze_4, [clamp_min]);  unsqueeze_4 = clamp_min = None
        unsqueeze_7: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg15_1, 1)
        add_250: "i64[s33, 3]" = torch.ops.aten.add.Tensor(add_230, 2);  add_230 = None
        clamp_min_1: "i64[s33, 3]" = torch.ops.aten.clamp_min.default(add_250, 0);  add_250 = None
        clamp_max: "i64[s33, 3]" = torch.ops.aten.clamp_max.default(clamp_min_1, 1);  clamp_min_1 = None
        index: "i64[s33, 3, 1]" = torch.ops.aten.index.Tensor(arg16_1, [unsqueeze_7, clamp_max]);  unsqueeze_7 = clamp_max = None
        where: "i64[s33, 3, 1]" = torch.ops.aten.where.self(unsqueeze_8, index_1, index);  unsqueeze_8 = index_1 = index = None
        slice_1: "i64[s33, 2, 1]" = torch.ops.aten.slice.Tensor(where, 1, 1, 9223372036854775807)
        index_put: "i64[3, 2, 1]" = torch.ops.aten.index_put.default(arg16_1, [arg17_1], slice_1);  slice_1 = None
        select: "i64[s33, 3]" = torch.ops.aten.select.int(where, 2, 0);  where = None
        select_1: "i64[s33]" = torch.ops.aten.select.int(select, 1, 2)
        select_4: "i64[]" = torch.ops.aten.select.int(arg18_1, 0, 0)
        mul_195: "i64[s33]" = torch.ops.aten.mul.Tensor(select_1, select_4);  select_1 = select_4 = None
        eq_100: "b8[s33, 3]" = torch.ops.aten.eq.Scalar(select, 1)
        slice_2: "b8[s33, 0]" = torch.ops.aten.slice.Tensor(eq_100, 1, 2, 2)
        any_1: "b8[s33]" = torch.ops.aten.any.dim(slice_2, -1);  slice_2 = None
        full_default: "i64[]" = torch.ops.aten.full.default([], 1, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        select_2: "i64[s33]" = torch.ops.aten.select.int(select, 1, 1)
        where_1: "i64[s33]" = torch.ops.aten.where.self(any_1, full_default, select_2);  any_1 = full_default = select_2 = None
        select_5: "i64[]" = torch.ops.aten.select.int(arg18_1, 0, 1)
        mul_197: "i64[s33]" = torch.ops.aten.mul.Tensor(where_1, select_5);  where_1 = select_5 = None
        bitwise_xor: "i64[s33]" = torch.ops.aten.bitwise_xor.Tensor(mul_195, mul_197);  mul_195 = mul_197 = None
        unsqueeze_9: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(bitwise_xor, 1)
        slice_4: "i64[2]" = torch.ops.aten.slice.Tensor(arg19_1, 0, 0, 2)
        remainder: "i64[s33, 2]" = torch.ops.aten.remainder.Tensor(unsqueeze_9, slice_4);  unsqueeze_9 = slice_4 = None
        slice_5: "i64[2]" = torch.ops.aten.slice.Tensor(arg20_1, 0, 0, 2)
        add_322: "i64[s33, 2]" = torch.ops.aten.add.Tensor(remainder, slice_5);  remainder = slice_5 = None
        slice_3: "b8[s33, 1]" = torch.ops.aten.slice.Tensor(eq_100, 1, 1, 2);  eq_100 = None
        any_2: "b8[s33]" = torch.ops.aten.any.dim(slice_3, -1);  slice_3 = None
        full_default_1: "i64[]" = torch.ops.aten.full.default([], 1, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        select_3: "i64[s33]" = torch.ops.aten.select.int(select, 1, 0);  select = None
        where_2: "i64[s33]" = torch.ops.aten.where.self(any_2, full_default_1, select_3);  any_2 = full_default_1 = select_3 = None
        select_6: "i64[]" = torch.ops.aten.select.int(arg18_1, 0, 2);  arg18_1 = None
        mul_205: "i64[s33]" = torch.ops.aten.mul.Tensor(where_2, select_6);  where_2 = select_6 = None
        bitwise_xor_1: "i64[s33]" = torch.ops.aten.bitwise_xor.Tensor(bitwise_xor, mul_205);  bitwise_xor = mul_205 = None
        unsqueeze_10: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(bitwise_xor_1, 1);  bitwise_xor_1 = None
        slice_6: "i64[2]" = torch.ops.aten.slice.Tensor(arg19_1, 0, 2, 4);  arg19_1 = None
        remainder_1: "i64[s33, 2]" = torch.ops.aten.remainder.Tensor(unsqueeze_10, slice_6);  unsqueeze_10 = slice_6 = None
        slice_7: "i64[2]" = torch.ops.aten.slice.Tensor(arg20_1, 0, 2, 4);  arg20_1 = None
        add_336: "i64[s33, 2]" = torch.ops.aten.add.Tensor(remainder_1, slice_7);  remainder_1 = slice_7 = None
        cat: "i64[s33, 4]" = torch.ops.aten.cat.default([add_322, add_336], -1);  add_322 = add_336 = None
        empty_1: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg12_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        ple_gather_default = torch.ops.qcompile.ple_gather.default(layer_key = '@1', x0 = cat, out = empty_1);  cat = ple_gather_default = None
        permute_5: "f32[64, 320]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_5: "f32[s33, 320]" = torch.ops.aten.mm.default(empty_1, permute_5);  empty_1 = permute_5 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_5, [256, 0, 64, 0], -1);  mm_5 = None
        getitem_18: "f32[s33, 256]" = split_with_sizes_2[0]
        getitem_20: "f32[s33, 64]" = split_with_sizes_2[2];  split_with_sizes_2 = None
        unsqueeze_12: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg14_1, 1)
        iota_2: "i64[10]" = torch.ops.prims.iota.default(10, start = -9, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_511: "i64[s33, 10]" = torch.ops.aten.add.Tensor(unsqueeze_12, iota_2);  unsqueeze_12 = None
        ge_5: "b8[s33, 10]" = torch.ops.aten.ge.Scalar(add_511, 0)
        unsqueeze_15: "b8[s33, 10, 1]" = torch.ops.aten.unsqueeze.default(ge_5, 2);  ge_5 = None
        view_8: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(getitem_18, [arg12_1, 4, 64]);  getitem_18 = None
        pow_3: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_8, 2)
        mean_3: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None
        add_369: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_3, 1e-06);  mean_3 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_369);  add_369 = None
        mul_235: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_8, rsqrt_2);  view_8 = rsqrt_2 = None
        view_9: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_235, [arg12_1, 256]);  mul_235 = None
        add_385: "f32[256]" = torch.ops.aten.add.Tensor(arg22_1, 1.0);  arg22_1 = None
        mul_244: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_9, add_385);  view_9 = add_385 = None
        view_10: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_244, [arg12_1, 4, 64]);  mul_244 = None
        sigmoid_3: "f32[s33, 1]" = torch.ops.aten.sigmoid.default(getitem_6);  getitem_6 = None
        neg_1: "f32[s33, 32]" = torch.ops.aten.neg.default(getitem_8)
        exp_1: "f32[s33, 32]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_167: "f32[s33, 32]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_3: "f32[s33, 32]" = torch.ops.aten.div.Tensor(getitem_8, add_167);  getitem_8 = add_167 = None
        mul_117: "f32[s33, 32]" = torch.ops.aten.mul.Tensor(div_3, getitem_10);  div_3 = getitem_10 = None
        permute_4: "f32[32, 64]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_4: "f32[s33, 64]" = torch.ops.aten.mm.default(mul_117, permute_4);  mul_117 = permute_4 = None
        mul_134: "f32[s33, 64]" = torch.ops.aten.mul.Tensor(sigmoid_3, mm_4);  sigmoid_3 = mm_4 = None
        add_201: "f32[s33, 64]" = torch.ops.aten.add.Tensor(empty, mul_134);  empty = mul_134 = None
        unsqueeze_2: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(add_201, -2);  add_201 = None
        div_2: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_2, 4);  getitem_2 = None
        sigmoid_2: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_96: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_2, 2);  sigmoid_2 = None
        unsqueeze_3: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_96, -1);  mul_96 = None
        mul_143: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_2, unsqueeze_3);  unsqueeze_2 = unsqueeze_3 = None
        view_7: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_143, [arg12_1, 256]);  mul_143 = None
        add_220: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_58, view_7);  add_58 = view_7 = None
        view_11: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_220, [arg12_1, 4, 64])
        pow_4: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_11, 2)
        mean_4: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_4, [-1], True);  pow_4 = None
        add_405: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_4, 1e-06);  mean_4 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_405);  add_405 = None
        mul_259: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_11, rsqrt_3);  view_11 = rsqrt_3 = None
        view_12: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_259, [arg12_1, 256]);  mul_259 = None
        add_421: "f32[256]" = torch.ops.aten.add.Tensor(arg23_1, 1.0);  arg23_1 = None
        mul_268: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_12, add_421);  view_12 = add_421 = None
        view_13: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_268, [arg12_1, 4, 64]);  mul_268 = None
        mul_273: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_10, view_13);  view_10 = view_13 = None
        sum_3: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_273, [-1], True);  mul_273 = None
        div_6: "f32[s33, 4, 1]" = torch.ops.aten.div.Tensor(sum_3, 8.0);  sum_3 = None
        abs_1: "f32[s33, 4, 1]" = torch.ops.aten.abs.default(div_6)
        clamp_min_2: "f32[s33, 4, 1]" = torch.ops.aten.clamp_min.default(abs_1, 1e-06);  abs_1 = None
        sqrt: "f32[s33, 4, 1]" = torch.ops.aten.sqrt.default(clamp_min_2);  clamp_min_2 = None
        sign: "f32[s33, 4, 1]" = torch.ops.aten.sign.default(div_6);  div_6 = None
        mul_288: "f32[s33, 4, 1]" = torch.ops.aten.mul.Tensor(sqrt, sign);  sqrt = sign = None
        sigmoid_4: "f32[s33, 4, 1]" = torch.ops.aten.sigmoid.default(mul_288);  mul_288 = None
        unsqueeze_11: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(getitem_20, -2);  getitem_20 = None
        mul_295: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(sigmoid_4, unsqueeze_11);  sigmoid_4 = unsqueeze_11 = None
        view_14: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_295, [arg12_1, 256]);  mul_295 = None
        view_15: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_14, [arg12_1, 4, 64])
        pow_5: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_15, 2)
        mean_5: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_5, [-1], True);  pow_5 = None
        add_488: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_5, 1e-06);  mean_5 = None
        rsqrt_4: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_488);  add_488 = None
        mul_314: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_15, rsqrt_4);  view_15 = rsqrt_4 = None
        view_16: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_314, [arg12_1, 256]);  mul_314 = None
        add_504: "f32[256]" = torch.ops.aten.add.Tensor(arg24_1, 1.0);  arg24_1 = None
        mul_323: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_16, add_504);  view_16 = add_504 = None
        iota_3: "i64[s33]" = torch.ops.prims.iota.default(arg12_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_13: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_3, 1);  iota_3 = None
        add_521: "i64[s33, 10]" = torch.ops.aten.add.Tensor(unsqueeze_13, iota_2);  unsqueeze_13 = iota_2 = None
        clamp_min_3: "i64[s33, 10]" = torch.ops.aten.clamp_min.default(add_521, 0);  add_521 = None
        index_3: "f32[s33, 10, 256]" = torch.ops.aten.index.Tensor(mul_323, [clamp_min_3]);  mul_323 = clamp_min_3 = None
        unsqueeze_14: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg15_1, 1)
        add_531: "i64[s33, 10]" = torch.ops.aten.add.Tensor(add_511, 9);  add_511 = None
        clamp_min_4: "i64[s33, 10]" = torch.ops.aten.clamp_min.default(add_531, 0);  add_531 = None
        clamp_max_1: "i64[s33, 10]" = torch.ops.aten.clamp_max.default(clamp_min_4, 8);  clamp_min_4 = None
        index_2: "f32[s33, 10, 256]" = torch.ops.aten.index.Tensor(arg25_1, [unsqueeze_14, clamp_max_1]);  unsqueeze_14 = clamp_max_1 = None
        where_3: "f32[s33, 10, 256]" = torch.ops.aten.where.self(unsqueeze_15, index_3, index_2);  unsqueeze_15 = index_3 = index_2 = None
        slice_8: "f32[s33, 9, 256]" = torch.ops.aten.slice.Tensor(where_3, 1, 1, 9223372036854775807)
        index_put_1: "f32[3, 9, 256]" = torch.ops.aten.index_put.default(arg25_1, [arg17_1], slice_8);  slice_8 = None
        select_8: "f32[s33, 256]" = torch.ops.aten.select.int(where_3, 1, 0)
        select_7: "f32[256, 4]" = torch.ops.aten.select.int(arg26_1, 1, 0);  arg26_1 = None
        select_9: "f32[256]" = torch.ops.aten.select.int(select_7, 1, 0)
        mul_355: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(select_8, select_9);  select_8 = select_9 = None
        select_10: "f32[s33, 256]" = torch.ops.aten.select.int(where_3, 1, 3)
        select_11: "f32[256]" = torch.ops.aten.select.int(select_7, 1, 1)
        mul_360: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(select_10, select_11);  select_10 = select_11 = None
        add_579: "f32[s33, 256]" = torch.ops.aten.add.Tensor(mul_355, mul_360);  mul_355 = mul_360 = None
        select_12: "f32[s33, 256]" = torch.ops.aten.select.int(where_3, 1, 6)
        select_13: "f32[256]" = torch.ops.aten.select.int(select_7, 1, 2)
        mul_367: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(select_12, select_13);  select_12 = select_13 = None
        add_589: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_579, mul_367);  add_579 = mul_367 = None
        select_14: "f32[s33, 256]" = torch.ops.aten.select.int(where_3, 1, 9);  where_3 = None
        select_15: "f32[256]" = torch.ops.aten.select.int(select_7, 1, 3);  select_7 = None
        mul_374: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(select_14, select_15);  select_14 = select_15 = None
        add_599: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_589, mul_374);  add_589 = mul_374 = None
        neg_2: "f32[s33, 256]" = torch.ops.aten.neg.default(add_599)
        exp_3: "f32[s33, 256]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_603: "f32[s33, 256]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_7: "f32[s33, 256]" = torch.ops.aten.div.Tensor(add_599, add_603);  add_599 = add_603 = None
        add_607: "f32[s33, 256]" = torch.ops.aten.add.Tensor(view_14, div_7);  view_14 = div_7 = None
        add_611: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_220, add_607);  add_220 = add_607 = None
        view_17: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_611, [arg12_1, 4, 64])
        pow_6: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_17, 2)
        mean_6: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_6, [-1], True);  pow_6 = None
        add_627: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_6, 1e-06);  mean_6 = None
        rsqrt_5: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_627);  add_627 = None
        mul_395: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_17, rsqrt_5);  view_17 = rsqrt_5 = None
        view_18: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_395, [arg12_1, 256]);  mul_395 = None
        add_643: "f32[256]" = torch.ops.aten.add.Tensor(arg27_1, 1.0);  arg27_1 = None
        mul_404: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_18, add_643);  view_18 = add_643 = None
        permute_6: "f32[256, 32]" = torch.ops.aten.permute.default(arg28_1, [1, 0]);  arg28_1 = None
        mm_6: "f32[s33, 32]" = torch.ops.aten.mm.default(mul_404, permute_6);  permute_6 = None
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(mm_6, [16, 0, 4, 12], -1);  mm_6 = None
        getitem_22: "f32[s33, 16]" = split_with_sizes_3[0]
        getitem_24: "f32[s33, 4]" = split_with_sizes_3[2];  split_with_sizes_3 = None
        div_10: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_24, 4);  getitem_24 = None
        sigmoid_6: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_10);  div_10 = None
        mul_437: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_6, 2);  sigmoid_6 = None
        div_8: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem_22, 4);  getitem_22 = None
        neg_3: "f32[s33, 16]" = torch.ops.aten.neg.default(div_8)
        exp_4: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_3);  neg_3 = None
        add_663: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_4, 1);  exp_4 = None
        div_9: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_8, add_663);  div_8 = add_663 = None
        permute_7: "f32[16, 256]" = torch.ops.aten.permute.default(arg29_1, [1, 0]);  arg29_1 = None
        mm_7: "f32[s33, 256]" = torch.ops.aten.mm.default(div_9, permute_7);  div_9 = permute_7 = None
        sigmoid_5: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_7);  mm_7 = None
        view_19: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_5, [arg12_1, 4, 64]);  sigmoid_5 = None
        view_20: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_404, [arg12_1, 4, 64]);  mul_404 = None
        mul_428: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_19, view_20);  view_19 = view_20 = None
        mean_7: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_428, [-2]);  mul_428 = None
        permute_8: "f32[64, 224]" = torch.ops.aten.permute.default(arg30_1, [1, 0]);  arg30_1 = None
        mm_8: "f32[s33, 224]" = torch.ops.aten.mm.default(mean_7, permute_8);  mean_7 = permute_8 = None
        split_with_sizes_4 = torch.ops.aten.split_with_sizes.default(mm_8, [128, 0, 64, 0, 4, 12, 4, 12], -1);  mm_8 = None
        getitem_26: "f32[s33, 128]" = split_with_sizes_4[0]
        getitem_28: "f32[s33, 64]" = split_with_sizes_4[2]
        getitem_30: "f32[s33, 4]" = split_with_sizes_4[4]
        getitem_32: "f32[s33, 4]" = split_with_sizes_4[6];  split_with_sizes_4 = None
        unsqueeze_16: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg14_1, 1);  arg14_1 = None
        iota_4: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_723: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_16, iota_4);  unsqueeze_16 = None
        ge_9: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_723, 0)
        unsqueeze_19: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_9, 2);  ge_9 = None
        iota_5: "i64[s33]" = torch.ops.prims.iota.default(arg12_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_17: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_5, 1);  iota_5 = None
        add_733: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_17, iota_4);  unsqueeze_17 = iota_4 = None
        clamp_min_5: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_733, 0);  add_733 = None
        index_5: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(getitem_26, [clamp_min_5]);  getitem_26 = clamp_min_5 = None
        unsqueeze_18: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg15_1, 1);  arg15_1 = None
        add_743: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_723, 3);  add_723 = None
        clamp_min_6: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_743, 0);  add_743 = None
        clamp_max_2: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_6, 2);  clamp_min_6 = None
        index_4: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg31_1, [unsqueeze_18, clamp_max_2]);  unsqueeze_18 = clamp_max_2 = None
        where_4: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_19, index_5, index_4);  unsqueeze_19 = index_5 = index_4 = None
        slice_9: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where_4, 1, 1, 9223372036854775807)
        index_put_2: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg31_1, [arg17_1], slice_9);  arg17_1 = slice_9 = None
        select_17: "f32[s33, 128]" = torch.ops.aten.select.int(where_4, 1, 0)
        select_16: "f32[128, 4]" = torch.ops.aten.select.int(arg32_1, 1, 0);  arg32_1 = None
        select_18: "f32[128]" = torch.ops.aten.select.int(select_16, 1, 0)
        mul_485: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_17, select_18);  select_17 = select_18 = None
        select_19: "f32[s33, 128]" = torch.ops.aten.select.int(where_4, 1, 1)
        select_20: "f32[128]" = torch.ops.aten.select.int(select_16, 1, 1)
        mul_490: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_19, select_20);  select_19 = select_20 = None
        add_791: "f32[s33, 128]" = torch.ops.aten.add.Tensor(mul_485, mul_490);  mul_485 = mul_490 = None
        select_21: "f32[s33, 128]" = torch.ops.aten.select.int(where_4, 1, 2)
        select_22: "f32[128]" = torch.ops.aten.select.int(select_16, 1, 2)
        mul_497: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_21, select_22);  select_21 = select_22 = None
        add_801: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_791, mul_497);  add_791 = mul_497 = None
        select_23: "f32[s33, 128]" = torch.ops.aten.select.int(where_4, 1, 3);  where_4 = None
        select_24: "f32[128]" = torch.ops.aten.select.int(select_16, 1, 3);  select_16 = None
        mul_504: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_23, select_24);  select_23 = select_24 = None
        add_811: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_801, mul_504);  add_801 = mul_504 = None
        neg_4: "f32[s33, 128]" = torch.ops.aten.neg.default(add_811)
        exp_5: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_4);  neg_4 = None
        add_815: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_5, 1);  exp_5 = None
        div_11: "f32[s33, 128]" = torch.ops.aten.div.Tensor(add_811, add_815);  add_811 = add_815 = None
        split_with_sizes_5 = torch.ops.aten.split_with_sizes.default(div_11, [32, 32, 64], -1);  div_11 = None
        getitem_34: "f32[s33, 32]" = split_with_sizes_5[0]
        getitem_35: "f32[s33, 32]" = split_with_sizes_5[1]
        getitem_36: "f32[s33, 64]" = split_with_sizes_5[2];  split_with_sizes_5 = None
        view_25: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_36, [arg12_1, 4, 16]);  getitem_36 = None
        view_21: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_34, [arg12_1, 2, 16]);  getitem_34 = None
        unsqueeze_20: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_21, 2);  view_21 = None
        expand: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_20, [arg12_1, 2, 2, 16]);  unsqueeze_20 = None
        clone_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_22: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_1, [arg12_1, 4, 16]);  clone_1 = None
        mul_549: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_22, view_22)
        sum_4: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_549, [-1], True);  mul_549 = None
        add_886: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_4, 1e-06);  sum_4 = None
        rsqrt_6: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_886);  add_886 = None
        mul_558: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_22, rsqrt_6);  view_22 = rsqrt_6 = None
        mul_561: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_558, 0.25);  mul_558 = None
        view_23: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_35, [arg12_1, 2, 16]);  getitem_35 = None
        unsqueeze_21: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_23, 2);  view_23 = None
        expand_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_21, [arg12_1, 2, 2, 16]);  unsqueeze_21 = None
        clone_2: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_24: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_2, [arg12_1, 4, 16]);  clone_2 = None
        mul_564: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_24, view_24)
        sum_5: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_564, [-1], True);  mul_564 = None
        add_911: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_5, 1e-06);  sum_5 = None
        rsqrt_7: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_911);  add_911 = None
        mul_573: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_24, rsqrt_7);  view_24 = rsqrt_7 = None
        sigmoid_7: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(getitem_30);  getitem_30 = None
        exp_6: "f32[4]" = torch.ops.aten.exp.default(arg33_1);  arg33_1 = None
        neg_5: "f32[4]" = torch.ops.aten.neg.default(exp_6);  exp_6 = None
        add_927: "f32[s33, 4]" = torch.ops.aten.add.Tensor(getitem_32, arg34_1);  getitem_32 = arg34_1 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(add_927, 20)
        exp_7: "f32[s33, 4]" = torch.ops.aten.exp.default(add_927)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_7);  exp_7 = None
        where_5: "f32[s33, 4]" = torch.ops.aten.where.self(gt, add_927, log1p);  gt = add_927 = log1p = None
        mul_582: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_5, where_5);  neg_5 = where_5 = None
        empty_2: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg12_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg12_1 = None
        copy_: "i64[3, 2, 1]" = torch.ops.aten.copy_.default(arg16_1, index_put);  arg16_1 = index_put = copy_ = None
        copy__1: "f32[3, 9, 256]" = torch.ops.aten.copy_.default(arg25_1, index_put_1);  arg25_1 = index_put_1 = copy__1 = None
        copy__2: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg31_1, index_put_2);  arg31_1 = index_put_2 = copy__2 = None
        return (mul_561, mul_573, view_25, mul_582, sigmoid_7, empty_2, getitem_28, mul_437, add_611)
