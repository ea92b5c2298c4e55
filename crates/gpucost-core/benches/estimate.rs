//! Benchmark (not a test): time of a full estimate — comparison over the whole catalog, savings
//! levers, series and (for a described workload) the recommendation — for each preset in CNY,
//! and how it grows with a catalog ten times larger and a schedule ten times longer.
//!
//! Run with `cargo bench --profile native -p gpucost-core --bench estimate` (the profile the
//! `gpucost` CLI is built with); numbers go to BENCHMARKS.md. `ESTIMATE_PRESET=<preset>` times
//! only that preset on the embedded catalog (e.g. under a profiler), `ESTIMATE_RUNS=<n>` times
//! exactly that many estimates of it (so that `perf stat` counts comparable instructions on a
//! busy machine). `ESTIMATE_DUMP=1` prints every preset's full estimate (in both currencies,
//! with and without spot, over its horizon and one ten times longer, on the catalog and the
//! ten-times catalog) instead of timing, so two builds' outputs can be compared with `diff`.

use std::time::{Duration, Instant};

use chrono::NaiveDate;
use gpucost_core::catalog::{embedded, unpack_compiled, Catalog, CatalogIndex, EMBEDDED_JSON};
use gpucost_core::estimate::EstimateContext;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_core::presets::Preset;
use gpucost_core::recommend::hardware::{
    unpack_compiled_hardware, HardwareTable, EMBEDDED_HARDWARE_JSON,
};
use gpucost_core::report::report;
use gpucost_core::scenario::{Horizon, Interruption, Scenario};
use rust_decimal::Decimal;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// The catalog with every offer repeated `times` times (distinct ids).
fn scaled(catalog: &Catalog, times: usize) -> Catalog {
    let mut c = catalog.clone();
    c.offers = (0..times)
        .flat_map(|k| {
            catalog.offers.iter().map(move |o| {
                let mut o = o.clone();
                if k > 0 {
                    o.instance = format!("{}#{k}", o.instance).into();
                    o.id = format!("{}/{}", o.provider, o.instance).into();
                }
                o
            })
        })
        .collect();
    c
}

/// The scenario over a horizon ten times longer (capped at a year).
fn longer(s: &Scenario) -> Scenario {
    let hours = (s.horizon.hours() * Decimal::TEN).min(Decimal::from(8760));
    Scenario {
        horizon: Horizon::Hours(hours),
        ..s.clone()
    }
}

/// Median and p95 of full estimates of `scenario`, and how many were timed: `runs` of them,
/// or as many as 0.7 s allows (at most 2,000).
fn time(
    catalog: &Catalog,
    index: &CatalogIndex,
    scenario: Scenario,
    runs: Option<usize>,
) -> (Duration, Duration, usize) {
    let fx = FxTable::from_catalog(catalog);
    let valid = scenario.validate(catalog).expect("valid");
    let ctx = EstimateContext {
        catalog,
        index,
        scenario: &valid,
        fx: &fx,
        currency: Currency::Cny,
        today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
    };
    for _ in 0..10 {
        std::hint::black_box(report(&ctx));
    }
    let mut times = Vec::new();
    let start = Instant::now();
    let more = |n: usize| match runs {
        Some(runs) => n < runs,
        None => n < 2000 && (start.elapsed() < Duration::from_millis(700) || n < 20),
    };
    while more(times.len()) {
        let t = Instant::now();
        std::hint::black_box(report(&ctx));
        times.push(t.elapsed());
    }
    times.sort();
    if times.is_empty() {
        return (Duration::ZERO, Duration::ZERO, 0);
    }
    (
        percentile(&times, 0.5),
        percentile(&times, 0.95),
        times.len(),
    )
}

