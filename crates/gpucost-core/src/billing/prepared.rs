//! A line's usage prepared once for pricing at many offers and regions.
//!
//! An estimate prices the same usage (one line, one instance size, one metering rule) against
//! hundreds of offer-regions and several billing modes each. Everything about the usage that
//! does not depend on a price — the total, the levels busiest first, and the hours left over
//! once the busiest `k` are reserved or subscribed — is computed here once and shared.
//!
//! Leftover hours are memoized per `k` and summed exactly as a direct `busiest[k..]` sum
//! would be (same values, same order), so totals stay bit-identical even when an hour count
//! is an inexact decimal (a 1-minute session is 0.0166… h).

use std::cell::OnceCell;

use rust_decimal::Decimal;

use crate::billing_mode::Period;

/// Values largest first (levels are nested, so this is usually already their order).
fn descending(values: &[Decimal]) -> Vec<Decimal> {
    let mut v = values.to_vec();
    if !v.windows(2).all(|w| w[0] >= w[1]) {
        v.sort_by(|a, b| b.cmp(a));
    }
    v
}

/// Sums of `values[k..]` for each `k`, each computed on first use.
#[derive(Debug, Clone, Default)]
struct Leftovers {
    values: Vec<Decimal>,
    sums: Vec<OnceCell<Decimal>>,
}

impl Leftovers {
    fn new(values: Vec<Decimal>) -> Leftovers {
        Leftovers {
            sums: vec![OnceCell::new(); values.len() + 1],
            values,
        }
    }

    /// `values[k..].iter().sum()`.
    fn after(&self, k: usize) -> Decimal {
        *self.sums[k].get_or_init(|| self.values[k..].iter().sum())
    }

    /// How many of the values (largest first) are above `threshold`.
    fn count_above(&self, threshold: Decimal) -> usize {
        self.values.partition_point(|v| *v > threshold)
    }
}

/// Metered hours per instance level, prepared for every offer-region priced against them.
#[derive(Debug, Clone, Default)]
pub(crate) struct BilledLevels {
    total: Decimal,
    busiest: Leftovers,
}

impl BilledLevels {
    /// Prepares `billed_hours` (one entry per instance level, level 1 first).
    pub(crate) fn new(billed_hours: &[Decimal]) -> BilledLevels {
        BilledLevels {
            total: billed_hours.iter().sum(),
            busiest: Leftovers::new(descending(billed_hours)),
        }
    }

    /// Highest number of instances at once.
    pub(crate) fn peak(&self) -> usize {
        self.busiest.values.len()
    }

    /// Total metered instance-hours.
    pub(crate) fn total(&self) -> Decimal {
        self.total
    }

    /// How many levels are billed more than `threshold` hours.
    pub(crate) fn busier_than(&self, threshold: Decimal) -> usize {
        self.busiest.count_above(threshold)
    }

    /// Hours of all but the `k` busiest levels.
    pub(crate) fn rest_after(&self, k: usize) -> Decimal {
        self.busiest.after(k)
    }
}

/// Exact hours per instance level in each subscription period, prepared once: each period's
/// levels busiest first.
#[derive(Debug, Clone, Default)]
pub(crate) struct PeriodLevels {
    peak: usize,
    periods: Vec<Leftovers>,
    busiest_period: usize,
}

impl PeriodLevels {
    /// Prepares `levels[level][period]` hours.
    pub(crate) fn new(levels: &[Vec<Decimal>]) -> PeriodLevels {
        let n = levels.first().map(Vec::len).unwrap_or(0);
        let periods: Vec<Leftovers> = (0..n)
            .map(|p| {
                let used: Vec<Decimal> = levels.iter().map(|l| l[p]).collect();
                Leftovers::new(descending(&used))
            })
            .collect();
        // The period whose busiest level runs longest (the last such, as `max_by` picks).
        let busiest_period = periods
            .iter()
            .enumerate()
            .filter(|(_, l)| !l.values.is_empty())
            .max_by(|a, b| a.1.values[0].cmp(&b.1.values[0]))
            .map(|(p, _)| p)
            .unwrap_or(0);
        PeriodLevels {
            peak: levels.len(),
            periods,
            busiest_period,
        }
    }

    /// Instance levels (the peak instance count).
    pub(crate) fn peak(&self) -> usize {
        self.peak
    }

    /// Number of periods in the horizon.
    pub(crate) fn periods(&self) -> usize {
        self.periods.len()
    }

    /// The period whose busiest level runs the most hours.
    pub(crate) fn busiest_period(&self) -> usize {
        self.busiest_period
    }

    /// Levels in use at all in period `p`.
    pub(crate) fn in_use(&self, p: usize) -> usize {
        self.periods[p].values.partition_point(|h| !h.is_zero())
    }

    /// Levels running more than `threshold` hours in period `p`.
    pub(crate) fn busier_than(&self, p: usize, threshold: Decimal) -> usize {
        self.periods[p].count_above(threshold)
    }

    /// Hours in period `p` of all but its `k` busiest levels.
    pub(crate) fn rest_after(&self, p: usize, k: usize) -> Decimal {
        self.periods[p].after(k)
    }
}

/// [`PeriodLevels`] per subscription period kind, for the periods some price may subscribe.
///
/// Looked up for every region an estimate prices, so it is an array indexed by period rather
/// than a map.
#[derive(Debug, Clone, Default)]
pub(crate) struct PeriodTable([Option<PeriodLevels>; Period::ALL.len()]);

impl PeriodTable {
    /// The levels of `period`, when prepared.
    pub(crate) fn get(&self, period: Period) -> Option<&PeriodLevels> {
        self.0[period as usize].as_ref()
    }

    /// The levels of `period`, prepared by `make` on first use.
    pub(crate) fn get_or_insert_with(
        &mut self,
        period: Period,
        make: impl FnOnce() -> PeriodLevels,
    ) -> &PeriodLevels {
        self.0[period as usize].get_or_insert_with(make)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: &[i64]) -> Vec<Decimal> {
        v.iter().map(|&x| Decimal::from(x)).collect()
    }

    #[test]
    fn leftovers_match_direct_sums_even_when_inexact() {
        // One-minute sessions are inexact in hours; the memo must sum them in the same order.
        let third = Decimal::ONE / Decimal::from(60);
        let hours = vec![
            Decimal::from(700) + third,
            third,
            third * Decimal::from(7),
            third,
        ];
        let b = BilledLevels::new(&hours);
        let busiest = descending(&hours);
        for k in 0..=hours.len() {
            assert_eq!(
                b.rest_after(k),
                busiest[k..].iter().sum::<Decimal>(),
                "k = {k}"
            );
        }
        assert_eq!(b.total(), hours.iter().sum::<Decimal>());
        assert_eq!(b.busier_than(Decimal::ONE), 1);
    }

    #[test]
    fn periods_are_transposed_and_sorted() {
        // Two levels over three periods; level 2 is busier than level 1 in period 3 (unsorted).
        let p = PeriodLevels::new(&[d(&[5, 0, 1]), d(&[2, 0, 3])]);
        assert_eq!((p.peak(), p.periods()), (2, 3));
        assert_eq!(p.in_use(1), 0);
        assert_eq!(p.busier_than(2, Decimal::from(2)), 1);
        assert_eq!(p.rest_after(2, 1), Decimal::ONE);
        assert_eq!(p.busiest_period(), 0);
    }
}
