//! Who sells, and what each seller offers for a line: catalog offers of the line's GPU family
//! (with the user's discount) and the user's own prices.
//!
//! Regions and rates of a catalog offer are built once per estimate, on first use, in an
//! [`OfferBook`] that every line and every counterfactual of the estimate shares.

use std::borrow::Cow;
use std::cell::{OnceCell, RefCell};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::Arc;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::memo::LineMemo;
use super::{plan_context, EstimateContext, Seller, USER_SOURCE};
use crate::billing::{PlanContext, Rate, RegionRates, RegionTerms, TermCharges};
use crate::billing_mode::BillingMode;
use crate::catalog::{AsOf, Catalog, CatalogIndex, Gpu, Offer, PriceBasis, Provider};
use crate::placement::{Constraint, Geo, HostFloor, Interconnect, Spread};
use crate::scenario::{CustomMode, Discount, Line, PriceOwner};

/// A priceable thing: a catalog offer, or a custom price turned into a one-GPU offer.
pub(super) struct Candidate<'b, 'a> {
    /// Offer id (`aws/p4d.24xlarge`, `custom:<name>/<gpu>`).
    pub id: Cow<'a, str>,
    /// The provider's name for it.
    pub instance: &'a str,
    /// GPUs per instance.
    pub gpus: Decimal,
    /// Host vCPUs, when known (some providers meter small hosts in coarser blocks).
    pub vcpus: Option<Decimal>,
    /// How its GPUs talk to each other, where the catalog says.
    pub interconnect: Option<Interconnect>,
    /// Its prices, region by region.
    pub regions: Cow<'b, [RegionRates<'a>]>,
    /// What each region's prices mean for plans (same order as `regions`).
    pub terms: Cow<'b, [RegionTerms<'a>]>,
    /// Whether it is the user's own price: a quote is for the job wherever it runs, so it is
    /// in no region and fits any (see [`super::one_region`]).
    pub quote: bool,
}

/// A catalog offer's regions in the scenario's place, after discounts, and its interconnect
/// (a catalog lookup, done once per book rather than per candidate on every edit).
#[derive(Clone)]
struct OfferRegions<'a> {
    regions: Vec<RegionRates<'a>>,
    interconnect: Option<Interconnect>,
}

/// Catalog offers' regions in one place after one set of discounts: what pricing needs of an
/// offer before anything about the demand, the horizon or the billing options is known.
///
/// Grouping an offer's prices by region, looking up where each region is and dropping the
/// regions priced alike is most of what an estimate does per offer it prices, and none of it
/// changes when an edit changes the hours, the lines' demand or the billing options. A page
/// keeps one book across such edits (see [`crate::session::Estimator`]): it is filled with
/// the offers a scenario's lines can use ([`RegionBook::fill_for`]), and an estimate builds
/// any other offer's regions itself. [`RegionBook::fits`] says whether a kept book holds what
/// a new scenario would see.
#[derive(Clone)]
pub struct RegionBook<'a> {
    catalog: &'a Catalog,
    discounts: Vec<Discount>,
    /// Only regions in this place are kept.
    geo: Geo,
    /// Whether a provider keeps every line in one region: then every region is kept, even
    /// one priced like another (see [`RegionBook::build`]).
    spread: Spread,
    /// Providers with at least one catalog offer.
    stocked: HashSet<&'a str>,
    /// Per catalog offer, its regions once filled.
    offers: Vec<Option<OfferRegions<'a>>>,
}