/// Prints the full estimates `ESTIMATE_DUMP` asks for (see the module doc).
fn dump(catalog: &Catalog, index: &CatalogIndex) {
    let big = scaled(catalog, 10);
    let big_index = CatalogIndex::new(&big);
    let fx = FxTable::from_catalog(catalog);
    for (catalog, index) in [(catalog, index), (&big, &big_index)] {
        for preset in Preset::ALL {
            for interruption in [Interruption::Tolerated, Interruption::NotTolerated] {
                let mut s = preset.scenario();
                s.options.interruption = interruption;
                for s in [s.clone(), longer(&s)] {
                    let valid = s.validate(catalog).expect("valid");
                    for currency in [Currency::Cny, Currency::Usd] {
                        let ctx = EstimateContext {
                            catalog,
                            index,
                            scenario: &valid,
                            fx: &fx,
                            currency,
                            today: NaiveDate::from_ymd_opt(2026, 11, 29).unwrap(),
                        };
                        println!("{:#?}", report(&ctx));
                    }
                }
            }
        }
    }
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// Median of 30 runs of `load`: reading a catalog and building its index.
fn load_time(load: impl Fn() -> Catalog) -> Duration {
    let mut times: Vec<Duration> = (0..30)
        .map(|_| {
            let t = Instant::now();
            let c = load();
            std::hint::black_box(CatalogIndex::new(&c));
            t.elapsed()
        })
        .collect();
    times.sort();
    percentile(&times, 0.5)
}

/// Median of 30 runs of `load`: reading the hardware table the recommendation cites.
fn hardware_load_time(load: impl Fn() -> HardwareTable) -> Duration {
    let mut times: Vec<Duration> = (0..30)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(load());
            t.elapsed()
        })
        .collect();
    times.sort();
    percentile(&times, 0.5)
}

fn main() {
    let e = embedded();
    if std::env::var_os("ESTIMATE_DUMP").is_some() {
        dump(&e.catalog, &e.index);
        return;
    }
    if let Ok(only) = std::env::var("ESTIMATE_PRESET") {
        let preset = Preset::ALL
            .into_iter()
            .find(|p| p.as_str() == only)
            .expect("a preset slug");
        let runs = std::env::var("ESTIMATE_RUNS")
            .ok()
            .map(|n| n.parse().expect("a number of runs"));
        let (med, p95, n) = time(&e.catalog, &e.index, preset.scenario(), runs);
        println!("{only}: median {}, p95 {} ({n} runs)", ms(med), ms(p95));
        return;
    }
    // What every page load pays before the first estimate, and what it paid when the page
    // parsed the JSON file instead of the compiled-in tables.
    println!(
        "Reading the compiled-in catalog (unpacking its prices) and indexing it: {} (median of 30).",
        ms(load_time(unpack_compiled))
    );
    println!(
        "Parsing the same catalog from its {} KB of JSON and indexing it (before 2026-12-02): {} (median of 30).",
        EMBEDDED_JSON.len() / 1024,
        ms(load_time(|| serde_json::from_str(EMBEDDED_JSON).expect("parses")))
    );
    // What the first recommendation pays for its hardware table, now and before.
    println!(
        "Reading the compiled-in hardware table (unpacking its rows): {} (median of 30).",
        ms(hardware_load_time(unpack_compiled_hardware))
    );
    println!(
        "Parsing and checking the same table from its {} KB of JSON (before 2026-12-02): {} (median of 30).",
        EMBEDDED_HARDWARE_JSON.len() / 1024,
        ms(hardware_load_time(|| HardwareTable::from_json(EMBEDDED_HARDWARE_JSON).expect("valid")))
    );
    println!();
    let big = scaled(&e.catalog, 10);
    let big_index = CatalogIndex::new(&big);
    println!(
        "Full estimate (comparison + savings + series + recommendation) over {} offers; 10x catalog = {} offers; 10x schedule = horizon x10 (max 8,760 h).",
        e.catalog.offers.len(),
        big.offers.len()
    );
    println!();
    println!(
        "| preset | median | p95 | 10x catalog (median) | 10x schedule (median) | both (median) |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for preset in Preset::ALL {
        let s = preset.scenario();
        let (med, p95, _) = time(&e.catalog, &e.index, s.clone(), None);
        let (big_cat, _, _) = time(&big, &big_index, s.clone(), None);
        let (long, _, _) = time(&e.catalog, &e.index, longer(&s), None);
        let (both, _, _) = time(&big, &big_index, longer(&s), None);
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            preset.as_str(),
            ms(med),
            ms(p95),
            ms(big_cat),
            ms(long),
            ms(both)
        );
    }
}
