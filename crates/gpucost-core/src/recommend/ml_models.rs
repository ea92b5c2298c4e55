//! The models a workload can name, with the published sizes the memory and FLOPs models need.
//!
//! Parameter counts and shapes are the authors' published figures (model cards and papers,
//! named on each entry). A custom model is only a parameter count; it is treated as a dense
//! decoder-only transformer whose shape is inferred from that count (see
//! [`ModelSpec::custom`]), which the recommendation lists among its assumptions.

use std::fmt;
use std::str::FromStr;

/// A model whose size and shape are built in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KnownModel {
    /// BERT-base (110 M parameters), encoder.
    BertBase,
    /// BERT-large (340 M parameters), encoder.
    BertLarge,
    /// ResNet-50 (25.6 M parameters), image classifier.
    ResNet50,
    /// Meta Llama 3 8B, decoder.
    Llama3_8b,
    /// Meta Llama 3 70B, decoder.
    Llama3_70b,
    /// Stable Diffusion XL base 1.0 (3.5 B parameters in the pipeline), image generator.
    StableDiffusionXl,
    /// EleutherAI GPT-J 6B, decoder.
    GptJ6b,
    /// Meta Llama 2 70B, decoder.
    Llama2_70b,
    /// Qwen2.5 7B, from `Qwen/Qwen2.5-7B-Instruct`'s config.json (see [`super::model_library`]).
    Qwen25_7b,
    /// Qwen2.5 14B, from `Qwen/Qwen2.5-14B-Instruct`'s config.json (see [`super::model_library`]).
    Qwen25_14b,
    /// Qwen2.5 32B, from `Qwen/Qwen2.5-32B-Instruct`'s config.json (see [`super::model_library`]).
    Qwen25_32b,
    /// Qwen2.5 72B, from `Qwen/Qwen2.5-72B-Instruct`'s config.json (see [`super::model_library`]).
    Qwen25_72b,
    /// Qwen3 8B, from `Qwen/Qwen3-8B`'s config.json (see [`super::model_library`]).
    Qwen3_8b,
    /// Qwen3 32B, from `Qwen/Qwen3-32B`'s config.json (see [`super::model_library`]).
    Qwen3_32b,
    /// Qwen3 30B-A3B (MoE), from `Qwen/Qwen3-30B-A3B`'s config.json (see [`super::model_library`]).
    Qwen3_30bA3b,
    /// Qwen3 235B-A22B (MoE), from `Qwen/Qwen3-235B-A22B`'s config.json (see [`super::model_library`]).
    Qwen3_235bA22b,
    /// DeepSeek-V3 (MoE), from `deepseek-ai/DeepSeek-V3`'s config.json (see [`super::model_library`]).
    DeepSeekV3,
    /// DeepSeek-R1 (MoE), from `deepseek-ai/DeepSeek-R1`'s config.json (see [`super::model_library`]).
    DeepSeekR1,
    /// DeepSeek-R1-Distill-Qwen-7B, from `deepseek-ai/DeepSeek-R1-Distill-Qwen-7B`'s config.json (see [`super::model_library`]).
    R1DistillQwen7b,
    /// DeepSeek-R1-Distill-Llama-70B, from `deepseek-ai/DeepSeek-R1-Distill-Llama-70B`'s config.json (see [`super::model_library`]).
    R1DistillLlama70b,
    /// GLM-4 9B, from `THUDM/glm-4-9b-chat`'s config.json (see [`super::model_library`]).
    Glm4_9b,
    /// Llama 3.1 8B, from `meta-llama/Llama-3.1-8B-Instruct`'s config.json (see [`super::model_library`]).
    Llama31_8b,
    /// Llama 3.1 70B, from `meta-llama/Llama-3.1-70B-Instruct`'s config.json (see [`super::model_library`]).
    Llama31_70b,
    /// Llama 3.1 405B, from `meta-llama/Llama-3.1-405B-Instruct`'s config.json (see [`super::model_library`]).
    Llama31_405b,
    /// Llama 3.3 70B, from `meta-llama/Llama-3.3-70B-Instruct`'s config.json (see [`super::model_library`]).
    Llama33_70b,
    /// Mistral 7B, from `mistralai/Mistral-7B-Instruct-v0.3`'s config.json (see [`super::model_library`]).
    Mistral7b,
    /// Mixtral 8x7B (MoE), from `mistralai/Mixtral-8x7B-Instruct-v0.1`'s config.json (see [`super::model_library`]).
    Mixtral8x7b,
    /// Gemma 2 9B, from `google/gemma-2-9b-it`'s config.json (see [`super::model_library`]).
    Gemma2_9b,
    /// Gemma 2 27B, from `google/gemma-2-27b-it`'s config.json (see [`super::model_library`]).
    Gemma2_27b,
}