impl<'a> RegionBook<'a> {
    /// An empty book for `catalog`'s offers in `geo` after `discounts`, for scenarios that
    /// spread their lines as `spread` says.
    pub fn new(
        catalog: &'a Catalog,
        discounts: &[Discount],
        geo: Geo,
        spread: Spread,
    ) -> RegionBook<'a> {
        RegionBook {
            catalog,
            discounts: discounts.to_vec(),
            geo,
            spread,
            stocked: providers_of(catalog),
            offers: vec![None; catalog.offers.len()],
        }
    }

    /// An empty book for `ctx`'s catalog, discounts and place.
    fn for_ctx(ctx: &EstimateContext<'a>) -> RegionBook<'a> {
        let s = ctx.scenario.scenario();
        RegionBook::new(ctx.catalog, &s.discounts, s.geo, s.spread)
    }

    /// Whether the book holds the regions `ctx` would see (same catalog, discounts, place
    /// and spread).
    pub fn fits(&self, ctx: &EstimateContext) -> bool {
        let s = ctx.scenario.scenario();
        std::ptr::eq(self.catalog, ctx.catalog)
            && self.discounts == s.discounts
            && self.geo == s.geo
            && self.spread == s.spread
    }

    /// Builds the regions of every offer of the families of `ctx`'s lines' GPUs not built yet
    /// (what pricing those lines reads).
    pub fn fill_for(&mut self, ctx: &EstimateContext) {
        for line in &ctx.scenario.scenario().lines {
            let family = ctx
                .index
                .gpu(&line.gpu)
                .map(|i| ctx.catalog.gpus[i].family.as_ref())
                .unwrap_or("");
            for &i in ctx.index.offers_of_family(family) {
                if self.offers[i].is_none() {
                    self.offers[i] = Some(self.build(i));
                }
            }
        }
    }

    /// The regions of catalog offer `i` in the book's place, with its discounted rates; of
    /// regions priced alike, only the first (see [`distinct_regions`]), unless every line
    /// must share one region: then a region priced like another may be the only one where
    /// some other line is offered too, so every region is kept.
    fn build(&self, i: usize) -> OfferRegions<'a> {
        let offer = &self.catalog.offers[i];
        let mut regions = offer_regions(offer, keep(&self.discounts, &offer.provider));
        regions.retain(|r| self.in_place(offer, r.region) == Some(true));
        OfferRegions {
            regions: match self.spread {
                Spread::AnyRegions => distinct_regions(regions),
                Spread::OneRegion => regions,
            },
            interconnect: Interconnect::of(self.catalog, offer),
        }
    }

    /// Whether `offer`'s region `region` is in the book's place (`None`: unknown).
    fn in_place(&self, offer: &Offer, region: &str) -> Option<bool> {
        if self.geo == Geo::Anywhere {
            // Every region is in it, known or not: no need to search the catalog's places
            // (the default place, and a search per region of every offer a line can use).
            return Some(true);
        }
        self.geo
            .contains(self.catalog.place(&offer.provider, region))
    }
}

/// Providers with at least one catalog offer.
///
/// Built for every fresh estimate: the catalog lists each provider's offers together, so
/// hashing only where the provider changes hashes a few dozen names instead of every offer's.
fn providers_of(catalog: &Catalog) -> HashSet<&str> {
    let mut stocked = HashSet::new();
    let mut last = None;
    for o in catalog.offers.iter() {
        let provider = o.provider.as_ref();
        if last != Some(provider) {
            stocked.insert(provider);
            last = Some(provider);
        }
    }
    stocked
}

/// A catalog offer's regions with their terms, and its interconnect.
struct OfferPrices<'r, 'a> {
    regions: &'r [RegionRates<'a>],
    terms: &'r [RegionTerms<'a>],
    interconnect: Option<Interconnect>,
}

/// Every catalog offer's regions and rates after the scenario's discounts (from a
/// [`RegionBook`]), with what they mean for plans under the scenario's plan context, built on
/// first use. One book serves every scenario with the same discounts, place and billing
/// options (an estimate and its counterfactuals differ only in demand).
pub(crate) struct OfferBook<'a> {
    /// Regions kept from earlier estimates (some offers may not be in it).
    kept: Arc<RegionBook<'a>>,
    /// Regions of offers `kept` has not built, built on first use.
    built: Vec<OnceCell<OfferRegions<'a>>>,
    plan_ctx: PlanContext<'a>,
    /// What each commitment term charges under `plan_ctx`.
    charges: TermCharges,
    terms: Vec<OnceCell<Vec<RegionTerms<'a>>>>,
    /// The comparison's cheapest allowed cost per line and seller, for counterfactuals.
    pub(super) priced: RefCell<LineMemo>,
}

