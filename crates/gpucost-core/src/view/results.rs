//! The results as the reader sees them, built once from a [`Report`]: the ranked provider
//! rows with their badges, the demand line, the savings and the warnings, and — on request,
//! because they are half of the work — a provider's line items. The page, the exports and the
//! command line render this one view, so they cannot disagree about what a row holds.
//!
//! It is data, not text: amounts stay [`Money`] (the display rounding is the renderer's one
//! call to [`format`](crate::format)), and what needs words is a typed value worded by
//! [`l10n::results`](crate::l10n::results). It knows nothing about layout.

use rust_decimal::Decimal;

use crate::billing::{Coverage, ItemKind, PlanKind};
use crate::billing_mode::{BillingMode, ModeClass};
use crate::catalog::{AsOf, Catalog, OfferFlag, PriceDates, ProviderKind, SourceKind};
use crate::estimate::{
    joined_terms, BreakEven, CommittedTerms, LinePlan, ProviderEstimate, ProviderPlan, Unserved,
    QUOTE_REGION, USER_SOURCE,
};
use crate::money::{Currency, Money};
use crate::placement::{Constraint, Geo, HostFloor, Interconnect, Packing, Spread};
use crate::report::{Report, Warning};
use crate::savings::Saving;
use crate::scenario::{Demand, PriceOwner, Scenario};
use crate::traffic::{gpu_hours, Load};

/// A seller's name in both languages as the catalog or the scenario stores it; the renderer
/// picks one with `Names::get`, which shows a built-in name (`V100 quote`) in the reader's
/// language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names {
    /// English.
    pub en: String,
    /// Chinese.
    pub zh: String,
}

/// An offer as stored (id and instance name); worded by `labels::offer_id`/`labels::instance`,
/// which translate the built-in names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfferRef {
    /// Offer id (`aws/p3.8xlarge`).
    pub id: String,
    /// Instance name as the seller lists it.
    pub instance: String,
    /// Machines at the line's peak.
    pub machines: u32,
    /// GPUs on each machine.
    pub gpus_each: Decimal,
    /// How each machine's GPUs talk to each other, where the catalog says.
    pub interconnect: Option<Interconnect>,
}

impl OfferRef {
    fn of(line: &LinePlan) -> Self {
        OfferRef {
            id: line.offer.clone(),
            instance: line.instance.clone(),
            machines: line.machines,
            gpus_each: line.gpus_per_instance,
            interconnect: line.interconnect,
        }
    }
}

/// A caveat shown beside a provider's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Badge {
    /// The scenario allows spot and/or monthly plans, but the catalog has no such price for
    /// this provider (a quote can be added).
    NoCatalogPrice {
        /// No spot price.
        spot: bool,
        /// No monthly (subscription) price.
        monthly: bool,
    },
    /// The user's own price.
    YourPrice,
    /// A market reference range, not a seller.
    MarketReference,
    /// Some price is older than a year or undated.
    Old,
    /// The provider's newest catalog price is more than a year old (`catalog::freshness`).
    StaleProvider,
}

/// How a served provider's lines are billed, in one word or plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Billing {
    /// Every line uses this kind of plan (the first line's is shown).
    Plan(PlanKind),
    /// Lines use different kinds of plan.
    Mixed,
}

impl Billing {
    /// The plan slug, or `mixed` (exports).
    pub fn slug(self) -> String {
        match self {
            Billing::Plan(plan) => plan.slug(),
            Billing::Mixed => "mixed".into(),
        }
    }
}

/// Why a provider cannot serve, with the names a reader needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unable {
    /// The catalog has no sourced price for this provider.
    NoPrices,
    /// No offer has the line's GPU.
    NoOffer {
        /// Line number, from 1.
        line: usize,
        /// The GPU's display name (its id when the catalog does not know it).
        gpu: String,
    },
    /// Offers of the line's GPU exist, but the scenario's rules leave every one out.
    Constrained {
        /// Line number, from 1.
        line: usize,
        /// The GPU's display name.
        gpu: String,
        /// The rules that left them out.
        by: Vec<Constraint>,
    },
    /// Every line must be in one region, and no region of the provider has them all.
    NoSingleRegion {
        /// The lines' GPUs' display names, each once, in line order.
        gpus: Vec<String>,
    },
}

