//! Estimates as ranges.
//!
//! Every modelled number in a recommendation is a [`LowHigh`]: the pessimistic and the
//! optimistic end of what the stated assumptions allow, always ordered `low <= high`.

use rust_decimal::Decimal;

use crate::money::Money;

/// A range of estimates, `low <= high`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LowHigh<T> {
    /// The smaller end.
    pub low: T,
    /// The larger end.
    pub high: T,
}

impl LowHigh<f64> {
    /// The range between `a` and `b`, in either order.
    pub fn new(a: f64, b: f64) -> Self {
        if a <= b {
            LowHigh { low: a, high: b }
        } else {
            LowHigh { low: b, high: a }
        }
    }

    /// A range of one value.
    pub fn point(x: f64) -> Self {
        LowHigh { low: x, high: x }
    }

    /// The middle of the range.
    pub fn mid(&self) -> f64 {
        (self.low + self.high) / 2.0
    }

    /// Both ends times `k`.
    pub fn times(self, k: f64) -> Self {
        LowHigh::new(self.low * k, self.high * k)
    }

    /// The sum of two ranges.
    pub fn plus(self, other: LowHigh<f64>) -> Self {
        LowHigh::new(self.low + other.low, self.high + other.high)
    }

    /// The product of two non-negative ranges.
    pub fn times_range(self, other: LowHigh<f64>) -> Self {
        LowHigh::new(self.low * other.low, self.high * other.high)
    }

    /// `1 / x` over the range (its ends swap); both ends must be positive.
    pub fn recip(self) -> Self {
        LowHigh::new(1.0 / self.high, 1.0 / self.low)
    }

    /// Whether both ends are finite.
    pub fn is_finite(&self) -> bool {
        self.low.is_finite() && self.high.is_finite()
    }
}

impl LowHigh<u32> {
    /// The range between `a` and `b`, in either order.
    pub fn new_u32(a: u32, b: u32) -> Self {
        LowHigh {
            low: a.min(b),
            high: a.max(b),
        }
    }
}

impl LowHigh<Money> {
    /// The range between two amounts of the same currency, in either order.
    pub fn money(a: Money, b: Money) -> Self {
        if a.amount <= b.amount {
            LowHigh { low: a, high: b }
        } else {
            LowHigh { low: b, high: a }
        }
    }

    /// The exact middle of the range. Total: near `Decimal`'s largest value, where the sum of
    /// the ends would overflow, the halves are added instead (rounded in the last digit).
    pub fn mid(&self) -> Money {
        let (low, high) = (self.low.amount, self.high.amount);
        let mid = match low.checked_add(high) {
            Some(sum) => sum / Decimal::TWO,
            None => low / Decimal::TWO + high / Decimal::TWO,
        };
        Money::new(mid, self.low.currency)
    }

    /// Both ends divided by an exact positive `d`.
    pub fn divided_by(self, d: Decimal) -> Self {
        let low = Money::new(self.low.amount / d, self.low.currency);
        // A range of one amount (a fleet whose size the throughput range does not change) is
        // divided once: same bits in, same bits out.
        let same = self.high.currency == self.low.currency
            && self.high.amount.serialize() == self.low.amount.serialize();
        let high = if same {
            low
        } else {
            Money::new(self.high.amount / d, self.high.currency)
        };
        LowHigh::money(low, high)
    }
}

/// Hours as an exact decimal for money arithmetic: clamped to `0..=1e15`, six decimals.
pub(crate) fn hours_decimal(h: f64) -> Decimal {
    let clamped = if h.is_finite() {
        h.clamp(0.0, 1e15)
    } else {
        1e15
    };
    Decimal::from_f64_retain(clamped)
        .unwrap_or(Decimal::ZERO)
        .round_dp(6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Currency;

    #[test]
    fn the_middle_of_a_range_near_the_largest_amount_does_not_overflow() {
        let usd = |d: Decimal| Money::new(d, Currency::Usd);
        let top = LowHigh::money(usd(Decimal::MAX - Decimal::ONE), usd(Decimal::MAX));
        let mid = top.mid().amount;
        assert!(
            mid > Decimal::MAX - Decimal::TWO && mid <= Decimal::MAX,
            "{mid}"
        );
        // Ordinary ranges keep the exact middle.
        let r = LowHigh::money(usd(Decimal::new(1, 2)), usd(Decimal::new(4, 2)));
        assert_eq!(r.mid().amount, Decimal::new(25, 3));
    }

    #[test]
    fn ranges_are_ordered_whatever_the_input_order() {
        let r = LowHigh::new(3.0, 1.0);
        assert_eq!((r.low, r.high), (1.0, 3.0));
        assert_eq!(r.recip().low, 1.0 / 3.0);
        let m = LowHigh::money(
            Money::new(Decimal::TEN, Currency::Usd),
            Money::new(Decimal::ONE, Currency::Usd),
        );
        assert_eq!(m.low.amount, Decimal::ONE);
        assert_eq!(m.mid().amount, Decimal::new(55, 1));
    }

    #[test]
    fn hours_become_exact_decimals() {
        assert_eq!(hours_decimal(1.5), Decimal::new(15, 1));
        assert_eq!(
            hours_decimal(f64::NAN),
            Decimal::from(1_000_000_000_000_000u64)
        );
        assert_eq!(hours_decimal(-3.0), Decimal::ZERO);
    }
}
