//! Reading the catalog's `YYYY-MM-DD` dates quickly.
//!
//! The embedded catalog holds a date on every price (thousands of them) and is parsed on every
//! page load; chrono's format-string parser spent about a third of that parse re-reading the
//! format. Plain ten-character dates are read directly; anything else goes to chrono, so what
//! is accepted is exactly what `%Y-%m-%d` accepts.

use chrono::NaiveDate;

/// `text` as a `%Y-%m-%d` date, like `NaiveDate::parse_from_str(text, "%Y-%m-%d")`.
pub fn parse_ymd(text: &str) -> Option<NaiveDate> {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b[r].iter().try_fold(0u32, |n, c| {
            c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
        })
    };
    if b.len() == 10 && b[4] == b'-' && b[7] == b'-' {
        if let (Some(y), Some(m), Some(d)) = (digits(0..4), digits(5..7), digits(8..10)) {
            return NaiveDate::from_ymd_opt(y as i32, m, d);
        }
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_plain_dates_and_rejects_impossible_ones() {
        assert_eq!(
            parse_ymd("2026-11-29"),
            NaiveDate::from_ymd_opt(2026, 11, 29)
        );
        assert_eq!(
            parse_ymd("2024-02-29"),
            NaiveDate::from_ymd_opt(2024, 2, 29)
        );
        assert_eq!(parse_ymd("2025-02-29"), None);
        assert_eq!(parse_ymd("2026-13-01"), None);
        assert_eq!(
            parse_ymd("2026-1-5"),
            NaiveDate::parse_from_str("2026-1-5", "%Y-%m-%d").ok()
        );
        assert_eq!(parse_ymd(""), None);
    }

    proptest! {
        /// Same answer as chrono for date-shaped text, plain or not.
        #[test]
        fn agrees_with_chrono(text in "[0-9+ -]{0,4}[0-9]{0,5}-[0-9 ]{1,3}-[0-9 ]{1,3}[0-9a-z ]{0,2}") {
            prop_assert_eq!(parse_ymd(&text), NaiveDate::parse_from_str(&text, "%Y-%m-%d").ok());
        }

        #[test]
        fn agrees_with_chrono_on_every_plain_date(y in 0u32..10000, m in 0u32..14, d in 0u32..33) {
            let text = format!("{y:04}-{m:02}-{d:02}");
            prop_assert_eq!(parse_ymd(&text), NaiveDate::parse_from_str(&text, "%Y-%m-%d").ok());
        }
    }
}