impl KnownModel {
    /// Every known model, in menu order.
    pub const ALL: [KnownModel; 29] = [
        KnownModel::BertBase,
        KnownModel::BertLarge,
        KnownModel::ResNet50,
        KnownModel::StableDiffusionXl,
        KnownModel::GptJ6b,
        KnownModel::Llama3_8b,
        KnownModel::Llama2_70b,
        KnownModel::Llama3_70b,
        KnownModel::Qwen25_7b,
        KnownModel::Qwen25_14b,
        KnownModel::Qwen25_32b,
        KnownModel::Qwen25_72b,
        KnownModel::Qwen3_8b,
        KnownModel::Qwen3_32b,
        KnownModel::Qwen3_30bA3b,
        KnownModel::Qwen3_235bA22b,
        KnownModel::DeepSeekV3,
        KnownModel::DeepSeekR1,
        KnownModel::R1DistillQwen7b,
        KnownModel::R1DistillLlama70b,
        KnownModel::Glm4_9b,
        KnownModel::Llama31_8b,
        KnownModel::Llama31_70b,
        KnownModel::Llama31_405b,
        KnownModel::Llama33_70b,
        KnownModel::Mistral7b,
        KnownModel::Mixtral8x7b,
        KnownModel::Gemma2_9b,
        KnownModel::Gemma2_27b,
    ];

