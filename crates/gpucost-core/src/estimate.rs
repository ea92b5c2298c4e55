//! The estimate: for every provider, the cheapest way to serve each line of a scenario, with
//! line items (quantity × rate = amount), totals, and the best offer per billing class.
//!
//! Money is compared exactly in the display currency; each line item is converted and rounded
//! once for display, and every subtotal and total shown is the sum of the rounded items above
//! it. Savings levers (see `savings`) are derived from the same plans under restrictions, so a
//! lever's amount is a difference of two totals a user could see.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::billing::{Coverage, ItemKind, Plan, PlanContext, PlanDraft, PlanKind};
use crate::billing_mode::{BillingMode, ModeClass, Period};
use crate::catalog::{
    AsOf, Catalog, CatalogIndex, Metering, Provider, ProviderKind, Rule, SourceKind,
};
use crate::fx::FxTable;
use crate::money::{Currency, Money};
use crate::placement::{Constraint, Interconnect, Spread};
use crate::scenario::ValidScenario;

mod committed;
mod line;
mod memo;
mod offers;
mod one_region;

pub use committed::{joined_terms, CommittedTerms, Upfront};

use line::{price_line, Depth, LineBest, LineUsageCache};
pub(crate) use offers::OfferBook;
pub use offers::RegionBook;
use offers::{candidates, custom_rates, line_offers, sellers, CustomRate};
use one_region::one_region;

pub use crate::quote::{QUOTE_REGION, USER_SOURCE};

/// Prices older than this many days are flagged in results.
pub const OLD_PRICE_DAYS: i64 = 365;

/// Who an estimate row is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seller {
    /// Provider id, or `custom:<name>` for a provider the user named.
    pub id: String,
    /// English name.
    pub name: String,
    /// Chinese name.
    pub name_zh: String,
    /// Kind, when a catalog provider.
    pub kind: Option<ProviderKind>,
}

/// One charge as shown: quantity × rate = amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineItem {
    /// Kind of charge.
    pub kind: ItemKind,
    /// The price's billing mode.
    pub mode: BillingMode,
    /// Instance-hours, or instance-periods for subscriptions.
    pub quantity: Decimal,
    /// Rate per unit in its own currency.
    pub rate: Money,
    /// Amount in the display currency, rounded for display.
    pub amount: Money,
    /// Source id of the rate.
    pub source: String,
    /// What kind of publication the source is (`None` for the user's own price).
    pub source_kind: Option<SourceKind>,
    /// Date of the rate.
    pub as_of: AsOf,
}

/// How one line is served at one provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinePlan {
    /// Line index in the scenario.
    pub line: usize,
    /// Offer id (`aws/p4d.24xlarge`, `custom:<name>/<gpu>`).
    pub offer: String,
    /// The provider's name for the offer.
    pub instance: String,
    /// GPUs per instance.
    pub gpus_per_instance: Decimal,
    /// Instances at the line's peak.
    pub machines: u32,
    /// How each instance's GPUs talk to each other, where the catalog says.
    pub interconnect: Option<Interconnect>,
    /// Region of the prices used.
    pub region: String,
    /// The plan's shape.
    pub plan: PlanKind,
    /// Its charges.
    pub items: Vec<LineItem>,
    /// Sum of the rounded items.
    pub subtotal: Money,
    /// The offer's prices are older than [`OLD_PRICE_DAYS`] or undated.
    pub old_prices: bool,
    /// For a committed plan: the whole term(s) it binds the buyer to.
    pub committed: Option<CommittedTerms>,
}

/// The best way to pay one line in one billing class at a provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassOption {
    /// The class.
    pub class: ModeClass,
    /// The plan (offer, region, items) in that class.
    pub plan: LinePlan,
    /// Whether the scenario allows choosing it.
    pub eligible: bool,
    /// For committed plans: the share of the horizon's hours in use at which the commitment
    /// (for the hours it charges) costs the same as on-demand. For subscriptions: hours per period at which the subscription costs the
    /// same as on-demand.
    pub break_even: Option<BreakEven>,
}

/// Where a commitment or subscription starts paying off against on-demand at the same offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakEven {
    /// Fraction of the horizon's hours an instance must be in use: committed rate × hours
    /// charged ÷ (on-demand rate × horizon hours). A recurring horizon is charged its own
    /// hours, so this is the committed rate ÷ the on-demand rate; a one-off horizon owes whole
    /// terms (see [`Coverage`](crate::billing::Coverage)), so above 100 % the commitment
    /// cannot pay off within the horizon. The same hours decide which levels are reserved.
    Utilization(Decimal),
    /// Hours of use per period (period price ÷ on-demand rate).
    HoursPerPeriod(Decimal, Period),
}

/// A provider's cheapest way to serve the whole scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderPlan {
    /// One plan per line.
    pub lines: Vec<LinePlan>,
    /// Sum of the line subtotals.
    pub total: Money,
    /// Total divided by the GPU-hours the scenario needs.
    pub per_gpu_hour: Money,
    /// Best option per line and billing class (for comparison tables).
    pub options: Vec<Vec<ClassOption>>,
}

