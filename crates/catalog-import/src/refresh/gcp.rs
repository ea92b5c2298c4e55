//! Google Cloud Billing Catalog API (an API key, `GCP_API_KEY`, sent in the `X-Goog-Api-Key`
//! header): `GET /v1/services/6F81-5844-456A/skus?currencyCode=USD` lists Compute Engine's
//! SKUs, each with `description`, `category` (`resourceGroup`, `usageType`), `pricingInfo`
//! (`effectiveTime`, `pricingExpression` with `usageUnit` and `tieredRates[].unitPrice` as
//! `units` + `nanos`), and a `nextPageToken` for the next page (empty on the last), as the
//! API reference documents them
//! (<https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/list>,
//! <https://cloud.google.com/billing/docs/reference/rest/v1/services.skus#Sku>).
//!
//! Only GPU SKUs (`resourceGroup` `GPU`) are read: the catalog's GPU component offers
//! (`gcp/GPU SKU: Nvidia L4 GPU`), priced per GPU-hour in the location the description names
//! ("… running in Americas"), on demand (`OnDemand`), spot (`Preemptible`) and as committed
//! use discounts (`Commit1Yr`, `Commit3Yr`), in the locations the catalog already prices. Fields
//! not named here are ignored.

use std::collections::BTreeSet;

use gpucost_core::billing_mode::{BillingMode, Commitment, CommitmentKind, Payment, Term};
use gpucost_core::catalog::Catalog;
use gpucost_core::money::Currency;
use rust_decimal::Decimal;
use serde::Deserialize;

use super::{date, format_error, get_json, Fetch, RefreshError, RefreshRow, Refreshed, Skipped};

/// Compute Engine's SKUs in USD, the most a page may hold.
pub const FIRST_PAGE: &str =
    "https://cloudbilling.googleapis.com/v1/services/6F81-5844-456A/skus?currencyCode=USD&pageSize=5000";
