//! The catalog's records: what `data/catalog.json` holds, field by field.
//!
//! The file is written by the `catalog-import` tool from the vendored upstream data and read
//! back here; both sides use these types, so the schema cannot drift. Unknown fields are
//! rejected so a hand edit with a typo fails loudly.
//!
//! Text and lists are [`Text`] and [`List`] (copy-on-write): the catalog compiled into the
//! binary ([`super::compiled`]) borrows them from static tables, so the page parses nothing at
//! start-up, while a catalog read from a file owns them.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::billing_mode::BillingMode;
use crate::money::Currency;

/// Text in a catalog record (or a hardware-table record, `recommend::hardware`): borrowed from
/// the compiled-in tables, owned when read from a file.
pub type Text = Cow<'static, str>;

/// A list in a catalog (or hardware-table) record: borrowed from the compiled-in tables, owned
/// when read from a file or built by the import.
pub type List<T> = Cow<'static, [T]>;

/// Whether a list is empty (the file omits empty lists).
fn is_empty<T: Clone>(list: &List<T>) -> bool {
    list.is_empty()
}

/// The version of the catalog file format.
pub const CATALOG_SCHEMA: u32 = 1;

/// Everything the calculator knows about providers, GPUs and prices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    /// File format version, [`CATALOG_SCHEMA`].
    pub schema: u32,
    /// The day the import ran; prices whose own date is unknown are at least this old.
    pub built: NaiveDate,
    /// Where every number comes from.
    pub sources: List<Source>,
    /// Exchange rates, each with its date and source.
    pub fx: List<FxQuote>,
    /// The providers, with their billing rules.
    pub providers: List<Provider>,
    /// Datasheet rows from `hardware/gpu_specs.csv`.
    pub specs: List<GpuSpec>,
    /// The GPU models as the price data names them.
    pub gpus: List<Gpu>,
    /// The rentable offers and their prices.
    pub offers: List<Offer>,
    /// Where each provider region used by a price is, sorted by provider and region.
    pub places: List<RegionPlace>,
    /// Dated prices that a newer price of the same offer, mode and region replaced, kept so
    /// the page can say "was ¥2.08 on 2025-10-01" (CompShare's dated price notices), sorted
    /// by offer, mode, region and date.
    #[serde(default, skip_serializing_if = "is_empty")]
    pub history: List<PastPrice>,
}

/// A price that was current on a date and has since been replaced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PastPrice {
    /// Offer id.
    pub offer: Text,
    /// How it was paid.
    pub mode: BillingMode,
    /// Region id.
    pub region: Text,
    /// The amount, exact.
    pub amount: Decimal,
    /// Its currency.
    pub currency: Currency,
    /// Source id.
    pub source: Text,
    /// The day it was current (history is dated by definition).
    pub as_of: NaiveDate,
}

/// What kind of publication a source is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceKind {
    /// The provider's own documentation or price page.
    OfficialDoc,
    /// A provider API dump.
    ProviderApi,
    /// The provider's own list price, copied by a third party (e.g. a price file an
    /// open-source project generated from the provider's price page and committed): the
    /// numbers are official, the document is not.
    ListPriceCopy,
    /// A third-party catalog that aggregates list prices (SkyPilot, instances.vantage.sh).
    Aggregator,
    /// A market reference range from the founding documents, not a provider's price.
    MarketReference,
    /// An institution's internal tariff.
    Institutional,
    /// A published exchange rate.
    ExchangeRate,
    /// Hardware datasheets and benchmarks.
    Hardware,
}

impl SourceKind {
    /// Stable slug, as in the catalog file and the exports.
    pub fn as_str(self) -> &'static str {
        match self {
            SourceKind::OfficialDoc => "official-doc",
            SourceKind::ProviderApi => "provider-api",
            SourceKind::ListPriceCopy => "list-price-copy",
            SourceKind::Aggregator => "aggregator",
            SourceKind::MarketReference => "market-reference",
            SourceKind::Institutional => "institutional",
            SourceKind::ExchangeRate => "exchange-rate",
            SourceKind::Hardware => "hardware",
        }
    }
}

/// A publication that numbers in the catalog are copied from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// Stable id referenced by prices and rules.
    pub id: Text,
    /// Short human title.
    pub title: Text,
    /// URL, or `owner/repo@commit:path` for a versioned file.
    pub locator: Text,
    /// What kind of publication it is.
    pub kind: SourceKind,
    /// The licence or terms the numbers are used under.
    pub license: Text,
}