impl ProviderPlan {
    /// The plan every line uses (the first line's, when all lines' plans have the same slug),
    /// or `None` when the lines are billed differently.
    pub fn common_plan(&self) -> Option<PlanKind> {
        let first = self.lines.first()?;
        let slug = first.plan.slug();
        self.lines
            .iter()
            .all(|l| l.plan.slug() == slug)
            .then_some(first.plan)
    }
}

/// Why a provider cannot serve the scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unserved {
    /// The catalog has no sourced price for this provider.
    NoPrices,
    /// No offer of this provider has the line's GPU (or a bigger one of its family).
    NoOffer {
        /// Line index.
        line: usize,
        /// GPU model id.
        gpu: String,
    },
    /// The provider has offers of the line's GPU, but the line's packing or the scenario's
    /// place or host floor leaves every one of them out.
    Constrained {
        /// Line index.
        line: usize,
        /// GPU model id.
        gpu: String,
        /// Every rule that left one of them out, in [`Constraint`] order.
        by: Vec<Constraint>,
    },
    /// The scenario keeps every line in one region, and no region of the provider can serve
    /// them all (each line alone can be served somewhere).
    NoSingleRegion {
        /// The lines' GPU model ids, in line order, each once.
        gpus: Vec<String>,
    },
}

/// One provider's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderEstimate {
    /// Who.
    pub seller: Seller,
    /// Its plan, or why it has none.
    pub outcome: Result<ProviderPlan, Unserved>,
}

/// Which plans a selection may use (the actual scenario, or a lever's counterfactual).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Selection {
    /// Whatever the scenario allows.
    Allowed,
    /// As allowed, but no spot capacity.
    NoSpot,
    /// As allowed, but no commitments.
    NoCommitted,
    /// As allowed, but no subscriptions.
    NoSubscription,
    /// Pay as you go only: on-demand and (if allowed) spot.
    HourlyOnly,
}

impl Selection {
    const ALL: [Selection; 5] = [
        Selection::Allowed,
        Selection::NoSpot,
        Selection::NoCommitted,
        Selection::NoSubscription,
        Selection::HourlyOnly,
    ];

    fn admits(self, plan: &PlanDraft) -> bool {
        plan.eligible
            && match self {
                Selection::Allowed => true,
                Selection::NoSpot => !plan.kind.uses_spot(),
                Selection::NoCommitted => plan.kind.class() != ModeClass::Committed,
                Selection::NoSubscription => plan.kind.class() != ModeClass::Subscription,
                Selection::HourlyOnly => {
                    matches!(plan.kind.class(), ModeClass::OnDemand | ModeClass::Spot)
                }
            }
    }
}

/// Everything computed for one scenario (before savings are derived).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// Display currency.
    pub currency: Currency,
    /// GPU-hours the scenario needs.
    pub gpu_hours: Decimal,
    /// Provider results for [`Selection::Allowed`], cheapest first, unserved last.
    pub providers: Vec<ProviderEstimate>,
    /// Cheapest total under each selection (for savings levers).
    pub cheapest_by_selection: BTreeMap<Selection, Money>,
    /// Cheapest cost of subscribing every line's peak for every period, at one seller.
    pub subscribe_peak: Option<(Seller, Money)>,
    /// Whether some offer had a spot price the scenario could not use (not interruptible).
    pub spot_excluded: bool,
}

/// Inputs shared by every part of an estimate.
pub struct EstimateContext<'a> {
    /// The catalog.
    pub catalog: &'a Catalog,
    /// Its index.
    pub index: &'a CatalogIndex,
    /// The scenario.
    pub scenario: &'a ValidScenario,
    /// Exchange rates.
    pub fx: &'a FxTable,
    /// Display currency.
    pub currency: Currency,
    /// Today, for price ages.
    pub today: NaiveDate,
}

fn exact_metering() -> Metering {
    Metering {
        increment_seconds: 1,
        minimum_seconds: 0,
        by_vcpus: Vec::new().into(),
        rule: Rule {
            en: String::new().into(),
            zh: String::new().into(),
            source: None,
        },
    }
}

/// Minutes one subscription period covers within a horizon (a month is the horizon itself
/// when the horizon is a recurring month).
pub(crate) fn period_minutes(period: Period, horizon_minutes: u32, recurring_month: bool) -> u32 {
    match period {
        Period::Day => 24 * 60,
        Period::Week => 7 * 24 * 60,
        Period::Days30 => 30 * 24 * 60,
        Period::Month if recurring_month => horizon_minutes,
        Period::Month => 730 * 60,
    }
}

/// What pricing any seller's lines needs, worked out once per estimate: the plan context,
/// each line's usage cache and candidate offers, the user's prices, and the exact metering
/// used for sellers that are not catalog providers.
struct Pricing<'a> {
    plan_ctx: PlanContext<'a>,
    caches: Vec<LineUsageCache>,
    custom: Vec<CustomRate<'a>>,
    offers: Vec<Vec<usize>>,
    exact: Metering,
}

