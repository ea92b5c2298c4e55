//! The language models our users deploy in 2026, each from its own published `config.json`.
//!
//! Every number of an entry is the value of the named field in the model's `config.json` on
//! Hugging Face, at the URL the entry gives (read 2026-12; the files are small and stable
//! since each release): `num_hidden_layers`, `hidden_size`, `num_attention_heads`,
//! `num_key_value_heads`, `head_dim`, `intermediate_size`, `vocab_size`,
//! `max_position_embeddings`, `tie_word_embeddings`, and DeepSeek's MLA and MoE fields
//! (`q_lora_rank`, `kv_lora_rank`, `qk_nope_head_dim`, `qk_rope_head_dim`, `v_head_dim`,
//! `n_routed_experts`, `num_experts_per_tok`, `n_shared_experts`, `moe_intermediate_size`,
//! `first_k_dense_replace`); Qwen3's `num_experts` and `moe_intermediate_size`; Mixtral's
//! `num_local_experts` (its experts are `intermediate_size` wide). GLM-4's file uses
//! ChatGLM's names (`num_layers`, `multi_query_group_num`, `kv_channels`, `ffn_hidden_size`,
//! `padded_vocab_size`, `seq_length`). The parameter counts are not copied: they are counted
//! from the shape ([`LlmConfig::params`]), so a pasted `config.json` sizes exactly as the
//! library entry does; each entry's published count (model card or paper, named beside it)
//! checks the counting in a test. Where the card states no count, the entry says so.
//!
//! DeepSeek's config has no `head_dim`: the entry takes `hidden_size / num_attention_heads`
//! (56) as any config reader does; with latent attention the per-head sizes that matter are
//! the MLA fields.
//!
//! Context: the Qwen2.5 Instruct configs give 32,768 positions (the cards extend to 131,072
//! with YaRN, a deployment choice the sizing does not assume); Qwen3's give 40,960; Gemma 2
//! gives 8,192 (its sliding-window layers would halve the cache of long prompts; the sizing
//! counts every layer in full, the conservative side).

use super::llm_config::LlmConfig;
use super::ml_models::KnownModel;

/// A parameter count a model's authors published, billions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Published {
    /// Total parameters.
    pub total_b: f64,
    /// Parameters activated per token (mixtures of experts).
    pub active_b: Option<f64>,
}

/// One model of the library.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry {
    /// Its Hugging Face repository (`Qwen/Qwen2.5-7B-Instruct`): the model card is
    /// `https://huggingface.co/<repo>`, the numbers come from its `config.json` there.
    pub repo: &'static str,
    /// The numbers of its `config.json`.
    pub config: LlmConfig,
    /// The parameter count its authors published, where they did.
    pub published: Option<Published>,
    /// Where that count is stated (or why there is none).
    pub published_source: &'static str,
}

impl Entry {
    /// The URL of the `config.json` every number of [`Entry::config`] comes from.
    pub fn config_url(&self) -> String {
        format!("https://huggingface.co/{}/blob/main/config.json", self.repo)
    }
}

/// An entry; `published` is (total, active) billions.
fn e(
    repo: &'static str,
    config: LlmConfig,
    published: Option<(f64, Option<f64>)>,
    published_source: &'static str,
) -> Entry {
    Entry {
        repo,
        config,
        published: published.map(|(total_b, active_b)| Published { total_b, active_b }),
        published_source,
    }
}

