//! `catalog-import refresh <provider>…`: current prices from the providers' own price APIs,
//! as dated rows, compared with the catalog's prices of the same offer, mode and region.
//!
//! Each fetcher reads the provider's documented format through a [`Fetch`], so tests run
//! offline on recorded responses ([`FixtureFetch`]); the live fetcher is behind the `live`
//! cargo feature (it runs `curl`, so the default build needs no network crate). A row for an
//! instance type the catalog does not know (its GPU cannot be named from the price file), or
//! a price in a unit the fetcher does not expect, is reported and left out, never guessed.

pub mod aws;
pub mod azure;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use gpucost_core::catalog::Catalog;
use rust_decimal::Decimal;

/// Most pages or files one refresh reads (a loop of "next page" links stops here).
pub const MAX_PAGES: usize = 10_000;

/// Why a refresh could not run.
#[derive(Debug, thiserror::Error)]
pub enum RefreshError {
    /// A response could not be fetched.
    #[error("fetching {url}: {message}")]
    Fetch {
        /// What was asked for.
        url: String,
        /// Why it failed.
        message: String,
    },
    /// A response is not in the documented format.
    #[error("{url}: not the documented format: {message}")]
    Format {
        /// Where it came from.
        url: String,
        /// What is wrong.
        message: String,
    },
    /// Paging did not end.
    #[error("{url}: more than {MAX_PAGES} pages, or a page links to one already read")]
    Paging {
        /// The page that would repeat or exceed the limit.
        url: String,
    },
    /// The provider has no fetcher.
    #[error("no fetcher for provider {0:?} (available: aws, azure)")]
    UnknownProvider(String),
}

/// Reads a URL's body.
pub trait Fetch {
    /// The body of `url`.
    ///
    /// # Errors
    /// When it cannot be read.
    fn get(&self, url: &str) -> Result<String, RefreshError>;
}

/// Recorded responses: `dir/index.json` maps each URL to a file in `dir`.
pub struct FixtureFetch {
    dir: PathBuf,
    index: BTreeMap<String, String>,
}

impl FixtureFetch {
    /// Opens the recordings in `dir`.
    ///
    /// # Errors
    /// When `dir/index.json` is missing or not a JSON object of strings.
    pub fn open(dir: &Path) -> Result<FixtureFetch, RefreshError> {
        let path = dir.join("index.json");
        let err = |message: String| RefreshError::Fetch {
            url: path.display().to_string(),
            message,
        };
        let text = std::fs::read_to_string(&path).map_err(|e| err(e.to_string()))?;
        let index = serde_json::from_str(&text).map_err(|e| err(e.to_string()))?;
        Ok(FixtureFetch {
            dir: dir.to_path_buf(),
            index,
        })
    }
}

impl Fetch for FixtureFetch {
    fn get(&self, url: &str) -> Result<String, RefreshError> {
        let file = self.index.get(url).ok_or_else(|| RefreshError::Fetch {
            url: url.to_string(),
            message: "no recorded response".into(),
        })?;
        std::fs::read_to_string(self.dir.join(file)).map_err(|e| RefreshError::Fetch {
            url: url.to_string(),
            message: e.to_string(),
        })
    }
}

/// Live HTTP through `curl` (feature `live`): no network crate in any build.
#[cfg(feature = "live")]
pub struct CurlFetch;

#[cfg(feature = "live")]
impl Fetch for CurlFetch {
    fn get(&self, url: &str) -> Result<String, RefreshError> {
        let out = std::process::Command::new("curl")
            .args(["-fsSL", "--max-time", "600", "--", url])
            .output()
            .map_err(|e| RefreshError::Fetch {
                url: url.to_string(),
                message: format!("running curl: {e}"),
            })?;
        if !out.status.success() {
            return Err(RefreshError::Fetch {
                url: url.to_string(),
                message: String::from_utf8_lossy(&out.stderr).into_owned(),
            });
        }
        String::from_utf8(out.stdout).map_err(|e| RefreshError::Fetch {
            url: url.to_string(),
            message: e.to_string(),
        })
    }
}

/// How a refreshed price is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum RefreshMode {
    /// On demand, per hour.
    OnDemand,
    /// Spot, per hour.
    Spot,
}

