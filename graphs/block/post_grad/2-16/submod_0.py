class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i64[s72]", arg1_1: "Sym(s72)", arg2_1: "f32[512, 64]", arg3_1: "f32[256]", arg4_1: "f32[32, 256]", arg5_1: "f32[256, 16]"):
        embedding: "f32[s72, 64]" = torch.ops.aten.embedding.default(arg2_1, arg0_1);  arg2_1 = arg0_1 = None
        repeat: "f32[s72, 256]" = torch.ops.aten.repeat.default(embedding, [1, 4]);  embedding = None
        view: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(repeat, [arg1_1, 4, 64])
        pow_1: "f32[s72, 4, 64]" = torch.ops.aten.pow.Tensor_Scalar(view, 2)
        mean: "f32[s72, 4, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        add_19: "f32[s72, 4, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s72, 4, 1]" = torch.ops.aten.rsqrt.default(add_19);  add_19 = None
        mul_14: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view, rsqrt);  view = rsqrt = None
        add_6: "f32[256]" = torch.ops.aten.add.Tensor(arg3_1, 1.0);  arg3_1 = None
        view_1: "f32[4, 64]" = torch.ops.aten.reshape.default(add_6, [4, 64]);  add_6 = None
        mul_17: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(mul_14, view_1);  mul_14 = view_1 = None
        view_2: "f32[s72, 256]" = torch.ops.aten.reshape.default(mul_17, [arg1_1, 256]);  mul_17 = None
        permute: "f32[256, 32]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "f32[s72, 32]" = torch.ops.aten.mm.default(view_2, permute);  permute = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [16, 0, 4, 12], -1);  mm = None
        getitem: "f32[s72, 16]" = split_with_sizes[0]
        getitem_2: "f32[s72, 4]" = split_with_sizes[2];  split_with_sizes = None
        div: "f32[s72, 16]" = torch.ops.aten.div.Tensor(getitem, 4);  getitem = None
        neg: "f32[s72, 16]" = torch.ops.aten.neg.default(div)
        exp: "f32[s72, 16]" = torch.ops.aten.exp.default(neg);  neg = None
        add_55: "f32[s72, 16]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div_1: "f32[s72, 16]" = torch.ops.aten.div.Tensor(div, add_55);  div = add_55 = None
        permute_1: "f32[16, 256]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm_1: "f32[s72, 256]" = torch.ops.aten.mm.default(div_1, permute_1);  div_1 = permute_1 = None
        sigmoid: "f32[s72, 256]" = torch.ops.aten.sigmoid.default(mm_1);  mm_1 = None
        view_3: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(sigmoid, [arg1_1, 4, 64]);  sigmoid = None
        view_4: "f32[s72, 4, 64]" = torch.ops.aten.reshape.default(view_2, [arg1_1, 4, 64]);  view_2 = None
        mul_47: "f32[s72, 4, 64]" = torch.ops.aten.mul.Tensor(view_3, view_4);  view_3 = view_4 = None
        mean_1: "f32[s72, 64]" = torch.ops.aten.mean.dim(mul_47, [-2]);  mul_47 = None
        empty: "f32[s72, 64]" = torch.ops.aten.empty.memory_format([arg1_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg1_1 = None
        div_2: "f32[s72, 4]" = torch.ops.aten.div.Tensor(getitem_2, 4);  getitem_2 = None
        sigmoid_1: "f32[s72, 4]" = torch.ops.aten.sigmoid.default(div_2);  div_2 = None
        mul_56: "f32[s72, 4]" = torch.ops.aten.mul.Tensor(sigmoid_1, 2);  sigmoid_1 = None
        return (mean_1, empty, repeat, mul_56)
