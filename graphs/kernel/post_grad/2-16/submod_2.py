class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[16]", arg4_1: "f32[64, 64]", arg5_1: "f32[s33, 256]", arg6_1: "f32[s33, 4]", arg7_1: "f32[256]", arg8_1: "f32[32, 256]", arg9_1: "f32[256, 16]", arg10_1: "f32[96, 64]", arg11_1: "Sym(s33)", arg12_1: "i64[s33]", arg13_1: "i64[s33]", arg14_1: "i64[s33]", arg15_1: "i64[3, 2, 1]", arg16_1: "i64[s33]", arg17_1: "i64[3]", arg18_1: "i64[4]", arg19_1: "i64[4]", arg20_1: "f32[320, 64]", arg21_1: "f32[256]", arg22_1: "f32[256]", arg23_1: "f32[256]", arg24_1: "f32[256, 1, 4]", arg25_1: "f32[3, 9, 256]", arg26_1: "f32[256]", arg27_1: "f32[32, 256]", arg28_1: "f32[256, 16]", arg29_1: "f32[224, 64]", arg30_1: "f32[128, 1, 4]", arg31_1: "f32[3, 3, 128]", arg32_1: "f32[4]", arg33_1: "f32[4]"):
        pow_1: "f32[s33, 4, 16]" = torch.ops.aten.pow.Tensor_Scalar(arg0_1, 2)
        mean: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_12: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_12);  add_12 = None
        mul_10: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(arg0_1, rsqrt);  arg0_1 = rsqrt = None
        mul_13: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(arg3_1, mul_10);  arg3_1 = mul_10 = None
        view: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(arg2_1, [arg11_1, 4, 16]);  arg2_1 = None
        sigmoid: "f32[s33, 4, 16]" = torch.ops.aten.sigmoid.default(view);  view = None
        mul_18: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_13, sigmoid);  mul_13 = sigmoid = None
        view_1: "f32[s33, 64]" = torch.ops.aten.reshape.default(mul_18, [arg11_1, 64]);  mul_18 = None
        permute: "f32[64, 64]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "f32[s33, 64]" = torch.ops.aten.mm.default(view_1, permute);  view_1 = permute = None
        unsqueeze: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(mm, -2);  mm = None
        unsqueeze_1: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(arg6_1, -1);  arg6_1 = None
        mul_33: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze, unsqueeze_1);  unsqueeze = unsqueeze_1 = None
        view_2: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_33, [arg11_1, 256]);  mul_33 = None
        add_58: "f32[s33, 256]" = torch.ops.aten.add.Tensor(arg5_1, view_2);  arg5_1 = view_2 = None
        view_3: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_58, [arg11_1, 4, 64])
        pow_2: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_3, 2)
        mean_1: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_2, [-1], True);  pow_2 = None
        add_75: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_1, 1e-06);  mean_1 = None
        rsqrt_1: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_75);  add_75 = None
        mul_54: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_3, rsqrt_1);  view_3 = rsqrt_1 = None
        add_62: "f32[256]" = torch.ops.aten.add.Tensor(arg7_1, 1.0);  arg7_1 = None
        view_4: "f32[4, 64]" = torch.ops.aten.reshape.default(add_62, [4, 64]);  add_62 = None
        mul_57: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_54, view_4);  mul_54 = view_4 = None
        view_5: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_57, [arg11_1, 256]);  mul_57 = None
        permute_1: "f32[256, 32]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_1: "f32[s33, 32]" = torch.ops.aten.mm.default(view_5, permute_1);  permute_1 = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm_1, [16, 0, 4, 12], -1);  mm_1 = None
        getitem: "f32[s33, 16]" = split_with_sizes[0]
        getitem_2: "f32[s33, 4]" = split_with_sizes[2];  split_with_sizes = None
        div: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem, 4);  getitem = None
        neg: "f32[s33, 16]" = torch.ops.aten.neg.default(div)
        exp: "f32[s33, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_111: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_1: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div, add_111);  div = add_111 = None
        permute_2: "f32[16, 256]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_2: "f32[s33, 256]" = torch.ops.aten.mm.default(div_1, permute_2);  div_1 = permute_2 = None
        sigmoid_1: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_2);  mm_2 = None
        view_6: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_1, [arg11_1, 4, 64]);  sigmoid_1 = None
        view_7: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_5, [arg11_1, 4, 64]);  view_5 = None
        mul_87: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_6, view_7);  view_6 = view_7 = None
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
        sub_49: "f32[s33, 8]" = torch.ops.aten.sub.Tensor(clone, amax);  clone = amax = None
        exp_1: "f32[s33, 8]" = torch.ops.aten.exp.default(sub_49);  sub_49 = None
        sum_1: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(exp_1, [-1], True)
        div_3: "f32[s33, 8]" = torch.ops.aten.div.Tensor(exp_1, sum_1);  exp_1 = sum_1 = None
        topk = torch.ops.aten.topk.default(div_3, 2);  div_3 = None
        getitem_12: "f32[s33, 2]" = topk[0]
        getitem_13: "i64[s33, 2]" = topk[1];  topk = None
        sum_2: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(getitem_12, [-1], True)
        div_4: "f32[s33, 2]" = torch.ops.aten.div.Tensor(getitem_12, sum_2);  getitem_12 = sum_2 = None
        neg_1: "f32[s33, 32]" = torch.ops.aten.neg.default(getitem_8)
        exp_2: "f32[s33, 32]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_183: "f32[s33, 32]" = torch.ops.aten.add.Tensor(exp_2, 1);  exp_2 = None
        div_5: "f32[s33, 32]" = torch.ops.aten.div.Tensor(getitem_8, add_183);  getitem_8 = add_183 = None
        mul_126: "f32[s33, 32]" = torch.ops.aten.mul.Tensor(div_5, getitem_10);  div_5 = getitem_10 = None
        empty: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg11_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        experts_default = torch.ops.qcompile.experts.default(layer_key = '@0', x0 = mean_2, x1 = div_4, x2 = getitem_13, x3 = mul_126, x4 = getitem_6, out = empty);  mean_2 = div_4 = getitem_13 = mul_126 = getitem_6 = experts_default = None
        unsqueeze_6: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg13_1, 1)
        iota: "i64[3]" = torch.ops.prims.iota.default(3, start = -2, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_218: "i64[s33, 3]" = torch.ops.aten.add.Tensor(unsqueeze_6, iota);  unsqueeze_6 = None
        ge_1: "b8[s33, 3]" = torch.ops.aten.ge.Scalar(add_218, 0)
        unsqueeze_9: "b8[s33, 3, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 2);  ge_1 = None
        unsqueeze_5: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg12_1, 1);  arg12_1 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_7: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_1, 1);  iota_1 = None
        add_228: "i64[s33, 3]" = torch.ops.aten.add.Tensor(unsqueeze_7, iota);  unsqueeze_7 = iota = None
        clamp_min: "i64[s33, 3]" = torch.ops.aten.clamp_min.default(add_228, 0);  add_228 = None
        index_1: "i64[s33, 3, 1]" = torch.ops.aten.index.Tensor(unsqueeze_5, [clamp_min]);  unsqueeze_5 = clamp_min = None
        unsqueeze_8: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg14_1, 1)
        add_238: "i64[s33, 3]" = torch.ops.aten.add.Tensor(add_218, 2);  add_218 = None
        clamp_min_1: "i64[s33, 3]" = torch.ops.aten.clamp_min.default(add_238, 0);  add_238 = None
        clamp_max: "i64[s33, 3]" = torch.ops.aten.clamp_max.default(clamp_min_1, 1);  clamp_min_1 = None
        index: "i64[s33, 3, 1]" = torch.ops.aten.index.Tensor(arg15_1, [unsqueeze_8, clamp_max]);  unsqueeze_8 = clamp_max = None
        where: "i64[s33, 3, 1]" = torch.ops.aten.where.self(unsqueeze_9, index_1, index);  unsqueeze_9 = index_1 = index = None
        slice_1: "i64[s33, 2, 1]" = torch.ops.aten.slice.Tensor(where, 1, 1, 9223372036854775807)
        select: "i64[s33, 3]" = torch.ops.aten.select.int(where, 2, 0);  where = None
        select_1: "i64[s33]" = torch.ops.aten.select.int(select, 1, 2)
        select_4: "i64[]" = torch.ops.aten.select.int(arg17_1, 0, 0)
        mul_187: "i64[s33]" = torch.ops.aten.mul.Tensor(select_1, select_4);  select_1 = select_4 = None
        eq_95: "b8[s33, 3]" = torch.ops.aten.eq.Scalar(select, 1)
        slice_2: "b8[s33, 0]" = torch.ops.aten.slice.Tensor(eq_95, 1, 2, 2)
        any_1: "b8[s33]" = torch.ops.aten.any.dim(slice_2, -1);  slice_2 = None
        full_default: "i64[]" = torch.ops.aten.full.default([], 1, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        select_2: "i64[s33]" = torch.ops.aten.select.int(select, 1, 1)
        where_1: "i64[s33]" = torch.ops.aten.where.self(any_1, full_default, select_2);  any_1 = full_default = select_2 = None
        select_5: "i64[]" = torch.ops.aten.select.int(arg17_1, 0, 1)
        mul_189: "i64[s33]" = torch.ops.aten.mul.Tensor(where_1, select_5);  where_1 = select_5 = None
        bitwise_xor: "i64[s33]" = torch.ops.aten.bitwise_xor.Tensor(mul_187, mul_189);  mul_187 = mul_189 = None
        unsqueeze_10: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(bitwise_xor, 1)
        slice_4: "i64[2]" = torch.ops.aten.slice.Tensor(arg18_1, 0, 0, 2)
        remainder: "i64[s33, 2]" = torch.ops.aten.remainder.Tensor(unsqueeze_10, slice_4);  unsqueeze_10 = slice_4 = None
        slice_5: "i64[2]" = torch.ops.aten.slice.Tensor(arg19_1, 0, 0, 2)
        add_310: "i64[s33, 2]" = torch.ops.aten.add.Tensor(remainder, slice_5);  remainder = slice_5 = None
        slice_3: "b8[s33, 1]" = torch.ops.aten.slice.Tensor(eq_95, 1, 1, 2);  eq_95 = None
        any_2: "b8[s33]" = torch.ops.aten.any.dim(slice_3, -1);  slice_3 = None
        full_default_1: "i64[]" = torch.ops.aten.full.default([], 1, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        select_3: "i64[s33]" = torch.ops.aten.select.int(select, 1, 0);  select = None
        where_2: "i64[s33]" = torch.ops.aten.where.self(any_2, full_default_1, select_3);  any_2 = full_default_1 = select_3 = None
        select_6: "i64[]" = torch.ops.aten.select.int(arg17_1, 0, 2);  arg17_1 = None
        mul_197: "i64[s33]" = torch.ops.aten.mul.Tensor(where_2, select_6);  where_2 = select_6 = None
        bitwise_xor_1: "i64[s33]" = torch.ops.aten.bitwise_xor.Tensor(bitwise_xor, mul_197);  bitwise_xor = mul_197 = None
        unsqueeze_11: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(bitwise_xor_1, 1);  bitwise_xor_1 = None
        slice_6: "i64[2]" = torch.ops.aten.slice.Tensor(arg18_1, 0, 2, 4);  arg18_1 = None
        remainder_1: "i64[s33, 2]" = torch.ops.aten.remainder.Tensor(unsqueeze_11, slice_6);  unsqueeze_11 = slice_6 = None
        slice_7: "i64[2]" = torch.ops.aten.slice.Tensor(arg19_1, 0, 2, 4);  arg19_1 = None
        add_324: "i64[s33, 2]" = torch.ops.aten.add.Tensor(remainder_1, slice_7);  remainder_1 = slice_7 = None
        cat: "i64[s33, 4]" = torch.ops.aten.cat.default([add_310, add_324], -1);  add_310 = add_324 = None
        empty_1: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg11_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        ple_gather_default = torch.ops.qcompile.ple_gather.default(layer_key = '@1', x0 = cat, out = empty_1);  cat = ple_gather_default = None
        permute_4: "f32[64, 320]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        mm_4: "f32[s33, 320]" = torch.ops.aten.mm.default(empty_1, permute_4);  empty_1 = permute_4 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_4, [256, 0, 64, 0], -1);  mm_4 = None
        getitem_18: "f32[s33, 256]" = split_with_sizes_2[0]
        getitem_20: "f32[s33, 64]" = split_with_sizes_2[2];  split_with_sizes_2 = None
        unsqueeze_17: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg13_1, 1)
        iota_6: "i64[10]" = torch.ops.prims.iota.default(10, start = -9, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_638: "i64[s33, 10]" = torch.ops.aten.add.Tensor(unsqueeze_17, iota_6);  unsqueeze_17 = None
        ge_13: "b8[s33, 10]" = torch.ops.aten.ge.Scalar(add_638, 0)
        unsqueeze_20: "b8[s33, 10, 1]" = torch.ops.aten.unsqueeze.default(ge_13, 2);  ge_13 = None
        view_9: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(getitem_18, [arg11_1, 4, 64]);  getitem_18 = None
        pow_3: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_9, 2)
        mean_3: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None
        add_358: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_3, 1e-06);  mean_3 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_358);  add_358 = None
        mul_227: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_9, rsqrt_2);  view_9 = rsqrt_2 = None
        add_345: "f32[256]" = torch.ops.aten.add.Tensor(arg21_1, 1.0);  arg21_1 = None
        view_10: "f32[4, 64]" = torch.ops.aten.reshape.default(add_345, [4, 64]);  add_345 = None
        mul_230: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_227, view_10);  mul_227 = view_10 = None
        unsqueeze_4: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(empty, -2);  empty = None
        div_2: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_2, 4);  getitem_2 = None
        sigmoid_2: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_96: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_2, 2);  sigmoid_2 = None
        unsqueeze_3: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_96, -1);  mul_96 = None
        mul_135: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_4, unsqueeze_3);  unsqueeze_4 = unsqueeze_3 = None
        view_8: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_135, [arg11_1, 256]);  mul_135 = None
        add_208: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_58, view_8);  add_58 = view_8 = None
        view_13: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_208, [arg11_1, 4, 64])
        pow_4: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_13, 2)
        mean_4: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_4, [-1], True);  pow_4 = None
        add_395: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_4, 1e-06);  mean_4 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_395);  add_395 = None
        mul_251: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_13, rsqrt_3);  view_13 = rsqrt_3 = None
        add_382: "f32[256]" = torch.ops.aten.add.Tensor(arg22_1, 1.0);  arg22_1 = None
        view_14: "f32[4, 64]" = torch.ops.aten.reshape.default(add_382, [4, 64]);  add_382 = None
        mul_254: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_251, view_14);  mul_251 = view_14 = None
        mul_265: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_230, mul_254);  mul_230 = mul_254 = None
        sum_3: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_265, [-1], True);  mul_265 = None
        div_6: "f32[s33, 4, 1]" = torch.ops.aten.div.Tensor(sum_3, 8.0);  sum_3 = None
        abs_1: "f32[s33, 4, 1]" = torch.ops.aten.abs.default(div_6)
        clamp_min_2: "f32[s33, 4, 1]" = torch.ops.aten.clamp_min.default(abs_1, 1e-06);  abs_1 = None
        sqrt: "f32[s33, 4, 1]" = torch.ops.aten.sqrt.default(clamp_min_2);  clamp_min_2 = None
        sign: "f32[s33, 4, 1]" = torch.ops.aten.sign.default(div_6);  div_6 = None
        mul_280: "f32[s33, 4, 1]" = torch.ops.aten.mul.Tensor(sqrt, sign);  sqrt = sign = None
        sigmoid_3: "f32[s33, 4, 1]" = torch.ops.aten.sigmoid.default(mul_280);  mul_280 = None
        unsqueeze_12: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(getitem_20, -2);  getitem_20 = None
        mul_287: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(sigmoid_3, unsqueeze_12);  sigmoid_3 = unsqueeze_12 = None
        view_17: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_287, [arg11_1, 256]);  mul_287 = None
        view_18: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_17, [arg11_1, 4, 64])
        pow_5: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_18, 2)
        mean_5: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_5, [-1], True);  pow_5 = None
        add_479: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_5, 1e-06);  mean_5 = None
        rsqrt_4: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_479);  add_479 = None
        mul_306: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_18, rsqrt_4);  view_18 = rsqrt_4 = None
        add_466: "f32[256]" = torch.ops.aten.add.Tensor(arg23_1, 1.0);  arg23_1 = None
        view_19: "f32[4, 64]" = torch.ops.aten.reshape.default(add_466, [4, 64]);  add_466 = None
        mul_309: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_306, view_19);  mul_306 = view_19 = None
        view_20: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_309, [arg11_1, 256]);  mul_309 = None
        iota_7: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_18: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_7, 1);  iota_7 = None
        add_648: "i64[s33, 10]" = torch.ops.aten.add.Tensor(unsqueeze_18, iota_6);  unsqueeze_18 = iota_6 = None
        clamp_min_11: "i64[s33, 10]" = torch.ops.aten.clamp_min.default(add_648, 0);  add_648 = None
        index_11: "f32[s33, 10, 256]" = torch.ops.aten.index.Tensor(view_20, [clamp_min_11]);  clamp_min_11 = None
        unsqueeze_19: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg14_1, 1)
        add_658: "i64[s33, 10]" = torch.ops.aten.add.Tensor(add_638, 9);  add_638 = None
        clamp_min_12: "i64[s33, 10]" = torch.ops.aten.clamp_min.default(add_658, 0);  add_658 = None
        clamp_max_5: "i64[s33, 10]" = torch.ops.aten.clamp_max.default(clamp_min_12, 8);  clamp_min_12 = None
        index_10: "f32[s33, 10, 256]" = torch.ops.aten.index.Tensor(arg25_1, [unsqueeze_19, clamp_max_5]);  unsqueeze_19 = clamp_max_5 = None
        where_7: "f32[s33, 10, 256]" = torch.ops.aten.where.self(unsqueeze_20, index_11, index_10);  unsqueeze_20 = index_11 = index_10 = None
        slice_8: "f32[s33, 9, 256]" = torch.ops.aten.slice.Tensor(where_7, 1, 1, 9223372036854775807);  where_7 = None
        sub_150: "i64[s33]" = torch.ops.aten.sub.Tensor(arg13_1, 9)
        ge_5: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_150, 0)
        unsqueeze_13: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_5, 1);  ge_5 = None
        iota_2: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_155: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_2, 9);  iota_2 = None
        clamp_min_3: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_155, 0);  sub_155 = None
        index_3: "f32[s33, 256]" = torch.ops.aten.index.Tensor(view_20, [clamp_min_3]);  clamp_min_3 = None
        add_508: "i64[s33]" = torch.ops.aten.add.Tensor(sub_150, 9);  sub_150 = None
        clamp_min_4: "i64[s33]" = torch.ops.aten.clamp_min.default(add_508, 0);  add_508 = None
        clamp_max_1: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_4, 8);  clamp_min_4 = None
        index_2: "f32[s33, 256]" = torch.ops.aten.index.Tensor(arg25_1, [arg14_1, clamp_max_1]);  clamp_max_1 = None
        where_3: "f32[s33, 256]" = torch.ops.aten.where.self(unsqueeze_13, index_3, index_2);  unsqueeze_13 = index_3 = index_2 = None
        select_7: "f32[256, 4]" = torch.ops.aten.select.int(arg24_1, 1, 0);  arg24_1 = None
        select_8: "f32[256]" = torch.ops.aten.select.int(select_7, 1, 0)
        mul_330: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(where_3, select_8);  where_3 = select_8 = None
        sub_166: "i64[s33]" = torch.ops.aten.sub.Tensor(arg13_1, 6)
        ge_7: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_166, 0)
        unsqueeze_14: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_7, 1);  ge_7 = None
        iota_3: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_171: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_3, 6);  iota_3 = None
        clamp_min_5: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_171, 0);  sub_171 = None
        index_5: "f32[s33, 256]" = torch.ops.aten.index.Tensor(view_20, [clamp_min_5]);  clamp_min_5 = None
        add_539: "i64[s33]" = torch.ops.aten.add.Tensor(sub_166, 9);  sub_166 = None
        clamp_min_6: "i64[s33]" = torch.ops.aten.clamp_min.default(add_539, 0);  add_539 = None
        clamp_max_2: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_6, 8);  clamp_min_6 = None
        index_4: "f32[s33, 256]" = torch.ops.aten.index.Tensor(arg25_1, [arg14_1, clamp_max_2]);  clamp_max_2 = None
        where_4: "f32[s33, 256]" = torch.ops.aten.where.self(unsqueeze_14, index_5, index_4);  unsqueeze_14 = index_5 = index_4 = None
        select_9: "f32[256]" = torch.ops.aten.select.int(select_7, 1, 1)
        mul_345: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(where_4, select_9);  where_4 = select_9 = None
        add_561: "f32[s33, 256]" = torch.ops.aten.add.Tensor(mul_330, mul_345);  mul_330 = mul_345 = None
        sub_183: "i64[s33]" = torch.ops.aten.sub.Tensor(arg13_1, 3)
        ge_9: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_183, 0)
        unsqueeze_15: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_9, 1);  ge_9 = None
        iota_4: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_188: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_4, 3);  iota_4 = None
        clamp_min_7: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_188, 0);  sub_188 = None
        index_7: "f32[s33, 256]" = torch.ops.aten.index.Tensor(view_20, [clamp_min_7]);  clamp_min_7 = None
        add_574: "i64[s33]" = torch.ops.aten.add.Tensor(sub_183, 9);  sub_183 = None
        clamp_min_8: "i64[s33]" = torch.ops.aten.clamp_min.default(add_574, 0);  add_574 = None
        clamp_max_3: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_8, 8);  clamp_min_8 = None
        index_6: "f32[s33, 256]" = torch.ops.aten.index.Tensor(arg25_1, [arg14_1, clamp_max_3]);  clamp_max_3 = None
        where_5: "f32[s33, 256]" = torch.ops.aten.where.self(unsqueeze_15, index_7, index_6);  unsqueeze_15 = index_7 = index_6 = None
        select_10: "f32[256]" = torch.ops.aten.select.int(select_7, 1, 2)
        mul_362: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(where_5, select_10);  where_5 = select_10 = None
        add_596: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_561, mul_362);  add_561 = mul_362 = None
        sub_200: "i64[s33]" = torch.ops.aten.sub.Tensor(arg13_1, 0)
        ge_11: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_200, 0)
        unsqueeze_16: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_11, 1);  ge_11 = None
        iota_5: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_205: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_5, 0);  iota_5 = None
        clamp_min_9: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_205, 0);  sub_205 = None
        index_9: "f32[s33, 256]" = torch.ops.aten.index.Tensor(view_20, [clamp_min_9]);  view_20 = clamp_min_9 = None
        add_609: "i64[s33]" = torch.ops.aten.add.Tensor(sub_200, 9);  sub_200 = None
        clamp_min_10: "i64[s33]" = torch.ops.aten.clamp_min.default(add_609, 0);  add_609 = None
        clamp_max_4: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_10, 8);  clamp_min_10 = None
        index_8: "f32[s33, 256]" = torch.ops.aten.index.Tensor(arg25_1, [arg14_1, clamp_max_4]);  clamp_max_4 = None
        where_6: "f32[s33, 256]" = torch.ops.aten.where.self(unsqueeze_16, index_9, index_8);  unsqueeze_16 = index_9 = index_8 = None
        select_11: "f32[256]" = torch.ops.aten.select.int(select_7, 1, 3);  select_7 = None
        mul_379: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(where_6, select_11);  where_6 = select_11 = None
        add_631: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_596, mul_379);  add_596 = mul_379 = None
        neg_2: "f32[s33, 256]" = torch.ops.aten.neg.default(add_631)
        exp_3: "f32[s33, 256]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_694: "f32[s33, 256]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_7: "f32[s33, 256]" = torch.ops.aten.div.Tensor(add_631, add_694);  add_631 = add_694 = None
        add_698: "f32[s33, 256]" = torch.ops.aten.add.Tensor(view_17, div_7);  view_17 = div_7 = None
        add_702: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_208, add_698);  add_208 = add_698 = None
        view_21: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_702, [arg11_1, 4, 64])
        pow_6: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_21, 2)
        mean_6: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_6, [-1], True);  pow_6 = None
        add_719: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_6, 1e-06);  mean_6 = None
        rsqrt_5: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_719);  add_719 = None
        mul_427: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_21, rsqrt_5);  view_21 = rsqrt_5 = None
        add_706: "f32[256]" = torch.ops.aten.add.Tensor(arg26_1, 1.0);  arg26_1 = None
        view_22: "f32[4, 64]" = torch.ops.aten.reshape.default(add_706, [4, 64]);  add_706 = None
        mul_430: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_427, view_22);  mul_427 = view_22 = None
        view_23: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_430, [arg11_1, 256]);  mul_430 = None
        permute_5: "f32[256, 32]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        mm_5: "f32[s33, 32]" = torch.ops.aten.mm.default(view_23, permute_5);  permute_5 = None
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(mm_5, [16, 0, 4, 12], -1);  mm_5 = None
        getitem_22: "f32[s33, 16]" = split_with_sizes_3[0]
        getitem_24: "f32[s33, 4]" = split_with_sizes_3[2];  split_with_sizes_3 = None
        div_10: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_24, 4);  getitem_24 = None
        sigmoid_5: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_10);  div_10 = None
        mul_469: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_5, 2);  sigmoid_5 = None
        div_8: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem_22, 4);  getitem_22 = None
        neg_3: "f32[s33, 16]" = torch.ops.aten.neg.default(div_8)
        exp_4: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_3);  neg_3 = None
        add_755: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_4, 1);  exp_4 = None
        div_9: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_8, add_755);  div_8 = add_755 = None
        permute_6: "f32[16, 256]" = torch.ops.aten.permute.default(arg28_1, [1, 0]);  arg28_1 = None
        mm_6: "f32[s33, 256]" = torch.ops.aten.mm.default(div_9, permute_6);  div_9 = permute_6 = None
        sigmoid_4: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_6);  mm_6 = None
        view_24: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_4, [arg11_1, 4, 64]);  sigmoid_4 = None
        view_25: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_23, [arg11_1, 4, 64]);  view_23 = None
        mul_460: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_24, view_25);  view_24 = view_25 = None
        mean_7: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_460, [-2]);  mul_460 = None
        permute_7: "f32[64, 224]" = torch.ops.aten.permute.default(arg29_1, [1, 0]);  arg29_1 = None
        mm_7: "f32[s33, 224]" = torch.ops.aten.mm.default(mean_7, permute_7);  mean_7 = permute_7 = None
        split_with_sizes_4 = torch.ops.aten.split_with_sizes.default(mm_7, [128, 0, 64, 0, 4, 12, 4, 12], -1);  mm_7 = None
        getitem_26: "f32[s33, 128]" = split_with_sizes_4[0]
        getitem_28: "f32[s33, 64]" = split_with_sizes_4[2]
        getitem_30: "f32[s33, 4]" = split_with_sizes_4[4]
        getitem_32: "f32[s33, 4]" = split_with_sizes_4[6];  split_with_sizes_4 = None
        unsqueeze_25: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg13_1, 1)
        iota_12: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_951: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_25, iota_12);  unsqueeze_25 = None
        ge_25: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_951, 0)
        unsqueeze_28: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_25, 2);  ge_25 = None
        iota_13: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_26: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_13, 1);  iota_13 = None
        add_961: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_26, iota_12);  unsqueeze_26 = iota_12 = None
        clamp_min_21: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_961, 0);  add_961 = None
        index_21: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(getitem_26, [clamp_min_21]);  clamp_min_21 = None
        unsqueeze_27: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg14_1, 1)
        add_971: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_951, 3);  add_951 = None
        clamp_min_22: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_971, 0);  add_971 = None
        clamp_max_10: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_22, 2);  clamp_min_22 = None
        index_20: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg31_1, [unsqueeze_27, clamp_max_10]);  unsqueeze_27 = clamp_max_10 = None
        where_12: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_28, index_21, index_20);  unsqueeze_28 = index_21 = index_20 = None
        slice_9: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where_12, 1, 1, 9223372036854775807);  where_12 = None
        sub_272: "i64[s33]" = torch.ops.aten.sub.Tensor(arg13_1, 3)
        ge_17: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_272, 0)
        unsqueeze_21: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_17, 1);  ge_17 = None
        iota_8: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_277: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_8, 3);  iota_8 = None
        clamp_min_13: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_277, 0);  sub_277 = None
        index_13: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_26, [clamp_min_13]);  clamp_min_13 = None
        add_821: "i64[s33]" = torch.ops.aten.add.Tensor(sub_272, 3);  sub_272 = None
        clamp_min_14: "i64[s33]" = torch.ops.aten.clamp_min.default(add_821, 0);  add_821 = None
        clamp_max_6: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_14, 2);  clamp_min_14 = None
        index_12: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg31_1, [arg14_1, clamp_max_6]);  clamp_max_6 = None
        where_8: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_21, index_13, index_12);  unsqueeze_21 = index_13 = index_12 = None
        select_12: "f32[128, 4]" = torch.ops.aten.select.int(arg30_1, 1, 0);  arg30_1 = None
        select_13: "f32[128]" = torch.ops.aten.select.int(select_12, 1, 0)
        mul_500: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_8, select_13);  where_8 = select_13 = None
        sub_288: "i64[s33]" = torch.ops.aten.sub.Tensor(arg13_1, 2)
        ge_19: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_288, 0)
        unsqueeze_22: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_19, 1);  ge_19 = None
        iota_9: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_293: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_9, 2);  iota_9 = None
        clamp_min_15: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_293, 0);  sub_293 = None
        index_15: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_26, [clamp_min_15]);  clamp_min_15 = None
        add_852: "i64[s33]" = torch.ops.aten.add.Tensor(sub_288, 3);  sub_288 = None
        clamp_min_16: "i64[s33]" = torch.ops.aten.clamp_min.default(add_852, 0);  add_852 = None
        clamp_max_7: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_16, 2);  clamp_min_16 = None
        index_14: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg31_1, [arg14_1, clamp_max_7]);  clamp_max_7 = None
        where_9: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_22, index_15, index_14);  unsqueeze_22 = index_15 = index_14 = None
        select_14: "f32[128]" = torch.ops.aten.select.int(select_12, 1, 1)
        mul_515: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_9, select_14);  where_9 = select_14 = None
        add_874: "f32[s33, 128]" = torch.ops.aten.add.Tensor(mul_500, mul_515);  mul_500 = mul_515 = None
        sub_305: "i64[s33]" = torch.ops.aten.sub.Tensor(arg13_1, 1)
        ge_21: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_305, 0)
        unsqueeze_23: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_21, 1);  ge_21 = None
        iota_10: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_310: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_10, 1);  iota_10 = None
        clamp_min_17: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_310, 0);  sub_310 = None
        index_17: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_26, [clamp_min_17]);  clamp_min_17 = None
        add_887: "i64[s33]" = torch.ops.aten.add.Tensor(sub_305, 3);  sub_305 = None
        clamp_min_18: "i64[s33]" = torch.ops.aten.clamp_min.default(add_887, 0);  add_887 = None
        clamp_max_8: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_18, 2);  clamp_min_18 = None
        index_16: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg31_1, [arg14_1, clamp_max_8]);  clamp_max_8 = None
        where_10: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_23, index_17, index_16);  unsqueeze_23 = index_17 = index_16 = None
        select_15: "f32[128]" = torch.ops.aten.select.int(select_12, 1, 2)
        mul_532: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_10, select_15);  where_10 = select_15 = None
        add_909: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_874, mul_532);  add_874 = mul_532 = None
        sub_322: "i64[s33]" = torch.ops.aten.sub.Tensor(arg13_1, 0);  arg13_1 = None
        ge_23: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_322, 0)
        unsqueeze_24: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_23, 1);  ge_23 = None
        iota_11: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_327: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_11, 0);  iota_11 = None
        clamp_min_19: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_327, 0);  sub_327 = None
        index_19: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_26, [clamp_min_19]);  getitem_26 = clamp_min_19 = None
        add_922: "i64[s33]" = torch.ops.aten.add.Tensor(sub_322, 3);  sub_322 = None
        clamp_min_20: "i64[s33]" = torch.ops.aten.clamp_min.default(add_922, 0);  add_922 = None
        clamp_max_9: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_20, 2);  clamp_min_20 = None
        index_18: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg31_1, [arg14_1, clamp_max_9]);  arg14_1 = clamp_max_9 = None
        where_11: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_24, index_19, index_18);  unsqueeze_24 = index_19 = index_18 = None
        select_16: "f32[128]" = torch.ops.aten.select.int(select_12, 1, 3);  select_12 = None
        mul_549: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_11, select_16);  where_11 = select_16 = None
        add_944: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_909, mul_549);  add_909 = mul_549 = None
        neg_4: "f32[s33, 128]" = torch.ops.aten.neg.default(add_944)
        exp_5: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_4);  neg_4 = None
        add_1007: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_5, 1);  exp_5 = None
        div_11: "f32[s33, 128]" = torch.ops.aten.div.Tensor(add_944, add_1007);  add_944 = add_1007 = None
        split_with_sizes_5 = torch.ops.aten.split_with_sizes.default(div_11, [64, 64], -1);  div_11 = None
        getitem_34: "f32[s33, 64]" = split_with_sizes_5[0]
        getitem_35: "f32[s33, 64]" = split_with_sizes_5[1];  split_with_sizes_5 = None
        view_26: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_34, [arg11_1, 4, 16]);  getitem_34 = None
        mul_589: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_26, view_26)
        sum_4: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_589, [-1], True);  mul_589 = None
        add_1029: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_4, 1e-06);  sum_4 = None
        rsqrt_6: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_1029);  add_1029 = None
        mul_598: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_26, rsqrt_6);  view_26 = rsqrt_6 = None
        iota_14: "i64[4]" = torch.ops.prims.iota.default(4, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        lt: "b8[4]" = torch.ops.aten.lt.Scalar(iota_14, 2);  iota_14 = None
        full_default_3: "f32[]" = torch.ops.aten.full.default([], 0.25, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        full_default_2: "f32[]" = torch.ops.aten.full.default([], 1.0, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_13: "f32[4]" = torch.ops.aten.where.self(lt, full_default_3, full_default_2);  lt = full_default_3 = full_default_2 = None
        unsqueeze_29: "f32[4, 1]" = torch.ops.aten.unsqueeze.default(where_13, 1);  where_13 = None
        mul_601: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_598, unsqueeze_29);  mul_598 = unsqueeze_29 = None
        split = torch.ops.aten.split.Tensor(mul_601, 2, -2);  mul_601 = None
        getitem_36: "f32[s33, 2, 16]" = split[0]
        getitem_37: "f32[s33, 2, 16]" = split[1];  split = None
        view_27: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_35, [arg11_1, 4, 16]);  getitem_35 = None
        sigmoid_6: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(getitem_30);  getitem_30 = None
        exp_6: "f32[4]" = torch.ops.aten.exp.default(arg32_1);  arg32_1 = None
        neg_5: "f32[4]" = torch.ops.aten.neg.default(exp_6);  exp_6 = None
        add_1058: "f32[s33, 4]" = torch.ops.aten.add.Tensor(getitem_32, arg33_1);  getitem_32 = arg33_1 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(add_1058, 20)
        exp_7: "f32[s33, 4]" = torch.ops.aten.exp.default(add_1058)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_7);  exp_7 = None
        where_14: "f32[s33, 4]" = torch.ops.aten.where.self(gt, add_1058, log1p);  gt = add_1058 = log1p = None
        mul_614: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_5, where_14);  neg_5 = where_14 = None
        cat_1: "f32[2*s33, 4]" = torch.ops.aten.cat.default([sigmoid_6, mul_614]);  sigmoid_6 = mul_614 = None
        view_28: "f32[2, s33, 4]" = torch.ops.aten.reshape.default(cat_1, [2, arg11_1, 4]);  cat_1 = None
        unbind = torch.ops.aten.unbind.int(view_28);  view_28 = None
        getitem_38: "f32[s33, 4]" = unbind[0]
        getitem_39: "f32[s33, 4]" = unbind[1];  unbind = None
        empty_2: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg11_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg11_1 = None
        index_put: "i64[3, 2, 1]" = torch.ops.aten.index_put.default(arg15_1, [arg16_1], slice_1);  slice_1 = None
        copy_: "i64[3, 2, 1]" = torch.ops.aten.copy_.default(arg15_1, index_put);  arg15_1 = index_put = copy_ = None
        index_put_1: "f32[3, 9, 256]" = torch.ops.aten.index_put.default(arg25_1, [arg16_1], slice_8);  slice_8 = None
        copy__1: "f32[3, 9, 256]" = torch.ops.aten.copy_.default(arg25_1, index_put_1);  arg25_1 = index_put_1 = copy__1 = None
        index_put_2: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg31_1, [arg16_1], slice_9);  arg16_1 = slice_9 = None
        copy__2: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg31_1, index_put_2);  arg31_1 = index_put_2 = copy__2 = None
        return (getitem_36, getitem_37, view_27, getitem_39, getitem_38, empty_2, getitem_28, add_702, mul_469)
