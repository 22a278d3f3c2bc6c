class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 16]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 64]", arg3_1: "f32[16]", arg4_1: "f32[64, 64]", arg5_1: "f32[s33, 256]", arg6_1: "f32[s33, 4]", arg7_1: "f32[256]", arg8_1: "f32[32, 256]", arg9_1: "f32[256, 16]", arg10_1: "f32[96, 64]", arg11_1: "Sym(s33)", arg12_1: "f32[256]", arg13_1: "f32[32, 256]", arg14_1: "f32[256, 16]", arg15_1: "f32[224, 64]", arg16_1: "f32[128, 1, 4]", arg17_1: "i64[s33]", arg18_1: "f32[3, 3, 128]", arg19_1: "i64[s33]", arg20_1: "i64[s33]", arg21_1: "f32[4]", arg22_1: "f32[4]"):
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
        permute_6: "f32[64, 224]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_6: "f32[s33, 224]" = torch.ops.aten.mm.default(mean_4, permute_6);  mean_4 = permute_6 = None
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(mm_6, [128, 0, 64, 0, 4, 12, 4, 12], -1);  mm_6 = None
        getitem_20: "f32[s33, 128]" = split_with_sizes_3[0]
        getitem_22: "f32[s33, 64]" = split_with_sizes_3[2]
        getitem_24: "f32[s33, 4]" = split_with_sizes_3[4]
        getitem_26: "f32[s33, 4]" = split_with_sizes_3[6];  split_with_sizes_3 = None
        unsqueeze_9: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg17_1, 1)
        iota_4: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_457: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_9, iota_4);  unsqueeze_9 = None
        ge_9: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_457, 0)
        unsqueeze_12: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_9, 2);  ge_9 = None
        iota_5: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_10: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_5, 1);  iota_5 = None
        add_467: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_10, iota_4);  unsqueeze_10 = iota_4 = None
        clamp_min_8: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_467, 0);  add_467 = None
        index_9: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(getitem_20, [clamp_min_8]);  clamp_min_8 = None
        unsqueeze_11: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg19_1, 1)
        add_477: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_457, 3);  add_457 = None
        clamp_min_9: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_477, 0);  add_477 = None
        clamp_max_4: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_9, 2);  clamp_min_9 = None
        index_8: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg18_1, [unsqueeze_11, clamp_max_4]);  unsqueeze_11 = clamp_max_4 = None
        where_4: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_12, index_9, index_8);  unsqueeze_12 = index_9 = index_8 = None
        slice_1: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where_4, 1, 1, 9223372036854775807);  where_4 = None
        sub_96: "i64[s33]" = torch.ops.aten.sub.Tensor(arg17_1, 3)
        ge_1: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_96, 0)
        unsqueeze_5: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 1);  ge_1 = None
        iota: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_101: "i64[s33]" = torch.ops.aten.sub.Tensor(iota, 3);  iota = None
        clamp_min: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_101, 0);  sub_101 = None
        index_1: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_20, [clamp_min]);  clamp_min = None
        add_327: "i64[s33]" = torch.ops.aten.add.Tensor(sub_96, 3);  sub_96 = None
        clamp_min_1: "i64[s33]" = torch.ops.aten.clamp_min.default(add_327, 0);  add_327 = None
        clamp_max: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_1, 2);  clamp_min_1 = None
        index: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg18_1, [arg19_1, clamp_max]);  clamp_max = None
        where: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_5, index_1, index);  unsqueeze_5 = index_1 = index = None
        select: "f32[128, 4]" = torch.ops.aten.select.int(arg16_1, 1, 0);  arg16_1 = None
        select_1: "f32[128]" = torch.ops.aten.select.int(select, 1, 0)
        mul_229: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where, select_1);  where = select_1 = None
        sub_112: "i64[s33]" = torch.ops.aten.sub.Tensor(arg17_1, 2)
        ge_3: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_112, 0)
        unsqueeze_6: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_3, 1);  ge_3 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_117: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_1, 2);  iota_1 = None
        clamp_min_2: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_117, 0);  sub_117 = None
        index_3: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_20, [clamp_min_2]);  clamp_min_2 = None
        add_358: "i64[s33]" = torch.ops.aten.add.Tensor(sub_112, 3);  sub_112 = None
        clamp_min_3: "i64[s33]" = torch.ops.aten.clamp_min.default(add_358, 0);  add_358 = None
        clamp_max_1: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_3, 2);  clamp_min_3 = None
        index_2: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg18_1, [arg19_1, clamp_max_1]);  clamp_max_1 = None
        where_1: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_6, index_3, index_2);  unsqueeze_6 = index_3 = index_2 = None
        select_2: "f32[128]" = torch.ops.aten.select.int(select, 1, 1)
        mul_244: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_1, select_2);  where_1 = select_2 = None
        add_380: "f32[s33, 128]" = torch.ops.aten.add.Tensor(mul_229, mul_244);  mul_229 = mul_244 = None
        sub_129: "i64[s33]" = torch.ops.aten.sub.Tensor(arg17_1, 1)
        ge_5: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_129, 0)
        unsqueeze_7: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_5, 1);  ge_5 = None
        iota_2: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_134: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_2, 1);  iota_2 = None
        clamp_min_4: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_134, 0);  sub_134 = None
        index_5: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_20, [clamp_min_4]);  clamp_min_4 = None
        add_393: "i64[s33]" = torch.ops.aten.add.Tensor(sub_129, 3);  sub_129 = None
        clamp_min_5: "i64[s33]" = torch.ops.aten.clamp_min.default(add_393, 0);  add_393 = None
        clamp_max_2: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_5, 2);  clamp_min_5 = None
        index_4: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg18_1, [arg19_1, clamp_max_2]);  clamp_max_2 = None
        where_2: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_7, index_5, index_4);  unsqueeze_7 = index_5 = index_4 = None
        select_3: "f32[128]" = torch.ops.aten.select.int(select, 1, 2)
        mul_261: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_2, select_3);  where_2 = select_3 = None
        add_415: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_380, mul_261);  add_380 = mul_261 = None
        sub_146: "i64[s33]" = torch.ops.aten.sub.Tensor(arg17_1, 0);  arg17_1 = None
        ge_7: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_146, 0)
        unsqueeze_8: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_7, 1);  ge_7 = None
        iota_3: "i64[s33]" = torch.ops.prims.iota.default(arg11_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_151: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_3, 0);  iota_3 = None
        clamp_min_6: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_151, 0);  sub_151 = None
        index_7: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_20, [clamp_min_6]);  getitem_20 = clamp_min_6 = None
        add_428: "i64[s33]" = torch.ops.aten.add.Tensor(sub_146, 3);  sub_146 = None
        clamp_min_7: "i64[s33]" = torch.ops.aten.clamp_min.default(add_428, 0);  add_428 = None
        clamp_max_3: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_7, 2);  clamp_min_7 = None
        index_6: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg18_1, [arg19_1, clamp_max_3]);  arg19_1 = clamp_max_3 = None
        where_3: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_8, index_7, index_6);  unsqueeze_8 = index_7 = index_6 = None
        select_4: "f32[128]" = torch.ops.aten.select.int(select, 1, 3);  select = None
        mul_278: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_3, select_4);  where_3 = select_4 = None
        add_450: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_415, mul_278);  add_415 = mul_278 = None
        neg_3: "f32[s33, 128]" = torch.ops.aten.neg.default(add_450)
        exp_4: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_3);  neg_3 = None
        add_513: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_4, 1);  exp_4 = None
        div_9: "f32[s33, 128]" = torch.ops.aten.div.Tensor(add_450, add_513);  add_450 = add_513 = None
        split_with_sizes_4 = torch.ops.aten.split_with_sizes.default(div_9, [64, 64], -1);  div_9 = None
        getitem_28: "f32[s33, 64]" = split_with_sizes_4[0]
        getitem_29: "f32[s33, 64]" = split_with_sizes_4[1];  split_with_sizes_4 = None
        view_14: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_28, [arg11_1, 4, 16]);  getitem_28 = None
        mul_318: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_14, view_14)
        sum_3: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_318, [-1], True);  mul_318 = None
        add_535: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_3, 1e-06);  sum_3 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_535);  add_535 = None
        mul_327: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_14, rsqrt_3);  view_14 = rsqrt_3 = None
        iota_6: "i64[4]" = torch.ops.prims.iota.default(4, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        lt: "b8[4]" = torch.ops.aten.lt.Scalar(iota_6, 2);  iota_6 = None
        full_default_1: "f32[]" = torch.ops.aten.full.default([], 0.25, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        full_default: "f32[]" = torch.ops.aten.full.default([], 1.0, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_5: "f32[4]" = torch.ops.aten.where.self(lt, full_default_1, full_default);  lt = full_default_1 = full_default = None
        unsqueeze_13: "f32[4, 1]" = torch.ops.aten.unsqueeze.default(where_5, 1);  where_5 = None
        mul_330: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_327, unsqueeze_13);  mul_327 = unsqueeze_13 = None
        split = torch.ops.aten.split.Tensor(mul_330, 2, -2);  mul_330 = None
        getitem_30: "f32[s33, 2, 16]" = split[0]
        getitem_31: "f32[s33, 2, 16]" = split[1];  split = None
        view_15: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_29, [arg11_1, 4, 16]);  getitem_29 = None
        sigmoid_5: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(getitem_24);  getitem_24 = None
        exp_5: "f32[4]" = torch.ops.aten.exp.default(arg21_1);  arg21_1 = None
        neg_4: "f32[4]" = torch.ops.aten.neg.default(exp_5);  exp_5 = None
        add_564: "f32[s33, 4]" = torch.ops.aten.add.Tensor(getitem_26, arg22_1);  getitem_26 = arg22_1 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(add_564, 20)
        exp_6: "f32[s33, 4]" = torch.ops.aten.exp.default(add_564)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_6);  exp_6 = None
        where_6: "f32[s33, 4]" = torch.ops.aten.where.self(gt, add_564, log1p);  gt = add_564 = log1p = None
        mul_343: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_4, where_6);  neg_4 = where_6 = None
        cat: "f32[2*s33, 4]" = torch.ops.aten.cat.default([sigmoid_5, mul_343]);  sigmoid_5 = mul_343 = None
        view_16: "f32[2, s33, 4]" = torch.ops.aten.reshape.default(cat, [2, arg11_1, 4]);  cat = None
        unbind = torch.ops.aten.unbind.int(view_16);  view_16 = None
        getitem_32: "f32[s33, 4]" = unbind[0]
        getitem_33: "f32[s33, 4]" = unbind[1];  unbind = None
        empty_1: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg11_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg11_1 = None
        index_put: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg18_1, [arg20_1], slice_1);  arg20_1 = slice_1 = None
        copy_: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg18_1, index_put);  arg18_1 = index_put = copy_ = None
        return (getitem_30, getitem_31, view_15, getitem_33, getitem_32, empty_1, getitem_22, add_208, mul_198)
