//! Savings levers: what each way of saving is worth for this scenario, with its assumption.
//!
//! Every lever is a difference of two totals a person could see: the cheapest plan without
//! the lever and the cheapest plan with it (both from `estimate`), except the off-peak lever,
//! which works on the cheapest plan: at the provider's published night price when it has one
//! for the line's GPU (CompShare's 10 % off 01:00–07:00 on RTX 4090/5090), else as the
//! scenario's what-if. A lever that proposes a change (off-peak, rightsizing) starts from the
//! scenario's own cheapest total, never from a plan the scenario does not rent (issue 31); so
//! does the shared pool, whose counterfactual lives in `pool`.

use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;

use crate::billing::ItemKind;
use crate::estimate::{cheapest_with, Comparison, EstimateContext, OfferBook, Selection};
use crate::format;
use crate::money::Money;
use crate::recommend::cost::PriceOption;
use crate::recommend::{Candidate, CostUnit, Recommendation};
use crate::scenario::{Demand, Line, OffPeak, Scenario};

mod batch;
pub use batch::{batch_schedule, BatchSchedule, PoolGpus, PoolRental, PricedPool};

/// A way to save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lever {
    /// Running the schedule instead of keeping the peak fleet on.
    Schedule,
    /// Serving lines following their load instead of a fleet sized for the peak all the time.
    Autoscaling,
    /// Using spot capacity.
    Spot,
    /// Mixing reserved/committed capacity with hourly use.
    Reserved,
    /// Mixing day/week/month subscriptions with hourly use.
    Subscription,
    /// Paying by the hour instead of subscribing the peak fleet every period.
    HourlyVsMonthly,
    /// Moving flexible work into an off-peak window (what-if).
    OffPeak,
    /// Running the described workload on the recommended GPU instead of the line's.
    Rightsizing,
    /// A batch queue packed onto the fewest GPUs instead of one rental per job.
    BatchPacking,
    /// Teams' lines of one GPU model as one pool sized to their combined demand (`pool`).
    SharedPool,
    /// Against the user's reference amount.
    Reference,
}

impl Lever {
    /// Stable slug for exports.
    pub fn as_str(self) -> &'static str {
        match self {
            Lever::Schedule => "schedule",
            Lever::Autoscaling => "autoscaling",
            Lever::Spot => "spot",
            Lever::Reserved => "reserved",
            Lever::Subscription => "subscription",
            Lever::HourlyVsMonthly => "hourly-vs-monthly",
            Lever::OffPeak => "off-peak",
            Lever::Rightsizing => "rightsizing",
            Lever::BatchPacking => "batch-packing",
            Lever::SharedPool => "shared-pool",
            Lever::Reference => "reference",
        }
    }
}

/// One lever's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saving {
    /// Which lever.
    pub lever: Lever,
    /// Cost without the lever.
    pub without: Money,
    /// Cost with it.
    pub with: Money,
    /// `without − with` (negative when the lever costs more).
    pub amount: Money,
    /// `amount ÷ without`.
    pub ratio: Decimal,
    /// What the comparison assumes.
    pub assumption: Assumption,
}

impl Saving {
    pub(crate) fn new(
        lever: Lever,
        without: Money,
        with: Money,
        assumption: Assumption,
    ) -> Option<Saving> {
        if without.amount <= Decimal::ZERO {
            return None;
        }
        let amount = without - with;
        Some(Saving {
            lever,
            without,
            with,
            amount,
            ratio: amount.amount / without.amount,
            assumption,
        })
    }

    /// Whether the lever costs more than it saves.
    pub fn costs_more(&self) -> bool {
        self.amount.amount < Decimal::ZERO
    }

    /// The percentage of `without` it saves, rounded by the product's one rule for
    /// percentages ([`format::round_percent`]): `66.67`.
    pub fn percent(&self) -> Decimal {
        format::round_percent(self.ratio * Decimal::ONE_HUNDRED)
    }
}

