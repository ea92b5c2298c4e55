//! The 2026 description of a decoder-only language model: the numbers of its Hugging Face
//! `config.json` that memory and speed depend on, and what follows from them.
//!
//! An [`LlmConfig`] holds layers, hidden size, attention heads and key/value heads (MHA, GQA
//! or MQA), DeepSeek's multi-head latent attention ([`Mla`]: the latent KV width the cache
//! keeps instead of per-head keys and values), vocabulary, maximum context, and for a
//! mixture of experts ([`Moe`]) the routed experts, experts per token, shared experts and
//! their width. From these it counts the parameters — total, and active per token — and the
//! KV cache per token at any cache precision. The model library ([`super::model_library`])
//! and a pasted `config.json` both end here, so the same numbers give
//! the same sizing whichever way they arrive. It knows nothing about GPUs or prices.

use super::ml_models::{Architecture, LatentKv, ModelSpec, MoeShape, TransformerShape};

/// Multi-head latent attention (DeepSeek-V2/V3): keys and values are rebuilt from a shared
/// latent vector, which is all the KV cache keeps (plus the decoupled RoPE key).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mla {
    /// `q_lora_rank`: width of the query's low-rank projection (0 = a full query projection).
    pub q_lora_rank: u32,
    /// `kv_lora_rank`: width of the cached latent KV vector.
    pub kv_lora_rank: u32,
    /// `qk_nope_head_dim`: per-head query/key width without rotary position.
    pub qk_nope_head_dim: u32,
    /// `qk_rope_head_dim`: per-head query/key width with rotary position (cached once).
    pub qk_rope_head_dim: u32,
    /// `v_head_dim`: per-head value width.
    pub v_head_dim: u32,
}

/// A mixture-of-experts feed-forward block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Moe {
    /// Routed experts per MoE layer (`num_experts`, `n_routed_experts`, `num_local_experts`).
    pub experts: u32,
    /// Routed experts each token uses (`num_experts_per_tok`).
    pub experts_per_token: u32,
    /// Experts every token uses (`n_shared_experts`; 0 for Qwen3 and Mixtral).
    pub shared_experts: u32,
    /// Width of one expert (`moe_intermediate_size`; Mixtral's `intermediate_size`).
    pub expert_intermediate: u32,
    /// Leading layers with a dense feed-forward block instead (`first_k_dense_replace`).
    pub dense_layers: u32,
}

/// The numbers of a decoder-only transformer's `config.json` that sizing reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LlmConfig {
    /// `num_hidden_layers`.
    pub layers: u32,
    /// `hidden_size`.
    pub hidden: u32,
    /// `num_attention_heads`.
    pub heads: u32,
    /// `num_key_value_heads`: equal to `heads` for MHA, 1 for MQA, between for GQA.
    pub kv_heads: u32,
    /// `head_dim` (else `hidden_size / num_attention_heads`).
    pub head_dim: u32,
    /// `intermediate_size`: width of a dense feed-forward block (SwiGLU/GeGLU: three matrices).
    pub intermediate: u32,
    /// `vocab_size`.
    pub vocab: u32,
    /// `max_position_embeddings`: the longest context the model is configured for.
    pub max_context: u32,
    /// `tie_word_embeddings`: the output head shares the embedding matrix.
    pub tied_embeddings: bool,
    /// Latent attention, when the model uses it.
    pub mla: Option<Mla>,
    /// Mixture of experts, when the model uses it.
    pub moe: Option<Moe>,
}

/// How keys and values are kept, as the literature names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttentionKind {
    /// Multi-head attention: one key/value head per query head.
    Mha,
    /// Grouped-query attention: fewer key/value heads than query heads.
    Gqa,
    /// Multi-query attention: one key/value head.
    Mqa,
    /// Multi-head latent attention: a latent vector per token and layer.
    Mla,
}

impl AttentionKind {
    /// Stable label (`MHA`, `GQA`, `MQA`, `MLA`).
    pub fn as_str(self) -> &'static str {
        match self {
            AttentionKind::Mha => "MHA",
            AttentionKind::Gqa => "GQA",
            AttentionKind::Mqa => "MQA",
            AttentionKind::Mla => "MLA",
        }
    }
}

/// A number of a config that lies outside its limit: the Hugging Face field name and the
/// whole numbers it may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FieldLimit {
    /// The `config.json` field (`num_key_value_heads`).
    pub field: &'static str,
    /// Smallest value accepted.
    pub min: u32,
    /// Largest value accepted (for `num_key_value_heads`, the attention heads).
    pub max: u32,
}

/// The limits of every number, generous beyond any published model (Llama 3.1 405B has 126
/// layers and a hidden size of 16,384; DeepSeek-V3 256 experts; the longest configured
/// contexts are 10 million tokens), so that a pasted or linked config cannot make the sizing
/// count beyond what `f64` holds exactly or what a page can show.
const LAYERS: u32 = 1024;
const HIDDEN: u32 = 131_072;
const HEADS: u32 = 1024;
const HEAD_DIM: u32 = 4096;
const WIDTH: u32 = 1_048_576;
const VOCAB: u32 = 4_194_304;
const CONTEXT: u32 = 16_777_216;
const EXPERTS: u32 = 65_536;
const SHARED: u32 = 1024;
const RANK: u32 = 131_072;

