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
        split_2 = torch.functional.split(qkv_1, [32, 32, 64], dim = -1);  qkv_1 = None
        q: "f32[s33, 32]" = split_2[0]
        k: "f32[s33, 32]" = split_2[1]
        v: "f32[s33, 64]" = split_2[2];  split_2 = None
        q_1: "f32[s33, 2, 16]" = q.unflatten(-1, (2, 16));  q = None
        k_1: "f32[s33, 2, 16]" = k.unflatten(-1, (2, 16));  k = None
        v_1: "f32[s33, 4, 16]" = v.unflatten(-1, (4, 16));  v = None
        float_8: "f32[s33, 2, 16]" = q_1.float();  q_1 = None
        mul_8: "f32[s33, 2, 16]" = float_8 * float_8
        sum_1: "f32[s33, 2, 1]" = mul_8.sum(-1, keepdim = True);  mul_8 = None
        add_12: "f32[s33, 2, 1]" = sum_1 + 1e-06;  sum_1 = None
        rsqrt_1: "f32[s33, 2, 1]" = torch.rsqrt(add_12);  add_12 = None
        mul_9: "f32[s33, 2, 16]" = float_8 * rsqrt_1;  float_8 = rsqrt_1 = None
        q_2: "f32[s33, 2, 16]" = mul_9 * 0.25;  mul_9 = None
        float_9: "f32[s33, 2, 16]" = k_1.float();  k_1 = None
        mul_11: "f32[s33, 2, 16]" = float_9 * float_9
        sum_2: "f32[s33, 2, 1]" = mul_11.sum(-1, keepdim = True);  mul_11 = None
        add_13: "f32[s33, 2, 1]" = sum_2 + 1e-06;  sum_2 = None
        rsqrt_2: "f32[s33, 2, 1]" = torch.rsqrt(add_13);  add_13 = None
        k_2: "f32[s33, 2, 16]" = float_9 * rsqrt_2;  float_9 = rsqrt_2 = None
        float_10: "f32[4]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_a_log_.float();  l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_a_log_ = None
        exp: "f32[4]" = float_10.exp();  float_10 = None
        neg: "f32[4]" = -exp;  exp = None
        float_11: "f32[s33, 4]" = a.float();  a = None
        add_14: "f32[s33, 4]" = float_11 + l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_dt_bias_;  float_11 = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_parameters_dt_bias_ = None
        softplus: "f32[s33, 4]" = torch._C._nn.softplus(add_14);  add_14 = None
        decay: "f32[s33, 4]" = neg * softplus;  neg = softplus = None
        to_3: "f32[s33, 4]" = b.to(torch.float32);  b = None
        sigmoid_2: "f32[s33, 4]" = to_3.sigmoid();  to_3 = None
        float_12: "f32[s33, 4]" = sigmoid_2.float();  sigmoid_2 = None
        stack: "f32[2, s33, 4]" = torch.stack([float_12, decay]);  float_12 = decay = None
        unbind = stack.unbind();  stack = None
        beta: "f32[s33, 4]" = unbind[0]
        g: "f32[s33, 4]" = unbind[1];  unbind = None
        float_13: "f32[s33, 4, 16]" = v_1.float();  v_1 = None
        out_5: "f32[s33, 4, 16]" = torch.empty((s33, 4, 16), dtype = torch.float32, device = device(type='cpu'))
        delta_rule_default = torch.ops.qcompile.delta_rule.default('model.layers.0.linear_attn', q_2, k_2, float_13, g, beta, l_slots_, l_write_slots_, l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_, out_5);  q_2 = k_2 = float_13 = g = beta = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_buffers_recurrent_ = delta_rule_default = None
        core: "f32[s33, 4, 16]" = out_5.to(torch.float32);  out_5 = None
        unflatten_7: "f32[s33, 4, 16]" = z.unflatten(-1, (4, 16));  z = None
        xf_2: "f32[s33, 4, 16]" = core.float();  core = None
        pow_2: "f32[s33, 4, 16]" = xf_2.pow(2)
        mean_2: "f32[s33, 4, 1]" = pow_2.mean(-1, keepdim = True);  pow_2 = None
        add_15: "f32[s33, 4, 1]" = mean_2 + 1e-06;  mean_2 = None
        rsqrt_3: "f32[s33, 4, 1]" = torch.rsqrt(add_15);  add_15 = None
        xf_3: "f32[s33, 4, 16]" = xf_2 * rsqrt_3;  xf_2 = rsqrt_3 = None
        to_5: "f32[s33, 4, 16]" = xf_3.to(torch.float32);  xf_3 = None
        out_6: "f32[s33, 4, 16]" = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_norm_parameters_weight_ * to_5;  l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_norm_parameters_weight_ = to_5 = None
        float_15: "f32[s33, 4, 16]" = unflatten_7.float();  unflatten_7 = None
        sigmoid_3: "f32[s33, 4, 16]" = torch.sigmoid(float_15);  float_15 = None
        mul_16: "f32[s33, 4, 16]" = out_6 * sigmoid_3;  out_6 = sigmoid_3 = None
        to_6: "f32[s33, 4, 16]" = mul_16.to(torch.float32);  mul_16 = None
        out_7: "f32[s33, 64]" = to_6.flatten(-2);  to_6 = None
        to_7: "f32[s33, 64]" = out_7.to(torch.float32);  out_7 = None
        y_2: "f32[s33, 64]" = torch._C._nn.linear(to_7, l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_out_proj_parameters_weight_, None);  to_7 = l_self_modules_model_modules_layers_modules_0_modules_linear_attn_modules_out_proj_parameters_weight_ = None
        h_1: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h, inject_1, y_2);  h = inject_1 = y_2 = None
        xf_4: "f32[s33, 256]" = h_1.float()
        float_17: "f32[256]" = l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_2: "f32[256]" = 1.0 + float_17;  float_17 = None
        xf_5: "f32[s33, 4, 64]" = xf_4.unflatten(-1, (-1, 64));  xf_4 = None
        scale_3: "f32[4, 64]" = scale_2.unflatten(-1, (-1, 64));  scale_2 = None
        pow_3: "f32[s33, 4, 64]" = xf_5.pow(2)
        mean_3: "f32[s33, 4, 1]" = pow_3.mean(-1, keepdim = True);  pow_3 = None
        add_17: "f32[s33, 4, 1]" = mean_3 + 1e-06;  mean_3 = None
        rsqrt_4: "f32[s33, 4, 1]" = torch.rsqrt(add_17);  add_17 = None
        mul_17: "f32[s33, 4, 64]" = xf_5 * rsqrt_4;  xf_5 = rsqrt_4 = None
        mul_18: "f32[s33, 4, 64]" = mul_17 * scale_3;  mul_17 = scale_3 = None
        out_8: "f32[s33, 4, 64]" = mul_18.to(torch.float32);  mul_18 = None
        hn_1: "f32[s33, 256]" = out_8.flatten(-2);  out_8 = None
        y_3: "f32[s33, 32]" = torch._C._nn.linear(hn_1, l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_3 = torch.functional.split(y_3, [16, 0, 4, 12], dim = -1);  y_3 = None
        down_1: "f32[s33, 16]" = split_3[0]
        inject_2: "f32[s33, 4]" = split_3[2];  split_3 = None
        truediv_2: "f32[s33, 16]" = down_1 / 4;  down_1 = None
        silu_2: "f32[s33, 16]" = torch.nn.functional.silu(truediv_2);  truediv_2 = None
        linear_5: "f32[s33, 256]" = torch._C._nn.linear(silu_2, l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_2 = l_self_modules_model_modules_layers_modules_0_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_4: "f32[s33, 256]" = torch.sigmoid(linear_5);  linear_5 = None
        unflatten_10: "f32[s33, 4, 64]" = sigmoid_4.unflatten(-1, (4, 64));  sigmoid_4 = None
        unflatten_11: "f32[s33, 4, 64]" = hn_1.unflatten(-1, (4, 64));  hn_1 = None
        mul_19: "f32[s33, 4, 64]" = unflatten_10 * unflatten_11;  unflatten_10 = unflatten_11 = None
        x_1: "f32[s33, 64]" = mul_19.mean(dim = -2);  mul_19 = None
        truediv_3: "f32[s33, 4]" = inject_2 / 4;  inject_2 = None
        sigmoid_5: "f32[s33, 4]" = torch.sigmoid(truediv_3);  truediv_3 = None
        inject_3: "f32[s33, 4]" = 2 * sigmoid_5;  sigmoid_5 = None
        y_4: "f32[s33, 96]" = torch._C._nn.linear(x_1, l_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_0_modules_mlp_buffers_merged_router_shared_ = None
        split_4 = torch.functional.split(y_4, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_4 = None
        logits: "f32[s33, 8]" = split_4[0]
        shared_gate: "f32[s33, 1]" = split_4[2]
        gate: "f32[s33, 32]" = split_4[4]
        up: "f32[s33, 32]" = split_4[6];  split_4 = None
        probs: "f32[s33, 8]" = torch.softmax(logits, dim = -1, dtype = torch.float32);  logits = None
        topk = torch.topk(probs, 2, dim = -1);  probs = None
        top: "f32[s33, 2]" = topk[0]
        idx: "i64[s33, 2]" = topk[1];  topk = None
        sum_3: "f32[s33, 1]" = top.sum(dim = -1, keepdim = True)
        top_1: "f32[s33, 2]" = top / sum_3;  top = sum_3 = None
        weights: "f32[s33, 2]" = top_1.to(torch.float32);  top_1 = None
        silu_3: "f32[s33, 32]" = torch.nn.functional.silu(gate);  gate = None
        mul_21: "f32[s33, 32]" = silu_3 * up;  silu_3 = up = None
        out_9: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'))
        experts_default = torch.ops.qcompile.experts.default('model.layers.0.mlp', x_1, weights, idx, mul_21, shared_gate, out_9);  x_1 = weights = idx = mul_21 = shared_gate = experts_default = None
        h_2: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_1, inject_3, out_9);  h_1 = inject_3 = out_9 = None
        getitem_70: "i64[s33, 1]" = l_input_ids_[(slice(None, None, None), None)];  l_input_ids_ = None
        steps_1: "i64[3]" = torch.arange(-2, 1, device = device(type='cpu'))
        getitem_71: "i64[s33, 1]" = l_offsets_[(slice(None, None, None), None)]
        rel_5: "i64[s33, 3]" = getitem_71 + steps_1;  getitem_71 = None
        arange_7: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        getitem_74: "i64[s33, 1]" = arange_7[(slice(None, None, None), None)];  arange_7 = None
        add_19: "i64[s33, 3]" = getitem_74 + steps_1;  getitem_74 = steps_1 = None
        flat_5: "i64[s33, 3]" = add_19.clamp_min(0);  add_19 = None
        getitem_75: "i64[s33, 1]" = l_slots_[(slice(None, None, None), None)]
        add_20: "i64[s33, 3]" = rel_5 + 2
        clamp_5: "i64[s33, 3]" = add_20.clamp(0, 1);  add_20 = None
        from_tail_5: "i64[s33, 3, 1]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_[(getitem_75, clamp_5)];  getitem_75 = clamp_5 = None
        ge_5: "b8[s33, 3]" = rel_5 >= 0;  rel_5 = None
        getitem_77: "b8[s33, 3, 1]" = ge_5[(Ellipsis, None)];  ge_5 = None
        getitem_78: "i64[s33, 3, 1]" = getitem_70[flat_5];  getitem_70 = flat_5 = None
        window: "i64[s33, 3, 1]" = torch.where(getitem_77, getitem_78, from_tail_5);  getitem_77 = getitem_78 = from_tail_5 = None
        getitem_79: "i64[s33, 2, 1]" = window[(slice(None, None, None), slice(1, None, None))]
        to_10: "i64[s33, 2, 1]" = getitem_79.to(torch.int64);  getitem_79 = None
        index_copy__1: "i64[3, 2, 1]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_.index_copy_(0, l_write_slots_, to_10);  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_ctx_ = to_10 = index_copy__1 = None
        window_1: "i64[s33, 3]" = window[(Ellipsis, 0)];  window = None
        is_eos: "b8[s33, 3]" = window_1 == 1
        getitem_81: "i64[s33]" = window_1[(slice(None, None, None), 2)]
        getitem_82: "b8[s33, 0]" = is_eos[(slice(None, None, None), slice(2, 2, None))]
        crosses: "b8[s33]" = getitem_82.any(-1);  getitem_82 = None
        getitem_83: "i64[s33]" = window_1[(slice(None, None, None), 1)]
        where_6: "i64[s33]" = torch.where(crosses, 1, getitem_83);  crosses = getitem_83 = None
        getitem_84: "b8[s33, 1]" = is_eos[(slice(None, None, None), slice(1, 2, None))];  is_eos = None
        crosses_1: "b8[s33]" = getitem_84.any(-1);  getitem_84 = None
        getitem_85: "i64[s33]" = window_1[(slice(None, None, None), 0)];  window_1 = None
        where_7: "i64[s33]" = torch.where(crosses_1, 1, getitem_85);  crosses_1 = getitem_85 = None
        getitem_86: "i64[]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_[0]
        mix: "i64[s33]" = getitem_81 * getitem_86;  getitem_81 = getitem_86 = None
        getitem_87: "i64[]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_[1]
        mul_23: "i64[s33]" = where_6 * getitem_87;  where_6 = getitem_87 = None
        mix_1: "i64[s33]" = torch.bitwise_xor(mix, mul_23);  mix = mul_23 = None
        getitem_88: "i64[s33, 1]" = mix_1[(slice(None, None, None), None)]
        getitem_89: "i64[2]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_vocab_sizes_[slice(0, 2, None)]
        remainder: "i64[s33, 2]" = torch.remainder(getitem_88, getitem_89);  getitem_88 = getitem_89 = None
        getitem_90: "i64[2]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_offsets_[slice(0, 2, None)]
        add_21: "i64[s33, 2]" = remainder + getitem_90;  remainder = getitem_90 = None
        getitem_91: "i64[]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_[2];  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_layer_multipliers_ = None
        mul_24: "i64[s33]" = where_7 * getitem_91;  where_7 = getitem_91 = None
        mix_2: "i64[s33]" = torch.bitwise_xor(mix_1, mul_24);  mix_1 = mul_24 = None
        getitem_92: "i64[s33, 1]" = mix_2[(slice(None, None, None), None)];  mix_2 = None
        getitem_93: "i64[2]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_vocab_sizes_[slice(2, 4, None)];  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_vocab_sizes_ = None
        remainder_1: "i64[s33, 2]" = torch.remainder(getitem_92, getitem_93);  getitem_92 = getitem_93 = None
        getitem_94: "i64[2]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_offsets_[slice(2, 4, None)];  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_ple_embedding_buffers_ngram_heads_offsets_ = None
        add_22: "i64[s33, 2]" = remainder_1 + getitem_94;  remainder_1 = getitem_94 = None
        cat: "i64[s33, 4]" = torch.cat([add_21, add_22], dim = -1);  add_21 = add_22 = None
        out_10: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'))
        ple_gather_default = torch.ops.qcompile.ple_gather.default('model.layers.1.ple.ple_embedding', cat, out_10);  cat = ple_gather_default = None
        emb: "f32[s33, 64]" = out_10.to(torch.float32);  out_10 = None
        y_5: "f32[s33, 320]" = torch._C._nn.linear(emb, l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_merged_key_value_);  emb = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_merged_key_value_ = None
        split_5 = torch.functional.split(y_5, [256, 0, 64, 0], dim = -1);  y_5 = None
        key: "f32[s33, 256]" = split_5[0]
        value: "f32[s33, 64]" = split_5[2];  split_5 = None
        to_12: "f32[s33, 256]" = key.to(torch.float32);  key = None
        xf_6: "f32[s33, 256]" = to_12.float();  to_12 = None
        float_19: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_key_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_key_parameters_weight_ = None
        scale_4: "f32[256]" = 1.0 + float_19;  float_19 = None
        xf_7: "f32[s33, 4, 64]" = xf_6.unflatten(-1, (-1, 64));  xf_6 = None
        scale_5: "f32[4, 64]" = scale_4.unflatten(-1, (-1, 64));  scale_4 = None
        pow_4: "f32[s33, 4, 64]" = xf_7.pow(2)
        mean_5: "f32[s33, 4, 1]" = pow_4.mean(-1, keepdim = True);  pow_4 = None
        add_24: "f32[s33, 4, 1]" = mean_5 + 1e-06;  mean_5 = None
        rsqrt_5: "f32[s33, 4, 1]" = torch.rsqrt(add_24);  add_24 = None
        mul_25: "f32[s33, 4, 64]" = xf_7 * rsqrt_5;  xf_7 = rsqrt_5 = None
        mul_26: "f32[s33, 4, 64]" = mul_25 * scale_5;  mul_25 = scale_5 = None
        out_11: "f32[s33, 4, 64]" = mul_26.to(torch.float32);  mul_26 = None
        flatten_3: "f32[s33, 256]" = out_11.flatten(-2);  out_11 = None
        key_1: "f32[s33, 4, 64]" = flatten_3.unflatten(-1, (4, 64));  flatten_3 = None
        to_14: "f32[s33, 256]" = h_2.to(torch.float32)
        xf_8: "f32[s33, 256]" = to_14.float();  to_14 = None
        float_21: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_query_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_query_parameters_weight_ = None
        scale_6: "f32[256]" = 1.0 + float_21;  float_21 = None
        xf_9: "f32[s33, 4, 64]" = xf_8.unflatten(-1, (-1, 64));  xf_8 = None
        scale_7: "f32[4, 64]" = scale_6.unflatten(-1, (-1, 64));  scale_6 = None
        pow_5: "f32[s33, 4, 64]" = xf_9.pow(2)
        mean_6: "f32[s33, 4, 1]" = pow_5.mean(-1, keepdim = True);  pow_5 = None
        add_26: "f32[s33, 4, 1]" = mean_6 + 1e-06;  mean_6 = None
        rsqrt_6: "f32[s33, 4, 1]" = torch.rsqrt(add_26);  add_26 = None
        mul_27: "f32[s33, 4, 64]" = xf_9 * rsqrt_6;  xf_9 = rsqrt_6 = None
        mul_28: "f32[s33, 4, 64]" = mul_27 * scale_7;  mul_27 = scale_7 = None
        out_12: "f32[s33, 4, 64]" = mul_28.to(torch.float32);  mul_28 = None
        flatten_4: "f32[s33, 256]" = out_12.flatten(-2);  out_12 = None
        query: "f32[s33, 4, 64]" = flatten_4.unflatten(-1, (4, 64));  flatten_4 = None
        mul_29: "f32[s33, 4, 64]" = key_1 * query;  key_1 = query = None
        sum_4: "f32[s33, 4, 1]" = mul_29.sum(dim = -1, keepdim = True);  mul_29 = None
        gate_1: "f32[s33, 4, 1]" = sum_4 / 8.0;  sum_4 = None
        abs_1: "f32[s33, 4, 1]" = gate_1.abs()
        clamp_min_6: "f32[s33, 4, 1]" = abs_1.clamp_min(1e-06);  abs_1 = None
        sqrt: "f32[s33, 4, 1]" = clamp_min_6.sqrt();  clamp_min_6 = None
        sign: "f32[s33, 4, 1]" = gate_1.sign();  gate_1 = None
        gate_2: "f32[s33, 4, 1]" = sqrt * sign;  sqrt = sign = None
        sigmoid_6: "f32[s33, 4, 1]" = torch.sigmoid(gate_2);  gate_2 = None
        unsqueeze: "f32[s33, 1, 64]" = value.unsqueeze(-2);  value = None
        mul_31: "f32[s33, 4, 64]" = sigmoid_6 * unsqueeze;  sigmoid_6 = unsqueeze = None
        gated: "f32[s33, 256]" = mul_31.flatten(-2);  mul_31 = None
        xf_10: "f32[s33, 256]" = gated.float()
        float_23: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_conv_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_norm_conv_parameters_weight_ = None
        scale_8: "f32[256]" = 1.0 + float_23;  float_23 = None
        xf_11: "f32[s33, 4, 64]" = xf_10.unflatten(-1, (-1, 64));  xf_10 = None
        scale_9: "f32[4, 64]" = scale_8.unflatten(-1, (-1, 64));  scale_8 = None
        pow_6: "f32[s33, 4, 64]" = xf_11.pow(2)
        mean_7: "f32[s33, 4, 1]" = pow_6.mean(-1, keepdim = True);  pow_6 = None
        add_28: "f32[s33, 4, 1]" = mean_7 + 1e-06;  mean_7 = None
        rsqrt_7: "f32[s33, 4, 1]" = torch.rsqrt(add_28);  add_28 = None
        mul_32: "f32[s33, 4, 64]" = xf_11 * rsqrt_7;  xf_11 = rsqrt_7 = None
        mul_33: "f32[s33, 4, 64]" = mul_32 * scale_9;  mul_32 = scale_9 = None
        out_13: "f32[s33, 4, 64]" = mul_33.to(torch.float32);  mul_33 = None
        flatten_6: "f32[s33, 256]" = out_13.flatten(-2);  out_13 = None
        getitem_103: "f32[256, 4]" = l_self_modules_model_modules_layers_modules_1_modules_ple_modules_conv1d_parameters_weight_[(slice(None, None, None), 0, slice(None, None, None))];  l_self_modules_model_modules_layers_modules_1_modules_ple_modules_conv1d_parameters_weight_ = None
        taps_1: "f32[256, 4]" = getitem_103.float();  getitem_103 = None
        rel_6: "i64[s33]" = l_offsets_ - 9
        arange_8: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_9: "i64[s33]" = arange_8 - 9;  arange_8 = None
        flat_6: "i64[s33]" = sub_9.clamp_min(0);  sub_9 = None
        add_29: "i64[s33]" = rel_6 + 9
        clamp_6: "i64[s33]" = add_29.clamp(0, 8);  add_29 = None
        from_tail_6: "f32[s33, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(l_slots_, clamp_6)];  clamp_6 = None
        ge_6: "b8[s33]" = rel_6 >= 0;  rel_6 = None
        getitem_107: "b8[s33, 1]" = ge_6[(slice(None, None, None), None)];  ge_6 = None
        getitem_108: "f32[s33, 256]" = flatten_6[flat_6];  flat_6 = None
        where_8: "f32[s33, 256]" = torch.where(getitem_107, getitem_108, from_tail_6);  getitem_107 = getitem_108 = from_tail_6 = None
        float_25: "f32[s33, 256]" = where_8.float();  where_8 = None
        getitem_109: "f32[256]" = taps_1[(slice(None, None, None), 0)]
        out_14: "f32[s33, 256]" = float_25 * getitem_109;  float_25 = getitem_109 = None
        rel_7: "i64[s33]" = l_offsets_ - 6
        arange_9: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_11: "i64[s33]" = arange_9 - 6;  arange_9 = None
        flat_7: "i64[s33]" = sub_11.clamp_min(0);  sub_11 = None
        add_30: "i64[s33]" = rel_7 + 9
        clamp_7: "i64[s33]" = add_30.clamp(0, 8);  add_30 = None
        from_tail_7: "f32[s33, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(l_slots_, clamp_7)];  clamp_7 = None
        ge_7: "b8[s33]" = rel_7 >= 0;  rel_7 = None
        getitem_113: "b8[s33, 1]" = ge_7[(slice(None, None, None), None)];  ge_7 = None
        getitem_114: "f32[s33, 256]" = flatten_6[flat_7];  flat_7 = None
        where_9: "f32[s33, 256]" = torch.where(getitem_113, getitem_114, from_tail_7);  getitem_113 = getitem_114 = from_tail_7 = None
        float_26: "f32[s33, 256]" = where_9.float();  where_9 = None
        getitem_115: "f32[256]" = taps_1[(slice(None, None, None), 1)]
        mul_35: "f32[s33, 256]" = float_26 * getitem_115;  float_26 = getitem_115 = None
        out_15: "f32[s33, 256]" = out_14 + mul_35;  out_14 = mul_35 = None
        rel_8: "i64[s33]" = l_offsets_ - 3
        arange_10: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_13: "i64[s33]" = arange_10 - 3;  arange_10 = None
        flat_8: "i64[s33]" = sub_13.clamp_min(0);  sub_13 = None
        add_32: "i64[s33]" = rel_8 + 9
        clamp_8: "i64[s33]" = add_32.clamp(0, 8);  add_32 = None
        from_tail_8: "f32[s33, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(l_slots_, clamp_8)];  clamp_8 = None
        ge_8: "b8[s33]" = rel_8 >= 0;  rel_8 = None
        getitem_119: "b8[s33, 1]" = ge_8[(slice(None, None, None), None)];  ge_8 = None
        getitem_120: "f32[s33, 256]" = flatten_6[flat_8];  flat_8 = None
        where_10: "f32[s33, 256]" = torch.where(getitem_119, getitem_120, from_tail_8);  getitem_119 = getitem_120 = from_tail_8 = None
        float_27: "f32[s33, 256]" = where_10.float();  where_10 = None
        getitem_121: "f32[256]" = taps_1[(slice(None, None, None), 2)]
        mul_36: "f32[s33, 256]" = float_27 * getitem_121;  float_27 = getitem_121 = None
        out_16: "f32[s33, 256]" = out_15 + mul_36;  out_15 = mul_36 = None
        rel_9: "i64[s33]" = l_offsets_ - 0
        arange_11: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_15: "i64[s33]" = arange_11 - 0;  arange_11 = None
        flat_9: "i64[s33]" = sub_15.clamp_min(0);  sub_15 = None
        add_34: "i64[s33]" = rel_9 + 9
        clamp_9: "i64[s33]" = add_34.clamp(0, 8);  add_34 = None
        from_tail_9: "f32[s33, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(l_slots_, clamp_9)];  clamp_9 = None
        ge_9: "b8[s33]" = rel_9 >= 0;  rel_9 = None
        getitem_125: "b8[s33, 1]" = ge_9[(slice(None, None, None), None)];  ge_9 = None
        getitem_126: "f32[s33, 256]" = flatten_6[flat_9];  flat_9 = None
        where_11: "f32[s33, 256]" = torch.where(getitem_125, getitem_126, from_tail_9);  getitem_125 = getitem_126 = from_tail_9 = None
        float_28: "f32[s33, 256]" = where_11.float();  where_11 = None
        getitem_127: "f32[256]" = taps_1[(slice(None, None, None), 3)];  taps_1 = None
        mul_37: "f32[s33, 256]" = float_28 * getitem_127;  float_28 = getitem_127 = None
        out_17: "f32[s33, 256]" = out_16 + mul_37;  out_16 = mul_37 = None
        steps_2: "i64[10]" = torch.arange(-9, 1, device = device(type='cpu'))
        getitem_128: "i64[s33, 1]" = l_offsets_[(slice(None, None, None), None)]
        rel_10: "i64[s33, 10]" = getitem_128 + steps_2;  getitem_128 = None
        arange_13: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        getitem_131: "i64[s33, 1]" = arange_13[(slice(None, None, None), None)];  arange_13 = None
        add_37: "i64[s33, 10]" = getitem_131 + steps_2;  getitem_131 = steps_2 = None
        flat_10: "i64[s33, 10]" = add_37.clamp_min(0);  add_37 = None
        getitem_132: "i64[s33, 1]" = l_slots_[(slice(None, None, None), None)]
        add_38: "i64[s33, 10]" = rel_10 + 9
        clamp_10: "i64[s33, 10]" = add_38.clamp(0, 8);  add_38 = None
        from_tail_10: "f32[s33, 10, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_[(getitem_132, clamp_10)];  getitem_132 = clamp_10 = None
        ge_10: "b8[s33, 10]" = rel_10 >= 0;  rel_10 = None
        getitem_134: "b8[s33, 10, 1]" = ge_10[(Ellipsis, None)];  ge_10 = None
        getitem_135: "f32[s33, 10, 256]" = flatten_6[flat_10];  flatten_6 = flat_10 = None
        where_12: "f32[s33, 10, 256]" = torch.where(getitem_134, getitem_135, from_tail_10);  getitem_134 = getitem_135 = from_tail_10 = None
        getitem_136: "f32[s33, 9, 256]" = where_12[(slice(None, None, None), slice(1, None, None))];  where_12 = None
        to_17: "f32[s33, 9, 256]" = getitem_136.to(torch.float32);  getitem_136 = None
        index_copy__2: "f32[3, 9, 256]" = l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_.index_copy_(0, l_write_slots_, to_17);  l_self_modules_model_modules_layers_modules_1_modules_ple_buffers_conv_tail_ = to_17 = index_copy__2 = None
        silu_4: "f32[s33, 256]" = torch.nn.functional.silu(out_17);  out_17 = None
        to_18: "f32[s33, 256]" = silu_4.to(torch.float32);  silu_4 = None
        add_39: "f32[s33, 256]" = gated + to_18;  gated = to_18 = None
        to_19: "f32[s33, 256]" = add_39.to(torch.float32);  add_39 = None
        h_3: "f32[s33, 256]" = h_2 + to_19;  h_2 = to_19 = None
        xf_12: "f32[s33, 256]" = h_3.float()
        float_30: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_10: "f32[256]" = 1.0 + float_30;  float_30 = None
        xf_13: "f32[s33, 4, 64]" = xf_12.unflatten(-1, (-1, 64));  xf_12 = None
        scale_11: "f32[4, 64]" = scale_10.unflatten(-1, (-1, 64));  scale_10 = None
        pow_7: "f32[s33, 4, 64]" = xf_13.pow(2)
        mean_8: "f32[s33, 4, 1]" = pow_7.mean(-1, keepdim = True);  pow_7 = None
        add_42: "f32[s33, 4, 1]" = mean_8 + 1e-06;  mean_8 = None
        rsqrt_8: "f32[s33, 4, 1]" = torch.rsqrt(add_42);  add_42 = None
        mul_38: "f32[s33, 4, 64]" = xf_13 * rsqrt_8;  xf_13 = rsqrt_8 = None
        mul_39: "f32[s33, 4, 64]" = mul_38 * scale_11;  mul_38 = scale_11 = None
        out_18: "f32[s33, 4, 64]" = mul_39.to(torch.float32);  mul_39 = None
        hn_2: "f32[s33, 256]" = out_18.flatten(-2);  out_18 = None
        y_6: "f32[s33, 32]" = torch._C._nn.linear(hn_2, l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split_6 = torch.functional.split(y_6, [16, 0, 4, 12], dim = -1);  y_6 = None
        down_2: "f32[s33, 16]" = split_6[0]
        inject_4: "f32[s33, 4]" = split_6[2];  split_6 = None
        truediv_6: "f32[s33, 16]" = down_2 / 4;  down_2 = None
        silu_5: "f32[s33, 16]" = torch.nn.functional.silu(truediv_6);  truediv_6 = None
        linear_9: "f32[s33, 256]" = torch._C._nn.linear(silu_5, l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_5 = l_self_modules_model_modules_layers_modules_1_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_7: "f32[s33, 256]" = torch.sigmoid(linear_9);  linear_9 = None
        unflatten_22: "f32[s33, 4, 64]" = sigmoid_7.unflatten(-1, (4, 64));  sigmoid_7 = None
        unflatten_23: "f32[s33, 4, 64]" = hn_2.unflatten(-1, (4, 64));  hn_2 = None
        mul_40: "f32[s33, 4, 64]" = unflatten_22 * unflatten_23;  unflatten_22 = unflatten_23 = None
        x_2: "f32[s33, 64]" = mul_40.mean(dim = -2);  mul_40 = None
        truediv_7: "f32[s33, 4]" = inject_4 / 4;  inject_4 = None
        sigmoid_8: "f32[s33, 4]" = torch.sigmoid(truediv_7);  truediv_7 = None
        inject_5: "f32[s33, 4]" = 2 * sigmoid_8;  sigmoid_8 = None
        y_7: "f32[s33, 224]" = torch._C._nn.linear(x_2, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_merged_in_proj_);  x_2 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_merged_in_proj_ = None
        split_7 = torch.functional.split(y_7, [128, 0, 64, 0, 4, 12, 4, 12], dim = -1);  y_7 = None
        qkv_2: "f32[s33, 128]" = split_7[0]
        z_1: "f32[s33, 64]" = split_7[2]
        b_1: "f32[s33, 4]" = split_7[4]
        a_1: "f32[s33, 4]" = split_7[6];  split_7 = None
        getitem_149: "f32[128, 4]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_conv1d_parameters_weight_[(slice(None, None, None), 0, slice(None, None, None))];  l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_conv1d_parameters_weight_ = None
        taps_2: "f32[128, 4]" = getitem_149.float();  getitem_149 = None
        rel_11: "i64[s33]" = l_offsets_ - 3
        arange_14: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_17: "i64[s33]" = arange_14 - 3;  arange_14 = None
        flat_11: "i64[s33]" = sub_17.clamp_min(0);  sub_17 = None
        add_43: "i64[s33]" = rel_11 + 3
        clamp_11: "i64[s33]" = add_43.clamp(0, 2);  add_43 = None
        from_tail_11: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_11)];  clamp_11 = None
        ge_11: "b8[s33]" = rel_11 >= 0;  rel_11 = None
        getitem_153: "b8[s33, 1]" = ge_11[(slice(None, None, None), None)];  ge_11 = None
        getitem_154: "f32[s33, 128]" = qkv_2[flat_11];  flat_11 = None
        where_13: "f32[s33, 128]" = torch.where(getitem_153, getitem_154, from_tail_11);  getitem_153 = getitem_154 = from_tail_11 = None
        float_32: "f32[s33, 128]" = where_13.float();  where_13 = None
        getitem_155: "f32[128]" = taps_2[(slice(None, None, None), 0)]
        out_19: "f32[s33, 128]" = float_32 * getitem_155;  float_32 = getitem_155 = None
        rel_12: "i64[s33]" = l_offsets_ - 2
        arange_15: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_19: "i64[s33]" = arange_15 - 2;  arange_15 = None
        flat_12: "i64[s33]" = sub_19.clamp_min(0);  sub_19 = None
        add_44: "i64[s33]" = rel_12 + 3
        clamp_12: "i64[s33]" = add_44.clamp(0, 2);  add_44 = None
        from_tail_12: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_12)];  clamp_12 = None
        ge_12: "b8[s33]" = rel_12 >= 0;  rel_12 = None
        getitem_159: "b8[s33, 1]" = ge_12[(slice(None, None, None), None)];  ge_12 = None
        getitem_160: "f32[s33, 128]" = qkv_2[flat_12];  flat_12 = None
        where_14: "f32[s33, 128]" = torch.where(getitem_159, getitem_160, from_tail_12);  getitem_159 = getitem_160 = from_tail_12 = None
        float_33: "f32[s33, 128]" = where_14.float();  where_14 = None
        getitem_161: "f32[128]" = taps_2[(slice(None, None, None), 1)]
        mul_43: "f32[s33, 128]" = float_33 * getitem_161;  float_33 = getitem_161 = None
        out_20: "f32[s33, 128]" = out_19 + mul_43;  out_19 = mul_43 = None
        rel_13: "i64[s33]" = l_offsets_ - 1
        arange_16: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_21: "i64[s33]" = arange_16 - 1;  arange_16 = None
        flat_13: "i64[s33]" = sub_21.clamp_min(0);  sub_21 = None
        add_46: "i64[s33]" = rel_13 + 3
        clamp_13: "i64[s33]" = add_46.clamp(0, 2);  add_46 = None
        from_tail_13: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_13)];  clamp_13 = None
        ge_13: "b8[s33]" = rel_13 >= 0;  rel_13 = None
        getitem_165: "b8[s33, 1]" = ge_13[(slice(None, None, None), None)];  ge_13 = None
        getitem_166: "f32[s33, 128]" = qkv_2[flat_13];  flat_13 = None
        where_15: "f32[s33, 128]" = torch.where(getitem_165, getitem_166, from_tail_13);  getitem_165 = getitem_166 = from_tail_13 = None
        float_34: "f32[s33, 128]" = where_15.float();  where_15 = None
        getitem_167: "f32[128]" = taps_2[(slice(None, None, None), 2)]
        mul_44: "f32[s33, 128]" = float_34 * getitem_167;  float_34 = getitem_167 = None
        out_21: "f32[s33, 128]" = out_20 + mul_44;  out_20 = mul_44 = None
        rel_14: "i64[s33]" = l_offsets_ - 0
        arange_17: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_23: "i64[s33]" = arange_17 - 0;  arange_17 = None
        flat_14: "i64[s33]" = sub_23.clamp_min(0);  sub_23 = None
        add_48: "i64[s33]" = rel_14 + 3
        clamp_14: "i64[s33]" = add_48.clamp(0, 2);  add_48 = None
        from_tail_14: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_14)];  clamp_14 = None
        ge_14: "b8[s33]" = rel_14 >= 0;  rel_14 = None
        getitem_171: "b8[s33, 1]" = ge_14[(slice(None, None, None), None)];  ge_14 = None
        getitem_172: "f32[s33, 128]" = qkv_2[flat_14];  flat_14 = None
        where_16: "f32[s33, 128]" = torch.where(getitem_171, getitem_172, from_tail_14);  getitem_171 = getitem_172 = from_tail_14 = None
        float_35: "f32[s33, 128]" = where_16.float();  where_16 = None
        getitem_173: "f32[128]" = taps_2[(slice(None, None, None), 3)];  taps_2 = None
        mul_45: "f32[s33, 128]" = float_35 * getitem_173;  float_35 = getitem_173 = None
        out_22: "f32[s33, 128]" = out_21 + mul_45;  out_21 = mul_45 = None
        steps_3: "i64[4]" = torch.arange(-3, 1, device = device(type='cpu'))
        getitem_174: "i64[s33, 1]" = l_offsets_[(slice(None, None, None), None)]
        rel_15: "i64[s33, 4]" = getitem_174 + steps_3;  getitem_174 = None
        arange_19: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        getitem_177: "i64[s33, 1]" = arange_19[(slice(None, None, None), None)];  arange_19 = None
        add_51: "i64[s33, 4]" = getitem_177 + steps_3;  getitem_177 = steps_3 = None
        flat_15: "i64[s33, 4]" = add_51.clamp_min(0);  add_51 = None
        getitem_178: "i64[s33, 1]" = l_slots_[(slice(None, None, None), None)]
        add_52: "i64[s33, 4]" = rel_15 + 3
        clamp_15: "i64[s33, 4]" = add_52.clamp(0, 2);  add_52 = None
        from_tail_15: "f32[s33, 4, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_[(getitem_178, clamp_15)];  getitem_178 = clamp_15 = None
        ge_15: "b8[s33, 4]" = rel_15 >= 0;  rel_15 = None
        getitem_180: "b8[s33, 4, 1]" = ge_15[(Ellipsis, None)];  ge_15 = None
        getitem_181: "f32[s33, 4, 128]" = qkv_2[flat_15];  qkv_2 = flat_15 = None
        where_17: "f32[s33, 4, 128]" = torch.where(getitem_180, getitem_181, from_tail_15);  getitem_180 = getitem_181 = from_tail_15 = None
        getitem_182: "f32[s33, 3, 128]" = where_17[(slice(None, None, None), slice(1, None, None))];  where_17 = None
        to_21: "f32[s33, 3, 128]" = getitem_182.to(torch.float32);  getitem_182 = None
        index_copy__3: "f32[3, 3, 128]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_.index_copy_(0, l_write_slots_, to_21);  l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_conv_tail_ = to_21 = index_copy__3 = None
        to_22: "f32[s33, 128]" = out_22.to(torch.float32);  out_22 = None
        qkv_3: "f32[s33, 128]" = torch.nn.functional.silu(to_22);  to_22 = None
        split_8 = torch.functional.split(qkv_3, [32, 32, 64], dim = -1);  qkv_3 = None
        q_3: "f32[s33, 32]" = split_8[0]
        k_3: "f32[s33, 32]" = split_8[1]
        v_2: "f32[s33, 64]" = split_8[2];  split_8 = None
        q_4: "f32[s33, 2, 16]" = q_3.unflatten(-1, (2, 16));  q_3 = None
        k_4: "f32[s33, 2, 16]" = k_3.unflatten(-1, (2, 16));  k_3 = None
        v_3: "f32[s33, 4, 16]" = v_2.unflatten(-1, (4, 16));  v_2 = None
        float_36: "f32[s33, 2, 16]" = q_4.float();  q_4 = None
        mul_46: "f32[s33, 2, 16]" = float_36 * float_36
        sum_5: "f32[s33, 2, 1]" = mul_46.sum(-1, keepdim = True);  mul_46 = None
        add_53: "f32[s33, 2, 1]" = sum_5 + 1e-06;  sum_5 = None
        rsqrt_9: "f32[s33, 2, 1]" = torch.rsqrt(add_53);  add_53 = None
        mul_47: "f32[s33, 2, 16]" = float_36 * rsqrt_9;  float_36 = rsqrt_9 = None
        q_5: "f32[s33, 2, 16]" = mul_47 * 0.25;  mul_47 = None
        float_37: "f32[s33, 2, 16]" = k_4.float();  k_4 = None
        mul_49: "f32[s33, 2, 16]" = float_37 * float_37
        sum_6: "f32[s33, 2, 1]" = mul_49.sum(-1, keepdim = True);  mul_49 = None
        add_54: "f32[s33, 2, 1]" = sum_6 + 1e-06;  sum_6 = None
        rsqrt_10: "f32[s33, 2, 1]" = torch.rsqrt(add_54);  add_54 = None
        k_5: "f32[s33, 2, 16]" = float_37 * rsqrt_10;  float_37 = rsqrt_10 = None
        float_38: "f32[4]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_a_log_.float();  l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_a_log_ = None
        exp_1: "f32[4]" = float_38.exp();  float_38 = None
        neg_1: "f32[4]" = -exp_1;  exp_1 = None
        float_39: "f32[s33, 4]" = a_1.float();  a_1 = None
        add_55: "f32[s33, 4]" = float_39 + l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_dt_bias_;  float_39 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_parameters_dt_bias_ = None
        softplus_1: "f32[s33, 4]" = torch._C._nn.softplus(add_55);  add_55 = None
        decay_1: "f32[s33, 4]" = neg_1 * softplus_1;  neg_1 = softplus_1 = None
        to_23: "f32[s33, 4]" = b_1.to(torch.float32);  b_1 = None
        sigmoid_9: "f32[s33, 4]" = to_23.sigmoid();  to_23 = None
        float_40: "f32[s33, 4]" = sigmoid_9.float();  sigmoid_9 = None
        stack_1: "f32[2, s33, 4]" = torch.stack([float_40, decay_1]);  float_40 = decay_1 = None
        unbind_1 = stack_1.unbind();  stack_1 = None
        beta_1: "f32[s33, 4]" = unbind_1[0]
        g_1: "f32[s33, 4]" = unbind_1[1];  unbind_1 = None
        float_41: "f32[s33, 4, 16]" = v_3.float();  v_3 = None
        out_23: "f32[s33, 4, 16]" = torch.empty((s33, 4, 16), dtype = torch.float32, device = device(type='cpu'))
        delta_rule_default_1 = torch.ops.qcompile.delta_rule.default('model.layers.1.linear_attn', q_5, k_5, float_41, g_1, beta_1, l_slots_, l_write_slots_, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_, out_23);  q_5 = k_5 = float_41 = g_1 = beta_1 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_buffers_recurrent_ = delta_rule_default_1 = None
        core_1: "f32[s33, 4, 16]" = out_23.to(torch.float32);  out_23 = None
        unflatten_27: "f32[s33, 4, 16]" = z_1.unflatten(-1, (4, 16));  z_1 = None
        xf_14: "f32[s33, 4, 16]" = core_1.float();  core_1 = None
        pow_8: "f32[s33, 4, 16]" = xf_14.pow(2)
        mean_10: "f32[s33, 4, 1]" = pow_8.mean(-1, keepdim = True);  pow_8 = None
        add_56: "f32[s33, 4, 1]" = mean_10 + 1e-06;  mean_10 = None
        rsqrt_11: "f32[s33, 4, 1]" = torch.rsqrt(add_56);  add_56 = None
        xf_15: "f32[s33, 4, 16]" = xf_14 * rsqrt_11;  xf_14 = rsqrt_11 = None
        to_25: "f32[s33, 4, 16]" = xf_15.to(torch.float32);  xf_15 = None
        out_24: "f32[s33, 4, 16]" = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_norm_parameters_weight_ * to_25;  l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_norm_parameters_weight_ = to_25 = None
        float_43: "f32[s33, 4, 16]" = unflatten_27.float();  unflatten_27 = None
        sigmoid_10: "f32[s33, 4, 16]" = torch.sigmoid(float_43);  float_43 = None
        mul_54: "f32[s33, 4, 16]" = out_24 * sigmoid_10;  out_24 = sigmoid_10 = None
        to_26: "f32[s33, 4, 16]" = mul_54.to(torch.float32);  mul_54 = None
        out_25: "f32[s33, 64]" = to_26.flatten(-2);  to_26 = None
        to_27: "f32[s33, 64]" = out_25.to(torch.float32);  out_25 = None
        y_8: "f32[s33, 64]" = torch._C._nn.linear(to_27, l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_out_proj_parameters_weight_, None);  to_27 = l_self_modules_model_modules_layers_modules_1_modules_linear_attn_modules_out_proj_parameters_weight_ = None
        h_4: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_3, inject_5, y_8);  h_3 = inject_5 = y_8 = None
        xf_16: "f32[s33, 256]" = h_4.float()
        float_45: "f32[256]" = l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_12: "f32[256]" = 1.0 + float_45;  float_45 = None
        xf_17: "f32[s33, 4, 64]" = xf_16.unflatten(-1, (-1, 64));  xf_16 = None
        scale_13: "f32[4, 64]" = scale_12.unflatten(-1, (-1, 64));  scale_12 = None
        pow_9: "f32[s33, 4, 64]" = xf_17.pow(2)
        mean_11: "f32[s33, 4, 1]" = pow_9.mean(-1, keepdim = True);  pow_9 = None
        add_58: "f32[s33, 4, 1]" = mean_11 + 1e-06;  mean_11 = None
        rsqrt_12: "f32[s33, 4, 1]" = torch.rsqrt(add_58);  add_58 = None
        mul_55: "f32[s33, 4, 64]" = xf_17 * rsqrt_12;  xf_17 = rsqrt_12 = None
        mul_56: "f32[s33, 4, 64]" = mul_55 * scale_13;  mul_55 = scale_13 = None
        out_26: "f32[s33, 4, 64]" = mul_56.to(torch.float32);  mul_56 = None
        hn_3: "f32[s33, 256]" = out_26.flatten(-2);  out_26 = None
        y_9: "f32[s33, 32]" = torch._C._nn.linear(hn_3, l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_9 = torch.functional.split(y_9, [16, 0, 4, 12], dim = -1);  y_9 = None
        down_3: "f32[s33, 16]" = split_9[0]
        inject_6: "f32[s33, 4]" = split_9[2];  split_9 = None
        truediv_8: "f32[s33, 16]" = down_3 / 4;  down_3 = None
        silu_7: "f32[s33, 16]" = torch.nn.functional.silu(truediv_8);  truediv_8 = None
        linear_13: "f32[s33, 256]" = torch._C._nn.linear(silu_7, l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_7 = l_self_modules_model_modules_layers_modules_1_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_11: "f32[s33, 256]" = torch.sigmoid(linear_13);  linear_13 = None
        unflatten_30: "f32[s33, 4, 64]" = sigmoid_11.unflatten(-1, (4, 64));  sigmoid_11 = None
        unflatten_31: "f32[s33, 4, 64]" = hn_3.unflatten(-1, (4, 64));  hn_3 = None
        mul_57: "f32[s33, 4, 64]" = unflatten_30 * unflatten_31;  unflatten_30 = unflatten_31 = None
        x_3: "f32[s33, 64]" = mul_57.mean(dim = -2);  mul_57 = None
        truediv_9: "f32[s33, 4]" = inject_6 / 4;  inject_6 = None
        sigmoid_12: "f32[s33, 4]" = torch.sigmoid(truediv_9);  truediv_9 = None
        inject_7: "f32[s33, 4]" = 2 * sigmoid_12;  sigmoid_12 = None
        y_10: "f32[s33, 96]" = torch._C._nn.linear(x_3, l_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_1_modules_mlp_buffers_merged_router_shared_ = None
        split_10 = torch.functional.split(y_10, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_10 = None
        logits_1: "f32[s33, 8]" = split_10[0]
        shared_gate_1: "f32[s33, 1]" = split_10[2]
        gate_3: "f32[s33, 32]" = split_10[4]
        up_1: "f32[s33, 32]" = split_10[6];  split_10 = None
        probs_1: "f32[s33, 8]" = torch.softmax(logits_1, dim = -1, dtype = torch.float32);  logits_1 = None
        topk_1 = torch.topk(probs_1, 2, dim = -1);  probs_1 = None
        top_2: "f32[s33, 2]" = topk_1[0]
        idx_1: "i64[s33, 2]" = topk_1[1];  topk_1 = None
        sum_7: "f32[s33, 1]" = top_2.sum(dim = -1, keepdim = True)
        top_3: "f32[s33, 2]" = top_2 / sum_7;  top_2 = sum_7 = None
        weights_1: "f32[s33, 2]" = top_3.to(torch.float32);  top_3 = None
        silu_8: "f32[s33, 32]" = torch.nn.functional.silu(gate_3);  gate_3 = None
        mul_59: "f32[s33, 32]" = silu_8 * up_1;  silu_8 = up_1 = None
        out_27: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'))
        experts_default_1 = torch.ops.qcompile.experts.default('model.layers.1.mlp', x_3, weights_1, idx_1, mul_59, shared_gate_1, out_27);  x_3 = weights_1 = idx_1 = mul_59 = shared_gate_1 = experts_default_1 = None
        h_5: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_4, inject_7, out_27);  h_4 = inject_7 = out_27 = None
        xf_18: "f32[s33, 256]" = h_5.float()
        float_47: "f32[256]" = l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_14: "f32[256]" = 1.0 + float_47;  float_47 = None
        xf_19: "f32[s33, 4, 64]" = xf_18.unflatten(-1, (-1, 64));  xf_18 = None
        scale_15: "f32[4, 64]" = scale_14.unflatten(-1, (-1, 64));  scale_14 = None
        pow_10: "f32[s33, 4, 64]" = xf_19.pow(2)
        mean_13: "f32[s33, 4, 1]" = pow_10.mean(-1, keepdim = True);  pow_10 = None
        add_60: "f32[s33, 4, 1]" = mean_13 + 1e-06;  mean_13 = None
        rsqrt_13: "f32[s33, 4, 1]" = torch.rsqrt(add_60);  add_60 = None
        mul_60: "f32[s33, 4, 64]" = xf_19 * rsqrt_13;  xf_19 = rsqrt_13 = None
        mul_61: "f32[s33, 4, 64]" = mul_60 * scale_15;  mul_60 = scale_15 = None
        out_28: "f32[s33, 4, 64]" = mul_61.to(torch.float32);  mul_61 = None
        hn_4: "f32[s33, 256]" = out_28.flatten(-2);  out_28 = None
        y_11: "f32[s33, 32]" = torch._C._nn.linear(hn_4, l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split_11 = torch.functional.split(y_11, [16, 0, 4, 12], dim = -1);  y_11 = None
        down_4: "f32[s33, 16]" = split_11[0]
        inject_8: "f32[s33, 4]" = split_11[2];  split_11 = None
        truediv_11: "f32[s33, 16]" = down_4 / 4;  down_4 = None
        silu_9: "f32[s33, 16]" = torch.nn.functional.silu(truediv_11);  truediv_11 = None
        linear_16: "f32[s33, 256]" = torch._C._nn.linear(silu_9, l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_9 = l_self_modules_model_modules_layers_modules_2_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_13: "f32[s33, 256]" = torch.sigmoid(linear_16);  linear_16 = None
        unflatten_34: "f32[s33, 4, 64]" = sigmoid_13.unflatten(-1, (4, 64));  sigmoid_13 = None
        unflatten_35: "f32[s33, 4, 64]" = hn_4.unflatten(-1, (4, 64));  hn_4 = None
        mul_62: "f32[s33, 4, 64]" = unflatten_34 * unflatten_35;  unflatten_34 = unflatten_35 = None
        x_4: "f32[s33, 64]" = mul_62.mean(dim = -2);  mul_62 = None
        truediv_12: "f32[s33, 4]" = inject_8 / 4;  inject_8 = None
        sigmoid_14: "f32[s33, 4]" = torch.sigmoid(truediv_12);  truediv_12 = None
        inject_9: "f32[s33, 4]" = 2 * sigmoid_14;  sigmoid_14 = None
        y_12: "f32[s33, 224]" = torch._C._nn.linear(x_4, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_merged_in_proj_);  x_4 = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_merged_in_proj_ = None
        split_12 = torch.functional.split(y_12, [128, 0, 64, 0, 4, 12, 4, 12], dim = -1);  y_12 = None
        qkv_4: "f32[s33, 128]" = split_12[0]
        z_2: "f32[s33, 64]" = split_12[2]
        b_2: "f32[s33, 4]" = split_12[4]
        a_2: "f32[s33, 4]" = split_12[6];  split_12 = None
        getitem_219: "f32[128, 4]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_conv1d_parameters_weight_[(slice(None, None, None), 0, slice(None, None, None))];  l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_conv1d_parameters_weight_ = None
        taps_3: "f32[128, 4]" = getitem_219.float();  getitem_219 = None
        rel_16: "i64[s33]" = l_offsets_ - 3
        arange_20: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_25: "i64[s33]" = arange_20 - 3;  arange_20 = None
        flat_16: "i64[s33]" = sub_25.clamp_min(0);  sub_25 = None
        add_61: "i64[s33]" = rel_16 + 3
        clamp_16: "i64[s33]" = add_61.clamp(0, 2);  add_61 = None
        from_tail_16: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_16)];  clamp_16 = None
        ge_16: "b8[s33]" = rel_16 >= 0;  rel_16 = None
        getitem_223: "b8[s33, 1]" = ge_16[(slice(None, None, None), None)];  ge_16 = None
        getitem_224: "f32[s33, 128]" = qkv_4[flat_16];  flat_16 = None
        where_18: "f32[s33, 128]" = torch.where(getitem_223, getitem_224, from_tail_16);  getitem_223 = getitem_224 = from_tail_16 = None
        float_49: "f32[s33, 128]" = where_18.float();  where_18 = None
        getitem_225: "f32[128]" = taps_3[(slice(None, None, None), 0)]
        out_29: "f32[s33, 128]" = float_49 * getitem_225;  float_49 = getitem_225 = None
        rel_17: "i64[s33]" = l_offsets_ - 2
        arange_21: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_27: "i64[s33]" = arange_21 - 2;  arange_21 = None
        flat_17: "i64[s33]" = sub_27.clamp_min(0);  sub_27 = None
        add_62: "i64[s33]" = rel_17 + 3
        clamp_17: "i64[s33]" = add_62.clamp(0, 2);  add_62 = None
        from_tail_17: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_17)];  clamp_17 = None
        ge_17: "b8[s33]" = rel_17 >= 0;  rel_17 = None
        getitem_229: "b8[s33, 1]" = ge_17[(slice(None, None, None), None)];  ge_17 = None
        getitem_230: "f32[s33, 128]" = qkv_4[flat_17];  flat_17 = None
        where_19: "f32[s33, 128]" = torch.where(getitem_229, getitem_230, from_tail_17);  getitem_229 = getitem_230 = from_tail_17 = None
        float_50: "f32[s33, 128]" = where_19.float();  where_19 = None
        getitem_231: "f32[128]" = taps_3[(slice(None, None, None), 1)]
        mul_65: "f32[s33, 128]" = float_50 * getitem_231;  float_50 = getitem_231 = None
        out_30: "f32[s33, 128]" = out_29 + mul_65;  out_29 = mul_65 = None
        rel_18: "i64[s33]" = l_offsets_ - 1
        arange_22: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_29: "i64[s33]" = arange_22 - 1;  arange_22 = None
        flat_18: "i64[s33]" = sub_29.clamp_min(0);  sub_29 = None
        add_64: "i64[s33]" = rel_18 + 3
        clamp_18: "i64[s33]" = add_64.clamp(0, 2);  add_64 = None
        from_tail_18: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_18)];  clamp_18 = None
        ge_18: "b8[s33]" = rel_18 >= 0;  rel_18 = None
        getitem_235: "b8[s33, 1]" = ge_18[(slice(None, None, None), None)];  ge_18 = None
        getitem_236: "f32[s33, 128]" = qkv_4[flat_18];  flat_18 = None
        where_20: "f32[s33, 128]" = torch.where(getitem_235, getitem_236, from_tail_18);  getitem_235 = getitem_236 = from_tail_18 = None
        float_51: "f32[s33, 128]" = where_20.float();  where_20 = None
        getitem_237: "f32[128]" = taps_3[(slice(None, None, None), 2)]
        mul_66: "f32[s33, 128]" = float_51 * getitem_237;  float_51 = getitem_237 = None
        out_31: "f32[s33, 128]" = out_30 + mul_66;  out_30 = mul_66 = None
        rel_19: "i64[s33]" = l_offsets_ - 0
        arange_23: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        sub_31: "i64[s33]" = arange_23 - 0;  arange_23 = None
        flat_19: "i64[s33]" = sub_31.clamp_min(0);  sub_31 = None
        add_66: "i64[s33]" = rel_19 + 3
        clamp_19: "i64[s33]" = add_66.clamp(0, 2);  add_66 = None
        from_tail_19: "f32[s33, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(l_slots_, clamp_19)];  clamp_19 = None
        ge_19: "b8[s33]" = rel_19 >= 0;  rel_19 = None
        getitem_241: "b8[s33, 1]" = ge_19[(slice(None, None, None), None)];  ge_19 = None
        getitem_242: "f32[s33, 128]" = qkv_4[flat_19];  flat_19 = None
        where_21: "f32[s33, 128]" = torch.where(getitem_241, getitem_242, from_tail_19);  getitem_241 = getitem_242 = from_tail_19 = None
        float_52: "f32[s33, 128]" = where_21.float();  where_21 = None
        getitem_243: "f32[128]" = taps_3[(slice(None, None, None), 3)];  taps_3 = None
        mul_67: "f32[s33, 128]" = float_52 * getitem_243;  float_52 = getitem_243 = None
        out_32: "f32[s33, 128]" = out_31 + mul_67;  out_31 = mul_67 = None
        steps_4: "i64[4]" = torch.arange(-3, 1, device = device(type='cpu'))
        getitem_244: "i64[s33, 1]" = l_offsets_[(slice(None, None, None), None)];  l_offsets_ = None
        rel_20: "i64[s33, 4]" = getitem_244 + steps_4;  getitem_244 = None
        arange_25: "i64[s33]" = torch.arange(s33, device = device(type='cpu'))
        getitem_247: "i64[s33, 1]" = arange_25[(slice(None, None, None), None)];  arange_25 = None
        add_69: "i64[s33, 4]" = getitem_247 + steps_4;  getitem_247 = steps_4 = None
        flat_20: "i64[s33, 4]" = add_69.clamp_min(0);  add_69 = None
        getitem_248: "i64[s33, 1]" = l_slots_[(slice(None, None, None), None)]
        add_70: "i64[s33, 4]" = rel_20 + 3
        clamp_20: "i64[s33, 4]" = add_70.clamp(0, 2);  add_70 = None
        from_tail_20: "f32[s33, 4, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_[(getitem_248, clamp_20)];  getitem_248 = clamp_20 = None
        ge_20: "b8[s33, 4]" = rel_20 >= 0;  rel_20 = None
        getitem_250: "b8[s33, 4, 1]" = ge_20[(Ellipsis, None)];  ge_20 = None
        getitem_251: "f32[s33, 4, 128]" = qkv_4[flat_20];  qkv_4 = flat_20 = None
        where_22: "f32[s33, 4, 128]" = torch.where(getitem_250, getitem_251, from_tail_20);  getitem_250 = getitem_251 = from_tail_20 = None
        getitem_252: "f32[s33, 3, 128]" = where_22[(slice(None, None, None), slice(1, None, None))];  where_22 = None
        to_31: "f32[s33, 3, 128]" = getitem_252.to(torch.float32);  getitem_252 = None
        index_copy__4: "f32[3, 3, 128]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_.index_copy_(0, l_write_slots_, to_31);  l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_conv_tail_ = to_31 = index_copy__4 = None
        to_32: "f32[s33, 128]" = out_32.to(torch.float32);  out_32 = None
        qkv_5: "f32[s33, 128]" = torch.nn.functional.silu(to_32);  to_32 = None
        split_13 = torch.functional.split(qkv_5, [32, 32, 64], dim = -1);  qkv_5 = None
        q_6: "f32[s33, 32]" = split_13[0]
        k_6: "f32[s33, 32]" = split_13[1]
        v_4: "f32[s33, 64]" = split_13[2];  split_13 = None
        q_7: "f32[s33, 2, 16]" = q_6.unflatten(-1, (2, 16));  q_6 = None
        k_7: "f32[s33, 2, 16]" = k_6.unflatten(-1, (2, 16));  k_6 = None
        v_5: "f32[s33, 4, 16]" = v_4.unflatten(-1, (4, 16));  v_4 = None
        float_53: "f32[s33, 2, 16]" = q_7.float();  q_7 = None
        mul_68: "f32[s33, 2, 16]" = float_53 * float_53
        sum_8: "f32[s33, 2, 1]" = mul_68.sum(-1, keepdim = True);  mul_68 = None
        add_71: "f32[s33, 2, 1]" = sum_8 + 1e-06;  sum_8 = None
        rsqrt_14: "f32[s33, 2, 1]" = torch.rsqrt(add_71);  add_71 = None
        mul_69: "f32[s33, 2, 16]" = float_53 * rsqrt_14;  float_53 = rsqrt_14 = None
        q_8: "f32[s33, 2, 16]" = mul_69 * 0.25;  mul_69 = None
        float_54: "f32[s33, 2, 16]" = k_7.float();  k_7 = None
        mul_71: "f32[s33, 2, 16]" = float_54 * float_54
        sum_9: "f32[s33, 2, 1]" = mul_71.sum(-1, keepdim = True);  mul_71 = None
        add_72: "f32[s33, 2, 1]" = sum_9 + 1e-06;  sum_9 = None
        rsqrt_15: "f32[s33, 2, 1]" = torch.rsqrt(add_72);  add_72 = None
        k_8: "f32[s33, 2, 16]" = float_54 * rsqrt_15;  float_54 = rsqrt_15 = None
        float_55: "f32[4]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_a_log_.float();  l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_a_log_ = None
        exp_2: "f32[4]" = float_55.exp();  float_55 = None
        neg_2: "f32[4]" = -exp_2;  exp_2 = None
        float_56: "f32[s33, 4]" = a_2.float();  a_2 = None
        add_73: "f32[s33, 4]" = float_56 + l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_dt_bias_;  float_56 = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_parameters_dt_bias_ = None
        softplus_2: "f32[s33, 4]" = torch._C._nn.softplus(add_73);  add_73 = None
        decay_2: "f32[s33, 4]" = neg_2 * softplus_2;  neg_2 = softplus_2 = None
        to_33: "f32[s33, 4]" = b_2.to(torch.float32);  b_2 = None
        sigmoid_15: "f32[s33, 4]" = to_33.sigmoid();  to_33 = None
        float_57: "f32[s33, 4]" = sigmoid_15.float();  sigmoid_15 = None
        stack_2: "f32[2, s33, 4]" = torch.stack([float_57, decay_2]);  float_57 = decay_2 = None
        unbind_2 = stack_2.unbind();  stack_2 = None
        beta_2: "f32[s33, 4]" = unbind_2[0]
        g_2: "f32[s33, 4]" = unbind_2[1];  unbind_2 = None
        float_58: "f32[s33, 4, 16]" = v_5.float();  v_5 = None
        out_33: "f32[s33, 4, 16]" = torch.empty((s33, 4, 16), dtype = torch.float32, device = device(type='cpu'))
        delta_rule_default_2 = torch.ops.qcompile.delta_rule.default('model.layers.2.linear_attn', q_8, k_8, float_58, g_2, beta_2, l_slots_, l_write_slots_, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_, out_33);  q_8 = k_8 = float_58 = g_2 = beta_2 = l_write_slots_ = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_buffers_recurrent_ = delta_rule_default_2 = None
        core_2: "f32[s33, 4, 16]" = out_33.to(torch.float32);  out_33 = None
        unflatten_39: "f32[s33, 4, 16]" = z_2.unflatten(-1, (4, 16));  z_2 = None
        xf_20: "f32[s33, 4, 16]" = core_2.float();  core_2 = None
        pow_11: "f32[s33, 4, 16]" = xf_20.pow(2)
        mean_15: "f32[s33, 4, 1]" = pow_11.mean(-1, keepdim = True);  pow_11 = None
        add_74: "f32[s33, 4, 1]" = mean_15 + 1e-06;  mean_15 = None
        rsqrt_16: "f32[s33, 4, 1]" = torch.rsqrt(add_74);  add_74 = None
        xf_21: "f32[s33, 4, 16]" = xf_20 * rsqrt_16;  xf_20 = rsqrt_16 = None
        to_35: "f32[s33, 4, 16]" = xf_21.to(torch.float32);  xf_21 = None
        out_34: "f32[s33, 4, 16]" = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_norm_parameters_weight_ * to_35;  l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_norm_parameters_weight_ = to_35 = None
        float_60: "f32[s33, 4, 16]" = unflatten_39.float();  unflatten_39 = None
        sigmoid_16: "f32[s33, 4, 16]" = torch.sigmoid(float_60);  float_60 = None
        mul_76: "f32[s33, 4, 16]" = out_34 * sigmoid_16;  out_34 = sigmoid_16 = None
        to_36: "f32[s33, 4, 16]" = mul_76.to(torch.float32);  mul_76 = None
        out_35: "f32[s33, 64]" = to_36.flatten(-2);  to_36 = None
        to_37: "f32[s33, 64]" = out_35.to(torch.float32);  out_35 = None
        y_13: "f32[s33, 64]" = torch._C._nn.linear(to_37, l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_out_proj_parameters_weight_, None);  to_37 = l_self_modules_model_modules_layers_modules_2_modules_linear_attn_modules_out_proj_parameters_weight_ = None
        h_6: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_5, inject_9, y_13);  h_5 = inject_9 = y_13 = None
        xf_22: "f32[s33, 256]" = h_6.float()
        float_62: "f32[256]" = l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_16: "f32[256]" = 1.0 + float_62;  float_62 = None
        xf_23: "f32[s33, 4, 64]" = xf_22.unflatten(-1, (-1, 64));  xf_22 = None
        scale_17: "f32[4, 64]" = scale_16.unflatten(-1, (-1, 64));  scale_16 = None
        pow_12: "f32[s33, 4, 64]" = xf_23.pow(2)
        mean_16: "f32[s33, 4, 1]" = pow_12.mean(-1, keepdim = True);  pow_12 = None
        add_76: "f32[s33, 4, 1]" = mean_16 + 1e-06;  mean_16 = None
        rsqrt_17: "f32[s33, 4, 1]" = torch.rsqrt(add_76);  add_76 = None
        mul_77: "f32[s33, 4, 64]" = xf_23 * rsqrt_17;  xf_23 = rsqrt_17 = None
        mul_78: "f32[s33, 4, 64]" = mul_77 * scale_17;  mul_77 = scale_17 = None
        out_36: "f32[s33, 4, 64]" = mul_78.to(torch.float32);  mul_78 = None
        hn_5: "f32[s33, 256]" = out_36.flatten(-2);  out_36 = None
        y_14: "f32[s33, 32]" = torch._C._nn.linear(hn_5, l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_14 = torch.functional.split(y_14, [16, 0, 4, 12], dim = -1);  y_14 = None
        down_5: "f32[s33, 16]" = split_14[0]
        inject_10: "f32[s33, 4]" = split_14[2];  split_14 = None
        truediv_13: "f32[s33, 16]" = down_5 / 4;  down_5 = None
        silu_11: "f32[s33, 16]" = torch.nn.functional.silu(truediv_13);  truediv_13 = None
        linear_20: "f32[s33, 256]" = torch._C._nn.linear(silu_11, l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_11 = l_self_modules_model_modules_layers_modules_2_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_17: "f32[s33, 256]" = torch.sigmoid(linear_20);  linear_20 = None
        unflatten_42: "f32[s33, 4, 64]" = sigmoid_17.unflatten(-1, (4, 64));  sigmoid_17 = None
        unflatten_43: "f32[s33, 4, 64]" = hn_5.unflatten(-1, (4, 64));  hn_5 = None
        mul_79: "f32[s33, 4, 64]" = unflatten_42 * unflatten_43;  unflatten_42 = unflatten_43 = None
        x_5: "f32[s33, 64]" = mul_79.mean(dim = -2);  mul_79 = None
        truediv_14: "f32[s33, 4]" = inject_10 / 4;  inject_10 = None
        sigmoid_18: "f32[s33, 4]" = torch.sigmoid(truediv_14);  truediv_14 = None
        inject_11: "f32[s33, 4]" = 2 * sigmoid_18;  sigmoid_18 = None
        y_15: "f32[s33, 96]" = torch._C._nn.linear(x_5, l_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_2_modules_mlp_buffers_merged_router_shared_ = None
        split_15 = torch.functional.split(y_15, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_15 = None
        logits_2: "f32[s33, 8]" = split_15[0]
        shared_gate_2: "f32[s33, 1]" = split_15[2]
        gate_4: "f32[s33, 32]" = split_15[4]
        up_2: "f32[s33, 32]" = split_15[6];  split_15 = None
        probs_2: "f32[s33, 8]" = torch.softmax(logits_2, dim = -1, dtype = torch.float32);  logits_2 = None
        topk_2 = torch.topk(probs_2, 2, dim = -1);  probs_2 = None
        top_4: "f32[s33, 2]" = topk_2[0]
        idx_2: "i64[s33, 2]" = topk_2[1];  topk_2 = None
        sum_10: "f32[s33, 1]" = top_4.sum(dim = -1, keepdim = True)
        top_5: "f32[s33, 2]" = top_4 / sum_10;  top_4 = sum_10 = None
        weights_2: "f32[s33, 2]" = top_5.to(torch.float32);  top_5 = None
        silu_12: "f32[s33, 32]" = torch.nn.functional.silu(gate_4);  gate_4 = None
        mul_81: "f32[s33, 32]" = silu_12 * up_2;  silu_12 = up_2 = None
        out_37: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'))
        experts_default_2 = torch.ops.qcompile.experts.default('model.layers.2.mlp', x_5, weights_2, idx_2, mul_81, shared_gate_2, out_37);  x_5 = weights_2 = idx_2 = mul_81 = shared_gate_2 = experts_default_2 = None
        h_7: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_6, inject_11, out_37);  h_6 = inject_11 = out_37 = None
        xf_24: "f32[s33, 256]" = h_7.float()
        float_64: "f32[256]" = l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_18: "f32[256]" = 1.0 + float_64;  float_64 = None
        xf_25: "f32[s33, 4, 64]" = xf_24.unflatten(-1, (-1, 64));  xf_24 = None
        scale_19: "f32[4, 64]" = scale_18.unflatten(-1, (-1, 64));  scale_18 = None
        pow_13: "f32[s33, 4, 64]" = xf_25.pow(2)
        mean_18: "f32[s33, 4, 1]" = pow_13.mean(-1, keepdim = True);  pow_13 = None
        add_78: "f32[s33, 4, 1]" = mean_18 + 1e-06;  mean_18 = None
        rsqrt_18: "f32[s33, 4, 1]" = torch.rsqrt(add_78);  add_78 = None
        mul_82: "f32[s33, 4, 64]" = xf_25 * rsqrt_18;  xf_25 = rsqrt_18 = None
        mul_83: "f32[s33, 4, 64]" = mul_82 * scale_19;  mul_82 = scale_19 = None
        out_38: "f32[s33, 4, 64]" = mul_83.to(torch.float32);  mul_83 = None
        hn_6: "f32[s33, 256]" = out_38.flatten(-2);  out_38 = None
        y_16: "f32[s33, 32]" = torch._C._nn.linear(hn_6, l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_buffers_merged_down_inject_ = None
        split_16 = torch.functional.split(y_16, [16, 0, 4, 12], dim = -1);  y_16 = None
        down_6: "f32[s33, 16]" = split_16[0]
        inject_12: "f32[s33, 4]" = split_16[2];  split_16 = None
        truediv_16: "f32[s33, 16]" = down_6 / 4;  down_6 = None
        silu_13: "f32[s33, 16]" = torch.nn.functional.silu(truediv_16);  truediv_16 = None
        linear_23: "f32[s33, 256]" = torch._C._nn.linear(silu_13, l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_13 = l_self_modules_model_modules_layers_modules_3_modules_attn_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_19: "f32[s33, 256]" = torch.sigmoid(linear_23);  linear_23 = None
        unflatten_46: "f32[s33, 4, 64]" = sigmoid_19.unflatten(-1, (4, 64));  sigmoid_19 = None
        unflatten_47: "f32[s33, 4, 64]" = hn_6.unflatten(-1, (4, 64));  hn_6 = None
        mul_84: "f32[s33, 4, 64]" = unflatten_46 * unflatten_47;  unflatten_46 = unflatten_47 = None
        x_6: "f32[s33, 64]" = mul_84.mean(dim = -2);  mul_84 = None
        truediv_17: "f32[s33, 4]" = inject_12 / 4;  inject_12 = None
        sigmoid_20: "f32[s33, 4]" = torch.sigmoid(truediv_17);  truediv_17 = None
        inject_13: "f32[s33, 4]" = 2 * sigmoid_20;  sigmoid_20 = None
        float_65: "f32[s33]" = l_positions_.float()
        getitem_283: "f32[s33, 1]" = float_65[(Ellipsis, None)];  float_65 = None
        float_66: "f32[4]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_inv_freq_.float()
        freqs: "f32[s33, 4]" = getitem_283 * float_66;  getitem_283 = float_66 = None
        emb_1: "f32[s33, 8]" = torch.cat((freqs, freqs), dim = -1);  freqs = None
        cos: "f32[s33, 8]" = emb_1.cos()
        cos_1: "f32[s33, 8]" = cos.to(torch.float32);  cos = None
        sin: "f32[s33, 8]" = emb_1.sin();  emb_1 = None
        sin_1: "f32[s33, 8]" = sin.to(torch.float32);  sin = None
        y_17: "f32[s33, 432]" = torch._C._nn.linear(x_6, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_merged_qkv_index_);  x_6 = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_merged_qkv_index_ = None
        split_17 = torch.functional.split(y_17, [256, 0, 64, 0, 64, 0, 48, 0], dim = -1);  y_17 = None
        q_9: "f32[s33, 256]" = split_17[0]
        k_9: "f32[s33, 64]" = split_17[2]
        v_6: "f32[s33, 64]" = split_17[4]
        index_qk: "f32[s33, 48]" = split_17[6];  split_17 = None
        view: "f32[s33, 4, 64]" = q_9.view(s33, 4, 64);  q_9 = None
        chunk = torch.chunk(view, 2, dim = -1);  view = None
        q_10: "f32[s33, 4, 32]" = chunk[0]
        gate_5: "f32[s33, 4, 32]" = chunk[1];  chunk = None
        to_43: "f32[s33, 4, 32]" = q_10.to(torch.float32);  q_10 = None
        xf_26: "f32[s33, 4, 32]" = to_43.float();  to_43 = None
        float_68: "f32[32]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_norm_parameters_weight_ = None
        scale_20: "f32[32]" = 1.0 + float_68;  float_68 = None
        pow_14: "f32[s33, 4, 32]" = xf_26.pow(2)
        mean_20: "f32[s33, 4, 1]" = pow_14.mean(-1, keepdim = True);  pow_14 = None
        add_80: "f32[s33, 4, 1]" = mean_20 + 1e-06;  mean_20 = None
        rsqrt_19: "f32[s33, 4, 1]" = torch.rsqrt(add_80);  add_80 = None
        mul_87: "f32[s33, 4, 32]" = xf_26 * rsqrt_19;  xf_26 = rsqrt_19 = None
        mul_88: "f32[s33, 4, 32]" = mul_87 * scale_20;  mul_87 = scale_20 = None
        out_39: "f32[s33, 4, 32]" = mul_88.to(torch.float32);  mul_88 = None
        cos_2: "f32[s33, 1, 8]" = cos_1.unsqueeze(-2)
        sin_2: "f32[s33, 1, 8]" = sin_1.unsqueeze(-2)
        x1: "f32[s33, 4, 4]" = out_39[(Ellipsis, slice(None, 4, None))]
        x2: "f32[s33, 4, 4]" = out_39[(Ellipsis, slice(4, 8, None))]
        rest: "f32[s33, 4, 24]" = out_39[(Ellipsis, slice(8, None, None))];  out_39 = None
        getitem_299: "f32[s33, 1, 4]" = cos_2[(Ellipsis, slice(None, 4, None))]
        mul_89: "f32[s33, 4, 4]" = x1 * getitem_299;  getitem_299 = None
        neg_3: "f32[s33, 4, 4]" = -x2
        getitem_300: "f32[s33, 1, 4]" = sin_2[(Ellipsis, slice(None, 4, None))]
        mul_90: "f32[s33, 4, 4]" = neg_3 * getitem_300;  neg_3 = getitem_300 = None
        first: "f32[s33, 4, 4]" = mul_89 + mul_90;  mul_89 = mul_90 = None
        getitem_301: "f32[s33, 1, 4]" = cos_2[(Ellipsis, slice(4, None, None))];  cos_2 = None
        mul_91: "f32[s33, 4, 4]" = x2 * getitem_301;  x2 = getitem_301 = None
        getitem_302: "f32[s33, 1, 4]" = sin_2[(Ellipsis, slice(4, None, None))];  sin_2 = None
        mul_92: "f32[s33, 4, 4]" = x1 * getitem_302;  x1 = getitem_302 = None
        second: "f32[s33, 4, 4]" = mul_91 + mul_92;  mul_91 = mul_92 = None
        cat_2: "f32[s33, 4, 32]" = torch.cat((first, second, rest), dim = -1);  first = second = rest = None
        q_11: "f32[s33, 4, 32]" = cat_2.to(torch.float32);  cat_2 = None
        view_1: "f32[s33, 2, 32]" = k_9.view(s33, 2, 32);  k_9 = None
        to_46: "f32[s33, 2, 32]" = view_1.to(torch.float32);  view_1 = None
        xf_27: "f32[s33, 2, 32]" = to_46.float();  to_46 = None
        float_70: "f32[32]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_norm_parameters_weight_ = None
        scale_21: "f32[32]" = 1.0 + float_70;  float_70 = None
        pow_15: "f32[s33, 2, 32]" = xf_27.pow(2)
        mean_21: "f32[s33, 2, 1]" = pow_15.mean(-1, keepdim = True);  pow_15 = None
        add_84: "f32[s33, 2, 1]" = mean_21 + 1e-06;  mean_21 = None
        rsqrt_20: "f32[s33, 2, 1]" = torch.rsqrt(add_84);  add_84 = None
        mul_93: "f32[s33, 2, 32]" = xf_27 * rsqrt_20;  xf_27 = rsqrt_20 = None
        mul_94: "f32[s33, 2, 32]" = mul_93 * scale_21;  mul_93 = scale_21 = None
        out_40: "f32[s33, 2, 32]" = mul_94.to(torch.float32);  mul_94 = None
        cos_3: "f32[s33, 1, 8]" = cos_1.unsqueeze(-2)
        sin_3: "f32[s33, 1, 8]" = sin_1.unsqueeze(-2)
        x1_1: "f32[s33, 2, 4]" = out_40[(Ellipsis, slice(None, 4, None))]
        x2_1: "f32[s33, 2, 4]" = out_40[(Ellipsis, slice(4, 8, None))]
        rest_1: "f32[s33, 2, 24]" = out_40[(Ellipsis, slice(8, None, None))];  out_40 = None
        getitem_308: "f32[s33, 1, 4]" = cos_3[(Ellipsis, slice(None, 4, None))]
        mul_95: "f32[s33, 2, 4]" = x1_1 * getitem_308;  getitem_308 = None
        neg_4: "f32[s33, 2, 4]" = -x2_1
        getitem_309: "f32[s33, 1, 4]" = sin_3[(Ellipsis, slice(None, 4, None))]
        mul_96: "f32[s33, 2, 4]" = neg_4 * getitem_309;  neg_4 = getitem_309 = None
        first_1: "f32[s33, 2, 4]" = mul_95 + mul_96;  mul_95 = mul_96 = None
        getitem_310: "f32[s33, 1, 4]" = cos_3[(Ellipsis, slice(4, None, None))];  cos_3 = None
        mul_97: "f32[s33, 2, 4]" = x2_1 * getitem_310;  x2_1 = getitem_310 = None
        getitem_311: "f32[s33, 1, 4]" = sin_3[(Ellipsis, slice(4, None, None))];  sin_3 = None
        mul_98: "f32[s33, 2, 4]" = x1_1 * getitem_311;  x1_1 = getitem_311 = None
        second_1: "f32[s33, 2, 4]" = mul_97 + mul_98;  mul_97 = mul_98 = None
        cat_3: "f32[s33, 2, 32]" = torch.cat((first_1, second_1, rest_1), dim = -1);  first_1 = second_1 = rest_1 = None
        k_10: "f32[s33, 2, 32]" = cat_3.to(torch.float32);  cat_3 = None
        v_7: "f32[s33, 2, 32]" = v_6.view(s33, 2, 32);  v_6 = None
        split_18 = torch.functional.split(index_qk, [32, 16], dim = -1);  index_qk = None
        iq: "f32[s33, 32]" = split_18[0]
        ik: "f32[s33, 16]" = split_18[1];  split_18 = None
        unflatten_48: "f32[s33, 2, 16]" = iq.unflatten(-1, (2, 16));  iq = None
        to_49: "f32[s33, 2, 16]" = unflatten_48.to(torch.float32);  unflatten_48 = None
        xf_28: "f32[s33, 2, 16]" = to_49.float();  to_49 = None
        float_72: "f32[16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_q_layernorm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_q_layernorm_parameters_weight_ = None
        scale_22: "f32[16]" = 1.0 + float_72;  float_72 = None
        pow_16: "f32[s33, 2, 16]" = xf_28.pow(2)
        mean_22: "f32[s33, 2, 1]" = pow_16.mean(-1, keepdim = True);  pow_16 = None
        add_88: "f32[s33, 2, 1]" = mean_22 + 1e-06;  mean_22 = None
        rsqrt_21: "f32[s33, 2, 1]" = torch.rsqrt(add_88);  add_88 = None
        mul_99: "f32[s33, 2, 16]" = xf_28 * rsqrt_21;  xf_28 = rsqrt_21 = None
        mul_100: "f32[s33, 2, 16]" = mul_99 * scale_22;  mul_99 = scale_22 = None
        out_41: "f32[s33, 2, 16]" = mul_100.to(torch.float32);  mul_100 = None
        cos_4: "f32[s33, 1, 8]" = cos_1.unsqueeze(-2);  cos_1 = None
        sin_4: "f32[s33, 1, 8]" = sin_1.unsqueeze(-2);  sin_1 = None
        x1_2: "f32[s33, 2, 4]" = out_41[(Ellipsis, slice(None, 4, None))]
        x2_2: "f32[s33, 2, 4]" = out_41[(Ellipsis, slice(4, 8, None))]
        rest_2: "f32[s33, 2, 8]" = out_41[(Ellipsis, slice(8, None, None))];  out_41 = None
        getitem_319: "f32[s33, 1, 4]" = cos_4[(Ellipsis, slice(None, 4, None))]
        mul_101: "f32[s33, 2, 4]" = x1_2 * getitem_319;  getitem_319 = None
        neg_5: "f32[s33, 2, 4]" = -x2_2
        getitem_320: "f32[s33, 1, 4]" = sin_4[(Ellipsis, slice(None, 4, None))]
        mul_102: "f32[s33, 2, 4]" = neg_5 * getitem_320;  neg_5 = getitem_320 = None
        first_2: "f32[s33, 2, 4]" = mul_101 + mul_102;  mul_101 = mul_102 = None
        getitem_321: "f32[s33, 1, 4]" = cos_4[(Ellipsis, slice(4, None, None))];  cos_4 = None
        mul_103: "f32[s33, 2, 4]" = x2_2 * getitem_321;  x2_2 = getitem_321 = None
        getitem_322: "f32[s33, 1, 4]" = sin_4[(Ellipsis, slice(4, None, None))];  sin_4 = None
        mul_104: "f32[s33, 2, 4]" = x1_2 * getitem_322;  x1_2 = getitem_322 = None
        second_2: "f32[s33, 2, 4]" = mul_103 + mul_104;  mul_103 = mul_104 = None
        cat_4: "f32[s33, 2, 16]" = torch.cat((first_2, second_2, rest_2), dim = -1);  first_2 = second_2 = rest_2 = None
        iq_1: "f32[s33, 2, 16]" = cat_4.to(torch.float32);  cat_4 = None
        floordiv: "i64[s33]" = l_positions_ // 64
        page: "i32[s33]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_table_[(l_slots_, floordiv)];  floordiv = None
        row: "i64[s33]" = l_positions_ % 64
        index_put_: "f32[5, 64, 2, 32]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_.index_put_((page, row), k_10);  k_10 = index_put_ = None
        index_put__1: "f32[5, 64, 2, 32]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_.index_put_((page, row), v_7);  v_7 = index_put__1 = None
        index_put__2: "f32[5, 64, 16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_.index_put_((page, row), ik);  page = row = ik = index_put__2 = None
        add_91: "i64[s33]" = l_positions_ + 1
        mod_1: "i64[s33]" = add_91 % 4;  add_91 = None
        done: "b8[s33]" = mod_1 == 0;  mod_1 = None
        add_92: "i64[s33]" = l_positions_ + 1
        floordiv_1: "i64[s33]" = add_92 // 4;  add_92 = None
        sub_32: "i64[s33]" = floordiv_1 - 1;  floordiv_1 = None
        clamp_min_22: "i64[s33]" = sub_32.clamp_min(0);  sub_32 = None
        start: "i64[s33]" = clamp_min_22 * 4;  clamp_min_22 = None
        floordiv_2: "i64[s33]" = start // 64
        page_1: "i32[s33]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_table_[(l_slots_, floordiv_2)];  l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_table_ = floordiv_2 = None
        mod_2: "i64[s33]" = start % 64
        getitem_325: "i64[s33, 1]" = mod_2[(slice(None, None, None), None)];  mod_2 = None
        arange_26: "i64[4]" = torch.arange(4, device = device(type='cpu'))
        rows: "i64[s33, 4]" = getitem_325 + arange_26;  getitem_325 = arange_26 = None
        getitem_326: "i32[s33, 1]" = page_1[(slice(None, None, None), None)]
        getitem_327: "f32[s33, 4, 16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_[(getitem_326, rows)];  l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_index_keys_ = getitem_326 = rows = None
        float_73: "f32[s33, 4, 16]" = getitem_327.float();  getitem_327 = None
        mean_23: "f32[s33, 16]" = float_73.mean(-2);  float_73 = None
        pooled: "f32[s33, 16]" = mean_23.to(torch.float32);  mean_23 = None
        float_74: "f32[s33]" = start.float()
        getitem_328: "f32[s33, 1]" = float_74[(Ellipsis, None)];  float_74 = None
        float_75: "f32[4]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_inv_freq_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_inv_freq_ = None
        freqs_1: "f32[s33, 4]" = getitem_328 * float_75;  getitem_328 = float_75 = None
        emb_2: "f32[s33, 8]" = torch.cat((freqs_1, freqs_1), dim = -1);  freqs_1 = None
        cos_5: "f32[s33, 8]" = emb_2.cos()
        cos_6: "f32[s33, 8]" = cos_5.to(torch.float32);  cos_5 = None
        sin_5: "f32[s33, 8]" = emb_2.sin();  emb_2 = None
        sin_6: "f32[s33, 8]" = sin_5.to(torch.float32);  sin_5 = None
        xf_29: "f32[s33, 16]" = pooled.float();  pooled = None
        float_77: "f32[16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_k_layernorm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_self_attn_modules_indexer_modules_k_layernorm_parameters_weight_ = None
        scale_23: "f32[16]" = 1.0 + float_77;  float_77 = None
        pow_17: "f32[s33, 16]" = xf_29.pow(2)
        mean_24: "f32[s33, 1]" = pow_17.mean(-1, keepdim = True);  pow_17 = None
        add_95: "f32[s33, 1]" = mean_24 + 1e-06;  mean_24 = None
        rsqrt_22: "f32[s33, 1]" = torch.rsqrt(add_95);  add_95 = None
        mul_107: "f32[s33, 16]" = xf_29 * rsqrt_22;  xf_29 = rsqrt_22 = None
        mul_108: "f32[s33, 16]" = mul_107 * scale_23;  mul_107 = scale_23 = None
        out_42: "f32[s33, 16]" = mul_108.to(torch.float32);  mul_108 = None
        unsqueeze_7: "f32[s33, 1, 16]" = out_42.unsqueeze(-2);  out_42 = None
        cos_7: "f32[s33, 1, 8]" = cos_6.unsqueeze(-2);  cos_6 = None
        sin_7: "f32[s33, 1, 8]" = sin_6.unsqueeze(-2);  sin_6 = None
        x1_3: "f32[s33, 1, 4]" = unsqueeze_7[(Ellipsis, slice(None, 4, None))]
        x2_3: "f32[s33, 1, 4]" = unsqueeze_7[(Ellipsis, slice(4, 8, None))]
        rest_3: "f32[s33, 1, 8]" = unsqueeze_7[(Ellipsis, slice(8, None, None))];  unsqueeze_7 = None
        getitem_334: "f32[s33, 1, 4]" = cos_7[(Ellipsis, slice(None, 4, None))]
        mul_109: "f32[s33, 1, 4]" = x1_3 * getitem_334;  getitem_334 = None
        neg_6: "f32[s33, 1, 4]" = -x2_3
        getitem_335: "f32[s33, 1, 4]" = sin_7[(Ellipsis, slice(None, 4, None))]
        mul_110: "f32[s33, 1, 4]" = neg_6 * getitem_335;  neg_6 = getitem_335 = None
        first_3: "f32[s33, 1, 4]" = mul_109 + mul_110;  mul_109 = mul_110 = None
        getitem_336: "f32[s33, 1, 4]" = cos_7[(Ellipsis, slice(4, None, None))];  cos_7 = None
        mul_111: "f32[s33, 1, 4]" = x2_3 * getitem_336;  x2_3 = getitem_336 = None
        getitem_337: "f32[s33, 1, 4]" = sin_7[(Ellipsis, slice(4, None, None))];  sin_7 = None
        mul_112: "f32[s33, 1, 4]" = x1_3 * getitem_337;  x1_3 = getitem_337 = None
        second_3: "f32[s33, 1, 4]" = mul_111 + mul_112;  mul_111 = mul_112 = None
        cat_6: "f32[s33, 1, 16]" = torch.cat((first_3, second_3, rest_3), dim = -1);  first_3 = second_3 = rest_3 = None
        keys: "f32[s33, 16]" = cat_6.squeeze(-2);  cat_6 = None
        getitem_338: "b8[s33, 1]" = done[(slice(None, None, None), None)]
        zeros_like: "f32[s33, 16]" = torch.zeros_like(keys)
        keys_1: "f32[s33, 16]" = torch.where(getitem_338, keys, zeros_like);  getitem_338 = keys = zeros_like = None
        where_24: "i32[s33]" = torch.where(done, page_1, 4);  page_1 = None
        mod_3: "i64[s33]" = start % 64;  start = None
        floordiv_3: "i64[s33]" = mod_3 // 4;  mod_3 = None
        where_25: "i64[s33]" = torch.where(done, floordiv_3, 0);  done = floordiv_3 = None
        index_put__3: "f32[5, 16, 16]" = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_.index_put_((where_24, where_25), keys_1);  where_24 = where_25 = keys_1 = index_put__3 = None
        out_43: "f32[s33, 4, 32]" = torch.empty((s33, 4, 32), dtype = torch.float32, device = device(type='cpu'))
        attention_core_default = torch.ops.qcompile.attention_core.default('model.layers.3.self_attn', q_11, iq_1, l_positions_, l_slots_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_, l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_, out_43);  q_11 = iq_1 = l_positions_ = l_slots_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_cache_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_cache_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_k_scale_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_v_scale_ = l_self_modules_model_modules_layers_modules_3_modules_self_attn_buffers_block_keys_ = attention_core_default = None
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
        float_79: "f32[256]" = l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_hc_norm_parameters_weight_ = None
        scale_24: "f32[256]" = 1.0 + float_79;  float_79 = None
        xf_31: "f32[s33, 4, 64]" = xf_30.unflatten(-1, (-1, 64));  xf_30 = None
        scale_25: "f32[4, 64]" = scale_24.unflatten(-1, (-1, 64));  scale_24 = None
        pow_18: "f32[s33, 4, 64]" = xf_31.pow(2)
        mean_25: "f32[s33, 4, 1]" = pow_18.mean(-1, keepdim = True);  pow_18 = None
        add_99: "f32[s33, 4, 1]" = mean_25 + 1e-06;  mean_25 = None
        rsqrt_23: "f32[s33, 4, 1]" = torch.rsqrt(add_99);  add_99 = None
        mul_114: "f32[s33, 4, 64]" = xf_31 * rsqrt_23;  xf_31 = rsqrt_23 = None
        mul_115: "f32[s33, 4, 64]" = mul_114 * scale_25;  mul_114 = scale_25 = None
        out_45: "f32[s33, 4, 64]" = mul_115.to(torch.float32);  mul_115 = None
        hn_7: "f32[s33, 256]" = out_45.flatten(-2);  out_45 = None
        y_19: "f32[s33, 32]" = torch._C._nn.linear(hn_7, l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_);  l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_buffers_merged_down_inject_ = None
        split_19 = torch.functional.split(y_19, [16, 0, 4, 12], dim = -1);  y_19 = None
        down_7: "f32[s33, 16]" = split_19[0]
        inject_14: "f32[s33, 4]" = split_19[2];  split_19 = None
        truediv_18: "f32[s33, 16]" = down_7 / 4;  down_7 = None
        silu_14: "f32[s33, 16]" = torch.nn.functional.silu(truediv_18);  truediv_18 = None
        linear_27: "f32[s33, 256]" = torch._C._nn.linear(silu_14, l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_, None);  silu_14 = l_self_modules_model_modules_layers_modules_3_modules_mlp_hyper_connection_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_22: "f32[s33, 256]" = torch.sigmoid(linear_27);  linear_27 = None
        unflatten_51: "f32[s33, 4, 64]" = sigmoid_22.unflatten(-1, (4, 64));  sigmoid_22 = None
        unflatten_52: "f32[s33, 4, 64]" = hn_7.unflatten(-1, (4, 64));  hn_7 = None
        mul_116: "f32[s33, 4, 64]" = unflatten_51 * unflatten_52;  unflatten_51 = unflatten_52 = None
        x_7: "f32[s33, 64]" = mul_116.mean(dim = -2);  mul_116 = None
        truediv_19: "f32[s33, 4]" = inject_14 / 4;  inject_14 = None
        sigmoid_23: "f32[s33, 4]" = torch.sigmoid(truediv_19);  truediv_19 = None
        inject_15: "f32[s33, 4]" = 2 * sigmoid_23;  sigmoid_23 = None
        y_20: "f32[s33, 96]" = torch._C._nn.linear(x_7, l_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_);  l_self_modules_model_modules_layers_modules_3_modules_mlp_buffers_merged_router_shared_ = None
        split_20 = torch.functional.split(y_20, [8, 8, 1, 15, 32, 0, 32, 0], dim = -1);  y_20 = None
        logits_3: "f32[s33, 8]" = split_20[0]
        shared_gate_3: "f32[s33, 1]" = split_20[2]
        gate_6: "f32[s33, 32]" = split_20[4]
        up_3: "f32[s33, 32]" = split_20[6];  split_20 = None
        probs_3: "f32[s33, 8]" = torch.softmax(logits_3, dim = -1, dtype = torch.float32);  logits_3 = None
        topk_3 = torch.topk(probs_3, 2, dim = -1);  probs_3 = None
        top_6: "f32[s33, 2]" = topk_3[0]
        idx_3: "i64[s33, 2]" = topk_3[1];  topk_3 = None
        sum_11: "f32[s33, 1]" = top_6.sum(dim = -1, keepdim = True)
        top_7: "f32[s33, 2]" = top_6 / sum_11;  top_6 = sum_11 = None
        weights_3: "f32[s33, 2]" = top_7.to(torch.float32);  top_7 = None
        silu_15: "f32[s33, 32]" = torch.nn.functional.silu(gate_6);  gate_6 = None
        mul_118: "f32[s33, 32]" = silu_15 * up_3;  silu_15 = up_3 = None
        out_46: "f32[s33, 64]" = torch.empty((s33, 64), dtype = torch.float32, device = device(type='cpu'));  s33 = None
        experts_default_3 = torch.ops.qcompile.experts.default('model.layers.3.mlp', x_7, weights_3, idx_3, mul_118, shared_gate_3, out_46);  x_7 = weights_3 = idx_3 = mul_118 = shared_gate_3 = experts_default_3 = None
        h_9: "f32[s33, 256]" = torch.ops.qcompile.hc_write.default(h_8, inject_15, out_46);  h_8 = inject_15 = out_46 = None
        xf_32: "f32[s33, 256]" = h_9.float();  h_9 = None
        float_81: "f32[256]" = l_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_.float();  l_self_modules_model_modules_hyper_connection_mixer_modules_hc_norm_parameters_weight_ = None
        scale_26: "f32[256]" = 1.0 + float_81;  float_81 = None
        xf_33: "f32[s33, 4, 64]" = xf_32.unflatten(-1, (-1, 64));  xf_32 = None
        scale_27: "f32[4, 64]" = scale_26.unflatten(-1, (-1, 64));  scale_26 = None
        pow_19: "f32[s33, 4, 64]" = xf_33.pow(2)
        mean_27: "f32[s33, 4, 1]" = pow_19.mean(-1, keepdim = True);  pow_19 = None
        add_101: "f32[s33, 4, 1]" = mean_27 + 1e-06;  mean_27 = None
        rsqrt_24: "f32[s33, 4, 1]" = torch.rsqrt(add_101);  add_101 = None
        mul_119: "f32[s33, 4, 64]" = xf_33 * rsqrt_24;  xf_33 = rsqrt_24 = None
        mul_120: "f32[s33, 4, 64]" = mul_119 * scale_27;  mul_119 = scale_27 = None
        out_47: "f32[s33, 4, 64]" = mul_120.to(torch.float32);  mul_120 = None
        hn_8: "f32[s33, 256]" = out_47.flatten(-2);  out_47 = None
        linear_29: "f32[s33, 16]" = torch._C._nn.linear(hn_8, l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_, None);  l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_down_parameters_weight_ = None
        truediv_21: "f32[s33, 16]" = linear_29 / 4;  linear_29 = None
        silu_16: "f32[s33, 16]" = torch.nn.functional.silu(truediv_21);  truediv_21 = None
        linear_30: "f32[s33, 256]" = torch._C._nn.linear(silu_16, l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_, None);  silu_16 = l_self_modules_model_modules_hyper_connection_mixer_modules_input_mix_weight_up_parameters_weight_ = None
        sigmoid_24: "f32[s33, 256]" = torch.sigmoid(linear_30);  linear_30 = None
        unflatten_55: "f32[s33, 4, 64]" = sigmoid_24.unflatten(-1, (4, 64));  sigmoid_24 = None
        unflatten_56: "f32[s33, 4, 64]" = hn_8.unflatten(-1, (4, 64));  hn_8 = None
        mul_121: "f32[s33, 4, 64]" = unflatten_55 * unflatten_56;  unflatten_55 = unflatten_56 = None
        mean_28: "f32[s33, 64]" = mul_121.mean(dim = -2);  mul_121 = None
        return (mean_28,)
