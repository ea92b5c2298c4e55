//! The user's own quotes, ranked beside the catalog's offers.
//!
//! A quote ([`CustomPrice`]) is an amount per GPU-hour, or per GPU per subscription period,
//! from a catalog provider or a seller the user names. The comparison rents any number of its
//! GPUs at that price; it says nothing of machines, hosts, regions or interconnect. So the
//! recommendation takes the least it can: a replica of N GPUs is costed as N GPUs at the
//! quoted price, rented together as one machine of N GPUs — or, above
//! [`super::cost::QUOTE_MACHINE_GPUS`], as machines of that many, the way a replica spans the
//! catalog's 8-GPU servers — the [`super::Assumption::QuoteMachine`] every card with a quote
//! states. Nothing else is assumed: no date (it is the user's quote), no source beyond the
//! user, no place (the place and host floor filter catalog regions and hosts, which a quote
//! does not have). A quote without an amount prices nothing, as in the comparison; a quote
//! for a GPU without a datasheet row cannot be sized and is listed with that reason.

use std::borrow::Cow;

use rust_decimal::Decimal;

use crate::billing_mode::BillingMode;
use crate::catalog::{AsOf, Catalog, Offer, Price, PriceBasis};
use crate::quote::{CustomMode, CustomPrice, PriceOwner, QUOTE_REGION, USER_SOURCE};

/// Why a quote is not ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteExclusion {
    /// The catalog has no datasheet row for its GPU, so the work cannot be sized on it.
    NoDatasheet,
}

/// A quote the recommendation could not rank, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuoteExcluded {
    /// Whose quote.
    pub owner: PriceOwner,
    /// The GPU it prices.
    pub gpu: String,
    /// Why it is not ranked.
    pub reason: QuoteExclusion,
}

/// The quotes a recommendation ranks with: those with an amount, in the scenario's order.
/// Two scenarios with the same priced quotes get the same recommendation.
pub fn priced(prices: &[CustomPrice]) -> Vec<CustomPrice> {
    prices
        .iter()
        .filter(|c| c.amount.is_some())
        .cloned()
        .collect()
}

/// The offers the quotes stand for: one per seller and GPU, of one GPU, with a price per
/// quoted mode; and the quotes that cannot be ranked.
pub(crate) fn offers(
    catalog: &Catalog,
    quotes: &[CustomPrice],
) -> (Vec<Offer>, Vec<QuoteExcluded>) {
    let mut out: Vec<Offer> = Vec::new();
    let mut excluded: Vec<QuoteExcluded> = Vec::new();
    for q in quotes {
        let Some(amount) = q.amount else { continue };
        let has_datasheet = catalog
            .gpu(&q.gpu)
            .and_then(|g| g.spec.as_deref())
            .is_some_and(|sku| catalog.specs.iter().any(|s| s.model == sku));
        if !has_datasheet {
            let e = QuoteExcluded {
                owner: q.owner.clone(),
                gpu: q.gpu.clone(),
                reason: QuoteExclusion::NoDatasheet,
            };
            if !excluded.contains(&e) {
                excluded.push(e);
            }
            continue;
        }
        let owner = q.owner.id();
        let price = Price {
            mode: match q.mode {
                CustomMode::OnDemand => BillingMode::OnDemand,
                CustomMode::Spot => BillingMode::Spot,
                CustomMode::Subscription(p) => BillingMode::Subscription(p),
            },
            region: Cow::Borrowed(QUOTE_REGION),
            amount,
            currency: q.currency,
            source: Cow::Borrowed(USER_SOURCE),
            as_of: AsOf::Unknown,
        };
        match out
            .iter_mut()
            .find(|o| o.provider == owner && o.gpu == q.gpu)
        {
            Some(o) => o.prices.to_mut().push(price),
            None => out.push(Offer {
                id: Cow::Owned(format!("{owner}/{}", q.gpu)),
                provider: Cow::Owned(owner),
                instance: Cow::Owned(q.gpu.clone()),
                gpu: Cow::Owned(q.gpu.clone()),
                variant: Cow::Owned(q.gpu.clone()),
                gpus: Decimal::ONE,
                gpu_memory_gib: None,
                vcpus: None,
                ram_gib: None,
                basis: PriceBasis::PerGpu,
                spec: None,
                flags: Cow::Borrowed(&[]),
                prices: Cow::Owned(vec![price]),
            }),
        }
    }
    (out, excluded)
}

/// The seller's name as the user wrote it (`custom:<name>` → `<name>`), or the id.
pub(crate) fn seller_name(id: &str) -> &str {
    id.strip_prefix("custom:").unwrap_or(id)
}
