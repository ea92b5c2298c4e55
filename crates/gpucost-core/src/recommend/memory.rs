//! How much GPU memory a workload needs, and how many GPUs of a model that takes.
//!
//! Training holds weights, gradients and optimizer states (the model state) plus activations;
//! mixed-precision Adam costs 16 bytes per trained parameter (fp16 weights and gradients,
//! fp32 master weights and two moments — the ZeRO paper's count) to 18 (fp32 gradients too,
//! as in stas00's "Anatomy of Model's Memory Usage"). LoRA trains small adapters on frozen
//! weights; QLoRA freezes 4-bit weights. Inference holds weights, the KV cache of the
//! requests in flight and working memory. Model state and KV cache can be split across GPUs
//! (FSDP/ZeRO-3, tensor parallelism); activations and overhead are per GPU.

use super::assumptions::Assumption;
use super::ml_models::{Architecture, ModelSpec, TransformerShape};
use super::range::LowHigh;
use super::workload::{
    BatchJob, Offload, Precision, RequestShape, ServingTarget, Task, TrainingKind, ValidWorkload,
    ZeroStage,
};

/// Bytes per GiB.
pub const GIB: f64 = 1_073_741_824.0;

/// Share of the base model's parameters that LoRA adapters add (rank 8 on two projections
/// to rank 64 on every linear layer).
pub const LORA_FRACTION: (f64, f64) = (0.002, 0.02);

/// Memory a workload needs, GiB, each part a (low, high) range.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryEstimate {
    /// Model state per parameter of the model (weights + gradients + optimizer), bytes.
    pub state_bytes_per_param: LowHigh<f64>,
    /// Weights (frozen and trained).
    pub weights_gib: LowHigh<f64>,
    /// Gradients of the trained parameters.
    pub gradients_gib: LowHigh<f64>,
    /// Optimizer states (Adam moments and fp32 master weights).
    pub optimizer_gib: LowHigh<f64>,
    /// Activations of one micro-batch of one sample: with activation checkpointing (low) and
    /// without (high); for inference, one request's working activations.
    pub activations_gib: LowHigh<f64>,
    /// KV cache of one request (prompt + output) at the workload's KV cache precision; zero
    /// for training.
    pub kv_cache_gib: LowHigh<f64>,
    /// CUDA context, workspaces and allocator fragmentation.
    pub overhead_gib: LowHigh<f64>,
    /// Everything, on one GPU.
    pub total_gib: LowHigh<f64>,
    /// The part that can be split across GPUs (model state, KV cache).
    pub shardable_gib: LowHigh<f64>,
    /// The part every GPU holds (activations, overhead).
    pub per_gpu_gib: LowHigh<f64>,
    /// How each part was counted.
    pub notes: Vec<Assumption>,
}

impl MemoryEstimate {
    /// Memory each of the `gpus` GPUs of one replica holds, GiB: the splittable part shared
    /// out, plus what every GPU holds — less the activations checkpointing saves, when the
    /// plan needs it.
    pub fn per_gpu_used(&self, gpus: u32, checkpointing: bool) -> LowHigh<f64> {
        let g = f64::from(gpus.max(1));
        let saved = if checkpointing {
            self.activations_gib.high - self.activations_gib.low
        } else {
            0.0
        };
        LowHigh::new(
            self.shardable_gib.low / g + self.per_gpu_gib.low,
            self.shardable_gib.high / g + self.per_gpu_gib.high - saved,
        )
    }
}

/// How many GPUs of one model a replica needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GpuCount {
    /// GPUs if every part of the memory estimate is at its low end.
    pub low: u32,
    /// GPUs planned for: model state at its high end, activation checkpointing on.
    pub planned: u32,
    /// Whether the planned GPUs have room only with activation checkpointing.
    pub needs_checkpointing: bool,
}

/// GPUs of `memory_gib` each that one replica of the workload needs, or `None` when more
/// than `max` would be needed (or the per-GPU part alone does not fit).
pub fn gpus_needed(m: &MemoryEstimate, memory_gib: f64, max: u32) -> Option<GpuCount> {
    let need = |shard: f64, fixed: f64| -> Option<u32> {
        let free = memory_gib - fixed;
        if free <= 0.0 {
            return None;
        }
        let g = (shard / free).ceil().max(1.0);
        (g <= f64::from(max)).then_some(g as u32)
    };
    let fixed_overhead = m.per_gpu_gib.low - m.activations_gib.low;
    let fixed_high = m.per_gpu_gib.high - m.activations_gib.high;
    let planned = need(m.shardable_gib.high, m.activations_gib.low + fixed_high)?;
    let low = need(m.shardable_gib.low, m.activations_gib.low + fixed_overhead).unwrap_or(planned);
    let without = need(m.shardable_gib.high, m.per_gpu_gib.high);
    Some(GpuCount {
        low: low.min(planned),
        planned,
        needs_checkpointing: without.is_none_or(|g| g > planned),
    })
}

