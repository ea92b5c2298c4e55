//! `catalog-import refresh <provider>…`: current prices from the providers' own price APIs,
//! as dated source rows, compared with the catalog's prices of the same offer, mode and region.
//!
//! Each fetcher reads the provider's documented format through a [`Fetch`], so tests run
//! offline on recorded responses ([`FixtureFetch`]); the live fetcher ([`HttpFetch`]) is behind
//! the `live` cargo feature, so the default build, the tests and the web app link no network
//! crate. Every response is read through a size bound ([`bounded`]) and parsed as it streams,
//! keeping only the GPU instance types; a malformed or hostile response is an error, never a
//! panic. A row for an instance type the catalog does not know (its GPU cannot be named from
//! the price file), or a price in a unit the fetcher does not expect, is reported and left
//! out, never guessed.
//!
//! The rows are written to `data/upstream/sources/refresh/PROVIDER-DATE.csv` ([`file_name`],
//! [`to_csv`]), which the import reads ([`import`]): the newest dated price of an offer, mode
//! and region wins, older ones become the catalog's price history.

pub mod alibaba;
pub mod aws;
pub mod azure;
pub mod cli;
pub mod gcp;
pub mod import;
pub mod tencent;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use gpucost_core::billing_mode::{BillingMode, CommitmentKind};
use gpucost_core::catalog::Catalog;
use gpucost_core::money::Currency;
use rust_decimal::Decimal;

/// Most pages or files one refresh reads (a loop of "next page" links stops here).
pub const MAX_PAGES: usize = 10_000;

/// The providers with a fetcher, in the order `refresh` lists them.
pub const PROVIDERS: &[&str] = &["aws", "azure", "gcp", "alibaba", "tencent-intl"];

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
    /// The server answered with an error status (its body, bounded, may say why).
    #[error("{url}: HTTP {status}: {}", body_text(.body))]
    Status {
        /// What was asked for.
        url: String,
        /// The HTTP status.
        status: u16,
        /// The start of the body.
        body: Vec<u8>,
    },
    /// A response is not in the documented format (or larger than its bound).
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
    /// The provider's API needs a key or credentials that are not set.
    #[error("{provider}: set {variable} (see README, \"Refreshing prices\")")]
    MissingKey {
        /// Provider id.
        provider: String,
        /// The environment variable to set.
        variable: String,
    },
    /// The provider has no fetcher.
    #[error("no fetcher for provider {0:?} (available: aws, azure, gcp, alibaba, tencent-intl)")]
    UnknownProvider(String),
}

fn body_text(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(&body[..body.len().min(300)]);
    text.chars().filter(|c| !c.is_control()).collect()
}

/// Reads a URL's body.
pub trait Fetch {
    /// The body of `url`, sent with `headers` (an API key goes in a header, never in the URL,
    /// so it is not written to the rows' source column or to an error message).
    ///
    /// # Errors
    /// When it cannot be read.
    fn open(&self, url: &str, headers: &[(&str, &str)])
        -> Result<Box<dyn Read + '_>, RefreshError>;

    /// The answer to a `POST` of `body` to `url` with `headers` (Tencent Cloud's API).
    ///
    /// # Errors
    /// When it cannot be read; a fetcher without `POST` (recorded responses) says so.
    fn post(
        &self,
        url: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Result<Box<dyn Read + '_>, RefreshError> {
        let _ = (headers, body);
        Err(RefreshError::Fetch {
            url: url.to_string(),
            message: "this fetcher does not send POST requests".into(),
        })
    }
}

/// A reader that fails, rather than ends, after `limit` bytes: a response larger than its
/// bound is an error ("more than N bytes"), not a truncated file parsed as if whole.
pub fn bounded<R: Read>(inner: R, limit: u64) -> impl Read {
    Bounded {
        inner,
        left: limit,
        limit,
    }
}

struct Bounded<R> {
    inner: R,
    left: u64,
    limit: u64,
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(std::io::Error::other(format!(
                    "the response is larger than {} bytes",
                    self.limit
                ))),
            };
        }
        let max = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..max])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// Reads and parses one JSON response of at most `limit` bytes.
