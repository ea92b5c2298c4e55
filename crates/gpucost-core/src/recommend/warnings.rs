//! Caveats a person should see next to a candidate, as data; their words are in
//! [`super::words`].

use super::workload::{Precision, Task, ValidWorkload};
use super::Candidate;

/// Something that makes a candidate riskier or slower than its numbers suggest.
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// 16-bit training on a GPU whose datasheet lists no BF16 rate (T4, V100, …).
    NoBf16 {
        /// GPU display name.
        gpu: String,
    },
    /// INT8 on a GPU without an INT8 tensor path (Volta): estimated at the 16-bit rate.
    NoInt8 {
        /// GPU display name.
        gpu: String,
    },
    /// A GPU without tensor cores (Pascal): 16-bit work runs at the FP32 rate.
    NoTensorCores {
        /// GPU display name.
        gpu: String,
    },
    /// The model is split over several GPUs that are not confirmed to have NVLink.
    NeedsNvlink {
        /// GPU display name.
        gpu: String,
        /// GPUs per replica.
        gpus: u32,
    },
    /// More GPUs than one server holds: multi-node networking matters.
    MultiNode {
        /// GPU display name.
        gpu: String,
        /// GPUs per replica.
        gpus: u32,
    },
    /// The model state fits only with activation checkpointing (about a third more compute).
    NeedsCheckpointing {
        /// GPU display name.
        gpu: String,
    },
    /// The work does not finish by the deadline even with the most GPUs a plan may rent.
    DeadlineMissed {
        /// GPU display name.
        gpu: String,
        /// Hours needed (pessimistic).
        hours: f64,
        /// The deadline, hours.
        deadline: f64,
    },
    /// One request takes longer than the latency bound.
    LatencyMissed {
        /// GPU display name.
        gpu: String,
        /// Fastest latency estimated, milliseconds.
        latency_ms: f64,
        /// The bound, milliseconds.
        bound_ms: u32,
    },
    /// The cheapest price is old or undated.
    OldPrice {
        /// GPU display name.
        gpu: String,
        /// Days since the price date; `None` when undated.
        days: Option<i64>,
    },
}

/// Every warning that applies to candidate `c` of workload `w`.
pub(crate) fn for_candidate(w: &ValidWorkload, c: &Candidate) -> Vec<Warning> {
    let gpu = c.profile.name.clone();
    let mut out = Vec::new();
    let p = w.precision();
    if !c.profile.has_tensor_cores() && p != Precision::Fp32 {
        out.push(Warning::NoTensorCores { gpu: gpu.clone() });
    } else if w.task().is_training() && p == Precision::Fp16 && !c.profile.has_bf16() {
        out.push(Warning::NoBf16 { gpu: gpu.clone() });
    } else if p == Precision::Int8 && c.profile.spec.int8_tops.is_none() {
        out.push(Warning::NoInt8 { gpu: gpu.clone() });
    }
    let g = c.throughput.gpus_per_replica;
    if g > 1 && c.profile.spec.nvlink != Some(true) {
        out.push(Warning::NeedsNvlink {
            gpu: gpu.clone(),
            gpus: g,
        });
    }
    if g > 8 {
        out.push(Warning::MultiNode {
            gpu: gpu.clone(),
            gpus: g,
        });
    }
    if w.task().is_training() && c.gpus.needs_checkpointing {
        out.push(Warning::NeedsCheckpointing { gpu: gpu.clone() });
    }
    if let (Some(false), Some(lat), Task::Serving(s)) = (
        c.throughput.latency_met,
        c.throughput.latency_s,
        w.workload().task,
    ) {
        out.push(Warning::LatencyMissed {
            gpu: gpu.clone(),
            latency_ms: lat.low * 1000.0,
            bound_ms: s.latency_ms,
        });
    }
    if let Some(o) = c.best_option() {
        if let (Some(false), Some(h), Some(d)) = (o.meets_deadline, o.hours, w.deadline_hours()) {
            out.push(Warning::DeadlineMissed {
                gpu: gpu.clone(),
                hours: h.high,
                deadline: d,
            });
        }
        if o.old {
            out.push(Warning::OldPrice {
                gpu,
                days: o.age_days,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::format::Lang;
    use crate::fx::FxTable;
    use crate::money::Currency;
    use crate::recommend::workload::{ModelChoice, TrainingKind, TrainingSize, Workload};
    use crate::recommend::{recommend, KnownModel, EXPLAINED};

    #[test]
    fn training_in_16_bits_on_a_t4_warns_that_it_has_no_bf16() {
        let w = Workload {
            task: Task::Training {
                kind: TrainingKind::Lora,
                size: TrainingSize::Tokens(10_000_000),
            },
            model: ModelChoice::Known(KnownModel::BertLarge),
            precision: Precision::Fp16,
            seq_len: None,
            deadline_hours: None,
            options: Default::default(),
        }
        .validate()
        .unwrap();
        let c = &embedded().catalog;
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        let r = recommend(c, &w, &FxTable::from_catalog(c), Currency::Usd, today);
        let no_bf16 = |gpu: &str| {
            let (at, candidate) = r
                .ranked
                .iter()
                .enumerate()
                .find(|(_, c)| c.profile.gpu == gpu)
                .unwrap();
            // Both rank below the explained few for training, so their warnings are
            // worked out here.
            assert!(
                at >= EXPLAINED && candidate.warnings.is_empty(),
                "{gpu} at {at}"
            );
            for_candidate(&w, candidate)
                .iter()
                .any(|w| matches!(w, Warning::NoBf16 { .. }))
        };
        assert!(no_bf16("T4"));
        assert!(!no_bf16("L4"));
    }

    #[test]
    fn the_bf16_warning_names_the_gpu_in_both_languages() {
        let w = Warning::NoBf16 {
            gpu: "NVIDIA T4".into(),
        };
        assert!(w
            .text(Lang::En)
            .starts_with("NVIDIA T4: gpu_specs lists no BF16"));
        assert!(w.text(Lang::Zh).contains("BF16"));
    }
}
