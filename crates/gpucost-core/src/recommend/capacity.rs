//! Requests per second one GPU of a serving line's model serves, for the scenario's described
//! serving workload: the number a load's "per GPU" field can take from the recommendation
//! model instead of the user's own (issue 31: "per-GPU capacity from the recommendation, or
//! typed by the user").
//!
//! It is the recommendation's own estimate for that GPU — the same memory plan, the same
//! throughput model calibrated on the same catalog GPUs (measured rows of one suite where they
//! exist, the FLOPs/bandwidth model elsewhere) — so the number a line takes is the one the
//! recommendation panel shows for that GPU, with the same evidence. Where the model cannot
//! give one (no serving workload, a GPU without a datasheet row, a model that does not fit, a
//! latency bound it cannot meet), [`NoCapacity`] says why; nothing here invents a number.
//!
//! **Which number.** The model gives a (low, high) range; a load takes its **low** end,
//! rounded *down* to three significant digits. A fleet derived from a capacity must carry its
//! load: sizing on the optimistic end would drop requests whenever the GPU does only as well as
//! the pessimistic case, and headroom is the user's separate, visible choice. The range and
//! the evidence are kept beside the number so the page can show them.
//!
//! **Why a number and not "auto".** The edit that takes it ([`crate::edit::Edit::LoadPerGpuFromModel`])
//! writes this number into the load, like a typed one, and a link stores the number (`,per:`):
//! a link then means the same fleet whatever later hardware data or workload edits say, needs
//! no new link form, and reads back in every older reader. Taking the estimate again after the
//! workload changes is one click.

use rust_decimal::prelude::FromPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};

use crate::catalog::Catalog;
use crate::limits::RPS_PER_GPU;

use super::basis::Basis;
use super::candidates::profiles;
use super::hardware::embedded_hardware;
use super::memory::{self, gpus_needed};
use super::parallel::MAX_SERVING_GPUS;
use super::range::LowHigh;
use super::throughput::ThroughputModel;
use super::workload::{Precision, Task, TaskKind, Workload};
use super::WorkloadError;

/// Significant digits a capacity keeps (rounded down).
const SIGNIFICANT_DIGITS: u32 = 3;

/// What one GPU of a model serves for the described serving workload, and on what evidence.
#[derive(Debug, Clone, PartialEq)]
pub struct ServingCapacity {
    /// The catalog GPU id it is for.
    pub gpu: String,
    /// The datasheet row's display name.
    pub gpu_name: String,
    /// Requests per second per GPU a load takes: the low end of [`range`](Self::range),
    /// rounded down to three significant digits (and to the load field's thousandths).
    pub per_gpu: Decimal,
    /// The model's requests per second per GPU, pessimistic to optimistic.
    pub range: LowHigh<f64>,
    /// The evidence: measured rows with their sources, or the formula and its calibration.
    pub basis: Basis,
    /// GPUs one replica spans (more than one: the fleet is counted in single GPUs, and a
    /// replica needs this many of them).
    pub gpus_per_replica: u32,
}

/// Why the model gives no capacity for a line's GPU.
#[derive(Debug, Clone, PartialEq)]
pub enum NoCapacity {
    /// The scenario describes no workload.
    NoWorkload,
    /// The described workload has a problem (the workload form names it).
    InvalidWorkload,
    /// The described workload is not online serving: it has no requests per second.
    NotServing {
        /// The task it describes.
        task: TaskKind,
    },
    /// The GPU has no datasheet row, so the model cannot size it.
    NoDatasheet,
    /// No serving kernel runs the workload's weights on this GPU (FP8/FP4 before Ampere).
    NoKernelForPrecision {
        /// The weights' precision.
        precision: Precision,
    },
    /// The model does not fit in [`MAX_SERVING_GPUS`] (or the user's replica) of this GPU.
    DoesNotFit {
        /// Memory per GPU, GiB.
        memory_gib: f64,
        /// Memory the work needs, GiB (high estimate).
        need_gib: f64,
        /// Most GPUs per replica considered.
        max_gpus: u32,
    },
    /// Not even the optimistic estimate answers a request within the latency bound, so no
    /// number of these GPUs serves the load as described.
    LatencyNotMet {
        /// The bound, milliseconds.
        latency_ms: u32,
    },
    /// The estimate is outside what a load's per-GPU field accepts ([`RPS_PER_GPU`]).
    OutOfRange {
        /// The model's pessimistic requests per second per GPU.
        per_gpu: f64,
    },
}

