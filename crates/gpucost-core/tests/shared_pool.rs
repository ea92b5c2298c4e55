//! The shared pool (issue 31): two teams that rent the same GPU model by day and by night
//! price lower as one pool sized hour by hour to their combined demand than each renting its
//! own, and the pool's cost is split between them by the GPU-hours each uses, to the cent.

mod common;

use gpucost_core::money::{Currency, Money};
use gpucost_core::report::Report;
use gpucost_core::savings::{Assumption, Lever};
use rust_decimal::Decimal;

fn report(q: &str) -> Report {
    common::open_report(q).1
}

fn cny(units: i64, cents: i64) -> Money {
    Money::new(Decimal::new(units * 100 + cents, 2), Currency::Cny)
}

/// Team "search" rents 4 T4s 08:00–20:00 every day, team "ads" 3 T4s 20:00–08:00, for a
/// 720-hour month at Tencent Cloud (China), in yuan.
const DAY_AND_NIGHT: &str = "?l=T4~0x8_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x12_4x12_0x4,team:search&l=T4~3x8_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x12_0x12_3x4,team:ads&h=720&cmp=tencent&cur=CNY";

// Prices: /work/shared/catalog/sources/cn_gpu_prices.csv, Tencent Cloud's GN7.2XLARGE32 (one
// T4), China mainland, lowest of the published range (2021-05-25): row 64, on-demand ¥7.81
// per hour; row 66, monthly ¥2,250.
//
// Apart: each GPU runs 12 h × 30 days = 360 h, ¥2,811.60 by the hour > ¥2,250 a month, so
// search pays 4 × ¥2,250 = ¥9,000 and ads 3 × ¥2,250 = ¥6,750: ¥15,750.
// Pooled: 3 GPUs busy all 720 h, 1 more 12 h a day — every one a month's subscription:
// 4 × ¥2,250 = ¥9,000. Saving ¥6,750 (42.86 %).
// Split by GPU-hours: search 4 × 360 = 1,440, ads 3 × 360 = 1,080 (of 2,520):
// ¥9,000 × 1,440 / 2,520 = ¥5,142.857… and ¥3,857.142…; the cent left goes to the larger
// remainder: ¥5,142.86 + ¥3,857.14 = ¥9,000.00.
#[test]
fn day_and_night_teams_pool_their_t4s_for_less_and_split_the_cost_by_gpu_hours() {
    let r = report(DAY_AND_NIGHT);
    let plan = r.comparison.providers[0].outcome.as_ref().unwrap();
    assert_eq!(plan.total, cny(15_750, 0), "each team renting its own");
    let lever = r
        .savings
        .iter()
        .find(|s| s.lever == Lever::SharedPool)
        .expect("a shared-pool lever");
    assert_eq!(lever.without, cny(15_750, 0));
    assert_eq!(lever.with, cny(9_000, 0));
    assert_eq!(lever.amount, cny(6_750, 0));
    assert_eq!(lever.percent(), Decimal::new(4286, 2));
    assert_eq!(
        lever.assumption,
        Assumption::SharedPool {
            gpus: vec!["NVIDIA T4".into()],
            teams: 2
        }
    );
    let pool = r.pool.as_ref().expect("the pool's split");
    assert_eq!(pool.pools.len(), 1);
    let t4 = &pool.pools[0];
    assert_eq!(
        (t4.peak, t4.peaks_added),
        (Decimal::from(4), Decimal::from(7))
    );
    assert_eq!(t4.gpu_hours, Decimal::from(2_520));
    assert_eq!((t4.apart, t4.pooled), (cny(15_750, 0), cny(9_000, 0)));
    let teams: Vec<(&str, Vec<usize>, Decimal, Money, Money)> = t4
        .teams
        .iter()
        .map(|t| {
            (
                t.team.as_str(),
                t.lines.clone(),
                t.gpu_hours,
                t.apart,
                t.share,
            )
        })
        .collect();
    assert_eq!(
        teams,
        vec![
            (
                "search",
                vec![1],
                Decimal::from(1_440),
                cny(9_000, 0),
                cny(5_142, 86)
            ),
            (
                "ads",
                vec![2],
                Decimal::from(1_080),
                cny(6_750, 0),
                cny(3_857, 14)
            ),
        ]
    );
    // The combined demand beside each team's: 3 at midnight, 4 at noon, on the first day.
    assert_eq!(t4.combined.len(), 168);
    assert_eq!(
        (t4.combined[0], t4.combined[12]),
        (Decimal::from(3), Decimal::from(4))
    );
    assert_eq!(t4.teams[0].demand[12], Decimal::from(4));
    assert_eq!(t4.teams[1].demand[12], Decimal::ZERO);
}

