//! Which GPU to rent for a workload, and why: the hardware recommendation model.
//!
//! Given a [`ValidWorkload`] (a task, a model, a precision and an amount of work), this module
//! works out for every rentable GPU with a datasheet row how much memory the work needs and
//! how many GPUs that takes ([`memory`]), how fast one GPU does it and on what evidence —
//! measured benchmark rows where they exist, a FLOPs/bandwidth model calibrated on measured
//! rows elsewhere ([`throughput`], over the embedded [`hardware`] table) — and what that costs
//! per run or per million requests on every provider and billing class of the catalog, in
//! exact money ([`cost`]). It ranks the GPUs by cost, explains each with reasons a person can
//! check, warns where a GPU is a poor fit, and checks the founding documents' rules of thumb
//! against the numbers ([`rules`]). Every estimate is a (low, high) range with its
//! assumptions. The one entry point is [`recommend`]. It knows nothing about schedules,
//! bills over time (`estimate`) or the page.
//!
//! Everything it says is data — [`Reason`], [`Assumption`], [`Finding`], [`Warning`],
//! [`Exclusion`], [`WorkloadError`] — with numbers as numbers; [`words`] writes each in
//! English or Chinese, and [`numbers`] formats the numbers.

pub mod assumptions;
pub mod basis;
pub mod candidates;
pub mod capacity;
pub mod cost;
mod decode;
pub mod error;
pub mod hardware;
pub mod hf_config;
pub mod llm_config;
pub mod memory;
pub mod ml_models;
pub mod model_library;
pub mod numbers;
pub mod parallel;
pub mod quotes;
pub mod range;
mod ranking;
pub mod reasons;
mod rentals;
pub mod rules;
pub mod throughput;
pub mod warnings;
pub mod workload;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::catalog::Catalog;
use crate::fx::FxTable;
use crate::money::Currency;
use crate::placement::Placement;
use crate::quote::CustomPrice;

pub use assumptions::Assumption;
pub use basis::{Basis, Calibration, Formula, RowRef};
pub use candidates::GpuProfile;
pub use cost::{Cost, CostUnit, PriceOption};
pub use error::WorkloadError;
pub use hardware::{embedded_hardware, HardwareTable, MeasuredRow};
pub use memory::{GpuCount, MemoryEstimate};
pub use ml_models::{KnownModel, ModelSpec};
pub use quotes::{QuoteExcluded, QuoteExclusion};
pub use range::LowHigh;
pub use reasons::{CitedPrice, Reason};
pub use rules::{Finding, MatrixWork, QuantizedCost, RuleCheck, SeedRule, Verdict};
pub use throughput::{Throughput, WorkUnit};
pub use warnings::Warning;
pub use workload::{
    ActPrecision, BatchJob, KvPrecision, ModelChoice, Precision, PrecisionHint, PrecisionReason,
    Rate, RateUnit, RequestShape, ServingTarget, Task, TaskKind, TrainingKind, TrainingSize,
    TrainingUnit, ValidWorkload, Workload, WorkloadOptions,
};

use rentals::Rentals;

/// Most GPUs one training replica may be sharded over.
pub const MAX_TRAINING_GPUS: u32 = 1024;

/// How many of the best-ranked candidates carry reasons, warnings and assumptions: as many
/// as any view shows (the page six, the exports ten). Those ranked below carry their numbers
/// and prices only, which is what the rightsizing lever reads; explaining GPUs nobody reads
/// about took an eighth of the custom preset's recommendation.
pub const EXPLAINED: usize = 10;

/// A slice of a GPU that holds the model.
#[derive(Debug, Clone, PartialEq)]
pub struct SliceFit {
    /// MIG, or a fractional catalog offer.
    pub kind: SliceKind,
    /// Memory of the slice, GiB.
    pub memory_gib: f64,
    /// Share of the GPU's compute.
    pub share: f64,
    /// Online serving: whether one slice serves the target rate (pessimistic throughput).
    pub enough_throughput: Option<bool>,
}

/// What kind of slice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SliceKind {
    /// The smallest MIG instance (`mig_max_instances` in gpu_specs); sold whole by the
    /// listed providers, so it helps only when you share the GPU yourself.
    Mig,
    /// A catalog offer that rents a fraction of a GPU (vGPU).
    Offer {
        /// Offer id.
        offer: String,
    },
}

