class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i64[s33]", arg1_1: "Sym(s33)", arg2_1: "f32[512, 64]", arg3_1: "f32[256]", arg4_1: "f32[32, 256]", arg5_1: "f32[256, 16]", arg6_1: "f32[224, 64]", arg7_1: "i64[s33]", arg8_1: "Sym(s33)", arg9_1: "i64[s33]", arg10_1: "f32[3, 3, 128]", arg11_1: "i64[s33]", arg12_1: "f32[128, 1, 4]", arg13_1: "f32[4]", arg14_1: "f32[4]"):
        embedding: "f32[s33, 64]" = torch.ops.aten.embedding.default(arg2_1, arg0_1);  arg2_1 = arg0_1 = None
        repeat: "f32[s33, 256]" = torch.ops.aten.repeat.default(embedding, [1, 4]);  embedding = None
        view: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(repeat, [arg8_1, 4, 64])
        pow_1: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view, 2)
        mean: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_18: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_18);  add_18 = None
        mul_14: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view, rsqrt);  view = rsqrt = None
        view_1: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_14, [arg8_1, 256]);  mul_14 = None
        add_34: "f32[256]" = torch.ops.aten.add.Tensor(arg3_1, 1.0);  arg3_1 = None
        mul_23: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_1, add_34);  view_1 = add_34 = None
        permute: "f32[256, 32]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "f32[s33, 32]" = torch.ops.aten.mm.default(mul_23, permute);  permute = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [16, 0, 4, 12], -1);  mm = None
        getitem: "f32[s33, 16]" = split_with_sizes[0]
        getitem_2: "f32[s33, 4]" = split_with_sizes[2];  split_with_sizes = None
        div_2: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_2, 4);  getitem_2 = None
        sigmoid_1: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_56: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_1, 2);  sigmoid_1 = None
        div: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem, 4);  getitem = None
        neg: "f32[s33, 16]" = torch.ops.aten.neg.default(div)
        exp: "f32[s33, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_54: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_1: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div, add_54);  div = add_54 = None
        permute_1: "f32[16, 256]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm_1: "f32[s33, 256]" = torch.ops.aten.mm.default(div_1, permute_1);  div_1 = permute_1 = None
        sigmoid: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_1);  mm_1 = None
        view_2: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid, [arg8_1, 4, 64]);  sigmoid = None
        view_3: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_23, [arg8_1, 4, 64]);  mul_23 = None
        mul_47: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_2, view_3);  view_2 = view_3 = None
        mean_1: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_47, [-2]);  mul_47 = None
        permute_2: "f32[64, 224]" = torch.ops.aten.permute.default(arg6_1, [1, 0]);  arg6_1 = None
        mm_2: "f32[s33, 224]" = torch.ops.aten.mm.default(mean_1, permute_2);  mean_1 = permute_2 = None
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_2, [128, 0, 64, 0, 4, 12, 4, 12], -1);  mm_2 = None
        getitem_4: "f32[s33, 128]" = split_with_sizes_1[0]
        getitem_6: "f32[s33, 64]" = split_with_sizes_1[2]
        getitem_8: "f32[s33, 4]" = split_with_sizes_1[4]
        getitem_10: "f32[s33, 4]" = split_with_sizes_1[6];  split_with_sizes_1 = None
        unsqueeze: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg7_1, 1);  arg7_1 = None
        iota: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_114: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze, iota);  unsqueeze = None
        ge_1: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_114, 0)
        unsqueeze_3: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 2);  ge_1 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg8_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_1: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_1, 1);  iota_1 = None
        add_124: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_1, iota);  unsqueeze_1 = iota = None
        clamp_min: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_124, 0);  add_124 = None
        index_1: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(getitem_4, [clamp_min]);  getitem_4 = clamp_min = None
        unsqueeze_2: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg9_1, 1);  arg9_1 = None
        add_134: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_114, 3);  add_114 = None
        clamp_min_1: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_134, 0);  add_134 = None
        clamp_max: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_1, 2);  clamp_min_1 = None
        index: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg10_1, [unsqueeze_2, clamp_max]);  unsqueeze_2 = clamp_max = None
        where: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_3, index_1, index);  unsqueeze_3 = index_1 = index = None
        slice_1: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where, 1, 1, 9223372036854775807)
        index_put: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg10_1, [arg11_1], slice_1);  arg11_1 = slice_1 = None
        select_1: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 0)
        select: "f32[128, 4]" = torch.ops.aten.select.int(arg12_1, 1, 0);  arg12_1 = None
        select_2: "f32[128]" = torch.ops.aten.select.int(select, 1, 0)
        mul_104: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_1, select_2);  select_1 = select_2 = None
        select_3: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 1)
        select_4: "f32[128]" = torch.ops.aten.select.int(select, 1, 1)
        mul_109: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_3, select_4);  select_3 = select_4 = None
        add_182: "f32[s33, 128]" = torch.ops.aten.add.Tensor(mul_104, mul_109);  mul_104 = mul_109 = None
        select_5: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 2)
        select_6: "f32[128]" = torch.ops.aten.select.int(select, 1, 2)
        mul_116: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_5, select_6);  select_5 = select_6 = None
        add_192: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_182, mul_116);  add_182 = mul_116 = None
        select_7: "f32[s33, 128]" = torch.ops.aten.select.int(where, 1, 3);  where = None
        select_8: "f32[128]" = torch.ops.aten.select.int(select, 1, 3);  select = None
        mul_123: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(select_7, select_8);  select_7 = select_8 = None
        add_202: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_192, mul_123);  add_192 = mul_123 = None
        neg_1: "f32[s33, 128]" = torch.ops.aten.neg.default(add_202)
        exp_1: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_206: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_3: "f32[s33, 128]" = torch.ops.aten.div.Tensor(add_202, add_206);  add_202 = add_206 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(div_3, [32, 32, 64], -1);  div_3 = None
        getitem_12: "f32[s33, 32]" = split_with_sizes_2[0]
        getitem_13: "f32[s33, 32]" = split_with_sizes_2[1]
        getitem_14: "f32[s33, 64]" = split_with_sizes_2[2];  split_with_sizes_2 = None
        view_8: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_14, [arg8_1, 4, 16]);  getitem_14 = None
        view_4: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_12, [arg8_1, 2, 16]);  getitem_12 = None
        unsqueeze_4: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_4, 2);  view_4 = None
        expand: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_4, [arg8_1, 2, 2, 16]);  unsqueeze_4 = None
        clone: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        view_5: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone, [arg8_1, 4, 16]);  clone = None
        mul_168: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_5, view_5)
        sum_1: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_168, [-1], True);  mul_168 = None
        add_277: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_1, 1e-06);  sum_1 = None
        rsqrt_1: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_277);  add_277 = None
        mul_177: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_5, rsqrt_1);  view_5 = rsqrt_1 = None
        mul_180: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_177, 0.25);  mul_177 = None
        view_6: "f32[s33, 2, 16]" = torch.ops.aten.reshape.default(getitem_13, [arg8_1, 2, 16]);  getitem_13 = None
        unsqueeze_5: "f32[s33, 2, 1, 16]" = torch.ops.aten.unsqueeze.default(view_6, 2);  view_6 = None
        expand_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.expand.default(unsqueeze_5, [arg8_1, 2, 2, 16]);  unsqueeze_5 = None
        clone_1: "f32[s33, 2, 2, 16]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_7: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(clone_1, [arg8_1, 4, 16]);  clone_1 = None
        mul_183: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_7, view_7)
        sum_2: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_183, [-1], True);  mul_183 = None
        add_302: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_2, 1e-06);  sum_2 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_302);  add_302 = None
        mul_192: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_7, rsqrt_2);  view_7 = rsqrt_2 = None
        sigmoid_2: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(getitem_8);  getitem_8 = None
        exp_2: "f32[4]" = torch.ops.aten.exp.default(arg13_1);  arg13_1 = None
        neg_2: "f32[4]" = torch.ops.aten.neg.default(exp_2);  exp_2 = None
        add_318: "f32[s33, 4]" = torch.ops.aten.add.Tensor(getitem_10, arg14_1);  getitem_10 = arg14_1 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(add_318, 20)
        exp_3: "f32[s33, 4]" = torch.ops.aten.exp.default(add_318)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_3);  exp_3 = None
        where_1: "f32[s33, 4]" = torch.ops.aten.where.self(gt, add_318, log1p);  gt = add_318 = log1p = None
        mul_201: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_2, where_1);  neg_2 = where_1 = None
        empty: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg8_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg8_1 = None
        copy_: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg10_1, index_put);  arg10_1 = index_put = copy_ = None
        return (mul_180, mul_192, view_8, mul_201, sigmoid_2, empty, getitem_6, repeat, mul_56)
