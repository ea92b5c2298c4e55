//! The catalog browser: which offers match a filter, their prices normalized per GPU-hour and
//! per GB of GPU memory per hour in the display currency, and in what order.
//!
//! This is plain filtering and arithmetic over the catalog; the page only renders the rows.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::billing_mode::{BillingMode, ModeClass};
use crate::catalog::{Catalog, Gpu, Offer, Price, Provider};
use crate::fx::FxTable;
use crate::money::{Currency, Money};
use crate::placement::Geo;

/// What the browser sorts by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortKey {
    /// On-demand price per GPU-hour.
    #[default]
    OnDemandPerGpu,
    /// Spot price per GPU-hour.
    SpotPerGpu,
    /// On-demand price per GB of GPU memory per hour.
    OnDemandPerGb,
    /// Spot price per GB of GPU memory per hour.
    SpotPerGb,
    /// GPU memory per instance.
    Memory,
}

impl SortKey {
    /// Every key.
    pub const ALL: [SortKey; 5] = [
        SortKey::OnDemandPerGpu,
        SortKey::SpotPerGpu,
        SortKey::OnDemandPerGb,
        SortKey::SpotPerGb,
        SortKey::Memory,
    ];

    /// URL slug.
    pub fn as_str(self) -> &'static str {
        match self {
            SortKey::OnDemandPerGpu => "od",
            SortKey::SpotPerGpu => "spot",
            SortKey::OnDemandPerGb => "od-gb",
            SortKey::SpotPerGb => "spot-gb",
            SortKey::Memory => "mem",
        }
    }

    /// The key with this slug.
    pub fn from_slug(s: &str) -> Option<SortKey> {
        SortKey::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// Ascending or descending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortOrder {
    /// Smallest first.
    #[default]
    Ascending,
    /// Largest first.
    Descending,
}

/// Default age after which a price is marked as old.
pub const DEFAULT_STALE_AFTER_DAYS: u32 = 365;

/// The browser's filters and sort, as they appear in the URL.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CatalogFilter {
    /// GPU model ids to show; empty shows all.
    pub gpus: BTreeSet<String>,
    /// Provider ids to show; empty shows all.
    pub providers: BTreeSet<String>,
    /// Only offers priced in this region.
    pub region: Option<String>,
    /// Only prices of regions known to be in this place.
    pub place: Geo,
    /// Only machines with at least this many GPUs.
    pub min_gpus_per_machine: Option<u32>,
    /// Only offers with at least this much GPU memory per GPU (GiB).
    pub min_memory_gib: Option<u32>,
    /// Only offers that have a price in each of these billing classes.
    pub require: BTreeSet<RequiredMode>,
    /// Case-insensitive text that must appear in the provider, instance or GPU name.
    pub text: String,
    /// Sort key.
    pub sort: SortKey,
    /// Sort direction.
    pub order: SortOrder,
    /// Prices older than this many days get an "old" marker.
    pub stale_after_days: u32,
}

impl Default for CatalogFilter {
    fn default() -> Self {
        CatalogFilter {
            gpus: BTreeSet::new(),
            providers: BTreeSet::new(),
            region: None,
            place: Geo::Anywhere,
            min_gpus_per_machine: None,
            min_memory_gib: None,
            require: BTreeSet::new(),
            text: String::new(),
            sort: SortKey::default(),
            order: SortOrder::default(),
            stale_after_days: DEFAULT_STALE_AFTER_DAYS,
        }
    }
}

/// A billing class an offer must offer to be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RequiredMode {
    /// Has a spot price.
    Spot,
    /// Has a reserved/committed price.
    Committed,
    /// Has a day/week/month subscription price.
    Subscription,
}

impl RequiredMode {
    /// Every requirement.
    pub const ALL: [RequiredMode; 3] = [
        RequiredMode::Spot,
        RequiredMode::Committed,
        RequiredMode::Subscription,
    ];

