//! The review rendered: one JSON document ([`ReviewJson`], built once, here) and one printer
//! per output made from it — `csv`, `markdown`, `table` (and the page's `crate::html`), with
//! how amounts read written once in `shown` — so every output carries the same numbers. Bill
//! amounts stay in the bill's currency, exact; lever amounts are in the display currency,
//! rounded once as the calculator rounds them.

mod csv;
mod markdown;
mod shown;
mod table;

pub use csv::to_csv;
pub use markdown::to_markdown;
pub(crate) use shown::{money_or_raw, rates, shown, shown_amount};
pub use table::to_table;

use std::collections::BTreeMap;

use gpucost_core::format::Lang;
use gpucost_core::l10n::Localize;
use gpucost_core::money::Money;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::l10n::group_name;
use crate::review::levers::Levers;
use crate::review::summary::{summarize, OwnedSpend};
use crate::review::utilization::{UtilizationReview, LOW_UTILIZATION_PERCENT};
use crate::review::{Amounts, Group, Review};

/// One dimension's values folded into `(other)`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FoldJson {
    /// `tag-keys`, `tag-values`, `resources`, `instance-types`, `non-gpu-items`, `providers`
    /// or `regions`.
    pub dimension: String,
    /// The tag key (tag values) or provider (regions), else empty.
    pub key: String,
    /// The most distinct values kept apart.
    pub max: usize,
    /// Rows whose value was folded.
    pub rows: u64,
    /// The sentence, in the requested language.
    pub text: String,
}

/// The review as JSON.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ReviewJson {
    /// Format version of this document.
    pub version: u32,
    /// What to do first: spend, the three largest savings and who owns them.
    pub summary: SummaryJson,
    /// The bill's file name.
    pub file: String,
    /// Its format (slug).
    pub format: String,
    /// Rows read.
    pub rows: u64,
    /// Lines skipped.
    pub skipped: u64,
    /// The first skipped lines, named with line and column, in the requested language.
    pub problems: Vec<String>,
    /// Dimensions with more distinct values than the review keeps apart: the rest is in the
    /// group `(other)` (absent when nothing was folded).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub folded: Vec<FoldJson>,
    /// First usage start, UTC (`YYYY-MM-DD HH:MM:SS`), or empty.
    pub period_start: String,
    /// Last usage end, UTC, or empty.
    pub period_end: String,
    /// The whole bill per currency.
    pub total: BTreeMap<String, String>,
    /// GPU spend per currency.
    pub gpu: BTreeMap<String, String>,
    /// Everything else per currency.
    pub non_gpu: BTreeMap<String, String>,
    /// GPU-hours.
    pub gpu_hours: String,
    /// GPU spend by provider, biggest first.
    pub by_provider: Vec<GroupJson>,
    /// … by GPU model.
    pub by_gpu: Vec<GroupJson>,
    /// … by instance type.
    pub by_instance: Vec<GroupJson>,
    /// … by tag key, then value.
    pub by_tag: BTreeMap<String, Vec<GroupJson>>,
    /// Other spend, by what the bill calls it.
    pub non_gpu_items: Vec<GroupJson>,
    /// GPU-hours per hour of the week, Monday 00:00 first, in the review's time zone.
    pub heat: Vec<String>,
    /// The review's time zone, minutes east of UTC.
    pub tz_offset_minutes: i16,
    /// What the bill's format does not say (`instances`, `labels`), so that the figures it
    /// would give (resources that never stop; dev/test use) are not known, not zero.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lacks: Vec<LackJson>,
    /// GPU resources that never stop.
    pub always_on: Vec<AlwaysOnJson>,
    /// Dev/test GPU-hours outside office hours.
    pub dev_off_hours_gpu_hours: String,
    /// … and their cost per currency.
    pub dev_off_hours_cost: BTreeMap<String, String>,
    /// Budgets against monthly spend.
    pub budgets: Vec<BudgetJson>,
    /// What a utilization side file said, when one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub utilization: Option<UtilizationJson>,
    /// The levers, when the usage could be priced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub levers: Option<LeversJson>,
}

impl ReviewJson {
    /// What is not known because the bill's format does not say `what` (`instances`,
    /// `labels`), in the document's language.
    pub fn lack(&self, what: &str) -> Option<&str> {
        self.lacks
            .iter()
            .find(|l| l.what == what)
            .map(|l| l.text.as_str())
    }
}

