//! A scenario: which GPUs are needed when, over what horizon, and how the user may pay.
//!
//! [`Scenario`] is plain data (what a link or a form holds); [`ValidScenario`] is the only
//! thing the estimator accepts, made by [`Scenario::validate`], which collects every problem
//! with a message in both languages. An estimate of a valid scenario cannot fail.

use std::collections::BTreeSet;

use chrono::{Datelike, NaiveDate, Weekday};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::batch::{Job, JobField};
use crate::billing_mode::ModeClass;
use crate::catalog::Catalog;
use crate::limits::{
    AMOUNT, CALENDAR_YEAR, CUSTOM_PRICE_AMOUNT, DISCOUNT_PCT, GPUS_PER_MACHINE, GPU_COUNT, HOURS,
    MAX_GPUS, MAX_JOBS, MAX_LINES, MAX_NAME_CHARS, OFF_PEAK_DISCOUNT_PCT, OFF_PEAK_END_HOUR,
    OFF_PEAK_FLEXIBLE_PCT, OFF_PEAK_START_HOUR, RAM_GIB_PER_GPU, SPOT_OVERHEAD_PCT, VCPUS_PER_GPU,
};
use crate::money::Money;
use crate::placement::{Geo, HostFloor, Packing, Placement, Spread};
use crate::recommend::{ValidWorkload, Workload, WorkloadError};
use crate::schedule::{weekly_segments, Segment, WeekGrid};
use crate::traffic::{Load, LoadField};

pub use crate::quote::{CustomMode, CustomPrice, PriceOwner};

/// Default spot interruption overhead, percent of the billed spot hours.
pub const DEFAULT_SPOT_OVERHEAD_PCT: u32 = 10;

/// The period an estimate covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Horizon {
    /// A one-off job of this many hours (may be fractional, minute precision).
    Hours(Decimal),
    /// A recurring month of 730 hours (365 × 24 / 12), starting on a Monday at 00:00.
    Month730,
    /// A recurring calendar month, starting at 00:00 on its first day.
    CalendarMonth {
        /// Year.
        year: i32,
        /// Month, 1–12.
        month: u32,
    },
}

impl Horizon {
    /// Whether the horizon repeats (commitments are then charged for its hours only).
    pub fn is_recurring(self) -> bool {
        !matches!(self, Horizon::Hours(_))
    }

    /// Length in whole minutes.
    pub fn minutes(self) -> u32 {
        match self {
            Horizon::Hours(h) => whole_minutes(h),
            Horizon::Month730 => 730 * 60,
            Horizon::CalendarMonth { year, month } => days_in_month(year, month) * 24 * 60,
        }
    }

    /// The whole minutes used when a one-off horizon's hours are not a whole number of
    /// minutes (`Hours(1.01)` is 60.6 minutes: `Some(61)`), so that the page can say so.
    pub fn rounded_minutes(self) -> Option<u32> {
        match self {
            Horizon::Hours(h) => rounded_minutes(h),
            Horizon::Month730 | Horizon::CalendarMonth { .. } => None,
        }
    }

    /// Length in hours, exact.
    pub fn hours(self) -> Decimal {
        Decimal::from(self.minutes()) / Decimal::from(60)
    }

    /// Hours into the week (0 = Monday 00:00) at which the horizon starts.
    pub fn week_offset_hours(self) -> usize {
        match self {
            Horizon::Hours(_) | Horizon::Month730 => 0,
            Horizon::CalendarMonth { year, month } => NaiveDate::from_ymd_opt(year, month, 1)
                .map(|d| d.weekday().num_days_from_monday() as usize * 24)
                .unwrap_or(0),
        }
    }
}

/// `hours` in whole minutes, to the nearest: schedules work in whole minutes, so every hour
/// value typed or linked is rounded by this one rule.
pub fn whole_minutes(hours: Decimal) -> u32 {
    (hours * Decimal::from(60)).round().to_u32().unwrap_or(0)
}

/// The whole minutes [`whole_minutes`] uses for `hours`, when that is not exactly `hours`.
pub fn rounded_minutes(hours: Decimal) -> Option<u32> {
    let exact = hours * Decimal::from(60);
    (!exact.fract().is_zero()).then(|| whole_minutes(hours))
}

