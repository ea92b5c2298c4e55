//! Benchmark (not a test): the engine's share of one edit in the page, as the page does it —
//! the hours field of `?preset=…&cur=CNY&h=24` set to 25, 26, … and, per edit, the estimate
//! (validation and the report, the recommendation kept from the first edit) and
//! [`results_view_dated`] (what the results panel shows, with the index's price dates). The
//! estimate is timed both ways: with a
//! [`session::Estimator`] that keeps the offers' regions across edits, as the page does, and
//! with [`session::estimate`], which builds them anew (as the page did before 2026-12-02).
//!
//! Run with `cargo bench --profile native -p gpucost-core --bench edit` (numbers go to
//! BENCHMARKS.md; `EDIT_PRESET=<preset>` times one preset). The page runs the same code compiled for size in WebAssembly, several
//! times slower; this tells which part of an edit is the engine's and what a change to it saves.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use gpucost_core::catalog::embedded;
use gpucost_core::money::Currency;
use gpucost_core::report::Recommend;
use gpucost_core::scenario::Horizon;
use gpucost_core::session;
use gpucost_core::share;
use gpucost_core::view::results::results_view_dated;
use rust_decimal::Decimal;

const PRESETS: [&str; 5] = [
    "short-training",
    "traffic-spike",
    "dev-test",
    "shift-fleet",
    "custom",
];

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let e = embedded();
    let today = NaiveDate::from_ymd_opt(2026, 11, 29).expect("a date");
    println!("One edit of the hours field: the estimate, then results_view (median and p95 of 2,000 edits after 200 of warm-up).");
    println!();
    println!("| preset | estimate, regions kept: median | p95 | estimate, built anew: median | p95 | results_view median |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    // `EDIT_PRESET=traffic-spike` times one preset (e.g. under a profiler).
    let only = std::env::var("EDIT_PRESET").ok();
    for preset in PRESETS {
        if only.as_deref().is_some_and(|p| p != preset) {
            continue;
        }
        let state = share::decode(&format!("?preset={preset}&cur=CNY&h=24"), &e.catalog).state;
        let fx = session::fx_for(&e.catalog, &state);
        let currency = Currency::Cny;
        // The page computes the recommendation once and hands it back on every edit.
        let kept = session::estimate(e, state.scenario.clone(), &fx, currency, today, || {
            Recommend::Now
        })
        .expect("valid")
        .report
        .recommendation;
        let recommend = || match &kept {
            Some(rec) => Recommend::Reuse(Arc::clone(rec)),
            None => Recommend::Later,
        };
        let estimator = session::Estimator::new(e);
        let (mut kept_t, mut fresh_t, mut view_t) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..2200u32 {
            let mut scenario = state.scenario.clone();
            scenario.horizon = Horizon::Hours(Decimal::from(25 + i % 97));
            let t0 = Instant::now();
            let kept = estimator
                .estimate(scenario.clone(), &fx, currency, today, recommend)
                .expect("valid");
            let t1 = Instant::now();
            std::hint::black_box(results_view_dated(
                &e.catalog,
                &|p| e.index.price_dates(p),
                &scenario,
                &kept.report,
            ));
            let t2 = Instant::now();
            let fresh = session::estimate(e, scenario.clone(), &fx, currency, today, recommend)
                .expect("valid");
            let t3 = Instant::now();
            assert!(
                fresh == kept,
                "{preset}: the kept regions changed the estimate"
            );
            if i >= 200 {
                kept_t.push(t1 - t0);
                view_t.push(t2 - t1);
                fresh_t.push(t3 - t2);
            }
        }
        for v in [&mut kept_t, &mut fresh_t, &mut view_t] {
            v.sort();
        }
        println!(
            "| {preset} | {} | {} | {} | {} | {} |",
            ms(percentile(&kept_t, 0.5)),
            ms(percentile(&kept_t, 0.95)),
            ms(percentile(&fresh_t, 0.5)),
            ms(percentile(&fresh_t, 0.95)),
            ms(percentile(&view_t, 0.5)),
        );
    }
}