/// What to do first ([`crate::review::summary`]).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SummaryJson {
    /// The whole bill per currency.
    pub total: BTreeMap<String, String>,
    /// GPU spend per currency.
    pub gpu: BTreeMap<String, String>,
    /// The tag key the owners are values of (empty when the bill has no tags).
    pub owner_key: String,
    /// The largest savings (at most three), biggest first; each on its own, not to be added.
    pub top: Vec<TopSavingJson>,
    /// Why no saving is named (a slug, as in `levers.not_priced`), else empty.
    pub none: String,
    /// … in words, in the requested language.
    pub none_text: String,
    /// The summary in sentences, in the requested language.
    pub lines: Vec<String>,
}

/// One of the largest savings.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TopSavingJson {
    /// The lever's slug.
    pub lever: String,
    /// Its name in the requested language.
    pub name: String,
    /// Saving per month, in `currency`.
    pub amount: String,
    /// The levers' display currency.
    pub currency: String,
    /// Percent of the same usage on demand.
    pub percent: String,
    /// What the owners' spend is: `gpu`, `gpu-at-provider` (the main provider's, on a bill
    /// of several) or `dev-off-hours`.
    pub owned: String,
    /// The provider, for `gpu-at-provider`; else empty.
    pub provider: String,
    /// The owners with the most of that spend, most first.
    pub owners: Vec<OwnerJson>,
}

/// An owner of a saving.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct OwnerJson {
    /// The owner tag's value.
    pub value: String,
    /// Its spend per currency.
    pub spend: BTreeMap<String, String>,
}

/// What a utilization side file said of the bill's GPU resources.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct UtilizationJson {
    /// The side file's name.
    pub file: String,
    /// Its format (`nvidia-smi` or `generic`).
    pub format: String,
    /// Samples read.
    pub samples: u64,
    /// Lines skipped.
    pub skipped: u64,
    /// The first skipped lines, named with line and column, in the requested language.
    pub problems: Vec<String>,
    /// A resource whose average is below this percent is low-utilization.
    pub low_threshold_percent: String,
    /// The resources with samples, biggest GPU spend first.
    pub resources: Vec<ResourceUtilizationJson>,
    /// GPU spend of the low-utilization resources, per currency.
    pub low_cost: BTreeMap<String, String>,
    /// GPU resources of the bill without samples.
    pub unsampled: u64,
    /// … and their GPU spend per currency.
    pub unsampled_cost: BTreeMap<String, String>,
    /// Resource ids of the side file that are no GPU resource of the bill.
    pub unmatched: u64,
}

/// One resource's utilization.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ResourceUtilizationJson {
    /// Resource id.
    pub resource: String,
    /// Provider id.
    pub provider: String,
    /// GPU model id.
    pub gpu: String,
    /// Samples.
    pub samples: u64,
    /// Average GPU utilization, percent, two decimals.
    pub average_percent: String,
    /// 95th percentile, percent.
    pub p95_percent: String,
    /// Peak GPU memory in use, MiB (empty when the file has none).
    pub peak_memory_mib: String,
    /// The GPU's memory as the file says, MiB (empty when it does not).
    pub memory_total_mib: String,
    /// GPU spend per currency.
    pub cost: BTreeMap<String, String>,
    /// Whether its average is below the threshold.
    pub low: bool,
}

/// One group.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GroupJson {
    /// Its key.
    pub key: String,
    /// Spend per currency.
    pub cost: BTreeMap<String, String>,
    /// GPU-hours (empty for non-GPU items).
    pub gpu_hours: String,
    /// Spend per GPU-hour per currency, four decimals.
    pub per_gpu_hour: BTreeMap<String, String>,
}

/// What a bill's format does not say.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LackJson {
    /// `instances` or `labels`.
    pub what: String,
    /// What is not known, and why, in the requested language.
    pub text: String,
}

/// A resource that never stops.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct AlwaysOnJson {
    /// Resource id.
    pub resource: String,
    /// Provider id.
    pub provider: String,
    /// GPU model id.
    pub gpu: String,
    /// Hours it ran.
    pub hours: String,
    /// Its cost per currency.
    pub cost: BTreeMap<String, String>,
}

