//! Azure Retail Prices API (no credentials): `GET /api/retail/prices?$filter=…` returns
//! `Items` (each with `armSkuName`, `armRegionName`, `retailPrice`, `unitOfMeasure`, `type`,
//! `reservationTerm`, `meterName`, `productName`, `effectiveStartDate`, `currencyCode`) and a
//! `NextPageLink` to the next page (empty or absent on the last), as Microsoft's "Azure Retail
//! Prices overview" documents them
//! (<https://learn.microsoft.com/rest/api/cost-management/retail-prices/azure-retail-prices>).
//!
//! Two queries, each followed page by page: consumption prices (Linux only: `… Spot` meters
//! are spot prices; `… Low Priority` meters and Windows products are left out) and
//! reservation prices, whose `retailPrice` is the price of the whole `reservationTerm`
//! ("1 Year", "3 Years"), read as an effective hourly rate over the term's hours. Fields not
//! named here are ignored.

use std::collections::BTreeSet;

use gpucost_core::billing_mode::{BillingMode, Commitment, CommitmentKind, Payment, Term};
use gpucost_core::catalog::Catalog;
use gpucost_core::money::Currency;
use serde::Deserialize;

use super::{
    date, effective_hourly, get_json, price, Fetch, RefreshError, RefreshRow, Refreshed, Skipped,
    MAX_PAGES,
};

/// The consumption (pay-as-you-go and spot) prices of virtual machines, in USD.
pub const CONSUMPTION: &str = "https://prices.azure.com/api/retail/prices?$filter=serviceName eq 'Virtual Machines' and priceType eq 'Consumption'";
/// The reservation prices of virtual machines, in USD.
pub const RESERVATION: &str = "https://prices.azure.com/api/retail/prices?$filter=serviceName eq 'Virtual Machines' and priceType eq 'Reservation'";
/// One page holds at most a thousand items: a few hundred kilobytes.
pub const PAGE_LIMIT: u64 = 16 << 20;

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
    #[serde(default)]
    reservation_term: Option<String>,
}

/// Consumption and reservation prices of the GPU sizes the catalog knows, in its Azure
/// regions.
pub(super) fn refresh(fetch: &dyn Fetch, catalog: &Catalog) -> Result<Refreshed, RefreshError> {
    let wanted = super::catalog_regions(catalog, "azure");
    let (mut out, mut unknown) = (Refreshed::default(), BTreeSet::new());
    let mut read = BTreeSet::new();
    for query in [(CONSUMPTION, "Consumption"), (RESERVATION, "Reservation")] {
        let first = query.0;
        let mut next = Some(first.to_string());
        while let Some(url) = next.take() {
            if !url.starts_with("https://prices.azure.com/") {
                return Err(super::format_error(
                    &url,
                    "a NextPageLink away from prices.azure.com",
                ));
            }
            if read.len() >= MAX_PAGES || !read.insert(url.clone()) {
                return Err(RefreshError::Paging { url });
            }
            let page: Page = get_json(fetch, &url, &[], PAGE_LIMIT)?;
            for item in &page.items {
                read_item(catalog, &wanted, query, &url, item, &mut out, &mut unknown)?;
            }
            next = page.next_page_link.filter(|l| !l.trim().is_empty());
        }
    }
    Ok(out)
}

fn read_item(
    catalog: &Catalog,
    wanted: &BTreeSet<&str>,
    (query, kind): (&str, &str),
    url: &str,
    item: &Item,
    out: &mut Refreshed,
    unknown: &mut BTreeSet<String>,
) -> Result<(), RefreshError> {
    // Each query reads its own price type (a DevTest or other type is not a list price).
    if item.kind != kind
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
    let (mode, amount, note) = if item.kind == "Reservation" {
        let term = match item.reservation_term.as_deref() {
            Some("1 Year") => Term::Year1,
            Some("3 Years") => Term::Year3,
            other => {
                out.skipped.push(Skipped::UnknownTerm {
                    provider: "azure".into(),
                    instance: sku.clone(),
                    term: other.unwrap_or("none").to_string(),
                });
                return Ok(());
            }
        };
        // A reservation is paid for the whole term (up front, or monthly at the same total):
        // the catalog's all-upfront reserved instance, at its effective hourly rate.
        let mode = BillingMode::Committed(Commitment {
            kind: CommitmentKind::ReservedStandard,
            term,
            payment: Payment::AllUpfront,
        });
        let note = format!("reservation: {amount} for the term over {} h", term.hours());
        (
            mode,
            effective_hourly(rust_decimal::Decimal::ZERO, amount, term.hours()),
            note,
        )
    } else if item.meter_name.ends_with("Spot") {
        (BillingMode::Spot, amount, String::new())
    } else {
        (BillingMode::OnDemand, amount, String::new())
    };
    out.rows.push(RefreshRow {
        provider: "azure".into(),
        instance: sku.clone(),
        region: item.arm_region_name.clone(),
        mode,
        amount,
        currency: Currency::Usd,
        as_of: date(url, &item.effective_start_date)?,
        // The query, not the page: a page link (`$skip=…`) is not a lasting address.
        source: query.to_string(),
        note,
    });
    Ok(())
}
