//! The workload's text fields as pure functions: which fields a workload shows
//! ([`fields_for`]), what each shows ([`field_text`]) and what typed text does to the workload
//! ([`apply`]), with every bound read from [`gpucost_core::limits`].

use gpucost_core::limits::{
    DecimalLimit, Limit, BATCH_REQUESTS, DEADLINE_HOURS, EPOCHS, INPUT_TOKENS, LATENCY_MS,
    OUTPUT_TOKENS, PARAMS, SAMPLES, SEQ_LEN, TRAINING_TOKENS,
};
use gpucost_core::recommend::parallel::MAX_SERVING_GPUS;
use gpucost_core::recommend::throughput::MAX_BATCH;
use gpucost_core::recommend::workload::MAX_LORA_RANK;
use gpucost_core::recommend::{
    ModelChoice, Task, TrainingSize, TrainingUnit, Workload, WorkloadError,
};
use gpucost_core::share::workload_params::{parse_count, write_count};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::components::fields::Range;

/// A text field of the workload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Field {
    /// Custom model size.
    Params,
    /// Training sequence length (optional).
    Seq,
    /// Training tokens.
    Tokens,
    /// Training samples.
    Samples,
    /// Passes over the samples.
    Epochs,
    /// Serving rate.
    Rate,
    /// Prompt tokens per request.
    Input,
    /// Generated tokens per request.
    Output,
    /// Serving latency bound.
    Latency,
    /// Batch requests.
    Requests,
    /// Hours to finish (optional).
    Deadline,
    /// GPUs per serving replica (optional).
    ReplicaGpus,
    /// Most requests a replica decodes at once (optional).
    MaxBatch,
    /// LoRA/QLoRA rank (optional).
    LoraRank,
}

impl Field {
    /// Test id suffix and element id base.
    pub(crate) fn slug(self) -> &'static str {
        match self {
            Field::Params => "params",
            Field::Seq => "seq",
            Field::Tokens => "tokens",
            Field::Samples => "samples",
            Field::Epochs => "epochs",
            Field::Rate => "rate",
            Field::Input => "in",
            Field::Output => "out",
            Field::Latency => "lat",
            Field::Requests => "reqs",
            Field::Deadline => "deadline",
            Field::ReplicaGpus => "replica",
            Field::MaxBatch => "batch",
            Field::LoraRank => "rank",
        }
    }

    /// Whether the field takes decimals (the keyboard a phone shows).
    pub(crate) fn is_decimal(self) -> bool {
        matches!(self, Field::Rate | Field::Deadline)
    }
}

/// Why a typed value was not written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FieldError {
    /// Not a number in the range.
    Number(Range),
    /// Not a count in the limit.
    Count(Limit<u64>),
    /// The value makes the workload inconsistent.
    Workload(Vec<WorkloadError>),
}

/// The form's range for a decimal limit: from its smallest accepted value.
fn decimal_range(l: DecimalLimit) -> Range {
    Range::decimal(l.min(), l.max, l.scale)
}

/// The text a field shows for `w`.
pub(crate) fn field_text(w: &Workload, f: Field) -> String {
    let shape = w.task.shape();
    match (f, w.task) {
        (Field::Params, _) => match w.model {
            ModelChoice::Custom { params } => write_count(params),
            ModelChoice::Known(_) | ModelChoice::Config(_) => String::new(),
        },
        (Field::Seq, _) => w.seq_len.map(|s| s.to_string()).unwrap_or_default(),
        (
            Field::Tokens,
            Task::Training {
                size: TrainingSize::Tokens(t),
                ..
            },
        ) => write_count(t),
        (
            Field::Samples,
            Task::Training {
                size: TrainingSize::Samples { samples, .. },
                ..
            },
        ) => write_count(samples),
        (
            Field::Epochs,
            Task::Training {
                size: TrainingSize::Samples { epochs, .. },
                ..
            },
        ) => epochs.to_string(),
        (Field::Rate, Task::Serving(s)) => s.rate.per_second.normalize().to_string(),
        (Field::Input, _) => shape
            .map(|s| s.input_tokens.to_string())
            .unwrap_or_default(),
        (Field::Output, _) => shape
            .map(|s| s.output_tokens.to_string())
            .unwrap_or_default(),
        (Field::Latency, Task::Serving(s)) => s.latency_ms.to_string(),
        (Field::Requests, Task::Batch(b)) => write_count(b.requests),
        (Field::Deadline, _) => w
            .deadline_hours
            .map(|d| d.normalize().to_string())
            .unwrap_or_default(),
        (Field::ReplicaGpus, _) => w
            .options
            .replica_gpus
            .map(|g| g.to_string())
            .unwrap_or_default(),
        (Field::MaxBatch, _) => w
            .options
            .max_batch
            .map(|b| b.to_string())
            .unwrap_or_default(),
        (Field::LoraRank, _) => w
            .options
            .fine_tune
            .lora_rank
            .map(|r| r.to_string())
            .unwrap_or_default(),
        _ => String::new(),
    }
}