/// The assumption behind a lever, with the numbers it depends on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Assumption {
    /// Against every line running at its peak for all `hours`.
    PeakAlwaysOn {
        /// Horizon hours.
        hours: Decimal,
    },
    /// Against each serving line's fleet sized for its peak load (`gpus` GPUs in all) for all
    /// `hours`: the always-on alternative the load description states.
    PeakSized {
        /// Horizon hours.
        hours: Decimal,
        /// The serving lines' peak GPUs, added up.
        gpus: Decimal,
    },
    /// Spot with this many percent of extra hours for interruptions.
    SpotOverhead {
        /// Overhead percent.
        percent: Decimal,
    },
    /// Best mix of committed capacity and hourly use, against hourly only.
    CommittedMix,
    /// Best mix of subscriptions and hourly use, against hourly only.
    SubscriptionMix,
    /// Hourly for the schedule, against subscribing each line's peak every period at `seller`.
    SubscribePeak {
        /// Who sells the subscription (English name).
        seller: String,
        /// The same seller's Chinese name.
        seller_zh: String,
    },
    /// Off-peak what-if.
    OffPeak(OffPeak),
    /// A provider's published off-peak price: on-demand hours already in its window at the
    /// lower price, and `flexible_pct` of the rest moved there.
    PublishedOffPeak {
        /// Who publishes it (English name).
        seller: String,
        /// The same seller's Chinese name.
        seller_zh: String,
        /// Window start, hour of day on the provider's clock.
        start_hour: u8,
        /// Window end (exclusive), hour of day on the provider's clock.
        end_hour: u8,
        /// The provider's clock, minutes east of UTC.
        utc_offset_minutes: i16,
        /// Percent off inside the window, as published.
        discount_pct: Decimal,
        /// Share of the work outside the window moved into it (the scenario's what-if), percent.
        flexible_pct: Decimal,
        /// The catalog GPUs the price covers.
        gpus: Vec<String>,
    },
    /// The same work on the recommended GPU instead of the line's GPU.
    Rightsizing {
        /// The line's GPU.
        from: String,
        /// The recommended GPU.
        to: String,
        /// Whether the amounts are per run (else for the horizon's serving).
        per_run: bool,
    },
    /// A batch queue of `jobs` jobs packed onto these pools, against each job rented alone
    /// for its own hours from its earliest start.
    BatchPacking {
        /// Jobs in the queue.
        jobs: usize,
        /// The packed pools.
        pools: Vec<PoolGpus>,
    },
    /// Teams' lines of these GPU models as one pool each, sized hour by hour to the teams'
    /// combined demand, against each team renting its own.
    SharedPool {
        /// The pooled GPU models' display names.
        gpus: Vec<String>,
        /// Teams pooled, over every pool.
        teams: usize,
    },
    /// Against the user's reference.
    Reference {
        /// The user's label.
        label: String,
    },
}

/// The rightsizing lever, or why the scenario cannot have one.
#[derive(Debug, Clone, PartialEq)]
pub enum RightsizingOutcome {
    /// A cheaper GPU for the first line's work.
    Saving(Saving),
    /// The described workload and the first line describe different jobs, so no saving is
    /// claimed.
    Mismatch(LoadMismatch),
}

/// The described workload and the first line disagree: the line rents fewer GPU-hours than
/// the work needs on its GPU, or more than twice as many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadMismatch {
    /// The line's GPU (its name).
    pub gpu: String,
    /// GPU-hours the first line rents over the horizon.
    pub line_gpu_hours: Decimal,
    /// GPU-hours the described work needs on that GPU, from the optimistic to the pessimistic
    /// end of its throughput range (serving: for the whole horizon).
    pub needed_gpu_hours: (Decimal, Decimal),
}

/// How many times the work's pessimistic need a line may rent before it is another job.
const MAX_OVERSIZE: u32 = 2;

