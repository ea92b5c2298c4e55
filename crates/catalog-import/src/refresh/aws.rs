//! AWS Price List Bulk API, EC2 (no credentials): the region index
//! (`/offers/v1.0/aws/AmazonEC2/current/region_index.json`, one `currentVersionUrl` per
//! region), then each region's offer file: `products` (SKU → `productFamily`, `attributes`
//! such as `instanceType`, `operatingSystem`, `tenancy`, `preInstalledSw`, `capacitystatus`,
//! `gpu`) and `terms.OnDemand` (SKU → offer term → `priceDimensions` with `unit` and
//! `pricePerUnit.USD`), as "Reading the service price list file for an AWS service" documents
//! them. Only the regions the catalog prices AWS in are read; fields not named here are ignored.

use std::collections::{BTreeMap, BTreeSet};

use gpucost_core::catalog::Catalog;
use serde::Deserialize;

use super::{date, price, Fetch, RefreshError, RefreshMode, RefreshRow, Refreshed, Skipped};

/// The Price List Bulk API's host.
pub const HOST: &str = "https://pricing.us-east-1.amazonaws.com";
/// The EC2 region index.
pub const REGION_INDEX: &str = "/offers/v1.0/aws/AmazonEC2/current/region_index.json";

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
struct OfferFile {
    publication_date: String,
    products: BTreeMap<String, Product>,
    terms: Terms,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Product {
    product_family: Option<String>,
    #[serde(default)]
    attributes: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct Terms {
    #[serde(rename = "OnDemand", default)]
    on_demand: BTreeMap<String, BTreeMap<String, Term>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Term {
    price_dimensions: BTreeMap<String, Dimension>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Dimension {
    unit: String,
    price_per_unit: BTreeMap<String, String>,
}

fn parse<'a, T: Deserialize<'a>>(url: &str, text: &'a str) -> Result<T, RefreshError> {
    serde_json::from_str(text).map_err(|e| RefreshError::Format {
        url: url.to_string(),
        message: e.to_string(),
    })
}

/// Linux, shared tenancy, no pre-installed software, capacity in use: the catalog's price.
fn is_plain_linux(a: &BTreeMap<String, String>) -> bool {
    let is = |k: &str, v: &str| a.get(k).is_some_and(|x| x == v);
    is("operatingSystem", "Linux")
        && is("tenancy", "Shared")
        && is("preInstalledSw", "NA")
        && is("capacitystatus", "Used")
}

/// On-demand prices of the GPU instance types the catalog knows, in its AWS regions.
pub(super) fn refresh(fetch: &dyn Fetch, catalog: &Catalog) -> Result<Refreshed, RefreshError> {
    let index_url = format!("{HOST}{REGION_INDEX}");
    let index: RegionIndex = parse(&index_url, &fetch.get(&index_url)?)?;
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
        let url = format!("{HOST}{}", entry.current_version_url);
        let file: OfferFile = parse(&url, &fetch.get(&url)?)?;
        let as_of = date(&url, &file.publication_date)?;
        for (sku, product) in &file.products {
            let a = &product.attributes;
            if product.product_family.as_deref() != Some("Compute Instance") || !is_plain_linux(a) {
                continue;
            }
            let Some(instance) = a.get("instanceType") else {
                continue;
            };
            let has_gpu = a.get("gpu").is_some_and(|g| !g.is_empty() && g != "0");
            if catalog.offer(&format!("aws/{instance}")).is_none() {
                if has_gpu && unknown.insert(instance.clone()) {
                    out.skipped.push(Skipped::UnknownGpu {
                        provider: "aws".into(),
                        instance: instance.clone(),
                    });
                }
                continue;
            }
            let dims = file
                .terms
                .on_demand
                .get(sku)
                .into_iter()
                .flat_map(|terms| terms.values())
                .flat_map(|t| t.price_dimensions.values());
            for d in dims {
                if d.unit != "Hrs" {
                    out.skipped.push(Skipped::ChangedUnit {
                        provider: "aws".into(),
                        instance: instance.clone(),
                        unit: d.unit.clone(),
                    });
                    continue;
                }
                let Some(usd) = d.price_per_unit.get("USD") else {
                    continue;
                };
                out.rows.push(RefreshRow {
                    provider: "aws".into(),
                    instance: instance.clone(),
                    region: region.clone(),
                    mode: RefreshMode::OnDemand,
                    amount: price(&url, usd)?,
                    as_of,
                    source: url.clone(),
                });
            }
        }
    }
    Ok(out)
}
