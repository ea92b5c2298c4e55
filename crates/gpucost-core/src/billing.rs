//! What a line costs at one offer and region under each way of paying.
//!
//! Input: the offer's prices in one region (already discounted) and the line's usage for that
//! offer's instance size — metered hours per instance level, and exact hours per level per
//! subscription period. Output: one [`Plan`] per billing option, each with its line items:
//! on demand; spot plus its interruption overhead; the cheapest mix of reserved instances and
//! on-demand (or spot) for the rest; the cheapest mix of subscribed instances per period and
//! on-demand for the rest. Costs are compared in the display currency, exactly.
//!
//! A commitment is owed for every hour of its term, used or not, and covers only those hours.
//! Over a one-off horizon it is renewed back to back, so each reserved instance owes
//! ⌈horizon ÷ term⌉ whole terms — a job shorter than one term still owes the whole term, and
//! a year on a 3-month plan owes four ([`Coverage::Terms`]). A recurring horizon (a month that
//! repeats) carries only its own share of a term that runs on past it ([`Coverage::Share`]).
//! The break-even that decides which instance levels to reserve uses the same charged hours.

use std::collections::BTreeMap;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::billing_mode::{BillingMode, Commitment, ModeClass, Period, Term};
use crate::catalog::{AsOf, Meter};
use crate::fx::FxTable;
use crate::money::{Currency, Money};
use crate::schedule::{for_each_session, LevelSessions, Segment};

mod draft;
mod prepared;
mod terms;

pub(crate) use draft::PlanDraft;
pub(crate) use prepared::{BilledLevels, PeriodLevels, PeriodTable};
pub(crate) use terms::{RegionTerms, TermCharges};
use terms::{Reserve, RestRate};

/// A price usable in a plan: per instance-hour, or per instance per period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rate<'a> {
    /// How it is paid.
    pub mode: BillingMode,
    /// Amount after any discount, native currency.
    pub amount: Decimal,
    /// Currency.
    pub currency: Currency,
    /// Source id (`user` for custom prices).
    pub source: &'a str,
    /// Date of the price.
    pub as_of: AsOf,
}

impl Rate<'_> {
    /// The rate as money.
    pub fn money(&self) -> Money {
        Money::new(self.amount, self.currency)
    }
}

/// One offer's prices in one region.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RegionRates<'a> {
    /// Region id.
    pub region: &'a str,
    /// On-demand rate per instance-hour.
    pub on_demand: Option<Rate<'a>>,
    /// Spot rate per instance-hour.
    pub spot: Option<Rate<'a>>,
    /// Committed rates per instance-hour.
    pub committed: Vec<(Commitment, Rate<'a>)>,
    /// Subscription prices per instance per period.
    pub subscriptions: Vec<(Period, Rate<'a>)>,
}

/// A line's usage for one instance size and metering rule.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineUsage {
    /// Metered hours each instance level is billed on demand (level 1 first).
    pub billed_hours: Vec<Decimal>,
    /// Exact hours each level runs in each period, per subscription period kind.
    pub per_period: BTreeMap<Period, Vec<Vec<Decimal>>>,
}

impl LineUsage {
    /// Builds usage from sessions: rounds each session by `meter`.
    pub fn metered(levels: &LevelSessions, meter: Meter) -> LineUsage {
        let billed_hours = levels
            .sessions
            .iter()
            .map(|sessions| {
                let seconds: u64 = sessions
                    .iter()
                    .map(|&m| bill_seconds(u64::from(m) * 60, meter))
                    .sum();
                seconds_to_hours(seconds)
            })
            .collect();
        LineUsage {
            billed_hours,
            per_period: BTreeMap::new(),
        }
    }

    /// Metered hours per level of `segments` served by instances of `per_instance` GPUs
    /// (as [`LineUsage::metered`] of their [`level_sessions`](crate::schedule::level_sessions),
    /// without collecting the sessions).
    pub(crate) fn metered_hours(
        segments: &[Segment],
        per_instance: Decimal,
        meter: Meter,
    ) -> Vec<Decimal> {
        let mut seconds: Vec<u64> = Vec::new();
        for_each_session(segments, per_instance, |k, minutes| {
            if seconds.len() <= k {
                seconds.resize(k + 1, 0);
            }
            seconds[k] += bill_seconds(u64::from(minutes) * 60, meter);
        });
        let mut hours = Repeats::new(seconds_to_hours);
        seconds.into_iter().map(|s| hours.of(s)).collect()
    }

