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

pub mod basis;
pub mod candidates;
pub mod cost;
mod decode;
pub mod error;
pub mod hardware;
pub mod memory;
pub mod models;
pub mod range;
mod ranking;
mod reasons;
mod rentals;
pub mod rules;
pub mod throughput;
pub mod warnings;
pub mod workload;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::catalog::Catalog;
use crate::format::Lang;
use crate::fx::{FxOrigin, FxTable};
use crate::money::Currency;

pub use basis::{Basis, Calibration, RowRef};
pub use candidates::GpuProfile;
pub use cost::{Cost, CostUnit, PriceOption};
pub use error::WorkloadError;
pub use hardware::{embedded_hardware, HardwareTable, MeasuredRow};
pub use memory::{GpuCount, MemoryEstimate};
pub use models::{KnownModel, ModelSpec};
pub use range::{LowHigh, Text};
pub use rules::{RuleCheck, SeedRule, Verdict};
pub use throughput::{Throughput, WorkUnit};
pub use warnings::Warning;
pub use workload::{
    BatchJob, ModelChoice, Precision, PrecisionHint, PrecisionReason, Rate, RateUnit, RequestShape,
    ServingTarget, Task, TaskKind, TrainingKind, TrainingSize, TrainingUnit, ValidWorkload,
    Workload,
};

use rentals::Rentals;

/// Most GPUs one training replica may be sharded over.
pub const MAX_TRAINING_GPUS: u32 = 1024;

/// How many of the best-ranked candidates carry reasons, warnings and assumptions: as many
/// as any view shows (the page six, the exports ten). Those ranked below carry their numbers
/// and prices only, which is what the rightsizing lever reads; writing sentences in two
/// languages that nobody reads took an eighth of the custom preset's recommendation.
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
    /// Sentences a person can check (empty below the first [`EXPLAINED`]).
    pub reasons: Vec<Text>,
    /// Caveats (empty below the first [`EXPLAINED`]).
    pub warnings: Vec<Warning>,
    /// Assumptions specific to this GPU (empty below the first [`EXPLAINED`]).
    pub assumptions: Vec<Text>,
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
}

/// A GPU left out of the ranking, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Excluded {
    /// The GPU.
    pub profile: GpuProfile,
    /// Why.
    pub reason: Exclusion,
}

impl Excluded {
    /// The reason in words.
    pub fn message(&self, lang: Lang) -> String {
        let name = &self.profile.name;
        match (&self.reason, lang) {
            (
                Exclusion::DoesNotFit {
                    memory_gib,
                    need_gib,
                    max_gpus,
                },
                Lang::En,
            ) => format!(
                "{name}: needs {} GiB, more than {max_gpus} GPUs of {} GB hold.",
                range::num(*need_gib),
                range::num(*memory_gib)
            ),
            (
                Exclusion::DoesNotFit {
                    memory_gib,
                    need_gib,
                    max_gpus,
                },
                Lang::Zh,
            ) => format!(
                "{name}：需要 {} GiB，超过 {max_gpus} 块 {} GB GPU 的容量。",
                range::num(*need_gib),
                range::num(*memory_gib)
            ),
            (Exclusion::NoPrice, Lang::En) => {
                format!("{name}: no catalog price can run this workload.")
            }
            (Exclusion::NoPrice, Lang::Zh) => format!("{name}：目录中没有可运行该任务的价格。"),
            (Exclusion::InstanceTooSmall { gpus, largest }, Lang::En) => format!(
                "{name}: one replica needs {gpus} GPUs, but the largest instance has {}.",
                largest.normalize()
            ),
            (Exclusion::InstanceTooSmall { gpus, largest }, Lang::Zh) => format!(
                "{name}：每个副本需要 {gpus} 块 GPU，但最大的实例只有 {} 块。",
                largest.normalize()
            ),
        }
    }
}