pub(crate) fn get_json<T: serde::de::DeserializeOwned>(
    fetch: &dyn Fetch,
    url: &str,
    headers: &[(&str, &str)],
    limit: u64,
) -> Result<T, RefreshError> {
    let reader = std::io::BufReader::new(bounded(fetch.open(url, headers)?, limit));
    serde_json::from_reader(reader).map_err(|e| format_error(url, e))
}

pub(crate) fn format_error(url: &str, e: impl fmt::Display) -> RefreshError {
    RefreshError::Format {
        url: url.to_string(),
        message: e.to_string(),
    }
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
    fn open(&self, url: &str, _: &[(&str, &str)]) -> Result<Box<dyn Read + '_>, RefreshError> {
        let file = self.index.get(url).ok_or_else(|| RefreshError::Fetch {
            url: url.to_string(),
            message: "no recorded response".into(),
        })?;
        // A recording names a file in its own folder, never a path out of it.
        if file.contains(['/', '\\']) || file.starts_with('.') {
            return Err(RefreshError::Fetch {
                url: url.to_string(),
                message: format!("{file:?} is not a file name"),
            });
        }
        let f = std::fs::File::open(self.dir.join(file)).map_err(|e| RefreshError::Fetch {
            url: url.to_string(),
            message: e.to_string(),
        })?;
        Ok(Box::new(f))
    }
}

/// Live HTTPS (feature `live`): ureq, blocking, with connect and overall timeouts; the body
/// is bounded by the caller ([`bounded`]).
#[cfg(feature = "live")]
pub struct HttpFetch {
    agent: ureq::Agent,
}

#[cfg(feature = "live")]
impl Default for HttpFetch {
    fn default() -> Self {
        use std::time::Duration;
        let config = ureq::Agent::config_builder()
            .timeout_connect(Some(Duration::from_secs(30)))
            .timeout_global(Some(Duration::from_secs(45 * 60)))
            .user_agent("gpu-cost-lab catalog-import refresh")
            .http_status_as_error(false)
            .build();
        HttpFetch {
            agent: config.into(),
        }
    }
}

#[cfg(feature = "live")]
impl HttpFetch {
    fn answer(
        url: &str,
        resp: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Result<Box<dyn Read + 'static>, RefreshError> {
        let resp = resp.map_err(|e| RefreshError::Fetch {
            url: url.to_string(),
            message: e.to_string(),
        })?;
        let status = resp.status().as_u16();
        let reader = resp.into_body().into_reader();
        if status >= 400 {
            // The start of the body says why (Alibaba Cloud's error `Code`, say).
            let mut body = Vec::new();
            let _ = reader.take(64 << 10).read_to_end(&mut body);
            return Err(RefreshError::Status {
                url: url.to_string(),
                status,
                body,
            });
        }
        Ok(Box::new(reader))
    }
}

