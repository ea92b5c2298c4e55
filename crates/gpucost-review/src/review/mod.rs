//! The review of one bill: [`Reviewer`] takes the bill's rows one at a time (so a million-row
//! report is folded in bounded memory) and [`Reviewer::finish`] gives the [`Review`]: where the
//! GPU money went, when the GPUs ran, what was wasted, and how spend stands against budgets.
//! The levers are priced separately by the engine ([`levers`]).
//!
//! Every amount stays exact and in the bill's own currency; a bill that mixes currencies is
//! summed per currency ([`Amounts`]). Display conversion is the renderer's business.

mod amounts;
mod error;
pub mod levers;
mod recognize;
pub mod rightsize;
pub mod summary;
mod time;
pub mod utilization;

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDateTime;
use gpucost_core::catalog::Catalog;
use gpucost_core::money::Currency;
use rust_decimal::Decimal;

use crate::bill::{BillError, BillFormat, BillProblem, BillSummary, Lack, UsageRow};
use crate::limits::{
    MAX_INSTANCE_TYPES, MAX_NON_GPU_ITEMS, MAX_PROVIDERS, MAX_REGIONS, MAX_RESOURCES, MAX_SUM,
    MAX_TAG_KEYS, MAX_TAG_PROVIDER_SPENDS, MAX_TAG_VALUES, OTHER,
};
pub use amounts::Amounts;
pub use recognize::{GpuUse, Recognizer};
use time::{HourOfWeek, WEEK_HOURS};

/// Tag keys that say which environment a resource belongs to.
pub const ENV_TAG_KEYS: &[&str] = &["env", "environment", "stage"];
/// Environment tag values that mark development and test resources.
pub const DEV_TAG_VALUES: &[&str] = &[
    "dev",
    "development",
    "test",
    "testing",
    "qa",
    "ci",
    "staging",
];
/// A resource used at least this share of the reviewed period never stops.
pub const ALWAYS_ON_SHARE: Decimal = Decimal::from_parts(95, 0, 0, false, 2);

/// How a review reads its bill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewOptions {
    /// The team's time zone, minutes east of UTC, for the heat map and office hours.
    pub tz_offset_minutes: i16,
    /// Monthly budgets per tag value.
    pub budgets: Vec<Budget>,
}

impl Default for ReviewOptions {
    /// UTC+8, no budgets.
    fn default() -> Self {
        ReviewOptions {
            tz_offset_minutes: 8 * 60,
            budgets: Vec::new(),
        }
    }
}

/// A monthly budget for the resources carrying one tag value (`team=ml`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Tag key.
    pub key: String,
    /// Tag value.
    pub value: String,
    /// Budget per 730-hour month.
    pub monthly: Decimal,
    /// Its currency.
    pub currency: Currency,
}

impl std::str::FromStr for Budget {
    type Err = BadBudget;

    /// `team=ml:5000USD`: a tag key and value, then the monthly amount and its currency.
    fn from_str(raw: &str) -> Result<Budget, BadBudget> {
        let bad = || BadBudget(raw.to_string());
        let (tag, money) = raw.trim().rsplit_once(':').ok_or_else(bad)?;
        let (key, value) = tag.split_once('=').ok_or_else(bad)?;
        let (key, value) = (key.trim(), value.trim());
        if money.len() < 4 || !money.is_char_boundary(money.len() - 3) {
            return Err(bad());
        }
        let (amount, cur) = money.split_at(money.len() - 3);
        let monthly = gpucost_core::money::parse_decimal(amount.trim()).map_err(|_| bad())?;
        let currency: Currency = cur.parse().map_err(|_| bad())?;
        if key.is_empty() || value.is_empty() || monthly <= Decimal::ZERO {
            return Err(bad());
        }
        Ok(Budget {
            key: key.to_string(),
            value: value.to_string(),
            monthly,
            currency,
        })
    }
}

/// A budget that is not `KEY=VALUE:AMOUNTCUR` (e.g. `team=ml:5000USD`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadBudget(pub String);

/// Spend and GPU-hours of one group (a provider, a GPU model, an instance type, a tag value).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Group {
    /// The group's key as the bill or the catalog names it (`aws`, `T4`, `g5.xlarge`, `ml`).
    pub key: String,
    /// Its GPU spend.
    pub cost: Amounts,
    /// Its GPU-hours.
    pub gpu_hours: Decimal,
    /// Its GPU-hours per currency they were billed in (a GPU model billed in CNY by one
    /// seller and in USD by another has two rates, each over its own hours).
    pub currency_hours: Amounts,
}

