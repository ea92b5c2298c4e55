//! Turning numbers, money and dates into text for a language.
//!
//! Money shown as an amount goes through [`Money::round_for_display`] here and nowhere else;
//! rates (per hour) go through [`Money::round_rate`] and keep up to four decimals so cheap
//! offers stay distinguishable. Both
//! languages group digits by thousands (`1,234.56`); Chinese dates read `2021年5月25日`.

use std::fmt;
use std::str::FromStr;

use chrono::{Datelike, NaiveDate};
use rust_decimal::{Decimal, RoundingStrategy};

use crate::money::Money;

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// Simplified Chinese.
    Zh,
    /// English.
    #[default]
    En,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    /// URL slug and `lang` attribute.
    pub fn as_str(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The BCP 47 tag for the `<html lang>` attribute.
    pub fn html_tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    /// Picks a language from a browser's language list (`navigator.languages`).
    pub fn from_browser<'a>(preferences: impl IntoIterator<Item = &'a str>) -> Lang {
        for tag in preferences {
            let tag = tag.to_ascii_lowercase();
            if tag.starts_with("zh") {
                return Lang::Zh;
            }
            if tag.starts_with("en") {
                return Lang::En;
            }
        }
        Lang::En
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Lang {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "zh" | "zh-CN" | "zh-cn" => Ok(Lang::Zh),
            "en" => Ok(Lang::En),
            _ => Err(()),
        }
    }
}

/// Groups the integer digits of a plain decimal string by thousands.
fn group(plain: &str) -> String {
    let (sign, rest) = plain
        .strip_prefix('-')
        .map(|r| ("-", r))
        .unwrap_or(("", plain));
    let (int, frac) = rest
        .split_once('.')
        .map(|(i, f)| (i, Some(f)))
        .unwrap_or((rest, None));
    let mut grouped = String::with_capacity(int.len() + int.len() / 3);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    match frac {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// A decimal with exactly `dp` decimals, grouped by thousands.
pub fn decimal(value: Decimal, dp: u32) -> String {
    let rounded = value.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero);
    group(&format!("{:.*}", dp as usize, rounded))
}

/// A decimal with at most `max_dp` decimals and no trailing zeros (`72`, `0.5`, `1.25`).
pub fn number(value: Decimal, max_dp: u32) -> String {
    let rounded = value
        .round_dp_with_strategy(max_dp, RoundingStrategy::MidpointAwayFromZero)
        .normalize();
    group(&rounded.to_string())
}

/// A UTC offset in minutes as the link writes it: `+08:00`, `-05:30`.
pub fn utc_offset(minutes: i16) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    let m = minutes.unsigned_abs();
    format!("{sign}{:02}:{:02}", m / 60, m % 60)
}

/// A minute of the day as a 24-hour clock reads it: `09:05` (the day part is dropped).
pub fn clock(minute: u32) -> String {
    format!("{:02}:{:02}", (minute / 60) % 24, minute % 60)
}

/// The minute of the day a 24-hour clock reading names (`"09:05"`, or with seconds
/// `"09:05:00"` as a time input may send), `None` for anything else (`"24:00"`, `"9h"`).
pub fn parse_clock(text: &str) -> Option<u32> {
    let mut parts = text.trim().split(':');
    let (h, m) = (parts.next()?, parts.next()?);
    let whole = |p: &str| (!p.is_empty() && p.len() <= 2).then(|| p.parse::<u32>().ok())?;
    let (h, m) = (whole(h)?, whole(m)?);
    let seconds_ok = parts
        .next()
        .is_none_or(|s| whole(s).is_some_and(|s| s < 60));
    (h < 24 && m < 60 && seconds_ok && parts.next().is_none()).then_some(h * 60 + m)
}

/// An amount of money rounded for display: `¥2,304.00`, `-$5.10`.
pub fn money(m: Money) -> String {
    let r = m.round_for_display();
    let body = decimal(r.amount.abs(), 2);
    if r.amount.is_sign_negative() && !r.amount.is_zero() {
        format!("-{}{body}", m.currency.symbol())
    } else {
        format!("{}{body}", m.currency.symbol())
    }
}

/// A price per hour (or per unit) with two to four decimals: `$1.006`, `¥8.00`.
pub fn rate(m: Money) -> String {
    let four = m.round_rate().amount.normalize();
    let dp = four.scale().max(2);
    format!("{}{}", m.currency.symbol(), decimal(four, dp))
}

