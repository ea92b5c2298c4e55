//! What a person wants to run: the task, the model, its precision and how much work.
//!
//! A [`Workload`] is plain data (every field public, every mode an enum with a stable slug,
//! so the page can keep it in the URL). [`Workload::validate`] checks it and returns a
//! [`ValidWorkload`], the only input the recommendation accepts, or every problem found as a
//! [`WorkloadError`] with English and Chinese messages.

use std::fmt;
use std::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::error::WorkloadError;
use super::ml_models::{KnownModel, ModelSpec};

/// A slug that names no value of the enum it was parsed as.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown value {0:?}")]
pub struct UnknownSlug(pub String);

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
}

slug_enum!(TaskKind);

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
}

impl Precision {
    /// Every precision, widest first.
    pub const ALL: [Precision; 4] = [
        Precision::Fp32,
        Precision::Fp16,
        Precision::Int8,
        Precision::Int4,
    ];

    /// Stable slug (`fp32`, `fp16`, `int8`, `int4`); [`Precision::from_slug`] also takes `bf16`.
    pub fn as_str(self) -> &'static str {
        match self {
            Precision::Fp32 => "fp32",
            Precision::Fp16 => "fp16",
            Precision::Int8 => "int8",
            Precision::Int4 => "int4",
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

/// Which model: a known one, or only a parameter count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModelChoice {
    /// A model with built-in size and shape.
    Known(KnownModel),
    /// A dense decoder-only transformer with this many parameters.
    Custom {
        /// Parameter count.
        params: u64,
    },
}

impl ModelChoice {
    /// The known model's slug, or `custom`.
    pub fn as_str(self) -> &'static str {
        match self {
            ModelChoice::Known(m) => m.as_str(),
            ModelChoice::Custom { .. } => "custom",
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

    /// Display name (`Llama 3 8B`, `custom 7B-parameter model`).
    pub fn name(self) -> String {
        match self {
            ModelChoice::Known(m) => m.name().to_string(),
            ModelChoice::Custom { params } => {
                format!("custom {}-parameter model", short_count(params as f64))
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
    /// Stable slug of the kind: `tokens` or `samples`.
    pub fn kind_str(&self) -> &'static str {
        match self {
            TrainingSize::Tokens(_) => "tokens",
            TrainingSize::Samples { .. } => "samples",
        }
    }
}

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

/// How much work: a training size, a serving target or a batch job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WorkSize {
    /// For pre-training, fine-tuning, LoRA and QLoRA.
    Training(TrainingSize),
    /// For online serving.
    Serving(ServingTarget),
    /// For batch inference.
    Batch(BatchJob),
}

/// A workload as entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Workload {
    /// What the GPUs will do.
    pub task: TaskKind,
    /// Which model.
    pub model: ModelChoice,
    /// Weight (and training arithmetic) precision.
    pub precision: Precision,
    /// Tokens per training sample; `None` uses the model's default (BERT 384, LLMs 2,048).
    pub seq_len: Option<u32>,
    /// How much work.
    pub size: WorkSize,
    /// Wall-clock hours the work must finish within, if any.
    pub deadline_hours: Option<Decimal>,
}

/// Largest custom model, parameters.
pub const MAX_PARAMS: u64 = 2_000_000_000_000;
/// Smallest custom model, parameters.
pub const MIN_PARAMS: u64 = 1_000_000;
/// Largest training size, tokens.
pub const MAX_TOKENS: u64 = 100_000_000_000_000;
/// Largest dataset, samples.
pub const MAX_SAMPLES: u64 = 1_000_000_000_000;
/// Most epochs.
pub const MAX_EPOCHS: u32 = 1000;
/// Largest serving rate, requests per second.
pub const MAX_REQUESTS_PER_SECOND: u32 = 1_000_000;
/// Largest serving rate, tokens per second.
pub const MAX_TOKENS_PER_SECOND: u32 = 100_000_000;
/// Longest latency bound, milliseconds (ten minutes).
pub const MAX_LATENCY_MS: u32 = 600_000;
/// Largest batch job, requests.
pub const MAX_REQUESTS: u64 = 1_000_000_000_000;
/// Longest deadline, hours (ten years).
pub const MAX_DEADLINE_HOURS: u32 = 87_600;

/// A workload that passed [`Workload::validate`], with its model resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ValidWorkload {
    workload: Workload,
    spec: ModelSpec,
    seq_len: u32,
}

impl Workload {
    /// Checks the workload.
    ///
    /// # Errors
    /// Every problem found, in form order.
    pub fn validate(self) -> Result<ValidWorkload, Vec<WorkloadError>> {
        let mut errors = Vec::new();
        let spec = match self.model {
            ModelChoice::Known(m) => m.spec(),
            ModelChoice::Custom { params } => {
                if !(MIN_PARAMS..=MAX_PARAMS).contains(&params) {
                    errors.push(WorkloadError::CustomParams);
                }
                ModelSpec::custom(params.clamp(MIN_PARAMS, MAX_PARAMS) as f64)
            }
        };
        if !self.task.allows(self.precision) {
            errors.push(WorkloadError::PrecisionNotForTask {
                task: self.task,
                precision: self.precision,
            });
        }
        let max_context = spec.arch.transformer().map(|t| t.max_context);
        let seq_len = self.seq_len.unwrap_or(spec.default_seq_len);
        if let (Some(max), true) = (max_context, self.task.is_training()) {
            if seq_len == 0 || seq_len > max {
                errors.push(WorkloadError::SeqLenOutOfRange { max });
            }
        }
        let size_fits = match self.size {
            WorkSize::Training(_) => self.task.is_training(),
            WorkSize::Serving(_) => self.task == TaskKind::OnlineServing,
            WorkSize::Batch(_) => self.task == TaskKind::BatchInference,
        };
        if !size_fits {
            errors.push(WorkloadError::SizeNotForTask { task: self.task });
        }
        match self.size {
            WorkSize::Training(TrainingSize::Tokens(t)) => {
                if !spec.arch.is_token_model() {
                    errors.push(WorkloadError::TokensNeedTokenModel);
                }
                if t == 0 || t > MAX_TOKENS {
                    errors.push(WorkloadError::TrainingSizeOutOfRange);
                }
            }
            WorkSize::Training(TrainingSize::Samples { samples, epochs }) => {
                let tokens = if spec.arch.is_token_model() {
                    (samples as f64) * f64::from(epochs) * f64::from(seq_len)
                } else {
                    0.0
                };
                if samples == 0
                    || samples > MAX_SAMPLES
                    || epochs == 0
                    || epochs > MAX_EPOCHS
                    || tokens > MAX_TOKENS as f64
                {
                    errors.push(WorkloadError::TrainingSizeOutOfRange);
                }
            }
            WorkSize::Serving(s) => {
                let max = match s.rate.unit {
                    RateUnit::RequestsPerSecond => MAX_REQUESTS_PER_SECOND,
                    RateUnit::TokensPerSecond => MAX_TOKENS_PER_SECOND,
                };
                if s.rate.per_second < Decimal::new(1, 3) || s.rate.per_second > Decimal::from(max)
                {
                    errors.push(WorkloadError::RateOutOfRange);
                }
                if s.rate.unit == RateUnit::TokensPerSecond && !spec.arch.generates_tokens() {
                    errors.push(WorkloadError::TokenRateNeedsDecoder);
                }
                check_shape(&spec, s.shape, &mut errors);
                if s.latency_ms == 0 || s.latency_ms > MAX_LATENCY_MS {
                    errors.push(WorkloadError::LatencyOutOfRange);
                }
            }
            WorkSize::Batch(b) => {
                if b.requests == 0 || b.requests > MAX_REQUESTS {
                    errors.push(WorkloadError::RequestsOutOfRange);
                }
                check_shape(&spec, b.shape, &mut errors);
            }
        }
        if let Some(d) = self.deadline_hours {
            if d <= Decimal::ZERO || d > Decimal::from(MAX_DEADLINE_HOURS) {
                errors.push(WorkloadError::DeadlineOutOfRange);
            }
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
    if shape.input_tokens == 0 || shape.input_tokens > max {
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
        self.workload.task
    }

    /// The precision.
    pub fn precision(&self) -> Precision {
        self.workload.precision
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
            task: TaskKind::OnlineServing,
            model,
            precision: Precision::Fp16,
            seq_len: None,
            size: WorkSize::Serving(ServingTarget {
                rate,
                shape: RequestShape {
                    input_tokens: 512,
                    output_tokens: 256,
                },
                latency_ms: 10_000,
            }),
            deadline_hours: None,
        }
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
        w.task = TaskKind::Qlora;
        w.deadline_hours = Some(Decimal::NEGATIVE_ONE);
        let errors = w.validate().unwrap_err();
        for expected in [
            WorkloadError::PrecisionNotForTask {
                task: TaskKind::Qlora,
                precision: Precision::Fp16,
            },
            WorkloadError::SizeNotForTask {
                task: TaskKind::Qlora,
            },
            WorkloadError::RateOutOfRange,
            WorkloadError::TokenRateNeedsDecoder,
            WorkloadError::DeadlineOutOfRange,
        ] {
            assert!(
                errors.contains(&expected),
                "missing {expected:?} in {errors:?}"
            );
        }
    }

    #[test]
    fn tokens_make_no_sense_for_an_image_model() {
        let w = Workload {
            task: TaskKind::FullFineTune,
            model: ModelChoice::Known(KnownModel::ResNet50),
            precision: Precision::Fp16,
            seq_len: None,
            size: WorkSize::Training(TrainingSize::Tokens(1_000_000)),
            deadline_hours: None,
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
        if let WorkSize::Serving(s) = &mut w.size {
            s.shape.input_tokens = 2000;
            s.shape.output_tokens = 100;
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
    fn short_counts_read_naturally() {
        assert_eq!(short_count(7e9), "7B");
        assert_eq!(short_count(340e6), "340M");
        assert_eq!(short_count(1.5e12), "1.5T");
    }
}
