//! Exact amounts that may be in more than one currency (a bill in CNY and USD lines).

use std::collections::BTreeMap;

use gpucost_core::money::Currency;
use rust_decimal::Decimal;

/// A sum per currency, exact.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Amounts(pub BTreeMap<Currency, Decimal>);

impl Amounts {
    /// Adds `amount` in `currency`, saturating at the decimal's bounds: the review's limits
    /// ([`crate::limits::MAX_SUM`]) keep every sum it makes far from them, so saturation is
    /// a guard against a panic, never a figure anyone sees.
    pub fn add(&mut self, currency: Currency, amount: Decimal) {
        let sum = self.0.entry(currency).or_default();
        *sum = sum.saturating_add(amount);
    }

    /// Adds every currency of `other`.
    pub fn add_all(&mut self, other: &Amounts) {
        for (c, a) in &other.0 {
            self.add(*c, *a);
        }
    }

    /// The amount in `currency` (zero when none).
    pub fn get(&self, currency: Currency) -> Decimal {
        self.0.get(&currency).copied().unwrap_or_default()
    }

    /// Whether nothing was added.
    pub fn is_empty(&self) -> bool {
        self.0.values().all(Decimal::is_zero)
    }

    /// A sortable size: the sum over currencies with `usd_to_cny` applied to USD (only for
    /// ordering, never shown).
    /// Saturating, as it only orders.
    pub fn weight(&self, usd_to_cny: Decimal) -> Decimal {
        self.0
            .iter()
            .map(|(c, a)| match c {
                Currency::Usd => a.saturating_mul(usd_to_cny),
                Currency::Cny => *a,
            })
            .fold(Decimal::ZERO, Decimal::saturating_add)
    }
}