impl RefreshMode {
    /// The catalog's slug of the mode.
    pub fn as_str(self) -> &'static str {
        match self {
            RefreshMode::OnDemand => "on-demand",
            RefreshMode::Spot => "spot",
        }
    }
}

/// One refreshed price: a dated source row in the `dated_2026` column order.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefreshRow {
    /// Catalog provider id.
    pub provider: String,
    /// Instance type as the provider names it.
    pub instance: String,
    /// Region id.
    pub region: String,
    /// How it is paid.
    pub mode: RefreshMode,
    /// USD per instance-hour.
    pub amount: Decimal,
    /// The day the price file says it is effective (AWS `publicationDate`, Azure
    /// `effectiveStartDate`).
    pub as_of: NaiveDate,
    /// The URL it was read from.
    pub source: String,
}

impl RefreshRow {
    /// The catalog offer id (`aws/g6f.large`).
    pub fn offer_id(&self) -> String {
        format!("{}/{}", self.provider, self.instance)
    }
}

/// What a fetcher read but left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skipped {
    /// An instance type with a GPU that no catalog offer names, so its GPU model is unknown.
    UnknownGpu {
        /// Provider id.
        provider: String,
        /// Instance type.
        instance: String,
    },
    /// A price in a unit the fetcher does not read as per hour.
    ChangedUnit {
        /// Provider id.
        provider: String,
        /// Instance type.
        instance: String,
        /// The unit found.
        unit: String,
    },
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skipped::UnknownGpu { provider, instance } => write!(
                f,
                "{provider}/{instance}: a GPU instance type the catalog does not know (GPU model not named by the price file): left out"
            ),
            Skipped::ChangedUnit {
                provider,
                instance,
                unit,
            } => write!(
                f,
                "{provider}/{instance}: price in unit {unit:?}, not per hour: left out (the format changed?)"
            ),
        }
    }
}

/// What one provider's refresh read.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Refreshed {
    /// The prices, sorted.
    pub rows: Vec<RefreshRow>,
    /// What was left out, and why.
    pub skipped: Vec<Skipped>,
}

/// Refreshes `provider` through `fetch`, keeping instance types the catalog knows.
///
/// # Errors
/// When a response cannot be fetched or is not in the documented format.
pub fn refresh(
    provider: &str,
    fetch: &dyn Fetch,
    catalog: &Catalog,
) -> Result<Refreshed, RefreshError> {
    let mut r = match provider {
        "aws" => aws::refresh(fetch, catalog)?,
        "azure" => azure::refresh(fetch, catalog)?,
        other => return Err(RefreshError::UnknownProvider(other.to_string())),
    };
    r.rows.sort();
    r.rows.dedup();
    Ok(r)
}

/// How a refreshed price differs from the catalog's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The catalog has no price of this offer, mode and region.
    New(RefreshRow),
    /// The catalog's price is gone from the refresh.
    Gone {
        /// Offer id.
        offer: String,
        /// Mode slug.
        mode: String,
        /// Region.
        region: String,
        /// The catalog's amount.
        was: Decimal,
    },
    /// The price moved.
    Moved {
        /// The refreshed row.
        row: RefreshRow,
        /// The catalog's amount.
        was: Decimal,
    },
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::New(r) => write!(
                f,
                "new   {} {} {}: {}",
                r.offer_id(),
                r.mode.as_str(),
                r.region,
                r.amount
            ),
            Change::Gone {
                offer,
                mode,
                region,
                was,
            } => write!(f, "gone  {offer} {mode} {region}: was {was}"),
            Change::Moved { row, was } => {
                let pct = (row.amount - was) / was * Decimal::ONE_HUNDRED;
                let word = if row.amount > *was { "up   " } else { "down " };
                write!(
                    f,
                    "{word} {} {} {}: {was} -> {} ({:+}%)",
                    row.offer_id(),
                    row.mode.as_str(),
                    row.region,
                    row.amount,
                    pct.round_dp(2)
                )
            }
        }
    }
}