#[cfg(feature = "live")]
impl Fetch for HttpFetch {
    fn open(
        &self,
        url: &str,
        headers: &[(&str, &str)],
    ) -> Result<Box<dyn Read + '_>, RefreshError> {
        let mut req = self.agent.get(url);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        HttpFetch::answer(url, req.call())
    }

    fn post(
        &self,
        url: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Result<Box<dyn Read + '_>, RefreshError> {
        let mut req = self.agent.post(url);
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        HttpFetch::answer(url, req.send(body))
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
    /// How it is paid (on demand, spot, or a commitment; hourly).
    pub mode: BillingMode,
    /// Per instance-hour (a commitment's effective hourly rate), in `currency`.
    pub amount: Decimal,
    /// The price's currency (USD, or CNY for Alibaba Cloud's China site).
    pub currency: Currency,
    /// The day the price file says it is effective (AWS `publicationDate`, Azure
    /// `effectiveStartDate`, Google `effectiveTime`).
    pub as_of: NaiveDate,
    /// The document it was read from (an API key is never part of it).
    pub source: String,
    /// How the amount was read (e.g. a reserved term's upfront fee spread over its hours).
    pub note: String,
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
    /// Two different prices for one offer, mode, region and day.
    Ambiguous {
        /// Provider id.
        provider: String,
        /// Instance type.
        instance: String,
        /// Mode, region and the prices found.
        what: String,
    },
    /// The provider does not sell the instance type in the region (its error code).
    NotOffered {
        /// Provider id.
        provider: String,
        /// Instance type.
        instance: String,
        /// Region.
        region: String,
        /// The provider's error code.
        code: String,
    },
    /// A commitment whose term, class or payment the fetcher does not know.
    UnknownTerm {
        /// Provider id.
        provider: String,
        /// Instance type.
        instance: String,
        /// What was found.
        term: String,
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
            Skipped::NotOffered {
                provider,
                instance,
                region,
                code,
            } => write!(
                f,
                "{provider}/{instance} in {region}: no price ({code}): left out"
            ),
            Skipped::Ambiguous {
                provider,
                instance,
                what,
            } => write!(
                f,
                "{provider}/{instance}: two prices for one day ({what}): left out"
            ),
            Skipped::UnknownTerm {
                provider,
                instance,
                term,
            } => write!(
                f,
                "{provider}/{instance}: commitment {term:?} not known: left out"
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

/// Keys and credentials for the price APIs that need them (none for AWS and Azure).
#[derive(Default, Clone)]
pub struct Keys {
    /// A Google Cloud API key allowed to call the Cloud Billing API (`GCP_API_KEY`).
    pub gcp_api_key: Option<String>,
    /// An Alibaba Cloud AccessKey allowed to call ECS `DescribePrice`.
    pub alibaba: Option<alibaba::AccessKey>,
    /// A Tencent Cloud (international site) SecretId and SecretKey.
    pub tencent: Option<tencent::SecretKey>,
}

impl fmt::Debug for Keys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Keys")
            .field(
                "gcp_api_key",
                &self.gcp_api_key.as_ref().map(|_| "<hidden>"),
            )
            .field("alibaba", &self.alibaba)
            .field("tencent", &self.tencent)
            .finish()
    }
}

impl Keys {
    /// The keys set in the environment.
    pub fn from_env() -> Keys {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        Keys {
            gcp_api_key: var("GCP_API_KEY"),
            alibaba: var("ALIBABA_CLOUD_ACCESS_KEY_ID")
                .zip(var("ALIBABA_CLOUD_ACCESS_KEY_SECRET"))
                .map(|(id, secret)| alibaba::AccessKey { id, secret }),
            tencent: var("TENCENTCLOUD_SECRET_ID")
                .zip(var("TENCENTCLOUD_SECRET_KEY"))
                .map(|(id, key)| tencent::SecretKey { id, key }),
        }
    }
}

/// Refreshes `provider` through `fetch`, keeping instance types the catalog knows.
///
/// # Errors
/// When a response cannot be fetched or is not in the documented format, or a key the
/// provider needs is not set.
pub fn refresh(
    provider: &str,
    fetch: &dyn Fetch,
    catalog: &Catalog,
    keys: &Keys,
) -> Result<Refreshed, RefreshError> {
    let mut r = match provider {
        "aws" => aws::refresh(fetch, catalog)?,
        "azure" => azure::refresh(fetch, catalog)?,
        "gcp" => {
            let key = need(keys.gcp_api_key.as_deref(), "gcp", "GCP_API_KEY")?;
            gcp::refresh(fetch, catalog, key)?
        }
        "alibaba" => {
            let vars = "ALIBABA_CLOUD_ACCESS_KEY_ID and ALIBABA_CLOUD_ACCESS_KEY_SECRET";
            alibaba::refresh(
                fetch,
                catalog,
                need(keys.alibaba.as_ref(), "alibaba", vars)?,
            )?
        }
        "tencent-intl" => {
            let vars = "TENCENTCLOUD_SECRET_ID and TENCENTCLOUD_SECRET_KEY";
            tencent::refresh(
                fetch,
                catalog,
                need(keys.tencent.as_ref(), "tencent-intl", vars)?,
            )?
        }
        other => return Err(RefreshError::UnknownProvider(other.to_string())),
    };
    r.rows.sort();
    r.rows.dedup();
    let (rows, ambiguous) = one_price_each(std::mem::take(&mut r.rows));
    r.rows = rows;
    r.skipped.extend(ambiguous);
    Ok(r)
}

/// The key a provider needs, or the error naming the environment variables to set.
fn need<'k, T: ?Sized>(
    key: Option<&'k T>,
    provider: &str,
    variable: &str,
) -> Result<&'k T, RefreshError> {
    key.ok_or_else(|| RefreshError::MissingKey {
        provider: provider.into(),
        variable: variable.into(),
    })
}

