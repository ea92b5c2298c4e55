//! The review of synthetic rows: what the bill readers hand on, folded and priced. (The
//! readers' own tests, per format, are in `bills.rs`.)

use std::collections::BTreeMap;
use std::str::FromStr;

use chrono::{Duration, NaiveDate, NaiveDateTime};
use gpucost_core::catalog::embedded;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_review::bill::{BillFormat, BillSummary, UsageRow};
use gpucost_review::review::levers::{levers, ReviewLever};
use gpucost_review::review::{Amounts, Budget, Review, ReviewOptions, Reviewer, UNTAGGED};
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

/// Monday 2026-11-02 00:00 UTC plus `h` hours.
fn at(h: i64) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 2)
        .unwrap()
        .and_hms_opt(0, 0, 0)
        .unwrap()
        + Duration::hours(h)
}

fn tags(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// An hourly AWS line of `instance` at `rate` USD per hour, starting `h` hours in.
fn hour(h: i64, instance: &str, id: &str, rate: &str, tags_: &[(&str, &str)]) -> UsageRow {
    UsageRow {
        line: 2 + h as u64,
        provider: "aws".into(),
        start: Some(at(h)),
        end: Some(at(h + 1)),
        hours: Some(Decimal::ONE),
        instance_type: Some(instance.into()),
        gpu_model: None,
        gpu_count: None,
        region: Some("us-east-1".into()),
        resource_id: Some(id.into()),
        cost: d(rate),
        currency: Currency::Usd,
        tags: tags(tags_),
        description: format!("BoxUsage:{instance}"),
    }
}

/// Four weeks of a small team's bill: one g5.xlarge training box that never stops (team ml),
/// one dev g4dn.xlarge running 12 hours every day including weekends (team web, env dev),
/// and storage.
fn bill() -> Vec<UsageRow> {
    let mut rows = Vec::new();
    for h in 0..(28 * 24) {
        rows.push(hour(h, "g5.xlarge", "i-train", "1.006", &[("team", "ml")]));
        if h % 24 >= 6 && h % 24 < 18 {
            rows.push(hour(
                h,
                "g4dn.xlarge",
                "i-dev",
                "0.526",
                &[("team", "web"), ("env", "dev")],
            ));
        }
    }
    let mut storage = hour(0, "", "vol-1", "80.00", &[("team", "ml")]);
    storage.instance_type = None;
    storage.description = "EBS:VolumeUsage.gp3".into();
    storage.end = Some(at(28 * 24));
    rows.push(storage);
    rows
}

fn review(options: ReviewOptions) -> Review {
    let rows = bill();
    let mut r = Reviewer::new(&embedded().catalog, options);
    let mut total = Amounts::default();
    for row in &rows {
        r.add(row).expect("a plausible row");
        total.add(row.currency, row.cost);
    }
    r.finish(
        "synthetic.csv",
        &BillSummary {
            format: BillFormat::Generic,
            rows: rows.len() as u64,
            skipped: 0,
            ignored: 0,
            problems: Vec::new(),
            total: total.0,
        },
    )
}

#[test]
fn gpu_tag_and_other_spend_add_up_to_the_bill() {
    let r = review(ReviewOptions::default());
    // 672 h × 1.006 + 28 × 12 h × 0.526 = 676.032 + 176.736; storage 80.
    assert_eq!(r.gpu.get(Currency::Usd), d("852.768"));
    assert_eq!(r.total.get(Currency::Usd), d("932.768"));
    let other: Decimal = r.non_gpu.iter().map(|(_, a)| a.get(Currency::Usd)).sum();
    assert_eq!(r.gpu.get(Currency::Usd) + other, r.total.get(Currency::Usd));
    assert_eq!(r.gpu_hours, Decimal::from(672 + 336));
    for (key, groups) in &r.by_tag {
        let sum: Decimal = groups.iter().map(|g| g.cost.get(Currency::Usd)).sum();
        assert_eq!(sum, r.gpu.get(Currency::Usd), "tag {key}");
    }
    let env = &r.by_tag["env"];
    assert_eq!(
        env.iter().map(|g| g.key.as_str()).collect::<Vec<_>>(),
        [UNTAGGED, "dev"]
    );
    assert_eq!(r.by_gpu[0].key, "A10G", "biggest driver first");
    let heat: Decimal = r.heat.iter().copied().sum();
    assert_eq!(heat.round_dp(10), r.gpu_hours);
}

#[test]
fn waste_names_the_box_that_never_stops_and_the_dev_nights() {
    let r = review(ReviewOptions {
        tz_offset_minutes: 0,
        ..ReviewOptions::default()
    });
    let ids: Vec<&str> = r
        .waste
        .always_on
        .iter()
        .map(|a| a.resource.as_str())
        .collect();
    assert_eq!(ids, ["i-train"]);
    // The dev box runs 06:00–18:00 UTC daily: 06–08 and weekends are outside office hours.
    // Weekdays: 2 h × 20 days; weekends: 12 h × 8 days.
    assert_eq!(
        r.waste.dev_off_hours_gpu_hours.round_dp(10),
        Decimal::from(40 + 96)
    );
    assert_eq!(
        r.waste.dev_off_hours_cost.get(Currency::Usd).round_dp(10),
        d("0.526") * Decimal::from(136)
    );
}

#[test]
fn budgets_are_monthly() {
    let r = review(ReviewOptions {
        budgets: vec![Budget {
            key: "team".into(),
            value: "ml".into(),
            monthly: d("500"),
            currency: Currency::Usd,
        }],
        ..ReviewOptions::default()
    });
    // 676.032 over 672 h, per 730-hour month: 676.032 × 730 / 672.
    let b = &r.budgets[0];
    assert_eq!(b.monthly_spend, d("734.38"));
    assert!(b.over());
}

#[test]
fn levers_are_priced_by_the_engine_and_open_as_a_scenario() {
    let r = review(ReviewOptions::default());
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
    let l = levers(&r, e, &fx, Currency::Usd, today).expect("dated usage is priced");
    assert_eq!(l.main_provider.as_deref(), Some("aws"));
    assert_eq!(l.scenario.lines.len(), 2);
    assert!(
        l.link.contains("l=A10G%7E1x168") && l.link.contains("geo=not-cn"),
        "{}",
        l.link
    );
    let baseline = l.baseline.expect("AWS lists both instances");
    assert!(baseline.amount > Decimal::ZERO);
    let schedule = l
        .savings
        .iter()
        .find(|s| s.lever == ReviewLever::Schedule)
        .expect("the dev box runs out of office hours");
    assert!(schedule.amount().amount > Decimal::ZERO);
    assert!(l
        .savings
        .iter()
        .all(|s| s.with.amount < s.without.amount && s.without == baseline));
    // The link opens the same usage in the calculator.
    let opened = gpucost_core::share::decode(&l.link, &e.catalog);
    assert!(opened.issues.is_empty(), "{:?}", opened.issues);
    assert_eq!(opened.state.scenario, l.scenario);
}