// One team alone, or two teams on different GPUs, is no pool.
#[test]
fn one_team_or_different_gpus_pool_nothing() {
    for q in [
        "?l=T4*4,team:a&l=T4*3@20:00%2B12h,team:a&h=720&cmp=tencent",
        "?l=T4*4,team:a&l=A10*3,team:b&h=720",
        "?l=T4*4,team:a&l=T4*3&h=720&cmp=tencent",
    ] {
        let r = report(q);
        assert!(r.pool.is_none(), "{q}");
        assert!(
            r.savings.iter().all(|s| s.lever != Lever::SharedPool),
            "{q}"
        );
    }
}

// The README's shared-pool link is this scenario, written as the page writes it.
#[test]
fn the_readmes_shared_pool_link_prices_the_same_pool() {
    let readme = include_str!("../../../README.md");
    let link = readme
        .split('`')
        .find(|span| span.starts_with("?preset=") && span.contains(",team:"))
        .expect("the README documents a shared pool link");
    let r = report(link);
    let lever = r.savings.iter().find(|s| s.lever == Lever::SharedPool);
    assert_eq!(lever.map(|s| s.amount), Some(cny(6_750, 0)), "{link}");
    let shares: Vec<Money> = r.pool.as_ref().unwrap().pools[0]
        .teams
        .iter()
        .map(|t| t.share)
        .collect();
    assert_eq!(shares, vec![cny(5_142, 86), cny(3_857, 14)]);
}

/// The pool's chart data: search's band at the bottom (4 GPUs 08:00–20:00), ads' stacked on
/// it (3 GPUs 20:00–08:00), their top the pool's size every hour, and the 7 GPUs renting
/// apart sizes for above the pool's own peak of 4; the month starts on a Monday.
#[test]
fn the_pools_week_stacks_each_teams_demand_under_the_combined_demand() {
    use gpucost_core::view::charts::PoolWeek;
    let r = report(DAY_AND_NIGHT);
    let weeks = PoolWeek::all(r.pool.as_ref().expect("a pool"));
    let [w] = weeks.as_slice() else {
        panic!("one pool: {weeks:?}");
    };
    assert_eq!(
        (w.gpu.as_str(), w.hours(), w.first_hour),
        ("NVIDIA T4", 168, 0)
    );
    let names: Vec<&str> = w.teams.iter().map(|t| t.team.as_str()).collect();
    assert_eq!(names, ["search", "ads"]);
    let d = Decimal::from;
    let (search, ads) = (&w.teams[0], &w.teams[1]);
    assert_eq!(
        (search.bottom[9], search.top[9]),
        (d(0), d(4)),
        "09:00: search"
    );
    assert_eq!((ads.bottom[9], ads.top[9]), (d(4), d(4)), "ads idle by day");
    assert_eq!((ads.bottom[21], ads.top[21]), (d(0), d(3)), "21:00: ads");
    for h in 0..w.hours() {
        assert_eq!(ads.bottom[h], search.top[h], "hour {h}: stacked");
        assert_eq!(ads.top[h], w.combined[h], "hour {h}: the top is the pool");
    }
    assert_eq!((w.peak, w.peaks_added, w.top()), (d(4), d(7), 7));
    assert_eq!(w.weekday(0), 0, "Monday");
    assert_eq!(w.weekday(8), 1);
}