    /// Highest number of instances at once.
    pub fn peak(&self) -> usize {
        self.billed_hours.len()
    }

    /// Total metered instance-hours.
    pub fn total_billed(&self) -> Decimal {
        self.billed_hours.iter().sum()
    }
}

fn seconds_to_hours(seconds: u64) -> Decimal {
    Decimal::from(seconds) / Decimal::from(3600)
}

/// A function of one value, answered again without recomputing while the value repeats.
///
/// Instance levels often run the same time (every level of a constant line does, and most
/// levels of a window or a weekly block), and turning seconds or minutes into hours is a
/// decimal division per level: an estimate prepares a few dozen usages of up to hundreds of
/// levels each. The answer for a repeated value is the one computed for it, so nothing
/// changes but the work.
struct Repeats<T, F> {
    f: F,
    last: Option<(T, Decimal)>,
}

impl<T: Copy + PartialEq, F: Fn(T) -> Decimal> Repeats<T, F> {
    fn new(f: F) -> Self {
        Repeats { f, last: None }
    }

    /// `f(value)`.
    fn of(&mut self, value: T) -> Decimal {
        match self.last {
            Some((v, answer)) if v == value => answer,
            _ => {
                let answer = (self.f)(value);
                self.last = Some((value, answer));
                answer
            }
        }
    }
}

/// Seconds billed for one running session of `seconds`.
pub fn bill_seconds(seconds: u64, meter: Meter) -> u64 {
    let inc = u64::from(meter.increment_seconds.max(1));
    (seconds.div_ceil(inc) * inc).max(u64::from(meter.minimum_seconds))
}

/// What kind of charge a line item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// On-demand instance-hours.
    OnDemand,
    /// Spot instance-hours.
    Spot,
    /// Extra spot hours for restarts and lost work.
    SpotOverhead,
    /// Reserved/committed instance-hours, owed whether used or not.
    Commitment,
    /// Subscribed instance-periods.
    Subscription,
}

impl ItemKind {
    /// Stable slug for exports.
    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::OnDemand => "on-demand",
            ItemKind::Spot => "spot",
            ItemKind::SpotOverhead => "spot-overhead",
            ItemKind::Commitment => "commitment",
            ItemKind::Subscription => "subscription",
        }
    }
}

/// A charge: quantity × rate = amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item<'a> {
    /// Kind of charge.
    pub kind: ItemKind,
    /// Instance-hours, or instance-periods for subscriptions.
    pub quantity: Decimal,
    /// The rate per unit.
    pub rate: Rate<'a>,
    /// `quantity × rate`, exact, in the rate's currency.
    pub amount: Money,
}

/// How the rest of a mixed plan is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Remainder {
    /// On demand.
    OnDemand,
    /// Spot.
    Spot,
}

/// How much of its term a committed plan owes for each reserved instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Coverage {
    /// A recurring horizon's own hours: the term runs on past the horizon, which carries its
    /// share of it.
    Share,
    /// Whole terms renewed back to back until they cover a one-off horizon: ⌈horizon ÷ term⌉,
    /// at least one (a job shorter than the term still owes all of it).
    Terms(u32),
}

impl Coverage {
    /// The coverage of a commitment for `term` over `ctx`'s horizon.
    pub fn of(term: Term, ctx: &PlanContext) -> Coverage {
        if ctx.recurring {
            return Coverage::Share;
        }
        let terms = (ctx.horizon_hours / term.hours()).ceil();
        // A horizon is at most a year, so this never saturates; `max(1)`: a term is owed even
        // for the shortest job.
        Coverage::Terms(terms.to_u32().unwrap_or(u32::MAX).max(1))
    }

    /// Hours one reserved instance is charged for `term` over a horizon of `horizon_hours`.
    pub fn hours(self, term: Term, horizon_hours: Decimal) -> Decimal {
        match self {
            Coverage::Share => horizon_hours,
            Coverage::Terms(n) => Decimal::from(n) * term.hours(),
        }
    }
}

