//! Exact money and the units it is multiplied by.
//!
//! Prices and totals are [`rust_decimal::Decimal`] values tagged with a [`Currency`]; nothing in
//! the engine's API is an `f64` amount. Arithmetic stays exact (28 significant digits) until a
//! number is shown, and then exactly one rounding rule applies: [`Money::round_for_display`]
//! (two decimals, half away from zero — how the providers' invoices round). This module knows
//! nothing about providers, schedules or exchange rates.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Sub};
use std::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

/// `amount` to two decimals, half away from zero: exactly
/// `round_dp_with_strategy(2, MidpointAwayFromZero)` (value, scale and sign), computed with one
/// 128-bit division where rust_decimal divides and multiplies digit group by digit group —
/// an estimate rounds thousands of line items to compare plans.
fn round_cents(amount: Decimal) -> Decimal {
    let scale = amount.scale();
    if scale <= 2 || amount.is_zero() {
        // Nothing to round, or a (possibly negative) zero: the library's own answer.
        return amount.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    }
    // The mantissa has at most 96 bits and the divisor is at most 10^26: both fit in u128.
    let unit = 10u128.pow(scale - 2);
    let m = amount.mantissa().unsigned_abs();
    let q = m / unit;
    let r = m - q * unit;
    let q = if r >= unit / 2 { q + 1 } else { q };
    let q = i128::try_from(q).expect("below 2^96");
    Decimal::from_i128_with_scale(if amount.is_sign_negative() { -q } else { q }, 2)
}

/// `d` as the nearest `f64`, ties to even: exactly what `d.to_string().parse::<f64>()` gives
/// (the tests check it bit for bit), for drawing charts.
///
/// Worked out by long division on the mantissa instead of through the text: the standard
/// library's decimal-to-float parser carries a 10 KB table of powers of five that does not
/// compress, and the page parsed no other float, so this keeps 14 KB (gzipped, 17 KB raw)
/// out of its download.
pub fn nearest_f64(d: Decimal) -> f64 {
    // The mantissa has at most 96 bits and the divisor is at most 10^28 < 2^94: u128 holds
    // both, and a remainder doubled.
    let den = 10u128.pow(d.scale());
    let m = d.mantissa().unsigned_abs();
    let magnitude = if m == 0 {
        0.0
    } else {
        // value = (q + r / den) / 2^shift. Move fraction bits into q until it has at least 54
        // bits: the 53 an f64 keeps and a rounding bit.
        let (mut q, mut r, mut shift) = (m / den, m % den, 0i32);
        while q < 1 << 53 {
            r <<= 1;
            q <<= 1;
            if r >= den {
                r -= den;
                q |= 1;
            }
            shift += 1;
        }
        // Keep the top 53 bits; round on the ones dropped and on what is left of the division.
        let extra = 128 - q.leading_zeros() - 53;
        let dropped = q & ((1 << extra) - 1);
        let half = 1 << (extra - 1);
        let mut kept = q >> extra;
        if dropped > half || (dropped == half && (r != 0 || kept & 1 == 1)) {
            kept += 1;
        }
        // `kept` ≤ 2^53 is exact as an f64, and so is the power of two: the value lies between
        // 10^-28 and 2^96, far inside the normal range, so the product is exact too.
        let exponent = i64::from(extra) - i64::from(shift);
        let scale = f64::from_bits(((exponent + 1023) as u64) << 52);
        kept as f64 * scale
    };
    if d.is_sign_negative() {
        -magnitude
    } else {
        magnitude
    }
}

/// A currency the catalog prices in or the page displays in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Currency {
    /// United States dollar.
    #[serde(rename = "USD")]
    Usd,
    /// Chinese yuan renminbi.
    #[serde(rename = "CNY")]
    Cny,
}

impl Currency {
    /// Every supported currency, in display order.
    pub const ALL: [Currency; 2] = [Currency::Cny, Currency::Usd];

