//! What a person wants to run: the task with how much of it, the model and its precision.
//!
//! A [`Workload`] is plain data (every field public, every mode an enum with a stable slug,
//! so the page can keep it in the URL). Its [`Task`] carries the size that task needs, so a
//! serving rate for a training run cannot be written down. [`Workload::validate`] checks the
//! numbers against [`crate::limits`] and the model, and returns a [`ValidWorkload`], the
//! only input the recommendation accepts, or every problem found as a [`WorkloadError`].
//!
//! The edits a form makes are methods here too ([`Workload::for_task`],
//! [`Workload::with_model`], [`Workload::with_task`], [`Workload::with_rate_unit`],
//! [`Workload::with_training_unit`]), so every caller repairs a workload the same way.

use std::fmt;
use std::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::error::WorkloadError;
use super::llm_config::LlmConfig;
use super::ml_models::{KnownModel, ModelSpec};
use super::parallel::MAX_SERVING_GPUS;
use super::throughput::MAX_BATCH;
use crate::limits::{
    BATCH_REQUESTS, DEADLINE_HOURS, EPOCHS, INPUT_TOKENS, LATENCY_MS, PARAMS, REQUESTS_PER_SECOND,
    SAMPLES, SEQ_LEN, TOKENS_PER_SECOND, TRAINING_TOKENS,
};

pub use super::error::UnknownSlug;

macro_rules! slug_enum {
    ($t:ty) => {
        impl $t {
            /// The value with this slug.
            pub fn from_slug(s: &str) -> Option<Self> {
                Self::ALL.into_iter().find(|x| x.as_str() == s)
            }
        }
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl FromStr for $t {
            type Err = UnknownSlug;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::from_slug(s).ok_or_else(|| UnknownSlug(s.to_string()))
            }
        }
    };
}

/// What the GPUs will do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TaskKind {
    /// Training from scratch.
    PreTraining,
    /// Updating every weight of a trained model.
    FullFineTune,
    /// Low-rank adapters on frozen 16-bit (or 8-bit) weights.
    Lora,
    /// Low-rank adapters on frozen 4-bit weights.
    Qlora,
    /// Answering requests as they arrive, under a latency bound.
    OnlineServing,
    /// Processing a known number of requests, no latency bound.
    BatchInference,
}

impl TaskKind {
    /// Every task, in menu order.
    pub const ALL: [TaskKind; 6] = [
        TaskKind::PreTraining,
        TaskKind::FullFineTune,
        TaskKind::Lora,
        TaskKind::Qlora,
        TaskKind::OnlineServing,
        TaskKind::BatchInference,
    ];

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            TaskKind::PreTraining => "pretrain",
            TaskKind::FullFineTune => "finetune",
            TaskKind::Lora => "lora",
            TaskKind::Qlora => "qlora",
            TaskKind::OnlineServing => "serve",
            TaskKind::BatchInference => "batch",
        }
    }

    /// Whether the task trains (updates weights or adapters).
    pub fn is_training(self) -> bool {
        matches!(
            self,
            TaskKind::PreTraining | TaskKind::FullFineTune | TaskKind::Lora | TaskKind::Qlora
        )
    }

    /// Whether only low-rank adapters are trained.
    pub fn is_adapter(self) -> bool {
        matches!(self, TaskKind::Lora | TaskKind::Qlora)
    }

    /// The precisions that make sense for the task.
    pub fn allows(self, p: Precision) -> bool {
        match self {
            TaskKind::PreTraining | TaskKind::FullFineTune => {
                matches!(p, Precision::Fp32 | Precision::Fp16)
            }
            TaskKind::Lora => matches!(p, Precision::Fp32 | Precision::Fp16 | Precision::Int8),
            TaskKind::Qlora => p == Precision::Int4,
            TaskKind::OnlineServing | TaskKind::BatchInference => true,
        }
    }

    /// The kind of training, for a training task.
    pub fn training(self) -> Option<TrainingKind> {
        match self {
            TaskKind::PreTraining => Some(TrainingKind::PreTraining),
            TaskKind::FullFineTune => Some(TrainingKind::FullFineTune),
            TaskKind::Lora => Some(TrainingKind::Lora),
            TaskKind::Qlora => Some(TrainingKind::Qlora),
            TaskKind::OnlineServing | TaskKind::BatchInference => None,
        }
    }

    /// Which precisions the task does not offer and why, if it refuses any.
    pub fn precision_hint(self) -> Option<PrecisionHint> {
        let unavailable: Vec<Precision> = Precision::ALL
            .into_iter()
            .filter(|p| !self.allows(*p))
            .collect();
        let reason = match self.training()? {
            TrainingKind::Qlora => PrecisionReason::QloraTrainsOnFourBits,
            TrainingKind::Lora => PrecisionReason::LoraKeepsEightOrSixteenBits,
            TrainingKind::PreTraining | TrainingKind::FullFineTune => {
                PrecisionReason::TrainingNeedsFloats
            }
        };
        (!unavailable.is_empty()).then_some(PrecisionHint {
            unavailable,
            reason,
        })
    }
}

slug_enum!(TaskKind);

/// Which kind of training: the training tasks of [`TaskKind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TrainingKind {
    /// Training from scratch.
    PreTraining,
    /// Updating every weight of a trained model.
    FullFineTune,
    /// Low-rank adapters on frozen 16-bit (or 8-bit) weights.
    Lora,
    /// Low-rank adapters on frozen 4-bit weights.
    Qlora,
}

impl From<TrainingKind> for TaskKind {
    fn from(k: TrainingKind) -> TaskKind {
        match k {
            TrainingKind::PreTraining => TaskKind::PreTraining,
            TrainingKind::FullFineTune => TaskKind::FullFineTune,
            TrainingKind::Lora => TaskKind::Lora,
            TrainingKind::Qlora => TaskKind::Qlora,
        }
    }
}

/// Why a task refuses some precisions (a form words it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrecisionReason {
    /// QLoRA trains adapters on 4-bit base weights; LoRA is the choice for 8 or 16 bits.
    QloraTrainsOnFourBits,
    /// LoRA keeps 16-bit or 8-bit base weights; QLoRA is the choice for 4 bits.
    LoraKeepsEightOrSixteenBits,
    /// Training updates every weight and needs FP32 or FP16/BF16 arithmetic.
    TrainingNeedsFloats,
}