/// A served provider's totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Served {
    /// Sum of the line subtotals, in the display currency.
    pub total: Money,
    /// Total per needed GPU-hour.
    pub per_gpu_hour: Money,
    /// How it is billed.
    pub billing: Billing,
    /// The offers, one per line.
    pub offers: Vec<OfferRef>,
    /// Where its catalog prices are from: each region once, in line order (a line on the
    /// user's own quote is in no region; empty when every line is).
    pub regions: Vec<String>,
    /// What its commitments bind the buyer to beyond the period (lines on the same
    /// commitment stated as one); empty when nothing is committed.
    pub commitments: Vec<CommittedTerms>,
}

/// One provider row of the comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderRow {
    /// Seller id (stable key).
    pub key: String,
    /// Rank among those that can serve, from 1.
    pub rank: Option<usize>,
    /// Display names.
    pub names: Names,
    /// Its totals, or why it cannot serve.
    pub outcome: Result<Served, Unable>,
    /// Caveats, in display order.
    pub badges: Vec<Badge>,
    /// The date of the provider's newest catalog price (an upper bound when its source gives
    /// none); `None` for a seller with no catalog price (the user's quote).
    pub prices_as_of: Option<AsOf>,
}

/// What the scenario needs, for the line under the headline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemandSummary {
    /// GPU-hours needed.
    pub gpu_hours: Decimal,
    /// Length of the horizon, hours.
    pub hours: Decimal,
}

/// Everything the results area shows except the line items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultsView {
    /// Display currency.
    pub currency: Currency,
    /// What the scenario needs.
    pub demand: DemandSummary,
    /// Provider rows: those that can serve, cheapest first, then those that cannot.
    pub rows: Vec<ProviderRow>,
    /// Savings levers.
    pub savings: Vec<Saving>,
    /// Warnings.
    pub warnings: Vec<Warning>,
    /// Where the job may run, as the prices were chosen.
    pub placement: PlacementView,
    /// The serving lines' fleets, derived from their load.
    pub serving: Vec<ServingLine>,
    /// The batch queue, packed and priced, when the scenario has jobs.
    pub batch: Option<crate::view::batch::BatchView>,
    /// The teams' shared pool, when two teams rent the same GPU model: each pool's combined
    /// demand beside each team's, and the split of its cost.
    pub pool: Option<crate::pool::SharedPool>,
}

/// A serving line's fleet, as the engine derives it from the line's load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServingLine {
    /// Line number, from 1.
    pub line: usize,
    /// The GPU's display name.
    pub gpu: String,
    /// The load it serves.
    pub load: Load,
    /// Minutes it scales out before its load rises (the scenario's lead time).
    pub lead_minutes: u32,
    /// The most GPUs it runs at once.
    pub peak_gpus: u32,
    /// GPU-hours it runs over the horizon.
    pub gpu_hours: Decimal,
}

impl ServingLine {
    /// The serving lines of `s`, in line order.
    fn all(catalog: &Catalog, s: &Scenario) -> Vec<ServingLine> {
        let h = s.horizon;
        s.lines
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match &l.demand {
                Demand::Load(load) => Some(ServingLine {
                    line: i + 1,
                    gpu: gpu_name(catalog, &l.gpu),
                    load: load.clone(),
                    lead_minutes: s.lead_minutes,
                    peak_gpus: load.peak_gpus(),
                    gpu_hours: gpu_hours(&load.segments(
                        h.week_offset_hours(),
                        h.minutes(),
                        s.lead_minutes,
                    )),
                }),
                _ => None,
            })
            .collect()
    }
}