impl<'a> OfferBook<'a> {
    /// An empty book for `ctx`'s catalog and discounts.
    pub(crate) fn new(ctx: &EstimateContext<'a>) -> OfferBook<'a> {
        OfferBook::with_regions(ctx, Arc::new(RegionBook::for_ctx(ctx)))
    }

    /// An empty book for `ctx` on `kept`, which must fit it (see [`RegionBook::fits`]).
    pub(crate) fn with_regions(
        ctx: &EstimateContext<'a>,
        kept: Arc<RegionBook<'a>>,
    ) -> OfferBook<'a> {
        debug_assert!(kept.fits(ctx));
        let n = ctx.catalog.offers.len();
        let plan_ctx = plan_context(ctx);
        OfferBook {
            kept,
            built: std::iter::repeat_with(OnceCell::new).take(n).collect(),
            charges: TermCharges::new(&plan_ctx),
            plan_ctx,
            terms: std::iter::repeat_with(OnceCell::new).take(n).collect(),
            priced: RefCell::default(),
        }
    }

    /// Whether the book holds the prices `ctx` would see (same catalog, discounts, place and
    /// plan context).
    pub(crate) fn fits(&self, ctx: &EstimateContext) -> bool {
        self.kept.fits(ctx) && self.plan_ctx == plan_context(ctx)
    }

    /// Whether `provider` has any catalog offer.
    pub(crate) fn stocks(&self, provider: &str) -> bool {
        self.kept.stocked.contains(provider)
    }

    /// Catalog offer `i`'s regions, kept or built now.
    fn regions(&self, i: usize) -> &OfferRegions<'a> {
        match &self.kept.offers[i] {
            Some(r) => r,
            None => self.built[i].get_or_init(|| self.kept.build(i)),
        }
    }

    /// The regions of catalog offer `i` in the scenario's place, with its discounted rates and
    /// their terms; of regions priced alike, only the first (see [`distinct_regions`]).
    fn prices(&self, i: usize) -> OfferPrices<'_, 'a> {
        let r = self.regions(i);
        let terms = self.terms[i].get_or_init(|| {
            r.regions
                .iter()
                .map(|r| RegionTerms::with_charges(r, &self.plan_ctx, &self.charges))
                .collect()
        });
        OfferPrices {
            regions: &r.regions,
            terms,
            interconnect: r.interconnect,
        }
    }

    /// Whether catalog offer `i` has a region in the scenario's place.
    fn has_regions(&self, i: usize) -> bool {
        !self.regions(i).regions.is_empty()
    }

    /// Why catalog offer `i` has no region in the scenario's place: none is there, or the
    /// places of some are unknown.
    fn place_constraint(&self, i: usize) -> Constraint {
        let book = &self.kept;
        let offer = &book.catalog.offers[i];
        let unknown = offer
            .prices
            .iter()
            .any(|p| book.in_place(offer, &p.region).is_none());
        if unknown {
            Constraint::PlaceUnknown
        } else {
            Constraint::Place(book.geo)
        }
    }
}

/// The share of the list price a provider's customer pays after the user's discount.
fn keep(discounts: &[Discount], provider: &str) -> Decimal {
    discounts
        .iter()
        .find(|d| d.provider == provider)
        .map(|d| Decimal::ONE - d.percent / Decimal::ONE_HUNDRED)
        .unwrap_or(Decimal::ONE)
}

