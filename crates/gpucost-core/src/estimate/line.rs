//! Pricing one line at one seller: every plan of every candidate offer and region, keeping
//! the cheapest per selection and the best per billing class.
//!
//! The line's usage is prepared once per instance size (and metering rule) in a
//! [`LineUsageCache`] and shared by every offer, region and seller priced against it; plans
//! are weighed as drafts, and only the winners are built into items by the caller.

use rust_decimal::Decimal;

use super::offers::Candidate;
use super::{period_minutes, EstimateContext, Selection};
use crate::billing::{
    draft_plans, minutes_to_hours, BilledLevels, LineUsage, PeriodLevels, PeriodTable, PlanContext,
    PlanDraft, PreparedUsage,
};
use crate::billing_mode::ModeClass;
use crate::catalog::{Meter, Metering};

use crate::schedule::{level_period_minutes, Segment};

/// One line's usage per instance size, prepared on first use and shared by every seller,
/// offer and region priced against it.
pub(super) struct LineUsageCache {
    segments: Vec<Segment>,
    horizon_minutes: u32,
    recurring: bool,
    /// Metered levels per (GPUs per instance, meter). A line meets a handful of instance
    /// sizes and meters, and this is looked up once per candidate: a short list searched in
    /// order costs less than hashing a decimal.
    billed: Vec<((Decimal, Meter), BilledLevels)>,
    /// Levels per period per GPUs per instance, for the periods some candidate subscribes.
    periods: Vec<(Decimal, PeriodTable)>,
}

impl LineUsageCache {
    /// An empty cache for line `i` of `ctx`'s scenario.
    pub(super) fn new(ctx: &EstimateContext, i: usize) -> LineUsageCache {
        let horizon = ctx.scenario.scenario().horizon;
        LineUsageCache {
            segments: ctx.scenario.segments(i),
            horizon_minutes: horizon.minutes(),
            recurring: horizon.is_recurring(),
            billed: Vec::new(),
            periods: Vec::new(),
        }
    }

    /// Prepares the usage of `cand`'s instance size under `metering` (resolved for the
    /// candidate's host size), with the periods its subscriptions need.
    fn prepare(&mut self, cand: &Candidate, metering: &Metering) -> PreparedUsage<'_> {
        let size = cand.gpus.normalize();
        let key = (size, metering.meter(cand.vcpus));
        let (segments, horizon) = (&self.segments, self.horizon_minutes);
        let billed = match self.billed.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                let hours = LineUsage::metered_hours(segments, cand.gpus, key.1);
                self.billed.push((key, BilledLevels::new(&hours)));
                self.billed.len() - 1
            }
        };
        let sized = match self.periods.iter().position(|(s, _)| *s == size) {
            Some(i) => i,
            None => {
                self.periods.push((size, PeriodTable::default()));
                self.periods.len() - 1
            }
        };
        let per_period = &mut self.periods[sized].1;
        for (period, _) in cand.regions.iter().flat_map(|r| &r.subscriptions) {
            per_period.get_or_insert_with(*period, || {
                let levels = match period_minutes(*period, horizon, self.recurring) {
                    0 => Vec::new(),
                    minutes => level_period_minutes(segments, cand.gpus, minutes, horizon),
                };
                PeriodLevels::new(&minutes_to_hours(&levels))
            });
        }
        PreparedUsage {
            billed: &self.billed[billed].1,
            per_period: &self.periods[sized].1,
        }
    }
}

/// How much of a line's pricing a caller needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Depth {
    /// Everything a comparison shows.
    Full,
    /// Only the cheapest allowed plan (for a counterfactual total).
    Cheapest,
}

/// A plan that is the best so far for some selection or class, and where it comes from.
#[derive(Clone, Copy)]
pub(super) struct Slot<'r, 'a> {
    /// Its total as shown (sum of rounded items).
    pub cost: Decimal,
    /// The same in whole cents, for comparing (see [`Slot::cheaper_than`]).
    cents: Option<i128>,
    /// Candidate index.
    pub offer: usize,
    /// Region index in the candidate.
    pub region: usize,
    /// The plan.
    pub plan: PlanDraft<'r, 'a>,
}

impl Slot<'_, '_> {
    /// Whether this plan's shown total is below `other`'s.
    ///
    /// Every plan is compared with the best so far of five selections and of its class. A
    /// shown total is a sum of amounts rounded to cents, so it has at most two decimals and
    /// compares exactly as a whole number of cents, which costs less than comparing decimals
    /// (of scales that may differ); a total with more decimals, were there one, is compared
    /// as a decimal.
    fn cheaper_than(&self, other: &Slot) -> bool {
        match (self.cents, other.cents) {
            (Some(a), Some(b)) => a < b,
            _ => self.cost < other.cost,
        }
    }
}