impl<'a> Pricing<'a> {
    fn new(ctx: &EstimateContext<'a>) -> Pricing<'a> {
        let lines = &ctx.scenario.scenario().lines;
        Pricing {
            plan_ctx: plan_context(ctx),
            caches: (0..lines.len())
                .map(|i| LineUsageCache::new(ctx, i))
                .collect(),
            custom: custom_rates(ctx),
            offers: lines.iter().map(|l| line_offers(ctx, l)).collect(),
            exact: exact_metering(),
        }
    }
}

/// What plans may use under `ctx`'s scenario.
fn plan_context<'f>(ctx: &EstimateContext<'f>) -> PlanContext<'f> {
    let s = ctx.scenario.scenario();
    PlanContext {
        fx: ctx.fx,
        display: ctx.currency,
        spot_overhead: s.options.spot_overhead_pct / Decimal::ONE_HUNDRED,
        spot_usable: s.options.spot_usable(),
        committed_allowed: s.options.allows(ModeClass::Committed),
        subscription_allowed: s.options.allows(ModeClass::Subscription),
        recurring: s.horizon.is_recurring(),
        horizon_hours: s.horizon.hours(),
    }
}

/// Runs the comparison for `ctx`'s scenario.
pub fn compare(ctx: &EstimateContext) -> Comparison {
    compare_with(ctx, &OfferBook::new(ctx))
}

/// Runs the comparison for `ctx`'s scenario with offers from `book` (shared with the
/// estimate's counterfactuals).
pub(crate) fn compare_with<'c, 'a: 'c>(
    ctx: &EstimateContext<'c>,
    book: &OfferBook<'a>,
) -> Comparison {
    if !book.fits(ctx) {
        return compare(ctx);
    }
    let gpu_hours = scenario_gpu_hours(ctx);
    let mut pricing = Pricing::new(ctx);
    let priced: Vec<PricedSeller> = sellers(ctx)
        .into_iter()
        .map(|(seller, provider)| {
            price_seller(ctx, book, &mut pricing, seller, provider, gpu_hours)
        })
        .collect();
    let per_seller: Vec<&[Option<Decimal>]> = priced.iter().map(|p| p.allowed.as_slice()).collect();
    book.priced.borrow_mut().keep(ctx, &per_seller);
    let spot_excluded = priced.iter().any(|p| p.spot_excluded);
    let cheapest_by_selection = cheapest_by_selection(&priced, ctx.currency);
    let subscribe_peak = cheapest_peak_subscription(&priced, ctx.currency);
    Comparison {
        currency: ctx.currency,
        gpu_hours,
        providers: cheapest_first(priced),
        cheapest_by_selection,
        subscribe_peak,
        spot_excluded,
    }
}

/// GPU-hours the scenario needs, over all lines.
fn scenario_gpu_hours(ctx: &EstimateContext) -> Decimal {
    let lines = ctx.scenario.scenario().lines.len();
    (0..lines).map(|i| ctx.scenario.gpu_hours(i)).sum()
}

/// One seller, priced: its row, and what the comparison gathers from it.
struct PricedSeller {
    /// The row: the seller's plan, or why it has none.
    estimate: ProviderEstimate,
    /// Its total under each selection (`None`: the selection cannot serve some line); empty
    /// when the seller cannot serve the scenario.
    totals: BTreeMap<Selection, Option<Decimal>>,
    /// Subscribing every line's peak for every period, when the seller serves the scenario
    /// and every line can be subscribed.
    peak_subscription: Option<Decimal>,
    /// Whether some offer had a spot price the scenario could not use.
    spot_excluded: bool,
    /// Per line priced, in order, its cheapest allowed cost (`None`: no allowed plan); it
    /// stops at the first line the seller cannot serve.
    allowed: Vec<Option<Decimal>>,
}

/// What pricing a seller's lines gathers for the comparison, when it serves every line.
struct ServedLines {
    /// One plan per line.
    plans: Vec<LinePlan>,
    /// Best option per line and billing class.
    options: Vec<Vec<ClassOption>>,
    /// Its total under each selection (see [`PricedSeller::totals`]).
    totals: BTreeMap<Selection, Option<Decimal>>,
    /// See [`PricedSeller::peak_subscription`].
    peak: Option<Decimal>,
    /// Whether some offer had a spot price the scenario could not use.
    spot_excluded: bool,
    /// See [`PricedSeller::allowed`].
    allowed: Vec<Option<Decimal>>,
}

impl PricedSeller {
    /// A seller that serves every line.
    fn served(
        ctx: &EstimateContext,
        seller: Seller,
        lines: ServedLines,
        gpu_hours: Decimal,
    ) -> Self {
        PricedSeller {
            estimate: ProviderEstimate {
                seller,
                outcome: Ok(provider_plan(ctx, lines.plans, lines.options, gpu_hours)),
            },
            totals: lines.totals,
            peak_subscription: lines.peak,
            spot_excluded: lines.spot_excluded,
            allowed: lines.allowed,
        }
    }