/// Regions of a catalog offer with its prices (discounted by `keep`).
fn offer_regions(offer: &Offer, keep: Decimal) -> Vec<RegionRates<'_>> {
    let mut by_region: BTreeMap<&str, RegionRates> = BTreeMap::new();
    for p in offer.prices.iter() {
        let entry = by_region
            .entry(p.region.as_ref())
            .or_insert_with(|| RegionRates {
                region: p.region.as_ref(),
                ..RegionRates::default()
            });
        let rate = Rate {
            mode: p.mode,
            amount: p.amount * keep,
            currency: p.currency,
            source: p.source.as_ref(),
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

/// `regions` without those priced like an earlier one (see [`priced_alike`]).
///
/// Such a region prices every plan exactly as the earlier one does, and a plan replaces the
/// best so far only when strictly better, so it could never be chosen: leaving it out changes
/// no result. A third of the catalog's regions repeat another region of their offer
/// (Lambda lists the same prices in 391 regions of 23 price sets), and pricing a line
/// costs per region.
fn distinct_regions(regions: Vec<RegionRates<'_>>) -> Vec<RegionRates<'_>> {
    let mut kept: Vec<RegionRates> = Vec::with_capacity(regions.len());
    for r in regions {
        if !kept.iter().any(|k| priced_alike(k, &r)) {
            kept.push(r);
        }
    }
    kept
}

/// Whether two regions have the same rates in the same order: same modes, amounts and
/// currencies. Sources and dates are not compared, as no plan's cost depends on them.
fn priced_alike(a: &RegionRates, b: &RegionRates) -> bool {
    fn same(a: &Rate, b: &Rate) -> bool {
        a.mode == b.mode && a.amount == b.amount && a.currency == b.currency
    }
    fn same_opt(a: &Option<Rate>, b: &Option<Rate>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => same(a, b),
            (None, None) => true,
            _ => false,
        }
    }
    fn same_list<K: PartialEq>(a: &[(K, Rate)], b: &[(K, Rate)]) -> bool {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|((ka, a), (kb, b))| ka == kb && same(a, b))
    }
    same_opt(&a.on_demand, &b.on_demand)
        && same_opt(&a.spot, &b.spot)
        && same_list(&a.committed, &b.committed)
        && same_list(&a.subscriptions, &b.subscriptions)
}

/// Sellers in result order: catalog providers, then providers only the user named, narrowed
/// to the scenario's "compare only" list (sellers the user named always stay).
pub(super) fn sellers<'a>(ctx: &EstimateContext<'a>) -> Vec<(Seller, Option<&'a Provider>)> {
    let s = ctx.scenario.scenario();
    let mut sellers: Vec<(Seller, Option<&Provider>)> = ctx
        .catalog
        .providers
        .iter()
        .map(|p| {
            (
                Seller {
                    id: p.id.to_string(),
                    name: p.name.to_string(),
                    name_zh: p.name_zh.to_string(),
                    kind: Some(p.kind),
                },
                Some(p),
            )
        })
        .collect();
    // A seller the user names is compared once it has a price.
    for c in s.custom_prices.iter().filter(|c| c.amount.is_some()) {
        if let PriceOwner::Named(name) = &c.owner {
            let id = c.owner.id();
            if !sellers.iter().any(|(x, _)| x.id == id) {
                sellers.push((
                    Seller {
                        id,
                        // Stored as the user (or a preset) wrote it; the words layer shows
                        // a built-in name in the reader's language.
                        name: name.clone(),
                        name_zh: name.clone(),
                        kind: None,
                    },
                    None,
                ));
            }
        }
    }
    // The kind and SLA filter leaves out catalog providers it cannot prove qualify.
    if !s.providers.keeps_all() {
        sellers.retain(|(_, provider)| provider.is_none_or(|p| s.providers.admits(p)));
    }
    if !s.sellers.is_empty() {
        sellers.retain(|(seller, provider)| provider.is_none() || s.sellers.contains(&seller.id));
    }
    sellers
}

/// A price the user entered: its seller id, GPU and rate.
pub(super) struct CustomRate<'a> {
    /// Seller id (`alibaba`, `custom:<name>`).
    pub owner: String,
    /// GPU model id.
    pub gpu: &'a str,
    /// The rate.
    pub rate: Rate<'a>,
}

/// The scenario's custom prices as rates, dated today.
pub(super) fn custom_rates<'a>(ctx: &EstimateContext<'a>) -> Vec<CustomRate<'a>> {
    ctx.scenario
        .scenario()
        .custom_prices
        .iter()
        // A row the user has not priced yet prices nothing.
        .filter_map(|c| Some((c, c.amount?)))
        .map(|(c, amount)| {
            let mode = match c.mode {
                CustomMode::OnDemand => BillingMode::OnDemand,
                CustomMode::Spot => BillingMode::Spot,
                CustomMode::Subscription(p) => BillingMode::Subscription(p),
            };
            CustomRate {
                owner: c.owner.id(),
                gpu: c.gpu.as_str(),
                rate: Rate {
                    mode,
                    amount,
                    currency: c.currency,
                    source: USER_SOURCE,
                    as_of: AsOf::On(ctx.today),
                },
            }
        })
        .collect()
}

/// Whether an offer of `offer_gpu` can serve a line of `line_gpu`: same family and at least
/// as much memory.
fn serves(catalog: &Catalog, index: &CatalogIndex, line_gpu: &str, offer_gpu: &str) -> bool {
    index
        .gpu(line_gpu)
        .is_some_and(|i| serves_gpu(catalog, index, &catalog.gpus[i], offer_gpu))
}

