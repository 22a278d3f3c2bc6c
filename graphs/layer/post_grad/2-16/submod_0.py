class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "Sym(s72)", arg1_1: "i64[s72]"):
        empty: "f32[s72, 64]" = torch.ops.aten.empty.memory_format([arg0_1, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        embed_default = torch.ops.qcompile.embed.default(layer_key = '@0', x0 = arg1_1, out = empty);  arg1_1 = embed_default = None
        repeat: "f32[s72, 256]" = torch.ops.aten.repeat.default(empty, [1, 4]);  empty = None
        empty_1: "f32[s72, 256]" = torch.ops.aten.empty.memory_format([arg0_1, 256], dtype = torch.float32, device = device(type='cpu'), pin_memory = False);  arg0_1 = None
        return (repeat, empty_1)