/// The precisions a task does not offer, and why.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PrecisionHint {
    /// Refused precisions, widest first.
    pub unavailable: Vec<Precision>,
    /// Why.
    pub reason: PrecisionReason,
}

/// Numeric precision of the weights (and of the arithmetic, for training).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Precision {
    /// 32-bit floating point.
    Fp32,
    /// 16-bit floating point: bf16 where the GPU has it, else fp16 (mixed precision for training).
    Fp16,
    /// 8-bit integer weights.
    Int8,
    /// 4-bit weights (GPTQ/AWQ/NF4/Q4-style).
    Int4,
    /// 8-bit floating point (E4M3) weights and arithmetic, as DeepSeek-V3/R1 ship and FP8
    /// serving (vLLM, SGLang, TensorRT-LLM) runs on GPUs with FP8 tensor cores.
    Fp8,
    /// 4-bit floating point weights (NVFP4/MXFP4: 4-bit values with an 8-bit scale per
    /// block of 16 or 32).
    Fp4,
}

impl Precision {
    /// Every precision, widest first.
    pub const ALL: [Precision; 6] = [
        Precision::Fp32,
        Precision::Fp16,
        Precision::Fp8,
        Precision::Int8,
        Precision::Fp4,
        Precision::Int4,
    ];

    /// Stable slug (`fp32`, `fp16`, `fp8`, `int8`, `fp4`, `int4`); [`Precision::from_slug`] also
    /// takes `bf16`.
    pub fn as_str(self) -> &'static str {
        match self {
            Precision::Fp32 => "fp32",
            Precision::Fp16 => "fp16",
            Precision::Int8 => "int8",
            Precision::Int4 => "int4",
            Precision::Fp8 => "fp8",
            Precision::Fp4 => "fp4",
        }
    }

    /// The precision with this slug; `bf16` is read as [`Precision::Fp16`].
    pub fn from_slug(s: &str) -> Option<Precision> {
        if s == "bf16" {
            return Some(Precision::Fp16);
        }
        Precision::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// Display label.
    pub fn label(self) -> &'static str {
        match self {
            Precision::Fp32 => "FP32",
            Precision::Fp16 => "FP16/BF16",
            Precision::Int8 => "INT8",
            Precision::Int4 => "INT4",
            Precision::Fp8 => "FP8",
            Precision::Fp4 => "FP4",
        }
    }

    /// Bytes per weight (low, high); 4-bit formats carry scales (NF4 with double
    /// quantization ≈ 4.13 bits, llama.cpp Q4_K_M ≈ 4.5 bits).
    pub fn weight_bytes(self) -> (f64, f64) {
        match self {
            Precision::Fp32 => (4.0, 4.0),
            Precision::Fp16 => (2.0, 2.0),
            Precision::Int8 => (1.0, 1.0),
            Precision::Int4 => (0.5, 0.5625),
            // E4M3 with one scale per tensor or per 128×128 block (DeepSeek-V3's FP8).
            Precision::Fp8 => (1.0, 1.0),
            // NVFP4: an FP8 scale per 16 values (4.5 bits); MXFP4: 8 bits per 32 (4.25).
            Precision::Fp4 => (0.53125, 0.5625),
        }
    }
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Precision {
    type Err = UnknownSlug;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Precision::from_slug(s).ok_or_else(|| UnknownSlug(s.to_string()))
    }
}

/// The parameter count a custom model starts with when chosen from a known one.
pub const DEFAULT_CUSTOM_PARAMS: u64 = 7_000_000_000;

/// Which model: a known one, a pasted `config.json`, or only a parameter count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModelChoice {
    /// A model with built-in size and shape.
    Known(KnownModel),
    /// A dense decoder-only transformer with this many parameters.
    Custom {
        /// Parameter count.
        params: u64,
    },
    /// A decoder-only transformer described by its `config.json` (pasted, or from a link):
    /// sized exactly as a library model of the same config ([`LlmConfig::spec`]).
    Config(LlmConfig),
}

/// Where a pasted config's sizes come from, as the recommendation cites it.
pub const PASTED_CONFIG_SOURCE: &str = "a pasted config.json, counted from its fields";

impl ModelChoice {
    /// The known model's slug, or `custom` (a link adds `params=` or `cfg=`).
    pub fn as_str(self) -> &'static str {
        match self {
            ModelChoice::Known(m) => m.as_str(),
            ModelChoice::Custom { .. } | ModelChoice::Config(_) => "custom",
        }
    }

    /// The choice with this slug; `custom` takes `custom_params` as its parameter count.
    pub fn from_slug(s: &str, custom_params: u64) -> Option<ModelChoice> {
        if s == "custom" {
            return Some(ModelChoice::Custom {
                params: custom_params,
            });
        }
        KnownModel::from_slug(s).map(ModelChoice::Known)
    }

    /// The custom parameter count, or [`DEFAULT_CUSTOM_PARAMS`] for a known model: what a
    /// switch to `custom` starts from.
    pub fn custom_params(self) -> u64 {
        match self {
            ModelChoice::Custom { params } => params,
            // The config's own count, so a switch to `custom` keeps the model's size.
            ModelChoice::Config(c) => (c.params().0.round() as u64).clamp(PARAMS.min, PARAMS.max),
            ModelChoice::Known(_) => DEFAULT_CUSTOM_PARAMS,
        }
    }

    /// The model's sizes: known, or inferred for the custom parameter count (clamped to
    /// [`PARAMS`], which [`Workload::validate`] reports when exceeded).
    pub fn spec(self) -> ModelSpec {
        match self {
            ModelChoice::Known(m) => m.spec(),
            ModelChoice::Custom { params } => {
                ModelSpec::custom(params.clamp(PARAMS.min, PARAMS.max) as f64)
            }
            ModelChoice::Config(c) => c.spec(PASTED_CONFIG_SOURCE),
        }
    }

    /// Display name (`Llama 3 8B`, `custom 7B-parameter model`).
    pub fn name(self) -> String {
        match self {
            ModelChoice::Known(m) => m.name().to_string(),
            ModelChoice::Custom { params } => {
                format!("custom {}-parameter model", short_count(params as f64))
            }
            ModelChoice::Config(c) => {
                format!("pasted {}-parameter config", short_count(c.params().0))
            }
        }
    }
}

