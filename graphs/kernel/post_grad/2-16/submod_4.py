class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[16]", arg4_1: "f32[64, 64]", arg5_1: "f32[s33, 256]", arg6_1: "f32[s33, 4]", arg7_1: "f32[256]", arg8_1: "f32[32, 256]", arg9_1: "f32[256, 16]", arg10_1: "f32[96, 64]", arg11_1: "Sym(s33)", arg12_1: "f32[256]", arg13_1: "f32[32, 256]", arg14_1: "f32[256, 16]", arg15_1: "f32[224, 64]", arg16_1: "i64[s33]", arg17_1: "i64[s33]", arg18_1: "f32[3, 3, 128]", arg19_1: "i64[s33]", arg20_1: "f32[128, 1, 4]", arg21_1: "f32[4]", arg22_1: "f32[4]"):
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
        add_74: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_1, 1e-06);  mean_1 = None
        rsqrt_1: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_74);  add_74 = None
        mul_54: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_3, rsqrt_1);  view_3 = rsqrt_1 = None
        view_4: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_54, [arg11_1, 256]);  mul_54 = None
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
        view_5: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_1, [arg11_1, 4, 64]);  sigmoid_1 = None
        view_6: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_63, [arg11_1, 4, 64]);  mul_63 = None
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
        add_182: "f32[s33, 32]" = torch.ops.aten.add.Tensor(exp_2, 1);  exp_2 = None
        div_5: "f32[s33, 32]" = torch.ops.aten.div.Tensor(getitem_8, add_182);  getitem_8 = add_182 = None
        mul_126: "f32[s33, 32]" = torch.ops.aten.mul.Tensor(div_5, getitem_10);  div_5 = getitem_10 = None
        empty: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg11_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        experts_default = torch.ops.qcompile.experts.default(layer_key = '@0', x0 = mean_2, x1 = div_4, x2 = getitem_13, x3 = mul_126, x4 = getitem_6, out = empty);  mean_2 = div_4 = getitem_13 = mul_126 = getitem_6 = experts_default = None
        unsqueeze_4: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(empty, -2);  empty = None
        div_2: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_2, 4);  getitem_2 = None
        sigmoid_2: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_96: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_2, 2);  sigmoid_2 = None
        unsqueeze_3: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_96, -1);  mul_96 = None
        mul_135: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_4, unsqueeze_3);  unsqueeze_4 = unsqueeze_3 = None
        view_7: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_135, [arg11_1, 256]);  mul_135 = None
        add_207: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_58, view_7);  add_58 = view_7 = None
        view_8: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_207, [arg11_1, 4, 64])
        pow_3: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_8, 2)
        mean_3: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None
        add_223: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_3, 1e-06);  mean_3 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_223);  add_223 = None
        mul_156: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_8, rsqrt_2);  view_8 = rsqrt_2 = None
        view_9: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_156, [arg11_1, 256]);  mul_156 = None
        add_239: "f32[256]" = torch.ops.aten.add.Tensor(arg12_1, 1.0);  arg12_1 = None
        mul_165: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_9, add_239);  view_9 = add_239 = None
        permute_4: "f32[256, 32]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_4: "f32[s33, 32]" = torch.ops.aten.mm.default(mul_165, permute_4);  permute_4 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_4, [16, 0, 4, 12], -1);  mm_4 = None
        getitem_16: "f32[s33, 16]" = split_with_sizes_2[0]
        getitem_18: "f32[s33, 4]" = split_with_sizes_2[2];  split_with_sizes_2 = None
        div_8: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_18, 4);  getitem_18 = None
        sigmoid_4: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_8);  div_8 = None
        mul_198: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_4, 2);  sigmoid_4 = None
        div_6: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem_16, 4);  getitem_16 = None
        neg_2: "f32[s33, 16]" = torch.ops.aten.neg.default(div_6)
        exp_3: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_259: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_7: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_6, add_259);  div_6 = add_259 = None
        permute_5: "f32[16, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_5: "f32[s33, 256]" = torch.ops.aten.mm.default(div_7, permute_5);  div_7 = permute_5 = None
        sigmoid_3: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_5);  mm_5 = None
        view_10: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_3, [arg11_1, 4, 64]);  sigmoid_3 = None
        view_11: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_165, [arg11_1, 4, 64]);  mul_165 = None
        mul_189: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_10, view_11);  view_10 = view_11 = None
        mean_4: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_189, [-2]);  mul_189 = None
        permute_6: "f32[64, 224]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_6: "f32[s33, 224]" = torch.ops.aten.mm.default(mean_4, permute_6);  mean_4 = permute_6 = None
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(mm_6, [128, 0, 64, 0, 4, 12, 4, 12], -1);  mm_6 = None
        getitem_20: "f32[s33, 128]" = split_with_sizes_3[0]
        getitem_22: "f32[s33, 64]" = split_with_sizes_3[2]
        getitem_24: "f32[s33, 4]" = split_with_sizes_3[4]
        getitem_26: "f32[s33, 4]" = split_with_sizes_3[6];  split_with_sizes_3 = None
        unsqueeze_5: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg16_1, 1);  arg16_1 = None
        iota: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_319: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_5, iota);  unsqueeze_5 = None
        ge_1: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_319, 0)
        unsqueeze_8: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 2);  ge_1 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_6: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_1, 1);  iota_1 = None
        add_329: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_6, iota);  unsqueeze_6 = iota = None
        clamp_min: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_329, 0);  add_329 = None
        index_1: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(getitem_20, [clamp_min]);  getitem_20 = clamp_min = None
        unsqueeze_7: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg17_1, 1);  arg17_1 = None
        add_339: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_319, 3);  add_319 = None
        clamp_min_1: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_339, 0);  add_339 = None
        clamp_max: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_1, 2);  clamp_min_1 = None
        index: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg18_1, [unsqueeze_7, clamp_max]);  unsqueeze_7 = clamp_max = None
        where: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_8, index_1, index);  unsqueeze_8 = index_1 = index = None
        slice_1: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where, 1, 1, 9223372036854775807)
        index_put: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg18_1, [arg19_1], slice_1);  arg19_1 = slice_1 = None
        select_1: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 0)
        select: "f32[128, 4]" = torch.ops.aten.select.int(arg20_1, 1, 0);  arg20_1 = None
        select_2: "f32[128]" = torch.ops.aten.select.int(select, 1, 0)
        mul_246: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_1, select_2);  select_1 = select_2 = None
        select_3: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 1)
        select_4: "f32[128]" = torch.ops.aten.select.int(select, 1, 1)
        mul_251: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_3, select_4);  select_3 = select_4 = None
        add_387: "f32[s33, 128]" = torch.ops.aten.add.Tensor(mul_246, mul_251);  mul_246 = mul_251 = None
        select_5: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 2)
        select_6: "f32[128]" = torch.ops.aten.select.int(select, 1, 2)
        mul_258: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_5, select_6);  select_5 = select_6 = None
        add_397: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_387, mul_258);  add_387 = mul_258 = None
        select_7: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 3);  where = None
        select_8: "f32[128]" = torch.ops.aten.select.int(select, 1, 3);  select = None
        mul_265: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_7, select_8);  select_7 = select_8 = None
        add_407: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_397, mul_265);  add_397 = mul_265 = None
        neg_3: "f32[s33, 128]" = torch.ops.aten.neg.default(add_407)
        exp_4: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_3);  neg_3 = None
        add_411: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_4, 1);  exp_4 = None
        div_9: "f32[s33, 128]" = torch.ops.aten.div.Tensor(add_407, add_411);  add_407 = add_411 = None
        split_with_sizes_4 = torch.ops.aten.split_with_sizes.default(div_9, [32, 32, 64], -1);  div_9 = None
        getitem_28: "f32[s33, 32]" = split_with_sizes_4[0]
        getitem_29: "f32[s33, 32]" = split_with_sizes_4[1]
        getitem_30: "f32[s33, 64]" = split_with_sizes_4[2];  split_with_sizes_4 = None
        view_16: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_30, [arg11_1, 4, 16]);  getitem_30 = None
        view_12: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_28, [arg11_1, 2, 16]);  getitem_28 = None
        unsqueeze_9: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_12, 2);  view_12 = None
        expand: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_9, [arg11_1, 2, 2, 16]);  unsqueeze_9 = None
        clone_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_13: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_1, [arg11_1, 4, 16]);  clone_1 = None
        mul_310: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_13, view_13)
        sum_3: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_310, [-1], True);  mul_310 = None
        add_482: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_3, 1e-06);  sum_3 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_482);  add_482 = None
        mul_319: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_13, rsqrt_3);  view_13 = rsqrt_3 = None
        mul_322: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_319, 0.25);  mul_319 = None
        view_14: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_29, [arg11_1, 2, 16]);  getitem_29 = None
        unsqueeze_10: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_14, 2);  view_14 = None
        expand_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_10, [arg11_1, 2, 2, 16]);  unsqueeze_10 = None
        clone_2: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_15: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_2, [arg11_1, 4, 16]);  clone_2 = None
        mul_325: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_15, view_15)
        sum_4: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_325, [-1], True);  mul_325 = None
        add_507: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_4, 1e-06);  sum_4 = None
        rsqrt_4: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_507);  add_507 = None
        mul_334: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_15, rsqrt_4);  view_15 = rsqrt_4 = None
        sigmoid_5: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(getitem_24);  getitem_24 = None
        exp_5: "f32[4]" = torch.ops.aten.exp.default(arg21_1);  arg21_1 = None
        neg_4: "f32[4]" = torch.ops.aten.neg.default(exp_5);  exp_5 = None
        add_523: "f32[s33, 4]" = torch.ops.aten.add.Tensor(getitem_26, arg22_1);  getitem_26 = arg22_1 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(add_523, 20)
        exp_6: "f32[s33, 4]" = torch.ops.aten.exp.default(add_523)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_6);  exp_6 = None
        where_1: "f32[s33, 4]" = torch.ops.aten.where.self(gt, add_523, log1p);  gt = add_523 = log1p = None
        mul_343: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_4, where_1);  neg_4 = where_1 = None
        empty_1: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg11_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg11_1 = None
        copy_: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg18_1, index_put);  arg18_1 = index_put = copy_ = None
        return (mul_322, mul_334, view_16, mul_343, sigmoid_5, empty_1, getitem_22, add_207, mul_198)
