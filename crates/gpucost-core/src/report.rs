//! The whole estimate the page and `gpucost estimate` show: provider comparison, savings,
//! warnings and the cumulative-cost series for charts.

use std::sync::Arc;

use rust_decimal::Decimal;

use crate::billing::{Coverage, ItemKind, PlanKind};
use crate::billing_mode::{BillingMode, ModeClass};
use crate::catalog::ProviderKind;
use crate::estimate::{
    compare_with, joined_terms, period_minutes, ClassOption, CommittedTerms, Comparison,
    EstimateContext, OfferBook, RegionBook, Selection, Seller, Upfront,
};
use crate::money::Money;
use crate::recommend::{quotes, recommend_quoted, Recommendation};
use crate::savings::{levers_with, rightsizing, LoadMismatch, RightsizingOutcome, Saving};
use crate::schedule::Segment;

/// Something the user should know about the estimate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// No provider can serve the scenario.
    NoProvider,
    /// Spot prices exist but the workload cannot be interrupted, so plans leave spot out.
    SpotExcluded,
    /// The cheapest plan exceeds the budget.
    OverBudget {
        /// The cheapest total.
        total: Money,
        /// The budget, in the display currency.
        budget: Money,
    },
    /// The cheapest plan uses prices older than a year or undated.
    OldPrices {
        /// Seller name (English).
        seller: String,
        /// Seller name (Chinese).
        seller_zh: String,
    },
    /// The cheapest plan is the founding document's market reference, not a provider quote.
    MarketReference,
    /// The described workload and the first line describe different jobs, so the
    /// recommendation prices no change to the line.
    LoadMismatch(LoadMismatch),
    /// An SLA floor (`sla=`) is set but no source states a catalog provider's compute SLA at
    /// or above it, so the floor leaves every catalog provider out: the table is empty (or
    /// holds only the user's quotes) because nothing can be proven to qualify.
    NoSourcedSla {
        /// The floor asked for, percent.
        min_pct: Decimal,
    },
    /// `cert=iso27001` is set but no catalog provider the other provider rules keep is stated
    /// by a source to hold ISO/IEC 27001, so the comparison holds only the user's quotes.
    NoSourcedIso27001,
}

/// Cumulative cost over the horizon for one way of paying.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    /// The billing class.
    pub class: ModeClass,
    /// Who sells the cheapest plan of that class (English name).
    pub seller: String,
    /// The same seller's Chinese name.
    pub seller_zh: String,
    /// `(hour, cumulative cost)` points: what has been paid by each hour. A commitment or
    /// subscription counts from the start of its period, when it is owed, and a term paid all
    /// up front counts whole from day one; so the line ends at the plan's total, or above it
    /// where an upfront pays for a term running past the period (see `commitments`).
    pub points: Vec<(Decimal, Money)>,
    /// What the plan's commitments bind the buyer to beyond the period, as its row says it
    /// (empty when nothing is committed).
    pub commitments: Vec<CommittedTerms>,
}

/// The full estimate.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Provider comparison.
    pub comparison: Comparison,
    /// Savings levers.
    pub savings: Vec<Saving>,
    /// Warnings.
    pub warnings: Vec<Warning>,
    /// Cumulative cost per billing class (on-demand, committed, subscription).
    pub series: Vec<Series>,
    /// The hardware recommendation, when the scenario describes a workload. Shared, so that a
    /// page can keep one recommendation across edits that do not change its inputs.
    pub recommendation: Option<Arc<Recommendation>>,
    /// The batch queue packed and priced, when the scenario has jobs (its lever is in
    /// `savings`).
    pub batch: Option<crate::savings::BatchSchedule>,
    /// The day it was estimated on: prices' ages (and a provider's staleness) are measured
    /// from it.
    pub today: chrono::NaiveDate,
    /// The teams' shared pool, when two teams rent the same GPU model (its lever is also in
    /// `savings`).
    pub pool: Option<crate::pool::SharedPool>,
}

impl Report {
    /// The cheapest total, if any provider can serve the scenario.
    pub fn cheapest(&self) -> Option<Money> {
        self.comparison
            .cheapest_by_selection
            .get(&Selection::Allowed)
            .copied()
    }
}

/// Most points in a series.
const MAX_POINTS: u32 = 200;

/// Computes the full estimate for `ctx`.
pub fn report(ctx: &EstimateContext) -> Report {
    report_with(ctx, Recommend::Now)
}

