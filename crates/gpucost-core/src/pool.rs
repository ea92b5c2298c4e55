//! The shared pool (issue 31, founding documents `000_…` §8 and `003_…`): teams that rent the
//! same GPU model each on their own, priced instead as one pool sized hour by hour to their
//! combined demand.
//!
//! Lines carry an optional team name ([`Line::team`]). Lines of two or more teams with the
//! same GPU model and packing form a pool: one line whose GPUs at every minute are the sum of
//! the teams' lines, priced by the same engine as any line — so the base is reserved or
//! monthly where the catalog offers it for the offer and the scenario allows it, and the top
//! hourly (the committed and subscription mixes of `billing`). The lever's `without` is the
//! scenario's own total (each team renting its own, as the scenario prices it) and its `with`
//! the cheapest total of the same scenario with the pools (every other line as it is).
//!
//! Each pool's cost is split among its teams by the GPU-hours each uses, in cents that add up
//! to the pool's cost exactly (largest remainder; ties to the earlier team), so the split can
//! be charged back. It knows nothing about words or layout: `l10n` and the printers do.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::estimate::{compare_with, Comparison, EstimateContext, OfferBook, ProviderPlan};
use crate::money::{Currency, Money};
use crate::placement::Packing;
use crate::savings::{Assumption, Lever, Saving};
use crate::scenario::{Demand, Line, Scenario};
use crate::schedule::Segment;
use crate::traffic::gpu_hours;

/// Most hours of demand a pool shows hour by hour (the first week).
pub const SHOWN_HOURS: usize = 168;

/// The shared-pool lever and what it pools.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedPool {
    /// The lever: the scenario's own total against the same scenario with the pools.
    pub saving: Saving,
    /// Each pool, in the order of its first line.
    pub pools: Vec<Pool>,
    /// Who sells the pooled plan (English name).
    pub seller: String,
    /// The same seller's Chinese name.
    pub seller_zh: String,
    /// The hour of the week (0: Monday 00:00, in the schedule's time zone) at which the
    /// pools' hour-by-hour demand starts: the horizon's start.
    pub first_hour: usize,
}

/// One pool: the teams' lines of one GPU model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pool {
    /// The GPU model id.
    pub gpu: String,
    /// Its display name.
    pub gpu_name: String,
    /// The most GPUs the teams need at once, together.
    pub peak: Decimal,
    /// Their peaks added up: what renting apart sizes for.
    pub peaks_added: Decimal,
    /// GPU-hours over the horizon, all teams.
    pub gpu_hours: Decimal,
    /// The pool's cost in the pooled plan (display-rounded).
    pub pooled: Money,
    /// The teams' lines' cost in the scenario's own plan (display-rounded).
    pub apart: Money,
    /// GPUs needed together, per hour of the first [`SHOWN_HOURS`] (an hour's average).
    pub combined: Vec<Decimal>,
    /// Each team, in the order of its first line.
    pub teams: Vec<TeamShare>,
}

/// One team's part of a pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamShare {
    /// The team's name, as the user typed it (renderers make it inert).
    pub team: String,
    /// Its lines, numbered from 1.
    pub lines: Vec<usize>,
    /// The most GPUs it needs at once.
    pub peak: Decimal,
    /// GPU-hours it uses over the horizon.
    pub gpu_hours: Decimal,
    /// What its lines cost in the scenario's own plan.
    pub apart: Money,
    /// Its share of the pool's cost, by GPU-hours used.
    pub share: Money,
    /// GPUs it needs, per hour of the first [`SHOWN_HOURS`].
    pub demand: Vec<Decimal>,
}

/// Lines to pool: one GPU model and packing, two or more teams.
struct Group {
    gpu: String,
    packing: Packing,
    /// Line indexes, in order.
    lines: Vec<usize>,
}

