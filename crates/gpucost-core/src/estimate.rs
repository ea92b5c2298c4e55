//! The estimate: for every provider, the cheapest way to serve each line of a scenario, with
//! line items (quantity × rate = amount), totals, and the best offer per billing class.
//!
//! Money is compared exactly in the display currency; each line item is converted and rounded
//! once for display, and every subtotal and total shown is the sum of the rounded items above
//! it. Savings levers (see `savings`) are derived from the same plans under restrictions, so a
//! lever's amount is a difference of two totals a user could see.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::billing::{
    per_period_hours, plans, Item, ItemKind, LineUsage, Plan, PlanContext, PlanKind, Rate,
    RegionRates,
};
use crate::billing_mode::{BillingMode, ModeClass, Period};
use crate::catalog::{
    AsOf, Catalog, CatalogIndex, Metering, Offer, PriceBasis, Provider, ProviderKind, Rule,
};
use crate::fx::FxTable;
use crate::money::{Currency, Money};
use crate::scenario::{CustomMode, PriceOwner, ValidScenario};
use crate::schedule::{level_sessions, Segment};

/// Source id of prices the user entered.
pub const USER_SOURCE: &str = "user";

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
    /// For committed plans: the share of hours in use at which the commitment costs the same
    /// as on-demand. For subscriptions: hours per period at which the subscription costs the
    /// same as on-demand.
    pub break_even: Option<BreakEven>,
}