/// The hardware recommendation for the context's workload, if it describes one.
///
/// It depends only on the workload, the place and host floor, the user's priced quotes, the
/// exchange rates and the currency (the catalog and the date are fixed for a page), so a
/// caller that keeps it across edits of anything else — the schedule, the lines, the billing
/// options — can hand it back to [`report_with`].
pub fn recommendation_for(ctx: &EstimateContext) -> Option<Arc<Recommendation>> {
    ctx.scenario.workload().map(|w| {
        let s = ctx.scenario.scenario();
        Arc::new(recommend_quoted(
            ctx.catalog,
            w,
            &s.placement(),
            &s.custom_prices,
            ctx.fx,
            ctx.currency,
            ctx.today,
        ))
    })
}

/// What [`report_with`] does about the hardware recommendation, which is most of an
/// estimate's time when the scenario describes a workload.
#[derive(Debug, Clone)]
pub enum Recommend {
    /// Compute it.
    Now,
    /// Use one made earlier by [`recommendation_for`] from the same workload, rates and
    /// currency. One made for another workload or currency is recomputed; the rates cannot be
    /// checked here, so a caller must drop its recommendation when they change.
    Reuse(Arc<Recommendation>),
    /// Leave it out for now: the report has no recommendation and no rightsizing lever. For a
    /// page that paints the totals first and adds the recommendation a moment later.
    Later,
}

/// Computes the full estimate for `ctx`, with the recommendation as `recommend` says.
pub fn report_with(ctx: &EstimateContext, recommend: Recommend) -> Report {
    report_on(ctx, recommendation(ctx, recommend), OfferBook::new(ctx))
}

/// The recommendation `recommend` asks for: none, a kept one that still fits `ctx`, or one
/// computed now (also in place of a kept one that no longer fits).
pub fn recommendation(ctx: &EstimateContext, recommend: Recommend) -> Option<Arc<Recommendation>> {
    match recommend {
        Recommend::Later => None,
        Recommend::Reuse(rec) if fits(&rec, ctx) => Some(rec),
        Recommend::Now | Recommend::Reuse(_) => recommendation_for(ctx),
    }
}

/// Whether `rec` was made for `ctx`'s workload, place, priced quotes and currency (the rates
/// cannot be checked; see [`Recommend::Reuse`]). False when the scenario describes no
/// workload.
pub fn fits(rec: &Recommendation, ctx: &EstimateContext) -> bool {
    let s = ctx.scenario.scenario();
    ctx.scenario.workload().is_some_and(|w| {
        rec.workload == *w
            && rec.currency == ctx.currency
            && rec.placement == s.placement()
            && rec.quotes == quotes::priced(&s.custom_prices)
    })
}

/// The full estimate for `ctx` with `recommendation` as it is (the caller made sure it fits,
/// see [`fits`]), on offers' regions kept from an earlier estimate when they fit `ctx` (see
/// [`RegionBook::fits`]; a book that does not fit is not used). The report is the same as
/// [`report_with`]'s; only the work of building the regions again is saved.
///
/// It never computes a recommendation, so a page that computes its own elsewhere (the
/// release page fetches that code after its first result) can estimate without it.
pub fn report_given<'a>(
    ctx: &EstimateContext<'a>,
    recommendation: Option<Arc<Recommendation>>,
    regions: Arc<RegionBook<'a>>,
) -> Report {
    let book = if regions.fits(ctx) {
        OfferBook::with_regions(ctx, regions)
    } else {
        OfferBook::new(ctx)
    };
    report_on(ctx, recommendation, book)
}

