class GraphModule(torch.nn.Module):
    def forward(
        self,
        L_self_modules_model_modules_embed_tokens_parameters_weight_: "f32[512, 64]",
        s72: "Sym(s33)",
        L_input_ids_: "i64[s33]",
        L_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_merged_in_proj_: "f32[224, 64]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_: "f32[3, 3, 128]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_conv1d_parameters_weight_: "f32[128, 1, 4]",
        s33: "Sym(s33)",
        L_offsets_: "i64[s33]",
        L_slots_: "i64[s33]",
        L_write_slots_: "i64[s33]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_A_log_: "f32[4]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_dt_bias_: "f32[4]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_: "f32[3, 4, 16, 16]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_norm_parameters_weight_: "f32[16]",
        L_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_out_proj_parameters_weight_: "f32[64, 64]",
        L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_: "f32[96, 64]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_: "i64[3, 2, 1]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_: "i64[3]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_vocab_sizes_: "i64[4]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_offsets_: "i64[4]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_buffers_merged_key_value_: "f32[320, 64]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_key_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_query_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_conv_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_: "f32[3, 9, 256]",
        L_self_modules_model_modules_layers_modules_1_modules_ple_modules_conv1d_parameters_weight_: "f32[256, 1, 4]",
        L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_merged_in_proj_: "f32[224, 64]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_: "f32[3, 3, 128]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_conv1d_parameters_weight_: "f32[128, 1, 4]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_A_log_: "f32[4]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_dt_bias_: "f32[4]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_: "f32[3, 4, 16, 16]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_norm_parameters_weight_: "f32[16]",
        L_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_out_proj_parameters_weight_: "f32[64, 64]",
        L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_: "f32[96, 64]",
        L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_merged_in_proj_: "f32[224, 64]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_: "f32[3, 3, 128]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_conv1d_parameters_weight_: "f32[128, 1, 4]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_A_log_: "f32[4]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_dt_bias_: "f32[4]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_: "f32[3, 4, 16, 16]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_norm_parameters_weight_: "f32[16]",
        L_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_out_proj_parameters_weight_: "f32[64, 64]",
        L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_: "f32[96, 64]",
        L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_: "f32[32, 256]",
        L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_: "f32[256]",
        L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_: "f32[256, 16]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_inv_freq_: "f32[4]",
        L_positions_: "i64[s33]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_merged_qkv_index_: "f32[432, 64]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_norm_parameters_weight_: "f32[32]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_norm_parameters_weight_: "f32[32]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_q_layernorm_parameters_weight_: "f32[16]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_table_: "i32[3, 2]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_: "f32[5, 64, 2, 32]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_: "f32[5, 64, 2, 32]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_: "f32[5, 64, 16]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_k_layernorm_parameters_weight_: "f32[16]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_: "f32[5, 16, 16]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_: "f32[5, 64, 0]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_: "f32[5, 64, 0]",
        L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_: "f32[64, 128]",
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
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_merged_in_proj_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_merged_in_proj_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_conv1d_parameters_weight_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_conv1d_parameters_weight_
        l_offsets_ = L_offsets_
        l_slots_ = L_slots_
        l_write_slots_ = L_write_slots_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_a_log_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_A_log_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_dt_bias_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_dt_bias_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_out_proj_parameters_weight_ = L_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_out_proj_parameters_weight_
        l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_ = L_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_vocab_sizes_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_vocab_sizes_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_offsets_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_offsets_
        l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_merged_key_value_ = L_self_modules_model_modules_layers_modules_1_modules_ple_buffers_merged_key_value_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_key_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_key_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_query_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_query_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_conv_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_conv_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_1_modules_ple_modules_conv1d_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_ple_modules_conv1d_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_merged_in_proj_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_merged_in_proj_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_conv1d_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_conv1d_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_a_log_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_A_log_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_dt_bias_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_dt_bias_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_out_proj_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_out_proj_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_ = L_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_
        l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_merged_in_proj_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_merged_in_proj_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_conv1d_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_conv1d_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_a_log_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_A_log_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_dt_bias_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_dt_bias_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_out_proj_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_out_proj_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_ = L_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_
        l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_inv_freq_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_inv_freq_
        l_positions_ = L_positions_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_merged_qkv_index_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_merged_qkv_index_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_q_layernorm_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_q_layernorm_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_table_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_table_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_k_layernorm_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_k_layernorm_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_
        l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_ = L_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_
        l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_
        l_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_ = L_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_
        l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_ = L_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_
        l_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_ = L_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_
        l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_ = L_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_
        embedding: "f32[s33, 64]" = torch.nn.functional.embedding(l_input_ids_, l_self_modules_model_modules_embed_tokens_parameters_weight_, None, None, 2.0, False, False);  l_self_modules_model_modules_embed_tokens_parameters_weight_ = None
        h: "f32[s33, 256]" = embedding.repeat(1, 4);  embedding = None
        xf: "f32[s33, 256]" = h.float()
        float_2: "f32[256]" = l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale: "f32[256]" = 1.0 + float_2;  float_2 = None
        xf_1: "f32[s33, 4, 64]" = xf.unflatten(-1, (-1, 64));  xf = None
        scale_1: "f32[4, 64]" = scale.unflatten(-1, (-1, 64));  scale = None
        pow_1: "f32[s33, 4, 64]" = xf_1.pow(2)
        mean: "f32[s33, 4, 1]" = pow_1.mean(-1, keepdim = True);  pow_1 = None
        add_1: "f32[s33, 4, 1]" = mean + 1e-06;  mean = None
        rsqrt: "f32[s33, 4, 1]" = torch.rsqrt(add_1);  add_1 = None
        mul: "f32[s33, 4, 64]" = xf_1 * rsqrt;  xf_1 = rsqrt = None
        mul_1: "f32[s33, 4, 64]" = mul * scale_1;  mul = scale_1 = None
        out: "f32[s33, 4, 64]" = mul_1.to(torch.float32);  mul_1 = None
        hn: "f32[s33, 256]" = out.flatten(-2);  out = None
        y: "f32[s33, 32]" = torch._C._nn.linear(hn, l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split = torch.functional.split(y, [16, 0, 4, 12], dim = -1);  y = None
        down: "f32[s33, 16]" = split[0]
        inject: "f32[s33, 4]" = split[2];  split = None
        truediv: "f32[s33, 16]" = down / 4;  down = None
        silu: "f32[s33, 16]" = torch.nn.functional.silu(truediv);  truediv = None
        linear_1: "f32[s33, 256]" = torch._C._nn.linear(silu, l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu = l_self_modules_model_modules_layers_modules_0_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid: "f32[s33, 256]" = torch.sigmoid(linear_1);  linear_1 = None
        unflatten_2: "f32[s33, 4, 64]" = sigmoid.unflatten(-1, (4, 64));  sigmoid = None
        unflatten_3: "f32[s33, 4, 64]" = hn.unflatten(-1, (4, 64));  hn = None
        mul_2: "f32[s33, 4, 64]" = unflatten_2 * unflatten_3;  unflatten_2 = unflatten_3 = None
        x: "f32[s33, 64]" = mul_2.mean(dim = -2);  mul_2 = None
        truediv_1: "f32[s33, 4]" = inject / 4;  inject = None
        sigmoid_1: "f32[s33, 4]" = torch.sigmoid(truediv_1);  truediv_1 = None
        inject_1: "f32[s33, 4]" = 2 * sigmoid_1;  sigmoid_1 = None
        y_1: "f32[s33, 224]" = torch._C._nn.linear(x, l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_merged_in_proj_);  x = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_merged_in_proj_ = None
        split_1 = torch.functional.split(y_1, [128, 0, 64, 0, 4, 12, 4, 12], dim = -1);  y_1 = None
        qkv: "f32[s33, 128]" = split_1[0]
        z: "f32[s33, 64]" = split_1[2]
        b: "f32[s33, 4]" = split_1[4]
        a: "f32[s33, 4]" = split_1[6];  split_1 = None
        getitem_12: "f32[128, 4]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_conv1d_parameters_weight_[(slice(None, None, None), 0, slice(None, None, None))];  l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_conv1d_parameters_weight_ = None
        taps: "f32[128, 4]" = getitem_12.float();  getitem_12 = None
        rel: "i64[s33]" = l_offsets_ - 3
        arange: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_1: "i64[s33]" = arange - 3;  arange = None
        flat: "i64[s33]" = sub_1.clamp_min(0);  sub_1 = None
        add_2: "i64[s33]" = rel + 3
        clamp: "i64[s33]" = add_2.clamp(0, 2);  add_2 = None
        from_tail: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp)];  clamp = None
        ge: "b8[s33]" = rel >= 0;  rel = None
        getitem_16: "b8[s33, 1]" = ge[(slice(None, None, None), None)];  ge = None
        getitem_17: "f32[s33, 128]" = qkv[flat];  flat = None
        where: "f32[s33, 128]" = torch.where(getitem_16, getitem_17, from_tail);  getitem_16 = getitem_17 = from_tail = None
        float_4: "f32[s33, 128]" = where.float();  where = None
        getitem_18: "f32[128]" = taps[(slice(None, None, None), 0)]
        out_1: "f32[s33, 128]" = float_4 * getitem_18;  float_4 = getitem_18 = None
        rel_1: "i64[s33]" = l_offsets_ - 2
        arange_1: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_3: "i64[s33]" = arange_1 - 2;  arange_1 = None
        flat_1: "i64[s33]" = sub_3.clamp_min(0);  sub_3 = None
        add_3: "i64[s33]" = rel_1 + 3
        clamp_1: "i64[s33]" = add_3.clamp(0, 2);  add_3 = None
        from_tail_1: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_1)];  clamp_1 = None
        ge_1: "b8[s33]" = rel_1 >= 0;  rel_1 = None
        getitem_22: "b8[s33, 1]" = ge_1[(slice(None, None, None), None)];  ge_1 = None
        getitem_23: "f32[s33, 128]" = qkv[flat_1];  flat_1 = None
        where_1: "f32[s33, 128]" = torch.where(getitem_22, getitem_23, from_tail_1);  getitem_22 = getitem_23 = from_tail_1 = None
        float_5: "f32[s33, 128]" = where_1.float();  where_1 = None
        getitem_24: "f32[128]" = taps[(slice(None, None, None), 1)]
        mul_5: "f32[s33, 128]" = float_5 * getitem_24;  float_5 = getitem_24 = None
        out_2: "f32[s33, 128]" = out_1 + mul_5;  out_1 = mul_5 = None
        rel_2: "i64[s33]" = l_offsets_ - 1
        arange_2: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_5: "i64[s33]" = arange_2 - 1;  arange_2 = None
        flat_2: "i64[s33]" = sub_5.clamp_min(0);  sub_5 = None
        add_5: "i64[s33]" = rel_2 + 3
        clamp_2: "i64[s33]" = add_5.clamp(0, 2);  add_5 = None
        from_tail_2: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_2)];  clamp_2 = None
        ge_2: "b8[s33]" = rel_2 >= 0;  rel_2 = None
        getitem_28: "b8[s33, 1]" = ge_2[(slice(None, None, None), None)];  ge_2 = None
        getitem_29: "f32[s33, 128]" = qkv[flat_2];  flat_2 = None
        where_2: "f32[s33, 128]" = torch.where(getitem_28, getitem_29, from_tail_2);  getitem_28 = getitem_29 = from_tail_2 = None
        float_6: "f32[s33, 128]" = where_2.float();  where_2 = None
        getitem_30: "f32[128]" = taps[(slice(None, None, None), 2)]
        mul_6: "f32[s33, 128]" = float_6 * getitem_30;  float_6 = getitem_30 = None
        out_3: "f32[s33, 128]" = out_2 + mul_6;  out_2 = mul_6 = None
        rel_3: "i64[s33]" = l_offsets_ - 0
        arange_3: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_7: "i64[s33]" = arange_3 - 0;  arange_3 = None
        flat_3: "i64[s33]" = sub_7.clamp_min(0);  sub_7 = None
        add_7: "i64[s33]" = rel_3 + 3
        clamp_3: "i64[s33]" = add_7.clamp(0, 2);  add_7 = None
        from_tail_3: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_3)];  clamp_3 = None
        ge_3: "b8[s33]" = rel_3 >= 0;  rel_3 = None
        getitem_34: "b8[s33, 1]" = ge_3[(slice(None, None, None), None)];  ge_3 = None
        getitem_35: "f32[s33, 128]" = qkv[flat_3];  flat_3 = None
        where_3: "f32[s33, 128]" = torch.where(getitem_34, getitem_35, from_tail_3);  getitem_34 = getitem_35 = from_tail_3 = None
        float_7: "f32[s33, 128]" = where_3.float();  where_3 = None
        getitem_36: "f32[128]" = taps[(slice(None, None, None), 3)];  taps = None
        mul_7: "f32[s33, 128]" = float_7 * getitem_36;  float_7 = getitem_36 = None
        out_4: "f32[s33, 128]" = out_3 + mul_7;  out_3 = mul_7 = None
        steps: "i64[4]" = torch.arange(-3, 1, device = device(type='cpu'))
        getitem_37: "i64[s33, 1]" = l_offsets_[(slice(None, None, None), None)]
        rel_4: "i64[s33, 4]" = getitem_37 + steps;  getitem_37 = None
        arange_5: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        getitem_40: "i64[s33, 1]" = arange_5[(slice(None, None, None), None)];  arange_5 = None
        add_10: "i64[s33, 4]" = getitem_40 + steps;  getitem_40 = steps = None
        flat_4: "i64[s33, 4]" = add_10.clamp_min(0);  add_10 = None
        getitem_41: "i64[s33, 1]" = l_slots_[(slice(None, None, None), None)]
        add_11: "i64[s33, 4]" = rel_4 + 3
        clamp_4: "i64[s33, 4]" = add_11.clamp(0, 2);  add_11 = None
        from_tail_4: "f32[s33, 4, 128]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_[(getitem_41, clamp_4)];  getitem_41 = clamp_4 = None
        ge_4: "b8[s33, 4]" = rel_4 >= 0;  rel_4 = None
        getitem_43: "b8[s33, 4, 1]" = ge_4[(Ellipsis, None)];  ge_4 = None
        getitem_44: "f32[s33, 4, 128]" = qkv[flat_4];  qkv = flat_4 = None
        where_4: "f32[s33, 4, 128]" = torch.where(getitem_43, getitem_44, from_tail_4);  getitem_43 = getitem_44 = from_tail_4 = None
        getitem_45: "f32[s33, 3, 128]" = where_4[(slice(None, None, None), slice(1, None, None))];  where_4 = None
        to_1: "f32[s33, 3, 128]" = getitem_45.to(torch.float32);  getitem_45 = None
        index_copy_: "f32[3, 3, 128]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_.index_copy_(0, l_write_slots_, to_1);  l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_conv_tail_ = to_1 = index_copy_ = None
        to_2: "f32[s33, 128]" = out_4.to(torch.float32);  out_4 = None
        qkv_1: "f32[s33, 128]" = torch.nn.functional.silu(to_2);  to_2 = None
        split_2 = torch.functional.split(qkv_1, [64, 64], dim = -1);  qkv_1 = None
        qk: "f32[s33, 64]" = split_2[0]
        v: "f32[s33, 64]" = split_2[1];  split_2 = None
        heads: "i64[4]" = torch.arange(4, device = device(type='cpu'))
        lt: "b8[4]" = heads < 2;  heads = None
        scale_2: "f32[4]" = torch.where(lt, 0.25, 1.0);  lt = None
        unflatten_4: "f32[s33, 4, 16]" = qk.unflatten(-1, (4, 16));  qk = None
        float_8: "f32[s33, 4, 16]" = unflatten_4.float();  unflatten_4 = None
        mul_8: "f32[s33, 4, 16]" = float_8 * float_8
        sum_1: "f32[s33, 4, 1]" = mul_8.sum(-1, keepdim = True);  mul_8 = None
        add_12: "f32[s33, 4, 1]" = sum_1 + 1e-06;  sum_1 = None
        rsqrt_1: "f32[s33, 4, 1]" = torch.rsqrt(add_12);  add_12 = None
        mul_9: "f32[s33, 4, 16]" = float_8 * rsqrt_1;  float_8 = rsqrt_1 = None
        getitem_48: "f32[4, 1]" = scale_2[(slice(None, None, None), None)];  scale_2 = None
        qk_1: "f32[s33, 4, 16]" = mul_9 * getitem_48;  mul_9 = getitem_48 = None
        split_3 = qk_1.split(2, dim = -2);  qk_1 = None
        q: "f32[s33, 2, 16]" = split_3[0]
        k: "f32[s33, 2, 16]" = split_3[1];  split_3 = None
        v_1: "f32[s33, 4, 16]" = v.unflatten(-1, (4, 16));  v = None
        float_9: "f32[4]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_a_log_.float();  l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_a_log_ = None
        exp: "f32[4]" = float_9.exp();  float_9 = None
        neg: "f32[4]" = -exp;  exp = None
        float_10: "f32[s33, 4]" = a.float();  a = None
        add_13: "f32[s33, 4]" = float_10 + l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_dt_bias_;  float_10 = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_dt_bias_ = None
        softplus: "f32[s33, 4]" = torch._C._nn.softplus(add_13);  add_13 = None
        decay: "f32[s33, 4]" = neg * softplus;  neg = softplus = None
        to_3: "f32[s33, 4]" = b.to(torch.float32);  b = None
        sigmoid_2: "f32[s33, 4]" = to_3.sigmoid();  to_3 = None
        float_11: "f32[s33, 4]" = sigmoid_2.float();  sigmoid_2 = None
        stack: "f32[2, s33, 4]" = torch.stack([float_11, decay]);  float_11 = decay = None
        unbind = stack.unbind();  stack = None
        beta: "f32[s33, 4]" = unbind[0]
        g: "f32[s33, 4]" = unbind[1];  unbind = None
        out_5: "f32[s33, 4, 16]" = torch.empty((s33, 4, 16), dtype = torch.float32, device = device(type='cpu'))
        delta_rule_default = torch.ops.qcompile.delta_rule.default('model.layers.0.linear_attn', q, k, v_1, g, beta, l_slots_, l_write_slots_, l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_, out_5);  q = k = v_1 = g = beta = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_ = delta_rule_default = None
        core: "f32[s33, 4, 16]" = out_5.to(torch.float32);  out_5 = None
        unflatten_6: "f32[s33, 4, 16]" = z.unflatten(-1, (4, 16));  z = None
        xf_2: "f32[s33, 4, 16]" = core.float();  core = None
        pow_2: "f32[s33, 4, 16]" = xf_2.pow(2)
        mean_2: "f32[s33, 4, 1]" = pow_2.mean(-1, keepdim = True);  pow_2 = None
        add_14: "f32[s33, 4, 1]" = mean_2 + 1e-06;  mean_2 = None
        rsqrt_2: "f32[s33, 4, 1]" = torch.rsqrt(add_14);  add_14 = None
        xf_3: "f32[s33, 4, 16]" = xf_2 * rsqrt_2;  xf_2 = rsqrt_2 = None
        to_5: "f32[s33, 4, 16]" = xf_3.to(torch.float32);  xf_3 = None
        out_6: "f32[s33, 4, 16]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_norm_parameters_weight_ * to_5;  l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_norm_parameters_weight_ = to_5 = None
        float_13: "f32[s33, 4, 16]" = unflatten_6.float();  unflatten_6 = None
        sigmoid_3: "f32[s33, 4, 16]" = torch.sigmoid(float_13);  float_13 = None
        mul_14: "f32[s33, 4, 16]" = out_6 * sigmoid_3;  out_6 = sigmoid_3 = None
        to_6: "f32[s33, 4, 16]" = mul_14.to(torch.float32);  mul_14 = None
        out_7: "f32[s33, 64]" = to_6.flatten(-2);  to_6 = None
        to_7: "f32[s33, 64]" = out_7.to(torch.float32);  out_7 = None
        y_2: "f32[s33, 64]" = torch._C._nn.linear(to_7, l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_out_proj_parameters_weight_, None);  to_7 = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_out_proj_parameters_weight_ = None
        h_1: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h, inject_1, y_2);  h = inject_1 = y_2 = None
        xf_4: "f32[s33, 256]" = h_1.float()
        float_15: "f32[256]" = l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_3: "f32[256]" = 1.0 + float_15;  float_15 = None
        xf_5: "f32[s33, 4, 64]" = xf_4.unflatten(-1, (-1, 64));  xf_4 = None
        scale_4: "f32[4, 64]" = scale_3.unflatten(-1, (-1, 64));  scale_3 = None
        pow_3: "f32[s33, 4, 64]" = xf_5.pow(2)
        mean_3: "f32[s33, 4, 1]" = pow_3.mean(-1, keepdim = True);  pow_3 = None
        add_16: "f32[s33, 4, 1]" = mean_3 + 1e-06;  mean_3 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.rsqrt(add_16);  add_16 = None
        mul_15: "f32[s33, 4, 64]" = xf_5 * rsqrt_3;  xf_5 = rsqrt_3 = None
        mul_16: "f32[s33, 4, 64]" = mul_15 * scale_4;  mul_15 = scale_4 = None
        out_8: "f32[s33, 4, 64]" = mul_16.to(torch.float32);  mul_16 = None
        hn_1: "f32[s33, 256]" = out_8.flatten(-2);  out_8 = None
        y_3: "f32[s33, 32]" = torch._C._nn.linear(hn_1, l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_4 = torch.functional.split(y_3, [16, 0, 4, 12], dim = -1);  y_3 = None
        down_1: "f32[s33, 16]" = split_4[0]
        inject_2: "f32[s33, 4]" = split_4[2];  split_4 = None
        truediv_2: "f32[s33, 16]" = down_1 / 4;  down_1 = None
        silu_2: "f32[s33, 16]" = torch.nn.functional.silu(truediv_2);  truediv_2 = None
        linear_5: "f32[s33, 256]" = torch._C._nn.linear(silu_2, l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_2 = l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_4: "f32[s33, 256]" = torch.sigmoid(linear_5);  linear_5 = None
        unflatten_9: "f32[s33, 4, 64]" = sigmoid_4.unflatten(-1, (4, 64));  sigmoid_4 = None
        unflatten_10: "f32[s33, 4, 64]" = hn_1.unflatten(-1, (4, 64));  hn_1 = None
        mul_17: "f32[s33, 4, 64]" = unflatten_9 * unflatten_10;  unflatten_9 = unflatten_10 = None
        x_1: "f32[s33, 64]" = mul_17.mean(dim = -2);  mul_17 = None
        truediv_3: "f32[s33, 4]" = inject_2 / 4;  inject_2 = None
        sigmoid_5: "f32[s33, 4]" = torch.sigmoid(truediv_3);  truediv_3 = None
        inject_3: "f32[s33, 4]" = 2 * sigmoid_5;  sigmoid_5 = None
        y_4: "f32[s33, 96]" = torch._C._nn.linear(x_1, l_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_ = None
        split_5 = torch.functional.split(y_4, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_4 = None
        logits: "f32[s33, 8]" = split_5[0]
        shared_gate: "f32[s33, 1]" = split_5[2]
        gate: "f32[s33, 32]" = split_5[4]
        up: "f32[s33, 32]" = split_5[6];  split_5 = None
        probs: "f32[s33, 8]" = torch.softmax(logits, dim = -1, dtype = torch.float32);  logits = None
        topk = torch.topk(probs, 2, dim = -1);  probs = None
        top: "f32[s33, 2]" = topk[0]
        idx: "i64[s33, 2]" = topk[1];  topk = None
        sum_2: "f32[s33, 1]" = top.sum(dim = -1, keepdim = True)
        top_1: "f32[s33, 2]" = top / sum_2;  top = sum_2 = None
        weights: "f32[s33, 2]" = top_1.to(torch.float32);  top_1 = None
        silu_3: "f32[s33, 32]" = torch.nn.functional.silu(gate);  gate = None
        mul_19: "f32[s33, 32]" = silu_3 * up;  silu_3 = up = None
        out_9: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'))
        experts_default = torch.ops.qcompile.experts.default('model.layers.0.mlp', x_1, weights, idx, mul_19, shared_gate, out_9);  x_1 = weights = idx = mul_19 = shared_gate = experts_default = None
        h_2: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_1, inject_3, out_9);  h_1 = inject_3 = out_9 = None
        getitem_72: "i64[s33, 1]" = l_input_ids_[(slice(None, None, None), None)];  l_input_ids_ = None
        steps_1: "i64[3]" = torch.arange(-2, 1, device = device(type='cpu'))
        getitem_73: "i64[s33, 1]" = l_offsets_[(slice(None, None, None), None)]
        rel_5: "i64[s33, 3]" = getitem_73 + steps_1;  getitem_73 = None
        arange_8: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        getitem_76: "i64[s33, 1]" = arange_8[(slice(None, None, None), None)];  arange_8 = None
        add_18: "i64[s33, 3]" = getitem_76 + steps_1;  getitem_76 = steps_1 = None
        flat_5: "i64[s33, 3]" = add_18.clamp_min(0);  add_18 = None
        getitem_77: "i64[s33, 1]" = l_slots_[(slice(None, None, None), None)]
        add_19: "i64[s33, 3]" = rel_5 + 2
        clamp_5: "i64[s33, 3]" = add_19.clamp(0, 1);  add_19 = None
        from_tail_5: "i64[s33, 3, 1]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_[(getitem_77, clamp_5)];  getitem_77 = clamp_5 = None
        ge_5: "b8[s33, 3]" = rel_5 >= 0;  rel_5 = None
        getitem_79: "b8[s33, 3, 1]" = ge_5[(Ellipsis, None)];  ge_5 = None
        getitem_80: "i64[s33, 3, 1]" = getitem_72[flat_5];  getitem_72 = flat_5 = None
        window: "i64[s33, 3, 1]" = torch.where(getitem_79, getitem_80, from_tail_5);  getitem_79 = getitem_80 = from_tail_5 = None
        getitem_81: "i64[s33, 2, 1]" = window[(slice(None, None, None), slice(1, None, None))]
        to_10: "i64[s33, 2, 1]" = getitem_81.to(torch.int64);  getitem_81 = None
        index_copy__1: "i64[3, 2, 1]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_.index_copy_(0, l_write_slots_, to_10);  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_ = to_10 = index_copy__1 = None
        window_1: "i64[s33, 3]" = window[(Ellipsis, 0)];  window = None
        is_eos: "b8[s33, 3]" = window_1 == 1
        getitem_83: "i64[s33]" = window_1[(slice(None, None, None), 2)]
        getitem_84: "b8[s33, 0]" = is_eos[(slice(None, None, None), slice(2, 2, None))]
        crosses: "b8[s33]" = getitem_84.any(-1);  getitem_84 = None
        getitem_85: "i64[s33]" = window_1[(slice(None, None, None), 1)]
        where_7: "i64[s33]" = torch.where(crosses, 1, getitem_85);  crosses = getitem_85 = None
        getitem_86: "b8[s33, 1]" = is_eos[(slice(None, None, None), slice(1, 2, None))];  is_eos = None
        crosses_1: "b8[s33]" = getitem_86.any(-1);  getitem_86 = None
        getitem_87: "i64[s33]" = window_1[(slice(None, None, None), 0)];  window_1 = None
        where_8: "i64[s33]" = torch.where(crosses_1, 1, getitem_87);  crosses_1 = getitem_87 = None
        getitem_88: "i64[]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_[0]
        mix: "i64[s33]" = getitem_83 * getitem_88;  getitem_83 = getitem_88 = None
        getitem_89: "i64[]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_[1]
        mul_21: "i64[s33]" = where_7 * getitem_89;  where_7 = getitem_89 = None
        mix_1: "i64[s33]" = torch.bitwise_xor(mix, mul_21);  mix = mul_21 = None
        getitem_90: "i64[s33, 1]" = mix_1[(slice(None, None, None), None)]
        getitem_91: "i64[2]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_vocab_sizes_[slice(0, 2, None)]
        remainder: "i64[s33, 2]" = torch.remainder(getitem_90, getitem_91);  getitem_90 = getitem_91 = None
        getitem_92: "i64[2]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_offsets_[slice(0, 2, None)]
        add_20: "i64[s33, 2]" = remainder + getitem_92;  remainder = getitem_92 = None
        getitem_93: "i64[]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_[2];  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_ = None
        mul_22: "i64[s33]" = where_8 * getitem_93;  where_8 = getitem_93 = None
        mix_2: "i64[s33]" = torch.bitwise_xor(mix_1, mul_22);  mix_1 = mul_22 = None
        getitem_94: "i64[s33, 1]" = mix_2[(slice(None, None, None), None)];  mix_2 = None
        getitem_95: "i64[2]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_vocab_sizes_[slice(2, 4, None)];  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_vocab_sizes_ = None
        remainder_1: "i64[s33, 2]" = torch.remainder(getitem_94, getitem_95);  getitem_94 = getitem_95 = None
        getitem_96: "i64[2]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_offsets_[slice(2, 4, None)];  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_offsets_ = None
        add_21: "i64[s33, 2]" = remainder_1 + getitem_96;  remainder_1 = getitem_96 = None
        cat: "i64[s33, 4]" = torch.cat([add_20, add_21], dim = -1);  add_20 = add_21 = None
        out_10: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'))
        ple_gather_default = torch.ops.qcompile.ple_gather.default('model.layers.1.ple.ple_embedding', cat, out_10);  cat = ple_gather_default = None
        emb: "f32[s33, 64]" = out_10.to(torch.float32);  out_10 = None
        y_5: "f32[s33, 320]" = torch._C._nn.linear(emb, l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_merged_key_value_);  emb = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_merged_key_value_ = None
        split_6 = torch.functional.split(y_5, [256, 0, 64, 0], dim = -1);  y_5 = None
        key: "f32[s33, 256]" = split_6[0]
        value: "f32[s33, 64]" = split_6[2];  split_6 = None
        to_12: "f32[s33, 256]" = key.to(torch.float32);  key = None
        xf_6: "f32[s33, 256]" = to_12.float();  to_12 = None
        float_17: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_key_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_key_parameters_weight_ = None
        scale_5: "f32[256]" = 1.0 + float_17;  float_17 = None
        xf_7: "f32[s33, 4, 64]" = xf_6.unflatten(-1, (-1, 64));  xf_6 = None
        scale_6: "f32[4, 64]" = scale_5.unflatten(-1, (-1, 64));  scale_5 = None
        pow_4: "f32[s33, 4, 64]" = xf_7.pow(2)
        mean_5: "f32[s33, 4, 1]" = pow_4.mean(-1, keepdim = True);  pow_4 = None
        add_23: "f32[s33, 4, 1]" = mean_5 + 1e-06;  mean_5 = None
        rsqrt_4: "f32[s33, 4, 1]" = torch.rsqrt(add_23);  add_23 = None
        mul_23: "f32[s33, 4, 64]" = xf_7 * rsqrt_4;  xf_7 = rsqrt_4 = None
        mul_24: "f32[s33, 4, 64]" = mul_23 * scale_6;  mul_23 = scale_6 = None
        out_11: "f32[s33, 4, 64]" = mul_24.to(torch.float32);  mul_24 = None
        flatten_3: "f32[s33, 256]" = out_11.flatten(-2);  out_11 = None
        key_1: "f32[s33, 4, 64]" = flatten_3.unflatten(-1, (4, 64));  flatten_3 = None
        to_14: "f32[s33, 256]" = h_2.to(torch.float32)
        xf_8: "f32[s33, 256]" = to_14.float();  to_14 = None
        float_19: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_query_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_query_parameters_weight_ = None
        scale_7: "f32[256]" = 1.0 + float_19;  float_19 = None
        xf_9: "f32[s33, 4, 64]" = xf_8.unflatten(-1, (-1, 64));  xf_8 = None
        scale_8: "f32[4, 64]" = scale_7.unflatten(-1, (-1, 64));  scale_7 = None
        pow_5: "f32[s33, 4, 64]" = xf_9.pow(2)
        mean_6: "f32[s33, 4, 1]" = pow_5.mean(-1, keepdim = True);  pow_5 = None
        add_25: "f32[s33, 4, 1]" = mean_6 + 1e-06;  mean_6 = None
        rsqrt_5: "f32[s33, 4, 1]" = torch.rsqrt(add_25);  add_25 = None
        mul_25: "f32[s33, 4, 64]" = xf_9 * rsqrt_5;  xf_9 = rsqrt_5 = None
        mul_26: "f32[s33, 4, 64]" = mul_25 * scale_8;  mul_25 = scale_8 = None
        out_12: "f32[s33, 4, 64]" = mul_26.to(torch.float32);  mul_26 = None
        flatten_4: "f32[s33, 256]" = out_12.flatten(-2);  out_12 = None
        query: "f32[s33, 4, 64]" = flatten_4.unflatten(-1, (4, 64));  flatten_4 = None
        mul_27: "f32[s33, 4, 64]" = key_1 * query;  key_1 = query = None
        sum_3: "f32[s33, 4, 1]" = mul_27.sum(dim = -1, keepdim = True);  mul_27 = None
        gate_1: "f32[s33, 4, 1]" = sum_3 / 8.0;  sum_3 = None
        abs_1: "f32[s33, 4, 1]" = gate_1.abs()
        clamp_min_6: "f32[s33, 4, 1]" = abs_1.clamp_min(1e-06);  abs_1 = None
        sqrt: "f32[s33, 4, 1]" = clamp_min_6.sqrt();  clamp_min_6 = None
        sign: "f32[s33, 4, 1]" = gate_1.sign();  gate_1 = None
        gate_2: "f32[s33, 4, 1]" = sqrt * sign;  sqrt = sign = None
        sigmoid_6: "f32[s33, 4, 1]" = torch.sigmoid(gate_2);  gate_2 = None
        unsqueeze: "f32[s33, 1, 64]" = value.unsqueeze(-2);  value = None
        mul_29: "f32[s33, 4, 64]" = sigmoid_6 * unsqueeze;  sigmoid_6 = unsqueeze = None
        gated: "f32[s33, 256]" = mul_29.flatten(-2);  mul_29 = None
        xf_10: "f32[s33, 256]" = gated.float()
        float_21: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_conv_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_conv_parameters_weight_ = None
        scale_9: "f32[256]" = 1.0 + float_21;  float_21 = None
        xf_11: "f32[s33, 4, 64]" = xf_10.unflatten(-1, (-1, 64));  xf_10 = None
        scale_10: "f32[4, 64]" = scale_9.unflatten(-1, (-1, 64));  scale_9 = None
        pow_6: "f32[s33, 4, 64]" = xf_11.pow(2)
        mean_7: "f32[s33, 4, 1]" = pow_6.mean(-1, keepdim = True);  pow_6 = None
        add_27: "f32[s33, 4, 1]" = mean_7 + 1e-06;  mean_7 = None
        rsqrt_6: "f32[s33, 4, 1]" = torch.rsqrt(add_27);  add_27 = None
        mul_30: "f32[s33, 4, 64]" = xf_11 * rsqrt_6;  xf_11 = rsqrt_6 = None
        mul_31: "f32[s33, 4, 64]" = mul_30 * scale_10;  mul_30 = scale_10 = None
        out_13: "f32[s33, 4, 64]" = mul_31.to(torch.float32);  mul_31 = None
        flatten_6: "f32[s33, 256]" = out_13.flatten(-2);  out_13 = None
        getitem_105: "f32[256, 4]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_conv1d_parameters_weight_[(slice(None, None, None), 0, slice(None, None, None))];  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_conv1d_parameters_weight_ = None
        taps_1: "f32[256, 4]" = getitem_105.float();  getitem_105 = None
        rel_6: "i64[s33]" = l_offsets_ - 9
        arange_9: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_9: "i64[s33]" = arange_9 - 9;  arange_9 = None
        flat_6: "i64[s33]" = sub_9.clamp_min(0);  sub_9 = None
        add_28: "i64[s33]" = rel_6 + 9
        clamp_6: "i64[s33]" = add_28.clamp(0, 8);  add_28 = None
        from_tail_6: "f32[s33, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(l_slots_, clamp_6)];  clamp_6 = None
        ge_6: "b8[s33]" = rel_6 >= 0;  rel_6 = None
        getitem_109: "b8[s33, 1]" = ge_6[(slice(None, None, None), None)];  ge_6 = None
        getitem_110: "f32[s33, 256]" = flatten_6[flat_6];  flat_6 = None
        where_9: "f32[s33, 256]" = torch.where(getitem_109, getitem_110, from_tail_6);  getitem_109 = getitem_110 = from_tail_6 = None
        float_23: "f32[s33, 256]" = where_9.float();  where_9 = None
        getitem_111: "f32[256]" = taps_1[(slice(None, None, None), 0)]
        out_14: "f32[s33, 256]" = float_23 * getitem_111;  float_23 = getitem_111 = None
        rel_7: "i64[s33]" = l_offsets_ - 6
        arange_10: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_11: "i64[s33]" = arange_10 - 6;  arange_10 = None
        flat_7: "i64[s33]" = sub_11.clamp_min(0);  sub_11 = None
        add_29: "i64[s33]" = rel_7 + 9
        clamp_7: "i64[s33]" = add_29.clamp(0, 8);  add_29 = None
        from_tail_7: "f32[s33, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(l_slots_, clamp_7)];  clamp_7 = None
        ge_7: "b8[s33]" = rel_7 >= 0;  rel_7 = None
        getitem_115: "b8[s33, 1]" = ge_7[(slice(None, None, None), None)];  ge_7 = None
        getitem_116: "f32[s33, 256]" = flatten_6[flat_7];  flat_7 = None
        where_10: "f32[s33, 256]" = torch.where(getitem_115, getitem_116, from_tail_7);  getitem_115 = getitem_116 = from_tail_7 = None
        float_24: "f32[s33, 256]" = where_10.float();  where_10 = None
        getitem_117: "f32[256]" = taps_1[(slice(None, None, None), 1)]
        mul_33: "f32[s33, 256]" = float_24 * getitem_117;  float_24 = getitem_117 = None
        out_15: "f32[s33, 256]" = out_14 + mul_33;  out_14 = mul_33 = None
        rel_8: "i64[s33]" = l_offsets_ - 3
        arange_11: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_13: "i64[s33]" = arange_11 - 3;  arange_11 = None
        flat_8: "i64[s33]" = sub_13.clamp_min(0);  sub_13 = None
        add_31: "i64[s33]" = rel_8 + 9
        clamp_8: "i64[s33]" = add_31.clamp(0, 8);  add_31 = None
        from_tail_8: "f32[s33, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(l_slots_, clamp_8)];  clamp_8 = None
        ge_8: "b8[s33]" = rel_8 >= 0;  rel_8 = None
        getitem_121: "b8[s33, 1]" = ge_8[(slice(None, None, None), None)];  ge_8 = None
        getitem_122: "f32[s33, 256]" = flatten_6[flat_8];  flat_8 = None
        where_11: "f32[s33, 256]" = torch.where(getitem_121, getitem_122, from_tail_8);  getitem_121 = getitem_122 = from_tail_8 = None
        float_25: "f32[s33, 256]" = where_11.float();  where_11 = None
        getitem_123: "f32[256]" = taps_1[(slice(None, None, None), 2)]
        mul_34: "f32[s33, 256]" = float_25 * getitem_123;  float_25 = getitem_123 = None
        out_16: "f32[s33, 256]" = out_15 + mul_34;  out_15 = mul_34 = None
        rel_9: "i64[s33]" = l_offsets_ - 0
        arange_12: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_15: "i64[s33]" = arange_12 - 0;  arange_12 = None
        flat_9: "i64[s33]" = sub_15.clamp_min(0);  sub_15 = None
        add_33: "i64[s33]" = rel_9 + 9
        clamp_9: "i64[s33]" = add_33.clamp(0, 8);  add_33 = None
        from_tail_9: "f32[s33, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(l_slots_, clamp_9)];  clamp_9 = None
        ge_9: "b8[s33]" = rel_9 >= 0;  rel_9 = None
        getitem_127: "b8[s33, 1]" = ge_9[(slice(None, None, None), None)];  ge_9 = None
        getitem_128: "f32[s33, 256]" = flatten_6[flat_9];  flat_9 = None
        where_12: "f32[s33, 256]" = torch.where(getitem_127, getitem_128, from_tail_9);  getitem_127 = getitem_128 = from_tail_9 = None
        float_26: "f32[s33, 256]" = where_12.float();  where_12 = None
        getitem_129: "f32[256]" = taps_1[(slice(None, None, None), 3)];  taps_1 = None
        mul_35: "f32[s33, 256]" = float_26 * getitem_129;  float_26 = getitem_129 = None
        out_17: "f32[s33, 256]" = out_16 + mul_35;  out_16 = mul_35 = None
        steps_2: "i64[10]" = torch.arange(-9, 1, device = device(type='cpu'))
        getitem_130: "i64[s33, 1]" = l_offsets_[(slice(None, None, None), None)]
        rel_10: "i64[s33, 10]" = getitem_130 + steps_2;  getitem_130 = None
        arange_14: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        getitem_133: "i64[s33, 1]" = arange_14[(slice(None, None, None), None)];  arange_14 = None
        add_36: "i64[s33, 10]" = getitem_133 + steps_2;  getitem_133 = steps_2 = None
        flat_10: "i64[s33, 10]" = add_36.clamp_min(0);  add_36 = None
        getitem_134: "i64[s33, 1]" = l_slots_[(slice(None, None, None), None)]
        add_37: "i64[s33, 10]" = rel_10 + 9
        clamp_10: "i64[s33, 10]" = add_37.clamp(0, 8);  add_37 = None
        from_tail_10: "f32[s33, 10, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(getitem_134, clamp_10)];  getitem_134 = clamp_10 = None
        ge_10: "b8[s33, 10]" = rel_10 >= 0;  rel_10 = None
        getitem_136: "b8[s33, 10, 1]" = ge_10[(Ellipsis, None)];  ge_10 = None
        getitem_137: "f32[s33, 10, 256]" = flatten_6[flat_10];  flatten_6 = flat_10 = None
        where_13: "f32[s33, 10, 256]" = torch.where(getitem_136, getitem_137, from_tail_10);  getitem_136 = getitem_137 = from_tail_10 = None
        getitem_138: "f32[s33, 9, 256]" = where_13[(slice(None, None, None), slice(1, None, None))];  where_13 = None
        to_17: "f32[s33, 9, 256]" = getitem_138.to(torch.float32);  getitem_138 = None
        index_copy__2: "f32[3, 9, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_.index_copy_(0, l_write_slots_, to_17);  l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_ = to_17 = index_copy__2 = None
        silu_4: "f32[s33, 256]" = torch.nn.functional.silu(out_17);  out_17 = None
        to_18: "f32[s33, 256]" = silu_4.to(torch.float32);  silu_4 = None
        add_38: "f32[s33, 256]" = gated + to_18;  gated = to_18 = None
        to_19: "f32[s33, 256]" = add_38.to(torch.float32);  add_38 = None
        h_3: "f32[s33, 256]" = h_2 + to_19;  h_2 = to_19 = None
        xf_12: "f32[s33, 256]" = h_3.float()
        float_28: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_11: "f32[256]" = 1.0 + float_28;  float_28 = None
        xf_13: "f32[s33, 4, 64]" = xf_12.unflatten(-1, (-1, 64));  xf_12 = None
        scale_12: "f32[4, 64]" = scale_11.unflatten(-1, (-1, 64));  scale_11 = None
        pow_7: "f32[s33, 4, 64]" = xf_13.pow(2)
        mean_8: "f32[s33, 4, 1]" = pow_7.mean(-1, keepdim = True);  pow_7 = None
        add_41: "f32[s33, 4, 1]" = mean_8 + 1e-06;  mean_8 = None
        rsqrt_7: "f32[s33, 4, 1]" = torch.rsqrt(add_41);  add_41 = None
        mul_36: "f32[s33, 4, 64]" = xf_13 * rsqrt_7;  xf_13 = rsqrt_7 = None
        mul_37: "f32[s33, 4, 64]" = mul_36 * scale_12;  mul_36 = scale_12 = None
        out_18: "f32[s33, 4, 64]" = mul_37.to(torch.float32);  mul_37 = None
        hn_2: "f32[s33, 256]" = out_18.flatten(-2);  out_18 = None
        y_6: "f32[s33, 32]" = torch._C._nn.linear(hn_2, l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split_7 = torch.functional.split(y_6, [16, 0, 4, 12], dim = -1);  y_6 = None
        down_2: "f32[s33, 16]" = split_7[0]
        inject_4: "f32[s33, 4]" = split_7[2];  split_7 = None
        truediv_6: "f32[s33, 16]" = down_2 / 4;  down_2 = None
        silu_5: "f32[s33, 16]" = torch.nn.functional.silu(truediv_6);  truediv_6 = None
        linear_9: "f32[s33, 256]" = torch._C._nn.linear(silu_5, l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_5 = l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_7: "f32[s33, 256]" = torch.sigmoid(linear_9);  linear_9 = None
        unflatten_21: "f32[s33, 4, 64]" = sigmoid_7.unflatten(-1, (4, 64));  sigmoid_7 = None
        unflatten_22: "f32[s33, 4, 64]" = hn_2.unflatten(-1, (4, 64));  hn_2 = None
        mul_38: "f32[s33, 4, 64]" = unflatten_21 * unflatten_22;  unflatten_21 = unflatten_22 = None
        x_2: "f32[s33, 64]" = mul_38.mean(dim = -2);  mul_38 = None
        truediv_7: "f32[s33, 4]" = inject_4 / 4;  inject_4 = None
        sigmoid_8: "f32[s33, 4]" = torch.sigmoid(truediv_7);  truediv_7 = None
        inject_5: "f32[s33, 4]" = 2 * sigmoid_8;  sigmoid_8 = None
        y_7: "f32[s33, 224]" = torch._C._nn.linear(x_2, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_merged_in_proj_);  x_2 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_merged_in_proj_ = None
        split_8 = torch.functional.split(y_7, [128, 0, 64, 0, 4, 12, 4, 12], dim = -1);  y_7 = None
        qkv_2: "f32[s33, 128]" = split_8[0]
        z_1: "f32[s33, 64]" = split_8[2]
        b_1: "f32[s33, 4]" = split_8[4]
        a_1: "f32[s33, 4]" = split_8[6];  split_8 = None
        getitem_151: "f32[128, 4]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_conv1d_parameters_weight_[(slice(None, None, None), 0, slice(None, None, None))];  l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_conv1d_parameters_weight_ = None
        taps_2: "f32[128, 4]" = getitem_151.float();  getitem_151 = None
        rel_11: "i64[s33]" = l_offsets_ - 3
        arange_15: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_17: "i64[s33]" = arange_15 - 3;  arange_15 = None
        flat_11: "i64[s33]" = sub_17.clamp_min(0);  sub_17 = None
        add_42: "i64[s33]" = rel_11 + 3
        clamp_11: "i64[s33]" = add_42.clamp(0, 2);  add_42 = None
        from_tail_11: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_11)];  clamp_11 = None
        ge_11: "b8[s33]" = rel_11 >= 0;  rel_11 = None
        getitem_155: "b8[s33, 1]" = ge_11[(slice(None, None, None), None)];  ge_11 = None
        getitem_156: "f32[s33, 128]" = qkv_2[flat_11];  flat_11 = None
        where_14: "f32[s33, 128]" = torch.where(getitem_155, getitem_156, from_tail_11);  getitem_155 = getitem_156 = from_tail_11 = None
        float_30: "f32[s33, 128]" = where_14.float();  where_14 = None
        getitem_157: "f32[128]" = taps_2[(slice(None, None, None), 0)]
        out_19: "f32[s33, 128]" = float_30 * getitem_157;  float_30 = getitem_157 = None
        rel_12: "i64[s33]" = l_offsets_ - 2
        arange_16: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_19: "i64[s33]" = arange_16 - 2;  arange_16 = None
        flat_12: "i64[s33]" = sub_19.clamp_min(0);  sub_19 = None
        add_43: "i64[s33]" = rel_12 + 3
        clamp_12: "i64[s33]" = add_43.clamp(0, 2);  add_43 = None
        from_tail_12: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_12)];  clamp_12 = None
        ge_12: "b8[s33]" = rel_12 >= 0;  rel_12 = None
        getitem_161: "b8[s33, 1]" = ge_12[(slice(None, None, None), None)];  ge_12 = None
        getitem_162: "f32[s33, 128]" = qkv_2[flat_12];  flat_12 = None
        where_15: "f32[s33, 128]" = torch.where(getitem_161, getitem_162, from_tail_12);  getitem_161 = getitem_162 = from_tail_12 = None
        float_31: "f32[s33, 128]" = where_15.float();  where_15 = None
        getitem_163: "f32[128]" = taps_2[(slice(None, None, None), 1)]
        mul_41: "f32[s33, 128]" = float_31 * getitem_163;  float_31 = getitem_163 = None
        out_20: "f32[s33, 128]" = out_19 + mul_41;  out_19 = mul_41 = None
        rel_13: "i64[s33]" = l_offsets_ - 1
        arange_17: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_21: "i64[s33]" = arange_17 - 1;  arange_17 = None
        flat_13: "i64[s33]" = sub_21.clamp_min(0);  sub_21 = None
        add_45: "i64[s33]" = rel_13 + 3
        clamp_13: "i64[s33]" = add_45.clamp(0, 2);  add_45 = None
        from_tail_13: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_13)];  clamp_13 = None
        ge_13: "b8[s33]" = rel_13 >= 0;  rel_13 = None
        getitem_167: "b8[s33, 1]" = ge_13[(slice(None, None, None), None)];  ge_13 = None
        getitem_168: "f32[s33, 128]" = qkv_2[flat_13];  flat_13 = None
        where_16: "f32[s33, 128]" = torch.where(getitem_167, getitem_168, from_tail_13);  getitem_167 = getitem_168 = from_tail_13 = None
        float_32: "f32[s33, 128]" = where_16.float();  where_16 = None
        getitem_169: "f32[128]" = taps_2[(slice(None, None, None), 2)]
        mul_42: "f32[s33, 128]" = float_32 * getitem_169;  float_32 = getitem_169 = None
        out_21: "f32[s33, 128]" = out_20 + mul_42;  out_20 = mul_42 = None
        rel_14: "i64[s33]" = l_offsets_ - 0
        arange_18: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_23: "i64[s33]" = arange_18 - 0;  arange_18 = None
        flat_14: "i64[s33]" = sub_23.clamp_min(0);  sub_23 = None
        add_47: "i64[s33]" = rel_14 + 3
        clamp_14: "i64[s33]" = add_47.clamp(0, 2);  add_47 = None
        from_tail_14: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_14)];  clamp_14 = None
        ge_14: "b8[s33]" = rel_14 >= 0;  rel_14 = None
        getitem_173: "b8[s33, 1]" = ge_14[(slice(None, None, None), None)];  ge_14 = None
        getitem_174: "f32[s33, 128]" = qkv_2[flat_14];  flat_14 = None
        where_17: "f32[s33, 128]" = torch.where(getitem_173, getitem_174, from_tail_14);  getitem_173 = getitem_174 = from_tail_14 = None
        float_33: "f32[s33, 128]" = where_17.float();  where_17 = None
        getitem_175: "f32[128]" = taps_2[(slice(None, None, None), 3)];  taps_2 = None
        mul_43: "f32[s33, 128]" = float_33 * getitem_175;  float_33 = getitem_175 = None
        out_22: "f32[s33, 128]" = out_21 + mul_43;  out_21 = mul_43 = None
        steps_3: "i64[4]" = torch.arange(-3, 1, device = device(type='cpu'))
        getitem_176: "i64[s33, 1]" = l_offsets_[(slice(None, None, None), None)]
        rel_15: "i64[s33, 4]" = getitem_176 + steps_3;  getitem_176 = None
        arange_20: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        getitem_179: "i64[s33, 1]" = arange_20[(slice(None, None, None), None)];  arange_20 = None
        add_50: "i64[s33, 4]" = getitem_179 + steps_3;  getitem_179 = steps_3 = None
        flat_15: "i64[s33, 4]" = add_50.clamp_min(0);  add_50 = None
        getitem_180: "i64[s33, 1]" = l_slots_[(slice(None, None, None), None)]
        add_51: "i64[s33, 4]" = rel_15 + 3
        clamp_15: "i64[s33, 4]" = add_51.clamp(0, 2);  add_51 = None
        from_tail_15: "f32[s33, 4, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(getitem_180, clamp_15)];  getitem_180 = clamp_15 = None
        ge_15: "b8[s33, 4]" = rel_15 >= 0;  rel_15 = None
        getitem_182: "b8[s33, 4, 1]" = ge_15[(Ellipsis, None)];  ge_15 = None
        getitem_183: "f32[s33, 4, 128]" = qkv_2[flat_15];  qkv_2 = flat_15 = None
        where_18: "f32[s33, 4, 128]" = torch.where(getitem_182, getitem_183, from_tail_15);  getitem_182 = getitem_183 = from_tail_15 = None
        getitem_184: "f32[s33, 3, 128]" = where_18[(slice(None, None, None), slice(1, None, None))];  where_18 = None
        to_21: "f32[s33, 3, 128]" = getitem_184.to(torch.float32);  getitem_184 = None
        index_copy__3: "f32[3, 3, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_.index_copy_(0, l_write_slots_, to_21);  l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_ = to_21 = index_copy__3 = None
        to_22: "f32[s33, 128]" = out_22.to(torch.float32);  out_22 = None
        qkv_3: "f32[s33, 128]" = torch.nn.functional.silu(to_22);  to_22 = None
        split_9 = torch.functional.split(qkv_3, [64, 64], dim = -1);  qkv_3 = None
        qk_2: "f32[s33, 64]" = split_9[0]
        v_2: "f32[s33, 64]" = split_9[1];  split_9 = None
        heads_1: "i64[4]" = torch.arange(4, device = device(type='cpu'))
        lt_1: "b8[4]" = heads_1 < 2;  heads_1 = None
        scale_13: "f32[4]" = torch.where(lt_1, 0.25, 1.0);  lt_1 = None
        unflatten_23: "f32[s33, 4, 16]" = qk_2.unflatten(-1, (4, 16));  qk_2 = None
        float_34: "f32[s33, 4, 16]" = unflatten_23.float();  unflatten_23 = None
        mul_44: "f32[s33, 4, 16]" = float_34 * float_34
        sum_4: "f32[s33, 4, 1]" = mul_44.sum(-1, keepdim = True);  mul_44 = None
        add_52: "f32[s33, 4, 1]" = sum_4 + 1e-06;  sum_4 = None
        rsqrt_8: "f32[s33, 4, 1]" = torch.rsqrt(add_52);  add_52 = None
        mul_45: "f32[s33, 4, 16]" = float_34 * rsqrt_8;  float_34 = rsqrt_8 = None
        getitem_187: "f32[4, 1]" = scale_13[(slice(None, None, None), None)];  scale_13 = None
        qk_3: "f32[s33, 4, 16]" = mul_45 * getitem_187;  mul_45 = getitem_187 = None
        split_10 = qk_3.split(2, dim = -2);  qk_3 = None
        q_1: "f32[s33, 2, 16]" = split_10[0]
        k_1: "f32[s33, 2, 16]" = split_10[1];  split_10 = None
        v_3: "f32[s33, 4, 16]" = v_2.unflatten(-1, (4, 16));  v_2 = None
        float_35: "f32[4]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_a_log_.float();  l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_a_log_ = None
        exp_1: "f32[4]" = float_35.exp();  float_35 = None
        neg_1: "f32[4]" = -exp_1;  exp_1 = None
        float_36: "f32[s33, 4]" = a_1.float();  a_1 = None
        add_53: "f32[s33, 4]" = float_36 + l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_dt_bias_;  float_36 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_dt_bias_ = None
        softplus_1: "f32[s33, 4]" = torch._C._nn.softplus(add_53);  add_53 = None
        decay_1: "f32[s33, 4]" = neg_1 * softplus_1;  neg_1 = softplus_1 = None
        to_23: "f32[s33, 4]" = b_1.to(torch.float32);  b_1 = None
        sigmoid_9: "f32[s33, 4]" = to_23.sigmoid();  to_23 = None
        float_37: "f32[s33, 4]" = sigmoid_9.float();  sigmoid_9 = None
        stack_1: "f32[2, s33, 4]" = torch.stack([float_37, decay_1]);  float_37 = decay_1 = None
        unbind_1 = stack_1.unbind();  stack_1 = None
        beta_1: "f32[s33, 4]" = unbind_1[0]
        g_1: "f32[s33, 4]" = unbind_1[1];  unbind_1 = None
        out_23: "f32[s33, 4, 16]" = torch.empty((s33, 4, 16), dtype = torch.float32, device = device(type='cpu'))
        delta_rule_default_1 = torch.ops.qcompile.delta_rule.default('model.layers.1.linear_attn', q_1, k_1, v_3, g_1, beta_1, l_slots_, l_write_slots_, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_, out_23);  q_1 = k_1 = v_3 = g_1 = beta_1 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_ = delta_rule_default_1 = None
        core_1: "f32[s33, 4, 16]" = out_23.to(torch.float32);  out_23 = None
        unflatten_25: "f32[s33, 4, 16]" = z_1.unflatten(-1, (4, 16));  z_1 = None
        xf_14: "f32[s33, 4, 16]" = core_1.float();  core_1 = None
        pow_8: "f32[s33, 4, 16]" = xf_14.pow(2)
        mean_10: "f32[s33, 4, 1]" = pow_8.mean(-1, keepdim = True);  pow_8 = None
        add_54: "f32[s33, 4, 1]" = mean_10 + 1e-06;  mean_10 = None
        rsqrt_9: "f32[s33, 4, 1]" = torch.rsqrt(add_54);  add_54 = None
        xf_15: "f32[s33, 4, 16]" = xf_14 * rsqrt_9;  xf_14 = rsqrt_9 = None
        to_25: "f32[s33, 4, 16]" = xf_15.to(torch.float32);  xf_15 = None
        out_24: "f32[s33, 4, 16]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_norm_parameters_weight_ * to_25;  l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_norm_parameters_weight_ = to_25 = None
        float_39: "f32[s33, 4, 16]" = unflatten_25.float();  unflatten_25 = None
        sigmoid_10: "f32[s33, 4, 16]" = torch.sigmoid(float_39);  float_39 = None
        mul_50: "f32[s33, 4, 16]" = out_24 * sigmoid_10;  out_24 = sigmoid_10 = None
        to_26: "f32[s33, 4, 16]" = mul_50.to(torch.float32);  mul_50 = None
        out_25: "f32[s33, 64]" = to_26.flatten(-2);  to_26 = None
        to_27: "f32[s33, 64]" = out_25.to(torch.float32);  out_25 = None
        y_8: "f32[s33, 64]" = torch._C._nn.linear(to_27, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_out_proj_parameters_weight_, None);  to_27 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_out_proj_parameters_weight_ = None
        h_4: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_3, inject_5, y_8);  h_3 = inject_5 = y_8 = None
        xf_16: "f32[s33, 256]" = h_4.float()
        float_41: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_14: "f32[256]" = 1.0 + float_41;  float_41 = None
        xf_17: "f32[s33, 4, 64]" = xf_16.unflatten(-1, (-1, 64));  xf_16 = None
        scale_15: "f32[4, 64]" = scale_14.unflatten(-1, (-1, 64));  scale_14 = None
        pow_9: "f32[s33, 4, 64]" = xf_17.pow(2)
        mean_11: "f32[s33, 4, 1]" = pow_9.mean(-1, keepdim = True);  pow_9 = None
        add_56: "f32[s33, 4, 1]" = mean_11 + 1e-06;  mean_11 = None
        rsqrt_10: "f32[s33, 4, 1]" = torch.rsqrt(add_56);  add_56 = None
        mul_51: "f32[s33, 4, 64]" = xf_17 * rsqrt_10;  xf_17 = rsqrt_10 = None
        mul_52: "f32[s33, 4, 64]" = mul_51 * scale_15;  mul_51 = scale_15 = None
        out_26: "f32[s33, 4, 64]" = mul_52.to(torch.float32);  mul_52 = None
        hn_3: "f32[s33, 256]" = out_26.flatten(-2);  out_26 = None
        y_9: "f32[s33, 32]" = torch._C._nn.linear(hn_3, l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_11 = torch.functional.split(y_9, [16, 0, 4, 12], dim = -1);  y_9 = None
        down_3: "f32[s33, 16]" = split_11[0]
        inject_6: "f32[s33, 4]" = split_11[2];  split_11 = None
        truediv_8: "f32[s33, 16]" = down_3 / 4;  down_3 = None
        silu_7: "f32[s33, 16]" = torch.nn.functional.silu(truediv_8);  truediv_8 = None
        linear_13: "f32[s33, 256]" = torch._C._nn.linear(silu_7, l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_7 = l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_11: "f32[s33, 256]" = torch.sigmoid(linear_13);  linear_13 = None
        unflatten_28: "f32[s33, 4, 64]" = sigmoid_11.unflatten(-1, (4, 64));  sigmoid_11 = None
        unflatten_29: "f32[s33, 4, 64]" = hn_3.unflatten(-1, (4, 64));  hn_3 = None
        mul_53: "f32[s33, 4, 64]" = unflatten_28 * unflatten_29;  unflatten_28 = unflatten_29 = None
        x_3: "f32[s33, 64]" = mul_53.mean(dim = -2);  mul_53 = None
        truediv_9: "f32[s33, 4]" = inject_6 / 4;  inject_6 = None
        sigmoid_12: "f32[s33, 4]" = torch.sigmoid(truediv_9);  truediv_9 = None
        inject_7: "f32[s33, 4]" = 2 * sigmoid_12;  sigmoid_12 = None
        y_10: "f32[s33, 96]" = torch._C._nn.linear(x_3, l_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_ = None
        split_12 = torch.functional.split(y_10, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_10 = None
        logits_1: "f32[s33, 8]" = split_12[0]
        shared_gate_1: "f32[s33, 1]" = split_12[2]
        gate_3: "f32[s33, 32]" = split_12[4]
        up_1: "f32[s33, 32]" = split_12[6];  split_12 = None
        probs_1: "f32[s33, 8]" = torch.softmax(logits_1, dim = -1, dtype = torch.float32);  logits_1 = None
        topk_1 = torch.topk(probs_1, 2, dim = -1);  probs_1 = None
        top_2: "f32[s33, 2]" = topk_1[0]
        idx_1: "i64[s33, 2]" = topk_1[1];  topk_1 = None
        sum_5: "f32[s33, 1]" = top_2.sum(dim = -1, keepdim = True)
        top_3: "f32[s33, 2]" = top_2 / sum_5;  top_2 = sum_5 = None
        weights_1: "f32[s33, 2]" = top_3.to(torch.float32);  top_3 = None
        silu_8: "f32[s33, 32]" = torch.nn.functional.silu(gate_3);  gate_3 = None
        mul_55: "f32[s33, 32]" = silu_8 * up_1;  silu_8 = up_1 = None
        out_27: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'))
        experts_default_1 = torch.ops.qcompile.experts.default('model.layers.1.mlp', x_3, weights_1, idx_1, mul_55, shared_gate_1, out_27);  x_3 = weights_1 = idx_1 = mul_55 = shared_gate_1 = experts_default_1 = None
        h_5: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_4, inject_7, out_27);  h_4 = inject_7 = out_27 = None
        xf_18: "f32[s33, 256]" = h_5.float()
        float_43: "f32[256]" = l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_16: "f32[256]" = 1.0 + float_43;  float_43 = None
        xf_19: "f32[s33, 4, 64]" = xf_18.unflatten(-1, (-1, 64));  xf_18 = None
        scale_17: "f32[4, 64]" = scale_16.unflatten(-1, (-1, 64));  scale_16 = None
        pow_10: "f32[s33, 4, 64]" = xf_19.pow(2)
        mean_13: "f32[s33, 4, 1]" = pow_10.mean(-1, keepdim = True);  pow_10 = None
        add_58: "f32[s33, 4, 1]" = mean_13 + 1e-06;  mean_13 = None
        rsqrt_11: "f32[s33, 4, 1]" = torch.rsqrt(add_58);  add_58 = None
        mul_56: "f32[s33, 4, 64]" = xf_19 * rsqrt_11;  xf_19 = rsqrt_11 = None
        mul_57: "f32[s33, 4, 64]" = mul_56 * scale_17;  mul_56 = scale_17 = None
        out_28: "f32[s33, 4, 64]" = mul_57.to(torch.float32);  mul_57 = None
        hn_4: "f32[s33, 256]" = out_28.flatten(-2);  out_28 = None
        y_11: "f32[s33, 32]" = torch._C._nn.linear(hn_4, l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split_13 = torch.functional.split(y_11, [16, 0, 4, 12], dim = -1);  y_11 = None
        down_4: "f32[s33, 16]" = split_13[0]
        inject_8: "f32[s33, 4]" = split_13[2];  split_13 = None
        truediv_11: "f32[s33, 16]" = down_4 / 4;  down_4 = None
        silu_9: "f32[s33, 16]" = torch.nn.functional.silu(truediv_11);  truediv_11 = None
        linear_16: "f32[s33, 256]" = torch._C._nn.linear(silu_9, l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_9 = l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_13: "f32[s33, 256]" = torch.sigmoid(linear_16);  linear_16 = None
        unflatten_32: "f32[s33, 4, 64]" = sigmoid_13.unflatten(-1, (4, 64));  sigmoid_13 = None
        unflatten_33: "f32[s33, 4, 64]" = hn_4.unflatten(-1, (4, 64));  hn_4 = None
        mul_58: "f32[s33, 4, 64]" = unflatten_32 * unflatten_33;  unflatten_32 = unflatten_33 = None
        x_4: "f32[s33, 64]" = mul_58.mean(dim = -2);  mul_58 = None
        truediv_12: "f32[s33, 4]" = inject_8 / 4;  inject_8 = None
        sigmoid_14: "f32[s33, 4]" = torch.sigmoid(truediv_12);  truediv_12 = None
        inject_9: "f32[s33, 4]" = 2 * sigmoid_14;  sigmoid_14 = None
        y_12: "f32[s33, 224]" = torch._C._nn.linear(x_4, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_merged_in_proj_);  x_4 = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_merged_in_proj_ = None
        split_14 = torch.functional.split(y_12, [128, 0, 64, 0, 4, 12, 4, 12], dim = -1);  y_12 = None
        qkv_4: "f32[s33, 128]" = split_14[0]
        z_2: "f32[s33, 64]" = split_14[2]
        b_2: "f32[s33, 4]" = split_14[4]
        a_2: "f32[s33, 4]" = split_14[6];  split_14 = None
        getitem_223: "f32[128, 4]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_conv1d_parameters_weight_[(slice(None, None, None), 0, slice(None, None, None))];  l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_conv1d_parameters_weight_ = None
        taps_3: "f32[128, 4]" = getitem_223.float();  getitem_223 = None
        rel_16: "i64[s33]" = l_offsets_ - 3
        arange_22: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_25: "i64[s33]" = arange_22 - 3;  arange_22 = None
        flat_16: "i64[s33]" = sub_25.clamp_min(0);  sub_25 = None
        add_59: "i64[s33]" = rel_16 + 3
        clamp_16: "i64[s33]" = add_59.clamp(0, 2);  add_59 = None
        from_tail_16: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_16)];  clamp_16 = None
        ge_16: "b8[s33]" = rel_16 >= 0;  rel_16 = None
        getitem_227: "b8[s33, 1]" = ge_16[(slice(None, None, None), None)];  ge_16 = None
        getitem_228: "f32[s33, 128]" = qkv_4[flat_16];  flat_16 = None
        where_20: "f32[s33, 128]" = torch.where(getitem_227, getitem_228, from_tail_16);  getitem_227 = getitem_228 = from_tail_16 = None
        float_45: "f32[s33, 128]" = where_20.float();  where_20 = None
        getitem_229: "f32[128]" = taps_3[(slice(None, None, None), 0)]
        out_29: "f32[s33, 128]" = float_45 * getitem_229;  float_45 = getitem_229 = None
        rel_17: "i64[s33]" = l_offsets_ - 2
        arange_23: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_27: "i64[s33]" = arange_23 - 2;  arange_23 = None
        flat_17: "i64[s33]" = sub_27.clamp_min(0);  sub_27 = None
        add_60: "i64[s33]" = rel_17 + 3
        clamp_17: "i64[s33]" = add_60.clamp(0, 2);  add_60 = None
        from_tail_17: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_17)];  clamp_17 = None
        ge_17: "b8[s33]" = rel_17 >= 0;  rel_17 = None
        getitem_233: "b8[s33, 1]" = ge_17[(slice(None, None, None), None)];  ge_17 = None
        getitem_234: "f32[s33, 128]" = qkv_4[flat_17];  flat_17 = None
        where_21: "f32[s33, 128]" = torch.where(getitem_233, getitem_234, from_tail_17);  getitem_233 = getitem_234 = from_tail_17 = None
        float_46: "f32[s33, 128]" = where_21.float();  where_21 = None
        getitem_235: "f32[128]" = taps_3[(slice(None, None, None), 1)]
        mul_61: "f32[s33, 128]" = float_46 * getitem_235;  float_46 = getitem_235 = None
        out_30: "f32[s33, 128]" = out_29 + mul_61;  out_29 = mul_61 = None
        rel_18: "i64[s33]" = l_offsets_ - 1
        arange_24: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_29: "i64[s33]" = arange_24 - 1;  arange_24 = None
        flat_18: "i64[s33]" = sub_29.clamp_min(0);  sub_29 = None
        add_62: "i64[s33]" = rel_18 + 3
        clamp_18: "i64[s33]" = add_62.clamp(0, 2);  add_62 = None
        from_tail_18: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_18)];  clamp_18 = None
        ge_18: "b8[s33]" = rel_18 >= 0;  rel_18 = None
        getitem_239: "b8[s33, 1]" = ge_18[(slice(None, None, None), None)];  ge_18 = None
        getitem_240: "f32[s33, 128]" = qkv_4[flat_18];  flat_18 = None
        where_22: "f32[s33, 128]" = torch.where(getitem_239, getitem_240, from_tail_18);  getitem_239 = getitem_240 = from_tail_18 = None
        float_47: "f32[s33, 128]" = where_22.float();  where_22 = None
        getitem_241: "f32[128]" = taps_3[(slice(None, None, None), 2)]
        mul_62: "f32[s33, 128]" = float_47 * getitem_241;  float_47 = getitem_241 = None
        out_31: "f32[s33, 128]" = out_30 + mul_62;  out_30 = mul_62 = None
        rel_19: "i64[s33]" = l_offsets_ - 0
        arange_25: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_31: "i64[s33]" = arange_25 - 0;  arange_25 = None
        flat_19: "i64[s33]" = sub_31.clamp_min(0);  sub_31 = None
        add_64: "i64[s33]" = rel_19 + 3
        clamp_19: "i64[s33]" = add_64.clamp(0, 2);  add_64 = None
        from_tail_19: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_19)];  clamp_19 = None
        ge_19: "b8[s33]" = rel_19 >= 0;  rel_19 = None
        getitem_245: "b8[s33, 1]" = ge_19[(slice(None, None, None), None)];  ge_19 = None
        getitem_246: "f32[s33, 128]" = qkv_4[flat_19];  flat_19 = None
        where_23: "f32[s33, 128]" = torch.where(getitem_245, getitem_246, from_tail_19);  getitem_245 = getitem_246 = from_tail_19 = None
        float_48: "f32[s33, 128]" = where_23.float();  where_23 = None
        getitem_247: "f32[128]" = taps_3[(slice(None, None, None), 3)];  taps_3 = None
        mul_63: "f32[s33, 128]" = float_48 * getitem_247;  float_48 = getitem_247 = None
        out_32: "f32[s33, 128]" = out_31 + mul_63;  out_31 = mul_63 = None
        steps_4: "i64[4]" = torch.arange(-3, 1, device = device(type='cpu'))
        getitem_248: "i64[s33, 1]" = l_offsets_[(slice(None, None, None), None)];  l_offsets_ = None
        rel_20: "i64[s33, 4]" = getitem_248 + steps_4;  getitem_248 = None
        arange_27: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        getitem_251: "i64[s33, 1]" = arange_27[(slice(None, None, None), None)];  arange_27 = None
        add_67: "i64[s33, 4]" = getitem_251 + steps_4;  getitem_251 = steps_4 = None
        flat_20: "i64[s33, 4]" = add_67.clamp_min(0);  add_67 = None
        getitem_252: "i64[s33, 1]" = l_slots_[(slice(None, None, None), None)]
        add_68: "i64[s33, 4]" = rel_20 + 3
        clamp_20: "i64[s33, 4]" = add_68.clamp(0, 2);  add_68 = None
        from_tail_20: "f32[s33, 4, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(getitem_252, clamp_20)];  getitem_252 = clamp_20 = None
        ge_20: "b8[s33, 4]" = rel_20 >= 0;  rel_20 = None
        getitem_254: "b8[s33, 4, 1]" = ge_20[(Ellipsis, None)];  ge_20 = None
        getitem_255: "f32[s33, 4, 128]" = qkv_4[flat_20];  qkv_4 = flat_20 = None
        where_24: "f32[s33, 4, 128]" = torch.where(getitem_254, getitem_255, from_tail_20);  getitem_254 = getitem_255 = from_tail_20 = None
        getitem_256: "f32[s33, 3, 128]" = where_24[(slice(None, None, None), slice(1, None, None))];  where_24 = None
        to_31: "f32[s33, 3, 128]" = getitem_256.to(torch.float32);  getitem_256 = None
        index_copy__4: "f32[3, 3, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_.index_copy_(0, l_write_slots_, to_31);  l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_ = to_31 = index_copy__4 = None
        to_32: "f32[s33, 128]" = out_32.to(torch.float32);  out_32 = None
        qkv_5: "f32[s33, 128]" = torch.nn.functional.silu(to_32);  to_32 = None
        split_15 = torch.functional.split(qkv_5, [64, 64], dim = -1);  qkv_5 = None
        qk_4: "f32[s33, 64]" = split_15[0]
        v_4: "f32[s33, 64]" = split_15[1];  split_15 = None
        heads_2: "i64[4]" = torch.arange(4, device = device(type='cpu'))
        lt_2: "b8[4]" = heads_2 < 2;  heads_2 = None
        scale_18: "f32[4]" = torch.where(lt_2, 0.25, 1.0);  lt_2 = None
        unflatten_34: "f32[s33, 4, 16]" = qk_4.unflatten(-1, (4, 16));  qk_4 = None
        float_49: "f32[s33, 4, 16]" = unflatten_34.float();  unflatten_34 = None
        mul_64: "f32[s33, 4, 16]" = float_49 * float_49
        sum_6: "f32[s33, 4, 1]" = mul_64.sum(-1, keepdim = True);  mul_64 = None
        add_69: "f32[s33, 4, 1]" = sum_6 + 1e-06;  sum_6 = None
        rsqrt_12: "f32[s33, 4, 1]" = torch.rsqrt(add_69);  add_69 = None
        mul_65: "f32[s33, 4, 16]" = float_49 * rsqrt_12;  float_49 = rsqrt_12 = None
        getitem_259: "f32[4, 1]" = scale_18[(slice(None, None, None), None)];  scale_18 = None
        qk_5: "f32[s33, 4, 16]" = mul_65 * getitem_259;  mul_65 = getitem_259 = None
        split_16 = qk_5.split(2, dim = -2);  qk_5 = None
        q_2: "f32[s33, 2, 16]" = split_16[0]
        k_2: "f32[s33, 2, 16]" = split_16[1];  split_16 = None
        v_5: "f32[s33, 4, 16]" = v_4.unflatten(-1, (4, 16));  v_4 = None
        float_50: "f32[4]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_a_log_.float();  l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_a_log_ = None
        exp_2: "f32[4]" = float_50.exp();  float_50 = None
        neg_2: "f32[4]" = -exp_2;  exp_2 = None
        float_51: "f32[s33, 4]" = a_2.float();  a_2 = None
        add_70: "f32[s33, 4]" = float_51 + l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_dt_bias_;  float_51 = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_dt_bias_ = None
        softplus_2: "f32[s33, 4]" = torch._C._nn.softplus(add_70);  add_70 = None
        decay_2: "f32[s33, 4]" = neg_2 * softplus_2;  neg_2 = softplus_2 = None
        to_33: "f32[s33, 4]" = b_2.to(torch.float32);  b_2 = None
        sigmoid_15: "f32[s33, 4]" = to_33.sigmoid();  to_33 = None
        float_52: "f32[s33, 4]" = sigmoid_15.float();  sigmoid_15 = None
        stack_2: "f32[2, s33, 4]" = torch.stack([float_52, decay_2]);  float_52 = decay_2 = None
        unbind_2 = stack_2.unbind();  stack_2 = None
        beta_2: "f32[s33, 4]" = unbind_2[0]
        g_2: "f32[s33, 4]" = unbind_2[1];  unbind_2 = None
        out_33: "f32[s33, 4, 16]" = torch.empty((s33, 4, 16), dtype = torch.float32, device = device(type='cpu'))
        delta_rule_default_2 = torch.ops.qcompile.delta_rule.default('model.layers.2.linear_attn', q_2, k_2, v_5, g_2, beta_2, l_slots_, l_write_slots_, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_, out_33);  q_2 = k_2 = v_5 = g_2 = beta_2 = l_write_slots_ = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_ = delta_rule_default_2 = None
        core_2: "f32[s33, 4, 16]" = out_33.to(torch.float32);  out_33 = None
        unflatten_36: "f32[s33, 4, 16]" = z_2.unflatten(-1, (4, 16));  z_2 = None
        xf_20: "f32[s33, 4, 16]" = core_2.float();  core_2 = None
        pow_11: "f32[s33, 4, 16]" = xf_20.pow(2)
        mean_15: "f32[s33, 4, 1]" = pow_11.mean(-1, keepdim = True);  pow_11 = None
        add_71: "f32[s33, 4, 1]" = mean_15 + 1e-06;  mean_15 = None
        rsqrt_13: "f32[s33, 4, 1]" = torch.rsqrt(add_71);  add_71 = None
        xf_21: "f32[s33, 4, 16]" = xf_20 * rsqrt_13;  xf_20 = rsqrt_13 = None
        to_35: "f32[s33, 4, 16]" = xf_21.to(torch.float32);  xf_21 = None
        out_34: "f32[s33, 4, 16]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_norm_parameters_weight_ * to_35;  l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_norm_parameters_weight_ = to_35 = None
        float_54: "f32[s33, 4, 16]" = unflatten_36.float();  unflatten_36 = None
        sigmoid_16: "f32[s33, 4, 16]" = torch.sigmoid(float_54);  float_54 = None
        mul_70: "f32[s33, 4, 16]" = out_34 * sigmoid_16;  out_34 = sigmoid_16 = None
        to_36: "f32[s33, 4, 16]" = mul_70.to(torch.float32);  mul_70 = None
        out_35: "f32[s33, 64]" = to_36.flatten(-2);  to_36 = None
        to_37: "f32[s33, 64]" = out_35.to(torch.float32);  out_35 = None
        y_13: "f32[s33, 64]" = torch._C._nn.linear(to_37, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_out_proj_parameters_weight_, None);  to_37 = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_out_proj_parameters_weight_ = None
        h_6: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_5, inject_9, y_13);  h_5 = inject_9 = y_13 = None
        xf_22: "f32[s33, 256]" = h_6.float()
        float_56: "f32[256]" = l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_19: "f32[256]" = 1.0 + float_56;  float_56 = None
        xf_23: "f32[s33, 4, 64]" = xf_22.unflatten(-1, (-1, 64));  xf_22 = None
        scale_20: "f32[4, 64]" = scale_19.unflatten(-1, (-1, 64));  scale_19 = None
        pow_12: "f32[s33, 4, 64]" = xf_23.pow(2)
        mean_16: "f32[s33, 4, 1]" = pow_12.mean(-1, keepdim = True);  pow_12 = None
        add_73: "f32[s33, 4, 1]" = mean_16 + 1e-06;  mean_16 = None
        rsqrt_14: "f32[s33, 4, 1]" = torch.rsqrt(add_73);  add_73 = None
        mul_71: "f32[s33, 4, 64]" = xf_23 * rsqrt_14;  xf_23 = rsqrt_14 = None
        mul_72: "f32[s33, 4, 64]" = mul_71 * scale_20;  mul_71 = scale_20 = None
        out_36: "f32[s33, 4, 64]" = mul_72.to(torch.float32);  mul_72 = None
        hn_5: "f32[s33, 256]" = out_36.flatten(-2);  out_36 = None
        y_14: "f32[s33, 32]" = torch._C._nn.linear(hn_5, l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_17 = torch.functional.split(y_14, [16, 0, 4, 12], dim = -1);  y_14 = None
        down_5: "f32[s33, 16]" = split_17[0]
        inject_10: "f32[s33, 4]" = split_17[2];  split_17 = None
        truediv_13: "f32[s33, 16]" = down_5 / 4;  down_5 = None
        silu_11: "f32[s33, 16]" = torch.nn.functional.silu(truediv_13);  truediv_13 = None
        linear_20: "f32[s33, 256]" = torch._C._nn.linear(silu_11, l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_11 = l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_17: "f32[s33, 256]" = torch.sigmoid(linear_20);  linear_20 = None
        unflatten_39: "f32[s33, 4, 64]" = sigmoid_17.unflatten(-1, (4, 64));  sigmoid_17 = None
        unflatten_40: "f32[s33, 4, 64]" = hn_5.unflatten(-1, (4, 64));  hn_5 = None
        mul_73: "f32[s33, 4, 64]" = unflatten_39 * unflatten_40;  unflatten_39 = unflatten_40 = None
        x_5: "f32[s33, 64]" = mul_73.mean(dim = -2);  mul_73 = None
        truediv_14: "f32[s33, 4]" = inject_10 / 4;  inject_10 = None
        sigmoid_18: "f32[s33, 4]" = torch.sigmoid(truediv_14);  truediv_14 = None
        inject_11: "f32[s33, 4]" = 2 * sigmoid_18;  sigmoid_18 = None
        y_15: "f32[s33, 96]" = torch._C._nn.linear(x_5, l_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_ = None
        split_18 = torch.functional.split(y_15, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_15 = None
        logits_2: "f32[s33, 8]" = split_18[0]
        shared_gate_2: "f32[s33, 1]" = split_18[2]
        gate_4: "f32[s33, 32]" = split_18[4]
        up_2: "f32[s33, 32]" = split_18[6];  split_18 = None
        probs_2: "f32[s33, 8]" = torch.softmax(logits_2, dim = -1, dtype = torch.float32);  logits_2 = None
        topk_2 = torch.topk(probs_2, 2, dim = -1);  probs_2 = None
        top_4: "f32[s33, 2]" = topk_2[0]
        idx_2: "i64[s33, 2]" = topk_2[1];  topk_2 = None
        sum_7: "f32[s33, 1]" = top_4.sum(dim = -1, keepdim = True)
        top_5: "f32[s33, 2]" = top_4 / sum_7;  top_4 = sum_7 = None
        weights_2: "f32[s33, 2]" = top_5.to(torch.float32);  top_5 = None
        silu_12: "f32[s33, 32]" = torch.nn.functional.silu(gate_4);  gate_4 = None
        mul_75: "f32[s33, 32]" = silu_12 * up_2;  silu_12 = up_2 = None
        out_37: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'))
        experts_default_2 = torch.ops.qcompile.experts.default('model.layers.2.mlp', x_5, weights_2, idx_2, mul_75, shared_gate_2, out_37);  x_5 = weights_2 = idx_2 = mul_75 = shared_gate_2 = experts_default_2 = None
        h_7: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_6, inject_11, out_37);  h_6 = inject_11 = out_37 = None
        xf_24: "f32[s33, 256]" = h_7.float()
        float_58: "f32[256]" = l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_21: "f32[256]" = 1.0 + float_58;  float_58 = None
        xf_25: "f32[s33, 4, 64]" = xf_24.unflatten(-1, (-1, 64));  xf_24 = None
        scale_22: "f32[4, 64]" = scale_21.unflatten(-1, (-1, 64));  scale_21 = None
        pow_13: "f32[s33, 4, 64]" = xf_25.pow(2)
        mean_18: "f32[s33, 4, 1]" = pow_13.mean(-1, keepdim = True);  pow_13 = None
        add_75: "f32[s33, 4, 1]" = mean_18 + 1e-06;  mean_18 = None
        rsqrt_15: "f32[s33, 4, 1]" = torch.rsqrt(add_75);  add_75 = None
        mul_76: "f32[s33, 4, 64]" = xf_25 * rsqrt_15;  xf_25 = rsqrt_15 = None
        mul_77: "f32[s33, 4, 64]" = mul_76 * scale_22;  mul_76 = scale_22 = None
        out_38: "f32[s33, 4, 64]" = mul_77.to(torch.float32);  mul_77 = None
        hn_6: "f32[s33, 256]" = out_38.flatten(-2);  out_38 = None
        y_16: "f32[s33, 32]" = torch._C._nn.linear(hn_6, l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split_19 = torch.functional.split(y_16, [16, 0, 4, 12], dim = -1);  y_16 = None
        down_6: "f32[s33, 16]" = split_19[0]
        inject_12: "f32[s33, 4]" = split_19[2];  split_19 = None
        truediv_16: "f32[s33, 16]" = down_6 / 4;  down_6 = None
        silu_13: "f32[s33, 16]" = torch.nn.functional.silu(truediv_16);  truediv_16 = None
        linear_23: "f32[s33, 256]" = torch._C._nn.linear(silu_13, l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_13 = l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_19: "f32[s33, 256]" = torch.sigmoid(linear_23);  linear_23 = None
        unflatten_43: "f32[s33, 4, 64]" = sigmoid_19.unflatten(-1, (4, 64));  sigmoid_19 = None
        unflatten_44: "f32[s33, 4, 64]" = hn_6.unflatten(-1, (4, 64));  hn_6 = None
        mul_78: "f32[s33, 4, 64]" = unflatten_43 * unflatten_44;  unflatten_43 = unflatten_44 = None
        x_6: "f32[s33, 64]" = mul_78.mean(dim = -2);  mul_78 = None
        truediv_17: "f32[s33, 4]" = inject_12 / 4;  inject_12 = None
        sigmoid_20: "f32[s33, 4]" = torch.sigmoid(truediv_17);  truediv_17 = None
        inject_13: "f32[s33, 4]" = 2 * sigmoid_20;  sigmoid_20 = None
        float_59: "f32[s33]" = l_positions_.float()
        getitem_289: "f32[s33, 1]" = float_59[(Ellipsis, None)];  float_59 = None
        float_60: "f32[4]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_inv_freq_.float()
        freqs: "f32[s33, 4]" = getitem_289 * float_60;  getitem_289 = float_60 = None
        emb_1: "f32[s33, 8]" = torch.cat((freqs, freqs), dim = -1);  freqs = None
        cos: "f32[s33, 8]" = emb_1.cos()
        cos_1: "f32[s33, 8]" = cos.to(torch.float32);  cos = None
        sin: "f32[s33, 8]" = emb_1.sin();  emb_1 = None
        sin_1: "f32[s33, 8]" = sin.to(torch.float32);  sin = None
        y_17: "f32[s33, 432]" = torch._C._nn.linear(x_6, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_merged_qkv_index_);  x_6 = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_merged_qkv_index_ = None
        split_20 = torch.functional.split(y_17, [256, 0, 64, 0, 64, 0, 48, 0], dim = -1);  y_17 = None
        q_3: "f32[s33, 256]" = split_20[0]
        k_3: "f32[s33, 64]" = split_20[2]
        v_6: "f32[s33, 64]" = split_20[4]
        index_qk: "f32[s33, 48]" = split_20[6];  split_20 = None
        view: "f32[s33, 4, 64]" = q_3.view(s33, 4, 64);  q_3 = None
        chunk = torch.chunk(view, 2, dim = -1);  view = None
        q_4: "f32[s33, 4, 32]" = chunk[0]
        gate_5: "f32[s33, 4, 32]" = chunk[1];  chunk = None
        to_43: "f32[s33, 4, 32]" = q_4.to(torch.float32);  q_4 = None
        xf_26: "f32[s33, 4, 32]" = to_43.float();  to_43 = None
        float_62: "f32[32]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_norm_parameters_weight_ = None
        scale_23: "f32[32]" = 1.0 + float_62;  float_62 = None
        pow_14: "f32[s33, 4, 32]" = xf_26.pow(2)
        mean_20: "f32[s33, 4, 1]" = pow_14.mean(-1, keepdim = True);  pow_14 = None
        add_77: "f32[s33, 4, 1]" = mean_20 + 1e-06;  mean_20 = None
        rsqrt_16: "f32[s33, 4, 1]" = torch.rsqrt(add_77);  add_77 = None
        mul_81: "f32[s33, 4, 32]" = xf_26 * rsqrt_16;  xf_26 = rsqrt_16 = None
        mul_82: "f32[s33, 4, 32]" = mul_81 * scale_23;  mul_81 = scale_23 = None
        out_39: "f32[s33, 4, 32]" = mul_82.to(torch.float32);  mul_82 = None
        cos_2: "f32[s33, 1, 8]" = cos_1.unsqueeze(-2)
        sin_2: "f32[s33, 1, 8]" = sin_1.unsqueeze(-2)
        x1: "f32[s33, 4, 4]" = out_39[(Ellipsis, slice(None, 4, None))]
        x2: "f32[s33, 4, 4]" = out_39[(Ellipsis, slice(4, 8, None))]
        rest: "f32[s33, 4, 24]" = out_39[(Ellipsis, slice(8, None, None))];  out_39 = None
        getitem_305: "f32[s33, 1, 4]" = cos_2[(Ellipsis, slice(None, 4, None))]
        mul_83: "f32[s33, 4, 4]" = x1 * getitem_305;  getitem_305 = None
        neg_3: "f32[s33, 4, 4]" = -x2
        getitem_306: "f32[s33, 1, 4]" = sin_2[(Ellipsis, slice(None, 4, None))]
        mul_84: "f32[s33, 4, 4]" = neg_3 * getitem_306;  neg_3 = getitem_306 = None
        first: "f32[s33, 4, 4]" = mul_83 + mul_84;  mul_83 = mul_84 = None
        getitem_307: "f32[s33, 1, 4]" = cos_2[(Ellipsis, slice(4, None, None))];  cos_2 = None
        mul_85: "f32[s33, 4, 4]" = x2 * getitem_307;  x2 = getitem_307 = None
        getitem_308: "f32[s33, 1, 4]" = sin_2[(Ellipsis, slice(4, None, None))];  sin_2 = None
        mul_86: "f32[s33, 4, 4]" = x1 * getitem_308;  x1 = getitem_308 = None
        second: "f32[s33, 4, 4]" = mul_85 + mul_86;  mul_85 = mul_86 = None
        cat_2: "f32[s33, 4, 32]" = torch.cat((first, second, rest), dim = -1);  first = second = rest = None
        q_5: "f32[s33, 4, 32]" = cat_2.to(torch.float32);  cat_2 = None
        view_1: "f32[s33, 2, 32]" = k_3.view(s33, 2, 32);  k_3 = None
        to_46: "f32[s33, 2, 32]" = view_1.to(torch.float32);  view_1 = None
        xf_27: "f32[s33, 2, 32]" = to_46.float();  to_46 = None
        float_64: "f32[32]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_norm_parameters_weight_ = None
        scale_24: "f32[32]" = 1.0 + float_64;  float_64 = None
        pow_15: "f32[s33, 2, 32]" = xf_27.pow(2)
        mean_21: "f32[s33, 2, 1]" = pow_15.mean(-1, keepdim = True);  pow_15 = None
        add_81: "f32[s33, 2, 1]" = mean_21 + 1e-06;  mean_21 = None
        rsqrt_17: "f32[s33, 2, 1]" = torch.rsqrt(add_81);  add_81 = None
        mul_87: "f32[s33, 2, 32]" = xf_27 * rsqrt_17;  xf_27 = rsqrt_17 = None
        mul_88: "f32[s33, 2, 32]" = mul_87 * scale_24;  mul_87 = scale_24 = None
        out_40: "f32[s33, 2, 32]" = mul_88.to(torch.float32);  mul_88 = None
        cos_3: "f32[s33, 1, 8]" = cos_1.unsqueeze(-2)
        sin_3: "f32[s33, 1, 8]" = sin_1.unsqueeze(-2)
        x1_1: "f32[s33, 2, 4]" = out_40[(Ellipsis, slice(None, 4, None))]
        x2_1: "f32[s33, 2, 4]" = out_40[(Ellipsis, slice(4, 8, None))]
        rest_1: "f32[s33, 2, 24]" = out_40[(Ellipsis, slice(8, None, None))];  out_40 = None
        getitem_314: "f32[s33, 1, 4]" = cos_3[(Ellipsis, slice(None, 4, None))]
        mul_89: "f32[s33, 2, 4]" = x1_1 * getitem_314;  getitem_314 = None
        neg_4: "f32[s33, 2, 4]" = -x2_1
        getitem_315: "f32[s33, 1, 4]" = sin_3[(Ellipsis, slice(None, 4, None))]
        mul_90: "f32[s33, 2, 4]" = neg_4 * getitem_315;  neg_4 = getitem_315 = None
        first_1: "f32[s33, 2, 4]" = mul_89 + mul_90;  mul_89 = mul_90 = None
        getitem_316: "f32[s33, 1, 4]" = cos_3[(Ellipsis, slice(4, None, None))];  cos_3 = None
        mul_91: "f32[s33, 2, 4]" = x2_1 * getitem_316;  x2_1 = getitem_316 = None
        getitem_317: "f32[s33, 1, 4]" = sin_3[(Ellipsis, slice(4, None, None))];  sin_3 = None
        mul_92: "f32[s33, 2, 4]" = x1_1 * getitem_317;  x1_1 = getitem_317 = None
        second_1: "f32[s33, 2, 4]" = mul_91 + mul_92;  mul_91 = mul_92 = None
        cat_3: "f32[s33, 2, 32]" = torch.cat((first_1, second_1, rest_1), dim = -1);  first_1 = second_1 = rest_1 = None
        k_4: "f32[s33, 2, 32]" = cat_3.to(torch.float32);  cat_3 = None
        v_7: "f32[s33, 2, 32]" = v_6.view(s33, 2, 32);  v_6 = None
        split_21 = torch.functional.split(index_qk, [32, 16], dim = -1);  index_qk = None
        iq: "f32[s33, 32]" = split_21[0]
        ik: "f32[s33, 16]" = split_21[1];  split_21 = None
        unflatten_45: "f32[s33, 2, 16]" = iq.unflatten(-1, (2, 16));  iq = None
        to_49: "f32[s33, 2, 16]" = unflatten_45.to(torch.float32);  unflatten_45 = None
        xf_28: "f32[s33, 2, 16]" = to_49.float();  to_49 = None
        float_66: "f32[16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_q_layernorm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_q_layernorm_parameters_weight_ = None
        scale_25: "f32[16]" = 1.0 + float_66;  float_66 = None
        pow_16: "f32[s33, 2, 16]" = xf_28.pow(2)
        mean_22: "f32[s33, 2, 1]" = pow_16.mean(-1, keepdim = True);  pow_16 = None
        add_85: "f32[s33, 2, 1]" = mean_22 + 1e-06;  mean_22 = None
        rsqrt_18: "f32[s33, 2, 1]" = torch.rsqrt(add_85);  add_85 = None
        mul_93: "f32[s33, 2, 16]" = xf_28 * rsqrt_18;  xf_28 = rsqrt_18 = None
        mul_94: "f32[s33, 2, 16]" = mul_93 * scale_25;  mul_93 = scale_25 = None
        out_41: "f32[s33, 2, 16]" = mul_94.to(torch.float32);  mul_94 = None
        cos_4: "f32[s33, 1, 8]" = cos_1.unsqueeze(-2);  cos_1 = None
        sin_4: "f32[s33, 1, 8]" = sin_1.unsqueeze(-2);  sin_1 = None
        x1_2: "f32[s33, 2, 4]" = out_41[(Ellipsis, slice(None, 4, None))]
        x2_2: "f32[s33, 2, 4]" = out_41[(Ellipsis, slice(4, 8, None))]
        rest_2: "f32[s33, 2, 8]" = out_41[(Ellipsis, slice(8, None, None))];  out_41 = None
        getitem_325: "f32[s33, 1, 4]" = cos_4[(Ellipsis, slice(None, 4, None))]
        mul_95: "f32[s33, 2, 4]" = x1_2 * getitem_325;  getitem_325 = None
        neg_5: "f32[s33, 2, 4]" = -x2_2
        getitem_326: "f32[s33, 1, 4]" = sin_4[(Ellipsis, slice(None, 4, None))]
        mul_96: "f32[s33, 2, 4]" = neg_5 * getitem_326;  neg_5 = getitem_326 = None
        first_2: "f32[s33, 2, 4]" = mul_95 + mul_96;  mul_95 = mul_96 = None
        getitem_327: "f32[s33, 1, 4]" = cos_4[(Ellipsis, slice(4, None, None))];  cos_4 = None
        mul_97: "f32[s33, 2, 4]" = x2_2 * getitem_327;  x2_2 = getitem_327 = None
        getitem_328: "f32[s33, 1, 4]" = sin_4[(Ellipsis, slice(4, None, None))];  sin_4 = None
        mul_98: "f32[s33, 2, 4]" = x1_2 * getitem_328;  x1_2 = getitem_328 = None
        second_2: "f32[s33, 2, 4]" = mul_97 + mul_98;  mul_97 = mul_98 = None
        cat_4: "f32[s33, 2, 16]" = torch.cat((first_2, second_2, rest_2), dim = -1);  first_2 = second_2 = rest_2 = None
        iq_1: "f32[s33, 2, 16]" = cat_4.to(torch.float32);  cat_4 = None
        floordiv: "i64[s33]" = l_positions_ // 64
        page: "i32[s33]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_table_[(l_slots_, floordiv)];  floordiv = None
        row: "i64[s33]" = l_positions_ % 64
        index_put_: "f32[5, 64, 2, 32]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_.index_put_((page, row), k_4);  k_4 = index_put_ = None
        index_put__1: "f32[5, 64, 2, 32]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_.index_put_((page, row), v_7);  v_7 = index_put__1 = None
        index_put__2: "f32[5, 64, 16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_.index_put_((page, row), ik);  page = row = ik = index_put__2 = None
        add_88: "i64[s33]" = l_positions_ + 1
        mod_1: "i64[s33]" = add_88 % 4;  add_88 = None
        done: "b8[s33]" = mod_1 == 0;  mod_1 = None
        add_89: "i64[s33]" = l_positions_ + 1
        floordiv_1: "i64[s33]" = add_89 // 4;  add_89 = None
        sub_32: "i64[s33]" = floordiv_1 - 1;  floordiv_1 = None
        clamp_min_22: "i64[s33]" = sub_32.clamp_min(0);  sub_32 = None
        start: "i64[s33]" = clamp_min_22 * 4;  clamp_min_22 = None
        floordiv_2: "i64[s33]" = start // 64
        page_1: "i32[s33]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_table_[(l_slots_, floordiv_2)];  l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_table_ = floordiv_2 = None
        mod_2: "i64[s33]" = start % 64
        getitem_331: "i64[s33, 1]" = mod_2[(slice(None, None, None), None)];  mod_2 = None
        arange_29: "i64[4]" = torch.arange(4, device = device(type='cpu'))
        rows: "i64[s33, 4]" = getitem_331 + arange_29;  getitem_331 = arange_29 = None
        getitem_332: "i32[s33, 1]" = page_1[(slice(None, None, None), None)]
        getitem_333: "f32[s33, 4, 16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_[(getitem_332, rows)];  l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_ = getitem_332 = rows = None
        float_67: "f32[s33, 4, 16]" = getitem_333.float();  getitem_333 = None
        mean_23: "f32[s33, 16]" = float_67.mean(-2);  float_67 = None
        pooled: "f32[s33, 16]" = mean_23.to(torch.float32);  mean_23 = None
        float_68: "f32[s33]" = start.float()
        getitem_334: "f32[s33, 1]" = float_68[(Ellipsis, None)];  float_68 = None
        float_69: "f32[4]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_inv_freq_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_inv_freq_ = None
        freqs_1: "f32[s33, 4]" = getitem_334 * float_69;  getitem_334 = float_69 = None
        emb_2: "f32[s33, 8]" = torch.cat((freqs_1, freqs_1), dim = -1);  freqs_1 = None
        cos_5: "f32[s33, 8]" = emb_2.cos()
        cos_6: "f32[s33, 8]" = cos_5.to(torch.float32);  cos_5 = None
        sin_5: "f32[s33, 8]" = emb_2.sin();  emb_2 = None
        sin_6: "f32[s33, 8]" = sin_5.to(torch.float32);  sin_5 = None
        xf_29: "f32[s33, 16]" = pooled.float();  pooled = None
        float_71: "f32[16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_k_layernorm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_k_layernorm_parameters_weight_ = None
        scale_26: "f32[16]" = 1.0 + float_71;  float_71 = None
        pow_17: "f32[s33, 16]" = xf_29.pow(2)
        mean_24: "f32[s33, 1]" = pow_17.mean(-1, keepdim = True);  pow_17 = None
        add_92: "f32[s33, 1]" = mean_24 + 1e-06;  mean_24 = None
        rsqrt_19: "f32[s33, 1]" = torch.rsqrt(add_92);  add_92 = None
        mul_101: "f32[s33, 16]" = xf_29 * rsqrt_19;  xf_29 = rsqrt_19 = None
        mul_102: "f32[s33, 16]" = mul_101 * scale_26;  mul_101 = scale_26 = None
        out_42: "f32[s33, 16]" = mul_102.to(torch.float32);  mul_102 = None
        unsqueeze_7: "f32[s33, 1, 16]" = out_42.unsqueeze(-2);  out_42 = None
        cos_7: "f32[s33, 1, 8]" = cos_6.unsqueeze(-2);  cos_6 = None
        sin_7: "f32[s33, 1, 8]" = sin_6.unsqueeze(-2);  sin_6 = None
        x1_3: "f32[s33, 1, 4]" = unsqueeze_7[(Ellipsis, slice(None, 4, None))]
        x2_3: "f32[s33, 1, 4]" = unsqueeze_7[(Ellipsis, slice(4, 8, None))]
        rest_3: "f32[s33, 1, 8]" = unsqueeze_7[(Ellipsis, slice(8, None, None))];  unsqueeze_7 = None
        getitem_340: "f32[s33, 1, 4]" = cos_7[(Ellipsis, slice(None, 4, None))]
        mul_103: "f32[s33, 1, 4]" = x1_3 * getitem_340;  getitem_340 = None
        neg_6: "f32[s33, 1, 4]" = -x2_3
        getitem_341: "f32[s33, 1, 4]" = sin_7[(Ellipsis, slice(None, 4, None))]
        mul_104: "f32[s33, 1, 4]" = neg_6 * getitem_341;  neg_6 = getitem_341 = None
        first_3: "f32[s33, 1, 4]" = mul_103 + mul_104;  mul_103 = mul_104 = None
        getitem_342: "f32[s33, 1, 4]" = cos_7[(Ellipsis, slice(4, None, None))];  cos_7 = None
        mul_105: "f32[s33, 1, 4]" = x2_3 * getitem_342;  x2_3 = getitem_342 = None
        getitem_343: "f32[s33, 1, 4]" = sin_7[(Ellipsis, slice(4, None, None))];  sin_7 = None
        mul_106: "f32[s33, 1, 4]" = x1_3 * getitem_343;  x1_3 = getitem_343 = None
        second_3: "f32[s33, 1, 4]" = mul_105 + mul_106;  mul_105 = mul_106 = None
        cat_6: "f32[s33, 1, 16]" = torch.cat((first_3, second_3, rest_3), dim = -1);  first_3 = second_3 = rest_3 = None
        keys: "f32[s33, 16]" = cat_6.squeeze(-2);  cat_6 = None
        getitem_344: "b8[s33, 1]" = done[(slice(None, None, None), None)]
        zeros_like: "f32[s33, 16]" = torch.zeros_like(keys)
        keys_1: "f32[s33, 16]" = torch.where(getitem_344, keys, zeros_like);  getitem_344 = keys = zeros_like = None
        where_27: "i32[s33]" = torch.where(done, page_1, 4);  page_1 = None
        mod_3: "i64[s33]" = start % 64;  start = None
        floordiv_3: "i64[s33]" = mod_3 // 4;  mod_3 = None
        where_28: "i64[s33]" = torch.where(done, floordiv_3, 0);  done = floordiv_3 = None
        index_put__3: "f32[5, 16, 16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_.index_put_((where_27, where_28), keys_1);  where_27 = where_28 = keys_1 = index_put__3 = None
        out_43: "f32[s33, 4, 32]" = torch.empty((s33, 4, 32), dtype = torch.float32, device = device(type='cpu'))
        attention_core_default = torch.ops.qcompile.attention_core.default('model.layers.3.self_attn', q_5, iq_1, l_positions_, l_slots_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_, out_43);  q_5 = iq_1 = l_positions_ = l_slots_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_ = attention_core_default = None
        flatten_14: "f32[s33, 128]" = out_43.flatten(-2);  out_43 = None
        to_56: "f32[s33, 128]" = flatten_14.to(torch.float32);  flatten_14 = None
        flatten_15: "f32[s33, 128]" = gate_5.flatten(-2);  gate_5 = None
        to_57: "f32[s33, 128]" = flatten_15.to(torch.float32);  flatten_15 = None
        sigmoid_21: "f32[s33, 128]" = torch.sigmoid(to_57);  to_57 = None
        out_44: "f32[s33, 128]" = to_56 * sigmoid_21;  to_56 = sigmoid_21 = None
        to_58: "f32[s33, 128]" = out_44.to(torch.float32);  out_44 = None
        y_18: "f32[s33, 64]" = torch._C._nn.linear(to_58, l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_, None);  to_58 = l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_ = None
        h_8: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_7, inject_13, y_18);  h_7 = inject_13 = y_18 = None
        xf_30: "f32[s33, 256]" = h_8.float()
        float_73: "f32[256]" = l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_27: "f32[256]" = 1.0 + float_73;  float_73 = None
        xf_31: "f32[s33, 4, 64]" = xf_30.unflatten(-1, (-1, 64));  xf_30 = None
        scale_28: "f32[4, 64]" = scale_27.unflatten(-1, (-1, 64));  scale_27 = None
        pow_18: "f32[s33, 4, 64]" = xf_31.pow(2)
        mean_25: "f32[s33, 4, 1]" = pow_18.mean(-1, keepdim = True);  pow_18 = None
        add_96: "f32[s33, 4, 1]" = mean_25 + 1e-06;  mean_25 = None
        rsqrt_20: "f32[s33, 4, 1]" = torch.rsqrt(add_96);  add_96 = None
        mul_108: "f32[s33, 4, 64]" = xf_31 * rsqrt_20;  xf_31 = rsqrt_20 = None
        mul_109: "f32[s33, 4, 64]" = mul_108 * scale_28;  mul_108 = scale_28 = None
        out_45: "f32[s33, 4, 64]" = mul_109.to(torch.float32);  mul_109 = None
        hn_7: "f32[s33, 256]" = out_45.flatten(-2);  out_45 = None
        y_19: "f32[s33, 32]" = torch._C._nn.linear(hn_7, l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_22 = torch.functional.split(y_19, [16, 0, 4, 12], dim = -1);  y_19 = None
        down_7: "f32[s33, 16]" = split_22[0]
        inject_14: "f32[s33, 4]" = split_22[2];  split_22 = None
        truediv_18: "f32[s33, 16]" = down_7 / 4;  down_7 = None
        silu_14: "f32[s33, 16]" = torch.nn.functional.silu(truediv_18);  truediv_18 = None
        linear_27: "f32[s33, 256]" = torch._C._nn.linear(silu_14, l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_14 = l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_22: "f32[s33, 256]" = torch.sigmoid(linear_27);  linear_27 = None
        unflatten_48: "f32[s33, 4, 64]" = sigmoid_22.unflatten(-1, (4, 64));  sigmoid_22 = None
        unflatten_49: "f32[s33, 4, 64]" = hn_7.unflatten(-1, (4, 64));  hn_7 = None
        mul_110: "f32[s33, 4, 64]" = unflatten_48 * unflatten_49;  unflatten_48 = unflatten_49 = None
        x_7: "f32[s33, 64]" = mul_110.mean(dim = -2);  mul_110 = None
        truediv_19: "f32[s33, 4]" = inject_14 / 4;  inject_14 = None
        sigmoid_23: "f32[s33, 4]" = torch.sigmoid(truediv_19);  truediv_19 = None
        inject_15: "f32[s33, 4]" = 2 * sigmoid_23;  sigmoid_23 = None
        y_20: "f32[s33, 96]" = torch._C._nn.linear(x_7, l_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_ = None
        split_23 = torch.functional.split(y_20, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_20 = None
        logits_3: "f32[s33, 8]" = split_23[0]
        shared_gate_3: "f32[s33, 1]" = split_23[2]
        gate_6: "f32[s33, 32]" = split_23[4]
        up_3: "f32[s33, 32]" = split_23[6];  split_23 = None
        probs_3: "f32[s33, 8]" = torch.softmax(logits_3, dim = -1, dtype = torch.float32);  logits_3 = None
        topk_3 = torch.topk(probs_3, 2, dim = -1);  probs_3 = None
        top_6: "f32[s33, 2]" = topk_3[0]
        idx_3: "i64[s33, 2]" = topk_3[1];  topk_3 = None
        sum_8: "f32[s33, 1]" = top_6.sum(dim = -1, keepdim = True)
        top_7: "f32[s33, 2]" = top_6 / sum_8;  top_6 = sum_8 = None
        weights_3: "f32[s33, 2]" = top_7.to(torch.float32);  top_7 = None
        silu_15: "f32[s33, 32]" = torch.nn.functional.silu(gate_6);  gate_6 = None
        mul_112: "f32[s33, 32]" = silu_15 * up_3;  silu_15 = up_3 = None
        out_46: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'));  s33 = None
        experts_default_3 = torch.ops.qcompile.experts.default('model.layers.3.mlp', x_7, weights_3, idx_3, mul_112, shared_gate_3, out_46);  x_7 = weights_3 = idx_3 = mul_112 = shared_gate_3 = experts_default_3 = None
        h_9: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_8, inject_15, out_46);  h_8 = inject_15 = out_46 = None
        xf_32: "f32[s33, 256]" = h_9.float();  h_9 = None
        float_75: "f32[256]" = l_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_ = None
        scale_29: "f32[256]" = 1.0 + float_75;  float_75 = None
        xf_33: "f32[s33, 4, 64]" = xf_32.unflatten(-1, (-1, 64));  xf_32 = None
        scale_30: "f32[4, 64]" = scale_29.unflatten(-1, (-1, 64));  scale_29 = None
        pow_19: "f32[s33, 4, 64]" = xf_33.pow(2)
        mean_27: "f32[s33, 4, 1]" = pow_19.mean(-1, keepdim = True);  pow_19 = None
        add_98: "f32[s33, 4, 1]" = mean_27 + 1e-06;  mean_27 = None
        rsqrt_21: "f32[s33, 4, 1]" = torch.rsqrt(add_98);  add_98 = None
        mul_113: "f32[s33, 4, 64]" = xf_33 * rsqrt_21;  xf_33 = rsqrt_21 = None
        mul_114: "f32[s33, 4, 64]" = mul_113 * scale_30;  mul_113 = scale_30 = None
        out_47: "f32[s33, 4, 64]" = mul_114.to(torch.float32);  mul_114 = None
        hn_8: "f32[s33, 256]" = out_47.flatten(-2);  out_47 = None
        linear_29: "f32[s33, 16]" = torch._C._nn.linear(hn_8, l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_, None);  l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_ = None
        truediv_21: "f32[s33, 16]" = linear_29 / 4;  linear_29 = None
        silu_16: "f32[s33, 16]" = torch.nn.functional.silu(truediv_21);  truediv_21 = None
        linear_30: "f32[s33, 256]" = torch._C._nn.linear(silu_16, l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_, None);  silu_16 = l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_24: "f32[s33, 256]" = torch.sigmoid(linear_30);  linear_30 = None
        unflatten_52: "f32[s33, 4, 64]" = sigmoid_24.unflatten(-1, (4, 64));  sigmoid_24 = None
        unflatten_53: "f32[s33, 4, 64]" = hn_8.unflatten(-1, (4, 64));  hn_8 = None
        mul_115: "f32[s33, 4, 64]" = unflatten_52 * unflatten_53;  unflatten_52 = unflatten_53 = None
        mean_28: "f32[s33, 64]" = mul_115.mean(dim = -2);  mul_115 = None
        return (mean_28,)