/// `7B`, `340M`, `1.5T`.
pub(crate) fn short_count(n: f64) -> String {
    let (v, unit) = if n >= 1e12 {
        (n / 1e12, "T")
    } else if n >= 1e9 {
        (n / 1e9, "B")
    } else if n >= 1e6 {
        (n / 1e6, "M")
    } else if n >= 1e3 {
        (n / 1e3, "K")
    } else {
        (n, "")
    };
    let s = format!("{v:.1}");
    format!("{}{unit}", s.trim_end_matches(".0"))
}

/// How much data a training run reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrainingSize {
    /// Total tokens processed (transformers only).
    Tokens(u64),
    /// A dataset of `samples` read `epochs` times.
    Samples {
        /// Samples (sequences or images) in the dataset.
        samples: u64,
        /// Passes over the dataset.
        epochs: u32,
    },
}

impl TrainingSize {
    /// What the size counts.
    pub fn unit(&self) -> TrainingUnit {
        match self {
            TrainingSize::Tokens(_) => TrainingUnit::Tokens,
            TrainingSize::Samples { .. } => TrainingUnit::Samples,
        }
    }
}

/// What a training size counts: tokens, or samples × epochs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrainingUnit {
    /// Total tokens.
    Tokens,
    /// Samples × epochs.
    Samples,
}

impl TrainingUnit {
    /// Both units, in menu order.
    pub const ALL: [TrainingUnit; 2] = [TrainingUnit::Tokens, TrainingUnit::Samples];

    /// Stable slug: `tokens` or `samples`.
    pub fn as_str(self) -> &'static str {
        match self {
            TrainingUnit::Tokens => "tokens",
            TrainingUnit::Samples => "samples",
        }
    }

    /// The size a run takes when switched to this unit: 100 M tokens, or 100 K samples
    /// read once.
    pub fn starting_size(self) -> TrainingSize {
        match self {
            TrainingUnit::Tokens => TrainingSize::Tokens(100_000_000),
            TrainingUnit::Samples => TrainingSize::Samples {
                samples: 100_000,
                epochs: 1,
            },
        }
    }
}

slug_enum!(TrainingUnit);

/// The unit of a serving rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RateUnit {
    /// Requests per second.
    RequestsPerSecond,
    /// Generated (output) tokens per second, summed over all requests.
    TokensPerSecond,
}

impl RateUnit {
    /// Both units.
    pub const ALL: [RateUnit; 2] = [RateUnit::RequestsPerSecond, RateUnit::TokensPerSecond];

    /// Stable slug: `req-s` or `tok-s`.
    pub fn as_str(self) -> &'static str {
        match self {
            RateUnit::RequestsPerSecond => "req-s",
            RateUnit::TokensPerSecond => "tok-s",
        }
    }

    /// The rates accepted in this unit.
    pub fn limit(self) -> crate::limits::DecimalLimit {
        match self {
            RateUnit::RequestsPerSecond => REQUESTS_PER_SECOND,
            RateUnit::TokensPerSecond => TOKENS_PER_SECOND,
        }
    }
}

slug_enum!(RateUnit);

/// A sustained serving rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rate {
    /// Requests or tokens.
    pub unit: RateUnit,
    /// How many per second.
    pub per_second: Decimal,
}

impl Rate {
    /// The same rate in `unit`, converted at `output_tokens` per request (requests per
    /// second to thousandths, never below the smallest rate accepted).
    fn in_unit(self, unit: RateUnit, output_tokens: u32) -> Rate {
        if self.unit == unit {
            return self;
        }
        let out = Decimal::from(output_tokens.max(1));
        let per_second = match unit {
            RateUnit::TokensPerSecond => self.per_second * out,
            RateUnit::RequestsPerSecond => (self.per_second / out).round_dp(3),
        };
        Rate {
            unit,
            per_second: per_second.max(unit.limit().min()),
        }
    }
}

/// The size of one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RequestShape {
    /// Prompt tokens read (transformers; ignored for image models).
    pub input_tokens: u32,
    /// Tokens generated (decoders only; ignored for encoders and image models).
    pub output_tokens: u32,
}

/// An online serving target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ServingTarget {
    /// Sustained rate to serve.
    pub rate: Rate,
    /// Size of each request.
    pub shape: RequestShape,
    /// Longest acceptable time for one whole request, milliseconds.
    pub latency_ms: u32,
}

/// A batch inference job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BatchJob {
    /// Requests to process.
    pub requests: u64,
    /// Size of each request.
    pub shape: RequestShape,
}

/// What the GPUs will do, with how much of it: each task carries the size it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Task {
    /// Pre-training, fine-tuning, LoRA or QLoRA over a training size.
    Training {
        /// Which kind of training.
        kind: TrainingKind,
        /// How much data it reads.
        size: TrainingSize,
    },
    /// Online serving at a rate under a latency bound.
    Serving(ServingTarget),
    /// Batch inference over a number of requests.
    Batch(BatchJob),
}

impl Task {
    /// The task without its size.
    pub fn kind(&self) -> TaskKind {
        match self {
            Task::Training { kind, .. } => TaskKind::from(*kind),
            Task::Serving(_) => TaskKind::OnlineServing,
            Task::Batch(_) => TaskKind::BatchInference,
        }
    }

    /// The size of one request, for inference.
    pub fn shape(&self) -> Option<RequestShape> {
        match self {
            Task::Serving(s) => Some(s.shape),
            Task::Batch(b) => Some(b.shape),
            Task::Training { .. } => None,
        }
    }

    /// The size of one request, to change it, for inference.
    pub fn shape_mut(&mut self) -> Option<&mut RequestShape> {
        match self {
            Task::Serving(s) => Some(&mut s.shape),
            Task::Batch(b) => Some(&mut b.shape),
            Task::Training { .. } => None,
        }
    }
}