fn days_in_month(year: i32, month: u32) -> u32 {
    let first = NaiveDate::from_ymd_opt(year, month, 1);
    let next = if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)
    };
    match (first, next) {
        (Some(a), Some(b)) => (b - a).num_days() as u32,
        _ => 30,
    }
}

/// When a line's GPUs are needed.
// A scenario has at most eight lines, so boxing the weekly grid would only add indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Demand {
    /// This many GPUs for the whole horizon.
    Constant(Decimal),
    /// This many GPUs from `start_minute` for `minutes` (started earlier by the scenario's
    /// lead time).
    Window {
        /// GPUs.
        gpus: Decimal,
        /// Start, minutes from the start of the horizon.
        start_minute: u32,
        /// Length in minutes.
        minutes: u32,
    },
    /// A GPU count for each hour of the week, repeated over the horizon.
    Weekly(WeekGrid),
    /// A serving fleet derived from its load (requests per second), hour by hour; started
    /// the scenario's lead time before the load rises, as a window is.
    Load(Load),
}

impl Demand {
    /// The most GPUs needed at once.
    pub fn peak(&self) -> Decimal {
        match self {
            Demand::Constant(n) | Demand::Window { gpus: n, .. } => *n,
            Demand::Weekly(g) => Decimal::from(g.peak()),
            Demand::Load(load) => Decimal::from(load.peak_gpus()),
        }
    }

    /// The start and length in minutes of a window — the GPUs' own, or the window a serving
    /// line's load arrives in; `None` for every other shape.
    pub fn window(&self) -> Option<(u32, u32)> {
        match self {
            Demand::Window {
                start_minute,
                minutes,
                ..
            } => Some((*start_minute, *minutes)),
            Demand::Load(load) => load.shape.window(),
            _ => None,
        }
    }

    /// [`window`](Self::window), to edit in place.
    pub fn window_mut(&mut self) -> Option<(&mut u32, &mut u32)> {
        match self {
            Demand::Window {
                start_minute,
                minutes,
                ..
            } => Some((start_minute, minutes)),
            Demand::Load(load) => load.shape.window_mut(),
            _ => None,
        }
    }
}

/// One resource line: a GPU model and when it is needed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Line {
    /// GPU model id from the catalog; offers of the same family with at least as much memory
    /// can serve it.
    pub gpu: String,
    /// When and how many.
    pub demand: Demand,
    /// How its GPUs may be spread over machines.
    pub packing: Packing,
    /// The team or project that rents it, in the user's words (cleaned by
    /// [`user_text::team_name`](crate::user_text::team_name)); lines of different teams with
    /// the same GPU may be priced as one shared pool (see [`pool`](crate::pool)).
    pub team: Option<String>,
}

impl Line {
    /// A line of `gpus` × `gpu` for the whole horizon, on machines of any size, of no team.
    pub fn constant(gpu: &str, gpus: Decimal) -> Line {
        Line {
            gpu: gpu.into(),
            demand: Demand::Constant(gpus),
            packing: Packing::Split,
            team: None,
        }
    }

    /// The fewest GPUs a machine must have to serve the line.
    pub fn min_per_machine(&self) -> Option<Decimal> {
        self.packing.min_per_machine(self.demand.peak())
    }
}

/// Whether the workload survives being interrupted (spot instances can be reclaimed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Interruption {
    /// Checkpointed or retryable work: spot is an option.
    #[default]
    Tolerated,
    /// Serving or time-critical work: spot is excluded from plans (and a warning says so).
    NotTolerated,
}

/// Which billing classes plans may use, and the spot assumptions.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BillingOptions {
    /// Classes allowed besides on-demand (which is always allowed).
    pub allowed: BTreeSet<ModeClass>,
    /// Can the workload be interrupted?
    pub interruption: Interruption,
    /// Extra spot hours for restarts and lost work, percent of billed spot hours.
    pub spot_overhead_pct: Decimal,
}

impl Default for BillingOptions {
    fn default() -> Self {
        BillingOptions {
            allowed: [
                ModeClass::Spot,
                ModeClass::Committed,
                ModeClass::Subscription,
            ]
            .into(),
            interruption: Interruption::Tolerated,
            spot_overhead_pct: Decimal::from(DEFAULT_SPOT_OVERHEAD_PCT),
        }
    }
}

