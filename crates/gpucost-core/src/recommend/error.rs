//! Why a workload cannot be estimated, as data; the words a person can act on are in
//! [`super::words`].

use std::fmt;

use crate::format::Lang;

use super::workload::{Precision, TaskKind};

/// One problem with a [`super::Workload`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WorkloadError {
    /// A custom parameter count outside [`PARAMS`].
    CustomParams,
    /// The precision does not suit the task (e.g. QLoRA needs 4-bit weights).
    PrecisionNotForTask {
        /// The task.
        task: TaskKind,
        /// The precision given.
        precision: Precision,
    },
    /// The training sequence length is zero or longer than the model's context.
    SeqLenOutOfRange {
        /// The model's context length.
        max: u32,
    },
    /// A training size given in tokens for an image model.
    TokensNeedTokenModel,
    /// Zero or too many tokens, samples or epochs.
    TrainingSizeOutOfRange,
    /// A serving rate below 0.001 per second or too large.
    RateOutOfRange,
    /// A tokens-per-second rate for a model that generates no tokens.
    TokenRateNeedsDecoder,
    /// Prompt length zero or longer than the context.
    InputTokensOutOfRange {
        /// The model's context length.
        max: u32,
    },
    /// Output length zero, or prompt plus output longer than the context.
    OutputTokensOutOfRange {
        /// The model's context length.
        max: u32,
    },
    /// A latency bound of zero or above [`LATENCY_MS`].
    LatencyOutOfRange,
    /// A batch job of zero or too many requests.
    RequestsOutOfRange,
    /// A deadline that is not positive or above [`DEADLINE_HOURS`].
    DeadlineOutOfRange,
    /// GPUs per replica outside 1–64, or a batch outside 1–512.
    ReplicaOutOfRange,
    /// A LoRA rank outside 1–1,024.
    LoraRankOutOfRange,
    /// A number of a pasted or linked model config outside its limit.
    ModelConfig(super::llm_config::FieldLimit),
}

impl fmt::Display for WorkloadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for WorkloadError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_has_both_languages() {
        let all = [
            WorkloadError::CustomParams,
            WorkloadError::PrecisionNotForTask {
                task: TaskKind::Qlora,
                precision: Precision::Fp16,
            },
            WorkloadError::SeqLenOutOfRange { max: 512 },
            WorkloadError::TokensNeedTokenModel,
            WorkloadError::TrainingSizeOutOfRange,
            WorkloadError::RateOutOfRange,
            WorkloadError::TokenRateNeedsDecoder,
            WorkloadError::InputTokensOutOfRange { max: 512 },
            WorkloadError::OutputTokensOutOfRange { max: 2048 },
            WorkloadError::LatencyOutOfRange,
            WorkloadError::RequestsOutOfRange,
            WorkloadError::DeadlineOutOfRange,
            WorkloadError::ReplicaOutOfRange,
            WorkloadError::LoraRankOutOfRange,
            WorkloadError::ModelConfig(super::super::llm_config::FieldLimit {
                field: "num_key_value_heads",
                min: 1,
                max: 64,
            }),
        ];
        for e in all {
            let en = e.message(Lang::En);
            let zh = e.message(Lang::Zh);
            assert!(en.is_ascii() || en.contains('×'), "{en}");
            assert!(!zh.is_ascii(), "Chinese message for {e:?}: {zh}");
        }
        assert_eq!(
            WorkloadError::PrecisionNotForTask {
                task: TaskKind::Qlora,
                precision: Precision::Fp16
            }
            .to_string(),
            "FP16/BF16 does not suit QLoRA fine-tuning: QLoRA trains adapters on 4-bit weights (choose INT4)."
        );
    }
}

/// A slug that names no value of the enum it was parsed as.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown value {0:?}")]
pub struct UnknownSlug(pub String);
