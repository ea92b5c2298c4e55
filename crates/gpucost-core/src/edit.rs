//! The edits a form makes to a scenario's rows, applied by the engine: adding and removing
//! lines, prices and discounts, with the caps of [`limits`](crate::limits) and the defaults a
//! new row starts with. The page and any other editor call [`Scenario::apply`]; none of them
//! repeats a cap or a default (the page once capped prices at 12 while links allowed 32).

use rust_decimal::Decimal;

use crate::catalog::Catalog;
use rust_decimal::prelude::ToPrimitive;

use crate::billing_mode::ModeClass;
use chrono::{Datelike, NaiveDate};

use crate::limits::{
    Limit, CALENDAR_YEAR, DISCOUNT_PCT, GPU_COUNT, HOURS, LEAD_MINUTES, MAX_LINES, MAX_PRICES,
    OFF_PEAK_END_HOUR, OFF_PEAK_START_HOUR, SPOT_OVERHEAD_PCT,
};
use crate::money::Currency;
use crate::placement::Packing;
use crate::scenario::{
    whole_minutes, CustomMode, CustomPrice, Demand, Discount, Horizon, Interruption, PriceOwner,
    Scenario,
};

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
    /// A new on-demand price at [`DEFAULT_PRICE_PROVIDER`] for the first line's GPU.
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
    /// Line `.0`'s window starts at this minute of its day (`0..1440`), on the same day.
    LineStart(usize, u32),
    /// Line `.0`'s window lasts this many hours, counted in whole minutes (at least one).
    LineHours(usize, Decimal),
    /// Line `.0`'s demand, whole (a change of shape, or a painted week; boxed, as a week is
    /// large beside the other edits).
    LineDemand(usize, Box<Demand>),
    /// How line `.0`'s GPUs may be spread over machines.
    LinePacking(usize, Packing),
    /// Minutes each window's GPUs start before the window (scale-out lead time).
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
}

/// The kinds of period a scenario can have, with the slugs the form writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HorizonKind {
    /// [`Horizon::Hours`].
    Hours,
    /// [`Horizon::Month730`].
    Month,
    /// [`Horizon::CalendarMonth`].
    Calendar,
}

impl HorizonKind {
    /// Every kind, in menu order.
    pub const ALL: [HorizonKind; 3] = [
        HorizonKind::Hours,
        HorizonKind::Month,
        HorizonKind::Calendar,
    ];

    /// Stable slug.
    pub fn as_str(self) -> &'static str {
        match self {
            HorizonKind::Hours => "hours",
            HorizonKind::Month => "month",
            HorizonKind::Calendar => "calendar",
        }
    }

    /// The kind with this slug.
    pub fn from_slug(s: &str) -> Option<HorizonKind> {
        HorizonKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The kind of `horizon`.
    pub fn of(horizon: Horizon) -> HorizonKind {
        match horizon {
            Horizon::Hours(_) => HorizonKind::Hours,
            Horizon::Month730 => HorizonKind::Month,
            Horizon::CalendarMonth { .. } => HorizonKind::Calendar,
        }
    }
}

/// The hours a new one-off job starts with (the short-training preset's three days).
pub const DEFAULT_JOB_HOURS: u32 = 72;

/// A month input's value (`2026-12`) as a year and month the calculator accepts.
pub fn parse_month(text: &str) -> Option<(i32, u32)> {
    let (y, m) = text.trim().split_once('-')?;
    let (y, m) = (y.parse::<i32>().ok()?, m.parse::<u32>().ok()?);
    (CALENDAR_YEAR.contains(y) && (1..=12).contains(&m)).then_some((y, m))
}

impl Edit {
    /// Whether `edit` can apply to `scenario` (a form disables the button otherwise).
    pub fn applies(&self, scenario: &Scenario, catalog: &Catalog) -> bool {
        let line = |i: usize| scenario.lines.get(i);
        let window = |i: usize| line(i).is_some_and(|l| matches!(l.demand, Demand::Window { .. }));
        match *self {
            Edit::AddLine => scenario.lines.len() < MAX_LINES,
            Edit::RemoveLine(i) => i < scenario.lines.len() && scenario.lines.len() > 1,
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
            Edit::LineDemand(i, _) | Edit::LinePacking(i, _) => line(i).is_some(),
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
        }
    }
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
            Edit::LineGpu(i, gpu) => self.lines[i].gpu = gpu,
            Edit::LineCount(i, n) => match &mut self.lines[i].demand {
                Demand::Constant(gpus) | Demand::Window { gpus, .. } => *gpus = n,
                Demand::Weekly(_) => {}
            },
            Edit::LineStart(i, minute) => {
                if let Demand::Window { start_minute, .. } = &mut self.lines[i].demand {
                    *start_minute = *start_minute / MINUTES_PER_DAY * MINUTES_PER_DAY + minute;
                }
            }
            Edit::LineHours(i, hours) => {
                if let Demand::Window { minutes, .. } = &mut self.lines[i].demand {
                    *minutes = whole_minutes(hours).max(1);
                }
            }
            Edit::LineDemand(i, demand) => self.lines[i].demand = *demand,
            Edit::LinePacking(i, packing) => self.lines[i].packing = packing,
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
                    amount: Decimal::ONE,
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
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::presets::Preset;

