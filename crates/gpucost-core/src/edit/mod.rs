//! The edits a form makes to a scenario, applied by the engine: adding and removing lines,
//! prices and discounts, and changing any field, with the caps of [`limits`](crate::limits)
//! and the defaults a new row starts with. The page and any other editor call
//! [`Scenario::apply`]; none of them repeats a cap, a default or a cleaning rule (the page
//! once capped prices at 12 while links allowed 32, and stored names the link refused).

mod horizon;
mod job;
mod line;
mod price;
mod recommended;

pub use crate::user_text::{reference_label, seller_name, team_name};
pub use horizon::{month_input, parse_month, HorizonKind, DEFAULT_JOB_HOURS};
pub use job::JobEdit;
pub use line::{
    packing_of_kind, DemandKind, LoadShapeKind, DEFAULT_WINDOW_MINUTES, DEFAULT_WINDOW_START_MINUTE,
};
pub use price::PriceEdit;
pub use recommended::Recommended;

use chrono::{Datelike, NaiveDate};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::billing_mode::ModeClass;
use crate::catalog::Catalog;
use crate::limits::{
    DecimalLimit, Limit, AMOUNT, CALENDAR_YEAR, DISCOUNT_PCT, GPUS_PER_MACHINE, GPU_COUNT, HOURS,
    LEAD_MINUTES, LOAD_SHAPE_PCT, MAX_LINES, MAX_PRICES, OFF_PEAK_DISCOUNT_PCT, OFF_PEAK_END_HOUR,
    OFF_PEAK_FLEXIBLE_PCT, OFF_PEAK_START_HOUR, RAM_GIB_PER_GPU, SLA_PCT, SPOT_OVERHEAD_PCT,
    TZ_OFFSET_MINUTES, VCPUS_PER_GPU,
};
use crate::money::{Currency, Money};
use crate::placement::{Geo, Packing, PackingKind, Spread};
use crate::provider_filter::ProviderFilter;
use crate::recommend::capacity::serving_capacity;
use crate::recommend::Workload;
use crate::scenario::{
    whole_minutes, CustomMode, CustomPrice, Demand, Discount, Horizon, Interruption, PriceOwner,
    Reference, Scenario,
};
use crate::schedule::WeekGrid;
use crate::traffic::{Load, LoadField, LoadShape};

/// Minutes in a day: a window's start is a minute of its day.
const MINUTES_PER_DAY: u32 = 1440;

/// The GPU a new line or price starts with when the scenario has no line to copy: the
/// founding documents' light-inference card.
pub const DEFAULT_GPU: &str = "T4";

/// The provider a new price starts with: the cloud the catalog has no sourced price for, so
/// a quote there is the most common first entry.
pub const DEFAULT_PRICE_PROVIDER: &str = "huawei";

/// The percent a new negotiated discount starts at.
pub const DEFAULT_DISCOUNT_PCT: u32 = 10;