/// The rightsizing lever: the first line's cost, scaled by what the described work costs on
/// the recommendation's best GPU against the line's GPU. `without` is the scenario's own
/// cheapest total and `with` that total with the first line's part scaled, so the lever never
/// starts from a fleet the scenario does not rent and never saves more than the line costs.
/// Offered when both GPUs can run the work, they differ, and the line rents about what the
/// work needs on its GPU (otherwise the two halves of the scenario describe different jobs,
/// and [`RightsizingOutcome::Mismatch`] says so). Only GPUs whose best rental keeps to the
/// line's packing are suggested.
pub fn rightsizing(
    ctx: &EstimateContext,
    comparison: &Comparison,
    rec: &Recommendation,
) -> Option<RightsizingOutcome> {
    let s = ctx.scenario.scenario();
    let line = s.lines.first()?;
    let line_gpu = line.gpu.as_str();
    let family = ctx.catalog.gpu(line_gpu)?.family.clone();
    let keeps_packing = |c: &&Candidate| {
        c.best_option()
            .is_some_and(|o| line.packing.admits(o.gpus_per_instance, o.gpus_rented))
    };
    let top = rec.ranked.iter().find(keeps_packing)?;
    if top.profile.family == family {
        return None;
    }
    let current = rec
        .ranked
        .iter()
        .find(|c| c.profile.gpu == line_gpu)
        .or_else(|| rec.ranked.iter().find(|c| c.profile.family == family))?;
    let per_run = rec.unit == CostUnit::Run;
    let hours = s.horizon.hours();
    let needed = needed_gpu_hours(current.best_option()?, per_run, hours)?;
    let rented = ctx.scenario.gpu_hours(0);
    if rented < needed.0 || rented > needed.1 * Decimal::from(MAX_OVERSIZE) {
        return Some(RightsizingOutcome::Mismatch(LoadMismatch {
            gpu: current.profile.name.clone(),
            line_gpu_hours: rented.round(),
            needed_gpu_hours: (needed.0.round(), needed.1.round()),
        }));
    }
    let cost = |c: &Candidate| -> Option<Decimal> {
        let option = c.best_option()?;
        let money = if per_run {
            option.cost.per_run.as_ref()?.mid()
        } else {
            option.cost.per_hour.mid()
        };
        Some(money.amount)
    };
    let (now, then) = (cost(current)?, cost(top)?);
    if now <= Decimal::ZERO {
        return None;
    }
    let plan = comparison.providers.first()?.outcome.as_ref().ok()?;
    let line_cost = plan.lines.iter().find(|l| l.line == 0)?.subtotal;
    // The first line's part of the total, scaled by the cost ratio; rounded once, so the
    // shown total minus the shown saving is the shown "with".
    let saved = Money::new(
        line_cost.amount * (Decimal::ONE - then / now),
        line_cost.currency,
    )
    .round_for_display();
    Saving::new(
        Lever::Rightsizing,
        plan.total,
        plan.total - saved,
        Assumption::Rightsizing {
            from: current.profile.name.clone(),
            to: top.profile.name.clone(),
            per_run,
        },
    )
    .map(RightsizingOutcome::Saving)
}

/// GPU-hours the work needs on `o`'s GPU, optimistic and pessimistic: a job's GPUs for its
/// hours, or a serving fleet's GPUs for the whole horizon.
fn needed_gpu_hours(
    o: &PriceOption,
    per_run: bool,
    horizon_hours: Decimal,
) -> Option<(Decimal, Decimal)> {
    let gpi = o.gpus_per_instance;
    if per_run {
        let gpus = Decimal::from(o.expected_instances) * gpi;
        let h = o.hours?;
        let (low, high) = (Decimal::from_f64(h.low)?, Decimal::from_f64(h.high)?);
        Some((gpus * low, gpus * high))
    } else {
        let machines = |n: u64| Decimal::from(n) * gpi * horizon_hours;
        Some((machines(o.instances.low), machines(o.instances.high)))
    }
}

/// Every applicable lever for the scenario in `ctx`, given its comparison.
pub fn levers(ctx: &EstimateContext, comparison: &Comparison) -> Vec<Saving> {
    levers_with(ctx, comparison, &OfferBook::new(ctx))
}