/// The changes of `rows` (one provider's refresh) against the catalog's prices of the
/// regions and modes the refresh covers.
pub fn changes(catalog: &Catalog, provider: &str, rows: &[RefreshRow]) -> Vec<Change> {
    let regions: std::collections::BTreeSet<&str> =
        rows.iter().map(|r| r.region.as_str()).collect();
    let mut fresh: BTreeMap<(String, &str, &str), &RefreshRow> = BTreeMap::new();
    for r in rows {
        fresh.insert((r.offer_id(), r.mode.as_str(), &r.region), r);
    }
    let mut out = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for o in catalog.offers.iter().filter(|o| o.provider == provider) {
        for p in o.prices.iter() {
            let mode = p.mode.to_string();
            if !regions.contains(&*p.region) || !matches!(mode.as_str(), "on-demand" | "spot") {
                continue;
            }
            let key = (o.id.to_string(), mode.as_str(), &*p.region);
            match fresh.get(&key) {
                Some(r) => {
                    seen.insert((o.id.to_string(), r.mode, r.region.clone()));
                    if r.amount != p.amount {
                        out.push(Change::Moved {
                            row: (*r).clone(),
                            was: p.amount,
                        });
                    }
                }
                None => out.push(Change::Gone {
                    offer: o.id.to_string(),
                    mode: mode.clone(),
                    region: p.region.to_string(),
                    was: p.amount,
                }),
            }
        }
    }
    for r in rows {
        if !seen.contains(&(r.offer_id(), r.mode, r.region.clone())) {
            out.push(Change::New(r.clone()));
        }
    }
    out
}

/// The rows as CSV in the `dated_2026` column order (`provider, instance, …, notes`).
pub fn to_csv(catalog: &Catalog, rows: &[RefreshRow]) -> String {
    let mut out = String::from(
        "provider,instance,gpu_model,gpu_count,gpu_memory_gib,vcpus,ram_gib,region,mode,amount,currency,unit,as_of,source,source_kind,notes\n",
    );
    for r in rows {
        let offer = catalog.offer(&r.offer_id());
        let field = |f: Option<String>| f.unwrap_or_default();
        let cells = [
            r.provider.clone(),
            r.instance.clone(),
            field(offer.map(|o| o.gpu.to_string())),
            field(offer.map(|o| o.gpus.to_string())),
            field(offer.and_then(|o| o.gpu_memory_gib).map(|m| m.to_string())),
            field(offer.and_then(|o| o.vcpus).map(|m| m.to_string())),
            field(offer.and_then(|o| o.ram_gib).map(|m| m.to_string())),
            r.region.clone(),
            r.mode.as_str().to_string(),
            r.amount.normalize().to_string(),
            "USD".into(),
            "hour".into(),
            r.as_of.to_string(),
            r.source.clone(),
            "official".into(),
            "catalog-import refresh".into(),
        ];
        let quoted: Vec<String> = cells
            .iter()
            .map(|c| {
                if c.contains([',', '"', '\n']) {
                    format!("\"{}\"", c.replace('"', "\"\""))
                } else {
                    c.clone()
                }
            })
            .collect();
        out.push_str(&quoted.join(","));
        out.push('\n');
    }
    out
}

/// The regions the catalog prices `provider` in: the ones a refresh reads.
pub(crate) fn catalog_regions<'c>(
    catalog: &'c Catalog,
    provider: &str,
) -> std::collections::BTreeSet<&'c str> {
    catalog
        .offers
        .iter()
        .filter(|o| o.provider == provider)
        .flat_map(|o| o.prices.iter().map(|p| p.region.as_ref()))
        .collect()
}

/// A decimal from a price file's string (`"0.2020000000"`).
pub(crate) fn price(url: &str, s: &str) -> Result<Decimal, RefreshError> {
    s.trim()
        .parse::<Decimal>()
        .ok()
        .filter(|d| *d >= Decimal::ZERO)
        .map(|d| d.normalize())
        .ok_or_else(|| RefreshError::Format {
            url: url.to_string(),
            message: format!("{s:?} is not a price"),
        })
}

/// The date at the start of an ISO timestamp (`2026-11-01T00:00:00Z`).
pub(crate) fn date(url: &str, s: &str) -> Result<NaiveDate, RefreshError> {
    s.get(..10)
        .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        .ok_or_else(|| RefreshError::Format {
            url: url.to_string(),
            message: format!("{s:?} is not a date"),
        })
}