/// The capacity one `gpu` (a catalog GPU id) has for `workload`, from the recommendation
/// model, or why there is none.
///
/// # Errors
/// [`NoCapacity`], naming the reason.
pub fn serving_capacity(
    catalog: &Catalog,
    workload: Option<&Workload>,
    gpu: &str,
) -> Result<ServingCapacity, NoCapacity> {
    let workload = workload.ok_or(NoCapacity::NoWorkload)?;
    let Task::Serving(target) = workload.task else {
        return Err(NoCapacity::NotServing {
            task: workload.task.kind(),
        });
    };
    let w = workload
        .validate()
        .map_err(|_: Vec<WorkloadError>| NoCapacity::InvalidWorkload)?;
    // Calibrated on every catalog GPU, as the recommendation is (its suite is the one
    // covering the most of them).
    let all = profiles(catalog);
    let p = all
        .iter()
        .filter(|p| p.gpu == gpu)
        .max_by_key(|p| p.default_form)
        .ok_or(NoCapacity::NoDatasheet)?;
    let precision = w.precision();
    if matches!(precision, Precision::Fp8 | Precision::Fp4) && !p.runs_float8_weights() {
        return Err(NoCapacity::NoKernelForPrecision { precision });
    }
    let mem = memory::estimate(&w);
    let max = workload.options.replica_gpus.unwrap_or(MAX_SERVING_GPUS);
    let does_not_fit = || NoCapacity::DoesNotFit {
        memory_gib: p.memory_gib(),
        need_gib: mem.total_gib.high,
        max_gpus: max,
    };
    let gpus = gpus_needed(&mem, p.memory_gib(), max).ok_or_else(does_not_fit)?;
    let model = ThroughputModel::new(&w, embedded_hardware(), &all);
    let t = model
        .estimate(p, gpus.planned, &mem)
        .ok_or_else(does_not_fit)?;
    if t.latency_met == Some(false) {
        return Err(NoCapacity::LatencyNotMet {
            latency_ms: target.latency_ms,
        });
    }
    let per_gpu = take(t.per_gpu.low).ok_or(NoCapacity::OutOfRange {
        per_gpu: t.per_gpu.low,
    })?;
    Ok(ServingCapacity {
        gpu: gpu.to_string(),
        gpu_name: p.name.clone(),
        per_gpu,
        range: t.per_gpu,
        basis: t.basis,
        gpus_per_replica: t.gpus_per_replica.max(gpus.planned).max(1),
    })
}

/// `rps` rounded down to [`SIGNIFICANT_DIGITS`] and the field's decimals, when the load's
/// per-GPU field accepts it.
fn take(rps: f64) -> Option<Decimal> {
    let exact = Decimal::from_f64(rps)?;
    let v = exact
        .round_sf_with_strategy(SIGNIFICANT_DIGITS, RoundingStrategy::ToZero)?
        .round_dp_with_strategy(RPS_PER_GPU.scale, RoundingStrategy::ToZero)
        .normalize();
    RPS_PER_GPU.accepts(v).then_some(v)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::recommend::{KnownModel, ModelChoice, Rate, RateUnit, RequestShape, ServingTarget};

    /// Serving `model` at `precision`, 384 prompt tokens (SQuAD's, MLPerf's BERT shape) and
    /// one output token, within `latency_ms`.
    pub(crate) fn serving(model: KnownModel, precision: Precision, latency_ms: u32) -> Workload {
        Workload {
            task: Task::Serving(ServingTarget {
                rate: Rate {
                    unit: RateUnit::RequestsPerSecond,
                    per_second: Decimal::from(100),
                },
                shape: RequestShape {
                    input_tokens: 384,
                    output_tokens: 1,
                },
                latency_ms,
            }),
            model: ModelChoice::Known(model),
            precision,
            seq_len: None,
            deadline_hours: None,
            options: Default::default(),
        }
    }

    #[test]
    fn a_capacity_is_the_pessimistic_end_rounded_down() {
        assert_eq!(take(3140.096), Some(Decimal::from(3140)));
        assert_eq!(take(12.3456), Some(Decimal::new(123, 1)));
        assert_eq!(take(0.98765), Some(Decimal::new(987, 3)));
        assert_eq!(take(0.0123), Some(Decimal::new(12, 3)), "thousandths");
        assert_eq!(take(0.0004), None, "below the field's smallest value");
        assert_eq!(take(5e9), None, "above its largest");
        assert_eq!(take(f64::NAN), None);
    }

    #[test]
    fn the_model_gives_a_capacity_only_for_a_serving_workload_it_can_size() {
        let c = &embedded().catalog;
        assert_eq!(serving_capacity(c, None, "T4"), Err(NoCapacity::NoWorkload));
        let training = Workload::for_task(TaskKind::Lora);
        assert_eq!(
            serving_capacity(c, Some(&training), "T4"),
            Err(NoCapacity::NotServing {
                task: TaskKind::Lora
            })
        );
        let bert = serving(KnownModel::BertLarge, Precision::Fp16, 100);
        assert_eq!(
            serving_capacity(c, Some(&bert), "no-such-gpu"),
            Err(NoCapacity::NoDatasheet)
        );
        let t4 = serving_capacity(c, Some(&bert), "T4").expect("BERT-Large serves on a T4");
        assert!(t4.per_gpu > Decimal::ZERO && RPS_PER_GPU.accepts(t4.per_gpu));
        let low = Decimal::from_f64(t4.range.low).unwrap();
        assert!(
            t4.per_gpu <= low,
            "{} above the pessimistic {low}",
            t4.per_gpu
        );
        assert!(t4.range.low <= t4.range.high);
        let mut bad = bert;
        bad.task = Task::Serving(ServingTarget {
            latency_ms: 0,
            ..match bert.task {
                Task::Serving(s) => s,
                _ => unreachable!(),
            }
        });
        assert_eq!(
            serving_capacity(c, Some(&bad), "T4"),
            Err(NoCapacity::InvalidWorkload)
        );
        // DeepSeek-V3's 671 billion parameters do not fit in 64 cards of 16 GB.
        let huge = serving(KnownModel::DeepSeekV3, Precision::Fp16, 100);
        assert!(matches!(
            serving_capacity(c, Some(&huge), "T4"),
            Err(NoCapacity::DoesNotFit { max_gpus: 64, .. })
        ));
        let fp8 = serving(KnownModel::BertLarge, Precision::Fp8, 100);
        assert_eq!(
            serving_capacity(c, Some(&fp8), "T4"),
            Err(NoCapacity::NoKernelForPrecision {
                precision: Precision::Fp8
            })
        );
    }
}