impl Group {
    /// The teams, each once, in the order of their first line, with their line indexes.
    fn teams<'s>(&self, s: &'s Scenario) -> Vec<(&'s str, Vec<usize>)> {
        let mut teams: Vec<(&str, Vec<usize>)> = Vec::new();
        for &i in &self.lines {
            let Some(team) = s.lines[i].team.as_deref() else {
                continue;
            };
            match teams.iter_mut().find(|(t, _)| *t == team) {
                Some((_, lines)) => lines.push(i),
                None => teams.push((team, vec![i])),
            }
        }
        teams
    }
}

/// The groups of `s`'s team lines that share a GPU model and packing, of two or more teams.
fn groups(s: &Scenario) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for (i, line) in s.lines.iter().enumerate() {
        if line.team.is_none() {
            continue;
        }
        match groups
            .iter_mut()
            .find(|g| g.gpu == line.gpu && g.packing == line.packing)
        {
            Some(g) => g.lines.push(i),
            None => groups.push(Group {
                gpu: line.gpu.clone(),
                packing: line.packing,
                lines: vec![i],
            }),
        }
    }
    groups.retain(|g| g.teams(s).len() >= 2);
    groups
}

/// The shared-pool lever for `ctx`'s scenario, given its comparison, with offers from `book`;
/// `None` when no two teams rent the same GPU model, either scenario has no provider, or the
/// pool costs what the teams' own rentals cost.
pub(crate) fn shared_pool<'c, 'a: 'c>(
    ctx: &EstimateContext<'c>,
    comparison: &Comparison,
    book: &OfferBook<'a>,
) -> Option<SharedPool> {
    let s = ctx.scenario.scenario();
    let groups = groups(s);
    if groups.is_empty() {
        return None;
    }
    let own = comparison.providers.first()?.outcome.as_ref().ok()?;
    // The pooled scenario: each group's first line becomes its pool, the rest of the group
    // goes, every other line stays.
    let segments: Vec<Vec<Segment>> = (0..s.lines.len())
        .map(|i| ctx.scenario.segments(i))
        .collect();
    let combined: Vec<Vec<Segment>> = groups
        .iter()
        .map(|g| combine(g.lines.iter().map(|&i| segments[i].as_slice())))
        .collect();
    let mut lines = Vec::new();
    let mut pool_line = vec![0; groups.len()];
    for (i, line) in s.lines.iter().enumerate() {
        match groups.iter().position(|g| g.lines.contains(&i)) {
            None => lines.push(line.clone()),
            Some(gi) if groups[gi].lines[0] == i => {
                pool_line[gi] = lines.len();
                lines.push(Line {
                    demand: Demand::Constant(peak(&combined[gi])),
                    team: None,
                    ..line.clone()
                });
            }
            Some(_) => {}
        }
    }
    let mut pooled = Scenario { lines, ..s.clone() }.validate(ctx.catalog).ok()?;
    for (gi, segs) in combined.iter().enumerate() {
        pooled = pooled.with_segments(pool_line[gi], segs.clone());
    }
    let pooled_ctx = EstimateContext {
        scenario: &pooled,
        ..*ctx
    };
    let pooled_comparison = compare_with(&pooled_ctx, book);
    let first = pooled_comparison.providers.first()?;
    let plan = first.outcome.as_ref().ok()?;
    let currency = ctx.currency;
    let pools: Vec<Pool> = groups
        .iter()
        .enumerate()
        .map(|(gi, g)| {
            let teams = g.teams(s);
            let cost = subtotal(plan, &[pool_line[gi]], currency);
            let hours: Vec<Decimal> = teams
                .iter()
                .map(|(_, ls)| ls.iter().map(|&i| gpu_hours(&segments[i])).sum())
                .collect();
            let shares = split_by(cost, &hours);
            let teams: Vec<TeamShare> = teams
                .iter()
                .zip(hours)
                .zip(shares)
                .map(|(((team, ls), gpu_hours), share)| {
                    let own_segments = combine(ls.iter().map(|&i| segments[i].as_slice()));
                    TeamShare {
                        team: team.to_string(),
                        lines: ls.iter().map(|i| i + 1).collect(),
                        peak: peak(&own_segments),
                        gpu_hours,
                        apart: subtotal(own, ls, currency),
                        share,
                        demand: hourly(&own_segments, s.horizon.minutes()),
                    }
                })
                .collect();
            Pool {
                gpu: g.gpu.clone(),
                gpu_name: ctx
                    .catalog
                    .gpu(&g.gpu)
                    .map_or_else(|| g.gpu.clone(), |m| m.name.to_string()),
                peak: peak(&combined[gi]),
                peaks_added: teams.iter().map(|t| t.peak).sum(),
                gpu_hours: gpu_hours(&combined[gi]),
                pooled: cost,
                apart: subtotal(own, &g.lines, currency),
                combined: hourly(&combined[gi], s.horizon.minutes()),
                teams,
            }
        })
        .collect();
    let saving = Saving::new(
        Lever::SharedPool,
        own.total,
        plan.total,
        Assumption::SharedPool {
            gpus: pools.iter().map(|p| p.gpu_name.clone()).collect(),
            teams: pools.iter().map(|p| p.teams.len()).sum(),
        },
    )
    // Pooling that changes nothing (every team already on hourly prices) is no lever.
    .filter(|s| !s.amount.amount.is_zero())?;
    Some(SharedPool {
        saving,
        pools,
        seller: first.seller.name.clone(),
        seller_zh: first.seller.name_zh.clone(),
        first_hour: s.horizon.week_offset_hours(),
    })
}

