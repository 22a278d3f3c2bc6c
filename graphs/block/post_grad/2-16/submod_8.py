class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s72, 256]", arg1_1: "Sym(s72)", arg2_1: "f32[s72, 4]", arg3_1: "f32[s72, 64]", arg4_1: "f32[256]", arg5_1: "f32[32, 256]", arg6_1: "f32[256, 16]", arg7_1: "f32[96, 64]", arg8_1: "f32[256]", arg9_1: "f32[16, 256]", arg10_1: "f32[256, 16]"):
        unsqueeze: "f32[s72, 1, 64]" = torch.ops.aten.unsqueeze.default(arg3_1, -2);  arg3_1 = None
        unsqueeze_1: "f32[s72, 4, 1]" = torch.ops.aten.unsqueeze.default(arg2_1, -1);  arg2_1 = None
        mul_4: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze, unsqueeze_1);  unsqueeze = unsqueeze_1 = None
        view: "f32[s72, 256]" = torch.ops.aten.reshape.default(mul_4, [arg1_1, 256]);  mul_4 = None
        add_15: "f32[s72, 256]" = torch.ops.aten.add.Tensor(arg0_1, view);  arg0_1 = view = None
        view_1: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(add_15, [arg1_1, 4, 64])
        pow_1: "f32[s72, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_1, 2)
        mean: "f32[s72, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_32: "f32[s72, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s72, 4, 1]" = torch.ops.aten.rsqrt.default(add_32);  add_32 = None
        mul_25: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view_1, rsqrt);  view_1 = rsqrt = None
        add_19: "f32[256]" = torch.ops.aten.add.Tensor(arg4_1, 1.0);  arg4_1 = None
        view_2: "f32[4, 64]" = torch.ops.aten.reshape.default(add_19, [4, 64]);  add_19 = None
        mul_28: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(mul_25, view_2);  mul_25 = view_2 = None
        view_3: "f32[s72, 256]" = torch.ops.aten.reshape.default(mul_28, [arg1_1, 256]);  mul_28 = None
        permute: "f32[256, 32]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm: "f32[s72, 32]" = torch.ops.aten.mm.default(view_3, permute);  permute = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [16, 0, 4, 12], -1);  mm = None
        getitem: "f32[s72, 16]" = split_with_sizes[0]
        getitem_2: "f32[s72, 4]" = split_with_sizes[2];  split_with_sizes = None
        div: "f32[s72, 16]" = torch.ops.aten.div.Tensor(getitem, 4);  getitem = None
        neg: "f32[s72, 16]" = torch.ops.aten.neg.default(div)
        exp: "f32[s72, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_68: "f32[s72, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_1: "f32[s72, 16]" = torch.ops.aten.div.Tensor(div, add_68);  div = add_68 = None
        permute_1: "f32[16, 256]" = torch.ops.aten.permute.default(arg6_1, [1, 0]);  arg6_1 = None
        mm_1: "f32[s72, 256]" = torch.ops.aten.mm.default(div_1, permute_1);  div_1 = permute_1 = None
        sigmoid: "f32[s72, 256]" = torch.ops.aten.sigmoid.default(mm_1);  mm_1 = None
        view_4: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(sigmoid, [arg1_1, 4, 64]);  sigmoid = None
        view_5: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(view_3, [arg1_1, 4, 64]);  view_3 = None
        mul_58: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view_4, view_5);  view_4 = view_5 = None
        mean_1: "f32[s72, 64]" = torch.ops.aten.mean.dim(mul_58, [-2]);  mul_58 = None
        permute_2: "f32[64, 96]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        mm_2: "f32[s72, 96]" = torch.ops.aten.mm.default(mean_1, permute_2);  permute_2 = None
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_2, [8, 8, 1, 15, 32, 0, 32, 0], -1);  mm_2 = None
        getitem_4: "f32[s72, 8]" = split_with_sizes_1[0]
        getitem_6: "f32[s72, 1]" = split_with_sizes_1[2]
        getitem_8: "f32[s72, 32]" = split_with_sizes_1[4]
        getitem_10: "f32[s72, 32]" = split_with_sizes_1[6];  split_with_sizes_1 = None
        clone: "f32[s72, 8]" = torch.ops.aten.clone.default(getitem_4, memory_format = torch.contiguous_format);  getitem_4 = None
        amax: "f32[s72, 1]" = torch.ops.aten.amax.default(clone, [-1], True)
        sub_38: "f32[s72, 8]" = torch.ops.aten.sub.Tensor(clone, amax);  clone = amax = None
        exp_1: "f32[s72, 8]" = torch.ops.aten.exp.default(sub_38);  sub_38 = None
        sum_1: "f32[s72, 1]" = torch.ops.aten.sum.dim_IntList(exp_1, [-1], True)
        div_3: "f32[s72, 8]" = torch.ops.aten.div.Tensor(exp_1, sum_1);  exp_1 = sum_1 = None
        topk = torch.ops.aten.topk.default(div_3, 2);  div_3 = None
        getitem_12: "f32[s72, 2]" = topk[0]
        getitem_13: "i64[s72, 2]" = topk[1];  topk = None
        sum_2: "f32[s72, 1]" = torch.ops.aten.sum.dim_IntList(getitem_12, [-1], True)
        div_4: "f32[s72, 2]" = torch.ops.aten.div.Tensor(getitem_12, sum_2);  getitem_12 = sum_2 = None
        neg_1: "f32[s72, 32]" = torch.ops.aten.neg.default(getitem_8)
        exp_2: "f32[s72, 32]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_140: "f32[s72, 32]" = torch.ops.aten.add.Tensor(exp_2, 1);  exp_2 = None
        div_5: "f32[s72, 32]" = torch.ops.aten.div.Tensor(getitem_8, add_140);  getitem_8 = add_140 = None
        mul_97: "f32[s72, 32]" = torch.ops.aten.mul.Tensor(div_5, getitem_10);  div_5 = getitem_10 = None
        empty: "f32[s72, 64]" = torch.ops.aten.empty.memory_format([arg1_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        experts_default = torch.ops.qcompile.experts.default(layer_key = '@0', x0 = mean_1, x1 = div_4, x2 = getitem_13, x3 = mul_97, x4 = getitem_6, out = empty);  mean_1 = div_4 = getitem_13 = mul_97 = getitem_6 = experts_default = None
        unsqueeze_4: "f32[s72, 1, 64]" = torch.ops.aten.unsqueeze.default(empty, -2);  empty = None
        div_2: "f32[s72, 4]" = torch.ops.aten.div.Tensor(getitem_2, 4);  getitem_2 = None
        sigmoid_1: "f32[s72, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_67: "f32[s72, 4]" = torch.ops.aten.mul.Tensor(sigmoid_1, 2);  sigmoid_1 = None
        unsqueeze_3: "f32[s72, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_67, -1);  mul_67 = None
        mul_106: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_4, unsqueeze_3);  unsqueeze_4 = unsqueeze_3 = None
        view_6: "f32[s72, 256]" = torch.ops.aten.reshape.default(mul_106, [arg1_1, 256]);  mul_106 = None
        add_165: "f32[s72, 256]" = torch.ops.aten.add.Tensor(add_15, view_6);  add_15 = view_6 = None
        view_7: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(add_165, [arg1_1, 4, 64]);  add_165 = None
        pow_2: "f32[s72, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_7, 2)
        mean_2: "f32[s72, 4, 1]" = torch.ops.aten.mean.dim(pow_2, [-1], True);  pow_2 = None
        add_182: "f32[s72, 4, 1]" = torch.ops.aten.add.Tensor(mean_2, 1e-06);  mean_2 = None
        rsqrt_1: "f32[s72, 4, 1]" = torch.ops.aten.rsqrt.default(add_182);  add_182 = None
        mul_127: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view_7, rsqrt_1);  view_7 = rsqrt_1 = None
        add_169: "f32[256]" = torch.ops.aten.add.Tensor(arg8_1, 1.0);  arg8_1 = None
        view_8: "f32[4, 64]" = torch.ops.aten.reshape.default(add_169, [4, 64]);  add_169 = None
        mul_130: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(mul_127, view_8);  mul_127 = view_8 = None
        view_9: "f32[s72, 256]" = torch.ops.aten.reshape.default(mul_130, [arg1_1, 256]);  mul_130 = None
        permute_3: "f32[256, 16]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_3: "f32[s72, 16]" = torch.ops.aten.mm.default(view_9, permute_3);  permute_3 = None
        div_6: "f32[s72, 16]" = torch.ops.aten.div.Tensor(mm_3, 4);  mm_3 = None
        neg_2: "f32[s72, 16]" = torch.ops.aten.neg.default(div_6)
        exp_3: "f32[s72, 16]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_208: "f32[s72, 16]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_7: "f32[s72, 16]" = torch.ops.aten.div.Tensor(div_6, add_208);  div_6 = add_208 = None
        permute_4: "f32[16, 256]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_4: "f32[s72, 256]" = torch.ops.aten.mm.default(div_7, permute_4);  div_7 = permute_4 = None
        sigmoid_2: "f32[s72, 256]" = torch.ops.aten.sigmoid.default(mm_4);  mm_4 = None
        view_10: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_2, [arg1_1, 4, 64]);  sigmoid_2 = None
        view_11: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(view_9, [arg1_1, 4, 64]);  view_9 = arg1_1 = None
        mul_153: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view_10, view_11);  view_10 = view_11 = None
        mean_3: "f32[s72, 64]" = torch.ops.aten.mean.dim(mul_153, [-2]);  mul_153 = None
        return (mean_3,)