/// `cost` in whole cents, when it has at most two decimals.
fn cents(cost: Decimal) -> Option<i128> {
    let scale = cost.scale();
    (scale <= 2).then(|| cost.mantissa() * 10i128.pow(2 - scale))
}

/// The outcome of pricing one line at one seller.
pub(super) struct LineBest<'r, 'a> {
    /// The cheapest plan under each selection, in [`Selection::ALL`] order.
    pub best: [Option<Slot<'r, 'a>>; Selection::ALL.len()],
    /// The best plan per billing class (eligible first, then cheapest), in class order.
    pub class_best: [Option<Slot<'r, 'a>>; ModeClass::ALL.len()],
    /// The cheapest cost of subscribing the line's peak for every period.
    pub sub_peak: Option<Decimal>,
    /// Whether some offer had a spot price the scenario could not use.
    pub spot_excluded: bool,
}

impl<'r, 'a> LineBest<'r, 'a> {
    /// The cheapest plan the scenario allows.
    pub(super) fn allowed(&self) -> Option<&Slot<'r, 'a>> {
        self.best[Selection::Allowed as usize].as_ref()
    }
}

/// Prices every plan of every candidate for the line whose usage `cache` holds: in every
/// region, or (`only`) in the region of that name and the user's own quotes (which are in no
/// region, see [`Candidate::quote`]).
pub(super) fn price_line<'r, 'a>(
    ctx: &EstimateContext,
    plan_ctx: &PlanContext,
    candidates: &'r [Candidate<'_, 'a>],
    metering: &Metering,
    cache: &mut LineUsageCache,
    depth: Depth,
    only: Option<&str>,
) -> LineBest<'r, 'a> {
    let options = &ctx.scenario.scenario().options;
    let mut out = LineBest {
        best: Default::default(),
        class_best: Default::default(),
        sub_peak: None,
        spot_excluded: false,
    };
    let priced_in =
        |cand: &Candidate, region: &str| cand.quote || only.is_none_or(|name| name == region);
    for (ci, cand) in candidates.iter().enumerate() {
        if !cand.regions.iter().any(|r| priced_in(cand, r.region)) {
            continue;
        }
        let usage = cache.prepare(cand, metering);
        for (ri, (rates, terms)) in cand.regions.iter().zip(cand.terms.iter()).enumerate() {
            if !priced_in(cand, rates.region) {
                continue;
            }
            if depth == Depth::Full {
                if rates.spot.is_some() && !plan_ctx.spot_usable && options.allows(ModeClass::Spot)
                {
                    out.spot_excluded = true;
                }
                // Subscribing the peak for every period (for the hourly-vs-monthly lever).
                for (period, rate) in &rates.subscriptions {
                    if let Some(levels) = usage.per_period.get(*period) {
                        let cost = ctx
                            .fx
                            .convert(rate.money(), ctx.currency)
                            .times(Decimal::from((levels.peak() * levels.periods()) as u64))
                            .round_for_display()
                            .amount;
                        if out.sub_peak.is_none_or(|c| cost < c) {
                            out.sub_peak = Some(cost);
                        }
                    }
                }
            }
            draft_plans(rates, terms, &usage, plan_ctx, |plan| {
                if depth == Depth::Cheapest && !Selection::Allowed.admits(&plan) {
                    return;
                }
                let cost = plan.shown_total(ctx.fx, ctx.currency);
                let slot = Slot {
                    cost,
                    cents: cents(cost),
                    offer: ci,
                    region: ri,
                    plan,
                };
                let selections: &[Selection] = match depth {
                    Depth::Full => &Selection::ALL,
                    Depth::Cheapest => &[Selection::Allowed],
                };
                for &sel in selections {
                    let best = &mut out.best[sel as usize];
                    if sel.admits(&plan) && best.as_ref().is_none_or(|b| slot.cheaper_than(b)) {
                        *best = Some(slot);
                    }
                }
                if depth == Depth::Full {
                    let class = &mut out.class_best[plan.kind.class() as usize];
                    // Prefer eligible plans, then cheaper ones.
                    let better = class.as_ref().is_none_or(|b| {
                        (plan.eligible && !b.plan.eligible)
                            || (plan.eligible == b.plan.eligible && slot.cheaper_than(b))
                    });
                    if better {
                        *class = Some(slot);
                    }
                }
            });
        }
    }
    out
}
