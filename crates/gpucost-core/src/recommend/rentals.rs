//! Where each candidate GPU can be rented, found once per recommendation.
//!
//! A recommendation ranks the same GPUs at up to three precisions (its own, and the others the
//! quantization rule compares), and the rules look at the top GPU's offers again. None of that
//! changes which offers rent a GPU, or which price of an offer is the cheapest per billing
//! class, so both are worked out here once, in one pass over the catalog.

use rust_decimal::prelude::ToPrimitive;

use crate::billing_mode::ModeClass;
use crate::browse::hourly_amount;
use crate::catalog::{Catalog, Offer, Price, PriceBasis, Provider};
use crate::fx::FxTable;
use crate::money::{Currency, Money};
use crate::placement::{Geo, Placement};

use super::candidates::{new_profile, resolve, GpuProfile};

/// The cheapest price of an offer in one billing class.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ClassPrice<'c> {
    /// The catalog price.
    pub price: &'c Price,
    /// One instance per hour in the display currency (subscriptions: period price ÷ hours).
    pub instance_per_hour: Money,
}

/// An offer that rents a candidate GPU.
#[derive(Debug, Clone)]
pub(crate) struct Rental<'c> {
    /// The offer.
    pub offer: &'c Offer,
    /// Its provider and the provider's position in the catalog, when the catalog lists it.
    pub provider: Option<(usize, &'c Provider)>,
    /// The cheapest price per billing class, in [`ModeClass::ALL`] order.
    pub cheapest: [Option<ClassPrice<'c>>; ModeClass::ALL.len()],
    /// GPUs per instance as an `f64` for the throughput arithmetic, when positive; converted
    /// once, as every ranking sizes the work on every billing class of the offer.
    pub gpus_f64: Option<f64>,
    /// Whether the offer stands for the user's own quote (see [`super::quotes`]): priced per
    /// GPU, its machine as large as a replica.
    pub quote: bool,
}

/// Every candidate GPU with the offers that rent it, in catalog order.
pub(crate) struct Rentals<'c> {
    /// The catalog the offers come from (for their sources' titles).
    pub catalog: &'c Catalog,
    /// The candidate GPUs (see [`super::candidates::profiles`]).
    pub profiles: Vec<GpuProfile>,
    by_profile: Vec<Vec<Rental<'c>>>,
}

