//! Converting prices between currencies through one dated, sourced exchange rate.
//!
//! Prices keep their native currency in the catalog; only totals shown to a person are
//! converted, through an [`FxTable`] built from the catalog's quote or from a rate the user
//! typed (which then replaces the quote and is labelled as theirs).

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::catalog::Catalog;
use crate::money::{Currency, Money};

/// Where the rate in an [`FxTable`] came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FxOrigin {
    /// The catalog's quote: its date and source id.
    Catalog {
        /// Day of the quote.
        as_of: NaiveDate,
        /// Source id in the catalog.
        source: String,
    },
    /// A rate the user entered.
    User,
}

/// The CNY-per-USD rate used for every conversion in one estimate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FxTable {
    cny_per_usd: Decimal,
    origin: FxOrigin,
}

impl FxTable {
    /// The catalog's USD→CNY quote.
    ///
    /// # Panics
    /// When the catalog has no USD→CNY quote; the catalog test proves it has one.
    pub fn from_catalog(catalog: &Catalog) -> FxTable {
        let q = catalog
            .fx
            .iter()
            .find(|q| q.from == Currency::Usd && q.to == Currency::Cny)
            .expect("the catalog carries a USD→CNY quote");
        FxTable {
            cny_per_usd: q.rate,
            origin: FxOrigin::Catalog {
                as_of: q.as_of,
                source: q.source.to_string(),
            },
        }
    }

    /// A user-entered rate, or `None` when it is not positive.
    pub fn user(cny_per_usd: Decimal) -> Option<FxTable> {
        (cny_per_usd > Decimal::ZERO).then_some(FxTable {
            cny_per_usd,
            origin: FxOrigin::User,
        })
    }

    /// The catalog's rate, replaced by `user_rate` when given.
    pub fn with_override(catalog: &Catalog, user_rate: Option<Decimal>) -> FxTable {
        user_rate
            .and_then(FxTable::user)
            .unwrap_or_else(|| FxTable::from_catalog(catalog))
    }

    /// CNY per USD.
    pub fn cny_per_usd(&self) -> Decimal {
        self.cny_per_usd
    }

    /// Where the rate came from.
    pub fn origin(&self) -> &FxOrigin {
        &self.origin
    }

    /// `money` in `to`, exact (division keeps 28 significant digits).
    pub fn convert(&self, money: Money, to: Currency) -> Money {
        let amount = match (money.currency, to) {
            (a, b) if a == b => money.amount,
            (Currency::Usd, Currency::Cny) => money.amount * self.cny_per_usd,
            (Currency::Cny, Currency::Usd) => money.amount / self.cny_per_usd,
            _ => unreachable!("two currencies"),
        };
        Money::new(amount, to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::embedded;

    #[test]
    fn catalog_rate_is_dated_and_sourced() {
        let fx = FxTable::from_catalog(&embedded().catalog);
        assert!(fx.cny_per_usd() > Decimal::from(5) && fx.cny_per_usd() < Decimal::from(9));
        assert!(matches!(fx.origin(), FxOrigin::Catalog { .. }));
    }

    #[test]
    fn conversion_round_trips_within_display_precision() {
        let fx = FxTable::user(Decimal::new(70779, 4)).unwrap();
        let usd = Money::new(Decimal::new(1234567, 2), Currency::Usd);
        let back = fx.convert(fx.convert(usd, Currency::Cny), Currency::Usd);
        assert_eq!(back.round_for_display(), usd.round_for_display());
    }

    #[test]
    fn non_positive_user_rates_are_refused() {
        assert!(FxTable::user(Decimal::ZERO).is_none());
        assert!(FxTable::user(Decimal::NEGATIVE_ONE).is_none());
    }
}
