//! The levers on the reviewed usage, priced by the calculator's own engine.
//!
//! The usage becomes a scenario ([`derive_scenario`]): one line per GPU model (the largest
//! [`MAX_LINES`] by GPU-hours) whose weekly schedule is the reviewed period's average week,
//! rounded to whole GPUs per hour, over a 730-hour month, in the place the bill's regions are.
//! That scenario is priced at the bill's main provider on demand (the modelled baseline), then
//! with one lever at a time: spot, a reserved/committed baseline, dev/test GPUs stopped out of
//! office hours, the cheapest other provider in the same place, and — with a utilization side
//! file — rightsizing to a smaller GPU that holds the memory in use ([`super::rightsize`]).
//! Each lever is the
//! difference of two engine totals, so the review has no cost model of its own. The same
//! scenario is the "open as a scenario" link.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use gpucost_core::billing_mode::ModeClass;
use gpucost_core::catalog::{Embedded, PriceBasis};
use gpucost_core::estimate::{BreakEven, ProviderEstimate};
use gpucost_core::fx::FxTable;
use gpucost_core::limits::{GPUS_PER_MACHINE, MAX_GPUS, MAX_LINES};
use gpucost_core::money::{Currency, Money};
use gpucost_core::placement::{Geo, Packing};
use gpucost_core::presets::Preset;
use gpucost_core::report::Report;
use gpucost_core::scenario::{Demand, Horizon, Interruption, Line, Scenario};
use gpucost_core::schedule::WeekGrid;
use gpucost_core::session;
use gpucost_core::share::{self, PageState};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::rightsize::{rightsize, Swap};
use super::time::office_hour;
use super::{Amounts, GpuWeek, Review};
use crate::bill::{BillFormat, Lack};

/// A lever on the reviewed usage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewLever {
    /// Dev/test-tagged GPUs stopped outside office hours.
    Schedule,
    /// Spot capacity for work that can be interrupted.
    Spot,
    /// A reserved/committed baseline with on-demand top-up.
    Reserved,
    /// GPU model lines whose memory in use fits a smaller GPU, on the cheapest such GPU.
    Rightsizing {
        /// The lines moved.
        swaps: Vec<Swap>,
    },
    /// The same GPUs at the cheapest other provider in the same place.
    OtherProvider {
        /// Its provider id.
        provider: String,
        /// Its name in English.
        name: String,
        /// Its name in Chinese.
        name_zh: String,
    },
}

/// One lever's effect per 730-hour month of the reviewed usage pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeverSaving {
    /// Which lever.
    pub lever: ReviewLever,
    /// The modelled monthly cost without it (the baseline).
    pub without: Money,
    /// … and with it.
    pub with: Money,
    /// For the reserved baseline: the share of hours a reserved instance must be in use to
    /// cost no more than on-demand (the engine's break-even, of the line that costs most).
    pub break_even: Option<Decimal>,
}

impl LeverSaving {
    /// `without − with`.
    pub fn amount(&self) -> Money {
        Money::new(
            self.without.amount.saturating_sub(self.with.amount),
            self.without.currency,
        )
    }

    /// The amount as a percent of `without`, two decimals.
    pub fn percent(&self) -> Decimal {
        gpucost_core::format::round_percent(
            self.amount()
                .amount
                .checked_div(self.without.amount)
                .and_then(|x| x.checked_mul(Decimal::ONE_HUNDRED))
                .unwrap_or_default(),
        )
    }
}

pub use super::error::NotPriced;

/// What a reader needs to know to read the levers of this bill right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeverNote {
    /// The bill charges a GPU apart from the machine it is attached to (Google Cloud's GPU
    /// SKUs), so its GPU spend leaves out the machines' vCPUs and memory (in other spend,
    /// and not told apart by machine), while the catalog prices whole machines: the
    /// baseline, and a saving, can exceed the GPU spend.
    GpuBilledApartFromMachine,
    /// The bill counts GPU use by the day: the schedule lever's dev/test use out of office
    /// hours is each day's use spread evenly over its 24 hours, not hours the bill names.
    ScheduleFromWholeDays,
}