/// The library entry of `model`, for the models described by a `config.json`.
pub fn entry(model: KnownModel) -> Option<Entry> {
    Some(match model {
        KnownModel::Qwen25_7b => e(
            "Qwen/Qwen2.5-7B-Instruct",
            LlmConfig::dense(28, 3584, 28, 4, 128, 18_944, 152_064, 32_768),
            Some((7.61, None)),
            "model card: Number of Parameters 7.61B",
        ),
        KnownModel::Qwen25_14b => e(
            "Qwen/Qwen2.5-14B-Instruct",
            LlmConfig::dense(48, 5120, 40, 8, 128, 13_824, 152_064, 32_768),
            Some((14.7, None)),
            "model card: Number of Parameters 14.7B",
        ),
        KnownModel::Qwen25_32b => e(
            "Qwen/Qwen2.5-32B-Instruct",
            LlmConfig::dense(64, 5120, 40, 8, 128, 27_648, 152_064, 32_768),
            Some((32.5, None)),
            "model card: Number of Parameters 32.5B",
        ),
        KnownModel::Qwen25_72b => e(
            "Qwen/Qwen2.5-72B-Instruct",
            LlmConfig::dense(80, 8192, 64, 8, 128, 29_568, 152_064, 32_768),
            Some((72.7, None)),
            "model card: Number of Parameters 72.7B",
        ),
        KnownModel::Qwen3_8b => e(
            "Qwen/Qwen3-8B",
            LlmConfig::dense(36, 4096, 32, 8, 128, 12_288, 151_936, 40_960),
            Some((8.2, None)),
            "model card: Number of Parameters 8.2B",
        ),
        KnownModel::Qwen3_32b => e(
            "Qwen/Qwen3-32B",
            LlmConfig::dense(64, 5120, 64, 8, 128, 25_600, 151_936, 40_960),
            Some((32.8, None)),
            "model card: Number of Parameters 32.8B",
        ),
        KnownModel::Qwen3_30bA3b => e(
            "Qwen/Qwen3-30B-A3B",
            LlmConfig::dense(48, 2048, 32, 4, 128, 6144, 151_936, 40_960).experts(128, 8, 0, 768, 0),
            Some((30.5, Some(3.3))),
            "model card: 30.5B in total and 3.3B activated, 128 experts, 8 activated",
        ),
        KnownModel::Qwen3_235bA22b => e(
            "Qwen/Qwen3-235B-A22B",
            LlmConfig::dense(94, 4096, 64, 4, 128, 12_288, 151_936, 40_960).experts(128, 8, 0, 1536, 0),
            Some((235.0, Some(22.0))),
            "model card: 235B in total and 22B activated, 128 experts, 8 activated",
        ),
        KnownModel::DeepSeekV3 => e(
            "deepseek-ai/DeepSeek-V3",
            LlmConfig::dense(61, 7168, 128, 128, 56, 18_432, 129_280, 163_840).latent(1536, 512, 128, 64, 128).experts(256, 8, 1, 2048, 3),
            Some((671.0, Some(37.0))),
            "model card: 671B total parameters with 37B activated for each token",
        ),
        KnownModel::DeepSeekR1 => e(
            "deepseek-ai/DeepSeek-R1",
            LlmConfig::dense(61, 7168, 128, 128, 56, 18_432, 129_280, 163_840).latent(1536, 512, 128, 64, 128).experts(256, 8, 1, 2048, 3),
            Some((671.0, Some(37.0))),
            "model card: 671B total, 37B activated parameters",
        ),
        KnownModel::R1DistillQwen7b => e(
            "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B",
            LlmConfig::dense(28, 3584, 28, 4, 128, 18_944, 152_064, 131_072),
            None,
            "the model card states no parameter count (its base is Qwen2.5-Math-7B)",
        ),
        KnownModel::R1DistillLlama70b => e(
            "deepseek-ai/DeepSeek-R1-Distill-Llama-70B",
            LlmConfig::dense(80, 8192, 64, 8, 128, 28_672, 128_256, 131_072),
            None,
            "the model card states no parameter count (its base is Llama-3.3-70B-Instruct)",
        ),
        KnownModel::Glm4_9b => e(
            "THUDM/glm-4-9b-chat",
            LlmConfig::dense(40, 4096, 32, 2, 128, 13_696, 151_552, 131_072),
            None,
            "the model card names the size 9B only",
        ),
        KnownModel::Llama31_8b => e(
            "meta-llama/Llama-3.1-8B-Instruct",
            LlmConfig::dense(32, 4096, 32, 8, 128, 14_336, 128_256, 131_072),
            Some((8.0, None)),
            "model card: Llama 3.1 8B (table: Params 8B)",
        ),
        KnownModel::Llama31_70b => e(
            "meta-llama/Llama-3.1-70B-Instruct",
            LlmConfig::dense(80, 8192, 64, 8, 128, 28_672, 128_256, 131_072),
            Some((70.0, None)),
            "model card: Llama 3.1 70B (table: Params 70B)",
        ),
        KnownModel::Llama31_405b => e(
            "meta-llama/Llama-3.1-405B-Instruct",
            LlmConfig::dense(126, 16384, 128, 8, 128, 53_248, 128_256, 131_072),
            Some((405.0, None)),
            "model card: Llama 3.1 405B (table: Params 405B)",
        ),
        KnownModel::Llama33_70b => e(
            "meta-llama/Llama-3.3-70B-Instruct",
            LlmConfig::dense(80, 8192, 64, 8, 128, 28_672, 128_256, 131_072),
            Some((70.0, None)),
            "model card: Llama 3.3 (table: Params 70B)",
        ),
        KnownModel::Mistral7b => e(
            "mistralai/Mistral-7B-Instruct-v0.3",
            LlmConfig::dense(32, 4096, 32, 8, 128, 14_336, 32_768, 32_768),
            Some((7.3, None)),
            "mistral.ai/news/announcing-mistral-7b: a 7.3B parameter model",
        ),
        KnownModel::Mixtral8x7b => e(
            "mistralai/Mixtral-8x7B-Instruct-v0.1",
            LlmConfig::dense(32, 4096, 32, 8, 128, 14_336, 32_000, 32_768).experts(8, 2, 0, 14336, 0),
            Some((46.7, Some(12.9))),
            "mistral.ai/news/mixtral-of-experts: 46.7B total parameters, 12.9B per token",
        ),
        KnownModel::Gemma2_9b => e(
            "google/gemma-2-9b-it",
            LlmConfig::dense(42, 3584, 16, 8, 256, 14_336, 256_000, 8192).tied(),
            Some((9.24, None)),
            "Gemma 2 report (arXiv:2408.00118) Table 2: 8,324,201,984 non-embedding + 917,504,000 embedding parameters",
        ),
        KnownModel::Gemma2_27b => e(
            "google/gemma-2-27b-it",
            LlmConfig::dense(46, 4608, 32, 16, 128, 36_864, 256_000, 8192).tied(),
            Some((27.23, None)),
            "Gemma 2 report (arXiv:2408.00118) Table 2: 26,047,480,320 non-embedding + 1,180,893,184 embedding parameters",
        ),
        KnownModel::BertBase
        | KnownModel::BertLarge
        | KnownModel::ResNet50
        | KnownModel::Llama3_8b
        | KnownModel::Llama3_70b
        | KnownModel::StableDiffusionXl
        | KnownModel::GptJ6b
        | KnownModel::Llama2_70b => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parameters counted from each config are within 2 % of the published count (total
    /// and active), so the counting reads the configs as their authors meant them.
    #[test]
    fn counted_parameters_match_the_published_counts() {
        let mut checked = 0;
        for m in KnownModel::ALL {
            let Some(e) = entry(m) else { continue };
            let (total, active) = e.config.params();
            let Some(p) = e.published else {
                assert!(
                    e.published_source.contains("no parameter count")
                        || e.published_source.contains("only"),
                    "{m}"
                );
                continue;
            };
            let off = (total / 1e9 / p.total_b - 1.0).abs();
            assert!(
                off < 0.02,
                "{m}: counted {:.2}B, published {}B",
                total / 1e9,
                p.total_b
            );
            match (p.active_b, e.config.moe) {
                (Some(a), Some(_)) => {
                    let off = (active / 1e9 / a - 1.0).abs();
                    assert!(
                        off < 0.05,
                        "{m}: counted {:.2}B active, published {a}B",
                        active / 1e9
                    );
                }
                (None, None) => assert_eq!(total, active, "{m}"),
                _ => panic!("{m}: a mixture of experts publishes its active count"),
            }
            checked += 1;
        }
        assert_eq!(checked, 18);
    }

    #[test]
    fn every_config_number_has_a_url() {
        for m in KnownModel::ALL {
            if let Some(e) = entry(m) {
                let url = e.config_url();
                assert!(url.starts_with("https://huggingface.co/"), "{m}");
                assert!(url.ends_with("/config.json"), "{m}");
                assert!(e.config.max_context >= 8192, "{m}");
            }
        }
    }
}
