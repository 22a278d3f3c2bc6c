class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[16]", arg4_1: "f32[64, 64]", arg5_1: "f32[s33, 4]", arg6_1: "f32[s33, 256]", arg7_1: "f32[256]", arg8_1: "f32[20, 256]", arg9_1: "f32[256, 16]", arg10_1: "f32[73, 64]", arg11_1: "f32[64, 32]", arg12_1: "Sym(s33)", arg13_1: "i64[s33]", arg14_1: "i64[s33]", arg15_1: "i64[s33]", arg16_1: "i64[3, 2, 1]", arg17_1: "i64[s33]", arg18_1: "i64[3]", arg19_1: "i64[4]", arg20_1: "i64[4]", arg21_1: "f32[320, 64]", arg22_1: "f32[256]", arg23_1: "f32[256]", arg24_1: "f32[256]", arg25_1: "f32[3, 9, 256]", arg26_1: "f32[256, 1, 4]", arg27_1: "f32[256]", arg28_1: "f32[20, 256]", arg29_1: "f32[256, 16]", arg30_1: "f32[200, 64]", arg31_1: "f32[3, 3, 128]", arg32_1: "f32[128, 1, 4]", arg33_1: "f32[4]", arg34_1: "f32[4]"):
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
        permute_1: "f32[256, 20]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_1: "f32[s33, 20]" = torch.ops.aten.mm.default(mul_63, permute_1);  permute_1 = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm_1, [16, 4], -1);  mm_1 = None
        getitem: "f32[s33, 16]" = split_with_sizes[0]
        getitem_1: "f32[s33, 4]" = split_with_sizes[1];  split_with_sizes = None
        div: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem, 4);  getitem = None
        neg: "f32[s33, 16]" = torch.ops.aten.neg.default(div)
        exp: "f32[s33, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_106: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_1: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div, add_106);  div = add_106 = None
        permute_2: "f32[16, 256]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_2: "f32[s33, 256]" = torch.ops.aten.mm.default(div_1, permute_2);  div_1 = permute_2 = None
        sigmoid_1: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_2);  mm_2 = None
        view_5: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_1, [arg12_1, 4, 64]);  sigmoid_1 = None
        view_6: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_63, [arg12_1, 4, 64]);  mul_63 = None
        mul_84: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_5, view_6);  view_5 = view_6 = None
        mean_2: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_84, [-2]);  mul_84 = None
        permute_3: "f32[64, 73]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_3: "f32[s33, 73]" = torch.ops.aten.mm.default(mean_2, permute_3);  permute_3 = None
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_3, [8, 1, 32, 32], -1);  mm_3 = None
        getitem_2: "f32[s33, 8]" = split_with_sizes_1[0]
        getitem_3: "f32[s33, 1]" = split_with_sizes_1[1]
        getitem_4: "f32[s33, 32]" = split_with_sizes_1[2]
        getitem_5: "f32[s33, 32]" = split_with_sizes_1[3];  split_with_sizes_1 = None
        clone: "f32[s33, 8]" = torch.ops.aten.clone.default(getitem_2, memory_format = torch.contiguous_format);  getitem_2 = None
        amax: "f32[s33, 1]" = torch.ops.aten.amax.default(clone, [-1], True)
        sub_46: "f32[s33, 8]" = torch.ops.aten.sub.Tensor(clone, amax);  clone = amax = None
        exp_2: "f32[s33, 8]" = torch.ops.aten.exp.default(sub_46);  sub_46 = None
        sum_1: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True)
        div_4: "f32[s33, 8]" = torch.ops.aten.div.Tensor(exp_2, sum_1);  exp_2 = sum_1 = None
        topk = torch.ops.aten.topk.default(div_4, 2);  div_4 = None
        getitem_6: "f32[s33, 2]" = topk[0]
        getitem_7: "i64[s33, 2]" = topk[1];  topk = None
        sum_2: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(getitem_6, [-1], True)
        div_5: "f32[s33, 2]" = torch.ops.aten.div.Tensor(getitem_6, sum_2);  getitem_6 = sum_2 = None
        empty: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg12_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        experts_default = torch.ops.qcompile.experts.default(layer_key = '@0', x0 = mean_2, x1 = div_5, x2 = getitem_7, out = empty);  mean_2 = div_5 = getitem_7 = experts_default = None
        unsqueeze_5: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg14_1, 1)
        iota: "i64[3]" = torch.ops.prims.iota.default(3, start = -2, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_218: "i64[s33, 3]" = torch.ops.aten.add.Tensor(unsqueeze_5, iota);  unsqueeze_5 = None
        ge_1: "b8[s33, 3]" = torch.ops.aten.ge.Scalar(add_218, 0)
        unsqueeze_8: "b8[s33, 3, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 2);  ge_1 = None
        unsqueeze_4: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg13_1, 1);  arg13_1 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg12_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_6: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_1, 1);  iota_1 = None
        add_228: "i64[s33, 3]" = torch.ops.aten.add.Tensor(unsqueeze_6, iota);  unsqueeze_6 = iota = None
        clamp_min: "i64[s33, 3]" = torch.ops.aten.clamp_min.default(add_228, 0);  add_228 = None
        index_1: "i64[s33, 3, 1]" = torch.ops.aten.index.Tensor(unsqueeze_4, [clamp_min]);  unsqueeze_4 = clamp_min = None
        unsqueeze_7: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg15_1, 1)
        add_238: "i64[s33, 3]" = torch.ops.aten.add.Tensor(add_218, 2);  add_218 = None
        clamp_min_1: "i64[s33, 3]" = torch.ops.aten.clamp_min.default(add_238, 0);  add_238 = None
        clamp_max: "i64[s33, 3]" = torch.ops.aten.clamp_max.default(clamp_min_1, 1);  clamp_min_1 = None
        index: "i64[s33, 3, 1]" = torch.ops.aten.index.Tensor(arg16_1, [unsqueeze_7, clamp_max]);  unsqueeze_7 = clamp_max = None
        where: "i64[s33, 3, 1]" = torch.ops.aten.where.self(unsqueeze_8, index_1, index);  unsqueeze_8 = index_1 = index = None
        slice_1: "i64[s33, 2, 1]" = torch.ops.aten.slice.Tensor(where, 1, 1, 9223372036854775807)
        index_put: "i64[3, 2, 1]" = torch.ops.aten.index_put.default(arg16_1, [arg17_1], slice_1);  slice_1 = None
        select: "i64[s33, 3]" = torch.ops.aten.select.int(where, 2, 0);  where = None
        select_1: "i64[s33]" = torch.ops.aten.select.int(select, 1, 2)
        select_4: "i64[]" = torch.ops.aten.select.int(arg18_1, 0, 0)
        mul_186: "i64[s33]" = torch.ops.aten.mul.Tensor(select_1, select_4);  select_1 = select_4 = None
        eq_94: "b8[s33, 3]" = torch.ops.aten.eq.Scalar(select, 1)
        slice_2: "b8[s33, 0]" = torch.ops.aten.slice.Tensor(eq_94, 1, 2, 2)
        any_1: "b8[s33]" = torch.ops.aten.any.dim(slice_2, -1);  slice_2 = None
        full_default: "i64[]" = torch.ops.aten.full.default([], 1, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        select_2: "i64[s33]" = torch.ops.aten.select.int(select, 1, 1)
        where_1: "i64[s33]" = torch.ops.aten.where.self(any_1, full_default, select_2);  any_1 = full_default = select_2 = None
        select_5: "i64[]" = torch.ops.aten.select.int(arg18_1, 0, 1)
        mul_188: "i64[s33]" = torch.ops.aten.mul.Tensor(where_1, select_5);  where_1 = select_5 = None
        bitwise_xor: "i64[s33]" = torch.ops.aten.bitwise_xor.Tensor(mul_186, mul_188);  mul_186 = mul_188 = None
        unsqueeze_9: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(bitwise_xor, 1)
        slice_4: "i64[2]" = torch.ops.aten.slice.Tensor(arg19_1, 0, 0, 2)
        remainder: "i64[s33, 2]" = torch.ops.aten.remainder.Tensor(unsqueeze_9, slice_4);  unsqueeze_9 = slice_4 = None
        slice_5: "i64[2]" = torch.ops.aten.slice.Tensor(arg20_1, 0, 0, 2)
        add_310: "i64[s33, 2]" = torch.ops.aten.add.Tensor(remainder, slice_5);  remainder = slice_5 = None
        slice_3: "b8[s33, 1]" = torch.ops.aten.slice.Tensor(eq_94, 1, 1, 2);  eq_94 = None
        any_2: "b8[s33]" = torch.ops.aten.any.dim(slice_3, -1);  slice_3 = None
        full_default_1: "i64[]" = torch.ops.aten.full.default([], 1, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        select_3: "i64[s33]" = torch.ops.aten.select.int(select, 1, 0);  select = None
        where_2: "i64[s33]" = torch.ops.aten.where.self(any_2, full_default_1, select_3);  any_2 = full_default_1 = select_3 = None
        select_6: "i64[]" = torch.ops.aten.select.int(arg18_1, 0, 2);  arg18_1 = None
        mul_196: "i64[s33]" = torch.ops.aten.mul.Tensor(where_2, select_6);  where_2 = select_6 = None
        bitwise_xor_1: "i64[s33]" = torch.ops.aten.bitwise_xor.Tensor(bitwise_xor, mul_196);  bitwise_xor = mul_196 = None
        unsqueeze_10: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(bitwise_xor_1, 1);  bitwise_xor_1 = None
        slice_6: "i64[2]" = torch.ops.aten.slice.Tensor(arg19_1, 0, 2, 4);  arg19_1 = None
        remainder_1: "i64[s33, 2]" = torch.ops.aten.remainder.Tensor(unsqueeze_10, slice_6);  unsqueeze_10 = slice_6 = None
        slice_7: "i64[2]" = torch.ops.aten.slice.Tensor(arg20_1, 0, 2, 4);  arg20_1 = None
        add_324: "i64[s33, 2]" = torch.ops.aten.add.Tensor(remainder_1, slice_7);  remainder_1 = slice_7 = None
        cat: "i64[s33, 4]" = torch.ops.aten.cat.default([add_310, add_324], -1);  add_310 = add_324 = None
        empty_1: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg12_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        ple_gather_default = torch.ops.qcompile.ple_gather.default(layer_key = '@1', x0 = cat, out = empty_1);  cat = ple_gather_default = None
        permute_5: "f32[64, 320]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_5: "f32[s33, 320]" = torch.ops.aten.mm.default(empty_1, permute_5);  empty_1 = permute_5 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_5, [256, 64], -1);  mm_5 = None
        getitem_12: "f32[s33, 256]" = split_with_sizes_2[0]
        getitem_13: "f32[s33, 64]" = split_with_sizes_2[1];  split_with_sizes_2 = None
        unsqueeze_12: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg14_1, 1)
        iota_2: "i64[10]" = torch.ops.prims.iota.default(10, start = -9, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_497: "i64[s33, 10]" = torch.ops.aten.add.Tensor(unsqueeze_12, iota_2);  unsqueeze_12 = None
        ge_5: "b8[s33, 10]" = torch.ops.aten.ge.Scalar(add_497, 0)
        unsqueeze_15: "b8[s33, 10, 1]" = torch.ops.aten.unsqueeze.default(ge_5, 2);  ge_5 = None
        view_8: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(getitem_12, [arg12_1, 4, 64]);  getitem_12 = None
        pow_3: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_8, 2)
        mean_3: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None
        add_355: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_3, 1e-06);  mean_3 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_355);  add_355 = None
        mul_224: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_8, rsqrt_2);  view_8 = rsqrt_2 = None
        view_9: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_224, [arg12_1, 256]);  mul_224 = None
        add_371: "f32[256]" = torch.ops.aten.add.Tensor(arg22_1, 1.0);  arg22_1 = None
        mul_233: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_9, add_371);  view_9 = add_371 = None
        view_10: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_233, [arg12_1, 4, 64]);  mul_233 = None
        sigmoid_3: "f32[s33, 1]" = torch.ops.aten.sigmoid.default(getitem_3);  getitem_3 = None
        neg_1: "f32[s33, 32]" = torch.ops.aten.neg.default(getitem_4)
        exp_1: "f32[s33, 32]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_155: "f32[s33, 32]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_3: "f32[s33, 32]" = torch.ops.aten.div.Tensor(getitem_4, add_155);  getitem_4 = add_155 = None
        mul_108: "f32[s33, 32]" = torch.ops.aten.mul.Tensor(div_3, getitem_5);  div_3 = getitem_5 = None
        permute_4: "f32[32, 64]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_4: "f32[s33, 64]" = torch.ops.aten.mm.default(mul_108, permute_4);  mul_108 = permute_4 = None
        mul_125: "f32[s33, 64]" = torch.ops.aten.mul.Tensor(sigmoid_3, mm_4);  sigmoid_3 = mm_4 = None
        add_189: "f32[s33, 64]" = torch.ops.aten.add.Tensor(empty, mul_125);  empty = mul_125 = None
        unsqueeze_2: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(add_189, -2);  add_189 = None
        div_2: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_1, 4);  getitem_1 = None
        sigmoid_2: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_93: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_2, 2);  sigmoid_2 = None
        unsqueeze_3: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_93, -1);  mul_93 = None
        mul_134: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_2, unsqueeze_3);  unsqueeze_2 = unsqueeze_3 = None
        view_7: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_134, [arg12_1, 256]);  mul_134 = None
        add_208: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_58, view_7);  add_58 = view_7 = None
        view_11: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_208, [arg12_1, 4, 64])
        pow_4: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_11, 2)
        mean_4: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_4, [-1], True);  pow_4 = None
        add_391: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_4, 1e-06);  mean_4 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_391);  add_391 = None
        mul_248: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_11, rsqrt_3);  view_11 = rsqrt_3 = None
        view_12: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_248, [arg12_1, 256]);  mul_248 = None
        add_407: "f32[256]" = torch.ops.aten.add.Tensor(arg23_1, 1.0);  arg23_1 = None
        mul_257: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_12, add_407);  view_12 = add_407 = None
        view_13: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_257, [arg12_1, 4, 64]);  mul_257 = None
        mul_262: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_10, view_13);  view_10 = view_13 = None
        sum_3: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_262, [-1], True);  mul_262 = None
        div_6: "f32[s33, 4, 1]" = torch.ops.aten.div.Tensor(sum_3, 8.0);  sum_3 = None
        abs_1: "f32[s33, 4, 1]" = torch.ops.aten.abs.default(div_6)
        clamp_min_2: "f32[s33, 4, 1]" = torch.ops.aten.clamp_min.default(abs_1, 1e-06);  abs_1 = None
        sqrt: "f32[s33, 4, 1]" = torch.ops.aten.sqrt.default(clamp_min_2);  clamp_min_2 = None
        sign: "f32[s33, 4, 1]" = torch.ops.aten.sign.default(div_6);  div_6 = None
        mul_277: "f32[s33, 4, 1]" = torch.ops.aten.mul.Tensor(sqrt, sign);  sqrt = sign = None
        sigmoid_4: "f32[s33, 4, 1]" = torch.ops.aten.sigmoid.default(mul_277);  mul_277 = None
        unsqueeze_11: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(getitem_13, -2);  getitem_13 = None
        mul_284: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(sigmoid_4, unsqueeze_11);  sigmoid_4 = unsqueeze_11 = None
        view_14: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_284, [arg12_1, 256]);  mul_284 = None
        view_15: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_14, [arg12_1, 4, 64])
        pow_5: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_15, 2)
        mean_5: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_5, [-1], True);  pow_5 = None
        add_474: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_5, 1e-06);  mean_5 = None
        rsqrt_4: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_474);  add_474 = None
        mul_303: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_15, rsqrt_4);  view_15 = rsqrt_4 = None
        view_16: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_303, [arg12_1, 256]);  mul_303 = None
        add_490: "f32[256]" = torch.ops.aten.add.Tensor(arg24_1, 1.0);  arg24_1 = None
        mul_312: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_16, add_490);  view_16 = add_490 = None
        iota_3: "i64[s33]" = torch.ops.prims.iota.default(arg12_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_13: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_3, 1);  iota_3 = None
        add_507: "i64[s33, 10]" = torch.ops.aten.add.Tensor(unsqueeze_13, iota_2);  unsqueeze_13 = iota_2 = None
        clamp_min_3: "i64[s33, 10]" = torch.ops.aten.clamp_min.default(add_507, 0);  add_507 = None
        index_3: "f32[s33, 10, 256]" = torch.ops.aten.index.Tensor(mul_312, [clamp_min_3]);  mul_312 = clamp_min_3 = None
        unsqueeze_14: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg15_1, 1)
        add_517: "i64[s33, 10]" = torch.ops.aten.add.Tensor(add_497, 9);  add_497 = None
        clamp_min_4: "i64[s33, 10]" = torch.ops.aten.clamp_min.default(add_517, 0);  add_517 = None
        clamp_max_1: "i64[s33, 10]" = torch.ops.aten.clamp_max.default(clamp_min_4, 8);  clamp_min_4 = None
        index_2: "f32[s33, 10, 256]" = torch.ops.aten.index.Tensor(arg25_1, [unsqueeze_14, clamp_max_1]);  unsqueeze_14 = clamp_max_1 = None
        where_3: "f32[s33, 10, 256]" = torch.ops.aten.where.self(unsqueeze_15, index_3, index_2);  unsqueeze_15 = index_3 = index_2 = None
        slice_8: "f32[s33, 9, 256]" = torch.ops.aten.slice.Tensor(where_3, 1, 1, 9223372036854775807)
        index_put_1: "f32[3, 9, 256]" = torch.ops.aten.index_put.default(arg25_1, [arg17_1], slice_8);  slice_8 = None
        slice_9: "f32[s33, 4, 256]" = torch.ops.aten.slice.Tensor(where_3, 1, 0, 9223372036854775807, 3);  where_3 = None
        select_7: "f32[256, 4]" = torch.ops.aten.select.int(arg26_1, 1, 0);  arg26_1 = None
        permute_6: "f32[4, 256]" = torch.ops.aten.permute.default(select_7, [1, 0]);  select_7 = None
        mul_344: "f32[s33, 4, 256]" = torch.ops.aten.mul.Tensor(slice_9, permute_6);  slice_9 = permute_6 = None
        sum_4: "f32[s33, 256]" = torch.ops.aten.sum.dim_IntList(mul_344, [1]);  mul_344 = None
        neg_2: "f32[s33, 256]" = torch.ops.aten.neg.default(sum_4)
        exp_3: "f32[s33, 256]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_564: "f32[s33, 256]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_7: "f32[s33, 256]" = torch.ops.aten.div.Tensor(sum_4, add_564);  sum_4 = add_564 = None
        add_568: "f32[s33, 256]" = torch.ops.aten.add.Tensor(view_14, div_7);  view_14 = div_7 = None
        add_572: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_208, add_568);  add_208 = add_568 = None
        view_17: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_572, [arg12_1, 4, 64])
        pow_6: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_17, 2)
        mean_6: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_6, [-1], True);  pow_6 = None
        add_588: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_6, 1e-06);  mean_6 = None
        rsqrt_5: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_588);  add_588 = None
        mul_365: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_17, rsqrt_5);  view_17 = rsqrt_5 = None
        view_18: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_365, [arg12_1, 256]);  mul_365 = None
        add_604: "f32[256]" = torch.ops.aten.add.Tensor(arg27_1, 1.0);  arg27_1 = None
        mul_374: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_18, add_604);  view_18 = add_604 = None
        permute_7: "f32[256, 20]" = torch.ops.aten.permute.default(arg28_1, [1, 0]);  arg28_1 = None
        mm_6: "f32[s33, 20]" = torch.ops.aten.mm.default(mul_374, permute_7);  permute_7 = None
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(mm_6, [16, 4], -1);  mm_6 = None
        getitem_14: "f32[s33, 16]" = split_with_sizes_3[0]
        getitem_15: "f32[s33, 4]" = split_with_sizes_3[1];  split_with_sizes_3 = None
        div_10: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_15, 4);  getitem_15 = None
        sigmoid_6: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_10);  div_10 = None
        mul_404: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_6, 2);  sigmoid_6 = None
        div_8: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem_14, 4);  getitem_14 = None
        neg_3: "f32[s33, 16]" = torch.ops.aten.neg.default(div_8)
        exp_4: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_3);  neg_3 = None
        add_620: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_4, 1);  exp_4 = None
        div_9: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_8, add_620);  div_8 = add_620 = None
        permute_8: "f32[16, 256]" = torch.ops.aten.permute.default(arg29_1, [1, 0]);  arg29_1 = None
        mm_7: "f32[s33, 256]" = torch.ops.aten.mm.default(div_9, permute_8);  div_9 = permute_8 = None
        sigmoid_5: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_7);  mm_7 = None
        view_19: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_5, [arg12_1, 4, 64]);  sigmoid_5 = None
        view_20: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_374, [arg12_1, 4, 64]);  mul_374 = None
        mul_395: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_19, view_20);  view_19 = view_20 = None
        mean_7: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_395, [-2]);  mul_395 = None
        permute_9: "f32[64, 200]" = torch.ops.aten.permute.default(arg30_1, [1, 0]);  arg30_1 = None
        mm_8: "f32[s33, 200]" = torch.ops.aten.mm.default(mean_7, permute_9);  mean_7 = permute_9 = None
        split_with_sizes_4 = torch.ops.aten.split_with_sizes.default(mm_8, [128, 64, 4, 4], -1);  mm_8 = None
        getitem_16: "f32[s33, 128]" = split_with_sizes_4[0]
        getitem_17: "f32[s33, 64]" = split_with_sizes_4[1]
        getitem_18: "f32[s33, 4]" = split_with_sizes_4[2]
        getitem_19: "f32[s33, 4]" = split_with_sizes_4[3];  split_with_sizes_4 = None
        unsqueeze_16: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg14_1, 1);  arg14_1 = None
        iota_4: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_672: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_16, iota_4);  unsqueeze_16 = None
        ge_9: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_672, 0)
        unsqueeze_19: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_9, 2);  ge_9 = None
        iota_5: "i64[s33]" = torch.ops.prims.iota.default(arg12_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_17: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_5, 1);  iota_5 = None
        add_682: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_17, iota_4);  unsqueeze_17 = iota_4 = None
        clamp_min_5: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_682, 0);  add_682 = None
        index_5: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(getitem_16, [clamp_min_5]);  getitem_16 = clamp_min_5 = None
        unsqueeze_18: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg15_1, 1);  arg15_1 = None
        add_692: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_672, 3);  add_672 = None
        clamp_min_6: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_692, 0);  add_692 = None
        clamp_max_2: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_6, 2);  clamp_min_6 = None
        index_4: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg31_1, [unsqueeze_18, clamp_max_2]);  unsqueeze_18 = clamp_max_2 = None
        where_4: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_19, index_5, index_4);  unsqueeze_19 = index_5 = index_4 = None
        slice_10: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where_4, 1, 1, 9223372036854775807)
        index_put_2: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg31_1, [arg17_1], slice_10);  arg17_1 = slice_10 = None
        permute_10: "f32[s33, 128, 4]" = torch.ops.aten.permute.default(where_4, [0, 2, 1]);  where_4 = None
        convolution: "f32[s33, 128, 1]" = torch.ops.aten.convolution.default(permute_10, arg32_1, None, [1], [0], [1], False, [0], 128);  permute_10 = arg32_1 = None
        select_8: "f32[s33, 128]" = torch.ops.aten.select.int(convolution, 2, 0);  convolution = None
        neg_4: "f32[s33, 128]" = torch.ops.aten.neg.default(select_8)
        exp_5: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_4);  neg_4 = None
        add_739: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_5, 1);  exp_5 = None
        div_11: "f32[s33, 128]" = torch.ops.aten.div.Tensor(select_8, add_739);  select_8 = add_739 = None
        split_with_sizes_5 = torch.ops.aten.split_with_sizes.default(div_11, [32, 32, 64], -1);  div_11 = None
        getitem_20: "f32[s33, 32]" = split_with_sizes_5[0]
        getitem_21: "f32[s33, 32]" = split_with_sizes_5[1]
        getitem_22: "f32[s33, 64]" = split_with_sizes_5[2];  split_with_sizes_5 = None
        view_25: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_22, [arg12_1, 4, 16]);  getitem_22 = None
        view_21: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_20, [arg12_1, 2, 16]);  getitem_20 = None
        unsqueeze_20: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_21, 2);  view_21 = None
        expand: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_20, [arg12_1, 2, 2, 16]);  unsqueeze_20 = None
        clone_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_22: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_1, [arg12_1, 4, 16]);  clone_1 = None
        mul_490: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_22, view_22)
        sum_5: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_490, [-1], True);  mul_490 = None
        add_810: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_5, 1e-06);  sum_5 = None
        rsqrt_6: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_810);  add_810 = None
        mul_499: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_22, rsqrt_6);  view_22 = rsqrt_6 = None
        mul_502: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_499, 0.25);  mul_499 = None
        view_23: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_21, [arg12_1, 2, 16]);  getitem_21 = None
        unsqueeze_21: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_23, 2);  view_23 = None
        expand_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_21, [arg12_1, 2, 2, 16]);  unsqueeze_21 = None
        clone_2: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_24: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_2, [arg12_1, 4, 16]);  clone_2 = None
        mul_505: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_24, view_24)
        sum_6: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_505, [-1], True);  mul_505 = None
        add_835: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_6, 1e-06);  sum_6 = None
        rsqrt_7: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_835);  add_835 = None
        mul_514: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_24, rsqrt_7);  view_24 = rsqrt_7 = None
        sigmoid_7: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(getitem_18);  getitem_18 = None
        exp_6: "f32[4]" = torch.ops.aten.exp.default(arg33_1);  arg33_1 = None
        neg_5: "f32[4]" = torch.ops.aten.neg.default(exp_6);  exp_6 = None
        add_851: "f32[s33, 4]" = torch.ops.aten.add.Tensor(getitem_19, arg34_1);  getitem_19 = arg34_1 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(add_851, 20)
        exp_7: "f32[s33, 4]" = torch.ops.aten.exp.default(add_851)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_7);  exp_7 = None
        where_5: "f32[s33, 4]" = torch.ops.aten.where.self(gt, add_851, log1p);  gt = add_851 = log1p = None
        mul_523: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_5, where_5);  neg_5 = where_5 = None
        empty_2: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg12_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg12_1 = None
        copy_: "i64[3, 2, 1]" = torch.ops.aten.copy_.default(arg16_1, index_put);  arg16_1 = index_put = copy_ = None
        copy__1: "f32[3, 9, 256]" = torch.ops.aten.copy_.default(arg25_1, index_put_1);  arg25_1 = index_put_1 = copy__1 = None
        copy__2: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg31_1, index_put_2);  arg31_1 = index_put_2 = copy__2 = None
        return (mul_502, mul_514, view_25, mul_523, sigmoid_7, empty_2, getitem_17, mul_404, add_572)