impl LlmConfig {
    /// A dense decoder's config: layers, hidden size, attention heads, KV heads, head size,
    /// feed-forward width, vocabulary and context, with untied embeddings, no latent
    /// attention and no experts. The one constructor: the library, a pasted config.json and
    /// a link's `cfg=` all start from it.
    #[allow(clippy::too_many_arguments)]
    pub const fn dense(
        layers: u32,
        hidden: u32,
        heads: u32,
        kv_heads: u32,
        head_dim: u32,
        intermediate: u32,
        vocab: u32,
        max_context: u32,
    ) -> LlmConfig {
        LlmConfig {
            layers,
            hidden,
            heads,
            kv_heads,
            head_dim,
            intermediate,
            vocab,
            max_context,
            tied_embeddings: false,
            mla: None,
            moe: None,
        }
    }

    /// The same config with the output head tied to the embeddings.
    pub const fn tied(self) -> LlmConfig {
        LlmConfig {
            tied_embeddings: true,
            ..self
        }
    }

    /// The same config with latent attention: `q_lora_rank`, `kv_lora_rank`,
    /// `qk_nope_head_dim`, `qk_rope_head_dim`, `v_head_dim`.
    pub const fn latent(self, q: u32, kv: u32, nope: u32, rope: u32, v: u32) -> LlmConfig {
        LlmConfig {
            mla: Some(Mla {
                q_lora_rank: q,
                kv_lora_rank: kv,
                qk_nope_head_dim: nope,
                qk_rope_head_dim: rope,
                v_head_dim: v,
            }),
            ..self
        }
    }

    /// The same config with a mixture of experts: routed experts, experts per token, shared
    /// experts, expert width, leading dense layers.
    pub const fn experts(
        self,
        n: u32,
        per_token: u32,
        shared: u32,
        width: u32,
        dense: u32,
    ) -> LlmConfig {
        LlmConfig {
            moe: Some(Moe {
                experts: n,
                experts_per_token: per_token,
                shared_experts: shared,
                expert_intermediate: width,
                dense_layers: dense,
            }),
            ..self
        }
    }

    /// Every number with its field name and limits, in the order a link writes them:
    /// the dense shape, then MLA's and the MoE's fields when present.
    pub fn numbers(&self) -> Vec<(u32, FieldLimit)> {
        let l = |field, min, max| FieldLimit { field, min, max };
        let mut out = vec![
            (self.layers, l("num_hidden_layers", 1, LAYERS)),
            (self.hidden, l("hidden_size", 1, HIDDEN)),
            (self.heads, l("num_attention_heads", 1, HEADS)),
            (
                self.kv_heads,
                l("num_key_value_heads", 1, self.heads.min(HEADS)),
            ),
            (self.head_dim, l("head_dim", 1, HEAD_DIM)),
            (self.intermediate, l("intermediate_size", 1, WIDTH)),
            (self.vocab, l("vocab_size", 1, VOCAB)),
            (self.max_context, l("max_position_embeddings", 1, CONTEXT)),
        ];
        if let Some(m) = self.mla {
            out.extend([
                (m.q_lora_rank, l("q_lora_rank", 0, RANK)),
                (m.kv_lora_rank, l("kv_lora_rank", 1, RANK)),
                (m.qk_nope_head_dim, l("qk_nope_head_dim", 1, HEAD_DIM)),
                (m.qk_rope_head_dim, l("qk_rope_head_dim", 0, HEAD_DIM)),
                (m.v_head_dim, l("v_head_dim", 1, HEAD_DIM)),
            ]);
        }
        if let Some(m) = self.moe {
            out.extend([
                (m.experts, l("num_experts", 1, EXPERTS)),
                (
                    m.experts_per_token,
                    l("num_experts_per_tok", 1, m.experts.min(EXPERTS)),
                ),
                (m.shared_experts, l("n_shared_experts", 0, SHARED)),
                (m.expert_intermediate, l("moe_intermediate_size", 1, WIDTH)),
                (
                    m.dense_layers,
                    l("first_k_dense_replace", 0, self.layers.min(LAYERS)),
                ),
            ]);
        }
        out
    }

    /// The first number outside its limit, if any: what a pasted or linked config is
    /// refused for.
    pub fn out_of_range(&self) -> Option<FieldLimit> {
        self.numbers()
            .into_iter()
            .find(|(v, l)| !(l.min..=l.max).contains(v))
            .map(|(_, l)| l)
    }
}