/// The shape of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlanKind {
    /// Everything on demand.
    OnDemand,
    /// Everything on spot.
    Spot,
    /// `reserved` instances committed, the rest paid as `remainder`.
    Committed {
        /// The commitment.
        commitment: Commitment,
        /// Instances reserved.
        reserved: u32,
        /// Peak instances.
        peak: u32,
        /// How the rest is paid, when there is a rest.
        remainder: Option<Remainder>,
        /// How much of the term each reserved instance owes.
        coverage: Coverage,
    },
    /// Instances subscribed per period, the rest paid as `remainder`.
    Subscription {
        /// The period.
        period: Period,
        /// Most instances subscribed in any period.
        subscribed: u32,
        /// Peak instances.
        peak: u32,
        /// How the rest is paid, when there is a rest.
        remainder: Option<Remainder>,
    },
}

impl PlanKind {
    /// The billing class the plan is shown under.
    pub fn class(self) -> ModeClass {
        match self {
            PlanKind::OnDemand => ModeClass::OnDemand,
            PlanKind::Spot => ModeClass::Spot,
            PlanKind::Committed { .. } => ModeClass::Committed,
            PlanKind::Subscription { .. } => ModeClass::Subscription,
        }
    }

    /// Whether the plan uses spot capacity anywhere.
    pub fn uses_spot(self) -> bool {
        matches!(
            self,
            PlanKind::Spot
                | PlanKind::Committed {
                    remainder: Some(Remainder::Spot),
                    ..
                }
                | PlanKind::Subscription {
                    remainder: Some(Remainder::Spot),
                    ..
                }
        )
    }

    /// A stable slug: `on-demand`, `spot`, `ri-standard-1y-no-upfront+on-demand`, `sub-month`.
    pub fn slug(self) -> String {
        let rest = |r: Option<Remainder>| match r {
            Some(Remainder::OnDemand) => "+on-demand",
            Some(Remainder::Spot) => "+spot",
            None => "",
        };
        match self {
            PlanKind::OnDemand => "on-demand".into(),
            PlanKind::Spot => "spot".into(),
            PlanKind::Committed {
                commitment,
                remainder,
                ..
            } => {
                format!("{}{}", BillingMode::Committed(commitment), rest(remainder))
            }
            PlanKind::Subscription {
                period, remainder, ..
            } => {
                format!("{}{}", BillingMode::Subscription(period), rest(remainder))
            }
        }
    }
}

/// One way to pay for a line at one offer and region.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan<'a> {
    /// Its shape.
    pub kind: PlanKind,
    /// Its charges.
    pub items: Vec<Item<'a>>,
    /// Exact total in the display currency (for comparing plans).
    pub cost: Decimal,
    /// Whether the scenario's options allow it (spot usable, classes allowed).
    pub eligible: bool,
}

/// What the scenario allows and assumes, for plan evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanContext<'f> {
    /// Exchange rates.
    pub fx: &'f FxTable,
    /// Currency plans are compared in.
    pub display: Currency,
    /// Spot overhead as a fraction (0.10 = 10 %).
    pub spot_overhead: Decimal,
    /// Spot may be used in chosen plans.
    pub spot_usable: bool,
    /// Committed prices may be used.
    pub committed_allowed: bool,
    /// Subscriptions may be used.
    pub subscription_allowed: bool,
    /// A recurring horizon: commitments are charged for its hours only (otherwise for whole
    /// terms renewed back to back, see [`Coverage`]).
    pub recurring: bool,
    /// Horizon length, hours.
    pub horizon_hours: Decimal,
}

impl PlanContext<'_> {
    fn display(&self, amount: Decimal, currency: Currency) -> Decimal {
        self.fx
            .convert(Money::new(amount, currency), self.display)
            .amount
    }
}

/// Charges the `hours` not covered by a commitment or subscription at the rest rate.
fn charge_rest<'r, 'a>(
    draft: &mut PlanDraft<'r, 'a>,
    rest: &'r RestRate<'a>,
    hours: Decimal,
    ctx: &PlanContext,
) {
    if hours.is_zero() {
        return;
    }
    match rest.kind {
        Remainder::OnDemand => draft.charge(ItemKind::OnDemand, hours, &rest.rate),
        Remainder::Spot => {
            draft.charge(ItemKind::Spot, hours, &rest.rate);
            draft.charge(
                ItemKind::SpotOverhead,
                hours * ctx.spot_overhead,
                &rest.rate,
            );
        }
    }
}