/// One price per offer, mode and region: the newest; two different prices of the same newest
/// day (two SKUs a filter could not tell apart) are reported and neither is kept.
fn one_price_each(rows: Vec<RefreshRow>) -> (Vec<RefreshRow>, Vec<Skipped>) {
    let mut by_key: BTreeMap<(String, BillingMode, String), Vec<RefreshRow>> = BTreeMap::new();
    for r in rows {
        by_key
            .entry((r.offer_id(), r.mode, r.region.clone()))
            .or_default()
            .push(r);
    }
    let (mut kept, mut skipped) = (Vec::new(), Vec::new());
    for ((_, mode, region), mut group) in by_key {
        let newest = group.iter().map(|r| r.as_of).max();
        group.retain(|r| Some(r.as_of) == newest);
        let amounts: BTreeSet<Decimal> = group.iter().map(|r| r.amount).collect();
        if amounts.len() > 1 {
            let found: Vec<String> = amounts.iter().map(ToString::to_string).collect();
            skipped.push(Skipped::Ambiguous {
                provider: group[0].provider.clone(),
                instance: group[0].instance.clone(),
                what: format!("{mode} {region}: {}", found.join(" or ")),
            });
            continue;
        }
        kept.extend(group.into_iter().take(1));
    }
    kept.sort();
    (kept, skipped)
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
                r.mode,
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
                let word = if row.amount > *was { "up   " } else { "down " };
                let pct = if was.is_zero() {
                    String::new()
                } else {
                    let pct = (row.amount - was) / was * Decimal::ONE_HUNDRED;
                    format!(" ({:+}%)", pct.round_dp(2))
                };
                write!(
                    f,
                    "{word} {} {} {}: {was} -> {}{pct}",
                    row.offer_id(),
                    row.mode,
                    row.region,
                    row.amount,
                )
            }
        }
    }
}

/// The kind of price a mode is, for what a refresh covers: a refresh that read no spot
/// prices (AWS's bulk files have none) says nothing about the catalog's spot prices.
fn coverage(mode: BillingMode) -> Option<(u8, Option<CommitmentKind>)> {
    match mode {
        BillingMode::OnDemand => Some((0, None)),
        BillingMode::Spot => Some((1, None)),
        BillingMode::Committed(c) => Some((2, Some(c.kind))),
        BillingMode::Subscription(_) => None,
    }
}