impl Group {
    /// Spend per GPU-hour in `currency`: the spend in that currency over the GPU-hours billed
    /// in it, when there are any. `None` too when the quotient is past a decimal (a large
    /// cost over a tiny fraction of an hour).
    pub fn per_gpu_hour(&self, currency: Currency) -> Option<Decimal> {
        self.cost
            .get(currency)
            .checked_div(self.currency_hours.get(currency))
    }

    /// Adds a row's `cost` in `currency` and its `gpu_hours`.
    fn add(&mut self, currency: Currency, cost: Decimal, gpu_hours: Decimal) {
        self.cost.add(currency, cost);
        self.gpu_hours = self.gpu_hours.saturating_add(gpu_hours);
        self.currency_hours.add(currency, gpu_hours);
    }
}

/// A GPU resource that ran for nearly the whole period.
pub type AlwaysOn = GpuResource;

/// One GPU resource of the bill: what it is, how long it ran and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GpuResource {
    /// Its id as the bill writes it (or its instance type when the bill has no id).
    pub resource: String,
    /// Provider id.
    pub provider: String,
    /// Catalog GPU model id.
    pub gpu: String,
    /// Hours it ran.
    pub hours: Decimal,
    /// What it cost.
    pub cost: Amounts,
}

/// What was spent on GPUs that did not need to run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Waste {
    /// GPU resources that never stopped.
    pub always_on: Vec<AlwaysOn>,
    /// Dev/test-tagged GPU use outside office hours (Mon–Fri 08:00–20:00 local): GPU-hours.
    pub dev_off_hours_gpu_hours: Decimal,
    /// … and its cost (the rows' cost in proportion to their off-hours time).
    pub dev_off_hours_cost: Amounts,
    /// … that cost per tag key and value (the same groups as [`Review::by_tag`]'s).
    pub dev_off_hours_by_tag: BTreeMap<(String, String), Amounts>,
}

/// A budget against the spend of its tag value, both per 730-hour month.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetCheck {
    /// The budget.
    pub budget: Budget,
    /// GPU spend of the tag value per month, in the budget's currency.
    pub monthly_spend: Decimal,
}

impl BudgetCheck {
    /// Whether the spend exceeds the budget.
    pub fn over(&self) -> bool {
        self.monthly_spend > self.budget.monthly
    }
}

/// A dimension whose distinct values the review caps ([`crate::limits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dimension {
    /// Tag keys ([`crate::limits::MAX_TAG_KEYS`]).
    TagKeys,
    /// The values of one tag key ([`crate::limits::MAX_TAG_VALUES`]).
    TagValues,
    /// GPU resources ([`crate::limits::MAX_RESOURCES`]).
    Resources,
    /// Instance types or GPU SKUs ([`crate::limits::MAX_INSTANCE_TYPES`]).
    InstanceTypes,
    /// Descriptions of non-GPU spend ([`crate::limits::MAX_NON_GPU_ITEMS`]).
    NonGpuItems,
    /// Providers ([`crate::limits::MAX_PROVIDERS`]).
    Providers,
    /// Regions of one provider ([`crate::limits::MAX_REGIONS`]).
    Regions,
}

impl Dimension {
    /// The slug exports write.
    pub fn as_str(self) -> &'static str {
        match self {
            Dimension::TagKeys => "tag-keys",
            Dimension::TagValues => "tag-values",
            Dimension::Resources => "resources",
            Dimension::InstanceTypes => "instance-types",
            Dimension::NonGpuItems => "non-gpu-items",
            Dimension::Providers => "providers",
            Dimension::Regions => "regions",
        }
    }
}

/// Values of a dimension past its cap, folded into the group [`crate::limits::OTHER`]: the
/// review says so, in every output, so that no total looks complete when it is not broken
/// down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fold {
    /// The dimension.
    pub dimension: Dimension,
    /// The tag key, for [`Dimension::TagValues`]; the provider, for [`Dimension::Regions`].
    pub key: Option<String>,
    /// The most distinct values kept apart.
    pub max: usize,
    /// Rows whose value was folded.
    pub rows: u64,
}