    /// URL slug.
    pub fn as_str(self) -> &'static str {
        match self {
            RequiredMode::Spot => "spot",
            RequiredMode::Committed => "reserved",
            RequiredMode::Subscription => "monthly",
        }
    }

    /// The requirement with this slug.
    pub fn from_slug(s: &str) -> Option<RequiredMode> {
        RequiredMode::ALL.into_iter().find(|k| k.as_str() == s)
    }

    fn class(self) -> ModeClass {
        match self {
            RequiredMode::Spot => ModeClass::Spot,
            RequiredMode::Committed => ModeClass::Committed,
            RequiredMode::Subscription => ModeClass::Subscription,
        }
    }
}

/// One price of a row, normalized.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote<'a> {
    /// The catalog price (native currency, per instance).
    pub price: &'a Price,
    /// Price per GPU-hour in the display currency (for subscriptions: if used all period).
    pub per_gpu_hour: Money,
    /// Price per GB of GPU memory per hour in the display currency, when memory is known.
    pub per_gb_hour: Option<Money>,
    /// Days since the price's date, when known.
    pub age_days: Option<i64>,
    /// Older than the filter's threshold, or of unknown date.
    pub old: bool,
}

/// One offer as the browser shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogRow<'a> {
    /// The offer.
    pub offer: &'a Offer,
    /// Its provider.
    pub provider: &'a Provider,
    /// Its GPU model.
    pub gpu: &'a Gpu,
    /// GPU memory of the whole instance, GiB.
    pub instance_memory_gib: Option<Decimal>,
    /// Where the offer's regions are (of the regions in the filtered region and place):
    /// `CN`, `CN, HK`, with a marker when some region's place is unknown.
    pub places: RowPlaces,
    /// Cheapest on-demand price (in the filtered region).
    pub on_demand: Option<Quote<'a>>,
    /// Cheapest spot price.
    pub spot: Option<Quote<'a>>,
    /// Cheapest committed price per hour.
    pub committed: Option<Quote<'a>>,
    /// Cheapest subscription, per GPU-hour if used all period.
    pub subscription: Option<Quote<'a>>,
}

/// The countries of a row's regions, as ISO codes in order, and how many of its regions have
/// no known place.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RowPlaces {
    /// Distinct ISO country codes, sorted.
    pub countries: Vec<String>,
    /// Regions whose place the catalog does not know.
    pub unknown: usize,
}

/// Whether `price` of `offer` is in the filter's region and place.
fn in_scope(catalog: &Catalog, filter: &CatalogFilter, offer: &Offer, price: &Price) -> bool {
    filter.region.as_ref().is_none_or(|r| &price.region == r)
        && (filter.place == Geo::Anywhere
            || filter
                .place
                .contains(catalog.place(&offer.provider, &price.region))
                == Some(true))
}

fn row_places(catalog: &Catalog, filter: &CatalogFilter, offer: &Offer) -> RowPlaces {
    let mut countries = BTreeSet::new();
    let mut unknown = BTreeSet::new();
    for p in offer
        .prices
        .iter()
        .filter(|p| in_scope(catalog, filter, offer, p))
    {
        match catalog
            .place(&offer.provider, &p.region)
            .and_then(|pl| pl.country.as_ref())
        {
            Some(c) => {
                countries.insert(c.to_string());
            }
            None => {
                unknown.insert(&*p.region);
            }
        }
    }
    RowPlaces {
        countries: countries.into_iter().collect(),
        unknown: unknown.len(),
    }
}

