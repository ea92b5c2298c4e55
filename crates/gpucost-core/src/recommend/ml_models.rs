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
}

impl KnownModel {
    /// Every known model, in menu order.
    pub const ALL: [KnownModel; 8] = [
        KnownModel::BertBase,
        KnownModel::BertLarge,
        KnownModel::ResNet50,
        KnownModel::StableDiffusionXl,
        KnownModel::GptJ6b,
        KnownModel::Llama3_8b,
        KnownModel::Llama2_70b,
        KnownModel::Llama3_70b,
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
        };
        match self {
            KnownModel::BertBase => ModelSpec {
                params: 110e6,
                trainable_params: 110e6,
                arch: Architecture::Encoder(t(12, 768, 12, 12, 64, 512)),
                default_seq_len: 384,
                bench_seq_len: 384,
                source: "Devlin et al. 2019 (BERT), Table: BERT-base L=12, H=768, A=12, 110M",
            },
            KnownModel::BertLarge => ModelSpec {
                params: 340e6,
                trainable_params: 340e6,
                arch: Architecture::Encoder(t(24, 1024, 16, 16, 64, 512)),
                default_seq_len: 384,
                bench_seq_len: 384,
                source: "Devlin et al. 2019 (BERT): BERT-large L=24, H=1024, A=16, 340M",
            },
            KnownModel::ResNet50 => ModelSpec {
                params: 25.6e6,
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
                trainable_params: 8.03e9,
                arch: Architecture::Decoder(t(32, 4096, 32, 8, 128, 8192)),
                default_seq_len: 2048,
                bench_seq_len: 2048,
                source: "Meta Llama 3 model card / config.json: 32 layers, hidden 4096, 32 heads, 8 KV heads",
            },
            KnownModel::Llama3_70b => ModelSpec {
                params: 70.6e9,
                trainable_params: 70.6e9,
                arch: Architecture::Decoder(t(80, 8192, 64, 8, 128, 8192)),
                default_seq_len: 2048,
                bench_seq_len: 2048,
                source: "Meta Llama 3 model card / config.json: 80 layers, hidden 8192, 64 heads, 8 KV heads",
            },
            KnownModel::StableDiffusionXl => ModelSpec {
                params: 3.5e9,
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
                trainable_params: 6.05e9,
                arch: Architecture::Decoder(t(28, 4096, 16, 16, 256, 2048)),
                default_seq_len: 2048,
                bench_seq_len: 2048,
                source: "EleutherAI GPT-J-6B model card: 28 layers, d_model 4096, 16 heads of 256",
            },
            KnownModel::Llama2_70b => ModelSpec {
                params: 69e9,
                trainable_params: 69e9,
                arch: Architecture::Decoder(t(80, 8192, 64, 8, 128, 4096)),
                default_seq_len: 2048,
                bench_seq_len: 2048,
                source: "Touvron et al. 2023 (Llama 2): 80 layers, hidden 8192, 64 heads, GQA with 8 KV heads",
            },
        }
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
}

impl TransformerShape {
    /// Bytes of KV cache per token of one sequence, with a 16-bit cache.
    pub fn kv_bytes_per_token(&self) -> f64 {
        2.0 * f64::from(self.layers) * f64::from(self.kv_heads) * f64::from(self.head_dim) * 2.0
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
    /// Parameters.
    pub params: f64,
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

impl ModelSpec {
    /// A dense decoder-only transformer of `params` parameters.
    ///
    /// With about 12·L·h² parameters per model and the usual aspect ratio h ≈ 128·L
    /// (Llama 2 7B: L = 32, h = 4096), h = ∛(128·N/12), rounded to a multiple of 128, with
    /// one 128-wide head per 128 of hidden size and no grouped-query attention (a larger,
    /// conservative KV cache).
    pub fn custom(params: f64) -> ModelSpec {
        let h = ((128.0 * params / 12.0).cbrt() / 128.0).round().max(1.0) * 128.0;
        let layers = (params / (12.0 * h * h)).round().max(1.0);
        let heads = (h / 128.0).max(1.0) as u32;
        ModelSpec {
            params,
            trainable_params: params,
            arch: Architecture::Decoder(TransformerShape {
                layers: layers as u32,
                hidden: h as u32,
                heads,
                kv_heads: heads,
                head_dim: 128,
                max_context: 131_072,
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
