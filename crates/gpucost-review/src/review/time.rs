//! Hours of the week: spreading a row's usage over the hours it covers, in the team's time
//! zone, and which hours are office hours.

use chrono::{Datelike, Duration, NaiveDateTime, Timelike};
use rust_decimal::Decimal;

/// Hours in a week.
pub const WEEK_HOURS: usize = 168;

/// Office hours: Monday to Friday, 08:00 to 20:00 local time.
const OFFICE: std::ops::Range<usize> = 8..20;

/// An hour of the week, 0 = Monday 00:00.
pub struct HourOfWeek;

impl HourOfWeek {
    /// The hour of the week of `t` (UTC) in a zone `tz` minutes east of UTC.
    pub fn of(t: NaiveDateTime, tz: i16) -> usize {
        let local = t + Duration::minutes(i64::from(tz));
        local.weekday().num_days_from_monday() as usize * 24 + local.hour() as usize
    }

    /// The hours of the week `[start, end)` covers, each with its share of the span (the
    /// shares add up to one). A span of more than a week visits slots more than once.
    pub fn spread(start: NaiveDateTime, end: NaiveDateTime, tz: i16) -> Vec<(usize, Decimal)> {
        let total = (end - start).num_seconds();
        if total <= 0 {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut t = start;
        while t < end {
            // The next whole hour after `t`.
            let next_hour = (t + Duration::hours(1))
                .with_minute(0)
                .and_then(|x| x.with_second(0))
                .and_then(|x| x.with_nanosecond(0))
                .unwrap_or(end);
            let until = next_hour.min(end);
            let secs = (until - t).num_seconds();
            out.push((Self::of(t, tz), Decimal::from(secs) / Decimal::from(total)));
            t = until;
        }
        out
    }
}

/// Whether hour-of-week `slot` is an office hour.
pub fn office_hour(slot: usize) -> bool {
    let (day, hour) = (slot / 24, slot % 24);
    day < 5 && OFFICE.contains(&hour)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(d: u32, h: u32, m: u32) -> NaiveDateTime {
        // 2026-11-30 is a Monday.
        NaiveDate::from_ymd_opt(2026, 11, 30 + d - 1)
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
    }

    #[test]
    fn hours_of_the_week_are_local() {
        assert_eq!(HourOfWeek::of(at(1, 0, 0), 0), 0);
        assert_eq!(HourOfWeek::of(at(1, 0, 0), 8 * 60), 8);
        // Sunday 20:00 UTC is Monday 04:00 in Beijing.
        assert_eq!(HourOfWeek::of(at(1, 0, 0) - Duration::hours(4), 8 * 60), 4);
    }

    #[test]
    fn a_span_is_spread_over_its_hours_in_proportion() {
        let s = HourOfWeek::spread(at(1, 9, 30), at(1, 11, 0), 0);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0], (9, Decimal::ONE / Decimal::from(3)));
        assert_eq!(
            s.iter().map(|(_, x)| *x).sum::<Decimal>().round_dp(20),
            Decimal::ONE
        );
        assert!(office_hour(9) && !office_hour(20) && !office_hour(5 * 24 + 10));
    }
}