impl BillingOptions {
    /// Whether plans may use `class`.
    pub fn allows(&self, class: ModeClass) -> bool {
        class == ModeClass::OnDemand || self.allowed.contains(&class)
    }

    /// Whether spot can be used in the best plan (allowed and the work tolerates interruption).
    pub fn spot_usable(&self) -> bool {
        self.allows(ModeClass::Spot) && self.interruption == Interruption::Tolerated
    }
}

/// A negotiated discount on every catalog price of one provider.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Discount {
    /// Provider id.
    pub provider: String,
    /// Percent off, 0–99.
    pub percent: Decimal,
}

/// The off-peak what-if: a daily window with a discount, and how much work could move there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OffPeak {
    /// Window start, hour of day (schedule time zone).
    pub start_hour: u8,
    /// Window end, hour of day (may be less than the start: the window wraps midnight).
    pub end_hour: u8,
    /// Price reduction in the window, percent.
    pub discount_pct: Decimal,
    /// Share of the GPU-hours outside the window that could be moved into it, percent.
    pub flexible_pct: Decimal,
}

impl Default for OffPeak {
    /// 00:00–08:00 with no discount, half the work movable: the what-if is off until the user
    /// says how much cheaper the hours are. It used to assume 40 % off (seed 004: night prices
    /// "up to 40 % lower"), so every scenario showed a saving no provider offers (issue 28).
    /// The half of the work that can move also applies to a published night price.
    fn default() -> Self {
        OffPeak {
            start_hour: 0,
            end_hour: 8,
            discount_pct: Decimal::ZERO,
            flexible_pct: Decimal::from(50),
        }
    }
}

impl OffPeak {
    /// Whether hour-of-day `h` falls in the window.
    pub fn contains_hour(&self, h: u32) -> bool {
        let (s, e) = (u32::from(self.start_hour), u32::from(self.end_hour));
        if s <= e {
            h >= s && h < e
        } else {
            h >= s || h < e
        }
    }
}

/// An amount the user compares against: a current bill, a lease deposit, a competing quote.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reference {
    /// The amount for the same horizon.
    pub amount: Money,
    /// What it is, in the user's words.
    pub label: String,
}

/// Everything that defines an estimate.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// The period the estimate covers.
    pub horizon: Horizon,
    /// Resource lines.
    pub lines: Vec<Line>,
    /// A batch queue: jobs to pack onto the fewest GPUs that finish each by its deadline.
    /// They are priced apart from the lines: their own cost is one rental per job (what a
    /// team does today), and the `batch-packing` lever prices the packed fleet against it.
    pub jobs: Vec<Job>,
    /// Window lines start this many minutes before their window, and serving lines scale out
    /// this many minutes before their load rises (spike pre-warming).
    pub lead_minutes: u32,
    /// The schedule's time zone, minutes east of UTC (labels only: billing counts elapsed time).
    pub tz_offset_minutes: i16,
    /// Which billing classes plans may use.
    pub options: BillingOptions,
    /// Prices the user entered.
    pub custom_prices: Vec<CustomPrice>,
    /// Negotiated discounts per provider.
    pub discounts: Vec<Discount>,
    /// The off-peak what-if.
    pub off_peak: OffPeak,
    /// A budget for the horizon, warned about when exceeded.
    pub budget: Option<Money>,
    /// An amount to compare with.
    pub reference: Option<Reference>,
    /// Catalog providers to compare (ids); empty compares all. Sellers named in custom prices
    /// are always compared.
    pub sellers: BTreeSet<String>,
    /// The work the GPUs do, when described: enables the hardware recommendation.
    pub workload: Option<Workload>,
    /// Where its catalog prices must come from.
    pub geo: Geo,
    /// The smallest host per GPU its catalog offers must have.
    pub host: HostFloor,
    /// Whether each provider keeps every line in one of its regions.
    pub spread: Spread,
    /// Which kinds of provider, with what sourced SLA, the comparison keeps.
    pub providers: crate::provider_filter::ProviderFilter,
}

