//! Azure Retail Prices API (no credentials): `GET /api/retail/prices?$filter=…` returns
//! `Items` (each with `armSkuName`, `armRegionName`, `retailPrice`, `unitOfMeasure`, `type`,
//! `meterName`, `productName`, `effectiveStartDate`, `currencyCode`) and a `NextPageLink` to
//! the next page (empty or absent on the last), as Microsoft's "Azure Retail Prices overview"
//! documents them. Linux consumption meters only: `… Spot` meters are spot prices, `… Low
//! Priority` meters and Windows products are left out. Fields not named here are ignored.

use std::collections::BTreeSet;

use gpucost_core::catalog::Catalog;
use serde::Deserialize;

use super::{
    date, price, Fetch, RefreshError, RefreshMode, RefreshRow, Refreshed, Skipped, MAX_PAGES,
};

/// The first page: virtual machine consumption prices in USD.
pub const FIRST_PAGE: &str = "https://prices.azure.com/api/retail/prices?$filter=serviceName eq 'Virtual Machines' and priceType eq 'Consumption'";

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Page {
    items: Vec<Item>,
    next_page_link: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Item {
    currency_code: String,
    retail_price: f64,
    arm_region_name: String,
    arm_sku_name: String,
    meter_name: String,
    product_name: String,
    unit_of_measure: String,
    effective_start_date: String,
    #[serde(rename = "type")]
    kind: String,
}

/// Consumption prices of the GPU sizes the catalog knows, in its Azure regions.
pub(super) fn refresh(fetch: &dyn Fetch, catalog: &Catalog) -> Result<Refreshed, RefreshError> {
    let wanted = super::catalog_regions(catalog, "azure");
    let (mut out, mut unknown) = (Refreshed::default(), BTreeSet::new());
    let mut read = BTreeSet::new();
    let mut next = Some(FIRST_PAGE.to_string());
    while let Some(url) = next.take() {
        if read.len() >= MAX_PAGES || !read.insert(url.clone()) {
            return Err(RefreshError::Paging { url });
        }
        let page: Page =
            serde_json::from_str(&fetch.get(&url)?).map_err(|e| RefreshError::Format {
                url: url.clone(),
                message: e.to_string(),
            })?;
        for item in &page.items {
            read_item(catalog, &wanted, &url, item, &mut out, &mut unknown)?;
        }
        next = page.next_page_link.filter(|l| !l.trim().is_empty());
    }
    Ok(out)
}

fn read_item(
    catalog: &Catalog,
    wanted: &BTreeSet<&str>,
    url: &str,
    item: &Item,
    out: &mut Refreshed,
    unknown: &mut BTreeSet<String>,
) -> Result<(), RefreshError> {
    if item.kind != "Consumption"
        || item.currency_code != "USD"
        || item.product_name.contains("Windows")
        || item.meter_name.contains("Low Priority")
        || !wanted.contains(item.arm_region_name.as_str())
    {
        return Ok(());
    }
    let sku = &item.arm_sku_name;
    if catalog.offer(&format!("azure/{sku}")).is_none() {
        // N-series sizes are Azure's GPU virtual machines.
        if sku.starts_with("Standard_N") && unknown.insert(sku.clone()) {
            out.skipped.push(Skipped::UnknownGpu {
                provider: "azure".into(),
                instance: sku.clone(),
            });
        }
        return Ok(());
    }
    if item.unit_of_measure != "1 Hour" {
        out.skipped.push(Skipped::ChangedUnit {
            provider: "azure".into(),
            instance: sku.clone(),
            unit: item.unit_of_measure.clone(),
        });
        return Ok(());
    }
    // The API gives retailPrice as a JSON number; its shortest decimal spelling is the price.
    let amount = price(url, &item.retail_price.to_string())?;
    out.rows.push(RefreshRow {
        provider: "azure".into(),
        instance: sku.clone(),
        region: item.arm_region_name.clone(),
        mode: if item.meter_name.ends_with("Spot") {
            RefreshMode::Spot
        } else {
            RefreshMode::OnDemand
        },
        amount,
        as_of: date(url, &item.effective_start_date)?,
        source: url.to_string(),
    });
    Ok(())
}