fn report_on<'a>(
    ctx: &EstimateContext<'a>,
    recommendation: Option<Arc<Recommendation>>,
    book: OfferBook<'a>,
) -> Report {
    // One book of offers for the comparison and the savings levers' counterfactuals.
    let comparison = compare_with(ctx, &book);
    let mut savings = levers_with(ctx, &comparison, &book);
    let batch = crate::savings::batch_schedule(ctx);
    savings.extend(batch.as_ref().and_then(|b| b.saving.clone()));
    let pool = crate::pool::shared_pool(ctx, &comparison, &book);
    savings.extend(pool.as_ref().map(|p| p.saving.clone()));
    let mut warnings = Vec::new();
    match recommendation
        .as_ref()
        .and_then(|rec| rightsizing(ctx, &comparison, rec))
    {
        Some(RightsizingOutcome::Saving(s)) => savings.push(s),
        Some(RightsizingOutcome::Mismatch(m)) => warnings.push(Warning::LoadMismatch(m)),
        None => {}
    }
    let s = ctx.scenario.scenario();
    if let Some(min_pct) = s.providers.min_sla_pct {
        if ctx
            .catalog
            .providers_with_sla_at_least(min_pct)
            .next()
            .is_none()
        {
            warnings.push(Warning::NoSourcedSla { min_pct });
        }
    }
    let without_cert = crate::provider_filter::ProviderFilter {
        iso_27001: false,
        ..s.providers.clone()
    };
    let catalog_kept = |f: &crate::provider_filter::ProviderFilter| {
        ctx.catalog.providers.iter().any(|p| f.admits(p))
    };
    if s.providers.iso_27001 && catalog_kept(&without_cert) && !catalog_kept(&s.providers) {
        warnings.push(Warning::NoSourcedIso27001);
    }
    let first = comparison
        .providers
        .first()
        .and_then(|p| p.outcome.as_ref().ok().map(|plan| (p, plan)));
    match first {
        None => warnings.push(Warning::NoProvider),
        Some((p, plan)) => {
            if let Some(budget) = s.budget {
                let budget = ctx.fx.convert(budget, ctx.currency).round_for_display();
                if plan.total.amount > budget.amount {
                    warnings.push(Warning::OverBudget {
                        total: plan.total,
                        budget,
                    });
                }
            }
            if plan.lines.iter().any(|l| l.old_prices) {
                warnings.push(Warning::OldPrices {
                    seller: p.seller.name.clone(),
                    seller_zh: p.seller.name_zh.clone(),
                });
            }
            if p.seller.kind == Some(ProviderKind::MarketReference) {
                warnings.push(Warning::MarketReference);
            }
        }
    }
    if comparison.spot_excluded {
        warnings.push(Warning::SpotExcluded);
    }
    let series = series(ctx, &comparison);
    Report {
        today: ctx.today,
        comparison,
        savings,
        warnings,
        series,
        recommendation,
        batch,
        pool,
    }
}

/// Cumulative GPU-minutes of line `i` at each of `marks`.
fn cumulative_demand(ctx: &EstimateContext, i: usize, marks: &[u32]) -> Vec<Decimal> {
    cumulative(&ctx.scenario.segments(i), marks)
}

/// GPU-minutes of `segments` before each of `marks`: per mark, the sum in list order of every
/// segment started before it, up to the mark.
fn cumulative(segments: &[Segment], marks: &[u32]) -> Vec<Decimal> {
    let in_order = segments.windows(2).all(|w| w[0].start <= w[1].start)
        && marks.windows(2).all(|w| w[0] <= w[1]);
    if !in_order {
        return marks.iter().map(|&m| summed_anew(segments, m)).collect();
    }
    // With segments by start and marks increasing, the segments a mark counts are a prefix of
    // the list, and its leading segments already over by that mark count whole at every later
    // mark. Their running sum is carried from mark to mark and the rest of the prefix added
    // to it in list order: the same additions, in the same order, as summing the prefix anew.
    let mut whole = Decimal::ZERO;
    let mut over = 0;
    marks
        .iter()
        .map(|&m| {
            while let Some(s) = segments.get(over).filter(|s| s.start < m && s.end <= m) {
                whole += s.gpus * Decimal::from(s.end - s.start);
                over += 1;
            }
            let mut sum = whole;
            for s in segments[over..].iter().take_while(|s| s.start < m) {
                sum += s.gpus * Decimal::from(s.end.min(m) - s.start);
            }
            sum
        })
        .collect()
}

/// [`cumulative`] at one mark, summing every segment started before it.
fn summed_anew(segments: &[Segment], m: u32) -> Decimal {
    segments
        .iter()
        .filter(|s| s.start < m)
        .map(|s| s.gpus * Decimal::from(s.end.min(m) - s.start))
        .sum::<Decimal>()
}

