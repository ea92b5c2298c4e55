//! Ranking the candidate GPUs: size each one for the work (memory, throughput), price it on
//! every offer that rents it, pick its best option and order the GPUs by that option's cost.
//!
//! A shown recommendation needs much more than the order — options with their names, slices,
//! warnings, assumptions, reasons — while the rules re-rank the work at other precisions only
//! to read the top GPU's cost. So the ranking works on [`Pick`]s, and [`evaluate`] builds the
//! rest for the GPUs it shows; [`top_on_demand`] stops at the order.

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::billing_mode::ModeClass;
use crate::money::Currency;

use super::assumptions::{self, Assumption};
use super::candidates::GpuProfile;
use super::cost::{self, Pick, Picks};
use super::hardware::embedded_hardware;
use super::memory::{self, gpus_needed, GpuCount, MemoryEstimate};
use super::parallel::MAX_SERVING_GPUS;
use super::reasons::{self, Reason};
use super::rentals::Rentals;
use super::throughput::{Throughput, ThroughputModel};
use super::workload::{Precision, ValidWorkload};
use super::{
    slice_fit, warnings, Candidate, Excluded, Exclusion, PriceOption, EXPLAINED, MAX_TRAINING_GPUS,
};

/// What the ranking reads of one way to rent a GPU.
#[derive(Debug, Clone, Copy)]
struct View {
    class: ModeClass,
    rankable: bool,
    key: Option<Decimal>,
    meets_deadline: Option<bool>,
}

impl View {
    fn of(p: &Pick) -> View {
        View {
            class: p.class,
            rankable: p.rankable(),
            key: p.key,
            meets_deadline: p.meets_deadline(),
        }
    }
}

/// A GPU sized and priced for the work, with its best pick and where it ranks.
struct Sized<'r, 'c> {
    profile: &'r GpuProfile,
    gpus: GpuCount,
    throughput: Throughput,
    picks: Picks<'r, 'c>,
    best: Option<usize>,
    rank: (u8, Decimal),
}

/// How much of each GPU's evaluation a ranking keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
    /// Everything a shown recommendation needs: throughput sentences and the exclusions.
    Shown,
    /// Only what orders the GPUs (numbers, evidence rows); no sentences, no exclusions.
    Order,
    /// [`Detail::Order`] priced at on-demand prices only. A GPU ranks first in its tier
    /// (see [`rank_key`]) on its cheapest rankable on-demand option, so this ordering finds
    /// the same top GPU as the whole one whenever some GPU does the work in time at an
    /// on-demand price, on roughly half the pricing.
    OnDemandOrder,
}

/// Sizes and prices every candidate GPU, in profile order; those that cannot do the work are
/// excluded, with the reason (with [`Detail::Shown`]).
fn size_all<'r, 'c>(
    rentals: &'r Rentals<'c>,
    w: &ValidWorkload,
    mem: &MemoryEstimate,
    detail: Detail,
) -> (Vec<Sized<'r, 'c>>, Vec<Excluded>) {
    let hw = embedded_hardware();
    let model = ThroughputModel::new(w, hw, &rentals.profiles);
    let model = match detail {
        Detail::Shown => model,
        Detail::Order | Detail::OnDemandOrder => model.numbers_only(),
    };
    let shown = detail == Detail::Shown;
    let only = (detail == Detail::OnDemandOrder).then_some(ModeClass::OnDemand);
    let max = if w.task().is_training() {
        MAX_TRAINING_GPUS
    } else {
        // GPUs per replica the user settled on bound the memory plan too.
        w.workload()
            .options
            .replica_gpus
            .unwrap_or(MAX_SERVING_GPUS)
    };
    let mut sized = Vec::new();
    let mut excluded = Vec::new();
    let float8 = matches!(w.precision(), Precision::Fp8 | Precision::Fp4);
    for (i, p) in rentals.profiles.iter().enumerate() {
        if float8 && !p.runs_float8_weights() {
            if shown {
                excluded.push(Excluded {
                    profile: p.clone(),
                    reason: Exclusion::NoKernelForPrecision {
                        precision: w.precision(),
                    },
                });
            }
            continue;
        }
        let does_not_fit = || Excluded {
            reason: Exclusion::DoesNotFit {
                memory_gib: p.memory_gib(),
                need_gib: mem.total_gib.high,
                max_gpus: max,
            },
            profile: p.clone(),
        };
        let Some(gpus) = gpus_needed(mem, p.memory_gib(), max) else {
            if shown {
                excluded.push(does_not_fit());
            }
            continue;
        };
        let Some(throughput) = model.estimate(p, gpus.planned, mem) else {
            if shown {
                excluded.push(does_not_fit());
            }
            continue;
        };
        let rented = rentals.at(i);
        let picks = cost::picks(w, p, &throughput, mem.total_gib.high, rented, only);
        if picks.list.is_empty() {
            if !shown {
                continue;
            }
            let largest = rented
                .iter()
                .filter(|r| !r.offer.prices.is_empty())
                .map(|r| r.offer.gpus)
                .max()
                .unwrap_or_default();
            let gpus = throughput.gpus_per_replica;
            let reason = if !largest.is_zero() && Decimal::from(gpus) > largest {
                Exclusion::InstanceTooSmall { gpus, largest }
            } else {
                Exclusion::NoPrice
            };
            excluded.push(Excluded {
                profile: p.clone(),
                reason,
            });
            continue;
        }
        let views: Vec<View> = picks.list.iter().map(View::of).collect();
        let best = pick_best(&views);
        let rank = rank_key(best.map(|i| &views[i]), throughput.latency_met);
        sized.push(Sized {
            profile: p,
            gpus,
            throughput,
            picks,
            best,
            rank,
        });
    }
    (sized, excluded)
}