/// A workload as entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Workload {
    /// What the GPUs will do, and how much.
    pub task: Task,
    /// Which model.
    pub model: ModelChoice,
    /// Weight (and training arithmetic) precision.
    pub precision: Precision,
    /// Tokens per training sample; `None` uses the model's default (BERT 384, LLMs 2,048).
    pub seq_len: Option<u32>,
    /// Wall-clock hours the work must finish within, if any.
    pub deadline_hours: Option<Decimal>,
    /// What the user fixed beyond the model and its weights' precision (the KV cache's and
    /// the arithmetic's precision); the defaults are what links without them always meant.
    pub options: WorkloadOptions,
}

/// Choices a workload may fix beyond its task, model and weight precision. Each default is
/// the behaviour before the choice existed, so an old link keeps its meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WorkloadOptions {
    /// Precision of the KV cache (inference).
    pub kv_cache: KvPrecision,
    /// Precision of the arithmetic (inference): the tensor-core rate the GPU runs at.
    pub activations: ActPrecision,
    /// GPUs per serving replica the user settled on (tensor × pipeline), 1 to
    /// [`super::parallel::MAX_SERVING_GPUS`]; `None` lets the recommendation choose (the
    /// smallest power of two that holds the model and meets the latency bound).
    pub replica_gpus: Option<u32>,
    /// Most requests a replica decodes at once (the serving engine's `max_num_seqs`), 1 to
    /// [`super::throughput::MAX_BATCH`]; `None` takes the largest the KV cache and the latency
    /// bound allow.
    pub max_batch: Option<u32>,
    /// How a training run holds its state: LoRA rank, optimizer, ZeRO stage, CPU offload.
    pub fine_tune: FineTuneOptions,
}

/// Most LoRA rank a workload may name.
pub const MAX_LORA_RANK: u32 = 1024;

/// Training choices that change the memory a run needs. The defaults are the behaviour before
/// the choices existed: adapters over their whole range, AdamW with fp32 states, the model
/// state sharded over the GPUs (ZeRO-3/FSDP), nothing offloaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FineTuneOptions {
    /// LoRA/QLoRA rank on every linear layer (the QLoRA paper's setting); `None` plans the
    /// adapters over [`super::memory::LORA_FRACTION`].
    pub lora_rank: Option<u32>,
    /// The optimizer's state per trained parameter.
    pub optimizer: Optimizer,
    /// What data-parallel training shards over the GPUs.
    pub zero: ZeroStage,
    /// Optimizer states kept in host memory (DeepSpeed ZeRO-Offload).
    pub offload: Offload,
}

/// The optimizer's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Optimizer {
    /// AdamW with fp32 master weights and two fp32 moments: 12 bytes per trained parameter.
    #[default]
    AdamW,
    /// bitsandbytes 8-bit AdamW: fp32 master weights and two 8-bit moments, 6 bytes.
    Adam8bit,
    /// 8-bit AdamW whose states page to host memory at peaks (QLoRA's paged optimizer).
    PagedAdam8bit,
}

impl Optimizer {
    /// Every optimizer, default first.
    pub const ALL: [Optimizer; 3] = [
        Optimizer::AdamW,
        Optimizer::Adam8bit,
        Optimizer::PagedAdam8bit,
    ];

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            Optimizer::AdamW => "adamw",
            Optimizer::Adam8bit => "adam8bit",
            Optimizer::PagedAdam8bit => "paged8bit",
        }
    }

    /// Display label (a product name, the same in every language).
    pub fn label(self) -> &'static str {
        match self {
            Optimizer::AdamW => "AdamW",
            Optimizer::Adam8bit => "AdamW 8-bit",
            Optimizer::PagedAdam8bit => "Paged AdamW 8-bit",
        }
    }

    /// Bytes of optimizer state per trained parameter in mixed precision: fp32 master
    /// weights plus two moments, the moments in 8 bits for the 8-bit optimizers (Dettmers et
    /// al. 2022, "8-bit Optimizers via Block-wise Quantization", arXiv:2110.02861).
    pub fn state_bytes(self) -> f64 {
        match self {
            Optimizer::AdamW => 12.0,
            Optimizer::Adam8bit | Optimizer::PagedAdam8bit => 6.0,
        }
    }
}

slug_enum!(Optimizer);

/// What data-parallel training shards over its GPUs (Rajbhandari et al. 2020, "ZeRO",
/// arXiv:1910.02054).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum ZeroStage {
    /// Plain data parallelism: every GPU holds the whole model state.
    Zero0,
    /// Optimizer states sharded.
    Zero1,
    /// Optimizer states and gradients sharded.
    Zero2,
    /// Everything sharded (ZeRO-3, FSDP full sharding).
    #[default]
    Zero3,
}

impl ZeroStage {
    /// Every stage.
    pub const ALL: [ZeroStage; 4] = [
        ZeroStage::Zero0,
        ZeroStage::Zero1,
        ZeroStage::Zero2,
        ZeroStage::Zero3,
    ];

    /// Stable slug (`0` to `3`).
    pub fn as_str(self) -> &'static str {
        match self {
            ZeroStage::Zero0 => "0",
            ZeroStage::Zero1 => "1",
            ZeroStage::Zero2 => "2",
            ZeroStage::Zero3 => "3",
        }
    }
}

slug_enum!(ZeroStage);

/// Where optimizer states live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Offload {
    /// In GPU memory.
    #[default]
    None,
    /// In host memory (ZeRO-Offload): no optimizer state on the GPU.
    Optimizer,
}

impl Offload {
    /// Both choices.
    pub const ALL: [Offload; 2] = [Offload::None, Offload::Optimizer];

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            Offload::None => "none",
            Offload::Optimizer => "optimizer",
        }
    }
}

slug_enum!(Offload);

