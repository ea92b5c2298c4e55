//! The hardware recommendation as the page's panel, the CLI and the exports show it: the
//! workload in one line, the memory breakdown, the ranked GPUs with their cost, price,
//! time, throughput, evidence, reasons, caveats and assumptions, the GPUs left out, the
//! rules of thumb checked, and the hardware data's date.
//!
//! [`RecommendationView::new`] does all the arithmetic and formatting (in [`numbers`]) and
//! writes every message in one language (in [`words`]); the panel only lays the strings
//! out, and [`RecommendationView::to_json`] is the export's `recommendation` object.
//!
//! [`numbers`]: crate::recommend::numbers
//! [`words`]: crate::recommend::words

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::billing_mode::BillingMode;
use crate::catalog::AsOf;
use crate::edit::Recommended;
use crate::format::{self, Lang};
use crate::money::Money;
use crate::recommend::cost::FleetMonth;
use crate::recommend::numbers::{money_span, span};
use crate::recommend::{
    Candidate, CostUnit, LowHigh, MemoryEstimate, PriceOption, Rate, Recommendation, SliceFit,
    Task, WorkUnit, EXPLAINED,
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
    /// The part in words: `Weights`.
    pub label: &'static str,
    /// Its size, GiB.
    pub gib: LowHigh<f64>,
    /// `15–16.8 GiB`.
    pub text: String,
}

/// The memory estimate as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryView {
    /// Everything on one GPU, GiB.
    pub total_gib: LowHigh<f64>,
    /// `17.2–19.4 GiB`.
    pub total: String,
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

/// The price a candidate is ranked by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceView {
    /// Provider id.
    pub provider: String,
    /// Offer id.
    pub offer: String,
    /// Billing mode.
    pub mode: BillingMode,
    /// Provider, instances, offer, billing, per-GPU-hour price, region, date, source.
    pub text: String,
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
    /// GPUs one replica is costed with.
    pub gpus_per_replica: u32,
    /// `Each replica: 1 × 24 GB, ≈ 18–20 GiB used on each` and slice notes.
    pub gpus: String,
    /// The machines the ranking price rents (worded by `l10n::recommend`).
    pub fleet: Option<Fleet>,
    /// Online serving: the fleet's month at the stated rate (worded by `l10n::recommend`).
    pub monthly: Option<MonthlyCost>,
    /// What "use this" puts into the scenario's lines, when a line can take it.
    pub use_this: Option<Recommended>,
    /// The cost in the ranking unit.
    pub cost_range: Option<LowHigh<Money>>,
    /// `¥1.23–¥2.34`, or `—`.
    pub cost: String,
    /// `per 1M requests`.
    pub unit: &'static str,
    /// The price used.
    pub price: Option<PriceView>,
    /// Time to finish (or per request) against the deadline (or latency bound).
    pub time: Option<String>,
    /// `1,200–1,800 requests/s per GPU`.
    pub throughput: String,
    /// Whether the throughput was measured.
    pub measured: bool,
    /// `measured` or `modelled`.
    pub basis_kind: &'static str,
    /// The evidence without its kind.
    pub evidence: String,
    /// The evidence with its kind, as one sentence.
    pub basis: String,
    /// Reasons a person can check.
    pub reasons: Vec<String>,
    /// Caveats.
    pub warnings: Vec<String>,
    /// Assumptions specific to this GPU.
    pub assumptions: Vec<String>,
}

/// One rule of thumb, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleView {
    /// Rule slug.
    pub key: &'static str,
    /// Verdict slug (`within`, `n/a`, …).
    pub verdict_key: &'static str,
    /// The claim as the document makes it.
    pub claim: &'static str,
    /// The verdict in words.
    pub verdict: &'static str,
    /// The numbers behind it.
    pub finding: String,
    /// The founding document.
    pub source: &'static str,
}

/// Everything a recommendation shows, in one language.
#[derive(Debug, Clone, PartialEq)]
pub struct RecommendationView {
    /// The workload in one line.
    pub workload: String,
    /// What the costs are per.
    pub unit: CostUnit,
    /// Memory needed.
    pub memory: MemoryView,
    /// The best GPUs, as many as asked for.
    pub ranked: Vec<CandidateView>,
    /// How many more could do the work.
    pub more: usize,
    /// `… and 3 more GPU(s) that can do the work.`, when there are more.
    pub more_text: Option<String>,
    /// GPUs left out, with the reason.
    pub excluded: Vec<String>,
    /// Rules of thumb.
    pub rules: Vec<RuleView>,
    /// Assumptions behind every number.
    pub assumptions: Vec<String>,
    /// The hardware data's date.
    pub hardware_built: NaiveDate,
    /// The hardware data's date, written for `lang`.
    pub hardware_built_text: String,
}