/// The changes of `rows` (one provider's refresh) against the catalog's prices of the
/// regions and kinds of price the refresh covers.
pub fn changes(catalog: &Catalog, provider: &str, rows: &[RefreshRow]) -> Vec<Change> {
    let regions: BTreeSet<&str> = rows.iter().map(|r| r.region.as_str()).collect();
    let kinds: BTreeSet<_> = rows.iter().filter_map(|r| coverage(r.mode)).collect();
    let mut fresh: BTreeMap<(String, BillingMode, &str), &RefreshRow> = BTreeMap::new();
    for r in rows {
        fresh.insert((r.offer_id(), r.mode, &r.region), r);
    }
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for o in catalog.offers.iter().filter(|o| o.provider == provider) {
        for p in o.prices.iter() {
            let covered = coverage(p.mode).is_some_and(|k| kinds.contains(&k));
            if !regions.contains(&*p.region) || !covered {
                continue;
            }
            let key = (o.id.to_string(), p.mode, &*p.region);
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
                    mode: p.mode.to_string(),
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

/// The header of a refresh file: the `dated_2026` column order.
pub const CSV_HEADER: &str = "provider,instance,gpu_model,gpu_count,gpu_memory_gib,vcpus,ram_gib,region,mode,amount,currency,unit,as_of,source,source_kind,notes";

/// The rows as CSV in the `dated_2026` column order (`provider, instance, …, notes`); the
/// `mode` column is the catalog's mode slug (`on-demand`, `spot`, `ri-standard-1y-no-upfront`).
pub fn to_csv(catalog: &Catalog, rows: &[RefreshRow]) -> String {
    let mut out = format!("{CSV_HEADER}\n");
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
            r.mode.to_string(),
            r.amount.normalize().to_string(),
            r.currency.to_string(),
            "hour".into(),
            r.as_of.to_string(),
            r.source.clone(),
            "provider-api".into(),
            if r.note.is_empty() {
                "catalog-import refresh".into()
            } else {
                format!("catalog-import refresh; {}", r.note)
            },
        ];
        let quoted: Vec<String> = cells
            .iter()
            .map(|c| {
                if c.contains([',', '"', '\n', '\r']) {
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

/// The file a provider's refresh is written to: `PROVIDER-DATE.csv`, dated by the newest
/// price it holds (so a rerun on unchanged prices rewrites the same file, and a new price file
/// adds a new one beside the older, which stay as history). `None` when there are no rows.
pub fn file_name(provider: &str, rows: &[RefreshRow]) -> Option<String> {
    let newest = rows.iter().map(|r| r.as_of).max()?;
    Some(format!("{provider}-{newest}.csv"))
}

/// The (instance type, region) pairs the catalog has an on-demand price of `provider` for:
/// what a per-instance price inquiry (Alibaba Cloud, Tencent Cloud) asks about.
pub fn on_demand_pairs(catalog: &Catalog, provider: &str) -> Vec<(String, String)> {
    let pairs: BTreeSet<(String, String)> = catalog
        .offers
        .iter()
        .filter(|o| o.provider == provider)
        .flat_map(|o| {
            o.prices
                .iter()
                .filter(|p| p.mode == BillingMode::OnDemand)
                .map(move |p| (o.instance.to_string(), p.region.to_string()))
        })
        .collect();
    pairs.into_iter().collect()
}

/// An instance type, region or zone id safe to put in a host name, a header or a query
/// (`cn-hangzhou`, `ecs.gn7i-c8g1.2xlarge`, `GN10X.2XLARGE40`).
pub(crate) fn is_safe_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.".contains(&b))
}

/// The regions the catalog prices `provider` in: the ones a refresh reads.
pub(crate) fn catalog_regions<'c>(catalog: &'c Catalog, provider: &str) -> BTreeSet<&'c str> {
    catalog
        .offers
        .iter()
        .filter(|o| o.provider == provider)
        .flat_map(|o| o.prices.iter().map(|p| p.region.as_ref()))
        .collect()
}

/// RFC 3986 percent-encoding (unreserved characters kept, a space is `%20`): a page token in a
/// query string, and the form Alibaba Cloud's signature wants.
pub fn percent_encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A decimal from a price file's string (`"0.2020000000"`).
pub(crate) fn price(url: &str, s: &str) -> Result<Decimal, RefreshError> {
    s.trim()
        .parse::<Decimal>()
        .ok()
        .filter(|d| *d >= Decimal::ZERO)
        .map(|d| d.normalize())
        .ok_or_else(|| format_error(url, format!("{s:?} is not a price")))
}

/// The date at the start of an ISO timestamp (`2026-11-01T00:00:00Z`).
pub(crate) fn date(url: &str, s: &str) -> Result<NaiveDate, RefreshError> {
    s.get(..10)
        .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        .ok_or_else(|| format_error(url, format!("{s:?} is not a date")))
}

/// A commitment's effective hourly rate: its hourly fee plus its upfront fee spread over the
/// term's hours (a year is 8,760 h, as [`Term::hours`](gpucost_core::billing_mode::Term::hours)
/// counts it), to a millionth of a dollar.
pub(crate) fn effective_hourly(hourly: Decimal, upfront: Decimal, hours: Decimal) -> Decimal {
    (hourly + upfront / hours).round_dp(6).normalize()
}
