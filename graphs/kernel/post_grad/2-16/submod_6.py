class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[64, 64]", arg4_1: "f32[16]", arg5_1: "f32[64, 64]", arg6_1: "f32[s33, 256]", arg7_1: "f32[4, 256]", arg8_1: "f32[s33, 256]", arg9_1: "f32[256]", arg10_1: "f32[16, 256]", arg11_1: "f32[256, 16]", arg12_1: "f32[32, 64]", arg13_1: "f32[32, 64]", arg14_1: "f32[64, 32]", arg15_1: "f32[8, 64]", arg16_1: "Sym(s33)", arg17_1: "f32[1, 64]", arg18_1: "f32[4, 256]", arg19_1: "f32[256]", arg20_1: "f32[16, 256]", arg21_1: "f32[256, 16]", arg22_1: "i64[s33]", arg23_1: "f32[4]", arg24_1: "f32[256, 64]", arg25_1: "f32[32]", arg26_1: "f32[64, 64]", arg27_1: "f32[32]", arg28_1: "f32[64, 64]", arg29_1: "f32[48, 64]", arg30_1: "f32[16]"):
        pow_1: "f32[s33, 4, 16]" = torch.ops.aten.pow.Tensor_Scalar(arg0_1, 2)
        mean: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_15: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_15);  add_15 = None
        mul_12: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(arg0_1, rsqrt);  arg0_1 = rsqrt = None
        mul_15: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(arg4_1, mul_12);  arg4_1 = mul_12 = None
        permute: "f32[64, 64]" = torch.ops.aten.permute.default(arg3_1, [1, 0]);  arg3_1 = None
        mm: "f32[s33, 64]" = torch.ops.aten.mm.default(arg2_1, permute);  arg2_1 = permute = None
        view: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(mm, [arg16_1, 4, 16]);  mm = None
        sigmoid: "f32[s33, 4, 16]" = torch.ops.aten.sigmoid.default(view);  view = None
        mul_20: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_15, sigmoid);  mul_15 = sigmoid = None
        view_1: "f32[s33, 64]" = torch.ops.aten.reshape.default(mul_20, [arg16_1, 64]);  mul_20 = None
        permute_1: "f32[64, 64]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm_1: "f32[s33, 64]" = torch.ops.aten.mm.default(view_1, permute_1);  view_1 = permute_1 = None
        unsqueeze: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(mm_1, -2);  mm_1 = None
        permute_2: "f32[256, 4]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        mm_2: "f32[s33, 4]" = torch.ops.aten.mm.default(arg6_1, permute_2);  arg6_1 = permute_2 = None
        div: "f32[s33, 4]" = torch.ops.aten.div.Tensor(mm_2, 4);  mm_2 = None
        sigmoid_1: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div);  div = None
        mul_37: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_1, 2);  sigmoid_1 = None
        unsqueeze_1: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_37, -1);  mul_37 = None
        mul_44: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze, unsqueeze_1);  unsqueeze = unsqueeze_1 = None
        view_2: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_44, [arg16_1, 256]);  mul_44 = None
        add_73: "f32[s33, 256]" = torch.ops.aten.add.Tensor(arg8_1, view_2);  arg8_1 = view_2 = None
        view_3: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_73, [arg16_1, 4, 64])
        pow_2: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_3, 2)
        mean_1: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_2, [-1], True);  pow_2 = None
        add_89: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_1, 1e-06);  mean_1 = None
        rsqrt_1: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_89);  add_89 = None
        mul_65: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_3, rsqrt_1);  view_3 = rsqrt_1 = None
        view_4: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_65, [arg16_1, 256]);  mul_65 = None
        add_105: "f32[256]" = torch.ops.aten.add.Tensor(arg9_1, 1.0);  arg9_1 = None
        mul_74: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_4, add_105);  view_4 = add_105 = None
        permute_3: "f32[256, 16]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_3: "f32[s33, 16]" = torch.ops.aten.mm.default(mul_74, permute_3);  permute_3 = None
        div_1: "f32[s33, 16]" = torch.ops.aten.div.Tensor(mm_3, 4);  mm_3 = None
        neg: "f32[s33, 16]" = torch.ops.aten.neg.default(div_1)
        exp: "f32[s33, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_115: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_2: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_1, add_115);  div_1 = add_115 = None
        permute_4: "f32[16, 256]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_4: "f32[s33, 256]" = torch.ops.aten.mm.default(div_2, permute_4);  div_2 = permute_4 = None
        sigmoid_2: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_4);  mm_4 = None
        view_5: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_2, [arg16_1, 4, 64]);  sigmoid_2 = None
        view_6: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_74, [arg16_1, 4, 64])
        mul_91: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_5, view_6);  view_5 = view_6 = None
        mean_2: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_91, [-2]);  mul_91 = None
        permute_8: "f32[64, 8]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_8: "f32[s33, 8]" = torch.ops.aten.mm.default(mean_2, permute_8);  permute_8 = None
        amax: "f32[s33, 1]" = torch.ops.aten.amax.default(mm_8, [-1], True)
        sub_44: "f32[s33, 8]" = torch.ops.aten.sub.Tensor(mm_8, amax);  mm_8 = amax = None
        exp_2: "f32[s33, 8]" = torch.ops.aten.exp.default(sub_44);  sub_44 = None
        sum_1: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True)
        div_4: "f32[s33, 8]" = torch.ops.aten.div.Tensor(exp_2, sum_1);  exp_2 = sum_1 = None
        topk = torch.ops.aten.topk.default(div_4, 2);  div_4 = None
        getitem: "f32[s33, 2]" = topk[0]
        getitem_1: "i64[s33, 2]" = topk[1];  topk = None
        sum_2: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(getitem, [-1], True)
        div_5: "f32[s33, 2]" = torch.ops.aten.div.Tensor(getitem, sum_2);  getitem = sum_2 = None
        empty: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg16_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        experts_default = torch.ops.qcompile.experts.default(layer_key = '@0', x0 = mean_2, x1 = div_5, x2 = getitem_1, out = empty);  div_5 = getitem_1 = experts_default = None
        permute_9: "f32[64, 1]" = torch.ops.aten.permute.default(arg17_1, [1, 0]);  arg17_1 = None
        mm_9: "f32[s33, 1]" = torch.ops.aten.mm.default(mean_2, permute_9);  permute_9 = None
        sigmoid_3: "f32[s33, 1]" = torch.ops.aten.sigmoid.default(mm_9);  mm_9 = None
        permute_5: "f32[64, 32]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_5: "f32[s33, 32]" = torch.ops.aten.mm.default(mean_2, permute_5);  permute_5 = None
        neg_1: "f32[s33, 32]" = torch.ops.aten.neg.default(mm_5)
        exp_1: "f32[s33, 32]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_143: "f32[s33, 32]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_3: "f32[s33, 32]" = torch.ops.aten.div.Tensor(mm_5, add_143);  mm_5 = add_143 = None
        permute_6: "f32[64, 32]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_6: "f32[s33, 32]" = torch.ops.aten.mm.default(mean_2, permute_6);  mean_2 = permute_6 = None
        mul_102: "f32[s33, 32]" = torch.ops.aten.mul.Tensor(div_3, mm_6);  div_3 = mm_6 = None
        permute_7: "f32[32, 64]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_7: "f32[s33, 64]" = torch.ops.aten.mm.default(mul_102, permute_7);  mul_102 = permute_7 = None
        mul_124: "f32[s33, 64]" = torch.ops.aten.mul.Tensor(sigmoid_3, mm_7);  sigmoid_3 = mm_7 = None
        add_186: "f32[s33, 64]" = torch.ops.aten.add.Tensor(empty, mul_124);  empty = mul_124 = None
        unsqueeze_2: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(add_186, -2);  add_186 = None
        permute_10: "f32[256, 4]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_10: "f32[s33, 4]" = torch.ops.aten.mm.default(mul_74, permute_10);  mul_74 = permute_10 = None
        div_6: "f32[s33, 4]" = torch.ops.aten.div.Tensor(mm_10, 4);  mm_10 = None
        sigmoid_4: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_6);  div_6 = None
        mul_135: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_4, 2);  sigmoid_4 = None
        unsqueeze_3: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_135, -1);  mul_135 = None
        mul_142: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_2, unsqueeze_3);  unsqueeze_2 = unsqueeze_3 = None
        view_7: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_142, [arg16_1, 256]);  mul_142 = None
        add_217: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_73, view_7);  add_73 = view_7 = None
        view_8: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_217, [arg16_1, 4, 64])
        pow_3: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_8, 2)
        mean_3: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None
        add_233: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_3, 1e-06);  mean_3 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_233);  add_233 = None
        mul_163: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_8, rsqrt_2);  view_8 = rsqrt_2 = None
        view_9: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_163, [arg16_1, 256]);  mul_163 = None
        add_249: "f32[256]" = torch.ops.aten.add.Tensor(arg19_1, 1.0);  arg19_1 = None
        mul_172: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_9, add_249);  view_9 = add_249 = None
        permute_11: "f32[256, 16]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        mm_11: "f32[s33, 16]" = torch.ops.aten.mm.default(mul_172, permute_11);  permute_11 = None
        div_7: "f32[s33, 16]" = torch.ops.aten.div.Tensor(mm_11, 4);  mm_11 = None
        neg_2: "f32[s33, 16]" = torch.ops.aten.neg.default(div_7)
        exp_3: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_259: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_8: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_7, add_259);  div_7 = add_259 = None
        permute_12: "f32[16, 256]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_12: "f32[s33, 256]" = torch.ops.aten.mm.default(div_8, permute_12);  div_8 = permute_12 = None
        sigmoid_5: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_12);  mm_12 = None
        view_10: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_5, [arg16_1, 4, 64]);  sigmoid_5 = None
        view_11: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_172, [arg16_1, 4, 64])
        mul_189: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_10, view_11);  view_10 = view_11 = None
        mean_4: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_189, [-2]);  mul_189 = None
        permute_13: "f32[64, 256]" = torch.ops.aten.permute.default(arg24_1, [1, 0]);  arg24_1 = None
        mm_13: "f32[s33, 256]" = torch.ops.aten.mm.default(mean_4, permute_13);  permute_13 = None
        view_13: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mm_13, [arg16_1, 4, 64]);  mm_13 = None
        split = torch.ops.aten.split.Tensor(view_13, 32, -1);  view_13 = None
        getitem_4: "f32[s33, 4, 32]" = split[0]
        getitem_5: "f32[s33, 4, 32]" = split[1];  split = None
        permute_16: "f32[64, 48]" = torch.ops.aten.permute.default(arg29_1, [1, 0]);  arg29_1 = None
        mm_16: "f32[s33, 48]" = torch.ops.aten.mm.default(mean_4, permute_16);  permute_16 = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm_16, [32, 16], -1);  mm_16 = None
        getitem_6: "f32[s33, 32]" = split_with_sizes[0]
        getitem_7: "f32[s33, 16]" = split_with_sizes[1];  split_with_sizes = None
        pow_4: "f32[s33, 4, 32]" = torch.ops.aten.pow.Tensor_Scalar(getitem_4, 2)
        mean_5: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_4, [-1], True);  pow_4 = None
        add_324: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_5, 1e-06);  mean_5 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_324);  add_324 = None
        mul_225: "f32[s33, 4, 32]" = torch.ops.aten.mul.Tensor(getitem_4, rsqrt_3);  getitem_4 = rsqrt_3 = None
        add_337: "f32[32]" = torch.ops.aten.add.Tensor(arg25_1, 1.0);  arg25_1 = None
        mul_228: "f32[s33, 4, 32]" = torch.ops.aten.mul.Tensor(mul_225, add_337);  mul_225 = add_337 = None
        slice_1: "f32[s33, 4, 8]" = torch.ops.aten.slice.Tensor(mul_228, 2, 0, 8)
        convert_element_type: "f32[s33]" = torch.ops.prims.convert_element_type.default(arg22_1, torch.float32);  arg22_1 = None
        unsqueeze_4: "f32[s33, 1]" = torch.ops.aten.unsqueeze.default(convert_element_type, 1);  convert_element_type = None
        mul_196: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(unsqueeze_4, arg23_1);  unsqueeze_4 = arg23_1 = None
        unsqueeze_5: "f32[s33, 1, 4]" = torch.ops.aten.unsqueeze.default(mul_196, 1);  mul_196 = None
        expand: "f32[s33, 2, 4]" = torch.ops.aten.expand.default(unsqueeze_5, [arg16_1, 2, 4]);  unsqueeze_5 = None
        clone: "f32[s33, 2, 4]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_12: "f32[s33, 8]" = torch.ops.aten.reshape.default(clone, [arg16_1, 8]);  clone = None
        cos: "f32[s33, 8]" = torch.ops.aten.cos.default(view_12)
        unsqueeze_6: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos, -2)
        mul_243: "f32[s33, 4, 8]" = torch.ops.aten.mul.Tensor(slice_1, unsqueeze_6);  unsqueeze_6 = None
        slice_4: "f32[s33, 4, 4]" = torch.ops.aten.slice.Tensor(slice_1, 2, 4, 9223372036854775807)
        neg_3: "f32[s33, 4, 4]" = torch.ops.aten.neg.default(slice_4);  slice_4 = None
        slice_3: "f32[s33, 4, 4]" = torch.ops.aten.slice.Tensor(slice_1, 2, 0, 4);  slice_1 = None
        cat: "f32[s33, 4, 8]" = torch.ops.aten.cat.default([neg_3, slice_3], -1);  neg_3 = slice_3 = None
        sin: "f32[s33, 8]" = torch.ops.aten.sin.default(view_12);  view_12 = None
        unsqueeze_7: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin, -2)
        mul_250: "f32[s33, 4, 8]" = torch.ops.aten.mul.Tensor(cat, unsqueeze_7);  cat = unsqueeze_7 = None
        add_382: "f32[s33, 4, 8]" = torch.ops.aten.add.Tensor(mul_243, mul_250);  mul_243 = mul_250 = None
        slice_2: "f32[s33, 4, 24]" = torch.ops.aten.slice.Tensor(mul_228, 2, 8, 9223372036854775807);  mul_228 = None
        cat_1: "f32[s33, 4, 32]" = torch.ops.aten.cat.default([add_382, slice_2], -1);  add_382 = slice_2 = None
        permute_14: "f32[64, 64]" = torch.ops.aten.permute.default(arg26_1, [1, 0]);  arg26_1 = None
        mm_14: "f32[s33, 64]" = torch.ops.aten.mm.default(mean_4, permute_14);  permute_14 = None
        view_14: "f32[s33, 2, 32]" = torch.ops.aten.reshape.default(mm_14, [arg16_1, 2, 32]);  mm_14 = None
        pow_5: "f32[s33, 2, 32]" = torch.ops.aten.pow.Tensor_Scalar(view_14, 2)
        mean_6: "f32[s33, 2, 1]" = torch.ops.aten.mean.dim(pow_5, [-1], True);  pow_5 = None
        add_406: "f32[s33, 2, 1]" = torch.ops.aten.add.Tensor(mean_6, 1e-06);  mean_6 = None
        rsqrt_4: "f32[s33, 2, 1]" = torch.ops.aten.rsqrt.default(add_406);  add_406 = None
        mul_269: "f32[s33, 2, 32]" = torch.ops.aten.mul.Tensor(view_14, rsqrt_4);  view_14 = rsqrt_4 = None
        add_419: "f32[32]" = torch.ops.aten.add.Tensor(arg27_1, 1.0);  arg27_1 = None
        mul_272: "f32[s33, 2, 32]" = torch.ops.aten.mul.Tensor(mul_269, add_419);  mul_269 = add_419 = None
        slice_5: "f32[s33, 2, 8]" = torch.ops.aten.slice.Tensor(mul_272, 2, 0, 8)
        unsqueeze_8: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos, -2)
        mul_287: "f32[s33, 2, 8]" = torch.ops.aten.mul.Tensor(slice_5, unsqueeze_8);  unsqueeze_8 = None
        slice_8: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(slice_5, 2, 4, 9223372036854775807)
        neg_4: "f32[s33, 2, 4]" = torch.ops.aten.neg.default(slice_8);  slice_8 = None
        slice_7: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(slice_5, 2, 0, 4);  slice_5 = None
        cat_2: "f32[s33, 2, 8]" = torch.ops.aten.cat.default([neg_4, slice_7], -1);  neg_4 = slice_7 = None
        unsqueeze_9: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin, -2)
        mul_294: "f32[s33, 2, 8]" = torch.ops.aten.mul.Tensor(cat_2, unsqueeze_9);  cat_2 = unsqueeze_9 = None
        add_464: "f32[s33, 2, 8]" = torch.ops.aten.add.Tensor(mul_287, mul_294);  mul_287 = mul_294 = None
        slice_6: "f32[s33, 2, 24]" = torch.ops.aten.slice.Tensor(mul_272, 2, 8, 9223372036854775807);  mul_272 = None
        cat_3: "f32[s33, 2, 32]" = torch.ops.aten.cat.default([add_464, slice_6], -1);  add_464 = slice_6 = None
        permute_15: "f32[64, 64]" = torch.ops.aten.permute.default(arg28_1, [1, 0]);  arg28_1 = None
        mm_15: "f32[s33, 64]" = torch.ops.aten.mm.default(mean_4, permute_15);  mean_4 = permute_15 = None
        view_15: "f32[s33, 2, 32]" = torch.ops.aten.reshape.default(mm_15, [arg16_1, 2, 32]);  mm_15 = None
        view_16: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_6, [arg16_1, 2, 16]);  getitem_6 = None
        pow_6: "f32[s33, 2, 16]" = torch.ops.aten.pow.Tensor_Scalar(view_16, 2)
        mean_7: "f32[s33, 2, 1]" = torch.ops.aten.mean.dim(pow_6, [-1], True);  pow_6 = None
        add_501: "f32[s33, 2, 1]" = torch.ops.aten.add.Tensor(mean_7, 1e-06);  mean_7 = None
        rsqrt_5: "f32[s33, 2, 1]" = torch.ops.aten.rsqrt.default(add_501);  add_501 = None
        mul_321: "f32[s33, 2, 16]" = torch.ops.aten.mul.Tensor(view_16, rsqrt_5);  view_16 = rsqrt_5 = None
        add_514: "f32[16]" = torch.ops.aten.add.Tensor(arg30_1, 1.0);  arg30_1 = None
        mul_324: "f32[s33, 2, 16]" = torch.ops.aten.mul.Tensor(mul_321, add_514);  mul_321 = add_514 = None
        slice_9: "f32[s33, 2, 8]" = torch.ops.aten.slice.Tensor(mul_324, 2, 0, 8)
        unsqueeze_10: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(cos, -2);  cos = None
        mul_339: "f32[s33, 2, 8]" = torch.ops.aten.mul.Tensor(slice_9, unsqueeze_10);  unsqueeze_10 = None
        slice_12: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(slice_9, 2, 4, 9223372036854775807)
        neg_5: "f32[s33, 2, 4]" = torch.ops.aten.neg.default(slice_12);  slice_12 = None
        slice_11: "f32[s33, 2, 4]" = torch.ops.aten.slice.Tensor(slice_9, 2, 0, 4);  slice_9 = None
        cat_4: "f32[s33, 2, 8]" = torch.ops.aten.cat.default([neg_5, slice_11], -1);  neg_5 = slice_11 = None
        unsqueeze_11: "f32[s33, 1, 8]" = torch.ops.aten.unsqueeze.default(sin, -2);  sin = None
        mul_346: "f32[s33, 2, 8]" = torch.ops.aten.mul.Tensor(cat_4, unsqueeze_11);  cat_4 = unsqueeze_11 = None
        add_559: "f32[s33, 2, 8]" = torch.ops.aten.add.Tensor(mul_339, mul_346);  mul_339 = mul_346 = None
        slice_10: "f32[s33, 2, 8]" = torch.ops.aten.slice.Tensor(mul_324, 2, 8, 9223372036854775807);  mul_324 = None
        cat_5: "f32[s33, 2, 16]" = torch.ops.aten.cat.default([add_559, slice_10], -1);  add_559 = slice_10 = None
        empty_1: "f32[s33, 4, 32]" = torch.ops.aten.empty.memory_format([arg16_1, 4, 32], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg16_1 = None
        return (cat_1, cat_3, view_15, cat_5, getitem_7, empty_1, getitem_5, mul_172, add_217)