fn total(items: &[Item], ctx: &PlanContext) -> Decimal {
    items
        .iter()
        .map(|i| ctx.display(i.amount.amount, i.amount.currency))
        .sum()
}

/// Every plan for `usage` at `rates`.
pub fn plans<'a>(rates: &RegionRates<'a>, usage: &LineUsage, ctx: &PlanContext) -> Vec<Plan<'a>> {
    let billed = BilledLevels::new(&usage.billed_hours);
    let mut per_period = PeriodTable::default();
    for (p, levels) in &usage.per_period {
        per_period.get_or_insert_with(*p, || PeriodLevels::new(levels));
    }
    let usage = PreparedUsage {
        billed: &billed,
        per_period: &per_period,
    };
    let terms = RegionTerms::new(rates, ctx);
    let mut out = Vec::new();
    draft_plans(rates, &terms, &usage, ctx, |d| out.push(d.build(ctx)));
    out
}

/// A line's usage prepared for pricing (see [`prepared`]): its metered levels and, per
/// subscription period kind, its levels per period.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PreparedUsage<'u> {
    /// Metered hours per level.
    pub billed: &'u BilledLevels,
    /// Exact hours per level per period, for the periods some price may subscribe.
    pub per_period: &'u PeriodTable,
}

/// Every plan for a prepared `usage` at `rates` (whose `terms` under `ctx` are given), as
/// drafts handed to `visit` one by one (see [`plans`]); an estimate weighs each and keeps
/// few, so none is collected.
pub(crate) fn draft_plans<'r, 'a>(
    rates: &'r RegionRates<'a>,
    terms: &'r RegionTerms<'a>,
    usage: &PreparedUsage,
    ctx: &PlanContext,
    mut visit: impl FnMut(PlanDraft<'r, 'a>),
) {
    let billed = usage.billed.total();
    if let Some(od) = &rates.on_demand {
        let mut d = PlanDraft::new();
        d.kind = PlanKind::OnDemand;
        d.eligible = true;
        d.charge(ItemKind::OnDemand, billed, od);
        visit(d);
    }
    if let Some(spot) = &rates.spot {
        let mut d = PlanDraft::new();
        d.kind = PlanKind::Spot;
        d.eligible = ctx.spot_usable;
        d.charge(ItemKind::Spot, billed, spot);
        d.charge(ItemKind::SpotOverhead, billed * ctx.spot_overhead, spot);
        visit(d);
    }
    for (r, rest) in terms.rests().iter().enumerate() {
        let committed = rates.committed.iter().zip(&terms.committed);
        for ((commitment, rate), charged) in committed {
            let terms = CommittedTerms {
                coverage: charged.coverage,
                charged_hours: charged.hours,
                reserve: charged.reserve[r],
            };
            if let Some(plan) =
                committed_plan(*commitment, rate, rest.as_ref(), terms, usage.billed, ctx)
            {
                visit(plan);
            }
        }
        let subscriptions = rates.subscriptions.iter().zip(&terms.subscriptions);
        for ((period, rate), thresholds) in subscriptions {
            if let Some(levels) = usage.per_period.get(*period) {
                let threshold = thresholds[r];
                if let Some(plan) =
                    subscription_plan(*period, rate, rest.as_ref(), threshold, levels, ctx)
                {
                    visit(plan);
                }
            }
        }
    }
}

/// A commitment's terms against one rest rate (see [`RegionTerms`]).
#[derive(Clone, Copy)]
struct CommittedTerms {
    coverage: Coverage,
    charged_hours: Decimal,
    reserve: Reserve,
}

