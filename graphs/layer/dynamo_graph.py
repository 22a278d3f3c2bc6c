class GraphModule(torch.nn.Module):
    def forward(
        self,
        s72: "Sym(s72)",
        L_input_ids_: "i64[s72]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_: "f32[3, 3, 128]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_: "f32[3, 4, 16, 16]",
        s80: "Sym(s80)",
        L_positions_: "i64[s80]",
        s55: "Sym(s55)",
        L_slots_: "i64[s55]",
        s33: "Sym(s33)",
        L_offsets_: "i64[s33]",
        s69: "Sym(s69)",
        L_write_slots_: "i64[s69]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_: "f32[3, 3, 128]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_: "f32[3, 4, 16, 16]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_: "i64[3, 2, 1]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_: "f32[3, 9, 256]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_: "f32[3, 3, 128]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_: "f32[3, 4, 16, 16]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_: "f32[5, 64, 2, 32]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_: "f32[5, 64, 2, 32]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_: "f32[5, 64, 0]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_: "f32[5, 64, 0]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_: "f32[5, 64, 16]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_: "f32[5, 16, 16]",
    ):
        l_input_ids_ = L_input_ids_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_
        l_positions_ = L_positions_
        l_slots_ = L_slots_
        l_offsets_ = L_offsets_
        l_write_slots_ = L_write_slots_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_
        l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_
        out: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'))
        embed_default = torch.ops.qcompile.embed.default('model.embed_tokens', l_input_ids_, out);  embed_default = None
        h: "f32[s72, 256]" = out.repeat(1, 4);  out = None
        out_1: "f32[s72, 256]" = torch.empty((s72, 256), dtype = torch.float32, device = device(type='cpu'))
        decoder_layer_linear_default = torch.ops.qcompile.decoder_layer_linear.default('model.layers.0', h, l_input_ids_, l_positions_, l_slots_, l_offsets_, l_write_slots_, l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_, l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_, out_1);  h = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_ = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_ = decoder_layer_linear_default = None
        out_2: "f32[s72, 256]" = torch.empty((s72, 256), dtype = torch.float32, device = device(type='cpu'))
        decoder_layer_linear_ple_default = torch.ops.qcompile.decoder_layer_linear_ple.default('model.layers.1', out_1, l_input_ids_, l_positions_, l_slots_, l_offsets_, l_write_slots_, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_, l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_, l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_, out_2);  out_1 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_ = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_ = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_ = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_ = decoder_layer_linear_ple_default = None
        out_3: "f32[s72, 256]" = torch.empty((s72, 256), dtype = torch.float32, device = device(type='cpu'))
        decoder_layer_linear_default_1 = torch.ops.qcompile.decoder_layer_linear.default('model.layers.2', out_2, l_input_ids_, l_positions_, l_slots_, l_offsets_, l_write_slots_, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_, out_3);  out_2 = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_ = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_ = decoder_layer_linear_default_1 = None
        out_4: "f32[s72, 256]" = torch.empty((s72, 256), dtype = torch.float32, device = device(type='cpu'))
        decoder_layer_indexed_default = torch.ops.qcompile.decoder_layer_indexed.default('model.layers.3', out_3, l_input_ids_, l_positions_, l_slots_, l_offsets_, l_write_slots_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_, out_4);  out_3 = l_input_ids_ = l_positions_ = l_slots_ = l_offsets_ = l_write_slots_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_ = decoder_layer_indexed_default = None
        out_5: "f32[s72, 64]" = torch.empty((s72, 64), dtype = torch.float32, device = device(type='cpu'));  s72 = None
        final_mixer_default = torch.ops.qcompile.final_mixer.default('model.hyper_connection_mixer', out_4, out_5);  out_4 = final_mixer_default = None
        return (out_5,)