    /// Stable slug (URL value; also the `model` of measured rows).
    pub fn as_str(self) -> &'static str {
        match self {
            KnownModel::BertBase => "bert-base",
            KnownModel::BertLarge => "bert-large",
            KnownModel::ResNet50 => "resnet-50",
            KnownModel::Llama3_8b => "llama-3-8b",
            KnownModel::Llama3_70b => "llama-3-70b",
            KnownModel::StableDiffusionXl => "sdxl",
            KnownModel::GptJ6b => "gpt-j-6b",
            KnownModel::Llama2_70b => "llama-2-70b",
            KnownModel::Qwen25_7b => "qwen2.5-7b",
            KnownModel::Qwen25_14b => "qwen2.5-14b",
            KnownModel::Qwen25_32b => "qwen2.5-32b",
            KnownModel::Qwen25_72b => "qwen2.5-72b",
            KnownModel::Qwen3_8b => "qwen3-8b",
            KnownModel::Qwen3_32b => "qwen3-32b",
            KnownModel::Qwen3_30bA3b => "qwen3-30b-a3b",
            KnownModel::Qwen3_235bA22b => "qwen3-235b-a22b",
            KnownModel::DeepSeekV3 => "deepseek-v3",
            KnownModel::DeepSeekR1 => "deepseek-r1",
            KnownModel::R1DistillQwen7b => "deepseek-r1-distill-qwen-7b",
            KnownModel::R1DistillLlama70b => "deepseek-r1-distill-llama-70b",
            KnownModel::Glm4_9b => "glm-4-9b",
            KnownModel::Llama31_8b => "llama-3.1-8b",
            KnownModel::Llama31_70b => "llama-3.1-70b",
            KnownModel::Llama31_405b => "llama-3.1-405b",
            KnownModel::Llama33_70b => "llama-3.3-70b",
            KnownModel::Mistral7b => "mistral-7b",
            KnownModel::Mixtral8x7b => "mixtral-8x7b",
            KnownModel::Gemma2_9b => "gemma-2-9b",
            KnownModel::Gemma2_27b => "gemma-2-27b",
        }
    }

    /// The model with this slug.
    pub fn from_slug(s: &str) -> Option<KnownModel> {
        KnownModel::ALL.into_iter().find(|m| m.as_str() == s)
    }

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            KnownModel::BertBase => "BERT-base",
            KnownModel::BertLarge => "BERT-large",
            KnownModel::ResNet50 => "ResNet-50",
            KnownModel::Llama3_8b => "Llama 3 8B",
            KnownModel::Llama3_70b => "Llama 3 70B",
            KnownModel::StableDiffusionXl => "Stable Diffusion XL",
            KnownModel::GptJ6b => "GPT-J 6B",
            KnownModel::Llama2_70b => "Llama 2 70B",
            KnownModel::Qwen25_7b => "Qwen2.5 7B",
            KnownModel::Qwen25_14b => "Qwen2.5 14B",
            KnownModel::Qwen25_32b => "Qwen2.5 32B",
            KnownModel::Qwen25_72b => "Qwen2.5 72B",
            KnownModel::Qwen3_8b => "Qwen3 8B",
            KnownModel::Qwen3_32b => "Qwen3 32B",
            KnownModel::Qwen3_30bA3b => "Qwen3 30B-A3B (MoE)",
            KnownModel::Qwen3_235bA22b => "Qwen3 235B-A22B (MoE)",
            KnownModel::DeepSeekV3 => "DeepSeek-V3 (MoE)",
            KnownModel::DeepSeekR1 => "DeepSeek-R1 (MoE)",
            KnownModel::R1DistillQwen7b => "DeepSeek-R1-Distill-Qwen-7B",
            KnownModel::R1DistillLlama70b => "DeepSeek-R1-Distill-Llama-70B",
            KnownModel::Glm4_9b => "GLM-4 9B",
            KnownModel::Llama31_8b => "Llama 3.1 8B",
            KnownModel::Llama31_70b => "Llama 3.1 70B",
            KnownModel::Llama31_405b => "Llama 3.1 405B",
            KnownModel::Llama33_70b => "Llama 3.3 70B",
            KnownModel::Mistral7b => "Mistral 7B",
            KnownModel::Mixtral8x7b => "Mixtral 8x7B (MoE)",
            KnownModel::Gemma2_9b => "Gemma 2 9B",
            KnownModel::Gemma2_27b => "Gemma 2 27B",
        }
    }

    /// Its size and shape.
    pub fn spec(self) -> ModelSpec {
        let t = |layers, hidden, heads, kv_heads, head_dim, max_context| TransformerShape {
            layers,
            hidden,
            heads,
            kv_heads,
            head_dim,
            max_context,
            latent_kv: None,
            moe: None,
        };
        match self {
            KnownModel::BertBase => ModelSpec {
                params: 110e6,
                active_params: 110e6,
                trainable_params: 110e6,
                arch: Architecture::Encoder(t(12, 768, 12, 12, 64, 512)),
                default_seq_len: 384,
                bench_seq_len: 384,
                source: "Devlin et al. 2019 (BERT), Table: BERT-base L=12, H=768, A=12, 110M",
            },
            KnownModel::BertLarge => ModelSpec {
                params: 340e6,
                active_params: 340e6,
                trainable_params: 340e6,
                arch: Architecture::Encoder(t(24, 1024, 16, 16, 64, 512)),
                default_seq_len: 384,
                bench_seq_len: 384,
                source: "Devlin et al. 2019 (BERT): BERT-large L=24, H=1024, A=16, 340M",
            },
            KnownModel::ResNet50 => ModelSpec {
                params: 25.6e6,
                active_params: 25.6e6,
                trainable_params: 25.6e6,
                arch: Architecture::Image(ImageShape {
                    // He et al. 2016 count 3.8e9 multiply-adds per 224×224 image.
                    forward_flops: 7.6e9,
                    evaluations_per_request: 1,
                    train_activation_gib: (0.03, 0.1),
                    infer_activation_gib: (0.01, 0.05),
                }),
                default_seq_len: 1,
                bench_seq_len: 1,
                source: "He et al. 2016 (ResNet), Table 1: 3.8e9 multiply-adds; torchvision: 25.6M parameters",
            },
            KnownModel::Llama3_8b => ModelSpec {
                params: 8.03e9,
                active_params: 8.03e9,
                trainable_params: 8.03e9,
                arch: Architecture::Decoder(t(32, 4096, 32, 8, 128, 8192)),
                default_seq_len: 2048,
                bench_seq_len: 2048,
                source: "Meta Llama 3 model card / config.json: 32 layers, hidden 4096, 32 heads, 8 KV heads",
            },
            KnownModel::Llama3_70b => ModelSpec {
                params: 70.6e9,
                active_params: 70.6e9,
                trainable_params: 70.6e9,
                arch: Architecture::Decoder(t(80, 8192, 64, 8, 128, 8192)),
                default_seq_len: 2048,
                bench_seq_len: 2048,
                source: "Meta Llama 3 model card / config.json: 80 layers, hidden 8192, 64 heads, 8 KV heads",
            },
            KnownModel::StableDiffusionXl => ModelSpec {
                params: 3.5e9,
                active_params: 3.5e9,
                trainable_params: 2.6e9,
                arch: Architecture::Image(ImageShape {
                    // Order of magnitude for one U-Net evaluation at 1024×1024 (128×128 latent).
                    forward_flops: 6.0e12,
                    // 30 sampling steps with classifier-free guidance (two evaluations each).
                    evaluations_per_request: 60,
                    train_activation_gib: (2.0, 12.0),
                    infer_activation_gib: (1.5, 4.0),
                }),
                default_seq_len: 1,
                bench_seq_len: 1,
                source: "Podell et al. 2023 (SDXL): 2.6B-parameter U-Net, 3.5B-parameter base pipeline",
            },
            KnownModel::GptJ6b => ModelSpec {
                params: 6.05e9,
                active_params: 6.05e9,
                trainable_params: 6.05e9,
                arch: Architecture::Decoder(t(28, 4096, 16, 16, 256, 2048)),
                default_seq_len: 2048,
                bench_seq_len: 2048,
                source: "EleutherAI GPT-J-6B model card: 28 layers, d_model 4096, 16 heads of 256",
            },
            KnownModel::Llama2_70b => ModelSpec {
                params: 69e9,
                active_params: 69e9,
                trainable_params: 69e9,
                arch: Architecture::Decoder(t(80, 8192, 64, 8, 128, 4096)),
                default_seq_len: 2048,
                bench_seq_len: 2048,
                source: "Touvron et al. 2023 (Llama 2): 80 layers, hidden 8192, 64 heads, GQA with 8 KV heads",
            },
            KnownModel::Qwen25_7b
            | KnownModel::Qwen25_14b
            | KnownModel::Qwen25_32b
            | KnownModel::Qwen25_72b
            | KnownModel::Qwen3_8b
            | KnownModel::Qwen3_32b
            | KnownModel::Qwen3_30bA3b
            | KnownModel::Qwen3_235bA22b
            | KnownModel::DeepSeekV3
            | KnownModel::DeepSeekR1
            | KnownModel::R1DistillQwen7b
            | KnownModel::R1DistillLlama70b
            | KnownModel::Glm4_9b
            | KnownModel::Llama31_8b
            | KnownModel::Llama31_70b
            | KnownModel::Llama31_405b
            | KnownModel::Llama33_70b
            | KnownModel::Mistral7b
            | KnownModel::Mixtral8x7b
            | KnownModel::Gemma2_9b
            | KnownModel::Gemma2_27b => library_spec(self),
        }
    }
}