fn committed_plan<'r, 'a>(
    commitment: Commitment,
    rate: &'r Rate<'a>,
    rest: Option<&'r RestRate<'a>>,
    terms: CommittedTerms,
    usage: &BilledLevels,
    ctx: &PlanContext,
) -> Option<PlanDraft<'r, 'a>> {
    let peak = usage.peak();
    if peak == 0 {
        return None;
    }
    let charged_hours = terms.charged_hours;
    // Reserve exactly the levels busier than the break-even (and at least one: this is the
    // committed plan); without a rest rate, everything.
    let reserved = match terms.reserve {
        Reserve::Every => peak,
        Reserve::One => 1,
        Reserve::BusierThan(threshold) => usage.busier_than(threshold).max(1),
    };
    let rest_hours = usage.rest_after(reserved);
    let mut d = PlanDraft::new();
    d.charge(
        ItemKind::Commitment,
        Decimal::from(reserved as u64) * charged_hours,
        rate,
    );
    let remainder = match (rest, rest_hours.is_zero()) {
        (Some(r), false) => {
            charge_rest(&mut d, r, rest_hours, ctx);
            Some(r.kind)
        }
        _ => None,
    };
    d.kind = PlanKind::Committed {
        commitment,
        reserved: reserved as u32,
        peak: peak as u32,
        remainder,
        coverage: terms.coverage,
    };
    d.eligible = ctx.committed_allowed && (ctx.spot_usable || remainder != Some(Remainder::Spot));
    Some(d)
}

fn subscription_plan<'r, 'a>(
    period: Period,
    rate: &'r Rate<'a>,
    rest: Option<&'r RestRate<'a>>,
    threshold: Option<Decimal>,
    levels: &PeriodLevels,
    ctx: &PlanContext,
) -> Option<PlanDraft<'r, 'a>> {
    let peak = levels.peak();
    let periods = levels.periods();
    if peak == 0 || periods == 0 {
        return None;
    }
    // Per period: subscribe the levels whose hours there cost more than a subscription
    // (`threshold`, the break-even against the rest rate).
    let worth = |p: usize| match threshold {
        None => levels.in_use(p),
        Some(t) => levels.busier_than(p, t),
    };
    // If no period is worth it, this is still the subscription plan: subscribe one instance
    // in the busiest period.
    let none_worth = (0..periods).all(|p| worth(p) == 0);
    let chosen = |p: usize| {
        if none_worth {
            usize::from(p == levels.busiest_period())
        } else {
            worth(p)
        }
    };
    let mut rest_hours = Decimal::ZERO;
    let mut instance_periods = 0usize;
    let mut subscribed = 0usize;
    for p in 0..periods {
        let k = chosen(p);
        rest_hours += levels.rest_after(p, k);
        instance_periods += k;
        subscribed = subscribed.max(k);
    }
    let mut d = PlanDraft::new();
    d.charge(
        ItemKind::Subscription,
        Decimal::from(instance_periods as u64),
        rate,
    );
    let remainder = match (rest, rest_hours.is_zero()) {
        (Some(r), false) => {
            charge_rest(&mut d, r, rest_hours, ctx);
            Some(r.kind)
        }
        (None, false) => return None,
        _ => None,
    };
    d.kind = PlanKind::Subscription {
        period,
        subscribed: subscribed as u32,
        peak: peak as u32,
        remainder,
    };
    d.eligible =
        ctx.subscription_allowed && (ctx.spot_usable || remainder != Some(Remainder::Spot));
    Some(d)
}

/// Exact hours each instance level runs in each period, from per-period minutes.
pub fn per_period_hours(levels: &LevelSessions) -> Vec<Vec<Decimal>> {
    minutes_to_hours(&levels.per_period)
}