    /// A seller that cannot serve the scenario, and why.
    fn unserved(
        seller: Seller,
        why: Unserved,
        spot_excluded: bool,
        allowed: Vec<Option<Decimal>>,
    ) -> Self {
        PricedSeller {
            estimate: ProviderEstimate {
                seller,
                outcome: Err(why),
            },
            totals: BTreeMap::new(),
            peak_subscription: None,
            spot_excluded,
            allowed,
        }
    }
}

/// Prices every line of the scenario at `seller`, stopping at the first line it cannot serve.
fn price_seller(
    ctx: &EstimateContext,
    book: &OfferBook,
    pricing: &mut Pricing,
    seller: Seller,
    provider: Option<&Provider>,
    gpu_hours: Decimal,
) -> PricedSeller {
    let has_any = provider.is_some_and(|p| book.stocks(&p.id))
        || pricing.custom.iter().any(|c| c.owner == seller.id);
    if !has_any {
        return PricedSeller::unserved(seller, Unserved::NoPrices, false, Vec::new());
    }
    if ctx.scenario.scenario().spread == Spread::OneRegion {
        return match lines_in_one_region(ctx, book, pricing, &seller, provider) {
            Ok(lines) => PricedSeller::served(ctx, seller, lines, gpu_hours),
            Err(why) => PricedSeller::unserved(seller, why, false, Vec::new()),
        };
    }
    let metering = provider.map(|p| &p.metering).unwrap_or(&pricing.exact);
    let mut spot_excluded = false;
    let mut line_plans = Vec::new();
    let mut options = Vec::new();
    let mut totals: BTreeMap<Selection, Option<Decimal>> = BTreeMap::new();
    let mut peak = Some(Decimal::ZERO);
    let mut unserved = None;
    let mut allowed = Vec::new();
    for (li, line) in ctx.scenario.scenario().lines.iter().enumerate() {
        let candidates = candidates(
            ctx,
            book,
            &seller,
            &line.gpu,
            &pricing.offers[li],
            &pricing.custom,
        );
        let no_offer = || Unserved::NoOffer {
            line: li,
            gpu: line.gpu.clone(),
        };
        if candidates.is_empty() {
            allowed.push(None);
            unserved = Some(no_candidate(ctx, book, &seller, li));
            break;
        }
        let found = price_line(
            ctx,
            &pricing.plan_ctx,
            &candidates,
            metering,
            &mut pricing.caches[li],
            Depth::Full,
            None,
        );
        spot_excluded |= found.spot_excluded;
        peak = peak.zip(found.sub_peak).map(|(t, c)| t + c);
        allowed.push(found.allowed().map(|c| c.cost));
        let Some((plan, best)) = chosen_plan(ctx, &pricing.plan_ctx, li, &candidates, &found)
        else {
            unserved = Some(no_offer());
            break;
        };
        add_line_totals(&mut totals, li, &found);
        line_plans.push(plan);
        options.push(best);
    }
    match unserved {
        Some(u) => PricedSeller::unserved(seller, u, spot_excluded, allowed),
        None => {
            let lines = ServedLines {
                plans: line_plans,
                options,
                totals,
                peak,
                spot_excluded,
                allowed,
            };
            PricedSeller::served(ctx, seller, lines, gpu_hours)
        }
    }
}

/// Why `seller` has no candidate for line `li`: the rules that left its offers out, or no
/// offer of the line's GPU at all.
fn no_candidate(ctx: &EstimateContext, book: &OfferBook, seller: &Seller, li: usize) -> Unserved {
    let line = &ctx.scenario.scenario().lines[li];
    let by = offers::constraints(ctx, book, &seller.id, line);
    if by.is_empty() {
        Unserved::NoOffer {
            line: li,
            gpu: line.gpu.clone(),
        }
    } else {
        Unserved::Constrained {
            line: li,
            gpu: line.gpu.clone(),
            by: by.into_iter().collect(),
        }
    }
}

/// Every candidate `seller` has for each line of the scenario (`offers`: each line's catalog
/// offers, `custom`: the user's prices), or why it has none for the first line it cannot
/// serve.
fn all_candidates<'b, 'c, 'a: 'c>(
    ctx: &EstimateContext<'c>,
    book: &'b OfferBook<'a>,
    offers: &[Vec<usize>],
    custom: &'b [CustomRate<'c>],
    seller: &Seller,
) -> Result<Vec<Vec<offers::Candidate<'b, 'c>>>, Unserved> {
    let lines = &ctx.scenario.scenario().lines;
    let mut all = Vec::with_capacity(lines.len());
    for (li, line) in lines.iter().enumerate() {
        let found = candidates(ctx, book, seller, &line.gpu, &offers[li], custom);
        if found.is_empty() {
            return Err(no_candidate(ctx, book, seller, li));
        }
        all.push(found);
    }
    Ok(all)
}