impl<'c> Rentals<'c> {
    /// Finds the rentals of every candidate GPU in `catalog`, priced in `display`.
    pub(crate) fn new(catalog: &'c Catalog, fx: &FxTable, display: Currency) -> Rentals<'c> {
        Rentals::placed(catalog, &[], &Placement::default(), fx, display)
    }

    /// Finds the rentals of every candidate GPU in `catalog` that `placement` admits: hosts at
    /// or above its floor, prices of regions in its place; and the user's `quotes` (see
    /// [`super::quotes::offers`]), which have no region or host for the placement to judge.
    /// A quoted GPU the catalog does not rent becomes a candidate of its own.
    pub(crate) fn placed(
        catalog: &'c Catalog,
        quotes: &'c [Offer],
        placement: &Placement,
        fx: &FxTable,
        display: Currency,
    ) -> Rentals<'c> {
        let (profiles, offer_profile) = resolve(catalog);
        let mut by_profile: Vec<Vec<Rental>> = vec![Vec::new(); profiles.len()];
        // Offers come grouped by provider, so the last provider found is usually the next.
        let mut last: Option<(&str, Option<usize>)> = None;
        for (offer, profile) in catalog.offers.iter().zip(offer_profile) {
            // `GpuProfile::rents`: this GPU and datasheet row, and a whole-instance price.
            let Some(i) = profile.filter(|_| offer.basis != PriceBasis::GpuComponent) else {
                continue;
            };
            if !placement.admits_offer(offer) {
                continue;
            }
            let cheapest = cheapest_per_class(catalog, placement, offer, fx, display);
            if cheapest.iter().all(Option::is_none) {
                continue;
            }
            let at = match last {
                Some((id, at)) if id == offer.provider => at,
                _ => {
                    let at = catalog
                        .providers
                        .iter()
                        .position(|p| p.id == offer.provider);
                    last = Some((offer.provider.as_ref(), at));
                    at
                }
            };
            by_profile[i].push(Rental {
                offer,
                provider: at.map(|p| (p, &catalog.providers[p])),
                cheapest,
                gpus_f64: offer.gpus.to_f64().filter(|k| *k > 0.0),
                quote: false,
            });
        }
        let (mut profiles, mut by_profile) = (profiles, by_profile);
        let mut added = false;
        for offer in quotes {
            // `quotes::offers` keeps only GPUs with a datasheet row: the default one.
            let Some(gpu) = catalog.gpu(&offer.gpu) else {
                continue;
            };
            let i = match profiles
                .iter()
                .position(|p| p.gpu == offer.gpu && p.default_form)
            {
                Some(i) => i,
                None => {
                    let Some(p) = gpu
                        .spec
                        .as_deref()
                        .and_then(|sku| new_profile(catalog, gpu, sku))
                    else {
                        continue;
                    };
                    profiles.push(p);
                    by_profile.push(Vec::new());
                    added = true;
                    profiles.len() - 1
                }
            };
            let cheapest = cheapest_per_class(catalog, &Placement::default(), offer, fx, display);
            by_profile[i].push(Rental {
                offer,
                provider: catalog
                    .providers
                    .iter()
                    .position(|p| p.id == offer.provider)
                    .map(|p| (p, &catalog.providers[p])),
                cheapest,
                gpus_f64: Some(1.0),
                quote: true,
            });
        }
        if added {
            // Candidates stay sorted by id, as `resolve` sorts them.
            let mut both: Vec<(GpuProfile, Vec<Rental>)> =
                profiles.into_iter().zip(by_profile).collect();
            both.sort_by(|(a, _), (b, _)| (&a.gpu, &a.sku).cmp(&(&b.gpu, &b.sku)));
            (profiles, by_profile) = both.into_iter().unzip();
        }
        Rentals {
            catalog,
            profiles,
            by_profile,
        }
    }

    /// The offers that rent `profiles[i]`, in catalog order.
    pub(crate) fn at(&self, i: usize) -> &[Rental<'c>] {
        &self.by_profile[i]
    }

    /// The offers that rent `profile`, in catalog order.
    pub(crate) fn of(&self, profile: &GpuProfile) -> &[Rental<'c>] {
        self.profiles
            .iter()
            .position(|p| p.gpu == profile.gpu && p.sku == profile.sku)
            .map(|i| self.by_profile[i].as_slice())
            .unwrap_or(&[])
    }
}

/// The cheapest price of `offer` in each billing class per instance-hour in `display` (the
/// first of equals, in catalog order), among the regions `placement` admits, in
/// [`ModeClass::ALL`] order; one pass over the prices.
fn cheapest_per_class<'c>(
    catalog: &Catalog,
    placement: &Placement,
    offer: &'c Offer,
    fx: &FxTable,
    display: Currency,
) -> [Option<ClassPrice<'c>>; ModeClass::ALL.len()] {
    let mut out: [Option<ClassPrice<'c>>; ModeClass::ALL.len()] = [None; ModeClass::ALL.len()];
    let anywhere = placement.geo == Geo::Anywhere;
    for price in offer.prices.iter() {
        if !anywhere && !placement.admits_region(catalog, &offer.provider, &price.region) {
            continue;
        }
        let class = price.mode.class();
        let Some(at) = ModeClass::ALL.iter().position(|c| *c == class) else {
            continue;
        };
        let candidate = ClassPrice {
            price,
            instance_per_hour: fx.convert(hourly_amount(price), display),
        };
        // Only a strictly cheaper price replaces the first one found.
        if out[at].is_none_or(|c| candidate.instance_per_hour.amount < c.instance_per_hour.amount) {
            out[at] = Some(candidate);
        }
    }
    out
}
