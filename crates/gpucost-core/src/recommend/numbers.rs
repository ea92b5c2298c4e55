//! How the recommendation writes its numbers: one formatter per kind of number, shared by
//! the sentences ([`super::words`]) and the view model ([`crate::view::recommendation`]), so a
//! throughput reads the same in a reason as on the card next to it.

use rust_decimal::Decimal;

use crate::format;
use crate::money::Money;

use super::range::LowHigh;

/// A measured or modelled quantity (GiB, throughput, hours, a ratio) as a short number:
/// three significant-ish digits, grouped by thousands, no trailing zeros — `1,234`, `18.5`,
/// `2.35`, `0.125`; `∞` when it is not finite.
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return "∞".into();
    }
    let dp = match x.abs() {
        a if a >= 100.0 => 0,
        a if a >= 10.0 => 1,
        a if a >= 1.0 => 2,
        _ => 3,
    };
    Decimal::from_f64_retain(x)
        .map(|d| format::number(d, dp))
        .unwrap_or_else(|| "∞".into())
}

/// A range of quantities: `1.2–1.5`, or one number when both ends print the same.
pub fn span(r: LowHigh<f64>) -> String {
    let (a, b) = (num(r.low), num(r.high));
    if a == b {
        a
    } else {
        format!("{a}–{b}")
    }
}

/// A fraction as a whole percentage: `36 %`.
pub fn pct(x: f64) -> String {
    format!("{:.0} %", x * 100.0)
}

/// A range of fractions as percentages: `36–64 %`, or `50 %` when both ends print the same.
pub fn pct_span(r: LowHigh<f64>) -> String {
    let (a, b) = (
        format!("{:.0}", r.low * 100.0),
        format!("{:.0}", r.high * 100.0),
    );
    if a == b {
        format!("{a} %")
    } else {
        format!("{a}–{b} %")
    }
}

/// A count of things (instances, milliseconds), grouped by thousands: `1,200`.
pub fn count(n: u64) -> String {
    format::number(Decimal::from(n), 0)
}

/// A large count of FLOPs in scientific notation: `1.2e12`.
pub fn sci(x: f64) -> String {
    if x <= 0.0 || !x.is_finite() {
        return num(x);
    }
    let e = x.log10().floor();
    format!("{}e{}", num(x / 10f64.powf(e)), e as i32)
}

/// An amount per unit of work: four decimals below one, else two.
pub fn amount(m: Money) -> String {
    if m.amount.abs() < Decimal::ONE {
        format::rate(m)
    } else {
        format::money(m)
    }
}

/// A money range: `¥1.20–¥1.50`, or one amount when both ends print the same.
pub fn money_span(r: LowHigh<Money>) -> String {
    let (a, b) = (amount(r.low), amount(r.high));
    if a == b {
        a
    } else {
        format!("{a}–{b}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Currency;

    #[test]
    fn numbers_and_money_ranges_print_short() {
        assert_eq!(num(1234.4), "1,234");
        assert_eq!(num(2.3456), "2.35");
        assert_eq!(num(18.04), "18");
        assert_eq!(num(152.0), "152");
        assert_eq!(span(LowHigh::new(0.36, 0.64)), "0.36–0.64");
        assert_eq!(pct_span(LowHigh::new(0.36, 0.64)), "36–64 %");
        assert_eq!(count(5000), "5,000");
        assert_eq!(sci(1.5e12), "1.5e12");
        let m = |s: &str| Money::new(s.parse().unwrap(), Currency::Cny);
        assert_eq!(
            money_span(LowHigh::money(m("0.12345"), m("1.5"))),
            "¥0.1235–¥1.50"
        );
        assert_eq!(money_span(LowHigh::money(m("2"), m("2.001"))), "¥2.00");
    }
}
