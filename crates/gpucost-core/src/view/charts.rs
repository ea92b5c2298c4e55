//! What the charts may claim, decided from their data: where a way of paying overtakes
//! on-demand and stays cheaper to the end of the period, what a serving fleet runs over
//! its week against what its load needs, and a shared pool's week — each team's demand
//! stacked, their combined demand the pool is sized to, and what renting apart sizes for. The
//! page draws the marks and labels; this module decides what they say, so the claims are
//! tested against the numbers natively.

use rust_decimal::Decimal;

use crate::billing_mode::ModeClass;
use crate::catalog::Catalog;
use crate::pool::SharedPool;
use crate::report::Series;
use crate::scenario::{Demand, Scenario};

/// A way of paying that becomes cheaper than on-demand and stays so until the horizon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overtake {
    /// The way of paying that overtakes.
    pub class: ModeClass,
    /// Index of the first point from which it is cheaper at every point to the end.
    pub point: usize,
    /// That point's hour.
    pub hours: Decimal,
}

/// Where each non-on-demand line of `series` overtakes the on-demand line for good: the first
/// point from which it is strictly cheaper at every point to the end, provided it was dearer
/// at some point before. A line that ends dearer than on-demand, or is never dearer, claims
/// nothing (the dev/test preset's reserved line crossed on-demand briefly at ~16 h and
/// ended ¥3,000 above it, yet the chart said "Reserved cheaper after ~16 h").
pub fn overtakes(series: &[Series]) -> Vec<Overtake> {
    let Some(od) = series.iter().find(|s| s.class == ModeClass::OnDemand) else {
        return Vec::new();
    };
    series
        .iter()
        .filter(|s| s.class != ModeClass::OnDemand)
        .filter_map(|other| {
            let n = od.points.len().min(other.points.len());
            let cheaper = |k: usize| other.points[k].1.amount < od.points[k].1.amount;
            // Walk back from the end while the other line is cheaper.
            let mut first = n;
            while first > 0 && cheaper(first - 1) {
                first -= 1;
            }
            // A claim needs a time when it was dearer: lines that both start at zero and part
            // at once have no break-even.
            let dearer = |k: usize| other.points[k].1.amount > od.points[k].1.amount;
            (first < n && (0..first).any(dearer)).then(|| Overtake {
                class: other.class,
                point: first,
                hours: other.points[first].0,
            })
        })
        .collect()
}

/// A serving line's week, for the demand-and-capacity chart: per hour of the week (Monday
/// 00:00 first, in the schedule's time zone), the GPUs its load needs and the GPUs running
/// with the lead time and scale-in delay, beside a fleet sized for the peak all the time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServingWeek {
    /// Line number, from 1.
    pub line: usize,
    /// The GPU's display name.
    pub gpu: String,
    /// GPUs the load needs, hour by hour (168 values).
    pub needed: Vec<u32>,
    /// GPUs running, hour by hour (168 values; never fewer than needed).
    pub running: Vec<u32>,
    /// The fleet sized for the peak: what runs all week without autoscaling.
    pub peak: u32,
}

impl ServingWeek {
    /// The week of every serving line of `scenario` whose load is a weekly curve, in line
    /// order (a load all the time or in one window has no week to draw).
    pub fn all(catalog: &Catalog, scenario: &Scenario) -> Vec<ServingWeek> {
        scenario
            .lines
            .iter()
            .enumerate()
            .filter_map(|(i, l)| {
                let Demand::Load(load) = &l.demand else {
                    return None;
                };
                Some(ServingWeek {
                    line: i + 1,
                    gpu: super::results::gpu_name(catalog, &l.gpu),
                    needed: load.week_gpus()?,
                    running: load.week_capacity(scenario.lead_minutes)?,
                    peak: load.peak_gpus(),
                })
            })
            .collect()
    }
}

/// A shared pool's first week, for its chart: per hour from the horizon's start, each team's
/// demand stacked on the teams before it, the pool's size (the teams' combined demand, which
/// the pool is sized to hour by hour), and the fleet renting apart sizes for (each team's peak,
/// added up) beside the pool's own peak.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolWeek {
    /// The pooled GPU's display name.
    pub gpu: String,
    /// The hour of the week (0: Monday 00:00) the first hour is.
    pub first_hour: usize,
    /// Each team's band, in the pool's team order (the first at the bottom).
    pub teams: Vec<TeamBand>,
    /// GPUs the pool runs, hour by hour: the top of the stack (at most 168 hours).
    pub combined: Vec<Decimal>,
    /// The most GPUs the pool runs at once.
    pub peak: Decimal,
    /// The teams' peaks added: what renting apart sizes for.
    pub peaks_added: Decimal,
}