/// A budget.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct BudgetJson {
    /// `key=value`.
    pub tag: String,
    /// Budget per month.
    pub monthly: String,
    /// Spend per month.
    pub monthly_spend: String,
    /// Its currency.
    pub currency: String,
    /// Whether the spend exceeds it.
    pub over: bool,
}

/// The levers.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LeversJson {
    /// Display currency.
    pub currency: String,
    /// Actual GPU spend per 730-hour month.
    pub actual_monthly: String,
    /// The usage at the main provider's list prices, on demand, per month.
    pub baseline: String,
    /// The main provider.
    pub main_provider: String,
    /// The main provider's share of the GPU spend, percent (two decimals): the levers cover
    /// its usage only.
    pub main_provider_share: String,
    /// Each lever.
    pub savings: Vec<LeverJson>,
    /// Levers not priced: slug and why.
    pub not_priced: Vec<NotPricedJson>,
    /// What the reader needs to know to read the levers right (Google Cloud's GPU spend
    /// leaves out the machines): slug and words.
    pub notes: Vec<NoteJson>,
    /// GPU models left out of the derived scenario.
    pub left_out: Vec<String>,
    /// The calculator link that reproduces the usage (query string).
    pub scenario_link: String,
}

/// One lever.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LeverJson {
    /// Slug.
    pub lever: String,
    /// Name in the requested language.
    pub name: String,
    /// Saving per month.
    pub amount: String,
    /// Percent of the baseline.
    pub percent: String,
    /// Monthly cost without the lever.
    pub without: String,
    /// … with it.
    pub with: String,
    /// What it assumes.
    pub assumption: String,
}

/// A note on the levers.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct NoteJson {
    /// The note's slug.
    pub note: String,
    /// In words, in the requested language.
    pub text: String,
}

/// A lever not priced.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct NotPricedJson {
    /// The lever's slug.
    pub lever: String,
    /// Its name in the requested language.
    pub name: String,
    /// Why, in the requested language.
    pub why: String,
}

fn amounts(a: &Amounts) -> BTreeMap<String, String> {
    a.0.iter()
        .map(|(c, v)| (c.to_string(), v.normalize().to_string()))
        .collect()
}

/// `a` with a zero for each currency of the bill (`bill`) it lacks, so that an amount of
/// nothing shows as "$0.00" in the bill's currency, never as a bare "0".
fn with_zeros(mut a: BTreeMap<String, String>, bill: &Amounts) -> BTreeMap<String, String> {
    for c in bill.0.keys() {
        a.entry(c.to_string()).or_insert_with(|| "0".into());
    }
    a
}

fn dec(d: Decimal) -> String {
    d.round_dp(4).normalize().to_string()
}

/// A rate per GPU-hour rounded as the page shows it ([`Money::round_rate`]), trailing zeros
/// dropped.
fn rate(m: Money) -> String {
    m.round_rate().amount.normalize().to_string()
}

fn group(g: &Group) -> GroupJson {
    GroupJson {
        key: g.key.clone(),
        cost: amounts(&g.cost),
        gpu_hours: dec(g.gpu_hours),
        per_gpu_hour: g
            .cost
            .0
            .keys()
            .filter_map(|c| Some((c.to_string(), rate(Money::new(g.per_gpu_hour(*c)?, *c)))))
            .collect(),
    }
}

fn money(m: Money) -> String {
    m.round_for_display().to_decimal_string()
}

