class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[s72, 256]", arg1_1: "Sym(s72)", arg2_1: "f32[4, 256]", arg3_1: "f32[s72, 64]", arg4_1: "f32[s72, 256]", arg5_1: "f32[256]", arg6_1: "f32[16, 256]", arg7_1: "f32[256, 16]", arg8_1: "f32[32, 64]", arg9_1: "f32[32, 64]", arg10_1: "f32[64, 32]", arg11_1: "f32[8, 64]", arg12_1: "f32[1, 64]", arg13_1: "f32[4, 256]", arg14_1: "f32[256]", arg15_1: "f32[16, 256]", arg16_1: "f32[256, 16]"):
        unsqueeze: "f32[s72, 1, 64]" = torch.ops.aten.unsqueeze.default(arg3_1, -2);  arg3_1 = None
        permute: "f32[256, 4]" = torch.ops.aten.permute.default(arg2_1, [1, 0]);  arg2_1 = None
        mm: "f32[s72, 4]" = torch.ops.aten.mm.default(arg0_1, permute);  arg0_1 = permute = None
        div: "f32[s72, 4]" = torch.ops.aten.div.Tensor(mm, 4);  mm = None
        sigmoid: "f32[s72, 4]" = torch.ops.aten.sigmoid.default(div);  div = None
        mul_6: "f32[s72, 4]" = torch.ops.aten.mul.Tensor(sigmoid, 2);  sigmoid = None
        unsqueeze_1: "f32[s72, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_6, -1);  mul_6 = None
        mul_13: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze, unsqueeze_1);  unsqueeze = unsqueeze_1 = None
        view: "f32[s72, 256]" = torch.ops.aten.reshape.default(mul_13, [arg1_1, 256]);  mul_13 = None
        add_27: "f32[s72, 256]" = torch.ops.aten.add.Tensor(arg4_1, view);  arg4_1 = view = None
        view_1: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(add_27, [arg1_1, 4, 64])
        pow_1: "f32[s72, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_1, 2)
        mean: "f32[s72, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_43: "f32[s72, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s72, 4, 1]" = torch.ops.aten.rsqrt.default(add_43);  add_43 = None
        mul_34: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view_1, rsqrt);  view_1 = rsqrt = None
        view_2: "f32[s72, 256]" = torch.ops.aten.reshape.default(mul_34, [arg1_1, 256]);  mul_34 = None
        add_59: "f32[256]" = torch.ops.aten.add.Tensor(arg5_1, 1.0);  arg5_1 = None
        mul_43: "f32[s72, 256]" = torch.ops.aten.mul.Tensor(view_2, add_59);  view_2 = add_59 = None
        permute_1: "f32[256, 16]" = torch.ops.aten.permute.default(arg6_1, [1, 0]);  arg6_1 = None
        mm_1: "f32[s72, 16]" = torch.ops.aten.mm.default(mul_43, permute_1);  permute_1 = None
        div_1: "f32[s72, 16]" = torch.ops.aten.div.Tensor(mm_1, 4);  mm_1 = None
        neg: "f32[s72, 16]" = torch.ops.aten.neg.default(div_1)
        exp: "f32[s72, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_69: "f32[s72, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_2: "f32[s72, 16]" = torch.ops.aten.div.Tensor(div_1, add_69);  div_1 = add_69 = None
        permute_2: "f32[16, 256]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        mm_2: "f32[s72, 256]" = torch.ops.aten.mm.default(div_2, permute_2);  div_2 = permute_2 = None
        sigmoid_1: "f32[s72, 256]" = torch.ops.aten.sigmoid.default(mm_2);  mm_2 = None
        view_3: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_1, [arg1_1, 4, 64]);  sigmoid_1 = None
        view_4: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(mul_43, [arg1_1, 4, 64])
        mul_60: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view_3, view_4);  view_3 = view_4 = None
        mean_1: "f32[s72, 64]" = torch.ops.aten.mean.dim(mul_60, [-2]);  mul_60 = None
        permute_6: "f32[64, 8]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_6: "f32[s72, 8]" = torch.ops.aten.mm.default(mean_1, permute_6);  permute_6 = None
        amax: "f32[s72, 1]" = torch.ops.aten.amax.default(mm_6, [-1], True)
        sub_32: "f32[s72, 8]" = torch.ops.aten.sub.Tensor(mm_6, amax);  mm_6 = amax = None
        exp_2: "f32[s72, 8]" = torch.ops.aten.exp.default(sub_32);  sub_32 = None
        sum_1: "f32[s72, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True)
        div_4: "f32[s72, 8]" = torch.ops.aten.div.Tensor(exp_2, sum_1);  exp_2 = sum_1 = None
        topk = torch.ops.aten.topk.default(div_4, 2);  div_4 = None
        getitem: "f32[s72, 2]" = topk[0]
        getitem_1: "i64[s72, 2]" = topk[1];  topk = None
        sum_2: "f32[s72, 1]" = torch.ops.aten.sum.dim_IntList(getitem, [-1], True)
        div_5: "f32[s72, 2]" = torch.ops.aten.div.Tensor(getitem, sum_2);  getitem = sum_2 = None
        empty: "f32[s72, 64]" = torch.ops.aten.empty.memory_format([arg1_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        experts_default = torch.ops.qcompile.experts.default(layer_key = '@0', x0 = mean_1, x1 = div_5, x2 = getitem_1, out = empty);  div_5 = getitem_1 = experts_default = None
        permute_7: "f32[64, 1]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_7: "f32[s72, 1]" = torch.ops.aten.mm.default(mean_1, permute_7);  permute_7 = None
        sigmoid_2: "f32[s72, 1]" = torch.ops.aten.sigmoid.default(mm_7);  mm_7 = None
        permute_3: "f32[64, 32]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_3: "f32[s72, 32]" = torch.ops.aten.mm.default(mean_1, permute_3);  permute_3 = None
        neg_1: "f32[s72, 32]" = torch.ops.aten.neg.default(mm_3)
        exp_1: "f32[s72, 32]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_97: "f32[s72, 32]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_3: "f32[s72, 32]" = torch.ops.aten.div.Tensor(mm_3, add_97);  mm_3 = add_97 = None
        permute_4: "f32[64, 32]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_4: "f32[s72, 32]" = torch.ops.aten.mm.default(mean_1, permute_4);  mean_1 = permute_4 = None
        mul_71: "f32[s72, 32]" = torch.ops.aten.mul.Tensor(div_3, mm_4);  div_3 = mm_4 = None
        permute_5: "f32[32, 64]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_5: "f32[s72, 64]" = torch.ops.aten.mm.default(mul_71, permute_5);  mul_71 = permute_5 = None
        mul_93: "f32[s72, 64]" = torch.ops.aten.mul.Tensor(sigmoid_2, mm_5);  sigmoid_2 = mm_5 = None
        add_140: "f32[s72, 64]" = torch.ops.aten.add.Tensor(empty, mul_93);  empty = mul_93 = None
        unsqueeze_2: "f32[s72, 1, 64]" = torch.ops.aten.unsqueeze.default(add_140, -2);  add_140 = None
        permute_8: "f32[256, 4]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_8: "f32[s72, 4]" = torch.ops.aten.mm.default(mul_43, permute_8);  mul_43 = permute_8 = None
        div_6: "f32[s72, 4]" = torch.ops.aten.div.Tensor(mm_8, 4);  mm_8 = None
        sigmoid_3: "f32[s72, 4]" = torch.ops.aten.sigmoid.default(div_6);  div_6 = None
        mul_104: "f32[s72, 4]" = torch.ops.aten.mul.Tensor(sigmoid_3, 2);  sigmoid_3 = None
        unsqueeze_3: "f32[s72, 4, 1]" = torch.ops.aten.unsqueeze.default(mul_104, -1);  mul_104 = None
        mul_111: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(unsqueeze_2, unsqueeze_3);  unsqueeze_2 = unsqueeze_3 = None
        view_5: "f32[s72, 256]" = torch.ops.aten.reshape.default(mul_111, [arg1_1, 256]);  mul_111 = None
        add_171: "f32[s72, 256]" = torch.ops.aten.add.Tensor(add_27, view_5);  add_27 = view_5 = None
        view_6: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(add_171, [arg1_1, 4, 64])
        pow_2: "f32[s72, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view_6, 2)
        mean_2: "f32[s72, 4, 1]" = torch.ops.aten.mean.dim(pow_2, [-1], True);  pow_2 = None
        add_187: "f32[s72, 4, 1]" = torch.ops.aten.add.Tensor(mean_2, 1e-06);  mean_2 = None
        rsqrt_1: "f32[s72, 4, 1]" = torch.ops.aten.rsqrt.default(add_187);  add_187 = None
        mul_132: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view_6, rsqrt_1);  view_6 = rsqrt_1 = None
        view_7: "f32[s72, 256]" = torch.ops.aten.reshape.default(mul_132, [arg1_1, 256]);  mul_132 = None
        add_203: "f32[256]" = torch.ops.aten.add.Tensor(arg14_1, 1.0);  arg14_1 = None
        mul_141: "f32[s72, 256]" = torch.ops.aten.mul.Tensor(view_7, add_203);  view_7 = add_203 = None
        permute_9: "f32[256, 16]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_9: "f32[s72, 16]" = torch.ops.aten.mm.default(mul_141, permute_9);  permute_9 = None
        div_7: "f32[s72, 16]" = torch.ops.aten.div.Tensor(mm_9, 4);  mm_9 = None
        neg_2: "f32[s72, 16]" = torch.ops.aten.neg.default(div_7)
        exp_3: "f32[s72, 16]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_213: "f32[s72, 16]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_8: "f32[s72, 16]" = torch.ops.aten.div.Tensor(div_7, add_213);  div_7 = add_213 = None
        permute_10: "f32[16, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_10: "f32[s72, 256]" = torch.ops.aten.mm.default(div_8, permute_10);  div_8 = permute_10 = None
        sigmoid_4: "f32[s72, 256]" = torch.ops.aten.sigmoid.default(mm_10);  mm_10 = None
        view_8: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(sigmoid_4, [arg1_1, 4, 64]);  sigmoid_4 = None
        view_9: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(mul_141, [arg1_1, 4, 64])
        mul_158: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view_8, view_9);  view_8 = view_9 = None
        mean_3: "f32[s72, 64]" = torch.ops.aten.mean.dim(mul_158, [-2]);  mul_158 = None
        empty_1: "f32[s72, 64]" = torch.ops.aten.empty.memory_format([arg1_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg1_1 = None
        return (mean_3, empty_1, mul_141, add_171)