/// [`levers`], pricing counterfactuals with the offers the comparison used.
pub(crate) fn levers_with<'c, 'a: 'c>(
    ctx: &EstimateContext<'c>,
    comparison: &Comparison,
    book: &OfferBook<'a>,
) -> Vec<Saving> {
    let s = ctx.scenario.scenario();
    let mut out = Vec::new();
    let by = |sel: Selection| comparison.cheapest_by_selection.get(&sel).copied();
    let Some(best) = by(Selection::Allowed) else {
        return out;
    };

    // Schedule: the painted lines at their peak for the whole horizon.
    let painted = |l: &Line| matches!(l.demand, Demand::Window { .. } | Demand::Weekly(_));
    out.extend(at_peak(ctx, book, best, painted, Lever::Schedule, |_| {
        Assumption::PeakAlwaysOn {
            hours: s.horizon.hours(),
        }
    }));
    // Autoscaling: the serving lines sized for their peak load for the whole horizon.
    let serving = |l: &Line| matches!(l.demand, Demand::Load(_));
    out.extend(at_peak(
        ctx,
        book,
        best,
        serving,
        Lever::Autoscaling,
        |gpus| Assumption::PeakSized {
            hours: s.horizon.hours(),
            gpus,
        },
    ));
    let mut counterfactual = |lever: Lever, sel: Selection, assumption: Assumption| {
        if let Some(without) = by(sel) {
            if without != best {
                out.extend(Saving::new(lever, without, best, assumption));
            }
        }
    };
    counterfactual(
        Lever::Spot,
        Selection::NoSpot,
        Assumption::SpotOverhead {
            percent: s.options.spot_overhead_pct,
        },
    );
    counterfactual(
        Lever::Reserved,
        Selection::NoCommitted,
        Assumption::CommittedMix,
    );
    counterfactual(
        Lever::Subscription,
        Selection::NoSubscription,
        Assumption::SubscriptionMix,
    );

    // Monthly-vs-hourly is a question about recurring months, not one-off jobs.
    let recurring = s.horizon.is_recurring();
    if let (true, Some((seller, peak_subscribed)), Some(hourly)) = (
        recurring,
        &comparison.subscribe_peak,
        by(Selection::HourlyOnly),
    ) {
        out.extend(Saving::new(
            Lever::HourlyVsMonthly,
            *peak_subscribed,
            hourly,
            Assumption::SubscribePeak {
                seller: seller.name.clone(),
                seller_zh: seller.name_zh.clone(),
            },
        ));
    }

    if let Some(saving) = off_peak(ctx, comparison, best) {
        out.push(saving);
    }

    if let Some(r) = &s.reference {
        let reference = ctx.fx.convert(r.amount, ctx.currency).round_for_display();
        out.extend(Saving::new(
            Lever::Reference,
            reference,
            best,
            Assumption::Reference {
                label: r.label.clone(),
            },
        ));
    }
    out
}

/// The lever of running the lines `which` picks at their peak for the whole horizon (the rest
/// as they are) against the scenario's cheapest total `best`; `assumption` gets their peak
/// GPUs, added up. None when no line is picked.
fn at_peak<'c, 'a: 'c>(
    ctx: &EstimateContext<'c>,
    book: &OfferBook<'a>,
    best: Money,
    which: impl Fn(&Line) -> bool,
    lever: Lever,
    assumption: impl Fn(Decimal) -> Assumption,
) -> Option<Saving> {
    let s = ctx.scenario.scenario();
    if !s.lines.iter().any(&which) {
        return None;
    }
    let mut gpus = Decimal::ZERO;
    let flat = Scenario {
        lines: s
            .lines
            .iter()
            .map(|l| match which(l) {
                true => {
                    gpus += l.demand.peak();
                    Line {
                        demand: Demand::Constant(l.demand.peak()),
                        ..l.clone()
                    }
                }
                false => l.clone(),
            })
            .collect(),
        ..s.clone()
    };
    let valid = flat.validate(ctx.catalog).ok()?;
    let flat_ctx = EstimateContext {
        scenario: &valid,
        ..*ctx
    };
    let peak = cheapest_with(&flat_ctx, book)?;
    Saving::new(lever, peak, best, assumption(gpus))
}

/// Share of each line's GPU-hours outside the off-peak window, from its segments (the horizon
/// starts at 00:00 in the schedule's time zone).
fn outside_share(ctx: &EstimateContext, line: usize, op: &OffPeak) -> Decimal {
    Decimal::ONE - inside_share(ctx, line, 0, |h| op.contains_hour(u32::from(h)))
}