/// The sizes of a library model, counted from its `config.json`. Every library variant has an
/// entry (a test checks it); the fallback only keeps this total.
fn library_spec(m: KnownModel) -> ModelSpec {
    match super::model_library::entry(m) {
        Some(e) => e.config.spec(e.repo),
        None => ModelSpec::custom(super::workload::DEFAULT_CUSTOM_PARAMS as f64),
    }
}

impl fmt::Display for KnownModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for KnownModel {
    type Err = super::error::UnknownSlug;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        KnownModel::from_slug(s).ok_or_else(|| super::error::UnknownSlug(s.to_string()))
    }
}

/// The shape of a transformer, as far as memory and FLOPs need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TransformerShape {
    /// Layers.
    pub layers: u32,
    /// Hidden size.
    pub hidden: u32,
    /// Attention heads.
    pub heads: u32,
    /// Key/value heads (fewer than `heads` with grouped-query attention).
    pub kv_heads: u32,
    /// Size of one head.
    pub head_dim: u32,
    /// Longest sequence the model was trained for.
    pub max_context: u32,
    /// Multi-head latent attention: what the KV cache keeps per token and layer instead of
    /// per-head keys and values.
    pub latent_kv: Option<LatentKv>,
    /// Mixture of experts: how many experts each token uses.
    pub moe: Option<MoeShape>,
}

