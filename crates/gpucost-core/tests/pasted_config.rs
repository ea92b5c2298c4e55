//! "Paste a config.json" (issue 33): pasting the config of a library model gives the same
//! sizing as choosing it, and every field the sizing did not read is named.

mod common;

use gpucost_core::recommend::hf_config::{parse, ConfigError};
use gpucost_core::recommend::model_library::entry;
use gpucost_core::recommend::KnownModel;

/// DeepSeek-R1's config.json (huggingface.co/deepseek-ai/DeepSeek-R1/blob/main/config.json),
/// the size fields and a selection of the others, as published.
const DEEPSEEK_R1: &str = r#"{
  "architectures": ["DeepseekV3ForCausalLM"],
  "first_k_dense_replace": 3,
  "hidden_size": 7168,
  "intermediate_size": 18432,
  "kv_lora_rank": 512,
  "max_position_embeddings": 163840,
  "model_type": "deepseek_v3",
  "moe_intermediate_size": 2048,
  "moe_layer_freq": 1,
  "n_group": 8,
  "n_routed_experts": 256,
  "n_shared_experts": 1,
  "num_attention_heads": 128,
  "num_experts_per_tok": 8,
  "num_hidden_layers": 61,
  "num_key_value_heads": 128,
  "num_nextn_predict_layers": 1,
  "q_lora_rank": 1536,
  "qk_nope_head_dim": 128,
  "qk_rope_head_dim": 64,
  "quantization_config": {"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8", "weight_block_size": [128, 128]},
  "rope_scaling": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "type": "yarn"},
  "tie_word_embeddings": false,
  "topk_group": 4,
  "torch_dtype": "bfloat16",
  "v_head_dim": 128,
  "vocab_size": 129280
}"#;

/// GLM-4-9B-Chat's config.json (huggingface.co/THUDM/glm-4-9b-chat), in ChatGLM's names.
const GLM_4_9B: &str = r#"{
  "model_type": "chatglm",
  "add_qkv_bias": true,
  "ffn_hidden_size": 13696,
  "hidden_size": 4096,
  "kv_channels": 128,
  "multi_query_attention": true,
  "multi_query_group_num": 2,
  "num_attention_heads": 32,
  "num_layers": 40,
  "padded_vocab_size": 151552,
  "rope_ratio": 500,
  "seq_length": 131072,
  "tie_word_embeddings": false
}"#;

#[test]
fn pasting_deepseek_r1s_config_sizes_it_as_the_library_does_and_names_what_it_ignored() {
    let pasted = parse(DEEPSEEK_R1).expect("reads");
    let library = entry(KnownModel::DeepSeekR1).unwrap().config;
    assert_eq!(pasted.config, library);
    assert_eq!(
        pasted.config.spec("pasted").params,
        KnownModel::DeepSeekR1.spec().params
    );
    for ignored in [
        "moe_layer_freq",
        "n_group",
        "num_nextn_predict_layers",
        "quantization_config",
        "rope_scaling",
        "topk_group",
    ] {
        assert!(
            pasted.unread.iter().any(|u| u == ignored),
            "{ignored}: {:?}",
            pasted.unread
        );
    }
    assert!(!pasted.unread.iter().any(|u| u == "kv_lora_rank"));
}

#[test]
fn pasting_glm_4s_chatglm_config_sizes_it_as_the_library_does() {
    let pasted = parse(GLM_4_9B).expect("reads");
    assert_eq!(pasted.config, entry(KnownModel::Glm4_9b).unwrap().config);
    assert_eq!(
        pasted.unread,
        vec!["add_qkv_bias", "multi_query_attention", "rope_ratio"]
    );
}

/// Every library model, written back in the names of its published file, reads back equal.
#[test]
fn every_library_model_reads_back_from_its_config_fields() {
    for m in KnownModel::ALL {
        let Some(text) = common::library_config_json(m) else {
            continue;
        };
        let pasted = parse(&text).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(pasted.config, entry(m).unwrap().config, "{m}");
        assert!(pasted.unread.is_empty(), "{m}: {:?}", pasted.unread);
        assert_eq!(pasted.config.spec("pasted").params, m.spec().params, "{m}");
    }
}

#[test]
fn a_config_without_a_size_field_names_it() {
    let no_vocab = r#"{"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 8192}"#;
    assert_eq!(parse(no_vocab), Err(ConfigError::Missing("vocab_size")));
}