/// The lines' GPU ids, in line order, each once (for [`Unserved::NoSingleRegion`]).
fn line_gpus(ctx: &EstimateContext) -> Vec<String> {
    let mut gpus: Vec<String> = Vec::new();
    for line in &ctx.scenario.scenario().lines {
        if !gpus.contains(&line.gpu) {
            gpus.push(line.gpu.clone());
        }
    }
    gpus
}

/// `seller`'s lines with every line in one of its regions (see [`one_region`]), or why it
/// cannot serve them so.
fn lines_in_one_region(
    ctx: &EstimateContext,
    book: &OfferBook,
    pricing: &mut Pricing,
    seller: &Seller,
    provider: Option<&Provider>,
) -> Result<ServedLines, Unserved> {
    let split = || Unserved::NoSingleRegion {
        gpus: line_gpus(ctx),
    };
    let all = all_candidates(ctx, book, &pricing.offers, &pricing.custom, seller)?;
    let metering = provider.map(|p| &p.metering).unwrap_or(&pricing.exact);
    let found = one_region(
        ctx,
        &pricing.plan_ctx,
        &all,
        metering,
        &mut pricing.caches,
        Depth::Full,
    )
    .ok_or_else(split)?;
    let mut plans = Vec::with_capacity(all.len());
    let mut options = Vec::with_capacity(all.len());
    for (li, (cands, found)) in all.iter().zip(&found.lines).enumerate() {
        // `one_region` keeps only regions where every line has an allowed plan.
        let (plan, best) =
            chosen_plan(ctx, &pricing.plan_ctx, li, cands, found).ok_or_else(split)?;
        plans.push(plan);
        options.push(best);
    }
    Ok(ServedLines {
        plans,
        options,
        totals: Selection::ALL.into_iter().zip(found.totals).collect(),
        peak: found.sub_peak,
        spot_excluded: found.spot_excluded,
        allowed: found
            .lines
            .iter()
            .map(|l| l.allowed().map(|c| c.cost))
            .collect(),
    })
}

/// Line `li`'s cheapest allowed plan among `candidates` as `found` priced them, with its best
/// option per billing class; `None` when no plan is allowed.
fn chosen_plan(
    ctx: &EstimateContext,
    plan_ctx: &PlanContext,
    li: usize,
    candidates: &[offers::Candidate],
    found: &LineBest,
) -> Option<(LinePlan, Vec<ClassOption>)> {
    let chosen = found.allowed()?;
    let plan = chosen.plan.build(plan_ctx);
    Some((
        line_plan(li, &candidates[chosen.offer], chosen.region, &plan, ctx),
        class_options(ctx, plan_ctx, li, candidates, found),
    ))
}

/// Adds line `li`'s cheapest plan under each selection to the seller's running totals; a
/// selection with no plan for some line cannot serve the scenario (`None`).
fn add_line_totals(totals: &mut BTreeMap<Selection, Option<Decimal>>, li: usize, found: &LineBest) {
    for (sel, best) in Selection::ALL.into_iter().zip(&found.best) {
        let so_far = if li == 0 {
            Some(Decimal::ZERO)
        } else {
            totals.get(&sel).copied().flatten()
        };
        totals.insert(
            sel,
            so_far.zip(best.as_ref()).map(|(t, slot)| t + slot.cost),
        );
    }
}

/// Line `li`'s best plan in each billing class, with where it breaks even against on-demand.
fn class_options(
    ctx: &EstimateContext,
    plan_ctx: &PlanContext,
    li: usize,
    candidates: &[offers::Candidate],
    found: &LineBest,
) -> Vec<ClassOption> {
    found
        .class_best
        .iter()
        .flatten()
        .map(|slot| {
            let cand = &candidates[slot.offer];
            let on_demand = cand.regions[slot.region]
                .on_demand
                .as_ref()
                .map(|r| r.amount);
            let plan = slot.plan.build(plan_ctx);
            ClassOption {
                class: plan.kind.class(),
                plan: line_plan(li, cand, slot.region, &plan, ctx),
                eligible: plan.eligible,
                break_even: break_even(&plan, on_demand, plan_ctx),
            }
        })
        .collect()
}

/// Instances of `per_instance` GPUs that hold `peak` GPUs at once.
fn machines(peak: Decimal, per_instance: Decimal) -> u32 {
    if per_instance <= Decimal::ZERO {
        return 0;
    }
    (peak / per_instance).ceil().to_u32().unwrap_or(u32::MAX)
}

/// A served seller's plan: its lines, their total and the cost per GPU-hour.
fn provider_plan(
    ctx: &EstimateContext,
    lines: Vec<LinePlan>,
    options: Vec<Vec<ClassOption>>,
    gpu_hours: Decimal,
) -> ProviderPlan {
    let total = crate::money::sum_in(ctx.currency, lines.iter().map(|l| l.subtotal));
    let per_gpu_hour = Money::new(
        if gpu_hours.is_zero() {
            Decimal::ZERO
        } else {
            total.amount / gpu_hours
        },
        ctx.currency,
    );
    ProviderPlan {
        lines,
        total,
        per_gpu_hour,
        options,
    }
}