/// Rows matching `filter`, sorted, with prices in `display`.
pub fn browse<'a>(
    catalog: &'a Catalog,
    filter: &CatalogFilter,
    fx: &FxTable,
    display: Currency,
    today: NaiveDate,
) -> Vec<CatalogRow<'a>> {
    let text = filter.text.trim().to_lowercase();
    let mut rows: Vec<CatalogRow<'a>> = catalog
        .offers
        .iter()
        .filter(|o| filter.gpus.is_empty() || filter.gpus.contains(&*o.gpu))
        .filter(|o| filter.providers.is_empty() || filter.providers.contains(&*o.provider))
        .filter_map(|o| {
            let provider = catalog.provider(&o.provider)?;
            let gpu = catalog.gpu(&o.gpu)?;
            Some((o, provider, gpu))
        })
        .filter(|(o, provider, gpu)| {
            text.is_empty()
                || o.instance.to_lowercase().contains(&text)
                || provider.name.to_lowercase().contains(&text)
                || provider.name_zh.contains(&text)
                || gpu.name.to_lowercase().contains(&text)
        })
        .filter(|(o, _, _)| match filter.min_memory_gib {
            Some(min) => o.gpu_memory_gib.is_some_and(|m| m >= Decimal::from(min)),
            None => true,
        })
        .filter(|(o, _, _)| {
            filter
                .min_gpus_per_machine
                .is_none_or(|n| o.gpus >= Decimal::from(n))
        })
        .filter(|(o, _, _)| {
            (filter.region.is_none() && filter.place == Geo::Anywhere)
                || o.prices.iter().any(|p| in_scope(catalog, filter, o, p))
        })
        .filter(|(o, _, _)| {
            filter.require.iter().all(|req| {
                o.prices
                    .iter()
                    .any(|p| p.mode.class() == req.class() && in_scope(catalog, filter, o, p))
            })
        })
        .map(|(offer, provider, gpu)| {
            let instance_memory_gib = offer.gpu_memory_gib.map(|m| m * offer.gpus);
            let quote = |class: ModeClass| {
                let scope = QuoteScope {
                    catalog,
                    filter,
                    fx,
                    display,
                    today,
                };
                cheapest_quote(&scope, offer, class, instance_memory_gib)
            };
            CatalogRow {
                offer,
                provider,
                gpu,
                instance_memory_gib,
                places: row_places(catalog, filter, offer),
                on_demand: quote(ModeClass::OnDemand),
                spot: quote(ModeClass::Spot),
                committed: quote(ModeClass::Committed),
                subscription: quote(ModeClass::Subscription),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        let (ka, kb) = (sort_value(a, filter.sort), sort_value(b, filter.sort));
        // Rows without a value for the key always go last, whatever the direction.
        let by_key = match (ka, kb) {
            (Some(x), Some(y)) => match filter.order {
                SortOrder::Ascending => x.cmp(&y),
                SortOrder::Descending => y.cmp(&x),
            },
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        };
        by_key.then_with(|| a.offer.id.cmp(&b.offer.id))
    });
    rows
}

fn sort_value(row: &CatalogRow, key: SortKey) -> Option<Decimal> {
    match key {
        SortKey::OnDemandPerGpu => row.on_demand.as_ref().map(|q| q.per_gpu_hour.amount),
        SortKey::SpotPerGpu => row.spot.as_ref().map(|q| q.per_gpu_hour.amount),
        SortKey::OnDemandPerGb => row
            .on_demand
            .as_ref()
            .and_then(|q| q.per_gb_hour)
            .map(|m| m.amount),
        SortKey::SpotPerGb => row
            .spot
            .as_ref()
            .and_then(|q| q.per_gb_hour)
            .map(|m| m.amount),
        SortKey::Memory => row.instance_memory_gib,
    }
}

/// The price's cost per hour of the whole instance, in its own currency.
pub fn hourly_amount(price: &Price) -> Money {
    let amount = match price.mode {
        BillingMode::Subscription(period) => price.amount / period.hours(),
        _ => price.amount,
    };
    Money::new(amount, price.currency)
}

/// What every quote of a browse is priced with.
struct QuoteScope<'s> {
    catalog: &'s Catalog,
    filter: &'s CatalogFilter,
    fx: &'s FxTable,
    display: Currency,
    today: NaiveDate,
}