fn count_in(text: &str, limit: Limit<u64>) -> Result<u64, FieldError> {
    parse_count(text)
        .filter(|n| limit.contains(*n))
        .ok_or(FieldError::Count(limit))
}

fn number_in(text: &str, range: Range) -> Result<Decimal, FieldError> {
    range.parse(text).ok_or(FieldError::Number(range))
}

fn whole_in(text: &str, limit: Limit<u32>) -> Result<u32, FieldError> {
    let range = Range::whole(i64::from(limit.min), i64::from(limit.max));
    number_in(text, range).and_then(|v| v.to_u32().ok_or(FieldError::Number(range)))
}

fn checked(w: Workload) -> Result<Workload, FieldError> {
    w.validate().map(|_| w).map_err(FieldError::Workload)
}

/// The training size as samples × epochs, switched to samples if it counts tokens.
fn samples_mut(task: &mut Task) -> Option<(&mut u64, &mut u32)> {
    let Task::Training { size, .. } = task else {
        return None;
    };
    if size.unit() != TrainingUnit::Samples {
        *size = TrainingUnit::Samples.starting_size();
    }
    match size {
        TrainingSize::Samples { samples, epochs } => Some((samples, epochs)),
        TrainingSize::Tokens(_) => None,
    }
}

/// `w` with field `f` set from `text`, if the text is a value in range and the workload stays
/// valid.
///
/// # Errors
/// Why the text was not taken.
pub(crate) fn apply(w: &Workload, f: Field, text: &str) -> Result<Workload, FieldError> {
    let text = text.trim();
    let mut n = *w;
    match f {
        Field::Params => {
            n.model = ModelChoice::Custom {
                params: count_in(text, PARAMS)?,
            }
        }
        Field::Seq => {
            n.seq_len = if text.is_empty() {
                None
            } else {
                Some(whole_in(text, SEQ_LEN)?)
            }
        }
        Field::Tokens => {
            let tokens = count_in(text, TRAINING_TOKENS)?;
            if let Task::Training { size, .. } = &mut n.task {
                *size = TrainingSize::Tokens(tokens);
            }
        }
        Field::Samples => {
            let value = count_in(text, SAMPLES)?;
            if let Some((samples, _)) = samples_mut(&mut n.task) {
                *samples = value;
            }
        }
        Field::Epochs => {
            let value = whole_in(text, EPOCHS)?;
            if let Some((_, epochs)) = samples_mut(&mut n.task) {
                *epochs = value;
            }
        }
        Field::Rate => {
            if let Task::Serving(s) = &mut n.task {
                s.rate.per_second = number_in(text, decimal_range(s.rate.unit.limit()))?;
            }
        }
        Field::Input | Field::Output => {
            let value = if f == Field::Input {
                whole_in(text, INPUT_TOKENS)?
            } else {
                whole_in(text, OUTPUT_TOKENS)?
            };
            let Some(shape) = n.task.shape_mut() else {
                return Ok(n);
            };
            if f == Field::Input {
                shape.input_tokens = value;
            } else {
                shape.output_tokens = value;
            }
        }
        Field::Latency => {
            if let Task::Serving(s) = &mut n.task {
                s.latency_ms = whole_in(text, LATENCY_MS)?;
            }
        }
        Field::Requests => {
            if let Task::Batch(b) = &mut n.task {
                b.requests = count_in(text, BATCH_REQUESTS)?;
            }
        }
        Field::Deadline => {
            n.deadline_hours = if text.is_empty() {
                None
            } else {
                Some(number_in(text, decimal_range(DEADLINE_HOURS))?)
            }
        }
        Field::ReplicaGpus | Field::MaxBatch => {
            let max = if f == Field::ReplicaGpus {
                MAX_SERVING_GPUS
            } else {
                MAX_BATCH
            };
            let value = if text.is_empty() {
                None
            } else {
                Some(whole_in(text, Limit { min: 1, max })?)
            };
            if f == Field::ReplicaGpus {
                n.options.replica_gpus = value;
            } else {
                n.options.max_batch = value;
            }
        }
        Field::LoraRank => {
            n.options.fine_tune.lora_rank = if text.is_empty() {
                None
            } else {
                Some(whole_in(
                    text,
                    Limit {
                        min: 1,
                        max: MAX_LORA_RANK,
                    },
                )?)
            }
        }
    }
    checked(n)
}