/// The KV cache of multi-head latent attention: one latent vector and one rotary key per
/// token and layer, shared by every head.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LatentKv {
    /// `kv_lora_rank`: width of the latent vector.
    pub rank: u32,
    /// `qk_rope_head_dim`: width of the decoupled rotary key.
    pub rope_dim: u32,
}

/// The routing of a mixture of experts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoeShape {
    /// Routed experts per layer.
    pub experts: u32,
    /// Routed experts per token.
    pub experts_per_token: u32,
    /// Experts every token uses.
    pub shared_experts: u32,
}

impl TransformerShape {
    /// Bytes of KV cache per token of one sequence, with a 16-bit cache.
    pub fn kv_bytes_per_token(&self) -> f64 {
        self.kv_bytes_per_token_at(2.0)
    }

    /// Bytes of KV cache per token of one sequence at `bytes` per cached value: keys and
    /// values of every KV head (MHA, GQA, MQA), or the latent vector and rotary key (MLA).
    pub fn kv_bytes_per_token_at(&self, bytes: f64) -> f64 {
        let layers = f64::from(self.layers);
        match self.latent_kv {
            Some(l) => layers * f64::from(l.rank + l.rope_dim) * bytes,
            None => 2.0 * layers * f64::from(self.kv_heads) * f64::from(self.head_dim) * bytes,
        }
    }
}

/// An image model's fixed cost per image.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ImageShape {
    /// FLOPs of one forward evaluation for one image.
    pub forward_flops: f64,
    /// Forward evaluations per generated or classified image.
    pub evaluations_per_request: u32,
    /// Activation memory per image while training, GiB (with / without checkpointing).
    pub train_activation_gib: (f64, f64),
    /// Activation memory per image while serving, GiB.
    pub infer_activation_gib: (f64, f64),
}

/// What kind of network a model is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Architecture {
    /// Decoder-only transformer: reads and generates tokens, keeps a KV cache.
    Decoder(TransformerShape),
    /// Encoder-only transformer (BERT): reads tokens, generates none.
    Encoder(TransformerShape),
    /// Image network with a fixed cost per image.
    Image(ImageShape),
}

impl Architecture {
    /// Whether work is counted in tokens (transformers) rather than images.
    pub fn is_token_model(&self) -> bool {
        !matches!(self, Architecture::Image(_))
    }