/// Precision of the cached keys and values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum KvPrecision {
    /// 16-bit (BF16/FP16): every serving engine's default.
    #[default]
    Bf16,
    /// 8-bit floating point (vLLM/SGLang `kv_cache_dtype=fp8`).
    Fp8,
    /// 8-bit integer (TensorRT-LLM INT8 KV cache, LMDeploy `quant_policy=8`).
    Int8,
    /// 4-bit (LMDeploy `quant_policy=4`, TensorRT-LLM NVFP4 KV cache).
    Int4,
}

impl KvPrecision {
    /// Every KV cache precision, widest first.
    pub const ALL: [KvPrecision; 4] = [
        KvPrecision::Bf16,
        KvPrecision::Fp8,
        KvPrecision::Int8,
        KvPrecision::Int4,
    ];

    /// Stable slug (`bf16`, `fp8`, `int8`, `int4`).
    pub fn as_str(self) -> &'static str {
        match self {
            KvPrecision::Bf16 => "bf16",
            KvPrecision::Fp8 => "fp8",
            KvPrecision::Int8 => "int8",
            KvPrecision::Int4 => "int4",
        }
    }

    /// Display label.
    pub fn label(self) -> &'static str {
        match self {
            KvPrecision::Bf16 => "BF16",
            KvPrecision::Fp8 => "FP8",
            KvPrecision::Int8 => "INT8",
            KvPrecision::Int4 => "INT4/FP4",
        }
    }

    /// Bytes per cached value (the scales of 8- and 4-bit caches are per head or block, and
    /// left out).
    pub fn bytes(self) -> f64 {
        match self {
            KvPrecision::Bf16 => 2.0,
            KvPrecision::Fp8 | KvPrecision::Int8 => 1.0,
            KvPrecision::Int4 => 0.5,
        }
    }
}

slug_enum!(KvPrecision);

/// Precision of the arithmetic: which tensor-core rate the GPU's work runs at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum ActPrecision {
    /// As the weights suggest: 16-bit arithmetic for 16- and 4-bit integer weights (which are
    /// dequantized), 8-bit for INT8 and FP8, FP8 for FP4 weights.
    #[default]
    Auto,
    /// 16-bit activations whatever the weights (weight-only quantization: W8A16, W4A16).
    Bf16,
    /// FP8 activations (W8A8-FP8, W4A8), where the GPU has FP8 tensor cores.
    Fp8,
    /// INT8 activations (W8A8-INT8, SmoothQuant).
    Int8,
}

impl ActPrecision {
    /// Every choice, default first.
    pub const ALL: [ActPrecision; 4] = [
        ActPrecision::Auto,
        ActPrecision::Bf16,
        ActPrecision::Fp8,
        ActPrecision::Int8,
    ];

    /// Stable slug (`auto`, `bf16`, `fp8`, `int8`).
    pub fn as_str(self) -> &'static str {
        match self {
            ActPrecision::Auto => "auto",
            ActPrecision::Bf16 => "bf16",
            ActPrecision::Fp8 => "fp8",
            ActPrecision::Int8 => "int8",
        }
    }

    /// The precision whose tensor-core rate the work runs at, with weights of `weights`.
    pub fn compute(self, weights: Precision) -> Precision {
        match (self, weights) {
            (ActPrecision::Auto, Precision::Fp4) => Precision::Fp8,
            (ActPrecision::Auto, w) => w,
            (ActPrecision::Bf16, Precision::Fp32) => Precision::Fp32,
            (ActPrecision::Bf16, _) => Precision::Fp16,
            (ActPrecision::Fp8, _) => Precision::Fp8,
            (ActPrecision::Int8, _) => Precision::Int8,
        }
    }
}

slug_enum!(ActPrecision);

/// A workload that passed [`Workload::validate`], with its model resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ValidWorkload {
    workload: Workload,
    spec: ModelSpec,
    seq_len: u32,
}

impl Workload {
    /// The starting workload for a task, chosen to be a common case of it.
    pub fn for_task(task: TaskKind) -> Workload {
        let shape = RequestShape {
            input_tokens: 512,
            output_tokens: 256,
        };
        let training = |kind, size| Task::Training { kind, size };
        let (model, precision, task) = match task {
            TaskKind::PreTraining => (
                KnownModel::Llama3_8b,
                Precision::Fp16,
                training(
                    TrainingKind::PreTraining,
                    TrainingSize::Tokens(20_000_000_000),
                ),
            ),
            TaskKind::FullFineTune => (
                KnownModel::BertLarge,
                Precision::Fp16,
                training(
                    TrainingKind::FullFineTune,
                    TrainingSize::Samples {
                        samples: 88_000,
                        epochs: 2,
                    },
                ),
            ),
            TaskKind::Lora => (
                KnownModel::Llama3_8b,
                Precision::Fp16,
                training(TrainingKind::Lora, TrainingSize::Tokens(100_000_000)),
            ),
            TaskKind::Qlora => (
                KnownModel::Llama3_70b,
                Precision::Int4,
                training(TrainingKind::Qlora, TrainingSize::Tokens(50_000_000)),
            ),
            TaskKind::OnlineServing => (
                KnownModel::Llama3_8b,
                Precision::Fp16,
                Task::Serving(ServingTarget {
                    rate: Rate {
                        unit: RateUnit::RequestsPerSecond,
                        per_second: Decimal::from(10),
                    },
                    shape,
                    latency_ms: 5_000,
                }),
            ),
            TaskKind::BatchInference => (
                KnownModel::Llama3_8b,
                Precision::Fp16,
                Task::Batch(BatchJob {
                    requests: 1_000_000,
                    shape,
                }),
            ),
        };
        Workload {
            task,
            model: ModelChoice::Known(model),
            precision,
            seq_len: None,
            deadline_hours: None,
            options: WorkloadOptions::default(),
        }
    }

    /// What the GPUs will do, without how much.
    pub fn kind(&self) -> TaskKind {
        self.task.kind()
    }