/// When a price was current, as precisely as its source says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum AsOf {
    /// The snapshot date is known.
    On(NaiveDate),
    /// The snapshot is no newer than this date.
    OnOrBefore(NaiveDate),
    /// The source gives no date; only the day we retrieved it is known (see [`Catalog::built`]).
    Unknown,
}

impl AsOf {
    /// The latest date the price can be from, if any is known.
    pub fn date(self) -> Option<NaiveDate> {
        match self {
            AsOf::On(d) | AsOf::OnOrBefore(d) => Some(d),
            AsOf::Unknown => None,
        }
    }

    /// Age in whole days on `today`, or `None` when the date is unknown.
    pub fn age_days(self, today: NaiveDate) -> Option<i64> {
        self.date().map(|d| (today - d).num_days())
    }
}

impl fmt::Display for AsOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AsOf::On(d) => write!(f, "{d}"),
            AsOf::OnOrBefore(d) => write!(f, "<={d}"),
            AsOf::Unknown => f.write_str("unknown"),
        }
    }
}

impl FromStr for AsOf {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let date = |t: &str| super::parse_ymd(t).ok_or_else(|| format!("bad date {t:?}"));
        if s == "unknown" {
            Ok(AsOf::Unknown)
        } else if let Some(rest) = s.strip_prefix("<=") {
            Ok(AsOf::OnOrBefore(date(rest)?))
        } else {
            Ok(AsOf::On(date(s)?))
        }
    }
}

impl TryFrom<String> for AsOf {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<AsOf> for String {
    fn from(a: AsOf) -> String {
        a.to_string()
    }
}

/// An exchange rate: one unit of `from` buys `rate` units of `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FxQuote {
    /// The currency sold.
    pub from: Currency,
    /// The currency bought.
    pub to: Currency,
    /// Units of `to` per unit of `from`.
    pub rate: Decimal,
    /// The day of the quote.
    pub as_of: NaiveDate,
    /// Source id.
    pub source: Text,
}

/// What kind of business a provider is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProviderKind {
    /// AWS, Google Cloud, Azure, Oracle, IBM.
    Hyperscaler,
    /// GPU-focused clouds (Lambda, RunPod, Nebius, …).
    GpuCloud,
    /// A marketplace of third-party hosts (Vast.ai): single listings, not list prices.
    Marketplace,
    /// A Chinese public cloud (Tencent Cloud, Alibaba Cloud, Huawei Cloud).
    ChinaCloud,
    /// A Chinese GPU rental platform (Featurize, AutoDL-style).
    RentalPlatform,
    /// An institution's internal tariff (only for its own users).
    Institutional,
    /// A market reference range from the founding documents, not a provider.
    MarketReference,
}

impl ProviderKind {
    /// Every kind, in slug order of declaration.
    pub const ALL: [ProviderKind; 7] = [
        ProviderKind::Hyperscaler,
        ProviderKind::GpuCloud,
        ProviderKind::Marketplace,
        ProviderKind::ChinaCloud,
        ProviderKind::RentalPlatform,
        ProviderKind::Institutional,
        ProviderKind::MarketReference,
    ];

    /// The kind whose [`as_str`](Self::as_str) is `slug`.
    pub fn from_slug(slug: &str) -> Option<ProviderKind> {
        Self::ALL.into_iter().find(|k| k.as_str() == slug)
    }

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Hyperscaler => "hyperscaler",
            ProviderKind::GpuCloud => "gpu-cloud",
            ProviderKind::Marketplace => "marketplace",
            ProviderKind::ChinaCloud => "china-cloud",
            ProviderKind::RentalPlatform => "rental-platform",
            ProviderKind::Institutional => "institutional",
            ProviderKind::MarketReference => "market-reference",
        }
    }
}

/// A sourced statement in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// English text.
    pub en: Text,
    /// Simplified Chinese text.
    pub zh: Text,
    /// Source id; `None` means nothing was found and the text says what is assumed.
    pub source: Option<Text>,
}

/// How finely on-demand usage is metered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Metering {
    /// Usage is rounded up to a multiple of this many seconds (1 = per second, 3600 = per hour).
    pub increment_seconds: u32,
    /// Each start is billed at least this many seconds.
    pub minimum_seconds: u32,
    /// Coarser increments for small hosts, smallest first: a host with at most `up_to_vcpus`
    /// vCPUs is metered in that tier's blocks (Alibaba Cloud meters 1, 2 and 4 vCPUs in 10-,
    /// 5- and 2-minute blocks). A host above every tier, or of unknown size, uses
    /// `increment_seconds`.
    #[serde(default, skip_serializing_if = "is_empty")]
    pub by_vcpus: List<VcpuMetering>,
    /// The rule as published, with its source (or the assumption when unsourced).
    pub rule: Rule,
}