/// The off-peak lever: at the cheapest plan's published night price when its lines rent a GPU
/// it covers, else the scenario's what-if.
fn off_peak(ctx: &EstimateContext, comparison: &Comparison, best: Money) -> Option<Saving> {
    let first = comparison.providers.first()?;
    let plan = first.outcome.as_ref().ok()?;
    if let Some(saving) = published_off_peak(ctx, first, plan, best) {
        return Some(saving);
    }
    let op = &ctx.scenario.scenario().off_peak;
    if op.discount_pct.is_zero() || op.flexible_pct.is_zero() {
        return None;
    }
    let factor = op.discount_pct / Decimal::ONE_HUNDRED * op.flexible_pct / Decimal::ONE_HUNDRED;
    let mut saved = Decimal::ZERO;
    for line in &plan.lines {
        let usage_priced: Decimal = line
            .items
            .iter()
            .filter(|i| {
                matches!(
                    i.kind,
                    ItemKind::OnDemand | ItemKind::Spot | ItemKind::SpotOverhead
                )
            })
            .map(|i| i.amount.amount)
            .sum();
        saved += usage_priced * outside_share(ctx, line.line, op) * factor;
    }
    let with = Money::new(best.amount - saved, best.currency).round_for_display();
    Saving::new(Lever::OffPeak, best, with, Assumption::OffPeak(op.clone()))
        .filter(|s| !s.amount.amount.is_zero())
}

/// The lever at a published off-peak price (the first one that covers a line's GPU): each
/// covered line's on-demand charges fall by the published discount on the share of its
/// GPU-hours already inside the window plus the what-if's flexible share of the rest. Spot and
/// prepaid charges are left alone (CompShare's night price is for pay-as-you-go only).
fn published_off_peak(
    ctx: &EstimateContext,
    first: &crate::estimate::ProviderEstimate,
    plan: &crate::estimate::ProviderPlan,
    best: Money,
) -> Option<Saving> {
    let provider = ctx.catalog.provider(&first.seller.id)?;
    let gpu_of = |offer: &str| ctx.catalog.offer(offer).map(|o| o.gpu.clone());
    let price = provider.off_peak.iter().find(|p| {
        plan.lines
            .iter()
            .any(|l| gpu_of(&l.offer).is_some_and(|g| p.gpus.contains(&g)))
    })?;
    let s = ctx.scenario.scenario();
    let flexible = s.off_peak.flexible_pct / Decimal::ONE_HUNDRED;
    let discount = price.discount_pct / Decimal::ONE_HUNDRED;
    // Minutes to add to a schedule clock reading to get the provider's clock.
    let shift = i64::from(price.utc_offset_minutes) - i64::from(s.tz_offset_minutes);
    let mut saved = Decimal::ZERO;
    for line in &plan.lines {
        if !gpu_of(&line.offer).is_some_and(|g| price.gpus.contains(&g)) {
            continue;
        }
        let on_demand: Decimal = line
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::OnDemand)
            .map(|i| i.amount.amount)
            .sum();
        let inside = inside_share(ctx, line.line, shift, |h| price.contains_hour(h));
        saved += on_demand * (inside + (Decimal::ONE - inside) * flexible) * discount;
    }
    let with = Money::new(best.amount - saved, best.currency).round_for_display();
    let assumption = Assumption::PublishedOffPeak {
        seller: first.seller.name.clone(),
        seller_zh: first.seller.name_zh.clone(),
        start_hour: price.start_hour,
        end_hour: price.end_hour,
        utc_offset_minutes: price.utc_offset_minutes,
        discount_pct: price.discount_pct,
        flexible_pct: s.off_peak.flexible_pct,
        gpus: price.gpus.iter().map(|g| g.to_string()).collect(),
    };
    Saving::new(Lever::OffPeak, best, with, assumption).filter(|s| !s.amount.amount.is_zero())
}

/// Share of line `line`'s GPU-minutes whose hour on another clock (`shift` minutes ahead of
/// the schedule's) satisfies `in_window`. Steps end on that clock's hour boundaries, so a
/// half-hour offset is counted exactly.
fn inside_share(
    ctx: &EstimateContext,
    line: usize,
    shift: i64,
    in_window: impl Fn(u8) -> bool,
) -> Decimal {
    let mut inside = Decimal::ZERO;
    let mut all = Decimal::ZERO;
    for seg in ctx.scenario.segments(line) {
        let (mut t, end) = (i64::from(seg.start), i64::from(seg.end));
        while t < end {
            let clock = t + shift;
            let until = ((clock.div_euclid(60) + 1) * 60 - shift).min(end);
            let gpu_minutes = seg.gpus * Decimal::from(until - t);
            all += gpu_minutes;
            // In 0..24 by construction, so the cast cannot truncate.
            if in_window(clock.div_euclid(60).rem_euclid(24) as u8) {
                inside += gpu_minutes;
            }
            t = until;
        }
    }
    if all.is_zero() {
        Decimal::ZERO
    } else {
        inside / all
    }
}