    /// The same workload with another model, its sizes adjusted to what the model can do:
    /// image models train on samples and serve requests, prompts fit the context.
    ///
    /// # Errors
    /// What still does not fit.
    pub fn with_model(&self, model: ModelChoice) -> Result<Workload, Vec<WorkloadError>> {
        let spec = model.spec();
        let mut n = Workload { model, ..*self };
        if !spec.arch.is_token_model() {
            if let Task::Training { size, .. } = &mut n.task {
                if size.unit() == TrainingUnit::Tokens {
                    *size = TrainingUnit::Samples.starting_size();
                }
            }
        }
        if let Some(t) = spec.arch.transformer() {
            let max = t.max_context;
            if n.seq_len.is_some_and(|s| s > max) {
                n.seq_len = None;
            }
            let generates = spec.arch.generates_tokens();
            if let Some(shape) = n.task.shape_mut() {
                if generates {
                    shape.output_tokens = shape.output_tokens.max(1);
                    if shape.input_tokens + shape.output_tokens > max {
                        shape.input_tokens = shape.input_tokens.min(max / 2).max(1);
                        shape.output_tokens = shape.output_tokens.min(max - shape.input_tokens);
                    }
                } else {
                    shape.input_tokens = shape.input_tokens.min(max);
                }
            }
        }
        if let Task::Serving(s) = &mut n.task {
            if !spec.arch.generates_tokens() {
                s.rate = s
                    .rate
                    .in_unit(RateUnit::RequestsPerSecond, s.shape.output_tokens);
            }
        }
        n.validate().map(|_| n)
    }

    /// The same workload switched to `task`: the task's default sizes, keeping the chosen
    /// model — and its precision, when the task allows it — wherever the new task can use
    /// them, so changing what the GPUs do does not forget which model they do it with.
    pub fn with_task(&self, task: TaskKind) -> Workload {
        if self.kind() == task {
            return *self;
        }
        let fresh = Workload::for_task(task);
        let Ok(kept) = fresh.with_model(self.model) else {
            return fresh;
        };
        let same_precision = Workload {
            precision: self.precision,
            ..kept
        };
        if task.allows(self.precision) && same_precision.validate().is_ok() {
            same_precision
        } else {
            kept
        }
    }

    /// The same workload with its training size counted in `unit`
    /// ([`TrainingUnit::starting_size`] when it changes); other tasks are unchanged.
    pub fn with_training_unit(&self, unit: TrainingUnit) -> Workload {
        let mut n = *self;
        if let Task::Training { size, .. } = &mut n.task {
            if size.unit() != unit {
                *size = unit.starting_size();
            }
        }
        n
    }

    /// The same workload with its serving rate in `unit`, converted at the request's output
    /// length; other tasks are unchanged.
    pub fn with_rate_unit(&self, unit: RateUnit) -> Workload {
        let mut n = *self;
        if let Task::Serving(s) = &mut n.task {
            s.rate = s.rate.in_unit(unit, s.shape.output_tokens);
        }
        n
    }

    /// Checks the workload.
    ///
    /// # Errors
    /// Every problem found, in form order.
    pub fn validate(self) -> Result<ValidWorkload, Vec<WorkloadError>> {
        let mut errors = Vec::new();
        match self.model {
            ModelChoice::Custom { params } if !PARAMS.contains(params) => {
                errors.push(WorkloadError::CustomParams);
            }
            ModelChoice::Config(c) => {
                if let Some(limit) = c.out_of_range() {
                    errors.push(WorkloadError::ModelConfig(limit));
                } else if !(PARAMS.min as f64..=PARAMS.max as f64).contains(&c.params().0) {
                    errors.push(WorkloadError::CustomParams);
                }
            }
            _ => {}
        }
        let spec = self.model.spec();
        let kind = self.kind();
        if !kind.allows(self.precision) {
            errors.push(WorkloadError::PrecisionNotForTask {
                task: kind,
                precision: self.precision,
            });
        }
        let max_context = spec.arch.transformer().map(|t| t.max_context);
        let seq_len = self.seq_len.unwrap_or(spec.default_seq_len);
        if let (Some(max), true) = (max_context, kind.is_training()) {
            if !(SEQ_LEN.min..=max).contains(&seq_len) {
                errors.push(WorkloadError::SeqLenOutOfRange { max });
            }
        }
        match self.task {
            Task::Training {
                size: TrainingSize::Tokens(t),
                ..
            } => {
                if !spec.arch.is_token_model() {
                    errors.push(WorkloadError::TokensNeedTokenModel);
                }
                if !TRAINING_TOKENS.contains(t) {
                    errors.push(WorkloadError::TrainingSizeOutOfRange);
                }
            }
            Task::Training {
                size: TrainingSize::Samples { samples, epochs },
                ..
            } => {
                let tokens = if spec.arch.is_token_model() {
                    (samples as f64) * f64::from(epochs) * f64::from(seq_len)
                } else {
                    0.0
                };
                if !SAMPLES.contains(samples)
                    || !EPOCHS.contains(epochs)
                    || tokens > TRAINING_TOKENS.max as f64
                {
                    errors.push(WorkloadError::TrainingSizeOutOfRange);
                }
            }
            Task::Serving(s) => {
                if !s.rate.unit.limit().in_range(s.rate.per_second) {
                    errors.push(WorkloadError::RateOutOfRange);
                }
                if s.rate.unit == RateUnit::TokensPerSecond && !spec.arch.generates_tokens() {
                    errors.push(WorkloadError::TokenRateNeedsDecoder);
                }
                check_shape(&spec, s.shape, &mut errors);
                if !LATENCY_MS.contains(s.latency_ms) {
                    errors.push(WorkloadError::LatencyOutOfRange);
                }
            }
            Task::Batch(b) => {
                if !BATCH_REQUESTS.contains(b.requests) {
                    errors.push(WorkloadError::RequestsOutOfRange);
                }
                check_shape(&spec, b.shape, &mut errors);
            }
        }
        if let Some(d) = self.deadline_hours {
            if !DEADLINE_HOURS.in_range(d) {
                errors.push(WorkloadError::DeadlineOutOfRange);
            }
        }
        let o = self.options;
        if o.replica_gpus
            .is_some_and(|g| !(1..=MAX_SERVING_GPUS).contains(&g))
            || o.max_batch.is_some_and(|b| !(1..=MAX_BATCH).contains(&b))
        {
            errors.push(WorkloadError::ReplicaOutOfRange);
        }
        if o.fine_tune
            .lora_rank
            .is_some_and(|r| !(1..=MAX_LORA_RANK).contains(&r))
        {
            errors.push(WorkloadError::LoraRankOutOfRange);
        }
        if errors.is_empty() {
            Ok(ValidWorkload {
                workload: self,
                spec,
                seq_len,
            })
        } else {
            Err(errors)
        }
    }
}