/// The cheapest total under each selection, over the sellers that serve the scenario.
fn cheapest_by_selection(
    priced: &[PricedSeller],
    currency: Currency,
) -> BTreeMap<Selection, Money> {
    Selection::ALL
        .into_iter()
        .filter_map(|sel| {
            priced
                .iter()
                .filter_map(|p| p.totals.get(&sel).copied().flatten())
                .min()
                .map(|min| (sel, Money::new(min, currency)))
        })
        .collect()
}

/// The seller where subscribing every line's peak costs least (the first such seller on a
/// tie, in seller order).
fn cheapest_peak_subscription(
    priced: &[PricedSeller],
    currency: Currency,
) -> Option<(Seller, Money)> {
    priced
        .iter()
        .filter_map(|p| p.peak_subscription.map(|t| (p, t)))
        .min_by_key(|&(_, t)| t)
        .map(|(p, t)| (p.estimate.seller.clone(), Money::new(t, currency)))
}

/// The rows, cheapest first (ties by seller id), sellers that cannot serve the scenario last.
fn cheapest_first(priced: Vec<PricedSeller>) -> Vec<ProviderEstimate> {
    let mut providers: Vec<ProviderEstimate> = priced.into_iter().map(|p| p.estimate).collect();
    providers.sort_by(|a, b| match (&a.outcome, &b.outcome) {
        (Ok(x), Ok(y)) => x
            .total
            .amount
            .cmp(&y.total.amount)
            .then_with(|| a.seller.id.cmp(&b.seller.id)),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => a.seller.id.cmp(&b.seller.id),
    });
    providers
}

/// The cheapest total the scenario allows — what [`compare`] reports as
/// `cheapest_by_selection[Allowed]` — without building the comparison (for counterfactuals).
pub(crate) fn cheapest_with<'c, 'a: 'c>(
    ctx: &EstimateContext<'c>,
    book: &OfferBook<'a>,
) -> Option<Money> {
    if !book.fits(ctx) {
        return compare(ctx)
            .cheapest_by_selection
            .get(&Selection::Allowed)
            .copied();
    }
    let s = ctx.scenario.scenario();
    if s.lines.is_empty() {
        // As in `compare`: a total needs at least one priced line.
        return None;
    }
    let Pricing {
        plan_ctx,
        mut caches,
        custom,
        offers,
        exact,
    } = Pricing::new(ctx);
    // Lines the comparison priced already (see `LineMemo`).
    let memo = book.priced.borrow();
    let known = memo.lookup(ctx);
    // Totals per served seller, in seller order (so ties resolve as in `compare`).
    let mut totals: Vec<Decimal> = Vec::new();
    'sellers: for (si, (seller, provider)) in sellers(ctx).into_iter().enumerate() {
        let metering = provider.map(|p| &p.metering).unwrap_or(&exact);
        if s.spread == Spread::OneRegion {
            // Lines are not priced apart (and none is kept, see `LineMemo::keep`).
            let Ok(all) = all_candidates(ctx, book, &offers, &custom, &seller) else {
                continue 'sellers;
            };
            let found = one_region(ctx, &plan_ctx, &all, metering, &mut caches, Depth::Cheapest);
            if let Some(total) = found.and_then(|f| f.totals[Selection::Allowed as usize]) {
                totals.push(total);
            }
            continue 'sellers;
        }
        let mut total = Decimal::ZERO;
        for (li, line) in s.lines.iter().enumerate() {
            let cost = match known[li].and_then(|costs| costs.get(si).copied().flatten()) {
                Some(cost) => cost,
                None => {
                    let candidates =
                        candidates(ctx, book, &seller, &line.gpu, &offers[li], &custom);
                    let found = price_line(
                        ctx,
                        &plan_ctx,
                        &candidates,
                        metering,
                        &mut caches[li],
                        Depth::Cheapest,
                        None,
                    );
                    found.allowed().map(|c| c.cost)
                }
            };
            let Some(cost) = cost else {
                continue 'sellers;
            };
            total += cost;
        }
        totals.push(total);
    }
    totals
        .into_iter()
        .min()
        .map(|t| Money::new(t, ctx.currency))
}

fn break_even(plan: &Plan, on_demand: Option<Decimal>, ctx: &PlanContext) -> Option<BreakEven> {
    let od = on_demand.filter(|r| !r.is_zero())?;
    let first = plan.items.first()?;
    match plan.kind {
        PlanKind::Committed {
            coverage: Coverage::Share,
            ..
        } => Some(BreakEven::Utilization(first.rate.amount / od)),
        PlanKind::Committed {
            commitment,
            coverage,
            ..
        } if !ctx.horizon_hours.is_zero() => {
            // Whole terms charged for a one-off horizon, as the plan charged them.
            let charged = coverage.hours(commitment.term, ctx.horizon_hours);
            Some(BreakEven::Utilization(
                first.rate.amount * charged / (od * ctx.horizon_hours),
            ))
        }
        PlanKind::Subscription { period, .. } => {
            Some(BreakEven::HoursPerPeriod(first.rate.amount / od, period))
        }
        _ => None,
    }
}

