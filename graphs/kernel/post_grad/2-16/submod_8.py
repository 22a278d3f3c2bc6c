class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 32]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 4, 32]", arg3_1: "f32[64, 128]", arg4_1: "f32[s33, 256]", arg5_1: "f32[s33, 4]", arg6_1: "f32[256]", arg7_1: "f32[32, 256]", arg8_1: "f32[256, 16]", arg9_1: "f32[96, 64]", arg10_1: "Sym(s33)", arg11_1: "f32[256]", arg12_1: "f32[16, 256]", arg13_1: "f32[256, 16]"):
        view: "f32[s33, 128]" = torch.ops.aten.reshape.default(arg0_1, [arg10_1, 128]);  arg0_1 = None
        clone: "f32[s33, 4, 32]" = torch.ops.aten.clone.default(arg2_1, memory_format = torch.contiguous_format);  arg2_1 = None
        view_1: "f32[s33, 128]" = torch.ops.aten.reshape.default(clone, [arg10_1, 128]);  clone = None
        sigmoid: "f32[s33, 128]" = torch.ops.aten.sigmoid.default(view_1);  view_1 = None
        mul_25: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(view, sigmoid);  view = sigmoid = None
        permute: "f32[128, 64]" = torch.ops.aten.permute.default(arg3_1, [1, 0]);  arg3_1 = None
        mm: "f32[s33, 64]" = torch.ops.aten.mm.default(mul_25, permute);  mul_25 = permute = None
        unsqueeze: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(mm, -2);  mm = None
        unsqueeze_1: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(arg5_1, -1);  arg5_1 = None
        mul_34: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze, unsqueeze_1);  unsqueeze = unsqueeze_1 = None
        view_2: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_34, [arg10_1, 256]);  mul_34 = None
        add_34: "f32[s33, 256]" = torch.ops.aten.add.Tensor(arg4_1, view_2);  arg4_1 = view_2 = None
        view_3: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_34, [arg10_1, 4, 64])
        pow_1: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_3, 2)
        mean: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_51: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_51);  add_51 = None
        mul_55: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_3, rsqrt);  view_3 = rsqrt = None
        add_38: "f32[256]" = torch.ops.aten.add.Tensor(arg6_1, 1.0);  arg6_1 = None
        view_4: "f32[4, 64]" = torch.ops.aten.reshape.default(add_38, [4, 64]);  add_38 = None
        mul_58: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_55, view_4);  mul_55 = view_4 = None
        view_5: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_58, [arg10_1, 256]);  mul_58 = None
        permute_1: "f32[256, 32]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        mm_1: "f32[s33, 32]" = torch.ops.aten.mm.default(view_5, permute_1);  permute_1 = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm_1, [16, 0, 4, 12], -1);  mm_1 = None
        getitem: "f32[s33, 16]" = split_with_sizes[0]
        getitem_2: "f32[s33, 4]" = split_with_sizes[2];  split_with_sizes = None
        div: "f32[s33, 16]" = torch.ops.aten.div.Tensor(getitem, 4);  getitem = None
        neg: "f32[s33, 16]" = torch.ops.aten.neg.default(div)
        exp: "f32[s33, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_87: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_1: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div, add_87);  div = add_87 = None
        permute_2: "f32[16, 256]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_2: "f32[s33, 256]" = torch.ops.aten.mm.default(div_1, permute_2);  div_1 = permute_2 = None
        sigmoid_1: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_2);  mm_2 = None
        view_6: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_1, [arg10_1, 4, 64]);  sigmoid_1 = None
        view_7: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_5, [arg10_1, 4, 64]);  view_5 = None
        mul_88: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_6, view_7);  view_6 = view_7 = None
        mean_1: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_88, [-2]);  mul_88 = None
        permute_3: "f32[64, 96]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_3: "f32[s33, 96]" = torch.ops.aten.mm.default(mean_1, permute_3);  permute_3 = None
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_3, [8, 8, 1, 15, 32, 0, 32, 0], -1);  mm_3 = None
        getitem_4: "f32[s33, 8]" = split_with_sizes_1[0]
        getitem_6: "f32[s33, 1]" = split_with_sizes_1[2]
        getitem_8: "f32[s33, 32]" = split_with_sizes_1[4]
        getitem_10: "f32[s33, 32]" = split_with_sizes_1[6];  split_with_sizes_1 = None
        clone_1: "f32[s33, 8]" = torch.ops.aten.clone.default(getitem_4, memory_format = torch.contiguous_format);  getitem_4 = None
        amax: "f32[s33, 1]" = torch.ops.aten.amax.default(clone_1, [-1], True)
        sub_44: "f32[s33, 8]" = torch.ops.aten.sub.Tensor(clone_1, amax);  clone_1 = amax = None
        exp_1: "f32[s33, 8]" = torch.ops.aten.exp.default(sub_44);  sub_44 = None
        sum_1: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(exp_1, [-1], True)
        div_3: "f32[s33, 8]" = torch.ops.aten.div.Tensor(exp_1, sum_1);  exp_1 = sum_1 = None
        topk = torch.ops.aten.topk.default(div_3, 2);  div_3 = None
        getitem_12: "f32[s33, 2]" = topk[0]
        getitem_13: "i64[s33, 2]" = topk[1];  topk = None
        sum_2: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(getitem_12, [-1], True)
        div_4: "f32[s33, 2]" = torch.ops.aten.div.Tensor(getitem_12, sum_2);  getitem_12 = sum_2 = None
        neg_1: "f32[s33, 32]" = torch.ops.aten.neg.default(getitem_8)
        exp_2: "f32[s33, 32]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_159: "f32[s33, 32]" = torch.ops.aten.add.Tensor(exp_2, 1);  exp_2 = None
        div_5: "f32[s33, 32]" = torch.ops.aten.div.Tensor(getitem_8, add_159);  getitem_8 = add_159 = None
        mul_127: "f32[s33, 32]" = torch.ops.aten.mul.Tensor(div_5, getitem_10);  div_5 = getitem_10 = None
        empty: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg10_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        experts_default = torch.ops.qcompile.experts.default(layer_key = '@0', x0 = mean_1, x1 = div_4, x2 = getitem_13, x3 = mul_127, x4 = getitem_6, out = empty);  mean_1 = div_4 = getitem_13 = mul_127 = getitem_6 = experts_default = None
        unsqueeze_4: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(empty, -2);  empty = None
        div_2: "f32[s33, 4]" = torch.ops.aten.div.Tensor(getitem_2, 4);  getitem_2 = None
        sigmoid_2: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_97: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_2, 2);  sigmoid_2 = None
        unsqueeze_3: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_97, -1);  mul_97 = None
        mul_136: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_4, unsqueeze_3);  unsqueeze_4 = unsqueeze_3 = None
        view_8: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_136, [arg10_1, 256]);  mul_136 = None
        add_184: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_34, view_8);  add_34 = view_8 = None
        view_9: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_184, [arg10_1, 4, 64]);  add_184 = None
        pow_2: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_9, 2)
        mean_2: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_2, [-1], True);  pow_2 = None
        add_201: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_2, 1e-06);  mean_2 = None
        rsqrt_1: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_201);  add_201 = None
        mul_157: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_9, rsqrt_1);  view_9 = rsqrt_1 = None
        add_188: "f32[256]" = torch.ops.aten.add.Tensor(arg11_1, 1.0);  arg11_1 = None
        view_10: "f32[4, 64]" = torch.ops.aten.reshape.default(add_188, [4, 64]);  add_188 = None
        mul_160: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(mul_157, view_10);  mul_157 = view_10 = None
        view_11: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_160, [arg10_1, 256]);  mul_160 = None
        permute_4: "f32[256, 16]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_4: "f32[s33, 16]" = torch.ops.aten.mm.default(view_11, permute_4);  permute_4 = None
        div_6: "f32[s33, 16]" = torch.ops.aten.div.Tensor(mm_4, 4);  mm_4 = None
        neg_2: "f32[s33, 16]" = torch.ops.aten.neg.default(div_6)
        exp_3: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_227: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_7: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_6, add_227);  div_6 = add_227 = None
        permute_5: "f32[16, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_5: "f32[s33, 256]" = torch.ops.aten.mm.default(div_7, permute_5);  div_7 = permute_5 = None
        sigmoid_3: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_5);  mm_5 = None
        view_12: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_3, [arg10_1, 4, 64]);  sigmoid_3 = None
        view_13: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(view_11, [arg10_1, 4, 64]);  view_11 = arg10_1 = None
        mul_183: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_12, view_13);  view_12 = view_13 = None
        mean_3: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_183, [-2]);  mul_183 = None
        return (mean_3,)
