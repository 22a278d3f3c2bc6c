class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[64, 64]", arg4_1: "f32[16]", arg5_1: "f32[64, 64]", arg6_1: "f32[s33, 256]", arg7_1: "f32[4, 256]", arg8_1: "f32[s33, 256]", arg9_1: "f32[256]", arg10_1: "f32[16, 256]", arg11_1: "f32[256, 16]", arg12_1: "f32[32, 64]", arg13_1: "f32[32, 64]", arg14_1: "f32[64, 32]", arg15_1: "f32[8, 64]", arg16_1: "Sym(s33)", arg17_1: "f32[1, 64]", arg18_1: "f32[4, 256]", arg19_1: "f32[256]", arg20_1: "f32[16, 256]", arg21_1: "f32[256, 16]", arg22_1: "f32[128, 64]", arg23_1: "i64[s33]", arg24_1: "i64[s33]", arg25_1: "f32[3, 3, 128]", arg26_1: "i64[s33]", arg27_1: "f32[128, 1, 4]", arg28_1: "f32[4, 64]", arg29_1: "f32[4]", arg30_1: "f32[4, 64]", arg31_1: "f32[4]"):
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
        unsqueeze_4: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg23_1, 1);  arg23_1 = None
        iota: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_290: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_4, iota);  unsqueeze_4 = None
        ge_1: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_290, 0)
        unsqueeze_7: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 2);  ge_1 = None
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
        permute_13: "f32[64, 128]" = torch.ops.aten.permute.default(arg22_1, [1, 0]);  arg22_1 = None
        mm_13: "f32[s33, 128]" = torch.ops.aten.mm.default(mean_4, permute_13);  permute_13 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg16_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_5: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_1, 1);  iota_1 = None
        add_300: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_5, iota);  unsqueeze_5 = iota = None
        clamp_min: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_300, 0);  add_300 = None
        index_1: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(mm_13, [clamp_min]);  mm_13 = clamp_min = None
        unsqueeze_6: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg24_1, 1);  arg24_1 = None
        add_310: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_290, 3);  add_290 = None
        clamp_min_1: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_310, 0);  add_310 = None
        clamp_max: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_1, 2);  clamp_min_1 = None
        index: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg25_1, [unsqueeze_6, clamp_max]);  unsqueeze_6 = clamp_max = None
        where: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_7, index_1, index);  unsqueeze_7 = index_1 = index = None
        slice_1: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where, 1, 1, 9223372036854775807)
        index_put: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg25_1, [arg26_1], slice_1);  arg26_1 = slice_1 = None
        permute_14: "f32[s33, 128, 4]" = torch.ops.aten.permute.default(where, [0, 2, 1]);  where = None
        convolution: "f32[s33, 128, 1]" = torch.ops.aten.convolution.default(permute_14, arg27_1, None, [1], [0], [1], False, [0], 128);  permute_14 = arg27_1 = None
        select: "f32[s33, 128]" = torch.ops.aten.select.int(convolution, 2, 0);  convolution = None
        neg_3: "f32[s33, 128]" = torch.ops.aten.neg.default(select)
        exp_4: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_3);  neg_3 = None
        add_357: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_4, 1);  exp_4 = None
        div_9: "f32[s33, 128]" = torch.ops.aten.div.Tensor(select, add_357);  select = add_357 = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(div_9, [32, 32, 64], -1);  div_9 = None
        getitem_4: "f32[s33, 32]" = split_with_sizes[0]
        getitem_5: "f32[s33, 32]" = split_with_sizes[1]
        getitem_6: "f32[s33, 64]" = split_with_sizes[2];  split_with_sizes = None
        view_16: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_6, [arg16_1, 4, 16]);  getitem_6 = None
        view_12: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_4, [arg16_1, 2, 16]);  getitem_4 = None
        unsqueeze_8: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_12, 2);  view_12 = None
        expand: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_8, [arg16_1, 2, 2, 16]);  unsqueeze_8 = None
        clone: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_13: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone, [arg16_1, 4, 16]);  clone = None
        mul_269: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_13, view_13)
        sum_3: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_269, [-1], True);  mul_269 = None
        add_428: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_3, 1e-06);  sum_3 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_428);  add_428 = None
        mul_278: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_13, rsqrt_3);  view_13 = rsqrt_3 = None
        mul_281: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_278, 0.25);  mul_278 = None
        view_14: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_5, [arg16_1, 2, 16]);  getitem_5 = None
        unsqueeze_9: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_14, 2);  view_14 = None
        expand_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_9, [arg16_1, 2, 2, 16]);  unsqueeze_9 = None
        clone_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_15: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_1, [arg16_1, 4, 16]);  clone_1 = None
        mul_284: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_15, view_15)
        sum_4: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_284, [-1], True);  mul_284 = None
        add_453: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_4, 1e-06);  sum_4 = None
        rsqrt_4: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_453);  add_453 = None
        mul_293: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_15, rsqrt_4);  view_15 = rsqrt_4 = None
        permute_15: "f32[64, 4]" = torch.ops.aten.permute.default(arg28_1, [1, 0]);  arg28_1 = None
        mm_14: "f32[s33, 4]" = torch.ops.aten.mm.default(mean_4, permute_15);  permute_15 = None
        sigmoid_6: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(mm_14);  mm_14 = None
        exp_5: "f32[4]" = torch.ops.aten.exp.default(arg29_1);  arg29_1 = None
        neg_4: "f32[4]" = torch.ops.aten.neg.default(exp_5);  exp_5 = None
        permute_16: "f32[64, 4]" = torch.ops.aten.permute.default(arg30_1, [1, 0]);  arg30_1 = None
        addmm_default: "f32[s33, 4]" = torch.ops.aten.addmm.default(arg31_1, mean_4, permute_16);  arg31_1 = permute_16 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(addmm_default, 20)
        exp_6: "f32[s33, 4]" = torch.ops.aten.exp.default(addmm_default)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_6);  exp_6 = None
        where_1: "f32[s33, 4]" = torch.ops.aten.where.self(gt, addmm_default, log1p);  gt = addmm_default = log1p = None
        mul_306: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_4, where_1);  neg_4 = where_1 = None
        empty_1: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg16_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg16_1 = None
        copy_: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg25_1, index_put);  arg25_1 = index_put = copy_ = None
        return (mul_281, mul_293, view_16, mul_306, sigmoid_6, empty_1, mean_4, mul_172, add_217)