/// The rules the catalog offers were chosen by: the place, the host floor, and each line's
/// packing. Shown above the table whenever one differs from "anywhere, any machine".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacementView {
    /// Where catalog prices come from.
    pub geo: Geo,
    /// The smallest host per GPU.
    pub host: HostFloor,
    /// Whether each provider keeps every line in one region.
    pub spread: Spread,
    /// Each line's packing, with its line number from 1 and GPU name.
    pub lines: Vec<(usize, String, Packing)>,
    /// Whether the scenario has prices of its own, which the rules do not check.
    pub own_prices: bool,
    /// Which kinds of provider, with what sourced SLA, are compared.
    pub providers: crate::provider_filter::ProviderFilter,
}

impl PlacementView {
    fn of(catalog: &Catalog, s: &Scenario) -> PlacementView {
        PlacementView {
            geo: s.geo,
            host: s.host,
            spread: s.spread,
            lines: s
                .lines
                .iter()
                .enumerate()
                .map(|(i, l)| (i + 1, gpu_name(catalog, &l.gpu), l.packing))
                .collect(),
            own_prices: !s.custom_prices.is_empty(),
            providers: s.providers.clone(),
        }
    }

    /// Whether every rule is at its default (anywhere, any host, machines of any size).
    pub fn is_default(&self) -> bool {
        self.geo == Geo::Anywhere
            && !self.host.is_set()
            && self.spread == Spread::AnyRegions
            && self.providers.keeps_all()
            && self.lines.iter().all(|(_, _, p)| *p == Packing::Split)
    }
}

impl ResultsView {
    /// The cheapest row that can serve, for the headline.
    pub fn cheapest(&self) -> Option<(&ProviderRow, &Served)> {
        let row = self.rows.first()?;
        row.outcome.as_ref().ok().map(|s| (row, s))
    }
}

/// Where a charge's rate comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RateSource {
    /// The user's own price.
    User,
    /// A catalog source, by id.
    Catalog(String),
}

/// One charge: quantity × rate = amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemView {
    /// Kind of charge.
    pub kind: ItemKind,
    /// The line's plan (words for a charge depend on it).
    pub plan: PlanKind,
    /// The price's billing mode.
    pub mode: BillingMode,
    /// Instance-hours or instance-periods.
    pub quantity: Decimal,
    /// Rate per unit, in the price's currency.
    pub rate: Money,
    /// Amount in the display currency (rounded at display).
    pub amount: Money,
    /// Where the rate comes from.
    pub source: RateSource,
    /// What kind of publication the source is (`None` for the user's price).
    pub source_kind: Option<SourceKind>,
    /// Date of the rate.
    pub as_of: AsOf,
    /// For a commitment renewed over a one-off horizon: the whole terms it owes.
    pub terms: Option<u32>,
}

/// The demand of one scenario line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineDemand {
    /// The GPU's display name.
    pub gpu: String,
    /// How many, when.
    pub demand: Demand,
}

/// The best option of one billing class for a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionView {
    /// The billing class.
    pub class: ModeClass,
    /// Its subtotal for the line.
    pub subtotal: Money,
    /// The offer it uses.
    pub offer: OfferRef,
    /// Where it starts paying off against on-demand.
    pub break_even: Option<BreakEven>,
    /// Whether the user's settings allow it.
    pub eligible: bool,
}

/// How one line is served at one provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineView {
    /// Line number, from 1.
    pub number: usize,
    /// What the line needs.
    pub demand: LineDemand,
    /// GPUs per instance.
    pub gpus_per_instance: Decimal,
    /// The offer.
    pub offer: OfferRef,
    /// The offer's share of a GPU has no citable source.
    pub share_unconfirmed: bool,
    /// Region of the prices.
    pub region: String,
    /// The plan.
    pub plan: PlanKind,
    /// Charges.
    pub items: Vec<ItemView>,
    /// Sum of the charges.
    pub subtotal: Money,
    /// Best option per billing class at this provider.
    pub options: Vec<OptionView>,
    /// Prices older than a year or undated.
    pub old: bool,
    /// For a committed plan: the whole term(s) it binds the buyer to.
    pub committed: Option<CommittedTerms>,
}