/// An edit to a scenario's rows and its lines' fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// A new line of [`DEFAULT_GPU`], packed as the workload needs.
    AddLine,
    /// Remove the line at this index (the last line stays).
    RemoveLine(usize),
    /// A new batch job: one GPU of the first line's model for an hour, due at the end of the
    /// period.
    AddJob,
    /// Remove the batch job at this index.
    RemoveJob(usize),
    /// A change to batch job `.0`, refused when the job could then not finish in time.
    Job(usize, JobEdit),
    /// A new on-demand price at [`DEFAULT_PRICE_PROVIDER`] for the first line's GPU, without
    /// an amount: it prices nothing until the user types one.
    AddPrice,
    /// Remove the price at this index.
    RemovePrice(usize),
    /// A discount at the first catalog provider without one.
    AddDiscount,
    /// Remove the discount at this index.
    RemoveDiscount(usize),
    /// Line `.0` rents this GPU model (a catalog id).
    LineGpu(usize, String),
    /// Line `.0`'s GPU count (its peak) for an all-the-time or a window line; a weekly line
    /// is painted, not counted, and is left alone.
    LineCount(usize, Decimal),
    /// Line `.0`'s window — of GPUs, or of a serving line's load — starts at this minute of
    /// its day (`0..1440`), on the same day.
    LineStart(usize, u32),
    /// Line `.0`'s window — of GPUs, or of a serving line's load — lasts this many hours,
    /// counted in whole minutes (at least one).
    LineHours(usize, Decimal),
    /// Line `.0`'s demand, whole (a change of shape, or a painted week; boxed, as a week is
    /// large beside the other edits).
    LineDemand(usize, Box<Demand>),
    /// How line `.0`'s GPUs may be spread over machines.
    LinePacking(usize, Packing),
    /// Line `.0`'s demand in another shape, keeping its count ([`DemandKind::reshape`]).
    LineShape(usize, DemandKind),
    /// Line `.0`'s packing of this kind ([`packing_of_kind`]).
    LinePackingKind(usize, PackingKind),
    /// Line `.0` needs machines with at least this many GPUs each.
    LinePerMachine(usize, Decimal),
    /// Line `.0`'s load field `.1` set to `.2` (a serving line; [`crate::traffic::Load::with`]).
    LineLoad(usize, LoadField, Decimal),
    /// Serving line `.0`'s requests per second per GPU taken from the recommendation model
    /// for the described serving workload on the line's GPU ([`serving_capacity`]); refused
    /// when the model gives none or the load would then need too many GPUs. The number is
    /// written into the load like a typed one (see [`crate::recommend::capacity`] for why).
    LoadPerGpuFromModel(usize),
    /// Serving line `.0`'s load arrives in this shape ([`LoadShapeKind::reshape`]).
    LoadShape(usize, LoadShapeKind),
    /// Serving line `.0`'s weekly curve, percent of the peak rate per hour (boxed, as a week
    /// is large beside the other edits); refused above 100 % or at 0 % all week.
    LoadCurve(usize, Box<WeekGrid>),
    /// Line `.0`'s team, in the user's words (cleaned by [`team_name`]; nothing left: none).
    LineTeam(usize, String),
    /// Minutes each window's GPUs start before the window, and each serving line scales out
    /// before its load rises (scale-out lead time).
    Lead(Decimal),
    /// Allow (`true`) or leave out a billing class.
    Allow(ModeClass, bool),
    /// Discount `.0` is for this catalog provider, unless another discount already is.
    DiscountProvider(usize, String),
    /// Discount `.0`'s percent off.
    DiscountPercent(usize, Decimal),
    /// The off-peak window starts at this hour of the day.
    OffPeakFrom(Decimal),
    /// The off-peak window ends at this hour of the day (24: midnight).
    OffPeakTo(Decimal),
    /// Compare only (`true`) or no longer only this seller.
    CompareOnly(String, bool),
    /// The kind of period: a new one-off job is 72 hours, a calendar month is `today`'s.
    Horizon(HorizonKind, NaiveDate),
    /// A one-off job of this many hours.
    Hours(Decimal),
    /// A calendar month (`year`, `month`).
    CalendarMonth(i32, u32),
    /// Whether the work survives being interrupted (spot is then an option).
    Interruptible(bool),
    /// The extra work spot's interruptions cost, percent.
    SpotOverhead(Decimal),
    /// How much cheaper the off-peak what-if's hours are, percent.
    OffPeakDiscount(Decimal),
    /// The share of the work that can move off-peak, percent.
    OffPeakFlexible(Decimal),
    /// The budget for the period (zero: none).
    Budget(Money),
    /// The amount to compare with (zero: none); its label stays.
    ReferenceAmount(Money),
    /// The reference's label, in the user's words (cleaned by [`reference_label`]).
    ReferenceLabel(String),
    /// A change to custom price `.0`.
    Price(usize, PriceEdit),
    /// Every custom price and discount at once (a prices file read in), within the caps.
    ReplacePrices(Vec<CustomPrice>, Vec<Discount>),
    /// Where catalog prices must come from.
    Geo(Geo),
    /// Whether each provider keeps every line in one of its regions.
    Spread(Spread),
    /// Which kinds of provider, with what sourced compute SLA, the comparison keeps (`kind=`,
    /// `sla=`; a floor of zero is none).
    Providers(ProviderFilter),
    /// The fewest host vCPUs per GPU (zero: no floor).
    HostVcpus(Decimal),
    /// The least host RAM per GPU, GiB (zero: no floor).
    HostRam(Decimal),
    /// The described workload, or none.
    Workload(Option<Workload>),
    /// The time zone of the schedules and the off-peak window, minutes east of UTC.
    TimeZone(i16),
    /// A recommended GPU, its machines and count, into the line [`Recommended::line_in`] names.
    UseRecommended(Recommended),
}

