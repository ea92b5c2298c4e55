use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::estimate::{compare, EstimateContext};
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_core::presets::Preset;
use gpucost_core::scenario::Scenario;
use std::time::Instant;
fn main() {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let base = Preset::TrafficSpike.scenario();
    for (name, s) in [
        ("spike", base.clone()),
        (
            "one line burst",
            Scenario {
                lines: vec![base.lines[1].clone()],
                ..base.clone()
            },
        ),
        (
            "baseline only",
            Scenario {
                lines: vec![base.lines[0].clone()],
                ..base.clone()
            },
        ),
    ] {
        let valid = s.validate(&e.catalog).unwrap();
        for sellers in [
            vec![],
            vec!["tencent"],
            vec!["tencent-intl"],
            vec!["aws"],
            vec!["azure"],
            vec!["gcp"],
        ] {
            let mut s2 = valid.scenario().clone();
            s2.sellers = sellers.iter().map(|s| s.to_string()).collect();
            let v2 = s2.validate(&e.catalog).unwrap();
            let ctx = EstimateContext {
                catalog: &e.catalog,
                index: &e.index,
                scenario: &v2,
                fx: &fx,
                currency: Currency::Cny,
                today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
            };
            let t = Instant::now();
            for _ in 0..100 {
                std::hint::black_box(compare(&ctx));
            }
            println!(
                "{name:<16} {:?} {:.3} ms",
                sellers,
                t.elapsed().as_secs_f64() * 10.0
            );
        }
    }
}