impl RecommendationView {
    /// `rec` as shown in `lang`, with its best `shown` GPUs (at most [`EXPLAINED`], the
    /// ones that carry reasons).
    pub fn new(rec: &Recommendation, lang: Lang, shown: usize) -> RecommendationView {
        let shown = shown.min(EXPLAINED);
        let more = rec.ranked.len().saturating_sub(shown);
        RecommendationView {
            workload: crate::l10n::recommend::workload_summary(rec.workload.workload(), lang),
            unit: rec.unit,
            memory: memory_view(&rec.memory, lang),
            ranked: rec
                .ranked
                .iter()
                .take(shown)
                .enumerate()
                .map(|(i, c)| candidate_view(rec, c, i + 1, lang))
                .collect(),
            more,
            more_text: (more > 0).then(|| crate::l10n::recommend::more_gpus(more, lang)),
            excluded: rec.excluded.iter().map(|e| e.text(lang)).collect(),
            rules: rec
                .rules
                .iter()
                .map(|r| RuleView {
                    key: r.rule.as_str(),
                    verdict_key: r.verdict.as_str(),
                    claim: r.rule.claim(lang),
                    verdict: r.verdict.text(lang),
                    finding: r.finding.text(lang),
                    source: r.rule.source(),
                })
                .collect(),
            assumptions: rec.assumptions.iter().map(|a| a.text(lang)).collect(),
            hardware_built: rec.hardware_built,
            hardware_built_text: format::date(rec.hardware_built, lang),
        }
    }

    /// The export's `recommendation` object: the ranked GPUs that have a price, the rules.
    pub fn to_json(&self) -> RecommendationJson {
        RecommendationJson {
            unit: self.unit.as_str().into(),
            // The export keeps its own fixed one-decimal form (machine-read, both ends).
            memory_gib: format!(
                "{:.1}–{:.1}",
                self.memory.total_gib.low, self.memory.total_gib.high
            ),
            ranked: self
                .ranked
                .iter()
                .filter_map(|c| {
                    let (o, cost) = (c.price.as_ref()?, c.cost_range?);
                    let fleet = c.fleet.as_ref()?;
                    let month = c.monthly.map(|m| m.month);
                    Some(CandidateJson {
                        gpu: c.gpu.clone(),
                        gpus: c.gpus_per_replica,
                        machines: fleet.machines,
                        machines_low: fleet.range.low,
                        machines_high: fleet.range.high,
                        gpus_per_machine: fleet.gpus_per_machine.normalize().to_string(),
                        month: month.map(|m| m.expected.to_decimal_string()),
                        month_low: month.map(|m| m.range.low.to_decimal_string()),
                        month_high: month.map(|m| m.range.high.to_decimal_string()),
                        cost_low: cost.low.to_decimal_string(),
                        cost_high: cost.high.to_decimal_string(),
                        provider: o.provider.clone(),
                        offer: o.offer.clone(),
                        billing_mode: o.mode.to_string(),
                        throughput_basis: c.basis.clone(),
                        reasons: c.reasons.clone(),
                        warnings: c.warnings.clone(),
                    })
                })
                .collect(),
            rules: self
                .rules
                .iter()
                .map(|r| RuleJson {
                    rule: r.key.into(),
                    verdict: r.verdict_key.into(),
                    finding: r.finding.clone(),
                })
                .collect(),
        }
    }
}