/// The review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// The file's name.
    pub file: String,
    /// Its format.
    pub format: BillFormat,
    /// Rows read.
    pub rows: u64,
    /// Lines skipped, and the first ones' problems.
    pub skipped: u64,
    /// The first skipped lines' problems.
    pub problems: Vec<BillError>,
    /// First usage start and last usage end, UTC, when the bill dates its rows.
    pub period: Option<(NaiveDateTime, NaiveDateTime)>,
    /// The whole bill.
    pub total: Amounts,
    /// GPU spend.
    pub gpu: Amounts,
    /// Everything else, by what the bill calls it (biggest first).
    pub non_gpu: Vec<(String, Amounts)>,
    /// GPU-hours.
    pub gpu_hours: Decimal,
    /// GPU spend by provider, GPU model and instance type, biggest first.
    pub by_provider: Vec<Group>,
    /// … by catalog GPU model.
    pub by_gpu: Vec<Group>,
    /// … by instance type (or GPU SKU).
    pub by_instance: Vec<Group>,
    /// … by each tag key, then value (`(untagged)` for GPU rows without the key).
    pub by_tag: BTreeMap<String, Vec<Group>>,
    /// GPU-hours per hour of the week (Monday 00:00 first, in the review's time zone).
    pub heat: Vec<Decimal>,
    /// GPU spend per tag key, tag value and provider (the same groups as [`Review::by_tag`]'s
    /// and [`Review::by_provider`]'s), for the owners of a provider's levers; `None` when the
    /// bill had more than [`MAX_TAG_PROVIDER_SPENDS`] of them.
    pub by_tag_and_provider: Option<BTreeMap<(String, String, String), Amounts>>,
    /// Per provider and catalog GPU model: GPU-hours per hour of the week, all and
    /// dev/test-tagged.
    pub usage: BTreeMap<(String, String), GpuWeek>,
    /// Waste found.
    pub waste: Waste,
    /// Budgets against spend.
    pub budgets: Vec<BudgetCheck>,
    /// Providers and regions of the GPU rows (for the same-place lever).
    pub regions: BTreeMap<String, Vec<String>>,
    /// Every GPU resource, biggest spend first (for joining utilization samples).
    pub resources: Vec<GpuResource>,
    /// What a utilization side file said of the resources, when one was given
    /// ([`utilization::review_utilization`]).
    pub utilization: Option<utilization::UtilizationReview>,
    /// The options it was made with.
    pub options: ReviewOptions,
    /// Dimensions with more distinct values than the review keeps apart, and how many rows
    /// went to their [`crate::limits::OTHER`] group.
    pub folded: Vec<Fold>,
    /// Whether every dated GPU row spans whole days from midnight (a bill grouped by day):
    /// its hours of the day are not known, and each day's use is spread evenly over them.
    pub by_day: bool,
}

/// One GPU model's use over the week: GPU-hours per hour of the week.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GpuWeek {
    /// Every use.
    pub all: Vec<Decimal>,
    /// Dev/test-tagged use.
    pub dev: Vec<Decimal>,
    /// The most GPUs on one of the bill's machines of this model (zero when the bill names
    /// no instance type), so that the scenario keeps machines that big.
    pub per_machine: Decimal,
}

impl Default for GpuWeek {
    fn default() -> Self {
        GpuWeek {
            all: vec![Decimal::ZERO; WEEK_HOURS],
            dev: vec![Decimal::ZERO; WEEK_HOURS],
            per_machine: Decimal::ZERO,
        }
    }
}

impl Review {
    /// Hours the review covers (first start to last end), when the bill dates its rows.
    pub fn period_hours(&self) -> Option<Decimal> {
        self.period.map(|(a, b)| span_hours(a, b))
    }

    /// What the bill does not say: its format's gaps ([`BillFormat::lacks`]), and the hours
    /// of the day when it counts GPU use by the day.
    pub fn lacks(&self) -> Vec<Lack> {
        let mut lacks = self.format.lacks().to_vec();
        if self.by_day {
            lacks.push(Lack::HoursOfDay);
        }
        lacks
    }

    /// Whether some GPU resources were folded into [`crate::limits::OTHER`], so that not
    /// every resource of the bill is listed apart.
    pub fn resources_folded(&self) -> bool {
        self.folded
            .iter()
            .any(|f| f.dimension == Dimension::Resources)
    }
}

/// Whole minutes from `a` to `b`, in hours (zero when `b` is earlier). Chrono's whole range
/// is about 2.8 × 10¹¹ minutes: no overflow.
fn span_hours(a: NaiveDateTime, b: NaiveDateTime) -> Decimal {
    Decimal::from((b - a).num_minutes().max(0)) / Decimal::from(60)
}

/// Per resource: what it is and how long it ran.
#[derive(Default)]
struct ResourceUse {
    provider: String,
    gpu: String,
    /// Whether the bill named it by a resource id (else it is an instance type or GPU SKU,
    /// which may be several machines at once).
    by_id: bool,
    hours: Decimal,
    cost: Amounts,
}

