class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[16]", arg4_1: "f32[64, 64]", arg5_1: "f32[s33, 4]", arg6_1: "f32[s33, 256]", arg7_1: "f32[256]", arg8_1: "f32[20, 256]", arg9_1: "f32[256, 16]", arg10_1: "f32[73, 64]", arg11_1: "f32[64, 32]", arg12_1: "Sym(s33)", arg13_1: "f32[256]", arg14_1: "f32[20, 256]", arg15_1: "f32[256, 16]", arg16_1: "i64[s33]", arg17_1: "f32[4]", arg18_1: "f32[432, 64]", arg19_1: "f32[32]", arg20_1: "f32[32]", arg21_1: "f32[16]"):
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
        view_8: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_208, [arg12_1, 4, 64])
        pow_3: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_8, 2)
        mean_3: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None
        add_224: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_3, 1e-06);  mean_3 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_224);  add_224 = None
        mul_155: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_8, rsqrt_2);  view_8 = rsqrt_2 = None
        view_9: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_155, [arg12_1, 256]);  mul_155 = None
        add_240: "f32[256]" = torch.ops.aten.add.Tensor(arg13_1, 1.0);  arg13_1 = None
        mul_164: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_9, add_240);  view_9 = add_240 = None
        permute_5: "f32[256, 20]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_5: "f32[s33, 20]" = torch.ops.aten.mm.default(mul_164, permute_5);  permute_5 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_5, [16, 4], -1);  mm_5 = None
        getitem_10: "f32[s33, 16]" = split_with_sizes_2[0]
        getitem_11: "f32[s33, 4]" = split_with_sizes_2[1];  split_with_sizes_2 = None
        div_6: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem_10, 4);  getitem_10 = None
        neg_2: "f32[s33, 16]" = torch.ops.aten.neg.default(div_6)
        exp_3: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_256: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_7: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_6, add_256);  div_6 = add_256 = None
        permute_6: "f32[16, 256]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_6: "f32[s33, 256]" = torch.ops.aten.mm.default(div_7, permute_6);  div_7 = permute_6 = None
        sigmoid_4: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_6);  mm_6 = None
        view_10: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_4, [arg12_1, 4, 64]);  sigmoid_4 = None
        view_11: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_164, [arg12_1, 4, 64]);  mul_164 = None
        mul_185: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_10, view_11);  view_10 = view_11 = None
        mean_4: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_185, [-2]);  mul_185 = None
        permute_7: "f32[64, 432]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_7: "f32[s33, 432]" = torch.ops.aten.mm.default(mean_4, permute_7);  mean_4 = permute_7 = None
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(mm_7, [256, 64, 64, 48], -1);  mm_7 = None
        getitem_12: "f32[s33, 256]" = split_with_sizes_3[0]
        getitem_13: "f32[s33, 64]" = split_with_sizes_3[1]
        getitem_14: "f32[s33, 64]" = split_with_sizes_3[2]
        getitem_15: "f32[s33, 48]" = split_with_sizes_3[3];  split_with_sizes_3 = None
        view_13: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(getitem_12, [arg12_1, 4, 64]);  getitem_12 = None
        split = torch.ops.aten.split.Tensor(view_13, 32, -1);  view_13 = None
        getitem_16: "f32[s33, 4, 32]" = split[0]
        getitem_17: "f32[s33, 4, 32]" = split[1];  split = None
        split_with_sizes_4 = torch.ops.aten.split_with_sizes.default(getitem_15, [32, 16], -1);  getitem_15 = None
        getitem_18: "f32[s33, 32]" = split_with_sizes_4[0]
        getitem_19: "f32[s33, 16]" = split_with_sizes_4[1];  split_with_sizes_4 = None
        pow_4: "f32[s33, 4, 32]" = torch.ops.aten.pow.Tensor_Scalar(getitem_16, 2)
        mean_5: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_4, [-1], True);  pow_4 = None
        add_342: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_5, 1e-06);  mean_5 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_342);  add_342 = None
        mul_236: "f32[s33, 4, 32]" = torch.ops.aten.mul.Tensor(getitem_16, rsqrt_3);  getitem_16 = rsqrt_3 = None
        add_355: "f32[32]" = torch.ops.aten.add.Tensor(arg19_1, 1.0);  arg19_1 = None
        mul_239: "f32[s33, 4, 32]" = torch.ops.aten.mul.Tensor(mul_236, add_355);  mul_236 = add_355 = None
        slice_1: "f32[s33, 4, 8]" = torch.ops.aten.slice.Tensor(mul_239, 2, 0, 8)
        convert_element_type: "f32[s33]" = torch.ops.prims.convert_element_type.default(arg16_1, torch.float32);  arg16_1 = None
        unsqueeze_4: "f32[s33, 1]" = torch.ops.aten.unsqueeze.default(convert_element_type, 1);  convert_element_type = None
        mul_199: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(unsqueeze_4, arg17_1);  unsqueeze_4 = arg17_1 = None
        unsqueeze_5: "f32[s33, 1, 4]" = torch.ops.aten.unsqueeze.default(mul_199, 1);  mul_199 = None
        expand: "f32[s33, 2, 4]" = torch.ops.aten.expand.default(unsqueeze_5, [arg12_1, 2, 4]);  unsqueeze_5 = None
        clone_1: "f32[s33, 2, 4]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_12: "f32[s33, 8]" = torch.ops.aten.reshape.default(clone_1, [arg12_1, 8]);  clone_1 = None
        cos: "f32[s33, 8]" = torch.ops.aten.cos.default(view_12)
        unsqueeze_6: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos, -2)
        mul_254: "f32[s33, 4, 8]" = torch.ops.aten.mul.Tensor(slice_1, unsqueeze_6);  unsqueeze_6 = None
        slice_4: "f32[s33, 4, 4]" = torch.ops.aten.slice.Tensor(slice_1, 2, 4, 9223372036854775807)
        neg_3: "f32[s33, 4, 4]" = torch.ops.aten.neg.default(slice_4);  slice_4 = None
        slice_3: "f32[s33, 4, 4]" = torch.ops.aten.slice.Tensor(slice_1, 2, 0, 4);  slice_1 = None
        cat: "f32[s33, 4, 8]" = torch.ops.aten.cat.default([neg_3, slice_3], -1);  neg_3 = slice_3 = None
        sin: "f32[s33, 8]" = torch.ops.aten.sin.default(view_12);  view_12 = None
        unsqueeze_7: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin, -2)
        mul_261: "f32[s33, 4, 8]" = torch.ops.aten.mul.Tensor(cat, unsqueeze_7);  cat = unsqueeze_7 = None
        add_400: "f32[s33, 4, 8]" = torch.ops.aten.add.Tensor(mul_254, mul_261);  mul_254 = mul_261 = None
        slice_2: "f32[s33, 4, 24]" = torch.ops.aten.slice.Tensor(mul_239, 2, 8, 9223372036854775807);  mul_239 = None
        cat_1: "f32[s33, 4, 32]" = torch.ops.aten.cat.default([add_400, slice_2], -1);  add_400 = slice_2 = None
        view_14: "f32[s33, 2, 32]" = torch.ops.aten.reshape.default(getitem_13, [arg12_1, 2, 32]);  getitem_13 = None
        pow_5: "f32[s33, 2, 32]" = torch.ops.aten.pow.Tensor_Scalar(view_14, 2)
        mean_6: "f32[s33, 2, 1]" = torch.ops.aten.mean.dim(pow_5, [-1], True);  pow_5 = None
        add_421: "f32[s33, 2, 1]" = torch.ops.aten.add.Tensor(mean_6, 1e-06);  mean_6 = None
        rsqrt_4: "f32[s33, 2, 1]" = torch.ops.aten.rsqrt.default(add_421);  add_421 = None
        mul_278: "f32[s33, 2, 32]" = torch.ops.aten.mul.Tensor(view_14, rsqrt_4);  view_14 = rsqrt_4 = None
        add_434: "f32[32]" = torch.ops.aten.add.Tensor(arg20_1, 1.0);  arg20_1 = None
        mul_281: "f32[s33, 2, 32]" = torch.ops.aten.mul.Tensor(mul_278, add_434);  mul_278 = add_434 = None
        slice_5: "f32[s33, 2, 8]" = torch.ops.aten.slice.Tensor(mul_281, 2, 0, 8)
        unsqueeze_8: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos, -2)
        mul_296: "f32[s33, 2, 8]" = torch.ops.aten.mul.Tensor(slice_5, unsqueeze_8);  unsqueeze_8 = None
        slice_8: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(slice_5, 2, 4, 9223372036854775807)
        neg_4: "f32[s33, 2, 4]" = torch.ops.aten.neg.default(slice_8);  slice_8 = None
        slice_7: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(slice_5, 2, 0, 4);  slice_5 = None
        cat_2: "f32[s33, 2, 8]" = torch.ops.aten.cat.default([neg_4, slice_7], -1);  neg_4 = slice_7 = None
        unsqueeze_9: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin, -2)
        mul_303: "f32[s33, 2, 8]" = torch.ops.aten.mul.Tensor(cat_2, unsqueeze_9);  cat_2 = unsqueeze_9 = None
        add_479: "f32[s33, 2, 8]" = torch.ops.aten.add.Tensor(mul_296, mul_303);  mul_296 = mul_303 = None
        slice_6: "f32[s33, 2, 24]" = torch.ops.aten.slice.Tensor(mul_281, 2, 8, 9223372036854775807);  mul_281 = None
        cat_3: "f32[s33, 2, 32]" = torch.ops.aten.cat.default([add_479, slice_6], -1);  add_479 = slice_6 = None
        view_15: "f32[s33, 2, 32]" = torch.ops.aten.reshape.default(getitem_14, [arg12_1, 2, 32]);  getitem_14 = None
        view_16: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_18, [arg12_1, 2, 16]);  getitem_18 = None
        pow_6: "f32[s33, 2, 16]" = torch.ops.aten.pow.Tensor_Scalar(view_16, 2)
        mean_7: "f32[s33, 2, 1]" = torch.ops.aten.mean.dim(pow_6, [-1], True);  pow_6 = None
        add_510: "f32[s33, 2, 1]" = torch.ops.aten.add.Tensor(mean_7, 1e-06);  mean_7 = None
        rsqrt_5: "f32[s33, 2, 1]" = torch.ops.aten.rsqrt.default(add_510);  add_510 = None
        mul_326: "f32[s33, 2, 16]" = torch.ops.aten.mul.Tensor(view_16, rsqrt_5);  view_16 = rsqrt_5 = None
        add_523: "f32[16]" = torch.ops.aten.add.Tensor(arg21_1, 1.0);  arg21_1 = None
        mul_329: "f32[s33, 2, 16]" = torch.ops.aten.mul.Tensor(mul_326, add_523);  mul_326 = add_523 = None
        slice_9: "f32[s33, 2, 8]" = torch.ops.aten.slice.Tensor(mul_329, 2, 0, 8)
        unsqueeze_10: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos, -2);  cos = None
        mul_344: "f32[s33, 2, 8]" = torch.ops.aten.mul.Tensor(slice_9, unsqueeze_10);  unsqueeze_10 = None
        slice_12: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(slice_9, 2, 4, 9223372036854775807)
        neg_5: "f32[s33, 2, 4]" = torch.ops.aten.neg.default(slice_12);  slice_12 = None
        slice_11: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(slice_9, 2, 0, 4);  slice_9 = None
        cat_4: "f32[s33, 2, 8]" = torch.ops.aten.cat.default([neg_5, slice_11], -1);  neg_5 = slice_11 = None
        unsqueeze_11: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin, -2);  sin = None
        mul_351: "f32[s33, 2, 8]" = torch.ops.aten.mul.Tensor(cat_4, unsqueeze_11);  cat_4 = unsqueeze_11 = None
        add_568: "f32[s33, 2, 8]" = torch.ops.aten.add.Tensor(mul_344, mul_351);  mul_344 = mul_351 = None
        slice_10: "f32[s33, 2, 8]" = torch.ops.aten.slice.Tensor(mul_329, 2, 8, 9223372036854775807);  mul_329 = None
        cat_5: "f32[s33, 2, 16]" = torch.ops.aten.cat.default([add_568, slice_10], -1);  add_568 = slice_10 = None
        empty_1: "f32[s33, 4, 32]" = torch.ops.aten.empty.memory_format([arg12_1, 4, 32], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg12_1 = None
        div_8: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_11, 4);  getitem_11 = None
        sigmoid_5: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_8);  div_8 = None
        mul_194: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_5, 2);  sigmoid_5 = None
        return (cat_1, cat_3, view_15, cat_5, getitem_19, empty_1, getitem_17, mul_194, add_208)