/// `[level][period]` minutes as exact hours.
pub(crate) fn minutes_to_hours(per_period: &[Vec<u32>]) -> Vec<Vec<Decimal>> {
    let mut hours = Repeats::new(|m: u32| Decimal::from(m) / Decimal::from(60));
    per_period
        .iter()
        .map(|l| l.iter().map(|&m| hours.of(m)).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::billing_mode::{CommitmentKind, Payment, Term};

    fn metering(increment: u32, minimum: u32) -> Meter {
        Meter {
            increment_seconds: increment,
            minimum_seconds: minimum,
        }
    }

    fn rate(mode: BillingMode, amount: i64) -> Rate<'static> {
        Rate {
            mode,
            amount: Decimal::from(amount),
            currency: Currency::Usd,
            source: "test",
            as_of: AsOf::Unknown,
        }
    }

    fn ctx(fx: &FxTable) -> PlanContext<'_> {
        PlanContext {
            fx,
            display: Currency::Usd,
            spot_overhead: Decimal::new(10, 2),
            spot_usable: true,
            committed_allowed: true,
            subscription_allowed: true,
            recurring: true,
            horizon_hours: Decimal::from(100),
        }
    }

    #[test]
    fn metering_without_collecting_sessions_bills_the_same_hours() {
        use crate::schedule::{level_sessions, Segment};
        let seg = |start, end, gpus: i64| Segment {
            start,
            end,
            gpus: Decimal::from(gpus),
        };
        let segments = [
            seg(0, 61, 3),
            seg(61, 200, 1),
            seg(300, 301, 5),
            seg(301, 1000, 2),
        ];
        for per_instance in [Decimal::ONE, Decimal::TWO, Decimal::new(25, 2)] {
            for m in [metering(1, 0), metering(60, 60), metering(3600, 3600)] {
                let levels = level_sessions(&segments, per_instance, None, 1000);
                assert_eq!(
                    LineUsage::metered_hours(&segments, per_instance, m),
                    LineUsage::metered(&levels, m).billed_hours,
                    "{per_instance} GPUs per instance, {}s increments",
                    m.increment_seconds
                );
            }
        }
    }

    #[test]
    fn metering_rounds_each_session_up_and_applies_the_minimum() {
        assert_eq!(bill_seconds(61, metering(60, 0)), 120);
        assert_eq!(bill_seconds(10, metering(1, 60)), 60);
        assert_eq!(bill_seconds(3601, metering(3600, 3600)), 7200);
        assert_eq!(bill_seconds(7200, metering(1, 60)), 7200);
    }

    #[test]
    fn reserving_only_the_levels_above_break_even() {
        // Level 1 runs 100 h, level 2 runs 50 h, level 3 runs 10 h, out of a 100-h horizon.
        let usage = LineUsage {
            billed_hours: vec![Decimal::from(100), Decimal::from(50), Decimal::from(10)],
            per_period: BTreeMap::new(),
        };
        let c = Commitment {
            kind: CommitmentKind::ReservedStandard,
            term: Term::Year1,
            payment: Payment::NoUpfront,
        };
        let rates = RegionRates {
            region: "r",
            on_demand: Some(rate(BillingMode::OnDemand, 10)),
            committed: vec![(c, rate(BillingMode::Committed(c), 6))],
            ..RegionRates::default()
        };
        let fx = FxTable::user(Decimal::from(7)).unwrap();
        let all = plans(&rates, &usage, &ctx(&fx));
        let committed = all
            .iter()
            .find(|p| p.kind.class() == ModeClass::Committed)
            .unwrap();
        // Break-even utilization 60 %: only level 1 (100 %) is worth reserving.
        assert!(matches!(
            committed.kind,
            PlanKind::Committed { reserved: 1, .. }
        ));
        assert_eq!(committed.cost, Decimal::from(600 + 600));
        let od = all.iter().find(|p| p.kind == PlanKind::OnDemand).unwrap();
        assert_eq!(od.cost, Decimal::from(1600));
    }

    #[test]
    fn a_commitment_never_charges_fewer_hours_than_the_horizon_it_covers() {
        // A term covers only its own hours: a one-off horizon longer than the term used to be
        // charged one term (a year on a 3-month plan: 2,190 h for 8,760 h of use).
        let fx = FxTable::user(Decimal::from(7)).unwrap();
        let hours = |s: &str| s.parse::<Decimal>().unwrap();
        let horizons = [
            "0.0166", "1", "100", "2190", "2191", "4380", "5000", "8759.98", "8760",
        ];
        for term in Term::ALL {
            let c = Commitment {
                kind: CommitmentKind::SavingsPlan,
                term,
                payment: Payment::Prepaid,
            };
            for (od, committed) in [(10, 6), (10, 9), (10, 1), (0, 3)] {
                let rates = RegionRates {
                    region: "r",
                    on_demand: Some(rate(BillingMode::OnDemand, od)),
                    committed: vec![(c, rate(BillingMode::Committed(c), committed))],
                    ..RegionRates::default()
                };
                for recurring in [false, true] {
                    for h in horizons.map(hours) {
                        let mut ctx = ctx(&fx);
                        ctx.recurring = recurring;
                        ctx.horizon_hours = h;
                        // Levels running all, most, half and a sliver of the horizon.
                        let billed_hours: Vec<Decimal> = [100, 90, 50, 1]
                            .iter()
                            .map(|&pct| (h * Decimal::new(pct, 2)).round_dp(4))
                            .collect();
                        let usage = LineUsage {
                            billed_hours: billed_hours.clone(),
                            per_period: BTreeMap::new(),
                        };
                        let plan = plans(&rates, &usage, &ctx)
                            .into_iter()
                            .find(|p| p.kind.class() == ModeClass::Committed)
                            .unwrap();
                        let PlanKind::Committed {
                            reserved, coverage, ..
                        } = plan.kind
                        else {
                            unreachable!()
                        };
                        let what = format!("{term:?} {od}/{committed} recurring={recurring} h={h}");
                        let reserved = Decimal::from(reserved);
                        let charged = plan.items[0].quantity;
                        assert_eq!(plan.items[0].kind, ItemKind::Commitment, "{what}");
                        // Each reserved instance's commitment covers every hour its level
                        // runs, whatever the horizon (the busiest level is reserved first).
                        let per_instance = charged / reserved;
                        assert!(per_instance >= billed_hours[0], "{what}: {per_instance} h");
                        if recurring {
                            assert_eq!(coverage, Coverage::Share, "{what}");
                            assert_eq!(charged, reserved * h, "{what}");
                        } else {
                            let n = (h / term.hours()).ceil().max(Decimal::ONE);
                            assert_eq!(coverage, Coverage::Terms(n.try_into().unwrap()), "{what}");
                            assert_eq!(charged, reserved * n * term.hours(), "{what}");
                            assert!(charged >= reserved * h, "{what}");
                        }
                        // The levels reserved are those that beat what they would really owe.
                        if od > 0 {
                            let threshold = coverage.hours(term, h) * Decimal::from(committed)
                                / Decimal::from(od);
                            let worth = billed_hours.iter().filter(|b| **b > threshold).count();
                            assert_eq!(plan_reserved(&plan), worth.max(1), "{what}");
                        }
                    }
                }
            }
        }
    }

    fn plan_reserved(plan: &Plan) -> usize {
        match plan.kind {
            PlanKind::Committed { reserved, .. } => reserved as usize,
            _ => 0,
        }
    }

    #[test]
    fn spot_carries_its_overhead_and_is_ineligible_when_not_usable() {
        let usage = LineUsage {
            billed_hours: vec![Decimal::from(10)],
            per_period: BTreeMap::new(),
        };
        let rates = RegionRates {
            region: "r",
            on_demand: Some(rate(BillingMode::OnDemand, 10)),
            spot: Some(rate(BillingMode::Spot, 3)),
            ..RegionRates::default()
        };
        let fx = FxTable::user(Decimal::from(7)).unwrap();
        let mut c = ctx(&fx);
        let spot = plans(&rates, &usage, &c)
            .into_iter()
            .find(|p| p.kind == PlanKind::Spot)
            .unwrap();
        assert_eq!(spot.cost, Decimal::from(33));
        assert_eq!(spot.items[1].quantity, Decimal::from(1));
        c.spot_usable = false;
        let spot = plans(&rates, &usage, &c)
            .into_iter()
            .find(|p| p.kind == PlanKind::Spot)
            .unwrap();
        assert!(!spot.eligible);
    }

    #[test]
    fn subscriptions_are_chosen_per_period() {
        // Two days; day 1 uses one instance 20 h, day 2 uses it 2 h. Day price 100, hour 10.
        let mut per_period = BTreeMap::new();
        per_period.insert(Period::Day, vec![vec![Decimal::from(20), Decimal::from(2)]]);
        let usage = LineUsage {
            billed_hours: vec![Decimal::from(22)],
            per_period,
        };
        let rates = RegionRates {
            region: "r",
            on_demand: Some(rate(BillingMode::OnDemand, 10)),
            subscriptions: vec![(
                Period::Day,
                rate(BillingMode::Subscription(Period::Day), 100),
            )],
            ..RegionRates::default()
        };
        let fx = FxTable::user(Decimal::from(7)).unwrap();
        let sub = plans(&rates, &usage, &ctx(&fx))
            .into_iter()
            .find(|p| p.kind.class() == ModeClass::Subscription)
            .unwrap();
        assert_eq!(sub.cost, Decimal::from(100 + 20));
        assert_eq!(sub.items[0].quantity, Decimal::ONE);
    }
}