/// Reads a whole bill and reviews it: [`crate::bill::read_bill`] into a [`Reviewer`], one row
/// at a time. `on_progress` hears the bytes read so far.
///
/// # Errors
/// The bill cannot be read at all (see [`crate::bill::read_bill`]).
pub fn review_bill<'a>(
    catalog: &Catalog,
    file: &str,
    reader: impl Into<crate::bill::BillInput<'a>>,
    options: ReviewOptions,
    on_progress: impl FnMut(u64),
) -> Result<Review, BillError> {
    let mut reviewer = Reviewer::new(catalog, options);
    let summary =
        crate::bill::read_bill_checked(file, reader, |row| reviewer.add(&row), on_progress)?;
    Ok(reviewer.finish(file, &summary))
}

/// Folds a bill's rows into a [`Review`].
pub struct Reviewer<'c> {
    recognizer: Recognizer<'c>,
    options: ReviewOptions,
    period: Option<(NaiveDateTime, NaiveDateTime)>,
    total: Amounts,
    gpu: Amounts,
    non_gpu: HashMap<String, Amounts>,
    gpu_hours: Decimal,
    /// GPU-hours per currency they were billed in.
    currency_hours: Amounts,
    by_provider: HashMap<String, Group>,
    by_gpu: HashMap<String, Group>,
    by_instance: HashMap<String, Group>,
    by_tag: HashMap<String, HashMap<String, Group>>,
    heat: Vec<Decimal>,
    usage: BTreeMap<(String, String), GpuWeek>,
    resources: HashMap<String, ResourceUse>,
    dev_off_hours_gpu_hours: Decimal,
    dev_off_hours_cost: Amounts,
    dev_off_hours_by_tag: BTreeMap<(String, String), Amounts>,
    by_tag_and_provider: HashMap<(String, String, String), Amounts>,
    /// Whether a (tag, provider) spend found no room in `by_tag_and_provider`.
    by_tag_and_provider_full: bool,
    regions: BTreeMap<String, std::collections::BTreeSet<String>>,
    /// Per currency, the sum of the rows' costs' sizes: it bounds every cost sum the review
    /// makes, credits included, so checking it alone keeps them all below [`MAX_SUM`].
    cost_size: BTreeMap<Currency, Decimal>,
    /// The sum of the GPU rows' hours (bounds every hours sum, as above).
    hours_sum: Decimal,
    /// Rows folded per dimension (and tag key or provider).
    folds: BTreeMap<(Dimension, Option<String>), u64>,
    /// Dated GPU rows of whole days and of other spans.
    gpu_spans: GpuSpans,
}

/// How many dated GPU rows span whole days from midnight UTC, and how many do not.
#[derive(Default)]
struct GpuSpans {
    by_day: u64,
    timed: u64,
}

/// The key a capped map of `len` keys, `max` at most, files `key` under: `key` itself when
/// it is there already or there is room, else [`OTHER`], counting the fold.
fn capped<'k, V>(
    map: &HashMap<String, V>,
    key: &'k str,
    max: usize,
    fold: (Dimension, Option<&str>),
    folds: &mut BTreeMap<(Dimension, Option<String>), u64>,
) -> &'k str {
    if map.contains_key(key) || map.len() < max {
        return key;
    }
    let counted = folds
        .entry((fold.0, fold.1.map(str::to_string)))
        .or_default();
    *counted = counted.saturating_add(1);
    OTHER
}