/// The view of `report` for `scenario` (the scenario it was estimated for).
pub fn results_view(catalog: &Catalog, scenario: &Scenario, report: &Report) -> ResultsView {
    let all = catalog.price_dates_by_provider();
    results_view_dated(catalog, &|p| all.get(p).copied(), scenario, report)
}

/// [`results_view`] with each provider's price dates from `dates` (the page passes the ones
/// the embedded catalog's index keeps: [`CatalogIndex::price_dates`]).
///
/// [`CatalogIndex::price_dates`]: crate::catalog::CatalogIndex::price_dates
pub fn results_view_dated(
    catalog: &Catalog,
    dates: &dyn Fn(&str) -> Option<PriceDates>,
    scenario: &Scenario,
    report: &Report,
) -> ResultsView {
    let c = &report.comparison;
    let mut rank = 0;
    let rows = c
        .providers
        .iter()
        .map(|p| {
            let r = p.outcome.is_ok().then(|| {
                rank += 1;
                rank
            });
            provider_row(catalog, scenario, p, r, dates(&p.seller.id))
        })
        .collect();
    ResultsView {
        currency: c.currency,
        demand: DemandSummary {
            gpu_hours: c.gpu_hours,
            hours: scenario.horizon.hours(),
        },
        rows,
        savings: report.savings.clone(),
        warnings: report.warnings.clone(),
        placement: PlacementView::of(catalog, scenario),
        serving: ServingLine::all(catalog, scenario),
        batch: report
            .batch
            .as_ref()
            .map(|b| crate::view::batch::BatchView::of(scenario, b)),
        pool: report.pool.clone(),
    }
}

fn provider_row(
    catalog: &Catalog,
    scenario: &Scenario,
    p: &ProviderEstimate,
    rank: Option<usize>,
    dates: Option<PriceDates>,
) -> ProviderRow {
    let mut badges = badges(catalog, scenario, p);
    // Measured from the day the catalog was built, never the wall clock: the same link marks
    // the same providers on every day and in every printer.
    if dates.is_some_and(|d| d.is_stale(catalog.built) == Some(true)) {
        badges.push(Badge::StaleProvider);
    }
    ProviderRow {
        key: p.seller.id.clone(),
        rank,
        names: Names {
            en: p.seller.name.clone(),
            zh: p.seller.name_zh.clone(),
        },
        outcome: match &p.outcome {
            Ok(plan) => Ok(served(plan)),
            Err(u) => Err(unable(catalog, u)),
        },
        badges,
        prices_as_of: dates.map(|d| d.shown(catalog.built)),
    }
}

fn served(plan: &ProviderPlan) -> Served {
    // A plan has a line per scenario line, and a valid scenario has one.
    let billing = plan.common_plan().map_or(Billing::Mixed, Billing::Plan);
    Served {
        total: plan.total,
        per_gpu_hour: plan.per_gpu_hour,
        billing,
        offers: plan.lines.iter().map(OfferRef::of).collect(),
        regions: regions(plan),
        commitments: joined_terms(plan.lines.iter().filter_map(|l| l.committed)),
    }
}

/// Each region `plan`'s catalog prices are from, once, in line order.
fn regions(plan: &ProviderPlan) -> Vec<String> {
    let mut regions: Vec<String> = Vec::new();
    for line in &plan.lines {
        if line.region != QUOTE_REGION && !regions.contains(&line.region) {
            regions.push(line.region.clone());
        }
    }
    regions
}