impl Default for Scenario {
    /// One A100 80GB for 24 hours.
    fn default() -> Self {
        Scenario {
            horizon: Horizon::Hours(Decimal::from(24)),
            lines: vec![Line::constant("A100-80GB", Decimal::ONE)],
            jobs: Vec::new(),
            lead_minutes: 0,
            tz_offset_minutes: 8 * 60,
            options: BillingOptions::default(),
            custom_prices: Vec::new(),
            discounts: Vec::new(),
            off_peak: OffPeak::default(),
            budget: None,
            reference: None,
            sellers: BTreeSet::new(),
            workload: None,
            geo: Geo::Anywhere,
            host: HostFloor::default(),
            spread: Spread::AnyRegions,
            providers: Default::default(),
        }
    }
}

impl Scenario {
    /// The scenario-wide rules for catalog offers.
    pub fn placement(&self) -> Placement {
        Placement {
            geo: self.geo,
            host: self.host,
        }
    }

    /// A new line of one `gpu` for the whole horizon, packed as the scenario's work needs:
    /// on one machine when the described workload trains (its GPUs exchange gradients), on
    /// machines of any size otherwise.
    pub fn new_line(&self, gpu: &str) -> Line {
        let trains = self
            .workload
            .as_ref()
            .is_some_and(|w| w.kind().is_training());
        Line {
            packing: if trains {
                Packing::OneMachine
            } else {
                Packing::Split
            },
            ..Line::constant(gpu, Decimal::ONE)
        }
    }
}

/// A setting of the scenario that a [`ScenarioError`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Setting {
    /// The spot interruption overhead.
    SpotOverhead,
    /// A provider discount.
    Discount,
    /// The off-peak what-if.
    OffPeak,
    /// The budget.
    Budget,
    /// The reference amount.
    Reference,
}

/// Something wrong with a scenario, in words a user can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScenarioError {
    /// No resource line.
    NoLines,
    /// More lines than [`MAX_LINES`].
    TooManyLines,
    /// A line names a GPU model the catalog does not know.
    UnknownGpu {
        /// Line number, from 1.
        line: usize,
        /// The id given.
        gpu: String,
    },
    /// A GPU count outside [`GPU_COUNT`]: zero, negative, too precise or above [`MAX_GPUS`].
    BadCount {
        /// Line number, from 1.
        line: usize,
    },
    /// A weekly schedule needs no GPU at any hour.
    EmptySchedule {
        /// Line number, from 1.
        line: usize,
    },
    /// A window is empty or starts after the horizon ends.
    WindowOutsideHorizon {
        /// Line number, from 1.
        line: usize,
    },
    /// A serving line's load description is out of its limits (see [`Load::problems`]).
    BadLoad {
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        field: LoadField,
    },
    /// The horizon is not between one minute and [`MAX_HOURS`] ([`HOURS`]).
    BadHorizon,
    /// A percentage is outside its range.
    BadPercent {
        /// Which setting.
        what: Setting,
    },
    /// A custom price outside [`CUSTOM_PRICE_AMOUNT`], or naming an unknown GPU or provider.
    BadCustomPrice {
        /// Index, from 1.
        index: usize,
    },
    /// A budget or reference amount outside [`AMOUNT`] (not positive, in practice).
    BadAmount {
        /// Which setting.
        what: Setting,
    },
    /// A line asks for a number of GPUs per machine outside [`GPUS_PER_MACHINE`].
    BadPacking {
        /// Line number, from 1.
        line: usize,
    },
    /// A line's team name is not as [`user_text::team_name`](crate::user_text::team_name)
    /// keeps it (empty, too long, or with control characters).
    BadTeam {
        /// Line number, from 1.
        line: usize,
    },
    /// The host floor is outside [`VCPUS_PER_GPU`] or [`RAM_GIB_PER_GPU`].
    BadHostFloor,
    /// More batch jobs than [`MAX_JOBS`].
    TooManyJobs,
    /// A batch job names a GPU model the catalog does not know.
    UnknownJobGpu {
        /// Job number, from 1.
        job: usize,
        /// The id given.
        gpu: String,
    },
    /// A batch job is out of its limits or cannot finish by its deadline (see
    /// [`Job::problems`]).
    BadJob {
        /// Job number, from 1.
        job: usize,
        /// What is wrong.
        field: JobField,
    },
    /// The workload description is inconsistent.
    Workload(WorkloadError),
}

