class GraphModule(torch.nn.Module):
    def forward(
        self,
        L_self_modules_model_modules_embed_tokens_parameters_weight_: "f32[512, 64]",
        s72: "Sym(s72)",
        L_input_ids_: "i64[s72]",
        L_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_: "f32[3, 3, 128]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_: "f32[3, 4, 16, 16]",
        s55: "Sym(s55)",
        L_slots_: "i64[s55]",
        s33: "Sym(s33)",
        L_offsets_: "i64[s33]",
        s69: "Sym(s69)",
        L_write_slots_: "i64[s69]",
        L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_: "f32[96, 64]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_: "i64[3, 2, 1]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_: "f32[3, 9, 256]",
        L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_: "f32[3, 3, 128]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_: "f32[3, 4, 16, 16]",
        L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_: "f32[96, 64]",
        L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_: "f32[3, 3, 128]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_: "f32[3, 4, 16, 16]",
        L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_: "f32[96, 64]",
        L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_: "f32[5, 64, 2, 32]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_: "f32[5, 64, 2, 32]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_: "f32[5, 64, 0]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_: "f32[5, 64, 0]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_: "f32[5, 64, 16]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_: "f32[5, 16, 16]",
        s80: "Sym(s80)",
        L_positions_: "i64[s80]",
        L_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_: "f32[96, 64]",
        L_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_: "f32[16, 256]",
        L_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
    ):
        l_self_modules_model_modules_embed_tokens_parameters_weight_ = L_self_modules_model_modules_embed_tokens_parameters_weight_
        l_input_ids_ = L_input_ids_
        l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_
        l_slots_ = L_slots_
        l_offsets_ = L_offsets_
        l_write_slots_ = L_write_slots_
        l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_ = L_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_
        l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_
        l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_ = L_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_
        l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_
        l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_ = L_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_
        l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_
        l_positions_ = L_positions_
        l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_ = L_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_
        l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_ = L_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_
        l_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_
        embedding: "f32[s72, 64]" = torch.nn.functional.embedding(l_input_ids_, l_self_modules_model_modules_embed_tokens_parameters_weight_, None, None, 2.0, False, False);  l_self_modules_model_modules_embed_tokens_parameters_weight_ = None
        h: "f32[s72, 256]" = embedding.repeat(1, 4);  embedding = None
        xf: "f32[s72, 256]" = h.float()
        float_2: "f32[256]" = l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale: "f32[256]" = 1.0 + float_2;  float_2 = None
        xf_1: "f32[s72, 4, 64]" = xf.unflatten(-1, (-1, 64));  xf = None
        scale_1: "f32[4, 64]" = scale.unflatten(-1, (-1, 64));  scale = None
        pow_1: "f32[s72, 4, 64]" = xf_1.pow(2)
        mean: "f32[s72, 4, 1]" = pow_1.mean(-1, keepdim = True);  pow_1 = None
        add_1: "f32[s72, 4, 1]" = mean + 1e-06;  mean = None
        rsqrt: "f32[s72, 4, 1]" = torch.rsqrt(add_1);  add_1 = None
        mul: "f32[s72, 4, 64]" = xf_1 * rsqrt;  xf_1 = rsqrt = None
        mul_1: "f32[s72, 4, 64]" = mul * scale_1;  mul = scale_1 = None
        out: "f32[s72, 4, 64]" = mul_1.to(torch.float32);  mul_1 = None
        hn: "f32[s72, 256]" = out.flatten(-2);  out = None
        y: "f32[s72, 32]" = torch._C._nn.linear(hn, l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split = torch.functional.split(y, [16, 0, 4, 12], dim = -1);  y = None
        down: "f32[s72, 16]" = split[0]
        inject: "f32[s72, 4]" = split[2];  split = None
        truediv: "f32[s72, 16]" = down / 4;  down = None
        silu: "f32[s72, 16]" = torch.nn.functional.silu(truediv);  truediv = None
        linear_1: "f32[s72, 256]" = torch._C._nn.linear(silu, l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu = l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid: "f32[s72, 256]" = torch.sigmoid(linear_1);  linear_1 = None
        unflatten_2: "f32[s72, 4, 64]" = sigmoid.unflatten(-1, (4, 64));  sigmoid = None
        unflatten_3: "f32[s72, 4, 64]" = hn.unflatten(-1, (4, 64));  hn = None
        mul_2: "f32[s72, 4, 64]" = unflatten_2 * unflatten_3;  unflatten_2 = unflatten_3 = None
        x: "f32[s72, 64]" = mul_2.mean(dim = -2);  mul_2 = None
        truediv_1: "f32[s72, 4]" = inject / 4;  inject = None
        sigmoid_1: "f32[s72, 4]" = torch.sigmoid(truediv_1);  truediv_1 = None
        inject_1: "f32[s72, 4]" = 2 * sigmoid_1;  sigmoid_1 = None
        out_1: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'))
        gdn_default = torch.ops.qcompile.gdn.default('model.layers.0.linear_attn', x, l_slots_, l_offsets_, l_write_slots_, l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_, l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_, out_1);  x = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_ = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_ = gdn_default = None
        h_1: "f32[s72, 256]" = torch.ops.qcompile.hc_write.default(h, inject_1, out_1);  h = inject_1 = out_1 = None
        xf_2: "f32[s72, 256]" = h_1.float()
        float_4: "f32[256]" = l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_2: "f32[256]" = 1.0 + float_4;  float_4 = None
        xf_3: "f32[s72, 4, 64]" = xf_2.unflatten(-1, (-1, 64));  xf_2 = None
        scale_3: "f32[4, 64]" = scale_2.unflatten(-1, (-1, 64));  scale_2 = None
        pow_2: "f32[s72, 4, 64]" = xf_3.pow(2)
        mean_2: "f32[s72, 4, 1]" = pow_2.mean(-1, keepdim = True);  pow_2 = None
        add_3: "f32[s72, 4, 1]" = mean_2 + 1e-06;  mean_2 = None
        rsqrt_1: "f32[s72, 4, 1]" = torch.rsqrt(add_3);  add_3 = None
        mul_4: "f32[s72, 4, 64]" = xf_3 * rsqrt_1;  xf_3 = rsqrt_1 = None
        mul_5: "f32[s72, 4, 64]" = mul_4 * scale_3;  mul_4 = scale_3 = None
        out_2: "f32[s72, 4, 64]" = mul_5.to(torch.float32);  mul_5 = None
        hn_1: "f32[s72, 256]" = out_2.flatten(-2);  out_2 = None
        y_1: "f32[s72, 32]" = torch._C._nn.linear(hn_1, l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_1 = torch.functional.split(y_1, [16, 0, 4, 12], dim = -1);  y_1 = None
        down_1: "f32[s72, 16]" = split_1[0]
        inject_2: "f32[s72, 4]" = split_1[2];  split_1 = None
        truediv_2: "f32[s72, 16]" = down_1 / 4;  down_1 = None
        silu_1: "f32[s72, 16]" = torch.nn.functional.silu(truediv_2);  truediv_2 = None
        linear_3: "f32[s72, 256]" = torch._C._nn.linear(silu_1, l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_1 = l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_2: "f32[s72, 256]" = torch.sigmoid(linear_3);  linear_3 = None
        unflatten_6: "f32[s72, 4, 64]" = sigmoid_2.unflatten(-1, (4, 64));  sigmoid_2 = None
        unflatten_7: "f32[s72, 4, 64]" = hn_1.unflatten(-1, (4, 64));  hn_1 = None
        mul_6: "f32[s72, 4, 64]" = unflatten_6 * unflatten_7;  unflatten_6 = unflatten_7 = None
        x_1: "f32[s72, 64]" = mul_6.mean(dim = -2);  mul_6 = None
        truediv_3: "f32[s72, 4]" = inject_2 / 4;  inject_2 = None
        sigmoid_3: "f32[s72, 4]" = torch.sigmoid(truediv_3);  truediv_3 = None
        inject_3: "f32[s72, 4]" = 2 * sigmoid_3;  sigmoid_3 = None
        y_2: "f32[s72, 96]" = torch._C._nn.linear(x_1, l_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_ = None
        split_2 = torch.functional.split(y_2, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_2 = None
        logits: "f32[s72, 8]" = split_2[0]
        shared_gate: "f32[s72, 1]" = split_2[2]
        gate: "f32[s72, 32]" = split_2[4]
        up: "f32[s72, 32]" = split_2[6];  split_2 = None
        probs: "f32[s72, 8]" = torch.softmax(logits, dim = -1, dtype = torch.float32);  logits = None
        topk = torch.topk(probs, 2, dim = -1);  probs = None
        top: "f32[s72, 2]" = topk[0]
        idx: "i64[s72, 2]" = topk[1];  topk = None
        sum_1: "f32[s72, 1]" = top.sum(dim = -1, keepdim = True)
        top_1: "f32[s72, 2]" = top / sum_1;  top = sum_1 = None
        weights: "f32[s72, 2]" = top_1.to(torch.float32);  top_1 = None
        silu_2: "f32[s72, 32]" = torch.nn.functional.silu(gate);  gate = None
        mul_8: "f32[s72, 32]" = silu_2 * up;  silu_2 = up = None
        out_3: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'))
        experts_default = torch.ops.qcompile.experts.default('model.layers.0.mlp', x_1, weights, idx, mul_8, shared_gate, out_3);  x_1 = weights = idx = mul_8 = shared_gate = experts_default = None
        h_2: "f32[s72, 256]" = torch.ops.qcompile.hc_write.default(h_1, inject_3, out_3);  h_1 = inject_3 = out_3 = None
        out_4: "f32[s72, 256]" = torch.empty((s72, 256), dtype = torch.float32, device = device(type='cpu'))
        ple_default = torch.ops.qcompile.ple.default('model.layers.1.ple', h_2, l_input_ids_, l_slots_, l_offsets_, l_write_slots_, l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_, l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_, out_4);  l_input_ids_ = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_ = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_ = ple_default = None
        h_3: "f32[s72, 256]" = h_2 + out_4;  h_2 = out_4 = None
        xf_4: "f32[s72, 256]" = h_3.float()
        float_6: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_4: "f32[256]" = 1.0 + float_6;  float_6 = None
        xf_5: "f32[s72, 4, 64]" = xf_4.unflatten(-1, (-1, 64));  xf_4 = None
        scale_5: "f32[4, 64]" = scale_4.unflatten(-1, (-1, 64));  scale_4 = None
        pow_3: "f32[s72, 4, 64]" = xf_5.pow(2)
        mean_4: "f32[s72, 4, 1]" = pow_3.mean(-1, keepdim = True);  pow_3 = None
        add_6: "f32[s72, 4, 1]" = mean_4 + 1e-06;  mean_4 = None
        rsqrt_2: "f32[s72, 4, 1]" = torch.rsqrt(add_6);  add_6 = None
        mul_9: "f32[s72, 4, 64]" = xf_5 * rsqrt_2;  xf_5 = rsqrt_2 = None
        mul_10: "f32[s72, 4, 64]" = mul_9 * scale_5;  mul_9 = scale_5 = None
        out_5: "f32[s72, 4, 64]" = mul_10.to(torch.float32);  mul_10 = None
        hn_2: "f32[s72, 256]" = out_5.flatten(-2);  out_5 = None
        y_3: "f32[s72, 32]" = torch._C._nn.linear(hn_2, l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split_3 = torch.functional.split(y_3, [16, 0, 4, 12], dim = -1);  y_3 = None
        down_2: "f32[s72, 16]" = split_3[0]
        inject_4: "f32[s72, 4]" = split_3[2];  split_3 = None
        truediv_5: "f32[s72, 16]" = down_2 / 4;  down_2 = None
        silu_3: "f32[s72, 16]" = torch.nn.functional.silu(truediv_5);  truediv_5 = None
        linear_6: "f32[s72, 256]" = torch._C._nn.linear(silu_3, l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_3 = l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_4: "f32[s72, 256]" = torch.sigmoid(linear_6);  linear_6 = None
        unflatten_10: "f32[s72, 4, 64]" = sigmoid_4.unflatten(-1, (4, 64));  sigmoid_4 = None
        unflatten_11: "f32[s72, 4, 64]" = hn_2.unflatten(-1, (4, 64));  hn_2 = None
        mul_11: "f32[s72, 4, 64]" = unflatten_10 * unflatten_11;  unflatten_10 = unflatten_11 = None
        x_2: "f32[s72, 64]" = mul_11.mean(dim = -2);  mul_11 = None
        truediv_6: "f32[s72, 4]" = inject_4 / 4;  inject_4 = None
        sigmoid_5: "f32[s72, 4]" = torch.sigmoid(truediv_6);  truediv_6 = None
        inject_5: "f32[s72, 4]" = 2 * sigmoid_5;  sigmoid_5 = None
        out_6: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'))
        gdn_default_1 = torch.ops.qcompile.gdn.default('model.layers.1.linear_attn', x_2, l_slots_, l_offsets_, l_write_slots_, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_, out_6);  x_2 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_ = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_ = gdn_default_1 = None
        h_4: "f32[s72, 256]" = torch.ops.qcompile.hc_write.default(h_3, inject_5, out_6);  h_3 = inject_5 = out_6 = None
        xf_6: "f32[s72, 256]" = h_4.float()
        float_8: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_6: "f32[256]" = 1.0 + float_8;  float_8 = None
        xf_7: "f32[s72, 4, 64]" = xf_6.unflatten(-1, (-1, 64));  xf_6 = None
        scale_7: "f32[4, 64]" = scale_6.unflatten(-1, (-1, 64));  scale_6 = None
        pow_4: "f32[s72, 4, 64]" = xf_7.pow(2)
        mean_6: "f32[s72, 4, 1]" = pow_4.mean(-1, keepdim = True);  pow_4 = None
        add_8: "f32[s72, 4, 1]" = mean_6 + 1e-06;  mean_6 = None
        rsqrt_3: "f32[s72, 4, 1]" = torch.rsqrt(add_8);  add_8 = None
        mul_13: "f32[s72, 4, 64]" = xf_7 * rsqrt_3;  xf_7 = rsqrt_3 = None
        mul_14: "f32[s72, 4, 64]" = mul_13 * scale_7;  mul_13 = scale_7 = None
        out_7: "f32[s72, 4, 64]" = mul_14.to(torch.float32);  mul_14 = None
        hn_3: "f32[s72, 256]" = out_7.flatten(-2);  out_7 = None
        y_4: "f32[s72, 32]" = torch._C._nn.linear(hn_3, l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_4 = torch.functional.split(y_4, [16, 0, 4, 12], dim = -1);  y_4 = None
        down_3: "f32[s72, 16]" = split_4[0]
        inject_6: "f32[s72, 4]" = split_4[2];  split_4 = None
        truediv_7: "f32[s72, 16]" = down_3 / 4;  down_3 = None
        silu_4: "f32[s72, 16]" = torch.nn.functional.silu(truediv_7);  truediv_7 = None
        linear_8: "f32[s72, 256]" = torch._C._nn.linear(silu_4, l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_4 = l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_6: "f32[s72, 256]" = torch.sigmoid(linear_8);  linear_8 = None
        unflatten_14: "f32[s72, 4, 64]" = sigmoid_6.unflatten(-1, (4, 64));  sigmoid_6 = None
        unflatten_15: "f32[s72, 4, 64]" = hn_3.unflatten(-1, (4, 64));  hn_3 = None
        mul_15: "f32[s72, 4, 64]" = unflatten_14 * unflatten_15;  unflatten_14 = unflatten_15 = None
        x_3: "f32[s72, 64]" = mul_15.mean(dim = -2);  mul_15 = None
        truediv_8: "f32[s72, 4]" = inject_6 / 4;  inject_6 = None
        sigmoid_7: "f32[s72, 4]" = torch.sigmoid(truediv_8);  truediv_8 = None
        inject_7: "f32[s72, 4]" = 2 * sigmoid_7;  sigmoid_7 = None
        y_5: "f32[s72, 96]" = torch._C._nn.linear(x_3, l_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_ = None
        split_5 = torch.functional.split(y_5, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_5 = None
        logits_1: "f32[s72, 8]" = split_5[0]
        shared_gate_1: "f32[s72, 1]" = split_5[2]
        gate_1: "f32[s72, 32]" = split_5[4]
        up_1: "f32[s72, 32]" = split_5[6];  split_5 = None
        probs_1: "f32[s72, 8]" = torch.softmax(logits_1, dim = -1, dtype = torch.float32);  logits_1 = None
        topk_1 = torch.topk(probs_1, 2, dim = -1);  probs_1 = None
        top_2: "f32[s72, 2]" = topk_1[0]
        idx_1: "i64[s72, 2]" = topk_1[1];  topk_1 = None
        sum_2: "f32[s72, 1]" = top_2.sum(dim = -1, keepdim = True)
        top_3: "f32[s72, 2]" = top_2 / sum_2;  top_2 = sum_2 = None
        weights_1: "f32[s72, 2]" = top_3.to(torch.float32);  top_3 = None
        silu_5: "f32[s72, 32]" = torch.nn.functional.silu(gate_1);  gate_1 = None
        mul_17: "f32[s72, 32]" = silu_5 * up_1;  silu_5 = up_1 = None
        out_8: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'))
        experts_default_1 = torch.ops.qcompile.experts.default('model.layers.1.mlp', x_3, weights_1, idx_1, mul_17, shared_gate_1, out_8);  x_3 = weights_1 = idx_1 = mul_17 = shared_gate_1 = experts_default_1 = None
        h_5: "f32[s72, 256]" = torch.ops.qcompile.hc_write.default(h_4, inject_7, out_8);  h_4 = inject_7 = out_8 = None
        xf_8: "f32[s72, 256]" = h_5.float()
        float_10: "f32[256]" = l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_8: "f32[256]" = 1.0 + float_10;  float_10 = None
        xf_9: "f32[s72, 4, 64]" = xf_8.unflatten(-1, (-1, 64));  xf_8 = None
        scale_9: "f32[4, 64]" = scale_8.unflatten(-1, (-1, 64));  scale_8 = None
        pow_5: "f32[s72, 4, 64]" = xf_9.pow(2)
        mean_8: "f32[s72, 4, 1]" = pow_5.mean(-1, keepdim = True);  pow_5 = None
        add_10: "f32[s72, 4, 1]" = mean_8 + 1e-06;  mean_8 = None
        rsqrt_4: "f32[s72, 4, 1]" = torch.rsqrt(add_10);  add_10 = None
        mul_18: "f32[s72, 4, 64]" = xf_9 * rsqrt_4;  xf_9 = rsqrt_4 = None
        mul_19: "f32[s72, 4, 64]" = mul_18 * scale_9;  mul_18 = scale_9 = None
        out_9: "f32[s72, 4, 64]" = mul_19.to(torch.float32);  mul_19 = None
        hn_4: "f32[s72, 256]" = out_9.flatten(-2);  out_9 = None
        y_6: "f32[s72, 32]" = torch._C._nn.linear(hn_4, l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split_6 = torch.functional.split(y_6, [16, 0, 4, 12], dim = -1);  y_6 = None
        down_4: "f32[s72, 16]" = split_6[0]
        inject_8: "f32[s72, 4]" = split_6[2];  split_6 = None
        truediv_10: "f32[s72, 16]" = down_4 / 4;  down_4 = None
        silu_6: "f32[s72, 16]" = torch.nn.functional.silu(truediv_10);  truediv_10 = None
        linear_11: "f32[s72, 256]" = torch._C._nn.linear(silu_6, l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_6 = l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_8: "f32[s72, 256]" = torch.sigmoid(linear_11);  linear_11 = None
        unflatten_18: "f32[s72, 4, 64]" = sigmoid_8.unflatten(-1, (4, 64));  sigmoid_8 = None
        unflatten_19: "f32[s72, 4, 64]" = hn_4.unflatten(-1, (4, 64));  hn_4 = None
        mul_20: "f32[s72, 4, 64]" = unflatten_18 * unflatten_19;  unflatten_18 = unflatten_19 = None
        x_4: "f32[s72, 64]" = mul_20.mean(dim = -2);  mul_20 = None
        truediv_11: "f32[s72, 4]" = inject_8 / 4;  inject_8 = None
        sigmoid_9: "f32[s72, 4]" = torch.sigmoid(truediv_11);  truediv_11 = None
        inject_9: "f32[s72, 4]" = 2 * sigmoid_9;  sigmoid_9 = None
        out_10: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'))
        gdn_default_2 = torch.ops.qcompile.gdn.default('model.layers.2.linear_attn', x_4, l_slots_, l_offsets_, l_write_slots_, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_, out_10);  x_4 = l_offsets_ = l_write_slots_ = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_ = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_ = gdn_default_2 = None
        h_6: "f32[s72, 256]" = torch.ops.qcompile.hc_write.default(h_5, inject_9, out_10);  h_5 = inject_9 = out_10 = None
        xf_10: "f32[s72, 256]" = h_6.float()
        float_12: "f32[256]" = l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_10: "f32[256]" = 1.0 + float_12;  float_12 = None
        xf_11: "f32[s72, 4, 64]" = xf_10.unflatten(-1, (-1, 64));  xf_10 = None
        scale_11: "f32[4, 64]" = scale_10.unflatten(-1, (-1, 64));  scale_10 = None
        pow_6: "f32[s72, 4, 64]" = xf_11.pow(2)
        mean_10: "f32[s72, 4, 1]" = pow_6.mean(-1, keepdim = True);  pow_6 = None
        add_12: "f32[s72, 4, 1]" = mean_10 + 1e-06;  mean_10 = None
        rsqrt_5: "f32[s72, 4, 1]" = torch.rsqrt(add_12);  add_12 = None
        mul_22: "f32[s72, 4, 64]" = xf_11 * rsqrt_5;  xf_11 = rsqrt_5 = None
        mul_23: "f32[s72, 4, 64]" = mul_22 * scale_11;  mul_22 = scale_11 = None
        out_11: "f32[s72, 4, 64]" = mul_23.to(torch.float32);  mul_23 = None
        hn_5: "f32[s72, 256]" = out_11.flatten(-2);  out_11 = None
        y_7: "f32[s72, 32]" = torch._C._nn.linear(hn_5, l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_7 = torch.functional.split(y_7, [16, 0, 4, 12], dim = -1);  y_7 = None
        down_5: "f32[s72, 16]" = split_7[0]
        inject_10: "f32[s72, 4]" = split_7[2];  split_7 = None
        truediv_12: "f32[s72, 16]" = down_5 / 4;  down_5 = None
        silu_7: "f32[s72, 16]" = torch.nn.functional.silu(truediv_12);  truediv_12 = None
        linear_13: "f32[s72, 256]" = torch._C._nn.linear(silu_7, l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_7 = l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_10: "f32[s72, 256]" = torch.sigmoid(linear_13);  linear_13 = None
        unflatten_22: "f32[s72, 4, 64]" = sigmoid_10.unflatten(-1, (4, 64));  sigmoid_10 = None
        unflatten_23: "f32[s72, 4, 64]" = hn_5.unflatten(-1, (4, 64));  hn_5 = None
        mul_24: "f32[s72, 4, 64]" = unflatten_22 * unflatten_23;  unflatten_22 = unflatten_23 = None
        x_5: "f32[s72, 64]" = mul_24.mean(dim = -2);  mul_24 = None
        truediv_13: "f32[s72, 4]" = inject_10 / 4;  inject_10 = None
        sigmoid_11: "f32[s72, 4]" = torch.sigmoid(truediv_13);  truediv_13 = None
        inject_11: "f32[s72, 4]" = 2 * sigmoid_11;  sigmoid_11 = None
        y_8: "f32[s72, 96]" = torch._C._nn.linear(x_5, l_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_ = None
        split_8 = torch.functional.split(y_8, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_8 = None
        logits_2: "f32[s72, 8]" = split_8[0]
        shared_gate_2: "f32[s72, 1]" = split_8[2]
        gate_2: "f32[s72, 32]" = split_8[4]
        up_2: "f32[s72, 32]" = split_8[6];  split_8 = None
        probs_2: "f32[s72, 8]" = torch.softmax(logits_2, dim = -1, dtype = torch.float32);  logits_2 = None
        topk_2 = torch.topk(probs_2, 2, dim = -1);  probs_2 = None
        top_4: "f32[s72, 2]" = topk_2[0]
        idx_2: "i64[s72, 2]" = topk_2[1];  topk_2 = None
        sum_3: "f32[s72, 1]" = top_4.sum(dim = -1, keepdim = True)
        top_5: "f32[s72, 2]" = top_4 / sum_3;  top_4 = sum_3 = None
        weights_2: "f32[s72, 2]" = top_5.to(torch.float32);  top_5 = None
        silu_8: "f32[s72, 32]" = torch.nn.functional.silu(gate_2);  gate_2 = None
        mul_26: "f32[s72, 32]" = silu_8 * up_2;  silu_8 = up_2 = None
        out_12: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'))
        experts_default_2 = torch.ops.qcompile.experts.default('model.layers.2.mlp', x_5, weights_2, idx_2, mul_26, shared_gate_2, out_12);  x_5 = weights_2 = idx_2 = mul_26 = shared_gate_2 = experts_default_2 = None
        h_7: "f32[s72, 256]" = torch.ops.qcompile.hc_write.default(h_6, inject_11, out_12);  h_6 = inject_11 = out_12 = None
        xf_12: "f32[s72, 256]" = h_7.float()
        float_14: "f32[256]" = l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_12: "f32[256]" = 1.0 + float_14;  float_14 = None
        xf_13: "f32[s72, 4, 64]" = xf_12.unflatten(-1, (-1, 64));  xf_12 = None
        scale_13: "f32[4, 64]" = scale_12.unflatten(-1, (-1, 64));  scale_12 = None
        pow_7: "f32[s72, 4, 64]" = xf_13.pow(2)
        mean_12: "f32[s72, 4, 1]" = pow_7.mean(-1, keepdim = True);  pow_7 = None
        add_14: "f32[s72, 4, 1]" = mean_12 + 1e-06;  mean_12 = None
        rsqrt_6: "f32[s72, 4, 1]" = torch.rsqrt(add_14);  add_14 = None
        mul_27: "f32[s72, 4, 64]" = xf_13 * rsqrt_6;  xf_13 = rsqrt_6 = None
        mul_28: "f32[s72, 4, 64]" = mul_27 * scale_13;  mul_27 = scale_13 = None
        out_13: "f32[s72, 4, 64]" = mul_28.to(torch.float32);  mul_28 = None
        hn_6: "f32[s72, 256]" = out_13.flatten(-2);  out_13 = None
        y_9: "f32[s72, 32]" = torch._C._nn.linear(hn_6, l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split_9 = torch.functional.split(y_9, [16, 0, 4, 12], dim = -1);  y_9 = None
        down_6: "f32[s72, 16]" = split_9[0]
        inject_12: "f32[s72, 4]" = split_9[2];  split_9 = None
        truediv_15: "f32[s72, 16]" = down_6 / 4;  down_6 = None
        silu_9: "f32[s72, 16]" = torch.nn.functional.silu(truediv_15);  truediv_15 = None
        linear_16: "f32[s72, 256]" = torch._C._nn.linear(silu_9, l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_9 = l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_12: "f32[s72, 256]" = torch.sigmoid(linear_16);  linear_16 = None
        unflatten_26: "f32[s72, 4, 64]" = sigmoid_12.unflatten(-1, (4, 64));  sigmoid_12 = None
        unflatten_27: "f32[s72, 4, 64]" = hn_6.unflatten(-1, (4, 64));  hn_6 = None
        mul_29: "f32[s72, 4, 64]" = unflatten_26 * unflatten_27;  unflatten_26 = unflatten_27 = None
        x_6: "f32[s72, 64]" = mul_29.mean(dim = -2);  mul_29 = None
        truediv_16: "f32[s72, 4]" = inject_12 / 4;  inject_12 = None
        sigmoid_13: "f32[s72, 4]" = torch.sigmoid(truediv_16);  truediv_16 = None
        inject_13: "f32[s72, 4]" = 2 * sigmoid_13;  sigmoid_13 = None
        out_14: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'))
        attention_default = torch.ops.qcompile.attention.default('model.layers.3.self_attn', x_6, l_positions_, l_slots_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_, out_14);  x_6 = l_positions_ = l_slots_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_ = attention_default = None
        h_8: "f32[s72, 256]" = torch.ops.qcompile.hc_write.default(h_7, inject_13, out_14);  h_7 = inject_13 = out_14 = None
        xf_14: "f32[s72, 256]" = h_8.float()
        float_16: "f32[256]" = l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_14: "f32[256]" = 1.0 + float_16;  float_16 = None
        xf_15: "f32[s72, 4, 64]" = xf_14.unflatten(-1, (-1, 64));  xf_14 = None
        scale_15: "f32[4, 64]" = scale_14.unflatten(-1, (-1, 64));  scale_14 = None
        pow_8: "f32[s72, 4, 64]" = xf_15.pow(2)
        mean_14: "f32[s72, 4, 1]" = pow_8.mean(-1, keepdim = True);  pow_8 = None
        add_16: "f32[s72, 4, 1]" = mean_14 + 1e-06;  mean_14 = None
        rsqrt_7: "f32[s72, 4, 1]" = torch.rsqrt(add_16);  add_16 = None
        mul_31: "f32[s72, 4, 64]" = xf_15 * rsqrt_7;  xf_15 = rsqrt_7 = None
        mul_32: "f32[s72, 4, 64]" = mul_31 * scale_15;  mul_31 = scale_15 = None
        out_15: "f32[s72, 4, 64]" = mul_32.to(torch.float32);  mul_32 = None
        hn_7: "f32[s72, 256]" = out_15.flatten(-2);  out_15 = None
        y_10: "f32[s72, 32]" = torch._C._nn.linear(hn_7, l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_10 = torch.functional.split(y_10, [16, 0, 4, 12], dim = -1);  y_10 = None
        down_7: "f32[s72, 16]" = split_10[0]
        inject_14: "f32[s72, 4]" = split_10[2];  split_10 = None
        truediv_17: "f32[s72, 16]" = down_7 / 4;  down_7 = None
        silu_10: "f32[s72, 16]" = torch.nn.functional.silu(truediv_17);  truediv_17 = None
        linear_18: "f32[s72, 256]" = torch._C._nn.linear(silu_10, l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_10 = l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_14: "f32[s72, 256]" = torch.sigmoid(linear_18);  linear_18 = None
        unflatten_30: "f32[s72, 4, 64]" = sigmoid_14.unflatten(-1, (4, 64));  sigmoid_14 = None
        unflatten_31: "f32[s72, 4, 64]" = hn_7.unflatten(-1, (4, 64));  hn_7 = None
        mul_33: "f32[s72, 4, 64]" = unflatten_30 * unflatten_31;  unflatten_30 = unflatten_31 = None
        x_7: "f32[s72, 64]" = mul_33.mean(dim = -2);  mul_33 = None
        truediv_18: "f32[s72, 4]" = inject_14 / 4;  inject_14 = None
        sigmoid_15: "f32[s72, 4]" = torch.sigmoid(truediv_18);  truediv_18 = None
        inject_15: "f32[s72, 4]" = 2 * sigmoid_15;  sigmoid_15 = None
        y_11: "f32[s72, 96]" = torch._C._nn.linear(x_7, l_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_ = None
        split_11 = torch.functional.split(y_11, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_11 = None
        logits_3: "f32[s72, 8]" = split_11[0]
        shared_gate_3: "f32[s72, 1]" = split_11[2]
        gate_3: "f32[s72, 32]" = split_11[4]
        up_3: "f32[s72, 32]" = split_11[6];  split_11 = None
        probs_3: "f32[s72, 8]" = torch.softmax(logits_3, dim = -1, dtype = torch.float32);  logits_3 = None
        topk_3 = torch.topk(probs_3, 2, dim = -1);  probs_3 = None
        top_6: "f32[s72, 2]" = topk_3[0]
        idx_3: "i64[s72, 2]" = topk_3[1];  topk_3 = None
        sum_4: "f32[s72, 1]" = top_6.sum(dim = -1, keepdim = True)
        top_7: "f32[s72, 2]" = top_6 / sum_4;  top_6 = sum_4 = None
        weights_3: "f32[s72, 2]" = top_7.to(torch.float32);  top_7 = None
        silu_11: "f32[s72, 32]" = torch.nn.functional.silu(gate_3);  gate_3 = None
        mul_35: "f32[s72, 32]" = silu_11 * up_3;  silu_11 = up_3 = None
        out_16: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'));  s72 = None
        experts_default_3 = torch.ops.qcompile.experts.default('model.layers.3.mlp', x_7, weights_3, idx_3, mul_35, shared_gate_3, out_16);  x_7 = weights_3 = idx_3 = mul_35 = shared_gate_3 = experts_default_3 = None
        h_9: "f32[s72, 256]" = torch.ops.qcompile.hc_write.default(h_8, inject_15, out_16);  h_8 = inject_15 = out_16 = None
        xf_16: "f32[s72, 256]" = h_9.float();  h_9 = None
        float_18: "f32[256]" = l_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_ = None
        scale_16: "f32[256]" = 1.0 + float_18;  float_18 = None
        xf_17: "f32[s72, 4, 64]" = xf_16.unflatten(-1, (-1, 64));  xf_16 = None
        scale_17: "f32[4, 64]" = scale_16.unflatten(-1, (-1, 64));  scale_16 = None
        pow_9: "f32[s72, 4, 64]" = xf_17.pow(2)
        mean_16: "f32[s72, 4, 1]" = pow_9.mean(-1, keepdim = True);  pow_9 = None
        add_18: "f32[s72, 4, 1]" = mean_16 + 1e-06;  mean_16 = None
        rsqrt_8: "f32[s72, 4, 1]" = torch.rsqrt(add_18);  add_18 = None
        mul_36: "f32[s72, 4, 64]" = xf_17 * rsqrt_8;  xf_17 = rsqrt_8 = None
        mul_37: "f32[s72, 4, 64]" = mul_36 * scale_17;  mul_36 = scale_17 = None
        out_17: "f32[s72, 4, 64]" = mul_37.to(torch.float32);  mul_37 = None
        hn_8: "f32[s72, 256]" = out_17.flatten(-2);  out_17 = None
        linear_20: "f32[s72, 16]" = torch._C._nn.linear(hn_8, l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_, None);  l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_ = None
        truediv_20: "f32[s72, 16]" = linear_20 / 4;  linear_20 = None
        silu_12: "f32[s72, 16]" = torch.nn.functional.silu(truediv_20);  truediv_20 = None
        linear_21: "f32[s72, 256]" = torch._C._nn.linear(silu_12, l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_, None);  silu_12 = l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_16: "f32[s72, 256]" = torch.sigmoid(linear_21);  linear_21 = None
        unflatten_34: "f32[s72, 4, 64]" = sigmoid_16.unflatten(-1, (4, 64));  sigmoid_16 = None
        unflatten_35: "f32[s72, 4, 64]" = hn_8.unflatten(-1, (4, 64));  hn_8 = None
        mul_38: "f32[s72, 4, 64]" = unflatten_34 * unflatten_35;  unflatten_34 = unflatten_35 = None
        mean_17: "f32[s72, 64]" = mul_38.mean(dim = -2);  mul_38 = None
        return (mean_17,)