fn unable(catalog: &Catalog, u: &Unserved) -> Unable {
    match u {
        Unserved::NoPrices => Unable::NoPrices,
        Unserved::NoOffer { line, gpu } => Unable::NoOffer {
            line: line + 1,
            gpu: gpu_name(catalog, gpu),
        },
        Unserved::Constrained { line, gpu, by } => Unable::Constrained {
            line: line + 1,
            gpu: gpu_name(catalog, gpu),
            by: by.clone(),
        },
        Unserved::NoSingleRegion { gpus } => Unable::NoSingleRegion {
            gpus: gpus.iter().map(|g| gpu_name(catalog, g)).collect(),
        },
    }
}

/// A GPU model's display name, or its id when the catalog does not know it.
pub(crate) fn gpu_name(catalog: &Catalog, id: &str) -> String {
    catalog
        .gpu(id)
        .map_or_else(|| id.to_string(), |g| g.name.to_string())
}

fn badges(catalog: &Catalog, scenario: &Scenario, p: &ProviderEstimate) -> Vec<Badge> {
    let mut badges = Vec::new();
    // A mode the user allows but the catalog has no price of for this provider (Alibaba
    // Cloud's monthly and preemptible prices): say so once, and that a quote can be added.
    // Reserved is left out: it cannot be entered as a custom price.
    // Most scenarios allow neither, and then the catalog is not scanned on an edit.
    let wanted = |c: ModeClass| scenario.options.allows(c);
    let any_wanted = wanted(ModeClass::Spot) || wanted(ModeClass::Subscription);
    if any_wanted && p.seller.kind.is_some() && p.outcome.is_ok() {
        let priced = catalog.priced_classes(&p.seller.id);
        // The user's own quote for this provider fills the gap: after adding an Alibaba
        // monthly quote the row still said "no monthly price listed".
        let quoted = |c: ModeClass| {
            scenario.custom_prices.iter().any(|q| {
                matches!(&q.owner, PriceOwner::Provider(id) if *id == p.seller.id)
                    && q.mode.class() == c
                    && q.amount.is_some()
            })
        };
        let missing = |c: ModeClass| wanted(c) && !priced.contains(&c) && !quoted(c);
        let (spot, monthly) = (missing(ModeClass::Spot), missing(ModeClass::Subscription));
        if spot || monthly {
            badges.push(Badge::NoCatalogPrice { spot, monthly });
        }
    }
    if p.seller.kind.is_none() {
        badges.push(Badge::YourPrice);
    }
    if p.seller.kind == Some(ProviderKind::MarketReference) {
        badges.push(Badge::MarketReference);
    }
    if let Ok(plan) = &p.outcome {
        if plan.lines.iter().any(|l| l.old_prices) {
            badges.push(Badge::Old);
        }
    }
    badges
}

/// The line items of `seller`'s plan (empty when it cannot serve). Built only when a row's
/// details are opened, printed or exported: they are about half of the work.
pub fn provider_lines(
    catalog: &Catalog,
    scenario: &Scenario,
    report: &Report,
    seller: &str,
) -> Vec<LineView> {
    let Some(Ok(plan)) = report
        .comparison
        .providers
        .iter()
        .find(|p| p.seller.id == seller)
        .map(|p| &p.outcome)
    else {
        return Vec::new();
    };
    plan_lines(catalog, scenario, plan)
}

/// The line items of `plan`.
pub fn plan_lines(catalog: &Catalog, scenario: &Scenario, plan: &ProviderPlan) -> Vec<LineView> {
    plan.lines
        .iter()
        .zip(&plan.options)
        .map(|(l, opts)| line_view(catalog, scenario, l, opts))
        .collect()
}