fn cheapest_quote<'a>(
    scope: &QuoteScope,
    offer: &'a Offer,
    class: ModeClass,
    instance_memory_gib: Option<Decimal>,
) -> Option<Quote<'a>> {
    let QuoteScope {
        catalog,
        filter,
        fx,
        display,
        today,
    } = *scope;
    let price = offer
        .prices
        .iter()
        .filter(|p| p.mode.class() == class)
        .filter(|p| in_scope(catalog, filter, offer, p))
        .min_by_key(|p| fx.convert(hourly_amount(p), display).amount)?;
    let hourly = fx.convert(hourly_amount(price), display);
    let per_gpu_hour = Money::new(hourly.amount / offer.gpus, display);
    let per_gb_hour = instance_memory_gib
        .filter(|m| !m.is_zero())
        .map(|m| Money::new(hourly.amount / m, display));
    let age_days = price.as_of.age_days(today);
    Some(Quote {
        price,
        per_gpu_hour,
        per_gb_hour,
        age_days,
        old: age_days.is_none_or(|d| d > i64::from(filter.stale_after_days)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 29).unwrap()
    }

    fn run(filter: &CatalogFilter) -> Vec<CatalogRow<'static>> {
        let c = &embedded().catalog;
        browse(c, filter, &FxTable::from_catalog(c), Currency::Usd, today())
    }

    #[test]
    fn no_filter_shows_every_offer_sorted_by_on_demand_per_gpu() {
        let rows = run(&CatalogFilter::default());
        assert_eq!(rows.len(), embedded().catalog.offers.len());
        let values: Vec<Decimal> = rows
            .iter()
            .filter_map(|r| r.on_demand.as_ref().map(|q| q.per_gpu_hour.amount))
            .collect();
        assert!(values.windows(2).all(|w| w[0] <= w[1]), "not ascending");
    }

    #[test]
    fn gpu_filter_keeps_only_that_model() {
        let filter = CatalogFilter {
            gpus: ["T4".to_string()].into(),
            ..CatalogFilter::default()
        };
        let rows = run(&filter);
        assert!(!rows.is_empty());
        assert!(rows.iter().all(|r| r.offer.gpu == "T4"));
    }

    #[test]
    fn requiring_spot_and_a_region_uses_that_regions_prices() {
        let filter = CatalogFilter {
            region: Some("us-central1".into()),
            require: [RequiredMode::Spot].into(),
            ..CatalogFilter::default()
        };
        let rows = run(&filter);
        assert!(!rows.is_empty());
        for r in rows {
            assert_eq!(r.spot.as_ref().unwrap().price.region, "us-central1");
            assert_eq!(r.on_demand.as_ref().unwrap().price.region, "us-central1");
        }
    }

    #[test]
    fn per_gpu_price_divides_by_gpu_count() {
        let rows = run(&CatalogFilter {
            text: "p4d.24xlarge".into(),
            ..CatalogFilter::default()
        });
        let row = rows
            .iter()
            .find(|r| r.offer.id == "aws/p4d.24xlarge")
            .unwrap();
        let q = row.on_demand.as_ref().unwrap();
        assert_eq!(q.per_gpu_hour.amount * Decimal::from(8), q.price.amount);
        assert_eq!(row.instance_memory_gib, Some(Decimal::from(320)));
    }

    #[test]
    fn min_memory_and_descending_memory_sort() {
        let rows = run(&CatalogFilter {
            min_memory_gib: Some(80),
            sort: SortKey::Memory,
            order: SortOrder::Descending,
            ..CatalogFilter::default()
        });
        assert!(rows
            .iter()
            .all(|r| r.offer.gpu_memory_gib.unwrap() >= Decimal::from(80)));
        let mem: Vec<Decimal> = rows.iter().filter_map(|r| r.instance_memory_gib).collect();
        assert!(mem.windows(2).all(|w| w[0] >= w[1]));
    }

    #[test]
    fn old_prices_are_marked() {
        let rows = run(&CatalogFilter {
            providers: ["featurize".to_string()].into(),
            ..CatalogFilter::default()
        });
        assert!(
            rows.iter().all(|r| r.on_demand.as_ref().unwrap().old),
            "2021 prices are old"
        );
    }
}