    /// The ISO 4217 code, which is also the URL slug.
    pub fn as_str(self) -> &'static str {
        match self {
            Currency::Usd => "USD",
            Currency::Cny => "CNY",
        }
    }

    /// The symbol printed before an amount.
    pub fn symbol(self) -> &'static str {
        match self {
            Currency::Usd => "$",
            Currency::Cny => "¥",
        }
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A currency code that is not one of [`Currency::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown currency {0:?} (expected CNY or USD)")]
pub struct UnknownCurrency(pub String);

impl FromStr for Currency {
    type Err = UnknownCurrency;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_uppercase().as_str() {
            "USD" => Ok(Currency::Usd),
            "CNY" | "RMB" => Ok(Currency::Cny),
            _ => Err(UnknownCurrency(s.to_string())),
        }
    }
}

/// An exact amount of money in one currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Money {
    /// The amount, exact; may carry more than two decimals until it is rounded for display.
    pub amount: Decimal,
    /// The currency of `amount`.
    pub currency: Currency,
}

impl Money {
    /// An amount in `currency`.
    pub fn new(amount: Decimal, currency: Currency) -> Self {
        Money { amount, currency }
    }

    /// Zero in `currency`.
    pub fn zero(currency: Currency) -> Self {
        Money::new(Decimal::ZERO, currency)
    }

    /// The one rounding rule of the product: two decimals, half away from zero.
    ///
    /// Every amount a person sees passes through here exactly once; totals shown next to line
    /// items are sums of already-rounded line items, so they always add up on screen.
    pub fn round_for_display(self) -> Money {
        Money::new(round_cents(self.amount), self.currency)
    }

    /// The one rounding rule for rates (a price per hour, per GPU-hour or per unit): four
    /// decimals, half away from zero, so cheap offers stay distinguishable. Amounts use
    /// [`Money::round_for_display`] instead.
    pub fn round_rate(self) -> Money {
        Money::new(
            self.amount
                .round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero),
            self.currency,
        )
    }

    /// A lossy `f64` for drawing charts; never use it for arithmetic on money.
    pub fn to_f64_lossy(self) -> f64 {
        self.amount.to_f64().unwrap_or(0.0)
    }

    /// `self / other` as a plain ratio, or `None` when the currencies differ or `other` is zero.
    pub fn ratio_to(self, other: Money) -> Option<Decimal> {
        if self.currency != other.currency || other.amount.is_zero() {
            return None;
        }
        self.amount.checked_div(other.amount)
    }

    /// Scales the amount by an exact factor (a count, a share, a discount).
    pub fn times(self, factor: Decimal) -> Money {
        Money::new(self.amount * factor, self.currency)
    }

    /// The plain decimal string of the display-rounded amount, e.g. `"2304.00"`.
    pub fn to_decimal_string(self) -> String {
        format!("{:.2}", self.round_for_display().amount)
    }
}

impl Add for Money {
    type Output = Money;

    /// Adds two amounts of the same currency.
    ///
    /// # Panics
    /// When the currencies differ: callers convert through an FX table first, and mixing
    /// currencies silently would be a wrong total.
    fn add(self, rhs: Money) -> Money {
        assert_eq!(
            self.currency, rhs.currency,
            "adding money in different currencies"
        );
        Money::new(self.amount + rhs.amount, self.currency)
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        *self = *self + rhs;
    }
}

impl Sub for Money {
    type Output = Money;

    /// Subtracts two amounts of the same currency (panics on mixed currencies, like `Add`).
    fn sub(self, rhs: Money) -> Money {
        assert_eq!(
            self.currency, rhs.currency,
            "subtracting money in different currencies"
        );
        Money::new(self.amount - rhs.amount, self.currency)
    }
}

/// Sums an iterator of money that must all be in `currency`.
///
/// The only way to sum money: there is deliberately no `Sum for Money`, because an empty list
/// has no currency and would have to invent one; a sum starts from a currency the caller knows.
pub fn sum_in(currency: Currency, items: impl IntoIterator<Item = Money>) -> Money {
    items
        .into_iter()
        .fold(Money::zero(currency), |acc, m| acc + m)
}

/// A duration in hours, exact (a 30-minute lead time is `0.5`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
pub struct Hours(pub Decimal);

impl Hours {
    /// Whole hours.
    pub fn whole(h: i64) -> Hours {
        Hours(Decimal::from(h))
    }

    /// Hours from a number of seconds.
    pub fn from_seconds(s: i64) -> Hours {
        Hours(Decimal::from(s) / Decimal::from(3600))
    }

    /// Hours from a number of minutes.
    pub fn from_minutes(m: i64) -> Hours {
        Hours(Decimal::from(m) / Decimal::from(60))
    }

    /// The decimal value.
    pub fn value(self) -> Decimal {
        self.0
    }
}

impl Add for Hours {
    type Output = Hours;
    fn add(self, rhs: Hours) -> Hours {
        Hours(self.0 + rhs.0)
    }
}

impl AddAssign for Hours {
    fn add_assign(&mut self, rhs: Hours) {
        self.0 += rhs.0;
    }
}

impl Sum for Hours {
    fn sum<I: Iterator<Item = Hours>>(iter: I) -> Hours {
        iter.fold(Hours::default(), |a, b| a + b)
    }
}

/// A price per hour of something (an instance, one GPU), in one currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PerHour(pub Money);

impl Mul<Hours> for PerHour {
    type Output = Money;

    /// `rate × hours = amount`, exact.
    fn mul(self, rhs: Hours) -> Money {
        self.0.times(rhs.0)
    }
}

/// `s` with full-width digits, point, signs and spaces (`４`, `．`, `－`, `＋`, U+3000) as
/// their ASCII forms: Chinese input methods type numbers that way, and `４` is a 4.
pub fn ascii_digits(s: &str) -> std::borrow::Cow<'_, str> {
    let full_width =
        |c: char| matches!(c, '\u{FF10}'..='\u{FF19}' | '．' | '－' | '＋' | '\u{3000}');
    if !s.chars().any(full_width) {
        return std::borrow::Cow::Borrowed(s);
    }
    s.chars()
        .map(|c| match c {
            '\u{FF10}'..='\u{FF19}' => char::from(b'0' + (c as u32 - 0xFF10) as u8),
            '．' => '.',
            '－' => '-',
            '＋' => '+',
            '\u{3000}' => ' ',
            c => c,
        })
        .collect::<String>()
        .into()
}

/// Parses a decimal written with a dot (`"21.95764"`, or in full-width digits `"２１．５"`),
/// rejecting NaN-like and exponent forms.
///
/// # Errors
/// Returns a readable message when `s` is not a plain decimal number.
pub fn parse_decimal(s: &str) -> Result<Decimal, String> {
    let ascii = ascii_digits(s);
    let t = ascii.trim();
    if t.is_empty() {
        return Err("empty number".to_string());
    }
    if !t
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.' || c == '-' || c == '+')
    {
        return Err(format!("{t:?} is not a plain decimal number"));
    }
    Decimal::from_str(t).map_err(|_| format!("{t:?} is not a plain decimal number"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_digits_read_as_the_number_they_show() {
        assert_eq!(parse_decimal("４").unwrap(), Decimal::from(4));
        assert_eq!(
            parse_decimal("\u{3000}１２．５０").unwrap(),
            Decimal::new(1250, 2)
        );
        assert_eq!(parse_decimal("－３").unwrap(), Decimal::from(-3));
        assert!(
            parse_decimal("４，５").is_err(),
            "a full-width comma is no decimal point"
        );
        assert_eq!(ascii_digits("plain 4"), "plain 4");
    }
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        #[test]
        fn cents_round_exactly_as_rust_decimal_does(
            mantissa in prop_oneof![-100_000i128..100_000, -(1i128 << 96) + 1..(1i128 << 96)],
            scale in 0u32..=28,
        ) {
            let d = Decimal::from_i128_with_scale(mantissa, scale);
            let expected = d.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
            // Same bits: value, scale and sign.
            prop_assert_eq!(round_cents(d).serialize(), expected.serialize(), "{}", d);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        #[test]
        fn nearest_f64_is_what_parsing_the_text_gives(
            mantissa in prop_oneof![
                -100_000i128..100_000,
                -(1i128 << 96) + 1..(1i128 << 96),
                (1i128 << 52)..(1i128 << 56),
            ],
            scale in 0u32..=28,
        ) {
            let d = Decimal::from_i128_with_scale(mantissa, scale);
            let parsed: f64 = d.to_string().parse().unwrap();
            prop_assert_eq!(nearest_f64(d).to_bits(), parsed.to_bits(), "{}", d);
        }

        #[test]
        fn nearest_f64_breaks_ties_to_even(
            // m / 2^j with a 54-bit m lies halfway between two f64s when m is odd; as a
            // decimal it is (m·5^j) / 10^j, which fits 96 bits for j ≤ 18.
            m in (1u128 << 53)..(1u128 << 54),
            j in 0u32..=18,
            negative: bool,
        ) {
            let mantissa = i128::try_from(m * 5u128.pow(j)).unwrap();
            let d = Decimal::from_i128_with_scale(if negative { -mantissa } else { mantissa }, j);
            let parsed: f64 = d.to_string().parse().unwrap();
            prop_assert_eq!(nearest_f64(d).to_bits(), parsed.to_bits(), "{}", d);
        }
    }

    #[test]
    fn nearest_f64_of_edge_values() {
        let mut values = vec![Decimal::ZERO, -Decimal::ZERO, Decimal::MAX, Decimal::MIN];
        values.extend(
            ["1", "0.1", "7", "1e-28", "0.1166666666666666666666666667"].map(|s| {
                Decimal::from_scientific(s)
                    .or_else(|_| Decimal::from_str(s))
                    .unwrap()
            }),
        );
        values.extend((1..=200).map(|minutes| Decimal::from(minutes) / Decimal::from(60)));
        for d in values {
            let parsed: f64 = d.to_string().parse().unwrap();
            assert_eq!(nearest_f64(d).to_bits(), parsed.to_bits(), "{d}");
        }
    }

    #[test]
    fn cents_round_half_away_from_zero_at_every_scale() {
        for (raw, cents) in [
            ("0.005", "0.01"),
            ("-0.005", "-0.01"),
            ("0.00499999999999999999999999", "0.00"),
            ("-0.004", "0.00"),
            ("1.2345", "1.23"),
            (
                "7922816251426433759354395.0335",
                "7922816251426433759354395.03",
            ),
        ] {
            let d = parse_decimal(raw).unwrap();
            let want = d.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
            assert_eq!(round_cents(d).serialize(), want.serialize(), "{raw}");
            assert_eq!(round_cents(d).to_string(), cents, "{raw}");
        }
    }

    fn cny(s: &str) -> Money {
        Money::new(parse_decimal(s).unwrap(), Currency::Cny)
    }

    #[test]
    fn rate_times_hours_is_exact() {
        let v100 = PerHour(cny("8"));
        assert_eq!(v100 * Hours::whole(72), cny("576"));
        assert_eq!(PerHour(cny("5.2")) * Hours::from_minutes(270), cny("23.4"));
    }

    #[test]
    fn display_rounding_is_half_away_from_zero() {
        assert_eq!(cny("0.005").round_for_display(), cny("0.01"));
        assert_eq!(cny("0.0049").round_for_display(), cny("0.00"));
        assert_eq!(cny("-0.005").round_for_display(), cny("-0.01"));
        // Rates keep four decimals, and a midpoint goes away from zero (not to the even digit).
        assert_eq!(cny("0.00125").round_rate(), cny("0.0013"));
        assert_eq!(cny("0.00135").round_rate(), cny("0.0014"));
        assert_eq!(cny("-0.00125").round_rate(), cny("-0.0013"));
        assert_eq!(cny("2304").to_decimal_string(), "2304.00");
    }

    #[test]
    fn currency_codes_round_trip() {
        for c in Currency::ALL {
            assert_eq!(c.as_str().parse::<Currency>(), Ok(c));
        }
        assert!("EUR".parse::<Currency>().is_err());
    }

    #[test]
    fn parse_decimal_rejects_exponents_and_words() {
        assert!(parse_decimal("1e5").is_err());
        assert!(parse_decimal("NaN").is_err());
        assert!(parse_decimal("").is_err());
        assert_eq!(parse_decimal(" 1.50 ").unwrap().to_string(), "1.50");
    }

    #[test]
    #[should_panic(expected = "different currencies")]
    fn mixing_currencies_is_refused() {
        let _ = cny("1") + Money::new(Decimal::ONE, Currency::Usd);
    }
}