/// The JSON document of `review` and its `levers`, words in `lang`.
pub fn to_json(review: &Review, levers: Option<&Levers>, lang: Lang) -> ReviewJson {
    let non_gpu_total = {
        let mut a = Amounts::default();
        for (_, x) in &review.non_gpu {
            a.add_all(x);
        }
        a
    };
    let (start, end) = review
        .period
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .unwrap_or_default();
    ReviewJson {
        version: 1,
        summary: summary_json(review, levers, lang),
        file: review.file.clone(),
        format: review.format.as_str().into(),
        rows: review.rows,
        skipped: review.skipped,
        problems: review.problems.iter().map(|p| p.text(lang)).collect(),
        folded: review
            .folded
            .iter()
            .map(|f| FoldJson {
                dimension: f.dimension.as_str().into(),
                key: f.key.clone().unwrap_or_default(),
                max: f.max,
                rows: f.rows,
                text: f.text(lang),
            })
            .collect(),
        period_start: start,
        period_end: end,
        total: amounts(&review.total),
        gpu: with_zeros(amounts(&review.gpu), &review.total),
        non_gpu: with_zeros(amounts(&non_gpu_total), &review.total),
        gpu_hours: dec(review.gpu_hours),
        by_provider: review.by_provider.iter().map(group).collect(),
        by_gpu: review.by_gpu.iter().map(group).collect(),
        by_instance: review.by_instance.iter().map(group).collect(),
        by_tag: review
            .by_tag
            .iter()
            .map(|(k, gs)| (k.clone(), gs.iter().map(group).collect()))
            .collect(),
        non_gpu_items: review
            .non_gpu
            .iter()
            .map(|(k, a)| GroupJson {
                key: k.clone(),
                cost: amounts(a),
                gpu_hours: String::new(),
                per_gpu_hour: BTreeMap::new(),
            })
            .collect(),
        heat: review.heat.iter().map(|h| dec(*h)).collect(),
        tz_offset_minutes: review.options.tz_offset_minutes,
        lacks: review
            .lacks()
            .iter()
            .map(|l| LackJson {
                what: l.as_str().into(),
                text: l.text(lang).into(),
            })
            .collect(),
        always_on: review
            .waste
            .always_on
            .iter()
            .map(|r| AlwaysOnJson {
                resource: r.resource.clone(),
                provider: r.provider.clone(),
                gpu: r.gpu.clone(),
                hours: dec(r.hours),
                cost: amounts(&r.cost),
            })
            .collect(),
        dev_off_hours_gpu_hours: dec(review.waste.dev_off_hours_gpu_hours),
        dev_off_hours_cost: with_zeros(
            review
                .waste
                .dev_off_hours_cost
                .0
                .iter()
                .map(|(c, v)| (c.to_string(), v.round_dp(2).normalize().to_string()))
                .collect(),
            &review.gpu,
        ),
        budgets: review
            .budgets
            .iter()
            .map(|b| BudgetJson {
                tag: format!("{}={}", b.budget.key, b.budget.value),
                monthly: b.budget.monthly.normalize().to_string(),
                monthly_spend: b.monthly_spend.round_dp(2).normalize().to_string(),
                currency: b.budget.currency.to_string(),
                over: b.over(),
            })
            .collect(),
        utilization: review
            .utilization
            .as_ref()
            .map(|u| utilization_json(u, lang)),
        levers: levers.map(|l| levers_json(l, lang)),
    }
}

fn summary_json(review: &Review, levers: Option<&Levers>, lang: Lang) -> SummaryJson {
    let s = summarize(review, levers);
    let total = amounts(&s.total);
    let gpu = with_zeros(amounts(&s.gpu), &s.total);
    let mut lines = vec![crate::l10n::summary_spend(
        &shown(&total),
        &shown(&gpu),
        lang,
    )];
    let top: Vec<TopSavingJson> = s
        .top
        .iter()
        .map(|t| TopSavingJson {
            lever: t.saving.lever.as_str().into(),
            name: t.saving.lever.name(lang),
            amount: money(t.saving.amount()),
            currency: t.saving.without.currency.to_string(),
            percent: t.saving.percent().to_string(),
            owned: match t.owned {
                OwnedSpend::Gpu => "gpu",
                OwnedSpend::GpuAt(_) => "gpu-at-provider",
                OwnedSpend::DevOffHours => "dev-off-hours",
            }
            .into(),
            provider: match &t.owned {
                OwnedSpend::GpuAt(p) => p.clone(),
                _ => String::new(),
            },
            owners: t
                .owners
                .iter()
                .map(|o| OwnerJson {
                    value: o.value.clone(),
                    spend: amounts(&o.spend),
                })
                .collect(),
        })
        .collect();
    for (rank, t) in top.iter().enumerate() {
        let amount = shown_amount(&t.currency, &t.amount)
            .unwrap_or_else(|| format!("{} {}", t.amount, t.currency));
        lines.push(crate::l10n::summary_saving(
            rank + 1,
            &t.name,
            &amount,
            &t.percent,
            lang,
        ));
        if s.owner_key.is_some() {
            let owners: Vec<(String, String)> = t
                .owners
                .iter()
                .map(|o| (group_name(&o.value, lang).to_string(), shown(&o.spend)))
                .collect();
            let basis = match t.owned.as_str() {
                "dev-off-hours" => crate::l10n::OwnerBasis::DevOffHours,
                "gpu-at-provider" => crate::l10n::OwnerBasis::GpuAt(&t.provider),
                _ => crate::l10n::OwnerBasis::Gpu,
            };
            lines.push(crate::l10n::summary_owners(
                s.owner_key.as_deref(),
                basis,
                &owners,
                lang,
            ));
        }
    }
    if !top.is_empty() {
        if s.owner_key.is_none() {
            // Once, not under each saving.
            let basis = crate::l10n::OwnerBasis::Gpu;
            lines.push(crate::l10n::summary_owners(None, basis, &[], lang));
        }
        lines.push(crate::l10n::summary_alternatives(lang).into());
        // A saving read without its note may be read wrong (larger than the GPU spend).
        let notes = levers.map(|l| l.notes.as_slice()).unwrap_or_default();
        lines.extend(notes.iter().map(|n| n.text(lang).to_string()));
    }
    let none_text = s.none.map(|w| w.text(lang).to_string()).unwrap_or_default();
    if !none_text.is_empty() {
        lines.push(crate::l10n::summary_none(&none_text, lang));
    }
    SummaryJson {
        total,
        gpu,
        owner_key: s.owner_key.unwrap_or_default(),
        top,
        none: s.none.map(|w| w.as_str().to_string()).unwrap_or_default(),
        none_text,
        lines,
    }
}

