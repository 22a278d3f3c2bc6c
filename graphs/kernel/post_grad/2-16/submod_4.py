class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[16]", arg4_1: "f32[64, 64]", arg5_1: "f32[s33, 4]", arg6_1: "f32[s33, 256]", arg7_1: "f32[256]", arg8_1: "f32[32, 256]", arg9_1: "f32[256, 16]", arg10_1: "f32[96, 64]", arg11_1: "f32[64, 32]", arg12_1: "Sym(s33)", arg13_1: "f32[256]", arg14_1: "f32[32, 256]", arg15_1: "f32[256, 16]", arg16_1: "f32[224, 64]", arg17_1: "i64[s33]", arg18_1: "i64[s33]", arg19_1: "f32[3, 3, 128]", arg20_1: "i64[s33]", arg21_1: "f32[128, 1, 4]", arg22_1: "f32[4]", arg23_1: "f32[4]"):
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
        view_8: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_220, [arg12_1, 4, 64])
        pow_3: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_8, 2)
        mean_3: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None
        add_236: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_3, 1e-06);  mean_3 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_236);  add_236 = None
        mul_164: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_8, rsqrt_2);  view_8 = rsqrt_2 = None
        view_9: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_164, [arg12_1, 256]);  mul_164 = None
        add_252: "f32[256]" = torch.ops.aten.add.Tensor(arg13_1, 1.0);  arg13_1 = None
        mul_173: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_9, add_252);  view_9 = add_252 = None
        permute_5: "f32[256, 32]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_5: "f32[s33, 32]" = torch.ops.aten.mm.default(mul_173, permute_5);  permute_5 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_5, [16, 0, 4, 12], -1);  mm_5 = None
        getitem_16: "f32[s33, 16]" = split_with_sizes_2[0]
        getitem_18: "f32[s33, 4]" = split_with_sizes_2[2];  split_with_sizes_2 = None
        div_8: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_18, 4);  getitem_18 = None
        sigmoid_5: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_8);  div_8 = None
        mul_206: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_5, 2);  sigmoid_5 = None
        div_6: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem_16, 4);  getitem_16 = None
        neg_2: "f32[s33, 16]" = torch.ops.aten.neg.default(div_6)
        exp_3: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_272: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_7: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_6, add_272);  div_6 = add_272 = None
        permute_6: "f32[16, 256]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_6: "f32[s33, 256]" = torch.ops.aten.mm.default(div_7, permute_6);  div_7 = permute_6 = None
        sigmoid_4: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_6);  mm_6 = None
        view_10: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_4, [arg12_1, 4, 64]);  sigmoid_4 = None
        view_11: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_173, [arg12_1, 4, 64]);  mul_173 = None
        mul_197: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_10, view_11);  view_10 = view_11 = None
        mean_4: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_197, [-2]);  mul_197 = None
        permute_7: "f32[64, 224]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_7: "f32[s33, 224]" = torch.ops.aten.mm.default(mean_4, permute_7);  mean_4 = permute_7 = None
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(mm_7, [128, 0, 64, 0, 4, 12, 4, 12], -1);  mm_7 = None
        getitem_20: "f32[s33, 128]" = split_with_sizes_3[0]
        getitem_22: "f32[s33, 64]" = split_with_sizes_3[2]
        getitem_24: "f32[s33, 4]" = split_with_sizes_3[4]
        getitem_26: "f32[s33, 4]" = split_with_sizes_3[6];  split_with_sizes_3 = None
        unsqueeze_4: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg17_1, 1);  arg17_1 = None
        iota: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_332: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_4, iota);  unsqueeze_4 = None
        ge_1: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_332, 0)
        unsqueeze_7: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 2);  ge_1 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg12_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_5: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_1, 1);  iota_1 = None
        add_342: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_5, iota);  unsqueeze_5 = iota = None
        clamp_min: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_342, 0);  add_342 = None
        index_1: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(getitem_20, [clamp_min]);  getitem_20 = clamp_min = None
        unsqueeze_6: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg18_1, 1);  arg18_1 = None
        add_352: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_332, 3);  add_332 = None
        clamp_min_1: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_352, 0);  add_352 = None
        clamp_max: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_1, 2);  clamp_min_1 = None
        index: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg19_1, [unsqueeze_6, clamp_max]);  unsqueeze_6 = clamp_max = None
        where: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_7, index_1, index);  unsqueeze_7 = index_1 = index = None
        slice_1: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where, 1, 1, 9223372036854775807)
        index_put: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg19_1, [arg20_1], slice_1);  arg20_1 = slice_1 = None
        select_1: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 0)
        select: "f32[128, 4]" = torch.ops.aten.select.int(arg21_1, 1, 0);  arg21_1 = None
        select_2: "f32[128]" = torch.ops.aten.select.int(select, 1, 0)
        mul_254: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_1, select_2);  select_1 = select_2 = None
        select_3: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 1)
        select_4: "f32[128]" = torch.ops.aten.select.int(select, 1, 1)
        mul_259: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_3, select_4);  select_3 = select_4 = None
        add_400: "f32[s33, 128]" = torch.ops.aten.add.Tensor(mul_254, mul_259);  mul_254 = mul_259 = None
        select_5: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 2)
        select_6: "f32[128]" = torch.ops.aten.select.int(select, 1, 2)
        mul_266: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_5, select_6);  select_5 = select_6 = None
        add_410: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_400, mul_266);  add_400 = mul_266 = None
        select_7: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 3);  where = None
        select_8: "f32[128]" = torch.ops.aten.select.int(select, 1, 3);  select = None
        mul_273: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_7, select_8);  select_7 = select_8 = None
        add_420: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_410, mul_273);  add_410 = mul_273 = None
        neg_3: "f32[s33, 128]" = torch.ops.aten.neg.default(add_420)
        exp_4: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_3);  neg_3 = None
        add_424: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_4, 1);  exp_4 = None
        div_9: "f32[s33, 128]" = torch.ops.aten.div.Tensor(add_420, add_424);  add_420 = add_424 = None
        split_with_sizes_4 = torch.ops.aten.split_with_sizes.default(div_9, [32, 32, 64], -1);  div_9 = None
        getitem_28: "f32[s33, 32]" = split_with_sizes_4[0]
        getitem_29: "f32[s33, 32]" = split_with_sizes_4[1]
        getitem_30: "f32[s33, 64]" = split_with_sizes_4[2];  split_with_sizes_4 = None
        view_16: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_30, [arg12_1, 4, 16]);  getitem_30 = None
        view_12: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_28, [arg12_1, 2, 16]);  getitem_28 = None
        unsqueeze_8: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_12, 2);  view_12 = None
        expand: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_8, [arg12_1, 2, 2, 16]);  unsqueeze_8 = None
        clone_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_13: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_1, [arg12_1, 4, 16]);  clone_1 = None
        mul_318: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_13, view_13)
        sum_3: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_318, [-1], True);  mul_318 = None
        add_495: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_3, 1e-06);  sum_3 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_495);  add_495 = None
        mul_327: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_13, rsqrt_3);  view_13 = rsqrt_3 = None
        mul_330: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_327, 0.25);  mul_327 = None
        view_14: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_29, [arg12_1, 2, 16]);  getitem_29 = None
        unsqueeze_9: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_14, 2);  view_14 = None
        expand_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_9, [arg12_1, 2, 2, 16]);  unsqueeze_9 = None
        clone_2: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_15: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_2, [arg12_1, 4, 16]);  clone_2 = None
        mul_333: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_15, view_15)
        sum_4: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_333, [-1], True);  mul_333 = None
        add_520: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_4, 1e-06);  sum_4 = None
        rsqrt_4: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_520);  add_520 = None
        mul_342: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_15, rsqrt_4);  view_15 = rsqrt_4 = None
        sigmoid_6: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(getitem_24);  getitem_24 = None
        exp_5: "f32[4]" = torch.ops.aten.exp.default(arg22_1);  arg22_1 = None
        neg_4: "f32[4]" = torch.ops.aten.neg.default(exp_5);  exp_5 = None
        add_536: "f32[s33, 4]" = torch.ops.aten.add.Tensor(getitem_26, arg23_1);  getitem_26 = arg23_1 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(add_536, 20)
        exp_6: "f32[s33, 4]" = torch.ops.aten.exp.default(add_536)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_6);  exp_6 = None
        where_1: "f32[s33, 4]" = torch.ops.aten.where.self(gt, add_536, log1p);  gt = add_536 = log1p = None
        mul_351: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_4, where_1);  neg_4 = where_1 = None
        empty_1: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg12_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg12_1 = None
        copy_: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg19_1, index_put);  arg19_1 = index_put = copy_ = None
        return (mul_330, mul_342, view_16, mul_351, sigmoid_6, empty_1, getitem_22, mul_206, add_220)
