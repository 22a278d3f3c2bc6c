class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s33, 4, 32]", arg1_1: "Sym(s33)", arg2_1: "f32[s33, 4, 32]", arg3_1: "f32[64, 128]", arg4_1: "f32[s33, 256]", arg5_1: "f32[4, 256]", arg6_1: "f32[s33, 256]", arg7_1: "f32[256]", arg8_1: "f32[16, 256]", arg9_1: "f32[256, 16]", arg10_1: "f32[32, 64]", arg11_1: "f32[32, 64]", arg12_1: "f32[64, 32]", arg13_1: "f32[8, 64]", arg14_1: "Sym(s33)", arg15_1: "f32[1, 64]", arg16_1: "f32[4, 256]", arg17_1: "f32[256]", arg18_1: "f32[16, 256]", arg19_1: "f32[256, 16]"):
        view: "f32[s33, 128]" = torch.ops.aten.reshape.default(arg0_1, [arg14_1, 128]);  arg0_1 = None
        clone: "f32[s33, 4, 32]" = torch.ops.aten.clone.default(arg2_1, memory_format = torch.contiguous_format);  arg2_1 = None
        view_1: "f32[s33, 128]" = torch.ops.aten.reshape.default(clone, [arg14_1, 128]);  clone = None
        sigmoid: "f32[s33, 128]" = torch.ops.aten.sigmoid.default(view_1);  view_1 = None
        mul_25: "f32[s33, 128]" = torch.ops.aten.mul.Tensor(view, sigmoid);  view = sigmoid = None
        permute: "f32[128, 64]" = torch.ops.aten.permute.default(arg3_1, [1, 0]);  arg3_1 = None
        mm: "f32[s33, 64]" = torch.ops.aten.mm.default(mul_25, permute);  mul_25 = permute = None
        unsqueeze: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(mm, -2);  mm = None
        permute_1: "f32[256, 4]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm_1: "f32[s33, 4]" = torch.ops.aten.mm.default(arg4_1, permute_1);  arg4_1 = permute_1 = None
        div: "f32[s33, 4]" = torch.ops.aten.div.Tensor(mm_1, 4);  mm_1 = None
        sigmoid_1: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div);  div = None
        mul_36: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_1, 2);  sigmoid_1 = None
        unsqueeze_1: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_36, -1);  mul_36 = None
        mul_43: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze, unsqueeze_1);  unsqueeze = unsqueeze_1 = None
        view_2: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_43, [arg14_1, 256]);  mul_43 = None
        add_46: "f32[s33, 256]" = torch.ops.aten.add.Tensor(arg6_1, view_2);  arg6_1 = view_2 = None
        view_3: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_46, [arg14_1, 4, 64])
        pow_1: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_3, 2)
        mean: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_62: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_62);  add_62 = None
        mul_64: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_3, rsqrt);  view_3 = rsqrt = None
        view_4: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_64, [arg14_1, 256]);  mul_64 = None
        add_78: "f32[256]" = torch.ops.aten.add.Tensor(arg7_1, 1.0);  arg7_1 = None
        mul_73: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_4, add_78);  view_4 = add_78 = None
        permute_2: "f32[256, 16]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_2: "f32[s33, 16]" = torch.ops.aten.mm.default(mul_73, permute_2);  permute_2 = None
        div_1: "f32[s33, 16]" = torch.ops.aten.div.Tensor(mm_2, 4);  mm_2 = None
        neg: "f32[s33, 16]" = torch.ops.aten.neg.default(div_1)
        exp: "f32[s33, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_88: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_2: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_1, add_88);  div_1 = add_88 = None
        permute_3: "f32[16, 256]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_3: "f32[s33, 256]" = torch.ops.aten.mm.default(div_2, permute_3);  div_2 = permute_3 = None
        sigmoid_2: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_3);  mm_3 = None
        view_5: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_2, [arg14_1, 4, 64]);  sigmoid_2 = None
        view_6: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_73, [arg14_1, 4, 64])
        mul_90: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_5, view_6);  view_5 = view_6 = None
        mean_1: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_90, [-2]);  mul_90 = None
        permute_7: "f32[64, 8]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_7: "f32[s33, 8]" = torch.ops.aten.mm.default(mean_1, permute_7);  permute_7 = None
        amax: "f32[s33, 1]" = torch.ops.aten.amax.default(mm_7, [-1], True)
        sub_38: "f32[s33, 8]" = torch.ops.aten.sub.Tensor(mm_7, amax);  mm_7 = amax = None
        exp_2: "f32[s33, 8]" = torch.ops.aten.exp.default(sub_38);  sub_38 = None
        sum_1: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True)
        div_4: "f32[s33, 8]" = torch.ops.aten.div.Tensor(exp_2, sum_1);  exp_2 = sum_1 = None
        topk = torch.ops.aten.topk.default(div_4, 2);  div_4 = None
        getitem: "f32[s33, 2]" = topk[0]
        getitem_1: "i64[s33, 2]" = topk[1];  topk = None
        sum_2: "f32[s33, 1]" = torch.ops.aten.sum.dim_IntList(getitem, [-1], True)
        div_5: "f32[s33, 2]" = torch.ops.aten.div.Tensor(getitem, sum_2);  getitem = sum_2 = None
        empty: "f32[s33, 64]" = torch.ops.aten.empty.memory_format([arg14_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        experts_default = torch.ops.qcompile.experts.default(layer_key = '@0', x0 = mean_1, x1 = div_5, x2 = getitem_1, out = empty);  div_5 = getitem_1 = experts_default = None
        permute_8: "f32[64, 1]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_8: "f32[s33, 1]" = torch.ops.aten.mm.default(mean_1, permute_8);  permute_8 = None
        sigmoid_3: "f32[s33, 1]" = torch.ops.aten.sigmoid.default(mm_8);  mm_8 = None
        permute_4: "f32[64, 32]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_4: "f32[s33, 32]" = torch.ops.aten.mm.default(mean_1, permute_4);  permute_4 = None
        neg_1: "f32[s33, 32]" = torch.ops.aten.neg.default(mm_4)
        exp_1: "f32[s33, 32]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_116: "f32[s33, 32]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_3: "f32[s33, 32]" = torch.ops.aten.div.Tensor(mm_4, add_116);  mm_4 = add_116 = None
        permute_5: "f32[64, 32]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_5: "f32[s33, 32]" = torch.ops.aten.mm.default(mean_1, permute_5);  mean_1 = permute_5 = None
        mul_101: "f32[s33, 32]" = torch.ops.aten.mul.Tensor(div_3, mm_5);  div_3 = mm_5 = None
        permute_6: "f32[32, 64]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_6: "f32[s33, 64]" = torch.ops.aten.mm.default(mul_101, permute_6);  mul_101 = permute_6 = None
        mul_123: "f32[s33, 64]" = torch.ops.aten.mul.Tensor(sigmoid_3, mm_6);  sigmoid_3 = mm_6 = None
        add_159: "f32[s33, 64]" = torch.ops.aten.add.Tensor(empty, mul_123);  empty = mul_123 = None
        unsqueeze_2: "f32[s33, 1, 64]" = torch.ops.aten.unsqueeze.default(add_159, -2);  add_159 = None
        permute_9: "f32[256, 4]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_9: "f32[s33, 4]" = torch.ops.aten.mm.default(mul_73, permute_9);  mul_73 = permute_9 = None
        div_6: "f32[s33, 4]" = torch.ops.aten.div.Tensor(mm_9, 4);  mm_9 = None
        sigmoid_4: "f32[s33, 4]" = torch.ops.aten.sigmoid.default(div_6);  div_6 = None
        mul_134: "f32[s33, 4]" = torch.ops.aten.mul.Tensor(sigmoid_4, 2);  sigmoid_4 = None
        unsqueeze_3: "f32[s33, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_134, -1);  mul_134 = None
        mul_141: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_2, unsqueeze_3);  unsqueeze_2 = unsqueeze_3 = None
        view_7: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_141, [arg14_1, 256]);  mul_141 = None
        add_190: "f32[s33, 256]" = torch.ops.aten.add.Tensor(add_46, view_7);  add_46 = view_7 = None
        view_8: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(add_190, [arg14_1, 4, 64]);  add_190 = None
        pow_2: "f32[s33, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_8, 2)
        mean_2: "f32[s33, 4, 1]" = torch.ops.aten.mean.dim(pow_2, [-1], True);  pow_2 = None
        add_206: "f32[s33, 4, 1]" = torch.ops.aten.add.Tensor(mean_2, 1e-06);  mean_2 = None
        rsqrt_1: "f32[s33, 4, 1]" = torch.ops.aten.rsqrt.default(add_206);  add_206 = None
        mul_162: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_8, rsqrt_1);  view_8 = rsqrt_1 = None
        view_9: "f32[s33, 256]" = torch.ops.aten.reshape.default(mul_162, [arg14_1, 256]);  mul_162 = None
        add_222: "f32[256]" = torch.ops.aten.add.Tensor(arg17_1, 1.0);  arg17_1 = None
        mul_171: "f32[s33, 256]" = torch.ops.aten.mul.Tensor(view_9, add_222);  view_9 = add_222 = None
        permute_10: "f32[256, 16]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_10: "f32[s33, 16]" = torch.ops.aten.mm.default(mul_171, permute_10);  permute_10 = None
        div_7: "f32[s33, 16]" = torch.ops.aten.div.Tensor(mm_10, 4);  mm_10 = None
        neg_2: "f32[s33, 16]" = torch.ops.aten.neg.default(div_7)
        exp_3: "f32[s33, 16]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_232: "f32[s33, 16]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_8: "f32[s33, 16]" = torch.ops.aten.div.Tensor(div_7, add_232);  div_7 = add_232 = None
        permute_11: "f32[16, 256]" = torch.ops.aten.permute.default(arg19_1, [1, 0]);  arg19_1 = None
        mm_11: "f32[s33, 256]" = torch.ops.aten.mm.default(div_8, permute_11);  div_8 = permute_11 = None
        sigmoid_5: "f32[s33, 256]" = torch.ops.aten.sigmoid.default(mm_11);  mm_11 = None
        view_10: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_5, [arg14_1, 4, 64]);  sigmoid_5 = None
        view_11: "f32[s33, 4, 64]" = torch.ops.aten.reshape.default(mul_171, [arg14_1, 4, 64]);  mul_171 = arg14_1 = None
        mul_188: "f32[s33, 4, 64]" = torch.ops.aten.mul.Tensor(view_10, view_11);  view_10 = view_11 = None
        mean_3: "f32[s33, 64]" = torch.ops.aten.mean.dim(mul_188, [-2]);  mul_188 = None
        return (mean_3,)
