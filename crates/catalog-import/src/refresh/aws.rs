//! AWS Price List Bulk API, EC2 (no credentials): the region index
//! (`/offers/v1.0/aws/AmazonEC2/current/region_index.json`, one `currentVersionUrl` per
//! region), then each region's offer file: `products` (SKU → `productFamily`, `attributes`
//! such as `instanceType`, `operatingSystem`, `tenancy`, `preInstalledSw`, `capacitystatus`,
//! `gpu`) and `terms.OnDemand` / `terms.Reserved` (SKU → offer term → `priceDimensions` with
//! `unit` and `pricePerUnit.USD`; a reserved term's `termAttributes` give
//! `LeaseContractLength`, `OfferingClass` and `PurchaseOption`), as "Reading the service price
//! list file for an AWS service" documents them
//! (<https://docs.aws.amazon.com/awsaccountbilling/latest/aboutv2/reading-service-price-list-file-for-services.html>).
//!
//! A region's offer file is large (gigabytes for the big regions), so it is parsed as it
//! streams: only the products of GPU instance types (Linux, shared tenancy, no pre-installed
//! software, capacity in use) and their terms are kept; everything else, fields not named
//! here included, is skipped unread into memory. `products` must come before `terms`, as in
//! every published file. Only the regions the catalog prices AWS in are read.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use gpucost_core::billing_mode::{BillingMode, Commitment, CommitmentKind, Payment, Term as Lease};
use gpucost_core::catalog::Catalog;
use gpucost_core::money::Currency;
use rust_decimal::Decimal;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;

use super::{
    bounded, date, effective_hourly, format_error, get_json, price, Fetch, RefreshError,
    RefreshRow, Refreshed, Skipped,
};

/// The Price List Bulk API's host.
pub const HOST: &str = "https://pricing.us-east-1.amazonaws.com";
/// The EC2 region index.
pub const REGION_INDEX: &str = "/offers/v1.0/aws/AmazonEC2/current/region_index.json";
/// The region index is a few kilobytes.
pub const INDEX_LIMIT: u64 = 4 << 20;
/// A region's EC2 offer file: the largest were several gigabytes in 2026; parsing keeps only
/// GPU products, so memory stays small whatever the size.
pub const OFFER_LIMIT: u64 = 32 << 30;

#[derive(Deserialize)]
struct RegionIndex {
    regions: BTreeMap<String, RegionEntry>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RegionEntry {
    current_version_url: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Product {
    product_family: Option<String>,
    #[serde(default)]
    attributes: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Term {
    price_dimensions: BTreeMap<String, Dimension>,
    #[serde(default)]
    term_attributes: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Dimension {
    unit: String,
    price_per_unit: BTreeMap<String, String>,
}

/// What one region's offer file gave.
#[derive(Default)]
struct Parsed {
    publication_date: Option<String>,
    /// SKU → instance type, for the instance types the catalog knows.
    products: BTreeMap<String, String>,
    /// GPU instance types the catalog does not know.
    unknown: BTreeSet<String>,
    on_demand: Vec<(String, Term)>,
    reserved: Vec<(String, Term)>,
}

/// Linux, shared tenancy, no pre-installed software, capacity in use: the catalog's price.
fn is_plain_linux(a: &BTreeMap<String, String>) -> bool {
    let is = |k: &str, v: &str| a.get(k).is_some_and(|x| x == v);
    is("operatingSystem", "Linux")
        && is("tenancy", "Shared")
        && is("preInstalledSw", "NA")
        && is("capacitystatus", "Used")
}

struct FileSeed<'c> {
    catalog: &'c Catalog,
}

impl<'de> DeserializeSeed<'de> for FileSeed<'_> {
    type Value = Parsed;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Parsed, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for FileSeed<'_> {
    type Value = Parsed;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an EC2 offer file (a JSON object)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parsed, A::Error> {
        let mut p = Parsed::default();
        let mut products = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "publicationDate" => p.publication_date = Some(map.next_value()?),
                "products" => {
                    map.next_value_seed(ProductsSeed {
                        catalog: self.catalog,
                        out: &mut p,
                    })?;
                    products = true;
                }
                "terms" if !products => {
                    return Err(de::Error::custom(
                        "`terms` before `products` (the documented order is products, then terms)",
                    ))
                }
                "terms" => map.next_value_seed(TermsSeed { out: &mut p })?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !products {
            return Err(de::Error::missing_field("products"));
        }
        Ok(p)
    }
}

struct ProductsSeed<'a, 'c> {
    catalog: &'c Catalog,
    out: &'a mut Parsed,
}

impl<'de> DeserializeSeed<'de> for ProductsSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ProductsSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map of SKU to product")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some((sku, product)) = map.next_entry::<String, Product>()? {
            let a = &product.attributes;
            // "Compute Instance" and "Compute Instance (bare metal)" (`g4dn.metal`).
            let family = product.product_family.as_deref().unwrap_or("");
            if !family.starts_with("Compute Instance") || !is_plain_linux(a) {
                continue;
            }
            let Some(instance) = a.get("instanceType") else {
                continue;
            };
            if self.catalog.offer(&format!("aws/{instance}")).is_some() {
                self.out.products.insert(sku, instance.clone());
            } else if a.get("gpu").is_some_and(|g| !g.is_empty() && g != "0") {
                self.out.unknown.insert(instance.clone());
            }
        }
        Ok(())
    }
}