/// A page of 5,000 SKUs is a few megabytes.
pub const PAGE_LIMIT: u64 = 64 << 20;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Page {
    #[serde(default)]
    skus: Vec<Sku>,
    #[serde(default)]
    next_page_token: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Sku {
    description: String,
    category: Category,
    #[serde(default)]
    pricing_info: Vec<PricingInfo>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Category {
    #[serde(default)]
    resource_group: String,
    #[serde(default)]
    usage_type: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PricingInfo {
    effective_time: String,
    pricing_expression: Expression,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Expression {
    usage_unit: String,
    #[serde(default)]
    tiered_rates: Vec<Rate>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Rate {
    #[serde(default)]
    start_usage_amount: f64,
    unit_price: Money,
}

/// `google.type.Money`: `units` is an int64, which JSON carries as a string.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Money {
    currency_code: String,
    #[serde(default)]
    units: Units,
    #[serde(default)]
    nanos: i32,
}

#[derive(Deserialize, Default)]
#[serde(untagged)]
enum Units {
    Text(String),
    Number(i64),
    #[default]
    Zero,
}

impl Money {
    fn amount(&self, url: &str) -> Result<Decimal, RefreshError> {
        let units = match &self.units {
            Units::Text(s) => s
                .parse::<i64>()
                .map_err(|_| format_error(url, format!("units {s:?} is not a whole number")))?,
            Units::Number(n) => *n,
            Units::Zero => 0,
        };
        let amount = Decimal::from(units) + Decimal::new(i64::from(self.nanos), 9);
        if amount < Decimal::ZERO || self.nanos.unsigned_abs() >= 1_000_000_000 {
            return Err(format_error(url, "a negative or malformed unitPrice"));
        }
        Ok(amount.normalize())
    }
}

/// The GPU and the location a GPU SKU's description names: "Nvidia L4 GPU running in
/// Americas" → ("Nvidia L4 GPU", "Americas"); a spot SKU's "… attached to Spot Preemptible
/// VMs running in …" and a commitment's "Commitment v1: … in … for 1 Year" name the same.
pub(crate) fn gpu_and_location(description: &str) -> Option<(String, String)> {
    let d = description.trim();
    let d = match d.split_once(": ") {
        Some((head, rest)) if head.starts_with("Commitment") => rest,
        _ => d,
    };
    let d = d
        .strip_suffix(" for 1 Year")
        .or_else(|| d.strip_suffix(" for 3 Years"))
        .or_else(|| d.strip_suffix(" for 3 Year"))
        .unwrap_or(d);
    let (gpu, location) = d
        .rsplit_once(" running in ")
        .or_else(|| d.rsplit_once(" in "))?;
    let gpu = gpu
        .trim_start_matches("Spot Preemptible ")
        .trim_end_matches(" attached to Spot Preemptible VMs")
        .trim();
    (!gpu.is_empty() && !location.trim().is_empty())
        .then(|| (gpu.to_string(), location.trim().to_string()))
}

/// On-demand, spot and committed-use prices of the GPU SKUs the catalog knows.
pub(super) fn refresh(
    fetch: &dyn Fetch,
    catalog: &Catalog,
    key: &str,
) -> Result<Refreshed, RefreshError> {
    let headers = [("X-Goog-Api-Key", key)];
    let wanted = super::catalog_regions(catalog, "gcp");
    let (mut out, mut unknown) = (Refreshed::default(), BTreeSet::new());
    let mut tokens = BTreeSet::new();
    let mut url = FIRST_PAGE.to_string();
    for _ in 0..super::MAX_PAGES {
        let page: Page = get_json(fetch, &url, &headers, PAGE_LIMIT)?;
        for sku in &page.skus {
            read_sku(catalog, &wanted, &url, sku, &mut out, &mut unknown)?;
        }
        if page.next_page_token.is_empty() {
            return Ok(out);
        }
        if !tokens.insert(page.next_page_token.clone()) {
            return Err(RefreshError::Paging { url });
        }
        url = format!(
            "{FIRST_PAGE}&pageToken={}",
            super::percent_encode(&page.next_page_token)
        );
    }
    Err(RefreshError::Paging { url })
}

fn read_sku(
    catalog: &Catalog,
    wanted: &BTreeSet<&str>,
    url: &str,
    sku: &Sku,
    out: &mut Refreshed,
    unknown: &mut BTreeSet<String>,
) -> Result<(), RefreshError> {
    if sku.category.resource_group != "GPU" {
        return Ok(());
    }
    let cud = |term| {
        BillingMode::Committed(Commitment {
            kind: CommitmentKind::CommittedUse,
            term,
            payment: Payment::Monthly,
        })
    };
    let mode = match sku.category.usage_type.as_str() {
        "OnDemand" => BillingMode::OnDemand,
        "Preemptible" => BillingMode::Spot,
        "Commit1Yr" => cud(Term::Year1),
        "Commit3Yr" => cud(Term::Year3),
        _ => return Ok(()),
    };
    let Some((gpu, location)) = gpu_and_location(&sku.description) else {
        return Err(format_error(
            url,
            format!(
                "GPU SKU description {:?} names no location",
                sku.description
            ),
        ));
    };
    let instance = format!("GPU SKU: {gpu}");
    if catalog.offer(&format!("gcp/{instance}")).is_none() {
        if unknown.insert(instance.clone()) {
            out.skipped.push(Skipped::UnknownGpu {
                provider: "gcp".into(),
                instance,
            });
        }
        return Ok(());
    }
    // Only the locations the catalog places (each needs a row in region_places.json).
    if !wanted.contains(location.as_str()) {
        return Ok(());
    }
    let Some(info) = sku
        .pricing_info
        .iter()
        .max_by(|a, b| a.effective_time.cmp(&b.effective_time))
    else {
        return Ok(());
    };
    let expr = &info.pricing_expression;
    if expr.usage_unit != "h" {
        out.skipped.push(Skipped::ChangedUnit {
            provider: "gcp".into(),
            instance,
            unit: expr.usage_unit.clone(),
        });
        return Ok(());
    }
    let Some(rate) = expr
        .tiered_rates
        .iter()
        .find(|r| r.start_usage_amount == 0.0)
    else {
        return Ok(());
    };
    if rate.unit_price.currency_code != "USD" {
        return Ok(());
    }
    out.rows.push(RefreshRow {
        provider: "gcp".into(),
        instance,
        region: location,
        mode,
        amount: rate.unit_price.amount(url)?,
        currency: Currency::Usd,
        as_of: date(url, &info.effective_time)?,
        source: FIRST_PAGE.to_string(),
        note: String::new(),
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_name_the_gpu_and_the_location() {
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(
            gpu_and_location("Nvidia L4 GPU running in Americas"),
            pair("Nvidia L4 GPU", "Americas")
        );
        assert_eq!(
            gpu_and_location(
                "Nvidia Tesla T4 GPU attached to Spot Preemptible VMs running in Berlin"
            ),
            pair("Nvidia Tesla T4 GPU", "Berlin")
        );
        assert_eq!(
            gpu_and_location("Commitment v1: Nvidia Tesla A100 GPU in APAC for 1 Year"),
            pair("Nvidia Tesla A100 GPU", "APAC")
        );
        assert_eq!(gpu_and_location("Nvidia L4 GPU"), None);
        assert_eq!(super::super::percent_encode("a+b/c="), "a%2Bb%2Fc%3D");
    }
}