fn line_plan(
    line: usize,
    cand: &offers::Candidate,
    region: usize,
    plan: &Plan,
    ctx: &EstimateContext,
) -> LinePlan {
    let items: Vec<LineItem> = plan
        .items
        .iter()
        .map(|i| LineItem {
            kind: i.kind,
            mode: i.rate.mode,
            quantity: i.quantity,
            rate: i.rate.money(),
            amount: ctx.fx.convert(i.amount, ctx.currency).round_for_display(),
            source: i.rate.source.to_string(),
            source_kind: ctx.catalog.source(i.rate.source).map(|s| s.kind),
            as_of: i.rate.as_of,
        })
        .collect();
    let subtotal = crate::money::sum_in(ctx.currency, items.iter().map(|i| i.amount));
    let committed = plan.items.iter().zip(&items).find_map(|(i, shown)| {
        CommittedTerms::of(plan.kind, i, shown.amount, ctx.fx, ctx.currency)
    });
    let old_prices = items.iter().any(|i| {
        i.source != USER_SOURCE
            && i.as_of
                .age_days(ctx.today)
                .is_none_or(|d| d > OLD_PRICE_DAYS)
    });
    LinePlan {
        line,
        offer: cand.id.to_string(),
        instance: cand.instance.to_string(),
        gpus_per_instance: cand.gpus,
        machines: machines(ctx.scenario.scenario().lines[line].demand.peak(), cand.gpus),
        interconnect: cand.interconnect,
        region: cand.regions[region].region.to_string(),
        plan: plan.kind,
        items,
        subtotal,
        old_prices,
        committed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::scenario::{
        CustomMode, CustomPrice, Discount, Horizon, Interruption, Line, PriceOwner, Scenario,
    };

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 29).unwrap()
    }

    /// The context of `v` in `currency` over the embedded catalog.
    fn ctx_of<'a>(
        v: &'a ValidScenario,
        fx: &'a FxTable,
        currency: Currency,
    ) -> EstimateContext<'a> {
        let e = embedded();
        EstimateContext {
            catalog: &e.catalog,
            index: &e.index,
            scenario: v,
            fx,
            currency,
            today: day(),
        }
    }

    /// 15 % off AWS: a discount, so that kept prices are not list prices.
    fn aws_discount() -> Vec<Discount> {
        vec![Discount {
            provider: "aws".into(),
            percent: Decimal::from(15),
        }]
    }

    /// `a` and `b` are equal in value and in scale (what a page shows).
    fn assert_same_total(a: Option<&Money>, b: Option<&Money>, what: &str) {
        assert_eq!(a, b, "{what}");
        assert_eq!(
            a.map(|m| m.amount.scale()),
            b.map(|m| m.amount.scale()),
            "{what}"
        );
    }

    fn run(s: Scenario, currency: Currency) -> Comparison {
        let e = embedded();
        let v = s.validate(&e.catalog).unwrap();
        let fx = FxTable::from_catalog(&e.catalog);
        compare(&EstimateContext {
            catalog: &e.catalog,
            index: &e.index,
            scenario: &v,
            fx: &fx,
            currency,
            today: day(),
        })
    }

    #[test]
    fn selections_are_listed_in_declaration_order() {
        // Per-line results are arrays indexed by `Selection as usize`.
        for (i, sel) in Selection::ALL.into_iter().enumerate() {
            assert_eq!(sel as usize, i, "{sel:?}");
        }
    }

    #[test]
    fn the_counterfactual_total_is_the_comparisons_cheapest() {
        // `cheapest_with` skips most of `compare`; it must still agree with it exactly
        // (value and scale), and pricing through one shared book must not change a result.
        let e = embedded();
        let fx = FxTable::from_catalog(&e.catalog);
        for (preset, spread) in crate::presets::Preset::ALL
            .into_iter()
            .flat_map(|p| Spread::ALL.map(|s| (p, s)))
        {
            for interruption in [Interruption::Tolerated, Interruption::NotTolerated] {
                let mut s = preset.scenario();
                s.options.interruption = interruption;
                s.discounts = aws_discount();
                s.spread = spread;
                let v = s.validate(&e.catalog).unwrap();
                for currency in [Currency::Cny, Currency::Usd] {
                    let ctx = ctx_of(&v, &fx, currency);
                    let book = OfferBook::new(&ctx);
                    let full = compare(&ctx);
                    let expected = full.cheapest_by_selection.get(&Selection::Allowed);
                    let shared = compare_with(&ctx, &book);
                    let cheapest = cheapest_with(&ctx, &book);
                    let what =
                        format!("{} {spread} {interruption:?} {currency:?}", preset.as_str());
                    assert_eq!(shared, full, "{what}");
                    assert_same_total(cheapest.as_ref(), expected, &what);
                }
            }
        }
    }

    #[test]
    fn a_line_the_comparison_priced_is_not_priced_again_and_costs_the_same() {
        // The schedule lever's counterfactual takes the comparison's costs for the lines it
        // priced already (`LineMemo`); its total must be what pricing every line gives.
        let e = embedded();
        let fx = FxTable::from_catalog(&e.catalog);
        // The traffic spike with its GPUs typed: 5 all day and a 50-GPU window.
        let mut base = crate::presets::Preset::TrafficSpike.scenario();
        base.lines[0].demand = crate::scenario::Demand::Constant(Decimal::from(5));
        base.lines[1].demand = crate::scenario::Demand::Window {
            gpus: Decimal::from(50),
            start_minute: 20 * 60,
            minutes: 4 * 60,
        };
        base.custom_prices.push(CustomPrice {
            owner: PriceOwner::Named("quote".into()),
            gpu: "T4".into(),
            mode: CustomMode::OnDemand,
            amount: Some(Decimal::new(35, 1)),
            currency: Currency::Cny,
        });
        for interruption in [Interruption::Tolerated, Interruption::NotTolerated] {
            let mut s = base.clone();
            s.options.interruption = interruption;
            s.discounts = aws_discount();
            let flat = Scenario {
                lines: s
                    .lines
                    .iter()
                    .map(|l| Line {
                        demand: crate::scenario::Demand::Constant(l.demand.peak()),
                        ..l.clone()
                    })
                    .collect(),
                ..s.clone()
            };
            let (v, flat_v) = (
                s.validate(&e.catalog).unwrap(),
                flat.validate(&e.catalog).unwrap(),
            );
            for currency in [Currency::Cny, Currency::Usd] {
                let ctx = ctx_of(&v, &fx, currency);
                let flat_ctx = EstimateContext {
                    scenario: &flat_v,
                    ..ctx
                };
                let priced_anew = cheapest_with(&flat_ctx, &OfferBook::new(&ctx));
                let book = OfferBook::new(&ctx);
                compare_with(&ctx, &book);
                let what = format!("{interruption:?} {currency:?}");
                assert!(
                    book.priced.borrow().lookup(&flat_ctx)[0].is_some(),
                    "{what}: the constant line is kept"
                );
                let looked_up = cheapest_with(&flat_ctx, &book);
                assert!(priced_anew.is_some(), "{what}");
                assert_same_total(looked_up.as_ref(), priced_anew.as_ref(), &what);
            }
        }
    }

    #[test]
    fn every_served_total_is_the_sum_of_its_rounded_items() {
        let c = run(Scenario::default(), Currency::Usd);
        let served: Vec<&ProviderPlan> = c
            .providers
            .iter()
            .filter_map(|p| p.outcome.as_ref().ok())
            .collect();
        assert!(served.len() > 5, "many providers rent A100 80GB");
        for p in served {
            let items: Decimal = p
                .lines
                .iter()
                .flat_map(|l| l.items.iter())
                .map(|i| i.amount.amount)
                .sum();
            assert_eq!(p.total.amount, items);
            for i in p.lines.iter().flat_map(|l| &l.items) {
                assert_eq!(
                    i.amount.amount.scale(),
                    i.amount.round_for_display().amount.scale()
                );
            }
        }
    }

    #[test]
    fn providers_without_prices_say_so() {
        let c = run(Scenario::default(), Currency::Cny);
        let huawei = c
            .providers
            .iter()
            .find(|p| p.seller.id == "huawei")
            .unwrap();
        assert_eq!(huawei.outcome, Err(Unserved::NoPrices));
        let featurize = c
            .providers
            .iter()
            .find(|p| p.seller.id == "featurize")
            .unwrap();
        assert!(matches!(
            featurize.outcome,
            Err(Unserved::NoOffer { line: 0, .. })
        ));
    }

    #[test]
    fn a_custom_price_makes_a_provider_comparable() {
        let s = Scenario {
            lines: vec![Line::constant("A10", Decimal::from(2))],
            horizon: Horizon::Hours(Decimal::from(10)),
            custom_prices: vec![CustomPrice {
                owner: PriceOwner::Provider("huawei".into()),
                gpu: "A10".into(),
                mode: CustomMode::OnDemand,
                amount: Some(Decimal::new(87, 1)),
                currency: Currency::Cny,
            }],
            ..Scenario::default()
        };
        let c = run(s, Currency::Cny);
        let huawei = c
            .providers
            .iter()
            .find(|p| p.seller.id == "huawei")
            .unwrap();
        let plan = huawei.outcome.as_ref().unwrap();
        assert_eq!(plan.total, Money::new(Decimal::from(174), Currency::Cny));
        assert_eq!(plan.lines[0].items[0].source, USER_SOURCE);
    }
}
