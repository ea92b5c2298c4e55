//! The cumulative chart's "cheaper after ~N h" is read against its own data (issue 28): on the
//! dev/test preset the chart said "Reserved cheaper after ~16 h" while the reserved line stayed
//! above on-demand to the end of the month (¥19,341 vs ¥16,330).

mod common;

use chrono::NaiveDate;
use gpucost_core::billing_mode::ModeClass;
use gpucost_core::catalog::embedded;
use gpucost_core::report::{Report, Series};
use gpucost_core::session::Session;
use gpucost_core::share;
use gpucost_core::view::charts::overtakes;

fn report(query: &str) -> Report {
    let e = embedded();
    let decoded = share::decode(query, &e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let session = Session::from_decoded(e, decoded, None, today);
    session.estimate.expect("the link estimates").report
}

fn class(series: &[Series], class: ModeClass) -> Option<&Series> {
    series.iter().find(|s| s.class == class)
}

/// The links of the snapshot set that estimate, and the four scenarios.
fn links() -> Vec<String> {
    let mut links = common::snapshot_links();
    links.extend(
        [
            "?l=A10*4&h=730&geo=cn&pay=reserved&cur=CNY",
            // The same team for a month that repeats: a 3-year reservation's share, owed from
            // the month's first hour.
            "?l=A10*4&geo=cn&pay=reserved&cur=CNY",
            "?task=serve&model=mistral-7b&rate=20req&pay=reserved,monthly&cur=CNY",
            "?preset=dev-test&pay=reserved,monthly&cur=CNY",
            "?preset=shift-fleet&pay=reserved,monthly&cur=CNY",
            "?task=serve&model=llama-3-8b&rate=20req&pay=reserved,monthly&cur=CNY",
            // A year's reservation paid up front, and monthly plans paid at each month's start.
            "?l=A100-80GB*8&h=8760&pay=reserved&cmp=aws&cur=USD",
            "?l=T4*1&h=2000&pay=monthly&cmp=tencent&cur=CNY",
        ]
        .map(String::from),
    );
    links
}

#[test]
fn every_claimed_break_even_holds_from_its_hour_to_the_end() {
    let mut claims = 0;
    for link in links() {
        let e = embedded();
        let decoded = share::decode(&link, &e.catalog);
        let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
        let Ok(estimate) = Session::from_decoded(e, decoded, None, today).estimate else {
            continue;
        };
        let series = &estimate.report.series;
        let Some(od) = class(series, ModeClass::OnDemand) else {
            continue;
        };
        for claim in overtakes(series) {
            claims += 1;
            let other = class(series, claim.class).unwrap();
            for k in claim.point..od.points.len() {
                assert!(
                    other.points[k].1.amount < od.points[k].1.amount,
                    "{link}: {:?} claimed cheaper after {} h but not at {} h",
                    claim.class,
                    claim.hours,
                    other.points[k].0
                );
            }
            assert!(
                (0..claim.point).any(|k| other.points[k].1.amount > od.points[k].1.amount),
                "{link}: {:?} was never dearer",
                claim.class
            );
        }
    }
    assert!(
        claims > 0,
        "some link has a real break-even, so the check runs"
    );
}

#[test]
fn dev_test_reserved_ends_above_on_demand_and_claims_no_break_even() {
    let r = report("?preset=dev-test&pay=reserved&cur=CNY");
    let od = class(&r.series, ModeClass::OnDemand).expect("an on-demand line");
    let reserved = class(&r.series, ModeClass::Committed).expect("a reserved line");
    let end = |s: &Series| s.points.last().unwrap().1.amount;
    assert!(
        end(reserved) > end(od),
        "the issue's numbers: reserved ends dearer"
    );
    assert!(
        overtakes(&r.series)
            .iter()
            .all(|c| c.class != ModeClass::Committed),
        "no reserved break-even is claimed"
    );
}