fn memory_view(m: &MemoryEstimate, lang: Lang) -> MemoryView {
    let line = |part: MemoryPart, gib: LowHigh<f64>| MemoryLine {
        part,
        label: part.text(lang),
        gib,
        text: gib_text(gib),
    };
    MemoryView {
        total_gib: m.total_gib,
        total: gib_text(m.total_gib),
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

/// `15–16.8 GiB`.
fn gib_text(r: LowHigh<f64>) -> String {
    format!("{} GiB", span(r))
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

fn candidate_view(rec: &Recommendation, c: &Candidate, rank: usize, lang: Lang) -> CandidateView {
    let t = &c.throughput;
    let best = c.best_option();
    let cost_range = best.and_then(|o| o.cost.in_unit(rec.unit));
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
        gpus_per_replica: c.gpus_per_replica(),
        gpus: gpus_used(c, &rec.memory).text(lang),
        fleet: best.map(|o| Fleet::of(c, o)),
        monthly,
        use_this: best.and_then(|o| Recommended::of(c, o)),
        cost_range,
        cost: cost_range.map(money_span).unwrap_or_else(|| "—".into()),
        unit: rec.unit.text(lang),
        price: best.map(|o| PriceView {
            provider: o.provider.clone(),
            offer: o.offer.clone(),
            mode: o.mode,
            text: price_facts(c, o).text(lang),
        }),
        time: time_facts(rec, c).map(|f| f.text(lang)),
        throughput: crate::l10n::recommend::throughput_per_gpu(t.per_gpu, t.unit, lang),
        measured: t.basis.is_measured(),
        basis_kind: t.basis.kind_text(lang),
        evidence: t.basis.evidence(lang),
        basis: t.basis.text(lang),
        reasons: c.reasons.iter().map(|r| r.text(lang)).collect(),
        warnings: c.warnings.iter().map(|w| w.text(lang)).collect(),
        assumptions: c.assumptions.iter().map(|a| a.text(lang)).collect(),
    }
}

/// The hardware recommendation in an export.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct RecommendationJson {
    /// `run` or `1M-requests`.
    pub unit: String,
    /// Memory the work needs on one GPU, GiB, `low–high`.
    pub memory_gib: String,
    /// The ranked GPUs (at most ten), cheapest first.
    pub ranked: Vec<CandidateJson>,
    /// The founding documents' rules of thumb, checked against the numbers.
    pub rules: Vec<RuleJson>,
}

/// One ranked GPU.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CandidateJson {
    /// GPU model id.
    pub gpu: String,
    /// GPUs per replica.
    pub gpus: u32,
    /// Machines the plan is budgeted and priced with (the middle of the throughput range).
    pub machines: u64,
    /// Machines at the optimistic end of the throughput range.
    pub machines_low: u64,
    /// Machines at the pessimistic end.
    pub machines_high: u64,
    /// GPUs on each machine (below one for a slice).
    pub gpus_per_machine: String,
    /// Online serving: the budgeted fleet over a 730-hour month (display currency).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month: Option<String>,
    /// The month at the optimistic end of the throughput range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month_low: Option<String>,
    /// The month at the pessimistic end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month_high: Option<String>,
    /// Cost per unit, low end (display currency).
    pub cost_low: String,
    /// Cost per unit, high end.
    pub cost_high: String,
    /// Provider of the price used.
    pub provider: String,
    /// Offer id of the price used.
    pub offer: String,
    /// Billing mode of the price used.
    pub billing_mode: String,
    /// Where the throughput comes from.
    pub throughput_basis: String,
    /// Reasons, in the requested language.
    pub reasons: Vec<String>,
    /// Warnings, in the requested language.
    pub warnings: Vec<String>,
}

/// One rule-of-thumb check.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct RuleJson {
    /// Rule slug.
    pub rule: String,
    /// Verdict slug.
    pub verdict: String,
    /// What the numbers show, in the requested language.
    pub finding: String,
}

/// The export's `recommendation` object for `rec` in `lang`: its best [`EXPLAINED`] GPUs.
pub fn recommendation_json(rec: &Recommendation, lang: Lang) -> RecommendationJson {
    RecommendationView::new(rec, lang, EXPLAINED).to_json()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::fx::FxTable;
    use crate::money::Currency;
    use crate::recommend::{recommend, TaskKind};

    fn serving() -> Recommendation {
        let c = &embedded().catalog;
        let w = crate::recommend::Workload::for_task(TaskKind::OnlineServing)
            .validate()
            .unwrap();
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        recommend(c, &w, &FxTable::from_catalog(c), Currency::Cny, today)
    }

    #[test]
    fn the_export_lists_the_views_priced_candidates_with_their_full_basis() {
        let rec = serving();
        let v = RecommendationView::new(&rec, Lang::En, EXPLAINED);
        let json = v.to_json();
        assert_eq!(json.unit, "1M-requests");
        assert!(!json.ranked.is_empty() && json.ranked.len() <= EXPLAINED);
        for (c, j) in v.ranked.iter().zip(&json.ranked) {
            assert_eq!(c.gpu, j.gpu);
            // The export budgets the same fleet and month as the card.
            let fleet = c.fleet.as_ref().unwrap();
            assert_eq!(
                (j.machines, j.machines_low),
                (fleet.machines, fleet.range.low)
            );
            let month = c.monthly.unwrap().month.expected;
            assert_eq!(j.month, Some(month.to_decimal_string()));
            assert_eq!(
                j.throughput_basis,
                format!("{}: {}", c.basis_kind, c.evidence)
            );
            assert_eq!(c.reasons, j.reasons);
        }
    }

    #[test]
    fn the_chinese_view_carries_no_english_dates_or_datasheet_words() {
        let v = RecommendationView::new(&serving(), Lang::Zh, EXPLAINED);
        let mut lines: Vec<&str> = v.assumptions.iter().map(String::as_str).collect();
        for c in &v.ranked {
            lines.extend(c.reasons.iter().map(String::as_str));
            lines.extend([c.basis.as_str(), c.gpus.as_str(), c.throughput.as_str()]);
        }
        lines.extend(v.rules.iter().map(|r| r.finding.as_str()));
        for line in lines {
            for english in [
                "unknown",
                "tensor",
                "entered by you",
                "measured",
                "modelled",
            ] {
                assert!(!line.contains(english), "{english} in: {line}");
            }
        }
    }
}