impl Scenario {
    /// Checks the scenario against `catalog`.
    ///
    /// # Errors
    /// Every problem found, in the order of the form.
    pub fn validate(self, catalog: &Catalog) -> Result<ValidScenario, Vec<ScenarioError>> {
        let mut errors = Vec::new();
        let minutes = self.horizon.minutes();
        let hours_ok = match self.horizon {
            Horizon::Hours(h) => HOURS.in_range(h) && minutes >= 1,
            Horizon::CalendarMonth { year, month } => {
                (1..=12).contains(&month) && CALENDAR_YEAR.contains(year)
            }
            Horizon::Month730 => true,
        };
        if !hours_ok {
            errors.push(ScenarioError::BadHorizon);
        }
        if self.lines.is_empty() {
            errors.push(ScenarioError::NoLines);
        }
        if self.lines.len() > MAX_LINES {
            errors.push(ScenarioError::TooManyLines);
        }
        for (i, line) in self.lines.iter().enumerate() {
            let n = i + 1;
            if catalog.gpu(&line.gpu).is_none() {
                errors.push(ScenarioError::UnknownGpu {
                    line: n,
                    gpu: line.gpu.clone(),
                });
            }
            match &line.demand {
                Demand::Constant(c) if !GPU_COUNT.accepts(*c) => {
                    errors.push(ScenarioError::BadCount { line: n })
                }
                Demand::Window {
                    gpus,
                    start_minute,
                    minutes: len,
                } => {
                    if !GPU_COUNT.accepts(*gpus) {
                        errors.push(ScenarioError::BadCount { line: n });
                    }
                    if *len == 0 || *start_minute >= minutes {
                        errors.push(ScenarioError::WindowOutsideHorizon { line: n });
                    }
                }
                Demand::Weekly(grid) => {
                    if grid.peak() == 0 {
                        errors.push(ScenarioError::EmptySchedule { line: n });
                    } else if u32::from(grid.peak()) > MAX_GPUS {
                        errors.push(ScenarioError::BadCount { line: n });
                    }
                }
                Demand::Load(load) => errors.extend(
                    load.problems(minutes)
                        .into_iter()
                        .map(|field| ScenarioError::BadLoad { line: n, field }),
                ),
                Demand::Constant(_) => {}
            }
            if let Packing::AtLeast(n) = line.packing {
                if !GPUS_PER_MACHINE.contains(n) {
                    errors.push(ScenarioError::BadPacking { line: n_line(i) });
                }
            }
            if let Some(team) = &line.team {
                if crate::user_text::team_name(team).as_deref() != Some(team.as_str()) {
                    errors.push(ScenarioError::BadTeam { line: n });
                }
            }
        }
        if self.jobs.len() > MAX_JOBS {
            errors.push(ScenarioError::TooManyJobs);
        }
        for (i, job) in self.jobs.iter().enumerate() {
            if catalog.gpu(&job.gpu).is_none() {
                errors.push(ScenarioError::UnknownJobGpu {
                    job: i + 1,
                    gpu: job.gpu.clone(),
                });
            }
            errors.extend(
                job.problems(minutes)
                    .into_iter()
                    .map(|field| ScenarioError::BadJob { job: i + 1, field }),
            );
        }
        let host = &self.host;
        if host
            .vcpus_per_gpu
            .is_some_and(|v| !VCPUS_PER_GPU.accepts(v))
            || host
                .ram_gib_per_gpu
                .is_some_and(|r| !RAM_GIB_PER_GPU.accepts(r))
        {
            errors.push(ScenarioError::BadHostFloor);
        }
        let o = &self.options;
        if !SPOT_OVERHEAD_PCT.in_range(o.spot_overhead_pct) {
            errors.push(ScenarioError::BadPercent {
                what: Setting::SpotOverhead,
            });
        }
        for d in &self.discounts {
            if !DISCOUNT_PCT.in_range(d.percent) || catalog.provider(&d.provider).is_none() {
                errors.push(ScenarioError::BadPercent {
                    what: Setting::Discount,
                });
            }
        }
        let op = &self.off_peak;
        if !OFF_PEAK_START_HOUR.contains(op.start_hour)
            || !OFF_PEAK_END_HOUR.contains(op.end_hour)
            || !OFF_PEAK_DISCOUNT_PCT.in_range(op.discount_pct)
            || !OFF_PEAK_FLEXIBLE_PCT.in_range(op.flexible_pct)
        {
            errors.push(ScenarioError::BadPercent {
                what: Setting::OffPeak,
            });
        }
        for (i, c) in self.custom_prices.iter().enumerate() {
            let owner_ok = match &c.owner {
                PriceOwner::Provider(id) => catalog.provider(id).is_some(),
                PriceOwner::Named(name) => {
                    !name.trim().is_empty() && name.chars().count() <= MAX_NAME_CHARS
                }
            };
            let amount_ok = c.amount.is_none_or(|a| CUSTOM_PRICE_AMOUNT.in_range(a));
            if !owner_ok || !amount_ok || catalog.gpu(&c.gpu).is_none() {
                errors.push(ScenarioError::BadCustomPrice { index: i + 1 });
            }
        }
        if self.budget.is_some_and(|b| !AMOUNT.in_range(b.amount)) {
            errors.push(ScenarioError::BadAmount {
                what: Setting::Budget,
            });
        }
        if self
            .reference
            .as_ref()
            .is_some_and(|r| !AMOUNT.in_range(r.amount.amount))
        {
            errors.push(ScenarioError::BadAmount {
                what: Setting::Reference,
            });
        }
        let workload = match self.workload {
            None => None,
            Some(w) => match w.validate() {
                Ok(v) => Some(v),
                Err(es) => {
                    errors.extend(es.into_iter().map(ScenarioError::Workload));
                    None
                }
            },
        };
        if errors.is_empty() {
            Ok(ValidScenario(self, workload, Vec::new()))
        } else {
            Err(errors)
        }
    }
}

