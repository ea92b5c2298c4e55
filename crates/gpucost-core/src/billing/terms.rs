//! What one region's prices mean for plans before any usage is known.
//!
//! A mixed plan compares each instance level's hours with a break-even: a commitment's price
//! for the hours it charges (the whole terms a one-off horizon owes, or a recurring horizon's
//! share, see [`Coverage`]), or a subscription's period price, divided by the hourly rate that
//! pays the rest. Those break-evens depend only on the prices and the [`PlanContext`], so an
//! estimate works them out once per region and reuses them for every line and counterfactual
//! priced there.

use rust_decimal::Decimal;

use super::{Coverage, PlanContext, Rate, RegionRates, Remainder};
use crate::billing_mode::Term;

/// How usage not covered by a commitment or subscription is paid, per hour in the display
/// currency.
#[derive(Debug, Clone)]
pub(crate) struct RestRate<'a> {
    /// On demand or spot.
    pub kind: Remainder,
    /// The price.
    pub rate: Rate<'a>,
    /// Per hour in the display currency (spot: with its overhead).
    pub per_hour_display: Decimal,
}

/// How many of a line's instance levels a commitment reserves.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Reserve {
    /// Every level: there is no rate to pay a rest with.
    Every,
    /// One level: the rest is free, so only the plan's own commitment is worth it.
    One,
    /// The levels billed more hours than this break-even (and at least one).
    BusierThan(Decimal),
}

/// What one reserved instance of a commitment owes under a plan context, and which levels
/// are worth reserving at that charge.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Charged {
    /// Whole terms or the horizon's share.
    pub coverage: Coverage,
    /// Hours charged per reserved instance (the coverage's hours).
    pub hours: Decimal,
    /// Per rest, what to reserve.
    pub reserve: [Reserve; RESTS],
}

/// At most two ways to pay a rest: on demand and spot.
const RESTS: usize = 2;

/// A region's rest rates and break-evens under one plan context.
#[derive(Debug, Clone)]
pub(crate) struct RegionTerms<'a> {
    /// The ways to pay the rest, in planning order: on demand, then spot; a region with
    /// neither has one `None` (its mixed plans must cover everything).
    rests: [Option<RestRate<'a>>; RESTS],
    /// How many entries of `rests` are planned (1 or 2).
    planned: usize,
    /// Per commitment of the region, in order: what one reserved instance is charged, and per
    /// rest what to reserve.
    pub committed: Vec<Charged>,
    /// Per subscription of the region, in order, per rest: the hours in a period above which
    /// a level is worth subscribing (`None`: every level in use).
    pub subscriptions: Vec<[Option<Decimal>; RESTS]>,
}

/// What one reserved instance of each term owes under a plan context: its coverage and the
/// hours charged. The same for every region, so an estimate works it out once rather than
/// dividing the horizon by the term for every commitment of every region.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TermCharges([(Coverage, Decimal); Term::ALL.len()]);

impl TermCharges {
    /// Every term's charge under `ctx`.
    pub(crate) fn new(ctx: &PlanContext) -> TermCharges {
        TermCharges(Term::ALL.map(|term| {
            // A recurring horizon carries its share of the term; a one-off job owes whole
            // terms, renewed until they cover it.
            let coverage = Coverage::of(term, ctx);
            (coverage, coverage.hours(term, ctx.horizon_hours))
        }))
    }

    /// The coverage of `term` and the hours it charges per reserved instance.
    fn of(&self, term: Term) -> (Coverage, Decimal) {
        // `Term::ALL` lists the terms in declaration order.
        self.0[term as usize]
    }
}

impl<'a> RegionTerms<'a> {
    /// The terms of `rates` under `ctx`.
    pub(crate) fn new(rates: &RegionRates<'a>, ctx: &PlanContext) -> RegionTerms<'a> {
        RegionTerms::with_charges(rates, ctx, &TermCharges::new(ctx))
    }

    /// The terms of `rates` under `ctx`, whose commitments' charges are `charges`.
    pub(crate) fn with_charges(
        rates: &RegionRates<'a>,
        ctx: &PlanContext,
        charges: &TermCharges,
    ) -> RegionTerms<'a> {
        let (rests, planned) = rest_rates(rates, ctx);
        let committed = rates
            .committed
            .iter()
            .map(|(commitment, rate)| {
                // The break-even below uses the hours the term charges, so a level is
                // reserved only if it beats what it would really owe.
                let (coverage, charged_hours) = charges.of(commitment.term);
                let per_instance = ctx.display(rate.amount * charged_hours, rate.currency);
                // Reserving an instance replaces its metered hours at the rest rate by one
                // commitment, so reserve the levels busier than the break-even.
                let reserve = std::array::from_fn(|i| match &rests[i] {
                    None => Reserve::Every,
                    Some(r) if r.per_hour_display.is_zero() => Reserve::One,
                    Some(r) => Reserve::BusierThan(per_instance / r.per_hour_display),
                });
                Charged {
                    coverage,
                    hours: charged_hours,
                    reserve,
                }
            })
            .collect();
        let subscriptions = rates
            .subscriptions
            .iter()
            .map(|(_, rate)| {
                let price = ctx.display(rate.amount, rate.currency);
                std::array::from_fn(|i| {
                    rests[i]
                        .as_ref()
                        .filter(|r| !r.per_hour_display.is_zero())
                        .map(|r| price / r.per_hour_display)
                })
            })
            .collect();
        RegionTerms {
            rests,
            planned,
            committed,
            subscriptions,
        }
    }

    /// The ways to pay the rest, in planning order (see the field).
    pub(crate) fn rests(&self) -> &[Option<RestRate<'a>>] {
        &self.rests[..self.planned]
    }
}

/// The ways to pay the rest of a mixed plan: on demand, and spot (with overhead) when the
/// offer has a spot price. Both are planned, so a lever that forbids spot still finds the
/// best on-demand mix.
fn rest_rates<'a>(
    r: &RegionRates<'a>,
    ctx: &PlanContext,
) -> ([Option<RestRate<'a>>; RESTS], usize) {
    let od = r.on_demand.as_ref().map(|rate| RestRate {
        kind: Remainder::OnDemand,
        rate: rate.clone(),
        per_hour_display: ctx.display(rate.amount, rate.currency),
    });
    let spot = r.spot.as_ref().map(|rate| RestRate {
        kind: Remainder::Spot,
        rate: rate.clone(),
        per_hour_display: ctx.display(
            rate.amount * (Decimal::ONE + ctx.spot_overhead),
            rate.currency,
        ),
    });
    match (od, spot) {
        (Some(a), Some(b)) => ([Some(a), Some(b)], 2),
        (a, b) => ([a.or(b), None], 1),
    }
}
