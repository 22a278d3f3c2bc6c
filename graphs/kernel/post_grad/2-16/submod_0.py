class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i64[s33]", arg1_1: "Sym(s33)", arg2_1: "f32[512, 64]", arg3_1: "f32[256]", arg4_1: "f32[32, 256]", arg5_1: "f32[256, 16]", arg6_1: "f32[224, 64]", arg7_1: "f32[128, 1, 4]", arg8_1: "i64[s33]", arg9_1: "Sym(s33)", arg10_1: "f32[3, 3, 128]", arg11_1: "i64[s33]", arg12_1: "i64[s33]", arg13_1: "f32[4]", arg14_1: "f32[4]"):
        embedding: "f32[s33, 64]" = torch.ops.aten.embedding.default(arg2_1, arg0_1);  arg2_1 = arg0_1 = None
        repeat: "f32[s33, 256]" = torch.ops.aten.repeat.default(embedding, [1, 4]);  embedding = None
        view: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(repeat, [arg9_1, 4, 64])
        pow_1: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view, 2)
        mean: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_19: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_19);  add_19 = None
        mul_14: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view, rsqrt);  view = rsqrt = None
        add_6: "f32[256]" = torch.ops.aten.add.Tensor(arg3_1, 1.0);  arg3_1 = None
        view_1: "f32[4, 64]" = torch.ops.aten.reshape.default(add_6, [4, 64]);  add_6 = None
        mul_17: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_14, view_1);  mul_14 = view_1 = None
        view_2: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_17, [arg9_1, 256]);  mul_17 = None
        permute: "f32[256, 32]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "f32[s33, 32]" = torch.ops.aten.mm.default(view_2, permute);  permute = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [16, 0, 4, 12], -1);  mm = None
        getitem: "f32[s33, 16]" = split_with_sizes[0]
        getitem_2: "f32[s33, 4]" = split_with_sizes[2];  split_with_sizes = None
        div_2: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_2, 4);  getitem_2 = None
        sigmoid_1: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_56: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_1, 2);  sigmoid_1 = None
        div: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem, 4);  getitem = None
        neg: "f32[s33, 16]" = torch.ops.aten.neg.default(div)
        exp: "f32[s33, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_55: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_1: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div, add_55);  div = add_55 = None
        permute_1: "f32[16, 256]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm_1: "f32[s33, 256]" = torch.ops.aten.mm.default(div_1, permute_1);  div_1 = permute_1 = None
        sigmoid: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_1);  mm_1 = None
        view_3: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid, [arg9_1, 4, 64]);  sigmoid = None
        view_4: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_2, [arg9_1, 4, 64]);  view_2 = None
        mul_47: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_3, view_4);  view_3 = view_4 = None
        mean_1: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_47, [-2]);  mul_47 = None
        permute_2: "f32[64, 224]" = torch.ops.aten.permute.default(arg6_1, [1, 0]);  arg6_1 = None
        mm_2: "f32[s33, 224]" = torch.ops.aten.mm.default(mean_1, permute_2);  mean_1 = permute_2 = None
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_2, [128, 0, 64, 0, 4, 12, 4, 12], -1);  mm_2 = None
        getitem_4: "f32[s33, 128]" = split_with_sizes_1[0]
        getitem_6: "f32[s33, 64]" = split_with_sizes_1[2]
        getitem_8: "f32[s33, 4]" = split_with_sizes_1[4]
        getitem_10: "f32[s33, 4]" = split_with_sizes_1[6];  split_with_sizes_1 = None
        unsqueeze_4: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg8_1, 1)
        iota_4: "i64[4]" = torch.ops.prims.iota.default(4, start = -3, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        add_251: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_4, iota_4);  unsqueeze_4 = None
        ge_9: "b8[s33, 4]" = torch.ops.aten.ge.Scalar(add_251, 0)
        unsqueeze_7: "b8[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(ge_9, 2);  ge_9 = None
        iota_5: "i64[s33]" = torch.ops.prims.iota.default(arg9_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        unsqueeze_5: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(iota_5, 1);  iota_5 = None
        add_261: "i64[s33, 4]" = torch.ops.aten.add.Tensor(unsqueeze_5, iota_4);  unsqueeze_5 = iota_4 = None
        clamp_min_8: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_261, 0);  add_261 = None
        index_9: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(getitem_4, [clamp_min_8]);  clamp_min_8 = None
        unsqueeze_6: "i64[s33, 1]" = torch.ops.aten.unsqueeze.default(arg11_1, 1)
        add_271: "i64[s33, 4]" = torch.ops.aten.add.Tensor(add_251, 3);  add_251 = None
        clamp_min_9: "i64[s33, 4]" = torch.ops.aten.clamp_min.default(add_271, 0);  add_271 = None
        clamp_max_4: "i64[s33, 4]" = torch.ops.aten.clamp_max.default(clamp_min_9, 2);  clamp_min_9 = None
        index_8: "f32[s33, 4, 128]" = torch.ops.aten.index.Tensor(arg10_1, [unsqueeze_6, clamp_max_4]);  unsqueeze_6 = clamp_max_4 = None
        where_4: "f32[s33, 4, 128]" = torch.ops.aten.where.self(unsqueeze_7, index_9, index_8);  unsqueeze_7 = index_9 = index_8 = None
        slice_1: "f32[s33, 3, 128]" = torch.ops.aten.slice.Tensor(where_4, 1, 1, 9223372036854775807);  where_4 = None
        sub_35: "i64[s33]" = torch.ops.aten.sub.Tensor(arg8_1, 3)
        ge_1: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_35, 0)
        unsqueeze: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_1, 1);  ge_1 = None
        iota: "i64[s33]" = torch.ops.prims.iota.default(arg9_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_40: "i64[s33]" = torch.ops.aten.sub.Tensor(iota, 3);  iota = None
        clamp_min: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_40, 0);  sub_40 = None
        index_1: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_4, [clamp_min]);  clamp_min = None
        add_121: "i64[s33]" = torch.ops.aten.add.Tensor(sub_35, 3);  sub_35 = None
        clamp_min_1: "i64[s33]" = torch.ops.aten.clamp_min.default(add_121, 0);  add_121 = None
        clamp_max: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_1, 2);  clamp_min_1 = None
        index: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg10_1, [arg11_1, clamp_max]);  clamp_max = None
        where: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze, index_1, index);  unsqueeze = index_1 = index = None
        select: "f32[128, 4]" = torch.ops.aten.select.int(arg7_1, 1, 0);  arg7_1 = None
        select_1: "f32[128]" = torch.ops.aten.select.int(select, 1, 0)
        mul_87: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where, select_1);  where = select_1 = None
        sub_51: "i64[s33]" = torch.ops.aten.sub.Tensor(arg8_1, 2)
        ge_3: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_51, 0)
        unsqueeze_1: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_3, 1);  ge_3 = None
        iota_1: "i64[s33]" = torch.ops.prims.iota.default(arg9_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_56: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_1, 2);  iota_1 = None
        clamp_min_2: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_56, 0);  sub_56 = None
        index_3: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_4, [clamp_min_2]);  clamp_min_2 = None
        add_152: "i64[s33]" = torch.ops.aten.add.Tensor(sub_51, 3);  sub_51 = None
        clamp_min_3: "i64[s33]" = torch.ops.aten.clamp_min.default(add_152, 0);  add_152 = None
        clamp_max_1: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_3, 2);  clamp_min_3 = None
        index_2: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg10_1, [arg11_1, clamp_max_1]);  clamp_max_1 = None
        where_1: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_1, index_3, index_2);  unsqueeze_1 = index_3 = index_2 = None
        select_2: "f32[128]" = torch.ops.aten.select.int(select, 1, 1)
        mul_102: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_1, select_2);  where_1 = select_2 = None
        add_174: "f32[s33, 128]" = torch.ops.aten.add.Tensor(mul_87, mul_102);  mul_87 = mul_102 = None
        sub_68: "i64[s33]" = torch.ops.aten.sub.Tensor(arg8_1, 1)
        ge_5: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_68, 0)
        unsqueeze_2: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_5, 1);  ge_5 = None
        iota_2: "i64[s33]" = torch.ops.prims.iota.default(arg9_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_73: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_2, 1);  iota_2 = None
        clamp_min_4: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_73, 0);  sub_73 = None
        index_5: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_4, [clamp_min_4]);  clamp_min_4 = None
        add_187: "i64[s33]" = torch.ops.aten.add.Tensor(sub_68, 3);  sub_68 = None
        clamp_min_5: "i64[s33]" = torch.ops.aten.clamp_min.default(add_187, 0);  add_187 = None
        clamp_max_2: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_5, 2);  clamp_min_5 = None
        index_4: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg10_1, [arg11_1, clamp_max_2]);  clamp_max_2 = None
        where_2: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_2, index_5, index_4);  unsqueeze_2 = index_5 = index_4 = None
        select_3: "f32[128]" = torch.ops.aten.select.int(select, 1, 2)
        mul_119: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_2, select_3);  where_2 = select_3 = None
        add_209: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_174, mul_119);  add_174 = mul_119 = None
        sub_85: "i64[s33]" = torch.ops.aten.sub.Tensor(arg8_1, 0);  arg8_1 = None
        ge_7: "b8[s33]" = torch.ops.aten.ge.Scalar(sub_85, 0)
        unsqueeze_3: "b8[s33, 1]" = torch.ops.aten.unsqueeze.default(ge_7, 1);  ge_7 = None
        iota_3: "i64[s33]" = torch.ops.prims.iota.default(arg9_1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        sub_90: "i64[s33]" = torch.ops.aten.sub.Tensor(iota_3, 0);  iota_3 = None
        clamp_min_6: "i64[s33]" = torch.ops.aten.clamp_min.default(sub_90, 0);  sub_90 = None
        index_7: "f32[s33, 128]" = torch.ops.aten.index.Tensor(getitem_4, [clamp_min_6]);  getitem_4 = clamp_min_6 = None
        add_222: "i64[s33]" = torch.ops.aten.add.Tensor(sub_85, 3);  sub_85 = None
        clamp_min_7: "i64[s33]" = torch.ops.aten.clamp_min.default(add_222, 0);  add_222 = None
        clamp_max_3: "i64[s33]" = torch.ops.aten.clamp_max.default(clamp_min_7, 2);  clamp_min_7 = None
        index_6: "f32[s33, 128]" = torch.ops.aten.index.Tensor(arg10_1, [arg11_1, clamp_max_3]);  arg11_1 = clamp_max_3 = None
        where_3: "f32[s33, 128]" = torch.ops.aten.where.self(unsqueeze_3, index_7, index_6);  unsqueeze_3 = index_7 = index_6 = None
        select_4: "f32[128]" = torch.ops.aten.select.int(select, 1, 3);  select = None
        mul_136: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(where_3, select_4);  where_3 = select_4 = None
        add_244: "f32[s33, 128]" = torch.ops.aten.add.Tensor(add_209, mul_136);  add_209 = mul_136 = None
        neg_1: "f32[s33, 128]" = torch.ops.aten.neg.default(add_244)
        exp_1: "f32[s33, 128]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_307: "f32[s33, 128]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_3: "f32[s33, 128]" = torch.ops.aten.div.Tensor(add_244, add_307);  add_244 = add_307 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(div_3, [64, 64], -1);  div_3 = None
        getitem_12: "f32[s33, 64]" = split_with_sizes_2[0]
        getitem_13: "f32[s33, 64]" = split_with_sizes_2[1];  split_with_sizes_2 = None
        view_5: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_12, [arg9_1, 4, 16]);  getitem_12 = None
        mul_176: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_5, view_5)
        sum_1: "f32[s33, 4, 1]" = torch.ops.aten.sum.dim_IntList(mul_176, [-1], True);  mul_176 = None
        add_329: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(sum_1, 1e-06);  sum_1 = None
        rsqrt_1: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_329);  add_329 = None
        mul_185: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(view_5, rsqrt_1);  view_5 = rsqrt_1 = None
        iota_6: "i64[4]" = torch.ops.prims.iota.default(4, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        lt: "b8[4]" = torch.ops.aten.lt.Scalar(iota_6, 2);  iota_6 = None
        full_default_1: "f32[]" = torch.ops.aten.full.default([], 0.25, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        full_default: "f32[]" = torch.ops.aten.full.default([], 1.0, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_5: "f32[4]" = torch.ops.aten.where.self(lt, full_default_1, full_default);  lt = full_default_1 = full_default = None
        unsqueeze_8: "f32[4, 1]" = torch.ops.aten.unsqueeze.default(where_5, 1);  where_5 = None
        mul_188: "f32[s33, 4, 16]" = torch.ops.aten.mul.Tensor(mul_185, unsqueeze_8);  mul_185 = unsqueeze_8 = None
        split = torch.ops.aten.split.Tensor(mul_188, 2, -2);  mul_188 = None
        getitem_14: "f32[s33, 2, 16]" = split[0]
        getitem_15: "f32[s33, 2, 16]" = split[1];  split = None
        view_6: "f32[s33, 4, 16]" = torch.ops.aten.reshape.default(getitem_13, [arg9_1, 4, 16]);  getitem_13 = None
        sigmoid_2: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(getitem_8);  getitem_8 = None
        exp_2: "f32[4]" = torch.ops.aten.exp.default(arg13_1);  arg13_1 = None
        neg_2: "f32[4]" = torch.ops.aten.neg.default(exp_2);  exp_2 = None
        add_358: "f32[s33, 4]" = torch.ops.aten.add.Tensor(getitem_10, arg14_1);  getitem_10 = arg14_1 = None
        gt: "b8[s33, 4]" = torch.ops.aten.gt.Scalar(add_358, 20)
        exp_3: "f32[s33, 4]" = torch.ops.aten.exp.default(add_358)
        log1p: "f32[s33, 4]" = torch.ops.aten.log1p.default(exp_3);  exp_3 = None
        where_6: "f32[s33, 4]" = torch.ops.aten.where.self(gt, add_358, log1p);  gt = add_358 = log1p = None
        mul_201: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(neg_2, where_6);  neg_2 = where_6 = None
        cat: "f32[2*s33, 4]" = torch.ops.aten.cat.default([sigmoid_2, mul_201]);  sigmoid_2 = mul_201 = None
        view_7: "f32[2, s33, 4]" = torch.ops.aten.reshape.default(cat, [2, arg9_1, 4]);  cat = None
        unbind = torch.ops.aten.unbind.int(view_7);  view_7 = None
        getitem_16: "f32[s33, 4]" = unbind[0]
        getitem_17: "f32[s33, 4]" = unbind[1];  unbind = None
        empty: "f32[s33, 4, 16]" = torch.ops.aten.empty.memory_format([arg9_1, 4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg9_1 = None
        index_put: "f32[3, 3, 128]" = torch.ops.aten.index_put.default(arg10_1, [arg12_1], slice_1);  arg12_1 = slice_1 = None
        copy_: "f32[3, 3, 128]" = torch.ops.aten.copy_.default(arg10_1, index_put);  arg10_1 = index_put = copy_ = None
        return (getitem_14, getitem_15, view_6, getitem_17, getitem_16, empty, getitem_6, repeat, mul_56)