    #[test]
    fn rows_stop_at_the_links_caps_not_the_forms() {
        let c = &embedded().catalog;
        let mut s = Preset::DevTest.scenario();
        while s.apply(Edit::AddLine, c) {}
        assert_eq!(s.lines.len(), MAX_LINES);
        while s.apply(Edit::AddPrice, c) {}
        // The form stopped at 12 while a link could hold 32.
        assert_eq!(s.custom_prices.len(), MAX_PRICES);
        while s.apply(Edit::AddDiscount, c) {}
        assert_eq!(s.discounts.len(), c.providers.len(), "one per provider");
        let providers: std::collections::BTreeSet<&str> =
            s.discounts.iter().map(|d| d.provider.as_str()).collect();
        assert_eq!(providers.len(), s.discounts.len());
        // Everything added is valid: the scenario still estimates.
        assert!(s.clone().validate(c).is_ok());
    }

    #[test]
    fn a_new_price_quotes_the_first_lines_gpu_at_the_cloud_without_prices() {
        let c = &embedded().catalog;
        let mut s = Preset::ShortTraining.scenario();
        let before = s.custom_prices.len();
        assert!(s.apply(Edit::AddPrice, c));
        let p = &s.custom_prices[before];
        assert_eq!(p.gpu, s.lines[0].gpu);
        assert_eq!(p.owner, PriceOwner::Provider(DEFAULT_PRICE_PROVIDER.into()));
        assert!(c.provider(DEFAULT_PRICE_PROVIDER).is_some());
    }

    #[test]
    fn the_last_line_stays_and_out_of_range_removals_do_nothing() {
        let c = &embedded().catalog;
        let mut s = Preset::ShortTraining.scenario();
        assert_eq!(s.lines.len(), 1);
        let kept = s.clone();
        assert!(!s.apply(Edit::RemoveLine(0), c));
        assert!(!s.apply(Edit::RemovePrice(99), c));
        assert!(!s.apply(Edit::RemoveDiscount(99), c));
        assert_eq!(s, kept);
        assert!(s.apply(Edit::AddLine, c));
        assert!(s.apply(Edit::RemoveLine(0), c));
        assert_eq!(s.lines.len(), 1);
    }

    // The page did this arithmetic inside its view: the start kept the window's day, the hours
    // became whole minutes (at least one), a count applied to a window but not a painted week.
    #[test]
    fn line_fields_keep_the_windows_day_count_whole_minutes_and_leave_a_week_alone() {
        use crate::schedule::WeekGrid;
        let c = &embedded().catalog;
        let mut s = Preset::ShortTraining.scenario();
        let window = Demand::Window {
            gpus: Decimal::from(2),
            start_minute: 1440 + 60,
            minutes: 120,
        };
        assert!(s.apply(Edit::LineDemand(0, Box::new(window)), c));
        assert!(s.apply(Edit::LineStart(0, 9 * 60 + 30), c));
        assert!(s.apply(Edit::LineHours(0, Decimal::new(25, 1)), c));
        assert!(s.apply(Edit::LineCount(0, Decimal::from(3)), c));
        assert_eq!(
            s.lines[0].demand,
            Demand::Window {
                gpus: Decimal::from(3),
                start_minute: 1440 + 570,
                minutes: 150
            }
        );
        assert!(
            s.apply(Edit::LineHours(0, Decimal::new(1, 4)), c),
            "0.0001 h"
        );
        assert!(matches!(
            s.lines[0].demand,
            Demand::Window { minutes: 1, .. }
        ));
        assert!(
            !s.apply(Edit::LineStart(0, 1440), c),
            "not a minute of a day"
        );
        assert!(
            !s.apply(Edit::LineCount(0, Decimal::ZERO), c),
            "below the count's floor"
        );
        assert!(!s.apply(Edit::LineGpu(0, "no-such-gpu".into()), c));
        assert!(s.apply(Edit::LineGpu(0, DEFAULT_GPU.into()), c));
        assert!(s.apply(
            Edit::LineDemand(0, Box::new(Demand::Weekly(WeekGrid::default()))),
            c
        ));
        assert!(
            !s.apply(Edit::LineCount(0, Decimal::from(3)), c),
            "a week is painted"
        );
        assert!(
            !s.apply(Edit::LineStart(0, 60), c),
            "only a window has a start"
        );
        assert!(!s.apply(
            Edit::LinePacking(5, crate::placement::Packing::OneMachine),
            c
        ));
    }