fn utilization_json(u: &UtilizationReview, lang: Lang) -> UtilizationJson {
    let mib = |m: Option<Decimal>| m.map(|v| v.normalize().to_string()).unwrap_or_default();
    UtilizationJson {
        file: u.file.clone(),
        format: u.format.as_str().into(),
        samples: u.samples,
        skipped: u.skipped,
        problems: u.problems.iter().map(|p| p.text(lang)).collect(),
        low_threshold_percent: LOW_UTILIZATION_PERCENT.normalize().to_string(),
        resources: u
            .resources
            .iter()
            .map(|r| ResourceUtilizationJson {
                resource: r.resource.clone(),
                provider: r.provider.clone(),
                gpu: r.gpu.clone(),
                samples: r.samples,
                average_percent: r.average_percent.round_dp(2).normalize().to_string(),
                p95_percent: r.p95_percent.normalize().to_string(),
                peak_memory_mib: mib(r.peak_memory_mib),
                memory_total_mib: mib(r.memory_total_mib),
                cost: amounts(&r.cost),
                low: r.low,
            })
            .collect(),
        low_cost: amounts(&u.low_cost),
        unsampled: u.unsampled,
        unsampled_cost: amounts(&u.unsampled_cost),
        unmatched: u.unmatched,
    }
}

fn levers_json(l: &Levers, lang: Lang) -> LeversJson {
    LeversJson {
        currency: l
            .baseline
            .or(l.actual_monthly)
            .map(|m| m.currency.to_string())
            .unwrap_or_default(),
        actual_monthly: l.actual_monthly.map(money).unwrap_or_default(),
        baseline: l.baseline.map(money).unwrap_or_default(),
        main_provider: l.main_provider.clone().unwrap_or_default(),
        main_provider_share: l
            .share
            .map(|s| {
                (s * Decimal::ONE_HUNDRED)
                    .round_dp(2)
                    .normalize()
                    .to_string()
            })
            .unwrap_or_default(),
        savings: l
            .savings
            .iter()
            .map(|s| LeverJson {
                lever: s.lever.as_str().into(),
                name: s.lever.name(lang),
                amount: money(s.amount()),
                percent: s.percent().to_string(),
                without: money(s.without),
                with: money(s.with),
                assumption: match s.break_even {
                    Some(u) => format!(
                        "{} {}",
                        s.lever.assumption(lang),
                        crate::l10n::break_even(u, lang)
                    ),
                    None => s.lever.assumption(lang),
                },
            })
            .collect(),
        not_priced: l
            .not_priced
            .iter()
            .map(|(lever, why)| NotPricedJson {
                lever: (*lever).into(),
                name: crate::l10n::lever_slug_name(lever, lang).into(),
                why: why.text(lang).into(),
            })
            .collect(),
        notes: l
            .notes
            .iter()
            .map(|n| NoteJson {
                note: n.as_str().into(),
                text: n.text(lang).into(),
            })
            .collect(),
        left_out: l.left_out.clone(),
        scenario_link: l.link.clone(),
    }
}