/// [`serves`] for a line GPU already looked up.
fn serves_gpu(catalog: &Catalog, index: &CatalogIndex, want: &Gpu, offer_gpu: &str) -> bool {
    let Some(have) = index.gpu(offer_gpu).map(|i| &catalog.gpus[i]) else {
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

/// Catalog offers that can serve `line` (its GPU's family, enough memory, whole instances),
/// on machines its packing and the scenario's host floor allow, in catalog index order.
pub(super) fn line_offers(ctx: &EstimateContext, line: &Line) -> Vec<usize> {
    let host = &ctx.scenario.scenario().host;
    family_offers(ctx, &line.gpu, |o| {
        offer_constraint(line, host, o).is_none()
    })
}

/// The machine rule `offer` breaks for `line`, if any: too few GPUs per machine, too small a
/// host, or a host size the catalog does not list.
fn offer_constraint(line: &Line, host: &HostFloor, offer: &Offer) -> Option<Constraint> {
    if let Some(min) = line.min_per_machine() {
        if offer.gpus < min {
            return Some(Constraint::GpusPerMachine(min.to_u32().unwrap_or(u32::MAX)));
        }
    }
    match host.admits(offer) {
        Some(true) => None,
        Some(false) => Some(Constraint::HostTooSmall),
        None => Some(Constraint::HostUnknown),
    }
}

/// Why `seller` has no catalog offer for `line` in the scenario: every rule that left one of
/// its offers of the line's GPU out. Empty when it has no such offer at all.
pub(super) fn constraints(
    ctx: &EstimateContext,
    book: &OfferBook,
    seller: &str,
    line: &Line,
) -> BTreeSet<Constraint> {
    let host = &ctx.scenario.scenario().host;
    family_offers(ctx, &line.gpu, |o| o.provider == seller)
        .into_iter()
        .filter_map(|i| {
            offer_constraint(line, host, &ctx.catalog.offers[i])
                .or_else(|| (!book.has_regions(i)).then(|| book.place_constraint(i)))
        })
        .collect()
}

/// Catalog offers of `line_gpu`'s family with enough memory, priced per whole instance, that
/// `keep` accepts, in catalog index order.
///
/// Called for every line and for every seller that cannot serve one (to say why), over every
/// offer of the family: `keep` is asked first, and offers of the same GPU as the one before
/// (the usual case: a family's offers are mostly of one GPU) reuse its answer instead of
/// looking the GPU up again.
fn family_offers<'c>(
    ctx: &EstimateContext<'c>,
    line_gpu: &str,
    keep: impl Fn(&Offer) -> bool,
) -> Vec<usize> {
    let (catalog, index) = (ctx.catalog, ctx.index);
    let Some(want) = index.gpu(line_gpu).map(|i| &catalog.gpus[i]) else {
        return Vec::new();
    };
    let mut last: Option<(&str, bool)> = None;
    let mut serves = |offer_gpu: &'c str| match last {
        Some((gpu, ok)) if gpu == offer_gpu => ok,
        _ => {
            let ok = serves_gpu(catalog, index, want, offer_gpu);
            last = Some((offer_gpu, ok));
            ok
        }
    };
    index
        .offers_of_family(&want.family)
        .iter()
        .copied()
        .filter(|&i| {
            let o = &catalog.offers[i];
            keep(o) && o.basis != PriceBasis::GpuComponent && serves(&o.gpu)
        })
        .collect()
}