/// The sum of the subtotals of `plan`'s lines `lines` (indexes into its scenario).
fn subtotal(plan: &ProviderPlan, lines: &[usize], currency: Currency) -> Money {
    crate::money::sum_in(
        currency,
        plan.lines
            .iter()
            .filter(|l| lines.contains(&l.line))
            .map(|l| l.subtotal),
    )
}

/// The segments of several lines added minute by minute: equal neighbours merged, zero
/// dropped.
pub fn combine<'s>(parts: impl IntoIterator<Item = &'s [Segment]>) -> Vec<Segment> {
    let mut edges: Vec<(u32, Decimal)> = Vec::new();
    for seg in parts.into_iter().flatten() {
        if seg.end > seg.start {
            edges.push((seg.start, seg.gpus));
            edges.push((seg.end, -seg.gpus));
        }
    }
    edges.sort_by_key(|e| e.0);
    let mut out: Vec<Segment> = Vec::new();
    let mut level = Decimal::ZERO;
    let mut k = 0;
    while k < edges.len() {
        let at = edges[k].0;
        while k < edges.len() && edges[k].0 == at {
            level += edges[k].1;
            k += 1;
        }
        let Some(&(next, _)) = edges.get(k) else {
            break;
        };
        if level.is_zero() {
            continue;
        }
        match out.last_mut() {
            Some(last) if last.end == at && last.gpus == level => last.end = next,
            _ => out.push(Segment {
                start: at,
                end: next,
                gpus: level,
            }),
        }
    }
    out
}

/// The most GPUs `segments` need at once.
fn peak(segments: &[Segment]) -> Decimal {
    segments
        .iter()
        .map(|s| s.gpus)
        .max()
        .unwrap_or(Decimal::ZERO)
}

/// GPUs `segments` need in each hour of the first [`SHOWN_HOURS`] of a horizon of
/// `horizon_minutes` (the hour's average, for a chart).
pub fn hourly(segments: &[Segment], horizon_minutes: u32) -> Vec<Decimal> {
    let hours = (horizon_minutes.div_ceil(60) as usize).min(SHOWN_HOURS);
    let mut out = vec![Decimal::ZERO; hours];
    for seg in segments {
        let mut t = seg.start;
        while t < seg.end {
            let h = (t / 60) as usize;
            if h >= hours {
                break;
            }
            let until = ((t / 60 + 1) * 60).min(seg.end);
            out[h] += seg.gpus * Decimal::from(until - t) / Decimal::from(60);
            t = until;
        }
    }
    out
}