/// A scenario that passed [`Scenario::validate`]; the only input the estimator takes.
///
/// The third field is the engine's own: for a counterfactual (a packed batch queue made by
/// [`ValidScenario::with_fleets`], a shared pool's combined demand by
/// [`ValidScenario::with_segments`]), the GPU count over time of the lines it gives, which no
/// link or form can state; empty for every scenario a person made.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidScenario(Scenario, Option<ValidWorkload>, Vec<(usize, Vec<Segment>)>);

impl ValidScenario {
    /// The scenario.
    pub fn scenario(&self) -> &Scenario {
        &self.0
    }

    /// The validated workload, when the scenario describes one.
    pub fn workload(&self) -> Option<&ValidWorkload> {
        self.1.as_ref()
    }

    /// Gives the scenario back.
    pub fn into_scenario(self) -> Scenario {
        self.0
    }

    /// The same scenario with line `i` needing `segments` instead of what its demand says
    /// (a pool's combined demand, see [`pool`](crate::pool)); its demand still gives its peak.
    pub(crate) fn with_segments(mut self, i: usize, segments: Vec<Segment>) -> ValidScenario {
        self.2.retain(|(j, _)| *j != i);
        self.2.push((i, segments));
        self
    }

    /// Whether line `i`'s segments are given, not its demand's (see [`Self::with_segments`]).
    pub(crate) fn has_given_segments(&self, i: usize) -> bool {
        self.2.iter().any(|(j, _)| *j == i)
    }

    /// Line `i`'s demand as segments over the horizon (lead time applied to windows).
    pub fn segments(&self, i: usize) -> Vec<Segment> {
        if let Some((_, given)) = self.2.iter().find(|(j, _)| *j == i) {
            return given.clone();
        }
        let s = &self.0;
        let horizon = s.horizon.minutes();
        match &s.lines[i].demand {
            Demand::Constant(n) => vec![Segment {
                start: 0,
                end: horizon,
                gpus: *n,
            }],
            Demand::Window {
                gpus,
                start_minute,
                minutes,
            } => {
                let start = start_minute.saturating_sub(s.lead_minutes);
                let end = (start_minute + minutes).min(horizon);
                vec![Segment {
                    start,
                    end,
                    gpus: *gpus,
                }]
            }
            Demand::Weekly(grid) => weekly_segments(grid, s.horizon.week_offset_hours(), horizon),
            Demand::Load(load) => {
                load.segments(s.horizon.week_offset_hours(), horizon, s.lead_minutes)
            }
        }
    }