struct TermsSeed<'a> {
    out: &'a mut Parsed,
}

impl<'de> DeserializeSeed<'de> for TermsSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for TermsSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map of term type to terms")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(kind) = map.next_key::<String>()? {
            let reserved = match kind.as_str() {
                "OnDemand" => false,
                "Reserved" => true,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    continue;
                }
            };
            let mut terms = Vec::new();
            map.next_value_seed(SkuTermsSeed {
                products: &self.out.products,
                out: &mut terms,
            })?;
            if reserved {
                self.out.reserved.extend(terms);
            } else {
                self.out.on_demand.extend(terms);
            }
        }
        Ok(())
    }
}

struct SkuTermsSeed<'a> {
    products: &'a BTreeMap<String, String>,
    out: &'a mut Vec<(String, Term)>,
}

impl<'de> DeserializeSeed<'de> for SkuTermsSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for SkuTermsSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map of SKU to offer terms")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(sku) = map.next_key::<String>()? {
            if self.products.contains_key(&sku) {
                let terms: BTreeMap<String, Term> = map.next_value()?;
                self.out
                    .extend(terms.into_values().map(|t| (sku.clone(), t)));
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// A reserved term's commitment from its `termAttributes`, or what was found instead.
fn commitment(a: &BTreeMap<String, String>) -> Result<Commitment, String> {
    let get = |k: &str| a.get(k).map(String::as_str).unwrap_or("");
    let (lease, class, option) = (
        get("LeaseContractLength"),
        get("OfferingClass"),
        get("PurchaseOption"),
    );
    let found = || format!("{lease} {class} {option}");
    let term = match lease {
        "1yr" => Lease::Year1,
        "3yr" => Lease::Year3,
        _ => return Err(found()),
    };
    let kind = match class {
        "standard" => CommitmentKind::ReservedStandard,
        "convertible" => CommitmentKind::ReservedConvertible,
        _ => return Err(found()),
    };
    let payment = match option {
        "No Upfront" => Payment::NoUpfront,
        "Partial Upfront" => Payment::PartialUpfront,
        "All Upfront" => Payment::AllUpfront,
        _ => return Err(found()),
    };
    Ok(Commitment {
        kind,
        term,
        payment,
    })
}

/// On-demand and reserved prices of the GPU instance types the catalog knows, in its AWS
/// regions.
pub(super) fn refresh(fetch: &dyn Fetch, catalog: &Catalog) -> Result<Refreshed, RefreshError> {
    let index_url = format!("{HOST}{REGION_INDEX}");
    let index: RegionIndex = get_json(fetch, &index_url, &[], INDEX_LIMIT)?;
    let wanted = super::catalog_regions(catalog, "aws");
    let (mut out, mut unknown) = (Refreshed::default(), BTreeSet::new());
    let regions: Vec<_> = index
        .regions
        .iter()
        .filter(|(r, _)| wanted.contains(r.as_str()))
        .collect();
    if regions.len() > super::MAX_PAGES {
        return Err(RefreshError::Paging { url: index_url });
    }
    for (region, entry) in regions {
        let path = &entry.current_version_url;
        if !path.starts_with("/offers/") || path.contains("..") {
            return Err(format_error(
                &index_url,
                format!("{path:?} is not an offer file path on {HOST}"),
            ));
        }
        let url = format!("{HOST}{path}");
        let reader = std::io::BufReader::new(bounded(fetch.open(&url, &[])?, OFFER_LIMIT));
        let mut de = serde_json::Deserializer::from_reader(reader);
        let parsed = FileSeed { catalog }
            .deserialize(&mut de)
            .and_then(|p| de.end().map(|()| p))
            .map_err(|e| format_error(&url, e))?;
        let as_of = date(
            &url,
            parsed
                .publication_date
                .as_deref()
                .ok_or_else(|| format_error(&url, "no publicationDate"))?,
        )?;
        for instance in &parsed.unknown {
            if unknown.insert(instance.clone()) {
                out.skipped.push(Skipped::UnknownGpu {
                    provider: "aws".into(),
                    instance: instance.clone(),
                });
            }
        }
        let row = |instance: &str, mode, amount, note: String| RefreshRow {
            provider: "aws".into(),
            instance: instance.to_string(),
            region: region.clone(),
            mode,
            amount,
            currency: Currency::Usd,
            as_of,
            source: url.clone(),
            note,
        };
        let changed = |instance: &str, unit: &str| Skipped::ChangedUnit {
            provider: "aws".into(),
            instance: instance.to_string(),
            unit: unit.to_string(),
        };
        for (sku, term) in &parsed.on_demand {
            let instance = &parsed.products[sku];
            for d in term.price_dimensions.values() {
                if d.unit != "Hrs" {
                    out.skipped.push(changed(instance, &d.unit));
                    continue;
                }
                let Some(usd) = d.price_per_unit.get("USD") else {
                    continue;
                };
                let amount = price(&url, usd)?;
                out.rows
                    .push(row(instance, BillingMode::OnDemand, amount, String::new()));
            }
        }
        for (sku, term) in &parsed.reserved {
            let instance = &parsed.products[sku];
            let c = match commitment(&term.term_attributes) {
                Ok(c) => c,
                Err(found) => {
                    out.skipped.push(Skipped::UnknownTerm {
                        provider: "aws".into(),
                        instance: instance.clone(),
                        term: found,
                    });
                    continue;
                }
            };
            let (mut hourly, mut upfront, mut bad) = (Decimal::ZERO, Decimal::ZERO, None);
            for d in term.price_dimensions.values() {
                let usd = d
                    .price_per_unit
                    .get("USD")
                    .map(String::as_str)
                    .unwrap_or("0");
                match d.unit.as_str() {
                    "Hrs" => hourly += price(&url, usd)?,
                    "Quantity" => upfront += price(&url, usd)?,
                    other => bad = Some(other.to_string()),
                }
            }
            if let Some(unit) = bad {
                out.skipped.push(changed(instance, &unit));
                continue;
            }
            let amount = effective_hourly(hourly, upfront, c.term.hours());
            let note = if upfront.is_zero() {
                String::new()
            } else {
                format!(
                    "effective hourly: {} per hour + {} upfront over {} h",
                    hourly.normalize(),
                    upfront.normalize(),
                    c.term.hours()
                )
            };
            out.rows
                .push(row(instance, BillingMode::Committed(c), amount, note));
        }
    }
    Ok(out)
}