impl Edit {
    /// Whether `edit` can apply to `scenario` (a form disables the button otherwise).
    pub fn applies(&self, scenario: &Scenario, catalog: &Catalog) -> bool {
        let line = |i: usize| scenario.lines.get(i);
        let window = |i: usize| line(i).is_some_and(|l| l.demand.window().is_some());
        let serving = |i: usize| line(i).is_some_and(|l| matches!(l.demand, Demand::Load(_)));
        match *self {
            Edit::AddLine => scenario.lines.len() < MAX_LINES,
            Edit::RemoveLine(i) => i < scenario.lines.len() && scenario.lines.len() > 1,
            Edit::AddJob => job::new_job(scenario).is_some(),
            Edit::RemoveJob(i) => i < scenario.jobs.len(),
            Edit::Job(i, ref edit) => scenario.jobs.get(i).is_some_and(|j| {
                let gpu_known = match edit {
                    JobEdit::Gpu(gpu) => catalog.gpu(gpu).is_some(),
                    _ => true,
                };
                gpu_known
                    && edit
                        .with(j)
                        .is_some_and(|j| j.problems(scenario.horizon.minutes()).is_empty())
            }),
            Edit::AddPrice => scenario.custom_prices.len() < MAX_PRICES,
            Edit::RemovePrice(i) => i < scenario.custom_prices.len(),
            Edit::AddDiscount => next_discount_provider(scenario, catalog).is_some(),
            Edit::RemoveDiscount(i) => i < scenario.discounts.len(),
            Edit::LineGpu(i, ref gpu) => line(i).is_some() && catalog.gpu(gpu).is_some(),
            Edit::LineCount(i, n) => {
                GPU_COUNT.in_range(n)
                    && line(i).is_some_and(|l| !matches!(l.demand, Demand::Weekly(_)))
            }
            Edit::LineStart(i, minute) => minute < MINUTES_PER_DAY && window(i),
            Edit::LineHours(i, hours) => HOURS.in_range(hours) && window(i),
            Edit::LineDemand(i, _)
            | Edit::LineTeam(i, _)
            | Edit::LinePacking(i, _)
            | Edit::LineShape(i, _)
            | Edit::LinePackingKind(i, _) => line(i).is_some(),
            Edit::LinePerMachine(i, n) => {
                line(i).is_some() && whole_in(n, GPUS_PER_MACHINE).is_some()
            }
            Edit::LineLoad(i, field, value) => line(i).is_some_and(|l| match &l.demand {
                Demand::Load(load) => load
                    .with(field, value)
                    .is_some_and(|l| l.problems(scenario.horizon.minutes()).is_empty()),
                _ => false,
            }),
            Edit::LoadPerGpuFromModel(i) => model_capacity(scenario, i, catalog).is_some(),
            Edit::LoadShape(i, _) => serving(i),
            Edit::LoadCurve(i, ref grid) => {
                serving(i) && grid.peak() > 0 && LOAD_SHAPE_PCT.contains(grid.peak())
            }
            Edit::Lead(m) => whole_in(m, LEAD_MINUTES).is_some(),
            Edit::Allow(..) | Edit::CompareOnly(..) => true,
            Edit::DiscountProvider(i, ref provider) => {
                let taken = scenario
                    .discounts
                    .iter()
                    .enumerate()
                    .any(|(j, d)| j != i && d.provider == *provider);
                i < scenario.discounts.len() && !taken && catalog.provider(provider).is_some()
            }
            Edit::DiscountPercent(i, pct) => {
                i < scenario.discounts.len() && DISCOUNT_PCT.in_range(pct)
            }
            Edit::OffPeakFrom(h) => whole_in(h, OFF_PEAK_START_HOUR).is_some(),
            Edit::OffPeakTo(h) => whole_in(h, OFF_PEAK_END_HOUR).is_some(),
            Edit::Horizon(..) | Edit::Interruptible(_) => true,
            Edit::Hours(h) => HOURS.in_range(h),
            Edit::CalendarMonth(y, m) => CALENDAR_YEAR.contains(y) && (1..=12).contains(&m),
            Edit::SpotOverhead(pct) => SPOT_OVERHEAD_PCT.in_range(pct),
            Edit::OffPeakDiscount(pct) => OFF_PEAK_DISCOUNT_PCT.in_range(pct),
            Edit::OffPeakFlexible(pct) => OFF_PEAK_FLEXIBLE_PCT.in_range(pct),
            Edit::Budget(m) | Edit::ReferenceAmount(m) => or_zero(m.amount, AMOUNT),
            Edit::ReferenceLabel(_) => scenario.reference.is_some(),
            Edit::Price(i, ref edit) => i < scenario.custom_prices.len() && edit.applies(catalog),
            Edit::ReplacePrices(ref prices, ref discounts) => {
                prices.len() <= MAX_PRICES && discounts.len() <= MAX_PRICES
            }
            Edit::Providers(ref f) => f.min_sla_pct.is_none_or(|v| or_zero(v, SLA_PCT)),
            Edit::HostVcpus(v) => or_zero(v, VCPUS_PER_GPU),
            Edit::HostRam(v) => or_zero(v, RAM_GIB_PER_GPU),
            Edit::Geo(_) | Edit::Spread(_) | Edit::Workload(_) => true,
            Edit::TimeZone(minutes) => TZ_OFFSET_MINUTES.contains(minutes),
            Edit::UseRecommended(ref r) => r.applies(scenario, catalog),
        }
    }
}

