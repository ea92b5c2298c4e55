//! Benchmark (not a test): time of a full estimate — comparison over the whole catalog, savings
//! levers and series — for each preset, in the display currency CNY.
//!
//! Run with `cargo bench -p gpucost-core --bench estimate`; numbers go to BENCHMARKS.md.

use std::time::{Duration, Instant};

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::estimate::EstimateContext;
use gpucost_core::fx::FxTable;
use gpucost_core::money::Currency;
use gpucost_core::presets::Preset;
use gpucost_core::report::report;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let e = embedded();
    let fx = FxTable::from_catalog(&e.catalog);
    let today = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
    println!(
        "full estimate (comparison + savings + series) over {} offers:",
        e.catalog.offers.len()
    );
    println!(
        "{:<16} {:>10} {:>10} {:>10} {:>8}",
        "preset", "median", "p95", "min", "runs"
    );
    for preset in Preset::ALL {
        let valid = preset.scenario().validate(&e.catalog).unwrap();
        let ctx = EstimateContext {
            catalog: &e.catalog,
            index: &e.index,
            scenario: &valid,
            fx: &fx,
            currency: Currency::Cny,
            today,
        };
        // Warm up, then time until at least a second or 2,000 runs.
        for _ in 0..20 {
            std::hint::black_box(report(&ctx));
        }
        let mut times = Vec::new();
        let start = Instant::now();
        while times.len() < 2000 && (start.elapsed() < Duration::from_secs(1) || times.len() < 50) {
            let t = Instant::now();
            std::hint::black_box(report(&ctx));
            times.push(t.elapsed());
        }
        times.sort();
        println!(
            "{:<16} {:>8.3}ms {:>8.3}ms {:>8.3}ms {:>8}",
            preset.as_str(),
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.95).as_secs_f64() * 1e3,
            times[0].as_secs_f64() * 1e3,
            times.len()
        );
    }
}