impl LlmConfig {
    /// The attention layout.
    pub fn attention(&self) -> AttentionKind {
        if self.mla.is_some() {
            AttentionKind::Mla
        } else if self.kv_heads >= self.heads {
            AttentionKind::Mha
        } else if self.kv_heads == 1 {
            AttentionKind::Mqa
        } else {
            AttentionKind::Gqa
        }
    }

    /// Parameters of one layer's attention.
    fn attention_params(&self) -> f64 {
        let h = f64::from(self.hidden);
        let heads = f64::from(self.heads);
        match self.mla {
            Some(m) => {
                let qk = f64::from(m.qk_nope_head_dim + m.qk_rope_head_dim);
                let q = if m.q_lora_rank == 0 {
                    h * heads * qk
                } else {
                    let r = f64::from(m.q_lora_rank);
                    h * r + r * heads * qk
                };
                let r = f64::from(m.kv_lora_rank);
                let kv = h * (r + f64::from(m.qk_rope_head_dim))
                    + r * heads * f64::from(m.qk_nope_head_dim + m.v_head_dim);
                let o = heads * f64::from(m.v_head_dim) * h;
                q + kv + o
            }
            None => {
                let hd = f64::from(self.head_dim);
                let kv = f64::from(self.kv_heads);
                2.0 * h * heads * hd + 2.0 * h * kv * hd
            }
        }
    }

    /// (total, active per token) parameters of one feed-forward block of each kind:
    /// dense, and MoE (zero when the model has none).
    fn ffn_params(&self) -> (f64, (f64, f64)) {
        let h = f64::from(self.hidden);
        let dense = 3.0 * h * f64::from(self.intermediate);
        let moe = self.moe.map_or((0.0, 0.0), |m| {
            let expert = 3.0 * h * f64::from(m.expert_intermediate);
            let router = h * f64::from(m.experts);
            (
                f64::from(m.experts + m.shared_experts) * expert + router,
                f64::from(m.experts_per_token + m.shared_experts) * expert + router,
            )
        });
        (dense, moe)
    }

    /// (total, active per token) parameters, counted from the shape: embeddings, output head
    /// (unless tied), attention and feed-forward blocks. Norms and biases (well under 0.1 %)
    /// are left out; DeepSeek's multi-token-prediction module is not part of the served model.
    pub fn params(&self) -> (f64, f64) {
        let embed = f64::from(self.vocab) * f64::from(self.hidden);
        let head = if self.tied_embeddings { 0.0 } else { embed };
        let attn = self.attention_params();
        let (dense, (moe_total, moe_active)) = self.ffn_params();
        let (dense_layers, moe_layers) = match self.moe {
            Some(m) => {
                let d = m.dense_layers.min(self.layers);
                (f64::from(d), f64::from(self.layers - d))
            }
            None => (f64::from(self.layers), 0.0),
        };
        let fixed = embed + head + f64::from(self.layers) * attn + dense_layers * dense;
        (
            fixed + moe_layers * moe_total,
            fixed + moe_layers * moe_active,
        )
    }

    /// The transformer shape the memory and speed models read.
    pub fn shape(&self) -> TransformerShape {
        TransformerShape {
            layers: self.layers,
            hidden: self.hidden,
            heads: self.heads,
            kv_heads: self.kv_heads,
            head_dim: self.head_dim,
            max_context: self.max_context,
            latent_kv: self.mla.map(|m| LatentKv {
                rank: m.kv_lora_rank,
                rope_dim: m.qk_rope_head_dim,
            }),
            moe: self.moe.map(|m| MoeShape {
                experts: m.experts,
                experts_per_token: m.experts_per_token,
                shared_experts: m.shared_experts,
            }),
        }
    }

    /// The model's sizes, with `source` saying where the numbers come from.
    pub fn spec(&self, source: &'static str) -> ModelSpec {
        let (total, active) = self.params();
        ModelSpec {
            params: total,
            active_params: active,
            trainable_params: total,
            arch: Architecture::Decoder(self.shape()),
            default_seq_len: 2048,
            bench_seq_len: 2048,
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deepseek_v3() -> LlmConfig {
        crate::recommend::model_library::entry(crate::recommend::KnownModel::DeepSeekV3)
            .expect("in the library")
            .config
    }

    #[test]
    fn deepseek_v3_counts_671b_total_and_37b_active() {
        let (total, active) = deepseek_v3().params();
        assert!((total / 1e9 - 671.0).abs() < 1.0, "{total}");
        assert!((active / 1e9 - 37.0).abs() < 1.0, "{active}");
        assert_eq!(deepseek_v3().attention(), AttentionKind::Mla);
    }

    #[test]
    fn mla_caches_the_latent_and_the_rope_key_only() {
        // 61 layers × (512 + 64) × 2 bytes = 70,272 bytes per token at 16 bits, where MHA
        // over 128 heads of 128 would keep 2 × 61 × 128 × 128 × 2 = 3,997,696.
        let t = deepseek_v3().shape();
        assert_eq!(t.kv_bytes_per_token_at(2.0), 70_272.0);
    }
}