/// The index of the option the ranking uses: the cheapest rankable on-demand option, else the
/// cheapest rankable one, else the cheapest (first of equals).
fn pick_best(views: &[View]) -> Option<usize> {
    let cheapest = |f: &dyn Fn(&View) -> bool| {
        views
            .iter()
            .enumerate()
            .filter(|(_, v)| f(v) && v.key.is_some())
            .min_by_key(|(_, v)| v.key)
            .map(|(i, _)| i)
    };
    cheapest(&|v| v.rankable && v.class == ModeClass::OnDemand)
        .or_else(|| cheapest(&|v| v.rankable))
        .or_else(|| cheapest(&|_| true))
}

/// Where a GPU ranks: by tier (rankable on-demand, other rankable, not rankable; infeasible
/// after feasible), then by its best option's cost.
fn rank_key(best: Option<&View>, latency_met: Option<bool>) -> (u8, Decimal) {
    let Some(o) = best else {
        return (u8::MAX, Decimal::MAX);
    };
    let tier = match (o.rankable, o.class) {
        (true, ModeClass::OnDemand) => 0,
        (true, _) => 1,
        (false, _) => 2,
    };
    let feasible = latency_met != Some(false) && o.meets_deadline != Some(false);
    let penalty = if feasible { 0 } else { 3 };
    (tier + penalty, o.key.unwrap_or(Decimal::MAX))
}

/// The ranking with everything a recommendation shows: GPUs that can do the work, best first
/// (ties by name), and those that cannot.
pub(crate) fn evaluate(
    rentals: &Rentals,
    w: &ValidWorkload,
    currency: Currency,
    today: NaiveDate,
) -> (Vec<Candidate>, Vec<Excluded>, MemoryEstimate) {
    let mem = memory::estimate(w);
    let unit = cost::primary_unit(w);
    let (mut sized, excluded) = size_all(rentals, w, &mem, Detail::Shown);
    sized.sort_by(|a, b| {
        a.rank
            .cmp(&b.rank)
            .then_with(|| a.profile.name.cmp(&b.profile.name))
    });
    let mut ranked: Vec<Candidate> = sized
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let options: Vec<PriceOption> = s.picks.into_options(rentals.catalog, currency, today);
            let p = s.profile.clone();
            let slice = slice_fit(w, &p, &s.throughput, &mem, &options);
            let mut c = Candidate {
                gpus: s.gpus,
                slice,
                throughput: s.throughput,
                options,
                best: s.best,
                reasons: Vec::new(),
                warnings: Vec::new(),
                assumptions: Vec::new(),
                profile: p,
            };
            if i < EXPLAINED {
                explain(w, &mut c);
            }
            c
        })
        .collect();
    let own: Vec<Vec<Reason>> = ranked
        .iter()
        .take(EXPLAINED)
        .map(|c| reasons::own(c, &mem, unit))
        .collect();
    for (i, lines) in own.into_iter().enumerate() {
        let reference = if i == 0 {
            ranked.get(1)
        } else {
            ranked.first()
        };
        let versus = reference.and_then(|r| reasons::versus(&ranked[i], r, unit));
        ranked[i].reasons = lines;
        ranked[i].reasons.extend(versus);
    }
    (ranked, excluded, mem)
}