/// What `seller` offers for a line of `line_gpu`: its catalog offers among `line_offers`
/// (see [`line_offers`]), then custom prices (one candidate per GPU).
pub(super) fn candidates<'b, 'c, 'a: 'c>(
    ctx: &EstimateContext<'c>,
    book: &'b OfferBook<'a>,
    seller: &Seller,
    line_gpu: &str,
    line_offers: &[usize],
    custom: &'b [CustomRate<'c>],
) -> Vec<Candidate<'b, 'c>> {
    let (catalog, index) = (ctx.catalog, ctx.index);
    let mut out: Vec<Candidate> = line_offers
        .iter()
        .filter(|&&i| catalog.offers[i].provider == seller.id && book.has_regions(i))
        .map(|&i| {
            let o = &catalog.offers[i];
            let prices = book.prices(i);
            Candidate {
                id: Cow::Borrowed(o.id.as_ref()),
                instance: o.instance.as_ref(),
                gpus: o.gpus,
                vcpus: o.vcpus,
                interconnect: prices.interconnect,
                regions: Cow::Borrowed(prices.regions),
                terms: Cow::Borrowed(prices.terms),
                quote: false,
            }
        })
        .collect();
    let mut custom_by_gpu: BTreeMap<&str, RegionRates> = BTreeMap::new();
    for c in custom {
        if c.owner != seller.id || !serves(catalog, index, line_gpu, c.gpu) {
            continue;
        }
        let entry = custom_by_gpu.entry(c.gpu).or_insert_with(|| RegionRates {
            region: super::QUOTE_REGION,
            ..RegionRates::default()
        });
        let rate = c.rate.clone();
        match rate.mode {
            BillingMode::OnDemand => entry.on_demand = Some(rate),
            BillingMode::Spot => entry.spot = Some(rate),
            BillingMode::Subscription(p) => entry.subscriptions.push((p, rate)),
            BillingMode::Committed(k) => entry.committed.push((k, rate)),
        }
    }
    for (gpu, rates) in custom_by_gpu {
        out.push(Candidate {
            id: Cow::Owned(format!("{}/{gpu}", seller.id)),
            instance: gpu,
            gpus: Decimal::ONE,
            vcpus: None,
            interconnect: None,
            terms: Cow::Owned(vec![RegionTerms::with_charges(
                &rates,
                &book.plan_ctx,
                &book.charges,
            )]),
            regions: Cow::Owned(vec![rates]),
            quote: true,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::catalog::{embedded, AsOf};
    use crate::estimate::{compare, Comparison};
    use crate::fx::FxTable;
    use crate::money::Currency;
    use crate::presets::Preset;

    fn rate(amount: i64, source: &str, as_of: AsOf) -> Rate<'_> {
        Rate {
            mode: BillingMode::OnDemand,
            amount: Decimal::new(amount, 2),
            currency: Currency::Usd,
            source,
            as_of,
        }
    }

    fn region<'a>(name: &'a str, on_demand: Rate<'a>) -> RegionRates<'a> {
        RegionRates {
            region: name,
            on_demand: Some(on_demand),
            ..RegionRates::default()
        }
    }

    #[test]
    fn of_regions_priced_alike_the_first_is_kept() {
        let dated = AsOf::On(NaiveDate::from_ymd_opt(2026, 1, 2).unwrap());
        let kept = distinct_regions(vec![
            region("a", rate(150, "x", AsOf::Unknown)),
            region("b", rate(150, "y", dated)), // Same price, other source and date.
            region("c", rate(151, "x", AsOf::Unknown)),
        ]);
        let names: Vec<&str> = kept.iter().map(|r| r.region).collect();
        assert_eq!(names, ["a", "c"]);
        let mut spot = region("d", rate(150, "x", AsOf::Unknown));
        spot.spot = Some(rate(50, "x", AsOf::Unknown));
        assert!(!priced_alike(&kept[0], &spot));
    }

    /// Every preset's comparison in both currencies over `catalog`.
    fn comparisons(catalog: &Catalog) -> Vec<Comparison> {
        let index = CatalogIndex::new(catalog);
        let fx = FxTable::from_catalog(catalog);
        let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        let mut out = Vec::new();
        for preset in Preset::ALL {
            let v = preset.scenario().validate(catalog).unwrap();
            for currency in Currency::ALL {
                out.push(compare(&EstimateContext {
                    catalog,
                    index: &index,
                    scenario: &v,
                    fx: &fx,
                    currency,
                    today,
                }));
            }
        }
        out
    }

    #[test]
    fn a_copy_of_every_region_changes_no_result() {
        // The copies are priced like their originals and sort after them: priced or left out,
        // they may change no result. (The golden tests fail when regions that are not alike
        // are left out.)
        let catalog = &embedded().catalog;
        let mut copied = catalog.clone();
        for offer in copied.offers.to_mut().iter_mut() {
            let copies: Vec<_> = offer
                .prices
                .iter()
                .map(|p| crate::catalog::Price {
                    region: format!("zz-{}", p.region).into(),
                    ..p.clone()
                })
                .collect();
            offer.prices.to_mut().extend(copies);
        }
        assert_eq!(comparisons(&copied), comparisons(catalog));
    }
}