/// One tier of [`Metering::by_vcpus`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VcpuMetering {
    /// The largest host (vCPUs) this tier applies to.
    pub up_to_vcpus: u32,
    /// Usage is rounded up to a multiple of this many seconds.
    pub increment_seconds: u32,
}

/// The increment and minimum that bill one host: a [`Metering`] resolved for a host size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meter {
    /// Usage is rounded up to a multiple of this many seconds.
    pub increment_seconds: u32,
    /// Each start is billed at least this many seconds.
    pub minimum_seconds: u32,
}

impl Meter {
    /// Per-second billing with no minimum (prices the user enters, counterfactuals).
    pub const EXACT: Meter = Meter {
        increment_seconds: 1,
        minimum_seconds: 0,
    };
}

impl Metering {
    /// The meter of a host with `vcpus` (unknown: the default increment).
    pub fn meter(&self, vcpus: Option<Decimal>) -> Meter {
        let tier = vcpus.and_then(|v| {
            self.by_vcpus
                .iter()
                .find(|t| v <= Decimal::from(t.up_to_vcpus))
        });
        Meter {
            increment_seconds: tier.map_or(self.increment_seconds, |t| t.increment_seconds),
            minimum_seconds: self.minimum_seconds,
        }
    }
}

/// Whether a stopped (not deleted) instance still costs compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StoppedCompute {
    /// Stopping ends compute billing (disks may still bill).
    NotBilled,
    /// Stopping ends compute billing only when opted in and conditions hold.
    NotBilledIfEligible,
    /// A stopped instance keeps billing.
    Billed,
    /// No source says.
    Unknown,
}

/// A provider that rents GPUs (or a labelled market reference).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provider {
    /// Stable id (`aws`, `tencent`, …), used in URLs.
    pub id: Text,
    /// English display name.
    pub name: Text,
    /// Chinese display name.
    pub name_zh: Text,
    /// What kind of business it is.
    pub kind: ProviderKind,
    /// The currency its prices are quoted in.
    pub currency: Currency,
    /// On-demand metering increment and minimum.
    pub metering: Metering,
    /// What a stopped instance costs.
    pub stopped: StoppedCompute,
    /// The stopped-instance rule as published.
    pub stopped_rule: Rule,
    /// Other sourced billing facts (spot levels, subscription rules, deposits).
    pub notes: List<Rule>,
    /// Time-of-day prices it publishes (a night discount), as data. The off-peak savings lever
    /// prices the cheapest plan with it (`savings::published_off_peak`); the comparison's
    /// totals stay at the list price, so the lever shows what the night price is worth.
    #[serde(default, skip_serializing_if = "is_empty")]
    pub off_peak: List<OffPeakPrice>,
    /// What a buyer weighs besides price (compute SLA, certifications), each with its source;
    /// empty where no source in the catalog's research says it.
    #[serde(default, skip_serializing_if = "ProviderFacts::is_empty")]
    pub facts: ProviderFacts,
}

/// The cost guide's risk section (seed 004 §4.2) tells buyers to prefer providers with an SLA
/// for critical work (99.9 %) and ISO 27001 certification. Each fact here cites its source;
/// a fact no source states is absent, and the page says "not found" rather than guessing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderFacts {
    /// Where the research names the provider's kind (hyperscaler, neocloud, marketplace,
    /// rental platform): the vendored file and its words, e.g. `data/upstream/sources/dated_2026/
    /// README.md: "优云智算 CompShare (UCloud 优刻得's GPU rental platform)"`. `None`: the kind is
    /// the catalog's own classification and the page says no source states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind_source: Option<Text>,
    /// The compute SLA, when a source states one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sla: Option<Sla>,
    /// Certifications the provider lists (ISO/IEC 27001, SOC 2, …), each sourced.
    #[serde(default, skip_serializing_if = "is_empty")]
    pub certifications: List<Certification>,
}

impl ProviderFacts {
    /// Whether no fact is known.
    pub fn is_empty(&self) -> bool {
        self.kind_source.is_none() && self.sla.is_none() && self.certifications.is_empty()
    }

    /// Whether a source states a compute SLA of at least `min_pct` percent.
    pub fn sla_at_least(&self, min_pct: Decimal) -> bool {
        self.sla.as_ref().is_some_and(|s| s.percent >= min_pct)
    }

