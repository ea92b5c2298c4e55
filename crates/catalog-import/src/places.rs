//! Where each region is: `data/curated/region_places.json`, one row per provider region with
//! its country and continent (null where no source establishes them) and the source that does.
//!
//! The catalog keeps the rows for the regions its prices use, sorted for lookup. A region
//! without a row stops the import: a place constraint must never guess where a price is.

use std::collections::{BTreeMap, BTreeSet};

use gpucost_core::catalog::{Continent, Offer, RegionPlace};
use serde::Deserialize;

use crate::ImportError;

/// One row of `region_places.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CuratedPlace {
    provider: String,
    region: String,
    country: Option<String>,
    continent: Option<Continent>,
    source: String,
    /// The provider's name for the region, or why its place is unknown (for reviewers).
    #[allow(dead_code)]
    note: String,
}

/// The places of the regions `offers` price, sorted by provider and region.
///
/// # Errors
/// [`ImportError::Curated`] naming every priced region without a row, and every region with
/// two rows.
pub fn used_places(
    offers: &[Offer],
    curated: Vec<CuratedPlace>,
) -> Result<Vec<RegionPlace>, ImportError> {
    let used: BTreeSet<(&str, &str)> = offers
        .iter()
        .flat_map(|o| o.prices.iter().map(move |p| (&*o.provider, &*p.region)))
        .collect();
    let mut rows: BTreeMap<(String, String), CuratedPlace> = BTreeMap::new();
    let mut problems = Vec::new();
    for row in curated {
        let key = (row.provider.clone(), row.region.clone());
        if rows.insert(key, row).is_some() {
            problems.push("a region is listed twice".to_string());
        }
    }
    let mut places = Vec::new();
    for (provider, region) in used {
        match rows.get(&(provider.to_string(), region.to_string())) {
            Some(row) => places.push(RegionPlace {
                provider: row.provider.clone().into(),
                region: row.region.clone().into(),
                country: row.country.clone().map(Into::into),
                continent: row.continent,
                source: row.source.clone().into(),
            }),
            None => problems.push(format!("{provider}/{region} has no row")),
        }
    }
    if problems.is_empty() {
        Ok(places)
    } else {
        Err(ImportError::Curated(format!(
            "region_places.json: {}",
            problems.join("; ")
        )))
    }
}
