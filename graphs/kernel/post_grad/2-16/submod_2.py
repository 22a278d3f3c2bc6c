class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[64, 64]", arg4_1: "f32[16]", arg5_1: "f32[64, 64]", arg6_1: "f32[s33, 256]", arg7_1: "f32[4, 256]", arg8_1: "f32[s33, 256]", arg9_1: "f32[256]", arg10_1: "f32[16, 256]", arg11_1: "f32[256, 16]", arg12_1: "f32[32, 64]", arg13_1: "f32[32, 64]", arg14_1: "f32[64, 32]", arg15_1: "f32[8, 64]", arg16_1: "Sym(s33)", arg17_1: "f32[1, 64]", arg18_1: "f32[4, 256]", arg19_1: "i64[s33]", arg20_1: "i64[s33]", arg21_1: "i64[s33]", arg22_1: "i64[3, 2, 1]", arg23_1: "i64[s33]", arg24_1: "i64[3]", arg25_1: "i64[4]", arg26_1: "i64[4]", arg27_1: "f32[256, 64]", arg28_1: "f32[256]", arg29_1: "f32[64, 64]", arg30_1: "f32[256]", arg31_1: "f32[256]", arg32_1: "f32[3, 9, 256]", arg33_1: "f32[256, 1, 4]", arg34_1: "f32[256]", arg35_1: "f32[16, 256]", arg36_1: "f32[256, 16]", arg37_1: "f32[128, 64]", arg38_1: "f32[3, 3, 128]", arg39_1: "f32[128, 1, 4]", arg40_1: "f32[4, 64]", arg41_1: "f32[4]", arg42_1: "f32[4, 64]", arg43_1: "f32[4]"):
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
        unsqueeze_5: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg20_1, 1)
        iota: "i64[3]" = torch.ops.prims.iota.default(3, start = -2, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_227: "i64[s33, 3]" = torch.ops.aten.add.Tensor(unsqueeze_5, iota);  unsqueeze_5 = None
        ge_1: "b8[s33, 3]" = torch.ops.aten.ge.Scalar(add_227, 0)
        unsqueeze_8: "b8[s33, 3, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 2);  ge_1 = None
        unsqueeze_4: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg19_1, 1);  arg19_1 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg16_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_6: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_1, 1);  iota_1 = None
        add_237: "i64[s33, 3]" = torch.ops.aten.add.Tensor(unsqueeze_6, iota);  unsqueeze_6 = iota = None
        clamp_min: "i64[s33, 3]" = torch.ops.aten.clamp_min.default(add_237, 0);  add_237 = None
        index_1: "i64[s33, 3, 1]" = torch.ops.aten.index.Tensor(unsqueeze_4, [clamp_min]);  unsqueeze_4 = clamp_min = None
        unsqueeze_7: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg21_1, 1)
        add_247: "i64[s33, 3]" = torch.ops.aten.add.Tensor(add_227, 2);  add_227 = None
        clamp_min_1: "i64[s33, 3]" = torch.ops.aten.clamp_min.default(add_247, 0);  add_247 = None
        clamp_max: "i64[s33, 3]" = torch.ops.aten.clamp_max.default(clamp_min_1, 1);  clamp_min_1 = None
        index: "i64[s33, 3, 1]" = torch.ops.aten.index.Tensor(arg22_1, [unsqueeze_7, clamp_max]);  unsqueeze_7 = clamp_max = None
        where: "i64[s33, 3, 1]" = torch.ops.aten.where.self(unsqueeze_8, index_1, index);  unsqueeze_8 = index_1 = index = None
        slice_1: "i64[s33, 2, 1]" = torch.ops.aten.slice.Tensor(where, 1, 1, 9223372036854775807)
        index_put: "i64[3, 2, 1]" = torch.ops.aten.index_put.default(arg22_1, [arg23_1], slice_1);  slice_1 = None
        select: "i64[s33, 3]" = torch.ops.aten.select.int(where, 2, 0);  where = None
        select_1: "i64[s33]" = torch.ops.aten.select.int(select, 1, 2)
        select_4: "i64[]" = torch.ops.aten.select.int(arg24_1, 0, 0)
        mul_194: "i64[s33]" = torch.ops.aten.mul.Tensor(select_1, select_4);  select_1 = select_4 = None
        eq_105: "b8[s33, 3]" = torch.ops.aten.eq.Scalar(select, 1)
        slice_2: "b8[s33, 0]" = torch.ops.aten.slice.Tensor(eq_105, 1, 2, 2)
        any_1: "b8[s33]" = torch.ops.aten.any.dim(slice_2, -1);  slice_2 = None
        full_default: "i64[]" = torch.ops.aten.full.default([], 1, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        select_2: "i64[s33]" = torch.ops.aten.select.int(select, 1, 1)
        where_1: "i64[s33]" = torch.ops.aten.where.self(any_1, full_default, select_2);  any_1 = full_default = select_2 = None
        select_5: "i64[]" = torch.ops.aten.select.int(arg24_1, 0, 1)
        mul_196: "i64[s33]" = torch.ops.aten.mul.Tensor(where_1, select_5);  where_1 = select_5 = None
        bitwise_xor: "i64[s33]" = torch.ops.aten.bitwise_xor.Tensor(mul_194, mul_196);  mul_194 = mul_196 = None
        unsqueeze_9: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(bitwise_xor, 1)
        slice_4: "i64[2]" = torch.ops.aten.slice.Tensor(arg25_1, 0, 0, 2)
        remainder: "i64[s33, 2]" = torch.ops.aten.remainder.Tensor(unsqueeze_9, slice_4);  unsqueeze_9 = slice_4 = None
        slice_5: "i64[2]" = torch.ops.aten.slice.Tensor(arg26_1, 0, 0, 2)
        add_319: "i64[s33, 2]" = torch.ops.aten.add.Tensor(remainder, slice_5);  remainder = slice_5 = None
        slice_3: "b8[s33, 1]" = torch.ops.aten.slice.Tensor(eq_105, 1, 1, 2);  eq_105 = None
        any_2: "b8[s33]" = torch.ops.aten.any.dim(slice_3, -1);  slice_3 = None
        full_default_1: "i64[]" = torch.ops.aten.full.default([], 1, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        select_3: "i64[s33]" = torch.ops.aten.select.int(select, 1, 0);  select = None
        where_2: "i64[s33]" = torch.ops.aten.where.self(any_2, full_default_1, select_3);  any_2 = full_default_1 = select_3 = None
        select_6: "i64[]" = torch.ops.aten.select.int(arg24_1, 0, 2);  arg24_1 = None
        mul_204: "i64[s33]" = torch.ops.aten.mul.Tensor(where_2, select_6);  where_2 = select_6 = None
        bitwise_xor_1: "i64[s33]" = torch.ops.aten.bitwise_xor.Tensor(bitwise_xor, mul_204);  bitwise_xor = mul_204 = None
        unsqueeze_10: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(bitwise_xor_1, 1);  bitwise_xor_1 = None
        slice_6: "i64[2]" = torch.ops.aten.slice.Tensor(arg25_1, 0, 2, 4);  arg25_1 = None
        remainder_1: "i64[s33, 2]" = torch.ops.aten.remainder.Tensor(unsqueeze_10, slice_6);  unsqueeze_10 = slice_6 = None
        slice_7: "i64[2]" = torch.ops.aten.slice.Tensor(arg26_1, 0, 2, 4);  arg26_1 = None
        add_333: "i64[s33, 2]" = torch.ops.aten.add.Tensor(remainder_1, slice_7);  remainder_1 = slice_7 = None
        cat: "i64[s33, 4]" = torch.ops.aten.cat.default([add_319, add_333], -1);  add_319 = add_333 = None
        empty_1: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg16_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        ple_gather_default = torch.ops.qcompile.ple_gather.default(layer_key = '@1', x0 = cat, out = empty_1);  cat = ple_gather_default = None
        unsqueeze_12: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg20_1, 1)
        iota_2: "i64[10]" = torch.ops.prims.iota.default(10, start = -9, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_503: "i64[s33, 10]" = torch.ops.aten.add.Tensor(unsqueeze_12, iota_2);  unsqueeze_12 = None
        ge_5: "b8[s33, 10]" = torch.ops.aten.ge.Scalar(add_503, 0)
        unsqueeze_15: "b8[s33, 10, 1]" = torch.ops.aten.unsqueeze.default(ge_5, 2);  ge_5 = None
        permute_11: "f32[64, 256]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        mm_11: "f32[s33, 256]" = torch.ops.aten.mm.default(empty_1, permute_11);  permute_11 = None
        view_8: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mm_11, [arg16_1, 4, 64]);  mm_11 = None
        pow_3: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_8, 2)
        mean_3: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None
        add_358: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_3, 1e-06);  mean_3 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_358);  add_358 = None
        mul_228: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_8, rsqrt_2);  view_8 = rsqrt_2 = None
        view_9: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_228, [arg16_1, 256]);  mul_228 = None
        add_374: "f32[256]" = torch.ops.aten.add.Tensor(arg28_1, 1.0);  arg28_1 = None
        mul_237: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_9, add_374);  view_9 = add_374 = None
        view_10: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_237, [arg16_1, 4, 64]);  mul_237 = None
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
        view_11: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_217, [arg16_1, 4, 64])
        pow_4: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_11, 2)
        mean_4: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_4, [-1], True);  pow_4 = None
        add_397: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_4, 1e-06);  mean_4 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_397);  add_397 = None
        mul_254: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_11, rsqrt_3);  view_11 = rsqrt_3 = None
        view_12: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_254, [arg16_1, 256]);  mul_254 = None
        add_413: "f32[256]" = torch.ops.aten.add.Tensor(arg30_1, 1.0);  arg30_1 = None
        mul_263: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_12, add_413);  view_12 = add_413 = None
        view_13: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_263, [arg16_1, 4, 64]);  mul_263 = None
        mul_268: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_10, view_13);  view_10 = view_13 = None
        sum_3: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_268, [-1], True);  mul_268 = None
        div_7: "f32[s33, 4, 1]" = torch.ops.aten.div.Tensor(sum_3, 8.0);  sum_3 = None
        abs_1: "f32[s33, 4, 1]" = torch.ops.aten.abs.default(div_7)
        clamp_min_2: "f32[s33, 4, 1]" = torch.ops.aten.clamp_min.default(abs_1, 1e-06);  abs_1 = None
        sqrt: "f32[s33, 4, 1]" = torch.ops.aten.sqrt.default(clamp_min_2);  clamp_min_2 = None
        sign: "f32[s33, 4, 1]" = torch.ops.aten.sign.default(div_7);  div_7 = None
        mul_283: "f32[s33, 4, 1]" = torch.ops.aten.mul.Tensor(sqrt, sign);  sqrt = sign = None
        sigmoid_5: "f32[s33, 4, 1]" = torch.ops.aten.sigmoid.default(mul_283);  mul_283 = None
        permute_12: "f32[64, 64]" = torch.ops.aten.permute.default(arg29_1, [1, 0]);  arg29_1 = None
        mm_12: "f32[s33, 64]" = torch.ops.aten.mm.default(empty_1, permute_12);  empty_1 = permute_12 = None
        unsqueeze_11: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(mm_12, -2);  mm_12 = None
        mul_290: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(sigmoid_5, unsqueeze_11);  sigmoid_5 = unsqueeze_11 = None
        view_14: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_290, [arg16_1, 256]);  mul_290 = None
        view_15: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_14, [arg16_1, 4, 64])
        pow_5: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_15, 2)
        mean_5: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_5, [-1], True);  pow_5 = None
        add_480: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_5, 1e-06);  mean_5 = None
        rsqrt_4: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_480);  add_480 = None
        mul_309: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_15, rsqrt_4);  view_15 = rsqrt_4 = None
        view_16: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_309, [arg16_1, 256]);  mul_309 = None
        add_496: "f32[256]" = torch.ops.aten.add.Tensor(arg31_1, 1.0);  arg31_1 = None
        mul_318: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_16, add_496);  view_16 = add_496 = None
        iota_3: "i64[s33]" = torch.ops.prims.iota.default(arg16_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_13: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_3, 1);  iota_3 = None
        add_513: "i64[s33, 10]" = torch.ops.aten.add.Tensor(unsqueeze_13, iota_2);  unsqueeze_13 = iota_2 = None
        clamp_min_3: "i64[s33, 10]" = torch.ops.aten.clamp_min.default(add_513, 0);  add_513 = None
        index_3: "f32[s33, 10, 256]" = torch.ops.aten.index.Tensor(mul_318, [clamp_min_3]);  mul_318 = clamp_min_3 = None
        unsqueeze_14: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg21_1, 1)
        add_523: "i64[s33, 10]" = torch.ops.aten.add.Tensor(add_503, 9);  add_503 = None
        clamp_min_4: "i64[s33, 10]" = torch.ops.aten.clamp_min.default(add_523, 0);  add_523 = None
        clamp_max_1: "i64[s33, 10]" = torch.ops.aten.clamp_max.default(clamp_min_4, 8);  clamp_min_4 = None
        index_2: "f32[s33, 10, 256]" = torch.ops.aten.index.Tensor(arg32_1, [unsqueeze_14, clamp_max_1]);  unsqueeze_14 = clamp_max_1 = None
        where_3: "f32[s33, 10, 256]" = torch.ops.aten.where.self(unsqueeze_15, index_3, index_2);  unsqueeze_15 = index_3 = index_2 = None
        slice_8: "f32[s33, 9, 256]" = torch.ops.aten.slice.Tensor(where_3, 1, 1, 9223372036854775807)
        index_put_1: "f32[3, 9, 256]" = torch.ops.aten.index_put.default(arg32_1, [arg23_1], slice_8);  slice_8 = None
        unsqueeze_16: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg20_1, 1);  arg20_1 = None
        iota_4: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_651: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_16, iota_4);  unsqueeze_16 = None
        ge_9: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_651, 0)
        unsqueeze_19: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_9, 2);  ge_9 = None
        slice_9: "f32[s33, 4, 256]" = torch.ops.aten.slice.Tensor(where_3, 1, 0, 9223372036854775807, 3);  where_3 = None
        select_7: "f32[256, 4]" = torch.ops.aten.select.int(arg33_1, 1, 0);  arg33_1 = None
        permute_13: "f32[4, 256]" = torch.ops.aten.permute.default(select_7, [1, 0]);  select_7 = None
        mul_350: "f32[s33, 4, 256]" = torch.ops.aten.mul.Tensor(slice_9, permute_13);  slice_9 = permute_13 = None
        sum_4: "f32[s33, 256]" = torch.ops.aten.sum.dim_IntList(mul_350, [1]);  mul_350 = None
        neg_2: "f32[s33, 256]" = torch.ops.aten.neg.default(sum_4)
        exp_3: "f32[s33, 256]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_570: "f32[s33, 256]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_8: "f32[s33, 256]" = torch.ops.aten.div.Tensor(sum_4, add_570);  sum_4 = add_570 = None
        add_574: "f32[s33, 256]" = torch.ops.aten.add.Tensor(view_14, div_8);  view_14 = div_8 = None
        add_578: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_217, add_574);  add_217 = add_574 = None
        view_17: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_578, [arg16_1, 4, 64])
        pow_6: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_17, 2)
        mean_6: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_6, [-1], True);  pow_6 = None
        add_594: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_6, 1e-06);  mean_6 = None
        rsqrt_5: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_594);  add_594 = None
        mul_371: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_17, rsqrt_5);  view_17 = rsqrt_5 = None
        view_18: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_371, [arg16_1, 256]);  mul_371 = None
        add_610: "f32[256]" = torch.ops.aten.add.Tensor(arg34_1, 1.0);  arg34_1 = None
        mul_380: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_18, add_610);  view_18 = add_610 = None
        permute_14: "f32[256, 16]" = torch.ops.aten.permute.default(arg35_1, [1, 0]);  arg35_1 = None
        mm_13: "f32[s33, 16]" = torch.ops.aten.mm.default(mul_380, permute_14);  permute_14 = None
        div_9: "f32[s33, 16]" = torch.ops.aten.div.Tensor(mm_13, 4);  mm_13 = None
        neg_3: "f32[s33, 16]" = torch.ops.aten.neg.default(div_9)
        exp_4: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_3);  neg_3 = None
        add_620: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_4, 1);  exp_4 = None
        div_10: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_9, add_620);  div_9 = add_620 = None
        permute_15: "f32[16, 256]" = torch.ops.aten.permute.default(arg36_1, [1, 0]);  arg36_1 = None
        mm_14: "f32[s33, 256]" = torch.ops.aten.mm.default(div_10, permute_15);  div_10 = permute_15 = None
        sigmoid_6: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_14);  mm_14 = None
        view_19: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_6, [arg16_1, 4, 64]);  sigmoid_6 = None
        view_20: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_380, [arg16_1, 4, 64])
        mul_397: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_19, view_20);  view_19 = view_20 = None
        mean_7: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_397, [-2]);  mul_397 = None
        permute_16: "f32[64, 128]" = torch.ops.aten.permute.default(arg37_1, [1, 0]);  arg37_1 = None
        mm_15: "f32[s33, 128]" = torch.ops.aten.mm.default(mean_7, permute_16);  permute_16 = None
        iota_5: "i64[s33]" = torch.ops.prims.iota.default(arg16_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_17: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_5, 1);  iota_5 = None
        add_661: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_17, iota_4);  unsqueeze_17 = iota_4 = None
        clamp_min_5: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_661, 0);  add_661 = None
        index_5: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(mm_15, [clamp_min_5]);  mm_15 = clamp_min_5 = None
        unsqueeze_18: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg21_1, 1);  arg21_1 = None
        add_671: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_651, 3);  add_651 = None
        clamp_min_6: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_671, 0);  add_671 = None
        clamp_max_2: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_6, 2);  clamp_min_6 = None
        index_4: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg38_1, [unsqueeze_18, clamp_max_2]);  unsqueeze_18 = clamp_max_2 = None
        where_4: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_19, index_5, index_4);  unsqueeze_19 = index_5 = index_4 = None
        slice_10: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where_4, 1, 1, 9223372036854775807)
        index_put_2: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg38_1, [arg23_1], slice_10);  arg23_1 = slice_10 = None
        permute_17: "f32[s33, 128, 4]" = torch.ops.aten.permute.default(where_4, [0, 2, 1]);  where_4 = None
        convolution: "f32[s33, 128, 1]" = torch.ops.aten.convolution.default(permute_17, arg39_1, None, [1], [0], [1], False, [0], 128);  permute_17 = arg39_1 = None
        select_8: "f32[s33, 128]" = torch.ops.aten.select.int(convolution, 2, 0);  convolution = None
        neg_4: "f32[s33, 128]" = torch.ops.aten.neg.default(select_8)
        exp_5: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_4);  neg_4 = None
        add_718: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_5, 1);  exp_5 = None
        div_11: "f32[s33, 128]" = torch.ops.aten.div.Tensor(select_8, add_718);  select_8 = add_718 = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(div_11, [32, 32, 64], -1);  div_11 = None
        getitem_6: "f32[s33, 32]" = split_with_sizes[0]
        getitem_7: "f32[s33, 32]" = split_with_sizes[1]
        getitem_8: "f32[s33, 64]" = split_with_sizes[2];  split_with_sizes = None
        view_25: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_8, [arg16_1, 4, 16]);  getitem_8 = None
        view_21: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_6, [arg16_1, 2, 16]);  getitem_6 = None
        unsqueeze_20: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_21, 2);  view_21 = None
        expand: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_20, [arg16_1, 2, 2, 16]);  unsqueeze_20 = None
        clone: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_22: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone, [arg16_1, 4, 16]);  clone = None
        mul_477: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_22, view_22)
        sum_5: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_477, [-1], True);  mul_477 = None
        add_789: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_5, 1e-06);  sum_5 = None
        rsqrt_6: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_789);  add_789 = None
        mul_486: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_22, rsqrt_6);  view_22 = rsqrt_6 = None
        mul_489: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_486, 0.25);  mul_486 = None
        view_23: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_7, [arg16_1, 2, 16]);  getitem_7 = None
        unsqueeze_21: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_23, 2);  view_23 = None
        expand_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_21, [arg16_1, 2, 2, 16]);  unsqueeze_21 = None
        clone_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_24: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_1, [arg16_1, 4, 16]);  clone_1 = None
        mul_492: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_24, view_24)
        sum_6: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_492, [-1], True);  mul_492 = None
        add_814: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_6, 1e-06);  sum_6 = None
        rsqrt_7: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_814);  add_814 = None
        mul_501: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_24, rsqrt_7);  view_24 = rsqrt_7 = None
        permute_18: "f32[64, 4]" = torch.ops.aten.permute.default(arg40_1, [1, 0]);  arg40_1 = None
        mm_16: "f32[s33, 4]" = torch.ops.aten.mm.default(mean_7, permute_18);  permute_18 = None
        sigmoid_7: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(mm_16);  mm_16 = None
        exp_6: "f32[4]" = torch.ops.aten.exp.default(arg41_1);  arg41_1 = None
        neg_5: "f32[4]" = torch.ops.aten.neg.default(exp_6);  exp_6 = None
        permute_19: "f32[64, 4]" = torch.ops.aten.permute.default(arg42_1, [1, 0]);  arg42_1 = None
        addmm_default: "f32[s33, 4]" = torch.ops.aten.addmm.default(arg43_1, mean_7, permute_19);  arg43_1 = permute_19 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(addmm_default, 20)
        exp_7: "f32[s33, 4]" = torch.ops.aten.exp.default(addmm_default)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_7);  exp_7 = None
        where_5: "f32[s33, 4]" = torch.ops.aten.where.self(gt, addmm_default, log1p);  gt = addmm_default = log1p = None
        mul_514: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_5, where_5);  neg_5 = where_5 = None
        empty_2: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg16_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg16_1 = None
        copy_: "i64[3, 2, 1]" = torch.ops.aten.copy_.default(arg22_1, index_put);  arg22_1 = index_put = copy_ = None
        copy__1: "f32[3, 9, 256]" = torch.ops.aten.copy_.default(arg32_1, index_put_1);  arg32_1 = index_put_1 = copy__1 = None
        copy__2: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg38_1, index_put_2);  arg38_1 = index_put_2 = copy__2 = None
        return (mul_489, mul_501, view_25, mul_514, sigmoid_7, empty_2, mean_7, mul_380, add_578)
