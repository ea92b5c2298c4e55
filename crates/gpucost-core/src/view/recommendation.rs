//! The hardware recommendation as the page's panel, the CLI and the exports show it: the
//! workload in one line, the memory breakdown, the ranked GPUs with their cost, price,
//! time, throughput, evidence, reasons, caveats and assumptions, the GPUs left out, the
//! rules of thumb checked, and the hardware data's date.
//!
//! [`RecommendationView::new`] picks what is shown and does the arithmetic; the view holds
//! typed facts and no words, like the results view. It is worded once per language by
//! [`RecommendationText`](crate::l10n::recommend_text::RecommendationText), which the panel
//! lays out, and exported by
//! [`RecommendationJson`](crate::print::json_recommendation::RecommendationJson), so a change
//! of language rewords the same view without recomputing it.

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::billing_mode::BillingMode;
use crate::catalog::AsOf;
use crate::edit::Recommended;
use crate::money::Money;
use crate::recommend::cost::FleetMonth;
use crate::recommend::{
    Assumption, Basis, Candidate, CostUnit, Excluded, LowHigh, MemoryEstimate, PriceOption,
    QuoteExcluded, Rate, Reason, Recommendation, RuleCheck, SliceFit, Task, Warning, WorkUnit,
    Workload, EXPLAINED,
};

/// One part of the memory estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemoryPart {
    /// Weights (frozen and trained).
    Weights,
    /// Gradients of the trained parameters.
    Gradients,
    /// Optimizer states.
    Optimizer,
    /// Activations.
    Activations,
    /// KV cache of one request.
    KvCache,
    /// Runtime overhead.
    Overhead,
    /// The part that can be split across GPUs.
    Splittable,
    /// The part every GPU holds.
    EveryGpu,
}

/// One line of the memory breakdown.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryLine {
    /// Which part.
    pub part: MemoryPart,
    /// Its size, GiB.
    pub gib: LowHigh<f64>,
}

/// The memory estimate as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryView {
    /// Everything on one GPU, GiB.
    pub total_gib: LowHigh<f64>,
    /// The parts that are not zero.
    pub parts: Vec<MemoryLine>,
    /// The splittable part and the per-GPU part.
    pub split: Vec<MemoryLine>,
}

/// GPUs per replica and the memory each holds, as a card shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct GpusUsed {
    /// GPUs per replica.
    pub gpus: u32,
    /// Memory per GPU, GB.
    pub memory_gb: f64,
    /// Memory used on each, GiB.
    pub used_gib: LowHigh<f64>,
    /// Whether that needs activation checkpointing.
    pub checkpointing: bool,
    /// GPUs memory alone needs, when the replica spans more (for the latency bound).
    pub memory_alone: Option<u32>,
    /// A MIG slice or fractional offer that would hold the model.
    pub slice: Option<SliceFit>,
}

/// The machines a plan rents, as the card and its price both say them:
/// `2 machines × 4 GPUs = 8 × NVIDIA GeForce RTX 3090 24 GB`.
#[derive(Debug, Clone, PartialEq)]
pub struct Fleet {
    /// Machines (instances) the plan is budgeted and priced with.
    pub machines: u64,
    /// Machines from the optimistic to the pessimistic end of the throughput range.
    pub range: LowHigh<u64>,
    /// GPUs per machine (below one for a slice).
    pub gpus_per_machine: Decimal,
    /// GPU name.
    pub gpu_name: String,
    /// Memory per GPU, GB.
    pub memory_gb: f64,
    /// What makes the count a range (serving, when the ends differ).
    pub driver: Option<FleetDriver>,
}

/// Why a serving fleet's count is a range: the throughput per GPU is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FleetDriver {
    /// Throughput per GPU, pessimistic to optimistic.
    pub per_gpu: LowHigh<f64>,
    /// Its unit.
    pub unit: WorkUnit,
    /// Whether it was measured (else modelled).
    pub measured: bool,
}