/// Serving line `i`'s load with the recommendation model's requests per second per GPU, when
/// the model gives a capacity and the load is within its limits with it.
fn model_capacity(scenario: &Scenario, i: usize, catalog: &Catalog) -> Option<Load> {
    let line = scenario.lines.get(i)?;
    let Demand::Load(load) = &line.demand else {
        return None;
    };
    let capacity = serving_capacity(catalog, scenario.workload.as_ref(), &line.gpu).ok()?;
    load_with_capacity(load, capacity.per_gpu, scenario.horizon.minutes())
}

/// `load` with `per_gpu` requests/s per GPU, when it is then within its limits over a horizon
/// of `horizon_minutes` (a form asks this of a capacity it already has, to enable taking it).
pub fn load_with_capacity(load: &Load, per_gpu: Decimal, horizon_minutes: u32) -> Option<Load> {
    let edited = load.with(LoadField::PerGpu, per_gpu)?;
    edited
        .problems(horizon_minutes)
        .is_empty()
        .then_some(edited)
}

/// `value` as a whole number within `limit` (a form's number field gives a decimal).
fn whole_in<T>(value: Decimal, limit: Limit<T>) -> Option<T>
where
    T: TryFrom<i64> + PartialOrd + Copy,
{
    if !value.fract().is_zero() {
        return None;
    }
    let whole = T::try_from(value.to_i64()?).ok()?;
    limit.contains(whole).then_some(whole)
}

/// Whether `value` is zero (a field's "none") or within `limit`.
fn or_zero(value: Decimal, limit: DecimalLimit) -> bool {
    value.is_zero() || limit.in_range(value)
}

