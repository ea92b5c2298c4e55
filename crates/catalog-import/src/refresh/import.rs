//! The import's side of a refresh: `data/upstream/sources/refresh/*.csv` (written by
//! `catalog-import refresh`, one file per provider and price date) into the catalog.
//!
//! For each offer, mode and region the newest dated price wins, whether it comes from a
//! refresh file or from the curated sources; every older dated price of the same offer, mode
//! and region becomes the catalog's price history ("was X on DATE"). A price effective after
//! the build day is not current yet and is left out (reported), as is a row of an offer the
//! catalog does not have. Each distinct document a file cites becomes a source
//! (`refresh/PROVIDER/DATE/N`, kind provider API).

use std::collections::BTreeMap;
use std::path::Path;

use chrono::NaiveDate;
use gpucost_core::billing_mode::BillingMode;
use gpucost_core::catalog::{AsOf, PastPrice, Price, Source, SourceKind};
use gpucost_core::money::Currency;
use rust_decimal::Decimal;

use crate::offers::OfferSet;
use crate::table::Table;
use crate::ImportError;

/// Most refresh files the import reads (a year of weekly refreshes of a few providers).
pub const MAX_FILES: usize = 2_000;

/// What the refresh files gave besides prices.
#[derive(Debug, Default)]
pub struct Imported {
    /// One source per cited document.
    pub sources: Vec<Source>,
    /// Replaced prices.
    pub history: Vec<PastPrice>,
    /// Rows left out, with the reason.
    pub skipped: Vec<String>,
    /// Prices read from the files (current or history).
    pub rows: usize,
}

struct Dated {
    as_of: NaiveDate,
    amount: Decimal,
    currency: Currency,
    source: String,
    at: String,
}

fn title(provider: &str) -> &str {
    match provider {
        "aws" => "AWS Price List Bulk API, EC2 offer file",
        "azure" => "Azure Retail Prices API",
        "gcp" => "Google Cloud Billing Catalog API, Compute Engine SKUs",
        "alibaba" => "Alibaba Cloud ECS DescribePrice (pay-as-you-go list price)",
        "tencent-intl" => {
            "Tencent Cloud CVM DescribeZoneInstanceConfigInfos (pay-as-you-go list price)"
        }
        _ => "provider price API",
    }
}

