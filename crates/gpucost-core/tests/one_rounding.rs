//! One number, one rounding rule (issue 27): a rate per GPU-hour exactly at a midpoint of its
//! fourth decimal reads the same on the page, in the JSON, the Markdown and the table. The page
//! rounded half away from zero while the exports used banker's rounding, so `0.03125` was
//! `$0.0313` on screen and `0.0312` in the JSON.

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::format::{self, Lang};
use gpucost_core::print::{json, markdown, table};
use gpucost_core::session::Session;
use gpucost_core::share;
use gpucost_core::view::estimate::EstimateView;

#[test]
fn a_midpoint_rate_is_rounded_the_same_in_every_printer() {
    let e = embedded();
    // 1 T4 for 32 h at 0.03125 USD/h (the user's own price): $1.00, per GPU-hour 0.03125.
    let query = "l=T4*1&h=32&cp=~Mid:T4:od:0.03125:USD&cmp=custom:Mid&cur=USD";
    let decoded = share::decode(query, &e.catalog);
    assert!(decoded.issues.is_empty(), "{:?}", decoded.issues);
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
    let session = Session::from_decoded(e, decoded, Some(Lang::En), today);
    let estimate = session.estimate.as_ref().unwrap();
    let r = &estimate.report;
    let estimate_view = EstimateView::new(&e.catalog, &estimate.scenario, r, &session.link());
    let view = &estimate_view.results;
    let row = view
        .rows
        .iter()
        .find(|row| row.key == "custom:Mid")
        .expect("the user's seller is compared");
    let served = row.outcome.as_ref().expect("it serves");
    assert_eq!(served.per_gpu_hour.amount.to_string(), "0.03125");
    // What the page prints.
    assert_eq!(format::rate(served.per_gpu_hour), "$0.0313");

    let json = json::estimate(&estimate_view, Lang::En);
    let provider = json
        .providers
        .iter()
        .find(|p| p.provider == "custom:Mid")
        .unwrap();
    assert_eq!(provider.per_gpu_hour, "0.0313");
    let md = markdown::estimate(&json, Lang::En);
    assert!(md.contains("| 0.0313 |"), "{md}");
    let table = table::estimate(&estimate_view, Lang::En);
    assert!(table.contains("$0.0313"), "{table}");
}

#[test]
fn percentages_round_half_away_from_zero() {
    use rust_decimal::Decimal;
    let p = |s: &str| s.parse::<Decimal>().unwrap();
    assert_eq!(format::percent_value(p("12.345")), "12.35");
    assert_eq!(format::percent_value(p("-12.345")), "-12.35");
    assert_eq!(format::percent_value(p("12.5")), "12.50");
    assert_eq!(format::percent_value(p("1234.5")), "1234.50");
    assert_eq!(format::round_percent(p("0.125")), p("0.13"));
}