    /// The same scenario with `lines` in place of its lines, no jobs and no lead time: the
    /// engine's own counterfactuals (a batch queue's jobs rented one by one, or packed), whose
    /// lines their maker builds valid and which may number more than [`MAX_LINES`]. Where
    /// `fleets` has an entry for a line, that is its GPU count over time (sorted,
    /// non-overlapping, within the horizon), and the line's demand states only its peak
    /// ([`Demand::Constant`]). The workload is dropped: a counterfactual has no recommendation.
    pub(crate) fn with_fleets(&self, lines: Vec<Line>, fleets: Vec<Vec<Segment>>) -> ValidScenario {
        ValidScenario(
            Scenario {
                lines,
                jobs: Vec::new(),
                lead_minutes: 0,
                workload: None,
                ..self.0.clone()
            },
            None,
            fleets.into_iter().enumerate().collect(),
        )
    }

    /// GPU-hours line `i` needs over the horizon.
    pub fn gpu_hours(&self, i: usize) -> Decimal {
        crate::traffic::gpu_hours(&self.segments(i))
    }
}

/// Line number from index.
fn n_line(i: usize) -> usize {
    i + 1
}

/// The weekday the calendar month starts on (for labels).
pub fn month_starts_on(year: i32, month: u32) -> Option<Weekday> {
    NaiveDate::from_ymd_opt(year, month, 1).map(|d| d.weekday())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;
    use crate::format::Lang;
    use crate::l10n::Localize;

    #[test]
    fn horizons_have_the_right_length() {
        assert_eq!(Horizon::Month730.minutes(), 730 * 60);
        assert_eq!(
            Horizon::CalendarMonth {
                year: 2026,
                month: 2
            }
            .hours(),
            Decimal::from(28 * 24)
        );
        assert_eq!(
            Horizon::CalendarMonth {
                year: 2026,
                month: 12
            }
            .hours(),
            Decimal::from(31 * 24)
        );
        assert_eq!(Horizon::Hours(Decimal::new(45, 1)).minutes(), 270);
        // 2026-11-01 is a Sunday: six days into the week.
        assert_eq!(
            Horizon::CalendarMonth {
                year: 2026,
                month: 11
            }
            .week_offset_hours(),
            6 * 24
        );
    }

    #[test]
    fn validation_collects_every_problem() {
        let s = Scenario {
            horizon: Horizon::Hours(Decimal::ZERO),
            lines: vec![
                Line::constant("T5", Decimal::ZERO),
                Line {
                    gpu: "T4".into(),
                    demand: Demand::Weekly(WeekGrid::default()),
                    packing: Packing::AtLeast(0),
                    team: None,
                },
            ],
            ..Scenario::default()
        };
        let errors = s.validate(&embedded().catalog).unwrap_err();
        assert_eq!(
            errors,
            vec![
                ScenarioError::BadHorizon,
                ScenarioError::UnknownGpu {
                    line: 1,
                    gpu: "T5".into()
                },
                ScenarioError::BadCount { line: 1 },
                ScenarioError::EmptySchedule { line: 2 },
                ScenarioError::BadPacking { line: 2 },
            ]
        );
        assert!(errors[1].text(Lang::Zh).contains("第 1 行"));
    }

    #[test]
    fn lead_time_starts_a_window_early() {
        let s = Scenario {
            horizon: Horizon::Hours(Decimal::from(24)),
            lines: vec![Line {
                gpu: "T4".into(),
                demand: Demand::Window {
                    gpus: Decimal::from(50),
                    start_minute: 20 * 60,
                    minutes: 240,
                },
                packing: Packing::Split,
                team: None,
            }],
            lead_minutes: 30,
            ..Scenario::default()
        }
        .validate(&embedded().catalog)
        .unwrap();
        assert_eq!(s.segments(0)[0].start, 19 * 60 + 30);
        assert_eq!(s.gpu_hours(0), Decimal::from(225));
    }

    #[test]
    fn off_peak_windows_may_wrap_midnight() {
        let op = OffPeak {
            start_hour: 22,
            end_hour: 6,
            ..OffPeak::default()
        };
        assert!(op.contains_hour(23) && op.contains_hour(0) && !op.contains_hour(6));
        assert!(OffPeak::default().contains_hour(7) && !OffPeak::default().contains_hour(8));
    }
}