impl<'c> Reviewer<'c> {
    /// A reviewer recognizing GPU rows by `catalog`.
    pub fn new(catalog: &'c Catalog, options: ReviewOptions) -> Reviewer<'c> {
        Reviewer {
            recognizer: Recognizer::new(catalog),
            options,
            period: None,
            total: Amounts::default(),
            gpu: Amounts::default(),
            non_gpu: HashMap::new(),
            gpu_hours: Decimal::ZERO,
            currency_hours: Amounts::default(),
            by_provider: HashMap::new(),
            by_gpu: HashMap::new(),
            by_instance: HashMap::new(),
            by_tag: HashMap::new(),
            heat: vec![Decimal::ZERO; WEEK_HOURS],
            usage: BTreeMap::new(),
            resources: HashMap::new(),
            dev_off_hours_gpu_hours: Decimal::ZERO,
            dev_off_hours_cost: Amounts::default(),
            dev_off_hours_by_tag: BTreeMap::new(),
            by_tag_and_provider: HashMap::new(),
            by_tag_and_provider_full: false,
            regions: BTreeMap::new(),
            cost_size: BTreeMap::new(),
            hours_sum: Decimal::ZERO,
            folds: BTreeMap::new(),
            gpu_spans: GpuSpans::default(),
        }
    }

    /// Adds one row.
    ///
    /// # Errors
    /// The row is beyond the plausibility limits ([`crate::bill::plausible`]), or adding it
    /// would take a sum past [`MAX_SUM`] ([`BillProblem::Overflow`]); nothing of it is added.
    pub fn add(&mut self, row: &UsageRow) -> Result<(), BillProblem> {
        crate::bill::plausible(row)?;
        // Every figure of the row first, checked; only then is anything added, so a refused
        // row leaves no trace.
        let overflow = || BillProblem::Overflow;
        let under_max = |d: Decimal| (d <= MAX_SUM).then_some(d);
        let cost_size = self
            .cost_size
            .get(&row.currency)
            .copied()
            .unwrap_or_default()
            .checked_add(row.cost.abs())
            .and_then(under_max)
            .ok_or_else(overflow)?;
        let span = row.start.zip(row.end).filter(|(a, b)| b > a);
        let gpu_use = self.recognizer.recognize(row);
        let (hours, gpu_hours, hours_sum, total_gpu_hours) = match &gpu_use {
            Some(u) => {
                let hours = row
                    .hours
                    .or_else(|| span.map(|(a, b)| span_hours_exact(a, b)));
                let h = hours.unwrap_or_default();
                let gpu_hours = h.checked_mul(u.gpus).ok_or_else(overflow)?;
                let hours_sum = self
                    .hours_sum
                    .checked_add(h)
                    .and_then(under_max)
                    .ok_or_else(overflow)?;
                let total = self
                    .gpu_hours
                    .checked_add(gpu_hours)
                    .and_then(under_max)
                    .ok_or_else(overflow)?;
                (hours, gpu_hours, hours_sum, total)
            }
            None => (None, Decimal::ZERO, self.hours_sum, self.gpu_hours),
        };
        self.cost_size.insert(row.currency, cost_size);
        self.hours_sum = hours_sum;
        self.gpu_hours = total_gpu_hours;

        self.total.add(row.currency, row.cost);
        if let Some((a, b)) = span {
            self.period = Some(match self.period {
                None => (a, b),
                Some((x, y)) => (x.min(a), y.max(b)),
            });
        }
        let Some(gpu_use) = gpu_use else {
            // A line the bill names by nothing is no row of an empty name (": $0.00").
            let what = if row.description.trim().is_empty() {
                NOT_DESCRIBED
            } else {
                row.description.as_str()
            };
            let what = capped(
                &self.non_gpu,
                what,
                MAX_NON_GPU_ITEMS,
                (Dimension::NonGpuItems, None),
                &mut self.folds,
            )
            .to_string();
            self.non_gpu
                .entry(what)
                .or_default()
                .add(row.currency, row.cost);
            return Ok(());
        };
        self.gpu.add(row.currency, row.cost);
        self.currency_hours.add(row.currency, gpu_hours);
        let instance = row
            .instance_type
            .as_deref()
            .or(row.gpu_model.as_deref())
            .unwrap_or_default();
        let folds = &mut self.folds;
        let provider = capped(
            &self.by_provider,
            &row.provider,
            MAX_PROVIDERS,
            (Dimension::Providers, None),
            folds,
        )
        .to_string();
        let instance_key = capped(
            &self.by_instance,
            instance,
            MAX_INSTANCE_TYPES,
            (Dimension::InstanceTypes, None),
            folds,
        )
        .to_string();
        for (map, key) in [
            (&mut self.by_provider, provider.clone()),
            (&mut self.by_gpu, gpu_use.gpu.clone()),
            (&mut self.by_instance, instance_key),
        ] {
            let g = map.entry(key.clone()).or_insert_with(|| Group {
                key,
                ..Group::default()
            });
            g.add(row.currency, row.cost, gpu_hours);
        }
        let mut in_other_key = false;
        // The tag groups the row went to (capped as above), for its dev/test off-hours cost.
        let mut kept_tags: Vec<(String, String)> = Vec::new();
        // A tag without a key or a value (`team=`) names no group: the row is untagged
        // under that key, never in a group of an empty name (a row reading ": $0.00").
        let named = row
            .tags
            .iter()
            .filter(|(k, v)| !k.trim().is_empty() && !v.trim().is_empty());
        for (k, v) in named {
            let kept = self.by_tag.contains_key(k.as_str()) || self.by_tag.len() < MAX_TAG_KEYS;
            if !kept && in_other_key {
                // This row is in the folded keys' group already (and counted once).
                continue;
            }
            let k = capped(
                &self.by_tag,
                k,
                MAX_TAG_KEYS,
                (Dimension::TagKeys, None),
                folds,
            );
            // Under the folded keys one value, once per row, so that the key's groups still
            // add up to the GPU spend.
            let v = if k == OTHER {
                if in_other_key {
                    continue;
                }
                in_other_key = true;
                OTHER
            } else {
                v
            };
            let values = self.by_tag.entry(k.to_string()).or_default();
            let v = capped(
                values,
                v,
                MAX_TAG_VALUES,
                (Dimension::TagValues, Some(k)),
                folds,
            );
            let g = values.entry(v.to_string()).or_insert_with(|| Group {
                key: v.to_string(),
                ..Group::default()
            });
            g.add(row.currency, row.cost, gpu_hours);
            kept_tags.push((k.to_string(), v.to_string()));
        }
        for (k, v) in &kept_tags {
            let at = (k.clone(), v.clone(), provider.clone());
            if self.by_tag_and_provider.len() < MAX_TAG_PROVIDER_SPENDS
                || self.by_tag_and_provider.contains_key(&at)
            {
                self.by_tag_and_provider
                    .entry(at)
                    .or_default()
                    .add(row.currency, row.cost);
            } else {
                self.by_tag_and_provider_full = true;
            }
        }
        if let Some(region) = &row.region {
            let regions = self.regions.entry(provider.clone()).or_default();
            if regions.contains(region) || regions.len() < MAX_REGIONS {
                regions.insert(region.clone());
            } else {
                let n = folds
                    .entry((Dimension::Regions, Some(provider.clone())))
                    .or_default();
                *n = n.saturating_add(1);
            }
        }
        let dev = is_dev(&row.tags);
        let week = self
            .usage
            .entry((provider.clone(), gpu_use.gpu.clone()))
            .or_default();
        if gpu_use.offer.is_some() {
            week.per_machine = week.per_machine.max(gpu_use.gpus);
        }
        if let Some((a, b)) = span {
            if time::whole_days(a, b) {
                self.gpu_spans.by_day += 1;
            } else {
                self.gpu_spans.timed += 1;
            }
            let tz = self.options.tz_offset_minutes;
            let mut off_hours = Decimal::ZERO;
            // Shares are at most one and add up to one: every product and sum below is at
            // most the row's GPU-hours or cost, within the limits checked above, so the
            // saturating operations never saturate; they only make a panic impossible.
            for (slot, share) in HourOfWeek::spread(a, b, tz) {
                let h = gpu_hours.saturating_mul(share);
                self.heat[slot] = self.heat[slot].saturating_add(h);
                week.all[slot] = week.all[slot].saturating_add(h);
                if dev {
                    week.dev[slot] = week.dev[slot].saturating_add(h);
                    if !time::office_hour(slot) {
                        off_hours = off_hours.saturating_add(share);
                    }
                }
            }
            if dev && !off_hours.is_zero() {
                self.dev_off_hours_gpu_hours = self
                    .dev_off_hours_gpu_hours
                    .saturating_add(gpu_hours.saturating_mul(off_hours));
                let cost = row.cost.saturating_mul(off_hours);
                self.dev_off_hours_cost.add(row.currency, cost);
                for tag in kept_tags {
                    self.dev_off_hours_by_tag
                        .entry(tag)
                        .or_default()
                        .add(row.currency, cost);
                }
            }
        }
        let resource = row.resource_id.as_deref().unwrap_or(instance);
        let resource = capped(
            &self.resources,
            resource,
            MAX_RESOURCES,
            (Dimension::Resources, None),
            folds,
        );
        let folded = resource == OTHER;
        let r = self.resources.entry(resource.to_string()).or_default();
        if folded {
            // The folded resources are of many providers and GPUs: none is claimed.
            r.provider.clear();
            r.gpu.clear();
        } else {
            r.provider.clone_from(&row.provider);
            r.gpu.clone_from(&gpu_use.gpu);
        }
        r.by_id |= row.resource_id.is_some();
        r.hours = r.hours.saturating_add(hours.unwrap_or_default());
        r.cost.add(row.currency, row.cost);
        Ok(())
    }

    /// The review of the rows added, with what reading the bill found.
    pub fn finish(self, file: &str, summary: &BillSummary) -> Review {
        let order = |groups: HashMap<String, Group>| {
            let mut v: Vec<Group> = groups.into_values().collect();
            v.sort_by(|a, b| {
                b.cost
                    .weight(FX_ORDER)
                    .cmp(&a.cost.weight(FX_ORDER))
                    .then_with(|| a.key.cmp(&b.key))
            });
            v
        };
        let mut by_tag = BTreeMap::new();
        for (key, values) in self.by_tag {
            let mut groups = values;
            // GPU spend without this tag, so each key's groups add up to the GPU spend.
            let mut tagged = Amounts::default();
            let mut tagged_hours = Decimal::ZERO;
            let mut tagged_currency_hours = Amounts::default();
            for g in groups.values() {
                tagged.add_all(&g.cost);
                tagged_hours = tagged_hours.saturating_add(g.gpu_hours);
                tagged_currency_hours.add_all(&g.currency_hours);
            }
            let mut untagged = Amounts::default();
            for (c, a) in &self.gpu.0 {
                let rest = a.saturating_sub(tagged.get(*c));
                if !rest.is_zero() {
                    untagged.add(*c, rest);
                }
            }
            let mut untagged_hours = Amounts::default();
            for (c, h) in &self.currency_hours.0 {
                let rest = h.saturating_sub(tagged_currency_hours.get(*c));
                if !rest.is_zero() {
                    untagged_hours.add(*c, rest);
                }
            }
            if !untagged.is_empty() || self.gpu_hours > tagged_hours {
                groups.insert(
                    UNTAGGED.into(),
                    Group {
                        key: UNTAGGED.into(),
                        cost: untagged,
                        gpu_hours: self.gpu_hours.saturating_sub(tagged_hours),
                        currency_hours: untagged_hours,
                    },
                );
            }
            by_tag.insert(key, order(groups));
        }
        let mut non_gpu: Vec<(String, Amounts)> = self.non_gpu.into_iter().collect();
        non_gpu.sort_by(|a, b| {
            b.1.weight(FX_ORDER)
                .cmp(&a.1.weight(FX_ORDER))
                .then_with(|| a.0.cmp(&b.0))
        });
        let period = self.period;
        let period_hours = period.map(|(a, b)| span_hours(a, b));
        // A resource named only by its instance type or GPU SKU with more hours than the
        // period is several machines at once: none of them is claimed to never stop.
        let several: std::collections::HashSet<String> = self
            .resources
            .iter()
            .filter(|(_, r)| !r.by_id && period_hours.is_some_and(|p| r.hours > p))
            .map(|(id, _)| id.clone())
            .collect();
        let mut resources: Vec<GpuResource> = self
            .resources
            .into_iter()
            .map(|(id, r)| GpuResource {
                resource: id,
                provider: r.provider,
                gpu: r.gpu,
                hours: r.hours,
                cost: r.cost,
            })
            .collect();
        resources.sort_by(|a, b| {
            b.cost
                .weight(FX_ORDER)
                .cmp(&a.cost.weight(FX_ORDER))
                .then_with(|| a.resource.cmp(&b.resource))
        });
        let always_on: Vec<AlwaysOn> = resources
            .iter()
            .filter(|r| r.resource != OTHER && !several.contains(&r.resource))
            .filter(|r| {
                period_hours
                    .is_some_and(|p| !p.is_zero() && r.hours >= p.saturating_mul(ALWAYS_ON_SHARE))
            })
            .cloned()
            .collect();
        let budgets = self
            .options
            .budgets
            .iter()
            .map(|b| {
                let spend = by_tag
                    .get(&b.key)
                    .and_then(|gs: &Vec<Group>| gs.iter().find(|g| g.key == b.value))
                    .map(|g| g.cost.get(b.currency))
                    .unwrap_or_default();
                BudgetCheck {
                    budget: b.clone(),
                    monthly_spend: per_month(spend, period_hours),
                }
            })
            .collect();
        Review {
            file: file.to_string(),
            format: summary.format,
            rows: summary.rows,
            skipped: summary.skipped,
            problems: summary.problems.clone(),
            period,
            total: self.total,
            gpu: self.gpu,
            non_gpu,
            gpu_hours: self.gpu_hours,
            by_provider: order(self.by_provider),
            by_gpu: order(self.by_gpu),
            by_instance: order(self.by_instance),
            by_tag,
            heat: self.heat,
            by_tag_and_provider: (!self.by_tag_and_provider_full)
                .then(|| self.by_tag_and_provider.into_iter().collect()),
            usage: self.usage,
            waste: Waste {
                always_on,
                dev_off_hours_gpu_hours: self.dev_off_hours_gpu_hours,
                dev_off_hours_cost: self.dev_off_hours_cost,
                dev_off_hours_by_tag: self.dev_off_hours_by_tag,
            },
            budgets,
            regions: self
                .regions
                .into_iter()
                .map(|(p, rs)| (p, rs.into_iter().collect()))
                .collect(),
            resources,
            utilization: None,
            options: self.options,
            folded: self
                .folds
                .into_iter()
                .map(|((dimension, key), rows)| Fold {
                    dimension,
                    key,
                    max: dimension.max(),
                    rows,
                })
                .collect(),
            by_day: self.gpu_spans.by_day > 0 && self.gpu_spans.timed == 0,
        }
    }
}

/// `amount` over `hours` as a 730-hour month's worth (multiplied first, so whole results
/// stay exact); `amount` itself when the period is unknown or empty. Checked, saturating at
/// the decimal's bounds: a review's sums are at most [`MAX_SUM`] and its periods at least a
/// minute, so the result is at most 4.4 × 10²⁸ and never saturates in practice.
pub fn per_month(amount: Decimal, hours: Option<Decimal>) -> Decimal {
    match hours.filter(|h| !h.is_zero()) {
        Some(h) => amount
            .checked_mul(Decimal::from(730))
            .and_then(|x| x.checked_div(h))
            .unwrap_or(if amount.is_sign_negative() == h.is_sign_negative() {
                Decimal::MAX
            } else {
                Decimal::MIN
            }),
        None => amount,
    }
}

/// Hours from `a` to `b`, exact to the second.
fn span_hours_exact(a: NaiveDateTime, b: NaiveDateTime) -> Decimal {
    Decimal::from((b - a).num_seconds()) / Decimal::from(3600)
}

impl Dimension {
    /// The most distinct values the review keeps apart in this dimension.
    pub fn max(self) -> usize {
        match self {
            Dimension::TagKeys => MAX_TAG_KEYS,
            Dimension::TagValues => MAX_TAG_VALUES,
            Dimension::Resources => MAX_RESOURCES,
            Dimension::InstanceTypes => MAX_INSTANCE_TYPES,
            Dimension::NonGpuItems => MAX_NON_GPU_ITEMS,
            Dimension::Providers => MAX_PROVIDERS,
            Dimension::Regions => MAX_REGIONS,
        }
    }
}

/// The group of GPU rows without a tag key.
pub const UNTAGGED: &str = "(untagged)";
/// The other-spend item of lines the bill names by nothing (no service, product or cost
/// type).
pub const NOT_DESCRIBED: &str = "(not described)";

/// Yuan per dollar used only to order groups that mix currencies (never shown).
pub(crate) const FX_ORDER: Decimal = Decimal::from_parts(7, 0, 0, false, 0);

/// Whether the tags mark a dev/test resource.
fn is_dev(tags: &BTreeMap<String, String>) -> bool {
    tags.iter().any(|(k, v)| {
        ENV_TAG_KEYS.contains(&k.to_ascii_lowercase().as_str())
            && DEV_TAG_VALUES.contains(&v.trim().to_ascii_lowercase().as_str())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpucost_core::catalog::embedded;

    fn row(cost: &str) -> UsageRow {
        UsageRow {
            line: 2,
            provider: "aws".into(),
            start: None,
            end: None,
            hours: Some(Decimal::ONE),
            instance_type: Some("g5.xlarge".into()),
            gpu_model: None,
            gpu_count: None,
            region: None,
            resource_id: Some("i-1".into()),
            cost: cost.parse().unwrap(),
            currency: Currency::Usd,
            tags: BTreeMap::new(),
            description: String::new(),
        }
    }

    #[test]
    fn a_row_that_would_pass_the_largest_sum_is_refused_and_leaves_no_trace() {
        let catalog = &embedded().catalog;
        let mut r = Reviewer::new(catalog, ReviewOptions::default());
        r.add(&row("1.5")).unwrap();
        // As if 10²⁴ had been billed already (10¹² lines of the largest amount).
        r.cost_size.insert(Currency::Usd, MAX_SUM - Decimal::ONE);
        assert_eq!(
            r.add(&row("-2")),
            Err(BillProblem::Overflow),
            "a credit counts by its size"
        );
        r.cost_size.insert(Currency::Usd, Decimal::ONE);
        r.hours_sum = MAX_SUM;
        assert_eq!(r.add(&row("2")), Err(BillProblem::Overflow));
        assert_eq!(
            r.total.get(Currency::Usd),
            "1.5".parse::<Decimal>().unwrap()
        );
        assert_eq!(r.gpu_hours, Decimal::ONE);
        assert_eq!(r.resources["i-1"].hours, Decimal::ONE);
    }
}