fn line_view(
    catalog: &Catalog,
    scenario: &Scenario,
    line: &LinePlan,
    options: &[crate::estimate::ClassOption],
) -> LineView {
    let demand_line = &scenario.lines[line.line];
    LineView {
        number: line.line + 1,
        demand: LineDemand {
            gpu: gpu_name(catalog, &demand_line.gpu),
            demand: demand_line.demand.clone(),
        },
        gpus_per_instance: line.gpus_per_instance,
        offer: OfferRef::of(line),
        share_unconfirmed: catalog
            .offer(&line.offer)
            .is_some_and(|o| o.flags.contains(&OfferFlag::GpuShareUnconfirmed)),
        region: line.region.clone(),
        plan: line.plan,
        items: line.items.iter().map(|i| item_view(line, i)).collect(),
        subtotal: line.subtotal,
        options: options
            .iter()
            .map(|o| OptionView {
                class: o.class,
                subtotal: o.plan.subtotal,
                offer: OfferRef::of(&o.plan),
                break_even: o.break_even,
                eligible: o.eligible,
            })
            .collect(),
        old: line.old_prices,
        committed: line.committed,
    }
}

fn item_view(line: &LinePlan, i: &crate::estimate::LineItem) -> ItemView {
    let terms = match (i.kind, line.plan) {
        (
            ItemKind::Commitment,
            PlanKind::Committed {
                coverage: Coverage::Terms(n),
                ..
            },
        ) => Some(n),
        _ => None,
    };
    ItemView {
        kind: i.kind,
        plan: line.plan,
        mode: i.mode,
        quantity: i.quantity,
        rate: i.rate,
        amount: i.amount,
        source: if i.source == USER_SOURCE {
            RateSource::User
        } else {
            RateSource::Catalog(i.source.clone())
        },
        source_kind: i.source_kind,
        as_of: i.as_of,
        terms,
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::catalog::embedded;
    use crate::estimate::EstimateContext;
    use crate::format::Lang;
    use crate::fx::FxTable;
    use crate::l10n::results::provider_rules;
    use crate::presets::Preset;
    use crate::report::report;

    fn view_of(s: Scenario) -> (Scenario, Report, ResultsView) {
        let e = embedded();
        let valid = s.clone().validate(&e.catalog).unwrap();
        let fx = FxTable::from_catalog(&e.catalog);
        let r = report(&EstimateContext {
            catalog: &e.catalog,
            index: &e.index,
            scenario: &valid,
            fx: &fx,
            currency: Currency::Cny,
            today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
        });
        let v = results_view(&e.catalog, &s, &r);
        (s, r, v)
    }

    /// Alibaba's stop-without-charge rule, its metering and its missing monthly and spot
    /// prices were in the catalog but nowhere in the page.
    #[test]
    fn a_providers_details_say_how_it_bills_in_the_readers_language() {
        let e = embedded();
        let zh = provider_rules(&e.catalog, "alibaba", Lang::Zh);
        assert!(zh.iter().any(|r| r.contains("节省停机模式")), "{zh:?}");
        assert!(zh.iter().any(|r| r.contains("4 vCPU 每 2 分钟")), "{zh:?}");
        assert!(zh.iter().any(|r| r.contains("包年包月")), "{zh:?}");
        let en = provider_rules(&e.catalog, "alibaba", Lang::En);
        assert!(en.iter().any(|r| r.contains("2 min for 4")), "{en:?}");
        assert!(
            en.iter().all(|r| r.ends_with(')')),
            "each rule names its source: {en:?}"
        );
        assert!(provider_rules(&e.catalog, "custom:V100 quote", Lang::En).is_empty());
    }

    #[test]
    fn short_training_rows_show_the_seed_quote_with_its_arithmetic() {
        let e = embedded();
        let (s, r, v) = view_of(Preset::ShortTraining.scenario());
        let quote = v
            .rows
            .iter()
            .find(|r| r.key == "custom:V100 quote")
            .unwrap();
        let served = quote.outcome.as_ref().unwrap();
        assert_eq!(crate::format::money(served.total), "¥2,304.00");
        assert_eq!(quote.badges, [Badge::YourPrice]);
        let lines = provider_lines(&e.catalog, &s, &r, &quote.key);
        let item = &lines[0].items[0];
        assert_eq!(
            (
                item.quantity_text(Lang::En),
                item.rate_text(Lang::En),
                crate::format::money(item.amount)
            ),
            (
                "288 instance-hours".into(),
                "¥8.00/h".into(),
                "¥2,304.00".into()
            )
        );
        assert!(item
            .source_text(&e.catalog, Lang::En)
            .starts_with("your price"));
        assert_eq!(
            lines[0].title(Lang::En),
            "Line 1 · 4 × NVIDIA V100 (16/32 GB), all the time"
        );
        assert!(v.demand.text(Lang::Zh).contains("卡·时"));
        assert!(v
            .savings
            .iter()
            .any(|s| s.lever == crate::savings::Lever::Reference));
    }

    /// The page said "no offer with NVIDIA V100 (16/32 GB)" and the exports "no offer with
    /// V100": two versions of one reason. There is one now, with the GPU's name.
    #[test]
    fn a_provider_that_cannot_serve_says_why_once_for_every_renderer() {
        let (_, _, v) = view_of(Preset::ShortTraining.scenario());
        let unable: Vec<&Unable> = v
            .rows
            .iter()
            .filter_map(|r| r.outcome.as_ref().err())
            .collect();
        assert!(
            unable.contains(&&Unable::NoPrices),
            "Huawei has no sourced price"
        );
        let no_offer = unable
            .iter()
            .find(|u| matches!(u, Unable::NoOffer { .. }))
            .expect("some provider has no V100");
        assert_eq!(
            no_offer.text(Lang::En),
            "no offer with NVIDIA V100 (16/32 GB) (line 1)"
        );
        assert_eq!(
            no_offer.text(Lang::Zh),
            "没有 NVIDIA V100 (16/32 GB) 的规格（第 1 行）"
        );
        // Ranked rows come first, each with a rank; the rest have none.
        let ranks: Vec<Option<usize>> = v.rows.iter().map(|r| r.rank).collect();
        let served = ranks.iter().take_while(|r| r.is_some()).count();
        assert!(ranks[served..].iter().all(Option::is_none));
        assert_eq!(ranks[0], Some(1));
    }

    #[test]
    fn a_scenario_allowing_spot_and_monthly_flags_providers_without_such_prices() {
        let mut s = Preset::DevTest.scenario();
        s.options.allowed.insert(ModeClass::Spot);
        s.options.allowed.insert(ModeClass::Subscription);
        let (_, _, v) = view_of(s);
        let alibaba = v.rows.iter().find(|r| r.key == "alibaba").unwrap();
        assert!(alibaba.badges.contains(&Badge::NoCatalogPrice {
            spot: true,
            monthly: true
        }));
        assert_eq!(
            Badge::NoCatalogPrice {
                spot: true,
                monthly: true
            }
            .text(Lang::Zh),
            "无竞价或包月价格：可自行添加报价"
        );
    }

    // After an Alibaba monthly quote was added the row still said "no monthly price listed"
    // (issue 28): the user's quote fills that gap, and only that one.
    #[test]
    fn a_quote_for_the_missing_mode_clears_its_part_of_the_badge() {
        let mut s = Preset::DevTest.scenario();
        s.options.allowed.insert(ModeClass::Spot);
        s.options.allowed.insert(ModeClass::Subscription);
        s.custom_prices.push(crate::scenario::CustomPrice {
            owner: PriceOwner::Provider("alibaba".into()),
            gpu: "A10".into(),
            mode: crate::scenario::CustomMode::Subscription(crate::billing_mode::Period::Month),
            amount: Some(Decimal::from(3000)),
            currency: Currency::Cny,
        });
        let (_, _, v) = view_of(s);
        let alibaba = v.rows.iter().find(|r| r.key == "alibaba").unwrap();
        assert!(
            alibaba.badges.contains(&Badge::NoCatalogPrice {
                spot: true,
                monthly: false
            }),
            "{:?}",
            alibaba.badges
        );
    }
}