/// One GPU the workload can run on, with its numbers, prices, reasons and warnings.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// The GPU and its datasheet.
    pub profile: GpuProfile,
    /// GPUs one replica needs for memory.
    pub gpus: GpuCount,
    /// A MIG slice or fractional offer that holds the model (inference only).
    pub slice: Option<SliceFit>,
    /// How fast one GPU does the work, and on what evidence.
    pub throughput: Throughput,
    /// The cheapest way to rent it per provider and billing class, cheapest first per class.
    pub options: Vec<PriceOption>,
    /// Index in `options` of the price the ranking uses: the cheapest rankable on-demand
    /// option, else the cheapest rankable one, else the cheapest.
    pub best: Option<usize>,
    /// Reasons a person can check (empty below the first [`EXPLAINED`]).
    pub reasons: Vec<Reason>,
    /// Caveats (empty below the first [`EXPLAINED`]).
    pub warnings: Vec<Warning>,
    /// Assumptions specific to this GPU (empty below the first [`EXPLAINED`]).
    pub assumptions: Vec<Assumption>,
}

impl Candidate {
    /// GPUs one replica is costed with: what memory needs, or more when the throughput model
    /// splits the model further to meet a latency bound.
    pub fn gpus_per_replica(&self) -> u32 {
        self.throughput
            .gpus_per_replica
            .max(self.gpus.planned)
            .max(1)
    }

    /// The option the ranking uses.
    pub fn best_option(&self) -> Option<&PriceOption> {
        self.best.and_then(|i| self.options.get(i))
    }

    /// Whether it meets the latency bound and the deadline (when given).
    pub fn feasible(&self) -> bool {
        self.throughput.latency_met != Some(false)
            && self.best_option().and_then(|o| o.meets_deadline) != Some(false)
    }
}

/// Why a GPU is not in the ranking.
#[derive(Debug, Clone, PartialEq)]
pub enum Exclusion {
    /// The work does not fit in `max_gpus` GPUs of this memory.
    DoesNotFit {
        /// Memory per GPU, GiB.
        memory_gib: f64,
        /// Memory needed on one GPU, GiB (high estimate).
        need_gib: f64,
        /// Most GPUs per replica considered.
        max_gpus: u32,
    },
    /// No whole-instance price for this GPU can run the work (or the fleet would be too large).
    NoPrice,
    /// One replica needs more GPUs than any instance of this GPU has.
    InstanceTooSmall {
        /// GPUs one replica needs.
        gpus: u32,
        /// Most GPUs in one priced instance.
        largest: Decimal,
    },
    /// No serving kernel runs weights of this precision on this GPU: FP8 and FP4 weights need
    /// Ampere or newer (vLLM's FP8 Marlin and FP4 kernels require compute capability 8.0).
    NoKernelForPrecision {
        /// The weights' precision.
        precision: Precision,
    },
}

/// A GPU left out of the ranking, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Excluded {
    /// The GPU.
    pub profile: GpuProfile,
    /// Why.
    pub reason: Exclusion,
}

/// The recommendation for one workload.
#[derive(Debug, Clone, PartialEq)]
pub struct Recommendation {
    /// The workload.
    pub workload: ValidWorkload,
    /// The place and host floor its rentals were chosen by.
    pub placement: Placement,
    /// Currency of every amount.
    pub currency: Currency,
    /// What the ranking compares: cost per run, or per million requests.
    pub unit: CostUnit,
    /// Memory the work needs (GPU-independent).
    pub memory: MemoryEstimate,
    /// GPUs that can do the work, best first: those meeting the deadline and latency bound
    /// before those that do not, then by the middle of their ranking cost.
    pub ranked: Vec<Candidate>,
    /// GPUs that cannot, with the reason.
    pub excluded: Vec<Excluded>,
    /// The user's priced quotes it ranked with (see [`quotes::priced`]): a recommendation
    /// made with other quotes does not fit the scenario.
    pub quotes: Vec<CustomPrice>,
    /// Quotes it could not rank, with the reason.
    pub excluded_quotes: Vec<QuoteExcluded>,
    /// The founding documents' rules of thumb, checked.
    pub rules: Vec<RuleCheck>,
    /// Assumptions behind every number.
    pub assumptions: Vec<Assumption>,
    /// The day the hardware data was copied.
    pub hardware_built: NaiveDate,
}