/// Adds a candidate's warnings and assumptions (its reasons need the others ranked).
fn explain(w: &ValidWorkload, c: &mut Candidate) {
    c.warnings = warnings::for_candidate(w, c);
    c.assumptions = c.throughput.notes.clone();
    c.assumptions.extend(assumptions::efficiency(&c.throughput));
    if c.options.iter().any(|o| o.quote) {
        c.assumptions.push(Assumption::QuoteMachine {
            gpus: c.gpus_per_replica(),
        });
    }
    if !c.throughput.other_suites.is_empty() {
        c.assumptions.push(Assumption::AlsoMeasured {
            suites: c.throughput.other_suites.clone(),
        });
    }
}

/// For the top-ranked GPU: its cheapest rankable on-demand cost in the ranking unit, and
/// whether its throughput rests on measured rows that do not record their precision — all
/// the quantization rule reads of a ranking at another precision.
pub(crate) fn top_on_demand(rentals: &Rentals, w: &ValidWorkload) -> Option<(Decimal, bool)> {
    let mem = memory::estimate(w);
    let top = |detail| {
        size_all(rentals, w, &mem, detail)
            .0
            .into_iter()
            .min_by(|a, b| {
                a.rank
                    .cmp(&b.rank)
                    .then_with(|| a.profile.name.cmp(&b.profile.name))
            })
    };
    // A GPU in time at a rankable on-demand price (tier 0) outranks every GPU that is not,
    // whatever their other prices; only when none is does the whole ordering decide.
    let top = top(Detail::OnDemandOrder)
        .filter(|t| t.rank.0 == 0)
        .or_else(|| top(Detail::Order))?;
    let unrecorded = top.throughput.basis.precision_unrecorded();
    let key = top
        .picks
        .list
        .iter()
        .filter(|p| p.rankable() && p.class == ModeClass::OnDemand)
        .filter_map(|p| p.key)
        .min()?;
    Some((key, unrecorded))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::fx::FxTable;
    use crate::recommend::workload::{Precision, TaskKind, Workload};

    #[test]
    fn the_rules_short_ranking_tops_the_full_one() {
        // `top_on_demand` skips what only a shown recommendation needs, and looks at on-demand
        // prices first; it must still read the same top GPU and cost as the full ranking.
        let embedded = &embedded().catalog;
        let fx = FxTable::from_catalog(embedded);
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        // A catalog where GPUs of 40 GB and more rent without on-demand prices: under a tight
        // deadline only they are in time, so the top is not found at on-demand prices.
        let mut big_without_on_demand = embedded.clone();
        for o in big_without_on_demand.offers.to_mut().iter_mut() {
            if embedded.gpu(&o.gpu).and_then(|g| g.memory_gib) >= Some(Decimal::from(40)) {
                o.prices
                    .to_mut()
                    .retain(|p| p.mode.class() != ModeClass::OnDemand);
            }
        }
        let deadlines = [None, Some(Decimal::new(1, 2)), Some(Decimal::ONE)];
        let (mut at_on_demand, mut otherwise) = (0, 0);
        for (c, currency) in [
            (embedded, Currency::Cny),
            (embedded, Currency::Usd),
            (&big_without_on_demand, Currency::Cny),
        ] {
            let rentals = Rentals::new(c, &fx, currency);
            for task in TaskKind::ALL {
                for precision in Precision::ALL {
                    for deadline in deadlines {
                        let mut workload = Workload::for_task(task);
                        workload.deadline_hours = deadline;
                        let Some(w) = workload.validate().ok() else {
                            continue;
                        };
                        let Some(w) = w.with_precision(precision) else {
                            continue;
                        };
                        let unit = cost::primary_unit(&w);
                        let (ranked, _, _) = evaluate(&rentals, &w, currency, today);
                        let Some(top) = ranked.first() else {
                            assert_eq!(top_on_demand(&rentals, &w), None);
                            continue;
                        };
                        let on_demand = top.feasible()
                            && top
                                .best_option()
                                .is_some_and(|o| o.rankable && o.class == ModeClass::OnDemand);
                        if on_demand {
                            at_on_demand += 1;
                        } else {
                            otherwise += 1;
                        }
                        let key = top
                            .options
                            .iter()
                            .filter(|o| o.rankable && o.class == ModeClass::OnDemand)
                            .filter_map(|o| o.key(unit))
                            .min();
                        let expected =
                            key.map(|k| (k, top.throughput.basis.precision_unrecorded()));
                        assert_eq!(
                            top_on_demand(&rentals, &w),
                            expected,
                            "{task:?} {precision:?} {currency:?} {deadline:?}"
                        );
                    }
                }
            }
        }
        assert!(
            at_on_demand > 0 && otherwise > 0,
            "{at_on_demand} and {otherwise}"
        );
    }
}
