//! Prices of no named region: Alibaba Cloud International (USD,
//! `dated_2026/alibaba_intl_usd.csv`, each the lowest over regions Spare Cores collected) and
//! the neoclouds' dated 2026 rows (`dated_2026/neoclouds_usd.csv`). They are compared where no
//! place is asked for, shown in the region "region-not-named", and never counted under a
//! place filter they cannot prove: not mainland China, not outside it, not a continent.

mod common;

use chrono::NaiveDate;
use gpucost_core::catalog::{embedded, AsOf};
use gpucost_core::estimate::Unserved;
use gpucost_core::fx::FxTable;
use gpucost_core::money::{Currency, Money};
use gpucost_core::placement::{Constraint, Geo};
use gpucost_core::presets::Preset;
use gpucost_core::report::Report;
use gpucost_core::scenario::{Horizon, Line, Scenario};
use rust_decimal::Decimal;

/// The research file as vendored.
const CSV: &str = include_str!("../../../data/upstream/sources/dated_2026/alibaba_intl_usd.csv");

fn one_t4_hour(geo: Geo) -> Scenario {
    Scenario {
        lines: vec![Line::constant("T4", Decimal::ONE)],
        horizon: Horizon::Hours(Decimal::ONE),
        sellers: ["alibaba-intl".to_string()].into(),
        geo,
        ..Preset::Custom.scenario()
    }
}

fn run_usd(scenario: Scenario) -> Report {
    let e = embedded();
    let valid = scenario.validate(&e.catalog).expect("valid scenario");
    let fx = FxTable::from_catalog(&e.catalog);
    common::estimate(&valid, &fx, Currency::Usd, common::today())
}

/// `ecs.gn6i-c4g1.xlarge,T4,1,…,on-demand,1.118,USD,hour,2026-08-13,…`: one T4 hour is
/// 1.118 USD in the region not named, cited to the row's own file.
#[test]
fn one_t4_hour_is_the_files_minimum_in_the_region_not_named() {
    let row: Vec<&str> = CSV
        .lines()
        .find(|l| l.starts_with("alibaba,ecs.gn6i-c4g1.xlarge,"))
        .expect("the gn6i-c4g1.xlarge row")
        .split(',')
        .collect();
    assert_eq!((row[9], row[12]), ("1.118", "2026-08-13"));
    let r = run_usd(one_t4_hour(Geo::Anywhere));
    let plan = common::served(&r, "alibaba-intl");
    let line = &plan.lines[0];
    assert_eq!(line.instance, "ecs.gn6i-c4g1.xlarge");
    assert_eq!(line.region, "region-not-named");
    let item = &line.items[0];
    assert_eq!(
        item.rate,
        Money::new(row[9].parse().unwrap(), Currency::Usd)
    );
    assert_eq!(
        item.as_of,
        AsOf::On(NaiveDate::from_ymd_opt(2026, 8, 13).unwrap())
    );
    let source = embedded().catalog.source(&item.source).expect("cited");
    assert_eq!(source.locator, row[13], "the row's own file");
    let place = embedded()
        .catalog
        .place("alibaba-intl", "region-not-named")
        .expect("listed as a place");
    assert_eq!((place.country.as_deref(), place.continent), (None, None));
}

#[test]
fn no_place_filter_counts_a_region_it_cannot_prove() {
    for geo in Geo::all().into_iter().filter(|g| *g != Geo::Anywhere) {
        let r = run_usd(one_t4_hour(geo));
        let row = r
            .comparison
            .providers
            .iter()
            .find(|p| p.seller.id == "alibaba-intl")
            .expect("an Alibaba International row");
        match &row.outcome {
            Err(Unserved::Constrained { by, .. }) => {
                assert!(
                    by.contains(&Constraint::PlaceUnknown) || by.contains(&Constraint::Place(geo)),
                    "{geo:?}: {by:?}"
                );
            }
            other => panic!("{geo:?}: the unnamed region was counted: {other:?}"),
        }
    }
}

#[test]
fn forty_eight_types_all_in_usd_and_dated() {
    let catalog = &embedded().catalog;
    let offers: Vec<_> = catalog
        .offers
        .iter()
        .filter(|o| o.provider == "alibaba-intl")
        .collect();
    assert_eq!(offers.len(), 48);
    for o in &offers {
        assert_eq!(o.prices.len(), 1, "{}", o.id);
        let p = &o.prices[0];
        assert_eq!(
            (p.currency, p.region.as_ref()),
            (Currency::Usd, "region-not-named")
        );
        assert!(matches!(p.as_of, AsOf::On(_)), "{}", o.id);
    }
    let dates = catalog.price_dates("alibaba-intl").unwrap();
    assert_eq!(
        dates.newest,
        AsOf::On(NaiveDate::from_ymd_opt(2026, 8, 21).unwrap())
    );
}

/// The neoclouds' dated 2026 rows (`dated_2026/neoclouds_usd.csv`) are in the same unnamed
/// region: across every seller, a place filter never prices a line there, while without one
/// some plans do.
#[test]
fn no_seller_prices_a_line_in_the_unnamed_region_under_a_place_filter() {
    let uses_unnamed = |r: &Report| {
        r.comparison
            .providers
            .iter()
            .filter_map(|p| p.outcome.as_ref().ok())
            .flat_map(|plan| plan.lines.iter())
            .filter(|l| l.region == "region-not-named")
            .count()
    };
    for gpu in ["T4", "A100-80GB", "H100", "RTXA6000"] {
        let scenario = |geo| Scenario {
            lines: vec![Line::constant(gpu, Decimal::ONE)],
            horizon: Horizon::Hours(Decimal::from(10)),
            geo,
            ..Preset::Custom.scenario()
        };
        assert!(
            uses_unnamed(&run_usd(scenario(Geo::Anywhere))) > 0,
            "{gpu}: some seller's cheapest is a dated 2026 price of no named region"
        );
        for geo in Geo::all().into_iter().filter(|g| *g != Geo::Anywhere) {
            assert_eq!(uses_unnamed(&run_usd(scenario(geo))), 0, "{gpu} in {geo:?}");
        }
    }
    let dates = embedded().catalog.price_dates("hyperstack").unwrap();
    assert_eq!(
        dates.newest,
        AsOf::On(NaiveDate::from_ymd_opt(2026, 8, 26).unwrap())
    );
}