/// The one rounding rule for percentages shown with two decimals (a lever's saving): half
/// away from zero, like every amount and rate.
pub fn round_percent(percent: Decimal) -> Decimal {
    percent.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// A percentage as exports write it: exactly two decimals, no grouping (`66.67`, `1234.50`).
pub fn percent_value(percent: Decimal) -> String {
    format!("{:.2}", round_percent(percent))
}

/// A rate as exports write it: the page's rounding ([`Money::round_rate`]), exactly four
/// decimals, no symbol (`1.0060`).
pub fn rate_value(m: Money) -> String {
    format!("{:.4}", m.round_rate().amount)
}

/// A ratio as a percentage with one decimal: `0.6667` → `66.7%`.
pub fn percent(ratio: Decimal) -> String {
    format!("{}%", decimal(ratio * Decimal::ONE_HUNDRED, 1))
}

/// A date for `lang`: `2021-05-25` in English, `2021年5月25日` in Chinese.
pub fn date(d: NaiveDate, lang: Lang) -> String {
    match lang {
        // As chrono's `%Y-%m-%d` writes it (a test proves it), without linking its
        // format-string machinery into the page's first download.
        Lang::En => {
            let year = d.year();
            if (0..=9999).contains(&year) {
                format!("{year:04}-{:02}-{:02}", d.month(), d.day())
            } else {
                format!("{year:+05}-{:02}-{:02}", d.month(), d.day())
            }
        }
        Lang::Zh => format!("{}年{}月{}日", d.year(), d.month(), d.day()),
    }
}

/// `text` safe as HTML element content and as a double- or single-quoted attribute value:
/// `&`, `<`, `>`, `"` and `'` replaced by character references. The page's SVG charts and the
/// spend review's report are markup built from text that may come from a link or a bill.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::{parse_decimal, Currency};

    fn d(s: &str) -> Decimal {
        parse_decimal(s).unwrap()
    }

    // The line's start field parsed "HH:MM" inside the page's view and took "99:99" as
    // minute 6,039 of the day.
    #[test]
    fn a_clock_reading_is_a_minute_of_the_day_and_nothing_else_is() {
        assert_eq!(parse_clock("09:05"), Some(545));
        assert_eq!(parse_clock("23:59:00"), Some(1439));
        assert_eq!(parse_clock("00:00"), Some(0));
        for bad in [
            "24:00", "99:99", "9h", "", ":", "12:", "1:2:3:4", "012:00", "12:60", "-1:00",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        for minute in [0, 545, 1439] {
            assert_eq!(parse_clock(&clock(minute)), Some(minute));
        }
        assert_eq!(
            clock(1440 + 90),
            "01:30",
            "a later day's minute reads as its time of day"
        );
    }

    #[test]
    fn money_is_grouped_and_rounded_once() {
        assert_eq!(money(Money::new(d("2304"), Currency::Cny)), "¥2,304.00");
        assert_eq!(
            money(Money::new(d("1234567.005"), Currency::Usd)),
            "$1,234,567.01"
        );
        assert_eq!(money(Money::new(d("-5.1"), Currency::Usd)), "-$5.10");
        assert_eq!(money(Money::new(d("-0.001"), Currency::Usd)), "$0.00");
    }

    #[test]
    fn rates_keep_up_to_four_decimals() {
        assert_eq!(rate(Money::new(d("1.006"), Currency::Usd)), "$1.006");
        assert_eq!(rate(Money::new(d("8"), Currency::Cny)), "¥8.00");
        assert_eq!(rate(Money::new(d("0.123456"), Currency::Usd)), "$0.1235");
    }

    #[test]
    fn numbers_and_percentages() {
        assert_eq!(number(d("72.000"), 2), "72");
        assert_eq!(number(d("12345.5"), 2), "12,345.5");
        assert_eq!(percent(d("0.66666")), "66.7%");
    }

    #[test]
    fn dates_follow_the_language() {
        let day = NaiveDate::from_ymd_opt(2021, 5, 25).unwrap();
        assert_eq!(date(day, Lang::En), "2021-05-25");
        assert_eq!(date(day, Lang::Zh), "2021年5月25日");
    }

    proptest::proptest! {
        /// The English date is chrono's `%Y-%m-%d` for every date chrono has, signed years
        /// (before year 0, after 9999) included.
        #[test]
        fn english_dates_are_chronos_iso_dates(days in -95_000_000i32..95_000_000) {
            let day = NaiveDate::from_num_days_from_ce_opt(days).unwrap();
            proptest::prop_assert_eq!(date(day, Lang::En), day.format("%Y-%m-%d").to_string());
        }
    }

    #[test]
    fn browser_language_picks_chinese_for_any_zh_tag() {
        assert_eq!(Lang::from_browser(["zh-TW", "en"]), Lang::Zh);
        assert_eq!(Lang::from_browser(["fr", "en-GB"]), Lang::En);
        assert_eq!(Lang::from_browser(["fr"]), Lang::En);
    }
}