fn check_shape(spec: &ModelSpec, shape: RequestShape, errors: &mut Vec<WorkloadError>) {
    let Some(t) = spec.arch.transformer() else {
        return;
    };
    let max = t.max_context;
    if !(INPUT_TOKENS.min..=max).contains(&shape.input_tokens) {
        errors.push(WorkloadError::InputTokensOutOfRange { max });
    }
    if spec.arch.generates_tokens()
        && (shape.output_tokens == 0
            || u64::from(shape.input_tokens) + u64::from(shape.output_tokens) > u64::from(max))
    {
        errors.push(WorkloadError::OutputTokensOutOfRange { max });
    }
}

impl ValidWorkload {
    /// The workload as entered.
    pub fn workload(&self) -> &Workload {
        &self.workload
    }

    /// The model's sizes (known, or inferred for a custom parameter count).
    pub fn spec(&self) -> &ModelSpec {
        &self.spec
    }

    /// Tokens per training sample (the workload's, or the model's default); 1 for image models.
    pub fn seq_len(&self) -> u32 {
        if self.spec.arch.is_token_model() {
            self.seq_len
        } else {
            1
        }
    }

    /// The task.
    pub fn task(&self) -> TaskKind {
        self.workload.kind()
    }

    /// The precision.
    pub fn precision(&self) -> Precision {
        self.workload.precision
    }

    /// The precision the arithmetic runs at (see [`ActPrecision::compute`]).
    pub fn compute_precision(&self) -> Precision {
        self.workload
            .options
            .activations
            .compute(self.workload.precision)
    }

    /// Bytes per cached key/value element.
    pub fn kv_bytes(&self) -> f64 {
        self.workload.options.kv_cache.bytes()
    }

    /// The deadline in hours, if any.
    pub fn deadline_hours(&self) -> Option<f64> {
        self.workload.deadline_hours.and_then(|d| d.to_f64())
    }