/// The memory `w` needs.
pub fn estimate(w: &ValidWorkload) -> MemoryEstimate {
    let spec = w.spec();
    let n = spec.params;
    let mut notes = Vec::new();
    let Parts {
        weights,
        grads,
        optim,
        acts,
        kv,
    } = match w.workload().task {
        Task::Training { kind, .. } => training(w, kind, &mut notes),
        Task::Serving(ServingTarget { shape, .. }) | Task::Batch(BatchJob { shape, .. }) => {
            inference(w, shape, &mut notes)
        }
    };
    let state = weights.plus(grads).plus(optim);
    // Fragmentation grows with what each GPU holds, so that part is split with the state.
    let fixed = LowHigh::new(0.5 * GIB, GIB);
    let proportional = state.times_range(LowHigh::new(0.02, 0.08));
    let overhead = fixed.plus(proportional);
    notes.push(Assumption::Overhead);
    // What ZeRO leaves whole on every GPU (inference shards everything tensor-parallel).
    let zero = match w.workload().task {
        Task::Training { .. } => w.workload().options.fine_tune.zero,
        _ => ZeroStage::Zero3,
    };
    let zero_point = LowHigh::point(0.0);
    let replicated = match zero {
        ZeroStage::Zero3 => zero_point,
        ZeroStage::Zero2 => weights,
        ZeroStage::Zero1 => weights.plus(grads),
        ZeroStage::Zero0 => state,
    };
    // Component by component: what is not replicated is sharded.
    let sharded = LowHigh::new(state.low - replicated.low, state.high - replicated.high);
    let shardable = sharded.plus(proportional).plus(kv);
    let per_gpu = acts.plus(fixed).plus(replicated);
    let g = |r: LowHigh<f64>| r.times(1.0 / GIB);
    MemoryEstimate {
        state_bytes_per_param: state.times(1.0 / n),
        weights_gib: g(weights),
        gradients_gib: g(grads),
        optimizer_gib: g(optim),
        activations_gib: g(acts),
        kv_cache_gib: g(kv),
        overhead_gib: g(overhead),
        total_gib: g(shardable.plus(per_gpu)),
        shardable_gib: g(shardable),
        per_gpu_gib: g(per_gpu),
        notes,
    }
}

/// What one GPU's memory holds, bytes, before overhead.
struct Parts {
    weights: LowHigh<f64>,
    grads: LowHigh<f64>,
    optim: LowHigh<f64>,
    acts: LowHigh<f64>,
    kv: LowHigh<f64>,
}