impl Recommendation {
    /// The recommended GPU, if any can do the work.
    pub fn top(&self) -> Option<&Candidate> {
        self.ranked.first()
    }
}

/// Recommends GPUs for `workload` from `catalog`'s prices, in `currency` converted with `fx`;
/// `today` dates the prices' age.
pub fn recommend(
    catalog: &Catalog,
    workload: &ValidWorkload,
    fx: &FxTable,
    currency: Currency,
    today: NaiveDate,
) -> Recommendation {
    recommend_placed(
        catalog,
        workload,
        &Placement::default(),
        fx,
        currency,
        today,
    )
}

/// [`recommend`] among the offers `placement` admits: the scenario's place and host floor
/// apply to the recommendation's rentals as to the comparison's.
pub fn recommend_placed(
    catalog: &Catalog,
    workload: &ValidWorkload,
    placement: &Placement,
    fx: &FxTable,
    currency: Currency,
    today: NaiveDate,
) -> Recommendation {
    recommend_quoted(catalog, workload, placement, &[], fx, currency, today)
}

/// [`recommend_placed`] with the user's own `quotes` ranked beside the catalog's offers (see
/// [`quotes`]); a quote without an amount ranks nothing.
pub fn recommend_quoted(
    catalog: &Catalog,
    workload: &ValidWorkload,
    placement: &Placement,
    quotes: &[CustomPrice],
    fx: &FxTable,
    currency: Currency,
    today: NaiveDate,
) -> Recommendation {
    let quotes = quotes::priced(quotes);
    let (quote_offers, excluded_quotes) = quotes::offers(catalog, &quotes);
    // Which offers rent each GPU does not depend on the precision the rules re-rank at.
    let rentals = Rentals::placed(catalog, &quote_offers, placement, fx, currency);
    let (ranked, excluded, memory) = ranking::evaluate(&rentals, workload, currency, today);
    let unit = cost::primary_unit(workload);
    let rules = rules::check(&rules::Ranking {
        rentals: &rentals,
        w: workload,
        ranked: &ranked,
        unit,
        currency,
    });
    let hw = embedded_hardware();
    let mut assumptions = memory.notes.clone();
    assumptions.extend(assumptions::global(workload, &ranked, fx));
    Recommendation {
        workload: *workload,
        placement: *placement,
        currency,
        unit,
        memory,
        ranked,
        excluded,
        quotes,
        excluded_quotes,
        rules,
        assumptions,
        hardware_built: hw.built,
    }
}

fn slice_fit(
    w: &ValidWorkload,
    p: &GpuProfile,
    thr: &Throughput,
    mem: &MemoryEstimate,
    options: &[PriceOption],
) -> Option<SliceFit> {
    if w.task().is_training() || thr.gpus_per_replica > 1 {
        return None;
    }
    let need = mem.total_gib.high;
    let target_rps = match w.workload().task {
        Task::Serving(s) => {
            let per_second = rust_decimal::prelude::ToPrimitive::to_f64(&s.rate.per_second)?;
            Some(match s.rate.unit {
                RateUnit::RequestsPerSecond => per_second,
                RateUnit::TokensPerSecond => per_second / f64::from(s.shape.output_tokens.max(1)),
            })
        }
        _ => None,
    };
    if let Some((memory_gib, share)) = p.mig_slice() {
        if need <= memory_gib {
            return Some(SliceFit {
                kind: SliceKind::Mig,
                memory_gib,
                share,
                enough_throughput: target_rps.map(|r| r <= thr.per_gpu.low * share),
            });
        }
    }
    options
        .iter()
        .filter(|o| o.gpus_per_instance < Decimal::ONE)
        .min_by_key(|o| o.gpus_per_instance)
        .map(|o| {
            let share =
                rust_decimal::prelude::ToPrimitive::to_f64(&o.gpus_per_instance).unwrap_or(1.0);
            SliceFit {
                kind: SliceKind::Offer {
                    offer: o.offer.clone(),
                },
                memory_gib: p.memory_gib() * share,
                share,
                enough_throughput: target_rps.map(|r| r <= thr.per_gpu.low * share),
            }
        })
}