/// Reads every `*.csv` in `dir` (none when it does not exist) into `set`, with `built` the
/// build day.
///
/// # Errors
/// A malformed row (file, row, field), two files giving one offer, mode, region and day
/// different prices, or more than [`MAX_FILES`] files.
pub fn read_refreshed(
    dir: &Path,
    built: NaiveDate,
    set: &mut OfferSet,
) -> Result<Imported, ImportError> {
    let mut out = Imported::default();
    let Ok(listing) = std::fs::read_dir(dir) else {
        return Ok(out);
    };
    let mut files: Vec<_> = listing
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    files.sort();
    if files.len() > MAX_FILES {
        return Err(ImportError::Io {
            file: dir.display().to_string(),
            message: format!("more than {MAX_FILES} refresh files"),
        });
    }
    let mut prices: BTreeMap<(String, BillingMode, String), Vec<Dated>> = BTreeMap::new();
    let mut sources: BTreeMap<(String, NaiveDate), Vec<String>> = BTreeMap::new();
    for file in &files {
        let table = Table::read(file)?;
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        for row in table.rows() {
            let provider = row.required("provider")?;
            let instance = row.required("instance")?;
            let mode: BillingMode = row.required("mode")?.parse().map_err(
                |e: gpucost_core::billing_mode::UnknownBillingMode| {
                    row.error("mode", e.to_string())
                },
            )?;
            if matches!(mode, BillingMode::Subscription(_)) || row.required("unit")? != "hour" {
                return Err(row.error("unit", "refresh prices are hourly"));
            }
            let currency: Currency = row.required("currency")?.parse().map_err(
                |e: gpucost_core::money::UnknownCurrency| row.error("currency", e.to_string()),
            )?;
            let as_of = row.date("as_of")?;
            let locator = row.required("source")?.to_string();
            let listed = sources.entry((provider.to_string(), as_of)).or_default();
            if !listed.contains(&locator) {
                listed.push(locator.clone());
            }
            prices
                .entry((
                    format!("{provider}/{instance}"),
                    mode,
                    row.required("region")?.to_string(),
                ))
                .or_default()
                .push(Dated {
                    as_of,
                    amount: row.positive("amount")?,
                    currency,
                    source: locator,
                    at: name.to_string(),
                });
            out.rows += 1;
        }
    }
    // Source ids: the n-th document (sorted) a provider's prices of one day cite.
    let mut source_id = BTreeMap::new();
    for ((provider, day), mut locators) in sources {
        locators.sort();
        for (n, locator) in locators.into_iter().enumerate() {
            let id = format!("refresh/{provider}/{day}/{}", n + 1);
            out.sources.push(Source {
                id: id.clone().into(),
                title: format!(
                    "{} (catalog-import refresh; prices effective {day})",
                    title(&provider)
                )
                .into(),
                locator: locator.clone().into(),
                kind: SourceKind::ProviderApi,
                license: "the provider's published list prices".into(),
            });
            source_id.insert((provider.clone(), day, locator), id);
        }
    }
    for ((offer_id, mode, region), mut dated) in prices {
        dated.sort_by_key(|d| d.as_of);
        for pair in dated.windows(2) {
            let same = (pair[0].amount, pair[0].currency) == (pair[1].amount, pair[1].currency);
            if pair[0].as_of == pair[1].as_of && !same {
                return Err(ImportError::Curated(format!(
                    "refresh: {offer_id} {mode} {region} on {} is {} ({}) and {} ({})",
                    pair[0].as_of, pair[0].amount, pair[0].at, pair[1].amount, pair[1].at
                )));
            }
        }
        dated.dedup_by(|a, b| a.as_of == b.as_of);
        let future = dated.iter().filter(|d| d.as_of > built).count();
        if future > 0 {
            out.skipped.push(format!(
                "refresh: {offer_id} {mode} {region}: {future} price(s) effective after the build day {built}, not current yet"
            ));
            dated.retain(|d| d.as_of <= built);
        }
        let Some(offer) = set.offer_mut(&offer_id) else {
            out.skipped.push(format!(
                "refresh: {offer_id}: no such offer in the catalog ({} row(s))",
                dated.len()
            ));
            continue;
        };
        let provider = offer.provider.to_string();
        let id_of = |d: &Dated| source_id[&(provider.clone(), d.as_of, d.source.clone())].clone();
        let past = |amount, currency, source: String, as_of| PastPrice {
            offer: offer_id.clone().into(),
            mode,
            region: region.clone().into(),
            amount,
            currency,
            source: source.into(),
            as_of,
        };
        let Some(newest) = dated.pop() else {
            continue;
        };
        let prices = offer.prices.to_mut();
        let existing = prices
            .iter_mut()
            .find(|p| p.mode == mode && p.region.as_ref() == region);
        let current_day = match existing {
            Some(p) if p.as_of.date().is_some_and(|d| d > newest.as_of) => {
                // The curated price is newer: every refreshed price is history.
                dated.push(newest);
                p.as_of.date()
            }
            Some(p) => {
                if let AsOf::On(day) = p.as_of {
                    if day < newest.as_of {
                        let was = past(p.amount, p.currency, p.source.to_string(), day);
                        out.history.push(was);
                    }
                }
                p.amount = newest.amount;
                p.currency = newest.currency;
                p.source = id_of(&newest).into();
                p.as_of = AsOf::On(newest.as_of);
                Some(newest.as_of)
            }
            None => {
                prices.push(Price {
                    mode,
                    region: region.clone().into(),
                    amount: newest.amount,
                    currency: newest.currency,
                    source: id_of(&newest).into(),
                    as_of: AsOf::On(newest.as_of),
                });
                Some(newest.as_of)
            }
        };
        for d in &dated {
            if current_day.is_some_and(|c| c > d.as_of) {
                out.history
                    .push(past(d.amount, d.currency, id_of(d), d.as_of));
            }
        }
    }
    Ok(out)
}

/// The catalog's history: `earlier` (CompShare's notices) and the refreshes' replaced prices,
/// in one order (offer, mode, region, day).
pub fn with_history(mut earlier: Vec<PastPrice>, refreshed: Vec<PastPrice>) -> Vec<PastPrice> {
    earlier.extend(refreshed);
    earlier.sort_by(|a, b| {
        (&a.offer, a.mode, &a.region, a.as_of).cmp(&(&b.offer, b.mode, &b.region, b.as_of))
    });
    earlier
}