impl Fleet {
    /// The machines `o` rents for `c`, priced as the ranking prices them.
    pub fn of(c: &Candidate, o: &PriceOption) -> Fleet {
        let t = &c.throughput;
        Fleet {
            machines: o.expected_instances,
            range: o.instances,
            gpus_per_machine: o.gpus_per_instance,
            gpu_name: c.profile.name.clone(),
            memory_gb: c.profile.memory_gib(),
            driver: (o.instances.low != o.instances.high && o.hours.is_none()).then(|| {
                FleetDriver {
                    per_gpu: t.per_gpu,
                    unit: t.unit,
                    measured: t.basis.is_measured(),
                }
            }),
        }
    }

    /// GPUs on the budgeted machines.
    pub fn gpus(&self) -> Decimal {
        Decimal::from(self.machines) * self.gpus_per_machine
    }
}

/// A serving fleet's month, beside its cost per million requests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MonthlyCost {
    /// The month: the budgeted fleet's cost and the range.
    pub month: FleetMonth,
    /// The request rate it serves.
    pub rate: Rate,
    /// The same fleet per million requests.
    pub per_million_requests: Option<LowHigh<Money>>,
}

/// The price a card names, and where it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct PriceFacts {
    /// Provider id.
    pub provider: String,
    /// Provider name (English).
    pub provider_name: String,
    /// Provider name (Chinese).
    pub provider_name_zh: String,
    /// The machines rented.
    pub fleet: Fleet,
    /// Offer id.
    pub offer: String,
    /// Instance type.
    pub instance: String,
    /// Billing mode.
    pub mode: BillingMode,
    /// One GPU per hour.
    pub per_gpu_hour: Money,
    /// Region.
    pub region: String,
    /// When the price was current.
    pub as_of: AsOf,
    /// The source's title.
    pub source_title: String,
    /// The user's own quote: `provider` is its owner, and it has no date or source.
    pub quote: bool,
}

/// How long the work takes on a candidate, against its bound.
#[derive(Debug, Clone, PartialEq)]
pub enum TimeFacts {
    /// Online serving: seconds per request against the latency bound.
    PerRequest {
        /// Seconds per request.
        latency_s: LowHigh<f64>,
        /// The bound, milliseconds.
        bound_ms: u32,
        /// Whether it is met.
        met: bool,
    },
    /// A job: hours to finish, against the deadline when there is one.
    ToFinish {
        /// Hours.
        hours: LowHigh<f64>,
        /// The deadline in hours, and whether it is met.
        deadline: Option<(Decimal, bool)>,
    },
}

/// One ranked GPU.
#[derive(Debug, Clone, PartialEq)]
pub struct CandidateView {
    /// Datasheet row (stable key).
    pub key: String,
    /// GPU model id.
    pub gpu: String,
    /// Rank, from 1.
    pub rank: usize,
    /// `NVIDIA L4`.
    pub name: String,
    /// Meets the deadline and latency bound.
    pub feasible: bool,
    /// GPUs per replica and the memory each holds.
    pub gpus: GpusUsed,
    /// The machines the ranking price rents.
    pub fleet: Option<Fleet>,
    /// Online serving: the fleet's month at the stated rate.
    pub monthly: Option<MonthlyCost>,
    /// What "use this" puts into the scenario's lines, when a line can take it.
    pub use_this: Option<Recommended>,
    /// The cost in the ranking unit.
    pub cost_range: Option<LowHigh<Money>>,
    /// The price used, and where it comes from.
    pub price: Option<PriceFacts>,
    /// Time to finish (or per request) against the deadline (or latency bound).
    pub time: Option<TimeFacts>,
    /// Work per GPU, pessimistic to optimistic.
    pub per_gpu: LowHigh<f64>,
    /// Its unit.
    pub work_unit: WorkUnit,
    /// Where the throughput comes from (measured or modelled, with its evidence).
    pub basis: Basis,
    /// Reasons a person can check.
    pub reasons: Vec<Reason>,
    /// Caveats.
    pub warnings: Vec<Warning>,
    /// Assumptions specific to this GPU.
    pub assumptions: Vec<Assumption>,
}

impl CandidateView {
    /// GPUs one replica is costed with.
    pub fn gpus_per_replica(&self) -> u32 {
        self.gpus.gpus
    }