/// Model state and activations of a training run.
fn training(w: &ValidWorkload, kind: TrainingKind, notes: &mut Vec<Assumption>) -> Parts {
    let spec = w.spec();
    let n = spec.params;
    let p = w.precision();
    let s = f64::from(w.seq_len());
    // fp32 training keeps activations in 4 bytes, mixed precision in 2.
    let act_scale = if p == Precision::Fp32 { 2.0 } else { 1.0 };
    let acts = match spec.arch {
        Architecture::Decoder(t) | Architecture::Encoder(t) => {
            let shl = s * f64::from(t.hidden) * f64::from(t.layers);
            notes.push(Assumption::ActivationsPerSequence);
            LowHigh::new(2.0 * shl, 34.0 * shl).times(act_scale)
        }
        Architecture::Image(i) => {
            notes.push(Assumption::ActivationsPerImage);
            LowHigh::new(i.train_activation_gib.0, i.train_activation_gib.1).times(GIB * act_scale)
        }
    };
    let ft = w.workload().options.fine_tune;
    // Optimizer state per trained parameter: fp32 training keeps no master copy.
    let optim_bytes = if ft.offload == Offload::Optimizer {
        0.0
    } else if p == Precision::Fp32 {
        ft.optimizer.state_bytes() - 4.0
    } else {
        ft.optimizer.state_bytes()
    };
    let (weights, grads, optim) = match kind {
        TrainingKind::PreTraining | TrainingKind::FullFineTune => {
            let t = spec.trainable_params;
            let frozen = (n - t).max(0.0) * if p == Precision::Fp32 { 4.0 } else { 2.0 };
            if p == Precision::Fp32 {
                notes.push(Assumption::AdamFp32);
                (
                    LowHigh::point(4.0 * t + frozen),
                    LowHigh::point(4.0 * t),
                    LowHigh::point(optim_bytes * t),
                )
            } else {
                notes.push(Assumption::AdamMixedPrecision);
                (
                    LowHigh::point(2.0 * t + frozen),
                    LowHigh::new(2.0 * t, 4.0 * t),
                    LowHigh::point(optim_bytes * t),
                )
            }
        }
        TrainingKind::Lora | TrainingKind::Qlora => {
            let (wb_low, wb_high) = p.weight_bytes();
            let a = match (ft.lora_rank, spec.arch.transformer()) {
                (Some(r), Some(t)) => LowHigh::point(lora_params(spec, t, r)),
                _ => LowHigh::new(LORA_FRACTION.0 * n, LORA_FRACTION.1 * n),
            };
            notes.push(Assumption::Adapters {
                qlora: kind == TrainingKind::Qlora,
                weight_bytes: LowHigh::new(wb_low, wb_high),
            });
            (
                LowHigh::new(n * wb_low, n * wb_high).plus(a.times(2.0)),
                LowHigh::new(a.low * 2.0, a.high * 4.0),
                a.times(optim_bytes),
            )
        }
    };
    Parts {
        weights,
        grads,
        optim,
        acts,
        kv: LowHigh::point(0.0),
    }
}

/// Parameters of LoRA adapters of rank `r` on every linear layer: r × (inputs + outputs) of
/// the query, key, value and output projections and the three feed-forward matrices, per
/// layer. The feed-forward width is what the parameter count leaves after attention (an
/// overestimate by the embeddings' share, on the safe side).
pub fn lora_params(spec: &ModelSpec, t: &TransformerShape, r: u32) -> f64 {
    let (h, layers) = (f64::from(t.hidden), f64::from(t.layers.max(1)));
    let q = f64::from(t.heads) * f64::from(t.head_dim);
    let kv = f64::from(t.kv_heads) * f64::from(t.head_dim);
    let attn_params = 2.0 * h * q + 2.0 * h * kv;
    let ffn = ((spec.active_params / layers - attn_params) / (3.0 * h)).max(0.0);
    let sum = (h + q) + 2.0 * (h + kv) + (q + h) + 3.0 * (h + ffn);
    f64::from(r) * layers * sum
}