/// One team's band in a pool's stacked chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamBand {
    /// The team's name, as the user typed it (renderers make it inert).
    pub team: String,
    /// Where its band starts, hour by hour: the demand of the teams below it.
    pub bottom: Vec<Decimal>,
    /// Where it ends: `bottom` plus its own demand.
    pub top: Vec<Decimal>,
}

impl PoolWeek {
    /// The week of each pool of `shared`, in its order.
    pub fn all(shared: &SharedPool) -> Vec<PoolWeek> {
        shared
            .pools
            .iter()
            .map(|pool| {
                let hours = pool.combined.len();
                let mut below = vec![Decimal::ZERO; hours];
                let teams = pool
                    .teams
                    .iter()
                    .map(|t| {
                        let bottom = below.clone();
                        for (b, d) in below.iter_mut().zip(&t.demand) {
                            *b += *d;
                        }
                        TeamBand {
                            team: t.team.clone(),
                            bottom,
                            top: below.clone(),
                        }
                    })
                    .collect();
                PoolWeek {
                    gpu: pool.gpu_name.clone(),
                    first_hour: shared.first_hour,
                    teams,
                    combined: pool.combined.clone(),
                    peak: pool.peak,
                    peaks_added: pool.peaks_added,
                }
            })
            .collect()
    }

    /// Hours drawn.
    pub fn hours(&self) -> usize {
        self.combined.len()
    }

    /// The day of the week (0: Monday) of the `day`-th day drawn, from 0.
    pub fn weekday(&self, day: usize) -> usize {
        (self.first_hour / 24 + day) % 7
    }

    /// The top of the chart in whole GPUs: the larger of what renting apart sizes for and
    /// the most the pool runs, at least one.
    pub fn top(&self) -> u32 {
        let most = self.combined.iter().copied().max().unwrap_or_default();
        rust_decimal::prelude::ToPrimitive::to_u32(&self.peaks_added.max(most).ceil())
            .unwrap_or(u32::MAX)
            .max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::{Currency, Money};

    fn series(class: ModeClass, values: &[i64]) -> Series {
        Series {
            class,
            seller: "X".into(),
            seller_zh: "X".into(),
            commitments: Vec::new(),
            points: values
                .iter()
                .enumerate()
                .map(|(h, v)| {
                    (
                        Decimal::from(h as i64 * 100),
                        Money::new(Decimal::from(*v), Currency::Usd),
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn a_line_that_stays_cheaper_is_claimed_from_where_it_stays() {
        let od = series(ModeClass::OnDemand, &[0, 100, 200, 300]);
        let monthly = series(ModeClass::Subscription, &[150, 150, 150, 150]);
        let found = overtakes(&[od, monthly]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].point, 2);
        assert_eq!(found[0].hours, Decimal::from(200));
    }

    #[test]
    fn a_brief_crossing_that_ends_dearer_is_no_claim() {
        // On-demand jumps during business hours, then idles; reserved accrues evenly.
        let od = series(ModeClass::OnDemand, &[0, 50, 60, 60, 110, 120]);
        let reserved = series(ModeClass::Committed, &[0, 30, 60, 90, 120, 150]);
        assert_eq!(overtakes(&[od, reserved]), vec![]);
    }

    #[test]
    fn cheaper_from_the_start_or_equal_is_no_crossing() {
        let od = series(ModeClass::OnDemand, &[10, 100, 200]);
        let spot = series(ModeClass::Committed, &[0, 50, 100]);
        let same = series(ModeClass::Subscription, &[10, 100, 200]);
        assert_eq!(overtakes(&[od.clone(), spot, same]), vec![]);
        let from_zero = series(ModeClass::Committed, &[10, 60, 110]);
        assert_eq!(overtakes(&[od, from_zero]), vec![]);
    }

    #[test]
    fn a_pools_days_follow_the_horizons_first_weekday_and_its_top_holds_both_sizes() {
        let d = Decimal::from;
        let week = PoolWeek {
            gpu: "T4".into(),
            first_hour: 2 * 24, // a month that starts on a Wednesday
            teams: Vec::new(),
            combined: vec![d(3), Decimal::new(85, 1)],
            peak: Decimal::new(85, 1),
            peaks_added: d(8),
        };
        assert_eq!((week.weekday(0), week.weekday(5)), (2, 0));
        assert_eq!(
            week.top(),
            9,
            "8.5 GPUs together, above 8 apart, rounded up"
        );
        let empty = PoolWeek {
            combined: Vec::new(),
            peaks_added: Decimal::ZERO,
            ..week
        };
        assert_eq!((empty.top(), empty.hours()), (1, 0));
    }
}