    /// Whether the throughput was measured (else modelled).
    pub fn measured(&self) -> bool {
        self.basis.is_measured()
    }
}

/// Everything a recommendation shows, as typed facts in no language.
#[derive(Debug, Clone, PartialEq)]
pub struct RecommendationView {
    /// The workload described.
    pub workload: Workload,
    /// What the costs are per.
    pub unit: CostUnit,
    /// Memory needed.
    pub memory: MemoryView,
    /// The best GPUs, as many as asked for.
    pub ranked: Vec<CandidateView>,
    /// How many more could do the work.
    pub more: usize,
    /// GPUs left out, with the reason.
    pub excluded: Vec<Excluded>,
    /// The user's quotes left out, with the reason.
    pub excluded_quotes: Vec<QuoteExcluded>,
    /// Rules of thumb, checked.
    pub rules: Vec<RuleCheck>,
    /// Assumptions behind every number.
    pub assumptions: Vec<Assumption>,
    /// The hardware data's date.
    pub hardware_built: NaiveDate,
}

impl RecommendationView {
    /// `rec` with its best `shown` GPUs (at most [`EXPLAINED`], the ones that carry reasons).
    pub fn new(rec: &Recommendation, shown: usize) -> RecommendationView {
        let shown = shown.min(EXPLAINED);
        RecommendationView {
            workload: *rec.workload.workload(),
            unit: rec.unit,
            memory: memory_view(&rec.memory),
            ranked: rec
                .ranked
                .iter()
                .take(shown)
                .enumerate()
                .map(|(i, c)| candidate_view(rec, c, i + 1))
                .collect(),
            more: rec.ranked.len().saturating_sub(shown),
            excluded: rec.excluded.clone(),
            excluded_quotes: rec.excluded_quotes.clone(),
            rules: rec.rules.clone(),
            assumptions: rec.assumptions.clone(),
            hardware_built: rec.hardware_built,
        }
    }
}

fn memory_view(m: &MemoryEstimate) -> MemoryView {
    let line = |part: MemoryPart, gib: LowHigh<f64>| MemoryLine { part, gib };
    MemoryView {
        total_gib: m.total_gib,
        parts: [
            (MemoryPart::Weights, m.weights_gib),
            (MemoryPart::Gradients, m.gradients_gib),
            (MemoryPart::Optimizer, m.optimizer_gib),
            (MemoryPart::Activations, m.activations_gib),
            (MemoryPart::KvCache, m.kv_cache_gib),
            (MemoryPart::Overhead, m.overhead_gib),
        ]
        .into_iter()
        .filter(|(_, r)| r.high > 0.0)
        .map(|(p, r)| line(p, r))
        .collect(),
        split: vec![
            line(MemoryPart::Splittable, m.shardable_gib),
            line(MemoryPart::EveryGpu, m.per_gpu_gib),
        ],
    }
}

fn gpus_used(c: &Candidate, m: &MemoryEstimate) -> GpusUsed {
    // A replica may span more GPUs than memory needs (to meet a latency bound).
    let g = c.gpus_per_replica();
    GpusUsed {
        gpus: g,
        memory_gb: c.profile.memory_gib(),
        used_gib: m.per_gpu_used(g, c.gpus.needs_checkpointing),
        checkpointing: c.gpus.needs_checkpointing,
        memory_alone: (g > c.gpus.planned).then_some(c.gpus.planned),
        slice: c.slice.clone(),
    }
}

fn price_facts(c: &Candidate, o: &PriceOption) -> PriceFacts {
    PriceFacts {
        provider: o.provider.clone(),
        provider_name: o.provider_name.clone(),
        provider_name_zh: o.provider_name_zh.clone(),
        fleet: Fleet::of(c, o),
        offer: o.offer.clone(),
        instance: o.instance.clone(),
        mode: o.mode,
        per_gpu_hour: o.per_gpu_hour,
        region: o.region.clone(),
        as_of: o.as_of,
        source_title: o.source_title.clone(),
        quote: o.quote,
    }
}