/// The text fields that fit `w`, in form order (the custom parameter count is with the model).
pub(crate) fn fields_for(w: &Workload) -> Vec<Field> {
    let spec = w.model.spec();
    let transformer = spec.arch.transformer().is_some();
    let generates = spec.arch.generates_tokens();
    let mut out = Vec::new();
    let shape = |out: &mut Vec<Field>| {
        if transformer {
            out.push(Field::Input);
        }
        if generates {
            out.push(Field::Output);
        }
    };
    match w.task {
        Task::Training {
            size: TrainingSize::Tokens(_),
            ..
        } => out.push(Field::Tokens),
        Task::Training {
            size: TrainingSize::Samples { .. },
            ..
        } => out.extend([Field::Samples, Field::Epochs]),
        Task::Serving(_) => {
            out.push(Field::Rate);
            shape(&mut out);
            out.push(Field::Latency);
        }
        Task::Batch(_) => {
            out.push(Field::Requests);
            shape(&mut out);
        }
    }
    if w.kind().is_training() && spec.arch.is_token_model() {
        out.push(Field::Seq);
    }
    if !matches!(w.task, Task::Serving(_)) {
        out.push(Field::Deadline);
    }
    if generates && !w.kind().is_training() {
        out.extend([Field::ReplicaGpus, Field::MaxBatch]);
    }
    if w.kind().is_adapter() && transformer {
        out.push(Field::LoraRank);
    }
    out
}

#[cfg(test)]
mod tests {
    use gpucost_core::recommend::{KnownModel, TaskKind};

    use super::*;

    fn serve() -> Workload {
        Workload::for_task(TaskKind::OnlineServing)
    }

    #[test]
    fn a_valid_value_is_written_and_shown_back() {
        let w = serve();
        let n = apply(&w, Field::Rate, "25.5").unwrap();
        assert_eq!(field_text(&n, Field::Rate), "25.5");
        let b = apply(
            &Workload::for_task(TaskKind::BatchInference),
            Field::Requests,
            "2M",
        )
        .unwrap();
        assert_eq!(field_text(&b, Field::Requests), "2M");
        let d = apply(&b, Field::Deadline, "12").unwrap();
        assert_eq!(d.deadline_hours, Some(Decimal::from(12)));
        assert_eq!(
            apply(&d, Field::Deadline, " ").unwrap().deadline_hours,
            None
        );
        let custom = serve()
            .with_model(ModelChoice::Custom {
                params: 13_000_000_000,
            })
            .unwrap();
        assert_eq!(field_text(&custom, Field::Params), "13B");
    }