/// The recommendation for one workload.
#[derive(Debug, Clone, PartialEq)]
pub struct Recommendation {
    /// The workload.
    pub workload: ValidWorkload,
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
    /// The founding documents' rules of thumb, checked.
    pub rules: Vec<RuleCheck>,
    /// Assumptions behind every number.
    pub assumptions: Vec<Text>,
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
    // Which offers rent each GPU does not depend on the precision the rules re-rank at.
    let rentals = Rentals::new(catalog, fx, currency);
    let (ranked, excluded, memory) = ranking::evaluate(&rentals, workload, currency, today);
    let unit = cost::primary_unit(workload);
    let rules = rules::check(&rentals, workload, &ranked, unit, currency);
    let hw = embedded_hardware();
    let mut assumptions = memory.notes.clone();
    assumptions.extend(global_assumptions(workload, &ranked, fx));
    Recommendation {
        workload: *workload,
        currency,
        unit,
        memory,
        ranked,
        excluded,
        rules,
        assumptions,
        hardware_built: hw.built,
    }
}

fn global_assumptions(w: &ValidWorkload, ranked: &[Candidate], fx: &FxTable) -> Vec<Text> {
    let mut out = Vec::new();
    let fx_text = match fx.origin() {
        FxOrigin::Catalog { as_of, source } => format!("{as_of}, {source}"),
        FxOrigin::User => "entered by you".into(),
    };
    out.push(Text::new(
        format!(
            "Prices: the cheapest listed per provider and billing class, per instance, converted at {} CNY per USD ({fx_text}).",
            fx.cny_per_usd().normalize()
        ),
        format!(
            "价格：每家厂商每种计费方式的最低刊例价（按实例），按 1 美元 = {} 元换算（{fx_text}）。",
            fx.cny_per_usd().normalize()
        ),
    ));
    out.push(Text::new(
        "Instances are rented whole and all their GPUs work on the job (data parallelism within an instance taken as linear); a serving fleet rounds up to whole instances.",
        "实例整租，其全部 GPU 都参与任务（实例内数据并行视为线性扩展）；推理服务集群向上取整到整实例。",
    ));
    out.push(Text::new(
        "Committed prices are owed for every hour of the term and subscriptions for the whole period: their costs assume the capacity is used throughout. Spot capacity can be interrupted; long runs need checkpoints.",
        "承诺价格须按整个期限的每小时付费，包月等订阅须按整个周期付费：其成本假设容量被充分使用。竞价实例可能被中断；长任务需保存检查点。",
    ));
    out.push(Text::new(
        "Google Cloud GPU-component prices are left out (the host VM is billed separately); market references and institution-only tariffs are listed but not ranked.",
        "Google Cloud 仅 GPU 部分的价格不参与计算（主机 VM 另计）；市场参考价与机构内部价格仅列出，不参与排名。",
    ));
    if let ModelChoice::Custom { .. } = w.workload().model {
        if let Some(t) = w.spec().arch.transformer() {
            out.push(Text::new(
                format!(
                    "A custom model is treated as a dense decoder-only transformer: {} layers, hidden size {}, {} heads, no grouped-query attention.",
                    t.layers, t.hidden, t.heads
                ),
                format!(
                    "自定义模型按稠密的仅解码器 Transformer 处理：{} 层，隐藏维度 {}，{} 个注意力头，无分组查询注意力。",
                    t.layers, t.hidden, t.heads
                ),
            ));
        }
    } else {
        out.push(Text::new(
            format!("Model size: {}.", w.spec().source),
            format!("模型规模：{}。", w.spec().source),
        ));
    }
    if matches!(w.workload().task, Task::Serving(_)) && w.deadline_hours().is_some() {
        out.push(Text::new(
            "Online serving runs continuously: the deadline is not used.",
            "在线服务持续运行：不使用截止时间。",
        ));
    }
    let mut suites: Vec<&str> = ranked
        .iter()
        .filter_map(|c| match &c.throughput.basis {
            Basis::Measured { title, .. } => Some(title.as_str()),
            _ => None,
        })
        .collect();
    suites.sort_unstable();
    suites.dedup();
    for s in &suites {
        out.push(Text::new(
            format!("Measured throughputs come from one suite only ({s}); rows of other suites are not mixed in, and GPUs it did not measure are modelled with the efficiency its rows imply."),
            format!("实测吞吐量只取自同一套件（{s}）；不混用其他套件的数据，该套件未测的 GPU 按其数据推算的利用率建模。"),
        ));
        if s.starts_with("MLPerf") {
            out.push(Text::new(
                "MLPerf: Result not verified by MLCommons Association. Closed-division engines may run quantized; the summary logs do not record precision.",
                "MLPerf：结果未经 MLCommons 协会验证。封闭组引擎可能使用量化；汇总日志未记录精度。",
            ));
        }
    }
    out
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
