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
        // At chrono's last representable instant there is no later local time: keep UTC.
        let local = t
            .checked_add_signed(Duration::minutes(i64::from(tz)))
            .unwrap_or(t);
        local.weekday().num_days_from_monday() as usize * 24 + local.hour() as usize
    }

    /// The hours of the week `[start, end)` covers, each with its share of the span (the
    /// shares add up to one), at most once per hour of the week: the whole weeks of a long
    /// span are counted arithmetically, so a span of any length takes at most 168 steps
    /// (a year 0001–9999 row would otherwise take one per hour).
    pub fn spread(start: NaiveDateTime, end: NaiveDateTime, tz: i16) -> Vec<(usize, Decimal)> {
        let total = (end - start).num_seconds();
        if total <= 0 {
            return Vec::new();
        }
        const WEEK_SECONDS: i64 = WEEK_HOURS as i64 * 3600;
        let whole_weeks = total / WEEK_SECONDS;
        let mut seconds = [whole_weeks * 3600; WEEK_HOURS];
        let mut t = start
            .checked_add_signed(Duration::seconds(whole_weeks * WEEK_SECONDS))
            .unwrap_or(end);
        while t < end {
            // The next whole hour after `t`.
            let next_hour = t
                .checked_add_signed(Duration::hours(1))
                .and_then(|x| x.with_minute(0))
                .and_then(|x| x.with_second(0))
                .and_then(|x| x.with_nanosecond(0))
                .unwrap_or(end);
            let until = next_hour.min(end);
            seconds[Self::of(t, tz)] += (until - t).num_seconds();
            t = until;
        }
        seconds
            .iter()
            .enumerate()
            .filter(|(_, s)| **s > 0)
            .map(|(slot, s)| (slot, Decimal::from(*s) / Decimal::from(total)))
            .collect()
    }
}

/// Whether `a` to `b` is whole days from midnight UTC: a line of a bill grouped by day
/// (Azure's daily lines, Google's cost table, a daily CUR), which says nothing of the hours.
pub fn whole_days(a: NaiveDateTime, b: NaiveDateTime) -> bool {
    let midnight = chrono::NaiveTime::MIN;
    a.time() == midnight && b.time() == midnight && b > a
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

    #[test]
    fn a_span_of_millennia_is_spread_in_at_most_a_week_of_steps() {
        // Regression: a year 0001–9999 row built one entry per hour (87 million of them).
        let start = NaiveDate::from_ymd_opt(1, 1, 1)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap();
        let end = NaiveDate::from_ymd_opt(9999, 12, 31)
            .unwrap()
            .and_hms_opt(23, 0, 0)
            .unwrap();
        let s = HourOfWeek::spread(start, end, 8 * 60);
        assert_eq!(s.len(), WEEK_HOURS);
        let sum: Decimal = s.iter().map(|(_, x)| *x).sum();
        assert_eq!(sum.round_dp(20), Decimal::ONE);
        // Two weeks and three hours: every hour twice, three hours a third time.
        let s = HourOfWeek::spread(at(1, 0, 0), at(1, 0, 0) + Duration::hours(2 * 168 + 3), 0);
        let total = Decimal::from(2 * 168 + 3);
        assert_eq!(s[0], (0, Decimal::from(3) / total));
        assert_eq!(s[5], (5, Decimal::from(2) / total));
    }
}
