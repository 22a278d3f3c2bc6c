class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[16]", arg4_1: "f32[64, 64]", arg5_1: "f32[s33, 256]", arg6_1: "f32[s33, 4]", arg7_1: "f32[256]", arg8_1: "f32[32, 256]", arg9_1: "f32[256, 16]", arg10_1: "f32[96, 64]", arg11_1: "Sym(s33)", arg12_1: "f32[256]", arg13_1: "f32[32, 256]", arg14_1: "f32[256, 16]", arg15_1: "i64[s33]", arg16_1: "f32[4]", arg17_1: "f32[432, 64]", arg18_1: "f32[32]", arg19_1: "f32[32]", arg20_1: "f32[16]", arg21_1: "i32[3, 2]", arg22_1: "i64[s33]", arg23_1: "f32[5, 64, 2, 32]", arg24_1: "f32[5, 64, 2, 32]", arg25_1: "f32[5, 64, 16]", arg26_1: "f32[16]", arg27_1: "f32[5, 16, 16]"):
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
        unsqueeze_4: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(empty, -2);  empty = None
        div_2: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_2, 4);  getitem_2 = None
        sigmoid_2: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_96: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_2, 2);  sigmoid_2 = None
        unsqueeze_3: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_96, -1);  mul_96 = None
        mul_135: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_4, unsqueeze_3);  unsqueeze_4 = unsqueeze_3 = None
        view_8: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_135, [arg11_1, 256]);  mul_135 = None
        add_208: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_58, view_8);  add_58 = view_8 = None
        view_9: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_208, [arg11_1, 4, 64])
        pow_3: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_9, 2)
        mean_3: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None
        add_225: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_3, 1e-06);  mean_3 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_225);  add_225 = None
        mul_156: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_9, rsqrt_2);  view_9 = rsqrt_2 = None
        add_212: "f32[256]" = torch.ops.aten.add.Tensor(arg12_1, 1.0);  arg12_1 = None
        view_10: "f32[4, 64]" = torch.ops.aten.reshape.default(add_212, [4, 64]);  add_212 = None
        mul_159: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_156, view_10);  mul_156 = view_10 = None
        view_11: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_159, [arg11_1, 256]);  mul_159 = None
        permute_4: "f32[256, 32]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_4: "f32[s33, 32]" = torch.ops.aten.mm.default(view_11, permute_4);  permute_4 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_4, [16, 0, 4, 12], -1);  mm_4 = None
        getitem_16: "f32[s33, 16]" = split_with_sizes_2[0]
        getitem_18: "f32[s33, 4]" = split_with_sizes_2[2];  split_with_sizes_2 = None
        div_8: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_18, 4);  getitem_18 = None
        sigmoid_4: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_8);  div_8 = None
        mul_198: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_4, 2);  sigmoid_4 = None
        div_6: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem_16, 4);  getitem_16 = None
        neg_2: "f32[s33, 16]" = torch.ops.aten.neg.default(div_6)
        exp_3: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_261: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_7: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_6, add_261);  div_6 = add_261 = None
        permute_5: "f32[16, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_5: "f32[s33, 256]" = torch.ops.aten.mm.default(div_7, permute_5);  div_7 = permute_5 = None
        sigmoid_3: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_5);  mm_5 = None
        view_12: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_3, [arg11_1, 4, 64]);  sigmoid_3 = None
        view_13: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_11, [arg11_1, 4, 64]);  view_11 = None
        mul_189: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_12, view_13);  view_12 = view_13 = None
        mean_4: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_189, [-2]);  mul_189 = None
        permute_6: "f32[64, 432]" = torch.ops.aten.permute.default(arg17_1, [1, 0]);  arg17_1 = None
        mm_6: "f32[s33, 432]" = torch.ops.aten.mm.default(mean_4, permute_6);  mean_4 = permute_6 = None
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(mm_6, [256, 0, 64, 0, 64, 0, 48, 0], -1);  mm_6 = None
        getitem_20: "f32[s33, 256]" = split_with_sizes_3[0]
        getitem_22: "f32[s33, 64]" = split_with_sizes_3[2]
        getitem_24: "f32[s33, 64]" = split_with_sizes_3[4]
        getitem_26: "f32[s33, 48]" = split_with_sizes_3[6];  split_with_sizes_3 = None
        view_15: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(getitem_20, [arg11_1, 4, 64]);  getitem_20 = None
        split = torch.ops.aten.split.Tensor(view_15, 32, -1);  view_15 = None
        getitem_28: "f32[s33, 4, 32]" = split[0]
        getitem_29: "f32[s33, 4, 32]" = split[1];  split = None
        pow_4: "f32[s33, 4, 32]" = torch.ops.aten.pow.Tensor_Scalar(getitem_28, 2)
        mean_5: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_4, [-1], True);  pow_4 = None
        add_352: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_5, 1e-06);  mean_5 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_352);  add_352 = None
        mul_244: "f32[s33, 4, 32]" = torch.ops.aten.mul.Tensor(getitem_28, rsqrt_3);  getitem_28 = rsqrt_3 = None
        add_343: "f32[32]" = torch.ops.aten.add.Tensor(arg18_1, 1.0);  arg18_1 = None
        mul_247: "f32[s33, 4, 32]" = torch.ops.aten.mul.Tensor(mul_244, add_343);  mul_244 = add_343 = None
        slice_1: "f32[s33, 4, 4]" = torch.ops.aten.slice.Tensor(mul_247, 2, 0, 4)
        convert_element_type: "f32[s33]" = torch.ops.prims.convert_element_type.default(arg15_1, torch.float32)
        unsqueeze_5: "f32[s33, 1]" = torch.ops.aten.unsqueeze.default(convert_element_type, 1);  convert_element_type = None
        mul_203: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(unsqueeze_5, arg16_1);  unsqueeze_5 = None
        unsqueeze_6: "f32[s33, 1, 4]" = torch.ops.aten.unsqueeze.default(mul_203, 1);  mul_203 = None
        expand: "f32[s33, 2, 4]" = torch.ops.aten.expand.default(unsqueeze_6, [arg11_1, 2, 4]);  unsqueeze_6 = None
        clone_1: "f32[s33, 2, 4]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_14: "f32[s33, 8]" = torch.ops.aten.reshape.default(clone_1, [arg11_1, 8]);  clone_1 = None
        cos: "f32[s33, 8]" = torch.ops.aten.cos.default(view_14)
        unsqueeze_7: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos, -2)
        slice_4: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_7, 2, 0, 4)
        mul_262: "f32[s33, 4, 4]" = torch.ops.aten.mul.Tensor(slice_1, slice_4);  slice_4 = None
        slice_2: "f32[s33, 4, 4]" = torch.ops.aten.slice.Tensor(mul_247, 2, 4, 8)
        neg_3: "f32[s33, 4, 4]" = torch.ops.aten.neg.default(slice_2)
        sin: "f32[s33, 8]" = torch.ops.aten.sin.default(view_14);  view_14 = None
        unsqueeze_8: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin, -2)
        slice_5: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_8, 2, 0, 4)
        mul_269: "f32[s33, 4, 4]" = torch.ops.aten.mul.Tensor(neg_3, slice_5);  neg_3 = slice_5 = None
        add_409: "f32[s33, 4, 4]" = torch.ops.aten.add.Tensor(mul_262, mul_269);  mul_262 = mul_269 = None
        slice_6: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_7, 2, 4, 9223372036854775807);  unsqueeze_7 = None
        mul_276: "f32[s33, 4, 4]" = torch.ops.aten.mul.Tensor(slice_2, slice_6);  slice_2 = slice_6 = None
        slice_7: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_8, 2, 4, 9223372036854775807);  unsqueeze_8 = None
        mul_281: "f32[s33, 4, 4]" = torch.ops.aten.mul.Tensor(slice_1, slice_7);  slice_1 = slice_7 = None
        add_430: "f32[s33, 4, 4]" = torch.ops.aten.add.Tensor(mul_276, mul_281);  mul_276 = mul_281 = None
        slice_3: "f32[s33, 4, 24]" = torch.ops.aten.slice.Tensor(mul_247, 2, 8, 9223372036854775807);  mul_247 = None
        cat: "f32[s33, 4, 32]" = torch.ops.aten.cat.default([add_409, add_430, slice_3], -1);  add_409 = add_430 = slice_3 = None
        split_with_sizes_4 = torch.ops.aten.split_with_sizes.default(getitem_26, [32, 16], -1);  getitem_26 = None
        getitem_30: "f32[s33, 32]" = split_with_sizes_4[0]
        getitem_31: "f32[s33, 16]" = split_with_sizes_4[1];  split_with_sizes_4 = None
        view_18: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_30, [arg11_1, 2, 16]);  getitem_30 = None
        pow_6: "f32[s33, 2, 16]" = torch.ops.aten.pow.Tensor_Scalar(view_18, 2)
        mean_7: "f32[s33, 2, 1]" = torch.ops.aten.mean.dim(pow_6, [-1], True);  pow_6 = None
        add_562: "f32[s33, 2, 1]" = torch.ops.aten.add.Tensor(mean_7, 1e-06);  mean_7 = None
        rsqrt_5: "f32[s33, 2, 1]" = torch.ops.aten.rsqrt.default(add_562);  add_562 = None
        mul_358: "f32[s33, 2, 16]" = torch.ops.aten.mul.Tensor(view_18, rsqrt_5);  view_18 = rsqrt_5 = None
        add_553: "f32[16]" = torch.ops.aten.add.Tensor(arg20_1, 1.0);  arg20_1 = None
        mul_361: "f32[s33, 2, 16]" = torch.ops.aten.mul.Tensor(mul_358, add_553);  mul_358 = add_553 = None
        slice_15: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(mul_361, 2, 0, 4)
        unsqueeze_11: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos, -2)
        slice_18: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_11, 2, 0, 4)
        mul_376: "f32[s33, 2, 4]" = torch.ops.aten.mul.Tensor(slice_15, slice_18);  slice_18 = None
        slice_16: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(mul_361, 2, 4, 8)
        neg_5: "f32[s33, 2, 4]" = torch.ops.aten.neg.default(slice_16)
        unsqueeze_12: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin, -2)
        slice_19: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_12, 2, 0, 4)
        mul_383: "f32[s33, 2, 4]" = torch.ops.aten.mul.Tensor(neg_5, slice_19);  neg_5 = slice_19 = None
        add_619: "f32[s33, 2, 4]" = torch.ops.aten.add.Tensor(mul_376, mul_383);  mul_376 = mul_383 = None
        slice_20: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_11, 2, 4, 9223372036854775807);  unsqueeze_11 = None
        mul_390: "f32[s33, 2, 4]" = torch.ops.aten.mul.Tensor(slice_16, slice_20);  slice_16 = slice_20 = None
        slice_21: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_12, 2, 4, 9223372036854775807);  unsqueeze_12 = None
        mul_395: "f32[s33, 2, 4]" = torch.ops.aten.mul.Tensor(slice_15, slice_21);  slice_15 = slice_21 = None
        add_640: "f32[s33, 2, 4]" = torch.ops.aten.add.Tensor(mul_390, mul_395);  mul_390 = mul_395 = None
        slice_17: "f32[s33, 2, 8]" = torch.ops.aten.slice.Tensor(mul_361, 2, 8, 9223372036854775807);  mul_361 = None
        cat_2: "f32[s33, 2, 16]" = torch.ops.aten.cat.default([add_619, add_640, slice_17], -1);  add_619 = add_640 = slice_17 = None
        div_9: "i64[s33]" = torch.ops.aten.div.Tensor_mode(arg15_1, 64, rounding_mode = 'floor')
        index: "i32[s33]" = torch.ops.aten.index.Tensor(arg21_1, [arg22_1, div_9]);  div_9 = None
        remainder: "i64[s33]" = torch.ops.aten.remainder.Scalar(arg15_1, 64)
        view_16: "f32[s33, 2, 32]" = torch.ops.aten.reshape.default(getitem_22, [arg11_1, 2, 32]);  getitem_22 = None
        pow_5: "f32[s33, 2, 32]" = torch.ops.aten.pow.Tensor_Scalar(view_16, 2)
        mean_6: "f32[s33, 2, 1]" = torch.ops.aten.mean.dim(pow_5, [-1], True);  pow_5 = None
        add_452: "f32[s33, 2, 1]" = torch.ops.aten.add.Tensor(mean_6, 1e-06);  mean_6 = None
        rsqrt_4: "f32[s33, 2, 1]" = torch.ops.aten.rsqrt.default(add_452);  add_452 = None
        mul_298: "f32[s33, 2, 32]" = torch.ops.aten.mul.Tensor(view_16, rsqrt_4);  view_16 = rsqrt_4 = None
        add_443: "f32[32]" = torch.ops.aten.add.Tensor(arg19_1, 1.0);  arg19_1 = None
        mul_301: "f32[s33, 2, 32]" = torch.ops.aten.mul.Tensor(mul_298, add_443);  mul_298 = add_443 = None
        slice_8: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(mul_301, 2, 0, 4)
        unsqueeze_9: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos, -2);  cos = None
        slice_11: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_9, 2, 0, 4)
        mul_316: "f32[s33, 2, 4]" = torch.ops.aten.mul.Tensor(slice_8, slice_11);  slice_11 = None
        slice_9: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(mul_301, 2, 4, 8)
        neg_4: "f32[s33, 2, 4]" = torch.ops.aten.neg.default(slice_9)
        unsqueeze_10: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin, -2);  sin = None
        slice_12: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_10, 2, 0, 4)
        mul_323: "f32[s33, 2, 4]" = torch.ops.aten.mul.Tensor(neg_4, slice_12);  neg_4 = slice_12 = None
        add_509: "f32[s33, 2, 4]" = torch.ops.aten.add.Tensor(mul_316, mul_323);  mul_316 = mul_323 = None
        slice_13: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_9, 2, 4, 9223372036854775807);  unsqueeze_9 = None
        mul_330: "f32[s33, 2, 4]" = torch.ops.aten.mul.Tensor(slice_9, slice_13);  slice_9 = slice_13 = None
        slice_14: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_10, 2, 4, 9223372036854775807);  unsqueeze_10 = None
        mul_335: "f32[s33, 2, 4]" = torch.ops.aten.mul.Tensor(slice_8, slice_14);  slice_8 = slice_14 = None
        add_530: "f32[s33, 2, 4]" = torch.ops.aten.add.Tensor(mul_330, mul_335);  mul_330 = mul_335 = None
        slice_10: "f32[s33, 2, 24]" = torch.ops.aten.slice.Tensor(mul_301, 2, 8, 9223372036854775807);  mul_301 = None
        cat_1: "f32[s33, 2, 32]" = torch.ops.aten.cat.default([add_509, add_530, slice_10], -1);  add_509 = add_530 = slice_10 = None
        view_17: "f32[s33, 2, 32]" = torch.ops.aten.reshape.default(getitem_24, [arg11_1, 2, 32]);  getitem_24 = None
        add_678: "i64[s33]" = torch.ops.aten.add.Tensor(arg15_1, 1)
        remainder_1: "i64[s33]" = torch.ops.aten.remainder.Scalar(add_678, 4);  add_678 = None
        eq_217: "b8[s33]" = torch.ops.aten.eq.Scalar(remainder_1, 0);  remainder_1 = None
        add_685: "i64[s33]" = torch.ops.aten.add.Tensor(arg15_1, 1);  arg15_1 = None
        div_10: "i64[s33]" = torch.ops.aten.div.Tensor_mode(add_685, 4, rounding_mode = 'floor');  add_685 = None
        sub_196: "i64[s33]" = torch.ops.aten.sub.Tensor(div_10, 1);  div_10 = None
        clamp_min: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_196, 0);  sub_196 = None
        mul_423: "i64[s33]" = torch.ops.aten.mul.Tensor(clamp_min, 4);  clamp_min = None
        div_11: "i64[s33]" = torch.ops.aten.div.Tensor_mode(mul_423, 64, rounding_mode = 'floor')
        index_1: "i32[s33]" = torch.ops.aten.index.Tensor(arg21_1, [arg22_1, div_11]);  arg21_1 = arg22_1 = div_11 = None
        full_default_1: "i32[]" = torch.ops.aten.full.default([], 4, dtype = torch.int32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_1: "i32[s33]" = torch.ops.aten.where.self(eq_217, index_1, full_default_1);  full_default_1 = None
        remainder_3: "i64[s33]" = torch.ops.aten.remainder.Scalar(mul_423, 64)
        div_12: "i64[s33]" = torch.ops.aten.div.Tensor_mode(remainder_3, 4, rounding_mode = 'floor');  remainder_3 = None
        full_default_2: "i64[]" = torch.ops.aten.full.default([], 0, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_2: "i64[s33]" = torch.ops.aten.where.self(eq_217, div_12, full_default_2);  div_12 = full_default_2 = None
        unsqueeze_20: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(eq_217, 1);  eq_217 = None
        unsqueeze_14: "i32[s33, 1]" = torch.ops.aten.unsqueeze.default(index_1, 1);  index_1 = None
        remainder_2: "i64[s33]" = torch.ops.aten.remainder.Scalar(mul_423, 64)
        unsqueeze_13: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(remainder_2, 1);  remainder_2 = None
        iota: "i64[4]" = torch.ops.prims.iota.default(4, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_705: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_13, iota);  unsqueeze_13 = iota = None
        index_put_2: "f32[5, 64, 16]" = torch.ops.aten.index_put.default(arg25_1, [index, remainder], getitem_31);  getitem_31 = None
        index_2: "f32[s33, 4, 16]" = torch.ops.aten.index.Tensor(index_put_2, [unsqueeze_14, add_705]);  unsqueeze_14 = add_705 = None
        mean_8: "f32[s33, 16]" = torch.ops.aten.mean.dim(index_2, [-2]);  index_2 = None
        pow_7: "f32[s33, 16]" = torch.ops.aten.pow.Tensor_Scalar(mean_8, 2)
        mean_9: "f32[s33, 1]" = torch.ops.aten.mean.dim(pow_7, [-1], True);  pow_7 = None
        add_743: "f32[s33, 1]" = torch.ops.aten.add.Tensor(mean_9, 1e-06);  mean_9 = None
        rsqrt_6: "f32[s33, 1]" = torch.ops.aten.rsqrt.default(add_743);  add_743 = None
        mul_455: "f32[s33, 16]" = torch.ops.aten.mul.Tensor(mean_8, rsqrt_6);  mean_8 = rsqrt_6 = None
        add_736: "f32[16]" = torch.ops.aten.add.Tensor(arg26_1, 1.0);  arg26_1 = None
        mul_458: "f32[s33, 16]" = torch.ops.aten.mul.Tensor(mul_455, add_736);  mul_455 = add_736 = None
        unsqueeze_17: "f32[s33, 1, 16]" = torch.ops.aten.unsqueeze.default(mul_458, -2);  mul_458 = None
        slice_22: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_17, 2, 0, 4)
        convert_element_type_1: "f32[s33]" = torch.ops.prims.convert_element_type.default(mul_423, torch.float32);  mul_423 = None
        unsqueeze_15: "f32[s33, 1]" = torch.ops.aten.unsqueeze.default(convert_element_type_1, 1);  convert_element_type_1 = None
        mul_438: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(unsqueeze_15, arg16_1);  unsqueeze_15 = arg16_1 = None
        unsqueeze_16: "f32[s33, 1, 4]" = torch.ops.aten.unsqueeze.default(mul_438, 1);  mul_438 = None
        expand_1: "f32[s33, 2, 4]" = torch.ops.aten.expand.default(unsqueeze_16, [arg11_1, 2, 4]);  unsqueeze_16 = None
        clone_3: "f32[s33, 2, 4]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_19: "f32[s33, 8]" = torch.ops.aten.reshape.default(clone_3, [arg11_1, 8]);  clone_3 = None
        cos_1: "f32[s33, 8]" = torch.ops.aten.cos.default(view_19)
        unsqueeze_18: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos_1, -2);  cos_1 = None
        slice_25: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_18, 2, 0, 4)
        mul_475: "f32[s33, 1, 4]" = torch.ops.aten.mul.Tensor(slice_22, slice_25);  slice_25 = None
        slice_23: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_17, 2, 4, 8)
        neg_6: "f32[s33, 1, 4]" = torch.ops.aten.neg.default(slice_23)
        sin_1: "f32[s33, 8]" = torch.ops.aten.sin.default(view_19);  view_19 = None
        unsqueeze_19: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin_1, -2);  sin_1 = None
        slice_26: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_19, 2, 0, 4)
        mul_482: "f32[s33, 1, 4]" = torch.ops.aten.mul.Tensor(neg_6, slice_26);  neg_6 = slice_26 = None
        add_800: "f32[s33, 1, 4]" = torch.ops.aten.add.Tensor(mul_475, mul_482);  mul_475 = mul_482 = None
        slice_27: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_18, 2, 4, 9223372036854775807);  unsqueeze_18 = None
        mul_489: "f32[s33, 1, 4]" = torch.ops.aten.mul.Tensor(slice_23, slice_27);  slice_23 = slice_27 = None
        slice_28: "f32[s33, 1, 4]" = torch.ops.aten.slice.Tensor(unsqueeze_19, 2, 4, 9223372036854775807);  unsqueeze_19 = None
        mul_494: "f32[s33, 1, 4]" = torch.ops.aten.mul.Tensor(slice_22, slice_28);  slice_22 = slice_28 = None
        add_821: "f32[s33, 1, 4]" = torch.ops.aten.add.Tensor(mul_489, mul_494);  mul_489 = mul_494 = None
        slice_24: "f32[s33, 1, 8]" = torch.ops.aten.slice.Tensor(unsqueeze_17, 2, 8, 9223372036854775807);  unsqueeze_17 = None
        cat_3: "f32[s33, 1, 16]" = torch.ops.aten.cat.default([add_800, add_821, slice_24], -1);  add_800 = add_821 = slice_24 = None
        squeeze: "f32[s33, 16]" = torch.ops.aten.squeeze.dim(cat_3, -2);  cat_3 = None
        full_default: "f32[s33, 16]" = torch.ops.aten.full.default([arg1_1, 16], 0, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None
        where: "f32[s33, 16]" = torch.ops.aten.where.self(unsqueeze_20, squeeze, full_default);  unsqueeze_20 = squeeze = full_default = None
        empty_1: "f32[s33, 4, 32]" = torch.ops.aten.empty.memory_format([arg11_1, 4, 32], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg11_1 = None
        index_put: "f32[5, 64, 2, 32]" = torch.ops.aten.index_put.default(arg23_1, [index, remainder], cat_1);  cat_1 = None
        copy_: "f32[5, 64, 2, 32]" = torch.ops.aten.copy_.default(arg23_1, index_put);  arg23_1 = index_put = copy_ = None
        index_put_1: "f32[5, 64, 2, 32]" = torch.ops.aten.index_put.default(arg24_1, [index, remainder], view_17);  index = remainder = view_17 = None
        copy__1: "f32[5, 64, 2, 32]" = torch.ops.aten.copy_.default(arg24_1, index_put_1);  arg24_1 = index_put_1 = copy__1 = None
        copy__2: "f32[5, 64, 16]" = torch.ops.aten.copy_.default(arg25_1, index_put_2);  arg25_1 = index_put_2 = copy__2 = None
        index_put_3: "f32[5, 16, 16]" = torch.ops.aten.index_put.default(arg27_1, [where_1, where_2], where);  where_1 = where_2 = where = None
        copy__3: "f32[5, 16, 16]" = torch.ops.aten.copy_.default(arg27_1, index_put_3);  arg27_1 = index_put_3 = copy__3 = None
        return (cat, cat_2, empty_1, getitem_29, add_208, mul_198)