/// Weights, working activations and KV cache of one request of `shape`.
fn inference(w: &ValidWorkload, shape: RequestShape, notes: &mut Vec<Assumption>) -> Parts {
    let spec = w.spec();
    let n = spec.params;
    let p = w.precision();
    let (wb_low, wb_high) = p.weight_bytes();
    let weights = LowHigh::new(n * wb_low, n * wb_high);
    let (acts, kv) = match spec.arch {
        Architecture::Decoder(t) => {
            let tokens = f64::from(shape.input_tokens) + f64::from(shape.output_tokens);
            notes.push(Assumption::KvCache);
            (
                LowHigh::new(1.0, 2.0)
                    .times(34.0 * f64::from(shape.input_tokens) * f64::from(t.hidden)),
                LowHigh::point(t.kv_bytes_per_token_at(w.kv_bytes()) * tokens),
            )
        }
        Architecture::Encoder(t) => (
            LowHigh::new(1.0, 2.0)
                .times(34.0 * f64::from(shape.input_tokens) * f64::from(t.hidden)),
            LowHigh::point(0.0),
        ),
        Architecture::Image(i) => (
            LowHigh::new(i.infer_activation_gib.0, i.infer_activation_gib.1).times(GIB),
            LowHigh::point(0.0),
        ),
    };
    Parts {
        weights,
        grads: LowHigh::point(0.0),
        optim: LowHigh::point(0.0),
        acts,
        kv,
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;

    use super::*;
    use crate::recommend::ml_models::KnownModel;
    use crate::recommend::workload::{ModelChoice, TrainingSize, Workload};

    fn train(model: KnownModel, kind: TrainingKind, precision: Precision) -> ValidWorkload {
        Workload {
            task: Task::Training {
                kind,
                size: TrainingSize::Tokens(1_000_000_000),
            },
            model: ModelChoice::Known(model),
            precision,
            seq_len: None,
            deadline_hours: None,
            options: Default::default(),
        }
        .validate()
        .unwrap()
    }

    fn infer(model: KnownModel, precision: Precision) -> ValidWorkload {
        Workload {
            task: Task::Batch(BatchJob {
                requests: 1000,
                shape: RequestShape {
                    input_tokens: 1024,
                    output_tokens: 1024,
                },
            }),
            model: ModelChoice::Known(model),
            precision,
            seq_len: None,
            deadline_hours: Some(Decimal::TEN),
            options: Default::default(),
        }
        .validate()
        .unwrap()
    }

    #[test]
    fn mixed_precision_adam_costs_16_to_18_bytes_per_parameter() {
        let m = estimate(&train(
            KnownModel::Llama3_8b,
            TrainingKind::FullFineTune,
            Precision::Fp16,
        ));
        assert_eq!(m.state_bytes_per_param.low, 16.0);
        assert_eq!(m.state_bytes_per_param.high, 18.0);
        // 8.03e9 × 16 bytes = 128.5 GB = 119.7 GiB of model state before activations.
        assert!(
            (m.weights_gib.low + m.gradients_gib.low + m.optimizer_gib.low - 119.66).abs() < 0.1
        );
    }

    #[test]
    fn fp32_adam_costs_16_bytes_per_parameter() {
        let m = estimate(&train(
            KnownModel::BertLarge,
            TrainingKind::FullFineTune,
            Precision::Fp32,
        ));
        assert_eq!(m.state_bytes_per_param, LowHigh::point(16.0));
    }

    #[test]
    fn an_8b_model_in_fp16_needs_2_bytes_per_parameter_of_weights() {
        let m = estimate(&infer(KnownModel::Llama3_8b, Precision::Fp16));
        // 8.03e9 × 2 bytes = 16.06 GB = 14.96 GiB (the model card's "16 GB in bf16").
        assert!(
            (m.weights_gib.low - 14.96).abs() < 0.01,
            "{:?}",
            m.weights_gib
        );
        assert_eq!(m.state_bytes_per_param, LowHigh::point(2.0));
        // 2,048 tokens × 128 KiB of KV cache = 0.25 GiB.
        assert!((m.kv_cache_gib.low - 0.25).abs() < 1e-9);
    }

    #[test]
    fn qlora_keeps_about_half_a_byte_per_parameter_of_base_weights() {
        let m = estimate(&train(
            KnownModel::Llama3_8b,
            TrainingKind::Qlora,
            Precision::Int4,
        ));
        let base_low = 8.03e9 * 0.5 / GIB;
        assert!(m.weights_gib.low >= base_low && m.weights_gib.low < base_low * 1.05);
        assert!(
            m.state_bytes_per_param.high < 1.0,
            "{:?}",
            m.state_bytes_per_param
        );
        // A 16 GB T4 holds it; a full fine-tune of the same model would not.
        let on_t4 = gpus_needed(&m, 16.0, 8).unwrap();
        assert_eq!(on_t4.planned, 1);
        assert!(
            on_t4.needs_checkpointing,
            "2,048-token sequences need checkpointing on 16 GB"
        );
        let full = estimate(&train(
            KnownModel::Llama3_8b,
            TrainingKind::FullFineTune,
            Precision::Fp16,
        ));
        assert!(gpus_needed(&full, 16.0, 64).unwrap().low > 8);
        assert_eq!(gpus_needed(&full, 16.0, 8), None);
    }

    #[test]
    fn lora_is_far_smaller_than_a_full_fine_tune() {
        let lora = estimate(&train(
            KnownModel::Llama3_8b,
            TrainingKind::Lora,
            Precision::Fp16,
        ));
        assert!(
            lora.state_bytes_per_param.high < 2.5,
            "{:?}",
            lora.state_bytes_per_param
        );
    }

    #[test]
    fn a_70b_model_spans_several_80gb_gpus() {
        let m = estimate(&infer(KnownModel::Llama3_70b, Precision::Fp16));
        let g = gpus_needed(&m, 80.0, 8).unwrap();
        assert_eq!((g.low, g.planned), (2, 2), "131.5 GiB of weights");
        assert_eq!(gpus_needed(&m, 16.0, 4), None);
    }
}