    // The form parsed "12.0" hours with `to_string().parse().unwrap_or(0)` inside its view,
    // so an hour it could not parse became midnight; and it checked a discount's provider for
    // duplicates itself.
    #[test]
    fn scenario_fields_take_whole_hours_in_range_and_one_discount_per_provider() {
        let c = &embedded().catalog;
        let mut s = Preset::DevTest.scenario();
        assert!(
            s.apply(Edit::OffPeakFrom(Decimal::new(220, 1)), c),
            "22.0 is 22"
        );
        assert!(s.apply(Edit::OffPeakTo(Decimal::from(24)), c));
        assert_eq!((s.off_peak.start_hour, s.off_peak.end_hour), (22, 24));
        let kept = s.off_peak.clone();
        assert!(!s.apply(Edit::OffPeakFrom(Decimal::new(225, 1)), c), "22.5");
        assert!(
            !s.apply(Edit::OffPeakFrom(Decimal::from(24)), c),
            "a start is 0..=23"
        );
        assert!(!s.apply(Edit::OffPeakTo(Decimal::from(-1)), c));
        assert_eq!(s.off_peak, kept);
        assert!(s.apply(Edit::Lead(Decimal::from(30)), c));
        assert_eq!(s.lead_minutes, 30);
        assert!(!s.apply(Edit::Lead(Decimal::from(1441)), c));
        assert!(s.apply(Edit::AddDiscount, c) && s.apply(Edit::AddDiscount, c));
        let first = s.discounts[0].provider.clone();
        assert!(
            !s.apply(Edit::DiscountProvider(1, first), c),
            "taken by discount 0"
        );
        assert!(!s.apply(Edit::DiscountProvider(1, "nobody".into()), c));
        assert!(s.apply(Edit::DiscountPercent(1, Decimal::from(25)), c));
        assert!(!s.apply(Edit::DiscountPercent(1, Decimal::from(100)), c));
        assert_eq!(s.discounts[1].percent, Decimal::from(25));
        assert!(s.apply(Edit::Allow(ModeClass::Spot, true), c));
        assert!(s.options.allowed.contains(&ModeClass::Spot));
        assert!(s.apply(Edit::Allow(ModeClass::Spot, false), c));
        assert!(!s.options.allowed.contains(&ModeClass::Spot));
        assert!(s.apply(Edit::CompareOnly("aws".into(), true), c));
        assert!(s.sellers.contains("aws"));
        assert!(s.apply(Edit::CompareOnly("aws".into(), false), c));
        assert!(s.sellers.is_empty());
    }

    // The period's menu matched "hours"/"month"/"calendar" and parsed the month input inside
    // the page's view.
    #[test]
    fn the_period_changes_by_kind_hours_and_month_within_the_limits() {
        let c = &embedded().catalog;
        let today = NaiveDate::from_ymd_opt(2026, 12, 5).unwrap();
        let mut s = Preset::ShortTraining.scenario();
        assert!(s.apply(Edit::Horizon(HorizonKind::Calendar, today), c));
        assert_eq!(
            s.horizon,
            Horizon::CalendarMonth {
                year: 2026,
                month: 12
            }
        );
        assert!(s.apply(Edit::Horizon(HorizonKind::Hours, today), c));
        assert_eq!(s.horizon, Horizon::Hours(Decimal::from(DEFAULT_JOB_HOURS)));
        assert!(!s.apply(Edit::Hours(Decimal::ZERO), c));
        assert!(s.apply(Edit::Hours(Decimal::new(15, 1)), c));
        assert_eq!(parse_month("2027-02"), Some((2027, 2)));
        for bad in ["2027-13", "2027", "27-02-01", "x-02", "9999-01"] {
            assert_eq!(parse_month(bad), None, "{bad}");
        }
        assert!(!s.apply(Edit::CalendarMonth(2027, 0), c));
        for kind in HorizonKind::ALL {
            assert_eq!(HorizonKind::from_slug(kind.as_str()), Some(kind));
            s.apply(Edit::Horizon(kind, today), c);
            assert_eq!(HorizonKind::of(s.horizon), kind);
        }
        assert!(s.apply(Edit::Interruptible(false), c));
        assert_eq!(s.options.interruption, Interruption::NotTolerated);
        assert!(!s.apply(Edit::SpotOverhead(Decimal::from(201)), c));
        assert!(s.apply(Edit::SpotOverhead(Decimal::from(15)), c));
        assert_eq!(s.options.spot_overhead_pct, Decimal::from(15));
    }

    #[test]
    fn a_training_workloads_new_line_keeps_its_gpus_on_one_machine() {
        use crate::placement::Packing;
        use crate::recommend::{TaskKind, Workload};
        let c = &embedded().catalog;
        let mut s = Preset::ShortTraining.scenario();
        s.workload = Some(Workload::for_task(TaskKind::FullFineTune));
        s.apply(Edit::AddLine, c);
        assert_eq!(
            (s.lines[1].gpu.as_str(), s.lines[1].packing),
            (DEFAULT_GPU, Packing::OneMachine)
        );
        s.workload = Some(Workload::for_task(TaskKind::OnlineServing));
        s.apply(Edit::AddLine, c);
        assert_eq!(s.lines[2].packing, Packing::Split);
    }
}
