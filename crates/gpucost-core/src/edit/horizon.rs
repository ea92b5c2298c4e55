//! The kinds of period the form offers, and the month input's value.

use crate::limits::CALENDAR_YEAR;
use crate::scenario::Horizon;

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

/// A month input's value for `horizon` (`2026-12`), empty unless it is a calendar month.
pub fn month_input(horizon: Horizon) -> String {
    match horizon {
        Horizon::CalendarMonth { year, month } => format!("{year:04}-{month:02}"),
        _ => String::new(),
    }
}