    #[test]
    fn out_of_range_text_is_refused_with_the_limit() {
        let w = serve();
        assert_eq!(
            apply(&w, Field::Latency, "-3"),
            Err(FieldError::Number(Range::whole(1, 600_000)))
        );
        assert_eq!(
            apply(&w, Field::Rate, "abc"),
            Err(FieldError::Number(Range::decimal(
                Decimal::new(1, 3),
                Decimal::from(1_000_000),
                3
            )))
        );
        let train = Workload::for_task(TaskKind::PreTraining);
        assert_eq!(
            apply(&train, Field::Tokens, "1.5"),
            Err(FieldError::Count(TRAINING_TOKENS))
        );
    }

    #[test]
    fn a_value_that_breaks_the_workload_says_why() {
        // Llama 3 8B reads at most 8,192 tokens: 8,000 in + 256 out is too long.
        assert_eq!(
            apply(&serve(), Field::Input, "8000"),
            Err(FieldError::Workload(vec![
                WorkloadError::OutputTokensOutOfRange { max: 8192 }
            ]))
        );
        let lora = Workload::for_task(TaskKind::Lora);
        assert!(apply(&lora, Field::Seq, "100000").is_err());
        assert_eq!(
            apply(&lora, Field::Seq, "4096").unwrap().seq_len,
            Some(4096)
        );
    }

    #[test]
    fn fields_fit_the_task_and_model() {
        use Field::*;
        assert_eq!(
            fields_for(&serve()),
            vec![Rate, Input, Output, Latency, ReplicaGpus, MaxBatch]
        );
        assert_eq!(
            fields_for(&Workload::for_task(TaskKind::FullFineTune)),
            vec![Samples, Epochs, Seq, Deadline]
        );
        assert_eq!(
            fields_for(&Workload::for_task(TaskKind::PreTraining)),
            vec![Tokens, Seq, Deadline]
        );
        let resnet = Workload::for_task(TaskKind::BatchInference)
            .with_model(ModelChoice::Known(KnownModel::ResNet50))
            .unwrap();
        assert_eq!(fields_for(&resnet), vec![Requests, Deadline]);
    }

    #[test]
    fn replica_and_batch_are_optional_whole_numbers_in_range() {
        let w = serve();
        let n = apply(&w, Field::ReplicaGpus, "16").unwrap();
        assert_eq!(n.options.replica_gpus, Some(16));
        assert_eq!(field_text(&n, Field::ReplicaGpus), "16");
        assert_eq!(apply(&n, Field::ReplicaGpus, "").unwrap(), w);
        assert!(apply(&w, Field::ReplicaGpus, "65").is_err());
        assert!(apply(&w, Field::MaxBatch, "0").is_err());
        assert_eq!(
            apply(&w, Field::MaxBatch, "64").unwrap().options.max_batch,
            Some(64)
        );
    }

    #[test]
    fn a_lora_rank_is_an_optional_field_of_adapter_tasks() {
        let lora = Workload::for_task(TaskKind::Lora);
        assert!(fields_for(&lora).contains(&Field::LoraRank));
        assert!(!fields_for(&serve()).contains(&Field::LoraRank));
        let n = apply(&lora, Field::LoraRank, "64").unwrap();
        assert_eq!(n.options.fine_tune.lora_rank, Some(64));
        assert_eq!(apply(&n, Field::LoraRank, "").unwrap(), lora);
        assert!(apply(&lora, Field::LoraRank, "2048").is_err());
    }

    #[test]
    fn every_task_default_shows_its_values() {
        for task in TaskKind::ALL {
            let w = Workload::for_task(task);
            for f in fields_for(&w) {
                let text = field_text(&w, f);
                if !matches!(
                    f,
                    Field::Seq
                        | Field::Deadline
                        | Field::ReplicaGpus
                        | Field::MaxBatch
                        | Field::LoraRank
                ) {
                    assert!(!text.is_empty(), "{task:?} {f:?}");
                }
                assert_eq!(apply(&w, f, &text), Ok(w), "{task:?} {f:?} {text:?}");
            }
        }
    }
}