/// `total` split in proportion to `weights`, in cents that add up to `total` exactly: each
/// part rounded down to the cent, the cents left over given one each to the largest
/// remainders (ties to the earlier part). Equal parts when every weight is zero.
pub fn split_by(total: Money, weights: &[Decimal]) -> Vec<Money> {
    if weights.is_empty() {
        return Vec::new();
    }
    let cents_total = (total.round_for_display().amount * Decimal::ONE_HUNDRED)
        .to_i128()
        .unwrap_or(0);
    let sum: Decimal = weights.iter().copied().sum();
    let weights: Vec<Decimal> = if sum.is_zero() {
        vec![Decimal::ONE; weights.len()]
    } else {
        weights.to_vec()
    };
    let sum: Decimal = weights.iter().copied().sum();
    let exact: Vec<Decimal> = weights
        .iter()
        .map(|w| Decimal::from_i128_with_scale(cents_total, 0) * *w / sum)
        .collect();
    let mut cents: Vec<i128> = exact
        .iter()
        .map(|e| e.floor().to_i128().unwrap_or(0))
        .collect();
    let mut left = cents_total - cents.iter().sum::<i128>();
    let mut order: Vec<usize> = (0..exact.len()).collect();
    // A negative total (never a cost, but exact all the same) hands back cents the same way.
    let step: i128 = if left < 0 { -1 } else { 1 };
    order.sort_by(|&a, &b| {
        let (ra, rb) = (exact[a] - exact[a].floor(), exact[b] - exact[b].floor());
        rb.cmp(&ra).then(a.cmp(&b))
    });
    let mut k = 0;
    while left != 0 && !order.is_empty() {
        cents[order[k % order.len()]] += step;
        left -= step;
        k += 1;
    }
    cents
        .into_iter()
        .map(|c| Money::new(Decimal::from_i128_with_scale(c, 2), total.currency))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usd(cents: i64) -> Money {
        Money::new(Decimal::new(cents, 2), Currency::Usd)
    }

    #[test]
    fn day_and_night_add_up_to_a_flat_pool() {
        let day = [Segment::new(9 * 60, 18 * 60, 4)];
        let night = [
            Segment::new(0, 9 * 60, 4),
            Segment::new(18 * 60, 24 * 60, 4),
        ];
        assert_eq!(
            combine([day.as_slice(), night.as_slice()]),
            vec![Segment::new(0, 24 * 60, 4)]
        );
        let overlap = [Segment::new(8 * 60, 10 * 60, 2)];
        assert_eq!(
            combine([day.as_slice(), overlap.as_slice()]),
            vec![
                Segment::new(480, 540, 2),
                Segment::new(540, 600, 6),
                Segment::new(600, 1080, 4)
            ]
        );
        assert_eq!(combine([[].as_slice()]), vec![]);
    }

    #[test]
    fn an_hour_shows_its_average_and_a_long_horizon_its_first_week() {
        let h = hourly(&[Segment::new(30, 150, 2)], 180);
        assert_eq!(h, vec![Decimal::ONE, Decimal::from(2), Decimal::ONE]);
        assert_eq!(
            hourly(&[Segment::new(0, 720 * 60, 1)], 720 * 60).len(),
            SHOWN_HOURS
        );
    }

    #[test]
    fn a_split_adds_up_to_the_cent_and_leftovers_go_to_the_largest_remainders() {
        let parts = split_by(usd(10_000), &[Decimal::ONE, Decimal::ONE, Decimal::ONE]);
        assert_eq!(parts, vec![usd(3334), usd(3333), usd(3333)]);
        let parts = split_by(usd(101), &[Decimal::from(1), Decimal::from(2)]);
        assert_eq!(parts, vec![usd(34), usd(67)]);
        let parts = split_by(usd(500), &[Decimal::ZERO, Decimal::ZERO]);
        assert_eq!(parts, vec![usd(250), usd(250)]);
        for total in [0, 1, 7, 99_999, 123_457] {
            let w = [Decimal::new(333, 1), Decimal::new(7, 0), Decimal::new(1, 3)];
            let parts = split_by(usd(total), &w);
            let sum: Decimal = parts.iter().map(|m| m.amount).sum();
            assert_eq!(sum, usd(total).amount, "{total}");
        }
    }
}