fn time_facts(rec: &Recommendation, c: &Candidate) -> Option<TimeFacts> {
    let w = rec.workload.workload();
    if let Task::Serving(s) = w.task {
        return Some(TimeFacts::PerRequest {
            latency_s: c.throughput.latency_s?,
            bound_ms: s.latency_ms,
            met: c.throughput.latency_met != Some(false),
        });
    }
    let o = c.best_option()?;
    Some(TimeFacts::ToFinish {
        hours: o.hours?,
        deadline: w.deadline_hours.zip(o.meets_deadline),
    })
}

fn candidate_view(rec: &Recommendation, c: &Candidate, rank: usize) -> CandidateView {
    let t = &c.throughput;
    let best = c.best_option();
    let monthly = match (rec.workload.workload().task, best) {
        (Task::Serving(s), Some(o)) => o.cost.per_month.map(|month| MonthlyCost {
            month,
            rate: s.rate,
            per_million_requests: o.cost.per_million_requests,
        }),
        _ => None,
    };
    CandidateView {
        key: c.profile.sku.clone(),
        gpu: c.profile.gpu.clone(),
        rank,
        name: c.profile.name.clone(),
        feasible: c.feasible(),
        gpus: gpus_used(c, &rec.memory),
        fleet: best.map(|o| Fleet::of(c, o)),
        monthly,
        use_this: best.and_then(|o| Recommended::of(c, o)),
        cost_range: best.and_then(|o| o.cost.in_unit(rec.unit)),
        price: best.map(|o| price_facts(c, o)),
        time: time_facts(rec, c),
        per_gpu: t.per_gpu,
        work_unit: t.unit,
        basis: t.basis.clone(),
        reasons: c.reasons.clone(),
        warnings: c.warnings.clone(),
        assumptions: c.assumptions.clone(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::fx::FxTable;
    use crate::money::Currency;
    use crate::recommend::{recommend, TaskKind};

    /// The default online-serving workload's recommendation, priced in CNY.
    pub(crate) fn serving() -> Recommendation {
        let c = &embedded().catalog;
        let w = crate::recommend::Workload::for_task(TaskKind::OnlineServing)
            .validate()
            .unwrap();
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        recommend(c, &w, &FxTable::from_catalog(c), Currency::Cny, today)
    }

    #[test]
    fn the_view_keeps_the_best_candidates_in_rank_order_and_counts_the_rest() {
        let rec = serving();
        let v = RecommendationView::new(&rec, 3);
        assert_eq!(v.ranked.len(), 3.min(rec.ranked.len()));
        assert_eq!(v.ranked.len() + v.more, rec.ranked.len());
        for (i, (c, r)) in v.ranked.iter().zip(&rec.ranked).enumerate() {
            assert_eq!((c.rank, &c.gpu), (i + 1, &r.profile.gpu));
            assert_eq!(c.gpus_per_replica(), r.gpus_per_replica());
        }
        // Never more than the candidates that carry reasons.
        assert!(RecommendationView::new(&rec, 99).ranked.len() <= EXPLAINED);
    }

    #[test]
    fn a_card_prices_the_candidates_best_option() {
        let rec = serving();
        let v = RecommendationView::new(&rec, EXPLAINED);
        for (c, r) in v.ranked.iter().zip(&rec.ranked) {
            let Some(best) = r.best_option() else {
                assert!(c.price.is_none() && c.cost_range.is_none());
                continue;
            };
            let price = c.price.as_ref().unwrap();
            assert_eq!(
                (&price.provider, &price.offer),
                (&best.provider, &best.offer)
            );
            assert_eq!(price.per_gpu_hour, best.per_gpu_hour);
            assert_eq!(c.cost_range, best.cost.in_unit(rec.unit));
            assert_eq!(c.fleet.as_ref().unwrap().machines, best.expected_instances);
        }
    }

    #[test]
    fn the_memory_view_lists_only_the_parts_that_are_not_zero() {
        let v = RecommendationView::new(&serving(), EXPLAINED);
        assert!(v.memory.parts.iter().all(|p| p.gib.high > 0.0));
        assert!(v.memory.parts.iter().any(|p| p.part == MemoryPart::Weights));
        assert_eq!(v.memory.split.len(), 2);
    }
}
