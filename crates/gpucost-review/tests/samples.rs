//! Golden reviews of the samples in `docs/examples/`: each file's GPU spend, other spend and
//! GPU-hours to the cent, and the sums that must hold for any bill — GPU plus other spend is
//! the whole bill, and every tag key's groups add up to the GPU spend.

use std::str::FromStr;

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
mod support;

use gpucost_review::render::{to_csv, to_json, to_markdown, to_table};
use gpucost_review::review::levers::levers;
use gpucost_review::review::{Amounts, Review};
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn other(r: &Review) -> Amounts {
    let mut a = Amounts::default();
    for (_, x) in &r.non_gpu {
        a.add_all(x);
    }
    a
}

/// (file, currency, whole bill, GPU spend, GPU-hours).
const GOLDEN: &[(&str, Currency, &str, &str, &str)] = &[
    ("alibaba-bill.csv", Currency::Cny, "139.34", "127.68", "12"),
    (
        "aws-cur-legacy.csv",
        Currency::Usd,
        "65.5648",
        "53.4688",
        "21",
    ),
    (
        "aws-cur-legacy.csv.gz",
        Currency::Usd,
        "65.5648",
        "53.4688",
        "21",
    ),
    ("aws-cur2.csv", Currency::Usd, "65.5648", "53.4688", "21"),
    (
        "azure-cost-details.csv",
        Currency::Usd,
        "436.696961",
        "428.5868",
        "133.5",
    ),
    (
        "gcp-billing.csv",
        Currency::Usd,
        "506.353",
        "446.444",
        "250",
    ),
    ("tencent-bill.csv", Currency::Cny, "105.13", "90.83", "7"),
];

#[test]
fn every_sample_reviews_to_its_golden_totals_and_adds_up() {
    for &(name, currency, total, gpu, hours) in GOLDEN {
        let r = support::sample(name);
        assert_eq!(r.total.get(currency), d(total), "{name} total");
        assert_eq!(r.gpu.get(currency), d(gpu), "{name} GPU spend");
        assert_eq!(r.gpu_hours, d(hours), "{name} GPU-hours");
        assert_eq!(
            r.gpu.get(currency) + other(&r).get(currency),
            r.total.get(currency),
            "{name}: GPU and other spend make the bill"
        );
        for (key, groups) in &r.by_tag {
            let sum: Decimal = groups.iter().map(|g| g.cost.get(currency)).sum();
            assert_eq!(sum, r.gpu.get(currency), "{name}: tag {key}");
        }
        for groups in [&r.by_provider, &r.by_gpu, &r.by_instance] {
            let sum: Decimal = groups.iter().map(|g| g.cost.get(currency)).sum();
            assert_eq!(sum, r.gpu.get(currency), "{name}: groups");
        }
    }
}

#[test]
fn the_generic_sample_keeps_each_currency_apart() {
    let r = support::sample("generic.csv");
    assert_eq!(r.gpu.get(Currency::Cny), d("220.91"));
    assert_eq!(r.gpu.get(Currency::Usd), d("3885.92"));
    assert!(other(&r).is_empty());
    assert_eq!(r.gpu_hours, d("1602.25"));
    assert_eq!(r.waste.always_on.len(), 1);
}

#[test]
fn every_output_of_a_sample_names_its_numbers_in_both_languages() {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let r = support::sample("aws-cur-legacy.csv");
    let lv = levers(&r, e, &fx, Currency::Usd, today).expect("a dated AWS bill is priced");
    for lang in [
        gpucost_core::format::Lang::En,
        gpucost_core::format::Lang::Zh,
    ] {
        let json = to_json(&r, Some(&lv), lang);
        assert_eq!(json.gpu["USD"], "53.4688");
        let csv = to_csv(&json);
        assert!(csv.contains("\ngpu,,USD,53.4688,21,\n"), "{csv}");
        let md = to_markdown(&json, lang);
        let table = to_table(&json, lang);
        for text in [&md, &table] {
            assert!(text.contains("$53.47"), "{text}");
            assert!(text.contains(&lv.link), "the scenario link");
        }
    }
}

/// A bill of several providers: the levers are priced on the main provider's share only (a
/// scenario priced at one seller can hold only what that seller billed), and say how much of
/// the GPU spend that is.
#[test]
fn levers_cover_the_main_providers_share_of_a_mixed_bill() {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let r = support::sample("generic.csv");
    let lv = levers(&r, e, &fx, Currency::Usd, today).expect("dated");
    assert_eq!(lv.main_provider.as_deref(), Some("lambda"));
    let share = lv.share.expect("a share");
    assert!(share > d("0.9") && share < Decimal::ONE, "{share}");
    assert!(
        lv.baseline.is_some(),
        "lambda's own GPUs are priced at lambda"
    );
    // The link still reproduces the whole bill's usage.
    assert!(lv.scenario.lines.len() > 1);
}
