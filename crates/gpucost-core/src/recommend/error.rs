//! Why a workload cannot be estimated, in words a person can act on (English and Chinese).

use std::fmt;

use crate::format::Lang;

use super::workload::{Precision, TaskKind};
use crate::limits::{DEADLINE_HOURS, EPOCHS, LATENCY_MS, PARAMS};

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
}

impl WorkloadError {
    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        use WorkloadError as E;
        match (self, lang) {
            (E::CustomParams, Lang::En) => format!(
                "The parameter count must be between {} million and {} trillion.",
                PARAMS.min / 1_000_000,
                PARAMS.max / 1_000_000_000_000
            ),
            (E::CustomParams, Lang::Zh) => format!(
                "参数量须在 {} 百万到 {} 万亿之间。",
                PARAMS.min / 1_000_000,
                PARAMS.max / 1_000_000_000_000
            ),
            (E::PrecisionNotForTask { task, precision }, Lang::En) => format!(
                "{} does not suit {}: {}.",
                precision.label(),
                task_en(*task),
                match task {
                    TaskKind::Qlora => "QLoRA trains adapters on 4-bit weights (choose INT4)",
                    TaskKind::Lora => "LoRA keeps 16-bit or 8-bit base weights",
                    _ => "training needs FP32 or FP16/BF16 arithmetic",
                }
            ),
            (E::PrecisionNotForTask { task, precision }, Lang::Zh) => format!(
                "{}不适用于{}：{}。",
                precision.label(),
                task_zh(*task),
                match task {
                    TaskKind::Qlora => "QLoRA 在 4 位权重上训练适配器（请选择 INT4）",
                    TaskKind::Lora => "LoRA 的基座权重为 16 位或 8 位",
                    _ => "训练需要 FP32 或 FP16/BF16 运算",
                }
            ),
            (E::SeqLenOutOfRange { max }, Lang::En) => {
                format!("The sequence length must be between 1 and {max} tokens.")
            }
            (E::SeqLenOutOfRange { max }, Lang::Zh) => {
                format!("序列长度须在 1 到 {max} 个 token 之间。")
            }
            (E::TokensNeedTokenModel, Lang::En) => {
                "An image model's training size is samples × epochs, not tokens.".into()
            }
            (E::TokensNeedTokenModel, Lang::Zh) => {
                "图像模型的训练规模应为样本数 × 轮数，而不是 token 数。".into()
            }
            (E::TrainingSizeOutOfRange, Lang::En) => format!(
                "The training size must be above zero (at most 100 trillion tokens and {} epochs).",
                EPOCHS.max
            ),
            (E::TrainingSizeOutOfRange, Lang::Zh) => format!(
                "训练规模须大于零（最多 100 万亿 token、{} 轮）。",
                EPOCHS.max
            ),
            (E::RateOutOfRange, Lang::En) => {
                "The serving rate must be between 0.001 and one million requests (or 100 million tokens) per second.".into()
            }
            (E::RateOutOfRange, Lang::Zh) => "服务速率须在每秒 0.001 到一百万个请求（或一亿个 token）之间。".into(),
            (E::TokenRateNeedsDecoder, Lang::En) => {
                "Only a model that generates text can be served in tokens per second; use requests per second.".into()
            }
            (E::TokenRateNeedsDecoder, Lang::Zh) => {
                "只有生成文本的模型才能按每秒 token 数计算；请改用每秒请求数。".into()
            }
            (E::InputTokensOutOfRange { max }, Lang::En) => {
                format!("The prompt must be between 1 and {max} tokens.")
            }
            (E::InputTokensOutOfRange { max }, Lang::Zh) => {
                format!("输入长度须在 1 到 {max} 个 token 之间。")
            }
            (E::OutputTokensOutOfRange { max }, Lang::En) => format!(
                "Generate at least one token, and keep prompt plus output within {max} tokens."
            ),
            (E::OutputTokensOutOfRange { max }, Lang::Zh) => {
                format!("至少生成 1 个 token，且输入与输出合计不超过 {max} 个 token。")
            }
            (E::LatencyOutOfRange, Lang::En) => format!(
                "The latency bound must be between 1 ms and {} minutes.",
                LATENCY_MS.max / 60_000
            ),
            (E::LatencyOutOfRange, Lang::Zh) => {
                format!("延迟上限须在 1 毫秒到 {} 分钟之间。", LATENCY_MS.max / 60_000)
            }
            (E::RequestsOutOfRange, Lang::En) => {
                "The number of requests must be between 1 and one trillion.".into()
            }
            (E::RequestsOutOfRange, Lang::Zh) => "请求数量须在 1 到一万亿之间。".into(),
            (E::DeadlineOutOfRange, Lang::En) => {
                format!(
                    "The deadline must be between 0 and {} hours.",
                    DEADLINE_HOURS.max
                )
            }
            (E::DeadlineOutOfRange, Lang::Zh) => {
                format!("截止时间须在 0 到 {} 小时之间。", DEADLINE_HOURS.max)
            }
        }
    }
}

/// The task in an English sentence.
pub(crate) fn task_en(t: TaskKind) -> &'static str {
    match t {
        TaskKind::PreTraining => "pre-training",
        TaskKind::FullFineTune => "a full fine-tune",
        TaskKind::Lora => "LoRA fine-tuning",
        TaskKind::Qlora => "QLoRA fine-tuning",
        TaskKind::OnlineServing => "online serving",
        TaskKind::BatchInference => "batch inference",
    }
}

/// The task in a Chinese sentence.
pub(crate) fn task_zh(t: TaskKind) -> &'static str {
    match t {
        TaskKind::PreTraining => "预训练",
        TaskKind::FullFineTune => "全参数微调",
        TaskKind::Lora => "LoRA 微调",
        TaskKind::Qlora => "QLoRA 微调",
        TaskKind::OnlineServing => "在线推理服务",
        TaskKind::BatchInference => "批量推理",
    }
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