fn series(ctx: &EstimateContext, comparison: &Comparison) -> Vec<Series> {
    let s = ctx.scenario.scenario();
    let horizon = s.horizon.minutes();
    let step = horizon.div_ceil(MAX_POINTS).max(60).div_ceil(60) * 60;
    let mut marks: Vec<u32> = (0..=horizon / step).map(|k| k * step).collect();
    if marks.last() != Some(&horizon) {
        marks.push(horizon);
    }
    let demand: Vec<Vec<Decimal>> = (0..s.lines.len())
        .map(|i| cumulative_demand(ctx, i, &marks))
        .collect();
    let recurring = s.horizon.is_recurring();

    // The cheapest seller of each class whose every line has an eligible option of it.
    let mut picked: Vec<(ModeClass, &Seller, Vec<&ClassOption>)> = Vec::new();
    for class in [
        ModeClass::OnDemand,
        ModeClass::Committed,
        ModeClass::Subscription,
    ] {
        let mut best: Option<(&Seller, Decimal, Vec<&ClassOption>)> = None;
        for p in comparison.providers.iter() {
            let Ok(plan) = &p.outcome else { continue };
            let chosen: Option<Vec<&ClassOption>> = plan
                .options
                .iter()
                .map(|opts| opts.iter().find(|o| o.class == class && o.eligible))
                .collect();
            let Some(chosen) = chosen else { continue };
            let total: Decimal = chosen.iter().map(|o| o.plan.subtotal.amount).sum();
            if best.as_ref().is_none_or(|(_, t, _)| total < *t) {
                best = Some((&p.seller, total, chosen));
            }
        }
        if let Some((seller, _, chosen)) = best {
            picked.push((class, seller, chosen));
        }
    }
    if picked.is_empty() {
        return Vec::new();
    }
    // What every class's points share, worked out once per mark: the hour and each line's
    // share of its demand used.
    let hours: Vec<Decimal> = marks
        .iter()
        .map(|&m| Decimal::from(m) / Decimal::from(60))
        .collect();
    let used: Vec<Vec<Decimal>> = demand
        .iter()
        .map(|line| {
            let total_demand = *line.last().unwrap_or(&Decimal::ZERO);
            line.iter()
                .map(|d| {
                    if total_demand.is_zero() {
                        Decimal::ZERO
                    } else {
                        d / total_demand
                    }
                })
                .collect()
        })
        .collect();

    let mut out = Vec::new();
    for (class, seller, chosen) in picked {
        let points = marks
            .iter()
            .enumerate()
            .map(|(k, &m)| {
                let mut amount = Decimal::ZERO;
                for (li, opt) in chosen.iter().enumerate() {
                    let used = used[li][k];
                    for item in &opt.plan.items {
                        amount += match item.kind {
                            // Usage accrues with the demand.
                            ItemKind::OnDemand | ItemKind::Spot | ItemKind::SpotOverhead => {
                                item.amount.amount * used
                            }
                            // A commitment is owed from its start, used or not (it accrued
                            // evenly, so the chart started a 3-year reservation at ¥0 and
                            // claimed it beat on-demand after ~4 h). In a recurring period
                            // a term paid all up front is paid on its first day, whole:
                            // four A10s reserved for three years take ¥261,540.03 on day
                            // one, though the month's share is ¥7,265.00 (issue 28). A term
                            // billed monthly owes the period's share from its first hour.
                            // A one-off's terms are each paid at their start (renewals
                            // back to back).
                            ItemKind::Commitment if recurring => match opt.plan.committed {
                                Some(CommittedTerms {
                                    upfront: Upfront::Whole(first),
                                    ..
                                }) => first.round_for_display().amount,
                                _ => item.amount.amount,
                            },
                            ItemKind::Commitment => match opt.plan.plan {
                                PlanKind::Committed {
                                    commitment,
                                    coverage: Coverage::Terms(n),
                                    ..
                                } if n > 1 => {
                                    let term = commitment.term.hours() * Decimal::from(60);
                                    let started = (Decimal::from(m) / term).floor() + Decimal::ONE;
                                    item.amount.amount * started.min(Decimal::from(n))
                                        / Decimal::from(n)
                                }
                                _ => item.amount.amount,
                            },
                            // Subscriptions are paid at the start of each period.
                            ItemKind::Subscription => {
                                let BillingMode::Subscription(period) = item.mode else {
                                    continue;
                                };
                                let len = period_minutes(period, horizon, recurring).max(1);
                                let n = horizon.div_ceil(len).max(1);
                                let started = (m / len + 1).min(n);
                                item.amount.amount * Decimal::from(started) / Decimal::from(n)
                            }
                        };
                    }
                }
                (
                    hours[k],
                    Money::new(amount, ctx.currency).round_for_display(),
                )
            })
            .collect();
        out.push(Series {
            class,
            seller: seller.name.clone(),
            seller_zh: seller.name_zh.clone(),
            points,
            commitments: joined_terms(chosen.iter().filter_map(|o| o.plan.committed)),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carried_demand_sums_match_sums_made_anew() {
        // Overlapping, empty and touching segments, and GPU counts with enough digits that
        // the additions round: the carried sums must still match bit for bit.
        let mut seed: u64 = 7;
        let mut next = |n: u32| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % u64::from(n)) as u32
        };
        for round in 0..300 {
            let mut segments: Vec<Segment> = (0..next(12))
                .map(|_| {
                    let start = next(2000);
                    let gpus = if round % 3 == 0 {
                        Decimal::from_i128_with_scale(
                            i128::from(next(u32::MAX)) * 1_000_000_007_i128,
                            next(28),
                        )
                    } else {
                        Decimal::new(i64::from(next(500)), next(3))
                    };
                    Segment {
                        start,
                        end: start + next(400),
                        gpus,
                    }
                })
                .collect();
            if round % 2 == 0 {
                segments.sort_by_key(|s| s.start);
            }
            let mut marks: Vec<u32> = (0..next(40)).map(|_| next(2600)).collect();
            marks.sort_unstable();
            let carried = cumulative(&segments, &marks);
            for (m, got) in marks.iter().zip(&carried) {
                let want = summed_anew(&segments, *m);
                assert_eq!(got.serialize(), want.serialize(), "round {round}, mark {m}");
            }
        }
    }

    /// Runs `f` with an estimate context for `scenario` in `currency`.
    fn with_ctx<T>(
        scenario: crate::scenario::Scenario,
        currency: crate::money::Currency,
        f: impl FnOnce(&EstimateContext) -> T,
    ) -> T {
        let e = crate::catalog::embedded();
        let valid = scenario.validate(&e.catalog).expect("valid scenario");
        let fx = crate::fx::FxTable::from_catalog(&e.catalog);
        f(&EstimateContext {
            catalog: &e.catalog,
            index: &e.index,
            scenario: &valid,
            fx: &fx,
            currency,
            today: chrono::NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
        })
    }

    #[test]
    fn a_kept_recommendation_gives_the_same_report_without_recomputing() {
        use crate::money::Currency;
        use crate::presets::Preset;
        for preset in Preset::ALL {
            let s = preset.scenario();
            let kept = with_ctx(s.clone(), Currency::Cny, recommendation_for);
            // An edit of the schedule only: the kept recommendation still applies.
            let mut edited = s.clone();
            edited.horizon = crate::scenario::Horizon::Hours(Decimal::from(37));
            let (fresh, reused) = with_ctx(edited, Currency::Cny, |ctx| {
                (
                    report(ctx),
                    report_with(
                        ctx,
                        kept.clone().map(Recommend::Reuse).unwrap_or(Recommend::Now),
                    ),
                )
            });
            assert_eq!(fresh, reused, "{}", preset.as_str());
            if let (Some(k), Some(r)) = (&kept, &reused.recommendation) {
                assert!(Arc::ptr_eq(k, r), "{}: recomputed", preset.as_str());
            }
        }
    }

    #[test]
    fn a_recommendation_for_another_workload_or_currency_is_recomputed() {
        use crate::money::Currency;
        use crate::presets::Preset;
        use crate::recommend::workload::Precision;
        let s = Preset::Custom.scenario();
        let kept = with_ctx(s.clone(), Currency::Cny, recommendation_for).expect("a workload");
        let fresh_in_usd = with_ctx(s.clone(), Currency::Usd, |ctx| {
            (
                report(ctx),
                report_with(ctx, Recommend::Reuse(kept.clone())),
            )
        });
        assert_eq!(fresh_in_usd.0, fresh_in_usd.1);
        assert_eq!(
            fresh_in_usd.1.recommendation.unwrap().currency,
            Currency::Usd
        );

        let mut other = s.clone();
        let mut w = other.workload.expect("a workload");
        w.precision = if w.precision == Precision::Int8 {
            Precision::Fp16
        } else {
            Precision::Int8
        };
        other.workload = Some(w);
        let (fresh, reused) = with_ctx(other, Currency::Cny, |ctx| {
            (
                report(ctx),
                report_with(ctx, Recommend::Reuse(kept.clone())),
            )
        });
        assert_eq!(fresh, reused);
        assert_ne!(reused.recommendation.as_deref(), Some(&*kept));
    }

    #[test]
    fn a_recommendation_left_for_later_leaves_out_only_it_and_its_lever() {
        use crate::money::Currency;
        use crate::presets::Preset;
        let (now, later) = with_ctx(Preset::Custom.scenario(), Currency::Cny, |ctx| {
            (report(ctx), report_with(ctx, Recommend::Later))
        });
        assert!(now.recommendation.is_some() && later.recommendation.is_none());
        assert_eq!(later.comparison, now.comparison);
        assert_eq!(later.series, now.series);
        assert_eq!(later.warnings, now.warnings);
        let levers = |r: &Report| r.savings.iter().map(|s| s.lever).collect::<Vec<_>>();
        let mut without = levers(&now);
        without.retain(|l| *l != crate::savings::Lever::Rightsizing);
        assert_eq!(levers(&later), without);
        assert!(levers(&now).contains(&crate::savings::Lever::Rightsizing));
    }
}