/// Where a commitment or subscription starts paying off against on-demand at the same offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakEven {
    /// Fraction of the term's hours in use (committed rate ÷ on-demand rate).
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
    /// The plan slug if every line uses the same kind of plan, else `mixed`.
    pub fn billing_mode(&self) -> String {
        let slugs: Vec<String> = self.lines.iter().map(|l| l.plan.slug()).collect();
        match slugs.first() {
            Some(first) if slugs.iter().all(|s| s == first) => first.clone(),
            Some(_) => "mixed".into(),
            None => String::new(),
        }
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

    fn admits(self, plan: &Plan) -> bool {
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

/// A priceable thing: a catalog offer, or a custom price turned into a one-GPU offer.
struct Candidate<'a> {
    id: String,
    instance: &'a str,
    gpus: Decimal,
    regions: Vec<RegionRates<'a>>,
}

fn exact_metering() -> Metering {
    Metering {
        increment_seconds: 1,
        minimum_seconds: 0,
        rule: Rule {
            en: String::new(),
            zh: String::new(),
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

/// Regions of a catalog offer with its prices (discounted by `keep`).
fn offer_regions<'a>(offer: &'a Offer, keep: Decimal) -> Vec<RegionRates<'a>> {
    let mut by_region: BTreeMap<&'a str, RegionRates<'a>> = BTreeMap::new();
    for p in &offer.prices {
        let entry = by_region
            .entry(p.region.as_str())
            .or_insert_with(|| RegionRates {
                region: p.region.as_str(),
                ..RegionRates::default()
            });
        let rate = Rate {
            mode: p.mode,
            amount: p.amount * keep,
            currency: p.currency,
            source: p.source.as_str(),
            as_of: p.as_of,
        };
        match p.mode {
            BillingMode::OnDemand => entry.on_demand = Some(rate),
            BillingMode::Spot => entry.spot = Some(rate),
            BillingMode::Committed(c) => entry.committed.push((c, rate)),
            BillingMode::Subscription(period) => entry.subscriptions.push((period, rate)),
        }
    }
    by_region.into_values().collect()
}

/// The line's GPU requirement: family and minimum memory.
fn serves(catalog: &Catalog, index: &CatalogIndex, line_gpu: &str, offer_gpu: &str) -> bool {
    let (Some(want), Some(have)) = (
        index.gpu(line_gpu).map(|i| &catalog.gpus[i]),
        index.gpu(offer_gpu).map(|i| &catalog.gpus[i]),
    ) else {
        return false;
    };
    if want.family != have.family {
        return false;
    }
    match (want.memory_gib, have.memory_gib) {
        (Some(w), Some(h)) => h >= w,
        (Some(_), None) => false,
        (None, _) => true,
    }
}

struct LineCache {
    segments: Vec<Segment>,
    usage: HashMap<(Decimal, u32, u32), LineUsage>,
    periods: HashMap<(Decimal, Period), Vec<Vec<Decimal>>>,
}

struct Slot<'a> {
    cost: Decimal,
    offer: usize,
    region: usize,
    plan: Plan<'a>,
}

/// Runs the comparison for `ctx`'s scenario.
pub fn compare(ctx: &EstimateContext) -> Comparison {
    let s = ctx.scenario.scenario();
    let horizon_minutes = s.horizon.minutes();
    let recurring = s.horizon.is_recurring();
    let plan_ctx = PlanContext {
        fx: ctx.fx,
        display: ctx.currency,
        spot_overhead: s.options.spot_overhead_pct / Decimal::ONE_HUNDRED,
        spot_usable: s.options.spot_usable(),
        committed_allowed: s.options.allows(ModeClass::Committed),
        subscription_allowed: s.options.allows(ModeClass::Subscription),
        recurring,
        horizon_hours: s.horizon.hours(),
    };
    let gpu_hours: Decimal = (0..s.lines.len()).map(|i| ctx.scenario.gpu_hours(i)).sum();
    let mut caches: Vec<LineCache> = (0..s.lines.len())
        .map(|i| LineCache {
            segments: ctx.scenario.segments(i),
            usage: HashMap::new(),
            periods: HashMap::new(),
        })
        .collect();

    // Sellers: catalog providers, then providers only the user named.
    let mut sellers: Vec<(Seller, Option<&Provider>)> = ctx
        .catalog
        .providers
        .iter()
        .map(|p| {
            (
                Seller {
                    id: p.id.clone(),
                    name: p.name.clone(),
                    name_zh: p.name_zh.clone(),
                    kind: Some(p.kind),
                },
                Some(p),
            )
        })
        .collect();
    for c in &s.custom_prices {
        if let PriceOwner::Named(name) = &c.owner {
            let id = c.owner.id();
            if !sellers.iter().any(|(x, _)| x.id == id) {
                sellers.push((
                    Seller {
                        id,
                        name: name.clone(),
                        name_zh: name.clone(),
                        kind: None,
                    },
                    None,
                ));
            }
        }
    }

    let mut spot_excluded = false;
    let mut results: Vec<(ProviderEstimate, BTreeMap<Selection, Option<Decimal>>)> = Vec::new();
    let mut subscribe_peak: Option<(Seller, Money)> = None;
    let keep_of = |provider: &str| -> Decimal {
        s.discounts
            .iter()
            .find(|d| d.provider == provider)
            .map(|d| Decimal::ONE - d.percent / Decimal::ONE_HUNDRED)
            .unwrap_or(Decimal::ONE)
    };
    let exact = exact_metering();
    let custom_rates: Vec<(String, &str, Rate)> = s
        .custom_prices
        .iter()
        .map(|c| {
            let mode = match c.mode {
                CustomMode::OnDemand => BillingMode::OnDemand,
                CustomMode::Spot => BillingMode::Spot,
                CustomMode::Subscription(p) => BillingMode::Subscription(p),
            };
            (
                c.owner.id(),
                c.gpu.as_str(),
                Rate {
                    mode,
                    amount: c.amount,
                    currency: c.currency,
                    source: USER_SOURCE,
                    as_of: AsOf::On(ctx.today),
                },
            )
        })
        .collect();

    // "Compare only" narrows the catalog providers; sellers the user named always stay.
    if !s.sellers.is_empty() {
        sellers.retain(|(seller, provider)| provider.is_none() || s.sellers.contains(&seller.id));
    }
    for (seller, provider) in &sellers {
        let metering = provider.map(|p| &p.metering).unwrap_or(&exact);
        let keep = keep_of(&seller.id);
        let has_any = provider
            .is_some_and(|p| ctx.catalog.offers.iter().any(|o| o.provider == p.id))
            || custom_rates.iter().any(|(owner, _, _)| owner == &seller.id);
        if !has_any {
            results.push((
                ProviderEstimate {
                    seller: seller.clone(),
                    outcome: Err(Unserved::NoPrices),
                },
                BTreeMap::new(),
            ));
            continue;
        }
        let mut line_plans = Vec::new();
        let mut options = Vec::new();
        let mut totals: BTreeMap<Selection, Option<Decimal>> = BTreeMap::new();
        let mut sub_peak_total = Some(Decimal::ZERO);
        let mut unserved = None;
        for (li, line) in s.lines.iter().enumerate() {
            // Candidates: catalog offers of the family, and custom prices for this seller.
            let line_gpu = ctx.index.gpu(&line.gpu).map(|i| &ctx.catalog.gpus[i]);
            let family = line_gpu.map(|g| g.family.as_str()).unwrap_or("");
            let mut candidates: Vec<Candidate> = ctx
                .index
                .offers_of_family(family)
                .iter()
                .map(|&i| &ctx.catalog.offers[i])
                .filter(|o| o.provider == seller.id && o.basis != PriceBasis::GpuComponent)
                .filter(|o| serves(ctx.catalog, ctx.index, &line.gpu, &o.gpu))
                .map(|o| Candidate {
                    id: o.id.clone(),
                    instance: o.instance.as_str(),
                    gpus: o.gpus,
                    regions: offer_regions(o, keep),
                })
                .collect();
            let mut custom_by_gpu: BTreeMap<&str, RegionRates> = BTreeMap::new();
            for (owner, gpu, rate) in &custom_rates {
                if owner != &seller.id || !serves(ctx.catalog, ctx.index, &line.gpu, gpu) {
                    continue;
                }
                let entry = custom_by_gpu.entry(gpu).or_insert_with(|| RegionRates {
                    region: "custom",
                    ..RegionRates::default()
                });
                match rate.mode {
                    BillingMode::OnDemand => entry.on_demand = Some(rate.clone()),
                    BillingMode::Spot => entry.spot = Some(rate.clone()),
                    BillingMode::Subscription(p) => entry.subscriptions.push((p, rate.clone())),
                    BillingMode::Committed(c) => entry.committed.push((c, rate.clone())),
                }
            }
            for (gpu, rates) in custom_by_gpu {
                candidates.push(Candidate {
                    id: format!("{}/{gpu}", seller.id),
                    instance: gpu,
                    gpus: Decimal::ONE,
                    regions: vec![rates],
                });
            }
            if candidates.is_empty() {
                unserved = Some(Unserved::NoOffer {
                    line: li,
                    gpu: line.gpu.clone(),
                });
                break;
            }

            let cache = &mut caches[li];
            let mut best: BTreeMap<Selection, Slot> = BTreeMap::new();
            let mut class_best: BTreeMap<ModeClass, Slot> = BTreeMap::new();
            let mut line_sub_peak: Option<Decimal> = None;
            for (ci, cand) in candidates.iter().enumerate() {
                let key = (
                    cand.gpus.normalize(),
                    metering.increment_seconds,
                    metering.minimum_seconds,
                );
                if !cache.usage.contains_key(&key) {
                    let levels = level_sessions(&cache.segments, cand.gpus, None, horizon_minutes);
                    cache
                        .usage
                        .insert(key, LineUsage::metered(&levels, metering));
                }
                let mut usage = cache.usage[&key].clone();
                let periods: Vec<Period> = cand
                    .regions
                    .iter()
                    .flat_map(|r| r.subscriptions.iter().map(|(p, _)| *p))
                    .collect();
                for period in periods {
                    let pkey = (cand.gpus.normalize(), period);
                    let hours = cache.periods.entry(pkey).or_insert_with(|| {
                        let minutes = period_minutes(period, horizon_minutes, recurring);
                        per_period_hours(&level_sessions(
                            &cache.segments,
                            cand.gpus,
                            Some(minutes),
                            horizon_minutes,
                        ))
                    });
                    usage.per_period.insert(period, hours.clone());
                }
                for (ri, rates) in cand.regions.iter().enumerate() {
                    if rates.spot.is_some()
                        && !plan_ctx.spot_usable
                        && s.options.allows(ModeClass::Spot)
                    {
                        spot_excluded = true;
                    }
                    // Subscribing the peak for every period (for the hourly-vs-monthly lever).
                    for (period, rate) in &rates.subscriptions {
                        if let Some(levels) = usage.per_period.get(period) {
                            let n_periods = levels.first().map(Vec::len).unwrap_or(0);
                            let cost = ctx
                                .fx
                                .convert(rate.money(), ctx.currency)
                                .times(Decimal::from((levels.len() * n_periods) as u64))
                                .round_for_display()
                                .amount;
                            if line_sub_peak.is_none_or(|c| cost < c) {
                                line_sub_peak = Some(cost);
                            }
                        }
                    }
                    for plan in plans(rates, &usage, &plan_ctx) {
                        let cost = rounded_total(&plan.items, ctx);
                        for sel in Selection::ALL {
                            if sel.admits(&plan) && best.get(&sel).is_none_or(|b| cost < b.cost) {
                                best.insert(
                                    sel,
                                    Slot {
                                        cost,
                                        offer: ci,
                                        region: ri,
                                        plan: plan.clone(),
                                    },
                                );
                            }
                        }
                        let class = plan.kind.class();
                        let better = class_best.get(&class).is_none_or(|b| {
                            // Prefer eligible plans, then cheaper ones.
                            (plan.eligible, std::cmp::Reverse(cost))
                                > (b.plan.eligible, std::cmp::Reverse(b.cost))
                        });
                        if better {
                            class_best.insert(
                                class,
                                Slot {
                                    cost,
                                    offer: ci,
                                    region: ri,
                                    plan,
                                },
                            );
                        }
                    }
                }
            }
            sub_peak_total = match (sub_peak_total, line_sub_peak) {
                (Some(t), Some(c)) => Some(t + c),
                _ => None,
            };
            let Some(chosen) = best.get(&Selection::Allowed) else {
                unserved = Some(Unserved::NoOffer {
                    line: li,
                    gpu: line.gpu.clone(),
                });
                break;
            };
            // A selection with no plan for some line cannot serve the scenario (None).
            for sel in Selection::ALL {
                let so_far = if li == 0 {
                    Some(Decimal::ZERO)
                } else {
                    totals.get(&sel).copied().flatten()
                };
                totals.insert(
                    sel,
                    so_far.zip(best.get(&sel)).map(|(t, slot)| t + slot.cost),
                );
            }
            let make =
                |slot: &Slot| line_plan(li, &candidates[slot.offer], slot.region, &slot.plan, ctx);
            line_plans.push(make(chosen));
            let od_rate = |slot: &Slot| {
                candidates[slot.offer].regions[slot.region]
                    .on_demand
                    .as_ref()
                    .map(|r| r.amount)
            };
            options.push(
                class_best
                    .values()
                    .map(|slot| ClassOption {
                        class: slot.plan.kind.class(),
                        plan: make(slot),
                        eligible: slot.plan.eligible,
                        break_even: break_even(&slot.plan, od_rate(slot)),
                    })
                    .collect(),
            );
        }
        let outcome = match unserved {
            Some(u) => Err(u),
            None => {
                let total =
                    crate::money::sum_in(ctx.currency, line_plans.iter().map(|l| l.subtotal));
                let per_gpu_hour = Money::new(
                    if gpu_hours.is_zero() {
                        Decimal::ZERO
                    } else {
                        total.amount / gpu_hours
                    },
                    ctx.currency,
                );
                if let Some(t) = sub_peak_total {
                    let t = Money::new(t, ctx.currency);
                    if subscribe_peak
                        .as_ref()
                        .is_none_or(|(_, best)| t.amount < best.amount)
                    {
                        subscribe_peak = Some((seller.clone(), t));
                    }
                }
                Ok(ProviderPlan {
                    lines: line_plans,
                    total,
                    per_gpu_hour,
                    options,
                })
            }
        };
        let totals = if outcome.is_ok() {
            totals
        } else {
            BTreeMap::new()
        };
        results.push((
            ProviderEstimate {
                seller: seller.clone(),
                outcome,
            },
            totals,
        ));
    }

    let mut cheapest_by_selection = BTreeMap::new();
    for sel in Selection::ALL {
        let min = results
            .iter()
            .filter_map(|(_, t)| t.get(&sel).copied().flatten())
            .min();
        if let Some(min) = min {
            cheapest_by_selection.insert(sel, Money::new(min, ctx.currency));
        }
    }
    let mut providers: Vec<ProviderEstimate> = results.into_iter().map(|(p, _)| p).collect();
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
    Comparison {
        currency: ctx.currency,
        gpu_hours,
        providers,
        cheapest_by_selection,
        subscribe_peak,
        spot_excluded,
    }
}

fn rounded_total(items: &[Item], ctx: &EstimateContext) -> Decimal {
    items
        .iter()
        .map(|i| {
            ctx.fx
                .convert(i.amount, ctx.currency)
                .round_for_display()
                .amount
        })
        .sum()
}

fn break_even(plan: &Plan, on_demand: Option<Decimal>) -> Option<BreakEven> {
    let od = on_demand.filter(|r| !r.is_zero())?;
    let first = plan.items.first()?;
    match plan.kind {
        PlanKind::Committed { .. } => Some(BreakEven::Utilization(first.rate.amount / od)),
        PlanKind::Subscription { period, .. } => {
            Some(BreakEven::HoursPerPeriod(first.rate.amount / od, period))
        }
        _ => None,
    }
}

fn line_plan(
    line: usize,
    cand: &Candidate,
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
            as_of: i.rate.as_of,
        })
        .collect();
    let subtotal = crate::money::sum_in(ctx.currency, items.iter().map(|i| i.amount));
    let old_prices = items.iter().any(|i| {
        i.source != USER_SOURCE
            && i.as_of
                .age_days(ctx.today)
                .is_none_or(|d| d > OLD_PRICE_DAYS)
    });
    LinePlan {
        line,
        offer: cand.id.clone(),
        instance: cand.instance.to_string(),
        gpus_per_instance: cand.gpus,
        region: cand.regions[region].region.to_string(),
        plan: plan.kind,
        items,
        subtotal,
        old_prices,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::scenario::{CustomPrice, Demand, Horizon, Line, Scenario};

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 29).unwrap()
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
        let alibaba = c
            .providers
            .iter()
            .find(|p| p.seller.id == "alibaba")
            .unwrap();
        assert_eq!(alibaba.outcome, Err(Unserved::NoPrices));
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
            lines: vec![Line {
                gpu: "A10".into(),
                demand: Demand::Constant(Decimal::from(2)),
            }],
            horizon: Horizon::Hours(Decimal::from(10)),
            custom_prices: vec![CustomPrice {
                owner: PriceOwner::Provider("alibaba".into()),
                gpu: "A10".into(),
                mode: CustomMode::OnDemand,
                amount: Decimal::new(87, 1),
                currency: Currency::Cny,
            }],
            ..Scenario::default()
        };
        let c = run(s, Currency::Cny);
        let alibaba = c
            .providers
            .iter()
            .find(|p| p.seller.id == "alibaba")
            .unwrap();
        let plan = alibaba.outcome.as_ref().unwrap();
        assert_eq!(plan.total, Money::new(Decimal::from(174), Currency::Cny));
        assert_eq!(plan.lines[0].items[0].source, USER_SOURCE);
    }
}
