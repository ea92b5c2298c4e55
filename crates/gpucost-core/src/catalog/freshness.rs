//! How current a provider's prices are: the newest date its catalog prices carry, and how
//! many carry none, so the page can say "newest price: …" and mark a provider whose prices
//! are old. It knows nothing of words; the page and the exports render it.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::{AsOf, Catalog, PastPrice};
use crate::billing_mode::BillingMode;

/// A provider older than this many days is stale (its newest price is more than a year old).
pub const STALE_AFTER_DAYS: i64 = 365;

/// The dates of one provider's catalog prices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceDates {
    /// The newest date any of its prices carries: `On` when a price is known to be of that
    /// day, `OnOrBefore` when the newest date is only an upper bound, `Unknown` when no price
    /// has a date.
    pub newest: AsOf,
    /// How many of its prices carry a date.
    pub dated: usize,
    /// How many carry none.
    pub undated: usize,
}

impl PriceDates {
    /// Whether the newest price is more than [`STALE_AFTER_DAYS`] old on `today`; `None` when
    /// no price has a date (unknown is not the same as old).
    pub fn is_stale(&self, today: NaiveDate) -> Option<bool> {
        self.newest.age_days(today).map(|d| d > STALE_AFTER_DAYS)
    }

    /// Counts one price dated `as_of`.
    fn add(&mut self, as_of: AsOf) {
        let Some(date) = as_of.date() else {
            self.undated += 1;
            return;
        };
        self.dated += 1;
        self.newest = match self.newest.date() {
            // A known day beats an upper bound of the same day.
            Some(d) if d > date || (d == date && matches!(self.newest, AsOf::On(_))) => self.newest,
            _ => as_of,
        };
    }

    /// The date to show for the newest price: [`newest`](Self::newest), or, when no price
    /// carries a date, "no newer than `snapshot`" — the day the catalog's sources were copied
    /// ([`Catalog::built`]), an honest upper bound that is never mistaken for a known date.
    pub fn shown(&self, snapshot: NaiveDate) -> AsOf {
        match self.newest {
            AsOf::Unknown => AsOf::OnOrBefore(snapshot),
            known => known,
        }
    }
}

impl Catalog {
    /// The dates of `provider`'s prices, or `None` when the catalog has no price of it.
    pub fn price_dates(&self, provider: &str) -> Option<PriceDates> {
        let mut dates = PriceDates {
            newest: AsOf::Unknown,
            dated: 0,
            undated: 0,
        };
        let prices = self
            .offers
            .iter()
            .filter(|o| o.provider == provider)
            .flat_map(|o| o.prices.iter());
        for p in prices {
            dates.add(p.as_of);
        }
        (dates.dated + dates.undated > 0).then_some(dates)
    }

    /// The dates of every provider's prices, in one pass over the catalog: what a view of many
    /// providers reads, instead of [`Catalog::price_dates`] scanning every offer per provider.
    pub fn price_dates_by_provider(&self) -> HashMap<&str, PriceDates> {
        let mut all: HashMap<&str, PriceDates> = HashMap::new();
        for o in self.offers.iter() {
            let dates = all.entry(&o.provider).or_insert(PriceDates {
                newest: AsOf::Unknown,
                dated: 0,
                undated: 0,
            });
            for p in o.prices.iter() {
                dates.add(p.as_of);
            }
        }
        all.retain(|_, d| d.dated + d.undated > 0);
        all
    }

    /// Whether `provider`'s newest price is more than a year older than the day the catalog
    /// was built ([`Catalog::built`]) — never the wall clock, so every printer marks the same
    /// providers on every day. Unknown dates are not old.
    pub fn is_stale_provider(&self, provider: &str) -> bool {
        self.price_dates(provider)
            .is_some_and(|d| d.is_stale(self.built) == Some(true))
    }

    /// The replaced prices of `offer` in `mode` and `region`, oldest first ("was ¥2.08 on
    /// 2025-10-01").
    pub fn history_of<'a>(
        &'a self,
        offer: &'a str,
        mode: BillingMode,
        region: &'a str,
    ) -> impl Iterator<Item = &'a PastPrice> + 'a {
        self.history
            .iter()
            .filter(move |h| &*h.offer == offer && h.mode == mode && &*h.region == region)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_pass_dates_equal_each_providers_own() {
        let catalog = &crate::catalog::embedded().catalog;
        let all = catalog.price_dates_by_provider();
        assert!(all.len() > 10, "{}", all.len());
        for p in catalog.providers.iter() {
            assert_eq!(
                all.get(&*p.id).copied(),
                catalog.price_dates(&p.id),
                "{}",
                p.id
            );
        }
    }

    #[test]
    fn the_dates_kept_with_the_index_equal_each_providers_own() {
        let e = crate::catalog::embedded();
        for p in e.catalog.providers.iter() {
            let kept = e.index.price_dates(&p.id);
            assert_eq!(kept, e.catalog.price_dates(&p.id), "{}", p.id);
        }
        let dated = e.catalog.providers.iter();
        assert!(
            dated
                .filter(|p| e.index.price_dates(&p.id).is_some())
                .count()
                > 10
        );
        assert_eq!(e.index.price_dates("~a quote of the user's"), None);
        assert_eq!(e.index.price_dates(""), None);
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 1, d).unwrap()
    }

    #[test]
    fn a_known_day_beats_an_upper_bound_of_the_same_day_and_age_decides_staleness() {
        let dates = PriceDates {
            newest: AsOf::On(day(1)),
            dated: 1,
            undated: 0,
        };
        let a_year_on = day(1) + chrono::Days::new(STALE_AFTER_DAYS as u64);
        assert_eq!(dates.is_stale(a_year_on), Some(false));
        assert_eq!(dates.is_stale(a_year_on + chrono::Days::new(1)), Some(true));
        let unknown = PriceDates {
            newest: AsOf::Unknown,
            ..dates
        };
        assert_eq!(unknown.is_stale(day(2)), None);
        assert_eq!(
            unknown.shown(day(9)),
            AsOf::OnOrBefore(day(9)),
            "a bound, not a date"
        );
        assert_eq!(dates.shown(day(9)), AsOf::On(day(1)));
    }
}