    /// The same workload at another precision, if the task allows it.
    pub fn with_precision(&self, precision: Precision) -> Option<ValidWorkload> {
        Workload {
            precision,
            ..self.workload
        }
        .validate()
        .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve(model: ModelChoice, rate: Rate) -> Workload {
        Workload {
            task: Task::Serving(ServingTarget {
                rate,
                shape: RequestShape {
                    input_tokens: 512,
                    output_tokens: 256,
                },
                latency_ms: 10_000,
            }),
            model,
            precision: Precision::Fp16,
            seq_len: None,
            deadline_hours: None,
            options: Default::default(),
        }
    }

    fn default_serving() -> Workload {
        Workload::for_task(TaskKind::OnlineServing)
    }

    #[test]
    fn slugs_round_trip() {
        for t in TaskKind::ALL {
            assert_eq!(t.as_str().parse::<TaskKind>(), Ok(t));
        }
        for p in Precision::ALL {
            assert_eq!(p.as_str().parse::<Precision>(), Ok(p));
        }
        for u in RateUnit::ALL {
            assert_eq!(RateUnit::from_slug(u.as_str()), Some(u));
        }
        for u in TrainingUnit::ALL {
            assert_eq!(TrainingUnit::from_slug(u.as_str()), Some(u));
        }
        assert_eq!(Precision::from_slug("bf16"), Some(Precision::Fp16));
        assert!("train".parse::<TaskKind>().is_err());
        let m = ModelChoice::Known(KnownModel::GptJ6b);
        assert_eq!(ModelChoice::from_slug(m.as_str(), 0), Some(m));
        assert_eq!(
            ModelChoice::from_slug("custom", 7),
            Some(ModelChoice::Custom { params: 7 })
        );
    }

    #[test]
    fn every_task_default_is_a_valid_workload_of_that_task() {
        for task in TaskKind::ALL {
            let w = Workload::for_task(task);
            assert_eq!(w.kind(), task);
            assert_eq!(task.training().is_some(), task.is_training(), "{task:?}");
            assert!(w.validate().is_ok(), "{}", task.as_str());
        }
    }

    #[test]
    fn a_sensible_serving_workload_is_valid() {
        let w = serve(
            ModelChoice::Known(KnownModel::Llama3_8b),
            Rate {
                unit: RateUnit::RequestsPerSecond,
                per_second: Decimal::from(5),
            },
        );
        assert!(w.validate().is_ok());
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let mut w = serve(
            ModelChoice::Known(KnownModel::ResNet50),
            Rate {
                unit: RateUnit::TokensPerSecond,
                per_second: Decimal::ZERO,
            },
        );
        w.precision = Precision::Int4;
        w.deadline_hours = Some(Decimal::NEGATIVE_ONE);
        let errors = w.validate().unwrap_err();
        for expected in [
            WorkloadError::RateOutOfRange,
            WorkloadError::TokenRateNeedsDecoder,
            WorkloadError::DeadlineOutOfRange,
        ] {
            assert!(
                errors.contains(&expected),
                "missing {expected:?} in {errors:?}"
            );
        }
        let mut qlora = Workload::for_task(TaskKind::Qlora);
        qlora.precision = Precision::Fp16;
        qlora.deadline_hours = Some(Decimal::ZERO);
        assert_eq!(
            qlora.validate().unwrap_err(),
            vec![
                WorkloadError::PrecisionNotForTask {
                    task: TaskKind::Qlora,
                    precision: Precision::Fp16,
                },
                WorkloadError::DeadlineOutOfRange,
            ]
        );
    }

    #[test]
    fn tokens_make_no_sense_for_an_image_model() {
        let w = Workload {
            task: Task::Training {
                kind: TrainingKind::FullFineTune,
                size: TrainingSize::Tokens(1_000_000),
            },
            model: ModelChoice::Known(KnownModel::ResNet50),
            precision: Precision::Fp16,
            seq_len: None,
            deadline_hours: None,
            options: Default::default(),
        };
        assert_eq!(
            w.validate().unwrap_err(),
            vec![WorkloadError::TokensNeedTokenModel]
        );
    }

    #[test]
    fn a_prompt_longer_than_the_context_is_refused() {
        let mut w = serve(
            ModelChoice::Known(KnownModel::GptJ6b),
            Rate {
                unit: RateUnit::RequestsPerSecond,
                per_second: Decimal::ONE,
            },
        );
        if let Some(shape) = w.task.shape_mut() {
            shape.input_tokens = 2000;
            shape.output_tokens = 100;
        }
        assert_eq!(
            w.validate().unwrap_err(),
            vec![WorkloadError::OutputTokensOutOfRange { max: 2048 }]
        );
    }

    #[test]
    fn custom_parameter_counts_are_bounded() {
        let w = serve(
            ModelChoice::Custom { params: 10 },
            Rate {
                unit: RateUnit::RequestsPerSecond,
                per_second: Decimal::ONE,
            },
        );
        assert_eq!(w.validate().unwrap_err(), vec![WorkloadError::CustomParams]);
    }

    #[test]
    fn changing_the_task_keeps_the_model_and_precision_where_the_task_can_use_them() {
        let serving_70b_int8 = Workload {
            precision: Precision::Int8,
            ..default_serving()
                .with_model(ModelChoice::Known(KnownModel::Llama3_70b))
                .unwrap()
        };
        let lora = serving_70b_int8.with_task(TaskKind::Lora);
        assert_eq!(lora.model, ModelChoice::Known(KnownModel::Llama3_70b));
        assert_eq!(lora.task, Workload::for_task(TaskKind::Lora).task);
        assert_eq!(
            lora.precision,
            if TaskKind::Lora.allows(Precision::Int8) {
                Precision::Int8
            } else {
                Workload::for_task(TaskKind::Lora).precision
            }
        );
        // Every model from every task to every task: a valid workload, with the model kept
        // whenever the new task's defaults accept it.
        for from in TaskKind::ALL {
            for m in KnownModel::ALL {
                let Ok(w) = Workload::for_task(from).with_model(ModelChoice::Known(m)) else {
                    continue;
                };
                for to in TaskKind::ALL {
                    let n = w.with_task(to);
                    assert_eq!(n.kind(), to);
                    assert!(n.validate().is_ok(), "{from:?} {m:?} -> {to:?}");
                    let usable = Workload::for_task(to)
                        .with_model(ModelChoice::Known(m))
                        .is_ok();
                    assert_eq!(
                        n.model == ModelChoice::Known(m),
                        usable || from == to,
                        "{from:?} {m:?} -> {to:?}"
                    );
                    assert!(to.allows(n.precision), "{from:?} {m:?} -> {to:?}");
                }
            }
        }
    }

    #[test]
    fn changing_the_model_repairs_what_it_cannot_do() {
        let mut w = default_serving().with_rate_unit(RateUnit::TokensPerSecond);
        let Task::Serving(s) = w.task else {
            panic!("still serving")
        };
        assert_eq!(
            s.rate.per_second,
            Decimal::from(2560),
            "10 req/s × 256 tokens"
        );
        w = w
            .with_model(ModelChoice::Known(KnownModel::ResNet50))
            .unwrap();
        let Task::Serving(s) = w.task else {
            panic!("still serving")
        };
        assert_eq!(s.rate.unit, RateUnit::RequestsPerSecond);
        let train = Workload::for_task(TaskKind::PreTraining)
            .with_model(ModelChoice::Known(KnownModel::ResNet50))
            .unwrap();
        assert!(matches!(
            train.task,
            Task::Training {
                size: TrainingSize::Samples { .. },
                ..
            }
        ));
        let gptj = default_serving()
            .with_model(ModelChoice::Known(KnownModel::GptJ6b))
            .unwrap();
        assert!(gptj.validate().is_ok());
    }

    #[test]
    fn a_training_size_switches_between_tokens_and_samples() {
        let w = Workload::for_task(TaskKind::PreTraining);
        let samples = w.with_training_unit(TrainingUnit::Samples);
        assert_eq!(
            samples.task,
            Task::Training {
                kind: TrainingKind::PreTraining,
                size: TrainingUnit::Samples.starting_size(),
            }
        );
        assert_eq!(samples.with_training_unit(TrainingUnit::Samples), samples);
        let tokens = samples.with_training_unit(TrainingUnit::Tokens);
        assert_eq!(
            tokens.task,
            Task::Training {
                kind: TrainingKind::PreTraining,
                size: TrainingSize::Tokens(100_000_000),
            }
        );
        assert_eq!(
            default_serving().with_training_unit(TrainingUnit::Samples),
            default_serving()
        );
    }

    #[test]
    fn unavailable_precisions_come_with_a_reason() {
        assert_eq!(TaskKind::OnlineServing.precision_hint(), None);
        assert_eq!(TaskKind::BatchInference.precision_hint(), None);
        assert_eq!(
            TaskKind::Qlora.precision_hint(),
            Some(PrecisionHint {
                unavailable: vec![
                    Precision::Fp32,
                    Precision::Fp16,
                    Precision::Fp8,
                    Precision::Int8,
                    Precision::Fp4
                ],
                reason: PrecisionReason::QloraTrainsOnFourBits,
            })
        );
        assert_eq!(
            TaskKind::PreTraining.precision_hint(),
            Some(PrecisionHint {
                unavailable: vec![
                    Precision::Fp8,
                    Precision::Int8,
                    Precision::Fp4,
                    Precision::Int4
                ],
                reason: PrecisionReason::TrainingNeedsFloats,
            })
        );
        assert_eq!(
            TaskKind::Lora.precision_hint().map(|h| h.reason),
            Some(PrecisionReason::LoraKeepsEightOrSixteenBits)
        );
    }

    #[test]
    fn short_counts_read_naturally() {
        assert_eq!(short_count(7e9), "7B");
        assert_eq!(short_count(340e6), "340M");
        assert_eq!(short_count(1.5e12), "1.5T");
    }
}
