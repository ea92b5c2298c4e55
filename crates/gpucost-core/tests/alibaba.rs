//! Alibaba Cloud is priced like every provider: its list prices (CNY, a third party's copy of
//! the China site's price file, dated 2024-12-30), its vCPU-dependent metering, and its rows
//! in the presets' comparisons. Before the Alibaba import it had no price at all ("enter your
//! quote"), so every test here failed.

mod common;

use std::collections::BTreeSet;

use chrono::NaiveDate;
use gpucost_core::catalog::{embedded, AsOf, SourceKind};
use gpucost_core::estimate::ProviderPlan;
use gpucost_core::money::{Currency, Money};
use gpucost_core::presets::Preset;
use gpucost_core::report::Report;
use gpucost_core::scenario::{Horizon, Line, Scenario};
use rust_decimal::Decimal;

fn run(scenario: Scenario) -> Report {
    common::estimate_cny(scenario, NaiveDate::from_ymd_opt(2026, 12, 1).unwrap())
}

fn alibaba(r: &Report) -> &ProviderPlan {
    common::served(r, "alibaba")
}

/// One GPU of `gpu` for `hours`, compared on Alibaba only.
fn one_gpu(gpu: &str, hours: Decimal) -> Scenario {
    Scenario {
        lines: vec![Line::constant(gpu, Decimal::ONE)],
        horizon: Horizon::Hours(hours),
        sellers: ["alibaba".to_string()].into(),
        ..Preset::Custom.scenario()
    }
}

#[test]
fn one_a10_hour_costs_8_58_yuan_in_heyuan() {
    let r = run(one_gpu("A10", Decimal::ONE));
    let plan = alibaba(&r);
    assert_eq!(plan.total, Money::new(Decimal::new(858, 2), Currency::Cny));
    let line = &plan.lines[0];
    assert_eq!(line.instance, "ecs.gn7i-c8g1.2xlarge");
    assert_eq!(line.region, "cn-heyuan");
    assert_eq!(line.items[0].source, "alibaba-ecs-prices-2024-12");
    assert_eq!(
        line.items[0].as_of,
        AsOf::On(NaiveDate::from_ymd_opt(2024, 12, 30).unwrap())
    );
}

#[test]
fn one_t4_hour_costs_7_79_yuan_in_virginia_still_in_cny() {
    let r = run(one_gpu("T4", Decimal::ONE));
    let plan = alibaba(&r);
    assert_eq!(plan.total, Money::new(Decimal::new(779, 2), Currency::Cny));
    assert_eq!(plan.lines[0].region, "us-east-1");
    assert_eq!(plan.lines[0].items[0].rate.currency, Currency::Cny);
}

/// The 4-vCPU T4 type bills in 2-minute blocks: 61 minutes are billed as 62, so ¥7.79 × 62/60
/// = ¥8.05 (per second it would be ¥7.92).
#[test]
fn a_four_vcpu_type_is_billed_in_two_minute_blocks() {
    let r = run(one_gpu("T4", Decimal::from(61) / Decimal::from(60)));
    let plan = alibaba(&r);
    assert_eq!(plan.lines[0].instance, "ecs.gn6i-c4g1.xlarge");
    let quantity = plan.lines[0].items[0].quantity;
    assert_eq!(quantity, Decimal::from(62) / Decimal::from(60));
    assert_eq!(plan.total, Money::new(Decimal::new(805, 2), Currency::Cny));
}

#[test]
fn the_metering_tiers_follow_the_vcpu_count() {
    let e = embedded();
    let m = &e.catalog.provider("alibaba").unwrap().metering;
    let increment = |vcpus: Option<u32>| m.meter(vcpus.map(Decimal::from)).increment_seconds;
    assert_eq!(increment(Some(1)), 600);
    assert_eq!(increment(Some(2)), 300);
    assert_eq!(increment(Some(4)), 120);
    assert_eq!(increment(Some(8)), 1);
    assert_eq!(increment(None), 1);
}

#[test]
fn at_least_forty_offers_in_ten_mainland_regions() {
    let e = embedded();
    let offers: Vec<_> = e
        .catalog
        .offers
        .iter()
        .filter(|o| o.provider == "alibaba")
        .collect();
    assert!(offers.len() >= 40, "{} Alibaba offers", offers.len());
    // Hong Kong is not mainland China.
    let mainland: BTreeSet<&str> = offers
        .iter()
        .flat_map(|o| o.prices.iter().map(|p| p.region.as_ref()))
        .filter(|r| r.starts_with("cn-") && *r != "cn-hongkong")
        .collect();
    assert!(mainland.len() >= 10, "mainland regions: {mainland:?}");
    for o in offers.iter() {
        for p in o.prices.iter() {
            assert_eq!(p.currency, Currency::Cny, "{}", o.id);
            let source = e.catalog.source(&p.source).unwrap();
            assert_eq!(source.kind, SourceKind::ListPriceCopy, "{}", o.id);
        }
    }
}

#[test]
fn alibaba_sells_only_pay_as_you_go_and_says_where_to_enter_other_quotes() {
    let e = embedded();
    let provider = e.catalog.provider("alibaba").unwrap();
    assert!(e
        .catalog
        .offers
        .iter()
        .filter(|o| o.provider == "alibaba")
        .all(|o| o.prices.iter().all(|p| p.mode.to_string() == "on-demand")));
    let note = provider
        .notes
        .iter()
        .find(|n| n.en.contains("包年包月") && n.en.contains("preemptible"))
        .expect("a note saying there is no monthly or spot price");
    assert!(note.zh.contains("包年包月") && note.zh.contains("抢占式"));
}

/// Every preset whose lines use a GPU Alibaba sells has an Alibaba row with a price.
#[test]
fn presets_compare_alibaba_wherever_it_sells_the_gpu() {
    let e = embedded();
    let sold: BTreeSet<&str> = e
        .catalog
        .offers
        .iter()
        .filter(|o| o.provider == "alibaba")
        .map(|o| o.gpu.as_ref())
        .collect();
    let mut checked = 0;
    for preset in Preset::ALL {
        let s = preset.scenario();
        if s.lines.is_empty() || !s.lines.iter().all(|l| sold.contains(l.gpu.as_str())) {
            continue;
        }
        let mut s = s;
        s.sellers.clear();
        let r = run(s);
        let row = r
            .comparison
            .providers
            .iter()
            .find(|p| p.seller.id == "alibaba")
            .unwrap_or_else(|| panic!("{}: no Alibaba row", preset.as_str()));
        assert!(
            row.outcome.is_ok(),
            "{}: Alibaba cannot serve: {:?}",
            preset.as_str(),
            row.outcome
        );
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} presets checked");
}