    /// Whether the model generates tokens (a decoder).
    pub fn generates_tokens(&self) -> bool {
        matches!(self, Architecture::Decoder(_))
    }

    /// The transformer shape, if any.
    pub fn transformer(&self) -> Option<&TransformerShape> {
        match self {
            Architecture::Decoder(t) | Architecture::Encoder(t) => Some(t),
            Architecture::Image(_) => None,
        }
    }
}

/// Sizes of one model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ModelSpec {
    /// Parameters (all experts of a mixture of experts): what memory holds.
    pub params: f64,
    /// Parameters each token uses (the routed experts it picks plus everything else): what
    /// the arithmetic of a token costs. Equal to `params` for a dense model.
    pub active_params: f64,
    /// Parameters a full fine-tune updates (SDXL trains its U-Net, not the text encoders).
    pub trainable_params: f64,
    /// Network kind and shape.
    pub arch: Architecture,
    /// Tokens per training sample when the workload does not say (1 for image models).
    pub default_seq_len: u32,
    /// Tokens per sample in the measured benchmark rows (BERT SQuAD: 384).
    pub bench_seq_len: u32,
    /// Where the figures come from.
    pub source: &'static str,
}

/// KV heads a custom model is assumed to have (see [`ModelSpec::custom`]).
pub const CUSTOM_KV_HEADS: u32 = 8;

impl ModelSpec {
    /// A dense decoder-only transformer of `params` parameters.
    ///
    /// With about 12·L·h² parameters per model and the usual aspect ratio h ≈ 128·L
    /// (Llama 2 7B: L = 32, h = 4096), h = ∛(128·N/12), rounded to a multiple of 128, with
    /// one 128-wide head per 128 of hidden size, and grouped-query attention with 8 KV heads
    /// (fewer for a model with fewer heads): what Llama 3, Qwen2.5 (14B and up), Qwen3,
    /// Mistral and Mixtral publish in their configs, where a cache of one KV head per query
    /// head made the custom model's KV cache 4–8 times too large. A model with another
    /// layout is described exactly by pasting its `config.json`.
    pub fn custom(params: f64) -> ModelSpec {
        let h = ((128.0 * params / 12.0).cbrt() / 128.0).round().max(1.0) * 128.0;
        let layers = (params / (12.0 * h * h)).round().max(1.0);
        let heads = (h / 128.0).max(1.0) as u32;
        ModelSpec {
            params,
            active_params: params,
            trainable_params: params,
            arch: Architecture::Decoder(TransformerShape {
                layers: layers as u32,
                hidden: h as u32,
                heads,
                kv_heads: heads.min(CUSTOM_KV_HEADS),
                head_dim: 128,
                max_context: 131_072,
                latent_kv: None,
                moe: None,
            }),
            default_seq_len: 2048,
            bench_seq_len: 2048,
            source: "custom parameter count; shape inferred as a dense decoder-only transformer",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_round_trip() {
        for m in KnownModel::ALL {
            assert_eq!(KnownModel::from_slug(m.as_str()), Some(m));
            assert_eq!(m.as_str().parse::<KnownModel>(), Ok(m));
        }
        assert_eq!(KnownModel::from_slug("gpt-5"), None);
    }

    #[test]
    fn a_custom_7b_model_gets_a_llama_like_shape() {
        let spec = ModelSpec::custom(7e9);
        let t = spec.arch.transformer().unwrap();
        assert_eq!(t.hidden, 4224, "close to Llama 2 7B's 4096");
        assert!((30..=34).contains(&t.layers), "{}", t.layers);
    }

    #[test]
    fn llama_3_8b_kv_cache_is_128_kib_per_token() {
        // 2 (K, V) × 32 layers × 8 KV heads × 128 × 2 bytes = 131,072 bytes.
        let t = *KnownModel::Llama3_8b.spec().arch.transformer().unwrap();
        assert_eq!(t.kv_bytes_per_token(), 131_072.0);
    }
}