    /// Whether a source states the provider holds ISO/IEC 27001.
    pub fn iso_27001(&self) -> bool {
        self.certifications.iter().any(Certification::is_iso_27001)
    }
}

/// A published compute service level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sla {
    /// Monthly uptime percentage promised (e.g. `99.9`).
    pub percent: Decimal,
    /// What it covers (single instance, region, …), as published, with its source.
    pub covers: Rule,
}

/// A certification a provider lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certification {
    /// Its name as published (`ISO/IEC 27001`).
    pub name: Text,
    /// Source id.
    pub source: Text,
}

impl Certification {
    /// Whether it is ISO/IEC 27001 (the certification the cost guide's §4.2 names), by its
    /// published name (`ISO/IEC 27001`, `ISO/IEC 27001:2013`).
    pub fn is_iso_27001(&self) -> bool {
        self.name.contains("27001")
    }
}

/// A published time-of-day price: on-demand use of some GPUs in a daily window costs less
/// (CompShare's night discount: 10 % off 01:00–07:00 on RTX 4090/5090).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffPeakPrice {
    /// The catalog GPU models it applies to.
    pub gpus: List<Text>,
    /// Window start, hour of day on the provider's clock.
    pub start_hour: u8,
    /// Window end, hour of day (exclusive; less than the start when the window wraps).
    pub end_hour: u8,
    /// The provider's clock, minutes east of UTC (China Standard Time: 480).
    pub utc_offset_minutes: i16,
    /// Percent off the on-demand price inside the window.
    pub discount_pct: Decimal,
    /// The rule as published, with its source.
    pub rule: Rule,
}

impl OffPeakPrice {
    /// Whether hour-of-day `h` on the provider's clock falls in the window.
    pub fn contains_hour(&self, h: u8) -> bool {
        let (s, e) = (self.start_hour, self.end_hour);
        if s <= e {
            h >= s && h < e
        } else {
            h >= s || h < e
        }
    }

    /// The price per hour inside the window, for an on-demand price of `amount`.
    pub fn price(&self, amount: Decimal) -> Decimal {
        amount * (Decimal::ONE_HUNDRED - self.discount_pct) / Decimal::ONE_HUNDRED
    }
}

/// Datasheet figures of one GPU SKU, from `gpu_specs.csv` or the curated
/// `data/curated/gpu_specs.csv` (GPUs the upstream file lacks).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GpuSpec {
    /// The SKU name in `gpu_specs.csv` (e.g. `A100-SXM4-80GB`).
    pub model: Text,
    /// On-board memory, GiB.
    pub memory_gib: f64,
    /// Peak memory bandwidth, GB/s.
    pub bandwidth_gbps: Option<f64>,
    /// Peak FP32 TFLOPS (non-tensor).
    pub fp32_tflops: Option<f64>,
    /// Peak dense FP16 tensor TFLOPS.
    pub fp16_tensor_tflops: Option<f64>,
    /// Peak dense BF16 tensor TFLOPS; `None` = not supported or not sourced.
    pub bf16_tensor_tflops: Option<f64>,
    /// Peak dense INT8 tensor TOPS.
    pub int8_tops: Option<f64>,
    /// Peak dense FP8 tensor TFLOPS (Ada, Hopper, Blackwell); `None` = no FP8 path or not
    /// recorded (the upstream rows keep FP8 in their notes only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fp8_tensor_tflops: Option<f64>,
    /// Board power, W.
    pub tdp_watts: Option<f64>,
    /// Maximum MIG instances (0 = no MIG).
    pub mig_max_instances: u32,
    /// NVLink: `Some(true)`, `Some(false)`, or `None` when not confirmed.
    pub nvlink: Option<bool>,
    /// Architecture name.
    pub architecture: Text,
    /// Release year.
    pub release_year: Option<u32>,
    /// Source keys from `hardware/sources.csv`.
    pub source: Text,
}

/// A GPU model as the price catalog names it (e.g. `A100-80GB`, `T4`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    /// Catalog id, used in URLs.
    pub id: Text,
    /// Display name.
    pub name: Text,
    /// `NVIDIA`, `AMD`, …
    pub vendor: Text,
    /// Chip family; offers of the same family with at least as much memory can serve a line.
    pub family: Text,
    /// Memory per GPU in GiB, when known.
    pub memory_gib: Option<Decimal>,
    /// The datasheet row (`GpuSpec::model`) that represents this model, if one exists.
    pub spec: Option<Text>,
}