/// `value`, unless it is zero (a field's "none").
fn unless_zero(value: Decimal) -> Option<Decimal> {
    (!value.is_zero()).then_some(value)
}

/// The first catalog provider the scenario has no discount for.
fn next_discount_provider(scenario: &Scenario, catalog: &Catalog) -> Option<String> {
    catalog
        .providers
        .iter()
        .find(|p| !scenario.discounts.iter().any(|d| d.provider == p.id))
        .map(|p| p.id.to_string())
}

impl Scenario {
    /// Applies `edit` when it can apply (see [`Edit::applies`]); returns whether it did.
    pub fn apply(&mut self, edit: Edit, catalog: &Catalog) -> bool {
        if !edit.applies(self, catalog) {
            return false;
        }
        match edit {
            Edit::AddJob => self.jobs.extend(job::new_job(self)),
            Edit::RemoveJob(i) => {
                self.jobs.remove(i);
            }
            Edit::Job(i, edit) => {
                if let Some(j) = edit.with(&self.jobs[i]) {
                    self.jobs[i] = j;
                }
            }
            Edit::LineGpu(i, gpu) => self.lines[i].gpu = gpu,
            Edit::LineTeam(i, team) => self.lines[i].team = team_name(&team),
            Edit::LineCount(i, n) => match &mut self.lines[i].demand {
                Demand::Constant(gpus) | Demand::Window { gpus, .. } => *gpus = n,
                Demand::Weekly(_) | Demand::Load(_) => {}
            },
            Edit::LineStart(i, minute) => {
                if let Some((start_minute, _)) = self.lines[i].demand.window_mut() {
                    *start_minute = *start_minute / MINUTES_PER_DAY * MINUTES_PER_DAY + minute;
                }
            }
            Edit::LineHours(i, hours) => {
                if let Some((_, minutes)) = self.lines[i].demand.window_mut() {
                    *minutes = whole_minutes(hours).max(1);
                }
            }
            Edit::LineDemand(i, demand) => self.lines[i].demand = *demand,
            Edit::LineLoad(i, field, value) => {
                if let Demand::Load(load) = &mut self.lines[i].demand {
                    if let Some(edited) = load.with(field, value) {
                        *load = edited;
                    }
                }
            }
            Edit::LoadPerGpuFromModel(i) => {
                if let Some(edited) = model_capacity(self, i, catalog) {
                    self.lines[i].demand = Demand::Load(edited);
                }
            }
            Edit::LoadShape(i, kind) => {
                if let Demand::Load(load) = &mut self.lines[i].demand {
                    load.shape = kind.reshape(&load.shape);
                }
            }
            Edit::LoadCurve(i, grid) => {
                if let Demand::Load(load) = &mut self.lines[i].demand {
                    load.shape = LoadShape::Weekly(*grid);
                }
            }
            Edit::LinePacking(i, packing) => self.lines[i].packing = packing,
            Edit::LineShape(i, kind) => {
                self.lines[i].demand = kind.reshape(&self.lines[i].demand);
            }
            Edit::LinePackingKind(i, kind) => {
                let line = &mut self.lines[i];
                line.packing = packing_of_kind(kind, line.packing, &line.demand);
            }
            Edit::LinePerMachine(i, n) => {
                let n = whole_in(n, GPUS_PER_MACHINE).unwrap_or(GPUS_PER_MACHINE.min);
                self.lines[i].packing = Packing::AtLeast(n);
            }
            Edit::Lead(m) => self.lead_minutes = whole_in(m, LEAD_MINUTES).unwrap_or_default(),
            Edit::Allow(class, true) => {
                self.options.allowed.insert(class);
            }
            Edit::Allow(class, false) => {
                self.options.allowed.remove(&class);
            }
            Edit::DiscountProvider(i, provider) => self.discounts[i].provider = provider,
            Edit::DiscountPercent(i, pct) => self.discounts[i].percent = pct,
            Edit::OffPeakFrom(h) => {
                self.off_peak.start_hour = whole_in(h, OFF_PEAK_START_HOUR).unwrap_or_default();
            }
            Edit::OffPeakTo(h) => {
                self.off_peak.end_hour = whole_in(h, OFF_PEAK_END_HOUR).unwrap_or_default();
            }
            Edit::CompareOnly(seller, true) => {
                self.sellers.insert(seller);
            }
            Edit::CompareOnly(seller, false) => {
                self.sellers.remove(&seller);
            }
            Edit::Horizon(kind, today) => {
                self.horizon = match kind {
                    HorizonKind::Hours => Horizon::Hours(Decimal::from(DEFAULT_JOB_HOURS)),
                    HorizonKind::Month => Horizon::Month730,
                    HorizonKind::Calendar => Horizon::CalendarMonth {
                        year: today.year(),
                        month: today.month(),
                    },
                }
            }
            Edit::Hours(h) => self.horizon = Horizon::Hours(h),
            Edit::CalendarMonth(year, month) => {
                self.horizon = Horizon::CalendarMonth { year, month };
            }
            Edit::Interruptible(on) => {
                self.options.interruption = if on {
                    Interruption::Tolerated
                } else {
                    Interruption::NotTolerated
                };
            }
            Edit::SpotOverhead(pct) => self.options.spot_overhead_pct = pct,
            Edit::OffPeakDiscount(pct) => self.off_peak.discount_pct = pct,
            Edit::OffPeakFlexible(pct) => self.off_peak.flexible_pct = pct,
            Edit::Budget(m) => self.budget = unless_zero(m.amount).map(|_| m),
            Edit::ReferenceAmount(m) => {
                let label = self.reference.take().map(|r| r.label).unwrap_or_default();
                self.reference = unless_zero(m.amount).map(|_| Reference { amount: m, label });
            }
            Edit::ReferenceLabel(label) => {
                if let Some(r) = self.reference.as_mut() {
                    r.label = reference_label(&label);
                }
            }
            Edit::Price(i, edit) => edit.apply(&mut self.custom_prices[i]),
            Edit::ReplacePrices(prices, discounts) => {
                self.custom_prices = prices;
                self.discounts = discounts;
            }
            Edit::Geo(geo) => self.geo = geo,
            Edit::TimeZone(minutes) => self.tz_offset_minutes = minutes,
            Edit::Spread(spread) => self.spread = spread,
            Edit::Providers(f) => {
                self.providers = ProviderFilter {
                    min_sla_pct: f.min_sla_pct.and_then(unless_zero),
                    ..f
                }
            }
            Edit::HostVcpus(v) => self.host.vcpus_per_gpu = unless_zero(v),
            Edit::HostRam(v) => self.host.ram_gib_per_gpu = unless_zero(v),
            Edit::Workload(workload) => self.workload = workload,
            Edit::UseRecommended(r) => r.apply(self),
            Edit::AddLine => {
                let line = self.new_line(DEFAULT_GPU);
                self.lines.push(line);
            }
            Edit::RemoveLine(i) => {
                self.lines.remove(i);
            }
            Edit::AddPrice => {
                let gpu = self
                    .lines
                    .first()
                    .map_or_else(|| DEFAULT_GPU.to_string(), |l| l.gpu.clone());
                self.custom_prices.push(CustomPrice {
                    owner: PriceOwner::Provider(DEFAULT_PRICE_PROVIDER.into()),
                    gpu,
                    mode: CustomMode::OnDemand,
                    amount: None,
                    currency: Currency::Cny,
                });
            }
            Edit::RemovePrice(i) => {
                self.custom_prices.remove(i);
            }
            Edit::AddDiscount => {
                if let Some(provider) = next_discount_provider(self, catalog) {
                    self.discounts.push(Discount {
                        provider,
                        percent: Decimal::from(DEFAULT_DISCOUNT_PCT),
                    });
                }
            }
            Edit::RemoveDiscount(i) => {
                self.discounts.remove(i);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests;