/// The levers of a review.
#[derive(Debug, Clone, PartialEq)]
pub struct Levers {
    /// The scenario the usage became (the "open as a scenario" link's).
    pub scenario: Scenario,
    /// That link's query string.
    pub link: String,
    /// GPU models left out of the scenario (beyond [`MAX_LINES`], or too sparse to round to
    /// one GPU in any hour).
    pub left_out: Vec<String>,
    /// The provider the baseline is priced at (most GPU spend).
    pub main_provider: Option<String>,
    /// The main provider's actual GPU spend per 730-hour month, in the display currency.
    pub actual_monthly: Option<Money>,
    /// The main provider's share of the GPU spend (the levers cover its usage only).
    pub share: Option<Decimal>,
    /// The modelled monthly cost at the main provider, on demand.
    pub baseline: Option<Money>,
    /// Priced levers, biggest saving first.
    pub savings: Vec<LeverSaving>,
    /// Levers not priced, and why.
    pub not_priced: Vec<(&'static str, NotPriced)>,
    /// What the reader needs to know to read them right.
    pub notes: Vec<LeverNote>,
}

/// The usage of `review` as a calculator scenario, with the GPU models left out: every
/// provider's use of a GPU model together, as one line.
pub fn derive_scenario(review: &Review, embedded: &Embedded) -> Option<(Scenario, Vec<String>)> {
    derive_from(review, &weeks_of(review, None), embedded)
}

/// Why [`derive_scenario`] found no scenario for `review`: the bill is undated (or its
/// period is empty), or its dated GPU use does not fill one GPU in any hour of the week.
pub fn why_no_scenario(review: &Review) -> NotPriced {
    if review.period_hours().is_none_or(|h| h.is_zero()) {
        NotPriced::Undated
    } else {
        NotPriced::NoGpuWeek
    }
}

/// Each GPU model's week, of one provider's rows or (`None`) of every provider's.
fn weeks_of(review: &Review, provider: Option<&str>) -> BTreeMap<String, GpuWeek> {
    let mut out: BTreeMap<String, GpuWeek> = BTreeMap::new();
    for ((p, gpu), week) in &review.usage {
        if provider.is_some_and(|only| only != p) {
            continue;
        }
        let merged = out.entry(gpu.clone()).or_default();
        // Each is at most the review's GPU-hours (below `MAX_SUM`), times the providers.
        for (m, w) in merged.all.iter_mut().zip(&week.all) {
            *m = m.saturating_add(*w);
        }
        for (m, w) in merged.dev.iter_mut().zip(&week.dev) {
            *m = m.saturating_add(*w);
        }
        merged.per_machine = merged.per_machine.max(week.per_machine);
    }
    out
}

/// A scenario of `weeks` (the largest [`MAX_LINES`] GPU models by GPU-hours), with the GPU
/// models left out.
fn derive_from(
    review: &Review,
    weeks_by_gpu: &BTreeMap<String, GpuWeek>,
    embedded: &Embedded,
) -> Option<(Scenario, Vec<String>)> {
    let weeks = review.period_hours()? / Decimal::from(168);
    if weeks.is_zero() {
        return None;
    }
    let mut models: Vec<(&String, Decimal)> = weeks_by_gpu
        .iter()
        .map(|(gpu, w)| (gpu, sum(&w.all)))
        .filter(|(_, h)| !h.is_zero())
        .collect();
    models.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let mut lines = Vec::new();
    let mut left_out = Vec::new();
    for (gpu, _) in models {
        let week = &weeks_by_gpu[gpu];
        let grid = average_week(&week.all, weeks, week.per_machine);
        if lines.len() >= MAX_LINES || grid.peak() == 0 {
            left_out.push(gpu.clone());
            continue;
        }
        // The bill's machines held this many GPUs: a job may need them on one machine, so
        // the scenario compares machines at least as big.
        let per_machine = week.per_machine.floor().to_u32().unwrap_or(0);
        lines.push(Line {
            gpu: gpu.clone(),
            demand: Demand::Weekly(grid),
            packing: if per_machine > 1 {
                Packing::AtLeast(per_machine.min(GPUS_PER_MACHINE.max))
            } else {
                Packing::Split
            },
            team: None,
        });
    }
    if lines.is_empty() {
        return None;
    }
    let scenario = Scenario {
        horizon: Horizon::Month730,
        lines,
        tz_offset_minutes: review.options.tz_offset_minutes,
        geo: bill_place(review, embedded),
        ..Preset::Custom.scenario()
    };
    let scenario = Scenario {
        workload: None,
        ..scenario
    };
    Some((scenario, left_out))
}

/// The average week of `gpu_hours` per hour-of-week over `weeks`, in whole machines of
/// `per_machine` GPUs (one GPU when the bill names no machine): each hour gets the whole
/// machines of its average, and the machine-hours the rounding dropped go to the hours with the
/// largest remainders, so the week keeps the reviewed GPU-hours to the nearest machine-hour.
fn average_week(gpu_hours: &[Decimal], weeks: Decimal, per_machine: Decimal) -> WeekGrid {
    let unit = per_machine.max(Decimal::ONE);
    let cap = Decimal::from(MAX_GPUS.min(u32::from(u16::MAX)));
    // Machines per hour, at most the most GPUs a line may have (a tiny period would make
    // the quotient overflow): the sums below are at most 168 times that.
    let machines: Vec<Decimal> = gpu_hours
        .iter()
        .map(|h| {
            h.checked_div(weeks)
                .and_then(|x| x.checked_div(unit))
                .map_or(cap, |m| m.min(cap))
        })
        .collect();
    let whole: Vec<Decimal> = machines.iter().map(|m| m.floor()).collect();
    let target = sum(&machines).round();
    let mut missing = (target - sum(&whole)).to_usize().unwrap_or(0);
    let mut by_remainder: Vec<usize> = (0..machines.len()).collect();
    // Largest remainder first; earlier hours first among equals, so the grid is reproducible.
    by_remainder.sort_by(|&a, &b| {
        (machines[b] - whole[b])
            .cmp(&(machines[a] - whole[a]))
            .then(a.cmp(&b))
    });
    let mut grid = WeekGrid::default();
    for (slot, w) in whole.iter().enumerate() {
        grid.0[slot] = (*w * unit).min(cap).to_u16().unwrap_or(0);
    }
    for slot in by_remainder {
        if missing == 0 {
            break;
        }
        let more = (whole[slot] + Decimal::ONE) * unit;
        grid.0[slot] = more.min(cap).to_u16().unwrap_or(0);
        missing -= 1;
    }
    grid
}

/// The sum of `values`, saturating (each is bounded by the review's limits; see
/// [`crate::limits::MAX_SUM`]).
fn sum(values: &[Decimal]) -> Decimal {
    values
        .iter()
        .fold(Decimal::ZERO, |a, b| a.saturating_add(*b))
}

/// Where the bill's GPU regions are, when the catalog knows them all and they agree: mainland
/// China, outside it, or anywhere.
fn bill_place(review: &Review, embedded: &Embedded) -> Geo {
    if review
        .folded
        .iter()
        .any(|f| f.dimension == super::Dimension::Regions)
    {
        // Not every region is known: the place is not either.
        return Geo::Anywhere;
    }
    let mut in_cn = BTreeSet::new();
    for (provider, regions) in &review.regions {
        for region in regions {
            match embedded
                .catalog
                .place(provider, region)
                .and_then(|p| p.in_mainland_china())
            {
                Some(cn) => {
                    in_cn.insert(cn);
                }
                None => return Geo::Anywhere,
            }
        }
    }
    match in_cn.into_iter().collect::<Vec<_>>()[..] {
        [true] => Geo::MainlandChina,
        [false] => Geo::OutsideMainlandChina,
        _ => Geo::Anywhere,
    }
}

/// The levers of `review`, priced in `currency` with `fx` on `today`.
pub fn levers(
    review: &Review,
    embedded: &Embedded,
    fx: &FxTable,
    currency: Currency,
    today: NaiveDate,
) -> Option<Levers> {
    let (scenario, left_out) = derive_scenario(review, embedded)?;
    let link = share::encode(&PageState {
        preset: Preset::Custom,
        scenario: scenario.clone(),
        currency: Some(currency),
        ..PageState::default()
    });
    // The levers are priced on the main provider's share of the usage: a scenario priced at
    // one seller can only hold the GPUs that seller was billed for.
    let main_group = review.by_provider.first();
    let main_provider = main_group.map(|g| g.key.clone());
    let in_display = |a: &Amounts| -> Decimal {
        a.0.iter()
            .map(|(c, x)| fx.convert(Money::new(*x, *c), currency).amount)
            .fold(Decimal::ZERO, Decimal::saturating_add)
    };
    let hours = review.period_hours().filter(|h| !h.is_zero());
    let main_spend = main_group.map(|g| in_display(&g.cost)).unwrap_or_default();
    let actual_monthly = hours
        .map(|h| Money::new(super::per_month(main_spend, Some(h)), currency).round_for_display());
    let all_spend = in_display(&review.gpu);
    // Checked: credits may leave the whole spend near zero while one provider's is not.
    let share = main_spend.checked_div(all_spend);
    let mut out = Levers {
        scenario: scenario.clone(),
        link,
        left_out,
        main_provider: main_provider.clone(),
        actual_monthly,
        share,
        baseline: None,
        savings: Vec::new(),
        not_priced: Vec::new(),
        notes: notes(review),
    };
    let price = |s: Scenario| -> Option<Report> {
        session::estimate(embedded, s, fx, currency, today, || {
            gpucost_core::report::Recommend::Later
        })
        .ok()
        .map(|e| e.report)
    };
    let at = |report: &Report, provider: &str| -> Option<Money> {
        report
            .comparison
            .providers
            .iter()
            .find(|p| p.seller.id == provider)
            .and_then(|p: &ProviderEstimate| p.outcome.as_ref().ok())
            .map(|plan| plan.total)
    };
    let in_catalog = main_provider
        .as_deref()
        .filter(|p| embedded.catalog.provider(p).is_some());
    if review.utilization.is_none() {
        out.not_priced
            .push(("rightsizing", NotPriced::NeedsUtilization));
    }
    // Without a baseline no lever is priced; each is still listed with the reason.
    let unpriced = |mut out: Levers, why: NotPriced| {
        out.not_priced.push(("baseline", why));
        if review.utilization.is_some() {
            out.not_priced.push(("rightsizing", why));
        }
        out
    };
    let Some(main) = in_catalog else {
        return Some(unpriced(out, NotPriced::ProviderNotInCatalog));
    };
    let only = |s: &Scenario, classes: &[ModeClass]| {
        let mut s = s.clone();
        s.sellers = [main.to_string()].into();
        s.options.allowed = classes.iter().copied().collect();
        s.options.interruption = Interruption::Tolerated;
        s
    };
    let main_weeks = weeks_of(review, Some(main));
    let Some((scenario, _)) = derive_from(review, &main_weeks, embedded) else {
        return Some(unpriced(out, NotPriced::NoPrice));
    };
    let on_demand = |s: &Scenario| price(only(s, &[])).and_then(|r| at(&r, main));
    let Some(baseline) = on_demand(&scenario) else {
        return Some(unpriced(out, NotPriced::NoPrice));
    };
    out.baseline = Some(baseline);
    let rightsized = review
        .utilization
        .as_ref()
        .map(|u| rightsize(review, u, &scenario, main, &embedded.catalog, on_demand));
    if let Some(Err(why)) = &rightsized {
        out.not_priced.push(("rightsizing", *why));
    }
    // A lever that saves nothing is not a lever: it is left out, not shown at zero.
    let mut add = |lever: ReviewLever,
                   with: Option<Money>,
                   name: &'static str,
                   break_even: Option<Decimal>| match with {
        Some(with) if with.amount >= baseline.amount => {
            out.not_priced.push((name, NotPriced::NoSaving))
        }
        Some(with) => out.savings.push(LeverSaving {
            lever,
            without: baseline,
            with,
            break_even,
        }),
        None => out.not_priced.push((name, NotPriced::NoPrice)),
    };
    for (lever, class, name) in [
        (ReviewLever::Spot, ModeClass::Spot, "spot"),
        (ReviewLever::Reserved, ModeClass::Committed, "reserved"),
    ] {
        let report = price(only(&scenario, &[class]));
        // A class the provider has no catalog price in leaves only on-demand plans: that is
        // "no price", not "no saving".
        let listed = report.as_ref().is_some_and(|r| {
            r.comparison
                .providers
                .iter()
                .filter(|p| p.seller.id == main)
                .filter_map(|p| p.outcome.as_ref().ok())
                .flat_map(|plan| plan.options.iter().flatten())
                .any(|o| o.class == class)
        });
        let break_even = report
            .as_ref()
            .and_then(|r| utilization_break_even(r, main));
        let with = report.and_then(|r| at(&r, main)).filter(|_| listed);
        add(lever, with, name, break_even);
    }
    if let Some(Ok((with, swaps))) = rightsized {
        add(
            ReviewLever::Rightsizing { swaps },
            Some(with),
            "rightsizing",
            None,
        );
    }
    let schedule = scheduled(review, &main_weeks, &scenario);
    if let Some(s) = &schedule {
        let with = price(only(s, &[])).and_then(|r| at(&r, main));
        add(ReviewLever::Schedule, with, "schedule", None);
    }
    let mut anywhere = scenario.clone();
    anywhere.options.allowed = BTreeSet::new();
    if let Some(report) = price(anywhere) {
        let other = report
            .comparison
            .providers
            .iter()
            .filter(|p| p.seller.id != main && p.seller.kind.is_some())
            .filter(|p| p.seller.id != "market-ref")
            .filter_map(|p| Some((&p.seller, p.outcome.as_ref().ok()?.total)))
            .min_by(|a, b| a.1.amount.cmp(&b.1.amount));
        match other {
            Some((seller, with)) => {
                let lever = ReviewLever::OtherProvider {
                    provider: seller.id.clone(),
                    name: seller.name.clone(),
                    name_zh: seller.name_zh.clone(),
                };
                add(lever, Some(with), "other-provider", None);
            }
            None => add(ReviewLever::Spot, None, "other-provider", None),
        }
    }
    if schedule.is_none() {
        out.not_priced.push(("schedule", why_no_schedule(review)));
    }
    // "No price" for a reserved baseline where the catalog does have committed prices, but
    // only for GPUs alone, would read as a gap in the catalog: it says which prices there are.
    if committed_for_gpus_alone(embedded, main) {
        for (slug, why) in &mut out.not_priced {
            if *slug == "reserved" && *why == NotPriced::NoPrice {
                *why = NotPriced::CommittedForGpusAlone;
            }
        }
    }
    out.savings
        .sort_by_key(|s| std::cmp::Reverse(s.amount().amount));
    if review.by_day && out.savings.iter().any(|s| s.lever == ReviewLever::Schedule) {
        out.notes.push(LeverNote::ScheduleFromWholeDays);
    }
    Some(out)
}

/// The notes the levers of `review` carry.
fn notes(review: &Review) -> Vec<LeverNote> {
    let mut notes = Vec::new();
    // Google's cost table has a line per GPU SKU and others for the machine's vCPUs and
    // memory, which no column ties to the GPU's machine.
    if review.format == BillFormat::GcpBillingExport {
        notes.push(LeverNote::GpuBilledApartFromMachine);
    }
    notes
}

/// Why the main provider's usage has no dev/test GPU time out of office hours to stop: the
/// bill cannot say which GPUs are dev/test (Google's cost table has no labels; no row has an
/// environment tag), or such time ran only at other providers, or there was none.
fn why_no_schedule(review: &Review) -> NotPriced {
    let env_tagged = review
        .by_tag
        .keys()
        .any(|k| super::ENV_TAG_KEYS.contains(&k.to_ascii_lowercase().as_str()));
    if review.format.lacks().contains(&Lack::Labels) {
        NotPriced::NoLabelsInGcpCostTable
    } else if !env_tagged {
        NotPriced::NoEnvTag
    } else if !review.waste.dev_off_hours_gpu_hours.is_zero() {
        NotPriced::DevOffHoursElsewhere
    } else {
        NotPriced::NoDevOffHours
    }
}

/// Whether `provider`'s committed prices in the catalog, if any, are all for GPUs alone
/// (offers priced per GPU component, which no plan uses without a machine).
fn committed_for_gpus_alone(embedded: &Embedded, provider: &str) -> bool {
    let mut committed = embedded
        .catalog
        .offers
        .iter()
        .filter(|o| o.provider == provider)
        .filter(|o| {
            o.prices
                .iter()
                .any(|p| p.mode.class() == ModeClass::Committed)
        })
        .peekable();
    committed.peek().is_some() && committed.all(|o| o.basis == PriceBasis::GpuComponent)
}

/// The committed plan's break-even utilization at `provider`, for the line whose committed
/// option costs most (the one the reserved baseline matters for).
fn utilization_break_even(report: &Report, provider: &str) -> Option<Decimal> {
    let plan = report
        .comparison
        .providers
        .iter()
        .find(|p| p.seller.id == provider)?
        .outcome
        .as_ref()
        .ok()?;
    plan.options
        .iter()
        .flatten()
        .filter(|o| o.class == ModeClass::Committed)
        .max_by(|a, b| a.plan.subtotal.amount.cmp(&b.plan.subtotal.amount))
        .and_then(|o| match o.break_even {
            Some(BreakEven::Utilization(u)) => Some(u),
            _ => None,
        })
}

/// `scenario` with the dev/test share of each GPU's use removed outside office hours, when
/// there is any such use.
fn scheduled(
    review: &Review,
    weeks_by_gpu: &BTreeMap<String, GpuWeek>,
    scenario: &Scenario,
) -> Option<Scenario> {
    // Dev/test use in office hours only leaves nothing to stop.
    let off_hours = |w: &GpuWeek| {
        w.dev
            .iter()
            .enumerate()
            .any(|(slot, d)| !office_hour(slot) && !d.is_zero())
    };
    if !weeks_by_gpu.values().any(off_hours) {
        return None;
    }
    let weeks = review.period_hours()? / Decimal::from(168);
    let mut s = scenario.clone();
    for line in &mut s.lines {
        let week = weeks_by_gpu.get(&line.gpu)?;
        let kept: Vec<Decimal> = week
            .all
            .iter()
            .zip(&week.dev)
            .enumerate()
            .map(|(slot, (all, dev))| if office_hour(slot) { *all } else { *all - *dev })
            .collect();
        line.demand = Demand::Weekly(average_week(&kept, weeks, week.per_machine));
    }
    s.lines.retain(|l| l.demand.peak() > Decimal::ZERO);
    (!s.lines.is_empty()).then_some(s)
}