/// What a catalog price covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PriceBasis {
    /// The whole instance (all its GPUs, CPU, RAM).
    Instance,
    /// One GPU with its share of host (RunPod pods, rental platforms).
    PerGpu,
    /// Google Cloud: host VM price plus accelerator price, summed by the upstream catalog.
    HostPlusGpu,
    /// Only the GPU component; the host VM is billed separately (Google Cloud GPU SKUs).
    GpuComponent,
}

/// A caveat attached to an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OfferFlag {
    /// A single marketplace listing, not a stable list price.
    MarketplaceListing,
    /// The cheapest region is below 60 % of the regional median (an outlier).
    OutlierMinimum,
    /// Some regions' spot quotes were not below on-demand and were dropped.
    SpotAboveOnDemandDropped,
    /// The source lists no currency; the upstream catalog treats it as USD.
    CurrencyAssumedUsd,
    /// The upstream snapshot is no longer refreshed.
    OldSnapshot,
    /// Only for members of the institution.
    InstitutionOnly,
    /// A published range, not a single list price.
    PublishedRange,
    /// The size is sold as a fraction of a GPU in some documents, and no citable source
    /// confirms the share; its GPU count is the upstream catalog's.
    GpuShareUnconfirmed,
}

/// One price of an offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Price {
    /// How it is paid; hourly unless a subscription.
    pub mode: BillingMode,
    /// Region id where this price applies.
    pub region: Text,
    /// The amount per hour (or per subscription period), exact.
    pub amount: Decimal,
    /// Its currency.
    pub currency: Currency,
    /// Source id.
    pub source: Text,
    /// When it was current.
    pub as_of: AsOf,
}

/// A rentable configuration: an instance type, a pod or a platform machine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Offer {
    /// `provider/instance`, unique.
    pub id: Text,
    /// Provider id.
    pub provider: Text,
    /// The provider's name for it.
    pub instance: Text,
    /// GPU model id.
    pub gpu: Text,
    /// The accelerator name as the source writes it.
    pub variant: Text,
    /// GPUs per instance; fractional for vGPU/MIG slices.
    pub gpus: Decimal,
    /// Memory per GPU (or per slice), GiB.
    pub gpu_memory_gib: Option<Decimal>,
    /// Host vCPUs.
    pub vcpus: Option<Decimal>,
    /// Host RAM, GiB.
    pub ram_gib: Option<Decimal>,
    /// What its prices cover.
    pub basis: PriceBasis,
    /// A datasheet row more precise than the GPU model's (e.g. the PCIe form factor).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<Text>,
    /// Caveats.
    #[serde(default, skip_serializing_if = "is_empty")]
    pub flags: List<OfferFlag>,
    /// Prices by mode and region.
    pub prices: List<Price>,
}

/// A continent, as a place constraint names it (the Middle East is in Asia).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Continent {
    /// Africa.
    Af,
    /// Asia, the Middle East included.
    As,
    /// Europe.
    Eu,
    /// North America, Central America included.
    Na,
    /// South America.
    Sa,
    /// Oceania.
    Oc,
}

impl Continent {
    /// Every continent, in menu order.
    pub const ALL: [Continent; 6] = [
        Continent::As,
        Continent::Eu,
        Continent::Na,
        Continent::Sa,
        Continent::Oc,
        Continent::Af,
    ];

    /// Stable slug (`as`, `eu`, …), as in the catalog file and links.
    pub fn as_str(self) -> &'static str {
        match self {
            Continent::Af => "af",
            Continent::As => "as",
            Continent::Eu => "eu",
            Continent::Na => "na",
            Continent::Sa => "sa",
            Continent::Oc => "oc",
        }
    }

    /// The continent with this slug.
    pub fn from_slug(s: &str) -> Option<Continent> {
        Continent::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

/// Where one provider region is: its country and continent, each `None` when no source
/// establishes it (a price group spanning countries, a marketplace pool). Such regions are
/// listed as of unknown place, never guessed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionPlace {
    /// Provider id.
    pub provider: Text,
    /// Region id, as the provider's prices name it.
    pub region: Text,
    /// ISO 3166-1 alpha-2 code (`CN` is mainland China; Hong Kong is `HK`).
    pub country: Option<Text>,
    /// Continent.
    pub continent: Option<Continent>,
    /// Source id.
    pub source: Text,
}

impl RegionPlace {
    /// Whether the region is in mainland China: `None` when its country is unknown and its
    /// continent does not settle it.
    pub fn in_mainland_china(&self) -> Option<bool> {
        match (&self.country, self.continent) {
            (Some(c), _) => Some(c == "CN"),
            (None, Some(continent)) if continent != Continent::As => Some(false),
            (None, _) => None,
        }
    }
}
